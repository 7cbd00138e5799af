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
//! One job per file: this one holds the game, its errors, the reader and
//! the detection of the notation; `check.rs` the verdict on a game without
//! building it; `write.rs` the writer.
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

mod check;
mod write;

pub use check::{XiangqiCheck, check_moves, check_xiangqi};
pub use write::write_xiangqi_pgn;

use std::fmt;

use qiyuan_rating::Lang;
use qiyuan_xiangqi::{Color, FenError, Game, GameResult, Move, Notation, NotationError, Position};
use thiserror::Error;

use super::{Element, MoveToken, PgnErrorKind, RawGame, RawReader, Tag, read_raw};

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

impl XiangqiIllegalMove {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => super::illegal_move_zh(
                &self.number,
                &self.text,
                self.in_variation,
                self.ply,
                &self.reason.text(lang),
            ),
        }
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

impl XiangqiErrorKind {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        match (lang, self) {
            (Lang::En, _) => self.to_string(),
            (Lang::Zh, XiangqiErrorKind::Syntax(k)) => k.text(lang),
            (Lang::Zh, XiangqiErrorKind::BadFen(e)) => format!("FEN 标签有误：{}", e.text(lang)),
            (Lang::Zh, XiangqiErrorKind::IllegalMove(m)) => m.text(lang),
        }
    }
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

impl XiangqiPgnError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => super::place_zh(self.game, self.line, self.column, &self.kind.text(lang)),
        }
    }
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
        super::raw::first_tag(&self.tags, name)
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
                let mv = parse_token(&pos, &t.text, notation)
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
    match raw.fen() {
        Some(fen) => Position::from_fen(fen).map_err(|e| XiangqiPgnError {
            game: raw.number,
            line: raw.line,
            column: 1,
            kind: XiangqiErrorKind::BadFen(e),
        }),
        None => Ok(Position::startpos()),
    }
}

fn claimed_result(raw: &RawGame) -> XiangqiResult {
    raw.claimed_result()
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

/// Reads a move token in `notation`, full-width ICCS and WXF folded to
/// ASCII first.
fn parse_token(pos: &Position, text: &str, notation: Notation) -> Result<Move, NotationError> {
    match notation {
        Notation::Chinese => pos.parse_move(text, Notation::Chinese),
        other => pos.parse_move(&fold_full_width(text), other),
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
