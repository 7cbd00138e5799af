//! The list of events, creating an event, its overview, settings and log.

use axum::Form;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Redirect, Response};
use chrono::NaiveDate;
use maud::{Markup, html};
use qiyuan_desk::prelude::*;
use serde::Deserialize;

use super::{
    Flash, by, desk_style, event_nav, flash, load_for, status_name, store_error, system_name,
};
use crate::AppState;
use crate::auth::{Role, SignedIn, Viewer, require_role};
use crate::error::AppError;
use crate::i18n::Lang;
use crate::layout::{csrf_field, page};

/// `GET /desk`, `/desk/events`: the events the user runs (all for an
/// administrator).
pub(super) async fn list(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
) -> Result<Markup, AppError> {
    require_role(&user, &[Role::Arbiter])?;
    let l = viewer.lang;
    let mut events = state.store.list_events().await?;
    if !user.is_admin() {
        let mine = state.store.arbiter_events(user.id).await?;
        events.retain(|e| mine.contains(&e.id));
    }
    Ok(page(
        &viewer,
        l.t("Arbiter's desk", "裁判台"),
        html! {
            (desk_style())
            h1 { (l.t("Arbiter's desk", "裁判台")) }
            p { a.button #new-event href="/desk/events/new" { (l.t("New event", "新建赛事")) } }
            @if events.is_empty() {
                p.muted #no-events { (l.t("No event yet.", "还没有赛事。")) }
            } @else {
                div.table-wrap { table #events {
                    thead { tr {
                        th.num { "#" } th { (l.t("Event", "赛事")) } th { (l.t("Game", "棋种")) }
                        th { (l.t("System", "赛制")) } th.num { (l.t("Players", "人数")) }
                        th.num { (l.t("Rounds", "轮次")) } th { (l.t("Status", "状态")) }
                    } }
                    tbody { @for e in &events { tr data-event=(e.id) {
                        td.num { (e.id) }
                        td { a href={ "/desk/events/" (e.id) } { (e.name) } }
                        td { (e.settings.game.label(l)) }
                        td { (system_name(&e.settings.system, l)) }
                        td.num { (e.players) }
                        td.num { (e.rounds_paired) " / " (e.total_rounds) }
                        td { (status_name(&e.status, l)) }
                    } } }
                } }
            }
        },
    ))
}

/// The fields of the event form (create and settings).
#[derive(Debug, Default, Deserialize)]
pub(super) struct SettingsForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    game: String,
    #[serde(default)]
    system: String,
    #[serde(default)]
    rounds: String,
    #[serde(default)]
    cycles: String,
    #[serde(default)]
    games_per_match: String,
    #[serde(default)]
    acceleration: Option<String>,
    #[serde(default)]
    scoring: String,
    /// How results are written (象棋竞赛规则): `words` (红胜 / 和 / 黑胜,
    /// also when empty) or `scores` (2:0 / 1:1 / 0:2).
    #[serde(default)]
    result_wording: String,
    /// The order of the lists by name: `pinyin` (also when empty) or
    /// `stroke` (笔画).
    #[serde(default)]
    name_order: String,
    #[serde(default)]
    tiebreaks: String,
    #[serde(default)]
    rating_profile: String,
    #[serde(default)]
    start: String,
    #[serde(default)]
    end: String,
    #[serde(default)]
    place: String,
    #[serde(default)]
    chief_arbiter: String,
    #[serde(default)]
    arbiters: String,
    /// Team event: boards per match (empty or 0: an individual event).
    #[serde(default)]
    team_boards: String,
    #[serde(default)]
    team_tiebreaks: String,
    #[serde(default)]
    match_win: String,
    #[serde(default)]
    match_draw: String,
    #[serde(default)]
    match_loss: String,
    /// Show the players' years of birth on the public pages (checkbox).
    #[serde(default)]
    public_birth_year: Option<String>,
    /// Same-unit avoidance (同单位回避): empty (off), `all`, or rounds
    /// `FIRST-LAST`.
    #[serde(default)]
    same_unit: String,
    /// The round dates, one per round in order (comma, space or line
    /// separated; YYYY-MM-DD).
    #[serde(default)]
    round_dates: String,
    /// The kind of event for titles by placement (a key of the title
    /// rules' placement table; empty: none).
    #[serde(default)]
    kind: String,
    #[serde(default)]
    invitational: Option<String>,
    #[serde(default)]
    time_control: String,
    #[serde(default)]
    rapid: Option<String>,
    #[serde(default)]
    rapid_rated: Option<String>,
    #[serde(default)]
    registered: String,
    #[serde(default)]
    host: String,
    #[serde(default)]
    scheveningen: Option<String>,
    #[serde(default)]
    international: Option<String>,
}

/// Round dates as the form writes them: dates separated by commas, spaces
/// or lines, in round order.
fn round_dates_of(text: &str, l: Lang) -> Result<Vec<NaiveDate>, String> {
    text.split([',', '，', ';', ' ', '\n', '\r', '\t'])
        .filter(|t| !t.trim().is_empty())
        .enumerate()
        .map(|(i, t)| {
            date(
                t,
                &format!("Round dates (round {})", i + 1),
                &format!("各轮日期（第 {} 轮）", i + 1),
                l,
            )
            .map(|d| d.expect("not empty"))
        })
        .collect()
}

/// Same-unit avoidance as the form writes it: empty (off), `all` (全部), or
/// rounds `1-5` (a single round `3`).
fn same_unit_of(
    text: &str,
    l: Lang,
) -> Result<Option<qiyuan_desk::settings::UnitAvoidance>, String> {
    use qiyuan_desk::settings::UnitAvoidance;
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    if t.eq_ignore_ascii_case("all") || t == "全部" {
        return Ok(Some(UnitAvoidance::All));
    }
    let bad = || {
        l.pick(
            format!("Same-unit avoidance: `{t}` is not `all` or rounds such as 1-5."),
            format!("同单位回避：“{t}”不是“全部”，也不是“1-5”这样的轮次。"),
        )
    };
    let (a, b) = t.split_once(['-', '–', '~', '～']).unwrap_or((t, t));
    let first: u32 = a.trim().parse().map_err(|_| bad())?;
    let last: u32 = b.trim().parse().map_err(|_| bad())?;
    Ok(Some(UnitAvoidance::Rounds { first, last }))
}

fn same_unit_text(v: Option<qiyuan_desk::settings::UnitAvoidance>) -> String {
    use qiyuan_desk::settings::UnitAvoidance;
    match v {
        None => String::new(),
        Some(UnitAvoidance::All) => "all".into(),
        Some(UnitAvoidance::Rounds { first, last }) if first == last => first.to_string(),
        Some(UnitAvoidance::Rounds { first, last }) => format!("{first}-{last}"),
    }
}

fn match_points(
    s: &str,
    default: rust_decimal::Decimal,
    l: Lang,
) -> Result<rust_decimal::Decimal, String> {
    let t = s.trim();
    if t.is_empty() {
        return Ok(default);
    }
    t.parse::<rust_decimal::Decimal>().map_err(|_| {
        l.pick(
            format!("Match points: `{t}` is not a number."),
            format!("场分：“{t}”不是数字。"),
        )
    })
}

fn opt(s: &str) -> Option<String> {
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_string())
}

fn number(s: &str, default: u32, field_en: &str, field_zh: &str, l: Lang) -> Result<u32, String> {
    let t = s.trim();
    if t.is_empty() {
        return Ok(default);
    }
    t.parse::<u32>().map_err(|_| {
        l.pick(
            format!("{field_en}: `{t}` is not a whole number."),
            format!("{field_zh}：“{t}”不是整数。"),
        )
    })
}

fn date(s: &str, field_en: &str, field_zh: &str, l: Lang) -> Result<Option<NaiveDate>, String> {
    let t = s.trim();
    if t.is_empty() {
        return Ok(None);
    }
    NaiveDate::parse_from_str(t, "%Y-%m-%d")
        .map(Some)
        .map_err(|_| {
            l.pick(
                format!("{field_en}: `{t}` is not a date (YYYY-MM-DD)."),
                format!("{field_zh}：“{t}”不是日期（年-月-日）。"),
            )
        })
}

impl SettingsForm {
    fn from_settings(s: &EventSettings) -> SettingsForm {
        let (system, rounds, cycles, gpm, acc) = match s.system {
            System::Swiss { acceleration, .. } => ("swiss", s.rounds, 1, 2, acceleration),
            System::RoundRobin { cycles } => ("round_robin", s.rounds, cycles, 2, false),
            System::Knockout {
                games_per_match, ..
            } => ("knockout", s.rounds, 1, games_per_match, false),
        };
        SettingsForm {
            name: s.name.clone(),
            game: s.game.code().into(),
            system: system.into(),
            rounds: rounds.to_string(),
            cycles: cycles.to_string(),
            games_per_match: gpm.to_string(),
            acceleration: acc.then(|| "on".to_string()),
            scoring: match s.scoring {
                ScoringPreset::Fide => "fide",
                ScoringPreset::Xiangqi => "xiangqi",
                ScoringPreset::ThreeOneZero => "three",
                ScoringPreset::Custom(_) => "custom",
            }
            .into(),
            result_wording: s.result_wording.code().into(),
            name_order: s.name_order.code().into(),
            tiebreaks: s.tiebreaks.clone(),
            rating_profile: s.rating_profile.clone().unwrap_or_default(),
            start: s.start.map(|d| d.to_string()).unwrap_or_default(),
            end: s.end.map(|d| d.to_string()).unwrap_or_default(),
            place: s.place.clone().unwrap_or_default(),
            chief_arbiter: s.chief_arbiter.clone().unwrap_or_default(),
            arbiters: s.arbiters.join(", "),
            team_boards: s
                .team
                .as_ref()
                .map(|t| t.boards.to_string())
                .unwrap_or_default(),
            team_tiebreaks: s
                .team
                .as_ref()
                .map(|t| t.tiebreaks.clone())
                .unwrap_or_default(),
            match_win: s
                .team
                .as_ref()
                .map(|t| t.match_win.normalize().to_string())
                .unwrap_or_default(),
            match_draw: s
                .team
                .as_ref()
                .map(|t| t.match_draw.normalize().to_string())
                .unwrap_or_default(),
            match_loss: s
                .team
                .as_ref()
                .map(|t| t.match_loss.normalize().to_string())
                .unwrap_or_default(),
            public_birth_year: s.public_birth_year.then(|| "on".to_string()),
            same_unit: same_unit_text(s.same_unit_avoidance),
            round_dates: s
                .round_dates
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(", "),
            kind: s.regulation.kind.clone().unwrap_or_default(),
            invitational: s.regulation.invitational.then(|| "on".to_string()),
            time_control: s.regulation.time_control.clone().unwrap_or_default(),
            rapid: s.regulation.rapid.then(|| "on".to_string()),
            rapid_rated: s.regulation.rapid_rated.then(|| "on".to_string()),
            registered: s
                .regulation
                .registered
                .map(|d| d.to_string())
                .unwrap_or_default(),
            host: s.regulation.host.clone().unwrap_or_default(),
            scheveningen: s.regulation.scheveningen.then(|| "on".to_string()),
            international: s.regulation.international.then(|| "on".to_string()),
        }
    }

    /// The settings the form describes (`base` keeps what the form does not
    /// show, e.g. round dates), or what is wrong in the visitor's language.
    fn to_settings(&self, base: Option<&EventSettings>, l: Lang) -> Result<EventSettings, String> {
        let Some(game) = GameKind::from_code(&self.game) else {
            return Err(l
                .t("Choose xiangqi or chess.", "请选择象棋或国际象棋。")
                .into());
        };
        let rounds = number(&self.rounds, 0, "Rounds", "轮数", l)?;
        let mut s = match self.system.as_str() {
            "swiss" => {
                let mut s = EventSettings::swiss(self.name.trim(), game, rounds);
                s.system = System::Swiss {
                    edition: DutchEdition::Fide2026,
                    acceleration: self.acceleration.is_some(),
                };
                s
            }
            "round_robin" => {
                let cycles = number(&self.cycles, 1, "Cycles", "循环次数", l)?;
                EventSettings::round_robin(self.name.trim(), game, cycles)
            }
            "knockout" => {
                let gpm = number(&self.games_per_match, 2, "Games per match", "每轮局数", l)?;
                let mut s = EventSettings::swiss(self.name.trim(), game, 0);
                s.system = System::Knockout {
                    games_per_match: gpm,
                    armageddon: false,
                };
                s
            }
            _ => {
                return Err(l
                    .t(
                        "Choose a system: Swiss, round robin or knockout.",
                        "请选择赛制：积分编排制、循环赛或淘汰赛。",
                    )
                    .into());
            }
        };
        s.scoring = match self.scoring.as_str() {
            "fide" => ScoringPreset::Fide,
            "xiangqi" => ScoringPreset::Xiangqi,
            "three" => ScoringPreset::ThreeOneZero,
            "" | "custom" => match base {
                Some(b) if self.scoring == "custom" => b.scoring,
                _ => s.scoring,
            },
            _ => return Err(l.t("Unknown scoring.", "未知的计分方式。").into()),
        };
        s.result_wording = match self.result_wording.trim() {
            "" => ResultWording::Words,
            code => ResultWording::from_code(code).ok_or_else(|| {
                l.t("Unknown way of writing results.", "未知的成绩记录方式。")
                    .to_string()
            })?,
        };
        s.name_order = match self.name_order.trim() {
            "" => NameOrdering::Pinyin,
            code => NameOrdering::from_code(code).ok_or_else(|| {
                l.t("Unknown order of names.", "未知的姓名排序方式。")
                    .to_string()
            })?,
        };
        if !self.tiebreaks.trim().is_empty() {
            s.tiebreaks = self.tiebreaks.trim().to_string();
        }
        s.rating_profile = opt(&self.rating_profile);
        s.start = date(&self.start, "Start", "开始日期", l)?;
        s.end = date(&self.end, "End", "结束日期", l)?;
        s.place = opt(&self.place);
        s.public_birth_year = self.public_birth_year.is_some();
        s.same_unit_avoidance = same_unit_of(&self.same_unit, l)?;
        s.chief_arbiter = opt(&self.chief_arbiter);
        s.arbiters = self
            .arbiters
            .split([',', '，', ';'])
            .filter_map(opt)
            .collect();
        s.round_dates = round_dates_of(&self.round_dates, l)?;
        s.regulation = qiyuan_desk::settings::RegulationDetails {
            kind: opt(&self.kind),
            invitational: self.invitational.is_some(),
            time_control: opt(&self.time_control),
            rapid: self.rapid.is_some(),
            rapid_rated: self.rapid_rated.is_some(),
            registered: date(&self.registered, "Registered", "申报日期", l)?,
            host: opt(&self.host),
            scheveningen: self.scheveningen.is_some(),
            international: self.international.is_some(),
        };
        if let Some(b) = base {
            s.initial_colour = b.initial_colour;
            if let (System::Swiss { edition, .. }, System::Swiss { acceleration, .. }) =
                (b.system, s.system)
            {
                s.system = System::Swiss {
                    edition,
                    acceleration,
                };
            }
        }
        let boards = number(&self.team_boards, 0, "Boards per match", "每场台数", l)?;
        if boards > 0 {
            let default_tb = match (game, &s.system) {
                (GameKind::Xiangqi, _) => "xiangqi-team",
                (GameKind::Chess, System::RoundRobin { .. }) => "fide-team-rr",
                (GameKind::Chess, _) => "fide-team-swiss",
            };
            let tb = self.team_tiebreaks.trim();
            s.team = Some(qiyuan_desk::team::TeamSettings {
                boards,
                match_win: match_points(&self.match_win, rust_decimal::Decimal::TWO, l)?,
                match_draw: match_points(&self.match_draw, rust_decimal::Decimal::ONE, l)?,
                match_loss: match_points(&self.match_loss, rust_decimal::Decimal::ZERO, l)?,
                tiebreaks: if tb.is_empty() {
                    default_tb.into()
                } else {
                    tb.into()
                },
            });
        }
        s.validate().map_err(|e| match l {
            Lang::En => format!("The settings are refused: {e}"),
            Lang::Zh => e.text(l),
        })?;
        Ok(s)
    }
}

/// The fields of what the rating regulations ask of the event: round
/// dates, time control, the kind for titles by placement, declarations.
fn regulation_fields(l: Lang, f: &SettingsForm) -> Markup {
    use qiyuan_rating::model::TimeControl;
    use qiyuan_rating::titles::TitleRules;
    let sel = |a: &str, b: &str| a == b;
    // The kinds of every federation's placement table, once each.
    let mut kinds: Vec<(String, String)> = Vec::new();
    for name in TitleRules::builtin_names() {
        if let Ok(rules) = TitleRules::builtin(name) {
            for row in &rules.placement {
                if !kinds.iter().any(|(k, _)| k == &row.kind) {
                    kinds.push((
                        row.kind.clone(),
                        super::reports::placement_kind_label(&rules, &row.kind, l),
                    ));
                }
            }
        }
    }
    let unknown_kind = !f.kind.is_empty() && !kinds.iter().any(|(k, _)| k == &f.kind);
    html! {
        fieldset #regulation-settings {
            legend { (l.t("Rating and titles — what the regulations ask of the event", "等级分与称号 — 规则对赛事的要求")) }
            label { (l.t("Round dates, in round order (YYYY-MM-DD, comma separated)", "各轮日期，按轮次顺序（年-月-日，逗号分隔）"))
                textarea name="round_dates" rows="2" placeholder="2026-05-01, 2026-05-01, 2026-05-02" { (f.round_dates) } }
            label { (l.t("Time control (e.g. 90/40, 15/10 or 25+5, or a preset)", "比赛时限（如 90/40, 15/10 或 25+5，或预设）"))
                input type="text" name="time_control" list="time-control-presets" maxlength="60" value=(f.time_control);
                datalist #time-control-presets {
                    @for (name, control, _, _) in TimeControl::PRESETS { option value=(name) { (control) } }
                } }
            label { input type="checkbox" name="rapid" checked[f.rapid.is_some()];
                " " (l.t("Rapid event", "快棋赛")) }
            label { input type="checkbox" name="rapid_rated" checked[f.rapid_rated.is_some()];
                " " (l.t("Declared rated before the start (rapid events)", "赛前已明确计算等级分（快棋赛）")) }
            label { (l.t("Kind of event for titles by placement", "名次称号的赛事类别"))
                select name="kind" {
                    option value="" selected[f.kind.is_empty()] { (l.t("none", "无")) }
                    @for (key, label) in &kinds { option value=(key) selected[sel(&f.kind, key)] { (label) } }
                    @if unknown_kind { option value=(f.kind) selected { (f.kind) } }
                } }
            label { input type="checkbox" name="invitational" checked[f.invitational.is_some()];
                " " (l.t("Invitational or workers' event: its places give no title", "邀请赛或职工赛：名次不授予称号")) }
            label { (l.t("Registered with the federation on", "申报日期"))
                input type="date" name="registered" value=(f.registered); }
            label { (l.t("Host unit", "主办单位")) input type="text" name="host" maxlength="200" value=(f.host); }
            label { input type="checkbox" name="scheveningen" checked[f.scheveningen.is_some()];
                " " (l.t("Scheveningen event", "舍文宁根制赛事")) }
            label { input type="checkbox" name="international" checked[f.international.is_some()];
                " " (l.t("International event (players have a national and an international rating)", "国际赛事（棋手有国内和国际两个等级分）")) }
            p.muted { (l.t("Write an arbiter's grade after the name in brackets, e.g. Wang (national): the rated-event conditions count the arbiters by grade.",
                           "裁判员的等级写在姓名后的括号中，如 王裁判（国家级）：计算等级分的赛事条件按等级统计裁判员。")) }
        }
    }
}

/// An order of names as the settings form offers it.
pub(super) fn name_order_label(o: NameOrdering, l: Lang) -> &'static str {
    match o {
        NameOrdering::Pinyin => l.t("pinyin order", "拼音顺序"),
        NameOrdering::Stroke => l.t(
            "stroke order (by the strokes of each character)",
            "笔画顺序",
        ),
    }
}

fn settings_fields(viewer: &Viewer, f: &SettingsForm) -> Markup {
    let l = viewer.lang;
    let sel = |a: &str, b: &str| a == b;
    html! {
        label { (l.t("Name", "赛事名称"))
            input type="text" name="name" value=(f.name) required maxlength="200"; }
        label { (l.t("Game", "棋种"))
            select name="game" {
                @for g in GameKind::ALL {
                    option value=(g.code()) selected[sel(&f.game, g.code())] { (g.label(l)) }
                }
            } }
        label { (l.t("System", "赛制"))
            select name="system" {
                option value="swiss" selected[sel(&f.system, "swiss")] { (l.t("Swiss (Dutch)", "积分编排制")) }
                option value="round_robin" selected[sel(&f.system, "round_robin")] { (l.t("Round robin", "循环赛")) }
                option value="knockout" selected[sel(&f.system, "knockout")] { (l.t("Knockout", "淘汰赛")) }
            } }
        label { (l.t("Rounds (Swiss)", "轮数（积分编排制）"))
            input type="number" name="rounds" min="1" max="99" value=(f.rounds); }
        label { input type="checkbox" name="acceleration" checked[f.acceleration.is_some()];
            " " (l.t("Baku acceleration (Swiss)", "巴库加速（积分编排制）")) }
        label { (l.t("Cycles (round robin)", "循环次数（循环赛）"))
            input type="number" name="cycles" min="1" max="4" value=(f.cycles); }
        label { (l.t("Games per match (knockout)", "每轮局数（淘汰赛）"))
            input type="number" name="games_per_match" min="1" max="8" value=(f.games_per_match); }
        label { (l.t("Scoring", "计分"))
            select name="scoring" {
                option value="" selected[f.scoring.is_empty()] { (l.t("default of the game", "按棋种默认")) }
                option value="fide" selected[sel(&f.scoring, "fide")] { "1 - ½ - 0" }
                option value="xiangqi" selected[sel(&f.scoring, "xiangqi")] { "2 - 1 - 0" }
                option value="three" selected[sel(&f.scoring, "three")] { "3 - 1 - 0" }
                @if f.scoring == "custom" { option value="custom" selected { (l.t("custom (kept)", "自定义（保留）")) } }
            } }
        label { (l.t("Results written as (xiangqi; scores need 2 - 1 - 0)", "成绩记录方式（象棋；比分须按 2 - 1 - 0 计分）"))
            select name="result_wording" {
                @for w in ResultWording::ALL {
                    option value=(w.code()) selected[sel(&f.result_wording, w.code()) || (f.result_wording.is_empty() && w.is_words())] { (w.label(l)) }
                }
            } }
        label { (l.t("Lists by name in", "按姓名排列的名单顺序"))
            select name="name_order" {
                @for o in NameOrdering::ALL {
                    option value=(o.code()) selected[sel(&f.name_order, o.code()) || (f.name_order.is_empty() && o.is_pinyin())] { (name_order_label(o, l)) }
                }
            } }
        label { (l.t("Tie-break preset", "破同分规则"))
            select name="tiebreaks" {
                option value="" selected[f.tiebreaks.is_empty()] { (l.t("default of the system", "按赛制默认")) }
                @for (name, desc) in qiyuan_tournament::tiebreak::PRESETS {
                    option value=(name) selected[sel(&f.tiebreaks, name)] { (name) " — " (super::preset_text(name, desc, l)) }
                }
            } }
        label { (l.t("Rating profile", "等级分规则"))
            select name="rating_profile" {
                option value="" selected[f.rating_profile.is_empty()] { (l.t("not rated", "不计算等级分")) }
                @for name in qiyuan_rating::Profile::builtin_names() {
                    option value=(name) selected[sel(&f.rating_profile, name)] { (super::profile_title(name, l)) }
                }
            } }
        label { (l.t("Start", "开始日期")) input type="date" name="start" value=(f.start); }
        label { (l.t("End", "结束日期")) input type="date" name="end" value=(f.end); }
        label { (l.t("Place", "地点")) input type="text" name="place" value=(f.place); }
        label { (l.t("Chief arbiter", "裁判长")) input type="text" name="chief_arbiter" value=(f.chief_arbiter); }
        label { (l.t("Arbiters (comma separated)", "裁判员（逗号分隔）")) input type="text" name="arbiters" value=(f.arbiters); }
        label { input type="checkbox" name="public_birth_year" checked[f.public_birth_year.is_some()];
            " " (l.t("Show the players' years of birth on the public pages (birth dates and ID numbers are never shown)",
                     "在公开页面显示棋手出生年份（出生日期与证件号码从不公开）")) }
        label { (l.t("Same-unit avoidance (同单位回避) in rounds — empty: off; all; or e.g. 1-5 (a Swiss only; outside the FIDE Dutch rules)",
                     "同单位回避的轮次 — 留空：不回避；“全部”；或如 1-5（仅限积分编排，不属于 FIDE 荷兰制规则）"))
            input type="text" name="same_unit" value=(f.same_unit) maxlength="20" placeholder="1-5"; }
        (regulation_fields(l, f))
        fieldset #team-settings {
            legend { (l.t("Team event (团体赛) — leave the boards empty for an individual event", "团体赛 — 个人赛请留空台数")) }
            label { (l.t("Boards per match", "每场台数"))
                input type="number" name="team_boards" min="0" max="20" value=(f.team_boards); }
            label { (l.t("Match points for a won / drawn / lost match (场分)", "场分：胜 / 平 / 负"))
                span.inline {
                    input type="text" name="match_win" inputmode="decimal" size="3" placeholder="2" value=(f.match_win);
                    " / " input type="text" name="match_draw" inputmode="decimal" size="3" placeholder="1" value=(f.match_draw);
                    " / " input type="text" name="match_loss" inputmode="decimal" size="3" placeholder="0" value=(f.match_loss);
                } }
            label { (l.t("Team tie-breaks", "团体破同分规则"))
                select name="team_tiebreaks" {
                    option value="" selected[f.team_tiebreaks.is_empty()] { (l.t("default of the game", "按棋种默认")) }
                    @for (name, list, desc) in qiyuan_desk::team::TEAM_PRESETS {
                        option value=(name) selected[sel(&f.team_tiebreaks, name)] { (name) " — " (super::preset_text(name, desc, l)) " (" (list) ")" }
                    }
                    @if !f.team_tiebreaks.is_empty() && !qiyuan_desk::team::TEAM_PRESETS.iter().any(|p| p.0 == f.team_tiebreaks) {
                        option value=(f.team_tiebreaks) selected { (f.team_tiebreaks) }
                    }
                } }
        }
    }
}

fn new_page(viewer: &Viewer, f: &SettingsForm, error: Option<&str>) -> Markup {
    let l = viewer.lang;
    page(
        viewer,
        l.t("New event", "新建赛事"),
        html! {
            (desk_style())
            p.muted { a href="/desk/events" { (l.t("← All events", "← 全部赛事")) } }
            h1 { (l.t("New event", "新建赛事")) }
            @if let Some(e) = error { p.error #flash role="alert" { (e) } }
            form.stack #create-event name="create-event" method="post" action="/desk/events/new" {
                (csrf_field(viewer))
                (settings_fields(viewer, f))
                button #create-event-submit type="submit" { (l.t("Create event", "创建赛事")) }
            }
        },
    )
}

/// `GET /desk/events/new`.
pub(super) async fn new_form(viewer: Viewer, SignedIn(user): SignedIn) -> Result<Markup, AppError> {
    require_role(&user, &[Role::Arbiter])?;
    let f = SettingsForm {
        game: "xiangqi".into(),
        system: "swiss".into(),
        rounds: "7".into(),
        cycles: "1".into(),
        games_per_match: "2".into(),
        ..SettingsForm::default()
    };
    Ok(new_page(&viewer, &f, None))
}

/// `POST /desk/events/new`: creates the event and makes its creator one of
/// its arbiters.
pub(super) async fn create(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Form(f): Form<SettingsForm>,
) -> Result<Response, AppError> {
    require_role(&user, &[Role::Arbiter])?;
    let settings = match f.to_settings(None, viewer.lang) {
        Ok(s) => s,
        Err(msg) => {
            let mut resp = new_page(&viewer, &f, Some(&msg)).into_response();
            *resp.status_mut() = axum::http::StatusCode::BAD_REQUEST;
            return Ok(resp);
        }
    };
    let id = state
        .store
        .create_event(&settings, by(&user))
        .await
        .map_err(|e| store_error(e, viewer.lang))?;
    if user.role == Role::Arbiter && user.id != 0 {
        state.store.assign_arbiter(id, user.id).await?;
    }
    Ok(Redirect::to(&format!("/desk/events/{id}/players")).into_response())
}

/// `GET /desk/events/{id}`: the event at a glance and what to do next.
pub(super) async fn overview(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
) -> Result<Markup, AppError> {
    let l = viewer.lang;
    let loaded = load_for(&state, &user, id, l).await?;
    let d = &loaded.desk;
    let s = d.settings();
    let pending = loaded
        .games
        .iter()
        .filter(|g| g.result == GameResult::Pending)
        .count();
    let can_pair = d.rounds_paired() < d.total_rounds() || d.total_rounds() == 0;
    let submissions: Vec<qiyuan_store::Submission> = state
        .store
        .submissions(None)
        .await
        .map_err(|e| store_error(e, l))?
        .into_iter()
        .filter(|sub| sub.desk_event_id == id)
        .collect();
    Ok(page(
        &viewer,
        &s.name,
        html! {
            (event_nav(&viewer, &loaded, "overview"))
            dl #event-summary data-live="15" {
                dt { (l.t("Game", "棋种")) } dd { (s.game.label(l)) }
                dt { (l.t("System", "赛制")) } dd { (system_name(&s.system, l)) }
                dt { (l.t("Status", "状态")) } dd #event-status { (status_name(&loaded.status, l)) }
                dt { (l.t("Players", "棋手")) } dd #player-count { (d.event().players().len()) }
                dt { (l.t("Rounds paired", "已编排轮次")) } dd #rounds-paired { (d.rounds_paired()) " / " (d.total_rounds()) }
                dt { (l.t("Results missing", "未录成绩")) } dd #results-missing { (pending) }
                dt { (l.t("Tie-breaks", "破同分")) } dd { (s.tiebreaks) }
                dt { (l.t("Rating profile", "等级分规则")) } dd { (s.rating_profile.as_deref().unwrap_or("—")) }
                @if let Some(p) = &s.place { dt { (l.t("Place", "地点")) } dd { (p) } }
                @if let Some(a) = s.start { dt { (l.t("Dates", "日期")) } dd { (a) @if let Some(b) = s.end { " – " (b) } } }
                @if let Some(c) = &s.chief_arbiter { dt { (l.t("Chief arbiter", "裁判长")) } dd { (c) } }
            }
            @if let Some(t) = &s.team {
                p #team-summary {
                    (l.pick(format!("Team event: {} boards, {} teams, match points {} / {} / {}.", t.boards, d.teams().len(),
                        t.match_win.normalize(), t.match_draw.normalize(), t.match_loss.normalize()),
                        format!("团体赛：每场 {} 台，{} 支队，场分 {} / {} / {}。", t.boards, d.teams().len(),
                        t.match_win.normalize(), t.match_draw.normalize(), t.match_loss.normalize())))
                    " "
                    a.button.big-button #team-rounds-link href={ "/desk/events/" (id) "/teams/rounds" } {
                        (l.t("Teams, line-ups and results", "参赛队、出场名单与成绩"))
                    }
                }
            }
            p {
                @if s.team.is_some() {
                } @else if can_pair && pending == 0 {
                    a.button.big-button #pair-next href={ "/desk/events/" (id) "/pair" } {
                        (l.t("Pair round", "编排第")) " " (d.next_round()) (l.t("", "轮"))
                    }
                } @else if pending > 0 {
                    a.button.big-button #enter-results href={ "/desk/events/" (id) "/rounds/" (d.rounds_paired()) } {
                        (l.t("Enter results of round", "录入成绩：第")) " " (d.rounds_paired()) (l.t("", "轮"))
                    }
                    " "
                    a.button.secondary #pair-next href={ "/desk/events/" (id) "/pair" } {
                        (l.t("Pair next round", "编排下一轮"))
                    }
                }
            }
            (office_section(&viewer, &loaded, &submissions))
            (visibility_section(&viewer, &loaded, submissions.is_empty()))
            h2 { (l.t("Prints", "打印")) }
            ul #prints {
                @for (what, en, zh) in PRINTS {
                    li { a href={ "/desk/events/" (id) "/print/" (what) } { (l.t(en, zh)) } }
                }
                @if d.settings().is_round_robin() && !d.is_team_event() {
                    li { a #print-schedule href={ "/desk/events/" (id) "/print/schedule" } {
                        (l.t("Schedule of all rounds", "全部轮次对阵表")) } }
                }
            }
            h2 { (l.t("Exports", "导出")) }
            ul #exports {
                @for (fmt, en, zh) in EXPORTS {
                    li { a href={ "/desk/events/" (id) "/export/" (fmt) } download { (l.t(en, zh)) } }
                }
                li.muted { (l.t(
                    "PGN: the desk keeps results, not moves; no game records to export.",
                    "PGN：裁判台只记录结果、不记录着法，没有棋谱可导出。")) }
            }
        },
    ))
}

/// The event and the rating office: submit a finished event, and what
/// became of each submission.
fn office_section(
    viewer: &Viewer,
    loaded: &qiyuan_store::desk::LoadedEvent,
    subs: &[qiyuan_store::Submission],
) -> Markup {
    let l = viewer.lang;
    let d = &loaded.desk;
    let open = subs.iter().any(|s| s.status != "refused");
    html! {
        section #office-submission {
            h2 { (l.t("Rating office", "报送等级分")) }
            @for sub in subs {
                p data-submission=(sub.id) data-status=(sub.status) {
                    @match sub.status.as_str() {
                        "pending" => (l.pick(
                            format!("Submitted to the rating office by {} ({}); waiting for its review.", sub.submitted_by, sub.submitted_at),
                            format!("已由 {} 报送等级分管理（{}），等待审核。", sub.submitted_by, sub.submitted_at))),
                        "imported" => (l.pick(
                            format!("Imported by the rating office (event #{}).", sub.office_event_id.unwrap_or(0)),
                            format!("等级分管理已导入（赛事 #{}）。", sub.office_event_id.unwrap_or(0)))),
                        _ => (l.pick(
                            format!("Refused by the rating office: {}", sub.note.as_deref().unwrap_or("")),
                            format!("等级分管理退回：{}", sub.note.as_deref().unwrap_or("")))),
                    }
                }
            }
            @if !open {
                @if d.is_finished() && d.settings().rating_profile.is_some() {
                    form #submit-to-office method="post" action={ "/desk/events/" (loaded.id) "/submit" } {
                        (csrf_field(viewer))
                        button type="submit" { (l.t("Submit to the rating office", "报送等级分管理")) }
                    }
                } @else {
                    p.muted { (l.t(
                        "A finished event with a rating profile can be submitted to the rating office.",
                        "赛事结束且设定了等级分规则后，可报送等级分管理。")) }
                }
            }
        }
    }
}

/// Where the event shows (public, hidden, archived), and the deletion of a
/// draft (before round 1, never submitted).
fn visibility_section(
    viewer: &Viewer,
    loaded: &qiyuan_store::desk::LoadedEvent,
    never_submitted: bool,
) -> Markup {
    use qiyuan_store::desk::Visibility as V;
    let l = viewer.lang;
    let id = loaded.id;
    let choices = [
        (V::Public, l.t("On the public pages", "在公开页面显示")),
        (
            V::Hidden,
            l.t("Hidden from the public pages", "不在公开页面显示"),
        ),
        (
            V::Archived,
            l.t(
                "Archived (off the current events, its pages kept)",
                "归档（不列入当前赛事，页面保留）",
            ),
        ),
    ];
    html! {
        section #visibility {
            h2 { (l.t("Public pages", "公开页面")) }
            form #visibility-form method="post" action={ "/desk/events/" (id) "/visibility" } {
                (csrf_field(viewer))
                @for (v, label) in choices {
                    label { input type="radio" name="visibility" value=(v.code()) checked[loaded.visibility == v]; " " (label) } " "
                }
                button type="submit" { (l.t("Save", "保存")) }
            }
            @if loaded.desk.rounds_paired() == 0 && never_submitted {
                form #delete-event method="post" action={ "/desk/events/" (id) "/delete" } {
                    (csrf_field(viewer))
                    label { input type="checkbox" name="confirm" value="yes" required; " "
                        (l.t("Delete this event (no round is paired yet); the log keeps who did it.",
                             "删除本赛事（尚未编排任何轮次）；日志保留操作记录。")) }
                    " " button.danger type="submit" { (l.t("Delete event", "删除赛事")) }
                }
            }
        }
    }
}

/// The form of `POST /desk/events/{id}/visibility`.
#[derive(Debug, Deserialize)]
pub(super) struct VisibilityForm {
    visibility: String,
}

/// `POST /desk/events/{id}/visibility`: shows, hides or archives the event
/// on the public pages (logged).
pub(super) async fn set_visibility(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
    Form(form): Form<VisibilityForm>,
) -> Result<Response, AppError> {
    let l = viewer.lang;
    load_for(&state, &user, id, l).await?;
    let Some(v) = qiyuan_store::desk::Visibility::from_code(form.visibility.trim()) else {
        return Err(AppError::BadRequest(l.pick(
            format!(
                "`{}` is not a visibility (public, hidden, archived).",
                form.visibility
            ),
            format!(
                "“{}”不是可选的显示方式（public、hidden、archived）。",
                form.visibility
            ),
        )));
    };
    state
        .store
        .set_visibility(id, v, by(&user))
        .await
        .map_err(|e| store_error(e, l))?;
    Ok(Redirect::to(&format!("/desk/events/{id}")).into_response())
}

/// The form of `POST /desk/events/{id}/delete`.
#[derive(Debug, Deserialize)]
pub(super) struct DeleteForm {
    #[serde(default)]
    confirm: String,
}

/// `POST /desk/events/{id}/delete`: deletes a draft event (before round 1,
/// never submitted); the desk's list no longer shows it.
pub(super) async fn delete(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
    Form(form): Form<DeleteForm>,
) -> Result<Response, AppError> {
    let l = viewer.lang;
    let loaded = load_for(&state, &user, id, l).await?;
    if form.confirm != "yes" {
        return Err(AppError::BadRequest(
            l.t(
                "Tick the box to confirm the deletion.",
                "请勾选确认框以确认删除。",
            )
            .into(),
        ));
    }
    if loaded.desk.rounds_paired() > 0 {
        return Err(AppError::BadRequest(
            l.t(
                "Round 1 is paired: the event can no longer be deleted; hide or archive it instead.",
                "第 1 轮已编排，赛事不能再删除；可改为不公开显示或归档。",
            )
            .into(),
        ));
    }
    state
        .store
        .delete_event(id, by(&user))
        .await
        .map_err(|e| store_error(e, l))?;
    Ok(Redirect::to("/desk").into_response())
}

/// `POST /desk/events/{id}/submit`: hands the finished event to the rating
/// office for review.
pub(super) async fn submit(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
) -> Result<Response, AppError> {
    let l = viewer.lang;
    load_for(&state, &user, id, l).await?;
    state
        .store
        .submit_desk_event(id, by(&user))
        .await
        .map_err(|e| store_error(e, l))?;
    Ok(Redirect::to(&format!("/desk/events/{id}")).into_response())
}

/// The print views: path, English, Chinese.
pub(super) const PRINTS: [(&str, &str, &str); 6] = [
    ("pairings", "Pairing list (last round)", "对阵表（最新轮）"),
    (
        "alphabetical",
        "Pairings by name (for the venue)",
        "按姓名排列的对阵表",
    ),
    ("standings", "Standings", "排名表"),
    ("crosstable", "Crosstable", "交叉表"),
    ("slips", "Result slips", "成绩单"),
    ("wallchart", "Wall chart", "总表"),
];

/// The exports: path, English, Chinese.
pub(super) const EXPORTS: [(&str, &str, &str); 7] = [
    (
        "event.json",
        "Event file for the rating office (players by list id)",
        "等级分赛事文件（以名单编号指称棋手）",
    ),
    ("trf", "FIDE TRF (TRF-2026)", "FIDE TRF（2026）"),
    ("trf16", "FIDE TRF16", "FIDE TRF16"),
    ("standings.csv", "Standings (CSV)", "排名（CSV）"),
    ("standings.xlsx", "Standings (xlsx)", "排名（xlsx）"),
    (
        "pairings.csv",
        "Pairings of the last round (CSV)",
        "最新轮对阵（CSV）",
    ),
    (
        "pairings.xlsx",
        "Pairings of the last round (xlsx)",
        "最新轮对阵（xlsx）",
    ),
];

fn settings_page(
    viewer: &Viewer,
    loaded: &qiyuan_store::desk::LoadedEvent,
    f: &SettingsForm,
    msg: Option<&Flash>,
) -> Markup {
    let l = viewer.lang;
    page(
        viewer,
        l.t("Settings", "设置"),
        html! {
            (event_nav(viewer, loaded, "settings"))
            (flash(msg))
            form.stack #event-settings name="event-settings" method="post" action={ "/desk/events/" (loaded.id) "/settings" } {
                (csrf_field(viewer))
                (settings_fields(viewer, f))
                button type="submit" { (l.t("Save settings", "保存设置")) }
            }
        },
    )
}

/// `GET /desk/events/{id}/settings`.
pub(super) async fn settings_form(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
) -> Result<Markup, AppError> {
    let loaded = load_for(&state, &user, id, viewer.lang).await?;
    let f = SettingsForm::from_settings(loaded.desk.settings());
    Ok(settings_page(&viewer, &loaded, &f, None))
}

/// `POST /desk/events/{id}/settings`.
pub(super) async fn settings_save(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
    Form(f): Form<SettingsForm>,
) -> Result<Response, AppError> {
    let l = viewer.lang;
    let loaded = load_for(&state, &user, id, l).await?;
    let outcome = match f.to_settings(Some(loaded.desk.settings()), l) {
        Err(m) => Err(m),
        Ok(s) => match state.store.update_settings(id, &s, by(&user)).await {
            Ok(()) => Ok(()),
            Err(e) => Err(store_error(e, l).message(l)),
        },
    };
    match outcome {
        Ok(()) => {
            let loaded = load_for(&state, &user, id, l).await?;
            let f = SettingsForm::from_settings(loaded.desk.settings());
            let msg = Flash::Ok(l.t("Settings saved.", "设置已保存。").into());
            Ok(settings_page(&viewer, &loaded, &f, Some(&msg)).into_response())
        }
        Err(m) => {
            let mut resp =
                settings_page(&viewer, &loaded, &f, Some(&Flash::Err(m))).into_response();
            *resp.status_mut() = axum::http::StatusCode::BAD_REQUEST;
            Ok(resp)
        }
    }
}

/// `GET /desk/events/{id}/log`: who did what, newest first.
pub(super) async fn log_page(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
) -> Result<Markup, AppError> {
    let l = viewer.lang;
    let loaded = load_for(&state, &user, id, l).await?;
    let mut log = state
        .store
        .desk_log(id)
        .await
        .map_err(|e| store_error(e, l))?;
    log.reverse();
    Ok(page(
        &viewer,
        l.t("Log", "日志"),
        html! {
            (event_nav(&viewer, &loaded, "log"))
            div.table-wrap { table #desk-log {
                thead { tr {
                    th { (l.t("When", "时间")) } th { (l.t("Who", "操作人")) }
                    th { (l.t("What", "操作")) } th.num { (l.t("Round", "轮")) }
                    th { (l.t("Details", "详情")) }
                } }
                tbody { @for e in &log { tr data-action=(e.action) {
                    td { (e.at) } td { (e.by) } td { (e.action) }
                    td.num { @if let Some(r) = e.round { (r) } }
                    td { (log_detail(&e.detail)) }
                } } }
            } }
        },
    ))
}

/// A log entry's detail: `old → new` for results, the JSON otherwise.
fn log_detail(d: &serde_json::Value) -> String {
    if let (Some(b), Some(a)) = (d.get("before"), d.get("after"))
        && let (Some(b), Some(a)) = (b.as_str(), a.as_str())
    {
        let board = d.get("board").and_then(|x| x.as_u64()).unwrap_or(0);
        return format!("#{board}: {b} → {a}");
    }
    let text = d.to_string();
    if text.chars().count() > 300 {
        text.chars().take(300).collect::<String>() + "…"
    } else {
        text
    }
}
