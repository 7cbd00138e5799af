//! Players of an event: add, search the rating list, import a file, late
//! entries, withdrawals, requested byes, forbidden pairs, edits.

use axum::Form;
use axum::extract::{Multipart, Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use maud::{Markup, html};
use qiyuan_desk::import::{
    ImportedPlayer, RowPlan, merged, plan_import, players_from_trf, read_player_sheet,
};
use qiyuan_desk::prelude::*;
use qiyuan_store::ListLine;
use qiyuan_vocab::Heading;
use rust_decimal::prelude::ToPrimitive;
use serde::Deserialize;

use super::{Flash, by, event_nav, flash, load_for, store_error};
use crate::AppState;
use crate::auth::{SignedIn, User, Viewer};
use crate::error::AppError;
use crate::i18n::Lang;
use crate::layout::{csrf_field, page};

/// Most rating-list lines shown for one search.
const SEARCH_LIMIT: usize = 25;

#[derive(Debug, Default, Deserialize)]
pub(super) struct SearchQuery {
    #[serde(default)]
    q: Option<String>,
    /// `name`: the list in the event's order of names (pinyin or strokes)
    /// instead of by pairing number.
    #[serde(default)]
    order: Option<String>,
}

/// The newest rating list (the newest published one, else the newest).
async fn newest_list(state: &AppState) -> Result<Option<i64>, AppError> {
    let lists = state.store.lists().await?;
    let best = lists
        .iter()
        .filter(|l| l.status == "published")
        .max_by_key(|l| (l.list_date, l.id))
        .or_else(|| lists.iter().max_by_key(|l| (l.list_date, l.id)));
    Ok(best.map(|l| l.id))
}

/// The lines of the newest rating list (published first) whose name holds
/// `q` (letter case ignored as the database lowers it, as on the list
/// pages: on SQLite, A–Z alone) or whose id is `q`, in list order, at most
/// [`SEARCH_LIMIT`]: the store's search of the list (`Store::find_on_list`,
/// through the published list's index — a few index reads however long the
/// list; it read the whole list into memory before), `q` bound or quoted
/// as a literal, never SQL.
async fn search_list(state: &AppState, q: &str) -> Result<Vec<ListLine>, AppError> {
    let q = q.trim();
    if q.is_empty() {
        return Ok(Vec::new());
    }
    let Some(list) = newest_list(state).await? else {
        return Ok(Vec::new());
    };
    Ok(state
        .store
        .find_on_list(list, q, SEARCH_LIMIT as u32)
        .await?)
}

fn info_from_line(line: &ListLine) -> PlayerInfo {
    PlayerInfo {
        name: line.name.clone(),
        rating: line
            .rating
            .and_then(|r| qiyuan_rating::rounding::whole_rating(r).to_u32()),
        title: line.titles.as_deref().and_then(|t| {
            t.split(',')
                .next_back()
                .and_then(|x| x.split(':').next())
                .map(|x| x.trim().to_string())
                .filter(|x| !x.is_empty())
        }),
        club: line.unit.clone(),
        federation: None,
        sex: Sex::from_code(&line.sex),
        birth: line.birth.clone(),
        national_id: Some(line.id.to_string()),
        fide_id: line.fide_id.map(|id| id.to_string()),
        // What decides K in the event's rating report: the list's valid
        // games and highest rating (the list does not count events).
        rated_games: Some(line.valid_games),
        rated_events: None,
        ever_reached: line.highest,
    }
}

/// How the numbers were given, and (before round 1) the ways to change
/// them: by rating, by lot, one player by hand.
fn seeding_section(viewer: &Viewer, d: &DeskEvent, base: &str) -> Markup {
    let l = viewer.lang;
    let players = d.players();
    let in_rating_order = players.iter().map(|p| p.id).eq(d.rating_order());
    let method = match d.seeding() {
        SeedingMethod::Rating => l
            .t("by rating, title and name", "按等级分、称号、姓名")
            .to_string(),
        SeedingMethod::Lot { seed } => l.pick(
            format!("by lot (seed {seed})"),
            format!("抽签（种子 {seed}）"),
        ),
        SeedingMethod::Manual => l.t("by hand", "人工调整").to_string(),
    };
    // A seed for a new draw: the arbiter may keep it or type another; the
    // one used is written in the log.
    let suggested = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|t| t.as_nanos() as u64 % 1_000_000_000)
        .unwrap_or(1);
    html! {
        section #seeding {
            h2 { (l.t("Pairing numbers", "序号（起始排名）")) }
            p #seeding-method {
                (l.t("Numbered ", "序号排定方式：")) (method)
                @if players.len() > 1 && !in_rating_order && !matches!(d.seeding(), SeedingMethod::Lot { .. }) {
                    " " span.warning #not-rating-order { (l.t(
                        "— the numbers are not in rating order.",
                        "——当前序号不是等级分顺序。")) }
                }
            }
            @if d.rounds_paired() > 0 {
                p.muted { (l.t(
                    "The numbers are fixed now that round 1 is paired; a late entry is placed by rating and those below him move down one number.",
                    "第一轮已编排，序号不再整体调整；迟到报名的棋手按等级分插入，其后棋手序号顺延。")) }
            } @else if players.len() > 1 {
                div.forms.no-print {
                    form.inline #seed-rating method="post" action=(base) {
                        (csrf_field(viewer))
                        input type="hidden" name="action" value="seed-rating";
                        button type="submit" { (l.t("Number by rating", "按等级分排序号")) }
                    }
                    form.inline #seed-lot method="post" action=(base) {
                        (csrf_field(viewer))
                        input type="hidden" name="action" value="seed-lot";
                        label { (l.t("Seed of the draw", "抽签种子"))
                            input type="number" name="seed" min="0" value=(suggested) required; }
                        button type="submit" { (l.t("Draw lots", "抽签")) }
                    }
                    form.inline #seed-move method="post" action=(base) {
                        (csrf_field(viewer))
                        input type="hidden" name="action" value="seed-move";
                        label { (l.t("Player", "棋手")) select name="player" {
                            @for p in &players { option value=(p.id.0) { (p.id.0) " " (p.info.name) } }
                        } }
                        label { (l.t("to number", "移至序号"))
                            input type="number" name="to" min="1" max=(players.len()) required; }
                        button type="submit" { (l.t("Move", "移动")) }
                    }
                }
            }
        }
    }
}

async fn render(
    state: &AppState,
    viewer: &Viewer,
    user: &User,
    id: i64,
    q: Option<&str>,
    msg: Option<Flash>,
) -> Result<Response, AppError> {
    render_in(state, viewer, user, id, q, msg, false).await
}

/// The players page; `by_name`: the list in the event's order of names
/// (pinyin or strokes, [`EventSettings::name_order`]), not by number.
async fn render_in(
    state: &AppState,
    viewer: &Viewer,
    user: &User,
    id: i64,
    q: Option<&str>,
    msg: Option<Flash>,
    by_name: bool,
) -> Result<Response, AppError> {
    let l = viewer.lang;
    let loaded = load_for(state, user, id, l).await?;
    let d = &loaded.desk;
    let found = match q {
        Some(q) => Some(search_list(state, q).await?),
        None => None,
    };
    let players = d.players();
    let mut listed = players.clone();
    if by_name {
        let names = d.settings().names();
        listed.sort_by(|a, b| {
            names
                .compare(&a.info.name, &b.info.name)
                .then(a.id.cmp(&b.id))
        });
    }
    let next = d.next_round();
    let failed = matches!(msg, Some(Flash::Err(_)));
    let base = format!("/desk/events/{id}/players");
    let import_action = {
        let token: String = form_urlencoded::byte_serialize(viewer.csrf.as_bytes()).collect();
        format!("/desk/events/{id}/players/import?_csrf={token}")
    };
    let options = html! {
        @for p in &players { option value=(p.id.0) { (p.id.0) " " (p.info.name) } }
    };
    let markup = page(
        viewer,
        l.t("Players", "棋手"),
        html! {
            (event_nav(viewer, &loaded, "players"))
            (flash(msg.as_ref()))
            @if d.rounds_paired() > 0 {
                p.muted { (l.t(
                    "Rounds are paired: a player added now is a late entry (from the next round).",
                    "已开始编排：现在加入的棋手为迟到报名（从下一轮起参赛）。")) }
            }
            (seeding_section(viewer, d, &base))
            p.no-print #player-order {
                (l.t("List: ", "排列："))
                @if by_name { a href=(base) { (l.t("by number", "按序号")) } } @else { strong { (l.t("by number", "按序号")) } }
                " · "
                @let by_name_text = l.pick(
                    format!("by name, {}", super::events::name_order_label(d.settings().name_order, l)),
                    format!("按姓名（{}）", super::events::name_order_label(d.settings().name_order, l)),
                );
                @if by_name { strong { (by_name_text) } } @else { a href={ (base) "?order=name" } { (by_name_text) } }
            }
            div.table-wrap { table #players data-order=(if by_name { "name" } else { "number" }) {
                thead { tr {
                    th.num { (Heading::PairingNumber.label(l)) } th { (l.t("Title", "称号")) }
                    th { (Heading::Name.label(l)) } th.num { (Heading::Rating.label(l)) }
                    th { (Heading::Club.label(l)) } th { (l.t("FED", "协会")) }
                    th { (Heading::ListId.label(l)) }
                    @if d.is_grouped() { th { (Heading::Group.label(l)) } }
                    th { (l.t("Entry", "参赛")) } th.no-print { }
                } }
                tbody { @for p in &listed { tr data-player=(p.id.0) {
                    td.num { (p.id.0) }
                    td { (p.info.title.as_deref().unwrap_or("")) }
                    td { (p.info.name) }
                    td.num { @if let Some(r) = p.info.rating { (r) } }
                    td { (p.info.club.as_deref().unwrap_or("")) }
                    td { (p.info.federation.as_deref().unwrap_or("")) }
                    td { (p.info.national_id.as_deref().or(p.info.fide_id.as_deref()).unwrap_or("")) }
                    @if d.is_grouped() { td.group { (d.group_of(p.id).unwrap_or("")) } }
                    td {
                        @if p.first_round > 1 { (l.t("from round ", "自第")) (p.first_round) (l.t("", "轮起")) " " }
                        @if let Some(w) = p.withdrawn_after { span.warning { (l.t("withdrawn after round ", "退赛：第")) (w) (l.t("", "轮后")) } }
                        @let fouls = d.event().player(p.id).map_or(0, |x| x.infringements);
                        @if fouls > 0 { " " span.infringements data-infringements=(fouls) { (l.t("infringements: ", "犯规：")) (fouls) } }
                    }
                    td.no-print {
                        a href={ (base) "/" (p.id.0) } { (l.t("edit", "修改")) }
                        @if d.rounds_paired() == 0 {
                            " "
                            form.inline.delete-player method="post" action={ (base) "/" (p.id.0) "/delete" } {
                                (csrf_field(viewer))
                                button.link.danger type="submit" { (l.t("delete", "删除")) }
                            }
                        }
                    }
                } } }
            } }
            @if !players.is_empty() {
                form.no-print #undo-import method="post" action={ (base) "/undo-import" } {
                    (csrf_field(viewer))
                    button.secondary type="submit" { (l.t("Undo the last import", "撤销最近一次导入")) }
                    " " small.muted { (l.t(
                        "Removes the players of the last file imported, while none of them is paired.",
                        "删除最近一次导入文件中的全部棋手（须尚未编排其对局）。")) }
                }
            }
            @if !d.requested_byes().is_empty() {
                h2 { (l.t("Requested byes", "请假")) }
                ul #requested-byes { @for b in d.requested_byes() {
                    li {
                        (l.t("Round ", "第")) (b.round) (l.t(": ", "轮：")) (super::player_label(d, b.player)) " — " (b.kind.label(l))
                    }
                } }
            }
            @if !d.forbidden_pairs().is_empty() {
                h2 { (l.t("Forbidden pairs", "禁止相遇")) }
                ul #forbidden-pairs { @for (a, b) in d.forbidden_pairs() {
                    li { (super::player_label(d, *a)) " — " (super::player_label(d, *b)) }
                } }
            }
            div.forms.no-print {
                form.stack #add-player name="add-player" method="post" action=(base) {
                    h2 { (l.t("Add a player", "添加棋手")) }
                    (csrf_field(viewer))
                    input type="hidden" name="action" value="add";
                    label { (Heading::Name.label(l)) input type="text" name="name" required maxlength="100"; }
                    label { (l.t("Rating", "等级分")) input type="number" name="rating" min="0" max="4000"; }
                    label { (l.t("Title", "称号")) input type="text" name="title" maxlength="10"; }
                    label { (Heading::Club.label(l)) input type="text" name="club"; }
                    label { (l.t("Federation", "协会")) input type="text" name="federation" maxlength="3"; }
                    label { (l.t("Sex", "性别")) select name="sex" {
                        option value="" { "—" } @for x in Sex::ALL { option value=(x.code()) { (x.label(l)) } } } }
                    label { (l.t("Birth (YYYY or YYYY-MM-DD)", "出生（年或年-月-日）")) input type="text" name="birth"; }
                    label { (l.t("National ID", "棋协编号")) input type="text" name="national_id"; }
                    label { (l.t("FIDE ID", "FIDE 编号")) input type="text" name="fide_id"; }
                    label { (l.t("Valid games on the list", "已计算有效局数")) input type="number" name="rated_games" min="0"; }
                    label { (l.t("Rated events so far", "已计算赛事数")) input type="number" name="rated_events" min="0"; }
                    label { (l.t("Highest rating ever", "历史最高等级分")) input type="text" inputmode="decimal" name="ever_reached"; }
                    button #add-player-submit type="submit" { (l.t("Add", "添加")) }
                }
                div {
                    form.stack #search-list name="search-list" method="get" action=(base) {
                        h2 { (l.t("From the rating list", "从等级分名单添加")) }
                        label { (l.t("Name or ID", "姓名或编号"))
                            input type="search" name="q" value=(q.unwrap_or("")); }
                        button #search-submit type="submit" { (l.t("Search", "搜索")) }
                    }
                    @if let Some(found) = &found {
                        @if found.is_empty() {
                            p.muted #search-empty { (l.t("Nobody found on the rating list.", "名单中没有找到。")) }
                        } @else {
                            div.table-wrap { table #search-results {
                                tbody { @for line in found { tr {
                                    td { (line.name) } td.num { @if let Some(r) = line.rating { (qiyuan_rating::rounding::whole_rating(r)) } }
                                    td { (line.unit.as_deref().unwrap_or("")) }
                                    td { form.inline method="post" action=(base) {
                                        (csrf_field(viewer))
                                        input type="hidden" name="action" value="add-from-list";
                                        input type="hidden" name="list_player" value=(line.id);
                                        input type="hidden" name="q" value=(q.unwrap_or(""));
                                        button type="submit" data-list-player=(line.id) { (l.t("Add", "添加")) }
                                    } }
                                } } }
                            } }
                        }
                    }
                }
                form.stack #import-players name="import-players" method="post" action=(import_action) enctype="multipart/form-data" {
                    h2 { (l.t("Import players", "导入棋手")) }
                    p.muted { (l.pick(
                        format!("TRF, CSV (UTF-8, GBK or Big5; English or Chinese headers) or xlsx; at most {}. A preview shows what will change before anything is stored.", crate::error::size_text(state.config.limits.max_upload_bytes, l)),
                        format!("TRF、CSV（UTF-8、GBK 或 Big5 编码，中英文表头均可）或 xlsx 文件；不超过 {}。导入前先预览将要发生的变化。", crate::error::size_text(state.config.limits.max_upload_bytes, l)))) }
                    (csrf_field(viewer))
                    input type="file" name="file" accept=".trf,.txt,.csv,.xlsx" required;
                    button #import-submit type="submit" { (l.t("Preview the import", "预览导入")) }
                    (crate::office::columns_help(viewer, qiyuan_formats::columns::ReadBy::Players))
                }
                @if matches!(d.settings().system, System::Swiss { .. }) && !d.is_team_event() {
                    form.stack #set-group name="set-group" method="post" action=(base) {
                        h2 { (Heading::Group.label(l)) }
                        p.muted { (l.t(
                            "Players of a group are paired and ranked among themselves only (outside the FIDE Dutch rules). Set groups before a player is paired; an empty label takes him out of his group.",
                            "同一组别的棋手只在组内编排、组内排名（不属于 FIDE 荷兰制规则）。须在棋手编排之前设定；留空即取消其组别。")) }
                        (csrf_field(viewer))
                        input type="hidden" name="action" value="set-group";
                        label { (l.t("Player", "棋手")) select name="player" { (options) } }
                        label { (Heading::Group.label(l)) input type="text" name="group" maxlength="50"; }
                        button type="submit" { (l.t("Save", "保存")) }
                    }
                }
                // 犯规 (象棋竞赛规则 2011 art. 14): the tie-break XF of the
                // xiangqi presets counts them, fewer first.
                @if d.settings().game == GameKind::Xiangqi {
                    form.stack #infringement name="infringement" method="post" action=(base) {
                        h2 { (l.t("Infringement", "犯规")) }
                        (csrf_field(viewer))
                        input type="hidden" name="action" value="infringement";
                        label { (l.t("Player", "棋手")) select name="player" { (options) } }
                        button type="submit" { (l.t("Record an infringement", "记录一次犯规")) }
                    }
                }
                form.stack #withdraw name="withdraw" method="post" action=(base) {
                    h2 { (l.t("Withdrawal", "退赛")) }
                    (csrf_field(viewer))
                    input type="hidden" name="action" value="withdraw";
                    label { (l.t("Player", "棋手")) select name="player" { (options) } }
                    label { (l.t("After round", "在第几轮后")) input type="number" name="round" min="0" value=(d.rounds_paired()); }
                    button type="submit" { (l.t("Withdraw", "退赛")) }
                }
                form.stack #request-bye name="request-bye" method="post" action=(base) {
                    h2 { (l.t("Requested bye", "请假")) }
                    (csrf_field(viewer))
                    label { (l.t("Player", "棋手")) select name="player" { (options) } }
                    label { (l.t("Round", "轮次")) input type="number" name="round" min=(next) value=(next); }
                    label { (l.t("Kind", "类型")) select name="kind" {
                        @for k in [ByeKind::HalfPoint, ByeKind::ZeroPoint, ByeKind::FullPoint] {
                            option value=(k.stored_code()) { (k.label(l)) }
                        }
                    } }
                    div {
                        button type="submit" name="action" value="bye" { (l.t("Record", "登记")) } " "
                        button.secondary type="submit" name="action" value="cancel-bye" { (l.t("Cancel it", "撤销")) }
                    }
                }
                form.stack #forbid-pair name="forbid-pair" method="post" action=(base) {
                    h2 { (l.t("Forbidden pair", "禁止相遇")) }
                    (csrf_field(viewer))
                    input type="hidden" name="action" value="forbid";
                    label { (l.t("Player", "棋手")) select name="player" { (options) } }
                    label { (l.t("must not meet", "不得对阵")) select name="other" { (options) } }
                    button type="submit" { (l.t("Forbid", "禁止")) }
                }
            }
        },
    );
    let mut resp = markup.into_response();
    if failed {
        *resp.status_mut() = StatusCode::BAD_REQUEST;
    }
    Ok(resp)
}

/// `GET /desk/events/{id}/players[?q=NAME]`.
pub(super) async fn page_get(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
    Query(q): Query<SearchQuery>,
) -> Result<Response, AppError> {
    let by_name = q.order.as_deref() == Some("name");
    render_in(&state, &viewer, &user, id, q.q.as_deref(), None, by_name).await
}

/// The player fields of the add and edit forms.
#[derive(Debug, Default, Deserialize)]
pub(super) struct PlayerForm {
    #[serde(default)]
    action: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    rating: String,
    #[serde(default)]
    title: String,
    #[serde(default)]
    club: String,
    #[serde(default)]
    federation: String,
    #[serde(default)]
    sex: String,
    #[serde(default)]
    birth: String,
    #[serde(default)]
    national_id: String,
    #[serde(default)]
    fide_id: String,
    #[serde(default)]
    rated_games: String,
    #[serde(default)]
    rated_events: String,
    #[serde(default)]
    ever_reached: String,
    #[serde(default)]
    list_player: String,
    #[serde(default)]
    q: String,
    #[serde(default)]
    player: String,
    #[serde(default)]
    other: String,
    #[serde(default)]
    round: String,
    #[serde(default)]
    kind: String,
    #[serde(default)]
    seed: String,
    #[serde(default)]
    to: String,
    #[serde(default)]
    group: String,
}

fn opt(s: &str) -> Option<String> {
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_string())
}

fn whole(s: &str, en: &str, zh: &str, l: Lang) -> Result<u32, String> {
    s.trim().parse::<u32>().map_err(|_| {
        l.pick(
            format!("{en}: `{}` is not a whole number.", s.trim()),
            format!("{zh}：“{}”不是整数。", s.trim()),
        )
    })
}

impl PlayerForm {
    fn info(&self, l: Lang) -> Result<PlayerInfo, String> {
        let rating = match self.rating.trim() {
            "" => None,
            r => Some(whole(r, "Rating", "等级分", l)?),
        };
        let rated_games = match self.rated_games.trim() {
            "" => None,
            r => Some(whole(r, "Valid games on the list", "已计算有效局数", l)?),
        };
        let rated_events = match self.rated_events.trim() {
            "" => None,
            r => Some(whole(r, "Rated events so far", "已计算赛事数", l)?),
        };
        let ever_reached = match self.ever_reached.trim() {
            "" => None,
            r => Some(r.parse::<rust_decimal::Decimal>().map_err(|_| {
                l.pick(
                    format!("Highest rating ever: `{r}` is not a rating."),
                    format!("历史最高等级分：“{r}”不是等级分。"),
                )
            })?),
        };
        // Free text with a control or invisible formatting character, or
        // too long, is refused here with the form's own label (the desk
        // refuses it too: qiyuan_desk::PlayerInfo::validate).
        for (en, zh, v, max) in [
            ("Name", "姓名", &self.name, qiyuan_desk::MAX_NAME_CHARS),
            ("Title", "称号", &self.title, qiyuan_desk::MAX_TEXT_CHARS),
            ("Club", "单位", &self.club, qiyuan_desk::MAX_TEXT_CHARS),
            (
                "Federation",
                "协会",
                &self.federation,
                qiyuan_desk::MAX_TEXT_CHARS,
            ),
            (
                "National ID",
                "棋协编号",
                &self.national_id,
                qiyuan_desk::MAX_TEXT_CHARS,
            ),
            (
                "FIDE ID",
                "FIDE 编号",
                &self.fide_id,
                qiyuan_desk::MAX_TEXT_CHARS,
            ),
        ] {
            qiyuan_desk::check_player_text(v.trim(), max).map_err(|r| {
                l.pick(
                    format!("{en}: {r}. Nothing was saved."),
                    format!("{zh}：{}。未保存。", r.text(l)),
                )
            })?;
        }
        Ok(PlayerInfo {
            name: self.name.trim().to_string(),
            rating,
            title: opt(&self.title),
            club: opt(&self.club),
            federation: opt(&self.federation),
            sex: Sex::from_code(&self.sex),
            birth: opt(&self.birth),
            national_id: opt(&self.national_id),
            fide_id: opt(&self.fide_id),
            rated_games,
            rated_events,
            ever_reached,
        })
    }
}

/// `POST /desk/events/{id}/players`: `action` = `add`, `add-from-list`,
/// `withdraw`, `infringement`, `bye`, `cancel-bye`, `forbid`, `seed-rating`, `seed-lot`
/// (`seed`), `seed-move` (`player`, `to`).
pub(super) async fn post(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
    Form(f): Form<PlayerForm>,
) -> Result<Response, AppError> {
    let l = viewer.lang;
    // Checks the right to change the event before anything else.
    let loaded = load_for(&state, &user, id, l).await?;
    let who = by(&user);
    let store = &state.store;
    let outcome: Result<String, String> = async {
        match f.action.as_str() {
            action @ ("add" | "add-from-list") => {
                // A player taken from the list keeps the list's id of him:
                // the public pages link his card to his list page.
                let (info, list_player) = if action == "add" {
                    (f.info(l)?, None)
                } else {
                    let wanted = f.list_player.trim();
                    // The id itself, wherever its row stands in the list.
                    let id = wanted
                        .parse::<u32>()
                        .ok()
                        .filter(|n| n.to_string() == wanted);
                    let line = match (newest_list(&state).await.map_err(|e| e.message(l))?, id) {
                        (Some(list), Some(id)) => store
                            .list_line_of(list, id)
                            .await
                            .map_err(|e| store_error(e, l).message(l))?,
                        _ => None,
                    }
                    .ok_or_else(|| {
                        l.t(
                            "No such player on the rating list.",
                            "等级分名单中没有此棋手。",
                        )
                        .to_string()
                    })?;
                    (info_from_line(&line), Some(line.id))
                };
                super::check_field_size(&state, loaded.desk.players().len(), 1, l)?;
                let added = match list_player {
                    Some(list_id) => store.add_player_from_list(id, &info, list_id, who).await,
                    None => store.add_player(id, &info, who).await,
                };
                let n = added.map_err(|e| store_error(e, l).message(l))?;
                Ok(l.pick(
                    format!("{} added as number {}.", info.name, n.0),
                    format!("已添加 {}，序号 {}。", info.name, n.0),
                ))
            }
            "set-group" => {
                let p = PlayerId(whole(&f.player, "Player", "棋手", l)?);
                let group = f.group.trim();
                store
                    .set_group(id, p, (!group.is_empty()).then_some(group), who)
                    .await
                    .map_err(|e| match e {
                        qiyuan_store::StoreError::Desk(DeskError::PlayerField { .. }) => l.pick(
                            format!("{}: {e}", super::player_label(&loaded.desk, p)),
                            format!(
                                "{}：组别须在棋手编排之前设定，且不超过 {} 个字。",
                                super::player_label(&loaded.desk, p),
                                qiyuan_desk::groups::MAX_GROUP_LABEL
                            ),
                        ),
                        other => store_error(other, l).message(l),
                    })?;
                let label = super::player_label(&loaded.desk, p);
                Ok(if group.is_empty() {
                    l.pick(
                        format!("{label}: no group."),
                        format!("{label}：已取消组别。"),
                    )
                } else {
                    l.pick(
                        format!("{label}: group {group}."),
                        format!("{label}：组别 {group}。"),
                    )
                })
            }
            "infringement" => {
                let p = PlayerId(whole(&f.player, "Player", "棋手", l)?);
                store
                    .add_infringement(id, p, who)
                    .await
                    .map_err(|e| store_error(e, l).message(l))?;
                Ok(l.pick(
                    format!(
                        "Infringement recorded for {}.",
                        super::player_label(&loaded.desk, p)
                    ),
                    format!("已记录 {} 犯规一次。", super::player_label(&loaded.desk, p)),
                ))
            }
            "withdraw" => {
                let p = PlayerId(whole(&f.player, "Player", "棋手", l)?);
                let after = whole(&f.round, "Round", "轮次", l)?;
                store
                    .withdraw(id, p, after, who)
                    .await
                    .map_err(|e| store_error(e, l).message(l))?;
                Ok(l.pick(
                    format!(
                        "{} withdrawn after round {after}.",
                        super::player_label(&loaded.desk, p)
                    ),
                    format!(
                        "{} 第{after}轮后退赛。",
                        super::player_label(&loaded.desk, p)
                    ),
                ))
            }
            "bye" | "cancel-bye" => {
                let p = PlayerId(whole(&f.player, "Player", "棋手", l)?);
                let round = whole(&f.round, "Round", "轮次", l)?;
                if f.action == "bye" {
                    let kind = match ByeKind::from_stored_code(&f.kind) {
                        Some(
                            k @ (ByeKind::HalfPoint | ByeKind::ZeroPoint | ByeKind::FullPoint),
                        ) => k,
                        _ => return Err(l.t("Unknown kind of bye.", "未知的请假类型。").into()),
                    };
                    store
                        .request_bye(id, round, p, kind, who)
                        .await
                        .map_err(|e| store_error(e, l).message(l))?;
                    Ok(l.pick(
                        format!("Bye recorded for round {round}."),
                        format!("已登记第{round}轮请假。"),
                    ))
                } else {
                    let had = store
                        .cancel_bye(id, round, p, who)
                        .await
                        .map_err(|e| store_error(e, l).message(l))?;
                    if had {
                        Ok(l.t("Bye cancelled.", "已撤销请假。").into())
                    } else {
                        Err(l
                            .t(
                                "This player had no bye requested in that round.",
                                "该棋手在该轮没有请假。",
                            )
                            .into())
                    }
                }
            }
            "forbid" => {
                let a = PlayerId(whole(&f.player, "Player", "棋手", l)?);
                let b = PlayerId(whole(&f.other, "Player", "棋手", l)?);
                if a == b {
                    return Err(l
                        .t("Choose two different players.", "请选择两名不同的棋手。")
                        .into());
                }
                store
                    .forbid_pair(id, a, b, who)
                    .await
                    .map_err(|e| store_error(e, l).message(l))?;
                Ok(l.t("The pair is forbidden.", "已禁止二人相遇。").into())
            }
            "seed-rating" | "seed-lot" | "seed-move" => {
                let how = match f.action.as_str() {
                    "seed-rating" => SeedAction::Rating,
                    "seed-lot" => SeedAction::Lot {
                        seed: f.seed.trim().parse::<u64>().map_err(|_| {
                            l.pick(
                                format!(
                                    "Seed of the draw: `{}` is not a whole number.",
                                    f.seed.trim()
                                ),
                                format!("抽签种子：“{}”不是整数。", f.seed.trim()),
                            )
                        })?,
                    },
                    _ => SeedAction::Move {
                        player: PlayerId(whole(&f.player, "Player", "棋手", l)?),
                        to: whole(&f.to, "New number", "新序号", l)?,
                    },
                };
                let moved = store
                    .seed_players(id, how, who)
                    .await
                    .map_err(|e| store_error(e, l).message(l))?;
                Ok(match how {
                    SeedAction::Rating => l.pick(
                        format!(
                            "Numbered by rating, title and name: {} numbers changed.",
                            moved.moves.len()
                        ),
                        format!(
                            "已按等级分、称号、姓名排定序号：{} 人序号变动。",
                            moved.moves.len()
                        ),
                    ),
                    SeedAction::Lot { seed } => l.pick(
                        format!(
                            "Lots drawn (seed {seed}, kept in the log): {} numbers changed.",
                            moved.moves.len()
                        ),
                        format!(
                            "已抽签（种子 {seed}，记入日志）：{} 人序号变动。",
                            moved.moves.len()
                        ),
                    ),
                    SeedAction::Move { to, .. } => l.pick(
                        format!("Moved to number {to}."),
                        format!("已移至序号 {to}。"),
                    ),
                })
            }
            other => Err(format!("unknown action `{other}`")),
        }
    }
    .await;
    let msg = match outcome {
        Ok(m) => Flash::Ok(m),
        Err(m) => Flash::Err(m),
    };
    let q = (f.action == "add-from-list").then_some(f.q.as_str());
    render(&state, &viewer, &user, id, q, Some(msg)).await
}

/// `POST /desk/events/{id}/players/import?_csrf=TOKEN` (multipart, field
/// `file`): TRF, CSV or xlsx, read and previewed — nothing is stored
/// before the arbiter confirms ([`import_confirm`]).
pub(super) async fn import(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
    mut multipart: Multipart,
) -> Result<Response, AppError> {
    let l = viewer.lang;
    load_for(&state, &user, id, l).await?;
    let mut file: Option<(String, Vec<u8>)> = None;
    loop {
        let field = match multipart.next_field().await {
            Ok(Some(f)) => f,
            Ok(None) => break,
            Err(e) => {
                let msg = if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                    return Err(AppError::PayloadTooLarge);
                } else {
                    format!(
                        "{}{e}",
                        l.t("The upload is unreadable: ", "上传内容无法读取：")
                    )
                };
                return render(&state, &viewer, &user, id, None, Some(Flash::Err(msg))).await;
            }
        };
        if field.name() == Some("file") {
            let name = field.file_name().unwrap_or("").to_string();
            match field.bytes().await {
                Ok(b) => file = Some((name, b.to_vec())),
                Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                    return Err(AppError::PayloadTooLarge);
                }
                Err(e) => {
                    let msg = format!(
                        "{}{e}",
                        l.t("The upload is unreadable: ", "上传内容无法读取：")
                    );
                    return render(&state, &viewer, &user, id, None, Some(Flash::Err(msg))).await;
                }
            }
        }
    }
    let refused = match &file {
        None => Some(l.t("Choose a file to import.", "请选择要导入的文件。")),
        Some((_, b)) if b.is_empty() => Some(l.t("The file is empty.", "文件是空的。")),
        Some(_) => None,
    };
    let (Some((name, bytes)), None) = (file, refused) else {
        let msg = Flash::Err(refused.unwrap_or_default().into());
        return render(&state, &viewer, &user, id, None, Some(msg)).await;
    };
    let read = match read_players(&name, &bytes) {
        Ok(r) => r,
        Err(e) => {
            let msg = l.pick(
                format!("{name}: {e}; nothing was imported."),
                format!("{name}：{}；未导入任何棋手。", e.text(l)),
            );
            return render(&state, &viewer, &user, id, None, Some(Flash::Err(msg))).await;
        }
    };
    let loaded = load_for(&state, &user, id, l).await?;
    let plan = plan_import(&loaded.desk, &read.players);
    Ok(preview_page(&viewer, &loaded, &name, &bytes, &read, &plan).into_response())
}

/// The preview of an import: every row with what it would do, the columns
/// read and left alone, and the form that confirms it (the file travels
/// in the form, read again on confirmation).
fn preview_page(
    viewer: &Viewer,
    loaded: &qiyuan_store::desk::LoadedEvent,
    name: &str,
    bytes: &[u8],
    read: &PlayersRead,
    plan: &[RowPlan],
) -> Markup {
    let l = viewer.lang;
    let d = &loaded.desk;
    let count = |f: fn(&RowPlan) -> bool| plan.iter().filter(|p| f(p)).count();
    let new = count(|p| matches!(p, RowPlan::New));
    let changed = count(|p| matches!(p, RowPlan::Changed { .. }));
    let unchanged = count(|p| matches!(p, RowPlan::Unchanged { .. }));
    let repeated = count(|p| matches!(p, RowPlan::RepeatsLine { .. }));
    let base = format!("/desk/events/{}/players", loaded.id);
    let field_name = |f: &str| -> &'static str {
        match f {
            "name" => l.t("name", "姓名"),
            "rating" => l.t("rating", "等级分"),
            "title" => l.t("title", "称号"),
            "club" => l.t("unit", "单位"),
            "federation" => l.t("federation", "协会"),
            "sex" => l.t("sex", "性别"),
            "birth" => l.t("birth", "出生"),
            "fide_id" => l.t("FIDE id", "国际棋联编号"),
            "rated_games" => l.t("valid games", "有效局数"),
            "rated_events" => l.t("rated events", "参赛次数"),
            _ => l.t("highest rating", "历史最高等级分"),
        }
    };
    page(
        viewer,
        l.t("Import preview", "导入预览"),
        html! {
            (event_nav(viewer, loaded, "players"))
            h1 { (l.t("Import preview", "导入预览")) ": " (name) }
            p #import-summary {
                (l.pick(
                    format!("Read as {}: {new} new, {changed} changed, {unchanged} unchanged, {repeated} repeated in the file, {} refused. Nothing is stored before you confirm.", read.read_as, read.refused.len()),
                    format!("按 {} 读取：新棋手 {new} 名，有变化 {changed} 名，无变化 {unchanged} 名，文件内重复 {repeated} 行，拒绝 {} 行。确认之前不会保存任何内容。", read.read_as, read.refused.len()),
                ))
            }
            @if !read.not_read.is_empty() {
                p.muted #columns-not-read { (l.t("Columns known and not read: ", "已识别但不读取的列：")) (read.not_read.join(l.t(", ", "、"))) }
            }
            @if !read.unknown.is_empty() {
                p.muted #columns-unknown { (l.t("Columns not known (left alone): ", "未识别的列（忽略）：")) (read.unknown.join(l.t(", ", "、"))) }
            }
            @if !read.refused.is_empty() {
                h2 { (l.t("Refused rows", "被拒绝的行")) }
                ul.error #refused-rows { @for e in &read.refused { li { (e.text(l)) } } }
            }
            div.table-wrap { table #import-preview {
                thead { tr {
                    th.num { (l.t("Line", "行")) } th { (Heading::Name.label(l)) } th.num { (Heading::Rating.label(l)) }
                    th { (Heading::Club.label(l)) } th { (Heading::ListId.label(l)) } th { (l.t("What happens", "处理")) }
                } }
                tbody { @for (p, r) in read.players.iter().zip(plan) {
                    tr data-line=(p.line) data-status=(match r { RowPlan::New => "new", RowPlan::Unchanged { .. } => "unchanged", RowPlan::Changed { .. } => "changed", RowPlan::RepeatsLine { .. } => "repeated" }) {
                        td.num { (p.line) }
                        td { (p.info.name) }
                        td.num { @if let Some(x) = p.info.rating { (x) } }
                        td { (p.info.club.as_deref().unwrap_or("")) }
                        td { (p.info.national_id.as_deref().unwrap_or("")) }
                        td { @match r {
                            RowPlan::New => (l.t("new player", "新棋手")),
                            RowPlan::Unchanged { existing } => (l.pick(
                                format!("already entered as {} {}: unchanged", existing.0, super::player_label(d, *existing)),
                                format!("已登记为 {}：无变化", super::player_label(d, *existing)))),
                            RowPlan::Changed { existing, fields } => (l.pick(
                                format!("already entered as {}: {} differ", super::player_label(d, *existing), fields.iter().map(|f| field_name(f)).collect::<Vec<_>>().join(", ")),
                                format!("已登记为 {}：{}不同", super::player_label(d, *existing), fields.iter().map(|f| field_name(f)).collect::<Vec<_>>().join("、")))),
                            RowPlan::RepeatsLine { line } => (l.pick(
                                format!("repeats line {line}: skipped"),
                                format!("与第 {line} 行重复：跳过"))),
                        } }
                    }
                } }
            } }
            form.stack #confirm-import method="post" action={ (base) "/import/confirm" } {
                (csrf_field(viewer))
                input type="hidden" name="name" value=(name);
                input type="hidden" name="data" value=(hex::encode(bytes));
                @if changed + unchanged > 0 {
                    fieldset {
                        legend { (l.t("Players already entered", "已登记的棋手")) }
                        label { input type="radio" name="existing" value="skip" checked; " " (l.t("skip them (keep what is entered)", "跳过（保留已登记的信息）")) }
                        label { input type="radio" name="existing" value="merge"; " " (l.t("update them with the file's data", "以文件中的信息更新")) }
                    }
                }
                button #confirm-import-submit type="submit" {
                    (l.pick(format!("Import {new} new players"), format!("导入 {new} 名新棋手")))
                }
                " " a href=(base) { (l.t("Cancel", "取消")) }
            }
        },
    )
}

/// The form of `POST /desk/events/{id}/players/import/confirm`.
#[derive(Debug, Deserialize)]
pub(super) struct ConfirmImport {
    name: String,
    data: String,
    #[serde(default)]
    existing: String,
}

/// `POST /desk/events/{id}/players/import/confirm`: the previewed file,
/// read again and planned against the event as it is now: its new players
/// imported (one transaction), and the players already entered updated
/// when the arbiter chose to merge.
pub(super) async fn import_confirm(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
    Form(f): Form<ConfirmImport>,
) -> Result<Response, AppError> {
    let l = viewer.lang;
    let loaded = load_for(&state, &user, id, l).await?;
    let name = f.name.rsplit(['/', '\\']).next().unwrap_or("").to_string();
    let outcome: Result<String, String> = async {
        let bytes = hex::decode(f.data.trim())
            .map_err(|_| l.t("The import form was damaged: upload the file again.", "导入表单已损坏：请重新上传文件。").to_string())?;
        let read = read_players(&name, &bytes).map_err(|e| {
            l.pick(format!("{name}: {e}; nothing was imported."), format!("{name}：{}；未导入任何棋手。", e.text(l)))
        })?;
        let plan = plan_import(&loaded.desk, &read.players);
        let new: Vec<ImportedPlayer> = read
            .players
            .iter()
            .zip(&plan)
            .filter(|(_, r)| matches!(r, RowPlan::New))
            .map(|(p, _)| p.clone())
            .collect();
        super::check_field_size(&state, loaded.desk.players().len(), new.len(), l)?;
        let mut updated = 0;
        if f.existing == "merge" {
            for (p, r) in read.players.iter().zip(&plan) {
                if let RowPlan::Changed { existing, .. } = r
                    && let Some(e) = loaded.desk.player(*existing)
                {
                    state
                        .store
                        .update_player(id, *existing, &merged(&e.info, &p.info), by(&user))
                        .await
                        .map_err(|e| store_error(e, l).message(l))?;
                    updated += 1;
                }
            }
        }
        let imported = if new.is_empty() {
            0
        } else {
            state
                .store
                .import_players(id, &new, by(&user))
                .await
                .map_err(|e| store_error(e, l).message(l))?
                .len()
        };
        let left = read.players.len() - imported - updated;
        Ok(l.pick(
            format!("{name}: {imported} players imported, {updated} updated, {left} rows left as they were, {} refused.", read.refused.len()),
            format!("{name}：导入 {imported} 名棋手，更新 {updated} 名，{left} 行未作改动，拒绝 {} 行。", read.refused.len()),
        ))
    }
    .await;
    let msg = match outcome {
        Ok(m) => Flash::Ok(m),
        Err(m) => Flash::Err(m),
    };
    render(&state, &viewer, &user, id, None, Some(msg)).await
}

/// `POST /desk/events/{id}/players/undo-import`: removes the players of the
/// last import while none of them is paired (logged).
pub(super) async fn undo_import(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
) -> Result<Response, AppError> {
    let l = viewer.lang;
    load_for(&state, &user, id, l).await?;
    let msg = match state.store.undo_last_import(id, by(&user)).await {
        Ok(n) => Flash::Ok(l.pick(
            format!("The last import was undone: {n} players removed."),
            format!("已撤销最近一次导入：删除 {n} 名棋手。"),
        )),
        Err(qiyuan_store::StoreError::NothingToUndo { why, .. }) => Flash::Err(l.pick(
            format!("The last import cannot be undone: {why}."),
            if why.starts_with("no import") {
                "没有可撤销的导入。".to_string()
            } else {
                "最近一次导入的棋手已编排对局，不能撤销。".to_string()
            },
        )),
        Err(e) => Flash::Err(store_error(e, l).message(l)),
    };
    render(&state, &viewer, &user, id, None, Some(msg)).await
}

/// `POST /desk/events/{id}/players/{number}/delete`: deletes a player
/// entered by mistake, before round 1 (logged; the others close up).
pub(super) async fn delete(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path((id, number)): Path<(i64, u32)>,
) -> Result<Response, AppError> {
    let l = viewer.lang;
    let loaded = load_for(&state, &user, id, l).await?;
    let msg = if loaded.desk.rounds_paired() > 0 {
        Flash::Err(
            l.t(
                "Round 1 is paired: players can no longer be deleted; record a withdrawal instead.",
                "第 1 轮已编排，不能再删除棋手；请改为登记退赛。",
            )
            .into(),
        )
    } else {
        let Some(p) = loaded.desk.player(PlayerId(number)) else {
            return Err(AppError::NotFound);
        };
        match state
            .store
            .delete_player(id, PlayerId(number), by(&user))
            .await
        {
            Ok(()) => Flash::Ok(l.pick(
                format!(
                    "{} {} deleted; the players after him moved up one number.",
                    number, p.info.name
                ),
                format!(
                    "已删除 {} 号 {}；其后的棋手序号依次提前。",
                    number, p.info.name
                ),
            )),
            Err(e) => Flash::Err(store_error(e, l).message(l)),
        }
    };
    render(&state, &viewer, &user, id, None, Some(msg)).await
}

/// A players file as read: the players, how it was read, what was left.
struct PlayersRead {
    players: Vec<ImportedPlayer>,
    read_as: String,
    not_read: Vec<String>,
    unknown: Vec<String>,
    refused: Vec<qiyuan_desk::import::ImportError>,
}

/// Reads a players file by its name (`.xlsx`, `.csv`, TRF otherwise) or,
/// failing that, its content (`PK` starts an xlsx; `001` lines a TRF):
/// sheets by the one column table ([`read_player_sheet`]), TRFs by their
/// `001` records.
fn read_players(name: &str, bytes: &[u8]) -> Result<PlayersRead, qiyuan_desk::import::ImportError> {
    let lower = name.to_lowercase();
    let is_sheet = lower.ends_with(".xlsx") || lower.ends_with(".csv") || bytes.starts_with(b"PK");
    let text = (!is_sheet).then(|| String::from_utf8_lossy(bytes));
    let is_trf = text
        .as_ref()
        .is_some_and(|t| qiyuan_formats::rating_event::looks_like_trf(name, t));
    if let (true, Some(text)) = (is_trf, &text) {
        let players = players_from_trf(text)?;
        return Ok(PlayersRead {
            players,
            read_as: "TRF".into(),
            not_read: Vec::new(),
            unknown: Vec::new(),
            refused: Vec::new(),
        });
    }
    let sheet = read_player_sheet(bytes, name)?;
    Ok(PlayersRead {
        players: sheet.players,
        read_as: sheet.read_as,
        not_read: sheet.not_read,
        unknown: sheet.unknown,
        refused: sheet.refused,
    })
}

fn edit_page(
    viewer: &Viewer,
    loaded: &qiyuan_store::desk::LoadedEvent,
    p: &DeskPlayer,
    msg: Option<&Flash>,
) -> Markup {
    let l = viewer.lang;
    let i = &p.info;
    let v = |o: &Option<String>| o.clone().unwrap_or_default();
    page(
        viewer,
        &i.name,
        html! {
            (event_nav(viewer, loaded, "players"))
            (flash(msg))
            h2 { (l.t("Player ", "棋手 ")) (p.id.0) }
            form.stack #edit-player name="edit-player" method="post" action={ "/desk/events/" (loaded.id) "/players/" (p.id.0) } {
                (csrf_field(viewer))
                label { (Heading::Name.label(l)) input type="text" name="name" value=(i.name) required maxlength="100"; }
                label { (l.t("Rating", "等级分")) input type="number" name="rating" min="0" max="4000" value=(i.rating.map(|r| r.to_string()).unwrap_or_default()); }
                label { (l.t("Title", "称号")) input type="text" name="title" value=(v(&i.title)); }
                label { (Heading::Club.label(l)) input type="text" name="club" value=(v(&i.club)); }
                label { (l.t("Federation", "协会")) input type="text" name="federation" value=(v(&i.federation)); }
                label { (l.t("Sex", "性别")) select name="sex" {
                    option value="" { "—" }
                    @for x in Sex::ALL { option value=(x.code()) selected[i.sex == Some(x)] { (x.label(l)) } } } }
                label { (l.t("Birth (YYYY or YYYY-MM-DD)", "出生（年或年-月-日）")) input type="text" name="birth" value=(v(&i.birth)); }
                label { (l.t("National ID", "棋协编号")) input type="text" name="national_id" value=(v(&i.national_id)); }
                label { (l.t("FIDE ID", "FIDE 编号")) input type="text" name="fide_id" value=(v(&i.fide_id)); }
                label { (l.t("Valid games on the list", "已计算有效局数")) input type="number" name="rated_games" min="0" value=(i.rated_games.map(|r| r.to_string()).unwrap_or_default()); }
                label { (l.t("Rated events so far", "已计算赛事数")) input type="number" name="rated_events" min="0" value=(i.rated_events.map(|r| r.to_string()).unwrap_or_default()); }
                label { (l.t("Highest rating ever", "历史最高等级分")) input type="text" inputmode="decimal" name="ever_reached" value=(i.ever_reached.map(|r| r.to_string()).unwrap_or_default()); }
                button #edit-player-submit type="submit" { (l.t("Save", "保存")) }
            }
            p { a href={ "/desk/events/" (loaded.id) "/players" } { (l.t("Back to the players", "返回棋手列表")) } }
        },
    )
}

/// `GET /desk/events/{id}/players/{number}`.
pub(super) async fn edit_form(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path((id, number)): Path<(i64, u32)>,
) -> Result<Markup, AppError> {
    let loaded = load_for(&state, &user, id, viewer.lang).await?;
    let p = loaded
        .desk
        .player(PlayerId(number))
        .ok_or(AppError::NotFound)?;
    Ok(edit_page(&viewer, &loaded, &p, None))
}

/// `POST /desk/events/{id}/players/{number}`.
pub(super) async fn edit_save(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path((id, number)): Path<(i64, u32)>,
    Form(f): Form<PlayerForm>,
) -> Result<Response, AppError> {
    let l = viewer.lang;
    let loaded = load_for(&state, &user, id, l).await?;
    let player = PlayerId(number);
    let p = loaded.desk.player(player).ok_or(AppError::NotFound)?;
    let outcome = match f.info(l) {
        Err(m) => Err(m),
        Ok(info) => state
            .store
            .update_player(id, player, &info, by(&user))
            .await
            .map_err(|e| store_error(e, l).message(l)),
    };
    let loaded = load_for(&state, &user, id, l).await?;
    let p = loaded.desk.player(player).unwrap_or(p);
    let (msg, status) = match outcome {
        Ok(()) => (
            Flash::Ok(l.t("Player saved.", "已保存。").into()),
            StatusCode::OK,
        ),
        Err(m) => (Flash::Err(m), StatusCode::BAD_REQUEST),
    };
    let mut resp = edit_page(&viewer, &loaded, &p, Some(&msg)).into_response();
    *resp.status_mut() = status;
    Ok(resp)
}
