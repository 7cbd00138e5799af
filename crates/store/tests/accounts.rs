//! Accounts of the web application, run on SQLite and (when
//! `QIYUAN_TEST_POSTGRES_URL` is set) on PostgreSQL: users with unique
//! names, sessions found only by their id and only until they expire, API
//! tokens stored as hashes, and arbiters assigned per event.

mod common;

use common::*;
use qiyuan_store::accounts::Role;
use sha2::{Digest, Sha256};
use sqlx::Row;

fn sha256_hex(s: &str) -> String {
    Sha256::digest(s.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[tokio::test]
async fn users_have_unique_names_and_roles() {
    for db in databases().await {
        let store = open(&db).await;
        assert_eq!(store.user_count().await.unwrap(), 0, "{}", db.name);
        let admin = store
            .create_first_admin("root", "$argon2id$fake1")
            .await
            .unwrap()
            .expect("first admin on an empty database");
        assert_eq!(admin.role, Role::Admin);
        // Only while no account exists.
        assert!(
            store
                .create_first_admin("root2", "$argon2id$fake2")
                .await
                .unwrap()
                .is_none(),
            "{}",
            db.name
        );
        let arb = store
            .create_user("张三", "$argon2id$fake3", Role::Arbiter)
            .await
            .unwrap()
            .unwrap();
        assert!(
            store
                .create_user("张三", "$argon2id$other", Role::Officer)
                .await
                .unwrap()
                .is_none(),
            "a taken name is refused ({})",
            db.name
        );
        assert_eq!(store.user_count().await.unwrap(), 2);
        let (found, hash) = store.user_by_name("张三").await.unwrap().unwrap();
        assert_eq!(
            (found.id, found.role, hash.as_str()),
            (arb.id, Role::Arbiter, "$argon2id$fake3")
        );
        assert!(store.user_by_name("nobody").await.unwrap().is_none());
        assert_eq!(
            store
                .change_password(arb.id, "$argon2id$new", None, Some("admin"))
                .await
                .unwrap(),
            qiyuan_store::accounts::AccountChange::Done
        );
        assert_eq!(
            store.user_by_name("张三").await.unwrap().unwrap().1,
            "$argon2id$new"
        );
        let names: Vec<String> = store
            .users()
            .await
            .unwrap()
            .into_iter()
            .map(|u| u.username)
            .collect();
        assert_eq!(names, ["root", "张三"]);
        // A role outside the three is refused by the database itself.
        let bad = sqlx::query(
            "INSERT INTO users (username, password_hash, role, created) VALUES ('x', 'h', 'king', 'now')",
        )
        .execute(store.pool())
        .await;
        assert!(bad.is_err(), "{}", db.name);
    }
}

#[tokio::test]
async fn sessions_are_found_by_id_and_keep_only_its_hash() {
    for db in databases().await {
        let store = open(&db).await;
        let user = store
            .create_user("li", "h", Role::Officer)
            .await
            .unwrap()
            .unwrap();
        let anon = store.create_session(None, Some("en"), 3600).await.unwrap();
        let signed = store
            .create_session(Some(user.id), None, 3600)
            .await
            .unwrap();
        // 32 random bytes as hex each, all different.
        for s in [&anon.id, &anon.csrf, &signed.id, &signed.csrf] {
            assert_eq!(s.len(), 64);
            assert!(s.bytes().all(|b| b.is_ascii_hexdigit()));
        }
        assert_ne!(anon.id, signed.id);
        assert_ne!(anon.csrf, signed.csrf);

        let a = store.session(&anon.id).await.unwrap().unwrap();
        assert_eq!(
            (a.user, a.csrf.as_str(), a.lang.as_deref()),
            (None, anon.csrf.as_str(), Some("en"))
        );
        let s = store.session(&signed.id).await.unwrap().unwrap();
        assert_eq!(s.user.as_ref().map(|u| u.username.as_str()), Some("li"));
        assert_eq!(s.lang, None);
        store.set_session_lang(&signed.id, "zh").await.unwrap();
        assert_eq!(
            store
                .session(&signed.id)
                .await
                .unwrap()
                .unwrap()
                .lang
                .as_deref(),
            Some("zh")
        );

        // The database holds the SHA-256 of the id, never the id.
        let stored: Vec<String> = sqlx::query("SELECT id_hash FROM sessions ORDER BY id_hash")
            .fetch_all(store.pool())
            .await
            .unwrap()
            .iter()
            .map(|r| r.get::<String, _>(0))
            .collect();
        let mut expected = vec![sha256_hex(&anon.id), sha256_hex(&signed.id)];
        expected.sort();
        assert_eq!(stored, expected, "{}", db.name);
        // The hash itself is not a session id.
        assert!(store.session(&stored[0]).await.unwrap().is_none());

        store.delete_session(&signed.id).await.unwrap();
        assert!(store.session(&signed.id).await.unwrap().is_none());
        assert!(store.session(&anon.id).await.unwrap().is_some());

        // A session whose time is up is not found (ttl -1: expired a second ago).
        let old = store.create_session(None, None, -1).await.unwrap();
        assert!(
            store.session(&old.id).await.unwrap().is_none(),
            "{}",
            db.name
        );
        // ... and is removed when the next session is created.
        store.create_session(None, None, 3600).await.unwrap();
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sessions WHERE id_hash = $1")
            .bind(sha256_hex(&old.id))
            .fetch_one(store.pool())
            .await
            .unwrap();
        assert_eq!(n, 0, "{}", db.name);
    }
}

#[tokio::test]
async fn api_tokens_are_shown_once_and_stored_as_hashes() {
    for db in databases().await {
        let store = open(&db).await;
        let user = store
            .create_user("wang", "h", Role::Arbiter)
            .await
            .unwrap()
            .unwrap();
        let labelled = store
            .create_api_token(Role::Officer, None, Some("import robot"), None)
            .await
            .unwrap();
        let owned = store
            .create_api_token(Role::Arbiter, Some(user.id), None, None)
            .await
            .unwrap();
        assert!(labelled.starts_with("qy_") && labelled.len() == 3 + 64);
        assert_ne!(labelled, owned);

        let o = store.token_user(&labelled).await.unwrap().unwrap();
        assert_eq!(
            (o.role, o.account, o.label.as_deref()),
            (Role::Officer, None, Some("import robot"))
        );
        let o = store.token_user(&owned).await.unwrap().unwrap();
        assert_eq!(o.role, Role::Arbiter);
        assert_eq!(o.account.map(|a| a.id), Some(user.id));
        assert!(store.token_user("qy_nonsense").await.unwrap().is_none());

        let rows = sqlx::query("SELECT token_hash, last_used FROM api_tokens ORDER BY id")
            .fetch_all(store.pool())
            .await
            .unwrap();
        let hashes: Vec<String> = rows.iter().map(|r| r.get::<String, _>(0)).collect();
        assert_eq!(
            hashes,
            [sha256_hex(&labelled), sha256_hex(&owned)],
            "{}",
            db.name
        );
        // Both were used once above.
        assert!(rows.iter().all(|r| r.get::<Option<String>, _>(1).is_some()));

        // Use is noted at most once a minute: a note from 2000 is renewed,
        // a note not older than a minute (here: from the future) is kept.
        let last_used = |store: &qiyuan_store::Store| {
            let store = store.clone();
            let hash = sha256_hex(&owned);
            async move {
                sqlx::query_scalar::<_, String>(
                    "SELECT last_used FROM api_tokens WHERE token_hash = $1",
                )
                .bind(hash)
                .fetch_one(store.pool())
                .await
                .unwrap()
            }
        };
        for (set, renewed) in [
            ("2000-01-01T00:00:00Z", true),
            ("2999-01-01T00:00:00Z", false),
        ] {
            sqlx::query("UPDATE api_tokens SET last_used = $1 WHERE token_hash = $2")
                .bind(set)
                .bind(sha256_hex(&owned))
                .execute(store.pool())
                .await
                .unwrap();
            store.token_user(&owned).await.unwrap().unwrap();
            assert_eq!(
                last_used(&store).await != set,
                renewed,
                "{set} ({})",
                db.name
            );
        }
    }
}

#[tokio::test]
async fn arbiters_are_assigned_per_event() {
    for db in databases().await {
        let store = open(&db).await;
        let a = store
            .create_user("a", "h", Role::Arbiter)
            .await
            .unwrap()
            .unwrap();
        let b = store
            .create_user("b", "h", Role::Arbiter)
            .await
            .unwrap()
            .unwrap();
        store.assign_arbiter(7, a.id).await.unwrap();
        store.assign_arbiter(7, a.id).await.unwrap(); // idempotent
        store.assign_arbiter(9, b.id).await.unwrap();
        assert!(store.is_event_arbiter(7, a.id).await.unwrap());
        assert!(!store.is_event_arbiter(9, a.id).await.unwrap());
        assert!(!store.is_event_arbiter(7, b.id).await.unwrap());
        assert_eq!(store.arbiter_events(a.id).await.unwrap(), [7]);
        let all: Vec<(i64, String)> = store
            .event_arbiters()
            .await
            .unwrap()
            .into_iter()
            .map(|x| (x.event_id, x.user.username))
            .collect();
        assert_eq!(
            all,
            [(7, "a".to_string()), (9, "b".to_string())],
            "{}",
            db.name
        );
        assert!(store.unassign_arbiter(7, a.id).await.unwrap());
        assert!(!store.unassign_arbiter(7, a.id).await.unwrap());
        assert!(!store.is_event_arbiter(7, a.id).await.unwrap());
    }
}

/// Issue 12, item 8 of the defects: accounts could not be disabled or
/// re-roled and tokens lived for ever. A disabled account's session and
/// tokens stop at once and come back when it is enabled; the last active
/// administrator can be neither disabled nor demoted; each change is in the
/// security log, which nobody can rewrite.
#[tokio::test]
async fn accounts_are_disabled_re_roled_and_logged() {
    use qiyuan_store::accounts::AccountChange;
    for db in databases().await {
        let store = open(&db).await;
        let root = store
            .create_first_admin("root", "$argon2id$r")
            .await
            .unwrap()
            .unwrap();
        let arb = store
            .create_user("li", "$argon2id$l", Role::Arbiter)
            .await
            .unwrap()
            .unwrap();
        let session = store
            .create_session(Some(arb.id), None, 3600)
            .await
            .unwrap();
        let token = store
            .create_api_token(Role::Arbiter, Some(arb.id), None, Some(3600))
            .await
            .unwrap();
        assert!(store.token_user(&token).await.unwrap().is_some());

        assert_eq!(
            store
                .set_account_disabled(arb.id, true, "root")
                .await
                .unwrap(),
            AccountChange::Done,
            "{}",
            db.name
        );
        assert!(
            store.session(&session.id).await.unwrap().is_none(),
            "{}",
            db.name
        );
        assert!(
            store.token_user(&token).await.unwrap().is_none(),
            "{}",
            db.name
        );
        assert!(store.user(arb.id).await.unwrap().unwrap().disabled);
        store
            .set_account_disabled(arb.id, false, "root")
            .await
            .unwrap();
        assert!(
            store.token_user(&token).await.unwrap().is_some(),
            "{}",
            db.name
        );

        // The only administrator stays one, and stays enabled.
        assert_eq!(
            store
                .set_account_disabled(root.id, true, "root")
                .await
                .unwrap(),
            AccountChange::LastAdministrator
        );
        assert_eq!(
            store
                .set_account_role(root.id, Role::Officer, "root")
                .await
                .unwrap(),
            AccountChange::LastAdministrator
        );
        assert_eq!(
            store
                .set_account_role(arb.id, Role::Admin, "root")
                .await
                .unwrap(),
            AccountChange::Done
        );
        // With a second administrator, the first may go.
        assert_eq!(
            store
                .set_account_disabled(root.id, true, "li")
                .await
                .unwrap(),
            AccountChange::Done
        );
        assert_eq!(
            store
                .set_account_role(arb.id, Role::Officer, "li")
                .await
                .unwrap(),
            AccountChange::LastAdministrator,
            "{}: root is disabled, li is the last active administrator",
            db.name
        );
        assert_eq!(
            store.set_account_disabled(9999, true, "li").await.unwrap(),
            AccountChange::NoSuchAccount
        );

        let kinds: Vec<String> = store
            .security_log(10)
            .await
            .unwrap()
            .into_iter()
            .map(|e| e.kind)
            .collect();
        assert_eq!(
            kinds,
            [
                "account-disabled",
                "role-changed",
                "account-enabled",
                "account-disabled"
            ],
            "{}",
            db.name
        );
        let role_change = &store.security_log(10).await.unwrap()[1];
        assert_eq!(role_change.detail, r#"{"from":"arbiter","to":"admin"}"#);
        assert_eq!(role_change.actor.as_deref(), Some("root"));
        for sql in [
            "UPDATE security_log SET kind = 'sign-in'",
            "DELETE FROM security_log",
        ] {
            assert!(
                sqlx::query(sql).execute(store.pool()).await.is_err(),
                "{}: {sql} must be refused",
                db.name
            );
        }
        store.close().await;
    }
}

/// Tokens end: at their expiry, or at once when revoked; the list shows
/// every token but never the token itself; a write with a token is logged
/// once a minute, not once a request.
#[tokio::test]
async fn tokens_expire_are_revoked_and_listed() {
    for db in databases().await {
        let store = open(&db).await;
        let expired = store
            .create_api_token(Role::Officer, None, Some("old"), Some(-1))
            .await
            .unwrap();
        assert!(
            store.token_user(&expired).await.unwrap().is_none(),
            "{}",
            db.name
        );
        let live = store
            .create_api_token(Role::Officer, None, Some("robot"), Some(86_400))
            .await
            .unwrap();
        let owner = store.token_user(&live).await.unwrap().unwrap();
        for _ in 0..3 {
            store
                .note_token_write(&owner, "POST /api/v1/points/games", Some("192.0.2.1"))
                .await
                .unwrap();
        }
        let writes: Vec<_> = store
            .security_log(10)
            .await
            .unwrap()
            .into_iter()
            .filter(|e| e.kind == "token-write")
            .collect();
        assert_eq!(writes.len(), 1, "{}: one entry a minute", db.name);
        assert_eq!(writes[0].username.as_deref(), Some("robot"));

        let listed = store.api_tokens().await.unwrap();
        assert_eq!(listed.len(), 2);
        assert_eq!(listed[0].label.as_deref(), Some("robot"));
        assert!(listed[0].expires.is_some() && listed[0].revoked.is_none());
        assert!(store.revoke_api_token(owner.token_id, "ops").await.unwrap());
        assert!(
            store.token_user(&live).await.unwrap().is_none(),
            "{}",
            db.name
        );
        assert!(!store.revoke_api_token(owner.token_id, "ops").await.unwrap());
        assert!(store.api_tokens().await.unwrap()[0].revoked.is_some());
        store.close().await;
    }
}

/// First-run set-up from several server processes at the same instant (two
/// `qiyuan serve` behind one proxy, a double-clicked form): exactly one of
/// them creates the administrator, on SQLite and on PostgreSQL, however the
/// attempts interleave. Each round starts from an empty users table and
/// fires the attempts from separate pools (as separate processes would)
/// through a barrier.
#[tokio::test]
async fn one_first_administrator_however_many_ask_at_once() {
    for db in databases().await {
        let stores: Vec<qiyuan_store::Store> = {
            let mut v = Vec::new();
            for _ in 0..4 {
                v.push(open(&db).await);
            }
            v
        };
        for round in 0..25 {
            sqlx::query("DELETE FROM users")
                .execute(stores[0].pool())
                .await
                .unwrap();
            let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(stores.len()));
            let mut tasks = Vec::new();
            for (i, store) in stores.iter().enumerate() {
                let store = store.clone();
                let barrier = barrier.clone();
                tasks.push(tokio::spawn(async move {
                    barrier.wait().await;
                    store
                        .create_first_admin(&format!("root{i}"), "$argon2id$fake")
                        .await
                        .unwrap()
                        .is_some()
                }));
            }
            let mut created = 0;
            for t in tasks {
                created += usize::from(t.await.unwrap());
            }
            assert_eq!(created, 1, "round {round} on {}", db.name);
            assert_eq!(stores[0].user_count().await.unwrap(), 1, "{}", db.name);
        }
    }
}
