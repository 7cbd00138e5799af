//! A national rating period at scale: 1,000,000 players, 100,000 events of
//! 20 players and 10 rounds (10,000,000 games), profile cxa-2019, list of
//! 1 June 2025. Prints the wall time and CPU seconds of `compute_period`,
//! the resident memory of the input (list and events) and the peak resident
//! memory of the process (VmHWM, input included). Target (issue 16): under
//! 5 s wall and under 2 GB peak on 2 cores.
//!
//! `cargo bench -p qiyuan-rating --bench period [-- SCALE]` (SCALE divides
//! the sizes, e.g. 10 for a quick run).
//!
//! Measured 2026-12-03 on the 2-core machine, idle (load from earlier
//! builds winding down): `compute_period` 1.80 s wall, 3.16 s CPU on 2
//! threads, peak 1.82 GB (input 1.04 GB of it). Under three concurrent
//! cargo builds the same run took 7.49 s wall for 3.61 s CPU: the wall time
//! is only meaningful on an idle machine.
//!
//! Measured again 2026-12-06 after the one event model (issue 14): 1.92 s
//! wall, 3.44 s CPU, peak 1.83 GB (input 1.04 GB), on the same machine
//! right after a CI run.

use std::time::Instant;

use chrono::NaiveDate;
use qiyuan_rating::model::*;
use qiyuan_rating::period::{ListRow, PeriodEvent, RatingList, compute_period};
use qiyuan_rating::profile::Profile;
use rust_decimal::Decimal;

struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

/// A memory line of `/proc/self/status` (`VmHWM`, `VmRSS`).
fn vm(field: &str) -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(field))
                .map(|l| l.split_whitespace().skip(1).collect::<Vec<_>>().join(" "))
        })
        .unwrap_or_else(|| "unknown".into())
}

/// User + system CPU seconds of this process so far.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|x| x.parse::<f64>().ok()).unwrap_or(0.0);
    // Fields 14 and 15 of stat (utime, stime), counted after the ")".
    (ticks(11) + ticks(12)) / 100.0
}

fn main() {
    let scale: u32 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(1);
    let n_players = 1_000_000 / scale;
    let n_events = 100_000 / scale;
    let per_event = 20u32;
    let rounds = 10u32;
    let profile = Profile::builtin("cxa-2019").unwrap();
    let mut rng = Lcg(2025);
    let last = NaiveDate::from_ymd_opt(2024, 11, 1).unwrap();

    let t = Instant::now();
    let rows: Vec<ListRow> = (0..n_players)
        .map(|i| {
            let sex = if i % 5 == 0 { Sex::Female } else { Sex::Male };
            if i % 50 == 0 {
                // List ids start at 1, as an event's player ids must.
                return ListRow::new(PlayerId(i + 1), format!("P{i}"), sex);
            }
            let base = if sex == Sex::Male { 2300 } else { 2100 };
            let r = Decimal::from(base + (rng.next() % 400) as i64);
            let mut row = ListRow::rated(PlayerId(i + 1), format!("P{i}"), sex, r);
            row.rated_games = (rng.next() % 200) as u32;
            row.last_active = Some(last);
            row
        })
        .collect();
    let list = RatingList::new(rows).unwrap();
    let mut events = Vec::with_capacity(n_events as usize);
    for e in 0..n_events {
        let first = (e * per_event) % n_players;
        let ids: Vec<u32> = (0..per_event)
            .map(|j| (first + j) % n_players + 1)
            .collect();
        // The players as an office would write them: with the list's data
        // (the engine then uses the event as it is).
        let players = ids
            .iter()
            .map(|&i| {
                let row = list.get(PlayerId(i)).unwrap();
                let mut p = Player::new(row.id, row.name.clone(), row.sex, row.rating);
                p.rated_games = if row.is_rated() {
                    row.rated_games
                } else {
                    row.carried.games
                };
                p.rated_events = Some(row.rated_events);
                p.ever_reached = row.highest.max(row.rating);
                p
            })
            .collect();
        let mut games = Vec::with_capacity((rounds * per_event / 2) as usize);
        // Circle method: player 19 fixed, the others turn.
        let m = per_event - 1;
        for r in 0..rounds {
            let mut pairs = vec![(per_event - 1, r % m)];
            for i in 1..per_event / 2 {
                pairs.push(((r + i) % m, (r + m - i) % m));
            }
            for (a, b) in pairs {
                let result = match rng.next() % 3 {
                    0 => GameResult::WhiteWins,
                    1 => GameResult::Draw,
                    _ => GameResult::BlackWins,
                };
                games.push(Pairing::Game {
                    round: r + 1,
                    white: PlayerId(ids[a as usize]),
                    black: PlayerId(ids[b as usize]),
                    result,
                });
            }
        }
        let day = NaiveDate::from_ymd_opt(2025, 1 + e % 5, 1 + e % 28).unwrap();
        let ev = Event::new(
            format!("E{e}"),
            GameKind::Xiangqi,
            EventSystem::Swiss,
            Some(day),
            Some(day),
            players,
            games,
        )
        .unwrap();
        events.push(PeriodEvent::new(ev));
    }
    let games: usize = events.iter().map(|e| e.event.pairings().len()).sum();
    println!(
        "period bench: {} players, {} events, {} games (built in {:.2?}, resident {})",
        list.len(),
        events.len(),
        games,
        t.elapsed(),
        vm("VmRSS")
    );
    if std::env::var("RATE_ONLY").is_ok() {
        let (t, cpu) = (Instant::now(), cpu_seconds());
        for e in &events {
            std::hint::black_box(qiyuan_rating::rate(&e.event, &profile).unwrap());
        }
        println!(
            "rate() alone, one thread: {:.2?} wall, {:.2} s CPU",
            t.elapsed(),
            cpu_seconds() - cpu
        );
    }
    let cpu = cpu_seconds();
    let t = Instant::now();
    let report = compute_period(
        &profile,
        &list,
        &events,
        NaiveDate::from_ymd_opt(2025, 6, 1).unwrap(),
    )
    .unwrap();
    let took = t.elapsed();
    let rated = report.rows.iter().filter(|r| r.change.is_some()).count();
    println!(
        "compute_period: {took:.2?} wall, {:.2} s CPU on {} threads ({rated} players with a new rating)",
        cpu_seconds() - cpu,
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    println!("peak resident memory (VmHWM): {}", vm("VmHWM"));
}
