//! `qiyuan standings` end to end on reference TRF files: the JSON output
//! carries the FIDE Tie-Break Server's values and ranking
//! (`testdata/tiebreaks/`), and bad input gets a clear error.

use std::process::Command;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata");

fn qiyuan(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(args)
        .output()
        .expect("run qiyuan")
}

/// One reference row: start rank, points, rank, (column, value) pairs.
type Row = (u64, f64, u64, Vec<(String, f64)>);

/// The reference CSV rows.
fn reference(name: &str) -> Vec<Row> {
    let text = std::fs::read_to_string(format!("{DATA}/tiebreaks/{name}.csv")).unwrap();
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<String> = lines.next().unwrap().split(',').map(String::from).collect();
    lines
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            let cols = header[3..]
                .iter()
                .cloned()
                .zip(f[3..].iter().map(|v| v.parse().unwrap()))
                .collect();
            (
                f[0].parse().unwrap(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
                cols,
            )
        })
        .collect()
}

#[test]
fn json_matches_the_tie_break_server() {
    for name in ["small/rtg-1", "small/rtg-17", "rtg/rtg-5", "rtg/rtg-150"] {
        let trf = format!("{DATA}/swiss/{name}.trf");
        // The reference rank uses PTS, BH/C1, BH, SB, DE, WIN = the fide-swiss preset.
        let out = qiyuan(&["standings", &trf, "--format", "json"]);
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let rows = json["standings"].as_array().unwrap();
        let list = "BH,BH/C1,BH/M1,SB,PS,WIN,WON,BPG,BWG,REP,ARO,TPR,PTP,KS,AOB,FB";
        let out2 = qiyuan(&["standings", &trf, "--format", "json", "--tiebreaks", list]);
        let json2: serde_json::Value = serde_json::from_slice(&out2.stdout).unwrap();
        let rows2 = json2["standings"].as_array().unwrap();
        let want = reference(name);
        assert_eq!(rows.len(), want.len());
        for (id, points, rank, cols) in want {
            let row = rows.iter().find(|r| r["id"].as_u64() == Some(id)).unwrap();
            assert_eq!(row["rank"].as_u64(), Some(rank), "{name} player {id} rank");
            assert_eq!(
                row["points"].as_f64(),
                Some(points),
                "{name} player {id} points"
            );
            let row2 = rows2.iter().find(|r| r["id"].as_u64() == Some(id)).unwrap();
            for (code, value) in cols {
                assert_eq!(
                    row2["tiebreaks"][&code].as_f64(),
                    Some(value),
                    "{name} player {id} {code}"
                );
            }
        }
    }
}

#[test]
fn table_and_csv() {
    let trf = format!("{DATA}/swiss/small/rtg-1.trf");
    let out = qiyuan(&["standings", &trf, "--preset", "fide-swiss", "--lang", "en"]);
    let text = String::from_utf8(out.stdout).unwrap();
    // The file's seven rounds are all played: the final ranking, in the
    // heading of the desk's pages and prints (ui-conventions §4).
    assert!(text.starts_with("Final ranking after 7 rounds\n"), "{text}");
    let out = qiyuan(&["standings", &trf, "--after-round", "5", "--lang", "en"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("Rank after round 5\n"), "{text}");
    // C.07: BH/C1 is Buchholz Cut-1, a column apart from BH.
    assert!(text.contains("TB1: BH/C1 — Buchholz cut 1\n"), "{text}");
    assert!(text.contains("TB2: BH — Buchholz\n"), "{text}");
    let out = qiyuan(&["standings", &trf, "--preset", "fide-swiss", "--lang", "zh"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("对手分（去掉最低 1 轮）(BH/C1)"), "{text}");
    assert!(text.contains("TB2: BH — 对手分\n"), "{text}");
    // Without --lang the headers follow the input: an English TRF gets
    // English headers, a Chinese event file Chinese ones.
    let out = qiyuan(&["standings", &trf, "--preset", "fide-swiss"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("Final ranking after 7 rounds\n"), "{text}");
    let chinese = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/cxa-2019-swiss.json"
    );
    let text = String::from_utf8(qiyuan(&["standings", chinese]).stdout).unwrap();
    assert!(text.starts_with("5轮后最终排名\n"), "{text}");
    let out = qiyuan(&["standings", &trf, "--format", "csv", "--tiebreaks", "BH,SB"]);
    let csv = String::from_utf8(out.stdout).unwrap();
    let mut lines = csv.lines();
    // The desk's standings export: the same columns as its CSV download.
    assert_eq!(lines.next(), Some("rank,no,name,rating,club,points,BH,SB"));
    // small/rtg-1.csv: player 1 first with 6.0 points, BH 31.0, SB 25.00.
    assert_eq!(lines.next(), Some("1,1,Test0001 Player0001,2502,,6,31,25"));
}

#[test]
fn bad_input_is_named() {
    let trf = format!("{DATA}/swiss/small/rtg-1.trf");
    let out = qiyuan(&["standings", &trf, "--tiebreaks", "BH,XYZ"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown tie-break `XYZ`"));
    let out = qiyuan(&["standings", &trf, "--preset", "nope"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown preset `nope`"));
    let out = qiyuan(&["standings", "/nonexistent.trf"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent.trf"));
    let dir = std::env::temp_dir().join(format!("qiyuan-standings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.trf");
    // Player 1 says he played 2, player 2 says he played 3.
    std::fs::write(
        &bad,
        "001    1      A                                 2100                             1.0    1     2 w 1\n\
         001    2      B                                 2000                             0.0    2     3 b 0\n\
         001    3      C                                 2000                             0.0    3     2 w 0\n",
    )
    .unwrap();
    let out = qiyuan(&["standings", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 1") && err.contains("round 1"), "{err}");
}

/// A xiangqi event file (`examples/cxa-2019-swiss.json`, five-round Swiss):
/// 2/1/0 scoring and the 象棋积分编排(对手分) list by default.
/// Player 2: r1 beat 7 (as Black), r2 beat 1, r3 drew 3 (as Black), r4 beat 6,
/// r5 beat 4 (as Black) → 2+2+1+2+2 = 9 points, 4 wins, 3 games as Black,
/// last round 2, third-last 1. 对手分 = final scores of 7, 1, 3, 6, 4 =
/// 5 + 7 + 7 + 4 + 5 = 28.
/// Player 10: lost to 4, bye (a win: 2), drew 9, lost to 11, lost to 7 → 3
/// points; 对手分 = 5 + (bye: lowest score among scorers = 3, his own) + 5 +
/// 5 + 5 = 23.
#[test]
fn xiangqi_event_file() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/cxa-2019-swiss.json"
    );
    let out = qiyuan(&["standings", path, "--format", "json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let order: Vec<&str> = json["tiebreaks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(order[..4], ["XBH", "WIN", "XF", "BPG"]);
    let row = |id: u64| {
        json["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["id"] == id)
            .unwrap()
            .clone()
    };
    let p2 = row(2);
    assert_eq!(p2["rank"], 1);
    assert_eq!(p2["points"], 9);
    assert_eq!(p2["tiebreaks"]["XBH"], 28);
    assert_eq!(p2["tiebreaks"]["WIN"], 4);
    assert_eq!(p2["tiebreaks"]["BPG"], 3);
    assert_eq!(p2["tiebreaks"]["LR1"], 2);
    assert_eq!(p2["tiebreaks"]["LR3"], 1);
    let p10 = row(10);
    assert_eq!(p10["points"], 3);
    assert_eq!(p10["tiebreaks"]["XBH"], 23);
}

#[test]
fn xlsx_needs_an_output_file() {
    let trf = format!("{DATA}/swiss/small/rtg-1.trf");
    let out = qiyuan(&["standings", &trf, "--format", "xlsx"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("-o FILE.xlsx"));
    let dir = std::env::temp_dir().join(format!("qiyuan-standings-xlsx-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("s.xlsx");
    let out = qiyuan(&[
        "standings",
        &trf,
        "--format",
        "xlsx",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // An xlsx workbook is a zip archive.
    assert_eq!(&std::fs::read(&file).unwrap()[..2], b"PK");
}

/// DE prints the points among the tied (FIDE C.07 6.1), not the place it
/// sorts by. A five-player round robin worked by hand (the one of
/// `crates/tournament/tests/direct_encounter_shown.rs`): r1 A–B ½-½, C–D
/// 1-0; r2 A–C 1-0, B–E 0-1; r3 A–D 0-1, C–E 0-1; r4 A–E 0-1, B–D ½-½;
/// r5 B–C ½-½, D–E ½-½. Totals A, B, C 1½, D 2, E 3½; among A, B, C (all
/// met, 6.2): A ½ + 1 = 1½, B ½ + ½ = 1, C 0 + ½ = ½. D and E are tied
/// with nobody: an empty cell.
#[test]
fn direct_encounter_prints_the_points_among_the_tied() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rr.json");
    let games = [
        (1, 1, 2, "1/2-1/2"),
        (1, 3, 4, "1-0"),
        (2, 1, 3, "1-0"),
        (2, 2, 5, "0-1"),
        (3, 1, 4, "0-1"),
        (3, 3, 5, "0-1"),
        (4, 1, 5, "0-1"),
        (4, 2, 4, "1/2-1/2"),
        (5, 2, 3, "1/2-1/2"),
        (5, 4, 5, "1/2-1/2"),
    ];
    let players: Vec<String> = ["A", "B", "C", "D", "E"]
        .iter()
        .enumerate()
        .map(|(i, n)| format!(r#"{{"id": {}, "name": "{n}", "sex": "m"}}"#, i + 1))
        .collect();
    let games: Vec<String> = games
        .iter()
        .map(|(r, w, b, res)| {
            format!(r#"{{"round": {r}, "white": {w}, "black": {b}, "result": "{res}"}}"#)
        })
        .collect();
    let json = format!(
        r#"{{"name": "DE", "game": "chess", "system": "round-robin", "players": [{}], "games": [{}]}}"#,
        players.join(","),
        games.join(",")
    );
    std::fs::write(&path, json).unwrap();
    let path = path.to_str().unwrap();
    let out = qiyuan(&["standings", path, "--tiebreaks", "DE", "--format", "csv"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let csv = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines,
        [
            "rank,no,name,rating,club,points,DE",
            "1,5,E,,,3.5,",
            "2,4,D,,,2,",
            "3,1,A,,,1.5,1.5",
            "4,2,B,,,1.5,1",
            "5,3,C,,,1.5,0.5",
        ]
    );
    let out = qiyuan(&["standings", path, "--tiebreaks", "DE", "--lang", "en"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("DE: the points each of the tied scored"),
        "{text}"
    );
    let out = qiyuan(&["standings", path, "--tiebreaks", "DE", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let de: Vec<String> = json["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["tiebreaks"]["DE"].to_string())
        .collect();
    assert_eq!(de, ["null", "null", "1.5", "1", "0.5"]);
}
