//! A FIDE TRF as a rating event file: the event the rating office rates,
//! its players named by their **list ids** (the ids of the rating list).
//!
//! A TRF numbers its players by start rank (1, 2, 3 …). Those numbers are
//! not list ids: taken as such, the office would credit a game of player 3
//! to whoever holds id 3 on its list. So the conversion never guesses; the
//! caller says how a start rank becomes a list id ([`PlayerIds`]):
//!
//! * [`PlayerIds::StartRank`]: the TRF was made with list ids as start
//!   ranks (a file exported for that purpose);
//! * [`PlayerIds::FideId`]: the list ids are FIDE IDs (a chess list kept by
//!   FIDE ID), read from columns 58–68 of each `001` record;
//! * [`PlayerIds::Map`]: a mapping file, start rank → list id
//!   ([`read_id_map`]).
//!
//! Carried: the name (`012`), dates (`042`, `052`), players (name, sex,
//! rating, title, federation, birth year, rank), every game with its
//! result, forfeits, byes (`U` → `bye`, `F` → `full-bye`, `H` → `half-bye`, `Z` →
//! `zero-bye`). What is not carried (FIDE IDs, full birth dates, games
//! without a result, the scheduled rounds, other records) is returned as
//! notes.

use std::collections::{BTreeMap, HashMap};

use qiyuan_rating::Lang;
use qiyuan_rating::model as rm;
use qiyuan_tournament::model::{EventKind, Sex};
use rust_decimal::Decimal;

use crate::sheet::{Limits, read_sheet};
use crate::trf::{Record, TextCode, TrfFile};
use crate::trf_model::{TrfModelError, event_from_trf, trf_from_event};
use qiyuan_tournament::scoring::ScoringSystem;
use rust_decimal::prelude::ToPrimitive;

/// How a TRF's start ranks become list ids. There is no default: the
/// caller chooses (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerIds {
    /// The start rank is the list id.
    StartRank,
    /// The FIDE ID (columns 58–68) is the list id; every player needs one.
    FideId,
    /// Start rank → list id, for every player of the file.
    Map(BTreeMap<u32, u32>),
}

/// What the conversion needs beyond the file.
#[derive(Debug, Clone)]
pub struct TrfOptions {
    /// Chess or xiangqi (a TRF does not say).
    pub game: rm::GameKind,
    /// The system; `None`: told from the file (a Swiss, or a round robin —
    /// double when it has more rounds than a single one).
    pub system: Option<rm::EventSystem>,
    /// The sex of players the TRF gives none (`None`: such a player is an
    /// error — the rating needs it).
    pub sex: Option<rm::Sex>,
    /// How start ranks become list ids.
    pub ids: PlayerIds,
    /// The event's name when the TRF has no `012`.
    pub fallback_name: String,
}

/// A converted event and what could not be carried.
#[derive(Debug, Clone)]
pub struct Converted {
    /// The rating event, players by list id.
    pub event: rm::Event,
    /// One note per thing not carried.
    pub notes: Vec<TrfNote>,
}

/// Which date of a TRF (`042` or `052`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrfDate {
    /// `042`, the start date.
    Start,
    /// `052`, the end date.
    End,
}

impl TrfDate {
    /// The record: `042` or `052`.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            TrfDate::Start => TextCode::StartDate.code(),
            TrfDate::End => TextCode::EndDate.code(),
        }
    }
}

/// What a conversion between a TRF and an event file did not carry
/// ([`from_trf`], [`to_trf`]): its `Display` is the English,
/// [`TrfNote::text`] the note in either language, with the same figures.
///
/// ```
/// use qiyuan_formats::rating_event::TrfNote;
/// use qiyuan_rating::Lang;
/// let n = TrfNote::RoundsScheduled { scheduled: 5, played: 3 };
/// assert_eq!(n.text(Lang::En), n.to_string());
/// assert_eq!(n.text(Lang::Zh), "TRF 排定 5 轮，其中 3 轮有结果：赛事文件只保存对局");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrfNote {
    /// The TRF has no `012`: the event is named after the file.
    NoName,
    /// A date not `YYYY/MM/DD`, left out.
    BadDate {
        /// Which date.
        date: TrfDate,
        /// The text of the record.
        text: String,
    },
    /// The end date before the start: both left out.
    EndBeforeStart,
    /// A rating outside 100–4000, written as unrated.
    RatingOutOfRange {
        /// The player's start rank.
        start_rank: u32,
        /// The rating.
        rating: u32,
    },
    /// The TRF's FIDE IDs (the event file has no place for them).
    FideIdsNotCarried,
    /// Full birth dates, kept as years.
    BirthDatesAsYears,
    /// Games without a result, left out.
    GamesWithoutResult {
        /// How many.
        games: usize,
    },
    /// Rounds scheduled beyond the last with results.
    RoundsScheduled {
        /// Rounds the TRF schedules.
        scheduled: u32,
        /// Rounds with results.
        played: u32,
    },
    /// TRF records the event file does not hold.
    RecordsNotCarried {
        /// The text records' codes (`022`, `092` …), in order.
        codes: Vec<&'static str>,
        /// Pairing, scoring or team records too.
        other: bool,
    },
    /// Ratings with decimals, rounded (an event file to a TRF).
    RatingsRounded {
        /// How many.
        ratings: usize,
    },
    /// Titles longer than the TRF's 3 columns, left out.
    LongTitles {
        /// How many.
        titles: usize,
    },
    /// Units (单位): a TRF player has no club.
    UnitsNotCarried,
    /// The rating-list data of the players.
    ListDataNotCarried,
    /// Player fields a TRF has no place for.
    PlayerFieldsNotCarried,
    /// The event's regulation fields.
    RegulationNotCarried,
    /// Xiangqi points, written on chess's scale.
    PointsOnChessScale,
}

impl std::fmt::Display for TrfNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TrfNote::NoName => f.write_str("the TRF has no name (012): the file name is used"),
            TrfNote::BadDate { date, text } => {
                let what = match date {
                    TrfDate::Start => "start",
                    TrfDate::End => "end",
                };
                write!(
                    f,
                    "{what} date `{text}` ({}) is not YYYY/MM/DD: left out",
                    date.code()
                )
            }
            TrfNote::EndBeforeStart => {
                f.write_str("the end date is before the start date: dates left out")
            }
            TrfNote::RatingOutOfRange { start_rank, rating } => write!(
                f,
                "player {start_rank}: rating {rating} is outside 100–4000: written as unrated"
            ),
            TrfNote::FideIdsNotCarried => {
                f.write_str("FIDE IDs are not carried (the event file has no FIDE ID)")
            }
            TrfNote::BirthDatesAsYears => f.write_str("birth dates are kept as birth years"),
            TrfNote::GamesWithoutResult { games } => write!(
                f,
                "{games} game(s) without a result are left out (the event file holds finished games)"
            ),
            TrfNote::RoundsScheduled { scheduled, played } => write!(
                f,
                "the TRF schedules {scheduled} rounds, {played} have results: the event file keeps only the games"
            ),
            TrfNote::RecordsNotCarried { codes, other } => {
                let mut all = codes.clone();
                if *other {
                    all.push("pairing/scoring/team records");
                }
                write!(f, "TRF records not carried: {}", all.join(", "))
            }
            TrfNote::RatingsRounded { ratings } => write!(
                f,
                "{ratings} rating(s) with decimals rounded to whole numbers (TRF ratings are whole)"
            ),
            TrfNote::LongTitles { titles } => write!(
                f,
                "{titles} title(s) longer than 3 letters left out (the TRF title field is 3 columns)"
            ),
            TrfNote::UnitsNotCarried => {
                f.write_str("units (单位) are not carried (a TRF player record has no club)")
            }
            TrfNote::ListDataNotCarried => f.write_str(
                "rating-list data (rated_games, rated_events, ever_reached) are not carried",
            ),
            TrfNote::PlayerFieldsNotCarried => f.write_str(
                "player fields board, team, computer, international_rating, foreign, grade are \
                 not carried",
            ),
            TrfNote::RegulationNotCarried => f.write_str(
                "the event's regulation fields (kind, round_dates, arbiters, time_control, rapid, \
                 registered, teams, …) are not carried",
            ),
            TrfNote::PointsOnChessScale => f.write_str("points are written on the 1 / ½ / 0 scale"),
        }
    }
}

impl TrfNote {
    /// The note in `lang`: [`Lang::En`] is the `Display` text.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            TrfNote::NoName => "TRF 没有赛事名称（012）：以文件名为赛事名称".into(),
            TrfNote::BadDate { date, text } => {
                let what = match date {
                    TrfDate::Start => "开始",
                    TrfDate::End => "结束",
                };
                format!(
                    "{what}日期 `{text}`（{}）不是 YYYY/MM/DD 格式：已略去",
                    date.code()
                )
            }
            TrfNote::EndBeforeStart => "结束日期早于开始日期：两个日期均已略去".into(),
            TrfNote::RatingOutOfRange { start_rank, rating } => {
                format!("棋手 {start_rank}：等级分 {rating} 不在 100–4000 之内：按无等级分写出")
            }
            TrfNote::FideIdsNotCarried => "FIDE ID 未带入（赛事文件没有 FIDE ID）".into(),
            TrfNote::BirthDatesAsYears => "出生日期只保留出生年份".into(),
            TrfNote::GamesWithoutResult { games } => {
                format!("{games} 盘没有结果的对局已略去（赛事文件只保存已完成的对局）")
            }
            TrfNote::RoundsScheduled { scheduled, played } => {
                format!("TRF 排定 {scheduled} 轮，其中 {played} 轮有结果：赛事文件只保存对局")
            }
            TrfNote::RecordsNotCarried { codes, other } => {
                let mut all = codes.clone();
                if *other {
                    all.push("编排/计分/团体记录");
                }
                format!("TRF 中未带入的记录：{}", all.join("、"))
            }
            TrfNote::RatingsRounded { ratings } => {
                format!("{ratings} 个带小数的等级分已四舍五入为整数（TRF 的等级分为整数）")
            }
            TrfNote::LongTitles { titles } => {
                format!("{titles} 个超过 3 个字母的称号已略去（TRF 的称号字段只有 3 列）")
            }
            TrfNote::UnitsNotCarried => "单位未带入（TRF 的棋手记录没有单位）".into(),
            TrfNote::ListDataNotCarried => {
                "等级分名单数据（`rated_games`、`rated_events`、`ever_reached`）未带入".into()
            }
            TrfNote::PlayerFieldsNotCarried => "棋手的 `board`、`team`、`computer`、\
                 `international_rating`、`foreign`、`grade` 字段未带入"
                .into(),
            TrfNote::RegulationNotCarried => "赛事的规程字段（`kind`、`round_dates`、`arbiters`、\
                 `time_control`、`rapid`、`registered`、`teams` 等）未带入"
                .into(),
            TrfNote::PointsOnChessScale => "积分按 1 / ½ / 0 计分制写出".into(),
        }
    }
}

/// Why a TRF cannot be a rating event.
#[derive(Debug, thiserror::Error)]
pub enum TrfEventError {
    /// The TRF does not make a tournament (both entries of a game disagree …).
    #[error(transparent)]
    Trf(#[from] TrfModelError),
    /// A player with no sex, and no default given.
    #[error(
        "player {start_rank} ({name}) has no sex in the TRF, and the rating needs one: give the sex of such players"
    )]
    NoSex {
        /// Start rank.
        start_rank: u32,
        /// Name.
        name: String,
    },
    /// Players with no FIDE ID, asked to be named by it.
    #[error("players with no FIDE ID, which was to be their list id: {}", .0.join(", "))]
    NoFideId(Vec<String>),
    /// Players the mapping file leaves out.
    #[error("players the mapping file gives no list id: {}", .0.join(", "))]
    Unmapped(Vec<String>),
    /// Two players would get one list id.
    #[error("players {first} and {second} would both be list id {list_id}")]
    SameListId {
        /// The id.
        list_id: u64,
        /// One player (start rank and name).
        first: String,
        /// The other.
        second: String,
    },
    /// A FIDE ID too large for a list id.
    #[error("player {0}: the FIDE ID {1} is too large for a list id")]
    IdTooLarge(String, u64),
    /// The event the file makes is refused by the rating model.
    #[error(transparent)]
    Event(#[from] rm::EventError),
}

impl TrfEventError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    ///
    /// ```
    /// use qiyuan_formats::rating_event::TrfEventError;
    /// use qiyuan_rating::Lang;
    /// let e = TrfEventError::IdTooLarge("3 (Li Si)".into(), 99_999_999_999);
    /// assert_eq!(e.text(Lang::En), e.to_string());
    /// assert_eq!(e.text(Lang::Zh), "棋手 3 (Li Si)：FIDE ID 99999999999 超出名单编号的范围");
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            TrfEventError::Trf(inner) => format!("TRF 不能构成赛事：{}", inner.text(lang)),
            TrfEventError::NoSex { start_rank, name } => format!(
                "棋手 {start_rank}（{name}）在 TRF 中没有性别，而等级分计算需要性别：请给出这些棋手的性别"
            ),
            TrfEventError::NoFideId(names) => format!(
                "以下棋手没有 FIDE ID，无法以其为名单编号：{}",
                names.join("、")
            ),
            TrfEventError::Unmapped(names) => {
                format!("对照文件未给出以下棋手的名单编号：{}", names.join("、"))
            }
            TrfEventError::SameListId {
                list_id,
                first,
                second,
            } => format!("棋手 {first} 与 {second} 会对应同一个名单编号 {list_id}"),
            TrfEventError::IdTooLarge(player, id) => {
                format!("棋手 {player}：FIDE ID {id} 超出名单编号的范围")
            }
            TrfEventError::Event(inner) => format!("赛事有误：{}", inner.text(lang)),
        }
    }
}

fn iso_date(text: &str) -> String {
    text.trim().replace(['/', '.'], "-")
}

/// The TRF `file` as a rating event, its players named by list ids as
/// `options.ids` says.
///
/// ```
/// use qiyuan_formats::rating_event::{PlayerIds, TrfOptions, from_trf};
/// use qiyuan_formats::trf::parse_trf;
/// use qiyuan_rating::model::{GameKind, PlayerId};
/// let trf = parse_trf("012 Open\n\
/// 001    1 m    Wang Li                           1800                             1.0    1     2 w 1\n\
/// 001    2 m    Zhao Yi                           1700                             0.0    2     1 b 0\n").unwrap();
/// let mut options = TrfOptions { game: GameKind::Chess, system: None, sex: None,
///     ids: PlayerIds::Map([(1, 501), (2, 502)].into()), fallback_name: "open".into() };
/// let done = from_trf(&trf, &options).unwrap();
/// assert_eq!(done.event.players()[0].id, PlayerId(501));
/// options.ids = PlayerIds::Map([(1, 501)].into());
/// assert!(from_trf(&trf, &options).unwrap_err().to_string().contains("Zhao Yi"));
/// ```
///
/// # Errors
/// [`TrfEventError`]: the file makes no tournament, a player has no sex
/// or no list id, two players one list id, or the rating model refuses the
/// event.
pub fn from_trf(file: &TrfFile, options: &TrfOptions) -> Result<Converted, TrfEventError> {
    let mut notes = Vec::new();
    let kind = match options.system {
        Some(
            s @ (rm::EventSystem::Swiss
            | rm::EventSystem::RoundRobin
            | rm::EventSystem::DoubleRoundRobin),
        ) => Some(s.tournament_kind()),
        _ => None,
    };
    let trf = event_from_trf(file, kind)?;
    let t = &trf.event;
    let n = t.players().len() as u32;
    let system = options.system.unwrap_or(match t.kind() {
        EventKind::Swiss => rm::EventSystem::Swiss,
        // A single round robin of n players has n − 1 rounds (n even) or n
        // (n odd, one bye a round); more means a double round robin.
        EventKind::RoundRobin if t.total_rounds() > n.saturating_sub(1) + n % 2 => {
            rm::EventSystem::DoubleRoundRobin
        }
        EventKind::RoundRobin => rm::EventSystem::RoundRobin,
    });
    let name = file
        .tournament_name()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .unwrap_or_else(|| {
            notes.push(TrfNote::NoName);
            options.fallback_name.clone()
        });
    let mut date = |which: TrfDate| {
        let code = match which {
            TrfDate::Start => TextCode::StartDate,
            TrfDate::End => TextCode::EndDate,
        };
        let text = file.text(code)?.trim().to_string();
        if text.is_empty() {
            return None;
        }
        match iso_date(&text).parse() {
            Ok(d) => Some(d),
            Err(_) => {
                notes.push(TrfNote::BadDate { date: which, text });
                None
            }
        }
    };
    let start = date(TrfDate::Start);
    let end = date(TrfDate::End);
    let (start, end) = match (start, end) {
        (Some(s), Some(e)) if e < s => {
            notes.push(TrfNote::EndBeforeStart);
            (None, None)
        }
        other => other,
    };

    // Start rank → list id, every player, none twice.
    let who = |id: u32, name: &str| format!("{id} {name}");
    let mut list_ids: HashMap<u32, u32> = HashMap::with_capacity(t.players().len());
    let mut missing = Vec::new();
    let mut taken: HashMap<u64, String> = HashMap::new();
    for p in t.players() {
        let rec = u16::try_from(p.id.0).ok().and_then(|id| file.player(id));
        let list_id: Option<u64> = match &options.ids {
            PlayerIds::StartRank => Some(u64::from(p.id.0)),
            PlayerIds::FideId => rec.and_then(|r| r.fide_id).filter(|&f| f > 0),
            PlayerIds::Map(map) => map.get(&p.id.0).map(|&l| u64::from(l)),
        };
        let Some(list_id) = list_id else {
            missing.push(who(p.id.0, &p.name));
            continue;
        };
        if let Some(first) = taken.insert(list_id, who(p.id.0, &p.name)) {
            return Err(TrfEventError::SameListId {
                list_id,
                first,
                second: who(p.id.0, &p.name),
            });
        }
        let id = u32::try_from(list_id)
            .map_err(|_| TrfEventError::IdTooLarge(who(p.id.0, &p.name), list_id))?;
        list_ids.insert(p.id.0, id);
    }
    if !missing.is_empty() {
        return Err(match options.ids {
            PlayerIds::FideId => TrfEventError::NoFideId(missing),
            _ => TrfEventError::Unmapped(missing),
        });
    }
    let list_id = |id: u32| rm::PlayerId(list_ids.get(&id).copied().unwrap_or(id));

    let mut players = Vec::with_capacity(t.players().len());
    let (mut lost_id, mut lost_birth) = (false, false);
    for p in t.players() {
        let rec = u16::try_from(p.id.0).ok().and_then(|id| file.player(id));
        let sex = match (p.sex, options.sex) {
            (Some(Sex::Male), _) => rm::Sex::Male,
            (Some(Sex::Female), _) => rm::Sex::Female,
            (None, Some(s)) => s,
            (None, None) => {
                return Err(TrfEventError::NoSex {
                    start_rank: p.id.0,
                    name: p.name.clone(),
                });
            }
        };
        let rating = match p.rating {
            Some(r) if (100..=4000).contains(&r) => Some(Decimal::from(r)),
            Some(r) => {
                notes.push(TrfNote::RatingOutOfRange {
                    start_rank: p.id.0,
                    rating: r,
                });
                None
            }
            None => None,
        };
        let mut q = rm::Player::new(p.id, p.name.clone(), sex, rating);
        q.title = p
            .title
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty() && !t.contains(char::is_whitespace))
            .map(String::from);
        if let Some(rec) = rec {
            q.birth_year = rec
                .birth_year()
                .map(i32::from)
                .filter(|y| (1850..=2100).contains(y));
            q.rank = rec.rank.map(u32::from).filter(|&r| r > 0);
            q.federation = rec
                .federation
                .as_deref()
                .map(str::trim)
                .filter(|f| !f.is_empty())
                .map(String::from);
            lost_id |= rec.fide_id.is_some() && options.ids != PlayerIds::FideId;
            lost_birth |= rec.birth_date.as_deref().is_some_and(|d| d.len() > 4);
        }
        players.push(q);
    }
    if lost_id {
        notes.push(TrfNote::FideIdsNotCarried);
    }
    if lost_birth {
        notes.push(TrfNote::BirthDatesAsYears);
    }

    let pending = t
        .rounds()
        .iter()
        .flat_map(|r| &r.games)
        .filter(|g| g.result == rm::GameResult::Pending)
        .count();
    if pending > 0 {
        notes.push(TrfNote::GamesWithoutResult { games: pending });
    }
    if t.total_rounds() > trf.played_rounds {
        notes.push(TrfNote::RoundsScheduled {
            scheduled: t.total_rounds(),
            played: trf.played_rounds,
        });
    }
    let mut dropped: Vec<&'static str> = Vec::new();
    let mut other = false;
    for r in &file.records {
        match r {
            Record::Text { code, .. }
                if !matches!(
                    code,
                    TextCode::TournamentName | TextCode::StartDate | TextCode::EndDate
                ) =>
            {
                dropped.push(code.code());
            }
            Record::Player(_) | Record::Blank | Record::Comment(_) | Record::Text { .. } => {}
            Record::Xxr(_) | Record::NumberOfRounds(_) => {}
            _ => other = true,
        }
    }
    if !dropped.is_empty() || other {
        dropped.sort_unstable();
        dropped.dedup();
        notes.push(TrfNote::RecordsNotCarried {
            codes: dropped,
            other,
        });
    }
    // The rated event of the TRF's tournament, its players then named by
    // their list ids.
    let event = rm::Event::from_tournament(name, options.game, system, start, end, players, t)?
        .with_players(|p| rm::Player {
            id: list_id(p.id.0),
            ..p.clone()
        })?;
    Ok(Converted { event, notes })
}

/// Whether an uploaded file is a TRF rather than an event file: by its
/// extension (`.trf`, `.trfx`; `.json`, `.toml` are event files), else by
/// its first line, a TRF record (three digits and a space: `012 Open`).
///
/// ```
/// use qiyuan_formats::rating_event::looks_like_trf;
/// assert!(looks_like_trf("open.trf", ""));
/// assert!(looks_like_trf("upload-1", "012 Spring Open\n001    1 m ..."));
/// assert!(!looks_like_trf("event.json", "012 x"));
/// assert!(!looks_like_trf("upload-1", "name = \"x\""));
/// ```
pub fn looks_like_trf(name: &str, text: &str) -> bool {
    let ext = name
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "trf" | "trfx" => true,
        "json" | "toml" => false,
        _ => text
            .trim_start_matches('\u{feff}')
            .lines()
            .find(|l| !l.trim().is_empty())
            .is_some_and(|l| {
                let b = l.as_bytes();
                b.len() >= 4 && b[..3].iter().all(u8::is_ascii_digit) && b[3] == b' '
            }),
    }
}

/// An error of a mapping file, naming file, line and column.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}{}: {message}", .line.map(|l| format!(":{l}")).unwrap_or_default())]
pub struct IdMapError {
    /// The file.
    pub file: String,
    /// The line, when one is to blame.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
    /// What is wrong, in Chinese (see [`IdMapError::text`]).
    pub message_zh: String,
}

impl IdMapError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    ///
    /// ```
    /// use qiyuan_formats::rating_event::read_id_map;
    /// use qiyuan_rating::Lang;
    /// let e = read_id_map(b"start_rank,id\n1,501\n1,502\n", "map.csv").unwrap_err();
    /// assert_eq!(e.text(Lang::En), "map.csv:3: start_rank: 1 is given on line 2 already");
    /// assert_eq!(e.text(Lang::Zh), "map.csv：第 3 行：`start_rank`：1 已在第 2 行给出");
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        match (lang, self.line) {
            (Lang::En, _) => self.to_string(),
            (Lang::Zh, Some(l)) => format!("{}：第 {l} 行：{}", self.file, self.message_zh),
            (Lang::Zh, None) => format!("{}：{}", self.file, self.message_zh),
        }
    }
}

/// Header names in backticks, joined by `、`.
fn quoted(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join("、")
}

/// The header names of a mapping file's two columns.
pub const ID_MAP_COLUMNS: [(&str, &[&str]); 2] = [
    (
        "start_rank",
        &["start_rank", "start rank", "trf", "起始序号", "序号"],
    ),
    ("id", &["id", "list_id", "list id", "编号", "名单编号"]),
];

/// Reads a mapping file (CSV in UTF-8, GBK or Big5, or xlsx): a header
/// with a start-rank column (`start_rank`, 序号 …) and a list-id column
/// (`id`, 编号 …), then one row per player.
///
/// ```
/// use qiyuan_formats::rating_event::read_id_map;
/// let map = read_id_map("序号,编号\n1,501\n2,502\n".as_bytes(), "map.csv").unwrap();
/// assert_eq!(map[&2], 502);
/// let e = read_id_map(b"start_rank,id\n1,501\n1,502\n", "map.csv").unwrap_err();
/// assert_eq!(e.line, Some(3));
/// ```
///
/// # Errors
/// [`IdMapError`]: unreadable, a column missing, a cell not a whole
/// number, a start rank given twice.
pub fn read_id_map(bytes: &[u8], file: &str) -> Result<BTreeMap<u32, u32>, IdMapError> {
    let err = |line: Option<usize>, message: String, message_zh: String| IdMapError {
        file: file.to_string(),
        line,
        message,
        message_zh,
    };
    let sheet = read_sheet(bytes, file, &Limits::list()).map_err(|e| IdMapError {
        file: e.file,
        line: e.line,
        message: e.message,
        message_zh: e.message_zh,
    })?;
    let column = |names: &[&str]| {
        sheet
            .header
            .iter()
            .position(|h| names.contains(&h.trim().to_lowercase().as_str()))
    };
    let [(rank_key, rank_names), (id_key, id_names)] = ID_MAP_COLUMNS;
    let (Some(rank), Some(id)) = (column(rank_names), column(id_names)) else {
        return Err(err(
            Some(1),
            format!(
                "the header needs a `{rank_key}` column ({}) and an `{id_key}` column ({})",
                rank_names.join(", "),
                id_names.join(", ")
            ),
            format!(
                "表头须有 `{rank_key}` 列（{}）和 `{id_key}` 列（{}）",
                quoted(rank_names),
                quoted(id_names)
            ),
        ));
    };
    let mut map = BTreeMap::new();
    let mut lines: HashMap<u32, usize> = HashMap::new();
    for row in &sheet.rows {
        let cell = |i: usize, key: &str| -> Result<Option<u32>, IdMapError> {
            let text = row.cells.get(i).map_or("", |s| s.trim());
            if text.is_empty() {
                return Ok(None);
            }
            text.parse::<u32>().map(Some).map_err(|_| {
                err(
                    Some(row.line),
                    format!("{key}: `{text}` is not a whole number ≥ 0"),
                    format!("`{key}`：`{text}` 不是 ≥ 0 的整数"),
                )
            })
        };
        match (cell(rank, rank_key)?, cell(id, id_key)?) {
            (None, None) => continue,
            (Some(r), Some(l)) => {
                if let Some(first) = lines.insert(r, row.line) {
                    return Err(err(
                        Some(row.line),
                        format!("{rank_key}: {r} is given on line {first} already"),
                        format!("`{rank_key}`：{r} 已在第 {first} 行给出"),
                    ));
                }
                map.insert(r, l);
            }
            (None, Some(_)) => {
                return Err(err(
                    Some(row.line),
                    format!("{rank_key}: empty"),
                    format!("`{rank_key}`：为空"),
                ));
            }
            (Some(_), None) => {
                return Err(err(
                    Some(row.line),
                    format!("{id_key}: empty"),
                    format!("`{id_key}`：为空"),
                ));
            }
        }
    }
    Ok(map)
}

/// An event file (the rating event `file`, with its tournament model
/// `event`) as a TRF-2026 file: the header (`012`, start and end dates,
/// `092` the system), players with whole ratings (decimals rounded half
/// away from zero), titles of up to three letters, points with one
/// decimal, birth years, ranks, and the games. What a TRF cannot hold is
/// said in the notes (units, list data, team fields, the regulation
/// fields, titles too long, ratings rounded, xiangqi points on the
/// 1 / ½ / 0 scale).
///
/// ```
/// use qiyuan_formats::event::read_event;
/// use qiyuan_formats::rating_event::to_trf;
/// use qiyuan_tournament::model::{Event, EventKind, Game, Player};
///
/// let file = read_event(r#"{"name": "Open", "game": "chess", "system": "swiss",
///   "players": [{"id": 1, "name": "A", "sex": "m", "rating": 2000.5},
///               {"id": 2, "name": "B", "sex": "f"}],
///   "games": [{"round": 1, "white": 1, "black": 2, "result": "1-0"}]}"#, "e.json", None).unwrap();
/// let mut event = Event::new(EventKind::Swiss, 1);
/// event.add_player(Player::new(1, "A")).unwrap();
/// event.add_player(Player::new(2, "B")).unwrap();
/// event.add_round();
/// event.add_game(1, Game::new(1, 2, qiyuan_tournament::model::GameResult::WhiteWins)).unwrap();
/// let (trf, notes) = to_trf(&file, &event);
/// assert_eq!(trf.player(1).unwrap().rating, Some(2001));
/// assert!(notes[0].to_string().starts_with("1 rating(s) with decimals rounded"), "{notes:?}");
/// ```
#[must_use]
pub fn to_trf(
    file: &rm::Event,
    event: &qiyuan_tournament::model::Event,
) -> (TrfFile, Vec<TrfNote>) {
    let mut notes = Vec::new();
    let mut trf: TrfFile = trf_from_event(file.name(), event, &ScoringSystem::fide(), None);
    // Header records after `012`.
    let mut header = Vec::new();
    for (code, d) in [
        (TextCode::StartDate, file.start()),
        (TextCode::EndDate, file.end()),
    ] {
        if let Some(d) = d {
            header.push(Record::Text {
                code,
                text: d.format("%Y/%m/%d").to_string(),
            });
        }
    }
    let system = match file.system() {
        rm::EventSystem::Swiss => "Swiss System",
        rm::EventSystem::RoundRobin => "Round Robin",
        rm::EventSystem::DoubleRoundRobin => "Double Round Robin",
        rm::EventSystem::Knockout => "Knockout",
        rm::EventSystem::Match => "Match",
        rm::EventSystem::Team => "Team",
    };
    header.push(Record::Text {
        code: TextCode::TournamentType,
        text: system.into(),
    });
    let at = trf.records.len().min(1);
    trf.records.splice(at..at, header);

    let mut rounded = 0;
    let mut long_titles = 0;
    for r in &mut trf.records {
        let Record::Player(rec) = r else { continue };
        let Some(p) = file.player(rm::PlayerId(u32::from(rec.start_number))) else {
            continue;
        };
        rec.rating = p.rating.and_then(|r| {
            let whole = qiyuan_rating::rounding::whole_rating(r);
            if whole != r {
                rounded += 1;
            }
            whole.to_u16()
        });
        if rec.title.as_deref().is_some_and(|t| t.chars().count() > 3) {
            long_titles += 1;
            rec.title = None;
        }
        // Points with one decimal, as rating programs write them (`6.0`).
        if let Some(points) = rec.points.as_mut()
            && points.scale() < 1
        {
            points.rescale(1);
        }
        rec.birth_date = p.birth_year.map(|y| format!("{y:04}"));
        rec.rank = p.rank.and_then(|r| u16::try_from(r).ok());
    }
    if rounded > 0 {
        notes.push(TrfNote::RatingsRounded { ratings: rounded });
    }
    if long_titles > 0 {
        notes.push(TrfNote::LongTitles {
            titles: long_titles,
        });
    }
    let ps = file.players();
    if ps.iter().any(|p| p.unit.is_some()) {
        notes.push(TrfNote::UnitsNotCarried);
    }
    if ps
        .iter()
        .any(|p| p.rated_games > 0 || p.rated_events.is_some() || p.ever_reached.is_some())
    {
        notes.push(TrfNote::ListDataNotCarried);
    }
    if ps.iter().any(|p| {
        p.board.is_some()
            || p.team.is_some()
            || p.computer
            || p.international_rating.is_some()
            || p.foreign
            || p.grade.is_some()
    }) {
        notes.push(TrfNote::PlayerFieldsNotCarried);
    }
    if *file.details() != rm::EventDetails::default() {
        notes.push(TrfNote::RegulationNotCarried);
    }
    if file.game() == rm::GameKind::Xiangqi {
        notes.push(TrfNote::PointsOnChessScale);
    }
    (trf, notes)
}
