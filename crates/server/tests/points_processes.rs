//! Several `qiyuan serve` processes on one PostgreSQL database (issue 16
//! item 5): three servers, each with its own `Store` (its own connection
//! pool) and its own `PointsService` writer — three processes in all but
//! the address space; they share nothing but the database — and 50 clients
//! posting point games over HTTP to all three in turn. Afterwards every
//! player's total is exactly that of replaying the games one by one in game
//! order (the order of `seq`), every answer is the stored response, and a
//! game posted to several servers at once was applied once.
//!
//! Skipped, with a note, when `QIYUAN_TEST_POSTGRES_URL` is unset (CI sets
//! it). The same property on SQLite and on PostgreSQL without HTTP:
//! `crates/store/tests/points.rs::services_on_separate_pools_equal_the_serial_replay`.

mod common;

use std::collections::HashMap;
use std::str::FromStr;

use qiyuan_rating::online::{GameResult, OnlineGame, PlayerStore, PointSystem, Side};
use qiyuan_server::auth::Role;
use qiyuan_store::Store;
use rust_decimal::Decimal;
use serde_json::Value;

const SYSTEM: &str = "qq-xiangqi-elo";
const SERVERS: usize = 3;
const CLIENTS: usize = 50;
/// Games each client posts; every tenth is a game every client posts.
const PER_CLIENT: usize = 60;
const PLAYERS: usize = 30;

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
    let w = rng.next(PLAYERS as u64);
    let b = (w + 1 + rng.next(PLAYERS as u64 - 1)) % PLAYERS as u64;
    let result = ["1-0", "0-1", "1/2-1/2", "+-", "-+"][rng.next(5) as usize];
    serde_json::json!({
        "id": id, "red": format!("p{w}"), "black": format!("p{b}"),
        "result": result, "plies": 10 + rng.next(150),
    })
}

fn parse_result(s: &str) -> (GameResult, Option<Side>) {
    match s {
        "1-0" => (GameResult::WhiteWins, None),
        "0-1" => (GameResult::BlackWins, None),
        "1/2-1/2" => (GameResult::Draw, None),
        "+-" => (GameResult::WhiteWins, Some(Side::Black)),
        "-+" => (GameResult::BlackWins, Some(Side::White)),
        other => panic!("{other}"),
    }
}

fn dec(v: &Value) -> Decimal {
    Decimal::from_str(&v.to_string()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn three_servers_on_one_postgres_equal_the_serial_replay() {
    let Some(url) = common::new_postgres_database("points3").await else {
        eprintln!("three_servers_on_one_postgres_equal_the_serial_replay: skipped");
        return;
    };
    let mut sites = Vec::new();
    let mut stops = Vec::new();
    for _ in 0..SERVERS {
        let store = Store::open(&url).await.unwrap();
        let (site, _state, stop) = common::serve(store, url.clone()).await;
        sites.push(site);
        stops.push(stop);
    }
    // One token (it lives in the shared database) for every server.
    let officer = sites[0].token("officer", Role::Officer).await;
    let bases: Vec<String> = sites.iter().map(|s| s.base_url.clone()).collect();

    let mut tasks = Vec::new();
    for c in 0..CLIENTS {
        let (bases, officer) = (bases.clone(), officer.clone());
        tasks.push(tokio::spawn(async move {
            let client = reqwest::Client::new();
            let mut rng = Lcg(c as u64 + 1);
            let mut answers = Vec::new();
            for i in 0..PER_CLIENT {
                let game = if i % 10 == 0 {
                    // The same game from every client, to all three servers.
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
        // Applied once; every other post got the same, stored answer.
        assert_eq!(answers.iter().filter(|(r, _)| !r).count(), 1, "{id}");
        assert!(answers.iter().all(|(_, b)| b == &answers[0].1), "{id}");
    }

    // The serial replay, in game order (seq), with the pure rating crate.
    let store = &sites[0].store;
    let log: Vec<(String, i64, String, String)> = sqlx::query_as(
        "SELECT game_id, seq, request, response FROM points_games WHERE system = $1 ORDER BY seq",
    )
    .bind(SYSTEM)
    .fetch_all(store.pool())
    .await
    .unwrap();
    assert_eq!(log.len(), distinct);
    let system = PointSystem::builtin(SYSTEM).unwrap();
    let mut replay = PlayerStore::new();
    for (k, (id, seq, request, response)) in log.iter().enumerate() {
        assert_eq!(*seq, k as i64 + 1, "seq runs from 1 without gaps");
        let g: Value = serde_json::from_str(request).unwrap();
        let (result, leaver) = parse_result(g["result"].as_str().unwrap());
        let plies = g["plies"].as_u64().map(|p| p as u32);
        let c = system
            .apply(
                &mut replay,
                &OnlineGame {
                    id,
                    white: g["white"].as_str().unwrap(),
                    black: g["black"].as_str().unwrap(),
                    result,
                    plies,
                    left_by_force: leaver,
                    draw_offered_by: None,
                },
            )
            .unwrap();
        let stored: Value = serde_json::from_str(response).unwrap();
        assert_eq!(dec(&stored["white_points"]), c.white_points, "game {id}");
        assert_eq!(dec(&stored["black_points"]), c.black_points, "game {id}");
        // The clients were answered what was stored.
        assert_eq!(answered[id][0].1, stored, "game {id}");
    }
    // Every player's stored total is the replay's: no update lost, none
    // counted twice.
    let rows: Vec<(String, String, i64)> =
        sqlx::query_as("SELECT player_id, points, games FROM points_players WHERE system = $1")
            .bind(SYSTEM)
            .fetch_all(store.pool())
            .await
            .unwrap();
    assert_eq!(rows.len(), replay.len());
    for (player, points, games) in rows {
        let r = replay.get(&player).unwrap();
        assert_eq!(Decimal::from_str(&points).unwrap(), r.points, "{player}");
        assert_eq!(games, i64::from(r.games), "{player}");
    }
    drop(stops);
}
