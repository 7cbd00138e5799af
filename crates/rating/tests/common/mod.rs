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
