//! Desk → office in one step (issue 11): a finished desk event submitted
//! from the desk, reviewed by an officer (players matched by the list id
//! they were added with, a differing name flagged, a newcomer to enter),
//! imported with the newcomer entered, and rated in the period, the
//! newcomer starting unrated. On SQLite and, when set, PostgreSQL.

mod common;

use common::*;
use qiyuan_desk::prelude::*;
use qiyuan_rating::model::Sex as RSex;
use qiyuan_store::StoreError;

fn info(name: &str, rating: Option<u32>, list_id: Option<&str>) -> PlayerInfo {
    let mut i = PlayerInfo::new(name);
    i.rating = rating;
    i.sex = Some(Sex::Male);
    i.national_id = list_id.map(str::to_string);
    i
}

#[tokio::test]
async fn a_finished_event_goes_from_the_desk_to_the_office() {
    for db in databases().await {
        let store = open(&db).await;
        // The office's list: 甲 (1) and 乙 (2) rated, 丙 (3) unrated.
        let list = store
            .import_list(
                "list.csv",
                b"list",
                "cxa-2019",
                date("2019-01-01"),
                &[
                    rated(1, "甲", RSex::Male, 2400, 10),
                    rated(2, "乙", RSex::Male, 2400, 10),
                    unrated(3, "丙", RSex::Male),
                ],
                Default::default(),
                &|_| {},
                "officer",
            )
            .await
            .unwrap();
        store
            .publish_list(list.list_id, false, "officer")
            .await
            .unwrap();

        let mut s = EventSettings::swiss("春季赛", GameKind::Xiangqi, 1);
        s.rating_profile = Some("cxa-2019".into());
        s.start = chrono::NaiveDate::from_ymd_opt(2019, 3, 10);
        s.end = s.start;
        let ev = store.create_event(&s, "arbiter").await.unwrap();
        // Two from the list (one spelled otherwise at the desk), one junior
        // on no list, one more from the list.
        for i in [
            info("甲", Some(2400), Some("1")),
            info("乙乙", Some(2400), Some("2")),
            info("新秀", None, None),
            info("丙", None, Some("3")),
        ] {
            store.add_player(ev, &i, "arbiter").await.unwrap();
        }
        let e = store.submit_desk_event(ev, "arbiter").await.unwrap_err();
        assert!(e.to_string().contains("not finished"), "{e}");
        let loaded = store.load_event(ev).await.unwrap();
        let round = loaded.desk.pair_next_round().unwrap();
        let saved = store.save_round(ev, &round, "arbiter").await.unwrap();
        for g in &saved.games {
            store
                .set_result(ev, g.id, GameResult::WhiteWins, 0, "arbiter")
                .await
                .unwrap();
        }
        let sub = store.submit_desk_event(ev, "arbiter").await.unwrap();
        let e = store.submit_desk_event(ev, "arbiter").await.unwrap_err();
        assert!(matches!(e, StoreError::AlreadySubmitted { .. }), "{e}");

        let review = store.submission(sub).await.unwrap();
        assert_eq!(review.status, "pending");
        assert_eq!(review.games, 2);
        let by_name = |n: &str| review.players.iter().find(|p| p.name == n).unwrap().clone();
        assert!(!by_name("甲").mismatch() && !by_name("甲").is_new());
        assert!(by_name("乙乙").mismatch(), "the office's 2 is 乙");
        assert!(by_name("新秀").is_new() && by_name("新秀").list_id.is_none());

        let done = store.import_submission(sub, "officer").await.unwrap();
        assert_eq!(done.players, 4, "{}", db.name);
        let review = store.submission(sub).await.unwrap();
        assert_eq!(review.status, "imported");
        assert_eq!(review.office_event_id, Some(done.event_id));
        // The junior was entered with the next free id (4), the others kept
        // their list ids.
        let history = store.player_history(4).await.unwrap();
        assert_eq!(history.name, "新秀", "{}", db.name);
        let e = store.import_submission(sub, "officer").await.unwrap_err();
        assert!(matches!(e, StoreError::NotPending(_)), "{e}");

        // The period rates the event; the newcomer starts unrated.
        let out = store
            .compute_period("cxa-2019", date("2019-06-01"), true, &|_, _| {}, "officer")
            .await
            .unwrap();
        let newcomer = out.report.rows.iter().find(|r| r.row.id.0 == 4).unwrap();
        assert_eq!(newcomer.rating_before, None, "{}", db.name);
        assert_eq!(out.report.events.len(), 1);
    }
}

#[tokio::test]
async fn a_refused_submission_can_be_submitted_again() {
    for db in databases().await {
        let store = open(&db).await;
        let mut s = EventSettings::swiss("周赛", GameKind::Xiangqi, 1);
        s.rating_profile = Some("cxa-2019".into());
        let ev = store.create_event(&s, "arbiter").await.unwrap();
        for n in ["A", "B"] {
            store
                .add_player(ev, &info(n, None, None), "arbiter")
                .await
                .unwrap();
        }
        let loaded = store.load_event(ev).await.unwrap();
        let round = loaded.desk.pair_next_round().unwrap();
        let saved = store.save_round(ev, &round, "arbiter").await.unwrap();
        store
            .set_result(ev, saved.games[0].id, GameResult::Draw, 0, "arbiter")
            .await
            .unwrap();
        let sub = store.submit_desk_event(ev, "arbiter").await.unwrap();
        store
            .refuse_submission(sub, "no end date: set the event's dates", "officer")
            .await
            .unwrap();
        let r = store.submission(sub).await.unwrap();
        assert_eq!(
            (r.status.as_str(), r.note.as_deref()),
            ("refused", Some("no end date: set the event's dates"))
        );
        let again = store.submit_desk_event(ev, "arbiter").await.unwrap();
        assert_ne!(again, sub, "{}", db.name);
    }
}
