//! The quality of a bracket candidate: the quality criteria C6–C21 of
//! C.04.3 in their priority order (Art. 2.3–2.4 of the 2026 edition).
//!
//! [`Quality`] holds a candidate's values. The pair-local ones (C10–C13,
//! C15, C17 and the score differences of C18–C21) are counted pair by
//! pair ([`Engine::pair_cost`]; C10–C13 remembered per pair of colour
//! classes, [`Engine::colour_counts`]); the ones that depend on the
//! downfloaters only (C6–C9, C14, C16) once per downfloater set
//! ([`FloatPart`]), C8 from the best (C6, C7) the following bracket can
//! reach and C9 from who then gets the PAB. The lower bound of every
//! criterion ([`Search::lower_bound`], C12 and C13 from the colour
//! preferences) tells the search when a candidate is optimal.

use std::rc::Rc;

use super::Engine;
use super::exchanges::combinations;
use super::search::Search;
use crate::model::{Colour, Edition, Score};
use crate::prep::{Float, Prep, Strength, colour_of_higher};

/// Lexicographic quality of a bracket candidate: smaller is better, fields in
/// the priority order of C.04.3 (2026) Art. 2.3–2.4.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Default)]
pub(super) struct Quality {
    /// C6: number of downfloaters.
    pub(super) c6: usize,
    /// C7: scores of the downfloaters, descending.
    pub(super) c7: Vec<Score>,
    /// C8: the following bracket's downfloater count and scores (C6–C7 there).
    pub(super) c8: (usize, Vec<Score>),
    /// C9: unplayed games of the PAB assignee.
    pub(super) c9: u32,
    /// C10: topscorers or their opponents with |CD| > 2.
    pub(super) c10: u32,
    /// C11: topscorers or their opponents with the same colour three times.
    pub(super) c11: u32,
    /// C12: colour preferences not met.
    pub(super) c12: u32,
    /// C13: strong (or absolute) colour preferences not met.
    pub(super) c13: u32,
    /// C14: resident downfloaters who downfloated in the previous round.
    pub(super) c14: u32,
    /// C15: MDP opponents who upfloated in the previous round.
    pub(super) c15: u32,
    /// C16: resident downfloaters who downfloated two rounds before.
    pub(super) c16: u32,
    /// C17: MDP opponents who upfloated two rounds before.
    pub(super) c17: u32,
    /// C18: score differences of MDPs who downfloated in the previous round.
    pub(super) c18: Vec<Score>,
    /// C19: score differences of MDP opponents who upfloated in the previous round.
    pub(super) c19: Vec<Score>,
    /// C20: as C18, two rounds before.
    pub(super) c20: Vec<Score>,
    /// C21: as C19, two rounds before.
    pub(super) c21: Vec<Score>,
}

/// The part of a candidate's quality that depends on its downfloaters
/// only.
#[derive(Debug)]
pub(super) struct FloatPart {
    /// C6: number of downfloaters.
    pub(super) c6: usize,
    /// C7: their scores, descending.
    pub(super) c7: Vec<Score>,
    /// C8: the following bracket's (C6, C7).
    pub(super) c8: (usize, Vec<Score>),
    /// C9: unplayed games of the PAB assignee.
    pub(super) c9: u32,
    /// C14: downfloaters who downfloated in the previous round.
    c14: u32,
    /// C16: downfloaters who downfloated two rounds before.
    c16: u32,
}

/// The pair-local part of the quality of one pair.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct PairCost {
    pub(super) counts: [u32; 6],          // c10, c11, c12, c13, c15, c17
    pub(super) diffs: [Option<Score>; 4], // c18..c21
}

impl Engine {
    /// C10–C13 of the pair (`hi` higher-ranked, not an MDP pair), as
    /// [`Engine::pair_cost`] counts them, remembered per pair of colour
    /// classes.
    pub(super) fn colour_counts(&self, hi: usize, lo: usize) -> [u32; 4] {
        let unpack = |m: u16| std::array::from_fn(|k| u32::from((m >> (3 * k)) & 7));
        let key = self.class[hi] as usize * self.classes + self.class[lo] as usize;
        if let Some(cell) = self.memo.get(key)
            && cell.get() != u16::MAX
        {
            return unpack(cell.get());
        }
        let c = self.pair_cost(hi, lo, false).counts;
        if let Some(cell) = self.memo.get(key) {
            cell.set((0..4).fold(0u16, |m, k| m | ((c[k] as u16) << (3 * k))));
        }
        [c[0], c[1], c[2], c[3]]
    }

    /// The pair-local criteria of the pair (hi, lo), `hi` higher-ranked;
    /// `mdp` when `hi` is an MDP paired with a resident.
    pub(super) fn pair_cost(&self, hi: usize, lo: usize, mdp: bool) -> PairCost {
        let (a, b) = (&self.ps[hi], &self.ps[lo]);
        let ca = colour_of_higher(a, b, self.initial);
        let mut c = PairCost::default();
        let top = a.topscorer || b.topscorer;
        for (p, col) in [(a, ca), (b, ca.opposite())] {
            if top {
                let cd = p.cd + if col == Colour::White { 1 } else { -1 };
                if cd.abs() > 2 {
                    c.counts[0] += 1; // C10
                }
                let n = p.colours.len();
                if n >= 2 && p.colours[n - 1] == col && p.colours[n - 2] == col {
                    c.counts[1] += 1; // C11
                }
            }
            if let Some(pref) = p.pref
                && pref != col
            {
                c.counts[2] += 1; // C12
                if p.strength >= Strength::Strong {
                    c.counts[3] += 1; // C13
                }
            }
        }
        if mdp {
            let diff = a.score - b.score;
            if b.floats[0] == Float::Up {
                c.counts[4] += 1; // C15
                c.diffs[1] = Some(diff); // C19
            }
            if b.floats[1] == Float::Up {
                c.counts[5] += 1; // C17
                c.diffs[3] = Some(diff); // C21
            }
            if a.floats[0] == Float::Down {
                c.diffs[0] = Some(diff); // C18
            }
            if a.floats[1] == Float::Down {
                c.diffs[2] = Some(diff); // C20
            }
        }
        c
    }
}

impl<'e> Search<'e> {
    /// A lower bound of every criterion; a candidate reaching it is optimal.
    pub(super) fn lower_bound(&self) -> Quality {
        let e = self.e;
        let b = self.bracket();
        let (k, c7) = e.best_floaters(&b);
        let mut q = Quality {
            c6: k,
            c7,
            ..Quality::default()
        };
        if !self.lower.is_empty() {
            q.c8 = if k == 0 {
                // Every candidate without downfloaters leaves the same next bracket.
                self.next_bracket_value(&[])
            } else {
                let parity = (k + self.next_group.len()) % 2;
                let low = self
                    .next_group
                    .iter()
                    .map(|&i| e.ps[i].score)
                    .min()
                    .unwrap_or(0);
                (parity, if parity == 1 { vec![low] } else { vec![] })
            };
        }
        if e.edition == Edition::Fide2026
            && k == 1
            && self.lower.len() % 2 == 0
            && self.lower.iter().all(|&i| !e.bye_eligible(i))
        {
            q.c9 = b
                .iter()
                .filter(|&&i| e.bye_eligible(i))
                .map(|&i| e.ps[i].unplayed)
                .min()
                .unwrap_or(0);
        }
        (q.c12, q.c13) = self.colour_bounds(k);
        q
    }

    /// Lower bounds of C12 and C13 for candidates with `k` downfloaters: if
    /// more players prefer one colour than there are pairs plus floaters,
    /// the excess must play each other.
    pub(super) fn colour_bounds(&self, k: usize) -> (u32, u32) {
        let e = self.e;
        let b = self.bracket();
        let pairs = (b.len() - k.min(b.len())) / 2;
        let count = |f: &dyn Fn(&Prep) -> bool| b.iter().filter(|&&i| f(&e.ps[i])).count();
        let w = count(&|p| p.pref == Some(Colour::White));
        let bl = count(&|p| p.pref == Some(Colour::Black));
        let sw = count(&|p| p.pref == Some(Colour::White) && p.strength >= Strength::Strong);
        let sb = count(&|p| p.pref == Some(Colour::Black) && p.strength >= Strength::Strong);
        let excess = |x: usize| x.saturating_sub(k + pairs) as u32;
        (excess(w).max(excess(bl)), excess(sw).max(excess(sb)))
    }

    /// The criteria of a candidate that depend on its downfloaters only
    /// (C6–C9, C14, C16), computed once per downfloater set.
    pub(super) fn float_part(&mut self, floaters: &[usize]) -> Rc<FloatPart> {
        if let Some(part) = self.float_parts.get(floaters) {
            return part.clone();
        }
        let e = self.e;
        let mut c7: Vec<Score> = floaters.iter().map(|&f| e.ps[f].score).collect();
        c7.sort_by(|a, b| b.cmp(a));
        let c8 = if self.lower.is_empty() {
            Default::default()
        } else {
            self.next_bracket_value(floaters)
        };
        // C14/C16 count every downfloater of the bracket, MDPs moved on
        // again (the Limbo) included.
        let count = |k: usize| {
            floaters
                .iter()
                .map(|&f| u32::from(e.ps[f].floats[k] == Float::Down))
                .sum()
        };
        let part = Rc::new(FloatPart {
            c6: floaters.len(),
            c7,
            c8,
            c9: self.c9(floaters),
            c14: count(0),
            c16: count(1),
        });
        self.float_parts.insert(floaters.to_vec(), part.clone());
        part
    }

    /// C18–C21: the score differences of the MDP pairs on the stack,
    /// each list descending.
    pub(super) fn diffs(&self) -> [Vec<Score>; 4] {
        let mut diffs: [Vec<Score>; 4] = Default::default();
        for (_, _, c) in &self.stack[..self.mdp_pairs] {
            for (v, d) in diffs.iter_mut().zip(c.diffs) {
                v.extend(d);
            }
        }
        for v in diffs.iter_mut() {
            v.sort_by(|a, b| b.cmp(a));
        }
        diffs
    }

    /// C10–C17 of the candidate on the stack with the floater part `part`,
    /// in the order of [`Quality`].
    pub(super) fn counts(&self, part: &FloatPart) -> [u32; 8] {
        let [c10, c11, c12, c13, c15, c17] = self.acc;
        [c10, c11, c12, c13, part.c14, c15, part.c16, c17]
    }

    pub(super) fn quality(&mut self, floaters: &[usize]) -> Quality {
        let part = self.float_part(floaters);
        let [c10, c11, c12, c13, c14, c15, c16, c17] = self.counts(&part);
        let [c18, c19, c20, c21] = self.diffs();
        Quality {
            c6: part.c6,
            c7: part.c7.clone(),
            c8: part.c8.clone(),
            c9: part.c9,
            c10,
            c11,
            c12,
            c13,
            c14,
            c15,
            c16,
            c17,
            c18,
            c19,
            c20,
            c21,
        }
    }

    /// C8: the best (C6, C7) the following bracket — these floaters plus the
    /// next scoregroup — can reach, its own completion (C4) included.
    fn next_bracket_value(&self, floaters: &[usize]) -> (usize, Vec<Score>) {
        let e = self.e;
        let next: Vec<usize> = floaters.iter().chain(&self.next_group).copied().collect();
        // The next score group ascends (it is a range of indices): a
        // binary search instead of a scan of it for each lower player.
        debug_assert!(self.next_group.windows(2).all(|w| w[0] < w[1]));
        let beyond: Vec<usize> = self
            .lower
            .iter()
            .copied()
            .filter(|x| self.next_group.binary_search(x).is_err())
            .collect();
        let relaxed = e.best_floaters(&next);
        let feasible = |fl: &[usize]| {
            let inside: Vec<usize> = next.iter().copied().filter(|x| !fl.contains(x)).collect();
            e.matching_size(&inside) * 2 == inside.len() && {
                let rest: Vec<usize> = fl.iter().chain(&beyond).copied().collect();
                e.completable(&rest)
            }
        };
        if next.len() > 14 {
            return relaxed;
        }
        let mut k = relaxed.0;
        while k <= next.len() {
            let mut sets: Vec<(Vec<Score>, Vec<usize>)> = combinations(next.len(), k)
                .into_iter()
                .map(|c| {
                    let fl: Vec<usize> = c.iter().map(|&i| next[i]).collect();
                    let mut sc: Vec<Score> = fl.iter().map(|&f| e.ps[f].score).collect();
                    sc.sort_by(|a, b| b.cmp(a));
                    (sc, fl)
                })
                .collect();
            sets.sort();
            if let Some((sc, _)) = sets.into_iter().find(|(_, fl)| feasible(fl)) {
                return (k, sc);
            }
            k += 2;
        }
        relaxed
    }

    /// C9: the unplayed games of the PAB assignee, when this candidate
    /// decides who gets the PAB: its single downfloater cannot be paired by
    /// any completion (always so in the last bracket). Zero otherwise.
    fn c9(&self, floaters: &[usize]) -> u32 {
        let e = self.e;
        if e.edition == Edition::Fide2017 || floaters.len() != 1 || self.lower.len() % 2 == 1 {
            return 0;
        }
        let f = floaters[0];
        let rem: Vec<usize> = floaters.iter().chain(&self.lower).copied().collect();
        if e.completable_without(&rem, Some(f)) {
            0
        } else {
            e.ps[f].unplayed
        }
    }
}
