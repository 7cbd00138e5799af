//! The arbiter's desk (裁判台): events, players, rounds, results, reports,
//! prints and exports, as server-rendered pages under `/desk`.
//!
//! Every page of an event needs an account that may run it
//! ([`require_event_arbiter`]: administrators, or the arbiters assigned to
//! the event); the creator of an event is assigned to it. The rules are the
//! pure crate `qiyuan-desk`, the persistence `qiyuan_store::desk`.
//!
//! Pages and their main elements (stable ids for browser tests; every page
//! of an event has the tabs `#event-nav` and, after a form, `#flash`):
//!
//! | Path | Elements |
//! |---|---|
//! | `GET /desk`, `/desk/events` | `#events` (rows `data-event`), `#new-event` (link), `#no-events` |
//! | `GET/POST /desk/events/new` | form `#create-event` (`name`, `game` xiangqi/chess, `system` swiss/round_robin/knockout, `rounds`, `acceleration`, `cycles`, `games_per_match`, `scoring` fide/xiangqi/three, `tiebreaks`, `rating_profile`, `start`, `end`, `place`, `chief_arbiter`, `arbiters`), button `#create-event-submit` |
//! | `GET /desk/events/{id}` | `#event-summary`, `#pair-next`, `#enter-results`, `#prints`, `#exports` |
//! | `GET/POST /desk/events/{id}/settings` | form `#event-settings` |
//! | `GET/POST /desk/events/{id}/players` | `#players` (rows `data-player`), forms `#add-player` (`#add-player-submit`), `#search-list` (`q`, `#search-submit`; results `#search-results`, buttons `data-list-player`, or `#search-empty`), `#import-players` (`file`, `#import-submit`), `#withdraw`, `#infringement` (xiangqi), `#request-bye`, `#forbid-pair`; `#requested-byes`, `#forbidden-pairs` |
//! | `GET/POST /desk/events/{id}/players/{n}` | form `#edit-player` (`#edit-player-submit`) |
//! | `GET/POST /desk/events/{id}/pair` | `#proposal` (rows `data-board`), `#warnings` (`data-count`), forms `#confirm-pairing` (button `#confirm-pair`), `#manual-change` (`action`, `board`, `a`, `b`, `kind`; button `#apply-change`) |
//! | `GET /desk/events/{id}/rounds` | `#rounds` (rows `data-round`), `#pair-next` |
//! | `GET/POST /desk/events/{id}/rounds/{r}` | form `#results-form`: per game `fieldset#board-{n}` (`data-game`, `data-version`, `data-result`) with radios `#g{game}-{w,d,b,wf,bf,df}` (name `r{game}`), hidden `v{game}` and `o{game}`; button `#save-results`; `#conflicts`; forms `#publish-round`, `#unpair-last` (`#unpair-submit`) |
//! | `GET /desk/events/{id}/standings` | `#standings` holding `table.standings` (rows `data-player`, `data-rank`, `data-points`; cell `.points`) and `#tiebreak-legend` (rendered by `crate::report`, as the print and the public page) |
//! | `GET /desk/events/{id}/crosstable` | `#crosstable` holding `table.crosstable` (`crate::report`) |
//! | `GET /desk/events/{id}/rating` | `#choose-profile`, `#rating-report`, `#rating-table` |
//! | `GET /desk/events/{id}/norms` | `#norm-report` |
//! | `GET /desk/events/{id}/titles` | `#placement-report`: `#placement-kind`, `#placement-titles` (rows `data-player`, `data-title`), `#placement-none`, `#placement-notes`, `#placement-rows`; `#no-kind`, `#placement-provisional` |
//! | `GET /desk/events/{id}/print/{what}` | `#print-sheet` (`data-orientation`, `data-fit`) holding `#print` for `pairings` (`#pairings`, bye rows `tr.bye`; `crate::report::pairings`), `alphabetical`, `standings` (`#standings`, tie-break cells `data-tiebreak`), `crosstable`, `wallchart`, `slips` (`section.slip-page` of up to 8 `div.slip`, `data-board`), `schedule`; `#signatures` (`#chief-arbiter-sign`, `#date-sign`) under pairings, standings, crosstable and wall chart; form `#print-options` (not printed): `orientation` portrait/landscape, for the standings `#tiebreak-columns` (checkboxes `tb` = the legend's numbers, hidden `tb_chosen`); `?round=N&orientation=…&tb=…&tb_chosen=1` |
//! | `GET /desk/events/{id}/export/{fmt}` | `trf`, `trf16`, `standings.csv`, `standings.xlsx`, `pairings.csv`, `pairings.xlsx` (`?round=N`) |
//! | `GET /desk/events/{id}/log` | `#desk-log` (rows `data-action`) |
//! | `GET/POST /desk/events/{id}/teams` | team events: `#teams` (rows `data-team`), `#no-teams`, form `#add-team` (`name`, `roster` numbers, `names` one per line; `#add-team-submit`), `#team-nav` |
//! | `GET/POST /desk/events/{id}/teams/{team}` | form `#edit-team` (`name`, `roster`; `#edit-team-submit`) |
//! | `GET/POST /desk/events/{id}/teams/pair` | `#team-proposal` (`data-round`), form `#confirm-team-pairing` (button `#confirm-teams`) |
//! | `GET /desk/events/{id}/teams/rounds` | `#team-rounds` (rows `data-round`), `#pair-teams` |
//! | `GET /desk/events/{id}/teams/rounds/{r}` | before the boards: forms `#line-up-{team}` (`team`, `b1`…`bN`; POST `…/lineup`), `#make-boards` (`#make-boards-submit`; POST `…/boards`); then form `#team-results-form` (POST `…/results`): `section#match-{m}` (`data-home-games`, `data-away-games`, `data-match-points`), per board `fieldset#team-board-{n}` (`data-game`, `data-version`, `data-result`) with radios `#t{game}-{w,d,b,wf,bf,df}` (name `r{game}`), hidden `v{game}`, `o{game}`; button `#save-team-results`; `#conflicts` |
//! | `GET /desk/events/{id}/teams/standings` | `#team-standings` (rows `data-team`, `data-rank`; cells `.mp`, `.gp`) |

mod events;
mod players;
mod prints;
pub(crate) mod reports;
mod rounds;
mod teams;

use axum::Router;
use axum::routing::{get, post};
use maud::{Markup, html};
use qiyuan_desk::prelude::*;
use qiyuan_store::StoreError;
use qiyuan_store::desk::LoadedEvent;

use crate::AppState;
use crate::auth::{User, Viewer, require_event_arbiter};
use crate::error::AppError;
use crate::i18n::Lang;

/// The desk's stylesheet (big touch targets for result entry, print
/// layouts), served at `/desk/static/desk.css`.
pub const DESK_CSS: &str = r#"
.desk-nav { display: flex; flex-wrap: wrap; gap: .3rem .8rem; margin: .5rem 0 1rem; padding: .4rem 0; border-bottom: 1px solid #ddd; }
.desk-nav a.here { font-weight: bold; text-decoration: none; }
.board-entry { border: 1px solid #ccc; border-radius: 6px; padding: .5rem; margin: .5rem 0; background: #fff; }
.board-entry .who { font-weight: 600; margin-bottom: .3rem; }
.results { display: flex; flex-wrap: wrap; gap: .4rem; }
.results label { display: inline-flex; align-items: center; min-height: 48px; min-width: 64px; padding: .3rem .7rem; border: 1px solid #999; border-radius: 6px; cursor: pointer; font-size: 1.1rem; justify-content: center; }
.results input[type=radio] { width: 1.4rem; height: 1.4rem; margin-right: .4rem; }
.results label:has(input:checked) { background: #fde8e4; border-color: #b3261e; }
.big-button { min-height: 48px; min-width: 10rem; font-size: 1.1rem; display: inline-flex; align-items: center; justify-content: center; padding: .4rem 1rem; box-sizing: border-box; }
dl#event-summary { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
dl#event-summary dt { font-weight: 600; }
dl#event-summary dd { margin: 0; }
.conflict { border: 2px solid #b3261e; padding: .5rem; margin: .5rem 0; background: #fff4f2; }
.forms { margin-top: 1rem; display: grid; grid-template-columns: repeat(auto-fill, minmax(18rem, 1fr)); gap: 1rem; }
.forms form { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: .7rem; }
.print-only { display: none; }
pre.explain { white-space: pre-wrap; font-size: .85rem; }
/* Prints (desk/prints.rs): A4 with 10 mm margins, portrait unless the
   sheet asks for the landscape page. */
@page { size: A4 portrait; margin: 10mm; }
@page a4-landscape { size: A4 landscape; margin: 10mm; }
.sheet.landscape { page: a4-landscape; }
.print-tools fieldset { display: inline-block; margin: .3rem .5rem .3rem 0; }
.print-tools label { white-space: nowrap; }
.sheet table { width: auto; }
.signatures { display: flex; flex-wrap: wrap; gap: 1rem 3rem; margin-top: 2rem; break-inside: avoid; }
.signatures .sign { display: flex; align-items: flex-start; gap: .3rem; }
.sign-box { display: inline-flex; flex-direction: column; align-items: center; }
.sign-box .line, .slip .line { display: inline-block; width: 12em; height: 1.4em; border-bottom: 1px solid #000; }
.sign-name { font-size: .9em; }
/* Result slips: eight to a page, cut along the dashed lines. */
.slip-page { display: grid; grid-template-columns: 1fr 1fr; grid-auto-rows: 67mm; border-top: 1px dashed #555; border-left: 1px dashed #555; margin-bottom: 1rem; }
.sheet.landscape .slip-page { grid-template-columns: repeat(4, 1fr); grid-auto-rows: 92mm; }
.slip { border-right: 1px dashed #555; border-bottom: 1px dashed #555; padding: 3mm 4mm; overflow: hidden; box-sizing: border-box; font-size: 10pt; line-height: 1.35; }
.slip p { margin: 0 0 1.2mm; }
.slip .slip-event { font-size: 11pt; }
.slip .line { width: 7em; }
.result-box { display: inline-flex; align-items: center; margin-right: .8em; white-space: nowrap; }
.result-box .box { display: inline-block; width: 1em; height: 1em; border: 1px solid #000; margin-right: .25em; }
@media print {
  .desk-nav, .no-print, header.site, footer.site { display: none !important; }
  .print-only { display: block; }
  main { max-width: none; padding: 0; }
  table { font-size: 10pt; }
  .table-wrap { overflow: visible; }
  .sheet h1 { font-size: 14pt; margin: 0 0 2pt; }
  .sheet h2 { font-size: 11pt; margin: 4pt 0; }
  .sheet p, .sheet li { font-size: 9pt; margin: 2pt 0; }
  .sheet table { width: auto; max-width: 100%; }
  .sheet th, .sheet td { padding: 1pt 2.5pt; white-space: nowrap; }
  .sheet.wrap-text td:not(.num) { white-space: normal; }
  .sheet.fit-10 table { font-size: 10pt; }
  .sheet.fit-9 table { font-size: 9pt; }
  .sheet.fit-8 table { font-size: 8pt; }
  .sheet.fit-7 table { font-size: 7pt; }
  .sheet.fit-6 table { font-size: 6pt; }
  .sheet .signatures { margin-top: 10mm; font-size: 10pt; }
  .sheet .slip p { font-size: 10pt; margin: 0 0 1.2mm; }
  .sheet .slip .slip-event { font-size: 11pt; }
  .slip-page { margin: 0; break-after: page; }
  .slip-page:last-child { break-after: auto; }
  .slip { break-inside: avoid; }
}
"#;

/// The routes of this part of the application.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/desk", get(events::list))
        .route("/desk/static/desk.css", get(desk_css))
        .route("/desk/events", get(events::list))
        .route(
            "/desk/events/new",
            get(events::new_form).post(events::create),
        )
        .route("/desk/events/{id}", get(events::overview))
        .route(
            "/desk/events/{id}/settings",
            get(events::settings_form).post(events::settings_save),
        )
        .route("/desk/events/{id}/log", get(events::log_page))
        .route("/desk/events/{id}/submit", post(events::submit))
        .route("/desk/events/{id}/visibility", post(events::set_visibility))
        .route("/desk/events/{id}/delete", post(events::delete))
        .route(
            "/desk/events/{id}/players/import/confirm",
            post(players::import_confirm),
        )
        .route(
            "/desk/events/{id}/players/undo-import",
            post(players::undo_import),
        )
        .route(
            "/desk/events/{id}/players/{number}/delete",
            post(players::delete),
        )
        .route(
            "/desk/events/{id}/players",
            get(players::page_get).post(players::post),
        )
        .route("/desk/events/{id}/players/import", post(players::import))
        .route(
            "/desk/events/{id}/players/{number}",
            get(players::edit_form).post(players::edit_save),
        )
        .route(
            "/desk/events/{id}/pair",
            get(rounds::preview).post(rounds::pair_post),
        )
        .route("/desk/events/{id}/rounds", get(rounds::rounds_index))
        .route("/desk/events/{id}/rounds/unpair", post(rounds::unpair))
        .route(
            "/desk/events/{id}/rounds/{round}",
            get(rounds::round_page).post(rounds::results_post),
        )
        .route(
            "/desk/events/{id}/rounds/{round}/publish",
            post(rounds::publish),
        )
        .route("/desk/events/{id}/standings", get(reports::standings))
        .route("/desk/events/{id}/crosstable", get(reports::crosstable))
        .route("/desk/events/{id}/rating", get(reports::rating))
        .route("/desk/events/{id}/norms", get(reports::norms))
        .route("/desk/events/{id}/titles", get(reports::titles))
        .route(
            "/desk/events/{id}/grades",
            get(reports::grades).post(reports::grades_with_table),
        )
        .route("/desk/events/{id}/print/{what}", get(prints::print))
        .route("/desk/events/{id}/export/{fmt}", get(reports::export))
        .route(
            "/desk/events/{id}/teams",
            get(teams::teams_page).post(teams::add_team),
        )
        .route(
            "/desk/events/{id}/teams/pair",
            get(teams::pair_preview).post(teams::pair_post),
        )
        .route("/desk/events/{id}/teams/rounds", get(teams::rounds_page))
        .route(
            "/desk/events/{id}/teams/rounds/{round}",
            get(teams::round_page),
        )
        .route(
            "/desk/events/{id}/teams/rounds/{round}/lineup",
            post(teams::line_up_post),
        )
        .route(
            "/desk/events/{id}/teams/rounds/{round}/boards",
            post(teams::boards_post),
        )
        .route(
            "/desk/events/{id}/teams/rounds/{round}/results",
            post(teams::results_post),
        )
        .route(
            "/desk/events/{id}/teams/standings",
            get(teams::standings_page),
        )
        .route(
            "/desk/events/{id}/teams/{team}",
            get(teams::edit_team_form).post(teams::edit_team_save),
        )
}

async fn desk_css() -> impl axum::response::IntoResponse {
    (
        [
            (axum::http::header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (axum::http::header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        DESK_CSS,
    )
}

/// An error of the store as the visitor should see it: an unknown event is
/// 404, a refusal of the desk is 400 with its reason, a conflict 409.
/// Refuses to grow an event past [`crate::ServeLimits::max_players_per_event`]:
/// `have` players now, `adding` more; the message says the limit.
pub(crate) fn check_field_size(
    state: &AppState,
    have: usize,
    adding: usize,
    lang: Lang,
) -> Result<(), String> {
    field_size_refusal(state, have, adding).map_or(Ok(()), |(en, zh)| Err(lang.pick(en, zh)))
}

/// [`check_field_size`]'s refusal in both languages (English, Chinese), for
/// the API's errors; `None` when the players fit.
pub(crate) fn field_size_refusal(
    state: &AppState,
    have: usize,
    adding: usize,
) -> Option<(String, String)> {
    let max = state.config.limits.max_players_per_event;
    (have.saturating_add(adding) > max).then(|| {
        (
            format!(
                "An event may hold at most {max} players (this server's limit); it has {have} \
                 and {adding} more were given."
            ),
            format!("每个赛事最多 {max} 名棋手（本服务器的上限）；现有 {have} 名，又提交了 {adding} 名。"),
        )
    })
}

pub(crate) fn store_error(e: StoreError, lang: Lang) -> AppError {
    match e {
        StoreError::NoSuchDeskEvent(_) | StoreError::NoSuchGame { .. } => AppError::NotFound,
        StoreError::Desk(d) => desk_error(&d, lang),
        c @ StoreError::Conflict(_) => AppError::Conflict(c.text(lang)),
        other => crate::office::refusal(lang, other),
    }
}

/// A refusal of the desk (a rule of the event, bad data): 400 with the reason.
pub(crate) fn desk_error(e: &DeskError, lang: Lang) -> AppError {
    AppError::BadRequest(format!(
        "{}{}",
        lang.t("The desk refused: ", "裁判台拒绝了此操作："),
        e.text(lang)
    ))
}

/// The description of a tie-break preset (individual or team) in the
/// visitor's language. The tournament and desk crates describe them in a
/// mix of both; `desc` (theirs) stands for a preset not known here.
pub(crate) fn preset_text<'a>(name: &str, desc: &'a str, l: Lang) -> &'a str {
    let (en, zh) = match name {
        "fide-swiss" => (
            "FIDE Swiss: BH/C1, BH, SB, DE, WIN",
            "FIDE 积分编排制：BH/C1、BH、SB、DE、WIN",
        ),
        "fide-rr" => (
            "FIDE round robin: DE, WIN, SB, KS",
            "FIDE 循环赛：DE、WIN、SB、KS",
        ),
        "xiangqi-rr" => (
            "Xiangqi individual round robin (2011 14.1): SB, WIN, DE, XF, BPG, XMB",
            "象棋个人循环 (2011 14.1)：小分 SB、胜局 WIN、直胜 DE、犯规 XF、后走局数 BPG、对局时后走 XMB",
        ),
        "xiangqi-drr" => (
            "Xiangqi double round robin (2011 14.2): MMP first, then PTS, WIN, DE, XF, BWG",
            "象棋双循环 (2011 14.2)：先比场分 MMP，再比局分 PTS、胜局 WIN、直胜 DE、犯规 XF、后走胜局 BWG",
        ),
        "xiangqi-swiss-bh" => (
            "Xiangqi Swiss by opponents' scores (2011 14.3.1): XBH, WIN, XF, BPG, then the last round's score, the one before, …",
            "象棋积分编排 对手分 (2011 14.3.1)：XBH、WIN、XF、BPG，再依次比最后一轮、倒数第二轮……的得分",
        ),
        "xiangqi-swiss-ps" => (
            "Xiangqi Swiss by progressive scores (2011 14.3.2): PS, WIN, XF, BPG, then PS without round 1, rounds 1–2, …",
            "象棋积分编排 累进分 (2011 14.3.2)：PS、WIN、XF、BPG，再依次比去掉第 1 轮、第 1–2 轮……的累进分",
        ),
        "xiangqi-team" => (
            "Xiangqi team: match points → game points → direct encounter → board results (board 1, board 2, …)",
            "象棋团体：场分 → 局分 → 直胜 → 台次成绩（第 1 台、第 2 台……）",
        ),
        "fide-team-swiss" => (
            "Team Swiss: MP → ESB → GP → BH:MP",
            "团体积分编排制：MP → ESB → GP → BH:MP",
        ),
        "fide-team-rr" => (
            "Team round robin: MP → GP → EDE → BC",
            "团体循环赛：MP → GP → EDE → BC",
        ),
        _ => return desc,
    };
    l.t(en, zh)
}

/// Loads an event the user may run (404 unknown, 403 not his).
pub(crate) async fn load_for(
    state: &AppState,
    user: &User,
    id: i64,
    lang: Lang,
) -> Result<LoadedEvent, AppError> {
    require_event_arbiter(state, user, id).await?;
    state
        .store
        .load_event(id)
        .await
        .map_err(|e| store_error(e, lang))
}

/// The name `by` written in the desk's log for this user.
pub(crate) fn by(user: &User) -> &str {
    &user.username
}

/// The stylesheet link (in the body: allowed by HTML, kept by the CSP as
/// it is same-origin).
pub(crate) fn desk_style() -> Markup {
    html! { link rel="stylesheet" href="/desk/static/desk.css"; }
}

/// The tabs of an event's pages: key, path after `/desk/events/{id}`, label
/// in English and Chinese.
const EVENT_TABS: [(&str, &str, &str, &str); 11] = [
    ("overview", "", "Event", "赛事"),
    ("players", "/players", "Players", "棋手"),
    ("rounds", "/rounds", "Rounds & results", "轮次与成绩"),
    ("standings", "/standings", "Standings", "排名"),
    ("crosstable", "/crosstable", "Crosstable", "交叉表"),
    ("rating", "/rating", "Rating report", "等级分计算"),
    ("norms", "/norms", "Norms", "称号标准"),
    ("titles", "/titles", "Titles", "名次称号"),
    ("grades", "/grades", "Grades", "等级晋升"),
    ("settings", "/settings", "Settings", "设置"),
    ("log", "/log", "Log", "日志"),
];

/// The tabs of an event's pages; `here` is the current tab's key.
pub(crate) fn event_nav(viewer: &Viewer, loaded: &LoadedEvent, here: &str) -> Markup {
    let l = viewer.lang;
    let id = loaded.id;
    let tabs = EVENT_TABS
        .map(|(key, path, en, zh)| (key, format!("/desk/events/{id}{path}"), l.t(en, zh)));
    let team_tab = loaded
        .desk
        .is_team_event()
        .then(|| (format!("/desk/events/{id}/teams"), l.t("Teams", "参赛队")));
    html! {
        (desk_style())
        p.muted.no-print { a href="/desk/events" { (l.t("← All events", "← 全部赛事")) } }
        h1 { (loaded.desk.settings().name) }
        nav.desk-nav #event-nav {
            @for (key, href, label) in &tabs {
                @if *key == here { a.here href=(href) aria-current="page" { (label) } }
                @else { a href=(href) { (label) } }
            }
            @if let Some((href, label)) = &team_tab {
                @if here == "teams" { a.here #teams-tab href=(href) aria-current="page" { (label) } }
                @else { a #teams-tab href=(href) { (label) } }
            }
        }
    }
}

/// A player's short label: `12 Name`.
pub(crate) fn player_label(desk: &DeskEvent, id: PlayerId) -> String {
    match desk.event().player(id) {
        Some(p) => format!("{} {}", id.0, p.name),
        None => id.0.to_string(),
    }
}

/// A message shown above a page's content.
pub(crate) enum Flash {
    /// Something was done.
    Ok(String),
    /// Something was refused.
    Err(String),
}

pub(crate) fn flash(f: Option<&Flash>) -> Markup {
    html! {
        @match f {
            Some(Flash::Ok(m)) => p.notice #flash role="status" { (m) },
            Some(Flash::Err(m)) => p.error #flash role="alert" { (m) },
            None => {},
        }
    }
}

/// The sides' names in the game, the vocabulary's: 红方/黑方 (Red/Black) in
/// xiangqi, 白方/黑方 (White/Black) in chess.
pub(crate) fn colour_names(game: GameKind, l: Lang) -> (&'static str, &'static str) {
    use qiyuan_vocab::Colour;
    (Colour::White.label(game, l), Colour::Black.label(game, l))
}

/// A rating profile by its regulation's title in the visitor's language
/// (the code, `cxa-2019`, for a profile that is not built in).
pub(crate) fn profile_title(name: &str, l: Lang) -> String {
    qiyuan_rating::Profile::builtin(name)
        .map_or_else(|_| name.to_string(), |p| p.title_in(l).to_string())
}

/// A pairing warning in the visitor's language.
pub(crate) fn warning_text(w: &PairingWarning, l: Lang) -> String {
    w.text(l)
}

/// The system's name.
pub(crate) fn system_name(s: &System, l: Lang) -> &'static str {
    match s {
        System::Swiss { .. } => l.t("Swiss", "积分编排制"),
        System::RoundRobin { .. } => l.t("round robin", "循环赛"),
        System::Knockout { .. } => l.t("knockout", "淘汰赛"),
    }
}

/// An event's status.
pub(crate) fn status_name(s: &str, l: Lang) -> &'static str {
    qiyuan_vocab::EventStatus::from_code(s).map_or(l.t("unknown", "未知"), |x| x.label(l))
}
