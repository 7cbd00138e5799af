//! What the language tests of the command line share: running the binary
//! in one language, with no variable of the environment choosing another.

#![allow(dead_code)] // each test file uses what it needs

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The binary under test.
pub const QIYUAN: &str = env!("CARGO_BIN_EXE_qiyuan");

/// The variables that choose the language (cleared: each run says its own).
pub const LANGUAGE_VARIABLES: [&str; 4] = ["QIYUAN_LANG", "LC_ALL", "LC_MESSAGES", "LANG"];

/// The repository's `examples/`.
pub fn examples() -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples"))
        .canonicalize()
        .unwrap()
}

/// `qiyuan ARGS --lang LANG` run in `dir`.
pub fn run_in(dir: &Path, args: &[&str], lang: &str) -> Output {
    let mut command = Command::new(QIYUAN);
    for name in LANGUAGE_VARIABLES {
        command.env_remove(name);
    }
    command
        .current_dir(dir)
        .args(args)
        .args(["--lang", lang])
        .output()
        .unwrap()
}

/// Whether `text` has a Chinese character.
pub fn has_chinese(text: &str) -> bool {
    text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}
