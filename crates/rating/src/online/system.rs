//! A point system: its TOML definition, its validation, and the update of
//! one game.

use std::fmt;

use rust_decimal::{Decimal, RoundingStrategy};
use serde::Deserialize;
use serde::de::{self, Deserializer, Visitor};

use super::elo::ExpTable;
use super::{Colour, GameChange, GameResult, OnlineError, OnlineGame, PlayerRecord, PlayerStore};

/// The built-in systems: (name, TOML text).
const BUILTIN: &[(&str, &str)] = &[
    (
        "qq-chess-levels",
        include_str!("../../profiles/qq-chess-levels.toml"),
    ),
    (
        "qq-chess-fixed",
        include_str!("../../profiles/qq-chess-fixed.toml"),
    ),
    (
        "qq-xiangqi-titles",
        include_str!("../../profiles/qq-xiangqi-titles.toml"),
    ),
    (
        "qq-xiangqi-elo",
        include_str!("../../profiles/qq-xiangqi-elo.toml"),
    ),
    (
        "qq-xiangqi-levels",
        include_str!("../../profiles/qq-xiangqi-levels.toml"),
    ),
    (
        "tiantian-xiangqi",
        include_str!("../../profiles/tiantian-xiangqi.toml"),
    ),
];

/// The named rule kinds a system's data can choose from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleKind {
    /// Changes by outcome and band of the points difference (QQ chess).
    Banded,
    /// Fixed win / draw / loss changes (QQ xiangqi titles).
    Fixed,
    /// The platform Elo formula with K bands (QQ 新中国象棋, 天天象棋).
    Elo,
}

/// An online platform's point system (regulations §6), loaded from data.
///
/// ```
/// use qiyuan_rating::online::PointSystem;
///
/// assert!(PointSystem::builtin_names().contains(&"qq-chess-levels"));
/// let levels = PointSystem::builtin("qq-chess-levels").unwrap();
/// assert_eq!(levels.level_of(rust_decimal::Decimal::from(150)), "30级");
/// assert!(PointSystem::builtin("nope").is_err());
/// ```
#[derive(Debug, Clone)]
pub struct PointSystem {
    name: String,
    description: String,
    initial_points: Decimal,
    unscored_below_plies: Option<u32>,
    leave_penalty: Option<Decimal>,
    rule: Rule,
    /// Level thresholds, increasing.
    thresholds: Thresholds,
    /// Level names: the name below the first threshold (if the data gives
    /// one), then one per threshold.
    names: Vec<String>,
    /// Whether `names` starts with a name below the first threshold.
    has_below: bool,
    /// Where each level of `names` comes from, when the data says it is not
    /// the seed's (`source` of a `[[levels.level]]`), in `names`' order.
    sources: Vec<Option<String>>,
}

#[derive(Debug, Clone)]
enum Rule {
    Banded(Banded),
    Fixed(Fixed),
    Elo(Elo),
}

#[derive(Debug, Clone)]
struct Band {
    gain: Decimal,
    per_point: Decimal,
    other: Option<Decimal>,
}

#[derive(Debug, Clone)]
struct Bands {
    from: Thresholds,
    bands: Vec<Band>,
}

#[derive(Debug, Clone)]
struct Banded {
    round_dp: u32,
    rounding: RoundingStrategy,
    equal_points_winner_is_lower: bool,
    draw: Bands,
    lower_wins: Bands,
    higher_wins: Bands,
}

#[derive(Debug, Clone)]
struct Fixed {
    win: Decimal,
    draw: Decimal,
    loss: Decimal,
    short_game_plies: Option<u32>,
    short_game_win: Decimal,
    short_game_loss: Decimal,
}

#[derive(Debug, Clone)]
struct Elo {
    first_mover_offset: i64,
    /// 天天象棋: in a draw between players at most this many points apart,
    /// the side that offered the draw takes the first mover's place in Dr
    /// (so the offerer loses points); `None`: offers do not matter.
    draw_offer_close_within: Option<Decimal>,
    /// The lower bounds of the K bands after the first (which has none).
    k_from: Thresholds,
    /// K of each band.
    k: Vec<u32>,
    table: ExpTable,
}

/// Increasing thresholds, counted fast: when every threshold is a whole
/// number, `from ≤ p` is decided exactly in integers as
/// `from × 10^scale ≤ mantissa` (no decimal rescaling per comparison).
#[derive(Debug, Clone)]
struct Thresholds {
    dec: Vec<Decimal>,
    int: Option<Vec<i128>>,
}

impl Thresholds {
    fn new(dec: Vec<Decimal>) -> Self {
        let int = dec
            .iter()
            .map(|d| {
                if d.fract().is_zero() {
                    i64::try_from(d.trunc()).ok().map(i128::from)
                } else {
                    None
                }
            })
            .collect();
        Thresholds { dec, int }
    }

    /// How many thresholds are ≤ `p`.
    #[inline]
    fn count_le(&self, p: Decimal) -> usize {
        if let Some(int) = &self.int
            && p.scale() <= 18
        {
            let m = p.mantissa();
            let pow = 10i128.pow(p.scale());
            // |from| < 2^63 and pow ≤ 10^18 < 2^60: the product fits i128.
            return int.partition_point(|&t| t * pow <= m);
        }
        self.dec.partition_point(|from| *from <= p)
    }
}

// ---------------------------------------------------------------- the TOML

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SystemDoc {
    name: String,
    description: String,
    #[serde(deserialize_with = "de_dec")]
    initial_points: Decimal,
    #[serde(default)]
    unscored_below_plies: Option<u32>,
    #[serde(default, deserialize_with = "de_opt_dec")]
    leave_penalty: Option<Decimal>,
    rule: RuleDoc,
    levels: LevelsDoc,
}

#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum RuleDoc {
    Banded(BandedDoc),
    Fixed(FixedDoc),
    Elo(EloDoc),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BandedDoc {
    round_dp: u32,
    #[serde(default)]
    rounding: Option<String>,
    #[serde(default = "default_lower")]
    equal_points_winner: String,
    draw: Vec<BandDoc>,
    lower_wins: Vec<BandDoc>,
    higher_wins: Vec<BandDoc>,
}

fn default_lower() -> String {
    "lower".to_owned()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BandDoc {
    #[serde(deserialize_with = "de_dec")]
    from: Decimal,
    #[serde(deserialize_with = "de_dec")]
    gain: Decimal,
    #[serde(default, deserialize_with = "de_opt_dec")]
    per_point: Option<Decimal>,
    #[serde(default, deserialize_with = "de_opt_dec")]
    other: Option<Decimal>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FixedDoc {
    #[serde(deserialize_with = "de_dec")]
    win: Decimal,
    #[serde(deserialize_with = "de_dec")]
    draw: Decimal,
    #[serde(deserialize_with = "de_dec")]
    loss: Decimal,
    #[serde(default)]
    short_game_plies: Option<u32>,
    #[serde(default, deserialize_with = "de_opt_dec")]
    short_game_win: Option<Decimal>,
    #[serde(default, deserialize_with = "de_opt_dec")]
    short_game_loss: Option<Decimal>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EloDoc {
    scale: u32,
    first_mover_offset: i64,
    #[serde(default, deserialize_with = "de_opt_dec")]
    draw_offer_close_within: Option<Decimal>,
    k: Vec<KDoc>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KDoc {
    #[serde(default, deserialize_with = "de_opt_dec")]
    from: Option<Decimal>,
    k: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LevelsDoc {
    #[serde(default)]
    below: Option<String>,
    level: Vec<LevelDoc>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LevelDoc {
    #[serde(deserialize_with = "de_dec")]
    from: Decimal,
    name: String,
    /// Where the row comes from when it is not the seed (a platform's help,
    /// a **Choice**): shown with the level.
    #[serde(default)]
    source: Option<String>,
}

/// A decimal from a TOML integer, a string (exact, preferred for
/// fractions: `"0.05"`) or a float (read back from its shortest form).
struct DecVisitor;

impl Visitor<'_> for DecVisitor {
    type Value = Decimal;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a decimal number (an integer, or a string such as \"0.05\")")
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Decimal, E> {
        Ok(Decimal::from(v))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Decimal, E> {
        Ok(Decimal::from(v))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Decimal, E> {
        v.to_string()
            .parse::<Decimal>()
            .map_err(|_| E::custom(format!("cannot hold {v} exactly")))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Decimal, E> {
        v.trim()
            .parse::<Decimal>()
            .map_err(|_| E::custom(format!("`{v}` is not a decimal number")))
    }
}

fn de_dec<'de, D: Deserializer<'de>>(d: D) -> Result<Decimal, D::Error> {
    d.deserialize_any(DecVisitor)
}

fn de_opt_dec<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Decimal>, D::Error> {
    d.deserialize_any(DecVisitor).map(Some)
}

fn bad(msg: impl Into<String>) -> OnlineError {
    OnlineError::Definition(msg.into())
}

fn bands(name: &str, docs: Vec<BandDoc>) -> Result<Bands, OnlineError> {
    if docs.first().is_none_or(|b| !b.from.is_zero()) {
        return Err(bad(format!(
            "rule.{name}: the first band must start at `from = 0`"
        )));
    }
    if docs.windows(2).any(|w| w[0].from >= w[1].from) {
        return Err(bad(format!(
            "rule.{name}: bands must be in increasing `from` order"
        )));
    }
    Ok(Bands {
        from: Thresholds::new(docs.iter().map(|b| b.from).collect()),
        bands: docs
            .into_iter()
            .map(|b| Band {
                gain: b.gain,
                per_point: b.per_point.unwrap_or(Decimal::ZERO),
                other: b.other,
            })
            .collect(),
    })
}

impl Bands {
    /// The band of a difference d ≥ 0 (the first band starts at 0).
    fn of(&self, d: Decimal) -> &Band {
        &self.bands[self.from.count_le(d).max(1) - 1]
    }
}

impl PointSystem {
    /// The names of the built-in systems.
    pub fn builtin_names() -> Vec<&'static str> {
        BUILTIN.iter().map(|(n, _)| *n).collect()
    }

    /// The TOML text of a built-in system (to copy and adapt).
    pub fn builtin_source(name: &str) -> Option<&'static str> {
        BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
    }

    /// A built-in system by name; an unknown name lists the known ones.
    pub fn builtin(name: &str) -> Result<Self, OnlineError> {
        match Self::builtin_source(name) {
            Some(text) => Self::from_toml(text),
            None => Err(OnlineError::UnknownSystem {
                name: name.to_owned(),
                known: Self::builtin_names().join(", "),
            }),
        }
    }

    /// Parses and checks a system's TOML definition (the format of the
    /// files in `profiles/`).
    pub fn from_toml(text: &str) -> Result<Self, OnlineError> {
        let doc: SystemDoc = toml::from_str(text).map_err(|e| bad(e.to_string()))?;
        if doc.name.trim().is_empty() {
            return Err(bad("`name` is empty"));
        }
        let rule = match doc.rule {
            RuleDoc::Banded(b) => {
                if b.round_dp > 10 {
                    return Err(bad("rule.round_dp: at most 10"));
                }
                let equal_points_winner_is_lower = match b.equal_points_winner.as_str() {
                    "lower" => true,
                    "higher" => false,
                    other => {
                        return Err(bad(format!(
                            "rule.equal_points_winner: `{other}`, expected \"lower\" or \"higher\""
                        )));
                    }
                };
                let rounding = match b.rounding.as_deref().unwrap_or("half-away-from-zero") {
                    "half-away-from-zero" => RoundingStrategy::MidpointAwayFromZero,
                    "half-even" => RoundingStrategy::MidpointNearestEven,
                    "toward-zero" => RoundingStrategy::ToZero,
                    other => {
                        return Err(bad(format!(
                            "rule.rounding: `{other}`, expected \"half-away-from-zero\", \"half-even\" or \"toward-zero\""
                        )));
                    }
                };
                Rule::Banded(Banded {
                    round_dp: b.round_dp,
                    rounding,
                    equal_points_winner_is_lower,
                    draw: bands("draw", b.draw)?,
                    lower_wins: bands("lower_wins", b.lower_wins)?,
                    higher_wins: bands("higher_wins", b.higher_wins)?,
                })
            }
            RuleDoc::Fixed(f) => Rule::Fixed(Fixed {
                win: f.win,
                draw: f.draw,
                loss: f.loss,
                short_game_plies: f.short_game_plies,
                short_game_win: f.short_game_win.unwrap_or(f.win),
                short_game_loss: f.short_game_loss.unwrap_or(f.loss),
            }),
            RuleDoc::Elo(e) => {
                if !(1..=100_000).contains(&e.scale) {
                    return Err(bad("rule.scale: must be 1 to 100000"));
                }
                if e.first_mover_offset.unsigned_abs() > 1_000_000 {
                    return Err(bad("rule.first_mover_offset: at most 1000000 in size"));
                }
                if e.k.is_empty() {
                    return Err(bad("rule.k: at least one band"));
                }
                if e.k.iter().any(|k| !(1..=10_000).contains(&k.k)) {
                    return Err(bad("rule.k: each K must be 1 to 10000"));
                }
                if e.k.iter().skip(1).any(|k| k.from.is_none()) {
                    return Err(bad("rule.k: only the first band may omit `from`"));
                }
                if e.k
                    .windows(2)
                    .any(|w| w[0].from.is_some_and(|a| Some(a) >= w[1].from))
                {
                    return Err(bad("rule.k: bands must be in increasing `from` order"));
                }
                if e.draw_offer_close_within
                    .is_some_and(|c| c.is_sign_negative())
                {
                    return Err(bad("rule.draw_offer_close_within: must not be negative"));
                }
                let ks: Vec<u32> = e.k.iter().map(|k| k.k).collect();
                Rule::Elo(Elo {
                    first_mover_offset: e.first_mover_offset,
                    draw_offer_close_within: e.draw_offer_close_within,
                    k_from: Thresholds::new(e.k.iter().skip(1).filter_map(|k| k.from).collect()),
                    k: ks.clone(),
                    table: ExpTable::new(e.scale, &ks),
                })
            }
        };
        let levels = doc.levels;
        if levels.level.is_empty() {
            return Err(bad("levels: at least one `[[levels.level]]`"));
        }
        if levels.level.windows(2).any(|w| w[0].from >= w[1].from) {
            return Err(bad("levels: levels must be in increasing `from` order"));
        }
        if let Some(p) = doc.leave_penalty
            && p.is_sign_negative()
        {
            return Err(bad(
                "leave_penalty: give the points lost as a positive number",
            ));
        }
        Ok(PointSystem {
            name: doc.name,
            description: doc.description,
            initial_points: doc.initial_points,
            unscored_below_plies: doc.unscored_below_plies,
            leave_penalty: doc.leave_penalty,
            rule,
            has_below: levels.below.is_some(),
            thresholds: Thresholds::new(levels.level.iter().map(|l| l.from).collect()),
            sources: levels
                .below
                .iter()
                .map(|_| None)
                .chain(levels.level.iter().map(|l| l.source.clone()))
                .collect(),
            names: levels
                .below
                .into_iter()
                .chain(levels.level.into_iter().map(|l| l.name))
                .collect(),
        })
    }

    /// The system's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// One line saying what the system is and where it comes from.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The rule kind the data chose.
    pub fn rule_kind(&self) -> RuleKind {
        match self.rule {
            Rule::Banded(_) => RuleKind::Banded,
            Rule::Fixed(_) => RuleKind::Fixed,
            Rule::Elo(_) => RuleKind::Elo,
        }
    }

    /// The points of a player not seen before.
    pub fn initial_points(&self) -> Decimal {
        self.initial_points
    }

    /// Every level or title name, lowest first (the name below the first
    /// threshold, if any, comes first); [`Self::level_index`] indexes it.
    pub fn level_names(&self) -> impl Iterator<Item = &str> {
        self.names.iter().map(String::as_str)
    }

    /// The position in [`Self::level_names`] of a points total's level.
    pub fn level_index(&self, points: Decimal) -> usize {
        let i = self.thresholds.count_le(points);
        if i == 0 {
            0
        } else {
            i - 1 + usize::from(self.has_below)
        }
    }

    /// The level or title of a points total: the highest level whose
    /// threshold is reached; below the first threshold the `below` name
    /// (or, if the data gives none, the first level).
    pub fn level_of(&self, points: Decimal) -> &str {
        &self.names[self.level_index(points)]
    }

    /// Where the level of a points total comes from, when the data marks it
    /// as not from the seed (qq-xiangqi-elo: the rows above 一级棋手 are the
    /// platform's help, the seed is cut at 三级大师); `None` for the seed's
    /// own rows.
    ///
    /// ```
    /// use qiyuan_rating::online::PointSystem;
    /// use rust_decimal::Decimal;
    /// let s = PointSystem::builtin("qq-xiangqi-elo").unwrap();
    /// assert_eq!(s.level_source(Decimal::from(1800)), None);
    /// assert!(s.level_source(Decimal::from(2000)).unwrap().contains("not in the seed"));
    /// ```
    pub fn level_source(&self, points: Decimal) -> Option<&str> {
        self.sources[self.level_index(points)].as_deref()
    }

    /// Applies one game to the store: both players' changes, new totals and
    /// levels. A player not in the store starts at [`Self::initial_points`].
    /// On error the store is left untouched.
    pub fn apply<'s>(
        &'s self,
        store: &mut PlayerStore,
        game: &OnlineGame<'_>,
    ) -> Result<GameChange<'s>, OnlineError> {
        if game.white == game.black {
            return Err(OnlineError::SamePlayer {
                id: game.id.to_owned(),
                player: game.white.to_owned(),
            });
        }
        if let Some(side) = game.left_by_force {
            let lost = match side {
                Colour::White => game.result == GameResult::BlackWins,
                Colour::Black => game.result == GameResult::WhiteWins,
            };
            if !lost {
                return Err(OnlineError::LeaverDidNotLose {
                    id: game.id.to_owned(),
                    side: side.code(),
                });
            }
        }
        if let Some(side) = game.draw_offered_by
            && game.result != GameResult::Draw
        {
            return Err(OnlineError::DrawOfferWithoutDraw {
                id: game.id.to_owned(),
                side: side.code(),
            });
        }
        let initial = PlayerRecord {
            points: self.initial_points,
            games: 0,
        };
        let w = store.get(game.white).copied().unwrap_or(initial);
        let b = store.get(game.black).copied().unwrap_or(initial);
        let scored = match (self.unscored_below_plies, game.plies) {
            (Some(min), Some(p)) => p >= min,
            _ => true,
        };
        let (mut dw, mut db) = if scored {
            self.rule_change(w.points, b.points, game)?
        } else {
            (Decimal::ZERO, Decimal::ZERO)
        };
        if scored && let Some(penalty) = self.leave_penalty {
            match game.left_by_force {
                Some(Colour::White) => dw = -penalty,
                Some(Colour::Black) => db = -penalty,
                None => {}
            }
        }
        let out_of_range = || OnlineError::OutOfRange {
            id: game.id.to_owned(),
        };
        let nw = w.points.checked_add(dw).ok_or_else(out_of_range)?;
        let nb = b.points.checked_add(db).ok_or_else(out_of_range)?;
        let played = u32::from(scored);
        // The records were just read: writing them back hits the cache.
        store.insert(
            game.white,
            PlayerRecord {
                points: nw,
                games: w.games.saturating_add(played),
            },
        );
        store.insert(
            game.black,
            PlayerRecord {
                points: nb,
                games: b.games.saturating_add(played),
            },
        );
        let (wl, bl) = (self.level_index(nw), self.level_index(nb));
        Ok(GameChange {
            scored,
            white_change: dw,
            black_change: db,
            white_points: nw,
            black_points: nb,
            white_level: &self.names[wl],
            black_level: &self.names[bl],
            white_level_index: wl,
            black_level_index: bl,
        })
    }

    /// The two changes of a scored game, before any leaving penalty.
    fn rule_change(
        &self,
        w: Decimal,
        b: Decimal,
        game: &OnlineGame<'_>,
    ) -> Result<(Decimal, Decimal), OnlineError> {
        match &self.rule {
            Rule::Banded(rule) => Ok(rule.change(w, b, game.result)),
            Rule::Fixed(rule) => Ok(rule.change(game)),
            Rule::Elo(rule) => rule.change(w, b, game),
        }
    }
}

impl Banded {
    fn change(&self, w: Decimal, b: Decimal, result: GameResult) -> (Decimal, Decimal) {
        let d = (w - b).abs();
        let white_lower = w <= b;
        let round = |x: Decimal| x.round_dp_with_strategy(self.round_dp, self.rounding);
        let (bands, gainer) = match result.winner() {
            // A draw: the lower side gains (white if the points are equal).
            None => (
                &self.draw,
                if white_lower {
                    Colour::White
                } else {
                    Colour::Black
                },
            ),
            Some(winner) => {
                let winner_lower = if w == b {
                    self.equal_points_winner_is_lower
                } else {
                    (winner == Colour::White) == white_lower
                };
                let bands = if winner_lower {
                    &self.lower_wins
                } else {
                    &self.higher_wins
                };
                (bands, winner)
            }
        };
        let band = bands.of(d);
        let gain = round(band.gain + band.per_point * d);
        let other = band.other.map_or(-gain, round);
        match gainer {
            Colour::White => (gain, other),
            Colour::Black => (other, gain),
        }
    }
}

impl Fixed {
    fn change(&self, game: &OnlineGame<'_>) -> (Decimal, Decimal) {
        let short = match (self.short_game_plies, game.plies) {
            (Some(min), Some(p)) => p < min,
            _ => false,
        };
        let (win, loss) = if short {
            (self.short_game_win, self.short_game_loss)
        } else {
            (self.win, self.loss)
        };
        match game.result {
            GameResult::WhiteWins => (win, loss),
            GameResult::Draw => (self.draw, self.draw),
            GameResult::BlackWins => (loss, win),
        }
    }
}

impl Elo {
    fn k_of(&self, points: Decimal) -> u32 {
        // Below the second band's bound (or with one band): the first K.
        self.k[self.k_from.count_le(points)]
    }

    fn change(
        &self,
        w: Decimal,
        b: Decimal,
        game: &OnlineGame<'_>,
    ) -> Result<(Decimal, Decimal), OnlineError> {
        let whole = |p: Decimal, player: &str| -> Result<i128, OnlineError> {
            if p.scale() != 0 && !p.fract().is_zero() {
                return Err(OnlineError::FractionalPoints {
                    id: game.id.to_owned(),
                    player: player.to_owned(),
                    points: p,
                });
            }
            i128::try_from(p).map_err(|_| OnlineError::OutOfRange {
                id: game.id.to_owned(),
            })
        };
        let wi = whole(w, game.white)?;
        let bi = whole(b, game.black)?;
        let offset = i128::from(self.first_mover_offset);
        let clamp = |x: i128| x.clamp(-(1 << 60), 1 << 60) as i64;
        // 天天象棋: 和棋时,两个人分数差不多的,先提和者扣分 — the offerer of a
        // draw between close players is taken as the side expected to
        // score more (the first mover's place in Dr); otherwise colours.
        let expected_more = match (self.draw_offer_close_within, game.draw_offered_by) {
            (Some(close), Some(offerer))
                if game.result == GameResult::Draw && (w - b).abs() <= close =>
            {
                offerer
            }
            _ => Colour::White,
        };
        // Dr = (opponent − own) − offset for the side expected to score
        // more (the first mover), + offset for the other.
        let sign = if expected_more == Colour::White {
            1
        } else {
            -1
        };
        let dr_white = clamp(bi - wi - sign * offset);
        let dr_black = clamp(wi - bi + sign * offset);
        let sw = game.result.white_score_x2();
        let cw = self.table.change(self.k_of(w), sw, dr_white);
        let cb = self.table.change(self.k_of(b), 2 - sw, dr_black);
        Ok((Decimal::from(cw), Decimal::from(cb)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    #[test]
    fn thresholds_count_exactly_on_both_paths() {
        let whole = Thresholds::new(vec![dec!(0), dec!(10), dec!(100)]);
        assert!(whole.int.is_some());
        let mixed = Thresholds::new(vec![dec!(0), dec!(10.5), dec!(100)]);
        assert!(mixed.int.is_none());
        for (p, w, m) in [
            (dec!(-1), 0, 0),
            (dec!(0), 1, 1),
            (dec!(9.999), 1, 1),
            (dec!(10), 2, 1),
            (dec!(10.49), 2, 1),
            (dec!(10.50), 2, 2),
            (dec!(99.9999999999999999999), 2, 2),
            (dec!(100.000), 3, 3),
            (dec!(79228162514264337593543950335), 3, 3),
            (dec!(-79228162514264337593543950335), 0, 0),
        ] {
            assert_eq!(whole.count_le(p), w, "{p}");
            assert_eq!(mixed.count_le(p), m, "{p}");
        }
    }
}
