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

/// One `001` record in the FIDE columns (rank 5–8, name 15–47, rating
/// 49–52, points 81–84, round blocks from 92).
fn player(rank: u32, name: &str, rating: u32, points: &str, blocks: &[&str]) -> String {
    format!(
        "001 {rank:>4}      {name:<33} {rating:>4}{:28}{points:>4}       {}\n",
        "",
        blocks.join("  ")
    )
}

/// Four players, two rounds played, round 3 of 4 to pair. By hand, under the
/// standard 1-½-0: Zhao won round 1 against Li and drew round 2 with Qian,
/// 1.5; Qian won against Sun, then drew, 1.5; Sun lost, then won against
/// Li, 1.0; Li lost twice, 0.0. `zhao` is Zhao's points column.
fn four(zhao: &str) -> String {
    let mut s = String::from("012 Points\nXXR 4\nXXC white1\n");
    s += &player(1, "Zhao, Yi", 2200, zhao, &["   4 w 1", "   2 b ="]);
    s += &player(2, "Qian, Er", 2100, "1.5", &["   3 b 1", "   1 w ="]);
    s += &player(3, "Sun, San", 2000, "1.0", &["   2 w 0", "   4 b 1"]);
    s += &player(4, "Li, Si", 1900, "0.0", &["   1 b 0", "   3 w 0"]);
    s
}

#[test]
fn a_points_column_that_disagrees_is_an_error_unless_computed_points_are_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let wrong = dir.path().join("wrong.trf");
    let right = dir.path().join("right.trf");
    // Zhao declares 2.0; his results give 1.5.
    std::fs::write(&wrong, four(" 2.0")).unwrap();
    std::fs::write(&right, four(" 1.5")).unwrap();
    let pair = |file: &PathBuf, extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_qiyuan"))
            .args(["pair", "--dutch"])
            .arg(file)
            .arg("-p")
            .args(extra)
            .output()
            .unwrap()
    };

    let refused = pair(&wrong, &[]);
    assert_eq!(refused.status.code(), Some(3));
    assert!(refused.stdout.is_empty());
    let err = String::from_utf8_lossy(&refused.stderr);
    // Zhao's record is line 4 (after 012, XXR, XXC).
    for part in [
        "line 4",
        "player 1 (Zhao, Yi)",
        "declares 2.0",
        "give 1.5",
        "--use-computed-points",
    ] {
        assert!(err.contains(part), "{part:?} not in {err}");
    }

    let corrected = pair(&right, &[]);
    assert_eq!(corrected.status.code(), Some(0));
    assert!(corrected.stderr.is_empty());
    let lenient = pair(&wrong, &["--use-computed-points"]);
    assert_eq!(lenient.status.code(), Some(0));
    let warn = String::from_utf8_lossy(&lenient.stderr);
    assert!(
        warn.contains("warning: line 4: player 1 (Zhao, Yi) declares 2.0"),
        "{warn}"
    );
    assert!(warn.contains("paired on 1.5"), "{warn}");
    assert_eq!(lenient.stdout, corrected.stdout);
}
