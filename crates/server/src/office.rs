//! The rating office pages (等级分管理): import lists and event files, run a
//! period with a preview of every change, publish, read the audit log.
//! Officers and administrators only.
//!
//! - `GET /office` — totals, lists (drafts with a publish button), imported
//!   events, and the forms;
//! - `POST /office/import-list?_csrf=…` — multipart: `file` (list CSV,
//!   UTF-8 or GBK, see `docs/rating-list.md`; or an xlsx workbook with the
//!   CSV's or the office export's Chinese headers), `list_date`;
//! - `POST /office/import-event?_csrf=…` — multipart: `file` (event JSON or
//!   TOML), `profile`;
//! - `GET /office/period?profile=&list_date=&page=` — the preview: the
//!   period computed as a dry run, every changed row with each event's N, W,
//!   We, K and ΔR, ΣΔR, the new rating and status. Nothing is written;
//! - `POST /office/period` — confirms: the period is computed and stored as
//!   a draft list (audited);
//! - `GET /office/lists/{id}?q=&page=` — any list, drafts included;
//! - `POST /office/publish` — publishes the latest draft (audited);
//! - `GET /office/audit?page=` — the audit log, newest first, with the check
//!   of its hash chain.
//!
//! Multipart forms carry the CSRF token in the query (`?_csrf=`), the
//! others in the `_csrf` field (see [`crate::session`]).

use std::collections::HashMap;

use axum::Router;
use axum::extract::{Form, Multipart, Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use chrono::NaiveDate;
use maud::{Markup, html};
use qiyuan_rating::profile::Profile;
use qiyuan_store::ListEntry;
use serde::Deserialize;
use sqlx::Row;

use crate::AppState;
use crate::auth::{Role, SignedIn, User, Viewer, require_role};
use crate::error::AppError;
use crate::layout;
use crate::public::{
    Cursor, PAGE_SIZE, SearchQuery, base_of, list_pager, list_rows, list_table, opt_dec,
    page_offset, pager, signed, status_label, store_error, url_with,
};

/// The routes of this part of the application.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/office", get(dashboard))
        .route("/office/import-list", post(import_list))
        .route("/office/import-event", post(import_event))
        .route("/office/period", get(preview).post(confirm_period))
        .route("/office/publish", post(publish))
        .route("/office/lists/{id}", get(office_list))
        .route("/office/audit", get(audit))
}

/// Officers and administrators pass.
fn officer(user: &User) -> Result<(), AppError> {
    require_role(user, &[Role::Officer])
}

fn db(e: sqlx::Error) -> AppError {
    AppError::Internal(e.to_string())
}

/// Runs a store call whose future is not `Send` (the store's imports and
/// periods take a `&dyn Fn` progress callback) on a blocking thread of its
/// own, so that a handler's future stays `Send`.
async fn off_thread<T, F>(f: impl FnOnce() -> F + Send + 'static) -> Result<T, AppError>
where
    T: Send + 'static,
    F: std::future::Future<Output = T>,
{
    let handle = tokio::runtime::Handle::current();
    tokio::task::spawn_blocking(move || handle.block_on(f()))
        .await
        .map_err(|e| AppError::Internal(e.to_string()))
}

/// `?page=`.
#[derive(Debug, Default, Deserialize)]
struct PageQuery {
    #[serde(default)]
    page: Option<u64>,
}

/// An imported event as the dashboard lists it.
struct EventLine {
    id: i64,
    name: String,
    profile: String,
    end: Option<String>,
    players: i64,
    games: i64,
}

fn profile_select(viewer: &Viewer, selected: &str) -> Markup {
    html! {
        label { (viewer.t("Rating profile", "等级分规则")) " "
            select name="profile" required {
                @for name in Profile::builtin_names() {
                    option value=(name) selected[name == selected] { (name) }
                }
            }
        }
    }
}

/// `GET /office`.
async fn dashboard(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Query(query): Query<PageQuery>,
) -> Result<Markup, AppError> {
    officer(&user)?;
    let totals = state.store.totals().await.map_err(store_error)?;
    let mut lists = state.store.lists().await.map_err(store_error)?;
    lists.reverse();
    let has_draft = lists.iter().any(|l| l.status == "draft");
    let (page, offset) = page_offset(query.page);
    let rows = sqlx::query(
        "SELECT id, name, profile, end_date, player_count, game_count FROM events \
         ORDER BY id DESC LIMIT $1 OFFSET $2",
    )
    .bind(PAGE_SIZE as i64)
    .bind(offset as i64)
    .fetch_all(state.store.pool())
    .await
    .map_err(db)?;
    let mut events = Vec::with_capacity(rows.len());
    for r in &rows {
        events.push(EventLine {
            id: r.try_get("id").map_err(db)?,
            name: r.try_get("name").map_err(db)?,
            profile: r.try_get("profile").map_err(db)?,
            end: r.try_get("end_date").map_err(db)?,
            players: r.try_get("player_count").map_err(db)?,
            games: r.try_get("game_count").map_err(db)?,
        });
    }
    let csrf_q = url_with("", &[("_csrf", &viewer.csrf)]);
    let title = viewer.t("Rating office", "等级分管理");
    Ok(layout::page(
        &viewer,
        title,
        html! {
            h1 { (title) }
            p.totals {
                (viewer.lang.pick(
                    format!("{} players, {} events, {} games, {} lists, {} audit entries.",
                        totals.players, totals.events, totals.games, totals.lists, totals.audit_entries),
                    format!("棋手 {} 名，赛事 {} 个，对局 {} 盘，名单 {} 份，审计记录 {} 条。",
                        totals.players, totals.events, totals.games, totals.lists, totals.audit_entries),
                ))
                " " a href="/office/audit" { (viewer.t("Audit log", "审计日志")) }
            }
            section.office-forms {
                h2 { (viewer.t("Import a rating list", "导入等级分名单")) }
                form method="post" enctype="multipart/form-data"
                    action={ "/office/import-list" (csrf_q) } {
                    (layout::csrf_field(&viewer))
                    label { (viewer.t("List file (CSV, UTF-8 or GBK; or xlsx)", "名单文件（CSV，UTF-8 或 GBK；或 xlsx）")) " "
                        input type="file" name="file" accept=".csv,.xlsx,text/csv" required; }
                    " "
                    label { (viewer.t("List date", "名单日期")) " "
                        input type="date" name="list_date" required; }
                    " " button type="submit" { (viewer.t("Import", "导入")) }
                }
                p.hint { small { (viewer.lang.pick(
                    format!("Uploads up to {} MB; for larger files use the command `qiyuan office import-list` (CSV or xlsx).",
                        crate::BODY_LIMIT / (1024 * 1024)),
                    format!("上传文件不超过 {} MB；更大的文件请用命令 `qiyuan office import-list`（CSV 或 xlsx）。",
                        crate::BODY_LIMIT / (1024 * 1024)),
                )) } }
                h2 { (viewer.t("Import event files", "导入赛事文件")) }
                form method="post" enctype="multipart/form-data"
                    action={ "/office/import-event" (csrf_q) } {
                    (layout::csrf_field(&viewer))
                    label { (viewer.t("Event files (JSON or TOML)", "赛事文件（JSON 或 TOML，可多选）")) " "
                        input type="file" name="file" accept=".json,.toml" multiple required; }
                    " " (profile_select(&viewer, "cxa-2019"))
                    " " button type="submit" { (viewer.t("Import", "导入")) }
                }
                h2 { (viewer.t("Rating period", "等级分计算周期")) }
                form method="get" action="/office/period" {
                    (profile_select(&viewer, "cxa-2019"))
                    " "
                    label { (viewer.t("List date", "名单日期")) " "
                        input type="date" name="list_date" required; }
                    " " button type="submit" { (viewer.t("Preview the changes", "预览变化")) }
                }
            }
            h2 { (viewer.t("Rating lists", "等级分名单")) }
            @if has_draft {
                form method="post" action="/office/publish" {
                    (layout::csrf_field(&viewer))
                    button type="submit" { (viewer.t("Publish the latest draft list", "公布最新的草稿名单")) }
                }
            }
            div.table-wrap { table.office-lists {
                thead { tr {
                    th { "#" }
                    th { (viewer.t("List date", "名单日期")) }
                    th { (viewer.t("Origin", "来源")) }
                    th { (viewer.t("Status", "状态")) }
                    th { (viewer.t("Rating profile", "等级分规则")) }
                } }
                tbody {
                    @for l in &lists {
                        tr data-list=(l.id) data-status=(l.status) {
                            td { (l.id) }
                            td { a href={ "/office/lists/" (l.id) } { (l.list_date) } }
                            td { @if l.origin == "computed" { (viewer.t("computed", "计算")) }
                                 @else { (viewer.t("imported", "导入")) } }
                            td { (status_label(&viewer, &l.status)) }
                            td { (l.profile.as_deref().unwrap_or("")) }
                        }
                    }
                }
            } }
            h2 { (viewer.t("Imported events", "已导入的赛事")) }
            div.table-wrap { table.office-events {
                thead { tr {
                    th { "#" }
                    th { (viewer.t("Event", "赛事")) }
                    th { (viewer.t("Rating profile", "等级分规则")) }
                    th { (viewer.t("End", "结束日期")) }
                    th { (viewer.t("Players", "棋手")) }
                    th { (viewer.t("Games", "对局")) }
                } }
                tbody {
                    @for e in &events {
                        tr data-event=(e.id) {
                            td { (e.id) }
                            td { (e.name) }
                            td { (e.profile) }
                            td { (e.end.as_deref().unwrap_or("")) }
                            td.num { (e.players) }
                            td.num { (e.games) }
                        }
                    }
                }
            } }
            (pager(&viewer, "/office", &[], page, totals.events))
        },
    ))
}

/// The uploaded files and the other fields of a multipart form.
struct Upload {
    /// Name (its last path part) and content of every non-empty `file` part.
    files: Vec<(String, Vec<u8>)>,
    fields: HashMap<String, String>,
}

async fn read_upload(viewer: &Viewer, mut form: Multipart) -> Result<Upload, AppError> {
    let bad = |e: axum::extract::multipart::MultipartError| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            AppError::PayloadTooLarge
        } else {
            AppError::BadRequest(format!(
                "{}: {}",
                viewer.t("The upload could not be read", "无法读取上传的文件"),
                e.body_text()
            ))
        }
    };
    let mut files = Vec::new();
    let mut fields = HashMap::new();
    while let Some(field) = form.next_field().await.map_err(bad)? {
        let name = field.name().unwrap_or("").to_string();
        if name == "file" {
            // Only the last part of the name the browser sent.
            let file_name = field
                .file_name()
                .unwrap_or("")
                .rsplit(['/', '\\'])
                .next()
                .unwrap_or("")
                .to_string();
            let bytes = field.bytes().await.map_err(bad)?;
            if !bytes.is_empty() {
                let file_name = if file_name.is_empty() {
                    format!("upload-{}", files.len() + 1)
                } else {
                    file_name
                };
                files.push((file_name, bytes.to_vec()));
            }
        } else {
            let text = field.text().await.map_err(bad)?;
            fields.insert(name, text);
        }
    }
    if files.is_empty() {
        return Err(AppError::BadRequest(
            viewer
                .t("Choose a file to upload.", "请选择要上传的文件。")
                .into(),
        ));
    }
    Ok(Upload { files, fields })
}

fn parse_date(viewer: &Viewer, text: Option<&str>) -> Result<NaiveDate, AppError> {
    let text = text.map(str::trim).unwrap_or("");
    NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| {
        AppError::BadRequest(viewer.lang.pick(
            format!("The list date `{text}` is not a date (YYYY-MM-DD)."),
            format!("名单日期“{text}”不是有效日期（YYYY-MM-DD）。"),
        ))
    })
}

/// A page saying what an import or a publication did.
fn done_page(
    viewer: &Viewer,
    title: &str,
    lines: Vec<String>,
    next: Option<(String, &str)>,
) -> Markup {
    layout::page(
        viewer,
        title,
        html! {
            h1 { (title) }
            div.done role="status" {
                @for l in &lines { p { (l) } }
            }
            p {
                @if let Some((href, text)) = next { a href=(href) { (text) } " · " }
                a href="/office" { (viewer.t("Back to the rating office", "返回等级分管理")) }
            }
        },
    )
}

/// `POST /office/import-list?_csrf=…` (multipart: `file`, `list_date`).
async fn import_list(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    form: Multipart,
) -> Result<Markup, AppError> {
    officer(&user)?;
    let mut up = read_upload(&viewer, form).await?;
    let date = parse_date(&viewer, up.fields.get("list_date").map(String::as_str))?;
    if up.files.len() > 1 {
        return Err(AppError::BadRequest(
            viewer
                .t("Import one list at a time.", "每次只能导入一份名单。")
                .into(),
        ));
    }
    let (file_name, bytes) = up.files.remove(0);
    let lower = file_name.to_lowercase();
    let parsed = if lower.ends_with(".xlsx") || lower.ends_with(".xls") {
        let csv = xlsx_to_csv(&bytes).map_err(|e| {
            AppError::BadRequest(viewer.lang.pick(
                format!("{file_name}: {e}"),
                format!("{file_name}：无法读取工作簿（{e}）"),
            ))
        })?;
        qiyuan_formats::list::read_list(csv.as_bytes(), &file_name)
    } else {
        qiyuan_formats::list::read_list(&bytes, &file_name)
    }
    .map_err(|e| AppError::BadRequest(e.to_string()))?;
    let entries = list_entries(parsed.list);
    let store = state.store.clone();
    let (name, bytes) = (file_name.clone(), bytes);
    let by = user.username.clone();
    let done = off_thread(move || async move {
        store
            .import_list(&name, &bytes, date, &entries, &|_| {}, &by)
            .await
    })
    .await?
    .map_err(store_error)?;
    let mut lines = vec![viewer.lang.pick(
        format!(
            "List #{} of {date} imported from {}: {} players ({} new, {} changed); audit entry #{}.",
            done.list_id, file_name, done.entries, done.new_players, done.changed_players, done.audit_id
        ),
        format!(
            "已从 {} 导入 {date} 名单 #{}：棋手 {} 名（新增 {}，变更 {}）；审计记录 #{}。",
            file_name, done.list_id, done.entries, done.new_players, done.changed_players, done.audit_id
        ),
    )];
    lines.extend(parsed.warnings.iter().map(|w| format!("⚠ {w}")));
    Ok(done_page(
        &viewer,
        viewer.t("List imported", "名单已导入"),
        lines,
        Some((
            format!("/office/lists/{}", done.list_id),
            viewer.t("See the list", "查看名单"),
        )),
    ))
}

/// Chinese headers of a list workbook (as the office's xlsx export writes
/// them) and the list CSV's columns (`docs/rating-list.md`).
const XLSX_HEADERS: &[(&str, &str)] = &[
    ("编号", "id"),
    ("姓名", "name"),
    ("性别", "sex"),
    ("出生年份", "birth_year"),
    ("单位", "unit"),
    ("称号", "titles"),
    ("等级分", "rating"),
    ("有效局数", "rated_games"),
    ("状态", "status"),
    ("最高等级分", "highest"),
];

/// Statuses as the xlsx export writes them.
const XLSX_STATUS: &[(&str, &str)] = &[
    ("在册", "active"),
    ("不活跃", "inactive"),
    ("无等级分", "unrated"),
];

/// One CSV field, quoted when it must be.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The first worksheet of a workbook as list CSV text: Chinese headers and
/// statuses become the CSV's, whole numbers lose their `.0`.
fn xlsx_to_csv(bytes: &[u8]) -> Result<String, String> {
    use calamine::{Data, Reader};
    let mut book = calamine::open_workbook_auto_from_rs(std::io::Cursor::new(bytes))
        .map_err(|e| format!("not a workbook: {e}"))?;
    let range = book
        .worksheet_range_at(0)
        .ok_or_else(|| "the workbook has no worksheet".to_string())?
        .map_err(|e| format!("cannot read the first worksheet: {e}"))?;
    let mut out = String::new();
    let mut header: Vec<String> = Vec::new();
    for (i, row) in range.rows().enumerate() {
        let cells: Vec<String> = row
            .iter()
            .map(|c| match c {
                Data::Empty => String::new(),
                Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
                Data::Float(f) => f.to_string(),
                Data::Int(n) => n.to_string(),
                other => other.to_string(),
            })
            .collect();
        let cells: Vec<String> = if i == 0 {
            header = cells
                .iter()
                .map(|h| {
                    let h = h.trim();
                    XLSX_HEADERS
                        .iter()
                        .find(|(zh, _)| *zh == h)
                        .map_or_else(|| h.to_string(), |(_, en)| (*en).to_string())
                })
                .collect();
            header.clone()
        } else {
            cells
                .into_iter()
                .enumerate()
                .map(|(j, c)| {
                    if header.get(j).is_some_and(|h| h == "status") {
                        XLSX_STATUS
                            .iter()
                            .find(|(zh, _)| *zh == c.trim())
                            .map_or(c.clone(), |(_, en)| (*en).to_string())
                    } else {
                        c
                    }
                })
                .collect()
        };
        let line: Vec<String> = cells.iter().map(|c| csv_field(c)).collect();
        out.push_str(&line.join(","));
        out.push('\n');
    }
    Ok(out)
}

/// `POST /office/import-event?_csrf=…` (multipart: `file`, `profile`).
async fn import_event(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    form: Multipart,
) -> Result<Response, AppError> {
    officer(&user)?;
    let up = read_upload(&viewer, form).await?;
    let profile = up
        .fields
        .get("profile")
        .map(|s| s.trim().to_string())
        .unwrap_or_default();
    // Files that are not text are refused one by one; the others go to the
    // store in one batch (one transaction, one audit entry).
    let mut lines = Vec::new();
    let mut texts = Vec::new();
    for (name, bytes) in up.files {
        match String::from_utf8(bytes) {
            Ok(t) => texts.push((name, t)),
            Err(_) => lines.push((
                false,
                viewer.lang.pick(
                    format!("{name}: the event file is not UTF-8 text."),
                    format!("{name}：赛事文件不是 UTF-8 文本。"),
                ),
            )),
        }
    }
    let store = state.store.clone();
    let prof = profile.clone();
    let batch = texts.clone();
    let by = user.username.clone();
    let results = off_thread(move || async move {
        let refs: Vec<(&str, &str)> = batch
            .iter()
            .map(|(n, t)| (n.as_str(), t.as_str()))
            .collect();
        store.import_events(&refs, &prof, &|_| {}, &by).await
    })
    .await?
    .map_err(store_error)?;
    for (result, (file, _)) in results.into_iter().zip(&texts) {
        lines.push(match result {
            Ok(done) => (
                true,
                viewer.lang.pick(
                    format!(
                        "Event #{} “{}” imported from {file} under {profile}: {} players, {} games; audit entry #{}.",
                        done.event_id, done.name, done.players, done.games, done.audit_id
                    ),
                    format!(
                        "已从 {file} 导入赛事 #{}“{}”（{profile}）：棋手 {} 名，对局 {} 盘；审计记录 #{}。",
                        done.event_id, done.name, done.players, done.games, done.audit_id
                    ),
                ),
            ),
            Err(e) => (false, format!("{}: {e}", viewer.t("Refused", "被拒绝"))),
        });
    }
    let imported = lines.iter().filter(|(ok, _)| *ok).count();
    if imported == 0 {
        return Err(AppError::BadRequest(
            lines
                .into_iter()
                .map(|(_, l)| l)
                .collect::<Vec<_>>()
                .join("\n"),
        ));
    }
    let title = viewer.lang.pick(
        format!("{imported} event(s) imported"),
        format!("已导入 {imported} 个赛事"),
    );
    Ok(done_page(
        &viewer,
        &title,
        lines
            .into_iter()
            .map(|(ok, l)| if ok { l } else { format!("⚠ {l}") })
            .collect(),
        None,
    )
    .into_response())
}

/// `?profile=&list_date=&page=` of the preview.
#[derive(Debug, Default, Deserialize)]
struct PeriodQuery {
    #[serde(default)]
    profile: Option<String>,
    #[serde(default)]
    list_date: Option<String>,
    #[serde(default)]
    page: Option<u64>,
}

/// `GET /office/period`: the dry run of a period, every change shown.
async fn preview(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Query(query): Query<PeriodQuery>,
) -> Result<Markup, AppError> {
    officer(&user)?;
    let profile = query
        .profile
        .as_deref()
        .map(str::trim)
        .unwrap_or("")
        .to_string();
    if profile.is_empty() {
        return Err(AppError::BadRequest(
            viewer
                .t("Choose a rating profile.", "请选择等级分规则。")
                .into(),
        ));
    }
    let date = parse_date(&viewer, query.list_date.as_deref())?;
    let store = state.store.clone();
    let prof = profile.clone();
    let by = user.username.clone();
    let outcome = off_thread(move || async move {
        store
            .compute_period(&prof, date, true, &|_, _| {}, &by)
            .await
    })
    .await?
    .map_err(store_error)?;
    let report = &outcome.report;
    let plan = &outcome.plan;
    let changed: Vec<_> = report
        .rows
        .iter()
        .filter(|r| {
            r.rating_before != r.row.rating
                || r.status_before != r.row.status
                || !r.contributions.is_empty()
                || !r.notes.is_empty()
        })
        .collect();
    let (page, offset) = page_offset(query.page);
    let shown: Vec<_> = changed
        .iter()
        .skip(offset as usize)
        .take(PAGE_SIZE as usize)
        .collect();
    let event_names: Vec<&str> = report.events.iter().map(|e| e.name.as_str()).collect();
    let title = viewer.lang.pick(
        format!("Preview: list of {date} ({profile})"),
        format!("预览：{date} 名单（{profile}）"),
    );
    let date_text = date.to_string();
    Ok(layout::page(
        &viewer,
        &title,
        html! {
            h1 { (title) }
            p.notice role="note" {
                (viewer.t("Nothing has been written yet: check the changes below, then confirm.",
                          "尚未写入任何数据：请核对以下变化，然后确认。"))
            }
            dl.period {
                dt { (viewer.t("Period", "周期")) } dd { (plan.start) " – " (plan.end) }
                dt { (viewer.t("Starting list", "起始名单")) }
                dd { a href={ "/office/lists/" (plan.base_list_id) } { "#" (plan.base_list_id) " (" (plan.base_list_date) ")" } }
                dt { (viewer.t("Players on the list", "名单棋手")) } dd { (report.rows.len()) }
                dt { (viewer.t("Rows changed", "变化行数")) } dd.changed-rows { (outcome.changed_rows) }
                dt { (viewer.t("Games", "对局")) } dd { (outcome.games) }
            }
            h2 { (viewer.t("Events rated", "计算的赛事")) }
            @if report.events.is_empty() {
                p { (viewer.t("No event of this profile ends in the period.", "本周期内没有该规则的赛事。")) }
            } @else {
                ol.period-events {
                    @for (e, id) in report.events.iter().zip(&plan.event_ids) {
                        li data-event=(id) {
                            (e.name) " (" (e.date) ")"
                            @if let Some(rounds) = &e.rounds {
                                " — " (viewer.t("rounds", "轮次")) " "
                                (rounds.iter().map(u32::to_string).collect::<Vec<_>>().join(", "))
                            }
                            @for n in &e.notes { br; small { (n) } }
                        }
                    }
                }
            }
            form.confirm method="post" action="/office/period" {
                (layout::csrf_field(&viewer))
                input type="hidden" name="profile" value=(profile);
                input type="hidden" name="list_date" value=(date_text);
                button type="submit" {
                    (viewer.t("Confirm: compute and store the draft list", "确认：计算并保存草稿名单"))
                }
            }
            h2 { (viewer.t("Changes", "变化")) }
            div.table-wrap { table.preview {
                thead { tr {
                    th { (viewer.t("ID", "编号")) }
                    th { (viewer.t("Name", "姓名")) }
                    th { (viewer.t("Before", "原等级分")) }
                    th { (viewer.t("Events: N, W, We, K, ΔR", "赛事：N、W、We、K、ΔR")) }
                    th { "ΣΔR" }
                    th { (viewer.t("New rating", "新等级分")) }
                    th { (viewer.t("Games", "有效局数")) }
                    th { (viewer.t("Status", "状态")) }
                    th { (viewer.t("Notes", "说明")) }
                } }
                tbody {
                    @for r in &shown {
                        tr data-player=(r.row.id.0)
                           data-change=(r.change.map(|d| d.to_string()).unwrap_or_default())
                           data-rating=(opt_dec(r.row.rating)) {
                            td { (r.row.id.0) }
                            td { (r.row.name) }
                            td.num { (opt_dec(r.rating_before)) }
                            td {
                                @if !r.contributions.is_empty() {
                                    table.contributions {
                                        @for c in &r.contributions {
                                            tr data-event=(plan.event_ids.get(c.event).copied().unwrap_or(0))
                                               data-delta=(c.change.map(|d| d.to_string()).unwrap_or_default()) {
                                                td { (event_names.get(c.event).copied().unwrap_or("")) }
                                                td.num { "N=" (c.games) }
                                                td.num { "W=" (c.score) }
                                                td.num { "We=" (opt_dec(c.expected_score)) }
                                                td.num { "K=" @if let Some(k) = c.k { (k) } @else { "—" } }
                                                td.num.delta { "ΔR=" @if let Some(d) = c.change { (signed(d)) } @else { "—" } }
                                            }
                                        }
                                    }
                                }
                            }
                            td.num.sum { @if let Some(d) = r.change { (signed(d)) } }
                            td.num.rating { (opt_dec(r.row.rating)) }
                            td.num { (r.row.rated_games) }
                            td {
                                @if r.status_before != r.row.status {
                                    (status_label(&viewer, r.status_before.as_str())) " → "
                                }
                                (status_label(&viewer, r.row.status.as_str()))
                            }
                            td { (r.notes.join("; ")) }
                        }
                    }
                }
            } }
            (pager(&viewer, "/office/period",
                &[("profile", profile.as_str()), ("list_date", date_text.as_str())],
                page, changed.len() as u64))
        },
    ))
}

/// The confirmation form of a preview.
#[derive(Debug, Deserialize)]
struct PeriodForm {
    profile: String,
    list_date: String,
}

/// `POST /office/period`: computes and stores the draft list.
async fn confirm_period(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Form(form): Form<PeriodForm>,
) -> Result<Response, AppError> {
    officer(&user)?;
    let date = parse_date(&viewer, Some(&form.list_date))?;
    let store = state.store.clone();
    let profile = form.profile.trim().to_string();
    let by = user.username.clone();
    let outcome = off_thread(move || async move {
        store
            .compute_period(&profile, date, false, &|_, _| {}, &by)
            .await
    })
    .await?
    .map_err(store_error)?;
    let list_id = outcome
        .list_id
        .ok_or_else(|| AppError::Internal("the period stored no list".into()))?;
    Ok(Redirect::to(&format!("/office/lists/{list_id}")).into_response())
}

/// `POST /office/publish`.
async fn publish(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
) -> Result<Markup, AppError> {
    officer(&user)?;
    let p = state
        .store
        .publish(&user.username)
        .await
        .map_err(store_error)?;
    Ok(done_page(
        &viewer,
        viewer.t("List published", "名单已公布"),
        vec![viewer.lang.pick(
            format!(
                "List #{} of {} published: {} players (period #{}, audit entry #{}).",
                p.list_id, p.list_date, p.rows, p.period_id, p.audit_id
            ),
            format!(
                "{} 名单 #{} 已公布：棋手 {} 名（周期 #{}，审计记录 #{}）。",
                p.list_date, p.list_id, p.rows, p.period_id, p.audit_id
            ),
        )],
        Some((
            format!("/lists/{}", p.list_id),
            viewer.t("See the public list", "查看公开名单"),
        )),
    ))
}

/// `GET /office/lists/{id}`: any list, drafts included.
async fn office_list(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
    Query(query): Query<SearchQuery>,
) -> Result<Markup, AppError> {
    officer(&user)?;
    let info = state
        .store
        .lists()
        .await
        .map_err(store_error)?
        .into_iter()
        .find(|l| l.id == id)
        .ok_or(AppError::NotFound)?;
    let q = query.text();
    let cursor = Cursor::from_params(query.after.as_deref(), query.before.as_deref());
    let base = base_of(&state.store, id).await?;
    let page = list_rows(&state.store, id, base, q, &cursor).await?;
    let title = viewer.lang.pick(
        format!("List #{id} of {} ({})", info.list_date, info.status),
        format!(
            "{} 名单 #{id}（{}）",
            info.list_date,
            status_label(&viewer, &info.status)
        ),
    );
    let path = format!("/office/lists/{id}");
    Ok(layout::page(
        &viewer,
        &title,
        html! {
            h1 { (title) }
            @if info.status == "draft" {
                p.notice { (viewer.t("A draft: the public does not see it until it is published.",
                                     "草稿：公布之前公众看不到。")) }
                form method="post" action="/office/publish" {
                    (layout::csrf_field(&viewer))
                    button type="submit" { (viewer.t("Publish the latest draft list", "公布最新的草稿名单")) }
                }
            } @else {
                p { a href={ "/lists/" (id) } { (viewer.t("Public page of this list", "该名单的公开页面")) } }
            }
            form.search method="get" action=(path) role="search" {
                label { (viewer.t("Name, unit or ID", "姓名、单位或编号")) " "
                    input type="search" name="q" value=(q); }
                " " button type="submit" { (viewer.t("Search", "搜索")) }
            }
            (list_table(&viewer, &page.rows, base.is_some()))
            (list_pager(&viewer, &path, q, &page))
        },
    ))
}

/// `GET /office/audit`: the audit log, newest first.
async fn audit(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Query(query): Query<PageQuery>,
) -> Result<Markup, AppError> {
    officer(&user)?;
    let (page, offset) = page_offset(query.page);
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM audit_log")
        .fetch_one(state.store.pool())
        .await
        .map_err(db)?;
    let rows = sqlx::query(
        "SELECT id, at, action, subject, detail, hash, actor FROM audit_log \
         ORDER BY id DESC LIMIT $1 OFFSET $2",
    )
    .bind(PAGE_SIZE as i64)
    .bind(offset as i64)
    .fetch_all(state.store.pool())
    .await
    .map_err(db)?;
    let broken = state
        .store
        .verify_audit_chain()
        .await
        .map_err(store_error)?;
    let title = viewer.t("Audit log", "审计日志");
    Ok(layout::page(
        &viewer,
        title,
        html! {
            h1 { (title) }
            @match broken {
                None => p.chain-ok role="status" {
                    (viewer.t("The hash chain is whole: no entry was changed or removed.",
                              "哈希链完整：没有记录被修改或删除。"))
                },
                Some(id) => p.error role="alert" {
                    (viewer.lang.pick(
                        format!("The hash chain breaks at entry #{id}: the log was tampered with."),
                        format!("哈希链在第 #{id} 条记录处断开：日志被篡改。"),
                    ))
                },
            }
            div.table-wrap { table.audit {
                thead { tr {
                    th { "#" }
                    th { (viewer.t("When (UTC)", "时间（UTC）")) }
                    th { (viewer.t("Action", "操作")) }
                    th { (viewer.t("Subject", "对象")) }
                    th { (viewer.t("By", "操作人")) }
                    th { (viewer.t("Details", "详情")) }
                } }
                tbody {
                    @for r in &rows {
                        @let id: i64 = r.try_get("id").unwrap_or_default();
                        @let action: String = r.try_get("action").unwrap_or_default();
                        @let detail: String = r.try_get("detail").unwrap_or_default();
                        @let hash: String = r.try_get("hash").unwrap_or_default();
                        tr data-audit=(id) data-action=(action) {
                            td { (id) }
                            td { (r.try_get::<String, _>("at").unwrap_or_default()) }
                            td { (action_label(&viewer, &action)) }
                            td { (r.try_get::<String, _>("subject").unwrap_or_default()) }
                            td.actor { @match r.try_get::<Option<String>, _>("actor").ok().flatten() {
                                Some(by) => (by),
                                None => span.muted { (viewer.t("not recorded", "未记录")) },
                            } }
                            td { details {
                                summary { "SHA-256 " code { (hash.get(..12).unwrap_or(&hash)) } "…" }
                                pre { (pretty(&detail)) }
                            } }
                        }
                    }
                }
            } }
            (pager(&viewer, "/office/audit", &[], page, total as u64))
        },
    ))
}

fn action_label(viewer: &Viewer, action: &str) -> &'static str {
    match action {
        "import-list" => viewer.t("list imported", "导入名单"),
        "import-event" => viewer.t("event imported", "导入赛事"),
        "correction" => viewer.t("correction", "更正"),
        "compute-period" => viewer.t("period computed", "计算周期"),
        "publish" => viewer.t("list published", "公布名单"),
        _ => viewer.t("other", "其他"),
    }
}

/// A JSON detail indented (the text as stored when it is not JSON), cut at
/// 20,000 characters.
fn pretty(detail: &str) -> String {
    let text = serde_json::from_str::<serde_json::Value>(detail)
        .ok()
        .and_then(|v| serde_json::to_string_pretty(&v).ok())
        .unwrap_or_else(|| detail.to_string());
    match text.char_indices().nth(20_000) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text,
    }
}

/// The rows of a read rating list, each with its line in the file (the
/// header is line 1), as the store's import takes them.
pub(crate) fn list_entries(list: qiyuan_rating::period::RatingList) -> Vec<ListEntry> {
    list.into_rows()
        .into_iter()
        .enumerate()
        .map(|(i, row)| ListEntry { line: i + 2, row })
        .collect()
}
