//! `qiyuan`: the rating office and tournament desk on the command line.
//!
//! Each sub-command lives in its own module under `commands/`; this file
//! only parses the command line and turns errors into exit codes.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod commands;

/// 棋院 — the rating office and tournament desk for xiangqi and chess.
#[derive(Debug, Parser)]
#[command(name = "qiyuan", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Rate one event with a rating profile (等级分计算表).
    Rate(commands::rate::Args),
    /// Apply online games, one JSON line each, to a platform point system.
    Points(commands::points::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Rate(args) => commands::rate::run(args),
        Command::Points(args) => commands::points::run(args),
    };
    match outcome {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}
