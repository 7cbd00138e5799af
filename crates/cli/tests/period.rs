//! `qiyuan period` and `qiyuan norms` end to end.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn qiyuan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(args)
        .output()
        .expect("run qiyuan")
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

const LIST: &str = "id,name,sex,rating,rated_games,status,last_active\n1,甲,m,1600,20,active,2025-01-10\n2,乙,m,1600,20,active,2025-01-10\n3,丙,f,1450,8,active,2025-01-10\n";

const EVENT: &str = r#"{"name": "春季赛", "game": "chess", "system": "swiss",
  "start": "2025-03-14", "end": "2025-03-15",
  "players": [{"id": 1, "name": "甲", "sex": "m", "rating": 1600},
              {"id": 2, "name": "乙", "sex": "m", "rating": 1600}],
  "games": [{"round": 1, "white": 1, "black": 2, "result": "1-0"}]}"#;

#[test]
fn a_period_as_csv_then_the_next_one() {
    // cca-amateur (regulations §5): K = 10, equal ratings → P = 0.50;
    // 甲 +10 × 0.5 = +5 → 1605, 乙 −5 → 1595; 丙 did not play: 1450.
    let dir = tempfile::tempdir().unwrap();
    let list = write(dir.path(), "list.csv", LIST.as_bytes());
    let ev = write(dir.path(), "e.json", EVENT.as_bytes());
    let o = qiyuan(&[
        "period",
        "--profile",
        "cca-amateur",
        "--list",
        list.to_str().unwrap(),
        "--date",
        "2025-04-01",
        ev.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).unwrap();
    let mut lines = out.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("id,name,sex,rating_before,change,rating,rated_games,k,status,")
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!(
        rows[0][..9],
        ["1", "甲", "m", "1600", "5", "1605", "21", "10", "active"]
    );
    assert_eq!(
        rows[1][..9],
        ["2", "乙", "m", "1600", "-5", "1595", "21", "10", "active"]
    );
    assert_eq!(
        rows[2][..9],
        ["3", "丙", "f", "1450", "", "1450", "8", "10", "active"]
    );
    // The output is the next period's list: 甲 beats 乙 again in May.
    // 1605 − 1595 = 10 → P 0.51 / 0.49 (table 4–10): 甲 +10 × 0.49 = 4.9 →
    // 1609.9 → 1610; 乙 −10 × 0.49 = −4.9 → 1590.1 → 1590.
    let next = write(dir.path(), "next.csv", out.as_bytes());
    let ev2 = write(
        dir.path(),
        "e2.json",
        EVENT.replace("2025-03-1", "2025-05-1").as_bytes(),
    );
    let o = qiyuan(&[
        "period",
        "--profile",
        "cca-amateur",
        "--list",
        next.to_str().unwrap(),
        "--date",
        "2025-06-01",
        ev2.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(json["rows"][0]["row"]["rating"], "1610");
    assert_eq!(json["rows"][1]["row"]["rating"], "1590");
    assert_eq!(json["rows"][0]["contributions"][0]["change"], "4.90");
    // The event file's ratings (1600) disagree with the list: noted.
    assert!(String::from_utf8_lossy(&o.stderr).contains("the list's is used"));
}

/// A chess list with FIDE ids keeps them through two periods: the engine's
/// row has no place for a FIDE id, the new list takes it from the list
/// before.
#[test]
fn fide_ids_are_kept_from_one_list_to_the_next() {
    let dir = tempfile::tempdir().unwrap();
    let with_ids = LIST
        .replacen("last_active\n", "last_active,fide_id\n", 1)
        .replacen("2025-01-10\n", "2025-01-10,8603677\n", 1)
        .replace(
            "1450,8,active,2025-01-10\n",
            "1450,8,active,2025-01-10,8600001\n",
        );
    let mut list = write(dir.path(), "list.csv", with_ids.as_bytes());
    let ev = write(dir.path(), "e.json", EVENT.as_bytes());
    // The event in the first period; the second has none.
    for (date, events) in [
        ("2025-04-01", vec![ev.to_str().unwrap()]),
        ("2025-06-01", vec![]),
    ] {
        let mut args = vec![
            "period",
            "--profile",
            "cca-amateur",
            "--list",
            list.to_str().unwrap(),
            "--date",
            date,
        ];
        args.extend(events);
        let o = qiyuan(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let out = String::from_utf8(o.stdout).unwrap();
        let header: Vec<&str> = out.lines().next().unwrap().split(',').collect();
        let at = header
            .iter()
            .position(|h| *h == "fide_id")
            .expect("a fide_id column");
        let ids: Vec<&str> = out
            .lines()
            .skip(1)
            .map(|l| l.split(',').nth(at).unwrap())
            .collect();
        assert_eq!(ids, ["8603677", "", "8600001"], "{date}:\n{out}");
        list = write(dir.path(), &format!("after-{date}.csv"), out.as_bytes());
    }
}

#[test]
fn gbk_lists_and_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let (gbk, _, _) = encoding_rs_like(LIST);
    let list = write(dir.path(), "gbk.csv", &gbk);
    let ev = write(dir.path(), "e.json", EVENT.as_bytes());
    let o = qiyuan(&[
        "period",
        "--profile",
        "cca-amateur",
        "--list",
        list.to_str().unwrap(),
        "--date",
        "2025-04-01",
        ev.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("read as GB18030 and converted"));
    // Not a publication day of the profile.
    let o = qiyuan(&[
        "period",
        "--profile",
        "cca-amateur",
        "--list",
        list.to_str().unwrap(),
        "--date",
        "2025-05-01",
        ev.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("publishes no list on 2025-05-01"));
    // A player not on the list.
    let ev9 = write(
        dir.path(),
        "e9.json",
        EVENT
            .replace("\"id\": 2", "\"id\": 9")
            .replace("\"black\": 2", "\"black\": 9")
            .as_bytes(),
    );
    let o = qiyuan(&[
        "period",
        "--profile",
        "cca-amateur",
        "--list",
        list.to_str().unwrap(),
        "--date",
        "2025-04-01",
        ev9.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("player 9 (乙) is not on the rating list"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // A duplicate id on the list.
    let dup = write(
        dir.path(),
        "dup.csv",
        format!("{LIST}1,丁,m,1500,3,active,2025-01-01\n").as_bytes(),
    );
    let o = qiyuan(&[
        "period",
        "--profile",
        "cca-amateur",
        "--list",
        dup.to_str().unwrap(),
        "--date",
        "2025-04-01",
    ]);
    assert!(
        String::from_utf8_lossy(&o.stderr)
            .contains("dup.csv:5: column `id`: player id 1 is already on line 2")
    );
}

/// GBK bytes of a text (the list is ASCII apart from 甲乙丙丁, whose GBK
/// codes are fixed: 甲 BCD7, 乙 D2D2, 丙 B1FB, 丁 B6A1).
fn encoding_rs_like(text: &str) -> (Vec<u8>, (), ()) {
    let mut out = Vec::new();
    for c in text.chars() {
        match c {
            '甲' => out.extend([0xBC, 0xD7]),
            '乙' => out.extend([0xD2, 0xD2]),
            '丙' => out.extend([0xB1, 0xFB]),
            '丁' => out.extend([0xB6, 0xA1]),
            c if c.is_ascii() => out.push(c as u8),
            c => panic!("no GBK code for {c}"),
        }
    }
    (out, (), ())
}

#[test]
fn norms_of_a_xiangqi_title_event() {
    // Eleven players 2400 and one 2406: average 2400.5 → 2401 → band
    // 2401–2425 (norms-xiangqi.csv): GM 76%, master 57%. Player 1 has 11
    // games: GM needs 11 × 0.76 = 8.36 → 8.5 (cxa-legacy 六(三)); 8 wins and
    // one draw = 8.5 → GM norm.
    let units = ["北京", "上海", "广东", "四川"];
    let mut players = Vec::new();
    for i in 1..=12 {
        let r = if i == 12 { 2406 } else { 2400 };
        // cxa-legacy 六(四): a GM title event is entered by masters (NM).
        players.push(format!(r#"{{"id": {i}, "name": "P{i}", "sex": "m", "rating": {r}, "title": "NM", "rated_games": 100, "unit": "{}"}}"#, units[i % 4]));
    }
    let mut games = Vec::new();
    let mut round = 0;
    for a in 1..=12 {
        for b in a + 1..=12 {
            round += 1;
            let res = if a == 1 {
                match b - 1 {
                    k if k <= 8 => "1-0",
                    9 => "1/2-1/2",
                    _ => "0-1",
                }
            } else {
                "1/2-1/2"
            };
            games.push(format!(
                r#"{{"round": {round}, "red": {a}, "black": {b}, "result": "{res}"}}"#
            ));
        }
    }
    let ev = format!(
        r#"{{"name": "称号赛", "game": "xiangqi", "system": "round-robin", "players": [{}], "games": [{}]}}"#,
        players.join(","),
        games.join(",")
    );
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "n.json", ev.as_bytes());
    let o = qiyuan(&[
        "norms",
        path.to_str().unwrap(),
        "--profile",
        "cxa-legacy",
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(json["qualifies"], true);
    let p1 = &json["players"][0];
    let gm = p1["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["title"] == "grandmaster")
        .unwrap();
    assert_eq!(gm["required_pct"], 76);
    assert_eq!(gm["required_points"], "8.5");
    assert_eq!(gm["achieved"], true);
    let o = qiyuan(&["norms", path.to_str().unwrap(), "--profile", "cxa-legacy"]);
    let table = String::from_utf8(o.stdout).unwrap();
    assert!(table.contains("Title event: yes"), "{table}");
    assert!(table.contains("Grandmaster 76% → 8.5: ✓"), "{table}");
}

#[test]
fn a_league_split_by_round_dates() {
    // cxa-2019 第五条: rounds 1–2 (May) count for the 1 June list, round 3
    // (June) does not. Equal ratings 2400, 80 games → K 15, P 0.50: two wins
    // = 2 × 15 × 0.5 = +15 → 2415; two losses → 2385.
    let dir = tempfile::tempdir().unwrap();
    let list = write(
        dir.path(),
        "l.csv",
        "id,name,sex,rating,rated_games,last_active\n1,甲,m,2400,80,2025-01-01\n2,乙,m,2400,80,2025-01-01\n".as_bytes(),
    );
    let league = r#"{"name": "象甲联赛", "game": "xiangqi", "system": "team", "start": "2025-05-10", "end": "2025-06-20",
      "players": [{"id": 1, "name": "甲", "sex": "m", "rating": 2400}, {"id": 2, "name": "乙", "sex": "m", "rating": 2400}],
      "games": [{"round": 1, "red": 1, "black": 2, "result": "1-0"},
                {"round": 2, "red": 2, "black": 1, "result": "0-1"},
                {"round": 3, "red": 1, "black": 2, "result": "0-1"}]}"#;
    let ev = write(dir.path(), "league.json", league.as_bytes());
    let spec = format!("{}@1=2025-05-10,2=2025-05-20,3=2025-06-20", ev.display());
    let o = qiyuan(&[
        "period",
        "--profile",
        "cxa-2019",
        "--list",
        list.to_str().unwrap(),
        "--date",
        "2025-06-01",
        "--league",
        &spec,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).unwrap();
    let rows: Vec<Vec<&str>> = out
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert_eq!(
        rows[0][..9],
        ["1", "甲", "m", "2400", "15", "2415", "82", "15", "active"]
    );
    assert_eq!(
        rows[1][..9],
        ["2", "乙", "m", "2400", "-15", "2385", "82", "15", "active"]
    );
    // A bad round date is named.
    let bad = format!("{}@1=2025-05-10,2=soon", ev.display());
    let o = qiyuan(&[
        "period",
        "--profile",
        "cxa-2019",
        "--list",
        list.to_str().unwrap(),
        "--date",
        "2025-06-01",
        "--league",
        &bad,
    ]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("`2=soon` is not ROUND=YYYY-MM-DD"));
}

/// The office's rule for an event's players holds for the stateless period
/// too, in the office's words: a player whose sex differs from the list's
/// (the file names the wrong id) is refused by `qiyuan period` as by
/// `qiyuan office import-event`.
#[test]
fn a_player_whose_sex_differs_from_the_list_is_refused_as_the_office_refuses() {
    let dir = tempfile::tempdir().unwrap();
    let list = write(dir.path(), "list.csv", LIST.as_bytes());
    // Player 2 is 乙, a man on the list; the file has 2 as a woman.
    let wrong = EVENT.replace(
        r#"{"id": 2, "name": "乙", "sex": "m""#,
        r#"{"id": 2, "name": "乙", "sex": "f""#,
    );
    assert_ne!(wrong, EVENT);
    let ev = write(dir.path(), "e.json", wrong.as_bytes());
    let refusal = "e.json: player 2 \"乙\" is f in the event but the list has 2 \"乙\" as m: \
                   is the id right?";
    let o = qiyuan(&[
        "period",
        "--profile",
        "cca-amateur",
        "--list",
        list.to_str().unwrap(),
        "--date",
        "2025-04-01",
        ev.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains(refusal), "{err}");
    // The office, with the same list, refuses the same file in the same words.
    let db = dir.path().join("office.sqlite3");
    let db = db.to_str().unwrap();
    let o = qiyuan(&[
        "office",
        "import-list",
        list.to_str().unwrap(),
        "--date",
        "2025-01-01",
        "--profile",
        "cca-amateur",
        "--database",
        db,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = qiyuan(&[
        "office",
        "import-event",
        ev.to_str().unwrap(),
        "--profile",
        "cca-amateur",
        "--database",
        db,
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains(refusal), "{err}");
}
