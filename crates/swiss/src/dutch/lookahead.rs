//! The look-ahead of the S2 transpositions (C.04.3 Art. 4.2) on the colour
//! and float criteria C10–C16.
//!
//! The transposition search (Art. 4.2) prunes with a look-ahead on the
//! colour and float criteria C10–C16: a minimum-cost assignment of S1 to
//! S2 ([`Assignment`]), answered by a witness, a dual bound or the exact
//! optimum, and, when the assignment is square, by its class relaxation
//! (`ClassCosts`, `Relaxation`: the same costs by colour class, solved as
//! a transportation problem). The relaxation is used only where the
//! assignment is exact (square problems), so it gives the answers the
//! assignment would, and the search visits and counts the same nodes.
//! A large look-ahead's assignment keeps its costs by key
//! (`LookShared::keyed`: colour class, C3 class and float cost of each
//! player, which player is ranked higher, the pairs C1 excludes) instead
//! of a matrix of rows × columns: the same costs, so the same steps and
//! answers, in memory that grows with the players.

use std::collections::HashMap;
use std::rc::Rc;

use super::Engine;
use super::search::Search;
use crate::matching::{Assignment, KeyedCosts, Transport, min_cost_transport};
use crate::prep::Float;

/// Largest S1 remainder checked by a minimum-cost assignment at every
/// transposition step (the check is cubic in it).
const MAX_ASSIGNMENT_ROWS: usize = 100_000;

impl<'e> Search<'e> {
    /// The look-ahead of a transposition search: a minimum-cost assignment
    /// of S1 to S2 whose cost packs the bounded criteria among C10-C13 (and
    /// C14/C16 through one dummy row per S2 player left to float)
    /// lexicographically, base-`base` digits, C10 most significant. With the
    /// higher criteria at their optimum the test is exact for the last one.
    ///
    /// Only the answer of [`Search::within_bounds`] matters, so the
    /// assignment is solved lazily ([`LookState`]).
    pub(super) fn look_ahead(&mut self, s1: &[usize], s2: &[usize]) -> Option<LookState> {
        if s1.len() < 2 || s1.len() > MAX_ASSIGNMENT_ROWS {
            return None;
        }
        let crits: Vec<(usize, u32)> = [0usize, 1, 2, 3, 4, 6]
            .into_iter()
            .filter_map(|k| self.bounds.counts[k].map(|b| (k, b)))
            .collect();
        if crits.is_empty() {
            return None;
        }
        let floats_bounded = crits.iter().any(|&(k, _)| k == 4 || k == 6);
        let dummies = if floats_bounded {
            s2.len().saturating_sub(s1.len())
        } else {
            0
        };
        let base = 2 * s2.len() as u64 + 2;
        // The node charge of solving the (rows × columns) assignment.
        self.nodes += ((s1.len() + dummies) * s2.len()) as u64 / 16;
        let mut sh = LookShared {
            s1: s1.to_vec(),
            s2: s2.to_vec(),
            crits,
            base,
            dummies,
            classes: None,
            keyed: std::cell::OnceCell::new(),
        };
        sh.classes = ClassCosts::new(&sh, self.e);
        let witness = Witness::identity(&sh, self.e);
        let relax = Relaxation::new(&sh, self.e);
        Some(LookState {
            relax,
            sh,
            path: Vec::new(),
            witness,
            greedy_tried: false,
            exacts: Vec::new(),
            saved: Vec::new(),
        })
    }

    /// Whether the optimal completion of the look-ahead's current node
    /// keeps every bounded criterion within its bound. Decided by a witness
    /// within the bounds (true), or the dual bound of the nearest exact
    /// optimum above beyond them (false), or else the exact optimum.
    pub(super) fn within_bounds(&mut self, limbo: &[usize]) -> bool {
        let (e, acc) = (self.e, self.acc);
        let Some(la) = self.look.as_mut() else {
            return true;
        };
        let within = |sh: &LookShared, total| within_total(e, &acc, sh, total, limbo);
        if let Some(w) = la.witness.as_ref().filter(|w| w.valid)
            && within(&la.sh, Some(w.total))
        {
            return true;
        }
        if let (Some(rx), Some(cl)) = (la.relax.as_ref(), la.sh.classes.as_ref()) {
            let t = rx.lower_bound(cl);
            let decided = if !within(&la.sh, t.as_ref().map(|t| t.cost)) {
                Some(false)
            } else if rx.open_exclusions == 0 {
                Some(true)
            } else if let Some(w) = t
                .as_ref()
                .and_then(|t| rx.witness(cl, &la.sh, e, la.path.len(), t))
                .filter(|w| within(&la.sh, Some(w.total)))
            {
                let old = la.witness.replace(w);
                la.saved.push((la.path.len(), old));
                Some(true)
            } else {
                None
            };
            if let Some(answer) = decided {
                debug_assert!(
                    la.sh.rows() - la.path.len() > 24
                        || answer == within(&la.sh, exact_remaining(e, la)),
                    "class relaxation disagrees with the assignment"
                );
                return answer;
            }
        }
        let depth = la.path.len();
        if let Some(x) = la.exacts.last()
            && !within(&la.sh, x.assignment.dual_bound(depth, &la.path[x.depth..]))
        {
            return false;
        }
        if depth == 0 && !la.greedy_tried {
            la.greedy_tried = true;
            if let Some(w) = Witness::greedy(&la.sh, e)
                && within(&la.sh, Some(w.total))
            {
                la.witness = Some(w);
                return true;
            }
        }
        if depth > 0 {
            la.exact(e, depth - 1);
        }
        let x = la.exact(e, depth);
        // The optimum is the best witness for the nodes below.
        let w = Witness::from_exact(&la.sh, e, &x);
        let old = std::mem::replace(&mut la.witness, w);
        la.saved.push((depth, old));
        within(&la.sh, x.assignment.remaining_cost())
    }
}

/// Whether a completion of packed cost `total` (`None`: no complete
/// assignment) keeps every bounded criterion within its bound: the digits
/// added to the criteria's current values `acc` (and the Limbo's floats)
/// are lexicographically at most the bounds.
fn within_total(
    e: &Engine,
    acc: &[u32; 6],
    sh: &LookShared,
    total: Option<u64>,
    limbo: &[usize],
) -> bool {
    let Some(mut total) = total else {
        return false;
    };
    let mut digits = vec![0u64; sh.crits.len()];
    for d in digits.iter_mut().rev() {
        *d = total % sh.base;
        total /= sh.base;
    }
    // The lexicographic minimum decides criterion after criterion only
    // while the earlier ones are tight; past a criterion with slack a
    // later excess proves nothing, so the branch is kept.
    for (&(k, bound), d) in sh.crits.iter().zip(digits) {
        let acc = if k < 4 {
            u64::from(acc[k])
        } else {
            limbo.iter().map(|&f| float_digit(e, k, f)).sum()
        };
        let bound = u64::from(bound);
        if acc + d > bound {
            return false;
        }
        if acc + d < bound {
            return true;
        }
    }
    true
}

/// The assignment problem of one transposition look-ahead: S1, then
/// `dummies` rows standing for the S2 players left to float, to S2.
#[derive(Debug)]
pub(super) struct LookShared {
    s1: Vec<usize>,
    pub(super) s2: Vec<usize>,
    /// (slot, bound) of the criteria packed in the cost.
    crits: Vec<(usize, u32)>,
    base: u64,
    dummies: usize,
    /// The costs by class of player, when they are known by class.
    classes: Option<ClassCosts>,
    /// The costs by key ([`LookShared::keyed`]), built when first needed.
    keyed: std::cell::OnceCell<Option<KeyedCosts>>,
}

impl LookShared {
    fn rows(&self) -> usize {
        self.s1.len() + self.dummies
    }

    /// The packed cost of row `r` on column `c`; `None` when forbidden.
    fn cost(&self, e: &Engine, r: usize, c: usize) -> Option<u64> {
        let b = self.s2[c];
        if let Some(cl) = &self.classes {
            let above = match self.s1.get(r) {
                Some(&a) if e.excluded[a].contains(&b) => return None,
                Some(&a) => a < b,
                None => true,
            };
            return cl.cost(above, cl.row_class[r], cl.col_class[c]);
        }
        if r < self.s1.len() {
            let a = self.s1[r];
            e.ok(a, b)
                .then(|| self.packed(e.colour_counts(a.min(b), a.max(b))))
        } else {
            Some(self.float_cost(e, b))
        }
    }

    /// The costs of [`LookShared::cost`] by key ([`KeyedCosts`]), for the
    /// assignment of a large look-ahead without its matrix of every
    /// entry (a round-2 score group of 33,000 players: 16,600 rows and
    /// columns, 2.1 GB as a matrix).
    ///
    /// A row's key is its player's colour class and C3 class (the dummy
    /// rows one key of their own), a column's its player's colour class,
    /// C3 class and float cost: the cost of a pair depends only on these
    /// and on which player is ranked higher — the columns from the row's
    /// split on are the S2 players ranked below it (S2 ascends) — but for
    /// the pairs C1 or a forbidden pair excludes, the row's excluded
    /// columns. Each key's cost is computed as [`LookShared::cost`]
    /// computes it, from a player of the key (the colour counts of a pair
    /// depend only on the two colour classes, which is why
    /// [`Engine::colour_counts`] may remember them by class).
    ///
    /// `None` when S2 does not ascend or when the keys are so many that
    /// the matrix is not much larger than the tables.
    fn keyed(&self, e: &Engine) -> Option<&KeyedCosts> {
        self.keyed
            .get_or_init(|| {
                let k = self.build_keyed(e)?;
                debug_assert!(
                    self.rows() * self.s2.len() > 250_000
                        || (0..self.rows()).all(|r| {
                            (0..self.s2.len()).all(|c| k.cost(r, c) == self.cost(e, r, c))
                        }),
                    "keyed costs differ from the look-ahead's"
                );
                Some(k)
            })
            .as_ref()
    }

    fn build_keyed(&self, e: &Engine) -> Option<KeyedCosts> {
        if self.rows() * self.s2.len() < MIN_KEYED_ENTRIES
            || !self.s2.windows(2).all(|w| w[0] < w[1])
        {
            return None;
        }
        let mut row_ids: HashMap<(u32, u8), usize> = HashMap::new();
        let mut row_reps: Vec<Option<usize>> = Vec::new();
        let mut row_key: Vec<usize> = Vec::with_capacity(self.rows());
        for &a in &self.s1 {
            let key = *row_ids.entry((e.class[a], e.c3[a])).or_insert_with(|| {
                row_reps.push(Some(a));
                row_reps.len() - 1
            });
            row_key.push(key);
        }
        if self.dummies > 0 {
            row_reps.push(None);
            row_key.extend(std::iter::repeat_n(row_reps.len() - 1, self.dummies));
        }
        let mut col_ids: HashMap<(u32, u8, u64), usize> = HashMap::new();
        let mut col_reps: Vec<usize> = Vec::new();
        let col_key: Vec<usize> = self
            .s2
            .iter()
            .map(|&b| {
                let key = (e.class[b], e.c3[b], self.float_cost(e, b));
                *col_ids.entry(key).or_insert_with(|| {
                    col_reps.push(b);
                    col_reps.len() - 1
                })
            })
            .collect();
        let (kr, kc) = (row_reps.len(), col_reps.len());
        if kr * kc > MAX_KEYED_CELLS || 8 * kr * kc > self.rows() * self.s2.len() {
            return None;
        }
        // [0]: the S2 player ranked higher; [1]: the row's player (a
        // dummy row: both the same).
        let mut table = [Vec::with_capacity(kr * kc), Vec::with_capacity(kr * kc)];
        for &a in &row_reps {
            for &b in &col_reps {
                let (low, high) = match a {
                    None => {
                        let w = Some(self.float_cost(e, b));
                        (w, w)
                    }
                    Some(a) if e.c3[a] != 0 && e.c3[a] == e.c3[b] => (None, None),
                    Some(a) => (
                        Some(self.packed(e.colour_counts(b, a))),
                        Some(self.packed(e.colour_counts(a, b))),
                    ),
                };
                table[0].push(low);
                table[1].push(high);
            }
        }
        let mut split: Vec<usize> = self
            .s1
            .iter()
            .map(|&a| self.s2.partition_point(|&b| b < a))
            .collect();
        split.resize(self.rows(), 0);
        let mut excluded: Vec<Vec<usize>> = self
            .s1
            .iter()
            .map(|&a| {
                // Both lists ascend, so the positions do.
                e.excluded[a]
                    .iter()
                    .filter_map(|x| self.s2.binary_search(x).ok())
                    .collect()
            })
            .collect();
        excluded.resize(self.rows(), Vec::new());
        Some(KeyedCosts {
            row_key,
            col_key,
            col_keys: kc,
            split,
            table,
            excluded,
        })
    }

    /// The minimum-cost assignment of the look-ahead's rows to S2: by key
    /// when [`LookShared::keyed`] can, else entry by entry (the same
    /// problem either way).
    fn assignment(&self, e: &Engine) -> Assignment {
        match self.keyed(e) {
            Some(k) => Assignment::from_keyed(k),
            None => Assignment::from_fn(self.rows(), self.s2.len(), |r, c| self.cost(e, r, c)),
        }
    }

    /// The packed cost of a pair with these C10–C13 counts.
    fn packed(&self, counts: [u32; 4]) -> u64 {
        self.crits.iter().fold(0u64, |w, &(k, _)| {
            w * self.base + if k < 4 { u64::from(counts[k]) } else { 0 }
        })
    }

    /// The packed cost of a dummy row on S2 player `b`: `b` left to float
    /// (C14, C16).
    fn float_cost(&self, e: &Engine, b: usize) -> u64 {
        self.crits
            .iter()
            .fold(0u64, |w, &(k, _)| w * self.base + float_digit(e, k, b))
    }
}

/// Entries (rows × columns) of a look-ahead below which its assignment
/// keeps every entry: a small matrix costs little memory, and a phase
/// reads a row of it faster than it looks costs up by key. Debug builds
/// take by key every look-ahead they can, so that the tests check the
/// keyed costs against [`LookShared::cost`] on the look-aheads they meet.
const MIN_KEYED_ENTRIES: usize = if cfg!(debug_assertions) { 1 } else { 1 << 20 };

/// Row keys × column keys beyond which [`LookShared::keyed`] gives up
/// (the look-ahead's assignment then keeps every entry).
const MAX_KEYED_CELLS: usize = 1 << 20;

/// Row classes × column classes of a [`ClassCosts`] table beyond which
/// it is not built.
const MAX_CLASS_CELLS: usize = 4096;

/// Row classes × column classes beyond which [`Relaxation`] is not built
/// (its transportation problem is solved at every node).
const MAX_RELAX_CELLS: usize = 256;

/// The costs of a look-ahead by class of player. The cost of a pair
/// depends only on the two players' colour classes (played colours and
/// topscorer status, which decide C3 and C10–C13) and on which of them
/// is ranked higher, and for a dummy row on the floats of the S2 player
/// (C14, C16); only the pairs C1 or a forbidden pair excludes are
/// exceptions. The table is filled once from [`Engine::colour_counts`],
/// which remembers its counts by class, so every cost is the one
/// [`LookShared::cost`] would compute pair by pair.
#[derive(Debug)]
struct ClassCosts {
    /// Class of each row: the S1 rows', then the dummy rows' (the last).
    row_class: Vec<usize>,
    /// Class of each column (S2 position): colour class and float cost.
    col_class: Vec<usize>,
    /// Number of column classes.
    kc: usize,
    /// The packed cost of a row class on a column class (row-major),
    /// `None` when C3 forbids the pair: `[0]` when the S2 player is ranked
    /// higher, `[1]` when the row's player is (a dummy row: both the same).
    table: [Vec<Option<u64>>; 2],
    /// The two tables are equal: ranking does not matter.
    symmetric: bool,
}

impl ClassCosts {
    /// The classes of `sh`, or `None` when the colour counts are not
    /// remembered by class (too many classes) or the table would be larger
    /// than [`MAX_CLASS_CELLS`] or than a quarter of the assignment.
    fn new(sh: &LookShared, e: &Engine) -> Option<ClassCosts> {
        if e.memo.is_empty() {
            return None;
        }
        let mut row_ids: HashMap<u32, usize> = HashMap::new();
        let mut row_reps: Vec<usize> = Vec::new();
        let mut row_class: Vec<usize> = sh
            .s1
            .iter()
            .map(|&a| {
                *row_ids.entry(e.class[a]).or_insert_with(|| {
                    row_reps.push(a);
                    row_reps.len() - 1
                })
            })
            .collect();
        let dummy = row_reps.len();
        row_class.extend(std::iter::repeat_n(dummy, sh.dummies));
        let kr = dummy + usize::from(sh.dummies > 0);
        let mut col_ids: HashMap<(u32, u64), usize> = HashMap::new();
        let mut col_reps: Vec<usize> = Vec::new();
        let col_class: Vec<usize> = sh
            .s2
            .iter()
            .map(|&b| {
                let key = (e.class[b], sh.float_cost(e, b));
                *col_ids.entry(key).or_insert_with(|| {
                    col_reps.push(b);
                    col_reps.len() - 1
                })
            })
            .collect();
        let kc = col_reps.len();
        if kr * kc > MAX_CLASS_CELLS || 4 * kr * kc > sh.rows() * sh.s2.len() {
            return None;
        }
        let mut table = [Vec::with_capacity(kr * kc), Vec::with_capacity(kr * kc)];
        // The players' rows, then the dummy rows' (no player).
        let rows = row_reps
            .iter()
            .map(Some)
            .chain((kr > dummy).then_some(None));
        for a in rows {
            for &b in &col_reps {
                let (low, high) = match a {
                    None => {
                        let w = Some(sh.float_cost(e, b));
                        (w, w)
                    }
                    Some(&a) if e.c3[a] != 0 && e.c3[a] == e.c3[b] => (None, None),
                    Some(&a) => (
                        Some(sh.packed(e.colour_counts(b, a))),
                        Some(sh.packed(e.colour_counts(a, b))),
                    ),
                };
                table[0].push(low);
                table[1].push(high);
            }
        }
        let symmetric = table[0] == table[1];
        Some(ClassCosts {
            row_class,
            col_class,
            kc,
            table,
            symmetric,
        })
    }

    /// The cost of row class `k` on column class `c`, the row's player
    /// ranked `above` the column's or not.
    fn cost(&self, above: bool, k: usize, c: usize) -> Option<u64> {
        self.table[usize::from(above)][k * self.kc + c]
    }
}

/// The look-ahead of a square transposition search (as many rows as S2
/// players: S1 and one dummy row per player left to float) solved over
/// classes of players instead of players.
///
/// The cost of a pair depends only on the two players' colour classes
/// (played colours and topscorer status, which decide C3 and C10–C13)
/// and, for a dummy row, on the floats of the S2 player (C14, C16) —
/// except for the pairs C1 or a forbidden pair excludes, which are few.
/// Counting the open rows and columns by class turns the assignment into
/// a transportation problem of a few classes ([`min_cost_transport`]),
/// whose optimum ignores the exclusions: a lower bound of the assignment's
/// optimum, equal to it when no excluded pair is open. A round-2 score
/// group of 3,000 players has three colour classes and almost no
/// exclusion, so the look-ahead's every question is answered in
/// microseconds instead of by Hungarian phases over the whole group.
///
/// Only square problems: there [`Assignment`] is exact, so any exact
/// answer is the engine's answer. (With rows fewer than columns an
/// [`Assignment::fix`] may leave a dearer optimum than the true one, and
/// the engine's answers depend on how it got there; they are left to it.)
#[derive(Debug)]
struct Relaxation {
    /// Open rows by class.
    rows: Vec<u64>,
    /// Open columns by class.
    cols: Vec<u64>,
    /// For each S1 row, the S2 positions it may not meet (C1, forbidden
    /// pairs).
    excluded_cols: Vec<Vec<usize>>,
    /// For each S2 position, the S1 rows it may not meet.
    excluded_rows: Vec<Vec<usize>>,
    col_open: Vec<bool>,
    /// Excluded (row, column) pairs with both still open.
    open_exclusions: usize,
    /// The exclusions closed at each depth of the path, to reopen.
    closed: Vec<usize>,
}

impl Relaxation {
    /// The relaxation of `sh`, or `None` when it is not square, when its
    /// costs are not known by class ([`ClassCosts`]), when a pair's cost
    /// depends on which player is ranked higher, when the class table is
    /// larger than [`MAX_RELAX_CELLS`], or when the costs are so large
    /// that the Hungarian sums could overflow (the engine's answers there
    /// are left to it).
    fn new(sh: &LookShared, e: &Engine) -> Option<Relaxation> {
        let cl = sh.classes.as_ref()?;
        let table = &cl.table[1];
        if sh.rows() != sh.s2.len() || !cl.symmetric || table.len() > MAX_RELAX_CELLS {
            return None;
        }
        let (kc, kr) = (cl.kc, table.len() / cl.kc.max(1));
        // The Hungarian solver's forbidden cost and sums stay in i64.
        let max = table.iter().flatten().copied().max().unwrap_or(0);
        let n = sh.rows() as u128 + 1;
        if (u128::from(max) + 1) * n * n > i64::MAX as u128 / 4 {
            return None;
        }
        let mut excluded_cols: Vec<Vec<usize>> = vec![Vec::new(); sh.s1.len()];
        let mut excluded_rows: Vec<Vec<usize>> = vec![Vec::new(); sh.s2.len()];
        let mut open_exclusions = 0;
        for (r, &a) in sh.s1.iter().enumerate() {
            for x in &e.excluded[a] {
                if let Ok(c) = sh.s2.binary_search(x) {
                    excluded_cols[r].push(c);
                    excluded_rows[c].push(r);
                    open_exclusions += 1;
                }
            }
        }
        let mut rows = vec![0u64; kr];
        for &k in &cl.row_class {
            rows[k] += 1;
        }
        let mut cols = vec![0u64; kc];
        for &k in &cl.col_class {
            cols[k] += 1;
        }
        Some(Relaxation {
            rows,
            cols,
            excluded_cols,
            excluded_rows,
            col_open: vec![true; sh.s2.len()],
            open_exclusions,
            closed: Vec::new(),
        })
    }

    /// Row `i` (the rows above it fixed) fixed on column `j`.
    fn enter(&mut self, cl: &ClassCosts, i: usize, j: usize) {
        let closed = self.excluded_cols[i]
            .iter()
            .filter(|&&c| self.col_open[c])
            .count()
            + self.excluded_rows[j].iter().filter(|&&r| r > i).count();
        self.rows[cl.row_class[i]] -= 1;
        self.cols[cl.col_class[j]] -= 1;
        self.col_open[j] = false;
        self.open_exclusions -= closed;
        self.closed.push(closed);
    }

    /// Back from [`Relaxation::enter`]`(i, j)`.
    fn leave(&mut self, cl: &ClassCosts, i: usize, j: usize) {
        self.rows[cl.row_class[i]] += 1;
        self.cols[cl.col_class[j]] += 1;
        self.col_open[j] = true;
        self.open_exclusions += self.closed.pop().unwrap_or(0);
    }

    /// The optimum over classes of the open rows and columns: a lower
    /// bound of the assignment's optimum, equal to it when
    /// `open_exclusions` is zero; `None` when even the classes cannot be
    /// assigned (nor, then, the players).
    fn lower_bound(&self, cl: &ClassCosts) -> Option<Transport> {
        min_cost_transport(&self.rows, &self.cols, &cl.table[1])
    }

    /// A complete assignment of the open rows (the first `depth` fixed)
    /// that follows the class optimum `t` and avoids the excluded pairs,
    /// so that it costs `t.cost`: the rows of each class are given the
    /// columns of each class in the numbers of `t.flow`, and a row given a
    /// column it may not meet exchanges columns with another row of its
    /// class (the cost stays the same). `None` when no exchange helps.
    fn witness(
        &self,
        cl: &ClassCosts,
        sh: &LookShared,
        e: &Engine,
        depth: usize,
        t: &Transport,
    ) -> Option<Witness> {
        let kc = cl.kc;
        let kr = self.rows.len();
        let mut cols_of: Vec<Vec<usize>> = vec![Vec::new(); kc];
        for (c, &k) in cl.col_class.iter().enumerate() {
            if self.col_open[c] {
                cols_of[k].push(c);
            }
        }
        let mut rows_of: Vec<Vec<usize>> = vec![Vec::new(); kr];
        for r in depth..sh.rows() {
            rows_of[cl.row_class[r]].push(r);
        }
        let mut col_of = vec![NO; sh.rows()];
        for (k, rows) in rows_of.iter().enumerate() {
            let mut rows = rows.iter();
            for (c, cols) in cols_of.iter_mut().enumerate() {
                for _ in 0..t.flow[k * kc + c] {
                    col_of[*rows.next()?] = cols.pop()?;
                }
            }
        }
        let excluded = |r: usize, c: usize| r < sh.s1.len() && self.excluded_cols[r].contains(&c);
        for r in depth..sh.s1.len() {
            if !excluded(r, col_of[r]) {
                continue;
            }
            let other = rows_of[cl.row_class[r]]
                .iter()
                .copied()
                .find(|&q| !excluded(r, col_of[q]) && !excluded(q, col_of[r]))?;
            col_of.swap(r, other);
        }
        Witness::new(sh, col_of, e)
    }
}

/// The optimum of the look-ahead's open rows and columns solved from
/// scratch (the check of [`Relaxation`] in debug builds).
#[cfg(debug_assertions)]
fn exact_remaining(e: &Engine, la: &LookState) -> Option<u64> {
    let sh = &la.sh;
    let rows: Vec<usize> = (la.path.len()..sh.rows()).collect();
    let cols: Vec<usize> = (0..sh.s2.len()).filter(|c| !la.path.contains(c)).collect();
    Assignment::from_fn(rows.len(), cols.len(), |r, c| sh.cost(e, rows[r], cols[c]))
        .remaining_cost()
}

#[cfg(not(debug_assertions))]
fn exact_remaining(_: &Engine, _: &LookState) -> Option<u64> {
    None
}

/// An exact minimum-cost assignment with the first `depth` rows fixed.
#[derive(Debug)]
struct Exact {
    depth: usize,
    assignment: Assignment,
}

/// A complete assignment of the rows not yet fixed (any, not necessarily
/// optimal): its cost bounds the optimum from above.
#[derive(Debug, Clone)]
struct Witness {
    /// Column of each row; `NO` for a fixed row.
    col_of: Vec<usize>,
    /// Row of each column; `NO` for a free or fixed column.
    row_of: Vec<usize>,
    /// Packed cost of the rows not fixed.
    total: u64,
    /// `false` after a fix the assignment could not follow.
    valid: bool,
}

const NO: usize = usize::MAX;

/// What [`Witness::fix`] changed, to undo: the total before, and per
/// change (in the row table?, index, old value).
#[derive(Debug)]
pub(super) struct FixLog {
    total: u64,
    changes: Vec<(bool, usize, usize)>,
}

impl Witness {
    fn new(sh: &LookShared, col_of: Vec<usize>, e: &Engine) -> Option<Witness> {
        let mut row_of = vec![NO; sh.s2.len()];
        let mut total = 0u64;
        for (r, &c) in col_of.iter().enumerate() {
            if c != NO {
                total += sh.cost(e, r, c)?;
                row_of[c] = r;
            }
        }
        Some(Witness {
            col_of,
            row_of,
            total,
            valid: true,
        })
    }

    /// S1 position `i` on S2 position `i`, the dummy rows on the columns
    /// after: the first transposition, the answer when nothing else matters.
    fn identity(sh: &LookShared, e: &Engine) -> Option<Witness> {
        Witness::new(sh, (0..sh.rows()).collect(), e)
    }

    /// Each S1 row in turn on its cheapest free column (the first of equal
    /// cost), the dummy rows on the columns left.
    fn greedy(sh: &LookShared, e: &Engine) -> Option<Witness> {
        let cols = sh.s2.len();
        let mut taken = vec![false; cols];
        let mut col_of = vec![NO; sh.rows()];
        if let Some(k) = sh.keyed(e) {
            // The same columns, found key by key.
            for (r, c) in k.cheapest_first(sh.s1.len())?.into_iter().enumerate() {
                taken[c] = true;
                col_of[r] = c;
            }
            let mut free = (0..cols).filter(|&c| !taken[c]);
            for slot in col_of.iter_mut().skip(sh.s1.len()) {
                *slot = free.next()?;
            }
            return Witness::new(sh, col_of, e);
        }
        for (r, slot) in col_of.iter_mut().enumerate().take(sh.s1.len()) {
            let c = (0..cols)
                .filter(|&c| !taken[c])
                .filter_map(|c| sh.cost(e, r, c).map(|w| (w, c)))
                .min()?
                .1;
            taken[c] = true;
            *slot = c;
        }
        let mut free = (0..cols).filter(|&c| !taken[c]);
        for slot in col_of.iter_mut().skip(sh.s1.len()) {
            *slot = free.next()?;
        }
        Witness::new(sh, col_of, e)
    }

    /// The optimal assignment of an exact solution.
    fn from_exact(sh: &LookShared, e: &Engine, x: &Exact) -> Option<Witness> {
        let mut col_of = vec![NO; sh.rows()];
        for (c, r) in x.assignment.rows_of_columns().into_iter().enumerate() {
            if let Some(r) = r {
                col_of[r] = c;
            }
        }
        if col_of[x.depth..].contains(&NO) {
            return None;
        }
        Witness::new(sh, col_of, e)
    }

    fn set(&mut self, log: &mut FixLog, rows: bool, i: usize, v: usize) {
        let t = if rows {
            &mut self.row_of
        } else {
            &mut self.col_of
        };
        log.changes.push((rows, i, t[i]));
        t[i] = v;
    }

    /// Row `i` (every row above it fixed) is fixed on column `j`: the row
    /// holding `j` takes `i`'s column. The witness turns invalid when it
    /// may not. Returns what to undo.
    fn fix(&mut self, sh: &LookShared, e: &Engine, i: usize, j: usize) -> FixLog {
        let mut log = FixLog {
            total: self.total,
            changes: Vec::new(),
        };
        let old = self.col_of[i];
        let Some(ci) = sh.cost(e, i, old) else {
            self.valid = false;
            return log;
        };
        self.total -= ci;
        self.set(&mut log, false, i, NO);
        self.set(&mut log, true, old, NO);
        if old == j {
            return log;
        }
        let r = self.row_of[j];
        self.set(&mut log, true, j, NO);
        if r == NO {
            return log;
        }
        let (Some(cr), Some(moved)) = (sh.cost(e, r, j), sh.cost(e, r, old)) else {
            self.valid = false;
            return log;
        };
        self.total = self.total - cr + moved;
        self.set(&mut log, false, r, old);
        self.set(&mut log, true, old, r);
        log
    }

    fn undo(&mut self, log: FixLog) {
        for (rows, i, v) in log.changes.into_iter().rev() {
            if rows {
                self.row_of[i] = v;
            } else {
                self.col_of[i] = v;
            }
        }
        self.total = log.total;
        self.valid = true;
    }
}

/// The look-ahead of the transposition being searched, at its current
/// node: the first `path.len()` S1 rows fixed on the columns `path`. It
/// answers whether the optimal completion stays within the bounds with a
/// witness when it can, with the dual bound of an exact optimum above
/// when that suffices, and computes the exact optimum (from the nearest
/// one above, by [`Assignment::fix`]) only when it must. The state is
/// updated on the way down and restored on the way back, so its memory
/// does not grow with the depth of the search, except for the exact
/// optima (and the witnesses they replaced) kept on the path.
#[derive(Debug)]
pub(super) struct LookState {
    pub(super) sh: LookShared,
    path: Vec<usize>,
    witness: Option<Witness>,
    /// At the root: the greedy witness was tried.
    greedy_tried: bool,
    /// Exact optima on the path, by increasing depth.
    exacts: Vec<Rc<Exact>>,
    /// Witnesses replaced at a depth (by an exact optimum), to restore.
    saved: Vec<(usize, Option<Witness>)>,
    /// The same problem over classes of players, when it is square.
    relax: Option<Relaxation>,
}

impl LookState {
    /// Down to the node with row `i` fixed on column `j`; what to undo
    /// when leaving it.
    pub(super) fn enter(&mut self, e: &Engine, i: usize, j: usize) -> Option<FixLog> {
        debug_assert_eq!(self.path.len(), i);
        self.path.push(j);
        if let (Some(rx), Some(cl)) = (self.relax.as_mut(), self.sh.classes.as_ref()) {
            rx.enter(cl, i, j);
        }
        match self.witness.as_mut() {
            Some(w) if w.valid => Some(w.fix(&self.sh, e, i, j)),
            _ => None,
        }
    }

    /// Back from the node entered at row `i`.
    pub(super) fn leave(&mut self, i: usize, log: Option<FixLog>) {
        while self.saved.last().is_some_and(|(d, _)| *d > i) {
            if let Some((_, w)) = self.saved.pop() {
                self.witness = w;
            }
        }
        if let (Some(w), Some(log)) = (self.witness.as_mut(), log) {
            w.undo(log);
        }
        if let (Some(rx), Some(cl), Some(&j)) = (
            self.relax.as_mut(),
            self.sh.classes.as_ref(),
            self.path.last(),
        ) {
            rx.leave(cl, i, j);
        }
        self.path.pop();
        while self.exacts.last().is_some_and(|x| x.depth > i) {
            self.exacts.pop();
        }
    }

    /// The exact optimum at `depth` (at most the current depth) on the
    /// path, kept for the nodes below.
    fn exact(&mut self, e: &Engine, depth: usize) -> Rc<Exact> {
        if let Some(x) = self.exacts.iter().rev().find(|x| x.depth == depth) {
            return x.clone();
        }
        let start = match self.exacts.iter().rev().find(|x| x.depth < depth) {
            Some(x) => x.clone(),
            None => {
                let sh = &self.sh;
                let root = Rc::new(Exact {
                    depth: 0,
                    assignment: sh.assignment(e),
                });
                self.exacts.insert(0, root.clone());
                if depth == 0 {
                    return root;
                }
                root
            }
        };
        let mut a = start.assignment.clone();
        for (r, &c) in self.path.iter().enumerate().take(depth).skip(start.depth) {
            a.fix(r, c);
        }
        let x = Rc::new(Exact {
            depth,
            assignment: a,
        });
        let at = self.exacts.partition_point(|y| y.depth < depth);
        self.exacts.insert(at, x.clone());
        x
    }
}

/// The C14 (slot 4) or C16 (slot 6) cost of `b` floating.
fn float_digit(e: &Engine, slot: usize, b: usize) -> u64 {
    match slot {
        4 => u64::from(e.ps[b].floats[0] == Float::Down),
        6 => u64::from(e.ps[b].floats[1] == Float::Down),
        _ => 0,
    }
}
