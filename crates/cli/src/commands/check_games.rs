//! `qiyuan check-games`: validates game records.
//!
//! ```text
//! qiyuan check-games FILE... [--format table|json]
//! ```
//! Files are PGN (chess, or xiangqi in the xqbase dialect with Chinese, ICCS
//! or WXF movetext; UTF-8, GBK or Big5) or XQF (XQStudio, any version). The
//! format is sniffed from the bytes (`XQ` magic → XQF) and the game from each
//! PGN game's tags and first move. For every game: legal to the end, or the
//! first illegal move with its number; the result against the final
//! position; the plies. Then a summary line. The exit code is 1 when any game
//! has an illegal move, an inconsistent result or cannot be read, 2 when a
//! file cannot be opened.
//!
//! Checkable results: chess — checkmate, stalemate, dead position, fivefold
//! repetition and the 75-move rule (FIDE 5.1.1, 5.2.1, 5.2.2, 9.6) must give
//! the recorded result; xiangqi — a side with no legal move has lost (将死,
//! 困毙). Any other final position allows any result (resignation, time,
//! agreement, arbiter's ruling), which is reported as `undecided`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use comfy_table::{Table, presets::UTF8_FULL_CONDENSED};
use qiyuan_formats::pgn::xiangqi::{XiangqiCheck, check_xiangqi, is_xiangqi};
use qiyuan_formats::pgn::{self, ResultCheck, decode, read_raw};
use qiyuan_formats::xqf::{check_xqf, read_xqf};
use serde::Serialize;

/// Output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A table for the terminal, then the summary line.
    Table,
    /// JSON: `{"games": [...], "summary": {...}}`.
    Json,
}

/// Arguments of `qiyuan check-games`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// PGN or XQF files.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
}

/// One checked game.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    /// The file.
    pub file: String,
    /// 1-based number of the game in the file.
    pub game: usize,
    /// `chess` or `xiangqi`.
    pub kind: &'static str,
    /// `pgn` or `xqf`.
    pub format: &'static str,
    /// White / Red.
    pub first_player: String,
    /// Black.
    pub second_player: String,
    /// Legal plies of the main line.
    pub plies: usize,
    /// `legal`, `illegal` or `error` (unreadable game).
    pub status: &'static str,
    /// The first illegal move, or the reading error.
    pub problem: Option<String>,
    /// The recorded result.
    pub result: String,
    /// `consistent`, `undecided` or `inconsistent`.
    pub result_check: &'static str,
    /// Why the result is inconsistent.
    pub result_problem: Option<String>,
}

impl Row {
    fn failed(&self) -> bool {
        self.status != "legal" || self.result_check == "inconsistent"
    }
}

/// Counts over all games.
#[derive(Debug, Default, Clone, Serialize)]
pub struct Summary {
    /// Games read (unreadable ones included).
    pub games: usize,
    /// Games whose moves are all legal.
    pub legal: usize,
    /// Games with an illegal move.
    pub illegal: usize,
    /// Games that could not be read (bad tag, FEN, damaged file).
    pub errors: usize,
    /// Games whose result contradicts the final position or itself.
    pub inconsistent_results: usize,
    /// Plies of all legal moves.
    pub plies: usize,
}

fn result_fields(check: &ResultCheck) -> (&'static str, Option<String>) {
    match check {
        ResultCheck::Consistent => ("consistent", None),
        ResultCheck::Undecided => ("undecided", None),
        ResultCheck::Inconsistent(why) => ("inconsistent", Some(why.clone())),
    }
}

fn error_row(file: &str, game: usize, format: &'static str, kind: &'static str, e: String) -> Row {
    Row {
        file: file.to_string(),
        game,
        kind,
        format,
        first_player: String::new(),
        second_player: String::new(),
        plies: 0,
        status: "error",
        problem: Some(e),
        result: "*".into(),
        result_check: "undecided",
        result_problem: None,
    }
}

fn xiangqi_row(
    file: &str,
    format: &'static str,
    red: String,
    black: String,
    c: &XiangqiCheck,
) -> Row {
    let (result_check, result_problem) = result_fields(&c.result);
    Row {
        file: file.to_string(),
        game: c.number,
        kind: "xiangqi",
        format,
        first_player: red,
        second_player: black,
        plies: c.plies,
        status: if c.illegal.is_some() {
            "illegal"
        } else {
            "legal"
        },
        problem: c.illegal.as_ref().map(ToString::to_string),
        result: c.claimed.as_str().to_string(),
        result_check,
        result_problem,
    }
}

/// Checks every game of one file's bytes.
pub fn check_bytes(file: &str, bytes: &[u8]) -> Vec<Row> {
    if bytes.starts_with(b"XQ") {
        return match read_xqf(bytes) {
            Ok(g) => {
                let c = check_xqf(&g);
                vec![xiangqi_row(file, "xqf", g.red.clone(), g.black.clone(), &c)]
            }
            Err(e) => vec![error_row(file, 1, "xqf", "xiangqi", e.to_string())],
        };
    }
    let (text, _) = decode(bytes);
    let mut rows = Vec::new();
    let mut number = 0;
    for raw in read_raw(&text) {
        number += 1;
        let raw = match raw {
            Ok(r) => r,
            Err(e) => {
                rows.push(error_row(file, e.game, "pgn", "?", e.to_string()));
                continue;
            }
        };
        let tag = |n: &str| raw.tag(n).unwrap_or("").to_string();
        if is_xiangqi(&raw) {
            match check_xiangqi(&raw) {
                Ok(c) => rows.push(xiangqi_row(file, "pgn", tag("Red"), tag("Black"), &c)),
                Err(e) => rows.push(error_row(file, number, "pgn", "xiangqi", e.to_string())),
            }
        } else {
            match pgn::check(&raw) {
                Ok(c) => {
                    let (result_check, result_problem) = result_fields(&c.result);
                    rows.push(Row {
                        file: file.to_string(),
                        game: c.number,
                        kind: "chess",
                        format: "pgn",
                        first_player: tag("White"),
                        second_player: tag("Black"),
                        plies: c.plies,
                        status: if c.illegal.is_some() {
                            "illegal"
                        } else {
                            "legal"
                        },
                        problem: c.illegal.as_ref().map(ToString::to_string),
                        result: c.claimed.as_str().to_string(),
                        result_check,
                        result_problem,
                    });
                }
                Err(e) => rows.push(error_row(file, number, "pgn", "chess", e.to_string())),
            }
        }
    }
    rows
}

fn summarize(rows: &[Row]) -> Summary {
    let mut s = Summary::default();
    for r in rows {
        s.games += 1;
        s.plies += r.plies;
        match r.status {
            "legal" => s.legal += 1,
            "illegal" => s.illegal += 1,
            _ => s.errors += 1,
        }
        if r.result_check == "inconsistent" {
            s.inconsistent_results += 1;
        }
    }
    s
}

fn summary_line(s: &Summary) -> String {
    format!(
        "{} games, {} legal, {} illegal, {} unreadable, {} inconsistent results, {} plies",
        s.games, s.legal, s.illegal, s.errors, s.inconsistent_results, s.plies
    )
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut rows = Vec::new();
    for path in &args.files {
        let bytes =
            std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
        rows.extend(check_bytes(&path.display().to_string(), &bytes));
    }
    let summary = summarize(&rows);
    let text = match args.format {
        Format::Json => {
            #[derive(Serialize)]
            struct Out<'a> {
                games: &'a [Row],
                summary: &'a Summary,
            }
            let mut s = serde_json::to_string_pretty(&Out {
                games: &rows,
                summary: &summary,
            })?;
            s.push('\n');
            s
        }
        Format::Table => {
            let mut t = Table::new();
            t.load_style(UTF8_FULL_CONDENSED);
            t.set_header([
                "File",
                "#",
                "Game",
                "Red/White",
                "Black",
                "Plies",
                "Moves",
                "Result",
                "Check",
            ]);
            for r in &rows {
                let moves = match &r.problem {
                    Some(p) => format!("{}: {p}", r.status),
                    None => r.status.to_string(),
                };
                let check = match &r.result_problem {
                    Some(p) => format!("{}: {p}", r.result_check),
                    None => r.result_check.to_string(),
                };
                t.add_row([
                    r.file.clone(),
                    r.game.to_string(),
                    format!("{} {}", r.kind, r.format),
                    r.first_player.clone(),
                    r.second_player.clone(),
                    r.plies.to_string(),
                    moves,
                    r.result.clone(),
                    check,
                ]);
            }
            format!("{t}\n{}\n", summary_line(&summary))
        }
    };
    super::output::emit_text(None, &text)?;
    Ok(if rows.iter().any(Row::failed) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
