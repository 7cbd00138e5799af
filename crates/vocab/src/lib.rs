//! The vocabulary of qiyuan (棋院): the terms every other crate shares, each
//! defined once with its one wording in Chinese and in English.
//!
//! - [`Lang`]: the two languages of every text a user reads.
//! - [`GameKind`]: 象棋 or 国际象棋, which decides the colours' names (红/黑
//!   or 白/黑) and how a result is written.
//! - [`GameResult`]: the result of a paired game; [`GameResult::label`]
//!   writes it as the game's rules do (`1-0` in chess, 红胜 in xiangqi),
//!   [`GameResult::label_in`] in the event's [`ResultWording`] (2:0 where
//!   a xiangqi event writes its results as scores).
//! - [`ByeKind`]: why a player has no opponent (轮空, 请假).
//! - [`PlayerId`]: a player's number within one event; [`Sex`]: 男 or 女,
//!   with its code at each boundary; [`EventStatus`]: 报名中, 进行中, 已结束.
//! - [`Heading`]: the headings of the columns every table shares (序号,
//!   编号, 名次, 姓名, 单位, 等级分, 积分, 台次).
//! - [`RatingFigure`]: the figures of the rating calculation by their
//!   symbols (Ro, Ra, D, P, N, We, W, K, ΔR, Rn, Rp), in the order every
//!   rating report's columns follow.
//!
//! The wordings come from 象棋竞赛规则 (2011; quoted in seed 003), the
//! regulations (the seeds of `docs/regulations-index.md`) and the FIDE handbook (C.04, C.07);
//! `docs/glossary.md` lists them, and a test keeps it equal to
//! [`glossary`].
//!
//! ```
//! use qiyuan_vocab::{ByeKind, GameKind, GameResult, Lang};
//! assert_eq!(GameResult::WhiteWins.label(GameKind::Xiangqi, Lang::Zh), "红胜");
//! assert_eq!(GameResult::WhiteWins.label(GameKind::Chess, Lang::Zh), "1-0");
//! assert_eq!(ByeKind::HalfPoint.label(Lang::Zh), "请假（记和）");
//! assert_eq!(ByeKind::HalfPoint.label(Lang::En), "half-point bye");
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod columns;
mod game;
mod glossary;
mod lang;
mod message;
mod result;

pub use columns::{Heading, RatingFigure};
pub use game::{Colour, EventStatus, GameKind, PlayerId, Sex};
pub use glossary::{Term, glossary, glossary_markdown};
pub use lang::Lang;
pub use message::{Message, check_message, digit_runs, english_phrases, io_error_text};
pub use result::{ByeKind, GameResult, ResultWording};
