//! `qiyuan qualify`: the rating compared for qualification (cca-chess
//! 八(十七)): the mean of the last two published ratings with K ≠ 25, from
//! the published lists.

use std::fs;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use chrono::NaiveDate;
use qiyuan_formats::list::read_list;
use qiyuan_rating::Lang;
use qiyuan_rating::period::RatingList;
use qiyuan_rating::period::qualification::{Qualification, qualification};
use rust_decimal::Decimal;

use super::output::{self, Format};
use crate::say::t;

/// Qualification ratings from the published lists.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  qiyuan period --profile cca-chess --list examples/chess-list-2024-01.csv --date 2024-07-01 \\
    examples/cca-chess-round-robin.json -o chess-list-2024-07.csv
  qiyuan qualify --profile cca-chess --list examples/chess-list-2024-01.csv@2024-01-01 \\
    --list chess-list-2024-07.csv@2024-07-01 --min 2300
  qiyuan qualify --profile cca-chess --list chess-list-2024-07.csv@2024-07-01 --format json

Each --list is a published list (docs/rating-list.md) with its publication date. A
list's K is its `k` column, else the K its data give under the profile.")]
pub struct Args {
    /// A built-in rating profile (its [qualification]: how many lists, which K is left out).
    #[arg(long, value_name = "NAME", conflicts_with = "profile_file")]
    pub profile: Option<String>,
    /// A profile written by you (TOML).
    #[arg(long, value_name = "FILE")]
    pub profile_file: Option<PathBuf>,
    /// A published list and its date: `LIST.csv@YYYY-MM-DD` (repeat).
    #[arg(long, value_name = "LIST.csv@DATE", required = true)]
    pub list: Vec<String>,
    /// The rating to reach.
    #[arg(long, value_name = "RATING")]
    pub min: Option<Decimal>,
    /// Output format (table, csv or json).
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Runs `qiyuan qualify`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let profile = super::load_profile(args.profile.as_deref(), args.profile_file.as_deref())?;
    let mut lists: Vec<(NaiveDate, RatingList)> = Vec::new();
    for spec in &args.list {
        let (path, date) = spec.rsplit_once('@').with_context(|| {
            t(
                format!("--list {spec}: write LIST.csv@YYYY-MM-DD"),
                format!("--list {spec}：应写作 LIST.csv@YYYY-MM-DD"),
            )
        })?;
        let date = NaiveDate::parse_from_str(date, "%Y-%m-%d").with_context(|| {
            t(
                format!("--list {spec}: `{date}` is not a date YYYY-MM-DD"),
                format!("--list {spec}：`{date}` 不是 YYYY-MM-DD 格式的日期"),
            )
        })?;
        let bytes = fs::read(path).with_context(|| {
            t(
                format!("{path}: cannot read the list"),
                format!("{path}：无法读取名单"),
            )
        })?;
        lists.push((date, read_list(&bytes, path)?.list));
    }
    let refs: Vec<(NaiveDate, &RatingList)> = lists.iter().map(|(d, l)| (*d, l)).collect();
    let rows = qualification(&profile, &refs, args.min);
    let text = match args.format {
        Format::Json => {
            let mut t = serde_json::to_string_pretty(&rows)?;
            t.push('\n');
            t
        }
        Format::Csv => csv_text(&rows)?,
        Format::Table => table_text(&rows, crate::say::lang()),
        Format::Xlsx => bail!(t(
            "qiyuan qualify writes table, csv or json",
            "qiyuan qualify 只输出 table、csv 或 json"
        )),
    };
    output::emit_text(args.output.as_deref(), &text)?;
    Ok(ExitCode::SUCCESS)
}

fn used_text(q: &Qualification) -> String {
    q.used
        .iter()
        .map(|p| format!("{} {} (K {})", p.list, p.rating, p.k))
        .collect::<Vec<_>>()
        .join("; ")
}

fn csv_text(rows: &[Qualification]) -> anyhow::Result<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["id", "name", "average", "meets", "used", "note"])?;
    for q in rows {
        w.write_record([
            q.id.to_string(),
            q.name.clone(),
            q.average
                .map(|a| a.normalize().to_string())
                .unwrap_or_default(),
            q.meets.map(|m| m.to_string()).unwrap_or_default(),
            used_text(q),
            q.note.as_ref().map(ToString::to_string).unwrap_or_default(),
        ])?;
    }
    Ok(String::from_utf8(w.into_inner()?)?)
}

fn table_text(rows: &[Qualification], lang: Lang) -> String {
    use comfy_table::{Table, presets::UTF8_FULL_CONDENSED};
    let mut t = Table::new();
    t.load_style(UTF8_FULL_CONDENSED);
    t.set_header(match lang {
        Lang::En => ["id", "name", "average", "meets", "ratings used", "note"],
        Lang::Zh => ["序号", "姓名", "平均", "达到", "所用等级分", "备注"],
    });
    for q in rows {
        let used = q
            .used
            .iter()
            .map(|p| format!("{} {} (K {})", p.list, p.rating, p.k))
            .collect::<Vec<_>>()
            .join(lang.t("; ", "；"));
        t.add_row([
            q.id.to_string(),
            q.name.clone(),
            q.average
                .map(|a| a.normalize().to_string())
                .unwrap_or_default(),
            q.meets
                .map(|m| lang.t(if m { "yes" } else { "no" }, if m { "是" } else { "否" }))
                .unwrap_or_default()
                .to_string(),
            used,
            q.note.as_ref().map_or(String::new(), |n| n.text(lang)),
        ]);
    }
    format!("{t}\n")
}
