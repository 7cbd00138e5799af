//! The search for the best candidate of one bracket, in the generation
//! order of C.04.3 Article 4: the MDP sets (Art. 4.4), the MDP-Pairing of
//! S1 against the transpositions of S2 (Art. 3.3, 4.2), then the
//! remainder's S1 against S2 transpositions and resident exchanges
//! (Art. 3.5, 4.2, 4.3). Among equally good candidates the first one
//! generated is kept (Art. 3.8).
//!
//! The search runs in two phases:
//! 1. *perfect search*: the candidates are generated in Article 4 order with
//!    pruning against a lower bound of every criterion; the first one that
//!    reaches every bound is optimal and therefore the answer;
//! 2. otherwise, every candidate is generated (up to a budget) and the best
//!    one kept, earliest first on ties.
//!
//! Each pair is checked against the bounds of the pair-local criteria as
//! it is placed, each S2 transposition by the look-ahead (`lookahead`),
//! and each complete candidate for completion (C4) before it is kept.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::rc::Rc;

use super::Engine;
use super::exchanges::{binomial, combinations, exchanges, next_combination};
use super::lookahead::LookState;
use super::quality::{FloatPart, PairCost, Quality};
use crate::matching::maximum_matching_size;
use crate::model::{Colour, Score};
use crate::prep::{Prep, Strength};

/// Search budget (DFS nodes) of the perfect search of one bracket.
const PERFECT_BUDGET: u64 = 400_000;

/// Search budget (DFS nodes) of the exhaustive search of one bracket.
const FULL_BUDGET: u64 = 2_000_000;

/// Largest number of downfloater sets tried for the optimal C6–C9.
const MAX_FLOATER_SETS: u64 = 3_000;

/// A hasher for sets of player indices (the keys of a search's caches):
/// a multiply-rotate mix, much cheaper than the default SipHash for keys
/// of a few words that no adversary chooses.
#[derive(Debug, Default)]
pub(super) struct SetHasher(u64);

impl std::hash::Hasher for SetHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// The optimal (C6, C7, C8, C9) of a bracket.
type Prefix = (usize, Vec<Score>, (usize, Vec<Score>), u32);

/// A candidate found: its quality, its pairs (higher-ranked first) and its
/// downfloaters.
type Found = (Quality, Vec<(usize, usize)>, Vec<usize>);

/// Constraints of one search.
#[derive(Debug, Clone, Default)]
pub(super) struct Bounds {
    /// Required (C6, C7, C8, C9).
    prefix: Option<Prefix>,
    /// Required number of downfloaters.
    floaters: Option<usize>,
    /// Upper bounds of C10, C11, C12, C13, C14, C15, C16, C17.
    pub(super) counts: [Option<u32>; 8],
    /// No MDP with a float history paired (C18–C21 empty).
    no_diffs: bool,
}

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Found,
    NotFound,
    Budget,
}

/// The search for the best candidate of one bracket.
pub(super) struct Search<'e> {
    pub(super) e: &'e Engine,
    mdps: Vec<usize>,
    res: Vec<usize>,
    pub(super) lower: Vec<usize>,
    pub(super) next_group: Vec<usize>,
    pub(super) lb: Quality,
    pub(super) best: Option<Found>,
    pub(super) bounds: Bounds,
    /// `First`: stop at the first candidate within `bounds`; `Best`: keep the
    /// best candidate within `bounds`.
    first: bool,
    pub(super) nodes: u64,
    budget: u64,
    stop: bool,
    pub(super) stack: Vec<(usize, usize, PairCost)>,
    /// How many pairs at the bottom of `stack` are MDP pairs.
    pub(super) mdp_pairs: usize,
    pub(super) acc: [u32; 6],
    acc_diffs: usize,
    /// The floater part of the quality of each downfloater set met.
    pub(super) float_parts: HashMap<Vec<usize>, Rc<FloatPart>, BuildHasherDefault<SetHasher>>,
    /// The downfloaters of the leaf being evaluated (reused).
    scratch: Vec<usize>,
    /// Set when a leaf was resolved in the current `homogeneous` call.
    resolved: bool,
    /// The look-ahead of the transposition being searched.
    pub(super) look: Option<LookState>,
}

impl<'e> Search<'e> {
    pub(super) fn new(
        e: &'e Engine,
        mdps: Vec<usize>,
        res: Vec<usize>,
        lower: Vec<usize>,
        next_group: Vec<usize>,
    ) -> Self {
        let mut s = Search {
            e,
            mdps,
            res,
            lower,
            next_group,
            lb: Quality::default(),
            best: None,
            bounds: Bounds::default(),
            first: true,
            nodes: 0,
            budget: PERFECT_BUDGET,
            stop: false,
            stack: Vec::new(),
            mdp_pairs: 0,
            acc: [0; 6],
            acc_diffs: 0,
            float_parts: HashMap::default(),
            scratch: Vec::new(),
            resolved: false,
            look: None,
        };
        s.lb = s.lower_bound();
        s
    }

    pub(super) fn bracket(&self) -> Vec<usize> {
        self.mdps.iter().chain(&self.res).copied().collect()
    }

    /// Finds the best candidate: first the optimal C6–C9 over the possible
    /// downfloater sets, then, criterion after criterion (C10–C17), the
    /// smallest value some candidate reaches, and finally the first candidate
    /// in generation order that reaches all of them (Art. 3.8, Art. 4).
    pub(super) fn run(&mut self) {
        self.run_searches();
        if self.best.is_none() {
            // Every bounded search ran out of budget: take the first candidate
            // that is complete (C1–C4), whatever its quality.
            self.search(Bounds::default(), true, u64::MAX);
        }
    }

    fn run_searches(&mut self) {
        let Some(prefix) = self.optimal_prefix() else {
            self.run_unstructured();
            return;
        };
        let lb = self.lb.clone();
        let (c12, c13) = self.colour_bounds(prefix.0);
        let lbc = [lb.c10, lb.c11, c12, c13, lb.c14, lb.c15, lb.c16, lb.c17];
        let mut bounds = Bounds {
            prefix: Some(prefix.clone()),
            floaters: Some(prefix.0),
            counts: lbc.map(Some),
            no_diffs: true,
        };
        if self.search(bounds.clone(), true, PERFECT_BUDGET) == Outcome::Found {
            return;
        }
        bounds.counts = [None; 8];
        bounds.no_diffs = false;
        for (i, &low) in lbc.iter().enumerate() {
            let mut v = low;
            loop {
                bounds.counts[i] = Some(v);
                let kept = self.best.take();
                match self.search(bounds.clone(), true, PERFECT_BUDGET) {
                    Outcome::Found => break,
                    Outcome::NotFound if v < 64 => {
                        self.best = kept;
                        v += 1;
                    }
                    _ => {
                        // Budget exhausted: keep the last candidate found.
                        self.best = kept;
                        return;
                    }
                }
            }
        }
        bounds.no_diffs = true;
        let kept = self.best.take();
        if self.search(bounds.clone(), true, PERFECT_BUDGET) == Outcome::Found {
            return;
        }
        self.best = kept;
        bounds.no_diffs = false;
        let kept = self.best.clone();
        self.search(bounds, false, FULL_BUDGET);
        if self.best.is_none() {
            self.best = kept;
        }
    }

    /// Without a known optimal C6–C9 (too many downfloater sets): a perfect
    /// search against the lower bound, then the best candidate within budget.
    fn run_unstructured(&mut self) {
        let lb = self.lb.clone();
        let bounds = Bounds {
            prefix: Some((lb.c6, lb.c7.clone(), lb.c8.clone(), lb.c9)),
            floaters: Some(lb.c6),
            counts: [
                lb.c10, lb.c11, lb.c12, lb.c13, lb.c14, lb.c15, lb.c16, lb.c17,
            ]
            .map(Some),
            no_diffs: true,
        };
        if self.search(bounds, true, PERFECT_BUDGET) == Outcome::Found {
            return;
        }
        self.search(Bounds::default(), false, FULL_BUDGET);
    }

    /// One generation-order search within `bounds`.
    fn search(&mut self, bounds: Bounds, first: bool, budget: u64) -> Outcome {
        self.bounds = bounds;
        self.first = first;
        self.nodes = 0;
        self.budget = budget;
        self.stop = false;
        if first {
            self.best = None;
        }
        self.enumerate();
        match (&self.best, self.nodes > self.budget) {
            (Some(_), _) if first => Outcome::Found,
            (_, true) => Outcome::Budget,
            (Some(_), false) => Outcome::Found,
            (None, false) => Outcome::NotFound,
        }
    }

    /// The optimal (C6, C7, C8, C9) over every downfloater set `D` such that
    /// the rest of the bracket can be paired (MDPs only with residents) and
    /// `D` with the lower players can be completed (C4). `None` when there
    /// are too many sets to try.
    fn optimal_prefix(&mut self) -> Option<Prefix> {
        let b = self.bracket();
        let n = b.len();
        let m = self.mdps.len();
        let mut k = self.lb.c6;
        while k <= n {
            if binomial(n, k) > MAX_FLOATER_SETS {
                return None;
            }
            let mut best: Option<Prefix> = None;
            let lb = (
                self.lb.c6,
                self.lb.c7.clone(),
                self.lb.c8.clone(),
                self.lb.c9,
            );
            // Lowest-ranked sets first: they usually reach the lower bound,
            // which ends the scan.
            for c in combinations(n, k).into_iter().rev() {
                let d: Vec<usize> = c.iter().map(|&i| b[i]).collect();
                let inside: Vec<usize> = (0..n).filter(|i| !c.contains(i)).collect();
                // MDPs only with residents.
                let pairs = maximum_matching_size(inside.len(), |x, y| {
                    let (i, j) = (inside[x], inside[y]);
                    (i >= m || j >= m) && self.e.ok(b[i], b[j])
                });
                if 2 * pairs != inside.len() {
                    continue;
                }
                let rem: Vec<usize> = d.iter().chain(&self.lower).copied().collect();
                if !self.e.completable(&rem) {
                    continue;
                }
                let q = self.quality(&d);
                let pre = (q.c6, q.c7, q.c8, q.c9);
                if best.as_ref().is_none_or(|b| pre < *b) {
                    let reached = pre == lb;
                    best = Some(pre);
                    if reached {
                        break;
                    }
                }
            }
            if best.is_some() {
                return best;
            }
            k += 2;
        }
        None
    }

    fn enumerate(&mut self) {
        let m = self.mdps.len();
        let r = self.res.len();
        for m1 in (0..=m.min(r)).rev() {
            let mut comb: Vec<usize> = (0..m1).collect();
            loop {
                let s1: Vec<usize> = comb.iter().map(|&i| self.mdps[i]).collect();
                let mut used = vec![false; r];
                self.assign(&s1, 0, &mut used);
                if self.stop {
                    return;
                }
                if !next_combination(&mut comb, m) {
                    break;
                }
            }
        }
    }

    fn push(&mut self, hi: usize, lo: usize, mdp: bool) -> bool {
        let c = if mdp {
            self.e.pair_cost(hi, lo, true)
        } else {
            // Without an MDP only C10–C13 count, remembered by class.
            let [c10, c11, c12, c13] = self.e.colour_counts(hi, lo);
            PairCost {
                counts: [c10, c11, c12, c13, 0, 0],
                diffs: [None; 4],
            }
        };
        for (a, x) in self.acc.iter_mut().zip(c.counts) {
            *a += x;
        }
        let d = c.diffs.iter().filter(|x| x.is_some()).count();
        self.acc_diffs += d;
        if mdp {
            // MDP pairs (the only ones with C18–C21 differences) lie at
            // the bottom of the stack.
            debug_assert_eq!(self.stack.len(), self.mdp_pairs);
            self.mdp_pairs += 1;
        }
        self.stack.push((hi, lo, c));
        // Prune as soon as a bounded criterion exceeds its bound.
        const SLOTS: [usize; 6] = [0, 1, 2, 3, 5, 7]; // c10 c11 c12 c13 c15 c17
        SLOTS
            .iter()
            .zip(self.acc)
            .all(|(&slot, a)| self.bounds.counts[slot].is_none_or(|b| a <= b))
            && !(self.bounds.no_diffs && self.acc_diffs > 0)
    }

    fn pop(&mut self) {
        if self.stack.len() == self.mdp_pairs {
            self.mdp_pairs = self.mdp_pairs.saturating_sub(1);
        }
        if let Some((_, _, c)) = self.stack.pop() {
            for (a, x) in self.acc.iter_mut().zip(c.counts) {
                *a -= x;
            }
            self.acc_diffs -= c.diffs.iter().filter(|x| x.is_some()).count();
        }
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget && (self.first || self.best.is_some()) {
            self.stop = true;
        }
        self.stop
    }

    /// MDP-Pairing: S1 (the chosen MDPs) against the transpositions of S2
    /// (all residents), Art. 3.3 and 4.2.
    fn assign(&mut self, s1: &[usize], i: usize, used: &mut [bool]) {
        if self.tick() {
            return;
        }
        if i == s1.len() {
            let rem: Vec<usize> = self
                .res
                .iter()
                .zip(used.iter())
                .filter(|(_, u)| !**u)
                .map(|(x, _)| *x)
                .collect();
            let limbo: Vec<usize> = self
                .mdps
                .iter()
                .copied()
                .filter(|x| !s1.contains(x))
                .collect();
            self.homogeneous(&rem, &limbo);
            return;
        }
        let a = s1[i];
        for j in 0..self.res.len() {
            if used[j] || !self.e.ok(a, self.res[j]) {
                continue;
            }
            let b = self.res[j];
            if self.push(a, b, true) {
                used[j] = true;
                self.assign(s1, i + 1, used);
                used[j] = false;
            }
            self.pop();
            if self.stop {
                return;
            }
        }
    }

    /// A homogeneous bracket or remainder: S1 against S2 transpositions, then
    /// resident exchanges (Art. 3.5, 4.2, 4.3).
    fn homogeneous(&mut self, rem: &[usize], limbo: &[usize]) {
        let nr = rem.len();
        let mdp_pairs = self.stack.len();
        let bracket_n = self.mdps.len() + self.res.len();
        for p in (0..=nr / 2).rev() {
            let floaters = bracket_n - 2 * (mdp_pairs + p);
            if self.bounds.floaters.is_some_and(|f| f != floaters) {
                continue;
            }
            if let Some((bq, _, _)) = &self.best
                && floaters > bq.c6
            {
                return;
            }
            if !self.colour_count_feasible(rem, p) {
                continue;
            }
            self.resolved = false;
            let s1: Vec<usize> = rem[..p].to_vec();
            let s2: Vec<usize> = rem[p..].to_vec();
            for k in 0..=p.min(nr - p) {
                for (x, y) in exchanges(p, nr - p, k) {
                    let mut s1x: Vec<usize> = s1.clone();
                    let mut s2x: Vec<usize> = s2.clone();
                    for (&xi, &yi) in x.iter().zip(&y) {
                        std::mem::swap(&mut s1x[xi], &mut s2x[yi]);
                    }
                    s1x.sort();
                    s2x.sort();
                    let mut free = FreeList::new(s2x.len());
                    self.transpose(&s1x, &s2x, 0, &mut free, limbo);
                    if self.stop {
                        return;
                    }
                }
            }
            if self.resolved && !self.first {
                return;
            }
        }
    }

    fn transpose(
        &mut self,
        s1: &[usize],
        s2: &[usize],
        i: usize,
        free: &mut FreeList,
        limbo: &[usize],
    ) {
        if self.tick() {
            return;
        }
        if i == s1.len() {
            let mut floaters = std::mem::take(&mut self.scratch);
            floaters.clear();
            floaters.extend_from_slice(limbo);
            floaters.extend(free.iter().map(|j| s2[j]));
            floaters.sort();
            self.leaf(&floaters);
            self.scratch = floaters;
            return;
        }
        if i == 0 {
            self.look = self.look_ahead(s1, s2);
            if self.look.is_some() && !self.within_bounds(limbo) {
                self.look = None;
                return;
            }
        }
        let a = s1[i];
        // The S2 players not yet paired, in order.
        let mut j = free.first();
        while j != FreeList::END {
            if !self.e.ok(a, s2[j]) {
                j = free.after(j);
                continue;
            }
            let b = s2[j];
            if self.push(a.min(b), a.max(b), false) {
                let mut entered = None;
                if let Some(la) = self.look.as_mut() {
                    entered = Some(la.enter(self.e, i, j));
                    self.nodes += la.sh.s2.len() as u64 / 8;
                }
                if entered.is_none() || self.within_bounds(limbo) {
                    free.remove(j);
                    self.transpose(s1, s2, i + 1, free, limbo);
                    free.restore(j);
                }
                if let (Some(la), Some(log)) = (self.look.as_mut(), entered) {
                    la.leave(i, log);
                }
            }
            self.pop();
            if self.stop {
                break;
            }
            j = free.after(j);
        }
        if i == 0 {
            self.look = None;
        }
    }

    /// Can `rem` give `p` pairs within the bounds of C12 and C13? When
    /// more players prefer one colour than there are pairs plus floaters,
    /// the excess must play each other (a necessary condition).
    fn colour_count_feasible(&self, rem: &[usize], p: usize) -> bool {
        let e = self.e;
        let f = rem.len() - 2 * p;
        let count = |f: &dyn Fn(&Prep) -> bool| rem.iter().filter(|&&i| f(&e.ps[i])).count();
        let excess = |x: usize| x.saturating_sub(f + p) as u32;
        let w = count(&|q| q.pref == Some(Colour::White));
        let b = count(&|q| q.pref == Some(Colour::Black));
        let sw = count(&|q| q.pref == Some(Colour::White) && q.strength >= Strength::Strong);
        let sb = count(&|q| q.pref == Some(Colour::Black) && q.strength >= Strength::Strong);
        self.bounds.counts[2].is_none_or(|bound| self.acc[2] + excess(w).max(excess(b)) <= bound)
            && self.bounds.counts[3]
                .is_none_or(|bound| self.acc[3] + excess(sw).max(excess(sb)) <= bound)
    }

    /// A complete candidate (the pairs on the stack, these downfloaters):
    /// dropped when it breaks the bounds or, keeping the best, when it is
    /// no better than the best so far; else checked for completion (C4)
    /// and kept. The bounds and the comparison read the floater part and
    /// the running counts first, so the many candidates of a long search
    /// that lose are dropped without building their quality.
    fn leaf(&mut self, floaters: &[usize]) {
        let part = self.float_part(floaters);
        let counts = self.counts(&part);
        let b = &self.bounds;
        if let Some((c6, c7, c8, c9)) = &b.prefix
            && (part.c6 != *c6 || part.c7 != *c7 || part.c8 != *c8 || part.c9 != *c9)
        {
            return;
        }
        if counts
            .iter()
            .zip(b.counts)
            .any(|(&c, bound)| bound.is_some_and(|x| c > x))
        {
            return;
        }
        // Only MDP pairs have C18–C21 differences.
        if b.no_diffs && self.acc_diffs > 0 {
            return;
        }
        if !self.first
            && let Some((bq, _, _)) = &self.best
        {
            let best_counts = [
                bq.c10, bq.c11, bq.c12, bq.c13, bq.c14, bq.c15, bq.c16, bq.c17,
            ];
            let head = (part.c6, &part.c7, &part.c8, part.c9, counts).cmp(&(
                bq.c6,
                &bq.c7,
                &bq.c8,
                bq.c9,
                best_counts,
            ));
            let worse = match head {
                std::cmp::Ordering::Less => false,
                std::cmp::Ordering::Greater => true,
                std::cmp::Ordering::Equal => {
                    let best_diffs = [&bq.c18, &bq.c19, &bq.c20, &bq.c21];
                    if self.mdp_pairs == 0 {
                        // No differences here: as good only if none there.
                        best_diffs.iter().all(|d| d.is_empty())
                    } else {
                        self.diffs().iter().cmp(best_diffs).is_ge()
                    }
                }
            };
            if worse {
                self.resolved = true;
                return;
            }
        }
        let q = self.quality(floaters);
        let rem: Vec<usize> = floaters.iter().chain(&self.lower).copied().collect();
        if !self.e.completable(&rem) {
            return;
        }
        self.resolved = true;
        let pairs = self.stack.iter().map(|&(a, b, _)| (a, b)).collect();
        let optimal = q == self.lb
            || (self.bounds.prefix.is_some()
                && self.bounds.counts.iter().all(Option::is_some)
                && q.c18.is_empty()
                && q.c19.is_empty()
                && q.c20.is_empty()
                && q.c21.is_empty());
        self.best = Some((q, pairs, floaters.to_vec()));
        if self.first || optimal {
            self.stop = true;
        }
    }
}

/// The S2 positions not yet paired in a transposition search, as a
/// doubly linked list in ascending order: a position is taken out and put
/// back (last out, first back) in constant time, and the search walks only
/// the positions still free instead of scanning all of S2 at every node.
#[derive(Debug)]
struct FreeList {
    next: Vec<usize>,
    prev: Vec<usize>,
}

impl FreeList {
    /// The end of the list (also its head).
    const END: usize = usize::MAX;

    fn new(n: usize) -> FreeList {
        // Slot n is the head.
        let next = (0..=n).map(|j| if j < n { j + 1 } else { 0 }).collect();
        let prev = (0..=n).map(|j| if j == 0 { n } else { j - 1 }).collect();
        let mut f = FreeList { next, prev };
        if n == 0 {
            f.next[0] = 0;
            f.prev[0] = 0;
        }
        f
    }

    fn head(&self) -> usize {
        self.next.len() - 1
    }

    fn end_or(&self, j: usize) -> usize {
        if j == self.head() { Self::END } else { j }
    }

    fn first(&self) -> usize {
        self.end_or(self.next[self.head()])
    }

    fn after(&self, j: usize) -> usize {
        self.end_or(self.next[j])
    }

    fn remove(&mut self, j: usize) {
        let (p, n) = (self.prev[j], self.next[j]);
        self.next[p] = n;
        self.prev[n] = p;
    }

    fn restore(&mut self, j: usize) {
        let (p, n) = (self.prev[j], self.next[j]);
        self.next[p] = j;
        self.prev[n] = j;
    }

    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        let mut j = self.first();
        std::iter::from_fn(move || {
            let here = j;
            (here != Self::END).then(|| {
                j = self.after(here);
                here
            })
        })
    }
}
