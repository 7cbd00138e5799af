//! Issue 12, defect 4: "unauthenticated sign-ins exhaust memory: each
//! password check takes ~19 MiB with no bound on concurrency; 128
//! concurrent wrong logins reached 4.9 GB". A bounded load test on
//! loopback: 200 concurrent wrong sign-ins against an account with a real
//! (production-cost) argon2 hash, while health checks keep answering; the
//! process's peak memory stays under 1 GB. Alone in its file: the peak is
//! the whole test process's.

mod common;

use common::TestServer;
use qiyuan_server::auth::{Role, hash_password};

fn peak_rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_concurrent_wrong_sign_ins_stay_under_a_gigabyte() {
    let server = TestServer::start().await;
    let hash = hash_password("the officer's real passphrase").unwrap();
    server
        .store
        .create_user("officer", &hash, Role::Officer)
        .await
        .unwrap()
        .unwrap();
    // Each guesser is its own browser with its own session, as a botnet's
    // would be; all come from 127.0.0.1.
    let mut guessers = Vec::new();
    for i in 0..200 {
        let browser = server.browser();
        let csrf = server.csrf(&browser).await;
        guessers.push((browser, csrf, format!("guess number {i}")));
    }
    let url = server.url("/login");
    let attempts: Vec<_> = guessers
        .into_iter()
        .map(|(browser, csrf, guess)| {
            let url = url.clone();
            tokio::spawn(async move {
                browser
                    .post(url)
                    .form(&[
                        ("username", "officer"),
                        ("password", guess.as_str()),
                        ("_csrf", csrf.as_str()),
                    ])
                    .send()
                    .await
                    .map(|r| r.status().as_u16())
            })
        })
        .collect();
    // While they run, the server answers health checks.
    let health = server.url("/api/v1/health");
    let mut answered = 0;
    for _ in 0..5 {
        let r = reqwest::get(&health).await.unwrap();
        assert_eq!(r.status(), 200);
        answered += 1;
    }
    let mut refused = 0;
    for a in attempts {
        let status = a.await.unwrap().unwrap();
        assert!(status == 401 || status == 429, "{status}");
        refused += 1;
    }
    assert_eq!((answered, refused), (5, 200));
    let peak = peak_rss_kib();
    assert!(peak > 0, "no VmHWM in /proc/self/status");
    assert!(peak < 1024 * 1024, "peak memory {peak} KiB");
}
