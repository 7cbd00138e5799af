//! Maximum-cardinality matching in a general graph (Edmonds' blossom
//! algorithm), used to decide completion (C.04.3 2026 C4: the players not yet
//! paired must still admit a pairing that complies with C1–C3), with
//! [`maximum_matching_size`] trying a greedy matching before building the
//! graph; and minimum-cost assignment (Hungarian algorithm, greedy start),
//! [`Assignment`] narrowed row by row with dual bounds, for the look-ahead
//! of the colour criteria C10–C16 over S2 transpositions (Art. 4.2).

use std::collections::VecDeque;

/// A maximum matching of the graph with vertices `0..n` and adjacency lists
/// `adj`; `result[v]` is `Some(partner)` or `None`.
///
/// ```
/// use qiyuan_swiss::matching::maximum_matching;
/// // A path 0-1-2-3 has a perfect matching {0-1, 2-3}.
/// let adj = vec![vec![1], vec![0, 2], vec![1, 3], vec![2]];
/// let m = maximum_matching(&adj);
/// assert!(m.iter().all(|p| p.is_some()));
/// ```
pub fn maximum_matching(adj: &[Vec<usize>]) -> Vec<Option<usize>> {
    let n = adj.len();
    let mut mate: Vec<usize> = vec![usize::MAX; n];
    // Greedy start: lowest-degree vertices first.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&v| adj[v].len());
    for &v in &order {
        if mate[v] == usize::MAX
            && let Some(&u) = adj[v].iter().find(|&&u| mate[u] == usize::MAX && u != v)
        {
            mate[v] = u;
            mate[u] = v;
        }
    }
    let mut st = Search::new(n);
    for &root in &order {
        if mate[root] == usize::MAX {
            st.augment_from(root, adj, &mut mate);
        }
    }
    mate.into_iter()
        .map(|m| (m != usize::MAX).then_some(m))
        .collect()
}

/// Size (in pairs) of a maximum matching of the graph with vertices `0..n`
/// and edges `edge(a, b)` (symmetric), without building the graph when it
/// need not be: a greedy matching that leaves at most one vertex unmatched
/// is maximum. Otherwise the adjacency lists are built and
/// [`maximum_matching`] decides. Dense graphs (a large score group, round
/// 1) thus cost no n² memory.
///
/// ```
/// use qiyuan_swiss::matching::maximum_matching_size;
/// // A star with three leaves: one pair.
/// assert_eq!(maximum_matching_size(4, |a, b| a == 0 || b == 0), 1);
/// assert_eq!(maximum_matching_size(5, |_, _| true), 2);
/// ```
pub fn maximum_matching_size(n: usize, edge: impl Fn(usize, usize) -> bool) -> usize {
    // Greedy: each vertex, from the last, with the nearest unmatched one.
    let mut alive: Vec<usize> = (0..n).collect();
    let mut pairs = 0;
    while let Some(v) = alive.pop() {
        if let Some(pos) = alive.iter().rposition(|&u| edge(v, u)) {
            alive.remove(pos);
            pairs += 1;
        }
    }
    if pairs == n / 2 {
        return pairs;
    }
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    for a in 0..n {
        for b in (a + 1)..n {
            if edge(a, b) {
                adj[a].push(b);
                adj[b].push(a);
            }
        }
    }
    maximum_matching(&adj)
        .iter()
        .filter(|m| m.is_some())
        .count()
        / 2
}

/// `true` when the graph has a perfect matching.
pub fn has_perfect_matching(adj: &[Vec<usize>]) -> bool {
    adj.len() % 2 == 0 && maximum_matching(adj).iter().all(Option::is_some)
}

/// Scratch space of one augmenting-path search.
struct Search {
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    blossom: Vec<bool>,
    queue: VecDeque<usize>,
}

const NONE: usize = usize::MAX;

impl Search {
    fn new(n: usize) -> Self {
        Search {
            parent: vec![NONE; n],
            base: (0..n).collect(),
            used: vec![false; n],
            blossom: vec![false; n],
            queue: VecDeque::new(),
        }
    }

    fn lca(&self, mate: &[usize], mut a: usize, mut b: usize) -> usize {
        let n = mate.len();
        let mut seen = vec![false; n];
        loop {
            a = self.base[a];
            seen[a] = true;
            if mate[a] == NONE {
                break;
            }
            a = self.parent[mate[a]];
        }
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            b = self.parent[mate[b]];
        }
    }

    fn mark_path(&mut self, mate: &[usize], mut v: usize, b: usize, mut child: usize) {
        while self.base[v] != b {
            self.blossom[self.base[v]] = true;
            self.blossom[self.base[mate[v]]] = true;
            self.parent[v] = child;
            child = mate[v];
            v = self.parent[mate[v]];
        }
    }

    /// Searches an augmenting path from `root` and applies it; `true` if found.
    fn augment_from(&mut self, root: usize, adj: &[Vec<usize>], mate: &mut [usize]) -> bool {
        let n = adj.len();
        self.used.iter_mut().for_each(|x| *x = false);
        self.parent.iter_mut().for_each(|x| *x = NONE);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.queue.clear();
        self.used[root] = true;
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            for &to in &adj[v] {
                if self.base[v] == self.base[to] || mate[v] == to {
                    continue;
                }
                if to == root || (mate[to] != NONE && self.parent[mate[to]] != NONE) {
                    let cur = self.lca(mate, v, to);
                    self.blossom.iter_mut().for_each(|x| *x = false);
                    self.mark_path(mate, v, cur, to);
                    self.mark_path(mate, to, cur, v);
                    for i in 0..n {
                        if self.blossom[self.base[i]] {
                            self.base[i] = cur;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push_back(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if mate[to] == NONE {
                        // Augment along the path ending at `to`.
                        let mut u = to;
                        while u != NONE {
                            let pv = self.parent[u];
                            let ppv = mate[pv];
                            mate[u] = pv;
                            mate[pv] = u;
                            u = ppv;
                        }
                        return true;
                    }
                    self.used[mate[to]] = true;
                    self.queue.push_back(mate[to]);
                }
            }
        }
        false
    }
}

/// Minimum total cost of assigning every row to a distinct column
/// (Hungarian algorithm, rows ≤ columns); `None` entries are forbidden.
/// Returns `None` when no complete assignment exists.
///
/// ```
/// use qiyuan_swiss::matching::min_cost_assignment;
/// // Row 0 can take column 0 (cost 1) or 1 (cost 0); row 1 only column 1.
/// let cost = vec![vec![Some(1), Some(0)], vec![None, Some(0)]];
/// assert_eq!(min_cost_assignment(&cost), Some(1));
/// ```
pub fn min_cost_assignment(cost: &[Vec<Option<u64>>]) -> Option<u64> {
    let n = cost.len();
    if n == 0 {
        return Some(0);
    }
    let m = cost[0].len();
    if m < n {
        return None;
    }
    // Forbidden pairs cost more than any complete assignment of allowed ones.
    // Any assignment of allowed pairs costs less than one forbidden pair.
    let max = cost.iter().flatten().flatten().copied().max().unwrap_or(0) as i64;
    let forbidden = (max + 1) * (n as i64 + 1);
    let a = |i: usize, j: usize| cost[i - 1][j - 1].map_or(forbidden, |c| c as i64);
    let mut u = vec![0i64; n + 1];
    let mut v = vec![0i64; m + 1];
    let mut p = vec![0usize; m + 1];
    let mut way = vec![0usize; m + 1];
    for i in 1..=n {
        p[0] = i;
        let mut j0 = 0;
        let mut minv = vec![i64::MAX; m + 1];
        let mut used = vec![false; m + 1];
        loop {
            used[j0] = true;
            let i0 = p[j0];
            let mut delta = i64::MAX;
            let mut j1 = 0;
            for j in 1..=m {
                if !used[j] {
                    let cur = a(i0, j) - u[i0] - v[j];
                    if cur < minv[j] {
                        minv[j] = cur;
                        way[j] = j0;
                    }
                    if minv[j] < delta {
                        delta = minv[j];
                        j1 = j;
                    }
                }
            }
            for j in 0..=m {
                if used[j] {
                    u[p[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
            if p[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = way[j0];
            p[j0] = p[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    let total: i64 = (1..=m).filter(|&j| p[j] != 0).map(|j| a(p[j], j)).sum();
    (total < forbidden).then_some(total as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<usize>> {
        let mut adj = vec![Vec::new(); n];
        for &(a, b) in edges {
            adj[a].push(b);
            adj[b].push(a);
        }
        adj
    }

    #[test]
    fn odd_cycle_with_tail_needs_a_blossom() {
        // Triangle 0-1-2 with pendant edges 2-3 and 0-4... 5 vertices: max matching 2.
        let adj = graph(6, &[(0, 1), (1, 2), (2, 0), (2, 3), (0, 4), (4, 5)]);
        // Perfect matching: 1-? 1 is adjacent to 0 and 2; {1-0? no: 4-5, 2-3, 0-1}.
        assert!(has_perfect_matching(&adj));
        let m = maximum_matching(&adj);
        for (v, p) in m.iter().enumerate() {
            let p = p.unwrap();
            assert_eq!(m[p], Some(v));
            assert!(adj[v].contains(&p));
        }
    }

    #[test]
    fn star_has_no_perfect_matching() {
        // A star K1,3 plus an isolated edge: max matching 2 of 6 vertices.
        let adj = graph(6, &[(0, 1), (0, 2), (0, 3), (4, 5)]);
        assert!(!has_perfect_matching(&adj));
        assert_eq!(
            maximum_matching(&adj)
                .iter()
                .filter(|m| m.is_some())
                .count(),
            4
        );
    }
}

/// A minimum-cost assignment that can be narrowed: [`Assignment::fix`]
/// forces one row onto one column and restores optimality with a single
/// Hungarian phase (the dual potentials stay feasible when a row and a
/// column are removed), so a depth-first search pays O(n²) per step instead
/// of re-solving.
#[derive(Debug, Clone)]
pub struct Assignment {
    cost: std::rc::Rc<Vec<Vec<i64>>>,
    forbidden: i64,
    u: Vec<i64>,
    v: Vec<i64>,
    /// Column (1-based) → row (1-based), 0 when free.
    p: Vec<usize>,
    col_alive: Vec<bool>,
    /// Sum of the costs of the pairs fixed so far.
    fixed: i64,
}

impl Assignment {
    /// Solves the assignment of every row (rows ≤ columns); `None` entries
    /// are forbidden.
    pub fn new(cost: &[Vec<Option<u64>>]) -> Self {
        let m = cost.first().map_or(0, Vec::len);
        Self::from_fn(cost.len(), m, |i, j| cost[i][j])
    }

    /// As [`Assignment::new`], the cost of row `i` and column `j` given by
    /// `cost(i, j)` (`rows ≤ cols`); the matrix is built once, without the
    /// intermediate `Option` matrix.
    ///
    /// The rows are first matched greedily to columns of their minimum cost
    /// (the row minimum as dual potential, so every dual constraint holds
    /// and every greedy pair is tight); Hungarian phases then insert only
    /// the rows left over. The optimum is the same as inserting every row
    /// from scratch, but a matrix of equal costs (round 1, a bracket without
    /// colour history) no longer costs a phase as long as the row's index.
    ///
    /// ```
    /// use qiyuan_swiss::matching::Assignment;
    /// // Row 1 may only take column 0, so row 0 gives it up: 1 + 1.
    /// let a = Assignment::from_fn(2, 2, |i, j| (i != 1 || j == 0).then_some((i + j) as u64));
    /// assert_eq!(a.remaining_cost(), Some(2));
    /// ```
    pub fn from_fn(n: usize, m: usize, cost: impl Fn(usize, usize) -> Option<u64>) -> Self {
        // Forbidden entries are -1 until the maximum cost is known.
        let mut full: Vec<Vec<i64>> = Vec::with_capacity(n + 1);
        full.push(vec![0i64; m + 1]);
        let mut max = 0i64;
        for i in 0..n {
            let mut row = Vec::with_capacity(m + 1);
            row.push(0i64);
            row.extend((0..m).map(|j| cost(i, j).map_or(-1, |c| c as i64)));
            max = max.max(row.iter().copied().max().unwrap_or(0));
            full.push(row);
        }
        let forbidden = (max + 1) * (n as i64 + 1);
        for row in full.iter_mut().skip(1) {
            for c in row.iter_mut().filter(|c| **c < 0) {
                *c = forbidden;
            }
        }
        let mut a = Assignment {
            cost: std::rc::Rc::new(full),
            forbidden,
            u: vec![0; n + 1],
            v: vec![0; m + 1],
            p: vec![0; m + 1],
            col_alive: vec![true; m + 1],
            fixed: 0,
        };
        // Greedy start on tight edges (u = row minimum, v = 0).
        let mut left: Vec<usize> = Vec::new();
        for i in 1..=n {
            let row = &a.cost[i];
            let min = row[1..].iter().copied().min().unwrap_or(0);
            a.u[i] = min;
            match (1..=m).find(|&j| a.p[j] == 0 && row[j] == min) {
                Some(j) => a.p[j] = i,
                None => left.push(i),
            }
        }
        for i in left {
            a.augment(i);
        }
        a
    }

    /// The row (0-based) assigned to each column still open, `None` for a
    /// free or fixed column.
    pub fn rows_of_columns(&self) -> Vec<Option<usize>> {
        (1..self.p.len())
            .map(|j| (self.col_alive[j] && self.p[j] != 0).then(|| self.p[j] - 1))
            .collect()
    }

    /// One Hungarian phase inserting the unmatched row `i` (1-based).
    fn augment(&mut self, i: usize) {
        let m = self.p.len() - 1;
        self.p[0] = i;
        let mut j0 = 0;
        let mut minv = vec![i64::MAX; m + 1];
        let mut used = vec![false; m + 1];
        let mut way = vec![0usize; m + 1];
        loop {
            used[j0] = true;
            let i0 = self.p[j0];
            let mut delta = i64::MAX;
            let mut j1 = 0;
            for j in 1..=m {
                if !used[j] && self.col_alive[j] {
                    let cur = self.cost[i0][j] - self.u[i0] - self.v[j];
                    if cur < minv[j] {
                        minv[j] = cur;
                        way[j] = j0;
                    }
                    // Among columns at the same distance a free one ends
                    // the phase at once (any of them keeps the optimum).
                    if minv[j] < delta || (minv[j] == delta && self.p[j] == 0) {
                        delta = minv[j];
                        j1 = j;
                    }
                }
            }
            if j1 == 0 {
                return; // no alive column left (cannot happen when rows ≤ columns)
            }
            for j in 0..=m {
                if used[j] {
                    self.u[self.p[j]] += delta;
                    self.v[j] -= delta;
                } else if self.col_alive[j] {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
            if self.p[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = way[j0];
            self.p[j0] = self.p[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
        self.p[0] = 0;
    }

    /// Forces row `row` onto column `col` (both 0-based) and re-optimises
    /// the other rows.
    pub fn fix(&mut self, row: usize, col: usize) {
        let (r, c) = (row + 1, col + 1);
        self.fixed += self.cost[r][c];
        let r_col = (1..self.p.len()).find(|&j| self.p[j] == r);
        let c_row = self.p[c];
        self.col_alive[c] = false;
        self.p[c] = 0;
        match r_col {
            Some(j) if j == c => {}
            Some(j) => {
                self.p[j] = 0;
                if c_row != 0 {
                    self.augment(c_row);
                }
            }
            None => {}
        }
    }

    /// A lower bound of the optimal cost of the rows from `first_row` on
    /// (0-based) over the open columns but those in `without` (open ones),
    /// or `None` when they cannot all be assigned to allowed columns. The
    /// dual potentials stay feasible when rows and columns are removed and
    /// the columns' are never positive, so their sum bounds every
    /// assignment from below (weak duality): the bound after
    /// [`Assignment::fix`]es not yet made.
    pub fn dual_bound(&self, first_row: usize, without: &[usize]) -> Option<u64> {
        let rows: i64 = self.u.iter().skip(first_row + 1).sum();
        let open: i64 = (1..self.p.len())
            .filter(|&j| self.col_alive[j])
            .map(|j| self.v[j])
            .sum();
        let gone: i64 = without.iter().map(|&c| self.v[c + 1]).sum();
        let bound = rows + open - gone;
        (bound < self.forbidden).then_some(bound.max(0) as u64)
    }

    /// The optimal cost of the rows not fixed, or `None` when they cannot
    /// all be assigned.
    pub fn remaining_cost(&self) -> Option<u64> {
        let total: i64 = (1..self.p.len())
            .filter(|&j| self.p[j] != 0 && self.col_alive[j])
            .map(|j| self.cost[self.p[j]][j])
            .sum();
        (total < self.forbidden).then_some(total as u64)
    }
}
