//! `qiyuan pair --next IN.trf`: the next round paired through the tournament
//! model (the web desk's path) and appended to the event, against the
//! reference engine's answer in `testdata/swiss/large/` and the FIDE
//! Berger tables in `testdata/berger/`.

use std::path::PathBuf;
use std::process::{Command, Output};

fn shared(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(path)
}

fn qiyuan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(args)
        .output()
        .expect("run qiyuan")
}

/// The round columns (`oooo c r`, 10 characters each from column 92) of
/// each player line of a TRF, by pairing number.
fn rounds_of(trf: &str) -> Vec<(u32, Vec<String>)> {
    trf.lines()
        .filter(|l| l.starts_with("001"))
        .map(|l| {
            let id = l[4..8].trim().parse().unwrap();
            let body = l.get(91..).unwrap_or("").trim_end();
            let cells = (0..body.len())
                .step_by(10)
                .map(|i| body[i..(i + 8).min(body.len())].to_string())
                .collect();
            (id, cells)
        })
        .collect()
}

/// The (white, black) pairs of one round, the bye written `(id, 0)`.
fn pairs_of_round(rounds: &[(u32, Vec<String>)], round: usize) -> Vec<(u32, u32)> {
    let mut pairs = Vec::new();
    for (id, cells) in rounds {
        let cell = &cells[round - 1];
        let opponent: u32 = cell[..4].trim().parse().unwrap();
        match cell.as_bytes()[5] {
            b'w' => pairs.push((*id, opponent)),
            b'-' if opponent == 0 => pairs.push((*id, 0)),
            _ => {}
        }
    }
    pairs.sort_unstable();
    pairs
}

#[test]
fn the_next_swiss_round_is_the_reference_engines() {
    let input = shared("swiss/large/s100.trf");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("next.trf");
    let run = qiyuan(&[
        "pair",
        "--next",
        input.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );

    // s100.expected: the pair count, then `white black` per board.
    let expected_text = std::fs::read_to_string(shared("swiss/large/s100.expected")).unwrap();
    let numbers: Vec<u32> = expected_text
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    let mut expected: Vec<(u32, u32)> = numbers[1..].chunks(2).map(|p| (p[0], p[1])).collect();
    expected.sort_unstable();
    assert_eq!(expected.len() as u32, numbers[0]);

    let before = rounds_of(&std::fs::read_to_string(&input).unwrap());
    let after = rounds_of(&std::fs::read_to_string(&out).unwrap());
    let played = before[0].1.len();
    assert_eq!(after[0].1.len(), played + 1, "one round appended");
    assert_eq!(pairs_of_round(&after, played + 1), expected);
    // The rounds already played are written back as they were.
    for round in 1..=played {
        assert_eq!(
            pairs_of_round(&after, round),
            pairs_of_round(&before, round),
            "round {round}"
        );
    }
}

#[test]
fn a_round_robin_starts_with_the_berger_tables_first_round() {
    // Six players of s100.trf, without their rounds: a fresh event.
    let source = std::fs::read_to_string(shared("swiss/large/s100.trf")).unwrap();
    let mut trf = String::from("012 Round robin of six\n");
    for line in source.lines().filter(|l| l.starts_with("001")).take(6) {
        trf.push_str(&line[..79]);
        trf.push('\n');
    }
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("rr.trf");
    std::fs::write(&input, &trf).unwrap();
    let run = qiyuan(&[
        "pair",
        "--next",
        input.to_str().unwrap(),
        "--system",
        "round-robin",
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let written = String::from_utf8(run.stdout).unwrap();

    // berger-6.txt, round 1: `1-6 2-5 3-4`, White first.
    let table = std::fs::read_to_string(shared("berger/berger-6.txt")).unwrap();
    let first = table.lines().find(|l| l.starts_with("round 1:")).unwrap();
    let mut expected: Vec<(u32, u32)> = first["round 1:".len()..]
        .split_whitespace()
        .map(|p| {
            let (w, b) = p.split_once('-').unwrap();
            (w.parse().unwrap(), b.parse().unwrap())
        })
        .collect();
    expected.sort_unstable();
    assert_eq!(pairs_of_round(&rounds_of(&written), 1), expected);

    // A round robin's rounds are known in advance: round 2 is paired from
    // the written file, results pending or not (berger-6.txt, round 2).
    let paired = dir.path().join("paired.trf");
    std::fs::write(&paired, &written).unwrap();
    let again = qiyuan(&[
        "pair",
        "--next",
        paired.to_str().unwrap(),
        "--system",
        "round-robin",
    ]);
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    let second = table.lines().find(|l| l.starts_with("round 2:")).unwrap();
    let mut expected: Vec<(u32, u32)> = second["round 2:".len()..]
        .split_whitespace()
        .map(|p| {
            let (w, b) = p.split_once('-').unwrap();
            (w.parse().unwrap(), b.parse().unwrap())
        })
        .collect();
    expected.sort_unstable();
    let written = String::from_utf8(again.stdout).unwrap();
    assert_eq!(pairs_of_round(&rounds_of(&written), 2), expected);
}

#[test]
fn a_swiss_round_waits_for_the_results_of_the_round_before() {
    let dir = tempfile::tempdir().unwrap();
    let next = dir.path().join("next.trf");
    // s100.trf with 11 rounds planned instead of 9 (`XXR`).
    let text = std::fs::read_to_string(shared("swiss/large/s100.trf")).unwrap();
    assert!(text.contains("\nXXR 9\n"));
    let input = dir.path().join("s100-11.trf");
    std::fs::write(&input, text.replace("\nXXR 9\n", "\nXXR 11\n")).unwrap();
    let run = qiyuan(&[
        "pair",
        "--next",
        input.to_str().unwrap(),
        "-o",
        next.to_str().unwrap(),
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    // s100.trf has 8 rounds played; round 9 is now paired, without results.
    let again = qiyuan(&["pair", "--next", next.to_str().unwrap()]);
    assert_eq!(again.status.code(), Some(3));
    let message = String::from_utf8_lossy(&again.stderr);
    assert!(
        message.contains("round 9, board 1: no result yet"),
        "{message}"
    );
}

#[test]
fn file_and_input_errors_have_the_pairing_exit_codes() {
    let missing = qiyuan(&["pair", "--next", "/nonexistent/event.trf"]);
    assert_eq!(missing.status.code(), Some(5));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read"));

    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.trf");
    std::fs::write(&bad, "001 this is not a player line\n").unwrap();
    let run = qiyuan(&["pair", "--next", bad.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&run.stderr).contains("bad.trf"));
}
