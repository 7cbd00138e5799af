//! `qiyuan norms`: the title-norm check of one event (等级称号标准分).

use std::fs;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use qiyuan_formats::event::read_event_path;
use qiyuan_rating::Profile;
use qiyuan_rating::norms::{NormReport, check_norms};

use super::output::{self, Format};

/// Check an event for title norms.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  qiyuan norms examples/cxa-2019-swiss.json --profile cxa-legacy
  qiyuan norms examples/cca-chess-round-robin.json --profile cca-chess --format json")]
pub struct Args {
    /// The event file (JSON or TOML).
    pub event: PathBuf,
    /// A built-in rating profile (decides the game's norm table and which games count).
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
    /// Output format (table or json).
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Runs `qiyuan norms`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let profile = match (&args.profile, &args.profile_file) {
        (_, Some(path)) => {
            let text = fs::read_to_string(path)
                .with_context(|| format!("{}: cannot read the profile", path.display()))?;
            Profile::from_toml_str(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?
        }
        (Some(name), None) => Profile::builtin(name)?,
        (None, None) => bail!("give a profile with --profile NAME or --profile-file FILE"),
    };
    let event = read_event_path(&args.event)?;
    let report = check_norms(&event, &profile).with_context(|| {
        format!(
            "{}: cannot be checked with profile `{}`",
            args.event.display(),
            profile.name
        )
    })?;
    let text = match args.format {
        Format::Json => {
            let mut t = serde_json::to_string_pretty(&report)?;
            t.push('\n');
            t
        }
        Format::Table => render_table(&report),
        Format::Csv | Format::Xlsx => bail!("qiyuan norms writes table or json"),
    };
    output::emit_text(args.output.as_deref(), &text)?;
    Ok(ExitCode::SUCCESS)
}

fn render_table(r: &NormReport) -> String {
    use comfy_table::{Table, presets::UTF8_FULL_CONDENSED};
    let mut out = format!("{} — ", r.event);
    match r.event_average {
        Some(a) => out.push_str(&format!("平均等级分 average {}\n", a.round_dp(2))),
        None => out.push('\n'),
    }
    if r.qualifies {
        out.push_str("等级称号赛 title event: yes\n");
    } else {
        out.push_str("等级称号赛 title event: NO\n");
        for reason in &r.reasons {
            out.push_str(&format!("  - {reason}\n"));
        }
    }
    let mut t = Table::new();
    t.load_style(UTF8_FULL_CONDENSED);
    t.set_header([
        "序号 id",
        "姓名 name",
        "局数 N",
        "得分 W",
        "平均分 Ra",
        "等级 category",
        "标准 norms",
    ]);
    for p in &r.players {
        let norms = p
            .results
            .iter()
            .filter(|x| x.required_pct.is_some())
            .map(|x| {
                format!(
                    "{:?} {}% → {}: {}",
                    x.title,
                    x.required_pct.unwrap_or_default(),
                    x.required_points
                        .map(|v| v.normalize().to_string())
                        .unwrap_or_default(),
                    if x.achieved { "✓" } else { "✗" }
                )
            })
            .collect::<Vec<_>>()
            .join("\n");
        t.add_row([
            p.id.to_string(),
            p.name.clone(),
            p.games.to_string(),
            p.score.normalize().to_string(),
            p.average
                .map(|a| a.round_dp(2).to_string())
                .unwrap_or_default(),
            p.category.map(|c| c.to_string()).unwrap_or_default(),
            if norms.is_empty() {
                "—".to_string()
            } else {
                norms
            },
        ]);
    }
    out.push_str(&format!("{t}\n"));
    out
}
