//! What the public pages read of the desk across events (issue 15 item 7):
//! a desk player's link to the rating list (only when the arbiter took him
//! from the list and he is on a published list), the public events a list
//! player played, what the office's rating of a submitted event gave each
//! player, and a name searched across the public events (never a hidden or
//! deleted one). On SQLite and, when set, PostgreSQL.

mod common;

use common::*;
use qiyuan_desk::prelude::*;
use qiyuan_rating::model::Sex as RSex;
use qiyuan_store::Store;
use qiyuan_store::desk::Visibility;
use rust_decimal::Decimal;

fn player(name: &str, rating: Option<u32>, list_id: Option<u32>) -> PlayerInfo {
    let mut i = PlayerInfo::new(name);
    i.rating = rating;
    i.sex = Some(Sex::Male);
    i.national_id = list_id.map(|l| l.to_string());
    i
}

/// The office's list of 2019-01-01 as a draft: 甲 (1) with 10 valid
/// games, 乙 (2) with 40, Wang Lei (3), all 2400.
async fn draft_list(store: &Store) -> i64 {
    store
        .import_list(
            "list.csv",
            b"list",
            "cxa-2019",
            date("2019-01-01"),
            &[
                rated(1, "甲", RSex::Male, 2400, 10),
                rated(2, "乙", RSex::Male, 2400, 40),
                rated(3, "Wang Lei", RSex::Male, 2400, 40),
            ],
            Default::default(),
            &|_| {},
            "officer",
        )
        .await
        .unwrap()
        .list_id
}

async fn event(store: &Store, name: &str) -> i64 {
    let mut s = EventSettings::swiss(name, GameKind::Xiangqi, 1);
    s.rating_profile = Some("cxa-2019".into());
    s.start = chrono::NaiveDate::from_ymd_opt(2019, 3, 10);
    s.end = s.start;
    store.create_event(&s, "arbiter").await.unwrap()
}

#[tokio::test]
async fn a_player_taken_from_the_list_is_linked_once_the_list_is_published() {
    for db in databases().await {
        let store = open(&db).await;
        let list = draft_list(&store).await;
        let ev = event(&store, "春季赛").await;
        // 乙 from the list, a junior by hand, then 甲 from the list: 甲 is
        // placed by rating above the junior, whose number moves.
        let yi = store
            .add_player_from_list(ev, &player("乙", Some(2400), Some(2)), 2, "arbiter")
            .await
            .unwrap();
        store
            .add_player(ev, &player("新秀", Some(1800), None), "arbiter")
            .await
            .unwrap();
        // By hand, with a list id typed into the federation id: no link
        // (the desk's national_id is never read as one).
        store
            .add_player(ev, &player("Wang Lei", Some(2400), Some(3)), "arbiter")
            .await
            .unwrap();
        let jia = store
            .add_player_from_list(ev, &player("甲", Some(2400), Some(1)), 1, "arbiter")
            .await
            .unwrap();
        assert!(
            store.list_links(ev).await.unwrap().is_empty(),
            "{}: the list is a draft",
            db.name
        );
        store.publish_list(list, false, "officer").await.unwrap();
        let links = store.list_links(ev).await.unwrap();
        let loaded = store.load_event(ev).await.unwrap();
        let number_of = |n: &str| {
            loaded
                .desk
                .players()
                .into_iter()
                .find(|p| p.info.name == n)
                .unwrap()
                .id
        };
        // 甲 came last: his number is final (乙's moved below him).
        assert_eq!(number_of("甲"), jia, "{}", db.name);
        assert_eq!(yi, PlayerId(1), "{}: 乙 was first", db.name);
        assert_eq!(
            links,
            [(number_of("甲"), 1), (number_of("乙"), 2)]
                .into_iter()
                .collect(),
            "{}",
            db.name
        );

        // A corrected federation id is another player's: the link goes.
        let mut other = player("乙", Some(2400), Some(3));
        other.rated_games = None;
        store
            .update_player(ev, number_of("乙"), &other, "arbiter")
            .await
            .unwrap();
        // Editing another field keeps it.
        store
            .update_player(
                ev,
                number_of("甲"),
                &player("甲", Some(2410), Some(1)),
                "arbiter",
            )
            .await
            .unwrap();
        let links = store.list_links(ev).await.unwrap();
        assert_eq!(
            links,
            [(number_of("甲"), 1)].into_iter().collect(),
            "{}",
            db.name
        );
    }
}

#[tokio::test]
async fn a_list_player_s_public_events_newest_first() {
    for db in databases().await {
        let store = open(&db).await;
        let list = draft_list(&store).await;
        store.publish_list(list, false, "officer").await.unwrap();
        let mut ids = Vec::new();
        for name in ["一月赛", "二月赛", "三月赛", "四月赛"] {
            let ev = event(&store, name).await;
            store
                .add_player(ev, &player("新秀", None, None), "arbiter")
                .await
                .unwrap();
            store
                .add_player_from_list(ev, &player("甲", Some(2400), Some(1)), 1, "arbiter")
                .await
                .unwrap();
            ids.push(ev);
        }
        store
            .set_visibility(ids[1], Visibility::Hidden, "arbiter")
            .await
            .unwrap();
        store
            .set_visibility(ids[2], Visibility::Archived, "arbiter")
            .await
            .unwrap();
        let (total, events) = store.events_of_list_player(1, 10).await.unwrap();
        assert_eq!(total, 3, "{}: the hidden event is left out", db.name);
        let got: Vec<(i64, u32)> = events.iter().map(|e| (e.event_id, e.number.0)).collect();
        // 甲 (2400) is placed above the unrated junior: number 1.
        assert_eq!(
            got,
            vec![(ids[3], 1), (ids[2], 1), (ids[0], 1)],
            "{}",
            db.name
        );
        let (total, events) = store.events_of_list_player(1, 1).await.unwrap();
        assert_eq!((total, events.len()), (3, 1), "{}", db.name);
        let (total, _) = store.events_of_list_player(2, 10).await.unwrap();
        assert_eq!(total, 0, "{}", db.name);
    }
}

#[tokio::test]
async fn a_name_is_found_across_the_public_events_only() {
    for db in databases().await {
        let store = open(&db).await;
        let open_event = event(&store, "公开赛").await;
        let hidden = event(&store, "内部赛").await;
        let archived = event(&store, "往届赛").await;
        for (ev, names) in [
            (open_event, &["王天一", "Anna Lee", "50%_Club\\x"][..]),
            (hidden, &["王天一"][..]),
            (archived, &["王小明", "ANNA LEEDS"][..]),
        ] {
            for n in names {
                store
                    .add_player(ev, &player(n, None, None), "arbiter")
                    .await
                    .unwrap();
            }
        }
        store
            .set_visibility(hidden, Visibility::Hidden, "arbiter")
            .await
            .unwrap();
        store
            .set_visibility(archived, Visibility::Archived, "arbiter")
            .await
            .unwrap();
        let found = |q: &'static str| {
            let store = store.clone();
            async move {
                let (total, v) = store.search_event_players(q, 10).await.unwrap();
                (
                    total,
                    v.into_iter()
                        .map(|m| (m.event_id, m.name))
                        .collect::<Vec<_>>(),
                )
            }
        };
        // Chinese: a part of the name; newest event first.
        assert_eq!(
            found("王").await,
            (
                2,
                vec![
                    (archived, "王小明".to_string()),
                    (open_event, "王天一".to_string())
                ]
            ),
            "{}",
            db.name
        );
        // Latin: letter case ignored.
        assert_eq!(
            found("anna lee").await,
            (
                2,
                vec![
                    (archived, "ANNA LEEDS".to_string()),
                    (open_event, "Anna Lee".to_string())
                ]
            ),
            "{}",
            db.name
        );
        // What is typed is text, not a pattern.
        assert_eq!(found("%").await.0, 1, "{}", db.name);
        assert_eq!(found("_").await.0, 1, "{}", db.name);
        assert_eq!(found("\\").await.0, 1, "{}", db.name);
        assert_eq!(found("' OR 1=1 --").await.0, 0, "{}", db.name);
        assert_eq!(found("   ").await, (0, vec![]), "{}", db.name);
        // The event's name is not a player's.
        assert_eq!(found("内部").await.0, 0, "{}", db.name);
        // At most `limit`, with the count of all.
        let (total, v) = store.search_event_players("a", 1).await.unwrap();
        assert_eq!((total, v.len()), (2, 1), "{}", db.name);
        assert_eq!(v[0].name, "ANNA LEEDS", "{}", db.name);
    }
}

/// The office rates the submitted event: 甲 (2400, 10 valid games on the
/// list) beats 乙 (2400, 40 valid games). By cxa-2019 第九条: Ra = 2400, D
/// = 0, P = 0.50 (附表), We = N × P = 0.5; K = 25 for fewer than 30 valid
/// games, 15 from 30 on (第十条); ΔR = K × (W − We): 甲 25 × (1 − 0.5) =
/// +12.5, 乙 15 × (0 − 0.5) = −7.5. The period keeps no performance of a
/// player rated by ΔR (only an unrated player's, which makes his rating).
#[tokio::test]
async fn what_the_office_s_rating_gave_each_desk_player() {
    for db in databases().await {
        let store = open(&db).await;
        let list = draft_list(&store).await;
        store.publish_list(list, false, "officer").await.unwrap();
        let ev = event(&store, "春季赛").await;
        store
            .add_player_from_list(ev, &player("甲", Some(2400), Some(1)), 1, "arbiter")
            .await
            .unwrap();
        store
            .add_player_from_list(ev, &player("乙", Some(2400), Some(2)), 2, "arbiter")
            .await
            .unwrap();
        let loaded = store.load_event(ev).await.unwrap();
        let round = loaded.desk.pair_next_round().unwrap();
        let saved = store.save_round(ev, &round, "arbiter").await.unwrap();
        let g = &saved.games[0];
        let jia = loaded
            .desk
            .players()
            .into_iter()
            .find(|p| p.info.name == "甲")
            .unwrap()
            .id;
        let result = if g.white == jia {
            GameResult::WhiteWins
        } else {
            GameResult::BlackWins
        };
        store
            .set_result(ev, g.id, result, 0, "arbiter")
            .await
            .unwrap();
        assert_eq!(store.office_rating(ev).await.unwrap(), None);
        let sub = store.submit_desk_event(ev, "arbiter").await.unwrap();
        store.import_submission(sub, "officer").await.unwrap();
        assert_eq!(
            store.office_rating(ev).await.unwrap(),
            None,
            "{}: imported, not rated",
            db.name
        );
        let out = store
            .compute_period("cxa-2019", date("2019-06-01"), false, &|_, _| {}, "officer")
            .await
            .unwrap();
        assert_eq!(
            store.office_rating(ev).await.unwrap(),
            None,
            "{}: the period's list is a draft",
            db.name
        );
        let new_list = out.list_id.unwrap();
        store
            .publish_list(new_list, false, "officer")
            .await
            .unwrap();
        let rated = store.office_rating(ev).await.unwrap().expect("rated");
        assert_eq!(rated.list_id, new_list);
        assert_eq!(rated.list_date, date("2019-06-01"));
        let yi = PlayerId(if jia.0 == 1 { 2 } else { 1 });
        let line = |p: PlayerId| {
            let l = rated.players[&p];
            (
                l.change.map(|d| d.normalize()),
                l.performance.map(|d| d.normalize()),
            )
        };
        assert_eq!(line(jia), (Some(Decimal::new(125, 1)), None), "{}", db.name);
        assert_eq!(line(yi), (Some(Decimal::new(-75, 1)), None), "{}", db.name);
    }
}
