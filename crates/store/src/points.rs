//! Platform point systems (积分, regulations §6), durable and idempotent: the
//! store behind `POST /api/v1/points/{system}`.
//!
//! A [`PointsService`] applies online games, one request each, to the point
//! systems of `qiyuan_rating::online` (every built-in [`PointSystem`] and
//! Glicko-2 under the name [`GLICKO2`]) and keeps, in the database,
//!
//! - every player's state per system (`points_players`: points and level,
//!   or the Glicko-2 rating, deviation and volatility, as exact text; the
//!   number of scored games);
//! - every game applied (`points_games`): the request as received, the
//!   response as computed, and its place in the order of application
//!   (`seq`). A game id seen before in a system gets the **stored**
//!   response back and changes nothing, even when both copies arrive at the
//!   same moment.
//!
//! **Durable and fast.** One writer task owns the point tables. Games that
//! arrive while the previous commit is in flight are applied together in
//! ONE transaction (group commit), in arrival order, so the result equals
//! applying them one by one; each caller is answered only after its batch
//! committed (on SQLite with `synchronous=FULL`: on disk). The writer keeps
//! a write-through cache of the player states it has read or written, so a
//! batch reads from the database only players it has never met. A bad game
//! (a player against themself, a leaver who did not lose) is refused alone;
//! the rest of its batch goes on.
//!
//! **Several processes, one database.** Any number of services (in one
//! process or in several `qiyuan serve` processes) may write the same
//! database. Each batch's transaction begins by taking the database's write
//! lock for the point tables — SQLite: `BEGIN IMMEDIATE`; PostgreSQL: the
//! transaction-scoped advisory lock [`PG_POINTS_LOCK`], under `READ
//! COMMITTED` — and only then reads the last `seq`, the games of the batch
//! applied before and the players' states; it commits before it lets the
//! lock go. So batches are serialised: each one takes `seq` from
//! `MAX(seq) + 1` as read under the lock and sees every game committed
//! before it. The cache is trusted only while nobody else has committed:
//! when the last `seq` read under the lock is not the last one this writer
//! committed, the cache is forgotten and every player of the batch is read
//! again.
//!
//! **Game order** is the order of `seq`: batches in the order they took the
//! lock (= the order they committed), and in a batch, the order of arrival.
//! `seq` runs from 1 without gaps. Every player's state is exactly that of
//! applying the games to it one by one in `seq` order, whichever process
//! received them (`tests/points.rs`, and three `qiyuan serve` processes on
//! one PostgreSQL in the CLI's `tests/serve_processes.rs`).
//!
//! ```no_run
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! use qiyuan_store::Store;
//! use qiyuan_store::points::{PointsGame, PointsService};
//!
//! let store = Store::open("sqlite:///tmp/points.sqlite3").await?;
//! let service = PointsService::start(&store).await?;
//! let game: PointsGame = serde_json::from_str(
//!     r#"{"id": "g1", "red": "r", "black": "b", "result": "0-1", "plies": 80}"#,
//! )?;
//! let outcome = service.apply("qq-xiangqi-elo", game).await?;
//! // Both new at 1300, K 60: {"id":"g1","scored":true,"white_change":-38,"black_change":38,...}
//! println!("{}", outcome.body);
//! # Ok(()) }
//! ```

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use qiyuan_rating::Lang;
use qiyuan_rating::online::glicko2::{Glicko2, Glicko2Store, Rating};
use qiyuan_rating::online::{
    Colour, GameResult, OnlineError, OnlineGame, PlayerRecord, PlayerStore, PointSystem,
};
use rust_decimal::Decimal;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::value::RawValue;
use sqlx::any::AnyRow;
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyPool, Executor, Row};
use tokio::sync::{mpsc, oneshot};

use crate::{Backend, Store, StoreError};

/// The system name that selects Glicko-2 (each game a rating period of its
/// own for its two players, as `qiyuan points --system glicko2`).
pub const GLICKO2: &str = "glicko2";

/// The most games one transaction takes.
const MAX_BATCH: usize = 4096;

/// Rows per INSERT statement of a batch's transaction.
const ROWS_PER_STATEMENT: usize = 500;

/// The key of the PostgreSQL advisory lock that every writer of the point
/// tables holds for its whole transaction ("qiyuanpt" in ASCII).
pub const PG_POINTS_LOCK: i64 = 0x7169_7975_616e_7074;

/// How a batch's transaction begins on PostgreSQL: READ COMMITTED whatever
/// the server's default (each statement then reads what was committed
/// before it, so the reads after the lock see the last holder's writes),
/// then the points lock, held until COMMIT or ROLLBACK.
const PG_BEGIN_LOCKED: &str = "BEGIN ISOLATION LEVEL READ COMMITTED;\n\
     SELECT pg_advisory_xact_lock(8172196543893237876);\n";

// ------------------------------------------------------------------ request

/// One game as posted: the JSON shape of a `qiyuan points` input line.
///
/// ```
/// use qiyuan_store::points::PointsGame;
///
/// let g: PointsGame =
///     serde_json::from_str(r#"{"id": 7, "red": "a", "black": 12, "result": "1-0"}"#).unwrap();
/// assert_eq!((g.id.as_str(), g.white.as_str(), g.black.as_str()), ("7", "a", "12"));
/// assert_eq!(g.plies, None);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointsGame {
    /// The game's id, unique within a system: a JSON string, or a whole
    /// number taken as its decimal text.
    #[serde(deserialize_with = "id_text")]
    pub id: String,
    /// The first mover; `red` is accepted instead (红方, xiangqi). A JSON
    /// string, or a whole number taken as its decimal text (`5` and `"5"`
    /// are the same player).
    #[serde(alias = "red", deserialize_with = "white_text")]
    pub white: String,
    /// The second mover, as `white`.
    #[serde(deserialize_with = "black_text")]
    pub black: String,
    /// `"1-0"`, `"0-1"`, `"1/2-1/2"` (also `"½-½"`); `"+-"`: white wins,
    /// black left the game by force (强制退出, 逃跑); `"-+"`: the reverse.
    pub result: String,
    /// Plies played (步), if known; unknown counts as a full game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plies: Option<u32>,
    /// For a draw: who offered it, `"white"` (also `"red"`) or `"black"`
    /// (天天象棋's rule, `tiantian-xiangqi`; other systems ignore it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_offer: Option<String>,
}

/// A JSON string, or a whole number as its decimal text; `field` names the
/// field in the error.
fn text_or_number<'de, D: Deserializer<'de>>(d: D, field: &str) -> Result<String, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Key {
        Text(String),
        Signed(i64),
        Unsigned(u64),
    }
    Ok(
        match Key::deserialize(d).map_err(|_| {
            serde::de::Error::custom(format_args!(
                "field `{field}`: expected a string or a whole number"
            ))
        })? {
            Key::Text(s) => s,
            Key::Signed(n) => n.to_string(),
            Key::Unsigned(n) => n.to_string(),
        },
    )
}

fn id_text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    text_or_number(d, "id")
}

fn white_text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    text_or_number(d, "white")
}

fn black_text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    text_or_number(d, "black")
}

// ----------------------------------------------------------------- response

/// What one game did, as answered (and, for a new game, as stored).
#[derive(Debug, Clone, PartialEq)]
pub struct GameOutcome {
    /// The game's id.
    pub game_id: String,
    /// Its place in the order of application (from 1, across all systems).
    pub seq: i64,
    /// `true` when the game id had been applied before: this is the stored
    /// answer and nothing changed.
    pub replayed: bool,
    /// The response body: one JSON object, the shape of a `qiyuan points`
    /// output line (`id`, `scored`, `white_change`, `black_change`,
    /// `white_points`, `black_points`, `white_level`, `black_level`, and for
    /// Glicko-2 `white_rd`, `black_rd`, `white_volatility`,
    /// `black_volatility` with null levels). Exact decimals as JSON numbers.
    pub body: String,
    /// The same figures, typed.
    pub change: Change,
}

/// Both players' figures after one game.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// A point system.
    Points {
        /// Whether the game was scored (false: too short; nobody moved).
        scored: bool,
        /// White's (red's) change.
        white_change: Decimal,
        /// Black's change.
        black_change: Decimal,
        /// White's new total.
        white_points: Decimal,
        /// Black's new total.
        black_points: Decimal,
        /// White's level or title (级别 / 称号) after the game.
        white_level: String,
        /// Black's level or title after the game.
        black_level: String,
    },
    /// Glicko-2.
    Glicko2 {
        /// White's rating change.
        white_change: f64,
        /// Black's rating change.
        black_change: f64,
        /// White's new standing.
        white: Rating,
        /// Black's new standing.
        black: Rating,
    },
}

/// Why a game was not applied.
#[derive(Debug, Clone, thiserror::Error)]
#[non_exhaustive]
pub enum PointsError {
    /// No system of the service has this name.
    #[error("unknown point system `{name}`; known systems: {known}")]
    UnknownSystem {
        /// The name asked for.
        name: String,
        /// The known names, comma separated.
        known: String,
    },
    /// A field of the game is malformed.
    #[error("game {id}: field `{field}`: {message}")]
    InvalidGame {
        /// The game's id (empty if that is what is wrong).
        id: String,
        /// The field.
        field: &'static str,
        /// What is wrong with it.
        message: String,
    },
    /// The system refused the game (a player against themself, a leaver who
    /// did not lose, fractional points in an Elo system, …).
    #[error("{0}")]
    Rejected(#[from] OnlineError),
    /// The database failed; the game was not applied (posting it again is
    /// safe).
    #[error("the game was not stored: {0}")]
    Store(Arc<StoreError>),
    /// The service's writer has stopped.
    #[error("the point store has stopped")]
    Stopped,
}

impl PointsError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            PointsError::UnknownSystem { name, known } => {
                format!("未知的积分制度 `{name}`；已有的积分制度：{known}")
            }
            PointsError::InvalidGame { id, field, message } => {
                format!("对局 {id}：字段 `{field}`：{}", invalid_game_zh(message))
            }
            PointsError::Rejected(e) => format!("积分制度拒绝了该对局：{}", e.text(lang)),
            PointsError::Store(e) => format!("对局未能保存：{}", e.text(lang)),
            PointsError::Stopped => "积分服务已停止".to_string(),
        }
    }
}

/// The reason of [`PointsError::InvalidGame`] in Chinese (the reasons the
/// service gives; a general one for JSON's own words).
fn invalid_game_zh(message: &str) -> String {
    let quoted = message.strip_prefix('`').and_then(|r| r.split_once('`'));
    match (message, quoted) {
        ("empty game id", _) => "对局编号为空".to_string(),
        ("contains a NUL character", _) => "含有 NUL 字符".to_string(),
        ("empty player id", _) => "棋手编号为空".to_string(),
        (_, Some((v, r))) if r.starts_with(" is not a result") => {
            format!("`{v}` 不是有效的结果；应为 \"1-0\"、\"0-1\"、\"1/2-1/2\"、\"+-\" 或 \"-+\"")
        }
        (_, Some((v, r))) if r.starts_with(" is not a side") => {
            format!("`{v}` 不是有效的一方；应为 \"white\"（或 \"red\"）或 \"black\"")
        }
        _ => "值有误".to_string(),
    }
}

impl From<StoreError> for PointsError {
    fn from(e: StoreError) -> Self {
        PointsError::Store(Arc::new(e))
    }
}

impl From<sqlx::Error> for PointsError {
    fn from(e: sqlx::Error) -> Self {
        PointsError::Store(Arc::new(StoreError::Db(e)))
    }
}

/// Writes a decimal as a JSON number, exactly, without trailing zeros.
fn push_decimal(out: &mut String, d: Decimal) {
    if d.is_zero() {
        out.push('0');
    } else {
        let _ = write!(out, "{}", d.normalize());
    }
}

fn push_json_str(out: &mut String, s: &str) {
    // Serialising a str into JSON cannot fail.
    out.push_str(&serde_json::to_string(s).unwrap_or_else(|_| "\"\"".to_owned()));
}

impl Change {
    /// The response body of game `id` with these figures.
    fn body(&self, id: &str) -> String {
        let mut out = String::with_capacity(192);
        out.push_str("{\"id\":");
        push_json_str(&mut out, id);
        match self {
            Change::Points {
                scored,
                white_change,
                black_change,
                white_points,
                black_points,
                white_level,
                black_level,
            } => {
                out.push_str(if *scored {
                    ",\"scored\":true,\"white_change\":"
                } else {
                    ",\"scored\":false,\"white_change\":"
                });
                push_decimal(&mut out, *white_change);
                out.push_str(",\"black_change\":");
                push_decimal(&mut out, *black_change);
                out.push_str(",\"white_points\":");
                push_decimal(&mut out, *white_points);
                out.push_str(",\"black_points\":");
                push_decimal(&mut out, *black_points);
                out.push_str(",\"white_level\":");
                push_json_str(&mut out, white_level);
                out.push_str(",\"black_level\":");
                push_json_str(&mut out, black_level);
            }
            Change::Glicko2 {
                white_change,
                black_change,
                white,
                black,
            } => {
                let _ = write!(
                    out,
                    ",\"scored\":true,\"white_change\":{white_change},\"black_change\":{black_change},\
                     \"white_points\":{},\"black_points\":{},\"white_rd\":{},\"black_rd\":{},\
                     \"white_volatility\":{},\"black_volatility\":{},\
                     \"white_level\":null,\"black_level\":null",
                    white.rating,
                    black.rating,
                    white.rd,
                    black.rd,
                    white.volatility,
                    black.volatility
                );
            }
        }
        out.push('}');
        out
    }

    /// Reads a stored response body back.
    fn parse(body: &str) -> Result<Change, StoreError> {
        #[derive(Deserialize)]
        struct Doc<'a> {
            scored: bool,
            #[serde(borrow)]
            white_change: &'a RawValue,
            #[serde(borrow)]
            black_change: &'a RawValue,
            #[serde(borrow)]
            white_points: &'a RawValue,
            #[serde(borrow)]
            black_points: &'a RawValue,
            white_level: Option<String>,
            black_level: Option<String>,
            // serde_json's own float parsing may miss by an ulp: read the
            // text with the standard library's exact parser instead.
            #[serde(borrow)]
            white_rd: Option<&'a RawValue>,
            #[serde(borrow)]
            black_rd: Option<&'a RawValue>,
            #[serde(borrow)]
            white_volatility: Option<&'a RawValue>,
            #[serde(borrow)]
            black_volatility: Option<&'a RawValue>,
        }
        let corrupt = || StoreError::Corrupt {
            what: format!("points_games.response `{body}` is not a points response"),
        };
        let doc: Doc = serde_json::from_str(body).map_err(|_| corrupt())?;
        let d = |r: &RawValue| Decimal::from_str(r.get()).map_err(|_| corrupt());
        let f = |r: &RawValue| f64::from_str(r.get()).map_err(|_| corrupt());
        Ok(match (doc.white_level, doc.black_level) {
            (Some(white_level), Some(black_level)) => Change::Points {
                scored: doc.scored,
                white_change: d(doc.white_change)?,
                black_change: d(doc.black_change)?,
                white_points: d(doc.white_points)?,
                black_points: d(doc.black_points)?,
                white_level,
                black_level,
            },
            _ => {
                let rating = |r, rd: Option<&RawValue>, v: Option<&RawValue>| {
                    Ok::<_, StoreError>(Rating {
                        rating: f(r)?,
                        rd: f(rd.ok_or_else(corrupt)?)?,
                        volatility: f(v.ok_or_else(corrupt)?)?,
                    })
                };
                Change::Glicko2 {
                    white_change: f(doc.white_change)?,
                    black_change: f(doc.black_change)?,
                    white: rating(doc.white_points, doc.white_rd, doc.white_volatility)?,
                    black: rating(doc.black_points, doc.black_rd, doc.black_volatility)?,
                }
            }
        })
    }
}

// ------------------------------------------------------------------ service

/// The systems a service serves.
#[derive(Debug, Clone)]
pub struct PointsOptions {
    /// Point systems, by their names (the built-in ones by default).
    pub systems: Vec<PointSystem>,
    /// Glicko-2's parameters, served as [`GLICKO2`] (`None`: not served).
    pub glicko2: Option<Glicko2>,
}

impl Default for PointsOptions {
    /// Every built-in point system, and Glicko-2 with the built-in τ.
    fn default() -> Self {
        PointsOptions {
            systems: PointSystem::builtin_names()
                .into_iter()
                .filter_map(|n| PointSystem::builtin(n).ok())
                .collect(),
            glicko2: Some(Glicko2::builtin()),
        }
    }
}

/// Batch sizes the writer has committed so far.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BatchStats {
    /// Transactions committed.
    pub batches: u64,
    /// Games applied in them (replays and refused games not counted).
    pub games: u64,
    /// The largest batch.
    pub largest: u64,
    /// `histogram[i]`: batches of 2^i to 2^(i+1) − 1 games.
    pub histogram: Vec<u64>,
}

#[derive(Debug, Default)]
struct Stats {
    batches: AtomicU64,
    games: AtomicU64,
    largest: AtomicU64,
    histogram: [AtomicU64; 16],
}

impl Stats {
    fn record(&self, n: usize) {
        let n = n as u64;
        self.batches.fetch_add(1, Ordering::Relaxed);
        self.games.fetch_add(n, Ordering::Relaxed);
        self.largest.fetch_max(n, Ordering::Relaxed);
        let bucket = (63 - n.max(1).leading_zeros() as usize).min(15);
        self.histogram[bucket].fetch_add(1, Ordering::Relaxed);
    }
}

/// A job for the writer.
struct Job {
    system: usize,
    game: PointsGame,
    result: GameResult,
    leaver: Option<Colour>,
    draw_offer: Option<Colour>,
    request: String,
    reply: oneshot::Sender<Result<GameOutcome, PointsError>>,
}

/// The durable, idempotent point store (see the [module](self) docs).
/// Cheap to clone; the writer stops when the last clone is dropped.
#[derive(Clone)]
pub struct PointsService {
    tx: mpsc::UnboundedSender<Job>,
    names: Arc<HashMap<String, usize>>,
    stats: Arc<Stats>,
}

impl std::fmt::Debug for PointsService {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PointsService")
            .field("systems", &self.system_names())
            .finish()
    }
}

impl PointsService {
    /// Starts the writer over `store` with [`PointsOptions::default`]: every
    /// built-in point system and Glicko-2. Must be called inside a tokio
    /// runtime.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn start(store: &Store) -> Result<PointsService, StoreError> {
        Self::start_with(store, PointsOptions::default()).await
    }

    /// Starts the writer with the given systems.
    ///
    /// # Errors
    /// The database cannot be read.
    pub async fn start_with(
        store: &Store,
        options: PointsOptions,
    ) -> Result<PointsService, StoreError> {
        let mut engines = Vec::new();
        let mut names = HashMap::new();
        for system in options.systems {
            names.insert(system.name().to_owned(), engines.len());
            engines.push(Engine::Points {
                system: Box::new(system),
                players: PlayerStore::new(),
            });
        }
        if let Some(g) = options.glicko2 {
            names.insert(GLICKO2.to_owned(), engines.len());
            engines.push(Engine::Glicko2 {
                players: Glicko2Store::new(g),
                games: HashMap::new(),
            });
        }
        let next_seq = next_seq(&store.pool).await?;
        let (tx, rx) = mpsc::unbounded_channel();
        let stats = Arc::new(Stats::default());
        let writer = Writer {
            pool: store.pool.clone(),
            backend: store.backend(),
            names: engines.iter().map(|_| String::new()).collect(),
            engines,
            next_seq,
            stats: Arc::clone(&stats),
        };
        let mut writer = writer;
        for (name, &i) in &names {
            writer.names[i] = name.clone();
        }
        tokio::spawn(writer.run(rx));
        Ok(PointsService {
            tx,
            names: Arc::new(names),
            stats,
        })
    }

    /// The systems served, sorted.
    pub fn system_names(&self) -> Vec<&str> {
        let mut v: Vec<&str> = self.names.keys().map(String::as_str).collect();
        v.sort_unstable();
        v
    }

    /// Applies one game to `system`, durably: returns once the game (and
    /// both players' new states) are committed — or, for a game id applied
    /// before, the stored answer with [`GameOutcome::replayed`] set.
    ///
    /// # Errors
    /// [`PointsError::UnknownSystem`], [`PointsError::InvalidGame`] (a field
    /// named), [`PointsError::Rejected`] (the system refused the game),
    /// [`PointsError::Store`] (not stored; posting again is safe),
    /// [`PointsError::Stopped`].
    pub async fn apply(&self, system: &str, game: PointsGame) -> Result<GameOutcome, PointsError> {
        let Some(&index) = self.names.get(system) else {
            return Err(PointsError::UnknownSystem {
                name: system.to_owned(),
                known: self.system_names().join(", "),
            });
        };
        let invalid = |field, message: &str| PointsError::InvalidGame {
            id: game.id.clone(),
            field,
            message: message.to_owned(),
        };
        if game.id.is_empty() {
            return Err(invalid("id", "empty game id"));
        }
        for (field, text) in [
            ("id", &game.id),
            ("white", &game.white),
            ("black", &game.black),
        ] {
            if text.contains('\0') {
                return Err(invalid(field, "contains a NUL character"));
            }
        }
        if game.white.is_empty() {
            return Err(invalid("white", "empty player id"));
        }
        if game.black.is_empty() {
            return Err(invalid("black", "empty player id"));
        }
        let Some((result, leaver)) = GameResult::parse(&game.result) else {
            return Err(invalid(
                "result",
                &format!(
                    "`{}` is not a result; expected \"1-0\", \"0-1\", \"1/2-1/2\", \"+-\" or \"-+\"",
                    game.result
                ),
            ));
        };
        let draw_offer = match game
            .draw_offer
            .as_deref()
            .map(|n| (n, Colour::from_code(n)))
        {
            None => None,
            Some((_, Some(side))) => Some(side),
            Some((other, None)) => {
                return Err(invalid(
                    "draw_offer",
                    &format!(
                        "`{other}` is not a side; expected \"white\" (or \"red\") or \"black\""
                    ),
                ));
            }
        };
        let request = serde_json::to_string(&game).map_err(|e| invalid("id", &e.to_string()))?;
        let (reply, answer) = oneshot::channel();
        self.tx
            .send(Job {
                system: index,
                game,
                result,
                leaver,
                draw_offer,
                request,
                reply,
            })
            .map_err(|_| PointsError::Stopped)?;
        answer.await.map_err(|_| PointsError::Stopped)?
    }

    /// The batch sizes committed so far (for benchmarks and monitoring).
    pub fn batch_stats(&self) -> BatchStats {
        let s = &self.stats;
        let mut histogram: Vec<u64> = s
            .histogram
            .iter()
            .map(|h| h.load(Ordering::Relaxed))
            .collect();
        while histogram.last() == Some(&0) {
            histogram.pop();
        }
        BatchStats {
            batches: s.batches.load(Ordering::Relaxed),
            games: s.games.load(Ordering::Relaxed),
            largest: s.largest.load(Ordering::Relaxed),
            histogram,
        }
    }
}

// ------------------------------------------------------------------- writer

/// One system's rules and its cache of player states (write-through: every
/// state in it is the committed one, or the one the running batch is about
/// to commit).
enum Engine {
    Points {
        system: Box<PointSystem>,
        players: PlayerStore,
    },
    Glicko2 {
        players: Glicko2Store,
        /// Scored games per player (Glicko2Store keeps ratings only).
        games: HashMap<String, u32>,
    },
}

impl Engine {
    fn knows(&self, player: &str) -> bool {
        match self {
            Engine::Points { players, .. } => players.get(player).is_some(),
            Engine::Glicko2 { players, .. } => players.get(player).is_some(),
        }
    }

    /// Forgets every cached state (after a failed commit).
    fn clear(&mut self) {
        match self {
            Engine::Points { players, .. } => *players = PlayerStore::new(),
            Engine::Glicko2 { players, games } => {
                *players = Glicko2Store::new(*players.system());
                games.clear();
            }
        }
    }

    /// Loads one stored player into the cache.
    fn load(
        &mut self,
        id: String,
        points: String,
        rd: Option<String>,
        volatility: Option<String>,
        games: i64,
    ) -> Result<(), StoreError> {
        let games = u32::try_from(games).map_err(|_| StoreError::Corrupt {
            what: format!("points_players: player `{id}` has {games} games"),
        })?;
        match self {
            Engine::Points { players, .. } => {
                players.insert(
                    &id,
                    PlayerRecord {
                        points: crate::dec(&points)?,
                        games,
                    },
                );
            }
            Engine::Glicko2 {
                players,
                games: counts,
            } => {
                let float = |text: Option<String>, what: &str| -> Result<f64, StoreError> {
                    text.as_deref()
                        .and_then(|t| f64::from_str(t).ok())
                        .ok_or_else(|| StoreError::Corrupt {
                            what: format!("points_players: player `{id}` has no valid {what}"),
                        })
                };
                let rating = Rating {
                    rating: float(Some(points), "rating")?,
                    rd: float(rd, "rd")?,
                    volatility: float(volatility, "volatility")?,
                };
                players.insert(&id, rating);
                counts.insert(id, games);
            }
        }
        Ok(())
    }

    /// Applies one game to the cache; on error the cache is untouched.
    fn apply(&mut self, job: &Job) -> Result<Change, OnlineError> {
        let g = &job.game;
        match self {
            Engine::Points { system, players } => {
                let online = OnlineGame {
                    id: &g.id,
                    white: &g.white,
                    black: &g.black,
                    result: job.result,
                    plies: g.plies,
                    left_by_force: job.leaver,
                    draw_offered_by: job.draw_offer,
                };
                let c = system.apply(players, &online)?;
                Ok(Change::Points {
                    scored: c.scored,
                    white_change: c.white_change,
                    black_change: c.black_change,
                    white_points: c.white_points,
                    black_points: c.black_points,
                    white_level: c.white_level.to_owned(),
                    black_level: c.black_level.to_owned(),
                })
            }
            Engine::Glicko2 { players, games } => {
                let unrated = players.system().unrated();
                let w0 = players.get(&g.white).copied().unwrap_or(unrated);
                let b0 = players.get(&g.black).copied().unwrap_or(unrated);
                let score = f64::from(job.result.white_score_x2()) / 2.0;
                let (w, b) = players.rate_game(&g.white, &g.black, score)?;
                for id in [&g.white, &g.black] {
                    *games.entry(id.clone()).or_insert(0) += 1;
                }
                Ok(Change::Glicko2 {
                    white_change: w.rating - w0.rating,
                    black_change: b.rating - b0.rating,
                    white: w,
                    black: b,
                })
            }
        }
    }

    /// A cached player's row: (points, level, rd, volatility, games).
    fn row(&self, player: &str) -> Option<PlayerRow> {
        match self {
            Engine::Points { system, players } => players.get(player).map(|r| PlayerRow {
                points: r.points.to_string(),
                level: Some(system.level_of(r.points).to_owned()),
                rd: None,
                volatility: None,
                games: i64::from(r.games),
            }),
            Engine::Glicko2 { players, games } => players.get(player).map(|r| PlayerRow {
                points: r.rating.to_string(),
                level: None,
                rd: Some(r.rd.to_string()),
                volatility: Some(r.volatility.to_string()),
                games: i64::from(games.get(player).copied().unwrap_or(0)),
            }),
        }
    }
}

struct PlayerRow {
    points: String,
    level: Option<String>,
    rd: Option<String>,
    volatility: Option<String>,
    games: i64,
}

/// What became of one job of a batch, before the commit.
enum Pending {
    /// Answered already (stored answer, refused game).
    Done(Result<GameOutcome, PointsError>),
    /// Applied; answered once the batch commits.
    New(GameOutcome),
    /// The same game id as job `i` of this batch.
    SameAs(usize),
}

struct Writer {
    pool: AnyPool,
    backend: Backend,
    names: Vec<String>,
    engines: Vec<Engine>,
    next_seq: i64,
    stats: Arc<Stats>,
}

impl Writer {
    async fn run(mut self, mut rx: mpsc::UnboundedReceiver<Job>) {
        let mut batch = Vec::with_capacity(MAX_BATCH);
        while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
            // The callers just answered are posting their next games: give
            // them a moment to join this batch instead of the next one.
            for _ in 0..2 {
                tokio::task::yield_now().await;
                while batch.len() < MAX_BATCH {
                    match rx.try_recv() {
                        Ok(job) => batch.push(job),
                        Err(_) => break,
                    }
                }
            }
            self.batch(std::mem::take(&mut batch)).await;
        }
    }

    /// Applies one batch in ONE transaction and answers every job.
    async fn batch(&mut self, jobs: Vec<Job>) {
        let outcome = self.apply_batch(&jobs).await;
        let mut answers: Vec<Option<Result<GameOutcome, PointsError>>> = Vec::new();
        match outcome {
            Ok(pending) => {
                for p in pending {
                    let answer = match p {
                        Pending::Done(r) => r,
                        Pending::New(o) => Ok(o),
                        Pending::SameAs(i) => match &answers[i] {
                            Some(Ok(o)) => Ok(GameOutcome {
                                replayed: true,
                                ..o.clone()
                            }),
                            Some(Err(e)) => Err(e.clone()),
                            None => Err(PointsError::Stopped),
                        },
                    };
                    answers.push(Some(answer));
                }
            }
            Err(e) => {
                // Nothing of the batch is stored (and `apply_batch` forgot
                // the cache, which may hold states that never reached the
                // database).
                answers = jobs.iter().map(|_| Some(Err(e.clone()))).collect();
            }
        }
        for (job, answer) in jobs.into_iter().zip(answers) {
            if let Some(a) = answer {
                // The caller may have gone; the game stays applied.
                let _ = job.reply.send(a);
            }
        }
    }

    /// Applies one batch in one transaction (see [`Writer::locked_batch`]);
    /// on failure rolls back and forgets the cache, which may hold states
    /// that never reached the database.
    async fn apply_batch(&mut self, jobs: &[Job]) -> Result<Vec<Pending>, PointsError> {
        let mut conn = self.pool.acquire().await?;
        let mut began = false;
        let result = self.locked_batch(&mut conn, jobs, &mut began).await;
        if result.is_err() {
            if began && conn.execute("ROLLBACK").await.is_err() {
                // A connection in an unknown state must not go back to the pool.
                drop(conn.detach());
            }
            for engine in &mut self.engines {
                engine.clear();
            }
        }
        result
    }

    /// The batch's transaction. It begins with the database's write lock
    /// for the point tables (SQLite: `BEGIN IMMEDIATE`; PostgreSQL: the
    /// advisory lock [`PG_POINTS_LOCK`]), so from then on nobody else
    /// commits a game until this one commits. Everything read after that is
    /// current: the games of the batch applied before, the players the
    /// cache has not met, and the last `seq`. When that `seq` is not the
    /// last one this writer committed, another writer (another process)
    /// committed since: the cache may be stale, so it is forgotten and every
    /// player of the batch read again. `began` is set once a transaction
    /// may be open on `conn` (the caller rolls it back on error).
    async fn locked_batch(
        &mut self,
        conn: &mut PoolConnection<Any>,
        jobs: &[Job],
        began: &mut bool,
    ) -> Result<Vec<Pending>, PointsError> {
        *began = true;
        conn.execute(match self.backend {
            Backend::Sqlite => "BEGIN IMMEDIATE",
            Backend::Postgres => PG_BEGIN_LOCKED,
        })
        .await?;
        let (last, mut rows) = self.read(conn, jobs).await?;
        if last + 1 != self.next_seq {
            for engine in &mut self.engines {
                engine.clear();
            }
            self.next_seq = last + 1;
            rows = self.read(conn, jobs).await?.1;
        }
        // Games applied before, per system: id → (seq, response).
        let mut stored: Vec<HashMap<String, (i64, String)>> =
            self.engines.iter().map(|_| HashMap::new()).collect();
        let index: HashMap<&str, usize> = self
            .names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.as_str(), i))
            .collect();
        for row in rows {
            let kind: String = row.try_get(0)?;
            if kind == "s" {
                continue;
            }
            let system: String = row.try_get(1)?;
            let id: String = row.try_get(2)?;
            let n: i64 = row.try_get(3)?;
            let a: String = row.try_get(4)?;
            let Some(&s) = index.get(system.as_str()) else {
                continue;
            };
            if kind == "g" {
                stored[s].insert(id, (n, a));
            } else {
                self.engines[s].load(id, a, row.try_get(5)?, row.try_get(6)?, n)?;
            }
        }
        // Apply in arrival order.
        let mut pending = Vec::with_capacity(jobs.len());
        let mut first: HashMap<(usize, &str), usize> = HashMap::new();
        let mut touched: HashSet<(usize, &str)> = HashSet::new();
        // The jobs applied now (indexes into `jobs` and `pending` alike).
        let mut new_games: Vec<usize> = Vec::new();
        for (i, job) in jobs.iter().enumerate() {
            let id = job.game.id.as_str();
            if let Some((seq, body)) = stored[job.system].get(id) {
                pending.push(Pending::Done(
                    Change::parse(body)
                        .map(|change| GameOutcome {
                            game_id: id.to_owned(),
                            seq: *seq,
                            replayed: true,
                            body: body.clone(),
                            change,
                        })
                        .map_err(PointsError::from),
                ));
                continue;
            }
            if let Some(&j) = first.get(&(job.system, id)) {
                pending.push(Pending::SameAs(j));
                continue;
            }
            first.insert((job.system, id), i);
            match self.engines[job.system].apply(job) {
                Ok(change) => {
                    let seq = self.next_seq + new_games.len() as i64;
                    touched.insert((job.system, &job.game.white));
                    touched.insert((job.system, &job.game.black));
                    new_games.push(i);
                    pending.push(Pending::New(GameOutcome {
                        game_id: id.to_owned(),
                        seq,
                        replayed: false,
                        body: change.body(id),
                        change,
                    }));
                }
                Err(e) => pending.push(Pending::Done(Err(PointsError::Rejected(e)))),
            }
        }
        if new_games.is_empty() {
            // Nothing to write: end the transaction, free the lock.
            conn.execute("COMMIT").await?;
            return Ok(pending);
        }
        // One write: the rest of the transaction as one script of literals.
        let script = self.script(jobs, &pending, &new_games, &touched, &now_text());
        conn.execute(script.as_str()).await?;
        self.next_seq += new_games.len() as i64;
        self.stats.record(new_games.len());
        Ok(pending)
    }

    /// One read inside the batch's transaction: the last `seq` committed,
    /// the games of the batch applied before and the players the cache has
    /// never met. Values are inlined as escaped literals (see `lit`): one
    /// round trip, nothing to prepare.
    async fn read(
        &self,
        conn: &mut PoolConnection<Any>,
        jobs: &[Job],
    ) -> Result<(i64, Vec<AnyRow>), PointsError> {
        let mut by_system: Vec<(Vec<&str>, Vec<&str>)> = self
            .engines
            .iter()
            .map(|_| (Vec::new(), Vec::new()))
            .collect();
        for job in jobs {
            let (ids, players) = &mut by_system[job.system];
            ids.push(&job.game.id);
            let engine = &self.engines[job.system];
            for p in [&job.game.white, &job.game.black] {
                if !engine.knows(p) {
                    players.push(p);
                }
            }
        }
        let mut sql = String::from(
            "SELECT 's', CAST(NULL AS TEXT), CAST(NULL AS TEXT), COALESCE(MAX(seq), 0), \
             CAST(NULL AS TEXT), CAST(NULL AS TEXT), CAST(NULL AS TEXT) FROM points_games",
        );
        for (s, (ids, players)) in by_system.iter_mut().enumerate() {
            for (list, select) in [
                (
                    ids,
                    "SELECT 'g', system, game_id, seq, response, CAST(NULL AS TEXT), \
                     CAST(NULL AS TEXT) \
                     FROM points_games WHERE system = ",
                ),
                (
                    players,
                    "SELECT 'p', system, player_id, games, points, rd, volatility \
                     FROM points_players WHERE system = ",
                ),
            ] {
                if list.is_empty() {
                    continue;
                }
                list.sort_unstable();
                list.dedup();
                sql.push_str(" UNION ALL ");
                sql.push_str(select);
                lit(&mut sql, &self.names[s]);
                sql.push_str(if select.contains("points_games") {
                    " AND game_id IN ("
                } else {
                    " AND player_id IN ("
                });
                for (i, v) in list.iter().enumerate() {
                    if i > 0 {
                        sql.push(',');
                    }
                    lit(&mut sql, v);
                }
                sql.push(')');
            }
        }
        let rows = conn.fetch_all(sql.as_str()).await?;
        let mut last = None;
        for row in &rows {
            if row.try_get::<String, _>(0)? == "s" {
                last = Some(row.try_get::<i64, _>(3)?);
            }
        }
        let last = last.ok_or_else(|| StoreError::Corrupt {
            what: "points_games: no MAX(seq) row".to_owned(),
        })?;
        Ok((last, rows))
    }

    /// The rest of a batch's transaction, once locked and read: the new
    /// games, the players' new states, `COMMIT`.
    fn script(
        &self,
        jobs: &[Job],
        pending: &[Pending],
        new_games: &[usize],
        touched: &HashSet<(usize, &str)>,
        now: &str,
    ) -> String {
        let mut sql = String::with_capacity(new_games.len() * 600 + 256);
        for chunk in new_games.chunks(ROWS_PER_STATEMENT) {
            sql.push_str(
                "INSERT INTO points_games (system, game_id, seq, request, response, applied_at) \
                 VALUES ",
            );
            for (i, &j) in chunk.iter().enumerate() {
                let job = &jobs[j];
                let Pending::New(o) = &pending[j] else {
                    continue;
                };
                sql.push_str(if i == 0 { "(" } else { ",\n(" });
                lit(&mut sql, &self.names[job.system]);
                sql.push(',');
                lit(&mut sql, &job.game.id);
                let _ = write!(sql, ",{},", o.seq);
                lit(&mut sql, &job.request);
                sql.push(',');
                lit(&mut sql, &o.body);
                sql.push(',');
                lit(&mut sql, now);
                sql.push(')');
            }
            sql.push_str(";\n");
        }
        let mut rows: Vec<(usize, &str, PlayerRow)> = touched
            .iter()
            .filter_map(|&(s, p)| self.engines[s].row(p).map(|r| (s, p, r)))
            .collect();
        rows.sort_unstable_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
        for chunk in rows.chunks(ROWS_PER_STATEMENT) {
            sql.push_str(
                "INSERT INTO points_players \
                 (system, player_id, points, level, rd, volatility, games, updated) VALUES ",
            );
            for (i, (s, p, r)) in chunk.iter().enumerate() {
                sql.push_str(if i == 0 { "(" } else { ",\n(" });
                lit(&mut sql, &self.names[*s]);
                sql.push(',');
                lit(&mut sql, p);
                sql.push(',');
                lit(&mut sql, &r.points);
                for v in [&r.level, &r.rd, &r.volatility] {
                    sql.push(',');
                    match v {
                        Some(v) => lit(&mut sql, v),
                        None => sql.push_str("NULL"),
                    }
                }
                let _ = write!(sql, ",{},", r.games);
                lit(&mut sql, now);
                sql.push(')');
            }
            sql.push_str(
                "\nON CONFLICT (system, player_id) DO UPDATE SET points = excluded.points, \
                 level = excluded.level, rd = excluded.rd, volatility = excluded.volatility, \
                 games = excluded.games, updated = excluded.updated;\n",
            );
        }
        sql.push_str("COMMIT;");
        sql
    }
}

/// The last `seq` committed, plus one.
async fn next_seq(pool: &AnyPool) -> Result<i64, StoreError> {
    let last: Option<i64> = sqlx::query("SELECT MAX(seq) FROM points_games")
        .fetch_one(pool)
        .await?
        .try_get(0)?;
    Ok(last.unwrap_or(0) + 1)
}

/// Appends `text` as an SQL string literal: in single quotes, each quote
/// doubled — the standard form, read verbatim by SQLite and by PostgreSQL
/// (`standard_conforming_strings`, on by default since 9.1, so backslashes
/// are plain characters). A NUL, which neither database keeps in text,
/// cannot reach here in an id ([`PointsService::apply`] refuses it); in any
/// other text it becomes U+FFFD.
fn lit(out: &mut String, text: &str) {
    out.reserve(text.len() + 2);
    out.push('\'');
    for c in text.chars() {
        match c {
            '\'' => out.push_str("''"),
            '\0' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out.push('\'');
}

/// Now, RFC 3339 UTC to the microsecond (`chrono` is built without its
/// clock here, so the time comes from the standard library).
fn now_text() -> String {
    let d = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    let secs = i64::try_from(d.as_secs()).unwrap_or(0);
    chrono::DateTime::from_timestamp(secs, d.subsec_nanos())
        .map(|t| t.format("%Y-%m-%dT%H:%M:%S%.6fZ").to_string())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lock_statement_takes_the_points_lock() {
        assert!(PG_BEGIN_LOCKED.contains(&format!("pg_advisory_xact_lock({PG_POINTS_LOCK})")));
    }

    #[test]
    fn literals_are_quoted() {
        let mut out = String::new();
        lit(&mut out, "o'brien'); DROP TABLE points_games; --\\");
        assert_eq!(out, "'o''brien''); DROP TABLE points_games; --\\'");
    }

    #[test]
    fn bodies_read_back_exactly() {
        let c = Change::Points {
            scored: true,
            white_change: Decimal::new(-240, 2),
            black_change: Decimal::new(2400, 3),
            white_points: Decimal::new(9740, 2),
            black_points: Decimal::ZERO,
            white_level: "无级别".into(),
            black_level: "30级".into(),
        };
        let body = c.body("g\"1");
        assert_eq!(
            body,
            r#"{"id":"g\"1","scored":true,"white_change":-2.4,"black_change":2.4,"white_points":97.4,"black_points":0,"white_level":"无级别","black_level":"30级"}"#
        );
        let back = Change::parse(&body).unwrap();
        // Equal as decimals (the text drops trailing zeros).
        assert_eq!(back, c);
    }
}
