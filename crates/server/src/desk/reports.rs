//! Standings, crosstable, rating report, norm check, print views and
//! exports of an event.

use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use maud::{Markup, html};
use qiyuan_desk::export;
use qiyuan_desk::prelude::*;
use qiyuan_store::desk::LoadedEvent;
use qiyuan_vocab::{Heading, RatingFigure};
use serde::Deserialize;

use super::{desk_error, event_nav, load_for};
use crate::AppState;
use crate::auth::{SignedIn, Viewer};
use crate::error::AppError;
use crate::i18n::Lang;
use crate::layout::page;
use crate::report::{self, View};

#[derive(Debug, Default, Deserialize)]
pub(super) struct RoundQuery {
    #[serde(default)]
    round: Option<u32>,
    #[serde(default)]
    profile: Option<String>,
    /// The norms page: the kind of event for the FIDE norms (a
    /// [`qiyuan_rating::fide_norms::FideEventKind`] code).
    #[serde(default)]
    fide_kind: Option<String>,
    /// The norms page: the host federation for the FIDE norms.
    #[serde(default)]
    host_federation: Option<String>,
}

/// `GET /desk/events/{id}/standings[?round=N]`.
pub(super) async fn standings(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
    Query(q): Query<RoundQuery>,
) -> Result<Markup, AppError> {
    let l = viewer.lang;
    let loaded = load_for(&state, &user, id, l).await?;
    let t = loaded
        .desk
        .standings_table(q.round)
        .map_err(|e| desk_error(&e, l))?;
    let view = desk_view(l, &loaded.desk);
    let standings =
        report::event_standings(&view, &loaded.desk, &t, &[]).map_err(|e| desk_error(&e, l))?;
    Ok(page(
        &viewer,
        l.t("Standings", "排名"),
        html! {
            (event_nav(&viewer, &loaded, "standings"))
            p.no-print {
                @for r in 1..=loaded.desk.last_complete_round() {
                    a href={ "?round=" (r) } { (r) } " "
                }
                a href={ "/desk/events/" (id) "/print/standings" } { (l.t("print", "打印")) }
            }
            (standings)
        },
    ))
}

/// How the desk renders its reports: the reader's language, the event's
/// game, no links, nothing live.
pub(super) fn desk_view(l: Lang, d: &DeskEvent) -> View<'static> {
    View {
        lang: l,
        game: d.settings().game,
        links: None,
        live: None,
    }
}

/// The crosstable of every round paired, ranked by the standings after
/// the last complete round (the desk's page and prints).
pub(super) fn crosstable_markup(l: Lang, d: &DeskEvent) -> Markup {
    let standings = d.standings_table(None).ok();
    report::crosstable(
        &desk_view(l, d),
        &d.crosstable(),
        d.rounds_paired(),
        standings.as_ref(),
    )
}

/// `GET /desk/events/{id}/crosstable`.
pub(super) async fn crosstable(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
) -> Result<Markup, AppError> {
    let l = viewer.lang;
    let loaded = load_for(&state, &user, id, l).await?;
    Ok(page(
        &viewer,
        l.t("Crosstable", "交叉表"),
        html! {
            (event_nav(&viewer, &loaded, "crosstable"))
            h2 { (report::crosstable_heading(l, loaded.desk.rounds_paired())) }
            (crosstable_markup(l, &loaded.desk))
        },
    ))
}

fn profile_choice(loaded: &LoadedEvent, q: &RoundQuery) -> Option<String> {
    q.profile
        .clone()
        .filter(|p| !p.is_empty())
        .or_else(|| loaded.desk.settings().rating_profile.clone())
}

fn profile_form(l: Lang, chosen: Option<&str>) -> Markup {
    html! {
        form.no-print #choose-profile method="get" {
            label { (l.t("Rating profile ", "等级分规则 "))
                select name="profile" {
                    @for name in qiyuan_rating::Profile::builtin_names() {
                        option value=(name) selected[chosen == Some(name)] { (super::profile_title(name, l)) }
                    }
                }
            }
            " " button type="submit" { (l.t("Show", "显示")) }
        }
    }
}

/// `GET /desk/events/{id}/rating[?profile=NAME]`: every player's rating
/// change with the calculation in words.
pub(super) async fn rating(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
    Query(q): Query<RoundQuery>,
) -> Result<Markup, AppError> {
    let l = viewer.lang;
    let loaded = load_for(&state, &user, id, l).await?;
    let profile = profile_choice(&loaded, &q);
    let report = profile
        .as_deref()
        .map(|p| loaded.desk.rating_report(Some(p)));
    // Figures as the report's tables show them everywhere (the CLI's table
    // and the explanation below too): `PlayerReport::shown`, never the 28
    // decimals of an exact division.
    let show = |p: &qiyuan_rating::event::PlayerReport, f: RatingFigure| {
        p.shown(f)
            .map_or_else(|| "—".to_string(), |d| d.normalize().to_string())
    };
    Ok(page(
        &viewer,
        l.t("Rating report", "等级分计算"),
        html! {
            (event_nav(&viewer, &loaded, "rating"))
            (profile_form(l, profile.as_deref()))
            @match &report {
                None => p.muted #rating-report { (l.t("The event has no rating profile: choose one.", "本赛事未设置等级分规则，请选择一个。")) },
                Some(Err(e)) => p.error #rating-report role="alert" { (l.t("The rating report cannot be computed: ", "无法计算等级分：")) (e.text(l)) },
                Some(Ok(r)) => div #rating-report {
                    p { (super::profile_title(&r.profile, l)) }
                    // The conditions the event fails, in the reader's
                    // language; then the desk's own remarks.
                    @for w in r.warnings_in(l) { p.warning { (w) } }
                    div.table-wrap { table #rating-table {
                        thead { tr {
                            th.num { (Heading::PairingNumber.label(l)) } th { (Heading::Name.label(l)) }
                            @for f in RatingFigure::ALL {
                                th.num data-figure=(f.code()) { abbr title=(f.name(l)) { (f.symbol()) } }
                            }
                        } }
                        tbody { @for p in &r.players { tr data-player=(p.id.0) {
                            td.num { (p.id.0) } td { (p.name) }
                            @for f in RatingFigure::ALL { td.num { (show(p, f)) } }
                        } } }
                    } }
                    h2 { (l.t("The calculation, player by player", "逐人计算过程")) }
                    @for p in &r.players {
                        details { summary { (p.id.0) " " (p.name) }
                            pre.explain { (p.explain(l)) } }
                    }
                },
            }
        },
    ))
}

/// `?table=` of the grade report.
#[derive(Debug, Default, Deserialize)]
pub(super) struct GradeQuery {
    #[serde(default)]
    table: Option<String>,
}

/// `GET /desk/events/{id}/grades?table=`: the event's grade report (等级晋升,
/// cca-chess §5.1 and the xiangqi grades): each player's grade before, score
/// rate, the points each next grade needs and the grade earned, under a
/// built-in grade table (by default the game's: `cxa` for xiangqi,
/// `cca-chess` for chess). Grades are read from the players' titles.
pub(super) async fn grades(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
    Query(q): Query<GradeQuery>,
) -> Result<Markup, AppError> {
    grades_page(state, viewer, user, id, q, None).await
}

/// The form of `POST /desk/events/{id}/grades`: a federation's own grade
/// table (TOML, as `crates/rating/grades/*.toml` and
/// `examples/grades-example.cfg` write it).
#[derive(Debug, Deserialize)]
pub(super) struct GradeTableForm {
    #[serde(default)]
    toml: String,
}

/// `POST /desk/events/{id}/grades`: the grade report under the table the
/// arbiter pasted (nothing is stored).
pub(super) async fn grades_with_table(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
    axum::Form(f): axum::Form<GradeTableForm>,
) -> Result<Markup, AppError> {
    grades_page(state, viewer, user, id, GradeQuery::default(), Some(f.toml)).await
}

async fn grades_page(
    state: AppState,
    viewer: Viewer,
    user: crate::auth::User,
    id: i64,
    q: GradeQuery,
    own: Option<String>,
) -> Result<Markup, AppError> {
    use qiyuan_rating::grades::grade_report;
    let l = viewer.lang;
    let loaded = load_for(&state, &user, id, l).await?;
    let default = match loaded.desk.settings().game {
        GameKind::Xiangqi => "cxa",
        GameKind::Chess => "cca-chess",
    };
    let (table, name) = choose_grade_table(l, default, q.table.as_deref(), own.as_deref())?;
    let event = loaded.desk.rating_event().map_err(|e| desk_error(&e, l))?;
    let report = grade_report(&event, &table);
    Ok(page(
        &viewer,
        l.t("Grades", "等级晋升"),
        html! {
            (event_nav(&viewer, &loaded, "grades"))
            (grade_report_markup(l, &table, &name, &report))
            (own_table_form(&viewer, &format!("/desk/events/{id}/grades"), own.as_deref()))
        },
    ))
}

/// `GET /desk/events/{id}/norms[?profile=NAME]`: the title norm check.
pub(super) async fn norms(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
    Query(q): Query<RoundQuery>,
) -> Result<Markup, AppError> {
    let l = viewer.lang;
    let loaded = load_for(&state, &user, id, l).await?;
    let profile = profile_choice(&loaded, &q);
    let report = profile.as_deref().map(|p| loaded.desk.norm_report(Some(p)));
    // FIDE title norms (B.01) beside the national ones, for chess.
    let fide = (loaded.desk.settings().game == GameKind::Chess).then(|| {
        let facts = fide_facts(&q);
        let report = loaded.desk.fide_norm_report(&facts);
        (facts, report)
    });
    Ok(page(
        &viewer,
        l.t("Norms", "称号标准"),
        html! {
            (event_nav(&viewer, &loaded, "norms"))
            (profile_form(l, profile.as_deref()))
            @match &report {
                None => p.muted #norm-report { (l.t("The event has no rating profile: choose one.", "本赛事未设置等级分规则，请选择一个。")) },
                Some(Err(e)) => p.error #norm-report role="alert" { (l.t("The norm check cannot be made: ", "无法进行称号标准检查：")) (e.text(l)) },
                Some(Ok(r)) => div #norm-report {
                    @if r.qualifies {
                        p.notice { (l.t("The event meets the title-event conditions.", "本赛事符合称号赛事条件。")) }
                    } @else {
                        p.warning { (l.t("The event does not meet the title-event conditions:", "本赛事不符合称号赛事条件：")) }
                        ul { @for reason in &r.reasons { li { (reason.text(l)) } } }
                    }
                    @if let Some(a) = r.event_average { p { (l.t("Average rating: ", "平均等级分：")) (a.round_dp(1)) } }
                    div.table-wrap { table {
                        thead { tr {
                            th.num { (Heading::PairingNumber.label(l)) } th { (Heading::Name.label(l)) } th.num { "N" } th.num { (l.t("Score", "得分")) }
                            th.num { (l.t("Category", "比赛等级")) } th { (l.t("Norms", "称号标准")) }
                        } }
                        tbody { @for p in &r.players { tr data-player=(p.id.0) {
                            td.num { (p.id.0) } td { (p.name) } td.num { (p.games) } td.num { (p.score) }
                            td.num { @if let Some(c) = p.category { (c) } }
                            td { @for n in &p.results {
                                (n.title.name(l)) ": "
                                @if n.achieved { strong { (l.t("achieved", "达到")) } }
                                @else { (n.reason.as_ref().map_or("—".to_string(), |r| r.text(l))) }
                                @if let Some(req) = n.required_points { " (" (l.t("needs ", "需 ")) (req) ")" }
                                br;
                            } }
                        } } }
                    } }
                },
            }
            @if let Some((facts, report)) = &fide {
                (fide_norms_markup(l, profile.as_deref(), facts, report))
            }
        },
    ))
}

/// The facts of the FIDE norm check from the norms page's query: the kind
/// of event and the host federation (one word of letters, upper-cased;
/// anything else is taken as not given).
fn fide_facts(q: &RoundQuery) -> qiyuan_rating::fide_norms::FideEventFacts {
    use qiyuan_rating::fide_norms::{FideEventFacts, FideEventKind};
    FideEventFacts {
        kind: q
            .fide_kind
            .as_deref()
            .and_then(FideEventKind::from_code)
            .unwrap_or_default(),
        host_federation: q
            .host_federation
            .as_deref()
            .map(str::trim)
            .filter(|h| !h.is_empty() && h.len() <= 8 && h.chars().all(|c| c.is_ascii_alphabetic()))
            .map(str::to_ascii_uppercase),
    }
}

/// The FIDE title norms of a chess event (B.01, 2024): the kind of event
/// and host federation the arbiter declares, the event's conditions, and
/// for each player each title's result or the requirements it fails, each
/// with its article.
fn fide_norms_markup(
    l: Lang,
    profile: Option<&str>,
    facts: &qiyuan_rating::fide_norms::FideEventFacts,
    report: &Result<qiyuan_rating::fide_norms::FideNormReport, DeskError>,
) -> Markup {
    use qiyuan_rating::conditions::CheckStatus;
    use qiyuan_rating::fide_norms::FideEventKind;
    html! {
        section #fide-norms {
            h2 { (l.t("FIDE title norms", "国际棋联称号标准")) }
            p.muted {
                (l.t("FIDE Title Regulations (B.01), effective from 1 January 2024, article 1.4. The ratings entered for the event are taken as FIDE ratings, the titles by their FIDE codes.",
                     "国际棋联称号条例（B.01，2024 年 1 月 1 日起施行）第 1.4 条。本赛事录入的等级分按国际棋联等级分计算，称号按国际棋联称号代码计算。"))
            }
            form.no-print #fide-facts method="get" {
                @if let Some(p) = profile { input type="hidden" name="profile" value=(p); }
                label { (l.t("Kind of event ", "赛事类别 "))
                    select name="fide_kind" {
                        @for k in FideEventKind::ALL {
                            option value=(k.code()) selected[facts.kind == k] { (k.label(l)) }
                        }
                    }
                }
                " "
                label { (l.t("Host federation ", "主办协会 "))
                    input type="text" name="host_federation" size="4" maxlength="8"
                        value=(facts.host_federation.as_deref().unwrap_or(""));
                }
                " " button type="submit" { (l.t("Show", "显示")) }
            }
            @match report {
                Err(e) => p.error role="alert" { (l.t("The FIDE norm check cannot be made: ", "无法进行国际棋联称号标准检查：")) (e.text(l)) },
                Ok(r) => {
                    ul #fide-checks {
                        @for c in &r.checks {
                            li data-status=(match c.status { CheckStatus::Met => "met", CheckStatus::Failed => "failed", CheckStatus::Unknown => "unknown" }) {
                                (c.article) " " (l.pick(&c.condition, &c.condition_zh)) ": "
                                @match c.status {
                                    CheckStatus::Unknown => (l.t("not checked: ", "未检查："))
                                    _ => ""
                                }
                                (l.pick(&c.detail, &c.detail_zh))
                            }
                        }
                        li #fide-swiss {
                            @match &r.swiss_exemption {
                                Some(s) => {
                                    "1.4.3d: "
                                    (l.pick(
                                        format!("{} rated players of other federations than the host's, from {} federations, {} of them GM, IM, WGM or WIM: ", s.players, s.federations, s.titled),
                                        format!("主办协会以外有等级分的棋手 {} 名，来自 {} 个协会，其中 GM、IM、WGM、WIM {} 名：", s.players, s.federations, s.titled),
                                    ))
                                    @if s.met { (l.t("the federation mix is waived", "免除对手协会的要求")) }
                                    @else { (l.t("not exempt", "不予免除")) }
                                },
                                None => (l.t("1.4.3d (a large Swiss event) is counted for a Swiss event with its host federation given.",
                                             "1.4.3d（大型积分编排制赛事）在积分编排制赛事并填写主办协会时计算。")),
                            }
                        }
                    }
                    div.table-wrap { table #fide-norm-table {
                        thead { tr {
                            th.num { (Heading::PairingNumber.label(l)) } th { (Heading::Name.label(l)) } th { (l.t("Federation", "协会")) }
                            th { (l.t("Title", "称号")) } th.num { "N" } th.num { (l.t("Score", "得分")) } th { (l.t("FIDE norms", "国际棋联称号标准")) }
                        } }
                        tbody { @for p in &r.players { tr data-player=(p.id.0) {
                            td.num { (p.id.0) } td { (p.name) }
                            td { (p.federation.as_deref().unwrap_or("")) } td { (p.title.as_deref().unwrap_or("")) }
                            td.num { (p.games) } td.num { (p.score) }
                            td { @for n in &p.results {
                                div data-title=(n.title) data-achieved=(n.achieved) {
                                    strong { (n.title) } ": "
                                    @if n.achieved {
                                        strong.norm { (l.t("norm", "达到标准")) }
                                        @if let (Some(a), Some(rp)) = (n.average, n.performance) {
                                            " (Ra " (a) ", Rp " (rp) ")"
                                        }
                                        @if let Some(x) = &n.exemption {
                                            " " (l.pick(format!("under {x}"), format!("依 {x} 免除协会要求")))
                                        }
                                    } @else {
                                        ul { @for f in &n.failures { li data-article=(f.article()) { (f.text(l)) } } }
                                    }
                                }
                            } }
                        } } }
                    } }
                },
            }
        }
    }
}

/// `GET /desk/events/{id}/titles[?profile=NAME]`: the titles the event's
/// final ranking gives (名次称号, cca-chess 第一条, 第二条) under the title
/// rules of the profile, for the kind of event chosen in the settings:
/// individual places, or a share of each team's players by the team's
/// place.
pub(super) async fn titles(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
    Query(q): Query<RoundQuery>,
) -> Result<Markup, AppError> {
    use qiyuan_rating::titles::{TitleRules, placement_titles};
    let l = viewer.lang;
    let loaded = load_for(&state, &user, id, l).await?;
    let profile = profile_choice(&loaded, &q);
    let rules = profile
        .as_deref()
        .map(|p| qiyuan_rating::Profile::builtin(p).and_then(|p| TitleRules::for_profile(&p)));
    let event = loaded.desk.rating_event().map_err(|e| desk_error(&e, l))?;
    let d = &loaded.desk;
    let kind = d.settings().regulation.kind.clone();
    let planned = d.settings().planned_rounds(d.players().len() as u32);
    let finished = d.is_finished();
    Ok(page(
        &viewer,
        l.t("Titles by placement", "名次称号"),
        html! {
            (event_nav(&viewer, &loaded, "titles"))
            (profile_form(l, profile.as_deref()))
            div #placement-report {
                @match (&rules, &kind) {
                    (None, _) => p.muted { (l.t("The event has no rating profile: choose one.", "本赛事未设置等级分规则，请选择一个。")) },
                    (Some(Err(_)), _) => p.muted #no-title-rules {
                        (l.t("This profile's federation has no title rules in qiyuan (titles by placement are the Chinese Chess Association's, cca-chess).",
                             "该等级分规则所属协会在本系统中没有称号规则（名次称号为中国国际象棋协会的规定，cca-chess）。"))
                    },
                    (Some(Ok(_)), None) => p.warning #no-kind {
                        (l.t("The event has no kind for titles by placement: choose it in the ", "本赛事未选择名次称号的赛事类别：请在"))
                        a href={ "/desk/events/" (id) "/settings" } { (l.t("settings", "设置")) }
                        (l.t(" (e.g. national individual championship).", "中选择（如全国个人冠军赛）。"))
                    },
                    (Some(Ok(rules)), Some(kind)) => {
                        @let report = placement_titles(&event, rules);
                        @let rows: Vec<_> = rules.placement.iter().filter(|r| &r.kind == kind).collect();
                        p #placement-kind {
                            (l.t("Kind of event: ", "赛事类别：")) strong { (placement_kind_label(rules, kind, l)) }
                            " · " (l.t("title rules ", "称号规则 ")) (rules.name)
                        }
                        @if !finished {
                            p.warning #placement-provisional {
                                (l.pick(
                                    format!("Provisional: the places after round {} of {planned}; titles are given by the final ranking.", d.last_complete_round()),
                                    format!("暂定：第 {} 轮（共 {planned} 轮）后的名次；称号按最终名次授予。", d.last_complete_round()),
                                ))
                            }
                        }
                        @if report.awards.is_empty() {
                            p #placement-none { (l.t("No player receives a title by placement.", "没有棋手获得名次称号。")) }
                        } @else {
                            div.table-wrap { table #placement-titles {
                                thead { tr {
                                    th.num { (Heading::PairingNumber.label(l)) } th { (Heading::Name.label(l)) } th { (l.t("Title", "称号")) }
                                    @if l == Lang::Zh { th { "时应级别" } }
                                    th { (l.t("By", "依据")) } th { (l.t("Article", "条款")) }
                                } }
                                tbody { @for a in &report.awards { tr data-player=(a.player.0) data-title=(a.title) {
                                    td.num { (a.player.0) } td { (a.name) } td { (title_text(rules, &a.title, l)) }
                                    @if l == Lang::Zh { td { (a.grade.as_deref().unwrap_or("")) } }
                                    td { (placement_basis_text(&a.basis, l)) } td { (a.article) }
                                } } }
                            } }
                        }
                        @if !report.notes.is_empty() {
                            ul #placement-notes { @for n in &report.notes { li { (n.text(l)) } } }
                        }
                        @if !rows.is_empty() {
                            h2 { (l.t("The table's rows for this kind", "该类别的名次称号条目")) }
                            div.table-wrap { table #placement-rows {
                                thead { tr { th { (l.t("Title", "称号")) } th { (l.t("Places", "名次")) } th { (l.t("Article", "条款")) } } }
                                tbody { @for r in &rows { tr {
                                    td { (title_text(rules, &r.title, l)) }
                                    td {
                                        @if let Some([a, z]) = r.places { (l.pick(format!("places {a}–{z}"), format!("第 {a}–{z} 名"))) }
                                        @for sh in &r.team_shares {
                                            @let [a, z] = sh.places;
                                            (l.pick(format!("team places {a}–{z}: {}% of the players", sh.share), format!("团体第 {a}–{z} 名：队员的 {}%", sh.share))) br;
                                        }
                                    }
                                    td { (r.article) }
                                } } }
                            } }
                        }
                    },
                }
            }
        },
    ))
}

/// A title of the rules in the visitor's language (its English name on
/// English pages, when the rules give one).
pub(crate) fn title_text(rules: &qiyuan_rating::titles::TitleRules, code: &str, l: Lang) -> String {
    match rules.titles.iter().find(|t| t.code == code) {
        Some(t) if l == Lang::En && !t.name_en.is_empty() => t.name_en.clone(),
        Some(t) => t.display_name().to_string(),
        None => code.to_string(),
    }
}

/// What a placement title rests on, in the visitor's language. English
/// pages leave out the table's Chinese event name (the kind is shown
/// beside it).
pub(crate) fn placement_basis_text(b: &qiyuan_rating::titles::PlacementBasis, l: Lang) -> String {
    use qiyuan_rating::titles::PlacementBasis;
    match (b, l) {
        (
            PlacementBasis::Place {
                place,
                places: [a, z],
                ..
            },
            Lang::En,
        ) => {
            format!("place {place} (places {a}–{z} of the table)")
        }
        (
            PlacementBasis::TeamShare {
                team,
                place,
                share,
                players,
                receiving,
                board,
                ..
            },
            Lang::En,
        ) => format!(
            "team {team} placed {place}: {share}% of {players} players = {receiving}{}",
            board.map_or(String::new(), |b| format!(", board {b}"))
        ),
        (b, _) => b.text(l),
    }
}

/// A kind of event of the placement table in the visitor's language: the
/// table's Chinese event name, or the kind's key in English.
pub(super) fn placement_kind_label(
    rules: &qiyuan_rating::titles::TitleRules,
    kind: &str,
    l: Lang,
) -> String {
    match l {
        Lang::Zh => rules
            .placement
            .iter()
            .find(|r| r.kind == kind)
            .map_or_else(|| kind.to_string(), |r| r.event.clone()),
        Lang::En => kind.replace('-', " "),
    }
}

/// The pairing list of a round as the desk prints it
/// ([`report::pairings`]).
pub(super) fn pairing_table(l: Lang, loaded: &LoadedEvent, round: u32) -> Markup {
    report::pairings(&desk_view(l, &loaded.desk), loaded, round)
}

/// A file name for downloads: the event's name reduced to safe characters.
fn file_stem(d: &DeskEvent, id: i64) -> String {
    let stem: String = d
        .settings()
        .name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let stem = stem.trim_matches('-');
    if stem.is_empty() {
        format!("event-{id}")
    } else {
        format!("event-{id}-{stem}")
    }
}

/// `GET /desk/events/{id}/export/{fmt}[?round=N]`: `trf`, `trf16`,
/// `standings.csv`, `standings.xlsx`, `pairings.csv`, `pairings.xlsx`.
pub(super) async fn export(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path((id, fmt)): Path<(i64, String)>,
    Query(q): Query<RoundQuery>,
) -> Result<Response, AppError> {
    let l = viewer.lang;
    let loaded = load_for(&state, &user, id, l).await?;
    let d = &loaded.desk;
    let rl = l;
    let stem = file_stem(d, id);
    let round = q.round.unwrap_or(d.rounds_paired());
    let err = |e: DeskError| desk_error(&e, l);
    // The final standings and, for an event with groups, each group's.
    let standings = || -> Result<_, DeskError> {
        let t = d.standings_table(None)?;
        let groups = d.group_standings(Some(t.after_round))?;
        Ok((t, groups))
    };
    let (bytes, ctype, ext): (Vec<u8>, &str, &str) = match fmt.as_str() {
        "event.json" => (
            qiyuan_formats::event::write_event(
                &d.office_event().map_err(err)?,
                qiyuan_formats::event::EventFormat::Json,
            )
            .into_bytes(),
            "application/json; charset=utf-8",
            "event.json",
        ),
        "trf" | "trf16" => (
            export::trf(d, fmt == "trf16").map_err(err)?.into_bytes(),
            "text/plain; charset=utf-8",
            "trf",
        ),
        "standings.csv" => {
            let (t, groups) = standings().map_err(err)?;
            (
                export::standings_csv(&t, &groups, rl).into_bytes(),
                "text/csv; charset=utf-8",
                "standings.csv",
            )
        }
        "standings.xlsx" => {
            let (t, groups) = standings().map_err(err)?;
            let final_ranking = crate::report::is_final(d, &t);
            (
                export::standings_xlsx(&d.settings().name, &t, &groups, final_ranking, rl)
                    .map_err(err)?,
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                "standings.xlsx",
            )
        }
        "pairings.csv" => (
            export::pairings_csv(d, round, rl)
                .map_err(err)?
                .into_bytes(),
            "text/csv; charset=utf-8",
            "pairings.csv",
        ),
        "pairings.xlsx" => (
            export::pairings_xlsx(d, round, rl).map_err(err)?,
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            "pairings.xlsx",
        ),
        "pgn" => {
            return Err(AppError::BadRequest(
                l.t(
                    "PGN: the desk keeps results, not moves; this event has no game records to export.",
                    "PGN：裁判台只记录结果、不记录着法，本赛事没有可导出的棋谱。",
                )
                .into(),
            ));
        }
        _ => return Err(AppError::NotFound),
    };
    let disposition = format!("attachment; filename=\"{stem}.{ext}\"");
    Ok((
        [
            (header::CONTENT_TYPE, ctype.to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        bytes,
    )
        .into_response())
}

/// The grade report under `table` (built-in `name` chosen in the select):
/// the choice of table, the note of a table without promotion rows, one
/// row per player. The desk's tab and the office's page show it.
pub(crate) fn grade_report_markup(
    l: Lang,
    table: &qiyuan_rating::grades::GradeTable,
    name: &str,
    report: &qiyuan_rating::grades::GradeReport,
) -> Markup {
    use qiyuan_rating::grades::GradeTable;
    let yes = l.t("reached", "达到");
    html! {
            form.no-print #choose-grade-table method="get" {
                label { (l.t("Grade table ", "等级晋升表 "))
                    select name="table" {
                        @for t in GradeTable::builtin_names() {
                            option value=(t) selected[t == name] { (t) }
                        }
                    }
                }
                " " button type="submit" { (l.t("Show", "显示")) }
            }
            p.muted { (l.pick(
                format!("{} rounds; table {}.", report.rounds, report.table),
                format!("共 {} 轮；等级晋升表 {}。", report.rounds, report.table),
            )) }
            // The report's one note at the event's level: a table without
            // promotion rows (the seeds print none).
            @if table.promotion.is_empty() {
                p.warning #no-promotion-rows { (l.pick(
                    format!("The table {} has no promotion rows: the seeds do not print the federation's rates; paste the federation's table below.", table.name),
                    format!("等级晋升表 {} 没有晋升行：原始文件未载明协会的得分率；请在下方粘贴协会的晋升表。", table.name),
                )) }
            }
            div.table-wrap { table #grade-report {
                thead { tr {
                    th.num { (Heading::PairingNumber.label(l)) } th { (Heading::Name.label(l)) }
                    th { (l.t("Grade before", "原等级")) } th.num { (l.t("Score", "得分")) }
                    th.num { (l.t("Rate", "得分率")) } th { (l.t("Points needed", "所需得分")) }
                    th { (l.t("Grade earned", "晋升等级")) }
                } }
                tbody { @for p in &report.players {
                    tr data-player=(p.id.0) data-grade=(p.grade_after.as_deref().unwrap_or("")) {
                        td.num { (p.id.0) } td { (p.name) }
                        td { (p.grade_before.as_deref().unwrap_or("—")) }
                        td.num { (p.score.normalize()) }
                        td.num { (p.rate.round_dp(1).normalize()) "%" }
                        td { @for t in &p.targets {
                            (t.to) ": " (t.points_needed.normalize())
                            @if t.reached { " (" (yes) ")" }
                            br;
                        } }
                        td { strong { (p.grade_after.as_deref().unwrap_or("—")) } }
                    }
                } }
            } }
    }
}

/// The grade table of a report: the pasted TOML `own`, else the built-in
/// `choice`, else `default`; with the built-in name the select shows.
pub(crate) fn choose_grade_table(
    l: Lang,
    default: &str,
    table_choice: Option<&str>,
    own: Option<&str>,
) -> Result<(qiyuan_rating::grades::GradeTable, String), AppError> {
    use qiyuan_rating::grades::GradeTable;
    let name = table_choice
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .unwrap_or(default)
        .to_string();
    let table = match own {
        Some(text) => GradeTable::from_toml_str(text).map_err(|e| {
            AppError::BadRequest(l.pick(
                format!("The grade table is not valid: {e}"),
                format!("等级晋升表有误：{e}"),
            ))
        })?,
        None => GradeTable::builtin(&name).map_err(|_| {
            AppError::BadRequest(l.pick(
                format!(
                    "`{name}` is not a grade table ({}).",
                    GradeTable::builtin_names().join(", ")
                ),
                format!(
                    "“{name}”不是等级晋升表（{}）。",
                    GradeTable::builtin_names().join("、")
                ),
            ))
        })?,
    };
    Ok((table, name))
}

/// The form that shows a report under the federation's own table (TOML),
/// posted to `action`.
pub(crate) fn own_table_form(viewer: &Viewer, action: &str, own: Option<&str>) -> Markup {
    let l = viewer.lang;
    html! {
        form.stack.no-print #own-grade-table method="post" action=(action) {
            (crate::layout::csrf_field(viewer))
            label { (l.t("Or paste the federation's grade table (TOML: ladder and promotion rows)",
                         "或粘贴协会的等级晋升表（TOML：等级序列与晋升行）"))
                textarea name="toml" rows="8" cols="70" { (own.unwrap_or("")) } }
            button type="submit" { (l.t("Show the report under this table", "按此表显示")) }
        }
    }
}
