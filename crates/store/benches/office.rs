//! The rating office at federation scale, on SQLite: a list of 1,000,000
//! players, 100,000 events of 100 games (10,000,000 games), the period
//! computed and published. Prints the time of each step and the peak memory.
//!
//! `cargo bench -p qiyuan-store --bench office` (or with arguments
//! `-- PLAYERS EVENTS` for a smaller run, e.g. `-- 10000 1000`).
//!
//! The import runs in batches of 500 events per transaction with
//! [`Durability::Bulk`] (`synchronous=NORMAL` in WAL mode): a crash of the
//! process never leaves half a batch, let alone half an event; only a power cut may lose the last events
//! imported (never half of one), which the officer re-imports — the import
//! refuses duplicates, so re-running the whole batch is safe.

use std::fmt::Write as _;
use std::time::Instant;

use chrono::NaiveDate;
use qiyuan_rating::model::{PlayerId, Sex};
use qiyuan_rating::period::ListRow;
use qiyuan_store::{Durability, ListEntry, Store};
use rust_decimal::Decimal;

const PLAYERS_PER_EVENT: u32 = 20;
const ROUNDS: u32 = 10;
/// Events per import transaction.
const BATCH: u32 = 500;

fn peak_memory_mib() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<u64>().ok())
        })
        .map_or("unknown".into(), |kb| format!("{} MiB", kb / 1024))
}

/// Event `e`: 20 players (ids from `e × 10`, wrapping), 10 rounds of 10
/// games: every player meets each of the other half once.
fn event_json(e: u32, players: u32) -> String {
    let mut s = String::with_capacity(8_000);
    let day = 1 + e % 28;
    let month = 1 + e % 5;
    write!(
        s,
        r#"{{"name":"E{e}","game":"xiangqi","system":"swiss","start":"2019-{month:02}-{day:02}","end":"2019-{month:02}-{day:02}","players":["#
    )
    .unwrap();
    let id = |j: u32| (e * 10 + j) % players + 1;
    for j in 0..PLAYERS_PER_EVENT {
        if j > 0 {
            s.push(',');
        }
        write!(
            s,
            r#"{{"id":{},"name":"P{}","sex":"m","rating":{}}}"#,
            id(j),
            id(j),
            2301 + id(j) % 400
        )
        .unwrap();
    }
    s.push_str(r#"],"games":["#);
    let results = ["1-0", "1/2-1/2", "0-1"];
    let half = PLAYERS_PER_EVENT / 2;
    for r in 0..ROUNDS {
        for k in 0..half {
            if r > 0 || k > 0 {
                s.push(',');
            }
            write!(
                s,
                r#"{{"round":{},"red":{},"black":{},"result":"{}"}}"#,
                r + 1,
                id(k),
                id(half + (k + r) % half),
                results[((e + k + r) % 3) as usize]
            )
            .unwrap();
        }
    }
    s.push_str("]}");
    s
}

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let players = args.first().copied().unwrap_or(1_000_000);
    let events = args.get(1).copied().unwrap_or(100_000);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("office.sqlite3").display().to_string();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let all = Instant::now();
        let store = Store::open_with(&path, Durability::Bulk).await.unwrap();

        let t = Instant::now();
        let list: Vec<ListEntry> = (1..=players)
            .map(|id| {
                let mut row = ListRow::rated(
                    PlayerId(id),
                    format!("P{id}"),
                    Sex::Male,
                    Decimal::from(2301 + id % 400),
                );
                row.rated_games = 40;
                ListEntry {
                    line: id as usize + 1,
                    row,
                    fide_id: None,
                }
            })
            .collect();
        let list_date = NaiveDate::from_ymd_opt(2019, 1, 1).unwrap();
        let draft = store
            .import_list(
                "bench-list.csv",
                b"bench",
                "cxa-2019",
                list_date,
                &list,
                Default::default(),
                &|_| {},
                "bench-officer",
            )
            .await
            .unwrap();
        drop(list);
        println!(
            "import list (draft): {players} players in {:.1} s",
            t.elapsed().as_secs_f64()
        );
        let t = Instant::now();
        store
            .publish_list(draft.list_id, true, "bench-officer")
            .await
            .unwrap();
        println!("publish list: {:.1} s", t.elapsed().as_secs_f64());

        let t = Instant::now();
        let mut games = 0u64;
        let mut e = 0;
        while e < events {
            let batch: Vec<(String, String)> = (e..(e + BATCH).min(events))
                .map(|i| (format!("E{i}.json"), event_json(i, players)))
                .collect();
            let refs: Vec<(&str, &str)> = batch
                .iter()
                .map(|(n, t)| (n.as_str(), t.as_str()))
                .collect();
            for done in store
                .import_events(&refs, "cxa-2019", &|_| {}, "bench-officer")
                .await
                .unwrap()
            {
                games += done.unwrap().games as u64;
            }
            e += BATCH;
        }
        println!(
            "import events: {events} events, {games} games in {:.1} s ({:.0} games/s)",
            t.elapsed().as_secs_f64(),
            games as f64 / t.elapsed().as_secs_f64()
        );

        let t = Instant::now();
        let outcome = store
            .compute_period(
                "cxa-2019",
                NaiveDate::from_ymd_opt(2019, 6, 1).unwrap(),
                false,
                &|_, _| {},
                "bench-officer",
            )
            .await
            .unwrap();
        println!(
            "compute period: {} rows, {} events, {} games, {} changed in {:.1} s",
            outcome.report.rows.len(),
            outcome.report.events.len(),
            outcome.games,
            outcome.changed_rows,
            t.elapsed().as_secs_f64()
        );
        drop(outcome);

        let t = Instant::now();
        let p = store.publish("bench-officer").await.unwrap();
        println!(
            "publish: list #{} ({} rows) in {:.1} s",
            p.list_id,
            p.rows,
            t.elapsed().as_secs_f64()
        );
        store.close().await;
        let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        println!(
            "total: {:.1} s; peak memory {}; database {} MiB",
            all.elapsed().as_secs_f64(),
            peak_memory_mib(),
            size / (1 << 20)
        );
    });
}
