//! FEN reading and writing (xqbase / UCCI FEN, see `xiangqi-notation.md` §2).
//!
//! Input is tolerant: `N`/`H` for the horse, `B`/`E` for the elephant, `w`/`r`
//! for Red to move; fields 3–6 (`- - 0 1`) are optional. Output is canonical:
//! `KABNRCP`, `w`/`b`, all six fields.

use std::str::FromStr;

use crate::Lang;
use crate::position::Position;
use crate::types::{Color, Piece, PieceKind, Square};

/// What is wrong with a FEN string. Ranks are given both as the FEN row
/// (1 = first row written, Black's back rank) and as the board rank (0–9,
/// 0 = Red's back rank).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Nothing but white space.
    #[error("empty FEN")]
    Empty,
    /// The placement field does not have 10 ranks.
    #[error("the placement field has {found} ranks separated by '/', expected 10")]
    RankCount {
        /// Ranks found.
        found: usize,
    },
    /// A character in the placement that is neither a piece letter nor 1–9.
    #[error("FEN row {row} (rank {rank}): unexpected character {ch:?}")]
    BadChar {
        /// FEN row, 1–10.
        row: usize,
        /// Board rank, 9–0.
        rank: u8,
        /// The character.
        ch: char,
    },
    /// A rank that does not describe exactly 9 files.
    #[error("FEN row {row} (rank {rank}) describes {files} files, expected 9")]
    RankWidth {
        /// FEN row, 1–10.
        row: usize,
        /// Board rank, 9–0.
        rank: u8,
        /// Files described.
        files: usize,
    },
    /// The side to move is missing.
    #[error("field 2 (side to move) is missing")]
    MissingSide,
    /// Field 2 is not `w`, `r` or `b`.
    #[error("field 2 (side to move) is {0:?}, expected w, r or b")]
    BadSide(String),
    /// Fields 3 or 4 are not `-`, or fields 5 or 6 are not numbers, or there
    /// are more than 6 fields.
    #[error("field {field} ({name}) is {value:?}: {expected}")]
    BadField {
        /// Field number, 3–7.
        field: usize,
        /// Field name.
        name: &'static str,
        /// The text found.
        value: String,
        /// What was expected.
        expected: &'static str,
    },
    /// A side does not have exactly one king.
    #[error("{color:?} has {count} kings, expected exactly 1")]
    KingCount {
        /// The side.
        color: Color,
        /// Kings found.
        count: usize,
    },
    /// More pieces of a kind than a side starts with.
    #[error("{color:?} has {count} pieces of kind {kind:?}, at most {max} allowed")]
    TooMany {
        /// The side.
        color: Color,
        /// The kind.
        kind: PieceKind,
        /// How many were found.
        count: usize,
        /// The most a side has.
        max: usize,
    },
    /// A piece on a point it can never reach (king or advisor outside the
    /// palace, elephant off its seven points, pawn behind its start or on a
    /// wrong file before crossing the river).
    #[error("{piece} on {square}: {reason}")]
    BadSquare {
        /// FEN letter of the piece.
        piece: char,
        /// Where it stands.
        square: Square,
        /// Why it cannot stand there.
        reason: &'static str,
    },
    /// The kings face each other on an open file (对脸).
    #[error("the kings face each other on an open file")]
    KingsFacing,
    /// The side that has just moved is in check: its king could be taken.
    #[error("the side not to move ({0:?}) is in check")]
    OpponentInCheck(Color),
}

impl FenError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    ///
    /// ```
    /// use qiyuan_xiangqi::{Lang, Position};
    /// let e = Position::from_fen("rnbakabnr/9/9 w").unwrap_err();
    /// assert_eq!(e.text(Lang::En), e.to_string());
    /// assert_eq!(e.text(Lang::Zh), "棋子布局有 3 行（以“/”分隔），应为 10 行");
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            FenError::Empty => "FEN 为空".to_string(),
            FenError::RankCount { found } => {
                format!("棋子布局有 {found} 行（以“/”分隔），应为 10 行")
            }
            FenError::BadChar { row, rank, ch } => {
                format!("FEN 第 {row} 行（横线 {rank}）：意外的字符 `{ch}`")
            }
            FenError::RankWidth { row, rank, files } => {
                format!("FEN 第 {row} 行（横线 {rank}）描述了 {files} 路，应为 9 路")
            }
            FenError::MissingSide => "缺少第 2 个字段（走棋方）".to_string(),
            FenError::BadSide(v) => {
                format!("第 2 个字段（走棋方）为 `{v}`，应为 `w`、`r` 或 `b`")
            }
            FenError::BadField {
                field,
                name,
                value,
                expected,
            } => format!(
                "第 {field} 个字段（{}）为 `{value}`：{}",
                field_name_zh(name),
                expected_zh(expected)
            ),
            FenError::KingCount { color, count } => format!(
                "{}有 {count} 个{}，应恰好 1 个",
                color_zh(*color),
                PieceKind::King.chinese(*color)
            ),
            FenError::TooMany {
                color,
                kind,
                count,
                max,
            } => format!(
                "{}有 {count} 个{}，最多 {max} 个",
                color_zh(*color),
                kind.chinese(*color)
            ),
            FenError::BadSquare {
                piece,
                square,
                reason,
            } => format!("`{piece}` 在 {square}：{}", square_reason_zh(reason)),
            FenError::KingsFacing => "双方帅将在同一直线上对面（中间无子）".to_string(),
            FenError::OpponentInCheck(color) => {
                format!("非走棋方（{}）正被将军", color_zh(*color))
            }
        }
    }
}

/// 红方 or 黑方, as the vocabulary words the first and second mover.
pub(crate) fn color_zh(color: Color) -> &'static str {
    let colour = match color {
        Color::Red => qiyuan_vocab::Colour::White,
        Color::Black => qiyuan_vocab::Colour::Black,
    };
    colour.label(qiyuan_vocab::GameKind::Xiangqi, Lang::Zh)
}

fn field_name_zh(name: &str) -> &str {
    match name {
        "castling" => "易位权",
        "en passant" => "吃过路兵",
        "half-move clock" => "半回合计数",
        "move number" => "回合数",
        "extra" => "多余字段",
        other => other,
    }
}

fn expected_zh(expected: &str) -> &str {
    match expected {
        "always '-' in xiangqi" => "象棋中此字段总是 `-`",
        "a number of plies" => "应为步数（半回合数）",
        "a number from 1" => "应为从 1 起的数字",
        "at most 6 fields" => "最多 6 个字段",
        _ => "取值有误",
    }
}

fn square_reason_zh(reason: &str) -> &str {
    match reason {
        "the king stays in its palace" => "帅（将）只能在九宫内",
        "an advisor stands on the five points of its palace's diagonals" => {
            "仕（士）只能在九宫斜线的五个点上"
        }
        "an elephant stands on one of its side's seven elephant points" => {
            "相（象）只能在本方的七个相位上"
        }
        "a pawn never stands behind its starting rank" => "兵（卒）不会在其起始横线之后",
        "a pawn that has not crossed the river stays on its starting file" => {
            "未过河的兵（卒）只能在其起始直线上"
        }
        _ => "棋子不可能在此位置",
    }
}

fn check_square(piece: Piece, sq: Square) -> Result<(), FenError> {
    let (f, r) = (sq.file(), sq.rank());
    // Rank counted from the piece's own back rank.
    let own_rank = match piece.color {
        Color::Red => r,
        Color::Black => 9 - r,
    };
    let bad = |reason| {
        Err(FenError::BadSquare {
            piece: piece.fen_char(),
            square: sq,
            reason,
        })
    };
    match piece.kind {
        PieceKind::King if !(3..=5).contains(&f) || own_rank > 2 => {
            bad("the king stays in its palace")
        }
        PieceKind::Advisor if !matches!((f, own_rank), (3 | 5, 0 | 2) | (4, 1)) => {
            bad("an advisor stands on the five points of its palace's diagonals")
        }
        PieceKind::Elephant if !matches!((f, own_rank), (2 | 6, 0 | 4) | (0 | 4 | 8, 2)) => {
            bad("an elephant stands on one of its side's seven elephant points")
        }
        PieceKind::Pawn if own_rank < 3 => bad("a pawn never stands behind its starting rank"),
        PieceKind::Pawn if own_rank < 5 && f % 2 == 1 => {
            bad("a pawn that has not crossed the river stays on its starting file")
        }
        _ => Ok(()),
    }
}

impl Position {
    /// Reads a FEN string.
    ///
    /// ```
    /// use qiyuan_xiangqi::Position;
    /// // WXF letters and `r` for Red are accepted; the output is canonical.
    /// let pos = Position::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r").unwrap();
    /// assert_eq!(pos.to_fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    /// assert!(Position::from_fen("rnbakabnr/9/1c5c1").is_err());
    /// ```
    ///
    /// # Errors
    /// A [`FenError`] naming the wrong field, rank or piece.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or(FenError::Empty)?;
        let rows: Vec<&str> = placement.split('/').collect();
        if rows.len() != 10 {
            return Err(FenError::RankCount { found: rows.len() });
        }
        let mut pos = Position::empty();
        let mut counts = [[0usize; 7]; 2];
        for (i, row) in rows.iter().enumerate() {
            let rank = 9 - i as u8;
            let mut file = 0usize;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10).filter(|d| (1..=9).contains(d)) {
                    file += d as usize;
                } else if let Some(piece) = Piece::from_fen_char(ch) {
                    if file < 9 {
                        let sq = Square::new(file as u8, rank).expect("file < 9, rank < 10");
                        check_square(piece, sq)?;
                        pos.put(sq, piece);
                        counts[piece.color.index()][piece.kind as usize] += 1;
                    }
                    file += 1;
                } else {
                    return Err(FenError::BadChar {
                        row: i + 1,
                        rank,
                        ch,
                    });
                }
            }
            if file != 9 {
                return Err(FenError::RankWidth {
                    row: i + 1,
                    rank,
                    files: file,
                });
            }
        }
        for color in [Color::Red, Color::Black] {
            for kind in PieceKind::ALL {
                let count = counts[color.index()][kind as usize];
                let max = match kind {
                    PieceKind::King => 1,
                    PieceKind::Pawn => 5,
                    _ => 2,
                };
                if kind == PieceKind::King && count != 1 {
                    return Err(FenError::KingCount { color, count });
                }
                if count > max {
                    return Err(FenError::TooMany {
                        color,
                        kind,
                        count,
                        max,
                    });
                }
            }
        }
        let side = match fields.next() {
            None => return Err(FenError::MissingSide),
            Some("w" | "W" | "r" | "R") => Color::Red,
            Some("b" | "B") => Color::Black,
            Some(other) => return Err(FenError::BadSide(other.to_string())),
        };
        pos.set_side(side);
        for (field, name) in [(3, "castling"), (4, "en passant")] {
            if let Some(v) = fields.next() {
                if v != "-" {
                    return Err(FenError::BadField {
                        field,
                        name,
                        value: v.to_string(),
                        expected: "always '-' in xiangqi",
                    });
                }
            }
        }
        if let Some(v) = fields.next() {
            pos.halfmove = v.parse().map_err(|_| FenError::BadField {
                field: 5,
                name: "half-move clock",
                value: v.to_string(),
                expected: "a number of plies",
            })?;
        }
        if let Some(v) = fields.next() {
            pos.fullmove =
                v.parse()
                    .ok()
                    .filter(|&n: &u32| n >= 1)
                    .ok_or_else(|| FenError::BadField {
                        field: 6,
                        name: "move number",
                        value: v.to_string(),
                        expected: "a number from 1",
                    })?;
        }
        if let Some(v) = fields.next() {
            return Err(FenError::BadField {
                field: 7,
                name: "extra",
                value: v.to_string(),
                expected: "at most 6 fields",
            });
        }
        let (rk, bk) = (pos.kings[0], pos.kings[1]);
        if rk % 9 == bk % 9
            && (rk + 9..bk)
                .step_by(9)
                .all(|s| pos.board[s as usize].is_none())
        {
            return Err(FenError::KingsFacing);
        }
        if pos.is_check(!side) {
            return Err(FenError::OpponentInCheck(!side));
        }
        Ok(pos)
    }

    /// Writes the canonical FEN (`KABNRCP` letters, `w`/`b`, six fields).
    #[must_use]
    pub fn to_fen(&self) -> String {
        let mut out = String::with_capacity(80);
        for rank in (0..10u8).rev() {
            let mut empty = 0;
            for file in 0..9u8 {
                let sq = Square::new(file, rank).expect("on the board");
                match self.piece_at(sq) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(p.fen_char());
                    }
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let side = if self.side == Color::Red { 'w' } else { 'b' };
        out.push_str(&format!(" {side} - - {} {}", self.halfmove, self.fullmove));
        out
    }
}

impl FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Position::from_fen(s)
    }
}

impl std::fmt::Display for Position {
    /// The FEN.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_fen())
    }
}
