//! What the desk publishes: standings with the preset's tie-breaks, the
//! crosstable, and the rating report and norm check of the event.

use qiyuan_rating::Lang;
use qiyuan_rating::model as rm;
use qiyuan_rating::norms::{NormReport, check_norms};
use qiyuan_rating::{EventReport, Profile};
use qiyuan_tournament::model::{ByeKind, Event, GameResult, Outcome, PlayerId, Sex};
use qiyuan_tournament::scoring::ScoringSystem;
use qiyuan_tournament::standings::{Shown, Standings, StandingsConfig, compute_standings};
use qiyuan_vocab::{Heading, Message};
use rust_decimal::Decimal;
use serde::Serialize;

use crate::error::DeskError;
use crate::event::DeskEvent;
use crate::settings::System;

/// One line of the standings, with the player's name and data.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StandingLine {
    /// Rank (shared by tied players).
    pub rank: u32,
    /// Pairing number.
    pub player: PlayerId,
    /// Name.
    pub name: String,
    /// Rating.
    pub rating: Option<u32>,
    /// Title.
    pub title: Option<String>,
    /// Club or unit.
    pub club: Option<String>,
    /// Points.
    pub points: Decimal,
    /// Tie-break values, in the order of [`StandingsTable::tiebreaks`]: the
    /// keys the ranking sorted by (DE's is a place inside the tied group).
    pub values: Vec<Option<Decimal>>,
    /// The tie-break values as tables, prints and exports show them (DE:
    /// the points among the tied, marked where they do not give the order;
    /// [`Shown`]).
    pub shown: Vec<Shown>,
}

/// The standings as published.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StandingsTable {
    /// After this round.
    pub after_round: u32,
    /// Tie-break codes (`BH/C1`, `SB` …).
    pub tiebreaks: Vec<String>,
    /// Tie-break names in English.
    pub tiebreak_names_en: Vec<String>,
    /// Tie-break names in Chinese.
    pub tiebreak_names_zh: Vec<String>,
    /// What the legend says of a column's figures beyond its name, in
    /// English (DE's points among the tied, C.07 art. 6; empty for the
    /// others): [`qiyuan_tournament::tiebreak::TieBreakKind::shown_note`].
    pub tiebreak_notes_en: Vec<String>,
    /// The same in Chinese.
    pub tiebreak_notes_zh: Vec<String>,
    /// Lines, best first.
    pub lines: Vec<StandingLine>,
    /// What the players' numbers are, the heading of their column: the
    /// pairing number (序号) on the desk, the rating-list id (编号) where
    /// the table comes from an event file, which names players by it.
    #[serde(skip)]
    pub numbers: Heading,
}

/// One cell of the crosstable: a player's round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CrossCell {
    /// Opponent, if paired.
    pub opponent: Option<PlayerId>,
    /// `w` / `b` for White (Red) / Black, empty without a game.
    pub colour: String,
    /// Result as on a wall chart: a played game's points on the event's
    /// own scale (`1 ½ 0` under 1-½-0, `2 1 0` under the xiangqi 2-1-0),
    /// `+ -` forfeits, `U` pairing-allocated bye, `F H Z` requested byes,
    /// `*` pending, empty when absent.
    pub result: String,
    /// The points the round gave under the event's scoring (a bye's too;
    /// 0 while pending or absent).
    pub points: Decimal,
}

/// One row of the crosstable.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CrossRow {
    /// Pairing number.
    pub player: PlayerId,
    /// Name.
    pub name: String,
    /// Rating.
    pub rating: Option<u32>,
    /// Points so far (pending games count nothing).
    pub points: Decimal,
    /// Round by round.
    pub rounds: Vec<CrossCell>,
    /// Results against each player of [`Crosstable::order`] in a round
    /// robin (the classic table; several games separated by spaces; `×` on
    /// the diagonal); empty for other systems.
    pub versus: Vec<String>,
}

/// The crosstable (交叉表), rows in pairing-number order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Crosstable {
    /// Rounds paired.
    pub rounds: u32,
    /// Players in pairing-number order (columns of `versus`).
    pub order: Vec<PlayerId>,
    /// Rows.
    pub rows: Vec<CrossRow>,
    /// What the players' numbers are ([`StandingsTable::numbers`]).
    #[serde(skip)]
    pub numbers: Heading,
}

impl StandingsTable {
    /// The standings `s` of `event` with the players' names and data, as
    /// every page, print and export shows them.
    ///
    /// ```
    /// use qiyuan_desk::reports::StandingsTable;
    /// use qiyuan_tournament::model::{Event, EventKind, Game, GameResult, Player};
    /// use qiyuan_tournament::{StandingsConfig, compute_standings};
    /// let mut e = Event::new(EventKind::RoundRobin, 1);
    /// e.add_player(Player::new(1, "甲"))?;
    /// e.add_player(Player::new(2, "乙"))?;
    /// let r = e.add_round();
    /// e.add_game(r, Game::new(1, 2, GameResult::BlackWins))?;
    /// let s = compute_standings(&e, &StandingsConfig::default())?;
    /// let t = StandingsTable::new(&e, &s);
    /// assert_eq!((t.lines[0].name.as_str(), t.lines[0].rank), ("乙", 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(event: &Event, s: &Standings) -> StandingsTable {
        let lines = s
            .rows
            .iter()
            .map(|r| {
                let p = event.player(r.player);
                StandingLine {
                    rank: r.rank,
                    player: r.player,
                    name: p.map(|p| p.name.clone()).unwrap_or_default(),
                    rating: p.and_then(|p| p.rating),
                    title: p.and_then(|p| p.title.clone()),
                    club: p.and_then(|p| p.club.clone()),
                    points: r.points,
                    values: r.values.clone(),
                    shown: r.shown.clone(),
                }
            })
            .collect();
        StandingsTable {
            after_round: s.after_round,
            tiebreaks: s.tiebreaks.iter().map(|t| t.to_string()).collect(),
            tiebreak_names_en: s.tiebreaks.iter().map(|t| t.name_en()).collect(),
            tiebreak_names_zh: s.tiebreaks.iter().map(|t| t.name_zh()).collect(),
            tiebreak_notes_en: notes(s, Lang::En),
            tiebreak_notes_zh: notes(s, Lang::Zh),
            lines,
            numbers: Heading::PairingNumber,
        }
    }
}

impl Crosstable {
    /// The crosstable of every round of `event` entered so far, its cells
    /// on the scale of `scoring`; with `grid`, also the round robin's
    /// table of every player against every other ([`CrossRow::versus`]).
    ///
    /// ```
    /// use qiyuan_desk::reports::Crosstable;
    /// use qiyuan_tournament::model::{Event, EventKind, Game, GameResult, Player};
    /// use qiyuan_tournament::scoring::ScoringSystem;
    /// let mut e = Event::new(EventKind::RoundRobin, 1);
    /// e.add_player(Player::new(1, "甲"))?;
    /// e.add_player(Player::new(2, "乙"))?;
    /// let r = e.add_round();
    /// e.add_game(r, Game::new(1, 2, GameResult::BlackWins))?;
    /// let c = Crosstable::new(&e, &ScoringSystem::xiangqi_2011(), true);
    /// assert_eq!(c.rows[1].versus, ["2", "×"]); // 乙 won with Black: 2 points under 2-1-0
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(event: &Event, scoring: &ScoringSystem, grid: bool) -> Crosstable {
        let table = event.outcome_table();
        let mut idx: Vec<usize> = (0..event.players().len()).collect();
        idx.sort_by_key(|&i| event.players()[i].id);
        let order: Vec<PlayerId> = idx.iter().map(|&i| event.players()[i].id).collect();
        // The grid (every player against every other) is a round robin's:
        // a Swiss of 20,000 players would make 400 million cells of it.
        let rows = idx
            .iter()
            .map(|&i| {
                let p = &event.players()[i];
                let versus = order
                    .iter()
                    .filter(|_| grid)
                    .map(|&o| {
                        if o == p.id {
                            return "×".to_string();
                        }
                        table[i]
                            .iter()
                            .filter(|out| out.opponent() == Some(o))
                            .map(|&out| cell(out, scoring).result)
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .collect();
                let rounds: Vec<CrossCell> = table[i].iter().map(|&o| cell(o, scoring)).collect();
                CrossRow {
                    player: p.id,
                    name: p.name.clone(),
                    rating: p.rating,
                    points: rounds.iter().map(|c| c.points).sum(),
                    rounds,
                    versus,
                }
            })
            .collect();
        Crosstable {
            rounds: event.rounds().len() as u32,
            order,
            rows,
            numbers: Heading::PairingNumber,
        }
    }
}

/// The heading of standings after round `after_round`: "Final ranking
/// after n rounds" once `final_ranking` (the event is over and the table
/// counts its last round), else "Rank after round n" (ui-conventions
/// §4). The one wording of the pages, prints, exports and the CLI.
///
/// ```
/// use qiyuan_desk::reports::standings_heading;
/// use qiyuan_vocab::Lang;
/// assert_eq!(standings_heading(Lang::Zh, 5, false), "第5轮后排名");
/// assert_eq!(standings_heading(Lang::En, 9, true), "Final ranking after 9 rounds");
/// ```
pub fn standings_heading(lang: Lang, after_round: u32, final_ranking: bool) -> String {
    if final_ranking {
        lang.pick(
            format!("Final ranking after {after_round} rounds"),
            format!("{after_round}轮后最终排名"),
        )
    } else {
        lang.pick(
            format!("Rank after round {after_round}"),
            format!("第{after_round}轮后排名"),
        )
    }
}

/// The heading of the crosstable of rounds 1 to `through`.
///
/// ```
/// use qiyuan_desk::reports::crosstable_heading;
/// assert_eq!(crosstable_heading(qiyuan_vocab::Lang::Zh, 3), "第3轮后交叉表");
/// ```
pub fn crosstable_heading(lang: Lang, through: u32) -> String {
    lang.pick(
        format!("Crosstable after round {through}"),
        format!("第{through}轮后交叉表"),
    )
}

/// Points as a wall chart and a pairing list write them: `2`, `1½`, `½`,
/// `0`. The one home of this wording: the crosstable's cells, the
/// desk's pages and prints and the public pages write points through it
/// (the standings' points column is a decimal, `1.5`, as the tie-break
/// figures beside it).
///
/// ```
/// use qiyuan_desk::reports::points_text;
/// use rust_decimal_macros::dec;
/// assert_eq!(points_text(dec!(1.5)), "1½");
/// assert_eq!(points_text(dec!(0.5)), "½");
/// assert_eq!(points_text(dec!(2.0)), "2");
/// assert_eq!(points_text(dec!(0)), "0");
/// ```
pub fn points_text(p: Decimal) -> String {
    let p = p.normalize();
    let whole = p.trunc();
    if p - whole == Decimal::new(5, 1) {
        if whole.is_zero() {
            "½".into()
        } else {
            format!("{whole}½")
        }
    } else {
        p.to_string()
    }
}

/// The points a bye scores on the event's scale, as [`points_text`]
/// writes them: a pairing-allocated bye is `1` under 1-½-0 and `2` under
/// the xiangqi 2-1-0, a half-point bye `½` or `1`.
///
/// ```
/// use qiyuan_desk::reports::bye_points_text;
/// use qiyuan_tournament::model::ByeKind;
/// use qiyuan_tournament::scoring::ScoringSystem;
/// let xiangqi = ScoringSystem::xiangqi_2011();
/// assert_eq!(bye_points_text(ByeKind::PairingAllocated, &xiangqi), "2");
/// assert_eq!(bye_points_text(ByeKind::HalfPoint, &xiangqi), "1");
/// assert_eq!(bye_points_text(ByeKind::HalfPoint, &ScoringSystem::fide()), "½");
/// assert_eq!(bye_points_text(ByeKind::ZeroPoint, &ScoringSystem::fide()), "0");
/// ```
pub fn bye_points_text(kind: ByeKind, scoring: &ScoringSystem) -> String {
    points_text(scoring.points(Outcome::Bye(kind)))
}

/// The wall-chart cell of an outcome, its points under `scoring`.
pub fn cell(o: Outcome, scoring: &ScoringSystem) -> CrossCell {
    let points = match o {
        Outcome::Pending { .. } | Outcome::Bye(ByeKind::Absent) => Decimal::ZERO,
        o => scoring.points(o),
    };
    let col = |c: qiyuan_tournament::model::Colour| match c {
        qiyuan_tournament::model::Colour::White => "w".to_string(),
        qiyuan_tournament::model::Colour::Black => "b".to_string(),
    };
    let (opponent, colour, result) = match o {
        Outcome::Played {
            opponent, colour, ..
        } => (Some(opponent), col(colour), points_text(points)),
        Outcome::ForfeitWin { opponent, colour } => (Some(opponent), col(colour), "+".into()),
        Outcome::ForfeitLoss { opponent, colour } | Outcome::DoubleForfeit { opponent, colour } => {
            (Some(opponent), col(colour), "-".into())
        }
        Outcome::Pending { opponent, colour } => (Some(opponent), col(colour), "*".into()),
        Outcome::Bye(k) => (
            None,
            String::new(),
            match k {
                ByeKind::PairingAllocated => "U",
                ByeKind::FullPoint => "F",
                ByeKind::HalfPoint => "H",
                ByeKind::ZeroPoint => "Z",
                ByeKind::Absent => "",
            }
            .to_string(),
        ),
    };
    CrossCell {
        opponent,
        colour,
        result,
        points,
    }
}

/// The legend's note of each tie-break of `s` (empty where there is none).
fn notes(s: &Standings, lang: Lang) -> Vec<String> {
    s.tiebreaks
        .iter()
        .map(|t| t.kind.shown_note(lang).unwrap_or_default().to_string())
        .collect()
}

impl DeskEvent {
    /// The last round whose every game has a result (0 before any).
    pub fn last_complete_round(&self) -> u32 {
        self.event
            .rounds()
            .iter()
            .take_while(|r| r.games.iter().all(|g| g.result != GameResult::Pending))
            .count() as u32
    }

    /// Standings after `after_round` (default: the last complete round) with
    /// the settings' scoring and tie-break preset.
    pub fn standings(&self, after_round: Option<u32>) -> Result<Standings, DeskError> {
        let preset = self.settings.tiebreak_preset()?;
        let cfg = StandingsConfig {
            scoring: self.settings.scoring.system(),
            tiebreaks: preset.tiebreaks,
            after_round: Some(after_round.unwrap_or_else(|| self.last_complete_round())),
            round_robin: Some(self.settings.is_round_robin()),
            unrated_rating: None,
            primary: preset.primary,
            lots_seed: None,
        };
        compute_standings(&self.event, &cfg)
            .map_err(|e| DeskError::Standings(Message::from_fn(|lang| e.text(lang))))
    }

    /// The standings with names, ready to print or export.
    pub fn standings_table(&self, after_round: Option<u32>) -> Result<StandingsTable, DeskError> {
        Ok(StandingsTable::new(
            &self.event,
            &self.standings(after_round)?,
        ))
    }

    /// The crosstable of every round paired so far.
    pub fn crosstable(&self) -> Crosstable {
        let grid = matches!(self.settings.system, System::RoundRobin { .. });
        Crosstable::new(&self.event, &self.settings.scoring.system(), grid)
    }

    /// Every player's points so far under the event's scoring (pending
    /// games count nothing), in the event's player order: what the
    /// crosstable's total says, without building the crosstable.
    pub fn points_so_far(&self) -> Vec<(PlayerId, Decimal)> {
        let scoring = self.settings.scoring.system();
        self.event
            .players()
            .iter()
            .zip(self.event.outcome_table())
            .map(|(p, outcomes)| (p.id, outcomes.iter().map(|&o| scoring.points(o)).sum()))
            .collect()
    }

    /// The event in the rating crate's model: players with their ratings
    /// (a player without a recorded sex is passed as male to the rating
    /// crate, whose model needs one; the reports —
    /// [`DeskEvent::rating_report`], [`DeskEvent::norm_report`] — refuse
    /// instead, naming the players, when the profile depends on the sex,
    /// and say so in a warning when it does not), games with a result (pending ones left out), byes (a
    /// round robin's free round and absences left out), final ranks when
    /// the standings can be computed. Each player's list data — valid games
    /// so far, rated events, highest rating ever, which decide K — come from
    /// [`PlayerInfo`](crate::PlayerInfo) (`rated_games`, `rated_events`,
    /// `ever_reached`); a player without them counts as one with no rated
    /// game on record.
    pub fn rating_event(&self) -> Result<rm::Event, DeskError> {
        self.rating_event_with(&|_, _| {})
    }

    /// As [`DeskEvent::rating_event`], letting the caller complete or
    /// override each player from the rating list (valid games so far,
    /// highest rating ever, events rated — what decides K), e.g.
    /// `|p, r| r.rated_games = list.games(p.info.national_id)`.
    pub fn rating_event_with(
        &self,
        fill: &dyn Fn(&crate::event::DeskPlayer, &mut rm::Player),
    ) -> Result<rm::Event, DeskError> {
        self.rating_event_through(fill, None)
    }

    /// As [`DeskEvent::rating_event_with`], with the games and byes of rounds
    /// up to `through` only (all when `None`): what the public may see when
    /// later rounds are not published yet.
    pub fn rating_event_through(
        &self,
        fill: &dyn Fn(&crate::event::DeskPlayer, &mut rm::Player),
        through: Option<u32>,
    ) -> Result<rm::Event, DeskError> {
        let ranks = match through {
            None => self.standings(None).ok(),
            Some(0) => None,
            Some(t) => self.standings(Some(t.min(self.last_complete_round()))).ok(),
        };
        let players: Vec<rm::Player> = self
            .players()
            .into_iter()
            .map(|p| {
                let sex = match p.info.sex {
                    Some(Sex::Female) => rm::Sex::Female,
                    _ => rm::Sex::Male,
                };
                let mut r = rm::Player::new(
                    p.id,
                    p.info.name.clone(),
                    sex,
                    p.info.rating.map(Decimal::from),
                );
                r.title = p.info.title.clone();
                r.federation = p.info.federation.clone();
                r.birth_year = p.info.birth_year();
                r.unit = p.info.club.clone();
                r.rank = ranks.as_ref().and_then(|s| s.row(p.id)).map(|row| row.rank);
                r.rated_games = p.info.rated_games.unwrap_or(0);
                r.rated_events = p.info.rated_events;
                r.ever_reached = p.info.ever_reached;
                if let Some(team) = self.team_of(p.id).and_then(|t| self.team(t)) {
                    r.team = Some(team.name.clone());
                    r.board = team
                        .roster
                        .iter()
                        .position(|&x| x == p.id)
                        .map(|i| i as u32 + 1);
                }
                fill(&p, &mut r);
                r
            })
            .collect();
        let played = match through {
            Some(t) => std::borrow::Cow::Owned(self.event.through(t)),
            None => std::borrow::Cow::Borrowed(&self.event),
        };
        let system = match self.settings.system {
            System::Swiss { .. } => rm::EventSystem::Swiss,
            System::RoundRobin { cycles: 1 } => rm::EventSystem::RoundRobin,
            System::RoundRobin { .. } => rm::EventSystem::DoubleRoundRobin,
            System::Knockout { .. } => rm::EventSystem::Knockout,
        };
        rm::Event::from_tournament(
            self.settings.name.clone(),
            self.settings.game,
            system,
            self.settings.start,
            self.settings.end,
            players,
            &played,
        )
        .and_then(|e| e.with_details(self.rating_details(through)))
        .map_err(|e| DeskError::Rating(Message::from_fn(|lang| e.text(lang))))
    }

    /// The event's details as the rating regulations read them
    /// ([`rm::EventDetails`]): the settings' [`RegulationDetails`]
    /// (placement kind, time control, declarations), the round dates, the
    /// arbiters with the grades written after their names, and a team
    /// event's teams with their places once every round is played (`through`
    /// `None`).
    ///
    /// [`RegulationDetails`]: crate::settings::RegulationDetails
    pub fn rating_details(&self, through: Option<u32>) -> rm::EventDetails {
        let s = &self.settings;
        let r = &s.regulation;
        let arbiters = s
            .chief_arbiter
            .iter()
            .chain(&s.arbiters)
            .filter_map(|a| match crate::settings::arbiter_of(a) {
                (name, Some(grade)) => Some(rm::Arbiter {
                    name: name.to_string(),
                    grade,
                }),
                (_, None) => None,
            })
            .collect();
        let teams = if self.is_team_event() {
            let ranks = through
                .is_none()
                .then(|| self.team_standings(None).ok())
                .flatten();
            self.teams()
                .iter()
                .map(|t| rm::Team {
                    name: t.name.clone(),
                    rank: ranks
                        .as_ref()
                        .and_then(|st| st.row(t.id))
                        .map(|row| row.rank),
                })
                .collect()
        } else {
            Vec::new()
        };
        rm::EventDetails {
            kind: r.kind.clone(),
            invitational: r.invitational,
            round_dates: s
                .round_dates
                .iter()
                .enumerate()
                .map(|(i, d)| (i as u32 + 1, *d))
                .collect(),
            arbiters,
            // Validated with the settings; a stored text that no longer
            // reads is left out (the condition is then "not checked").
            time_control: r.parsed_time_control().ok().flatten(),
            rapid: r.rapid,
            rapid_rated: r.rapid_rated,
            registered: r.registered,
            scheveningen: r.scheveningen,
            team_round_robin: self.is_team_event() && matches!(s.system, System::RoundRobin { .. }),
            international: r.international,
            host: r.host.clone(),
            teams,
        }
    }

    /// The event as the rating office reads it: [`DeskEvent::rating_event`]
    /// with every player named by his list id (the id he was added with from
    /// the rating list, [`PlayerInfo::national_id`](crate::PlayerInfo)) — the
    /// event file `qiyuan office import-event` and the office's upload take.
    ///
    /// # Errors
    /// [`DeskError::NoListId`] naming the players with no list id (submit
    /// the event to the office instead: it enters new players), or as
    /// [`DeskEvent::rating_event`].
    pub fn office_event(&self) -> Result<rm::Event, DeskError> {
        let mut ids = std::collections::HashMap::new();
        let mut missing = Vec::new();
        for p in self.players() {
            match p
                .info
                .national_id
                .as_deref()
                .and_then(|s| s.trim().parse::<u32>().ok())
            {
                Some(l) => {
                    ids.insert(p.id.0, l);
                }
                None => missing.push(format!("{} {}", p.id.0, p.info.name)),
            }
        }
        if !missing.is_empty() {
            return Err(DeskError::NoListId(missing));
        }
        self.rating_event()?
            .with_players(|p| rm::Player {
                id: rm::PlayerId(ids.get(&p.id.0).copied().unwrap_or(p.id.0)),
                ..p.clone()
            })
            .map_err(|e| DeskError::Rating(Message::from_fn(|lang| e.text(lang))))
    }

    fn profile(&self, profile: Option<&str>) -> Result<Profile, DeskError> {
        let name = profile
            .or(self.settings.rating_profile.as_deref())
            .ok_or_else(|| {
                DeskError::Rating(Message::new(
                    "no rating profile: choose one in the settings or ask for one",
                    "未设定等级分规则：请在设置中选择一个，或在请求中指明",
                ))
            })?;
        Profile::builtin(name).map_err(|e| DeskError::Rating(Message::from_fn(|lang| e.text(lang))))
    }

    /// The rating report (等级分计算表) of the event under `profile` (default:
    /// the settings' profile), through [`qiyuan_rating::event::rate`].
    pub fn rating_report(&self, profile: Option<&str>) -> Result<EventReport, DeskError> {
        self.rating_report_with(profile, &|_, _| {})
    }

    /// As [`DeskEvent::rating_report`], players completed by `fill` (see
    /// [`DeskEvent::rating_event_with`]).
    pub fn rating_report_with(
        &self,
        profile: Option<&str>,
        fill: &dyn Fn(&crate::event::DeskPlayer, &mut rm::Player),
    ) -> Result<EventReport, DeskError> {
        self.rating_report_through(profile, fill, None)
    }

    /// As [`DeskEvent::rating_report_with`], over the rounds up to `through`
    /// only (all when `None`; see [`DeskEvent::rating_event_through`]).
    pub fn rating_report_through(
        &self,
        profile: Option<&str>,
        fill: &dyn Fn(&crate::event::DeskPlayer, &mut rm::Player),
        through: Option<u32>,
    ) -> Result<EventReport, DeskError> {
        let profile = self.profile(profile)?;
        let unknown = self.check_sexes(&profile, false)?;
        let mut report = qiyuan_rating::rate(&self.rating_event_through(fill, through)?, &profile)
            .map_err(|e| DeskError::Rating(Message::from_fn(|lang| e.text(lang))))?;
        if !unknown.is_empty() {
            report.warnings.push(format!(
                "no sex recorded for {}; profile `{}` does not depend on it (性别未填写，本规则不受影响)",
                unknown.join(", "),
                profile.name
            ));
        }
        Ok(report)
    }

    /// What `profile` needs a player's sex for: the rules whose figures
    /// differ for men and women (and, for the norm check, the titles).
    pub fn profile_sex_uses(profile: &Profile, norms: bool) -> Vec<SexUse> {
        let mut v = Vec::new();
        if norms {
            v.push(SexUse::NormTitles);
        }
        if profile.mixed_sex.is_some() {
            v.push(SexUse::MixedEventFloor);
        }
        let p = &profile.unrated.provisional;
        if p.male != p.female {
            v.push(SexUse::ProvisionalRating);
        }
        if profile
            .unrated
            .unrated_below
            .is_some_and(|b| b.male != b.female)
        {
            v.push(SexUse::UnratedBelow);
        }
        if profile
            .list
            .minimum_published
            .is_some_and(|b| b.male != b.female)
        {
            v.push(SexUse::MinimumPublished);
        }
        v
    }

    /// Players without a recorded sex. An error naming them and what the
    /// profile needs the sex for when it does; never a silent default.
    fn check_sexes(&self, profile: &Profile, norms: bool) -> Result<Vec<String>, DeskError> {
        let unknown: Vec<String> = self
            .players()
            .iter()
            .filter(|p| p.info.sex.is_none())
            .map(|p| format!("{} {}", p.id, p.info.name))
            .collect();
        let uses = Self::profile_sex_uses(profile, norms);
        if !unknown.is_empty() && !uses.is_empty() {
            return Err(DeskError::SexNotRecorded {
                players: unknown,
                profile: profile.name.clone(),
                uses,
            });
        }
        Ok(unknown)
    }

    /// The norm check of the event under `profile` (default: the settings'
    /// profile), through [`qiyuan_rating::norms::check_norms`].
    pub fn norm_report(&self, profile: Option<&str>) -> Result<NormReport, DeskError> {
        self.norm_report_with(profile, &|_, _| {})
    }

    /// As [`DeskEvent::norm_report`], players completed by `fill`.
    pub fn norm_report_with(
        &self,
        profile: Option<&str>,
        fill: &dyn Fn(&crate::event::DeskPlayer, &mut rm::Player),
    ) -> Result<NormReport, DeskError> {
        let profile = self.profile(profile)?;
        self.check_sexes(&profile, true)?;
        check_norms(&self.rating_event_with(fill)?, &profile)
            .map_err(|e| DeskError::Rating(Message::from_fn(|lang| e.text(lang))))
    }

    /// The FIDE title-norm check (B.01, 2024) of the event, through
    /// [`qiyuan_rating::fide_norms::check_fide_norms`], with the facts the
    /// arbiter declares. Each player's title is taken by its FIDE code
    /// (国际特级大师 is `GM`; a national title is none), the federation as
    /// entered, the rating as the FIDE rating; a player without a sex is
    /// checked for the open titles only.
    pub fn fide_norm_report(
        &self,
        facts: &qiyuan_rating::fide_norms::FideEventFacts,
    ) -> Result<qiyuan_rating::fide_norms::FideNormReport, DeskError> {
        use qiyuan_rating::fide_norms::{FideNormRules, check_fide_norms};
        let event = self.rating_event_with(&|p, r| {
            r.title = p
                .info
                .title
                .as_deref()
                .and_then(qiyuan_tournament::title::fide_code)
                .map(String::from);
        })?;
        Ok(check_fide_norms(&event, &FideNormRules::builtin(), facts))
    }
}

/// What a rating profile needs a player's sex for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum SexUse {
    /// The titles a norm is checked for (women's titles).
    NormTitles,
    /// The rating floor of a woman opponent in a man's calculation.
    MixedEventFloor,
    /// The provisional rating of an unrated player.
    ProvisionalRating,
    /// The rating below which a player stays unrated.
    UnratedBelow,
    /// The minimum published rating.
    MinimumPublished,
}

impl SexUse {
    /// In English.
    pub fn en(self) -> &'static str {
        match self {
            SexUse::NormTitles => "the titles a norm is checked for (women's titles)",
            SexUse::MixedEventFloor => {
                "the rating floor of a woman opponent in a man's calculation (mixed events)"
            }
            SexUse::ProvisionalRating => "the provisional rating of an unrated player",
            SexUse::UnratedBelow => "the rating below which a player stays unrated",
            SexUse::MinimumPublished => "the minimum published rating",
        }
    }

    /// In Chinese.
    pub fn zh(self) -> &'static str {
        match self {
            SexUse::NormTitles => "检查称号标准的称号（女子称号）",
            SexUse::MixedEventFloor => "男女混合比赛中女子对手等级分的下限",
            SexUse::ProvisionalRating => "无等级分棋手的初始等级分",
            SexUse::UnratedBelow => "低于该分数仍视为无等级分的界限",
            SexUse::MinimumPublished => "最低公布等级分",
        }
    }
}
