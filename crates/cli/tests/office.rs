//! `qiyuan office` end to end: the real binary on a SQLite file.
//!
//! - durability: an import killed (SIGKILL) in the middle leaves the whole
//!   event or none of it, and nothing imported before is lost;
//! - bad input: duplicate ids, a GBK list (read, with a warning), a GBK
//!   event file (a clear error), a second import of the same event;
//! - the published list as .xlsx: Chinese headers, numbers as numbers, and
//!   it reads back as a list.

use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use calamine::{Data, Reader, Xlsx, open_workbook};
use qiyuan_store::Store;
use rust_decimal::Decimal;

const QIYUAN: &str = env!("CARGO_BIN_EXE_qiyuan");

fn office(db: &Path, args: &[&str]) -> Output {
    Command::new(QIYUAN)
        .arg("office")
        .args(args)
        .arg("--database")
        .arg(db)
        .output()
        .unwrap()
}

/// `office import-list FILE --date DATE --profile cxa-2019` (a draft), then
/// `office publish --list ID` with the id it printed; the import's output.
fn import_and_publish(db: &Path, file: &str, date: &str, extra: &[&str]) -> String {
    let mut args = vec!["import-list", file, "--date", date, "--profile", "cxa-2019"];
    args.extend_from_slice(extra);
    let out = ok(&office(db, &args));
    let id = draft_id(&out);
    let mut publish = vec!["publish", "--list", id.as_str(), "--confirm-identity"];
    publish.extend_from_slice(extra);
    ok(&office(db, &publish));
    out
}

/// The id of `draft list #ID` in an import's output.
fn draft_id(out: &str) -> String {
    let at = out.find("draft list #").expect("a draft list") + "draft list #".len();
    out[at..].chars().take_while(char::is_ascii_digit).collect()
}

fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "stdout: {}\nstderr: {}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn block_on<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(f)
}

/// A list of players 1 and 2 and of `n` more players from id 1000.
fn list_csv(n: u32) -> String {
    let mut s = String::from(
        "id,name,sex,rating,rated_games,status\n1,甲,m,2400,10,active\n2,乙,m,2400,10,active\n",
    );
    for i in 0..n {
        writeln!(s, "{},P{i},m,{},40,active", 1000 + i, 2301 + (i % 300)).unwrap();
    }
    s
}

const SMALL: &str = r#"{"name": "对抗赛", "game": "xiangqi", "system": "match", "start": "2019-03-10", "end": "2019-03-10",
  "players": [{"id": 1, "name": "甲", "sex": "m", "rating": 2400}, {"id": 2, "name": "乙", "sex": "m", "rating": 2400}],
  "games": [{"round": 1, "red": 1, "black": 2, "result": "1-0"}, {"round": 2, "red": 2, "black": 1, "result": "0-1"}]}"#;

/// A Swiss-like event of `2 * half` players from id 1000 and `rounds`
/// rounds: `half * rounds` games.
fn large_event(half: u32, rounds: u32) -> String {
    let mut s = String::from(
        r#"{"name": "大赛", "game": "xiangqi", "system": "swiss", "start": "2019-04-01", "end": "2019-04-20", "players": ["#,
    );
    for i in 0..2 * half {
        if i > 0 {
            s.push(',');
        }
        write!(
            s,
            r#"{{"id": {}, "name": "P{i}", "sex": "m", "rating": {}}}"#,
            1000 + i,
            2301 + (i % 300)
        )
        .unwrap();
    }
    s.push_str(r#"], "games": ["#);
    let results = ["1-0", "1/2-1/2", "0-1"];
    for r in 0..rounds {
        for k in 0..half {
            if r > 0 || k > 0 {
                s.push(',');
            }
            let white = 1000 + k;
            let black = 1000 + half + (k + r) % half;
            write!(
                s,
                r#"{{"round": {}, "red": {white}, "black": {black}, "result": "{}"}}"#,
                r + 1,
                results[((k + r) % 3) as usize]
            )
            .unwrap();
        }
    }
    s.push_str("]}");
    s
}

#[test]
fn a_killed_import_leaves_all_or_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("office.sqlite3");
    let (half, rounds) = (1500u32, 100u32);
    std::fs::write(dir.path().join("list.csv"), list_csv(2 * half)).unwrap();
    std::fs::write(dir.path().join("small.json"), SMALL).unwrap();
    let big = dir.path().join("big.json");
    std::fs::write(&big, large_event(half, rounds)).unwrap();
    let path = |f: &str| dir.path().join(f).display().to_string();
    import_and_publish(&db, &path("list.csv"), "2019-01-01", &[]);
    ok(&office(
        &db,
        &["import-event", &path("small.json"), "--profile", "cxa-2019"],
    ));

    let mut child = Command::new(QIYUAN)
        .args(["office", "import-event"])
        .arg(&big)
        .args(["--profile", "cxa-2019", "--database"])
        .arg(&db)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // A full import takes seconds (a debug build: about ten); the kill lands
    // while the file is parsed or its games written, and the assertions
    // below hold even if the import had finished.
    std::thread::sleep(Duration::from_millis(4000));
    // SIGKILL (Child::kill sends it on Unix): no chance to clean up.
    let _ = child.kill();
    let status = child.wait().unwrap();
    let finished = status.success();

    let url = db.display().to_string();
    let count = |store: &Store, sql: &'static str| {
        block_on(async {
            sqlx::query_scalar::<_, i64>(sql)
                .fetch_one(store.pool())
                .await
                .unwrap()
        })
    };
    let store = block_on(Store::open(&url)).unwrap();
    let big_games = count(
        &store,
        "SELECT COUNT(*) FROM games g JOIN events e ON e.id = g.event_id WHERE e.name = '大赛'",
    );
    let big_events = count(&store, "SELECT COUNT(*) FROM events WHERE name = '大赛'");
    let expected = i64::from(half * rounds);
    assert!(
        (big_events, big_games) == (0, 0) || (big_events, big_games) == (1, expected),
        "half an event: {big_events} events, {big_games} games (import finished: {finished})"
    );
    // Nothing earlier is lost.
    assert_eq!(
        count(&store, "SELECT COUNT(*) FROM players"),
        i64::from(2 * half + 2)
    );
    assert_eq!(
        count(
            &store,
            "SELECT COUNT(*) FROM games g JOIN events e ON e.id = g.event_id WHERE e.name = '对抗赛'"
        ),
        2
    );
    assert_eq!(block_on(store.verify_audit_chain()).unwrap(), None);
    block_on(store.close());

    // Restart: the import is run again; whether the first one committed or
    // not, the database then holds the whole event, once.
    let again = office(
        &db,
        &[
            "import-event",
            &big.display().to_string(),
            "--profile",
            "cxa-2019",
        ],
    );
    let stderr = String::from_utf8_lossy(&again.stderr);
    assert!(
        again.status.success() || stderr.contains("already imported"),
        "{stderr}"
    );
    let store = block_on(Store::open(&url)).unwrap();
    assert_eq!(
        count(
            &store,
            "SELECT COUNT(*) FROM games g JOIN events e ON e.id = g.event_id WHERE e.name = '大赛'"
        ),
        expected
    );
    assert_eq!(count(&store, "SELECT COUNT(*) FROM events"), 2);
    block_on(store.close());
}

#[test]
fn bad_input_is_refused_with_clear_messages() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("office.sqlite3");
    let file = |name: &str, bytes: &[u8]| {
        let p = dir.path().join(name);
        std::fs::write(&p, bytes).unwrap();
        p.display().to_string()
    };
    // Duplicate ids: refused, both lines named, nothing imported.
    let dup = file(
        "dup.csv",
        b"id,name,sex,rating\n1,A,m,2400\n2,B,m,2400\n1,C,f,2200\n",
    );
    // A repeated id: the draft keeps the first row and says what it left
    // out; the draft is then discarded, and leaves no player behind.
    let out = ok(&office(
        &db,
        &[
            "import-list",
            &dup,
            "--date",
            "2019-01-01",
            "--profile",
            "cxa-2019",
        ],
    ));
    assert!(
        out.contains("left out: id 1 repeats on line(s) 4 (line 2 kept)"),
        "{out}"
    );
    ok(&office(&db, &["discard", "--list", &draft_id(&out)]));
    // A list in GBK (甲 乙 丙 = BC D7, D2 D2, B1 FB): read, with a warning.
    let mut gbk = b"id,name,sex,rating,rated_games,status\n1,".to_vec();
    gbk.extend_from_slice(
        b"\xbc\xd7,m,2400,10,active\n2,\xd2\xd2,m,2400,10,active\n3,\xb1\xfb,f,,0,unrated\n",
    );
    let gbk = file("gbk.csv", &gbk);
    let out = office(
        &db,
        &[
            "import-list",
            &gbk,
            "--date",
            "2019-01-01",
            "--profile",
            "cxa-2019",
        ],
    );
    let stdout = ok(&out);
    assert!(stdout.contains("3 players"), "{stdout}");
    // GB18030, GBK's superset, reads every GBK file.
    assert!(String::from_utf8_lossy(&out.stderr).contains("GB18030"));
    ok(&office(&db, &["publish", "--list", &draft_id(&stdout)]));
    let history = ok(&office(&db, &["player", "1"]));
    assert!(history.contains("甲"), "{history}");
    // An event file in GBK: refused, saying how to convert it.
    let mut bytes = SMALL
        .replace("对抗赛", "AB")
        .replace("甲", "J")
        .into_bytes();
    let at = bytes.windows(2).position(|w| w == b"AB").unwrap();
    bytes.splice(at..at + 2, *b"\xbc\xd7");
    let gbk_event = file("gbk-event.json", &bytes);
    let out = office(&db, &["import-event", &gbk_event, "--profile", "cxa-2019"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("gbk-event.json:1: the file is not UTF-8 text") && err.contains("iconv"),
        "{err}"
    );
    // The same event twice: the second refused, naming the first.
    let small = file("small.json", SMALL.as_bytes());
    ok(&office(
        &db,
        &["import-event", &small, "--profile", "cxa-2019"],
    ));
    let out = office(&db, &["import-event", &small, "--profile", "cxa-2019"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("already imported as event #1"), "{err}");
    // An event whose players are not on the list.
    let stranger = file(
        "stranger.json",
        SMALL
            .replace(r#""id": 2"#, r#""id": 9"#)
            .replace(r#""black": 2"#, r#""black": 9"#)
            .replace(r#""red": 2"#, r#""red": 9"#)
            .replace("对抗赛", "外")
            .as_bytes(),
    );
    let out = office(&db, &["import-event", &stranger, "--profile", "cxa-2019"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not on the rating list: 9 乙"), "{err}");
}

/// The worked example of the store's tests (cxa-2019, regulations.md §2,
/// 第九条): 2400 vs 2400, player 1 wins both games, K 25. For each player
/// Ra = 2400.0 (the one opponent, rounded to 1 decimal), D = Ro − Ra = 0,
/// P = 0.50 (tables/expected-score.csv, |D| in 0..3), We = N × P = 2 × 0.50
/// = 1.00; ΔR = 25 × (2 − 1.00) = +25 and 25 × (0 − 1.00) = −25, so 2425 and
/// 2375 on the list of 1 June 2019.
#[test]
fn the_published_list_as_a_workbook() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("office.sqlite3");
    let p = |f: &str| dir.path().join(f).display().to_string();
    std::fs::write(p("list.csv"), list_csv(0)).unwrap();
    std::fs::write(p("small.json"), SMALL).unwrap();
    ok(&office(&db, &["init"]));
    import_and_publish(&db, &p("list.csv"), "2019-01-01", &[]);
    ok(&office(
        &db,
        &["import-event", &p("small.json"), "--profile", "cxa-2019"],
    ));
    let dry = ok(&office(
        &db,
        &[
            "period",
            "--profile",
            "cxa-2019",
            "--list-date",
            "2019-06-01",
            "--dry-run",
        ],
    ));
    assert!(
        dry.contains("dry run") && dry.contains("2 changes"),
        "{dry}"
    );
    let out = ok(&office(
        &db,
        &[
            "period",
            "--profile",
            "cxa-2019",
            "--list-date",
            "2019-06-01",
        ],
    ));
    assert!(
        out.contains("summary: 2 players, 1 events, 2 games, 2 changes"),
        "{out}"
    );
    ok(&office(&db, &["publish"]));
    ok(&office(
        &db,
        &["export", "--format", "xlsx", "-o", &p("list.xlsx")],
    ));
    let mut wb: Xlsx<_> = open_workbook(p("list.xlsx")).unwrap();
    let range = wb.worksheet_range_at(0).unwrap().unwrap();
    let rows: Vec<&[Data]> = range.rows().collect();
    assert_eq!(rows[0][1], Data::String("编号".into()));
    assert_eq!(rows[0][7], Data::String("等级分".into()));
    assert_eq!(rows[1][2], Data::String("甲".into()));
    assert_eq!(rows[1][7], Data::Float(2425.0));
    assert_eq!(rows[1][8], Data::Float(2400.0));
    assert_eq!(rows[1][9], Data::Float(25.0));
    assert_eq!(rows[2][7], Data::Float(2375.0));
    // The workbook reads back as a list (a later date).
    let back = ok(&office(
        &db,
        &[
            "import-list",
            &p("list.xlsx"),
            "--date",
            "2019-06-02",
            "--profile",
            "cxa-2019",
        ],
    ));
    assert!(back.contains(": 2 players"), "{back}");
    assert!(
        back.contains("0 new, 0 identity change(s) to confirm, 0 unit change(s), 2 unchanged"),
        "{back}"
    );
    // The event's 等级分计算表.
    ok(&office(
        &db,
        &[
            "export",
            "--format",
            "xlsx",
            "--event",
            "1",
            "-o",
            &p("event.xlsx"),
        ],
    ));
    let mut wb: Xlsx<_> = open_workbook(p("event.xlsx")).unwrap();
    let range = wb.worksheet_range_at(0).unwrap().unwrap();
    let rows: Vec<&[Data]> = range.rows().collect();
    // The official columns and order (as `qiyuan rate`), numbers as numbers.
    let headers: Vec<_> = rows[1][..11].iter().map(|d| d.to_string()).collect();
    assert_eq!(
        headers,
        [
            "编号",
            "姓名",
            "原等级分 Ro",
            "对手平均分 Ra",
            "分差 D",
            "预期得分率 P",
            "局数 N",
            "预期局分 We",
            "实得局分 W",
            "换算系数 K",
            "升降值 ΔR"
        ]
    );
    let f = Data::Float;
    assert_eq!(rows[2][1], Data::String("甲".into()));
    assert_eq!(
        rows[2][2..11],
        [
            f(2400.0),
            f(2400.0),
            f(0.0),
            f(0.5),
            f(2.0),
            f(1.0),
            f(2.0),
            f(25.0),
            f(25.0)
        ]
    );
    assert_eq!(
        rows[3][2..11],
        [
            f(2400.0),
            f(2400.0),
            f(0.0),
            f(0.5),
            f(2.0),
            f(1.0),
            f(0.0),
            f(25.0),
            f(-25.0)
        ]
    );
    // The same table as CSV and JSON, exact.
    let csv = ok(&office(&db, &["export", "--format", "csv", "--event", "1"]));
    let mut lines = csv.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("编号,姓名,原等级分 Ro,对手平均分 Ra,分差 D,预期得分率 P,局数 N,预期局分 We,实得局分 W,换算系数 K,升降值 ΔR,"),
        "{csv}"
    );
    // Ro, Ra, D, P, N, We, W, K, ΔR of 甲 and 乙, compared as exact decimals.
    let d = |t: &str| -> Decimal { t.parse().unwrap() };
    let figures = |line: &str| -> (String, Vec<Decimal>) {
        let cells: Vec<&str> = line.split(',').collect();
        let nums = cells[2..11].iter().map(|c| c.parse().unwrap()).collect();
        (format!("{},{}", cells[0], cells[1]), nums)
    };
    assert_eq!(
        figures(lines.next().unwrap()),
        (
            "1,甲".to_string(),
            vec![
                d("2400"),
                d("2400.0"),
                d("0"),
                d("0.50"),
                d("2"),
                d("1.00"),
                d("2"),
                d("25"),
                d("25")
            ]
        )
    );
    assert_eq!(
        figures(lines.next().unwrap()),
        (
            "2,乙".to_string(),
            vec![
                d("2400"),
                d("2400.0"),
                d("0"),
                d("0.50"),
                d("2"),
                d("1.00"),
                d("0"),
                d("25"),
                d("-25")
            ]
        )
    );
    let json: serde_json::Value = serde_json::from_str(&ok(&office(
        &db,
        &["export", "--format", "json", "--event", "1"],
    )))
    .unwrap();
    let l = &json["lines"][0];
    let exact: Vec<Decimal> = [
        "opponents_average",
        "difference",
        "expected_fraction",
        "expected_score",
    ]
    .iter()
    .map(|k| d(l[*k].as_str().unwrap()))
    .collect();
    assert_eq!(exact, [d("2400.0"), d("0"), d("0.50"), d("1.00")]);
    // CSV and JSON exports of the same list.
    let csv = ok(&office(&db, &["export", "--format", "csv"]));
    assert!(
        csv.lines().any(|l| l.starts_with("1,甲,m,,,,2425,12,")),
        "{csv}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&ok(&office(&db, &["export", "--format", "json"]))).unwrap();
    assert_eq!(json["rows"][0]["rating"], "2425");
}

/// The audit log names who acted: `--by NAME`, else the operating-system
/// user; a blank `--by` is refused.
#[test]
fn the_audit_log_names_who_acted() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("who.sqlite3");
    let list = dir.path().join("list.csv");
    std::fs::write(&list, list_csv(0)).unwrap();
    let event = dir.path().join("match.json");
    std::fs::write(&event, SMALL).unwrap();

    import_and_publish(
        &db,
        list.to_str().unwrap(),
        "2019-01-01",
        &["--by", "王官员"],
    );
    let from_os = Command::new(QIYUAN)
        .args([
            "office",
            "import-event",
            event.to_str().unwrap(),
            "--profile",
            "cxa-2019",
        ])
        .arg("--database")
        .arg(&db)
        .env("USER", "osuser")
        .output()
        .unwrap();
    ok(&from_os);
    let blank = office(&db, &["publish", "--by", " "]);
    assert!(!blank.status.success());
    let err = String::from_utf8_lossy(&blank.stderr);
    assert!(err.contains("--by: give a name"), "{err}");

    let url = qiyuan_store::database_url(&db.display().to_string());
    let store = block_on(Store::open(&url)).unwrap();
    let log = block_on(store.audit_log()).unwrap();
    let by: Vec<Option<&str>> = log.iter().map(|e| e.by.as_deref()).collect();
    // The list's import and publication, then the event.
    assert_eq!(by, [Some("王官员"), Some("王官员"), Some("osuser")]);
    assert_eq!(block_on(store.verify_audit_chain()).unwrap(), None);
    block_on(store.close());
}

/// Every way `--help` writes a SQLite database opens it, creating the file
/// (and its folder) on first use: `sqlite://PATH`, `sqlite:///ABSOLUTE`,
/// `sqlite:PATH`, a plain path; relative paths from the working folder,
/// names with capitals, spaces and Chinese kept as typed. A folder that
/// cannot be made is one clear error naming it, said once.
#[test]
fn every_sqlite_form_opens_or_creates_the_database() {
    let dir = tempfile::tempdir().unwrap();
    let abs = dir.path().join("abs dir/Office 棋院.sqlite3");
    let forms = [
        (
            "sqlite://Rel.sqlite3".to_string(),
            dir.path().join("Rel.sqlite3"),
        ),
        (format!("sqlite://{}", abs.display()), abs.clone()),
        (
            "sqlite:sub/rel.sqlite3".to_string(),
            dir.path().join("sub/rel.sqlite3"),
        ),
        (
            "plain.sqlite3".to_string(),
            dir.path().join("plain.sqlite3"),
        ),
        (
            format!("sqlite:{}", dir.path().join("x.db").display()),
            dir.path().join("x.db"),
        ),
    ];
    for (given, file) in &forms {
        for args in [
            vec!["office", "init", "--database", given.as_str()],
            vec![
                "token",
                "create",
                "--role",
                "arbiter",
                "--database",
                given.as_str(),
            ],
        ] {
            let out = Command::new(QIYUAN)
                .args(&args)
                .current_dir(dir.path())
                .output()
                .unwrap();
            ok(&out);
        }
        assert!(file.is_file(), "{given}: no database at {}", file.display());
        // The file is a real database: what init made, a second run finds.
        let again = Command::new(QIYUAN)
            .args(["office", "init", "--database", given.as_str()])
            .current_dir(dir.path())
            .output()
            .unwrap();
        ok(&again);
    }
    // A folder under a regular file cannot be made.
    std::fs::write(dir.path().join("a-file"), "x").unwrap();
    for given in ["a-file/db.sqlite3", "sqlite://a-file/db.sqlite3"] {
        let out = Command::new(QIYUAN)
            .args(["office", "init", "--database", given])
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(!out.status.success(), "{given}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{given}: one line: {err}");
        assert_eq!(
            err.matches("a-file").count(),
            2,
            "{given}: folder and file named once: {err}"
        );
        assert!(err.contains("cannot create the folder"), "{given}: {err}");
        assert!(
            !err.contains("unable to open database file"),
            "{given}: {err}"
        );
    }
}

/// A TRF goes into the office as the arbiter's federation sends it: its
/// start ranks turned into list ids by a mapping file, or refused with the
/// two ways named when neither is given.
#[test]
fn a_trf_is_imported_under_the_list_ids_of_its_mapping_file() {
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let trf = examples.join("open.trf").display().to_string();
    let map = examples.join("open-ids.csv").display().to_string();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("office.sqlite3");
    // The list: every player of the TRF (name and sex as the TRF gives
    // them) under the id the mapping file gives their start rank.
    let ids: std::collections::HashMap<String, String> = std::fs::read_to_string(&map)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| {
            let (rank, id) = l.split_once(',').unwrap();
            (rank.to_string(), id.to_string())
        })
        .collect();
    let mut list = String::from("id,name,sex,rating,rated_games,status\n");
    for line in std::fs::read_to_string(&trf).unwrap().lines() {
        if let Some(rest) = line.strip_prefix("001") {
            let rank = rest[..5].trim();
            let sex = rest[6..7].trim();
            let name = rest[11..44].trim();
            let rating = rest[45..49].trim();
            writeln!(list, "{},\"{name}\",{sex},{rating},40,active", ids[rank]).unwrap();
        }
    }
    let list_file = dir.path().join("list.csv");
    std::fs::write(&list_file, list).unwrap();
    let list_file = list_file.display().to_string();
    let out = ok(&office(
        &db,
        &[
            "import-list",
            &list_file,
            "--date",
            "2024-01-01",
            "--profile",
            "fide-2024",
        ],
    ));
    let id = draft_id(&out);
    ok(&office(
        &db,
        &["publish", "--list", &id, "--confirm-identity"],
    ));

    let refused = office(&db, &["import-event", &trf, "--profile", "fide-2024"]);
    assert!(!refused.status.success());
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.contains("--ids") && said.contains("--map"), "{said}");

    let out = ok(&office(
        &db,
        &[
            "import-event",
            &trf,
            "--profile",
            "fide-2024",
            "--map",
            &map,
        ],
    ));
    assert!(out.contains("22 players"), "{out}");
    assert!(out.contains("1 event(s) imported"), "{out}");
    // The player behind start rank 1 is list id 20107 (the mapping file).
    let player = ok(&office(&db, &["player", "20107"]));
    assert!(player.contains("Wang, Lei"), "{player}");
}

/// Issue 12, defect 10: "no command to verify the audit chain". `office
/// verify` passes on an office as published, and fails (exit 1, naming the
/// list) once a published row is changed behind the office's back.
#[test]
fn verify_checks_the_chain_and_the_published_lists() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("verify.sqlite3");
    let list = dir.path().join("list.csv");
    std::fs::write(&list, list_csv(3)).unwrap();
    import_and_publish(
        &db,
        list.to_str().unwrap(),
        "2019-01-01",
        &["--by", "officer"],
    );
    let out = ok(&office(&db, &["verify"]));
    assert!(out.contains("audit chain: whole"), "{out}");
    assert!(out.contains("published lists: 1 match"), "{out}");

    let url = qiyuan_store::database_url(&db.display().to_string());
    let store = block_on(Store::open(&url)).unwrap();
    block_on(async {
        for sql in [
            "DROP TRIGGER list_entries_published_update",
            "UPDATE list_entries SET rating = '2999' WHERE player_id = 1",
        ] {
            sqlx::query(sql).execute(store.pool()).await.unwrap();
        }
        store.close().await;
    });
    let out = office(&db, &["verify"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("list #1: ALTERED"), "{text}");
}

/// Issue 14's list column, the FIDE id, in the office's exports: a list
/// file with a `FIDE ID` column is imported and published, a period
/// computed from it, and the computed list's CSV, workbook and JSON carry
/// each player's FIDE id; the CSV reads back with them.
#[test]
fn a_lists_fide_ids_are_in_its_exports() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("office.sqlite3");
    let p = |f: &str| dir.path().join(f).display().to_string();
    std::fs::write(
        p("list.csv"),
        "id,name,sex,rating,rated_games,status,FIDE ID\n\
         1,甲,m,2400,10,active,8600001\n\
         2,乙,m,2400,10,active,\n",
    )
    .unwrap();
    std::fs::write(p("small.json"), SMALL).unwrap();
    import_and_publish(&db, &p("list.csv"), "2019-01-01", &[]);
    ok(&office(
        &db,
        &["import-event", &p("small.json"), "--profile", "cxa-2019"],
    ));
    ok(&office(
        &db,
        &[
            "period",
            "--profile",
            "cxa-2019",
            "--list-date",
            "2019-06-01",
        ],
    ));
    ok(&office(&db, &["publish"]));

    // The list CSV: the id last, and read back by the list reader.
    let csv = ok(&office(&db, &["export", "--format", "csv"]));
    assert!(csv.lines().next().unwrap().ends_with(",fide_id"), "{csv}");
    assert!(
        csv.lines()
            .any(|l| l.starts_with("1,甲,m,") && l.ends_with(",8600001")),
        "{csv}"
    );
    let back = qiyuan_formats::list::read_list_rows(
        csv.as_bytes(),
        "export.csv",
        &qiyuan_formats::sheet::Limits::list(),
    )
    .unwrap();
    let ids: Vec<_> = back.rows.iter().map(|r| (r.row.id.0, r.fide_id)).collect();
    assert_eq!(ids, [(1, Some(8600001)), (2, None)]);

    // The workbook: a FIDE编号 column, the id a number.
    ok(&office(
        &db,
        &["export", "--format", "xlsx", "-o", &p("list.xlsx")],
    ));
    let mut wb: Xlsx<_> = open_workbook(p("list.xlsx")).unwrap();
    let range = wb.worksheet_range_at(0).unwrap().unwrap();
    let rows: Vec<&[Data]> = range.rows().collect();
    let col = rows[0]
        .iter()
        .position(|h| *h == Data::String("FIDE编号".into()))
        .expect("a FIDE id column");
    assert_eq!(rows[1][2], Data::String("甲".into()));
    assert_eq!(rows[1][col], Data::Float(8600001.0));
    assert_eq!(rows[2][col], Data::Empty);

    // JSON.
    let json: serde_json::Value =
        serde_json::from_str(&ok(&office(&db, &["export", "--format", "json"]))).unwrap();
    assert_eq!(json["rows"][0]["fide_id"], 8600001);
    assert_eq!(json["rows"][1]["fide_id"], serde_json::Value::Null);
}
