//! `qiyuan titles` end to end: the titles a team event's ranking gives
//! (cca-chess 第一条 大师 3, 一级棋士 3) and a player's title file.

use std::process::{Command, Output};

fn qiyuan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(args)
        .output()
        .expect("run qiyuan")
}

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

/// 全国团体锦标赛 (kind `national-team`): team 甲 placed 2 of 4 players, 80% of 4 = 3.2
/// → 3 (rounded down) receive 大师 by board order; board 4 receives 一级棋士
/// (全国团体赛前八名未获大师称号者).
#[test]
fn a_team_events_places_give_titles_to_a_share_of_each_team() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("team.json");
    let mut players = Vec::new();
    for b in 1..=4 {
        players.push(format!(
            r#"{{"id": {b}, "name": "甲{b}", "sex": "m", "rating": 2300, "team": "甲", "board": {b}}}"#
        ));
    }
    let text = format!(
        r#"{{"name": "全国团体赛", "game": "chess", "system": "team", "end": "2025-04-01",
  "kind": "national-team", "teams": [{{"name": "甲", "rank": 2}}],
  "players": [{}], "games": []}}"#,
        players.join(", ")
    );
    std::fs::write(&path, text).unwrap();
    let p = path.to_str().unwrap();
    let v = json(&qiyuan(&[
        "titles",
        p,
        "--profile",
        "cca-chess",
        "--format",
        "json",
    ]));
    let awards = v["placement"]["awards"].as_array().unwrap();
    let titles: Vec<&str> = awards
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["大师", "大师", "大师", "一级棋士"]);
    // The title file of board 1 on 2025-06-01: 大师 by placement.
    let v = json(&qiyuan(&[
        "titles",
        "--player",
        "1",
        p,
        "--profile",
        "cca-chess",
        "--date",
        "2025-06-01",
        "--format",
        "json",
    ]));
    let master = v["titles"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["title"] == "大师")
        .unwrap();
    assert_eq!(master["eligible"], true);
}
