//! A small builder of pairing inputs written round by round, for the
//! hand-worked tests.
#![allow(dead_code)]

use qiyuan_swiss::{Colour, Edition, PairingInput, Player, RoundEntry, RoundKind, Score};

/// One round of one player, written compactly.
#[derive(Clone, Copy)]
pub enum R {
    /// Played: opponent, colour ('w'/'b'), points in tenths.
    G(u32, char, Score),
    /// Forfeit: opponent, points in tenths.
    F(u32, Score),
    /// Pairing-allocated bye, points in tenths.
    Pab(Score),
    /// Absent (requested bye), points in tenths.
    Abs(Score),
}

fn entry(r: R) -> RoundEntry {
    match r {
        R::G(o, c, p) => RoundEntry {
            kind: RoundKind::Played,
            opponent: Some(o),
            colour: Some(if c == 'w' {
                Colour::White
            } else {
                Colour::Black
            }),
            points: p,
        },
        R::F(o, p) => RoundEntry {
            kind: RoundKind::Forfeit,
            opponent: Some(o),
            colour: None,
            points: p,
        },
        R::Pab(p) => RoundEntry {
            kind: RoundKind::PairingBye,
            opponent: None,
            colour: None,
            points: p,
        },
        R::Abs(p) => RoundEntry {
            kind: RoundKind::Absent,
            opponent: None,
            colour: None,
            points: p,
        },
    }
}

/// A player with TPN `tpn` and these earlier rounds; score = sum of points.
pub fn player(tpn: u32, rounds: &[R]) -> Player {
    let history: Vec<RoundEntry> = rounds.iter().map(|&r| entry(r)).collect();
    Player {
        tpn,
        score: history.iter().map(|e| e.points).sum(),
        acceleration: 0,
        past_acceleration: vec![],
        history,
        absent: false,
    }
}

/// The input for round `round` of `total` (1-0 scoring, White by lot).
pub fn input(players: Vec<Player>, round: u32, total: u32) -> PairingInput {
    PairingInput {
        players,
        round,
        total_rounds: total,
        edition: Edition::Fide2026,
        initial_colour: Colour::White,
        win_points: 10,
        loss_points: 0,
        forbidden: vec![],
    }
}

/// The boards as a sorted list of (white, black).
pub fn sorted(boards: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut b = boards.to_vec();
    b.sort();
    b
}
