//! Standard Algebraic Notation (PGN standard §8.2.3) and UCI move text.
//!
//! cozy-chess encodes castling as "king takes own rook" (`e1h1`), which is
//! what Chess960 needs; SAN writes `O-O`/`O-O-O` and standard UCI writes the
//! king's two-square step (`e1g1`). Both directions are handled here.

use cozy_chess::{BitBoard, Board, File, Move, Piece, Rank, Square};
use qiyuan_vocab::Lang;
use thiserror::Error;

/// Why a SAN (or UCI) text could not be turned into a legal move.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SanError {
    /// The text is not SAN at all.
    #[error("`{0}` is not a move in SAN")]
    Syntax(String),
    /// Well-formed, but no legal move matches.
    #[error("`{0}` is not a legal move here")]
    Illegal(String),
    /// More than one legal move matches (missing disambiguation).
    #[error("`{0}` is ambiguous here")]
    Ambiguous(String),
}

impl SanError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    ///
    /// ```
    /// use qiyuan_chess::{Board, Lang, parse_san};
    /// let e = parse_san(&Board::default(), "Ke2").unwrap_err();
    /// assert_eq!(e.text(Lang::En), "`Ke2` is not a legal move here");
    /// assert_eq!(e.text(Lang::Zh), "`Ke2` 在此局面中不是合法着法");
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (_, Lang::En) => self.to_string(),
            (SanError::Syntax(t), Lang::Zh) => format!("`{t}` 不是标准代数记谱法（SAN）的着法"),
            (SanError::Illegal(t), Lang::Zh) => format!("`{t}` 在此局面中不是合法着法"),
            (SanError::Ambiguous(t), Lang::Zh) => {
                format!("`{t}` 在此局面中有歧义（符合多个合法着法）")
            }
        }
    }
}

fn piece_from_letter(c: u8) -> Option<Piece> {
    Some(match c {
        b'N' => Piece::Knight,
        b'B' => Piece::Bishop,
        b'R' => Piece::Rook,
        b'Q' => Piece::Queen,
        b'K' => Piece::King,
        _ => return None,
    })
}

/// The SAN letter of a piece (`'P'` for a pawn, never written in SAN).
pub fn piece_letter(p: Piece) -> char {
    match p {
        Piece::Pawn => 'P',
        Piece::Knight => 'N',
        Piece::Bishop => 'B',
        Piece::Rook => 'R',
        Piece::Queen => 'Q',
        Piece::King => 'K',
    }
}

/// True if `mv` is a castling move in cozy-chess's encoding (king takes own rook).
pub fn is_castling(board: &Board, mv: Move) -> bool {
    mv.from == board.king(board.side_to_move()) && board.colors(board.side_to_move()).has(mv.to)
}

/// The legal castling move on the given side, if any.
fn castle_move(board: &Board, short: bool) -> Option<Move> {
    let color = board.side_to_move();
    let rights = board.castle_rights(color);
    let file = if short { rights.short } else { rights.long }?;
    let mv = Move {
        from: board.king(color),
        to: Square::new(file, Rank::First.relative_to(color)),
        promotion: None,
    };
    board.is_legal(mv).then_some(mv)
}

/// Reads a SAN move (also tolerates `0-0`, `e2-e4`/`Ng1-f3` long forms, a
/// promotion without `=`, and trailing `+ # ! ?`), checking legality.
///
/// ```
/// use qiyuan_chess::{san::parse_san, Board};
/// let board = Board::default();
/// let mv = parse_san(&board, "Nf3").unwrap();
/// assert_eq!(mv.to_string(), "g1f3");
/// ```
pub fn parse_san(board: &Board, san: &str) -> Result<Move, SanError> {
    let syntax = || SanError::Syntax(san.to_string());
    let illegal = || SanError::Illegal(san.to_string());
    let mut s = san.as_bytes();
    while let [rest @ .., b'+' | b'#' | b'!' | b'?'] = s {
        s = rest;
    }
    match s {
        b"O-O" | b"0-0" => return castle_move(board, true).ok_or_else(illegal),
        b"O-O-O" | b"0-0-0" => return castle_move(board, false).ok_or_else(illegal),
        _ => {}
    }
    if s.len() < 2 {
        return Err(syntax());
    }
    let (piece, mut s) = match piece_from_letter(s[0]) {
        Some(p) => (p, &s[1..]),
        None => (Piece::Pawn, s),
    };
    let mut promotion = None;
    if let [rest @ .., last] = s {
        if let Some(p) = piece_from_letter(*last) {
            if p == Piece::King || piece != Piece::Pawn {
                return Err(syntax());
            }
            promotion = Some(p);
            s = rest;
            if let [rest @ .., b'='] = s {
                s = rest;
            }
        }
    }
    // Destination square: the last two bytes.
    if s.len() < 2 {
        return Err(syntax());
    }
    let (head, dest) = s.split_at(s.len() - 2);
    let to = square_from(dest).ok_or_else(syntax)?;
    let mut from_file = None;
    let mut from_rank = None;
    let mut capture = false;
    for &c in head {
        match c {
            b'a'..=b'h' if from_file.is_none() && from_rank.is_none() => {
                from_file = File::try_index((c - b'a') as usize)
            }
            b'1'..=b'8' if from_rank.is_none() => from_rank = Rank::try_index((c - b'1') as usize),
            b'x' | b':' if !capture => capture = true,
            b'-' => {}
            _ => return Err(syntax()),
        }
    }
    let _ = capture;
    let color = board.side_to_move();
    let mut mask = board.colored_pieces(color, piece);
    if let Some(f) = from_file {
        mask &= f.bitboard();
    }
    if let Some(r) = from_rank {
        mask &= r.bitboard();
    }
    if piece == Piece::Pawn && from_file.is_none() && from_rank.is_none() {
        // A pawn push comes from the same file.
        mask &= to.file().bitboard();
    }
    let own = board.colors(color);
    let mut found: Option<Move> = None;
    let mut count = 0;
    board.generate_moves_for(mask, |moves| {
        if moves.to.has(to) && !own.has(to) {
            for mv in moves {
                if mv.to == to && mv.promotion == promotion {
                    count += 1;
                    found = Some(mv);
                }
            }
        }
        false
    });
    match (count, found) {
        (1, Some(mv)) => Ok(mv),
        (0, _) => {
            // `Kg1` style castling is not SAN; but a king two-square step written
            // as a king move is accepted for standard castling.
            if piece == Piece::King && from_file.is_none() && from_rank.is_none() {
                if let Some(mv) = king_step_castle(board, to) {
                    return Ok(mv);
                }
            }
            Err(illegal())
        }
        _ => Err(SanError::Ambiguous(san.to_string())),
    }
}

/// A standard-chess castling written as the king's step to g/c (`Kg1`, `e1g1`).
fn king_step_castle(board: &Board, to: Square) -> Option<Move> {
    let color = board.side_to_move();
    let king = board.king(color);
    let back = Rank::First.relative_to(color);
    if king != Square::new(File::E, back) || to.rank() != back {
        return None;
    }
    match to.file() {
        File::G => castle_move(board, true).filter(|m| m.to.file() == File::H),
        File::C => castle_move(board, false).filter(|m| m.to.file() == File::A),
        _ => None,
    }
}

fn square_from(b: &[u8]) -> Option<Square> {
    match b {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some(Square::new(
            File::index((f - b'a') as usize),
            Rank::index((r - b'1') as usize),
        )),
        _ => None,
    }
}

/// Writes a legal move in SAN, with `+` or `#`.
///
/// ```
/// use qiyuan_chess::{san::{format_san, parse_san}, Board};
/// let board: Board = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 4".parse().unwrap();
/// let mv = parse_san(&board, "Qxf7").unwrap();
/// assert_eq!(format_san(&board, mv), "Qxf7#");
/// ```
pub fn format_san(board: &Board, mv: Move) -> String {
    let mut out = san_without_suffix(board, mv);
    let mut after = board.clone();
    after.play_unchecked(mv);
    if !after.checkers().is_empty() {
        let has_move = after.generate_moves(|_| true);
        out.push(if has_move { '+' } else { '#' });
    }
    out
}

/// SAN without the check/mate suffix.
pub fn san_without_suffix(board: &Board, mv: Move) -> String {
    let mut out = String::with_capacity(8);
    if is_castling(board, mv) {
        out.push_str(if mv.to.file() > mv.from.file() {
            "O-O"
        } else {
            "O-O-O"
        });
        return out;
    }
    let piece = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
    let color = board.side_to_move();
    let capture = board.colors(!color).has(mv.to);
    if piece == Piece::Pawn {
        let ep = board
            .en_passant()
            .map(|f| Square::new(f, Rank::Sixth.relative_to(color)));
        if capture || mv.from.file() != mv.to.file() || ep == Some(mv.to) {
            out.push(file_char(mv.from.file()));
            out.push('x');
        }
        push_square(&mut out, mv.to);
        if let Some(p) = mv.promotion {
            out.push('=');
            out.push(piece_letter(p));
        }
        return out;
    }
    out.push(piece_letter(piece));
    if piece != Piece::King {
        // Other pieces of the same kind that can reach the same square.
        let mut others = BitBoard::EMPTY;
        let mask = board.colored_pieces(color, piece) & !mv.from.bitboard();
        board.generate_moves_for(mask, |moves| {
            if moves.to.has(mv.to) {
                others |= moves.from.bitboard();
            }
            false
        });
        if !others.is_empty() {
            let same_file = !(others & mv.from.file().bitboard()).is_empty();
            let same_rank = !(others & mv.from.rank().bitboard()).is_empty();
            if !same_file {
                out.push(file_char(mv.from.file()));
            } else if !same_rank {
                out.push(rank_char(mv.from.rank()));
            } else {
                push_square(&mut out, mv.from);
            }
        }
    }
    if capture {
        out.push('x');
    }
    push_square(&mut out, mv.to);
    out
}

fn file_char(f: File) -> char {
    (b'a' + f as u8) as char
}

fn rank_char(r: Rank) -> char {
    (b'1' + r as u8) as char
}

fn push_square(out: &mut String, sq: Square) {
    out.push(file_char(sq.file()));
    out.push(rank_char(sq.rank()));
}

/// Writes a move in UCI. Castling is the king's step (`e1g1`) unless
/// `chess960` is set, where it is "king takes rook" (`e1h1`).
pub fn format_uci(board: &Board, mv: Move, chess960: bool) -> String {
    if !chess960 && is_castling(board, mv) {
        let file = if mv.to.file() > mv.from.file() {
            File::G
        } else {
            File::C
        };
        let to = Square::new(file, mv.from.rank());
        return Move { to, ..mv }.to_string();
    }
    mv.to_string()
}

/// Reads a UCI move (`e2e4`, `e7e8q`, castling as `e1g1` or `e1h1`), checking legality.
pub fn parse_uci(board: &Board, uci: &str) -> Result<Move, SanError> {
    let mv: Move = uci.parse().map_err(|_| SanError::Syntax(uci.to_string()))?;
    if board.is_legal(mv) {
        return Ok(mv);
    }
    if mv.from == board.king(board.side_to_move()) && mv.promotion.is_none() {
        if let Some(c) = king_step_castle(board, mv.to) {
            return Ok(c);
        }
    }
    Err(SanError::Illegal(uci.to_string()))
}
