//! Issue 12, item 3's acceptance: "a 20,000-player pairing request does not
//! stop other requests". A load test on loopback, as in the defect report:
//! a Swiss event of 20,000 players (created through the JSON API, under a
//! raised `max_players_per_event`, with round 1 played), two pairing
//! previews of its second round at once on a server with two job slots and
//! two async worker threads.
//!
//! What it measures, while both pairings hold the job slots:
//! - the home page, the public event list and the health check keep
//!   answering, each within [`ANSWER_BOUND`], again and again;
//! - a third pairing request is answered within a bound instead of
//!   hanging (503 with `Retry-After` while both slots are taken; since
//!   issue 16 made the engine fast the pairings may already be done);
//! - shutdown ends (within `shutdown_grace` and a margin) although the
//!   pairings are still running on their threads.
//!
//! Nothing is asserted about how fast the pairing itself is: its only role
//! is to keep the job threads busy. The bounds are generous on purpose
//! (each page answers in milliseconds when the server is idle): a loaded CI
//! machine must not make the test flaky, and a request stuck behind a
//! pairing would take as long as the pairing, far beyond them.
//!
//! `#[ignore]`d: about a minute in a debug build (loading the 20,000-player
//! event takes ~2 s per request there); `./scripts/test` runs it on the
//! debug build (`cargo test -p qiyuan-server -- --ignored`), which spares CI
//! a release build of the server. It prints what it saw (`--nocapture`).

mod common;

use std::time::{Duration, Instant};

use common::{Site, TEST_PASSWORD, browser, quick_hash};
use qiyuan_server::auth::Role;
use qiyuan_server::{AppState, ServeConfig, ServeLimits};
use qiyuan_store::Store;

/// How long any other request may take while the pairings run.
const ANSWER_BOUND: Duration = Duration::from_secs(5);
/// Players in the event.
const PLAYERS: usize = 20_000;

#[test]
#[ignore = "20,000 players, about a minute: run by ./scripts/test (cargo test -p qiyuan-server -- --ignored)"]
fn a_20000_player_pairing_does_not_stop_other_requests() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let outcome =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| runtime.block_on(run())));
    // The pairings may still be running on their job threads: not waited
    // for (dropping the runtime would wait, a failed assertion included),
    // as `qiyuan serve` does not wait for them either.
    runtime.shutdown_background();
    if let Err(panic) = outcome {
        std::panic::resume_unwind(panic);
    }
}

/// GET `url`, answered within [`ANSWER_BOUND`] with 200; the time it took.
async fn answered_in_time(client: &reqwest::Client, url: &str) -> Duration {
    let start = Instant::now();
    let resp = tokio::time::timeout(ANSWER_BOUND, client.get(url).send())
        .await
        .unwrap_or_else(|_| panic!("GET {url} took over {ANSWER_BOUND:?} during the pairings"))
        .unwrap();
    assert_eq!(resp.status(), 200, "GET {url}");
    tokio::time::timeout(ANSWER_BOUND, resp.bytes())
        .await
        .unwrap_or_else(|_| panic!("the body of {url} took over {ANSWER_BOUND:?}"))
        .unwrap();
    start.elapsed()
}

/// The home page, the public event list and the health check, each once;
/// the slowest answer.
async fn other_requests_answer(site: &Site) -> Duration {
    let reader = reqwest::Client::new();
    let mut slowest = Duration::ZERO;
    for path in ["/", "/events", "/api/v1/health"] {
        slowest = slowest.max(answered_in_time(&reader, &site.url(path)).await);
    }
    slowest
}

async fn run() {
    let dir = tempfile::tempdir().unwrap();
    let url = qiyuan_store::database_url(&dir.path().join("q.sqlite3").display().to_string());
    let store = Store::open(&url).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let limits = ServeLimits {
        max_players_per_event: PLAYERS,
        heavy_jobs: 2,
        heavy_wait: Duration::from_secs(1),
        // Long enough that no pairing is cut off by the job timeout while
        // the test looks (its answer is not what is measured).
        heavy_timeout: Duration::from_secs(3600),
        shutdown_grace: Duration::from_secs(2),
        ..Default::default()
    };
    let state = AppState::new(
        store.clone(),
        ServeConfig {
            addr,
            database: url,
            limits: limits.clone(),
            ..Default::default()
        },
    );
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(qiyuan_server::serve_on(listener, state.clone(), async {
        let _ = stopped.await;
    }));
    let site = Site {
        base_url: format!("http://{addr}"),
        client: browser(),
        store: store.clone(),
    };

    // The event: 20,000 players through the API, by an arbiter whose
    // account then pairs it at the desk.
    let account = store
        .create_user("arb", &quick_hash(TEST_PASSWORD), Role::Arbiter)
        .await
        .unwrap()
        .unwrap();
    let token = store
        .create_api_token(Role::Arbiter, Some(account.id), Some("arb"), None)
        .await
        .unwrap();
    let players: Vec<serde_json::Value> = (1..=PLAYERS)
        .map(|i| {
            serde_json::json!({
                "id": i,
                "name": format!("Player {i}"),
                "sex": if i % 2 == 0 { "f" } else { "m" },
                "rating": 1200 + (i * 7919) % 1600,
            })
        })
        .collect();
    // Round 1 played (top half against bottom half, a win, a draw or a
    // loss by turns), so that the previews pair round 2: three score
    // groups of about 6,667 players. Round 1 itself is no longer heavy —
    // the Dutch engine pairs it directly (issue 16) — and the test needs
    // jobs that hold their slots while it looks.
    let half = PLAYERS / 2;
    let games: Vec<serde_json::Value> = (1..=half)
        .map(|i| {
            let result = ["1-0", "1/2-1/2", "0-1"][i % 3];
            serde_json::json!({
                "round": 1, "white": i, "black": i + half, "result": result,
            })
        })
        .collect();
    let body = serde_json::json!({
        "name": "Twenty thousand", "game": "chess", "system": "swiss",
        "start": "2026-05-01", "end": "2026-05-09",
        "players": players, "games": games,
        "settings": {"rounds": 9, "rating_profile": "fide-2024"}
    });
    let resp = reqwest::Client::new()
        .post(site.url("/api/v1/events"))
        .bearer_auth(&token)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 201);
    let created: serde_json::Value = resp.json().await.unwrap();
    assert_eq!(created["players"], PLAYERS);
    assert_eq!(created["rounds_saved"], 1, "{created}");
    let id = created["id"].as_i64().unwrap();
    site.login("arb", TEST_PASSWORD).await;
    let idle = other_requests_answer(&site).await;
    // Loading the event (as every desk page of it does) before pairing.
    let load_start = Instant::now();
    let overview = site.get(&format!("/desk/events/{id}")).await;
    assert_eq!(overview.status(), 200);
    overview.bytes().await.unwrap();
    let load = load_start.elapsed();
    eprintln!("idle server: slowest answer {idle:?}; the event's desk page {load:?}");

    // Two pairing previews at once (the defect report's two arbiters).
    let pair_url = site.url(&format!("/desk/events/{id}/pair"));
    let pairings: Vec<_> = (0..2)
        .map(|_| {
            let (client, url) = (site.client.clone(), pair_url.clone());
            tokio::spawn(async move { client.get(url).send().await.map(|r| r.status()) })
        })
        .collect();

    // Until both hold a job slot (each loads the event first), the other
    // requests already must answer in time.
    let started = Instant::now();
    let mut checks = 0;
    let mut slowest = Duration::ZERO;
    while state.guard.jobs_running() < 2 {
        assert!(
            pairings.iter().all(|p| !p.is_finished()),
            "a pairing ended before both ran: {:?}",
            started.elapsed()
        );
        assert!(
            started.elapsed() < Duration::from_secs(600),
            "the pairings never both started"
        );
        slowest = slowest.max(other_requests_answer(&site).await);
        checks += 1;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    eprintln!(
        "both pairings running after {:?} ({checks} rounds of checks meanwhile, slowest \
         answer {slowest:?})",
        started.elapsed()
    );
    slowest = Duration::ZERO;

    // A third pairing is answered in time, never left waiting behind the
    // others: 503 "busy" with Retry-After while both slots are taken, or
    // its own pairing once one is free. Since issue 16 the engine pairs
    // round 2 of 20,000 players in well under a second, so the two may
    // already have finished; the refusal itself is checked deterministically
    // in hardening.rs (an import while the slots are held). Bounded by
    // three times the idle load of the event, heavy_wait and ANSWER_BOUND.
    let third_start = Instant::now();
    let third = tokio::time::timeout(
        3 * load + limits.heavy_wait + ANSWER_BOUND,
        site.client.get(&pair_url).send(),
    )
    .await
    .expect("a third pairing hangs instead of being answered")
    .unwrap();
    match third.status().as_u16() {
        503 => assert_eq!(third.headers()["retry-after"], "5"),
        200 => {}
        other => panic!("a third pairing answered {other}"),
    }
    eprintln!(
        "third pairing answered {} in {:?}",
        third.status(),
        third_start.elapsed()
    );

    // While the two run, page after page keeps answering.
    let mut while_running = 0;
    for _ in 0..20 {
        if state.guard.jobs_running() < 2 {
            break;
        }
        slowest = slowest.max(other_requests_answer(&site).await);
        while_running += 1;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    eprintln!(
        "{while_running} rounds of checks with both job slots taken; slowest answer {slowest:?}"
    );

    // Shutdown ends although the pairings are still running: the requests
    // in flight get shutdown_grace, then serve_on returns.
    let running_at_stop = state.guard.jobs_running();
    let stop_start = Instant::now();
    stop.send(()).unwrap();
    tokio::time::timeout(limits.shutdown_grace + ANSWER_BOUND, server)
        .await
        .expect("shutdown did not end while pairings were running")
        .unwrap()
        .unwrap();
    eprintln!(
        "shutdown ended in {:?} with {running_at_stop} pairing job(s) still running",
        stop_start.elapsed()
    );
    for p in pairings {
        p.abort();
    }
}
