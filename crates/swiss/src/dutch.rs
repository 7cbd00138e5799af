//! The FIDE (Dutch) System, C.04.3: bracket-by-bracket pairing.
//!
//! For every bracket (Art. 1.3) the engine looks for the candidate that is
//! best by the quality criteria C5–C21 taken in their order, and among equally
//! good candidates the first one in the generation order of Article 4
//! (MDP sets 4.4, S2 transpositions 4.2, resident exchanges 4.3). This is the
//! candidate the Article 3 procedure selects: a perfect candidate is optimal,
//! and Art. 3.8 breaks ties by generation order.
//!
//! The search runs in two phases:
//! 1. *perfect search*: the candidates are generated in Article 4 order with
//!    pruning against a lower bound of every criterion; the first one that
//!    reaches every bound is optimal and therefore the answer;
//! 2. otherwise, every candidate is generated (up to a budget) and the best
//!    one kept, earliest first on ties.
//!
//! Absolute criteria C1–C3 are checked per pair; completion (C4) and the PAB
//! criterion C5 are checked by a maximum-cardinality matching on the players
//! not yet paired, where the PAB may only go to an eligible player (C2) whose
//! score does not exceed the lowest score that any complete pairing can give
//! the PAB (C5).
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
use std::hash::BuildHasherDefault;
use std::rc::Rc;

use crate::matching::{
    Assignment, KeyedCosts, Transport, maximum_matching_size, min_cost_transport,
};
use crate::model::{Colour, Edition, Pairing, PairingError, PairingInput, Score};
use crate::prep::{
    Float, Prep, Strength, colour_of_higher, colour_rule_of_higher, compatible, prepare,
};

/// Search budget (DFS nodes) of the perfect search of one bracket.
const PERFECT_BUDGET: u64 = 400_000;
/// Search budget (DFS nodes) of the exhaustive search of one bracket.
const FULL_BUDGET: u64 = 2_000_000;
/// Largest S1 remainder checked by a minimum-cost assignment at every
/// transposition step (the check is cubic in it).
const MAX_ASSIGNMENT_ROWS: usize = 100_000;
/// Largest number of downfloater sets tried for the optimal C6–C9.
const MAX_FLOATER_SETS: u64 = 3_000;
/// Most colour classes whose pair costs are remembered (a table of the
/// square of it).
const MAX_MEMO_CLASSES: usize = 1024;
/// Largest number of resident exchanges of one size generated.
const MAX_EXCHANGES: u64 = 200_000;
/// Largest number of resident exchanges of one size listed when
/// [`binomial`]'s saturated count lets a larger one through (see
/// [`exchanges`]).
const MAX_LISTED_EXCHANGES: u64 = 5_000_000;

/// Pairs one round by the FIDE (Dutch) System.
///
/// ```
/// use qiyuan_swiss::{Colour, Edition, PairingInput, Player, pair_round};
/// // Round 1 of four players: 1-3 and 2-4 (S1 = {1, 2}, S2 = {3, 4}); the
/// // top seed gets the colour drawn by lot (Art. 5.2.5), board 2 the other.
/// let players = (1..=4)
///     .map(|tpn| Player {
///         tpn,
///         score: 0,
///         acceleration: 0,
///         past_acceleration: vec![],
///         history: vec![],
///         absent: false,
///     })
///     .collect();
/// let input = PairingInput {
///     players,
///     round: 1,
///     total_rounds: 5,
///     edition: Edition::Fide2026,
///     initial_colour: Colour::White,
///     win_points: 10,
///     loss_points: 0,
///     forbidden: vec![],
/// };
/// let pairing = pair_round(&input).unwrap();
/// assert_eq!(pairing.boards, vec![(1, 3), (4, 2)]);
/// assert_eq!(pairing.bye, None);
/// ```
pub fn pair_round(input: &PairingInput) -> Result<Pairing, PairingError> {
    validate(input)?;
    with_deep_stack(input.players.len(), || {
        let ps = prepare(input);
        let engine = Engine::new(ps, input);
        engine.run().map(|(p, _, _)| p)
    })
}

/// Players above which a pairing runs on a thread of its own with a stack
/// sized for it: the transposition search recurses once per S1 player, so
/// a round-1 bracket of tens of thousands of players would overflow a
/// default stack (2 MiB for spawned threads, 8 MiB for the main one).
const DEEP_STACK_PLAYERS: usize = 4_000;

/// Runs `f` directly, or for more than [`DEEP_STACK_PLAYERS`] players on a
/// scoped thread with 1 KiB of stack per player (only what is touched is
/// committed); directly too if that thread cannot be started.
fn with_deep_stack<T: Send>(players: usize, f: impl FnOnce() -> T + Send) -> T {
    if players <= DEEP_STACK_PLAYERS {
        return f();
    }
    let mut f = Some(f);
    let run = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("dutch-pairing".into())
            .stack_size((8 << 20) + players * 1024)
            .spawn_scoped(scope, || f.take().map(|f| f()))
            .ok()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
    });
    match run.flatten() {
        Some(t) => t,
        None => (f.take().expect("not run"))(),
    }
}

/// Pairs one round as [`pair_round`] does and explains it: for every board
/// the bracket, the floats and their reason, the colour preferences and the
/// article of Art. 5.2 that allocated the colours, the quality criteria the
/// bracket could not meet, why the PAB went to its player, and the
/// checklist of every player's data. The explanation is recorded during the
/// one pairing run.
///
/// ```
/// use qiyuan_swiss::{Colour, Edition, PairingInput, Player, pair_round_explained};
/// use qiyuan_swiss::prep::ColourRule;
/// let players = (1..=3)
///     .map(|tpn| Player {
///         tpn,
///         score: 0,
///         acceleration: 0,
///         past_acceleration: vec![],
///         history: vec![],
///         absent: false,
///     })
///     .collect();
/// let input = PairingInput {
///     players,
///     round: 1,
///     total_rounds: 3,
///     edition: Edition::Fide2026,
///     initial_colour: Colour::White,
///     win_points: 10,
///     loss_points: 0,
///     forbidden: vec![],
/// };
/// let (pairing, why) = pair_round_explained(&input).unwrap();
/// // Three players: 1-2 and the PAB to the lowest-ranked, 3.
/// assert_eq!(pairing.boards, vec![(1, 2)]);
/// assert_eq!(why.bye.as_ref().unwrap().tpn, 3);
/// // Round 1: no preferences, the initial colour to TPN 1 (odd), Art. 5.2.5.
/// assert_eq!(why.boards[0].colour_rule, ColourRule::InitialColour);
/// ```
pub fn pair_round_explained(
    input: &PairingInput,
) -> Result<(Pairing, crate::explain::Explanation), PairingError> {
    validate(input)?;
    with_deep_stack(input.players.len(), || {
        let ps = prepare(input);
        let engine = Engine::new(ps, input);
        let (pairing, engine, traces) = engine.run()?;
        let explanation = engine.explain(input, &pairing, &traces);
        Ok((pairing, explanation))
    })
}

/// What the engine did in one bracket, kept for the explanation.
struct Trace {
    score: Score,
    mdps: Vec<usize>,
    residents: Vec<usize>,
    pairs: Vec<(usize, usize)>,
    floaters: Vec<usize>,
    quality: Quality,
    /// The fewest downfloaters C1–C3 allow inside the bracket.
    local: usize,
}

fn validate(input: &PairingInput) -> Result<(), PairingError> {
    let mut seen = std::collections::HashSet::new();
    for p in &input.players {
        if p.tpn == 0 {
            return Err(PairingError::InvalidInput("TPN 0".into()));
        }
        if !seen.insert(p.tpn) {
            return Err(PairingError::InvalidInput(format!(
                "TPN {} appears twice",
                p.tpn
            )));
        }
        if p.history.len() + 1 < input.round as usize {
            return Err(PairingError::InvalidInput(format!(
                "player {} has {} rounds of history before round {}",
                p.tpn,
                p.history.len(),
                input.round
            )));
        }
    }
    if input.round == 0 {
        return Err(PairingError::InvalidInput("round 0".into()));
    }
    Ok(())
}

/// Lexicographic quality of a bracket candidate: smaller is better, fields in
/// the priority order of C.04.3 (2026) Art. 2.3–2.4.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Default)]
struct Quality {
    /// C6: number of downfloaters.
    c6: usize,
    /// C7: scores of the downfloaters, descending.
    c7: Vec<Score>,
    /// C8: the following bracket's downfloater count and scores (C6–C7 there).
    c8: (usize, Vec<Score>),
    /// C9: unplayed games of the PAB assignee.
    c9: u32,
    /// C10: topscorers or their opponents with |CD| > 2.
    c10: u32,
    /// C11: topscorers or their opponents with the same colour three times.
    c11: u32,
    /// C12: colour preferences not met.
    c12: u32,
    /// C13: strong (or absolute) colour preferences not met.
    c13: u32,
    /// C14: resident downfloaters who downfloated in the previous round.
    c14: u32,
    /// C15: MDP opponents who upfloated in the previous round.
    c15: u32,
    /// C16: resident downfloaters who downfloated two rounds before.
    c16: u32,
    /// C17: MDP opponents who upfloated two rounds before.
    c17: u32,
    /// C18: score differences of MDPs who downfloated in the previous round.
    c18: Vec<Score>,
    /// C19: score differences of MDP opponents who upfloated in the previous round.
    c19: Vec<Score>,
    /// C20: as C18, two rounds before.
    c20: Vec<Score>,
    /// C21: as C19, two rounds before.
    c21: Vec<Score>,
}

/// The part of a candidate's quality that depends on its downfloaters
/// only.
#[derive(Debug)]
struct FloatPart {
    /// C6: number of downfloaters.
    c6: usize,
    /// C7: their scores, descending.
    c7: Vec<Score>,
    /// C8: the following bracket's (C6, C7).
    c8: (usize, Vec<Score>),
    /// C9: unplayed games of the PAB assignee.
    c9: u32,
    /// C14: downfloaters who downfloated in the previous round.
    c14: u32,
    /// C16: downfloaters who downfloated two rounds before.
    c16: u32,
}

/// A hasher for sets of player indices (the keys of a search's caches):
/// a multiply-rotate mix, much cheaper than the default SipHash for keys
/// of a few words that no adversary chooses.
#[derive(Debug, Default)]
struct SetHasher(u64);

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
struct Bounds {
    /// Required (C6, C7, C8, C9).
    prefix: Option<Prefix>,
    /// Required number of downfloaters.
    floaters: Option<usize>,
    /// Upper bounds of C10, C11, C12, C13, C14, C15, C16, C17.
    counts: [Option<u32>; 8],
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

/// The pair-local part of the quality of one pair.
#[derive(Debug, Clone, Copy, Default)]
struct PairCost {
    counts: [u32; 6],          // c10, c11, c12, c13, c15, c17
    diffs: [Option<Score>; 4], // c18..c21
}

struct Engine {
    ps: Vec<Prep>,
    /// Who may not meet whom, besides C3: for each player, the sorted
    /// indices of the players excluded by C1 or a forbidden pair.
    excluded: Vec<Vec<usize>>,
    /// C3 class: 1 or 2 for a non-topscorer with an absolute preference
    /// for White or Black, 0 otherwise; two players of the same non-zero
    /// class may not meet.
    c3: Vec<u8>,
    /// Colour class of each player (played colours, topscorer).
    class: Vec<u32>,
    classes: usize,
    /// C10–C13 counts per (higher-ranked, lower-ranked) pair of colour
    /// classes, 3 bits each; `u16::MAX` when not yet known. Empty when
    /// there are too many classes.
    memo: Vec<std::cell::Cell<u16>>,
    /// When a PAB is needed: the highest score it may go to (C5).
    bye_cap: Score,
    initial: Colour,
    edition: Edition,
}

impl Engine {
    /// The compatibility of [`compatible`], kept sparse: the exclusions
    /// (C1, forbidden pairs) as lists and C3 as a class per player, so
    /// that neither time nor memory grows with the square of the players.
    /// As in [`compatible`] called with the higher-ranked player first, a
    /// game counts (C1) when the higher-ranked player's history lists it.
    fn new(ps: Vec<Prep>, input: &PairingInput) -> Self {
        let n = ps.len();
        let index: HashMap<u32, usize> = ps.iter().enumerate().map(|(i, p)| (p.tpn, i)).collect();
        let mut excluded: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, p) in ps.iter().enumerate() {
            for o in &p.opponents {
                if let Some(&j) = index.get(o)
                    && j > i
                {
                    excluded[i].push(j);
                    excluded[j].push(i);
                }
            }
        }
        for (x, y) in &input.forbidden {
            if let (Some(&i), Some(&j)) = (index.get(x), index.get(y))
                && i != j
            {
                excluded[i].push(j);
                excluded[j].push(i);
            }
        }
        for list in &mut excluded {
            list.sort_unstable();
            list.dedup();
        }
        let c3 = ps
            .iter()
            .map(|p| match (p.strength, p.pref, p.topscorer) {
                (Strength::Absolute, Some(Colour::White), false) => 1,
                (Strength::Absolute, Some(Colour::Black), false) => 2,
                _ => 0,
            })
            .collect();
        // Colour classes: the colour criteria of a pair depend on the two
        // players' played colours and topscorer status only.
        let mut ids: HashMap<(&[Colour], bool), u32> = HashMap::new();
        let class: Vec<u32> = ps
            .iter()
            .map(|p| {
                let next = ids.len() as u32;
                *ids.entry((&p.colours, p.topscorer)).or_insert(next)
            })
            .collect();
        let classes = ids.len();
        drop(ids);
        let memo = if classes <= MAX_MEMO_CLASSES {
            vec![std::cell::Cell::new(u16::MAX); classes * classes]
        } else {
            Vec::new()
        };
        let e = Engine {
            ps,
            excluded,
            c3,
            class,
            classes,
            memo,
            bye_cap: Score::MAX,
            initial: input.initial_colour,
            edition: input.edition,
        };
        debug_assert!(
            n > 200
                || (0..n).all(|i| {
                    ((i + 1)..n).all(|j| {
                        let c = compatible(&e.ps[i], &e.ps[j], &input.forbidden);
                        e.ok(i, j) == c && e.ok(j, i) == c
                    })
                })
        );
        debug_assert!(
            n > 200
                || (0..n).all(|i| {
                    ((i + 1)..n)
                        .all(|j| e.colour_counts(i, j)[..] == e.pair_cost(i, j, false).counts[..4])
                })
        );
        e
    }

    /// C10–C13 of the pair (`hi` higher-ranked, not an MDP pair), as
    /// [`Engine::pair_cost`] counts them, remembered per pair of colour
    /// classes.
    fn colour_counts(&self, hi: usize, lo: usize) -> [u32; 4] {
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

    fn ok(&self, i: usize, j: usize) -> bool {
        i != j && (self.c3[i] == 0 || self.c3[i] != self.c3[j]) && !self.excluded[i].contains(&j)
    }

    fn bye_eligible(&self, i: usize) -> bool {
        self.ps[i].bye_ok && self.ps[i].score <= self.bye_cap
    }

    /// C4 (with C2 and C5 for the PAB): can the players `rem` all be paired,
    /// except one PAB-eligible player when their number is odd?
    fn completable(&self, rem: &[usize]) -> bool {
        self.completable_without(rem, None)
    }

    /// As [`Engine::completable`], the PAB not going to `not_bye`.
    fn completable_without(&self, rem: &[usize], not_bye: Option<usize>) -> bool {
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
    fn matching_size(&self, set: &[usize]) -> usize {
        maximum_matching_size(set.len(), |a, b| self.ok(set[a], set[b]))
    }

    /// Fewest and lowest downfloaters of `set` (C6, C7 without completion):
    /// the matched vertex sets of maximum matchings are the bases of a
    /// matroid, so choosing floaters greedily from the lowest score up is
    /// optimal. Returns the floaters' scores, descending.
    fn best_floaters(&self, set: &[usize]) -> (usize, Vec<Score>) {
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

    fn run(mut self) -> Result<(Pairing, Engine, Vec<Trace>), PairingError> {
        let mut traces: Vec<Trace> = Vec::new();
        let n = self.ps.len();
        let all: Vec<usize> = (0..n).collect();
        if n % 2 == 1 && self.edition == Edition::Fide2026 {
            // C5: the lowest score a PAB assignee can have.
            let mut caps: Vec<Score> = self
                .ps
                .iter()
                .filter(|p| p.bye_ok)
                .map(|p| p.score)
                .collect();
            caps.sort();
            caps.dedup();
            let mut found = None;
            let (mut lo, mut hi) = (0usize, caps.len());
            while lo < hi {
                let mid = (lo + hi) / 2;
                self.bye_cap = caps[mid];
                if self.completable(&all) {
                    found = Some(caps[mid]);
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            self.bye_cap = found.ok_or(PairingError::NoValidPairing)?;
        } else if !self.completable(&all) {
            return Err(PairingError::NoValidPairing);
        }

        let mut idx = 0;
        let mut mdps: Vec<usize> = Vec::new();
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        let mut bye = None;
        loop {
            if idx >= n {
                match mdps.len() {
                    0 => {}
                    1 => bye = Some(mdps[0]),
                    _ => return Err(PairingError::NoValidPairing),
                }
                break;
            }
            let s = self.ps[idx].score;
            let end = (idx..n).find(|&i| self.ps[i].score != s).unwrap_or(n);
            let next_end = if end < n {
                let s2 = self.ps[end].score;
                (end..n).find(|&i| self.ps[i].score != s2).unwrap_or(n)
            } else {
                n
            };
            let residents: Vec<usize> = (idx..end).collect();
            let lower: Vec<usize> = (end..n).collect();
            let next_group: Vec<usize> = (end..next_end).collect();
            let mut search = Search::new(&self, mdps.clone(), residents.clone(), lower, next_group);
            search.run();
            let local = search.lb.c6;
            let Some((quality, bp, floaters)) = search.best else {
                return Err(PairingError::NoValidPairing);
            };
            pairs.extend(bp.iter().copied());
            let mut next_mdps = floaters.clone();
            next_mdps.sort();
            traces.push(Trace {
                score: s,
                mdps: std::mem::take(&mut mdps),
                residents,
                pairs: bp,
                floaters,
                quality,
                local,
            });
            mdps = next_mdps;
            idx = end;
        }
        let pairing = self.output(&pairs, bye);
        Ok((pairing, self, traces))
    }

    fn output(&self, pairs: &[(usize, usize)], bye: Option<usize>) -> Pairing {
        let mut boards: Vec<(usize, usize)> =
            pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
        // Board order: higher score of the pair, then the sum of scores, then
        // the ranking of the higher-ranked player.
        boards.sort_by(|&(a, b), &(c, d)| {
            let (sa, sb, sc, sd) = (
                self.ps[a].score,
                self.ps[b].score,
                self.ps[c].score,
                self.ps[d].score,
            );
            sc.max(sd)
                .cmp(&sa.max(sb))
                .then((sc + sd).cmp(&(sa + sb)))
                .then(a.cmp(&c))
        });
        Pairing {
            boards: boards
                .into_iter()
                .map(|(hi, lo)| {
                    let c = colour_of_higher(&self.ps[hi], &self.ps[lo], self.initial);
                    if c == Colour::White {
                        (self.ps[hi].tpn, self.ps[lo].tpn)
                    } else {
                        (self.ps[lo].tpn, self.ps[hi].tpn)
                    }
                })
                .collect(),
            bye: bye.map(|b| self.ps[b].tpn),
        }
    }

    /// The explanation of the pairing made, from the brackets' traces.
    fn explain(
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

    /// The pair-local criteria of the pair (hi, lo), `hi` higher-ranked;
    /// `mdp` when `hi` is an MDP paired with a resident.
    fn pair_cost(&self, hi: usize, lo: usize, mdp: bool) -> PairCost {
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

/// The search for the best candidate of one bracket.
struct Search<'e> {
    e: &'e Engine,
    mdps: Vec<usize>,
    res: Vec<usize>,
    lower: Vec<usize>,
    next_group: Vec<usize>,
    lb: Quality,
    best: Option<Found>,
    bounds: Bounds,
    /// `First`: stop at the first candidate within `bounds`; `Best`: keep the
    /// best candidate within `bounds`.
    first: bool,
    nodes: u64,
    budget: u64,
    stop: bool,
    stack: Vec<(usize, usize, PairCost)>,
    /// How many pairs at the bottom of `stack` are MDP pairs.
    mdp_pairs: usize,
    acc: [u32; 6],
    acc_diffs: usize,
    /// The floater part of the quality of each downfloater set met.
    float_parts: HashMap<Vec<usize>, Rc<FloatPart>, BuildHasherDefault<SetHasher>>,
    /// The downfloaters of the leaf being evaluated (reused).
    scratch: Vec<usize>,
    /// Set when a leaf was resolved in the current `homogeneous` call.
    resolved: bool,
    /// The look-ahead of the transposition being searched.
    look: Option<LookState>,
}

impl<'e> Search<'e> {
    fn new(
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

    fn bracket(&self) -> Vec<usize> {
        self.mdps.iter().chain(&self.res).copied().collect()
    }

    /// A lower bound of every criterion; a candidate reaching it is optimal.
    fn lower_bound(&self) -> Quality {
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
    fn colour_bounds(&self, k: usize) -> (u32, u32) {
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

    /// Finds the best candidate: first the optimal C6–C9 over the possible
    /// downfloater sets, then, criterion after criterion (C10–C17), the
    /// smallest value some candidate reaches, and finally the first candidate
    /// in generation order that reaches all of them (Art. 3.8, Art. 4).
    fn run(&mut self) {
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

    /// The look-ahead of a transposition search: a minimum-cost assignment
    /// of S1 to S2 whose cost packs the bounded criteria among C10-C13 (and
    /// C14/C16 through one dummy row per S2 player left to float)
    /// lexicographically, base-`base` digits, C10 most significant. With the
    /// higher criteria at their optimum the test is exact for the last one.
    ///
    /// Only the answer of [`Search::within_bounds`] matters, so the
    /// assignment is solved lazily ([`LookState`]).
    fn look_ahead(&mut self, s1: &[usize], s2: &[usize]) -> Option<LookState> {
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
    fn within_bounds(&mut self, limbo: &[usize]) -> bool {
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

    /// The criteria of a candidate that depend on its downfloaters only
    /// (C6–C9, C14, C16), computed once per downfloater set.
    fn float_part(&mut self, floaters: &[usize]) -> Rc<FloatPart> {
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
    fn diffs(&self) -> [Vec<Score>; 4] {
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
    fn counts(&self, part: &FloatPart) -> [u32; 8] {
        let [c10, c11, c12, c13, c15, c17] = self.acc;
        [c10, c11, c12, c13, part.c14, c15, part.c16, c17]
    }

    fn quality(&mut self, floaters: &[usize]) -> Quality {
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
struct LookShared {
    s1: Vec<usize>,
    s2: Vec<usize>,
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
struct FixLog {
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
struct LookState {
    sh: LookShared,
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
    fn enter(&mut self, e: &Engine, i: usize, j: usize) -> Option<FixLog> {
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
    fn leave(&mut self, i: usize, log: Option<FixLog>) {
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

/// The C14 (slot 4) or C16 (slot 6) cost of `b` floating.
fn float_digit(e: &Engine, slot: usize, b: usize) -> u64 {
    match slot {
        4 => u64::from(e.ps[b].floats[0] == Float::Down),
        6 => u64::from(e.ps[b].floats[1] == Float::Down),
        _ => 0,
    }
}

/// Advances `comb` (ascending indices below `n`) to the next combination in
/// lexicographic order (Art. 4.4: {1,3} < {1,4} < {3,4}).
fn next_combination(comb: &mut [usize], n: usize) -> bool {
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

fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
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

fn binomial(n: usize, k: usize) -> u64 {
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
fn exchanges(n1: usize, n2: usize, k: usize) -> Box<dyn Iterator<Item = (Vec<usize>, Vec<usize>)>> {
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
