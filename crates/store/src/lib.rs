//! The rating office's database (等级分管理数据库).
//!
//! A rating officer collects every event report of a period, rates them with
//! the right K, carries unrated players' games, handles inactivity and
//! titles, publishes the list, and answers for every figure years later.
//! This crate keeps what that takes:
//!
//! - **players** (identity, sex, birth, unit) and their **titles** with dates;
//! - **rating lists**, one row per player per list (rating, valid games, K,
//!   status active / inactive / unrated, highest rating ever);
//! - **events** with their files *verbatim* as imported, their players and
//!   **games**;
//! - **periods**: which list a computation started from, which events it
//!   rated, and every line of every event's 等级分计算表 (N, W, We, K, ΔR);
//! - **norms**;
//! - an **append-only audit log** of every import, correction, computation
//!   and publication, hash-chained (each row holds the SHA-256 of its
//!   content and of the row before it), which the database itself refuses
//!   to update or delete (triggers).
//!
//! The same code runs on SQLite (the default: one file, WAL, foreign keys
//! on) and PostgreSQL, through `sqlx`'s `Any` driver; the schema lives in
//! `migrations/sqlite` and `migrations/postgres` (one file per step, the same
//! tables and columns in both). Ratings are exact decimals stored as text,
//! never as binary floats.
//!
//! The rating computation itself is pure and lives in `qiyuan-rating`: the
//! store only feeds it (lists, events) and keeps its results.
//!
//! ```no_run
//! # async fn demo() -> Result<(), qiyuan_store::StoreError> {
//! use qiyuan_store::Store;
//! let store = Store::open("sqlite:///tmp/office.sqlite3").await?;
//! let text = std::fs::read_to_string("event.json").unwrap();
//! let imported = store.import_event("event.json", &text, "cxa-2019", "registrar").await?;
//! println!("event #{} imported: {} games", imported.event_id, imported.games);
//! # Ok(()) }
//! ```
#![warn(missing_docs)]

pub mod accounts;
mod audit;
pub mod desk;
mod error;
mod import;
mod office;
pub mod points;
mod query;

use std::str::FromStr;

use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Executor};

pub use audit::{AuditAction, AuditEntry};
pub use error::StoreError;
pub use import::{EventImport, ListEntry, ListImport};
pub use office::{ChangeLine, PeriodOutcome, PeriodPlan, PublishOutcome};
pub use query::{
    ListInfo, ListLine, PlayerHistory, PlayerListLine, StoredEvent, StoredGame, Totals,
};

/// Which database a [`Store`] talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// SQLite: one file, WAL journal, foreign keys on.
    Sqlite,
    /// PostgreSQL.
    Postgres,
}

/// How hard SQLite works to keep the last commits through a power cut.
///
/// Both modes keep the database consistent through a crash of the process
/// (a killed import leaves the whole event or none of it: one transaction
/// per import). They differ only on a power cut or an operating-system
/// crash: with [`Durability::Full`] every committed transaction is on disk
/// when the commit returns; with [`Durability::Bulk`] (`synchronous=NORMAL`
/// in WAL mode) the last transactions committed before the cut may be rolled
/// back — never half-applied — in exchange for several times faster bulk
/// imports. PostgreSQL ignores this setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Durability {
    /// `synchronous=FULL`: a commit is on disk when it returns.
    #[default]
    Full,
    /// `synchronous=NORMAL`: for bulk imports; see the type's docs.
    Bulk,
}

/// A connection to the rating office's database.
#[derive(Debug, Clone)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
}

/// Turns what a user typed into a database URL: `postgres://…`,
/// `postgresql://…` and `sqlite:…` are kept; anything else is a SQLite file
/// path (created when missing).
///
/// ```
/// assert_eq!(qiyuan_store::database_url("office.db"), "sqlite://office.db?mode=rwc");
/// assert_eq!(qiyuan_store::database_url("postgres://u@h/db"), "postgres://u@h/db");
/// ```
pub fn database_url(given: &str) -> String {
    if given.starts_with("postgres://")
        || given.starts_with("postgresql://")
        || given.starts_with("sqlite:")
    {
        given.to_string()
    } else {
        format!("sqlite://{given}?mode=rwc")
    }
}

impl Store {
    /// Opens (creating a SQLite file when needed) and migrates the database
    /// at `url` (see [`database_url`]), with [`Durability::Full`].
    ///
    /// # Errors
    /// The database cannot be reached or its schema cannot be brought up to
    /// date.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Store::open_with(url, Durability::Full).await
    }

    /// Opens and migrates the database, choosing SQLite's durability.
    ///
    /// # Errors
    /// As [`Store::open`].
    pub async fn open_with(url: &str, durability: Durability) -> Result<Store, StoreError> {
        install_default_drivers();
        let url = database_url(url);
        let backend = if url.starts_with("postgres") {
            Backend::Postgres
        } else {
            Backend::Sqlite
        };
        if backend == Backend::Sqlite {
            create_sqlite_parent(&url)?;
        }
        let synchronous = match durability {
            Durability::Full => "FULL",
            Durability::Bulk => "NORMAL",
        };
        let pool = AnyPoolOptions::new()
            .max_connections(if backend == Backend::Sqlite { 4 } else { 8 })
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                        conn.execute("PRAGMA busy_timeout = 30000").await?;
                        conn.execute(format!("PRAGMA synchronous = {synchronous}").as_str())
                            .await?;
                        conn.execute("PRAGMA cache_size = -65536").await?;
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await
            .map_err(|e| StoreError::Connect {
                url: redact(&url),
                source: e,
            })?;
        let store = Store { pool, backend };
        store.migrate().await?;
        Ok(store)
    }

    async fn migrate(&self) -> Result<(), StoreError> {
        let result = match self.backend {
            Backend::Sqlite => sqlx::migrate!("./migrations/sqlite").run(&self.pool).await,
            Backend::Postgres => {
                sqlx::migrate!("./migrations/postgres")
                    .run(&self.pool)
                    .await
            }
        };
        result.map_err(StoreError::Migrate)
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The connection pool, for callers that need a query this crate does
    /// not offer (reports, tests).
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Closes every connection (SQLite checkpoints its WAL).
    pub async fn close(self) {
        self.pool.close().await;
    }
}

/// Creates the directory of a SQLite file URL, so that a first `office init`
/// in a fresh data directory works.
fn create_sqlite_parent(url: &str) -> Result<(), StoreError> {
    let path = url
        .trim_start_matches("sqlite://")
        .trim_start_matches("sqlite:");
    let path = path.split('?').next().unwrap_or("");
    if path.is_empty() || path == ":memory:" {
        return Ok(());
    }
    if let Some(parent) = std::path::Path::new(path).parent()
        && !parent.as_os_str().is_empty()
    {
        std::fs::create_dir_all(parent).map_err(|e| StoreError::Io {
            what: format!("creating {}", parent.display()),
            source: e,
        })?;
    }
    Ok(())
}

/// A URL without its password, for messages.
fn redact(url: &str) -> String {
    match (url.find("://"), url.find('@')) {
        (Some(s), Some(at)) if at > s => {
            let creds = &url[s + 3..at];
            match creds.split_once(':') {
                Some((user, _)) => format!("{}{}:***{}", &url[..s + 3], user, &url[at..]),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

/// Parses a decimal stored as text.
pub(crate) fn dec(text: &str) -> Result<rust_decimal::Decimal, StoreError> {
    rust_decimal::Decimal::from_str(text).map_err(|_| StoreError::Corrupt {
        what: format!("`{text}` is not a decimal"),
    })
}

/// Parses an optional decimal stored as text.
pub(crate) fn dec_opt(text: Option<String>) -> Result<Option<rust_decimal::Decimal>, StoreError> {
    text.as_deref().map(dec).transpose()
}

/// Parses a date stored as text.
pub(crate) fn date(text: &str) -> Result<chrono::NaiveDate, StoreError> {
    chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| StoreError::Corrupt {
        what: format!("`{text}` is not a date"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_redacted() {
        assert_eq!(redact("postgres://u:secret@h/db"), "postgres://u:***@h/db");
        assert_eq!(redact("postgres://u@h/db"), "postgres://u@h/db");
        assert_eq!(redact("sqlite://x.db"), "sqlite://x.db");
    }
}
