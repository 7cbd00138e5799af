//! A hand-made TRF26 file (`trf_sample_2026.trf`) holding every record type
//! the reader types: each value reads as written, and the file writes back
//! byte for byte. The expected values below are read off the sample's text.

use qiyuan_formats::trf::*;
use rust_decimal::Decimal;

const SAMPLE: &str = include_str!("trf_sample_2026.trf");

fn d(s: &str) -> Decimal {
    s.parse().unwrap()
}

#[test]
fn sample_round_trips_byte_for_byte() {
    let file = parse_trf(SAMPLE).unwrap();
    assert_eq!(file.write_trf2026().unwrap(), SAMPLE);
    assert_eq!(file.check(), []);
    // CR line ends, as the FIDE text asks.
    let cr = file
        .write(&WriteOptions {
            dialect: Dialect::Trf2026,
            line_ending: LineEnding::Cr,
        })
        .unwrap();
    assert_eq!(cr, SAMPLE.replace('\n', "\r"));
    assert_eq!(parse_trf(&cr).unwrap(), file);
}

#[test]
fn sample_header_records() {
    let file = parse_trf(SAMPLE).unwrap();
    assert!(
        matches!(&file.records[0], Record::Comment(c) if c.starts_with(" qiyuan TRF26 sample"))
    );
    assert_eq!(file.tournament_name(), Some("Qiyuan Spring Open"));
    assert_eq!(file.text(TextCode::City), Some("Hangzhou"));
    assert_eq!(file.text(TextCode::StartDate), Some("2026/03/01"));
    assert_eq!(file.text(TextCode::TimeControl), Some("90'+30\""));
    assert_eq!(
        file.texts(TextCode::DeputyArbiter).collect::<Vec<_>>(),
        ["Li, Deputy", "Wang, Deputy"]
    );
    assert_eq!(
        file.text(TextCode::EncodedTournamentType),
        Some("FIDE_DUTCH_2025")
    );
    assert_eq!(file.text(TextCode::StartingRankMethod), Some("CHN FIDE"));
    let dates = file.records.iter().find_map(|r| match r {
        Record::RoundDates(v) => Some(v.clone()),
        _ => None,
    });
    let some = |s: &str| Some(s.to_string());
    assert_eq!(
        dates,
        Some(vec![some("26/03/01"), some("26/03/02"), some("26/03/03")])
    );
    assert_eq!(file.total_rounds(), Some(5));
    assert_eq!(file.rounds_in_file(), 3);
    assert_eq!(file.initial_colour(), Some(InitialColour::White));
    assert!(file.pair_by_rank());
    let ps = file.point_system();
    assert_eq!(ps, PointSystem::STANDARD); // 162 and BB? restate the standard values
}

#[test]
fn sample_players() {
    let file = parse_trf(SAMPLE).unwrap();
    assert_eq!(file.players().count(), 6);
    let p1 = file.player(1).unwrap();
    assert_eq!(p1.sex, Some(Sex::Male));
    assert_eq!(p1.title.as_deref(), Some("GM"));
    assert_eq!(p1.name, "Zhao, Yi");
    assert_eq!(p1.rating, Some(2650));
    assert_eq!(p1.fide_id, Some(8600001));
    assert_eq!(
        p1.birth_date().map(|d| d.to_string()),
        Some("1990-05-17".into())
    );
    assert_eq!(p1.points, Some(d("2.5")));
    assert_eq!(p1.rank, Some(1));
    assert_eq!(
        p1.rounds,
        [
            RoundEntry {
                opponent: Some(4),
                colour: RoundColour::White,
                result: ResultCode::Win
            },
            RoundEntry {
                opponent: Some(3),
                colour: RoundColour::Black,
                result: ResultCode::Win
            },
            RoundEntry {
                opponent: Some(5),
                colour: RoundColour::White,
                result: ResultCode::Draw
            },
        ]
    );
    assert_eq!(file.player(2).unwrap().title.as_deref(), Some("WGM"));
    assert_eq!(file.player(2).unwrap().sex, Some(Sex::Female));
    assert_eq!(file.player(3).unwrap().birth_year(), Some(1988));
    assert_eq!(file.player(5).unwrap().name, "Müller, Wu"); // UTF-8 counts as one column per character
    let p6 = file.player(6).unwrap();
    assert_eq!(
        (p6.sex, p6.rating, p6.federation.as_deref(), p6.fide_id),
        (None, None, None, None)
    );
    assert_eq!(p6.round(1).result, ResultCode::ForfeitLoss);
    assert_eq!(
        p6.round(3),
        RoundEntry {
            opponent: None,
            colour: RoundColour::NoColour,
            result: ResultCode::PairingAllocatedBye
        }
    );
    assert_eq!(p6.round(4), RoundEntry::BLANK);
    // Points column = sum of results (standard system), each worked by hand:
    // 1: 1+1+½ = 2.5; 2: ½+1+½(H) = 2; 3: 1(+)+0+0 = 1; 4: 0+½+1 = 1.5;
    // 5: ½+½+½ = 1.5; 6: 0(−)+0+1(U) = 1.
    for p in file.players() {
        assert_eq!(
            Some(p.computed_points(&PointSystem::STANDARD)),
            p.points,
            "player {}",
            p.start_number
        );
    }
}

#[test]
fn sample_other_records() {
    let file = parse_trf(SAMPLE).unwrap();
    let find = |f: &dyn Fn(&Record) -> bool| file.records.iter().find(|r| f(r)).cloned().unwrap();
    assert_eq!(
        find(&|r| matches!(r, Record::Team(_))),
        Record::Team(TeamRecord {
            name: "Hangzhou A".into(),
            players: vec![1, 2, 4]
        })
    );
    assert_eq!(
        find(&|r| matches!(r, Record::Bye(_))),
        Record::Bye(ByeRecord {
            bye: ByeType::Half,
            round: 4,
            players: vec![3, 5]
        })
    );
    assert_eq!(
        find(&|r| matches!(r, Record::Acceleration(_))),
        Record::Acceleration(AccelerationRecord {
            match_points: None,
            game_points: d("1.0"),
            first_round: 1,
            last_round: 2,
            first_player: 1,
            last_player: 3
        })
    );
    assert_eq!(
        file.forbidden_pairs(),
        [
            ProhibitedPairing {
                rounds: Some((1, 5)),
                players: vec![1, 2]
            },
            ProhibitedPairing {
                rounds: None,
                players: vec![4, 6]
            }
        ]
    );
    assert_eq!(
        file.accelerations().collect::<Vec<_>>(),
        [&XxaRecord {
            player: 1,
            points: vec![d("1.0"), d("1.0")]
        }]
    );
    assert_eq!(find(&|r| matches!(r, Record::Xxz(_))), Record::Xxz(vec![2]));
    let Record::Xxs(xxs) = find(&|r| matches!(r, Record::Xxs(_))) else {
        unreachable!()
    };
    assert_eq!(xxs[2], (XxsCode::WhiteDraw, d("0.5")));
    assert_eq!(xxs.len(), 8);
    assert_eq!(
        find(&|r| matches!(r, Record::BbPoints { .. })),
        Record::BbPoints {
            kind: BbKind::Win,
            points: d("1.0")
        }
    );
    let Record::PointSystem(ps) = find(&|r| matches!(r, Record::PointSystem(_))) else {
        unreachable!()
    };
    assert_eq!(ps[4], (PointCode::PairingAllocatedBye, d("1.0")));
    assert!(
        matches!(find(&|r| matches!(r, Record::Other(_))), Record::Other(s) if s.starts_with("310   1 Hangzhou A"))
    );
    // "299" with blank type: -0.5 for player 6 in round 2 (a penalty). check()
    // then leaves player 6's points column alone (1.0 = the results' sum).
    assert_eq!(
        find(&|r| matches!(r, Record::AbnormalPoints(_))),
        Record::AbnormalPoints(AbnormalPoints {
            kind: None,
            match_points: None,
            points: Some(d("-0.5")),
            round: Some(2),
            players: vec![6]
        })
    );
}

#[test]
fn trf16_dialect() {
    let file = parse_trf(SAMPLE).unwrap();
    let t16 = file.write_trf16().unwrap();
    // No comment, no 142 (the file has XXR 5 already), no 152 (XXC has white1).
    assert!(!t16.contains("###") && !t16.contains("\n142") && !t16.contains("\n152"));
    let back = parse_trf(&t16).unwrap();
    assert_eq!(back.total_rounds(), Some(5));
    assert_eq!(back.initial_colour(), Some(InitialColour::White));
    assert_eq!(
        back.players().collect::<Vec<_>>(),
        file.players().collect::<Vec<_>>()
    );
}

#[test]
fn points_system_from_162_and_bb() {
    // TRF26 162: W 3, D 1 ("football" points); P defaults to W, A to 0.
    let f = parse_trf("162  W 3.0    D 1.0\n").unwrap();
    let ps = f.point_system();
    assert_eq!(
        (ps.win, ps.draw, ps.pairing_allocated_bye, ps.full_point_bye),
        (d("3"), d("1"), d("3"), d("3"))
    );
    assert_eq!(ps.half_point_bye, d("1"));
    // bbpPairings: BBU defaults to BBW.
    let f = parse_trf("BBW  2.0\nBBD  1.0\n").unwrap();
    assert_eq!(f.point_system().pairing_allocated_bye, d("2"));
    let f = parse_trf("BBW  2.0\nBBU  0.0\n").unwrap();
    assert_eq!(f.point_system().pairing_allocated_bye, d("0"));
}

#[test]
fn writer_refuses_values_that_do_not_fit() {
    let mut p = PlayerRecord::new(1, "A");
    p.rating = Some(9999);
    p.points = Some(d("100.5")); // 5 characters in cols 81–84
    let file = TrfFile {
        records: vec![Record::Player(p)],
    };
    let e = file.write_trf2026().unwrap_err();
    assert_eq!((e.record, e.field, e.width), (0, Field::Points, Some(4)));
    let file = TrfFile {
        records: vec![Record::Text {
            code: TextCode::City,
            text: "a\nb".into(),
        }],
    };
    assert_eq!(file.write_trf2026().unwrap_err().width, None);
}

#[test]
fn byte_order_marks_and_line_ends() {
    // Found by the fuzzer: two BOMs used to leave one as an unknown record.
    let file = parse_trf("\u{feff}\u{feff}012 A\r\n\r022 B\n").unwrap();
    let text = |t: &str| Record::Text {
        code: TextCode::TournamentName,
        text: t.into(),
    };
    assert_eq!(
        file.records,
        [
            text("A"),
            Record::Blank,
            Record::Text {
                code: TextCode::City,
                text: "B".into()
            }
        ]
    );
    assert_eq!(parse_trf(&file.write_trf2026().unwrap()).unwrap(), file);
    assert_eq!(parse_trf("\u{feff}").unwrap().records, []);
}

#[test]
fn values_not_spellings() {
    // Points "3" (no decimals) keep their spelling; "03.5" is the value 3.5,
    // written " 3.5"; a lower-case result letter is written upper case;
    // "0000" and four blanks are both "no opponent".
    let pre = |pts: &str| format!("001    1      A{}{pts:>4}    1", " ".repeat(65)); // points at cols 81–84
    let f = parse_trf(&format!("{}  0000 - h\n", pre("3"))).unwrap();
    assert_eq!(f.player(1).unwrap().points, Some(d("3")));
    assert_eq!(
        f.write_trf2026().unwrap(),
        format!("{}  0000 - H\n", pre("3"))
    );
    let f = parse_trf(&format!("{}       - Z\n", pre("03.5"))).unwrap();
    assert_eq!(f.player(1).unwrap().points, Some(d("3.5")));
    assert_eq!(f.player(1).unwrap().round(1).opponent, None);
    assert_eq!(
        f.write_trf2026().unwrap(),
        format!("{}  0000 - Z\n", pre("3.5"))
    );
}
