//! `qiyuan points`: apply online games, one JSON line each, to a platform
//! point system (regulations §6), at high volume; or games read from game
//! records (`--games FILE...`, PGN or XQF) with the plies counted from their
//! moves.
//!
//! Built for speed: one reused line buffer; the plain line shape parsed
//! without serde and every other line by serde_json, both borrowing strings
//! from the buffer (no allocation per game unless a string has escapes);
//! players in a fast hash map with inline ids; integers written with itoa;
//! output through one large buffer.

use std::borrow::Cow;
use std::fmt;
use std::fs;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, anyhow, bail};
use qiyuan_formats::online::{GameLine, read_game_line};
use qiyuan_formats::points_state::{self, GLICKO2};
use qiyuan_rating::online::glicko2::{Glicko2, Glicko2Store};
use qiyuan_rating::online::{GameResult, OnlineGame, PlayerStore, PointSystem};
use rust_decimal::Decimal;

use super::{check_games, output};
use crate::say::{error_text, t};

const ABOUT: &str = "Apply online games, one JSON line each, to a platform point system.";

const HELP: &str = "\
Applies online games to a platform point system (积分, regulations §6) and \
writes one JSON line per game with both players' changes, new totals and \
levels (级别 / 称号).

Input, one game per line on standard input (blank lines are skipped, unknown \
fields ignored):
  {\"id\": \"g1\", \"white\": \"alice\", \"black\": \"bob\", \"result\": \"1-0\", \"plies\": 61}
  id      any JSON value, echoed as given
  white   the first mover: a string or a whole number (5 and \"5\" are the
          same player); \"red\" is accepted instead (红方, xiangqi)
  black   the second mover, as white
  result  \"1-0\", \"0-1\", \"1/2-1/2\" (also \"½-½\"); forfeit forms:
          \"+-\" white wins, black left the game by force (强制退出, 逃跑)
          \"-+\" black wins, white left the game by force
          (leaving costs the system's leave penalty where it has one, else
          it is an ordinary loss)
  plies   optional: half-moves played (步); unknown counts as a full game
  draw_offer  optional, for a draw: who offered it, \"white\" (\"red\") or
          \"black\" (天天象棋: tiantian-xiangqi makes the offerer of a draw
          between close players lose points; other systems ignore it)

Output, one line per game:
  {\"id\":\"g1\",\"scored\":true,\"white_change\":21,\"black_change\":-21,
   \"white_points\":1321,\"black_points\":1279,\"white_level\":\"六级棋手\",\"black_level\":\"七级棋手\"}

With --system glicko2 each game is a rating period of its own for its two \
players (Glickman's Glicko-2, τ from --tau, default 0.5; plies and leaving \
do not matter): the points are ratings, and each line also carries \
white_rd, black_rd, white_volatility and black_volatility; the levels are \
null. New players start at 1500 / 350 / 0.06.

A player not seen before starts at the system's initial points. With \
--state FILE, points are read from FILE (if it exists) and written back at \
the end, atomically (a temporary file in the same directory, fsync, rename): \
a crash never leaves a half-written state.

Errors: a malformed line (or an impossible game: a player against themself, \
a leaver who did not lose) stops the run with an error naming the line \
number and the field, and a non-zero exit code. The state file is then NOT \
updated, so the corrected input can be run again; the output lines already \
written for the lines before it stay on standard output.

Game records instead of JSON lines: --games FILE... reads PGN (chess, or \
xiangqi in the xqbase dialect with Chinese, ICCS or WXF moves; UTF-8, GBK or \
Big5) and XQF files. Every game is checked first as by `qiyuan check-games`: \
the players come from the tags (Red or White, and Black), the result from the \
record, and the plies are COUNTED FROM THE MOVES (so the short-game rules \
apply: in qq-xiangqi-titles a win in fewer than 10 plies gives the winner \
nothing). A game with an illegal move, a result that contradicts the final \
position, no result (`*`) or no player is refused with its file, game number \
and move number; then no game is applied and the state file is untouched. \
The output id of a game is \"FILE#N\" (N its number in the file).

Examples:
  # Score a tournament's game records (the short-game rule from the moves)
  qiyuan points --system qq-xiangqi-titles --state titles.json --games examples/xiangqi-games.pgn

  # Two new players (1300 each) in QQ新中国象棋: black wins
  echo '{\"id\":1,\"red\":\"r\",\"black\":\"b\",\"result\":\"0-1\",\"plies\":80}' \\
    | qiyuan points --system qq-xiangqi-elo --state players.json

  # A day of games, keeping points between runs
  qiyuan points --system qq-chess-levels --state chess.json < examples/online-games.jsonl > changes.jsonl

  # Your own system: start from a built-in definition and edit it
  qiyuan points --print-system qq-xiangqi-titles > club.toml
  qiyuan points --system-file club.toml < examples/online-games.jsonl

  # The built-in systems
  qiyuan points --list";

/// Arguments of `qiyuan points`.
#[derive(Debug, clap::Args)]
#[command(
    about = ABOUT,
    after_help = "See --help for the input and output formats and examples.",
    after_long_help = HELP
)]
pub struct Args {
    /// Built-in point system: qq-chess-levels, qq-chess-fixed,
    /// qq-xiangqi-titles, qq-xiangqi-elo, qq-xiangqi-levels,
    /// tiantian-xiangqi, glicko2.
    #[arg(long, value_name = "NAME", required_unless_present_any = ["system_file", "list", "print_system"])]
    system: Option<String>,
    /// A point system defined in a TOML file (the format of --print-system).
    #[arg(long, value_name = "FILE", conflicts_with = "system")]
    system_file: Option<PathBuf>,
    /// Keep players' points in FILE between runs (read if it exists, written
    /// atomically at the end; left untouched if any line is bad).
    #[arg(long, value_name = "FILE")]
    state: Option<PathBuf>,
    /// With --system glicko2: τ, the volatility constraint (default 0.5).
    #[arg(long, value_name = "TAU")]
    tau: Option<f64>,
    /// Read the games from game records (PGN, chess or xiangqi, UTF-8, GBK
    /// or Big5; XQF) instead of JSON lines on standard input: players from
    /// the tags, the result from the record, the plies counted from the
    /// moves. Every game is checked first (as `check-games`); an illegal
    /// record stops the run before any game is applied.
    #[arg(long, value_name = "FILE", num_args = 1..)]
    games: Vec<PathBuf>,
    /// List the built-in systems and exit.
    #[arg(long)]
    list: bool,
    /// Print a built-in system's TOML definition and exit.
    #[arg(long, value_name = "NAME")]
    print_system: Option<String>,
}

/// The error for an unknown system name, listing the known ones.
fn unknown(name: &str) -> anyhow::Error {
    let known = PointSystem::builtin_names().join(", ");
    anyhow!(t(
        format!("unknown point system `{name}`; known systems: {known}, {GLICKO2}"),
        format!("没有名为 `{name}` 的积分制；已知的有 {known}, {GLICKO2}")
    ))
}

/// Runs `qiyuan points`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.list {
        let mut out = io::stdout().lock();
        for name in PointSystem::builtin_names() {
            let system = PointSystem::builtin(name)?;
            writeln!(out, "{name}\t{}", system.description())?;
        }
        writeln!(
            out,
            "{GLICKO2}\tGlicko-2 (Glickman 2013), each game a rating period of its own; --tau sets τ"
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(name) = &args.print_system {
        let text = if name == GLICKO2 {
            Glicko2::builtin_source()
        } else {
            PointSystem::builtin_source(name).ok_or_else(|| unknown(name))?
        };
        io::stdout().lock().write_all(text.as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    }
    if args.system.as_deref() == Some(GLICKO2) {
        return run_glicko2(&args);
    }
    if args.tau.is_some() {
        bail!(t(
            format!("--tau belongs to --system {GLICKO2}"),
            format!("--tau 只用于 --system {GLICKO2}")
        ));
    }
    let system = match (&args.system, &args.system_file) {
        (Some(name), _) => PointSystem::builtin(name).map_err(|_| unknown(name))?,
        (None, Some(path)) => {
            let text = fs::read_to_string(path).with_context(|| {
                t(
                    format!("cannot read {}", path.display()),
                    format!("无法读取 {}", path.display()),
                )
            })?;
            PointSystem::from_toml(&text).with_context(|| path.display().to_string())?
        }
        (None, None) => bail!(t(
            "give --system NAME or --system-file FILE",
            "请用 --system NAME 或 --system-file FILE 指定积分制"
        )),
    };
    let mut store = match &args.state {
        Some(path) => read_state(path, system.name())?,
        None => PlayerStore::new(),
    };
    let records = read_records(&args.games)?;
    let stdout = io::stdout().lock();
    let source = if args.games.is_empty() {
        Source::Lines(BufReader::with_capacity(1 << 16, io::stdin().lock()))
    } else {
        Source::Records(&records)
    };
    process(
        &system,
        &mut store,
        source,
        BufWriter::with_capacity(1 << 16, stdout),
    )?;
    if let Some(path) = &args.state {
        write_state(
            path,
            &points_state::write_point_state(system.name(), &store),
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Calls `each` with every game line of `input` (blank lines skipped) and
/// its line number; a line that does not parse is an error naming the line,
/// the column and the field.
fn for_each_game(
    mut input: impl BufRead,
    mut each: impl FnMut(Place<'_>, &GameLine<'_>) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let mut line = Vec::with_capacity(256);
    let mut number = 0u64;
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        number += 1;
        let mut trimmed = line.trim_ascii();
        if number == 1 {
            // A UTF-8 byte order mark, as some Windows tools write.
            trimmed = trimmed.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(trimmed);
        }
        if trimmed.is_empty() {
            continue;
        }
        let game = read_game_line(trimmed).map_err(|e| {
            let msg = e.to_string();
            let suffix = format!(" at line {} column {}", e.line(), e.column());
            let msg = msg.strip_suffix(&suffix).unwrap_or(&msg);
            let column = e.column();
            anyhow!(t(
                format!("line {number}, column {column}: {msg}"),
                format!("第 {number} 行第 {column} 列：不是有效的对局行（{msg}）")
            ))
        })?;
        each(Place::Line(number), &game)?;
    }
}

/// Where a game came from, for error messages.
#[derive(Debug, Clone, Copy)]
enum Place<'a> {
    /// A JSON line of standard input.
    Line(u64),
    /// A game record: the file and the game's number in it.
    Record(&'a str, usize),
}

impl fmt::Display for Place<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Line(n) => write!(f, "{}", t(format!("line {n}"), format!("第 {n} 行"))),
            Place::Record(file, game) => {
                write!(
                    f,
                    "{}",
                    t(
                        format!("{file}, game {game}"),
                        format!("{file} 第 {game} 局")
                    )
                )
            }
        }
    }
}

/// Where the games come from.
enum Source<'a, R> {
    /// JSON lines.
    Lines(R),
    /// Game records, read and checked beforehand.
    Records(&'a [RecordGame]),
}

impl<R: BufRead> Source<'_, R> {
    /// Calls `each` with every game and its place.
    fn for_each(
        self,
        mut each: impl FnMut(Place<'_>, &GameLine<'_>) -> anyhow::Result<()>,
    ) -> anyhow::Result<()> {
        match self {
            Source::Lines(input) => for_each_game(input, each),
            Source::Records(games) => {
                for g in games {
                    let line = GameLine {
                        id: &g.id,
                        white: Cow::Borrowed(&g.white),
                        black: Cow::Borrowed(&g.black),
                        result: (g.result, None),
                        plies: Some(g.plies),
                        // A game record does not say who offered a draw.
                        draw_offer: None,
                    };
                    each(Place::Record(&g.file, g.game), &line)?;
                }
                Ok(())
            }
        }
    }
}

/// A game read from a record (`--games`).
#[derive(Debug)]
struct RecordGame {
    /// The output id: `"FILE#N"` as a JSON string.
    id: String,
    file: String,
    game: usize,
    white: String,
    black: String,
    result: GameResult,
    plies: u32,
}

/// Reads and checks every game of the record files (the machinery of
/// `check-games`). A game that cannot be read, has an illegal move, a result
/// contradicting its final position, no result or no players is refused:
/// every such game is listed (file, game number and, for a move, its number
/// and ply) and nothing is applied.
fn read_records(paths: &[PathBuf]) -> anyhow::Result<Vec<RecordGame>> {
    /// Problems listed in full; beyond, only counted.
    const SHOWN: usize = 20;
    let mut games = Vec::new();
    // (tier, text): illegal or unreadable records and contradicted results
    // (tier 0) are listed before missing results and players (tier 1).
    let mut problems: Vec<(u8, String)> = Vec::new();
    for path in paths {
        let bytes = fs::read(path).with_context(|| {
            t(
                format!("cannot read {}", path.display()),
                format!("无法读取 {}", path.display()),
            )
        })?;
        let file = path.display().to_string();
        let rows = check_games::check_bytes(&file, &bytes);
        if rows.is_empty() {
            problems.push((
                0,
                t(
                    format!("{file}: no game found"),
                    format!("{file}：没有对局"),
                ),
            ));
        }
        for row in rows {
            match record_game(&file, row) {
                Ok(g) => games.push(g),
                Err(e) => problems.push(e),
            }
        }
    }
    if problems.is_empty() {
        return Ok(games);
    }
    problems.sort_by_key(|p| p.0);
    let n = problems.len();
    let mut text = t(
        format!(
            "{n} game record{} refused; nothing was applied:",
            if n == 1 { "" } else { "s" }
        ),
        format!("拒收 {n} 份对局记录；未计入任何对局："),
    );
    for (_, p) in problems.iter().take(SHOWN) {
        text.push_str("\n  ");
        text.push_str(p);
    }
    if n > SHOWN {
        let more = n - SHOWN;
        text.push_str(&t(
            format!("\n  … and {more} more"),
            format!("\n  ……另有 {more} 份"),
        ));
    }
    bail!(text)
}

/// One checked game as a game to apply, or why it cannot be (with the
/// tier of [`read_records`]).
fn record_game(file: &str, row: check_games::Row) -> Result<RecordGame, (u8, String)> {
    let place = Place::Record(file, row.game);
    let problem = row.problem.as_deref().unwrap_or("");
    match row.status {
        "legal" => {}
        "illegal" => return Err((0, format!("{place}: illegal move: {problem}"))),
        _ => return Err((0, format!("{place}: cannot be read: {problem}"))),
    }
    if let Some(why) = &row.result_problem {
        return Err((
            0,
            format!(
                "{place}: the result {} contradicts the final position: {why}",
                row.result
            ),
        ));
    }
    record_fields(file, row).map_err(|e| (1, e))
}

/// The players, result and plies of a legal game.
fn record_fields(file: &str, row: check_games::Row) -> Result<RecordGame, String> {
    let place = Place::Record(file, row.game);
    // A record's result is played (its PGN tag: 1-0, 0-1, 1/2-1/2, or * for
    // an unfinished game); nobody left it by force.
    let result = match GameResult::parse(&row.result) {
        Some((result, None)) => result,
        _ => {
            return Err(format!(
                "{place}: no result (`{}`): an unfinished game cannot be scored",
                row.result
            ));
        }
    };
    let first = row.first_colour();
    let white = row.first_player.trim();
    let black = row.second_player.trim();
    if white.is_empty() {
        return Err(format!("{place}: no {first} player (tag `{first}`)"));
    }
    if black.is_empty() {
        return Err(format!("{place}: no Black player (tag `Black`)"));
    }
    let plies = u32::try_from(row.plies)
        .map_err(|_| format!("{place}: {} plies is too many", row.plies))?;
    Ok(RecordGame {
        id: serde_json::to_string(&format!("{file}#{}", row.game)).map_err(|e| e.to_string())?,
        file: file.to_string(),
        game: row.game,
        white: white.to_string(),
        black: black.to_string(),
        result,
        plies,
    })
}

/// Reads every game from `input`, applies it and writes its line.
fn process<R: BufRead>(
    system: &PointSystem,
    store: &mut PlayerStore,
    source: Source<'_, R>,
    mut out: impl Write,
) -> anyhow::Result<()> {
    // Every level name, JSON-quoted once.
    let quoted: Vec<String> = system
        .level_names()
        .map(|n| serde_json::to_string(n).expect("a string serialises"))
        .collect();
    source.for_each(|place, game| {
        let (result, leaver) = game.result;
        let online = OnlineGame {
            id: game.id,
            white: &game.white,
            black: &game.black,
            result,
            plies: game.plies,
            left_by_force: leaver,
            draw_offered_by: game.draw_offer,
        };
        let change = system
            .apply(store, &online)
            .map_err(|e| anyhow!("{place}{}{}", t(": ", "："), error_text(&e)))?;
        out.write_all(b"{\"id\":")?;
        out.write_all(game.id.as_bytes())?;
        out.write_all(if change.scored {
            b",\"scored\":true,\"white_change\":"
        } else {
            b",\"scored\":false,\"white_change\":"
        })?;
        write_decimal(&mut out, change.white_change)?;
        out.write_all(b",\"black_change\":")?;
        write_decimal(&mut out, change.black_change)?;
        out.write_all(b",\"white_points\":")?;
        write_decimal(&mut out, change.white_points)?;
        out.write_all(b",\"black_points\":")?;
        write_decimal(&mut out, change.black_points)?;
        out.write_all(b",\"white_level\":")?;
        out.write_all(quoted[change.white_level_index].as_bytes())?;
        out.write_all(b",\"black_level\":")?;
        out.write_all(quoted[change.black_level_index].as_bytes())?;
        out.write_all(b"}\n")?;
        Ok(())
    })?;
    out.flush()?;
    Ok(())
}

// ------------------------------------------------------------------ glicko2

/// `qiyuan points --system glicko2`: each game is a rating period of its
/// own for its two players.
fn run_glicko2(args: &Args) -> anyhow::Result<ExitCode> {
    let system = match args.tau {
        Some(tau) => Glicko2::with_tau(tau)?,
        None => Glicko2::builtin(),
    };
    let mut store = match &args.state {
        Some(path) => read_glicko2_state(path, system)?,
        None => Glicko2Store::new(system),
    };
    let records = read_records(&args.games)?;
    let source = if args.games.is_empty() {
        Source::Lines(BufReader::with_capacity(1 << 16, io::stdin().lock()))
    } else {
        Source::Records(&records)
    };
    process_glicko2(
        &mut store,
        source,
        BufWriter::with_capacity(1 << 16, io::stdout().lock()),
    )?;
    if let Some(path) = &args.state {
        write_state(path, &points_state::write_glicko2_state(&store))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn process_glicko2<R: BufRead>(
    store: &mut Glicko2Store,
    source: Source<'_, R>,
    mut out: impl Write,
) -> anyhow::Result<()> {
    source.for_each(|place, game| {
        let unrated = store.system().unrated();
        let w0 = store.get(&game.white).copied().unwrap_or(unrated);
        let b0 = store.get(&game.black).copied().unwrap_or(unrated);
        let score = f64::from(game.result.0.white_score_x2()) / 2.0;
        let (w, b) = store
            .rate_game(&game.white, &game.black, score)
            .map_err(|e| anyhow!("{place}{}{}", t(": ", "："), error_text(&e)))?;
        writeln!(
            out,
            "{{\"id\":{},\"scored\":true,\"white_change\":{},\"black_change\":{},\
             \"white_points\":{},\"black_points\":{},\"white_rd\":{},\"black_rd\":{},\
             \"white_volatility\":{},\"black_volatility\":{},\"white_level\":null,\"black_level\":null}}",
            game.id,
            w.rating - w0.rating,
            b.rating - b0.rating,
            w.rating,
            b.rating,
            w.rd,
            b.rd,
            w.volatility,
            b.volatility,
        )?;
        Ok(())
    })?;
    out.flush()?;
    Ok(())
}

/// Writes a decimal as a JSON number, exactly and without trailing zeros
/// (7.04, -2.4, 125), from its integer mantissa and scale.
fn write_decimal(out: &mut impl Write, d: Decimal) -> io::Result<()> {
    if d.is_zero() {
        return out.write_all(b"0");
    }
    let mut scale = d.scale() as usize;
    let m = d.mantissa();
    let mut digits = itoa::Buffer::new();
    let text = match u64::try_from(m.unsigned_abs()) {
        Ok(mut a) => {
            while scale > 0 && a % 10 == 0 {
                a /= 10;
                scale -= 1;
            }
            digits.format(a)
        }
        Err(_) => {
            let mut a = m.unsigned_abs();
            while scale > 0 && a % 10 == 0 {
                a /= 10;
                scale -= 1;
            }
            digits.format(a)
        }
    };
    if m < 0 {
        out.write_all(b"-")?;
    }
    let bytes = text.as_bytes();
    if scale == 0 {
        out.write_all(bytes)
    } else if bytes.len() > scale {
        let (int, frac) = bytes.split_at(bytes.len() - scale);
        out.write_all(int)?;
        out.write_all(b".")?;
        out.write_all(frac)
    } else {
        out.write_all(b"0.")?;
        for _ in bytes.len()..scale {
            out.write_all(b"0")?;
        }
        out.write_all(bytes)
    }
}

// ------------------------------------------------------------ the state file

/// The bytes of a state file; a missing file is `None`.
fn read_state_file(path: &Path) -> anyhow::Result<Option<Vec<u8>>> {
    match fs::read(path) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e).with_context(|| {
            t(
                format!("cannot read {}", path.display()),
                format!("无法读取 {}", path.display()),
            )
        }),
    }
}

/// Reads a point system's state; a missing file is an empty store.
fn read_state(path: &Path, system: &str) -> anyhow::Result<PlayerStore> {
    Ok(match read_state_file(path)? {
        Some(bytes) => points_state::read_point_state(&bytes, &path.display().to_string(), system)?,
        None => PlayerStore::new(),
    })
}

/// Reads a Glicko-2 state; a missing file is an empty store.
fn read_glicko2_state(path: &Path, system: Glicko2) -> anyhow::Result<Glicko2Store> {
    Ok(match read_state_file(path)? {
        Some(bytes) => {
            points_state::read_glicko2_state(&bytes, &path.display().to_string(), system)?
        }
        None => Glicko2Store::new(system),
    })
}

/// Writes the state atomically (see [`output::write_atomically`]): a crash
/// leaves the previous state file whole.
fn write_state(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    output::write_atomically(path, bytes).with_context(|| {
        t(
            format!("state file {} not updated", path.display()),
            format!("状态文件 {} 未更新", path.display()),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_lines(system: &str, input: &str) -> anyhow::Result<String> {
        let system = PointSystem::builtin(system)?;
        let mut store = PlayerStore::new();
        let mut out = Vec::new();
        process(
            &system,
            &mut store,
            Source::Lines(input.as_bytes()),
            &mut out,
        )?;
        Ok(String::from_utf8(out)?)
    }

    #[test]
    fn escapes_and_numbers() {
        // A player id with an escape is owned, not borrowed; ids of any JSON kind echo.
        let out = run_lines(
            "qq-xiangqi-titles",
            "{\"id\":[1,2],\"white\":\"a\\\"b\",\"black\":\"c\",\"result\":\"1-0\"}\n",
        )
        .unwrap();
        assert!(
            out.starts_with("{\"id\":[1,2],\"scored\":true,\"white_change\":1,"),
            "{out}"
        );
    }

    #[test]
    fn decimals_print_exactly() {
        let mut out = Vec::new();
        for d in [
            "7.04",
            "-2.4",
            "0.30",
            "125",
            "-125",
            "-0.00",
            "0.05",
            "-0.005",
            "12.50",
            "79228162514264337593543950335",
            "-7922816251426433759354395.0335",
        ] {
            write_decimal(&mut out, d.parse().unwrap()).unwrap();
            out.push(b' ');
        }
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "7.04 -2.4 0.3 125 -125 0 0.05 -0.005 12.5 \
             79228162514264337593543950335 -7922816251426433759354395.0335 "
        );
    }
}
