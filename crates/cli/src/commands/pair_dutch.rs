//! `qiyuan pair --dutch IN.trf -p [OUT]`: pair the next round of a TRF by the
//! FIDE (Dutch) System, C.04.3, with the JaVaFo/bbpPairings command-line
//! conventions.
//!
//! Output: the number of pairs (the PAB counts as one), then `white black` per
//! board in board order, the PAB written `id 0`.
//!
//! Exit codes (those of JaVaFo/bbpPairings): 0 paired, 1 no valid pairing
//! (C.04.3 Art. 1.9), 3 invalid input, 5 file error.

use std::path::Path;
use std::process::ExitCode;

use qiyuan_formats::trf_swiss::{input_for_next_round, write_pairing};
use qiyuan_swiss::{Edition, PairingError, pair_round};

/// Exit code: the round was paired.
const EXIT_OK: u8 = 0;
/// Exit code: no pairing complies with the absolute criteria.
const EXIT_NO_PAIRING: u8 = 1;
/// Exit code: the TRF is not a valid pairing input.
const EXIT_INVALID_INPUT: u8 = 3;
/// Exit code: a file could not be read or written.
const EXIT_FILE_ERROR: u8 = 5;

/// Pairs the round after the last one in `input` (a TRF file) and writes the
/// pairing to `output`, or to standard output when `None`. `edition`
/// selects the 2026 rules (default) or the 2017 ones. Messages go to
/// standard error; the result is the process exit code.
pub fn run_dutch(input: &Path, output: Option<&Path>, edition: Edition) -> ExitCode {
    let text = match std::fs::read(input) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            eprintln!("qiyuan pair --dutch: cannot read {}: {e}", input.display());
            return ExitCode::from(EXIT_FILE_ERROR);
        }
    };
    let pairing_input = match input_for_next_round(&text, edition) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("qiyuan pair --dutch: {}: {e}", input.display());
            return ExitCode::from(EXIT_INVALID_INPUT);
        }
    };
    let pairing = match pair_round(&pairing_input) {
        Ok(p) => p,
        Err(e @ PairingError::NoValidPairing) => {
            eprintln!("qiyuan pair --dutch: round {}: {e}", pairing_input.round);
            return ExitCode::from(EXIT_NO_PAIRING);
        }
        Err(e) => {
            eprintln!("qiyuan pair --dutch: {}: {e}", input.display());
            return ExitCode::from(EXIT_INVALID_INPUT);
        }
    };
    let out = write_pairing(&pairing);
    match output {
        Some(path) => {
            if let Err(e) = std::fs::write(path, out) {
                eprintln!("qiyuan pair --dutch: cannot write {}: {e}", path.display());
                return ExitCode::from(EXIT_FILE_ERROR);
            }
        }
        None => print!("{out}"),
    }
    ExitCode::from(EXIT_OK)
}
