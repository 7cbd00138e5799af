//! The rating office's audit log names who acted: a list imported through
//! the office page is recorded with the signed-in officer's user name, the
//! audit page shows it, and entries written before actors were recorded say
//! so.

mod common;

use common::*;
use qiyuan_server::auth::Role;

/// SHA-256 over length-prefixed parts (u64 little-endian byte length, then
/// the bytes): the audit chain's documented scheme, computed here apart
/// from the store.
fn chain_hash(parts: &[&str]) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    for p in parts {
        h.update((p.len() as u64).to_le_bytes());
        h.update(p.as_bytes());
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

const LIST_CSV: &str = "id,name,sex,rating,rated_games\n1,甲,m,2400,10\n2,乙,m,2400,10\n";

#[tokio::test]
async fn the_audit_page_names_the_officer_who_acted() {
    let server = TestServer::start().await;
    // An entry written before the actor was recorded (every office
    // operation now names one): five hashed parts, actor NULL, chained from
    // the genesis hash of 64 zeros.
    let genesis = "0".repeat(64);
    let (at, action, subject, detail) = ("2018-12-31T00:00:00Z", "import-list", "list old", "{}");
    let old = chain_hash(&[&genesis, at, action, subject, detail]);
    sqlx::query(
        "INSERT INTO audit_log (at, action, subject, detail, prev_hash, hash) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(at)
    .bind(action)
    .bind(subject)
    .bind(detail)
    .bind(genesis.clone())
    .bind(old)
    .execute(server.store.pool())
    .await
    .unwrap();
    server.sign_in_as("officer_li", Role::Officer).await;
    let (id, _) = server
        .import_list_draft(
            &server.client,
            "cxa-2019",
            "2019-01-01",
            "list.csv",
            LIST_CSV.as_bytes(),
        )
        .await;
    server.publish_list_draft(&server.client, id).await;

    let log = server.store.audit_log().await.unwrap();
    let by: Vec<Option<&str>> = log.iter().map(|e| e.by.as_deref()).collect();
    // The old entry, then the list's import and publication.
    assert_eq!(by, [None, Some("officer_li"), Some("officer_li")]);
    assert_eq!(server.store.verify_audit_chain().await.unwrap(), None);

    let audit = server.get_text("/office/audit").await;
    assert!(audit.contains(r#"class="chain-ok""#), "{audit}");
    assert!(audit.contains("officer_li"), "{audit}");
    assert!(
        audit.contains("not recorded") || audit.contains("未记录"),
        "{audit}"
    );
}
