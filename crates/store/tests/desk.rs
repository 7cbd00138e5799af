//! The arbiter's desk in the database, on SQLite and (when
//! `QIYUAN_TEST_POSTGRES_URL` is set) PostgreSQL: an event survives the
//! round trip, a stale result is refused with a message naming the game, who
//! changed it and the result now stored, and 10,000 results posted by 50
//! concurrent writers are each stored exactly once (the web issue's
//! acceptance test, at store level).

mod common;

use common::*;
use qiyuan_desk::import::players_from_csv;
use qiyuan_desk::prelude::*;
use qiyuan_store::StoreError;

fn settings() -> EventSettings {
    let mut s = EventSettings::swiss("2026 春季象棋公开赛", GameKind::Xiangqi, 5);
    s.rating_profile = Some("cxa-2019".into());
    s.start = chrono::NaiveDate::from_ymd_opt(2026, 3, 1);
    s.end = chrono::NaiveDate::from_ymd_opt(2026, 3, 3);
    s.place = Some("上海".into());
    s.chief_arbiter = Some("周裁判".into());
    s
}

#[tokio::test]
async fn an_event_survives_the_round_trip() {
    for db in databases().await {
        let store = open(&db).await;
        let id = store.create_event(&settings(), "admin").await.unwrap();
        let mut mem = DeskEvent::new(settings()).unwrap();
        let csv = "序号,姓名,等级分,单位,性别,出生,证号,FIDE ID\n\
                   1,王天一,2650,杭州,男,1989-05-01,33001,8600001\n\
                   2,唐丹,2500,北京,女,1990,11002,\n\
                   3,赵鑫鑫,2580,浙江,男,,33003,\n\
                   4,陈幸琳,2400,广东,女,,44004,\n\
                   5,O'Brien; DROP TABLE desk_games;--,1900,,,,,\n";
        let players = players_from_csv(csv.as_bytes()).unwrap();
        let ids = store.import_players(id, &players, "admin").await.unwrap();
        mem.import_players(&players).unwrap();
        assert_eq!(ids.len(), 5, "{}", db.name);
        store
            .forbid_pair(id, PlayerId(1), PlayerId(3), "admin")
            .await
            .unwrap();
        mem.forbid_pair(PlayerId(1), PlayerId(3)).unwrap();
        store
            .request_bye(id, 2, PlayerId(4), ByeKind::HalfPoint, "admin")
            .await
            .unwrap();
        mem.request_bye(2, PlayerId(4), ByeKind::HalfPoint).unwrap();

        let loaded = store.load_event(id).await.unwrap();
        assert_eq!(loaded.status, "registration");
        let round = loaded.desk.pair_next_round().unwrap();
        assert_eq!(round, mem.pair_next_round().unwrap());
        let saved = store.save_round(id, &round, "arbiter-a").await.unwrap();
        mem.apply_round(&round).unwrap();
        assert_eq!(saved.games.len(), 2);
        assert!(saved.games.iter().all(|g| g.version == 0));
        let results = [GameResult::WhiteWins, GameResult::Draw];
        for (g, &r) in saved.games.iter().zip(&results) {
            store.set_result(id, g.id, r, 0, "arbiter-a").await.unwrap();
            mem.set_result(1, g.board as usize, r, "").unwrap();
        }
        // A late entry, placed by rating: 2380 ranks after the 2400 of
        // number 4, so he is number 5 and the 1900 moves down to 6, with
        // his round-1 game.
        let late = store
            .add_player(id, &PlayerInfo::new("孙勇征").rating(2380), "admin")
            .await
            .unwrap();
        assert_eq!(
            late,
            mem.add_player(PlayerInfo::new("孙勇征").rating(2380))
                .unwrap()
        );
        assert_eq!(late, PlayerId(5));
        // And a withdrawal.
        store.withdraw(id, PlayerId(6), 1, "admin").await.unwrap();
        mem.withdraw(PlayerId(6), 1).unwrap();

        let again = store.load_event(id).await.unwrap();
        assert_eq!(again.desk, mem, "{}", db.name);
        assert_eq!(again.status, "running");
        assert_eq!(
            again.desk.players()[5].info.name,
            "O'Brien; DROP TABLE desk_games;--"
        );
        assert_eq!(again.desk.player(late).unwrap().first_round, 2);
        // Round 2 keeps the requested half-point bye of player 4.
        let r2 = again.desk.pair_next_round().unwrap();
        assert!(r2.byes.contains(&(PlayerId(4), ByeKind::HalfPoint)));
        store.save_round(id, &r2, "arbiter-b").await.unwrap();
        let third = store.load_event(id).await.unwrap();
        assert_eq!(third.desk.event().rounds()[1].byes, r2.byes, "{}", db.name);
        let list = store.list_events().await.unwrap();
        assert_eq!(list.len(), 1);
        assert_eq!(
            (list[0].players, list[0].rounds_paired, list[0].total_rounds),
            (6, 2, 5)
        );
        let log = store.desk_log(id).await.unwrap();
        let actions: Vec<&str> = log.iter().map(|e| e.action.as_str()).collect();
        assert_eq!(
            actions,
            [
                "create-event",
                "add-player",
                "forbid-pair",
                "request-bye",
                "pair-round",
                "result",
                "result",
                "add-player",
                "withdraw",
                "pair-round"
            ]
        );
    }
}

#[tokio::test]
async fn a_stale_result_is_refused_and_the_same_result_is_idempotent() {
    for db in databases().await {
        let store = open(&db).await;
        let id = store
            .create_event(&EventSettings::swiss("Open", GameKind::Chess, 3), "admin")
            .await
            .unwrap();
        for (n, r) in [("Alpha", 2400), ("Beta", 2300)] {
            store
                .add_player(id, &PlayerInfo::new(n).rating(r), "admin")
                .await
                .unwrap();
        }
        let round = store
            .load_event(id)
            .await
            .unwrap()
            .desk
            .pair_next_round()
            .unwrap();
        let game = store.save_round(id, &round, "admin").await.unwrap().games[0].clone();
        // Two arbiters read version 0; A saves first.
        let a = store
            .set_result(id, game.id, GameResult::WhiteWins, 0, "arbiter-a")
            .await
            .unwrap();
        assert!(a.changed);
        assert_eq!(a.game.version, 1);
        let err = store
            .set_result(id, game.id, GameResult::BlackWins, 0, "arbiter-b")
            .await
            .unwrap_err();
        assert!(
            matches!(&err, StoreError::Conflict(c) if c.version == 1 && c.by == "arbiter-a"),
            "{err:?}"
        );
        let msg = err.to_string();
        for part in [
            "round 1, board 1",
            "1 Alpha",
            "2 Beta",
            "arbiter-a",
            "1-0",
            "nothing was saved",
        ] {
            assert!(msg.contains(part), "{}: `{part}` not in: {msg}", db.name);
        }
        // B posts what A posted: nothing changes, nothing is refused.
        let same = store
            .set_result(id, game.id, GameResult::WhiteWins, 0, "arbiter-b")
            .await
            .unwrap();
        assert!(!same.changed);
        assert_eq!(same.game.version, 1);
        // A correction from the current version.
        let fixed = store
            .set_result(id, game.id, GameResult::Draw, 1, "arbiter-b")
            .await
            .unwrap();
        assert_eq!(
            (fixed.previous, fixed.game.version),
            (GameResult::WhiteWins, 2)
        );
        let log = store.desk_log(id).await.unwrap();
        let results: Vec<_> = log
            .iter()
            .filter(|e| e.game_id == Some(game.id))
            .map(|e| {
                (
                    e.action.as_str(),
                    e.by.as_str(),
                    e.detail["before"].as_str(),
                    e.detail["after"].as_str(),
                )
            })
            .collect();
        assert_eq!(
            results,
            [
                ("result", "arbiter-a", Some("pending"), Some("1-0")),
                ("correction", "arbiter-b", Some("1-0"), Some("1/2-1/2"))
            ]
        );
        let e = store.load_event(id).await.unwrap();
        assert_eq!(e.games[0].result, GameResult::Draw);
        // No such game in this event.
        assert!(matches!(
            store
                .set_result(id, game.id + 1000, GameResult::Draw, 0, "x")
                .await,
            Err(StoreError::NoSuchGame { .. })
        ));
    }
}

/// 142 players in a round robin: 141 rounds of 71 games, 10,011 games
/// (142 × 141 / 2). 50 writers post 10,000 results at once, each of them
/// also re-posting a slice of another writer's results; afterwards every
/// result is stored once (version 1, one `result` log entry) and the 11
/// other games are still pending.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn ten_thousand_results_from_fifty_writers_are_each_stored_once() {
    for db in databases().await {
        let store = open(&db).await;
        // All 141 rounds paired in memory from the Berger tables, then the
        // event stored whole in one transaction.
        let s = EventSettings::round_robin("142 人循环赛", GameKind::Chess, 1);
        let mut desk = DeskEvent::new(s).unwrap();
        for i in 1..=142 {
            desk.add_player(PlayerInfo::new(format!("Player {i:03}")).rating(2600 - i))
                .unwrap();
        }
        assert_eq!(desk.total_rounds(), 141);
        for _ in 0..141 {
            let round = desk.pair_next_round().unwrap();
            assert_eq!(round.boards.len(), 71);
            desk.apply_round(&round).unwrap();
        }
        let id = store.save_desk_event(&desk, "admin").await.unwrap();
        let loaded = store.load_event(id).await.unwrap();
        assert_eq!(loaded.games.len(), 10_011, "{}", db.name);
        let want = |gid: i64| match gid % 3 {
            0 => GameResult::WhiteWins,
            1 => GameResult::Draw,
            _ => GameResult::BlackWins,
        };
        let posted: Vec<i64> = loaded.games.iter().take(10_000).map(|g| g.id).collect();
        let writers = 50;
        let mut tasks = Vec::new();
        for w in 0..writers {
            let store = store.clone();
            let mine: Vec<i64> = posted.iter().copied().skip(w).step_by(writers).collect();
            let other: Vec<i64> = posted
                .iter()
                .copied()
                .skip((w + 1) % writers)
                .step_by(writers)
                .take(20)
                .collect();
            tasks.push(tokio::spawn(async move {
                let mut changed = 0;
                for gid in mine.into_iter().chain(other) {
                    let out = store
                        .set_result(id, gid, want(gid), 0, &format!("writer-{w}"))
                        .await
                        .unwrap();
                    changed += usize::from(out.changed);
                }
                changed
            }));
        }
        let mut changed = 0;
        for t in tasks {
            changed += t.await.unwrap();
        }
        assert_eq!(changed, 10_000, "{}", db.name);
        let after = store.load_event(id).await.unwrap();
        for g in &after.games[..10_000] {
            assert_eq!((g.result, g.version), (want(g.id), 1), "game #{}", g.id);
        }
        assert!(
            after.games[10_000..]
                .iter()
                .all(|g| g.result == GameResult::Pending)
        );
        let log = store.desk_log(id).await.unwrap();
        let mut logged: Vec<i64> = log
            .iter()
            .filter(|e| e.action == "result")
            .filter_map(|e| e.game_id)
            .collect();
        logged.sort();
        let mut expected = posted.clone();
        expected.sort();
        assert_eq!(logged, expected, "{}: every result logged once", db.name);
        assert_eq!(after.status, "running");
    }
}

#[tokio::test]
async fn the_demo_events_are_stored_whole() {
    for db in databases().await {
        let store = open(&db).await;
        for desk in [
            qiyuan_desk::demo::xiangqi_swiss().unwrap(),
            qiyuan_desk::demo::chess_round_robin().unwrap(),
        ] {
            let id = store.save_desk_event(&desk, "demo").await.unwrap();
            let loaded = store.load_event(id).await.unwrap();
            assert_eq!(loaded.desk, desk, "{}", db.name);
            let status = if desk.is_finished() {
                "finished"
            } else {
                "running"
            };
            assert_eq!(loaded.status, status);
            // Games with a result are at version 1, ready for a correction.
            let g = &loaded.games[0];
            assert_eq!(g.version, 1);
            let other = if g.result == GameResult::Draw {
                GameResult::WhiteWins
            } else {
                GameResult::Draw
            };
            let out = store
                .set_result(id, g.id, other, 1, "arbiter")
                .await
                .unwrap();
            assert_eq!(out.game.version, 2);
        }
        store
            .add_infringement(1, PlayerId(3), "arbiter")
            .await
            .unwrap();
        let x = store.load_event(1).await.unwrap();
        assert_eq!(x.desk.event().player(PlayerId(3)).unwrap().infringements, 1);
        assert_eq!(store.list_events().await.unwrap().len(), 2);
    }
}

/// Groups (组别) are kept: set before round 1, reloaded with the event,
/// paired apart, and fixed once a player is paired.
#[tokio::test]
async fn groups_survive_the_round_trip_and_pair_apart() {
    for db in databases().await {
        let store = open(&db).await;
        let id = store.create_event(&settings(), "a").await.unwrap();
        let csv = "姓名,等级分\n甲,2400\n乙,2300\n丙,2200\n丁,2100\n戊,2000\n己,1900\n";
        let players = players_from_csv(csv.as_bytes()).unwrap();
        store.import_players(id, &players, "a").await.unwrap();
        // Numbers 1, 3, 5 in 甲组; 2, 4, 6 in 乙组.
        for n in 1..=6u32 {
            let g = if n % 2 == 1 { "甲组" } else { "乙组" };
            store
                .set_group(id, PlayerId(n), Some(g), "a")
                .await
                .unwrap();
        }
        let loaded = store.load_event(id).await.unwrap();
        assert_eq!(
            loaded.desk.group_of(PlayerId(3)),
            Some("甲组"),
            "{}",
            db.name
        );
        assert_eq!(loaded.desk.group_of(PlayerId(6)), Some("乙组"));
        let round = loaded.desk.pair_next_round().unwrap();
        for g in &round.boards {
            assert_eq!(g.white.0 % 2, g.black.0 % 2, "{g:?} pairs across groups");
        }
        store.save_round(id, &round, "a").await.unwrap();
        let paired = round.boards.first().unwrap().white;
        let e = store
            .set_group(id, paired, Some("乙组"), "a")
            .await
            .unwrap_err();
        assert!(e.to_string().contains("group"), "{e}");
        let again = store.load_event(id).await.unwrap();
        assert_eq!(again.desk.groups(), ["甲组", "乙组"]);
    }
}

/// Two processes of the desk on one database, as two Store handles with
/// their own pools: both pair round 1 of the same event at once (each from
/// the event as it loaded it), and both enter a different result for the
/// same board from the same version. One round is stored and the other
/// pairing is refused naming round 1 (paired already, or unfinished for a
/// writer that loaded the event after it was saved); one result is stored and the other
/// is refused as a conflict naming who entered the stored one. Repeated on
/// fresh events so the two writers really overlap on some of them.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_pair_once_and_results_conflict_by_name() {
    for db in databases().await {
        let a = open(&db).await;
        let b = open(&db).await;
        for n in 0..10 {
            let id = a
                .create_event(&EventSettings::swiss("Open", GameKind::Xiangqi, 5), "admin")
                .await
                .unwrap();
            for i in 1..=12 {
                a.add_player(
                    id,
                    &PlayerInfo::new(format!("P{i}")).rating(2000 + i),
                    "admin",
                )
                .await
                .unwrap();
            }
            let pair = |store: qiyuan_store::Store, by: &'static str| async move {
                let loaded = store.load_event(id).await.unwrap();
                // Loaded after the other saved: the desk refuses to pair
                // round 2 before round 1's results.
                let round = loaded.desk.pair_next_round()?;
                store.save_round(id, &round, by).await
            };
            let (x, y) = tokio::join!(
                tokio::spawn(pair(a.clone(), "arbiter-a")),
                tokio::spawn(pair(b.clone(), "arbiter-b")),
            );
            let (x, y) = (x.unwrap(), y.unwrap());
            let (saved, refused) = match (x, y) {
                (Ok(s), Err(e)) | (Err(e), Ok(s)) => (s, e),
                other => panic!(
                    "{}: event {n}: not one round and one refusal: {other:?}",
                    db.name
                ),
            };
            assert_eq!(saved.round, 1);
            // Saved from a stale load: round 1 is paired already; loaded
            // late: round 1 has no results yet. Either names round 1.
            assert!(
                matches!(
                    &refused,
                    StoreError::Desk(
                        DeskError::BadRound { round: 1, .. }
                            | DeskError::RoundIncomplete { round: 1, .. }
                    )
                ),
                "{}: {refused:?}",
                db.name
            );
            // One round of six boards, paired once, whichever handle reads.
            for store in [&a, &b] {
                let loaded = store.load_event(id).await.unwrap();
                assert_eq!(loaded.desk.rounds_paired(), 1);
                assert_eq!(loaded.games.len(), 6);
                let log = store.desk_log(id).await.unwrap();
                assert_eq!(log.iter().filter(|e| e.action == "pair-round").count(), 1);
            }

            let game = saved.games[0].id;
            let (x, y) = tokio::join!(
                a.set_result(id, game, GameResult::WhiteWins, 0, "arbiter-a"),
                b.set_result(id, game, GameResult::BlackWins, 0, "arbiter-b"),
            );
            let (stored, conflict) = match (x, y) {
                (Ok(s), Err(e)) | (Err(e), Ok(s)) => (s, e),
                other => panic!(
                    "{}: event {n}: not one result and one conflict: {other:?}",
                    db.name
                ),
            };
            assert!(stored.changed);
            match &conflict {
                StoreError::Conflict(c) => {
                    assert_eq!((c.game_id, c.version), (game, 1));
                    assert_eq!(Some(&c.by), stored.game.updated_by.as_ref());
                }
                other => panic!("{}: {other:?}", db.name),
            }
            let loaded = b.load_event(id).await.unwrap();
            let g = loaded.games.iter().find(|g| g.id == game).unwrap();
            assert_eq!((g.result, g.version), (stored.game.result, 1));
        }
        a.close().await;
        b.close().await;
    }
}
