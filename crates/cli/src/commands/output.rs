//! What every report-printing command shares: the `--format` and `--lang`
//! options, and writing the result to standard output or, atomically, to a
//! file.

use std::fs;
use std::io::{self, Write};
use std::path::Path;

use crate::say::t;
use anyhow::Context;
use qiyuan_rating::Lang;

/// `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A table for the terminal.
    Table,
    /// JSON with snake_case English field names.
    Json,
    /// CSV, one row per line of the table.
    Csv,
    /// An Excel workbook (needs `-o FILE.xlsx`).
    Xlsx,
}

/// One cell of a report table: a number (kept exact) or text.
pub enum Cell {
    /// A figure, written as a number in spreadsheets.
    Number(rust_decimal::Decimal),
    /// Text.
    Text(String),
    /// Nothing to show.
    Empty,
}

impl Cell {
    /// The cell as text (exact decimals; empty for [`Cell::Empty`]).
    pub fn text(&self) -> String {
        match self {
            Cell::Number(d) => d.to_string(),
            Cell::Text(s) => s.clone(),
            Cell::Empty => String::new(),
        }
    }
}

/// `--lang`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LangArg {
    /// 中文.
    Zh,
    /// English.
    En,
}

impl From<LangArg> for Lang {
    fn from(l: LangArg) -> Lang {
        match l {
            LangArg::Zh => Lang::Zh,
            LangArg::En => Lang::En,
        }
    }
}

/// Writes text to `path` (atomically) or to standard output.
pub fn emit_text(path: Option<&Path>, text: &str) -> anyhow::Result<()> {
    match path {
        Some(path) => write_atomically(path, text.as_bytes()),
        None => {
            let mut out = io::stdout().lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
            Ok(())
        }
    }
}

/// Writes `bytes` to `path` so that a reader (or a crash) never sees a
/// half-written file: write a temporary file in the same directory, flush it
/// to disk, then rename it over the target.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path.file_name().with_context(|| {
        t(
            format!("{}: not a file name", path.display()),
            format!("{}：不是文件名", path.display()),
        )
    })?;
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let result = (|| -> io::Result<()> {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        fs::rename(&tmp, path)?;
        // Make the rename itself durable.
        fs::File::open(dir)?.sync_all()
    })();
    if let Err(e) = result {
        let _ = fs::remove_file(&tmp);
        return Err(e).with_context(|| {
            t(
                format!("{}: cannot write", path.display()),
                format!("{}：无法写入", path.display()),
            )
        });
    }
    Ok(())
}
