//! Game records (棋谱) of an event's games: the optional `record` field of a
//! game (`"round1.pgn#3"`), and the comparison of what a record says (round,
//! players, result, plies) with what the event file says about the game.
//!
//! No I/O here: the caller reads and checks the record files (e.g. `qiyuan
//! check-games --event`) and passes a [`RecordFacts`] for each game.

use std::fmt;
use std::path::{Path, PathBuf};

use qiyuan_rating::Lang;
use qiyuan_rating::model::{Event, GameResult, Pairing, Player, PlayerId};

/// The `record` of a game in an event file: a game record file, and which
/// game of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordRef {
    /// Index of the game in the file's `games` list (from 0, as in error
    /// messages: `games[3]`).
    pub game: usize,
    /// The path as written (relative paths are relative to the event file's
    /// directory: see [`RecordRef::resolve`]).
    pub path: String,
    /// `#N`: the game's number in the record file, from 1. `None`: the file
    /// holds one game.
    pub number: Option<usize>,
    /// Line of the `record` field in the event file.
    pub line: usize,
}

impl RecordRef {
    /// The record file's path, relative paths taken from the directory of
    /// the event file.
    ///
    /// ```
    /// use qiyuan_formats::event::RecordRef;
    /// use std::path::Path;
    /// let r = RecordRef { game: 0, path: "棋谱/r1.pgn".into(), number: Some(2), line: 9 };
    /// assert_eq!(r.resolve(Path::new("events/联赛.json")), Path::new("events/棋谱/r1.pgn"));
    /// ```
    #[must_use]
    pub fn resolve(&self, event_file: &Path) -> PathBuf {
        let p = Path::new(&self.path);
        if p.is_absolute() {
            return p.to_path_buf();
        }
        event_file
            .parent()
            .map_or_else(|| p.to_path_buf(), |dir| dir.join(p))
    }
}

impl fmt::Display for RecordRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.path)?;
        if let Some(n) = self.number {
            write!(f, "#{n}")?;
        }
        Ok(())
    }
}

/// What a game record says about its game, as read and checked by the
/// caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordFacts<'a> {
    /// The round from the `Round` tag (`"3"`, or `"3.2"` = round 3 board
    /// 2), if the record has one.
    pub round: Option<u32>,
    /// Red / White as the record names them.
    pub first: &'a str,
    /// Black as the record names them.
    pub second: &'a str,
    /// The record's result: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'a str,
    /// Plies of the record's main line.
    pub plies: usize,
}

/// The round of a PGN `Round` tag: `"3"` or `"3.2"` (round 3, board 2) →
/// 3; `"?"`, `"-"`, empty or anything else → `None`.
///
/// ```
/// use qiyuan_formats::event::round_of_tag;
/// assert_eq!(round_of_tag("3"), Some(3));
/// assert_eq!(round_of_tag(" 11.4 "), Some(11));
/// assert_eq!(round_of_tag("?"), None);
/// assert_eq!(round_of_tag("第3轮"), None);
/// ```
#[must_use]
pub fn round_of_tag(tag: &str) -> Option<u32> {
    let t = tag.trim();
    let head = t.split('.').next().unwrap_or("");
    head.parse().ok().filter(|&r| r >= 1)
}

/// A name without any whitespace (full-width spaces included).
fn squeeze(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Whether a record's player name names this player: the same name once
/// every space is removed (`呂  欽` = `呂欽`), or the player's unit (单位)
/// followed by the name, as xiangqi records often write them (`广东 吕钦`).
/// Nothing else: variant characters or transliterations do not match.
///
/// ```
/// use qiyuan_formats::event::name_matches;
/// use qiyuan_rating::model::{Player, PlayerId, Sex};
/// let mut p = Player::new(PlayerId(1), "吕钦", Sex::Male, None);
/// p.unit = Some("广东".into());
/// assert!(name_matches(&p, "吕  钦"));
/// assert!(name_matches(&p, "广东 吕钦"));
/// assert!(!name_matches(&p, "许银川"));
/// ```
#[must_use]
pub fn name_matches(player: &Player, name: &str) -> bool {
    let name = squeeze(name);
    if name.is_empty() {
        return false;
    }
    let own = squeeze(&player.name);
    if name == own {
        return true;
    }
    player
        .unit
        .as_deref()
        .is_some_and(|u| name == format!("{}{own}", squeeze(u)))
}

/// How a record was matched to a game of the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameMatch {
    /// Index of the game in the event's `games`.
    pub game: usize,
    /// The record's Red / White is the event's Black (and the other way).
    pub swapped: bool,
}

/// The game of the event a record belongs to, found by its players (in
/// either colour) and, when the record names one, its round. `None` when no
/// game or more than one fits.
#[must_use]
pub fn find_game(event: &Event, facts: &RecordFacts<'_>) -> Option<GameMatch> {
    let named = |id: PlayerId, name: &str| event.player(id).is_some_and(|p| name_matches(p, name));
    let mut found = None;
    for (i, p) in event.pairings().iter().enumerate() {
        let Pairing::Game {
            round,
            white,
            black,
            ..
        } = *p
        else {
            continue;
        };
        if facts.round.is_some_and(|r| r != round) {
            continue;
        }
        let m = if named(white, facts.first) && named(black, facts.second) {
            GameMatch {
                game: i,
                swapped: false,
            }
        } else if named(black, facts.first) && named(white, facts.second) {
            GameMatch {
                game: i,
                swapped: true,
            }
        } else {
            continue;
        };
        if found.is_some() {
            return None;
        }
        found = Some(m);
    }
    found
}

/// A way a record disagrees with its game in the event file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordMismatch {
    /// The event's entry is a bye: there is no game to record.
    Bye,
    /// The record's round is not the game's.
    Round {
        /// The event's round.
        event: u32,
        /// The record's `Round`.
        record: u32,
    },
    /// A player of the record is not the event's player of that colour.
    Player {
        /// `Red`, `White` or `Black` (the record's tag).
        colour: &'static str,
        /// The event's player's name.
        event: String,
        /// The record's name.
        record: String,
    },
    /// The record has the two players in the other colours.
    ColoursSwapped,
    /// The record's result contradicts the event's (seen from the players,
    /// so a swapped record is compared the other way round).
    Result {
        /// The event's result (`1-0`, `+-`…).
        event: &'static str,
        /// The record's result.
        record: String,
    },
    /// The event says the game was forfeited, but the record has moves.
    ForfeitWithMoves {
        /// The event's result (`+-`, `-+`, `--`).
        event: &'static str,
        /// Plies in the record.
        plies: usize,
    },
}

impl fmt::Display for RecordMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordMismatch::Bye => f.write_str("the event has a bye here, not a game"),
            RecordMismatch::Round { event, record } => {
                write!(f, "the record says round {record}, the event round {event}")
            }
            RecordMismatch::Player {
                colour,
                event,
                record,
            } => write!(
                f,
                "{colour} is {record} in the record, {event} in the event"
            ),
            RecordMismatch::ColoursSwapped => {
                f.write_str("the record has the players in the other colours")
            }
            RecordMismatch::Result { event, record } => {
                write!(
                    f,
                    "the record's result {record} contradicts the event's {event}"
                )
            }
            RecordMismatch::ForfeitWithMoves { event, plies } => write!(
                f,
                "the event says the game was forfeited ({event}) but the record has {plies} plies"
            ),
        }
    }
}

impl RecordMismatch {
    /// The mismatch in `lang`: [`Lang::En`] is the `Display` text.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            RecordMismatch::Bye => "赛事在此处是轮空，不是对局".to_string(),
            RecordMismatch::Round { event, record } => {
                format!("棋谱记为第 {record} 轮，赛事为第 {event} 轮")
            }
            RecordMismatch::Player {
                colour,
                event,
                record,
            } => {
                let side = match *colour {
                    "Red" => "红方",
                    "White" => "白方",
                    "Black" => "黑方",
                    other => other,
                };
                format!("棋谱中{side}是 {record}，赛事中是 {event}")
            }
            RecordMismatch::ColoursSwapped => "棋谱中两名棋手的颜色与赛事相反".to_string(),
            RecordMismatch::Result { event, record } => {
                format!("棋谱的结果 {record} 与赛事的结果 {event} 矛盾")
            }
            RecordMismatch::ForfeitWithMoves { event, plies } => {
                format!("赛事记为弃权（{event}），而棋谱有 {plies} 步")
            }
        }
    }
}

/// The record's result read with the colours exchanged.
fn flip(result: &str) -> &str {
    match result {
        "1-0" => "0-1",
        "0-1" => "1-0",
        other => other,
    }
}

/// Everything in which a record disagrees with game `game` of the event
/// (empty: they agree). `first_colour` names the first mover's tag in
/// messages (`Red` for xiangqi, `White` for chess).
///
/// * a bye has no game;
/// * the record's round, when it has one, must be the game's;
/// * the players must be the game's: the same colours, or else
///   [`RecordMismatch::ColoursSwapped`] (results are then compared from the
///   players' side), or else each differing name;
/// * a played game's result must be the record's (a record without a
///   result, `*`, contradicts a decided game);
/// * a forfeited game (`+-`, `-+`, `--`) must have no moves; a record of
///   it without moves must give the same winner.
///
/// # Panics
/// Never; an index outside the event's games gives an empty list.
#[must_use]
pub fn compare_record(
    event: &Event,
    game: usize,
    facts: &RecordFacts<'_>,
    first_colour: &'static str,
) -> Vec<RecordMismatch> {
    let mut out = Vec::new();
    let Some(pairing) = event.pairings().get(game) else {
        return out;
    };
    let (round, white, black, result) = match *pairing {
        Pairing::Bye { .. } => {
            out.push(RecordMismatch::Bye);
            return out;
        }
        Pairing::Game {
            round,
            white,
            black,
            result,
        } => (round, white, black, result),
    };
    if let Some(r) = facts.round.filter(|&r| r != round) {
        out.push(RecordMismatch::Round {
            event: round,
            record: r,
        });
    }
    let name = |id: PlayerId| event.player(id).map_or(String::new(), |p| p.name.clone());
    let is = |id: PlayerId, n: &str| event.player(id).is_some_and(|p| name_matches(p, n));
    let swapped = if is(white, facts.first) && is(black, facts.second) {
        false
    } else if is(black, facts.first) && is(white, facts.second) {
        out.push(RecordMismatch::ColoursSwapped);
        true
    } else {
        if !is(white, facts.first) {
            out.push(RecordMismatch::Player {
                colour: first_colour,
                event: name(white),
                record: facts.first.to_string(),
            });
        }
        if !is(black, facts.second) {
            out.push(RecordMismatch::Player {
                colour: "Black",
                event: name(black),
                record: facts.second.to_string(),
            });
        }
        false
    };
    let record = if swapped {
        flip(facts.result)
    } else {
        facts.result
    };
    let event_result = GameResult::code(result);
    match result {
        GameResult::WhiteWins | GameResult::Draw | GameResult::BlackWins => {
            if record != event_result {
                out.push(RecordMismatch::Result {
                    event: event_result,
                    record: facts.result.to_string(),
                });
            }
        }
        GameResult::WhiteForfeitWin
        | GameResult::BlackForfeitWin
        | GameResult::DoubleForfeit
        | GameResult::Pending => {
            if facts.plies > 0 {
                out.push(RecordMismatch::ForfeitWithMoves {
                    event: event_result,
                    plies: facts.plies,
                });
            } else {
                let expected = match result {
                    GameResult::WhiteForfeitWin => Some("1-0"),
                    GameResult::BlackForfeitWin => Some("0-1"),
                    _ => None,
                };
                if expected.is_some_and(|e| e != record) {
                    out.push(RecordMismatch::Result {
                        event: event_result,
                        record: facts.result.to_string(),
                    });
                }
            }
        }
    }
    out
}
