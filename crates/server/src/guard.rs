//! What keeps one arbiter or one crowd from taking the server down:
//!
//! - **heavy jobs** ([`heavy`]): pairing, imports and rating periods run on
//!   blocking threads, at most [`ServeLimits::heavy_jobs`] at once; a
//!   request that finds every slot taken waits a little, then is answered
//!   503 with `Retry-After` ([`AppError::Busy`]), so the async threads stay
//!   free for every other page;
//! - **password checks** ([`Guard::sign_in_slot`]): at most
//!   [`ServeLimits::concurrent_sign_ins`] argon2 checks at once (each takes
//!   ~19 MiB), the others queue;
//! - **the sign-in throttle** ([`Throttle`]): failed sign-ins counted per
//!   account and per address; past the allowance the next attempt waits,
//!   doubling, and is answered 429 with `Retry-After` without checking the
//!   password at all.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use tokio::sync::{Semaphore, SemaphorePermit};

use crate::error::AppError;
use crate::{AppState, ServeLimits};

/// The address a connection came from (in every request's extensions).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PeerAddr(pub std::net::IpAddr);

/// The visitor's address as the sign-in throttle and the security log see
/// it: the connection's, or behind a proxy ([`crate::ServeConfig::behind_proxy`])
/// the last address of `X-Forwarded-For`; `None` when neither is known
/// (a request served without [`crate::serve_on`]).
pub fn client_addr(state: &AppState, parts: &axum::http::request::Parts) -> Option<String> {
    if state.config.behind_proxy
        && let Some(last) = parts
            .headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(str::trim)
            .rfind(|a| a.parse::<std::net::IpAddr>().is_ok())
    {
        return Some(last.to_string());
    }
    parts
        .extensions
        .get::<PeerAddr>()
        .map(|PeerAddr(ip)| ip.to_string())
}

/// [`client_addr`] as an extractor: `ClientAddr(Some("203.0.113.7"))`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientAddr(pub Option<String>);

impl axum::extract::FromRequestParts<AppState> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        Ok(ClientAddr(client_addr(state, parts)))
    }
}

/// The server's shared bounds (one per [`AppState`]).
#[derive(Debug)]
pub struct Guard {
    jobs: std::sync::Arc<Semaphore>,
    job_slots: usize,
    sign_ins: Semaphore,
    /// Failed sign-ins per account and per address.
    pub throttle: Throttle,
}

impl Guard {
    /// Bounds as `limits` sets them.
    pub fn new(limits: &ServeLimits) -> Guard {
        Guard {
            jobs: std::sync::Arc::new(Semaphore::new(limits.heavy_jobs.max(1))),
            job_slots: limits.heavy_jobs.max(1),
            sign_ins: Semaphore::new(limits.concurrent_sign_ins.max(1)),
            throttle: Throttle::default(),
        }
    }

    /// Heavy jobs running now (job slots taken), of
    /// [`ServeLimits::heavy_jobs`].
    pub fn jobs_running(&self) -> usize {
        self.job_slots.saturating_sub(self.jobs.available_permits())
    }

    /// Waits for a turn to check a password.
    ///
    /// # Errors
    /// Never in practice (the semaphore is never closed).
    pub async fn sign_in_slot(&self) -> Result<SemaphorePermit<'_>, AppError> {
        self.sign_ins
            .acquire()
            .await
            .map_err(|e| AppError::Internal(e.to_string()))
    }
}

/// Runs `job` on a blocking thread when a job slot is free (waiting at most
/// [`ServeLimits::heavy_wait`] for one), and answers its value; the slot is
/// held until the job ends, even if the request gave up.
///
/// # Errors
/// [`AppError::Busy`] when no slot was free in time (nothing was done);
/// [`AppError::StillRunning`] when the job ran past
/// [`ServeLimits::heavy_timeout`] (it goes on: the answer must not say it
/// failed); [`AppError::Internal`] if the job panicked.
pub async fn heavy<T, F>(state: &AppState, job: F) -> Result<T, AppError>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    let limits = &state.config.limits;
    let slot = tokio::time::timeout(limits.heavy_wait, state.guard.jobs.clone().acquire_owned())
        .await
        .map_err(|_| AppError::Busy)?
        .map_err(|e| AppError::Internal(e.to_string()))?;
    let handle = tokio::task::spawn_blocking(move || {
        let _slot = slot;
        job()
    });
    match tokio::time::timeout(limits.heavy_timeout, handle).await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(e)) => Err(AppError::Internal(format!("a heavy job failed: {e}"))),
        Err(_) => Err(AppError::StillRunning(limits.heavy_timeout.as_secs())),
    }
}

/// [`heavy`] for a job written as async code whose future is not `Send`
/// (the store's imports and periods take a `&dyn Fn` progress callback):
/// `job()`'s future runs to its end on the job's blocking thread, driven by
/// [`tokio::runtime::Handle::block_on`] on the server's runtime, so that the
/// handler's own future stays `Send`. The same slots, the same
/// [`ServeLimits::heavy_wait`] and [`ServeLimits::heavy_timeout`] as
/// [`heavy`]: the office's imports and periods cannot crowd out pairing, nor
/// pairing them.
///
/// A job that runs past the timeout is not stopped: it is answered 202
/// ([`AppError::StillRunning`], "it goes on, do not send it again") and
/// what it writes (an import, a period's draft) is written all the same. A
/// request refused because no slot was free (503) has written nothing.
///
/// # Errors
/// As [`heavy`].
pub async fn heavy_async<T, F, Fut>(state: &AppState, job: F) -> Result<T, AppError>
where
    T: Send + 'static,
    F: FnOnce() -> Fut + Send + 'static,
    Fut: std::future::Future<Output = T>,
{
    let runtime = tokio::runtime::Handle::current();
    heavy(state, move || runtime.block_on(job())).await
}

/// Failed sign-ins per key (`user:NAME`, `addr:IP`): after
/// [`Throttle::ALLOWED`] failures in a row for an account
/// ([`Throttle::ALLOWED_PER_ADDRESS`] for an address, which an office may
/// share), each further attempt must wait 1 s, 2 s, 4 s … (at most
/// [`Throttle::MAX_WAIT`]) after the last failure.
/// A success clears the account's count. Kept in memory: a restart forgets
/// it, which only gives a guesser a fresh allowance of a few attempts.
///
/// ```
/// use std::time::{Duration, Instant};
/// use qiyuan_server::guard::Throttle;
/// let t = Throttle::default();
/// let now = Instant::now();
/// for _ in 0..Throttle::ALLOWED {
///     assert_eq!(t.wait(&["user:li"], now), None);
///     t.failed(&["user:li"], now);
/// }
/// assert_eq!(t.wait(&["user:li"], now), Some(Duration::from_secs(1)));
/// assert_eq!(t.wait(&["user:wang"], now), None);
/// ```
#[derive(Debug, Default)]
pub struct Throttle {
    failures: Mutex<HashMap<String, (u32, Instant)>>,
}

impl Throttle {
    /// Failures of one account allowed before the waits start.
    pub const ALLOWED: u32 = 5;
    /// Failures from one address allowed before the waits start.
    pub const ALLOWED_PER_ADDRESS: u32 = 20;
    /// The longest wait.
    pub const MAX_WAIT: Duration = Duration::from_secs(15 * 60);
    /// Keys remembered at most (a flood of addresses cannot grow it
    /// without bound: the oldest are forgotten first).
    pub const MAX_KEYS: usize = 100_000;

    fn wait_for(key: &str, count: u32) -> Option<Duration> {
        let allowed = if key.starts_with("addr:") {
            Self::ALLOWED_PER_ADDRESS
        } else {
            Self::ALLOWED
        };
        let over = count.checked_sub(allowed)?;
        let secs = 1u64.checked_shl(over.min(20)).unwrap_or(u64::MAX);
        Some(Duration::from_secs(secs).min(Self::MAX_WAIT))
    }

    /// How long the caller must still wait before trying any of `keys`
    /// (the longest of them); `None` when it may try now.
    pub fn wait(&self, keys: &[&str], now: Instant) -> Option<Duration> {
        let map = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        keys.iter()
            .filter_map(|k| {
                let (count, last) = map.get(*k)?;
                let until = *last + Self::wait_for(k, *count)?;
                until.checked_duration_since(now).filter(|d| !d.is_zero())
            })
            .max()
    }

    /// Counts a failed attempt against each of `keys`.
    pub fn failed(&self, keys: &[&str], now: Instant) {
        let mut map = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() >= Self::MAX_KEYS {
            // Forget whoever has been quiet longest: the map stays bounded.
            let mut by_age: Vec<(Instant, String)> =
                map.iter().map(|(k, (_, t))| (*t, k.clone())).collect();
            by_age.sort();
            for (_, k) in by_age.into_iter().take(Self::MAX_KEYS / 10) {
                map.remove(&k);
            }
        }
        for k in keys {
            let entry = map.entry((*k).to_string()).or_insert((0, now));
            entry.0 = entry.0.saturating_add(1);
            entry.1 = now;
        }
    }

    /// Clears the counts of `keys` (a successful sign-in).
    pub fn succeeded(&self, keys: &[&str]) {
        let mut map = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        for k in keys {
            map.remove(*k);
        }
    }
}
