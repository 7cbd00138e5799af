//! Small builders for hand-worked events.
#![allow(dead_code)]

use qiyuan_rating::model::*;
use rust_decimal::Decimal;

/// A player with a rating (or none) and rated games on the list.
pub fn player(id: u32, sex: Sex, rating: Option<i64>, rated_games: u32) -> Player {
    let mut p = Player::new(
        PlayerId(id),
        format!("P{id}"),
        sex,
        rating.map(Decimal::from),
    );
    p.rated_games = rated_games;
    p
}

/// A game: `1-0`, `0-1`, `=`, `+-`, `-+`, `--`.
pub fn game(round: u32, white: u32, black: u32, result: &str) -> Pairing {
    let result = match result {
        "1-0" => GameResult::WhiteWins,
        "0-1" => GameResult::BlackWins,
        "=" => GameResult::Draw,
        "+-" => GameResult::WhiteForfeitWin,
        "-+" => GameResult::BlackForfeitWin,
        "--" => GameResult::DoubleForfeit,
        other => panic!("bad result {other}"),
    };
    Pairing::Game {
        round,
        white: PlayerId(white),
        black: PlayerId(black),
        result,
    }
}

/// A bye.
pub fn bye(round: u32, player: u32, kind: ByeKind) -> Pairing {
    Pairing::Bye {
        round,
        player: PlayerId(player),
        kind,
    }
}

/// An event.
pub fn event(
    game: GameKind,
    system: EventSystem,
    players: Vec<Player>,
    pairings: Vec<Pairing>,
) -> Event {
    Event::new("test", game, system, None, None, players, pairings).unwrap()
}

/// A decimal from a string literal.
pub fn d(s: &str) -> Decimal {
    s.parse().unwrap()
}

/// A date.
pub fn day(y: i32, m: u32, d: u32) -> chrono::NaiveDate {
    chrono::NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

/// A rated, active list row with `games` rated games.
pub fn list_rated(id: u32, sex: Sex, rating: i64, games: u32) -> qiyuan_rating::period::ListRow {
    let mut r = qiyuan_rating::period::ListRow::rated(
        PlayerId(id),
        format!("P{id}"),
        sex,
        Decimal::from(rating),
    );
    r.rated_games = games;
    r.rated_events = 5;
    r
}

/// An event of one day whose players are the ids of its games (their data
/// comes from the list).
pub fn dated_event(
    name: &str,
    game_kind: GameKind,
    system: EventSystem,
    date: chrono::NaiveDate,
    pairings: Vec<Pairing>,
) -> Event {
    let mut ids: Vec<u32> = Vec::new();
    for g in &pairings {
        match g {
            Pairing::Game { white, black, .. } => ids.extend([white.0, black.0]),
            Pairing::Bye { player, .. } => ids.push(player.0),
        }
    }
    ids.sort_unstable();
    ids.dedup();
    let players = ids
        .iter()
        .map(|&i| Player::new(PlayerId(i), format!("P{i}"), Sex::Male, None))
        .collect();
    Event::new(
        name,
        game_kind,
        system,
        Some(date),
        Some(date),
        players,
        pairings,
    )
    .unwrap()
}

/// `n` rated men (2400 + id, 50 games, units U1, U2, … in turn over `units`),
/// every pair drawn once in a single round robin whose rounds are numbered
/// 1, 2, … (one game per round), with `details` (its first and last round
/// dates are the event's start and end).
pub fn drawn_round_robin(
    game_kind: GameKind,
    n: u32,
    units: u32,
    details: qiyuan_rating::model::EventDetails,
) -> Event {
    let players = (1..=n)
        .map(|i| {
            let mut p = player(i, Sex::Male, Some(2400 + i64::from(i)), 50);
            p.unit = Some(format!("U{}", (i - 1) % units.max(1) + 1));
            p
        })
        .collect();
    let mut games = Vec::new();
    let mut round = 0;
    for a in 1..=n {
        for b in a + 1..=n {
            round += 1;
            games.push(game(round, a, b, "="));
        }
    }
    let start = details.round_dates.first().map(|x| x.1);
    let end = details.round_dates.last().map(|x| x.1);
    Event::new(
        "t",
        game_kind,
        EventSystem::RoundRobin,
        start,
        end,
        players,
        games,
    )
    .unwrap()
    .with_details(details)
    .unwrap()
}

/// Dates for rounds 1.. from (day offset from `first`) per round.
pub fn round_dates(first: chrono::NaiveDate, offsets: &[u64]) -> Vec<(u32, chrono::NaiveDate)> {
    offsets
        .iter()
        .enumerate()
        .map(|(i, &o)| (i as u32 + 1, first + chrono::Days::new(o)))
        .collect()
}

/// An arbiter.
pub fn arbiter(name: &str, grade: ArbiterGrade) -> Arbiter {
    Arbiter {
        name: name.into(),
        grade,
    }
}

/// The check of `article` whose condition contains `what`.
pub fn condition<'a>(
    checks: &'a [qiyuan_rating::conditions::ConditionCheck],
    article: &str,
    what: &str,
) -> &'a qiyuan_rating::conditions::ConditionCheck {
    checks
        .iter()
        .find(|c| c.article == article && c.condition.contains(what))
        .unwrap_or_else(|| panic!("no check {article} {what} in {checks:#?}"))
}
