//! `qiyuan serve`: the web application — the arbiter's desk, the rating
//! office and the public pages in a browser, and the JSON API.
//!
//! ```text
//! qiyuan serve --demo                           # http://127.0.0.1:8080/ with the demo data
//! qiyuan serve                                  # an empty database opens the first-run set-up
//! qiyuan serve --addr 0.0.0.0:8080 --database postgres://qiyuan@db/qiyuan
//! qiyuan serve --secure-cookies                 # behind an HTTPS reverse proxy
//! ```
//!
//! The database defaults to the SQLite file `qiyuan.sqlite3` in the data
//! directory: `$QIYUAN_DATA_DIR` if set, else `qiyuan/` in the platform's
//! data directory (`~/.local/share/qiyuan` on Linux). Without `--demo` no
//! account exists until the first visitor creates the administrator at
//! `/setup`; `--demo` seeds the demo data with the administrator `demo` /
//! `demo-qiyuan` (printed at start-up) and listens on loopback only unless
//! `--demo-public` is given.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::say::t;
use anyhow::Context;

/// Arguments of `qiyuan serve`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  qiyuan serve --demo                            # http://127.0.0.1:8080/ with the demo data
  qiyuan serve                                   # first run: create the administrator at /setup
  qiyuan serve --addr 0.0.0.0:8080 --database office.sqlite3
  qiyuan serve --secure-cookies                  # behind an HTTPS reverse proxy

PostgreSQL: --database postgres://USER:PASSWORD@HOST/DATABASE.

--demo seeds the demo data, with the administrator account `demo` /
`demo-qiyuan` everyone knows: it is refused on an address other than
loopback unless --demo-public is given. Running it in public: see
docs/operations.md.
Without --database the data lives in $QIYUAN_DATA_DIR/qiyuan.sqlite3
(default data directory: ~/.local/share/qiyuan).")]
pub struct Args {
    /// Address and port to listen on.
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "IP:PORT")]
    addr: SocketAddr,
    /// The database: a SQLite file path, `sqlite://PATH`, or
    /// `postgres://USER:PASS@HOST/DB`. Default: `qiyuan.sqlite3` in the data
    /// directory (`$QIYUAN_DATA_DIR`, else `~/.local/share/qiyuan`).
    #[arg(long, value_name = "URL")]
    database: Option<String>,
    /// Seed the demo data (the administrator `demo` / `demo-qiyuan`, a
    /// rating list, demo events); what exists is kept. Loopback only unless
    /// --demo-public.
    #[arg(long)]
    demo: bool,
    /// Let --demo listen on an address other than loopback (everyone knows
    /// the demo's password).
    #[arg(long, requires = "demo")]
    demo_public: bool,
    /// The largest request body, an upload included, in MB (of 1024 KiB);
    /// larger ones are refused with 413.
    #[arg(
        long,
        default_value_t = (qiyuan_server::ServeLimits::default().max_upload_bytes / (1024 * 1024)) as u64,
        value_parser = clap::value_parser!(u64).range(1..),
        value_name = "MB"
    )]
    max_upload_mb: u64,
    /// Players one event of the desk may hold.
    #[arg(long, default_value_t = qiyuan_server::ServeLimits::default().max_players_per_event, value_name = "N")]
    max_players: usize,
    /// Open connections at once (more are closed at once).
    #[arg(long, default_value_t = qiyuan_server::ServeLimits::default().max_connections, value_name = "N")]
    max_connections: usize,
    /// Password checks at once (each takes ~19 MiB; the rest wait).
    #[arg(long, default_value_t = qiyuan_server::ServeLimits::default().concurrent_sign_ins, value_name = "N")]
    max_sign_ins: usize,
    /// Heavy jobs at once (pairing; the office's imports, rating periods
    /// and publications); more are answered "busy, try again".
    #[arg(long, default_value_t = qiyuan_server::ServeLimits::default().heavy_jobs, value_name = "N")]
    max_jobs: usize,
    /// Mark cookies `Secure`: use it when the site is served over HTTPS (a
    /// reverse proxy terminating TLS in front of qiyuan); browsers then
    /// send the session cookie over HTTPS only.
    #[arg(long)]
    secure_cookies: bool,
    /// Behind a reverse proxy: take the visitor's address from the last
    /// entry of X-Forwarded-For (for the sign-in throttle). Only behind a
    /// proxy that sets that header.
    #[arg(long)]
    behind_proxy: bool,
    /// The site's local time, as an offset from UTC (`+08:00`, `-05:00`,
    /// `0`): the times the pages show are in it. Default +08:00, China
    /// Standard Time (no daylight saving).
    #[arg(long, default_value = "+08:00", value_name = "±HH:MM", value_parser = parse_utc_offset, allow_hyphen_values = true)]
    utc_offset: i32,
}

/// `+08:00`, `-05:30`, `+8`, `0` → minutes east of UTC (at most 14 hours).
fn parse_utc_offset(text: &str) -> Result<i32, String> {
    let t = text.trim();
    let bad = || format!("`{t}` is not an offset from UTC such as +08:00, -05:30 or 0");
    let (sign, rest) = match t.as_bytes().first() {
        Some(b'+') => (1, &t[1..]),
        Some(b'-') => (-1, &t[1..]),
        _ => (1, t),
    };
    let (h, m) = rest.split_once(':').unwrap_or((rest, "0"));
    let h: i32 = h.parse().map_err(|_| bad())?;
    let m: i32 = m.parse().map_err(|_| bad())?;
    if !(0..=14).contains(&h) || !(0..60).contains(&m) || (h == 14 && m > 0) {
        return Err(bad());
    }
    Ok(sign * (h * 60 + m))
}

/// The data directory: `$QIYUAN_DATA_DIR`, else `qiyuan/` in the
/// platform's data directory.
pub fn data_dir() -> anyhow::Result<PathBuf> {
    if let Some(dir) = std::env::var_os("QIYUAN_DATA_DIR").filter(|s| !s.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    Ok(dirs::data_dir()
        .with_context(|| {
            t(
                "no data directory: set QIYUAN_DATA_DIR or give --database",
                "找不到数据目录：请设置 QIYUAN_DATA_DIR 或给出 --database",
            )
        })?
        .join("qiyuan"))
}

/// The web application's default database: `qiyuan.sqlite3` in [`data_dir`].
pub fn default_database() -> anyhow::Result<String> {
    Ok(data_dir()?.join("qiyuan.sqlite3").display().to_string())
}

/// Runs `qiyuan serve` until Ctrl-C.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let database = match args.database {
        Some(d) => d,
        None => default_database()?,
    };
    let config = qiyuan_server::ServeConfig {
        addr: args.addr,
        database,
        demo: args.demo,
        demo_public: args.demo_public,
        secure_cookies: args.secure_cookies,
        behind_proxy: args.behind_proxy,
        utc_offset_minutes: args.utc_offset,
        limits: qiyuan_server::ServeLimits {
            max_players_per_event: args.max_players,
            max_connections: args.max_connections,
            concurrent_sign_ins: args.max_sign_ins,
            heavy_jobs: args.max_jobs,
            max_upload_bytes: usize::try_from(args.max_upload_mb.saturating_mul(1024 * 1024))
                .unwrap_or(usize::MAX),
            ..Default::default()
        },
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let served = runtime.block_on(qiyuan_server::serve_in(config, crate::say::lang()));
    // A heavy job still running on its blocking thread (a pairing, an
    // import) is not waited for: dropping the runtime would wait for it, so
    // that Ctrl-C could take minutes. Its transaction is never committed.
    runtime.shutdown_background();
    served?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::parse_utc_offset;

    #[test]
    fn offsets_are_read_in_minutes_and_bounded() {
        assert_eq!(parse_utc_offset("+08:00"), Ok(480));
        assert_eq!(parse_utc_offset("-05:30"), Ok(-330));
        assert_eq!(parse_utc_offset("0"), Ok(0));
        assert_eq!(parse_utc_offset("+14:00"), Ok(840));
        assert!(parse_utc_offset("+15:00").is_err());
        assert!(parse_utc_offset("+08:75").is_err());
        assert!(parse_utc_offset("Asia/Shanghai").is_err());
    }
}
