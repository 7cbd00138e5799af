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

/// The load generator's side of one keep-alive HTTP/1.1 connection: a
/// request written in one piece, the answer read by its `Content-Length`.
/// (A general client library would spend the machine's two cores on itself;
/// this one does only what the benchmark needs.)
struct Conn {
    stream: tokio::net::TcpStream,
    buf: Vec<u8>,
}

impl Conn {
    async fn open(addr: std::net::SocketAddr) -> anyhow::Result<Conn> {
        let stream = tokio::net::TcpStream::connect(addr).await?;
        stream.set_nodelay(true)?;
        Ok(Conn {
            stream,
            buf: Vec::with_capacity(4096),
        })
    }

    /// POSTs a JSON body; the status and the answer's body.
    async fn post(
        &mut self,
        path: &str,
        auth: &str,
        body: &[u8],
    ) -> anyhow::Result<(u16, Vec<u8>)> {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let mut req = format!(
            "POST {path} HTTP/1.1\r\nhost: bench\r\nauthorization: {auth}\r\n\
             content-type: application/json\r\ncontent-length: {}\r\n\r\n",
            body.len()
        )
        .into_bytes();
        req.extend_from_slice(body);
        self.stream.write_all(&req).await?;
        self.buf.clear();
        let mut chunk = [0u8; 4096];
        loop {
            if let Some(end) = self.buf.windows(4).position(|w| w == b"\r\n\r\n") {
                let head = std::str::from_utf8(&self.buf[..end])?;
                let status: u16 = head
                    .split(' ')
                    .nth(1)
                    .and_then(|s| s.parse().ok())
                    .ok_or_else(|| anyhow::anyhow!("bad status line: {head}"))?;
                let length: usize = head
                    .lines()
                    .find_map(|l| {
                        let (k, v) = l.split_once(':')?;
                        k.eq_ignore_ascii_case("content-length")
                            .then(|| v.trim().parse().ok())?
                    })
                    .ok_or_else(|| anyhow::anyhow!("no content-length: {head}"))?;
                let start = end + 4;
                while self.buf.len() < start + length {
                    let n = self.stream.read(&mut chunk).await?;
                    anyhow::ensure!(n > 0, "connection closed mid-answer");
                    self.buf.extend_from_slice(&chunk[..n]);
                }
                return Ok((status, self.buf[start..start + length].to_vec()));
            }
            let n = self.stream.read(&mut chunk).await?;
            anyhow::ensure!(n > 0, "connection closed");
            self.buf.extend_from_slice(&chunk[..n]);
        }
    }
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
    let db_path = dir.path().join("points-bench.sqlite3");
    let url = qiyuan_store::database_url(&db_path.display().to_string());
    let store = Store::open(&url).await?; // Durability::Full
    let token = store
        .create_api_token(Role::Officer, None, Some("points-bench"), None)
        .await?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let state = AppState::new(
        store.clone(),
        ServeConfig {
            addr,
            database: url.clone(),
            ..Default::default()
        },
    );
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(qiyuan_server::serve_on(listener, state, async {
        let _ = stopped.await;
    }));
    let path = Arc::new(format!("/api/v1/points/{SYSTEM}"));
    let auth = Arc::new(format!("Bearer {token}"));

    println!(
        "points_http: {games} games, {clients} keep-alive clients, system {SYSTEM}, \
         SQLite synchronous=FULL at {}",
        db_path.display()
    );
    // Warm-up: one game (starts the point service, checks the token).
    let (status, body) = Conn::open(addr)
        .await?
        .post(
            &path,
            &auth,
            br#"{"id":"warm-up","red":"w1","black":"w2","result":"1-0"}"#,
        )
        .await?;
    anyhow::ensure!(
        status == 200,
        "warm-up game refused: {}",
        String::from_utf8_lossy(&body)
    );

    let started = Instant::now();
    let mut tasks = Vec::with_capacity(clients);
    for c in 0..clients {
        let path = Arc::clone(&path);
        let auth = Arc::clone(&auth);
        tasks.push(tokio::spawn(async move {
            let mut conn = Conn::open(addr).await?;
            let mut latencies = Vec::with_capacity(games / clients + 1);
            let mut n = c;
            while n < games {
                let t = Instant::now();
                let (status, body) = conn.post(&path, &auth, game(n).as_bytes()).await?;
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
