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
//!   TOML, or a FIDE TRF), `profile`, and for a TRF `ids` (`start-rank`,
//!   `fide` or `map` with an `id_map` file: start rank → list id);
//! - `GET /office/period?profile=&list_date=&page=` — the preview: the
//!   period computed as a dry run, every changed row with each event's N, W,
//!   We, K and ΔR, ΣΔR, the new rating and status. Nothing is written;
//! - `POST /office/period` — confirms: the period is computed and stored as
//!   a draft list (audited);
//! - `GET /office/lists/{id}?q=&page=` — any list, drafts included;
//! - `POST /office/publish` — publishes the latest draft (audited);
//! - `GET /office/audit?page=` — the audit log, newest first, with the check
//!   of its hash chain;
//! - `GET /office/events/{id}/grades?table=` (and POST with a pasted
//!   table) — an imported event's grade report (等级晋升);
//! - `GET /office/titles?player=ID` — a player's title file (称号档案) from
//!   the events imported: per title, held, may apply, the routes (article)
//!   and the norms that count;
//! - `/office/submissions/{id}` (GET, and POST `…/import`, `…/refuse`) — a
//!   desk event submitted, reviewed, imported or refused.
//!
//! Multipart forms carry the CSRF token in the query (`?_csrf=`), the
//! others in the `_csrf` field (see [`crate::session`]).

use std::collections::HashMap;

use crate::i18n::Lang;
use axum::Router;
use axum::extract::{Form, Multipart, Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use chrono::NaiveDate;
use maud::{Markup, html};
use qiyuan_formats::rating_event::{self, PlayerIds};
use qiyuan_rating::period::Contribution;
use qiyuan_rating::profile::Profile;
use qiyuan_store::{ImportNotes, ListDiff, ListEntry, StoreError};
use qiyuan_vocab::Heading;
use serde::Deserialize;

use crate::AppState;
use crate::auth::{Role, SignedIn, User, Viewer, require_role};
use crate::error::AppError;
use crate::guard::heavy_async;
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
        .route("/office/lists/{id}/publish", post(publish_draft))
        .route("/office/lists/{id}/discard", post(discard_draft))
        .route("/office/lists/{id}/skip", post(skip_row))
        .route("/office/submissions/{id}", get(submission_page))
        .route("/office/submissions/{id}/import", post(import_submission))
        .route("/office/submissions/{id}/refuse", post(refuse_submission))
        .route("/office/audit", get(audit))
        .route("/office/titles", get(title_file_page))
        .route(
            "/office/events/{id}/grades",
            get(event_grades).post(event_grades_with_table),
        )
}

/// Officers and administrators pass.
fn officer(user: &User) -> Result<(), AppError> {
    require_role(user, &[Role::Officer])
}

/// `?page=`.
#[derive(Debug, Default, Deserialize)]
struct PageQuery {
    #[serde(default)]
    page: Option<u64>,
}

fn profile_select(viewer: &Viewer, selected: &str) -> Markup {
    html! {
        label { (viewer.t("Rating profile", "等级分规则")) " "
            select name="profile" required {
                @for name in Profile::builtin_names() {
                    option value=(name) selected[name == selected] { (crate::desk::profile_title(name, viewer.lang)) }
                }
            }
        }
    }
}

/// The list dates of every profile's calendar from `years` before this
/// year to next year, newest first: the choices of a list or period form.
/// Today (UTC).
fn today() -> NaiveDate {
    chrono::DateTime::<chrono::Utc>::from(std::time::SystemTime::now()).date_naive()
}

fn list_date_choices(years: i32) -> Vec<(&'static str, NaiveDate)> {
    use chrono::Datelike;
    let this_year = today().year();
    let mut out = Vec::new();
    for name in Profile::builtin_names() {
        let Ok(profile) = Profile::builtin(name) else {
            continue;
        };
        let mut dates: Vec<NaiveDate> = (this_year - years..=this_year + 1)
            .flat_map(|y| {
                profile.list.periods.iter().filter_map(move |p| {
                    NaiveDate::from_ymd_opt(y, p.published.month, p.published.day)
                })
            })
            .collect();
        dates.sort();
        dates.dedup();
        out.extend(dates.into_iter().rev().map(|d| (name, d)));
    }
    out
}

/// A select of `PROFILE|DATE` grouped by profile: the series and the list
/// date of one list, from the profile's own calendar (no date to guess).
fn series_date_select(viewer: &Viewer, name: &str, years: i32, selected: Option<&str>) -> Markup {
    let choices = list_date_choices(years);
    html! {
        label { (viewer.t("Series (rating profile) and list date", "名单系列（等级分规则）与名单日期")) " "
            select name=(name) required {
                @for profile in Profile::builtin_names() {
                    optgroup label=(crate::desk::profile_title(profile, viewer.lang)) {
                        @for (p, d) in choices.iter().filter(|(p, _)| *p == profile) {
                            @let value = format!("{p}|{d}");
                            option value=(value) selected[selected == Some(value.as_str())] { (d) " · " (p) }
                        }
                    }
                }
            }
        }
    }
}

/// `PROFILE|YYYY-MM-DD` of a series-and-date select, checked.
fn parse_series_date(viewer: &Viewer, text: Option<&str>) -> Result<(String, NaiveDate), AppError> {
    let text = text.map(str::trim).unwrap_or("");
    let bad = || {
        AppError::BadRequest(viewer.lang.pick(
            format!("`{text}` is not a series and list date: choose one from the list."),
            format!("“{text}”不是名单系列与日期：请从列表中选择。"),
        ))
    };
    let (series, date) = text.split_once('|').ok_or_else(bad)?;
    if Profile::builtin(series).is_err() {
        return Err(bad());
    }
    Ok((series.to_string(), parse_date(viewer, Some(date))?))
}

/// The columns a file may have, beside an upload field.
pub(crate) fn columns_help(viewer: &Viewer, who: qiyuan_formats::columns::ReadBy) -> Markup {
    use qiyuan_formats::columns::{COLUMNS, ReadBy};
    html! {
        details.columns-help {
            summary { (viewer.t("Columns read (English or Chinese headers, any order)", "可读取的列（中英文表头均可，顺序不限）")) }
            div.table-wrap { table.columns {
                thead { tr {
                    th { (viewer.t("Column", "列")) } th { (viewer.t("Headers", "表头")) } th { (viewer.t("What it holds", "含义")) }
                } }
                tbody {
                    @for d in COLUMNS.iter().filter(|d| d.read_by == ReadBy::Both || d.read_by == who || d.read_by == ReadBy::Nobody) {
                        tr data-column=(d.key) {
                            td { code { (d.key) } }
                            td { (d.zh.join("、")) " / " (d.en.join(", ")) }
                            td { (viewer.lang.pick(d.meaning_en, d.meaning_zh)) }
                        }
                    }
                }
            } }
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
    let upload_limit = state.config.limits.max_upload_bytes;
    let totals = state.store.totals().await.map_err(store_error)?;
    let mut lists = state.store.lists().await.map_err(store_error)?;
    lists.reverse();
    let has_draft = lists.iter().any(|l| l.status == "draft");
    let pending = state
        .store
        .submissions(Some("pending"))
        .await
        .map_err(|e| office_error(&viewer, e))?;
    let (page, offset) = page_offset(query.page);
    let events = state
        .store
        .events_page(PAGE_SIZE as u32, offset)
        .await
        .map_err(|e| office_error(&viewer, e))?;
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
                    label { (viewer.t("List file (CSV in UTF-8, GBK or Big5; or xlsx)", "名单文件（CSV：UTF-8、GBK 或 Big5；或 xlsx）")) " "
                        input type="file" name="file" accept=".csv,.xlsx,text/csv" required; }
                    " "
                    (series_date_select(&viewer, "series_date", 5, None))
                    " " button type="submit" { (viewer.t("Import as a draft", "导入为草稿")) }
                }
                p.hint { small { (viewer.t(
                    "The list is imported as a draft: check what it changes, then publish it. Nothing changes before.",
                    "名单先导入为草稿：核对变化后再公布。公布之前不会改变任何已有数据。")) } }
                (columns_help(&viewer, qiyuan_formats::columns::ReadBy::Lists))
                p.hint { small { (viewer.lang.pick(
                    format!("Uploads up to {}; for larger files use the command `qiyuan office import-list` (CSV or xlsx).",
                        crate::error::size_text(upload_limit, Lang::En)),
                    format!("上传文件不超过 {}；更大的文件请用命令 `qiyuan office import-list`（CSV 或 xlsx）。",
                        crate::error::size_text(upload_limit, Lang::Zh)),
                )) } }
                h2 { (viewer.t("Import event files", "导入赛事文件")) }
                form method="post" enctype="multipart/form-data"
                    action={ "/office/import-event" (csrf_q) } {
                    (layout::csrf_field(&viewer))
                    label { (viewer.t("Event files (JSON, TOML or FIDE TRF)", "赛事文件（JSON、TOML 或 FIDE TRF，可多选）")) " "
                        input type="file" name="file" accept=".json,.toml,.trf,.txt" multiple required; }
                    " " (profile_select(&viewer, "cxa-2019"))
                    fieldset.trf-ids {
                        legend { (viewer.t("A TRF's players are list ids by", "TRF 棋手对应名单编号的方式")) }
                        label { input type="radio" name="ids" value="" checked; " " (viewer.t("— (no TRF)", "—（无 TRF）")) } " "
                        label { input type="radio" name="ids" value="start-rank"; " " (viewer.t("their start ranks", "起始序号即编号")) } " "
                        label { input type="radio" name="ids" value="fide"; " " (viewer.t("their FIDE IDs", "FIDE ID 即编号")) } " "
                        label { input type="radio" name="ids" value="map"; " " (viewer.t("a mapping file:", "对照文件：")) " "
                            input type="file" name="id_map" accept=".csv,.xlsx"; }
                        p.hint { small { (viewer.t(
                            "A TRF numbers its players by start rank; the office rates them by list id. The mapping file has a start_rank (起始序号) and an id (编号) column.",
                            "TRF 以起始序号编排棋手，等级分按名单编号计算。对照文件含“起始序号”（start_rank）与“编号”（id）两列。")) } }
                    }
                    " " button type="submit" { (viewer.t("Import", "导入")) }
                }
                h2 { (viewer.t("Title file of a player", "棋手称号档案")) }
                form #title-file method="get" action="/office/titles" {
                    label { (viewer.t("List id", "编号")) " " input type="number" name="player" min="1" required; }
                    " " button type="submit" { (viewer.t("Open", "查看")) }
                }
                h2 { (viewer.t("Rating period", "等级分计算周期")) }
                form method="get" action="/office/period" {
                    (series_date_select(&viewer, "series_date", 1, None))
                    " " button type="submit" { (viewer.t("Preview the changes", "预览变化")) }
                }
            }
            @if !pending.is_empty() {
                h2 { (viewer.t("Events submitted by the desk", "裁判台报送的赛事")) }
                ul #submissions {
                    @for sub in &pending {
                        li data-submission=(sub.id) {
                            a href={ "/office/submissions/" (sub.id) } { (sub.name) }
                            " · " (sub.profile) " · " (sub.submitted_by) " · " (sub.submitted_at)
                        }
                    }
                }
            }
            h2 { (viewer.t("Rating lists", "等级分名单")) }
            @if has_draft {
                p.notice #drafts-waiting { (viewer.t("Draft lists wait for review: open one to check and publish it.",
                    "有草稿名单待审核：打开名单核对后公布。")) }
            }
            div.table-wrap { table.office-lists {
                thead { tr {
                    th { "#" }
                    th { (viewer.t("List date", "名单日期")) }
                    th { (viewer.t("Origin", "来源")) }
                    th { (viewer.t("Status", "状态")) }
                    th { (viewer.t("Series", "名单系列")) }
                } }
                tbody {
                    @for l in &lists {
                        tr data-list=(l.id) data-status=(l.status) {
                            td { (l.id) }
                            td { a href={ "/office/lists/" (l.id) } { (l.list_date) } }
                            td { @if l.origin == "computed" { (viewer.t("computed", "计算")) }
                                 @else { (viewer.t("imported", "导入")) } }
                            td { (status_label(&viewer, &l.status)) }
                            td { (l.series.as_deref().or(l.profile.as_deref()).unwrap_or("")) }
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
                    th { }
                } }
                tbody {
                    @for e in &events {
                        tr data-event=(e.id) {
                            td { (e.id) }
                            td { (e.name) }
                            td { (e.profile) }
                            td { @if let Some(d) = e.end { (d) } }
                            td.num { (e.players) }
                            td.num { (e.games) }
                            td { a href={ "/office/events/" (e.id) "/grades" } { (viewer.t("Grades", "等级晋升")) } }
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
    /// The `id_map` part (a TRF's start ranks → list ids), when one came.
    id_map: Option<(String, Vec<u8>)>,
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
    let mut id_map = None;
    let mut fields = HashMap::new();
    while let Some(field) = form.next_field().await.map_err(bad)? {
        let name = field.name().unwrap_or("").to_string();
        // Only the last part of the name the browser sent.
        let file_name = field
            .file_name()
            .unwrap_or("")
            .rsplit(['/', '\\'])
            .next()
            .unwrap_or("")
            .to_string();
        if name == "id_map" {
            let bytes = field.bytes().await.map_err(bad)?;
            if !bytes.is_empty() {
                id_map = Some((file_name, bytes.to_vec()));
            }
        } else if name == "file" {
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
    Ok(Upload {
        files,
        id_map,
        fields,
    })
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

/// `POST /office/import-list?_csrf=…` (multipart: `file`, `series_date`
/// as `PROFILE|YYYY-MM-DD`): the list becomes a draft of that series; the
/// answer is its preview.
async fn import_list(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    form: Multipart,
) -> Result<Response, AppError> {
    officer(&user)?;
    let mut up = read_upload(&viewer, form).await?;
    let (series, date) =
        parse_series_date(&viewer, up.fields.get("series_date").map(String::as_str))?;
    if up.files.len() > 1 {
        return Err(AppError::BadRequest(
            viewer
                .t("Import one list at a time.", "每次只能导入一份名单。")
                .into(),
        ));
    }
    let (file_name, bytes) = up.files.remove(0);
    let read = qiyuan_formats::list::read_list_rows(
        &bytes,
        &file_name,
        &qiyuan_formats::sheet::Limits::list(),
    )
    .map_err(|e| {
        AppError::BadRequest(viewer.lang.pick(
            format!("{e}; nothing was imported."),
            format!("{}；未导入任何数据。", e.text(Lang::Zh)),
        ))
    })?;
    let notes = ImportNotes {
        refused: read.refused.iter().map(Into::into).collect(),
        repeated: Vec::new(),
        // The store keeps the English (its notes are strings).
        warnings: read.warnings.iter().map(Into::into).collect(),
    };
    let entries: Vec<ListEntry> = read.rows.into_iter().map(Into::into).collect();
    let store = state.store.clone();
    let name = file_name.clone();
    let by = user.username.clone();
    let done = heavy_async(&state, move || async move {
        store
            .import_list(&name, &bytes, &series, date, &entries, notes, &|_| {}, &by)
            .await
    })
    .await?
    .map_err(|e| office_error(&viewer, e))?;
    Ok(Redirect::to(&format!("/office/lists/{}?imported=1", done.list_id)).into_response())
}

/// A refusal of the store in the visitor's language: the office's own
/// refusals are worded in both; a database failure stays an internal error.
pub(crate) fn office_error(viewer: &Viewer, e: StoreError) -> AppError {
    refusal(viewer.lang, e)
}

/// A refusal of the store in `lang` (see [`office_error`]), in the store's
/// own words ([`StoreError::text`]); the desk's pages word the store's
/// refusals the same way.
pub(crate) fn refusal(lang: Lang, e: StoreError) -> AppError {
    use StoreError as E;
    let text = match &e {
        E::Connect { .. } | E::Migrate(_) | E::Db(_) | E::Io { .. } | E::Corrupt { .. } => {
            return store_error(e);
        }
        _ => e.text(lang),
    };
    AppError::BadRequest(text)
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
    let ids = trf_player_ids(&viewer, &up)?;
    let game = qiyuan_rating::profile::Profile::builtin(&profile)
        .map(|p| p.game)
        .map_err(|e| refusal(viewer.lang, StoreError::Profile(e)))?;
    // Files that are not text are refused one by one; the others go to the
    // store in one batch (one transaction, one audit entry). A TRF becomes
    // an event file first, its players named by list id as asked.
    let mut lines = Vec::new();
    let mut notes = Vec::new();
    let mut conditions = Vec::new();
    let mut texts = Vec::new();
    for (name, bytes) in up.files {
        match String::from_utf8(bytes) {
            Ok(t) if rating_event::looks_like_trf(&name, &t) => {
                match trf_event(&viewer, &name, &t, game, ids.as_ref()) {
                    Ok((json, said)) => {
                        let colon = viewer.t(": ", "：");
                        notes.extend(
                            said.iter()
                                .map(|n| format!("{name}{colon}{}", n.text(viewer.lang))),
                        );
                        texts.push((name, json));
                    }
                    Err(refusal) => lines.push((false, refusal)),
                }
            }
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
    let results = heavy_async(&state, move || async move {
        let refs: Vec<(&str, &str)> = batch
            .iter()
            .map(|(n, t)| (n.as_str(), t.as_str()))
            .collect();
        store.import_events(&refs, &prof, &|_| {}, &by).await
    })
    .await?
    .map_err(store_error)?;
    for (result, (file, _)) in results.into_iter().zip(&texts) {
        if let Ok(done) = &result {
            for c in &done.unmet_conditions {
                conditions.push(viewer.lang.pick(
                    format!("{file}: {}", c.warning()),
                    format!("{file}：{}", c.warning_zh()),
                ));
            }
        }
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
            Err(e) => (
                false,
                match refusal(viewer.lang, e) {
                    AppError::BadRequest(m) | AppError::Conflict(m) => m,
                    other => other.to_string(),
                },
            ),
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
    let note = viewer.t("Not carried from the TRF", "TRF 中未带入");
    let unmet = viewer.t(
        "Rated-event condition not met (the event is rated all the same)",
        "未满足等级分赛条件（仍计算等级分）",
    );
    let colon = viewer.t(": ", "：");
    Ok(done_page(
        &viewer,
        &title,
        lines
            .into_iter()
            .map(|(ok, l)| if ok { l } else { format!("⚠ {l}") })
            .chain(
                conditions
                    .into_iter()
                    .map(|c| format!("⚠ {unmet}{colon}{c}")),
            )
            .chain(notes.into_iter().map(|n| format!("{note}{colon}{n}")))
            .collect(),
        None,
    )
    .into_response())
}

/// How the TRFs of an upload name their players (the `ids` field:
/// `start-rank`, `fide`, or `map` with the `id_map` file); `None` when the
/// field is empty (event files name list ids already).
fn trf_player_ids(viewer: &Viewer, up: &Upload) -> Result<Option<PlayerIds>, AppError> {
    let choice = up.fields.get("ids").map_or("", |s| s.trim());
    Ok(match choice {
        "" => None,
        "start-rank" => Some(PlayerIds::StartRank),
        "fide" => Some(PlayerIds::FideId),
        "map" => {
            let Some((name, bytes)) = &up.id_map else {
                return Err(AppError::BadRequest(viewer.t(
                    "Choose the mapping file (start_rank,id) that gives each start rank its list id.",
                    "请选择对照文件（起始序号,编号），为每个起始序号给出名单编号。",
                ).into()));
            };
            let map = rating_event::read_id_map(bytes, name).map_err(|e| {
                AppError::BadRequest(viewer.lang.pick(e.to_string(), e.text(Lang::Zh)))
            })?;
            Some(PlayerIds::Map(map))
        }
        other => {
            return Err(AppError::BadRequest(viewer.lang.pick(
                format!(
                    "`{other}` is not a way of naming a TRF's players (start-rank, fide, map)."
                ),
                format!("“{other}”不是 TRF 棋手编号的方式（start-rank、fide、map）。"),
            )));
        }
    })
}

/// A TRF upload as an event file (JSON) and the notes of what it did not
/// carry; or the refusal, naming the file, in the visitor's language.
fn trf_event(
    viewer: &Viewer,
    name: &str,
    text: &str,
    game: qiyuan_rating::model::GameKind,
    ids: Option<&PlayerIds>,
) -> Result<(String, Vec<rating_event::TrfNote>), String> {
    let Some(ids) = ids else {
        return Err(viewer.lang.pick(
            format!("{name}: a TRF numbers its players by start rank, not by list id: choose how they become list ids (start ranks, FIDE IDs or a mapping file)."),
            format!("{name}：TRF 按起始序号编排棋手，不是名单编号：请选择如何对应名单编号（起始序号、FIDE ID 或对照文件）。"),
        ));
    };
    let file = qiyuan_formats::trf::parse_trf(text).map_err(|e| {
        viewer.lang.pick(
            format!("{name}: {e}"),
            format!("{name}：不是可读的 TRF 文件：{}", e.text(Lang::Zh)),
        )
    })?;
    let options = rating_event::TrfOptions {
        game,
        system: None,
        sex: None,
        ids: ids.clone(),
        fallback_name: name.to_string(),
    };
    let done = rating_event::from_trf(&file, &options).map_err(|e| {
        let zh = e.text(Lang::Zh);
        viewer
            .lang
            .pick(format!("{name}: {e}"), format!("{name}：{zh}"))
    })?;
    let json =
        qiyuan_formats::event::write_event(&done.event, qiyuan_formats::event::EventFormat::Json);
    Ok((json, done.notes))
}

/// `?profile=&list_date=&page=` of the preview.
#[derive(Debug, Default, Deserialize)]
struct PeriodQuery {
    /// `PROFILE|YYYY-MM-DD` from the dashboard's form.
    #[serde(default)]
    series_date: Option<String>,
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
    let (profile, date) = match (&query.series_date, &query.profile) {
        (Some(sd), _) => parse_series_date(&viewer, Some(sd))?,
        (None, Some(p)) if !p.trim().is_empty() => (
            p.trim().to_string(),
            parse_date(&viewer, query.list_date.as_deref())?,
        ),
        _ => {
            return Err(AppError::BadRequest(
                viewer
                    .t("Choose a series and list date.", "请选择名单系列与日期。")
                    .into(),
            ));
        }
    };
    let store = state.store.clone();
    let prof = profile.clone();
    let by = user.username.clone();
    let outcome = heavy_async(&state, move || async move {
        store
            .compute_period(&prof, date, true, &|_, _| {}, &by)
            .await
    })
    .await?
    .map_err(|e| office_error(&viewer, e))?;
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
                            @for n in &e.notes { br; small { (n.text(viewer.lang)) } }
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
                    th { (Heading::ListId.label(viewer.lang)) }
                    th { (Heading::Name.label(viewer.lang)) }
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
                                        @for Contribution { event, figures: c } in &r.contributions {
                                            tr data-event=(plan.event_ids.get(*event).copied().unwrap_or(0))
                                               data-delta=(c.change.map(|d| d.to_string()).unwrap_or_default()) {
                                                td { (event_names.get(*event).copied().unwrap_or("")) }
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
                            td { (r.notes.iter().map(|n| n.text(viewer.lang)).collect::<Vec<_>>().join("; ")) }
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
    let outcome = heavy_async(&state, move || async move {
        store
            .compute_period(&profile, date, false, &|_, _| {}, &by)
            .await
    })
    .await?
    .map_err(|e| office_error(&viewer, e))?;
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
    let store = state.store.clone();
    let by = user.username.clone();
    // Publication goes through the job slots like the imports: it copies a
    // whole list (tens of thousands of rows) in one transaction. Nothing is
    // lost by that: a request refused as busy has written nothing (the draft
    // stays, the officer sends it again), and one that outlives the job
    // timeout still publishes on its thread.
    let p = heavy_async(&state, move || async move { store.publish(&by).await })
        .await?
        .map_err(|e| office_error(&viewer, e))?;
    Ok(published_page(&viewer, &p))
}

fn published_page(viewer: &Viewer, p: &qiyuan_store::PublishOutcome) -> Markup {
    let from = match p.period_id {
        Some(period) => viewer
            .lang
            .pick(format!("period #{period}"), format!("周期 #{period}")),
        None => viewer.t("imported", "导入").to_string(),
    };
    done_page(
        viewer,
        viewer.t("List published", "名单已公布"),
        vec![viewer.lang.pick(
            format!(
                "List #{} of {} published: {} players ({from}, audit entry #{}).",
                p.list_id, p.list_date, p.rows, p.audit_id
            ),
            format!(
                "{} 名单 #{} 已公布：棋手 {} 名（{from}，审计记录 #{}）。",
                p.list_date, p.list_id, p.rows, p.audit_id
            ),
        )],
        Some((
            format!("/lists/{}", p.list_id),
            viewer.t("See the public list", "查看公开名单"),
        )),
    )
}

/// The publication form of a draft: `confirm_identity` when a person has
/// checked the identity changes.
#[derive(Debug, Default, Deserialize)]
struct PublishForm {
    #[serde(default)]
    confirm_identity: Option<String>,
}

/// `POST /office/lists/{id}/publish`.
async fn publish_draft(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
    Form(form): Form<PublishForm>,
) -> Result<Markup, AppError> {
    officer(&user)?;
    let store = state.store.clone();
    let by = user.username.clone();
    let confirm = form.confirm_identity.is_some();
    // Through the job slots, as `publish` explains.
    let p = heavy_async(&state, move || async move {
        store.publish_list(id, confirm, &by).await
    })
    .await?
    .map_err(|e| office_error(&viewer, e))?;
    Ok(published_page(&viewer, &p))
}

/// `POST /office/lists/{id}/discard`.
async fn discard_draft(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
) -> Result<Markup, AppError> {
    officer(&user)?;
    let audit = state
        .store
        .discard_list(id, &user.username)
        .await
        .map_err(|e| office_error(&viewer, e))?;
    Ok(done_page(
        &viewer,
        viewer.t("Draft discarded", "草稿已放弃"),
        vec![viewer.lang.pick(
            format!("Draft list #{id} discarded (audit entry #{audit})."),
            format!("草稿名单 #{id} 已放弃（审计记录 #{audit}）。"),
        )],
        None,
    ))
}

#[derive(Debug, Deserialize)]
struct SkipForm {
    player: u32,
}

/// `POST /office/lists/{id}/skip`: one row left out of a draft.
async fn skip_row(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
    Form(form): Form<SkipForm>,
) -> Result<Response, AppError> {
    officer(&user)?;
    state
        .store
        .skip_draft_row(id, form.player, &user.username)
        .await
        .map_err(|e| office_error(&viewer, e))?;
    Ok(Redirect::to(&format!("/office/lists/{id}")).into_response())
}

/// `GET /office/submissions/{id}`: a desk event submitted, reviewed
/// before import.
async fn submission_page(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
) -> Result<Markup, AppError> {
    officer(&user)?;
    let l = viewer.lang;
    let sub = state
        .store
        .submission(id)
        .await
        .map_err(|e| office_error(&viewer, e))?;
    let new = sub.players.iter().filter(|p| p.is_new()).count();
    let mismatched = sub.players.iter().filter(|p| p.mismatch()).count();
    let title = l.pick(
        format!("Submitted event: {}", sub.name),
        format!("报送的赛事：{}", sub.name),
    );
    Ok(layout::page(
        &viewer,
        &title,
        html! {
            h1 { (title) }
            dl.period {
                dt { (viewer.t("Rating profile", "等级分规则")) } dd { (sub.profile) }
                dt { (viewer.t("Submitted by", "报送人")) } dd { (sub.submitted_by) " · " (sub.submitted_at) }
                dt { (viewer.t("Games", "对局")) } dd { (sub.games) }
                dt { (viewer.t("Players", "棋手")) } dd { (sub.players.len()) }
                dt { (viewer.t("New players to enter", "需新录入的棋手")) } dd #new-players { (new) }
                dt { (viewer.t("Names that differ from the office's", "与记录姓名不符")) } dd #mismatches { (mismatched) }
            }
            div.table-wrap { table #submitted-players {
                thead { tr {
                    th { (Heading::PairingNumber.label(viewer.lang)) } th { (viewer.t("Name at the desk", "裁判台姓名")) }
                    th { (viewer.t("Sex", "性别")) }
                    th { (viewer.t("List ID", "名单编号")) } th { (viewer.t("The office's record", "等级分管理记录")) }
                } }
                tbody { @for p in &sub.players {
                    tr data-number=(p.number) class=[p.mismatch().then_some("warning")] {
                        td { (p.number) } td { (p.name) }
                        td { @match p.sex.as_deref().or(p.office_sex.as_deref()) {
                            Some(sex) => (crate::public::sex_label(&viewer, sex)),
                            None => (viewer.t("not recorded", "未登记")),
                        } }
                        td { @if let Some(i) = p.list_id { (i) } @else { "—" } }
                        td {
                            @if p.is_new() {
                                (viewer.t("new: entered as an unrated player", "新棋手：录入为无等级分棋手"))
                            } @else {
                                (p.office_name.as_deref().unwrap_or(""))
                                @if p.mismatch() { " " strong { (viewer.t("— a different name or sex: is the id right?", "——姓名或性别不同：编号是否正确？")) } }
                            }
                        }
                    }
                } }
            } }
            @if sub.status == "pending" {
                div.forms.no-print {
                    form #import-submission method="post" action={ "/office/submissions/" (id) "/import" } {
                        (layout::csrf_field(&viewer))
                        @if new > 0 {
                            label { input type="checkbox" name="confirm_new" value="1" required;
                                " " (l.pick(format!("Enter the {new} new player(s) as unrated players."),
                                    format!("将上述 {new} 名新棋手录入为无等级分棋手。"))) }
                        }
                        button type="submit" { (viewer.t("Import the event", "导入赛事")) }
                    }
                    form #refuse-submission method="post" action={ "/office/submissions/" (id) "/refuse" } {
                        (layout::csrf_field(&viewer))
                        label { (viewer.t("Why (for the arbiter)", "退回原因（告知裁判）"))
                            input type="text" name="note" required maxlength="500"; }
                        button.secondary type="submit" { (viewer.t("Refuse", "退回")) }
                    }
                }
            } @else {
                p #submission-status { @match sub.status.as_str() {
                    "imported" => (l.pick(
                        format!("Imported as event #{} by {}.", sub.office_event_id.unwrap_or(0), sub.decided_by.as_deref().unwrap_or("")),
                        format!("已由 {} 导入为赛事 #{}。", sub.decided_by.as_deref().unwrap_or(""), sub.office_event_id.unwrap_or(0)))),
                    _ => (l.pick(
                        format!("Refused by {}: {}", sub.decided_by.as_deref().unwrap_or(""), sub.note.as_deref().unwrap_or("")),
                        format!("已由 {} 退回：{}", sub.decided_by.as_deref().unwrap_or(""), sub.note.as_deref().unwrap_or("")))),
                } }
            }
        },
    ))
}

#[derive(Debug, Default, Deserialize)]
struct ImportSubmissionForm {
    #[serde(default)]
    confirm_new: Option<String>,
}

/// `POST /office/submissions/{id}/import`.
async fn import_submission(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
    Form(form): Form<ImportSubmissionForm>,
) -> Result<Markup, AppError> {
    officer(&user)?;
    let sub = state
        .store
        .submission(id)
        .await
        .map_err(|e| office_error(&viewer, e))?;
    if sub.players.iter().any(|p| p.is_new()) && form.confirm_new.is_none() {
        return Err(AppError::BadRequest(
            viewer
                .t(
                    "Confirm that the new players are to be entered.",
                    "请确认录入新棋手。",
                )
                .into(),
        ));
    }
    let store = state.store.clone();
    let by = user.username.clone();
    let done = heavy_async(&state, move || async move {
        store.import_submission(id, &by).await
    })
    .await?
    .map_err(|e| office_error(&viewer, e))?;
    Ok(done_page(
        &viewer,
        viewer.t("Event imported", "赛事已导入"),
        vec![viewer.lang.pick(
            format!(
                "Event #{} “{}” imported: {} players, {} games; audit entry #{}.",
                done.event_id, done.name, done.players, done.games, done.audit_id
            ),
            format!(
                "赛事 #{}“{}”已导入：棋手 {} 名，对局 {} 盘；审计记录 #{}。",
                done.event_id, done.name, done.players, done.games, done.audit_id
            ),
        )],
        None,
    ))
}

#[derive(Debug, Deserialize)]
struct RefuseForm {
    note: String,
}

/// `POST /office/submissions/{id}/refuse`.
async fn refuse_submission(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
    Form(form): Form<RefuseForm>,
) -> Result<Response, AppError> {
    officer(&user)?;
    let note = form.note.trim();
    if note.is_empty() {
        return Err(AppError::BadRequest(
            viewer
                .t("Say why, for the arbiter.", "请写明退回原因。")
                .into(),
        ));
    }
    state
        .store
        .refuse_submission(id, note, &user.username)
        .await
        .map_err(|e| office_error(&viewer, e))?;
    Ok(Redirect::to(&format!("/office/submissions/{id}")).into_response())
}

/// What a draft changes, before its publication.
fn draft_review(viewer: &Viewer, diff: &ListDiff) -> Markup {
    let l = viewer.lang;
    let id = diff.list_id;
    let field_name = |f: &str| match f {
        "name" => viewer.t("name", "姓名"),
        "sex" => viewer.t("sex", "性别"),
        "birth" => viewer.t("year of birth", "出生年份"),
        "titles" => viewer.t("titles", "称号"),
        _ => viewer.t("other", "其他"),
    };
    let sex = |s: &str| crate::public::sex_label(viewer, s).to_string();
    html! {
        section #draft-review {
            h2 { (viewer.t("Review before publication", "公布前核对")) }
            dl.period {
                dt { (viewer.t("Series", "名单系列")) } dd { (diff.series.as_deref().unwrap_or("—")) }
                dt { (viewer.t("Compared with", "对比名单")) }
                dd { @match diff.previous {
                    Some((pid, pdate)) => a href={ "/office/lists/" (pid) } { "#" (pid) " (" (pdate) ")" },
                    None => (viewer.t("no earlier published list of this series", "该系列此前没有已公布的名单")),
                } }
                dt { (viewer.t("New players", "新棋手")) } dd #new-count { (diff.new.len()) }
                dt { (viewer.t("Identity changes to confirm", "需确认的身份变更")) } dd #identity-count { (diff.identity_changes.len()) }
                dt { (viewer.t("Unit changed only", "仅单位变更")) } dd { (diff.unit_changes) }
                dt { (viewer.t("Unchanged", "未变")) } dd #unchanged-count { (diff.unchanged) }
                dt { (viewer.t("Not on this list (were on the previous)", "上一份名单有、本名单没有")) } dd { (diff.dropped.len()) }
            }
            @if !diff.identity_changes.is_empty() {
                h3 { (viewer.t("Identity changes", "身份变更")) }
                p.warning { (viewer.t(
                    "A list must not silently change who a player is: check every change below. Is it the same person?",
                    "名单不得悄然改变编号所指的棋手：请逐条核对以下变更——是否同一个人？")) }
                div.table-wrap { table #identity-changes {
                    thead { tr {
                        th { (Heading::ListId.label(viewer.lang)) } th { (viewer.t("What changes", "变更项")) }
                        th { (viewer.t("Now", "现有")) } th { (viewer.t("This list", "本名单")) } th.no-print { }
                    } }
                    tbody { @for c in &diff.identity_changes { tr data-player=(c.id) {
                        td { (c.id) }
                        td { (c.fields.iter().map(|f| field_name(f)).collect::<Vec<_>>().join(l.t(", ", "、"))) }
                        td { (c.before.name) " · " (sex(&c.before.sex)) @if let Some(b) = &c.before.birth { " · " (b) } @if !c.before.titles.is_empty() { " · " (c.before.titles) } }
                        td.changed { (c.after.name) " · " (sex(&c.after.sex)) @if let Some(b) = &c.after.birth { " · " (b) } @if !c.after.titles.is_empty() { " · " (c.after.titles) } }
                        td.no-print { (skip_button(viewer, id, c.id)) }
                    } } }
                } }
            }
            @if !diff.duplicates.is_empty() {
                h3 { (viewer.t("Possible duplicates (one name and year of birth, several ids)", "疑似重复（同名同出生年份、不同编号）")) }
                ul #duplicates { @for d in &diff.duplicates {
                    li { (d.name) " (" (d.birth) "): "
                        @for pid in &d.ids { (pid) " " (skip_button(viewer, id, *pid)) " " }
                    }
                } }
            }
            @if !diff.notes.refused.is_empty() || !diff.notes.repeated.is_empty() {
                h3 { (viewer.t("Rows left out of the draft", "未纳入草稿的行")) }
                ul #left-out {
                    @for r in &diff.notes.refused {
                        li { (l.pick(format!("line {}", r.line), format!("第 {} 行", r.line))) " "
                             (r.name) ": " @if let Some(c) = &r.column { code { (c) } " " } (r.message.text(l)) }
                    }
                    @for r in &diff.notes.repeated {
                        li { (l.pick(
                            format!("id {} repeats on line(s) {}: line {} is kept", r.id,
                                r.skipped_lines.iter().map(usize::to_string).collect::<Vec<_>>().join(", "), r.kept_line),
                            format!("编号 {} 在第 {} 行重复出现：保留第 {} 行", r.id,
                                r.skipped_lines.iter().map(usize::to_string).collect::<Vec<_>>().join("、"), r.kept_line),
                        )) }
                    }
                }
            }
            @for w in &diff.notes.warnings { p.muted { "⚠ " (w.text(l)) } }
            div.forms.no-print {
                form #publish-draft method="post" action={ "/office/lists/" (id) "/publish" } {
                    (layout::csrf_field(viewer))
                    @if !diff.identity_changes.is_empty() {
                        label { input type="checkbox" name="confirm_identity" value="1" required;
                            " " (l.pick(
                                format!("I have checked the {} identity change(s): they are right.", diff.identity_changes.len()),
                                format!("我已核对上述 {} 处身份变更，确认无误。", diff.identity_changes.len()),
                            )) }
                    }
                    button type="submit" { (viewer.t("Publish this list", "公布此名单")) }
                }
                form #discard-draft method="post" action={ "/office/lists/" (id) "/discard" } {
                    (layout::csrf_field(viewer))
                    button.secondary type="submit" { (viewer.t("Discard the draft", "放弃草稿")) }
                }
            }
        }
    }
}

fn skip_button(viewer: &Viewer, list: i64, player: u32) -> Markup {
    html! {
        form.inline method="post" action={ "/office/lists/" (list) "/skip" } {
            (layout::csrf_field(viewer))
            input type="hidden" name="player" value=(player);
            button.secondary type="submit" data-skip=(player) { (viewer.t("leave out", "不纳入")) }
        }
    }
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
    let diff = if info.status == "draft" {
        Some(
            state
                .store
                .list_diff(id)
                .await
                .map_err(|e| office_error(&viewer, e))?,
        )
    } else {
        None
    };
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
                @if let Some(diff) = &diff { (draft_review(&viewer, diff)) }
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

/// `?player=ID` of the title file.
#[derive(Debug, Deserialize)]
struct TitleFileQuery {
    #[serde(default)]
    player: String,
}

/// `GET /office/titles?player=ID`: a player's title file (称号档案) — the
/// norms and placement titles of the events the office imported, gathered
/// under the title rules of his latest event's profile; for each title of
/// the ladder, whether he holds it, may apply, by which route (article),
/// and what is still missing (cca-chess 第二条, 六; cxa-legacy 六).
async fn title_file_page(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Query(q): Query<TitleFileQuery>,
) -> Result<Markup, AppError> {
    use qiyuan_rating::titles::{self, RouteKind, TitleRules};
    officer(&user)?;
    let l = viewer.lang;
    let id: u32 = q.player.trim().parse().map_err(|_| {
        AppError::BadRequest(l.pick(
            format!("`{}` is not a list id.", q.player.trim()),
            format!("“{}”不是名单编号。", q.player.trim()),
        ))
    })?;
    let history = state.store.player_history(id).await.map_err(|e| match e {
        StoreError::NoSuchPlayer(_) => AppError::NotFound,
        other => office_error(&viewer, other),
    })?;
    let stored = state
        .store
        .player_events(id)
        .await
        .map_err(|e| office_error(&viewer, e))?;
    let mut events = Vec::new();
    for ev in &stored {
        let event = ev.read().map_err(|e| office_error(&viewer, e))?;
        let profile = Profile::builtin(&ev.profile)
            .map_err(|e| office_error(&viewer, StoreError::Profile(e)))?;
        events.push((event, profile));
    }
    // The rules of the latest event's profile; the events rated under
    // profiles with the same rules count. No event: no file.
    let report = match events.last() {
        None => None,
        Some((_, latest)) => {
            let rules = TitleRules::for_profile(latest)
                .map_err(|e| office_error(&viewer, StoreError::Profile(e)))?;
            let mut reports = Vec::new();
            for (event, profile) in &events {
                if TitleRules::for_profile(profile).is_ok_and(|r| r.name == rules.name) {
                    let report = titles::event_titles(event, profile)
                        .map_err(|e| office_error(&viewer, StoreError::Rating(e.to_string())))?;
                    reports.push((event, report));
                }
            }
            let pairs: Vec<_> = reports.iter().map(|(e, r)| (*e, r)).collect();
            let rating = history.lists.iter().rev().find_map(|line| line.rating);
            let held: Vec<String> = history.titles.iter().map(|(t, _)| t.clone()).collect();
            titles::title_file_from_events(qiyuan_rating::model::PlayerId(id), &pairs, rating, held)
                .map(|f| (titles::title_file(&rules, &f, today()), f.placements, rules))
        }
    };
    let yes_no = |b: bool| {
        if b {
            l.t("yes", "是")
        } else {
            l.t("no", "否")
        }
    };
    let route_name = |k: RouteKind| match k {
        RouteKind::Placement => l.t("placement", "名次"),
        RouteKind::Norms => l.t("norms", "称号标准"),
        _ => l.t("other", "其他"),
    };
    Ok(layout::page(
        &viewer,
        l.t("Title file", "称号档案"),
        html! {
            h1 { (l.t("Title file", "称号档案")) ": " (history.name) " (" (id) ")" }
            @match &report {
                None => p #title-file-empty { (l.t("The office has imported no event of this player.", "等级分管理尚未导入该棋手的任何赛事。")) },
                Some((r, places, rules)) => {
                    p.muted {
                        (l.pick(
                            format!("Rules {}; on {}, results after {} count; rating {}.", r.rules, r.date, r.oldest, r.rating.map_or("—".to_string(), |x| x.to_string())),
                            format!("称号规则 {}；截至 {}，{} 之后的成绩有效；等级分 {}。", r.rules, r.date, r.oldest, r.rating.map_or("—".to_string(), |x| x.to_string())),
                        ))
                    }
                    div.table-wrap { table #title-file {
                        thead { tr {
                            th { (l.t("Title", "称号")) } th { (l.t("Held", "已获")) } th { (l.t("May apply", "可申请")) }
                            th { (l.t("Routes", "途径")) } th { (l.t("Still missing", "尚缺")) }
                            th { (l.t("Norms counted", "有效称号标准")) }
                        } }
                        tbody { @for t in &r.titles {
                            tr data-title=(t.title) data-eligible=(t.eligible) {
                                td { (t.name) }
                                td { (yes_no(t.held)) }
                                td { @if t.eligible { strong { (yes_no(true)) } } @else { (yes_no(false)) } }
                                td { @for x in &t.routes {
                                    @if x.met || x.kind != RouteKind::Placement {
                                        (if x.met { "✓ " } else { "✗ " }) (route_name(x.kind)) " (" (x.article) ")"
                                        br;
                                    }
                                } }
                                td.missing { @for g in &t.gaps { (g.text(l)) br; } }
                                td { @for n in &t.norms_used { (n.event) " · " (n.date) br; } }
                            }
                        } }
                    } }
                    h2 { (l.t("Titles by placement", "名次称号")) }
                    @if places.is_empty() {
                        p #title-file-no-places { (l.t("No place in the imported events gives a title.", "已导入的赛事中没有获得名次称号的名次。")) }
                    } @else {
                        div.table-wrap { table #title-file-places {
                            thead { tr {
                                th { (l.t("Event", "赛事")) } th { (l.t("Date", "日期")) } th { (l.t("Title", "称号")) }
                                th { (l.t("By", "依据")) } th { (l.t("Article", "条款")) }
                            } }
                            tbody { @for x in places { tr data-title=(x.title) {
                                td { (x.event) } td { (x.date) }
                                td { (crate::desk::reports::title_text(rules, &x.title, l)) }
                                td { (crate::desk::reports::placement_basis_text(&x.basis, l)) }
                                td { (x.article) }
                            } } }
                        } }
                    }
                }
            }
        },
    ))
}

/// `?table=` of an imported event's grade report.
#[derive(Debug, Default, Deserialize)]
struct GradeQuery {
    #[serde(default)]
    table: Option<String>,
}

/// The form of `POST /office/events/{id}/grades`: the federation's table.
#[derive(Debug, Deserialize)]
struct GradeTableForm {
    #[serde(default)]
    toml: String,
}

/// `GET /office/events/{id}/grades?table=`: an imported event's grade
/// report (等级晋升), as the desk's tab shows it.
async fn event_grades(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
    Query(q): Query<GradeQuery>,
) -> Result<Markup, AppError> {
    event_grades_page(state, viewer, user, id, q.table, None).await
}

/// `POST /office/events/{id}/grades`: the same under a pasted table.
async fn event_grades_with_table(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
    Form(f): Form<GradeTableForm>,
) -> Result<Markup, AppError> {
    event_grades_page(state, viewer, user, id, None, Some(f.toml)).await
}

async fn event_grades_page(
    state: AppState,
    viewer: Viewer,
    user: User,
    id: i64,
    table: Option<String>,
    own: Option<String>,
) -> Result<Markup, AppError> {
    use crate::desk::reports::{choose_grade_table, grade_report_markup, own_table_form};
    officer(&user)?;
    let l = viewer.lang;
    let stored = state
        .store
        .event(id)
        .await
        .map_err(|e| office_error(&viewer, e))?
        .ok_or(AppError::NotFound)?;
    let event = stored.read().map_err(|e| office_error(&viewer, e))?;
    let default = match event.game() {
        qiyuan_rating::model::GameKind::Xiangqi => "cxa",
        _ => "cca-chess",
    };
    let (table, name) = choose_grade_table(l, default, table.as_deref(), own.as_deref())?;
    let report = qiyuan_rating::grades::grade_report(&event, &table);
    Ok(layout::page(
        &viewer,
        l.t("Grades", "等级晋升"),
        html! {
            h1 { (stored.name) " — " (l.t("Grades", "等级晋升")) }
            (grade_report_markup(l, &table, &name, &report))
            (own_table_form(&viewer, &format!("/office/events/{id}/grades"), own.as_deref()))
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
    let (total, rows) = state
        .store
        .audit_page(PAGE_SIZE as u32, offset)
        .await
        .map_err(store_error)?;
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
                    th { (viewer.t("When", "时间")) }
                    th { (viewer.t("Action", "操作")) }
                    th { (viewer.t("Subject", "对象")) }
                    th { (viewer.t("By", "操作人")) }
                    th { (viewer.t("Details", "详情")) }
                } }
                tbody {
                    @for r in &rows {
                        @let action = r.action.as_str();
                        @let hash = &r.hash;
                        tr data-audit=(r.id) data-action=(action) {
                            td { (r.id) }
                            td { (crate::layout::local_time(&r.at, state.config.utc_offset_minutes)) }
                            td { (action_label(&viewer, action)) }
                            td { (r.subject) }
                            td.actor { @match &r.by {
                                Some(by) => (by),
                                None => span.muted { (viewer.t("not recorded", "未记录")) },
                            } }
                            td { details {
                                summary { "SHA-256 " code { (hash.get(..12).unwrap_or(hash)) } "…" }
                                pre { (pretty(&r.detail.to_string())) }
                            } }
                        }
                    }
                }
            } }
            (pager(&viewer, "/office/audit", &[], page, total))
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
