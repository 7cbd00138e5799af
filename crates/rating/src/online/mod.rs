//! Online platforms' point systems and Glicko-2: one game (or one rating
//! period) at a time, at high volume (regulations §6).
//!
//! A platform's point system is DATA: a TOML document naming one of three
//! rule kinds and giving every number of it (see `profiles/qq-*.toml`, each
//! citing the article it implements). The built-in systems are embedded at
//! build time; a user's own system is parsed with [`PointSystem::from_toml`].
//!
//! | kind | systems | what the data says |
//! |---|---|---|
//! | `banded` | `qq-chess-levels`, `qq-chess-fixed` | by outcome (draw, lower side wins, higher side wins), bands of the points difference d, each `gain + per_point × d` |
//! | `fixed` | `qq-xiangqi-titles`, `qq-xiangqi-levels` | fixed win / draw / loss changes, a short-game rule |
//! | `elo` | `qq-xiangqi-elo`, `tiantian-xiangqi` | NewS = OldS + K × (Res − Exp), K bands, first-mover offset (天天象棋: the offerer of a close draw in its place) |
//!
//! Common to every kind: `initial_points` (a player not seen before),
//! `unscored_below_plies` (shorter games are not scored at all),
//! `leave_penalty` (what leaving a game by force, 强制退出, costs) and a
//! level or title table.
//!
//! ```
//! use qiyuan_rating::online::{GameResult, OnlineGame, PlayerStore, PointSystem};
//! use rust_decimal_macros::dec;
//!
//! let system = PointSystem::builtin("qq-xiangqi-elo").unwrap();
//! let mut store = PlayerStore::new();
//! store.set_points("red", dec!(1676));
//! store.set_points("black", dec!(2076));
//! let game = OnlineGame::new("g1", "red", "black", GameResult::BlackWins).with_plies(60);
//! let change = system.apply(&mut store, &game).unwrap();
//! assert_eq!((change.white_change, change.black_change), (dec!(-4), dec!(3)));
//! assert_eq!(change.black_level, "三级大师"); // 2000 ≤ 2079 < 2200
//! ```
//!
//! [`glicko2`] rates rating periods with Glickman's Glicko-2.

mod elo;
pub mod glicko2;
mod hash;
mod system;

use std::collections::HashMap;

use rust_decimal::Decimal;

pub use hash::FxBuildHasher;
pub use system::{PointSystem, RuleKind};

/// Errors of the online point systems.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OnlineError {
    /// No built-in system has this name.
    #[error("unknown point system `{name}`; known systems: {known}")]
    UnknownSystem {
        /// The name asked for.
        name: String,
        /// The built-in names, comma separated.
        known: String,
    },
    /// A system's TOML text cannot be read.
    #[error("point system definition: {0}")]
    Definition(String),
    /// A player was given as both white and black.
    #[error("game {id}: `{player}` cannot play against themself")]
    SamePlayer {
        /// The game.
        id: String,
        /// The player.
        player: String,
    },
    /// The result contradicts who left the game.
    #[error("game {id}: {side} left the game by force but the result is not a loss for {side}")]
    LeaverDidNotLose {
        /// The game.
        id: String,
        /// `white` or `black`.
        side: &'static str,
    },
    /// A draw offer on a game that was not drawn (an offer declined is not
    /// an input: only the offer of the draw that ended the game is).
    #[error("game {id}: {side} offered the draw, but the game was not drawn")]
    DrawOfferWithoutDraw {
        /// The game.
        id: String,
        /// `white` or `black`.
        side: &'static str,
    },
    /// The `elo` rule needs whole points (its changes are whole numbers).
    #[error("game {id}: player `{player}` has {points} points; this system needs whole points")]
    FractionalPoints {
        /// The game.
        id: String,
        /// The player.
        player: String,
        /// The offending points.
        points: Decimal,
    },
    /// A Glicko-2 input is not usable (a score outside 0..=1, a negative
    /// deviation, a value that is not finite).
    #[error("glicko-2: {0}")]
    Glicko2(String),
    /// A figure left the range the arithmetic can hold.
    #[error("game {id}: points out of range")]
    OutOfRange {
        /// The game.
        id: String,
    },
}

impl OnlineError {
    /// The message in `lang`: [`Lang::En`](crate::Lang::En) is the
    /// `Display` text.
    ///
    /// ```
    /// use qiyuan_rating::Lang;
    /// use qiyuan_rating::online::OnlineError;
    /// let e = OnlineError::DrawOfferWithoutDraw { id: "g7".into(), side: "black" };
    /// assert_eq!(e.text(Lang::En), "game g7: black offered the draw, but the game was not drawn");
    /// assert_eq!(e.text(Lang::Zh), "对局 g7：后手方（`black`）提和，但对局并非和棋");
    /// ```
    #[must_use]
    pub fn text(&self, lang: crate::Lang) -> String {
        if lang == crate::Lang::En {
            return self.to_string();
        }
        let side_zh = |side: &str| match side {
            "white" => "先手方（`white`）".to_string(),
            "black" => "后手方（`black`）".to_string(),
            other => format!("`{other}`"),
        };
        match self {
            OnlineError::UnknownSystem { name, known } => format!(
                "未知的积分制度 `{name}`；可用的制度：{}",
                known
                    .split(", ")
                    .map(|k| format!("`{k}`"))
                    .collect::<Vec<_>>()
                    .join("、")
            ),
            OnlineError::Definition(message) => {
                format!("积分制度定义：{}", crate::zh::definition(message))
            }
            OnlineError::SamePlayer { id, player } => {
                format!("对局 {id}：`{player}` 不能与自己对局")
            }
            OnlineError::LeaverDidNotLose { id, side } => {
                let side = side_zh(side);
                format!("对局 {id}：{side}强行离开对局，但成绩不是{side}负")
            }
            OnlineError::DrawOfferWithoutDraw { id, side } => {
                format!("对局 {id}：{}提和，但对局并非和棋", side_zh(side))
            }
            OnlineError::FractionalPoints { id, player, points } => {
                format!("对局 {id}：棋手 `{player}` 的积分为 {points}；此积分制度要求整数积分")
            }
            OnlineError::Glicko2(message) => {
                format!("Glicko-2：{}", crate::zh::glicko2(message))
            }
            OnlineError::OutOfRange { id } => format!("对局 {id}：积分超出范围"),
        }
    }
}

/// A side of the board is the vocabulary's colour: `White` moves first
/// (white in chess, red, 红方, in xiangqi), `Black` second; the game lines
/// name it by its code (`white`, also `red`, or `black`:
/// [`Colour::from_code`]).
pub use qiyuan_vocab::Colour;

/// The result of one online game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// 1-0: white (red) wins.
    WhiteWins,
    /// ½-½.
    Draw,
    /// 0-1: black wins.
    BlackWins,
}

impl GameResult {
    /// A result as the online game lines write it, with the side that left
    /// the game when the result was decided by leaving: the result codes of
    /// the vocabulary ([`qiyuan_vocab::GameResult::from_exact_code`]:
    /// `1-0`, `0-1`, `1/2-1/2` or `½-½`), its forfeits read as leaving —
    /// `+-` (black left, white wins) and `-+` (white left, black wins). A
    /// game without a result and a double forfeit are not online results.
    ///
    /// ```
    /// use qiyuan_rating::online::{GameResult, Colour};
    /// assert_eq!(GameResult::parse("½-½"), Some((GameResult::Draw, None)));
    /// assert_eq!(GameResult::parse("-+"), Some((GameResult::BlackWins, Some(Colour::White))));
    /// assert_eq!(GameResult::parse("*"), None);
    /// assert_eq!(GameResult::parse("--"), None);
    /// assert_eq!(GameResult::parse("1:0"), None);
    /// ```
    pub fn parse(code: &str) -> Option<(GameResult, Option<Colour>)> {
        use qiyuan_vocab::GameResult as Vocab;
        Some(match Vocab::from_exact_code(code)? {
            Vocab::WhiteWins => (GameResult::WhiteWins, None),
            Vocab::Draw => (GameResult::Draw, None),
            Vocab::BlackWins => (GameResult::BlackWins, None),
            Vocab::WhiteForfeitWin => (GameResult::WhiteWins, Some(Colour::Black)),
            Vocab::BlackForfeitWin => (GameResult::BlackWins, Some(Colour::White)),
            Vocab::Pending | Vocab::DoubleForfeit => return None,
        })
    }

    /// White's score: 1, ½ or 0, as twice the score (2, 1, 0).
    pub fn white_score_x2(self) -> u8 {
        match self {
            GameResult::WhiteWins => 2,
            GameResult::Draw => 1,
            GameResult::BlackWins => 0,
        }
    }

    /// The winner, if any.
    pub fn winner(self) -> Option<Colour> {
        match self {
            GameResult::WhiteWins => Some(Colour::White),
            GameResult::Draw => None,
            GameResult::BlackWins => Some(Colour::Black),
        }
    }
}

/// One online game, borrowing its identifiers (no allocation per game).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OnlineGame<'a> {
    /// The game's identifier (only echoed in errors).
    pub id: &'a str,
    /// The first mover: white in chess, red in xiangqi.
    pub white: &'a str,
    /// The second mover.
    pub black: &'a str,
    /// The result.
    pub result: GameResult,
    /// Plies played (a ply, 步 in the seeds, is one side's move), if known.
    /// Unknown counts as long enough for every plies rule (**Choice**).
    pub plies: Option<u32>,
    /// The side that left the game by force (强制退出, 逃跑), if any; it
    /// must be the loser.
    pub left_by_force: Option<Colour>,
    /// The side that offered the draw (提和), for a drawn game; only
    /// systems with a draw-offer rule (天天象棋) read it.
    pub draw_offered_by: Option<Colour>,
}

impl<'a> OnlineGame<'a> {
    /// A game with unknown plies and nobody leaving.
    pub fn new(id: &'a str, white: &'a str, black: &'a str, result: GameResult) -> Self {
        OnlineGame {
            id,
            white,
            black,
            result,
            plies: None,
            left_by_force: None,
            draw_offered_by: None,
        }
    }

    /// The same game with its number of plies.
    pub fn with_plies(mut self, plies: u32) -> Self {
        self.plies = Some(plies);
        self
    }

    /// The same game, `side` having left it by force.
    pub fn with_leaver(mut self, side: Colour) -> Self {
        self.left_by_force = Some(side);
        self
    }

    /// The same (drawn) game, `side` having offered the draw.
    pub fn with_draw_offer(mut self, side: Colour) -> Self {
        self.draw_offered_by = Some(side);
        self
    }
}

/// What one game did to its two players.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameChange<'s> {
    /// Whether the game was scored (false: too short, nobody's points moved).
    pub scored: bool,
    /// White's (red's) change.
    pub white_change: Decimal,
    /// Black's change.
    pub black_change: Decimal,
    /// White's new total.
    pub white_points: Decimal,
    /// Black's new total.
    pub black_points: Decimal,
    /// White's level or title after the game.
    pub white_level: &'s str,
    /// Black's level or title after the game.
    pub black_level: &'s str,
    /// White's level as a position in [`PointSystem::level_names`].
    pub white_level_index: usize,
    /// Black's level as a position in [`PointSystem::level_names`].
    pub black_level_index: usize,
}

/// One player's standing in a point system.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerRecord {
    /// Current points.
    pub points: Decimal,
    /// Scored games played.
    pub games: u32,
}

/// A player id as a map key: short ids (up to 22 bytes, the usual case)
/// inline, so a look-up compares bytes next to the table instead of
/// following a pointer; longer ids on the heap. Hashes and compares as the
/// id's bytes.
#[derive(Clone)]
enum Key {
    Inline { len: u8, bytes: [u8; 22] },
    Heap(Box<[u8]>),
}

impl Key {
    fn new(id: &str) -> Self {
        let b = id.as_bytes();
        if b.len() <= 22 {
            let mut bytes = [0u8; 22];
            bytes[..b.len()].copy_from_slice(b);
            Key::Inline {
                len: b.len() as u8,
                bytes,
            }
        } else {
            Key::Heap(b.into())
        }
    }

    fn as_bytes(&self) -> &[u8] {
        match self {
            Key::Inline { len, bytes } => &bytes[..usize::from(*len)],
            Key::Heap(b) => b,
        }
    }

    fn as_str(&self) -> &str {
        std::str::from_utf8(self.as_bytes()).expect("keys are made from a str")
    }
}

impl std::fmt::Debug for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.as_str().fmt(f)
    }
}

impl PartialEq for Key {
    fn eq(&self, other: &Self) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl Eq for Key {}

impl std::hash::Hash for Key {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_bytes().hash(state);
    }
}

impl std::borrow::Borrow<[u8]> for Key {
    fn borrow(&self) -> &[u8] {
        self.as_bytes()
    }
}

/// Players' points, keyed by player id. A player not in the store starts at
/// the system's `initial_points` when first met.
#[derive(Debug, Clone, Default)]
pub struct PlayerStore {
    map: HashMap<Key, PlayerRecord, FxBuildHasher>,
}

impl PlayerStore {
    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty store with room for `n` players.
    pub fn with_capacity(n: usize) -> Self {
        PlayerStore {
            map: HashMap::with_capacity_and_hasher(n, FxBuildHasher),
        }
    }

    /// A player's record, if the player has been seen.
    #[inline]
    pub fn get(&self, id: &str) -> Option<&PlayerRecord> {
        self.map.get(id.as_bytes())
    }

    /// Sets a player's record.
    #[inline]
    pub fn insert(&mut self, id: &str, record: PlayerRecord) {
        match self.map.get_mut(id.as_bytes()) {
            Some(r) => *r = record,
            None => {
                self.map.insert(Key::new(id), record);
            }
        }
    }

    /// Sets a player's points, keeping the games count.
    pub fn set_points(&mut self, id: &str, points: Decimal) {
        let games = self.get(id).map_or(0, |r| r.games);
        self.insert(id, PlayerRecord { points, games });
    }

    /// Number of players.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether no player has been seen.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Every player, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &PlayerRecord)> {
        self.map.iter().map(|(k, v)| (k.as_str(), v))
    }
}
