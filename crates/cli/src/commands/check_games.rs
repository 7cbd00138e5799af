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
//! With `--event EVENT.json`, each record is also compared with its game in
//! the event file (`record` fields of the event's games, and the files'
//! games matched by round and players): results that contradict the
//! event's, players or colours that differ (see
//! `qiyuan_formats::event::compare_record`).
//!
//! Checkable results: chess — checkmate, stalemate, dead position, fivefold
//! repetition and the 75-move rule (FIDE 5.1.1, 5.2.1, 5.2.2, 9.6) must give
//! the recorded result; xiangqi — a side with no legal move has lost (将死,
//! 困毙). Any other final position allows any result (resignation, time,
//! agreement, arbiter's ruling), which is reported as `undecided`.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::say::{self, t};
use anyhow::Context;
use comfy_table::{Table, presets::UTF8_FULL_CONDENSED};
use qiyuan_formats::event::{
    RecordFacts, compare_record, find_game, read_event_path_with_records, round_of_tag,
};
use qiyuan_formats::pgn::xiangqi::{XiangqiCheck, check_xiangqi, is_xiangqi};
use qiyuan_formats::pgn::{self, ResultCheck, decode, read_raw};
use qiyuan_formats::xqf::{check_xqf, read_xqf};
use qiyuan_rating::Lang;
use qiyuan_rating::model::{Event, GameKind, Pairing};
use qiyuan_vocab::{Colour, Heading};
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
#[command(after_help = "\
With --event EVENT.json (or .toml), the games are also compared with the event file:
every game of the event with a `record` (\"round1.pgn#3\", relative to the event file)
is checked against that record, and every game of the FILEs is matched to the event's
game with the same players (by name, or unit + name; in either colour) in its `Round`.
Reported: records whose result contradicts the event's, whose players or colours differ,
whose round differs, forfeits with moves, byes with a record, records matching no game.

Examples:
  qiyuan check-games examples/xiangqi-games.pgn examples/xiangqi-game.xqf examples/chess-games.pgn
  qiyuan check-games --event examples/xiangqi-records.json    # the records the event names
  qiyuan check-games --event examples/xiangqi-records.json examples/xiangqi-games.gbk.pgn  # by players")]
pub struct Args {
    /// PGN or XQF files.
    #[arg(required_unless_present = "event")]
    pub files: Vec<PathBuf>,
    /// An event file (JSON or TOML) to compare the games with.
    #[arg(long, value_name = "EVENT")]
    pub event: Option<PathBuf>,
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
    /// Chess or xiangqi (`chess`, `xiangqi` in JSON); `None` (`?`) when
    /// the file could not be read far enough to tell.
    #[serde(serialize_with = "kind_code")]
    pub kind: Option<GameKind>,
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
    /// The `Round` tag, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<String>,
    /// With `--event`: the event's game this record belongs to
    /// (`games[3], round 2`), if one was found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event_game: Option<String>,
    /// With `--event`: how the record disagrees with the event file.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub event_problems: Vec<String>,
    /// The problems and the event's game in the user's language (for the
    /// table; JSON and the fields above keep English).
    #[serde(skip)]
    pub shown: Shown,
}

/// A row's texts in the user's language ([`say::lang`]).
#[derive(Debug, Clone, Default)]
pub struct Shown {
    /// [`Row::problem`].
    pub problem: Option<String>,
    /// [`Row::result_problem`].
    pub result_problem: Option<String>,
    /// [`Row::event_game`].
    pub event_game: Option<String>,
    /// [`Row::event_problems`].
    pub event_problems: Vec<String>,
}

impl Row {
    fn failed(&self) -> bool {
        self.status != "legal"
            || self.result_check == "inconsistent"
            || !self.event_problems.is_empty()
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
    /// With `--event`: records that disagree with the event file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event_mismatches: Option<usize>,
    /// With `--event`: games of the event (byes not counted) that no record
    /// was checked against.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event_games_without_record: Option<usize>,
}

fn result_fields(
    check: &ResultCheck,
    lang: Lang,
) -> (&'static str, Option<String>, Option<String>) {
    match check {
        ResultCheck::Consistent => ("consistent", None, None),
        ResultCheck::Undecided => ("undecided", None, None),
        ResultCheck::Inconsistent(why) => {
            ("inconsistent", Some(why.to_string()), Some(why.text(lang)))
        }
    }
}

impl Row {
    /// The first mover's English name as the record's tags write it
    /// (`White`, `Red`); `White` when the game is unknown.
    pub fn first_colour(&self) -> &'static str {
        Colour::White.label(self.kind.unwrap_or(GameKind::Chess), Lang::En)
    }
}

/// A row's game as JSON writes it: its code, `?` when unknown.
fn kind_code<S: serde::Serializer>(kind: &Option<GameKind>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(kind.map_or("?", GameKind::code))
}

fn error_row(
    file: &str,
    game: usize,
    format: &'static str,
    kind: Option<GameKind>,
    (e, shown): (String, String),
) -> Row {
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
        round: None,
        event_game: None,
        event_problems: Vec::new(),
        shown: Shown {
            problem: Some(shown),
            ..Shown::default()
        },
    }
}

fn xiangqi_row(
    file: &str,
    format: &'static str,
    (red, black): (String, String),
    round: Option<String>,
    c: &XiangqiCheck,
    lang: Lang,
) -> Row {
    let (result_check, result_problem, shown_result) = result_fields(&c.result, lang);
    Row {
        file: file.to_string(),
        game: c.number,
        kind: Some(GameKind::Xiangqi),
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
        round,
        event_game: None,
        event_problems: Vec::new(),
        shown: Shown {
            problem: c.illegal.as_ref().map(|m| m.text(lang)),
            result_problem: shown_result,
            ..Shown::default()
        },
    }
}

/// Checks every game of one file's bytes.
pub fn check_bytes(file: &str, bytes: &[u8]) -> Vec<Row> {
    let lang = say::lang();
    if bytes.starts_with(b"XQ") {
        return match read_xqf(bytes) {
            Ok(g) => {
                let c = check_xqf(&g);
                vec![xiangqi_row(
                    file,
                    "xqf",
                    (g.red.clone(), g.black.clone()),
                    None,
                    &c,
                    lang,
                )]
            }
            Err(e) => vec![error_row(
                file,
                1,
                "xqf",
                Some(GameKind::Xiangqi),
                (e.to_string(), e.text(lang)),
            )],
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
                rows.push(error_row(
                    file,
                    e.game,
                    "pgn",
                    None,
                    (e.to_string(), e.text(lang)),
                ));
                continue;
            }
        };
        let tag = |n: &str| raw.tag(n).unwrap_or("").to_string();
        let round = raw.tag("Round").map(str::to_string);
        if is_xiangqi(&raw) {
            match check_xiangqi(&raw) {
                Ok(c) => rows.push(xiangqi_row(
                    file,
                    "pgn",
                    (tag("Red"), tag("Black")),
                    round,
                    &c,
                    lang,
                )),
                Err(e) => rows.push(error_row(
                    file,
                    number,
                    "pgn",
                    Some(GameKind::Xiangqi),
                    (e.to_string(), e.text(lang)),
                )),
            }
        } else {
            match pgn::check(&raw) {
                Ok(c) => {
                    let (result_check, result_problem, shown_result) =
                        result_fields(&c.result, lang);
                    rows.push(Row {
                        file: file.to_string(),
                        game: c.number,
                        kind: Some(GameKind::Chess),
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
                        round,
                        event_game: None,
                        event_problems: Vec::new(),
                        shown: Shown {
                            problem: c.illegal.as_ref().map(|m| m.text(lang)),
                            result_problem: shown_result,
                            ..Shown::default()
                        },
                    });
                }
                Err(e) => rows.push(error_row(
                    file,
                    number,
                    "pgn",
                    Some(GameKind::Chess),
                    (e.to_string(), e.text(lang)),
                )),
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

fn summary_line(s: &Summary, lang: Lang) -> String {
    let mut line = lang.pick(
        format!(
            "{} games, {} legal, {} illegal, {} unreadable, {} inconsistent results, {} plies",
            s.games, s.legal, s.illegal, s.errors, s.inconsistent_results, s.plies
        ),
        format!(
            "共 {} 局：合法 {} 局，有非法着法 {} 局，无法读取 {} 局，结果矛盾 {} 局，共 {} 步",
            s.games, s.legal, s.illegal, s.errors, s.inconsistent_results, s.plies
        ),
    );
    if let (Some(m), Some(w)) = (s.event_mismatches, s.event_games_without_record) {
        line.push_str(&lang.pick(
            format!("; event: {m} records disagree, {w} games without a record"),
            format!("；赛事：{m} 份棋谱与赛事不符，{w} 局没有棋谱"),
        ));
    }
    line
}

/// The record facts of a checked game.
fn facts(row: &Row) -> RecordFacts<'_> {
    RecordFacts {
        round: row.round.as_deref().and_then(round_of_tag),
        first: &row.first_player,
        second: &row.second_player,
        result: &row.result,
        plies: row.plies,
    }
}

fn game_label(event: &Event, game: usize, lang: Lang) -> String {
    match event.pairings().get(game) {
        Some(Pairing::Game { round, .. } | Pairing::Bye { round, .. }) => lang.pick(
            format!("games[{game}], round {round}"),
            format!("games[{game}]，第 {round} 轮"),
        ),
        None => format!("games[{game}]"),
    }
}

/// Sets the row's game of the event, in English and in the user's language.
fn set_game(event: &Event, row: &mut Row, game: usize) {
    row.event_game = Some(game_label(event, game, Lang::En));
    row.shown.event_game = Some(game_label(event, game, say::lang()));
}

/// Adds a problem with the event, in English and in the user's language.
fn event_problem(row: &mut Row, en: String, zh: String) {
    row.event_problems.push(en.clone());
    row.shown.event_problems.push(say::lang().pick(en, zh));
}

/// Compares a checked record with game `game` of the event.
fn attach(event: &Event, row: &mut Row, game: usize) {
    let colour = row.first_colour();
    let problems = compare_record(event, game, &facts(row), colour);
    set_game(event, row, game);
    for p in &problems {
        event_problem(row, p.to_string(), p.text(Lang::Zh));
    }
}

/// `--event`: the records the event names, checked and compared, then the
/// rows of the command line's files matched to the event's games.
fn check_event(path: &std::path::Path, rows: &mut Vec<Row>) -> anyhow::Result<(usize, usize)> {
    let (event, records) = read_event_path_with_records(path)?;
    let mut covered = vec![false; event.pairings().len()];
    let mut event_rows = Vec::new();
    for r in records.iter().flatten() {
        let file = r.resolve(path);
        let shown = file.display().to_string();
        let label = format!("{} (games[{}], line {})", r, r.game, r.line);
        let label_zh = format!("{}（games[{}]，第 {} 行）", r, r.game, r.line);
        let mut row = match std::fs::read(&file) {
            Err(e) => error_row(
                &shown,
                r.number.unwrap_or(1),
                "?",
                None,
                (
                    format!("cannot read {label}: {e}"),
                    t(
                        format!("cannot read {label}: {e}"),
                        format!(
                            "无法读取 {label_zh}：{}",
                            qiyuan_vocab::io_error_text(&e, Lang::Zh)
                        ),
                    ),
                ),
            ),
            Ok(bytes) => {
                let mut found = check_bytes(&shown, &bytes);
                let n = found.len();
                match r.number {
                    None if n > 1 => error_row(
                        &shown,
                        1,
                        "pgn",
                        None,
                        (
                            format!(
                                "{label}: the file holds {n} games; say which, e.g. {}#2",
                                r.path
                            ),
                            t(
                                format!(
                                    "{label}: the file holds {n} games; say which, e.g. {}#2",
                                    r.path
                                ),
                                format!(
                                    "{label_zh}：文件中有 {n} 局，请指明是哪一局，如 {}#2",
                                    r.path
                                ),
                            ),
                        ),
                    ),
                    Some(k) if k > n => error_row(
                        &shown,
                        k,
                        "pgn",
                        None,
                        (
                            format!(
                                "{label}: the file holds {n} game{}",
                                if n == 1 { "" } else { "s" }
                            ),
                            t(
                                format!(
                                    "{label}: the file holds {n} game{}",
                                    if n == 1 { "" } else { "s" }
                                ),
                                format!("{label_zh}：文件中只有 {n} 局"),
                            ),
                        ),
                    ),
                    _ if n == 0 => error_row(
                        &shown,
                        1,
                        "pgn",
                        None,
                        (
                            format!("{label}: no game in the file"),
                            t(
                                format!("{label}: no game in the file"),
                                format!("{label_zh}：文件中没有对局"),
                            ),
                        ),
                    ),
                    k => found.swap_remove(k.unwrap_or(1) - 1),
                }
            }
        };
        covered[r.game] = true;
        if row.status == "error" {
            set_game(&event, &mut row, r.game);
        } else {
            attach(&event, &mut row, r.game);
        }
        event_rows.push(row);
    }
    for row in rows.iter_mut().filter(|r| r.status != "error") {
        match find_game(&event, &facts(row)) {
            Some(m) => {
                if covered[m.game] {
                    set_game(&event, row, m.game);
                    event_problem(
                        row,
                        format!(
                            "{} has another record already",
                            game_label(&event, m.game, Lang::En)
                        ),
                        format!("{} 已有另一份棋谱", game_label(&event, m.game, Lang::Zh)),
                    );
                } else {
                    covered[m.game] = true;
                    attach(&event, row, m.game);
                }
            }
            None => {
                let (a, b) = (row.first_player.clone(), row.second_player.clone());
                let (en, zh) = match facts(row).round {
                    Some(r) => (
                        format!("no game of round {r} in the event is between {a} and {b}"),
                        format!("赛事第 {r} 轮没有 {a} 与 {b} 的对局"),
                    ),
                    None => (
                        format!("no game of the event is between {a} and {b}"),
                        format!("赛事中没有 {a} 与 {b} 的对局"),
                    ),
                };
                event_problem(row, en, zh);
            }
        }
    }
    event_rows.append(rows);
    *rows = event_rows;
    let mismatches = rows.iter().filter(|r| !r.event_problems.is_empty()).count();
    let without = event
        .pairings()
        .iter()
        .zip(&covered)
        .filter(|(p, c)| matches!(p, Pairing::Game { .. }) && !**c)
        .count();
    Ok((mismatches, without))
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut rows = Vec::new();
    for path in &args.files {
        let bytes = std::fs::read(path).with_context(|| {
            t(
                format!("cannot read {}", path.display()),
                format!("无法读取 {}", path.display()),
            )
        })?;
        rows.extend(check_bytes(&path.display().to_string(), &bytes));
    }
    let mut summary = summarize(&rows);
    if let Some(event) = &args.event {
        let (mismatches, without) = check_event(event, &mut rows)?;
        summary = summarize(&rows);
        summary.event_mismatches = Some(mismatches);
        summary.event_games_without_record = Some(without);
    }
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
        Format::Table => table_text(&rows, &summary, args.event.is_some(), say::lang()),
    };
    super::output::emit_text(None, &text)?;
    Ok(if rows.iter().any(Row::failed) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// A row's status (`legal`, `illegal`, `error`) or result check
/// (`consistent`, `undecided`, `inconsistent`) in `lang`.
fn word(code: &str, lang: Lang) -> &str {
    match (code, lang) {
        (code, Lang::En) => code,
        ("legal", Lang::Zh) => "合法",
        ("illegal", Lang::Zh) => "非法",
        ("error", Lang::Zh) => "无法读取",
        ("consistent", Lang::Zh) => "相符",
        ("undecided", Lang::Zh) => "无法判定",
        ("inconsistent", Lang::Zh) => "矛盾",
        (code, Lang::Zh) => code,
    }
}

/// The table of the checked games and the summary line, in `lang`.
fn table_text(rows: &[Row], summary: &Summary, event: bool, lang: Lang) -> String {
    let mut t = Table::new();
    t.load_style(UTF8_FULL_CONDENSED);
    let mut header = match lang {
        Lang::En => vec![
            "File",
            "#",
            "Game",
            "Red/White",
            "Black",
            "Plies",
            "Moves",
            Heading::Result.label(Lang::En),
            "Check",
        ],
        Lang::Zh => vec![
            "文件",
            "#",
            "对局",
            "红方/白方",
            "黑方",
            "步数",
            "着法",
            Heading::Result.label(Lang::Zh),
            "结果核对",
        ],
    };
    if event {
        header.push(lang.t("Event", "赛事"));
    }
    t.set_header(header);
    let colon = lang.t(": ", "：");
    for r in rows {
        let status = word(r.status, lang);
        let moves = match &r.shown.problem {
            Some(p) => format!("{status}{colon}{p}"),
            None => status.to_string(),
        };
        let result_check = word(r.result_check, lang);
        let check = match &r.shown.result_problem {
            Some(p) => format!("{result_check}{colon}{p}"),
            None => result_check.to_string(),
        };
        let kind = r.kind.map_or("?", |k| k.label(lang));
        let mut cells = vec![
            r.file.clone(),
            r.game.to_string(),
            format!("{kind} {}", r.format),
            r.first_player.clone(),
            r.second_player.clone(),
            r.plies.to_string(),
            moves,
            r.result.clone(),
            check,
        ];
        if event {
            let game = r.shown.event_game.as_deref().unwrap_or("-");
            cells.push(if r.shown.event_problems.is_empty() {
                format!("{game}{colon}{}", lang.t("agrees", "相符"))
            } else {
                format!(
                    "{game}{colon}{}",
                    r.shown.event_problems.join(lang.t("; ", "；"))
                )
            });
        }
        t.add_row(cells);
    }
    format!("{t}\n{}\n", summary_line(summary, lang))
}
