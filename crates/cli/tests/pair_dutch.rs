//! `qiyuan pair --dutch IN.trf -p [OUT]`: the JaVaFo/bbpPairings command line,
//! its output and its exit codes, against the reference engine's answers in
//! `testdata/swiss/large/`.

use std::path::PathBuf;
use std::process::Command;

fn shared(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(path)
}

#[test]
fn s100_matches_the_reference_engine_board_for_board() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pairing.txt");
    let status = Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(["pair", "--dutch"])
        .arg(shared("swiss/large/s100.trf"))
        .arg("-p")
        .arg(&out)
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
    let expected = std::fs::read_to_string(shared("swiss/large/s100.expected")).unwrap();
    assert_eq!(std::fs::read_to_string(&out).unwrap(), expected);
}

#[test]
fn without_an_output_file_the_pairing_goes_to_stdout() {
    let out = Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(["pair", "--dutch"])
        .arg(shared("swiss/large/s100.trf"))
        .arg("-p")
        .output()
        .unwrap();
    assert!(out.status.success());
    let expected = std::fs::read_to_string(shared("swiss/large/s100.expected")).unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
}

#[test]
fn exit_codes_are_those_of_javafo_and_bbppairings() {
    let dir = tempfile::tempdir().unwrap();
    // 5: the file cannot be read.
    let missing = Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(["pair", "--dutch", "/nonexistent/x.trf", "-p"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(5));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("/nonexistent/x.trf"));

    // 3: invalid input, with the line named.
    let bad = dir.path().join("bad.trf");
    std::fs::write(&bad, "012 Test\n001 xx\n").unwrap();
    let invalid = Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(["pair", "--dutch"])
        .arg(&bad)
        .arg("-p")
        .output()
        .unwrap();
    assert_eq!(invalid.status.code(), Some(3));
    assert!(
        String::from_utf8_lossy(&invalid.stderr).contains("line 2"),
        "{}",
        String::from_utf8_lossy(&invalid.stderr)
    );

    // 1: no valid pairing. Two players who have already met cannot meet
    // again (C.04.3 C1), and no bye can be given to both.
    let met = dir.path().join("met.trf");
    std::fs::write(
        &met,
        "012 Two players\n\
         XXR 2\n\
         001    1      Alpha                             2000                             1.0    1     2 w 1\n\
         001    2      Beta                              1900                             0.0    2     1 b 0\n",
    )
    .unwrap();
    let none = Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(["pair", "--dutch"])
        .arg(&met)
        .arg("-p")
        .output()
        .unwrap();
    assert_eq!(
        none.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&none.stderr)
    );
}
