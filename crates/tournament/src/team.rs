//! Team events: teams and rosters, line-ups per round, matches over several
//! boards, match points (场分) from game points (局分), and team standings
//! with the team tie-breaks of FIDE C.07 (2024) art. 12–13.
//!
//! ```
//! use qiyuan_tournament::model::{Colour, EventKind, GameResult, PlayerId};
//! use qiyuan_tournament::team::*;
//! use rust_decimal_macros::dec;
//! let mut e = TeamEvent::new(EventKind::RoundRobin, 1, 2);
//! e.add_team(Team::new(1, "北京", [11, 12])).unwrap();
//! e.add_team(Team::new(2, "上海", [21, 22])).unwrap();
//! let r = e.add_round();
//! e.add_match(r, TeamMatch::new(1, 2, [
//!     BoardGame::new(11, 21, Colour::White, GameResult::WhiteWins),
//!     BoardGame::new(12, 22, Colour::Black, GameResult::Draw),
//! ])).unwrap();
//! let s = compute_team_standings(&e, &TeamStandingsConfig::default()).unwrap();
//! assert_eq!(s.rows[0].team, TeamId(1));
//! assert_eq!((s.rows[0].match_points, s.rows[0].game_points), (dec!(2), dec!(1.5)));
//! ```

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use qiyuan_vocab::Lang;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::model::{Colour, EventKind, GameResult, GameScore, Outcome, PlayerId};
use crate::scoring::{ScoringSystem, match_points};
use crate::standings::{Ctx, Shown, Slot, StandingsConfig, StandingsError, half_up, split};
use crate::tiebreak::{TieBreak, TieBreakKind, TieBreakParseError};

/// A team's number (start number of the team).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TeamId(pub u32);

impl fmt::Display for TeamId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A team and its roster, in board order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    /// Team number.
    pub id: TeamId,
    /// Name (队名).
    pub name: String,
    /// Registered players, in board order (empty: any player accepted).
    pub roster: Vec<PlayerId>,
}

impl Team {
    /// A team with a roster of player numbers.
    pub fn new(id: u32, name: impl Into<String>, roster: impl IntoIterator<Item = u32>) -> Team {
        Team {
            id: TeamId(id),
            name: name.into(),
            roster: roster.into_iter().map(PlayerId).collect(),
        }
    }
}

/// One board of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardGame {
    /// Player of the first-named (home) team.
    pub home_player: PlayerId,
    /// Player of the away team.
    pub away_player: PlayerId,
    /// Colour of the home player.
    pub home_colour: Colour,
    /// Result, in White/Black terms.
    pub result: GameResult,
}

impl BoardGame {
    /// A board game.
    pub fn new(home: u32, away: u32, home_colour: Colour, result: GameResult) -> BoardGame {
        BoardGame {
            home_player: PlayerId(home),
            away_player: PlayerId(away),
            home_colour,
            result,
        }
    }
}

/// A match between two teams; `boards[0]` is board 1 (the line-up of the round).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamMatch {
    /// First-named team.
    pub home: TeamId,
    /// Second-named team.
    pub away: TeamId,
    /// The games, board 1 first.
    pub boards: Vec<BoardGame>,
}

impl TeamMatch {
    /// A match.
    pub fn new(home: u32, away: u32, boards: impl IntoIterator<Item = BoardGame>) -> TeamMatch {
        TeamMatch {
            home: TeamId(home),
            away: TeamId(away),
            boards: boards.into_iter().collect(),
        }
    }
}

/// One round of a team event.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamRound {
    /// Matches.
    pub matches: Vec<TeamMatch>,
    /// Teams with the pairing-allocated bye.
    pub byes: Vec<TeamId>,
}

/// Errors building a team event.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TeamError {
    /// Duplicate team number.
    #[error("team {0} is registered twice")]
    DuplicateTeam(TeamId),
    /// Unknown team.
    #[error("round {round}: team {team} is not registered")]
    UnknownTeam {
        /// Round.
        round: u32,
        /// Team.
        team: TeamId,
    },
    /// A team already plays this round.
    #[error("round {round}: team {team} already has a match or a bye")]
    AlreadyPaired {
        /// Round.
        round: u32,
        /// Team.
        team: TeamId,
    },
    /// Wrong number of boards.
    #[error("round {round}: match {home}-{away} has {found} boards, the event has {boards}")]
    Boards {
        /// Round.
        round: u32,
        /// Home team.
        home: TeamId,
        /// Away team.
        away: TeamId,
        /// Boards found.
        found: usize,
        /// Boards of the event.
        boards: u32,
    },
    /// A player not on the team's roster, or on two boards.
    #[error(
        "round {round}: player {player} cannot play for team {team} (not on the roster, or on two boards)"
    )]
    LineUp {
        /// Round.
        round: u32,
        /// Team.
        team: TeamId,
        /// Player.
        player: PlayerId,
    },
    /// A team against itself, or a round that does not exist.
    #[error("round {round}: {what}")]
    Invalid {
        /// Round.
        round: u32,
        /// Description.
        what: String,
    },
}

impl TeamError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            TeamError::DuplicateTeam(t) => format!("{t} 号队登记了两次"),
            TeamError::UnknownTeam { round, team } => format!("第 {round} 轮：{team} 号队未登记"),
            TeamError::AlreadyPaired { round, team } => {
                format!("第 {round} 轮：{team} 号队已有比赛或轮空")
            }
            TeamError::Boards {
                round,
                home,
                away,
                found,
                boards,
            } => format!("第 {round} 轮：{home}-{away} 一场有 {found} 台，本赛事每场 {boards} 台"),
            TeamError::LineUp {
                round,
                team,
                player,
            } => format!(
                "第 {round} 轮：{player} 号棋手不能代表 {team} 号队出场（不在名单中，或排在两个台次）"
            ),
            TeamError::Invalid { round, what } => format!("第 {round} 轮：{}", team_what_zh(what)),
        }
    }
}

/// The Chinese of a [`TeamError::Invalid`] description.
fn team_what_zh(what: &str) -> String {
    if what == "no such round" {
        return "没有这一轮".to_string();
    }
    if let Some(team) = what
        .strip_prefix("team ")
        .and_then(|w| w.strip_suffix(" paired against itself"))
    {
        return format!("{team} 号队与自己配对");
    }
    "编排有误".to_string()
}

/// A team tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamEvent {
    kind: EventKind,
    total_rounds: u32,
    boards: u32,
    teams: Vec<Team>,
    index: HashMap<TeamId, usize>,
    rounds: Vec<TeamRound>,
}

impl TeamEvent {
    /// An empty event of `total_rounds` rounds on `boards` boards.
    pub fn new(kind: EventKind, total_rounds: u32, boards: u32) -> TeamEvent {
        TeamEvent {
            kind,
            total_rounds,
            boards,
            teams: Vec::new(),
            index: HashMap::new(),
            rounds: Vec::new(),
        }
    }

    /// Registered teams.
    pub fn teams(&self) -> &[Team] {
        &self.teams
    }

    /// Rounds entered.
    pub fn rounds(&self) -> &[TeamRound] {
        &self.rounds
    }

    /// Boards per match.
    pub fn boards(&self) -> u32 {
        self.boards
    }

    /// Registers a team.
    pub fn add_team(&mut self, team: Team) -> Result<(), TeamError> {
        if self.index.contains_key(&team.id) {
            return Err(TeamError::DuplicateTeam(team.id));
        }
        self.index.insert(team.id, self.teams.len());
        self.teams.push(team);
        Ok(())
    }

    /// Appends an empty round; returns its number.
    pub fn add_round(&mut self) -> u32 {
        self.rounds.push(TeamRound::default());
        self.rounds.len() as u32
    }

    fn check_team(&self, round: u32, team: TeamId) -> Result<usize, TeamError> {
        let i = *self
            .index
            .get(&team)
            .ok_or(TeamError::UnknownTeam { round, team })?;
        let r = &self.rounds[round as usize - 1];
        if r.byes.contains(&team) || r.matches.iter().any(|m| m.home == team || m.away == team) {
            return Err(TeamError::AlreadyPaired { round, team });
        }
        Ok(i)
    }

    fn check_round(&self, round: u32) -> Result<(), TeamError> {
        if round == 0 || round as usize > self.rounds.len() || round > self.total_rounds {
            return Err(TeamError::Invalid {
                round,
                what: "no such round".into(),
            });
        }
        Ok(())
    }

    /// Adds a match (its boards are the two line-ups of the round).
    pub fn add_match(&mut self, round: u32, m: TeamMatch) -> Result<(), TeamError> {
        self.check_round(round)?;
        if m.home == m.away {
            return Err(TeamError::Invalid {
                round,
                what: format!("team {} paired against itself", m.home),
            });
        }
        let h = self.check_team(round, m.home)?;
        let a = self.check_team(round, m.away)?;
        if m.boards.len() != self.boards as usize {
            return Err(TeamError::Boards {
                round,
                home: m.home,
                away: m.away,
                found: m.boards.len(),
                boards: self.boards,
            });
        }
        for (t, side) in [(h, true), (a, false)] {
            let team = &self.teams[t];
            let mut seen = Vec::new();
            for b in &m.boards {
                let p = if side { b.home_player } else { b.away_player };
                if (!team.roster.is_empty() && !team.roster.contains(&p)) || seen.contains(&p) {
                    return Err(TeamError::LineUp {
                        round,
                        team: team.id,
                        player: p,
                    });
                }
                seen.push(p);
            }
        }
        self.rounds[round as usize - 1].matches.push(m);
        Ok(())
    }

    /// Gives `team` the pairing-allocated bye in `round`.
    pub fn add_bye(&mut self, round: u32, team: TeamId) -> Result<(), TeamError> {
        self.check_round(round)?;
        self.check_team(round, team)?;
        self.rounds[round as usize - 1].byes.push(team);
        Ok(())
    }

    /// The line-up of `team` in `round` (board 1 first), if it played.
    pub fn line_up(&self, round: u32, team: TeamId) -> Option<Vec<PlayerId>> {
        let r = self.rounds.get((round as usize).checked_sub(1)?)?;
        r.matches.iter().find_map(|m| {
            if m.home == team {
                Some(m.boards.iter().map(|b| b.home_player).collect())
            } else if m.away == team {
                Some(m.boards.iter().map(|b| b.away_player).collect())
            } else {
                None
            }
        })
    }
}

/// Points of a team event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamScoring {
    /// Points of each board game (局分).
    pub game: ScoringSystem,
    /// Match points (场分) for a match won.
    pub match_win: Decimal,
    /// Match points for a drawn match.
    pub match_draw: Decimal,
    /// Match points for a lost match.
    pub match_loss: Decimal,
    /// Match points of the pairing-allocated bye (its game points: a win on every board).
    pub bye_match_points: Decimal,
}

impl TeamScoring {
    /// Chess: games 1 / ½ / 0, matches 2 / 1 / 0, the bye a won match.
    pub fn fide() -> TeamScoring {
        TeamScoring {
            game: ScoringSystem::fide(),
            match_win: Decimal::TWO,
            match_draw: Decimal::ONE,
            match_loss: Decimal::ZERO,
            bye_match_points: Decimal::TWO,
        }
    }

    /// 象棋竞赛规则 (2011) 13.1–13.2: games 2 / 1 / 0, matches 2 / 1 / 0.
    pub fn xiangqi_2011() -> TeamScoring {
        TeamScoring {
            game: ScoringSystem::xiangqi_2011(),
            ..TeamScoring::fide()
        }
    }
}

impl Default for TeamScoring {
    fn default() -> Self {
        TeamScoring::fide()
    }
}

/// Match points (MP, 场分) or game points (GP, 局分).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Score {
    /// Match points.
    #[default]
    Match,
    /// Game points.
    Game,
}

impl Score {
    fn other(self) -> Score {
        match self {
            Score::Match => Score::Game,
            Score::Game => Score::Match,
        }
    }

    fn code(self) -> &'static str {
        match self {
            Score::Match => "MP",
            Score::Game => "GP",
        }
    }
}

/// A team tie-break.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TeamTieBreakKind {
    /// An individual tie-break computed on match or game points (`BH:GP`,
    /// `WIN:MP`, `PS`, `SB:MP`, `DE`, `KS:GP`, `AOB`, `FB` …; default: the primary score).
    OnScore(TieBreakKind, Option<Score>),
    /// MPvGP (13.1): the secondary score.
    SecondaryScore,
    /// BC (12.1): Σ board number × game points on that board (lower is better).
    BoardCount,
    /// TBR (12.2): game points on board 1, then board 2, … (value: place in the tied group).
    TopBoardResults,
    /// BBE (12.3): game points without the bottom board, then without the two
    /// bottom boards, … (value: place in the tied group).
    BottomBoardElimination,
    /// ESB (13.2): Σ opponent's score in the first kind × own score against him
    /// in the second (EMMSB, EMGSB, EGMSB, EGGSB; ESB = EMGSB with MP primary).
    ExtendedSonnebornBerger(Score, Score),
    /// EDE (13.3): direct encounter on the primary score, then on the
    /// secondary, restarting on every new tied subset (value: place in group).
    ExtendedDirectEncounter,
    /// SSSC (13.4): secondary score + Buchholz on the primary score ÷ K.
    ScoreStrengthCombination,
}

/// A team tie-break with its modifiers (/C1 /C2 /M1 /M2 /P /F /K n …).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamTieBreak {
    /// What it computes.
    pub kind: TeamTieBreakKind,
    /// Modifiers (the `kind` field of this inner value is ignored except for
    /// [`TeamTieBreakKind::OnScore`]).
    pub modifiers: TieBreak,
}

impl TeamTieBreak {
    /// The legend's note on this column's figures where they are not the
    /// value sorted by: DE and EDE show the points among the tied teams
    /// on the score they start with (C.07 6.1, 13.3.1), as
    /// [`TieBreakKind::shown_note`] says of DE.
    pub fn shown_note(&self, lang: qiyuan_vocab::Lang) -> Option<&'static str> {
        match self.kind {
            TeamTieBreakKind::OnScore(TieBreakKind::DirectEncounter, _)
            | TeamTieBreakKind::ExtendedDirectEncounter => {
                TieBreakKind::DirectEncounter.shown_note(lang)
            }
            _ => None,
        }
    }
}

impl fmt::Display for TeamTieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let code = match self.kind {
            TeamTieBreakKind::OnScore(k, s) => {
                format!(
                    "{}{}",
                    k.code(),
                    s.map(|s| format!(":{}", s.code())).unwrap_or_default()
                )
            }
            TeamTieBreakKind::SecondaryScore => "MPvGP".into(),
            TeamTieBreakKind::BoardCount => "BC".into(),
            TeamTieBreakKind::TopBoardResults => "TBR".into(),
            TeamTieBreakKind::BottomBoardElimination => "BBE".into(),
            TeamTieBreakKind::ExtendedSonnebornBerger(a, b) => {
                format!("E{}{}SB", &a.code()[..1], &b.code()[..1])
            }
            TeamTieBreakKind::ExtendedDirectEncounter => "EDE".into(),
            TeamTieBreakKind::ScoreStrengthCombination => "SSSC".into(),
        };
        // The modifiers as the individual tie-break prints them, after its code.
        let m = self.modifiers.to_string();
        let mods = m.find('/').map(|i| &m[i..]).unwrap_or("");
        write!(f, "{code}{mods}")
    }
}

impl FromStr for TeamTieBreak {
    type Err = TieBreakParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        let (head, mods) = match s.find('/') {
            Some(i) => (&s[..i], &s[i..]),
            None => (s, ""),
        };
        let head_up = head.to_ascii_uppercase();
        let (name, score) = match head_up.split_once(':') {
            Some((n, "MP")) => (n.to_string(), Some(Score::Match)),
            Some((n, "GP")) => (n.to_string(), Some(Score::Game)),
            Some(_) => return Err(TieBreakParseError::UnknownCode(s.to_string())),
            None => (head_up.clone(), None),
        };
        let letter = |c: char| if c == 'M' { Score::Match } else { Score::Game };
        let kind = match name.as_str() {
            "MPVGP" => TeamTieBreakKind::SecondaryScore,
            "BC" => TeamTieBreakKind::BoardCount,
            "TBR" => TeamTieBreakKind::TopBoardResults,
            "BBE" => TeamTieBreakKind::BottomBoardElimination,
            "EDE" => TeamTieBreakKind::ExtendedDirectEncounter,
            "SSSC" => TeamTieBreakKind::ScoreStrengthCombination,
            "ESB" => TeamTieBreakKind::ExtendedSonnebornBerger(Score::Match, Score::Game),
            n if n.len() == 5
                && n.starts_with('E')
                && n.ends_with("SB")
                && n[1..3].chars().all(|c| c == 'M' || c == 'G') =>
            {
                let c: Vec<char> = n.chars().collect();
                TeamTieBreakKind::ExtendedSonnebornBerger(letter(c[1]), letter(c[2]))
            }
            _ => {
                let tb: TieBreak = format!("{name}{mods}").parse()?;
                return Ok(TeamTieBreak {
                    kind: TeamTieBreakKind::OnScore(tb.kind, score),
                    modifiers: tb,
                });
            }
        };
        // Parse the modifiers through an individual code that accepts them all.
        let modifiers: TieBreak = format!("BH{mods}").parse()?;
        Ok(TeamTieBreak { kind, modifiers })
    }
}

/// Parses a comma-separated team tie-break list, e.g. `"MPvGP,EDE,BC"`.
pub fn parse_team_list(list: &str) -> Result<Vec<TeamTieBreak>, TieBreakParseError> {
    list.split(',')
        .filter(|s| !s.trim().is_empty())
        .map(str::parse)
        .collect()
}

/// What to compute.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TeamStandingsConfig {
    /// Points.
    pub scoring: TeamScoring,
    /// Primary score (default match points, C.07 11.1).
    pub primary: Score,
    /// Tie-breaks in order.
    pub tiebreaks: Vec<TeamTieBreak>,
    /// Standings after this round (default: every entered round).
    pub after_round: Option<u32>,
}

/// One line of the team standings.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TeamStandingRow {
    /// Rank (shared when tied).
    pub rank: u32,
    /// Team.
    pub team: TeamId,
    /// Match points (场分).
    pub match_points: Decimal,
    /// Game points (局分).
    pub game_points: Decimal,
    /// Tie-break values, in list order: the keys the ranking sorts by.
    pub values: Vec<Option<Decimal>>,
    /// The tie-break values as tables print them (DE and EDE: the points
    /// among the tied, see [`crate::standings::Shown`]).
    pub shown: Vec<Shown>,
}

/// Team standings, best first.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TeamStandings {
    /// Tie-breaks applied.
    pub tiebreaks: Vec<TeamTieBreak>,
    /// Rows in rank order.
    pub rows: Vec<TeamStandingRow>,
}

impl TeamStandings {
    /// The row of a team.
    pub fn row(&self, id: TeamId) -> Option<&TeamStandingRow> {
        self.rows.iter().find(|r| r.team == id)
    }
}

/// Per team and round: (match-point slot, game-point slot, game points per board).
type TeamTable = (Vec<Vec<Slot>>, Vec<Vec<Slot>>, Vec<Vec<Decimal>>);

fn build(event: &TeamEvent, sc: &TeamScoring, rounds: usize) -> TeamTable {
    let n = event.teams.len();
    let boards = event.boards as usize;
    let absent = Slot {
        opp: None,
        colour: None,
        otb: false,
        pab: false,
        vur: true,
        points: Decimal::ZERO,
        rpoints: None,
        bye: false,
    };
    let mut mp = vec![vec![absent; rounds]; n];
    let mut gp = vec![vec![absent; rounds]; n];
    let mut bp = vec![vec![Decimal::ZERO; boards]; n];
    for (r, round) in event.rounds.iter().take(rounds).enumerate() {
        for m in &round.matches {
            let (h, a) = (event.index[&m.home], event.index[&m.away]);
            let mut pts = [Decimal::ZERO; 2];
            let mut played = false;
            for (b, g) in m.boards.iter().enumerate() {
                played |= g.result.is_played();
                for (side, colour) in [(0, g.home_colour), (1, g.home_colour.opposite())] {
                    let p = sc.game.points(board_outcome(g.result, colour));
                    pts[side] += p;
                    bp[if side == 0 { h } else { a }][b] += p;
                }
            }
            for (side, (t, o)) in [(h, a), (a, h)].into_iter().enumerate() {
                let (mine, theirs) = (pts[side], pts[1 - side]);
                let (m_pts, _) =
                    match_points(mine, theirs, sc.match_win, sc.match_draw, sc.match_loss);
                let vur = !played && mine <= theirs;
                let base = Slot {
                    opp: Some(o),
                    otb: played,
                    vur,
                    ..absent
                };
                mp[t][r] = Slot {
                    points: m_pts,
                    ..base
                };
                gp[t][r] = Slot {
                    points: mine,
                    ..base
                };
            }
        }
        for id in &round.byes {
            let t = event.index[id];
            let base = Slot {
                pab: true,
                bye: true,
                vur: false,
                ..absent
            };
            mp[t][r] = Slot {
                points: sc.bye_match_points,
                ..base
            };
            gp[t][r] = Slot {
                points: sc.game.win * Decimal::from(event.boards),
                ..base
            };
            for b in bp[t].iter_mut() {
                *b += sc.game.win;
            }
        }
    }
    (mp, gp, bp)
}

/// A board game's outcome for the player of `colour`.
fn board_outcome(result: GameResult, colour: Colour) -> Outcome {
    let opponent = PlayerId(0);
    let white = colour == Colour::White;
    let played = |score| Outcome::Played {
        opponent,
        colour,
        score,
    };
    match result {
        GameResult::Pending => Outcome::Pending { opponent, colour },
        GameResult::Draw => played(GameScore::Draw),
        GameResult::WhiteWins => played(if white {
            GameScore::Win
        } else {
            GameScore::Loss
        }),
        GameResult::BlackWins => played(if white {
            GameScore::Loss
        } else {
            GameScore::Win
        }),
        GameResult::WhiteForfeitWin if white => Outcome::ForfeitWin { opponent, colour },
        GameResult::BlackForfeitWin if !white => Outcome::ForfeitWin { opponent, colour },
        GameResult::WhiteForfeitWin | GameResult::BlackForfeitWin => {
            Outcome::ForfeitLoss { opponent, colour }
        }
        GameResult::DoubleForfeit => Outcome::DoubleForfeit { opponent, colour },
    }
}

/// Computes the team standings.
pub fn compute_team_standings(
    event: &TeamEvent,
    cfg: &TeamStandingsConfig,
) -> Result<TeamStandings, StandingsError> {
    let entered = event.rounds.len() as u32;
    let rounds = cfg.after_round.unwrap_or(entered);
    if rounds > entered {
        return Err(StandingsError::RoundNotEntered {
            requested: rounds,
            entered,
        });
    }
    for (r, round) in event.rounds.iter().take(rounds as usize).enumerate() {
        for m in &round.matches {
            if let Some(g) = m.boards.iter().find(|g| g.result == GameResult::Pending) {
                return Err(StandingsError::Pending {
                    round: r as u32 + 1,
                    player: g.home_player,
                });
            }
        }
    }
    let (mp, gp, bp) = build(event, &cfg.scoring, rounds as usize);
    let ids: Vec<PlayerId> = event.teams.iter().map(|t| PlayerId(t.id.0)).collect();
    let rr = event.kind == EventKind::RoundRobin;
    let total = event.total_rounds as usize;
    let sc = &cfg.scoring;
    let boards = Decimal::from(event.boards);
    let base = StandingsConfig::default();
    let mctx = Ctx::from_slots(
        ids.clone(),
        mp,
        total,
        rr,
        sc.match_win,
        sc.match_draw,
        &base,
    );
    let gctx = Ctx::from_slots(
        ids,
        gp,
        total,
        rr,
        sc.game.win * boards,
        sc.game.draw() * boards,
        &base,
    );
    let ctx = |s: Score| if s == Score::Match { &mctx } else { &gctx };
    let primary = ctx(cfg.primary);
    let secondary = ctx(cfg.primary.other());
    let n = event.teams.len();
    let tbs = &cfg.tiebreaks;
    let mut values: Vec<Vec<Option<Decimal>>> = vec![vec![None; tbs.len()]; n];
    let mut shown: Vec<Vec<Shown>> = vec![vec![Shown::default(); tbs.len()]; n];
    let team_ids: Vec<TeamId> = event.teams.iter().map(|t| t.id).collect();
    let mut order: Vec<usize> = (0..n).collect();
    let pts = primary.totals();
    order.sort_by(|&a, &b| pts[b].cmp(&pts[a]).then(team_ids[a].cmp(&team_ids[b])));
    let mut groups = split(&order, |a, b| pts[a] == pts[b]);
    for (t, tb) in tbs.iter().enumerate() {
        let m = &tb.modifiers;
        let mut lower_better = false;
        let mut grouped: Option<GroupFn<'_>> = None;
        // DE and EDE show the points among the tied on this score (C.07
        // 6.1; EDE 13.3.1 starts with the primary score).
        let mut de_shown: Option<(&Ctx<'_>, bool)> = None;
        let global: Vec<Option<Decimal>> = match tb.kind {
            TeamTieBreakKind::OnScore(TieBreakKind::DirectEncounter, s) => {
                let c = ctx(s.unwrap_or(cfg.primary));
                let pre = m.forfeits_as_played || rr;
                grouped = Some(Box::new(move |g: &[usize]| repeat_de(g, &[c], pre)));
                de_shown = Some((c, pre));
                lower_better = true;
                Vec::new()
            }
            TeamTieBreakKind::OnScore(kind, s) => {
                lower_better = !kind.higher_is_better();
                ctx(s.unwrap_or(cfg.primary)).global(m)
            }
            TeamTieBreakKind::SecondaryScore => {
                secondary.totals().iter().map(|&v| Some(v)).collect()
            }
            TeamTieBreakKind::BoardCount => {
                lower_better = true;
                bp.iter()
                    .map(|b| {
                        Some(
                            b.iter()
                                .enumerate()
                                .map(|(i, p)| Decimal::from(i as u64 + 1) * p)
                                .sum(),
                        )
                    })
                    .collect()
            }
            TeamTieBreakKind::TopBoardResults => {
                let bp = &bp;
                grouped = Some(Box::new(move |g: &[usize]| {
                    lexicographic(g, |x| bp[x].clone())
                }));
                lower_better = true;
                Vec::new()
            }
            TeamTieBreakKind::BottomBoardElimination => {
                let bp = &bp;
                grouped = Some(Box::new(move |g: &[usize]| {
                    lexicographic(g, |x| {
                        let mut total: Decimal = bp[x].iter().sum();
                        bp[x]
                            .iter()
                            .rev()
                            .take(bp[x].len().saturating_sub(1))
                            .map(|b| {
                                total -= b;
                                total
                            })
                            .collect()
                    })
                }));
                lower_better = true;
                Vec::new()
            }
            TeamTieBreakKind::ExtendedSonnebornBerger(x, y) => ctx(x)
                .buchholz_family_with(m, true, false, Some(ctx(y).slots()))
                .into_iter()
                .map(Some)
                .collect(),
            TeamTieBreakKind::ExtendedDirectEncounter => {
                let pre = m.forfeits_as_played || rr;
                grouped = Some(Box::new(move |g: &[usize]| {
                    repeat_de(g, &[primary, secondary], pre)
                }));
                de_shown = Some((primary, pre));
                lower_better = true;
                Vec::new()
            }
            TeamTieBreakKind::ScoreStrengthCombination => {
                let bh = primary.buchholz_family_with(m, false, m.fore, None);
                let k = match m.k {
                    Some(k) if k > 0 => Decimal::from(k),
                    _ => {
                        let r = Decimal::from(rounds);
                        let q = match cfg.primary {
                            Score::Match => (sc.match_win * r).checked_div(sc.game.win * boards),
                            Score::Game => (sc.game.win * r * boards).checked_div(sc.match_win),
                        };
                        q.unwrap_or(Decimal::ONE).floor().max(Decimal::ONE)
                    }
                };
                (0..n)
                    .map(|i| Some(half_up(secondary.totals()[i] + bh[i] / k, 2)))
                    .collect()
            }
        };
        if let Some(f) = &grouped {
            for &(s, e) in &groups {
                let members = &order[s..e];
                let v = if members.len() == 1 {
                    vec![1]
                } else {
                    f(members)
                };
                let display = match de_shown {
                    Some((c, pre)) => c.de_shown(members, pre, &v),
                    None => v
                        .iter()
                        .map(|&x| Shown::plain(Some(Decimal::from(x))))
                        .collect(),
                };
                for (k, &p) in members.iter().enumerate() {
                    values[p][t] = Some(Decimal::from(v[k]));
                    shown[p][t] = display[k];
                }
            }
        } else {
            for (p, v) in global.into_iter().enumerate() {
                values[p][t] = v;
                shown[p][t] = Shown::plain(v);
            }
        }
        let cmp = |a: &Option<Decimal>, b: &Option<Decimal>| match (a, b) {
            (Some(x), Some(y)) => {
                if lower_better {
                    x.cmp(y)
                } else {
                    y.cmp(x)
                }
            }
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        };
        let mut next = Vec::new();
        for &(s, e) in &groups {
            order[s..e].sort_by(|&a, &b| {
                cmp(&values[a][t], &values[b][t]).then(team_ids[a].cmp(&team_ids[b]))
            });
            for (a, b) in split(&order[s..e], |a, b| values[a][t] == values[b][t]) {
                next.push((s + a, s + b));
            }
        }
        groups = next;
    }
    let mut rows = Vec::with_capacity(n);
    for &(s, e) in &groups {
        for &p in &order[s..e] {
            rows.push(TeamStandingRow {
                rank: s as u32 + 1,
                team: team_ids[p],
                match_points: mctx.totals()[p],
                game_points: gctx.totals()[p],
                values: values[p].clone(),
                shown: shown[p].clone(),
            });
        }
    }
    Ok(TeamStandings {
        tiebreaks: tbs.clone(),
        rows,
    })
}

/// A tie-break evaluated inside a tied group: places of its members.
type GroupFn<'a> = Box<dyn Fn(&[usize]) -> Vec<u32> + 'a>;

/// Places inside a group by a key compared lexicographically (higher first).
fn lexicographic(group: &[usize], key: impl Fn(usize) -> Vec<Decimal>) -> Vec<u32> {
    let keys: Vec<Vec<Decimal>> = group.iter().map(|&x| key(x)).collect();
    group
        .iter()
        .enumerate()
        .map(|(i, _)| 1 + keys.iter().filter(|k| **k > keys[i]).count() as u32)
        .collect()
}

/// Direct encounter repeated on every new tied subset, alternating between
/// the given scores (DE: one score; EDE 13.3: primary, then secondary)
/// until neither separates anyone.
fn repeat_de(group: &[usize], ctxs: &[&Ctx<'_>], predetermined: bool) -> Vec<u32> {
    let mut rank = vec![1u32; group.len()];
    let mut which = 0;
    let mut idle = 0;
    while idle < ctxs.len() {
        let mut changed = false;
        let mut values: Vec<u32> = rank.clone();
        values.sort_unstable();
        values.dedup();
        for v in values {
            let members: Vec<usize> = (0..group.len()).filter(|&i| rank[i] == v).collect();
            if members.len() < 2 {
                continue;
            }
            let set: Vec<usize> = members.iter().map(|&i| group[i]).collect();
            let offsets = ctxs[which].de_run(&set, predetermined);
            if offsets.iter().any(|&o| o > 0) {
                changed = true;
                for (k, &i) in members.iter().enumerate() {
                    rank[i] = v + offsets[k];
                }
            }
        }
        if changed {
            idle = 0;
        } else {
            idle += 1;
            which = (which + 1) % ctxs.len();
        }
    }
    rank
}
