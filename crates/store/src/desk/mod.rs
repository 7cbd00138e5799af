//! The arbiter's desk in the database: events being run, their players,
//! rounds, games, byes, forbidden pairs and an append-only log of who did
//! what (`migrations/*/0003_desk.sql`); team events' teams, rosters,
//! pairings of teams and line-ups (`migrations/*/0005_teams.sql`: see
//! [`Store::add_team`], [`Store::save_team_round`], [`Store::set_line_up`],
//! [`Store::make_team_boards`]; board results are ordinary games).
//!
//! This module holds the event as a whole (create, save whole, load,
//! settings, visibility, deletion, the log); `players` the field, `rounds`
//! rounds and results, `teams` what team events add.
//!
//! The rules live in the pure crate `qiyuan-desk`: every change is first
//! made on the event loaded *inside the writing transaction* (so the desk
//! checks it against what is stored at that moment), then written. The
//! store depends on the desk and never the other way round: the desk knows
//! nothing of databases, as the architecture asks of every pure crate.
//!
//! **Concurrency.** Every writing transaction starts by touching its event's
//! row, so writers of one event queue (SQLite: the first statement takes the
//! write lock and waits on the busy timeout instead of failing on a stale
//! read; PostgreSQL: a row lock). A result is written with its version in the
//! `UPDATE`'s `WHERE` clause and the version grows by one, so a result is
//! never lost or applied twice: a writer holding an old version gets
//! [`StoreError::Conflict`] naming the game, who changed it and the result
//! now stored; posting the result already stored again is a no-op.
//!
//! ```no_run
//! # async fn demo() -> Result<(), qiyuan_store::StoreError> {
//! use qiyuan_desk::prelude::*;
//! let store = qiyuan_store::Store::open("sqlite:///tmp/desk.sqlite3").await?;
//! let id = store
//!     .create_event(&EventSettings::swiss("Open", GameKind::Chess, 5), "arbiter")
//!     .await?;
//! for name in ["A", "B", "C", "D"] {
//!     store.add_player(id, &PlayerInfo::new(name), "arbiter").await?;
//! }
//! let loaded = store.load_event(id).await?;
//! let round = loaded.desk.pair_next_round()?;
//! let saved = store.save_round(id, &round, "arbiter").await?;
//! let game = &saved.games[0];
//! store
//!     .set_result(id, game.id, GameResult::WhiteWins, game.version, "arbiter")
//!     .await?;
//! # Ok(()) }
//! ```

use qiyuan_desk::import::ImportedPlayer;
use qiyuan_desk::team::{TeamPairing, TeamRoundPlan};
use qiyuan_desk::{
    DeskError, DeskEvent, EventSettings, PairingWarning, PlayerInfo, ProposedRound, Renumbering,
    SeedAction, SeedingMethod,
};
use qiyuan_tournament::model::{ByeKind, Game, GameResult, PlayerId, Round, Sex};
use qiyuan_tournament::team::{Team, TeamId};
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

pub use crate::error::ResultConflict;
use crate::tx::{self, Tx};
use crate::{Store, StoreError};

mod players;
mod rounds;
use rounds::write_round;
mod teams;
use teams::load_teams;

/// A stored game with its id and version (what a result form sends back).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameRef {
    /// Database id.
    pub id: i64,
    /// Round.
    pub round: u32,
    /// Board (1-based).
    pub board: u32,
    /// White (Red).
    pub white: PlayerId,
    /// Black.
    pub black: PlayerId,
    /// Result.
    pub result: GameResult,
    /// Version: 0 when paired, one more with every change of the result.
    pub version: i64,
    /// Who made the last change.
    pub updated_by: Option<String>,
    /// When (RFC 3339, UTC).
    pub updated_at: Option<String>,
}

/// The proposed next round with the arbiter's manual changes, kept until
/// it is confirmed or discarded ([`Store::save_pairing_draft`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PairingDraft {
    /// The proposal as changed.
    pub proposal: ProposedRound,
    /// Manual changes made to it.
    pub changes: u32,
    /// Who made the last change.
    pub updated_by: String,
    /// When (RFC 3339, UTC).
    pub updated_at: String,
}

/// An event as loaded: the desk's event (settings, players, rounds,
/// results, requested byes, forbidden pairs) and each game's id and version.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LoadedEvent {
    /// Database id.
    pub id: i64,
    /// `registration`, `running` or `finished`.
    pub status: String,
    /// Created (RFC 3339, UTC).
    pub created_at: String,
    /// Last change.
    pub updated_at: String,
    /// The event.
    pub desk: DeskEvent,
    /// Every game, by round then board.
    pub games: Vec<GameRef>,
    /// Rounds published (visible on the public pages).
    pub published: Vec<u32>,
    /// Where the event shows: public, hidden or archived.
    pub visibility: Visibility,
}

/// Where a desk event shows (migration 0014). A deleted event is not
/// loaded at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Visibility {
    /// On the public pages (the default).
    Public,
    /// On no public page and no anonymous API route; the desk shows it.
    Hidden,
    /// Off the lists of current events; its pages stay reachable.
    Archived,
}

impl Visibility {
    /// The code kept in `desk_events.visibility`.
    ///
    /// ```
    /// use qiyuan_store::desk::Visibility;
    /// assert_eq!(Visibility::Hidden.code(), "hidden");
    /// assert_eq!(Visibility::from_code("archived"), Some(Visibility::Archived));
    /// assert_eq!(Visibility::from_code("deleted"), None);
    /// ```
    pub fn code(self) -> &'static str {
        match self {
            Visibility::Public => "public",
            Visibility::Hidden => "hidden",
            Visibility::Archived => "archived",
        }
    }

    /// The visibility of a code; `None` for `deleted` and anything else.
    pub fn from_code(code: &str) -> Option<Visibility> {
        match code {
            "public" => Some(Visibility::Public),
            "hidden" => Some(Visibility::Hidden),
            "archived" => Some(Visibility::Archived),
            _ => None,
        }
    }
}

impl LoadedEvent {
    /// The game of `round`, `board`.
    pub fn game(&self, round: u32, board: u32) -> Option<&GameRef> {
        self.games
            .iter()
            .find(|g| g.round == round && g.board == board)
    }
}

/// A line of the list of events.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DeskEventSummary {
    /// Database id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// Settings.
    pub settings: EventSettings,
    /// `registration`, `running` or `finished`.
    pub status: String,
    /// Players registered.
    pub players: u32,
    /// Rounds paired.
    pub rounds_paired: u32,
    /// Rounds planned.
    pub total_rounds: u32,
    /// Created.
    pub created_at: String,
    /// Last change.
    pub updated_at: String,
    /// Where it shows.
    pub visibility: Visibility,
}

/// A round as saved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SavedRound {
    /// The round number.
    pub round: u32,
    /// Its games with their ids.
    pub games: Vec<GameRef>,
    /// The rules the round breaks (logged with it).
    pub warnings: Vec<PairingWarning>,
}

/// What a result entry did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ResultOutcome {
    /// The game as stored now.
    pub game: GameRef,
    /// The result before.
    pub previous: GameResult,
    /// False when the same result was posted again (nothing changed).
    pub changed: bool,
}

/// One entry of the desk's log.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DeskLogEntry {
    /// Id (increasing).
    pub id: i64,
    /// When (RFC 3339, UTC).
    pub at: String,
    /// Who.
    pub by: String,
    /// What: `create-event`, `import-event`, `settings`, `infringement`, `add-player`, `update-player`,
    /// `withdraw`, `request-bye`, `cancel-bye`, `forbid-pair`, `pair-round`,
    /// `manual-change`, `unpair-round`, `publish-round`, `result`,
    /// `correction`.
    pub action: String,
    /// The round concerned.
    pub round: Option<u32>,
    /// The game concerned.
    pub game_id: Option<i64>,
    /// Details (JSON): settings, a player, the boards and warnings of a
    /// round, a result's old and new values.
    pub detail: serde_json::Value,
}

fn parse_result(s: &str) -> Result<GameResult, StoreError> {
    GameResult::from_exact_code(s).ok_or_else(|| StoreError::Corrupt {
        what: format!("`{s}` is not a stored result"),
    })
}

fn parse_bye(s: &str) -> Result<ByeKind, StoreError> {
    ByeKind::from_stored_code(s).ok_or_else(|| StoreError::Corrupt {
        what: format!("`{s}` is not a stored bye"),
    })
}

/// Now, RFC 3339 UTC to the millisecond.
fn now() -> String {
    let d = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    chrono::DateTime::from_timestamp(d.as_secs() as i64, d.subsec_nanos())
        .map(|t| t.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string())
        .unwrap_or_default()
}

fn u(v: i64) -> u32 {
    u32::try_from(v).unwrap_or(0)
}

/// A game from a row of [`GAME_COLUMNS`] (read by position: loading an event
/// reads thousands of them).
fn game_ref(r: &AnyRow) -> Result<GameRef, StoreError> {
    Ok(GameRef {
        id: r.try_get(0)?,
        round: u(r.try_get(1)?),
        board: u(r.try_get(2)?),
        white: PlayerId(u(r.try_get(3)?)),
        black: PlayerId(u(r.try_get(4)?)),
        result: parse_result(&r.try_get::<String, _>(5)?)?,
        version: r.try_get(6)?,
        updated_by: r.try_get(7)?,
        updated_at: r.try_get(8)?,
    })
}

/// The columns [`game_ref`] reads, in its order.
const GAME_COLUMNS: &str =
    "id, round, board, white, black, result, version, updated_by, updated_at";

/// Appends a log entry inside the caller's transaction.
async fn log(
    conn: &mut AnyConnection,
    event_id: i64,
    by: &str,
    action: &str,
    round: Option<u32>,
    game_id: Option<i64>,
    detail: serde_json::Value,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO desk_log (event_id, at, by_user, action, round, game_id, detail) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(event_id)
    .bind(now())
    .bind(by)
    .bind(action)
    .bind(round.map(i64::from))
    .bind(game_id)
    .bind(detail.to_string())
    .execute(conn)
    .await?;
    Ok(())
}

/// Appends a log entry that names no game inside `tx`, then commits it:
/// the close of most desk operations.
async fn commit_logged(
    mut tx: Tx,
    event_id: i64,
    by: &str,
    action: &str,
    round: Option<u32>,
    detail: serde_json::Value,
) -> Result<(), StoreError> {
    log(&mut tx, event_id, by, action, round, None, detail).await?;
    tx::commit(tx).await?;
    Ok(())
}

/// Takes the event's write lock (see the module docs) and checks it exists.
async fn lock(conn: &mut AnyConnection, event_id: i64) -> Result<(), StoreError> {
    let done = sqlx::query(
        "UPDATE desk_events SET updated_at = $1 WHERE id = $2 AND visibility <> 'deleted'",
    )
    .bind(now())
    .bind(event_id)
    .execute(conn)
    .await?;
    if done.rows_affected() == 0 {
        return Err(StoreError::NoSuchDeskEvent(event_id));
    }
    Ok(())
}

fn sex_code(s: Option<Sex>) -> Option<&'static str> {
    s.map(Sex::code)
}

async fn insert_player(
    conn: &mut AnyConnection,
    event_id: i64,
    desk: &DeskEvent,
    id: PlayerId,
) -> Result<(), StoreError> {
    let p = desk
        .player(id)
        .ok_or(qiyuan_desk::DeskError::UnknownPlayer(id))?;
    insert_player_row(
        conn,
        event_id,
        id,
        &p.info,
        p.first_round,
        p.withdrawn_after,
    )
    .await
}

async fn insert_player_row(
    conn: &mut AnyConnection,
    event_id: i64,
    id: PlayerId,
    i: &PlayerInfo,
    first_round: u32,
    withdrawn_after: Option<u32>,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO desk_players (event_id, number, name, rating, title, club, federation, sex, \
         birth, national_id, fide_id, first_round, withdrawn_after, infringements, rated_games, \
         rated_events, ever_reached) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 0, $14, $15, $16)",
    )
    .bind(event_id)
    .bind(i64::from(id.0))
    .bind(i.name.trim().to_string())
    .bind(i.rating.map(i64::from))
    .bind(i.title.clone())
    .bind(i.club.clone())
    .bind(i.federation.clone())
    .bind(sex_code(i.sex))
    .bind(i.birth.clone())
    .bind(i.national_id.clone())
    .bind(i.fide_id.clone())
    .bind(i64::from(first_round))
    .bind(withdrawn_after.map(i64::from))
    .bind(i.rated_games.map(i64::from))
    .bind(i.rated_events.map(i64::from))
    .bind(i.ever_reached.map(|d| d.to_string()))
    .execute(conn)
    .await?;
    Ok(())
}

/// Numbers above every real pairing number: the first step of a
/// renumbering moves each player there, the second brings him down, so no
/// two rows share a number in between.
const RENUMBER_OFFSET: i64 = 1_000_000_000;

/// Applies a [`Renumbering`] the desk made to every row of the event that
/// names a player by number (players, games, byes, forbidden pairs, team
/// members, line-ups), inside the caller's transaction. The foreign keys to
/// `desk_players` are checked at commit; uniqueness holds at every step.
async fn renumber_in(
    conn: &mut AnyConnection,
    backend: crate::Backend,
    event_id: i64,
    renumbering: &Renumbering,
) -> Result<(), StoreError> {
    if renumbering.is_empty() {
        return Ok(());
    }
    match backend {
        crate::Backend::Sqlite => sqlx::query("PRAGMA defer_foreign_keys = ON"),
        crate::Backend::Postgres => sqlx::query("SET CONSTRAINTS ALL DEFERRED"),
    }
    .execute(&mut *conn)
    .await?;
    const COLUMNS: [(&str, &str); 6] = [
        ("desk_players", "number"),
        ("desk_games", "white"),
        ("desk_games", "black"),
        ("desk_byes", "player"),
        ("desk_team_members", "player"),
        ("desk_team_lineups", "player"),
    ];
    for (table, column) in COLUMNS {
        for &(old, new) in &renumbering.moves {
            sqlx::query(&format!(
                "UPDATE {table} SET {column} = $1 WHERE event_id = $2 AND {column} = $3"
            ))
            .bind(RENUMBER_OFFSET + i64::from(new.0))
            .bind(event_id)
            .bind(i64::from(old.0))
            .execute(&mut *conn)
            .await?;
        }
        sqlx::query(&format!(
            "UPDATE {table} SET {column} = {column} - $1 WHERE event_id = $2 AND {column} > $1"
        ))
        .bind(RENUMBER_OFFSET)
        .bind(event_id)
        .execute(&mut *conn)
        .await?;
    }
    // Forbidden pairs keep player_a < player_b: rewritten whole.
    let pairs = sqlx::query("SELECT player_a, player_b FROM desk_forbidden WHERE event_id = $1")
        .bind(event_id)
        .fetch_all(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM desk_forbidden WHERE event_id = $1")
        .bind(event_id)
        .execute(&mut *conn)
        .await?;
    for r in &pairs {
        let a = renumbering.new_number(PlayerId(u(r.try_get("player_a")?)));
        let b = renumbering.new_number(PlayerId(u(r.try_get("player_b")?)));
        sqlx::query(
            "INSERT INTO desk_forbidden (event_id, player_a, player_b) VALUES ($1, $2, $3)",
        )
        .bind(event_id)
        .bind(i64::from(a.0.min(b.0)))
        .bind(i64::from(a.0.max(b.0)))
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Deletes the event's pairing draft, if there is one, and logs why (the
/// field or a result changed: the draft no longer answers the event).
async fn drop_draft(
    conn: &mut AnyConnection,
    event_id: i64,
    by: &str,
    why: &str,
) -> Result<(), StoreError> {
    let round: Option<i64> =
        sqlx::query_scalar("DELETE FROM desk_pairing_drafts WHERE event_id = $1 RETURNING round")
            .bind(event_id)
            .fetch_optional(&mut *conn)
            .await?;
    if let Some(round) = round {
        log(
            conn,
            event_id,
            by,
            "discard-draft",
            Some(u(round)),
            None,
            serde_json::json!({"reason": why}),
        )
        .await?;
    }
    Ok(())
}

/// Stores how the numbers were given (see [`qiyuan_desk::SeedingMethod`]).
async fn set_seeding(
    conn: &mut AnyConnection,
    event_id: i64,
    desk: &DeskEvent,
) -> Result<(), StoreError> {
    let json = serde_json::to_string(&desk.seeding()).map_err(|e| StoreError::Corrupt {
        what: format!("seeding: {e}"),
    })?;
    sqlx::query("UPDATE desk_events SET seeding = $1 WHERE id = $2")
        .bind(json)
        .bind(event_id)
        .execute(conn)
        .await?;
    Ok(())
}

async fn set_total_rounds(
    conn: &mut AnyConnection,
    event_id: i64,
    desk: &DeskEvent,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE desk_events SET total_rounds = $1 WHERE id = $2")
        .bind(i64::from(desk.total_rounds()))
        .bind(event_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Loads an event through any connection (a transaction's included).
async fn load_in(conn: &mut AnyConnection, event_id: i64) -> Result<LoadedEvent, StoreError> {
    let Some(ev) = sqlx::query(
        "SELECT settings, status, created_at, updated_at, seeding, visibility FROM desk_events \
         WHERE id = $1 AND visibility <> 'deleted'",
    )
    .bind(event_id)
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Err(StoreError::NoSuchDeskEvent(event_id));
    };
    let settings: EventSettings = serde_json::from_str(&ev.try_get::<String, _>("settings")?)
        .map_err(|e| StoreError::Corrupt {
            what: format!("event #{event_id}: settings: {e}"),
        })?;
    let mut desk = DeskEvent::new(settings)?;
    let seeding: SeedingMethod = serde_json::from_str(&ev.try_get::<String, _>("seeding")?)
        .map_err(|e| StoreError::Corrupt {
            what: format!("event #{event_id}: seeding: {e}"),
        })?;
    desk.restore_seeding(seeding);
    let players = sqlx::query(
        "SELECT number, name, rating, title, club, federation, sex, birth, national_id, fide_id, \
         first_round, withdrawn_after, infringements, rated_games, rated_events, ever_reached, \
         group_label FROM desk_players WHERE event_id = $1 ORDER BY number",
    )
    .bind(event_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut infringements = Vec::new();
    for r in &players {
        let id = PlayerId(u(r.try_get("number")?));
        let sex: Option<String> = r.try_get("sex")?;
        let info = PlayerInfo {
            name: r.try_get("name")?,
            rating: r.try_get::<Option<i64>, _>("rating")?.map(u),
            title: r.try_get("title")?,
            club: r.try_get("club")?,
            federation: r.try_get("federation")?,
            sex: sex.as_deref().and_then(Sex::from_code),
            birth: r.try_get("birth")?,
            national_id: r.try_get("national_id")?,
            fide_id: r.try_get("fide_id")?,
            rated_games: r.try_get::<Option<i64>, _>("rated_games")?.map(u),
            rated_events: r.try_get::<Option<i64>, _>("rated_events")?.map(u),
            ever_reached: match r.try_get::<Option<String>, _>("ever_reached")? {
                None => None,
                Some(t) => Some(t.parse().map_err(|e| StoreError::Corrupt {
                    what: format!(
                        "event #{event_id}: player {}: ever_reached `{t}`: {e}",
                        id.0
                    ),
                })?),
            },
        };
        desk.restore_player(
            id,
            info,
            u(r.try_get("first_round")?),
            r.try_get::<Option<i64>, _>("withdrawn_after")?.map(u),
        )?;
        let n: i64 = r.try_get("infringements")?;
        for _ in 0..n {
            infringements.push(id);
        }
        // Before the rounds: a group is set while its player is unpaired.
        if let Some(g) = r.try_get::<Option<String>, _>("group_label")? {
            desk.set_group(id, Some(&g))?;
        }
    }
    for id in infringements {
        desk.add_infringement(id)?;
    }
    let round_rows =
        sqlx::query("SELECT round, published FROM desk_rounds WHERE event_id = $1 ORDER BY round")
            .bind(event_id)
            .fetch_all(&mut *conn)
            .await?;
    let paired = round_rows.len() as u32;
    let mut published = Vec::new();
    for r in &round_rows {
        if r.try_get::<i64, _>("published")? != 0 {
            published.push(u(r.try_get("round")?));
        }
    }
    let mut rounds = vec![Round::default(); paired as usize];
    let games: Vec<GameRef> = sqlx::query(&format!(
        "SELECT {GAME_COLUMNS} FROM desk_games WHERE event_id = $1 ORDER BY round, board"
    ))
    .bind(event_id)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(game_ref)
    .collect::<Result<_, _>>()?;
    for g in &games {
        let Some(round) = rounds.get_mut(g.round as usize - 1) else {
            return Err(StoreError::Corrupt {
                what: format!(
                    "event #{event_id}: game #{} in round {} not paired",
                    g.id, g.round
                ),
            });
        };
        round.games.push(Game {
            white: g.white,
            black: g.black,
            result: g.result,
        });
    }
    let byes = sqlx::query(
        "SELECT round, player, kind FROM desk_byes WHERE event_id = $1 ORDER BY round, player",
    )
    .bind(event_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut requested = Vec::new();
    for r in &byes {
        let round = u(r.try_get("round")?);
        let player = PlayerId(u(r.try_get("player")?));
        let kind = parse_bye(&r.try_get::<String, _>("kind")?)?;
        match rounds.get_mut(round as usize - 1) {
            Some(rd) => rd.byes.push((player, kind)),
            None => requested.push((round, player, kind)),
        }
    }
    desk.restore_rounds(rounds)?;
    for (round, player, kind) in requested {
        desk.request_bye(round, player, kind)?;
    }
    for r in sqlx::query(
        "SELECT player_a, player_b FROM desk_forbidden WHERE event_id = $1 ORDER BY player_a, player_b",
    )
    .bind(event_id)
    .fetch_all(&mut *conn)
    .await?
    {
        desk.forbid_pair(
            PlayerId(u(r.try_get("player_a")?)),
            PlayerId(u(r.try_get("player_b")?)),
        )?;
    }
    if desk.is_team_event() {
        load_teams(conn, event_id, &mut desk).await?;
    }
    Ok(LoadedEvent {
        id: event_id,
        status: ev.try_get("status")?,
        created_at: ev.try_get("created_at")?,
        updated_at: ev.try_get("updated_at")?,
        desk,
        games,
        published,
        visibility: visibility_of(event_id, &ev.try_get::<String, _>("visibility")?)?,
    })
}

fn name_of(loaded: &LoadedEvent, p: PlayerId) -> String {
    loaded
        .desk
        .players()
        .iter()
        .find(|x| x.id == p)
        .map_or_else(
            || format!("#{}", p.0),
            |x| format!("{} {}", p.0, x.info.name),
        )
}

/// Deletes `players` (none of whom has a game or a bye) and their byes,
/// requests and forbidden pairs; the others close the gaps, keeping their
/// order. Answers what the log keeps of each: number, name, rating.
async fn remove_players(
    conn: &mut AnyConnection,
    backend: crate::Backend,
    loaded: &LoadedEvent,
    players: &[PlayerId],
) -> Result<Vec<serde_json::Value>, StoreError> {
    let event_id = loaded.id;
    let mut gone = Vec::new();
    for &p in players {
        let Some(player) = loaded.desk.player(p) else {
            return Err(DeskError::UnknownPlayer(p).into());
        };
        if loaded.desk.teams().iter().any(|t| t.roster.contains(&p)) {
            return Err(DeskError::PlayerField {
                player: p.0,
                field: "team",
                message: qiyuan_desk::Message::new(
                    "is on a team's roster: take him off the team first",
                    "在某队的名单上：请先将其移出该队",
                ),
            }
            .into());
        }
        gone.push(serde_json::json!({
            "number": p.0, "name": player.info.name, "rating": player.info.rating,
        }));
        for sql in [
            "DELETE FROM desk_byes WHERE event_id = $1 AND player = $2",
            "DELETE FROM desk_forbidden WHERE event_id = $1 AND (player_a = $2 OR player_b = $2)",
            "DELETE FROM desk_players WHERE event_id = $1 AND number = $2",
        ] {
            sqlx::query(sql)
                .bind(event_id)
                .bind(i64::from(p.0))
                .execute(&mut *conn)
                .await?;
        }
    }
    let left: Vec<PlayerId> = loaded
        .desk
        .players()
        .iter()
        .map(|x| x.id)
        .filter(|id| !players.contains(id))
        .collect();
    let moves: Vec<(PlayerId, PlayerId)> = left
        .iter()
        .enumerate()
        .map(|(i, &old)| (old, PlayerId(i as u32 + 1)))
        .filter(|(old, new)| old != new)
        .collect();
    renumber_in(conn, backend, event_id, &Renumbering { moves, seed: None }).await?;
    // The event as it is now must load (the desk checks it whole), and a
    // round robin's rounds follow its field.
    let now = load_in(conn, event_id).await?;
    set_total_rounds(conn, event_id, &now.desk).await?;
    Ok(gone)
}

fn visibility_of(event_id: i64, code: &str) -> Result<Visibility, StoreError> {
    Visibility::from_code(code).ok_or_else(|| StoreError::Corrupt {
        what: format!("event #{event_id}: visibility `{code}`"),
    })
}

impl Store {
    async fn begin_locked(&self, event_id: i64) -> Result<(Tx, LoadedEvent), StoreError> {
        let mut tx = tx::begin(&self.pool).await?;
        lock(&mut tx, event_id).await?;
        let loaded = load_in(&mut tx, event_id).await?;
        Ok((tx, loaded))
    }

    /// Creates an event from its settings (validated by the desk). Returns
    /// its id.
    ///
    /// # Errors
    /// Invalid settings ([`StoreError::Desk`]) or a database error.
    pub async fn create_event(
        &self,
        settings: &EventSettings,
        by: &str,
    ) -> Result<i64, StoreError> {
        settings
            .check_text()
            .map_err(qiyuan_desk::DeskError::from)?;
        let desk = DeskEvent::new(settings.clone())?;
        let json = serde_json::to_string(settings).map_err(|e| StoreError::Corrupt {
            what: format!("settings: {e}"),
        })?;
        let at = now();
        let mut tx = tx::begin(&self.pool).await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO desk_events (name, settings, status, total_rounds, created_at, updated_at) \
             VALUES ($1, $2, 'registration', $3, $4, $4) RETURNING id",
        )
        .bind(settings.name.clone())
        .bind(json)
        .bind(i64::from(desk.total_rounds()))
        .bind(at)
        .fetch_one(&mut *tx)
        .await?;
        commit_logged(
            tx,
            id,
            by,
            "create-event",
            None,
            serde_json::to_value(settings).unwrap_or_default(),
        )
        .await?;
        Ok(id)
    }

    /// Stores a whole event built at the desk (a TRF import, the demo
    /// events) in one transaction: settings, players, rounds with their
    /// games and results, byes, requested byes of later rounds, forbidden
    /// pairs. Games with a result get version 1, pending ones version 0.
    /// Returns the new event's id.
    ///
    /// # Errors
    /// A database error.
    pub async fn save_desk_event(&self, desk: &DeskEvent, by: &str) -> Result<i64, StoreError> {
        let settings = desk.settings();
        let json = serde_json::to_string(settings).map_err(|e| StoreError::Corrupt {
            what: format!("settings: {e}"),
        })?;
        let at = now();
        let status = desk.status().code();
        let mut tx = tx::begin(&self.pool).await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO desk_events (name, settings, status, total_rounds, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $5) RETURNING id",
        )
        .bind(settings.name.clone())
        .bind(json)
        .bind(status)
        .bind(i64::from(desk.total_rounds()))
        .bind(at.clone())
        .fetch_one(&mut *tx)
        .await?;
        for p in desk.players() {
            insert_player(&mut tx, id, desk, p.id).await?;
            let infringements = desk.event().player(p.id).map_or(0, |q| q.infringements);
            if infringements > 0 {
                sqlx::query(
                    "UPDATE desk_players SET infringements = $1 WHERE event_id = $2 AND number = $3",
                )
                .bind(i64::from(infringements))
                .bind(id)
                .bind(i64::from(p.id.0))
                .execute(&mut *tx)
                .await?;
            }
        }
        for (r, round) in desk.event().rounds().iter().enumerate() {
            let r = r as i64 + 1;
            sqlx::query(
                "INSERT INTO desk_rounds (event_id, round, paired_at, paired_by, published) VALUES ($1, $2, $3, $4, 0)",
            )
            .bind(id)
            .bind(r)
            .bind(at.clone())
            .bind(by)
            .execute(&mut *tx)
            .await?;
            for (b, g) in round.games.iter().enumerate() {
                sqlx::query(
                    "INSERT INTO desk_games (event_id, round, board, white, black, result, version, updated_by, updated_at) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                )
                .bind(id)
                .bind(r)
                .bind(b as i64 + 1)
                .bind(i64::from(g.white.0))
                .bind(i64::from(g.black.0))
                .bind(g.result.code())
                .bind(i64::from(g.result != GameResult::Pending))
                .bind(by)
                .bind(at.clone())
                .execute(&mut *tx)
                .await?;
            }
            for &(player, kind) in &round.byes {
                let origin = if desk.requested_bye(r as u32, player) == Some(kind) {
                    "requested"
                } else {
                    "allocated"
                };
                sqlx::query(
                    "INSERT INTO desk_byes (event_id, round, player, kind, origin) VALUES ($1, $2, $3, $4, $5)",
                )
                .bind(id)
                .bind(r)
                .bind(i64::from(player.0))
                .bind(kind.stored_code())
                .bind(origin)
                .execute(&mut *tx)
                .await?;
            }
        }
        for b in desk.requested_byes() {
            if b.round > desk.rounds_paired() {
                sqlx::query(
                    "INSERT INTO desk_byes (event_id, round, player, kind, origin) VALUES ($1, $2, $3, $4, 'requested')",
                )
                .bind(id)
                .bind(i64::from(b.round))
                .bind(i64::from(b.player.0))
                .bind(b.kind.stored_code())
                .execute(&mut *tx)
                .await?;
            }
        }
        for &(a, b) in desk.forbidden_pairs() {
            sqlx::query(
                "INSERT INTO desk_forbidden (event_id, player_a, player_b) VALUES ($1, $2, $3)",
            )
            .bind(id)
            .bind(i64::from(a.0.min(b.0)))
            .bind(i64::from(a.0.max(b.0)))
            .execute(&mut *tx)
            .await?;
        }
        set_seeding(&mut tx, id, desk).await?;
        let detail = serde_json::json!({
            "settings": settings,
            "players": desk.players().len(),
            "rounds": desk.rounds_paired(),
        });
        log(&mut tx, id, by, "import-event", None, None, detail).await?;
        tx::commit(tx).await?;
        Ok(id)
    }

    /// Records a rule infringement (犯规) of a player, a xiangqi tie-break.
    ///
    /// # Errors
    /// The desk's refusal (unknown player), or as [`Store::load_event`].
    pub async fn add_infringement(
        &self,
        event_id: i64,
        player: PlayerId,
        by: &str,
    ) -> Result<(), StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        loaded.desk.add_infringement(player)?;
        sqlx::query(
            "UPDATE desk_players SET infringements = infringements + 1 WHERE event_id = $1 AND number = $2",
        )
        .bind(event_id)
        .bind(i64::from(player.0))
        .execute(&mut *tx)
        .await?;
        commit_logged(
            tx,
            event_id,
            by,
            "infringement",
            None,
            serde_json::json!({"number": player.0}),
        )
        .await?;
        Ok(())
    }

    /// Every event at the desk, newest first.
    ///
    /// # Errors
    /// A database error or unreadable settings.
    pub async fn list_events(&self) -> Result<Vec<DeskEventSummary>, StoreError> {
        let rows = sqlx::query(
            "SELECT e.id, e.name, e.settings, e.status, e.total_rounds, e.created_at, e.updated_at, \
             (SELECT COUNT(*) FROM desk_players p WHERE p.event_id = e.id) AS players, \
             (SELECT COUNT(*) FROM desk_rounds r WHERE r.event_id = e.id) AS rounds, \
             e.visibility FROM desk_events e WHERE e.visibility <> 'deleted' ORDER BY e.id DESC",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let id: i64 = r.try_get("id")?;
                Ok(DeskEventSummary {
                    id,
                    name: r.try_get("name")?,
                    settings: serde_json::from_str(&r.try_get::<String, _>("settings")?).map_err(
                        |e| StoreError::Corrupt {
                            what: format!("event #{id}: settings: {e}"),
                        },
                    )?,
                    status: r.try_get("status")?,
                    players: u(r.try_get("players")?),
                    rounds_paired: u(r.try_get("rounds")?),
                    total_rounds: u(r.try_get("total_rounds")?),
                    created_at: r.try_get("created_at")?,
                    updated_at: r.try_get("updated_at")?,
                    visibility: visibility_of(id, &r.try_get::<String, _>("visibility")?)?,
                })
            })
            .collect()
    }

    /// Loads an event: settings, players, rounds, results, requested byes,
    /// forbidden pairs, and every game's id and version.
    ///
    /// # Errors
    /// [`StoreError::NoSuchDeskEvent`], unreadable data, a database error.
    pub async fn load_event(&self, event_id: i64) -> Result<LoadedEvent, StoreError> {
        // One snapshot for the event's several tables: read outside a
        // transaction, a round committed between the rounds and the games
        // queries would show games of a round not yet paired. SQLite's
        // read transaction is one snapshot (WAL); PostgreSQL's READ
        // COMMITTED is not, so the transaction asks for REPEATABLE READ.
        let mut tx = tx::begin(&self.pool).await?;
        if self.backend() == crate::Backend::Postgres {
            sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
                .execute(&mut *tx)
                .await?;
        }
        let loaded = load_in(&mut tx, event_id).await?;
        tx::commit(tx).await?;
        Ok(loaded)
    }

    /// Replaces the settings (the desk refuses a change of system once
    /// round 1 is paired).
    ///
    /// # Errors
    /// As [`Store::load_event`], or the desk's refusal.
    pub async fn update_settings(
        &self,
        event_id: i64,
        settings: &EventSettings,
        by: &str,
    ) -> Result<(), StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        loaded.desk.set_settings(settings.clone())?;
        let json = serde_json::to_string(settings).map_err(|e| StoreError::Corrupt {
            what: format!("settings: {e}"),
        })?;
        sqlx::query(
            "UPDATE desk_events SET name = $1, settings = $2, total_rounds = $3 WHERE id = $4",
        )
        .bind(settings.name.clone())
        .bind(json)
        .bind(i64::from(loaded.desk.total_rounds()))
        .bind(event_id)
        .execute(&mut *tx)
        .await?;
        commit_logged(
            tx,
            event_id,
            by,
            "settings",
            None,
            serde_json::to_value(settings).unwrap_or_default(),
        )
        .await?;
        Ok(())
    }

    /// Shows, hides or archives an event on the public pages (logged).
    ///
    /// # Errors
    /// As [`Store::load_event`].
    pub async fn set_visibility(
        &self,
        event_id: i64,
        visibility: Visibility,
        by: &str,
    ) -> Result<(), StoreError> {
        let (mut tx, loaded) = self.begin_locked(event_id).await?;
        sqlx::query("UPDATE desk_events SET visibility = $1 WHERE id = $2")
            .bind(visibility.code())
            .bind(event_id)
            .execute(&mut *tx)
            .await?;
        commit_logged(
            tx,
            event_id,
            by,
            "visibility",
            None,
            serde_json::json!({"from": loaded.visibility.code(), "to": visibility.code()}),
        )
        .await
    }

    /// Deletes a draft event: one whose round 1 is not paired and that was
    /// never submitted to the office. Its rows and its log are kept (the
    /// log says who deleted it); it is gone from every page and every list,
    /// and loading it answers [`StoreError::NoSuchDeskEvent`].
    ///
    /// # Errors
    /// [`DeskError::AlreadyStarted`] once round 1 is paired,
    /// [`StoreError::AlreadySubmitted`], or as [`Store::load_event`].
    pub async fn delete_event(&self, event_id: i64, by: &str) -> Result<(), StoreError> {
        let (mut tx, loaded) = self.begin_locked(event_id).await?;
        if loaded.desk.rounds_paired() > 0 {
            return Err(DeskError::AlreadyStarted(qiyuan_desk::Message::new(
                "deleting the event",
                "删除赛事",
            ))
            .into());
        }
        if let Some(submission) = sqlx::query_scalar::<_, i64>(
            "SELECT id FROM desk_submissions WHERE desk_event_id = $1 ORDER BY id LIMIT 1",
        )
        .bind(event_id)
        .fetch_optional(&mut *tx)
        .await?
        {
            return Err(StoreError::AlreadySubmitted {
                desk_event_id: event_id,
                submission,
            });
        }
        sqlx::query("UPDATE desk_events SET visibility = 'deleted' WHERE id = $1")
            .bind(event_id)
            .execute(&mut *tx)
            .await?;
        commit_logged(
            tx,
            event_id,
            by,
            "delete-event",
            None,
            serde_json::json!({"name": loaded.desk.settings().name, "players": loaded.desk.players().len()}),
        )
        .await
    }

    /// The desk's log of an event, oldest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn desk_log(&self, event_id: i64) -> Result<Vec<DeskLogEntry>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, at, by_user, action, round, game_id, detail FROM desk_log \
             WHERE event_id = $1 ORDER BY id",
        )
        .bind(event_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(DeskLogEntry {
                    id: r.try_get("id")?,
                    at: r.try_get("at")?,
                    by: r.try_get("by_user")?,
                    action: r.try_get("action")?,
                    round: r.try_get::<Option<i64>, _>("round")?.map(u),
                    game_id: r.try_get("game_id")?,
                    detail: serde_json::from_str(&r.try_get::<String, _>("detail")?)
                        .unwrap_or(serde_json::Value::Null),
                })
            })
            .collect()
    }
}
