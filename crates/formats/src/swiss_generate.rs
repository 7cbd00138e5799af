//! A generated tournament ([`qiyuan_swiss::generator`]) written as a TRF
//! (the JaVaFo/bbpPairings `-g` output).
//!
//! ```
//! use qiyuan_formats::swiss_generate::generated_to_trf;
//! use qiyuan_swiss::generator::{GeneratorConfig, generate};
//! let t = generate(&GeneratorConfig { players: 6, rounds: 3, ..Default::default() }, 1).unwrap();
//! let trf = generated_to_trf(&t);
//! assert_eq!(trf.players().count(), 6);
//! assert_eq!(trf.total_rounds(), Some(3));
//! ```

use qiyuan_swiss::generator::GeneratedTournament;
use qiyuan_swiss::{Colour, RoundKind};

use crate::trf::{
    PlayerRecord, Record, ResultCode, RoundColour, RoundEntry, TextCode, TrfFile, XxaRecord,
};

/// Builds the TRF records of a generated tournament: `012` name, `142`
/// rounds, `152` initial colour, one `001` per player (points, rank by
/// points then pairing number, one block per round: games `1 = 0`,
/// forfeits `+ -`, the PAB `U`, half-point byes `H`, absences `Z`), an
/// `XXA` record per accelerated player (Baku virtual points of every round
/// played) and an `XXP` record per forbidden pair.
/// Write it with [`TrfFile::write_trf2026`].
pub fn generated_to_trf(t: &GeneratedTournament) -> TrfFile {
    let mut records = vec![
        Record::Text {
            code: TextCode::TournamentName,
            text: "qiyuan random tournament".into(),
        },
        Record::NumberOfRounds(t.total_rounds as u16),
        Record::InitialColour(t.initial_colour),
    ];
    let scores: Vec<i32> = t
        .players
        .iter()
        .map(|p| p.history.iter().map(|e| e.points).sum())
        .collect();
    let mut order: Vec<usize> = (0..t.players.len()).collect();
    order.sort_by_key(|&i| (-scores[i], t.players[i].tpn));
    let mut rank = vec![0u16; t.players.len()];
    for (r, &i) in order.iter().enumerate() {
        rank[i] = r as u16 + 1;
    }
    for (i, p) in t.players.iter().enumerate() {
        let mut rec = PlayerRecord::new(p.tpn as u16, format!("Player {:04}", p.tpn));
        rec.rating = Some(p.rating);
        rec.points = Some(qiyuan_swiss::points_of(scores[i]));
        rec.rank = Some(rank[i]);
        rec.rounds = p
            .history
            .iter()
            .map(|e| {
                let colour = match e.colour {
                    Some(Colour::White) => RoundColour::White,
                    Some(Colour::Black) => RoundColour::Black,
                    None => RoundColour::NoColour,
                };
                let result = match (e.kind, e.points) {
                    (RoundKind::Played, 10) => ResultCode::Win,
                    (RoundKind::Played, 5) => ResultCode::Draw,
                    (RoundKind::Played, _) => ResultCode::Loss,
                    (RoundKind::Forfeit, 10) => ResultCode::ForfeitWin,
                    (RoundKind::Forfeit, _) => ResultCode::ForfeitLoss,
                    (RoundKind::PairingBye, _) => ResultCode::PairingAllocatedBye,
                    (RoundKind::Absent, 5) => ResultCode::HalfPointBye,
                    (RoundKind::Absent, _) => ResultCode::ZeroPointBye,
                };
                RoundEntry {
                    opponent: e.opponent.map(|o| o as u16),
                    colour,
                    result,
                }
            })
            .collect();
        records.push(Record::Player(rec));
    }
    if t.accelerated {
        for p in &t.players {
            if p.acceleration.iter().any(|&a| a != 0) {
                records.push(Record::Xxa(XxaRecord {
                    player: p.tpn as u16,
                    points: p
                        .acceleration
                        .iter()
                        .map(|&a| qiyuan_swiss::points_of(a))
                        .collect(),
                }));
            }
        }
    }
    for &(a, b) in &t.forbidden {
        records.push(Record::Xxp(vec![a as u16, b as u16]));
    }
    TrfFile { records }
}
