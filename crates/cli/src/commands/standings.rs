//! `qiyuan standings`: standings with tie-breaks of a TRF file, as a table,
//! JSON, CSV, xlsx or a printable HTML page (standings or crosstable). The
//! CSV, xlsx and HTML are the desk's exports and prints
//! (`qiyuan_desk::export`, `qiyuan_server::report`), from the same
//! [`StandingsTable`].

use std::fs;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use qiyuan_formats::event::{EventFormat, read_event_path};
use qiyuan_formats::trf::parse_trf;
use qiyuan_formats::trf_model::event_from_trf;
use qiyuan_rating::Lang;
use qiyuan_tournament::model::{Event, EventKind};
use qiyuan_tournament::scoring::ScoringSystem;
use qiyuan_tournament::standings::Standings;
use qiyuan_tournament::tiebreak::{Primary, parse_list, preset};
use qiyuan_tournament::{StandingsConfig, compute_standings};
use qiyuan_vocab::Heading;
use rust_decimal::Decimal;

use qiyuan_desk::GameKind;
use qiyuan_desk::export;
use qiyuan_desk::reports::{Crosstable, StandingsTable, standings_heading};
use qiyuan_server::report;

use super::output::{self, LangArg};
use crate::say::t;

/// `--kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum KindArg {
    /// Swiss system (积分编排制).
    Swiss,
    /// Round robin (循环制).
    Rr,
}

/// `--format` of `qiyuan standings`: the common formats and HTML.
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
    /// A printable HTML page (standings, or the crosstable with `--crosstable`).
    Html,
}

/// `--scoring`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ScoringArg {
    /// The file's own point system (default; 1 / ½ / 0 unless the TRF says otherwise).
    File,
    /// 1 / ½ / 0.
    Fide,
    /// 2 / 1 / 0 (象棋竞赛规则 2011 13.1).
    Xiangqi,
    /// 3 / 1 / 0 (13.3).
    ThreeOneZero,
}

/// Standings with tie-breaks.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  qiyuan standings examples/open.trf                      # FIDE Swiss preset
  qiyuan standings examples/open.trf --tiebreaks \"BH/C1,BH,SB,DE,WIN\" --format json
  qiyuan standings examples/cxa-2019-swiss.json --preset xiangqi-swiss-bh --scoring xiangqi --lang zh
  qiyuan standings examples/open.trf --format html --crosstable -o crosstable.html

Tie-break codes (FIDE C.07 2024): DE WIN WON BPG BWG PS REP BH AOB FB SB KS ARO
TPR PTP APRO APPO, modifiers /C1 /C2 /M1 /M2 /P /F /L+n /L-n; xiangqi 2011:
XBH (对手分), XF (犯规), XMB (对局时后走), LRn (round n from the last), MMP (场分), PTS.
Presets: fide-swiss, fide-rr, xiangqi-rr (象棋个人循环), xiangqi-drr (象棋双循环),
xiangqi-swiss-bh (象棋积分编排(对手分)), xiangqi-swiss-ps (象棋积分编排(累进分)).")]
pub struct Args {
    /// The tournament: a FIDE TRF file, or a qiyuan event file (`.json` /
    /// `.toml`, as for `qiyuan rate`).
    pub event: PathBuf,
    /// Tie-breaks in order, comma-separated.
    #[arg(long, value_name = "LIST", conflicts_with = "preset")]
    pub tiebreaks: Option<String>,
    /// A named tie-break list (default: fide-swiss or fide-rr; for a xiangqi
    /// event file the 象棋竞赛规则 2011 list of its system).
    #[arg(long, value_name = "NAME")]
    pub preset: Option<String>,
    /// Output format (xlsx needs -o FILE.xlsx).
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
    /// With `--format html`: the crosstable (交叉表) instead of the standings —
    /// one column per round with cells like `12w1` (the opponent's starting
    /// number, colour, result on the event's scale: `12r2` for a xiangqi win
    /// under 2-1-0), or the grid of a round robin; the layout of the desk's
    /// crosstable print.
    #[arg(long)]
    pub crosstable: bool,
    /// Language of the headers (default: the input's — Chinese when its
    /// event or player names are written in Chinese, else English — for the
    /// table, xlsx and HTML; English codes for CSV).
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
    /// Standings after this round (default: the last round with results).
    #[arg(long, value_name = "R")]
    pub after_round: Option<u32>,
    /// Swiss or round robin (default: from the file).
    #[arg(long, value_enum)]
    pub kind: Option<KindArg>,
    /// Points per result (`file`: the TRF's point system; 2 / 1 / 0 for a
    /// xiangqi event file, 1 / ½ / 0 for a chess one).
    #[arg(long, value_enum, default_value = "file")]
    pub scoring: ScoringArg,
    /// Rating used for unrated players in rating tie-breaks (C.07 15.1).
    #[arg(long, value_name = "RATING")]
    pub unrated: Option<u32>,
    /// Draw lots with this seed for ties that survive every tie-break
    /// (default: tied players share the place).
    #[arg(long, value_name = "SEED")]
    pub seed: Option<u64>,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Runs `qiyuan standings`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let kind = args.kind.map(|k| match k {
        KindArg::Swiss => EventKind::Swiss,
        KindArg::Rr => EventKind::RoundRobin,
    });
    let loaded = if EventFormat::from_path(&args.event).is_some() {
        from_event_file(&args, kind)?
    } else {
        from_trf(&args, kind)?
    };
    if args.crosstable && args.format != Format::Html {
        bail!(t(
            "--crosstable is a page of --format html",
            "--crosstable 是 --format html 的页面"
        ));
    }
    let event = loaded.event;
    let scoring = match args.scoring {
        ScoringArg::File => loaded.scoring,
        ScoringArg::Fide => ScoringSystem::fide(),
        ScoringArg::Xiangqi => ScoringSystem::xiangqi_2011(),
        ScoringArg::ThreeOneZero => ScoringSystem::three_one_zero(),
    };
    let rounds = args.after_round.unwrap_or(loaded.played_rounds);
    if rounds > loaded.played_rounds {
        let played = loaded.played_rounds;
        bail!(t(
            format!("--after-round {rounds}: the file has results for {played} rounds only"),
            format!("--after-round {rounds}：文件只有 {played} 轮的成绩")
        ));
    }
    let (tiebreaks, primary) = match (&args.tiebreaks, &args.preset) {
        (Some(list), _) => (parse_list(list).context("--tiebreaks")?, Primary::Points),
        (None, Some(name)) => {
            let p = preset(name, rounds).context("--preset")?;
            (p.tiebreaks, p.primary)
        }
        (None, None) => {
            let name = match (loaded.default_preset, event.kind()) {
                (Some(name), _) => name,
                (None, EventKind::RoundRobin) => "fide-rr",
                (None, EventKind::Swiss) => "fide-swiss",
            };
            let p = preset(name, rounds)?;
            (p.tiebreaks, p.primary)
        }
    };
    let cfg = StandingsConfig {
        scoring,
        tiebreaks,
        after_round: Some(rounds),
        round_robin: None,
        unrated_rating: args.unrated,
        primary,
        lots_seed: args.seed,
    };
    let standings =
        compute_standings(&event, &cfg).with_context(|| format!("{}", args.event.display()))?;
    let zh = match args.lang {
        Some(lang) => lang == LangArg::Zh,
        None => {
            let names = event.players().iter().map(|p| p.name.as_str());
            qiyuan_rating::Lang::of_texts(names.chain([loaded.name.as_str()]))
                == qiyuan_rating::Lang::Zh
        }
    };
    let lang = if zh { Lang::Zh } else { Lang::En };
    // The reports every page, print and export of the desk shows: the
    // words and the layout are theirs (qiyuan_desk::reports and
    // qiyuan_server::report).
    let table = StandingsTable {
        numbers: loaded.numbers,
        ..StandingsTable::new(&event, &standings)
    };
    let final_ranking = rounds == event.total_rounds();
    let text = match args.format {
        Format::Table => render_table(&standings, &table, lang, final_ranking),
        Format::Json => render_json(&event, &standings)?,
        // The header in English codes unless --lang asks for Chinese.
        Format::Csv => export::standings_csv(&table, &[], args.lang.map_or(Lang::En, |_| lang)),
        Format::Html => {
            let game = if loaded.xiangqi {
                GameKind::Xiangqi
            } else {
                GameKind::Chess
            };
            if args.crosstable {
                let grid = event.kind() == EventKind::RoundRobin;
                let cross = Crosstable {
                    numbers: loaded.numbers,
                    ..Crosstable::new(&event, &scoring, grid)
                };
                report::crosstable_document(lang, game, &loaded.name, &cross, rounds, &table)
            } else {
                report::standings_document(lang, game, &loaded.name, &table, final_ranking)
            }
        }
        Format::Xlsx => {
            let Some(path) = args.output.as_deref() else {
                bail!(t(
                    "--format xlsx writes a file: give it with -o FILE.xlsx",
                    "--format xlsx 写出文件：请用 -o FILE.xlsx 指定"
                ));
            };
            let book = export::standings_xlsx(&loaded.name, &table, &[], final_ranking, lang)?;
            output::write_atomically(path, &book)?;
            return Ok(ExitCode::SUCCESS);
        }
    };
    output::emit_text(args.output.as_deref(), &text)?;
    Ok(ExitCode::SUCCESS)
}

/// An event read from a file, ready for the standings.
struct Loaded {
    event: Event,
    scoring: ScoringSystem,
    played_rounds: u32,
    default_preset: Option<&'static str>,
    /// Event name (TRF `012`, or the event file's `name`).
    name: String,
    /// A xiangqi event (red / black colours).
    xiangqi: bool,
    /// What the players' numbers are: a TRF's start ranks (序号), an event
    /// file's rating-list ids (编号).
    numbers: Heading,
}

fn from_trf(args: &Args, kind: Option<EventKind>) -> anyhow::Result<Loaded> {
    let text = fs::read_to_string(&args.event).with_context(|| {
        t(
            format!("{}: cannot read", args.event.display()),
            format!("{}：无法读取", args.event.display()),
        )
    })?;
    let file = parse_trf(&text).with_context(|| format!("{}", args.event.display()))?;
    let trf = event_from_trf(&file, kind).with_context(|| format!("{}", args.event.display()))?;
    Ok(Loaded {
        event: trf.event,
        scoring: trf.scoring,
        played_rounds: trf.played_rounds,
        default_preset: None,
        name: file.tournament_name().unwrap_or_default().to_string(),
        xiangqi: false,
        numbers: Heading::PairingNumber,
    })
}

/// A qiyuan event file (the rating event of `qiyuan rate`) as a tournament:
/// its games and byes (`bye` = pairing-allocated bye, a win; `half-bye`,
/// `zero-bye` requested byes).
fn from_event_file(args: &Args, kind: Option<EventKind>) -> anyhow::Result<Loaded> {
    let file = read_event_path(&args.event)?;
    let event = file.tournament();
    let event = match kind {
        Some(kind) => event.with_kind(kind),
        None => event,
    };
    let rounds = event.total_rounds();
    Ok(loaded_from_event_file(&file, event, rounds))
}

fn loaded_from_event_file(file: &qiyuan_rating::model::Event, event: Event, rounds: u32) -> Loaded {
    use qiyuan_rating::model as rm;
    let system = file.system();
    let xiangqi = file.game() == rm::GameKind::Xiangqi;
    let default_preset = xiangqi.then_some(match system {
        rm::EventSystem::DoubleRoundRobin => "xiangqi-drr",
        rm::EventSystem::RoundRobin => "xiangqi-rr",
        _ => "xiangqi-swiss-bh",
    });
    let scoring = if xiangqi {
        ScoringSystem::xiangqi_2011()
    } else {
        ScoringSystem::fide()
    };
    Loaded {
        event,
        scoring,
        played_rounds: rounds,
        default_preset,
        name: file.name().to_string(),
        xiangqi,
        numbers: Heading::ListId,
    }
}

/// The standings for the terminal: the columns of the desk's CSV
/// (without the club), the heading, legend and notes of its pages.
fn render_table(s: &Standings, t: &StandingsTable, lang: Lang, final_ranking: bool) -> String {
    use comfy_table::{CellAlignment, ContentArrangement, Table, presets::UTF8_FULL_CONDENSED};
    let (names, notes) = match lang {
        Lang::Zh => (&t.tiebreak_names_zh, &t.tiebreak_notes_zh),
        Lang::En => (&t.tiebreak_names_en, &t.tiebreak_notes_en),
    };
    let mut header: Vec<String> = [
        Heading::Rank,
        t.numbers,
        Heading::Name,
        Heading::Rating,
        Heading::Points,
    ]
    .map(|h| h.label(lang).to_string())
    .to_vec();
    header.extend(
        t.tiebreaks
            .iter()
            .zip(names)
            .map(|(code, name)| match lang {
                Lang::Zh => format!("{name}({code})"),
                Lang::En => code.clone(),
            }),
    );
    let mut table = Table::new();
    table
        .load_style(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Disabled)
        .set_header(header);
    for (i, line) in t.lines.iter().enumerate() {
        let rank = s.printed_rank(i).map(|r| r.to_string()).unwrap_or_default();
        let mut cells = vec![
            rank,
            line.player.to_string(),
            line.name.clone(),
            line.rating.map(|r| r.to_string()).unwrap_or_default(),
            line.points.normalize().to_string(),
        ];
        cells.extend(
            line.shown
                .iter()
                .map(|v| v.text(|d| d.normalize().to_string())),
        );
        table.add_row(cells.into_iter().enumerate().map(|(i, c)| {
            let cell = comfy_table::Cell::new(c);
            if i == 2 {
                cell
            } else {
                cell.set_alignment(CellAlignment::Right)
            }
        }));
    }
    let mut out = standings_heading(lang, t.after_round, final_ranking);
    out.push('\n');
    out.push_str(&table.to_string());
    out.push('\n');
    for (i, (code, name)) in t.tiebreaks.iter().zip(names).enumerate() {
        out.push_str(&format!("TB{}: {code} — {name}\n", i + 1));
    }
    let mut said: Vec<&str> = Vec::new();
    for note in notes.iter().filter(|n| !n.is_empty()) {
        if !said.contains(&note.as_str()) {
            said.push(note);
            out.push_str(note);
            out.push('\n');
        }
    }
    if s.rows.iter().any(|r| r.lot.is_some()) {
        out.push_str(lang.t(
            "Remaining ties broken by drawing of lots.",
            "同分者以抽签决定名次。",
        ));
        out.push('\n');
    }
    out
}

fn number(d: Decimal) -> serde_json::Value {
    // Exact decimal text as a JSON number (values have few digits).
    serde_json::from_str(&d.normalize().to_string())
        .unwrap_or_else(|_| serde_json::Value::String(d.to_string()))
}

fn render_json(event: &Event, s: &Standings) -> anyhow::Result<String> {
    use serde_json::{Map, Value, json};
    let rows: Vec<Value> = s
        .rows
        .iter()
        .map(|row| {
            let mut tbs = Map::new();
            // The figures shown (DE: the points among the tied, C.07 art.
            // 6); the codes of those that do not give the order by
            // themselves under `marked`.
            let mut marked = Vec::new();
            for (tb, v) in s.tiebreaks.iter().zip(&row.shown) {
                tbs.insert(tb.to_string(), v.value.map(number).unwrap_or(Value::Null));
                if v.marked {
                    marked.push(tb.to_string());
                }
            }
            let mut o = json!({
                "rank": row.rank,
                "id": row.player.0,
                "name": event.player(row.player).map(|p| p.name.clone()).unwrap_or_default(),
                "points": number(row.points),
                "tiebreaks": tbs,
            });
            if let Some(lot) = row.lot {
                o["lot"] = json!(lot);
            }
            if !marked.is_empty() {
                o["marked"] = json!(marked);
            }
            o
        })
        .collect();
    let mut text = serde_json::to_string_pretty(&json!({
        "after_round": s.after_round,
        "tiebreaks": s.tiebreaks.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "standings": rows,
    }))?;
    text.push('\n');
    Ok(text)
}
