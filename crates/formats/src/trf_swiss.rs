//! From TRF records to the Swiss pairing engine's input, and pairings back.
//!
//! Reads the records a pairing engine needs (`001` players with their round
//! blocks, `XXR`/`142` total rounds, `XXC`/`152` initial colour, `XXA`
//! acceleration, `XXP` forbidden pairs, `BB?` point values) in the
//! JaVaFo/bbpPairings conventions (their manuals' TRF extensions), and cuts a
//! complete tournament into one pairing case per round (as
//! `testdata/README.md` describes).
//!
//! The file is first validated by the record-level reader
//! ([`crate::trf::parse_trf`]); the pairing-relevant columns are then read
//! here. Nothing panics on bad input: errors name the line and field.

use std::collections::HashMap;

use qiyuan_swiss::{Colour, Edition, Pairing, PairingInput, Player, RoundEntry, RoundKind, Score};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use thiserror::Error;

use crate::trf::{BbKind, InitialColour, Record, ResultCode, RoundColour};

/// A TRF that cannot be turned into a pairing input.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TrfSwissError {
    /// The file has no `001` player record.
    #[error("no player (001) record")]
    NoPlayers,
    /// The file is not a valid TRF (the record-level reader's diagnosis).
    #[error(transparent)]
    Trf(#[from] crate::trf::TrfError),
}

/// One pairing case cut from a complete tournament.
#[derive(Debug, Clone, PartialEq)]
pub struct SwissCase {
    /// The round to pair.
    pub round: u32,
    /// The engine input (rounds before `round`, absences of `round`).
    pub input: PairingInput,
    /// What was played: `(white, black)` pairs sorted, and the PAB; `None`
    /// when the round was never played (no valid pairing expected).
    pub expected: Option<Pairing>,
}

#[derive(Debug, Clone, Copy)]
struct Block {
    opponent: u32,
    colour: char,
    result: char,
}

#[derive(Debug, Clone)]
struct RawPlayer {
    tpn: u32,
    blocks: Vec<Block>,
}

/// Point values, in tenths.
#[derive(Debug, Clone, Copy)]
struct Points {
    win: Score,
    draw: Score,
    loss: Score,
    zero_bye: Score,
    forfeit_loss: Score,
    pab: Score,
}

#[derive(Debug, Clone)]
struct RawTrf {
    players: Vec<RawPlayer>,
    total_rounds: Option<u32>,
    initial: Option<Colour>,
    accel: HashMap<u32, Vec<Score>>,
    forbidden: Vec<(u32, u32)>,
    points: Points,
}

/// A point value in tenths (TRF point values have at most one decimal that
/// matters here; further digits are dropped).
fn tenths(d: Decimal) -> Score {
    (d * Decimal::TEN).trunc().to_i32().unwrap_or(Score::MAX)
}

/// The engine's view of a TRF, read from the record-level reader's
/// [`TrfFile`](crate::trf::TrfFile): round blocks up to the first blank one,
/// XXR/142, XXC/152, XXA, XXP/260 and the BB? point values.
fn parse(text: &str) -> Result<RawTrf, TrfSwissError> {
    let file = crate::trf::parse_trf(text)?;
    let players: Vec<RawPlayer> = file
        .players()
        .map(|p| RawPlayer {
            tpn: u32::from(p.start_number),
            blocks: p
                .rounds
                .iter()
                .take_while(|e| {
                    e.opponent.is_some()
                        || e.colour != RoundColour::Blank
                        || e.result != ResultCode::Blank
                })
                .map(|e| Block {
                    opponent: e.opponent.map_or(0, u32::from),
                    colour: e.colour.to_char(),
                    result: e.result.to_char(),
                })
                .collect(),
        })
        .collect();
    if players.is_empty() {
        return Err(TrfSwissError::NoPlayers);
    }
    let mut points = Points {
        win: 10,
        draw: 5,
        loss: 0,
        zero_bye: 0,
        forfeit_loss: 0,
        pab: 10,
    };
    let mut pab = None;
    for r in &file.records {
        if let Record::BbPoints { kind, points: v } = r {
            let v = tenths(*v);
            match kind {
                BbKind::Win => points.win = v,
                BbKind::Draw => points.draw = v,
                BbKind::Loss => points.loss = v,
                BbKind::ZeroPointBye => points.zero_bye = v,
                BbKind::ForfeitLoss => points.forfeit_loss = v,
                BbKind::PairingAllocatedBye => pab = Some(v),
            }
        }
    }
    points.pab = pab.unwrap_or(points.win);
    let forbidden = file
        .forbidden_pairs()
        .iter()
        .flat_map(|f| {
            f.players.iter().enumerate().flat_map(|(i, &a)| {
                f.players[i + 1..]
                    .iter()
                    .map(move |&b| (u32::from(a), u32::from(b)))
            })
        })
        .collect();
    Ok(RawTrf {
        players,
        total_rounds: file.total_rounds().map(u32::from),
        initial: file.initial_colour().map(|c| match c {
            InitialColour::White => Colour::White,
            InitialColour::Black => Colour::Black,
        }),
        accel: file
            .accelerations()
            .map(|a| {
                (
                    u32::from(a.player),
                    a.points.iter().map(|&d| tenths(d)).collect(),
                )
            })
            .collect(),
        forbidden,
        points,
    })
}

/// The history entry of one round block.
fn entry(b: Block, p: Points) -> RoundEntry {
    let colour = match b.colour {
        'w' | 'W' => Some(Colour::White),
        'b' | 'B' => Some(Colour::Black),
        _ => None,
    };
    let r = b.result.to_ascii_uppercase();
    if b.opponent == 0 {
        let (kind, points) = match r {
            'U' => (RoundKind::PairingBye, p.pab),
            'F' | '+' => (RoundKind::Absent, p.win),
            'H' | '=' => (RoundKind::Absent, p.draw),
            _ => (RoundKind::Absent, p.zero_bye),
        };
        return RoundEntry {
            kind,
            opponent: None,
            colour: None,
            points,
        };
    }
    let (kind, points) = match r {
        '1' | 'W' => (RoundKind::Played, p.win),
        '=' | 'D' => (RoundKind::Played, p.draw),
        '0' | 'L' => (RoundKind::Played, p.loss),
        '+' => (RoundKind::Forfeit, p.win),
        '-' => (RoundKind::Forfeit, p.forfeit_loss),
        // A pairing without a result yet: the game was paired.
        _ => (RoundKind::Played, 0),
    };
    RoundEntry {
        kind,
        opponent: Some(b.opponent),
        colour,
        points,
    }
}

/// `true` for a block that marks an absence known before pairing
/// (`0000` with `H`, `Z` or `F`).
fn is_absence(b: &Block) -> bool {
    b.opponent == 0 && matches!(b.result.to_ascii_uppercase(), 'H' | 'Z' | 'F')
}

/// `true` for a block produced by a pairing (a game or the PAB).
fn is_paired(b: &Block) -> bool {
    b.opponent != 0 || b.result.eq_ignore_ascii_case(&'U')
}

fn build_input(t: &RawTrf, round: u32, edition: Edition, initial: Colour) -> PairingInput {
    let r = round as usize;
    let players = t
        .players
        .iter()
        .map(|rp| {
            let history: Vec<RoundEntry> = (0..r - 1)
                .map(|k| {
                    rp.blocks
                        .get(k)
                        .map(|&b| entry(b, t.points))
                        .unwrap_or(RoundEntry {
                            kind: RoundKind::Absent,
                            opponent: None,
                            colour: None,
                            points: 0,
                        })
                })
                .collect();
            let absent = rp.blocks.get(r - 1).is_some_and(is_absence);
            let accel = t.accel.get(&rp.tpn);
            Player {
                tpn: rp.tpn,
                score: history.iter().map(|e| e.points).sum(),
                acceleration: accel.and_then(|v| v.get(r - 1)).copied().unwrap_or(0),
                past_acceleration: accel
                    .map(|v| v.iter().take(r - 1).copied().collect())
                    .unwrap_or_default(),
                history,
                absent,
            }
        })
        .collect();
    PairingInput {
        players,
        round,
        total_rounds: t.total_rounds.unwrap_or(round).max(round),
        edition,
        initial_colour: initial,
        win_points: t.points.win,
        loss_points: t.points.loss,
        forbidden: t.forbidden.clone(),
    }
}

/// The initial colour: `XXC`/`152`, else the round-1 colour of the lowest TPN.
fn initial_colour(t: &RawTrf) -> Colour {
    t.initial.unwrap_or_else(|| {
        let first = t.players.iter().min_by_key(|p| p.tpn);
        match first.and_then(|p| p.blocks.first()).map(|b| b.colour) {
            Some('b' | 'B') => Colour::Black,
            _ => Colour::White,
        }
    })
}

/// Reads a TRF holding the rounds played so far and builds the input for the
/// next round (JaVaFo/bbpPairings convention: the round to pair is the one
/// after the last round with a pairing; its column may hold absences
/// `0000 - H/Z/F`).
///
/// ```
/// use qiyuan_formats::trf_swiss::input_for_next_round;
/// use qiyuan_swiss::Edition;
/// let trf = "XXR 3\nXXC white1\n\
/// 001    1      A                                 2000                             1.0    1     2 w 1\n\
/// 001    2      B                                 1900                             0.0    2     1 b 0\n";
/// let input = input_for_next_round(trf, Edition::Fide2026).unwrap();
/// assert_eq!(input.round, 2);
/// assert_eq!(input.players[0].score, 10);
/// ```
pub fn input_for_next_round(text: &str, edition: Edition) -> Result<PairingInput, TrfSwissError> {
    let t = parse(text)?;
    let played = t
        .players
        .iter()
        .filter_map(|p| p.blocks.iter().rposition(is_paired).map(|i| i + 1))
        .max()
        .unwrap_or(0);
    let initial = initial_colour(&t);
    Ok(build_input(&t, played as u32 + 1, edition, initial))
}

/// Cuts a complete tournament into one case per round, as
/// `testdata/README.md` describes; when `142`/`XXR` announces more rounds
/// than were played, one more case follows whose expected pairing is `None`.
pub fn cut_cases(text: &str, edition: Edition) -> Result<Vec<SwissCase>, TrfSwissError> {
    let t = parse(text)?;
    let columns = t.players.iter().map(|p| p.blocks.len()).max().unwrap_or(0);
    let initial = initial_colour(&t);
    let mut last = columns;
    if t.total_rounds.is_some_and(|n| n as usize > columns) {
        last = columns + 1;
    }
    let mut out = Vec::new();
    for r in 1..=last {
        let mut t2 = t.clone();
        if t2.total_rounds.is_none() {
            t2.total_rounds = Some(columns as u32);
        }
        let input = build_input(&t2, r as u32, edition, initial);
        let expected = (r <= columns).then(|| {
            let mut boards = Vec::new();
            let mut bye = None;
            for p in &t.players {
                if let Some(b) = p.blocks.get(r - 1) {
                    if b.opponent != 0 && b.colour.eq_ignore_ascii_case(&'w') {
                        boards.push((p.tpn, b.opponent));
                    } else if b.opponent == 0 && b.result.eq_ignore_ascii_case(&'U') {
                        bye = Some(p.tpn);
                    }
                }
            }
            boards.sort();
            Pairing { boards, bye }
        });
        out.push(SwissCase {
            round: r as u32,
            input,
            expected,
        });
    }
    Ok(out)
}

/// Writes a pairing in the JaVaFo/bbpPairings output format: the number of
/// pairs (the PAB counts as one), then `white black` per board, a PAB as
/// `id 0`.
pub fn write_pairing(p: &Pairing) -> String {
    let mut s = format!("{}\n", p.boards.len() + usize::from(p.bye.is_some()));
    for (w, b) in &p.boards {
        s.push_str(&format!("{w} {b}\n"));
    }
    if let Some(b) = p.bye {
        s.push_str(&format!("{b} 0\n"));
    }
    s
}
