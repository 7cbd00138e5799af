//! Maximum-cardinality matching in a general graph (Edmonds' blossom
//! algorithm), used to decide completion (C.04.3 2026 C4: the players not yet
//! paired must still admit a pairing that complies with C1–C3), with
//! [`maximum_matching_size`] trying a greedy matching before building the
//! graph; and minimum-cost assignment (Hungarian algorithm, greedy start),
//! [`Assignment`] narrowed row by row with dual bounds, for the look-ahead
//! of the colour criteria C10–C16 over S2 transpositions (Art. 4.2); and
//! minimum-cost transportation ([`min_cost_transport`]), the same
//! look-ahead solved over classes of interchangeable players instead of
//! the players themselves (a large score group has thousands of players
//! but a handful of colour histories).

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

/// An optimal solution of [`min_cost_transport`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transport {
    /// The minimum total cost.
    pub cost: u64,
    /// Units sent from each source to each sink (row-major, as the costs).
    pub flow: Vec<u64>,
}

/// Minimum-cost transportation: `supply[k]` units leave source `k`,
/// `demand[c]` units enter sink `c`, and a unit sent from `k` to `c` costs
/// `cost[k * demand.len() + c]` (`None`: no route). `None` when the
/// supplies and demands differ in total or cannot all be routed.
///
/// Successive shortest paths (Bellman–Ford on the residual graph, each
/// path carrying as many units as it can): the graph has one node per
/// source and sink, not per unit, so the work does not grow with the
/// number of units. An assignment problem whose rows and columns fall
/// into classes with one cost per pair of classes is this problem with
/// the class sizes as supplies and demands, and has the same optimum.
///
/// ```
/// use qiyuan_swiss::matching::min_cost_transport;
/// // Two sources of 2 and 1 units, two sinks of 1 and 2; source 1 may
/// // only reach sink 0, so source 0 sends both its units to sink 1.
/// let cost = [Some(0), Some(3), Some(5), None];
/// let t = min_cost_transport(&[2, 1], &[1, 2], &cost).unwrap();
/// assert_eq!((t.cost, t.flow), (11, vec![0, 2, 1, 0]));
/// assert_eq!(min_cost_transport(&[2, 1], &[2, 1], &[None, Some(1), Some(1), None]), None);
/// ```
pub fn min_cost_transport(
    supply: &[u64],
    demand: &[u64],
    cost: &[Option<u64>],
) -> Option<Transport> {
    let (kr, kc) = (supply.len(), demand.len());
    debug_assert_eq!(cost.len(), kr * kc);
    let total: u64 = supply.iter().sum();
    if total != demand.iter().sum::<u64>() {
        return None;
    }
    const INF: i128 = i128::MAX;
    const SOURCE: usize = usize::MAX;
    let mut flow = vec![0u64; kr * kc];
    let (mut out, mut into) = (vec![0u64; kr], vec![0u64; kc]);
    let (mut dist_row, mut dist_col) = (vec![INF; kr], vec![INF; kc]);
    // The node before each on the shortest path: before a source, the
    // sink it takes a unit back from (or the start); before a sink, the
    // source sending to it.
    let (mut from_col, mut from_row) = (vec![SOURCE; kr], vec![0usize; kc]);
    let mut sent = 0u64;
    let mut paid: i128 = 0;
    while sent < total {
        for k in 0..kr {
            dist_row[k] = if out[k] < supply[k] { 0 } else { INF };
            from_col[k] = SOURCE;
        }
        dist_col.iter_mut().for_each(|d| *d = INF);
        let mut changed = true;
        while changed {
            changed = false;
            for k in 0..kr {
                if dist_row[k] == INF {
                    continue;
                }
                for c in 0..kc {
                    if let Some(w) = cost[k * kc + c] {
                        let d = dist_row[k] + i128::from(w);
                        if d < dist_col[c] {
                            dist_col[c] = d;
                            from_row[c] = k;
                            changed = true;
                        }
                    }
                }
            }
            for c in 0..kc {
                if dist_col[c] == INF {
                    continue;
                }
                for k in 0..kr {
                    if flow[k * kc + c] > 0 {
                        let w = cost[k * kc + c].map_or(0, i128::from);
                        let d = dist_col[c] - w;
                        if d < dist_row[k] {
                            dist_row[k] = d;
                            from_col[k] = c;
                            changed = true;
                        }
                    }
                }
            }
        }
        let sink = (0..kc)
            .filter(|&c| into[c] < demand[c] && dist_col[c] < INF)
            .min_by_key(|&c| dist_col[c])?;
        // The units the path can carry.
        let mut units = demand[sink] - into[sink];
        let mut c = sink;
        loop {
            let k = from_row[c];
            match from_col[k] {
                SOURCE => {
                    units = units.min(supply[k] - out[k]);
                    break;
                }
                prev => {
                    units = units.min(flow[k * kc + prev]);
                    c = prev;
                }
            }
        }
        let mut c = sink;
        into[sink] += units;
        loop {
            let k = from_row[c];
            flow[k * kc + c] += units;
            match from_col[k] {
                SOURCE => {
                    out[k] += units;
                    break;
                }
                prev => {
                    flow[k * kc + prev] -= units;
                    c = prev;
                }
            }
        }
        paid += i128::from(units) * dist_col[sink];
        sent += units;
    }
    Some(Transport {
        cost: u64::try_from(paid).ok()?,
        flow,
    })
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

    /// The transportation optimum equals the assignment optimum of the
    /// same classes expanded into rows and columns.
    #[test]
    fn transport_matches_the_expanded_assignment() {
        let mut seed = 0x5eed_u64;
        let mut rnd = |m: u64| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % m
        };
        for _ in 0..500 {
            let (kr, kc) = (1 + rnd(4) as usize, 1 + rnd(4) as usize);
            let supply: Vec<u64> = (0..kr).map(|_| rnd(4)).collect();
            let n: u64 = supply.iter().sum();
            // Split the same total over the sinks.
            let mut demand = vec![0u64; kc];
            for _ in 0..n {
                demand[rnd(kc as u64) as usize] += 1;
            }
            let cost: Vec<Option<u64>> = (0..kr * kc)
                .map(|_| (rnd(5) != 0).then(|| rnd(7)))
                .collect();
            let rows: Vec<usize> = (0..kr)
                .flat_map(|k| std::iter::repeat_n(k, supply[k] as usize))
                .collect();
            let cols: Vec<usize> = (0..kc)
                .flat_map(|c| std::iter::repeat_n(c, demand[c] as usize))
                .collect();
            let matrix: Vec<Vec<Option<u64>>> = rows
                .iter()
                .map(|&k| cols.iter().map(|&c| cost[k * kc + c]).collect())
                .collect();
            let want = min_cost_assignment(&matrix);
            let got = min_cost_transport(&supply, &demand, &cost);
            assert_eq!(
                got.as_ref().map(|t| t.cost),
                want,
                "{supply:?} {demand:?} {cost:?}"
            );
            if let Some(t) = got {
                // The flow routes every unit on allowed routes at that cost.
                for (out, &units) in t.flow.chunks(kc).zip(&supply) {
                    assert_eq!(out.iter().sum::<u64>(), units);
                }
                for (c, &units) in demand.iter().enumerate() {
                    assert_eq!((0..kr).map(|k| t.flow[k * kc + c]).sum::<u64>(), units);
                }
                let paid: u64 = (0..kr * kc)
                    .filter(|&x| t.flow[x] > 0)
                    .map(|x| t.flow[x] * cost[x].expect("allowed route"))
                    .sum();
                assert_eq!(paid, t.cost);
            }
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
    /// Tests: phases by the full scan of every column.
    #[cfg(test)]
    reference: bool,
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
            #[cfg(test)]
            reference: false,
        };
        a.solve();
        a
    }

    /// Greedy start, then a Hungarian phase for every row left.
    fn solve(&mut self) {
        let (n, m) = (self.u.len() - 1, self.p.len() - 1);
        let a = self;
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
    }

    /// The row (0-based) assigned to each column still open, `None` for a
    /// free or fixed column.
    pub fn rows_of_columns(&self) -> Vec<Option<usize>> {
        (1..self.p.len())
            .map(|j| (self.col_alive[j] && self.p[j] != 0).then(|| self.p[j] - 1))
            .collect()
    }

    /// One Hungarian phase inserting the unmatched row `i` (1-based).
    ///
    /// Each step scans only the columns still open (alive and not yet in
    /// the tree of the phase), in ascending order, and the dual updates of
    /// the columns in the tree are summed and applied once at the end:
    /// the same steps, ties and potentials as updating every column at
    /// every step, for the work of the columns the phase can still reach.
    fn augment(&mut self, i: usize) {
        #[cfg(test)]
        if self.reference {
            return self.augment_full_scan(i);
        }
        let m = self.p.len() - 1;
        self.p[0] = i;
        let mut j0 = 0;
        let mut way = vec![0usize; m + 1];
        // Alive columns not in the tree, ascending, with their distance,
        // potential and whether they are free (neither changes during the
        // phase for a column outside the tree): side by side, so that a
        // step reads them in order and only gathers the row's costs.
        let mut open: Vec<usize> = (1..=m).filter(|&j| self.col_alive[j]).collect();
        let mut dist: Vec<i64> = vec![i64::MAX; open.len()];
        let mut pot: Vec<i64> = open.iter().map(|&j| self.v[j]).collect();
        let mut free: Vec<bool> = open.iter().map(|&j| self.p[j] == 0).collect();
        // Columns in the tree, each with the sum of the deltas before it
        // joined; `total` is the sum so far, `pending` the last delta, not
        // yet taken off the open columns' distances.
        let mut tree: Vec<(usize, i64)> = Vec::new();
        let (mut total, mut pending) = (0i64, 0i64);
        let finished = loop {
            tree.push((j0, total));
            let i0 = self.p[j0];
            let (row, ui) = (&self.cost[i0], self.u[i0]);
            let mut delta = i64::MAX;
            let mut at = usize::MAX;
            let columns = open.iter().zip(dist.iter_mut()).zip(pot.iter().zip(&free));
            for (pos, ((&j, d), (&vj, &is_free))) in columns.enumerate() {
                *d -= pending;
                let cur = row[j] - ui - vj;
                if cur < *d {
                    *d = cur;
                    way[j] = j0;
                }
                // Among columns at the same distance a free one ends
                // the phase at once (any of them keeps the optimum).
                if *d < delta || (*d == delta && is_free) {
                    delta = *d;
                    at = pos;
                }
            }
            if at == usize::MAX {
                // No alive column left (cannot happen when rows ≤ columns).
                break false;
            }
            let j1 = open.remove(at);
            dist.remove(at);
            pot.remove(at);
            let ends = free.remove(at);
            total += delta;
            pending = delta;
            j0 = j1;
            if ends {
                break true;
            }
        };
        for &(j, before) in &tree {
            let d = total - before;
            self.u[self.p[j]] += d;
            self.v[j] -= d;
        }
        if !finished {
            return;
        }
        self.flip_path(&way, j0);
    }

    /// Flips the alternating path that ends at the free column `j0`
    /// (`way` leads each column back to the one before it): every row on
    /// the path moves one column along, and row 0 is free again.
    fn flip_path(&mut self, way: &[usize], mut j0: usize) {
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

#[cfg(test)]
mod assignment_tests {
    use super::*;

    impl Assignment {
        /// The Hungarian phase as first written: every column scanned and
        /// every potential updated at every step (the reference of
        /// [`Assignment::augment`]).
        pub(super) fn augment_full_scan(&mut self, i: usize) {
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
                        if minv[j] < delta || (minv[j] == delta && self.p[j] == 0) {
                            delta = minv[j];
                            j1 = j;
                        }
                    }
                }
                if j1 == 0 {
                    return;
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
            self.flip_path(&way, j0);
        }
    }

    /// The phases over open columns take the same steps as the full scan:
    /// the same assignment and potentials after every fix, on square and
    /// rectangular problems with forbidden entries and many ties (the
    /// engine's answers on rectangular problems depend on them).
    #[test]
    fn open_column_phases_match_the_full_scan() {
        let mut seed = 7u64;
        let mut rnd = |m: u64| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % m
        };
        for _ in 0..3000 {
            let n = 1 + rnd(9) as usize;
            let m = n + rnd(4) as usize;
            let cost: Vec<Vec<Option<u64>>> = (0..n)
                .map(|_| (0..m).map(|_| (rnd(6) != 0).then(|| rnd(3))).collect())
                .collect();
            let fast = Assignment::new(&cost);
            let mut slow = Assignment::new(&cost);
            slow.reference = true;
            slow.u.iter_mut().for_each(|x| *x = 0);
            slow.v.iter_mut().for_each(|x| *x = 0);
            slow.p.iter_mut().for_each(|x| *x = 0);
            slow.solve();
            let same = |a: &Assignment, b: &Assignment| {
                a.u == b.u && a.v == b.v && a.p == b.p && a.col_alive == b.col_alive
            };
            assert!(same(&fast, &slow));
            let (mut fast, mut slow) = (fast, slow);
            let mut cols: Vec<usize> = (0..m).collect();
            for row in 0..n {
                let col = cols.remove(rnd(cols.len() as u64) as usize);
                fast.fix(row, col);
                slow.fix(row, col);
                assert!(same(&fast, &slow), "{cost:?}");
                assert_eq!(fast.remaining_cost(), slow.remaining_cost());
            }
        }
    }
}
