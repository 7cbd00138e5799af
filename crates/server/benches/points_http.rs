//! Load test of `POST /api/v1/points/{system}` over HTTP: starts the real
//! server on loopback over a SQLite file with full durability
//! (`synchronous=FULL`: each answer is sent once its game is on disk), then
//! 50 concurrent keep-alive clients post 100,000 point games (distinct ids,
//! 5,000 players). Prints games per second and latency percentiles; the
//! acceptance target of issue 6 is ≥ 5,000 games/s on a 2-core machine.
//!
//! ```text
//! cargo bench -p qiyuan-server --bench points_http
//! QIYUAN_BENCH_GAMES=20000 QIYUAN_BENCH_CLIENTS=50 cargo bench -p qiyuan-server --bench points_http
//! ```
//!
//! The database lives in a temporary directory under `QIYUAN_BENCH_DIR`
//! (default: the system's temporary directory, which must be a real disk
//! for the figure to mean "durable").

use std::sync::Arc;
use std::time::{Duration, Instant};

use qiyuan_server::auth::Role;
use qiyuan_server::{AppState, ServeConfig};
use qiyuan_store::Store;
use sqlx::Row;

const SYSTEM: &str = "qq-xiangqi-elo";
const PLAYERS: u64 = 5_000;

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A small deterministic generator (SplitMix64), so every run posts the
/// same games.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The body of game `n`.
fn game(n: usize) -> String {
    let mut r = Mix(n as u64 * 7919 + 1);
    let red = r.next() % PLAYERS;
    let mut black = r.next() % PLAYERS;
    if black == red {
        black = (black + 1) % PLAYERS;
    }
    let result = match r.next() % 10 {
        0..=3 => "1-0",
        4..=6 => "0-1",
        7..=8 => "1/2-1/2",
        _ => "+-",
    };
    let plies = 20 + r.next() % 180;
    format!(
        r#"{{"id":"bench-{n}","red":"p{red}","black":"p{black}","result":"{result}","plies":{plies}}}"#
    )
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

fn main() -> anyhow::Result<()> {
    // `cargo bench` passes `--bench`; nothing else is taken.
    let games = env_usize("QIYUAN_BENCH_GAMES", 100_000);
    let clients = env_usize("QIYUAN_BENCH_CLIENTS", 50).max(1);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(run(games, clients))
}

async fn run(games: usize, clients: usize) -> anyhow::Result<()> {
    let base_dir = std::env::var_os("QIYUAN_BENCH_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(std::env::temp_dir);
    let dir = tempfile::tempdir_in(base_dir)?;
    let path = dir.path().join("points-bench.sqlite3");
    let url = qiyuan_store::database_url(&path.display().to_string());
    let store = Store::open(&url).await?; // Durability::Full
    let token = store
        .create_api_token(Role::Officer, None, Some("points-bench"))
        .await?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let state = AppState::new(
        store.clone(),
        ServeConfig {
            addr,
            database: url.clone(),
            demo: false,
            secure_cookies: false,
        },
    );
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(qiyuan_server::serve_on(listener, state, async {
        let _ = stopped.await;
    }));
    let endpoint = Arc::new(format!("http://{addr}/api/v1/points/{SYSTEM}"));
    let auth = Arc::new(format!("Bearer {token}"));

    println!(
        "points_http: {games} games, {clients} keep-alive clients, system {SYSTEM}, \
         SQLite synchronous=FULL at {}",
        path.display()
    );
    // Warm-up: one game (starts the point service, checks the token).
    let warm = reqwest::Client::new()
        .post(endpoint.as_str())
        .header("authorization", auth.as_str())
        .header("content-type", "application/json")
        .body(r#"{"id":"warm-up","red":"w1","black":"w2","result":"1-0"}"#)
        .send()
        .await?;
    anyhow::ensure!(
        warm.status() == 200,
        "warm-up game refused: {}",
        warm.text().await?
    );

    let started = Instant::now();
    let mut tasks = Vec::with_capacity(clients);
    for c in 0..clients {
        let endpoint = Arc::clone(&endpoint);
        let auth = Arc::clone(&auth);
        tasks.push(tokio::spawn(async move {
            let client = reqwest::Client::builder()
                .pool_max_idle_per_host(1)
                .tcp_nodelay(true)
                .build()?;
            let mut latencies = Vec::with_capacity(games / clients + 1);
            let mut n = c;
            while n < games {
                let t = Instant::now();
                let resp = client
                    .post(endpoint.as_str())
                    .header("authorization", auth.as_str())
                    .header("content-type", "application/json")
                    .body(game(n))
                    .send()
                    .await?;
                let status = resp.status();
                let body = resp.bytes().await?;
                anyhow::ensure!(
                    status == 200,
                    "game {n}: {status} {}",
                    String::from_utf8_lossy(&body)
                );
                latencies.push(t.elapsed());
                n += clients;
            }
            Ok::<_, anyhow::Error>(latencies)
        }));
    }
    let mut latencies = Vec::with_capacity(games);
    for t in tasks {
        latencies.extend(t.await??);
    }
    let elapsed = started.elapsed();
    latencies.sort_unstable();

    let stored: i64 = sqlx::query("SELECT COUNT(*) FROM points_games")
        .fetch_one(store.pool())
        .await?
        .try_get(0)?;
    let rate = games as f64 / elapsed.as_secs_f64();
    println!("games posted:   {games} in {:.2} s", elapsed.as_secs_f64());
    println!("throughput:     {rate:.0} games/s (target ≥ 5000)");
    println!(
        "latency:        p50 {}  p90 {}  p99 {}  p99.9 {}  max {}",
        ms(percentile(&latencies, 0.50)),
        ms(percentile(&latencies, 0.90)),
        ms(percentile(&latencies, 0.99)),
        ms(percentile(&latencies, 0.999)),
        ms(*latencies.last().unwrap_or(&Duration::ZERO)),
    );
    println!(
        "stored games:   {stored} (posted {} with the warm-up)",
        games + 1
    );
    anyhow::ensure!(stored as usize == games + 1, "games missing from the store");
    let _ = stop.send(());
    let _ = server.await;
    Ok(())
}
