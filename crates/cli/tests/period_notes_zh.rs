//! `qiyuan period`'s notes and table in the user's language: the notes of
//! an event on standard error and the table's headers, statuses and notes
//! in Chinese with `--lang zh` (no English sentence, the same figures as
//! the English), in English with `--lang en`; the CSV (a file format) the
//! same in both.

use std::path::Path;
use std::process::Command;

use qiyuan_vocab::english_phrases;

const QIYUAN: &str = env!("CARGO_BIN_EXE_qiyuan");

/// Players 1 and 2 rated 1600, player 3 unrated.
const LIST: &str = "id,name,sex,rating,rated_games,status,last_active\n\
    1,甲,m,1600,20,active,2025-01-10\n2,乙,m,1600,20,active,2025-01-10\n3,丙,f,,0,unrated,\n";

/// Player 1 (rated 1500 by the file, 1600 by the list) meets player 3.
const EVENT: &str = r#"{"name": "春季赛", "game": "chess", "system": "swiss",
  "start": "2025-03-14", "end": "2025-03-15",
  "players": [{"id": 1, "name": "甲", "sex": "m", "rating": 1500},
              {"id": 3, "name": "丙", "sex": "f"}],
  "games": [{"round": 1, "white": 1, "black": 3, "result": "1-0"}]}"#;

/// Standard output and error of `qiyuan period` in `lang`.
fn period(dir: &Path, format: &str, lang: &str) -> (String, String) {
    let mut command = Command::new(QIYUAN);
    for name in ["QIYUAN_LANG", "LC_ALL", "LC_MESSAGES", "LANG"] {
        command.env_remove(name);
    }
    let out = command
        .current_dir(dir)
        .args([
            "period",
            "--profile",
            "cca-amateur",
            "--list",
            "list.csv",
            "--date",
            "2025-04-01",
            "e.json",
            "--format",
            format,
            "--lang",
            lang,
        ])
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    assert!(out.status.success(), "{stderr}");
    (stdout, stderr)
}

#[test]
fn the_period_notes_and_table_follow_the_language() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("list.csv"), LIST).unwrap();
    std::fs::write(dir.path().join("e.json"), EVENT).unwrap();
    let (zh_table, zh_err) = period(dir.path(), "table", "zh");
    let (en_table, en_err) = period(dir.path(), "table", "en");

    assert!(
        zh_err.contains("春季赛：棋手 1（甲）：赛事文件中等级分为 1500，名单中为 1600；以名单为准"),
        "{zh_err}"
    );
    assert!(
        en_err.contains(
            "春季赛: player 1 (甲): the event file says rating 1500, the list 1600; the list's is used"
        ),
        "{en_err}"
    );
    for (what, text) in [("stderr", &zh_err), ("table", &zh_table)] {
        assert!(
            english_phrases(text).is_empty(),
            "{what} in Chinese has English: {:?}\n{text}",
            english_phrases(text)
        );
    }
    // The headers in one language.
    for header in ["编号", "姓名", "状态", "说明"] {
        assert!(zh_table.contains(header), "{header}: {zh_table}");
        assert!(!en_table.contains(header), "{header}: {en_table}");
    }
    for header in ["name", "status", "notes"] {
        assert!(en_table.contains(header), "{header}: {en_table}");
        assert!(!zh_table.contains(header), "{header}: {zh_table}");
    }
    assert!(zh_table.contains("在册") && en_table.contains("active"));
    // Player 3's note says the same figures in both.
    let line = |table: &str| {
        table
            .lines()
            .find(|l| l.contains("丙"))
            .map(str::to_string)
            .unwrap_or_default()
    };
    let figures = |s: &str| {
        let mut v: Vec<String> = s
            .split(|c: char| !c.is_ascii_digit())
            .filter(|x| !x.is_empty())
            .map(str::to_string)
            .collect();
        v.sort();
        v
    };
    assert_eq!(figures(&line(&zh_table)), figures(&line(&en_table)));

    // The CSV is a file: English notes whatever the language.
    let (zh_csv, _) = period(dir.path(), "csv", "zh");
    let (en_csv, _) = period(dir.path(), "csv", "en");
    assert_eq!(zh_csv, en_csv);
}

/// `qiyuan office` with `--database` in `lang`: (stdout, stderr), the run
/// must succeed.
fn office(db: &Path, args: &[&str], lang: &str) -> (String, String) {
    let mut command = Command::new(QIYUAN);
    for name in ["QIYUAN_LANG", "LC_ALL", "LC_MESSAGES", "LANG"] {
        command.env_remove(name);
    }
    let out = command
        .arg("office")
        .args(args)
        .arg("--database")
        .arg(db)
        .args(["--lang", lang])
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    assert!(out.status.success(), "{args:?}: {stdout}\n{stderr}");
    (stdout, stderr)
}

#[test]
fn the_office_period_and_player_tables_follow_the_language() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let db = d.join("office.sqlite3");
    let path = |f: &str| d.join(f).display().to_string();
    std::fs::write(
        d.join("list.csv"),
        "id,name,sex,rating,rated_games,status\n1,甲,m,2400,10,active\n\
         2,乙,m,2400,10,active\n3,丙,f,,0,unrated\n",
    )
    .unwrap();
    // Player 1 (2300 in the file, 2400 on the list) meets player 3, unrated.
    std::fs::write(
        d.join("e.json"),
        r#"{"name": "新人赛", "game": "xiangqi", "system": "match", "start": "2019-03-10", "end": "2019-03-10",
  "players": [{"id": 1, "name": "甲", "sex": "m", "rating": 2300}, {"id": 3, "name": "丙", "sex": "f"}],
  "games": [{"round": 1, "red": 1, "black": 3, "result": "1-0"}, {"round": 2, "red": 3, "black": 1, "result": "0-1"}]}"#,
    )
    .unwrap();
    office(&db, &["init"], "en");
    let (out, _) = office(
        &db,
        &[
            "import-list",
            &path("list.csv"),
            "--date",
            "2019-01-01",
            "--profile",
            "cxa-2019",
        ],
        "en",
    );
    let at = out.find("draft list #").unwrap() + "draft list #".len();
    let id: String = out[at..].chars().take_while(char::is_ascii_digit).collect();
    office(&db, &["publish", "--list", &id], "en");
    office(
        &db,
        &["import-event", &path("e.json"), "--profile", "cxa-2019"],
        "en",
    );
    let period = [
        "period",
        "--profile",
        "cxa-2019",
        "--list-date",
        "2019-06-01",
    ];
    let mut dry = period.to_vec();
    dry.push("--dry-run");
    let (en_out, en_err) = office(&db, &dry, "en");
    assert!(
        en_err.contains("player 1 (甲): the event file says rating 2300, the list 2400"),
        "{en_err}"
    );
    assert!(
        en_out.contains("name") && en_out.contains("status"),
        "{en_out}"
    );
    let (zh_out, zh_err) = office(&db, &period, "zh");
    assert!(
        zh_err.contains("棋手 1（甲）：赛事文件中等级分为 2300，名单中为 2400；以名单为准"),
        "{zh_err}"
    );
    for text in [&zh_out, &zh_err] {
        assert!(
            english_phrases(text).is_empty(),
            "{:?}\n{text}",
            english_phrases(text)
        );
    }
    assert!(
        zh_out.contains("姓名") && zh_out.contains("说明"),
        "{zh_out}"
    );
    assert!(!zh_out.contains("name"), "{zh_out}");
    // Player 3's history: the period's note (2 of 9 games) in each language.
    let (zh, _) = office(&db, &["player", "3"], "zh");
    assert!(
        zh.contains("与有分棋手对局 2 局，需 9 局：累计到以后的统计期"),
        "{zh}"
    );
    assert!(
        english_phrases(&zh).is_empty(),
        "{:?}\n{zh}",
        english_phrases(&zh)
    );
    let (en, _) = office(&db, &["player", "3"], "en");
    assert!(
        en.contains("2 of 9 games against rated players: carried over"),
        "{en}"
    );
}
