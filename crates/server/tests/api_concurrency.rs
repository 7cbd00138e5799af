//! Concurrency of the JSON API over real HTTP: 10,000 results from 50
//! concurrent clients to one event are all stored, none twice; a point game
//! posted many times at once is applied once.

mod common;

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use common::{Site, TestServer};
use qiyuan_server::auth::Role;
use serde_json::{Value, json};
use sqlx::Row;

const CLIENTS: usize = 50;

/// The result of a game by a rule fixed in advance (white wins when the sum
/// of the numbers is odd, black when it is a multiple of 4, else a draw).
fn rule(white: u64, black: u64) -> &'static str {
    match (white + black) % 4 {
        1 | 3 => "1-0",
        0 => "0-1",
        _ => "1/2-1/2",
    }
}

/// A real server like the harness's `TestServer`, but on a SQLite file
/// written with `synchronous=NORMAL` (`Durability::Bulk`): what is checked
/// here is that concurrent writers lose nothing and apply nothing twice,
/// which the event's lock and the versioned `UPDATE` guarantee whatever the
/// disk sync; 10,000 `fsync`s would only make the test slow. (The durable
/// figure is the job of `benches/points_http.rs`.)
struct BulkServer {
    site: Site,
    _stop: tokio::sync::oneshot::Sender<()>,
    _dir: tempfile::TempDir,
}

impl std::ops::Deref for BulkServer {
    type Target = Site;

    fn deref(&self) -> &Site {
        &self.site
    }
}

impl BulkServer {
    async fn start() -> BulkServer {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bulk.sqlite3");
        let url = qiyuan_store::database_url(&path.display().to_string());
        let store = qiyuan_store::Store::open_with(&url, qiyuan_store::Durability::Bulk)
            .await
            .unwrap();
        let (site, _state, stop) = common::serve(store, url).await;
        BulkServer {
            site,
            _stop: stop,
            _dir: dir,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn ten_thousand_results_from_fifty_clients_all_stored_none_twice() {
    let server = BulkServer::start().await;
    let arbiter = server.token("arbiter", Role::Arbiter).await;
    let client = reqwest::Client::new();

    // A 142-player chess round robin: 141 rounds of 71 boards, 10,011 games.
    let players: Vec<Value> = (1..=142)
        .map(|i| json!({"id": i, "name": format!("P{i}"), "sex": "m", "rating": 1500 + i}))
        .collect();
    let body = json!({
        "name": "Big round robin", "game": "chess", "system": "round-robin",
        "players": players, "games": []
    });
    let resp = client
        .post(server.url("/api/v1/events"))
        .bearer_auth(&arbiter)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 201);
    let id = resp.json::<Value>().await.unwrap()["id"].as_i64().unwrap();

    // Every round paired up front (a round robin may be paired ahead).
    for r in 1..=141 {
        let resp = client
            .post(server.url(&format!("/api/v1/events/{id}/rounds")))
            .bearer_auth(&arbiter)
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), 201, "round {r}");
    }
    let event: Value = client
        .get(server.url(&format!("/api/v1/events/{id}")))
        .bearer_auth(&arbiter)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let games: Vec<(i64, u64, u64)> = event["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["games"].as_array().unwrap().clone())
        .map(|g| {
            (
                g["id"].as_i64().unwrap(),
                g["white"].as_u64().unwrap(),
                g["black"].as_u64().unwrap(),
            )
        })
        .collect();
    // 142 players: 142 × 141 / 2 = 10,011 games.
    assert_eq!(games.len(), 10_011);

    // 10,000 of them, dealt to 50 clients; each client also posts the
    // first 20 of its share a second time (an arbiter pressing "save"
    // twice), which must change nothing.
    let to_post: Arc<Vec<(i64, u64, u64)>> = Arc::new(games[..10_000].to_vec());
    let mut tasks = Vec::new();
    for c in 0..CLIENTS {
        let to_post = Arc::clone(&to_post);
        let base = server.base_url.clone();
        let arbiter = arbiter.clone();
        tasks.push(tokio::spawn(async move {
            let client = reqwest::Client::new();
            let mine: Vec<&(i64, u64, u64)> = to_post.iter().skip(c).step_by(CLIENTS).collect();
            let mut changed = 0;
            let mut unchanged = 0;
            let repeats = mine.iter().take(20).copied();
            for &(game, w, b) in mine.iter().copied().chain(repeats) {
                let resp = client
                    .put(format!("{base}/api/v1/events/{id}/games/{game}"))
                    .bearer_auth(&arbiter)
                    .json(&json!({"result": rule(w, b), "expected_version": 0}))
                    .send()
                    .await
                    .unwrap();
                let status = resp.status();
                let v: Value = resp.json().await.unwrap();
                assert_eq!(status, 200, "game {game}: {v}");
                if v["changed"] == true {
                    changed += 1;
                } else {
                    unchanged += 1;
                }
            }
            (changed, unchanged)
        }));
    }
    let (mut changed, mut unchanged) = (0, 0);
    for t in tasks {
        let (c, u) = t.await.unwrap();
        changed += c;
        unchanged += u;
    }
    assert_eq!(changed, 10_000);
    assert_eq!(unchanged, CLIENTS * 20);

    // The store: every posted game has its result, at version 1; the 11
    // games not posted are pending.
    let rows = sqlx::query("SELECT id, result, version FROM desk_games WHERE event_id = $1")
        .bind(id)
        .fetch_all(server.store.pool())
        .await
        .unwrap();
    assert_eq!(rows.len(), 10_011);
    let stored: HashMap<i64, (String, i64)> = rows
        .iter()
        .map(|r| {
            (
                r.try_get::<i64, _>(0).unwrap(),
                (r.try_get(1).unwrap(), r.try_get(2).unwrap()),
            )
        })
        .collect();
    for &(game, w, b) in to_post.iter() {
        let (result, version) = &stored[&game];
        assert_eq!(result, rule(w, b), "game {game}");
        assert_eq!(*version, 1, "game {game} changed more than once");
    }
    for &(game, _, _) in &games[10_000..] {
        assert_eq!(stored[&game].0, "pending");
        assert_eq!(stored[&game].1, 0);
    }

    // The desk log: exactly one `result` entry per posted game.
    let log = server.store.desk_log(id).await.unwrap();
    let results: Vec<i64> = log
        .iter()
        .filter(|e| e.action == "result" || e.action == "correction")
        .map(|e| e.game_id.unwrap())
        .collect();
    assert_eq!(results.len(), 10_000);
    let distinct: HashSet<i64> = results.iter().copied().collect();
    assert_eq!(distinct.len(), 10_000);
    let posted: HashSet<i64> = to_post.iter().map(|g| g.0).collect();
    assert_eq!(distinct, posted);

    // And the API agrees: 10,000 results, the last round incomplete.
    let event: Value = client
        .get(server.url(&format!("/api/v1/events/{id}")))
        .bearer_auth(&arbiter)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let done = event["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["games"].as_array().unwrap().clone())
        .filter(|g| g["result"] != "pending")
        .count();
    assert_eq!(done, 10_000);
    assert_eq!(event["status"], "running");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_point_game_posted_concurrently_is_applied_once() {
    let server = TestServer::start().await;
    let officer = server.token("officer", Role::Officer).await;
    let url = server.url("/api/v1/points/qq-xiangqi-elo");
    let game =
        json!({"id": "same-game", "red": "li", "black": "wang", "result": "0-1", "plies": 90});
    let mut tasks = Vec::new();
    for _ in 0..CLIENTS {
        let (url, officer, game) = (url.clone(), officer.clone(), game.clone());
        tasks.push(tokio::spawn(async move {
            let resp = reqwest::Client::new()
                .post(url)
                .bearer_auth(officer)
                .json(&game)
                .send()
                .await
                .unwrap();
            assert_eq!(resp.status(), 200);
            let replayed = resp.headers()["x-qiyuan-replayed"] == "true";
            (replayed, resp.json::<Value>().await.unwrap())
        }));
    }
    let mut answers = Vec::new();
    for t in tasks {
        answers.push(t.await.unwrap());
    }
    // One application; everyone else got the stored answer.
    assert_eq!(answers.iter().filter(|(r, _)| !r).count(), 1);
    let first = &answers[0].1;
    assert!(answers.iter().all(|(_, a)| a == first), "{answers:?}");
    let count: i64 = sqlx::query("SELECT COUNT(*) FROM points_games")
        .fetch_one(server.store.pool())
        .await
        .unwrap()
        .try_get(0)
        .unwrap();
    assert_eq!(count, 1);
    // The players' state moved once: a second game starts from the first
    // one's totals, so black's new total is the stored one plus its change.
    let next =
        json!({"id": "next-game", "red": "li", "black": "wang", "result": "0-1", "plies": 90});
    let second: Value = reqwest::Client::new()
        .post(&url)
        .bearer_auth(&officer)
        .json(&next)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let dec = |v: &Value| -> rust_decimal::Decimal { v.to_string().parse().unwrap() };
    assert_eq!(
        dec(&second["black_points"]),
        dec(&first["black_points"]) + dec(&second["black_change"]),
        "{first} then {second}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn arbiters_pairing_the_same_round_at_once_get_one_round_and_conflicts() {
    let server = BulkServer::start().await;
    let arbiter = server.token("arbiter", Role::Arbiter).await;
    let players: Vec<Value> = (1..=20)
        .map(|i| json!({"id": i, "name": format!("P{i}"), "sex": "f", "rating": 2000 + i}))
        .collect();
    let body = json!({
        "name": "Swiss", "game": "xiangqi", "system": "swiss",
        "players": players, "games": [], "settings": {"rounds": 5}
    });
    let resp = reqwest::Client::new()
        .post(server.url("/api/v1/events"))
        .bearer_auth(&arbiter)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 201);
    let id = resp.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let mut tasks = Vec::new();
    for _ in 0..10 {
        let (url, arbiter) = (
            server.url(&format!("/api/v1/events/{id}/rounds")),
            arbiter.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let resp = reqwest::Client::new()
                .post(url)
                .bearer_auth(arbiter)
                .send()
                .await
                .unwrap();
            let status = resp.status().as_u16();
            (status, resp.json::<Value>().await.unwrap())
        }));
    }
    let mut statuses = Vec::new();
    for t in tasks {
        let (s, v) = t.await.unwrap();
        assert!(s == 201 || s == 409, "{s}: {v}");
        statuses.push(s);
    }
    assert_eq!(statuses.iter().filter(|&&s| s == 201).count(), 1);
    // One round of 10 boards, stored once.
    let log = server.store.desk_log(id).await.unwrap();
    assert_eq!(log.iter().filter(|e| e.action == "pair-round").count(), 1);
    let games: i64 = sqlx::query("SELECT COUNT(*) FROM desk_games WHERE event_id = $1")
        .bind(id)
        .fetch_one(server.store.pool())
        .await
        .unwrap()
        .try_get(0)
        .unwrap();
    assert_eq!(games, 10);
}
