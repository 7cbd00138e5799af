//! The frame of every page: head, navigation, language switch, sign in/out.
//!
//! Pages are [`maud`] templates compiled with the server: text is escaped
//! unless marked `PreEscaped`, so a player named `<script>` shows as text.
//! The stylesheet (`/static/app.css`, with a print stylesheet) and the small
//! script (`/static/app.js`: elements marked `data-live` are refreshed by
//! polling) are embedded in the binary.
//!
//! ```
//! use maud::html;
//! use qiyuan_server::{auth::Viewer, i18n::Lang, layout};
//! let viewer = Viewer { user: None, lang: Lang::En, csrf: "t0k3n".into() };
//! let page = layout::page(&viewer, "Standings", html! {
//!     form method="post" action="/somewhere" {
//!         (layout::csrf_field(&viewer))
//!         button { "Send" }
//!     }
//! });
//! let text = page.into_string();
//! assert!(text.contains(r#"<input type="hidden" name="_csrf" value="t0k3n">"#));
//! assert!(text.contains("<title>Standings · qiyuan 棋院</title>"));
//! ```

use axum::http::header;
use axum::response::IntoResponse;
use maud::{DOCTYPE, Markup, html};

use crate::auth::{Role, Viewer};

/// The stylesheet, embedded.
pub const APP_CSS: &str = include_str!("../static/app.css");
/// The script, embedded.
pub const APP_JS: &str = include_str!("../static/app.js");

/// Cache-busting suffix of the static URLs (changes with each release).
const VERSION: &str = env!("CARGO_PKG_VERSION");

/// A whole page: `title` in the head and as the heading's context, `body`
/// inside `<main>`.
pub fn page(viewer: &Viewer, title: &str, body: Markup) -> Markup {
    let lang = viewer.lang;
    html! {
        (DOCTYPE)
        html lang=(if lang == crate::i18n::Lang::Zh { "zh-CN" } else { "en" }) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                // For scripts that post with the X-CSRF-Token header.
                meta name="csrf-token" content=(viewer.csrf);
                title { (title) " · qiyuan 棋院" }
                link rel="stylesheet" href={ "/static/app.css?v=" (VERSION) };
                script src={ "/static/app.js?v=" (VERSION) } defer {}
            }
            body {
                header.site {
                    nav {
                        a.brand href="/" { "棋院 qiyuan" }
                        a href="/events" { (lang.t("Events", "赛事")) }
                        a href="/lists" { (lang.t("Rating lists", "等级分")) }
                        a href="/help" { (lang.t("Help", "帮助")) }
                        @if let Some(user) = &viewer.user {
                            a href="/desk" { (lang.t("Arbiter's desk", "裁判台")) }
                            @if matches!(user.role, Role::Admin | Role::Officer) {
                                a href="/office" { (lang.t("Rating office", "等级分管理")) }
                            }
                            @if user.role == Role::Admin {
                                a href="/admin/users" { (lang.t("Users", "用户")) }
                            }
                        }
                    }
                    div.account {
                        span.langs {
                            @if lang == crate::i18n::Lang::Zh {
                                strong { "中文" } " | " a href="/lang/en" hreflang="en" { "English" }
                            } @else {
                                a href="/lang/zh" hreflang="zh" { "中文" } " | " strong { "English" }
                            }
                        }
                        @if let Some(user) = &viewer.user {
                            a.user href="/account/password" title=(lang.t("Change password", "修改密码")) { (user.username) }
                            form.inline method="post" action="/logout" {
                                (csrf_field(viewer))
                                button type="submit" { (lang.t("Sign out", "退出")) }
                            }
                        } @else {
                            a href="/login" { (lang.t("Sign in", "登录")) }
                        }
                    }
                }
                main { (body) }
                footer.site {
                    "qiyuan 棋院 — "
                    (lang.t("open rating office and tournament desk", "开放的等级分与竞赛管理系统"))
                }
            }
        }
    }
}

/// The hidden `_csrf` field every form posting to the server must carry.
pub fn csrf_field(viewer: &Viewer) -> Markup {
    html! { input type="hidden" name="_csrf" value=(viewer.csrf); }
}

/// The page of an error: its title and message, and a way home.
pub fn error_page(viewer: &Viewer, title: &str, message: &str) -> Markup {
    page(
        viewer,
        title,
        html! {
            h1 { (title) }
            p.error role="alert" { (message) }
            p { a href="/" { (viewer.t("Home page", "返回首页")) } }
        },
    )
}

/// `GET /static/app.css`.
pub(crate) async fn app_css() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        APP_CSS,
    )
}

/// `GET /static/app.js`.
pub(crate) async fn app_js() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        APP_JS,
    )
}

/// A UTC time as the database writes it (`2026-12-03T14:52:07…` or
/// `2026-12-03 14:52:07`) in the site's local time, to the minute, with
/// its offset (`2026-12-03 22:52 (UTC+8)`). Text that is not such a time is
/// shown as it is.
///
/// ```
/// use qiyuan_server::layout::local_time;
/// assert_eq!(local_time("2026-12-03T14:52:07.123Z", 480), "2026-12-03 22:52 (UTC+8)");
/// assert_eq!(local_time("2026-12-31 20:00:00", 480), "2027-01-01 04:00 (UTC+8)");
/// assert_eq!(local_time("2026-12-03 14:52:07", 0), "2026-12-03 14:52 (UTC)");
/// assert_eq!(local_time("2026-12-03 14:52:07", -330), "2026-12-03 09:22 (UTC−5:30)");
/// assert_eq!(local_time("yesterday", 480), "yesterday");
/// ```
pub fn local_time(utc: &str, offset_minutes: i32) -> String {
    let Some(head) = utc.get(..19) else {
        return utc.to_string();
    };
    let Ok(t) = chrono::NaiveDateTime::parse_from_str(&head.replace('T', " "), "%Y-%m-%d %H:%M:%S")
    else {
        return utc.to_string();
    };
    let local = t + chrono::Duration::minutes(i64::from(offset_minutes));
    format!(
        "{} ({})",
        local.format("%Y-%m-%d %H:%M"),
        utc_offset_text(offset_minutes)
    )
}

/// `UTC`, `UTC+8`, `UTC−5:30`.
pub fn utc_offset_text(offset_minutes: i32) -> String {
    if offset_minutes == 0 {
        return "UTC".into();
    }
    let sign = if offset_minutes < 0 { '−' } else { '+' };
    let (h, m) = (offset_minutes.abs() / 60, offset_minutes.abs() % 60);
    if m == 0 {
        format!("UTC{sign}{h}")
    } else {
        format!("UTC{sign}{h}:{m:02}")
    }
}
