//! `qiyuan token`: API tokens for the JSON API of `qiyuan serve`.
//!
//! ```text
//! qiyuan token create --role arbiter --label "results phone"
//! qiyuan token create --role officer --user li --database office.sqlite3
//! ```
//!
//! The token is printed once; the database keeps only its SHA-256. Clients
//! send it as `Authorization: Bearer TOKEN`.

use std::process::ExitCode;

use anyhow::bail;
use qiyuan_store::Store;
use qiyuan_store::accounts::Role;

/// Arguments of `qiyuan token`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  qiyuan token create --role arbiter --label \"results phone\"
  qiyuan token create --role officer --database office.sqlite3

With --user NAME the token acts as that account (of the same role, or an
administrator's). The token is printed once; only its SHA-256 is stored. Send it as
`Authorization: Bearer TOKEN`.")]
pub struct Args {
    #[command(subcommand)]
    command: Sub,
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
        /// The database of `qiyuan serve` (default: `qiyuan.sqlite3` in the
        /// data directory, as `serve`).
        #[arg(long, value_name = "URL")]
        database: Option<String>,
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

/// Runs `qiyuan token`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let Sub::Create {
        role,
        user,
        label,
        database,
    } = args.command;
    let database = match database {
        Some(d) => d,
        None => super::serve::default_database()?,
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let store = Store::open(&qiyuan_store::database_url(&database)).await?;
        let role = Role::from(role);
        let user_id = match &user {
            None => None,
            Some(name) => match store.user_by_name(name).await? {
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
        let token = store
            .create_api_token(role, user_id, label.as_deref())
            .await?;
        println!("{token}");
        eprintln!(
            "token for role {role} created; it is shown only now (the database keeps its hash).\n\
             use it as: Authorization: Bearer {token}"
        );
        store.close().await;
        Ok(ExitCode::SUCCESS)
    })
}
