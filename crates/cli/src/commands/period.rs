//! `qiyuan period`: one rating period, stateless — the list before it (CSV)
//! and the period's event files in, the new list out.
//!
//! The list is authoritative for every player's rating data (rating,
//! rated games, highest rating, titles, sex): an event file's own rating is
//! ignored and a disagreement is reported on standard error. Event files
//! name players by their list id (`docs/rating-list.md`).

use std::fs;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use chrono::NaiveDate;
use qiyuan_formats::event::read_event_path;
use qiyuan_formats::list::{self, read_list};
use qiyuan_rating::Lang;
use qiyuan_rating::period::{PeriodEvent, PeriodNote, PeriodReport, compute_period};
use qiyuan_vocab::Heading;

use super::output::{self, Format};
use crate::say::{self, t};

/// Compute a rating period from a list and event files.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  qiyuan period --profile cxa-2019 --list examples/list-2019-06.csv --date 2019-10-01 \\
    examples/cxa-2019-swiss.json -o list-2019-10.csv
  qiyuan period --profile cxa-2019 --list list-2019-10.csv --date 2020-01-01   # the next period
  qiyuan period --profile cca-chess --list examples/chess-list-2024-01.csv --date 2024-07-01 \\
    examples/cca-chess-round-robin.json --format json

The new list (CSV) can be given as --list of the next period.
List columns: docs/rating-list.md.")]
pub struct Args {
    /// A built-in rating profile (cxa-2019, cxa-legacy, cca-chess, cca-amateur, fide-2024).
    #[arg(
        long,
        value_name = "NAME",
        required_unless_present = "profile_file",
        conflicts_with = "profile_file"
    )]
    pub profile: Option<String>,
    /// A profile written by you (TOML).
    #[arg(long, value_name = "FILE")]
    pub profile_file: Option<PathBuf>,
    /// The rating list before the period (CSV, UTF-8 or GBK).
    #[arg(long, value_name = "LIST.csv")]
    pub list: PathBuf,
    /// The publication date of the new list (YYYY-MM-DD): decides the period.
    #[arg(long, value_name = "YYYY-MM-DD")]
    pub date: NaiveDate,
    /// Event files of the period (JSON or TOML).
    #[arg(value_name = "EVENT")]
    pub events: Vec<PathBuf>,
    /// A league (non-continuous event) split by round dates where the
    /// profile says so (cxa-2019 第五条): `FILE@1=2025-05-10,2=2025-05-24,…`.
    #[arg(long, value_name = "FILE@ROUND=DATE,…")]
    pub league: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "csv")]
    pub format: Format,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Runs `qiyuan period`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let profile = super::load_profile(args.profile.as_deref(), args.profile_file.as_deref())?;
    let bytes = fs::read(&args.list).with_context(|| {
        t(
            format!("{}: cannot read the list", args.list.display()),
            format!("{}：无法读取名单", args.list.display()),
        )
    })?;
    let file = read_list(&bytes, &args.list.display().to_string())?;
    for w in &file.warnings {
        say::warning(w);
    }
    let mut events = Vec::with_capacity(args.events.len());
    for path in &args.events {
        let event = read_event_path(path)?;
        admit(&path.display().to_string(), &event, &file.list)?;
        events.push(PeriodEvent::new(event));
    }
    for spec in &args.league {
        let (path, dates) = spec.rsplit_once('@').with_context(|| {
            t(
                format!("--league {spec}: write FILE@ROUND=DATE,ROUND=DATE,…"),
                format!("--league {spec}：应写作 FILE@ROUND=DATE,ROUND=DATE,…"),
            )
        })?;
        let mut round_dates = Vec::new();
        for item in dates.split(',').map(str::trim).filter(|x| !x.is_empty()) {
            let parsed = item.split_once('=').and_then(|(r, d)| {
                Some((
                    r.trim().parse::<u32>().ok()?,
                    d.trim().parse::<NaiveDate>().ok()?,
                ))
            });
            match parsed {
                Some(x) => round_dates.push(x),
                None => bail!(t(
                    format!("--league {path}: `{item}` is not ROUND=YYYY-MM-DD"),
                    format!("--league {path}：`{item}` 不是 ROUND=YYYY-MM-DD 的形式")
                )),
            }
        }
        let event = read_event_path(path.as_ref())?;
        admit(path, &event, &file.list)?;
        events.push(PeriodEvent::league(event, round_dates));
    }
    let report = compute_period(&profile, &file.list, &events, args.date)?;
    let lang = say::lang();
    for e in &report.events {
        for n in &e.notes {
            say::note(&format!("{}{}{}", e.name, t(": ", "："), n.text(lang)));
        }
    }
    let text = match args.format {
        Format::Json => {
            let mut t = serde_json::to_string_pretty(&report)?;
            t.push('\n');
            t
        }
        Format::Csv => render_csv(&report, &file.fide_ids)?,
        Format::Table => render_table(&report),
        Format::Xlsx => bail!(t(
            "qiyuan period writes csv, json or table",
            "qiyuan period 只输出 csv、json 或 table"
        )),
    };
    output::emit_text(args.output.as_deref(), &text)?;
    Ok(ExitCode::SUCCESS)
}

/// The first columns of the new list; then every other list column, the
/// FIDE id and the notes.
const HEAD: [&str; 9] = [
    "id",
    "name",
    "sex",
    "rating_before",
    "change",
    "rating",
    "rated_games",
    "k",
    "status",
];

/// The new list as CSV: [`HEAD`], the other list columns, the FIDE id the
/// list before gave each player (the engine's row has no place for it), and
/// the notes.
fn render_csv(
    report: &PeriodReport,
    fide_ids: &std::collections::BTreeMap<u32, u64>,
) -> anyhow::Result<String> {
    let rest: Vec<usize> = list::COLUMNS
        .iter()
        .enumerate()
        .filter(|(_, c)| !HEAD.contains(c))
        .map(|(i, _)| i)
        .collect();
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header: Vec<&str> = HEAD.to_vec();
    header.extend(rest.iter().map(|&i| list::COLUMNS[i]));
    header.push("fide_id");
    header.push("notes");
    w.write_record(&header)?;
    for r in &report.rows {
        let cells = list::row_cells(&r.row);
        let col = |name: &str| {
            let i = list::COLUMNS
                .iter()
                .position(|c| *c == name)
                .expect("known column");
            cells[i].clone()
        };
        let mut rec = vec![
            col("id"),
            col("name"),
            col("sex"),
            r.rating_before.map(|x| x.to_string()).unwrap_or_default(),
            r.change
                .map(|x| x.normalize().to_string())
                .unwrap_or_default(),
            col("rating"),
            col("rated_games"),
            col("k"),
            col("status"),
        ];
        rec.extend(rest.iter().map(|&i| cells[i].clone()));
        rec.push(
            fide_ids
                .get(&r.row.id.0)
                .map(|i| i.to_string())
                .unwrap_or_default(),
        );
        // A file format: the notes in English whatever the language.
        rec.push(notes_text(&r.notes, Lang::En));
        w.write_record(&rec)?;
    }
    Ok(String::from_utf8(w.into_inner()?)?)
}

fn render_table(report: &PeriodReport) -> String {
    use comfy_table::{Table, presets::UTF8_FULL_CONDENSED};
    let mut t = Table::new();
    t.load_style(UTF8_FULL_CONDENSED);
    let lang = say::lang();
    t.set_header([
        say::t("id", Heading::ListId.label(Lang::Zh)),
        say::t("name", "姓名"),
        say::t("Ro", "原等级分 Ro"),
        "ΣΔR".into(),
        say::t("Rn", "新等级分 Rn"),
        say::t("games", "局数"),
        "K".into(),
        say::t("status", "状态"),
        say::t("notes", "说明"),
    ]);
    for r in &report.rows {
        let x = &r.row;
        t.add_row([
            x.id.to_string(),
            x.name.clone(),
            r.rating_before.map(|v| v.to_string()).unwrap_or_default(),
            r.change
                .map(|v| v.normalize().to_string())
                .unwrap_or_default(),
            x.rating.map(|v| v.to_string()).unwrap_or_default(),
            x.rated_games.to_string(),
            x.k.map(|v| v.to_string()).unwrap_or_default(),
            status_text(x.status.as_str()),
            notes_text(&r.notes, lang),
        ]);
    }
    format!("{} · {}\n{t}\n", report.profile, report.period.text(lang))
}

/// A period's notes in `lang`, as one line.
pub(crate) fn notes_text(notes: &[PeriodNote], lang: Lang) -> String {
    notes
        .iter()
        .map(|n| n.text(lang))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The office's rule for an event's players (`period::admission`), as the
/// database office applies it: a player whose sex differs from the list's
/// is refused (the file has the wrong id), in the office's words. A player
/// not on the list is refused by the period itself, naming the player.
fn admit(
    file: &str,
    event: &qiyuan_rating::model::Event,
    list: &qiyuan_rating::period::RatingList,
) -> anyhow::Result<()> {
    use qiyuan_rating::period::admission::{PlayerRefusal, admit_players};
    let on_list = |id| list.get(id).map(|r| (r.name.clone(), r.sex));
    match admit_players(event, on_list, &[]) {
        Ok(()) | Err(PlayerRefusal::NotOnList(_)) => Ok(()),
        Err(differs) => bail!(qiyuan_store::StoreError::refused(file, differs).text(say::lang())),
    }
}

/// A list status (`active`, `inactive`, `unrated`) or a list's (`draft`,
/// `published`, `imported` …) in the user's language, in the words of the
/// published list (`formats::list::published`).
pub(crate) fn status_text(status: &str) -> String {
    qiyuan_formats::list::status_word(status, crate::say::lang()).to_string()
}
