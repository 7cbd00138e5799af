//! `qiyuan office`: the rating office's database (等级分管理).
//!
//! A rating officer imports the starting list and every event report of a
//! period, computes the period with the right profile, publishes the list,
//! and answers for any figure later (`office player ID`). Everything lives in
//! one database (`--database`: a SQLite file by default, or a
//! `postgres://` URL); every import, computation and publication is in its
//! append-only audit log.
//!
//! The command's `--help` walks one period through, on the shipped
//! `examples/` files.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, bail};
use chrono::NaiveDate;
use comfy_table::Table;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use qiyuan_formats::list::{read_list_rows, write_list_file, write_list_xlsx};
use qiyuan_formats::sheet::Limits;
use qiyuan_store::{Durability, ImportNotes, ListEntry, Store};
use qiyuan_vocab::{Heading, RatingFigure};
use rust_xlsxwriter::{Format as XFormat, Workbook};

use super::output::Cell;
use crate::say::{self, error_text, t};
use qiyuan_rating::Lang;

/// Arguments of `qiyuan office`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples (a period from the first list to the published one):
  qiyuan office init --database office.sqlite3
  qiyuan office import-list examples/list-2019-06.csv --date 2019-06-01 --profile cxa-2019 --database office.sqlite3
  qiyuan office publish --list 1 --database office.sqlite3        # the draft, once checked
  qiyuan office import-event examples/cxa-2019-swiss.json --profile cxa-2019 --database office.sqlite3
  qiyuan office period --profile cxa-2019 --list-date 2019-10-01 --dry-run --database office.sqlite3
  qiyuan office period --profile cxa-2019 --list-date 2019-10-01 --database office.sqlite3
  qiyuan office publish --database office.sqlite3                # the computed list
  qiyuan office lists --database office.sqlite3
  qiyuan office player 2 --database office.sqlite3
  qiyuan office export --format xlsx -o list-2019-10.xlsx --database office.sqlite3
  qiyuan office verify --database office.sqlite3                 # audit chain and published lists

Without --database the office is the web application's database (the one
`qiyuan serve` shows).")]
pub struct Args {
    /// The database: a SQLite file path, `sqlite://PATH`, or
    /// `postgres://USER:PASS@HOST/DB`. Default: the web application's,
    /// `qiyuan.sqlite3` in the data directory (`$QIYUAN_DATA_DIR`, else
    /// `~/.local/share/qiyuan`), so the office on the command line and in
    /// the browser are one office.
    #[arg(long, global = true, value_name = "URL")]
    database: Option<String>,
    /// Who acts, as the audit log records it (imports, period runs,
    /// publication). Default: the operating-system user (`$USER`,
    /// `$LOGNAME` or `%USERNAME%`, else the account running the process).
    #[arg(long, global = true, value_name = "NAME")]
    by: Option<String>,
    #[command(subcommand)]
    command: Sub,
}

#[derive(Debug, clap::Subcommand)]
enum Sub {
    /// Create (or bring up to date) the database.
    Init,
    /// Import a rating list (CSV in UTF-8, GBK or Big5, or .xlsx; English
    /// or Chinese headers) as a draft of a series, and show what it
    /// changes. Publish it with `publish --list ID`.
    ImportList {
        /// The list file.
        file: PathBuf,
        /// The list's date (YYYY-MM-DD).
        #[arg(long, value_name = "YYYY-MM-DD")]
        date: NaiveDate,
        /// The series: the rating profile whose list this is (cxa-2019,
        /// cca-chess …). A period starts from its own series.
        #[arg(long, value_name = "NAME")]
        profile: String,
    },
    /// Import event files (JSON or TOML, or FIDE TRF with --ids or --map),
    /// each in its own transaction.
    ImportEvent {
        /// The event files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The rating profile the event is rated under (cxa-2019, cca-chess…).
        #[arg(long)]
        profile: String,
        /// A TRF's players by list id: `start-rank` (the start ranks are
        /// list ids) or `fide` (FIDE IDs are). A TRF needs this or --map.
        #[arg(long, value_enum)]
        ids: Option<super::convert::IdsArg>,
        /// A TRF's players by list id from a mapping file (CSV or xlsx:
        /// start_rank,id).
        #[arg(long, value_name = "FILE")]
        map: Option<PathBuf>,
        /// Faster bulk import (SQLite `synchronous=NORMAL`): a power cut may
        /// lose the last imports, never half of one.
        #[arg(long)]
        bulk: bool,
    },
    /// Compute the rating period whose list is published on a date.
    Period {
        /// The rating profile.
        #[arg(long)]
        profile: String,
        /// The list date (a publication day of the profile's calendar).
        #[arg(long, value_name = "YYYY-MM-DD")]
        list_date: NaiveDate,
        /// Compute and report without storing anything.
        #[arg(long)]
        dry_run: bool,
    },
    /// Publish a draft list: `--list ID` (an imported or a computed
    /// draft), else the latest computed one.
    Publish {
        /// The draft to publish.
        #[arg(long)]
        list: Option<i64>,
        /// The identity changes the draft makes (names, sex, birth,
        /// titles) have been checked by a person.
        #[arg(long)]
        confirm_identity: bool,
    },
    /// Discard a draft list (an import not wanted, a period to compute
    /// again).
    Discard {
        /// The draft.
        #[arg(long)]
        list: i64,
    },
    /// Leave one row out of a draft list.
    Skip {
        /// The draft.
        #[arg(long)]
        list: i64,
        /// The player's id.
        #[arg(long)]
        player: u32,
    },
    /// The lists: drafts and published, with their series.
    Lists,
    /// Check the audit log's hash chain and every published list against
    /// the digest its publication sealed; exit 1 when anything differs.
    Verify,
    /// A player's history: every list, and what each event gave.
    Player {
        /// The player's id.
        id: u32,
        /// `table` or `json`.
        #[arg(long, value_enum, default_value_t = PlayerFormat::Table)]
        format: PlayerFormat,
    },
    /// Export a list (the latest published by default), or an event's
    /// 等级分计算表 (`--event`).
    Export {
        /// csv (re-importable), xlsx (to publish as is) or json.
        #[arg(long, value_enum)]
        format: ExportFormat,
        /// Which list (an id as `office player` shows); default: the latest
        /// published.
        #[arg(long)]
        list: Option<i64>,
        /// Export this event's 等级分计算表 (csv, xlsx or json) instead of a list.
        #[arg(long)]
        event: Option<i64>,
        /// Output file (required for xlsx); standard output otherwise.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum PlayerFormat {
    Table,
    Json,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ExportFormat {
    Csv,
    Xlsx,
    Json,
}

/// Who acts: `--by NAME`, else the operating-system user.
pub(super) fn acting_user(by: Option<&str>) -> anyhow::Result<String> {
    if let Some(b) = by {
        let b = b.trim();
        if b.is_empty() {
            bail!(t(
                "--by: give a name (who acts, for the audit log)",
                "--by：请给出姓名（操作人，记入审计日志）"
            ));
        }
        return Ok(b.to_string());
    }
    ["USER", "LOGNAME", "USERNAME"]
        .iter()
        .filter_map(|k| std::env::var(k).ok())
        .map(|v| v.trim().to_string())
        .find(|v| !v.is_empty())
        .or_else(|| {
            // No variable (a service, a container): the account of the process.
            whoami::fallible::username()
                .ok()
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        })
        .with_context(|| {
            t(
                "no operating-system user ($USER, $LOGNAME, %USERNAME%): give --by NAME",
                "找不到操作系统用户（$USER、$LOGNAME、%USERNAME%）：请用 --by NAME 给出操作人",
            )
        })
}

/// Runs `qiyuan office`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let url = match &args.database {
        Some(u) => u.clone(),
        None => super::serve::default_database()?,
    };
    let by = match &args.command {
        Sub::ImportList { .. }
        | Sub::ImportEvent { .. }
        | Sub::Period { .. }
        | Sub::Publish { .. }
        | Sub::Discard { .. }
        | Sub::Skip { .. } => acting_user(args.by.as_deref())?,
        _ => String::new(),
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(run_async(url, args.command, &by))
}

fn bar(len: u64, what: &str) -> ProgressBar {
    let pb = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    pb.set_style(
        ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} ({eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    pb.set_message(what.to_string());
    pb.enable_steady_tick(Duration::from_millis(200));
    pb
}

async fn run_async(url: String, command: Sub, by: &str) -> anyhow::Result<ExitCode> {
    let durability = match &command {
        Sub::ImportEvent { bulk: true, .. } => Durability::Bulk,
        _ => Durability::Full,
    };
    let store = Store::open_with(&url, durability).await?;
    let code = match command {
        Sub::Init => {
            let n = store.totals().await?;
            let (players, events, games, lists, audit) =
                (n.players, n.events, n.games, n.lists, n.audit_entries);
            println!(
                "{}",
                t(
                    format!(
                        "database ready: {url}\n{players} players, {events} events, {games} games, \
                         {lists} lists, {audit} audit entries"
                    ),
                    format!(
                        "数据库已就绪：{url}\n棋手 {players} 名，赛事 {events} 个，对局 {games} 局，\
                         名单 {lists} 份，审计记录 {audit} 条"
                    ),
                )
            );
            ExitCode::SUCCESS
        }
        Sub::ImportList {
            file,
            date,
            profile,
        } => import_list(&store, &file, &profile, date, by).await?,
        Sub::ImportEvent {
            files,
            profile,
            ids,
            map,
            ..
        } => {
            // Asked only when a TRF comes: event files name list ids already.
            let ids = move || super::convert::player_ids(ids, map.as_deref());
            import_events(&store, &files, &profile, &ids, by).await?
        }
        Sub::Period {
            profile,
            list_date,
            dry_run,
        } => period(&store, &profile, list_date, dry_run, by).await?,
        Sub::Publish {
            list,
            confirm_identity,
        } => {
            let p = match list {
                Some(id) => store.publish_list(id, confirm_identity, by).await?,
                None => store.publish(by).await?,
            };
            let from = p.period_id.map_or_else(
                || t("imported", "导入"),
                |id| t(format!("period #{id}"), format!("周期 #{id}")),
            );
            let (list, date, rows, audit) = (p.list_id, p.list_date, p.rows, p.audit_id);
            println!(
                "{}",
                t(
                    format!(
                        "published list #{list} of {date} ({rows} players; {from}, audit entry #{audit})"
                    ),
                    format!(
                        "已公布名单 #{list}（{date}，{rows} 名棋手；{from}，审计记录 #{audit}）"
                    ),
                )
            );
            ExitCode::SUCCESS
        }
        Sub::Discard { list } => {
            let audit = store.discard_list(list, by).await?;
            println!(
                "{}",
                t(
                    format!("draft list #{list} discarded (audit entry #{audit})"),
                    format!("已放弃待公布名单 #{list}（审计记录 #{audit}）"),
                )
            );
            ExitCode::SUCCESS
        }
        Sub::Skip { list, player } => {
            let audit = store.skip_draft_row(list, player, by).await?;
            println!(
                "{}",
                t(
                    format!(
                        "player {player} left out of draft list #{list} (audit entry #{audit})"
                    ),
                    format!("棋手 {player} 已从待公布名单 #{list} 中略去（审计记录 #{audit}）"),
                )
            );
            ExitCode::SUCCESS
        }
        Sub::Lists => {
            let mut table = Table::new();
            table.set_header(if say::lang() == Lang::Zh {
                ["名单", "日期", "系列", "来源", "状态"]
            } else {
                ["list", "date", "series", "origin", "status"]
            });
            for l in store.lists().await? {
                table.add_row([
                    l.id.to_string(),
                    l.list_date.to_string(),
                    l.series.or(l.profile).unwrap_or_default(),
                    super::period::status_text(&l.origin),
                    super::period::status_text(&l.status),
                ]);
            }
            println!("{table}");
            ExitCode::SUCCESS
        }
        Sub::Verify => verify(&store).await?,
        Sub::Player { id, format } => player(&store, id, format).await?,
        Sub::Export {
            format,
            list,
            event,
            output,
        } => export(&store, format, list, event, output.as_deref()).await?,
    };
    store.close().await;
    Ok(code)
}

/// `office verify`: the chain, then each published list; exit 1 on any
/// difference, naming the entry or the list.
async fn verify(store: &Store) -> anyhow::Result<ExitCode> {
    let v = store.verify_office().await?;
    match v.chain_break {
        None => println!("{}", t("audit chain: whole", "审计链：完整")),
        Some(id) => println!(
            "{}",
            t(
                format!(
                    "audit chain: BROKEN at entry #{id} (its hash does not match its content and \
                     the entry before it)"
                ),
                format!("审计链：在记录 #{id} 处断裂（其哈希与其内容及前一条记录不符）"),
            )
        ),
    }
    let checked = v.lists_checked;
    println!(
        "{}",
        t(
            format!("published lists: {checked} match the digest sealed at publication"),
            format!("已公布名单：{checked} 份与公布时封存的摘要一致"),
        )
    );
    for a in &v.altered {
        let (list, audit) = (a.list_id, a.audit_id);
        println!(
            "{}",
            t(
                format!(
                    "list #{list}: ALTERED since its publication (audit entry #{audit}): its rows \
                     no longer match the sealed digest"
                ),
                format!("名单 #{list}：公布（审计记录 #{audit}）后已被改动，内容与封存的摘要不符"),
            )
        );
    }
    if !v.unsealed.is_empty() {
        let ids: Vec<String> = v.unsealed.iter().map(|id| format!("#{id}")).collect();
        println!(
            "{}",
            t(
                format!(
                    "published before digests were sealed (not checkable): {}",
                    ids.join(", ")
                ),
                format!("封存摘要之前公布（无法核对）：{}", ids.join("、")),
            )
        );
    }
    Ok(if v.holds() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

async fn import_list(
    store: &Store,
    file: &Path,
    series: &str,
    date: NaiveDate,
    by: &str,
) -> anyhow::Result<ExitCode> {
    let shown = file.display().to_string();
    let bytes = std::fs::read(file).with_context(|| {
        t(
            format!("{shown}: cannot read"),
            format!("{shown}：无法读取"),
        )
    })?;
    let read = read_list_rows(&bytes, &shown, &Limits::list())
        .map_err(|e| anyhow::anyhow!(error_text(&e)))?;
    for w in &read.warnings {
        say::warning(&w.text(say::lang()));
    }
    let notes = ImportNotes {
        refused: read.refused.iter().map(Into::into).collect(),
        repeated: Vec::new(),
        // The store keeps the English (its notes are strings).
        warnings: read.warnings.iter().map(Into::into).collect(),
    };
    let entries: Vec<ListEntry> = read.rows.into_iter().map(Into::into).collect();
    let pb = bar(entries.len() as u64, "importing list");
    let done = store
        .import_list(
            &shown,
            &bytes,
            series,
            date,
            &entries,
            notes,
            &|n| pb.inc(n),
            by,
        )
        .await;
    pb.finish_and_clear();
    let done = done?;
    let diff = store.list_diff(done.list_id).await?;
    let (list, entries, audit) = (done.list_id, done.entries, done.audit_id);
    println!(
        "{}",
        t(
            format!(
                "draft list #{list} of {date} ({series}) imported from {shown}: {entries} players, \
                 audit entry #{audit}"
            ),
            format!(
                "已从 {shown} 导入待公布名单 #{list}（{date}，{series}）：{entries} 名棋手，审计记录 #{audit}"
            ),
        )
    );
    let against = diff.previous.map_or_else(
        || t("no earlier list of the series", "本系列此前没有名单"),
        |(id, d)| {
            t(
                format!("list #{id} of {d}"),
                format!("与名单 #{id}（{d}）相比"),
            )
        },
    );
    let (new, identity, units, unchanged, dropped) = (
        diff.new.len(),
        diff.identity_changes.len(),
        diff.unit_changes,
        diff.unchanged,
        diff.dropped.len(),
    );
    println!(
        "{}",
        t(
            format!(
                "against {against}: {new} new, {identity} identity change(s) to confirm, {units} \
                 unit change(s), {unchanged} unchanged, {dropped} not on this list"
            ),
            format!(
                "{against}：新增 {new} 名，{identity} 处身份信息变动待确认，{units} 处单位变动，\
                 {unchanged} 名未变，{dropped} 名不在本名单上"
            ),
        )
    );
    let comma = t(", ", "、");
    for c in diff.identity_changes.iter().take(20) {
        let (id, before, after, fields) =
            (c.id, &c.before.name, &c.after.name, c.fields.join(&comma));
        println!(
            "{}",
            t(
                format!("  identity {id}: {before} → {after} ({fields})"),
                format!("  身份信息 {id}：{before} → {after}（{fields}）"),
            )
        );
    }
    for d in &diff.duplicates {
        let ids = d
            .ids
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(&comma);
        let (name, birth) = (&d.name, &d.birth);
        println!(
            "{}",
            t(
                format!("  possible duplicate: {name} ({birth}) under ids {ids}"),
                format!("  可能重复：{name}（{birth}），编号 {ids}"),
            )
        );
    }
    for r in &diff.notes.refused {
        let (line, name, message) = (r.line, &r.name, r.message.text(say::lang()));
        let column = r
            .column
            .as_deref()
            .map(|c| t(format!("column `{c}`: "), format!("列 `{c}`：")))
            .unwrap_or_default();
        println!(
            "{}",
            t(
                format!("  left out: line {line} {name}: {column}{message}"),
                format!("  未收录：第 {line} 行 {name}：{column}{message}"),
            )
        );
    }
    for r in &diff.notes.repeated {
        let skipped = r
            .skipped_lines
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(&comma);
        let (id, kept) = (r.id, r.kept_line);
        println!(
            "{}",
            t(
                format!("  left out: id {id} repeats on line(s) {skipped} (line {kept} kept)"),
                format!("  未收录：编号 {id} 在第 {skipped} 行重复（保留第 {kept} 行）"),
            )
        );
    }
    let confirm = if diff.identity_changes.is_empty() {
        ""
    } else {
        " --confirm-identity"
    };
    println!(
        "{}",
        t(
            format!(
                "publish it with: qiyuan office publish --list {list}{confirm}   (or discard it: \
                 qiyuan office discard --list {list})"
            ),
            format!(
                "公布：qiyuan office publish --list {list}{confirm}   （或放弃：qiyuan office discard --list {list}）"
            ),
        )
    );
    Ok(ExitCode::SUCCESS)
}

/// Event files per transaction when several are imported at once.
const BATCH: usize = 200;

/// Reads an event file as text, or says why it cannot.
fn read_text(file: &Path) -> Result<String, String> {
    let shown = file.display().to_string();
    match std::fs::read(file) {
        Ok(bytes) => String::from_utf8(bytes).map_err(|_| {
            // The reader's own message (line of the first bad byte, the iconv hint).
            qiyuan_formats::event::read_event_path(file)
                .err()
                .map_or_else(
                    || {
                        t(
                            format!("{shown}: not UTF-8"),
                            format!("{shown}：不是 UTF-8 文本"),
                        )
                    },
                    |e| error_text(&e),
                )
        }),
        Err(e) => Err(format!("{shown}{}{}", t(": ", "："), error_text(&e))),
    }
}

async fn import_events(
    store: &Store,
    files: &[PathBuf],
    profile: &str,
    ids: &dyn Fn() -> anyhow::Result<qiyuan_formats::rating_event::PlayerIds>,
    by: &str,
) -> anyhow::Result<ExitCode> {
    let mut player_ids = None;
    let (mut events, mut games, mut players, mut refused) = (0usize, 0usize, 0usize, 0usize);
    let many = files.len() > 1;
    let total_bar = many.then(|| bar(files.len() as u64, &t("importing events", "导入赛事")));
    let say = |msg: String| match &total_bar {
        Some(b) => b.suspend(|| say::error(&msg)),
        None => say::error(&msg),
    };
    for chunk in files.chunks(BATCH) {
        let mut texts = Vec::with_capacity(chunk.len());
        for file in chunk {
            match read_text(file) {
                Ok(text)
                    if qiyuan_formats::rating_event::looks_like_trf(
                        &file.display().to_string(),
                        &text,
                    ) =>
                {
                    let shown = file.display().to_string();
                    if player_ids.is_none() {
                        player_ids = Some(ids()?);
                    }
                    let ids = player_ids.as_ref().expect("set above");
                    match super::convert::trf_for_office(&shown, &text, profile, ids) {
                        Ok((json, notes)) => {
                            for n in notes {
                                let n = n.text(say::lang());
                                say::note(&format!("{shown}{}{n}", t(": ", "：")));
                            }
                            texts.push((shown, json));
                        }
                        Err(e) => {
                            say(say::chain_text(&e));
                            refused += 1;
                        }
                    }
                }
                Ok(text) => texts.push((file.display().to_string(), text)),
                Err(msg) => {
                    say(msg);
                    refused += 1;
                }
            }
        }
        let refs: Vec<(&str, &str)> = texts
            .iter()
            .map(|(n, t)| (n.as_str(), t.as_str()))
            .collect();
        // One file: a bar over its games; several: the bar over files.
        let pb = (!many).then(|| bar(0, &t("importing games", "导入对局")));
        let results = store
            .import_events(
                &refs,
                profile,
                &|n| {
                    if let Some(pb) = &pb {
                        pb.inc(n);
                    }
                },
                by,
            )
            .await;
        if let Some(pb) = &pb {
            pb.finish_and_clear();
        }
        for (result, (shown, _)) in results?.into_iter().zip(&texts) {
            match result {
                Ok(done) => {
                    events += 1;
                    games += done.games;
                    players += done.players;
                    if !many {
                        let (id, name, players, games, audit) = (
                            done.event_id,
                            &done.name,
                            done.players,
                            done.games,
                            done.audit_id,
                        );
                        println!(
                            "{}",
                            t(
                                format!(
                                    "event #{id} \"{name}\" imported from {shown}: {players} players, \
                                     {games} games, audit entry #{audit}"
                                ),
                                format!(
                                    "已从 {shown} 导入赛事 #{id}“{name}”：棋手 {players} 名，对局 {games} 局，审计记录 #{audit}"
                                ),
                            )
                        );
                    }
                }
                Err(e) => {
                    say(error_text(&e));
                    refused += 1;
                }
            }
        }
        if let Some(b) = &total_bar {
            b.inc(chunk.len() as u64);
        }
    }
    if let Some(b) = total_bar {
        b.finish_and_clear();
    }
    println!(
        "{}",
        t(
            format!(
                "summary: {events} event(s) imported ({players} player entries, {games} games), \
                 {refused} refused"
            ),
            format!(
                "合计：导入赛事 {events} 个（棋手 {players} 人次，对局 {games} 局），拒收 {refused} 个"
            ),
        )
    );
    Ok(if refused > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

async fn period(
    store: &Store,
    profile: &str,
    list_date: NaiveDate,
    dry_run: bool,
    by: &str,
) -> anyhow::Result<ExitCode> {
    let pb = bar(0, &t("reading events", "读取赛事"));
    let outcome = store
        .compute_period(
            profile,
            list_date,
            dry_run,
            &|done, total| {
                pb.set_length(total);
                pb.set_position(done);
            },
            by,
        )
        .await;
    pb.finish_and_clear();
    let o = outcome?;
    let r = &o.report;
    let lang = say::lang();
    let warnings: Vec<String> = r
        .events
        .iter()
        .flat_map(|e| e.notes.iter().map(|n| n.text(lang)))
        .collect();
    let mut table = Table::new();
    table.set_header([
        t("id", Heading::ListId.label(Lang::Zh)),
        t("name", "姓名"),
        t("Ro", "原等级分 Ro"),
        "ΣΔR".into(),
        t("Rn", "新等级分 Rn"),
        t("status", "状态"),
        t("notes", "说明"),
    ]);
    let mut shown = 0;
    for row in &r.rows {
        if row.rating_before == row.row.rating && row.status_before == row.row.status {
            continue;
        }
        shown += 1;
        if shown > 30 {
            continue;
        }
        let opt =
            |d: Option<rust_decimal::Decimal>| d.map_or(String::from("—"), |d| d.to_string());
        table.add_row([
            row.row.id.to_string(),
            row.row.name.clone(),
            opt(row.rating_before),
            opt(row.change),
            opt(row.row.rating),
            super::period::status_text(row.row.status.as_str()),
            super::period::notes_text(&row.notes, lang),
        ]);
    }
    let (start, end, profile) = (r.period.start, r.period.end, &o.plan.profile);
    let (base, base_date) = (o.plan.base_list_id, o.plan.base_list_date);
    println!(
        "{}",
        t(
            format!(
                "period {start} – {end} of {profile} (list of {list_date}), from list #{base} of {base_date}"
            ),
            format!(
                "{profile} 周期 {start} – {end}（{list_date} 名单），起点为名单 #{base}（{base_date}）"
            ),
        )
    );
    if shown > 0 {
        println!("{table}");
        if shown > 30 {
            let more = shown - 30;
            println!(
                "{}",
                t(
                    format!("… and {more} more changed rows (office export for the whole list)"),
                    format!("……另有 {more} 行变动（完整名单请用 office export）"),
                )
            );
        }
    }
    for w in &warnings {
        say::warning(w);
    }
    match (o.list_id, o.period_id) {
        (Some(list), Some(period)) => println!(
            "{}",
            t(
                format!(
                    "stored as draft list #{list} (period #{period}); `qiyuan office publish` makes \
                     it public"
                ),
                format!(
                    "已存为待公布名单 #{list}（周期 #{period}）；用 `qiyuan office publish` 公布"
                ),
            )
        ),
        _ => println!("{}", t("dry run: nothing stored", "试算：未保存任何内容")),
    }
    let (players, events, games, changes, warned) = (
        r.rows.len(),
        r.events.len(),
        o.games,
        o.changed_rows,
        warnings.len(),
    );
    println!(
        "{}",
        t(
            format!(
                "summary: {players} players, {events} events, {games} games, {changes} changes, \
                 {warned} warnings"
            ),
            format!(
                "合计：棋手 {players} 名，赛事 {events} 个，对局 {games} 局，变动 {changes} 处，警告 {warned} 条"
            ),
        )
    );
    Ok(ExitCode::SUCCESS)
}

async fn player(store: &Store, id: u32, format: PlayerFormat) -> anyhow::Result<ExitCode> {
    let h = store.player_history(id).await?;
    if format == PlayerFormat::Json {
        println!("{}", serde_json::to_string_pretty(&h)?);
        return Ok(ExitCode::SUCCESS);
    }
    let titles: Vec<String> = h
        .titles
        .iter()
        .map(|(t, d)| d.map_or(t.clone(), |d| format!("{t} ({d})")))
        .collect();
    println!(
        "{} {} ({}) {} {}",
        h.id,
        h.name,
        qiyuan_vocab::Sex::from_code(&h.sex).map_or(h.sex.as_str(), |x| x.label(say::lang())),
        h.unit.as_deref().unwrap_or(""),
        titles.join(", ")
    );
    let mut table = Table::new();
    let lang = say::lang();
    table.set_header([
        t("list", "名单"),
        t("date", "日期"),
        t("rating", "等级分"),
        t("games", "局数"),
        "K".into(),
        t("status", "状态"),
        t("events (N, W, K, ΔR)", "赛事（N、W、K、ΔR）"),
        t("notes", "说明"),
    ]);
    for l in &h.lists {
        let events: Vec<String> = l
            .changes
            .iter()
            .map(|(c, name)| {
                format!(
                    "#{} {name}{}N={} W={} K={} ΔR={}",
                    c.event_id,
                    t(": ", "："),
                    c.figures.games,
                    c.figures.score,
                    c.figures.k.map_or("—".into(), |k| k.to_string()),
                    c.figures.change.map_or("—".into(), |d| d.to_string())
                )
            })
            .collect();
        table.add_row([
            format!(
                "#{} {} {}",
                l.list.id,
                super::period::status_text(&l.list.origin),
                super::period::status_text(&l.list.status)
            ),
            l.list.list_date.to_string(),
            l.rating.map_or("—".into(), |r| r.to_string()),
            l.valid_games.to_string(),
            l.k.map_or("—".into(), |k| k.to_string()),
            super::period::status_text(&l.status),
            events.join("\n"),
            super::period::notes_text(&l.notes, lang),
        ]);
    }
    println!("{table}");
    Ok(ExitCode::SUCCESS)
}

async fn export(
    store: &Store,
    format: ExportFormat,
    list: Option<i64>,
    event: Option<i64>,
    output: Option<&Path>,
) -> anyhow::Result<ExitCode> {
    if let Some(event) = event {
        return export_event(store, format, event, output).await;
    }
    let lists = store.lists().await?;
    let info = match list {
        Some(id) => lists
            .iter()
            .find(|l| l.id == id)
            .with_context(|| t(format!("no list #{id}"), format!("没有名单 #{id}")))?,
        None => lists
            .iter()
            .rev()
            .find(|l| l.status == "published")
            .with_context(|| t("no published list yet", "尚无已公布的名单"))?,
    };
    match format {
        ExportFormat::Csv => {
            let rows = store.list_file(info.id, info.list_date).await?;
            super::output::emit_text(output, &write_list_file(&rows))?;
        }
        ExportFormat::Json => {
            let lines = store.list_lines(info.id).await?;
            let text = serde_json::to_string_pretty(&serde_json::json!({
                "list_id": info.id, "list_date": info.list_date.to_string(),
                "status": info.status, "profile": info.profile, "rows": lines,
            }))?;
            super::output::emit_text(output, &(text + "\n"))?;
        }
        ExportFormat::Xlsx => {
            let out = output.with_context(|| {
                t(
                    "xlsx needs -o FILE.xlsx",
                    "xlsx 须用 -o FILE.xlsx 指定输出文件",
                )
            })?;
            let lines = store.list_lines(info.id).await?;
            let bytes = write_list_xlsx(&lines, info.list_date)?;
            super::output::write_atomically(out, &bytes)?;
            let (rows, file) = (lines.len(), out.display());
            eprintln!(
                "{}",
                t(
                    format!("{rows} rows written to {file}"),
                    format!("已写出 {rows} 行到 {file}")
                )
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn decimal_cell(
    sheet: &mut rust_xlsxwriter::Worksheet,
    row: u32,
    col: u16,
    d: Option<rust_decimal::Decimal>,
    fmt: &XFormat,
) -> anyhow::Result<()> {
    if let Some(d) = d {
        // Ratings have at most a few decimals: f64 shows them exactly.
        let v: f64 = d.to_string().parse()?;
        sheet.write_number_with_format(row, col, v, fmt)?;
    }
    Ok(())
}

/// A column of an event's 等级分计算表 as the office stored it: the player,
/// the figures in the order of the calculation ([`RatingFigure::ALL`], as
/// `qiyuan rate` prints them; no Rn, which is the period's), the unit.
#[derive(Clone, Copy, PartialEq)]
enum EventColumn {
    Id,
    Name,
    Figure(RatingFigure),
    Club,
}

impl EventColumn {
    fn all() -> impl Iterator<Item = EventColumn> {
        [EventColumn::Id, EventColumn::Name]
            .into_iter()
            .chain(
                RatingFigure::ALL
                    .into_iter()
                    .filter(|&f| f != RatingFigure::RatingAfter)
                    .map(EventColumn::Figure),
            )
            .chain([EventColumn::Club])
    }

    /// The JSON key (Ro is the rating the event used: `rating_used`).
    fn key(self) -> &'static str {
        match self {
            EventColumn::Id => "id",
            EventColumn::Name => "name",
            EventColumn::Figure(RatingFigure::RatingBefore) => "rating_used",
            EventColumn::Figure(f) => f.code(),
            EventColumn::Club => "unit",
        }
    }

    /// The header (the federations' table is in Chinese).
    fn heading(self) -> String {
        match self {
            EventColumn::Id => Heading::ListId.label(Lang::Zh).into(),
            EventColumn::Name => Heading::Name.label(Lang::Zh).into(),
            EventColumn::Figure(f) => f.heading(Lang::Zh),
            EventColumn::Club => Heading::Club.label(Lang::Zh).into(),
        }
    }

    /// A count rather than a rating (the id, N, K).
    fn is_count(self) -> bool {
        matches!(
            self,
            EventColumn::Id
                | EventColumn::Figure(RatingFigure::Games)
                | EventColumn::Figure(RatingFigure::K)
        )
    }

    /// The column's cell of a stored line.
    fn cell(self, line: &qiyuan_store::ChangeLine, name: &str, unit: Option<&str>) -> Cell {
        match self {
            EventColumn::Id => Cell::Number(line.player_id.into()),
            EventColumn::Name => Cell::Text(name.to_string()),
            EventColumn::Figure(f) => line.figures.figure(f).map_or(Cell::Empty, Cell::Number),
            EventColumn::Club => unit.map_or(Cell::Empty, |u| Cell::Text(u.to_string())),
        }
    }
}

/// A stored line of the 等级分计算表, in [`EventColumn::all`] order.
fn event_row(line: &qiyuan_store::ChangeLine, name: &str, unit: Option<&str>) -> Vec<Cell> {
    EventColumn::all()
        .map(|c| c.cell(line, name, unit))
        .collect()
}

async fn export_event(
    store: &Store,
    format: ExportFormat,
    event_id: i64,
    output: Option<&Path>,
) -> anyhow::Result<ExitCode> {
    let ev = store.event(event_id).await?.with_context(|| {
        t(
            format!("no event #{event_id}"),
            format!("没有赛事 #{event_id}"),
        )
    })?;
    let lines = store.event_changes(event_id).await?;
    if lines.is_empty() {
        let name = &ev.name;
        bail!(t(
            format!("event #{event_id} \"{name}\" has not been rated in a period yet"),
            format!("赛事 #{event_id}“{name}”尚未在任何周期中计算等级分")
        ));
    }
    let rows: Vec<Vec<Cell>> = lines
        .iter()
        .map(|(c, name, unit)| event_row(c, name, unit.as_deref()))
        .collect();
    match format {
        ExportFormat::Csv => {
            let mut w = csv::Writer::from_writer(Vec::new());
            w.write_record(EventColumn::all().map(EventColumn::heading))?;
            for r in &rows {
                w.write_record(r.iter().map(Cell::text))?;
            }
            let text = String::from_utf8(w.into_inner()?)?;
            super::output::emit_text(output, &text)?;
        }
        ExportFormat::Json => {
            let lines: Vec<serde_json::Value> = rows
                .iter()
                .map(|r| {
                    let obj = EventColumn::all()
                        .zip(r)
                        .map(|(column, cell)| {
                            let v = match cell {
                                Cell::Number(d) => serde_json::json!(d.to_string()),
                                Cell::Text(t) => serde_json::json!(t),
                                Cell::Empty => serde_json::Value::Null,
                            };
                            (column.key().to_string(), v)
                        })
                        .collect::<serde_json::Map<_, _>>();
                    serde_json::Value::Object(obj)
                })
                .collect();
            let text = serde_json::to_string_pretty(&serde_json::json!({
                "event_id": event_id, "event": ev.name, "lines": lines,
            }))?;
            super::output::emit_text(output, &(text + "\n"))?;
        }
        ExportFormat::Xlsx => {
            let out = output.with_context(|| {
                t(
                    "xlsx needs -o FILE.xlsx",
                    "xlsx 须用 -o FILE.xlsx 指定输出文件",
                )
            })?;
            let mut wb = Workbook::new();
            let sheet = wb.add_worksheet();
            sheet.set_name("等级分计算表")?;
            let head = XFormat::new().set_bold();
            let num = XFormat::new().set_num_format("0.0#");
            let int = XFormat::new().set_num_format("0");
            sheet.write_string_with_format(0, 0, format!("{} 等级分计算表", ev.name), &head)?;
            for (c, column) in EventColumn::all().enumerate() {
                sheet.write_string_with_format(1, c as u16, column.heading(), &head)?;
            }
            for (i, r) in rows.iter().enumerate() {
                let row = i as u32 + 2;
                for (c, (column, cell)) in EventColumn::all().zip(r).enumerate() {
                    match cell {
                        Cell::Number(d) => {
                            let f = if column.is_count() { &int } else { &num };
                            decimal_cell(sheet, row, c as u16, Some(*d), f)?;
                        }
                        Cell::Text(t) => {
                            sheet.write_string(row, c as u16, t)?;
                        }
                        Cell::Empty => {}
                    }
                }
            }
            sheet.set_freeze_panes(2, 0)?;
            sheet.set_column_width(1, 12)?;
            let bytes = wb.save_to_buffer()?;
            super::output::write_atomically(out, &bytes)?;
            let (rows, file) = (lines.len(), out.display());
            eprintln!(
                "{}",
                t(
                    format!("{rows} lines written to {file}"),
                    format!("已写出 {rows} 行到 {file}")
                )
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
