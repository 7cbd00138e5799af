//! An event file entered at the desk (`qiyuan_desk::event_file`): the
//! players and rounds as the file gives them, and each refusal by field.
//! Expected values are the file's own (written here), never the code's.

use qiyuan_desk::event_file::{EntryError, EntryNote, entry, system};
use qiyuan_desk::prelude::*;
use qiyuan_formats::event::read_event;
use qiyuan_rating::Lang;

fn file(games: &str, system: &str) -> qiyuan_rating::model::Event {
    let text = format!(
        r#"{{"name": "例", "game": "xiangqi", "system": "{system}",
  "players": [{{"id": 7, "name": "甲", "sex": "m", "rating": 2100, "rank": 1}},
              {{"id": 9, "name": "乙", "sex": "f"}},
              {{"id": 4, "name": "丙", "sex": "m", "rating": 1900}}],
  "games": [{games}]}}"#
    );
    read_event(&text, "e.json", None).unwrap()
}

/// Two rounds of the three players: a game and a pairing-allocated bye,
/// then a draw and a requested half-point bye.
const TWO_ROUNDS: &str = r#"{"round": 1, "red": 7, "black": 9, "result": "1-0"},
    {"round": 1, "red": 4, "result": "bye"},
    {"round": 2, "red": 4, "black": 7, "result": "1/2-1/2"},
    {"round": 2, "red": 9, "result": "half-bye"}"#;

#[test]
fn players_and_rounds_as_the_file_gives_them() {
    let e = file(TWO_ROUNDS, "swiss");
    let got = entry(&e).unwrap();
    let numbers: Vec<_> = got.players.iter().map(|p| p.number).collect();
    assert_eq!(numbers, [Some(7), Some(9), Some(4)]);
    let ratings: Vec<_> = got.players.iter().map(|p| p.info.rating).collect();
    assert_eq!(ratings, [Some(2100), None, Some(1900)]);
    assert_eq!(got.players[1].info.sex, Some(Sex::Female));
    assert_eq!(got.rounds.len(), 2);
    let (r1, res1) = &got.rounds[0];
    assert_eq!(r1.boards, [Board::new(7, 9)]);
    assert_eq!(r1.byes, [(PlayerId(4), ByeKind::PairingAllocated)]);
    assert_eq!(res1, &[GameResult::WhiteWins]);
    let (r2, res2) = &got.rounds[1];
    assert_eq!(r2.boards, [Board::new(4, 7)]);
    assert_eq!(r2.byes, [(PlayerId(9), ByeKind::HalfPoint)]);
    assert_eq!(res2, &[GameResult::Draw]);
    assert_eq!(got.notes, [EntryNote::RankNotKept { index: 0 }]);
}

#[test]
fn each_refusal_names_its_field() {
    let fractional = read_event(
        r#"{"name": "例", "game": "chess", "system": "swiss",
  "players": [{"id": 1, "name": "A", "sex": "m", "rating": 2000.5}], "games": []}"#,
        "e.json",
        None,
    )
    .unwrap();
    let err = entry(&fractional).unwrap_err();
    assert_eq!(err.field(), "players[0].rating");
    assert_eq!(
        err.text(Lang::En),
        "field `players[0].rating`: the desk keeps whole-number ratings; 2000.5 is not one"
    );

    // Games in rounds 1 and 3, none in round 2.
    let gap = file(
        r#"{"round": 1, "red": 7, "black": 9, "result": "1-0"},
           {"round": 3, "red": 9, "black": 7, "result": "0-1"}"#,
        "swiss",
    );
    let err = entry(&gap).unwrap_err();
    assert_eq!(err, EntryError::EmptyRound { round: 2, last: 3 });
    assert_eq!(err.field(), "games");
    assert_eq!(
        err.text(Lang::Zh),
        "字段 `games`：第 2 轮没有对局，而第 3 轮有"
    );

    let a_match = file("", "match");
    let err = system(a_match.system()).unwrap_err();
    assert_eq!((err.field().as_str(), err), ("system", EntryError::System));
}

#[test]
fn the_tournament_model_of_a_file() {
    let e = file(TWO_ROUNDS, "round-robin");
    let t = e.tournament();
    assert_eq!(t.kind(), qiyuan_tournament::model::EventKind::RoundRobin);
    let ids: Vec<_> = t.players().iter().map(|p| p.id).collect();
    assert_eq!(ids, [PlayerId(7), PlayerId(9), PlayerId(4)]);
    assert_eq!(t.players()[1].rating, None, "乙 has no rating");
    assert_eq!(t.rounds().len(), 2);
    assert_eq!(
        t.rounds()[0].byes,
        [(PlayerId(4), ByeKind::PairingAllocated)]
    );
    assert_eq!(t.rounds()[1].games[0].result, GameResult::Draw);
    assert_eq!(t.rounds()[1].byes, [(PlayerId(9), ByeKind::HalfPoint)]);
}

/// Every note of an entry in both languages: the English as the API always
/// wrote it, the Chinese without an English sentence and with the same
/// player index.
#[test]
fn entry_notes_in_both_languages() {
    let all = [EntryNote::RankNotKept { index: 3 }];
    for n in &all {
        match n {
            EntryNote::RankNotKept { .. } => {}
        }
        let (en, zh) = (n.text(Lang::En), n.text(Lang::Zh));
        assert_eq!(en, n.to_string());
        assert!(
            qiyuan_vocab::english_phrases(&zh).is_empty(),
            "{zh}: {:?}",
            qiyuan_vocab::english_phrases(&zh)
        );
        assert!(zh.contains("players[3].rank"), "{zh}");
    }
    assert_eq!(
        all[0].to_string(),
        "players[3].rank: not kept by the desk (it ranks by its own standings)"
    );
}
