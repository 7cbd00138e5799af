//! Event settings (赛事设置): game, system, rounds, scoring, tie-breaks,
//! rating profile, dates, place, arbiters and same-unit avoidance
//! ([`UnitAvoidance`], 同单位回避; outside the FIDE Dutch rules, see there).
//!
//! ```
//! use qiyuan_desk::settings::*;
//! let json = r#"{
//!   "name": "2026 城市象棋公开赛", "game": "xiangqi",
//!   "system": {"swiss": {"edition": "2026", "acceleration": false}},
//!   "rounds": 7, "scoring": "2-1-0", "tiebreaks": "xiangqi-swiss-bh",
//!   "rating_profile": "cxa-2019", "start": "2026-05-01", "end": "2026-05-03"
//! }"#;
//! let s: EventSettings = serde_json::from_str(json).unwrap();
//! s.validate().unwrap();
//! assert_eq!(s.scoring.system().win, rust_decimal_macros::dec!(2));
//! ```

use chrono::NaiveDate;
use qiyuan_rating::Lang;
use qiyuan_rating::model::{ArbiterGrade, GameKind, TimeControl};
use qiyuan_tournament::model::Colour;
pub use qiyuan_tournament::model::ResultWording;
/// Pinyin or stroke order of names ([`EventSettings::name_order`]).
pub use qiyuan_tournament::names::Order as NameOrdering;
use qiyuan_tournament::scoring::ScoringSystem;
use qiyuan_tournament::tiebreak::{PRESETS, Preset, preset};
use qiyuan_vocab::Message;
use rust_decimal_macros::dec;
use serde::{Deserialize, Serialize};

/// Edition of the FIDE (Dutch) System, C.04.3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum DutchEdition {
    /// The edition applied from 1 February 2026.
    #[default]
    #[serde(rename = "2026")]
    Fide2026,
    /// The 2017 edition, for events of before February 2026.
    #[serde(rename = "2017")]
    Fide2017,
}

/// How the event is paired. Its name is the system's code, as the event
/// file writes it (`swiss`, `round-robin`, `knockout`); `round_robin`, the
/// spelling of settings saved before 2026-12, is read too.
///
/// ```
/// use qiyuan_desk::settings::System;
/// let rr = System::RoundRobin { cycles: 2 };
/// assert_eq!(serde_json::to_string(&rr).unwrap(), r#"{"round-robin":{"cycles":2}}"#);
/// let old: System = serde_json::from_str(r#"{"round_robin":{"cycles":2}}"#).unwrap();
/// assert_eq!(old, rr);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum System {
    /// Swiss, FIDE (Dutch) System (积分编排制).
    Swiss {
        /// Edition of C.04.3.
        #[serde(default)]
        edition: DutchEdition,
        /// Baku acceleration (C.04.5).
        #[serde(default)]
        acceleration: bool,
    },
    /// Round robin by the FIDE Berger tables (循环制), `cycles` times
    /// (2: double round robin, colours reversed in the second cycle).
    #[serde(alias = "round_robin")]
    RoundRobin {
        /// Number of cycles, 1..=4.
        cycles: u32,
    },
    /// Knockout (淘汰制): a seeded bracket, each tie a match of
    /// `games_per_match` games with alternating colours, then, if
    /// `armageddon`, one decisive game in which a draw goes to Black
    /// (红先和负).
    Knockout {
        /// Games of each match, 1..=8.
        games_per_match: u32,
        /// A decisive game when the match is level.
        #[serde(default)]
        armageddon: bool,
    },
}

/// Points per result: a named preset or explicit values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ScoringPreset {
    /// 1 / ½ / 0 (FIDE).
    #[serde(rename = "1-0.5-0")]
    Fide,
    /// 2 / 1 / 0 (象棋竞赛规则 2011 art. 13.1).
    #[serde(rename = "2-1-0")]
    Xiangqi,
    /// 3 / 1 / 0.
    #[serde(rename = "3-1-0")]
    ThreeOneZero,
    /// Explicit points per outcome.
    #[serde(rename = "custom")]
    Custom(ScoringSystem),
}

impl ScoringPreset {
    /// The scoring system.
    pub fn system(&self) -> ScoringSystem {
        match self {
            ScoringPreset::Fide => ScoringSystem::fide(),
            ScoringPreset::Xiangqi => ScoringSystem::xiangqi_2011(),
            ScoringPreset::ThreeOneZero => ScoringSystem::three_one_zero(),
            ScoringPreset::Custom(s) => *s,
        }
    }
}

/// Same-unit avoidance (同单位回避): the rounds of a Swiss in which players
/// of the same unit ([`crate::PlayerInfo::club`], 单位) must not meet.
///
/// In those rounds every two players whose unit is the same (compared
/// after trimming; a player without a unit is never held back) are a
/// forbidden pair for the Dutch engine, an absolute criterion as the
/// permanent forbidden pairs ([`crate::DeskEvent::forbid_pair`]) are; in
/// the other rounds the pairing is the Dutch System's alone. This lies
/// outside the FIDE (Dutch) System (C.04.3), which knows no forbidden
/// pairs: it is what JaVaFo's and bbpPairings' `XXP` records and TRF26's
/// `260` (prohibited pairings within rounds) do. When no pairing of a
/// round keeps every same-unit pair apart, the engine refuses the round
/// (the arbiter narrows the rounds or pairs by hand).
///
/// In JSON: `"all"`, or `{"rounds": {"first": 1, "last": 5}}`.
///
/// ```
/// use qiyuan_desk::settings::UnitAvoidance;
/// let first_five: UnitAvoidance = serde_json::from_str(r#"{"rounds": {"first": 1, "last": 5}}"#).unwrap();
/// assert!(first_five.applies_to(5) && !first_five.applies_to(6));
/// assert!(serde_json::from_str::<UnitAvoidance>(r#""all""#).unwrap().applies_to(9));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitAvoidance {
    /// In every round.
    All,
    /// In rounds `first..=last`.
    Rounds {
        /// First round held back, from 1.
        first: u32,
        /// Last round held back (not before `first`).
        last: u32,
    },
}

impl UnitAvoidance {
    /// Whether same-unit players are kept apart in `round`.
    pub fn applies_to(self, round: u32) -> bool {
        match self {
            UnitAvoidance::All => true,
            UnitAvoidance::Rounds { first, last } => (first..=last).contains(&round),
        }
    }
}

/// The settings of an event run at the desk.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EventSettings {
    /// Name (赛事名称).
    pub name: String,
    /// Game.
    pub game: GameKind,
    /// Pairing system.
    pub system: System,
    /// Rounds of a Swiss. Round robins and knockouts derive theirs from the
    /// number of players ([`EventSettings::planned_rounds`]); the value
    /// given is then ignored (0 is fine).
    #[serde(default)]
    pub rounds: u32,
    /// Points per result.
    pub scoring: ScoringPreset,
    /// How the event writes its results (象棋竞赛规则): in words, 红胜 / 和 /
    /// 黑胜 (the default, and what settings saved before the option read
    /// as), or as the scores of the 2-1-0 scale, 2:0 / 1:1 / 0:2 — a
    /// xiangqi event's choice. Result entry, prints, exports and the
    /// public pages write every result so ([`EventSettings::result_label`]).
    #[serde(default, skip_serializing_if = "ResultWording::is_words")]
    pub result_wording: ResultWording,
    /// The order of the lists by name (the desk's player list by name, the
    /// list by name of a round's pairings, printed and public) and of names
    /// tied on rating and title in the seeding: pinyin (拼音, the default,
    /// and what settings saved before the option read as) or strokes (笔画,
    /// as official Chinese lists order names; [`NameOrdering`]).
    #[serde(default, skip_serializing_if = "NameOrdering::is_pinyin")]
    pub name_order: NameOrdering,
    /// Tie-break preset name ([`qiyuan_tournament::tiebreak::PRESETS`]:
    /// `fide-swiss`, `fide-rr`, `xiangqi-rr`, `xiangqi-drr`,
    /// `xiangqi-swiss-bh`, `xiangqi-swiss-ps`, or their Chinese names).
    pub tiebreaks: String,
    /// Rating profile used for the rating report (e.g. `cxa-2019`,
    /// `fide-2024`), if any.
    #[serde(default)]
    pub rating_profile: Option<String>,
    /// Colour of the top player on board 1 in round 1 (C.04.3 art. 5.1:
    /// drawn by lot).
    #[serde(default = "white")]
    pub initial_colour: Colour,
    /// First day.
    #[serde(default)]
    pub start: Option<NaiveDate>,
    /// Last day.
    #[serde(default)]
    pub end: Option<NaiveDate>,
    /// The date of each round (`round_dates[r - 1]`), which the rating
    /// office needs; may be shorter than the number of rounds.
    #[serde(default)]
    pub round_dates: Vec<NaiveDate>,
    /// Place (地点).
    #[serde(default)]
    pub place: Option<String>,
    /// Chief arbiter (裁判长).
    #[serde(default)]
    pub chief_arbiter: Option<String>,
    /// Deputy and other arbiters.
    #[serde(default)]
    pub arbiters: Vec<String>,
    /// A team event (团体赛): boards, match points and team tie-breaks.
    /// `None`: an individual event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<crate::team::TeamSettings>,
    /// Whether the public pages and the API's anonymous readers see each
    /// player's year of birth (出生年份): the organiser's choice, off by
    /// default. A birth date, a national id or contact details are never
    /// public, whatever this says.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub public_birth_year: bool,
    /// Same-unit avoidance (同单位回避) of an individual Swiss: the rounds
    /// in which players of one unit must not meet. `None` (the default,
    /// and what settings saved before the option read as): off.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub same_unit_avoidance: Option<UnitAvoidance>,
    /// What the rating regulations ask of the event beyond its games: the
    /// kind for titles by placement, the time control, declarations. Passed
    /// to the rating report, the norm and title checks and the office.
    #[serde(default, skip_serializing_if = "RegulationDetails::is_empty")]
    pub regulation: RegulationDetails,
}

/// The event's data the rating regulations ask for beyond players and
/// games (rated-event conditions, titles by placement): what the event
/// file's `kind`, `time_control`, `rapid` … fields say
/// ([`qiyuan_rating::model::EventDetails`]). Round dates and arbiters are
/// the settings' own ([`EventSettings::round_dates`], the arbiters, whose
/// grade is written after the name: `王裁判（国家级）`).
///
/// ```
/// use qiyuan_desk::settings::RegulationDetails;
/// let r: RegulationDetails = serde_json::from_str(
///     r#"{"kind": "national-team", "time_control": "xiangqi-6.1", "registered": "2026-02-20"}"#,
/// ).unwrap();
/// r.validate().unwrap();
/// assert!(!r.is_empty());
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegulationDetails {
    /// The kind of event for titles by placement, a key of the federation's
    /// placement table (`national-individual`, `national-team` …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// An invitational or workers' event (邀请赛, 职工赛): its places give
    /// no title (cca-chess 第二条 2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub invitational: bool,
    /// The time control as written (`90/40, 15/10`, `25+5`, or a preset
    /// such as `xiangqi-6.1`; [`TimeControl::parse`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<String>,
    /// A rapid event (快棋赛).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rapid: bool,
    /// The event's rules said before the start that the rapid games are
    /// rated (cxa-2019 第三条).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rapid_rated: bool,
    /// The day the event was registered with the federation (申报).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub registered: Option<NaiveDate>,
    /// The host unit (主办单位).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
    /// A Scheveningen event (舍文宁根制).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub scheveningen: bool,
    /// An international event (cca-chess 八(十五)).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub international: bool,
}

impl RegulationDetails {
    /// Nothing is set.
    pub fn is_empty(&self) -> bool {
        *self == RegulationDetails::default()
    }

    /// The time control, read.
    ///
    /// # Errors
    /// The reader's message when the text is not a time control.
    pub fn parsed_time_control(
        &self,
    ) -> Result<Option<TimeControl>, qiyuan_rating::model::TimeControlError> {
        self.time_control
            .as_deref()
            .map(TimeControl::parse)
            .transpose()
    }

    /// Checks the time control and the text fields; the error names the
    /// field.
    pub fn validate(&self) -> Result<(), SettingsError> {
        self.parsed_time_control().map_err(|e| {
            bad(
                "regulation.time_control",
                Message::from_fn(|lang| e.text(lang)),
            )
        })?;
        for (field, v) in [
            ("regulation.kind", &self.kind),
            ("regulation.host", &self.host),
        ] {
            if let Some(v) = v {
                crate::check_player_text(v, crate::MAX_TEXT_CHARS)
                    .map_err(|r| bad(field, Message::from_fn(|lang| r.text(lang))))?;
            }
        }
        Ok(())
    }
}

/// An arbiter as the settings write one: the name, then the grade in
/// brackets (`王裁判（国家级）`, `Li (national)`). No bracket, or a bracket
/// that names no grade: the whole text is the name and the grade is not
/// known.
///
/// ```
/// use qiyuan_desk::settings::arbiter_of;
/// use qiyuan_rating::model::ArbiterGrade;
/// assert_eq!(arbiter_of("王裁判（国家级）"), ("王裁判", Some(ArbiterGrade::National)));
/// assert_eq!(arbiter_of("Li Wei (first)"), ("Li Wei", Some(ArbiterGrade::First)));
/// assert_eq!(arbiter_of("张三"), ("张三", None));
/// assert_eq!(arbiter_of("张三（北京）"), ("张三（北京）", None));
/// ```
pub fn arbiter_of(text: &str) -> (&str, Option<ArbiterGrade>) {
    let t = text.trim();
    for (open, close) in [('（', '）'), ('(', ')')] {
        if let Some(body) = t.strip_suffix(close)
            && let Some(i) = body.rfind(open)
            && let Some(grade) = ArbiterGrade::parse(&body[i + open.len_utf8()..])
        {
            return (body[..i].trim(), Some(grade));
        }
    }
    (t, None)
}

fn white() -> Colour {
    Colour::White
}

/// Settings that cannot run an event.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    /// A field has a value outside what is allowed.
    #[error("settings: field `{field}`: {message}")]
    Field {
        /// The field, as in the JSON.
        field: &'static str,
        /// What is wrong.
        message: Message,
    },
}

impl SettingsError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text. The
    /// Chinese names the field as the settings form does and the reason
    /// where the desk words it (a general reason otherwise).
    ///
    /// ```
    /// use qiyuan_desk::{settings::EventSettings, GameKind};
    /// use qiyuan_rating::Lang;
    /// let e = EventSettings::swiss("城市赛", GameKind::Xiangqi, 0).validate().unwrap_err();
    /// assert_eq!(e.text(Lang::En), "settings: field `rounds`: a Swiss has 1 to 99 rounds, not 0");
    /// assert_eq!(e.text(Lang::Zh), "设置有误：“轮数”：积分编排制为 1 至 99 轮，不能是 0 轮");
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            SettingsError::Field { field, message } => {
                let name = match settings_field_zh(field) {
                    Some(zh) => format!("“{zh}”"),
                    None => format!("`{field}`"),
                };
                format!("设置有误：{name}：{}", message.text(lang))
            }
        }
    }
}

/// A settings field by the name of the settings form.
fn settings_field_zh(field: &str) -> Option<&'static str> {
    Some(match field {
        "name" => "赛事名称",
        "rounds" => "轮数",
        "cycles" | "system.round_robin.cycles" => "循环次数",
        "games_per_match" | "system.knockout.games_per_match" => "每轮局数",
        "system" => "赛制",
        "scoring" => "计分",
        "result_wording" => "成绩记录方式",
        "tiebreaks" => "破同分规则",
        "rating_profile" => "等级分规则",
        "start" => "开始日期",
        "end" => "结束日期",
        "round_dates" => "各轮日期",
        "place" => "地点",
        "chief_arbiter" => "裁判长",
        "arbiters" => "裁判员",
        "same_unit_avoidance" => "同单位回避",
        _ => return None,
    })
}

fn bad(field: &'static str, message: Message) -> SettingsError {
    SettingsError::Field { field, message }
}

impl EventSettings {
    /// Minimal settings: a Swiss of `rounds` rounds with the usual scoring and
    /// tie-breaks of the game (xiangqi: 2/1/0 and 对手分; chess: 1/½/0 and
    /// the FIDE Swiss preset).
    pub fn swiss(name: impl Into<String>, game: GameKind, rounds: u32) -> EventSettings {
        let (scoring, tiebreaks) = match game {
            GameKind::Xiangqi => (ScoringPreset::Xiangqi, "xiangqi-swiss-bh"),
            GameKind::Chess => (ScoringPreset::Fide, "fide-swiss"),
        };
        EventSettings {
            name: name.into(),
            game,
            system: System::Swiss {
                edition: DutchEdition::Fide2026,
                acceleration: false,
            },
            rounds,
            scoring,
            result_wording: ResultWording::Words,
            name_order: NameOrdering::Pinyin,
            tiebreaks: tiebreaks.into(),
            rating_profile: None,
            initial_colour: Colour::White,
            start: None,
            end: None,
            round_dates: Vec::new(),
            place: None,
            chief_arbiter: None,
            arbiters: Vec::new(),
            team: None,
            public_birth_year: false,
            same_unit_avoidance: None,
            regulation: RegulationDetails::default(),
        }
    }

    /// A result as this event writes it: the game's words, or the scores
    /// 2:0 / 1:1 / 0:2 where a xiangqi event chose them
    /// ([`EventSettings::result_wording`]).
    ///
    /// ```
    /// use qiyuan_desk::{settings::EventSettings, GameKind};
    /// use qiyuan_rating::Lang;
    /// use qiyuan_tournament::model::GameResult;
    /// use qiyuan_desk::settings::ResultWording;
    /// let mut s = EventSettings::swiss("城市赛", GameKind::Xiangqi, 7);
    /// assert_eq!(s.result_label(GameResult::WhiteWins, Lang::Zh), "红胜");
    /// s.result_wording = ResultWording::Scores;
    /// s.validate().unwrap();
    /// assert_eq!(s.result_label(GameResult::WhiteWins, Lang::Zh), "2:0");
    /// ```
    pub fn result_label(
        &self,
        result: qiyuan_tournament::model::GameResult,
        lang: qiyuan_rating::Lang,
    ) -> &'static str {
        result.label_in(self.game, self.result_wording, lang)
    }

    /// The collation of the event's lists by name
    /// ([`EventSettings::name_order`]).
    pub fn names(&self) -> qiyuan_tournament::names::NameOrder {
        qiyuan_tournament::names::NameOrder::new(self.name_order)
    }

    /// Minimal settings of a round robin of `cycles` cycles (xiangqi: 2/1/0
    /// and 象棋个人循环 or 象棋双循环; chess: 1/½/0 and the FIDE round-robin
    /// preset).
    pub fn round_robin(name: impl Into<String>, game: GameKind, cycles: u32) -> EventSettings {
        let mut s = EventSettings::swiss(name, game, 0);
        s.system = System::RoundRobin { cycles };
        s.tiebreaks = match (game, cycles) {
            (GameKind::Xiangqi, 1) => "xiangqi-rr",
            (GameKind::Xiangqi, _) => "xiangqi-drr",
            (GameKind::Chess, _) => "fide-rr",
        }
        .into();
        s
    }

    /// Checks the free text as the desk takes it in (a new event, changed
    /// settings): the name, place, chief arbiter and arbiters hold no
    /// control or invisible formatting character
    /// ([`crate::check_player_text`]) and are at most
    /// [`crate::MAX_TEXT_CHARS`] characters. Not part of [`Self::validate`],
    /// which also runs when a stored event is loaded (an event stored before
    /// this rule still loads).
    ///
    /// ```
    /// use qiyuan_desk::{settings::EventSettings, GameKind};
    /// let mut s = EventSettings::swiss("城市赛\n", GameKind::Xiangqi, 7);
    /// assert!(s.check_text().unwrap_err().to_string().contains("`name`"));
    /// s.name = "城市赛".into();
    /// s.arbiters = vec!["王\u{202E}裁判".into()];
    /// assert!(s.check_text().unwrap_err().to_string().contains("`arbiters`"));
    /// ```
    pub fn check_text(&self) -> Result<(), SettingsError> {
        let check = |field: &'static str, v: &str| {
            crate::check_player_text(v, crate::MAX_TEXT_CHARS)
                .map_err(|r| bad(field, Message::from_fn(|lang| r.text(lang))))
        };
        check("name", &self.name)?;
        for (field, v) in [
            ("place", &self.place),
            ("chief_arbiter", &self.chief_arbiter),
        ] {
            if let Some(v) = v {
                check(field, v)?;
            }
        }
        for a in &self.arbiters {
            check("arbiters", a)?;
        }
        self.regulation.validate()
    }

    /// Checks every field; the error names the field.
    pub fn validate(&self) -> Result<(), SettingsError> {
        if self.name.trim().is_empty() {
            return Err(bad(
                "name",
                Message::new("the event needs a name", "赛事需要名称"),
            ));
        }
        if self.name.chars().count() > 200 {
            return Err(bad(
                "name",
                Message::new("at most 200 characters", "最多 200 个字"),
            ));
        }
        match self.system {
            System::Swiss { .. } => {
                if !(1..=99).contains(&self.rounds) {
                    return Err(bad(
                        "rounds",
                        Message::new(
                            format!("a Swiss has 1 to 99 rounds, not {}", self.rounds),
                            format!("积分编排制为 1 至 99 轮，不能是 {} 轮", self.rounds),
                        ),
                    ));
                }
            }
            System::RoundRobin { cycles } => {
                if !(1..=4).contains(&cycles) {
                    return Err(bad(
                        "system.round_robin.cycles",
                        Message::new(
                            format!("1 to 4 cycles, not {cycles}"),
                            format!("循环 1 至 4 次，不能是 {cycles} 次"),
                        ),
                    ));
                }
            }
            System::Knockout {
                games_per_match, ..
            } => {
                if !(1..=8).contains(&games_per_match) {
                    return Err(bad(
                        "system.knockout.games_per_match",
                        Message::new(
                            format!("1 to 8 games per match, not {games_per_match}"),
                            format!("每轮 1 至 8 局，不能是 {games_per_match} 局"),
                        ),
                    ));
                }
            }
        }
        let s = self.scoring.system();
        if s.win <= s.loss || s.draw_white < s.loss || s.draw_black < s.loss {
            return Err(bad(
                "scoring",
                Message::new(
                    "a win must be worth more than a loss, a draw not less than a loss",
                    "胜局得分须高于负局，和局得分不得低于负局",
                ),
            ));
        }
        if s.win.scale() > 1 && (s.win * dec!(10)).fract() != dec!(0) {
            return Err(bad(
                "scoring",
                Message::new(
                    "points are counted in tenths at most",
                    "得分最多精确到 0.1 分",
                ),
            ));
        }
        self.tiebreak_preset()?;
        if self.result_wording == ResultWording::Scores {
            // 2:0 / 1:1 / 0:2 are the points of a 2-1-0 xiangqi game.
            if self.game != GameKind::Xiangqi {
                return Err(bad(
                    "result_wording",
                    Message::new(
                        "results as scores (2:0 / 1:1 / 0:2) are a xiangqi event's choice",
                        "以比分（2:0 / 1:1 / 0:2）记录成绩只适用于象棋赛事",
                    ),
                ));
            }
            if s != ScoringSystem::xiangqi_2011() {
                return Err(bad(
                    "result_wording",
                    Message::new(
                        "results as scores (2:0 / 1:1 / 0:2) need the 2-1-0 scoring",
                        "以比分（2:0 / 1:1 / 0:2）记录成绩须采用 2-1-0 计分",
                    ),
                ));
            }
        }
        if let Some(t) = &self.team {
            if matches!(self.system, System::Knockout { .. }) {
                return Err(bad(
                    "system",
                    Message::new(
                        "a team event is paired by round robin or Swiss, not knockout",
                        "团体赛采用循环制或积分编排制，不能采用淘汰制",
                    ),
                ));
            }
            t.validate()?;
        }
        if let Some(a) = self.same_unit_avoidance {
            let field = "same_unit_avoidance";
            if !matches!(self.system, System::Swiss { .. }) || self.team.is_some() {
                return Err(bad(
                    field,
                    Message::new(
                        "same-unit avoidance is an option of an individual Swiss",
                        "同单位回避只适用于个人积分编排制",
                    ),
                ));
            }
            if let UnitAvoidance::Rounds { first, last } = a {
                if first == 0 || last < first {
                    return Err(bad(
                        field,
                        Message::new(
                            format!(
                                "rounds {first} to {last}: the first is 1 or more, the last not before it"
                            ),
                            format!(
                                "第 {first} 至 {last} 轮：起始轮至少为 1，结束轮不能早于起始轮"
                            ),
                        ),
                    ));
                }
                if last > self.rounds {
                    return Err(bad(
                        field,
                        Message::new(
                            format!("round {last} is after the last round, {}", self.rounds),
                            format!("第 {last} 轮在最后一轮（第 {} 轮）之后", self.rounds),
                        ),
                    ));
                }
            }
        }
        if let Some(p) = &self.rating_profile {
            let profile = qiyuan_rating::Profile::builtin(p).map_err(|e| {
                let known = qiyuan_rating::Profile::builtin_names().join(", ");
                bad(
                    "rating_profile",
                    Message::from_fn(|lang| {
                        lang.pick(
                            format!("{e} (built-in profiles: {known})"),
                            format!("{}（内置的等级分规则：{known}）", e.text(lang)),
                        )
                    }),
                )
            })?;
            if profile.game != self.game {
                return Err(bad(
                    "rating_profile",
                    Message::new(
                        format!(
                            "profile `{p}` rates {:?}, the event is {:?}",
                            profile.game, self.game
                        ),
                        format!(
                            "等级分规则 `{p}` 计算的是{}，而赛事是{}",
                            profile.game.label(Lang::Zh),
                            self.game.label(Lang::Zh)
                        ),
                    ),
                ));
            }
        }
        if let (Some(a), Some(b)) = (self.start, self.end)
            && b < a
        {
            return Err(bad(
                "end",
                Message::new(
                    format!("{b} is before the start {a}"),
                    format!("{b} 早于开始日期 {a}"),
                ),
            ));
        }
        for (i, d) in self.round_dates.iter().enumerate() {
            if let Some(s) = self.start
                && *d < s
            {
                return Err(bad(
                    "round_dates",
                    Message::new(
                        format!("round {}: {d} is before the start {s}", i + 1),
                        format!("第 {} 轮：{d} 早于开始日期 {s}", i + 1),
                    ),
                ));
            }
            if let Some(e) = self.end
                && *d > e
            {
                return Err(bad(
                    "round_dates",
                    Message::new(
                        format!("round {}: {d} is after the end {e}", i + 1),
                        format!("第 {} 轮：{d} 晚于结束日期 {e}", i + 1),
                    ),
                ));
            }
            if i > 0 && *d < self.round_dates[i - 1] {
                return Err(bad(
                    "round_dates",
                    Message::new(
                        format!("round {}: {d} is before round {}", i + 1, i),
                        format!("第 {} 轮：{d} 早于第 {} 轮", i + 1, i),
                    ),
                ));
            }
        }
        self.regulation.validate()
    }

    /// The expanded tie-break preset.
    pub fn tiebreak_preset(&self) -> Result<Preset, SettingsError> {
        let rounds = self.rounds.max(1);
        preset(&self.tiebreaks, rounds).map_err(|e| {
            let presets = PRESETS
                .iter()
                .map(|(n, _)| *n)
                .collect::<Vec<_>>()
                .join(", ");
            bad(
                "tiebreaks",
                Message::from_fn(|lang| {
                    lang.pick(
                        format!("{e} (presets: {presets})"),
                        format!("{}（预设：{presets}）", e.text(lang)),
                    )
                }),
            )
        })
    }

    /// The number of rounds for `players` participants: the Swiss's
    /// `rounds`; `cycles × (n − 1)` (n rounded up to even) for a round robin;
    /// for a knockout, the bracket's stages × the games of a match (plus one
    /// for the decisive game).
    pub fn planned_rounds(&self, players: u32) -> u32 {
        match self.system {
            System::Swiss { .. } => self.rounds,
            System::RoundRobin { cycles } => {
                cycles * qiyuan_tournament::berger::cycle_rounds(players)
            }
            System::Knockout { .. } => {
                let stages = players.max(2).next_power_of_two().trailing_zeros();
                stages * self.knockout_stage_rounds()
            }
        }
    }

    /// Rounds of one knockout stage (0 for other systems).
    pub fn knockout_stage_rounds(&self) -> u32 {
        match self.system {
            System::Knockout {
                games_per_match,
                armageddon,
            } => games_per_match + u32::from(armageddon),
            _ => 0,
        }
    }

    /// The number of rounds of a team event of `teams` teams: the Swiss's
    /// `rounds`, or `cycles × (n − 1)` (n rounded up to even) for a round
    /// robin of teams.
    pub fn planned_team_rounds(&self, teams: u32) -> u32 {
        match self.system {
            System::RoundRobin { cycles } => {
                cycles * qiyuan_tournament::berger::cycle_rounds(teams)
            }
            _ => self.rounds,
        }
    }

    /// Whether the event is a team event.
    pub fn is_team(&self) -> bool {
        self.team.is_some()
    }

    /// Whether the event is a round robin.
    pub fn is_round_robin(&self) -> bool {
        matches!(self.system, System::RoundRobin { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_field() {
        let mut s = EventSettings::swiss("x", GameKind::Chess, 0);
        let e = s.validate().unwrap_err().to_string();
        assert!(e.contains("`rounds`"), "{e}");
        s.rounds = 9;
        s.tiebreaks = "nope".into();
        let e = s.validate().unwrap_err().to_string();
        assert!(e.contains("`tiebreaks`") && e.contains("fide-swiss"), "{e}");
        s.tiebreaks = "fide-swiss".into();
        s.rating_profile = Some("cxa-2019".into());
        let e = s.validate().unwrap_err().to_string();
        assert!(e.contains("`rating_profile`"), "{e}");
        s.rating_profile = Some("fide-2024".into());
        s.validate().unwrap();
        s.start = NaiveDate::from_ymd_opt(2026, 5, 2);
        s.end = NaiveDate::from_ymd_opt(2026, 5, 1);
        assert!(s.validate().unwrap_err().to_string().contains("`end`"));
    }

    #[test]
    fn same_unit_avoidance_is_checked_and_optional() {
        let mut s = EventSettings::swiss("x", GameKind::Xiangqi, 7);
        for (a, ok) in [
            (UnitAvoidance::All, true),
            (UnitAvoidance::Rounds { first: 1, last: 5 }, true),
            (UnitAvoidance::Rounds { first: 7, last: 7 }, true),
            (UnitAvoidance::Rounds { first: 0, last: 5 }, false),
            (UnitAvoidance::Rounds { first: 3, last: 2 }, false),
            (UnitAvoidance::Rounds { first: 1, last: 8 }, false),
        ] {
            s.same_unit_avoidance = Some(a);
            match s.validate() {
                Ok(()) => assert!(ok, "{a:?}"),
                Err(e) => {
                    assert!(!ok, "{a:?}: {e}");
                    assert!(e.to_string().contains("`same_unit_avoidance`"), "{e}");
                }
            }
        }
        let mut rr = EventSettings::round_robin("x", GameKind::Xiangqi, 1);
        rr.same_unit_avoidance = Some(UnitAvoidance::All);
        assert!(rr.validate().is_err());
        // Settings saved before the option (no such key) read as off, and
        // an event without it is saved as before.
        let old = r#"{"name":"x","game":"xiangqi","system":{"swiss":{}},"rounds":7,"scoring":"2-1-0","tiebreaks":"xiangqi-swiss-bh"}"#;
        let read: EventSettings = serde_json::from_str(old).unwrap();
        assert_eq!(read.same_unit_avoidance, None);
        assert!(!serde_json::to_string(&read).unwrap().contains("same_unit"));
        s.same_unit_avoidance = Some(UnitAvoidance::Rounds { first: 1, last: 5 });
        let json = serde_json::to_string(&s).unwrap();
        assert!(
            json.contains(r#""same_unit_avoidance":{"rounds":{"first":1,"last":5}}"#),
            "{json}"
        );
        assert_eq!(serde_json::from_str::<EventSettings>(&json).unwrap(), s);
    }

    #[test]
    fn planned_rounds() {
        // C.05 Annex 1: 9 or 10 players play 9 rounds per cycle.
        let rr = EventSettings::round_robin("x", GameKind::Chess, 2);
        assert_eq!(rr.planned_rounds(9), 18);
        assert_eq!(rr.planned_rounds(10), 18);
        let mut ko = EventSettings::swiss("x", GameKind::Chess, 0);
        ko.system = System::Knockout {
            games_per_match: 2,
            armageddon: true,
        };
        // 6 entrants: a bracket of 8, three stages of 2 + 1 games.
        assert_eq!(ko.planned_rounds(6), 9);
    }
}
