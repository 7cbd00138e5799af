//! Pairing the next round (编排): Swiss through the `swiss` engine, round
//! robins from the Berger tables, knockouts from the bracket; manual changes
//! that answer with warnings; applying a round to the model.
//!
//! ```
//! use qiyuan_desk::prelude::*;
//! let mut e = DeskEvent::new(EventSettings::round_robin("循环赛", GameKind::Chess, 1))?;
//! for n in ["A", "B", "C", "D", "E"] {
//!     e.add_player(PlayerInfo::new(n))?;
//! }
//! // C.05 Annex 1, 5 players (table of 6), round 1: 1-bye 2-5 3-4.
//! let r = e.pair_next_round()?;
//! assert_eq!(r.boards, vec![Board::new(2, 5), Board::new(3, 4)]);
//! assert_eq!(r.byes, vec![(PlayerId(1), ByeKind::Absent)]);
//! // A manual change that breaks no rule…
//! let mut changed = r.clone();
//! let warnings = e.swap_colours(&mut changed, 1)?;
//! assert!(warnings.is_empty());
//! e.apply_round(&r)?;
//! # Ok::<(), qiyuan_desk::DeskError>(())
//! ```

use std::fmt;

use qiyuan_rating::Lang;
use qiyuan_swiss::{Edition, PairingInput, RoundEntry, RoundKind, Score, score_of};
use qiyuan_tournament::berger::{self, Pairing as Berger};
use qiyuan_tournament::knockout::{
    Bracket, Match, MatchGame, MatchRules, MatchStatus, Phase, Side,
};
use qiyuan_tournament::model::{ByeKind, Colour, Game, GameResult, Outcome, PlayerId};
use serde::{Deserialize, Serialize};

use crate::error::DeskError;
use crate::event::DeskEvent;
use crate::settings::{DutchEdition, System};
use qiyuan_vocab::Message;

/// One board of a proposed round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    /// White (Red in xiangqi, 红方).
    pub white: PlayerId,
    /// Black (黑方).
    pub black: PlayerId,
}

impl Board {
    /// A board between pairing numbers `white` and `black`.
    pub fn new(white: u32, black: u32) -> Board {
        Board {
            white: PlayerId(white),
            black: PlayerId(black),
        }
    }
}

/// A round as proposed by the pairing (or changed by hand), not yet part of
/// the event: boards in board order and byes (the pairing-allocated bye,
/// requested byes, a round robin's free round).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ProposedRound {
    /// The round number.
    pub round: u32,
    /// Boards, board 1 first.
    pub boards: Vec<Board>,
    /// Players without an opponent and why.
    pub byes: Vec<(PlayerId, ByeKind)>,
}

impl ProposedRound {
    /// The board (1-based) a player is on.
    pub fn board_of(&self, id: PlayerId) -> Option<usize> {
        self.boards
            .iter()
            .position(|b| b.white == id || b.black == id)
            .map(|i| i + 1)
    }

    /// Whether a player is on a board or has a bye.
    pub fn has(&self, id: PlayerId) -> bool {
        self.board_of(id).is_some() || self.byes.iter().any(|(p, _)| *p == id)
    }
}

/// A rule a (changed) pairing breaks. The caller shows and logs them; the
/// round may still be applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PairingWarning {
    /// The two players have already played each other (C.04.3 C1; in a
    /// round robin: already in this cycle).
    MetBefore {
        /// Board.
        board: usize,
        /// White.
        white: PlayerId,
        /// Black.
        black: PlayerId,
        /// Rounds they met in.
        rounds: Vec<u32>,
    },
    /// The pair is forbidden.
    ForbiddenPair {
        /// Board.
        board: usize,
        /// White.
        white: PlayerId,
        /// Black.
        black: PlayerId,
    },
    /// Two players of one unit meet in a round of same-unit avoidance
    /// ([`crate::settings::UnitAvoidance`], 同单位回避).
    SameUnit {
        /// Board.
        board: usize,
        /// White.
        white: PlayerId,
        /// Black.
        black: PlayerId,
        /// Their unit.
        unit: String,
    },
    /// The two players are of different groups (组别) of a grouped event
    /// ([`crate::groups`]).
    AcrossGroups {
        /// Board.
        board: usize,
        /// White.
        white: PlayerId,
        /// Black.
        black: PlayerId,
    },
    /// The same colour three times running (C.04.3 C3).
    SameColourThreeTimes {
        /// Board.
        board: usize,
        /// Player.
        player: PlayerId,
        /// The colour.
        colour: Colour,
    },
    /// A colour difference beyond ±2 (C.04.3 C3).
    ColourDifference {
        /// Board.
        board: usize,
        /// Player.
        player: PlayerId,
        /// Whites minus blacks after this round.
        difference: i32,
    },
    /// A player who asked for a bye in this round is paired.
    PairedDespiteRequestedBye {
        /// Board.
        board: usize,
        /// Player.
        player: PlayerId,
        /// The bye asked for.
        requested: ByeKind,
    },
    /// The pairing-allocated bye goes to a player who already had one or
    /// scored a win without playing (C.04.3 C2).
    SecondPairingBye {
        /// Player.
        player: PlayerId,
    },
    /// More than one pairing-allocated bye in the round (C.04.1 art. 3:
    /// at most one).
    SeveralPairingByes {
        /// Players.
        players: Vec<PlayerId>,
    },
    /// A player who takes part in the round is neither paired nor has a bye.
    Unpaired {
        /// Player.
        player: PlayerId,
    },
}

impl fmt::Display for PairingWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PairingWarning::*;
        match self {
            MetBefore {
                board,
                white,
                black,
                rounds,
            } => write!(
                f,
                "board {board}: {white} and {black} already met (round {})",
                rounds
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            ForbiddenPair {
                board,
                white,
                black,
            } => write!(f, "board {board}: {white} and {black} must not meet"),
            AcrossGroups {
                board,
                white,
                black,
            } => write!(
                f,
                "board {board}: {white} and {black} are of different groups"
            ),
            SameUnit {
                board,
                white,
                black,
                unit,
            } => write!(
                f,
                "board {board}: {white} and {black} are both of {unit} and must not meet in this round"
            ),
            SameColourThreeTimes {
                board,
                player,
                colour,
            } => write!(
                f,
                "board {board}: player {player} gets {} three times running",
                colour_name(*colour)
            ),
            ColourDifference {
                board,
                player,
                difference,
            } => write!(
                f,
                "board {board}: player {player} would have a colour difference of {difference:+}"
            ),
            PairedDespiteRequestedBye {
                board,
                player,
                requested,
            } => write!(
                f,
                "board {board}: player {player} asked for a {} bye in this round",
                bye_name(*requested)
            ),
            SecondPairingBye { player } => write!(
                f,
                "player {player} gets the pairing-allocated bye but already had one or won without playing"
            ),
            SeveralPairingByes { players } => write!(
                f,
                "{} pairing-allocated byes in one round: {}",
                players.len(),
                players
                    .iter()
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Unpaired { player } => write!(f, "player {player} is neither paired nor has a bye"),
        }
    }
}

impl PairingWarning {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    ///
    /// ```
    /// use qiyuan_desk::PairingWarning;
    /// use qiyuan_rating::Lang;
    /// use qiyuan_tournament::model::PlayerId;
    /// let w = PairingWarning::Unpaired { player: PlayerId(3) };
    /// assert_eq!(w.text(Lang::Zh), "3号本轮既未编排也未轮空");
    /// assert_eq!(w.text(Lang::En), w.to_string());
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        use PairingWarning::*;
        if lang == Lang::En {
            return self.to_string();
        }
        let c = |c: Colour| {
            if c == Colour::White {
                "先手"
            } else {
                "后手"
            }
        };
        match self {
            MetBefore {
                board,
                white,
                black,
                rounds,
            } => format!(
                "第{board}台：{white}号与{black}号已在第{}轮相遇",
                rounds
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join("、")
            ),
            ForbiddenPair {
                board,
                white,
                black,
            } => format!("第{board}台：{white}号与{black}号禁止相遇"),
            AcrossGroups {
                board,
                white,
                black,
            } => format!("第{board}台：{white}号与{black}号不在同一组别"),
            SameUnit {
                board,
                white,
                black,
                unit,
            } => format!("第{board}台：{white}号与{black}号同属{unit}，本轮同单位回避"),
            SameColourThreeTimes {
                board,
                player,
                colour,
            } => format!("第{board}台：{player}号连续三轮{}", c(*colour)),
            ColourDifference {
                board,
                player,
                difference,
            } => format!("第{board}台：{player}号先后手差将为{difference:+}"),
            PairedDespiteRequestedBye {
                board,
                player,
                requested,
            } => format!(
                "第{board}台：{player}号已申请本轮{}",
                requested.label(Lang::Zh)
            ),
            SecondPairingBye { player } => format!("{player}号已轮空过或已不战而胜"),
            SeveralPairingByes { players } => format!(
                "本轮有{}名棋手轮空：{}",
                players.len(),
                players
                    .iter()
                    .map(|p| format!("{p}号"))
                    .collect::<Vec<_>>()
                    .join("、")
            ),
            Unpaired { player } => format!("{player}号本轮既未编排也未轮空"),
        }
    }
}

fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

fn bye_name(k: ByeKind) -> &'static str {
    match k {
        ByeKind::PairingAllocated => "pairing-allocated",
        ByeKind::FullPoint => "full-point",
        ByeKind::HalfPoint => "half-point",
        ByeKind::ZeroPoint => "zero-point",
        ByeKind::Absent => "free-round",
    }
}

impl DeskEvent {
    /// The number of the next round to pair.
    pub fn next_round(&self) -> u32 {
        self.rounds_paired() + 1
    }

    /// Checks that every board of every round made so far has a result.
    pub(crate) fn check_complete(&self) -> Result<(), DeskError> {
        for (r, round) in self.event.rounds().iter().enumerate() {
            if let Some(b) = round
                .games
                .iter()
                .position(|g| g.result == GameResult::Pending)
            {
                return Err(DeskError::RoundIncomplete {
                    round: r as u32 + 1,
                    board: b + 1,
                });
            }
        }
        Ok(())
    }

    /// Pairs the next round with the event's system. Nothing changes until
    /// [`DeskEvent::apply_round`].
    pub fn pair_next_round(&self) -> Result<ProposedRound, DeskError> {
        let round = self.next_round();
        let planned = self.total_rounds();
        if round > planned {
            return Err(DeskError::EventFinished(planned));
        }
        if self.is_team_event() {
            return Err(DeskError::BadRound {
                round,
                message: Message::new(
                    "a team event pairs teams (pair_next_team_round), then makes the boards from the line-ups",
                    "团体赛先编排队伍，再按出场名单排出各台",
                ),
            });
        }
        if self.is_grouped() && !matches!(self.settings.system, System::Swiss { .. }) {
            return Err(DeskError::BadRound {
                round,
                message: Message::new(
                    "groups (组别) are paired in a Swiss only: clear the players' groups or make one event per group",
                    "组别只能在积分编排制中编排：请清除棋手的组别，或每个组别各建一个赛事",
                ),
            });
        }
        match self.settings.system {
            System::Swiss { .. } => self.pair_swiss(),
            System::RoundRobin { .. } => self.pair_round_robin(round),
            System::Knockout { .. } => self.pair_knockout(),
        }
    }

    /// The Swiss engine's input for the next round, from the model: scores
    /// in tenths of the event's scoring, each earlier round as played,
    /// forfeit, pairing-allocated bye or absence, colours, players who
    /// withdrew, are not entered yet or asked for a bye marked absent,
    /// forbidden pairs (with, in a round of same-unit avoidance, every two
    /// players of one unit: [`DeskEvent::same_unit_pairs`]), and Baku
    /// acceleration (C.04.5) when chosen.
    pub fn swiss_input(&self) -> Result<PairingInput, DeskError> {
        self.check_complete()?;
        let round = self.next_round();
        let (edition, accelerated) = match self.settings.system {
            System::Swiss {
                edition,
                acceleration,
            } => (edition, acceleration),
            _ => (DutchEdition::Fide2026, false),
        };
        let scoring = self.settings.scoring.system();
        let win = score_of(scoring.win);
        let table = self.event.outcome_table();
        let players = self.event.players();
        // C.04.5.1: the groups are made before round 1; a late entry does
        // not move the last player of GA.
        let n = players.iter().filter(|p| p.first_round <= 1).count() as u32;
        let accel = |tpn: u32, r: u32| -> Score {
            if accelerated {
                baku_points(n, self.total_rounds(), tpn, r, win)
            } else {
                0
            }
        };
        let mut out = Vec::with_capacity(players.len());
        for (i, p) in players.iter().enumerate() {
            let history: Vec<RoundEntry> = table[i]
                .iter()
                .map(|&o| {
                    let points = score_of(scoring.points(o));
                    let (kind, opponent, colour) = match o {
                        Outcome::Played {
                            opponent, colour, ..
                        } => (RoundKind::Played, Some(opponent.0), Some(colour)),
                        Outcome::ForfeitWin { opponent, colour }
                        | Outcome::ForfeitLoss { opponent, colour }
                        | Outcome::DoubleForfeit { opponent, colour }
                        | Outcome::Pending { opponent, colour } => {
                            (RoundKind::Forfeit, Some(opponent.0), Some(colour))
                        }
                        Outcome::Bye(ByeKind::PairingAllocated) => {
                            (RoundKind::PairingBye, None, None)
                        }
                        Outcome::Bye(_) => (RoundKind::Absent, None, None),
                    };
                    RoundEntry {
                        kind,
                        opponent,
                        colour,
                        points,
                    }
                })
                .collect();
            let absent = !p.active_in(round) || self.requested_bye(round, p.id).is_some();
            out.push(qiyuan_swiss::Player {
                tpn: p.id.0,
                score: history.iter().map(|e| e.points).sum(),
                acceleration: accel(p.id.0, round),
                past_acceleration: (1..round).map(|r| accel(p.id.0, r)).collect(),
                history,
                absent,
            });
        }
        Ok(PairingInput {
            players: out,
            round,
            total_rounds: self.total_rounds().max(round),
            edition: match edition {
                DutchEdition::Fide2026 => Edition::Fide2026,
                DutchEdition::Fide2017 => Edition::Fide2017,
            },
            initial_colour: self.settings.initial_colour,
            win_points: win,
            loss_points: score_of(scoring.loss),
            forbidden: {
                let mut f: Vec<(u32, u32)> =
                    self.forbidden.iter().map(|(a, b)| (a.0, b.0)).collect();
                for (a, b) in self.same_unit_pairs(round) {
                    if !self.is_forbidden(a, b) {
                        f.push((a.0, b.0));
                    }
                }
                f
            },
        })
    }

    fn pair_swiss(&self) -> Result<ProposedRound, DeskError> {
        let input = self.swiss_input()?;
        let round = input.round;
        let active = input.players.iter().filter(|p| !p.absent).count();
        if active == 0 {
            return Err(DeskError::TooFewPlayers(0));
        }
        let (boards, pabs) = if self.is_grouped() {
            self.pair_groups(&input)?
        } else {
            let pairing = qiyuan_swiss::pair_round(&input).map_err(|e| swiss_error(round, e))?;
            (pairing.boards, pairing.bye.into_iter().collect())
        };
        let mut byes: Vec<(PlayerId, ByeKind)> = pabs
            .into_iter()
            .map(|b| (PlayerId(b), ByeKind::PairingAllocated))
            .collect();
        byes.extend(self.requested_for(round));
        Ok(ProposedRound {
            round,
            boards: boards.iter().map(|&(w, b)| Board::new(w, b)).collect(),
            byes,
        })
    }

    /// Requested byes of `round` of players taking part in it.
    fn requested_for(&self, round: u32) -> Vec<(PlayerId, ByeKind)> {
        let mut v: Vec<(PlayerId, ByeKind)> = self
            .requested_byes
            .iter()
            .filter(|b| b.round == round)
            .filter(|b| {
                self.event
                    .player(b.player)
                    .is_some_and(|p| p.active_in(round))
            })
            .map(|b| (b.player, b.kind))
            .collect();
        v.sort_by_key(|(p, _)| *p);
        v
    }

    /// The whole schedule of a round robin (C.05 Annex 1), every round as
    /// [`DeskEvent::pair_next_round`] will pair it — to print before round
    /// 1. A withdrawal or a late change of numbers changes it.
    pub fn round_robin_schedule(&self) -> Result<Vec<ProposedRound>, DeskError> {
        if !self.settings.is_round_robin() || self.is_team_event() {
            return Err(DeskError::BadRound {
                round: 0,
                message: Message::new(
                    "only an individual round robin has a schedule fixed in advance",
                    "只有个人循环赛有事先确定的赛程",
                ),
            });
        }
        (1..=self.total_rounds())
            .map(|r| self.pair_round_robin(r))
            .collect()
    }

    /// Round `round` of the Berger schedule (C.05 Annex 1), players numbered
    /// in pairing-number order; a second cycle reverses the colours, and with
    /// several cycles the last two rounds of the first are exchanged (Annex
    /// 1's advice, so that nobody has the same colour three times running
    /// across the cycles). The player drawn against the dummy of an odd
    /// field has a free round (no game, no points: [`ByeKind::Absent`]). A
    /// player who withdrew keeps his place in the schedule: his game is
    /// paired and [`DeskEvent::apply_round`] records it as a forfeit (FIDE
    /// C.05; 弃权), never as a pairing bye of his opponent.
    fn pair_round_robin(&self, round: u32) -> Result<ProposedRound, DeskError> {
        let mut ids: Vec<PlayerId> = self.event.players().iter().map(|p| p.id).collect();
        ids.sort();
        let n = ids.len() as u32;
        if n < 2 {
            return Err(DeskError::TooFewPlayers(n as usize));
        }
        let cycles = match self.settings.system {
            System::RoundRobin { cycles } => cycles,
            _ => 1,
        };
        let schedule = berger::schedule(n, cycles, cycles > 1);
        let Some(table) = schedule.get(round as usize - 1) else {
            return Err(DeskError::EventFinished(schedule.len() as u32));
        };
        let active = |id: PlayerId| self.event.player(id).is_some_and(|p| p.active_in(round));
        let mut out = ProposedRound {
            round,
            ..ProposedRound::default()
        };
        for &b in table {
            match b {
                Berger::Game(w, bl) => {
                    let (w, bl) = (ids[w as usize - 1], ids[bl as usize - 1]);
                    match (active(w), active(bl)) {
                        (true, true) => out.boards.push(Board {
                            white: w,
                            black: bl,
                        }),
                        (true, false) => out.byes.push((w, ByeKind::FullPoint)),
                        (false, true) => out.byes.push((bl, ByeKind::FullPoint)),
                        (false, false) => {}
                    }
                }
                Berger::Bye(p) => {
                    let p = ids[p as usize - 1];
                    if active(p) {
                        out.byes.push((p, ByeKind::Absent));
                    }
                }
            }
        }
        Ok(out)
    }

    fn match_rules(&self) -> MatchRules {
        let (games, armageddon) = match self.settings.system {
            System::Knockout {
                games_per_match,
                armageddon,
            } => (games_per_match, armageddon),
            _ => (1, false),
        };
        let mut phases = vec![Phase::games("games", games)];
        if armageddon {
            phases.push(Phase::armageddon());
        }
        let mut rules = MatchRules::new(phases);
        rules.scoring = self.settings.scoring.system();
        rules
    }

    /// The match of a knockout tie between `a` (top, side A) and `b` over
    /// the rounds of `stage` before `before`.
    fn tie_match(
        &self,
        stage: u32,
        tie: u32,
        a: PlayerId,
        b: PlayerId,
        before: u32,
    ) -> Result<Match, DeskError> {
        let rps = self.settings.knockout_stage_rounds();
        let first = (stage - 1) * rps + 1;
        let ko = |message: Message| DeskError::Knockout {
            stage,
            tie,
            message,
        };
        let mut m = Match::new(self.match_rules())
            .map_err(|e| ko(Message::from_fn(|lang| e.text(lang))))?;
        for r in first..before.min(first + rps) {
            let Some(round) = self.event.rounds().get(r as usize - 1) else {
                break;
            };
            if let Some(g) = round
                .games
                .iter()
                .find(|g| (g.white == a && g.black == b) || (g.white == b && g.black == a))
            {
                let white = if g.white == a { Side::A } else { Side::B };
                m.record(MatchGame {
                    white,
                    result: g.result,
                })
                .map_err(|e| {
                    ko(Message::from_fn(|lang| {
                        lang.pick(
                            format!("round {r}: {e}"),
                            format!("第 {r} 轮：{}", e.text(lang)),
                        )
                    }))
                })?;
            }
        }
        Ok(m)
    }

    /// The bracket with every tie decided before `round` (stages before
    /// `round`'s stage), seeds in pairing-number order.
    pub fn knockout_bracket(&self, round: u32) -> Result<Bracket, DeskError> {
        let mut seeds: Vec<PlayerId> = self.event.players().iter().map(|p| p.id).collect();
        seeds.sort();
        let ko0 = |message: Message| DeskError::Knockout {
            stage: 1,
            tie: 0,
            message,
        };
        let mut bracket =
            Bracket::new(seeds).map_err(|e| ko0(Message::from_fn(|lang| e.text(lang))))?;
        let rps = self.settings.knockout_stage_rounds().max(1);
        let stage_now = (round - 1) / rps + 1;
        for stage in 1..=stage_now.min(bracket.rounds().len() as u32) {
            let ties = bracket.rounds()[stage as usize - 1].clone();
            for (t, tie) in ties.iter().enumerate() {
                let t = t as u32 + 1;
                if tie.winner.is_some() {
                    continue;
                }
                let (Some(a), Some(b)) = (tie.top.player(), tie.bottom.player()) else {
                    continue;
                };
                let m = self.tie_match(stage, t, a, b, round)?;
                if let MatchStatus::Won { .. } = m.status() {
                    bracket
                        .record_match(stage, t, &m)
                        .map_err(|e| DeskError::Knockout {
                            stage,
                            tie: t,
                            message: Message::from_fn(|lang| e.text(lang)),
                        })?;
                } else if stage < stage_now {
                    return Err(DeskError::Knockout {
                        stage,
                        tie: t,
                        message: Message::new(
                            "the match is level after its games and has no decisive game; \
                             set the knockout's `armageddon` or decide the tie by hand",
                            "双方赛完各局后打平，且没有决胜局：请设置淘汰赛的 `armageddon`（决胜局），\
                             或由裁判判定胜负",
                        ),
                    });
                }
            }
        }
        Ok(bracket)
    }

    fn pair_knockout(&self) -> Result<ProposedRound, DeskError> {
        self.check_complete()?;
        if self.event.players().len() < 2 {
            return Err(DeskError::TooFewPlayers(self.event.players().len()));
        }
        let rps = self.settings.knockout_stage_rounds().max(1);
        for round in self.next_round()..=self.total_rounds() {
            let bracket = self.knockout_bracket(round)?;
            let stage = (round - 1) / rps + 1;
            let Some(ties) = bracket.rounds().get(stage as usize - 1) else {
                break;
            };
            let mut out = ProposedRound {
                round,
                ..ProposedRound::default()
            };
            for (t, tie) in ties.iter().enumerate() {
                let (Some(a), Some(b)) = (tie.top.player(), tie.bottom.player()) else {
                    continue;
                };
                if tie.winner.is_some() {
                    continue;
                }
                let m = self.tie_match(stage, t as u32 + 1, a, b, round)?;
                if let Some(side) = m.next_white() {
                    let (w, bl) = if side == Side::A { (a, b) } else { (b, a) };
                    out.boards.push(Board {
                        white: w,
                        black: bl,
                    });
                }
            }
            if !out.boards.is_empty() {
                return Ok(out);
            }
        }
        Err(DeskError::EventFinished(self.total_rounds()))
    }

    /// Checks a proposed round against the event. Hard errors (an unknown
    /// player, a player twice, a player who withdrew or is not entered yet,
    /// a wrong round number) are `Err`; broken pairing rules are warnings.
    pub fn check_round(&self, p: &ProposedRound) -> Result<Vec<PairingWarning>, DeskError> {
        let next = self.next_round();
        let round = p.round;
        let bad = |en: String, zh: String| DeskError::BadRound {
            round,
            message: Message::new(en, zh),
        };
        if round < next || round > self.total_rounds() {
            let of = self.total_rounds();
            return Err(bad(
                format!("the next round to pair is {next} (of {of})"),
                format!("下一轮应编排第 {next} 轮（共 {of} 轮）"),
            ));
        }
        let mut seen: Vec<PlayerId> = Vec::new();
        let mut check = |id: PlayerId| -> Result<(), DeskError> {
            let pl = self.event.player(id).ok_or_else(|| {
                bad(
                    format!("player {id} is not registered"),
                    format!("{id}号没有报名"),
                )
            })?;
            if seen.contains(&id) {
                return Err(bad(
                    format!("player {id} appears twice"),
                    format!("{id}号出现两次"),
                ));
            }
            seen.push(id);
            if !pl.active_in(round) {
                return Err(bad(
                    format!(
                        "player {id} does not take part in this round (withdrawn or not entered yet)"
                    ),
                    format!("{id}号不参加本轮（已退赛或尚未加入）"),
                ));
            }
            Ok(())
        };
        for b in &p.boards {
            if b.white == b.black {
                return Err(bad(
                    format!("player {} paired against himself", b.white),
                    format!("{}号与自己对局", b.white),
                ));
            }
            check(b.white)?;
            check(b.black)?;
        }
        for (id, _) in &p.byes {
            check(*id)?;
        }
        let mut w = Vec::new();
        let table = self.event.outcome_table();
        let swiss = matches!(self.settings.system, System::Swiss { .. });
        let rr_cycle = match self.settings.system {
            System::RoundRobin { .. } => {
                let per = berger::cycle_rounds(self.event.players().len() as u32).max(1);
                Some(per)
            }
            _ => None,
        };
        for (i, b) in p.boards.iter().enumerate() {
            let board = i + 1;
            let (Some(wi), Some(bi)) = (
                self.event.player_index(b.white),
                self.event.player_index(b.black),
            ) else {
                continue;
            };
            let rounds: Vec<u32> = table[wi]
                .iter()
                .enumerate()
                .filter(|(r, o)| {
                    o.opponent() == Some(b.black)
                        && (o.is_played() || !swiss)
                        && rr_cycle.is_none_or(|per| *r as u32 / per == (round - 1) / per)
                })
                .map(|(r, _)| r as u32 + 1)
                .collect();
            if !rounds.is_empty() {
                w.push(PairingWarning::MetBefore {
                    board,
                    white: b.white,
                    black: b.black,
                    rounds,
                });
            }
            if self.is_forbidden(b.white, b.black) {
                w.push(PairingWarning::ForbiddenPair {
                    board,
                    white: b.white,
                    black: b.black,
                });
            } else if self.across_groups(b.white, b.black) {
                w.push(PairingWarning::AcrossGroups {
                    board,
                    white: b.white,
                    black: b.black,
                });
            } else if let Some(unit) = self.same_unit_in(round, b.white, b.black) {
                w.push(PairingWarning::SameUnit {
                    board,
                    white: b.white,
                    black: b.black,
                    unit,
                });
            }
            for (id, idx, colour) in [(b.white, wi, Colour::White), (b.black, bi, Colour::Black)] {
                if let Some(requested) = self.requested_bye(round, id) {
                    w.push(PairingWarning::PairedDespiteRequestedBye {
                        board,
                        player: id,
                        requested,
                    });
                }
                if swiss {
                    let mut colours: Vec<Colour> = table[idx]
                        .iter()
                        .filter(|o| o.is_played())
                        .filter_map(|o| o.colour())
                        .collect();
                    colours.push(colour);
                    let k = colours.len();
                    if k >= 3 && colours[k - 3..].iter().all(|&c| c == colour) {
                        w.push(PairingWarning::SameColourThreeTimes {
                            board,
                            player: id,
                            colour,
                        });
                    }
                    let diff: i32 = colours
                        .iter()
                        .map(|&c| if c == Colour::White { 1 } else { -1 })
                        .sum();
                    if diff.abs() > 2 {
                        w.push(PairingWarning::ColourDifference {
                            board,
                            player: id,
                            difference: diff,
                        });
                    }
                }
            }
        }
        let pabs: Vec<PlayerId> = p
            .byes
            .iter()
            .filter(|(_, k)| *k == ByeKind::PairingAllocated)
            .map(|(id, _)| *id)
            .collect();
        if pabs.len() > 1 {
            w.push(PairingWarning::SeveralPairingByes {
                players: pabs.clone(),
            });
        }
        let scoring = self.settings.scoring.system();
        for id in &pabs {
            if let Some(i) = self.event.player_index(*id) {
                let had = table[i].iter().any(|&o| {
                    !o.is_played()
                        && !matches!(o, Outcome::Pending { .. })
                        && scoring.points(o) >= scoring.win
                });
                if had {
                    w.push(PairingWarning::SecondPairingBye { player: *id });
                }
            }
        }
        if swiss || rr_cycle.is_some() {
            for pl in self.event.players() {
                if pl.active_in(round)
                    && !p.has(pl.id)
                    && self.requested_bye(round, pl.id).is_none()
                {
                    w.push(PairingWarning::Unpaired { player: pl.id });
                }
            }
        }
        Ok(w)
    }

    /// Adds a proposed round to the event (every game pending). Returns the
    /// round number. Rounds skipped by a knockout whose ties are all decided
    /// early are added empty.
    pub fn apply_round(&mut self, p: &ProposedRound) -> Result<u32, DeskError> {
        self.check_round(p)?;
        let mut next = self.clone();
        next.sync_total_rounds()?;
        while next.rounds_paired() + 1 < p.round {
            next.event.add_round();
        }
        let r = next.event.add_round();
        for b in &p.boards {
            next.event.add_game(
                r,
                Game {
                    white: b.white,
                    black: b.black,
                    result: GameResult::Pending,
                },
            )?;
        }
        for &(id, kind) in &p.byes {
            next.event.add_bye(r, id, kind)?;
        }
        // A round robin: the games of a player who withdrew are forfeits
        // (FIDE C.05; 象棋竞赛规则: 弃权) — the opponent wins by forfeit.
        for b in &p.boards {
            let out = |id| next.rr_withdrawal(id).is_some_and(|a| a < r);
            let result = match (out(b.white), out(b.black)) {
                (true, true) => GameResult::DoubleForfeit,
                (true, false) => GameResult::BlackForfeitWin,
                (false, true) => GameResult::WhiteForfeitWin,
                (false, false) => continue,
            };
            next.event.set_result(r, b.white, result, "")?;
        }
        *self = next;
        Ok(r)
    }

    // ------------------------------------------------------ manual changes

    fn board_mut(p: &mut ProposedRound, board: usize) -> Result<&mut Board, DeskError> {
        let round = p.round;
        board
            .checked_sub(1)
            .and_then(|b| p.boards.get_mut(b))
            .ok_or(DeskError::NoSuchBoard { round, board })
    }

    /// Swaps the colours of a board (1-based). Returns the warnings of the
    /// round after the change.
    pub fn swap_colours(
        &self,
        p: &mut ProposedRound,
        board: usize,
    ) -> Result<Vec<PairingWarning>, DeskError> {
        let b = Self::board_mut(p, board)?;
        std::mem::swap(&mut b.white, &mut b.black);
        self.check_round(p)
    }

    /// Exchanges two players' places (their boards and colours, or a bye):
    /// e.g. the opponents of two boards. Returns the warnings after it.
    pub fn exchange_players(
        &self,
        p: &mut ProposedRound,
        a: PlayerId,
        b: PlayerId,
    ) -> Result<Vec<PairingWarning>, DeskError> {
        for id in [a, b] {
            if !p.has(id) {
                return Err(DeskError::BadRound {
                    round: p.round,
                    message: Message::new(
                        format!("player {id} is not in this round"),
                        format!("{id}号不在本轮"),
                    ),
                });
            }
        }
        let swap = |x: &mut PlayerId| {
            if *x == a {
                *x = b;
            } else if *x == b {
                *x = a;
            }
        };
        for board in &mut p.boards {
            swap(&mut board.white);
            swap(&mut board.black);
        }
        for (id, _) in &mut p.byes {
            swap(id);
        }
        self.check_round(p)
    }

    /// Gives a player a bye of `kind`; if he was on a board, the board is
    /// removed and his opponent is left unpaired (a warning until he is
    /// paired or given a bye too).
    pub fn give_bye(
        &self,
        p: &mut ProposedRound,
        player: PlayerId,
        kind: ByeKind,
    ) -> Result<Vec<PairingWarning>, DeskError> {
        if let Some(b) = p.board_of(player) {
            p.boards.remove(b - 1);
        }
        p.byes.retain(|(id, _)| *id != player);
        p.byes.push((player, kind));
        self.check_round(p)
    }

    /// Removes a player's bye (he is then unpaired).
    pub fn remove_bye(
        &self,
        p: &mut ProposedRound,
        player: PlayerId,
    ) -> Result<Vec<PairingWarning>, DeskError> {
        let before = p.byes.len();
        p.byes.retain(|(id, _)| *id != player);
        if before == p.byes.len() {
            return Err(DeskError::BadRound {
                round: p.round,
                message: Message::new(
                    format!("player {player} has no bye"),
                    format!("{player}号没有轮空"),
                ),
            });
        }
        self.check_round(p)
    }

    /// Pairs two players on a new last board (each taken off a bye or a
    /// board first; a former opponent is left unpaired).
    pub fn pair_players(
        &self,
        p: &mut ProposedRound,
        white: PlayerId,
        black: PlayerId,
    ) -> Result<Vec<PairingWarning>, DeskError> {
        for id in [white, black] {
            if let Some(b) = p.board_of(id) {
                p.boards.remove(b - 1);
            }
            p.byes.retain(|(x, _)| *x != id);
        }
        p.boards.push(Board { white, black });
        self.check_round(p)
    }
}

/// Baku acceleration (FIDE C.04.5.1): before round 1 the players are split
/// into GA — the first half rounded up to an even number, `2 × ⌈n / 4⌉`
/// pairing numbers (the last of them stays the last GA player whatever late
/// entries come) — and GB. The accelerated rounds are the first half of the
/// rounds, rounded up; GA players get one virtual point in the first half
/// (rounded up) of those and half a point in the others; nobody gets any
/// later. The method is written for 1 / ½ / 0 scoring; with other scores a
/// virtual point is worth a win (`win`, in tenths).
pub fn baku_points(players: u32, rounds: u32, tpn: u32, round: u32, win: Score) -> Score {
    let group_a = 2 * players.div_ceil(4);
    let accelerated = rounds.div_ceil(2);
    let full = accelerated.div_ceil(2);
    if tpn > group_a || round > accelerated {
        0
    } else if round <= full {
        win
    } else {
        win / 2
    }
}

/// The desk's error for a refusal of the Swiss engine: no valid pairing is
/// its own variant (the caller may ask the chief arbiter), anything else
/// names the engine's words.
pub(crate) fn swiss_error(round: u32, e: qiyuan_swiss::PairingError) -> DeskError {
    match e {
        qiyuan_swiss::PairingError::NoValidPairing => DeskError::NoValidPairing { round },
        other => DeskError::Pairing {
            round,
            message: Message::from_fn(|lang| other.text(lang)),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn acceleration_reaches_the_engine() {
        use crate::event::PlayerInfo;
        use crate::{GameKind, settings::EventSettings};
        let mut s = EventSettings::swiss("acc", GameKind::Chess, 9);
        s.system = System::Swiss {
            edition: DutchEdition::Fide2026,
            acceleration: true,
        };
        let mut e = DeskEvent::new(s).unwrap();
        for i in 0..10 {
            e.add_player(PlayerInfo::new(format!("P{i}")).rating(2400 - i))
                .unwrap();
        }
        let input = e.swiss_input().unwrap();
        let acc: Vec<Score> = input.players.iter().map(|p| p.acceleration).collect();
        // GA = the first 6 of 10 (2 × ⌈10 / 4⌉), one point (10 tenths) in round 1.
        assert_eq!(acc, [10, 10, 10, 10, 10, 10, 0, 0, 0, 0]);
        let r1 = e.pair_next_round().unwrap();
        e.apply_round(&r1).unwrap();
        // A late entry does not move GA's last player.
        e.add_player(PlayerInfo::new("late").rating(2500)).unwrap();
        for b in 1..=5 {
            e.set_result(1, b, GameResult::Draw, "").unwrap();
        }
        let input = e.swiss_input().unwrap();
        assert_eq!(input.players[6].acceleration, 0);
        assert_eq!(input.players[5].acceleration, 10);
        assert_eq!(input.players[5].past_acceleration, [10]);
        assert!(!input.players[10].absent);
    }

    #[test]
    fn baku_groups() {
        // C.04.5.1's note: 161 players → GA is 2 × ⌈161 / 4⌉ = 82 players.
        assert_eq!(baku_points(161, 9, 82, 1, 10), 10);
        assert_eq!(baku_points(161, 9, 83, 1, 10), 0);
        // C.04.5: 10 players, 9 rounds: GA = 2 × ⌈10/4⌉ = 6 players;
        // accelerated rounds ⌈9/2⌉ = 5; 1 point in rounds 1–3, ½ in 4–5.
        assert_eq!(baku_points(10, 9, 6, 1, 10), 10);
        assert_eq!(baku_points(10, 9, 7, 1, 10), 0);
        assert_eq!(baku_points(10, 9, 1, 3, 10), 10);
        assert_eq!(baku_points(10, 9, 1, 4, 10), 5);
        assert_eq!(baku_points(10, 9, 1, 5, 10), 5);
        assert_eq!(baku_points(10, 9, 1, 6, 10), 0);
    }
}
