//! `qiyuan`: the rating office and tournament desk on the command line.
//!
//! Each sub-command lives in its own module under `commands/`; this file
//! only parses the command line and turns errors into exit codes.
//!
//! The help is English or Chinese, as the user asks (`help.rs`): `--lang
//! zh` or `--lang en` anywhere on the command line, else `QIYUAN_LANG`,
//! else a locale (`LC_ALL`, `LC_MESSAGES`, `LANG`) starting with `zh`;
//! English otherwise. English is the doc comments below and in
//! `commands/`, Chinese the catalogue `help/zh.toml`.

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use qiyuan_vocab::Lang;

mod commands;
mod help;
mod say;

/// 棋院 — the rating office and tournament desk for xiangqi and chess.
#[derive(Debug, Parser)]
#[command(
    name = "qiyuan",
    version,
    about,
    long_about = None,
    after_help = "\
Help in Chinese (中文帮助): --lang zh anywhere on the command line, or
QIYUAN_LANG=zh, or a Chinese locale (the first of LC_ALL, LC_MESSAGES and LANG
that is set starts with zh). --lang en or QIYUAN_LANG=en: English."
)]
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
    /// Standings with tie-breaks of a TRF or event file.
    Standings(commands::standings::Args),
    /// Pair a round: Berger tables, the Dutch Swiss system.
    Pair(commands::pair::Args),
    /// Convert between TRF and the event format.
    Convert(commands::convert::Args),
    /// Count the leaf nodes of the move tree (xiangqi or chess).
    Perft(commands::perft::Args),
    /// Compute a rating period from a list and event files (stateless).
    Period(commands::period::Args),
    /// Check an event for title norms.
    Norms(commands::norms::Args),
    /// Titles: an event's norms and placement titles, or a player's title file.
    Titles(commands::titles::Args),
    /// Amateur grades (棋士等级称号): each player's promotion by score rate.
    Grades(commands::grades::Args),
    /// Qualification by rating: the mean of the last published ratings (cca-chess 八(十七)).
    Qualify(commands::qualify::Args),
    /// The rating office: a database of players, events and published lists.
    Office(commands::office::Args),
    /// Check game records: legal moves, results, plies.
    CheckGames(commands::check_games::Args),
    /// Serve the web application: desk, rating office, public pages, JSON API.
    Serve(commands::serve::Args),
    /// API tokens for the JSON API of `serve`.
    Token(commands::token::Args),
}

fn main() -> ExitCode {
    let lang = help::lang(std::env::args_os(), |name| std::env::var_os(name));
    say::set_lang(lang);
    let mut cmd = help::command(Cli::command(), lang);
    let mut matches = match cmd.try_get_matches_from_mut(std::env::args_os()) {
        Ok(matches) => matches,
        Err(err) => match (lang, help::parse_error_zh(&err)) {
            (Lang::Zh, Some(text)) => {
                say::error(&text);
                return ExitCode::from(2);
            }
            _ => err.exit(),
        },
    };
    let cli =
        Cli::from_arg_matches_mut(&mut matches).unwrap_or_else(|err| err.format(&mut cmd).exit());
    let outcome = match cli.command {
        Command::Rate(args) => commands::rate::run(args),
        Command::Points(args) => commands::points::run(args),
        Command::Standings(args) => commands::standings::run(args),
        Command::Pair(args) => commands::pair::run(args),
        Command::Convert(args) => commands::convert::run(args),
        Command::Perft(args) => commands::perft::run(args),
        Command::Period(args) => commands::period::run(args),
        Command::Norms(args) => commands::norms::run(args),
        Command::Titles(args) => commands::titles::run(args),
        Command::Grades(args) => commands::grades::run(args),
        Command::Qualify(args) => commands::qualify::run(args),
        Command::Office(args) => commands::office::run(args),
        Command::CheckGames(args) => commands::check_games::run(args),
        Command::Serve(args) => commands::serve::run(args),
        Command::Token(args) => commands::token::run(args),
    };
    match outcome {
        Ok(code) => code,
        Err(err) => {
            say::error(&say::chain_text(&err));
            ExitCode::from(2)
        }
    }
}
