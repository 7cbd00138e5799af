//! Basic value types: colours, pieces, squares and moves.
//!
//! Every type here can only hold a meaningful value: a [`Square`] is always
//! one of the 90 points of the board, a [`Move`] always joins two different
//! squares, a [`Piece`] is always one of the 14 coloured pieces.

use std::fmt;

/// The two sides. Red (红) moves first and sits at the bottom (ranks 0–4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// 红方 — moves first, written upper case in FEN, `w` as side to move.
    Red = 0,
    /// 黑方 — written lower case in FEN, `b` as side to move.
    Black = 1,
}

impl Color {
    /// The other side.
    #[inline]
    #[must_use]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// 0 for Red, 1 for Black (for indexing tables).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.opponent()
    }
}

/// The seven kinds of piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceKind {
    /// 帅/将, the general (FEN `K`).
    King = 0,
    /// 仕/士, the advisor (FEN `A`).
    Advisor = 1,
    /// 相/象, the elephant (FEN `B`, also `E`).
    Elephant = 2,
    /// 马, the horse (FEN `N`, also `H`).
    Horse = 3,
    /// 车, the chariot or rook (FEN `R`).
    Rook = 4,
    /// 炮, the cannon (FEN `C`).
    Cannon = 5,
    /// 兵/卒, the pawn or soldier (FEN `P`).
    Pawn = 6,
}

impl PieceKind {
    /// All kinds, in FEN letter order `K A B N R C P`.
    pub const ALL: [PieceKind; 7] = [
        PieceKind::King,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Rook,
        PieceKind::Cannon,
        PieceKind::Pawn,
    ];

    /// The canonical upper-case FEN letter (`K A B N R C P`).
    #[must_use]
    pub const fn fen_letter(self) -> char {
        match self {
            PieceKind::King => 'K',
            PieceKind::Advisor => 'A',
            PieceKind::Elephant => 'B',
            PieceKind::Horse => 'N',
            PieceKind::Rook => 'R',
            PieceKind::Cannon => 'C',
            PieceKind::Pawn => 'P',
        }
    }

    /// The piece's name as Chinese notation writes it for `color`
    /// (simplified): 帅/将, 仕/士, 相/象, 马, 车, 炮, 兵/卒.
    ///
    /// ```
    /// use qiyuan_xiangqi::{Color, PieceKind};
    /// assert_eq!(PieceKind::King.chinese(Color::Red), '帅');
    /// assert_eq!(PieceKind::Pawn.chinese(Color::Black), '卒');
    /// ```
    #[must_use]
    pub const fn chinese(self, color: Color) -> char {
        match (color, self) {
            (Color::Red, PieceKind::King) => '帅',
            (Color::Black, PieceKind::King) => '将',
            (Color::Red, PieceKind::Advisor) => '仕',
            (Color::Black, PieceKind::Advisor) => '士',
            (Color::Red, PieceKind::Elephant) => '相',
            (Color::Black, PieceKind::Elephant) => '象',
            (_, PieceKind::Horse) => '马',
            (_, PieceKind::Rook) => '车',
            (_, PieceKind::Cannon) => '炮',
            (Color::Red, PieceKind::Pawn) => '兵',
            (Color::Black, PieceKind::Pawn) => '卒',
        }
    }

    /// The kind a Chinese character names in move notation, simplified or
    /// traditional, red's or black's (帅/将, 仕/士, 相/象, 马/傌, 车/俥, 炮/包,
    /// 兵/卒).
    ///
    /// ```
    /// use qiyuan_xiangqi::PieceKind;
    /// assert_eq!(PieceKind::from_chinese('傌'), Some(PieceKind::Horse));
    /// assert_eq!(PieceKind::from_chinese('进'), None);
    /// ```
    #[must_use]
    pub const fn from_chinese(c: char) -> Option<PieceKind> {
        Some(match c {
            '帅' | '帥' | '将' | '將' => PieceKind::King,
            '仕' | '士' => PieceKind::Advisor,
            '相' | '象' => PieceKind::Elephant,
            '马' | '馬' | '傌' => PieceKind::Horse,
            '车' | '車' | '俥' | '硨' => PieceKind::Rook,
            '炮' | '砲' | '包' => PieceKind::Cannon,
            '兵' | '卒' => PieceKind::Pawn,
            _ => return None,
        })
    }

    /// Reads a FEN letter, either case, accepting the variants `H` (horse)
    /// and `E` (elephant).
    #[must_use]
    pub const fn from_fen_letter(c: char) -> Option<PieceKind> {
        match c.to_ascii_uppercase() {
            'K' => Some(PieceKind::King),
            'A' => Some(PieceKind::Advisor),
            'B' | 'E' => Some(PieceKind::Elephant),
            'N' | 'H' => Some(PieceKind::Horse),
            'R' => Some(PieceKind::Rook),
            'C' => Some(PieceKind::Cannon),
            'P' => Some(PieceKind::Pawn),
            _ => None,
        }
    }
}

/// A coloured piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// What it is.
    pub kind: PieceKind,
}

impl Piece {
    /// Builds a piece.
    #[inline]
    #[must_use]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// 0..14 (Red kinds then Black kinds), for indexing tables.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.color as usize * 7 + self.kind as usize
    }

    /// The FEN letter: upper case for Red, lower case for Black.
    #[must_use]
    pub const fn fen_char(self) -> char {
        let c = self.kind.fen_letter();
        match self.color {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// Reads a FEN letter (`KABNRCP` / `kabnrcp`, plus `H`/`E` variants).
    #[must_use]
    pub const fn from_fen_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        match PieceKind::from_fen_letter(c) {
            Some(kind) => Some(Piece { color, kind }),
            None => None,
        }
    }
}

/// One of the 90 points of the board.
///
/// Files `a`–`i` (0–8) run left to right from Red's side, ranks 0–9 run from
/// Red's back rank to Black's (ICCS coordinates: the Red king starts on `e0`).
/// The index is `rank * 9 + file`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of squares.
    pub const COUNT: usize = 90;

    /// The square at `file` (0–8) and `rank` (0–9), if both are on the board.
    #[inline]
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 10 {
            Some(Square(rank * 9 + file))
        } else {
            None
        }
    }

    /// The square with index `rank * 9 + file`, if below 90.
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 90 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// Internal: caller guarantees `index < 90`.
    #[inline]
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!(index < 90);
        Square(index)
    }

    /// `rank * 9 + file`, in 0..90.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0–8 (`a`–`i`).
    #[inline]
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % 9
    }

    /// Rank 0–9 (0 is Red's back rank).
    #[inline]
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / 9
    }

    /// Reads ICCS coordinates such as `e0` or `H2` (file letter, rank digit).
    #[must_use]
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let f = chars.next()?.to_ascii_lowercase();
        let r = chars.next()?;
        if chars.next().is_some() || !('a'..='i').contains(&f) || !r.is_ascii_digit() {
            return None;
        }
        Square::new(f as u8 - b'a', r as u8 - b'0')
    }
}

impl fmt::Display for Square {
    /// ICCS coordinates, e.g. `e0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A move from one square to another (captures are implied by the board).
///
/// `Display` writes the ICCS/UCCI form, e.g. `h2e2`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    from: Square,
    to: Square,
}

impl Move {
    /// A move between two different squares; `None` if they are equal.
    #[inline]
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Option<Move> {
        if from.0 == to.0 {
            None
        } else {
            Some(Move { from, to })
        }
    }

    #[inline]
    pub(crate) const fn new_unchecked(from: u8, to: u8) -> Move {
        Move {
            from: Square(from),
            to: Square(to),
        }
    }

    /// Where the piece starts.
    #[inline]
    #[must_use]
    pub const fn from(self) -> Square {
        self.from
    }

    /// Where the piece lands.
    #[inline]
    #[must_use]
    pub const fn to(self) -> Square {
        self.to
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
