//! [`DeskEvent`]: an event being run — its settings, the tournament model,
//! players' extra data, requested byes and forbidden pairs.
//!
//! ```
//! use qiyuan_desk::prelude::*;
//! let mut e = DeskEvent::new(EventSettings::swiss("周赛", GameKind::Xiangqi, 5))?;
//! for (name, rating) in [("甲", 2300), ("乙", 2200), ("丙", 2100), ("丁", 2000)] {
//!     e.add_player(PlayerInfo::new(name).rating(rating))?;
//! }
//! let round = e.pair_next_round()?;
//! assert_eq!(round.boards.len(), 2);
//! e.apply_round(&round)?;
//! e.set_result(1, 1, GameResult::WhiteWins, "")?;
//! # Ok::<(), qiyuan_desk::DeskError>(())
//! ```

use qiyuan_rating::Lang;
use qiyuan_tournament::model::{
    ByeKind, Event, EventKind, GameResult, Player, PlayerId, Round, Sex,
};
use serde::{Deserialize, Serialize};

use crate::error::DeskError;
use crate::seeding::{Renumbering, SeedingMethod};
use crate::settings::{EventSettings, System};
use qiyuan_vocab::Message;

/// What the desk knows of a player, as entered or imported.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PlayerInfo {
    /// Name as printed.
    pub name: String,
    /// Rating, if rated.
    #[serde(default)]
    pub rating: Option<u32>,
    /// Title (GM, 特级大师 …).
    #[serde(default)]
    pub title: Option<String>,
    /// Unit or club (单位).
    #[serde(default)]
    pub club: Option<String>,
    /// Federation.
    #[serde(default)]
    pub federation: Option<String>,
    /// Sex.
    #[serde(default)]
    pub sex: Option<Sex>,
    /// Birth date `YYYY-MM-DD` or year `YYYY`.
    #[serde(default)]
    pub birth: Option<String>,
    /// National id (federation id of the rating list).
    #[serde(default)]
    pub national_id: Option<String>,
    /// FIDE id.
    #[serde(default)]
    pub fide_id: Option<String>,
    /// Valid (rated) games already on the rating list (已计算有效局数);
    /// decides K in the rating report. `None`: not known (taken as 0).
    #[serde(default)]
    pub rated_games: Option<u32>,
    /// Rated events so far, for profiles whose K depends on it
    /// (cxa-legacy).
    #[serde(default)]
    pub rated_events: Option<u32>,
    /// Highest rating ever reached (历史最高等级分): K 10 for life above a
    /// profile's threshold.
    #[serde(default)]
    pub ever_reached: Option<rust_decimal::Decimal>,
}

impl PlayerInfo {
    /// A player with a name only.
    pub fn new(name: impl Into<String>) -> PlayerInfo {
        PlayerInfo {
            name: name.into(),
            ..PlayerInfo::default()
        }
    }

    /// Builder: the rating.
    pub fn rating(mut self, rating: u32) -> PlayerInfo {
        self.rating = Some(rating);
        self
    }

    /// Builder: the sex.
    pub fn sex(mut self, sex: Sex) -> PlayerInfo {
        self.sex = Some(sex);
        self
    }

    /// Builder: the club or unit.
    pub fn club(mut self, club: impl Into<String>) -> PlayerInfo {
        self.club = Some(club.into());
        self
    }

    /// The year of birth, if a birth date or year is known.
    pub fn birth_year(&self) -> Option<i32> {
        self.birth.as_deref().and_then(|b| b.get(..4)?.parse().ok())
    }

    /// Checks the fields as the desk takes them in (adding, importing,
    /// editing a player): what [`PlayerInfo::validate_stored`] checks, and
    /// every free-text field through [`check_player_text`] — the name at
    /// most [`MAX_NAME_CHARS`], the title, club (单位), federation and ids
    /// at most [`MAX_TEXT_CHARS`] characters, none with a control or
    /// invisible formatting character (refused, never stripped). `id`
    /// names the player in the error.
    ///
    /// ```
    /// use qiyuan_desk::PlayerInfo;
    /// let err = PlayerInfo::new("王\u{202E}天一").validate(3).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "player 3: field `name`: character 2 is U+202E, a control or invisible formatting character; remove it"
    /// );
    /// ```
    pub fn validate(&self, id: u32) -> Result<(), DeskError> {
        self.validate_stored(id)?;
        for (field, v, max) in self.text_fields() {
            if let Some(v) = v {
                check_player_text(v, max).map_err(|r| DeskError::PlayerField {
                    player: id,
                    field,
                    message: Message::from_fn(|lang| r.text(lang)),
                })?;
            }
        }
        Ok(())
    }

    /// The free-text fields with their longest length, name first.
    fn text_fields(&self) -> [(&'static str, Option<&str>, usize); 6] {
        [
            ("name", Some(self.name.as_str()), MAX_NAME_CHARS),
            ("title", self.title.as_deref(), MAX_TEXT_CHARS),
            ("club", self.club.as_deref(), MAX_TEXT_CHARS),
            ("federation", self.federation.as_deref(), MAX_TEXT_CHARS),
            ("national_id", self.national_id.as_deref(), MAX_TEXT_CHARS),
            ("fide_id", self.fide_id.as_deref(), MAX_TEXT_CHARS),
        ]
    }

    /// Checks the fields as a stored player is loaded back
    /// ([`DeskEvent::restore_player`]): a name, ratings and a birth that
    /// can be read, text no longer than [`MAX_NAME_CHARS`] /
    /// [`MAX_TEXT_CHARS`]. Control characters are refused at the door
    /// ([`PlayerInfo::validate`]), not here, so that an event stored before
    /// that rule still loads.
    pub fn validate_stored(&self, id: u32) -> Result<(), DeskError> {
        let err = |field, message: Message| DeskError::PlayerField {
            player: id,
            field,
            message,
        };
        let not_a_rating = |r: &dyn std::fmt::Display| {
            Message::new(
                format!("{r} is not a rating (0 to 4000)"),
                format!("{r} 不是有效的等级分（0 至 4000）"),
            )
        };
        if self.name.trim().is_empty() {
            return Err(err(
                "name",
                Message::new("a player needs a name", "棋手需要姓名"),
            ));
        }
        if let Some(r) = self.rating
            && r > 4000
        {
            return Err(err("rating", not_a_rating(&r)));
        }
        if let Some(e) = self.ever_reached
            && (e.is_sign_negative() || e > rust_decimal::Decimal::from(4000))
        {
            return Err(err("ever_reached", not_a_rating(&e)));
        }
        if let Some(b) = &self.birth {
            let ok = (b.len() == 4 && b.parse::<u16>().is_ok())
                || chrono::NaiveDate::parse_from_str(b, "%Y-%m-%d").is_ok();
            if !ok {
                return Err(err(
                    "birth",
                    Message::new(
                        format!("`{b}` is neither a year YYYY nor a date YYYY-MM-DD"),
                        format!("“{b}”既不是年份 YYYY，也不是日期 YYYY-MM-DD"),
                    ),
                ));
            }
        }
        for (field, v, max) in self.text_fields() {
            let len = v.map_or(0, |s| s.chars().count());
            if len > max {
                let r = TextRefusal::TooLong { len, max };
                return Err(err(field, Message::from_fn(|lang| r.text(lang))));
            }
        }
        Ok(())
    }

    fn to_player(&self, id: PlayerId) -> Player {
        let mut p = Player::new(id.0, self.name.trim());
        p.rating = self.rating;
        p.title = self.title.clone();
        p.club = self.club.clone();
        p.federation = self.federation.clone();
        p.sex = self.sex;
        p
    }
}

/// The longest player name the desk takes, in characters (Unicode scalar
/// values, so 100 Chinese characters as well as 100 Latin letters).
pub const MAX_NAME_CHARS: usize = 100;

/// The longest other free-text player field the desk takes (title, club or
/// unit 单位, federation, list id, FIDE id), in characters.
pub const MAX_TEXT_CHARS: usize = 200;

/// Why a free-text player field is refused ([`check_player_text`]). The
/// English is its `Display`; [`TextRefusal::text`] words it in either language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TextRefusal {
    /// A control or invisible formatting character ([`is_refused_char`]).
    #[error("character {at} is {}, a control or invisible formatting character; remove it", code(*.ch))]
    Control {
        /// Its place in the text, from 1, in characters.
        at: usize,
        /// The character.
        ch: char,
    },
    /// Longer than the field takes.
    #[error("{len} characters, at most {max}")]
    TooLong {
        /// The text's length, in characters.
        len: usize,
        /// The field's longest.
        max: usize,
    },
}

fn code(c: char) -> String {
    format!("U+{:04X}", u32::from(c))
}

impl TextRefusal {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    ///
    /// ```
    /// use qiyuan_desk::event::TextRefusal;
    /// use qiyuan_rating::Lang;
    /// let r = TextRefusal::Control { at: 2, ch: '\n' };
    /// assert_eq!(r.text(Lang::Zh), "第 2 个字符是 U+000A（控制字符或不可见的格式字符），请删去");
    /// assert_eq!(r.text(Lang::En), r.to_string());
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        match (*self, lang) {
            (_, Lang::En) => self.to_string(),
            (TextRefusal::Control { at, ch }, Lang::Zh) => format!(
                "第 {at} 个字符是 {}（控制字符或不可见的格式字符），请删去",
                code(ch)
            ),
            (TextRefusal::TooLong { len, max }, Lang::Zh) => {
                format!("共 {len} 个字，最多 {max} 个字")
            }
        }
    }
}

/// Whether the desk refuses `c` in a player's text: a control character
/// ([`char::is_control`]: NUL, tab, newline, carriage return, DEL, C1
/// controls) or an invisible formatting character that can hide or reorder
/// what a name shows — zero-width space, joiners and marks (U+200B to
/// U+200F), bidirectional embeddings, overrides and isolates (U+202A to
/// U+202E, U+2066 to U+2069), the Arabic letter mark (U+061C), the word
/// joiner and invisible operators (U+2060 to U+2064), the line and
/// paragraph separators (U+2028, U+2029) and the byte-order mark (U+FEFF).
pub fn is_refused_char(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2066}'..='\u{2069}'
                | '\u{FEFF}'
        )
}

/// Checks one free-text player field (a name, a club or unit 单位, a title
/// …): at most `max` characters ([`MAX_NAME_CHARS`] for a name,
/// [`MAX_TEXT_CHARS`] for the others), no character [`is_refused_char`]
/// refuses. Such text is refused, never silently cleaned: the arbiter sees
/// what was wrong. The caller names the field and the row.
///
/// ```
/// use qiyuan_desk::{MAX_NAME_CHARS, check_player_text};
/// use qiyuan_desk::event::TextRefusal;
/// assert_eq!(check_player_text("王天一", MAX_NAME_CHARS), Ok(()));
/// assert_eq!(
///     check_player_text("王天一\n=1+1", MAX_NAME_CHARS),
///     Err(TextRefusal::Control { at: 4, ch: '\n' })
/// );
/// assert_eq!(
///     check_player_text(&"甲".repeat(101), MAX_NAME_CHARS),
///     Err(TextRefusal::TooLong { len: 101, max: 100 })
/// );
/// ```
///
/// # Errors
/// The first [`TextRefusal`]: a refused character (with its place), else
/// the length.
pub fn check_player_text(value: &str, max: usize) -> Result<(), TextRefusal> {
    if let Some((i, ch)) = value.chars().enumerate().find(|&(_, c)| is_refused_char(c)) {
        return Err(TextRefusal::Control { at: i + 1, ch });
    }
    let len = value.chars().count();
    if len > max {
        return Err(TextRefusal::TooLong { len, max });
    }
    Ok(())
}

/// Extra data the tournament model does not hold.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Extra {
    id: PlayerId,
    birth: Option<String>,
    national_id: Option<String>,
    fide_id: Option<String>,
    #[serde(default)]
    rated_games: Option<u32>,
    #[serde(default)]
    rated_events: Option<u32>,
    #[serde(default)]
    ever_reached: Option<rust_decimal::Decimal>,
}

/// A bye a player asked for before the round was paired (C.04.2: half-point
/// or zero-point bye; full-point byes where the regulations allow them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RequestedBye {
    /// Round.
    pub round: u32,
    /// Player.
    pub player: PlayerId,
    /// Half-, zero- or full-point bye.
    pub kind: ByeKind,
}

/// A player as the desk shows him: pairing number, data and participation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeskPlayer {
    /// Pairing number (序号).
    pub id: PlayerId,
    /// Data.
    pub info: PlayerInfo,
    /// First round played (late entries: later than 1).
    pub first_round: u32,
    /// Withdrew after this round.
    pub withdrawn_after: Option<u32>,
}

/// A player's unit for same-unit avoidance: trimmed, `None` when blank.
fn unit_of(p: &Player) -> Option<&str> {
    p.club.as_deref().map(str::trim).filter(|u| !u.is_empty())
}

/// An event at the desk.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DeskEvent {
    pub(crate) settings: EventSettings,
    pub(crate) event: Event,
    extras: Vec<Extra>,
    pub(crate) requested_byes: Vec<RequestedBye>,
    pub(crate) forbidden: Vec<(PlayerId, PlayerId)>,
    /// Withdrawals from a round robin (player, after round): the player
    /// stays in the model, his later games are forfeits (see
    /// [`DeskEvent::withdraw`]).
    #[serde(default)]
    pub(crate) rr_withdrawn: Vec<(PlayerId, u32)>,
    /// Teams of a team event, in team-number order.
    #[serde(default)]
    pub(crate) teams: Vec<qiyuan_tournament::team::Team>,
    /// Team rounds paired.
    #[serde(default)]
    pub(crate) team_rounds: Vec<crate::team::TeamRoundPlan>,
    /// How the pairing numbers were last given ([`crate::seeding`]).
    #[serde(default)]
    pub(crate) seeding: SeedingMethod,
    /// Group labels (组别) of the players who have one
    /// ([`crate::groups`]), in pairing-number order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) groups: Vec<(PlayerId, String)>,
}

/// The serialised parts of a tournament model, to rebuild one with a
/// change the model's methods do not offer (its deserialiser validates).
#[derive(Serialize, Deserialize)]
pub(crate) struct Parts {
    pub(crate) kind: EventKind,
    pub(crate) total_rounds: u32,
    pub(crate) players: Vec<Player>,
    pub(crate) rounds: Vec<Round>,
    #[serde(default)]
    pub(crate) corrections: Vec<qiyuan_tournament::model::Correction>,
}

fn internal(what: impl std::fmt::Display) -> DeskError {
    DeskError::BadRound {
        round: 0,
        message: Message::new(
            format!("internal model conversion failed: {what}"),
            format!("内部模型转换失败：`{what}`"),
        ),
    }
}

impl DeskEvent {
    /// A new event with no players. The settings are validated.
    pub fn new(settings: EventSettings) -> Result<DeskEvent, DeskError> {
        settings.validate()?;
        let kind = if settings.is_round_robin() {
            EventKind::RoundRobin
        } else {
            EventKind::Swiss
        };
        let total = settings.planned_rounds(0);
        Ok(DeskEvent {
            settings,
            event: Event::new(kind, total),
            extras: Vec::new(),
            requested_byes: Vec::new(),
            forbidden: Vec::new(),
            rr_withdrawn: Vec::new(),
            teams: Vec::new(),
            team_rounds: Vec::new(),
            seeding: SeedingMethod::default(),
            groups: Vec::new(),
        })
    }

    /// The settings.
    pub fn settings(&self) -> &EventSettings {
        &self.settings
    }

    /// Replaces the settings. The system cannot change once round 1 is
    /// paired; the number of Swiss rounds cannot drop below the rounds paired.
    pub fn set_settings(&mut self, settings: EventSettings) -> Result<(), DeskError> {
        settings.validate()?;
        settings.check_text()?;
        let paired = self.event.rounds().len() as u32;
        if paired > 0
            && std::mem::discriminant(&settings.system)
                != std::mem::discriminant(&self.settings.system)
        {
            return Err(DeskError::AlreadyStarted(Message::new(
                "changing the pairing system",
                "更改编排制度",
            )));
        }
        if paired > 0
            && settings.system != self.settings.system
            && !matches!(settings.system, System::Swiss { .. })
        {
            return Err(DeskError::AlreadyStarted(Message::new(
                "changing the round robin or knockout format",
                "更改循环赛或淘汰赛的赛制",
            )));
        }
        let boards = |s: &EventSettings| s.team.as_ref().map(|t| t.boards);
        if (paired > 0 || !self.teams.is_empty()) && settings.is_team() != self.settings.is_team() {
            return Err(DeskError::AlreadyStarted(Message::new(
                "turning a team event into an individual one, or back",
                "将团体赛改为个人赛（或反之）",
            )));
        }
        if !self.team_rounds.is_empty() && boards(&settings) != boards(&self.settings) {
            return Err(DeskError::AlreadyStarted(Message::new(
                "changing the number of boards",
                "更改台数",
            )));
        }
        if matches!(settings.system, System::Swiss { .. }) && settings.rounds < paired {
            return Err(DeskError::Settings(crate::settings::SettingsError::Field {
                field: "rounds",
                message: Message::new(
                    format!("{paired} rounds are already paired"),
                    format!("已编排 {paired} 轮"),
                ),
            }));
        }
        self.settings = settings;
        self.sync_total_rounds()
    }

    /// The tournament model (players, rounds, results, corrections).
    pub fn event(&self) -> &Event {
        &self.event
    }

    /// Rounds paired so far.
    pub fn rounds_paired(&self) -> u32 {
        self.event.rounds().len() as u32
    }

    /// Rounds the event is planned for.
    pub fn total_rounds(&self) -> u32 {
        self.event.total_rounds()
    }

    /// Whether every round is paired and every result known.
    pub fn is_finished(&self) -> bool {
        self.rounds_paired() >= self.total_rounds()
            && self.total_rounds() > 0
            && self
                .event
                .rounds()
                .iter()
                .all(|r| r.games.iter().all(|g| g.result != GameResult::Pending))
    }

    /// Where the event stands: registration until a round is paired,
    /// finished once [`DeskEvent::is_finished`], running between.
    pub fn status(&self) -> qiyuan_vocab::EventStatus {
        use qiyuan_vocab::EventStatus;
        if self.rounds_paired() == 0 {
            EventStatus::Registration
        } else if self.is_finished() {
            EventStatus::Finished
        } else {
            EventStatus::Running
        }
    }

    /// Requested byes, every round.
    pub fn requested_byes(&self) -> &[RequestedBye] {
        &self.requested_byes
    }

    /// Forbidden pairs (players who must not meet: same family, same club
    /// where the regulations say so).
    pub fn forbidden_pairs(&self) -> &[(PlayerId, PlayerId)] {
        &self.forbidden
    }

    /// Every player with his data, in pairing-number order.
    pub fn players(&self) -> Vec<DeskPlayer> {
        let mut v: Vec<DeskPlayer> = self
            .event
            .players()
            .iter()
            .map(|p| self.desk_player(p))
            .collect();
        v.sort_by_key(|p| p.id);
        v
    }

    /// One player.
    pub fn player(&self, id: PlayerId) -> Option<DeskPlayer> {
        self.event.player(id).map(|p| self.desk_player(p))
    }

    fn desk_player(&self, p: &Player) -> DeskPlayer {
        let extra = self.extras.iter().find(|e| e.id == p.id);
        DeskPlayer {
            id: p.id,
            info: PlayerInfo {
                name: p.name.clone(),
                rating: p.rating,
                title: p.title.clone(),
                club: p.club.clone(),
                federation: p.federation.clone(),
                sex: p.sex,
                birth: extra.and_then(|e| e.birth.clone()),
                national_id: extra.and_then(|e| e.national_id.clone()),
                fide_id: extra.and_then(|e| e.fide_id.clone()),
                rated_games: extra.and_then(|e| e.rated_games),
                rated_events: extra.and_then(|e| e.rated_events),
                ever_reached: extra.and_then(|e| e.ever_reached),
            },
            first_round: p.first_round,
            withdrawn_after: p.withdrawn_after.or_else(|| self.rr_withdrawal(p.id)),
        }
    }

    /// The round after which a player withdrew from a round robin.
    pub(crate) fn rr_withdrawal(&self, id: PlayerId) -> Option<u32> {
        self.rr_withdrawn
            .iter()
            .find(|(p, _)| *p == id)
            .map(|(_, a)| *a)
    }

    fn next_id(&self) -> u32 {
        self.event
            .players()
            .iter()
            .map(|p| p.id.0)
            .max()
            .unwrap_or(0)
            + 1
    }

    /// Registers a player and returns his pairing number. He is placed
    /// where the rules rank him (rating, title, name: see
    /// [`crate::seeding`]) unless the numbers were drawn by lot, when he
    /// takes the next number. After round 1 is paired he is a late entry:
    /// his first round is the next one.
    pub fn add_player(&mut self, info: PlayerInfo) -> Result<PlayerId, DeskError> {
        self.add_player_placed(info).map(|(id, _)| id)
    }

    /// As [`DeskEvent::add_player`], also answering the numbers that moved
    /// to make room for him (for the store to apply and the log to keep).
    pub fn add_player_placed(
        &mut self,
        info: PlayerInfo,
    ) -> Result<(PlayerId, Renumbering), DeskError> {
        let (ids, moved) = self.add_players_placed(std::slice::from_ref(&info))?;
        Ok((ids[0], moved))
    }

    /// Registers several players at once (an import: all or none), each
    /// placed as [`DeskEvent::add_player`] places one. Returns their final
    /// numbers and the [`Renumbering`] from the numbers they were appended
    /// with (the next free ones, in the given order) to the final numbers
    /// of everyone.
    pub fn add_players_placed(
        &mut self,
        infos: &[PlayerInfo],
    ) -> Result<(Vec<PlayerId>, Renumbering), DeskError> {
        if self.rounds_paired() > 0 && !matches!(self.settings.system, System::Swiss { .. }) {
            return Err(DeskError::AlreadyStarted(Message::new(
                "a late entry in a round robin or knockout",
                "循环赛或淘汰赛中途加入棋手",
            )));
        }
        let mut next = self.clone();
        let first = next.rounds_paired() + 1;
        let mut appended = Vec::with_capacity(infos.len());
        for info in infos {
            let id = PlayerId(next.next_id());
            info.validate(id.0)?;
            next.restore_player(id, info.clone(), first, None)?;
            appended.push(id);
        }
        let placed = match next.seeding {
            SeedingMethod::Rating | SeedingMethod::Manual if !next.is_team_event() => {
                next.place_by_rating(&appended)?
            }
            _ => Renumbering::default(),
        };
        *self = next;
        let ids = appended.iter().map(|&id| placed.new_number(id)).collect();
        Ok((ids, placed))
    }

    /// Registers a player with a given pairing number and participation, as
    /// stored (used when an event is loaded from a database). Checks what
    /// [`PlayerInfo::validate_stored`] checks: a caller taking a player in
    /// from outside checks [`PlayerInfo::validate`] first, as
    /// [`DeskEvent::add_player`] and the imports do.
    pub fn restore_player(
        &mut self,
        id: PlayerId,
        info: PlayerInfo,
        first_round: u32,
        withdrawn_after: Option<u32>,
    ) -> Result<(), DeskError> {
        info.validate_stored(id.0)?;
        let mut p = info.to_player(id);
        p.first_round = first_round.max(1);
        self.event.add_player(p)?;
        if let Some(w) = withdrawn_after {
            self.withdraw(id, w)?;
        }
        self.set_extra(id, &info);
        self.sync_total_rounds()
    }

    fn set_extra(&mut self, id: PlayerId, info: &PlayerInfo) {
        self.extras.retain(|e| e.id != id);
        if info.birth.is_some()
            || info.national_id.is_some()
            || info.fide_id.is_some()
            || info.rated_games.is_some()
            || info.rated_events.is_some()
            || info.ever_reached.is_some()
        {
            self.extras.push(Extra {
                id,
                birth: info.birth.clone(),
                national_id: info.national_id.clone(),
                fide_id: info.fide_id.clone(),
                rated_games: info.rated_games,
                rated_events: info.rated_events,
                ever_reached: info.ever_reached,
            });
        }
    }

    /// Moves the extra data with a renumbering.
    pub(crate) fn remap_extras(&mut self, new: &impl Fn(PlayerId) -> PlayerId) {
        for e in &mut self.extras {
            e.id = new(e.id);
        }
        // Kept in number order, as the store reloads them: an event and its
        // reloaded copy are equal.
        self.extras.sort_by_key(|e| e.id);
        for g in &mut self.groups {
            g.0 = new(g.0);
        }
        self.groups.sort();
    }

    /// Changes a player's data (name, rating, club …); results stay.
    pub fn update_player(&mut self, id: PlayerId, info: PlayerInfo) -> Result<(), DeskError> {
        info.validate(id.0)?;
        if self.event.player(id).is_none() {
            return Err(DeskError::UnknownPlayer(id));
        }
        self.rebuild(|parts| {
            for p in &mut parts.players {
                if p.id == id {
                    let mut q = info.to_player(id);
                    q.first_round = p.first_round;
                    q.withdrawn_after = p.withdrawn_after;
                    q.infringements = p.infringements;
                    *p = q;
                }
            }
        })?;
        self.set_extra(id, &info);
        Ok(())
    }

    /// Records that a player withdrew (退赛) after round `after`.
    ///
    /// In a Swiss or a knockout he is not paired in later rounds. In a
    /// round robin (individual, not a team event) the schedule stays: each
    /// later game of his is a forfeit (弃权) — his opponent wins by forfeit,
    /// shown `+`, and he loses by forfeit, shown `-` — as FIDE C.05 and the
    /// xiangqi competition rules score the games a withdrawn player does not
    /// play; the opponent does not get a pairing bye. So the model keeps him
    /// as a participant and [`DeskEvent::apply_round`] records the forfeit.
    pub fn withdraw(&mut self, id: PlayerId, after: u32) -> Result<(), DeskError> {
        if self.event.player(id).is_none() {
            return Err(DeskError::UnknownPlayer(id));
        }
        if self.settings.is_round_robin() && !self.is_team_event() {
            if let Some(r) = self
                .event
                .rounds()
                .iter()
                .enumerate()
                .skip(after as usize)
                .find(|(_, r)| {
                    r.games
                        .iter()
                        .any(|g| (g.white == id || g.black == id) && !forfeited_by(g, id))
                })
                .map(|(i, _)| i + 1)
            {
                return Err(DeskError::Model(
                    qiyuan_tournament::model::ModelError::BadParticipation {
                        player: id,
                        what: format!(
                            "already paired in round {r}, after the withdrawal; record that game as a forfeit first"
                        ),
                    },
                ));
            }
            self.rr_withdrawn.retain(|(p, _)| *p != id);
            self.rr_withdrawn.push((id, after));
            return Ok(());
        }
        self.event.withdraw(id, after)?;
        Ok(())
    }

    /// Records a rule infringement (犯规, 象棋竞赛规则 2011 art. 14: a
    /// tie-break where fewer is better).
    pub fn add_infringement(&mut self, id: PlayerId) -> Result<(), DeskError> {
        if self.event.player(id).is_none() {
            return Err(DeskError::UnknownPlayer(id));
        }
        self.rebuild(|parts| {
            for p in &mut parts.players {
                if p.id == id {
                    p.infringements += 1;
                }
            }
        })
    }

    /// Records a requested bye for a round not yet paired: the player is not
    /// paired and gets `kind` (half-, zero- or full-point bye).
    pub fn request_bye(
        &mut self,
        round: u32,
        id: PlayerId,
        kind: ByeKind,
    ) -> Result<(), DeskError> {
        if self.event.player(id).is_none() {
            return Err(DeskError::UnknownPlayer(id));
        }
        if !matches!(
            kind,
            ByeKind::HalfPoint | ByeKind::ZeroPoint | ByeKind::FullPoint
        ) {
            return Err(DeskError::BadRound {
                round,
                message: Message::new(
                    format!("player {id}: a requested bye is a half-, zero- or full-point bye"),
                    format!("{id}号：请假只能是记和、记负或记胜的轮空"),
                ),
            });
        }
        if round <= self.rounds_paired() {
            return Err(DeskError::BadRound {
                round,
                message: Message::new(
                    "already paired; change the pairing instead",
                    "已编排；请改为修改编排",
                ),
            });
        }
        if round == 0 || round > self.total_rounds().max(self.settings.rounds) {
            return Err(DeskError::BadRound {
                round,
                message: Message::new(
                    format!("the event has {} rounds", self.total_rounds()),
                    format!("赛事共 {} 轮", self.total_rounds()),
                ),
            });
        }
        self.requested_byes
            .retain(|b| !(b.round == round && b.player == id));
        self.requested_byes.push(RequestedBye {
            round,
            player: id,
            kind,
        });
        Ok(())
    }

    /// Withdraws a requested bye. Returns whether there was one.
    pub fn cancel_bye(&mut self, round: u32, id: PlayerId) -> bool {
        let before = self.requested_byes.len();
        self.requested_byes
            .retain(|b| !(b.round == round && b.player == id));
        before != self.requested_byes.len()
    }

    /// The requested bye of a player in a round.
    pub fn requested_bye(&self, round: u32, id: PlayerId) -> Option<ByeKind> {
        self.requested_byes
            .iter()
            .find(|b| b.round == round && b.player == id)
            .map(|b| b.kind)
    }

    /// Forbids two players to meet (an absolute criterion for the Swiss
    /// engine, like C1; a warning on manual pairings).
    pub fn forbid_pair(&mut self, a: PlayerId, b: PlayerId) -> Result<(), DeskError> {
        for id in [a, b] {
            if self.event.player(id).is_none() {
                return Err(DeskError::UnknownPlayer(id));
            }
        }
        if a == b {
            return Err(DeskError::PlayerField {
                player: a.0,
                field: "forbidden",
                message: Message::new(
                    "a player cannot be forbidden to meet himself",
                    "不能禁止棋手与自己相遇",
                ),
            });
        }
        let pair = (a.min(b), a.max(b));
        if !self.forbidden.contains(&pair) {
            self.forbidden.push(pair);
        }
        Ok(())
    }

    /// Whether two players are forbidden to meet.
    pub fn is_forbidden(&self, a: PlayerId, b: PlayerId) -> bool {
        self.forbidden.contains(&(a.min(b), a.max(b)))
    }

    /// The unit two players share when same-unit avoidance
    /// ([`EventSettings::same_unit_avoidance`]) keeps them apart in
    /// `round`; `None` when it does not (option off, a round not chosen, a
    /// player without a unit, different units).
    pub fn same_unit_in(&self, round: u32, a: PlayerId, b: PlayerId) -> Option<String> {
        let avoid = self.settings.same_unit_avoidance?;
        if a == b || !avoid.applies_to(round) {
            return None;
        }
        let unit = |id| unit_of(self.event.player(id)?);
        let u = unit(a)?;
        (unit(b)? == u).then(|| u.to_string())
    }

    /// The pairs same-unit avoidance forbids in `round` (each pair once,
    /// lower number first, in number order); empty when it does not apply
    /// to that round.
    ///
    /// ```
    /// use qiyuan_desk::prelude::*;
    /// let mut s = EventSettings::swiss("周赛", GameKind::Xiangqi, 7);
    /// s.same_unit_avoidance = Some(UnitAvoidance::Rounds { first: 1, last: 3 });
    /// let mut e = DeskEvent::new(s)?;
    /// for (name, unit) in [("甲", "北京"), ("乙", "上海"), ("丙", " 北京 "), ("丁", "")] {
    ///     e.add_player(PlayerInfo::new(name).club(unit))?;
    /// }
    /// assert_eq!(e.same_unit_pairs(1), [(PlayerId(1), PlayerId(3))]);
    /// assert_eq!(e.same_unit_pairs(4), []);
    /// # Ok::<(), DeskError>(())
    /// ```
    pub fn same_unit_pairs(&self, round: u32) -> Vec<(PlayerId, PlayerId)> {
        let Some(avoid) = self.settings.same_unit_avoidance else {
            return Vec::new();
        };
        if !avoid.applies_to(round) {
            return Vec::new();
        }
        let mut players: Vec<(PlayerId, &str)> = self
            .event
            .players()
            .iter()
            .filter_map(|p| Some((p.id, unit_of(p)?)))
            .collect();
        players.sort();
        let mut out = Vec::new();
        for (i, &(a, ua)) in players.iter().enumerate() {
            for &(b, ub) in &players[i + 1..] {
                if ua == ub {
                    out.push((a, b));
                }
            }
        }
        out
    }

    /// Whether two players must not meet in `round`: a forbidden pair
    /// ([`DeskEvent::is_forbidden`]) or two players of one unit in a round
    /// of same-unit avoidance ([`DeskEvent::same_unit_in`]).
    pub fn is_forbidden_in(&self, round: u32, a: PlayerId, b: PlayerId) -> bool {
        self.is_forbidden(a, b) || self.same_unit_in(round, a, b).is_some()
    }

    /// Sets the result of board `board` (1-based) of `round`: the first entry
    /// or a correction (成绩更正), which the model records with `reason`.
    /// Returns the result before.
    pub fn set_result(
        &mut self,
        round: u32,
        board: usize,
        result: GameResult,
        reason: &str,
    ) -> Result<GameResult, DeskError> {
        let game = self.game(round, board)?;
        self.event.set_result(round, game.white, result, reason)?;
        Ok(game.result)
    }

    /// The game on board `board` (1-based) of `round`.
    pub fn game(
        &self,
        round: u32,
        board: usize,
    ) -> Result<qiyuan_tournament::model::Game, DeskError> {
        round
            .checked_sub(1)
            .and_then(|r| self.event.rounds().get(r as usize))
            .and_then(|r| board.checked_sub(1).and_then(|b| r.games.get(b)))
            .copied()
            .ok_or(DeskError::NoSuchBoard { round, board })
    }

    /// Removes the last round, if no result of it is entered yet (an
    /// arbiter re-pairs after a mistake).
    pub fn unpair_last_round(&mut self) -> Result<u32, DeskError> {
        let Some(last) = self.event.rounds().last() else {
            return Err(DeskError::BadRound {
                round: 0,
                message: Message::new("no round is paired", "尚未编排任何一轮"),
            });
        };
        let n = self.rounds_paired();
        if let Some(b) = last
            .games
            .iter()
            .position(|g| g.result != GameResult::Pending)
        {
            return Err(DeskError::BadRound {
                round: n,
                message: Message::new(
                    format!("board {} has a result; clear the results first", b + 1),
                    format!("第 {} 台已有成绩：请先清除成绩", b + 1),
                ),
            });
        }
        self.rebuild(|parts| {
            parts.rounds.pop();
        })?;
        Ok(n)
    }

    /// Keeps the model's number of rounds equal to the plan (round robins
    /// and knockouts depend on the number of players).
    pub(crate) fn sync_total_rounds(&mut self) -> Result<(), DeskError> {
        let planned = if self.settings.is_team() {
            self.settings
                .planned_team_rounds(self.teams.len() as u32)
                .max(self.team_rounds.len() as u32)
        } else {
            self.settings
                .planned_rounds(self.event.players().len() as u32)
        }
        .max(self.rounds_paired());
        if planned != self.event.total_rounds() {
            self.rebuild(|parts| parts.total_rounds = planned)?;
        }
        Ok(())
    }

    /// Rebuilds the model from its serialised parts after `change`; the
    /// model's deserialiser validates the result.
    pub(crate) fn rebuild(&mut self, change: impl FnOnce(&mut Parts)) -> Result<(), DeskError> {
        let value = serde_json::to_value(&self.event).map_err(internal)?;
        let mut parts: Parts = serde_json::from_value(value).map_err(internal)?;
        change(&mut parts);
        let value = serde_json::to_value(&parts).map_err(internal)?;
        let event: Event = serde_json::from_value(value).map_err(|e| DeskError::BadRound {
            round: self.rounds_paired(),
            message: Message::new(e.to_string(), format!("赛事数据无法读取：`{e}`")),
        })?;
        self.event = event;
        Ok(())
    }

    /// Replaces the model's rounds and results (used when an event is loaded
    /// from a database): rounds in order, each with its games and byes.
    pub fn restore_rounds(&mut self, rounds: Vec<Round>) -> Result<(), DeskError> {
        self.rebuild(|parts| {
            parts.total_rounds = parts.total_rounds.max(rounds.len() as u32);
            parts.rounds = rounds;
        })
    }
}

/// Whether `id` lost game `g` by forfeit (or both forfeited).
pub(crate) fn forfeited_by(g: &qiyuan_tournament::model::Game, id: PlayerId) -> bool {
    match g.result {
        GameResult::WhiteForfeitWin => g.black == id,
        GameResult::BlackForfeitWin => g.white == id,
        GameResult::DoubleForfeit => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameKind;

    #[test]
    fn players_late_entry_update_and_sort() {
        let mut e = DeskEvent::new(EventSettings::swiss("t", GameKind::Chess, 5)).unwrap();
        let a = e.add_player(PlayerInfo::new("A").rating(1800)).unwrap();
        let b = e.add_player(PlayerInfo::new("B").rating(2000)).unwrap();
        // B (2000) ranks above A (1800): he takes number 1, A moves to 2.
        assert_eq!((a, b), (PlayerId(1), PlayerId(1)));
        assert_eq!(e.player(PlayerId(2)).unwrap().info.name, "A");
        let mut bad = PlayerInfo::new("C");
        bad.birth = Some("19x0".into());
        let err = e.add_player(bad).unwrap_err().to_string();
        assert_eq!(
            err,
            "player 3: field `birth`: `19x0` is neither a year YYYY nor a date YYYY-MM-DD"
        );
        // Placed by rating as they came: B (2000) is number 1.
        assert_eq!(e.player(PlayerId(1)).unwrap().info.name, "B");
        let mut info = e.player(PlayerId(2)).unwrap().info;
        info.club = Some("北京".into());
        info.national_id = Some("11010".into());
        e.update_player(PlayerId(2), info).unwrap();
        assert_eq!(
            e.player(PlayerId(2)).unwrap().info.national_id.as_deref(),
            Some("11010")
        );
        e.add_player(PlayerInfo::new("C")).unwrap();
        e.add_player(PlayerInfo::new("D")).unwrap();
        let r = e.pair_next_round().unwrap();
        e.apply_round(&r).unwrap();
        let late = e.add_player(PlayerInfo::new("E")).unwrap();
        assert_eq!(e.player(late).unwrap().first_round, 2);
        assert!(e.seed_by_rating().is_err());
    }
}
