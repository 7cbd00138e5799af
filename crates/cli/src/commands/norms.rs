//! `qiyuan norms`: the title-norm check of one event (等级称号标准分), and
//! the FIDE title norms (B.01, 2024) of a chess event beside it.

use std::fs;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use qiyuan_formats::event::read_event_path;
use qiyuan_formats::rating_event::{PlayerIds, TrfOptions, from_trf, looks_like_trf};
use qiyuan_formats::trf::parse_trf;
use qiyuan_rating::Lang;
use qiyuan_rating::fide_norms::{
    FideEventFacts, FideEventKind, FideNormReport, FideNormRules, check_fide_norms,
};
use qiyuan_rating::model::{Event, GameKind, Sex};
use qiyuan_rating::norms::{NormReport, check_norms};
use qiyuan_vocab::Heading;

use super::output::{self, Format};
use crate::say::{self, error_text, t};

/// Check an event for title norms: the national norms of a rating profile,
/// and for chess the FIDE title norms (B.01 1.4, effective 1 January 2024).
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  qiyuan norms examples/cxa-2019-swiss.json --profile cxa-legacy
  qiyuan norms examples/cca-chess-round-robin.json --profile cca-chess --format json
  qiyuan norms examples/cca-chess-title-event-2025.json --profile cca-chess --fide --host-federation CHN
  qiyuan norms examples/open.trf --fide-kind ordinary")]
pub struct Args {
    /// The event file (JSON or TOML), or a chess TRF (whose players are
    /// checked for the FIDE norms; with a profile, for the national norms
    /// too).
    pub event: PathBuf,
    /// A built-in rating profile (decides the game's norm table and which games count).
    #[arg(long, value_name = "NAME", conflicts_with = "profile_file")]
    pub profile: Option<String>,
    /// A profile written by you (TOML).
    #[arg(long, value_name = "FILE")]
    pub profile_file: Option<PathBuf>,
    /// Check the FIDE title norms (GM, IM, WGM, WIM) too: always for a TRF.
    #[arg(long)]
    pub fide: bool,
    /// The kind of event for the FIDE norms (1.4.1b, 1.4.3a–c).
    #[arg(long, value_name = "KIND", default_value = "ordinary", value_parser = fide_kind)]
    pub fide_kind: FideEventKind,
    /// The host federation (FIDE code, e.g. CHN) for the FIDE norms' exemptions (1.4.3a, b, d).
    #[arg(long, value_name = "CODE")]
    pub host_federation: Option<String>,
    /// FIDE norm rules written by you (TOML of the form of
    /// crates/rating/norms/fide-b01-2024.toml).
    #[arg(long, value_name = "FILE")]
    pub fide_rules: Option<PathBuf>,
    /// Output format (table or json).
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

fn fide_kind(s: &str) -> Result<FideEventKind, String> {
    FideEventKind::from_code(s).ok_or_else(|| {
        let codes: Vec<&str> = FideEventKind::ALL.iter().map(|k| k.code()).collect();
        format!("`{s}` is not a kind of event: {}", codes.join(", "))
    })
}

/// Reads the event: a TRF (as a chess event, players by start rank, a
/// player without a sex taken as a man: the open titles only) or an event
/// file. Answers whether it was a TRF.
fn read_event(path: &std::path::Path) -> anyhow::Result<(Event, bool)> {
    let shown = path.display().to_string();
    let bytes = fs::read(path).with_context(|| {
        t(
            format!("{shown}: cannot read the event"),
            format!("{shown}：无法读取赛事文件"),
        )
    })?;
    let text = qiyuan_formats::text::decode(&bytes)
        .map(|d| d.text.into_owned())
        .unwrap_or_default();
    if !looks_like_trf(&shown, &text) {
        return Ok((read_event_path(path)?, false));
    }
    let file = parse_trf(&text).with_context(|| shown.clone())?;
    let options = TrfOptions {
        game: GameKind::Chess,
        system: None,
        sex: Some(Sex::Male),
        ids: PlayerIds::StartRank,
        fallback_name: path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "event".into()),
    };
    let done = from_trf(&file, &options).with_context(|| shown.clone())?;
    for n in done.notes {
        let n = n.text(say::lang());
        say::note(&format!("{shown}{}{n}", t(": ", "：")));
    }
    Ok((done.event, true))
}

/// Runs `qiyuan norms`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let profile = if args.profile.is_some() || args.profile_file.is_some() {
        Some(super::load_profile(
            args.profile.as_deref(),
            args.profile_file.as_deref(),
        )?)
    } else {
        None
    };
    let (event, trf) = read_event(&args.event)?;
    let fide = args.fide || trf;
    if profile.is_none() && !fide {
        bail!(t(
            "give a profile with --profile NAME or --profile-file FILE (or --fide for the FIDE norms alone)",
            "请用 --profile NAME 或 --profile-file FILE 指定等级分规则（只查 FIDE 称号标准时用 --fide）"
        ));
    }
    if fide && event.game() != GameKind::Chess {
        let file = args.event.display();
        bail!(t(
            format!("{file}: the FIDE title norms are for chess events; this one is xiangqi"),
            format!("{file}：FIDE 称号标准只适用于国际象棋赛事，本赛事是象棋")
        ));
    }
    let report = match &profile {
        Some(profile) => Some(check_norms(&event, profile).with_context(|| {
            let (file, profile) = (args.event.display(), &profile.name);
            t(
                format!("{file}: cannot be checked with profile `{profile}`"),
                format!("{file}：无法按等级分规则 `{profile}` 检查"),
            )
        })?),
        None => None,
    };
    let fide_report = if fide {
        let rules = match &args.fide_rules {
            Some(path) => {
                let text = fs::read_to_string(path).with_context(|| {
                    t(
                        format!("{}: cannot read the rules", path.display()),
                        format!("{}：无法读取规则文件", path.display()),
                    )
                })?;
                FideNormRules::from_toml_str(&text).map_err(|e| {
                    anyhow::anyhow!("{}{}{}", path.display(), t(": ", "："), error_text(&e))
                })?
            }
            None => FideNormRules::builtin(),
        };
        let facts = FideEventFacts {
            kind: args.fide_kind,
            host_federation: args.host_federation.clone(),
        };
        Some(check_fide_norms(&event, &rules, &facts))
    } else {
        None
    };
    let text = match args.format {
        Format::Json => {
            let mut t = match &fide_report {
                // Without the FIDE norms the report is as it always was.
                None => serde_json::to_string_pretty(&report)?,
                Some(f) => serde_json::to_string_pretty(&serde_json::json!({
                    "norms": report,
                    "fide_norms": f,
                }))?,
            };
            t.push('\n');
            t
        }
        Format::Table => {
            let lang = say::lang();
            let mut t = report
                .as_ref()
                .map(|r| render_table(r, lang))
                .unwrap_or_default();
            if let Some(f) = &fide_report {
                if !t.is_empty() {
                    t.push('\n');
                }
                t.push_str(&render_fide_table(f, lang));
            }
            t
        }
        Format::Csv | Format::Xlsx => bail!(t(
            "qiyuan norms writes table or json",
            "qiyuan norms 只输出 table 或 json"
        )),
    };
    output::emit_text(args.output.as_deref(), &text)?;
    Ok(ExitCode::SUCCESS)
}

/// The FIDE norms as a table: each title achieved (✓ with Ra and Rp) or
/// each failed requirement with its article (✗), in `lang`.
fn render_fide_table(r: &FideNormReport, lang: Lang) -> String {
    use comfy_table::{Table, presets::UTF8_FULL_CONDENSED};
    use qiyuan_rating::conditions::CheckStatus;
    let mut out = lang.pick(
        format!("{} — FIDE title norms ({}: B.01, 2024)\n", r.event, r.rules),
        format!(
            "{} — 国际棋联称号标准（{}：B.01，2024）\n",
            r.event, r.rules
        ),
    );
    let host = r.facts.host_federation.as_deref().unwrap_or("—");
    out.push_str(&lang.pick(
        format!(
            "Kind of event: {}; host federation: {host}\n",
            r.facts.kind.code()
        ),
        format!(
            "赛事类别：{}；主办协会：{host}\n",
            r.facts.kind.label(Lang::Zh)
        ),
    ));
    for c in &r.checks {
        let status = match c.status {
            CheckStatus::Met => lang.t("yes", "符合"),
            CheckStatus::Failed => lang.t("NO", "不符合"),
            CheckStatus::Unknown => lang.t("not checked", "未检查"),
        };
        out.push_str(&lang.pick(
            format!("{} {}: {status} ({})\n", c.article, c.condition, c.detail),
            format!(
                "{} {}：{status}（{}）\n",
                c.article, c.condition_zh, c.detail_zh
            ),
        ));
    }
    if let Some(s) = &r.swiss_exemption {
        out.push_str(&lang.pick(
            format!(
                "1.4.3d: {} players, {} federations, {} titled: {}\n",
                s.players,
                s.federations,
                s.titled,
                if s.met { "exempt" } else { "not exempt" }
            ),
            format!(
                "1.4.3d：棋手 {} 名，来自 {} 个协会，有称号者 {} 名：{}\n",
                s.players,
                s.federations,
                s.titled,
                if s.met {
                    "免除对手协会的要求"
                } else {
                    "不予免除"
                }
            ),
        ));
    }
    let mut t = Table::new();
    t.load_style(UTF8_FULL_CONDENSED);
    t.set_header(match lang {
        Lang::En => ["id", "name", "fed", "title", "N", "W", "FIDE norms"],
        Lang::Zh => [
            Heading::ListId.label(Lang::Zh),
            Heading::Name.label(Lang::Zh),
            "协会",
            "称号",
            "局数",
            "得分",
            "国际棋联称号标准",
        ],
    });
    for p in &r.players {
        let norms = p
            .results
            .iter()
            .map(|x| {
                if x.achieved {
                    let mut s = format!(
                        "{} ✓ Ra {} Rp {}",
                        x.title,
                        x.average.unwrap_or_default(),
                        x.performance.unwrap_or_default()
                    );
                    if let Some(e) = &x.exemption {
                        s.push_str(
                            &lang.pick(format!(" (under {e})"), format!("（依 {e} 免除协会要求）")),
                        );
                    }
                    s
                } else {
                    let why: Vec<String> = x.failures.iter().map(|f| f.text(lang)).collect();
                    format!("{} ✗\n  {}", x.title, why.join("\n  "))
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        t.add_row([
            p.id.to_string(),
            p.name.clone(),
            p.federation.clone().unwrap_or_default(),
            p.title.clone().unwrap_or_default(),
            p.games.to_string(),
            p.score.normalize().to_string(),
            norms,
        ]);
    }
    out.push_str(&format!("{t}\n"));
    out
}

/// Whether the event is a title event, and why not, in `lang` (also the
/// head of `qiyuan titles`).
pub(super) fn title_event_lines(r: &NormReport, lang: Lang) -> String {
    let mut out = String::new();
    if r.qualifies {
        out.push_str(lang.t("Title event: yes\n", "称号赛事：是\n"));
    } else {
        out.push_str(lang.t("Title event: NO\n", "称号赛事：否\n"));
        for reason in &r.reasons {
            out.push_str(&format!("  - {}\n", reason.text(lang)));
        }
    }
    out
}

fn render_table(r: &NormReport, lang: Lang) -> String {
    use comfy_table::{Table, presets::UTF8_FULL_CONDENSED};
    let mut out = format!("{} — ", r.event);
    match r.event_average {
        Some(a) => out.push_str(&lang.pick(
            format!("average {}\n", a.round_dp(2)),
            format!("平均等级分 {}\n", a.round_dp(2)),
        )),
        None => out.push('\n'),
    }
    out.push_str(&title_event_lines(r, lang));
    let mut t = Table::new();
    t.load_style(UTF8_FULL_CONDENSED);
    t.set_header(match lang {
        Lang::En => ["id", "name", "N", "W", "Ra", "category", "norms"],
        Lang::Zh => [
            Heading::ListId.label(Lang::Zh),
            Heading::Name.label(Lang::Zh),
            "局数",
            "得分",
            "平均分",
            "比赛等级",
            "称号标准",
        ],
    });
    for p in &r.players {
        let norms = p
            .results
            .iter()
            .filter(|x| x.required_pct.is_some())
            .map(|x| {
                format!(
                    "{} {}% → {}: {}",
                    x.title.name(lang),
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
