//! The repository stands on its own, as a newcomer meets it:
//!
//! - no file names a path outside the repository (the reference data a
//!   test reads lives in `testdata/`);
//! - every `Examples:` block of every `--help` runs as written, in order,
//!   from a folder holding a copy of the shipped `examples/`;
//! - every shell snippet of `README.md` runs as written, or is named here
//!   with the place that runs it;
//! - the binary works from any folder: started from `/`, it serves the web
//!   application (pages, stylesheet, migrations all embedded) and answers
//!   `qiyuan period` on the shipped list.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const QIYUAN: &str = env!("CARGO_BIN_EXE_qiyuan");

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

// ------------------------------------------------------------ no outside path

/// Text that would reach outside the repository: the reference folder that
/// sits beside the repository on the developers' machines, or a climb from
/// a crate's manifest directory above the root. Built from pieces so that
/// this file does not name them itself.
fn outside_markers() -> Vec<String> {
    let up = "..";
    let beside = "shared";
    vec![
        format!("{up}/{beside}"),
        format!("{beside}/data/"),
        format!("{beside}/spec/"),
        format!("{beside}/seeds"),
        format!("{beside}/tools/"),
        format!("/{up}/{up}/{up}/"),
        format!("\"{up}/{up}/{up}/"),
    ]
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap();
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if entry.file_type().unwrap().is_dir() {
            // Build output, the fuzzers' corpora and git's own files are not
            // the repository's text.
            if !matches!(name.as_ref(), ".git" | "target" | "corpus" | "artifacts") {
                walk(&path, out);
            }
        } else {
            out.push(path);
        }
    }
}

#[test]
fn no_file_names_a_path_outside_the_repository() {
    let root = root();
    let mut files = Vec::new();
    walk(&root, &mut files);
    assert!(files.len() > 100, "walked {} files", files.len());
    let markers = outside_markers();
    let mut found = Vec::new();
    for file in &files {
        let Ok(text) = std::fs::read_to_string(file) else {
            continue; // binary (XQF, PNG): no paths in it
        };
        for (n, line) in text.lines().enumerate() {
            for m in &markers {
                if line.contains(m.as_str()) {
                    found.push(format!(
                        "{}:{}: `{m}` in: {}",
                        file.strip_prefix(&root).unwrap().display(),
                        n + 1,
                        line.trim()
                    ));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "paths outside the repository (copy the file into testdata/ and name it there):\n{}",
        found.join("\n")
    );
}

// ------------------------------------------------------------------ examples

/// A folder like a user's: a copy of the shipped `examples/`, its own data
/// directory and home.
struct Workspace {
    dir: tempfile::TempDir,
}

impl Workspace {
    fn new() -> Workspace {
        let dir = tempfile::tempdir().unwrap();
        let examples = root().join("examples");
        let to = dir.path().join("examples");
        std::fs::create_dir(&to).unwrap();
        for entry in std::fs::read_dir(&examples).unwrap() {
            let entry = entry.unwrap();
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
        for sub in ["data", "home"] {
            std::fs::create_dir(dir.path().join(sub)).unwrap();
        }
        Workspace { dir }
    }

    /// A shell running `line` here, with `qiyuan` on the PATH.
    fn shell(&self, line: &str) -> Command {
        let bin = Path::new(QIYUAN).parent().unwrap();
        let path = format!(
            "{}:{}",
            bin.display(),
            std::env::var("PATH").unwrap_or_default()
        );
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(line)
            .current_dir(self.dir.path())
            .env("PATH", path)
            .env("HOME", self.dir.path().join("home"))
            .env("QIYUAN_DATA_DIR", self.dir.path().join("data"))
            .env("USER", "example-user")
            .env_remove("XDG_DATA_HOME");
        cmd
    }

    /// Runs one example line to its end; panics with its output unless it
    /// succeeds.
    fn run(&self, origin: &str, line: &str) -> Output {
        let out = self.shell(line).output().unwrap();
        assert!(
            out.status.success(),
            "{origin}: `{line}` failed ({})\nstdout:\n{}\nstderr:\n{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        out
    }

    /// Starts `qiyuan serve …` as written, waits until it answers `GET /`
    /// with the home page, and stops it.
    fn serve(&self, origin: &str, line: &str) {
        let addr = serve_address(line);
        assert!(
            TcpStream::connect_timeout(&addr, Duration::from_millis(200)).is_err(),
            "{origin}: `{line}`: something already listens on {addr}; stop it to run this test"
        );
        let child = self
            .shell(&format!("exec {line}"))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut server = Server(child);
        let page = wait_for_page(&mut server.0, addr, "/").unwrap_or_else(|e| {
            let _ = server.0.kill();
            let out = server.take_output();
            panic!("{origin}: `{line}`: {e}\n{out}")
        });
        assert!(
            page.starts_with("HTTP/1.1 200"),
            "{origin}: `{line}`:\n{page}"
        );
        assert!(
            page.contains("棋院") || page.contains("qiyuan"),
            "{origin}: {page}"
        );
    }
}

/// A child process killed when dropped.
struct Server(Child);

impl Server {
    fn take_output(&mut self) -> String {
        let mut text = String::new();
        if let Some(mut o) = self.0.stdout.take() {
            let _ = o.read_to_string(&mut text);
        }
        if let Some(mut e) = self.0.stderr.take() {
            let _ = e.read_to_string(&mut text);
        }
        text
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The address `qiyuan serve` listens on for this command line, as a
/// client reaches it (`0.0.0.0` on loopback).
fn serve_address(line: &str) -> SocketAddr {
    let words: Vec<&str> = line.split_whitespace().collect();
    let given = words
        .iter()
        .position(|w| *w == "--addr")
        .map(|i| words[i + 1])
        .unwrap_or("127.0.0.1:8080");
    let addr: SocketAddr = given.parse().unwrap();
    if addr.ip().is_unspecified() {
        SocketAddr::from(([127, 0, 0, 1], addr.port()))
    } else {
        addr
    }
}

/// `GET path` on `addr` once the server answers (30 s at most), as text.
fn wait_for_page(child: &mut Child, addr: SocketAddr, path: &str) -> Result<String, String> {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Err(format!("the server stopped ({status})"));
        }
        if let Ok(mut s) = TcpStream::connect_timeout(&addr, Duration::from_millis(500)) {
            return get(&mut s, path).map_err(|e| e.to_string());
        }
        if start.elapsed() > Duration::from_secs(30) {
            return Err(format!("nothing listened on {addr} within 30 s"));
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn get(s: &mut TcpStream, path: &str) -> std::io::Result<String> {
    s.set_read_timeout(Some(Duration::from_secs(30)))?;
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )?;
    let mut bytes = Vec::new();
    s.read_to_end(&mut bytes)?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// The command lines of the `Examples` blocks of a help text: the indented
/// lines after a line starting `Examples`, up to the next unindented line;
/// comments (`# …`) and blank lines skipped, `\` continuations joined.
fn example_lines(help: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut inside = false;
    let mut pending = String::new();
    for line in help.lines() {
        if line.starts_with("Examples") {
            inside = true;
            continue;
        }
        if !inside {
            continue;
        }
        if !line.is_empty() && !line.starts_with(' ') {
            inside = false;
            continue;
        }
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        match text.strip_suffix('\\') {
            Some(head) => {
                pending.push_str(head);
                pending.push(' ');
            }
            None => {
                pending.push_str(text);
                lines.push(std::mem::take(&mut pending));
            }
        }
    }
    assert!(pending.is_empty(), "a `\\` continuation ends the block");
    lines
}

/// The English help (whatever the machine's locale: the examples are found
/// under `Examples`).
fn help(args: &[&str]) -> String {
    let out = Command::new(QIYUAN)
        .env("QIYUAN_LANG", "en")
        .args(args)
        .arg("--help")
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?} --help");
    String::from_utf8(out.stdout).unwrap()
}

/// The sub-commands `qiyuan --help` lists.
fn commands() -> Vec<String> {
    let top = help(&[]);
    top.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn every_help_example_runs_as_written() {
    let commands = commands();
    assert!(commands.len() >= 12, "{commands:?}");
    let mut ran = 0;
    for command in &commands {
        let text = help(&[command]);
        let lines = example_lines(&text);
        assert!(
            !lines.is_empty(),
            "`qiyuan {command} --help` has no Examples block"
        );
        // Each command's examples run in a fresh folder, in order: a later
        // line may use what an earlier one wrote (a list, a profile).
        let ws = Workspace::new();
        let origin = format!("qiyuan {command} --help");
        for line in &lines {
            assert!(
                line.starts_with("qiyuan ") || line.starts_with("echo "),
                "{origin}: `{line}` is not a command line"
            );
            if line.starts_with("qiyuan serve") {
                ws.serve(&origin, line);
            } else {
                ws.run(&origin, line);
            }
            ran += 1;
        }
    }
    assert!(ran >= 50, "ran {ran} examples");
}

/// What some examples promise, checked on their output: the files they
/// name exist and hold what the help says.
#[test]
fn examples_do_what_their_comments_say() {
    let ws = Workspace::new();
    // perft: the counts in the comments are the published ones (CPW).
    let out = ws.run("perft", "qiyuan perft 4");
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "3290240");
    let out = ws.run("perft", "qiyuan perft --game chess 5");
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "4865609");
    // The rating profile printed is one `--profile-file` reads.
    ws.run("rate", "qiyuan rate --print-profile cca-chess > mine.toml");
    let a = ws.run(
        "rate",
        "qiyuan rate examples/cca-chess-round-robin.json --profile cca-chess --format json",
    );
    let b = ws.run(
        "rate",
        "qiyuan rate examples/cca-chess-round-robin.json --profile-file mine.toml --format json",
    );
    assert_eq!(a.stdout, b.stdout);
    // The example Swiss is the reference engine's first three rounds: the
    // engine's fourth round (testdata/swiss/rtg/rtg-132.trf) is the next one.
    let out = ws.run("pair", "qiyuan pair --dutch examples/open.trf -p");
    let mut pairs: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .skip(1)
        .map(str::to_string)
        .collect();
    pairs.sort();
    let mut want = round_of(&root().join("testdata/swiss/rtg/rtg-132.trf"), 4);
    want.sort();
    assert_eq!(pairs, want);
}

/// The `white black` pairs of round `r` of a complete TRF (a bye as `id 0`).
fn round_of(trf: &Path, r: usize) -> Vec<String> {
    let text = std::fs::read_to_string(trf).unwrap();
    let mut pairs = Vec::new();
    for line in text.lines().filter(|l| l.starts_with("001")) {
        let me: u32 = line[4..8].trim().parse().unwrap();
        let at = 91 + 10 * (r - 1);
        let cell = &line[at..at + 8];
        let opponent = cell[..4].trim();
        if opponent == "0000" {
            pairs.push(format!("{me} 0"));
        } else if &cell[5..6] == "w" {
            pairs.push(format!("{me} {}", opponent.parse::<u32>().unwrap()));
        }
    }
    pairs
}

// -------------------------------------------------------------------- README

/// README lines that are not run here, and the place that proves them.
const README_ELSEWHERE: [(&str, &str); 2] = [
    (
        "./scripts/test",
        "the test command itself: .ci/run runs it on a fresh clone",
    ),
    (
        "cargo install --path crates/cli --locked",
        "scripts/check-install installs the binary, moves the sources away and runs it from /",
    ),
];

/// The lines of the README's ```sh blocks.
fn readme_lines() -> Vec<String> {
    let text = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut lines = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        if line.starts_with("```") {
            inside = !inside && line.trim() == "```sh";
            continue;
        }
        let line = line.trim();
        if inside && !line.is_empty() && !line.starts_with('#') {
            lines.push(line.to_string());
        }
    }
    lines
}

#[test]
fn every_readme_snippet_runs_as_written() {
    let lines = readme_lines();
    assert!(lines.len() >= 3, "{lines:?}");
    let ws = Workspace::new();
    for line in &lines {
        if README_ELSEWHERE.iter().any(|(l, _)| l == line) {
            continue;
        }
        // `cargo run --release --` runs the `qiyuan` binary this test has.
        let command = match line.strip_prefix("cargo run --release -- ") {
            Some(rest) => format!("qiyuan {rest}"),
            None => line.clone(),
        };
        if command.starts_with("qiyuan serve") {
            ws.serve("README.md", &command);
        } else {
            ws.run("README.md", &command);
        }
    }
}

// ------------------------------------------------------------ from any folder

/// Runs `start` again while the copied binary is "text file busy": another
/// test thread forking between the copy's close and this exec holds the
/// copy's write descriptor for a moment (Linux ETXTBSY), which is no fault
/// of the binary.
fn unless_busy<T>(mut start: impl FnMut() -> std::io::Result<T>) -> T {
    for _ in 0..50 {
        match start() {
            Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy => {
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
            other => return other.unwrap(),
        }
    }
    panic!("the copied binary stayed busy for 5 s")
}

/// The binary copied elsewhere and started from `/`: the web application's
/// pages, stylesheet and migrations are in the binary, and `period` reads
/// the shipped list given by an absolute path.
#[test]
fn the_binary_works_from_any_folder() {
    let ws = Workspace::new();
    let bin = ws.dir.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    let qiyuan = bin.join("qiyuan");
    std::fs::copy(QIYUAN, &qiyuan).unwrap();
    let examples = ws.dir.path().join("examples");
    let out = unless_busy(|| {
        Command::new(&qiyuan)
            .current_dir("/")
            .args(["period", "--profile", "cxa-2019", "--list"])
            .arg(examples.join("list-2019-06.csv"))
            .args(["--date", "2019-10-01"])
            .arg(examples.join("cxa-2019-swiss.json"))
            .output()
    });
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("id,name,sex,rating_before,change,rating"),
        "{text}"
    );
    assert_eq!(text.lines().count(), 12, "{text}");

    let port = free_port();
    let child = unless_busy(|| {
        Command::new(&qiyuan)
            .current_dir("/")
            .env("QIYUAN_DATA_DIR", ws.dir.path().join("data"))
            .env("HOME", ws.dir.path().join("home"))
            .args(["serve", "--addr", &format!("127.0.0.1:{port}")])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
    });
    let mut server = Server(child);
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    let home = wait_for_page(&mut server.0, addr, "/").unwrap_or_else(|e| {
        let _ = server.0.kill();
        panic!("{e}\n{}", server.take_output())
    });
    assert!(home.starts_with("HTTP/1.1 200"), "{home}");
    // The demo data seeded through the embedded migrations is on the public
    // list of events, and the page's stylesheet comes from the binary.
    assert!(home.contains("/static/app.css"), "{home}");
    let css = get(&mut TcpStream::connect(addr).unwrap(), "/static/app.css").unwrap();
    assert!(css.starts_with("HTTP/1.1 200"), "{css}");
    assert!(css.contains("text/css"), "{css}");
    let events = get(&mut TcpStream::connect(addr).unwrap(), "/events").unwrap();
    assert!(events.starts_with("HTTP/1.1 200"), "{events}");
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}
