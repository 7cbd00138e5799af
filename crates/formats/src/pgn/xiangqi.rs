//! Xiangqi (象棋) PGN in the xqbase dialect.
//!
//! Tags: `[Game "Chinese Chess"]`, `Event`, `Site`, `Date`, `Round`, `Red`,
//! `Black`, `RedTeam`, `BlackTeam`, `Result`, `ECCO`, `Opening`, `FEN` (the
//! set-up position; absent means the initial position) and optionally
//! `Format` (`ICCS`, `WXF`, `Chinese`). The movetext is written in one of
//! three notations, detected per game ([`detect_notation`]):
//!
//! * Chinese (中文纵线记法): `炮二平五 马８进７`, simplified or traditional
//!   characters, ASCII, full-width or Chinese digits;
//! * ICCS coordinates: `h2e2`, `H2-E2`;
//! * WXF: `C2.5`, `H8+7`, `R+.3`, also written with full-width characters
//!   (`Ｃ２＝５`), which are folded to ASCII before reading.
//!
//! Games set up with Black to move may write Black's first move right after
//! `1.` (CCPD does): moves are simply played in turn from the start position.
//!
//! The reader ([`read_xiangqi_pgn`], [`XiangqiGame::from_raw`]) replays every
//! move on [`qiyuan_xiangqi`] and stops at the first illegal one;
//! [`check_xiangqi`] validates a game without building it (legality, plies,
//! result against the final position); [`write_xiangqi_pgn`] writes a game in
//! any of the three notations.
//!
//! ## Which results can be checked
//!
//! Xiangqi has no stalemate draw and no automatic draw by rule: a side with
//! no legal move has lost, checkmated (将死) or stalemated (困毙). That is
//! the only ending the final position proves, so the only checkable results
//! are those of a final position where the side to move has no legal move:
//! the result must then be a win for the other side (a draw or a win for
//! the side without moves is inconsistent; `*`, an unknown result, is left
//! undecided, with [`XiangqiCheck::no_legal_move`] set). Every other final
//! position allows any
//! result: a win by resignation or on time (认输, 超时), a draw by agreement,
//! a ruling on repetition (长将, 长捉) by the arbiter, or an unfinished game.
//! A `Result` tag that disagrees with the result token is inconsistent too.

use std::fmt;

use qiyuan_xiangqi::{Color, FenError, Game, GameResult, Move, Notation, NotationError, Position};
use thiserror::Error;

use super::{Element, MoveToken, PgnErrorKind, RawGame, RawReader, ResultCheck, Tag, read_raw};

/// The result of a xiangqi game as recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum XiangqiResult {
    /// `1-0`, 红胜.
    RedWins,
    /// `0-1`, 黑胜.
    BlackWins,
    /// `1/2-1/2`, 和棋.
    Draw,
    /// `*`: unknown or unfinished.
    Unknown,
}

impl XiangqiResult {
    /// Reads `1-0`, `0-1`, `1/2-1/2` (also `½-½`) or `*`.
    ///
    /// ```
    /// use qiyuan_formats::pgn::xiangqi::XiangqiResult;
    /// assert_eq!(XiangqiResult::parse("0-1"), Some(XiangqiResult::BlackWins));
    /// assert_eq!(XiangqiResult::parse("2-0"), None);
    /// ```
    #[must_use]
    pub fn parse(text: &str) -> Option<XiangqiResult> {
        Some(match text.trim() {
            "1-0" => XiangqiResult::RedWins,
            "0-1" => XiangqiResult::BlackWins,
            "1/2-1/2" | "½-½" => XiangqiResult::Draw,
            "*" => XiangqiResult::Unknown,
            _ => return None,
        })
    }

    /// The PGN text.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            XiangqiResult::RedWins => "1-0",
            XiangqiResult::BlackWins => "0-1",
            XiangqiResult::Draw => "1/2-1/2",
            XiangqiResult::Unknown => "*",
        }
    }

    /// The result of a decided game, `None` for `*`.
    #[must_use]
    pub fn decided(self) -> Option<GameResult> {
        match self {
            XiangqiResult::RedWins => Some(GameResult::RedWins),
            XiangqiResult::BlackWins => Some(GameResult::BlackWins),
            XiangqiResult::Draw => Some(GameResult::Draw),
            XiangqiResult::Unknown => None,
        }
    }
}

impl From<GameResult> for XiangqiResult {
    fn from(r: GameResult) -> XiangqiResult {
        match r {
            GameResult::RedWins => XiangqiResult::RedWins,
            GameResult::BlackWins => XiangqiResult::BlackWins,
            GameResult::Draw => XiangqiResult::Draw,
        }
    }
}

impl fmt::Display for XiangqiResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A xiangqi move read from PGN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XiangqiMove {
    /// The move.
    pub mv: Move,
    /// The text as written in the file.
    pub text: String,
    /// 1-based line of the move in the file.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
}

/// The first illegal (or unreadable) move of a xiangqi game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XiangqiIllegalMove {
    /// 1-based ply of the move in its line (main line or variation).
    pub ply: usize,
    /// The move number: `12.` for Red, `12...` for Black (from the position's
    /// move counter).
    pub number: String,
    /// The move text.
    pub text: String,
    /// Why it could not be played.
    pub reason: NotationError,
    /// True if the move is in a variation, not the main line.
    pub in_variation: bool,
    /// 1-based line of the move (0 for binary files).
    pub line: usize,
    /// 1-based column of the move (0 for binary files).
    pub column: usize,
}

impl fmt::Display for XiangqiIllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} {} (ply {}{}): {}",
            self.number,
            self.text,
            self.ply,
            if self.in_variation {
                " of a variation"
            } else {
                ""
            },
            self.reason
        )
    }
}

/// The move number label of the side to move: `12.` or `12...`.
#[must_use]
pub fn move_number_label(pos: &Position) -> String {
    match pos.side_to_move() {
        Color::Red => format!("{}.", pos.fullmove_number()),
        Color::Black => format!("{}...", pos.fullmove_number()),
    }
}

/// What is wrong in a xiangqi PGN game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum XiangqiErrorKind {
    /// A PGN syntax error (tags, comments, variations).
    #[error("{0}")]
    Syntax(PgnErrorKind),
    /// The `[FEN]` tag is not a valid xiangqi position.
    #[error("bad FEN tag: {0}")]
    BadFen(FenError),
    /// A move that is not legal (the first one in the game).
    #[error("{0}")]
    IllegalMove(Box<XiangqiIllegalMove>),
}

/// An error in a xiangqi PGN file, with its place.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("game {game}, line {line}, column {column}: {kind}")]
pub struct XiangqiPgnError {
    /// 1-based number of the game in the file.
    pub game: usize,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: XiangqiErrorKind,
}

impl From<super::PgnError> for XiangqiPgnError {
    fn from(e: super::PgnError) -> XiangqiPgnError {
        XiangqiPgnError {
            game: e.game,
            line: e.line,
            column: e.column,
            kind: XiangqiErrorKind::Syntax(e.kind),
        }
    }
}

/// A xiangqi game read from PGN, every move legal.
#[derive(Debug, Clone)]
pub struct XiangqiGame {
    /// 1-based number of the game in the file.
    pub number: usize,
    /// Tag pairs in file order.
    pub tags: Vec<Tag>,
    /// The start position (the `FEN` tag, else the initial position).
    pub start: Position,
    /// The main line.
    pub moves: Vec<Move>,
    /// The movetext with comments, NAGs and variations.
    pub movetext: Vec<Element<XiangqiMove>>,
    /// The result: the result token, else the `Result` tag, else `*`.
    pub result: XiangqiResult,
    /// The notation the movetext was written in.
    pub notation: Notation,
}

impl XiangqiGame {
    /// The value of the first tag with this name.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.value.as_str())
    }

    /// Number of plies of the main line.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// The position after the main line.
    #[must_use]
    pub fn final_position(&self) -> Position {
        let mut pos = self.start.clone();
        for &mv in &self.moves {
            pos.make_move(mv);
        }
        pos
    }

    /// The main line as a [`Game`] (for repetition rulings).
    #[must_use]
    pub fn to_game(&self) -> Game {
        let mut g = Game::new(self.start.clone());
        for &mv in &self.moves {
            // Every move was checked when the game was read.
            if g.play(mv).is_err() {
                break;
            }
        }
        g
    }

    /// Interprets a raw PGN game as xiangqi: plays the main line and every
    /// variation.
    ///
    /// # Errors
    /// A bad `FEN` tag, or the first illegal move.
    pub fn from_raw(raw: &RawGame) -> Result<XiangqiGame, XiangqiPgnError> {
        let start = start_position(raw)?;
        let notation = detect_notation(raw);
        let mut moves = Vec::new();
        let movetext = play_line(
            raw.number,
            &start,
            &raw.movetext,
            notation,
            false,
            &mut |m| {
                moves.push(m);
            },
        )?;
        Ok(XiangqiGame {
            number: raw.number,
            tags: raw.tags.clone(),
            start,
            moves,
            movetext,
            result: claimed_result(raw),
            notation,
        })
    }
}

/// Plays a line from `start`; `main` receives the moves of this line only.
fn play_line(
    number: usize,
    start: &Position,
    elements: &[Element<MoveToken>],
    notation: Notation,
    in_variation: bool,
    main: &mut dyn FnMut(Move),
) -> Result<Vec<Element<XiangqiMove>>, XiangqiPgnError> {
    let mut pos = start.clone();
    let mut before: Option<Position> = None;
    let mut out = Vec::with_capacity(elements.len());
    let mut ply = 0;
    for e in elements {
        match e {
            Element::Move(t) => {
                ply += 1;
                let mv = parse_token(&mut pos, &t.text, notation)
                    .map_err(|reason| illegal_error(number, &pos, ply, t, reason, in_variation))?;
                before = Some(pos.clone());
                pos.make_move(mv);
                main(mv);
                out.push(Element::Move(XiangqiMove {
                    mv,
                    text: t.text.clone(),
                    line: t.line,
                    column: t.column,
                }));
            }
            Element::Variation(v) => {
                let Some(b) = &before else {
                    let (line, column) = first_pos(v).unwrap_or((0, 0));
                    return Err(XiangqiPgnError {
                        game: number,
                        line,
                        column,
                        kind: XiangqiErrorKind::Syntax(PgnErrorKind::VariationWithoutMove),
                    });
                };
                let inner = play_line(number, b, v, notation, true, &mut |_| {})?;
                out.push(Element::Variation(inner));
            }
            Element::Comment(c) => out.push(Element::Comment(c.clone())),
            Element::Nag(n) => out.push(Element::Nag(*n)),
        }
    }
    Ok(out)
}

fn first_pos(v: &[Element<MoveToken>]) -> Option<(usize, usize)> {
    v.iter().find_map(|e| match e {
        Element::Move(t) => Some((t.line, t.column)),
        Element::Variation(v) => first_pos(v),
        _ => None,
    })
}

fn illegal(
    pos: &Position,
    ply: usize,
    t: &MoveToken,
    reason: NotationError,
    in_variation: bool,
) -> XiangqiIllegalMove {
    XiangqiIllegalMove {
        ply,
        number: move_number_label(pos),
        text: t.text.clone(),
        reason,
        in_variation,
        line: t.line,
        column: t.column,
    }
}

fn illegal_error(
    number: usize,
    pos: &Position,
    ply: usize,
    t: &MoveToken,
    reason: NotationError,
    in_variation: bool,
) -> XiangqiPgnError {
    XiangqiPgnError {
        game: number,
        line: t.line,
        column: t.column,
        kind: XiangqiErrorKind::IllegalMove(Box::new(illegal(pos, ply, t, reason, in_variation))),
    }
}

/// The start position: the `FEN` tag if present and not empty, else the
/// initial position.
fn start_position(raw: &RawGame) -> Result<Position, XiangqiPgnError> {
    match raw.tag("FEN") {
        Some(fen) if !fen.trim().is_empty() => {
            Position::from_fen(fen.trim()).map_err(|e| XiangqiPgnError {
                game: raw.number,
                line: raw.line,
                column: 1,
                kind: XiangqiErrorKind::BadFen(e),
            })
        }
        _ => Ok(Position::startpos()),
    }
}

fn claimed_result(raw: &RawGame) -> XiangqiResult {
    raw.result
        .as_deref()
        .or(raw.tag("Result"))
        .and_then(XiangqiResult::parse)
        .unwrap_or(XiangqiResult::Unknown)
}

/// Folds full-width ASCII forms (`Ｃ２＝５`, U+FF01–U+FF5E) to ASCII.
fn fold_full_width(text: &str) -> std::borrow::Cow<'_, str> {
    if text.is_ascii() {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(
        text.chars()
            .map(|c| match c {
                '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
                '\u{3000}' => ' ',
                _ => c,
            })
            .collect(),
    )
}

fn is_cjk(c: char) -> bool {
    ('\u{4E00}'..='\u{9FFF}').contains(&c)
}

/// Is this (ASCII-folded) text shaped like an ICCS move (`h2e2`, `H2-E2`)?
fn is_iccs_shape(text: &str) -> bool {
    let b: Vec<u8> = text.bytes().filter(|&c| c != b'-').collect();
    b.len() == 4
        && matches!(b[0].to_ascii_lowercase(), b'a'..=b'i')
        && b[1].is_ascii_digit()
        && matches!(b[2].to_ascii_lowercase(), b'a'..=b'i')
        && b[3].is_ascii_digit()
}

/// Reads a move token: the fast paths of [`fast`] first, then
/// [`Position::parse_move`] (which also gives the error).
fn parse_token(pos: &mut Position, text: &str, notation: Notation) -> Result<Move, NotationError> {
    let quick = match notation {
        Notation::Chinese => fast::chinese(pos, text),
        Notation::Iccs => fast::iccs(pos, text),
        Notation::Wxf => fast::wxf(pos, text),
    };
    if let Some(mv) = quick {
        return Ok(mv);
    }
    match notation {
        Notation::Chinese => pos.parse_move(text, Notation::Chinese),
        other => pos.parse_move(&fold_full_width(text), other),
    }
}

/// Fast paths for the common move forms, testing only the few candidate
/// moves instead of generating every legal move. Each returns a move only
/// when exactly one candidate is legal; anything else (前/后 forms, WXF
/// tandem and pawn forms, no or several legal candidates, odd text) returns
/// `None` and is left to [`Position::parse_move`], so the result is the same.
pub(crate) mod fast {
    use qiyuan_xiangqi::notation::chinese_number;
    use qiyuan_xiangqi::{Color, Move, PieceKind, Position, Square};

    fn in_palace(color: Color, file: i32, rank: i32) -> bool {
        (3..=5).contains(&file)
            && match color {
                Color::Red => (0..=2).contains(&rank),
                Color::Black => (7..=9).contains(&rank),
            }
    }

    fn at(pos: &Position, file: i32, rank: i32) -> Option<qiyuan_xiangqi::Piece> {
        Square::new(file as u8, rank as u8).and_then(|s| pos.piece_at(s))
    }

    /// Is `mv` legal? The piece's geometry (palace, river, elephant eye,
    /// horse leg, rook line, cannon screen), then the king's safety after the
    /// move (flying general included).
    pub(crate) fn legal(pos: &mut Position, mv: Move) -> bool {
        let side = pos.side_to_move();
        let Some(piece) = pos.piece_at(mv.from()) else {
            return false;
        };
        if piece.color != side {
            return false;
        }
        let target = pos.piece_at(mv.to());
        if target.is_some_and(|t| t.color == side) {
            return false;
        }
        let (ff, fr) = (i32::from(mv.from().file()), i32::from(mv.from().rank()));
        let (tf, tr) = (i32::from(mv.to().file()), i32::from(mv.to().rank()));
        let (df, dr) = (tf - ff, tr - fr);
        let between = || {
            let (sf, sr) = (df.signum(), dr.signum());
            let mut n = 0;
            let (mut f, mut r) = (ff + sf, fr + sr);
            while (f, r) != (tf, tr) {
                if at(pos, f, r).is_some() {
                    n += 1;
                }
                f += sf;
                r += sr;
            }
            n
        };
        let forward = if side == Color::Red { 1 } else { -1 };
        let ok = match piece.kind {
            PieceKind::King => df.abs() + dr.abs() == 1 && in_palace(side, tf, tr),
            PieceKind::Advisor => df.abs() == 1 && dr.abs() == 1 && in_palace(side, tf, tr),
            PieceKind::Elephant => {
                df.abs() == 2
                    && dr.abs() == 2
                    && at(pos, ff + df / 2, fr + dr / 2).is_none()
                    && match side {
                        Color::Red => tr <= 4,
                        Color::Black => tr >= 5,
                    }
            }
            PieceKind::Horse => match (df.abs(), dr.abs()) {
                (1, 2) => at(pos, ff, fr + dr / 2).is_none(),
                (2, 1) => at(pos, ff + df / 2, fr).is_none(),
                _ => false,
            },
            PieceKind::Rook => (df == 0) != (dr == 0) && between() == 0,
            PieceKind::Cannon => {
                (df == 0) != (dr == 0) && between() == if target.is_some() { 1 } else { 0 }
            }
            PieceKind::Pawn => {
                let crossed = match side {
                    Color::Red => fr >= 5,
                    Color::Black => fr <= 4,
                };
                (df == 0 && dr == forward) || (crossed && dr == 0 && df.abs() == 1)
            }
        };
        if !ok {
            return false;
        }
        let undo = pos.make_move(mv);
        let safe = !pos.is_check(side);
        pos.unmake_move(mv, undo);
        safe
    }

    /// ICCS `h2e2` / `H2-E2` (ASCII or full-width).
    pub(crate) fn iccs(pos: &mut Position, text: &str) -> Option<Move> {
        let mut b = [0u8; 4];
        let mut n = 0;
        for c in text.chars() {
            let c = match c {
                '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0)?,
                c => c,
            };
            if c == '-' {
                continue;
            }
            if n == 4 || !c.is_ascii() {
                return None;
            }
            b[n] = c.to_ascii_lowercase() as u8;
            n += 1;
        }
        if n != 4 {
            return None;
        }
        let sq = |f: u8, r: u8| {
            if (b'a'..=b'i').contains(&f) && r.is_ascii_digit() {
                Square::new(f - b'a', r - b'0')
            } else {
                None
            }
        };
        let mv = Move::new(sq(b[0], b[1])?, sq(b[2], b[3])?)?;
        legal(pos, mv).then_some(mv)
    }

    #[derive(Clone, Copy, PartialEq)]
    enum Op {
        Forward,
        Back,
        Sideways,
    }

    /// The one legal move of a `kind` on file number `file` (from the
    /// mover's right) going `op` by `target`, if exactly one is legal.
    fn resolve(pos: &mut Position, kind: PieceKind, file: u8, op: Op, target: u8) -> Option<Move> {
        if !(1..=9).contains(&file) || !(1..=9).contains(&target) {
            return None;
        }
        let side = pos.side_to_move();
        let (board_file, dir) = match side {
            Color::Red => (9 - i32::from(file), 1),
            Color::Black => (i32::from(file) - 1, -1),
        };
        let target_file = match side {
            Color::Red => 9 - i32::from(target),
            Color::Black => i32::from(target) - 1,
        };
        let t = i32::from(target);
        let mut found = None;
        for rank in 0..10 {
            let Some(p) = at(pos, board_file, rank) else {
                continue;
            };
            if p.color != side || p.kind != kind {
                continue;
            }
            let to = match kind {
                PieceKind::King | PieceKind::Rook | PieceKind::Cannon | PieceKind::Pawn => match op
                {
                    Op::Sideways => (target_file, rank),
                    Op::Forward => (board_file, rank + dir * t),
                    Op::Back => (board_file, rank - dir * t),
                },
                _ => {
                    let df = (target_file - board_file).abs();
                    let dr = match (kind, df) {
                        (PieceKind::Advisor, 1) => 1,
                        (PieceKind::Elephant, 2) => 2,
                        (PieceKind::Horse, 1) => 2,
                        (PieceKind::Horse, 2) => 1,
                        _ => continue,
                    };
                    match op {
                        Op::Sideways => continue,
                        Op::Forward => (target_file, rank + dir * dr),
                        Op::Back => (target_file, rank - dir * dr),
                    }
                }
            };
            if !(0..9).contains(&to.0) || !(0..10).contains(&to.1) {
                continue;
            }
            let (Some(from), Some(dest)) = (
                Square::new(board_file as u8, rank as u8),
                Square::new(to.0 as u8, to.1 as u8),
            ) else {
                continue;
            };
            let Some(mv) = Move::new(from, dest) else {
                continue;
            };
            if legal(pos, mv) {
                if found.is_some() {
                    return None;
                }
                found = Some(mv);
            }
        }
        found
    }

    /// Chinese `炮二平五`, `马８进７` (piece, file number, 进/退/平, number).
    pub(crate) fn chinese(pos: &mut Position, text: &str) -> Option<Move> {
        let mut it = text.chars().filter(|c| !c.is_whitespace());
        let (a, b, c, d) = (it.next()?, it.next()?, it.next()?, it.next()?);
        if it.next().is_some() {
            return None;
        }
        let kind = PieceKind::from_chinese(a)?;
        let op = match c {
            '进' | '進' => Op::Forward,
            '退' => Op::Back,
            '平' => Op::Sideways,
            _ => return None,
        };
        resolve(pos, kind, chinese_number(b)?, op, chinese_number(d)?)
    }

    /// WXF `C2.5`, `H8+7` (ASCII or full-width; not pawns, which have
    /// their own WXF rules, nor the tandem `+`/`-` forms).
    pub(crate) fn wxf(pos: &mut Position, text: &str) -> Option<Move> {
        let mut b = [0u8; 4];
        let mut n = 0;
        for c in text.chars() {
            let c = match c {
                '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0)?,
                c => c,
            };
            if n == 4 || !c.is_ascii() {
                return None;
            }
            b[n] = c as u8;
            n += 1;
        }
        if n != 4 {
            return None;
        }
        let kind = match b[0].to_ascii_uppercase() {
            b'K' => PieceKind::King,
            b'A' => PieceKind::Advisor,
            b'E' | b'B' => PieceKind::Elephant,
            b'H' | b'N' => PieceKind::Horse,
            b'R' => PieceKind::Rook,
            b'C' => PieceKind::Cannon,
            _ => return None,
        };
        let op = match b[2] {
            b'+' => Op::Forward,
            b'-' => Op::Back,
            b'.' | b'=' => Op::Sideways,
            _ => return None,
        };
        let digit = |c: u8| c.is_ascii_digit().then(|| c - b'0');
        resolve(pos, kind, digit(b[1])?, op, digit(b[3])?)
    }
}

/// The notation of a game's movetext: the `Format` tag (`ICCS`, `WXF`,
/// `Chinese`) if present, else the shape of the first move: Chinese
/// characters → Chinese; four characters `[a-i][0-9][a-i][0-9]` (with an
/// optional hyphen, any case, full-width folded) → ICCS; anything else → WXF.
///
/// ```
/// use qiyuan_formats::pgn::{read_raw, xiangqi::detect_notation};
/// use qiyuan_xiangqi::Notation;
/// let g = read_raw("[Game \"Chinese Chess\"]\n1. Ｃ２＝５ Ｈ８＋７ *").next().unwrap().unwrap();
/// assert_eq!(detect_notation(&g), Notation::Wxf);
/// ```
#[must_use]
pub fn detect_notation(raw: &RawGame) -> Notation {
    match raw.tag("Format").map(str::trim) {
        Some(f) if f.eq_ignore_ascii_case("ICCS") || f.eq_ignore_ascii_case("UCCI") => {
            return Notation::Iccs;
        }
        Some(f) if f.eq_ignore_ascii_case("WXF") => return Notation::Wxf,
        Some(f) if f.eq_ignore_ascii_case("Chinese") => return Notation::Chinese,
        _ => {}
    }
    let first = raw.movetext.iter().find_map(|e| match e {
        Element::Move(t) => Some(t.text.as_str()),
        _ => None,
    });
    match first {
        None => Notation::Chinese,
        Some(t) if t.chars().any(is_cjk) => Notation::Chinese,
        Some(t) if is_iccs_shape(&fold_full_width(t)) => Notation::Iccs,
        Some(_) => Notation::Wxf,
    }
}

/// Does this PGN game look like xiangqi rather than chess? Yes if it has a
/// `Game` tag naming Chinese chess, a `Red` or `Black`-without-`White` tag, a
/// `Format` tag, a 10-rank `FEN`, or a first move in Chinese characters or
/// ICCS coordinates.
///
/// ```
/// use qiyuan_formats::pgn::{read_raw, xiangqi::is_xiangqi};
/// let x = read_raw("[Red \"A\"]\n1. h2e2 *").next().unwrap().unwrap();
/// let c = read_raw("[White \"A\"]\n1. e4 *").next().unwrap().unwrap();
/// assert!(is_xiangqi(&x) && !is_xiangqi(&c));
/// ```
#[must_use]
pub fn is_xiangqi(raw: &RawGame) -> bool {
    if let Some(g) = raw.tag("Game") {
        let g = g.to_ascii_lowercase();
        if g.contains("chinese") || g.contains("xiangqi") || g.contains('象') {
            return true;
        }
        if g.contains("chess") {
            return false;
        }
    }
    if raw.tag("Red").is_some() || raw.tag("Format").is_some() {
        return true;
    }
    if raw.tag("White").is_none() && raw.tag("Black").is_some() && raw.tag("Event").is_none() {
        return true;
    }
    if let Some(fen) = raw.tag("FEN") {
        let board = fen.split_whitespace().next().unwrap_or("");
        if board.split('/').count() == 10 {
            return true;
        }
    }
    let first = raw.movetext.iter().find_map(|e| match e {
        Element::Move(t) => Some(t.text.as_str()),
        _ => None,
    });
    first.is_some_and(|t| t.chars().any(is_cjk) || is_iccs_shape(&fold_full_width(t)))
}

/// Iterator over the xiangqi games of a PGN text; see [`read_xiangqi_pgn`].
pub struct XiangqiReader<'a> {
    raw: RawReader<'a>,
}

impl Iterator for XiangqiReader<'_> {
    type Item = Result<XiangqiGame, XiangqiPgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        Some(match self.raw.next()? {
            Ok(raw) => XiangqiGame::from_raw(&raw),
            Err(e) => Err(e.into()),
        })
    }
}

/// Reads the xiangqi games of a PGN text (decode the bytes first with
/// [`super::decode`]). Each item is one game, or the first error in it
/// (reading goes on with the next game).
///
/// ```
/// use qiyuan_formats::pgn::xiangqi::{read_xiangqi_pgn, XiangqiResult};
/// let text = "[Game \"Chinese Chess\"]\n[Result \"1-0\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 1-0\n";
/// let g = read_xiangqi_pgn(text).next().unwrap().unwrap();
/// assert_eq!((g.plies(), g.result), (3, XiangqiResult::RedWins));
///
/// // The horse's leg on g6 is blocked by Black's own pawn (蹩马腿).
/// let bad = "[Game \"Chinese Chess\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 马７进６ *\n";
/// let err = read_xiangqi_pgn(bad).next().unwrap().unwrap_err();
/// assert!(err.to_string().starts_with("game 1, line 3, column 22: move 2... 马７进６ (ply 4)"), "{err}");
/// ```
#[must_use]
pub fn read_xiangqi_pgn(text: &str) -> XiangqiReader<'_> {
    XiangqiReader {
        raw: read_raw(text),
    }
}

/// What [`check_xiangqi`] (or [`crate::xqf::check_xqf`]) found in one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XiangqiCheck {
    /// 1-based number of the game in the file.
    pub number: usize,
    /// Plies of the main line that were legal (all of them if `illegal` is `None`).
    pub plies: usize,
    /// The first illegal main-line move.
    pub illegal: Option<XiangqiIllegalMove>,
    /// The result claimed: the result token, else the `Result` tag, else `*`.
    pub claimed: XiangqiResult,
    /// The notation of the movetext.
    pub notation: Notation,
    /// The side to move in the final position has no legal move (将死 or
    /// 困毙); `false` if a move was illegal.
    pub no_legal_move: bool,
    /// The result against the final position (see the module docs).
    pub result: ResultCheck,
}

/// Judges a claimed result against the final position (see the module docs).
fn judge_result(
    claimed: XiangqiResult,
    illegal: bool,
    final_pos: &Position,
    plies: usize,
) -> (bool, ResultCheck) {
    if illegal {
        return (false, ResultCheck::Undecided);
    }
    let lost = final_pos.is_lost();
    if !lost {
        return (false, ResultCheck::Undecided);
    }
    if claimed == XiangqiResult::Unknown {
        return (true, ResultCheck::Undecided);
    }
    let loser = final_pos.side_to_move();
    let due = XiangqiResult::from(GameResult::win_for(!loser));
    let check = if claimed == due {
        ResultCheck::Consistent
    } else {
        let side = match loser {
            Color::Red => "Red",
            Color::Black => "Black",
        };
        ResultCheck::Inconsistent(format!(
            "after ply {plies} {side} has no legal move and has lost ({due}), but the result is {claimed}"
        ))
    };
    (true, check)
}

/// Validates one xiangqi game without building it: replays the main line
/// (variations are not played), finds the first illegal move, and checks the
/// result against the final position (see the module docs) and the `Result`
/// tag against the result token. An error only for an unreadable `FEN` tag.
///
/// ```
/// use qiyuan_formats::pgn::{read_raw, ResultCheck, xiangqi::check_xiangqi};
/// // After R1.4 (i8f8) the lone Black king on e9 has no legal move (困毙):
/// // the rooks on d8 and f8 guard d9, e8 and f9. Red has won, not Black.
/// let raw = read_raw("[FEN \"4k4/3R4R/9/9/9/9/9/9/9/3K5 w - - 0 1\"]\n1. R1.4 0-1")
///     .next().unwrap().unwrap();
/// let c = check_xiangqi(&raw).unwrap();
/// assert_eq!(c.plies, 1);
/// assert!(c.no_legal_move);
/// assert!(matches!(c.result, ResultCheck::Inconsistent(_)));
/// ```
///
/// # Errors
/// A bad `FEN` tag.
pub fn check_xiangqi(raw: &RawGame) -> Result<XiangqiCheck, XiangqiPgnError> {
    let mut pos = start_position(raw)?;
    let notation = detect_notation(raw);
    let claimed = claimed_result(raw);
    let mut plies = 0;
    let mut bad = None;
    for e in &raw.movetext {
        let Element::Move(t) = e else { continue };
        match parse_token(&mut pos, &t.text, notation) {
            Ok(mv) => {
                pos.make_move(mv);
                plies += 1;
            }
            Err(reason) => {
                bad = Some(illegal(&pos, plies + 1, t, reason, false));
                break;
            }
        }
    }
    let tag = raw.tag("Result").and_then(XiangqiResult::parse);
    let token = raw.result.as_deref().and_then(XiangqiResult::parse);
    let (no_legal_move, mut result) = judge_result(claimed, bad.is_some(), &pos, plies);
    if let (Some(a), Some(b)) = (tag, token)
        && a != b
    {
        result = ResultCheck::Inconsistent(format!(
            "the Result tag says {a} but the movetext ends with {b}"
        ));
    }
    Ok(XiangqiCheck {
        number: raw.number,
        plies,
        illegal: bad,
        claimed,
        notation,
        no_legal_move,
        result,
    })
}

/// Checks a game given as a start position and moves (from a binary file):
/// the same verdicts as [`check_xiangqi`], move texts in ICCS.
#[must_use]
pub fn check_moves(
    number: usize,
    start: &Position,
    moves: &[Move],
    claimed: XiangqiResult,
) -> XiangqiCheck {
    let mut pos = start.clone();
    let mut bad = None;
    let mut plies = 0;
    for &mv in moves {
        if fast::legal(&mut pos, mv) {
            pos.make_move(mv);
            plies += 1;
        } else {
            bad = Some(XiangqiIllegalMove {
                ply: plies + 1,
                number: move_number_label(&pos),
                text: mv.to_string(),
                reason: NotationError::NoMatch {
                    text: mv.to_string(),
                    side: pos.side_to_move(),
                },
                in_variation: false,
                line: 0,
                column: 0,
            });
            break;
        }
    }
    let (no_legal_move, result) = judge_result(claimed, bad.is_some(), &pos, plies);
    XiangqiCheck {
        number,
        plies,
        illegal: bad,
        claimed,
        notation: Notation::Iccs,
        no_legal_move,
        result,
    }
}

/// A tag value as PGN text: `\\` and `"` escaped, control characters
/// (a tag stays on one line) written as spaces.
fn escape(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    for c in v.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Writes a move for the PGN file: ICCS in the xqbase form `H2-E2`.
fn move_text(pos: &Position, mv: Move, notation: Notation) -> String {
    match notation {
        Notation::Iccs => {
            let s = mv.to_string().to_ascii_uppercase();
            format!("{}-{}", &s[..2], &s[2..])
        }
        // The move was played legally when read, so formatting cannot fail.
        n => pos.format_move(mv, n).unwrap_or_else(|_| mv.to_string()),
    }
}

fn line_tokens(
    start: &Position,
    elements: &[Element<XiangqiMove>],
    notation: Notation,
    out: &mut Vec<String>,
) {
    let mut pos = start.clone();
    let mut before: Option<Position> = None;
    let mut need_number = true;
    for e in elements {
        match e {
            Element::Move(m) => {
                if pos.side_to_move() == Color::Red {
                    out.push(format!("{}.", pos.fullmove_number()));
                } else if need_number {
                    out.push(format!("{}...", pos.fullmove_number()));
                }
                out.push(move_text(&pos, m.mv, notation));
                before = Some(pos.clone());
                pos.make_move(m.mv);
                need_number = false;
            }
            Element::Comment(c) => {
                out.push(format!("{{{}}}", c.replace('}', ")")));
                need_number = true;
            }
            Element::Nag(n) => out.push(format!("${n}")),
            Element::Variation(v) => {
                if let Some(b) = &before {
                    let mut inner = Vec::new();
                    line_tokens(b, v, notation, &mut inner);
                    if let Some(first) = inner.first_mut() {
                        first.insert(0, '(');
                    }
                    if let Some(last) = inner.last_mut() {
                        last.push(')');
                    }
                    out.extend(inner);
                    need_number = true;
                }
            }
        }
    }
}

/// Writes a game as xqbase PGN with its movetext in `notation`: the `Game`
/// tag first, the other tags in their order (`Format` set to `ICCS`/`WXF`, or
/// removed for Chinese; `Result` set to the game's result; `FEN` added for a
/// set-up position), then the movetext with comments, NAGs and variations,
/// in lines of at most 79 characters. Chinese moves are written in
/// simplified characters with ASCII digits for Black (`马8进7`), ICCS as
/// `H2-E2`.
///
/// ```
/// use qiyuan_formats::pgn::xiangqi::{read_xiangqi_pgn, write_xiangqi_pgn};
/// use qiyuan_xiangqi::Notation;
/// let g = read_xiangqi_pgn("[Red \"A\"]\n1. h2e2 h9g7 *").next().unwrap().unwrap();
/// let text = write_xiangqi_pgn(&g, Notation::Wxf);
/// assert!(text.contains("[Format \"WXF\"]"));
/// assert!(text.ends_with("1. C2.5 H8+7 *\n"), "{text}");
/// ```
#[must_use]
pub fn write_xiangqi_pgn(game: &XiangqiGame, notation: Notation) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "[Game \"{}\"]\n",
        escape(game.tag("Game").unwrap_or("Chinese Chess"))
    ));
    let mut has_fen = false;
    let mut has_result = false;
    for t in &game.tags {
        match t.name.as_str() {
            "Game" | "Format" => continue,
            "Result" => {
                has_result = true;
                out.push_str(&format!("[Result \"{}\"]\n", game.result));
            }
            "FEN" => {
                has_fen = true;
                out.push_str(&format!("[FEN \"{}\"]\n", game.start.to_fen()));
            }
            _ => out.push_str(&format!("[{} \"{}\"]\n", t.name, escape(&t.value))),
        }
    }
    if !has_result {
        out.push_str(&format!("[Result \"{}\"]\n", game.result));
    }
    if !has_fen && game.start != Position::startpos() {
        out.push_str(&format!("[FEN \"{}\"]\n", game.start.to_fen()));
    }
    match notation {
        Notation::Iccs => out.push_str("[Format \"ICCS\"]\n"),
        Notation::Wxf => out.push_str("[Format \"WXF\"]\n"),
        Notation::Chinese => {}
    }
    out.push('\n');
    let mut tokens = Vec::new();
    line_tokens(&game.start, &game.movetext, notation, &mut tokens);
    tokens.push(game.result.as_str().to_string());
    let mut len = 0;
    for t in &tokens {
        let w = t.chars().count();
        if len > 0 && len + 1 + w > 79 {
            out.push('\n');
            len = 0;
        }
        if len > 0 {
            out.push(' ');
            len += 1;
        }
        out.push_str(t);
        len += w;
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::fast;
    use qiyuan_xiangqi::{Move, Position, Square};

    /// Every from/to pair: the fast single-move test agrees with the move
    /// generator of qiyuan-xiangqi.
    fn agree(pos: &mut Position) {
        let legal = pos.legal_moves();
        for a in 0..90 {
            for b in 0..90 {
                let (Some(x), Some(y)) = (Square::from_index(a), Square::from_index(b)) else {
                    continue;
                };
                let Some(mv) = Move::new(x, y) else { continue };
                assert_eq!(
                    fast::legal(pos, mv),
                    legal.contains(&mv),
                    "{mv} in {}",
                    pos.to_fen()
                );
            }
        }
    }

    #[test]
    fn fast_legality_agrees_on_the_notation_set_positions() {
        let tsv = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../testdata/games/xiangqi/notation-set/moves.tsv"
        ))
        .unwrap();
        for line in tsv.lines().skip(1).step_by(7) {
            let fen = line.split('\t').nth(2).unwrap();
            agree(&mut Position::from_fen(fen).unwrap());
        }
    }

    #[test]
    fn fast_legality_agrees_on_random_playouts() {
        let mut seed = 0x1234_5678_9ABC_DEF1u64;
        for _ in 0..40 {
            let mut pos = Position::startpos();
            for ply in 0..200 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    agree(&mut pos);
                    break;
                }
                if ply % 9 == 0 {
                    agree(&mut pos);
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos.make_move(moves[(seed % moves.len() as u64) as usize]);
            }
        }
    }
}
