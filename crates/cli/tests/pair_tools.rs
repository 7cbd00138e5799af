//! `qiyuan pair -g` (random tournament) then `qiyuan pair --dutch -c`
//! (checker), and the checker's exit codes on reference files.

use std::path::PathBuf;
use std::process::Command;

fn shared(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(path)
}

#[test]
fn generated_tournament_passes_the_checker() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("gen.cfg");
    std::fs::write(
        &cfg,
        "# small event\nplayers=17\nrounds=6\nbye_percent=10\nforfeit_percent=10\nretire_percent=5\naccelerated=yes\nforbidden_pairs=2\n",
    )
    .unwrap();
    let trf = dir.path().join("random.trf");
    let status = Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(["pair", "-g"])
        .arg(&cfg)
        .arg("-o")
        .arg(&trf)
        .args(["-s", "11"])
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
    let text = std::fs::read_to_string(&trf).unwrap();
    // 17 players as configured.
    assert_eq!(text.lines().filter(|l| l.starts_with("001")).count(), 17);
    assert!(text.lines().any(|l| l == "142 6"));
    // Baku: GA = 2 x ceil(17/4) = 10 players carry XXA records; XXP for
    // the forbidden pairs.
    assert_eq!(text.lines().filter(|l| l.starts_with("XXA")).count(), 10);
    assert!(text.lines().any(|l| l.starts_with("XXP")));
    let out = Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(["pair", "--dutch"])
        .arg(&trf)
        .arg("-c")
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert_eq!(stdout, "0 of 6 rounds differ\n");
}

#[test]
fn bad_config_is_invalid_input() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("gen.cfg");
    std::fs::write(&cfg, "players=12\nplayerz=3\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(["pair", "-g"])
        .arg(&cfg)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 2"));
}

/// TRF start ranks have four digits (TRF-2026 columns 5-8): `-g` refuses
/// 10,000 players before simulating any round, and takes 9,999.
#[test]
fn more_players_than_a_trf_numbers_is_invalid_input() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("gen.cfg");
    std::fs::write(&cfg, "players=10000\nrounds=1\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(["pair", "-g"])
        .arg(&cfg)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("players = 10000") && stderr.contains("9999"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
    std::fs::write(&cfg, "players=9999\nrounds=1\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(["pair", "-g"])
        .arg(&cfg)
        .args(["-s", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().any(|l| l.starts_with("001 9999 ")));
}

/// rtg-1 was paired by the reference engine; altering its last round (two
/// opponents swapped) makes the checker exit 1 and name that round.
#[test]
fn checker_exit_codes() {
    let ok = Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(["pair", "--dutch"])
        .arg(shared("swiss/rtg/rtg-1.trf"))
        .arg("-c")
        .output()
        .unwrap();
    assert_eq!(ok.status.code(), Some(0));
    let text = std::fs::read_to_string(shared("swiss/rtg/rtg-1.trf")).unwrap();
    // Round 1 of rtg-1: 1-27 (1 white) and 3-29 (3 white) become 1-29, 3-27:
    // the 8-character blocks at column 92 of players 1, 3, 27 and 29.
    let swap = |line: &str, from: &str, to: &str| -> String {
        let (head, tail) = line.split_at(91);
        assert!(tail.starts_with(from), "{line}");
        format!("{head}{to}{}", &tail[4..])
    };
    let altered: String = text
        .lines()
        .map(|l| {
            let tpn = l.get(4..8).map(str::trim);
            let l = match (l.starts_with("001"), tpn) {
                (true, Some("1")) => swap(l, "  27", "  29"),
                (true, Some("29")) => swap(l, "   3", "   1"),
                (true, Some("3")) => swap(l, "  29", "  27"),
                (true, Some("27")) => swap(l, "   1", "   3"),
                _ => l.to_string(),
            };
            l + "\n"
        })
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("altered.trf");
    std::fs::write(&path, altered).unwrap();
    let bad = Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(["pair", "--dutch"])
        .arg(&path)
        .arg("-c")
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(1));
    let stdout = String::from_utf8(bad.stdout).unwrap();
    assert!(
        stdout.starts_with("round 1: file 1-29 3-27, engine 1-27 3-29\n"),
        "{stdout}"
    );
}
