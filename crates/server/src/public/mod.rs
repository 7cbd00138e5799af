//! Public pages (公开页面): rating lists, players, events of the desk —
//! read-only, no sign-in.
//!
//! - `GET /lists` — the published rating lists; `GET /lists/{id}?q=&page=`
//!   one list, searchable by name, unit or id, a page at a time (a list may
//!   hold a million players: only the page shown is read);
//! - `GET /players?q=&page=` — players by name, unit or id;
//!   `GET /players/{id}` — a player's published ratings, with the history
//!   as an SVG chart ([`crate::chart`]) and what each event gave;
//! - `GET /events`, `GET /events/{id}`, `/events/{id}/rounds/{n}`,
//!   `/events/{id}/standings`, `/events/{id}/crosstable` — the desk's
//!   events: players, pairings of published rounds, standings, crosstable
//!   (the parts that change during a round are marked `data-live`; a
//!   "round in progress" line while a published round has results to
//!   come); `/events/{id}/players/{n}` — a player's rounds, rank, points
//!   and tie-breaks; `/events/{id}/hall` — the hall poster: a QR code of
//!   the short link `GET /e/{id}` (a redirect to `/events/{id}`). The
//!   player card links to the player's list page when the arbiter took him
//!   from the rating list and he is on a published list (the list's own id
//!   of him, nothing else), and shows his performance and rating change:
//!   the rating office's, once a published list rated the event, else the
//!   event's rating report over the published rounds; nothing when the
//!   event is not rated. The list's player page lists the public events
//!   he played, with his points and rank;
//! - `GET /search?q=` — a name across the public events (each player
//!   linked to his card) and the published lists (linked to the list's
//!   player page), at most [`search::SEARCH_LIMIT`] of each; the search
//!   box is on the home and events pages.
//!
//! Wide tables scroll inside their frame (`.table-wrap`) with the name
//! column held (`th.name`/`td.name`, sticky) and the right edge faded while
//! columns remain (`static/app.js` marks the frame `.more-right`).
//!
//! Searches are bound parameters of a `LIKE … ESCAPE` pattern whose `%`,
//! `_` and `\` are escaped: what is typed is matched as text.

mod events;
mod lists;
pub mod search;

use axum::Router;
use axum::routing::get;
use maud::{Markup, html};
use qiyuan_store::StoreError;
use rust_decimal::Decimal;

use crate::AppState;
use crate::auth::Viewer;
use crate::error::AppError;

pub(crate) use lists::{Cursor, SearchQuery, base_of, list_pager, list_rows, list_table};

/// Rows per page of a list or a search.
pub const PAGE_SIZE: u64 = 100;

/// The routes of this part of the application.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/lists", get(lists::lists_index))
        .route("/lists/{id}", get(lists::list_page))
        .route("/players", get(lists::players_search))
        .route("/players/{id}", get(lists::player_page))
        .route("/search", get(search::search_page))
        .merge(events::routes())
}

/// A store error as the visitor should see it: what they did wrong (a
/// duplicate file, a date off the calendar, a player not on the list…) is a
/// 400 with the store's message; a database failure stays internal.
pub(crate) fn store_error(e: StoreError) -> AppError {
    match e {
        StoreError::Connect { .. }
        | StoreError::Migrate(_)
        | StoreError::Db(_)
        | StoreError::Io { .. }
        | StoreError::Corrupt { .. } => AppError::Internal(e.to_string()),
        other => AppError::BadRequest(other.to_string()),
    }
}

/// The `LIKE` pattern matching `text` anywhere, lower-cased, with `\`, `%`
/// and `_` escaped (used with `ESCAPE '\'`); the store's, which runs the
/// searches.
///
/// ```
/// # use qiyuan_server::public::like_pattern;
/// assert_eq!(like_pattern("50%_A\\b"), "%50\\%\\_a\\\\b%");
/// ```
pub use qiyuan_store::list_pages::like_pattern;

/// A rating or `—`.
pub(crate) fn opt_dec(d: Option<Decimal>) -> String {
    d.map_or_else(|| "—".to_string(), |d| d.to_string())
}

/// A change with its sign: `+25.0`, `-25.0`, `0`.
pub(crate) fn signed(d: Decimal) -> String {
    if d > Decimal::ZERO {
        format!("+{d}")
    } else {
        d.to_string()
    }
}

/// A list status in the visitor's language.
pub(crate) fn status_label<'a>(viewer: &Viewer, status: &'a str) -> &'a str {
    qiyuan_formats::list::status_word(status, viewer.lang)
}

/// A sex as the store codes it (`m` / `f`) in the visitor's language: the
/// vocabulary's label, 男 / 女, male / female.
pub(crate) fn sex_label<'a>(viewer: &Viewer, sex: &'a str) -> &'a str {
    qiyuan_vocab::Sex::from_code(sex).map_or(sex, |x| x.label(viewer.lang))
}

/// A URL with its query (`params` without empty values), encoded.
pub(crate) fn url_with(path: &str, params: &[(&str, &str)]) -> String {
    let mut ser = form_urlencoded::Serializer::new(String::new());
    for (k, v) in params {
        if !v.is_empty() {
            ser.append_pair(k, v);
        }
    }
    let q = ser.finish();
    if q.is_empty() {
        path.to_string()
    } else {
        format!("{path}?{q}")
    }
}

/// Previous / next links of a paged table (pages from 1).
pub(crate) fn pager(
    viewer: &Viewer,
    path: &str,
    params: &[(&str, &str)],
    page: u64,
    total: u64,
) -> Markup {
    let pages = total.div_ceil(PAGE_SIZE).max(1);
    let link = |p: u64| {
        let p = p.to_string();
        let mut all: Vec<(&str, &str)> = params.to_vec();
        all.push(("page", &p));
        url_with(path, &all)
    };
    html! {
        nav.pager.no-print aria-label=(viewer.t("Pages", "分页")) {
            @if page > 1 {
                a rel="prev" href=(link(page - 1)) { "« " (viewer.t("Previous", "上一页")) }
                " "
            }
            span {
                (viewer.lang.pick(
                    format!("Page {page} of {pages} ({total} rows)"),
                    format!("第 {page} / {pages} 页（共 {total} 行）"),
                ))
            }
            @if page < pages {
                " "
                a rel="next" href=(link(page + 1)) { (viewer.t("Next", "下一页")) " »" }
            }
        }
    }
}

/// The page number asked for (from 1), and its row offset.
pub(crate) fn page_offset(page: Option<u64>) -> (u64, u64) {
    let page = page.unwrap_or(1).clamp(1, 1_000_000);
    (page, (page - 1) * PAGE_SIZE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn like_patterns_match_metacharacters_as_text() {
        assert_eq!(like_pattern("' OR 1=1 --"), "%' or 1=1 --%");
        assert_eq!(like_pattern("%"), "%\\%%");
        assert_eq!(like_pattern("_"), "%\\_%");
    }

    #[test]
    fn urls_are_encoded() {
        assert_eq!(
            url_with("/lists/1", &[("q", "a&b c"), ("page", "2"), ("x", "")]),
            "/lists/1?q=a%26b+c&page=2"
        );
    }
}
