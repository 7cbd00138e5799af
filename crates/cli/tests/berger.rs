//! `qiyuan pair --berger N` prints exactly the FIDE Berger tables of
//! `testdata/berger/` (C.05 Annex 1, 3 to 16 players).

use std::process::Command;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/berger");

fn qiyuan(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(args)
        .output()
        .expect("run qiyuan")
}

#[test]
fn prints_every_fide_table() {
    for n in 3..=16 {
        let expected = std::fs::read_to_string(format!("{DATA}/berger-{n}.txt")).unwrap();
        let out = qiyuan(&["pair", "--berger", &n.to_string()]);
        assert!(
            out.status.success(),
            "n={n}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            expected,
            "berger-{n}.txt"
        );
    }
}

/// Double round robin of 4 (C.05: second cycle with colours reversed; the
/// last two rounds of the first cycle exchanged). From berger-4.txt:
/// r1 1-4 2-3, r2 4-3 1-2, r3 2-4 3-1 → cycle 1 is r1, r3, r2; cycle 2 is
/// r1, r2, r3 with colours reversed.
#[test]
fn double_round_robin() {
    let out = qiyuan(&["pair", "--berger", "4", "--cycles", "2"]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "round 1: 1-4 2-3\nround 2: 2-4 3-1\nround 3: 4-3 1-2\n\
         round 4: 4-1 3-2\nround 5: 3-4 2-1\nround 6: 4-2 1-3\n"
    );
}

#[test]
fn bad_numbers_are_refused() {
    let out = qiyuan(&["pair", "--berger", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("between 2 and 1000"));
    let out = qiyuan(&["pair"]);
    assert!(!out.status.success());
}
