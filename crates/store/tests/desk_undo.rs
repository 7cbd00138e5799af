//! What the desk may take back (issue 11, item 5), on SQLite and (when
//! `QIYUAN_TEST_POSTGRES_URL` is set) PostgreSQL: a list imported twice is
//! undone, a player entered by mistake is deleted before round 1, a draft
//! event is deleted, an event is hidden or archived — each logged, and each
//! refused once the games it would erase exist.

mod common;

use common::*;
use qiyuan_desk::import::players_from_csv;
use qiyuan_desk::prelude::*;
use qiyuan_store::StoreError;
use qiyuan_store::desk::Visibility;

const FIELD: &str =
    "姓名,等级分,单位\n王天一,2650,杭州\n唐丹,2500,北京\n赵鑫鑫,2580,浙江\n陈幸琳,2400,广东\n";

fn settings() -> EventSettings {
    EventSettings::swiss("城市公开赛", GameKind::Xiangqi, 5)
}

fn names(loaded: &qiyuan_store::desk::LoadedEvent) -> Vec<(u32, String)> {
    loaded
        .desk
        .players()
        .into_iter()
        .map(|p| (p.id.0, p.info.name))
        .collect()
}

#[tokio::test]
async fn the_same_list_imported_twice_is_undone_and_logged() {
    for db in databases().await {
        let store = open(&db).await;
        let id = store.create_event(&settings(), "周裁判").await.unwrap();
        let players = players_from_csv(FIELD.as_bytes()).unwrap();
        store.import_players(id, &players, "周裁判").await.unwrap();
        let once = names(&store.load_event(id).await.unwrap());
        store.import_players(id, &players, "周裁判").await.unwrap();
        assert_eq!(store.load_event(id).await.unwrap().desk.players().len(), 8);
        // The second import goes; the field is the first import's, numbers
        // and all.
        assert_eq!(
            store.undo_last_import(id, "周裁判").await.unwrap(),
            4,
            "{}",
            db.name
        );
        assert_eq!(
            names(&store.load_event(id).await.unwrap()),
            once,
            "{}",
            db.name
        );
        let log = store.desk_log(id).await.unwrap();
        let undo = log
            .iter()
            .find(|e| e.action == "undo-import")
            .expect("logged");
        assert_eq!(undo.by, "周裁判");
        assert!(
            undo.detail.to_string().contains("王天一"),
            "{}",
            undo.detail
        );
        // Then the first; then nothing is left to undo.
        assert_eq!(store.undo_last_import(id, "周裁判").await.unwrap(), 4);
        assert!(
            store
                .load_event(id)
                .await
                .unwrap()
                .desk
                .players()
                .is_empty()
        );
        assert!(matches!(
            store.undo_last_import(id, "周裁判").await,
            Err(StoreError::NothingToUndo { .. })
        ));
    }
}

#[tokio::test]
async fn an_import_whose_players_are_paired_stays() {
    for db in databases().await {
        let store = open(&db).await;
        let id = store.create_event(&settings(), "a").await.unwrap();
        let players = players_from_csv(FIELD.as_bytes()).unwrap();
        store.import_players(id, &players, "a").await.unwrap();
        let round = store
            .load_event(id)
            .await
            .unwrap()
            .desk
            .pair_next_round()
            .unwrap();
        store.save_round(id, &round, "a").await.unwrap();
        let e = store.undo_last_import(id, "a").await.unwrap_err();
        assert!(e.to_string().contains("paired already"), "{e}");
        assert_eq!(store.load_event(id).await.unwrap().desk.players().len(), 4);
        // Late entries not yet paired can go again.
        let late = players_from_csv("姓名,等级分\n许银川,2600\n".as_bytes()).unwrap();
        store.import_players(id, &late, "a").await.unwrap();
        assert_eq!(
            store.undo_last_import(id, "a").await.unwrap(),
            1,
            "{}",
            db.name
        );
        let left = store.load_event(id).await.unwrap();
        assert_eq!(left.desk.players().len(), 4);
        assert!(left.desk.players().iter().all(|p| p.info.name != "许银川"));
    }
}

#[tokio::test]
async fn a_player_is_deleted_before_round_one_and_the_others_close_up() {
    for db in databases().await {
        let store = open(&db).await;
        let id = store.create_event(&settings(), "a").await.unwrap();
        let players = players_from_csv(FIELD.as_bytes()).unwrap();
        store.import_players(id, &players, "a").await.unwrap();
        let before = names(&store.load_event(id).await.unwrap());
        let (gone, name) = before[1].clone();
        store
            .forbid_pair(id, PlayerId(gone), PlayerId(1), "a")
            .await
            .unwrap();
        store.delete_player(id, PlayerId(gone), "a").await.unwrap();
        let after = store.load_event(id).await.unwrap();
        let expected: Vec<(u32, String)> = before
            .iter()
            .filter(|(n, _)| *n != gone)
            .enumerate()
            .map(|(i, (_, name))| (i as u32 + 1, name.clone()))
            .collect();
        assert_eq!(names(&after), expected, "{}", db.name);
        assert!(after.desk.forbidden_pairs().is_empty());
        let log = store.desk_log(id).await.unwrap();
        let entry = log.iter().find(|e| e.action == "delete-player").unwrap();
        assert!(entry.detail.to_string().contains(&name));
        // Once round 1 is paired, no player is deleted.
        let round = after.desk.pair_next_round().unwrap();
        store.save_round(id, &round, "a").await.unwrap();
        let e = store.delete_player(id, PlayerId(1), "a").await.unwrap_err();
        assert!(e.to_string().contains("before round 1"), "{e}");
        assert_eq!(store.load_event(id).await.unwrap().desk.players().len(), 3);
    }
}

#[tokio::test]
async fn a_draft_event_is_deleted_and_a_running_one_is_hidden_instead() {
    for db in databases().await {
        let store = open(&db).await;
        let draft = store.create_event(&settings(), "a").await.unwrap();
        let running = store.create_event(&settings(), "a").await.unwrap();
        let players = players_from_csv(FIELD.as_bytes()).unwrap();
        store.import_players(running, &players, "a").await.unwrap();
        let round = store
            .load_event(running)
            .await
            .unwrap()
            .desk
            .pair_next_round()
            .unwrap();
        store.save_round(running, &round, "a").await.unwrap();

        store.delete_event(draft, "a").await.unwrap();
        assert!(matches!(
            store.load_event(draft).await,
            Err(StoreError::NoSuchDeskEvent(d)) if d == draft
        ));
        assert!(
            store
                .list_events()
                .await
                .unwrap()
                .iter()
                .all(|e| e.id != draft)
        );
        let e = store.delete_event(running, "a").await.unwrap_err();
        assert!(e.to_string().contains("before round 1"), "{e}");

        assert_eq!(
            store.load_event(running).await.unwrap().visibility,
            Visibility::Public
        );
        store
            .set_visibility(running, Visibility::Hidden, "a")
            .await
            .unwrap();
        assert_eq!(
            store.load_event(running).await.unwrap().visibility,
            Visibility::Hidden
        );
        store
            .set_visibility(running, Visibility::Archived, "a")
            .await
            .unwrap();
        let listed = store.list_events().await.unwrap();
        let ev = listed.iter().find(|e| e.id == running).unwrap();
        assert_eq!(ev.visibility, Visibility::Archived, "{}", db.name);
        let log = store.desk_log(running).await.unwrap();
        let changes: Vec<String> = log
            .iter()
            .filter(|e| e.action == "visibility")
            .map(|e| e.detail["to"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(changes, ["hidden", "archived"]);
    }
}
