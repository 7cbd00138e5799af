//! `qiyuan norms --fide` and `qiyuan norms FILE.trf`: the FIDE title norms
//! (B.01, 2024) of a chess event.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn qiyuan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(args)
        .output()
        .expect("run qiyuan")
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// The candidate (1, CHN, 2450) and nine opponents rated 2500 down to 2340
/// by 20 (sum 21780, Ra 2420): federations CHN ×3, IND ×2, VIE ×2, KAZ ×2;
/// titles GM ×4, IM ×3, FM, none.
const FEDS: [&str; 9] = [
    "CHN", "IND", "VIE", "KAZ", "CHN", "IND", "VIE", "KAZ", "CHN",
];
const TITLES: [&str; 9] = ["GM", "GM", "GM", "GM", "IM", "IM", "IM", "FM", ""];

/// The event file: 1 meets 2…10 in rounds 1…9 with `results` (1's side).
fn event_json(results: &str) -> String {
    let mut players = vec![
        r#"{"id": 1, "name": "甲", "sex": "m", "rating": 2450, "federation": "CHN"}"#.to_string(),
    ];
    for i in 0..9 {
        let title = match TITLES[i] {
            "" => String::new(),
            t => format!(r#", "title": "{t}""#),
        };
        players.push(format!(
            r#"{{"id": {}, "name": "P{}", "sex": "m", "rating": {}, "federation": "{}"{title}}}"#,
            i + 2,
            i + 2,
            2500 - 20 * i,
            FEDS[i]
        ));
    }
    let games: Vec<String> = results
        .chars()
        .enumerate()
        .map(|(i, r)| {
            let res = match r {
                '1' => "1-0",
                '0' => "0-1",
                _ => "1/2-1/2",
            };
            format!(
                r#"{{"round": {}, "white": 1, "black": {}, "result": "{res}"}}"#,
                i + 1,
                i + 2
            )
        })
        .collect();
    format!(
        r#"{{"name": "Open", "game": "chess", "system": "swiss", "players": [{}], "games": [{}]}}"#,
        players.join(", "),
        games.join(", ")
    )
}

#[test]
fn fide_norms_of_an_event_file() {
    // 6.5 of 9 (1111===10): 72.2% → 72% → dp 166 (1.4.9); Rp = 2420 + 166
    // = 2586: < 2600 → no GM norm (1.4.8); ≥ 2450 with Ra 2420 ≥ 2230,
    // IMs or GMs 7 ≥ 3, title-holders 8 ≥ 5, federations as 1.4.3 and
    // 1.4.4 ask → an IM norm.
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "open.json", &event_json("1111===10"));
    let o = qiyuan(&[
        "norms",
        path.to_str().unwrap(),
        "--profile",
        "fide-2024",
        "--fide",
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    // The national check is there beside it.
    assert!(json["norms"]["players"].is_array(), "{json}");
    let p1 = &json["fide_norms"]["players"][0];
    let title = |t: &str| {
        p1["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["title"] == t)
            .unwrap()
            .clone()
    };
    let im = title("IM");
    assert_eq!(im["achieved"], true, "{im}");
    assert_eq!(im["performance"], "2586");
    let gm = title("GM");
    assert_eq!(gm["achieved"], false);
    assert_eq!(gm["failures"][0]["article"], "1.4.8");
    assert_eq!(
        gm["failures"][0]["reason"],
        "performance 2420 + dp(72%) 166 = 2586, at least 2600"
    );

    // Without --fide the report is the national one alone, as before.
    let o = qiyuan(&[
        "norms",
        path.to_str().unwrap(),
        "--profile",
        "fide-2024",
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(json["players"].is_array() && json.get("fide_norms").is_none());
}

/// A TRF `001` record: start rank, sex, title, name, rating, federation,
/// points, then each round (opponent, colour, result).
fn trf_player(
    n: u32,
    title: &str,
    name: &str,
    rating: u32,
    fed: &str,
    rounds: &[(u32, char, char)],
) -> String {
    let points: f32 = rounds
        .iter()
        .map(|r| match r.2 {
            '1' => 1.0,
            '=' => 0.5,
            _ => 0.0,
        })
        .sum();
    let mut line = format!(
        "001 {n:>4} m{title:<3} {name:<33} {rating:>4} {fed:<3} {:>11} {:<10} {points:>4.1} {:>4}",
        "", "", n
    );
    let mut next = 1;
    for &(round, colour, result) in rounds {
        while next < round {
            line.push_str(&" ".repeat(10));
            next += 1;
        }
        line.push_str(&format!(
            "  {:>4} {colour} {result}",
            rounds_opponent(n, round)
        ));
        next += 1;
    }
    line
}

/// 1 meets player `round + 1` in `round`.
fn rounds_opponent(n: u32, round: u32) -> u32 {
    if n == 1 { round + 1 } else { 1 }
}

#[test]
fn fide_norms_of_a_trf() {
    // A chess TRF is checked for the FIDE norms without a profile. 7 of 9
    // (11111==10): 77.8% → 78% → dp 220; Rp = 2420 + 220 = 2640 ≥ 2600 → a
    // GM norm (as the event file: B.01 1.4.1a–1.4.8). P2 (IND, GM) played
    // one game: refused, 1.4.1a.
    let results = ['1', '1', '1', '1', '1', '=', '=', '1', '0'];
    let mut lines = vec!["012 Spring Open".to_string()];
    let own: Vec<(u32, char, char)> = (1..=9u32)
        .map(|r| (r, 'w', results[r as usize - 1]))
        .collect();
    lines.push(trf_player(1, "", "Jia", 2450, "CHN", &own));
    for i in 0..9u32 {
        let mine = match results[i as usize] {
            '1' => '0',
            '0' => '1',
            c => c,
        };
        lines.push(trf_player(
            i + 2,
            TITLES[i as usize],
            &format!("P{}", i + 2),
            2500 - 20 * i,
            FEDS[i as usize],
            &[(i + 1, 'b', mine)],
        ));
    }
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "open.trf", &(lines.join("\n") + "\n"));
    let o = qiyuan(&["norms", path.to_str().unwrap()]);
    let table = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{}\n{table}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(table.contains("FIDE title norms"), "{table}");
    assert!(table.contains("GM ✓ Ra 2420 Rp 2640"), "{table}");
    assert!(
        table.contains("1.4.1a: 1 games count, at least 9 needed"),
        "{table}"
    );
}
