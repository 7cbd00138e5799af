//! The game and its sides, the players and the event: [`GameKind`],
//! [`Colour`], [`PlayerId`], [`Sex`], [`EventStatus`].

use serde::{Deserialize, Serialize};

use crate::Lang;

/// Which game an event is played in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameKind {
    /// 象棋. The first mover is red (`white` in event files).
    Xiangqi,
    /// 国际象棋.
    Chess,
}

impl GameKind {
    /// Both games, xiangqi first.
    pub const ALL: [GameKind; 2] = [GameKind::Xiangqi, GameKind::Chess];

    /// The game's code in event files, settings, forms, the API and the
    /// database: `xiangqi`, `chess` (also its serde name).
    ///
    /// ```
    /// use qiyuan_vocab::GameKind;
    /// assert_eq!(GameKind::Chess.code(), "chess");
    /// assert_eq!(GameKind::from_code("xiangqi"), Some(GameKind::Xiangqi));
    /// assert_eq!(serde_json::to_string(&GameKind::Xiangqi).unwrap(), "\"xiangqi\"");
    /// ```
    pub const fn code(self) -> &'static str {
        match self {
            GameKind::Xiangqi => "xiangqi",
            GameKind::Chess => "chess",
        }
    }

    /// The game of a code as [`GameKind::code`] writes it.
    pub fn from_code(code: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| g.code() == code)
    }

    /// The game's name.
    ///
    /// ```
    /// use qiyuan_vocab::{GameKind, Lang};
    /// assert_eq!(GameKind::Xiangqi.label(Lang::Zh), "象棋");
    /// ```
    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            GameKind::Xiangqi => lang.t("Xiangqi", "象棋"),
            GameKind::Chess => lang.t("Chess", "国际象棋"),
        }
    }
}

/// A player's number within one event: the pairing number (编号) of a
/// tournament, the `id` of an event file (in a rated event, the player's
/// id on the rating list). One type for the tournament model, the Swiss
/// engine's input and the rating engine.
///
/// ```
/// use qiyuan_vocab::PlayerId;
/// assert_eq!(PlayerId(7).to_string(), "7");
/// assert_eq!(serde_json::to_string(&PlayerId(7)).unwrap(), "7");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(pub u32);

impl std::fmt::Display for PlayerId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// A player's sex (性别), as the rating lists record it: the men's and
/// women's minimums, provisional ratings and titles differ.
///
/// Its code in event files, rating lists, the database and the JSON API is
/// `m` / `f` ([`Sex::code`]); the TRF writes `m` / `w`
/// ([`Sex::trf_code`]). `Male` / `Female`, which the desk wrote before the
/// one vocabulary, are read too.
///
/// ```
/// use qiyuan_vocab::{Lang, Sex};
/// assert_eq!(serde_json::to_string(&Sex::Female).unwrap(), r#""f""#);
/// let old: Sex = serde_json::from_str(r#""Female""#).unwrap();
/// assert_eq!(old, Sex::Female);
/// assert_eq!(Sex::from_code("女"), Some(Sex::Female));
/// assert_eq!(Sex::Female.label(Lang::Zh), "女");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Sex {
    /// 男.
    #[serde(rename = "m", alias = "Male")]
    Male,
    /// 女.
    #[serde(rename = "f", alias = "Female")]
    Female,
}

impl Sex {
    /// Both, men first.
    pub const ALL: [Sex; 2] = [Sex::Male, Sex::Female];

    /// The code in event files, lists, the database and the API: `m` / `f`.
    pub fn code(self) -> &'static str {
        match self {
            Sex::Male => "m",
            Sex::Female => "f",
        }
    }

    /// The TRF's code (column 10 of a `001` record): `m` / `w`.
    pub fn trf_code(self) -> char {
        match self {
            Sex::Male => 'm',
            Sex::Female => 'w',
        }
    }

    /// Reads a sex as people write it in the files they hand in: the codes
    /// `m`, `f` and the TRF's `w`, `male`, `female` and 男, 女 (Latin
    /// letters in either case; surrounding spaces ignored). Anything else
    /// is `None`.
    ///
    /// ```
    /// use qiyuan_vocab::Sex;
    /// assert_eq!(Sex::from_code(" M "), Some(Sex::Male));
    /// assert_eq!(Sex::from_code("w"), Some(Sex::Female));
    /// assert_eq!(Sex::from_code("x"), None);
    /// ```
    pub fn from_code(text: &str) -> Option<Sex> {
        match text.trim().to_lowercase().as_str() {
            "m" | "male" | "男" => Some(Sex::Male),
            "f" | "w" | "female" | "女" => Some(Sex::Female),
            _ => None,
        }
    }

    /// The word a user reads: 男 / 女, male / female.
    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            Sex::Male => lang.t("male", "男"),
            Sex::Female => lang.t("female", "女"),
        }
    }
}

/// Where a tournament stands (赛事状态): players being entered, rounds
/// being played, or every round played. Its code (the database, the JSON
/// API) is `registration` / `running` / `finished`.
///
/// ```
/// use qiyuan_vocab::{EventStatus, Lang};
/// assert_eq!(EventStatus::from_code("running"), Some(EventStatus::Running));
/// assert_eq!(EventStatus::Running.label(Lang::Zh), "进行中");
/// assert_eq!(EventStatus::Running.label(Lang::En), "in progress");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventStatus {
    /// 报名中: no round paired yet.
    Registration,
    /// 进行中: a round is paired and not every round is played.
    Running,
    /// 已结束: every round is played.
    Finished,
}

impl EventStatus {
    /// Every status, in the order an event passes through them.
    pub const ALL: [EventStatus; 3] = [
        EventStatus::Registration,
        EventStatus::Running,
        EventStatus::Finished,
    ];

    /// The code in the database and the JSON API.
    pub fn code(self) -> &'static str {
        match self {
            EventStatus::Registration => "registration",
            EventStatus::Running => "running",
            EventStatus::Finished => "finished",
        }
    }

    /// The status of a code, `None` for any other text.
    pub fn from_code(code: &str) -> Option<EventStatus> {
        EventStatus::ALL.into_iter().find(|s| s.code() == code)
    }

    /// The word a user reads: 报名中 / 进行中 / 已结束.
    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            EventStatus::Registration => lang.t("registration", "报名中"),
            EventStatus::Running => lang.t("in progress", "进行中"),
            EventStatus::Finished => lang.t("finished", "已结束"),
        }
    }
}

/// The side a player has in a game: `White` moves first (白方 in chess,
/// 红方 in xiangqi, which event files and the engines also call `white`),
/// `Black` second (黑方 in both games). One type for the tournament model,
/// the Swiss engine and the rating engine.
///
/// Its code is `white` / `black`; `White` / `Black`, which event settings
/// written before the one vocabulary used, are read too.
///
/// ```
/// use qiyuan_vocab::Colour;
/// assert_eq!(Colour::White.opposite(), Colour::Black);
/// assert_eq!(serde_json::to_string(&Colour::Black).unwrap(), r#""black""#);
/// let old: Colour = serde_json::from_str(r#""White""#).unwrap();
/// assert_eq!(old, Colour::White);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    /// The first mover: white in chess, red (红方) in xiangqi.
    #[serde(alias = "White")]
    White,
    /// The second mover: black (黑方) in both games.
    #[serde(alias = "Black")]
    Black,
}

impl Colour {
    /// The colour's code in files and lines: `white` or `black`.
    ///
    /// ```
    /// use qiyuan_vocab::Colour;
    /// assert_eq!(Colour::Black.code(), "black");
    /// assert_eq!(Colour::from_code("red"), Some(Colour::White));
    /// assert_eq!(Colour::from_code("黑"), None);
    /// ```
    pub const fn code(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Black => "black",
        }
    }

    /// The colour of a code as [`Colour::code`] writes it, or `red`, the
    /// name event files and game lines also give xiangqi's first mover
    /// (红方).
    pub fn from_code(code: &str) -> Option<Colour> {
        match code {
            "white" | "red" => Some(Colour::White),
            "black" => Some(Colour::Black),
            _ => None,
        }
    }

    /// The other colour.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// The side's name in `game`: 红方 / Red for xiangqi's first mover,
    /// 白方 / White for chess's, 黑方 / Black for the second in both.
    ///
    /// ```
    /// use qiyuan_vocab::{Colour, GameKind, Lang};
    /// assert_eq!(Colour::White.label(GameKind::Xiangqi, Lang::Zh), "红方");
    /// assert_eq!(Colour::White.label(GameKind::Chess, Lang::En), "White");
    /// assert_eq!(Colour::Black.label(GameKind::Xiangqi, Lang::Zh), "黑方");
    /// ```
    pub fn label(self, game: GameKind, lang: Lang) -> &'static str {
        match (self, game) {
            (Colour::White, GameKind::Xiangqi) => lang.t("Red", "红方"),
            (Colour::White, GameKind::Chess) => lang.t("White", "白方"),
            (Colour::Black, _) => lang.t("Black", "黑方"),
        }
    }
}
