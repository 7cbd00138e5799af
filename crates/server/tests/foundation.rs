//! The web application's foundation over real HTTP: first-run set-up,
//! sign in/out, CSRF, body limit, security headers, escaping, API tokens,
//! the language switch, roles and the demo data.

mod common;

use common::*;
use qiyuan_server::AppError;
use qiyuan_server::auth::{Role, User, require_event_arbiter};

#[tokio::test]
async fn first_run_creates_the_administrator_once() {
    let server = TestServer::start().await;
    let home = server.get_text("/").await;
    assert!(home.contains(r#"href="/setup""#), "{home}");
    // Nobody to sign in yet: the sign-in page sends to the set-up.
    let resp = server.get("/login").await;
    assert_eq!(
        (resp.status().as_u16(), location(&resp)),
        (303, "/setup".into())
    );
    assert_eq!(server.get("/setup").await.status(), 200);

    // Passwords that differ are refused with a message, nothing created.
    let resp = server
        .post_form(
            "/setup",
            &[
                ("username", "admin"),
                ("password", "s3cret-pass"),
                ("password2", "other-pass"),
            ],
        )
        .await;
    assert_eq!(resp.status(), 400);
    let lang_text = resp.text().await.unwrap();
    assert!(
        lang_text.contains("两次输入的密码不一致")
            || lang_text.contains("The two passwords differ"),
        "{lang_text}"
    );
    assert_eq!(server.store.user_count().await.unwrap(), 0);

    let resp = server
        .post_form(
            "/setup",
            &[
                ("username", "admin"),
                ("password", "s3cret-pass"),
                ("password2", "s3cret-pass"),
            ],
        )
        .await;
    assert_eq!((resp.status().as_u16(), location(&resp)), (303, "/".into()));
    // Signed in at once, as an administrator.
    let home = server.get_text("/").await;
    assert!(signed_in_name(&home).as_deref() == Some("admin"), "{home}");
    assert!(home.contains(r#"href="/admin/users""#));
    assert_eq!(server.store.users().await.unwrap()[0].role, Role::Admin);

    // Closed for good: the page sends to sign-in, a post is refused.
    let resp = server.get("/setup").await;
    assert_eq!(
        (resp.status().as_u16(), location(&resp)),
        (303, "/login".into())
    );
    let resp = server
        .post_form(
            "/setup",
            &[
                ("username", "intruder"),
                ("password", "s3cret-pass"),
                ("password2", "s3cret-pass"),
            ],
        )
        .await;
    assert_eq!(resp.status(), 403);
    assert_eq!(server.store.user_count().await.unwrap(), 1);
}

#[tokio::test]
async fn sign_in_and_out() {
    let server = TestServer::start().await;
    server
        .create_account("li", "a-long-password", Role::Officer)
        .await;

    // A page that needs an account sends to sign-in, remembering where.
    let resp = server.get("/admin/users?x=1").await;
    assert_eq!(resp.status(), 303);
    assert_eq!(location(&resp), "/login?next=%2Fadmin%2Fusers%3Fx%3D1");

    // Wrong password, unknown user: refused alike.
    for (user, pass) in [("li", "wrong-password"), ("nobody", "a-long-password")] {
        let resp = server
            .post_form(
                "/login",
                &[("username", user), ("password", pass), ("next", "/")],
            )
            .await;
        assert_eq!(resp.status(), 401, "{user}");
        let page = resp.text().await.unwrap();
        assert!(
            page.contains("用户名或密码错误") || page.contains("Wrong username or password"),
            "{page}"
        );
        assert_eq!(signed_in_name(&page), None);
    }

    let before = server.csrf(&server.client).await;
    let resp = server
        .post_form(
            "/login",
            &[
                ("username", "li"),
                ("password", "a-long-password"),
                ("next", "/lists"),
            ],
        )
        .await;
    assert_eq!(
        (resp.status().as_u16(), location(&resp)),
        (303, "/lists".into())
    );
    let home = server.get_text("/").await;
    assert_eq!(signed_in_name(&home).as_deref(), Some("li"));
    // A new session (and CSRF token) on sign-in.
    assert_ne!(server.csrf(&server.client).await, before);
    // An officer is not an administrator.
    assert_eq!(server.get("/admin/users").await.status(), 403);

    // `next` never leads off the site (browsers drop tabs and read `\` as `/`).
    for next in [
        "//evil.example/",
        "/\t/evil.example/",
        "/\\evil.example/",
        "https://evil.example/",
    ] {
        let other = server.browser();
        let resp = server
            .post_form_as(
                &other,
                "/login",
                &[
                    ("username", "li"),
                    ("password", "a-long-password"),
                    ("next", next),
                ],
            )
            .await;
        assert_eq!(location(&resp), "/", "{next:?}");
    }

    let resp = server.post_form("/logout", &[]).await;
    assert_eq!(resp.status(), 303);
    let home = server.get_text("/").await;
    assert_eq!(signed_in_name(&home), None, "{home}");
    assert_eq!(server.get("/admin/users").await.status(), 303);
}

#[tokio::test]
async fn users_change_their_own_password() {
    let server = TestServer::start().await;
    server.sign_in_as("zhao", Role::Arbiter).await;
    assert_eq!(server.get("/account/password").await.status(), 200);
    // zhao is signed in on a second device too.
    let phone = server.browser();
    let resp = server
        .post_form_as(
            &phone,
            "/login",
            &[("username", "zhao"), ("password", TEST_PASSWORD)],
        )
        .await;
    assert_eq!(resp.status(), 303);
    assert_eq!(
        phone
            .get(server.url("/account/password"))
            .send()
            .await
            .unwrap()
            .status(),
        200
    );
    // The current password must be given, and right.
    let resp = server
        .post_form(
            "/account/password",
            &[
                ("current", "not-it-at-all"),
                ("password", "new-password-1"),
                ("password2", "new-password-1"),
            ],
        )
        .await;
    assert_eq!(resp.status(), 400);
    // Too short.
    let resp = server
        .post_form(
            "/account/password",
            &[
                ("current", TEST_PASSWORD),
                ("password", "short"),
                ("password2", "short"),
            ],
        )
        .await;
    assert_eq!(resp.status(), 400);
    let resp = server
        .post_form(
            "/account/password",
            &[
                ("current", TEST_PASSWORD),
                ("password", "new-password-1"),
                ("password2", "new-password-1"),
            ],
        )
        .await;
    assert_eq!(resp.status(), 200);
    // Issue 12, defect 8: "other sessions survive a password change". The
    // phone is signed out; this browser stays signed in.
    let on_phone = phone
        .get(server.url("/account/password"))
        .send()
        .await
        .unwrap();
    assert_eq!(on_phone.status(), 303);
    assert_eq!(server.get("/account/password").await.status(), 200);
    // The old password no longer signs in; the new one does.
    let other = server.browser();
    let resp = server
        .post_form_as(
            &other,
            "/login",
            &[("username", "zhao"), ("password", TEST_PASSWORD)],
        )
        .await;
    assert_eq!(resp.status(), 401);
    let resp = server
        .post_form_as(
            &other,
            "/login",
            &[("username", "zhao"), ("password", "new-password-1")],
        )
        .await;
    assert_eq!(resp.status(), 303);
    // Anonymous visitors are sent to sign in.
    let resp = server
        .browser()
        .get(server.url("/account/password"))
        .send()
        .await
        .unwrap();
    assert_eq!(location(&resp), "/login?next=%2Faccount%2Fpassword");
}

#[tokio::test]
async fn writes_need_the_csrf_token() {
    let server = TestServer::start().await;
    server.sign_in_as("boss", Role::Admin).await;
    let fields = [
        ("action", "create"),
        ("username", "arb"),
        ("password", "a-long-password"),
        ("role", "arbiter"),
    ];
    // Without the token: 403 with a message, nothing done.
    let resp = server
        .client
        .post(server.url("/admin/users"))
        .form(&fields)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 403);
    let page = resp.text().await.unwrap();
    assert!(page.contains("CSRF"), "{page}");
    // A wrong token, in the form or the header: the same.
    let mut wrong = fields.to_vec();
    wrong.push(("_csrf", "0000"));
    let resp = server
        .client
        .post(server.url("/admin/users"))
        .form(&wrong)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 403);
    let resp = server
        .client
        .post(server.url("/admin/users"))
        .header("X-CSRF-Token", "0000")
        .form(&fields)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 403);
    assert!(server.store.user_by_name("arb").await.unwrap().is_none());

    // With it (form field): done.
    let resp = server.post_form("/admin/users", &fields).await;
    assert_eq!(resp.status(), 200);
    assert!(server.store.user_by_name("arb").await.unwrap().is_some());
    // With it in the header: done too (an arbiter is assigned only to an
    // event that exists).
    let event = server
        .store
        .create_event(
            qiyuan_desk::demo::xiangqi_swiss().unwrap().settings(),
            "admin",
        )
        .await
        .unwrap();
    let event = event.to_string();
    let csrf = server.csrf(&server.client).await;
    let resp = server
        .client
        .post(server.url("/admin/users"))
        .header("X-CSRF-Token", &csrf)
        .form(&[
            ("action", "assign"),
            ("username", "arb"),
            ("event_id", event.as_str()),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    let arb = server.store.user_by_name("arb").await.unwrap().unwrap().0;
    assert!(
        server
            .store
            .is_event_arbiter(event.parse().unwrap(), arb.id)
            .await
            .unwrap()
    );
    // An event that does not exist (yet) is refused.
    let resp = server
        .post_form(
            "/admin/users",
            &[
                ("action", "assign"),
                ("username", "arb"),
                ("event_id", "999"),
            ],
        )
        .await;
    assert_eq!(resp.status(), 400);
    assert!(!server.store.is_event_arbiter(999, arb.id).await.unwrap());

    // A JSON answer for a client that asks for JSON.
    let resp = server
        .client
        .post(server.url("/logout"))
        .header("Accept", "application/json")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 403);
    let body: serde_json::Value = resp.json().await.unwrap();
    assert_eq!(body["error"], "csrf");
}

#[tokio::test]
async fn a_50_mb_upload_is_refused_with_the_limit() {
    let server = TestServer::start().await;
    let csrf = server.csrf(&server.client).await;
    let body = vec![b'x'; 50 * 1024 * 1024];
    let resp = server
        .client
        .post(server.url(&format!("/admin/users?_csrf={csrf}")))
        .header("Content-Type", "application/octet-stream")
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 413);
    let page = resp.text().await.unwrap();
    assert!(page.contains("16 MB"), "{page}");
}

#[tokio::test]
async fn a_chunked_body_over_the_limit_is_refused_too() {
    // No Content-Length to refuse on: the body is counted as it is read.
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let server = TestServer::start().await;
    let addr = server.base_url.trim_start_matches("http://").to_string();
    // A session, as the sign-in form gives one (a write without any is
    // refused for its missing CSRF token before its body is read).
    let form = reqwest::get(server.url("/setup")).await.unwrap();
    let cookie = form.headers()["set-cookie"].to_str().unwrap();
    let cookie = cookie.split(';').next().unwrap().to_string();
    let mut tcp = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let head = format!(
        "POST /login HTTP/1.1\r\nHost: {addr}\r\nCookie: {cookie}\r\n\
         Content-Type: application/x-www-form-urlencoded\r\n\
         Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    );
    tcp.write_all(head.as_bytes()).await.unwrap();
    // 16 MB + 1 byte in 1 MB chunks: one byte over the limit.
    let mb = vec![b'a'; 1024 * 1024];
    for _ in 0..16 {
        let _ = tcp
            .write_all(format!("{:x}\r\n", mb.len()).as_bytes())
            .await;
        let _ = tcp.write_all(&mb).await;
        let _ = tcp.write_all(b"\r\n").await;
    }
    let _ = tcp.write_all(b"1\r\na\r\n0\r\n\r\n").await;
    let mut answer = Vec::new();
    let _ = tcp.read_to_end(&mut answer).await;
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("16 MB"), "{answer}");
}

#[tokio::test]
async fn security_headers_on_every_response() {
    let server = TestServer::start().await;
    for path in [
        "/",
        "/login",
        "/no/such/page",
        "/static/app.css",
        "/api/v1/health",
    ] {
        let resp = server.get(path).await;
        let h = resp.headers();
        assert_eq!(
            h["content-security-policy"]
                .to_str()
                .unwrap()
                .split(';')
                .next(),
            Some("default-src 'self'"),
            "{path}"
        );
        assert_eq!(h["x-frame-options"], "DENY", "{path}");
        assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
        assert!(h.contains_key("referrer-policy"), "{path}");
    }
    // The session cookie (a form's: here the first-run set-up's): HttpOnly,
    // SameSite=Lax; not Secure over plain HTTP.
    let resp = server
        .browser()
        .get(server.url("/setup"))
        .send()
        .await
        .unwrap();
    let cookie = resp.headers()["set-cookie"].to_str().unwrap().to_string();
    assert!(cookie.starts_with("qiyuan_session="), "{cookie}");
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
        "{cookie}"
    );
    assert!(!cookie.contains("Secure"), "{cookie}");
    // Static files are cached.
    let resp = server.get("/static/app.js").await;
    assert!(
        resp.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("max-age")
    );
    // API requests without a cookie get no session.
    let resp = server
        .browser()
        .get(server.url("/api/v1/health"))
        .send()
        .await
        .unwrap();
    assert!(!resp.headers().contains_key("set-cookie"));
}

#[tokio::test]
async fn secure_cookies_when_configured() {
    let server = TestServer::start().await;
    let mut config = (*server.state.config).clone();
    config.secure_cookies = true;
    let state = qiyuan_server::AppState::new(server.store.clone(), config);
    let cookie = qiyuan_server::session::set_cookie(&state, "qiyuan_session", "abc", 60);
    assert_eq!(
        cookie.to_str().unwrap(),
        "qiyuan_session=abc; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure"
    );
}

#[tokio::test]
async fn a_script_as_username_is_shown_as_text() {
    let server = TestServer::start().await;
    server.sign_in_as("boss", Role::Admin).await;
    let evil = "<script>alert(1)</script>";
    let resp = server
        .post_form(
            "/admin/users",
            &[
                ("action", "create"),
                ("username", evil),
                ("password", "a-long-password"),
                ("role", "arbiter"),
            ],
        )
        .await;
    assert_eq!(resp.status(), 200);
    let page = server.get_text("/admin/users").await;
    assert!(
        page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{page}"
    );
    assert!(!page.contains(evil));
    // Signed in as that user, the name in the header is escaped too.
    let other = server.browser();
    server
        .post_form_as(
            &other,
            "/login",
            &[("username", evil), ("password", "a-long-password")],
        )
        .await;
    let page = get_text_at(&server.base_url, &other, "/").await;
    assert!(
        signed_in_name(&page).as_deref() == Some("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{page}"
    );
    assert!(!page.contains(evil));
}

#[tokio::test]
async fn api_callers_need_a_token_or_session_with_csrf_header() {
    let server = TestServer::start().await;
    let token = server
        .store
        .create_api_token(Role::Officer, None, Some("robot"), None)
        .await
        .unwrap();
    let api = reqwest::Client::new();
    let resp = api
        .get(server.url("/api/v1/whoami"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    let me: serde_json::Value = resp.json().await.unwrap();
    assert_eq!(me["role"], "officer");
    assert_eq!(me["username"], "token:robot");

    // No token, or a wrong one: 401 as JSON.
    for auth in [None, Some("Bearer qy_0000"), Some("Basic Zm9vOmJhcg==")] {
        let mut req = api.get(server.url("/api/v1/whoami"));
        if let Some(a) = auth {
            req = req.header("Authorization", a);
        }
        let resp = req.send().await.unwrap();
        assert_eq!(resp.status(), 401, "{auth:?}");
        assert!(
            resp.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("application/json")
        );
        let body: serde_json::Value = resp.json().await.unwrap();
        assert_eq!(body["error"], "unauthorized", "{auth:?}");
        assert_eq!(body["status"], 401);
        // A program that names no language is answered in English.
        let message = body["message"].as_str().unwrap();
        assert!(message.starts_with("Please sign in"), "{message}");
    }

    // A browser session counts only with its CSRF token in the header.
    let account = server.sign_in_as("wang", Role::Arbiter).await;
    let resp = server.get("/api/v1/whoami").await;
    assert_eq!(resp.status(), 401);
    let csrf = server.csrf(&server.client).await;
    let resp = server
        .client
        .get(server.url("/api/v1/whoami"))
        .header("X-CSRF-Token", &csrf)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    let me: serde_json::Value = resp.json().await.unwrap();
    assert_eq!(
        (me["id"].as_i64(), me["role"].as_str()),
        (Some(account.id), Some("arbiter"))
    );

    // Unknown API paths answer in JSON.
    let resp = api.get(server.url("/api/v1/nothing")).send().await.unwrap();
    assert_eq!(resp.status(), 404);
    let body: serde_json::Value = resp.json().await.unwrap();
    assert_eq!(body["error"], "not_found");
    // Health.
    let body: serde_json::Value = api
        .get(server.url("/api/v1/health"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(body, serde_json::json!({"status": "ok"}));
}

#[tokio::test]
async fn the_language_switch_is_remembered() {
    let server = TestServer::start().await;
    let english = reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .default_headers({
            let mut h = reqwest::header::HeaderMap::new();
            h.insert("accept-language", "en-GB,en;q=0.9".parse().unwrap());
            h
        })
        .build()
        .unwrap();
    let page = english
        .get(server.url("/"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        page.contains(r#"<html lang="en">"#) && page.contains(">Sign in<"),
        "{page}"
    );

    let resp = english
        .get(server.url("/lang/zh"))
        .header("Referer", server.url("/login?next=%2F"))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 303);
    assert_eq!(location(&resp), "/login?next=%2F");
    // Chinese from now on, though the browser still prefers English.
    for _ in 0..2 {
        let page = english
            .get(server.url("/"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(
            page.contains(r#"<html lang="zh-CN">"#) && page.contains(">登录<"),
            "{page}"
        );
    }
    // And back.
    english.get(server.url("/lang/en")).send().await.unwrap();
    let page = english
        .get(server.url("/"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains(">Sign in<"));
    assert_eq!(
        english
            .get(server.url("/lang/fr"))
            .send()
            .await
            .unwrap()
            .status(),
        404
    );
}

#[tokio::test]
async fn arbiters_reach_only_their_events() {
    let server = TestServer::start().await;
    let a = server
        .create_account("arb-a", "a-long-password", Role::Arbiter)
        .await;
    let b = server
        .create_account("arb-b", "a-long-password", Role::Arbiter)
        .await;
    let o = server
        .create_account("off", "a-long-password", Role::Officer)
        .await;
    server.store.assign_arbiter(1, a.id).await.unwrap();
    let user = |acc: &qiyuan_store::accounts::Account| User {
        id: acc.id,
        username: acc.username.clone(),
        role: acc.role,
    };
    let admin = User {
        id: 99,
        username: "root".into(),
        role: Role::Admin,
    };
    let s = &server.state;
    assert!(require_event_arbiter(s, &user(&a), 1).await.is_ok());
    assert!(matches!(
        require_event_arbiter(s, &user(&a), 2).await,
        Err(AppError::Forbidden)
    ));
    assert!(matches!(
        require_event_arbiter(s, &user(&b), 1).await,
        Err(AppError::Forbidden)
    ));
    assert!(matches!(
        require_event_arbiter(s, &user(&o), 1).await,
        Err(AppError::Forbidden)
    ));
    assert!(require_event_arbiter(s, &admin, 2).await.is_ok());
}

/// Issue 12, defect 10: "an interrupted first-run seed never repaired". A
/// demo event left with its players but without its rounds (the server
/// stopped while seeding) is hidden and seeded again on the next `--demo`.
#[tokio::test]
async fn an_interrupted_demo_seed_is_repaired() {
    let server = TestServer::start().await;
    let swiss = qiyuan_desk::demo::xiangqi_swiss().unwrap();
    let half = server
        .store
        .create_event(swiss.settings(), "demo")
        .await
        .unwrap();
    qiyuan_server::demo::seed_demo(&server.state).await.unwrap();
    let events = server.store.list_events().await.unwrap();
    let named: Vec<_> = events
        .iter()
        .filter(|e| e.name == swiss.settings().name)
        .collect();
    assert_eq!(named.len(), 2, "the half-seeded event and a complete one");
    let complete = named.iter().find(|e| e.id != half).unwrap();
    assert_eq!(
        complete.rounds_paired as usize,
        swiss.event().rounds().len()
    );
    assert_eq!(complete.players as usize, swiss.players().len());
    let left = named.iter().find(|e| e.id == half).unwrap();
    assert_eq!(left.visibility, qiyuan_store::desk::Visibility::Hidden);
    // Seeding again changes nothing.
    qiyuan_server::demo::seed_demo(&server.state).await.unwrap();
    assert_eq!(
        server.store.list_events().await.unwrap().len(),
        events.len()
    );
}

/// The same for the demo list: a first run stopped between its import and
/// its publication left a draft that no later `--demo` published (the seed
/// saw "a list exists" and stopped), so the public list pages stayed empty.
#[tokio::test]
async fn an_interrupted_demo_list_seed_is_published() {
    use qiyuan_server::demo::{DEMO_LIST_CSV, DEMO_LIST_DATE, DEMO_LIST_FILE, DEMO_LIST_SERIES};
    let server = TestServer::start().await;
    let read = qiyuan_formats::list::read_list_rows(
        DEMO_LIST_CSV.as_bytes(),
        DEMO_LIST_FILE,
        &qiyuan_formats::sheet::Limits::list(),
    )
    .unwrap();
    let entries: Vec<qiyuan_store::ListEntry> = read.rows.into_iter().map(Into::into).collect();
    server
        .store
        .import_list(
            DEMO_LIST_FILE,
            DEMO_LIST_CSV.as_bytes(),
            DEMO_LIST_SERIES,
            chrono::NaiveDate::parse_from_str(DEMO_LIST_DATE, "%Y-%m-%d").unwrap(),
            &entries,
            Default::default(),
            &|_| {},
            "demo",
        )
        .await
        .unwrap();
    qiyuan_server::demo::seed_demo(&server.state).await.unwrap();
    let lists = server.store.lists().await.unwrap();
    let statuses: Vec<&str> = lists.iter().map(|l| l.status.as_str()).collect();
    assert_eq!(
        statuses,
        ["published"],
        "the draft published, no second import"
    );
}

#[tokio::test]
async fn the_demo_account_and_list_are_seeded_once() {
    let server = TestServer::start().await;
    assert_eq!(server.store.user_count().await.unwrap(), 0);
    assert!(
        !qiyuan_server::demo::demo_account_open(&server.state)
            .await
            .unwrap()
    );
    qiyuan_server::demo::seed_demo(&server.state).await.unwrap();
    qiyuan_server::demo::seed_demo(&server.state).await.unwrap();
    assert!(
        qiyuan_server::demo::demo_account_open(&server.state)
            .await
            .unwrap()
    );
    assert_eq!(server.store.user_count().await.unwrap(), 1);
    let lists = server.store.lists().await.unwrap();
    assert_eq!(lists.len(), 1);
    // The list's rows are the CSV's data lines.
    let rows = qiyuan_server::demo::DEMO_LIST_CSV.lines().count() - 1;
    assert_eq!(server.store.totals().await.unwrap().players, rows as u64);
    // The documented account signs in.
    server.login("demo", "demo-qiyuan").await;
    let page = server.get_text("/admin/users").await;
    assert!(page.contains("demo"));
}

/// The help pages: `/help` lists the guides and every page links it; a
/// guide is rendered in the visitor's language, its screenshots (of that
/// language) served from the binary; an unknown guide or image is 404.
#[tokio::test]
async fn the_help_pages_follow_the_language() {
    let server = TestServer::start().await;
    let home = server.get_text("/").await;
    assert!(home.contains(r#"<a href="/help">帮助</a>"#), "{home}");
    let index = server.get_text("/help").await;
    for key in ["arbiter", "officer", "integrator"] {
        assert!(index.contains(&format!(r#"href="/help/{key}""#)), "{index}");
    }
    assert!(index.contains("裁判长手册"), "{index}");

    let mut images = Vec::new();
    for (lang, title, other) in [
        ("zh", "裁判长手册：从报名到成绩册", "The arbiter's guide"),
        (
            "en",
            "The arbiter's guide: from registration to the printed results",
            "裁判长手册",
        ),
    ] {
        server.get(&format!("/lang/{lang}")).await;
        let page = server.get_text("/help/arbiter").await;
        assert!(page.contains(title), "{lang}: {page}");
        assert!(!page.contains(other), "{lang}: {page}");
        // Commands are code, marked as neither language.
        assert!(
            page.contains(r#"<pre translate="no"><code class="language-sh">qiyuan serve"#),
            "{lang}: {page}"
        );
        // Links between the guides lead to their help pages.
        assert!(page.contains(r#"href="/help/officer""#), "{lang}: {page}");
        let srcs: Vec<String> = page
            .split(r#"<img src=""#)
            .skip(1)
            .map(|s| s[..s.find('"').unwrap()].to_string())
            .collect();
        assert!(srcs.len() >= 5, "{lang}: {srcs:?}");
        for src in &srcs {
            assert!(
                src.starts_with("/help/img/") && src.ends_with(&format!(".{lang}.png")),
                "{lang}: {src}"
            );
        }
        images.extend(srcs);
    }
    for src in &images {
        let resp = server.get(src).await;
        assert_eq!(resp.status(), 200, "{src}");
        assert_eq!(resp.headers()["content-type"], "image/png", "{src}");
        let bytes = resp.bytes().await.unwrap();
        assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "{src}");
    }
    for path in [
        "/help/nothing",
        "/help/img/nothing.png",
        "/help/img/arbiter-pairing.zh",
    ] {
        assert_eq!(server.get(path).await.status(), 404, "{path}");
    }
}
