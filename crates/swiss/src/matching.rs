//! Maximum-cardinality matching in a general graph (Edmonds' blossom
//! algorithm), used to decide completion (C.04.3 2026 C4: the players not yet
//! paired must still admit a pairing that complies with C1–C3), with
//! [`maximum_matching_size`] completing a greedy matching by augmenting
//! paths over neighbours listed on demand, never building the graph;
//! and minimum-cost assignment (Hungarian algorithm, greedy start),
//! [`Assignment`] narrowed row by row with dual bounds, for the look-ahead
//! of the colour criteria C10–C16 over S2 transpositions (Art. 4.2), its
//! costs kept entry by entry or by key ([`KeyedCosts`]: a table per pair
//! of player classes, so that its memory grows with the players, not
//! with their square); and minimum-cost transportation
//! ([`min_cost_transport`]), the same look-ahead solved over classes of
//! interchangeable players instead of the players themselves (a large
//! score group has thousands of players but a handful of colour
//! histories).

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
    let mut neighbours = |v: usize, out: &mut Vec<usize>| out.extend_from_slice(&adj[v]);
    for &root in &order {
        if mate[root] == usize::MAX {
            st.augment_from(root, &mut neighbours, &mut mate);
        }
    }
    mate.into_iter()
        .map(|m| (m != usize::MAX).then_some(m))
        .collect()
}

/// Size (in pairs) of a maximum matching of the graph with vertices `0..n`
/// and edges `edge(a, b)` (symmetric), without building
/// the graph: a greedy matching that leaves at most one vertex unmatched
/// is maximum; otherwise Edmonds' augmenting paths are searched from the
/// vertices it left, each vertex's neighbours listed by `edge` when the
/// search reaches it. Dense graphs (a large score group, round 1) thus
/// cost no n² memory, and a greedy matching one pair short (a score group
/// of 13,000 players in round 10) one or two searches instead of the
/// whole graph. The size of a maximum matching is the same however it is
/// found.
///
/// ```
/// use qiyuan_swiss::matching::maximum_matching_size;
/// // A star with three leaves: one pair.
/// assert_eq!(maximum_matching_size(4, |a, b| a == 0 || b == 0), 1);
/// assert_eq!(maximum_matching_size(5, |_, _| true), 2);
/// // The path 1-2-3-0: the greedy pairs 3 with 2 and leaves 0 and 1;
/// // the augmenting path 0-3-2-1 gives two pairs.
/// let path = |a: usize, b: usize| matches!((a.min(b), a.max(b)), (0, 3) | (1, 2) | (2, 3));
/// assert_eq!(maximum_matching_size(4, path), 2);
/// ```
pub fn maximum_matching_size(n: usize, edge: impl Fn(usize, usize) -> bool) -> usize {
    // Greedy: each vertex, from the last, with the nearest unmatched one.
    let mut alive: Vec<usize> = (0..n).collect();
    let mut mate: Vec<usize> = vec![NONE; n];
    let mut pairs = 0;
    while let Some(v) = alive.pop() {
        if let Some(pos) = alive.iter().rposition(|&u| edge(v, u)) {
            let u = alive.remove(pos);
            mate[u] = v;
            mate[v] = u;
            pairs += 1;
        }
    }
    if pairs == n / 2 {
        return pairs;
    }
    let mut st = Search::new(n);
    let mut neighbours = |v: usize, out: &mut Vec<usize>| {
        out.extend((0..n).filter(|&u| u != v && edge(u.min(v), u.max(v))));
    };
    for root in 0..n {
        if mate[root] == NONE && st.augment_from(root, &mut neighbours, &mut mate) {
            pairs += 1;
        }
    }
    pairs
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
    /// The neighbours of the vertex being scanned.
    neighbours: Vec<usize>,
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
            neighbours: Vec::new(),
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
    /// `neighbours(v, out)` appends the neighbours of `v` to `out`.
    fn augment_from(
        &mut self,
        root: usize,
        neighbours: &mut impl FnMut(usize, &mut Vec<usize>),
        mate: &mut [usize],
    ) -> bool {
        let mut adj = std::mem::take(&mut self.neighbours);
        let found = self.search_from(root, neighbours, &mut adj, mate);
        self.neighbours = adj;
        found
    }

    fn search_from(
        &mut self,
        root: usize,
        neighbours: &mut impl FnMut(usize, &mut Vec<usize>),
        adj: &mut Vec<usize>,
        mate: &mut [usize],
    ) -> bool {
        let n = mate.len();
        self.used.iter_mut().for_each(|x| *x = false);
        self.parent.iter_mut().for_each(|x| *x = NONE);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.queue.clear();
        self.used[root] = true;
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            adj.clear();
            neighbours(v, adj);
            for &to in adj.iter() {
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

    /// The size found from the greedy matching by searches over neighbours
    /// listed on demand is the size of the maximum matching of the graph
    /// built whole, on random graphs dense and sparse, with blossoms.
    #[test]
    fn size_without_the_graph_is_the_maximum() {
        let mut seed = 5u64;
        let mut rnd = |m: u64| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % m
        };
        for _ in 0..3000 {
            let n = rnd(16) as usize;
            let density = 1 + rnd(9);
            let mut edges = vec![vec![false; n]; n];
            let mut adj = vec![Vec::new(); n];
            for a in 0..n {
                for b in (a + 1)..n {
                    if rnd(10) < density {
                        edges[a][b] = true;
                        edges[b][a] = true;
                        adj[a].push(b);
                        adj[b].push(a);
                    }
                }
            }
            let want = maximum_matching(&adj).iter().flatten().count() / 2;
            assert_eq!(
                maximum_matching_size(n, |a, b| edges[a][b]),
                want,
                "{adj:?}"
            );
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

/// The costs of an assignment problem given by key instead of entry by
/// entry: each row and each column has a key, and the cost of row `i` on
/// column `j` is the table's for their two keys — from `table[0]` on the
/// columns before the row's `split[i]`, from `table[1]` from it on —
/// unless `j` is one of the row's `excluded` columns (forbidden). A
/// look-ahead of a score group of thousands of players has a handful of
/// colour classes: its costs fit in a few tables and lists, where the
/// matrix of every entry takes gigabytes.
///
/// ```
/// use qiyuan_swiss::matching::{Assignment, KeyedCosts};
/// // Two rows of key 0, three columns of keys 0, 1, 0; row 1 takes its
/// // costs from table[1] from column 1 on and may not have column 2.
/// let k = KeyedCosts {
///     row_key: vec![0, 0],
///     col_key: vec![0, 1, 0],
///     col_keys: 2,
///     split: vec![3, 1],
///     table: [vec![Some(1), Some(4)], vec![Some(2), None]],
///     excluded: vec![vec![], vec![2]],
/// };
/// assert_eq!((k.cost(0, 1), k.cost(1, 1), k.cost(1, 2)), (Some(4), None, None));
/// let a = Assignment::from_keyed(&k);
/// assert_eq!(a.remaining_cost(), Some(2));
/// ```
#[derive(Debug, Clone)]
pub struct KeyedCosts {
    /// The key of each row (`< table[_].len() / col_keys`).
    pub row_key: Vec<usize>,
    /// The key of each column (`< col_keys`).
    pub col_key: Vec<usize>,
    /// The number of column keys.
    pub col_keys: usize,
    /// For each row, the first column whose cost comes from `table[1]`.
    pub split: Vec<usize>,
    /// The cost of a row key on a column key (row-major), `None` when
    /// forbidden: `[0]` before the row's split, `[1]` from it on.
    pub table: [Vec<Option<u64>>; 2],
    /// For each row, the columns it may not take besides the table's
    /// forbidden ones, ascending.
    pub excluded: Vec<Vec<usize>>,
}

impl KeyedCosts {
    /// The cost of row `i` on column `j`, `None` when forbidden.
    pub fn cost(&self, i: usize, j: usize) -> Option<u64> {
        if self.excluded[i].binary_search(&j).is_ok() {
            return None;
        }
        let side = usize::from(j >= self.split[i]);
        self.table[side][self.row_key[i] * self.col_keys + self.col_key[j]]
    }

    /// The columns of each key, ascending.
    fn columns_by_key(&self) -> Vec<Vec<usize>> {
        let mut cols = vec![Vec::new(); self.col_keys];
        for (j, &k) in self.col_key.iter().enumerate() {
            cols[k].push(j);
        }
        cols
    }

    /// Calls `f(side, key)` for every column key of which row `i` has a
    /// column it may take (not excluded) on that side of its split.
    /// `excluded` counts scratch, all zero (and left so).
    fn row_keys(
        &self,
        i: usize,
        cols: &[Vec<usize>],
        scratch: &mut [[usize; 2]],
        mut f: impl FnMut(usize, usize),
    ) {
        let split = self.split[i];
        for &j in &self.excluded[i] {
            scratch[self.col_key[j]][usize::from(j >= split)] += 1;
        }
        for (key, cols) in cols.iter().enumerate() {
            if cols.is_empty() {
                continue;
            }
            let before = cols.partition_point(|&j| j < split);
            if before > scratch[key][0] {
                f(0, key);
            }
            if cols.len() - before > scratch[key][1] {
                f(1, key);
            }
        }
        for &j in &self.excluded[i] {
            scratch[self.col_key[j]] = [0, 0];
        }
    }

    /// The greatest cost of an entry that is not forbidden (0 if none).
    fn max_allowed(&self, cols: &[Vec<usize>]) -> u64 {
        let mut scratch = vec![[0usize; 2]; self.col_keys];
        let mut max = 0u64;
        for i in 0..self.row_key.len() {
            let base = self.row_key[i] * self.col_keys;
            self.row_keys(i, cols, &mut scratch, |side, key| {
                if let Some(c) = self.table[side][base + key] {
                    max = max.max(c);
                }
            });
        }
        max
    }

    /// Each of the first `rows` rows in turn on its cheapest column not
    /// yet taken (the first of equal cost): the column of each, or `None`
    /// when a row finds no column it may take. The columns scanned one by
    /// one would give the same answer in time rows × columns; here each
    /// row looks at the first free column of each key.
    pub fn cheapest_first(&self, rows: usize) -> Option<Vec<usize>> {
        let cols = self.columns_by_key();
        let mut free = FreeColumns::new(&cols);
        let mut scratch = vec![[0usize; 2]; self.col_keys];
        let mut out = Vec::with_capacity(rows);
        for i in 0..rows {
            let base = self.row_key[i] * self.col_keys;
            let mut best: Option<(u64, usize)> = None;
            let mut keys: Vec<(usize, usize, u64)> = Vec::new();
            self.row_keys(i, &cols, &mut scratch, |side, key| {
                if let Some(c) = self.table[side][base + key] {
                    keys.push((side, key, c));
                }
            });
            // Cheapest keys first: past the cost of a column found,
            // no key can give a better one.
            keys.sort_unstable_by_key(|&(_, _, c)| c);
            for (side, key, c) in keys {
                if best.is_some_and(|(b, _)| b < c) {
                    break;
                }
                if let Some(j) = free.first(self, &cols, i, side, key)
                    && best.is_none_or(|b| (c, j) < b)
                {
                    best = Some((c, j));
                }
            }
            let (_, j) = best?;
            free.take(&cols, self.col_key[j], j);
            out.push(j);
        }
        Some(out)
    }
}

/// The columns not yet taken, by key: for each key a "next free"
/// forest over the positions of its columns (path halving), so that the
/// first free column of a key at or after a position is found in
/// near-constant time.
struct FreeColumns {
    next: Vec<Vec<usize>>,
}

impl FreeColumns {
    fn new(cols: &[Vec<usize>]) -> Self {
        FreeColumns {
            next: cols.iter().map(|c| (0..=c.len()).collect()).collect(),
        }
    }

    /// The first free position of `key` at or after `x` (the key's
    /// column count when none).
    fn find(&mut self, key: usize, mut x: usize) -> usize {
        let next = &mut self.next[key];
        while next[x] != x {
            next[x] = next[next[x]];
            x = next[x];
        }
        x
    }

    /// The first free column of `key` on `side` of row `i`'s split that
    /// row `i` may take.
    fn first(
        &mut self,
        k: &KeyedCosts,
        cols: &[Vec<usize>],
        i: usize,
        side: usize,
        key: usize,
    ) -> Option<usize> {
        let cols = &cols[key];
        let at = cols.partition_point(|&j| j < k.split[i]);
        let (from, to) = if side == 0 { (0, at) } else { (at, cols.len()) };
        let mut x = self.find(key, from);
        while x < to {
            let j = cols[x];
            if k.excluded[i].binary_search(&j).is_err() {
                return Some(j);
            }
            x = self.find(key, x + 1);
        }
        None
    }

    /// Column `j` (of `key`) is taken.
    fn take(&mut self, cols: &[Vec<usize>], key: usize, j: usize) {
        if let Ok(x) = cols[key].binary_search(&j) {
            self.next[key][x] = x + 1;
        }
    }
}

/// The costs of an [`Assignment`], 1-based (row and column 0 unused),
/// forbidden entries at the problem's forbidden cost.
#[derive(Debug)]
enum Costs {
    /// Every entry.
    Dense(Vec<Vec<i64>>),
    /// By key ([`KeyedCosts`]).
    Keyed(Box<Keyed>),
}

/// [`KeyedCosts`] as an [`Assignment`] reads them: 1-based, the tables
/// with the forbidden cost in place of `None`.
#[derive(Debug)]
struct Keyed {
    costs: KeyedCosts,
    /// `table[side]` of [`KeyedCosts`], forbidden entries at the
    /// forbidden cost.
    table: [Vec<i64>; 2],
    /// The same costs side by side, as a phase reads them: the cost of
    /// row key `r` on column key `c` on side `s` at `2 * (r * col_keys +
    /// c) + s`.
    sides: Vec<i64>,
    /// The key of each column, 1-based (0 unused).
    key1: Vec<u32>,
    /// The columns of each key, ascending (0-based).
    cols: Vec<Vec<usize>>,
}

impl Keyed {
    /// The cost of row `i` on column `j`, both 1-based.
    fn at(&self, forbidden: i64, i: usize, j: usize) -> i64 {
        let k = &self.costs;
        let (i, j) = (i - 1, j - 1);
        if k.excluded[i].binary_search(&j).is_ok() {
            return forbidden;
        }
        let side = usize::from(j >= k.split[i]);
        self.table[side][k.row_key[i] * k.col_keys + k.col_key[j]]
    }
}

impl Costs {
    /// The cost of row `i` on column `j`, both 1-based.
    fn at(&self, forbidden: i64, i: usize, j: usize) -> i64 {
        match self {
            Costs::Dense(m) => m[i][j],
            Costs::Keyed(k) => k.at(forbidden, i, j),
        }
    }
}

/// A minimum-cost assignment that can be narrowed: [`Assignment::fix`]
/// forces one row onto one column and restores optimality with a single
/// Hungarian phase (the dual potentials stay feasible when a row and a
/// column are removed), so a depth-first search pays O(n²) per step instead
/// of re-solving.
///
/// The costs are kept entry by entry ([`Assignment::from_fn`]) or by key
/// ([`Assignment::from_keyed`]): the same problem gives the same steps,
/// potentials and answers either way; by key, its memory grows with the
/// rows and columns instead of their product.
#[derive(Debug, Clone)]
pub struct Assignment {
    cost: std::rc::Rc<Costs>,
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
        let mut a = Assignment::empty(Costs::Dense(full), forbidden, n, m);
        a.solve();
        a
    }

    /// As [`Assignment::from_fn`] with the costs of `k` (as many rows as
    /// `k.row_key`, columns as `k.col_key`): the same problem, hence the
    /// same solution and the same answers after the same fixes, for
    /// memory in rows plus columns plus tables instead of rows × columns.
    pub fn from_keyed(k: &KeyedCosts) -> Self {
        let (n, m) = (k.row_key.len(), k.col_key.len());
        let cols = k.columns_by_key();
        // The largest cost of an entry that occurs, as from_fn finds it.
        let max = k.max_allowed(&cols) as i64;
        let forbidden = (max + 1) * (n as i64 + 1);
        let table: [Vec<i64>; 2] = k.table.clone().map(|t| {
            t.into_iter()
                .map(|c| c.map_or(forbidden, |c| c as i64))
                .collect()
        });
        let sides = table[0]
            .iter()
            .zip(&table[1])
            .flat_map(|(&low, &high)| [low, high])
            .collect();
        let key1 = std::iter::once(0)
            .chain(k.col_key.iter().map(|&c| c as u32))
            .collect();
        let keyed = Keyed {
            costs: k.clone(),
            table,
            sides,
            key1,
            cols,
        };
        let mut a = Assignment::empty(Costs::Keyed(Box::new(keyed)), forbidden, n, m);
        a.solve();
        a
    }

    fn empty(cost: Costs, forbidden: i64, n: usize, m: usize) -> Self {
        Assignment {
            cost: std::rc::Rc::new(cost),
            forbidden,
            u: vec![0; n + 1],
            v: vec![0; m + 1],
            p: vec![0; m + 1],
            col_alive: vec![true; m + 1],
            fixed: 0,
            #[cfg(test)]
            reference: false,
        }
    }

    /// The cost of row `i` on column `j`, both 1-based.
    fn at(&self, i: usize, j: usize) -> i64 {
        self.cost.at(self.forbidden, i, j)
    }

    /// Greedy start, then a Hungarian phase for every row left.
    fn solve(&mut self) {
        let cost = self.cost.clone();
        // Greedy start on tight edges (u = row minimum, v = 0).
        let left = match &*cost {
            Costs::Dense(full) => {
                let m = self.p.len() - 1;
                let mut left: Vec<usize> = Vec::new();
                // Rows 1..=n (row 0 unused).
                for (i, row) in full.iter().enumerate().skip(1) {
                    let min = row[1..].iter().copied().min().unwrap_or(0);
                    self.u[i] = min;
                    match (1..=m).find(|&j| self.p[j] == 0 && row[j] == min) {
                        Some(j) => self.p[j] = i,
                        None => left.push(i),
                    }
                }
                left
            }
            Costs::Keyed(k) => self.greedy_keyed(k),
        };
        for i in left {
            self.augment(i);
        }
    }

    /// The greedy start of [`Assignment::solve`] on keyed costs: the same
    /// row minima and the same columns (each row on the first free column
    /// of its minimum), found key by key instead of column by column.
    /// Returns the rows left.
    fn greedy_keyed(&mut self, k: &Keyed) -> Vec<usize> {
        let (n, m) = (self.u.len() - 1, self.p.len() - 1);
        let forbidden = self.forbidden;
        let kc = k.costs.col_keys;
        let mut free = FreeColumns::new(&k.cols);
        let mut scratch = vec![[0usize; 2]; kc];
        let mut left: Vec<usize> = Vec::new();
        for i in 1..=n {
            let base = k.costs.row_key[i - 1] * kc;
            // The row minimum over every column: its keys' costs, and
            // the forbidden cost of an excluded column.
            let mut min = if m == 0 { 0 } else { i64::MAX };
            if !k.costs.excluded[i - 1].is_empty() {
                min = forbidden;
            }
            let mut keys: Vec<(usize, usize)> = Vec::new();
            k.costs.row_keys(i - 1, &k.cols, &mut scratch, |side, key| {
                let c = k.table[side][base + key];
                if c < min {
                    min = c;
                    keys.clear();
                }
                if c == min {
                    keys.push((side, key));
                }
            });
            self.u[i] = min;
            let found = if min >= forbidden {
                // Every entry forbidden: the first free column, any.
                (1..=m).find(|&j| self.p[j] == 0 && k.at(forbidden, i, j) == min)
            } else {
                keys.iter()
                    .filter_map(|&(side, key)| free.first(&k.costs, &k.cols, i - 1, side, key))
                    .min()
                    .map(|j| j + 1)
            };
            match found {
                Some(j) => {
                    self.p[j] = i;
                    free.take(&k.cols, k.costs.col_key[j - 1], j - 1);
                }
                None => left.push(i),
            }
        }
        left
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
            let ui = self.u[i0];
            let scan = Scan {
                open: &open,
                dist: &mut dist,
                pot: &pot,
                free: &free,
                way: &mut way,
                j0,
                ui,
                pending,
            };
            let (delta, at) = match &*self.cost {
                Costs::Dense(full) => {
                    let row = &full[i0];
                    scan.run(|j| row[j])
                }
                Costs::Keyed(k) => {
                    let c = &k.costs;
                    let base = 2 * c.row_key[i0 - 1] * c.col_keys;
                    let row = &k.sides[base..base + 2 * c.col_keys];
                    // Columns 1-based: the split and exclusions moved by one.
                    let split = c.split[i0 - 1] + 1;
                    let excluded = &c.excluded[i0 - 1];
                    let next = |at: usize| excluded.get(at).map_or(usize::MAX, |&x| x + 1);
                    let (mut at, mut next_excluded) = (0, next(0));
                    let forbidden = self.forbidden;
                    // The open columns ascend, and so do the exclusions.
                    scan.run(|j| {
                        if j >= next_excluded {
                            while next_excluded < j {
                                at += 1;
                                next_excluded = next(at);
                            }
                            if next_excluded == j {
                                return forbidden;
                            }
                        }
                        row[2 * k.key1[j] as usize + usize::from(j >= split)]
                    })
                }
            };
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
        self.fixed += self.at(r, c);
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
            .map(|j| self.at(self.p[j], j))
            .sum();
        (total < self.forbidden).then_some(total as u64)
    }
}

/// One step of a Hungarian phase over the open columns (see
/// [`Assignment::augment`]): the distances brought up to date with the
/// row `i0` just added to the tree (potential `ui`), the last delta
/// (`pending`) taken off them first.
struct Scan<'a> {
    open: &'a [usize],
    dist: &'a mut [i64],
    pot: &'a [i64],
    free: &'a [bool],
    way: &'a mut [usize],
    j0: usize,
    ui: i64,
    pending: i64,
}

impl Scan<'_> {
    /// Runs the step with `cost(j)` the row's cost on column `j` (called
    /// for the open columns in ascending order); returns the least
    /// distance and the position of its column (`usize::MAX` if none).
    #[inline(always)]
    fn run(self, mut cost: impl FnMut(usize) -> i64) -> (i64, usize) {
        let mut delta = i64::MAX;
        let mut at = usize::MAX;
        let columns = self
            .open
            .iter()
            .zip(self.dist.iter_mut())
            .zip(self.pot.iter().zip(self.free));
        for (pos, ((&j, d), (&vj, &is_free))) in columns.enumerate() {
            *d -= self.pending;
            let cur = cost(j) - self.ui - vj;
            if cur < *d {
                *d = cur;
                self.way[j] = self.j0;
            }
            // Among columns at the same distance a free one ends
            // the phase at once (any of them keeps the optimum).
            if *d < delta || (*d == delta && is_free) {
                delta = *d;
                at = pos;
            }
        }
        (delta, at)
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
                        let cur = self.at(i0, j) - self.u[i0] - self.v[j];
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

    /// A random keyed problem: `n` rows, `m` columns, few keys, costs
    /// with many ties, forbidden table entries and excluded columns.
    fn random_keyed(rnd: &mut impl FnMut(u64) -> u64, n: usize, m: usize) -> KeyedCosts {
        let (kr, kc) = (1 + rnd(3) as usize, 1 + rnd(4) as usize);
        let mut table = || -> Vec<Option<u64>> {
            (0..kr * kc)
                .map(|_| (rnd(5) != 0).then(|| rnd(4)))
                .collect()
        };
        let table = [table(), table()];
        KeyedCosts {
            row_key: (0..n).map(|_| rnd(kr as u64) as usize).collect(),
            col_key: (0..m).map(|_| rnd(kc as u64) as usize).collect(),
            col_keys: kc,
            split: (0..n).map(|_| rnd(m as u64 + 1) as usize).collect(),
            table,
            excluded: (0..n)
                .map(|_| (0..m).filter(|_| rnd(7) == 0).collect())
                .collect(),
        }
    }

    /// Keyed costs give the very steps of the same costs entry by entry:
    /// the same greedy start, potentials and assignment after every fix,
    /// the same bounds and optima, on square and rectangular problems
    /// (the engine's answers on rectangular problems depend on the steps).
    #[test]
    fn keyed_costs_take_the_steps_of_the_dense_matrix() {
        let mut seed = 11u64;
        let mut rnd = |m: u64| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % m
        };
        for round in 0..4000 {
            let n = rnd(10) as usize;
            let m = n + rnd(4) as usize;
            let k = random_keyed(&mut rnd, n, m);
            let mut keyed = Assignment::from_keyed(&k);
            let mut dense = Assignment::from_fn(n, m, |i, j| k.cost(i, j));
            let same = |a: &Assignment, b: &Assignment| {
                a.forbidden == b.forbidden
                    && a.u == b.u
                    && a.v == b.v
                    && a.p == b.p
                    && a.col_alive == b.col_alive
                    && a.remaining_cost() == b.remaining_cost()
                    && a.rows_of_columns() == b.rows_of_columns()
            };
            assert!(same(&keyed, &dense), "round {round}: {k:?}");
            let mut cols: Vec<usize> = (0..m).collect();
            for row in 0..n {
                let col = cols.remove(rnd(cols.len() as u64) as usize);
                let without: Vec<usize> = cols.iter().copied().filter(|_| rnd(3) == 0).collect();
                assert_eq!(
                    keyed.dual_bound(row, &without),
                    dense.dual_bound(row, &without)
                );
                keyed.fix(row, col);
                dense.fix(row, col);
                assert!(same(&keyed, &dense), "round {round}, row {row}: {k:?}");
            }
            // The cheapest free column of each row in turn.
            let rows = rnd(n as u64 + 1) as usize;
            let mut taken = vec![false; m];
            let naive: Option<Vec<usize>> = (0..rows)
                .map(|i| {
                    let (_, j) = (0..m)
                        .filter(|&j| !taken[j])
                        .filter_map(|j| k.cost(i, j).map(|w| (w, j)))
                        .min()?;
                    taken[j] = true;
                    Some(j)
                })
                .collect();
            assert_eq!(k.cheapest_first(rows), naive, "round {round}: {k:?}");
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
