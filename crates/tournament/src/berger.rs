//! Round-robin schedules from the FIDE Berger tables (FIDE Handbook C.05,
//! Annex 1).
//!
//! For `n` players (`n` even; an odd field uses the table of `n + 1` and the
//! player drawn against `n + 1` has the bye) the table has `n − 1` rounds of
//! `n / 2` boards. In round `r` the player facing `n` on board 1 is
//! `p = ((r − 1)·n/2 mod (n − 1)) + 1`; `n` has Black in odd rounds and
//! White in even rounds; on board `k` (2 ≤ k ≤ n/2) White is `p + (k − 1)`
//! and Black `p − (k − 1)`, both counted cyclically over `1 … n − 1`.
//!
//! ```
//! use qiyuan_tournament::berger::{berger_round, Pairing};
//! // FIDE table for 3 or 4 players, round 2: 4-3 1-2.
//! assert_eq!(berger_round(4, 2), vec![Pairing::Game(4, 3), Pairing::Game(1, 2)]);
//! ```

use std::fmt;

/// One board of a Berger round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pairing {
    /// A game: White's number, then Black's.
    Game(u32, u32),
    /// The player without an opponent (odd number of players).
    Bye(u32),
}

impl fmt::Display for Pairing {
    /// `a-b` (White first) or `x-bye`, the format of the FIDE tables.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pairing::Game(w, b) => write!(f, "{w}-{b}"),
            Pairing::Bye(p) => write!(f, "{p}-bye"),
        }
    }
}

/// Number of rounds of one cycle for `players` participants.
pub fn cycle_rounds(players: u32) -> u32 {
    let n = players + players % 2;
    n.saturating_sub(1)
}

/// Round `round` (1-based, `1 ..= cycle_rounds(players)`) of the single
/// round-robin Berger table for `players` participants, board 1 first.
/// Returns an empty list when `players < 2` or the round is out of range.
pub fn berger_round(players: u32, round: u32) -> Vec<Pairing> {
    let n = players + players % 2;
    if players < 2 || round == 0 || round > n - 1 {
        return Vec::new();
    }
    let m = n - 1;
    // Cyclic position over 1..=m.
    let wrap = |x: i64| -> u32 { (x - 1).rem_euclid(m as i64) as u32 + 1 };
    let p = ((round - 1) * (n / 2)) % m + 1;
    let mut boards = Vec::with_capacity(n as usize / 2);
    let last = if round % 2 == 1 { (p, n) } else { (n, p) };
    boards.push(last);
    for k in 2..=n / 2 {
        let d = i64::from(k - 1);
        boards.push((wrap(i64::from(p) + d), wrap(i64::from(p) - d)));
    }
    boards
        .into_iter()
        .map(|(w, b)| {
            if players % 2 == 1 && (w == n || b == n) {
                Pairing::Bye(if w == n { b } else { w })
            } else {
                Pairing::Game(w, b)
            }
        })
        .collect()
}

/// A complete schedule of `cycles` cycles. In every even cycle the colours of
/// the first cycle are reversed (C.05: the second cycle repeats the table with
/// colours reversed). With `swap_last_two` the last two rounds of every odd
/// cycle before another cycle are exchanged, as C.05 Annex 1 recommends for
/// double round robins so that no player gets the same colour three times
/// running across the cycle boundary.
pub fn schedule(players: u32, cycles: u32, swap_last_two: bool) -> Vec<Vec<Pairing>> {
    let per = cycle_rounds(players);
    let mut first: Vec<Vec<Pairing>> = (1..=per).map(|r| berger_round(players, r)).collect();
    let mut out = Vec::new();
    for c in 0..cycles {
        let mut cycle = first.clone();
        if c % 2 == 1 {
            for round in &mut cycle {
                for b in round.iter_mut() {
                    if let Pairing::Game(w, bl) = *b {
                        *b = Pairing::Game(bl, w);
                    }
                }
            }
        } else if swap_last_two && c + 1 < cycles && per >= 2 {
            cycle.swap(per as usize - 1, per as usize - 2);
        }
        out.extend(cycle);
    }
    first.clear();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn every_pair_once_and_colour_balance() {
        for n in 2..=20u32 {
            let mut met = HashMap::new();
            let mut whites = vec![0i32; n as usize + 2];
            for r in 1..=cycle_rounds(n) {
                for b in berger_round(n, r) {
                    if let Pairing::Game(w, bl) = b {
                        assert!(met.insert((w.min(bl), w.max(bl)), r).is_none());
                        whites[w as usize] += 1;
                        whites[bl as usize] -= 1;
                    }
                }
            }
            let games = n * (n - 1) / 2;
            assert_eq!(met.len() as u32, games, "n={n}");
            // Berger property: colour difference at most 1 for everyone.
            assert!(whites.iter().all(|d| d.abs() <= 1), "n={n}");
        }
    }

    #[test]
    fn double_round_robin_meets_twice_with_both_colours() {
        for n in 3..=16u32 {
            let s = schedule(n, 2, true);
            assert_eq!(s.len() as u32, 2 * cycle_rounds(n));
            let mut seen = HashMap::new();
            for round in &s {
                for b in round {
                    if let Pairing::Game(w, bl) = *b {
                        *seen.entry((w, bl)).or_insert(0) += 1;
                    }
                }
            }
            for a in 1..=n {
                for b in 1..=n {
                    if a != b {
                        assert_eq!(seen.get(&(a, b)), Some(&1), "n={n} {a}-{b}");
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod double_tests {
    use super::*;

    /// C.05 Annex 1's reason for exchanging the last two rounds of the first
    /// cycle: nobody gets the same colour three times running.
    #[test]
    fn no_three_same_colours_in_a_row_across_cycles() {
        for n in 3..=16u32 {
            let s = schedule(n, 2, true);
            for p in 1..=n {
                let colours: Vec<Option<bool>> = s
                    .iter()
                    .map(|round| {
                        round
                            .iter()
                            .find_map(|b| match *b {
                                Pairing::Game(w, _) if w == p => Some(Some(true)),
                                Pairing::Game(_, bl) if bl == p => Some(Some(false)),
                                _ => None,
                            })
                            .flatten()
                    })
                    .collect();
                for w in colours.windows(3) {
                    let ok = !(w[0].is_some() && w[0] == w[1] && w[1] == w[2]);
                    assert!(ok, "n={n} player {p}: {colours:?}");
                }
            }
        }
    }
}
