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
//! - [`desk`], [`office`], [`public`], [`api`]: each a `routes()` merged by
//!   [`app`].
//!
//! ```no_run
//! # async fn run() -> anyhow::Result<()> {
//! let config = qiyuan_server::ServeConfig {
//!     addr: "127.0.0.1:8080".parse()?,
//!     database: "qiyuan.sqlite3".into(),
//!     demo: false,
//!     secure_cookies: false,
//! };
//! qiyuan_server::serve(config).await
//! # }
//! ```
#![warn(missing_docs)]

pub mod api;
pub mod auth;
pub mod chart;
pub mod demo;
pub mod desk;
pub mod error;
pub mod i18n;
pub mod layout;
pub mod office;
mod pages;
pub mod privacy;
pub mod public;
pub mod session;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::get;
use qiyuan_store::Store;

pub use error::AppError;

/// The largest request body accepted: 16 MB. Larger requests get 413 and a
/// message saying the limit.
pub const BODY_LIMIT: usize = 16 * 1024 * 1024;

/// How the server runs (`qiyuan serve` flags).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServeConfig {
    /// Address to listen on (`--addr`, default `127.0.0.1:8080`).
    pub addr: SocketAddr,
    /// The database: a SQLite file path, `sqlite://…` or `postgres://…`
    /// (see [`qiyuan_store::database_url`]).
    pub database: String,
    /// Seed the demo data even if the database is not empty (`--demo`).
    pub demo: bool,
    /// Mark cookies `Secure` (`--secure-cookies`): for deployments behind
    /// HTTPS (a reverse proxy terminating TLS). Browsers then send the
    /// cookies over HTTPS only, so leave it off for plain-HTTP use.
    pub secure_cookies: bool,
}

impl Default for ServeConfig {
    fn default() -> Self {
        ServeConfig {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            database: "qiyuan.sqlite3".into(),
            demo: false,
            secure_cookies: false,
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
}

impl AppState {
    /// A state over an open store. Its point service starts lazily; keep
    /// one state per database in a process (the point store allows one
    /// writer per database) and clone it.
    pub fn new(store: Store, config: ServeConfig) -> Self {
        AppState {
            store,
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
    Router::new()
        .merge(pages::routes())
        .merge(desk::routes())
        .merge(office::routes())
        .merge(public::routes())
        .merge(api::routes())
        .route("/static/app.css", get(layout::app_css))
        .route("/static/app.js", get(layout::app_js))
        .fallback(|| async { AppError::NotFound })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            session::middleware,
        ))
        .layer(axum::middleware::from_fn(session::security_headers))
        .with_state(state)
}

/// Serves the application on an already bound listener until `shutdown`
/// completes (then finishes the requests in flight).
///
/// # Errors
/// The listener fails.
pub async fn serve_on(
    listener: tokio::net::TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    axum::serve(listener, app(state))
        .with_graceful_shutdown(shutdown)
        .await?;
    Ok(())
}

/// Opens (and migrates) the database, seeds the demo data on an empty
/// database or with `--demo`, binds `config.addr`, prints the URL, and
/// serves until Ctrl-C (or SIGTERM).
///
/// # Errors
/// The database cannot be opened, the demo data cannot be written, or the
/// address cannot be bound.
pub async fn serve(config: ServeConfig) -> anyhow::Result<()> {
    use anyhow::Context;
    let url = qiyuan_store::database_url(&config.database);
    let store = Store::open(&url).await?;
    let state = AppState::new(store, config.clone());
    if config.demo || demo::is_empty(&state).await? {
        demo::seed_demo(&state)
            .await
            .context("seeding the demo data")?;
    }
    if demo::demo_account_open(&state).await? {
        println!(
            "demo account: sign in as `{}` with password `{}` (change it before going public)",
            demo::DEMO_USER,
            demo::DEMO_PASSWORD
        );
    }
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .with_context(|| format!("cannot listen on {}", config.addr))?;
    let addr = listener.local_addr()?;
    println!(
        "qiyuan serving on http://{addr}/  (database: {})",
        config.database
    );
    println!("press Ctrl-C to stop");
    serve_on(listener, state, shutdown_signal()).await
}

/// Completes on Ctrl-C, or SIGTERM on Unix.
async fn shutdown_signal() {
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
    println!("shutting down");
}
