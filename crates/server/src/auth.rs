//! Who is asking: accounts, roles, and the extractors handlers use.
//!
//! - [`Viewer`] — on every page: the signed-in user if any, the language,
//!   and the session's CSRF token for forms. Never fails.
//! - [`SignedIn`] — pages that need an account: redirects to
//!   `/login?next=…` otherwise.
//! - [`ApiCaller`] — API writes: `Authorization: Bearer TOKEN`, or a
//!   session cookie plus the `X-CSRF-Token` header; 401 (JSON) otherwise.
//!
//! Then [`require_role`] and [`require_event_arbiter`] decide what the
//! account may do. Administrators pass every check.
//!
//! ```no_run
//! use axum::extract::{Path, State};
//! use qiyuan_server::{AppState, auth::{ApiCaller, require_event_arbiter}, error::AppError};
//!
//! async fn put_result(
//!     State(state): State<AppState>,
//!     ApiCaller(user): ApiCaller,
//!     Path(event_id): Path<i64>,
//! ) -> Result<&'static str, AppError> {
//!     require_event_arbiter(&state, &user, event_id).await?;
//!     Ok("stored")
//! }
//! ```

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Redirect, Response};
use rand::RngCore;
use serde::Serialize;

pub use qiyuan_store::accounts::Role;

use crate::AppState;
use crate::error::AppError;
use crate::i18n::Lang;

/// A signed-in account (or the account an API token acts for).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct User {
    /// The account's id; `0` for an API token made without an account
    /// (`qiyuan token create` without `--user`): never store it as a
    /// reference to `users`.
    pub id: i64,
    /// The account's name (a token without an account: `token:LABEL`).
    pub username: String,
    /// What it may do.
    pub role: Role,
}

impl User {
    /// Whether this is an administrator.
    pub fn is_admin(&self) -> bool {
        self.role == Role::Admin
    }
}

impl From<qiyuan_store::accounts::Account> for User {
    fn from(a: qiyuan_store::accounts::Account) -> Self {
        User {
            id: a.id,
            username: a.username,
            role: a.role,
        }
    }
}

/// The visitor of a page: put in every request by the session middleware.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Viewer {
    /// The signed-in account, if any.
    pub user: Option<User>,
    /// The language of the interface.
    pub lang: Lang,
    /// The session's CSRF token, for forms (empty outside a session, e.g. on
    /// `/api/` requests without a cookie).
    pub csrf: String,
}

impl Viewer {
    /// Shorthand for `self.lang.t(en, zh)`.
    pub fn t(&self, en: &'static str, zh: &'static str) -> &'static str {
        self.lang.t(en, zh)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Viewer {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(parts
            .extensions
            .get::<Viewer>()
            .cloned()
            .unwrap_or_else(|| {
                let accept = parts
                    .headers
                    .get(axum::http::header::ACCEPT_LANGUAGE)
                    .and_then(|v| v.to_str().ok());
                Viewer {
                    user: None,
                    lang: Lang::from_accept_language(accept),
                    csrf: String::new(),
                }
            }))
    }
}

/// A page that needs an account: anyone else is sent to
/// `/login?next=<this page>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedIn(pub User);

impl<S: Send + Sync> FromRequestParts<S> for SignedIn {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Ok(viewer) = Viewer::from_request_parts(parts, state).await;
        match viewer.user {
            Some(user) => Ok(SignedIn(user)),
            None => {
                let here = parts
                    .uri
                    .path_and_query()
                    .map_or("/", |p| p.as_str())
                    .to_string();
                let next: String = form_urlencoded::byte_serialize(here.as_bytes()).collect();
                Err(Redirect::to(&format!("/login?next={next}")).into_response())
            }
        }
    }
}

/// The caller of an API write: a bearer token (`Authorization: Bearer
/// TOKEN`), or a signed-in session that sends its CSRF token in the
/// `X-CSRF-Token` header. Anything else is refused with 401.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiCaller(pub User);

impl FromRequestParts<AppState> for ApiCaller {
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        if let Some(value) = parts.headers.get(axum::http::header::AUTHORIZATION) {
            let value = value.to_str().unwrap_or("");
            let Some(token) = value
                .strip_prefix("Bearer ")
                .or_else(|| value.strip_prefix("bearer "))
            else {
                return Err(AppError::Unauthorized);
            };
            let Some(owner) = state.store.token_user(token.trim()).await? else {
                return Err(AppError::Unauthorized);
            };
            if !parts.method.is_safe() {
                let what = format!("{} {}", parts.method, parts.uri.path());
                let addr = crate::guard::client_addr(state, parts);
                state
                    .store
                    .note_token_write(&owner, &what, addr.as_deref())
                    .await?;
            }
            let user = match owner.account {
                // An administrator's token acts with the role it was made
                // with; any other account's token with the account's role.
                Some(account) => User {
                    id: account.id,
                    username: account.username,
                    role: if account.role == Role::Admin {
                        owner.role
                    } else {
                        account.role
                    },
                },
                None => User {
                    id: 0,
                    username: format!("token:{}", owner.label.as_deref().unwrap_or("")),
                    role: owner.role,
                },
            };
            return Ok(ApiCaller(user));
        }
        let Ok(viewer) = Viewer::from_request_parts(parts, state).await;
        let sent = parts
            .headers
            .get("x-csrf-token")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        match viewer.user {
            Some(user) if !viewer.csrf.is_empty() && crate::session::same(sent, &viewer.csrf) => {
                Ok(ApiCaller(user))
            }
            _ => Err(AppError::Unauthorized),
        }
    }
}

/// Passes when the user has one of `allowed` roles; administrators always
/// pass. Otherwise [`AppError::Forbidden`].
///
/// ```
/// use qiyuan_server::auth::{require_role, Role, User};
/// let officer = User { id: 2, username: "li".into(), role: Role::Officer };
/// assert!(require_role(&officer, &[Role::Officer]).is_ok());
/// assert!(require_role(&officer, &[Role::Arbiter]).is_err());
/// ```
pub fn require_role(user: &User, allowed: &[Role]) -> Result<(), AppError> {
    if user.role == Role::Admin || allowed.contains(&user.role) {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}

/// Passes when the user may change this event of the desk: administrators
/// always, arbiters only for the events they are assigned to
/// (`/admin/users`); everyone else gets [`AppError::Forbidden`].
///
/// # Errors
/// Forbidden, or a database error.
pub async fn require_event_arbiter(
    state: &AppState,
    user: &User,
    event_id: i64,
) -> Result<(), AppError> {
    match user.role {
        Role::Admin => Ok(()),
        Role::Arbiter
            if user.id != 0 && state.store.is_event_arbiter(event_id, user.id).await? =>
        {
            Ok(())
        }
        _ => Err(AppError::Forbidden),
    }
}

/// Hashes a password with argon2id (default parameters, random salt) into
/// a PHC string. Slow on purpose: call it from `spawn_blocking` in async code
/// (see [`hash_password_async`]).
///
/// # Errors
/// Only if argon2 refuses its input (a password over its length limit).
pub fn hash_password(password: &str) -> Result<String, AppError> {
    let mut salt = [0u8; 16];
    rand::rng().fill_bytes(&mut salt);
    let salt = SaltString::encode_b64(&salt).map_err(|e| AppError::Internal(e.to_string()))?;
    argon2::Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| AppError::BadRequest(format!("password refused: {e}")))
}

/// Whether `password` matches the PHC string `hash` (false for a malformed hash).
pub fn verify_password(hash: &str, password: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| {
        argon2::Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

/// [`hash_password`] off the async threads.
///
/// # Errors
/// As [`hash_password`].
pub async fn hash_password_async(password: String) -> Result<String, AppError> {
    tokio::task::spawn_blocking(move || hash_password(&password))
        .await
        .map_err(|e| AppError::Internal(e.to_string()))?
}

/// [`verify_password`] off the async threads. Without a hash (no such
/// account) the password is checked against a hash nobody knows, so that
/// the answer takes as long and is `false`.
pub async fn verify_password_async(hash: Option<String>, password: String) -> bool {
    tokio::task::spawn_blocking(move || match hash {
        Some(h) => verify_password(&h, &password),
        None => {
            verify_password(dummy_hash(), &password);
            false
        }
    })
    .await
    .unwrap_or(false)
}

/// The hash of a random password nobody knows, verified against when a
/// username does not exist, so that both sign-in failures take the same time.
pub(crate) fn dummy_hash() -> &'static str {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DUMMY.get_or_init(|| {
        let mut secret = [0u8; 16];
        rand::rng().fill_bytes(&mut secret);
        let secret: String = secret.iter().map(|b| format!("{b:02x}")).collect();
        hash_password(&secret).unwrap_or_default()
    })
}
