//! The rating office's acceptance tests, run on SQLite and (when
//! `QIYUAN_TEST_POSTGRES_URL` is set) on PostgreSQL: imports are idempotent
//! and audited, a period recomputed gives the same figures, and every
//! published figure can be walked back to its events and games.

mod common;

use common::*;
use qiyuan_rating::model::Sex;
use qiyuan_store::{AuditAction, StoreError};
use rust_decimal_macros::dec;

/// The starting list: players 1 and 2 rated 2400 with 10 valid games, and
/// player 3 unrated.
fn start_list() -> Vec<qiyuan_store::ListEntry> {
    vec![
        rated(1, "甲", Sex::Male, 2400, 10),
        rated(2, "乙", Sex::Male, 2400, 10),
        unrated(3, "丙", Sex::Female),
    ]
}

/// Imports the starting list as a draft of the cxa-2019 series dated
/// 2019-01-01 and publishes it: the list a test's periods start from.
async fn publish_start_list(
    store: &qiyuan_store::Store,
    file: &str,
    bytes: &[u8],
    by: &str,
) -> i64 {
    let draft = store
        .import_list(
            file,
            bytes,
            "cxa-2019",
            date("2019-01-01"),
            &start_list(),
            Default::default(),
            &|_| {},
            by,
        )
        .await
        .unwrap();
    store.publish_list(draft.list_id, true, by).await.unwrap();
    draft.list_id
}

#[tokio::test]
async fn the_same_event_is_imported_once() {
    for db in databases().await {
        let store = open(&db).await;
        publish_start_list(&store, "list.csv", b"list-v1", "test-officer").await;
        let text = match_event("2019 甲级联赛", "2019-03-10");
        let first = store
            .import_event("a.json", &text, "cxa-2019", "test-officer")
            .await
            .unwrap();
        assert_eq!((first.players, first.games), (2, 2), "{}", db.name);
        // The same bytes under another name: refused, naming the first import.
        let err = store
            .import_event("copy.json", &text, "cxa-2019", "test-officer")
            .await
            .unwrap_err();
        match &err {
            StoreError::DuplicateEvent {
                event_id, audit_id, ..
            } => {
                assert_eq!((*event_id, *audit_id), (first.event_id, first.audit_id));
            }
            other => panic!("{}: {other:?}", db.name),
        }
        let msg = err.to_string();
        assert!(
            msg.contains("already imported as event #") && msg.contains("copy.json"),
            "{msg}"
        );
        let totals = store.totals().await.unwrap();
        assert_eq!(
            (totals.events, totals.games, totals.players),
            (1, 2, 3),
            "{}",
            db.name
        );
        // The same list file twice is refused too.
        let err = store
            .import_list(
                "again.csv",
                b"list-v1",
                "cxa-2019",
                date("2019-01-01"),
                &start_list(),
                Default::default(),
                &|_| {},
                "test-officer",
            )
            .await
            .unwrap_err();
        assert!(
            matches!(err, StoreError::DuplicateList { .. }),
            "{}: {err}",
            db.name
        );
        // The list's import (a draft) and publication, then the event:
        // three entries, chained.
        let log = store.audit_log().await.unwrap();
        let actions: Vec<_> = log.iter().map(|e| e.action).collect();
        assert_eq!(
            actions,
            [
                AuditAction::ImportList,
                AuditAction::Publish,
                AuditAction::ImportEvent
            ]
        );
        assert_eq!(store.verify_audit_chain().await.unwrap(), None);
        // The file is kept verbatim.
        let stored = store.event(first.event_id).await.unwrap().unwrap();
        assert_eq!(stored.file_content, text);
    }
}

#[tokio::test]
async fn the_audit_log_refuses_updates_and_deletes() {
    for db in databases().await {
        let store = open(&db).await;
        publish_start_list(&store, "list.csv", b"x", "test-officer").await;
        for sql in [
            "UPDATE audit_log SET subject = 'forged'",
            "DELETE FROM audit_log",
        ] {
            let err = sqlx::query(sql).execute(store.pool()).await.unwrap_err();
            assert!(
                err.to_string().contains("append-only"),
                "{}: {err}",
                db.name
            );
        }
        // The list's import and its publication.
        assert_eq!(store.audit_log().await.unwrap().len(), 2);
    }
}

#[tokio::test]
async fn bad_input_gets_clear_errors() {
    for db in databases().await {
        let store = open(&db).await;
        // A repeated id in a list: the draft keeps the first row and says
        // which lines it left out; discarded, it leaves no list behind.
        let mut list = start_list();
        list.push(rated(2, "乙二", Sex::Male, 2300, 0));
        list[3].line = 9;
        let draft = store
            .import_list(
                "dup.csv",
                b"dup",
                "cxa-2019",
                date("2019-01-01"),
                &list,
                Default::default(),
                &|_| {},
                "test-officer",
            )
            .await
            .unwrap();
        assert_eq!(draft.entries, 3);
        assert_eq!(
            draft.notes.repeated,
            [qiyuan_store::RepeatedId {
                id: 2,
                kept_line: 3,
                skipped_lines: vec![9]
            }]
        );
        let diff = store.list_diff(draft.list_id).await.unwrap();
        assert_eq!(diff.notes.repeated.len(), 1);
        store
            .discard_list(draft.list_id, "test-officer")
            .await
            .unwrap();
        assert!(store.lists().await.unwrap().is_empty());

        publish_start_list(&store, "list.csv", b"ok", "test-officer").await;
        // Players not on the list: named with their ids.
        let text = match_event("外来赛", "2019-03-10")
            .replace(r#""id": 2, "name": "乙""#, r#""id": 77, "name": "丁""#)
            .replace(r#""black": 2"#, r#""black": 77"#)
            .replace(r#""red": 2"#, r#""red": 77"#);
        let err = store
            .import_event("x.json", &text, "cxa-2019", "test-officer")
            .await
            .unwrap_err();
        let msg = err.to_string();
        assert!(
            msg.starts_with("x.json: 1 player(s) of the event are not on the rating list: 77 丁"),
            "{msg}"
        );
        // A sex that disagrees with the list.
        let text = match_event("混", "2019-03-10")
            .replace(r#""name": "乙", "sex": "m""#, r#""name": "乙", "sex": "f""#);
        let err = store
            .import_event("s.json", &text, "cxa-2019", "test-officer")
            .await
            .unwrap_err();
        assert!(
            matches!(err, StoreError::PlayerMismatch { id: 2, .. }),
            "{err}"
        );
        // A chess event under a xiangqi profile.
        let text = match_event("棋", "2019-03-10").replace("xiangqi", "chess");
        let err = store
            .import_event("c.json", &text, "cxa-2019", "test-officer")
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::WrongGame { .. }), "{err}");
        // No end date.
        let text = match_event("无日期", "2019-03-10")
            .replace(r#""start": "2019-03-10", "end": "2019-03-10","#, "");
        let err = store
            .import_event("d.json", &text, "cxa-2019", "test-officer")
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::NoEndDate { .. }), "{err}");
        // An invalid file: the reader's message, with line and field.
        let err = store
            .import_event(
                "bad.json",
                &match_event("坏", "2019-03-10").replace("\"1-0\"", "\"2-0\""),
                "cxa-2019",
                "test-officer",
            )
            .await
            .unwrap_err();
        assert!(
            err.to_string().starts_with("bad.json:7: games[0].result"),
            "{err}"
        );
        assert_eq!(store.totals().await.unwrap().events, 0, "{}", db.name);
        // A list date the calendar does not publish on (cxa-2019 第四条: 1 Jan, 1 Jun, 1 Oct).
        let err = store
            .compute_period(
                "cxa-2019",
                date("2019-03-15"),
                true,
                &|_, _| {},
                "test-officer",
            )
            .await
            .unwrap_err();
        assert!(err.to_string().contains("01-01, 06-01, 10-01"), "{err}");
    }
}

/// cxa-2019 worked by hand (regulations.md §2, 第九条, 第十条): players 1 and
/// 2 are rated 2400 with 10 valid games (K = 25, fewer than 30). Player 1
/// wins both games of a match. Each player's line of the 等级分计算表
/// (第九条 steps): Ra = (2400 + 2400) / 2 = 2400.0 (rounded to 1 decimal),
/// D = Ro − Ra = 2400 − 2400 = 0, P = 0.50 (tables/expected-score.csv, |D| in
/// 0..3), We = N × P = 2 × 0.50 = 1.00, W = 2, ΔR = 25 × (2 − 1) = +25.0; player
/// 2: W = 0, ΔR = 25 × (0 − 1) = −25.0. The list of 1 June 2019 (period
/// 1 Jan – 31 May) has Rn = 2400 + 25 = 2425 and 2400 − 25 = 2375 (above
/// the men's minimum 2301), each with 10 + 2 = 12 valid games.
#[tokio::test]
async fn a_period_is_reproducible_and_every_figure_traceable() {
    for db in databases().await {
        let store = open(&db).await;
        publish_start_list(&store, "list.csv", b"list", "test-officer").await;
        let ev = store
            .import_event(
                "m.json",
                &match_event("对抗赛", "2019-03-10"),
                "cxa-2019",
                "test-officer",
            )
            .await
            .unwrap();
        let first = store
            .compute_period(
                "cxa-2019",
                date("2019-06-01"),
                false,
                &|_, _| {},
                "test-officer",
            )
            .await
            .unwrap();
        let again = store
            .compute_period(
                "cxa-2019",
                date("2019-06-01"),
                false,
                &|_, _| {},
                "test-officer",
            )
            .await
            .unwrap();
        let a = store.list_lines(first.list_id.unwrap()).await.unwrap();
        let b = store.list_lines(again.list_id.unwrap()).await.unwrap();
        assert_eq!(a, b, "{}: a recomputed period changed", db.name);
        let figures: Vec<_> = a.iter().map(|l| (l.id, l.rating, l.valid_games)).collect();
        assert_eq!(
            figures,
            [
                (1, Some(dec!(2425)), 12),
                (2, Some(dec!(2375)), 12),
                (3, None, 0)
            ],
            "{}",
            db.name
        );
        let published = store.publish("test-officer").await.unwrap();
        assert_eq!(published.list_id, again.list_id.unwrap());

        // Walk the trail of player 1's 2425 back through the audit log.
        let log = store.audit_log().await.unwrap();
        let publish = log
            .iter()
            .rev()
            .find(|e| e.action == AuditAction::Publish)
            .unwrap();
        assert_eq!(publish.detail["list_id"], published.list_id);
        let computed_by = publish.detail["computed_by_audit"].as_i64().unwrap();
        let compute = log.iter().find(|e| e.id == computed_by).unwrap();
        assert_eq!(compute.action, AuditAction::ComputePeriod);
        let base_list = compute.detail["base_list_id"].as_i64().unwrap();
        let events = compute.detail["events"].as_array().unwrap();
        assert_eq!(events.len(), 1);
        let sha = events[0]["sha256"].as_str().unwrap();
        let event_id = events[0]["event_id"].as_i64().unwrap();
        assert_eq!(event_id, ev.event_id);
        // The import entry of that file, and the file itself, agree.
        let import = log
            .iter()
            .find(|e| {
                e.action == AuditAction::ImportEvent
                    && e.detail["events"]
                        .as_array()
                        .is_some_and(|v| v.iter().any(|x| x["sha256"] == sha))
            })
            .unwrap();
        let stored = store.event(event_id).await.unwrap().unwrap();
        assert_eq!(stored.audit_id, import.id);
        assert_eq!(stored.sha256, sha);
        // The figure: Ro from the base list + ΣΔR of the period's lines.
        let before = store.list_lines(base_list).await.unwrap();
        let ro = before.iter().find(|l| l.id == 1).unwrap().rating.unwrap();
        let changes = store
            .period_changes(publish.detail["period_id"].as_i64().unwrap(), Some(1))
            .await
            .unwrap();
        assert_eq!(changes.len(), 1);
        let c = &changes[0].figures;
        assert_eq!((c.games, c.score, c.k), (2, dec!(2), Some(25)));
        assert_eq!(c.change, Some(dec!(25)));
        assert_eq!(ro + c.change.unwrap(), dec!(2425));
        // Ra, D, P, We stored for both players (the comment above), as in
        // the event's 等级分计算表.
        let table = store.event_changes(event_id).await.unwrap();
        let figures: Vec<_> = table
            .iter()
            .map(|(line, _, _)| {
                let c = &line.figures;
                (
                    line.player_id,
                    c.rating_used,
                    c.opponents_average,
                    c.difference,
                    c.expected_fraction,
                    c.expected_score,
                    c.score,
                    c.change,
                )
            })
            .collect();
        let line = |id, w, dr| {
            (
                id,
                dec!(2400),
                Some(dec!(2400.0)),
                Some(dec!(0)),
                Some(dec!(0.50)),
                Some(dec!(1.00)),
                w,
                Some(dr),
            )
        };
        assert_eq!(
            figures,
            [line(1, dec!(2), dec!(25)), line(2, dec!(0), dec!(-25))],
            "{}",
            db.name
        );
        // And the games behind N and W.
        let games = store.event_games(event_id).await.unwrap();
        let won = games
            .iter()
            .filter(|g| {
                (g.white == 1 && g.result == "1-0") || (g.black == Some(1) && g.result == "0-1")
            })
            .count();
        assert_eq!((games.len(), won), (2, 2));
        assert_eq!(store.verify_audit_chain().await.unwrap(), None);

        // The period is closed: an event ending in it is refused.
        let err = store
            .import_event(
                "late.json",
                &match_event("迟到", "2019-05-01"),
                "cxa-2019",
                "test-officer",
            )
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::ClosedPeriod { .. }), "{err}");
        // Skipping a list is refused (cxa-2019 第四条: the list of 1 January
        // 2020 follows the list of 1 October 2019).
        let err = store
            .compute_period(
                "cxa-2019",
                date("2020-01-01"),
                true,
                &|_, _| {},
                "test-officer",
            )
            .await
            .unwrap_err();
        assert!(
            matches!(err, StoreError::MissingList { previous, .. } if previous == date("2019-10-01")),
            "{err}"
        );
        // The player's history shows both lists and the event.
        let h = store.player_history(1).await.unwrap();
        assert_eq!(h.lists.len(), 3);
        assert_eq!(h.lists[2].changes[0].1, "对抗赛");
    }
}

#[tokio::test]
async fn a_batch_imports_the_good_files_and_reports_the_others() {
    for db in databases().await {
        let store = open(&db).await;
        publish_start_list(&store, "list.csv", b"list", "test-officer").await;
        let a = match_event("甲赛", "2019-03-10");
        let b = match_event("乙赛", "2019-03-11");
        let stranger = match_event("丙赛", "2019-03-12")
            .replace(r#""id": 2, "name": "乙""#, r#""id": 5, "name": "戊""#)
            .replace(r#""black": 2"#, r#""black": 5"#)
            .replace(r#""red": 2"#, r#""red": 5"#);
        let done = store
            .import_events(
                &[
                    ("a.json", &a),
                    ("b.json", &b),
                    ("a2.json", &a),
                    ("s.json", &stranger),
                ],
                "cxa-2019",
                &|_| {},
                "test-officer",
            )
            .await
            .unwrap();
        assert!(done[0].is_ok() && done[1].is_ok(), "{}", db.name);
        assert!(matches!(done[2], Err(StoreError::DuplicateInBatch { .. })));
        assert!(
            matches!(&done[3], Err(StoreError::UnknownPlayers { missing, .. }) if missing == &[(5, "戊".to_string())])
        );
        let totals = store.totals().await.unwrap();
        assert_eq!((totals.events, totals.games), (2, 4), "{}", db.name);
        // One audit entry (after the list's import and publication) names
        // both files.
        let log = store.audit_log().await.unwrap();
        assert_eq!(log.len(), 3);
        assert_eq!(log[2].detail["events"].as_array().unwrap().len(), 2);
    }
}

/// SHA-256 over length-prefixed parts (u64 little-endian byte length, then
/// the bytes): the audit chain's documented scheme, computed here apart
/// from the store.
fn chain_hash(parts: &[&str]) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    for p in parts {
        h.update((p.len() as u64).to_le_bytes());
        h.update(p.as_bytes());
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

#[tokio::test]
async fn the_audit_log_records_who_acted_and_old_entries_still_verify() {
    let genesis = "0".repeat(64);
    for db in databases().await {
        let store = open(&db).await;
        // An entry written before the actor was recorded: five parts, no actor.
        let (at, action, subject, detail) =
            ("2019-01-01T00:00:00Z", "import-list", "list old", "{}");
        let old = chain_hash(&[&genesis, at, action, subject, detail]);
        sqlx::query(
            "INSERT INTO audit_log (at, action, subject, detail, prev_hash, hash) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(at)
        .bind(action)
        .bind(subject)
        .bind(detail)
        .bind(genesis.clone())
        .bind(old.clone())
        .execute(store.pool())
        .await
        .unwrap();
        publish_start_list(&store, "list.csv", b"x", "王官员").await;
        let log = store.audit_log().await.unwrap();
        let by: Vec<Option<&str>> = log.iter().map(|e| e.by.as_deref()).collect();
        // The old entry, then the list's import and publication by 王官员.
        assert_eq!(by, [None, Some("王官员"), Some("王官员")], "{}", db.name);
        assert_eq!(
            store.verify_audit_chain().await.unwrap(),
            None,
            "{}",
            db.name
        );
        // The new entry's hash covers the actor as a sixth part.
        let row =
            sqlx::query("SELECT at, action, subject, detail, hash FROM audit_log WHERE id = $1")
                .bind(log[1].id)
                .fetch_one(store.pool())
                .await
                .unwrap();
        use sqlx::Row;
        let get = |k: &str| row.try_get::<String, _>(k).unwrap();
        let expected = chain_hash(&[
            &old,
            &get("at"),
            &get("action"),
            &get("subject"),
            &get("detail"),
            "王官员",
        ]);
        assert_eq!(get("hash"), expected, "{}", db.name);
        // An entry whose actor was not hashed (a forged name), chained after
        // the last one, breaks the chain.
        let last = log.last().unwrap().hash.clone();
        let forged = chain_hash(&[&last, at, "publish", "list forged", "{}"]);
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO audit_log (at, action, subject, detail, prev_hash, hash, actor) \
             VALUES ($1, 'publish', 'list forged', '{}', $2, $3, 'mallory') RETURNING id",
        )
        .bind(at)
        .bind(last)
        .bind(forged)
        .fetch_one(store.pool())
        .await
        .unwrap();
        assert_eq!(
            store.verify_audit_chain().await.unwrap(),
            Some(id),
            "{}",
            db.name
        );
    }
}

#[tokio::test]
async fn every_audited_operation_refuses_a_missing_actor() {
    let no_actor = |e: &StoreError, op: &str| {
        matches!(e, StoreError::NoActor { operation } if *operation == op)
            && e.to_string().contains("no actor given")
    };
    for db in databases().await {
        let store = open(&db).await;
        let list_date = date("2019-01-01");
        let text = match_event("无名", "2019-03-10");
        for blank in ["", "   "] {
            let e = store
                .import_list(
                    "list.csv",
                    b"x",
                    "cxa-2019",
                    list_date,
                    &start_list(),
                    Default::default(),
                    &|_| {},
                    blank,
                )
                .await
                .unwrap_err();
            assert!(no_actor(&e, "import_list"), "{}: {e:?}", db.name);
            let e = store
                .import_event("e.json", &text, "cxa-2019", blank)
                .await
                .unwrap_err();
            assert!(no_actor(&e, "import_event"), "{}: {e:?}", db.name);
            let e = store
                .import_event_with_progress("e.json", &text, "cxa-2019", &|_| {}, blank)
                .await
                .unwrap_err();
            assert!(
                no_actor(&e, "import_event_with_progress"),
                "{}: {e:?}",
                db.name
            );
            let e = store
                .import_events(&[("e.json", &text)], "cxa-2019", &|_| {}, blank)
                .await
                .unwrap_err();
            assert!(no_actor(&e, "import_events"), "{}: {e:?}", db.name);
            let e = store
                .compute_period("cxa-2019", date("2019-06-01"), true, &|_, _| {}, blank)
                .await
                .unwrap_err();
            assert!(no_actor(&e, "compute_period"), "{}: {e:?}", db.name);
            let e = store.publish(blank).await.unwrap_err();
            assert!(no_actor(&e, "publish"), "{}: {e:?}", db.name);
        }
        // Nothing was written: no audit entry, no player, no event.
        assert!(store.audit_log().await.unwrap().is_empty(), "{}", db.name);
        let totals = store.totals().await.unwrap();
        assert_eq!(
            (totals.players, totals.events, totals.lists),
            (0, 0, 0),
            "{}",
            db.name
        );
    }
}

/// A period's notes are stored typed and read back in either language; a
/// row written before notes were typed (an English string) reads back as
/// stored.
#[tokio::test]
async fn period_notes_are_stored_typed_and_old_ones_read_as_stored() {
    use qiyuan_rating::Lang;
    use qiyuan_rating::period::PeriodNote;
    for db in databases().await {
        let store = open(&db).await;
        publish_start_list(&store, "list.csv", b"list", "test-officer").await;
        // Player 3 (unrated) plays two games against player 1: 2 of 9 games.
        let text = match_event("新人赛", "2019-03-10")
            .replace(
                r#"{"id": 2, "name": "乙", "sex": "m", "rating": 2400}"#,
                r#"{"id": 3, "name": "丙", "sex": "f"}"#,
            )
            .replace(r#""black": 2"#, r#""black": 3"#)
            .replace(r#""red": 2"#, r#""red": 3"#);
        store
            .import_event("new.json", &text, "cxa-2019", "test-officer")
            .await
            .unwrap();
        let done = store
            .compute_period(
                "cxa-2019",
                date("2019-06-01"),
                false,
                &|_, _| {},
                "test-officer",
            )
            .await
            .unwrap();
        let list = done.list_id.unwrap();
        let expected = PeriodNote::CarriedOver { games: 2, need: 9 };
        let h = store.player_history(3).await.unwrap();
        let line = h.lists.iter().find(|l| l.list.id == list).unwrap();
        assert_eq!(line.notes, std::slice::from_ref(&expected), "{}", db.name);
        assert_eq!(
            line.notes[0].text(Lang::En),
            "2 of 9 games against rated players: carried over"
        );
        assert_eq!(
            line.notes[0].text(Lang::Zh),
            "与有分棋手对局 2 局，需 9 局：累计到以后的统计期"
        );
        let stored: String = sqlx::query_scalar(
            "SELECT notes FROM list_entries WHERE list_id = $1 AND player_id = 3",
        )
        .bind(list)
        .fetch_one(store.pool())
        .await
        .unwrap();
        assert_eq!(stored, r#"[{"carried_over":{"games":2,"need":9}}]"#);
        // A row of before: its English string, shown as stored.
        sqlx::query("UPDATE list_entries SET notes = $1 WHERE list_id = $2 AND player_id = 3")
            .bind(r#"["2 of 9 games against rated players: carried over"]"#)
            .bind(list)
            .execute(store.pool())
            .await
            .unwrap();
        let h = store.player_history(3).await.unwrap();
        let line = h.lists.iter().find(|l| l.list.id == list).unwrap();
        let old = PeriodNote::Legacy("2 of 9 games against rated players: carried over".into());
        assert_eq!(line.notes, std::slice::from_ref(&old), "{}", db.name);
        assert_eq!(line.notes[0].to_string(), expected.to_string());
        assert_eq!(line.notes[0].text(Lang::Zh), old.to_string());
    }
}
