//! An event file (赛事文件, the rated event of `qiyuan rate`) entered at the
//! desk: its players as the desk imports them, its games round by round as
//! the desk saves them, and what it declares for the regulations (kind of
//! event, time control, round dates, graded arbiters) as the desk's
//! settings keep it. The JSON API's `POST /api/v1/events` enters an event
//! file through this module; its games become the desk's rounds as the
//! rated event's own tournament ([`rm::Event::tournament`]).
//!
//! ```
//! use qiyuan_desk::event_file::entry;
//! use qiyuan_formats::event::read_event;
//!
//! let file = read_event(r#"{"name": "例", "game": "xiangqi", "system": "swiss",
//!   "players": [{"id": 1, "name": "甲", "sex": "m", "rating": 2100},
//!               {"id": 2, "name": "乙", "sex": "f", "rating": 2000.5}],
//!   "games": [{"round": 1, "red": 1, "black": 2, "result": "1-0"}]}"#,
//!   "e.json", None).unwrap();
//! // The desk keeps whole-number ratings: 2000.5 is refused, by field.
//! let err = entry(&file).unwrap_err();
//! assert_eq!(err.field(), "players[1].rating");
//! ```

use qiyuan_rating::Lang;
use qiyuan_rating::model as rm;
use qiyuan_tournament::model::GameResult;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

use crate::event::PlayerInfo;
use crate::import::ImportedPlayer;
use crate::pairing::{Board, ProposedRound};
use crate::settings::{DutchEdition, RegulationDetails, System};

/// An event file's players and games as the desk enters them.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// The players, each with the file's id as pairing number.
    pub players: Vec<ImportedPlayer>,
    /// Rounds 1 to the last the file has games in, each with the results
    /// of its boards in board order.
    pub rounds: Vec<(ProposedRound, Vec<GameResult>)>,
    /// What the desk does not keep of the file.
    pub notes: Vec<EntryNote>,
}

/// A part of the file the desk does not keep.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EntryNote {
    /// `players[index].rank`: the desk ranks by its own standings.
    RankNotKept {
        /// Position in the file's players.
        index: usize,
    },
}

impl std::fmt::Display for EntryNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EntryNote::RankNotKept { index } => write!(
                f,
                "players[{index}].rank: not kept by the desk (it ranks by its own standings)"
            ),
        }
    }
}

impl EntryNote {
    /// The note in `lang`: [`Lang::En`] is the `Display` text.
    ///
    /// ```
    /// use qiyuan_desk::event_file::EntryNote;
    /// use qiyuan_rating::Lang;
    /// let n = EntryNote::RankNotKept { index: 2 };
    /// assert_eq!(n.text(Lang::En), n.to_string());
    /// assert_eq!(n.text(Lang::Zh), "`players[2].rank`：裁判台不保存此字段（名次按裁判台自己的排名表）");
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            EntryNote::RankNotKept { index } => {
                format!("`players[{index}].rank`：裁判台不保存此字段（名次按裁判台自己的排名表）")
            }
        }
    }
}

/// Why an event file cannot be entered at the desk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EntryError {
    /// A rating with a fraction: the desk keeps whole numbers.
    FractionalRating {
        /// Position in the file's players.
        index: usize,
        /// The rating.
        rating: Decimal,
    },
    /// A round without any game before a round with games.
    EmptyRound {
        /// The empty round.
        round: u32,
        /// The last round with games.
        last: u32,
    },
    /// A match or team event: the desk runs neither from an event file.
    System,
}

impl EntryError {
    /// The field of the file at fault (`players[3].rating`, `games`,
    /// `system`).
    #[must_use]
    pub fn field(&self) -> String {
        match self {
            EntryError::FractionalRating { index, .. } => format!("players[{index}].rating"),
            EntryError::EmptyRound { .. } => "games".to_string(),
            EntryError::System => "system".to_string(),
        }
    }

    /// The message in `lang`, naming the field.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (EntryError::FractionalRating { index, rating }, Lang::En) => format!(
                "field `players[{index}].rating`: the desk keeps whole-number ratings; {rating} is not one"
            ),
            (EntryError::FractionalRating { index, rating }, Lang::Zh) => {
                format!("字段 `players[{index}].rating`：裁判台只接受整数等级分，{rating} 不是整数")
            }
            (EntryError::EmptyRound { round, last }, Lang::En) => {
                format!("field `games`: round {round} has no game, but round {last} has")
            }
            (EntryError::EmptyRound { round, last }, Lang::Zh) => {
                format!("字段 `games`：第 {round} 轮没有对局，而第 {last} 轮有")
            }
            (EntryError::System, Lang::En) => "the desk does not run `match` or `team` events; \
                 give `settings.system` (swiss, round-robin or knockout)"
                .to_string(),
            (EntryError::System, Lang::Zh) => {
                "裁判台不支持 `match`（对抗赛）或 `team`（团体赛）赛制；请在 `settings.system` \
                 中指定 swiss、round-robin 或 knockout"
                    .to_string()
            }
        }
    }
}

/// The desk's system for the file's: a Swiss in the 2026 Dutch edition, a
/// single or double round robin, a knockout of two-game matches.
///
/// # Errors
/// [`EntryError::System`] for a match or a team event.
pub fn system(system: rm::EventSystem) -> Result<System, EntryError> {
    Ok(match system {
        rm::EventSystem::Swiss => System::Swiss {
            edition: DutchEdition::Fide2026,
            acceleration: false,
        },
        rm::EventSystem::RoundRobin => System::RoundRobin { cycles: 1 },
        rm::EventSystem::DoubleRoundRobin => System::RoundRobin { cycles: 2 },
        rm::EventSystem::Knockout => System::Knockout {
            games_per_match: 2,
            armageddon: false,
        },
        rm::EventSystem::Match | rm::EventSystem::Team => return Err(EntryError::System),
    })
}

/// The players and rounds of an event file, as the desk imports and saves
/// them (check them on a [`crate::DeskEvent`] before writing anything).
///
/// # Errors
/// [`EntryError`]: a rating with a fraction, a round without games before
/// one with games.
pub fn entry(event: &rm::Event) -> Result<Entry, EntryError> {
    let mut notes = Vec::new();
    let mut players = Vec::with_capacity(event.players().len());
    for (i, p) in event.players().iter().enumerate() {
        let rating = match p.rating {
            None => None,
            Some(r) => match r.to_u32().filter(|_| r.fract().is_zero()) {
                Some(whole) => Some(whole),
                None => {
                    return Err(EntryError::FractionalRating {
                        index: i,
                        rating: r,
                    });
                }
            },
        };
        if p.rank.is_some() {
            notes.push(EntryNote::RankNotKept { index: i });
        }
        let info = PlayerInfo {
            name: p.name.clone(),
            rating,
            title: p.title.clone(),
            club: p.unit.clone(),
            federation: None,
            sex: Some(p.sex),
            birth: p.birth_year.map(|y| y.to_string()),
            national_id: None,
            fide_id: None,
            rated_games: Some(p.rated_games),
            rated_events: p.rated_events,
            ever_reached: p.ever_reached,
        };
        players.push(ImportedPlayer {
            line: i + 1,
            number: Some(p.id.0),
            info,
        });
    }
    let model = event.tournament();
    let last = event.rounds();
    let mut rounds = Vec::new();
    for (r, round) in (1..).zip(model.rounds()) {
        if round.games.is_empty() && round.byes.is_empty() {
            return Err(EntryError::EmptyRound { round: r, last });
        }
        let proposed = ProposedRound {
            round: r,
            boards: round
                .games
                .iter()
                .map(|g| Board::new(g.white.0, g.black.0))
                .collect(),
            byes: round.byes.clone(),
        };
        rounds.push((proposed, round.games.iter().map(|g| g.result).collect()));
    }
    Ok(Entry {
        players,
        rounds,
        notes,
    })
}

/// What the file declares for the regulations, as the desk's settings keep
/// it (the time control as written, or its preset's name).
#[must_use]
pub fn regulation(details: &rm::EventDetails) -> RegulationDetails {
    RegulationDetails {
        kind: details.kind.clone(),
        invitational: details.invitational,
        time_control: details
            .time_control
            .as_ref()
            .map(|t| t.preset.clone().unwrap_or_else(|| t.to_string())),
        rapid: details.rapid,
        rapid_rated: details.rapid_rated,
        registered: details.registered,
        host: details.host.clone(),
        scheveningen: details.scheveningen,
        international: details.international,
    }
}

/// The file's round dates when every round from 1 has one (the desk keeps
/// a date per round from round 1), else none.
#[must_use]
pub fn round_dates(details: &rm::EventDetails) -> Vec<chrono::NaiveDate> {
    let mut dates = details.round_dates.clone();
    dates.sort();
    if dates
        .iter()
        .enumerate()
        .all(|(i, (r, _))| *r == i as u32 + 1)
    {
        dates.into_iter().map(|(_, day)| day).collect()
    } else {
        Vec::new()
    }
}

/// The file's arbiters with their grades written after the names, as the
/// desk writes them (`王裁判（国家级）`).
#[must_use]
pub fn arbiters(details: &rm::EventDetails) -> Vec<String> {
    details
        .arbiters
        .iter()
        .map(|a| format!("{}（{}）", a.name, a.grade.zh()))
        .collect()
}
