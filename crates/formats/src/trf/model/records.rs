//! The records that steer a pairing besides the players: `013` teams,
//! TRF26 `240` requested byes, `250` accelerated rounds, `260` prohibited
//! pairings, and JaVaFo's `XXC` options and `XXA` accelerations.

use rust_decimal::Decimal;

/// A team record, `013`: name in cols 5–36, then player starting ranks at
/// cols 37–40, 42–45, … (blank slots are skipped).
///
/// ```
/// use qiyuan_formats::trf::{parse_trf, Record, TeamRecord};
/// let line = format!("013 {:<32}   1    2    5", "Zhejiang");
/// assert_eq!(parse_trf(&line)?.records[0],
///     Record::Team(TeamRecord { name: "Zhejiang".into(), players: vec![1, 2, 5] }));
/// # Ok::<(), qiyuan_formats::trf::TrfError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamRecord {
    /// Team name (at most 32 characters).
    pub name: String,
    /// Starting ranks of the team's players, in board order.
    pub players: Vec<u16>,
}

/// The type of a `240` requested bye.
///
/// ```
/// use qiyuan_formats::trf::ByeType;
/// assert_eq!(ByeType::from_char('H'), Some(ByeType::Half));
/// assert_eq!(ByeType::Zero.to_char(), 'Z');
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ByeType {
    /// `F` full-point bye.
    Full,
    /// `H` half-point bye.
    Half,
    /// `Z` zero-point bye.
    Zero,
}

impl ByeType {
    /// Reads `F`, `H` or `Z`.
    pub fn from_char(c: char) -> Option<ByeType> {
        match c {
            'F' => Some(ByeType::Full),
            'H' => Some(ByeType::Half),
            'Z' => Some(ByeType::Zero),
            _ => None,
        }
    }

    /// The letter written for this type.
    pub fn to_char(self) -> char {
        match self {
            ByeType::Full => 'F',
            ByeType::Half => 'H',
            ByeType::Zero => 'Z',
        }
    }
}

/// A `240` record: byes requested for one round.
///
/// ```
/// use qiyuan_formats::trf::{parse_trf, Record, ByeRecord, ByeType};
/// let file = parse_trf("240 H 003  026  047\n")?;
/// assert_eq!(file.records[0], Record::Bye(ByeRecord { bye: ByeType::Half, round: 3, players: vec![26, 47] }));
/// # Ok::<(), qiyuan_formats::trf::TrfError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ByeRecord {
    /// Full, half or zero point.
    pub bye: ByeType,
    /// The round.
    pub round: u16,
    /// Starting ranks of the players (or teams) getting it.
    pub players: Vec<u16>,
}

/// A `250` record: fictitious points for a range of rounds and players.
///
/// ```
/// use qiyuan_formats::trf::{parse_trf, Record};
/// use rust_decimal::Decimal;
/// let file = parse_trf("250 00.0 02.0 001 003 0001 0090\n")?;
/// let Record::Acceleration(a) = &file.records[0] else { panic!() };
/// assert_eq!(a.game_points, Decimal::new(2, 0));
/// assert_eq!((a.first_round, a.last_round, a.first_player, a.last_player), (1, 3, 1, 90));
/// # Ok::<(), qiyuan_formats::trf::TrfError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccelerationRecord {
    /// Fictitious match points, cols 5–8 (blank for individual events).
    pub match_points: Option<Decimal>,
    /// Fictitious game points, cols 10–13.
    pub game_points: Decimal,
    /// First round, cols 15–17.
    pub first_round: u16,
    /// Last round, cols 19–21.
    pub last_round: u16,
    /// First starting rank, cols 23–26.
    pub first_player: u16,
    /// Last starting rank, cols 28–31.
    pub last_player: u16,
}

/// Players who must not meet one another (`260`, or `XXP` with no rounds).
///
/// ```
/// use qiyuan_formats::trf::{parse_trf, Record, ProhibitedPairing};
/// let file = parse_trf("260 001 002  125  180  184\n")?;
/// assert_eq!(file.records[0], Record::ProhibitedPairing(ProhibitedPairing {
///     rounds: Some((1, 2)), players: vec![125, 180, 184] }));
/// # Ok::<(), qiyuan_formats::trf::TrfError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProhibitedPairing {
    /// First and last round of the prohibition; `None` for every round (`XXP`).
    pub rounds: Option<(u16, u16)>,
    /// Starting ranks, each forbidden to meet every other.
    pub players: Vec<u16>,
}

/// An `XXC` token.
///
/// ```
/// use qiyuan_formats::trf::{parse_trf, Record, XxcOption};
/// assert_eq!(parse_trf("XXC rank white1")?.records[0], Record::Xxc(vec![XxcOption::Rank, XxcOption::White1]));
/// assert_eq!(XxcOption::Black1.token(), "black1");
/// # Ok::<(), qiyuan_formats::trf::TrfError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum XxcOption {
    /// `rank`: pair by position in the file rather than by starting rank.
    Rank,
    /// `white1`: the top player has white in round 1.
    White1,
    /// `black1`: the top player has black in round 1.
    Black1,
}

impl XxcOption {
    /// The token as written.
    pub fn token(self) -> &'static str {
        match self {
            XxcOption::Rank => "rank",
            XxcOption::White1 => "white1",
            XxcOption::Black1 => "black1",
        }
    }
}

/// An `XXA` record: one player's accelerated points per round.
///
/// ```
/// use qiyuan_formats::trf::{parse_trf, Record};
/// use rust_decimal::Decimal;
/// let file = parse_trf("XXA    5  1.0  1.0  0.5\n")?;
/// let Record::Xxa(a) = &file.records[0] else { panic!() };
/// assert_eq!(a.player, 5);
/// assert_eq!(a.points, vec![Decimal::new(10, 1), Decimal::new(10, 1), Decimal::new(5, 1)]);
/// # Ok::<(), qiyuan_formats::trf::TrfError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XxaRecord {
    /// The player's starting rank (cols 5–8).
    pub player: u16,
    /// Fictitious points for round 1, 2, … (value for round `r` at col `10 + 5(r-1)`).
    pub points: Vec<Decimal>,
}
