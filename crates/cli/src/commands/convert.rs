//! `qiyuan convert IN OUT`: between FIDE TRF and the qiyuan event file
//! (JSON or TOML), and between game-record notations and formats (棋谱).
//!
//! The formats are told by the files' extensions ([`FORMATS`]) or by
//! `--from` / `--to`; the conversion is picked from a small table
//! ([`CONVERSIONS`]) so that other formats (game records) can be added as
//! rows.
//!
//! Paths:
//! * **TRF → event file**: `qiyuan_formats::rating_event::from_trf` (the
//!   TRF read into the tournament model, which checks that both entries of
//!   every game agree, then written as a rating event; what is carried and
//!   what is noted is documented there). Players are written under their
//!   rating-list ids, as `--ids` or `--map` says: a TRF's start ranks are
//!   not list ids, and the conversion never guesses.
//! * **event file → TRF**: players (sex, title, rating rounded to a whole
//!   number, birth year, rank), games, forfeits and byes, with the 1 / ½ / 0
//!   points; `092` says the system. Not carried: `unit` (单位), `rated_games`,
//!   `rated_events`, `ever_reached` (rating-list data, not tournament data).
//! * event file ↔ event file: JSON ↔ TOML, nothing lost.
//! * **PGN → PGN** (象棋 and chess, told apart game by game by
//!   `xiangqi::is_xiangqi`): the input may be UTF-8, GBK or Big5 (`decode`);
//!   the output is UTF-8. Xiangqi moves are written in `--notation` (中文
//!   纵线记法, ICCS or WXF; default: the notation of each input game), chess
//!   moves in regenerated SAN. Tags, comments, NAGs and variations are kept.
//!   Every game of the file is converted; the first illegal move stops the
//!   conversion with its game number, move number and line.
//! * **XQF → PGN**: the XQF game (any version, encrypted or not) as xiangqi
//!   PGN in `--notation` (default Chinese).
//! * **PGN → XQF**, **XQF → XQF**: one xiangqi game (an XQF file holds one)
//!   as XQF 1.0 (version 10, not obfuscated): `Event` as title and event,
//!   `Date`, `Site`, `Red`, `Black` cut to their XQF fields (GBK), the
//!   result, the start position, the moves with comments and variations.
//!   Not carried (noted): NAGs, the other tags, the move counters of a
//!   `FEN`.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use qiyuan_formats::event::{
    EventFormat, RecordRef, read_event_with_records, write_event, write_event_with_records,
};
use qiyuan_formats::pgn::xiangqi::{XiangqiGame, is_xiangqi, write_xiangqi_pgn};
use qiyuan_formats::pgn::{PgnGame, TextEncoding, decode, read_raw, write_pgn};
use qiyuan_formats::rating_event::{
    PlayerIds, TrfEventError, TrfNote, TrfOptions, from_trf, read_id_map, to_trf,
};
use qiyuan_formats::trf::parse_trf;
use qiyuan_formats::xqf::{XqfGame, read_xqf, write_xqf};
use qiyuan_rating::model as rm;
use qiyuan_xiangqi::Notation;

use super::output;
use crate::say::{self, error_text, t};

/// A file format `convert` knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum FileFormat {
    /// FIDE Tournament Report File (TRF16 / TRF-2026).
    Trf,
    /// qiyuan event file, JSON.
    Json,
    /// qiyuan event file, TOML.
    Toml,
    /// PGN game records, xiangqi (xqbase dialect) or chess.
    Pgn,
    /// XQF (象棋演播室) binary game record.
    Xqf,
}

/// File extensions (lower case) and the format they mean.
pub const FORMATS: &[(&str, FileFormat)] = &[
    ("trf", FileFormat::Trf),
    ("trfx", FileFormat::Trf),
    ("txt", FileFormat::Trf),
    ("json", FileFormat::Json),
    ("toml", FileFormat::Toml),
    ("pgn", FileFormat::Pgn),
    ("xqf", FileFormat::Xqf),
];

/// A conversion: reads the input bytes (binary formats such as XQF are
/// welcome; text formats decode them with [`utf8`]), returns the output
/// and notes on what could not be carried.
type Convert = fn(&Args, &[u8], FileFormat) -> anyhow::Result<Converted>;

/// The conversions: (from, to, function).
pub const CONVERSIONS: &[(FileFormat, FileFormat, Convert)] = &[
    (FileFormat::Trf, FileFormat::Json, trf_to_event),
    (FileFormat::Trf, FileFormat::Toml, trf_to_event),
    (FileFormat::Json, FileFormat::Trf, event_to_trf),
    (FileFormat::Toml, FileFormat::Trf, event_to_trf),
    (FileFormat::Json, FileFormat::Toml, event_to_event),
    (FileFormat::Toml, FileFormat::Json, event_to_event),
    (FileFormat::Trf, FileFormat::Trf, trf_to_trf),
    (FileFormat::Pgn, FileFormat::Pgn, pgn_to_pgn),
    (FileFormat::Xqf, FileFormat::Pgn, xqf_to_pgn),
    (FileFormat::Pgn, FileFormat::Xqf, pgn_to_xqf),
    (FileFormat::Xqf, FileFormat::Xqf, xqf_to_xqf),
];

/// The bytes written and what was lost on the way (each note in the user's
/// language).
pub struct Converted {
    bytes: Vec<u8>,
    notes: Vec<String>,
}

impl Converted {
    fn text(text: String, notes: Vec<String>) -> Converted {
        Converted {
            bytes: text.into_bytes(),
            notes,
        }
    }
}

/// The input as UTF-8 text, or a clear error.
fn utf8<'a>(args: &Args, bytes: &'a [u8]) -> anyhow::Result<&'a str> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let (file, byte) = (args.input.display(), e.valid_up_to());
        anyhow::anyhow!(t(
            format!(
                "{file}: the file is not UTF-8 text (byte {byte})\n  help: convert it first, e.g. iconv -f GB18030 -t UTF-8"
            ),
            format!(
                "{file}：文件不是 UTF-8 文本（第 {byte} 字节）\n  提示：请先转换编码，例如 iconv -f GB18030 -t UTF-8"
            )
        ))
    })?;
    Ok(text.strip_prefix('\u{feff}').unwrap_or(text))
}

/// `--game`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GameArg {
    /// 国际象棋.
    Chess,
    /// 象棋.
    Xiangqi,
}

/// `--notation`: how xiangqi moves are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum NotationArg {
    /// 中文纵线记法, `炮二平五 马8进7` (simplified characters).
    Chinese,
    /// ICCS coordinates, `H2-E2 H9-G7`.
    Iccs,
    /// WXF, `C2.5 H8+7`.
    Wxf,
}

impl From<NotationArg> for Notation {
    fn from(n: NotationArg) -> Notation {
        match n {
            NotationArg::Chinese => Notation::Chinese,
            NotationArg::Iccs => Notation::Iccs,
            NotationArg::Wxf => Notation::Wxf,
        }
    }
}

/// `--sex`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SexArg {
    /// 男.
    M,
    /// 女.
    F,
}

/// `--system`: a system's code as the event file writes it
/// (`double-round-robin` …).
fn system_code(code: &str) -> Result<rm::EventSystem, String> {
    rm::EventSystem::from_code(code).ok_or_else(|| {
        let codes: Vec<&str> = rm::EventSystem::ALL.iter().map(|s| s.code()).collect();
        format!("`{code}` is not a system; one of {}", codes.join(", "))
    })
}

/// Convert between TRF and the event format, and between game-record
/// notations and formats (PGN, XQF).
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Formats by extension: .trf .trfx .txt (FIDE TRF), .json / .toml (qiyuan event file),
.pgn (xiangqi or chess games; read as UTF-8, GBK or Big5, written as UTF-8), .xqf (XQF).
Conversions: TRF <-> event file, event file <-> event file, TRF -> TRF,
PGN -> PGN (xiangqi in --notation, chess in normalised SAN), XQF -> PGN,
PGN (one xiangqi game) -> XQF and XQF -> XQF (written as XQF 1.0, version 10).
What a format cannot hold is reported on standard error, one note per kind.

Examples:
  qiyuan convert examples/open.trf open.json --ids start-rank --sex m
                              # the start ranks are list ids; --sex for players the TRF leaves blank
  qiyuan convert examples/open.trf open.json --map examples/open-ids.csv --sex m
                              # start_rank,id: each player's list id
  qiyuan convert examples/cxa-2019-swiss.toml swiss.trf
  qiyuan convert examples/open.trf - --to toml --ids start-rank --sex m   # to standard output
  qiyuan convert examples/xiangqi-games.gbk.pgn games.wxf.pgn --notation wxf
  qiyuan convert examples/xiangqi-games.pgn - --to pgn --notation iccs
  qiyuan convert examples/xiangqi-game.xqf game.pgn     # Chinese notation
  qiyuan convert game.pgn game.xqf
  qiyuan convert examples/chess-games.pgn clean.pgn     # chess: SAN regenerated")]
pub struct Args {
    /// Input file.
    pub input: PathBuf,
    /// Output file, `-` for standard output (then give `--to`).
    pub output: PathBuf,
    /// Input format (default: by extension).
    #[arg(long, value_enum)]
    pub from: Option<FileFormat>,
    /// Output format (default: by extension).
    #[arg(long, value_enum)]
    pub to: Option<FileFormat>,
    /// TRF → event: the game (a TRF does not say; default chess).
    #[arg(long, value_enum, default_value = "chess")]
    pub game: GameArg,
    /// TRF → event: sex of players whose record has none (the event file
    /// needs one for every player).
    #[arg(long, value_enum)]
    pub sex: Option<SexArg>,
    /// TRF → event: the system (default: from `092`, else a round robin when
    /// the rounds fit the players, else Swiss).
    #[arg(long, value_parser = system_code)]
    pub system: Option<rm::EventSystem>,
    /// TRF → event: how start ranks become list ids — `start-rank` (they
    /// are list ids) or `fide` (FIDE IDs are). One of `--ids` and `--map`
    /// is required: a TRF's numbers are not list ids.
    #[arg(long, value_enum)]
    pub ids: Option<IdsArg>,
    /// TRF → event: a mapping file (CSV or xlsx: `start_rank,id`, or
    /// 序号,编号) giving every player's list id.
    #[arg(long, value_name = "FILE")]
    pub map: Option<PathBuf>,
    /// PGN/XQF → PGN: the notation of xiangqi moves (default: that of the
    /// input game; Chinese for XQF).
    #[arg(long, value_enum)]
    pub notation: Option<NotationArg>,
}

fn format_of(path: &Path, given: Option<FileFormat>, what: &str) -> anyhow::Result<FileFormat> {
    if let Some(f) = given {
        return Ok(f);
    }
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    FORMATS
        .iter()
        .find(|(e, _)| *e == ext)
        .map(|&(_, f)| f)
        .with_context(|| {
            let known: Vec<String> = FORMATS.iter().map(|(e, _)| format!(".{e}")).collect();
            let (file, known, flag) = (
                path.display(),
                known.join(" "),
                if what == "input" { "from" } else { "to" },
            );
            t(
                format!(
                    "{file}: cannot tell the {what} format from the extension (known: {known}); give --{flag}"
                ),
                format!(
                    "{file}：无法从扩展名判断{}格式（可识别：{known}）；请用 --{flag} 指定",
                    if what == "input" { "输入" } else { "输出" }
                ),
            )
        })
}

/// Runs `qiyuan convert`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let from = format_of(&args.input, args.from, "input")?;
    let to_stdout = args.output.as_os_str() == "-";
    let to = if to_stdout && args.to.is_none() {
        bail!(t(
            "writing to standard output: give the format with --to",
            "输出到标准输出时，请用 --to 指定格式"
        ));
    } else {
        format_of(&args.output, args.to, "output")?
    };
    let Some(&(_, _, convert)) = CONVERSIONS.iter().find(|(f, t, _)| *f == from && *t == to) else {
        bail!(t(
            format!("no conversion from {from:?} to {to:?}"),
            format!("不支持从 {from:?} 转换为 {to:?}")
        ));
    };
    let bytes = fs::read(&args.input).with_context(|| {
        t(
            format!("{}: cannot read", args.input.display()),
            format!("{}：无法读取", args.input.display()),
        )
    })?;
    let out = convert(&args, &bytes, to).with_context(|| format!("{}", args.input.display()))?;
    for n in &out.notes {
        say::note(n);
    }
    if to_stdout {
        let mut stdout = std::io::stdout().lock();
        stdout.write_all(&out.bytes)?;
        stdout.flush()?;
    } else {
        output::write_atomically(&args.output, &out.bytes)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn event_format(f: FileFormat) -> EventFormat {
    match f {
        FileFormat::Toml => EventFormat::Toml,
        _ => EventFormat::Json,
    }
}

/// The event and each game's `record` (棋谱 file).
fn read_event_text_records(
    args: &Args,
    bytes: &[u8],
) -> anyhow::Result<(rm::Event, Vec<Option<RecordRef>>)> {
    let text = utf8(args, bytes)?;
    let format = match format_of(&args.input, args.from, "input")? {
        FileFormat::Toml => EventFormat::Toml,
        _ => EventFormat::Json,
    };
    Ok(read_event_with_records(
        text,
        &args.input.display().to_string(),
        Some(format),
    )?)
}

fn event_to_event(args: &Args, bytes: &[u8], to: FileFormat) -> anyhow::Result<Converted> {
    let (event, records) = read_event_text_records(args, bytes)?;
    Ok(Converted::text(
        write_event_with_records(&event, &records, event_format(to)),
        Vec::new(),
    ))
}

fn trf_to_trf(args: &Args, bytes: &[u8], _to: FileFormat) -> anyhow::Result<Converted> {
    let file = parse_trf(utf8(args, bytes)?)?;
    Ok(Converted::text(file.write_trf2026()?, Vec::new()))
}

/// Game-record text (PGN) from the file's bytes: UTF-8, GBK or Big5, and a
/// note when it was not UTF-8.
fn game_text<'a>(bytes: &'a [u8], notes: &mut Vec<String>) -> std::borrow::Cow<'a, str> {
    let (text, encoding) = decode(bytes);
    match encoding {
        TextEncoding::Utf8 => {}
        TextEncoding::Gbk => notes.push(t(
            "read as GBK, written as UTF-8",
            "按 GBK 读入，以 UTF-8 写出",
        )),
        TextEncoding::Big5 => notes.push(t(
            "read as Big5, written as UTF-8",
            "按 Big5 读入，以 UTF-8 写出",
        )),
    }
    text
}

/// Every game of a PGN file (xiangqi or chess, game by game) written again:
/// xiangqi in `--notation` (else the game's own), chess in regenerated SAN.
/// The first error (syntax, bad FEN, illegal move) stops with its game,
/// line and move.
fn pgn_to_pgn(args: &Args, bytes: &[u8], _to: FileFormat) -> anyhow::Result<Converted> {
    let mut notes = Vec::new();
    let text = game_text(bytes, &mut notes);
    let mut out = String::new();
    let (mut xiangqi, mut chess) = (0usize, 0usize);
    for raw in read_raw(&text) {
        let raw = raw?;
        if !out.is_empty() {
            out.push('\n');
        }
        if is_xiangqi(&raw) {
            let game = XiangqiGame::from_raw(&raw)?;
            let notation = args.notation.map_or(game.notation, Notation::from);
            out.push_str(&write_xiangqi_pgn(&game, notation));
            xiangqi += 1;
        } else {
            if args.notation.is_some() {
                let (game, line) = (raw.number, raw.line);
                bail!(t(
                    format!(
                        "game {game}, line {line}: a chess game; --notation is for xiangqi games only"
                    ),
                    format!(
                        "第 {game} 局（第 {line} 行）：这是国际象棋对局；--notation 只用于象棋对局"
                    )
                ));
            }
            out.push_str(&write_pgn(&PgnGame::from_raw(&raw)?));
            chess += 1;
        }
    }
    if xiangqi + chess == 0 {
        bail!(t("no game found in the file", "文件中没有对局"));
    }
    if xiangqi > 0 && chess > 0 {
        notes.push(t(
            format!("the file mixes {xiangqi} xiangqi and {chess} chess games; each was written in its own notation"),
            format!("文件中有 {xiangqi} 局象棋和 {chess} 局国际象棋对局；各按其记谱法写出"),
        ));
    }
    Ok(Converted::text(out, notes))
}

/// An XQF file as xiangqi PGN in `--notation` (default Chinese).
fn xqf_to_pgn(args: &Args, bytes: &[u8], _to: FileFormat) -> anyhow::Result<Converted> {
    let game = read_xqf(bytes)?.to_pgn_game()?;
    let notation = args.notation.map_or(Notation::Chinese, Notation::from);
    Ok(Converted::text(
        write_xiangqi_pgn(&game, notation),
        Vec::new(),
    ))
}

/// One xiangqi PGN game as XQF 1.0.
fn pgn_to_xqf(_args: &Args, bytes: &[u8], _to: FileFormat) -> anyhow::Result<Converted> {
    let mut notes = Vec::new();
    let (text, _) = decode(bytes);
    let mut games = Vec::new();
    for raw in read_raw(&text) {
        let raw = raw?;
        if !is_xiangqi(&raw) {
            let (game, line) = (raw.number, raw.line);
            bail!(t(
                format!("game {game}, line {line}: a chess game; XQF holds xiangqi games only"),
                format!("第 {game} 局（第 {line} 行）：这是国际象棋对局；XQF 只保存象棋对局")
            ));
        }
        games.push(XiangqiGame::from_raw(&raw)?);
    }
    let game = match games.len() {
        0 => bail!(t("no game found in the file", "文件中没有对局")),
        1 => games.remove(0),
        n => bail!(t(
            format!("the file holds {n} games; an XQF file holds one game"),
            format!("文件中有 {n} 局对局；一个 XQF 文件只保存一局")
        )),
    };
    let dropped: Vec<&str> = game
        .tags
        .iter()
        .map(|t| t.name.as_str())
        .filter(|n| {
            ![
                "Game", "Event", "Site", "Date", "Red", "Black", "Result", "FEN", "Format",
            ]
            .contains(n)
        })
        .collect();
    if !dropped.is_empty() {
        notes.push(t(
            format!("XQF has no field for the tags {}", dropped.join(", ")),
            format!("XQF 没有存放这些标签的字段：{}", dropped.join("、")),
        ));
    }
    if has_nag(&game.movetext) {
        notes.push(t(
            "XQF has no annotation glyphs (NAGs): dropped",
            "XQF 没有注释符号（NAG）：已略去",
        ));
    }
    let xqf = XqfGame::from_pgn_game(&game);
    let bytes = write_xqf(&xqf)?;
    // What the fields kept: the file read back.
    let back = read_xqf(&bytes)?;
    for (name, value, kept) in [
        ("Event", &xqf.event, &back.event),
        ("Date", &xqf.date, &back.date),
        ("Site", &xqf.site, &back.site),
        ("Red", &xqf.red, &back.red),
        ("Black", &xqf.black, &back.black),
    ] {
        if value.trim() != kept {
            notes.push(t(
                format!("{name} \"{value}\" is cut to its XQF field (GBK): \"{kept}\""),
                format!("{name}“{value}”超出 XQF 字段长度（GBK），截为“{kept}”"),
            ));
        }
    }
    Ok(Converted { bytes, notes })
}

/// Any XQF (obfuscated or not) as XQF 1.0.
fn xqf_to_xqf(_args: &Args, bytes: &[u8], _to: FileFormat) -> anyhow::Result<Converted> {
    let game = read_xqf(bytes)?;
    // Refuse to copy an illegal record.
    game.to_pgn_game()?;
    Ok(Converted {
        bytes: write_xqf(&game)?,
        notes: Vec::new(),
    })
}

fn has_nag<M>(elements: &[qiyuan_formats::pgn::Element<M>]) -> bool {
    use qiyuan_formats::pgn::Element;
    elements.iter().any(|e| match e {
        Element::Nag(_) => true,
        Element::Variation(v) => has_nag(v),
        _ => false,
    })
}

/// A TRF date (`YYYY/MM/DD`, `YYYY-MM-DD`, `YYYY.MM.DD`) as `YYYY-MM-DD`.
/// `--ids`: how a TRF's start ranks become list ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum IdsArg {
    /// The start rank is the list id (a TRF made with list ids as numbers).
    StartRank,
    /// The FIDE ID is the list id (a list kept by FIDE ID).
    Fide,
}

/// How the start ranks of a TRF become list ids, from `--ids` / `--map`:
/// one of them is required (the conversion never guesses).
pub fn player_ids(ids: Option<IdsArg>, map: Option<&Path>) -> anyhow::Result<PlayerIds> {
    Ok(match (ids, map) {
        (Some(_), Some(_)) => bail!(t(
            "give --ids or --map, not both",
            "--ids 与 --map 只能给出其一"
        )),
        (Some(IdsArg::StartRank), None) => PlayerIds::StartRank,
        (Some(IdsArg::Fide), None) => PlayerIds::FideId,
        (None, Some(path)) => {
            let bytes = fs::read(path).with_context(|| {
                t(
                    format!("cannot read {}", path.display()),
                    format!("无法读取 {}", path.display()),
                )
            })?;
            PlayerIds::Map(read_id_map(&bytes, &path.display().to_string())?)
        }
        (None, None) => bail!(t(
            "a TRF numbers players by start rank, not by their rating-list ids: say which ids to write\n  \
             help: --ids start-rank (the start ranks are list ids), --ids fide (FIDE IDs are list ids) \
             or --map FILE (a CSV of start_rank,id)",
            "TRF 按起始序号为棋手编号，而不是名单编号：请说明写出哪种编号\n  \
             提示：--ids start-rank（起始序号即名单编号）、--ids fide（FIDE 编号即名单编号）\
             或 --map FILE（start_rank,id 两列的 CSV）"
        )),
    })
}

/// A TRF handed to the office (`office import-event`): the event file
/// text, players by list id as `ids` says, chess or xiangqi as the
/// `profile` rates; and the notes of what was not carried.
pub fn trf_for_office(
    name: &str,
    text: &str,
    profile: &str,
    ids: &PlayerIds,
) -> anyhow::Result<(String, Vec<TrfNote>)> {
    let game = qiyuan_rating::profile::Profile::builtin(profile)?.game;
    let file = parse_trf(text).with_context(|| name.to_string())?;
    let options = TrfOptions {
        game,
        system: None,
        sex: None,
        ids: ids.clone(),
        fallback_name: name.to_string(),
    };
    let done = from_trf(&file, &options).with_context(|| name.to_string())?;
    Ok((write_event(&done.event, EventFormat::Json), done.notes))
}

fn trf_to_event(args: &Args, bytes: &[u8], to: FileFormat) -> anyhow::Result<Converted> {
    let file = parse_trf(utf8(args, bytes)?)?;
    let options = TrfOptions {
        game: match args.game {
            GameArg::Chess => rm::GameKind::Chess,
            GameArg::Xiangqi => rm::GameKind::Xiangqi,
        },
        system: args.system,
        sex: args.sex.map(|s| match s {
            SexArg::M => rm::Sex::Male,
            SexArg::F => rm::Sex::Female,
        }),
        ids: player_ids(args.ids, args.map.as_deref())?,
        fallback_name: args
            .input
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "event".into()),
    };
    let done = from_trf(&file, &options).map_err(|e| match e {
        TrfEventError::NoSex { .. } => {
            anyhow::anyhow!(
                "{}{}",
                error_text(&e),
                t(
                    "\n  help: give the sex of such players with --sex m or --sex f",
                    "\n  提示：请用 --sex m 或 --sex f 给出这些棋手的性别"
                )
            )
        }
        other => other.into(),
    })?;
    Ok(Converted::text(
        write_event(&done.event, event_format(to)),
        said(&done.notes),
    ))
}

/// The notes of a conversion in the user's language.
fn said(notes: &[TrfNote]) -> Vec<String> {
    notes.iter().map(|n| n.text(say::lang())).collect()
}

fn event_to_trf(args: &Args, bytes: &[u8], _to: FileFormat) -> anyhow::Result<Converted> {
    let (file, records) = read_event_text_records(args, bytes)?;
    let event = file.tournament();
    let (trf, notes) = to_trf(&file, &event);
    let mut notes = said(&notes);
    if records.iter().any(Option::is_some) {
        notes.insert(
            0,
            t(
                "game records (`record`) are not carried (a TRF has no place for them)",
                "对局记录（`record`）未转出（TRF 没有存放之处）",
            ),
        );
    }
    Ok(Converted::text(trf.write_trf2026()?, notes))
}
