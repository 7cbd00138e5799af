//! The combinatorics of the generation order of C.04.3 Article 4:
//! combinations in lexicographic order (the MDP sets of Art. 4.4, and the
//! downfloater sets tried for C6–C9), binomial counts, and the resident
//! exchanges between S1 and S2 in the order of Art. 4.3.

/// Largest number of resident exchanges of one size generated.
const MAX_EXCHANGES: u64 = 200_000;

/// Largest number of resident exchanges of one size listed when
/// [`binomial`]'s saturated count lets a larger one through (see
/// [`exchanges`]).
const MAX_LISTED_EXCHANGES: u64 = 5_000_000;

/// Advances `comb` (ascending indices below `n`) to the next combination in
/// lexicographic order (Art. 4.4: {1,3} < {1,4} < {3,4}).
pub(super) fn next_combination(comb: &mut [usize], n: usize) -> bool {
    let k = comb.len();
    for i in (0..k).rev() {
        if comb[i] < n - k + i {
            comb[i] += 1;
            for j in (i + 1)..k {
                comb[j] = comb[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

pub(super) fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut comb: Vec<usize> = (0..k).collect();
    if k > n {
        return out;
    }
    loop {
        out.push(comb.clone());
        if !next_combination(&mut comb, n) {
            break;
        }
    }
    out
}

pub(super) fn binomial(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    let mut r: u64 = 1;
    for i in 0..k as u64 {
        r = r.saturating_mul(n as u64 - i) / (i + 1);
    }
    r
}

/// The number of `k`-subsets of `n` elements, `None` beyond `u64`.
fn exact_binomial(n: usize, k: usize) -> Option<u64> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k) as u128;
    let mut r: u128 = 1;
    for i in 0..k {
        r = r.checked_mul(n as u128 - i)? / (i + 1);
        if r > u128::from(u64::MAX) {
            return None;
        }
    }
    u64::try_from(r).ok()
}

/// Resident exchanges of `k` players between S1 (size `n1`) and S2 (size
/// `n2`), in the order of Art. 4.3: smallest difference of the BSN sums
/// (S2→S1 minus S1→S2), then the largest differing BSN moved S1→S2, then the
/// smallest differing BSN moved S2→S1. Positions are 0-based within S1/S2;
/// the BSN of S2 position `j` is `n1 + j + 1`.
///
/// Single exchanges (`k` = 1) are generated lazily in that order: the
/// difference is `n1 + y - x`, and for one difference the larger `x` comes
/// first; a search that stops early does not pay for the whole list.
pub(super) fn exchanges(
    n1: usize,
    n2: usize,
    k: usize,
) -> Box<dyn Iterator<Item = (Vec<usize>, Vec<usize>)>> {
    if k == 0 {
        return Box::new(std::iter::once((vec![], vec![])));
    }
    // `binomial` saturates, and past half of `n` it then divides the
    // saturated value down: for a large bracket it may let through a
    // count of exchanges no memory holds (k near the size of S1). Such a
    // list was never generated to its end; it is skipped. The exact count
    // is asked first: it gives up as soon as it passes `u64` (a few steps
    // for a large bracket), where `binomial` takes `k` divisions, and a
    // homogeneous bracket of 3,000 asks for every `k` up to 1,500.
    match exact_binomial(n1, k).zip(exact_binomial(n2, k)) {
        Some((a, b)) if a.saturating_mul(b) <= MAX_LISTED_EXCHANGES => {}
        _ => return Box::new(std::iter::empty()),
    }
    if binomial(n1, k).saturating_mul(binomial(n2, k)) > MAX_EXCHANGES {
        return Box::new(std::iter::empty());
    }
    if k == 1 {
        return Box::new((1..n1 + n2).flat_map(move |d| {
            (0..n1).rev().filter_map(move |x| {
                let y = (d + x).checked_sub(n1)?;
                (y < n2).then(|| (vec![x], vec![y]))
            })
        }));
    }
    // Sorted by the same keys, each combination held by its smaller side
    // (itself or its complement): near-complete exchanges of a large
    // bracket cost memory for what differs, not for whole lists.
    let xs = Subset::all(n1, k);
    let ys = Subset::all(n2, k);
    // Bucketed by the difference (counting sort); each bucket is sorted by
    // the other two keys only when the search reaches it.
    let (sx, sy): (Vec<i64>, Vec<i64>) = (
        xs.iter().map(Subset::sum).collect(),
        ys.iter().map(Subset::sum).collect(),
    );
    let diff = |a: usize, b: usize| (k * n1) as i64 + sy[b] - sx[a];
    let (lo, hi) = (
        (k * n1) as i64 + sy.iter().min().copied().unwrap_or(0)
            - sx.iter().max().copied().unwrap_or(0),
        (k * n1) as i64 + sy.iter().max().copied().unwrap_or(0)
            - sx.iter().min().copied().unwrap_or(0),
    );
    let mut start = vec![0usize; (hi - lo + 2).max(1) as usize];
    for a in 0..xs.len() {
        for b in 0..ys.len() {
            start[(diff(a, b) - lo) as usize + 1] += 1;
        }
    }
    for i in 1..start.len() {
        start[i] += start[i - 1];
    }
    let mut order = vec![(0u32, 0u32); xs.len() * ys.len()];
    let mut fill = start.clone();
    for a in 0..xs.len() {
        for b in 0..ys.len() {
            let d = (diff(a, b) - lo) as usize;
            order[fill[d]] = (a as u32, b as u32);
            fill[d] += 1;
        }
    }
    let mut bucket = 0usize;
    let mut pos = 0usize;
    Box::new(std::iter::from_fn(move || {
        if pos >= order.len() {
            return None;
        }
        if pos == start[bucket] {
            // Entering the next non-empty bucket: sort it.
            while start[bucket + 1] == pos {
                bucket += 1;
            }
            let end = start[bucket + 1];
            order[pos..end].sort_by(|p, q| {
                // The largest differing S1→S2 BSN first.
                let (a, b) = (&xs[p.0 as usize], &xs[q.0 as usize]);
                let by_x = match a.max_difference(b) {
                    None => std::cmp::Ordering::Equal,
                    Some(m) if a.contains(m) => std::cmp::Ordering::Less,
                    Some(_) => std::cmp::Ordering::Greater,
                };
                // The smallest differing S2→S1 BSN first (lexicographic).
                let (a, b) = (&ys[p.1 as usize], &ys[q.1 as usize]);
                by_x.then_with(|| match a.min_difference(b) {
                    None => std::cmp::Ordering::Equal,
                    Some(m) if a.contains(m) => std::cmp::Ordering::Less,
                    Some(_) => std::cmp::Ordering::Greater,
                })
            });
            bucket += 1;
        }
        let (a, b) = order[pos];
        pos += 1;
        Some((xs[a as usize].expand(), ys[b as usize].expand()))
    }))
}

/// A `k`-subset of `0..n`, stored as itself or, when smaller, as its
/// complement (`items` ascending either way).
#[derive(Debug)]
struct Subset {
    n: usize,
    complement: bool,
    items: Vec<usize>,
}

impl Subset {
    /// Every `k`-subset of `0..n`, in lexicographic order of the subsets
    /// or of their complements.
    fn all(n: usize, k: usize) -> Vec<Subset> {
        let complement = n - k < k;
        combinations(n, if complement { n - k } else { k })
            .into_iter()
            .map(|items| Subset {
                n,
                complement,
                items,
            })
            .collect()
    }

    fn contains(&self, v: usize) -> bool {
        self.items.binary_search(&v).is_ok() != self.complement
    }

    /// Sum of the subset's elements.
    fn sum(&self) -> i64 {
        let s: i64 = self.items.iter().map(|&v| v as i64).sum();
        if self.complement {
            (self.n * self.n.saturating_sub(1) / 2) as i64 - s
        } else {
            s
        }
    }

    /// The elements in one of two subsets (same `n` and size) but not
    /// both: the same for the subsets as for their complements.
    fn difference<'a>(&'a self, other: &'a Subset) -> impl Iterator<Item = usize> + 'a {
        self.items
            .iter()
            .filter(|v| other.items.binary_search(v).is_err())
            .chain(
                other
                    .items
                    .iter()
                    .filter(|v| self.items.binary_search(v).is_err()),
            )
            .copied()
    }

    fn min_difference(&self, other: &Subset) -> Option<usize> {
        self.difference(other).min()
    }

    fn max_difference(&self, other: &Subset) -> Option<usize> {
        self.difference(other).max()
    }

    fn expand(&self) -> Vec<usize> {
        if self.complement {
            (0..self.n).filter(|&v| self.contains(v)).collect()
        } else {
            self.items.clone()
        }
    }
}

/// The exchanges of `k` players as [`exchanges`] orders them, by sorting
/// the whole list (the reference of the tests).
#[cfg(test)]
fn sorted_exchanges(n1: usize, n2: usize, k: usize) -> Vec<(Vec<usize>, Vec<usize>)> {
    let xs = combinations(n1, k);
    let ys = combinations(n2, k);
    let mut all: Vec<(i64, Vec<usize>, Vec<usize>)> = Vec::new();
    for x in &xs {
        let sx: i64 = x.iter().map(|&i| i as i64 + 1).sum();
        for y in &ys {
            let sy: i64 = y.iter().map(|&j| (n1 + j) as i64 + 1).sum();
            all.push((sy - sx, x.clone(), y.clone()));
        }
    }
    all.sort_by(|a, b| {
        a.0.cmp(&b.0)
            .then_with(|| {
                // Largest differing S1→S2 BSN first: compare descending lists, larger first.
                let mut ax = a.1.clone();
                let mut bx = b.1.clone();
                ax.reverse();
                bx.reverse();
                bx.cmp(&ax)
            })
            .then_with(|| a.2.cmp(&b.2))
    });
    all.into_iter().map(|(_, x, y)| (x, y)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exchange_order_follows_article_4_3() {
        // S1 = BSN {1,2,3}, S2 = {4,5,6}. Single exchanges, by the difference
        // BSN(S2→S1) − BSN(S1→S2): 3↔4 (1), then 2↔4 and 3↔5 (2; the
        // larger S1→S2 BSN, 3, first), then 1↔4, 2↔5, 3↔6 (3) ...
        let ex: Vec<_> = exchanges(3, 3, 1).collect();
        let bsn: Vec<(usize, usize)> = ex.iter().map(|(x, y)| (x[0] + 1, y[0] + 4)).collect();
        assert_eq!(&bsn[..6], &[(3, 4), (3, 5), (2, 4), (3, 6), (2, 5), (1, 4)]);
    }

    #[test]
    fn lazy_single_exchanges_keep_the_sorted_order() {
        for (n1, n2) in [(1, 1), (1, 4), (3, 3), (4, 7), (7, 4), (0, 3), (20, 31)] {
            let lazy: Vec<_> = exchanges(n1, n2, 1).collect();
            assert_eq!(lazy, sorted_exchanges(n1, n2, 1), "{n1} {n2}");
        }
        // Larger exchanges, whole lists or complements, in the same order.
        for n1 in 0..=7 {
            for n2 in n1..=8 {
                for k in 2..=n1 {
                    let compact: Vec<_> = exchanges(n1, n2, k).collect();
                    assert_eq!(compact, sorted_exchanges(n1, n2, k), "{n1} {n2} {k}");
                }
            }
        }
    }

    #[test]
    fn combinations_are_lexicographic() {
        assert_eq!(
            combinations(4, 2),
            vec![
                vec![0, 1],
                vec![0, 2],
                vec![0, 3],
                vec![1, 2],
                vec![1, 3],
                vec![2, 3]
            ]
        );
    }
}
