//! Every note and warning of the crate in both languages (issue 15): one
//! example of every kind, each held to the rules of the errors
//! (`crate::error_text`) — `text(Lang::En)` is the `Display` text,
//! `text(Lang::Zh)` has no English sentence ([`english_phrases`]) and keeps
//! the figures of the English.
//!
//! The `match`es without a wildcard arm make a new kind fail to compile
//! here until it has an example.

use qiyuan_rating::Lang;
use qiyuan_vocab::english_phrases;

use crate::list::ListWarning;
use crate::rating_event::{TrfDate, TrfNote};

/// The runs of digits of a text: every figure the English names.
fn figures(text: &str) -> Vec<&str> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|f| !f.is_empty())
        .collect()
}

fn check(en: &str, display: &str, zh: &str) {
    assert_eq!(en, display, "English is the Display text");
    let english = english_phrases(zh);
    assert!(english.is_empty(), "{zh:?} has English: {english:?}");
    for f in figures(en) {
        assert!(zh.contains(f), "{f} of {en:?} is not in {zh:?}");
    }
}

fn trf_notes() -> Vec<TrfNote> {
    let v = vec![
        TrfNote::NoName,
        TrfNote::BadDate {
            date: TrfDate::Start,
            text: "2026-13-40".into(),
        },
        TrfNote::BadDate {
            date: TrfDate::End,
            text: "soon".into(),
        },
        TrfNote::EndBeforeStart,
        TrfNote::RatingOutOfRange {
            start_rank: 7,
            rating: 4200,
        },
        TrfNote::FideIdsNotCarried,
        TrfNote::BirthDatesAsYears,
        TrfNote::GamesWithoutResult { games: 3 },
        TrfNote::RoundsScheduled {
            scheduled: 9,
            played: 5,
        },
        TrfNote::RecordsNotCarried {
            codes: vec!["022", "032"],
            other: true,
        },
        TrfNote::RecordsNotCarried {
            codes: vec!["092"],
            other: false,
        },
        TrfNote::RatingsRounded { ratings: 2 },
        TrfNote::LongTitles { titles: 4 },
        TrfNote::UnitsNotCarried,
        TrfNote::ListDataNotCarried,
        TrfNote::PlayerFieldsNotCarried,
        TrfNote::RegulationNotCarried,
        TrfNote::PointsOnChessScale,
    ];
    for n in &v {
        match n {
            TrfNote::NoName
            | TrfNote::BadDate { .. }
            | TrfNote::EndBeforeStart
            | TrfNote::RatingOutOfRange { .. }
            | TrfNote::FideIdsNotCarried
            | TrfNote::BirthDatesAsYears
            | TrfNote::GamesWithoutResult { .. }
            | TrfNote::RoundsScheduled { .. }
            | TrfNote::RecordsNotCarried { .. }
            | TrfNote::RatingsRounded { .. }
            | TrfNote::LongTitles { .. }
            | TrfNote::UnitsNotCarried
            | TrfNote::ListDataNotCarried
            | TrfNote::PlayerFieldsNotCarried
            | TrfNote::RegulationNotCarried
            | TrfNote::PointsOnChessScale => {}
        }
    }
    v
}

#[test]
fn every_trf_note_in_both_languages() {
    for n in trf_notes() {
        check(&n.text(Lang::En), &n.to_string(), &n.text(Lang::Zh));
    }
}

/// The English of every note as it was written before the notes were typed
/// (the CLI's tests and the users' scripts read it).
#[test]
fn the_english_of_the_trf_notes_is_unchanged() {
    let en: Vec<String> = trf_notes().iter().map(ToString::to_string).collect();
    assert_eq!(
        en,
        [
            "the TRF has no name (012): the file name is used",
            "start date `2026-13-40` (042) is not YYYY/MM/DD: left out",
            "end date `soon` (052) is not YYYY/MM/DD: left out",
            "the end date is before the start date: dates left out",
            "player 7: rating 4200 is outside 100–4000: written as unrated",
            "FIDE IDs are not carried (the event file has no FIDE ID)",
            "birth dates are kept as birth years",
            "3 game(s) without a result are left out (the event file holds finished games)",
            "the TRF schedules 9 rounds, 5 have results: the event file keeps only the games",
            "TRF records not carried: 022, 032, pairing/scoring/team records",
            "TRF records not carried: 092",
            "2 rating(s) with decimals rounded to whole numbers (TRF ratings are whole)",
            "4 title(s) longer than 3 letters left out (the TRF title field is 3 columns)",
            "units (单位) are not carried (a TRF player record has no club)",
            "rating-list data (rated_games, rated_events, ever_reached) are not carried",
            "player fields board, team, computer, international_rating, foreign, grade are not carried",
            "the event's regulation fields (kind, round_dates, arbiters, time_control, rapid, registered, teams, …) are not carried",
            "points are written on the 1 / ½ / 0 scale",
        ]
    );
}

fn list_warnings() -> Vec<ListWarning> {
    let v = vec![
        ListWarning::NotUtf8 {
            file: "gbk2026.csv".into(),
            encoding: "GB18030",
        },
        ListWarning::UnknownColumn {
            file: "r2026.csv".into(),
            column: "colour".into(),
        },
    ];
    for w in &v {
        match w {
            ListWarning::NotUtf8 { .. } | ListWarning::UnknownColumn { .. } => {}
        }
    }
    v
}

#[test]
fn every_list_warning_in_both_languages() {
    for w in list_warnings() {
        let zh = w.text(Lang::Zh);
        check(&w.text(Lang::En), &w.to_string(), &zh);
        match &w {
            ListWarning::NotUtf8 { file, encoding } => {
                assert!(zh.contains(file.as_str()) && zh.contains(encoding), "{zh}");
            }
            ListWarning::UnknownColumn { file, column } => {
                assert!(
                    zh.contains(file.as_str()) && zh.contains(column.as_str()),
                    "{zh}"
                );
            }
        }
    }
}

/// A TRF with every note `from_trf` writes, converted: the notes come out
/// typed, in the order the English always had.
#[test]
fn from_trf_notes_are_typed() {
    use crate::rating_event::{PlayerIds, TrfOptions, from_trf};
    use crate::trf::parse_trf;
    let trf = parse_trf(
        "022 Beijing\n\
042 2026/05/10\n\
052 2026/05/01\n\
001    1 m    Wang Li                           5000 CHN     1234567 1990/01/01  1.0    1     2 w 1           \n\
001    2 m    Zhao Yi                           1700                             0.0    2     1 b 0     3 w  \n\
001    3 m    Li Si                             1600                             0.0    3  0000 - U     2 b  \n",
    )
    .unwrap();
    let options = TrfOptions {
        game: qiyuan_rating::model::GameKind::Chess,
        system: None,
        sex: None,
        ids: PlayerIds::StartRank,
        fallback_name: "open".into(),
    };
    let done = from_trf(&trf, &options).unwrap();
    assert_eq!(
        done.notes,
        [
            TrfNote::NoName,
            TrfNote::EndBeforeStart,
            TrfNote::RatingOutOfRange {
                start_rank: 1,
                rating: 5000
            },
            TrfNote::FideIdsNotCarried,
            TrfNote::BirthDatesAsYears,
            TrfNote::GamesWithoutResult { games: 1 },
            TrfNote::RecordsNotCarried {
                codes: vec!["022"],
                other: false
            },
        ]
    );
}
