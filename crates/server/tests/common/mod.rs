//! A real server for tests: `TestServer::start()` opens a fresh SQLite file,
//! binds 127.0.0.1 on a free port and serves the whole application
//! (`qiyuan_server::app`) there; tests talk HTTP to it with `reqwest`.
//!
//! ```ignore
//! mod common;
//! let server = common::TestServer::start().await;
//! server.sign_in_as("arbiter1", qiyuan_server::auth::Role::Arbiter).await;
//! let page = server.get_text("/desk").await;
//! ```
//!
//! `server.client` keeps cookies (a browser) and does NOT follow redirects,
//! so tests see `303` and `Location`. `server.browser()` makes another,
//! independent browser on the same server.

#![allow(dead_code)]

pub mod browser;

use std::collections::HashMap;

use argon2::password_hash::{PasswordHasher, SaltString};
use qiyuan_server::auth::Role;
use qiyuan_server::{AppState, ServeConfig, ServeLimits};
use qiyuan_store::Store;
use qiyuan_store::accounts::Account;

/// The password `sign_in_as` gives the accounts it creates.
pub const TEST_PASSWORD: &str = "correct horse battery";

/// A running server seen from one browser: its address, the browser and
/// its database. [`TestServer`] derefs to one; [`serve`] makes one on any
/// database (the PostgreSQL variants of the tests).
#[derive(Clone)]
pub struct Site {
    /// `http://127.0.0.1:PORT` (no trailing slash).
    pub base_url: String,
    /// A browser: cookie store on, redirects not followed.
    pub client: reqwest::Client,
    /// The server's database.
    pub store: Store,
}

/// A running server on a temporary database.
pub struct TestServer {
    site: Site,
    /// The server's state (for calling library functions directly).
    pub state: AppState,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    _dir: tempfile::TempDir,
}

impl std::ops::Deref for TestServer {
    type Target = Site;

    fn deref(&self) -> &Site {
        &self.site
    }
}

/// A browser: keeps cookies, does not follow redirects.
pub fn browser() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// Serves the whole application on 127.0.0.1 (a free port) over `store`,
/// whose URL is `database`; the site, the server's state and the sender
/// that stops it.
pub async fn serve(
    store: Store,
    database: String,
) -> (Site, AppState, tokio::sync::oneshot::Sender<()>) {
    serve_with_limits(store, database, ServeLimits::default()).await
}

/// [`serve`] within `limits`.
pub async fn serve_with_limits(
    store: Store,
    database: String,
    limits: ServeLimits,
) -> (Site, AppState, tokio::sync::oneshot::Sender<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let config = ServeConfig {
        addr,
        database,
        limits,
        ..Default::default()
    };
    let state = AppState::new(store.clone(), config);
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let served = state.clone();
    tokio::spawn(async move {
        qiyuan_server::serve_on(listener, served, async {
            let _ = rx.await;
        })
        .await
        .unwrap();
    });
    let site = Site {
        base_url: format!("http://{addr}"),
        client: browser(),
        store,
    };
    (site, state, tx)
}

/// A fresh, empty PostgreSQL database on the server of
/// `QIYUAN_TEST_POSTGRES_URL`, named `qiyuan_web_{what}_…`; its URL.
/// `None` (the PostgreSQL variant is skipped) when the variable is unset
/// or empty.
pub async fn new_postgres_database(what: &str) -> Option<String> {
    let Ok(base_url) = std::env::var("QIYUAN_TEST_POSTGRES_URL") else {
        eprintln!("QIYUAN_TEST_POSTGRES_URL not set: PostgreSQL variant skipped");
        return None;
    };
    if base_url.is_empty() {
        return None;
    }
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let (head, _) = base_url.rsplit_once('/').unwrap();
    let name = format!(
        "qiyuan_web_{what}_{}_{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos()
    );
    let mut conn = sqlx::AnyConnection::connect(&base_url).await.unwrap();
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    Some(format!("{head}/{name}"))
}

impl TestServer {
    /// Starts a server on an empty database (no account: the first-run
    /// set-up is open).
    pub async fn start() -> TestServer {
        TestServer::start_with(ServeLimits::default()).await
    }

    /// [`TestServer::start`] within `limits`.
    pub async fn start_with(limits: ServeLimits) -> TestServer {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("qiyuan.sqlite3");
        let url = qiyuan_store::database_url(&path.display().to_string());
        let store = Store::open(&url).await.unwrap();
        let (site, state, tx) = serve_with_limits(store, url, limits).await;
        TestServer {
            site,
            state,
            shutdown: Some(tx),
            _dir: dir,
        }
    }

    /// Starts a server on a database with the demo data
    /// (`qiyuan_server::demo::seed_demo`: the account `demo` /
    /// `demo-qiyuan`, the demo rating list, the demo events).
    pub async fn start_demo() -> TestServer {
        let server = TestServer::start().await;
        qiyuan_server::demo::seed_demo(&server.state).await.unwrap();
        server
    }
}

impl Site {
    /// Another browser (its own cookies) on this server.
    pub fn browser(&self) -> reqwest::Client {
        browser()
    }

    /// The absolute URL of a path.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base_url)
    }

    /// GET with `client`.
    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.unwrap()
    }

    /// GET with `client`, expecting 200; the body.
    pub async fn get_text(&self, path: &str) -> String {
        get_text_at(&self.base_url, &self.client, path).await
    }

    /// POST a urlencoded form with `client`, adding the session's `_csrf`.
    pub async fn post_form(&self, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
        self.post_form_as(&self.client, path, fields).await
    }

    /// POST a urlencoded form of owned fields (as tests build them) with
    /// `client`.
    pub async fn post_fields(&self, path: &str, fields: &[(String, String)]) -> reqwest::Response {
        let refs: Vec<(&str, &str)> = fields
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        self.post_form(path, &refs).await
    }

    /// Saves a round's results as the results form posts them (`fields`:
    /// the `r{game}`, `v{game}` and `o{game}` of each game) and checks the
    /// desk took them: 303 back to the round's page.
    pub async fn save_results(
        &self,
        id: i64,
        round: u32,
        fields: &[(String, String)],
    ) -> reqwest::Response {
        let resp = self
            .post_fields(&format!("/desk/events/{id}/rounds/{round}"), fields)
            .await;
        assert_eq!(resp.status(), 303, "results of round {round}");
        resp
    }

    /// Publishes a round and checks the desk answered with a redirect.
    pub async fn publish_round(&self, id: i64, round: u32) {
        let resp = self
            .post_form(
                &format!("/desk/events/{id}/rounds/{round}/publish"),
                &[("published", "1")],
            )
            .await;
        assert!(
            resp.status().is_redirection(),
            "publish round {round}: {}",
            resp.status()
        );
    }

    /// POST a urlencoded form with another browser `client`, adding its
    /// session's `_csrf`.
    pub async fn post_form_as(
        &self,
        client: &reqwest::Client,
        path: &str,
        fields: &[(&str, &str)],
    ) -> reqwest::Response {
        let csrf = self.csrf(client).await;
        let mut all: Vec<(&str, &str)> = fields.to_vec();
        all.push(("_csrf", &csrf));
        client.post(self.url(path)).form(&all).send().await.unwrap()
    }

    /// The CSRF token of `client`'s session (read from a page's
    /// `<meta name="csrf-token">`). A visitor without a session gets one
    /// the way a browser does: by opening the sign-in form (or, before any
    /// account exists, the set-up form).
    pub async fn csrf(&self, client: &reqwest::Client) -> String {
        for path in ["/", "/login", "/setup"] {
            let page = client
                .get(self.url(path))
                .send()
                .await
                .unwrap()
                .text()
                .await
                .unwrap();
            // A redirect (no account yet: /login sends to /setup) has no page.
            let token = meta_csrf(&page).unwrap_or_default();
            if !token.is_empty() {
                return token;
            }
        }
        panic!("neither /login nor /setup started a session")
    }

    /// Creates an account directly in the database (password hashed with
    /// [`quick_hash`]).
    pub async fn create_account(&self, username: &str, password: &str, role: Role) -> Account {
        let hash = quick_hash(password);
        self.store
            .create_user(username, &hash, role)
            .await
            .unwrap()
            .expect("username free")
    }

    /// Creates an account and an API token for it (the bearer token).
    pub async fn token(&self, username: &str, role: Role) -> String {
        let account = self.create_account(username, "unused password", role).await;
        self.store
            .create_api_token(role, Some(account.id), Some(username), None)
            .await
            .unwrap()
    }

    /// POSTs a multipart upload (the `fields`, then `file` as the part
    /// `file` named `file_name`) to `path` with `client`, its session's CSRF
    /// token in the query.
    pub async fn upload(
        &self,
        client: &reqwest::Client,
        path: &str,
        fields: &[(&str, &str)],
        file_name: &str,
        file: &[u8],
    ) -> reqwest::Response {
        let csrf = self.csrf(client).await;
        let (content_type, body) = multipart(fields, file_name, file);
        client
            .post(self.url(&format!("{path}?_csrf={csrf}")))
            .header("content-type", content_type)
            .body(body)
            .send()
            .await
            .unwrap()
    }

    /// Uploads a rating list through the office's form as a draft of
    /// `series` dated `date` (`series_date` = `SERIES|DATE`); answers the
    /// draft's id and its preview page. Panics unless the import worked.
    pub async fn import_list_draft(
        &self,
        client: &reqwest::Client,
        series: &str,
        date: &str,
        file_name: &str,
        file: &[u8],
    ) -> (i64, String) {
        let resp = self
            .upload(
                client,
                "/office/import-list",
                &[("series_date", &format!("{series}|{date}"))],
                file_name,
                file,
            )
            .await;
        let status = resp.status();
        let to = resp
            .headers()
            .get("location")
            .map(|l| l.to_str().unwrap().to_string());
        let text = resp.text().await.unwrap();
        assert_eq!(status, 303, "{text}");
        let to = to.unwrap();
        let id: i64 = to
            .trim_start_matches("/office/lists/")
            .split('?')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let page = get_text_at(&self.base_url, client, &to).await;
        (id, page)
    }

    /// Publishes draft list `id` through its form, the identity changes
    /// confirmed; answers the page.
    pub async fn publish_list_draft(&self, client: &reqwest::Client, id: i64) -> String {
        let resp = self
            .post_form_as(
                client,
                &format!("/office/lists/{id}/publish"),
                &[("confirm_identity", "1")],
            )
            .await;
        let status = resp.status();
        let text = resp.text().await.unwrap();
        assert_eq!(status, 200, "{text}");
        text
    }

    /// Signs `client` in through the login form; panics unless it works.
    pub async fn login(&self, username: &str, password: &str) {
        self.login_as(&self.client, username, password).await;
    }

    /// Signs another browser `client` in through the login form; panics
    /// unless it works.
    pub async fn login_as(&self, client: &reqwest::Client, username: &str, password: &str) {
        let resp = self
            .post_form_as(
                client,
                "/login",
                &[
                    ("username", username),
                    ("password", password),
                    ("next", "/"),
                ],
            )
            .await;
        assert_eq!(resp.status(), 303, "login of {username}");
    }

    /// Creates an account with [`TEST_PASSWORD`] and signs `client` in as it.
    pub async fn sign_in_as(&self, username: &str, role: Role) -> Account {
        let account = self.create_account(username, TEST_PASSWORD, role).await;
        self.login(username, TEST_PASSWORD).await;
        account
    }
}

/// GET `path` of the server at `base` with `client`, expecting 200; the body.
pub async fn get_text_at(base: &str, client: &reqwest::Client, path: &str) -> String {
    let resp = client.get(format!("{base}{path}")).send().await.unwrap();
    let status = resp.status();
    let text = resp.text().await.unwrap();
    assert_eq!(status, 200, "GET {path}: {text}");
    text
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }
}

/// The value of `<meta name="csrf-token" content="…">` in a page.
pub fn meta_csrf(page: &str) -> Option<String> {
    let at = page.find(r#"<meta name="csrf-token" content=""#)?;
    let rest = &page[at + r#"<meta name="csrf-token" content=""#.len()..];
    Some(rest[..rest.find('"')?].to_string())
}

/// An argon2id hash with the weakest parameters argon2 allows (8 KiB, one
/// pass), for test accounts only: the server verifies a password with the
/// parameters written in its hash, so signing in stays fast in debug
/// builds. Real accounts get `qiyuan_server::auth::hash_password`.
pub fn quick_hash(password: &str) -> String {
    let params = argon2::Params::new(8, 1, 1, None).unwrap();
    let argon = argon2::Argon2::new(argon2::Algorithm::Argon2id, argon2::Version::V0x13, params);
    let salt = SaltString::encode_b64(b"qiyuan-test-salt").unwrap();
    argon
        .hash_password(password.as_bytes(), &salt)
        .unwrap()
        .to_string()
}

/// The name shown as signed in, in the page header (as HTML: escaped);
/// `None` on a page seen by an anonymous visitor.
pub fn signed_in_name(page: &str) -> Option<String> {
    let at = page.find(r#"<a class="user""#)?;
    let rest = &page[at..];
    let start = rest.find('>')? + 1;
    let end = rest.find("</a>")?;
    Some(rest[start..end].to_string())
}

/// The `Location` header of a response (empty when there is none).
pub fn location(resp: &reqwest::Response) -> String {
    resp.headers()
        .get("location")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default()
}

/// The status and the body of a response.
pub async fn status_and_text(resp: reqwest::Response) -> (u16, String) {
    let status = resp.status().as_u16();
    (status, resp.text().await.unwrap())
}

/// The id of the event the desk's "new event" form created: `resp` must
/// be its `303` to `/desk/events/{id}/players`.
pub fn created_event_id(resp: &reqwest::Response) -> i64 {
    assert_eq!(resp.status(), 303, "create event");
    let to = location(resp);
    to.strip_prefix("/desk/events/")
        .and_then(|r| r.strip_suffix("/players"))
        .unwrap_or_else(|| panic!("redirect to {to}"))
        .parse()
        .unwrap()
}

/// Undoes the HTML escaping of an attribute value.
pub fn unescape(s: &str) -> String {
    s.replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// The value of the first attribute `attr="…"` following `marker` in
/// `page`, unescaped.
pub fn attr_after(page: &str, marker: &str, attr: &str) -> Option<String> {
    let at = page.find(marker)?;
    let rest = &page[at..];
    let key = format!("{attr}=\"");
    let v = &rest[rest.find(&key)? + key.len()..];
    Some(unescape(&v[..v.find('"')?]))
}

/// Every value of `attr="…"` in `page`, in order, unescaped.
pub fn all_attrs(page: &str, attr: &str) -> Vec<String> {
    let key = format!(" {attr}=\"");
    page.match_indices(&key)
        .map(|(i, _)| {
            let v = &page[i + key.len()..];
            unescape(&v[..v.find('"').unwrap()])
        })
        .collect()
}

/// Attributes of every tag starting with `start` (e.g. `<tr data-player=`),
/// as they are written (not unescaped).
pub fn tags(page: &str, start: &str) -> Vec<HashMap<String, String>> {
    let mut out = Vec::new();
    let mut rest = page;
    while let Some(at) = rest.find(start) {
        let tag = &rest[at..];
        let end = tag.find('>').unwrap();
        let mut attrs = HashMap::new();
        let mut s = &tag[..end];
        while let Some(eq) = s.find("=\"") {
            let name = s[..eq].rsplit(' ').next().unwrap().to_string();
            let after = &s[eq + 2..];
            let close = after.find('"').unwrap();
            attrs.insert(name, after[..close].to_string());
            s = &after[close + 1..];
        }
        out.push(attrs);
        rest = &tag[end..];
    }
    out
}

/// A multipart body (the `fields`, then the file as a part named `file`)
/// and its content type.
pub fn multipart(fields: &[(&str, &str)], file_name: &str, file: &[u8]) -> (String, Vec<u8>) {
    multipart_files(fields, &[(file_name, file)])
}

/// A multipart body (the `fields`, then each file as a part named `file`)
/// and its content type.
pub fn multipart_files(fields: &[(&str, &str)], files: &[(&str, &[u8])]) -> (String, Vec<u8>) {
    let parts: Vec<(&str, &str, &[u8])> = files.iter().map(|&(n, f)| ("file", n, f)).collect();
    multipart_parts(fields, &parts)
}

/// A multipart body of `fields` and file parts `(part name, file name,
/// content)`; answers the content type and the body.
pub fn multipart_parts(
    fields: &[(&str, &str)],
    files: &[(&str, &str, &[u8])],
) -> (String, Vec<u8>) {
    let boundary = "----qiyuan-test-boundary-7d1f";
    let mut body = Vec::new();
    for (k, v) in fields {
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n")
                .as_bytes(),
        );
    }
    for (part, file_name, file) in files {
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{part}\"; filename=\"{file_name}\"\r\n\
                 Content-Type: application/octet-stream\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(file);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

/// Imports the list `csv` (a file named `name`, dated `date`) straight
/// into `store` as a draft of the cxa-2019 series, as the office's import
/// does, and publishes it (its identity changes confirmed): a list to start
/// a test from.
pub async fn import_list_csv(
    store: &Store,
    name: &str,
    date: chrono::NaiveDate,
    csv: &str,
) -> qiyuan_store::ListDraft {
    let read = qiyuan_formats::list::read_list_rows(
        csv.as_bytes(),
        name,
        &qiyuan_formats::sheet::Limits::list(),
    )
    .unwrap();
    assert!(read.refused.is_empty(), "{:?}", read.refused);
    let entries: Vec<qiyuan_store::ListEntry> = read.rows.into_iter().map(Into::into).collect();
    let draft = store
        .import_list(
            name,
            csv.as_bytes(),
            "cxa-2019",
            date,
            &entries,
            Default::default(),
            &|_| {},
            "test-officer",
        )
        .await
        .unwrap();
    store
        .publish_list(draft.list_id, true, "test-officer")
        .await
        .unwrap();
    draft
}
