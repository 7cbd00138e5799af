//! `qiyuan pair --dutch IN.trf --explain` and `-l [LIST]`: the explanation
//! and the checklist as text and JSON, on a TRF worked out by hand.

use std::process::Command;

/// Five players before round 2 (of 5): 1 (W) beat 4, 2 (W) beat 5, 3 had
/// the PAB. By hand (C.04.3 2026): the PAB cannot go to 3 again (C2), and
/// a 0-point player can take it (C5: 1-3 and 2-4 pair the rest). The
/// 1-point bracket {1, 2, 3} is odd; 1-3 meets every preference (3 has no
/// game, so no preference) and 3's PAB was a downfloat (Art. 1.4.3), so 2
/// floats; 2 meets 4 (2-5 already played) and 5 gets the PAB. Colours:
/// 3-1 (1 had White, 5.2.1), 4-2 (2 had White, 4 Black, 5.2.1).
const TRF: &str = "012 Explain test\n\
XXR 5\n\
XXC white1\n\
001    1      Alpha                             2400                             1.0    1     4 w 1\n\
001    2      Beta                              2300                             1.0    2     5 w 1\n\
001    3      Gamma                             2200                             1.0    3  0000 - U\n\
001    4      Delta                             2100                             0.0    4     1 b 0\n\
001    5      Epsilon                           2000                             0.0    5     2 b 0\n";

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let trf = dir.path().join("in.trf");
    std::fs::write(&trf, TRF).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(["pair", "--dutch"])
        .arg(&trf)
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn explain_json_names_the_rules() {
    let (code, out, err) = run(&["--explain", "--format", "json"]);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["round"], 2);
    assert_eq!(v["edition"], "2026");
    let bye = &v["bye"];
    assert_eq!(bye["tpn"], 5);
    assert_eq!(bye["excluded_c2"], serde_json::json!([3]));
    assert_eq!(bye["lowest_possible_score"], 0);
    let boards = v["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 2);
    let b31 = boards.iter().find(|b| b["white"] == 3).unwrap();
    assert_eq!(b31["black"], 1);
    assert_eq!(b31["colour_article"], "5.2.1");
    assert_eq!(b31["colour_rule"], "both_preferences");
    let b42 = boards.iter().find(|b| b["white"] == 4).unwrap();
    assert_eq!(b42["float"]["down"], 2);
    assert_eq!(b42["float"]["reason"], "odd_bracket");
}

#[test]
fn explain_text_with_the_pairing_in_english_and_chinese() {
    let (code, out, err) = run(&["-p", "--explain"]);
    assert_eq!(code, Some(0), "{err}");
    // The pairing first (3 lines of pairs: two boards and the PAB).
    assert!(out.starts_with("3\n"), "{out}");
    assert!(out.contains("\n5 0\n"), "{out}");
    assert!(out.contains("Pairing-allocated bye: 5"), "{out}");
    assert!(out.contains("C2 excludes 3"), "{out}");
    assert!(out.contains("5.2.1 both preferences granted"), "{out}");
    let (code, out, _) = run(&["--explain", "--lang", "zh"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("编排轮空(PAB):5"), "{out}");
    assert!(!out.starts_with("3\n"), "--explain alone prints no pairing");
}

#[test]
fn checklist_lists_each_players_pairing_data() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    let (code, out, err) = run(&["-l", list.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.is_empty(), "the checklist went to the file");
    let text = std::fs::read_to_string(&list).unwrap();
    let row = |tpn: &str| {
        text.lines()
            .find(|l| l.split_whitespace().next() == Some(tpn))
            .unwrap_or_else(|| panic!("no row for {tpn}:\n{text}"))
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    // 1: 1 point, played White (CD +1, strong preference for Black, "B"),
    // no float (both had 0 before round 1), round 1 "4w1".
    assert_eq!(row("1"), "1 1 1 W +1 B . 0 4w1");
    // 3: the PAB (a downfloat in 2026), one unplayed round, PAB column "*".
    assert_eq!(row("3"), "3 1 1 +0 - D * 1 PAB");
    // 5: lost with Black: strong preference for White.
    assert_eq!(row("5"), "5 0 0 B -1 W . 0 2b0");
    // JSON: the players' array.
    let (code, out, _) = run(&["-l", "--format", "json"]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 5);
    assert_eq!(v[0]["tpn"], 1);
    assert_eq!(v[0]["colours"], "W");
}
