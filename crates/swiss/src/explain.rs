//! Why each pair was made: the explanation the engine produces alongside a
//! pairing ([`crate::pair_round_explained`]), and the checklist of the data
//! it paired from.
//!
//! Everything here is recorded by the one pairing run — the brackets as the
//! engine met them, the candidate it chose and that candidate's value on
//! every quality criterion — never recomputed by other logic. The types are
//! plain data (serialisable with serde) for a renderer to print.
//!
//! Criteria are named in the numbering of the edition applied: C1–C21 for
//! the 2026 edition, C.1–C.19 for 2017 (see [`criterion_name`]).

use serde::Serialize;

use crate::model::{Colour, Edition, RoundKind, Score};
use crate::prep::{ColourRule, Float, Prep, Strength};

/// The explanation of one round's pairing.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Explanation {
    /// The round paired.
    pub round: u32,
    /// The edition of the rules applied.
    pub edition: Edition,
    /// `true` when the round is the last one (topscorers exist, Art. 1.8).
    pub last_round: bool,
    /// The checklist: every player (absent ones included) with the data the
    /// pairing used, in ranking order (pairing score descending, TPN).
    pub players: Vec<PlayerFacts>,
    /// The brackets from the highest score down, as they were paired.
    pub brackets: Vec<BracketExplanation>,
    /// One entry per board, in the board order of the pairing.
    pub boards: Vec<BoardExplanation>,
    /// Why the pairing-allocated bye went to its player, if there is one.
    pub bye: Option<ByeExplanation>,
}

/// One player's data as the pairing used it (a line of the checklist).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerFacts {
    /// Tournament pairing number.
    pub tpn: u32,
    /// Score before the round, tenths of a point, without acceleration.
    pub score: Score,
    /// Virtual points of Baku acceleration this round (C.04.5), tenths.
    pub acceleration: Score,
    /// The score the pairing used: `score + acceleration`.
    pub pairing_score: Score,
    /// Colours of the played games, oldest first (`"WBW"`).
    pub colours: String,
    /// Colour difference (Art. 1.6): whites minus blacks of played games.
    pub colour_difference: i32,
    /// Strength of the colour preference (Art. 1.7).
    pub strength: Strength,
    /// The colour preferred, if any.
    pub preference: Option<Colour>,
    /// The float of every earlier round, oldest first (Art. 1.4).
    pub floats: Vec<Float>,
    /// Received the pairing-allocated bye before.
    pub had_pab: bool,
    /// May receive the PAB this round (C2).
    pub bye_eligible: bool,
    /// Earlier rounds without a played game (C9).
    pub unplayed: u32,
    /// A topscorer (final round only, Art. 1.8).
    pub topscorer: bool,
    /// Not paired this round (requested bye, withdrawal, absence).
    pub absent: bool,
    /// Every earlier round, oldest first.
    pub rounds: Vec<RoundFact>,
}

/// One earlier round of a player, for the checklist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RoundFact {
    /// Game, forfeit, PAB or absence.
    pub kind: RoundKind,
    /// The opponent's TPN.
    pub opponent: Option<u32>,
    /// The colour played.
    pub colour: Option<Colour>,
    /// Points scored, tenths.
    pub points: Score,
}

/// Why a bracket sent players down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FloatReason {
    /// Nobody floated.
    None,
    /// An odd number of players: one must float.
    OddBracket,
    /// The absolute criteria (C1 no rematch, C3 absolute colours, forbidden
    /// pairs) leave fewer pairs in the bracket than half its players.
    AbsoluteCriteria,
    /// More float than the bracket alone needs, so that the players below
    /// can still be paired (completion, C4; 2026: with the PAB to the lowest
    /// possible score, C5).
    Completion,
}

/// A quality criterion the chosen candidate of a bracket did not fully
/// meet: its value was minimised after every higher criterion.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CriterionNote {
    /// The criterion in the edition's numbering (`"C12"`, or `"C.10"`).
    pub criterion: String,
    /// How many players (C6: downfloaters; C9: unplayed games of the PAB
    /// assignee; C10–C17: players) fall short.
    pub count: u32,
    /// The score values the criterion compares (C7 downfloater scores;
    /// C8 the next bracket's downfloater scores; C18–C21 score
    /// differences), tenths, descending.
    pub values: Vec<Score>,
}

/// One bracket (Art. 1.3) as it was paired.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BracketExplanation {
    /// The score of its resident players (pairing score, tenths).
    pub score: Score,
    /// Players moved down into it (MDPs), by TPN.
    pub mdps: Vec<u32>,
    /// Its resident players, by TPN, in ranking order.
    pub residents: Vec<u32>,
    /// Pairs made, higher-ranked player first.
    pub pairs: Vec<(u32, u32)>,
    /// Players it sent down (downfloaters, MDPs floating again included).
    pub downfloaters: Vec<u32>,
    /// Why they float.
    pub float_reason: FloatReason,
    /// The fewest downfloaters the absolute criteria alone would allow.
    pub floaters_needed_locally: u32,
    /// Quality criteria not fully met by the candidate chosen.
    pub unmet: Vec<CriterionNote>,
}

/// A player's colour preference and whether the pairing met it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PreferenceNote {
    /// Strength (Art. 1.7).
    pub strength: Strength,
    /// The colour preferred.
    pub colour: Option<Colour>,
    /// `true` when the player got it (or had none).
    pub met: bool,
}

/// A float in this round's pairing (Art. 1.4.2): the higher-scored player
/// of the pair downfloats, the other upfloats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FloatNote {
    /// The player who floats down (an MDP of the bracket).
    pub down: u32,
    /// Their pairing score.
    pub down_score: Score,
    /// The player who floats up.
    pub up: u32,
    /// Their pairing score.
    pub up_score: Score,
    /// Why the MDP left their own bracket.
    pub reason: FloatReason,
}

/// Why one board was made as it was.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BoardExplanation {
    /// Board number, from 1.
    pub board: u32,
    /// White's TPN.
    pub white: u32,
    /// Black's TPN.
    pub black: u32,
    /// The score of the bracket in which the pair was made.
    pub bracket: Score,
    /// The higher-ranked player of the pair (Art. 1.2).
    pub higher: u32,
    /// The float, when the players' scores differ.
    pub float: Option<FloatNote>,
    /// The article of Art. 5.2 that allocated the colours.
    pub colour_rule: ColourRule,
    /// That article, numbered in the edition (`"5.2.1"`, `"E.1"`).
    pub colour_article: String,
    /// White's preference and whether it was met.
    pub white_preference: PreferenceNote,
    /// Black's preference and whether it was met.
    pub black_preference: PreferenceNote,
    /// Criteria this board falls short of (a preference not met: C12,
    /// strong or absolute: C13; topscorer colour limits C10/C11; a repeated
    /// float C14–C17), in the edition's numbering.
    pub criteria: Vec<String>,
}

/// Why the PAB went to its player.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ByeExplanation {
    /// The PAB assignee.
    pub tpn: u32,
    /// Their pairing score.
    pub score: Score,
    /// Players excluded by C2 (already had a PAB, or scored a win's points
    /// without playing), by TPN.
    pub excluded_c2: Vec<u32>,
    /// 2026 C5: the lowest score any complete pairing can give the PAB;
    /// `None` under the 2017 rules (the PAB falls out of the last bracket).
    pub lowest_possible_score: Option<Score>,
    /// Eligible players (C2) with a lower score, by TPN. Under the 2026
    /// rules no complete pairing leaves any of them out (C4 with C5); under
    /// the 2017 rules the PAB is not chosen by score (it falls out of the
    /// last bracket).
    pub lower_eligible: Vec<u32>,
    /// The assignee's rounds without a played game (C9).
    pub unplayed: u32,
    /// Other eligible players of the same score, by TPN (decided by C9,
    /// then the later criteria and the generation order of Art. 4).
    pub same_score_eligible: Vec<u32>,
}

/// The name of criterion `c2026` (numbered as in the 2026 edition, 1–21) in
/// `edition`: `"C12"`, or for 2017 `"C.10"`. Criteria new in 2026 (C5, C9)
/// keep their 2026 name.
///
/// ```
/// use qiyuan_swiss::Edition;
/// use qiyuan_swiss::explain::criterion_name;
/// assert_eq!(criterion_name(12, Edition::Fide2026), "C12");
/// assert_eq!(criterion_name(12, Edition::Fide2017), "C.10");
/// ```
pub fn criterion_name(c2026: u8, edition: Edition) -> String {
    match edition {
        Edition::Fide2026 => format!("C{c2026}"),
        Edition::Fide2017 => match c2026 {
            1..=4 => format!("C.{c2026}"),
            6..=8 => format!("C.{}", c2026 - 1),
            10..=21 => format!("C.{}", c2026 - 2),
            _ => format!("C{c2026}"),
        },
    }
}

/// The checklist line of a prepared player.
pub(crate) fn facts(p: &Prep, player: Option<&crate::Player>) -> PlayerFacts {
    PlayerFacts {
        tpn: p.tpn,
        score: player.map_or(p.score, |q| q.score),
        acceleration: player.map_or(0, |q| q.acceleration),
        pairing_score: p.score,
        colours: p
            .colours
            .iter()
            .map(|c| if *c == Colour::White { 'W' } else { 'B' })
            .collect(),
        colour_difference: p.cd,
        strength: p.strength,
        preference: p.pref,
        floats: p.float_history.clone(),
        had_pab: p.had_pab,
        bye_eligible: p.bye_ok,
        unplayed: p.unplayed,
        topscorer: p.topscorer,
        absent: p.absent,
        rounds: player
            .map(|q| {
                q.history
                    .iter()
                    .map(|e| RoundFact {
                        kind: e.kind,
                        opponent: e.opponent,
                        colour: e.colour,
                        points: e.points,
                    })
                    .collect()
            })
            .unwrap_or_default(),
    }
}
