//! `qiyuan serve`: the web application — the arbiter's desk, the rating
//! office and the public pages in a browser, and the JSON API.
//!
//! ```text
//! qiyuan serve                                  # http://127.0.0.1:8080/, demo data on first run
//! qiyuan serve --addr 0.0.0.0:8080 --database postgres://qiyuan@db/qiyuan
//! qiyuan serve --secure-cookies                 # behind an HTTPS reverse proxy
//! ```
//!
//! The database defaults to the SQLite file `qiyuan.sqlite3` in the data
//! directory: `$QIYUAN_DATA_DIR` if set, else `qiyuan/` in the platform's
//! data directory (`~/.local/share/qiyuan` on Linux). On an empty database
//! the demo data is seeded, with the administrator account `demo` /
//! `demo-qiyuan` (printed at start-up): change or delete it before going
//! public.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;

/// Arguments of `qiyuan serve`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  qiyuan serve                                   # http://127.0.0.1:8080/, demo data on first run
  qiyuan serve --addr 0.0.0.0:8080 --database office.sqlite3
  qiyuan serve --secure-cookies                  # behind an HTTPS reverse proxy

PostgreSQL: --database postgres://USER:PASSWORD@HOST/DATABASE.

On an empty database the demo data is seeded, with the administrator
account `demo` / `demo-qiyuan`: change its password (page
/account/password) before going public.
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
    /// Seed the demo data (demo account, a rating list, demo events) even if
    /// the database is not empty; what exists is kept.
    #[arg(long)]
    demo: bool,
    /// Mark cookies `Secure`: use it when the site is served over HTTPS (a
    /// reverse proxy terminating TLS in front of qiyuan); browsers then
    /// send the session cookie over HTTPS only.
    #[arg(long)]
    secure_cookies: bool,
}

/// The data directory: `$QIYUAN_DATA_DIR`, else `qiyuan/` in the
/// platform's data directory.
pub fn data_dir() -> anyhow::Result<PathBuf> {
    if let Some(dir) = std::env::var_os("QIYUAN_DATA_DIR").filter(|s| !s.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    Ok(dirs::data_dir()
        .context("no data directory: set QIYUAN_DATA_DIR or give --database")?
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
        secure_cookies: args.secure_cookies,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(qiyuan_server::serve(config))?;
    Ok(ExitCode::SUCCESS)
}
