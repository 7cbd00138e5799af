//! The FIDE (Dutch) System, C.04.3: bracket-by-bracket pairing.
//!
//! For every bracket (Art. 1.3) the engine looks for the candidate that is
//! best by the quality criteria C5–C21 taken in their order, and among equally
//! good candidates the first one in the generation order of Article 4
//! (MDP sets 4.4, S2 transpositions 4.2, resident exchanges 4.3). This is the
//! candidate the Article 3 procedure selects: a perfect candidate is optimal,
//! and Art. 3.8 breaks ties by generation order.
//!
//! This module holds the entry ([`pair_round`], [`pair_round_explained`]:
//! the input checked, a thread with a deep stack for a large round) and the
//! `Engine`, which keeps the compatibility of the players (C1, C3,
//! forbidden pairs) sparse, finds the lowest score the PAB can go to (C5),
//! pairs the brackets from the highest score down (each bracket's
//! downfloaters are the next one's MDPs) and writes the boards in order
//! with their colours (Art. 5.2). The jobs of a bracket's pairing live in
//! the submodules:
//! * `completion`: completion (C4, with C2 and C5 for the PAB) by a
//!   maximum matching, and the fewest downfloaters C1–C3 allow (C6, C7);
//! * `quality`: the quality criteria C6–C21 of a candidate, pair by pair
//!   and per downfloater set, and their lower bounds;
//! * `search`: the candidates of one bracket in the generation order of
//!   Article 4, pruned against the bounds of the criteria, and the one
//!   kept (Art. 3.8);
//! * `lookahead`: the look-ahead on the colour and float criteria C10–C16
//!   that prunes the S2 transpositions (Art. 4.2);
//! * `exchanges`: combinations in lexicographic order (the MDP sets of
//!   Art. 4.4) and the resident exchanges in the order of Art. 4.3;
//! * `explanation`: the explanation of the pairing, from what the engine
//!   did in each bracket.

mod completion;
mod exchanges;
mod explanation;
mod lookahead;
mod quality;
mod search;

use std::collections::HashMap;

use crate::model::{Colour, Edition, Pairing, PairingError, PairingInput, Score};
use crate::prep::{Prep, Strength, colour_of_higher, compatible, prepare};

use explanation::Trace;
use search::Search;

/// Most colour classes whose pair costs are remembered (a table of the
/// square of it).
const MAX_MEMO_CLASSES: usize = 1024;

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

    fn ok(&self, i: usize, j: usize) -> bool {
        i != j && (self.c3[i] == 0 || self.c3[i] != self.c3[j]) && !self.excluded[i].contains(&j)
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
}
