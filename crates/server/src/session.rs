//! The middleware around every request: server-side session, language,
//! CSRF check, body-size check, error pages and security headers.
//!
//! - A visitor without a valid session cookie gets no session: reading the
//!   site writes nothing (a crawler, a 404, a HEAD, a read-only or full
//!   database all stay harmless). The forms an anonymous visitor can send
//!   (sign-in, first-run set-up) start an anonymous session when they are
//!   shown ([`ensure_session`]), so that they carry a CSRF token.
//! - Every POST, PUT, PATCH or DELETE outside `/api/` must carry the
//!   session's CSRF token: form field `_csrf` (urlencoded bodies), header
//!   `X-CSRF-Token`, or query `?_csrf=` (multipart uploads). Otherwise 403.
//! - A body announced over [`crate::ServeLimits::max_upload_bytes`] is
//!   refused with 413 before it is read; every 413 (a body found too large
//!   while it is read included) says the server's limit.
//! - [`AppError`]s (and the framework's plain-text rejections) become a page
//!   in the visitor's language or JSON.

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::AppState;
use crate::auth::{User, Viewer};
use crate::error::{AppError, ErrorInfo};
use crate::i18n::Lang;

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "qiyuan_session";
/// The language cookie's name.
pub const LANG_COOKIE: &str = "qiyuan_lang";
/// How long a signed-in session lives, in seconds (14 days).
pub const SESSION_TTL: i64 = 14 * 24 * 3600;
/// How long an anonymous session lives, in seconds (1 day).
pub const ANON_SESSION_TTL: i64 = 24 * 3600;

/// The id of the request's session, when it has one (in request extensions).
#[derive(Debug, Clone)]
pub struct SessionId(pub String);

/// Compares two secrets in time independent of where they differ.
pub(crate) fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// The value of cookie `name` in the request headers.
pub fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|pair| {
            let (k, v) = pair.trim().split_once('=')?;
            (k == name).then_some(v)
        })
}

/// A `Set-Cookie` value: HttpOnly, SameSite=Lax, path `/`, and `Secure`
/// when the server is configured with secure cookies.
pub fn set_cookie(state: &AppState, name: &str, value: &str, max_age: i64) -> HeaderValue {
    let secure = if state.config.secure_cookies {
        "; Secure"
    } else {
        ""
    };
    let text = format!("{name}={value}; Path=/; Max-Age={max_age}; HttpOnly; SameSite=Lax{secure}");
    HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// Starts a session (signed in when `user_id` is given) and returns the
/// `Set-Cookie` header value carrying it.
///
/// # Errors
/// A database error.
pub async fn start_session(
    state: &AppState,
    user_id: Option<i64>,
    lang: Option<Lang>,
) -> Result<HeaderValue, AppError> {
    let new = state
        .store
        .create_session(user_id, lang.map(Lang::code), SESSION_TTL)
        .await?;
    Ok(set_cookie(state, SESSION_COOKIE, &new.id, SESSION_TTL))
}

fn is_write(method: &Method) -> bool {
    !matches!(
        *method,
        Method::GET | Method::HEAD | Method::OPTIONS | Method::TRACE
    )
}

fn query_param(uri: &axum::http::Uri, name: &str) -> Option<String> {
    form_urlencoded::parse(uri.query()?.as_bytes())
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.into_owned())
}

/// The session and error middleware (see the module docs).
pub async fn middleware(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let path = req.uri().path().to_string();
    let is_api = path.starts_with("/api/");
    let is_static = path.starts_with("/static/");
    let wants_json = is_api || accepts_json_only(req.headers());
    let accept_header = req
        .headers()
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok());
    // Programs calling the API without saying their language get English.
    let accept_lang = match accept_header {
        None if wants_json => Lang::En,
        header => Lang::from_accept_language(header),
    };
    let lang_cookie = cookie(req.headers(), LANG_COOKIE).and_then(Lang::from_code);
    let mut viewer = Viewer {
        user: None,
        lang: lang_cookie.unwrap_or(accept_lang),
        csrf: String::new(),
    };

    match run(
        &state,
        req,
        next,
        &mut viewer,
        is_api,
        is_static,
        lang_cookie,
    )
    .await
    {
        Ok(resp) => finish(&state, resp, &viewer, wants_json).await,
        Err(e) => finish(&state, e.into_response(), &viewer, wants_json).await,
    }
}

async fn run(
    state: &AppState,
    mut req: Request,
    next: Next,
    viewer: &mut Viewer,
    is_api: bool,
    is_static: bool,
    lang_cookie: Option<Lang>,
) -> Result<Response, AppError> {
    let too_large = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok())
        .is_some_and(|n| n > state.config.limits.max_upload_bytes as u64);
    if too_large {
        return Err(AppError::PayloadTooLarge);
    }
    if is_static {
        return Ok(next.run(req).await);
    }

    let mut session_id = None;
    if let Some(id) = cookie(req.headers(), SESSION_COOKIE)
        && let Some(record) = state.store.session(id).await?
    {
        session_id = Some(id.to_string());
        viewer.user = record.user.map(User::from);
        viewer.csrf = record.csrf;
        if lang_cookie.is_none()
            && let Some(l) = record.lang.as_deref().and_then(Lang::from_code)
        {
            viewer.lang = l;
        }
    }
    if is_write(req.method()) && !is_api {
        req = check_csrf(req, &viewer.csrf, state.config.limits.max_upload_bytes).await?;
    }

    req.extensions_mut().insert(viewer.clone());
    if let Some(id) = session_id {
        req.extensions_mut().insert(SessionId(id));
    }
    Ok(next.run(req).await)
}

/// Gives an anonymous visitor a session for a form that needs one (the
/// sign-in and set-up forms): when `viewer` has none, starts one, puts its
/// CSRF token in `viewer` and answers the `Set-Cookie` value to send.
///
/// # Errors
/// A database error.
pub async fn ensure_session(
    state: &AppState,
    viewer: &mut Viewer,
) -> Result<Option<HeaderValue>, AppError> {
    if !viewer.csrf.is_empty() {
        return Ok(None);
    }
    let new = state
        .store
        .create_session(None, Some(viewer.lang.code()), ANON_SESSION_TTL)
        .await?;
    viewer.csrf = new.csrf;
    Ok(Some(set_cookie(
        state,
        SESSION_COOKIE,
        &new.id,
        ANON_SESSION_TTL,
    )))
}

/// Refuses a write without the session's CSRF token; returns the request
/// (its body read back in when it had to be parsed).
async fn check_csrf(req: Request, expected: &str, limit: usize) -> Result<Request, AppError> {
    if expected.is_empty() {
        return Err(AppError::Csrf);
    }
    let sent = req
        .headers()
        .get("x-csrf-token")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
        .or_else(|| query_param(req.uri(), "_csrf"));
    if let Some(sent) = sent {
        return if same(&sent, expected) {
            Ok(req)
        } else {
            Err(AppError::Csrf)
        };
    }
    let urlencoded = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
    if !urlencoded {
        return Err(AppError::Csrf);
    }
    let (parts, body) = req.into_parts();
    let bytes = axum::body::to_bytes(body, limit)
        .await
        .map_err(|_| AppError::PayloadTooLarge)?;
    let ok = form_urlencoded::parse(&bytes)
        .find(|(k, _)| k == "_csrf")
        .is_some_and(|(_, v)| same(&v, expected));
    if !ok {
        return Err(AppError::Csrf);
    }
    Ok(Request::from_parts(parts, Body::from(bytes)))
}

fn accepts_json_only(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|a| a.contains("application/json") && !a.contains("text/html"))
}

/// Renders errors (an [`ErrorInfo`] in the extensions, or a bodiless /
/// plain-text error of the framework) as a page or JSON.
/// A 413 says the server's upload limit, whoever refused the body.
async fn finish(state: &AppState, resp: Response, viewer: &Viewer, wants_json: bool) -> Response {
    let status = resp.status();
    let limit = state.config.limits.max_upload_bytes;
    let info = match resp.extensions().get::<ErrorInfo>() {
        Some(_) if status == StatusCode::PAYLOAD_TOO_LARGE => ErrorInfo::too_large(limit),
        Some(info) => info.clone(),
        None if (status.is_client_error() || status.is_server_error()) && is_plain(&resp) => {
            // The framework's own rejections (bad form, wrong method, …):
            // their text is English and precise, shown as such.
            return framework_error(resp, viewer, wants_json, limit).await;
        }
        None => return resp,
    };
    render(&info, viewer, wants_json, resp)
}

fn is_plain(resp: &Response) -> bool {
    match resp.headers().get(header::CONTENT_TYPE) {
        None => true,
        Some(ct) => ct.as_bytes().starts_with(b"text/plain"),
    }
}

async fn framework_error(
    resp: Response,
    viewer: &Viewer,
    wants_json: bool,
    limit: usize,
) -> Response {
    let status = resp.status();
    // Bodies of these responses are short strings already in memory.
    let (parts, body) = resp.into_parts();
    let text = axum::body::to_bytes(body, 64 * 1024)
        .await
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default();
    let message = if text.trim().is_empty() {
        status
            .canonical_reason()
            .unwrap_or("request refused")
            .to_string()
    } else {
        text
    };
    let info = ErrorInfo {
        status,
        code: match status {
            StatusCode::NOT_FOUND => "not_found",
            StatusCode::METHOD_NOT_ALLOWED => "method_not_allowed",
            StatusCode::PAYLOAD_TOO_LARGE => "payload_too_large",
            s if s.is_server_error() => "internal",
            _ => "bad_request",
        },
        en: message.clone(),
        zh: message,
        title_en: status.canonical_reason().unwrap_or("Error"),
        title_zh: status.canonical_reason().unwrap_or("错误"),
    };
    let info = if status == StatusCode::PAYLOAD_TOO_LARGE {
        ErrorInfo::too_large(limit)
    } else {
        info
    };
    render(
        &info,
        viewer,
        wants_json,
        Response::from_parts(parts, Body::empty()),
    )
}

fn render(info: &ErrorInfo, viewer: &Viewer, wants_json: bool, original: Response) -> Response {
    let (mut parts, _) = original.into_parts();
    parts.headers.remove(header::CONTENT_TYPE);
    parts.headers.remove(header::CONTENT_LENGTH);
    let message = viewer.lang.pick(&info.en, &info.zh).clone();
    let fresh = if wants_json {
        axum::Json(serde_json::json!({
            "status": info.status.as_u16(),
            "error": info.code,
            "message": message,
        }))
        .into_response()
    } else {
        let title = viewer.lang.pick(info.title_en, info.title_zh);
        crate::layout::error_page(viewer, title, &message).into_response()
    };
    let (fresh_parts, body) = fresh.into_parts();
    parts.status = info.status;
    for (k, v) in fresh_parts.headers.iter() {
        parts.headers.insert(k, v.clone());
    }
    parts.extensions.remove::<ErrorInfo>();
    Response::from_parts(parts, body)
}

/// Security headers on every response: a strict content security policy,
/// no framing, no MIME sniffing, no referrer to other sites.
pub async fn security_headers(req: Request, next: Next) -> Response {
    let mut resp = next.run(req).await;
    let h = resp.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'self'; frame-ancestors 'none'; form-action 'self'"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    resp
}
