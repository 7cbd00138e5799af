//! The explanation of a pairing ([`crate::explain::Explanation`]), built
//! from what the engine did in each bracket ([`Trace`]), recorded during
//! the one pairing run: for every board the bracket, the floats and their
//! reason, the colour preferences and the article of Art. 5.2 that
//! allocated the colours, the quality criteria (C6–C21) the bracket could
//! not meet, and why the PAB went to its player (C2, C5, C9).

use std::collections::HashMap;

use super::Engine;
use super::quality::Quality;
use crate::model::{Colour, Edition, Pairing, PairingInput, Score};
use crate::prep::{Float, Prep, colour_rule_of_higher};

/// What the engine did in one bracket, kept for the explanation.
pub(super) struct Trace {
    pub(super) score: Score,
    pub(super) mdps: Vec<usize>,
    pub(super) residents: Vec<usize>,
    pub(super) pairs: Vec<(usize, usize)>,
    pub(super) floaters: Vec<usize>,
    pub(super) quality: Quality,
    /// The fewest downfloaters C1–C3 allow inside the bracket.
    pub(super) local: usize,
}

impl Engine {
    /// The explanation of the pairing made, from the brackets' traces.
    pub(super) fn explain(
        &self,
        input: &PairingInput,
        pairing: &Pairing,
        traces: &[Trace],
    ) -> crate::explain::Explanation {
        use crate::explain::{
            BoardExplanation, BracketExplanation, ByeExplanation, CriterionNote, Explanation,
            FloatNote, FloatReason, PreferenceNote, criterion_name, facts,
        };
        let ed = self.edition;
        let name = |c: u8| criterion_name(c, ed);
        let inputs: HashMap<u32, &crate::Player> =
            input.players.iter().map(|p| (p.tpn, p)).collect();
        let players = crate::prep::prepare_all(input)
            .iter()
            .map(|p| facts(p, inputs.get(&p.tpn).copied()))
            .collect();
        let tpn = |i: usize| self.ps[i].tpn;
        let mut brackets = Vec::new();
        // Pair (lower index, higher index) -> (bracket score, reason its MDP floated).
        let mut made: HashMap<(usize, usize), (Score, FloatReason)> = HashMap::new();
        let mut sent_by: HashMap<usize, FloatReason> = HashMap::new();
        for t in traces {
            let size = t.mdps.len() + t.residents.len();
            let k = t.floaters.len();
            let reason = if k == 0 {
                FloatReason::None
            } else if k <= size % 2 && k == t.local {
                FloatReason::OddBracket
            } else if k <= t.local {
                FloatReason::AbsoluteCriteria
            } else {
                FloatReason::Completion
            };
            for &(a, b) in &t.pairs {
                let hi = a.min(b);
                let why = sent_by.get(&hi).copied().unwrap_or(FloatReason::None);
                made.insert((hi, a.max(b)), (t.score, why));
            }
            for &f in &t.floaters {
                sent_by.insert(f, reason);
            }
            let q = &t.quality;
            let mut unmet = Vec::new();
            let mut note = |c: u8, count: usize, values: &[Score]| {
                if count > 0 || !values.is_empty() {
                    unmet.push(CriterionNote {
                        criterion: name(c),
                        count: count as u32,
                        values: values.to_vec(),
                    });
                }
            };
            note(6, q.c6, &[]);
            note(7, 0, &q.c7);
            note(8, q.c8.0, &q.c8.1);
            note(9, q.c9 as usize, &[]);
            for (c, v) in [
                (10, q.c10),
                (11, q.c11),
                (12, q.c12),
                (13, q.c13),
                (14, q.c14),
                (15, q.c15),
                (16, q.c16),
                (17, q.c17),
            ] {
                note(c, v as usize, &[]);
            }
            for (c, v) in [(18, &q.c18), (19, &q.c19), (20, &q.c20), (21, &q.c21)] {
                note(c, v.len(), v);
            }
            brackets.push(BracketExplanation {
                score: t.score,
                mdps: t.mdps.iter().map(|&i| tpn(i)).collect(),
                residents: t.residents.iter().map(|&i| tpn(i)).collect(),
                pairs: t
                    .pairs
                    .iter()
                    .map(|&(a, b)| (tpn(a.min(b)), tpn(a.max(b))))
                    .collect(),
                downfloaters: t.floaters.iter().map(|&i| tpn(i)).collect(),
                float_reason: reason,
                floaters_needed_locally: t.local as u32,
                unmet,
            });
        }
        let index: HashMap<u32, usize> = self
            .ps
            .iter()
            .enumerate()
            .map(|(i, p)| (p.tpn, i))
            .collect();
        let boards = pairing
            .boards
            .iter()
            .enumerate()
            .map(|(n, &(w, b))| {
                let (iw, ib) = (index[&w], index[&b]);
                let (hi, lo) = (iw.min(ib), iw.max(ib));
                let (a, z) = (&self.ps[hi], &self.ps[lo]);
                let (_, rule) = colour_rule_of_higher(a, z, self.initial);
                let (bracket, reason) = made
                    .get(&(hi, lo))
                    .copied()
                    .unwrap_or((a.score, FloatReason::None));
                let mdp = a.score > z.score;
                let pref = |p: &Prep, got: Colour| PreferenceNote {
                    strength: p.strength,
                    colour: p.pref,
                    met: p.pref.is_none_or(|c| c == got),
                };
                let cost = self.pair_cost(hi, lo, mdp);
                let mut criteria = Vec::new();
                for (c, v) in [10u8, 11, 12, 13, 15, 17].into_iter().zip(cost.counts) {
                    if c == 15 && mdp && a.floats[0] == Float::Down {
                        criteria.push(name(14));
                    }
                    if c == 17 && mdp && a.floats[1] == Float::Down {
                        criteria.push(name(16));
                    }
                    if v > 0 {
                        criteria.push(name(c));
                    }
                }
                BoardExplanation {
                    board: n as u32 + 1,
                    white: w,
                    black: b,
                    bracket,
                    higher: a.tpn,
                    float: mdp.then_some(FloatNote {
                        down: a.tpn,
                        down_score: a.score,
                        up: z.tpn,
                        up_score: z.score,
                        reason,
                    }),
                    colour_rule: rule,
                    colour_article: rule.article(ed).to_string(),
                    white_preference: pref(&self.ps[iw], Colour::White),
                    black_preference: pref(&self.ps[ib], Colour::Black),
                    criteria,
                }
            })
            .collect();
        let bye = pairing.bye.map(|t| {
            let p = &self.ps[index[&t]];
            ByeExplanation {
                tpn: t,
                score: p.score,
                excluded_c2: self
                    .ps
                    .iter()
                    .filter(|q| !q.bye_ok)
                    .map(|q| q.tpn)
                    .collect(),
                lowest_possible_score: (ed == Edition::Fide2026 && self.bye_cap != Score::MAX)
                    .then_some(self.bye_cap),
                lower_eligible: self
                    .ps
                    .iter()
                    .filter(|q| q.bye_ok && q.score < p.score)
                    .map(|q| q.tpn)
                    .collect(),
                unplayed: p.unplayed,
                same_score_eligible: self
                    .ps
                    .iter()
                    .filter(|q| q.bye_ok && q.score == p.score && q.tpn != t)
                    .map(|q| q.tpn)
                    .collect(),
            }
        });
        Explanation {
            round: input.round,
            edition: ed,
            last_round: input.round >= input.total_rounds,
            players,
            brackets,
            boards,
            bye,
        }
    }
}
