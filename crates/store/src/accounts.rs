//! Accounts of the web application: users and their roles, server-side
//! sessions, API tokens and the arbiters of each event.
//!
//! Secrets never reach the database: a session id or an API token is
//! handed to the client once and kept only as the hex SHA-256 of its value.
//! Password hashing (argon2) is the caller's business: the store keeps the
//! PHC string it is given.
//!
//! ```no_run
//! # async fn demo(store: qiyuan_store::Store) -> Result<(), qiyuan_store::StoreError> {
//! use qiyuan_store::accounts::Role;
//! let token = store.create_api_token(Role::Arbiter, None, Some("results phone"), None).await?;
//! let owner = store.token_user(&token).await?.expect("a token just made is known");
//! assert_eq!(owner.role, Role::Arbiter);
//! # Ok(()) }
//! ```

use std::fmt;
use std::str::FromStr;

use rand::RngCore;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use sqlx::Row;

use crate::security::{SecurityEntry, SecurityEvent, append_security};
use crate::{Store, StoreError, tx};

/// What an account may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// 管理员: everything, including accounts.
    Admin,
    /// 等级分管理员: the rating office (imports, periods, publication).
    Officer,
    /// 裁判: the desk of the events they are assigned to.
    Arbiter,
}

impl Role {
    /// Every role, most powerful first.
    pub const ALL: [Role; 3] = [Role::Admin, Role::Officer, Role::Arbiter];

    /// The spelling kept in the database and used on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Officer => "officer",
            Role::Arbiter => "arbiter",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A role name that is none of `admin`, `officer`, `arbiter`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown role `{0}` (expected admin, officer or arbiter)")]
pub struct UnknownRole(pub String);

impl FromStr for Role {
    type Err = UnknownRole;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "admin" => Ok(Role::Admin),
            "officer" => Ok(Role::Officer),
            "arbiter" => Ok(Role::Arbiter),
            other => Err(UnknownRole(other.to_string())),
        }
    }
}

/// A user account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Account {
    /// Its id.
    pub id: i64,
    /// The name it signs in with (unique).
    pub username: String,
    /// What it may do.
    pub role: Role,
    /// When it was created (RFC 3339, UTC).
    pub created: String,
    /// Disabled by an administrator: it cannot sign in, and its tokens are
    /// refused while it stays so.
    pub disabled: bool,
}

/// A session just created: the values to hand to the client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewSession {
    /// The session id for the cookie (only its hash is stored).
    pub id: String,
    /// The CSRF token every form of the session must carry.
    pub csrf: String,
}

/// A live session, as found from its id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRecord {
    /// The signed-in account; `None` for an anonymous visitor.
    pub user: Option<Account>,
    /// The session's CSRF token.
    pub csrf: String,
    /// The language chosen in this session (`zh` or `en`), if any.
    pub lang: Option<String>,
    /// When it expires (RFC 3339, UTC).
    pub expires: String,
}

/// Who an API token acts for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenOwner {
    /// The token's row id.
    pub token_id: i64,
    /// The role the token acts with.
    pub role: Role,
    /// The account it belongs to, if it was made for one.
    pub account: Option<Account>,
    /// Its label, if it was given one.
    pub label: Option<String>,
    /// When it last wrote, as [`Store::note_token_write`] noted it.
    pub last_write: Option<String>,
}

/// An API token as listed (`qiyuan token list`): everything but the
/// token, which is never kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ApiToken {
    /// Its id (what `qiyuan token revoke` takes).
    pub id: i64,
    /// The role it acts with.
    pub role: Role,
    /// The account it belongs to, if any.
    pub username: Option<String>,
    /// Its label, if any.
    pub label: Option<String>,
    /// When it was made (RFC 3339, UTC).
    pub created: String,
    /// When it stops being accepted; `None`: never.
    pub expires: Option<String>,
    /// When it was last used (to the minute).
    pub last_used: Option<String>,
    /// When it was revoked, if it was.
    pub revoked: Option<String>,
}

/// What became of an administrator's change to an account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountChange {
    /// Done (or nothing needed doing).
    Done,
    /// No account has that id.
    NoSuchAccount,
    /// Refused: it would leave no active administrator.
    LastAdministrator,
}

/// Ends an administrator's change to an account: its security-log entry
/// written in the same transaction, then the commit.
async fn logged(
    mut tx: tx::Tx,
    kind: SecurityEvent,
    username: &str,
    actor: Option<&str>,
    detail: &str,
) -> Result<AccountChange, StoreError> {
    append_security(
        &mut tx,
        &SecurityEntry {
            kind,
            username: Some(username),
            actor,
            address: None,
            detail,
        },
    )
    .await?;
    tx::commit(tx).await?;
    Ok(AccountChange::Done)
}

/// One arbiter's assignment to an event of the desk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ArbiterAssignment {
    /// The desk's event id.
    pub event_id: i64,
    /// The arbiter.
    pub user: Account,
}

/// Hex SHA-256 of a secret: what the database keeps instead of the secret.
fn secret_hash(secret: &str) -> String {
    let digest = Sha256::digest(secret.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// 32 random bytes from the thread's cryptographically secure generator, as hex.
fn random_hex() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// An instant `secs` seconds from now, RFC 3339 UTC to the second (text
/// that sorts in time order).
pub(crate) fn instant_in(secs: i64) -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0);
    chrono::DateTime::from_timestamp(now.saturating_add(secs), 0)
        .map(|t| t.format("%Y-%m-%dT%H:%M:%SZ").to_string())
        .unwrap_or_default()
}

fn role_of(text: &str) -> Result<Role, StoreError> {
    text.parse().map_err(|e: UnknownRole| StoreError::Corrupt {
        what: e.to_string(),
    })
}

/// The columns [`account_from`] reads, in its order (prefix them with the
/// table's alias in a join).
const ACCOUNT_COLUMNS: &str = "id, username, role, created, disabled";

/// An account from five columns of `row` starting at `offset`, in the
/// order of [`ACCOUNT_COLUMNS`].
fn account_from(row: &sqlx::any::AnyRow, offset: usize) -> Result<Account, StoreError> {
    let role: String = row.try_get(offset + 2)?;
    let disabled: i64 = row.try_get(offset + 4)?;
    Ok(Account {
        id: row.try_get(offset)?,
        username: row.try_get(offset + 1)?,
        role: role_of(&role)?,
        created: row.try_get(offset + 3)?,
        disabled: disabled != 0,
    })
}

fn is_unique_violation(err: &sqlx::Error) -> bool {
    matches!(err, sqlx::Error::Database(e) if e.is_unique_violation())
}

impl Store {
    /// How many accounts exist (0 before the first-run set-up).
    ///
    /// # Errors
    /// A database error.
    pub async fn user_count(&self) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM users")
            .fetch_one(&self.pool)
            .await?)
    }

    /// Creates an account; `Ok(None)` when the username is taken.
    /// `password_hash` is kept as given (an argon2 PHC string).
    ///
    /// # Errors
    /// A database error.
    pub async fn create_user(
        &self,
        username: &str,
        password_hash: &str,
        role: Role,
    ) -> Result<Option<Account>, StoreError> {
        let created = instant_in(0);
        let result = sqlx::query_scalar(
            "INSERT INTO users (username, password_hash, role, created) \
             VALUES ($1, $2, $3, $4) RETURNING id",
        )
        .bind(username)
        .bind(password_hash)
        .bind(role.as_str())
        .bind(&created)
        .fetch_one(&self.pool)
        .await;
        match result {
            Ok(id) => Ok(Some(Account {
                id,
                username: username.to_string(),
                role,
                created,
                disabled: false,
            })),
            Err(e) if is_unique_violation(&e) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// Creates the first administrator, only while no account exists
    /// (first-run set-up); `Ok(None)` when some account already exists.
    ///
    /// Several processes asking at the same instant create one
    /// administrator: SQLite runs the check-and-insert statement under its
    /// single writer's lock; PostgreSQL, whose statements would each see the
    /// table empty under READ COMMITTED, first locks the users table
    /// against other writers for the transaction.
    ///
    /// # Errors
    /// A database error.
    pub async fn create_first_admin(
        &self,
        username: &str,
        password_hash: &str,
    ) -> Result<Option<Account>, StoreError> {
        let created = instant_in(0);
        let mut tx = tx::begin(&self.pool).await?;
        if self.backend == crate::Backend::Postgres {
            sqlx::query("LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE")
                .execute(&mut *tx)
                .await?;
        }
        let id: Option<i64> = sqlx::query_scalar(
            "INSERT INTO users (username, password_hash, role, created) \
             SELECT $1, $2, 'admin', $3 WHERE NOT EXISTS (SELECT 1 FROM users) RETURNING id",
        )
        .bind(username)
        .bind(password_hash)
        .bind(&created)
        .fetch_optional(&mut *tx)
        .await?;
        tx::commit(tx).await?;
        Ok(id.map(|id| Account {
            id,
            username: username.to_string(),
            role: Role::Admin,
            created,
            disabled: false,
        }))
    }

    /// The account named `username` and its password hash.
    ///
    /// # Errors
    /// A database error.
    pub async fn user_by_name(
        &self,
        username: &str,
    ) -> Result<Option<(Account, String)>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {ACCOUNT_COLUMNS}, password_hash FROM users WHERE username = $1"
        ))
        .bind(username)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| Ok((account_from(&r, 0)?, r.try_get(5)?)))
            .transpose()
    }

    /// The account with this id.
    ///
    /// # Errors
    /// A database error.
    pub async fn user(&self, id: i64) -> Result<Option<Account>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {ACCOUNT_COLUMNS} FROM users WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| account_from(&r, 0)).transpose()
    }

    /// Every account, by id.
    ///
    /// # Errors
    /// A database error.
    pub async fn users(&self) -> Result<Vec<Account>, StoreError> {
        let rows = sqlx::query(&format!("SELECT {ACCOUNT_COLUMNS} FROM users ORDER BY id"))
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| account_from(r, 0)).collect()
    }

    /// Starts a session lasting `ttl_secs` seconds, anonymous when `user_id`
    /// is `None`, and returns its id and CSRF token (only the id's hash is
    /// stored). Expired sessions are removed on the way.
    ///
    /// # Errors
    /// A database error (an unknown `user_id` breaks a foreign key).
    pub async fn create_session(
        &self,
        user_id: Option<i64>,
        lang: Option<&str>,
        ttl_secs: i64,
    ) -> Result<NewSession, StoreError> {
        let now = instant_in(0);
        sqlx::query("DELETE FROM sessions WHERE expires < $1")
            .bind(&now)
            .execute(&self.pool)
            .await?;
        let session = NewSession {
            id: random_hex(),
            csrf: random_hex(),
        };
        sqlx::query(
            "INSERT INTO sessions (id_hash, user_id, csrf, created, expires, lang) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(secret_hash(&session.id))
        .bind(user_id)
        .bind(&session.csrf)
        .bind(&now)
        .bind(instant_in(ttl_secs))
        .bind(lang)
        .execute(&self.pool)
        .await?;
        Ok(session)
    }

    /// The live (not expired) session with this id; a session of a
    /// disabled account is none.
    ///
    /// # Errors
    /// A database error.
    pub async fn session(&self, id: &str) -> Result<Option<SessionRecord>, StoreError> {
        let row = sqlx::query(
            "SELECT s.csrf, s.lang, s.expires, u.id, u.username, u.role, u.created, u.disabled \
             FROM sessions s LEFT JOIN users u ON u.id = s.user_id \
             WHERE s.id_hash = $1 AND s.expires > $2 AND (u.id IS NULL OR u.disabled = 0)",
        )
        .bind(secret_hash(id))
        .bind(instant_in(0))
        .fetch_optional(&self.pool)
        .await?;
        let Some(r) = row else { return Ok(None) };
        let user_id: Option<i64> = r.try_get(3)?;
        Ok(Some(SessionRecord {
            csrf: r.try_get(0)?,
            lang: r.try_get(1)?,
            expires: r.try_get(2)?,
            user: match user_id {
                Some(_) => Some(account_from(&r, 3)?),
                None => None,
            },
        }))
    }

    /// Remembers the language chosen in a session (`zh` or `en`).
    ///
    /// # Errors
    /// A database error (another language code breaks a check constraint).
    pub async fn set_session_lang(&self, id: &str, lang: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE sessions SET lang = $1 WHERE id_hash = $2")
            .bind(lang)
            .bind(secret_hash(id))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Ends a session (sign-out); nothing happens for an unknown id.
    ///
    /// # Errors
    /// A database error.
    pub async fn delete_session(&self, id: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sessions WHERE id_hash = $1")
            .bind(secret_hash(id))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Removes every expired session; answers how many went. `qiyuan
    /// serve` runs it every hour.
    ///
    /// # Errors
    /// A database error.
    pub async fn sweep_expired_sessions(&self) -> Result<u64, StoreError> {
        let done = sqlx::query("DELETE FROM sessions WHERE expires < $1")
            .bind(instant_in(0))
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected())
    }

    /// Makes an API token acting with `role`, for an account or only
    /// labelled, accepted for `valid_secs` seconds (`None`: until revoked),
    /// and returns it: this is the only time the token is seen, the
    /// database keeps its hash.
    ///
    /// # Errors
    /// A database error (an unknown `user_id` breaks a foreign key).
    pub async fn create_api_token(
        &self,
        role: Role,
        user_id: Option<i64>,
        label: Option<&str>,
        valid_secs: Option<i64>,
    ) -> Result<String, StoreError> {
        let token = format!("qy_{}", random_hex());
        sqlx::query(
            "INSERT INTO api_tokens (token_hash, role, user_id, label, created, expires) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(secret_hash(&token))
        .bind(role.as_str())
        .bind(user_id)
        .bind(label)
        .bind(instant_in(0))
        .bind(valid_secs.map(instant_in))
        .execute(&self.pool)
        .await?;
        Ok(token)
    }

    /// Who a token acts for (and notes when it was used, to the minute);
    /// `None` for an unknown, expired or revoked token and for a token of a
    /// disabled account. Nothing is cached: a revocation holds from the
    /// next request on.
    ///
    /// # Errors
    /// A database error.
    pub async fn token_user(&self, token: &str) -> Result<Option<TokenOwner>, StoreError> {
        let hash = secret_hash(token);
        let now = instant_in(0);
        let row = sqlx::query(
            "SELECT t.id, t.role, t.label, u.id, u.username, u.role, u.created, u.disabled, \
             t.last_used, t.last_write \
             FROM api_tokens t LEFT JOIN users u ON u.id = t.user_id \
             WHERE t.token_hash = $1 AND t.revoked IS NULL \
             AND (t.expires IS NULL OR t.expires > $2) AND (u.id IS NULL OR u.disabled = 0)",
        )
        .bind(&hash)
        .bind(&now)
        .fetch_optional(&self.pool)
        .await?;
        let Some(r) = row else { return Ok(None) };
        let token_id: i64 = r.try_get(0)?;
        let role: String = r.try_get(1)?;
        let user_id: Option<i64> = r.try_get(3)?;
        let owner = TokenOwner {
            token_id,
            role: role_of(&role)?,
            label: r.try_get(2)?,
            last_write: r.try_get(9)?,
            account: match user_id {
                Some(_) => Some(account_from(&r, 3)?),
                None => None,
            },
        };
        // Noted at most once a minute: a busy API client must not turn
        // every read into a write.
        let last_used: Option<String> = r.try_get(8)?;
        if last_used.is_none_or(|t| t < instant_in(-60)) {
            sqlx::query("UPDATE api_tokens SET last_used = $1 WHERE id = $2")
                .bind(now)
                .bind(token_id)
                .execute(&self.pool)
                .await?;
        }
        Ok(Some(owner))
    }

    /// Notes that a token was used for a write (`what`: the method and
    /// path): at most once a minute per token, the token's `last_write` and
    /// a [`SecurityEvent::TokenWrite`] entry, so that a points client
    /// posting a game a second writes one log line a minute, not sixty.
    /// `owner` is the token as [`Store::token_user`] just read it: within
    /// the minute of its `last_write` nothing is read or written (no write
    /// lock taken from the points writer).
    ///
    /// # Errors
    /// A database error.
    pub async fn note_token_write(
        &self,
        owner: &TokenOwner,
        what: &str,
        address: Option<&str>,
    ) -> Result<(), StoreError> {
        let token_id = owner.token_id;
        let now = instant_in(0);
        if owner
            .last_write
            .as_deref()
            .is_some_and(|t| t >= instant_in(-60).as_str())
        {
            return Ok(());
        }
        let mut tx = tx::begin(&self.pool).await?;
        let claimed = sqlx::query(
            "UPDATE api_tokens SET last_write = $1 \
             WHERE id = $2 AND (last_write IS NULL OR last_write < $3)",
        )
        .bind(&now)
        .bind(token_id)
        .bind(instant_in(-60))
        .execute(&mut *tx)
        .await?
        .rows_affected()
            > 0;
        if claimed {
            let who = owner
                .account
                .as_ref()
                .map(|a| a.username.as_str())
                .or(owner.label.as_deref());
            append_security(
                &mut tx,
                &SecurityEntry {
                    kind: SecurityEvent::TokenWrite,
                    username: who,
                    actor: None,
                    address,
                    detail: &serde_json::json!({"token": token_id, "request": what}).to_string(),
                },
            )
            .await?;
        }
        tx::commit(tx).await
    }

    /// Every API token, newest first, as `qiyuan token list` shows them
    /// (never the token itself: only its hash is kept).
    ///
    /// # Errors
    /// A database error.
    pub async fn api_tokens(&self) -> Result<Vec<ApiToken>, StoreError> {
        let rows = sqlx::query(
            "SELECT t.id, t.role, u.username, t.label, t.created, t.expires, t.last_used, \
             t.revoked FROM api_tokens t LEFT JOIN users u ON u.id = t.user_id \
             ORDER BY t.id DESC",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let role: String = r.try_get(1)?;
                Ok(ApiToken {
                    id: r.try_get(0)?,
                    role: role_of(&role)?,
                    username: r.try_get(2)?,
                    label: r.try_get(3)?,
                    created: r.try_get(4)?,
                    expires: r.try_get(5)?,
                    last_used: r.try_get(6)?,
                    revoked: r.try_get(7)?,
                })
            })
            .collect()
    }

    /// Revokes a token at once (the next request with it is refused) and
    /// logs it; `false` when there is no such token or it was revoked
    /// already.
    ///
    /// # Errors
    /// A database error.
    pub async fn revoke_api_token(&self, token_id: i64, actor: &str) -> Result<bool, StoreError> {
        let mut tx = tx::begin(&self.pool).await?;
        let done =
            sqlx::query("UPDATE api_tokens SET revoked = $1 WHERE id = $2 AND revoked IS NULL")
                .bind(instant_in(0))
                .bind(token_id)
                .execute(&mut *tx)
                .await?
                .rows_affected()
                > 0;
        if done {
            append_security(
                &mut tx,
                &SecurityEntry {
                    kind: SecurityEvent::TokenRevoked,
                    username: None,
                    actor: Some(actor),
                    address: None,
                    detail: &serde_json::json!({"token": token_id}).to_string(),
                },
            )
            .await?;
        }
        tx::commit(tx).await?;
        Ok(done)
    }

    /// Disables or re-enables an account. Disabling ends its sessions at
    /// once and its tokens are refused while it stays disabled. The last
    /// active administrator cannot be disabled. Logged with `actor`.
    ///
    /// # Errors
    /// A database error.
    pub async fn set_account_disabled(
        &self,
        user_id: i64,
        disabled: bool,
        actor: &str,
    ) -> Result<AccountChange, StoreError> {
        let mut tx = tx::begin(&self.pool).await?;
        let Some(account) = self.account_in(&mut tx, user_id).await? else {
            tx::rollback(tx).await?;
            return Ok(AccountChange::NoSuchAccount);
        };
        if disabled
            && account.role == Role::Admin
            && !account.disabled
            && self.other_active_admins(&mut tx, user_id).await? == 0
        {
            tx::rollback(tx).await?;
            return Ok(AccountChange::LastAdministrator);
        }
        sqlx::query("UPDATE users SET disabled = $1 WHERE id = $2")
            .bind(i64::from(disabled))
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        if disabled {
            sqlx::query("DELETE FROM sessions WHERE user_id = $1")
                .bind(user_id)
                .execute(&mut *tx)
                .await?;
        }
        let kind = if disabled {
            SecurityEvent::AccountDisabled
        } else {
            SecurityEvent::AccountEnabled
        };
        logged(tx, kind, &account.username, Some(actor), "").await
    }

    /// Gives an account another role, ending its sessions (it signs in
    /// again with the new rights). The last active administrator keeps
    /// his role. Logged with `actor`.
    ///
    /// # Errors
    /// A database error.
    pub async fn set_account_role(
        &self,
        user_id: i64,
        role: Role,
        actor: &str,
    ) -> Result<AccountChange, StoreError> {
        let mut tx = tx::begin(&self.pool).await?;
        let Some(account) = self.account_in(&mut tx, user_id).await? else {
            tx::rollback(tx).await?;
            return Ok(AccountChange::NoSuchAccount);
        };
        if account.role == role {
            tx::rollback(tx).await?;
            return Ok(AccountChange::Done);
        }
        if account.role == Role::Admin
            && !account.disabled
            && self.other_active_admins(&mut tx, user_id).await? == 0
        {
            tx::rollback(tx).await?;
            return Ok(AccountChange::LastAdministrator);
        }
        sqlx::query("UPDATE users SET role = $1 WHERE id = $2")
            .bind(role.as_str())
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM sessions WHERE user_id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        let detail = serde_json::json!({"from": account.role, "to": role}).to_string();
        logged(
            tx,
            SecurityEvent::RoleChanged,
            &account.username,
            Some(actor),
            &detail,
        )
        .await
    }

    /// Sets a new password hash for an account, ends every session of it
    /// but `keep` (the session that changed its own password) and logs
    /// [`SecurityEvent::PasswordChanged`] (by the account itself, `actor`
    /// `None`) or [`SecurityEvent::PasswordReset`] (by an administrator).
    ///
    /// # Errors
    /// A database error.
    pub async fn change_password(
        &self,
        user_id: i64,
        password_hash: &str,
        keep: Option<&str>,
        actor: Option<&str>,
    ) -> Result<AccountChange, StoreError> {
        let mut tx = tx::begin(&self.pool).await?;
        let Some(account) = self.account_in(&mut tx, user_id).await? else {
            tx::rollback(tx).await?;
            return Ok(AccountChange::NoSuchAccount);
        };
        sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
            .bind(password_hash)
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND id_hash <> $2")
            .bind(user_id)
            .bind(keep.map(secret_hash).unwrap_or_default())
            .execute(&mut *tx)
            .await?;
        let kind = if actor.is_some() {
            SecurityEvent::PasswordReset
        } else {
            SecurityEvent::PasswordChanged
        };
        logged(tx, kind, &account.username, actor, "").await
    }

    async fn account_in(
        &self,
        tx: &mut tx::Tx,
        user_id: i64,
    ) -> Result<Option<Account>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {ACCOUNT_COLUMNS} FROM users WHERE id = $1"
        ))
        .bind(user_id)
        .fetch_optional(&mut **tx)
        .await?;
        row.map(|r| account_from(&r, 0)).transpose()
    }

    /// Active administrators other than `user_id`, counted with their rows
    /// locked on PostgreSQL (two administrators disabling each other at
    /// once cannot both succeed; SQLite's single writer gives that anyway).
    async fn other_active_admins(&self, tx: &mut tx::Tx, user_id: i64) -> Result<i64, StoreError> {
        let lock = if self.backend == crate::Backend::Postgres {
            " FOR UPDATE"
        } else {
            ""
        };
        let ids: Vec<i64> = sqlx::query_scalar(&format!(
            "SELECT id FROM users WHERE role = 'admin' AND disabled = 0 AND id <> $1{lock}"
        ))
        .bind(user_id)
        .fetch_all(&mut **tx)
        .await?;
        Ok(ids.len() as i64)
    }

    /// Lets an arbiter change an event of the desk (idempotent).
    ///
    /// # Errors
    /// A database error (an unknown `user_id` breaks a foreign key).
    pub async fn assign_arbiter(&self, event_id: i64, user_id: i64) -> Result<(), StoreError> {
        let exists = self.is_event_arbiter(event_id, user_id).await?;
        if !exists {
            let result =
                sqlx::query("INSERT INTO event_arbiters (event_id, user_id) VALUES ($1, $2)")
                    .bind(event_id)
                    .bind(user_id)
                    .execute(&self.pool)
                    .await;
            match result {
                Ok(_) => {}
                Err(e) if is_unique_violation(&e) => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(())
    }

    /// Takes an event away from an arbiter; `false` when they were not assigned.
    ///
    /// # Errors
    /// A database error.
    pub async fn unassign_arbiter(&self, event_id: i64, user_id: i64) -> Result<bool, StoreError> {
        let done = sqlx::query("DELETE FROM event_arbiters WHERE event_id = $1 AND user_id = $2")
            .bind(event_id)
            .bind(user_id)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Whether this account is an arbiter of this event.
    ///
    /// # Errors
    /// A database error.
    pub async fn is_event_arbiter(&self, event_id: i64, user_id: i64) -> Result<bool, StoreError> {
        let n: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM event_arbiters WHERE event_id = $1 AND user_id = $2",
        )
        .bind(event_id)
        .bind(user_id)
        .fetch_one(&self.pool)
        .await?;
        Ok(n > 0)
    }

    /// Every assignment, by event then username.
    ///
    /// # Errors
    /// A database error.
    pub async fn event_arbiters(&self) -> Result<Vec<ArbiterAssignment>, StoreError> {
        let rows = sqlx::query(
            "SELECT a.event_id, u.id, u.username, u.role, u.created, u.disabled \
             FROM event_arbiters a JOIN users u ON u.id = a.user_id \
             ORDER BY a.event_id, u.username",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(ArbiterAssignment {
                    event_id: r.try_get(0)?,
                    user: account_from(r, 1)?,
                })
            })
            .collect()
    }

    /// The events an arbiter is assigned to, in order.
    ///
    /// # Errors
    /// A database error.
    pub async fn arbiter_events(&self, user_id: i64) -> Result<Vec<i64>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT event_id FROM event_arbiters WHERE user_id = $1 ORDER BY event_id",
        )
        .bind(user_id)
        .fetch_all(&self.pool)
        .await?)
    }
}
