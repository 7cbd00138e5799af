//! A game: start position, moves, history; repetitions, the 50/75-move rules,
//! dead positions and the outcome.
//!
//! Rules implemented (FIDE Laws of Chess, 2023; the seed regulations in
//! `seeds/000_*.txt` §10 say the same in Chinese):
//! * 5.1.1 / 10.1 checkmate ends the game; 5.2.1 / 10.3 stalemate is a draw.
//! * 5.2.2 / 10.4 dead position: here the positions where neither side has
//!   mating material (K–K; K–K+N; K–K+B; K+B–K+B with bishops on one colour,
//!   which is the seed's list, generalised to any number of bishops all on
//!   squares of one colour). Blocked pawn fortresses are not detected.
//! * 9.2 threefold repetition and 9.3 fifty moves: draws a player may claim
//!   ([`Game::claimable_draw`]).
//! * 9.6.1 fivefold repetition and 9.6.2 seventy-five moves: automatic draws,
//!   unless the last move checkmated.
//!
//! Positions are "the same" per 9.2.2: same pieces on the same squares, same
//! side to move, same castling rights and the same en passant *possibility*
//! (an en passant square counts only when a legal en passant capture exists).

use cozy_chess::{BitBoard, Board, Color, File, Move, Piece, Rank, Square};
use qiyuan_vocab::{Colour, GameKind, Lang};
use thiserror::Error;

use crate::fen::{FenError, Setup, parse_fen, to_fen};
use crate::san::{SanError, format_san, parse_san, parse_uci};

/// How a game ended by rule (not by resignation, time or agreement).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move is checkmated (FIDE 5.1.1).
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check (FIDE 5.2.1).
    Stalemate,
    /// Neither side can checkmate by any series of legal moves (FIDE 5.2.2;
    /// insufficient material).
    DeadPosition,
    /// The same position appeared five times (FIDE 9.6.1).
    FivefoldRepetition,
    /// 75 moves by each side without a capture or pawn move (FIDE 9.6.2).
    SeventyFiveMoves,
}

impl Outcome {
    /// The winner, if the game is decisive.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner } => Some(winner),
            _ => None,
        }
    }

    /// The result this outcome implies.
    pub fn result(self) -> GameResult {
        match self.winner() {
            Some(Color::White) => GameResult::WhiteWins,
            Some(Color::Black) => GameResult::BlackWins,
            None => GameResult::Draw,
        }
    }
}

/// A draw that the player to move may claim (FIDE 9.2, 9.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawClaim {
    /// The current position has appeared at least three times (9.2.2).
    ThreefoldRepetition,
    /// The last 50 moves by each side had no capture or pawn move (9.3.2).
    FiftyMoves,
}

/// A game result as written in PGN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`
    WhiteWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `*` (unknown, ongoing or abandoned)
    Unknown,
}

impl GameResult {
    /// Reads `1-0`, `0-1`, `1/2-1/2` (also `½-½`) or `*`.
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s.trim() {
            "1-0" => GameResult::WhiteWins,
            "0-1" => GameResult::BlackWins,
            "1/2-1/2" | "½-½" => GameResult::Draw,
            "*" => GameResult::Unknown,
            _ => return None,
        })
    }

    /// The PGN text of the result.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }
}

impl std::fmt::Display for GameResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a move could not be added to a [`Game`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The move text does not give a legal move.
    #[error(transparent)]
    San(#[from] SanError),
    /// The game is already over by rule (checkmate, stalemate, dead position,
    /// fivefold repetition or 75 moves), so no move may follow.
    #[error("the game is already over ({0:?})")]
    GameOver(Outcome),
}

impl MoveError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (_, Lang::En) => self.to_string(),
            (MoveError::San(e), Lang::Zh) => e.text(lang),
            (MoveError::GameOver(outcome), Lang::Zh) => {
                format!("对局已经结束（{}），不能再走棋", outcome_zh(*outcome))
            }
        }
    }
}

/// How the game ended by rule, in Chinese.
fn outcome_zh(outcome: Outcome) -> String {
    match outcome {
        Outcome::Checkmate { winner } => {
            let side = match winner {
                Color::White => Colour::White,
                Color::Black => Colour::Black,
            };
            format!("将杀，{}胜", side.label(GameKind::Chess, Lang::Zh))
        }
        Outcome::Stalemate => "逼和".to_string(),
        Outcome::DeadPosition => "死局：双方均无法将杀".to_string(),
        Outcome::FivefoldRepetition => "同一局面出现五次".to_string(),
        Outcome::SeventyFiveMoves => "双方各 75 步未吃子也未动兵".to_string(),
    }
}

/// True if `color` cannot checkmate by any series of legal moves, counting the
/// opponent's help (used for FIDE 5.2.2 and, per side, 6.9 on flag fall).
///
/// Conservative: only material that can never mate is recognised — a bare
/// king; a king and one knight against a bare king; a king and bishops all on
/// squares of one colour against a king whose only other pieces are bishops
/// on that same colour.
///
/// ```
/// use qiyuan_chess::{game::insufficient_material, Board, Color};
/// let b: Board = "8/8/8/4k3/8/8/8/4KB2 w - - 0 1".parse().unwrap();
/// assert!(insufficient_material(&b, Color::White));
/// assert!(insufficient_material(&b, Color::Black));
/// ```
pub fn insufficient_material(board: &Board, color: Color) -> bool {
    let ours = board.colors(color);
    let theirs = board.colors(!color);
    let heavy = board.pieces(Piece::Pawn) | board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    if !(ours & heavy).is_empty() {
        return false;
    }
    let our_knights = ours & board.pieces(Piece::Knight);
    let our_bishops = ours & board.pieces(Piece::Bishop);
    if our_knights.is_empty() && our_bishops.is_empty() {
        return true;
    }
    let their_king_only = (theirs & !board.pieces(Piece::King)).is_empty();
    if our_bishops.is_empty() && our_knights.len() == 1 {
        return their_king_only;
    }
    if !our_knights.is_empty() {
        return false;
    }
    // Only bishops: all on one colour, and the opponent has nothing but
    // bishops on that colour (any other piece could be used to block a flight square).
    let theirs_other = theirs & !board.pieces(Piece::King);
    let all_bishops = our_bishops | (theirs_other & board.pieces(Piece::Bishop));
    if theirs_other != (theirs_other & board.pieces(Piece::Bishop)) {
        return false;
    }
    all_bishops.is_subset(BitBoard::DARK_SQUARES) || all_bishops.is_subset(BitBoard::LIGHT_SQUARES)
}

/// True if neither side can ever checkmate (FIDE 5.2.2 by material).
pub fn is_dead_position(board: &Board) -> bool {
    insufficient_material(board, Color::White) && insufficient_material(board, Color::Black)
}

const EP_KEYS: [u64; 8] = [
    0x5D1E_2A63_8C1F_0B71,
    0x94E3_06F1_3A2B_7C59,
    0x2B8F_C41D_E07A_3396,
    0xC6A1_5F0E_9B34_D28B,
    0x71F4_B3C8_2D65_E90A,
    0xE83D_7A29_14C6_5FB3,
    0x3F6C_E952_A8D1_47E6,
    0xA952_1B87_F63E_C02D,
];

/// The repetition key of a position (FIDE 9.2.2): the Zobrist hash without
/// en passant, plus the en passant file only when an en passant capture is legal.
pub fn repetition_key(board: &Board) -> u64 {
    let mut key = board.hash_without_ep();
    if let Some(file) = board.en_passant() {
        let color = board.side_to_move();
        let to = Square::new(file, Rank::Sixth.relative_to(color));
        let from_rank = Rank::Fifth.relative_to(color);
        let pawns = board.colored_pieces(color, Piece::Pawn) & from_rank.bitboard();
        let legal = [-1i8, 1].iter().any(|&d| {
            let f = file as i8 + d;
            if !(0..8).contains(&f) {
                return false;
            }
            let from = Square::new(File::index(f as usize), from_rank);
            pawns.has(from)
                && board.is_legal(Move {
                    from,
                    to,
                    promotion: None,
                })
        });
        if legal {
            key ^= EP_KEYS[file as usize];
        }
    }
    key
}

/// A chess game: start position, the moves played, and the history needed for
/// the repetition and move-count rules.
///
/// ```
/// use qiyuan_chess::{Game, Outcome, Color};
/// let mut g = Game::new();
/// for san in ["f3", "e5", "g4", "Qh4#"] {
///     g.push_san(san).unwrap();
/// }
/// assert_eq!(g.outcome(), Some(Outcome::Checkmate { winner: Color::Black }));
/// assert_eq!(g.plies(), 4);
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    start: Board,
    start_halfmove: u32,
    board: Board,
    halfmove: u32,
    moves: Vec<Move>,
    /// Repetition key of every position, index = ply (0 = start).
    keys: Vec<u64>,
    /// Ply of the last capture or pawn move (positions before cannot repeat).
    reversible_from: usize,
}

impl Default for Game {
    fn default() -> Self {
        Self::new()
    }
}

impl Game {
    /// A game from the standard starting position.
    pub fn new() -> Self {
        Self::from_setup(Setup::startpos())
    }

    /// A game from a position with the given (uncapped) halfmove clock.
    pub fn from_setup(setup: Setup) -> Self {
        let key = repetition_key(&setup.board);
        Game {
            start: setup.board.clone(),
            start_halfmove: setup.halfmove_clock,
            board: setup.board,
            halfmove: setup.halfmove_clock,
            moves: Vec::new(),
            keys: vec![key],
            reversible_from: 0,
        }
    }

    /// A game from a cozy-chess board (its halfmove clock, at most 100, is used).
    pub fn from_board(board: Board) -> Self {
        let halfmove_clock = u32::from(board.halfmove_clock());
        Self::from_setup(Setup {
            board,
            halfmove_clock,
        })
    }

    /// A game from a FEN / X-FEN / Shredder-FEN position.
    pub fn from_fen(fen: &str) -> Result<Self, FenError> {
        parse_fen(fen).map(Self::from_setup)
    }

    /// The starting position.
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// The halfmove clock of the starting position.
    pub fn start_halfmove_clock(&self) -> u32 {
        self.start_halfmove
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Number of plies (half-moves) played.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// Halfmoves since the last capture or pawn move (uncapped).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The current position as FEN (with the uncapped halfmove clock).
    pub fn fen(&self) -> String {
        to_fen(&self.board, self.halfmove)
    }

    /// The move number and dots for the next move: `"12."` for White, `"12..."` for Black.
    pub fn move_number_label(&self) -> String {
        move_number_label(&self.board)
    }

    /// Plays a move already known to be legal in the current position
    /// (as produced by cozy-chess's generator). Returns an error if it is not legal
    /// or the game is over by rule.
    pub fn push(&mut self, mv: Move) -> Result<(), MoveError> {
        if let Some(o) = self.outcome() {
            return Err(MoveError::GameOver(o));
        }
        if !self.board.is_legal(mv) {
            return Err(MoveError::San(SanError::Illegal(mv.to_string())));
        }
        self.play_legal(mv);
        Ok(())
    }

    /// Plays a move without asking whether the game is already over — what a
    /// record reader needs, since a game may go on after a claimable draw.
    /// The move must be legal.
    fn play_legal(&mut self, mv: Move) {
        let irreversible = self.board.piece_on(mv.from) == Some(Piece::Pawn)
            || self.board.colors(!self.board.side_to_move()).has(mv.to);
        self.board.play_unchecked(mv);
        self.moves.push(mv);
        if irreversible {
            self.halfmove = 0;
            self.reversible_from = self.moves.len();
        } else {
            self.halfmove += 1;
        }
        // Castling loses rights: positions before cannot repeat either, but the
        // Zobrist key includes rights, so keys simply differ.
        self.keys.push(repetition_key(&self.board));
    }

    /// Reads a SAN move and plays it; returns the move.
    ///
    /// Moves after an automatic end (checkmate, stalemate, dead position,
    /// fivefold, 75 moves) are refused with [`MoveError::GameOver`].
    pub fn push_san(&mut self, san: &str) -> Result<Move, MoveError> {
        if let Some(o) = self.outcome() {
            return Err(MoveError::GameOver(o));
        }
        let mv = parse_san(&self.board, san)?;
        self.play_legal(mv);
        Ok(mv)
    }

    /// Like [`Game::push_san`] but does not refuse moves after an automatic
    /// draw (fivefold, 75 moves, dead position): real records sometimes go on,
    /// and a validator wants to replay them. Checkmate and stalemate still
    /// leave no legal move, so nothing can follow them.
    pub fn push_san_lenient(&mut self, san: &str) -> Result<Move, SanError> {
        let mv = parse_san(&self.board, san)?;
        self.play_legal(mv);
        Ok(mv)
    }

    /// Reads a UCI move (`e2e4`, `e1g1`) and plays it.
    pub fn push_uci(&mut self, uci: &str) -> Result<Move, MoveError> {
        if let Some(o) = self.outcome() {
            return Err(MoveError::GameOver(o));
        }
        let mv = parse_uci(&self.board, uci)?;
        self.play_legal(mv);
        Ok(mv)
    }

    /// The SAN of every move played, with `+`/`#`.
    pub fn san_moves(&self) -> Vec<String> {
        let mut b = self.start.clone();
        self.moves
            .iter()
            .map(|&mv| {
                let s = format_san(&b, mv);
                b.play_unchecked(mv);
                s
            })
            .collect()
    }

    /// How many times the current position has appeared (1 = first time).
    pub fn repetitions(&self) -> usize {
        let current = *self.keys.last().unwrap_or(&0);
        let last = self.keys.len() - 1;
        (self.reversible_from..=last)
            .rev()
            .step_by(2)
            .filter(|&i| self.keys[i] == current)
            .count()
    }

    /// The automatic end of the game by rule, if any (FIDE 5.1.1, 5.2.1,
    /// 5.2.2, 9.6.1, 9.6.2). Checkmate takes precedence over 9.6.
    pub fn outcome(&self) -> Option<Outcome> {
        let has_move = self.board.generate_moves(|_| true);
        if !has_move {
            return Some(if self.board.checkers().is_empty() {
                Outcome::Stalemate
            } else {
                Outcome::Checkmate {
                    winner: !self.board.side_to_move(),
                }
            });
        }
        if is_dead_position(&self.board) {
            return Some(Outcome::DeadPosition);
        }
        if self.repetitions() >= 5 {
            return Some(Outcome::FivefoldRepetition);
        }
        if self.halfmove >= 150 {
            return Some(Outcome::SeventyFiveMoves);
        }
        None
    }

    /// A draw the player to move may claim now (FIDE 9.2.2 threefold in the
    /// current position, 9.3.2 fifty moves).
    pub fn claimable_draw(&self) -> Option<DrawClaim> {
        if self.repetitions() >= 3 {
            Some(DrawClaim::ThreefoldRepetition)
        } else if self.halfmove >= 100 {
            Some(DrawClaim::FiftyMoves)
        } else {
            None
        }
    }
}

/// The move number and dots for the side to move: `"12."` or `"12..."`.
pub fn move_number_label(board: &Board) -> String {
    if board.side_to_move() == Color::White {
        format!("{}.", board.fullmove_number())
    } else {
        format!("{}...", board.fullmove_number())
    }
}
