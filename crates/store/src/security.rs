//! The security log: sign-ins and their failures, throttled sign-ins,
//! account, role, password and token changes, and token use for writes.
//!
//! Append-only like the audit log (database triggers refuse UPDATE and
//! DELETE), but not hash-chained: it records what happened to access, not
//! figures that are published. No password, session id or token ever
//! enters it.
//!
//! ```no_run
//! # async fn demo(store: qiyuan_store::Store) -> Result<(), qiyuan_store::StoreError> {
//! use qiyuan_store::security::{SecurityEntry, SecurityEvent};
//! store
//!     .log_security(&SecurityEntry {
//!         kind: SecurityEvent::SignInFailed,
//!         username: Some("li"),
//!         actor: None,
//!         address: Some("192.0.2.7"),
//!         detail: "",
//!     })
//!     .await?;
//! let last = store.security_log(10).await?;
//! assert_eq!(last[0].kind, "sign-in-failed");
//! # Ok(()) }
//! ```

use serde::Serialize;
use sqlx::Row;

use crate::{Store, StoreError, tx};

/// What happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SecurityEvent {
    /// A sign-in with the right password.
    SignIn,
    /// A sign-in refused: unknown account or wrong password.
    SignInFailed,
    /// A sign-in refused unchecked: too many failures (429).
    SignInThrottled,
    /// A sign-in with the right password on a disabled account.
    SignInDisabled,
    /// The first administrator made on the set-up page.
    FirstAdministrator,
    /// An account made by an administrator.
    AccountCreated,
    /// An account disabled.
    AccountDisabled,
    /// An account enabled again.
    AccountEnabled,
    /// An account given another role.
    RoleChanged,
    /// A password changed by its owner.
    PasswordChanged,
    /// A password set by an administrator.
    PasswordReset,
    /// An arbiter given an event.
    ArbiterAssigned,
    /// An event taken from an arbiter.
    ArbiterUnassigned,
    /// An API token made.
    TokenCreated,
    /// An API token revoked.
    TokenRevoked,
    /// An API token used for a write (noted at most once a minute per token).
    TokenWrite,
}

impl SecurityEvent {
    /// Every kind, in the order above.
    pub const ALL: [SecurityEvent; 16] = [
        SecurityEvent::SignIn,
        SecurityEvent::SignInFailed,
        SecurityEvent::SignInThrottled,
        SecurityEvent::SignInDisabled,
        SecurityEvent::FirstAdministrator,
        SecurityEvent::AccountCreated,
        SecurityEvent::AccountDisabled,
        SecurityEvent::AccountEnabled,
        SecurityEvent::RoleChanged,
        SecurityEvent::PasswordChanged,
        SecurityEvent::PasswordReset,
        SecurityEvent::ArbiterAssigned,
        SecurityEvent::ArbiterUnassigned,
        SecurityEvent::TokenCreated,
        SecurityEvent::TokenRevoked,
        SecurityEvent::TokenWrite,
    ];

    /// The code kept in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            SecurityEvent::SignIn => "sign-in",
            SecurityEvent::SignInFailed => "sign-in-failed",
            SecurityEvent::SignInThrottled => "sign-in-throttled",
            SecurityEvent::SignInDisabled => "sign-in-disabled",
            SecurityEvent::FirstAdministrator => "first-admin",
            SecurityEvent::AccountCreated => "account-created",
            SecurityEvent::AccountDisabled => "account-disabled",
            SecurityEvent::AccountEnabled => "account-enabled",
            SecurityEvent::RoleChanged => "role-changed",
            SecurityEvent::PasswordChanged => "password-changed",
            SecurityEvent::PasswordReset => "password-reset",
            SecurityEvent::ArbiterAssigned => "arbiter-assigned",
            SecurityEvent::ArbiterUnassigned => "arbiter-unassigned",
            SecurityEvent::TokenCreated => "token-created",
            SecurityEvent::TokenRevoked => "token-revoked",
            SecurityEvent::TokenWrite => "token-write",
        }
    }

    /// The kind with this code.
    pub fn from_code(code: &str) -> Option<SecurityEvent> {
        SecurityEvent::ALL.into_iter().find(|k| k.as_str() == code)
    }
}

/// An entry to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SecurityEntry<'a> {
    /// What happened.
    pub kind: SecurityEvent,
    /// The account it is about (as typed, for a failed sign-in).
    pub username: Option<&'a str>,
    /// Who did it, when not the account itself (an administrator, the OS
    /// user of the command line).
    pub actor: Option<&'a str>,
    /// The client's address, when it came over the network.
    pub address: Option<&'a str>,
    /// More: a JSON object whose fields depend on the kind (`{"from":
    /// "arbiter", "to": "officer"}` for a role change, `{"token": 3}` for a
    /// revocation…), or empty. Kept as data, worded by the page that shows it.
    pub detail: &'a str,
}

/// An entry as read back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SecurityRecord {
    /// Its id (increasing).
    pub id: i64,
    /// When (RFC 3339, UTC).
    pub at: String,
    /// The code of its [`SecurityEvent`].
    pub kind: String,
    /// The account it is about.
    pub username: Option<String>,
    /// Who did it.
    pub actor: Option<String>,
    /// From where.
    pub address: Option<String>,
    /// More: a JSON object, or empty (see [`SecurityEntry::detail`]).
    pub detail: String,
}

/// The longest user name or detail kept (longer ones are cut at a
/// character boundary: a failed sign-in may carry anything the client sent).
const MAX_FIELD_CHARS: usize = 200;

fn bounded(text: &str) -> String {
    text.chars().take(MAX_FIELD_CHARS).collect()
}

/// Appends `entry` inside a transaction of the caller (so that a change and
/// its entry commit together).
pub(crate) async fn append_security(
    tx: &mut tx::Tx,
    entry: &SecurityEntry<'_>,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO security_log (at, kind, username, actor, address, detail) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(crate::accounts::instant_in(0))
    .bind(entry.kind.as_str())
    .bind(entry.username.map(bounded))
    .bind(entry.actor.map(bounded))
    .bind(entry.address.map(bounded))
    .bind(bounded(entry.detail))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

impl Store {
    /// Appends one entry to the security log.
    ///
    /// # Errors
    /// A database error.
    pub async fn log_security(&self, entry: &SecurityEntry<'_>) -> Result<(), StoreError> {
        let mut tx = tx::begin(&self.pool).await?;
        append_security(&mut tx, entry).await?;
        tx::commit(tx).await
    }

    /// The last `limit` entries of the security log, newest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn security_log(&self, limit: i64) -> Result<Vec<SecurityRecord>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, at, kind, username, actor, address, detail FROM security_log \
             ORDER BY id DESC LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(SecurityRecord {
                    id: r.try_get(0)?,
                    at: r.try_get(1)?,
                    kind: r.try_get(2)?,
                    username: r.try_get(3)?,
                    actor: r.try_get(4)?,
                    address: r.try_get(5)?,
                    detail: r.try_get::<Option<String>, _>(6)?.unwrap_or_default(),
                })
            })
            .collect()
    }
}
