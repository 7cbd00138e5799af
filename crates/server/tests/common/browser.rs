//! The browser harness of the browser tests: a real headless Chromium,
//! driven through WebDriver (`chromedriver` + `fantoccini`), against the
//! real server (`TestServer`).
//!
//! Each test starts its own `chromedriver` on a free port and one browser
//! session ([`with_browser`]); both are ended when the test ends, also when
//! it fails. Screenshots of every main step are saved as
//! `target/browser-artifacts/<test>-<step>.png` (and `<test>-failure.png`).
//!
//! Without `chromedriver` (Debian packages `chromium` and
//! `chromium-driver`) the tests are skipped with a notice — except in CI
//! (`CI=true`), where they fail. `CHROMEDRIVER` and `CHROMIUM` override the
//! programs' paths.

use std::future::Future;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use fantoccini::elements::Element;
use fantoccini::error::CmdError;
use fantoccini::{Client, ClientBuilder, Locator};

use super::TestServer;

/// A phone's window (an iPhone 12–15 class screen in CSS pixels).
pub const PHONE: (u32, u32) = (390, 844);
/// A desktop window.
pub const DESKTOP: (u32, u32) = (1280, 900);
/// A desktop window tall enough for 12 standings rows.
pub const STANDINGS_WINDOW: (u32, u32) = (1280, 1180);
/// The longest wait for an element or a download.
pub const WAIT: Duration = Duration::from_secs(30);

// ---------------------------------------------------------------------------
// Harness: chromedriver, the browser session, artifacts.
// ---------------------------------------------------------------------------

/// The path of a program: `$env` if set, else the first of `candidates`
/// that exists, else the name looked up in `PATH`.
pub fn program(env: &str, candidates: &[&str]) -> Option<PathBuf> {
    if let Some(p) = std::env::var_os(env) {
        return Some(PathBuf::from(p));
    }
    for c in candidates {
        let p = Path::new(c);
        if p.is_absolute() && p.exists() {
            return Some(p.to_path_buf());
        }
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| candidates.iter().map(move |c| dir.join(c)))
        .find(|p| p.is_file())
}

/// The cargo target directory: `CARGO_TARGET_DIR` (relative to the
/// workspace root if relative), else the test binary's
/// `<target>/<profile>/deps/` grandparent.
pub fn target_dir() -> PathBuf {
    let root = repo_root();
    if let Some(dir) = std::env::var_os("CARGO_TARGET_DIR") {
        let dir = PathBuf::from(dir);
        return if dir.is_absolute() {
            dir
        } else {
            root.join(dir)
        };
    }
    std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.parent()?.to_path_buf()))
        .unwrap_or_else(|| root.join("target"))
}

/// The repository's root (two levels above this crate).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `target/browser-artifacts/`, created.
pub fn artifacts_dir() -> PathBuf {
    let dir = target_dir().join("browser-artifacts");
    std::fs::create_dir_all(&dir).expect("create target/browser-artifacts");
    dir
}

/// A running `chromedriver`, in its own process group: dropping it kills
/// the group (the driver and any browser it started).
pub struct Chromedriver {
    pub child: Child,
    pub url: String,
}

impl Chromedriver {
    /// Starts chromedriver on a free port and waits until it listens.
    /// `None` (after a notice) when chromedriver is not installed and this
    /// is not CI; a panic in CI.
    pub fn start(test: &str) -> Option<Chromedriver> {
        let Some(driver) = program("CHROMEDRIVER", &["/usr/bin/chromedriver", "chromedriver"])
        else {
            let msg = "chromedriver not found (install Debian's chromium and chromium-driver, \
                       or set CHROMEDRIVER)";
            if std::env::var("CI").is_ok_and(|v| v == "true" || v == "1") {
                panic!("{msg}: the browser tests cannot run in CI");
            }
            eprintln!("SKIPPED browser test {test}: {msg}");
            return None;
        };
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let log = std::fs::File::create(artifacts_dir().join(format!("{test}-chromedriver.log")))
            .expect("chromedriver log file");
        let child = {
            use std::os::unix::process::CommandExt;
            Command::new(&driver)
                .arg(format!("--port={port}"))
                .stdin(Stdio::null())
                .stdout(Stdio::from(log.try_clone().expect("log handle")))
                .stderr(Stdio::from(log))
                .process_group(0)
                .spawn()
                .unwrap_or_else(|e| panic!("cannot start {}: {e}", driver.display()))
        };
        let me = Chromedriver {
            child,
            url: format!("http://127.0.0.1:{port}"),
        };
        let deadline = std::time::Instant::now() + WAIT;
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                std::time::Instant::now() < deadline,
                "chromedriver did not listen on port {port}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        Some(me)
    }
}

impl Drop for Chromedriver {
    fn drop(&mut self) {
        // The whole process group this test started (by its id).
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.child.id())])
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One browser session of a test.
#[derive(Clone)]
pub struct Browser {
    pub client: Client,
    pub test: &'static str,
    pub base: String,
    pub downloads: Arc<tempfile::TempDir>,
    pub shots: Arc<AtomicUsize>,
}

/// Runs `body` with a fresh headless Chromium on `server`; takes a
/// screenshot when the body fails; always ends the session and the driver.
pub async fn with_browser<F, Fut>(test: &'static str, server: &TestServer, body: F)
where
    F: FnOnce(Browser) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let Some(driver) = Chromedriver::start(test) else {
        return;
    };
    let chromium = program(
        "CHROMIUM",
        &["/usr/bin/chromium", "chromium", "chromium-browser"],
    );
    let profile = tempfile::tempdir().expect("profile dir");
    let downloads = tempfile::tempdir().expect("download dir");
    let mut options = serde_json::json!({
        "args": [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
            "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync",
            "--disable-dev-shm-usage", "--lang=en-US",
            format!("--user-data-dir={}", profile.path().display()),
            format!("--window-size={},{}", DESKTOP.0, DESKTOP.1),
        ],
        "prefs": {
            "download.default_directory": downloads.path().display().to_string(),
            "download.prompt_for_download": false,
            "intl.accept_languages": "en-US,en",
        },
    });
    if let Some(bin) = &chromium {
        options["binary"] = serde_json::json!(bin.display().to_string());
    }
    let mut caps = serde_json::Map::new();
    caps.insert("browserName".into(), serde_json::json!("chrome"));
    caps.insert("goog:chromeOptions".into(), options);
    // Alerts stay open so a test can see them (none is expected).
    caps.insert(
        "unhandledPromptBehavior".into(),
        serde_json::json!("ignore"),
    );
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    let client = ClientBuilder::new(connector)
        .capabilities(caps)
        .connect(&driver.url)
        .await
        .unwrap_or_else(|e| panic!("no browser session from chromedriver: {e}"));
    let browser = Browser {
        client: client.clone(),
        test,
        base: server.base_url.clone(),
        downloads: Arc::new(downloads),
        shots: Arc::new(AtomicUsize::new(0)),
    };
    browser.window(DESKTOP).await;
    let outcome = tokio::spawn(body(browser.clone())).await;
    if outcome.is_err() {
        browser.save_png("failure").await;
    }
    let _ = client.close().await;
    drop(driver);
    drop(profile);
    if let Err(e) = outcome {
        match e.try_into_panic() {
            Ok(panic) => std::panic::resume_unwind(panic),
            Err(e) => panic!("browser test {test} did not finish: {e}"),
        }
    }
}

impl Browser {
    /// The absolute URL of a path of the server.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Sets the window's size (width, height in CSS pixels).
    pub async fn window(&self, (w, h): (u32, u32)) {
        self.client
            .set_window_size(w, h)
            .await
            .expect("set the window size");
    }

    /// Saves a screenshot as `<artifacts>/<test>-<name>.png`; returns the
    /// PNG (empty when the browser could not take it).
    pub async fn save_png(&self, name: &str) -> Vec<u8> {
        match self.client.screenshot().await {
            Ok(png) => {
                let path = artifacts_dir().join(format!("{}-{name}.png", self.test));
                if let Err(e) = std::fs::write(&path, &png) {
                    eprintln!("cannot write {}: {e}", path.display());
                }
                png
            }
            Err(e) => {
                eprintln!("no screenshot {name}: {e}");
                Vec::new()
            }
        }
    }

    /// A screenshot of a main step: `<test>-NN-<step>.png` (numbered in
    /// order).
    pub async fn step(&self, step: &str) -> Vec<u8> {
        let n = self.shots.fetch_add(1, Ordering::SeqCst) + 1;
        self.save_png(&format!("{n:02}-{step}")).await
    }

    /// Opens a path of the server.
    pub async fn goto(&self, path: &str) {
        self.client
            .goto(&self.url(path))
            .await
            .unwrap_or_else(|e| panic!("open {path}: {e}"));
    }

    /// The path of the current page.
    pub async fn path(&self) -> String {
        self.client
            .current_url()
            .await
            .expect("current URL")
            .path()
            .to_string()
    }

    /// Waits for an element (CSS selector) to be on the page.
    pub async fn find(&self, css: &str) -> Element {
        let found = self
            .client
            .wait()
            .at_most(WAIT)
            .for_element(Locator::Css(css))
            .await;
        match found {
            Ok(e) => e,
            Err(e) => {
                let path = self.path().await;
                panic!("no element `{css}` on {path}: {e}")
            }
        }
    }

    /// Every element matching a CSS selector now.
    pub async fn all(&self, css: &str) -> Vec<Element> {
        self.client
            .find_all(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("find all `{css}`: {e}"))
    }

    /// Finds `css` and does `op` with it. An element found on the page that
    /// was just being replaced (a form's answer or a link's page still
    /// loading) is "stale" by the time it is used: it is found again on the
    /// new page, until the wait's deadline. `what` names the step in a
    /// failure.
    async fn on_element<T, F, Fut>(&self, css: &str, what: &str, op: F) -> T
    where
        F: Fn(Element) -> Fut,
        Fut: Future<Output = Result<T, CmdError>>,
    {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            match op(self.find(css).await).await {
                Ok(v) => return v,
                Err(e) if is_stale(&e) && tokio::time::Instant::now() < deadline => {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                Err(e) => panic!("{what} `{css}`: {e}"),
            }
        }
    }

    /// Clicks an element once it is there.
    pub async fn click(&self, css: &str) {
        self.on_element(css, "click", |e| async move { e.click().await.map(drop) })
            .await;
    }

    /// Types into a field (after clearing it).
    pub async fn fill(&self, css: &str, value: &str) {
        self.on_element(css, "type into", |e| async move {
            e.clear().await?;
            e.send_keys(value).await
        })
        .await;
    }

    /// Chooses an option of a `<select>` by its value.
    pub async fn select(&self, css: &str, value: &str) {
        self.on_element(css, &format!("select {value} in"), |e| async move {
            e.select_by_value(value).await
        })
        .await;
    }

    /// The visible text of an element.
    pub async fn text(&self, css: &str) -> String {
        self.on_element(css, "text of", |e| async move { e.text().await })
            .await
    }

    /// The `<html lang>` of the page.
    pub async fn html_lang(&self) -> String {
        self.on_element("html", "lang of", |e| async move { e.attr("lang").await })
            .await
            .unwrap_or_default()
    }

    /// Signs `user` (an account with the tests' password) in through the
    /// sign-in page and waits for the header to name him.
    pub async fn sign_in(&self, user: &str) {
        self.goto("/login").await;
        self.fill("input[name=username]", user).await;
        self.fill("input[name=password]", super::TEST_PASSWORD)
            .await;
        self.click("form[action='/login'] button[type=submit]")
            .await;
        self.find("header.site a.user").await;
    }

    /// Runs a script; its JSON result.
    pub async fn js(&self, script: &str) -> serde_json::Value {
        self.client
            .execute(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("script `{script}`: {e}"))
    }

    /// Panics if a JavaScript dialog (alert) is open.
    pub async fn assert_no_alert(&self) {
        match self.client.get_alert_text().await {
            Err(CmdError::Standard(w))
                if w.error == fantoccini::error::ErrorStatus::NoSuchAlert => {}
            Ok(text) => panic!("a JavaScript alert is open: {text:?}"),
            Err(e) => panic!("cannot ask for alerts: {e}"),
        }
    }

    /// Waits for a file to be downloaded completely; its name and content.
    pub async fn downloaded(&self, ext: &str) -> (String, Vec<u8>) {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let done = std::fs::read_dir(self.downloads.path())
                .expect("read the download dir")
                .filter_map(Result::ok)
                .map(|e| e.path())
                .find(|p| p.extension().is_some_and(|x| x == ext));
            if let Some(p) = done {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                return (name, std::fs::read(&p).expect("read the download"));
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "no .{ext} file was downloaded"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

impl Browser {
    /// Waits until an element's text is `expected` (the page may still be
    /// the previous one for a moment after a click).
    pub async fn wait_text(&self, css: &str, expected: &str) {
        self.wait_for_text(css, expected, |now| now == expected)
            .await;
    }

    /// Waits until an element's visible text contains `needle` (the answer
    /// to this form, not a notice left by the one before).
    pub async fn wait_contains(&self, css: &str, needle: &str) {
        self.wait_for_text(css, needle, |now| now.contains(needle))
            .await;
    }

    async fn wait_for_text(&self, css: &str, expected: &str, holds: impl Fn(&str) -> bool) {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let now = match self.client.find(Locator::Css(css)).await {
                Ok(e) => e.text().await.unwrap_or_default(),
                Err(_) => String::new(),
            };
            if holds(&now) {
                return;
            }
            if tokio::time::Instant::now() >= deadline {
                let path = self.path().await;
                panic!("`{css}` on {path} reads {now:?}, expected {expected:?}");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Checks the page is in the language of the flow.
    pub async fn assert_lang(&self, zh: bool) {
        let want = if zh { "zh-CN" } else { "en" };
        assert_eq!(
            self.html_lang().await,
            want,
            "language of {}",
            self.path().await
        );
    }
}

/// The language of a flow: English or Chinese labels.
#[derive(Clone, Copy)]
pub struct Tr {
    pub zh: bool,
}

impl Tr {
    pub fn t<'a>(self, en: &'a str, zh: &'a str) -> &'a str {
        if self.zh { zh } else { en }
    }
}

/// Whether WebDriver refused because the element left the page.
fn is_stale(e: &CmdError) -> bool {
    e.to_string().contains("stale element")
}
