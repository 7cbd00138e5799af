//! Events at the desk through the API: create one from the event JSON, read
//! it, pair the next round, enter results, standings and the rating report.
//!
//! **Creating an event** (`POST /api/v1/events`): the body is the project's
//! event JSON (`docs/event-format.md`: `name`, `game`, `system`, `start`,
//! `end`, `players`, `games`) with one more, optional member, `settings`,
//! for what the event file does not say:
//!
//! ```json
//! {
//!   "name": "2026 城市象棋公开赛", "game": "xiangqi", "system": "swiss",
//!   "players": [{"id": 1, "name": "王天一", "sex": "m", "rating": 2700}],
//!   "games": [],
//!   "settings": {"rounds": 7, "scoring": "2-1-0", "tiebreaks": "xiangqi-swiss-bh",
//!                "rating_profile": "cxa-2019"}
//! }
//! ```
//!
//! `settings` takes the desk's fields ([`SettingsInput`]); whatever it
//! leaves out follows from the event file: `system` `swiss` is the FIDE
//! (Dutch) System 2026, `round-robin` / `double-round-robin` the Berger
//! tables once / twice, `knockout` two-game matches; scoring and tie-breaks
//! are the game's usual ones ([`EventSettings::swiss`],
//! [`EventSettings::round_robin`]); a Swiss has as many rounds as
//! `settings.rounds`, or else as the games given. Players keep their ids as
//! pairing numbers; the desk keeps name, sex, rating (whole numbers), title,
//! unit (as club), year of birth and the list data that decide K in the
//! rating report — `rated_games`, `rated_events`, `ever_reached`; `rank` is
//! not kept (the desk ranks by its standings), and the response's `notes`
//! (`notes_zh` in Chinese) say so.
//! Games given are saved as played rounds (each round complete: every
//! player of the round in a game or a bye), then the next round is paired
//! by the desk.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use qiyuan_desk::event_file;
use qiyuan_desk::import::ImportedPlayer;
use qiyuan_desk::prelude::*;
use qiyuan_rating::model as rm;
use qiyuan_store::StoreError;
use qiyuan_store::desk::{GameRef, LoadedEvent};
use serde::{Deserialize, Serialize};

use super::{ApiError, ApiJson, Caller, Reader, parse_json};
use crate::AppState;
use crate::auth::{Role, require_event_arbiter, require_role};

/// The desk settings a caller may give in `settings` when creating an
/// event; every one optional (see the [module](self) docs for defaults).
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SettingsInput {
    /// The desk's pairing system, overriding the event file's `system`:
    /// `{"swiss": {"edition": "2026", "acceleration": false}}`,
    /// `{"round-robin": {"cycles": 2}}` (`round_robin` read too),
    /// `{"knockout": {"games_per_match": 2, "armageddon": true}}`.
    pub system: Option<System>,
    /// Rounds of a Swiss.
    pub rounds: Option<u32>,
    /// `"1-0.5-0"`, `"2-1-0"`, `"3-1-0"` or `{"custom": {…}}`.
    pub scoring: Option<ScoringPreset>,
    /// Tie-break preset (`fide-swiss`, `xiangqi-swiss-bh`, …).
    pub tiebreaks: Option<String>,
    /// Rating profile of the rating report (`cxa-2019`, `fide-2024`, …).
    pub rating_profile: Option<String>,
    /// Colour of the top player on board 1 in round 1 (`White`/`Black`).
    pub initial_colour: Option<Colour>,
    /// Date of each round.
    pub round_dates: Option<Vec<chrono::NaiveDate>>,
    /// Place (地点).
    pub place: Option<String>,
    /// Chief arbiter (裁判长).
    pub chief_arbiter: Option<String>,
    /// Other arbiters.
    pub arbiters: Option<Vec<String>>,
    /// Show each player's year of birth to the public (default `false`).
    pub public_birth_year: Option<bool>,
}

/// What `POST /api/v1/events` answers (201).
#[derive(Debug, Clone, Serialize)]
pub struct Created {
    /// The event's id.
    pub id: i64,
    /// Where to read it.
    pub url: String,
    /// The settings as stored.
    pub settings: EventSettings,
    /// Players registered.
    pub players: usize,
    /// Rounds saved from the games given.
    pub rounds_saved: u32,
    /// What of the body the desk does not keep, in English.
    pub notes: Vec<String>,
    /// The same in Chinese.
    pub notes_zh: Vec<String>,
}

/// A game as the API shows it.
#[derive(Debug, Clone, Serialize)]
pub struct GameView {
    /// The game's id (for `PUT /api/v1/events/{id}/games/{game}`).
    pub id: i64,
    /// Round.
    pub round: u32,
    /// Board (1-based).
    pub board: u32,
    /// White's (Red's) pairing number.
    pub white: u32,
    /// Black's pairing number.
    pub black: u32,
    /// `pending`, `1-0`, `1/2-1/2`, `0-1`, `+-`, `-+`, `--`.
    pub result: &'static str,
    /// Version, for `expected_version`.
    pub version: i64,
    /// Who made the last change.
    pub updated_by: Option<String>,
    /// When.
    pub updated_at: Option<String>,
}

impl From<&GameRef> for GameView {
    fn from(g: &GameRef) -> Self {
        GameView {
            id: g.id,
            round: g.round,
            board: g.board,
            white: g.white.0,
            black: g.black.0,
            result: g.result.code(),
            version: g.version,
            updated_by: g.updated_by.clone(),
            updated_at: g.updated_at.clone(),
        }
    }
}

// ------------------------------------------------------------------ errors

/// A store or desk refusal as an API error.
pub(crate) fn store_error(e: StoreError) -> ApiError {
    match e {
        StoreError::NoSuchDeskEvent(id) => ApiError::new(
            StatusCode::NOT_FOUND,
            "not_found",
            format!("no event #{id} at the desk"),
            e.text(crate::i18n::Lang::Zh),
        ),
        StoreError::NoSuchGame { event_id, game_id } => ApiError::new(
            StatusCode::NOT_FOUND,
            "not_found",
            format!("event #{event_id} has no game #{game_id}"),
            e.text(crate::i18n::Lang::Zh),
        )
        .field("game"),
        StoreError::Conflict(c) => {
            let (game_id, round, board, version, expected) =
                (c.game_id, c.round, c.board, c.version, c.expected);
            let (white, black, by, current) = (&c.white, &c.black, &c.by, &c.current);
            ApiError::new(
                StatusCode::CONFLICT,
                "conflict",
                c.to_string(),
                c.text(crate::i18n::Lang::Zh),
            )
            .field("expected_version")
            .detail(
                "game",
                serde_json::json!({
                    "id": game_id, "round": round, "board": board,
                    "white": white, "black": black,
                }),
            )
            .detail("changed_by", by.clone().into())
            .detail("current_result", current.code().into())
            .detail("current_version", version.into())
            .detail("expected_version", expected.into())
        }
        StoreError::Desk(d) => desk_error(d),
        other => ApiError::from(crate::error::AppError::from(other)),
    }
}

/// A desk refusal as an API error: an unfinished round or a finished event
/// is a conflict (409), anything else a bad request naming the field.
pub(crate) fn desk_error(e: DeskError) -> ApiError {
    let en = e.to_string();
    let zh = format!("裁判台拒绝：{}", e.text(crate::i18n::Lang::Zh));
    match e {
        DeskError::RoundIncomplete { .. } | DeskError::EventFinished(_) => {
            ApiError::new(StatusCode::CONFLICT, "round_unfinished", en, zh)
        }
        DeskError::Settings(qiyuan_desk::settings::SettingsError::Field { field, .. }) => {
            ApiError::bad_request("invalid_settings", en, zh).field(format!("settings.{field}"))
        }
        DeskError::PlayerField { player, field, .. } => {
            ApiError::bad_request("invalid_player", en, zh)
                .detail("player", player.into())
                .field(field)
        }
        DeskError::Rating(_) | DeskError::SexNotRecorded { .. } => {
            ApiError::bad_request("rating", en, zh)
        }
        _ => ApiError::bad_request("desk", en, zh),
    }
}

async fn load(state: &AppState, id: i64) -> Result<LoadedEvent, ApiError> {
    state.store.load_event(id).await.map_err(store_error)
}

/// An event as `reader` may read it: a hidden event exists only for those
/// who run it (404 for the others, as on the public pages).
async fn load_read(state: &AppState, reader: &Reader, id: i64) -> Result<LoadedEvent, ApiError> {
    let loaded = load(state, id).await?;
    if loaded.visibility == qiyuan_store::desk::Visibility::Hidden
        && Visibility::of(state, reader, &loaded).await != Visibility::All
    {
        return Err(store_error(StoreError::NoSuchDeskEvent(id)));
    }
    Ok(loaded)
}

/// What a reader of an event may see. The public pages show published
/// rounds only; the API's GETs do the same for anonymous readers and for
/// accounts that do not run the event, while the event's arbiters and the
/// administrators see every round paired (with a token or a session).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visibility {
    /// Every round, published or not.
    All,
    /// The published rounds (`rounds`), and the rounds 1..=`through`
    /// (every one of them published) for standings and the rating report.
    Published {
        /// The last round of the unbroken run of published rounds from 1.
        through: u32,
    },
}

impl Visibility {
    /// Who sees what of `loaded`.
    pub async fn of(state: &AppState, reader: &Reader, loaded: &LoadedEvent) -> Visibility {
        if let Reader(Some(user)) = reader
            && require_event_arbiter(state, user, loaded.id).await.is_ok()
        {
            return Visibility::All;
        }
        let mut through = 0;
        while loaded.published.contains(&(through + 1)) && through < loaded.desk.rounds_paired() {
            through += 1;
        }
        Visibility::Published { through }
    }

    /// Whether round `n` may be shown.
    pub fn shows(self, loaded: &LoadedEvent, n: u32) -> bool {
        match self {
            Visibility::All => true,
            Visibility::Published { .. } => loaded.published.contains(&n),
        }
    }

    /// The last round standings and the rating report may count.
    pub fn through(self) -> Option<u32> {
        match self {
            Visibility::All => None,
            Visibility::Published { through } => Some(through),
        }
    }
}

fn not_published(round: u32) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "not_published",
        format!("round {round} is not published yet"),
        format!("第 {round} 轮尚未公布"),
    )
    .field("after_round")
}

// ------------------------------------------------------------------ create

/// An event file the desk cannot enter, as the API says it.
fn entry_error(e: &event_file::EntryError) -> ApiError {
    use qiyuan_rating::Lang;
    ApiError::bad_request("invalid_event", e.text(Lang::En), e.text(Lang::Zh)).field(e.field())
}

/// Everything `POST /api/v1/events` will write, checked on an event in
/// memory first so that a refusal writes nothing.
struct Plan {
    settings: EventSettings,
    players: Vec<ImportedPlayer>,
    rounds: Vec<(ProposedRound, Vec<GameResult>)>,
    notes: Vec<event_file::EntryNote>,
}

/// The notes of an entry in `lang`.
fn said(notes: &[event_file::EntryNote], lang: crate::i18n::Lang) -> Vec<String> {
    notes.iter().map(|n| n.text(lang)).collect()
}

fn plan(body: &[u8]) -> Result<Plan, ApiError> {
    let mut map: serde_json::Map<String, serde_json::Value> = parse_json(body)?;
    let input: SettingsInput = match map.remove("settings") {
        None | Some(serde_json::Value::Null) => SettingsInput::default(),
        Some(v) => serde_path_to_error::deserialize(v).map_err(|e| {
            let path = e.path().to_string();
            let field = if path == "." {
                "settings".to_string()
            } else {
                format!("settings.{path}")
            };
            let inner = e.into_inner();
            ApiError::bad_request(
                "invalid_body",
                format!("field `{field}`: {inner}"),
                format!("字段 `{field}`：{inner}"),
            )
            .field(field)
        })?,
    };
    let text = serde_json::to_string_pretty(&serde_json::Value::Object(map))
        .map_err(|e| ApiError::from(crate::error::AppError::Internal(e.to_string())))?;
    let event = qiyuan_formats::event::read_event(
        &text,
        "event",
        Some(qiyuan_formats::event::EventFormat::Json),
    )
    .map_err(|e| {
        let mut en = e.message().to_string();
        if let Some(h) = e.help() {
            en.push_str("; help: ");
            en.push_str(h);
        }
        let mut zh = e.message_in(qiyuan_rating::Lang::Zh).to_string();
        if let Some(h) = e.help_in(qiyuan_rating::Lang::Zh) {
            zh.push_str("；提示：");
            zh.push_str(h);
        }
        let field = e.field().unwrap_or("").to_string();
        let (en, zh) = if field.is_empty() {
            (en, format!("赛事数据有误：{zh}"))
        } else {
            (
                format!("field `{field}`: {en}"),
                format!("字段 `{field}`：{zh}"),
            )
        };
        ApiError::bad_request("invalid_event", en, zh).field(field)
    })?;

    let game = match event.game() {
        rm::GameKind::Xiangqi => GameKind::Xiangqi,
        rm::GameKind::Chess => GameKind::Chess,
    };
    let system = match input.system {
        Some(s) => s,
        None => event_file::system(event.system()).map_err(|e| entry_error(&e))?,
    };
    let last_round = event.rounds();
    let mut settings = match system {
        System::RoundRobin { cycles } => EventSettings::round_robin(event.name(), game, cycles),
        _ => {
            let rounds = match (input.rounds, last_round) {
                (Some(r), _) => r,
                (None, r) if r > 0 => r,
                (None, _) if matches!(system, System::Swiss { .. }) => {
                    return Err(ApiError::bad_request(
                        "invalid_settings",
                        "a Swiss needs its number of rounds: give `settings.rounds`",
                        "积分编排制须指定轮数：请给出 `settings.rounds`",
                    )
                    .field("settings.rounds"));
                }
                (None, _) => 0,
            };
            EventSettings::swiss(event.name(), game, rounds)
        }
    };
    settings.system = system;
    if let Some(r) = input.rounds
        && !matches!(system, System::RoundRobin { .. })
    {
        settings.rounds = r;
    }
    if let Some(s) = input.scoring {
        settings.scoring = s;
    }
    if let Some(t) = input.tiebreaks {
        settings.tiebreaks = t;
    }
    settings.rating_profile = input.rating_profile;
    if let Some(c) = input.initial_colour {
        settings.initial_colour = c;
    }
    settings.start = event.start();
    settings.end = event.end();
    // What the event file declares for the regulations (kind, time
    // control, declarations, round dates, graded arbiters) goes with the
    // event; the settings given override the dates and arbiters.
    let d = event.details();
    settings.regulation = event_file::regulation(d);
    settings.round_dates = input
        .round_dates
        .unwrap_or_else(|| event_file::round_dates(d));
    settings.place = input.place;
    settings.chief_arbiter = input.chief_arbiter;
    settings.arbiters = input.arbiters.unwrap_or_else(|| event_file::arbiters(d));
    settings.public_birth_year = input.public_birth_year.unwrap_or(false);

    let event_file::Entry {
        players,
        rounds,
        notes,
    } = event_file::entry(&event).map_err(|e| entry_error(&e))?;

    // Check everything on an event in memory.
    let mut desk = DeskEvent::new(settings.clone()).map_err(desk_error)?;
    desk.import_players(&players).map_err(desk_error)?;
    for (proposed, results) in &rounds {
        desk.apply_round(proposed).map_err(|e| {
            let en = format!("field `games`: round {}: {e}", proposed.round);
            let zh = format!(
                "字段 `games`：第 {} 轮：{}",
                proposed.round,
                e.text(crate::i18n::Lang::Zh)
            );
            ApiError::bad_request("invalid_event", en, zh).field("games")
        })?;
        for (b, &res) in results.iter().enumerate() {
            desk.set_result(proposed.round, b + 1, res, "")
                .map_err(desk_error)?;
        }
    }
    Ok(Plan {
        settings,
        players,
        rounds,
        notes,
    })
}

/// `POST /api/v1/events`: an arbiter (or an administrator) creates an event
/// from the event JSON; an arbiter is assigned to the event he created.
pub async fn create_event(
    State(state): State<AppState>,
    Caller(user): Caller,
    body: Bytes,
) -> Result<Response, ApiError> {
    require_role(&user, &[Role::Arbiter])?;
    if !user.is_admin() && user.id == 0 {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "forbidden",
            "this arbiter token belongs to no account, so it could not be assigned to the event: \
             make the token for an arbiter's account (`qiyuan token create --role arbiter --user NAME`)",
            "该裁判令牌不属于任何账号，无法被指派到赛事：请为裁判账号创建令牌",
        ));
    }
    let plan = plan(&body)?;
    if let Some((en, zh)) = crate::desk::field_size_refusal(&state, 0, plan.players.len()) {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_many_players",
            &en,
            &zh,
        ));
    }
    let by = user.username.as_str();
    let store = &state.store;
    let id = store
        .create_event(&plan.settings, by)
        .await
        .map_err(store_error)?;
    if user.role == Role::Arbiter {
        store
            .assign_arbiter(id, user.id)
            .await
            .map_err(store_error)?;
    }
    if !plan.players.is_empty() {
        store
            .import_players(id, &plan.players, by)
            .await
            .map_err(store_error)?;
    }
    for (proposed, results) in &plan.rounds {
        let saved = store
            .save_round(id, proposed, by)
            .await
            .map_err(store_error)?;
        for (g, &res) in saved.games.iter().zip(results) {
            store
                .set_result(id, g.id, res, g.version, by)
                .await
                .map_err(store_error)?;
        }
    }
    let created = Created {
        id,
        url: format!("/api/v1/events/{id}"),
        settings: plan.settings,
        players: plan.players.len(),
        rounds_saved: plan.rounds.len() as u32,
        notes: said(&plan.notes, crate::i18n::Lang::En),
        notes_zh: said(&plan.notes, crate::i18n::Lang::Zh),
    };
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

// ------------------------------------------------------------------ reads

/// `GET /api/v1/events`: every event at the desk, newest first.
pub async fn list_events(State(state): State<AppState>) -> Result<Response, ApiError> {
    // Hidden events are on no public list (the desk lists them).
    let mut list = state.store.list_events().await.map_err(store_error)?;
    list.retain(|e| e.visibility != qiyuan_store::desk::Visibility::Hidden);
    Ok(Json(serde_json::json!({ "events": list })).into_response())
}

/// A round as the API shows it.
#[derive(Debug, Clone, Serialize)]
struct RoundView {
    round: u32,
    published: bool,
    games: Vec<GameView>,
    byes: Vec<ByeView>,
}

#[derive(Debug, Clone, Serialize)]
struct ByeView {
    player: u32,
    kind: &'static str,
}

/// `GET /api/v1/events/{id}`: settings, players, rounds with their games
/// (ids and versions) and byes. An anonymous reader, or one who does not run
/// the event, gets the published rounds only ([`Visibility`]): `rounds`,
/// `rounds_paired` and `last_complete_round` count those; `view` says
/// `published` or `all`. Such a reader gets each player without birth
/// date and national id ([`crate::privacy::PublicPlayer`]; the year of
/// birth when the event's settings publish it).
pub async fn get_event(
    State(state): State<AppState>,
    reader: Reader,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    let loaded = load_read(&state, &reader, id).await?;
    let vis = Visibility::of(&state, &reader, &loaded).await;
    let desk = &loaded.desk;
    let rounds: Vec<RoundView> = desk
        .event()
        .rounds()
        .iter()
        .enumerate()
        .filter(|(i, _)| vis.shows(&loaded, *i as u32 + 1))
        .map(|(i, r)| {
            let n = i as u32 + 1;
            RoundView {
                round: n,
                published: loaded.published.contains(&n),
                games: loaded
                    .games
                    .iter()
                    .filter(|g| g.round == n)
                    .map(GameView::from)
                    .collect(),
                byes: r
                    .byes
                    .iter()
                    .map(|&(p, k)| ByeView {
                        player: p.0,
                        kind: k.code(),
                    })
                    .collect(),
            }
        })
        .collect();
    Ok(Json(serde_json::json!({
        "id": loaded.id,
        "name": desk.settings().name,
        "status": loaded.status,
        "created_at": loaded.created_at,
        "updated_at": loaded.updated_at,
        "settings": desk.settings(),
        "view": if vis == Visibility::All { "all" } else { "published" },
        "rounds_paired": match vis {
            Visibility::All => desk.rounds_paired(),
            Visibility::Published { .. } => rounds.len() as u32,
        },
        "total_rounds": desk.total_rounds(),
        "last_complete_round": match vis.through() {
            None => desk.last_complete_round(),
            Some(t) => desk.last_complete_round().min(t),
        },
        // Birth dates and national ids are for the event's arbiters only.
        "players": match vis {
            Visibility::All => serde_json::to_value(desk.players()),
            Visibility::Published { .. } => serde_json::to_value(crate::privacy::public_players(desk)),
        }
        .map_err(|e| ApiError::from(crate::error::AppError::Internal(e.to_string())))?,
        "rounds": rounds,
    }))
    .into_response())
}

/// `GET /api/v1/events/{id}/standings?after_round=N`.
#[derive(Debug, Clone, Deserialize)]
pub struct StandingsQuery {
    /// After this round (default: the last complete round).
    pub after_round: Option<u32>,
}

/// `GET /api/v1/events/{id}/standings`: the standings with the event's
/// scoring and tie-break preset; for an event with groups (组别), also
/// `groups`: each group's label and table, ranked within the group. An anonymous reader, or one who does not
/// run the event, gets them after published rounds only ([`Visibility`]):
/// by default after the last complete round of the published ones, and 404
/// (`not_published`) for `after_round` beyond them.
pub async fn standings(
    State(state): State<AppState>,
    reader: Reader,
    Path(id): Path<i64>,
    Query(q): Query<StandingsQuery>,
) -> Result<Response, ApiError> {
    let loaded = load_read(&state, &reader, id).await?;
    let after = match Visibility::of(&state, &reader, &loaded).await.through() {
        None => q.after_round,
        Some(t) => match q.after_round {
            Some(a) if a > t => return Err(not_published(a)),
            Some(a) => Some(a),
            None => Some(loaded.desk.last_complete_round().min(t)),
        },
    };
    let table = loaded.desk.standings_table(after).map_err(desk_error)?;
    let groups = loaded
        .desk
        .group_standings(Some(table.after_round))
        .map_err(desk_error)?;
    // An event with groups (组别) is ranked group by group, as its pages
    // show it: each group's table beside the whole field's.
    #[derive(Serialize)]
    struct Body<'a> {
        #[serde(flatten)]
        table: &'a qiyuan_desk::reports::StandingsTable,
        #[serde(skip_serializing_if = "<[_]>::is_empty")]
        groups: &'a [qiyuan_desk::groups::GroupStandings],
    }
    Ok(Json(Body {
        table: &table,
        groups: &groups,
    })
    .into_response())
}

/// `GET /api/v1/events/{id}/rating?profile=NAME`.
#[derive(Debug, Clone, Deserialize)]
pub struct RatingQuery {
    /// The rating profile (default: the event's).
    pub profile: Option<String>,
}

/// `GET /api/v1/events/{id}/rating`: the rating crate's event report under
/// a profile, with every intermediate value (Ro, Ra, D, P, N, We, W, K, ΔR).
///
/// An anonymous reader, or one who does not run the event, gets the report
/// over the published rounds only ([`Visibility`]).
pub async fn rating(
    State(state): State<AppState>,
    reader: Reader,
    Path(id): Path<i64>,
    Query(q): Query<RatingQuery>,
) -> Result<Response, ApiError> {
    let loaded = load_read(&state, &reader, id).await?;
    let through = Visibility::of(&state, &reader, &loaded).await.through();
    let profile = q.profile.as_deref().filter(|p| !p.trim().is_empty());
    if profile.is_none() && loaded.desk.settings().rating_profile.is_none() {
        return Err(ApiError::bad_request(
            "missing_profile",
            "the event has no rating profile: give `?profile=NAME` (e.g. cxa-2019, fide-2024)",
            "该赛事未设置等级分规则：请给出 `?profile=名称`（如 cxa-2019、fide-2024）",
        )
        .field("profile"));
    }
    let report = loaded
        .desk
        .rating_report_through(profile, &|_, _| {}, through)
        .map_err(|e| desk_error(e).field("profile"))?;
    Ok(Json(report).into_response())
}

// ------------------------------------------------------------------ writes

/// `POST /api/v1/events/{id}/rounds`: pairs the next round with the event's
/// system and saves it (201). 409 while a round is unfinished (Swiss and
/// knockout: every result of the last round first) or when every round is
/// paired, or when another arbiter paired the round first.
pub async fn pair_round(
    State(state): State<AppState>,
    Caller(user): Caller,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    require_event_arbiter(&state, &user, id).await?;
    let loaded = load(&state, id).await?;
    let proposed = crate::guard::heavy(&state, move || loaded.desk.pair_next_round())
        .await?
        .map_err(desk_error)?;
    let saved = state
        .store
        .save_round(id, &proposed, &user.username)
        .await
        .map_err(|e| match e {
            // Someone saved this round between our read and our write.
            StoreError::Desk(DeskError::BadRound { .. }) => ApiError::new(
                StatusCode::CONFLICT,
                "conflict",
                format!(
                    "round {} was paired by someone else meanwhile: {e}",
                    proposed.round
                ),
                format!("第 {} 轮已被他人同时编排，请重新读取赛事", proposed.round),
            ),
            other => store_error(other),
        })?;
    let body = serde_json::json!({
        "round": saved.round,
        "games": saved.games.iter().map(GameView::from).collect::<Vec<_>>(),
        "byes": proposed.byes.iter().map(|&(p, k)| ByeView { player: p.0, kind: k.code() }).collect::<Vec<_>>(),
        "warnings": saved.warnings.iter().map(|w| serde_json::json!({
            "message": w.to_string(), "message_zh": w.text(crate::i18n::Lang::Zh),
        })).collect::<Vec<_>>(),
    });
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

/// The body of `PUT /api/v1/events/{id}/games/{game}`.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ResultInput {
    /// `1-0`, `0-1`, `1/2-1/2` (`½-½`), `+-`, `-+`, `--`.
    pub result: String,
    /// The version the caller read; the result is refused (409) if the game
    /// changed since. Without it the result is written over whatever is
    /// stored.
    #[serde(default)]
    pub expected_version: Option<i64>,
}

/// `PUT /api/v1/events/{id}/games/{game}`: enters or corrects a result
/// (optimistic concurrency with `expected_version`; the same result posted
/// again is a success that changes nothing, `changed: false`).
pub async fn put_result(
    State(state): State<AppState>,
    Caller(user): Caller,
    Path((id, game)): Path<(i64, i64)>,
    ApiJson(input): ApiJson<ResultInput>,
) -> Result<Response, ApiError> {
    require_event_arbiter(&state, &user, id).await?;
    let result = GameResult::from_exact_code(&input.result)
        .filter(|r| *r != GameResult::Pending)
        .ok_or_else(|| {
            ApiError::bad_request(
                "invalid_body",
                format!(
                    "field `result`: `{}` is not a result; expected 1-0, 0-1, 1/2-1/2, +-, -+ or --",
                    input.result
                ),
                format!(
                    "字段 `result`：`{}` 不是有效的比分；应为 1-0、0-1、1/2-1/2、+-、-+ 或 --",
                    input.result
                ),
            )
            .field("result")
        })?;
    let store = &state.store;
    let outcome = match input.expected_version {
        Some(v) => store.set_result(id, game, result, v, &user.username).await,
        None => {
            // Last writer wins: try the first-entry version, then the
            // version the store reports, a few times.
            let mut version = 0;
            let mut tries = 0;
            loop {
                match store
                    .set_result(id, game, result, version, &user.username)
                    .await
                {
                    Err(StoreError::Conflict(c)) if tries < 5 => {
                        version = c.version;
                        tries += 1;
                    }
                    other => break other,
                }
            }
        }
    }
    .map_err(store_error)?;
    Ok(Json(serde_json::json!({
        "game": GameView::from(&outcome.game),
        "previous": outcome.previous.code(),
        "changed": outcome.changed,
    }))
    .into_response())
}
