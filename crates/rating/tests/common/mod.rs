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
        "1-0" => GameResult::Played(Outcome::WhiteWins),
        "0-1" => GameResult::Played(Outcome::BlackWins),
        "=" => GameResult::Played(Outcome::Draw),
        "+-" => GameResult::WhiteWinsByForfeit,
        "-+" => GameResult::BlackWinsByForfeit,
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
