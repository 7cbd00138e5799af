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

use crate::say;
use anyhow::bail;
use comfy_table::Table;
use qiyuan_rating::Lang;
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
                table.set_header(if say::lang() == Lang::Zh {
                    [
                        "编号",
                        "角色",
                        "账号",
                        "标签",
                        "创建",
                        "到期",
                        "最近使用",
                        "吊销",
                    ]
                } else {
                    [
                        "id",
                        "role",
                        "account",
                        "label",
                        "created",
                        "expires",
                        "last used",
                        "revoked",
                    ]
                });
                for t in store.api_tokens().await? {
                    table.add_row([
                        t.id.to_string(),
                        t.role.to_string(),
                        t.username.unwrap_or_default(),
                        t.label.unwrap_or_default(),
                        t.created,
                        t.expires.unwrap_or_else(|| say::t("never", "永不")),
                        t.last_used.unwrap_or_default(),
                        t.revoked.unwrap_or_default(),
                    ]);
                }
                println!("{table}");
                ExitCode::SUCCESS
            }
            Sub::Revoke { id } => {
                if store.revoke_api_token(id, &os_user()).await? {
                    println!(
                        "{}",
                        say::t(
                            format!("token #{id} revoked: it is refused from the next request on"),
                            format!("令牌 #{id} 已吊销：从下一个请求起不再接受"),
                        )
                    );
                    ExitCode::SUCCESS
                } else {
                    bail!(say::t(
                        format!("no token #{id} to revoke in {database} (see `qiyuan token list`)"),
                        format!("{database} 中没有可吊销的令牌 #{id}（见 `qiyuan token list`）")
                    ))
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
                bail!(say::t(
                    format!("account {name} is disabled: enable it before making it a token"),
                    format!("账号 {name} 已停用：请先启用，再为其创建令牌")
                ))
            }
            Some((account, _)) if account.role == role || account.role == Role::Admin => {
                Some(account.id)
            }
            Some((account, _)) => {
                let has = account.role;
                bail!(say::t(
                    format!(
                        "account {name} is {has}, not {role}: a token of an account acts with the \
                         account's role"
                    ),
                    format!(
                        "账号 {name} 的角色是 {has}，不是 {role}：账号的令牌以该账号的角色行事"
                    )
                ))
            }
            None => bail!(say::t(
                format!("no account named {name} in {database}"),
                format!("{database} 中没有名为 {name} 的账号")
            )),
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
        say::t(
            format!("accepted for {days} days"),
            format!("有效期 {days} 天"),
        )
    } else {
        say::t("accepted until revoked", "吊销前一直有效")
    };
    eprintln!(
        "{}",
        say::t(
            format!(
                "token for role {role} created, {until}; it is shown only now (the database keeps \
                 its hash).\nuse it as: Authorization: Bearer {token}"
            ),
            format!(
                "已为角色 {role} 创建令牌，{until}；令牌只在此时显示一次（数据库只保存其哈希）。\n\
                 用法：Authorization: Bearer {token}"
            ),
        )
    );
    Ok(ExitCode::SUCCESS)
}
