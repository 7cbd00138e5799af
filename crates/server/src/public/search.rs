//! `GET /search?q=`: a name across the public events and the published
//! rating lists — the players of every event the public may see (never a
//! hidden or deleted one) whose name holds the text, each linked to his
//! card in the event, and the players of the rating lists the store's list
//! search finds (name, unit or id), each linked to his list page. At most
//! [`SEARCH_LIMIT`] of each, with a word on the rest.

use axum::extract::{Query, State};
use maud::{Markup, html};
use qiyuan_vocab::Heading;

use super::{SearchQuery, opt_dec, store_error, url_with};
use crate::AppState;
use crate::auth::Viewer;
use crate::error::AppError;
use crate::layout;

/// Most players shown from the events, and from the lists.
pub const SEARCH_LIMIT: u32 = 50;

/// The search form (`/search?q=`), for the home, events and search pages.
pub(crate) fn search_form(viewer: &Viewer, q: &str) -> Markup {
    html! {
        form.search.no-print #name-search method="get" action="/search" role="search" {
            label { (viewer.t("Find a player in every event and on the rating lists ",
                              "在所有赛事和等级分名单中查找棋手 "))
                input type="search" name="q" maxlength="100" value=(q)
                    placeholder=(viewer.t("name", "姓名")); }
            " " button type="submit" { (viewer.t("Search", "搜索")) }
        }
    }
}

/// `GET /search?q=TEXT`.
pub(crate) async fn search_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Query(query): Query<SearchQuery>,
) -> Result<Markup, AppError> {
    // At most 100 characters; shown escaped.
    let q: String = query.text().chars().take(100).collect();
    let q = q.trim();
    let title = viewer.t("Find a player", "查找棋手");
    let body = if q.is_empty() {
        html! {
            h1 { (title) }
            (search_form(&viewer, q))
            p.muted { (viewer.t(
                "Type a name, or a part of it, in Chinese or Latin letters (upper or lower case alike).",
                "输入姓名或其中几个字，中文或拉丁字母均可（不分大小写）。"
            )) }
        }
    } else {
        let (in_events, found) = state
            .store
            .search_event_players(q, SEARCH_LIMIT)
            .await
            .map_err(store_error)?;
        let (on_lists, listed) = state
            .store
            .search_players(q, 0, SEARCH_LIMIT)
            .await
            .map_err(store_error)?;
        // Players on the latest published list only (the list search also
        // knows players of drafts, which the public does not see).
        let listed: Vec<_> = listed.into_iter().filter(|p| p.status.is_some()).collect();
        html! {
            h1 { (title) }
            (search_form(&viewer, q))
            section #found-in-events {
                h2 { (viewer.t("In the events", "赛事中")) }
                @if found.is_empty() {
                    p { (viewer.lang.pick(
                        format!("No player of an event is called “{q}”."),
                        format!("没有姓名含“{q}”的参赛棋手。"),
                    )) }
                } @else {
                    div.table-wrap { table.found {
                        thead { tr {
                            th.name { (Heading::Name.label(viewer.lang)) }
                            th { (Heading::Club.label(viewer.lang)) }
                            th { (viewer.t("Event", "赛事")) }
                        } }
                        tbody {
                            @for m in &found {
                                tr data-event=(m.event_id) data-player=(m.number.0) {
                                    td.name { a href={ "/events/" (m.event_id) "/players/" (m.number.0) } { (m.name) } }
                                    td { (m.club.as_deref().unwrap_or("")) }
                                    td { a href={ "/events/" (m.event_id) } { (m.event_name) } }
                                }
                            }
                        }
                    } }
                    @if in_events > found.len() as u64 {
                        p.more { (viewer.lang.pick(
                            format!("The first {} of {in_events} players found; type more of the name to narrow the search.", found.len()),
                            format!("共找到 {in_events} 名，显示前 {} 名；请输入更完整的姓名以缩小范围。", found.len()),
                        )) }
                    }
                }
            }
            section #found-on-lists {
                h2 { (viewer.t("On the rating lists", "等级分名单中")) }
                @if listed.is_empty() {
                    p { (viewer.lang.pick(
                        format!("No player of a published list answers “{q}”."),
                        format!("已公布的名单中没有符合“{q}”的棋手。"),
                    )) }
                } @else {
                    div.table-wrap { table.found {
                        thead { tr {
                            th.num { (Heading::ListId.label(viewer.lang)) }
                            th.name { (Heading::Name.label(viewer.lang)) }
                            th { (Heading::Club.label(viewer.lang)) }
                            th.num { (viewer.t("Rating", "等级分")) }
                        } }
                        tbody {
                            @for p in &listed {
                                tr data-list-player=(p.id) {
                                    td.num { (p.id) }
                                    td.name { a href={ "/players/" (p.id) } { (p.name) } }
                                    td { (p.unit.as_deref().unwrap_or("")) }
                                    td.num { (opt_dec(p.rating)) }
                                }
                            }
                        }
                    } }
                }
                @if on_lists > u64::from(SEARCH_LIMIT) {
                    p.more {
                        (viewer.t("More players answer on the rating lists: ", "名单中还有更多符合的棋手："))
                        a href=(url_with("/players", &[("q", q)])) { (viewer.t("all of them", "全部查看")) }
                    }
                }
            }
        }
    };
    Ok(layout::page(&viewer, title, body))
}
