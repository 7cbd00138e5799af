//! Chess SAN movetext on top of the raw reader; game validation.

use qiyuan_chess::{
    Board, Game, GameResult, Move, Outcome, SanError, Setup, move_number_label, parse_fen,
    parse_san,
};

use qiyuan_rating::Lang;

use super::raw::{Element, MoveToken, RawGame, RawReader, Tag, read_raw};
use super::{PgnError, PgnErrorKind};

/// A chess move read from PGN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChessMove {
    /// The move (castling as king-takes-rook, as cozy-chess encodes it).
    pub mv: Move,
    /// The text as written in the file.
    pub text: String,
    /// 1-based line of the move in the file.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
}

/// The first illegal (or unreadable) move of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalMove {
    /// 1-based ply of the move in its line (main line or variation).
    pub ply: usize,
    /// The move number as written in PGN: `12.` for White, `12...` for Black.
    pub number: String,
    /// The move text.
    pub text: String,
    /// Why it could not be played.
    pub reason: SanError,
    /// True if the move is in a variation, not the main line.
    pub in_variation: bool,
    /// 1-based line of the move.
    pub line: usize,
    /// 1-based column of the move.
    pub column: usize,
}

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
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

impl IllegalMove {
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

/// A chess game read from PGN.
#[derive(Debug, Clone)]
pub struct PgnGame {
    /// 1-based number of the game in the file.
    pub number: usize,
    /// Tag pairs in file order.
    pub tags: Vec<Tag>,
    /// The main line as a [`Game`] (start position, moves, history).
    pub game: Game,
    /// The movetext with comments, NAGs and variations.
    pub movetext: Vec<Element<ChessMove>>,
    /// The result: the result token, else the `Result` tag, else `*`.
    pub result: GameResult,
}

impl PgnGame {
    /// The value of the first tag with this name.
    pub fn tag(&self, name: &str) -> Option<&str> {
        super::raw::first_tag(&self.tags, name)
    }
}

/// The start position of a game: the `FEN` tag if any, else the standard one.
fn start_setup(raw: &RawGame) -> Result<Setup, PgnError> {
    match raw.fen() {
        Some(fen) => parse_fen(fen).map_err(|e| PgnError {
            game: raw.number,
            line: raw.line,
            column: 1,
            kind: PgnErrorKind::BadFen(e),
        }),
        None => Ok(Setup::startpos()),
    }
}

fn claimed_result(raw: &RawGame) -> GameResult {
    raw.claimed_result()
        .and_then(GameResult::parse)
        .unwrap_or(GameResult::Unknown)
}

fn illegal(board: &Board, ply: usize, t: &MoveToken, reason: SanError, var: bool) -> IllegalMove {
    IllegalMove {
        ply,
        number: move_number_label(board),
        text: t.text.clone(),
        reason,
        in_variation: var,
        line: t.line,
        column: t.column,
    }
}

fn to_error(number: usize, m: IllegalMove) -> PgnError {
    PgnError {
        game: number,
        line: m.line,
        column: m.column,
        kind: PgnErrorKind::IllegalMove(Box::new(m)),
    }
}

/// Plays a variation from `board` (the position before the move it replaces).
fn variation(
    number: usize,
    mut board: Board,
    elements: &[Element<MoveToken>],
) -> Result<Vec<Element<ChessMove>>, PgnError> {
    let mut out = Vec::with_capacity(elements.len());
    let mut before: Option<Board> = None;
    let mut ply = 0;
    for e in elements {
        match e {
            Element::Move(t) => {
                ply += 1;
                let mv = parse_san(&board, &t.text)
                    .map_err(|r| to_error(number, illegal(&board, ply, t, r, true)))?;
                before = Some(board.clone());
                board.play_unchecked(mv);
                out.push(Element::Move(chess_move(mv, t)));
            }
            Element::Variation(v) => {
                let Some(b) = &before else {
                    return Err(variation_without_move(number, v));
                };
                out.push(Element::Variation(variation(number, b.clone(), v)?));
            }
            Element::Comment(c) => out.push(Element::Comment(c.clone())),
            Element::Nag(n) => out.push(Element::Nag(*n)),
        }
    }
    Ok(out)
}

fn variation_without_move(number: usize, v: &[Element<MoveToken>]) -> PgnError {
    let (line, column) = first_pos(v).unwrap_or((0, 0));
    PgnError {
        game: number,
        line,
        column,
        kind: PgnErrorKind::VariationWithoutMove,
    }
}

fn first_pos(v: &[Element<MoveToken>]) -> Option<(usize, usize)> {
    v.iter().find_map(|e| match e {
        Element::Move(t) => Some((t.line, t.column)),
        Element::Variation(v) => first_pos(v),
        _ => None,
    })
}

fn chess_move(mv: Move, t: &MoveToken) -> ChessMove {
    ChessMove {
        mv,
        text: t.text.clone(),
        line: t.line,
        column: t.column,
    }
}

impl PgnGame {
    /// Interprets a raw game as chess: plays the main line and every variation.
    pub fn from_raw(raw: &RawGame) -> Result<PgnGame, PgnError> {
        let mut game = Game::from_setup(start_setup(raw)?);
        let mut out = Vec::with_capacity(raw.movetext.len());
        let mut before: Option<Board> = None;
        for e in &raw.movetext {
            match e {
                Element::Move(t) => {
                    let b = game.board().clone();
                    let mv = game.push_san_lenient(&t.text).map_err(|r| {
                        to_error(raw.number, illegal(&b, game.plies() + 1, t, r, false))
                    })?;
                    before = Some(b);
                    out.push(Element::Move(chess_move(mv, t)));
                }
                Element::Variation(v) => {
                    let Some(b) = &before else {
                        return Err(variation_without_move(raw.number, v));
                    };
                    out.push(Element::Variation(variation(raw.number, b.clone(), v)?));
                }
                Element::Comment(c) => out.push(Element::Comment(c.clone())),
                Element::Nag(n) => out.push(Element::Nag(*n)),
            }
        }
        Ok(PgnGame {
            number: raw.number,
            tags: raw.tags.clone(),
            game,
            movetext: out,
            result: claimed_result(raw),
        })
    }
}

/// Iterator over the chess games of a PGN text; see [`read_pgn`].
pub struct PgnReader<'a> {
    raw: RawReader<'a>,
}

impl Iterator for PgnReader<'_> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        Some(self.raw.next()?.and_then(|raw| PgnGame::from_raw(&raw)))
    }
}

/// Reads the chess games of a PGN text. Each item is one game, or the first
/// error in it (reading goes on with the next game).
///
/// ```
/// use qiyuan_formats::pgn::read_pgn;
/// let text = "[Event \"x\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
/// let game = read_pgn(text).next().unwrap().unwrap();
/// assert_eq!(game.game.plies(), 4);
///
/// let bad = "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n";
/// let err = read_pgn(bad).next().unwrap().unwrap_err();
/// assert_eq!(err.to_string(),
///     "game 1, line 3, column 13: move 2. Ke3 (ply 3): `Ke3` is not a legal move here");
/// ```
pub fn read_pgn(text: &str) -> PgnReader<'_> {
    PgnReader {
        raw: read_raw(text),
    }
}

/// Whether a game's result agrees with its final position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResultCheck {
    /// The game ended by rule (checkmate, stalemate, dead position, fivefold,
    /// 75 moves) and the result is the one that ending gives.
    Consistent,
    /// The final position does not decide the result (resignation, time,
    /// agreement or an unfinished game are all possible), or a move was illegal.
    Undecided,
    /// The result contradicts the position or the record itself.
    Inconsistent(ResultProblem),
}

/// How a claimed result contradicts the record ([`ResultCheck::Inconsistent`]):
/// data, worded in either language by [`ResultProblem::text`] (English by
/// `Display`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResultProblem {
    /// The `Result` tag and the movetext's result token differ.
    TagAndToken {
        /// The tag's result.
        tag: String,
        /// The token's.
        token: String,
    },
    /// A chess game ended by rule with another result than the one claimed.
    Ended {
        /// The ply it ended at.
        ply: usize,
        /// How it ended.
        outcome: Outcome,
        /// The result claimed.
        claimed: String,
    },
    /// In a xiangqi game the side to move has no legal move and has lost,
    /// but the result claimed is another.
    NoLegalMove {
        /// Plies played.
        ply: usize,
        /// The side that lost (`true`: Red).
        red_lost: bool,
        /// The result the loss gives.
        due: String,
        /// The result claimed.
        claimed: String,
    },
}

impl ResultProblem {
    /// The problem in words.
    ///
    /// ```
    /// use qiyuan_formats::pgn::ResultProblem;
    /// use qiyuan_rating::Lang;
    /// let p = ResultProblem::TagAndToken { tag: "1-0".into(), token: "0-1".into() };
    /// assert_eq!(p.text(Lang::En), "the Result tag says 1-0 but the movetext ends with 0-1");
    /// assert_eq!(p.text(Lang::Zh), "Result 标签记为 1-0，而棋谱着法以 0-1 结束");
    /// ```
    pub fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (ResultProblem::TagAndToken { tag, token }, Lang::En) => {
                format!("the Result tag says {tag} but the movetext ends with {token}")
            }
            (ResultProblem::TagAndToken { tag, token }, Lang::Zh) => {
                format!("Result 标签记为 {tag}，而棋谱着法以 {token} 结束")
            }
            (
                ResultProblem::Ended {
                    ply,
                    outcome,
                    claimed,
                },
                Lang::En,
            ) => format!(
                "the game ended at ply {ply} by {outcome:?}, which gives {}, but the result is {claimed}",
                outcome.result()
            ),
            (
                ResultProblem::Ended {
                    ply,
                    outcome,
                    claimed,
                },
                Lang::Zh,
            ) => {
                let how = match outcome {
                    Outcome::Checkmate { winner } => match winner {
                        qiyuan_chess::Color::White => "白方将杀",
                        qiyuan_chess::Color::Black => "黑方将杀",
                    },
                    Outcome::Stalemate => "逼和",
                    Outcome::DeadPosition => "死局（双方均无法将杀）",
                    Outcome::FivefoldRepetition => "同一局面出现五次",
                    Outcome::SeventyFiveMoves => "75 回合无吃子和兵的走动",
                };
                format!(
                    "对局在第 {ply} 步因{how}结束，结果应为 {}，而记录的结果是 {claimed}",
                    outcome.result()
                )
            }
            (
                ResultProblem::NoLegalMove {
                    ply,
                    red_lost,
                    due,
                    claimed,
                },
                lang,
            ) => {
                let side = match (red_lost, lang) {
                    (true, Lang::En) => "Red",
                    (false, Lang::En) => "Black",
                    (true, Lang::Zh) => "红方",
                    (false, Lang::Zh) => "黑方",
                };
                lang.pick(
                    format!(
                        "after ply {ply} {side} has no legal move and has lost ({due}), but the result is {claimed}"
                    ),
                    format!(
                        "第 {ply} 步后{side}无子可走，已经输棋（{due}），而记录的结果是 {claimed}"
                    ),
                )
            }
        }
    }
}

impl std::fmt::Display for ResultProblem {
    /// The problem in English ([`ResultProblem::text`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

/// What [`check`] found in one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameCheck {
    /// 1-based number of the game in the file.
    pub number: usize,
    /// Plies of the main line that were legal (all of them if `illegal` is `None`).
    pub plies: usize,
    /// The first illegal main-line move.
    pub illegal: Option<IllegalMove>,
    /// The result claimed: the result token, else the `Result` tag, else `*`.
    pub claimed: GameResult,
    /// The first automatic end of the game by rule, with the ply it happened at
    /// (moves written after it are still replayed and counted).
    pub ended: Option<(usize, Outcome)>,
    /// The result against the final position.
    pub result: ResultCheck,
}

/// Validates one chess game: replays the main line (variations are not
/// played), finds the first illegal move, and checks the result against the
/// final position (FIDE 5.1.1, 5.2.1, 5.2.2, 9.6) and the `Result` tag against
/// the result token. An error only for an unreadable `FEN` tag.
///
/// ```
/// use qiyuan_formats::pgn::{check, read_raw, ResultCheck};
/// let raw = read_raw("[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0").next().unwrap().unwrap();
/// let c = check(&raw).unwrap();
/// assert_eq!(c.plies, 4);
/// assert!(matches!(c.result, ResultCheck::Inconsistent(_)));
/// ```
pub fn check(raw: &RawGame) -> Result<GameCheck, PgnError> {
    let mut game = Game::from_setup(start_setup(raw)?);
    let claimed = claimed_result(raw);
    let mut ended = game.outcome().map(|o| (0, o));
    let mut bad = None;
    for e in &raw.movetext {
        let Element::Move(t) = e else { continue };
        if let Err(r) = game.push_san_lenient(&t.text) {
            // Reconstruct the position's label before the failed move.
            bad = Some(illegal(game.board(), game.plies() + 1, t, r, false));
            break;
        }
        if ended.is_none() {
            ended = game.outcome().map(|o| (game.plies(), o));
        }
    }
    let tag = raw.tag("Result").and_then(GameResult::parse);
    let token = raw.result.as_deref().and_then(GameResult::parse);
    let result = match (tag, token) {
        (Some(a), Some(b)) if a != b => ResultCheck::Inconsistent(ResultProblem::TagAndToken {
            tag: a.to_string(),
            token: b.to_string(),
        }),
        _ if bad.is_some() => ResultCheck::Undecided,
        _ => match ended {
            None => ResultCheck::Undecided,
            Some((_, o)) if o.result() == claimed => ResultCheck::Consistent,
            Some((ply, o)) => ResultCheck::Inconsistent(ResultProblem::Ended {
                ply,
                outcome: o,
                claimed: claimed.to_string(),
            }),
        },
    };
    Ok(GameCheck {
        number: raw.number,
        plies: game.plies(),
        illegal: bad,
        claimed,
        ended,
        result,
    })
}
