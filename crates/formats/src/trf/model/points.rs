//! Points: the point system as each dialect writes it — TRF26 `162`
//! ([`PointCode`]), JaVaFo `XXS` ([`XxsCode`]), bbpPairings `BB*`
//! ([`BbKind`]) — read into one [`PointSystem`]; and the TRF26 `299`
//! abnormal point assignments.

use rust_decimal::Decimal;

use super::ResultCode;
#[cfg(doc)]
use super::TrfFile;

/// Points for each kind of result, from `162` (TRF26) or `BB?`
/// (bbpPairings); see [`TrfFile::point_system`].
///
/// ```
/// use qiyuan_formats::trf::{PointSystem, ResultCode};
/// use rust_decimal::Decimal;
/// let three_one = PointSystem { win: Decimal::new(3, 0), draw: Decimal::ONE, ..PointSystem::STANDARD };
/// assert_eq!(three_one.points(ResultCode::ForfeitWin), Decimal::new(3, 0));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PointSystem {
    /// `1`, `+`, `W`.
    pub win: Decimal,
    /// `=`, `D`.
    pub draw: Decimal,
    /// `0`, `L` (a played loss).
    pub loss: Decimal,
    /// `-` (forfeit loss).
    pub forfeit_loss: Decimal,
    /// `Z` and blank (zero-point bye, absence).
    pub zero_point_bye: Decimal,
    /// `H` (half-point bye).
    pub half_point_bye: Decimal,
    /// `F` (full-point bye).
    pub full_point_bye: Decimal,
    /// `U` (pairing-allocated bye).
    pub pairing_allocated_bye: Decimal,
}

impl PointSystem {
    /// The standard system: win 1, draw ½, loss 0; byes H ½, F and U 1, Z 0.
    pub const STANDARD: PointSystem = PointSystem {
        win: Decimal::ONE,
        draw: Decimal::from_parts(5, 0, 0, false, 1),
        loss: Decimal::ZERO,
        forfeit_loss: Decimal::ZERO,
        zero_point_bye: Decimal::ZERO,
        half_point_bye: Decimal::from_parts(5, 0, 0, false, 1),
        full_point_bye: Decimal::ONE,
        pairing_allocated_bye: Decimal::ONE,
    };

    /// The points this system gives for a result code.
    ///
    /// ```
    /// use qiyuan_formats::trf::{PointSystem, ResultCode};
    /// use rust_decimal::Decimal;
    /// assert_eq!(PointSystem::STANDARD.points(ResultCode::HalfPointBye), Decimal::new(5, 1));
    /// ```
    pub fn points(&self, result: ResultCode) -> Decimal {
        match result {
            ResultCode::Win | ResultCode::ForfeitWin | ResultCode::UnratedWin => self.win,
            ResultCode::Draw | ResultCode::UnratedDraw => self.draw,
            ResultCode::Loss | ResultCode::UnratedLoss => self.loss,
            ResultCode::ForfeitLoss => self.forfeit_loss,
            ResultCode::ZeroPointBye | ResultCode::Blank => self.zero_point_bye,
            ResultCode::HalfPointBye => self.half_point_bye,
            ResultCode::FullPointBye => self.full_point_bye,
            ResultCode::PairingAllocatedBye => self.pairing_allocated_bye,
        }
    }
}

impl Default for PointSystem {
    fn default() -> Self {
        PointSystem::STANDARD
    }
}

/// A `162` point-system code.
///
/// ```
/// use qiyuan_formats::trf::PointCode;
/// assert_eq!(PointCode::from_char('A'), Some(PointCode::Absence));
/// assert_eq!(PointCode::Absence.to_char(), 'A');
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PointCode {
    /// `W` win, forfeit win, full-point bye.
    Win,
    /// `D` draw, half-point bye.
    Draw,
    /// `L` loss.
    Loss,
    /// `A` absence: zero-point bye, forfeit loss.
    Absence,
    /// `P` pairing-allocated bye.
    PairingAllocatedBye,
    /// `X` unknown result.
    Unknown,
}

impl PointCode {
    /// Reads a `162` letter.
    pub fn from_char(c: char) -> Option<PointCode> {
        Some(match c {
            'W' => PointCode::Win,
            'D' => PointCode::Draw,
            'L' => PointCode::Loss,
            'A' => PointCode::Absence,
            'P' => PointCode::PairingAllocatedBye,
            'X' => PointCode::Unknown,
            _ => return None,
        })
    }

    /// The letter written for this code.
    pub fn to_char(self) -> char {
        match self {
            PointCode::Win => 'W',
            PointCode::Draw => 'D',
            PointCode::Loss => 'L',
            PointCode::Absence => 'A',
            PointCode::PairingAllocatedBye => 'P',
            PointCode::Unknown => 'X',
        }
    }
}

/// The type of a `299` abnormal point assignment (col 5).
///
/// ```
/// use qiyuan_formats::trf::AbnormalType;
/// assert_eq!(AbnormalType::from_char('+'), Some(AbnormalType::ForfeitWin));
/// assert_eq!(AbnormalType::HalfPointBye.to_char(), 'H');
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AbnormalType {
    /// `W` win.
    Win,
    /// `D` draw.
    Draw,
    /// `L` loss.
    Loss,
    /// `F` full-point bye.
    FullPointBye,
    /// `H` half-point bye.
    HalfPointBye,
    /// `Z` zero-point bye.
    ZeroPointBye,
    /// `+` forfeit win.
    ForfeitWin,
    /// `-` forfeit loss.
    ForfeitLoss,
}

impl AbnormalType {
    /// Reads the type character.
    pub fn from_char(c: char) -> Option<AbnormalType> {
        Some(match c {
            'W' => AbnormalType::Win,
            'D' => AbnormalType::Draw,
            'L' => AbnormalType::Loss,
            'F' => AbnormalType::FullPointBye,
            'H' => AbnormalType::HalfPointBye,
            'Z' => AbnormalType::ZeroPointBye,
            '+' => AbnormalType::ForfeitWin,
            '-' => AbnormalType::ForfeitLoss,
            _ => return None,
        })
    }

    /// The character written for this type.
    pub fn to_char(self) -> char {
        match self {
            AbnormalType::Win => 'W',
            AbnormalType::Draw => 'D',
            AbnormalType::Loss => 'L',
            AbnormalType::FullPointBye => 'F',
            AbnormalType::HalfPointBye => 'H',
            AbnormalType::ZeroPointBye => 'Z',
            AbnormalType::ForfeitWin => '+',
            AbnormalType::ForfeitLoss => '-',
        }
    }
}

/// A `299` record (TRF26): points assigned outside the normal scoring.
///
/// Columns: type at 5; match points 8–11; game points (points, for
/// individuals) 14–17; round 20–22 (`000` or blank: every round); starting
/// ranks at 24–27, 29–32, ….
///
/// ```
/// use qiyuan_formats::trf::{parse_trf, Record, AbnormalPoints, AbnormalType};
/// use rust_decimal::Decimal;
/// let file = parse_trf("299 +         1.0  003   12   15\n299          -1.0  000    7\n")?;
/// assert_eq!(file.records[0], Record::AbnormalPoints(AbnormalPoints {
///     kind: Some(AbnormalType::ForfeitWin), match_points: None, points: Some(Decimal::ONE),
///     round: Some(3), players: vec![12, 15] }));
/// // Blank type: a penalty (or bonus) for every round.
/// let Record::AbnormalPoints(penalty) = &file.records[1] else { panic!() };
/// assert_eq!((penalty.kind, penalty.points, penalty.round), (None, Some(Decimal::new(-1, 0)), None));
/// # Ok::<(), qiyuan_formats::trf::TrfError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AbnormalPoints {
    /// The type; `None` (blank) for a penalty or bonus.
    pub kind: Option<AbnormalType>,
    /// Match points (team events).
    pub match_points: Option<Decimal>,
    /// Game points (team events) or points (individuals).
    pub points: Option<Decimal>,
    /// The round; `None` for every round (`000` or blank).
    pub round: Option<u16>,
    /// Starting ranks of the players (or teams).
    pub players: Vec<u16>,
}

/// An `XXS` code (JaVaFo 2.2 point system).
///
/// ```
/// use qiyuan_formats::trf::{parse_trf, Record, XxsCode};
/// use rust_decimal::Decimal;
/// assert_eq!(parse_trf("XXS WW=1 PAB=0.5")?.records[0],
///     Record::Xxs(vec![(XxsCode::WhiteWin, Decimal::ONE), (XxsCode::PairingAllocatedBye, Decimal::new(5, 1))]));
/// assert_eq!(XxsCode::from_code("FPB"), Some(XxsCode::FullPointBye));
/// # Ok::<(), qiyuan_formats::trf::TrfError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum XxsCode {
    /// `WW` win with white.
    WhiteWin,
    /// `BW` win with black.
    BlackWin,
    /// `WD` draw with white.
    WhiteDraw,
    /// `BD` draw with black.
    BlackDraw,
    /// `WL` loss with white.
    WhiteLoss,
    /// `BL` loss with black.
    BlackLoss,
    /// `ZPB` zero-point bye.
    ZeroPointBye,
    /// `HPB` half-point bye.
    HalfPointBye,
    /// `FPB` full-point bye.
    FullPointBye,
    /// `PAB` pairing-allocated bye.
    PairingAllocatedBye,
    /// `FW` forfeit win.
    ForfeitWin,
    /// `FL` forfeit loss.
    ForfeitLoss,
    /// `W` shortcut: every win.
    Win,
    /// `D` shortcut: every draw.
    Draw,
}

impl XxsCode {
    /// Every code.
    pub const ALL: [XxsCode; 14] = [
        XxsCode::WhiteWin,
        XxsCode::BlackWin,
        XxsCode::WhiteDraw,
        XxsCode::BlackDraw,
        XxsCode::WhiteLoss,
        XxsCode::BlackLoss,
        XxsCode::ZeroPointBye,
        XxsCode::HalfPointBye,
        XxsCode::FullPointBye,
        XxsCode::PairingAllocatedBye,
        XxsCode::ForfeitWin,
        XxsCode::ForfeitLoss,
        XxsCode::Win,
        XxsCode::Draw,
    ];

    /// The code as written.
    pub fn code(self) -> &'static str {
        match self {
            XxsCode::WhiteWin => "WW",
            XxsCode::BlackWin => "BW",
            XxsCode::WhiteDraw => "WD",
            XxsCode::BlackDraw => "BD",
            XxsCode::WhiteLoss => "WL",
            XxsCode::BlackLoss => "BL",
            XxsCode::ZeroPointBye => "ZPB",
            XxsCode::HalfPointBye => "HPB",
            XxsCode::FullPointBye => "FPB",
            XxsCode::PairingAllocatedBye => "PAB",
            XxsCode::ForfeitWin => "FW",
            XxsCode::ForfeitLoss => "FL",
            XxsCode::Win => "W",
            XxsCode::Draw => "D",
        }
    }

    /// Reads a code.
    pub fn from_code(code: &str) -> Option<XxsCode> {
        XxsCode::ALL.into_iter().find(|c| c.code() == code)
    }
}

/// The bbpPairings `BB?` records.
///
/// ```
/// use qiyuan_formats::trf::{parse_trf, Record, BbKind};
/// use rust_decimal::Decimal;
/// assert_eq!(parse_trf("BBZ  0.5")?.records[0], Record::BbPoints { kind: BbKind::ZeroPointBye, points: Decimal::new(5, 1) });
/// assert_eq!(BbKind::from_code("BBF"), Some(BbKind::ForfeitLoss));
/// # Ok::<(), qiyuan_formats::trf::TrfError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BbKind {
    /// `BBW` win.
    Win,
    /// `BBD` draw.
    Draw,
    /// `BBL` played loss.
    Loss,
    /// `BBZ` zero-point bye.
    ZeroPointBye,
    /// `BBF` forfeit loss.
    ForfeitLoss,
    /// `BBU` pairing-allocated bye (defaults to `BBW`).
    PairingAllocatedBye,
}

impl BbKind {
    /// Every kind.
    pub const ALL: [BbKind; 6] = [
        BbKind::Win,
        BbKind::Draw,
        BbKind::Loss,
        BbKind::ZeroPointBye,
        BbKind::ForfeitLoss,
        BbKind::PairingAllocatedBye,
    ];

    /// The record code, e.g. `"BBW"`.
    pub fn code(self) -> &'static str {
        match self {
            BbKind::Win => "BBW",
            BbKind::Draw => "BBD",
            BbKind::Loss => "BBL",
            BbKind::ZeroPointBye => "BBZ",
            BbKind::ForfeitLoss => "BBF",
            BbKind::PairingAllocatedBye => "BBU",
        }
    }

    /// Reads a record code.
    pub fn from_code(code: &str) -> Option<BbKind> {
        BbKind::ALL.into_iter().find(|k| k.code() == code)
    }
}
