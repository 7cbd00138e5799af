//! The `001` player record: the player's fields and his round cells
//! (opponent, colour, result code).

use rust_decimal::Decimal;

use super::PointSystem;

/// Sex, column 10 of a player record (`m` or `w`: [`Sex::trf_code`]).
pub use qiyuan_vocab::Sex;

/// A player record, `001`.
///
/// Text fields are trimmed (the name keeps leading spaces); a blank numeric
/// field is `None`.
///
/// ```
/// use qiyuan_formats::trf::{parse_trf, Record};
/// use rust_decimal::Decimal;
///
/// let file = parse_trf("001    7 wWGM Wang, Wu                          2405 CHN     8600007 2001/00/00  2.5   12  0000 - H\n")?;
/// let p = file.player(7).unwrap();
/// assert_eq!(p.title.as_deref(), Some("WGM"));
/// assert_eq!(p.federation.as_deref(), Some("CHN"));
/// assert_eq!(p.fide_id, Some(8600007));
/// assert_eq!(p.birth_year(), Some(2001));
/// assert_eq!(p.points, Some(Decimal::new(25, 1)));
/// assert_eq!(p.rank, Some(12));
/// assert_eq!(p.round(1).opponent, None);
/// # Ok::<(), qiyuan_formats::trf::TrfError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRecord {
    /// Starting rank (pairing number), cols 5–8, 1..=9999.
    pub start_number: u16,
    /// Sex, col 10.
    pub sex: Option<Sex>,
    /// Title, cols 11–13 (`GM`, `IM`, `WGM`, … as written, case kept).
    pub title: Option<String>,
    /// Name, cols 15–47, "Lastname, Firstname" (at most 33 characters).
    pub name: String,
    /// FIDE rating, cols 49–52.
    pub rating: Option<u16>,
    /// FIDE federation, cols 54–56.
    pub federation: Option<String>,
    /// FIDE id, cols 58–68.
    pub fide_id: Option<u64>,
    /// Birth date, cols 70–79, as written: `YYYY/MM/DD` (month and day may
    /// be `00`) or `YYYY`. See [`PlayerRecord::birth_year`] and
    /// [`PlayerRecord::birth_date`].
    pub birth_date: Option<String>,
    /// Points, cols 81–84 (the decimal keeps its written scale: `3` stays
    /// `3`, `3.0` stays `3.0`).
    pub points: Option<Decimal>,
    /// Rank, cols 86–89.
    pub rank: Option<u16>,
    /// Round blocks from col 92, 10 columns each: `rounds[r - 1]` is round
    /// `r`. Blank blocks after the last non-blank one are not stored; use
    /// [`PlayerRecord::round`] to read any round.
    pub rounds: Vec<RoundEntry>,
}

impl PlayerRecord {
    /// A player with the given starting rank and name and every other field empty.
    ///
    /// ```
    /// use qiyuan_formats::trf::PlayerRecord;
    /// let p = PlayerRecord::new(3, "Zhao, Liu");
    /// assert_eq!(p.start_number, 3);
    /// assert!(p.rounds.is_empty());
    /// ```
    pub fn new(start_number: u16, name: impl Into<String>) -> PlayerRecord {
        PlayerRecord {
            start_number,
            sex: None,
            title: None,
            name: name.into(),
            rating: None,
            federation: None,
            fide_id: None,
            birth_date: None,
            points: None,
            rank: None,
            rounds: Vec::new(),
        }
    }

    /// Round `round` (1-based); a blank entry when the record has no such block.
    ///
    /// ```
    /// use qiyuan_formats::trf::{PlayerRecord, RoundEntry};
    /// assert_eq!(PlayerRecord::new(1, "A").round(4), RoundEntry::BLANK);
    /// ```
    pub fn round(&self, round: usize) -> RoundEntry {
        round
            .checked_sub(1)
            .and_then(|i| self.rounds.get(i))
            .copied()
            .unwrap_or(RoundEntry::BLANK)
    }

    /// The year of birth, when the birth date field holds one.
    pub fn birth_year(&self) -> Option<u16> {
        self.birth_date.as_deref()?.get(0..4)?.parse().ok()
    }

    /// The full birth date, when the field holds a real date (not `00` month or day).
    ///
    /// ```
    /// use qiyuan_formats::trf::PlayerRecord;
    /// let mut p = PlayerRecord::new(1, "A");
    /// p.birth_date = Some("1990/02/28".into());
    /// assert_eq!(p.birth_date().unwrap().to_string(), "1990-02-28");
    /// p.birth_date = Some("1990/00/00".into());
    /// assert_eq!(p.birth_date(), None);
    /// ```
    pub fn birth_date(&self) -> Option<chrono::NaiveDate> {
        chrono::NaiveDate::parse_from_str(self.birth_date.as_deref()?, "%Y/%m/%d").ok()
    }

    /// The sum of this player's results under `system` (what the points
    /// column should hold).
    ///
    /// ```
    /// use qiyuan_formats::trf::{parse_trf, PointSystem};
    /// use rust_decimal::Decimal;
    /// let file = parse_trf("001    1      A                                                                  1.5          2 w =  0000 - U\n001    2      B                                                                  0.5          1 b =\n")?;
    /// // round 1 draw (½) + round 2 pairing-allocated bye (1) = 1.5
    /// assert_eq!(file.player(1).unwrap().computed_points(&PointSystem::STANDARD), Decimal::new(15, 1));
    /// # Ok::<(), qiyuan_formats::trf::TrfError>(())
    /// ```
    pub fn computed_points(&self, system: &PointSystem) -> Decimal {
        self.rounds.iter().map(|e| system.points(e.result)).sum()
    }
}

/// One round block of a player record (cols 92–99 for round 1, +10 per round).
///
/// ```
/// use qiyuan_formats::trf::{RoundEntry, RoundColour, ResultCode};
/// // "  12 b =": a draw with black against starting rank 12.
/// let e = RoundEntry { opponent: Some(12), colour: RoundColour::Black, result: ResultCode::Draw };
/// assert!(!e.is_blank());
/// assert!(RoundEntry::BLANK.is_blank());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RoundEntry {
    /// The opponent's starting rank; `None` for `0000` or blank (bye, absence).
    pub opponent: Option<u16>,
    /// The colour column.
    pub colour: RoundColour,
    /// The result column.
    pub result: ResultCode,
}

impl RoundEntry {
    /// A block that is all blanks (≡ `0000 - Z`).
    pub const BLANK: RoundEntry = RoundEntry {
        opponent: None,
        colour: RoundColour::Blank,
        result: ResultCode::Blank,
    };

    /// True for an all-blank block.
    pub fn is_blank(&self) -> bool {
        *self == RoundEntry::BLANK
    }
}

/// The colour column of a round block.
///
/// ```
/// use qiyuan_formats::trf::RoundColour;
/// assert_eq!(RoundColour::from_char('b'), Some(RoundColour::Black));
/// assert_eq!(RoundColour::Black.to_char(), 'b');
/// assert_eq!(RoundColour::from_char('x'), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RoundColour {
    /// `w`.
    White,
    /// `b`.
    Black,
    /// `-`: no colour (bye, not paired, forfeit with unknown colour).
    NoColour,
    /// Blank, equivalent to `-`.
    Blank,
}

impl RoundColour {
    /// Reads a colour character (`w`, `b`, `-`, space; `W`/`B` are accepted too).
    pub fn from_char(c: char) -> Option<RoundColour> {
        match c {
            'w' | 'W' => Some(RoundColour::White),
            'b' | 'B' => Some(RoundColour::Black),
            '-' => Some(RoundColour::NoColour),
            ' ' => Some(RoundColour::Blank),
            _ => None,
        }
    }

    /// The character written for this colour.
    pub fn to_char(self) -> char {
        match self {
            RoundColour::White => 'w',
            RoundColour::Black => 'b',
            RoundColour::NoColour => '-',
            RoundColour::Blank => ' ',
        }
    }

    /// True for `w` and `b`.
    pub fn is_colour(self) -> bool {
        matches!(self, RoundColour::White | RoundColour::Black)
    }
}

/// The result column of a round block.
///
/// ```
/// use qiyuan_formats::trf::ResultCode;
/// assert_eq!(ResultCode::from_char('='), Some(ResultCode::Draw));
/// assert_eq!(ResultCode::from_char('h'), Some(ResultCode::HalfPointBye)); // letters: any case
/// assert_eq!(ResultCode::HalfPointBye.to_char(), 'H');
/// assert!(ResultCode::Win.is_over_the_board());
/// assert!(!ResultCode::ForfeitWin.is_over_the_board());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ResultCode {
    /// `1` win.
    Win,
    /// `=` draw.
    Draw,
    /// `0` loss.
    Loss,
    /// `+` forfeit win.
    ForfeitWin,
    /// `-` forfeit loss.
    ForfeitLoss,
    /// `W` win, game lasted less than one move (not rated).
    UnratedWin,
    /// `D` draw, game lasted less than one move (not rated).
    UnratedDraw,
    /// `L` loss, game lasted less than one move (not rated).
    UnratedLoss,
    /// `H` half-point bye.
    HalfPointBye,
    /// `F` full-point bye.
    FullPointBye,
    /// `U` pairing-allocated bye.
    PairingAllocatedBye,
    /// `Z` zero-point bye (known absence).
    ZeroPointBye,
    /// Blank, equivalent to `Z`.
    Blank,
}

impl ResultCode {
    /// Reads a result character; letters in either case.
    pub fn from_char(c: char) -> Option<ResultCode> {
        Some(match c {
            '1' => ResultCode::Win,
            '=' => ResultCode::Draw,
            '0' => ResultCode::Loss,
            '+' => ResultCode::ForfeitWin,
            '-' => ResultCode::ForfeitLoss,
            'W' | 'w' => ResultCode::UnratedWin,
            'D' | 'd' => ResultCode::UnratedDraw,
            'L' | 'l' => ResultCode::UnratedLoss,
            'H' | 'h' => ResultCode::HalfPointBye,
            'F' | 'f' => ResultCode::FullPointBye,
            'U' | 'u' => ResultCode::PairingAllocatedBye,
            'Z' | 'z' => ResultCode::ZeroPointBye,
            ' ' => ResultCode::Blank,
            _ => return None,
        })
    }

    /// The character written for this result (letters upper case).
    pub fn to_char(self) -> char {
        match self {
            ResultCode::Win => '1',
            ResultCode::Draw => '=',
            ResultCode::Loss => '0',
            ResultCode::ForfeitWin => '+',
            ResultCode::ForfeitLoss => '-',
            ResultCode::UnratedWin => 'W',
            ResultCode::UnratedDraw => 'D',
            ResultCode::UnratedLoss => 'L',
            ResultCode::HalfPointBye => 'H',
            ResultCode::FullPointBye => 'F',
            ResultCode::PairingAllocatedBye => 'U',
            ResultCode::ZeroPointBye => 'Z',
            ResultCode::Blank => ' ',
        }
    }

    /// `1`, `=`, `0`: a game played over the board (and rated).
    pub fn is_over_the_board(self) -> bool {
        matches!(self, ResultCode::Win | ResultCode::Draw | ResultCode::Loss)
    }

    /// Results that need an opponent: `1 = 0 + - W D L`.
    pub fn needs_opponent(self) -> bool {
        matches!(
            self,
            ResultCode::Win
                | ResultCode::Draw
                | ResultCode::Loss
                | ResultCode::ForfeitWin
                | ResultCode::ForfeitLoss
                | ResultCode::UnratedWin
                | ResultCode::UnratedDraw
                | ResultCode::UnratedLoss
        )
    }

    /// Byes and absences: `H F U Z` and blank (no opponent).
    pub fn is_bye(self) -> bool {
        !self.needs_opponent()
    }

    /// The result the opponent must have for the two blocks to agree
    /// (`-` may also face `-`: a double forfeit); `None` for byes.
    ///
    /// ```
    /// use qiyuan_formats::trf::ResultCode;
    /// assert_eq!(ResultCode::Win.mirror(), Some(ResultCode::Loss));
    /// assert_eq!(ResultCode::UnratedDraw.mirror(), Some(ResultCode::UnratedDraw));
    /// ```
    pub fn mirror(self) -> Option<ResultCode> {
        Some(match self {
            ResultCode::Win => ResultCode::Loss,
            ResultCode::Loss => ResultCode::Win,
            ResultCode::Draw => ResultCode::Draw,
            ResultCode::ForfeitWin => ResultCode::ForfeitLoss,
            ResultCode::ForfeitLoss => ResultCode::ForfeitWin,
            ResultCode::UnratedWin => ResultCode::UnratedLoss,
            ResultCode::UnratedLoss => ResultCode::UnratedWin,
            ResultCode::UnratedDraw => ResultCode::UnratedDraw,
            _ => return None,
        })
    }
}
