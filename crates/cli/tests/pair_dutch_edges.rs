//! Edge cases of `qiyuan pair --dutch IN.trf -p`: the smallest events, no
//! valid pairing, byes exhausted, all draws, a withdrawal, and Baku
//! acceleration on and off. Every expected pairing is worked out by hand
//! from C.04.3 (2026) in the comment above it.

use std::collections::BTreeSet;
use std::process::Command;

/// A `001` line: TPN, points, and round blocks (opponent, colour, result;
/// opponent 0 is written `0000`).
fn line(tpn: u32, points: &str, blocks: &[(u32, char, char)]) -> String {
    let mut s = format!(
        "001 {tpn:>4} {:<4} {:<33} {:>4} {:<3} {:>11} {:>10} {points:>4} {tpn:>4}",
        "",
        format!("Player {tpn}"),
        2400 - 10 * tpn,
        "",
        "",
        ""
    );
    for &(opp, colour, result) in blocks {
        let opp = if opp == 0 {
            "0000".to_string()
        } else {
            opp.to_string()
        };
        s.push_str(&format!("  {opp:>4} {colour} {result}"));
    }
    s.push('\n');
    s
}

/// Runs `qiyuan pair --dutch` on `trf`; returns exit code, stdout, stderr.
fn pair(trf: &str, extra: &[&str]) -> (Option<i32>, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("in.trf");
    std::fs::write(&path, trf).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(["pair", "--dutch"])
        .arg(&path)
        .arg("-p")
        .args(extra)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The boards of an output (count line checked against them), as a set.
fn boards(out: &str) -> BTreeSet<String> {
    let mut lines = out.lines();
    let n: usize = lines.next().unwrap().parse().unwrap();
    let set: BTreeSet<String> = lines.map(String::from).collect();
    assert_eq!(set.len(), n, "{out}");
    set
}

fn set(v: &[&str]) -> BTreeSet<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn header(rounds: u32) -> String {
    format!("012 Edge case\nXXR {rounds}\nXXC white1\n")
}

/// Two players, round 1: S1 = {1}, S2 = {2}; no preferences, so 5.2.5
/// gives TPN 1 (odd) the colour drawn, White.
#[test]
fn two_players() {
    let trf = header(3) + &line(1, "0.0", &[]) + &line(2, "0.0", &[]);
    let (code, out, err) = pair(&trf, &[]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "1\n1 2\n");
}

/// Three players, round 1: everyone has 0 points (C5 allows any PAB) and
/// no unplayed game (C9). The bracket is odd: S1 = {1}, S2 = {2, 3}, the
/// first transposition pairs 1-2 and floats 3, who gets the PAB.
#[test]
fn three_players() {
    let trf = header(3) + &line(1, "0.0", &[]) + &line(2, "0.0", &[]) + &line(3, "0.0", &[]);
    let (code, out, err) = pair(&trf, &[]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "2\n1 2\n3 0\n");
}

/// Four players after a complete round robin (1-3, 4-2; 2-3, 4-1... every
/// pair has met): round 4 has no pairing meeting C1, so Art. 1.9 applies
/// (the Chief Arbiter decides) and the exit code is 1.
#[test]
fn everyone_already_met() {
    let trf = header(5)
        + &line(1, "3.0", &[(3, 'w', '1'), (4, 'b', '1'), (2, 'w', '1')])
        + &line(2, "2.0", &[(4, 'b', '1'), (3, 'w', '1'), (1, 'b', '0')])
        + &line(3, "1.0", &[(1, 'b', '0'), (2, 'b', '0'), (4, 'w', '1')])
        + &line(4, "0.0", &[(2, 'w', '0'), (1, 'w', '0'), (3, 'b', '0')]);
    let (code, out, err) = pair(&trf, &[]);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(out.is_empty());
    assert!(err.contains("C.04.3 Art. 1.9"), "{err}");
    assert!(err.contains("C1"), "{err}");
    assert!(err.contains("round 4"), "{err}");
}

/// Three players who have each had the PAB (rounds 1-3; the round-3 game
/// 1-3 was a forfeit, so they may meet again): an odd number needs a PAB,
/// C2 forbids a second one to anybody, so round 4 cannot be paired.
#[test]
fn odd_number_and_everyone_had_the_bye() {
    let trf = header(5)
        + &line(1, "3.0", &[(2, 'w', '1'), (0, '-', 'U'), (3, 'w', '+')])
        + &line(2, "1.0", &[(1, 'b', '0'), (3, 'w', '0'), (0, '-', 'U')])
        + &line(3, "2.0", &[(0, '-', 'U'), (2, 'b', '1'), (1, 'b', '-')]);
    let (code, _, err) = pair(&trf, &[]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("C.04.3 Art. 1.9"), "{err}");
}

/// Six players, round 1 (1-4, 5-2, 3-6) all drawn: one bracket of 0.5.
/// Mild preferences (Art. 1.7) alternate: 1, 3, 5 (White) prefer Black; 2,
/// 4, 6 prefer White. S1 = {1, 2, 3}, S2 = {4, 5, 6}: no transposition
/// meets every preference (each needs 1-2 or 2-3 inside S1, and 1-4, 2-5,
/// 3-6 were played), so the first resident exchange (Art. 4.3: 3 ↔ 4, the
/// smallest BSN difference) is tried: S1 = {1, 2, 4}, S2 = {3, 5, 6};
/// 1 (Black) needs 6, then 2 (White) takes 3 and 4 (White) takes 5:
/// 6-1, 2-3, 4-5, every preference met (5.2.1).
#[test]
fn all_draws() {
    let trf = header(5)
        + &line(1, "0.5", &[(4, 'w', '=')])
        + &line(2, "0.5", &[(5, 'b', '=')])
        + &line(3, "0.5", &[(6, 'w', '=')])
        + &line(4, "0.5", &[(1, 'b', '=')])
        + &line(5, "0.5", &[(2, 'w', '=')])
        + &line(6, "0.5", &[(3, 'b', '=')]);
    let (code, out, err) = pair(&trf, &[]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(boards(&out), set(&["6 1", "2 3", "4 5"]));
}

/// Five players; round 1: 1-3 1-0, 4-2 0-1, 5 the PAB. Player 5 withdraws
/// before round 2 (`0000 - Z` in the round-2 column): not paired, and with
/// four players left there is no PAB. 1 (had White) v 2 (had Black):
/// 2-1; 3 (Black) v 4 (White): 3-4, both by 5.2.1.
#[test]
fn a_player_who_withdrew_is_not_paired() {
    let trf = header(5)
        + &line(1, "1.0", &[(3, 'w', '1')])
        + &line(2, "1.0", &[(4, 'b', '1')])
        + &line(3, "0.0", &[(1, 'b', '0')])
        + &line(4, "0.0", &[(2, 'w', '0')])
        + &line(5, "1.0", &[(0, '-', 'U'), (0, '-', 'Z')]);
    let (code, out, err) = pair(&trf, &[]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(boards(&out), set(&["2 1", "3 4"]));
}

/// Eight players, round 1 of 5. Baku (C.04.5.1): GA is the first
/// 2 × ⌈8/4⌉ = 4 players; of the ⌈5/2⌉ = 3 accelerated rounds the first
/// ⌈3/2⌉ = 2 give GA one virtual point, so round 1 is paired with 1-4 on
/// 1 point (XXA 1.0) and 5-8 on 0: brackets {1, 2, 3, 4} and {5, 6, 7, 8},
/// 1-3, 2-4, 5-7, 6-8; colours by 5.2.5 from the higher-ranked TPN's
/// parity (odd: White drawn): 1-3, 4-2, 5-7, 8-6.
/// Without acceleration one bracket of eight: 1-5, 2-6, 3-7, 4-8, i.e.
/// 1-5, 6-2, 3-7, 8-4.
#[test]
fn acceleration_on_and_off() {
    let players: String = (1..=8).map(|t| line(t, "0.0", &[])).collect();
    assert_eq!(qiyuan_swiss::baku::ga_size(8), 4);
    let xxa: String = (1..=4)
        .map(|t| format!("XXA {t:>4} {:>4}\n", "1.0"))
        .collect();
    let (code, out, err) = pair(&(header(5) + &players + &xxa), &[]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(boards(&out), set(&["1 3", "4 2", "5 7", "8 6"]));
    let (code, out, err) = pair(&(header(5) + &players), &[]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(boards(&out), set(&["1 5", "6 2", "3 7", "8 4"]));
}
