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

use argon2::password_hash::{PasswordHasher, SaltString};
use qiyuan_server::auth::Role;
use qiyuan_server::{AppState, ServeConfig};
use qiyuan_store::Store;
use qiyuan_store::accounts::Account;

/// The password `sign_in_as` gives the accounts it creates.
pub const TEST_PASSWORD: &str = "correct horse battery";

/// A running server on a temporary database.
pub struct TestServer {
    /// `http://127.0.0.1:PORT` (no trailing slash).
    pub base_url: String,
    /// A browser: cookie store on, redirects not followed.
    pub client: reqwest::Client,
    /// The server's database.
    pub store: Store,
    /// The server's state (for calling library functions directly).
    pub state: AppState,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    _dir: tempfile::TempDir,
}

/// A browser: keeps cookies, does not follow redirects.
pub fn browser() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

impl TestServer {
    /// Starts a server on an empty database (no account: the first-run
    /// set-up is open).
    pub async fn start() -> TestServer {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("qiyuan.sqlite3");
        let url = qiyuan_store::database_url(&path.display().to_string());
        let store = Store::open(&url).await.unwrap();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let config = ServeConfig {
            addr,
            database: url,
            demo: false,
            secure_cookies: false,
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
        TestServer {
            base_url: format!("http://{addr}"),
            client: browser(),
            store,
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
        let resp = self.get(path).await;
        let status = resp.status();
        let text = resp.text().await.unwrap();
        assert_eq!(status, 200, "GET {path}: {text}");
        text
    }

    /// POST a urlencoded form with `client`, adding the session's `_csrf`.
    pub async fn post_form(&self, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
        let csrf = self.csrf(&self.client).await;
        let mut all: Vec<(&str, &str)> = fields.to_vec();
        all.push(("_csrf", &csrf));
        self.client
            .post(self.url(path))
            .form(&all)
            .send()
            .await
            .unwrap()
    }

    /// The CSRF token of `client`'s session (read from a page's
    /// `<meta name="csrf-token">`; the visit starts a session if needed).
    pub async fn csrf(&self, client: &reqwest::Client) -> String {
        let page = client
            .get(self.url("/"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        meta_csrf(&page).expect("pages carry <meta name=\"csrf-token\">")
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

    /// Signs `client` in through the login form; panics unless it works.
    pub async fn login(&self, username: &str, password: &str) {
        let resp = self
            .post_form(
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
