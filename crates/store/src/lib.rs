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
//! **Durable or failed, never both.** Every change is one transaction, and
//! a change the store acknowledges (`Ok`) was committed: it is there after
//! a restart. A change answered with an error left nothing, even when the
//! disk filled in the middle of it. A connection whose commit or rollback
//! failed is closed, never handed to the next writer, so no later change
//! can land in a transaction that never reaches the disk, and none holds
//! SQLite's write lock: once space returns, the same running store writes
//! again.
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
#[cfg(test)]
mod error_text;
mod import;
mod list_index;
pub mod list_pages;
mod lists;
mod office;
pub mod points;
pub mod public;
mod query;
pub mod security;
mod submissions;
mod tx;

use std::str::FromStr;

use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Executor};

pub use audit::{AuditAction, AuditEntry};
pub use error::StoreError;
pub use import::{EventImport, ListEntry};
pub use lists::{
    AlteredList, IdentityChange, ImportNotes, ListDiff, ListDraft, NoteText, OfficeVerification,
    PossibleDuplicate, RefusedNote, RepeatedId,
};
pub use office::{ChangeLine, PeriodOutcome, PeriodPlan, PublishOutcome};
pub use query::{
    EventSummary, ListInfo, ListLine, PlayerHistory, PlayerListLine, StoredEvent, StoredGame,
    Totals, period_notes,
};
pub use submissions::{Submission, SubmittedPlayer};

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
    /// Rows of each published list (which never changes), counted once.
    list_sizes: std::sync::Arc<std::sync::Mutex<std::collections::HashMap<i64, u64>>>,
    /// Rows of each list that has its index (`list_index`), as read once.
    indexed: std::sync::Arc<std::sync::Mutex<std::collections::HashMap<i64, u64>>>,
}

/// Turns what a user typed into a database URL: `postgres://…` and
/// `postgresql://…` are kept; every SQLite form — `sqlite://PATH`,
/// `sqlite:///ABSOLUTE`, `sqlite:PATH` or a plain file path — becomes
/// `sqlite:PATH` with `mode=rwc` (create the file when missing) unless the
/// URL chooses another `mode`. The path keeps its case and its characters
/// (`sqlite://Office.db` would otherwise read `Office.db` as a host name,
/// which URLs lower-case).
///
/// ```
/// use qiyuan_store::database_url;
/// assert_eq!(database_url("office.db"), "sqlite:office.db?mode=rwc");
/// assert_eq!(database_url("sqlite://Office.db"), "sqlite:Office.db?mode=rwc");
/// assert_eq!(database_url("sqlite:///tmp/x.db"), "sqlite:/tmp/x.db?mode=rwc");
/// assert_eq!(database_url("sqlite:data/x.db?mode=ro"), "sqlite:data/x.db?mode=ro");
/// assert_eq!(database_url("棋院 2025.db"), "sqlite:棋院%202025.db?mode=rwc");
/// assert_eq!(database_url("postgres://u@h/db"), "postgres://u@h/db");
/// ```
pub fn database_url(given: &str) -> String {
    if given.starts_with("postgres://") || given.starts_with("postgresql://") {
        return given.to_string();
    }
    let (path, query) = match given
        .strip_prefix("sqlite://")
        .or_else(|| given.strip_prefix("sqlite:"))
    {
        // A URL: its path is already percent-encoded where it needs to be.
        Some(rest) => {
            let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
            (path.to_string(), query.to_string())
        }
        // A file name: anything a URL would read otherwise is encoded.
        None => (encode_path(given), String::new()),
    };
    if path.is_empty() || path == ":memory:" {
        return given.to_string();
    }
    let query = if query.split('&').any(|p| p.starts_with("mode=")) {
        query
    } else if query.is_empty() {
        "mode=rwc".to_string()
    } else {
        format!("{query}&mode=rwc")
    };
    format!("sqlite:{path}?{query}")
}

/// Percent-encodes the characters a URL path would read differently
/// (`%`, `?`, `#`, space, controls); everything else, Chinese included,
/// stays as typed.
fn encode_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for c in path.chars() {
        match c {
            '%' | '?' | '#' | ' ' | '\u{0}'..='\u{1f}' | '\u{7f}' => {
                let mut buf = [0u8; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    out.push_str(&format!("%{b:02X}"));
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// The file of a `sqlite:` URL made by [`database_url`], decoded; `None`
/// for an in-memory database.
fn sqlite_file(url: &str) -> Option<std::path::PathBuf> {
    let rest = url.strip_prefix("sqlite:")?;
    let path = rest.split('?').next().unwrap_or("");
    if path.is_empty() || path == ":memory:" || rest.contains("mode=memory") {
        return None;
    }
    let bytes = path.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (
            bytes[i],
            bytes.get(i + 1).copied(),
            bytes.get(i + 2).copied(),
        ) {
            (b'%', Some(h), Some(l)) if hex(h).is_some() && hex(l).is_some() => {
                decoded.push((hex(h).unwrap() * 16 + hex(l).unwrap()) as u8);
                i += 3;
            }
            (b, _, _) => {
                decoded.push(b);
                i += 1;
            }
        }
    }
    Some(std::path::PathBuf::from(
        String::from_utf8_lossy(&decoded).into_owned(),
    ))
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
        if backend == Backend::Sqlite
            && let Some(file) = sqlite_file(&url)
        {
            prepare_sqlite_file(&file, !url.contains("mode=ro"))?;
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
            // A connection given back inside a transaction is closed, never
            // reused (see "Durable or failed" in the crate's docs).
            .after_release(|conn, _meta| Box::pin(tx::release_clean(conn)))
            .connect(&url)
            .await
            .map_err(|e| StoreError::Connect {
                url: redact(&url),
                source: e,
            })?;
        let store = Store {
            pool,
            backend,
            list_sizes: Default::default(),
            indexed: Default::default(),
        };
        store.migrate().await?;
        store.index_published_lists().await?;
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

    /// Writes the index (`list_index`, migration 0019) of every published
    /// list that has none: the lists published before the index existed,
    /// once, when the store first opens after that migration; each in its
    /// own transaction (a second process waits for the first's, then finds
    /// it done).
    async fn index_published_lists(&self) -> Result<(), StoreError> {
        let missing: Vec<i64> = sqlx::query_scalar(
            "SELECT id FROM rating_lists WHERE status = 'published' \
             AND NOT EXISTS (SELECT 1 FROM list_index i WHERE i.list_id = rating_lists.id) \
             ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        for list_id in missing {
            let mut tx = tx::begin(&self.pool).await?;
            list_index::build(&mut tx, list_id).await?;
            tx::commit(tx).await?;
        }
        Ok(())
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The connection pool, for tests and benchmarks that set up or inspect
    /// the database behind the store's back (feature `test-pool`; every
    /// query of the application is a method of this crate).
    #[cfg(feature = "test-pool")]
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Closes every connection (SQLite checkpoints its WAL).
    pub async fn close(self) {
        self.pool.close().await;
    }
}

/// Makes sure a SQLite database file can be opened before SQLite tries
/// (whose own answer, "unable to open database file", names neither the
/// file nor the reason): creates its folder when missing, so that a first
/// `office init` in a fresh data directory works, and checks that the file
/// can be created or written. The error names the file and the reason.
fn prepare_sqlite_file(file: &std::path::Path, write: bool) -> Result<(), StoreError> {
    let io = |what: String| move |source| StoreError::Io { what, source };
    if let Some(parent) = file.parent()
        && !parent.as_os_str().is_empty()
        && !parent.is_dir()
    {
        std::fs::create_dir_all(parent).map_err(io(format!(
            "cannot create the folder {} for the database {}",
            parent.display(),
            file.display()
        )))?;
    }
    if !write {
        return Ok(());
    }
    // A zero-length file is an empty SQLite database: creating it here
    // proves the folder is writable and leaves nothing SQLite would refuse.
    std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(file)
        .map(drop)
        .map_err(io(format!(
            "cannot open the database file {} for writing",
            file.display()
        )))
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
/// A sex as the store codes it (`m` / `f`, the vocabulary's
/// [`Sex::code`](qiyuan_vocab::Sex::code)); `column` names where it was read
/// for the error a corrupt value gets.
pub(crate) fn stored_sex(code: &str, column: &str) -> Result<qiyuan_vocab::Sex, StoreError> {
    qiyuan_vocab::Sex::from_code(code)
        .filter(|x| x.code() == code)
        .ok_or_else(|| StoreError::Corrupt {
            what: format!("{column}: `{code}` is not a sex (m or f)"),
        })
}

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
