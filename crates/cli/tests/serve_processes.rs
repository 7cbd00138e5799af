//! Several `qiyuan serve` processes on one PostgreSQL database (issue 16
//! item 5), as an operator runs them behind a reverse proxy: three OS
//! processes of the real binary, started at the same moment on an empty
//! database (so they also race to migrate it), sharing nothing but the
//! database.
//!
//! - 50 clients post point games over HTTP to the three processes in turn
//!   (every tenth game is posted by every client, so one game reaches all
//!   three processes at once). Afterwards every game was applied once and
//!   answered alike everywhere, the log's `seq` runs without gaps, and every
//!   player's total equals a serial replay of the log in game order with
//!   the pure rating crate: no update lost, none counted twice.
//! - Two processes pair the same round of one event at once: one round is
//!   stored, the other request is a conflict. Two processes enter different
//!   results for the same game from the same version: one is stored, the
//!   other is a conflict naming the game and the stored result.
//!
//! Skipped, with a note, when `QIYUAN_TEST_POSTGRES_URL` is unset (CI sets
//! it). The same properties without HTTP, on SQLite and PostgreSQL:
//! `crates/store/tests/points.rs`; the desk's in one process:
//! `crates/server/tests/api_concurrency.rs`.

use std::collections::HashMap;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::str::FromStr;
use std::time::Duration;

use qiyuan_rating::online::{Colour, GameResult, OnlineGame, PlayerStore, PointSystem};
use rust_decimal::Decimal;
use serde_json::{Value, json};
use sqlx::Connection;

const BIN: &str = env!("CARGO_BIN_EXE_qiyuan");
const SYSTEM: &str = "qq-xiangqi-elo";
const SERVERS: usize = 3;
const CLIENTS: usize = 50;
/// Games each client posts; every tenth is a game every client posts.
const PER_CLIENT: usize = 40;
const PLAYERS: u64 = 30;

/// A `qiyuan serve` process, killed when dropped.
struct Server {
    child: Child,
    base: String,
    log: std::path::PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts `qiyuan serve` on a free port of loopback, on `database`, its
/// output written to a file in `dir`.
fn spawn(database: &str, dir: &Path, k: usize) -> Server {
    let port = free_port();
    let log = dir.join(format!("serve-{k}.log"));
    let out = std::fs::File::create(&log).unwrap();
    let child = Command::new(BIN)
        .args(["serve", "--addr", &format!("127.0.0.1:{port}")])
        .args(["--database", database])
        .env("QIYUAN_DATA_DIR", dir)
        .stdin(Stdio::null())
        .stdout(out.try_clone().unwrap())
        .stderr(out)
        .spawn()
        .unwrap();
    Server {
        child,
        base: format!("http://127.0.0.1:{port}"),
        log,
    }
}

/// Waits until `server` answers its health check; fails with its output if
/// it exits first.
async fn ready(server: &mut Server) {
    let client = reqwest::Client::new();
    for _ in 0..600 {
        if let Some(status) = server.child.try_wait().unwrap() {
            panic!(
                "qiyuan serve exited with {status}:\n{}",
                std::fs::read_to_string(&server.log).unwrap_or_default()
            );
        }
        if let Ok(r) = client
            .get(format!("{}/api/v1/health", server.base))
            .send()
            .await
            && r.status().is_success()
        {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!(
        "qiyuan serve did not answer within a minute:\n{}",
        std::fs::read_to_string(&server.log).unwrap_or_default()
    );
}

/// A fresh PostgreSQL database beside `QIYUAN_TEST_POSTGRES_URL`'s.
async fn new_postgres_database() -> Option<String> {
    let base_url = std::env::var("QIYUAN_TEST_POSTGRES_URL").ok()?;
    if base_url.is_empty() {
        return None;
    }
    let (head, _) = base_url.rsplit_once('/').unwrap();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    let name = format!("qiyuan_cli_processes_{}_{nanos}", std::process::id());
    let mut conn = sqlx::PgConnection::connect(&base_url).await.unwrap();
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    Some(format!("{head}/{name}"))
}

/// `qiyuan token create --role ROLE` on `database`: the token printed.
fn token(database: &str, dir: &Path, role: &str) -> String {
    let out = Command::new(BIN)
        .args(["token", "create", "--role", role, "--label", role])
        .args(["--database", database])
        .env("QIYUAN_DATA_DIR", dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// A small deterministic generator (64-bit LCG, Knuth's MMIX constants).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// A game between two of the players, drawn from `rng`.
fn random_game(rng: &mut Lcg, id: &str) -> Value {
    let w = rng.next(PLAYERS);
    let b = (w + 1 + rng.next(PLAYERS - 1)) % PLAYERS;
    let result = ["1-0", "0-1", "1/2-1/2", "+-", "-+"][rng.next(5) as usize];
    json!({
        "id": id, "red": format!("p{w}"), "black": format!("p{b}"),
        "result": result, "plies": 10 + rng.next(150),
    })
}

/// The API's result codes, read independently of the server's parser.
fn parse_result(s: &str) -> (GameResult, Option<Colour>) {
    match s {
        "1-0" => (GameResult::WhiteWins, None),
        "0-1" => (GameResult::BlackWins, None),
        "1/2-1/2" => (GameResult::Draw, None),
        "+-" => (GameResult::WhiteWins, Some(Colour::Black)),
        "-+" => (GameResult::BlackWins, Some(Colour::White)),
        other => panic!("{other}"),
    }
}

fn dec(v: &Value) -> Decimal {
    Decimal::from_str(&v.to_string()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn three_serve_processes_on_one_postgres_stay_correct() {
    let Some(url) = new_postgres_database().await else {
        eprintln!(
            "three_serve_processes_on_one_postgres_stay_correct: skipped \
             (QIYUAN_TEST_POSTGRES_URL not set)"
        );
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    // All three at once on the empty database: they race to migrate it.
    let mut servers: Vec<Server> = (0..SERVERS).map(|k| spawn(&url, dir.path(), k)).collect();
    for s in &mut servers {
        ready(s).await;
    }
    let officer = token(&url, dir.path(), "officer");
    let bases: Vec<String> = servers.iter().map(|s| s.base.clone()).collect();

    // ---- point games from 50 clients over the three processes
    let mut tasks = Vec::new();
    for c in 0..CLIENTS {
        let (bases, officer) = (bases.clone(), officer.clone());
        tasks.push(tokio::spawn(async move {
            let client = reqwest::Client::new();
            let mut rng = Lcg(c as u64 + 1);
            let mut answers = Vec::new();
            for i in 0..PER_CLIENT {
                let game = if i % 10 == 0 {
                    let k = i / 10;
                    random_game(&mut Lcg(k as u64 + 5_000), &format!("shared-{k}"))
                } else {
                    random_game(&mut rng, &format!("c{c}-{i}"))
                };
                let base = &bases[(c + i) % SERVERS];
                let resp = client
                    .post(format!("{base}/api/v1/points/{SYSTEM}"))
                    .bearer_auth(&officer)
                    .json(&game)
                    .send()
                    .await
                    .unwrap();
                let status = resp.status();
                let replayed = resp.headers()["x-qiyuan-replayed"] == "true";
                let body: Value = resp.json().await.unwrap();
                assert_eq!(status, 200, "{game}: {body}");
                answers.push((game["id"].as_str().unwrap().to_owned(), replayed, body));
            }
            answers
        }));
    }
    let mut answered: HashMap<String, Vec<(bool, Value)>> = HashMap::new();
    for t in tasks {
        for (id, replayed, body) in t.await.unwrap() {
            answered.entry(id).or_default().push((replayed, body));
        }
    }
    let shared = PER_CLIENT / 10;
    let distinct = CLIENTS * (PER_CLIENT - shared) + shared;
    assert_eq!(answered.len(), distinct);
    for (id, answers) in &answered {
        assert_eq!(answers.iter().filter(|(r, _)| !r).count(), 1, "{id}");
        assert!(answers.iter().all(|(_, b)| b == &answers[0].1), "{id}");
    }

    // The serial replay of the stored log, in game order.
    let mut db = sqlx::PgConnection::connect(&url).await.unwrap();
    let log: Vec<(String, i64, String, String)> = sqlx::query_as(
        "SELECT game_id, seq, request, response FROM points_games WHERE system = $1 ORDER BY seq",
    )
    .bind(SYSTEM)
    .fetch_all(&mut db)
    .await
    .unwrap();
    assert_eq!(log.len(), distinct);
    let system = PointSystem::builtin(SYSTEM).unwrap();
    let mut replay = PlayerStore::new();
    for (k, (id, seq, request, response)) in log.iter().enumerate() {
        assert_eq!(*seq, k as i64 + 1, "seq runs from 1 without gaps");
        let g: Value = serde_json::from_str(request).unwrap();
        let (result, leaver) = parse_result(g["result"].as_str().unwrap());
        let c = system
            .apply(
                &mut replay,
                &OnlineGame {
                    id,
                    white: g["white"].as_str().unwrap(),
                    black: g["black"].as_str().unwrap(),
                    result,
                    plies: g["plies"].as_u64().map(|p| p as u32),
                    left_by_force: leaver,
                    draw_offered_by: None,
                },
            )
            .unwrap();
        let stored: Value = serde_json::from_str(response).unwrap();
        assert_eq!(dec(&stored["white_points"]), c.white_points, "game {id}");
        assert_eq!(dec(&stored["black_points"]), c.black_points, "game {id}");
        assert_eq!(answered[id][0].1, stored, "game {id}");
    }
    let rows: Vec<(String, String, i64)> =
        sqlx::query_as("SELECT player_id, points, games FROM points_players WHERE system = $1")
            .bind(SYSTEM)
            .fetch_all(&mut db)
            .await
            .unwrap();
    assert_eq!(rows.len(), replay.len());
    for (player, points, games) in rows {
        let r = replay.get(&player).unwrap();
        assert_eq!(Decimal::from_str(&points).unwrap(), r.points, "{player}");
        assert_eq!(games, i64::from(r.games), "{player}");
    }

    // ---- one round paired from two processes at once
    // An administrator's token (an arbiter's reaches only the events of
    // its account; a token without one creates none).
    let arbiter = token(&url, dir.path(), "admin");
    let client = reqwest::Client::new();
    let players: Vec<Value> = (1..=12)
        .map(|i| json!({"id": i, "name": format!("P{i}"), "sex": "m", "rating": 1800 + 10 * i}))
        .collect();
    let resp = client
        .post(format!("{}/api/v1/events", bases[0]))
        .bearer_auth(&arbiter)
        .json(&json!({
            "name": "Two desks", "game": "xiangqi", "system": "swiss",
            "players": players, "games": [], "settings": {"rounds": 5}
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 201);
    let id = resp.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let pair = |base: String| {
        let (client, arbiter) = (client.clone(), arbiter.clone());
        async move {
            let resp = client
                .post(format!("{base}/api/v1/events/{id}/rounds"))
                .bearer_auth(arbiter)
                .send()
                .await
                .unwrap();
            (resp.status().as_u16(), resp.json::<Value>().await.unwrap())
        }
    };
    let (a, b) = tokio::join!(pair(bases[0].clone()), pair(bases[1].clone()));
    let mut statuses = [a.0, b.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [201, 409], "{a:?} {b:?}");
    let conflict = if a.0 == 409 { &a.1 } else { &b.1 };
    // The conflict names the round, in each language in that language.
    assert_eq!(conflict["error"], "conflict", "{conflict}");
    assert!(
        conflict["message"]
            .as_str()
            .unwrap()
            .starts_with("round 1 "),
        "{conflict}"
    );
    let zh = conflict["message_zh"].as_str().unwrap();
    assert!(zh.starts_with("第 1 轮"), "{conflict}");
    assert!(!zh.contains("round"), "no English in the Chinese: {zh}");
    let round = if a.0 == 201 { &a.1 } else { &b.1 };
    let (stored_rounds, stored_games): (i64, i64) = sqlx::query_as(
        "SELECT COUNT(DISTINCT round), COUNT(*) FROM desk_games WHERE event_id = $1",
    )
    .bind(id)
    .fetch_one(&mut db)
    .await
    .unwrap();
    assert_eq!(
        (stored_rounds, stored_games),
        (1, 6),
        "one round of six boards"
    );

    // ---- one game's result from two processes, both from version 0
    let game = round["games"][0]["id"].clone();
    let enter = |base: String, result: &'static str| {
        let (client, arbiter) = (client.clone(), arbiter.clone());
        let game = game.clone();
        async move {
            let resp = client
                .put(format!("{base}/api/v1/events/{id}/games/{game}"))
                .bearer_auth(arbiter)
                .json(&json!({"result": result, "expected_version": 0}))
                .send()
                .await
                .unwrap();
            (resp.status().as_u16(), resp.json::<Value>().await.unwrap())
        }
    };
    let (a, b) = tokio::join!(
        enter(bases[1].clone(), "1-0"),
        enter(bases[2].clone(), "0-1")
    );
    let mut statuses = [a.0, b.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{a:?} {b:?}");
    let (won, lost) = if a.0 == 200 { (&a, &b) } else { (&b, &a) };
    let stored_result = won.1["game"]["result"].clone();
    assert_eq!(lost.1["error"], "conflict");
    assert_eq!(lost.1["game"]["id"], game);
    assert_eq!(lost.1["current_result"], stored_result, "{}", lost.1);
    assert_eq!(lost.1["current_version"], 1);
    let (result, version): (String, i64) =
        sqlx::query_as("SELECT result, version FROM desk_games WHERE id = $1")
            .bind(game.as_i64().unwrap())
            .fetch_one(&mut db)
            .await
            .unwrap();
    assert_eq!(version, 1, "entered once");
    assert!(["1-0", "0-1"].contains(&result.as_str()), "{result}");
    db.close().await.unwrap();
    // The processes gone, the database goes too.
    drop(servers);
    let base_url = std::env::var("QIYUAN_TEST_POSTGRES_URL").unwrap();
    let mut conn = sqlx::PgConnection::connect(&base_url).await.unwrap();
    let name = url.rsplit_once('/').unwrap().1;
    sqlx::query(&format!("DROP DATABASE {name}"))
        .execute(&mut conn)
        .await
        .unwrap();
}
