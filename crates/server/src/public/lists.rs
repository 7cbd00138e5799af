//! Rating lists and players: paged, searchable, straight from the database.

use std::collections::HashMap;

use axum::extract::{Path, Query, State};
use maud::{Markup, html};
use qiyuan_store::{Store, StoreError};
use rust_decimal::Decimal;
use serde::Deserialize;
use sqlx::Row;

use super::{
    PAGE_SIZE, like_pattern, opt_dec, page_offset, pager, sex_label, signed, status_label,
    store_error,
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
}

impl SearchQuery {
    pub(crate) fn text(&self) -> &str {
        self.q.as_deref().map_or("", str::trim)
    }
}

/// One row of a list as a page shows it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ListRowView {
    /// Position on the whole list by rating (unfiltered pages only).
    pub pos: Option<u64>,
    pub id: i64,
    pub name: String,
    pub sex: String,
    pub unit: Option<String>,
    pub titles: Vec<String>,
    pub rating: Option<Decimal>,
    pub rating_before: Option<Decimal>,
    pub valid_games: i64,
    pub k: Option<i64>,
    pub status: String,
    pub highest: Option<Decimal>,
}

fn dec_col(r: &sqlx::any::AnyRow, col: &str) -> Result<Option<Decimal>, AppError> {
    let text: Option<String> = r.try_get(col).map_err(db)?;
    text.map(|t| {
        t.parse::<Decimal>()
            .map_err(|_| AppError::Internal(format!("`{t}` in {col} is not a decimal")))
    })
    .transpose()
}

fn db(e: sqlx::Error) -> AppError {
    AppError::Internal(e.to_string())
}

/// The condition of a search on players `p` (`$3`: the text, `$4`: its
/// LIKE pattern); always true for an empty text.
const MATCH: &str = "($3 = '' OR LOWER(p.name) LIKE $4 ESCAPE '\\' \
     OR LOWER(COALESCE(p.unit, '')) LIKE $4 ESCAPE '\\' OR CAST(p.id AS TEXT) = $3)";

/// The titles of players, by award date.
async fn titles_of(store: &Store, ids: &[i64]) -> Result<HashMap<i64, Vec<String>>, AppError> {
    let mut out: HashMap<i64, Vec<String>> = HashMap::new();
    if ids.is_empty() {
        return Ok(out);
    }
    let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    let sql = format!(
        "SELECT player_id, title FROM titles WHERE player_id IN ({list}) ORDER BY awarded, id"
    );
    for r in sqlx::query(&sql)
        .fetch_all(store.pool())
        .await
        .map_err(db)?
    {
        out.entry(r.try_get("player_id").map_err(db)?)
            .or_default()
            .push(r.try_get("title").map_err(db)?);
    }
    Ok(out)
}

/// One page of list `list_id` (by rating, highest first, unrated last, then
/// id), filtered by `q` (name, unit, id); with each player's rating on
/// `base` (the list the period started from) when given. Returns the rows
/// and how many rows match in all.
///
/// # Errors
/// A database error.
pub(crate) async fn list_rows(
    store: &Store,
    list_id: i64,
    base: Option<i64>,
    q: &str,
    offset: u64,
) -> Result<(Vec<ListRowView>, u64), AppError> {
    let pattern = like_pattern(q);
    let total: i64 = sqlx::query_scalar(&format!(
        "SELECT COUNT(*) FROM list_entries e JOIN players p ON p.id = e.player_id \
         WHERE e.list_id = $1 AND $2 = $2 AND {MATCH}"
    ))
    .bind(list_id)
    .bind(0i64)
    .bind(q)
    .bind(&pattern)
    .fetch_one(store.pool())
    .await
    .map_err(db)?;
    let rows = sqlx::query(&format!(
        "SELECT e.player_id, p.name, p.sex, p.unit, e.rating, e.valid_games, e.k, e.status, \
         e.highest, b.rating AS rating_before FROM list_entries e \
         JOIN players p ON p.id = e.player_id \
         LEFT JOIN list_entries b ON b.list_id = $2 AND b.player_id = e.player_id \
         WHERE e.list_id = $1 AND {MATCH} \
         ORDER BY CASE WHEN e.rating IS NULL THEN 1 ELSE 0 END, \
         CAST(e.rating AS DOUBLE PRECISION) DESC, e.player_id LIMIT $5 OFFSET $6"
    ))
    .bind(list_id)
    .bind(base.unwrap_or(-1))
    .bind(q)
    .bind(&pattern)
    .bind(PAGE_SIZE as i64)
    .bind(offset as i64)
    .fetch_all(store.pool())
    .await
    .map_err(db)?;
    let mut out = Vec::with_capacity(rows.len());
    for (i, r) in rows.iter().enumerate() {
        let rating = dec_col(r, "rating")?;
        out.push(ListRowView {
            pos: (q.is_empty() && rating.is_some()).then_some(offset + i as u64 + 1),
            id: r.try_get("player_id").map_err(db)?,
            name: r.try_get("name").map_err(db)?,
            sex: r.try_get("sex").map_err(db)?,
            unit: r.try_get("unit").map_err(db)?,
            titles: Vec::new(),
            rating,
            rating_before: dec_col(r, "rating_before")?,
            valid_games: r.try_get("valid_games").map_err(db)?,
            k: r.try_get("k").map_err(db)?,
            status: r.try_get("status").map_err(db)?,
            highest: dec_col(r, "highest")?,
        });
    }
    let ids: Vec<i64> = out.iter().map(|r| r.id).collect();
    let mut titles = titles_of(store, &ids).await?;
    for row in &mut out {
        row.titles = titles.remove(&row.id).unwrap_or_default();
    }
    Ok((out, total as u64))
}

/// The table of list rows; `with_change` adds the rating before and the
/// change (computed lists).
pub(crate) fn list_table(viewer: &Viewer, rows: &[ListRowView], with_change: bool) -> Markup {
    html! {
        div.table-wrap {
            table.list {
                thead { tr {
                    th { (viewer.t("No.", "序号")) }
                    th { (viewer.t("ID", "编号")) }
                    th { (viewer.t("Name", "姓名")) }
                    th { (viewer.t("Title", "称号")) }
                    th { (viewer.t("Sex", "性别")) }
                    th { (viewer.t("Unit", "单位")) }
                    @if with_change {
                        th { (viewer.t("Before", "原等级分")) }
                        th { (viewer.t("Change", "变化")) }
                    }
                    th { (viewer.t("Rating", "等级分")) }
                    th { (viewer.t("Games", "有效局数")) }
                    th { "K" }
                    th { (viewer.t("Status", "状态")) }
                    th { (viewer.t("Highest", "最高等级分")) }
                } }
                tbody {
                    @for r in rows {
                        tr data-player=(r.id) data-rating=(opt_dec(r.rating)) {
                            td { @if let Some(p) = r.pos { (p) } }
                            td { (r.id) }
                            td { a href={ "/players/" (r.id) } { (r.name) } }
                            td { (r.titles.join(", ")) }
                            td { (sex_label(viewer, &r.sex)) }
                            td { (r.unit.as_deref().unwrap_or("")) }
                            @if with_change {
                                td.num { (opt_dec(r.rating_before)) }
                                td.num {
                                    @match (r.rating, r.rating_before) {
                                        (Some(a), Some(b)) if a != b => (signed(a - b)),
                                        _ => "",
                                    }
                                }
                            }
                            td.num.rating { (opt_dec(r.rating)) }
                            td.num { (r.valid_games) }
                            td.num { @if let Some(k) = r.k { (k) } }
                            td { (status_label(viewer, &r.status)) }
                            td.num { (opt_dec(r.highest)) }
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
    let base: Option<Option<i64>> =
        sqlx::query_scalar("SELECT base_list_id FROM periods WHERE result_list_id = $1")
            .bind(list_id)
            .fetch_optional(store.pool())
            .await
            .map_err(db)?;
    Ok(base.flatten())
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
    let (page, offset) = page_offset(query.page);
    let base = base_of(&state.store, id).await?;
    let (rows, total) = list_rows(&state.store, id, base, q, offset).await?;
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
            @if rows.is_empty() {
                p { (viewer.t("No player matches.", "没有符合条件的棋手。")) }
            } @else {
                (list_table(&viewer, &rows, base.is_some()))
            }
            (pager(&viewer, &path, &[("q", q)], page, total))
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
    let latest: Option<i64> = sqlx::query_scalar(
        "SELECT id FROM rating_lists WHERE status = 'published' \
         ORDER BY list_date DESC, id DESC LIMIT 1",
    )
    .fetch_optional(state.store.pool())
    .await
    .map_err(db)?;
    let pattern = like_pattern(q);
    let total: i64 = sqlx::query_scalar(&format!(
        "SELECT COUNT(*) FROM players p WHERE $1 = $1 AND $2 = $2 AND {MATCH}"
    ))
    .bind(0i64)
    .bind(0i64)
    .bind(q)
    .bind(&pattern)
    .fetch_one(state.store.pool())
    .await
    .map_err(db)?;
    let rows = sqlx::query(&format!(
        "SELECT p.id, p.name, p.sex, p.unit, e.rating, e.status FROM players p \
         LEFT JOIN list_entries e ON e.list_id = $1 AND e.player_id = p.id \
         WHERE $2 = $2 AND {MATCH} ORDER BY p.id LIMIT $5 OFFSET $6"
    ))
    .bind(latest.unwrap_or(-1))
    .bind(0i64)
    .bind(q)
    .bind(&pattern)
    .bind(PAGE_SIZE as i64)
    .bind(offset as i64)
    .fetch_all(state.store.pool())
    .await
    .map_err(db)?;
    struct Found {
        id: i64,
        name: String,
        sex: String,
        unit: Option<String>,
        rating: Option<Decimal>,
        status: Option<String>,
    }
    let mut found = Vec::with_capacity(rows.len());
    for r in &rows {
        found.push(Found {
            id: r.try_get("id").map_err(db)?,
            name: r.try_get("name").map_err(db)?,
            sex: r.try_get("sex").map_err(db)?,
            unit: r.try_get("unit").map_err(db)?,
            rating: dec_col(r, "rating")?,
            status: r.try_get("status").map_err(db)?,
        });
    }
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
                        th { (viewer.t("ID", "编号")) }
                        th { (viewer.t("Name", "姓名")) }
                        th { (viewer.t("Sex", "性别")) }
                        th { (viewer.t("Unit", "单位")) }
                        th { (viewer.t("Rating", "等级分")) }
                        th { (viewer.t("Status", "状态")) }
                    } }
                    tbody {
                        @for f in &found {
                            tr data-player=(f.id) {
                                td { (f.id) }
                                td { a href={ "/players/" (f.id) } { (f.name) } }
                                td { (sex_label(&viewer, &f.sex)) }
                                td { (f.unit.as_deref().unwrap_or("")) }
                                td.num { (opt_dec(f.rating)) }
                                td { @if let Some(s) = &f.status { (status_label(&viewer, s)) } }
                            }
                        }
                    }
                } }
            }
            (pager(&viewer, "/players", &[("q", q)], page, total as u64))
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
    Ok(layout::page(
        &viewer,
        &history.name,
        html! {
            h1 { (history.name) }
            dl.player-card {
                dt { (viewer.t("ID", "编号")) } dd { (history.id) }
                dt { (viewer.t("Sex", "性别")) } dd { (sex_label(&viewer, &history.sex)) }
                @if let Some(b) = &history.birth {
                    dt { (viewer.t("Born", "出生年份")) } dd { (b) }
                }
                @if let Some(u) = &history.unit {
                    dt { (viewer.t("Unit", "单位")) } dd { (u) }
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
                                td { (notes_text(l.notes.as_deref())) }
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
                                @for (c, name) in &l.changes {
                                    tr data-event=(c.event_id) {
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
        },
    ))
}

/// A period's notes (stored as a JSON array of text) as one line.
pub(crate) fn notes_text(notes: Option<&str>) -> String {
    let Some(text) = notes else {
        return String::new();
    };
    match serde_json::from_str::<Vec<String>>(text) {
        Ok(list) => list.join("; "),
        Err(_) => text.to_string(),
    }
}
