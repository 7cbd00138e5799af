//! `qiyuan pair --dutch IN.trf -p [OUT]`: pair the next round of a TRF by the
//! FIDE (Dutch) System, C.04.3, with the JaVaFo/bbpPairings command-line
//! conventions.
//!
//! Output: the number of pairs (the PAB counts as one), then `white black` per
//! board in board order, the PAB written `id 0`.
//!
//! Exit codes (those of JaVaFo/bbpPairings): 0 paired, 1 no valid pairing
//! (C.04.3 Art. 1.9), 3 invalid input, 5 file error.
//!
//! Also the checker (`--dutch IN.trf -c`, [`run_check`]: exit 0 when every
//! round agrees, 1 when some differ) and the random tournament generator
//! (`-g [CONFIG] -o OUT.trf [-s SEED]`, [`run_generate`]).

use std::path::Path;
use std::process::ExitCode;

use qiyuan_formats::swiss_check::{RoundDifference, check_tournament};
use qiyuan_formats::swiss_generate::generated_to_trf;
use qiyuan_formats::trf_swiss::{input_for_next_round, write_pairing};
use qiyuan_swiss::generator::{GeneratorConfig, generate};
use qiyuan_swiss::{Edition, PairingError, pair_round};

/// Exit code: the round was paired.
const EXIT_OK: u8 = 0;
/// Exit code: no pairing complies with the absolute criteria; with `-c`,
/// some round differs from the file.
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
    let text = match read_text(input, "--dutch") {
        Ok(text) => text,
        Err(code) => return code,
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
    write_or_print(output, &write_pairing(&pairing), "--dutch")
}

fn read_text(path: &Path, what: &str) -> Result<String, ExitCode> {
    match std::fs::read(path) {
        Ok(bytes) => Ok(String::from_utf8_lossy(&bytes).into_owned()),
        Err(e) => {
            eprintln!("qiyuan pair {what}: cannot read {}: {e}", path.display());
            Err(ExitCode::from(EXIT_FILE_ERROR))
        }
    }
}

/// Writes `text` to `path` (atomically: a reader never sees half a pairing)
/// or to standard output.
fn write_or_print(path: Option<&Path>, text: &str, what: &str) -> ExitCode {
    match path {
        Some(path) => {
            if let Err(e) = super::output::write_atomically(path, text.as_bytes()) {
                eprintln!("qiyuan pair {what}: {e:#}");
                return ExitCode::from(EXIT_FILE_ERROR);
            }
        }
        None => print!("{text}"),
    }
    ExitCode::from(EXIT_OK)
}

fn boards_text(boards: &[(u32, u32)], bye: Option<u32>) -> String {
    let mut parts: Vec<String> = boards.iter().map(|(w, b)| format!("{w}-{b}")).collect();
    if let Some(b) = bye {
        parts.push(format!("{b}-bye"));
    }
    if parts.is_empty() {
        "(none)".into()
    } else {
        parts.join(" ")
    }
}

fn difference_line(d: &RoundDifference) -> String {
    let file_bye = (d.file_bye != d.engine_bye).then_some(d.file_bye).flatten();
    let engine_bye = (d.file_bye != d.engine_bye)
        .then_some(d.engine_bye)
        .flatten();
    let engine = match &d.engine_error {
        Some(e) => e.clone(),
        None => boards_text(&d.engine_only, engine_bye),
    };
    format!(
        "round {}: file {}, engine {}\n",
        d.round,
        boards_text(&d.file_only, file_bye),
        engine
    )
}

/// `--dutch IN.trf -c`: re-pairs every round of `input` and reports, one
/// line per round, the boards (`white-black`, PAB `id-bye`) where the file
/// and the engine differ, then a summary line. Exit 0 when all rounds
/// agree, 1 when some differ, 3 invalid input, 5 file error.
pub fn run_check(input: &Path, output: Option<&Path>, edition: Edition) -> ExitCode {
    let text = match read_text(input, "--dutch -c") {
        Ok(t) => t,
        Err(code) => return code,
    };
    let report = match check_tournament(&text, edition) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("qiyuan pair --dutch -c: {}: {e}", input.display());
            return ExitCode::from(EXIT_INVALID_INPUT);
        }
    };
    let mut out: String = report.differences.iter().map(difference_line).collect();
    out.push_str(&format!(
        "{} of {} rounds differ\n",
        report.differences.len(),
        report.rounds_checked
    ));
    let code = write_or_print(output, &out, "--dutch -c");
    if code != ExitCode::from(EXIT_OK) {
        return code;
    }
    if report.all_agree() {
        ExitCode::from(EXIT_OK)
    } else {
        ExitCode::from(EXIT_NO_PAIRING)
    }
}

/// `-g [CONFIG] -o OUT [-s SEED]`: simulates a tournament (configuration
/// from the `key=value` file `config`, defaults otherwise) and writes it as
/// TRF-2026 to `output` or standard output. Exit 0 written, 3 invalid
/// configuration, 5 file error.
pub fn run_generate(config: Option<&Path>, output: Option<&Path>, seed: Option<u64>) -> ExitCode {
    let cfg = match config {
        Some(path) => {
            let text = match read_text(path, "-g") {
                Ok(t) => t,
                Err(code) => return code,
            };
            match GeneratorConfig::parse(&text) {
                Ok(c) => c,
                Err(e) => {
                    eprintln!("qiyuan pair -g: {}: {e}", path.display());
                    return ExitCode::from(EXIT_INVALID_INPUT);
                }
            }
        }
        None => GeneratorConfig::default(),
    };
    let seed = seed.unwrap_or_else(|| {
        let s = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        eprintln!("qiyuan pair -g: seed {s}");
        s
    });
    let tournament = match generate(&cfg, seed) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("qiyuan pair -g: {e}");
            return ExitCode::from(EXIT_INVALID_INPUT);
        }
    };
    if tournament.rounds_played() < cfg.rounds as usize {
        eprintln!(
            "qiyuan pair -g: round {} has no valid pairing (C.04.3 Art. 1.9); {} rounds written",
            tournament.rounds_played() + 1,
            tournament.rounds_played()
        );
    }
    match generated_to_trf(&tournament).write_trf2026() {
        Ok(text) => write_or_print(output, &text, "-g"),
        Err(e) => {
            eprintln!("qiyuan pair -g: {e}");
            ExitCode::from(EXIT_INVALID_INPUT)
        }
    }
}
