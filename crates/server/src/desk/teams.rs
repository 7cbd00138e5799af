//! Team events (团体赛): teams and rosters, the pairing of teams, line-ups,
//! board results and team standings, under `/desk/events/{id}/teams…`.
//!
//! A round goes: pair the teams (`/teams/pair`), enter each team's line-up
//! (a team without one plays its first roster players), make the boards,
//! enter the board results (the same versioned games as an individual
//! round: two arbiters never overwrite each other unknowingly).

use axum::Form;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use maud::{Markup, html};
use qiyuan_desk::prelude::*;
use qiyuan_desk::team::{TEAM_PRESETS, TeamRoundPlan};
use qiyuan_store::StoreError;
use qiyuan_store::desk::LoadedEvent;
use qiyuan_tournament::team::TeamId;
use qiyuan_vocab::Heading;
use serde::Deserialize;

use super::rounds::{
    Conflict, SavedResults, conflicts_alert, refusal_status, result_key, result_radios,
    save_results,
};
use super::{Flash, by, colour_names, event_nav, flash, load_for, store_error};
use crate::AppState;
use crate::auth::{SignedIn, Viewer};
use crate::error::AppError;
use crate::i18n::Lang;
use crate::layout::{csrf_field, page};

fn dec(d: rust_decimal::Decimal) -> String {
    d.normalize().to_string()
}

fn team_name(d: &DeskEvent, t: TeamId) -> String {
    d.team(t)
        .map_or_else(|| t.to_string(), |x| format!("{} {}", t.0, x.name))
}

fn player_name(d: &DeskEvent, p: PlayerId) -> String {
    d.event()
        .player(p)
        .map_or_else(|| p.to_string(), |x| format!("{} {}", p.0, x.name))
}

/// A team event or 404 (the team pages make no sense for an individual one).
async fn load_team_event(
    state: &AppState,
    viewer: &Viewer,
    user: &crate::auth::User,
    id: i64,
) -> Result<LoadedEvent, AppError> {
    let loaded = load_for(state, user, id, viewer.lang).await?;
    if !loaded.desk.is_team_event() {
        return Err(AppError::NotFound);
    }
    Ok(loaded)
}

/// Player numbers from `1 2 3`, `1,2,3` or `1、2、3`.
fn parse_numbers(s: &str, l: Lang) -> Result<Vec<PlayerId>, String> {
    s.split(|c: char| c.is_whitespace() || matches!(c, ',' | '，' | '、' | ';'))
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.parse::<u32>().map(PlayerId).map_err(|_| {
                l.pick(
                    format!("Roster: `{t}` is not a player number."),
                    format!("名单：“{t}”不是棋手序号。"),
                )
            })
        })
        .collect()
}

fn teams_markup(viewer: &Viewer, loaded: &LoadedEvent, msg: Option<&Flash>) -> Markup {
    let l = viewer.lang;
    let d = &loaded.desk;
    let id = loaded.id;
    let started = !d.team_rounds().is_empty();
    let boards = d.team_boards_per_match();
    page(
        viewer,
        l.t("Teams", "参赛队"),
        html! {
            (event_nav(viewer, loaded, "teams"))
            (flash(msg))
            (team_nav(viewer, id))
            p { (l.pick(format!("{boards} boards per match. The roster order is the board order for the whole event."),
                format!("每场 {boards} 台。名单顺序即整个比赛的台次顺序。"))) }
            @if d.teams().is_empty() {
                p.muted #no-teams { (l.t("No team yet.", "还没有参赛队。")) }
            } @else {
                div.table-wrap { table #teams {
                    thead { tr {
                        th.num { (Heading::PairingNumber.label(l)) } th { (l.t("Team", "队名")) }
                        th { (l.t("Roster (board order)", "名单（台次顺序）")) } th { }
                    } }
                    tbody { @for t in d.teams() { tr data-team=(t.id.0) {
                        td.num { (t.id.0) }
                        td { (t.name) }
                        td { ol.roster { @for p in &t.roster { li data-player=(p.0) { (player_name(d, *p)) } } } }
                        td.no-print { a href={ "/desk/events/" (id) "/teams/" (t.id.0) } { (l.t("edit", "编辑")) } }
                    } } }
                } }
            }
            @if !started {
                form.stack.no-print #add-team name="add-team" method="post" action={ "/desk/events/" (id) "/teams" } {
                    (csrf_field(viewer))
                    h2 { (l.t("Add a team", "添加参赛队")) }
                    label { (l.t("Team name", "队名")) input type="text" name="name" required maxlength="100"; }
                    label { (l.t("Registered players, by number, in board order (e.g. 1 2 3 4)", "已登记棋手序号，按台次顺序（如 1 2 3 4）"))
                        input type="text" name="roster" inputmode="numeric"; }
                    label { (l.t("New players, one name per line, in board order (added after those above)", "新棋手姓名，每行一个，按台次顺序（排在上面的棋手之后）"))
                        textarea name="names" rows="5" {} }
                    button.big-button #add-team-submit type="submit" { (l.t("Add team", "添加")) }
                }
            } @else {
                p.muted { (l.t("The first round is paired: rosters are fixed.", "第一轮已编排：名单不能再改。")) }
            }
        },
    )
}

fn team_nav(viewer: &Viewer, id: i64) -> Markup {
    let l = viewer.lang;
    html! {
        p.no-print #team-nav {
            a href={ "/desk/events/" (id) "/teams" } { (l.t("Teams", "参赛队")) } " · "
            a href={ "/desk/events/" (id) "/teams/rounds" } { (l.t("Team rounds", "团体轮次")) } " · "
            a href={ "/desk/events/" (id) "/teams/standings" } { (l.t("Team standings", "团体排名")) }
        }
    }
}

/// `GET /desk/events/{id}/teams`: teams and rosters, the form to add one.
pub(super) async fn teams_page(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
) -> Result<Markup, AppError> {
    let loaded = load_team_event(&state, &viewer, &user, id).await?;
    Ok(teams_markup(&viewer, &loaded, None))
}

#[derive(Debug, Default, Deserialize)]
pub(super) struct TeamForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    roster: String,
    #[serde(default)]
    names: String,
}

fn refused(_viewer: &Viewer, markup: Markup) -> Response {
    let mut resp = markup.into_response();
    *resp.status_mut() = StatusCode::BAD_REQUEST;
    resp
}

/// `POST /desk/events/{id}/teams`: adds a team (registering the new players
/// named, one per line).
pub(super) async fn add_team(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
    Form(f): Form<TeamForm>,
) -> Result<Response, AppError> {
    let l = viewer.lang;
    let loaded = load_team_event(&state, &viewer, &user, id).await?;
    let fail = |loaded: &LoadedEvent, m: String| {
        Ok(refused(
            &viewer,
            teams_markup(&viewer, loaded, Some(&Flash::Err(m))),
        ))
    };
    let mut roster = match parse_numbers(&f.roster, l) {
        Ok(r) => r,
        Err(m) => return fail(&loaded, m),
    };
    if f.name.trim().is_empty() {
        return fail(
            &loaded,
            l.t("A team needs a name.", "参赛队需要队名。").into(),
        );
    }
    if !loaded.desk.team_rounds().is_empty() {
        return fail(
            &loaded,
            l.t(
                "The first round is paired: no new team.",
                "第一轮已编排：不能再添加参赛队。",
            )
            .into(),
        );
    }
    // Check the registered players first, so nothing is registered for a
    // team that is then refused.
    let mut probe = loaded.desk.clone();
    if let Err(e) = probe.add_team(f.name.trim(), roster.clone()) {
        return fail(&loaded, store_error(StoreError::Desk(e), l).message(l));
    }
    // Every new player is checked (and the field's size limit) before the
    // first is registered, so a refusal leaves nothing half-registered.
    let mut infos = Vec::new();
    for name in f.names.lines().map(str::trim).filter(|n| !n.is_empty()) {
        let info = PlayerInfo::new(name);
        if let Err(e) = info.validate(0) {
            return fail(&loaded, e.to_string());
        }
        infos.push(info);
    }
    if let Err(m) = super::check_field_size(&state, loaded.desk.players().len(), infos.len(), l) {
        return fail(&loaded, m);
    }
    for info in infos {
        let p = state
            .store
            .add_player(id, &info, by(&user))
            .await
            .map_err(|e| store_error(e, l))?;
        roster.push(p);
    }
    match state
        .store
        .add_team(id, f.name.trim(), &roster, by(&user))
        .await
    {
        Ok(_) => Ok(Redirect::to(&format!("/desk/events/{id}/teams")).into_response()),
        Err(e @ StoreError::Desk(_)) => {
            let loaded = load_team_event(&state, &viewer, &user, id).await?;
            fail(&loaded, store_error(e, l).message(l))
        }
        Err(e) => Err(store_error(e, l)),
    }
}

fn edit_markup(viewer: &Viewer, loaded: &LoadedEvent, team: TeamId, msg: Option<&Flash>) -> Markup {
    let l = viewer.lang;
    let d = &loaded.desk;
    let id = loaded.id;
    let t = d.team(team);
    let roster = t
        .map(|t| {
            t.roster
                .iter()
                .map(|p| p.0.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default();
    page(
        viewer,
        l.t("Team", "参赛队"),
        html! {
            (event_nav(viewer, loaded, "teams"))
            (flash(msg))
            (team_nav(viewer, id))
            form.stack #edit-team name="edit-team" method="post" action={ "/desk/events/" (id) "/teams/" (team.0) } {
                (csrf_field(viewer))
                label { (l.t("Team name", "队名")) input type="text" name="name" required maxlength="100" value=(t.map_or("", |t| t.name.as_str())); }
                label { (l.t("Roster: player numbers in board order", "名单：棋手序号，按台次顺序"))
                    input type="text" name="roster" inputmode="numeric" value=(roster); }
                button.big-button #edit-team-submit type="submit" { (l.t("Save", "保存")) }
            }
        },
    )
}

/// `GET /desk/events/{id}/teams/{team}`: the team's name and roster.
pub(super) async fn edit_team_form(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path((id, team)): Path<(i64, u32)>,
) -> Result<Markup, AppError> {
    let loaded = load_team_event(&state, &viewer, &user, id).await?;
    if loaded.desk.team(TeamId(team)).is_none() {
        return Err(AppError::NotFound);
    }
    Ok(edit_markup(&viewer, &loaded, TeamId(team), None))
}

/// `POST /desk/events/{id}/teams/{team}`.
pub(super) async fn edit_team_save(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path((id, team)): Path<(i64, u32)>,
    Form(f): Form<TeamForm>,
) -> Result<Response, AppError> {
    let l = viewer.lang;
    let loaded = load_team_event(&state, &viewer, &user, id).await?;
    let team = TeamId(team);
    if loaded.desk.team(team).is_none() {
        return Err(AppError::NotFound);
    }
    let result = match parse_numbers(&f.roster, l) {
        Ok(roster) => state
            .store
            .update_team(id, team, f.name.trim(), &roster, by(&user))
            .await
            .map_err(|e| store_error(e, l).message(l)),
        Err(m) => Err(m),
    };
    match result {
        Ok(()) => Ok(Redirect::to(&format!("/desk/events/{id}/teams")).into_response()),
        Err(m) => Ok(refused(
            &viewer,
            edit_markup(&viewer, &loaded, team, Some(&Flash::Err(m))),
        )),
    }
}

fn plan_list(viewer: &Viewer, d: &DeskEvent, plan: &TeamRoundPlan) -> Markup {
    let l = viewer.lang;
    html! {
        ol.matches {
            @for m in &plan.matches {
                li data-home=(m.home.0) data-away=(m.away.0) { (team_name(d, m.home)) " – " (team_name(d, m.away)) }
            }
        }
        @if let Some(b) = plan.bye { p data-bye=(b.0) { (team_name(d, b)) " — " (l.t("bye (a won match)", "轮空（记胜一场）")) } }
        @if let Some(b) = plan.free { p data-free=(b.0) { (team_name(d, b)) " — " (l.t("free round", "本轮轮休")) } }
    }
}

/// `GET /desk/events/{id}/teams/rounds`: every team round and what to do next.
pub(super) async fn rounds_page(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
) -> Result<Markup, AppError> {
    let l = viewer.lang;
    let loaded = load_team_event(&state, &viewer, &user, id).await?;
    let d = &loaded.desk;
    Ok(page(
        &viewer,
        l.t("Team rounds", "团体轮次"),
        html! {
            (event_nav(&viewer, &loaded, "teams"))
            (team_nav(&viewer, id))
            div.table-wrap { table #team-rounds {
                thead { tr { th.num { (l.t("Round", "轮次")) } th { (l.t("Matches", "对阵")) } th { (l.t("State", "状态")) } } }
                tbody { @for plan in d.team_rounds() { tr data-round=(plan.round) {
                    td.num { a href={ "/desk/events/" (id) "/teams/rounds/" (plan.round) } { (plan.round) } }
                    td { (plan.matches.len()) }
                    td { @if d.rounds_paired() >= plan.round { (l.t("boards made", "已排台")) } @else { (l.t("awaiting line-ups", "等待出场名单")) } }
                } } }
            } }
            @if d.team_rounds().len() < d.total_rounds() as usize {
                p { a.button.big-button #pair-teams href={ "/desk/events/" (id) "/teams/pair" } { (l.t("Pair the next team round", "编排下一轮团体对阵")) } }
            } @else {
                p.muted { (l.t("Every round is paired.", "所有轮次均已编排。")) }
            }
        },
    ))
}

fn pair_markup(viewer: &Viewer, loaded: &LoadedEvent, msg: Option<&Flash>) -> Markup {
    let l = viewer.lang;
    let d = &loaded.desk;
    let id = loaded.id;
    let proposal = d.pair_next_team_round();
    page(
        viewer,
        l.t("Pair teams", "团体编排"),
        html! {
            (event_nav(viewer, loaded, "teams"))
            (flash(msg))
            (team_nav(viewer, id))
            @match &proposal {
                Err(e) => p.error #team-proposal role="alert" { (l.t("The teams cannot be paired: ", "无法编排：")) (e) },
                Ok(plan) => div #team-proposal data-round=(plan.round) {
                    h2 { (l.t("Round ", "第")) (plan.round) (l.t("", "轮")) }
                    (plan_list(viewer, d, plan))
                    form #confirm-team-pairing name="confirm-team-pairing" method="post" action={ "/desk/events/" (id) "/teams/pair" } {
                        (csrf_field(viewer))
                        input type="hidden" name="round" value=(plan.round);
                        button.big-button #confirm-teams type="submit" { (l.t("Save this pairing", "保存此编排")) }
                    }
                },
            }
        },
    )
}

/// `GET /desk/events/{id}/teams/pair`: the proposed pairing of teams.
pub(super) async fn pair_preview(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
) -> Result<Markup, AppError> {
    let loaded = load_team_event(&state, &viewer, &user, id).await?;
    Ok(pair_markup(&viewer, &loaded, None))
}

#[derive(Debug, Default, Deserialize)]
pub(super) struct PairForm {
    #[serde(default)]
    round: String,
}

/// `POST /desk/events/{id}/teams/pair`: pairs again on the stored event and
/// saves (the round named by the form must still be the next one).
pub(super) async fn pair_post(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
    Form(f): Form<PairForm>,
) -> Result<Response, AppError> {
    let l = viewer.lang;
    let loaded = load_team_event(&state, &viewer, &user, id).await?;
    let plan = match loaded.desk.pair_next_team_round() {
        Ok(p) => p,
        Err(e) => {
            return Ok(refused(
                &viewer,
                pair_markup(
                    &viewer,
                    &loaded,
                    Some(&Flash::Err(store_error(StoreError::Desk(e), l).message(l))),
                ),
            ));
        }
    };
    if f.round.trim() != plan.round.to_string() {
        return Ok(refused(
            &viewer,
            pair_markup(
                &viewer,
                &loaded,
                Some(&Flash::Err(
                    l.t(
                        "The event changed meanwhile: check the pairing again.",
                        "赛事已被他人修改：请重新核对编排。",
                    )
                    .into(),
                )),
            ),
        ));
    }
    let round = state
        .store
        .save_team_round(id, &plan, by(&user))
        .await
        .map_err(|e| store_error(e, l))?;
    Ok(Redirect::to(&format!("/desk/events/{id}/teams/rounds/{round}")).into_response())
}

fn round_markup(
    viewer: &Viewer,
    loaded: &LoadedEvent,
    round: u32,
    msg: Option<&Flash>,
    conflicts: &[Conflict],
) -> Markup {
    let l = viewer.lang;
    let d = &loaded.desk;
    let id = loaded.id;
    let (white, black) = colour_names(d.settings().game, l);
    let plan = &d.team_rounds()[round as usize - 1];
    let made = d.rounds_paired() >= round;
    let nboards = d.team_boards_per_match() as usize;
    page(
        viewer,
        &format!("{} {round}", l.t("Team round", "团体轮次")),
        html! {
            (event_nav(viewer, loaded, "teams"))
            (flash(msg))
            (team_nav(viewer, id))
            (conflicts_alert(conflicts))
            h2 #team-round-title data-round=(round) { (l.t("Round ", "第")) (round) (l.t("", "轮")) }
            @if !made {
                p { (l.t("Enter each team's line-up (board 1 first; the order must follow the roster). A team without a line-up plays its first roster players.",
                    "请录入各队出场名单（第1台在前，须符合名单顺序）。未录入的队按名单前几名出场。")) }
                @for m in &plan.matches { @for t in [m.home, m.away] {
                    @let current = d.line_up(round, t).unwrap_or_default();
                    @let roster = d.team(t).map(|x| x.roster.clone()).unwrap_or_default();
                    form.stack.board-entry #{ "line-up-" (t.0) } name="line-up" data-team=(t.0) data-entered=(plan.line_up(t).is_some())
                        method="post" action={ "/desk/events/" (id) "/teams/rounds/" (round) "/lineup" } {
                        (csrf_field(viewer))
                        input type="hidden" name="team" value=(t.0);
                        p.who { (team_name(d, t)) }
                        @for b in 0..nboards {
                            label { (l.t("Board ", "第")) (b + 1) (l.t("", "台"))
                                select name={ "b" (b + 1) } {
                                    @for p in &roster {
                                        option value=(p.0) selected[current.get(b) == Some(p)] { (player_name(d, *p)) }
                                    }
                                } }
                        }
                        button type="submit" { (l.t("Save line-up", "保存出场名单")) }
                    }
                } }
                form #make-boards name="make-boards" method="post" action={ "/desk/events/" (id) "/teams/rounds/" (round) "/boards" } {
                    (csrf_field(viewer))
                    button.big-button #make-boards-submit type="submit" { (l.t("Make the boards", "生成台次对阵")) }
                }
                (plan_list(viewer, d, plan))
            } @else {
                @let games: Vec<_> = loaded.games.iter().filter(|g| g.round == round).collect();
                form #team-results-form name="team-results" method="post" action={ "/desk/events/" (id) "/teams/rounds/" (round) "/results" } {
                    (csrf_field(viewer))
                    @for (i, m) in plan.matches.iter().enumerate() {
                        @let score = d.match_score(round, i).ok();
                        section.team-match #{ "match-" (i + 1) } data-home=(m.home.0) data-away=(m.away.0)
                            data-home-games=(score.map(|s| dec(s.home_games)).unwrap_or_default())
                            data-away-games=(score.map(|s| dec(s.away_games)).unwrap_or_default())
                            data-match-points=(score.and_then(|s| s.match_points).map(|(h, a)| format!("{}:{}", dec(h), dec(a))).unwrap_or_default()) {
                            h3 { (team_name(d, m.home)) " – " (team_name(d, m.away)) " "
                                @if let Some(s) = score {
                                    span.score { (dec(s.home_games)) " : " (dec(s.away_games)) }
                                    @if let Some((h, a)) = s.match_points {
                                        " (" (l.t("match points ", "场分 ")) (dec(h)) " : " (dec(a)) ")"
                                    }
                                }
                            }
                            @for b in 0..nboards {
                                @let home_p = plan.line_up(m.home).and_then(|x| x.get(b).copied());
                                @let g = games.iter().find(|g| home_p.is_some_and(|h| g.white == h || g.black == h));
                                @if let Some(g) = g {
                                    fieldset.board-entry #{ "team-board-" (g.board) } data-game=(g.id) data-version=(g.version) data-result=(result_key(g.result)) {
                                        legend.who {
                                            (l.t("Board ", "第")) (b + 1) (l.t(": ", "台："))
                                            (white) " " (player_name(d, g.white)) " – " (black) " " (player_name(d, g.black))
                                        }
                                        (result_radios(g, conflicts, "t", d.settings(), l))
                                    }
                                }
                            }
                        }
                    }
                    @if let Some(b) = plan.bye { p data-bye=(b.0) { (team_name(d, b)) " — " (l.t("bye (a won match)", "轮空（记胜一场）")) } }
                    @if let Some(b) = plan.free { p data-free=(b.0) { (team_name(d, b)) " — " (l.t("free round", "本轮轮休")) } }
                    p { button.big-button #save-team-results type="submit" { (l.t("Save results", "保存成绩")) } }
                }
            }
        },
    )
}

/// `GET /desk/events/{id}/teams/rounds/{round}`: line-ups, then the boards
/// and their results.
pub(super) async fn round_page(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path((id, round)): Path<(i64, u32)>,
) -> Result<Markup, AppError> {
    let loaded = load_team_event(&state, &viewer, &user, id).await?;
    if round == 0 || round as usize > loaded.desk.team_rounds().len() {
        return Err(AppError::NotFound);
    }
    Ok(round_markup(&viewer, &loaded, round, None, &[]))
}

/// `POST /desk/events/{id}/teams/rounds/{round}/lineup`: `team`, `b1`…`bN`.
pub(super) async fn line_up_post(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path((id, round)): Path<(i64, u32)>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Result<Response, AppError> {
    let l = viewer.lang;
    let loaded = load_team_event(&state, &viewer, &user, id).await?;
    if round == 0 || round as usize > loaded.desk.team_rounds().len() {
        return Err(AppError::NotFound);
    }
    let get = |k: &str| {
        fields
            .iter()
            .find(|(n, _)| n == k)
            .map(|(_, v)| v.trim().to_string())
    };
    let team = get("team").and_then(|t| t.parse::<u32>().ok()).map(TeamId);
    let mut players = Vec::new();
    let mut bad = None;
    for b in 1..=loaded.desk.team_boards_per_match() {
        match get(&format!("b{b}")).map(|v| v.parse::<u32>()) {
            Some(Ok(p)) => players.push(PlayerId(p)),
            _ => {
                bad = Some(l.pick(
                    format!("Board {b}: choose a player."),
                    format!("第{b}台：请选择棋手。"),
                ))
            }
        }
    }
    let result = match (team, bad) {
        (None, _) => Err(l.t("Which team?", "请指明参赛队。").to_string()),
        (_, Some(m)) => Err(m),
        (Some(t), None) => state
            .store
            .set_line_up(id, round, t, &players, by(&user))
            .await
            .map_err(|e| store_error(e, l).message(l)),
    };
    match result {
        Ok(()) => {
            Ok(Redirect::to(&format!("/desk/events/{id}/teams/rounds/{round}")).into_response())
        }
        Err(m) => Ok(refused(
            &viewer,
            round_markup(&viewer, &loaded, round, Some(&Flash::Err(m)), &[]),
        )),
    }
}

/// `POST /desk/events/{id}/teams/rounds/{round}/boards`: makes the boards.
pub(super) async fn boards_post(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path((id, round)): Path<(i64, u32)>,
) -> Result<Response, AppError> {
    let l = viewer.lang;
    let loaded = load_team_event(&state, &viewer, &user, id).await?;
    if round == 0 || round as usize > loaded.desk.team_rounds().len() {
        return Err(AppError::NotFound);
    }
    match state.store.make_team_boards(id, round, by(&user)).await {
        Ok(_) => {
            Ok(Redirect::to(&format!("/desk/events/{id}/teams/rounds/{round}")).into_response())
        }
        Err(e @ StoreError::Desk(_)) => Ok(refused(
            &viewer,
            round_markup(
                &viewer,
                &loaded,
                round,
                Some(&Flash::Err(store_error(e, l).message(l))),
                &[],
            ),
        )),
        Err(e) => Err(store_error(e, l)),
    }
}

/// `POST /desk/events/{id}/teams/rounds/{round}/results`: the board results
/// that differ from what the form showed (`r{game}` against `o{game}`),
/// each with its version (`v{game}`); a board changed meanwhile comes back
/// (409) naming who changed it, the entry kept selected.
pub(super) async fn results_post(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path((id, round)): Path<(i64, u32)>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Result<Response, AppError> {
    let l = viewer.lang;
    let loaded = load_team_event(&state, &viewer, &user, id).await?;
    if round == 0 || round > loaded.desk.rounds_paired() {
        return Err(AppError::NotFound);
    }
    let SavedResults {
        conflicts, errors, ..
    } = save_results(&state, &user, &loaded, round, &fields, l).await;
    if conflicts.is_empty() && errors.is_empty() {
        return Ok(
            Redirect::to(&format!("/desk/events/{id}/teams/rounds/{round}")).into_response(),
        );
    }
    let loaded = load_team_event(&state, &viewer, &user, id).await?;
    let msg = (!errors.is_empty()).then(|| Flash::Err(errors.join(" ")));
    let mut resp = round_markup(&viewer, &loaded, round, msg.as_ref(), &conflicts).into_response();
    *resp.status_mut() = refusal_status(&conflicts);
    Ok(resp)
}

/// `GET /desk/events/{id}/teams/standings`: 场分, 局分 and the team
/// tie-breaks, after the last round with every result.
pub(super) async fn standings_page(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
) -> Result<Markup, AppError> {
    let l = viewer.lang;
    let loaded = load_team_event(&state, &viewer, &user, id).await?;
    let d = &loaded.desk;
    let st = d.team_standings(None);
    let preset = d
        .settings()
        .team
        .as_ref()
        .map(|t| t.tiebreaks.clone())
        .unwrap_or_default();
    let desc = TEAM_PRESETS
        .iter()
        .find(|p| p.0 == preset)
        .map_or(preset.as_str(), |p| super::preset_text(p.0, p.2, l));
    Ok(page(
        &viewer,
        l.t("Team standings", "团体排名"),
        html! {
            (event_nav(&viewer, &loaded, "teams"))
            (team_nav(&viewer, id))
            p { (l.pick(format!("After round {}.", d.team_rounds_finished()), format!("第{}轮后。", d.team_rounds_finished()))) " " (desc) }
            @match &st {
                Err(e) => p.error #team-standings role="alert" { (e) },
                Ok(s) => { div.table-wrap { table #team-standings {
                    thead { tr {
                        th.num { (Heading::Rank.label(l)) } th { (l.t("Team", "队名")) }
                        th.num { (l.t("Match points", "场分")) } th.num { (l.t("Game points", "局分")) }
                        @for tb in &s.tiebreaks { th.num { (tb.to_string()) } }
                    } }
                    tbody { @for r in &s.rows { tr data-team=(r.team.0) data-rank=(r.rank) {
                        td.num { (r.rank) } td { (team_name(d, r.team)) }
                        td.num.mp { (dec(r.match_points)) } td.num.gp { (dec(r.game_points)) }
                        @for v in &r.shown { td.num data-marked[v.marked] { (v.text(dec)) } }
                    } } }
                } }
                @for note in s.tiebreaks.iter().filter_map(|tb| tb.shown_note(l)).take(1) {
                    p.tiebreak-note { (note) }
                } }
            }
        },
    ))
}
