//! Repetition and the Asian rules on perpetual check and perpetual chase
//! (长将, 长捉), as a [`Game`]: a start position and the moves played.
//!
//! Article numbers below follow the Asian Xiangqi Federation rules in the
//! English translation by Eric Wu (wxf.org, `xq/rule/asia/`: detail rules
//! and examples, articles 1-40, diagrams 1-104 and an appendix).
//!
//! ## What is judged automatically
//!
//! When the current position (placement and side to move) has occurred the
//! required number of times, [`Game::repetition_ruling`] looks at the moves
//! played since the earliest of those occurrences and classifies each move:
//!
//! * **check** (将): the move leaves the opponent in check;
//! * **chase** (捉): not a check, and after the move the mover threatens a
//!   capture it did not threaten before the move, of
//!   * an unprotected piece (无根子) — one the opponent could not legally
//!     retake after the capture, or
//!   * a rook (车) attacked by a horse, cannon, elephant or advisor, even if
//!     protected;
//!
//!   where the threatening piece is neither a king nor a pawn (the king and
//!   pawns may chase: 将帅、兵卒捉子不算捉), the threatened piece is not a
//!   pawn that has not crossed the river (未过河兵卒不算子), the capture is
//!   legal (a pinned piece does not chase), and the threatened piece is not
//!   of the chaser's own kind able to take the chaser back (rook against
//!   rook, cannon against cannon, horse against horse: an offer, 兑);
//! * **idle** (闲): anything else.
//!
//! A side whose every move in the cycle is a check commits perpetual check
//! (长将). A side whose every move is a chase, with at least one and the same
//! enemy piece chased by every move (followed as it moves), commits
//! perpetual chase (长捉). Anything mixed — one check one idle (一将一闲),
//! one chase one idle (一捉一闲), one check one chase (一将一捉) — is allowed.
//!
//! Ruling: perpetual check is judged before perpetual chase. If exactly one
//! side checks perpetually it loses; if both do, draw. Otherwise, if exactly
//! one side chases perpetually it loses; if both do, draw. If no side breaks a
//! rule the repetition is a draw.
//!
//! | Asian rules article (diagrams) | Case | Here |
//! |---|---|---|
//! | 5 | repetition without violation is a draw | judged |
//! | 6 (1-3) | perpetual check, one or several pieces, loses | judged |
//! | 7 (4) | both sides check (check back) → draw | judged |
//! | 8 (5) | two checks, one check back: the checker loses | partly: only if every move of the checker checks and not every move of the other |
//! | 9, 10 (6-10) | perpetual threat of mate (杀着), and its answers → draw | not judged: mate threats are classified idle, which gives the same draw |
//! | 12 (13) | one check one chase, several checks one chase → draw | judged |
//! | 15 (18-25) | cannon(s) may not perpetually chase a rook, protected or not | judged (also horse, elephant, advisor) |
//! | 17 (29-31) | a rook may attack a protected cannon, or one protected on one of its squares | judged |
//! | 18 (32-38) | a rook may not perpetually chase an unprotected cannon, whatever the cannon does | judged |
//! | 19 (39-41) | a rook immobilised by a horse may not be chased | not judged (needs mobility of the target) |
//! | 23 (49-50) | rook chasing a horse whose answers chase or check once: the rook loses | judged |
//! | 24 (51-55) | same kinds (R-R, C-C, H-H): mutual attack is an offer; a one-sided one is a chase | judged, capture-back tested by legality |
//! | 25 (56-60) | cannon chases when only its screen moves; uncrossed pawn may be chased | judged |
//! | 27 (63-66) | rook confined to a line by a cannon | not judged |
//! | 28 (67-68) | the king may chase, alone or with another piece | judged |
//! | 29 (69-70) | pawns may chase, alone, together or with another piece | judged |
//! | 32 (76-80) | one piece chasing two or more pieces in turn → draw | judged (a common target is required) |
//! | 35 (86-89) | several pieces attacking a protected piece → draw | judged |
//! | 36 (90-93) | a chase that is also an offer to exchange is still a chase | judged when the chaser and the offer differ in kind; same kinds follow art. 24 |
//! | 39, 40 (99-104) | perpetual block, perpetual offer or sacrifice → draw | judged as idle (same draw); not recognised as such |
//! | appendix | subverting protection (pawn moves leave a horse unprotected) is a chase; a target that does not try to escape is not chased | first judged when the chasing move itself creates the threat; second not judged |
//!
//! Articles 1-4, 11, 13-14, 16, 20-22, 26, 30-31, 33-34 and 37-38 were
//! not in the text available when this table was written and are not
//! claimed. The precedence of a perpetual check over a perpetual chase
//! (the checker loses) is applied from art. 6 ("under any circumstance").
//!
//! ## Left to the arbiter
//!
//! Chases of several pieces in turn (一子捉多子 changing targets, 多子捉一子
//! with changing chasers beyond the common-target test), threats that are
//! only real after an exchange (兑子, 拦截, 闲着 that threaten mate, 杀着),
//! "protection" that is illusory for tactical reasons other than legality,
//! and the value comparisons between horse, cannon and crossed pawns beyond
//! the rook rule above. The rules of the Asian Xiangqi Federation
//! (亚洲象棋规则, 棋例) and the Chinese Xiangqi Association (中国象棋竞赛规则
//! 2011, 棋例总纲 and 棋例细则) describe those cases with diagrams; this module
//! reports its classification ([`RepetitionRuling::red`],
//! [`RepetitionRuling::black`]) so that an arbiter can overrule it.

use crate::position::{IllegalMove, Position};
use crate::types::{Color, Move, PieceKind, Square};

/// The result a rule gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// 红胜.
    RedWins,
    /// 黑胜.
    BlackWins,
    /// 和棋.
    Draw,
}

impl GameResult {
    /// The result in which `color` wins.
    #[must_use]
    pub fn win_for(color: Color) -> GameResult {
        match color {
            Color::Red => GameResult::RedWins,
            Color::Black => GameResult::BlackWins,
        }
    }
}

/// How one side played over a repetition cycle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Conduct {
    /// Every move gave check (长将).
    PerpetualCheck,
    /// Every move was a chase of the same enemy piece, now standing on
    /// `target` (长捉).
    PerpetualChase {
        /// Where a piece chased by every move stands at the end of the cycle.
        target: Square,
    },
    /// Nothing forbidden (idle moves, or a mix such as 一将一闲, 一将一捉).
    Allowed,
}

/// The verdict on a repeated position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RepetitionRuling {
    /// How Red played over the cycle.
    pub red: Conduct,
    /// How Black played over the cycle.
    pub black: Conduct,
    /// The result the rules give.
    pub result: GameResult,
    /// Number of moves (plies) in the judged span.
    pub plies: usize,
}

/// How a single move is classified for the repetition rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveClass {
    /// Gives check (将).
    Check,
    /// Chases the pieces on these squares (捉), see the module docs.
    Chase(Vec<Square>),
    /// Neither (闲).
    Idle,
}

/// Judges two conducts: checks before chases; both sides violating the same
/// rule draw. (Asian rules art. 6: 长将 loses; art. 7: both sides checking
/// draw; art. 15, 18 and the appendix: 长捉 loses; a perpetual check against
/// a perpetual chase is the checker's fault (art. 6, "under any
/// circumstance"); both sides 长捉 draw; art. 5: no violation is a draw.)
#[must_use]
pub fn judge(red: &Conduct, black: &Conduct) -> GameResult {
    use Conduct::*;
    match (red, black) {
        (PerpetualCheck, PerpetualCheck) => GameResult::Draw,
        (PerpetualCheck, _) => GameResult::BlackWins,
        (_, PerpetualCheck) => GameResult::RedWins,
        (PerpetualChase { .. }, PerpetualChase { .. }) => GameResult::Draw,
        (PerpetualChase { .. }, Allowed) => GameResult::BlackWins,
        (Allowed, PerpetualChase { .. }) => GameResult::RedWins,
        (Allowed, Allowed) => GameResult::Draw,
    }
}

fn crossed_river(color: Color, sq: Square) -> bool {
    match color {
        Color::Red => sq.rank() >= 5,
        Color::Black => sq.rank() <= 4,
    }
}

impl Position {
    /// Does the legal move `mv` give check? (`false` for an illegal move.)
    #[must_use]
    pub fn gives_check(&self, mv: Move) -> bool {
        let mut after = self.clone();
        after.play(mv).is_ok() && after.in_check()
    }

    /// The enemy pieces `chaser` threatens to capture in the sense of the
    /// chase rule, as if `chaser` were to move.
    fn chase_targets(&self, chaser: Color) -> Vec<Square> {
        let mut p = self.clone();
        p.set_side(chaser);
        let mut targets: Vec<Square> = Vec::new();
        for m in p.legal_moves() {
            let (Some(attacker), Some(victim)) = (p.piece_at(m.from()), p.piece_at(m.to())) else {
                continue;
            };
            if victim.color == chaser
                || matches!(attacker.kind, PieceKind::King | PieceKind::Pawn)
                || victim.kind == PieceKind::King
                || (victim.kind == PieceKind::Pawn && !crossed_river(victim.color, m.to()))
                || targets.contains(&m.to())
            {
                continue;
            }
            // Asian rules art. 24 (diagrams 51-55): a rook attacking a rook,
            // a cannon a cannon or a horse a horse that can take it back is
            // an offer (perpetual sacrifice, a draw), not a chase.
            if victim.kind == attacker.kind && p.can_take_back(m) {
                continue;
            }
            let rook_by_lesser = victim.kind == PieceKind::Rook
                && matches!(
                    attacker.kind,
                    PieceKind::Horse | PieceKind::Cannon | PieceKind::Elephant | PieceKind::Advisor
                );
            if rook_by_lesser || !p.is_protected_after_capture(m) {
                targets.push(m.to());
            }
        }
        targets
    }

    /// Could the piece on `m.to()` legally capture the piece on `m.from()`
    /// right now (its side to move)?
    fn can_take_back(&self, m: Move) -> bool {
        let Some(victim) = self.piece_at(m.to()) else {
            return false;
        };
        let mut q = self.clone();
        q.set_side(victim.color);
        q.legal_moves()
            .iter()
            .any(|r| r.from() == m.to() && r.to() == m.from())
    }

    /// After the capture `m`, can the other side legally retake on its square?
    fn is_protected_after_capture(&self, m: Move) -> bool {
        let mut q = self.clone();
        q.make_move(m);
        q.legal_moves().iter().any(|r| r.to() == m.to())
    }

    /// The enemy pieces the legal move `mv` newly chases (see the module
    /// docs), by their squares. Empty for an illegal move.
    #[must_use]
    pub fn chased_by(&self, mv: Move) -> Vec<Square> {
        let us = self.side_to_move();
        let mut after = self.clone();
        if after.play(mv).is_err() {
            return Vec::new();
        }
        let before = self.chase_targets(us);
        after
            .chase_targets(us)
            .into_iter()
            .filter(|t| !before.contains(t))
            .collect()
    }

    /// Classifies a legal move for the repetition rules: check first, then
    /// chase, else idle.
    #[must_use]
    pub fn classify_move(&self, mv: Move) -> MoveClass {
        if self.gives_check(mv) {
            return MoveClass::Check;
        }
        let chased = self.chased_by(mv);
        if chased.is_empty() {
            MoveClass::Idle
        } else {
            MoveClass::Chase(chased)
        }
    }

    /// Same placement and side to move (move counters ignored).
    fn same_position(&self, other: &Position) -> bool {
        self.hash == other.hash && self.side == other.side && self.board == other.board
    }
}

/// A game: a start position and the legal moves played from it, with the
/// repetition rules.
///
/// ```
/// use qiyuan_xiangqi::{Game, GameResult, Notation, Position, Conduct};
/// // Red's rook checks from a8 and a9 while the Black king steps between e8
/// // and e9: Red checks perpetually (长将) and loses.
/// let mut game = Game::new(Position::from_fen("R8/4k4/9/9/9/9/9/9/9/3K5 w").unwrap());
/// for m in ["a9a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8"] {
///     game.play_text(m, Notation::Iccs).unwrap();
/// }
/// let ruling = game.repetition_ruling(3).unwrap();
/// assert_eq!(ruling.red, Conduct::PerpetualCheck);
/// assert_eq!(ruling.result, GameResult::BlackWins);
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    /// `positions[i]` is the position before `moves[i]`; one more position
    /// than moves.
    positions: Vec<Position>,
    moves: Vec<Move>,
}

impl Game {
    /// A game starting from `start`.
    #[must_use]
    pub fn new(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game always has a position")
    }

    /// The moves played.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays a legal move.
    ///
    /// # Errors
    /// [`IllegalMove`] if it is not legal in the current position.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let mut next = self.position().clone();
        next.play(mv)?;
        self.positions.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// Reads a move in `notation` and plays it.
    ///
    /// # Errors
    /// [`crate::NotationError`] if the text is not a legal move here.
    pub fn play_text(
        &mut self,
        text: &str,
        notation: crate::Notation,
    ) -> Result<Move, crate::NotationError> {
        let mv = self.position().parse_move(text, notation)?;
        self.play(mv)
            .map_err(|e| crate::NotationError::Illegal(e.mv))?;
        Ok(mv)
    }

    /// Indices (into the positions) where the current position occurred,
    /// oldest first, current last.
    fn occurrence_indices(&self) -> Vec<usize> {
        let now = self.position();
        (0..self.positions.len())
            .filter(|&i| self.positions[i].same_position(now))
            .collect()
    }

    /// How many times the current position has occurred, this time included.
    #[must_use]
    pub fn occurrences(&self) -> usize {
        self.occurrence_indices().len()
    }

    /// Judges the repetition if the current position has occurred at least
    /// `occurrences` times (2 = the first repetition; arbiters commonly let
    /// play go on to the third occurrence). `None` if it has not, or if
    /// `occurrences` is below 2.
    #[must_use]
    pub fn repetition_ruling(&self, occurrences: usize) -> Option<RepetitionRuling> {
        let idx = self.occurrence_indices();
        if occurrences < 2 || idx.len() < occurrences {
            return None;
        }
        let start = idx[idx.len() - occurrences];
        let end = self.moves.len();
        // Piece identities, followed through the cycle: id = start square.
        let mut ids: [Option<usize>; 90] = [None; 90];
        for (sq, _) in self.positions[start].pieces() {
            ids[sq.index()] = Some(sq.index());
        }
        let mut classes: [Vec<MoveClass>; 2] = [Vec::new(), Vec::new()];
        let mut chased_ids: [Vec<Vec<usize>>; 2] = [Vec::new(), Vec::new()];
        for i in start..end {
            let pos = &self.positions[i];
            let mv = self.moves[i];
            let side = pos.side_to_move().index();
            let class = pos.classify_move(mv);
            ids[mv.to().index()] = ids[mv.from().index()];
            ids[mv.from().index()] = None;
            if let MoveClass::Chase(targets) = &class {
                chased_ids[side].push(targets.iter().filter_map(|t| ids[t.index()]).collect());
            }
            classes[side].push(class);
        }
        let conduct = |side: usize| -> Conduct {
            let cl = &classes[side];
            if cl.is_empty() {
                return Conduct::Allowed;
            }
            if cl.iter().all(|c| *c == MoveClass::Check) {
                return Conduct::PerpetualCheck;
            }
            if cl.iter().all(|c| matches!(c, MoveClass::Chase(_))) {
                let sets = &chased_ids[side];
                let common = sets[0]
                    .iter()
                    .find(|id| sets.iter().all(|s| s.contains(id)));
                // A chased piece cannot be captured inside a cycle (the
                // material is the same at both ends), so it is found.
                if let Some(target) = common
                    .and_then(|&id| (0..90).find(|&s| ids[s] == Some(id)))
                    .and_then(Square::from_index)
                {
                    return Conduct::PerpetualChase { target };
                }
            }
            Conduct::Allowed
        };
        let (red, black) = (conduct(0), conduct(1));
        let result = judge(&red, &black);
        Some(RepetitionRuling {
            red,
            black,
            result,
            plies: end - start,
        })
    }
}
