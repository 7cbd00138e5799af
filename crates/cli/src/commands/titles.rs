//! `qiyuan titles`: the titles of one event (norms of every title and the
//! titles its places give, cca-chess 第一条) or a player's title file over
//! several events (norms, places, FIDE titles, the rating; what each title
//! still needs, cca-chess 九, 十; cxa-legacy 十).

use std::fs;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use chrono::NaiveDate;
use qiyuan_formats::event::read_event_path;
use qiyuan_formats::list::read_list;
use qiyuan_rating::Lang;
use qiyuan_rating::model::{Event, PlayerId};
use qiyuan_rating::titles::{
    EventTitleReport, RouteKind, TitleFileReport, TitleRules, event_titles, title_file,
    title_file_from_events,
};
use qiyuan_vocab::Heading;

use super::output::{self, Format};
use crate::say::{self, error_text, t};

/// The titles of an event, or a player's title file.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  qiyuan titles examples/cca-chess-title-event-2024.json --profile cca-chess
  qiyuan titles --player 1 examples/cca-chess-title-event-2024.json \\
    examples/cca-chess-title-event-2025.json --profile cca-chess --date 2025-06-01
  qiyuan titles --player 2 examples/cca-chess-title-event-2024.json \\
    examples/cca-chess-title-event-2025.json --profile cca-chess --format json
  qiyuan titles --print-rules cca-chess > my-titles.toml   # the placement table, to edit

With one EVENT: every player's norms (the title event's conditions and field, cca-chess 六)
and the titles the final ranking gives (the event's `kind`, its players' `rank`, a team
event's `teams`; cca-chess 第一条). With --player: that player's title file over the
EVENTs — for every title, men's and women's, the routes (placement, FIDE title, norms)
and what is still missing. The title rules are the profile's ([norms] titles).")]
pub struct Args {
    /// Event files (JSON or TOML).
    #[arg(value_name = "EVENT")]
    pub events: Vec<PathBuf>,
    /// A built-in rating profile (decides which games count and the title rules).
    #[arg(long, value_name = "NAME", conflicts_with = "profile_file")]
    pub profile: Option<String>,
    /// A profile written by you (TOML).
    #[arg(long, value_name = "FILE")]
    pub profile_file: Option<PathBuf>,
    /// Title rules written by you (TOML, as --print-rules prints them).
    #[arg(long, value_name = "FILE")]
    pub rules_file: Option<PathBuf>,
    /// The player (id in the event files and the list) whose title file to print.
    #[arg(long, value_name = "ID")]
    pub player: Option<u32>,
    /// The rating list the player's rating and held titles come from
    /// (default: the latest event's entry).
    #[arg(long, value_name = "LIST.csv", requires = "player")]
    pub list: Option<PathBuf>,
    /// The day of the application (default: the last day of the latest event).
    #[arg(long, value_name = "YYYY-MM-DD", requires = "player")]
    pub date: Option<NaiveDate>,
    /// Print built-in title rules (cca-chess, cxa-legacy) and stop.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["events", "player"])]
    pub print_rules: Option<String>,
    /// Output format (table or json).
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Runs `qiyuan titles`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(name) = &args.print_rules {
        let text = TitleRules::builtin_toml(name).with_context(|| {
            let known = TitleRules::builtin_names().join(", ");
            t(
                format!(
                    "--print-rules: no built-in title rules `{name}`; the built-in ones are {known}"
                ),
                format!("--print-rules：没有名为 `{name}` 的内置称号规则；内置的有 {known}"),
            )
        })?;
        output::emit_text(args.output.as_deref(), text)?;
        return Ok(ExitCode::SUCCESS);
    }
    if matches!(args.format, Format::Csv | Format::Xlsx) {
        bail!(t(
            "qiyuan titles writes table or json",
            "qiyuan titles 只输出 table 或 json"
        ));
    }
    let profile = super::load_profile(args.profile.as_deref(), args.profile_file.as_deref())?;
    let rules = match &args.rules_file {
        Some(path) => {
            let text = fs::read_to_string(path).with_context(|| {
                t(
                    format!("{}: cannot read the title rules", path.display()),
                    format!("{}：无法读取称号规则", path.display()),
                )
            })?;
            TitleRules::from_toml_str(&text).map_err(|e| {
                anyhow::anyhow!("{}{}{}", path.display(), t(": ", "："), error_text(&e))
            })?
        }
        None => TitleRules::for_profile(&profile)?,
    };
    if args.events.is_empty() {
        bail!(t("give the event file(s)", "请给出赛事文件"));
    }
    let mut events: Vec<Event> = Vec::new();
    let mut reports: Vec<EventTitleReport> = Vec::new();
    for path in &args.events {
        let event = read_event_path(path)?;
        let mut report = event_titles(&event, &profile).with_context(|| {
            let (file, profile) = (path.display(), &profile.name);
            t(
                format!("{file}: cannot be checked with profile `{profile}`"),
                format!("{file}：无法按等级分规则 `{profile}` 检查"),
            )
        })?;
        if args.rules_file.is_some() {
            report.placement = qiyuan_rating::titles::placement_titles(&event, &rules);
            report.rules = rules.name.clone();
        }
        events.push(event);
        reports.push(report);
    }
    let text = match args.player {
        None => {
            if events.len() > 1 {
                bail!(t(
                    "give one event, or --player ID for a title file over several events",
                    "请只给出一个赛事；跨多个赛事的称号档案请用 --player ID"
                ));
            }
            match args.format {
                Format::Json => json(&reports[0])?,
                _ => render_event(&reports[0], &rules, say::lang()),
            }
        }
        Some(id) => {
            let id = PlayerId(id);
            let latest = events
                .iter()
                .filter(|e| e.player(id).is_some())
                .max_by_key(|e| e.end().or(e.start()))
                .with_context(|| {
                    t(
                        format!("--player {id}: in none of the events"),
                        format!("--player {id}：不在任何一个赛事中"),
                    )
                })?;
            let entry = latest.player(id).expect("found above");
            let (mut rating, mut held) = (entry.rating, entry.title.iter().cloned().collect());
            if let Some(path) = &args.list {
                let bytes = fs::read(path).with_context(|| {
                    t(
                        format!("{}: cannot read the list", path.display()),
                        format!("{}：无法读取名单", path.display()),
                    )
                })?;
                let list = read_list(&bytes, &path.display().to_string())?;
                let row = list.list.get(id).with_context(|| {
                    t(
                        format!("--player {id}: not on {}", path.display()),
                        format!("--player {id}：不在 {} 上", path.display()),
                    )
                })?;
                rating = row.rating.filter(|_| row.is_rated());
                held = row.titles.iter().map(|t| t.title.clone()).collect();
            }
            let date = match args.date.or(latest.end()).or(latest.start()) {
                Some(d) => d,
                None => bail!(t(
                    "the events have no dates: give --date",
                    "赛事没有日期：请用 --date 给出"
                )),
            };
            let pairs: Vec<(&Event, &EventTitleReport)> = events.iter().zip(&reports).collect();
            let file = title_file_from_events(id, &pairs, rating, held).with_context(|| {
                t(
                    format!("--player {id}: in none of the events"),
                    format!("--player {id}：不在任何一个赛事中"),
                )
            })?;
            let report = title_file(&rules, &file, date);
            match args.format {
                Format::Json => json(&report)?,
                _ => render_file(&report, &rules, say::lang()),
            }
        }
    };
    output::emit_text(args.output.as_deref(), &text)?;
    Ok(ExitCode::SUCCESS)
}

fn json<T: serde::Serialize>(x: &T) -> anyhow::Result<String> {
    let mut t = serde_json::to_string_pretty(x)?;
    t.push('\n');
    Ok(t)
}

/// A title of the rules in `lang` (its English name in English, when the
/// rules give one; else its Chinese name or code).
fn title_name(rules: &TitleRules, code: &str, lang: Lang) -> String {
    match rules.titles.iter().find(|t| t.code == code) {
        Some(t) if lang == Lang::En && !t.name_en.is_empty() => t.name_en.clone(),
        Some(t) => t.display_name().to_string(),
        None => code.to_string(),
    }
}

fn render_event(r: &EventTitleReport, rules: &TitleRules, lang: Lang) -> String {
    use comfy_table::{Table, presets::UTF8_FULL_CONDENSED};
    let n = &r.norms;
    let mut out = lang.pick(
        format!("{} — titles (rules {})\n", n.event, r.rules),
        format!("{} — 称号（称号规则 {}）\n", n.event, r.rules),
    );
    out.push_str(&super::norms::title_event_lines(n, lang));
    for c in n
        .checks
        .iter()
        .filter(|c| c.status == qiyuan_rating::conditions::CheckStatus::Unknown)
    {
        out.push_str(&lang.pick(
            format!("  not checked: {} ({})\n", c.detail, c.article),
            format!("  未检查：{}（{}）\n", c.detail_zh, c.article),
        ));
    }
    for t in &n.title_events {
        let details: Vec<String> = t.clauses.iter().map(|d| d.text(lang)).collect();
        out.push_str(&match lang {
            Lang::En => format!(
                "  {} title event field: {} ({}) — {}\n",
                t.norm.name(lang),
                if t.qualifies { "yes" } else { "no" },
                t.article,
                details.join("; ")
            ),
            Lang::Zh => format!(
                "  {}称号赛参赛阵容：{}（{}）— {}\n",
                t.norm.name(lang),
                if t.qualifies { "符合" } else { "不符合" },
                t.article,
                details.join("；")
            ),
        });
    }
    let mut t = Table::new();
    t.load_style(UTF8_FULL_CONDENSED);
    t.set_header(match lang {
        Lang::En => ["id", "name", "norms", "by placement"],
        Lang::Zh => [
            Heading::ListId.label(Lang::Zh),
            Heading::Name.label(Lang::Zh),
            "称号标准",
            "名次称号",
        ],
    });
    for p in &n.players {
        let norms: Vec<&str> = p
            .results
            .iter()
            .filter(|x| x.achieved)
            .map(|x| x.title.name(lang))
            .collect();
        let placed = r
            .placement
            .awards
            .iter()
            .find(|a| a.player == p.id)
            .map(|a| {
                let title = title_name(rules, &a.title, lang);
                lang.pick(
                    format!("{title} ({}; {})", a.article, a.basis.text(lang)),
                    format!("{title}（{}；{}）", a.article, a.basis.text(lang)),
                )
            })
            .unwrap_or_default();
        t.add_row([
            p.id.to_string(),
            p.name.clone(),
            if norms.is_empty() {
                "—".into()
            } else {
                norms.join(lang.t(", ", "、"))
            },
            placed,
        ]);
    }
    out.push_str(&format!("{t}\n"));
    for note in &r.placement.notes {
        out.push_str(&format!("{}\n", note.text(lang)));
    }
    out
}

fn render_file(r: &TitleFileReport, rules: &TitleRules, lang: Lang) -> String {
    use comfy_table::{Table, presets::UTF8_FULL_CONDENSED};
    let mut out = lang.pick(
        format!(
            "{} (id {}) — title file on {} (rules {}; results after {} count)\n",
            r.name, r.id, r.date, r.rules, r.oldest
        ),
        format!(
            "{}（序号 {}）— 称号档案，{}（称号规则 {}；{} 之后的成绩有效）\n",
            r.name, r.id, r.date, r.rules, r.oldest
        ),
    );
    let mut t = Table::new();
    t.load_style(UTF8_FULL_CONDENSED);
    t.set_header(match lang {
        Lang::En => ["title", "held", "may apply", "routes", "missing"],
        Lang::Zh => ["称号", "已获", "可申请", "途径", "尚缺"],
    });
    let (yes, no) = (lang.t("yes", "是"), lang.t("no", "否"));
    for s in &r.titles {
        // Unmet placement standards on one line; the JSON keeps each.
        let unmet: Vec<&str> = s
            .routes
            .iter()
            .filter(|x| !x.met && x.kind == RouteKind::Placement)
            .map(|x| x.article.as_str())
            .collect();
        let mut routes: Vec<String> = s
            .routes
            .iter()
            .filter(|x| x.met || x.kind != RouteKind::Placement)
            .map(|x| {
                let mark = if x.met { "✓" } else { "✗" };
                let kind = x.kind.label(lang);
                lang.pick(
                    format!("{mark} {kind} ({}): {}", x.article, x.why.text(lang)),
                    format!("{mark} {kind}（{}）：{}", x.article, x.why.text(lang)),
                )
            })
            .collect();
        if !unmet.is_empty() {
            routes.push(lang.pick(
                format!("✗ Placement: no result ({})", unmet.join(", ")),
                format!("✗ 名次：无此成绩（{}）", unmet.join("、")),
            ));
        }
        t.add_row([
            title_name(rules, &s.title, lang),
            if s.held { yes } else { "" }.into(),
            if s.eligible { yes } else { no }.into(),
            routes.join("\n"),
            s.gaps
                .iter()
                .map(|g| g.text(lang))
                .collect::<Vec<_>>()
                .join("\n"),
        ]);
    }
    out.push_str(&format!("{t}\n"));
    out
}
