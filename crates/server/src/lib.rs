//! The qiyuan web application (棋院网页版): the arbiter's desk, the rating
//! office and public pages in a browser, and the JSON API under `/api/v1`.
//!
//! Pages are rendered on the server with [`maud`] (compiled, escaping by
//! default); a few lines of JavaScript refresh live elements. Accounts use
//! argon2 password hashes and server-side sessions kept in the database
//! (only hashes of session ids and API tokens are stored); every form
//! carries a CSRF token, checked centrally ([`session`]).
//!
//! The parts of the application:
//! - the foundation's own pages: home, sign in/out, first-run set-up,
//!   accounts (`/admin/users`), language switch (`/lang/zh`, `/lang/en`),
//!   `GET /api/v1/health`, `GET /api/v1/whoami`;
//! - [`desk`], [`office`], [`public`], [`api`], [`help`] (the guides of
//!   `docs/guide/`, at `/help`): each a `routes()` merged by [`app`].
//!
//! ```no_run
//! # async fn run() -> anyhow::Result<()> {
//! let config = qiyuan_server::ServeConfig {
//!     addr: "127.0.0.1:8080".parse()?,
//!     database: "qiyuan.sqlite3".into(),
//!     ..Default::default()
//! };
//! qiyuan_server::serve(config).await
//! # }
//! ```
#![warn(missing_docs)]

pub mod api;
pub mod auth;
pub mod chart;
pub mod credentials;
pub mod demo;
pub mod desk;
pub mod error;
pub mod guard;
pub mod help;
pub mod i18n;
pub mod layout;
pub mod office;
mod pages;
pub mod privacy;
pub mod public;
pub mod report;
pub mod session;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::get;
use qiyuan_store::Store;

pub use i18n::Lang;

pub use error::AppError;

/// How the server runs (`qiyuan serve` flags).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServeConfig {
    /// Address to listen on (`--addr`, default `127.0.0.1:8080`).
    pub addr: SocketAddr,
    /// The database: a SQLite file path, `sqlite://…` or `postgres://…`
    /// (see [`qiyuan_store::database_url`]).
    pub database: String,
    /// Seed the demo data, its well-known administrator password included
    /// (`--demo`). Without it an empty database opens the first-run set-up
    /// page instead.
    pub demo: bool,
    /// Let the demo listen beyond loopback (`--demo-public`): without it
    /// [`serve`] refuses `--demo` on any other address, since everyone
    /// knows the demo's password.
    pub demo_public: bool,
    /// Mark cookies `Secure` (`--secure-cookies`): for deployments behind
    /// HTTPS (a reverse proxy terminating TLS). Browsers then send the
    /// cookies over HTTPS only, so leave it off for plain-HTTP use.
    pub secure_cookies: bool,
    /// Behind a reverse proxy (`--behind-proxy`): a visitor's address is the
    /// last one the proxy appended to `X-Forwarded-For`, not the
    /// connection's (which is the proxy's). Used by the sign-in throttle and
    /// the security log.
    pub behind_proxy: bool,
    /// What one visitor, connection or request may cost.
    pub limits: ServeLimits,
    /// The site's local time, as minutes east of UTC (`--utc-offset`,
    /// default +08:00: China Standard Time, which keeps no daylight
    /// saving). Times the pages show are in it and say so.
    pub utc_offset_minutes: i32,
}

impl Default for ServeConfig {
    fn default() -> Self {
        ServeConfig {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            database: "qiyuan.sqlite3".into(),
            demo: false,
            demo_public: false,
            secure_cookies: false,
            behind_proxy: false,
            limits: ServeLimits::default(),
            utc_offset_minutes: 8 * 60,
        }
    }
}

/// The server's limits (`qiyuan serve --max-…` flags): the bounds that keep
/// one upload, one arbiter or one crowd from taking the server down.
///
/// ```
/// let limits = qiyuan_server::ServeLimits::default();
/// assert_eq!(limits.max_players_per_event, 5_000);
/// assert_eq!(limits.header_timeout.as_secs(), 15);
/// assert_eq!(limits.max_upload_bytes, 16 * 1024 * 1024);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServeLimits {
    /// Open connections at once; a connection beyond it is closed at once,
    /// so that file descriptors never run out (`--max-connections`).
    pub max_connections: usize,
    /// Time for a request's headers to arrive, and for an idle keep-alive
    /// connection to send its next request, before it is closed.
    pub header_timeout: std::time::Duration,
    /// Time for a request's body to arrive (an upload on a slow line
    /// included).
    pub body_timeout: std::time::Duration,
    /// Time the requests in flight get to finish at shutdown; then the
    /// server stops anyway.
    pub shutdown_grace: std::time::Duration,
    /// The largest request body accepted, an upload included
    /// (`--max-upload-mb`); a larger one is answered 413 with a message
    /// saying the limit, refused before it is read when its length is
    /// announced.
    pub max_upload_bytes: usize,
    /// Players one event of the desk may hold (`--max-players`).
    pub max_players_per_event: usize,
    /// Password checks running at once (each costs argon2's ~19 MiB); the
    /// others wait their turn (`--max-sign-ins`).
    pub concurrent_sign_ins: usize,
    /// Heavy jobs (pairing; the office's imports, periods and publications)
    /// running at once; a request that finds them all busy waits
    /// [`ServeLimits::heavy_wait`],
    /// then is answered 503 "busy, try again" (`--max-jobs`).
    pub heavy_jobs: usize,
    /// How long a heavy request waits for a free job slot.
    pub heavy_wait: std::time::Duration,
    /// How long a heavy job may run before its request is answered 202
    /// "still running" ([`AppError::StillRunning`]; the job finishes on its
    /// thread and its slot stays taken until then).
    pub heavy_timeout: std::time::Duration,
}

impl Default for ServeLimits {
    fn default() -> Self {
        use std::time::Duration;
        ServeLimits {
            max_connections: 512,
            header_timeout: Duration::from_secs(15),
            body_timeout: Duration::from_secs(120),
            shutdown_grace: Duration::from_secs(10),
            max_upload_bytes: 16 * 1024 * 1024,
            max_players_per_event: 5_000,
            concurrent_sign_ins: 4,
            heavy_jobs: 2,
            heavy_wait: Duration::from_secs(2),
            heavy_timeout: Duration::from_secs(120),
        }
    }
}

/// What every handler can reach: the database, the configuration and the
/// platform point service.
#[derive(Debug, Clone)]
pub struct AppState {
    /// The database (a pool; cheap to clone).
    pub store: Store,
    /// The configuration the server was started with.
    pub config: Arc<ServeConfig>,
    /// The platform point service (积分) of this database, started on the
    /// first game posted (`POST /api/v1/points/{system}`).
    pub points: PointsSlot,
    /// The bounds on heavy jobs and password checks, and the sign-in
    /// throttle ([`guard`]).
    pub guard: Arc<guard::Guard>,
}

impl AppState {
    /// A state over an open store. Its point service starts lazily; keep
    /// one state per database in a process and clone it (one point writer
    /// per process; the writers of several processes on one database take
    /// turns through the database's lock, see `qiyuan_store::points`).
    pub fn new(store: Store, config: ServeConfig) -> Self {
        AppState {
            store,
            guard: Arc::new(guard::Guard::new(&config.limits)),
            config: Arc::new(config),
            points: PointsSlot::default(),
        }
    }
}

/// The slot of [`AppState::points`]: the store's
/// [`PointsService`](qiyuan_store::points::PointsService), started once on
/// first use and shared by every clone of the state.
#[derive(Clone, Default)]
pub struct PointsSlot(Arc<tokio::sync::OnceCell<qiyuan_store::points::PointsService>>);

impl PointsSlot {
    /// The running service, started over `store` on the first call (later
    /// calls get the same service; a failed start is tried again next time).
    ///
    /// # Errors
    /// The service cannot start (its tables cannot be read).
    pub async fn get(
        &self,
        store: &Store,
    ) -> Result<qiyuan_store::points::PointsService, qiyuan_store::StoreError> {
        self.0
            .get_or_try_init(|| qiyuan_store::points::PointsService::start(store))
            .await
            .cloned()
    }

    /// Whether the service has been started.
    pub fn is_started(&self) -> bool {
        self.0.initialized()
    }
}

impl std::fmt::Debug for PointsSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PointsSlot")
            .field("started", &self.is_started())
            .finish()
    }
}

/// The whole application: every part's routes, static files, and the
/// middleware (sessions, CSRF, body limit, error pages, security headers).
pub fn app(state: AppState) -> Router {
    let upload_limit = state.config.limits.max_upload_bytes;
    Router::new()
        .merge(pages::routes())
        .merge(desk::routes())
        .merge(office::routes())
        .merge(public::routes())
        .merge(api::routes())
        .merge(help::routes())
        .route("/static/app.css", get(layout::app_css))
        .route("/static/app.js", get(layout::app_js))
        .fallback(|| async { AppError::NotFound })
        .layer(DefaultBodyLimit::max(upload_limit))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            session::middleware,
        ))
        .layer(axum::middleware::from_fn(session::security_headers))
        .with_state(state)
}

/// Serves the application on an already bound listener until `shutdown`
/// completes, within the connection limits of `state.config.limits`: at
/// most `max_connections` open (one more is closed at once), headers (and
/// an idle keep-alive connection's next request) within `header_timeout`,
/// bodies within `body_timeout`. At shutdown the requests in flight get
/// `shutdown_grace` to finish; then it returns anyway.
///
/// # Errors
/// The listener fails.
pub async fn serve_on(
    listener: tokio::net::TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::ServiceExt;
    let limits = state.config.limits.clone();
    let app = app(state).layer(tower_http::timeout::RequestBodyTimeoutLayer::new(
        limits.body_timeout,
    ));
    let connections = Arc::new(tokio::sync::Semaphore::new(limits.max_connections.max(1)));
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(64 * 1024);
    let builder = Arc::new(builder);
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                // Out of file descriptors or a reset before accept: wait a
                // moment rather than spin, and go on serving.
                Err(_) => {
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Ok(permit) = connections.clone().try_acquire_owned() else {
            // Over the cap: closed at once, before it costs anything.
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let service = hyper::service::service_fn({
            let app = app.clone();
            move |req: hyper::Request<hyper::body::Incoming>| {
                let mut req = req.map(axum::body::Body::new);
                req.extensions_mut().insert(guard::PeerAddr(peer.ip()));
                app.clone().oneshot(req)
            }
        });
        let conn = builder.serve_connection(TokioIo::new(stream), service);
        let conn = graceful.watch(conn);
        tokio::spawn(async move {
            let _ = conn.await;
            drop(permit);
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(limits.shutdown_grace, graceful.shutdown()).await;
    Ok(())
}

/// Opens (and migrates) the database, seeds the demo data with `--demo`
/// (refused beyond loopback unless `--demo-public`), binds `config.addr`,
/// prints the URL (and, on a database without an account, the first-run
/// set-up page), and serves until Ctrl-C (or SIGTERM).
///
/// # Errors
/// `--demo` on a public address, the database cannot be opened, the demo
/// data cannot be written, or the address cannot be bound.
pub async fn serve(config: ServeConfig) -> anyhow::Result<()> {
    serve_in(config, Lang::En).await
}

/// [`serve`], saying what it does on the console (the URL, the demo
/// account, the refusals) in `console`, the language of the person who
/// started it (`qiyuan serve --lang zh`).
///
/// # Errors
/// As [`serve`].
pub async fn serve_in(config: ServeConfig, console: Lang) -> anyhow::Result<()> {
    use anyhow::Context;
    let (user, password, addr) = (demo::DEMO_USER, demo::DEMO_PASSWORD, config.addr);
    if config.demo && !config.demo_public && !config.addr.ip().is_loopback() {
        anyhow::bail!(console.pick(
            format!(
                "--demo creates the administrator `{user}` with the published password \
                 `{password}`: it listens on loopback only (127.0.0.1 or ::1), not on {addr}. Add \
                 --demo-public to serve the demo to others anyway, or leave out --demo and create \
                 your own administrator on the first-run page."
            ),
            format!(
                "--demo 会创建管理员 `{user}`，其密码 `{password}` 是公开的：因此只在本机回环地址\
                 （127.0.0.1 或 ::1）上监听，而不是 {addr}。如仍要让他人访问演示，请加 \
                 --demo-public；或去掉 --demo，在首次运行页面创建自己的管理员。"
            ),
        ));
    }
    let url = qiyuan_store::database_url(&config.database);
    let store = Store::open(&url).await?;
    let state = AppState::new(store, config.clone());
    if config.demo {
        demo::seed_demo(&state)
            .await
            .with_context(|| console.t("seeding the demo data", "写入演示数据"))?;
    }
    if demo::demo_account_open(&state).await? {
        println!(
            "{}",
            console.pick(
                format!(
                    "demo account: sign in as `{user}` with password `{password}` (change it before \
                     going public)"
                ),
                format!("演示账号：用户名 `{user}`，密码 `{password}`（公开使用前请修改）"),
            )
        );
    }
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .with_context(|| {
            console.pick(
                format!("cannot listen on {addr}"),
                format!("无法在 {addr} 上监听"),
            )
        })?;
    let addr = listener.local_addr()?;
    let database = &config.database;
    println!(
        "{}",
        console.pick(
            format!("qiyuan serving on http://{addr}/  (database: {database})"),
            format!("qiyuan 已在 http://{addr}/ 上服务（数据库：{database}）"),
        )
    );
    if state.store.user_count().await? == 0 {
        println!(
            "{}",
            console.pick(
                format!(
                    "no account yet: create the administrator at http://{addr}/setup (or run \
                     `qiyuan serve --demo` for the demo data)"
                ),
                format!(
                    "尚无账号：请在 http://{addr}/setup 创建管理员（或运行 `qiyuan serve --demo` 使用演示数据）"
                ),
            )
        );
    }
    println!("{}", console.t("press Ctrl-C to stop", "按 Ctrl-C 停止"));
    let sweeper = tokio::spawn(sweep_sessions(state.store.clone()));
    let served = serve_on(listener, state, shutdown_signal(console)).await;
    sweeper.abort();
    served
}

/// Removes expired sessions every hour (and once at start).
async fn sweep_sessions(store: Store) {
    let mut every = tokio::time::interval(std::time::Duration::from_secs(3600));
    loop {
        every.tick().await;
        if let Err(e) = store.sweep_expired_sessions().await {
            eprintln!("qiyuan-server: sweeping expired sessions: {e}");
        }
    }
}

/// Completes on Ctrl-C, or SIGTERM on Unix.
async fn shutdown_signal(console: Lang) {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
    println!("{}", console.t("shutting down", "正在停止"));
}
