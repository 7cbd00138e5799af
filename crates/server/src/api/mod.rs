//! The JSON API under `/api/v1` (besides `/api/v1/health` and
//! `/api/v1/whoami`, served by the foundation's pages).
//!
//! | method | path | who | what |
//! |---|---|---|---|
//! | GET | `/api/v1/openapi.json` | anyone | the OpenAPI 3.1 document ([`openapi::document`]) |
//! | GET | `/api/v1/events` | anyone | the events at the desk |
//! | POST | `/api/v1/events` | arbiter, admin | create an event from the event JSON ([`events::create_event`]) |
//! | GET | `/api/v1/events/{id}` | anyone | settings, players, rounds, games with ids and versions (published rounds only, but for the event's arbiters and admins) |
//! | POST | `/api/v1/events/{id}/rounds` | the event's arbiter, admin | pair the next round and save it |
//! | PUT | `/api/v1/events/{id}/games/{game}` | the event's arbiter, admin | enter or correct a result |
//! | GET | `/api/v1/events/{id}/standings` | anyone | standings with the preset's tie-breaks (after published rounds only, but for the event's arbiters and admins) |
//! | GET | `/api/v1/events/{id}/rating?profile=NAME` | anyone | the rating report, every intermediate value (over published rounds only, but for the event's arbiters and admins) |
//! | POST | `/api/v1/points/{system}` | officer, admin | a platform game in, both players' new points out |
//!
//! Writes need `Authorization: Bearer TOKEN` (or a signed-in session and
//! its `X-CSRF-Token` header): see [`crate::auth::ApiCaller`]. Errors are
//! JSON: `{"status": 400, "error": "invalid_body", "message": "…",
//! "message_zh": "…", "field": "players[2].name"}` — `field`, when present,
//! is the path of the value at fault (serde's path: objects by key, arrays
//! by index from 0).

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use serde::de::DeserializeOwned;

use crate::AppState;
use crate::auth::{ApiCaller, User};
use crate::error::AppError;

pub mod events;
pub mod openapi;
pub mod points;

/// The routes of this part of the application.
pub fn routes() -> axum::Router<AppState> {
    axum::Router::new()
        .route("/api/v1/openapi.json", get(openapi::serve))
        .route(
            "/api/v1/events",
            get(events::list_events).post(events::create_event),
        )
        .route("/api/v1/events/{id}", get(events::get_event))
        .route("/api/v1/events/{id}/rounds", post(events::pair_round))
        .route("/api/v1/events/{id}/games/{game}", put(events::put_result))
        .route("/api/v1/events/{id}/standings", get(events::standings))
        .route("/api/v1/events/{id}/rating", get(events::rating))
        .route("/api/v1/points/{system}", post(points::post_game))
}

/// An error of the API, answered as JSON: `status`, `error` (a short code),
/// `message` (English), `message_zh` (Chinese), `field` (the value at
/// fault, when one is) and any details (a conflict's game and result).
#[derive(Debug, Clone)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// A short machine-readable code: `invalid_body`, `invalid_event`,
    /// `conflict`, `not_found`, `desk`, `unknown_system`, …
    pub code: &'static str,
    /// What is wrong, in English.
    pub message: String,
    /// The same in Chinese.
    pub message_zh: String,
    /// The path of the field at fault (`players[0].rating`), if any.
    pub field: Option<String>,
    /// More members of the JSON body (a conflict's game, who changed it …).
    pub details: serde_json::Map<String, serde_json::Value>,
}

impl ApiError {
    /// An error with a message in both languages.
    pub fn new(
        status: StatusCode,
        code: &'static str,
        message: impl Into<String>,
        message_zh: impl Into<String>,
    ) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
            message_zh: message_zh.into(),
            field: None,
            details: serde_json::Map::new(),
        }
    }

    /// 400 with a message in both languages.
    pub fn bad_request(
        code: &'static str,
        message: impl Into<String>,
        message_zh: impl Into<String>,
    ) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, code, message, message_zh)
    }

    /// Names the field at fault.
    pub fn field(mut self, field: impl Into<String>) -> ApiError {
        let f = field.into();
        self.field = (!f.is_empty()).then_some(f);
        self
    }

    /// Adds a member to the body.
    pub fn detail(mut self, key: &str, value: serde_json::Value) -> ApiError {
        self.details.insert(key.to_string(), value);
        self
    }
}

impl From<AppError> for ApiError {
    fn from(e: AppError) -> Self {
        if let AppError::Internal(detail) = &e {
            eprintln!("qiyuan-server: api: internal error: {detail}");
        }
        ApiError::new(
            e.status(),
            e.code(),
            e.message(crate::i18n::Lang::En),
            e.message(crate::i18n::Lang::Zh),
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = serde_json::Map::new();
        body.insert("status".into(), self.status.as_u16().into());
        body.insert("error".into(), self.code.into());
        body.insert("message".into(), self.message.into());
        body.insert("message_zh".into(), self.message_zh.into());
        if let Some(f) = self.field {
            body.insert("field".into(), f.into());
        }
        body.extend(self.details);
        (self.status, axum::Json(serde_json::Value::Object(body))).into_response()
    }
}

/// A JSON body read with serde's path to the value at fault: a malformed
/// body is answered with 400, `error: "invalid_body"` and `field` naming
/// that value (`players[3].sex`), or 415 without a JSON content type.
#[derive(Debug, Clone)]
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned> FromRequest<AppState> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let limit = state.config.limits.max_upload_bytes;
        let json_type = req
            .headers()
            .get(axum::http::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|ct| {
                let ct = ct.split(';').next().unwrap_or("").trim();
                ct == "application/json" || ct.ends_with("+json")
            });
        if !json_type {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "unsupported_media_type",
                "send the body as JSON with `Content-Type: application/json`",
                "请求体须为 JSON，并带有 `Content-Type: application/json`",
            ));
        }
        let bytes = Bytes::from_request(req, state).await.map_err(|e| {
            let status = e.status();
            if status == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(
                    status,
                    AppError::PayloadTooLarge.code(),
                    crate::error::too_large_message(limit, crate::i18n::Lang::En),
                    crate::error::too_large_message(limit, crate::i18n::Lang::Zh),
                )
            } else {
                ApiError::new(
                    status,
                    "bad_request",
                    e.body_text(),
                    format!("无法读取请求体：{}", e.body_text()),
                )
            }
        })?;
        parse_json(&bytes).map(ApiJson)
    }
}

/// Reads `T` from JSON text; the error names the field at fault (serde's
/// path) and, for syntax errors, the line and column.
///
/// # Errors
/// 400 `invalid_body`.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(&mut de);
    if value.is_ok()
        && let Err(e) = de.end()
    {
        return Err(ApiError::bad_request(
            "invalid_body",
            format!("the body is not valid JSON: {e}"),
            format!(
                "请求体不是有效的 JSON（第 {} 行第 {} 列）",
                e.line(),
                e.column()
            ),
        ));
    }
    value.map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        let field = if path == "." { String::new() } else { path };
        let (en, zh) = if inner.is_syntax() || inner.is_eof() {
            (
                format!("the body is not valid JSON: {inner}"),
                format!(
                    "请求体不是有效的 JSON（第 {} 行第 {} 列）",
                    inner.line(),
                    inner.column()
                ),
            )
        } else if field.is_empty() {
            (
                format!("the body does not have the expected shape: {inner}"),
                "请求体结构不符合要求（详见英文说明 message）".to_string(),
            )
        } else {
            (
                format!("field `{field}`: {inner}"),
                format!("字段 `{field}` 的值不符合要求（详见英文说明 message）"),
            )
        };
        ApiError::bad_request("invalid_body", en, zh).field(field)
    })
}

/// The reader of an API GET: the caller of a bearer token (an invalid one
/// is refused with 401, as for writes) or the signed-in user of a session;
/// `None` for an anonymous reader. What a reader sees may depend on who he
/// is: see [`events::Visibility`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reader(pub Option<User>);

impl FromRequestParts<AppState> for Reader {
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        if parts
            .headers
            .contains_key(axum::http::header::AUTHORIZATION)
        {
            let Caller(user) = Caller::from_request_parts(parts, state).await?;
            return Ok(Reader(Some(user)));
        }
        let Ok(viewer) = crate::auth::Viewer::from_request_parts(parts, state).await;
        Ok(Reader(viewer.user))
    }
}

/// The caller of an API write: [`ApiCaller`] (a bearer token, or a session
/// with its `X-CSRF-Token` header), 401 (JSON) when there is no valid
/// credential. A token is checked against the database on every request
/// (one indexed read; its `last_used` written at most once a minute), so a
/// revocation, an expiry or a disabled account holds from the next request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller(pub User);

impl FromRequestParts<AppState> for Caller {
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        ApiCaller::from_request_parts(parts, state)
            .await
            .map(|ApiCaller(u)| Caller(u))
    }
}
