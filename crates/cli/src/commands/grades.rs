//! `qiyuan grades`: an event's amateur-grade report (棋士等级称号): each
//! player's grade before, score rate, the points each promotion needs and
//! the grade earned (seed 003 国际象棋等级赛晋级规则; regulations.md §5.1).

use std::fs;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use qiyuan_formats::event::read_event_path;
use qiyuan_rating::grades::{GradeReport, GradeTable, grade_report};
use qiyuan_vocab::Heading;

use super::output::{self, Format};
use crate::say::{error_text, t};
use qiyuan_rating::Lang;

/// An event's grade report (棋士等级称号).
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  qiyuan grades examples/cca-amateur-grades.json --table examples/grades-example.cfg
  qiyuan grades examples/cca-amateur-grades.json --table examples/grades-example.cfg --format json
  qiyuan grades examples/cca-amateur-grades.json   # the built-in table: it has no rates
  qiyuan grades --print-table cca-chess > my-grades.toml   # add your federation's rates

Score rate = points ÷ rounds × 100% (byes and forfeits included); the points a row needs
are rate × rounds rounded up to the next half point (7 rounds: 40% → 3, 55% → 4);
from 七级棋士 up one grade at a time (seed 003). A player's grade is the event file's
`grade` (or a `title` on the ladder). The seeds do not print the federation's rates:
the built-in tables (cca-chess, cxa) have the ladders and conditions, not the rates.")]
pub struct Args {
    /// The event file (JSON or TOML).
    #[arg(required_unless_present = "print_table")]
    pub event: Option<PathBuf>,
    /// A grade table written by you (TOML, as --print-table prints it).
    #[arg(long, value_name = "FILE")]
    pub table: Option<PathBuf>,
    /// Print a built-in table (cca-chess, cxa) and stop.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["event", "table"])]
    pub print_table: Option<String>,
    /// Output format (table or json).
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Runs `qiyuan grades`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(name) = &args.print_table {
        let text = GradeTable::builtin_toml(name).with_context(|| {
            let known = GradeTable::builtin_names().join(", ");
            t(
                format!(
                    "--print-table: no built-in grade table `{name}`; the built-in ones are {known}"
                ),
                format!("--print-table：没有名为 `{name}` 的内置等级称号表；内置的有 {known}"),
            )
        })?;
        output::emit_text(args.output.as_deref(), text)?;
        return Ok(ExitCode::SUCCESS);
    }
    let Some(path) = args.event.as_deref() else {
        bail!(t("give the event file", "请给出赛事文件"));
    };
    let event = read_event_path(path)?;
    let table = match &args.table {
        Some(file) => {
            let text = fs::read_to_string(file).with_context(|| {
                t(
                    format!("{}: cannot read the grade table", file.display()),
                    format!("{}：无法读取等级称号表", file.display()),
                )
            })?;
            GradeTable::from_toml_str(&text).map_err(|e| {
                anyhow::anyhow!("{}{}{}", file.display(), t(": ", "："), error_text(&e))
            })?
        }
        None => GradeTable::for_game(event.game()),
    };
    if table.game != event.game() {
        let (game, name, table_game) = (event.game(), &table.name, table.game);
        bail!(t(
            format!("the event is {game:?} but the grade table `{name}` is for {table_game:?}"),
            format!(
                "赛事是{}，而等级称号表 `{name}` 用于{}",
                game.label(Lang::Zh),
                table_game.label(Lang::Zh)
            )
        ));
    }
    let report = grade_report(&event, &table);
    let text = match args.format {
        Format::Json => {
            let mut t = serde_json::to_string_pretty(&report)?;
            t.push('\n');
            t
        }
        Format::Table => render(&report, crate::say::lang()),
        Format::Csv | Format::Xlsx => bail!(t(
            "qiyuan grades writes table or json",
            "qiyuan grades 只输出 table 或 json"
        )),
    };
    output::emit_text(args.output.as_deref(), &text)?;
    Ok(ExitCode::SUCCESS)
}

fn render(r: &GradeReport, lang: Lang) -> String {
    use comfy_table::{Table, presets::UTF8_FULL_CONDENSED};
    let mut out = lang.pick(
        format!(
            "{} — grades ({} rounds; table {})\n",
            r.event, r.rounds, r.table
        ),
        format!(
            "{} — 棋士等级称号（{} 轮；等级称号表 {}）\n",
            r.event, r.rounds, r.table
        ),
    );
    let mut t = Table::new();
    t.load_style(UTF8_FULL_CONDENSED);
    t.set_header(match lang {
        Lang::En => [
            "id",
            "name",
            "grade before",
            "points",
            "rate",
            "points needed",
            "grade earned",
        ],
        Lang::Zh => [
            Heading::ListId.label(Lang::Zh),
            Heading::Name.label(Lang::Zh),
            "原等级",
            "得分",
            "得分率",
            "晋级所需",
            "晋级",
        ],
    });
    for p in &r.players {
        let needs: Vec<String> = p
            .targets
            .iter()
            .map(|x| {
                let failed: Vec<String> = x.failures.iter().map(|f| f.text(lang)).collect();
                format!(
                    "{} {}% → {}{}{}",
                    x.to,
                    x.rate.normalize(),
                    x.points_needed.normalize(),
                    if x.reached { " ✓" } else { " ✗" },
                    if failed.is_empty() {
                        String::new()
                    } else {
                        lang.pick(
                            format!(" ({})", failed.join("; ")),
                            format!("（{}）", failed.join("；")),
                        )
                    }
                )
            })
            .chain(p.remarks.iter().map(|n| n.text(lang)))
            .collect();
        t.add_row([
            p.id.to_string(),
            p.name.clone(),
            p.grade_before.clone().unwrap_or_else(|| "—".into()),
            p.score.normalize().to_string(),
            format!("{}%", p.rate.round_dp(1).normalize()),
            needs.join("\n"),
            p.grade_after.clone().unwrap_or_default(),
        ]);
    }
    out.push_str(&format!("{t}\n"));
    for n in &r.remarks {
        out.push_str(&format!("{}\n", n.text(lang)));
    }
    out
}
