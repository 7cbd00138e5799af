//! `qiyuan token`: API tokens for the JSON API of `qiyuan serve`.
//!
//! ```text
//! qiyuan token create --role arbiter --label "results phone" --days 30
//! qiyuan token create --role officer --user li --database office.sqlite3
//! qiyuan token list
//! qiyuan token revoke 1
//! ```
//!
//! The token is printed once; the database keeps only its SHA-256. Clients
//! send it as `Authorization: Bearer TOKEN`. A token expires (90 days by
//! default) and can be revoked; both hold from the next request on.

use std::process::ExitCode;

use anyhow::bail;
use comfy_table::Table;
use qiyuan_store::Store;
use qiyuan_store::accounts::Role;
use qiyuan_store::security::{SecurityEntry, SecurityEvent};

/// How long a token lives unless `--days` says otherwise.
const DEFAULT_DAYS: u32 = 90;

/// Arguments of `qiyuan token`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  qiyuan token create --role arbiter --label \"results phone\" --days 30
  qiyuan token create --role officer --database office.sqlite3
  qiyuan token list
  qiyuan token revoke 1

With --user NAME the token acts as that account (of the same role, or an
administrator's). The token is printed once; only its SHA-256 is stored. Send it as
`Authorization: Bearer TOKEN`. A token is accepted for --days days (90 unless
told; --days 0: until revoked); `token revoke ID` ends it at once.")]
pub struct Args {
    #[command(subcommand)]
    command: Sub,
    /// The database of `qiyuan serve` (default: `qiyuan.sqlite3` in the
    /// data directory, as `serve`).
    #[arg(long, global = true, value_name = "URL")]
    database: Option<String>,
}

#[derive(Debug, clap::Subcommand)]
enum Sub {
    /// Create a token and print it (only its hash is stored).
    Create {
        /// The role the token acts with.
        #[arg(long, value_enum)]
        role: RoleArg,
        /// Tie the token to this account (an arbiter's token then reaches
        /// the events the account is assigned to).
        #[arg(long, value_name = "USERNAME")]
        user: Option<String>,
        /// A note saying what the token is for.
        #[arg(long)]
        label: Option<String>,
        /// Days the token is accepted; 0: until revoked.
        #[arg(long, default_value_t = DEFAULT_DAYS)]
        days: u32,
    },
    /// List every token (never the token itself): id, role, account or
    /// label, created, expires, last used, revoked.
    List,
    /// Revoke a token at once (its id as `token list` shows it).
    Revoke {
        /// The token's id.
        id: i64,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum RoleArg {
    Admin,
    Officer,
    Arbiter,
}

impl From<RoleArg> for Role {
    fn from(r: RoleArg) -> Role {
        match r {
            RoleArg::Admin => Role::Admin,
            RoleArg::Officer => Role::Officer,
            RoleArg::Arbiter => Role::Arbiter,
        }
    }
}

/// The operating-system user (as `qiyuan office` finds it), as the
/// security log records who acted.
fn os_user() -> String {
    super::office::acting_user(None).map_or_else(
        |_| "command line".to_string(),
        |u| format!("{u} (command line)"),
    )
}

/// Runs `qiyuan token`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let database = match args.database {
        Some(d) => d,
        None => super::serve::default_database()?,
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let store = Store::open(&qiyuan_store::database_url(&database)).await?;
        let code = match args.command {
            Sub::Create {
                role,
                user,
                label,
                days,
            } => create(&store, &database, role.into(), user, label, days).await?,
            Sub::List => {
                let mut table = Table::new();
                table.set_header([
                    "id",
                    "role",
                    "account",
                    "label",
                    "created",
                    "expires",
                    "last used",
                    "revoked",
                ]);
                for t in store.api_tokens().await? {
                    table.add_row([
                        t.id.to_string(),
                        t.role.to_string(),
                        t.username.unwrap_or_default(),
                        t.label.unwrap_or_default(),
                        t.created,
                        t.expires.unwrap_or_else(|| "never".to_string()),
                        t.last_used.unwrap_or_default(),
                        t.revoked.unwrap_or_default(),
                    ]);
                }
                println!("{table}");
                ExitCode::SUCCESS
            }
            Sub::Revoke { id } => {
                if store.revoke_api_token(id, &os_user()).await? {
                    println!("token #{id} revoked: it is refused from the next request on");
                    ExitCode::SUCCESS
                } else {
                    bail!("no token #{id} to revoke in {database} (see `qiyuan token list`)")
                }
            }
        };
        store.close().await;
        Ok(code)
    })
}

async fn create(
    store: &Store,
    database: &str,
    role: Role,
    user: Option<String>,
    label: Option<String>,
    days: u32,
) -> anyhow::Result<ExitCode> {
    let user_id = match &user {
        None => None,
        Some(name) => match store.user_by_name(name).await? {
            Some((account, _)) if account.disabled => {
                bail!("account {name} is disabled: enable it before making it a token")
            }
            Some((account, _)) if account.role == role || account.role == Role::Admin => {
                Some(account.id)
            }
            Some((account, _)) => bail!(
                "account {name} is {}, not {role}: a token of an account acts with the \
                 account's role",
                account.role
            ),
            None => bail!("no account named {name} in {database}"),
        },
    };
    let valid = (days > 0).then(|| i64::from(days) * 86_400);
    let token = store
        .create_api_token(role, user_id, label.as_deref(), valid)
        .await?;
    let about = serde_json::json!({
        "role": role, "label": label, "days": (days > 0).then_some(days),
    })
    .to_string();
    store
        .log_security(&SecurityEntry {
            kind: SecurityEvent::TokenCreated,
            username: user.as_deref(),
            actor: Some(&os_user()),
            address: None,
            detail: &about,
        })
        .await?;
    println!("{token}");
    let until = if days > 0 {
        format!("accepted for {days} days")
    } else {
        "accepted until revoked".to_string()
    };
    eprintln!(
        "token for role {role} created, {until}; it is shown only now (the database keeps \
         its hash).\nuse it as: Authorization: Bearer {token}"
    );
    Ok(ExitCode::SUCCESS)
}
