//! Checking a xiangqi game without building it: the first illegal move
//! and the claimed result against the final position, as the module docs
//! of [`crate::pgn::xiangqi`] say (which results can be checked).

use qiyuan_xiangqi::{Color, GameResult, Move, Notation, NotationError, Position};

use super::{
    XiangqiIllegalMove, XiangqiPgnError, XiangqiResult, claimed_result, detect_notation, illegal,
    move_number_label, parse_token, start_position,
};
use crate::pgn::{Element, RawGame, ResultCheck, ResultProblem};

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
        ResultCheck::Inconsistent(ResultProblem::NoLegalMove {
            ply: plies,
            red_lost: loser == Color::Red,
            due: due.to_string(),
            claimed: claimed.to_string(),
        })
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
        match parse_token(&pos, &t.text, notation) {
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
        result = ResultCheck::Inconsistent(ResultProblem::TagAndToken {
            tag: a.to_string(),
            token: b.to_string(),
        });
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
        if pos.is_legal(mv) {
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
