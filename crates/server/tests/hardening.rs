//! Issue 12's defects, each reproduced against a real server on loopback:
//! anonymous reading writes nothing, password guessing is throttled, weak
//! passwords and look-alike names are refused, half-sent requests and idle
//! connections are closed, connections beyond the cap cost nothing, the
//! demo stays on loopback, and an event cannot grow past its limit; the
//! office's imports share the bounded job slots (503 when they are full),
//! and uploads stop at the configured `max_upload_bytes` (413).

mod common;

use std::time::Duration;

use common::{TEST_PASSWORD, TestServer};
use qiyuan_server::auth::Role;
use qiyuan_server::{AppState, ServeConfig, ServeLimits};
use qiyuan_store::Store;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

async fn session_rows(store: &Store) -> i64 {
    use sqlx::Row;
    sqlx::query("SELECT COUNT(*) FROM sessions")
        .fetch_one(store.pool())
        .await
        .unwrap()
        .get::<i64, _>(0)
}

/// Defect 7: "every anonymous page view writes a session row (404s and HEAD
/// too)".
#[tokio::test]
async fn anonymous_reading_writes_no_session() {
    let server = TestServer::start_demo().await;
    let before = session_rows(&server.store).await;
    for path in ["/", "/events", "/lists", "/no/such/page", "/lang/en"] {
        let resp = server.browser().get(server.url(path)).send().await.unwrap();
        assert!(
            !resp
                .headers()
                .get_all("set-cookie")
                .iter()
                .any(|c| c.to_str().unwrap().starts_with("qiyuan_session=")),
            "{path} started a session"
        );
    }
    let head = server.browser().head(server.url("/")).send().await.unwrap();
    assert_eq!(head.status(), 200);
    assert_eq!(session_rows(&server.store).await, before);
    // The sign-in form is the one page that needs a session (its CSRF token).
    let browser = server.browser();
    let form = browser.get(server.url("/login")).send().await.unwrap();
    assert!(form.headers().contains_key("set-cookie"));
    assert_eq!(session_rows(&server.store).await, before + 1);
    // …and signing in with it works.
    let csrf = server.csrf(&browser).await;
    let resp = browser
        .post(server.url("/login"))
        .form(&[
            ("username", "demo"),
            ("password", "demo-qiyuan"),
            ("_csrf", &csrf),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 303);
}

async fn try_sign_in(
    server: &TestServer,
    client: &reqwest::Client,
    user: &str,
    password: &str,
) -> reqwest::Response {
    server
        .post_form_as(
            client,
            "/login",
            &[("username", user), ("password", password)],
        )
        .await
}

/// Defect 6: "no throttling of password guessing (199 guesses in 9 s)".
#[tokio::test]
async fn password_guessing_is_throttled() {
    let server = TestServer::start().await;
    server
        .create_account("officer", TEST_PASSWORD, Role::Officer)
        .await;
    let guesser = server.browser();
    for _ in 0..qiyuan_server::guard::Throttle::ALLOWED {
        let resp = try_sign_in(&server, &guesser, "officer", "wrong guess").await;
        assert_eq!(resp.status(), 401);
    }
    let resp = try_sign_in(&server, &guesser, "officer", "wrong guess").await;
    assert_eq!(resp.status(), 429);
    let wait: u64 = resp.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(wait >= 1);
    let page = resp.text().await.unwrap();
    assert!(page.contains("登录失败次数过多"), "{page}");
    // Even the right password waits now: the guesser learns nothing.
    let resp = try_sign_in(&server, &guesser, "officer", TEST_PASSWORD).await;
    assert_eq!(resp.status(), 429);
    // Another account from the same address is not locked by it.
    server
        .create_account("arbiter", TEST_PASSWORD, Role::Arbiter)
        .await;
    let resp = try_sign_in(&server, &server.browser(), "arbiter", TEST_PASSWORD).await;
    assert_eq!(resp.status(), 303);
}

/// Defect 6: "passwords like `12345678` or the username itself accepted";
/// defect 10: "look-alike user names".
#[tokio::test]
async fn weak_passwords_and_look_alike_names_are_refused() {
    let server = TestServer::start().await;
    for (user, password, refusal) in [
        ("chief", "12345678", "最常见的密码"),
        ("chief", "chief2026", "不能包含用户名"),
        ("chi\u{200b}ef", "a long passphrase", "不可见字符"),
    ] {
        let resp = server
            .post_form(
                "/setup",
                &[
                    ("username", user),
                    ("password", password),
                    ("password2", password),
                ],
            )
            .await;
        assert_eq!(resp.status(), 400, "{user} / {password}");
        let page = resp.text().await.unwrap();
        assert!(page.contains(refusal), "{page}");
    }
    assert_eq!(server.store.user_count().await.unwrap(), 0);
    // A full-width name is stored in its plain form.
    let resp = server
        .post_form(
            "/setup",
            &[
                ("username", "ｃｈｉｅｆ"),
                ("password", "a long passphrase"),
                ("password2", "a long passphrase"),
            ],
        )
        .await;
    assert_eq!(resp.status(), 303);
    assert!(server.store.user_by_name("chief").await.unwrap().is_some());
    // An account differing from it only in case is refused.
    let resp = server
        .post_form(
            "/admin/users",
            &[
                ("action", "create"),
                ("username", "CHIEF"),
                ("password", "another passphrase"),
                ("role", "arbiter"),
            ],
        )
        .await;
    assert_eq!(resp.status(), 400);
    assert!(server.store.user_by_name("CHIEF").await.unwrap().is_none());
}

/// A server on a fresh database with `limits`.
async fn serve_with(limits: ServeLimits) -> (String, AppState, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let url = qiyuan_store::database_url(&dir.path().join("q.sqlite3").display().to_string());
    let store = Store::open(&url).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let state = AppState::new(
        store,
        ServeConfig {
            addr,
            database: url,
            limits,
            ..Default::default()
        },
    );
    let served = state.clone();
    tokio::spawn(async move {
        qiyuan_server::serve_on(listener, served, std::future::pending())
            .await
            .unwrap();
    });
    (addr.to_string(), state, dir)
}

/// Reads until the server closes the connection (or 30 s pass: then the
/// test fails, the server having kept it open).
async fn read_until_closed(tcp: &mut tokio::net::TcpStream) -> String {
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(30), tcp.read_to_end(&mut answer))
        .await
        .expect("the server keeps the connection open")
        .ok();
    String::from_utf8_lossy(&answer).into_owned()
}

/// Defect 9: "no request timeouts: half-sent requests stay open; ~1,100 idle
/// connections make the server unreachable".
#[tokio::test]
async fn half_sent_requests_and_idle_connections_are_closed() {
    let (addr, _state, _dir) = serve_with(ServeLimits {
        header_timeout: Duration::from_secs(1),
        ..Default::default()
    })
    .await;
    // Headers that never end.
    let mut half = tokio::net::TcpStream::connect(&addr).await.unwrap();
    half.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    read_until_closed(&mut half).await;
    // A keep-alive connection that stays idle after its answer.
    let mut idle = tokio::net::TcpStream::connect(&addr).await.unwrap();
    idle.write_all(b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let answer = read_until_closed(&mut idle).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

/// Defect 9: connections beyond the cap are closed at once, so they cannot
/// use up the server's file descriptors; once the idle ones time out, the
/// server answers again.
#[tokio::test]
async fn connections_beyond_the_cap_are_closed_at_once() {
    let (addr, _state, _dir) = serve_with(ServeLimits {
        max_connections: 8,
        header_timeout: Duration::from_secs(1),
        ..Default::default()
    })
    .await;
    let mut held = Vec::new();
    for _ in 0..8 {
        held.push(tokio::net::TcpStream::connect(&addr).await.unwrap());
    }
    // Give the server a moment to accept those eight.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut ninth = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let _ = ninth
        .write_all(b"GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n")
        .await;
    let answer = read_until_closed(&mut ninth).await;
    assert!(answer.is_empty(), "the ninth was served: {answer}");
    // The eight idle ones are closed by the header timeout; then the
    // health check answers (tried until it does, within 30 s).
    let url = format!("http://{addr}/api/v1/health");
    let answered = tokio::time::timeout(Duration::from_secs(30), async {
        loop {
            if let Ok(r) = reqwest::get(&url).await
                && r.status() == 200
            {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await;
    assert!(answered.is_ok(), "the server stayed unreachable");
    drop(held);
}

/// Defect 5: "a well-known admin password on every new database": the demo
/// is refused beyond loopback unless asked for.
#[tokio::test]
async fn the_demo_listens_on_loopback_only() {
    let err = qiyuan_server::serve(ServeConfig {
        addr: "0.0.0.0:0".parse().unwrap(),
        database: "sqlite::memory:".into(),
        demo: true,
        ..Default::default()
    })
    .await
    .unwrap_err()
    .to_string();
    assert!(err.contains("--demo-public"), "{err}");
}

/// Defect 5: a fresh database has no account (no demo password) and its
/// first visitor is sent to the set-up page.
#[tokio::test]
async fn a_fresh_database_opens_the_first_run_set_up() {
    let server = TestServer::start().await;
    assert_eq!(server.store.user_count().await.unwrap(), 0);
    let resp = server.get("/login").await;
    assert_eq!(resp.status(), 303);
    assert_eq!(resp.headers()["location"], "/setup");
    let page = server.get_text("/setup").await;
    assert!(page.contains("首次运行：创建管理员"), "{page}");
}

/// Defect 3: "no limit on players per event".
#[tokio::test]
async fn an_event_cannot_grow_past_the_player_limit() {
    let (addr, state, _dir) = serve_with(ServeLimits {
        max_players_per_event: 3,
        ..Default::default()
    })
    .await;
    let token = {
        let account = state
            .store
            .create_user("arb", &common::quick_hash(TEST_PASSWORD), Role::Arbiter)
            .await
            .unwrap()
            .unwrap();
        state
            .store
            .create_api_token(Role::Arbiter, Some(account.id), Some("arb"), None)
            .await
            .unwrap()
    };
    let players: Vec<serde_json::Value> = (1..=4)
        .map(|i| serde_json::json!({"id": i, "name": format!("Player {i}"), "sex": "m", "rating": 2000 + i}))
        .collect();
    let body = serde_json::json!({
        "name": "Too big", "game": "chess", "system": "swiss",
        "start": "2026-05-01", "end": "2026-05-03",
        "players": players, "games": [],
        "settings": {"rounds": 3, "rating_profile": "fide-2024"}
    });
    let resp = reqwest::Client::new()
        .post(format!("http://{addr}/api/v1/events"))
        .bearer_auth(&token)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 413);
    let answer: serde_json::Value = resp.json().await.unwrap();
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .contains("at most 3 players"),
        "{answer}"
    );
    assert!(state.store.list_events().await.unwrap().is_empty());
}

/// Issue 12 item 3: the office's imports take the same bounded job slots as
/// pairing. With the one slot held by another job, an import waits
/// `heavy_wait` and is answered 503 with `Retry-After`, having imported
/// nothing; once the slot is free the same upload goes through.
#[tokio::test]
async fn an_office_import_is_refused_as_busy_while_the_job_slots_are_full() {
    let server = TestServer::start_with(ServeLimits {
        heavy_jobs: 1,
        heavy_wait: Duration::from_millis(200),
        ..Default::default()
    })
    .await;
    server.sign_in_as("li", Role::Officer).await;
    let list = "id,name,sex,rating\n1,Li Wei,m,2100\n2,Wang Fang,f,2050\n";

    // Another heavy job (as a pairing would) holds the only slot.
    let (release, held) = std::sync::mpsc::channel::<()>();
    let state = server.state.clone();
    let holder =
        tokio::spawn(
            async move { qiyuan_server::guard::heavy(&state, move || held.recv().ok()).await },
        );
    while server.state.guard.jobs_running() < 1 {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let resp = server
        .upload(
            &server.client,
            "/office/import-list",
            &[("series_date", "cxa-2019|2019-01-01")],
            "list.csv",
            list.as_bytes(),
        )
        .await;
    assert_eq!(resp.status(), 503);
    assert_eq!(resp.headers()["retry-after"], "5");
    let page = resp.text().await.unwrap();
    assert!(page.contains("服务器正忙"), "{page}");
    assert!(server.store.lists().await.unwrap().is_empty());

    release.send(()).unwrap();
    holder.await.unwrap().unwrap();
    let (id, _) = server
        .import_list_draft(
            &server.client,
            "cxa-2019",
            "2019-01-01",
            "list.csv",
            list.as_bytes(),
        )
        .await;
    assert!(id > 0);
    assert_eq!(server.state.guard.jobs_running(), 0);
}

/// Issue 12 item 3: the upload limit is a setting (`--max-upload-mb`). Over
/// a small configured limit an upload is refused with 413 and the limit,
/// whether its length is announced (refused before it is read) or not (a
/// chunked body, counted as it is read); under it the upload is served.
#[tokio::test]
async fn an_upload_over_the_configured_limit_is_refused_with_413() {
    let server = TestServer::start_with(ServeLimits {
        max_upload_bytes: 64 * 1024,
        ..Default::default()
    })
    .await;
    server.sign_in_as("li", Role::Officer).await;
    assert_eq!(server.get("/lang/en").await.status(), 303);
    let office = server.get_text("/office").await;
    assert!(office.contains("Uploads up to 64 KB"), "{office}");

    let mut big = String::from("id,name,sex,rating\n");
    let mut i = 0;
    while big.len() <= 64 * 1024 {
        i += 1;
        big.push_str(&format!("{i},Player number {i},m,2000\n"));
    }
    let resp = server
        .upload(
            &server.client,
            "/office/import-list",
            &[("series_date", "cxa-2019|2019-01-01")],
            "big.csv",
            big.as_bytes(),
        )
        .await;
    assert_eq!(resp.status(), 413);
    let page = resp.text().await.unwrap();
    assert!(page.contains("the limit is 64 KB"), "{page}");

    // The same body without a length: refused as it is read (the
    // officer's session made in the store, the request written by hand).
    let (officer, _) = server.store.user_by_name("li").await.unwrap().unwrap();
    let session = server
        .store
        .create_session(Some(officer.id), Some("en"), 3600)
        .await
        .unwrap();
    let (content_type, body) = common::multipart(
        &[("series_date", "cxa-2019|2019-01-01")],
        "big.csv",
        big.as_bytes(),
    );
    let addr = server.base_url.trim_start_matches("http://").to_string();
    let mut tcp = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let head = format!(
        "POST /office/import-list?_csrf={} HTTP/1.1\r\nHost: {addr}\r\n\
         Cookie: {}={}\r\nContent-Type: {content_type}\r\n\
         Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
        session.csrf,
        qiyuan_server::session::SESSION_COOKIE,
        session.id,
    );
    tcp.write_all(head.as_bytes()).await.unwrap();
    for chunk in body.chunks(8 * 1024) {
        let _ = tcp
            .write_all(format!("{:x}\r\n", chunk.len()).as_bytes())
            .await;
        let _ = tcp.write_all(chunk).await;
        let _ = tcp.write_all(b"\r\n").await;
    }
    let _ = tcp.write_all(b"0\r\n\r\n").await;
    let answer = read_until_closed(&mut tcp).await;
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("64 KB"), "{answer}");
    assert!(server.store.lists().await.unwrap().is_empty());

    // The API's JSON bodies stop at the same limit, and say it.
    let token = server.token("arb", Role::Arbiter).await;
    let resp = reqwest::Client::new()
        .post(server.url("/api/v1/events"))
        .bearer_auth(&token)
        .header("content-type", "application/json")
        .body(vec![b' '; 65 * 1024])
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 413);
    let answer: serde_json::Value = resp.json().await.unwrap();
    assert!(
        answer["message"].as_str().unwrap().contains("64 KB"),
        "{answer}"
    );

    // Under the limit: imported.
    let (id, _) = server
        .import_list_draft(
            &server.client,
            "cxa-2019",
            "2019-01-01",
            "small.csv",
            b"id,name,sex,rating\n1,Li Wei,m,2100\n",
        )
        .await;
    assert!(id > 0);
}

/// A job past `heavy_timeout` is not stopped (its writes land), so its
/// answer must not read as a failure to be sent again: 202 "still running"
/// instead of 503 "busy". The job indeed finishes afterwards.
#[tokio::test]
async fn a_job_past_its_time_is_answered_still_running_not_failed() {
    let server = TestServer::start_with(ServeLimits {
        heavy_timeout: Duration::from_millis(100),
        ..Default::default()
    })
    .await;
    let (finish, wait) = std::sync::mpsc::channel::<()>();
    let (done_tx, done) = std::sync::mpsc::channel::<()>();
    let answer = qiyuan_server::guard::heavy(&server.state, move || {
        wait.recv().ok();
        done_tx.send(()).ok();
    })
    .await;
    let err = answer.unwrap_err();
    assert!(
        matches!(err, qiyuan_server::error::AppError::StillRunning(_)),
        "{err:?}"
    );
    assert_eq!(err.status(), 202);
    assert!(
        err.message(qiyuan_server::i18n::Lang::Zh)
            .contains("不要重复提交"),
        "{}",
        err.message(qiyuan_server::i18n::Lang::Zh)
    );
    // The job was left running, and ends.
    finish.send(()).unwrap();
    done.recv_timeout(Duration::from_secs(10)).unwrap();
}
