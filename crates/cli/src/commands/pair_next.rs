//! `qiyuan pair --next IN.trf`: pair the next round of an event through the
//! tournament model — the arbiter's desk of the web application, on the
//! command line — and write the event back as TRF with the new round
//! appended (results pending).
//!
//! Unlike `--dutch`, which feeds the engine straight from the TRF records
//! for the JaVaFo/bbpPairings command line, this path reads the TRF into
//! the tournament model (`qiyuan_desk`), pairs by the event's system (the
//! Dutch Swiss of C.04.3, or the Berger round robin of C.05 Annex 1) with
//! its withdrawals, requested byes and forbidden pairs, and writes the whole
//! event again: the round the web desk would pair, ready for results.
//!
//! Exit codes as `--dutch`: 0 paired, 1 no valid pairing (C.04.3 Art. 1.9),
//! 3 invalid input (or nothing left to pair), 5 file error.

use std::path::Path;
use std::process::ExitCode;

use crate::say::{self, error_text, t};
use qiyuan_desk::export::{event_from_trf, trf};
use qiyuan_desk::{DeskError, DutchEdition, EventSettings, GameKind, System};

/// Exit code: no pairing complies with the absolute criteria.
const EXIT_NO_PAIRING: u8 = 1;
/// Exit code: the TRF is not a valid event, or nothing is left to pair.
const EXIT_INVALID_INPUT: u8 = 3;
/// Exit code: a file could not be read or written.
const EXIT_FILE_ERROR: u8 = 5;

/// What the TRF does not say about the event.
#[derive(Debug, Clone, Copy)]
pub struct NextRound {
    /// Xiangqi or chess (scoring and tie-break defaults).
    pub game: GameKind,
    /// `true` for a round robin (Berger tables), `false` for the Dutch Swiss.
    pub round_robin: bool,
    /// The edition of C.04.3 for a Swiss.
    pub edition: DutchEdition,
}

/// Pairs the round after the last one of `input` and writes the event, with
/// that round appended, to `output` (atomically) or standard output. A
/// one-line summary goes to standard error. The result is the exit code.
pub fn run_next(input: &Path, output: Option<&Path>, how: NextRound) -> ExitCode {
    let text = match std::fs::read(input) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            let (file, e) = (input.display(), error_text(&e));
            eprintln!(
                "{}",
                t(
                    format!("qiyuan pair --next: cannot read {file}: {e}"),
                    format!("qiyuan pair --next：无法读取 {file}：{e}"),
                )
            );
            return ExitCode::from(EXIT_FILE_ERROR);
        }
    };
    let name = input
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut settings = if how.round_robin {
        EventSettings::round_robin(name, how.game, 1)
    } else {
        EventSettings::swiss(name, how.game, 0)
    };
    if let System::Swiss { edition, .. } = &mut settings.system {
        *edition = how.edition;
    }
    let mut event = match event_from_trf(&text, settings) {
        Ok(event) => event,
        Err(e) => {
            eprintln!(
                "qiyuan pair --next{sep}{}{sep}{}",
                input.display(),
                error_text(&e),
                sep = t(": ", "："),
            );
            return ExitCode::from(EXIT_INVALID_INPUT);
        }
    };
    let proposed = match event.pair_next_round() {
        Ok(p) => p,
        Err(e @ DeskError::NoValidPairing { .. }) => {
            eprintln!(
                "qiyuan pair --next{sep}{}{sep}{}",
                input.display(),
                error_text(&e),
                sep = t(": ", "："),
            );
            return ExitCode::from(EXIT_NO_PAIRING);
        }
        Err(e) => {
            eprintln!(
                "qiyuan pair --next{sep}{}{sep}{}",
                input.display(),
                error_text(&e),
                sep = t(": ", "："),
            );
            return ExitCode::from(EXIT_INVALID_INPUT);
        }
    };
    let written = event
        .apply_round(&proposed)
        .and_then(|_| trf(&event, false));
    let text = match written {
        Ok(text) => text,
        Err(e) => {
            eprintln!(
                "qiyuan pair --next{sep}{}{sep}{}",
                input.display(),
                error_text(&e),
                sep = t(": ", "："),
            );
            return ExitCode::from(EXIT_INVALID_INPUT);
        }
    };
    let byes: Vec<String> = proposed.byes.iter().map(|(id, _)| id.to_string()).collect();
    let (round, boards) = (proposed.round, proposed.boards.len());
    eprintln!(
        "{}",
        if byes.is_empty() {
            t(
                format!("round {round} paired: {boards} boards"),
                format!("第 {round} 轮已编排：{boards} 台"),
            )
        } else {
            let byes = byes.join(" ");
            t(
                format!("round {round} paired: {boards} boards, byes: {byes}"),
                format!("第 {round} 轮已编排：{boards} 台，轮空：{byes}"),
            )
        }
    );
    match output {
        Some(path) => match super::output::write_atomically(path, text.as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("qiyuan pair --next{}{}", t(": ", "："), say::chain_text(&e));
                ExitCode::from(EXIT_FILE_ERROR)
            }
        },
        None => {
            print!("{text}");
            ExitCode::SUCCESS
        }
    }
}
