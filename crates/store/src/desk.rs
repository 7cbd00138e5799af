//! The arbiter's desk in the database: events being run, their players,
//! rounds, games, byes, forbidden pairs and an append-only log of who did
//! what (`migrations/*/0003_desk.sql`); team events' teams, rosters,
//! pairings of teams and line-ups (`migrations/*/0005_teams.sql`: see
//! [`Store::add_team`], [`Store::save_team_round`], [`Store::set_line_up`],
//! [`Store::make_team_boards`]; board results are ordinary games).
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
//!     .create_event(&EventSettings::swiss("Open", Game::Chess, 5), "arbiter")
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
    GameResult::from_code(s).ok_or_else(|| StoreError::Corrupt {
        what: format!("`{s}` is not a stored result"),
    })
}

fn bye_code(k: ByeKind) -> &'static str {
    match k {
        ByeKind::PairingAllocated => "pab",
        ByeKind::FullPoint => "full",
        ByeKind::HalfPoint => "half",
        ByeKind::ZeroPoint => "zero",
        ByeKind::Absent => "absent",
    }
}

fn parse_bye(s: &str) -> Result<ByeKind, StoreError> {
    Ok(match s {
        "pab" => ByeKind::PairingAllocated,
        "full" => ByeKind::FullPoint,
        "half" => ByeKind::HalfPoint,
        "zero" => ByeKind::ZeroPoint,
        "absent" => ByeKind::Absent,
        other => {
            return Err(StoreError::Corrupt {
                what: format!("`{other}` is not a stored bye"),
            });
        }
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
    s.map(|s| match s {
        Sex::Male => "m",
        Sex::Female => "f",
    })
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
            sex: match sex.as_deref() {
                Some("m") => Some(Sex::Male),
                Some("f") => Some(Sex::Female),
                _ => None,
            },
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
                message: "is on a team's roster: take him off the team first".into(),
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
        let status = if desk.rounds_paired() == 0 {
            "registration"
        } else if desk.is_finished() {
            "finished"
        } else {
            "running"
        };
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
                .bind(bye_code(kind))
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
                .bind(bye_code(b.kind))
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

    /// Registers a player with the next pairing number (a late entry once
    /// rounds are paired). Returns the number.
    ///
    /// # Errors
    /// The desk's refusal (bad data, a late entry in a round robin), or as
    /// [`Store::load_event`].
    pub async fn add_player(
        &self,
        event_id: i64,
        info: &PlayerInfo,
        by: &str,
    ) -> Result<PlayerId, StoreError> {
        let ids = self
            .add_players(event_id, std::slice::from_ref(info), by)
            .await?;
        Ok(ids[0])
    }

    /// Registers players in one transaction (all or none), each placed where
    /// the event's seeding puts him ([`DeskEvent::add_players_placed`]): the
    /// players below move down, and the log keeps every number that moved.
    /// Returns their pairing numbers.
    ///
    /// # Errors
    /// As [`Store::add_player`].
    pub async fn add_players(
        &self,
        event_id: i64,
        infos: &[PlayerInfo],
        by: &str,
    ) -> Result<Vec<PlayerId>, StoreError> {
        self.add_players_from(event_id, infos, None, by).await
    }

    /// Registers a player the arbiter took from the rating list, as
    /// [`Store::add_player`] does, and keeps the list's id of him
    /// (`list_player_id`, migration 0020): the public pages link his
    /// player card to his list page while he is on a published list, and
    /// list this event on that page. Returns his pairing number.
    ///
    /// # Errors
    /// As [`Store::add_player`].
    pub async fn add_player_from_list(
        &self,
        event_id: i64,
        info: &PlayerInfo,
        list_player_id: u32,
        by: &str,
    ) -> Result<PlayerId, StoreError> {
        let ids = self
            .add_players_from(
                event_id,
                std::slice::from_ref(info),
                Some(list_player_id),
                by,
            )
            .await?;
        Ok(ids[0])
    }

    /// [`Store::add_players`]; `list_player_id` (one player only): the list
    /// player he was taken from.
    async fn add_players_from(
        &self,
        event_id: i64,
        infos: &[PlayerInfo],
        list_player_id: Option<u32>,
        by: &str,
    ) -> Result<Vec<PlayerId>, StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        drop_draft(&mut tx, event_id, by, "a player was added").await?;
        let last = loaded.desk.players().last().map_or(0, |p| p.id.0);
        let first_round = loaded.desk.rounds_paired() + 1;
        let (ids, moved) = loaded.desk.add_players_placed(infos)?;
        // Appended first with the next free numbers, as the desk appended
        // them, then moved to their places with everyone the desk moved.
        for (n, info) in (last + 1..).zip(infos) {
            insert_player_row(&mut tx, event_id, PlayerId(n), info, first_round, None).await?;
            if let Some(list_id) = list_player_id {
                sqlx::query(
                    "UPDATE desk_players SET list_player_id = $1 WHERE event_id = $2 AND number = $3",
                )
                .bind(i64::from(list_id))
                .bind(event_id)
                .bind(i64::from(n))
                .execute(&mut *tx)
                .await?;
            }
        }
        renumber_in(&mut tx, self.backend, event_id, &moved).await?;
        set_total_rounds(&mut tx, event_id, &loaded.desk).await?;
        let detail = match (infos, list_player_id) {
            ([info], Some(list)) => serde_json::json!({
                "number": ids[0].0, "player": info, "list_player": list, "moved": moved.moves
            }),
            ([info], None) => {
                serde_json::json!({"number": ids[0].0, "player": info, "moved": moved.moves})
            }
            _ => serde_json::json!({"imported": ids.len(), "numbers": ids, "moved": moved.moves}),
        };
        commit_logged(tx, event_id, by, "add-player", None, detail).await?;
        Ok(ids)
    }

    /// Gives the players new pairing numbers before round 1: by rating,
    /// title and name, by lot from a seed, or one player moved by hand
    /// ([`qiyuan_desk::seeding`]). The log keeps the method, the seed of a
    /// draw and every number that moved.
    ///
    /// # Errors
    /// The desk's refusal (the event has started, an unknown player or
    /// number), or as [`Store::load_event`].
    pub async fn seed_players(
        &self,
        event_id: i64,
        how: SeedAction,
        by: &str,
    ) -> Result<Renumbering, StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        drop_draft(&mut tx, event_id, by, "the numbers changed").await?;
        let moved = loaded.desk.seed(how)?;
        renumber_in(&mut tx, self.backend, event_id, &moved).await?;
        set_seeding(&mut tx, event_id, &loaded.desk).await?;
        commit_logged(
            tx,
            event_id,
            by,
            "seed-players",
            None,
            serde_json::json!({"how": how, "moved": moved.moves}),
        )
        .await?;
        Ok(moved)
    }

    /// Registers imported players in one transaction (all or none). Returns
    /// their pairing numbers.
    ///
    /// # Errors
    /// As [`Store::add_player`].
    pub async fn import_players(
        &self,
        event_id: i64,
        players: &[ImportedPlayer],
        by: &str,
    ) -> Result<Vec<PlayerId>, StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        drop_draft(&mut tx, event_id, by, "players were imported").await?;
        let last = loaded.desk.players().last().map_or(0, |p| p.id.0);
        let first_round = loaded.desk.rounds_paired() + 1;
        let (ids, moved, kept) = loaded.desk.import_players(players)?;
        if kept {
            for &id in &ids {
                insert_player(&mut tx, event_id, &loaded.desk, id).await?;
            }
            set_seeding(&mut tx, event_id, &loaded.desk).await?;
        } else {
            for (n, p) in (last + 1..).zip(players) {
                insert_player_row(&mut tx, event_id, PlayerId(n), &p.info, first_round, None)
                    .await?;
            }
            renumber_in(&mut tx, self.backend, event_id, &moved).await?;
        }
        set_total_rounds(&mut tx, event_id, &loaded.desk).await?;
        // The import's batch number, for [`Store::undo_last_import`].
        let batch: i64 = sqlx::query_scalar(
            "SELECT COALESCE(MAX(import_batch), 0) + 1 FROM desk_players WHERE event_id = $1",
        )
        .bind(event_id)
        .fetch_one(&mut *tx)
        .await?;
        for id in &ids {
            sqlx::query(
                "UPDATE desk_players SET import_batch = $1 WHERE event_id = $2 AND number = $3",
            )
            .bind(batch)
            .bind(event_id)
            .bind(i64::from(id.0))
            .execute(&mut *tx)
            .await?;
        }
        commit_logged(
            tx,
            event_id,
            by,
            "add-player",
            None,
            serde_json::json!({"imported": ids.len(), "numbers_from_file": kept, "moved": moved.moves, "batch": batch}),
        )
        .await?;
        Ok(ids)
    }

    /// Puts a player in a group of the event (组别), or out of every group
    /// (`None`), before he is paired (logged).
    ///
    /// # Errors
    /// The desk's refusal (a paired player, a label too long), or as
    /// [`Store::load_event`].
    pub async fn set_group(
        &self,
        event_id: i64,
        player: PlayerId,
        group: Option<&str>,
        by: &str,
    ) -> Result<(), StoreError> {
        if let Some(g) = group {
            qiyuan_desk::check_player_text(g.trim(), qiyuan_desk::groups::MAX_GROUP_LABEL)
                .map_err(|r| qiyuan_desk::DeskError::PlayerField {
                    player: player.0,
                    field: "group",
                    message: r.to_string(),
                })?;
        }
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        loaded.desk.set_group(player, group)?;
        sqlx::query("UPDATE desk_players SET group_label = $1 WHERE event_id = $2 AND number = $3")
            .bind(loaded.desk.group_of(player).map(str::to_string))
            .bind(event_id)
            .bind(i64::from(player.0))
            .execute(&mut *tx)
            .await?;
        commit_logged(
            tx,
            event_id,
            by,
            "group",
            None,
            serde_json::json!({"player": player.0, "group": loaded.desk.group_of(player)}),
        )
        .await
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
            return Err(DeskError::AlreadyStarted("deleting the event").into());
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

    /// Deletes a player before round 1 (entered by mistake): the players
    /// after him move up one number. The log keeps his data.
    ///
    /// # Errors
    /// [`DeskError::AlreadyStarted`] once round 1 is paired,
    /// [`DeskError::UnknownPlayer`], a player on a team's roster, or as
    /// [`Store::load_event`].
    pub async fn delete_player(
        &self,
        event_id: i64,
        player: PlayerId,
        by: &str,
    ) -> Result<(), StoreError> {
        let (mut tx, loaded) = self.begin_locked(event_id).await?;
        if loaded.desk.rounds_paired() > 0 {
            return Err(DeskError::AlreadyStarted("deleting a player").into());
        }
        drop_draft(&mut tx, event_id, by, "a player was deleted").await?;
        let gone = remove_players(&mut tx, self.backend, &loaded, &[player]).await?;
        commit_logged(
            tx,
            event_id,
            by,
            "delete-player",
            None,
            serde_json::json!({"players": gone}),
        )
        .await
    }

    /// Undoes the event's last player import (a file imported twice, the
    /// wrong file): its players are deleted while none of them has a game
    /// or a bye — before round 1, or late entries not yet paired in a
    /// Swiss. Answers how many players went.
    ///
    /// # Errors
    /// [`StoreError::NothingToUndo`] when no import is left or its players
    /// have played, or as [`Store::load_event`].
    pub async fn undo_last_import(&self, event_id: i64, by: &str) -> Result<usize, StoreError> {
        let (mut tx, loaded) = self.begin_locked(event_id).await?;
        let Some(batch) = sqlx::query_scalar::<_, Option<i64>>(
            "SELECT MAX(import_batch) FROM desk_players WHERE event_id = $1",
        )
        .bind(event_id)
        .fetch_one(&mut *tx)
        .await?
        else {
            return Err(StoreError::NothingToUndo {
                event_id,
                why: "no import is left to undo".into(),
            });
        };
        let numbers: Vec<i64> = sqlx::query_scalar(
            "SELECT number FROM desk_players WHERE event_id = $1 AND import_batch = $2 ORDER BY number",
        )
        .bind(event_id)
        .bind(batch)
        .fetch_all(&mut *tx)
        .await?;
        let players: Vec<PlayerId> = numbers.into_iter().map(|n| PlayerId(u(n))).collect();
        let played: Vec<String> = players
            .iter()
            .filter(|&&p| {
                loaded.desk.event().rounds().iter().any(|r| {
                    r.games.iter().any(|g| g.white == p || g.black == p)
                        || r.byes.iter().any(|(b, _)| *b == p)
                })
            })
            .map(|p| name_of(&loaded, *p))
            .collect();
        if !played.is_empty() {
            return Err(StoreError::NothingToUndo {
                event_id,
                why: format!(
                    "players of the last import are paired already: {}",
                    played.join(", ")
                ),
            });
        }
        drop_draft(&mut tx, event_id, by, "an import was undone").await?;
        let gone = remove_players(&mut tx, self.backend, &loaded, &players).await?;
        let n = gone.len();
        commit_logged(
            tx,
            event_id,
            by,
            "undo-import",
            None,
            serde_json::json!({"batch": batch, "players": gone}),
        )
        .await?;
        Ok(n)
    }

    /// Changes a player's data (results stay).
    ///
    /// # Errors
    /// The desk's refusal, or as [`Store::load_event`].
    pub async fn update_player(
        &self,
        event_id: i64,
        player: PlayerId,
        info: &PlayerInfo,
        by: &str,
    ) -> Result<(), StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        let before = loaded.desk.player(player).map(|p| p.info);
        loaded.desk.update_player(player, info.clone())?;
        sqlx::query(
            "UPDATE desk_players SET name = $1, rating = $2, title = $3, club = $4, federation = $5, \
             sex = $6, birth = $7, national_id = $8, fide_id = $9, rated_games = $10, \
             rated_events = $11, ever_reached = $12 WHERE event_id = $13 AND number = $14",
        )
        .bind(info.name.trim().to_string())
        .bind(info.rating.map(i64::from))
        .bind(info.title.clone())
        .bind(info.club.clone())
        .bind(info.federation.clone())
        .bind(sex_code(info.sex))
        .bind(info.birth.clone())
        .bind(info.national_id.clone())
        .bind(info.fide_id.clone())
        .bind(info.rated_games.map(i64::from))
        .bind(info.rated_events.map(i64::from))
        .bind(info.ever_reached.map(|d| d.to_string()))
        .bind(event_id)
        .bind(i64::from(player.0))
        .execute(&mut *tx)
        .await?;
        // The link to the list player he was taken from holds while the
        // desk keeps that list id for him (the id an arbiter corrects is
        // another player's, or none).
        let kept = info
            .national_id
            .as_deref()
            .and_then(|s| s.trim().parse::<u32>().ok())
            .map_or(-1, i64::from);
        sqlx::query(
            "UPDATE desk_players SET list_player_id = NULL WHERE event_id = $1 AND number = $2 \
             AND list_player_id IS NOT NULL AND list_player_id <> $3",
        )
        .bind(event_id)
        .bind(i64::from(player.0))
        .bind(kept)
        .execute(&mut *tx)
        .await?;
        commit_logged(
            tx,
            event_id,
            by,
            "update-player",
            None,
            serde_json::json!({"number": player.0, "before": before, "after": info}),
        )
        .await?;
        Ok(())
    }

    /// Records a withdrawal (退赛) after round `after`.
    ///
    /// # Errors
    /// The desk's refusal (already paired in a later round), or as
    /// [`Store::load_event`].
    pub async fn withdraw(
        &self,
        event_id: i64,
        player: PlayerId,
        after: u32,
        by: &str,
    ) -> Result<(), StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        drop_draft(&mut tx, event_id, by, "a player withdrew").await?;
        loaded.desk.withdraw(player, after)?;
        sqlx::query(
            "UPDATE desk_players SET withdrawn_after = $1 WHERE event_id = $2 AND number = $3",
        )
        .bind(i64::from(after))
        .bind(event_id)
        .bind(i64::from(player.0))
        .execute(&mut *tx)
        .await?;
        commit_logged(
            tx,
            event_id,
            by,
            "withdraw",
            Some(after),
            serde_json::json!({"number": player.0, "after_round": after}),
        )
        .await?;
        Ok(())
    }

    /// Records a requested bye (half-, zero- or full-point) for a round not
    /// yet paired.
    ///
    /// # Errors
    /// The desk's refusal, or as [`Store::load_event`].
    pub async fn request_bye(
        &self,
        event_id: i64,
        round: u32,
        player: PlayerId,
        kind: ByeKind,
        by: &str,
    ) -> Result<(), StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        drop_draft(&mut tx, event_id, by, "a bye was requested").await?;
        loaded.desk.request_bye(round, player, kind)?;
        sqlx::query("DELETE FROM desk_byes WHERE event_id = $1 AND round = $2 AND player = $3")
            .bind(event_id)
            .bind(i64::from(round))
            .bind(i64::from(player.0))
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO desk_byes (event_id, round, player, kind, origin) VALUES ($1, $2, $3, $4, 'requested')",
        )
        .bind(event_id)
        .bind(i64::from(round))
        .bind(i64::from(player.0))
        .bind(bye_code(kind))
        .execute(&mut *tx)
        .await?;
        commit_logged(
            tx,
            event_id,
            by,
            "request-bye",
            Some(round),
            serde_json::json!({"number": player.0, "kind": bye_code(kind)}),
        )
        .await?;
        Ok(())
    }

    /// Withdraws a requested bye of a round not yet paired. Returns whether
    /// there was one.
    ///
    /// # Errors
    /// As [`Store::load_event`].
    pub async fn cancel_bye(
        &self,
        event_id: i64,
        round: u32,
        player: PlayerId,
        by: &str,
    ) -> Result<bool, StoreError> {
        let (mut tx, loaded) = self.begin_locked(event_id).await?;
        drop_draft(&mut tx, event_id, by, "a bye was cancelled").await?;
        if round <= loaded.desk.rounds_paired() {
            return Err(qiyuan_desk::DeskError::BadRound {
                round,
                message: "already paired; change the pairing instead".into(),
            }
            .into());
        }
        let done =
            sqlx::query("DELETE FROM desk_byes WHERE event_id = $1 AND round = $2 AND player = $3")
                .bind(event_id)
                .bind(i64::from(round))
                .bind(i64::from(player.0))
                .execute(&mut *tx)
                .await?;
        let had = done.rows_affected() > 0;
        if had {
            log(
                &mut tx,
                event_id,
                by,
                "cancel-bye",
                Some(round),
                None,
                serde_json::json!({"number": player.0}),
            )
            .await?;
        }
        tx::commit(tx).await?;
        Ok(had)
    }

    /// Forbids two players to meet.
    ///
    /// # Errors
    /// The desk's refusal (unknown player), or as [`Store::load_event`].
    pub async fn forbid_pair(
        &self,
        event_id: i64,
        a: PlayerId,
        b: PlayerId,
        by: &str,
    ) -> Result<(), StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        drop_draft(&mut tx, event_id, by, "a pair was forbidden").await?;
        if loaded.desk.is_forbidden(a, b) {
            return Ok(());
        }
        loaded.desk.forbid_pair(a, b)?;
        sqlx::query(
            "INSERT INTO desk_forbidden (event_id, player_a, player_b) VALUES ($1, $2, $3)",
        )
        .bind(event_id)
        .bind(i64::from(a.0.min(b.0)))
        .bind(i64::from(a.0.max(b.0)))
        .execute(&mut *tx)
        .await?;
        commit_logged(
            tx,
            event_id,
            by,
            "forbid-pair",
            None,
            serde_json::json!({"players": [a.0.min(b.0), a.0.max(b.0)]}),
        )
        .await?;
        Ok(())
    }

    /// Saves a paired round (as proposed by the desk, or changed by hand)
    /// in one transaction: the desk checks it against the event as stored,
    /// then its games (all pending, version 0), its byes and a log entry
    /// with its boards and the warnings it raises are written.
    ///
    /// # Errors
    /// The desk's refusal (wrong round number, a player twice …), or as
    /// [`Store::load_event`].
    pub async fn save_round(
        &self,
        event_id: i64,
        round: &ProposedRound,
        by: &str,
    ) -> Result<SavedRound, StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        let saved = write_round(&mut tx, &mut loaded, round, by).await?;
        // The draft, if any, is now the round (or was overtaken by it).
        sqlx::query("DELETE FROM desk_pairing_drafts WHERE event_id = $1")
            .bind(event_id)
            .execute(&mut *tx)
            .await?;
        tx::commit(tx).await?;
        Ok(saved)
    }
}

/// Applies a round to the loaded event and writes it (rounds, games, byes,
/// status, log) inside the caller's transaction. Games the desk already
/// decided (a round robin's forfeits of a withdrawn player) are written
/// with their result and version 1.
async fn write_round(
    tx: &mut Tx,
    loaded: &mut LoadedEvent,
    round: &ProposedRound,
    by: &str,
) -> Result<SavedRound, StoreError> {
    let event_id = loaded.id;
    {
        let warnings = loaded.desk.check_round(round)?;
        let first_new = loaded.desk.rounds_paired() + 1;
        loaded.desk.apply_round(round)?;
        let applied: Vec<GameResult> = loaded.desk.event().rounds()[round.round as usize - 1]
            .games
            .iter()
            .map(|g| g.result)
            .collect();
        let at = now();
        for r in first_new..=round.round {
            sqlx::query(
                "INSERT INTO desk_rounds (event_id, round, paired_at, paired_by, published) VALUES ($1, $2, $3, $4, 0)",
            )
            .bind(event_id)
            .bind(i64::from(r))
            .bind(at.clone())
            .bind(by)
            .execute(&mut **tx)
            .await?;
        }
        let mut games = Vec::with_capacity(round.boards.len());
        for (i, b) in round.boards.iter().enumerate() {
            let row = sqlx::query(&format!(
                "INSERT INTO desk_games (event_id, round, board, white, black, result, version, updated_by, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $8, $9, $6, $7) RETURNING {GAME_COLUMNS}"
            ))
            .bind(event_id)
            .bind(i64::from(round.round))
            .bind(i as i64 + 1)
            .bind(i64::from(b.white.0))
            .bind(i64::from(b.black.0))
            .bind(by)
            .bind(at.clone())
            .bind(applied[i].code())
            .bind(i64::from(applied[i] != GameResult::Pending))
            .fetch_one(&mut **tx)
            .await?;
            games.push(game_ref(&row)?);
        }
        sqlx::query("DELETE FROM desk_byes WHERE event_id = $1 AND round = $2")
            .bind(event_id)
            .bind(i64::from(round.round))
            .execute(&mut **tx)
            .await?;
        for &(player, kind) in &round.byes {
            let origin = if loaded.desk.requested_bye(round.round, player) == Some(kind) {
                "requested"
            } else {
                "allocated"
            };
            sqlx::query(
                "INSERT INTO desk_byes (event_id, round, player, kind, origin) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(event_id)
            .bind(i64::from(round.round))
            .bind(i64::from(player.0))
            .bind(bye_code(kind))
            .bind(origin)
            .execute(&mut **tx)
            .await?;
        }
        sqlx::query("UPDATE desk_events SET status = 'running', total_rounds = $1 WHERE id = $2")
            .bind(i64::from(loaded.desk.total_rounds()))
            .bind(event_id)
            .execute(&mut **tx)
            .await?;
        let detail = serde_json::json!({
            "boards": round.boards,
            "byes": round.byes,
            "warnings": warnings.iter().map(|w| w.to_string()).collect::<Vec<_>>(),
        });
        log(
            tx,
            event_id,
            by,
            "pair-round",
            Some(round.round),
            None,
            detail,
        )
        .await?;
        Ok(SavedRound {
            round: round.round,
            games,
            warnings,
        })
    }
}

impl Store {
    /// Keeps a manual change of the proposed next round on the server: the
    /// proposal as changed becomes the event's pairing draft (replacing any
    /// earlier one) and the change with its warnings is logged. The draft
    /// stays until the round is saved, the draft is discarded, or the field
    /// or a result changes.
    ///
    /// # Errors
    /// [`StoreError::Desk`] when the proposal is not for the next round, or
    /// as [`Store::load_event`].
    pub async fn save_pairing_draft(
        &self,
        event_id: i64,
        proposal: &ProposedRound,
        what: &str,
        warnings: &[PairingWarning],
        by: &str,
    ) -> Result<(), StoreError> {
        let (mut tx, loaded) = self.begin_locked(event_id).await?;
        let next = loaded.desk.next_round();
        if proposal.round != next {
            return Err(StoreError::Desk(qiyuan_desk::DeskError::BadRound {
                round: proposal.round,
                message: format!("the next round is {next}"),
            }));
        }
        let json = serde_json::to_string(proposal).map_err(|e| StoreError::Corrupt {
            what: format!("pairing draft: {e}"),
        })?;
        // One more change to the draft of this round, or the first.
        let changes: i64 = sqlx::query_scalar(
            "DELETE FROM desk_pairing_drafts WHERE event_id = $1 AND round = $2 RETURNING changes",
        )
        .bind(event_id)
        .bind(i64::from(proposal.round))
        .fetch_optional(&mut *tx)
        .await?
        .unwrap_or(0);
        sqlx::query("DELETE FROM desk_pairing_drafts WHERE event_id = $1")
            .bind(event_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO desk_pairing_drafts (event_id, round, proposal, changes, updated_by, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(event_id)
        .bind(i64::from(proposal.round))
        .bind(json)
        .bind(changes + 1)
        .bind(by)
        .bind(now())
        .execute(&mut *tx)
        .await?;
        let detail = serde_json::json!({
            "change": what,
            "warnings": warnings.iter().map(|w| w.to_string()).collect::<Vec<_>>(),
        });
        commit_logged(
            tx,
            event_id,
            by,
            "manual-change",
            Some(proposal.round),
            detail,
        )
        .await?;
        Ok(())
    }

    /// The event's pairing draft, if one is kept for its next round.
    ///
    /// # Errors
    /// A database error, or a draft the desk cannot read.
    pub async fn pairing_draft(&self, event_id: i64) -> Result<Option<PairingDraft>, StoreError> {
        let Some(row) = sqlx::query(
            "SELECT round, proposal, changes, updated_by, updated_at FROM desk_pairing_drafts WHERE event_id = $1",
        )
        .bind(event_id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let proposal: ProposedRound = serde_json::from_str(&row.try_get::<String, _>("proposal")?)
            .map_err(|e| StoreError::Corrupt {
                what: format!("event #{event_id}: pairing draft: {e}"),
            })?;
        Ok(Some(PairingDraft {
            proposal,
            changes: u(row.try_get("changes")?),
            updated_by: row.try_get("updated_by")?,
            updated_at: row.try_get("updated_at")?,
        }))
    }

    /// Discards the event's pairing draft (logged). Returns whether there
    /// was one.
    ///
    /// # Errors
    /// As [`Store::load_event`].
    pub async fn discard_pairing_draft(&self, event_id: i64, by: &str) -> Result<bool, StoreError> {
        let (mut tx, _) = self.begin_locked(event_id).await?;
        let had = sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM desk_pairing_drafts WHERE event_id = $1",
        )
        .bind(event_id)
        .fetch_one(&mut *tx)
        .await?
            > 0;
        drop_draft(&mut tx, event_id, by, "discarded by the arbiter").await?;
        tx::commit(tx).await?;
        Ok(had)
    }

    /// Removes the last round if none of its results is entered (to re-pair
    /// after a mistake).
    ///
    /// # Errors
    /// The desk's refusal (a result entered), or as [`Store::load_event`].
    pub async fn unpair_last_round(&self, event_id: i64, by: &str) -> Result<u32, StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        drop_draft(&mut tx, event_id, by, "a round was unpaired").await?;
        let round = loaded.desk.unpair_last_round()?;
        for sql in [
            "DELETE FROM desk_games WHERE event_id = $1 AND round = $2",
            "DELETE FROM desk_byes WHERE event_id = $1 AND round = $2 AND origin = 'allocated'",
            "DELETE FROM desk_rounds WHERE event_id = $1 AND round = $2",
        ] {
            sqlx::query(sql)
                .bind(event_id)
                .bind(i64::from(round))
                .execute(&mut *tx)
                .await?;
        }
        let status = if round == 1 {
            "registration"
        } else {
            "running"
        };
        sqlx::query("UPDATE desk_events SET status = $1 WHERE id = $2")
            .bind(status)
            .bind(event_id)
            .execute(&mut *tx)
            .await?;
        commit_logged(
            tx,
            event_id,
            by,
            "unpair-round",
            Some(round),
            serde_json::json!({}),
        )
        .await?;
        Ok(round)
    }

    /// Publishes (or withdraws from the public pages) a paired round.
    ///
    /// # Errors
    /// A round not paired ([`StoreError::Desk`]), or a database error.
    pub async fn publish_round(
        &self,
        event_id: i64,
        round: u32,
        published: bool,
        by: &str,
    ) -> Result<(), StoreError> {
        let mut tx = tx::begin(&self.pool).await?;
        lock(&mut tx, event_id).await?;
        let done =
            sqlx::query("UPDATE desk_rounds SET published = $1 WHERE event_id = $2 AND round = $3")
                .bind(i64::from(published))
                .bind(event_id)
                .bind(i64::from(round))
                .execute(&mut *tx)
                .await?;
        if done.rows_affected() == 0 {
            return Err(qiyuan_desk::DeskError::BadRound {
                round,
                message: "not paired".into(),
            }
            .into());
        }
        commit_logged(
            tx,
            event_id,
            by,
            "publish-round",
            Some(round),
            serde_json::json!({"published": published}),
        )
        .await?;
        Ok(())
    }

    /// Enters or corrects a result with optimistic concurrency: the stored
    /// version must be `expected_version` (the one the form was filled
    /// from), else [`StoreError::Conflict`] names the game, who changed it
    /// and the result now stored. Posting the result already stored again
    /// changes nothing and succeeds (`changed: false`), whatever the version.
    /// A change is logged (`result`, or `correction` with old → new).
    ///
    /// # Errors
    /// [`StoreError::Conflict`], [`StoreError::NoSuchGame`],
    /// [`StoreError::NoSuchDeskEvent`], or a database error.
    pub async fn set_result(
        &self,
        event_id: i64,
        game_id: i64,
        result: GameResult,
        expected_version: i64,
        by: &str,
    ) -> Result<ResultOutcome, StoreError> {
        let mut tx = tx::begin(&self.pool).await?;
        lock(&mut tx, event_id).await?;
        let Some(row) = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM desk_games WHERE id = $1 AND event_id = $2"
        ))
        .bind(game_id)
        .bind(event_id)
        .fetch_optional(&mut *tx)
        .await?
        else {
            return Err(StoreError::NoSuchGame { event_id, game_id });
        };
        let game = game_ref(&row)?;
        if game.result == result {
            // Nothing to change; the transaction only touched updated_at.
            tx::rollback(tx).await?;
            return Ok(ResultOutcome {
                previous: result,
                game,
                changed: false,
            });
        }
        if game.version != expected_version {
            let name = |id: PlayerId| async move {
                sqlx::query_scalar::<_, String>(
                    "SELECT name FROM desk_players WHERE event_id = $1 AND number = $2",
                )
                .bind(event_id)
                .bind(i64::from(id.0))
                .fetch_optional(&self.pool)
                .await
                .ok()
                .flatten()
                .map_or_else(|| id.to_string(), |n| format!("{id} {n}"))
            };
            tx::rollback(tx).await?;
            return Err(StoreError::Conflict(Box::new(
                crate::error::ResultConflict {
                    game_id,
                    round: game.round,
                    board: game.board,
                    white: name(game.white).await,
                    black: name(game.black).await,
                    by: game.updated_by.clone().unwrap_or_else(|| "?".into()),
                    current: qiyuan_desk::export::result_text(game.result).to_string(),
                    version: game.version,
                    expected: expected_version,
                },
            )));
        }
        drop_draft(&mut tx, event_id, by, "a result changed").await?;
        let at = now();
        let done = sqlx::query(
            "UPDATE desk_games SET result = $1, version = version + 1, updated_by = $2, updated_at = $3 \
             WHERE id = $4 AND version = $5",
        )
        .bind(result.code())
        .bind(by)
        .bind(at.clone())
        .bind(game_id)
        .bind(expected_version)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            // Cannot happen while the event's lock is held; refuse rather
            // than guess.
            return Err(StoreError::Corrupt {
                what: format!("game #{game_id}: version changed under the event's lock"),
            });
        }
        let action = if game.result == GameResult::Pending {
            "result"
        } else {
            "correction"
        };
        log(
            &mut tx,
            event_id,
            by,
            action,
            Some(game.round),
            Some(game_id),
            serde_json::json!({
                "board": game.board,
                "before": game.result.code(),
                "after": result.code(),
                "version": game.version + 1,
            }),
        )
        .await?;
        let pending: Option<i64> = sqlx::query_scalar(
            "SELECT 1 FROM desk_games WHERE event_id = $1 AND result = 'pending' LIMIT 1",
        )
        .bind(event_id)
        .fetch_optional(&mut *tx)
        .await?;
        sqlx::query(
            "UPDATE desk_events SET status = CASE WHEN $1 = 0 AND \
             (SELECT COUNT(*) FROM desk_rounds WHERE event_id = $2) >= total_rounds \
             THEN 'finished' ELSE 'running' END WHERE id = $2",
        )
        .bind(i64::from(pending.is_some()))
        .bind(event_id)
        .execute(&mut *tx)
        .await?;
        tx::commit(tx).await?;
        Ok(ResultOutcome {
            game: GameRef {
                result,
                version: game.version + 1,
                updated_by: Some(by.to_string()),
                updated_at: Some(at),
                ..game
            },
            previous: game.result,
            changed: true,
        })
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

/// Reads the teams, rosters, team pairings and line-ups of a team event.
async fn load_teams(
    conn: &mut AnyConnection,
    event_id: i64,
    desk: &mut DeskEvent,
) -> Result<(), StoreError> {
    let mut teams: Vec<Team> = Vec::new();
    for r in sqlx::query("SELECT number, name FROM desk_teams WHERE event_id = $1 ORDER BY number")
        .bind(event_id)
        .fetch_all(&mut *conn)
        .await?
    {
        teams.push(Team {
            id: TeamId(u(r.try_get("number")?)),
            name: r.try_get("name")?,
            roster: Vec::new(),
        });
    }
    for r in sqlx::query(
        "SELECT team, player FROM desk_team_members WHERE event_id = $1 ORDER BY team, position",
    )
    .bind(event_id)
    .fetch_all(&mut *conn)
    .await?
    {
        let team = TeamId(u(r.try_get("team")?));
        let t = teams
            .iter_mut()
            .find(|t| t.id == team)
            .ok_or_else(|| StoreError::Corrupt {
                what: format!("event #{event_id}: roster of unknown team {team}"),
            })?;
        t.roster.push(PlayerId(u(r.try_get("player")?)));
    }
    let mut plans: Vec<TeamRoundPlan> = Vec::new();
    let plan = |plans: &mut Vec<TeamRoundPlan>, round: u32| -> Result<usize, StoreError> {
        while (plans.len() as u32) < round {
            let n = plans.len() as u32 + 1;
            plans.push(TeamRoundPlan {
                round: n,
                ..TeamRoundPlan::default()
            });
        }
        Ok(round as usize - 1)
    };
    for r in sqlx::query(
        "SELECT round, kind, home, away FROM desk_team_matches WHERE event_id = $1 \
         ORDER BY round, position",
    )
    .bind(event_id)
    .fetch_all(&mut *conn)
    .await?
    {
        let i = plan(&mut plans, u(r.try_get("round")?))?;
        let home = TeamId(u(r.try_get("home")?));
        match r.try_get::<String, _>("kind")?.as_str() {
            "match" => plans[i].matches.push(TeamPairing {
                home,
                away: TeamId(u(r.try_get::<Option<i64>, _>("away")?.unwrap_or(0))),
            }),
            "bye" => plans[i].bye = Some(home),
            _ => plans[i].free = Some(home),
        }
    }
    for r in sqlx::query(
        "SELECT round, team, player FROM desk_team_lineups WHERE event_id = $1 \
         ORDER BY round, team, board",
    )
    .bind(event_id)
    .fetch_all(&mut *conn)
    .await?
    {
        let i = plan(&mut plans, u(r.try_get("round")?))?;
        let team = TeamId(u(r.try_get("team")?));
        let player = PlayerId(u(r.try_get("player")?));
        match plans[i].line_ups.iter_mut().find(|(t, _)| *t == team) {
            Some((_, l)) => l.push(player),
            None => plans[i].line_ups.push((team, vec![player])),
        }
    }
    desk.restore_teams(teams, plans)?;
    Ok(())
}

/// Writes a team's roster (replacing the one stored).
async fn write_roster(
    conn: &mut AnyConnection,
    event_id: i64,
    team: &Team,
) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM desk_team_members WHERE event_id = $1 AND team = $2")
        .bind(event_id)
        .bind(i64::from(team.id.0))
        .execute(&mut *conn)
        .await?;
    for (i, p) in team.roster.iter().enumerate() {
        sqlx::query(
            "INSERT INTO desk_team_members (event_id, team, position, player) VALUES ($1, $2, $3, $4)",
        )
        .bind(event_id)
        .bind(i64::from(team.id.0))
        .bind(i as i64 + 1)
        .bind(i64::from(p.0))
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Writes the line-up of a team in a round (replacing the one stored).
async fn write_line_up(
    conn: &mut AnyConnection,
    event_id: i64,
    round: u32,
    team: TeamId,
    players: &[PlayerId],
) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM desk_team_lineups WHERE event_id = $1 AND round = $2 AND team = $3")
        .bind(event_id)
        .bind(i64::from(round))
        .bind(i64::from(team.0))
        .execute(&mut *conn)
        .await?;
    for (b, p) in players.iter().enumerate() {
        sqlx::query(
            "INSERT INTO desk_team_lineups (event_id, round, team, board, player) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(event_id)
        .bind(i64::from(round))
        .bind(i64::from(team.0))
        .bind(b as i64 + 1)
        .bind(i64::from(p.0))
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

fn ids(v: &[PlayerId]) -> Vec<u32> {
    v.iter().map(|p| p.0).collect()
}

/// Team events: teams and rosters, the pairing of teams, line-ups and the
/// boards of a round. Board results are [`Store::set_result`]'s.
impl Store {
    /// Registers a team with its roster (board order). Returns its number.
    ///
    /// # Errors
    /// The desk's refusal (not a team event, a player unknown or on another
    /// team, the event started), or as [`Store::load_event`].
    pub async fn add_team(
        &self,
        event_id: i64,
        name: &str,
        roster: &[PlayerId],
        by: &str,
    ) -> Result<TeamId, StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        let id = loaded.desk.add_team(name, roster.to_vec())?;
        let team = loaded.desk.team(id).cloned().unwrap_or(Team {
            id,
            name: name.into(),
            roster: roster.to_vec(),
        });
        sqlx::query("INSERT INTO desk_teams (event_id, number, name) VALUES ($1, $2, $3)")
            .bind(event_id)
            .bind(i64::from(id.0))
            .bind(team.name.clone())
            .execute(&mut *tx)
            .await?;
        write_roster(&mut tx, event_id, &team).await?;
        sqlx::query("UPDATE desk_events SET total_rounds = $1 WHERE id = $2")
            .bind(i64::from(loaded.desk.total_rounds()))
            .bind(event_id)
            .execute(&mut *tx)
            .await?;
        commit_logged(
            tx,
            event_id,
            by,
            "add-team",
            None,
            serde_json::json!({"team": id.0, "name": team.name, "roster": ids(&team.roster)}),
        )
        .await?;
        Ok(id)
    }

    /// Changes a team's name and roster (the roster only before the first
    /// team round is paired).
    ///
    /// # Errors
    /// The desk's refusal, or as [`Store::load_event`].
    pub async fn update_team(
        &self,
        event_id: i64,
        team: TeamId,
        name: &str,
        roster: &[PlayerId],
        by: &str,
    ) -> Result<(), StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        loaded.desk.set_team(team, name, roster.to_vec())?;
        let t = loaded
            .desk
            .team(team)
            .cloned()
            .ok_or(StoreError::NoSuchDeskEvent(event_id))?;
        sqlx::query("UPDATE desk_teams SET name = $1 WHERE event_id = $2 AND number = $3")
            .bind(t.name.clone())
            .bind(event_id)
            .bind(i64::from(team.0))
            .execute(&mut *tx)
            .await?;
        write_roster(&mut tx, event_id, &t).await?;
        commit_logged(
            tx,
            event_id,
            by,
            "update-team",
            None,
            serde_json::json!({"team": team.0, "name": t.name, "roster": ids(&t.roster)}),
        )
        .await?;
        Ok(())
    }

    /// Saves the pairing of teams of the next round (from
    /// `DeskEvent::pair_next_team_round`, possibly changed by hand).
    ///
    /// # Errors
    /// The desk's refusal (results missing, a team twice, wrong round), or
    /// as [`Store::load_event`].
    pub async fn save_team_round(
        &self,
        event_id: i64,
        plan: &TeamRoundPlan,
        by: &str,
    ) -> Result<u32, StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        let round = loaded.desk.apply_team_round(plan)?;
        let mut rows: Vec<(&str, TeamId, Option<TeamId>)> = plan
            .matches
            .iter()
            .map(|m| ("match", m.home, Some(m.away)))
            .collect();
        rows.extend(plan.bye.map(|t| ("bye", t, None)));
        rows.extend(plan.free.map(|t| ("free", t, None)));
        for (i, (kind, home, away)) in rows.iter().enumerate() {
            sqlx::query(
                "INSERT INTO desk_team_matches (event_id, round, position, kind, home, away) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(event_id)
            .bind(i64::from(round))
            .bind(i as i64 + 1)
            .bind(*kind)
            .bind(i64::from(home.0))
            .bind(away.map(|a| i64::from(a.0)))
            .execute(&mut *tx)
            .await?;
        }
        commit_logged(
            tx,
            event_id,
            by,
            "pair-teams",
            Some(round),
            serde_json::json!({
                "matches": plan.matches.iter().map(|m| [m.home.0, m.away.0]).collect::<Vec<_>>(),
                "bye": plan.bye.map(|t| t.0),
                "free": plan.free.map(|t| t.0),
            }),
        )
        .await?;
        Ok(round)
    }

    /// Removes the last pairing of teams, while its boards are not made.
    ///
    /// # Errors
    /// The desk's refusal, or as [`Store::load_event`].
    pub async fn unpair_team_round(&self, event_id: i64, by: &str) -> Result<u32, StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        let round = loaded.desk.unpair_last_team_round()?;
        for table in ["desk_team_lineups", "desk_team_matches"] {
            sqlx::query(&format!(
                "DELETE FROM {table} WHERE event_id = $1 AND round = $2"
            ))
            .bind(event_id)
            .bind(i64::from(round))
            .execute(&mut *tx)
            .await?;
        }
        commit_logged(
            tx,
            event_id,
            by,
            "unpair-teams",
            Some(round),
            serde_json::json!({}),
        )
        .await?;
        Ok(round)
    }

    /// Enters a team's line-up for a round whose boards are not made yet.
    ///
    /// # Errors
    /// The desk's refusal (against the roster or its order, wrong number of
    /// players, boards already made), or as [`Store::load_event`].
    pub async fn set_line_up(
        &self,
        event_id: i64,
        round: u32,
        team: TeamId,
        players: &[PlayerId],
        by: &str,
    ) -> Result<(), StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        loaded.desk.set_line_up(round, team, players.to_vec())?;
        write_line_up(&mut tx, event_id, round, team, players).await?;
        commit_logged(
            tx,
            event_id,
            by,
            "line-up",
            Some(round),
            serde_json::json!({"team": team.0, "players": ids(players)}),
        )
        .await?;
        Ok(())
    }

    /// Makes the boards of a team round from its pairing and line-ups (a
    /// team without a line-up plays its first roster players), in one
    /// transaction: the line-ups are fixed and the games stored like an
    /// individual round's.
    ///
    /// # Errors
    /// The desk's refusal, or as [`Store::load_event`].
    pub async fn make_team_boards(
        &self,
        event_id: i64,
        round: u32,
        by: &str,
    ) -> Result<SavedRound, StoreError> {
        let (mut tx, mut loaded) = self.begin_locked(event_id).await?;
        let boards = loaded.desk.team_boards(round)?;
        let mut line_ups = Vec::new();
        if let Some(plan) = loaded.desk.team_rounds().get(round as usize - 1) {
            for m in &plan.matches {
                for t in [m.home, m.away] {
                    line_ups.push((t, loaded.desk.line_up(round, t)?));
                }
            }
        }
        let saved = write_round(&mut tx, &mut loaded, &boards, by).await?;
        for (t, players) in &line_ups {
            write_line_up(&mut tx, event_id, round, *t, players).await?;
        }
        tx::commit(tx).await?;
        Ok(saved)
    }
}
