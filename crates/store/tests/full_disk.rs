//! Durable or failed, never both (issue 12): with the database full, every
//! write the store acknowledges is on disk after a restart and every write
//! it refuses left nothing behind; once space returns, the same open store
//! writes again (no connection keeps a transaction open, so none holds
//! SQLite's write lock).
//!
//! The disk fills through the process's file size limit (`RLIMIT_FSIZE`,
//! which needs no privilege): SQLite's writes past it fail in `write(2)`,
//! at `COMMIT` as on a full disk (where `ENOSPC` reads "database or disk is
//! full", `EFBIG` reads "disk I/O error"), and raising the limit again is
//! space returning. Every pooled connection meets it. (SQLite's own cap,
//! `PRAGMA max_page_count`, fails the statement that needs a page rather
//! than the commit, which left the pool sound even before the fix.)
#![cfg(unix)]

mod common;

use std::time::Duration;

use common::*;
use qiyuan_desk::prelude::*;
use qiyuan_rating::model::Sex;
use qiyuan_store::{ListEntry, Store};

/// Players per imported list: enough that a few imports fill a page more.
const ROWS: u32 = 60;

/// A list of `ROWS` players no other list has, so each import grows the
/// database (new players, new list rows).
fn rows(n: u32) -> Vec<ListEntry> {
    (0..ROWS)
        .map(|k| {
            let id = 10_000 + n * ROWS + k;
            rated(id, &format!("棋手{id}"), Sex::Male, 1800 + i64::from(k), 20)
        })
        .collect()
}

/// Imports list number `n` as a draft: its list and audit entry ids, or
/// the error's text. A write that does not answer within a minute is a
/// failure too (the busy timeout is 30 s: a write waits that long only for
/// a lock some connection never releases).
async fn import(store: &Store, n: u32) -> Result<(i64, i64), String> {
    let file = format!("list-{n}.csv");
    let body = format!("list {n}");
    let entries = rows(n);
    let write = store.import_list(
        &file,
        body.as_bytes(),
        "cxa-2019",
        date("2025-01-01"),
        &entries,
        Default::default(),
        &|_| {},
        "officer",
    );
    match tokio::time::timeout(Duration::from_secs(60), write).await {
        Ok(Ok(draft)) => Ok((draft.list_id, draft.audit_id)),
        Ok(Err(e)) => Err(e.to_string()),
        Err(_) => Err("no answer within 60 s".into()),
    }
}

/// Creates desk event number `n` (one row and its log entry): its id, or
/// the error's text.
async fn create(store: &Store, n: u32) -> Result<(i64, i64), String> {
    let mut settings = EventSettings::swiss(format!("公开赛 {n}"), GameKind::Xiangqi, 7);
    settings.place = Some("上海".repeat(40));
    let write = store.create_event(&settings, "arbiter");
    match tokio::time::timeout(Duration::from_secs(60), write).await {
        Ok(Ok(id)) => Ok((id, 0)),
        Ok(Err(e)) => Err(e.to_string()),
        Err(_) => Err("no answer within 60 s".into()),
    }
}

/// Write number `n`: a list import, or (every third) a desk event.
async fn write(store: &Store, n: u32) -> Result<(i64, i64), String> {
    if n % 3 == 2 {
        create(store, n).await
    } else {
        import(store, n).await
    }
}

/// What write number `n` stored, if anything.
async fn found(store: &Store, n: u32) -> Option<(i64, i64)> {
    if n % 3 == 2 {
        let id: Option<i64> = sqlx::query_scalar("SELECT id FROM desk_events WHERE name = $1")
            .bind(format!("公开赛 {n}"))
            .fetch_optional(store.pool())
            .await
            .unwrap();
        id.map(|id| (id, 0))
    } else {
        stored(store, n).await
    }
}

/// The list and audit entry stored under list number `n`'s file, if any.
async fn stored(store: &Store, n: u32) -> Option<(i64, i64)> {
    let row: Option<(i64, i64)> =
        sqlx::query_as("SELECT id, audit_id FROM rating_lists WHERE file_name = $1")
            .bind(format!("list-{n}.csv"))
            .fetch_optional(store.pool())
            .await
            .unwrap();
    let (list_id, audit_id) = row?;
    let audit: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM audit_log WHERE id = $1")
        .bind(audit_id)
        .fetch_one(store.pool())
        .await
        .unwrap();
    let entries: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM list_entries WHERE list_id = $1")
        .bind(list_id)
        .fetch_one(store.pool())
        .await
        .unwrap();
    assert_eq!(
        audit, 1,
        "list #{list_id} without its audit entry #{audit_id}"
    );
    assert_eq!(entries, i64::from(ROWS), "list #{list_id} is not whole");
    Some((list_id, audit_id))
}

/// Caps the size of every file this process writes at `bytes`
/// (`RLIMIT_FSIZE`: a write past it fails with `EFBIG`, as one fails with
/// `ENOSPC` on a full disk; `SIGXFSZ`, which would kill the process, is
/// ignored). Returns the limit it replaced.
fn limit_file_size(bytes: u64) -> libc::rlimit {
    let mut old = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: plain system calls on a valid struct.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
        assert_eq!(libc::getrlimit(libc::RLIMIT_FSIZE, &mut old), 0);
        let new = libc::rlimit {
            rlim_cur: bytes.min(old.rlim_max),
            rlim_max: old.rlim_max,
        };
        assert_eq!(libc::setrlimit(libc::RLIMIT_FSIZE, &new), 0);
    }
    old
}

/// Gives back the file size limit [`limit_file_size`] replaced.
fn restore_file_size(old: libc::rlimit) {
    // SAFETY: a plain system call on a valid struct.
    assert_eq!(unsafe { libc::setrlimit(libc::RLIMIT_FSIZE, &old) }, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_the_disk_full_a_write_is_durable_or_failed_never_both() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("office.sqlite3").display().to_string();
    let store = Store::open(&path).await.unwrap();
    let first = import(&store, 0).await;
    assert!(first.is_ok(), "the first list: {first:?}");

    // Every connection of the pool is opened, so that the writes, one
    // after another, each take the next idle one: all of them meet the
    // full disk.
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(store.pool().acquire().await.unwrap());
    }
    drop(held);

    // The disk fills: room for a few imports, then none.
    let size = |f: &str| std::fs::metadata(dir.path().join(f)).map_or(0, |m| m.len());
    let cap = size("office.sqlite3").max(size("office.sqlite3-wal")) + 300_000;
    let old = limit_file_size(cap);
    let mut outcomes = vec![(0, first)];
    let mut n = 1;
    while n <= 60 {
        outcomes.push((n, write(&store, n).await));
        n += 1;
    }
    restore_file_size(old);

    let acknowledged = outcomes.iter().filter(|(_, r)| r.is_ok()).count();
    let failed: Vec<&String> = outcomes
        .iter()
        .filter_map(|(_, r)| r.as_ref().err())
        .collect();
    assert!(
        acknowledged > 1 && !failed.is_empty(),
        "the disk must fill during the test: {acknowledged} acknowledged, {} failed",
        failed.len()
    );
    assert!(
        failed.iter().any(|e| e.contains("disk")),
        "some write fails for want of space: {failed:?}"
    );

    // Space returns: the same open store writes again, on every connection
    // of its pool (one after another, so each takes the next idle one).
    for _ in 0..8 {
        let k = n;
        n += 1;
        let written = write(&store, k).await;
        assert!(
            written.is_ok(),
            "list {k} after space returned, without a restart: {written:?}"
        );
        outcomes.push((k, written));
    }

    // Restart: what was acknowledged is there, whole; what failed is not.
    store.close().await;
    let store = Store::open(&path).await.unwrap();
    for (k, outcome) in &outcomes {
        let found = found(&store, *k).await;
        match outcome {
            Ok(ids) => assert_eq!(
                found,
                Some(*ids),
                "write {k} was acknowledged as {ids:?} but is not stored"
            ),
            Err(e) => assert_eq!(found, None, "write {k} failed ({e}) but was stored"),
        }
    }
    store.close().await;
}
