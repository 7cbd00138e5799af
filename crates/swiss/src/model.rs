//! The pure input and output model of the pairing engine.
//!
//! Scores are kept in integer *tenths of a point* ([`Score`]) so that every
//! point system of C.04.1 / TRF `XXS` (1–½–0, 3–1–0, Baku's ½ and 1 point
//! acceleration) is exact without floating point.

use qiyuan_vocab::Lang;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use thiserror::Error;

/// A score in tenths of a point (`10` is one point, `5` half a point).
pub type Score = i32;

/// Points as a [`Score`]: `2.5` → `25`. Digits below a tenth are dropped
/// (events count points in tenths at most: the desk's settings refuse
/// finer ones); points beyond a score's range are the largest score.
///
/// ```
/// use qiyuan_swiss::model::{points_of, score_of};
/// use rust_decimal::Decimal;
/// assert_eq!(score_of(Decimal::new(25, 1)), 25);
/// assert_eq!(score_of(Decimal::new(-15, 1)), -15);
/// assert_eq!(points_of(30).normalize().to_string(), "3");
/// assert_eq!(points_of(score_of(Decimal::new(35, 1))), Decimal::new(35, 1));
/// ```
pub fn score_of(points: Decimal) -> Score {
    (points * Decimal::TEN)
        .trunc()
        .to_i32()
        .unwrap_or(Score::MAX)
}

/// A [`Score`] as points: `25` → `2.5`.
pub fn points_of(score: Score) -> Decimal {
    Decimal::new(i64::from(score), 1)
}

/// Which edition of the FIDE (Dutch) System, C.04.3, to apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
pub enum Edition {
    /// The edition applied from 1 February 2026 (criteria C1–C21). Default.
    #[default]
    #[serde(rename = "2026")]
    Fide2026,
    /// The 2017 edition (Baku 2016 / Goynuk 2017; criteria C.1–C.19), for
    /// re-checking old events. See the crate documentation for the
    /// approximations of this legacy mode.
    #[serde(rename = "2017")]
    Fide2017,
}

/// A colour (the vocabulary's: `White` moves first, red in xiangqi).
pub use qiyuan_vocab::Colour;

/// What happened to a player in one earlier round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundKind {
    /// A game actually played over the board.
    Played,
    /// A forfeit (won or lost): the game counts neither as played (C1) nor for
    /// colours (C.04.2 Art. 3.4), but the pairing took place.
    Forfeit,
    /// The pairing-allocated bye (PAB, C.04.1 Art. 3).
    PairingBye,
    /// Any other round without a game: requested half/zero/full-point byes,
    /// absences.
    Absent,
}

/// One earlier round of a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundEntry {
    /// What kind of round it was.
    pub kind: RoundKind,
    /// The opponent's TPN (for `Played` and `Forfeit`).
    pub opponent: Option<u32>,
    /// The colour the player had (for `Played`; forfeits may carry one, it is
    /// ignored for colour purposes).
    pub colour: Option<Colour>,
    /// The points the player scored in that round, in tenths.
    pub points: Score,
}

/// A player as the pairing engine sees them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// Tournament pairing number (TPN, C.04.2 Art. 2), unique, ≥ 1.
    pub tpn: u32,
    /// The score before this round, in tenths (without acceleration).
    pub score: Score,
    /// Virtual points added for pairing this round (Baku acceleration,
    /// C.04.5), in tenths; `0` when not accelerated.
    pub acceleration: Score,
    /// Acceleration that was in force in each earlier round (same length as
    /// `history`, or empty for none); used to know who floated then.
    pub past_acceleration: Vec<Score>,
    /// Rounds 1..r−1, in order.
    pub history: Vec<RoundEntry>,
    /// `true` when the player is not to be paired this round (a requested
    /// bye, withdrawal or any known absence).
    pub absent: bool,
}

/// Everything the engine needs to pair one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairingInput {
    /// The players, in any order.
    pub players: Vec<Player>,
    /// The round to pair (1-based).
    pub round: u32,
    /// The number of rounds of the tournament (the last round has special
    /// rules for topscorers, C.04.3 Art. 1.8 and C3).
    pub total_rounds: u32,
    /// The edition of the rules.
    pub edition: Edition,
    /// The colour given by lot to the higher-ranked player of board 1
    /// (C.04.3 Art. 5.1; TRF `XXC white1`/`black1`).
    pub initial_colour: Colour,
    /// Points for a win, in tenths (C2 "as many points as a win").
    pub win_points: Score,
    /// Points for a loss, in tenths (Art. 1.4.3 "more points than a loss").
    pub loss_points: Score,
    /// Pairs that must not meet (treated like C1), by TPN.
    pub forbidden: Vec<(u32, u32)>,
}

/// The pairing of one round.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Pairing {
    /// `(white, black)` TPNs, in board order.
    pub boards: Vec<(u32, u32)>,
    /// The player receiving the pairing-allocated bye, if any.
    pub bye: Option<u32>,
}

/// Why a round could not be paired.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PairingError {
    /// No pairing complies with the absolute criteria C1–C3 (C.04.3 Art. 1.9:
    /// the Chief Arbiter must decide).
    #[error(
        "no valid pairing exists (C.04.3 Art. 1.9): the absolute criteria C1-C3 cannot all be met"
    )]
    NoValidPairing,
    /// The input is inconsistent.
    #[error("invalid pairing input: {0}")]
    InvalidInput(String),
}

impl PairingError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    ///
    /// ```
    /// use qiyuan_swiss::PairingError;
    /// use qiyuan_vocab::Lang;
    /// let e = PairingError::InvalidInput("TPN 4 appears twice".into());
    /// assert_eq!(e.text(Lang::En), e.to_string());
    /// assert_eq!(e.text(Lang::Zh), "编排输入有误：排序号 4 出现两次");
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => match self {
                PairingError::NoValidPairing => {
                    "不存在有效的编排（C.04.3 第 1.9 条）：绝对标准 C1-C3 无法同时满足".to_string()
                }
                PairingError::InvalidInput(m) => format!("编排输入有误：{}", input_zh(m)),
            },
        }
    }
}

/// The Chinese of an [`PairingError::InvalidInput`] message: the engine's
/// checks (`dutch::validate`) and the generator's settings
/// ([`crate::generator::ConfigError`]) write these few shapes.
fn input_zh(m: &str) -> String {
    if m == "TPN 0" {
        return "排序号 0".to_string();
    }
    if m == "round 0" {
        return "第 0 轮".to_string();
    }
    if let Some(tpn) = m
        .strip_prefix("TPN ")
        .and_then(|r| r.strip_suffix(" appears twice"))
    {
        return format!("排序号 {tpn} 出现两次");
    }
    let history = m.strip_prefix("player ").and_then(|r| {
        let (tpn, r) = r.split_once(" has ")?;
        let (n, round) = r.split_once(" rounds of history before round ")?;
        Some(format!("棋手 {tpn} 在第 {round} 轮之前只有 {n} 轮记录"))
    });
    if let Some(h) = history {
        return h;
    }
    if let Some(rest) = m.strip_prefix("config: ") {
        return format!("设置：{}", crate::generator::invalid_zh(rest));
    }
    m.to_string()
}
