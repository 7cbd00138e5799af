//! Between TRF records and the tournament model.
//!
//! [`event_from_trf`] turns a read [`TrfFile`] into a
//! [`qiyuan_tournament::Event`] (players, games, byes, forfeits) with the
//! file's point system; [`trf_from_event`] writes an event back as TRF
//! player records (with points and, when given, ranks).
//!
//! ```
//! use qiyuan_formats::trf::parse_trf;
//! use qiyuan_formats::trf_model::event_from_trf;
//! use qiyuan_tournament::model::{PlayerId, Outcome, GameScore, Colour};
//! let text = "012 Test\n\
//! 001    1      A                                 2100                             1.0    1     2 w 1\n\
//! 001    2      B                                 2000                             0.0    2     1 b 0\n";
//! let t = event_from_trf(&parse_trf(text)?, None)?;
//! assert_eq!(t.played_rounds, 1);
//! assert_eq!(
//!     t.event.outcome(PlayerId(2), 1)?,
//!     Outcome::Played { opponent: PlayerId(1), colour: Colour::Black, score: GameScore::Loss }
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Titles
//!
//! The `001` title field holds three columns and, by TRF16/TRF26, only the
//! FIDE codes `GM IM WGM FM WIM CM WFM WCM`. [`trf_from_event`] writes
//! there the FIDE code of a player's title
//! ([`qiyuan_tournament::title::fide_code`]: the code itself in any case,
//! or its Chinese name, 国际特级大师 → `GM`, 女子国际大师 → `WIM` …) and
//! leaves the field blank for a title without a FIDE equivalent: the
//! Chinese national titles (象棋特级大师, 大师, 候补大师 …, which are not
//! FIDE titles however they rank) and the amateur grades (一级棋士 …). Any
//! title that is not written as the FIDE code itself (in any case) is also
//! kept whole in a
//! `QYT` record ([`crate::trf::Record::Title`]), this project's extension,
//! which other programs skip as an unknown record; [`event_from_trf`]
//! reads the title back from it ([`TrfFile::player_title`]). So exporting
//! never fails on a title, and a file written then read gives every player
//! the title he had.
//!
//! ```
//! use qiyuan_formats::trf_model::trf_from_event;
//! use qiyuan_tournament::model::{Event, EventKind, Player};
//! use qiyuan_tournament::scoring::ScoringSystem;
//! let mut event = Event::new(EventKind::Swiss, 5);
//! for (id, name, title) in [(1, "Wang", "国际特级大师"), (2, "Li", "候补大师"), (3, "Zhao", "WIM")] {
//!     let mut p = Player::new(id, name);
//!     p.title = Some(title.into());
//!     event.add_player(p)?;
//! }
//! let text = trf_from_event("Open", &event, &ScoringSystem::default(), None).write_trf2026()?;
//! let lines: Vec<&str> = text.lines().collect();
//! assert_eq!(&lines[1][10..13], " GM");
//! assert_eq!(&lines[2][10..13], "   ");
//! assert_eq!(&lines[3][10..13], "WIM");
//! assert_eq!(&lines[4..], ["QYT    1 国际特级大师", "QYT    2 候补大师"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use qiyuan_rating::Lang;
use qiyuan_tournament::model::{
    ByeKind, Colour, Event, EventKind, Game, GameResult, ModelError, Outcome, Player, PlayerId,
};
use qiyuan_tournament::scoring::ScoringSystem;
use qiyuan_tournament::standings::Standings;
use rust_decimal::Decimal;

use crate::trf::{
    PlayerRecord, Record, ResultCode, RoundColour, RoundEntry, TextCode, TitleRecord, TrfFile,
};

/// A TRF file read into the tournament model.
#[derive(Debug, Clone, PartialEq)]
pub struct TrfEvent {
    /// The event: players and every round that has a result.
    pub event: Event,
    /// Points per result, from the file (`BB?`, `162`; default 1 / ½ / 0).
    pub scoring: ScoringSystem,
    /// Rounds with at least one result in the file.
    pub played_rounds: u32,
}

/// A TRF that does not describe a consistent tournament.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrfModelError {
    /// Two entries of one game disagree.
    #[error("line {line}: round {round}: player {player}: {what}")]
    Inconsistent {
        /// Line of the player record (1-based).
        line: usize,
        /// Round.
        round: u32,
        /// Player.
        player: u32,
        /// Description.
        what: Inconsistency,
    },
    /// The model refused the data.
    #[error("line {line}: {source}")]
    Model {
        /// Line of the player record (1-based).
        line: usize,
        /// The model's error.
        source: ModelError,
    },
}

impl TrfModelError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    ///
    /// ```
    /// use qiyuan_formats::trf_model::{Inconsistency, TrfModelError};
    /// use qiyuan_rating::Lang;
    /// let e = TrfModelError::Inconsistent {
    ///     line: 3, round: 2, player: 1,
    ///     what: Inconsistency::UnknownOpponent { opponent: 9 },
    /// };
    /// assert_eq!(e.text(Lang::En), "line 3: round 2: player 1: opponent 9 is not a player of the file");
    /// assert_eq!(e.text(Lang::Zh), "第 3 行：第 2 轮：棋手 1：对手 9 不是本文件中的棋手");
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        match (lang, self) {
            (Lang::En, _) => self.to_string(),
            (
                Lang::Zh,
                TrfModelError::Inconsistent {
                    line,
                    round,
                    player,
                    what,
                },
            ) => format!(
                "第 {line} 行：第 {round} 轮：棋手 {player}：{}",
                what.text(lang)
            ),
            (Lang::Zh, TrfModelError::Model { line, source }) => {
                format!("第 {line} 行：{}", source.text(lang))
            }
        }
    }
}

/// How the two entries of one game disagree
/// ([`TrfModelError::Inconsistent`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Inconsistency {
    /// The opponent is no player of the file.
    UnknownOpponent {
        /// The opponent's starting rank.
        opponent: u16,
    },
    /// The opponent's entry of the round names someone else.
    NotNamedBack {
        /// The opponent's starting rank.
        opponent: u16,
        /// The player's starting rank.
        player: u16,
    },
    /// The two results do not make one game's result.
    Results {
        /// The player's result character.
        ours: char,
        /// The opponent's.
        theirs: char,
    },
}

impl fmt::Display for Inconsistency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Inconsistency::UnknownOpponent { opponent } => {
                write!(f, "opponent {opponent} is not a player of the file")
            }
            Inconsistency::NotNamedBack { opponent, player } => {
                write!(
                    f,
                    "opponent {opponent} does not name {player} in this round"
                )
            }
            Inconsistency::Results { ours, theirs } => {
                write!(
                    f,
                    "results {ours:?} and {theirs:?} of one game do not match"
                )
            }
        }
    }
}

impl Inconsistency {
    /// The description in `lang`: [`Lang::En`] is the `Display` text.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            Inconsistency::UnknownOpponent { opponent } => {
                format!("对手 {opponent} 不是本文件中的棋手")
            }
            Inconsistency::NotNamedBack { opponent, player } => {
                format!("对手 {opponent} 在本轮的对手不是 {player}")
            }
            Inconsistency::Results { ours, theirs } => {
                format!("同一对局的两个结果“{ours}”与“{theirs}”不相符")
            }
        }
    }
}

fn kind_from_file(file: &TrfFile, players: usize, total: u32) -> EventKind {
    let t = file
        .text(TextCode::TournamentType)
        .unwrap_or("")
        .to_ascii_lowercase();
    if t.contains("swiss") || t.contains("dutch") {
        return EventKind::Swiss;
    }
    if t.contains("robin") || t.contains("berger") || t.contains("rr") {
        return EventKind::RoundRobin;
    }
    let n = players as u32;
    if n >= 2 && (total == n || total + 1 == n || total == 2 * n || total + 2 == 2 * n) {
        EventKind::RoundRobin
    } else {
        EventKind::Swiss
    }
}

/// The scoring system of the file: its point system, with a forfeit win
/// worth a win and a double forfeit or an absence worth a forfeit loss.
pub fn scoring_of(file: &TrfFile) -> ScoringSystem {
    let ps = file.point_system();
    ScoringSystem {
        win: ps.win,
        draw_white: ps.draw,
        draw_black: ps.draw,
        loss: ps.loss,
        forfeit_win: ps.win,
        forfeit_loss: ps.forfeit_loss,
        double_forfeit: ps.forfeit_loss,
        pairing_bye: ps.pairing_allocated_bye,
        full_point_bye: ps.full_point_bye,
        half_point_bye: ps.half_point_bye,
        zero_point_bye: ps.zero_point_bye,
        absent: ps.zero_point_bye,
    }
}

fn bye_kind(result: ResultCode) -> Option<ByeKind> {
    Some(match result {
        ResultCode::PairingAllocatedBye | ResultCode::Win | ResultCode::UnratedWin => {
            ByeKind::PairingAllocated
        }
        ResultCode::FullPointBye | ResultCode::ForfeitWin => ByeKind::FullPoint,
        ResultCode::HalfPointBye | ResultCode::Draw | ResultCode::UnratedDraw => ByeKind::HalfPoint,
        ResultCode::ZeroPointBye | ResultCode::Loss | ResultCode::UnratedLoss => ByeKind::ZeroPoint,
        ResultCode::ForfeitLoss => ByeKind::Absent,
        ResultCode::Blank => return None,
    })
}

/// Reads the players and results of a TRF into the model (each player's
/// title from his `QYT` record, else the `001` field). `kind` overrides
/// the event kind (otherwise: the `092` text, else a round robin when the
/// number of rounds fits the number of players, else Swiss).
pub fn event_from_trf(file: &TrfFile, kind: Option<EventKind>) -> Result<TrfEvent, TrfModelError> {
    let mut players: Vec<(usize, &PlayerRecord)> = Vec::new();
    for (i, r) in file.records.iter().enumerate() {
        if let Record::Player(p) = r {
            players.push((i + 1, p));
        }
    }
    let played = players
        .iter()
        .map(|(_, p)| {
            p.rounds
                .iter()
                .rposition(|e| !e.is_blank())
                .map_or(0, |i| i + 1)
        })
        .max()
        .unwrap_or(0) as u32;
    let total = file
        .total_rounds()
        .map(u32::from)
        .unwrap_or(played)
        .max(played);
    let kind = kind.unwrap_or_else(|| kind_from_file(file, players.len(), total));
    let mut event = Event::new(kind, total);
    for &(line, p) in &players {
        let mut player = Player::new(u32::from(p.start_number), p.name.clone());
        player.rating = p.rating.filter(|&r| r > 0).map(u32::from);
        player.title = file.player_title(p.start_number).map(str::to_string);
        player.federation = p.federation.clone();
        player.sex = p.sex;
        event
            .add_player(player)
            .map_err(|source| TrfModelError::Model { line, source })?;
    }
    let find = |id: u16| players.iter().find(|(_, p)| p.start_number == id);
    for r in 1..=played {
        let round = event.add_round();
        for &(line, p) in &players {
            let e = p.round(r as usize);
            let bad = |what: Inconsistency| TrfModelError::Inconsistent {
                line,
                round: r,
                player: u32::from(p.start_number),
                what,
            };
            let model = |source| TrfModelError::Model { line, source };
            let id = PlayerId(u32::from(p.start_number));
            match e.opponent.filter(|&o| o > 0) {
                None => {
                    if let Some(kind) = bye_kind(e.result) {
                        event.add_bye(round, id, kind).map_err(model)?;
                    }
                }
                Some(o) => {
                    let Some(&(_, opp)) = find(o) else {
                        return Err(bad(Inconsistency::UnknownOpponent { opponent: o }));
                    };
                    let oe = opp.round(r as usize);
                    if oe.opponent != Some(p.start_number) {
                        return Err(bad(Inconsistency::NotNamedBack {
                            opponent: o,
                            player: p.start_number,
                        }));
                    }
                    // Each game once: from White's entry (or the lower number when no colour).
                    let white = match (e.colour, oe.colour) {
                        (RoundColour::White, _) | (_, RoundColour::Black) => true,
                        (RoundColour::Black, _) | (_, RoundColour::White) => false,
                        _ => p.start_number < o,
                    };
                    if !white {
                        continue;
                    }
                    let result = game_result(e, oe).ok_or_else(|| {
                        bad(Inconsistency::Results {
                            ours: e.result.to_char(),
                            theirs: oe.result.to_char(),
                        })
                    })?;
                    event
                        .add_game(
                            round,
                            Game::new(u32::from(p.start_number), u32::from(o), result),
                        )
                        .map_err(model)?;
                }
            }
        }
    }
    Ok(TrfEvent {
        event,
        scoring: scoring_of(file),
        played_rounds: played,
    })
}

/// The game result from White's entry `w` and Black's entry `b`.
fn game_result(w: RoundEntry, b: RoundEntry) -> Option<GameResult> {
    use ResultCode::*;
    Some(match (w.result, b.result) {
        (Win | UnratedWin, Loss | UnratedLoss) => GameResult::WhiteWins,
        (Loss | UnratedLoss, Win | UnratedWin) => GameResult::BlackWins,
        (Draw | UnratedDraw, Draw | UnratedDraw) => GameResult::Draw,
        (ForfeitWin, ForfeitLoss) => GameResult::WhiteForfeitWin,
        (ForfeitLoss, ForfeitWin) => GameResult::BlackForfeitWin,
        (ForfeitLoss, ForfeitLoss) => GameResult::DoubleForfeit,
        // A paired game without a result yet (the round being played, as
        // JaVaFo and the desk write it): blank on both sides.
        (Blank, Blank) => GameResult::Pending,
        _ => return None,
    })
}

/// The TRF round entry of one outcome.
pub fn round_entry(outcome: Outcome) -> RoundEntry {
    let colour = |c: Colour| match c {
        Colour::White => RoundColour::White,
        Colour::Black => RoundColour::Black,
    };
    let (opponent, c, result) = match outcome {
        Outcome::Played {
            opponent,
            colour: c,
            score,
        } => {
            let res = match score {
                qiyuan_tournament::model::GameScore::Win => ResultCode::Win,
                qiyuan_tournament::model::GameScore::Draw => ResultCode::Draw,
                qiyuan_tournament::model::GameScore::Loss => ResultCode::Loss,
            };
            (Some(opponent), colour(c), res)
        }
        Outcome::ForfeitWin {
            opponent,
            colour: c,
        } => (Some(opponent), colour(c), ResultCode::ForfeitWin),
        Outcome::ForfeitLoss {
            opponent,
            colour: c,
        }
        | Outcome::DoubleForfeit {
            opponent,
            colour: c,
        } => (Some(opponent), colour(c), ResultCode::ForfeitLoss),
        Outcome::Pending {
            opponent,
            colour: c,
        } => (Some(opponent), colour(c), ResultCode::Blank),
        Outcome::Bye(kind) => {
            let res = match kind {
                ByeKind::PairingAllocated => ResultCode::PairingAllocatedBye,
                ByeKind::FullPoint => ResultCode::FullPointBye,
                ByeKind::HalfPoint => ResultCode::HalfPointBye,
                ByeKind::ZeroPoint => ResultCode::ZeroPointBye,
                ByeKind::Absent => return RoundEntry::BLANK,
            };
            (None, RoundColour::NoColour, res)
        }
    };
    RoundEntry {
        opponent: opponent.and_then(|o| u16::try_from(o.0).ok()),
        colour: c,
        result,
    }
}

/// Writes an event as TRF player records (`001`), after a `012` name record,
/// with the points of `scoring` and, when `standings` is given, the ranks;
/// then a `QYT` record for each title the `001` field cannot say (see
/// [Titles](self#titles)). A title never makes the file fail to write.
pub fn trf_from_event(
    name: &str,
    event: &Event,
    scoring: &ScoringSystem,
    standings: Option<&Standings>,
) -> TrfFile {
    let mut file = TrfFile::default();
    let mut titles = Vec::new();
    file.records.push(Record::Text {
        code: TextCode::TournamentName,
        text: name.to_string(),
    });
    let table = event.outcome_table();
    for (i, p) in event.players().iter().enumerate() {
        let mut rec = PlayerRecord::new(u16::try_from(p.id.0).unwrap_or(u16::MAX), p.name.clone());
        rec.rating = p.rating.and_then(|r| u16::try_from(r).ok());
        let (code, extension) = split_title(p.title.as_deref());
        rec.title = code.map(str::to_string);
        if let Some(title) = extension {
            titles.push(Record::Title(TitleRecord {
                player: rec.start_number,
                title: title.to_string(),
            }));
        }
        rec.federation = p.federation.clone();
        rec.sex = p.sex;
        rec.rounds = table[i].iter().map(|&o| round_entry(o)).collect();
        rec.points = Some(table[i].iter().map(|&o| scoring.points(o)).sum::<Decimal>());
        rec.rank = standings
            .and_then(|s| s.row(p.id))
            .and_then(|r| u16::try_from(r.rank).ok());
        file.records.push(Record::Player(rec));
    }
    file.records.extend(titles);
    file
}

/// A title as the TRF holds it: the FIDE code for the `001` field, and the
/// title itself for a `QYT` record when the code does not say it exactly
/// (no FIDE equivalent, or the title written otherwise than its code).
/// Blanks and line breaks are cut: a title is one line.
fn split_title(title: Option<&str>) -> (Option<&'static str>, Option<String>) {
    let Some(t) = title.map(|t| t.replace(['\r', '\n'], " ")) else {
        return (None, None);
    };
    let t = t.trim();
    if t.is_empty() {
        return (None, None);
    }
    let code = qiyuan_tournament::title::fide_code(t);
    let extension = match code {
        Some(c) if c.eq_ignore_ascii_case(t) => None,
        _ => Some(t.to_string()),
    };
    (code, extension)
}
