//! PGN: Portable Game Notation for chess, and the movetext-agnostic reader
//! the xiangqi dialect (xqbase PGN) shares.
//!
//! * [`read_raw`] reads tag pairs and a token stream ([`RawGame`]): moves as
//!   text, comments `{}` and `;`, NAGs, nested variations, the result.
//! * [`read_pgn`] interprets chess SAN on top of it ([`PgnGame`]), starting
//!   from a `[FEN]` tag when there is one (with or without `[SetUp "1"]`).
//! * [`check`] validates one game: legality, the first illegal move with its
//!   number, plies, and the result against the final position.
//! * [`write_pgn`] writes a game back (export format: seven-tag roster
//!   first, SAN regenerated, lines of at most 79 characters).
//! * [`decode`] turns file bytes into text: UTF-8 (with or without BOM), or
//!   GBK / Big5 for xiangqi files.
//!
//! Errors name the game number in the file, the line and column, and for an
//! illegal move its move number (`12...`) and ply.

mod chess;
mod encoding;
mod raw;
mod write;
pub mod xiangqi;

pub use chess::{
    ChessMove, GameCheck, IllegalMove, PgnGame, PgnReader, ResultCheck, ResultProblem, check,
    read_pgn,
};
pub use encoding::{TextEncoding, decode};
pub use raw::{Element, MoveToken, RawGame, RawReader, Tag, read_raw};
pub use write::{write_game, write_pgn};

use qiyuan_rating::Lang;
use thiserror::Error;

/// An error in a PGN file, with its place.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("game {game}, line {line}, column {column}: {kind}")]
pub struct PgnError {
    /// 1-based number of the game in the file.
    pub game: usize,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: PgnErrorKind,
}

impl PgnError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    ///
    /// ```
    /// use qiyuan_formats::pgn::{PgnError, PgnErrorKind};
    /// use qiyuan_rating::Lang;
    /// let e = PgnError { game: 2, line: 14, column: 3, kind: PgnErrorKind::UnterminatedComment };
    /// assert_eq!(e.text(Lang::En), "game 2, line 14, column 3: comment not closed by `}`");
    /// assert_eq!(e.text(Lang::Zh), "第 2 局，第 14 行第 3 列：注释没有以 `}` 结束");
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => place_zh(self.game, self.line, self.column, &self.kind.text(lang)),
        }
    }
}

/// Where in a PGN file, and what, in Chinese: `第 2 局，第 14 行第 3 列：…`
/// (the chess and the xiangqi reader's errors).
pub(crate) fn place_zh(game: usize, line: usize, column: usize, what: &str) -> String {
    format!("第 {game} 局，第 {line} 行第 {column} 列：{what}")
}

/// An illegal move in Chinese: `着法 12. Nf3（变着中第 23 步）：…` (the chess and
/// the xiangqi reader's).
pub(crate) fn illegal_move_zh(
    number: &str,
    text: &str,
    in_variation: bool,
    ply: usize,
    reason: &str,
) -> String {
    let variation = if in_variation { "变着中" } else { "" };
    format!("着法 {number} {text}（{variation}第 {ply} 步）：{reason}")
}

/// What is wrong in a PGN game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PgnErrorKind {
    /// A tag pair is not `[Name "value"]`.
    #[error("bad tag: {0}")]
    BadTag(String),
    /// A tag's value is not closed on its line.
    #[error("tag not closed by `\"]`")]
    UnterminatedTag,
    /// A `{` comment is never closed.
    #[error("comment not closed by `}}`")]
    UnterminatedComment,
    /// A `)` without its `(`.
    #[error("`)` without a matching `(`")]
    UnmatchedClose,
    /// A `(` never closed.
    #[error("variation not closed by `)`")]
    UnclosedVariation,
    /// A variation with no move before it to replace.
    #[error("variation before any move")]
    VariationWithoutMove,
    /// `$` not followed by a number from 0 to 255.
    #[error("bad NAG: `$` must be followed by a number 0-255")]
    BadNag,
    /// Something else out of place.
    #[error("unexpected {0}")]
    Unexpected(String),
    /// The `[FEN]` tag is not a valid position.
    #[error("bad FEN tag: {0}")]
    BadFen(qiyuan_chess::FenError),
    /// A move that is not legal (the first one in the game).
    #[error("{0}")]
    IllegalMove(Box<IllegalMove>),
}

impl PgnErrorKind {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            PgnErrorKind::BadTag(what) => format!("标签有误：{}", bad_tag_zh(what)),
            PgnErrorKind::UnterminatedTag => "标签没有以 `\"]` 结束".to_string(),
            PgnErrorKind::UnterminatedComment => "注释没有以 `}` 结束".to_string(),
            PgnErrorKind::UnmatchedClose => "`)` 没有对应的 `(`".to_string(),
            PgnErrorKind::UnclosedVariation => "变着没有以 `)` 结束".to_string(),
            PgnErrorKind::VariationWithoutMove => "变着之前没有着法".to_string(),
            PgnErrorKind::BadNag => "NAG 有误：`$` 之后须是 0-255 的数字".to_string(),
            PgnErrorKind::Unexpected(what) => format!("此处不应有{}", unexpected_zh(what)),
            PgnErrorKind::BadFen(e) => format!("FEN 标签有误：{}", e.text(lang)),
            PgnErrorKind::IllegalMove(m) => m.text(lang),
        }
    }
}

/// The reader's [`PgnErrorKind::BadTag`] reasons in Chinese.
fn bad_tag_zh(what: &str) -> String {
    if what == "no tag name" {
        return "没有标签名".to_string();
    }
    match what
        .strip_prefix("tag ")
        .and_then(|r| r.strip_suffix(": value must be in double quotes"))
    {
        Some(name) => format!("标签 {name}：值须写在双引号中"),
        None => what.to_string(),
    }
}

/// The reader's [`PgnErrorKind::Unexpected`] tokens in Chinese.
fn unexpected_zh(what: &str) -> String {
    match what {
        "`}` without `{`" => "没有对应 `{` 的 `}`".to_string(),
        other => format!(" {other}"),
    }
}
