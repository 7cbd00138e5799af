//! Titles in a TRF (issue 11, item 9): the `001` title field (cols 11–13)
//! holds only the eight FIDE codes of TRF16/TRF26 (`GM IM WGM FM WIM CM WFM
//! WCM`); a title without a FIDE equivalent goes to this project's `QYT`
//! extension record and comes back on reading. The expected columns below
//! are the TRF16 layout's (title cols 11–13, name from col 15); which titles
//! are FIDE titles is FIDE's list (a Chinese national title such as
//! 象棋特级大师 is not one).

use qiyuan_formats::trf::{Field, Record, TitleRecord, TrfWarningKind, parse_trf};
use qiyuan_formats::trf_model::{event_from_trf, trf_from_event};
use qiyuan_tournament::model::{Event, EventKind, Player, PlayerId};
use qiyuan_tournament::scoring::ScoringSystem;

/// An event of `titles.len()` players, player `i + 1` holding `titles[i]`.
fn event_with(titles: &[Option<&str>]) -> Event {
    let mut event = Event::new(EventKind::Swiss, 7);
    for (i, t) in titles.iter().enumerate() {
        let mut p = Player::new(i as u32 + 1, format!("Player {}", i + 1));
        p.title = t.map(str::to_string);
        event.add_player(p).unwrap();
    }
    event
}

fn export(event: &Event) -> String {
    trf_from_event("Xiangqi open", event, &ScoringSystem::default(), None)
        .write_trf2026()
        .expect("a title never makes the export fail")
}

/// Columns `a..=b` (1-based, in characters) of a line.
fn cols(line: &str, a: usize, b: usize) -> String {
    line.chars().skip(a - 1).take(b + 1 - a).collect()
}

fn player_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.starts_with("001")).collect()
}

const CHINESE: [&str; 8] = [
    "候补大师",
    "特级大师",
    "大师",
    "一级棋士",
    "象棋特级大师",
    "女子大师",
    "特级棋协大师",
    "五级棋士",
];

#[test]
fn chinese_titles_round_trip_through_the_qyt_record() {
    let titles: Vec<Option<&str>> = CHINESE.iter().map(|t| Some(*t)).collect();
    let text = export(&event_with(&titles));
    // Not one of them is a FIDE title: every 001 title field is blank.
    for line in player_lines(&text) {
        assert_eq!(cols(line, 11, 13), "   ", "{line}");
    }
    let qyt: Vec<&str> = text.lines().filter(|l| l.starts_with("QYT")).collect();
    assert_eq!(qyt.len(), 8);
    assert_eq!(qyt[0], "QYT    1 候补大师");
    assert_eq!(qyt[4], "QYT    5 象棋特级大师");

    let file = parse_trf(&text).unwrap();
    assert_eq!(file.check(), []);
    let back = event_from_trf(&file, None).unwrap().event;
    for (i, t) in CHINESE.iter().enumerate() {
        let p = back.player(PlayerId(i as u32 + 1)).unwrap();
        assert_eq!(p.title.as_deref(), Some(*t), "player {}", i + 1);
    }
}

#[test]
fn fide_titles_are_written_as_their_code() {
    let titles = [
        Some("GM"),
        Some("wim"),
        Some("国际特级大师"),
        Some("女子国际特级大师"),
        Some("国际大师"),
        Some("CM"),
        None,
    ];
    let text = export(&event_with(&titles));
    let fields: Vec<String> = player_lines(&text)
        .iter()
        .map(|l| cols(l, 11, 13))
        .collect();
    assert_eq!(
        fields,
        [" GM", "WIM", " GM", "WGM", " IM", " CM", "   "],
        "{text}"
    );
    // A title written as the code itself (in any case) needs no extension
    // record; one spelt otherwise keeps its spelling there.
    let qyt: Vec<&str> = text.lines().filter(|l| l.starts_with("QYT")).collect();
    assert_eq!(
        qyt,
        [
            "QYT    3 国际特级大师",
            "QYT    4 女子国际特级大师",
            "QYT    5 国际大师"
        ]
    );
    let file = parse_trf(&text).unwrap();
    // What another program reads: the 001 field alone.
    let codes: Vec<Option<&str>> = file.players().map(|p| p.title.as_deref()).collect();
    assert_eq!(
        codes,
        [
            Some("GM"),
            Some("WIM"),
            Some("GM"),
            Some("WGM"),
            Some("IM"),
            Some("CM"),
            None
        ]
    );
    let back = event_from_trf(&file, None).unwrap().event;
    assert_eq!(
        back.player(PlayerId(3)).unwrap().title.as_deref(),
        Some("国际特级大师")
    );
    assert_eq!(
        back.player(PlayerId(1)).unwrap().title.as_deref(),
        Some("GM")
    );
    assert_eq!(
        back.player(PlayerId(2)).unwrap().title.as_deref(),
        Some("WIM")
    );
    assert_eq!(back.player(PlayerId(7)).unwrap().title, None);
}

#[test]
fn national_titles_without_fide_equivalent_are_not_given_a_fide_code() {
    // 象棋特级大师 / 特级大师 rank with GM in the initial order but are not
    // FIDE titles; NM (国家大师) is a national title, not one of the eight.
    let titles = [
        Some("象棋特级大师"),
        Some("特级大师"),
        Some("NM"),
        Some("国家大师"),
    ];
    let text = export(&event_with(&titles));
    for line in player_lines(&text) {
        assert_eq!(cols(line, 11, 13).trim(), "", "{line}");
    }
    let file = parse_trf(&text).unwrap();
    assert_eq!(file.player_title(3), Some("NM"));
    assert_eq!(file.player(3).unwrap().title, None);
}

#[test]
fn the_title_field_never_overflows() {
    let long = "国际象棋协会特级大师候选人（省级）";
    let titles = [
        Some(long),
        Some("Dr. honoris causa"),
        Some("  候补大师  "),
        Some("a\nb"),
        Some("   "),
    ];
    let text = export(&event_with(&titles));
    for line in player_lines(&text) {
        // Title in 11–13, a space in 14, the name from 15: nothing shifted.
        assert!(cols(line, 11, 13).chars().count() == 3, "{line}");
        assert_eq!(cols(line, 14, 14), " ", "{line}");
        assert!(cols(line, 15, 47).starts_with("Player "), "{line}");
    }
    let file = parse_trf(&text).unwrap();
    assert_eq!(file.player_title(1), Some(long));
    assert_eq!(file.player_title(2), Some("Dr. honoris causa"));
    assert_eq!(file.player_title(3), Some("候补大师"));
    // A title is one line: the break becomes a space.
    assert_eq!(file.player_title(4), Some("a b"));
    assert_eq!(file.player_title(5), None);
}

#[test]
fn other_programs_extension_lines_are_still_kept_and_ignored() {
    let text = "012 Open\n\
001    1      A                                 2100                             0.0    1\n\
001    2      B                                 2000                             0.0    2\n\
DAT    1 EMAIL a@example.org\n\
QYX    1 whatever\n\
QYT    2 一级棋士\n";
    let file = parse_trf(text).unwrap();
    assert!(matches!(&file.records[3], Record::Other(l) if l.starts_with("DAT    1")));
    assert!(matches!(&file.records[4], Record::Other(l) if l == "QYX    1 whatever"));
    assert_eq!(
        file.records[5],
        Record::Title(TitleRecord {
            player: 2,
            title: "一级棋士".into()
        })
    );
    assert_eq!(file.player_title(1), None);
    assert_eq!(file.write_trf2026().unwrap(), text);
    let event = event_from_trf(&file, None).unwrap().event;
    assert_eq!(
        event.player(PlayerId(2)).unwrap().title.as_deref(),
        Some("一级棋士")
    );
}

#[test]
fn a_bad_qyt_record_is_refused_by_field() {
    let err = parse_trf("QYT   x1 大师\n").unwrap_err();
    assert_eq!((err.line, err.column, err.field), (1, 5, Field::PlayerId));
    let err = parse_trf("QYT    1\n").unwrap_err();
    assert_eq!((err.column, err.field), (10, Field::Title));
    let err = parse_trf("QYT    1大师\n").unwrap_err();
    assert_eq!((err.column, err.field), (9, Field::Separator));
    // A QYT naming no player of the file is a warning, as for XXP.
    let file = parse_trf("001    1      A\nQYT    9 大师\n").unwrap();
    assert_eq!(
        file.check()[0].kind,
        TrfWarningKind::UnknownPlayer {
            record: "QYT",
            id: 9
        }
    );
}
