//! Per-player facts derived from the history: colour difference and
//! preference (C.04.3 Art. 1.6–1.7), floats (Art. 1.4), PAB eligibility (C2),
//! topscorers (Art. 1.8), and the compatibility of two players (C1–C3).

use crate::model::{Colour, Edition, PairingInput, RoundKind, Score};

/// Strength of a colour preference, C.04.3 Art. 1.7 (ordered weakest first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Strength {
    /// No preference: the player has no played game yet.
    None,
    /// Mild: colour difference 0; alternate from the last played game.
    Mild,
    /// Strong: colour difference ±1.
    Strong,
    /// Absolute: colour difference beyond ±1, or the same colour in the two
    /// latest played games.
    Absolute,
}

/// A float received in an earlier round (Art. 1.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Float {
    /// No float.
    None,
    /// Downfloat.
    Down,
    /// Upfloat.
    Up,
}

/// A player prepared for pairing, in ranking order (Art. 1.2).
#[derive(Debug, Clone)]
pub struct Prep {
    /// TPN.
    pub tpn: u32,
    /// Position (1-based) of the TPN among the players paired this round,
    /// the "renumbered" TPN used by Art. 5.2.5.
    pub number: u32,
    /// Pairing score (score plus acceleration), tenths.
    pub score: Score,
    /// Colour difference of played games (Art. 1.6).
    pub cd: i32,
    /// Colours of the played games, oldest first.
    pub colours: Vec<Colour>,
    /// Preference strength (Art. 1.7).
    pub strength: Strength,
    /// Preferred colour, when `strength` is not `None`.
    pub pref: Option<Colour>,
    /// May receive the PAB (C2).
    pub bye_ok: bool,
    /// Rounds without a played game (C9).
    pub unplayed: u32,
    /// Float in the previous round and two rounds before.
    pub floats: [Float; 2],
    /// Float of every earlier round, oldest first (Art. 1.4; 2017: A.4).
    pub float_history: Vec<Float>,
    /// Not paired this round (a known absence); only [`prepare_all`] returns
    /// such players.
    pub absent: bool,
    /// Received the pairing-allocated bye in an earlier round.
    pub had_pab: bool,
    /// A topscorer in the final round (Art. 1.8).
    pub topscorer: bool,
    /// TPNs of opponents actually played (C1).
    pub opponents: Vec<u32>,
}

/// Derives [`Prep`] for every player not absent, in ranking order (score
/// descending, then TPN ascending, Art. 1.2).
pub fn prepare(input: &PairingInput) -> Vec<Prep> {
    let mut out = prepare_all(input);
    out.retain(|p| !p.absent);
    out
}

/// As [`prepare`], absent players included (marked `absent`, `number` 0):
/// the data of a checklist.
pub fn prepare_all(input: &PairingInput) -> Vec<Prep> {
    let r = input.round as usize;
    // Score of every player before each earlier round k (0-based), with the
    // acceleration of that round, to know who floated (Art. 1.4.2).
    let mut before: std::collections::HashMap<u32, Vec<Score>> = Default::default();
    for p in &input.players {
        let mut acc = 0;
        let mut v = Vec::with_capacity(p.history.len());
        for (k, e) in p.history.iter().enumerate() {
            v.push(acc + p.past_acceleration.get(k).copied().unwrap_or(0));
            acc += e.points;
        }
        before.insert(p.tpn, v);
    }
    let last_round = input.round >= input.total_rounds;
    let max_so_far = (input.round as i64 - 1).max(0) * input.win_points as i64;
    let mut out: Vec<Prep> = input
        .players
        .iter()
        .map(|p| {
            let colours: Vec<Colour> = p
                .history
                .iter()
                .filter(|e| e.kind == RoundKind::Played)
                .filter_map(|e| e.colour)
                .collect();
            let cd = colours
                .iter()
                .map(|c| if *c == Colour::White { 1 } else { -1 })
                .sum::<i32>();
            let (strength, pref) = preference(&colours, cd);
            let had_pab = p.history.iter().any(|e| e.kind == RoundKind::PairingBye);
            // C2: 2026 also bars anyone who scored a win's points without
            // playing; 2017 bars a forfeit win.
            let unplayed_win = p.history.iter().any(|e| match input.edition {
                Edition::Fide2026 => e.kind != RoundKind::Played && e.points >= input.win_points,
                Edition::Fide2017 => e.kind == RoundKind::Forfeit && e.points >= input.win_points,
            });
            let unplayed = p
                .history
                .iter()
                .filter(|e| e.kind != RoundKind::Played)
                .count() as u32;
            let float_history: Vec<Float> = p
                .history
                .iter()
                .enumerate()
                .map(|(k, e)| match (e.kind, input.edition) {
                    (RoundKind::Played, _) => {
                        let me = before[&p.tpn][k];
                        let them = e
                            .opponent
                            .and_then(|o| before.get(&o))
                            .and_then(|v| v.get(k).copied())
                            .unwrap_or(me);
                        if me > them {
                            Float::Down
                        } else if me < them {
                            Float::Up
                        } else {
                            Float::None
                        }
                    }
                    // Art. 1.4.3 (2026): scoring more than a loss without playing.
                    (_, Edition::Fide2026) => {
                        if e.points > input.loss_points {
                            Float::Down
                        } else {
                            Float::None
                        }
                    }
                    // 2017 A.4: a player who does not play gets a downfloat.
                    (_, Edition::Fide2017) => Float::Down,
                })
                .collect();
            let mut floats = [Float::None; 2];
            for (back, f) in floats.iter_mut().enumerate() {
                let k = r as isize - 2 - back as isize;
                if k >= 0 && (k as usize) < float_history.len() {
                    *f = float_history[k as usize];
                }
            }
            let opponents = p
                .history
                .iter()
                .filter(|e| e.kind == RoundKind::Played)
                .filter_map(|e| e.opponent)
                .collect();
            Prep {
                tpn: p.tpn,
                number: 0,
                score: p.score + p.acceleration,
                cd,
                colours,
                strength,
                pref,
                bye_ok: !had_pab && !unplayed_win,
                unplayed,
                floats,
                float_history,
                absent: p.absent,
                had_pab,
                topscorer: last_round && (p.score as i64) * 2 > max_so_far,
                opponents,
            }
        })
        .collect();
    out.sort_by_key(|p| p.tpn);
    for (i, p) in out.iter_mut().filter(|p| !p.absent).enumerate() {
        p.number = i as u32 + 1;
    }
    out.sort_by(|a, b| b.score.cmp(&a.score).then(a.tpn.cmp(&b.tpn)));
    out
}

/// Colour preference from the played colours (C.04.3 Art. 1.7).
pub fn preference(colours: &[Colour], cd: i32) -> (Strength, Option<Colour>) {
    let Some(&last) = colours.last() else {
        return (Strength::None, None);
    };
    if cd > 1 {
        return (Strength::Absolute, Some(Colour::Black));
    }
    if cd < -1 {
        return (Strength::Absolute, Some(Colour::White));
    }
    if colours.len() >= 2 && colours[colours.len() - 2] == last {
        return (Strength::Absolute, Some(last.opposite()));
    }
    match cd {
        1 => (Strength::Strong, Some(Colour::Black)),
        -1 => (Strength::Strong, Some(Colour::White)),
        _ => (Strength::Mild, Some(last.opposite())),
    }
}

/// The article of C.04.3 Art. 5.2 (2017: E.1–E.5) that allocated the
/// colours of a pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ColourRule {
    /// 5.2.1 (E.1): both preferences granted (or the only one there is).
    BothPreferences,
    /// 5.2.2 (E.2): the stronger preference granted.
    StrongerPreference,
    /// 5.2.2 (E.2): both absolute, the wider colour difference granted.
    WiderColourDifference,
    /// 5.2.3 (E.3): alternated from the most recent round in which one had
    /// White and the other Black.
    Alternate,
    /// 5.2.4 (E.4): the higher-ranked player's preference granted.
    HigherRankedPreference,
    /// 5.2.5 (E.5): the initial colour by the parity of the higher-ranked
    /// player's TPN.
    InitialColour,
}

impl ColourRule {
    /// The article: `"5.2.1"` … `"5.2.5"` (2026) or `"E.1"` … `"E.5"` (2017).
    pub fn article(self, edition: Edition) -> &'static str {
        let i = match self {
            ColourRule::BothPreferences => 0,
            ColourRule::StrongerPreference | ColourRule::WiderColourDifference => 1,
            ColourRule::Alternate => 2,
            ColourRule::HigherRankedPreference => 3,
            ColourRule::InitialColour => 4,
        };
        match edition {
            Edition::Fide2026 => ["5.2.1", "5.2.2", "5.2.3", "5.2.4", "5.2.5"][i],
            Edition::Fide2017 => ["E.1", "E.2", "E.3", "E.4", "E.5"][i],
        }
    }
}

/// The colour of the higher-ranked player `a` against `b` (C.04.3 Art. 5.2;
/// 2017 E.1–E.5).
pub fn colour_of_higher(a: &Prep, b: &Prep, initial: Colour) -> Colour {
    colour_rule_of_higher(a, b, initial).0
}

/// As [`colour_of_higher`], with the rule of Art. 5.2 that decided.
pub fn colour_rule_of_higher(a: &Prep, b: &Prep, initial: Colour) -> (Colour, ColourRule) {
    match (a.pref, b.pref) {
        // 5.2.1: grant both preferences.
        (Some(x), Some(y)) if x != y => return (x, ColourRule::BothPreferences),
        (Some(x), None) => return (x, ColourRule::BothPreferences),
        (None, Some(y)) => return (y.opposite(), ColourRule::BothPreferences),
        (Some(x), Some(_)) => {
            // 5.2.2: grant the stronger preference; both absolute: the wider CD.
            if a.strength != b.strength {
                let c = if a.strength > b.strength {
                    x
                } else {
                    x.opposite()
                };
                return (c, ColourRule::StrongerPreference);
            }
            if a.strength == Strength::Absolute && a.cd.abs() != b.cd.abs() {
                let c = if a.cd.abs() > b.cd.abs() {
                    x
                } else {
                    x.opposite()
                };
                return (c, ColourRule::WiderColourDifference);
            }
            // 5.2.3: alternate to the most recent round where they differed.
            if let Some(c) = last_difference(a, b) {
                return (c.opposite(), ColourRule::Alternate);
            }
            // 5.2.4: the higher-ranked player's preference.
            return (x, ColourRule::HigherRankedPreference);
        }
        (None, None) => {}
    }
    if let Some(c) = last_difference(a, b) {
        return (c.opposite(), ColourRule::Alternate);
    }
    // 5.2.5: TPN parity of the higher-ranked player (TPNs renumbered over
    // the players paired this round).
    let c = if a.number % 2 == 1 {
        initial
    } else {
        initial.opposite()
    };
    (c, ColourRule::InitialColour)
}

/// `a`'s colour in the most recent game where `a` and `b` had different
/// colours, comparing the played games from the latest backwards
/// (unplayed rounds skipped, C.04.2 Art. 3.4).
fn last_difference(a: &Prep, b: &Prep) -> Option<Colour> {
    a.colours
        .iter()
        .rev()
        .zip(b.colours.iter().rev())
        .find(|(x, y)| x != y)
        .map(|(x, _)| *x)
}

/// `true` when `a` and `b` may meet: C1 (no second game; forfeits do not
/// count), forbidden pairs, C3 (non-topscorers with the same absolute colour
/// preference).
pub fn compatible(a: &Prep, b: &Prep, forbidden: &[(u32, u32)]) -> bool {
    if a.tpn == b.tpn || a.opponents.contains(&b.tpn) {
        return false;
    }
    if forbidden
        .iter()
        .any(|&(x, y)| (x == a.tpn && y == b.tpn) || (x == b.tpn && y == a.tpn))
    {
        return false;
    }
    !(a.strength == Strength::Absolute
        && b.strength == Strength::Absolute
        && a.pref == b.pref
        && !a.topscorer
        && !b.topscorer)
}
