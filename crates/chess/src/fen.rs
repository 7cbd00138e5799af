//! FEN, X-FEN and Shredder-FEN reading and writing.
//!
//! cozy-chess reads strict six-field FEN with `KQkq` meaning the rooks on the
//! `a` and `h` files, or Shredder-FEN with file letters. Real files also carry
//! four-field EPD positions, X-FEN (`KQkq` meaning the *outermost* rook on
//! each side of the king, as Chess960 tools write), and halfmove clocks above
//! 100 (the 75-move rule, FIDE Laws 9.6.2, needs clocks up to 150 and more).
//! This module accepts all of those and keeps the full clock itself.

use cozy_chess::{Board, Color, File, Piece, Rank, Square};
use qiyuan_vocab::Lang;
use thiserror::Error;

/// What is wrong with a FEN string.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// Fewer than four or more than six space-separated fields.
    #[error(
        "FEN needs 4 to 6 fields (placement, side, castling, en passant[, halfmove, fullmove]), found {0}"
    )]
    FieldCount(usize),
    /// The piece placement field is malformed or the position is impossible
    /// (kings missing, pawns on the first/last rank, side not to move in check...).
    #[error("invalid piece placement or impossible position: `{0}`")]
    Placement(String),
    /// The side to move is not `w` or `b`.
    #[error("side to move must be `w` or `b`, found `{0}`")]
    SideToMove(String),
    /// A castling letter has no matching rook or king on the back rank.
    #[error("invalid castling rights `{0}`")]
    Castling(String),
    /// The en passant field is not `-` or a square on the right rank (a
    /// square on the right rank that no capture can use is ignored, not an
    /// error: see [`parse_fen`]).
    #[error("invalid en passant square `{0}`")]
    EnPassant(String),
    /// The halfmove clock is not a number.
    #[error("invalid halfmove clock `{0}`")]
    HalfmoveClock(String),
    /// The fullmove number is not a number from 1 to 65535.
    #[error("invalid fullmove number `{0}`")]
    FullmoveNumber(String),
}

impl FenError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            FenError::FieldCount(n) => format!(
                "FEN 需要 4 至 6 个字段（棋子布局、走棋方、易位权、吃过路兵[、半回合计数、回合数]），实有 {n} 个"
            ),
            FenError::Placement(t) => format!("棋子布局无效或局面不可能出现：`{t}`"),
            FenError::SideToMove(t) => format!("走棋方应为 `w` 或 `b`，实为 `{t}`"),
            FenError::Castling(t) => format!("易位权无效：`{t}`"),
            FenError::EnPassant(t) => format!("吃过路兵的格子无效：`{t}`"),
            FenError::HalfmoveClock(t) => format!("半回合计数无效：`{t}`"),
            FenError::FullmoveNumber(t) => format!("回合数无效：`{t}`"),
        }
    }
}

/// A position read from FEN: the board plus the full halfmove clock (cozy-chess
/// caps its own clock at 100).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The position (its own halfmove clock is capped at 100).
    pub board: Board,
    /// Halfmoves since the last capture or pawn move, uncapped.
    pub halfmove_clock: u32,
}

impl Setup {
    /// The standard starting position.
    pub fn startpos() -> Self {
        Setup {
            board: Board::default(),
            halfmove_clock: 0,
        }
    }
}

/// Reads a FEN, X-FEN or Shredder-FEN position (4 to 6 fields; missing clocks
/// default to `0 1`).
///
/// An en-passant square on the right rank that the position cannot have
/// come from (FEN written before 2020 set it after every double push, and
/// some files set it where the push cannot have happened) is ignored: the
/// position reads as with `-`.
///
/// ```
/// use qiyuan_chess::fen::parse_fen;
/// let s = parse_fen("8/8/8/8/8/8/6k1/4K2R w K - 120 90").unwrap();
/// assert_eq!(s.halfmove_clock, 120);
/// // X-FEN: `K` is the outermost rook on the king's h-side, here on e1.
/// let x = parse_fen("r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq -").unwrap();
/// assert_eq!(x.board.castle_rights(cozy_chess::Color::White).short, Some(cozy_chess::File::E));
/// // The queen's check cannot have come from d2-d4: the square is ignored.
/// let e = parse_fen("8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3").unwrap();
/// assert_eq!(e.board.en_passant(), None);
/// ```
pub fn parse_fen(fen: &str) -> Result<Setup, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(FenError::FieldCount(fields.len()));
    }
    let (placement, side, castling, ep) = (fields[0], fields[1], fields[2], fields[3]);
    if side != "w" && side != "b" {
        return Err(FenError::SideToMove(side.to_string()));
    }
    let halfmove_clock: u32 = match fields.get(4) {
        None => 0,
        Some(h) => h
            .parse()
            .map_err(|_| FenError::HalfmoveClock(h.to_string()))?,
    };
    let fullmove: u32 = match fields.get(5) {
        None => 1,
        Some(f) => f
            .parse()
            .map_err(|_| FenError::FullmoveNumber(f.to_string()))?,
    };
    // Some writers put 0 here; the count starts at 1 (PGN standard 16.1.3.6).
    let fullmove = fullmove.max(1);
    if fullmove > u32::from(u16::MAX) {
        return Err(FenError::FullmoveNumber(fullmove.to_string()));
    }
    // cozy-chess accepts short placements (fewer than 8 ranks); require 8 × 8.
    let well_formed = placement.split('/').count() == 8
        && placement.split('/').all(|rank| {
            let mut width = 0u32;
            for c in rank.chars() {
                match c {
                    '1'..='8' => width += c as u32 - '0' as u32,
                    'p' | 'n' | 'b' | 'r' | 'q' | 'k' | 'P' | 'N' | 'B' | 'R' | 'Q' | 'K' => {
                        width += 1
                    }
                    _ => return false,
                }
            }
            width == 8
        });
    if !well_formed {
        return Err(FenError::Placement(placement.to_string()));
    }
    let capped = halfmove_clock.min(100);
    // First pass: no castling, no en passant, to learn where kings and rooks stand.
    let bare = format!("{placement} {side} - - {capped} {fullmove}");
    let board = Board::from_fen(&bare, true).map_err(|e| {
        use cozy_chess::FenParseError as E;
        match e {
            E::InvalidSideToMove => FenError::SideToMove(side.to_string()),
            _ => FenError::Placement(placement.to_string()),
        }
    })?;
    // Kings side by side: cozy-chess would let one king take the other.
    let (wk, bk) = (board.king(Color::White), board.king(Color::Black));
    if (wk.file() as i32 - bk.file() as i32).abs() <= 1
        && (wk.rank() as i32 - bk.rank() as i32).abs() <= 1
    {
        return Err(FenError::Placement(placement.to_string()));
    }
    let shredder = shredder_castling(&board, castling)?;
    if ep != "-" {
        let ok = ep.len() == 2
            && ep.parse::<Square>().is_ok_and(|sq| {
                sq.rank()
                    == if side == "w" {
                        Rank::Sixth
                    } else {
                        Rank::Third
                    }
            });
        if !ok {
            return Err(FenError::EnPassant(ep.to_string()));
        }
    }
    let with_square = |ep: &str| {
        let full = format!("{placement} {side} {shredder} {ep} {capped} {fullmove}");
        Board::from_fen(&full, true).map_err(|e| {
            use cozy_chess::FenParseError as E;
            match e {
                E::InvalidCastlingRights => FenError::Castling(castling.to_string()),
                E::InvalidEnPassant => FenError::EnPassant(ep.to_string()),
                _ => FenError::Placement(placement.to_string()),
            }
        })
    };
    // Older writers (and many PGN `[FEN]` tags) set the square after every
    // double push. A square the position cannot have come from (no pawn in
    // front of it, a piece behind it, or a check the push cannot have given)
    // allows no capture: it is ignored, as if the field were `-`.
    let board = match with_square(ep) {
        Err(FenError::EnPassant(_)) => with_square("-")?,
        other => other?,
    };
    Ok(Setup {
        board,
        halfmove_clock,
    })
}

/// Converts a FEN/X-FEN/Shredder castling field to Shredder letters.
fn shredder_castling(board: &Board, castling: &str) -> Result<String, FenError> {
    if castling == "-" {
        return Ok("-".to_string());
    }
    let err = || FenError::Castling(castling.to_string());
    let mut out = String::new();
    for c in castling.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let back = Rank::First.relative_to(color);
        let king = board.king(color);
        if king.rank() != back {
            return Err(err());
        }
        let rooks = board.colored_pieces(color, Piece::Rook);
        let file = match c.to_ascii_lowercase() {
            'k' => File::ALL
                .iter()
                .rev()
                .copied()
                .find(|&f| f > king.file() && rooks.has(Square::new(f, back)))
                .ok_or_else(err)?,
            'q' => File::ALL
                .iter()
                .copied()
                .find(|&f| f < king.file() && rooks.has(Square::new(f, back)))
                .ok_or_else(err)?,
            l @ 'a'..='h' => File::try_index((l as u8 - b'a') as usize).ok_or_else(err)?,
            _ => return Err(err()),
        };
        let letter = (b'a' + file as u8) as char;
        out.push(if color == Color::White {
            letter.to_ascii_uppercase()
        } else {
            letter
        });
    }
    Ok(out)
}

/// Writes the position as FEN with the given (uncapped) halfmove clock.
///
/// Castling rights are written `KQkq` when the rook is the outermost one on its
/// side of the king (X-FEN, which is plain FEN for standard chess) and as the
/// rook's file letter otherwise.
///
/// ```
/// use qiyuan_chess::fen::{parse_fen, to_fen};
/// let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// let s = parse_fen(start).unwrap();
/// assert_eq!(to_fen(&s.board, s.halfmove_clock), start);
/// ```
pub fn to_fen(board: &Board, halfmove_clock: u32) -> String {
    let shown = board.to_string();
    let placement = shown.split(' ').next().unwrap_or_default();
    let side = if board.side_to_move() == Color::White {
        'w'
    } else {
        'b'
    };
    let mut castling = String::new();
    for color in [Color::White, Color::Black] {
        let rights = board.castle_rights(color);
        let back = Rank::First.relative_to(color);
        let rooks = board.colored_pieces(color, Piece::Rook);
        for (file, short) in [(rights.short, true), (rights.long, false)] {
            let Some(file) = file else { continue };
            let outermost = if short {
                File::ALL
                    .iter()
                    .all(|&f| f <= file || !rooks.has(Square::new(f, back)))
            } else {
                File::ALL
                    .iter()
                    .all(|&f| f >= file || !rooks.has(Square::new(f, back)))
            };
            let c = if outermost {
                if short { 'k' } else { 'q' }
            } else {
                (b'a' + file as u8) as char
            };
            castling.push(if color == Color::White {
                c.to_ascii_uppercase()
            } else {
                c
            });
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let ep = match board.en_passant() {
        Some(f) => Square::new(f, Rank::Sixth.relative_to(board.side_to_move())).to_string(),
        None => "-".to_string(),
    };
    format!(
        "{placement} {side} {castling} {ep} {halfmove_clock} {}",
        board.fullmove_number()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_bad_fields() {
        assert_eq!(parse_fen("8/8 w"), Err(FenError::FieldCount(2)));
        assert!(matches!(
            parse_fen("8/8/8/8/8/8/8/8 w - - 0 1"),
            Err(FenError::Placement(_))
        ));
        // Found by the fuzzer: cozy-chess alone reads a 4-rank placement.
        assert!(matches!(
            parse_fen("4r3/4r3/3k4/qR1K1R2 w KQ -"),
            Err(FenError::Placement(_))
        ));
        assert!(matches!(
            parse_fen("R7/4p3/qp5Q/3P4/4pQ2/p4P2/6pr/R31Kk1 w Q - 1 3"),
            Err(FenError::Placement(_))
        ));
        assert!(matches!(
            parse_fen("4k3/8/8/8/8/8/8/4K2 w - - 0 1"),
            Err(FenError::Placement(_))
        ));
        assert!(matches!(
            parse_fen("4k3/8/8/8/8/8/8/4K3 x - - 0 1"),
            Err(FenError::SideToMove(_))
        ));
        assert!(matches!(
            parse_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
            Err(FenError::Castling(_))
        ));
        assert!(matches!(
            parse_fen("4k3/8/8/8/8/8/8/4K3 w - e4 0 1"),
            Err(FenError::EnPassant(_))
        ));
        assert!(matches!(
            parse_fen("4k3/8/8/8/8/8/8/4K3 w - - x 1"),
            Err(FenError::HalfmoveClock(_))
        ));
    }

    #[test]
    fn unusable_en_passant_squares_are_ignored() {
        // No black pawn in front of e6: nothing can have pushed there.
        let s = parse_fen("4k3/8/8/8/8/8/8/4K3 w - e6 0 1").unwrap();
        assert_eq!(s.board.en_passant(), None);
        // A usable square is kept.
        let s = parse_fen("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1").unwrap();
        assert_eq!(s.board.en_passant(), Some(File::D));
    }

    #[test]
    fn shredder_and_round_trip() {
        let s = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1").unwrap();
        assert_eq!(s.board, Board::default());
        let kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let s = parse_fen(kiwi).unwrap();
        assert_eq!(to_fen(&s.board, 0), kiwi);
    }
}
