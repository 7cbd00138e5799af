//! Errors of a request, answered as an HTML page or as JSON.
//!
//! A handler returns `Result<_, AppError>`. The error itself only carries a
//! status and a message; the session middleware turns it into a page in
//! the visitor's language, or into JSON
//! (`{"status": 404, "error": "not_found", "message": "…"}`) for `/api/`
//! paths and for requests that accept JSON but not HTML.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use qiyuan_store::StoreError;

use crate::i18n::Lang;

/// Why a request was not served.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// No such page or record (404).
    #[error("not found")]
    NotFound,
    /// Signing in (or an API token) is needed (401).
    #[error("sign-in required")]
    Unauthorized,
    /// Signed in, but not allowed to do this (403).
    #[error("forbidden")]
    Forbidden,
    /// A write without the session's CSRF token, or with a wrong one (403).
    #[error("missing or wrong CSRF token")]
    Csrf,
    /// The request is wrong; the message says how (400).
    #[error("{0}")]
    BadRequest(String),
    /// The request conflicts with the current state, e.g. someone else
    /// changed the record first; the message says what (409).
    #[error("{0}")]
    Conflict(String),
    /// The body is over the size limit (413).
    #[error("request body too large")]
    PayloadTooLarge,
    /// Too many sign-in attempts: try again after this many seconds (429,
    /// with `Retry-After`).
    #[error("too many attempts: retry after {0} s")]
    TooManyAttempts(u64),
    /// Every slot for heavy work (pairing, imports, periods) is taken:
    /// try again shortly (503, with `Retry-After`); nothing was done.
    #[error("busy: try again")]
    Busy,
    /// A heavy job ran past its time limit: it goes on and finishes on its
    /// own (what it writes is written), so the answer says so rather than
    /// "failed" (202, nothing to send again).
    #[error("still running after {0} s")]
    StillRunning(u64),
    /// Something failed on the server; details go to the log (500).
    #[error("internal error: {0}")]
    Internal(String),
}

impl AppError {
    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        match self {
            AppError::NotFound => StatusCode::NOT_FOUND,
            AppError::Unauthorized => StatusCode::UNAUTHORIZED,
            AppError::Forbidden | AppError::Csrf => StatusCode::FORBIDDEN,
            AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
            AppError::Conflict(_) => StatusCode::CONFLICT,
            AppError::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::TooManyAttempts(_) => StatusCode::TOO_MANY_REQUESTS,
            AppError::Busy => StatusCode::SERVICE_UNAVAILABLE,
            AppError::StillRunning(_) => StatusCode::ACCEPTED,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// A short machine-readable code (`not_found`, `forbidden`, …), the
    /// `error` field of the JSON form.
    pub fn code(&self) -> &'static str {
        match self {
            AppError::NotFound => "not_found",
            AppError::Unauthorized => "unauthorized",
            AppError::Forbidden => "forbidden",
            AppError::Csrf => "csrf",
            AppError::BadRequest(_) => "bad_request",
            AppError::Conflict(_) => "conflict",
            AppError::PayloadTooLarge => "payload_too_large",
            AppError::TooManyAttempts(_) => "too_many_attempts",
            AppError::Busy => "busy",
            AppError::StillRunning(_) => "still_running",
            AppError::Internal(_) => "internal",
        }
    }

    /// The message shown to the visitor, in their language.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            AppError::NotFound => lang
                .t(
                    "This page or record does not exist.",
                    "该页面或记录不存在。",
                )
                .into(),
            AppError::Unauthorized => lang
                .t(
                    "Please sign in (or send an API token: Authorization: Bearer TOKEN).",
                    "请先登录（或提供 API 令牌：Authorization: Bearer TOKEN）。",
                )
                .into(),
            AppError::Forbidden => lang
                .t(
                    "Your account is not allowed to do this.",
                    "您的账号无权进行此操作。",
                )
                .into(),
            AppError::Csrf => lang
                .t(
                    "This form has no valid security token (CSRF): it may have come from another \
                     site, or your session expired. Go back, reload the page and send it again.",
                    "表单缺少有效的安全令牌（CSRF）：可能来自其他网站，或会话已过期。\
                     请返回并刷新页面后重新提交。",
                )
                .into(),
            AppError::BadRequest(m) | AppError::Conflict(m) => m.clone(),
            // The limit is the server's (`ServeLimits::max_upload_bytes`):
            // the session middleware, which knows it, words the refusal
            // with it ([`too_large_message`]).
            AppError::PayloadTooLarge => lang
                .t(
                    "The request is too large for this server.",
                    "请求过大，超出本服务器的上限。",
                )
                .into(),
            AppError::TooManyAttempts(secs) => lang.pick(
                format!("Too many failed sign-ins: try again in {secs} seconds."),
                format!("登录失败次数过多：请 {secs} 秒后再试。"),
            ),
            AppError::Busy => lang
                .t(
                    "The server is busy with other pairings and imports: try again in a moment.",
                    "服务器正忙于其他编排或导入：请稍后再试。",
                )
                .into(),
            AppError::StillRunning(secs) => lang.pick(
                format!(
                    "This is taking longer than {secs} seconds. It goes on and finishes by itself: look at the page again in a few minutes, and do not send it again."
                ),
                format!("处理已超过 {secs} 秒，仍在继续，完成后自动生效：请过几分钟再查看该页面，不要重复提交。"),
            ),
            AppError::Internal(_) => lang
                .t(
                    "Something went wrong on the server; the error was logged.",
                    "服务器出错，错误已记录。",
                )
                .into(),
        }
    }

    /// The page title for this error.
    pub fn title(&self, lang: Lang) -> &'static str {
        match self {
            AppError::NotFound => lang.t("Not found", "未找到"),
            AppError::Unauthorized => lang.t("Sign-in required", "需要登录"),
            AppError::Forbidden => lang.t("Not allowed", "无权访问"),
            AppError::Csrf => lang.t("Security token missing", "安全令牌无效"),
            AppError::BadRequest(_) => lang.t("Bad request", "请求有误"),
            AppError::Conflict(_) => lang.t("Conflict", "冲突"),
            AppError::PayloadTooLarge => lang.t("Too large", "请求过大"),
            AppError::TooManyAttempts(_) => lang.t("Too many attempts", "尝试次数过多"),
            AppError::Busy => lang.t("Busy", "服务器繁忙"),
            AppError::StillRunning(_) => lang.t("Still running", "仍在处理"),
            AppError::Internal(_) => lang.t("Server error", "服务器错误"),
        }
    }
}

impl From<StoreError> for AppError {
    fn from(e: StoreError) -> Self {
        AppError::Internal(e.to_string())
    }
}

impl From<anyhow::Error> for AppError {
    fn from(e: anyhow::Error) -> Self {
        AppError::Internal(format!("{e:#}"))
    }
}

/// A size in the visitor's language: `16 MB`, `64 KB`, `1000 bytes` (MB
/// and KB of 1024).
pub fn size_text(bytes: usize, lang: Lang) -> String {
    const KB: usize = 1024;
    const MB: usize = 1024 * 1024;
    if bytes >= MB && bytes % MB == 0 {
        format!("{} MB", bytes / MB)
    } else if bytes >= KB && bytes % KB == 0 {
        format!("{} KB", bytes / KB)
    } else {
        lang.pick(format!("{bytes} bytes"), format!("{bytes} 字节"))
    }
}

/// The refusal of a body over `limit` bytes (413), saying the limit.
pub fn too_large_message(limit: usize, lang: Lang) -> String {
    lang.pick(
        format!(
            "The request is too large: the limit is {}.",
            size_text(limit, Lang::En)
        ),
        format!("请求过大：上限为 {}。", size_text(limit, Lang::Zh)),
    )
}

/// What the middleware needs to render an error: put in the response's
/// extensions by [`AppError`]'s `into_response` (and by the middleware for
/// plain-text errors of the framework).
#[derive(Debug, Clone)]
pub(crate) struct ErrorInfo {
    pub status: StatusCode,
    pub code: &'static str,
    /// English and Chinese messages.
    pub en: String,
    pub zh: String,
    pub title_en: &'static str,
    pub title_zh: &'static str,
}

impl ErrorInfo {
    /// [`AppError::PayloadTooLarge`] worded with the server's limit.
    pub(crate) fn too_large(limit: usize) -> Self {
        ErrorInfo {
            en: too_large_message(limit, Lang::En),
            zh: too_large_message(limit, Lang::Zh),
            ..ErrorInfo::of(&AppError::PayloadTooLarge)
        }
    }

    pub(crate) fn of(e: &AppError) -> Self {
        ErrorInfo {
            status: e.status(),
            code: e.code(),
            en: e.message(Lang::En),
            zh: e.message(Lang::Zh),
            title_en: e.title(Lang::En),
            title_zh: e.title(Lang::Zh),
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        if let AppError::Internal(detail) = &self {
            eprintln!("qiyuan-server: internal error: {detail}");
        }
        let info = ErrorInfo::of(&self);
        let retry_after = match self {
            AppError::TooManyAttempts(secs) => Some(secs.max(1)),
            AppError::Busy => Some(5),
            _ => None,
        };
        // A plain body for callers outside the middleware; the middleware
        // replaces it with a page or JSON.
        let mut resp = (info.status, info.en.clone()).into_response();
        resp.extensions_mut().insert(info);
        if let Some(secs) = retry_after {
            resp.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from(secs),
            );
        }
        resp
    }
}
