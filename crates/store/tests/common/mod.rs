//! Databases the tests run on: a fresh SQLite file always, and a fresh
//! PostgreSQL database when `QIYUAN_TEST_POSTGRES_URL` is set (CI sets it).

#![allow(dead_code)]

use std::sync::atomic::{AtomicU32, Ordering};

use qiyuan_rating::model::{PlayerId, Sex};
use qiyuan_rating::period::ListRow;
use qiyuan_store::{ListEntry, Store};
use rust_decimal::Decimal;
use sqlx::Connection;

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// A database to test on; the SQLite one lives as long as `_dir`.
pub struct TestDb {
    pub url: String,
    pub name: &'static str,
    _dir: Option<tempfile::TempDir>,
}

/// Fresh, empty databases: SQLite, and PostgreSQL if configured.
pub async fn databases() -> Vec<TestDb> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("office.sqlite3");
    let mut out = vec![TestDb {
        url: path.display().to_string(),
        name: "sqlite",
        _dir: Some(dir),
    }];
    if let Ok(base) = std::env::var("QIYUAN_TEST_POSTGRES_URL")
        && !base.is_empty()
    {
        sqlx::any::install_default_drivers();
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos();
        let db = format!("qiyuan_t_{}_{n}_{nanos}", std::process::id());
        let mut conn = sqlx::AnyConnection::connect(&base).await.unwrap();
        sqlx::query(&format!("CREATE DATABASE {db}"))
            .execute(&mut conn)
            .await
            .unwrap();
        conn.close().await.unwrap();
        let (head, _) = base.rsplit_once('/').unwrap();
        out.push(TestDb {
            url: format!("{head}/{db}"),
            name: "postgres",
            _dir: None,
        });
    }
    out
}

pub async fn open(db: &TestDb) -> Store {
    Store::open(&db.url).await.unwrap()
}

/// A rated, active list row.
pub fn rated(id: u32, name: &str, sex: Sex, rating: i64, games: u32) -> ListEntry {
    let mut row = ListRow::rated(PlayerId(id), name, sex, Decimal::from(rating));
    row.rated_games = games;
    ListEntry {
        line: id as usize + 1,
        row,
        fide_id: None,
    }
}

/// An unrated list row.
pub fn unrated(id: u32, name: &str, sex: Sex) -> ListEntry {
    ListEntry {
        line: id as usize + 1,
        row: ListRow::new(PlayerId(id), name, sex),
        fide_id: None,
    }
}

pub fn date(s: &str) -> chrono::NaiveDate {
    chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

/// A two-game xiangqi match between players 1 and 2, ending on `end`,
/// player 1 winning both.
pub fn match_event(name: &str, end: &str) -> String {
    format!(
        r#"{{"name": "{name}", "game": "xiangqi", "system": "match", "start": "{end}", "end": "{end}",
  "players": [
    {{"id": 1, "name": "甲", "sex": "m", "rating": 2400}},
    {{"id": 2, "name": "乙", "sex": "m", "rating": 2400}}
  ],
  "games": [
    {{"round": 1, "red": 1, "black": 2, "result": "1-0"}},
    {{"round": 2, "red": 2, "black": 1, "result": "0-1"}}
  ]}}"#
    )
}
