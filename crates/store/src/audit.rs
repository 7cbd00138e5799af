//! The append-only, hash-chained audit log.

use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::Row;

use crate::tx::Tx;
use crate::{Store, StoreError};

/// What an audit entry records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum AuditAction {
    /// A rating list was imported.
    ImportList,
    /// An event file was imported.
    ImportEvent,
    /// Something imported was corrected.
    Correction,
    /// A rating period was computed (a draft list).
    ComputePeriod,
    /// A computed list was published.
    Publish,
}

impl AuditAction {
    /// The spelling stored in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            AuditAction::ImportList => "import-list",
            AuditAction::ImportEvent => "import-event",
            AuditAction::Correction => "correction",
            AuditAction::ComputePeriod => "compute-period",
            AuditAction::Publish => "publish",
        }
    }

    fn parse(s: &str) -> Result<AuditAction, StoreError> {
        Ok(match s {
            "import-list" => AuditAction::ImportList,
            "import-event" => AuditAction::ImportEvent,
            "correction" => AuditAction::Correction,
            "compute-period" => AuditAction::ComputePeriod,
            "publish" => AuditAction::Publish,
            other => {
                return Err(StoreError::Corrupt {
                    what: format!("unknown audit action `{other}`"),
                });
            }
        })
    }
}

/// One row of the audit log.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AuditEntry {
    /// Its number (increasing).
    pub id: i64,
    /// When (RFC 3339, UTC).
    pub at: String,
    /// What was done.
    pub action: AuditAction,
    /// What it was done to (`event 12`, `list 3`, `period 2`…).
    pub subject: String,
    /// Who did it (a user name); `None` on entries written before the log
    /// recorded it.
    pub by: Option<String>,
    /// The details, as JSON (file name and SHA-256, counts, ids…).
    pub detail: serde_json::Value,
    /// Hash of the previous entry (64 zeros for the first).
    pub prev_hash: String,
    /// SHA-256 of this entry's content and `prev_hash`.
    pub hash: String,
}

const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// SHA-256 over the parts, each preceded by its length in bytes (u64,
/// little-endian): `prev_hash`, `at`, `action`, `subject`, `detail`, and —
/// on entries that record one — the actor. Entries written before the
/// actor was recorded (NULL) keep the five-part hash they were written with.
fn entry_hash(
    prev: &str,
    at: &str,
    action: &str,
    subject: &str,
    detail: &str,
    actor: Option<&str>,
) -> String {
    let mut h = Sha256::new();
    for part in [prev, at, action, subject, detail].into_iter().chain(actor) {
        h.update((part.len() as u64).to_le_bytes());
        h.update(part.as_bytes());
    }
    hex(&h.finalize())
}

/// Lower-case hex of bytes.
pub(crate) fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// SHA-256 of a file's bytes, in hex.
pub(crate) fn sha256(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// Appends an entry inside the caller's transaction (so that it commits, or
/// vanishes, with what it records), `by` the user who acted (empty: not
/// known, stored as NULL and hashed as the entries written before the actor
/// was recorded). Returns its id.
pub(crate) async fn append(
    tx: &mut Tx,
    action: AuditAction,
    subject: &str,
    detail: &serde_json::Value,
    by: &str,
) -> Result<i64, StoreError> {
    let by = Some(by.trim()).filter(|b| !b.is_empty());
    let prev: Option<String> =
        sqlx::query_scalar("SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1")
            .fetch_optional(&mut **tx)
            .await?;
    let prev = prev.unwrap_or_else(|| GENESIS.to_string());
    let at = chrono_now();
    let detail = detail.to_string();
    let hash = entry_hash(&prev, &at, action.as_str(), subject, &detail, by);
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO audit_log (at, action, subject, detail, prev_hash, hash, actor) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(at)
    .bind(action.as_str())
    .bind(subject)
    .bind(detail)
    .bind(prev)
    .bind(hash)
    .bind(by)
    .fetch_one(&mut **tx)
    .await?;
    Ok(id)
}

/// Now, RFC 3339 UTC to the second. (`chrono` is built without its clock
/// here, so the time comes from the standard library.)
fn chrono_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0);
    chrono::DateTime::from_timestamp(secs, 0)
        .map(|t| t.format("%Y-%m-%dT%H:%M:%SZ").to_string())
        .unwrap_or_default()
}

fn audit_entry(r: &sqlx::any::AnyRow) -> Result<AuditEntry, StoreError> {
    let detail: String = r.try_get("detail")?;
    Ok(AuditEntry {
        id: r.try_get("id")?,
        at: r.try_get("at")?,
        action: AuditAction::parse(&r.try_get::<String, _>("action")?)?,
        subject: r.try_get("subject")?,
        by: r.try_get("actor")?,
        detail: serde_json::from_str(&detail).map_err(|e| StoreError::Corrupt {
            what: format!("audit detail is not JSON: {e}"),
        })?,
        prev_hash: r.try_get("prev_hash")?,
        hash: r.try_get("hash")?,
    })
}

impl Store {
    /// The whole audit log, oldest first.
    ///
    /// # Errors
    /// A database error, or a row this version cannot read.
    pub async fn audit_log(&self) -> Result<Vec<AuditEntry>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, at, action, subject, detail, prev_hash, hash, actor FROM audit_log ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(audit_entry).collect()
    }

    /// A page of the audit log, newest first (`limit` from `offset`), and
    /// how many entries there are in all.
    ///
    /// # Errors
    /// A database error, or a row this version cannot read.
    pub async fn audit_page(
        &self,
        limit: u32,
        offset: u64,
    ) -> Result<(u64, Vec<AuditEntry>), StoreError> {
        let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM audit_log")
            .fetch_one(&self.pool)
            .await?;
        let rows = sqlx::query(
            "SELECT id, at, action, subject, detail, prev_hash, hash, actor FROM audit_log \
             ORDER BY id DESC LIMIT $1 OFFSET $2",
        )
        .bind(i64::from(limit))
        .bind(i64::try_from(offset).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await?;
        let entries = rows.iter().map(audit_entry).collect::<Result<_, _>>()?;
        Ok((total as u64, entries))
    }

    /// Checks the audit log's hash chain: every entry's hash matches its
    /// content and the entry before it. Returns the id of the first entry
    /// that does not, `None` when the chain is whole.
    ///
    /// # Errors
    /// A database error.
    pub async fn verify_audit_chain(&self) -> Result<Option<i64>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, at, action, subject, detail, prev_hash, hash, actor FROM audit_log ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        let mut prev = GENESIS.to_string();
        for r in rows {
            let id: i64 = r.try_get("id")?;
            let at: String = r.try_get("at")?;
            let action: String = r.try_get("action")?;
            let subject: String = r.try_get("subject")?;
            let detail: String = r.try_get("detail")?;
            let prev_hash: String = r.try_get("prev_hash")?;
            let hash: String = r.try_get("hash")?;
            let actor: Option<String> = r.try_get("actor")?;
            if prev_hash != prev
                || hash != entry_hash(&prev, &at, &action, &subject, &detail, actor.as_deref())
            {
                return Ok(Some(id));
            }
            prev = hash;
        }
        Ok(None)
    }
}

/// Refuses an audited operation that names no actor (`by` empty or blank):
/// the office must always know who acted.
pub(crate) fn require_actor(operation: &'static str, by: &str) -> Result<(), StoreError> {
    if by.trim().is_empty() {
        return Err(StoreError::NoActor { operation });
    }
    Ok(())
}
