//! Fuzz target for the TRF → Dutch pairing path.
//!
//! Property: reading a TRF and pairing its next round never panics, under
//! either edition; every failure is an error value (invalid input, or no
//! valid pairing, C.04.3 Art. 1.9); a pairing found pairs every present
//! player at most once and gives the PAB only with an odd number of them;
//! the explained pairing is the same pairing, explained board by board.
//!
//! Time is bounded by the size of what is accepted: at most 24 players and
//! round 12 (larger inputs are skipped), so a run never hangs on a bracket
//! search.
//!
//! Run: `cd fuzz && cargo +nightly fuzz run trf_pairing -- -max_total_time=600`
//! (seed the corpus with `../testdata/swiss/small/*.trf`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use qiyuan_formats::trf_swiss::{input_for_next_round, write_pairing};
use qiyuan_swiss::{Edition, PairingError, pair_round, pair_round_explained};

/// Largest number of players paired.
const MAX_PLAYERS: usize = 24;
/// Largest round number paired.
const MAX_ROUND: u32 = 12;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for edition in [Edition::Fide2026, Edition::Fide2017] {
        let Ok(input) = input_for_next_round(text, edition) else {
            return;
        };
        if input.players.len() > MAX_PLAYERS || input.round > MAX_ROUND {
            return;
        }
        let explained = pair_round_explained(&input);
        match &explained {
            Ok((p, why)) => {
                // The explanation covers every board and the PAB, and the
                // pairing is the one pair_round gives.
                assert_eq!(why.boards.len(), p.boards.len());
                assert_eq!(why.bye.as_ref().map(|b| b.tpn), p.bye);
                assert_eq!(pair_round(&input).as_ref(), Ok(p));
            }
            Err(e) => assert_eq!(pair_round(&input).as_ref(), Err(e)),
        }
        match explained.map(|(p, _)| p) {
            Ok(p) => {
                let present: Vec<u32> = input
                    .players
                    .iter()
                    .filter(|p| !p.absent)
                    .map(|p| p.tpn)
                    .collect();
                let mut seen: Vec<u32> = p
                    .boards
                    .iter()
                    .flat_map(|&(w, b)| [w, b])
                    .chain(p.bye)
                    .collect();
                seen.sort_unstable();
                let n = seen.len();
                seen.dedup();
                assert_eq!(seen.len(), n, "a player paired twice: {p:?}");
                assert!(seen.iter().all(|t| present.contains(t)), "{p:?}");
                assert_eq!(p.bye.is_some(), present.len() % 2 == 1, "{p:?}");
                assert!(!write_pairing(&p).is_empty());
            }
            Err(PairingError::NoValidPairing) => {}
            Err(PairingError::InvalidInput(msg)) => assert!(!msg.is_empty()),
        }
    }
});
