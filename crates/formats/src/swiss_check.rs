//! The pairing checker (the JaVaFo/bbpPairings `-c` option): re-pairs every
//! round of a complete tournament with the FIDE (Dutch) engine and lists the
//! rounds whose pairs, colours or pairing-allocated bye differ from the file.
//!
//! ```
//! use qiyuan_formats::swiss_check::check_tournament;
//! use qiyuan_swiss::Edition;
//! let trf = "XXR 1\n\
//! 001    1      A                                 2000                             1.0    1     2 w 1\n\
//! 001    2      B                                 1900                             0.0    2     1 b 0\n";
//! let report = check_tournament(trf, Edition::Fide2026).unwrap();
//! assert_eq!(report.rounds_checked, 1);
//! assert!(report.all_agree());
//! ```

use qiyuan_swiss::{Edition, pair_round};

use crate::trf_swiss::{TrfSwissError, cut_cases};

/// One round where the engine and the file disagree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundDifference {
    /// The round.
    pub round: u32,
    /// `(white, black)` boards of the file that the engine did not make.
    pub file_only: Vec<(u32, u32)>,
    /// `(white, black)` boards the engine made that the file does not have.
    pub engine_only: Vec<(u32, u32)>,
    /// The PAB in the file.
    pub file_bye: Option<u32>,
    /// The PAB given by the engine.
    pub engine_bye: Option<u32>,
    /// The engine's error, when it could not pair the round at all.
    pub engine_error: Option<String>,
}

/// The result of checking a whole tournament.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CheckReport {
    /// Rounds compared (the rounds present in the file).
    pub rounds_checked: usize,
    /// The rounds that differ, in round order.
    pub differences: Vec<RoundDifference>,
}

impl CheckReport {
    /// `true` when every round agrees.
    pub fn all_agree(&self) -> bool {
        self.differences.is_empty()
    }
}

/// Re-pairs every round of `text` (a TRF) under `edition` and compares with
/// what the file holds. Rounds announced (`XXR`/`142`) but not played are
/// not compared.
pub fn check_tournament(text: &str, edition: Edition) -> Result<CheckReport, TrfSwissError> {
    let mut report = CheckReport::default();
    for case in cut_cases(text, edition)? {
        let Some(expected) = case.expected else {
            continue;
        };
        report.rounds_checked += 1;
        let (mut boards, bye, engine_error) = match pair_round(&case.input) {
            Ok(p) => (p.boards, p.bye, None),
            Err(e) => (Vec::new(), None, Some(e.to_string())),
        };
        boards.sort();
        if boards == expected.boards && bye == expected.bye && engine_error.is_none() {
            continue;
        }
        report.differences.push(RoundDifference {
            round: case.round,
            file_only: expected
                .boards
                .iter()
                .filter(|b| !boards.contains(b))
                .copied()
                .collect(),
            engine_only: boards
                .iter()
                .filter(|b| !expected.boards.contains(b))
                .copied()
                .collect(),
            file_bye: expected.bye,
            engine_bye: bye,
            engine_error,
        });
    }
    Ok(report)
}
