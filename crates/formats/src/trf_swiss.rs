//! From TRF records to the Swiss pairing engine's input, and pairings back.
//!
//! Reads the records a pairing engine needs (`001` players with their round
//! blocks, `XXR`/`142` total rounds, `XXC`/`152` initial colour, `XXA`
//! acceleration, `XXP` forbidden pairs, `BB?` point values) in the
//! JaVaFo/bbpPairings conventions (see `spec/notes/trf.md` §4–5), and cuts a
//! complete tournament into one pairing case per round (as
//! `shared/data/README.md` describes).
//!
//! The file is first validated by the record-level reader
//! ([`crate::trf::parse_trf`]); the pairing-relevant columns are then read
//! here. Nothing panics on bad input: errors name the line and field.

use std::collections::HashMap;

use qiyuan_swiss::{Colour, Edition, Pairing, PairingInput, Player, RoundEntry, RoundKind, Score};
use thiserror::Error;

/// A TRF that cannot be turned into a pairing input.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TrfSwissError {
    /// A record is malformed.
    #[error("line {line}: {field}: {message}")]
    Field {
        /// 1-based line number.
        line: usize,
        /// The field (record code and column) at fault.
        field: String,
        /// What is wrong.
        message: String,
    },
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

fn err(line: usize, field: &str, message: impl Into<String>) -> TrfSwissError {
    TrfSwissError::Field {
        line,
        field: field.into(),
        message: message.into(),
    }
}

/// Parses a decimal point value such as `1.0` or `0.5` into tenths.
fn tenths(s: &str, line: usize, field: &str) -> Result<Score, TrfSwissError> {
    let s = s.trim();
    let (int, frac) = s.split_once('.').unwrap_or((s, "0"));
    let i: Score = int
        .parse()
        .map_err(|_| err(line, field, format!("`{s}` is not a number")))?;
    let f: Score = match frac.chars().next() {
        None => 0,
        Some(c) => c
            .to_digit(10)
            .ok_or_else(|| err(line, field, format!("`{s}` is not a number")))?
            as Score,
    };
    Ok(i * 10 + if s.starts_with('-') { -f } else { f })
}

fn parse(text: &str) -> Result<RawTrf, TrfSwissError> {
    // The record-level reader validates every record and reference first.
    crate::trf::parse_trf(text)?;
    let mut t = RawTrf {
        players: Vec::new(),
        total_rounds: None,
        initial: None,
        accel: HashMap::new(),
        forbidden: Vec::new(),
        points: Points {
            win: 10,
            draw: 5,
            loss: 0,
            zero_bye: 0,
            forfeit_loss: 0,
            pab: 10,
        },
    };
    let mut pab_set = false;
    for (n, raw) in text.split(['\n', '\r']).enumerate() {
        let line = n + 1;
        let code = raw.get(..3).unwrap_or("");
        let rest = raw.get(3..).unwrap_or("").trim();
        match code {
            "001" => {
                let tpn: u32 = raw
                    .get(4..8)
                    .and_then(|s| s.trim().parse().ok())
                    .ok_or_else(|| err(line, "001 cols 5-8 (starting rank)", "not a number"))?;
                let mut blocks = Vec::new();
                let mut pos = 91;
                while pos < raw.len() {
                    let blk = raw.get(pos..(pos + 8).min(raw.len())).unwrap_or("");
                    if blk.trim().is_empty() {
                        break;
                    }
                    let round = blocks.len() + 1;
                    let field = format!("001 round {round} (col {})", pos + 1);
                    let opp = blk.get(0..4).unwrap_or("").trim();
                    let opponent: u32 = if opp.is_empty() {
                        0
                    } else {
                        opp.parse()
                            .map_err(|_| err(line, &field, format!("opponent `{opp}`")))?
                    };
                    let ch = |i: usize| blk.chars().nth(i).unwrap_or(' ');
                    blocks.push(Block {
                        opponent,
                        colour: ch(5),
                        result: ch(7),
                    });
                    pos += 10;
                }
                t.players.push(RawPlayer { tpn, blocks });
            }
            "XXR" | "142" => {
                let v = rest.split_whitespace().next().unwrap_or("");
                t.total_rounds = Some(
                    v.parse()
                        .map_err(|_| err(line, code, format!("`{v}` is not a round count")))?,
                );
            }
            "XXC" => {
                for tok in rest.split_whitespace() {
                    match tok {
                        "white1" => t.initial = Some(Colour::White),
                        "black1" => t.initial = Some(Colour::Black),
                        _ => {}
                    }
                }
            }
            "152" => match rest.chars().next() {
                Some('W' | 'w') => t.initial = Some(Colour::White),
                Some('B' | 'b') => t.initial = Some(Colour::Black),
                _ => return Err(err(line, "152", "expected W or B")),
            },
            "XXA" => {
                let mut it = rest.split_whitespace();
                let id: u32 = it
                    .next()
                    .and_then(|s| s.parse().ok())
                    .ok_or_else(|| err(line, "XXA player", "not a number"))?;
                let vals = it
                    .map(|v| tenths(v, line, "XXA points"))
                    .collect::<Result<Vec<_>, _>>()?;
                t.accel.insert(id, vals);
            }
            "XXP" | "260" => {
                let ids = rest
                    .split_whitespace()
                    .map(|s| {
                        s.parse::<u32>()
                            .map_err(|_| err(line, code, format!("`{s}` is not a player id")))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                for (i, &a) in ids.iter().enumerate() {
                    for &b in &ids[i + 1..] {
                        t.forbidden.push((a, b));
                    }
                }
            }
            "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                let v = tenths(rest, line, code)?;
                match code {
                    "BBW" => t.points.win = v,
                    "BBD" => t.points.draw = v,
                    "BBL" => t.points.loss = v,
                    "BBZ" => t.points.zero_bye = v,
                    "BBF" => t.points.forfeit_loss = v,
                    _ => {
                        t.points.pab = v;
                        pab_set = true;
                    }
                }
            }
            _ => {}
        }
    }
    if !pab_set {
        t.points.pab = t.points.win;
    }
    if t.players.is_empty() {
        return Err(TrfSwissError::NoPlayers);
    }
    Ok(t)
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
/// `shared/data/README.md` describes; when `142`/`XXR` announces more rounds
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
