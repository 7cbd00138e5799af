//! `qiyuan token` end to end (issue 12, item 4): a token is made with an
//! expiry, listed without ever showing it again, and revoked at once.

use std::path::Path;
use std::process::{Command, Output};

use qiyuan_store::Store;
use qiyuan_store::accounts::Role;

const QIYUAN: &str = env!("CARGO_BIN_EXE_qiyuan");

fn token(db: &Path, args: &[&str]) -> Output {
    Command::new(QIYUAN)
        .arg("token")
        .args(args)
        .arg("--database")
        .arg(db)
        .env("USER", "ops")
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn block_on<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(f)
}

#[test]
fn tokens_are_created_listed_and_revoked() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("qiyuan.sqlite3");
    let made = stdout(&token(
        &db,
        &[
            "create",
            "--role",
            "officer",
            "--label",
            "import robot",
            "--days",
            "30",
        ],
    ));
    let secret = made.trim().to_string();
    assert!(secret.starts_with("qy_"), "{made}");
    let forever = stdout(&token(&db, &["create", "--role", "arbiter", "--days", "0"]));

    let url = qiyuan_store::database_url(&db.display().to_string());
    let store = block_on(Store::open(&url)).unwrap();
    let owner = block_on(store.token_user(&secret)).unwrap().unwrap();
    assert_eq!(owner.role, Role::Officer);
    let listed = block_on(store.api_tokens()).unwrap();
    // Newest first: the arbiter's token never expires, the robot's in 30 days.
    assert_eq!(listed[0].expires, None);
    let expires = listed[1].expires.clone().unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let in_30_days = chrono::DateTime::from_timestamp(now + 30 * 86_400, 0)
        .unwrap()
        .format("%Y-%m-%d")
        .to_string();
    assert!(
        expires.starts_with(&in_30_days),
        "{expires} vs {in_30_days}"
    );

    let list = stdout(&token(&db, &["list"]));
    assert!(
        list.contains("import robot") && list.contains("never"),
        "{list}"
    );
    assert!(
        !list.contains(&secret) && !list.contains(forever.trim()),
        "a token is shown only when made"
    );

    let id = owner.token_id.to_string();
    let revoked = stdout(&token(&db, &["revoke", &id]));
    assert!(revoked.contains("revoked"), "{revoked}");
    assert!(block_on(store.token_user(&secret)).unwrap().is_none());
    let again = token(&db, &["revoke", &id]);
    assert!(!again.status.success());
    assert!(
        String::from_utf8_lossy(&again.stderr).contains(&format!("no token #{id} to revoke")),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    let kinds: Vec<String> = block_on(store.security_log(10))
        .unwrap()
        .into_iter()
        .map(|e| e.kind)
        .collect();
    assert_eq!(kinds, ["token-revoked", "token-created", "token-created"]);
    block_on(store.close());
}
