//! Rating lists and players: paged, searchable, straight from the database.

use axum::extract::{Path, Query, State};
use maud::{Markup, html};
use qiyuan_formats::columns::Column;
use qiyuan_formats::list::{Medium, columns_for};
use qiyuan_store::list_pages::{ListCursor, ListKey};
use qiyuan_store::{ListLine, Store, StoreError};
use qiyuan_vocab::Heading;
use rust_decimal::Decimal;
use serde::Deserialize;

use super::{
    PAGE_SIZE, opt_dec, page_offset, pager, sex_label, signed, status_label, store_error, url_with,
};
use crate::AppState;
use crate::auth::Viewer;
use crate::chart::{ChartPoint, rating_chart};
use crate::error::AppError;
use crate::layout;

/// `?q=…&page=…` of a searchable, paged table.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct SearchQuery {
    /// What was typed in the search field.
    #[serde(default)]
    pub q: Option<String>,
    /// The page (from 1).
    #[serde(default)]
    pub page: Option<u64>,
    /// A list page: the rows after this key.
    #[serde(default)]
    pub after: Option<String>,
    /// A list page: the rows before this key.
    #[serde(default)]
    pub before: Option<String>,
}

impl SearchQuery {
    pub(crate) fn text(&self) -> &str {
        self.q.as_deref().map_or("", str::trim)
    }
}

/// One row of a list as a page shows it: the store's row and, on an
/// unfiltered page, its position on the whole list.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ListRowView {
    /// Position on the whole list by rating (unfiltered pages only).
    pub pos: Option<u64>,
    /// The row as the store read it.
    pub row: ListLine,
}

/// The sort key of a list row: unrated rows last, then by rating (highest
/// first), then by id. Carried in page links (`after=` / `before=`) so that
/// a page is found by the key of its neighbour, not by skipping rows: a
/// page deep in a list of a million players costs what the first one does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Key {
    unrated: bool,
    /// The rating as stored (text), compared after the same cast as the rows.
    rating: String,
    id: i64,
}

impl Key {
    fn of(view: &ListRowView) -> Key {
        let row = &view.row;
        Key {
            unrated: row.rating.is_none(),
            rating: row
                .rating
                .map_or_else(|| "0".to_string(), |r| r.to_string()),
            id: i64::from(row.id),
        }
    }

    fn to_store(&self) -> ListKey {
        ListKey {
            unrated: self.unrated,
            rating: self.rating.clone(),
            id: self.id,
        }
    }

    /// `0_2425.5_17` (unrated flag, rating, id).
    pub(crate) fn to_param(&self) -> String {
        format!("{}_{}_{}", u8::from(self.unrated), self.rating, self.id)
    }

    /// The key of a link, or `None` when it is not one.
    pub(crate) fn parse(text: &str) -> Option<Key> {
        let mut parts = text.split('_');
        let unrated = match parts.next()? {
            "0" => false,
            "1" => true,
            _ => return None,
        };
        let rating = parts.next()?;
        rating.parse::<Decimal>().ok()?;
        let id = parts.next()?.parse::<i64>().ok()?;
        if parts.next().is_some() {
            return None;
        }
        Some(Key {
            unrated,
            rating: rating.to_string(),
            id,
        })
    }
}

/// Where a page of a list starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Cursor {
    /// The first page.
    Start,
    /// The rows after this key.
    After(Key),
    /// The rows before this key.
    Before(Key),
}

impl Cursor {
    /// From the `after=` / `before=` of a link (a malformed key: the start).
    pub(crate) fn from_params(after: Option<&str>, before: Option<&str>) -> Cursor {
        if let Some(k) = after.and_then(Key::parse) {
            Cursor::After(k)
        } else if let Some(k) = before.and_then(Key::parse) {
            Cursor::Before(k)
        } else {
            Cursor::Start
        }
    }
}

/// A page of a list.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ListPage {
    /// The rows.
    pub rows: Vec<ListRowView>,
    /// Rows matching the search in all.
    pub total: u64,
    /// How many matching rows come before the first one shown.
    pub before: u64,
    /// Whether rows come before this page.
    pub has_prev: bool,
    /// Whether rows come after it.
    pub has_next: bool,
}

/// One page of list `list_id` (by rating, highest first, unrated last, then
/// id), filtered by `q` (name, unit, id), starting at `cursor`; with each
/// player's rating on `base` (the list the period started from) when given.
/// Only the page's rows are read into memory.
///
/// # Errors
/// A database error.
pub(crate) async fn list_rows(
    store: &Store,
    list_id: i64,
    base: Option<i64>,
    q: &str,
    cursor: &Cursor,
) -> Result<ListPage, AppError> {
    let cursor = match cursor {
        Cursor::Start => ListCursor::Start,
        Cursor::After(k) => ListCursor::After(k.to_store()),
        Cursor::Before(k) => ListCursor::Before(k.to_store()),
    };
    let page = store
        .list_page(list_id, base, q, &cursor, PAGE_SIZE as u32)
        .await
        .map_err(store_error)?;
    let (total, before) = (page.total, page.before);
    let out: Vec<ListRowView> = page
        .rows
        .into_iter()
        .enumerate()
        .map(|(i, row)| ListRowView {
            pos: (q.is_empty() && row.rating.is_some()).then(|| before + i as u64 + 1),
            row,
        })
        .collect();
    let shown = out.len() as u64;
    Ok(ListPage {
        rows: out,
        total,
        before,
        has_prev: before > 0,
        has_next: before + shown < total,
    })
}

/// The links of a list page: first, previous, next (by key), and which rows
/// are shown.
pub(crate) fn list_pager(viewer: &Viewer, path: &str, q: &str, page: &ListPage) -> Markup {
    let link = |cursor: (&str, String)| url_with(path, &[("q", q), (cursor.0, &cursor.1)]);
    let first = page.before + 1;
    let last = page.before + page.rows.len() as u64;
    html! {
        nav.pager.no-print aria-label=(viewer.t("Pages", "分页")) {
            @if page.has_prev {
                a href=(url_with(path, &[("q", q)])) { "« " (viewer.t("First", "首页")) }
                " "
                @if let Some(row) = page.rows.first() {
                    a rel="prev" href=(link(("before", Key::of(row).to_param()))) {
                        "‹ " (viewer.t("Previous", "上一页"))
                    }
                    " "
                }
            }
            span {
                @if page.rows.is_empty() {
                    (viewer.lang.pick(format!("{} rows", page.total), format!("共 {} 行", page.total)))
                } @else {
                    (viewer.lang.pick(
                        format!("Rows {first}–{last} of {}", page.total),
                        format!("第 {first}–{last} 行，共 {} 行", page.total),
                    ))
                }
            }
            @if page.has_next {
                @if let Some(row) = page.rows.last() {
                    " "
                    a rel="next" href=(link(("after", Key::of(row).to_param()))) {
                        (viewer.t("Next", "下一页")) " ›"
                    }
                }
            }
        }
    }
}

/// The table of list rows, its columns those of the published list
/// ([`qiyuan_formats::list::LIST_COLUMNS`]) that a page shows;
/// `with_change` adds the rating before and the change (computed lists).
/// What is the page's own: the name links to the player's page, each row
/// carries its player and rating as `data-` attributes, numbers align as
/// numbers.
pub(crate) fn list_table(viewer: &Viewer, rows: &[ListRowView], with_change: bool) -> Markup {
    let columns = columns_for(Medium::Page, with_change, rows.iter().map(|v| &v.row));
    html! {
        div.table-wrap {
            table.list {
                thead { tr {
                    @for c in &columns { th class=[(c.column == Column::Name).then_some("name")] { (c.header(viewer.lang)) } }
                } }
                tbody {
                    @for ListRowView { pos, row: r } in rows {
                        tr data-player=(r.id) data-rating=(opt_dec(r.rating)) {
                            @for c in &columns {
                                @let text = c.text(r, *pos, viewer.lang);
                                @match c.column {
                                    Column::Name => { td.name { a href={ "/players/" (r.id) } { (text) } } }
                                    Column::Rating => { td.num.rating { (text) } }
                                    _ => { td class=[c.kind.is_quantity().then_some("num")] { (text) } }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// `GET /lists`: the published lists, newest first.
pub(crate) async fn lists_index(
    State(state): State<AppState>,
    viewer: Viewer,
) -> Result<Markup, AppError> {
    let mut lists = state.store.lists().await.map_err(store_error)?;
    lists.retain(|l| l.status == "published");
    lists.reverse();
    let title = viewer.t("Rating lists", "等级分名单");
    Ok(layout::page(
        &viewer,
        title,
        html! {
            h1 { (title) }
            form.search method="get" action="/players" role="search" {
                label { (viewer.t("Find a player (name, unit or ID)", "查找棋手（姓名、单位或编号）")) " "
                    input type="search" name="q"; }
                " " button type="submit" { (viewer.t("Search", "搜索")) }
            }
            @if lists.is_empty() {
                p { (viewer.t("No list has been published yet.", "尚未公布任何等级分名单。")) }
            } @else {
                div.table-wrap { table {
                    thead { tr {
                        th { (viewer.t("List date", "名单日期")) }
                        th { (viewer.t("Origin", "来源")) }
                        th { (viewer.t("Rating profile", "等级分规则")) }
                    } }
                    tbody {
                        @for l in &lists {
                            tr {
                                td { a href={ "/lists/" (l.id) } { (l.list_date) } }
                                td { @if l.origin == "computed" { (viewer.t("computed", "计算")) }
                                     @else { (viewer.t("imported", "导入")) } }
                                td { (l.profile.as_deref().unwrap_or("")) }
                            }
                        }
                    }
                } }
            }
        },
    ))
}

/// The base list of a computed list (the period's starting list).
pub(crate) async fn base_of(store: &Store, list_id: i64) -> Result<Option<i64>, AppError> {
    store.list_base(list_id).await.map_err(store_error)
}

/// `GET /lists/{id}?q=&page=`: a published list, a page at a time.
pub(crate) async fn list_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
    Query(query): Query<SearchQuery>,
) -> Result<Markup, AppError> {
    let info = state
        .store
        .lists()
        .await
        .map_err(store_error)?
        .into_iter()
        .find(|l| l.id == id && l.status == "published")
        .ok_or(AppError::NotFound)?;
    let q = query.text();
    let cursor = Cursor::from_params(query.after.as_deref(), query.before.as_deref());
    let base = base_of(&state.store, id).await?;
    let page = list_rows(&state.store, id, base, q, &cursor).await?;
    let title = viewer.lang.pick(
        format!("Rating list of {}", info.list_date),
        format!("{} 等级分名单", info.list_date),
    );
    let path = format!("/lists/{id}");
    Ok(layout::page(
        &viewer,
        &title,
        html! {
            h1 { (title) }
            @if let Some(p) = &info.profile {
                p.meta { (viewer.t("Rating profile", "等级分规则")) ": " (p) }
            }
            form.search method="get" action=(path) role="search" {
                label { (viewer.t("Name, unit or ID", "姓名、单位或编号")) " "
                    input type="search" name="q" value=(q); }
                " " button type="submit" { (viewer.t("Search", "搜索")) }
            }
            @if page.rows.is_empty() {
                p { (viewer.t("No player matches.", "没有符合条件的棋手。")) }
            } @else {
                (list_table(&viewer, &page.rows, base.is_some()))
            }
            (list_pager(&viewer, &path, q, &page))
        },
    ))
}

/// `GET /players?q=&page=`: players by name, unit or id, with their rating
/// on the latest published list.
pub(crate) async fn players_search(
    State(state): State<AppState>,
    viewer: Viewer,
    Query(query): Query<SearchQuery>,
) -> Result<Markup, AppError> {
    let q = query.text();
    let (page, offset) = page_offset(query.page);
    let (total, found) = state
        .store
        .search_players(q, offset, PAGE_SIZE as u32)
        .await
        .map_err(store_error)?;
    let title = viewer.t("Players", "棋手");
    Ok(layout::page(
        &viewer,
        title,
        html! {
            h1 { (title) }
            form.search method="get" action="/players" role="search" {
                label { (viewer.t("Name, unit or ID", "姓名、单位或编号")) " "
                    input type="search" name="q" value=(q); }
                " " button type="submit" { (viewer.t("Search", "搜索")) }
            }
            @if found.is_empty() {
                p { (viewer.t("No player matches.", "没有符合条件的棋手。")) }
            } @else {
                div.table-wrap { table.players {
                    thead { tr {
                        th { (Heading::ListId.label(viewer.lang)) }
                        th.name { (Heading::Name.label(viewer.lang)) }
                        th { (viewer.t("Sex", "性别")) }
                        th { (Heading::Club.label(viewer.lang)) }
                        th { (viewer.t("Rating", "等级分")) }
                        th { (viewer.t("Status", "状态")) }
                    } }
                    tbody {
                        @for f in &found {
                            tr data-player=(f.id) {
                                td { (f.id) }
                                td.name { a href={ "/players/" (f.id) } { (f.name) } }
                                td { (sex_label(&viewer, &f.sex)) }
                                td { (f.unit.as_deref().unwrap_or("")) }
                                td.num { (opt_dec(f.rating)) }
                                td { @if let Some(s) = &f.status { (status_label(&viewer, s)) } }
                            }
                        }
                    }
                } }
            }
            (pager(&viewer, "/players", &[("q", q)], page, total))
        },
    ))
}

/// `GET /players/{id}`: identity, titles, the published ratings with the
/// chart, and what each event of each period gave.
pub(crate) async fn player_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<u32>,
) -> Result<Markup, AppError> {
    let history = match state.store.player_history(id).await {
        Ok(h) => h,
        Err(StoreError::NoSuchPlayer(_)) => return Err(AppError::NotFound),
        Err(e) => return Err(store_error(e)),
    };
    let lists: Vec<_> = history
        .lists
        .iter()
        .filter(|l| l.list.status == "published")
        .collect();
    // A player so far only on a draft is the office's work in progress.
    if lists.is_empty() {
        return Err(AppError::NotFound);
    }
    let points: Vec<ChartPoint> = lists
        .iter()
        .filter_map(|l| {
            l.rating.map(|rating| ChartPoint {
                date: l.list.list_date,
                rating,
            })
        })
        .collect();
    let current = lists.last();
    // The public events he played at the desk, taken from the list.
    let played = super::events::events_played(&state, &viewer, id).await?;
    Ok(layout::page(
        &viewer,
        &history.name,
        html! {
            h1 { (history.name) }
            dl.player-card {
                dt { (Heading::ListId.label(viewer.lang)) } dd { (history.id) }
                dt { (viewer.t("Sex", "性别")) } dd { (sex_label(&viewer, &history.sex)) }
                @if let Some(b) = &history.birth {
                    dt { (viewer.t("Born", "出生年份")) } dd { (b) }
                }
                @if let Some(u) = &history.unit {
                    dt { (Heading::Club.label(viewer.lang)) } dd { (u) }
                }
                @if !history.titles.is_empty() {
                    dt { (viewer.t("Titles", "称号")) }
                    dd { @for (i, (t, d)) in history.titles.iter().enumerate() {
                        @if i > 0 { ", " }
                        (t) @if let Some(d) = d { " (" (d) ")" }
                    } }
                }
                @if let Some(c) = current {
                    dt { (viewer.t("Rating", "等级分")) }
                    dd.current-rating data-rating=(opt_dec(c.rating)) {
                        (opt_dec(c.rating)) " (" (c.list.list_date) ", "
                        (status_label(&viewer, &c.status)) ")"
                    }
                }
            }
            h2 { (viewer.t("Rating history", "等级分历史")) }
            (rating_chart(&points, &history.name, viewer.lang))
            @if !lists.is_empty() {
                div.table-wrap { table.history {
                    thead { tr {
                        th { (viewer.t("List date", "名单日期")) }
                        th { (viewer.t("Rating", "等级分")) }
                        th { (viewer.t("Games", "有效局数")) }
                        th { "K" }
                        th { (viewer.t("Status", "状态")) }
                        th { (viewer.t("Highest", "最高等级分")) }
                        th { (viewer.t("Notes", "说明")) }
                    } }
                    tbody {
                        @for l in &lists {
                            tr data-date=(l.list.list_date) data-rating=(opt_dec(l.rating)) {
                                td { a href={ "/lists/" (l.list.id) } { (l.list.list_date) } }
                                td.num { (opt_dec(l.rating)) }
                                td.num { (l.valid_games) }
                                td.num { @if let Some(k) = l.k { (k) } }
                                td { (status_label(&viewer, &l.status)) }
                                td.num { (opt_dec(l.highest)) }
                                td { (notes_text(&l.notes, viewer.lang)) }
                            }
                        }
                    }
                } }
                @for l in lists.iter().rev().filter(|l| !l.changes.is_empty()) {
                    section.period-events {
                        h3 { (viewer.lang.pick(
                            format!("Events rated for the list of {}", l.list.list_date),
                            format!("{} 名单计算的赛事", l.list.list_date),
                        )) }
                        div.table-wrap { table {
                            thead { tr {
                                th { (viewer.t("Event", "赛事")) }
                                th { (viewer.t("Rating used", "所用等级分")) }
                                th { "N" } th { "W" } th { "We" } th { "K" } th { "ΔR" }
                            } }
                            tbody {
                                @for (line, name) in &l.changes {
                                    @let c = &line.figures;
                                    tr data-event=(line.event_id) {
                                        td { (name) }
                                        td.num { (c.rating_used) }
                                        td.num { (c.games) }
                                        td.num { (c.score) }
                                        td.num { (opt_dec(c.expected_score)) }
                                        td.num { @if let Some(k) = c.k { (k) } }
                                        td.num { @if let Some(d) = c.change { (signed(d)) } }
                                    }
                                }
                            }
                        } }
                    }
                }
            }
            (played)
        },
    ))
}

/// A period's notes in `lang`, as one line (a note stored as English
/// before notes were typed is shown as stored).
pub(crate) fn notes_text(
    notes: &[qiyuan_rating::period::PeriodNote],
    lang: crate::i18n::Lang,
) -> String {
    notes
        .iter()
        .map(|n| n.text(lang))
        .collect::<Vec<_>>()
        .join("; ")
}
