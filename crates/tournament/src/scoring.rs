//! Scoring systems: what each outcome is worth.
//!
//! ```
//! use qiyuan_tournament::scoring::ScoringSystem;
//! use qiyuan_tournament::model::{Outcome, GameScore, Colour, PlayerId};
//! use rust_decimal_macros::dec;
//! // 象棋竞赛规则 (2011) 13.3: win 3, draw 1 for Red (first mover), 2 for Black.
//! let s = ScoringSystem::xiangqi_colour_draw(dec!(3), dec!(1), dec!(2));
//! let drawn_as_black = Outcome::Played { opponent: PlayerId(2), colour: Colour::Black, score: GameScore::Draw };
//! assert_eq!(s.points(drawn_as_black), dec!(2));
//! ```

use rust_decimal::Decimal;
use rust_decimal_macros::dec;
use serde::{Deserialize, Serialize};

use crate::model::{ByeKind, Colour, GameScore, Outcome};

/// Points for every kind of outcome. All values are exact decimals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoringSystem {
    /// A win over the board.
    pub win: Decimal,
    /// A draw for White (Red, the first mover).
    pub draw_white: Decimal,
    /// A draw for Black (the second mover).
    pub draw_black: Decimal,
    /// A loss over the board.
    pub loss: Decimal,
    /// A forfeit win.
    pub forfeit_win: Decimal,
    /// A forfeit loss.
    pub forfeit_loss: Decimal,
    /// Each side of a double forfeit.
    pub double_forfeit: Decimal,
    /// Pairing-allocated bye (轮空).
    pub pairing_bye: Decimal,
    /// Requested full-point bye.
    pub full_point_bye: Decimal,
    /// Requested half-point bye.
    pub half_point_bye: Decimal,
    /// Requested zero-point bye.
    pub zero_point_bye: Decimal,
    /// Absence.
    pub absent: Decimal,
}

impl ScoringSystem {
    /// Win `win`, draw `draw`, loss `loss`; forfeits and byes follow: a
    /// forfeit win and a pairing-allocated or full-point bye score a win, a
    /// half-point bye a draw, everything else the loss value.
    pub fn win_draw_loss(win: Decimal, draw: Decimal, loss: Decimal) -> ScoringSystem {
        ScoringSystem {
            win,
            draw_white: draw,
            draw_black: draw,
            loss,
            forfeit_win: win,
            forfeit_loss: loss,
            double_forfeit: loss,
            pairing_bye: win,
            full_point_bye: win,
            half_point_bye: draw,
            zero_point_bye: loss,
            absent: loss,
        }
    }

    /// FIDE 1 / ½ / 0 (PAB one point, as in the TRF default).
    pub fn fide() -> ScoringSystem {
        Self::win_draw_loss(dec!(1), dec!(0.5), dec!(0))
    }

    /// 象棋竞赛规则 (2011) 13.1: win 2, draw 1, loss 0; the bye scores a win (14.4).
    pub fn xiangqi_2011() -> ScoringSystem {
        Self::win_draw_loss(dec!(2), dec!(1), dec!(0))
    }

    /// 3 / 1 / 0 (象棋竞赛规则 2011 13.3, "football" scoring).
    pub fn three_one_zero() -> ScoringSystem {
        Self::win_draw_loss(dec!(3), dec!(1), dec!(0))
    }

    /// 象棋竞赛规则 (2011) 13.3: colour-dependent draw points, e.g. win 3, a
    /// draw worth 1 to Red (who moved first) and 2 to Black. A half-point bye
    /// gets the lower draw value.
    pub fn xiangqi_colour_draw(
        win: Decimal,
        draw_red: Decimal,
        draw_black: Decimal,
    ) -> ScoringSystem {
        let mut s = Self::win_draw_loss(win, draw_red.min(draw_black), dec!(0));
        s.draw_white = draw_red;
        s.draw_black = draw_black;
        s
    }

    /// The value of a draw when the colour does not matter (byes, tie-break
    /// adjustments): the mean of the two colours' draw values.
    pub fn draw(&self) -> Decimal {
        (self.draw_white + self.draw_black) / dec!(2)
    }

    /// Points for one outcome. A pending game scores nothing yet.
    pub fn points(&self, outcome: Outcome) -> Decimal {
        match outcome {
            Outcome::Played {
                score: GameScore::Win,
                ..
            } => self.win,
            Outcome::Played {
                score: GameScore::Loss,
                ..
            } => self.loss,
            Outcome::Played {
                score: GameScore::Draw,
                colour: Colour::White,
                ..
            } => self.draw_white,
            Outcome::Played {
                score: GameScore::Draw,
                colour: Colour::Black,
                ..
            } => self.draw_black,
            Outcome::ForfeitWin { .. } => self.forfeit_win,
            Outcome::ForfeitLoss { .. } => self.forfeit_loss,
            Outcome::DoubleForfeit { .. } => self.double_forfeit,
            Outcome::Pending { .. } => Decimal::ZERO,
            Outcome::Bye(ByeKind::PairingAllocated) => self.pairing_bye,
            Outcome::Bye(ByeKind::FullPoint) => self.full_point_bye,
            Outcome::Bye(ByeKind::HalfPoint) => self.half_point_bye,
            Outcome::Bye(ByeKind::ZeroPoint) => self.zero_point_bye,
            Outcome::Bye(ByeKind::Absent) => self.absent,
        }
    }

    /// Points on the 1 / ½ / 0 scale for a game played over the board (used by
    /// rating-based tie-breaks, FIDE C.07 art. 10); `None` for unplayed rounds.
    pub fn rating_points(outcome: Outcome) -> Option<Decimal> {
        match outcome {
            Outcome::Played {
                score: GameScore::Win,
                ..
            } => Some(dec!(1)),
            Outcome::Played {
                score: GameScore::Draw,
                ..
            } => Some(dec!(0.5)),
            Outcome::Played {
                score: GameScore::Loss,
                ..
            } => Some(dec!(0)),
            _ => None,
        }
    }
}

impl Default for ScoringSystem {
    fn default() -> Self {
        Self::fide()
    }
}

/// Team match points (场分) from the game points (局分) of the two teams in a
/// match (象棋竞赛规则 2011 13.2: more 局分 wins the match and gets
/// `win`, equal 局分 gives `draw` each, fewer gives `loss`).
///
/// ```
/// use qiyuan_tournament::scoring::match_points;
/// use rust_decimal_macros::dec;
/// // 2½ : 1½ on four boards (chess scale) → 2 : 0 match points.
/// assert_eq!(match_points(dec!(2.5), dec!(1.5), dec!(2), dec!(1), dec!(0)), (dec!(2), dec!(0)));
/// ```
pub fn match_points(
    home_games: Decimal,
    away_games: Decimal,
    win: Decimal,
    draw: Decimal,
    loss: Decimal,
) -> (Decimal, Decimal) {
    use std::cmp::Ordering::*;
    match home_games.cmp(&away_games) {
        Greater => (win, loss),
        Equal => (draw, draw),
        Less => (loss, win),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::PlayerId;

    fn played(colour: Colour, score: GameScore) -> Outcome {
        Outcome::Played {
            opponent: PlayerId(9),
            colour,
            score,
        }
    }

    #[test]
    fn xiangqi_2011_13_1_and_14_4() {
        // 13.1: win 2, draw 1, loss 0; 14.4: the bye player scores a win.
        let s = ScoringSystem::xiangqi_2011();
        assert_eq!(s.points(played(Colour::White, GameScore::Win)), dec!(2));
        assert_eq!(s.points(played(Colour::Black, GameScore::Draw)), dec!(1));
        assert_eq!(s.points(played(Colour::White, GameScore::Loss)), dec!(0));
        assert_eq!(s.points(Outcome::Bye(ByeKind::PairingAllocated)), dec!(2));
    }

    #[test]
    fn colour_dependent_draw_13_3() {
        // 13.3: win 3, loss 0, draw 1 for the first mover (Red), 2 for Black.
        let s = ScoringSystem::xiangqi_colour_draw(dec!(3), dec!(1), dec!(2));
        assert_eq!(s.points(played(Colour::White, GameScore::Draw)), dec!(1));
        assert_eq!(s.points(played(Colour::Black, GameScore::Draw)), dec!(2));
        assert_eq!(s.points(played(Colour::Black, GameScore::Win)), dec!(3));
        assert_eq!(s.points(played(Colour::White, GameScore::Loss)), dec!(0));
    }

    #[test]
    fn match_points_13_2() {
        // 13.2: more 局分 → 2 场分, equal → 1 each, fewer → 0.
        assert_eq!(
            match_points(dec!(3), dec!(1), dec!(2), dec!(1), dec!(0)),
            (dec!(2), dec!(0))
        );
        assert_eq!(
            match_points(dec!(2), dec!(2), dec!(2), dec!(1), dec!(0)),
            (dec!(1), dec!(1))
        );
        assert_eq!(
            match_points(dec!(1), dec!(5), dec!(2), dec!(1), dec!(0)),
            (dec!(0), dec!(2))
        );
    }
}
