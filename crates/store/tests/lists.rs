//! Rating lists from draft to published (issue 11): an import is a draft of
//! its series that changes nothing until a person has checked it; a
//! published list never changes, whatever is imported, corrected or
//! computed afterwards. On SQLite and (with `QIYUAN_TEST_POSTGRES_URL`)
//! PostgreSQL.

mod common;

use common::*;
use qiyuan_rating::model::Sex;
use qiyuan_rating::period::TitleHeld;
use qiyuan_store::{ListEntry, Store, StoreError};

async fn draft(store: &Store, file: &str, series: &str, d: &str, rows: &[ListEntry]) -> i64 {
    store
        .import_list(
            file,
            file.as_bytes(),
            series,
            date(d),
            rows,
            Default::default(),
            &|_| {},
            "officer",
        )
        .await
        .unwrap()
        .list_id
}

fn titled(mut e: ListEntry, title: &str) -> ListEntry {
    e.row.titles.push(TitleHeld {
        title: title.into(),
        date: None,
        by: None,
    });
    e
}

/// The name, sex and titles list `id` shows for player `player`.
async fn shown(store: &Store, id: i64, player: u32) -> (String, String, Option<String>) {
    let line = store
        .list_lines(id)
        .await
        .unwrap()
        .into_iter()
        .find(|l| l.id == player)
        .unwrap();
    (line.name, line.sex, line.titles)
}

/// The 2025-01-01 list shows 张伟 (m, GM) under id 1. A later list gives id
/// 1 to 李娜 (f, WGM): its draft shows the change for confirmation, cannot
/// be published without it, and once published the 2025-01-01 list still
/// shows 张伟 — one person, one title. The database itself refuses to
/// change a published list's rows.
#[tokio::test]
async fn a_published_list_is_unchanged_by_a_conflicting_import() {
    for db in databases().await {
        let store = open(&db).await;
        let first = draft(
            &store,
            "2025-01.csv",
            "cxa-2019",
            "2025-01-01",
            &[
                titled(rated(1, "张伟", Sex::Male, 2500, 100), "GM"),
                rated(2, "王芳", Sex::Female, 2300, 50),
            ],
        )
        .await;
        // Nothing is known yet: both players are new, nothing to confirm.
        let diff = store.list_diff(first).await.unwrap();
        assert_eq!(
            (diff.new.len(), diff.identity_changes.len()),
            (2, 0),
            "{}",
            db.name
        );
        store.publish_list(first, false, "officer").await.unwrap();

        let second = draft(
            &store,
            "2025-06.csv",
            "cxa-2019",
            "2025-06-01",
            &[
                titled(rated(1, "李娜", Sex::Female, 2350, 10), "WGM"),
                rated(2, "王芳", Sex::Female, 2310, 55),
                rated(3, "新人", Sex::Male, 2100, 0),
            ],
        )
        .await;
        let diff = store.list_diff(second).await.unwrap();
        assert_eq!(diff.previous.map(|p| p.0), Some(first));
        assert_eq!(diff.new, [3]);
        assert_eq!(diff.unchanged, 1);
        assert_eq!(diff.identity_changes.len(), 1);
        let c = &diff.identity_changes[0];
        assert_eq!(c.id, 1);
        assert_eq!(c.fields, ["name", "sex", "titles"]);
        assert_eq!(
            (c.before.name.as_str(), c.after.name.as_str()),
            ("张伟", "李娜")
        );
        // Before the draft is published, nothing changed.
        assert_eq!(
            shown(&store, first, 1).await,
            ("张伟".into(), "m".into(), Some("GM".into()))
        );
        let e = store
            .publish_list(second, false, "officer")
            .await
            .unwrap_err();
        assert!(
            matches!(e, StoreError::IdentityUnconfirmed { changes: 1, .. }),
            "{e}"
        );
        store.publish_list(second, true, "officer").await.unwrap();
        // The published list still shows what it published.
        assert_eq!(
            shown(&store, first, 1).await,
            ("张伟".into(), "m".into(), Some("GM".into())),
            "{}",
            db.name
        );
        assert_eq!(
            shown(&store, second, 1).await,
            ("李娜".into(), "f".into(), Some("WGM".into()))
        );
        // And neither list can be changed any more.
        for sql in [
            format!("UPDATE list_entries SET rating = '9999' WHERE list_id = {first}"),
            format!("DELETE FROM list_entries WHERE list_id = {first}"),
            format!(
                "INSERT INTO list_entries (list_id, player_id, valid_games, status, name, sex) \
                 VALUES ({first}, 3, 0, 'unrated', 'x', 'm')"
            ),
            format!("UPDATE rating_lists SET list_date = '2020-01-01' WHERE id = {first}"),
            format!("UPDATE rating_lists SET status = 'draft' WHERE id = {second}"),
            format!("DELETE FROM rating_lists WHERE id = {first}"),
        ] {
            let e = sqlx::query(&sql).execute(store.pool()).await.unwrap_err();
            assert!(
                e.to_string().contains("published rating list"),
                "{}: {sql}: {e}",
                db.name
            );
        }
        for e in [
            store.discard_list(first, "officer").await.unwrap_err(),
            store.skip_draft_row(first, 1, "officer").await.unwrap_err(),
            store
                .publish_list(first, true, "officer")
                .await
                .unwrap_err(),
        ] {
            assert!(matches!(e, StoreError::NotADraft(id) if id == first), "{e}");
        }
    }
}

/// One database, one list series per profile: a chess period starts from
/// the chess list, never from the xiangqi one, and says what is missing.
#[tokio::test]
async fn a_period_starts_from_its_own_series() {
    for db in databases().await {
        let store = open(&db).await;
        let xq = draft(
            &store,
            "xq.csv",
            "cxa-2019",
            "2025-01-01",
            &[rated(1, "甲", Sex::Male, 2400, 10)],
        )
        .await;
        store.publish_list(xq, false, "officer").await.unwrap();
        let chess = qiyuan_rating::profile::Profile::builtin("cca-chess").unwrap();
        let e = store
            .plan_period(&chess, date("2025-07-01"))
            .await
            .unwrap_err();
        assert!(
            matches!(&e, StoreError::NoBaseList { series, .. } if series == "cca-chess"),
            "{e}"
        );
        let ch = draft(
            &store,
            "ch.csv",
            "cca-chess",
            "2025-01-01",
            &[rated(7, "乙", Sex::Male, 2200, 10)],
        )
        .await;
        store.publish_list(ch, false, "officer").await.unwrap();
        let plan = store.plan_period(&chess, date("2025-07-01")).await.unwrap();
        assert_eq!(plan.base_list_id, ch, "{}", db.name);
        let xiangqi = qiyuan_rating::profile::Profile::builtin("cxa-2019").unwrap();
        let plan = store
            .plan_period(&xiangqi, date("2025-06-01"))
            .await
            .unwrap();
        assert_eq!(plan.base_list_id, xq, "{}", db.name);
        // An unknown series is refused at the import.
        let e = store
            .import_list(
                "q.csv",
                b"q",
                "qq-go",
                date("2025-01-01"),
                &[],
                Default::default(),
                &|_| {},
                "officer",
            )
            .await
            .unwrap_err();
        assert!(matches!(e, StoreError::Profile(_)), "{e}");
    }
}

/// One name and year of birth under two ids is flagged; the officer may
/// leave a row out of the draft before publishing it (audited).
#[tokio::test]
async fn possible_duplicates_are_flagged_and_rows_can_be_left_out() {
    for db in databases().await {
        let store = open(&db).await;
        let mut a = rated(10, "王伟", Sex::Male, 2200, 10);
        a.row.birth_year = Some(1990);
        let mut b = rated(11, "王伟", Sex::Male, 2210, 12);
        b.row.birth_year = Some(1990);
        let mut c = rated(12, "王伟", Sex::Male, 2000, 5);
        c.row.birth_year = Some(2001);
        let id = draft(&store, "d.csv", "cxa-2019", "2025-01-01", &[a, b, c]).await;
        let diff = store.list_diff(id).await.unwrap();
        assert_eq!(diff.duplicates.len(), 1, "{}", db.name);
        assert_eq!(diff.duplicates[0].ids, [10, 11]);
        assert_eq!(diff.duplicates[0].birth, "1990");
        let before = store.audit_log().await.unwrap().len();
        store.skip_draft_row(id, 11, "officer").await.unwrap();
        assert_eq!(store.audit_log().await.unwrap().len(), before + 1);
        assert!(store.list_diff(id).await.unwrap().duplicates.is_empty());
        let e = store.skip_draft_row(id, 11, "officer").await.unwrap_err();
        assert!(matches!(e, StoreError::NoSuchPlayer(11)), "{e}");
        let p = store.publish_list(id, false, "officer").await.unwrap();
        assert_eq!(p.rows, 2);
    }
}

/// Issue 12: there was no way to check the published lists against the
/// audit log. A publication now seals the hex SHA-256 of its rows into the
/// chain; `verify_office` recomputes it. Someone who goes around the
/// database's own guard (drops the trigger, edits a rating) is found, by
/// list and by the audit entry that published it.
#[tokio::test]
async fn verify_finds_a_published_list_changed_behind_the_office() {
    for db in databases().await {
        let store = open(&db).await;
        let id = draft(
            &store,
            "2025-01.csv",
            "cxa-2019",
            "2025-01-01",
            &[
                rated(1, "张伟", Sex::Male, 2500, 100),
                rated(2, "王芳", Sex::Female, 2300, 50),
            ],
        )
        .await;
        let published = store.publish_list(id, false, "officer").await.unwrap();
        let v = store.verify_office().await.unwrap();
        assert!(v.holds(), "{}: {v:?}", db.name);
        assert_eq!((v.lists_checked, v.unsealed.len()), (1, 0), "{}", db.name);

        let (drop, put_back) = if db.name == "sqlite" {
            ("DROP TRIGGER list_entries_published_update", "SELECT 1")
        } else {
            (
                "ALTER TABLE list_entries DISABLE TRIGGER list_entries_published_frozen",
                "ALTER TABLE list_entries ENABLE TRIGGER list_entries_published_frozen",
            )
        };
        sqlx::query(drop).execute(store.pool()).await.unwrap();
        sqlx::query("UPDATE list_entries SET rating = '2600' WHERE list_id = $1 AND player_id = 1")
            .bind(id)
            .execute(store.pool())
            .await
            .unwrap();
        sqlx::query(put_back).execute(store.pool()).await.unwrap();
        let v = store.verify_office().await.unwrap();
        assert!(!v.holds(), "{}", db.name);
        assert_eq!(
            v.chain_break, None,
            "{}: the chain itself is whole",
            db.name
        );
        assert_eq!(v.altered.len(), 1, "{}", db.name);
        assert_eq!(
            (v.altered[0].list_id, v.altered[0].audit_id),
            (id, published.audit_id),
            "{}",
            db.name
        );
        store.close().await;
    }
}

/// Issue 14's list column, the FIDE id: a list file's `FIDE编号` column is
/// imported with the list, read back by every list query (the whole list,
/// a page of it, the list file the CSV export writes), carried over to the
/// list a period computes from the list it started from, and sealed with
/// each publication.
#[tokio::test]
async fn fide_ids_are_kept_shown_and_carried_to_the_computed_list() {
    use qiyuan_formats::list::read_list_rows;
    use qiyuan_formats::sheet::Limits;
    use qiyuan_store::ListLine;
    use qiyuan_store::list_pages::ListCursor;
    let file =
        "编号,姓名,性别,等级分,有效局数,FIDE编号\n1,甲,男,2400,10,8600001\n2,乙,男,2400,10,\n";
    let read = read_list_rows(file.as_bytes(), "fide.csv", &Limits::list()).unwrap();
    let entries: Vec<ListEntry> = read.rows.into_iter().map(ListEntry::from).collect();
    let ids = |lines: &[ListLine]| -> Vec<(u32, Option<u64>)> {
        lines.iter().map(|l| (l.id, l.fide_id)).collect()
    };
    let want = [(1, Some(8600001)), (2, None)];
    for db in databases().await {
        let store = open(&db).await;
        let first = draft(&store, "fide.csv", "cxa-2019", "2019-01-01", &entries).await;
        store.publish_list(first, false, "officer").await.unwrap();
        assert_eq!(
            ids(&store.list_lines(first).await.unwrap()),
            want,
            "{}",
            db.name
        );
        let page = store
            .list_page(first, None, "", &ListCursor::Start, 10)
            .await
            .unwrap();
        assert_eq!(ids(&page.rows), want, "{}", db.name);
        let rows = store.list_file(first, date("2019-01-01")).await.unwrap();
        let file_ids: Vec<_> = rows.iter().map(|f| (f.row.id.0, f.fide_id)).collect();
        assert_eq!(file_ids, want, "{}", db.name);

        // A period: player 1 wins both games, and keeps his FIDE id on the
        // computed list.
        store
            .import_event(
                "m.json",
                &match_event("对抗赛", "2019-03-10"),
                "cxa-2019",
                "officer",
            )
            .await
            .unwrap();
        let out = store
            .compute_period("cxa-2019", date("2019-06-01"), false, &|_, _| {}, "officer")
            .await
            .unwrap();
        let computed = out.list_id.unwrap();
        let lines = store.list_lines(computed).await.unwrap();
        assert_eq!(ids(&lines), want, "{}", db.name);
        assert_eq!(lines[0].rating_before, Some(2400.into()));
        store
            .publish_list(computed, false, "officer")
            .await
            .unwrap();
        let v = store.verify_office().await.unwrap();
        assert!(v.holds(), "{}: {v:?}", db.name);
        assert_eq!(v.lists_checked, 2, "{}", db.name);

        // The id is sealed with the list: changed behind the office, found.
        let (drop, put_back) = if db.name == "sqlite" {
            ("DROP TRIGGER list_entries_published_update", "SELECT 1")
        } else {
            (
                "ALTER TABLE list_entries DISABLE TRIGGER list_entries_published_frozen",
                "ALTER TABLE list_entries ENABLE TRIGGER list_entries_published_frozen",
            )
        };
        sqlx::query(drop).execute(store.pool()).await.unwrap();
        sqlx::query(
            "UPDATE list_entries SET fide_id = 8600002 WHERE list_id = $1 AND player_id = 1",
        )
        .bind(computed)
        .execute(store.pool())
        .await
        .unwrap();
        sqlx::query(put_back).execute(store.pool()).await.unwrap();
        let v = store.verify_office().await.unwrap();
        let altered: Vec<i64> = v.altered.iter().map(|a| a.list_id).collect();
        assert_eq!(altered, [computed], "{}", db.name);
        store.close().await;
    }
}

/// A player the office has so far only on a draft is its work in progress:
/// the public players' search finds him once his list is published, not
/// before.
#[tokio::test]
async fn the_players_search_finds_only_players_of_published_lists() {
    for db in databases().await {
        let store = open(&db).await;
        let first = draft(
            &store,
            "a.csv",
            "cxa-2019",
            "2025-01-01",
            &[rated(1, "张伟", Sex::Male, 2200, 10)],
        )
        .await;
        store.publish_list(first, false, "officer").await.unwrap();
        let second = draft(
            &store,
            "b.csv",
            "cxa-2019",
            "2025-07-01",
            &[
                rated(1, "张伟", Sex::Male, 2210, 12),
                rated(2, "草稿甲", Sex::Female, 1900, 9),
            ],
        )
        .await;
        let found = |q: &'static str| {
            let store = &store;
            async move {
                let (total, rows) = store.search_players(q, 0, 10).await.unwrap();
                (total, rows.iter().map(|p| p.id).collect::<Vec<_>>())
            }
        };
        assert_eq!(found("草稿甲").await, (0, vec![]), "{}", db.name);
        assert_eq!(found("2").await, (0, vec![]), "{}: by id", db.name);
        assert_eq!(found("").await, (1, vec![1]), "{}: everyone", db.name);
        store.publish_list(second, false, "officer").await.unwrap();
        assert_eq!(found("草稿甲").await, (1, vec![2]), "{}", db.name);
        assert_eq!(found("").await, (2, vec![1, 2]), "{}", db.name);
        store.close().await;
    }
}
