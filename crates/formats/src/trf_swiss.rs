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
//!
//! # Scores: the results, checked against the points column
//!
//! The score a player is paired on is always the sum of his results before
//! the round being paired, under the file's point system
//! ([`TrfFile::point_system`](crate::trf::TrfFile::point_system): 1, ½, 0 by
//! default, byes and forfeits by their TRF codes, `BBW`…`BBU` and TRF-2026
//! `162` values when present). The points a `001` record declares
//! (columns 81–84) are never used for pairing.
//!
//! They are checked, though, when the next round is paired
//! ([`next_round_input`], [`input_for_next_round`]): a points column that
//! disagrees with the results means that the file is wrong somewhere (a
//! result mistyped, a bye forgotten, a round not entered), and pairing on
//! either figure silently could give the wrong pairing. By default that is
//! an error, [`TrfSwissError::PointsMismatch`], naming every player concerned
//! with his line, start rank, name, the declared and the computed points
//! (bbpPairings also refuses such a file). With
//! [`NextRoundOptions::use_computed_points`] each disagreement is returned as
//! a warning instead ([`NextRound::warnings`]) and the computed points are
//! used.
//!
//! The computed points count the rounds before the round being paired; a
//! game paired but without a result yet counts nothing. In the round being
//! paired only the absences known in advance (`0000 - H`, `F`, `Z`) can
//! count: the TRF convention is that the points column includes them, but
//! a points column that leaves them out is accepted too. Not checked: a
//! file with an `XXS` record (JaVaFo's point system, whose colour-dependent
//! values the engine does not apply) and players named in a TRF-2026 `299`
//! record (abnormal points: the column is not a plain sum), as in
//! [`TrfFile::check`](crate::trf::TrfFile::check). A record with a blank
//! points column is not checked either.

use std::collections::HashMap;

use qiyuan_rating::Lang;
use qiyuan_swiss::{
    Colour, Edition, Pairing, PairingInput, Player, RoundEntry, RoundKind, Score, points_of,
    score_of,
};
use rust_decimal::Decimal;
use thiserror::Error;

use crate::trf::{Record, ResultCode, RoundColour};

/// A TRF that cannot be turned into a pairing input.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TrfSwissError {
    /// The file has no `001` player record.
    #[error("no player (001) record")]
    NoPlayers,
    /// The file is not a valid TRF (the record-level reader's diagnosis).
    #[error(transparent)]
    Trf(#[from] crate::trf::TrfError),
    /// Points columns (81–84) that disagree with the results, one entry per
    /// player concerned, in file order (see the [module
    /// documentation](self)).
    #[error("{}", points_mismatch_text(.0))]
    PointsMismatch(Vec<PointsMismatch>),
}

impl TrfSwissError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        match (lang, self) {
            (Lang::En, _) => self.to_string(),
            (Lang::Zh, TrfSwissError::NoPlayers) => "没有棋手记录（001）".to_string(),
            (Lang::Zh, TrfSwissError::Trf(e)) => e.text(lang),
            (Lang::Zh, TrfSwissError::PointsMismatch(v)) => {
                let lines: Vec<String> = v.iter().map(|m| m.text(lang)).collect();
                format!(
                    "积分列（第 81-84 列）与各轮结果不符：{}；请改正文件中的积分或结果，或按结果得出的积分编排",
                    lines.join("；")
                )
            }
        }
    }
}

fn points_mismatch_text(v: &[PointsMismatch]) -> String {
    let lines: Vec<String> = v.iter().map(ToString::to_string).collect();
    format!(
        "the points column (columns 81-84) disagrees with the results: {}; correct the points or the results in the file, or pair on the points the results give",
        lines.join("; ")
    )
}

/// A `001` record whose points column disagrees with its results.
///
/// ```
/// use qiyuan_formats::trf_swiss::PointsMismatch;
/// use rust_decimal::Decimal;
/// let m = PointsMismatch {
///     line: 4, start_rank: 2, name: "Li, Si".into(), round: 3,
///     declared: Decimal::new(30, 1), computed: Decimal::new(25, 1),
/// };
/// assert_eq!(m.to_string(), "line 4: player 2 (Li, Si) declares 3.0 points but his results before round 3 give 2.5");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PointsMismatch {
    /// The line of the `001` record, from 1.
    pub line: usize,
    /// The player's starting rank (cols 5–8).
    pub start_rank: u32,
    /// The player's name (cols 15–47), as written.
    pub name: String,
    /// The round being paired: the results counted are those of the rounds
    /// before it (and its known absences).
    pub round: u32,
    /// The points column.
    pub declared: Decimal,
    /// The points the results give under the file's point system (with the
    /// round being paired's known absences).
    pub computed: Decimal,
}

impl std::fmt::Display for PointsMismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {}: player {} ({}) declares {} points but his results before round {} give {}",
            self.line, self.start_rank, self.name, self.declared, self.round, self.computed
        )
    }
}

impl PointsMismatch {
    /// The mismatch in `lang`: [`Lang::En`] is the `Display` text.
    ///
    /// ```
    /// use qiyuan_formats::trf_swiss::PointsMismatch;
    /// use qiyuan_rating::Lang;
    /// use rust_decimal::Decimal;
    /// let m = PointsMismatch {
    ///     line: 4, start_rank: 2, name: "Li, Si".into(), round: 3,
    ///     declared: Decimal::new(30, 1), computed: Decimal::new(25, 1),
    /// };
    /// assert_eq!(m.text(Lang::En), m.to_string());
    /// assert_eq!(m.text(Lang::Zh), "第 4 行：棋手 2（Li, Si）的积分为 3.0，而其第 3 轮之前的结果得 2.5 分");
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => format!(
                "第 {} 行：棋手 {}（{}）的积分为 {}，而其第 {} 轮之前的结果得 {} 分",
                self.line, self.start_rank, self.name, self.declared, self.round, self.computed
            ),
        }
    }
}

/// How [`next_round_input`] treats the file.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NextRoundOptions {
    /// `false` (the default): a points column that disagrees with the
    /// results is an error, [`TrfSwissError::PointsMismatch`]. `true`: it is
    /// a warning ([`NextRound::warnings`]) and the points the results give
    /// are used (the CLI's `--use-computed-points`).
    pub use_computed_points: bool,
}

/// The input for the next round, with what was let through.
#[derive(Debug, Clone, PartialEq)]
pub struct NextRound {
    /// The engine input.
    pub input: PairingInput,
    /// The points columns that disagree with the results (only with
    /// [`NextRoundOptions::use_computed_points`]; otherwise they are an
    /// error).
    pub warnings: Vec<PointsMismatch>,
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
    /// The line of the `001` record.
    line: usize,
    name: String,
    /// The points column, when it is to be checked (present, no `XXS`, not
    /// in a `299`).
    declared: Option<Decimal>,
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

/// The engine's view of a TRF, read from the record-level reader's
/// [`TrfFile`](crate::trf::TrfFile): round blocks up to the first blank one,
/// XXR/142, XXC/152, XXA, XXP/260 and the BB? point values.
fn parse(text: &str) -> Result<RawTrf, TrfSwissError> {
    let file = crate::trf::parse_trf(text)?;
    let has_xxs = file.records.iter().any(|r| matches!(r, Record::Xxs(_)));
    let abnormal: Vec<u16> = file
        .records
        .iter()
        .filter_map(|r| match r {
            Record::AbnormalPoints(a) => Some(a.players.iter().copied()),
            _ => None,
        })
        .flatten()
        .collect();
    let players: Vec<RawPlayer> = file
        .records
        .iter()
        .enumerate()
        .filter_map(|(i, r)| match r {
            Record::Player(p) => Some((i + 1, p)),
            _ => None,
        })
        .map(|(line, p)| RawPlayer {
            tpn: u32::from(p.start_number),
            line,
            name: p.name.clone(),
            declared: p
                .points
                .filter(|_| !has_xxs && !abnormal.contains(&p.start_number)),
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
    // The file's point system (standard, BB?, 162), as TrfFile::check uses it.
    let ps = file.point_system();
    let points = Points {
        win: score_of(ps.win),
        draw: score_of(ps.draw),
        loss: score_of(ps.loss),
        zero_bye: score_of(ps.zero_point_bye),
        forfeit_loss: score_of(ps.forfeit_loss),
        pab: score_of(ps.pairing_allocated_bye),
    };
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
        initial: file.initial_colour(),
        accel: file
            .accelerations()
            .map(|a| {
                (
                    u32::from(a.player),
                    a.points.iter().map(|&d| score_of(d)).collect(),
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
    next_round_input(text, edition, &NextRoundOptions::default()).map(|n| n.input)
}

/// As [`input_for_next_round`], with the points check of `options` (see the
/// [module documentation](self)).
///
/// ```
/// use qiyuan_formats::trf_swiss::{next_round_input, NextRoundOptions, TrfSwissError};
/// use qiyuan_swiss::Edition;
/// // B lost round 1 but declares 1.0.
/// let trf = "XXR 3\nXXC white1\n\
/// 001    1      A                                 2000                             1.0    1     2 w 1\n\
/// 001    2      B                                 1900                             1.0    2     1 b 0\n";
/// let strict = next_round_input(trf, Edition::Fide2026, &NextRoundOptions::default());
/// let Err(TrfSwissError::PointsMismatch(m)) = strict else { panic!("{strict:?}") };
/// assert_eq!((m[0].line, m[0].start_rank, m[0].name.as_str()), (4, 2, "B"));
/// let lenient = NextRoundOptions { use_computed_points: true };
/// let next = next_round_input(trf, Edition::Fide2026, &lenient).unwrap();
/// assert_eq!(next.warnings, m);
/// assert_eq!(next.input.players[1].score, 0); // the loss, not the column
/// ```
pub fn next_round_input(
    text: &str,
    edition: Edition,
    options: &NextRoundOptions,
) -> Result<NextRound, TrfSwissError> {
    let t = parse(text)?;
    let played = t
        .players
        .iter()
        .filter_map(|p| p.blocks.iter().rposition(is_paired).map(|i| i + 1))
        .max()
        .unwrap_or(0);
    let round = played as u32 + 1;
    let initial = initial_colour(&t);
    let input = build_input(&t, round, edition, initial);
    let warnings = points_mismatches(&t, &input);
    if !warnings.is_empty() && !options.use_computed_points {
        return Err(TrfSwissError::PointsMismatch(warnings));
    }
    Ok(NextRound { input, warnings })
}

/// The players whose points column is neither their score before
/// `input.round` nor that score with the round's known absence.
fn points_mismatches(t: &RawTrf, input: &PairingInput) -> Vec<PointsMismatch> {
    let r = input.round as usize;
    t.players
        .iter()
        .zip(&input.players)
        .filter_map(|(rp, p)| {
            let declared = rp.declared?;
            let before = points_of(p.score);
            let absence = rp
                .blocks
                .get(r - 1)
                .filter(|b| is_absence(b))
                .map_or(0, |&b| entry(b, t.points).points);
            let with_absence = points_of(p.score + absence);
            (declared != before && declared != with_absence).then(|| PointsMismatch {
                line: rp.line,
                start_rank: rp.tpn,
                name: rp.name.clone(),
                round: input.round,
                declared,
                computed: with_absence,
            })
        })
        .collect()
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
