//! A rated event and the tournament it was played as
//! (`rating::model::Event::{tournament, from_tournament}`) are each other's
//! inverse on what both hold: every example event file goes to its
//! tournament and back with the same games and byes, and the demo events
//! go to a rated event and back with the same rounds, less what is not
//! rated (a pending game, an absence).

use qiyuan_formats::event::read_event_path;
use qiyuan_rating::model::{Event, Pairing};
use qiyuan_tournament::model::{ByeKind, GameResult};

const EXAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples");

/// A rated event's entries in one order: by round, then the first player.
fn sorted(mut p: Vec<Pairing>) -> Vec<Pairing> {
    p.sort_by_key(|p| (p.round(), p.first(), p.second()));
    p
}

#[test]
fn an_event_file_comes_back_from_the_tournament_model() {
    let mut files = 0;
    for entry in std::fs::read_dir(EXAMPLES).unwrap() {
        let path = entry.unwrap().path();
        // The examples that are event files (the others are lists, games,
        // TRFs and configurations).
        let Ok(file) = read_event_path(&path) else {
            continue;
        };
        files += 1;
        let t = file.tournament();
        let back = Event::from_tournament(
            file.name(),
            file.game(),
            file.system(),
            file.start(),
            file.end(),
            file.players().to_vec(),
            &t,
        )
        .unwrap();
        assert_eq!(
            sorted(back.pairings().to_vec()),
            sorted(file.pairings().to_vec()),
            "{}",
            path.display()
        );
        for (p, q) in file.players().iter().zip(t.players()) {
            assert_eq!(p.id, q.id);
            // 四舍五入 (§1.5): a half goes up.
            let whole = p
                .rating
                .map(|r| {
                    r.round_dp_with_strategy(
                        0,
                        rust_decimal::RoundingStrategy::MidpointAwayFromZero,
                    )
                })
                .filter(|r| !r.is_zero());
            assert_eq!(
                whole.map(|r| r.to_string()),
                q.rating.map(|r| r.to_string())
            );
        }
    }
    // cxa-2019-swiss (JSON and TOML), the cca-chess events, the grades
    // example, the records example.
    assert!(files >= 5, "{files} event files read");
}

#[test]
fn a_desk_event_comes_back_from_the_rated_event() {
    for desk in [
        qiyuan_desk::demo::xiangqi_swiss().unwrap(),
        qiyuan_desk::demo::chess_round_robin().unwrap(),
    ] {
        let rated = desk.rating_event().unwrap();
        let back = rated.tournament();
        let rated_rounds = desk
            .event()
            .rounds()
            .iter()
            .map(|r| {
                let games: Vec<_> = r
                    .games
                    .iter()
                    .filter(|g| g.result != GameResult::Pending)
                    .copied()
                    .collect();
                let byes: Vec<_> = r
                    .byes
                    .iter()
                    .filter(|(_, k)| *k != ByeKind::Absent)
                    .copied()
                    .collect();
                (games, byes)
            })
            // The rated event ends with its last round that has an entry.
            .collect::<Vec<_>>();
        let last = rated_rounds
            .iter()
            .rposition(|(g, b)| !g.is_empty() || !b.is_empty())
            .map_or(0, |i| i + 1);
        assert!(last > 0, "the demo has results");
        assert_eq!(back.rounds().len(), last);
        for (r, (games, byes)) in back.rounds().iter().zip(&rated_rounds) {
            assert_eq!(&r.games, games);
            assert_eq!(&r.byes, byes);
        }
        let names: Vec<_> = desk.players().iter().map(|p| p.info.name.clone()).collect();
        let back_names: Vec<_> = back.players().iter().map(|p| p.name.clone()).collect();
        assert_eq!(names, back_names);
    }
}
