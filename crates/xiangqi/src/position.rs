//! The position: board, side to move, hash; move generation, make/unmake.

use crate::Lang;
use crate::tables::{
    ADVISOR, ELEPHANT, HORSE_ATTACKERS, HORSE_MOVES, KING, KING_RELATION, PAWN, RAYS,
};
use crate::types::{Color, Move, Piece, PieceKind, Square};
use crate::zobrist;

/// The largest number of pseudo-legal moves a xiangqi position can have is
/// about 120 (2 rooks and 2 cannons × 17, 2 horses × 8, …); this leaves room.
const MAX_MOVES: usize = 160;

/// A fixed-capacity list of moves (no allocation), as filled by
/// [`Position::generate_legal`].
#[derive(Clone)]
pub struct MoveList {
    len: usize,
    moves: [Move; MAX_MOVES],
}

impl MoveList {
    /// An empty list.
    #[must_use]
    pub fn new() -> MoveList {
        MoveList {
            len: 0,
            moves: [Move::new_unchecked(0, 1); MAX_MOVES],
        }
    }

    #[inline(always)]
    fn push(&mut self, from: u8, to: u8) {
        // The capacity bound is proven by the piece counts a valid position
        // can hold (FEN parsing enforces them); the index check stays.
        self.moves[self.len] = Move::new_unchecked(from, to);
        self.len += 1;
    }

    /// Number of moves.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// No moves?
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    #[inline]
    #[must_use]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Iterates over the moves.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// What [`Position::make_move`] returns and [`Position::unmake_move`] needs
/// to restore the position exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Undo {
    captured: Option<Piece>,
    halfmove: u32,
}

impl Undo {
    /// The piece taken by the move, if any.
    #[must_use]
    pub fn captured(&self) -> Option<Piece> {
        self.captured
    }
}

/// Why [`Position::play`] refused a move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv} in this position")]
pub struct IllegalMove {
    /// The refused move.
    pub mv: Move,
}

impl IllegalMove {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => format!("着法 `{}` 在此局面中不合法", self.mv),
        }
    }
}

/// A xiangqi position: the pieces, the side to move, the move counters and an
/// incrementally updated Zobrist hash.
///
/// Build one with [`Position::startpos`] or [`Position::from_fen`]
/// (`"…".parse()` works too); write it back with [`Position::to_fen`].
///
/// ```
/// use qiyuan_xiangqi::Position;
/// let mut pos = Position::startpos();
/// assert_eq!(pos.legal_moves().len(), 44);
/// assert_eq!(pos.perft(2), 1920);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: [Option<Piece>; 90],
    /// Occupancy bit sets per colour (bit i = square index i).
    pub(crate) occ: [u128; 2],
    pub(crate) kings: [u8; 2],
    pub(crate) side: Color,
    pub(crate) hash: u64,
    /// Plies since the last capture.
    pub(crate) halfmove: u32,
    /// Move number, starting at 1, incremented after Black's move.
    pub(crate) fullmove: u32,
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

/// The FEN of the start position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

impl Position {
    /// The standard start position.
    #[must_use]
    pub fn startpos() -> Position {
        Position::from_fen(START_FEN).expect("the start FEN is valid")
    }

    /// An empty board (no kings): only for building positions before validation.
    pub(crate) fn empty() -> Position {
        Position {
            board: [None; 90],
            occ: [0; 2],
            kings: [u8::MAX; 2],
            side: Color::Red,
            hash: 0,
            halfmove: 0,
            fullmove: 1,
        }
    }

    /// Puts a piece on an empty square (construction only).
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        let s = sq.index();
        debug_assert!(self.board[s].is_none());
        self.board[s] = Some(piece);
        self.occ[piece.color.index()] |= 1u128 << s;
        self.hash ^= zobrist::PIECE_SQUARE[piece.index()][s];
        if piece.kind == PieceKind::King {
            self.kings[piece.color.index()] = s as u8;
        }
    }

    /// Sets the side to move (construction only).
    pub(crate) fn set_side(&mut self, side: Color) {
        if side != self.side {
            self.hash ^= zobrist::BLACK_TO_MOVE;
            self.side = side;
        }
    }

    /// The piece on a square.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// The side to move.
    #[inline]
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The square of a side's king.
    #[inline]
    #[must_use]
    pub fn king_square(&self, color: Color) -> Square {
        Square::from_index_unchecked(self.kings[color.index()])
    }

    /// The Zobrist hash of the placement and side to move (the move counters
    /// are not hashed, so repeated positions have equal hashes).
    #[inline]
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Plies since the last capture (FEN field 5).
    #[must_use]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// Move number (FEN field 6), starting at 1.
    #[must_use]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// All pieces with their squares, from `a0` upward.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.board
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (Square::from_index_unchecked(i as u8), p)))
    }

    /// The pieces of one side with their squares, from `a0` upward (read
    /// from the side's occupancy set: at most 16 squares visited).
    pub(crate) fn pieces_of(&self, color: Color) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let mut bits = self.occ[color.index()];
        std::iter::from_fn(move || {
            while bits != 0 {
                let s = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                if let Some(p) = self.board[s as usize] {
                    return Some((Square::from_index_unchecked(s), p));
                }
            }
            None
        })
    }

    /// Is `color`'s king attacked (by a piece, or by the other king on an
    /// open file — 对脸)?
    #[must_use]
    pub fn is_check(&self, color: Color) -> bool {
        self.king_attacked(self.kings[color.index()], !color)
    }

    /// Is the side to move in check?
    #[must_use]
    pub fn in_check(&self) -> bool {
        self.is_check(self.side)
    }

    /// Would a king of the side other than `by` standing on `s` be attacked by
    /// `by`? Rooks and the facing king along lines with no piece between,
    /// cannons with exactly one screen (炮架), horses with a free leg, pawns.
    #[inline]
    pub(crate) fn king_attacked(&self, s: u8, by: Color) -> bool {
        let b = &self.board;
        if (0..4).any(|d| self.ray_attacked(s, d, by)) {
            return true;
        }
        let horse = Some(Piece::new(by, PieceKind::Horse));
        let hs = &HORSE_ATTACKERS[s as usize];
        for i in 0..hs.len as usize {
            if b[hs.block[i] as usize].is_none() && b[hs.to[i] as usize] == horse {
                return true;
            }
        }
        let pawn = Some(Piece::new(by, PieceKind::Pawn));
        let (file, rank) = (s % 9, s / 9);
        // A pawn of `by` attacks straight ahead: from one rank behind `s`
        // (as seen by `by`) …
        match by {
            Color::Red if rank > 0 && b[s as usize - 9] == pawn => return true,
            Color::Black if rank < 9 && b[s as usize + 9] == pawn => return true,
            _ => {}
        }
        // … and sideways once it has crossed the river.
        let crossed = match by {
            Color::Red => rank >= 5,
            Color::Black => rank <= 4,
        };
        if crossed
            && ((file > 0 && b[s as usize - 1] == pawn) || (file < 8 && b[s as usize + 1] == pawn))
        {
            return true;
        }
        false
    }

    /// Along ray `d` (0 north, 1 south, 2 east, 3 west) from `s`: is the
    /// first piece a rook of `by` (or its king, along the file), or the
    /// second one a cannon of `by`?
    #[inline(always)]
    fn ray_attacked(&self, s: u8, d: usize, by: Color) -> bool {
        let b = &self.board;
        let ray = &RAYS[s as usize][d];
        let n = ray.len as usize;
        let mut i = 0;
        while i < n {
            if let Some(p) = b[ray.to[i] as usize] {
                if p.color == by
                    && (p.kind == PieceKind::Rook || (d < 2 && p.kind == PieceKind::King))
                {
                    return true;
                }
                break;
            }
            i += 1;
        }
        i += 1;
        while i < n {
            if let Some(p) = b[ray.to[i] as usize] {
                return p.color == by && p.kind == PieceKind::Cannon;
            }
            i += 1;
        }
        false
    }

    /// Is `s` attacked by a horse of `by` whose leg is `leg`?
    #[inline(always)]
    fn horse_attacks_via(&self, s: u8, leg: u8, by: Color) -> bool {
        let b = &self.board;
        if b[leg as usize].is_some() {
            return false;
        }
        let horse = Some(Piece::new(by, PieceKind::Horse));
        let hs = &HORSE_ATTACKERS[s as usize];
        (0..hs.len as usize).any(|i| hs.block[i] == leg && b[hs.to[i] as usize] == horse)
    }

    /// Appends the pseudo-legal moves (every rule except leaving one's own
    /// king attacked) of the side to move.
    pub(crate) fn generate_pseudo(&self, list: &mut MoveList) {
        let us = self.side;
        let b = &self.board;
        let not_own = |t: u8| b[t as usize].is_none_or(|p| p.color != us);
        let mut bits = self.occ[us.index()];
        while bits != 0 {
            let s = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let Some(piece) = b[s as usize] else { continue };
            match piece.kind {
                PieceKind::Rook => {
                    for ray in &RAYS[s as usize] {
                        for &t in &ray.to[..ray.len as usize] {
                            match b[t as usize] {
                                None => list.push(s, t),
                                Some(p) => {
                                    if p.color != us {
                                        list.push(s, t);
                                    }
                                    break;
                                }
                            }
                        }
                    }
                }
                PieceKind::Cannon => {
                    for ray in &RAYS[s as usize] {
                        let sq = &ray.to[..ray.len as usize];
                        let mut i = 0;
                        while i < sq.len() {
                            if b[sq[i] as usize].is_some() {
                                break;
                            }
                            list.push(s, sq[i]);
                            i += 1;
                        }
                        // Jump the screen, capture the next piece if it is an enemy.
                        i += 1;
                        while i < sq.len() {
                            if let Some(p) = b[sq[i] as usize] {
                                if p.color != us {
                                    list.push(s, sq[i]);
                                }
                                break;
                            }
                            i += 1;
                        }
                    }
                }
                PieceKind::Horse => {
                    let st = &HORSE_MOVES[s as usize];
                    for i in 0..st.len as usize {
                        if b[st.block[i] as usize].is_none() && not_own(st.to[i]) {
                            list.push(s, st.to[i]);
                        }
                    }
                }
                PieceKind::Elephant => {
                    let st = &ELEPHANT[s as usize];
                    for i in 0..st.len as usize {
                        if b[st.block[i] as usize].is_none() && not_own(st.to[i]) {
                            list.push(s, st.to[i]);
                        }
                    }
                }
                PieceKind::Advisor => {
                    let st = &ADVISOR[s as usize];
                    for &t in &st.to[..st.len as usize] {
                        if not_own(t) {
                            list.push(s, t);
                        }
                    }
                }
                PieceKind::King => {
                    let st = &KING[s as usize];
                    for &t in &st.to[..st.len as usize] {
                        if not_own(t) {
                            list.push(s, t);
                        }
                    }
                }
                PieceKind::Pawn => {
                    let st = &PAWN[us.index()][s as usize];
                    for &t in &st.to[..st.len as usize] {
                        if not_own(t) {
                            list.push(s, t);
                        }
                    }
                }
            }
        }
    }

    /// Is `from → to` among the moves [`Position::generate_pseudo`] lists
    /// for `piece` (of the side to move) on `from`? The same tables and
    /// rules, asked of one move: its target is not the side's own piece,
    /// and the piece's steps (with a free horse leg or elephant eye) or rays
    /// (nothing between for a rook, one screen for a cannon's capture)
    /// reach it.
    #[inline]
    fn is_pseudo_legal(&self, from: u8, to: u8, piece: Piece) -> bool {
        let b = &self.board;
        if b[to as usize].is_some_and(|p| p.color == self.side) {
            return false;
        }
        let (f, t) = (from as usize, to as usize);
        let stepped = |len: u8, steps: &[u8]| steps[..len as usize].contains(&to);
        let leaped = |len: u8, steps: &[u8], blocks: &[u8]| {
            (0..len as usize).any(|i| steps[i] == to && b[blocks[i] as usize].is_none())
        };
        match piece.kind {
            PieceKind::Rook | PieceKind::Cannon => RAYS[f].iter().any(|ray| {
                let line = &ray.to[..ray.len as usize];
                let Some(k) = line.iter().position(|&x| x == to) else {
                    return false;
                };
                let between = line[..k]
                    .iter()
                    .filter(|&&x| b[x as usize].is_some())
                    .count();
                match (piece.kind, b[t].is_some()) {
                    (PieceKind::Cannon, true) => between == 1,
                    _ => between == 0,
                }
            }),
            PieceKind::Horse => leaped(
                HORSE_MOVES[f].len,
                &HORSE_MOVES[f].to,
                &HORSE_MOVES[f].block,
            ),
            PieceKind::Elephant => leaped(ELEPHANT[f].len, &ELEPHANT[f].to, &ELEPHANT[f].block),
            PieceKind::Advisor => stepped(ADVISOR[f].len, &ADVISOR[f].to),
            PieceKind::King => stepped(KING[f].len, &KING[f].to),
            PieceKind::Pawn => {
                let steps = &PAWN[self.side.index()][f];
                stepped(steps.len, &steps.to)
            }
        }
    }

    /// Tests a pseudo-legal move of the side to move for legality: the own
    /// king must not be attacked afterwards (this includes the flying
    /// general rule, 对脸).
    ///
    /// When the side is not in check, a move that neither starts on the
    /// king's rank or file or on a diagonal neighbour of the king (a horse
    /// leg), nor lands on the king's rank or file, cannot expose the king:
    /// nothing else can open or create an attack. For the other moves only
    /// the lines through the two squares (a rook line opened, a cannon screen
    /// added or removed, a facing king) and the horse whose leg was freed are
    /// tested. King moves, and every move while in check, are tested in
    /// full.
    #[inline]
    fn is_legal_pseudo(&mut self, from: u8, to: u8, in_check: bool) -> bool {
        let us = self.side.index();
        let ksq = self.kings[us];
        if from == ksq {
            return self.safe_after(from, to, to);
        }
        if in_check {
            return self.safe_after(from, to, ksq);
        }
        let rel = &KING_RELATION[ksq as usize];
        let (rf, rt) = (rel[from as usize], rel[to as usize]);
        if rf | rt == 0 {
            return true;
        }
        // Only the rays through `from` and `to` and the horse jumping over
        // `from` can change; test just those with the move on the board.
        let (f, t) = (from as usize, to as usize);
        let moved = self.board[f];
        let captured = self.board[t];
        self.board[t] = moved;
        self.board[f] = None;
        let them = !self.side;
        let attacked = (rf & 7 != 0 && self.ray_attacked(ksq, usize::from(rf - 1), them))
            || (rt & 7 != 0 && rt != rf && self.ray_attacked(ksq, usize::from(rt - 1), them))
            || (rf == 8 && self.horse_attacks_via(ksq, from, them));
        self.board[f] = moved;
        self.board[t] = captured;
        !attacked
    }

    /// Plays `from → to` on the board array only, tests whether the king on
    /// `ksq` is attacked, and restores the board.
    #[inline]
    fn safe_after(&mut self, from: u8, to: u8, ksq: u8) -> bool {
        let (f, t) = (from as usize, to as usize);
        let moved = self.board[f];
        let captured = self.board[t];
        self.board[t] = moved;
        self.board[f] = None;
        let safe = !self.king_attacked(ksq, !self.side);
        self.board[f] = moved;
        self.board[t] = captured;
        safe
    }

    /// Fills `list` with the legal moves of the side to move (cleared first).
    ///
    /// Takes `&mut self` because candidate moves are tried on the board and
    /// taken back; the position is unchanged on return.
    pub fn generate_legal(&mut self, list: &mut MoveList) {
        list.len = 0;
        self.generate_pseudo(list);
        let in_check = self.in_check();
        let mut kept = 0;
        for i in 0..list.len {
            let m = list.moves[i];
            if self.is_legal_pseudo(m.from().index() as u8, m.to().index() as u8, in_check) {
                list.moves[kept] = m;
                kept += 1;
            }
        }
        list.len = kept;
    }

    /// The legal moves of the side to move.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut list = MoveList::new();
        self.clone().generate_legal(&mut list);
        list.as_slice().to_vec()
    }

    /// Is `mv` legal here? The moving piece's rules are asked of this one
    /// move, then the king's safety after it is tested (the flying general
    /// included), as [`Position::generate_legal`] tests each move.
    ///
    /// ```
    /// use qiyuan_xiangqi::{Move, Position, Square};
    /// let pos = Position::startpos();
    /// let sq = |s| Square::parse(s).unwrap();
    /// assert!(pos.is_legal(Move::new(sq("h2"), sq("e2")).unwrap())); // 炮二平五
    /// assert!(pos.is_legal(Move::new(sq("h0"), sq("g2")).unwrap())); // 马二进三
    /// assert!(!pos.is_legal(Move::new(sq("h0"), sq("f1")).unwrap())); // not a horse's move
    /// assert!(!pos.is_legal(Move::new(sq("h9"), sq("g7")).unwrap())); // Black's horse, Red to move
    /// ```
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        let (from, to) = (mv.from().index() as u8, mv.to().index() as u8);
        let Some(piece) = self.board[from as usize].filter(|p| p.color == self.side) else {
            return false;
        };
        if !self.is_pseudo_legal(from, to, piece) {
            return false;
        }
        let mut probe = self.clone();
        let in_check = probe.in_check();
        probe.is_legal_pseudo(from, to, in_check)
    }

    /// Does the side to move have no legal move? In xiangqi that loses,
    /// whether it is checkmate (将死) or stalemate (困毙).
    #[must_use]
    pub fn is_lost(&self) -> bool {
        self.legal_moves().is_empty()
    }

    /// Plays a move after checking that it is legal.
    ///
    /// # Errors
    /// [`IllegalMove`] if it is not a legal move of the side to move.
    pub fn play(&mut self, mv: Move) -> Result<Undo, IllegalMove> {
        if self.is_legal(mv) {
            Ok(self.make_move(mv))
        } else {
            Err(IllegalMove { mv })
        }
    }

    /// Plays a move without checking it; it must come from
    /// [`Position::generate_legal`] / [`Position::legal_moves`] (or at least
    /// move a piece of the side to move). Take it back with
    /// [`Position::unmake_move`] and the returned [`Undo`].
    ///
    /// # Panics
    /// If the start square is empty.
    #[inline]
    pub fn make_move(&mut self, mv: Move) -> Undo {
        let (f, t) = (mv.from().index(), mv.to().index());
        let piece = self.board[f].expect("make_move: no piece on the start square");
        debug_assert_eq!(
            piece.color, self.side,
            "make_move: not a piece of the side to move"
        );
        let captured = self.board[t];
        let us = self.side.index();
        let undo = Undo {
            captured,
            halfmove: self.halfmove,
        };
        self.board[t] = Some(piece);
        self.board[f] = None;
        self.occ[us] ^= (1u128 << f) | (1u128 << t);
        let zp = &zobrist::PIECE_SQUARE[piece.index()];
        self.hash ^= zp[f] ^ zp[t] ^ zobrist::BLACK_TO_MOVE;
        if let Some(c) = captured {
            self.occ[1 - us] ^= 1u128 << t;
            self.hash ^= zobrist::PIECE_SQUARE[c.index()][t];
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        if piece.kind == PieceKind::King {
            self.kings[us] = t as u8;
        }
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.side = !self.side;
        undo
    }

    /// Takes back `mv`, which must be the last move made with
    /// [`Position::make_move`], which returned `undo`.
    ///
    /// # Panics
    /// If the destination square is empty.
    #[inline]
    pub fn unmake_move(&mut self, mv: Move, undo: Undo) {
        let (f, t) = (mv.from().index(), mv.to().index());
        self.side = !self.side;
        if self.side == Color::Black {
            self.fullmove -= 1;
        }
        let us = self.side.index();
        let piece = self.board[t].expect("unmake_move: no piece on the destination square");
        self.board[f] = Some(piece);
        self.board[t] = undo.captured;
        self.occ[us] ^= (1u128 << f) | (1u128 << t);
        let zp = &zobrist::PIECE_SQUARE[piece.index()];
        self.hash ^= zp[f] ^ zp[t] ^ zobrist::BLACK_TO_MOVE;
        if let Some(c) = undo.captured {
            self.occ[1 - us] ^= 1u128 << t;
            self.hash ^= zobrist::PIECE_SQUARE[c.index()][t];
        }
        if piece.kind == PieceKind::King {
            self.kings[us] = f as u8;
        }
        self.halfmove = undo.halfmove;
    }

    /// Recomputes the hash from scratch (tests the incremental update).
    #[must_use]
    pub fn compute_hash(&self) -> u64 {
        let mut h = if self.side == Color::Black {
            zobrist::BLACK_TO_MOVE
        } else {
            0
        };
        for (s, p) in self.pieces() {
            h ^= zobrist::PIECE_SQUARE[p.index()][s.index()];
        }
        h
    }
}
