//! Rounds: pairing the next round (preview, manual changes that warn and
//! are logged, confirm), unpairing the last round, publishing, and result
//! entry with optimistic concurrency.

use std::collections::HashMap;

use axum::Form;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use maud::{Markup, html};
use qiyuan_desk::prelude::*;
use qiyuan_store::StoreError;
use qiyuan_store::desk::{GameRef, LoadedEvent, PairingDraft};
use qiyuan_vocab::Heading;
use rust_decimal::Decimal;
use serde::Deserialize;

use super::{
    Flash, by, colour_names, event_nav, flash, load_for, player_label, store_error, warning_text,
};
use crate::AppState;
use crate::auth::{SignedIn, User, Viewer};
use crate::error::AppError;
use crate::i18n::Lang;
use crate::layout::{csrf_field, page};

/// The result choices of the entry form: form key and result; the label is
/// the event's wording of the result ([`EventSettings::result_label`]: 红胜 /
/// 和 / 黑胜 or 2:0 / 1:1 / 0:2 in xiangqi, 1-0 / ½-½ / 0-1 in chess).
pub(super) const CHOICES: [(&str, GameResult); 6] = [
    ("w", GameResult::WhiteWins),
    ("d", GameResult::Draw),
    ("b", GameResult::BlackWins),
    ("wf", GameResult::WhiteForfeitWin),
    ("bf", GameResult::BlackForfeitWin),
    ("df", GameResult::DoubleForfeit),
];

pub(super) fn result_key(r: GameResult) -> &'static str {
    CHOICES
        .iter()
        .find(|(_, res)| *res == r)
        .map_or("p", |(k, _)| k)
}

pub(super) fn key_result(k: &str) -> Option<GameResult> {
    if k == "p" {
        return Some(GameResult::Pending);
    }
    CHOICES.iter().find(|(key, _)| *key == k).map(|c| c.1)
}

/// Points of every player so far (pending games count nothing).
fn points(desk: &DeskEvent) -> HashMap<PlayerId, Decimal> {
    desk.points_so_far().into_iter().collect()
}

fn rating(desk: &DeskEvent, id: PlayerId) -> String {
    desk.event()
        .player(id)
        .and_then(|p| p.rating)
        .map(|r| r.to_string())
        .unwrap_or_default()
}

fn name(desk: &DeskEvent, id: PlayerId) -> String {
    desk.event()
        .player(id)
        .map(|p| p.name.clone())
        .unwrap_or_default()
}

/// The players in the order the pairing ranks them: score, then pairing
/// number (C.04.3 A.2; the numbers come from the seeding).
fn pairing_order(viewer: &Viewer, d: &DeskEvent, pts: &HashMap<PlayerId, Decimal>) -> Markup {
    let l = viewer.lang;
    let mut players = d.players();
    players.sort_by(|a, b| {
        let pa = pts.get(&a.id).copied().unwrap_or_default();
        let pb = pts.get(&b.id).copied().unwrap_or_default();
        pb.cmp(&pa).then(a.id.cmp(&b.id))
    });
    html! {
        details #pairing-order {
            summary { (l.t("The order the pairing used: score, then pairing number", "编排所用顺序：先积分，后序号")) }
            div.table-wrap { table {
                thead { tr {
                    th.num { (Heading::Points.label(l)) } th.num { (Heading::PairingNumber.label(l)) }
                    th { (Heading::Name.label(l)) } th.num { (Heading::Rating.label(l)) }
                } }
                tbody { @for p in &players { tr {
                    td.num { (pts.get(&p.id).copied().unwrap_or_default().normalize()) }
                    td.num { (p.id.0) } td { (p.info.name) }
                    td.num { @if let Some(r) = p.info.rating { (r) } }
                } } }
            } }
        }
    }
}

/// Where the proposal shown comes from.
enum Source<'a> {
    /// The desk's own proposal, just computed.
    Fresh,
    /// The draft kept on the server, with its manual changes.
    Draft(&'a PairingDraft),
}

fn preview_page(
    viewer: &Viewer,
    loaded: &LoadedEvent,
    proposal: Option<&ProposedRound>,
    warnings: &[PairingWarning],
    msg: Option<&Flash>,
    source: Source<'_>,
) -> Markup {
    let l = viewer.lang;
    let d = &loaded.desk;
    let id = loaded.id;
    let pts = points(d);
    let (white, black) = colour_names(d.settings().game, l);
    let action = format!("/desk/events/{id}/pair");
    let json = proposal
        .and_then(|p| serde_json::to_string(p).ok())
        .unwrap_or_default();
    let options = html! {
        @for p in d.players() { option value=(p.id.0) { (p.id.0) " " (p.info.name) } }
    };
    page(
        viewer,
        l.t("Pair the next round", "编排下一轮"),
        html! {
            (event_nav(viewer, loaded, "rounds"))
            (flash(msg))
            @if let Some(p) = proposal {
                h2 { (l.t("Proposed pairing of round ", "第")) (p.round) (l.t("", "轮编排预览")) }
                @if let Source::Draft(draft) = source {
                    div.notice #pairing-draft {
                        (l.pick(
                            format!("A draft with {} manual change(s), last by {} — kept until it is confirmed or discarded.", draft.changes, draft.updated_by),
                            format!("这是保存的编排草稿，含 {} 处手工调整（最近一次：{}），确认或放弃前一直保留。", draft.changes, draft.updated_by),
                        ))
                        form.inline #discard-draft method="post" action=(action) {
                            (csrf_field(viewer))
                            input type="hidden" name="action" value="discard";
                            " " button.secondary type="submit" { (l.t("Discard the draft", "放弃草稿")) }
                        }
                    }
                }
                (pairing_order(viewer, d, &pts))
                @if warnings.is_empty() {
                    p.notice #warnings data-count="0" { (l.t("No rule is broken.", "没有违反编排规则。")) }
                } @else {
                    div.conflict #warnings data-count=(warnings.len()) role="alert" {
                        strong { (l.t("Warnings: this pairing breaks rules", "警告：此编排违反以下规则")) }
                        ul { @for w in warnings { li { (warning_text(w, l)) } } }
                    }
                }
                div.table-wrap { table #proposal data-round=(p.round) {
                    thead { tr {
                        th.num { (Heading::Board.label(l)) } th.num { (Heading::PairingNumber.label(l)) } th { (white) }
                        th.num { (Heading::Rating.label(l)) } th.num { (Heading::Points.label(l)) }
                        th { "–" }
                        th.num { (Heading::Points.label(l)) } th { (black) } th.num { (Heading::Rating.label(l)) } th.num { (Heading::PairingNumber.label(l)) }
                    } }
                    tbody {
                        @for (i, b) in p.boards.iter().enumerate() { tr data-board=(i + 1) {
                            td.num { (i + 1) } td.num { (b.white.0) } td { (name(d, b.white)) }
                            td.num { (rating(d, b.white)) } td.num { (pts.get(&b.white).copied().unwrap_or_default().normalize()) }
                            td { "–" }
                            td.num { (pts.get(&b.black).copied().unwrap_or_default().normalize()) } td { (name(d, b.black)) }
                            td.num { (rating(d, b.black)) } td.num { (b.black.0) }
                        } }
                        @for (pl, k) in &p.byes { tr.bye {
                            td.num { } td.num { (pl.0) } td { (name(d, *pl)) } td.num { (rating(d, *pl)) }
                            td.num { (pts.get(pl).copied().unwrap_or_default().normalize()) }
                            td colspan="5" { (k.label(l)) }
                        } }
                    }
                } }
                form #confirm-pairing name="confirm-pairing" method="post" action=(action) {
                    (csrf_field(viewer))
                    input type="hidden" name="proposal" value=(json);
                    input type="hidden" name="action" value="confirm";
                    p { button.big-button #confirm-pair type="submit" { (l.t("Confirm this pairing", "确认此编排")) } }
                }
                h2 { (l.t("Change by hand", "手工调整")) }
                p.muted { (l.t(
                    "Every change is checked against the rules and logged; the pairing is saved only when you confirm it.",
                    "每次调整都会按编排规则检查并记入日志；确认后才会保存。")) }
                form.stack #manual-change name="manual-change" method="post" action=(action) {
                    (csrf_field(viewer))
                    input type="hidden" name="proposal" value=(json);
                    label { (l.t("Change", "调整")) select name="action" {
                        option value="swap" { (l.t("swap the colours of a board", "交换某台先后手")) }
                        option value="exchange" { (l.t("exchange two players", "交换两名棋手位置")) }
                        option value="pair" { (l.t("pair two players (A first colour)", "将两名棋手配对（A 先手）")) }
                        option value="bye" { (l.t("give player A a bye", "给棋手 A 轮空")) }
                        option value="unbye" { (l.t("remove player A's bye", "取消棋手 A 的轮空")) }
                    } }
                    label { (Heading::Board.label(l)) input type="number" name="board" min="1"; }
                    label { (l.t("Player A", "棋手 A")) select name="a" { option value="" { "—" } (options) } }
                    label { (l.t("Player B", "棋手 B")) select name="b" { option value="" { "—" } (options) } }
                    label { (l.t("Bye kind", "轮空类型")) select name="kind" {
                        @for k in [ByeKind::PairingAllocated, ByeKind::HalfPoint, ByeKind::ZeroPoint, ByeKind::FullPoint] {
                            option value=(k.stored_code()) { (k.label(l)) }
                        }
                    } }
                    button.secondary #apply-change type="submit" { (l.t("Apply the change", "应用调整")) }
                }
            }
            p { a href={ "/desk/events/" (id) "/rounds" } { (l.t("Rounds and results", "轮次与成绩")) } }
        },
    )
}

/// `GET /desk/events/{id}/pair`: the desk's proposal for the next round.
pub(super) async fn preview(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
) -> Result<Response, AppError> {
    let l = viewer.lang;
    let loaded = load_for(&state, &user, id, l).await?;
    let draft = state
        .store
        .pairing_draft(id)
        .await
        .map_err(|e| store_error(e, l))?
        .filter(|d| d.proposal.round == loaded.desk.next_round());
    if let Some(draft) = &draft {
        let w = loaded.desk.check_round(&draft.proposal).unwrap_or_default();
        return Ok(preview_page(
            &viewer,
            &loaded,
            Some(&draft.proposal),
            &w,
            None,
            Source::Draft(draft),
        )
        .into_response());
    }
    // Pairing a large field is heavy: on a job thread, never on the
    // request threads (busy slots answer 503 "try again").
    let (loaded, proposed) = crate::guard::heavy(&state, move || {
        let proposed = loaded
            .desk
            .pair_next_round()
            .and_then(|p| loaded.desk.check_round(&p).map(|w| (p, w)));
        (loaded, proposed)
    })
    .await?;
    Ok(match proposed {
        Ok((p, w)) => {
            preview_page(&viewer, &loaded, Some(&p), &w, None, Source::Fresh).into_response()
        }
        Err(e) => {
            let msg = Flash::Err(format!(
                "{}{}",
                l.t("The next round cannot be paired: ", "无法编排下一轮："),
                e.text(l)
            ));
            let mut resp = preview_page(&viewer, &loaded, None, &[], Some(&msg), Source::Fresh)
                .into_response();
            *resp.status_mut() = StatusCode::CONFLICT;
            resp
        }
    })
}

#[derive(Debug, Default, Deserialize)]
pub(super) struct PairForm {
    #[serde(default)]
    proposal: String,
    #[serde(default)]
    action: String,
    #[serde(default)]
    board: String,
    #[serde(default)]
    a: String,
    #[serde(default)]
    b: String,
    #[serde(default)]
    kind: String,
}

fn player_field(s: &str, which: &str, l: Lang) -> Result<PlayerId, String> {
    s.trim().parse::<u32>().map(PlayerId).map_err(|_| {
        l.pick(
            format!("Choose player {which}."),
            format!("请选择棋手 {which}。"),
        )
    })
}

/// `POST /desk/events/{id}/pair`: `action` = `confirm` (save the round) or
/// a manual change (`swap`, `exchange`, `pair`, `bye`, `unbye`) of the
/// proposal carried in the form.
pub(super) async fn pair_post(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
    Form(f): Form<PairForm>,
) -> Result<Response, AppError> {
    let l = viewer.lang;
    let loaded = load_for(&state, &user, id, l).await?;
    let d = &loaded.desk;
    if f.action == "discard" {
        state
            .store
            .discard_pairing_draft(id, by(&user))
            .await
            .map_err(|e| store_error(e, l))?;
        return Ok(Redirect::to(&format!("/desk/events/{id}/pair")).into_response());
    }
    let mut proposal: ProposedRound = serde_json::from_str(&f.proposal).map_err(|_| {
        AppError::BadRequest(
            l.t(
                "The proposed pairing is missing or damaged: start again from the pairing page.",
                "编排预览数据缺失或损坏：请重新打开编排页面。",
            )
            .into(),
        )
    })?;
    if proposal.round != d.next_round() {
        let msg = Flash::Err(l.pick(
            format!(
                "This proposal is for round {}, but the next round is {}: someone paired or unpaired meanwhile. Here is a fresh proposal.",
                proposal.round,
                d.next_round()
            ),
            format!(
                "此预览是第{}轮的，但下一轮是第{}轮：其他人刚刚编排或撤销了轮次。以下是新的编排预览。",
                proposal.round,
                d.next_round()
            ),
        ));
        let fresh = d
            .pair_next_round()
            .and_then(|p| d.check_round(&p).map(|w| (p, w)));
        let mut resp = match fresh {
            Ok((p, w)) => preview_page(&viewer, &loaded, Some(&p), &w, Some(&msg), Source::Fresh),
            Err(_) => preview_page(&viewer, &loaded, None, &[], Some(&msg), Source::Fresh),
        }
        .into_response();
        *resp.status_mut() = StatusCode::CONFLICT;
        return Ok(resp);
    }
    if f.action == "confirm" {
        return match state.store.save_round(id, &proposal, by(&user)).await {
            Ok(saved) => Ok(Redirect::to(&format!(
                "/desk/events/{id}/rounds/{}?paired=1",
                saved.round
            ))
            .into_response()),
            Err(e) => {
                let msg = Flash::Err(store_error(e, l).message(l));
                let w = d.check_round(&proposal).unwrap_or_default();
                let mut resp = preview_page(
                    &viewer,
                    &loaded,
                    Some(&proposal),
                    &w,
                    Some(&msg),
                    Source::Fresh,
                )
                .into_response();
                *resp.status_mut() = StatusCode::BAD_REQUEST;
                Ok(resp)
            }
        };
    }
    let change: Result<(String, Vec<PairingWarning>), String> = (|| {
        let desk_err = |e: DeskError| format!("{}{}", l.t("Refused: ", "不能调整："), e.text(l));
        match f.action.as_str() {
            "swap" => {
                let board = f
                    .board
                    .trim()
                    .parse::<usize>()
                    .map_err(|_| l.t("Give the board number.", "请填写台次。").to_string())?;
                let w = d.swap_colours(&mut proposal, board).map_err(desk_err)?;
                Ok((format!("swap colours on board {board}"), w))
            }
            "exchange" => {
                let a = player_field(&f.a, "A", l)?;
                let b = player_field(&f.b, "B", l)?;
                let w = d.exchange_players(&mut proposal, a, b).map_err(desk_err)?;
                Ok((format!("exchange players {a} and {b}"), w))
            }
            "pair" => {
                let a = player_field(&f.a, "A", l)?;
                let b = player_field(&f.b, "B", l)?;
                if a == b {
                    return Err(l
                        .t("Choose two different players.", "请选择两名不同的棋手。")
                        .into());
                }
                let w = d.pair_players(&mut proposal, a, b).map_err(desk_err)?;
                Ok((format!("pair {a} (first colour) with {b}"), w))
            }
            "bye" => {
                let a = player_field(&f.a, "A", l)?;
                let kind = match ByeKind::from_stored_code(&f.kind) {
                    Some(k) if k != ByeKind::Absent => k,
                    _ => return Err(l.t("Unknown kind of bye.", "未知的轮空类型。").into()),
                };
                let w = d.give_bye(&mut proposal, a, kind).map_err(desk_err)?;
                Ok((format!("give {a} a bye ({kind:?})"), w))
            }
            "unbye" => {
                let a = player_field(&f.a, "A", l)?;
                let w = d.remove_bye(&mut proposal, a).map_err(desk_err)?;
                Ok((format!("remove the bye of {a}"), w))
            }
            other => Err(format!("unknown action `{other}`")),
        }
    })();
    match change {
        Ok((what, warnings)) => {
            state
                .store
                .save_pairing_draft(id, &proposal, &what, &warnings, by(&user))
                .await
                .map_err(|e| store_error(e, l))?;
            let draft = state
                .store
                .pairing_draft(id)
                .await
                .map_err(|e| store_error(e, l))?;
            let msg = Flash::Ok(l.pick(
                format!(
                    "Changed: {what}. Kept as a draft: confirm the pairing to make it the round."
                ),
                format!("已调整（{what}）。已保存为草稿：确认编排后才成为正式轮次。"),
            ));
            let source = draft.as_ref().map_or(Source::Fresh, Source::Draft);
            Ok(preview_page(
                &viewer,
                &loaded,
                Some(&proposal),
                &warnings,
                Some(&msg),
                source,
            )
            .into_response())
        }
        Err(m) => {
            let w = d.check_round(&proposal).unwrap_or_default();
            let mut resp = preview_page(
                &viewer,
                &loaded,
                Some(&proposal),
                &w,
                Some(&Flash::Err(m)),
                Source::Fresh,
            )
            .into_response();
            *resp.status_mut() = StatusCode::BAD_REQUEST;
            Ok(resp)
        }
    }
}

/// `POST /desk/events/{id}/rounds/unpair`: removes the last round if no
/// result of it is entered; with `then=pair`, goes on to the pairing page.
pub(super) async fn unpair(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
    Form(f): Form<UnpairForm>,
) -> Result<Response, AppError> {
    let l = viewer.lang;
    load_for(&state, &user, id, l).await?;
    let round = state
        .store
        .unpair_last_round(id, by(&user))
        .await
        .map_err(|e| store_error(e, l))?;
    if f.then == "pair" {
        return Ok(Redirect::to(&format!("/desk/events/{id}/pair")).into_response());
    }
    Ok(Redirect::to(&format!("/desk/events/{id}/rounds?unpaired={round}")).into_response())
}

#[derive(Debug, Default, Deserialize)]
pub(super) struct UnpairForm {
    /// `pair`: go on to pair the round again.
    #[serde(default)]
    then: String,
}

#[derive(Debug, Default, Deserialize)]
pub(super) struct RoundsQuery {
    #[serde(default)]
    unpaired: Option<u32>,
    #[serde(default)]
    saved: Option<u32>,
    #[serde(default)]
    paired: Option<u32>,
}

/// `GET /desk/events/{id}/rounds`: every round with its progress.
pub(super) async fn rounds_index(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path(id): Path<i64>,
    Query(q): Query<RoundsQuery>,
) -> Result<Markup, AppError> {
    let l = viewer.lang;
    let loaded = load_for(&state, &user, id, l).await?;
    let d = &loaded.desk;
    let msg = q.unpaired.map(|r| {
        Flash::Ok(l.pick(
            format!("Round {r} was unpaired."),
            format!("已撤销第{r}轮编排。"),
        ))
    });
    Ok(page(
        &viewer,
        l.t("Rounds & results", "轮次与成绩"),
        html! {
            (event_nav(&viewer, &loaded, "rounds"))
            (flash(msg.as_ref()))
            div.table-wrap { table #rounds data-live="15" {
                thead { tr {
                    th.num { (l.t("Round", "轮次")) } th.num { (l.t("Boards", "台数")) }
                    th.num { (l.t("Results missing", "未录成绩")) } th { (l.t("Public", "公开")) }
                } }
                tbody { @for r in 1..=d.rounds_paired() {
                    @let games: Vec<&GameRef> = loaded.games.iter().filter(|g| g.round == r).collect();
                    tr data-round=(r) {
                        td.num { a href={ "/desk/events/" (id) "/rounds/" (r) } { (l.t("Round ", "第")) (r) (l.t("", "轮")) } }
                        td.num { (games.len()) }
                        td.num { (games.iter().filter(|g| g.result == GameResult::Pending).count()) }
                        td { @if loaded.published.contains(&r) { (l.t("published", "已公开")) } @else { "—" } }
                    }
                } }
            } }
            p {
                a.button.big-button #pair-next href={ "/desk/events/" (id) "/pair" } {
                    (l.t("Pair the next round", "编排下一轮"))
                }
            }
        },
    ))
}

/// A conflict met while saving a result: what the visitor entered and what
/// is stored now.
pub(super) struct Conflict {
    game_id: i64,
    attempted: GameResult,
    message: String,
}

/// The alert naming every conflict of a result form (nothing when there is
/// none): the individual and the team result pages.
pub(super) fn conflicts_alert(conflicts: &[Conflict]) -> Markup {
    html! {
        @if !conflicts.is_empty() {
            div #conflicts role="alert" {
                @for c in conflicts { p.conflict data-game=(c.game_id) { (c.message) } }
            }
        }
    }
}

/// The entry of one game's result in a result form: the version and the
/// result the form was filled from (`v{game}`, `o{game}`), then one radio
/// per result (`r{game}`, ids `{id_prefix}{game}-{key}`), the visitor's
/// own entry checked when it met a conflict. Shared by the individual
/// (`g`) and team (`t`) result forms.
pub(super) fn result_radios(
    g: &GameRef,
    conflicts: &[Conflict],
    id_prefix: &str,
    settings: &EventSettings,
    l: Lang,
) -> Markup {
    let chosen = conflicts
        .iter()
        .find(|c| c.game_id == g.id)
        .map_or(g.result, |c| c.attempted);
    html! {
        input type="hidden" name={ "v" (g.id) } value=(g.version);
        input type="hidden" name={ "o" (g.id) } value=(result_key(g.result));
        div.results {
            @for (key, res) in CHOICES {
                label for={ (id_prefix) (g.id) "-" (key) } {
                    input type="radio" id={ (id_prefix) (g.id) "-" (key) } name={ "r" (g.id) } value=(key) checked[chosen == res];
                    (settings.result_label(res, l))
                }
            }
        }
    }
}

/// What saving a result form did.
pub(super) struct SavedResults {
    /// How many results were changed.
    pub(super) saved: u32,
    /// The games changed meanwhile by someone else (not overwritten).
    pub(super) conflicts: Vec<Conflict>,
    /// The fields refused, as messages in the visitor's language.
    pub(super) errors: Vec<String>,
}

/// The status of a result page shown again after a refusal: 409 when a
/// game met a conflict, else 400.
pub(super) fn refusal_status(conflicts: &[Conflict]) -> StatusCode {
    if conflicts.is_empty() {
        StatusCode::BAD_REQUEST
    } else {
        StatusCode::CONFLICT
    }
}

/// Saves the results of a result form of round `round` of `loaded` (the
/// event `id`): each `r{game}` that differs from the result the form showed
/// (`o{game}`), with the version the form was filled from (`v{game}`). A
/// game of another round, a missing version or an unknown result is an
/// error; a game changed meanwhile is a conflict (not overwritten). Shared
/// by the individual and team result forms.
pub(super) async fn save_results(
    state: &AppState,
    user: &User,
    loaded: &LoadedEvent,
    round: u32,
    fields: &[(String, String)],
    l: Lang,
) -> SavedResults {
    let id = loaded.id;
    let get = |k: String| {
        fields
            .iter()
            .find(|(name, _)| *name == k)
            .map(|(_, v)| v.as_str())
    };
    let mut saved = 0u32;
    let mut conflicts = Vec::new();
    let mut errors = Vec::new();
    for (k, v) in fields {
        let Some(game_id) = k.strip_prefix('r').and_then(|n| n.parse::<i64>().ok()) else {
            continue;
        };
        let Some(result) = key_result(v) else {
            errors.push(l.pick(
                format!("`{v}` is not a result."),
                format!("“{v}”不是有效的结果。"),
            ));
            continue;
        };
        let original = get(format!("o{game_id}")).and_then(key_result);
        if original == Some(result) {
            continue;
        }
        let Some(version) = get(format!("v{game_id}")).and_then(|v| v.parse::<i64>().ok()) else {
            errors.push(l.pick(
                format!("Game #{game_id}: the form has no version; reload the page."),
                format!("对局 #{game_id}：表单缺少版本号，请刷新页面。"),
            ));
            continue;
        };
        if !loaded
            .games
            .iter()
            .any(|g| g.id == game_id && g.round == round)
        {
            errors.push(l.pick(
                format!("Game #{game_id} is not in round {round} of this event."),
                format!("对局 #{game_id} 不在本赛事第{round}轮中。"),
            ));
            continue;
        }
        match state
            .store
            .set_result(id, game_id, result, version, by(user))
            .await
        {
            Ok(o) => {
                if o.changed {
                    saved += 1;
                }
            }
            Err(e @ StoreError::Conflict(_)) => conflicts.push(Conflict {
                game_id,
                attempted: result,
                message: conflict_message(&e, result, loaded.desk.settings(), l),
            }),
            Err(e) => errors.push(store_error(e, l).message(l)),
        }
    }
    SavedResults {
        saved,
        conflicts,
        errors,
    }
}

pub(super) fn conflict_message(
    e: &StoreError,
    attempted: GameResult,
    settings: &EventSettings,
    l: Lang,
) -> String {
    match e {
        StoreError::Conflict(c) => {
            let (round, board, white, black, by) = (c.round, c.board, &c.white, &c.black, &c.by);
            // The page names the result by the game's words.
            let current = match c.current {
                GameResult::Pending => l.t("no result", "无结果"),
                r => settings.result_label(r, l),
            };
            l.pick(
                format!(
                    "Round {round}, board {board} ({white} – {black}) was changed by {by} to {current} while you were entering it. Your entry {} was NOT saved: it is kept selected below; save again to replace {current}, or leave it.",
                    settings.result_label(attempted, l)
                ),
                format!(
                    "第{round}轮第{board}台（{white} – {black}）在您录入期间已被 {by} 改为 {current}。您录入的 {} 未保存，已保留在下方；如需覆盖 {current}，请再次保存。",
                    settings.result_label(attempted, l)
                ),
            )
        }
        other => other.to_string(),
    }
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
    let games: Vec<&GameRef> = loaded.games.iter().filter(|g| g.round == round).collect();
    let byes = d
        .event()
        .rounds()
        .get(round as usize - 1)
        .map(|r| r.byes.clone())
        .unwrap_or_default();
    let is_last = round == d.rounds_paired();
    let no_result = games.iter().all(|g| g.result == GameResult::Pending);
    let published = loaded.published.contains(&round);
    page(
        viewer,
        &format!("{} {round}", l.t("Round", "轮次")),
        html! {
            (event_nav(viewer, loaded, "rounds"))
            (flash(msg))
            (conflicts_alert(conflicts))
            h2 #round-title data-round=(round) { (l.t("Round ", "第")) (round) (l.t("", "轮")) }
            @if !is_last {
                (later_round_warning(viewer, loaded, round))
            }
            p.no-print {
                @if round > 1 { a href={ "/desk/events/" (id) "/rounds/" (round - 1) } { (l.t("← previous", "← 上一轮")) } " " }
                @if round < d.rounds_paired() { a href={ "/desk/events/" (id) "/rounds/" (round + 1) } { (l.t("next →", "下一轮 →")) } " " }
                a href={ "/desk/events/" (id) "/print/pairings?round=" (round) } { (l.t("print pairings", "打印对阵表")) } " "
                a href={ "/desk/events/" (id) "/print/slips?round=" (round) } { (l.t("print result slips", "打印成绩单")) }
            }
            form #results-form name="results" method="post" action={ "/desk/events/" (id) "/rounds/" (round) } {
                (csrf_field(viewer))
                @for g in &games {
                    fieldset.board-entry #{ "board-" (g.board) } data-game=(g.id) data-version=(g.version) data-result=(result_key(g.result)) {
                        legend.who {
                            (l.t("Board ", "第")) (g.board) (l.t(": ", "台："))
                            (white) " " (player_label(d, g.white)) " – " (black) " " (player_label(d, g.black))
                        }
                        (result_radios(g, conflicts, "g", d.settings(), l))
                        @if let Some(who) = &g.updated_by { @if g.version > 0 {
                            p.muted { (l.t("last entered by ", "最后录入：")) (who) " (v" (g.version) ")" }
                        } }
                    }
                }
                @if !byes.is_empty() {
                    ul #byes { @for (p, k) in &byes { li { (player_label(d, *p)) " — " (k.label(l)) } } }
                }
                p { button.big-button #save-results type="submit" { (l.t("Save results", "保存成绩")) } }
            }
            div.forms.no-print {
                form #publish-round name="publish-round" method="post" action={ "/desk/events/" (id) "/rounds/" (round) "/publish" } {
                    (csrf_field(viewer))
                    @if published {
                        input type="hidden" name="published" value="0";
                        p { (l.t("This round is public.", "本轮已公开。")) }
                        button.secondary type="submit" { (l.t("Withdraw from the public pages", "从公开页面撤下")) }
                    } @else {
                        input type="hidden" name="published" value="1";
                        p { (l.t("This round is not public yet.", "本轮尚未公开。")) }
                        button type="submit" { (l.t("Publish the pairing", "公开对阵")) }
                    }
                }
                @if is_last && no_result {
                    form #unpair-last name="unpair-last" method="post" action={ "/desk/events/" (id) "/rounds/unpair" } {
                        (csrf_field(viewer))
                        p { (l.t("No result is entered yet: the round can be unpaired and paired again.",
                            "本轮尚未录入成绩：可以撤销编排后重新编排。")) }
                        button.secondary #unpair-submit type="submit" { (l.t("Unpair this round", "撤销本轮编排")) }
                    }
                }
            }
        },
    )
}

/// On a round that is not the last: a change here does not change the
/// pairing of the rounds after it, which were made on the scores as they
/// were. When the next round is the last and has no result yet, it can be
/// unpaired and paired again from here.
fn later_round_warning(viewer: &Viewer, loaded: &LoadedEvent, round: u32) -> Markup {
    let l = viewer.lang;
    let d = &loaded.desk;
    let next = round + 1;
    let next_is_last = next == d.rounds_paired();
    let next_untouched = loaded
        .games
        .iter()
        .filter(|g| g.round == next)
        .all(|g| g.result == GameResult::Pending);
    html! {
        div.warning #later-rounds-paired role="note" {
            p { (l.pick(
                format!("Round {next} is already paired, on the scores after this round: a result changed here does not change its pairing."),
                format!("第{next}轮已按本轮后的积分编排：在此更改成绩，不会改变第{next}轮的对阵。"),
            )) }
            @if next_is_last && next_untouched {
                form.inline #repair-next method="post" action={ "/desk/events/" (loaded.id) "/rounds/unpair" } {
                    (csrf_field(viewer))
                    input type="hidden" name="then" value="pair";
                    button.secondary type="submit" { (l.pick(
                        format!("Unpair round {next} and pair it again"),
                        format!("撤销第{next}轮编排并重新编排"),
                    )) }
                }
            }
        }
    }
}

/// `GET /desk/events/{id}/rounds/{round}`: the result entry form.
pub(super) async fn round_page(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path((id, round)): Path<(i64, u32)>,
    Query(q): Query<RoundsQuery>,
) -> Result<Markup, AppError> {
    let l = viewer.lang;
    let loaded = load_for(&state, &user, id, l).await?;
    if round == 0 || round > loaded.desk.rounds_paired() {
        return Err(AppError::NotFound);
    }
    let msg = match (q.saved, q.paired) {
        (Some(n), _) => Some(Flash::Ok(l.pick(
            format!("{n} result(s) saved."),
            format!("已保存 {n} 个成绩。"),
        ))),
        (None, Some(_)) => Some(Flash::Ok(
            l.t("The round is paired and saved.", "本轮编排已保存。")
                .into(),
        )),
        _ => None,
    };
    Ok(round_markup(&viewer, &loaded, round, msg.as_ref(), &[]))
}

/// `POST /desk/events/{id}/rounds/{round}`: saves the results that differ
/// from what the form showed (`r{game}` against `o{game}`), each with the
/// version the form was filled from (`v{game}`). A game changed meanwhile by
/// someone else is not overwritten: the page comes back (409) naming the
/// game, the other arbiter and the result stored, with the visitor's entry
/// still selected.
pub(super) async fn results_post(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path((id, round)): Path<(i64, u32)>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Result<Response, AppError> {
    let l = viewer.lang;
    let loaded = load_for(&state, &user, id, l).await?;
    if round == 0 || round > loaded.desk.rounds_paired() {
        return Err(AppError::NotFound);
    }
    let SavedResults {
        saved,
        conflicts,
        errors,
    } = save_results(&state, &user, &loaded, round, &fields, l).await;
    if conflicts.is_empty() && errors.is_empty() {
        return Ok(
            Redirect::to(&format!("/desk/events/{id}/rounds/{round}?saved={saved}"))
                .into_response(),
        );
    }
    let loaded = load_for(&state, &user, id, l).await?;
    let mut text = l.pick(
        format!("{saved} result(s) saved."),
        format!("已保存 {saved} 个成绩。"),
    );
    for e in &errors {
        text.push(' ');
        text.push_str(e);
    }
    let msg = Flash::Err(text);
    let mut resp = round_markup(&viewer, &loaded, round, Some(&msg), &conflicts).into_response();
    *resp.status_mut() = refusal_status(&conflicts);
    Ok(resp)
}

#[derive(Debug, Default, Deserialize)]
pub(super) struct PublishForm {
    #[serde(default)]
    published: String,
}

/// `POST /desk/events/{id}/rounds/{round}/publish`.
pub(super) async fn publish(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path((id, round)): Path<(i64, u32)>,
    Form(f): Form<PublishForm>,
) -> Result<Response, AppError> {
    let l = viewer.lang;
    load_for(&state, &user, id, l).await?;
    state
        .store
        .publish_round(id, round, f.published == "1", by(&user))
        .await
        .map_err(|e| store_error(e, l))?;
    Ok(Redirect::to(&format!("/desk/events/{id}/rounds/{round}")).into_response())
}
