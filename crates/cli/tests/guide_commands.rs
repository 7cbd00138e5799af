//! Every command shown in a guide (`docs/guide/*.md`) runs as written.
//!
//! Each guide is read as a reader types it into one terminal: the lines of
//! its ```sh blocks, in order, in one shell (so a variable set by one line,
//! `TOKEN=$(qiyuan token create …)`, is there for the next), in a folder
//! holding a copy of the shipped `examples/`, with its own data directory
//! (`qiyuan serve` and the commands without `--database` share one
//! database, as on a user's machine). Every command must exit 0. A ```text
//! block right after a ```sh block is the output the guide shows: each of
//! its lines must be in what that block printed (standard output and
//! error together; `…` in a line stands for anything).
//!
//! What the test changes, and only this:
//! - the reader of a Chinese guide has set `QIYUAN_LANG=zh`, as the guide
//!   asks, and the reader of an English one `QIYUAN_LANG=en` (no locale of
//!   the machine running the test decides);
//! - `qiyuan serve --addr HOST:8080` runs in the background on a free port
//!   instead of 8080 (another program may hold 8080), and every later
//!   `127.0.0.1:8080` of the guide is that port; the test waits until the
//!   server answers and stops it at the end;
//! - nothing else: no command is left out.
//!
//! A guide's ```sh lines may only be `qiyuan …` commands, `curl …` requests
//! to the server, and `NAME=$(qiyuan …)` assignments: anything else fails
//! here, so a guide cannot show a command this test does not know how to
//! run.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const QIYUAN: &str = env!("CARGO_BIN_EXE_qiyuan");

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// A fenced block of a guide: its info string (`sh`, `text`) and its lines.
#[derive(Debug)]
struct Block {
    info: String,
    lines: Vec<String>,
}

fn blocks(markdown: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut current: Option<Block> = None;
    for line in markdown.lines() {
        if let Some(info) = line.trim_start().strip_prefix("```") {
            match current.take() {
                Some(b) => out.push(b),
                None => {
                    current = Some(Block {
                        info: info.trim().to_string(),
                        lines: Vec::new(),
                    })
                }
            }
            continue;
        }
        if let Some(b) = &mut current {
            b.lines.push(line.to_string());
        }
    }
    assert!(current.is_none(), "a fenced block is not closed");
    out
}

/// The commands of a ```sh block: `\` continuations joined, blank lines
/// and comments skipped.
fn commands(block: &Block) -> Vec<String> {
    let mut out = Vec::new();
    let mut pending = String::new();
    for line in &block.lines {
        let text = line.trim();
        if pending.is_empty() && (text.is_empty() || text.starts_with('#')) {
            continue;
        }
        match text.strip_suffix('\\') {
            Some(head) => {
                pending.push_str(head.trim_end());
                pending.push(' ');
            }
            None => {
                pending.push_str(text);
                out.push(std::mem::take(&mut pending));
            }
        }
    }
    assert!(pending.is_empty(), "a `\\` continuation ends a block");
    out
}

/// Whether the test knows how to run a command line.
fn known(command: &str) -> bool {
    let assigned = command
        .split_once("=$(")
        .filter(|(name, _)| {
            !name.is_empty() && name.chars().all(|c| c.is_ascii_uppercase() || c == '_')
        })
        .map(|(_, rest)| rest);
    match assigned {
        Some(rest) => rest.starts_with("qiyuan ") && rest.ends_with(')'),
        None => command.starts_with("qiyuan ") || command.starts_with("curl "),
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The port a `qiyuan serve` line is written with.
fn written_port(command: &str) -> &str {
    let words: Vec<&str> = command.split_whitespace().collect();
    let addr = words
        .iter()
        .position(|w| *w == "--addr")
        .map(|i| words[i + 1])
        .unwrap_or("127.0.0.1:8080");
    addr.rsplit(':').next().unwrap()
}

/// One step of a guide's session: a command, and the block it belongs to.
struct Step {
    block: usize,
    command: String,
}

/// Runs a guide's commands in one shell in a fresh folder; the output of
/// each block, by block index.
fn run_guide(name: &str) -> usize {
    let path = root().join("docs/guide").join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let blocks = blocks(&text);
    let port = free_port().to_string();
    let mut steps = Vec::new();
    for (i, b) in blocks.iter().enumerate().filter(|(_, b)| b.info == "sh") {
        for command in commands(b) {
            assert!(
                known(&command),
                "{name}: `{command}` is neither a qiyuan command, a curl request nor \
                 NAME=$(qiyuan …): this test cannot run it"
            );
            steps.push(Step { block: i, command });
        }
    }
    assert!(!steps.is_empty(), "{name} shows no command");

    // The folder of a user who has the repository's examples.
    let dir = tempfile::tempdir().unwrap();
    let examples = dir.path().join("examples");
    std::fs::create_dir(&examples).unwrap();
    for entry in std::fs::read_dir(root().join("examples")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), examples.join(entry.file_name())).unwrap();
    }
    for sub in ["data", "home"] {
        std::fs::create_dir(dir.path().join(sub)).unwrap();
    }

    // The session: each command, then a marker with its status.
    let mut script = String::from(
        "exec 2>&1\nQIYUAN_GUIDE_SERVERS=\n\
         trap 'for p in $QIYUAN_GUIDE_SERVERS; do kill $p 2>/dev/null; done' EXIT\n",
    );
    let mut served_port: Option<String> = None;
    for (n, step) in steps.iter().enumerate() {
        let mut command = step.command.clone();
        if let Some(p) = &served_port {
            command = command.replace(&format!("127.0.0.1:{p}"), &format!("127.0.0.1:{port}"));
        }
        script.push_str(&format!("echo '@@step {n}'\n"));
        if command.starts_with("qiyuan serve") {
            let written = written_port(&command).to_string();
            let ours = command.replacen(&format!(":{written}"), &format!(":{port}"), 1);
            served_port = Some(written);
            script.push_str(&format!(
                "{ours} > serve.log 2>&1 &\n\
                 QIYUAN_GUIDE_SERVERS=\"$QIYUAN_GUIDE_SERVERS $!\"\n\
                 i=0; until curl -fsS -o /dev/null http://127.0.0.1:{port}/api/v1/health; do \
                 i=$((i+1)); if [ $i -gt 300 ]; then cat serve.log; break; fi; sleep 0.1; done; \
                 [ $i -le 300 ]\n"
            ));
        } else {
            script.push_str(&command);
            script.push('\n');
        }
        script.push_str("echo \"@@status $?\"\n");
    }
    std::fs::write(dir.path().join("guide.sh"), &script).unwrap();

    let bin = Path::new(QIYUAN).parent().unwrap();
    let path_var = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let start = Instant::now();
    let out = Command::new("sh")
        .arg("guide.sh")
        .current_dir(dir.path())
        .env("PATH", path_var)
        .env("HOME", dir.path().join("home"))
        .env("QIYUAN_DATA_DIR", dir.path().join("data"))
        .env("USER", "guide-reader")
        .env_remove("XDG_DATA_HOME")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        // A reader of the Chinese guide has set the language it asks for
        // (`QIYUAN_LANG=zh`, the guide's first step); the English one has not.
        .env(
            "QIYUAN_LANG",
            if name.ends_with(".zh.md") { "zh" } else { "en" },
        )
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        start.elapsed() < Duration::from_secs(300),
        "{name}: the commands took {:?}",
        start.elapsed()
    );
    let output = String::from_utf8_lossy(&out.stdout).into_owned();

    // Each step's output and status.
    let mut by_block: Vec<String> = vec![String::new(); blocks.len()];
    for (n, step) in steps.iter().enumerate() {
        let head = format!("@@step {n}\n");
        let at = output
            .find(&head)
            .unwrap_or_else(|| panic!("{name}: step {n} did not run:\n{output}"))
            + head.len();
        let rest = &output[at..];
        let end = rest
            .find("@@status ")
            .unwrap_or_else(|| panic!("{name}: `{}` did not end:\n{rest}", step.command));
        let printed = &rest[..end];
        let status = rest[end + "@@status ".len()..]
            .lines()
            .next()
            .unwrap_or("")
            .trim()
            .to_string();
        assert_eq!(
            status, "0",
            "{name}: `{}` failed (status {status}); it printed:\n{printed}",
            step.command
        );
        by_block[step.block].push_str(printed);
    }

    // The output the guide shows: a ```text block right after a ```sh one.
    let mut checked = 0;
    for (i, b) in blocks.iter().enumerate() {
        if b.info != "text" || i == 0 || blocks[i - 1].info != "sh" {
            continue;
        }
        let printed = &by_block[i - 1];
        for line in b.lines.iter().map(|l| l.trim()).filter(|l| !l.is_empty()) {
            assert!(
                shows(printed, line),
                "{name}: the guide shows `{line}`, but the commands printed:\n{printed}"
            );
            checked += 1;
        }
    }
    steps.len() + checked
}

/// Whether `printed` holds a line the guide shows: its pieces between
/// `…`, in order.
fn shows(printed: &str, line: &str) -> bool {
    let mut from = 0;
    for piece in line.split('…').map(str::trim).filter(|p| !p.is_empty()) {
        match printed[from..].find(piece) {
            Some(at) => from += at + piece.len(),
            None => return false,
        }
    }
    true
}

/// Every guide of `docs/guide/`, in both languages, runs.
#[test]
fn every_command_of_the_guides_runs_as_written() {
    let mut guides: Vec<String> = std::fs::read_dir(root().join("docs/guide"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".zh.md") || n.ends_with(".en.md"))
        .collect();
    guides.sort();
    assert_eq!(guides.len(), 6, "{guides:?}");
    for guide in &guides {
        let n = run_guide(guide);
        eprintln!("{guide}: {n} commands and output lines checked");
    }
}

/// The two languages of a guide show the same commands: a reader of
/// either runs the same session. The output each shows is in its own
/// language (the Chinese reader has set `QIYUAN_LANG=zh`), as many lines.
#[test]
fn both_languages_show_the_same_commands() {
    for key in ["arbiter", "officer", "integrator"] {
        let read = |lang: &str, info: &str| -> Vec<String> {
            let text = std::fs::read_to_string(root().join(format!("docs/guide/{key}.{lang}.md")))
                .unwrap();
            blocks(&text)
                .iter()
                .filter(|b| b.info == info)
                .flat_map(|b| b.lines.clone())
                .collect()
        };
        assert_eq!(
            read("zh", "sh"),
            read("en", "sh"),
            "{key}: the commands differ"
        );
        assert_eq!(
            read("zh", "text").len(),
            read("en", "text").len(),
            "{key}: the outputs shown differ"
        );
    }
}

#[test]
fn the_reader_of_the_blocks_joins_continuations() {
    let b = blocks("x\n```sh\ncurl a \\\n  -d 'b'\n\n# note\nqiyuan c\n```\n```text\nout\n```\n");
    assert_eq!(b.len(), 2);
    assert_eq!(commands(&b[0]), ["curl a -d 'b'", "qiyuan c"]);
    assert!(known("TOKEN=$(qiyuan token create --role officer)"));
    assert!(!known("rm -rf /"));
    assert!(!known("X=$(rm x)"));
    assert_eq!(written_port("qiyuan serve --addr 0.0.0.0:8080"), "8080");
    assert!(shows("a 1\nb 2\nc 3\n", "b 2"));
    assert!(shows("a 1\nb 2\nc 3\n", "a … 3"));
    assert!(!shows("a 1\nb 2\nc 3\n", "c … a"));
    assert!(!shows("a 1\nb 2\n", "b 3"));
}
