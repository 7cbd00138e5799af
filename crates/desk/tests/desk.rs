//! The desk against reference data from outside the code: Swiss rounds of
//! `testdata/swiss` (paired by a FIDE-endorsed engine) re-paired through
//! the tournament model, the FIDE Berger tables of `testdata/berger`, the
//! FIDE Tie-Break Server's values of `testdata/tiebreaks`, a hand-worked
//! rating example and a hand-worked knockout; imports that name line and
//! field; TRF export read back into the same event.

use std::collections::BTreeSet;
use std::str::FromStr;

use qiyuan_desk::export::{event_from_trf, pairings_csv, standings_csv, trf};
use qiyuan_desk::import::{players_from_csv, players_from_trf, players_from_xlsx};
use qiyuan_desk::prelude::*;
use qiyuan_desk::{DeskError, settings::DutchEdition};
use qiyuan_rating::Lang;
use rust_decimal::Decimal;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata");

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{DATA}/{path}")).unwrap()
}

fn swiss_settings() -> EventSettings {
    let mut s = EventSettings::swiss("rtg", GameKind::Chess, 1);
    s.system = System::Swiss {
        edition: DutchEdition::Fide2026,
        acceleration: false,
    };
    s
}

/// The pairing of every round of a TRF tournament, re-made through the desk:
/// the event read into the model, cut to the rounds before, the round's
/// known absences (H, Z, F) entered as requested byes, the initial colour
/// that of player 1 in round 1 (`testdata/README.md`). Returns the
/// rounds that differ.
fn repair_all(name: &str, text: &str) -> Vec<String> {
    let full = event_from_trf(text, swiss_settings()).unwrap();
    let rounds = full.event().rounds().to_vec();
    let mut settings = full.settings().clone();
    let p1 = full.event().players().iter().map(|p| p.id).min().unwrap();
    if let Ok(c) = full.event().outcome(p1, 1)
        && let Some(colour) = c.colour()
    {
        settings.initial_colour = colour;
    }
    let mut bad = Vec::new();
    let last = if full.total_rounds() as usize > rounds.len() {
        rounds.len() + 1
    } else {
        rounds.len()
    };
    for r in 1..=last {
        let mut e = full.clone();
        e.set_settings(settings.clone()).unwrap();
        e.restore_rounds(rounds[..r - 1].to_vec()).unwrap();
        if let Some(round) = rounds.get(r - 1) {
            for &(id, kind) in &round.byes {
                if matches!(
                    kind,
                    ByeKind::HalfPoint | ByeKind::ZeroPoint | ByeKind::FullPoint
                ) {
                    e.request_bye(r as u32, id, kind).unwrap();
                }
            }
        }
        let got = e.pair_next_round();
        match rounds.get(r - 1) {
            None => {
                // `142` announces a round that could not be paired.
                if !matches!(got, Err(DeskError::NoValidPairing { .. })) {
                    bad.push(format!(
                        "{name} round {r}: expected no valid pairing, got {got:?}"
                    ));
                }
            }
            Some(round) => {
                let Ok(got) = got else {
                    bad.push(format!("{name} round {r}: {got:?}"));
                    continue;
                };
                let want: BTreeSet<(u32, u32)> =
                    round.games.iter().map(|g| (g.white.0, g.black.0)).collect();
                let have: BTreeSet<(u32, u32)> =
                    got.boards.iter().map(|b| (b.white.0, b.black.0)).collect();
                let pab = |byes: &[(PlayerId, ByeKind)]| {
                    byes.iter()
                        .find(|(_, k)| *k == ByeKind::PairingAllocated)
                        .map(|(p, _)| p.0)
                };
                if want != have || pab(&round.byes) != pab(&got.byes) {
                    bad.push(format!(
                        "{name} round {r}: want {want:?} bye {:?}, got {have:?} bye {:?}",
                        pab(&round.byes),
                        pab(&got.byes)
                    ));
                }
            }
        }
    }
    bad
}

#[test]
fn swiss_rounds_of_the_small_set_through_the_model() {
    let mut bad = Vec::new();
    let mut cases = 0;
    for i in 1..=100 {
        let name = format!("swiss/small/rtg-{i}.trf");
        bad.extend(repair_all(&name, &read(&name)));
        cases += 1;
    }
    assert_eq!(cases, 100);
    assert!(
        bad.is_empty(),
        "{} rounds differ:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// Every tournament of `swiss/rtg` (15–215 players): heavy in debug builds.
#[test]
#[ignore]
fn swiss_rounds_of_the_rtg_set_through_the_model() {
    let mut bad = Vec::new();
    for entry in std::fs::read_dir(format!("{DATA}/swiss/rtg")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "trf") {
            let text = std::fs::read_to_string(&path).unwrap();
            bad.extend(repair_all(&path.display().to_string(), &text));
        }
    }
    assert!(
        bad.is_empty(),
        "{} rounds differ:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn round_robin_rounds_are_the_fide_berger_tables() {
    for n in 3..=16u32 {
        let text = read(&format!("berger/berger-{n}.txt"));
        let mut e = DeskEvent::new(EventSettings::round_robin("rr", GameKind::Chess, 1)).unwrap();
        for i in 1..=n {
            e.add_player(PlayerInfo::new(format!("P{i}"))).unwrap();
        }
        let mut rounds = 0;
        for line in text.lines().filter(|l| l.starts_with("round")) {
            let (_, pairs) = line.split_once(':').unwrap();
            let mut boards = Vec::new();
            let mut bye = None;
            for tok in pairs.split_whitespace() {
                let (a, b) = tok.split_once('-').unwrap();
                if b == "bye" {
                    bye = Some(PlayerId(a.parse().unwrap()));
                } else {
                    boards.push(Board::new(a.parse().unwrap(), b.parse().unwrap()));
                }
            }
            let p = e.pair_next_round().unwrap();
            assert_eq!(p.boards, boards, "{n} players, {line}");
            assert_eq!(p.byes.first().map(|b| b.0), bye, "{n} players, {line}");
            assert!(e.check_round(&p).unwrap().is_empty());
            e.apply_round(&p).unwrap();
            rounds += 1;
        }
        assert_eq!(rounds, e.total_rounds(), "{n} players");
        assert!(matches!(
            e.pair_next_round(),
            Err(DeskError::EventFinished(_))
        ));
    }
}

#[test]
fn standings_equal_the_tie_break_server() {
    let mut checked = 0;
    for i in 1..=100 {
        let text = read(&format!("swiss/small/rtg-{i}.trf"));
        let mut s = swiss_settings();
        s.tiebreaks = "fide-swiss".into();
        let e = event_from_trf(&text, s).unwrap();
        let table = e.standings_table(None).unwrap();
        assert_eq!(table.tiebreaks, ["BH/C1", "BH", "SB", "DE", "WIN"]);
        let csv = read(&format!("tiebreaks/small/rtg-{i}.csv"));
        let mut lines = csv.lines().filter(|l| !l.starts_with('#'));
        let header: Vec<&str> = lines.next().unwrap().split(',').collect();
        let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
        for l in lines {
            let f: Vec<&str> = l.split(',').collect();
            let id = PlayerId(f[col("start_rank")].parse().unwrap());
            let line = table.lines.iter().find(|x| x.player == id).unwrap();
            let d = |name: &str| Decimal::from_str(f[col(name)]).unwrap();
            assert_eq!(line.points, d("points"), "rtg-{i} player {id}");
            assert_eq!(
                line.rank,
                f[col("rank")].parse::<u32>().unwrap(),
                "rtg-{i} player {id} rank"
            );
            for (k, name) in ["BH/C1", "BH", "SB"].iter().enumerate() {
                assert_eq!(line.values[k], Some(d(name)), "rtg-{i} player {id} {name}");
            }
            assert_eq!(line.values[4], Some(d("WIN")), "rtg-{i} player {id} WIN");
            checked += 1;
        }
    }
    assert!(checked >= 900);
}

/// The cxa-2019 Swiss hand-worked in `crates/rating/tests/events.rs`
/// (regulations.md, 第九条 and 第十条), run at the desk: player 1 (2400, 40
/// valid games → K 15) meets 2350, 2480 and the unrated player 4 (Ru 2300):
/// Ra = 7130 / 3 = 2376.67 → 2376.7, D = 23.3 → P 0.53, We = 3 × 0.53 =
/// 1.59, W = 2.5, ΔR = 15 × (2.5 − 1.59) = 13.65 → 13.7.
#[test]
fn rating_report_of_a_hand_worked_event() {
    let mut s = EventSettings::swiss("cxa", GameKind::Xiangqi, 3);
    s.rating_profile = Some("cxa-2019".into());
    let mut e = DeskEvent::new(s).unwrap();
    let ratings = [
        Some(2400),
        Some(2350),
        Some(2480),
        None,
        Some(2150),
        Some(2320),
    ];
    // The hand-worked numbers, as a file would give them.
    for (i, r) in ratings.iter().enumerate() {
        let mut info = PlayerInfo::new(format!("P{}", i + 1));
        info.rating = *r;
        info.sex = Some(if i == 4 { Sex::Female } else { Sex::Male });
        e.restore_player(PlayerId(i as u32 + 1), info, 1, None)
            .unwrap();
    }
    type Games<'a> = &'a [(u32, u32, GameResult)];
    type Byes<'a> = &'a [(u32, ByeKind)];
    let rounds: [(Games, Byes); 3] = [
        (
            &[
                (1, 2, GameResult::WhiteWins),
                (3, 4, GameResult::Draw),
                (5, 6, GameResult::BlackWins),
            ],
            &[],
        ),
        (
            &[
                (1, 3, GameResult::Draw),
                (2, 5, GameResult::WhiteForfeitWin),
                (6, 4, GameResult::BlackWins),
            ],
            &[],
        ),
        (
            &[(1, 4, GameResult::WhiteWins), (2, 3, GameResult::BlackWins)],
            &[(5, ByeKind::FullPoint), (6, ByeKind::HalfPoint)],
        ),
    ];
    for (r, (games, byes)) in rounds.iter().enumerate() {
        let p = ProposedRound {
            round: r as u32 + 1,
            boards: games.iter().map(|&(w, b, _)| Board::new(w, b)).collect(),
            byes: byes.iter().map(|&(p, k)| (PlayerId(p), k)).collect(),
        };
        e.apply_round(&p).unwrap();
        for (i, &(_, _, res)) in games.iter().enumerate() {
            e.set_result(r as u32 + 1, i + 1, res, "").unwrap();
        }
    }
    let games = [40, 10, 60, 6, 50, 35];
    let report = e
        .rating_report_with(None, &|p, r| {
            r.rated_games = games[p.id.0 as usize - 1];
            if p.id.0 == 3 {
                r.ever_reached = Some(Decimal::from(2510));
            }
        })
        .unwrap();
    let p1 = report.players.iter().find(|p| p.id.0 == 1).unwrap();
    let d = |s: &str| Decimal::from_str(s).unwrap();
    assert_eq!(
        p1.opponents_average.map(|x| x.round_dp(1)),
        Some(d("2376.7"))
    );
    assert_eq!(p1.expected_fraction, Some(d("0.53")));
    assert_eq!(p1.expected_score, Some(d("1.59")));
    assert_eq!(p1.k, Some(15));
    assert_eq!(p1.change, Some(d("13.7")));
    assert_eq!(p1.rating_after, Some(d("2414")));
}

/// Four players, matches of two games with alternating colours and a
/// decisive game (a draw goes to Black): the bracket of four is 1–4 and
/// 2–3 (seed s meets 2ⁿ + 1 − s), the top place has White first.
#[test]
fn knockout_from_the_bracket() {
    let mut s = EventSettings::swiss("KO", GameKind::Xiangqi, 0);
    s.system = System::Knockout {
        games_per_match: 2,
        armageddon: true,
    };
    let mut e = DeskEvent::new(s).unwrap();
    for n in ["A", "B", "C", "D"] {
        e.add_player(PlayerInfo::new(n)).unwrap();
    }
    // 2 stages × (2 games + 1 decisive game).
    assert_eq!(e.total_rounds(), 6);
    let r1 = e.pair_next_round().unwrap();
    assert_eq!(r1.boards, [Board::new(1, 4), Board::new(2, 3)]);
    e.apply_round(&r1).unwrap();
    e.set_result(1, 1, GameResult::WhiteWins, "").unwrap();
    e.set_result(1, 2, GameResult::Draw, "").unwrap();
    // Game 2: colours reversed.
    let r2 = e.pair_next_round().unwrap();
    assert_eq!(r2.boards, [Board::new(4, 1), Board::new(3, 2)]);
    e.apply_round(&r2).unwrap();
    e.set_result(2, 1, GameResult::Draw, "").unwrap(); // 1 leads 1½–½: through
    e.set_result(2, 2, GameResult::Draw, "").unwrap(); // 1–1: decisive game
    let r3 = e.pair_next_round().unwrap();
    assert_eq!(r3.boards, [Board::new(2, 3)]);
    e.apply_round(&r3).unwrap();
    e.set_result(3, 1, GameResult::Draw, "").unwrap(); // a draw goes to Black: 3
    let r4 = e.pair_next_round().unwrap();
    assert_eq!((r4.round, r4.boards.clone()), (4, vec![Board::new(1, 3)]));
    e.apply_round(&r4).unwrap();
    e.set_result(4, 1, GameResult::BlackWins, "").unwrap();
    let r5 = e.pair_next_round().unwrap();
    assert_eq!(r5.boards, [Board::new(3, 1)]);
    e.apply_round(&r5).unwrap();
    e.set_result(5, 1, GameResult::WhiteWins, "").unwrap(); // 3 wins 2–0
    assert!(matches!(
        e.pair_next_round(),
        Err(DeskError::EventFinished(_))
    ));
    assert_eq!(e.knockout_bracket(6).unwrap().champion(), Some(PlayerId(3)));
}

#[test]
fn manual_changes_answer_with_warnings() {
    let mut e = DeskEvent::new(EventSettings::swiss("W", GameKind::Chess, 5)).unwrap();
    for i in 1..=5 {
        e.add_player(PlayerInfo::new(format!("P{i}"))).unwrap();
    }
    e.forbid_pair(PlayerId(2), PlayerId(4)).unwrap();
    let r1 = ProposedRound {
        round: 1,
        boards: vec![Board::new(1, 3), Board::new(4, 2)],
        byes: vec![(PlayerId(5), ByeKind::PairingAllocated)],
    };
    // Board 2 pairs a forbidden pair.
    assert_eq!(
        e.check_round(&r1).unwrap(),
        [PairingWarning::ForbiddenPair {
            board: 2,
            white: PlayerId(4),
            black: PlayerId(2)
        }]
    );
    e.apply_round(&r1).unwrap();
    e.set_result(1, 1, GameResult::WhiteWins, "").unwrap();
    e.set_result(1, 2, GameResult::Draw, "").unwrap();
    e.request_bye(2, PlayerId(2), ByeKind::HalfPoint).unwrap();
    let mut r2 = ProposedRound {
        round: 2,
        boards: vec![Board::new(3, 1), Board::new(5, 4)],
        byes: vec![(PlayerId(2), ByeKind::HalfPoint)],
    };
    // 3 and 1 met in round 1.
    assert_eq!(
        e.check_round(&r2).unwrap(),
        [PairingWarning::MetBefore {
            board: 1,
            white: PlayerId(3),
            black: PlayerId(1),
            rounds: vec![1]
        }]
    );
    // Exchanging 1 and 5 removes it; the bye is untouched.
    let w = e
        .exchange_players(&mut r2, PlayerId(1), PlayerId(5))
        .unwrap();
    assert!(w.is_empty(), "{w:?}");
    // Giving 5 the pairing-allocated bye again: he had one, and 3 is left alone.
    let w = e
        .give_bye(&mut r2, PlayerId(5), ByeKind::PairingAllocated)
        .unwrap();
    assert_eq!(
        w,
        [
            PairingWarning::SecondPairingBye {
                player: PlayerId(5)
            },
            PairingWarning::Unpaired {
                player: PlayerId(3)
            }
        ]
    );
    assert_eq!(
        w[0].to_string(),
        "player 5 gets the pairing-allocated bye but already had one or won without playing"
    );
    assert_eq!(
        w[1].text(qiyuan_rating::Lang::Zh),
        "3号本轮既未编排也未轮空"
    );
    // A player twice is an error, not a warning.
    let mut twice = r2.clone();
    twice.boards.push(Board::new(1, 5));
    assert!(matches!(
        e.check_round(&twice),
        Err(DeskError::BadRound { .. })
    ));
    // Paired despite his requested bye.
    let mut r2b = ProposedRound {
        round: 2,
        boards: vec![Board::new(2, 5), Board::new(4, 1)],
        byes: vec![(PlayerId(3), ByeKind::PairingAllocated)],
    };
    assert_eq!(
        e.check_round(&r2b).unwrap(),
        [PairingWarning::PairedDespiteRequestedBye {
            board: 1,
            player: PlayerId(2),
            requested: ByeKind::HalfPoint
        }]
    );
    // White three times: player 1 (w in round 1) — swap to make it w, w in 2, then check round 3.
    let w = e.swap_colours(&mut r2b, 2).unwrap();
    assert_eq!(w.len(), 1);
    e.apply_round(&r2b).unwrap();
    e.set_result(2, 1, GameResult::Draw, "").unwrap();
    e.set_result(2, 2, GameResult::Draw, "").unwrap();
    let r3 = ProposedRound {
        round: 3,
        boards: vec![Board::new(1, 2), Board::new(3, 4)],
        byes: vec![(PlayerId(5), ByeKind::ZeroPoint)],
    };
    let w = e.check_round(&r3).unwrap();
    assert!(
        w.contains(&PairingWarning::SameColourThreeTimes {
            board: 1,
            player: PlayerId(1),
            colour: Colour::White
        }),
        "{w:?}"
    );
    assert!(w.contains(&PairingWarning::ColourDifference {
        board: 1,
        player: PlayerId(1),
        difference: 3
    }));
}

#[test]
fn imports_name_line_and_field() {
    let ok = players_from_csv("Name;Rating;Sex;Club\nA;2100;m;X\n\nB;;F;\n".as_bytes()).unwrap();
    let with_list = players_from_csv(
        "name,rating,rated_games,ever_reached\nA,2100,31,2500\nB,2000,,\n".as_bytes(),
    )
    .unwrap();
    assert_eq!(
        (
            with_list[0].info.rated_games,
            with_list[0].info.ever_reached
        ),
        (Some(31), Some(2500.into()))
    );
    assert_eq!(
        (
            with_list[1].info.rated_games,
            with_list[1].info.ever_reached
        ),
        (None, None)
    );
    assert_eq!(ok.len(), 2);
    assert_eq!((ok[1].line, ok[1].info.sex), (4, Some(Sex::Female)));
    let cases: [(&str, &str); 7] = [
        (
            "姓名,性别\n甲,男\n乙,X\n",
            "line 3: field `sex`: `X` is not a sex (m/f, 男/女)",
        ),
        (
            "name,rating\nA,2x00\n",
            "line 2: field `rating`: `2x00` is not a rating",
        ),
        (
            "rating\n2000\n",
            "line 1: field `name`: no `name` (姓名) column in the header",
        ),
        (
            "编号,证号,name\n1,2,A\n",
            "line 1: field `id`: columns `编号` and `证号` are both the id column: keep one",
        ),
        (
            "name,rated_games\nA,many\n",
            "line 2: field `rated_games`: `many` is not a whole number ≥ 0",
        ),
        (
            "name,ever_reached\nA,9000\n",
            "line 2: field `ever_reached`: 9000 is not a rating (0 to 4000)",
        ),
        (
            "name,birth\nA,1990-13-01\n",
            "line 2: field `birth`: `1990-13-01` is neither a year YYYY nor a date YYYY-MM-DD",
        ),
    ];
    for (csv, msg) in cases {
        assert_eq!(
            players_from_csv(csv.as_bytes()).unwrap_err().to_string(),
            msg
        );
    }
    // xlsx: written by rust_xlsxwriter, read back from bytes.
    let mut book = rust_xlsxwriter::Workbook::new();
    let ws = book.add_worksheet();
    for (c, h) in ["姓名", "等级分", "单位"].iter().enumerate() {
        ws.write_string(0, c as u16, *h).unwrap();
    }
    ws.write_string(1, 0, "王天一").unwrap();
    ws.write_number(1, 1, 2650.0).unwrap();
    ws.write_string(1, 2, "杭州").unwrap();
    ws.write_string(2, 0, "郑惟桐").unwrap();
    ws.write_string(2, 1, "高").unwrap();
    let bytes = book.save_to_buffer().unwrap();
    let err = players_from_xlsx(&bytes).unwrap_err().to_string();
    assert_eq!(err, "line 3: field `rating`: `高` is not a rating");
    let mut book = rust_xlsxwriter::Workbook::new();
    let ws = book.add_worksheet();
    ws.write_string(0, 0, "name").unwrap();
    ws.write_string(1, 0, "王天一").unwrap();
    let good = players_from_xlsx(&book.save_to_buffer().unwrap()).unwrap();
    assert_eq!((good[0].line, good[0].info.name.as_str()), (2, "王天一"));
    // The rating list's data that decide K: valid games, events, highest.
    let mut book = rust_xlsxwriter::Workbook::new();
    let ws = book.add_worksheet();
    for (c, h) in ["姓名", "已计算有效局数", "参赛次数", "历史最高等级分"]
        .iter()
        .enumerate()
    {
        ws.write_string(0, c as u16, *h).unwrap();
    }
    ws.write_string(1, 0, "王天一").unwrap();
    ws.write_number(1, 1, 35.0).unwrap();
    ws.write_number(1, 2, 4.0).unwrap();
    ws.write_number(1, 3, 2510.5).unwrap();
    let x = players_from_xlsx(&book.save_to_buffer().unwrap()).unwrap();
    assert_eq!(x[0].info.rated_games, Some(35));
    assert_eq!(x[0].info.rated_events, Some(4));
    assert_eq!(x[0].info.ever_reached, Some("2510.5".parse().unwrap()));
    assert!(players_from_xlsx(b"not a workbook").is_err());
    // TRF: the reader's line and field.
    let bad = "012 T\n001    1      A                                 21x0\n";
    let err = players_from_trf(bad).unwrap_err();
    assert_eq!(err.line, 2);
    assert!(
        err.to_string().starts_with("line 2: field `rating`"),
        "{err}"
    );
}

#[test]
fn trf_export_reads_back_as_the_same_event() {
    let e = qiyuan_desk::demo::xiangqi_swiss().unwrap();
    let text = trf(&e, false).unwrap();
    let back = event_from_trf(&text, e.settings().clone()).unwrap();
    // Board order cannot be read back from a TRF (testdata/README.md):
    // compare each round's games in White's order.
    let sorted = |e: &DeskEvent| {
        e.event()
            .rounds()
            .iter()
            .map(|r| {
                let mut g = r.games.clone();
                g.sort_by_key(|g| g.white);
                (g, r.byes.clone())
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(sorted(&back), sorted(&e));
    assert_eq!(back.total_rounds(), 7);
    for (a, b) in back.players().iter().zip(e.players()) {
        // TRF has no column for the unit (club).
        let mut b = b.clone();
        b.info.club = None;
        assert_eq!(*a, b);
    }
    assert_eq!(
        back.standings_table(None)
            .unwrap()
            .lines
            .iter()
            .map(|l| (l.player, l.points))
            .collect::<Vec<_>>(),
        e.standings_table(None)
            .unwrap()
            .lines
            .iter()
            .map(|l| (l.player, l.points))
            .collect::<Vec<_>>()
    );
    let players = players_from_trf(&text).unwrap();
    assert_eq!(players.len(), 16);
    // TRF16 with XXR/XXC reads back too.
    let t16 = trf(&e, true).unwrap();
    assert!(t16.contains("XXR 7"));
    assert_eq!(
        sorted(&event_from_trf(&t16, e.settings().clone()).unwrap()),
        sorted(&e)
    );
    // Standings and pairings as CSV.
    let st = standings_csv(&e.standings_table(None).unwrap(), &[], Lang::Zh);
    assert!(st.starts_with("名次,序号,姓名,等级分,单位,积分,"));
    assert_eq!(st.lines().count(), 17);
    let pr = pairings_csv(&e, 1, Lang::Zh).unwrap();
    assert!(pr.starts_with("台次,序号,红方,积分,结果,积分,黑方,序号"));
    assert_eq!(pr.lines().count(), 9);
}

/// Issue 12, defect 10: "CSV exports pass names beginning `=`, `+`, `-`,
/// `@` to spreadsheets unchanged (formula injection)".
#[test]
fn csv_exports_never_hand_a_spreadsheet_a_formula() {
    let csv = "name,rating\n=HYPERLINK(\"http://evil\";\"x\"),2100\n@SUM(A1),2000\n-2+3,1900\n";
    let players = players_from_csv(csv.as_bytes()).unwrap();
    let mut e = DeskEvent::new(EventSettings::swiss("W", GameKind::Chess, 5)).unwrap();
    e.import_players(&players).unwrap();
    let st = standings_csv(&e.standings_table(None).unwrap(), &[], Lang::En);
    assert!(st.contains("\"'=HYPERLINK("), "{st}");
    assert!(st.contains(",'@SUM(A1),"), "{st}");
    assert!(st.contains(",'-2+3,"), "{st}");
    let round = e.pair_next_round().unwrap();
    e.apply_round(&round).unwrap();
    let pr = pairings_csv(&e, 1, Lang::En).unwrap();
    assert!(!pr.contains(",=") && !pr.contains(",@"), "{pr}");
}

/// The rated-event conditions reach the desk's rating report from the
/// settings: the arbiters' grades written after their names, the
/// registration day, the round dates.
///
/// cxa-2019 第三条(三): 至少应有两名国家级（含以上级别）裁判员主持整个竞赛裁判工作 —
/// a 国家级 chief arbiter and a 一级 arbiter are one, not two (failed); with a
/// 国际级 arbiter instead (含以上级别) they are two (met).
/// 第三条(五): 承办单位必须提前两个月申报 — registered 1 March for a 1 May
/// start is two months ahead (met); 15 March is not (failed).
#[test]
fn rated_event_conditions_from_the_desk_settings() {
    use qiyuan_rating::conditions::CheckStatus;
    let day = |m, d| chrono::NaiveDate::from_ymd_opt(2026, m, d).unwrap();
    let mut s = EventSettings::swiss("cxa", GameKind::Xiangqi, 1);
    s.rating_profile = Some("cxa-2019".into());
    s.start = Some(day(5, 1));
    s.end = Some(day(5, 1));
    s.round_dates = vec![day(5, 1)];
    s.chief_arbiter = Some("王裁判（国家级）".into());
    s.arbiters = vec!["李裁判（一级）".into()];
    s.regulation.registered = Some(day(3, 15));
    let mut e = DeskEvent::new(s).unwrap();
    for (i, r) in [2400, 2350].iter().enumerate() {
        let mut info = PlayerInfo::new(format!("P{}", i + 1));
        info.rating = Some(*r);
        info.sex = Some(Sex::Male);
        e.restore_player(PlayerId(i as u32 + 1), info, 1, None)
            .unwrap();
    }
    e.apply_round(&ProposedRound {
        round: 1,
        boards: vec![Board::new(1, 2)],
        byes: vec![],
    })
    .unwrap();
    e.set_result(1, 1, GameResult::Draw, "").unwrap();
    let status = |e: &DeskEvent, article: &str| {
        let report = e.rating_report(None).unwrap();
        report
            .conditions
            .iter()
            .find(|c| c.article == article)
            .map(|c| c.status)
            .unwrap_or_else(|| panic!("no {article} in {:?}", report.conditions))
    };
    assert_eq!(status(&e, "第三条(三)"), CheckStatus::Failed);
    assert_eq!(status(&e, "第三条(五)"), CheckStatus::Failed);
    let mut s = e.settings().clone();
    s.arbiters = vec!["Li (international)".into()];
    s.regulation.registered = Some(day(3, 1));
    e.set_settings(s).unwrap();
    assert_eq!(status(&e, "第三条(三)"), CheckStatus::Met);
    assert_eq!(status(&e, "第三条(五)"), CheckStatus::Met);
}

/// The TRF header carries the time control (122) as numbers: the preset
/// `xiangqi-6.1` is 象棋竞赛规则 6.1 (quoted in seed 003): 90 分钟 40 着，以后每
/// 15 分钟 10 着; and the round dates (132) the settings give.
#[test]
fn trf_export_writes_the_time_control_and_round_dates() {
    let mut e = qiyuan_desk::demo::xiangqi_swiss().unwrap();
    let mut s = e.settings().clone();
    s.regulation.time_control = Some("xiangqi-6.1".into());
    e.set_settings(s).unwrap();
    let text = trf(&e, false).unwrap();
    assert!(text.lines().any(|l| l == "122 90/40, 15/10"), "{text}");
    let dates = text.lines().find(|l| l.starts_with("132")).expect("132");
    assert_eq!(
        dates.split_whitespace().skip(1).take(2).collect::<Vec<_>>(),
        [
            e.settings().round_dates[0].format("%y/%m/%d").to_string(),
            e.settings().round_dates[1].format("%y/%m/%d").to_string()
        ]
    );
}
