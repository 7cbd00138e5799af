//! `qiyuan rate`: rate one event with a rating profile and print the
//! 等级分计算表 (rating calculation table), or one player's calculation in
//! words.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use qiyuan_formats::event::read_event_path;
use qiyuan_rating::event::{EventReport, PlayerReport};
use qiyuan_rating::model::PlayerId;
use qiyuan_rating::{Lang, Profile, rate};
use qiyuan_vocab::{Heading, RatingFigure};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

use super::output::{self, Cell, Format, LangArg};
use crate::say::t;

/// Rate one event with a rating profile.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  qiyuan rate examples/cxa-2019-swiss.json --profile cxa-2019
  qiyuan rate examples/cca-chess-round-robin.json --profile cca-chess --format json
  qiyuan rate examples/cxa-2019-swiss.toml --profile cxa-2019 --explain 7 --lang en
  qiyuan rate --print-profile cxa-2019 > my-province.toml   # your own regulation: edit it
  qiyuan rate examples/cxa-2019-swiss.json --profile-file my-province.toml --format xlsx -o report.xlsx

Profiles: cxa-2019, cxa-legacy, cca-chess, cca-amateur, fide-2024
(online systems such as qq-xiangqi-elo are used by `qiyuan points`).")]
pub struct Args {
    /// The event file (JSON or TOML; see docs/event-format.md).
    #[arg(required_unless_present = "print_profile")]
    pub event: Option<PathBuf>,
    /// A built-in rating profile.
    #[arg(
        long,
        value_name = "NAME",
        required_unless_present_any = ["profile_file", "print_profile"],
        conflicts_with = "profile_file"
    )]
    pub profile: Option<String>,
    /// A profile written by you, in the same TOML form as the built-in ones.
    #[arg(long, value_name = "FILE")]
    pub profile_file: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
    /// Language of headers and explanations (default: zh for the table, the
    /// spreadsheet and explanations; English snake_case headers for CSV).
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
    /// Print one player's calculation step by step instead of the table.
    #[arg(long, value_name = "ID")]
    pub explain: Option<u32>,
    /// Write to this file instead of standard output (required for xlsx).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Print a built-in profile's TOML (its articles in the comments), to
    /// start a regulation of your own from, and stop.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["event", "profile", "profile_file"])]
    pub print_profile: Option<String>,
}

/// Runs `qiyuan rate`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(name) = &args.print_profile {
        let text = Profile::builtin_toml(name).with_context(|| {
            let known = Profile::builtin_names().join(", ");
            t(
                format!("--print-profile: no built-in profile `{name}`; the built-in profiles are {known}"),
                format!("--print-profile：没有名为 `{name}` 的内置等级分规则；内置的有 {known}"),
            )
        })?;
        output::emit_text(args.output.as_deref(), text)?;
        return Ok(ExitCode::SUCCESS);
    }
    let Some(event_path) = args.event.as_deref() else {
        bail!(t("give the event file to rate", "请给出要计算的赛事文件"));
    };
    let profile = super::load_profile(args.profile.as_deref(), args.profile_file.as_deref())?;
    let event = read_event_path(event_path)?;
    let report = rate(&event, &profile).with_context(|| {
        let (file, profile) = (event_path.display(), &profile.name);
        t(
            format!("{file}: cannot be rated with profile `{profile}`"),
            format!("{file}：无法按等级分规则 `{profile}` 计算"),
        )
    })?;
    let lang = args.lang.map(Lang::from);

    if let Some(id) = args.explain {
        let player = report
            .players
            .iter()
            .find(|p| p.id == PlayerId(id))
            .with_context(|| {
                let file = event_path.display();
                t(
                    format!("--explain {id}: no player with id {id} in {file}"),
                    format!("--explain {id}：{file} 中没有编号为 {id} 的棋手"),
                )
            })?;
        let text = player.explain(lang.unwrap_or(Lang::Zh));
        return output::emit_text(args.output.as_deref(), &text).map(|()| ExitCode::SUCCESS);
    }

    match args.format {
        Format::Json => {
            let mut text = serde_json::to_string_pretty(&report)?;
            text.push('\n');
            output::emit_text(args.output.as_deref(), &text)?;
        }
        Format::Table => {
            let text = render_table(&report, lang.unwrap_or(Lang::Zh));
            output::emit_text(args.output.as_deref(), &text)?;
        }
        Format::Csv => {
            let text = render_csv(&report, lang)?;
            output::emit_text(args.output.as_deref(), &text)?;
        }
        Format::Xlsx => {
            let Some(path) = args.output.as_deref() else {
                bail!(t(
                    "--format xlsx writes a file: give it with -o FILE.xlsx",
                    "--format xlsx 写出文件：请用 -o FILE.xlsx 指定"
                ));
            };
            let bytes = render_xlsx(&report, lang.unwrap_or(Lang::Zh))?;
            output::write_atomically(path, &bytes)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A column of the 等级分计算表: the player, the figures of the calculation
/// in its order ([`RatingFigure::ALL`]), the event's points and remarks.
#[derive(Clone, Copy)]
enum Column {
    Id,
    Name,
    Figure(RatingFigure),
    Points,
    Remarks,
}

impl Column {
    /// The columns, in the official order.
    fn all() -> impl Iterator<Item = Column> {
        [Column::Id, Column::Name]
            .into_iter()
            .chain(RatingFigure::ALL.map(Column::Figure))
            .chain([Column::Points, Column::Remarks])
    }

    /// The CSV header without `--lang`.
    fn key(self) -> &'static str {
        match self {
            Column::Id => "id",
            Column::Name => "name",
            Column::Figure(f) => f.code(),
            Column::Points => "event_score",
            Column::Remarks => "remarks",
        }
    }

    fn heading(self, lang: Lang) -> String {
        match self {
            Column::Id => Heading::ListId.label(lang).into(),
            Column::Name => Heading::Name.label(lang).into(),
            Column::Figure(f) => f.heading(lang),
            Column::Points => Heading::Points.label(lang).into(),
            Column::Remarks => lang.t("Remarks", "备注").into(),
        }
    }
}

fn num(x: Option<Decimal>) -> Cell {
    x.map_or(Cell::Empty, Cell::Number)
}

/// A player's row, in [`Column::all`] order, each figure as the report's
/// tables show it ([`PlayerReport::shown`]); the JSON keeps them exact.
fn row(p: &PlayerReport, lang: Lang) -> Vec<Cell> {
    Column::all()
        .map(|c| match c {
            Column::Id => Cell::Number(Decimal::from(p.id.0)),
            Column::Name => Cell::Text(p.name.clone()),
            Column::Figure(f) => num(p.shown(f)),
            Column::Points => num(Some(p.event_score)),
            Column::Remarks => Cell::Text(remarks(p, lang)),
        })
        .collect()
}

/// The flags of a player, in a few words.
fn remarks(p: &PlayerReport, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let mut out: Vec<String> = Vec::new();
    if p.rating_before.is_none() {
        out.push(if zh {
            format!("无分(按{})", p.rating_used)
        } else {
            format!("unrated (at {})", p.rating_used)
        });
    }
    if let Some(mark) = p.articles.unplayed_mark.as_deref()
        && !p.unplayed_points.is_zero()
    {
        let pts = p.unplayed_points.normalize();
        out.push(if zh {
            format!("{mark}未对局得分 {pts}")
        } else {
            format!("{mark} {pts} point(s) without playing")
        });
    }
    out.extend(p.flags.iter().map(|f| f.describe(lang)));
    out.join(if zh { "；" } else { "; " })
}

fn header(lang: Lang) -> Vec<String> {
    Column::all().map(|c| c.heading(lang)).collect()
}

fn title_lines(report: &EventReport, lang: Lang) -> String {
    if lang == Lang::Zh {
        format!(
            "{}  等级分计算表\n计算办法：{}（{}）\n",
            report.event, report.profile_title, report.profile
        )
    } else {
        format!(
            "{} — rating calculation\nProfile: {} ({})\n",
            report.event, report.profile_title, report.profile
        )
    }
}

fn render_table(report: &EventReport, lang: Lang) -> String {
    use comfy_table::{CellAlignment, ContentArrangement, Table, presets::UTF8_FULL_CONDENSED};
    let mut table = Table::new();
    table
        .load_style(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Disabled)
        .set_header(header(lang));
    for p in &report.players {
        let cells = row(p, lang);
        table.add_row(cells.iter().map(|c| {
            let cell = comfy_table::Cell::new(c.text());
            if matches!(c, Cell::Number(_)) {
                cell.set_alignment(CellAlignment::Right)
            } else {
                cell
            }
        }));
    }
    let mut out = title_lines(report, lang);
    out.push_str(&table.to_string());
    out.push('\n');
    for note in &report.notes {
        out.push_str(&note.text(lang));
        out.push('\n');
    }
    for warning in &report.warnings_in(lang) {
        out.push_str(if lang == Lang::Zh {
            "注意："
        } else {
            "warning: "
        });
        out.push_str(warning);
        out.push('\n');
    }
    out
}

fn render_csv(report: &EventReport, lang: Option<Lang>) -> anyhow::Result<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    match lang {
        None => w.write_record(Column::all().map(Column::key))?,
        Some(lang) => w.write_record(header(lang))?,
    }
    for p in &report.players {
        w.write_record(row(p, lang.unwrap_or(Lang::En)).iter().map(Cell::text))?;
    }
    Ok(String::from_utf8(w.into_inner()?)?)
}

fn render_xlsx(report: &EventReport, lang: Lang) -> anyhow::Result<Vec<u8>> {
    use rust_xlsxwriter::{Format as XFormat, Workbook};
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.set_name(if lang == Lang::Zh {
        "等级分计算表"
    } else {
        "Rating"
    })?;
    let bold = XFormat::new().set_bold();
    let title = title_lines(report, lang);
    for (r, line) in title.lines().enumerate() {
        sheet.write_string_with_format(r as u32, 0, line, &bold)?;
    }
    let head_row = title.lines().count() as u32;
    for (c, h) in header(lang).iter().enumerate() {
        sheet.write_string_with_format(head_row, c as u16, h, &bold)?;
    }
    for (r, p) in report.players.iter().enumerate() {
        let r = head_row + 1 + r as u32;
        for (c, cell) in row(p, lang).iter().enumerate() {
            match cell {
                // Numbers as numbers; every figure here has at most a few
                // decimals, which f64 holds exactly enough for a spreadsheet.
                Cell::Number(d) => {
                    let v = d.to_f64().with_context(|| {
                        t(
                            "a figure does not fit a spreadsheet number",
                            "有数值超出电子表格数字的范围",
                        )
                    })?;
                    sheet.write_number(r, c as u16, v)?;
                }
                Cell::Text(s) => {
                    sheet.write_string(r, c as u16, s)?;
                }
                Cell::Empty => {}
            }
        }
    }
    sheet.set_freeze_panes(head_row + 1, 0)?;
    sheet.set_column_width(1, 12)?;
    sheet.set_column_width(14, 40)?;
    Ok(book.save_to_buffer()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_follow_the_official_table_order() {
        // The 等级分计算表 of the regulations reads Ro, Ra, D, P, N, We, W, K, ΔR.
        let keys: Vec<&str> = Column::all().map(Column::key).collect();
        let order = [
            "rating_before",
            "opponents_average",
            "difference",
            "expected_fraction",
            "games",
            "expected_score",
            "score",
            "k",
            "change",
        ];
        let positions: Vec<usize> = order
            .iter()
            .map(|k| keys.iter().position(|x| x == k).unwrap())
            .collect();
        assert!(positions.windows(2).all(|w| w[0] < w[1]), "{positions:?}");
    }
}
