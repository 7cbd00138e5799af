//! The desk's events on the public pages: the event and its players, the
//! pairings of every published round, standings and crosstable
//! (laid out as chess-results and the Chinese platforms do). Only published rounds are shown;
//! the parts that change while a round is played carry `data-live`, which
//! the layout's script refreshes.

use std::collections::HashMap;

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::routing::get;
use chrono::NaiveDate;
use maud::{Markup, html};
use qiyuan_desk::prelude::*;
use qiyuan_desk::reports::StandingsTable;
use qiyuan_store::StoreError;
use qiyuan_store::desk::LoadedEvent;
use qiyuan_vocab::{Colour, EventStatus, Heading};
use rust_decimal::Decimal;
use serde::Deserialize;

use super::store_error;
use crate::AppState;
use crate::auth::Viewer;
use crate::error::AppError;
use crate::layout;
use crate::report::{self, View};

/// Seconds between refreshes of live parts.
const LIVE_SECONDS: &str = "20";

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/events", get(events_index))
        .route("/events/{id}", get(event_page))
        .route("/events/{id}/rounds/{round}", get(round_page))
        .route("/events/{id}/standings", get(standings_page))
        .route("/events/{id}/crosstable", get(crosstable_page))
        .route("/events/{id}/players/{no}", get(player_card))
        .route("/events/{id}/hall", get(hall_poster))
        .route("/e/{id}", get(short_link))
}

/// `GET /e/{id}`: the event's short link (printed on the hall poster, easy
/// to type from a phone), answered by a redirect to `/events/{id}`.
async fn short_link(Path(id): Path<i64>) -> axum::response::Redirect {
    axum::response::Redirect::permanent(&format!("/events/{id}"))
}

/// The address the site is reached at, as the request names it: the
/// `Host` header (behind a proxy, `X-Forwarded-Host` and
/// `X-Forwarded-Proto`), `https` when cookies are secure. Anything but a
/// host name, an address and a port is refused (`None`).
fn site_origin(headers: &axum::http::HeaderMap, config: &crate::ServeConfig) -> Option<String> {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
    };
    let forwarded = |name: &str| {
        config
            .behind_proxy
            .then(|| header(name))
            .flatten()
            .and_then(|v| v.split(',').next())
            .map(str::trim)
    };
    let host = forwarded("x-forwarded-host").or_else(|| header("host"))?;
    let host_ok = !host.is_empty()
        && host.len() <= 255
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'));
    if !host_ok {
        return None;
    }
    let scheme = match forwarded("x-forwarded-proto") {
        Some("https") => "https",
        Some("http") => "http",
        _ if config.secure_cookies => "https",
        _ => "http",
    };
    Some(format!("{scheme}://{host}"))
}

/// The QR code of `text` as an SVG element, `size` CSS pixels square.
fn qr_svg(text: &str, size: u32) -> Option<String> {
    let code = qrcode::QrCode::with_error_correction_level(text, qrcode::EcLevel::M).ok()?;
    let svg = code
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(size, size)
        .quiet_zone(true)
        .build();
    // The element alone, without the XML declaration of a file.
    Some(svg[svg.find("<svg")?..].to_string())
}

/// `GET /events/{id}/hall`: an A4 poster for the playing hall — the event's
/// name, a QR code and the short link (`/e/{id}`) that open its public
/// pages on a phone.
async fn hall_poster(
    State(state): State<AppState>,
    viewer: Viewer,
    headers: axum::http::HeaderMap,
    Path(id): Path<i64>,
) -> Result<Markup, AppError> {
    let e = load(&state, id).await?;
    let origin = site_origin(&headers, &state.config).unwrap_or_default();
    let short = format!("{origin}/e/{id}");
    let svg = qr_svg(&short, 320).ok_or_else(|| {
        AppError::BadRequest(
            viewer
                .t(
                    "The address is too long for a QR code.",
                    "地址过长，无法生成二维码。",
                )
                .into(),
        )
    })?;
    let s = e.desk.settings();
    Ok(layout::page(
        &viewer,
        &s.name,
        html! {
            section.hall-poster #hall-poster {
                h1 { (s.name) }
                @if let Some(place) = &s.place { p.event-meta { (place) } }
                p.hall-call { (viewer.t("Pairings, results and standings on your phone:",
                                        "手机扫码查看对阵、成绩和排名：")) }
                div.hall-qr aria-label=(viewer.t("QR code of the event's pages", "赛事页面二维码")) {
                    (maud::PreEscaped(svg))
                }
                p.hall-link { a href={ "/e/" (id) } { (short) } }
                p.no-print.muted {
                    (viewer.t("Print this page (Ctrl+P) and put it up in the playing hall.",
                              "打印本页（Ctrl+P）张贴在赛场。"))
                }
            }
        },
    ))
}

async fn load(state: &AppState, id: i64) -> Result<LoadedEvent, AppError> {
    match state.store.load_event(id).await {
        // A hidden event is on no public page.
        Ok(e) if e.visibility == qiyuan_store::desk::Visibility::Hidden => Err(AppError::NotFound),
        Ok(e) => Ok(e),
        Err(StoreError::NoSuchDeskEvent(_)) => Err(AppError::NotFound),
        Err(e) => Err(store_error(e)),
    }
}

fn is_xiangqi(e: &LoadedEvent) -> bool {
    e.desk.settings().game == GameKind::Xiangqi
}

fn system_label(viewer: &Viewer, system: &System) -> &'static str {
    match system {
        System::Swiss { .. } => viewer.t("Swiss", "积分编排制"),
        System::RoundRobin { cycles: 1 } => viewer.t("Round robin", "单循环"),
        System::RoundRobin { cycles: 2 } => viewer.t("Double round robin", "双循环"),
        System::RoundRobin { .. } => viewer.t("Round robin", "循环制"),
        System::Knockout { .. } => viewer.t("Knockout", "淘汰制"),
    }
}

fn event_status(viewer: &Viewer, status: &str) -> &'static str {
    super::super::desk::status_name(status, viewer.lang)
}

/// The rounds the public may see, in order.
fn visible_rounds(e: &LoadedEvent) -> Vec<u32> {
    let mut v: Vec<u32> = e
        .published
        .iter()
        .copied()
        .filter(|&r| r >= 1 && r <= e.desk.rounds_paired())
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// The published round whose games are being played: the last public round
/// while some of its results are still to come (the "round in progress"
/// marker of the event's pages).
fn round_in_progress(e: &LoadedEvent) -> Option<u32> {
    let last = *visible_rounds(e).last()?;
    let round = e.desk.event().rounds().get(last as usize - 1)?;
    round
        .games
        .iter()
        .any(|g| g.result == qiyuan_vocab::GameResult::Pending)
        .then_some(last)
}

/// The round up to which every round is public (rounds are published in
/// order; a gap stops the count).
fn public_through(e: &LoadedEvent) -> u32 {
    let mut n = 0;
    for r in visible_rounds(e) {
        if r == n + 1 {
            n = r;
        } else {
            break;
        }
    }
    n
}

/// The navigation of an event's pages.
fn event_nav(viewer: &Viewer, e: &LoadedEvent) -> Markup {
    let id = e.id;
    html! {
        nav.event-nav.no-print aria-label=(viewer.t("Event pages", "赛事页面")) {
            a href={ "/events/" (id) } { (viewer.t("Players", "棋手")) }
            @for r in visible_rounds(e) {
                " · "
                a href={ "/events/" (id) "/rounds/" (r) } {
                    (viewer.lang.pick(format!("Round {r}"), format!("第{r}轮")))
                }
            }
            " · " a href={ "/events/" (id) "/standings" } { (viewer.t("Standings", "排名")) }
            " · " a href={ "/events/" (id) "/crosstable" } { (viewer.t("Crosstable", "交叉表")) }
            " · " a href={ "/events/" (id) "/hall" } { (viewer.t("QR code for the hall", "赛场二维码")) }
        }
    }
}

/// The header block of every event page (ui-conventions §1), compact: two
/// lines under the name.
fn event_header(viewer: &Viewer, e: &LoadedEvent, offset_minutes: i32) -> Markup {
    let s = e.desk.settings();
    let updated = layout::local_time(&e.updated_at, offset_minutes);
    html! {
        h1 { (s.name) }
        p.event-meta {
            (s.game.label(viewer.lang)) " · " (system_label(viewer, &s.system)) " · "
            (viewer.lang.pick(
                format!("{} of {} rounds paired", e.desk.rounds_paired(), e.desk.total_rounds()),
                format!("已编排 {}/{} 轮", e.desk.rounds_paired(), e.desk.total_rounds()),
            ))
            @if let Some(place) = &s.place { " · " (place) }
            @if s.start.is_some() || s.end.is_some() {
                " · "
                @if let Some(d) = s.start { (d.format("%Y/%m/%d")) }
                @if let Some(d) = s.end { " – " (d.format("%Y/%m/%d")) }
            }
            " · " (event_status(viewer, &e.status))
        }
        p.event-meta.muted {
            @if let Some(ca) = &s.chief_arbiter {
                (viewer.t("Chief Arbiter", "裁判长")) ": " (ca) " · "
            }
            @if !s.arbiters.is_empty() {
                (viewer.t("Arbiters", "裁判员")) ": " (s.arbiters.join("; ")) " · "
            }
            @if let Some(p) = &s.rating_profile {
                (viewer.t("Rating calculation", "等级分计算")) ": " (crate::desk::profile_title(p, viewer.lang)) " · "
            }
            (viewer.t("Last update", "最后更新")) ": " (updated)
        }
        @if let Some(r) = round_in_progress(e) {
            p.live-marker role="status" {
                span.live-dot aria-hidden="true" {}
                (viewer.lang.pick(format!("Round {r} in progress: results appear as they are entered"),
                                  format!("第{r}轮正在进行：结果录入后即时显示")))
            }
        }
        (event_nav(viewer, e))
    }
}

/// `GET /events`.
async fn events_index(State(state): State<AppState>, viewer: Viewer) -> Result<Markup, AppError> {
    use qiyuan_store::desk::Visibility;
    let all = state.store.list_events().await.map_err(store_error)?;
    let (archived, events): (Vec<_>, Vec<_>) = all
        .into_iter()
        .filter(|e| e.visibility != Visibility::Hidden)
        .partition(|e| e.visibility == Visibility::Archived);
    let title = viewer.t("Events", "赛事");
    Ok(layout::page(
        &viewer,
        title,
        html! {
            h1 { (title) }
            (super::search::search_form(&viewer, ""))
            @if events.is_empty() {
                p { (viewer.t("No event yet.", "暂无赛事。")) }
            } @else {
                div.table-wrap { table.events {
                    thead { tr {
                        th { (viewer.t("Event", "赛事")) }
                        th { (viewer.t("Game", "项目")) }
                        th { (viewer.t("System", "赛制")) }
                        th { (viewer.t("Players", "棋手")) }
                        th { (viewer.t("Rounds", "轮次")) }
                        th { (viewer.t("Dates", "日期")) }
                        th { (viewer.t("Status", "状态")) }
                    } }
                    tbody {
                        @for e in &events {
                            tr data-event=(e.id) {
                                td { a href={ "/events/" (e.id) } { (e.name) } }
                                td { (e.settings.game.label(viewer.lang)) }
                                td { (system_label(&viewer, &e.settings.system)) }
                                td.num { (e.players) }
                                td.num { (e.rounds_paired) " / " (e.total_rounds) }
                                td {
                                    @if let Some(d) = e.settings.start { (d) }
                                    @if let Some(d) = e.settings.end { " – " (d) }
                                }
                                td { (event_status(&viewer, &e.status)) }
                            }
                        }
                    }
                } }
            }
            @if !archived.is_empty() {
                h2 { (viewer.t("Archive", "往期赛事")) }
                ul #archived-events {
                    @for e in &archived {
                        li data-event=(e.id) {
                            a href={ "/events/" (e.id) } { (e.name) }
                            @if let Some(d) = e.settings.start { " · " (d) }
                        }
                    }
                }
            }
        },
    ))
}

/// `?q=` of the starting list: a name, a unit or a starting number.
#[derive(Debug, Default, Deserialize)]
struct PlayerSearch {
    #[serde(default)]
    q: Option<String>,
}

/// Whether a player answers a search: the starting number itself, or the
/// text within the name or the unit (Latin letters in either case).
fn player_matches(p: &crate::privacy::PublicPlayer, q: &str) -> bool {
    if q.parse::<u32>().is_ok_and(|n| n == p.id.0) {
        return true;
    }
    let q = q.to_lowercase();
    p.info.name.to_lowercase().contains(&q)
        || p.info
            .club
            .as_deref()
            .is_some_and(|c| c.to_lowercase().contains(&q))
}

/// `GET /events/{id}[?q=TEXT]`: the header and the starting list, or the
/// players whose name, unit or number answers `q` (a player finds himself
/// on a phone in the hall).
async fn event_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
    Query(search): Query<PlayerSearch>,
) -> Result<Markup, AppError> {
    let e = load(&state, id).await?;
    // The public view of each player: no birth date, no national id.
    let all = crate::privacy::public_players(&e.desk);
    // A search is at most 100 characters; what is typed is shown escaped.
    let q: Option<String> = search
        .q
        .map(|q| q.trim().chars().take(100).collect())
        .filter(|q: &String| !q.is_empty());
    let players: Vec<_> = match &q {
        Some(q) => all.iter().filter(|p| player_matches(p, q)).collect(),
        None => all.iter().collect(),
    };
    let born = e.desk.settings().public_birth_year;
    let xq = is_xiangqi(&e);
    Ok(layout::page(
        &viewer,
        &e.desk.settings().name,
        html! {
            (event_header(&viewer, &e, state.config.utc_offset_minutes))
            h2 { (viewer.t("Starting list", "参赛名单")) }
            form.no-print #event-search method="get" action={ "/events/" (id) } role="search" {
                label { (viewer.t("Find a player (name, unit or number) ", "查找棋手（姓名、单位或序号）"))
                    input type="search" name="q" maxlength="100" value=(q.as_deref().unwrap_or("")); }
                " " button type="submit" { (viewer.t("Find", "查找")) }
                @if q.is_some() { " " a href={ "/events/" (id) } { (viewer.t("all players", "全部棋手")) } }
            }
            @if let Some(q) = &q {
                p #search-count { (viewer.lang.pick(
                    format!("{} of {} players match “{q}”.", players.len(), all.len()),
                    format!("共 {} 名棋手，{} 名符合“{q}”。", all.len(), players.len()),
                )) }
            }
            div.table-wrap { table.starting-list {
                thead { tr {
                    th { (Heading::PairingNumber.label(viewer.lang)) }
                    @if !xq { th { (viewer.t("Title", "称号")) } }
                    th.name { (Heading::Name.label(viewer.lang)) }
                    @if !xq { th { (viewer.t("FED", "协会")) } }
                    th { (Heading::Rating.label(viewer.lang)) }
                    th { (Heading::Club.label(viewer.lang)) }
                    @if born { th { (viewer.t("Born", "出生年份")) } }
                    th { (viewer.t("Notes", "备注")) }
                } }
                tbody {
                    @for p in &players {
                        tr data-player=(p.id.0) {
                            td.num { (p.id.0) }
                            @if !xq { td { (p.info.title.as_deref().unwrap_or("")) } }
                            td.name { a href={ "/events/" (id) "/players/" (p.id.0) } { (p.info.name) } }
                            @if !xq { td { (p.info.federation.as_deref().unwrap_or("")) } }
                            td.num { @if let Some(r) = p.info.rating { (r) } }
                            td { (p.info.club.as_deref().unwrap_or("")) }
                            @if born { td.num { @if let Some(y) = p.info.birth_year { (y) } } }
                            td {
                                @if p.first_round > 1 {
                                    (viewer.lang.pick(format!("from round {}", p.first_round),
                                                      format!("第{}轮起参赛", p.first_round)))
                                }
                                @if let Some(w) = p.withdrawn_after {
                                    (viewer.lang.pick(format!("withdrew after round {w}"),
                                                      format!("第{w}轮后退赛")))
                                }
                            }
                        }
                    }
                }
            } }
        },
    ))
}

/// Points of every player after `round` (0: nobody has any).
fn points_after(e: &LoadedEvent, round: u32) -> HashMap<PlayerId, Decimal> {
    if round == 0 {
        return HashMap::new();
    }
    e.desk
        .standings_table(Some(round))
        .map(|t| t.lines.iter().map(|l| (l.player, l.points)).collect())
        .unwrap_or_default()
}

/// A number of points as a pairing list writes it (`1½`, `2`, `0`).
pub(crate) use qiyuan_desk::reports::points_text;

/// `GET /events/{id}/rounds/{round}`: the pairings of a published round
/// (ui-conventions §3, §8; xiangqi: 台次 · 序号 · 红方 · 积分 · 结果 · 积分 ·
/// 黑方 · 序号), rendered by [`report::pairings`] as the desk's pairing
/// print, and the list by name for the venue.
async fn round_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((id, round)): Path<(i64, u32)>,
) -> Result<Markup, AppError> {
    let e = load(&state, id).await?;
    if !visible_rounds(&e).contains(&round) {
        return Err(AppError::NotFound);
    }
    let xq = is_xiangqi(&e);
    let rounds = e.desk.event().rounds();
    let Some(r) = rounds.get(round as usize - 1) else {
        return Err(AppError::NotFound);
    };
    let total = e.desk.total_rounds();
    let heading = if xq {
        viewer.lang.pick(
            format!("Round {round} of {total}"),
            format!("第{round}轮/共{total}轮"),
        )
    } else {
        viewer.lang.pick(
            format!("Round {round} of {total}"),
            format!("第{round}轮（共{total}轮）"),
        )
    };
    let round_date = e
        .desk
        .settings()
        .round_dates
        .get(round as usize - 1)
        .copied();
    let pending = r.games.iter().any(|g| g.result == GameResult::Pending);
    let title = format!("{} — {heading}", e.desk.settings().name);
    Ok(layout::page(
        &viewer,
        &title,
        html! {
            (event_header(&viewer, &e, state.config.utc_offset_minutes))
            h2 { (heading) @if let Some(d) = round_date { " · " (d.format("%Y/%m/%d")) } }
            (report::pairings(&View { live: pending.then_some(LIVE_SECONDS), ..public_view(&viewer, &e) }, &e, round))
            div.page-break {}
            h3 { (viewer.t("Pairings by name", "按姓名排列的对阵")) }
            (report::pairings_by_name(&public_view(&viewer, &e), &e, round))
        },
    ))
}

/// The standings the public may see: after the last round that is both
/// complete and published.
fn public_standings(e: &LoadedEvent) -> Option<StandingsTable> {
    let after = e.desk.last_complete_round().min(public_through(e));
    if after == 0 {
        return None;
    }
    e.desk.standings_table(Some(after)).ok()
}

/// `GET /events/{id}/standings` (ui-conventions §4, §8: Rk · SNo · Title ·
/// Name · Rtg · Club · Pts · TB1…; tied players show the rank once),
/// rendered by [`report::standings`] as the desk renders it.
async fn standings_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
) -> Result<Markup, AppError> {
    let e = load(&state, id).await?;
    let table = public_standings(&e);
    let title = format!(
        "{} — {}",
        e.desk.settings().name,
        viewer.t("Standings", "排名")
    );
    let view = public_view(&viewer, &e);
    Ok(layout::page(
        &viewer,
        &title,
        html! {
            (event_header(&viewer, &e, state.config.utc_offset_minutes))
            @match &table {
                None => section #standings data-live=[view.live] {
                    p { (viewer.t("No standings yet: no round is complete.", "暂无排名：尚无完成的轮次。")) }
                },
                Some(t) => @match report::event_standings(&view, &e.desk, t, &[]) {
                    Ok(standings) => (standings),
                    // The groups cannot be ranked (the desk refuses them): no
                    // table rather than one that ranks the groups together.
                    Err(_) => section #standings {
                        p { (viewer.t("The standings cannot be shown now.", "排名暂时无法显示。")) }
                    },
                },
            }
        },
    ))
}

fn tb_name(viewer: &Viewer, t: &StandingsTable, i: usize) -> String {
    let names = viewer.lang.pick(&t.tiebreak_names_en, &t.tiebreak_names_zh);
    names
        .get(i)
        .cloned()
        .unwrap_or_else(|| t.tiebreaks.get(i).cloned().unwrap_or_default())
}

/// `GET /events/{id}/crosstable` (ui-conventions §5: Swiss cells
/// `12w1` — xiangqi `12红1` — round robins the N × N grid): the published
/// rounds, rendered by [`report::crosstable`] as the desk renders it.
async fn crosstable_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
) -> Result<Markup, AppError> {
    let e = load(&state, id).await?;
    let shown = public_through(&e);
    let title = format!(
        "{} — {}",
        e.desk.settings().name,
        viewer.t("Crosstable", "交叉表")
    );
    let view = public_view(&viewer, &e);
    Ok(layout::page(
        &viewer,
        &title,
        html! {
            (event_header(&viewer, &e, state.config.utc_offset_minutes))
            h2 { (report::crosstable_heading(viewer.lang, shown)) }
            (report::crosstable(&view, &e.desk.crosstable(), shown, public_standings(&e).as_ref()))
        },
    ))
}

/// How the public pages render an event's reports: names linked to the
/// players' cards, refreshed while the event runs.
fn public_view<'a>(viewer: &Viewer, e: &LoadedEvent) -> View<'a> {
    View {
        lang: viewer.lang,
        game: e.desk.settings().game,
        links: Some(e.id),
        live: (e.status != EventStatus::Finished.code()).then_some(LIVE_SECONDS),
    }
}

/// `GET /events/{id}/players/{no}`: a player's rounds in the event
/// (ui-conventions §5 player card, §7 轮次 · 执色 · 对手 · 结果; byes 轮空).
async fn player_card(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((id, no)): Path<(i64, u32)>,
) -> Result<Markup, AppError> {
    let e = load(&state, id).await?;
    let player = crate::privacy::public_players(&e.desk)
        .into_iter()
        .find(|p| p.id == PlayerId(no))
        .ok_or(AppError::NotFound)?;
    let shown = public_through(&e);
    let cross = e.desk.crosstable();
    let row = cross
        .rows
        .iter()
        .find(|r| r.player == player.id)
        .ok_or(AppError::NotFound)?;
    let name_of = |p: PlayerId| e.desk.player(p).map(|d| d.info.name).unwrap_or_default();
    let points: Vec<Decimal> = (1..=shown)
        .map(|r| {
            points_after(&e, r)
                .get(&player.id)
                .copied()
                .unwrap_or_default()
        })
        .collect();
    let standing = public_standings(&e);
    // His page on the rating list: only the list's own (public) id of him,
    // only when the arbiter took him from the list and he is on a
    // published list.
    let list_player = state
        .store
        .list_links(id)
        .await
        .map_err(store_error)?
        .get(&player.id)
        .copied();
    let rating = card_rating(&state, &e, player.id).await?;
    let title = format!("{} — {}", player.info.name, e.desk.settings().name);
    Ok(layout::page(
        &viewer,
        &title,
        html! {
            (event_header(&viewer, &e, state.config.utc_offset_minutes))
            h2 { (player.info.name) " (" (Heading::PairingNumber.label(viewer.lang)) " " (no) ")" }
            dl.player-card {
                @if let Some(r) = player.info.rating {
                    dt { (Heading::Rating.label(viewer.lang)) } dd { (r) }
                }
                @if let Some(c) = &player.info.club {
                    dt { (Heading::Club.label(viewer.lang)) } dd { (c) }
                }
                @if let Some(t) = &player.info.title {
                    dt { (viewer.t("Title", "称号")) } dd { (t) }
                }
                @if let Some(y) = player.info.birth_year {
                    dt { (viewer.t("Born", "出生年份")) } dd { (y) }
                }
                @if let Some(lid) = list_player {
                    dt { (viewer.t("Rating list", "等级分名单")) }
                    dd { a #list-player href={ "/players/" (lid) } {
                        (viewer.t("Player page and rating history", "棋手页面与等级分历史")) " →"
                    } }
                }
            }
            @if let Some((t, line)) = standing.as_ref().and_then(|t| Some((t, t.lines.iter().find(|l| l.player == player.id)?))) {
                dl.player-card #player-standing {
                    dt { (viewer.lang.pick(format!("Rank after round {}", t.after_round), format!("第{}轮后名次", t.after_round))) }
                    dd data-rank=(line.rank) { (line.rank) " / " (t.lines.len()) }
                    dt { (Heading::Points.label(viewer.lang)) } dd { (points_text(line.points)) }
                    @for (i, v) in line.shown.iter().enumerate() {
                        dt { (tb_name(&viewer, t, i)) }
                        dd { (v.text(|d| d.normalize().to_string())) }
                    }
                }
                p.no-print { a href={ "/events/" (id) "/standings" } { (viewer.t("Standings", "排名")) " →" } }
            }
            @if let Some(r) = &rating { (rating_markup(&viewer, r)) }
            div.table-wrap id="player-rounds" data-live=[(e.status != EventStatus::Finished.code()).then_some(LIVE_SECONDS)] {
                table.player-rounds {
                    thead { tr {
                        th { (viewer.t("Rd.", "轮次")) }
                        th { (viewer.t("Colour", "执色")) }
                        th { (Heading::PairingNumber.label(viewer.lang)) }
                        th { (viewer.t("Opponent", "对手")) }
                        th { (Heading::Result.label(viewer.lang)) }
                        th { (Heading::Points.label(viewer.lang)) }
                    } }
                    tbody {
                        @for (i, c) in row.rounds.iter().enumerate().take(shown as usize) {
                            tr data-round=(i + 1) {
                                td.num { (i + 1) }
                                td {
                                    @match c.colour.as_str() {
                                        "w" => (Colour::White.label(e.desk.settings().game, viewer.lang)),
                                        "b" => (Colour::Black.label(e.desk.settings().game, viewer.lang)),
                                        _ => "",
                                    }
                                }
                                @match c.opponent {
                                    Some(o) => {
                                        td.num { (o.0) }
                                        td { a href={ "/events/" (id) "/players/" (o.0) } { (name_of(o)) } }
                                    }
                                    None => {
                                        td {}
                                        td {
                                            @let kind = ByeKind::ALL.into_iter().find(|k| c.result.starts_with(k.trf_code())).unwrap_or(ByeKind::Absent);
                                            (kind.label(viewer.lang))
                                        }
                                    }
                                }
                                td.result {
                                    @match c.result.as_str() {
                                        "U" | "F" | "H" | "Z" => (points_text(c.points)),
                                        "*" => "",
                                        other => (other),
                                    }
                                }
                                td.num { (points_text(points[i])) }
                            }
                        }
                    }
                }
            }
        },
    ))
}

/// A player card's performance and rating change, written at the
/// profile's precision, and where they come from.
struct CardRating {
    performance: Option<String>,
    change: Option<String>,
    /// The event's profile and the last round its report counted.
    report: Option<(String, u32)>,
    /// The published list whose period rated the event (the rating
    /// change is the office's then).
    office: Option<(i64, NaiveDate)>,
}

/// The performance and rating change of `player` in `e`. The performance
/// is the event's rating report's (the one the desk's rating page and the
/// API show, [`DeskEvent::rating_report_through`] over the published
/// rounds, under the event's profile); the rating change is the rating
/// office's once a published list rated the event, else the report's.
/// `None` when the event is not rated — no rating profile or no public
/// round, and no rating by the office — or he has no counted game: nothing
/// is shown then, not a zero.
async fn card_rating(
    state: &AppState,
    e: &LoadedEvent,
    player: PlayerId,
) -> Result<Option<CardRating>, AppError> {
    let profile = e.desk.settings().rating_profile.clone();
    let built_in = profile
        .as_deref()
        .and_then(|p| qiyuan_rating::Profile::builtin(p).ok());
    // As the desk's rating report shows it (RoundingConfig::shown).
    let figure = |d: Decimal| {
        built_in
            .as_ref()
            .map_or(d, |p| p.rounding.shown(d))
            .normalize()
            .to_string()
    };
    let signed = |d: Decimal| {
        let text = figure(d);
        if d > Decimal::ZERO {
            format!("+{text}")
        } else {
            text
        }
    };
    let through = public_through(e);
    let report = match &profile {
        Some(_) if through > 0 => e
            .desk
            .rating_report_through(None, &|_, _| {}, Some(through))
            .ok(),
        _ => None,
    };
    let line = report.as_ref().and_then(|r| {
        r.players
            .iter()
            .find(|p| p.id.0 == player.0 && p.games_counted > 0)
    });
    let office = state.store.office_rating(e.id).await.map_err(store_error)?;
    let office_line = office.as_ref().and_then(|o| o.players.get(&player));
    let rating = CardRating {
        performance: line
            .and_then(|l| l.performance)
            .or(office_line.and_then(|o| o.performance))
            .map(figure),
        change: match office_line {
            Some(o) => o.change.map(signed),
            None => line.and_then(|l| l.change).map(signed),
        },
        report: line.and(profile).map(|p| (p, through)),
        office: office_line
            .and(office.as_ref())
            .map(|o| (o.list_id, o.list_date)),
    };
    Ok((rating.performance.is_some() || rating.change.is_some()).then_some(rating))
}

/// The card's performance and rating change, and where they come from.
fn rating_markup(viewer: &Viewer, r: &CardRating) -> Markup {
    html! {
        dl.player-card #player-rating {
            @if let Some(p) = &r.performance {
                dt { (viewer.t("Performance", "表现分")) } dd data-performance=(p) { (p) }
            }
            @if let Some(c) = &r.change {
                dt { (viewer.t("Rating change", "等级分变化")) } dd data-change=(c) { (c) }
            }
        }
        p.muted #rating-source {
            @if let Some((profile, through)) = &r.report {
                (viewer.lang.pick(
                    format!("Calculated by {} from the results of rounds 1–{through}. ",
                            crate::desk::profile_title(profile, viewer.lang)),
                    format!("按{}计算（第1–{through}轮成绩）。",
                            crate::desk::profile_title(profile, viewer.lang)),
                ))
            }
            @match &r.office {
                Some((list_id, list_date)) => {
                    (viewer.t("Rating change as the rating office rated the event: ",
                              "等级分变化以等级分管理的计算为准："))
                    a href={ "/lists/" (list_id) } {
                        (viewer.lang.pick(format!("the list of {list_date}"), format!("{list_date} 等级分名单")))
                    }
                }
                None => {
                    (viewer.t("Not yet rated by the rating office.", "尚未经等级分管理计算。"))
                }
            }
        }
    }
}

/// How many of a list player's events his page lists.
const PLAYED_LIMIT: u32 = 50;

/// The public events list player `list_player` played (he was taken from
/// the rating list into them), newest first, with his points and rank
/// after the last public round, each linked to his card in the event; for
/// the list's player page. Nothing when there is none.
pub(crate) async fn events_played(
    state: &AppState,
    viewer: &Viewer,
    list_player: u32,
) -> Result<Markup, AppError> {
    let (total, played) = state
        .store
        .events_of_list_player(list_player, PLAYED_LIMIT)
        .await
        .map_err(store_error)?;
    struct Row {
        event: i64,
        number: PlayerId,
        name: String,
        start: Option<NaiveDate>,
        points: Option<Decimal>,
        rank: Option<(u32, usize)>,
        after: u32,
    }
    let mut rows = Vec::with_capacity(played.len());
    for p in played {
        let e = match load(state, p.event_id).await {
            Ok(e) => e,
            Err(AppError::NotFound) => continue,
            Err(err) => return Err(err),
        };
        let table = public_standings(&e);
        let line = table
            .as_ref()
            .and_then(|t| t.lines.iter().find(|l| l.player == p.number));
        rows.push(Row {
            event: p.event_id,
            number: p.number,
            name: e.desk.settings().name.clone(),
            start: e.desk.settings().start,
            points: line.map(|l| l.points),
            rank: line
                .zip(table.as_ref())
                .map(|(l, t)| (l.rank, t.lines.len())),
            after: table.as_ref().map_or(0, |t| t.after_round),
        });
    }
    if rows.is_empty() {
        return Ok(html! {});
    }
    Ok(html! {
        section #events-played {
            h2 { (viewer.t("Events played", "参加的赛事")) }
            div.table-wrap { table.events-played {
                thead { tr {
                    th.name { (viewer.t("Event", "赛事")) }
                    th { (viewer.t("Dates", "日期")) }
                    th.num { (Heading::Points.label(viewer.lang)) }
                    th.num { (Heading::Rank.label(viewer.lang)) }
                    th.num { (viewer.t("After round", "截至轮次")) }
                } }
                tbody {
                    @for r in &rows {
                        tr data-event=(r.event) {
                            td.name { a href={ "/events/" (r.event) "/players/" (r.number.0) } { (r.name) } }
                            td { @if let Some(d) = r.start { (d) } }
                            td.num { @if let Some(p) = r.points { (points_text(p)) } @else { "—" } }
                            td.num { @if let Some((rank, of)) = r.rank { (rank) " / " (of) } }
                            td.num { @if r.after > 0 { (r.after) } }
                        }
                    }
                }
            } }
            @if total > rows.len() as u64 {
                p.muted { (viewer.lang.pick(
                    format!("The newest {} of {total} events.", rows.len()),
                    format!("共 {total} 项赛事，显示最近 {} 项。", rows.len()),
                )) }
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_written_with_halves() {
        assert_eq!(points_text(Decimal::new(15, 1)), "1½");
        assert_eq!(points_text(Decimal::new(5, 1)), "½");
        assert_eq!(points_text(Decimal::new(20, 1)), "2");
        assert_eq!(points_text(Decimal::ZERO), "0");
    }
}
