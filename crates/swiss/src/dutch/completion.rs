//! Completion: can the players not yet paired all be paired, and how few
//! downfloaters must a set of players leave?
//!
//! Absolute criteria C1–C3 are checked per pair; completion (C4) and the PAB
//! criterion C5 are checked by a maximum-cardinality matching on the players
//! not yet paired, where the PAB may only go to an eligible player (C2) whose
//! score does not exceed the lowest score that any complete pairing can give
//! the PAB (C5; `Engine::run` finds that score by bisection over
//! [`Engine::completable`]).
//!
//! The same matchings give the fewest and lowest downfloaters of a set of
//! players (C6, C7 without completion, [`Engine::best_floaters`]): the
//! lower bound the search of a bracket starts from, and the relaxed value
//! of the following bracket (C8).

use super::Engine;
use crate::matching::maximum_matching_size;
use crate::model::Score;

impl Engine {
    pub(super) fn bye_eligible(&self, i: usize) -> bool {
        self.ps[i].bye_ok && self.ps[i].score <= self.bye_cap
    }

    /// C4 (with C2 and C5 for the PAB): can the players `rem` all be paired,
    /// except one PAB-eligible player when their number is odd?
    pub(super) fn completable(&self, rem: &[usize]) -> bool {
        self.completable_without(rem, None)
    }

    /// As [`Engine::completable`], the PAB not going to `not_bye`.
    pub(super) fn completable_without(&self, rem: &[usize], not_bye: Option<usize>) -> bool {
        let n = rem.len();
        if n == 0 {
            return true;
        }
        let odd = n % 2 == 1;
        let eligible = |i: usize| self.bye_eligible(i) && Some(i) != not_bye;
        if odd && !rem.iter().any(|&i| eligible(i)) {
            return false;
        }
        if n >= 8 {
            // Dirac: minimum degree ≥ n/2 guarantees a Hamiltonian cycle,
            // hence a perfect matching (for odd n after removing anyone).
            let need = if odd { (n - 1) / 2 + 1 } else { n / 2 };
            let mut member = vec![false; self.ps.len()];
            let mut class = [0usize; 3];
            for &i in rem {
                member[i] = true;
                class[usize::from(self.c3[i])] += 1;
            }
            let dirac = rem.iter().all(|&v| {
                let c = self.c3[v];
                let same = if c == 0 { 0 } else { class[usize::from(c)] - 1 };
                let other = self.excluded[v]
                    .iter()
                    .filter(|&&u| member[u] && (c == 0 || self.c3[u] != c))
                    .count();
                n - 1 - same - other >= need
            });
            if dirac {
                return true;
            }
        }
        let bye = n;
        let size = maximum_matching_size(n + usize::from(odd), |a, b| match (a == bye, b == bye) {
            (false, false) => self.ok(rem[a], rem[b]),
            (true, false) => eligible(rem[b]),
            (false, true) => eligible(rem[a]),
            (true, true) => false,
        });
        2 * size == n + usize::from(odd)
    }

    /// Size of a maximum matching among `set` (C1–C3 only).
    pub(super) fn matching_size(&self, set: &[usize]) -> usize {
        maximum_matching_size(set.len(), |a, b| self.ok(set[a], set[b]))
    }

    /// Fewest and lowest downfloaters of `set` (C6, C7 without completion):
    /// the matched vertex sets of maximum matchings are the bases of a
    /// matroid, so choosing floaters greedily from the lowest score up is
    /// optimal. Returns the floaters' scores, descending.
    pub(super) fn best_floaters(&self, set: &[usize]) -> (usize, Vec<Score>) {
        let nu = self.matching_size(set);
        let k = set.len() - 2 * nu;
        let mut order: Vec<usize> = set.to_vec();
        // Lowest score first; among equals the lowest-ranked first.
        order.sort_by(|&a, &b| self.ps[a].score.cmp(&self.ps[b].score).then(b.cmp(&a)));
        let mut floaters: Vec<usize> = Vec::new();
        for &p in &order {
            if floaters.len() == k {
                break;
            }
            let rest: Vec<usize> = set
                .iter()
                .copied()
                .filter(|&x| x != p && !floaters.contains(&x))
                .collect();
            if self.matching_size(&rest) == nu {
                floaters.push(p);
            }
        }
        let mut scores: Vec<Score> = floaters.iter().map(|&f| self.ps[f].score).collect();
        scores.sort_by(|a, b| b.cmp(a));
        (k, scores)
    }
}
