//! Team events at the desk (团体赛): teams with their rosters in board
//! order, the pairing of teams (round robin from the Berger tables, or Swiss
//! through the Dutch engine on match points), a line-up per team and round,
//! boards with alternating colours, and team standings with match points
//! (场分) from game points (局分) and the team tie-breaks of
//! `qiyuan_tournament::team`.
//!
//! The board games are ordinary games of the tournament model: results are
//! entered, corrected and stored like those of an individual event. A team
//! round is made in two steps: [`DeskEvent::pair_next_team_round`] pairs the
//! teams ([`DeskEvent::apply_team_round`] keeps it); each team's line-up is
//! entered ([`DeskEvent::set_line_up`]); [`DeskEvent::team_boards`] then
//! gives the round's boards, which [`DeskEvent::apply_team_boards`] adds.
//!
//! ```
//! use qiyuan_desk::prelude::*;
//! use qiyuan_desk::team::TeamSettings;
//! let mut s = EventSettings::round_robin("团体赛", GameKind::Xiangqi, 1);
//! s.team = Some(TeamSettings::new(2, "xiangqi-team"));
//! let mut e = DeskEvent::new(s)?;
//! for t in ["北京", "上海"] {
//!     let a = e.add_player(PlayerInfo::new(format!("{t}甲")))?;
//!     let b = e.add_player(PlayerInfo::new(format!("{t}乙")))?;
//!     e.add_team(t, vec![a, b])?;
//! }
//! let plan = e.pair_next_team_round()?;
//! e.apply_team_round(&plan)?;
//! let boards = e.team_boards(1)?;
//! // The first-named team has Red (White) on board 1, Black on board 2.
//! assert_eq!(boards.boards, vec![Board::new(1, 3), Board::new(4, 2)]);
//! e.apply_team_boards(1)?;
//! # Ok::<(), DeskError>(())
//! ```

use qiyuan_swiss::{PairingInput, RoundEntry, RoundKind};
use qiyuan_tournament::berger::{self, Pairing as Berger};
use qiyuan_tournament::model::{Colour, EventKind, GameResult, PlayerId};
use qiyuan_tournament::scoring::match_points;
use qiyuan_tournament::team::{
    BoardGame, Team, TeamEvent, TeamId, TeamMatch, TeamScoring, TeamStandings, TeamStandingsConfig,
    TeamTieBreak, compute_team_standings, parse_team_list,
};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::error::DeskError;
use crate::event::DeskEvent;
use crate::pairing::{Board, ProposedRound};
use crate::settings::{DutchEdition, SettingsError, System};
use qiyuan_vocab::Message;

/// Named team tie-break lists: (name, list, description).
///
/// * `xiangqi-team` — 象棋团体: 场分, then 局分 (MPvGP), then 直胜 between
///   the tied teams (DE), then the results of board 1, board 2, … (TBR), as
///   team regulations under 象棋竞赛规则 (2011) 13.2 order them.
/// * `fide-team-swiss` — a team Swiss: match points, then the extended
///   Sonneborn-Berger ESB (C.07 13.2), game points (MPvGP, 13.1), Buchholz
///   on match points (BH:MP).
/// * `fide-team-rr` — a team round robin: match points, then game points
///   (MPvGP), extended direct encounter (EDE, 13.3), board count (BC, 12.1).
pub const TEAM_PRESETS: [(&str, &str, &str); 3] = [
    (
        "xiangqi-team",
        "MPvGP,DE,TBR",
        "象棋团体: 场分 → 局分 → 直胜 → 台次成绩 (board 1, board 2, …)",
    ),
    (
        "fide-team-swiss",
        "ESB,MPvGP,BH:MP",
        "Team Swiss: MP → ESB → GP → BH:MP",
    ),
    (
        "fide-team-rr",
        "MPvGP,EDE,BC",
        "Team round robin: MP → GP → EDE → BC",
    ),
];

/// The team tie-breaks of a preset name or of an explicit list such as
/// `"MPvGP,EDE,BC"`.
pub fn team_tiebreaks(name_or_list: &str) -> Result<Vec<TeamTieBreak>, SettingsError> {
    let list = TEAM_PRESETS
        .iter()
        .find(|(n, _, _)| *n == name_or_list.trim())
        .map_or(name_or_list, |(_, l, _)| l);
    parse_team_list(list).map_err(|e| SettingsError::Field {
        field: "team.tiebreaks",
        message: {
            let presets = TEAM_PRESETS
                .iter()
                .map(|p| p.0)
                .collect::<Vec<_>>()
                .join(", ");
            Message::from_fn(|lang| {
                lang.pick(
                    format!(
                        "{e} (presets: {presets}; or a list of team tie-breaks such as MPvGP,EDE,BC)"
                    ),
                    format!(
                        "{}（预设：{presets}；或写团体破同分规则的列表，如 MPvGP,EDE,BC）",
                        e.text(lang)
                    ),
                )
            })
        },
    })
}

fn two() -> Decimal {
    Decimal::TWO
}

fn one() -> Decimal {
    Decimal::ONE
}

/// The settings of a team event. Game points (局分) are the event's
/// scoring (`EventSettings::scoring`); a match is won by the team with more
/// game points (象棋竞赛规则 2011 13.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamSettings {
    /// Boards per match (each team's line-up has this many players).
    pub boards: u32,
    /// Match points (场分) for a match won (13.2: 2).
    #[serde(default = "two")]
    pub match_win: Decimal,
    /// Match points for a drawn match (13.2: 1).
    #[serde(default = "one")]
    pub match_draw: Decimal,
    /// Match points for a lost match (13.2: 0).
    #[serde(default)]
    pub match_loss: Decimal,
    /// A preset of [`TEAM_PRESETS`] or a team tie-break list.
    pub tiebreaks: String,
}

impl TeamSettings {
    /// `boards` boards, matches 2 / 1 / 0, the given tie-breaks.
    pub fn new(boards: u32, tiebreaks: impl Into<String>) -> TeamSettings {
        TeamSettings {
            boards,
            match_win: Decimal::TWO,
            match_draw: Decimal::ONE,
            match_loss: Decimal::ZERO,
            tiebreaks: tiebreaks.into(),
        }
    }

    /// Checks every field; the error names it.
    pub fn validate(&self) -> Result<(), SettingsError> {
        if !(1..=20).contains(&self.boards) {
            return Err(SettingsError::Field {
                field: "team.boards",
                message: Message::new(
                    format!("1 to 20 boards, not {}", self.boards),
                    format!("台数为 1 至 20，不能是 {}", self.boards),
                ),
            });
        }
        if self.match_win <= self.match_draw || self.match_draw < self.match_loss {
            return Err(SettingsError::Field {
                field: "team.match_points",
                message: Message::new(
                    "a won match must be worth more than a draw, a draw not less than a loss",
                    "胜一场的得分须高于和一场，和一场不得低于负一场",
                ),
            });
        }
        team_tiebreaks(&self.tiebreaks)?;
        Ok(())
    }
}

/// Two teams paired in a round: the first-named (home) team has White (Red)
/// on the odd boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamPairing {
    /// First-named team.
    pub home: TeamId,
    /// Second-named team.
    pub away: TeamId,
}

/// A round of a team event: the pairing of the teams and their line-ups.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TeamRoundPlan {
    /// The round.
    pub round: u32,
    /// The matches, match 1 first.
    pub matches: Vec<TeamPairing>,
    /// The team with the pairing-allocated bye (Swiss): a won match.
    #[serde(default)]
    pub bye: Option<TeamId>,
    /// The team without a match in a round robin of an odd number of teams
    /// (free round: no points).
    #[serde(default)]
    pub free: Option<TeamId>,
    /// Line-ups entered (board 1 first).
    #[serde(default)]
    pub line_ups: Vec<(TeamId, Vec<PlayerId>)>,
}

impl TeamRoundPlan {
    /// The line-up entered for a team.
    pub fn line_up(&self, team: TeamId) -> Option<&[PlayerId]> {
        self.line_ups
            .iter()
            .find(|(t, _)| *t == team)
            .map(|(_, l)| l.as_slice())
    }

    /// The match (0-based) of a team.
    pub fn match_of(&self, team: TeamId) -> Option<usize> {
        self.matches
            .iter()
            .position(|m| m.home == team || m.away == team)
    }
}

/// A match's score so far: game points (局分) of both teams, and match
/// points (场分) once every board has a result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MatchScore {
    /// Home team's game points.
    pub home_games: Decimal,
    /// Away team's game points.
    pub away_games: Decimal,
    /// Match points (home, away), when no board is pending.
    pub match_points: Option<(Decimal, Decimal)>,
}

/// The colour of the first-named team's player on board `board` (1-based):
/// White (Red) on the odd boards, Black on the even ones — the colours
/// alternate down the boards.
pub fn home_colour(board: usize) -> Colour {
    if board % 2 == 1 {
        Colour::White
    } else {
        Colour::Black
    }
}

fn team_err(round: u32, message: Message) -> DeskError {
    DeskError::BadRound { round, message }
}

impl DeskEvent {
    /// The team pairing of `round`, or the refusal when it is not paired.
    fn team_round(&self, round: u32) -> Result<&TeamRoundPlan, DeskError> {
        self.team_rounds
            .get((round as usize).wrapping_sub(1))
            .ok_or_else(|| {
                team_err(
                    round,
                    Message::new(
                        "the teams of this round are not paired",
                        "本轮的队伍尚未编排",
                    ),
                )
            })
    }

    /// Whether this is a team event.
    pub fn is_team_event(&self) -> bool {
        self.settings.team.is_some()
    }

    fn team_settings(&self) -> Result<&TeamSettings, DeskError> {
        self.settings
            .team
            .as_ref()
            .ok_or_else(|| team_err(0, Message::new("not a team event", "不是团体赛")))
    }

    /// Boards per match (0 for an individual event).
    pub fn team_boards_per_match(&self) -> u32 {
        self.settings.team.as_ref().map_or(0, |t| t.boards)
    }

    /// The teams, in team-number order.
    pub fn teams(&self) -> &[Team] {
        &self.teams
    }

    /// A team.
    pub fn team(&self, id: TeamId) -> Option<&Team> {
        self.teams.iter().find(|t| t.id == id)
    }

    /// The team a player is on.
    pub fn team_of(&self, player: PlayerId) -> Option<TeamId> {
        self.teams
            .iter()
            .find(|t| t.roster.contains(&player))
            .map(|t| t.id)
    }

    /// The rounds of teams paired so far.
    pub fn team_rounds(&self) -> &[TeamRoundPlan] {
        &self.team_rounds
    }

    fn check_team_fields(
        &self,
        id: TeamId,
        name: &str,
        roster: &[PlayerId],
    ) -> Result<(), DeskError> {
        let err = |field, message: Message| DeskError::PlayerField {
            player: id.0,
            field,
            message,
        };
        if name.trim().is_empty() {
            return Err(err(
                "team.name",
                Message::new(
                    format!("team {id} needs a name"),
                    format!("第 {id} 队需要队名"),
                ),
            ));
        }
        crate::check_player_text(name.trim(), 100)
            .map_err(|r| err("team.name", Message::from_fn(|lang| r.text(lang))))?;
        for (i, p) in roster.iter().enumerate() {
            if self.event.player(*p).is_none() {
                return Err(err(
                    "team.roster",
                    Message::new(
                        format!("team {id}: no player with pairing number {p}"),
                        format!("第 {id} 队：没有序号为 {p} 的棋手"),
                    ),
                ));
            }
            if roster[..i].contains(p) {
                return Err(err(
                    "team.roster",
                    Message::new(
                        format!("team {id}: player {p} is on the roster twice"),
                        format!("第 {id} 队：{p}号在名单上出现两次"),
                    ),
                ));
            }
            if let Some(other) = self.team_of(*p)
                && other != id
            {
                return Err(err(
                    "team.roster",
                    Message::new(
                        format!("player {p} is already on the roster of team {other}"),
                        format!("{p}号已在第 {other} 队的名单上"),
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Registers a team with its roster (players already registered, in
    /// board order: the roster's order is the board order of the event).
    /// Only before the first team round is paired. Returns its number.
    pub fn add_team(
        &mut self,
        name: impl Into<String>,
        roster: Vec<PlayerId>,
    ) -> Result<TeamId, DeskError> {
        self.team_settings()?;
        if !self.team_rounds.is_empty() {
            return Err(DeskError::AlreadyStarted(Message::new(
                "registering a team",
                "登记队伍",
            )));
        }
        let id = TeamId(self.teams.iter().map(|t| t.id.0).max().unwrap_or(0) + 1);
        let name = name.into();
        self.check_team_fields(id, &name, &roster)?;
        self.teams.push(Team {
            id,
            name: name.trim().to_string(),
            roster,
        });
        self.sync_total_rounds()?;
        Ok(id)
    }

    /// Changes a team's name and roster. The roster (and so the board
    /// order) is fixed once the first team round is paired; the name may
    /// change at any time.
    pub fn set_team(
        &mut self,
        id: TeamId,
        name: impl Into<String>,
        roster: Vec<PlayerId>,
    ) -> Result<(), DeskError> {
        let name = name.into();
        let Some(i) = self.teams.iter().position(|t| t.id == id) else {
            return Err(team_err(
                0,
                Message::new(format!("no team {id}"), format!("没有第 {id} 队")),
            ));
        };
        if !self.team_rounds.is_empty() && roster != self.teams[i].roster {
            return Err(DeskError::AlreadyStarted(Message::new(
                "changing a roster",
                "更改队伍名单",
            )));
        }
        self.check_team_fields(id, &name, &roster)?;
        self.teams[i].name = name.trim().to_string();
        self.teams[i].roster = roster;
        Ok(())
    }

    /// Restores teams and team rounds as stored (used when an event is
    /// loaded from a database).
    pub fn restore_teams(
        &mut self,
        teams: Vec<Team>,
        rounds: Vec<TeamRoundPlan>,
    ) -> Result<(), DeskError> {
        self.teams = teams;
        self.teams.sort_by_key(|t| t.id);
        self.team_rounds = rounds;
        self.sync_total_rounds()
    }

    /// Checks that every board of every round made so far has a result.
    fn team_rounds_complete(&self) -> Result<(), DeskError> {
        let next = self.team_rounds.len() as u32 + 1;
        if self.rounds_paired() + 1 < next {
            return Err(team_err(
                next - 1,
                Message::new(
                    "the boards of the last team round are not made yet: enter the line-ups first",
                    "上一轮团体对阵尚未排出各台：请先录入出场名单",
                ),
            ));
        }
        self.check_complete()
    }

    /// Pairs the teams for the next round: a round robin by the Berger
    /// tables (C.05 Annex 1) on team numbers, the first-named team at home;
    /// a Swiss by the Dutch engine (C.04.3) on match points, as team Swiss
    /// events are paired, the home team taking the engine's White.
    pub fn pair_next_team_round(&self) -> Result<TeamRoundPlan, DeskError> {
        self.team_settings()?;
        self.team_rounds_complete()?;
        let round = self.team_rounds.len() as u32 + 1;
        let planned = self.total_rounds();
        if round > planned {
            return Err(DeskError::EventFinished(planned));
        }
        let n = self.teams.len();
        if n < 2 {
            return Err(team_err(
                round,
                Message::new(
                    format!("{n} team(s): at least 2 are needed"),
                    format!("只有 {n} 支队伍：至少需要 2 支"),
                ),
            ));
        }
        let boards = self.team_boards_per_match() as usize;
        for t in &self.teams {
            if t.roster.len() < boards {
                return Err(team_err(
                    round,
                    Message::new(
                        format!(
                            "team {} {} has {} player(s) on its roster; {boards} boards need at least {boards}",
                            t.id,
                            t.name,
                            t.roster.len()
                        ),
                        format!(
                            "第 {} 队{}的名单上只有 {} 名棋手；{boards} 台至少需要 {boards} 名",
                            t.id,
                            t.name,
                            t.roster.len()
                        ),
                    ),
                ));
            }
        }
        let mut plan = TeamRoundPlan {
            round,
            ..TeamRoundPlan::default()
        };
        match self.settings.system {
            System::RoundRobin { cycles } => {
                let schedule = berger::schedule(n as u32, cycles, cycles > 1);
                let table = schedule
                    .get(round as usize - 1)
                    .ok_or(DeskError::EventFinished(schedule.len() as u32))?;
                let id = |k: u32| self.teams[k as usize - 1].id;
                for b in table {
                    match *b {
                        Berger::Game(h, a) => plan.matches.push(TeamPairing {
                            home: id(h),
                            away: id(a),
                        }),
                        Berger::Bye(t) => plan.free = Some(id(t)),
                    }
                }
            }
            System::Swiss { .. } => {
                let input = self.team_swiss_input()?;
                let pairing = qiyuan_swiss::pair_round(&input)
                    .map_err(|e| crate::pairing::swiss_error(round, e))?;
                plan.matches = pairing
                    .boards
                    .iter()
                    .map(|&(h, a)| TeamPairing {
                        home: TeamId(h),
                        away: TeamId(a),
                    })
                    .collect();
                plan.bye = pairing.bye.map(TeamId);
            }
            System::Knockout { .. } => {
                return Err(team_err(
                    round,
                    Message::new("a team event cannot be a knockout", "团体赛不能采用淘汰制"),
                ));
            }
        }
        Ok(plan)
    }

    /// The Dutch engine's input for the next team round: each team a
    /// participant numbered by its team number, scored in match points
    /// (tenths), home = White.
    pub fn team_swiss_input(&self) -> Result<PairingInput, DeskError> {
        let ts = self.team_settings()?;
        let round = self.team_rounds.len() as u32 + 1;
        let edition = match self.settings.system {
            System::Swiss { edition, .. } => edition,
            _ => DutchEdition::Fide2026,
        };
        let mut players = Vec::new();
        for t in &self.teams {
            let mut history = Vec::new();
            for (r, plan) in self.team_rounds.iter().enumerate() {
                let entry = if plan.bye == Some(t.id) {
                    RoundEntry {
                        kind: RoundKind::PairingBye,
                        opponent: None,
                        colour: None,
                        points: qiyuan_swiss::score_of(ts.match_win),
                    }
                } else if let Some(m) = plan.match_of(t.id) {
                    let pairing = plan.matches[m];
                    let home = pairing.home == t.id;
                    let s = self.match_score(r as u32 + 1, m)?;
                    let (mine, _) = s.match_points.ok_or(DeskError::RoundIncomplete {
                        round: r as u32 + 1,
                        board: 1,
                    })?;
                    let mine = if home {
                        mine
                    } else {
                        s.match_points.unwrap().1
                    };
                    RoundEntry {
                        kind: RoundKind::Played,
                        opponent: Some(if home { pairing.away.0 } else { pairing.home.0 }),
                        colour: Some(if home { Colour::White } else { Colour::Black }),
                        points: qiyuan_swiss::score_of(mine),
                    }
                } else {
                    RoundEntry {
                        kind: RoundKind::Absent,
                        opponent: None,
                        colour: None,
                        points: 0,
                    }
                };
                history.push(entry);
            }
            players.push(qiyuan_swiss::Player {
                tpn: t.id.0,
                score: history.iter().map(|e| e.points).sum(),
                acceleration: 0,
                past_acceleration: vec![0; history.len()],
                history,
                absent: false,
            });
        }
        Ok(PairingInput {
            players,
            round,
            total_rounds: self.total_rounds().max(round),
            edition: match edition {
                DutchEdition::Fide2026 => qiyuan_swiss::Edition::Fide2026,
                DutchEdition::Fide2017 => qiyuan_swiss::Edition::Fide2017,
            },
            initial_colour: self.settings.initial_colour,
            win_points: qiyuan_swiss::score_of(ts.match_win),
            loss_points: qiyuan_swiss::score_of(ts.match_loss),
            forbidden: Vec::new(),
        })
    }

    /// Keeps a pairing of teams as the next team round (after checking
    /// that every team is known and in one match at most).
    pub fn apply_team_round(&mut self, plan: &TeamRoundPlan) -> Result<u32, DeskError> {
        self.team_settings()?;
        self.team_rounds_complete()?;
        let round = self.team_rounds.len() as u32 + 1;
        if plan.round != round {
            return Err(team_err(
                plan.round,
                Message::new(
                    format!("the next team round is {round}"),
                    format!("下一轮团体对阵是第 {round} 轮"),
                ),
            ));
        }
        if round > self.total_rounds() {
            return Err(DeskError::EventFinished(self.total_rounds()));
        }
        let mut seen = Vec::new();
        let all = plan
            .matches
            .iter()
            .flat_map(|m| [m.home, m.away])
            .chain(plan.bye)
            .chain(plan.free);
        for t in all {
            if self.team(t).is_none() {
                return Err(team_err(
                    round,
                    Message::new(format!("no team {t}"), format!("没有第 {t} 队")),
                ));
            }
            if seen.contains(&t) {
                return Err(team_err(
                    round,
                    Message::new(
                        format!("team {t} is paired twice"),
                        format!("第 {t} 队被编排了两次"),
                    ),
                ));
            }
            seen.push(t);
        }
        let mut plan = plan.clone();
        plan.line_ups.clear();
        self.team_rounds.push(plan);
        Ok(round)
    }

    /// Removes the last team round, if its boards are not made yet.
    pub fn unpair_last_team_round(&mut self) -> Result<u32, DeskError> {
        let n = self.team_rounds.len() as u32;
        if n == 0 {
            return Err(team_err(
                0,
                Message::new("no team round is paired", "尚未编排任何一轮团体对阵"),
            ));
        }
        if self.rounds_paired() >= n {
            return Err(team_err(
                n,
                Message::new(
                    "its boards are made; remove the round of boards first",
                    "该轮已排出各台：请先删除该轮的各台对局",
                ),
            ));
        }
        self.team_rounds.pop();
        Ok(n)
    }

    /// The line-up of `team` in `round`: the one entered, or else its first
    /// roster players still taking part, one per board.
    pub fn line_up(&self, round: u32, team: TeamId) -> Result<Vec<PlayerId>, DeskError> {
        let plan = self.team_round(round)?;
        if let Some(l) = plan.line_up(team) {
            return Ok(l.to_vec());
        }
        let t = self.team(team).ok_or_else(|| {
            team_err(
                round,
                Message::new(format!("no team {team}"), format!("没有第 {team} 队")),
            )
        })?;
        Ok(t.roster
            .iter()
            .copied()
            .filter(|p| self.event.player(*p).is_some_and(|p| p.active_in(round)))
            .take(self.team_boards_per_match() as usize)
            .collect())
    }

    /// Checks a line-up: one player per board, each on the team's roster,
    /// taking part in the round, none twice, and in roster order — the
    /// roster fixes the board order for the whole event (as the team
    /// regulations of FIDE and of 象棋竞赛规则 have it): a player left out
    /// lets those below him move up, but no player may play above one
    /// listed before him on the roster.
    pub fn check_line_up(
        &self,
        round: u32,
        team: TeamId,
        players: &[PlayerId],
    ) -> Result<(), DeskError> {
        let boards = self.team_boards_per_match() as usize;
        let t = self.team(team).ok_or_else(|| {
            team_err(
                round,
                Message::new(format!("no team {team}"), format!("没有第 {team} 队")),
            )
        })?;
        if players.len() != boards {
            return Err(team_err(
                round,
                Message::new(
                    format!(
                        "team {team} {}: the line-up has {} player(s), the event has {boards} boards",
                        t.name,
                        players.len()
                    ),
                    format!(
                        "第 {team} 队{}：出场名单有 {} 名棋手，而赛事为 {boards} 台",
                        t.name,
                        players.len()
                    ),
                ),
            ));
        }
        let mut last: Option<(usize, PlayerId)> = None;
        for (b, p) in players.iter().enumerate() {
            let Some(pos) = t.roster.iter().position(|r| r == p) else {
                return Err(team_err(
                    round,
                    Message::new(
                        format!(
                            "team {team} {}, board {}: player {p} is not on the team's roster",
                            t.name,
                            b + 1
                        ),
                        format!("第 {team} 队{}第 {} 台：{p}号不在本队名单上", t.name, b + 1),
                    ),
                ));
            };
            if players[..b].contains(p) {
                return Err(team_err(
                    round,
                    Message::new(
                        format!("team {team} {}: player {p} is on two boards", t.name),
                        format!("第 {team} 队{}：{p}号出现在两个台次", t.name),
                    ),
                ));
            }
            if !self.event.player(*p).is_some_and(|x| x.active_in(round)) {
                return Err(team_err(
                    round,
                    Message::new(
                        format!(
                            "team {team} {}, board {}: player {p} does not take part in this round",
                            t.name,
                            b + 1
                        ),
                        format!("第 {team} 队{}第 {} 台：{p}号不参加本轮", t.name, b + 1),
                    ),
                ));
            }
            if let Some((prev, q)) = last
                && pos < prev
            {
                return Err(team_err(
                    round,
                    Message::new(
                        format!(
                            "team {team} {}: board order breaks the roster order — player {p} (roster place {}) cannot play board {} below player {q} (roster place {})",
                            t.name,
                            pos + 1,
                            b + 1,
                            prev + 1
                        ),
                        format!(
                            "第 {team} 队{}：台次违反名单顺序——{p}号（名单第 {} 位）不能排在第 {} 台、位于{q}号（名单第 {} 位）之后",
                            t.name,
                            pos + 1,
                            b + 1,
                            prev + 1
                        ),
                    ),
                ));
            }
            last = Some((pos, *p));
        }
        Ok(())
    }

    /// Enters the line-up of `team` for `round` (board 1 first), before the
    /// round's boards are made. See [`DeskEvent::check_line_up`].
    pub fn set_line_up(
        &mut self,
        round: u32,
        team: TeamId,
        players: Vec<PlayerId>,
    ) -> Result<(), DeskError> {
        let plan = self.team_round(round)?;
        if plan.match_of(team).is_none() {
            return Err(team_err(
                round,
                Message::new(
                    format!("team {team} has no match in this round"),
                    format!("第 {team} 队本轮没有对阵"),
                ),
            ));
        }
        if self.rounds_paired() >= round {
            return Err(team_err(
                round,
                Message::new(
                    "the boards of this round are made; the line-ups are fixed",
                    "本轮已排出各台：出场名单已确定",
                ),
            ));
        }
        self.check_line_up(round, team, &players)?;
        let plan = &mut self.team_rounds[round as usize - 1];
        plan.line_ups.retain(|(t, _)| *t != team);
        plan.line_ups.push((team, players));
        plan.line_ups.sort_by_key(|(t, _)| *t);
        Ok(())
    }

    /// The boards of a team round from its pairing and line-ups (a team
    /// without a line-up entered plays its first roster players): match 1's
    /// boards first; on each board the first-named team has White (Red) on
    /// odd boards and Black on even ones.
    pub fn team_boards(&self, round: u32) -> Result<ProposedRound, DeskError> {
        let plan = self.team_round(round)?;
        let mut out = ProposedRound {
            round,
            ..ProposedRound::default()
        };
        for m in &plan.matches {
            let home = self.line_up(round, m.home)?;
            let away = self.line_up(round, m.away)?;
            self.check_line_up(round, m.home, &home)?;
            self.check_line_up(round, m.away, &away)?;
            for (b, (h, a)) in home.iter().zip(&away).enumerate() {
                out.boards.push(if home_colour(b + 1) == Colour::White {
                    Board {
                        white: *h,
                        black: *a,
                    }
                } else {
                    Board {
                        white: *a,
                        black: *h,
                    }
                });
            }
        }
        Ok(out)
    }

    /// Makes the boards of a team round ([`DeskEvent::team_boards`]) and
    /// fixes its line-ups. Returns them.
    pub fn apply_team_boards(&mut self, round: u32) -> Result<ProposedRound, DeskError> {
        let boards = self.team_boards(round)?;
        let mut next = self.clone();
        next.apply_round(&boards)?;
        let fixed: Vec<(TeamId, Vec<PlayerId>)> = {
            let plan = &next.team_rounds[round as usize - 1];
            let mut v = Vec::new();
            for m in &plan.matches {
                for t in [m.home, m.away] {
                    v.push((t, next.line_up(round, t)?));
                }
            }
            v.sort_by_key(|(t, _)| *t);
            v
        };
        next.team_rounds[round as usize - 1].line_ups = fixed;
        *self = next;
        Ok(boards)
    }

    /// The games of match `index` (0-based) of `round`, board 1 first, as
    /// the tournament crate's board games; `None` before the boards are made.
    pub fn match_boards(
        &self,
        round: u32,
        index: usize,
    ) -> Result<Option<Vec<BoardGame>>, DeskError> {
        let plan = self.team_round(round)?;
        let m = plan.matches.get(index).ok_or_else(|| {
            team_err(
                round,
                Message::new(
                    format!("no match {}", index + 1),
                    format!("没有第 {} 场对阵", index + 1),
                ),
            )
        })?;
        let Some(games) = self.event.rounds().get(round as usize - 1) else {
            return Ok(None);
        };
        let home = plan.line_up(m.home).unwrap_or_default();
        let away = plan.line_up(m.away).unwrap_or_default();
        let mut out = Vec::new();
        for (h, a) in home.iter().zip(away) {
            let g = games
                .games
                .iter()
                .find(|g| (g.white == *h && g.black == *a) || (g.white == *a && g.black == *h))
                .ok_or_else(|| {
                    team_err(
                        round,
                        Message::new(
                            format!("no game between players {h} and {a}"),
                            format!("{h}号与{a}号之间没有对局"),
                        ),
                    )
                })?;
            out.push(BoardGame {
                home_player: *h,
                away_player: *a,
                home_colour: if g.white == *h {
                    Colour::White
                } else {
                    Colour::Black
                },
                result: g.result,
            });
        }
        Ok(Some(out))
    }

    /// The points of the match: game points of each side (pending boards
    /// count nothing yet) and, when every board has a result, match points
    /// (象棋竞赛规则 2011 13.2: more game points wins the match).
    pub fn match_score(&self, round: u32, index: usize) -> Result<MatchScore, DeskError> {
        let sc = self.team_scoring()?;
        let boards = self.match_boards(round, index)?.unwrap_or_default();
        let (mut h, mut a) = (Decimal::ZERO, Decimal::ZERO);
        let mut pending = boards.is_empty();
        for b in &boards {
            if b.result == GameResult::Pending {
                pending = true;
                continue;
            }
            let (w, bl) = game_points(&sc, b.result);
            if b.home_colour == Colour::White {
                h += w;
                a += bl;
            } else {
                h += bl;
                a += w;
            }
        }
        let mp = match_points(h, a, sc.match_win, sc.match_draw, sc.match_loss);
        Ok(MatchScore {
            home_games: h,
            away_games: a,
            match_points: (!pending).then_some(mp),
        })
    }

    /// The team scoring: game points from the event's scoring, match points
    /// from the team settings, the pairing-allocated bye a won match.
    pub fn team_scoring(&self) -> Result<TeamScoring, DeskError> {
        let ts = self.team_settings()?;
        Ok(TeamScoring {
            game: self.settings.scoring.system(),
            match_win: ts.match_win,
            match_draw: ts.match_draw,
            match_loss: ts.match_loss,
            bye_match_points: ts.match_win,
        })
    }

    /// The event in the tournament crate's team model: every team round
    /// whose boards are made.
    pub fn team_event(&self) -> Result<TeamEvent, DeskError> {
        let ts = self.team_settings()?;
        let kind = if self.settings.is_round_robin() {
            EventKind::RoundRobin
        } else {
            EventKind::Swiss
        };
        let mut e = TeamEvent::new(kind, self.total_rounds(), ts.boards);
        let conv = |round: u32, e: qiyuan_tournament::team::TeamError| {
            team_err(round, Message::from_fn(|lang| e.text(lang)))
        };
        for t in &self.teams {
            e.add_team(t.clone()).map_err(|x| conv(0, x))?;
        }
        for plan in &self.team_rounds {
            if self.rounds_paired() < plan.round {
                break;
            }
            let r = e.add_round();
            for (i, m) in plan.matches.iter().enumerate() {
                let boards = self.match_boards(plan.round, i)?.unwrap_or_default();
                e.add_match(
                    r,
                    TeamMatch {
                        home: m.home,
                        away: m.away,
                        boards,
                    },
                )
                .map_err(|x| conv(r, x))?;
            }
            if let Some(b) = plan.bye {
                e.add_bye(r, b).map_err(|x| conv(r, x))?;
            }
        }
        Ok(e)
    }

    /// Team rounds whose every board has a result.
    pub fn team_rounds_finished(&self) -> u32 {
        let mut n = 0;
        for plan in &self.team_rounds {
            let done = self
                .event
                .rounds()
                .get(plan.round as usize - 1)
                .is_some_and(|r| r.games.iter().all(|g| g.result != GameResult::Pending));
            if !done {
                break;
            }
            n = plan.round;
        }
        n
    }

    /// Team standings after the last round with every result (or after
    /// `after_round`), with the event's team tie-breaks.
    pub fn team_standings(&self, after_round: Option<u32>) -> Result<TeamStandings, DeskError> {
        let ts = self.team_settings()?;
        let cfg = TeamStandingsConfig {
            scoring: self.team_scoring()?,
            primary: Default::default(),
            tiebreaks: team_tiebreaks(&ts.tiebreaks)?,
            after_round: Some(after_round.unwrap_or(self.team_rounds_finished())),
        };
        compute_team_standings(&self.team_event()?, &cfg)
            .map_err(|e| DeskError::Standings(Message::from_fn(|lang| e.text(lang))))
    }
}

/// Game points (White's, Black's) of a result.
fn game_points(sc: &TeamScoring, r: GameResult) -> (Decimal, Decimal) {
    let s = &sc.game;
    match r {
        GameResult::Pending => (Decimal::ZERO, Decimal::ZERO),
        GameResult::WhiteWins => (s.win, s.loss),
        GameResult::BlackWins => (s.loss, s.win),
        GameResult::Draw => (s.draw_white, s.draw_black),
        GameResult::WhiteForfeitWin => (s.forfeit_win, s.forfeit_loss),
        GameResult::BlackForfeitWin => (s.forfeit_loss, s.forfeit_win),
        GameResult::DoubleForfeit => (s.double_forfeit, s.double_forfeit),
    }
}
