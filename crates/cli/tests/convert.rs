//! `qiyuan convert` end to end: TRF → event file → TRF keeps the pairings,
//! colours, results, ratings, points and ranks of reference tournaments
//! (`testdata/swiss/`), an event file survives event → TRF → event, and
//! bad requests get clear errors.

use std::path::Path;
use std::process::Command;

use qiyuan_formats::event::read_event_path;
use qiyuan_formats::trf::{PlayerRecord, Record, parse_trf};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata");
const EXAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples");

fn qiyuan(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(args)
        .output()
        .expect("run qiyuan")
}

fn ok(args: &[&str]) -> String {
    let out = qiyuan(args);
    assert!(
        out.status.success(),
        "qiyuan {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stderr).unwrap()
}

fn players(path: &Path) -> Vec<PlayerRecord> {
    let file = parse_trf(&std::fs::read_to_string(path).unwrap()).unwrap();
    file.records
        .into_iter()
        .filter_map(|r| match r {
            Record::Player(p) => Some(p),
            _ => None,
        })
        .collect()
}

/// TRF → JSON → TRF (and TRF → TOML → TRF): every player's number, name,
/// rating, points, rank and round entries (opponent, colour, result) equal
/// the original's.
fn round_trip(rel: &str) {
    let dir = tempfile::tempdir().unwrap();
    let src = Path::new(DATA).join(rel);
    for ext in ["json", "toml"] {
        let event = dir.path().join(format!("e.{ext}"));
        let back = dir.path().join(format!("back-{ext}.trf"));
        let s = src.to_str().unwrap();
        let notes = ok(&[
            "convert",
            s,
            event.to_str().unwrap(),
            "--sex",
            "m",
            "--ids",
            "start-rank",
        ]);
        // The files' 092 record has no place in the event file: reported.
        assert!(notes.contains("092"), "{notes}");
        ok(&["convert", event.to_str().unwrap(), back.to_str().unwrap()]);
        let (a, b) = (players(&src), players(&back));
        assert_eq!(a.len(), b.len(), "{rel}");
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x.start_number, y.start_number, "{rel}");
            assert_eq!(x.name, y.name, "{rel}");
            assert_eq!(x.rating, y.rating, "{rel} player {}", x.start_number);
            assert_eq!(x.points, y.points, "{rel} player {}", x.start_number);
            assert_eq!(x.rank, y.rank, "{rel} player {}", x.start_number);
            for r in 1..=x.rounds.len().max(y.rounds.len()) {
                assert_eq!(
                    x.round(r),
                    y.round(r),
                    "{rel} player {} round {r}",
                    x.start_number
                );
            }
        }
        // The event file itself reads back: every player, every game.
        let e = read_event_path(&event).unwrap();
        assert_eq!(e.players().len(), a.len());
    }
}

#[test]
fn trf_event_trf_small() {
    // 9 players, 7 rounds, with forfeits (+/-) and U byes.
    round_trip("swiss/small/rtg-1.trf");
}

#[test]
fn trf_event_trf_with_half_and_zero_byes() {
    // Pick files that hold H and Z byes (found by reading the data).
    let dir = Path::new(DATA).join("swiss/rtg");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".trf"))
        .collect();
    names.sort();
    let mut found = (false, false);
    for n in names {
        let text = std::fs::read_to_string(dir.join(&n)).unwrap();
        let h = text.contains("0000 - H");
        let z = text.contains("0000 - Z");
        if (h && !found.0) || (z && !found.1) {
            round_trip(&format!("swiss/rtg/{n}"));
            found = (found.0 || h, found.1 || z);
        }
        if found == (true, true) {
            break;
        }
    }
    assert_eq!(found, (true, true), "the data hold H and Z byes");
}

#[test]
fn trf_event_trf_larger() {
    round_trip("swiss/rtg/rtg-10.trf");
    round_trip("swiss/rtg/rtg-100.trf");
}

#[test]
fn unfinished_schedule_is_reported() {
    // s100: XXR 9 but 8 rounds played; the event file keeps the games only.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("s100.json");
    let src = format!("{DATA}/swiss/large/s100.trf");
    let notes = ok(&[
        "convert",
        &src,
        out.to_str().unwrap(),
        "--sex",
        "f",
        "--ids",
        "start-rank",
    ]);
    assert!(
        notes.contains("schedules 9 rounds, 8 have results"),
        "{notes}"
    );
    let e = read_event_path(&out).unwrap();
    assert_eq!(e.players().len(), 100);
    assert!(e.pairings().iter().all(|p| p.round() <= 8));
    // 100 players × 8 rounds = 800 appearances: 2 per game, 1 per bye.
    let appearances: usize = e
        .pairings()
        .iter()
        .map(|p| match p {
            qiyuan_rating::model::Pairing::Game { .. } => 2,
            qiyuan_rating::model::Pairing::Bye { .. } => 1,
        })
        .sum();
    let absent = players(Path::new(&src))
        .iter()
        .flat_map(|p| p.rounds[..8].to_vec())
        .filter(|e| e.is_blank())
        .count();
    assert_eq!(appearances + absent, 800);
}

#[test]
fn event_trf_event() {
    // The xiangqi example: players, games and byes come back; ratings are
    // whole numbers already; units and rating-list data are reported lost.
    let dir = tempfile::tempdir().unwrap();
    let src = format!("{EXAMPLES}/cxa-2019-swiss.json");
    let trf = dir.path().join("x.trf");
    let back = dir.path().join("x.json");
    let notes = ok(&["convert", &src, trf.to_str().unwrap()]);
    assert!(notes.contains("单位"), "{notes}");
    assert!(notes.contains("rated_games"), "{notes}");
    let text = std::fs::read_to_string(&trf).unwrap();
    assert!(text.starts_with(
        "012 2019年江南象棋公开赛\n042 2019/08/09\n052 2019/08/11\n092 Swiss System\n"
    ));
    ok(&[
        "convert",
        trf.to_str().unwrap(),
        back.to_str().unwrap(),
        "--game",
        "xiangqi",
        "--ids",
        "start-rank",
    ]);
    let (a, b) = (
        read_event_path(Path::new(&src)).unwrap(),
        read_event_path(&back).unwrap(),
    );
    assert_eq!(a.name(), b.name());
    assert_eq!(a.game(), b.game());
    assert_eq!(a.system(), b.system());
    assert_eq!(a.start(), b.start());
    assert_eq!(a.end(), b.end());
    for (x, y) in a.players().iter().zip(b.players()) {
        assert_eq!(
            (x.id, &x.name, x.sex, x.rating, &x.title, x.birth_year),
            (y.id, &y.name, y.sex, y.rating, &y.title, y.birth_year)
        );
    }
    let mut pa = a.pairings().to_vec();
    let mut pb = b.pairings().to_vec();
    let key = |p: &qiyuan_rating::model::Pairing| format!("{p:?}");
    pa.sort_by_key(key);
    pb.sort_by_key(key);
    assert_eq!(pa, pb);
}

#[test]
fn json_toml_and_stdout() {
    let src = format!("{EXAMPLES}/cxa-2019-swiss.json");
    let out = qiyuan(&["convert", &src, "-", "--to", "toml"]);
    assert!(out.status.success());
    let toml = String::from_utf8(out.stdout).unwrap();
    assert!(toml.contains("[[players]]") && toml.contains("name = \"陈志远\""));
}

#[test]
fn clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let src = format!("{DATA}/swiss/small/rtg-1.trf");
    let json = dir.path().join("x.json");
    let json = json.to_str().unwrap();
    // No guess at list ids.
    let out = qiyuan(&["convert", &src, json, "--sex", "m"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("not by their rating-list ids") && err.contains("--ids start-rank"),
        "{err}"
    );
    let out = qiyuan(&["convert", &src, json, "--ids", "start-rank"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("player 1 (Test0001 Player0001) has no sex"),
        "{err}"
    );
    assert!(err.contains("--sex m"), "{err}");
    let out = qiyuan(&["convert", &src, dir.path().join("x.docx").to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot tell the output format") && err.contains("--to"),
        "{err}"
    );
    let out = qiyuan(&["convert", &src, "-"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--to"), "{err}");
    // GBK bytes (中 = D6 D0) are refused with a hint.
    let gbk = dir.path().join("gbk.trf");
    std::fs::write(&gbk, b"012 \xD6\xD0\n").unwrap();
    let out = qiyuan(&["convert", gbk.to_str().unwrap(), "-", "--to", "json"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("not UTF-8") && err.contains("iconv"), "{err}");
    // A TRF whose two entries of a game disagree names the line.
    let bad = dir.path().join("bad.trf");
    std::fs::write(
        &bad,
        "012 x\n\
001    1 m    A                                 2100                             1.0    1     2 w 1\n\
001    2 m    B                                 2000                             1.0    2     1 b 1\n",
    )
    .unwrap();
    let out = qiyuan(&[
        "convert",
        bad.to_str().unwrap(),
        dir.path().join("b.json").to_str().unwrap(),
        "--ids",
        "start-rank",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("line 2") && err.contains("do not match"),
        "{err}"
    );
}

#[test]
fn round_robin_systems_from_the_number_of_rounds() {
    use qiyuan_formats::trf::{ResultCode, RoundColour, RoundEntry, TrfFile};
    // Berger table for 4 (C.05 Annex 1): R1 1–4 2–3, R2 4–3 1–2, R3 2–4 3–1;
    // the second cycle repeats it with colours reversed. Every game drawn.
    let cycle = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]];
    let write = |cycles: usize| {
        let mut file = TrfFile::default();
        file.records.push(Record::Text {
            code: qiyuan_formats::trf::TextCode::TournamentName,
            text: "RR".into(),
        });
        for id in 1..=4u16 {
            let mut rec = PlayerRecord::new(id, format!("P{id}"));
            for c in 0..cycles {
                for round in &cycle {
                    let &(w, b) = round.iter().find(|(w, b)| *w == id || *b == id).unwrap();
                    let white = (w == id) == (c == 0);
                    rec.rounds.push(RoundEntry {
                        opponent: Some(if w == id { b } else { w }),
                        colour: if white {
                            RoundColour::White
                        } else {
                            RoundColour::Black
                        },
                        result: ResultCode::Draw,
                    });
                }
            }
            file.records.push(Record::Player(rec));
        }
        file.write_trf2026().unwrap()
    };
    let dir = tempfile::tempdir().unwrap();
    for (cycles, system) in [(1, "round-robin"), (2, "double-round-robin")] {
        let trf = dir.path().join(format!("rr{cycles}.trf"));
        std::fs::write(&trf, write(cycles)).unwrap();
        let out = qiyuan(&[
            "convert",
            trf.to_str().unwrap(),
            "-",
            "--to",
            "json",
            "--sex",
            "m",
            "--ids",
            "start-rank",
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let json = String::from_utf8(out.stdout).unwrap();
        assert!(
            json.contains(&format!("\"system\": \"{system}\"")),
            "{json}"
        );
        // 2 games a round, 3 rounds a cycle.
        assert_eq!(json.matches("\"result\": \"1/2-1/2\"").count(), 6 * cycles);
    }
}

/// The list ids of `examples/open-ids.csv` (its rows read here, not by the
/// code under test) replace the start ranks everywhere: players, games and
/// byes. A player the file leaves out, two players on one id, and FIDE IDs
/// asked for but missing are refused by name.
#[test]
fn players_are_written_under_their_list_ids() {
    let dir = tempfile::tempdir().unwrap();
    let src = format!("{EXAMPLES}/open.trf");
    let map_path = format!("{EXAMPLES}/open-ids.csv");
    let map: std::collections::HashMap<u32, u32> = std::fs::read_to_string(&map_path)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| {
            let (a, b) = l.split_once(',').unwrap();
            (a.parse().unwrap(), b.parse().unwrap())
        })
        .collect();
    let by_rank = dir.path().join("by-rank.json");
    let by_map = dir.path().join("by-map.json");
    ok(&[
        "convert",
        &src,
        by_rank.to_str().unwrap(),
        "--ids",
        "start-rank",
    ]);
    ok(&[
        "convert",
        &src,
        by_map.to_str().unwrap(),
        "--map",
        &map_path,
    ]);
    let (a, b) = (
        read_event_path(&by_rank).unwrap(),
        read_event_path(&by_map).unwrap(),
    );
    assert_eq!(a.players().len(), 22);
    for (x, y) in a.players().iter().zip(b.players()) {
        assert_eq!(map[&x.id.0], y.id.0, "{}", x.name);
        assert_eq!(x.name, y.name);
    }
    let renamed: Vec<_> = a
        .pairings()
        .iter()
        .map(|p| match *p {
            qiyuan_rating::model::Pairing::Game {
                round,
                white,
                black,
                result,
            } => format!("{round} {} {} {result:?}", map[&white.0], map[&black.0]),
            qiyuan_rating::model::Pairing::Bye {
                round,
                player,
                kind,
            } => format!("{round} bye {} {kind:?}", map[&player.0]),
        })
        .collect();
    let written: Vec<_> = b
        .pairings()
        .iter()
        .map(|p| match *p {
            qiyuan_rating::model::Pairing::Game {
                round,
                white,
                black,
                result,
            } => format!("{round} {} {} {result:?}", white.0, black.0),
            qiyuan_rating::model::Pairing::Bye {
                round,
                player,
                kind,
            } => format!("{round} bye {} {kind:?}", player.0),
        })
        .collect();
    assert_eq!(renamed, written);

    // Player 22 left out; player 2 given player 1's id.
    let short = dir.path().join("short.csv");
    let text = std::fs::read_to_string(&map_path).unwrap();
    std::fs::write(&short, text.lines().take(22).collect::<Vec<_>>().join("\n")).unwrap();
    let out = qiyuan(&[
        "convert",
        &src,
        "-",
        "--to",
        "json",
        "--map",
        short.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("22 Liang, Ying"), "{err}");
    let twice = dir.path().join("twice.csv");
    std::fs::write(
        &twice,
        text.replacen("2,20114", &format!("2,{}", map[&1]), 1),
    )
    .unwrap();
    let out = qiyuan(&[
        "convert",
        &src,
        "-",
        "--to",
        "json",
        "--map",
        twice.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("would both be list id {}", map[&1])),
        "{err}"
    );
    // open.trf has no FIDE IDs.
    let out = qiyuan(&["convert", &src, "-", "--to", "json", "--ids", "fide"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("no FIDE ID") && err.contains("1 Wang, Lei"),
        "{err}"
    );
}
