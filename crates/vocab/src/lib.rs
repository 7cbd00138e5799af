//! The vocabulary of qiyuan (棋院): the terms every other crate shares, each
//! defined once with its one wording in Chinese and in English.
//!
//! - [`Lang`]: the two languages of every text a user reads.
//! - [`GameKind`]: 象棋 or 国际象棋, which decides the colours' names (红/黑
//!   or 白/黑) and how a result is written.
//! - [`GameResult`]: the result of a paired game; [`GameResult::label`]
//!   writes it as the game's rules do (`1-0` in chess, 红胜 in xiangqi),
//!   [`GameResult::label_in`] in the event's [`ResultWording`] (2:0 where
//!   a xiangqi event writes its results as scores).
//! - [`ByeKind`]: why a player has no opponent (轮空, 请假).
//! - [`PlayerId`]: a player's number within one event; [`Sex`]: 男 or 女,
//!   with its code at each boundary; [`EventStatus`]: 报名中, 进行中, 已结束.
//! - [`Heading`]: the headings of the columns every table shares (序号,
//!   编号, 名次, 姓名, 单位, 等级分, 积分, 台次).
//! - [`RatingFigure`]: the figures of the rating calculation by their
//!   symbols (Ro, Ra, D, P, N, We, W, K, ΔR, Rn, Rp), in the order every
//!   rating report's columns follow.
//!
//! The wordings come from 象棋竞赛规则 (2011; quoted in seed 003), the
//! regulations (the seeds of `docs/regulations-index.md`) and the FIDE handbook (C.04, C.07);
//! `docs/glossary.md` lists them, and a test keeps it equal to
//! [`glossary`].
//!
//! ```
//! use qiyuan_vocab::{ByeKind, GameKind, GameResult, Lang};
//! assert_eq!(GameResult::WhiteWins.label(GameKind::Xiangqi, Lang::Zh), "红胜");
//! assert_eq!(GameResult::WhiteWins.label(GameKind::Chess, Lang::Zh), "1-0");
//! assert_eq!(ByeKind::HalfPoint.label(Lang::Zh), "请假（记和）");
//! assert_eq!(ByeKind::HalfPoint.label(Lang::En), "half-point bye");
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// A language of the interface and of every text a user reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// 中文 (the default).
    #[default]
    Zh,
    /// English.
    En,
}

impl Lang {
    /// Picks the text of this language.
    ///
    /// ```
    /// use qiyuan_vocab::Lang;
    /// assert_eq!(Lang::Zh.t("Standings", "排名"), "排名");
    /// assert_eq!(Lang::En.t("Standings", "排名"), "Standings");
    /// ```
    pub fn t(self, en: &'static str, zh: &'static str) -> &'static str {
        match self {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }

    /// Like [`Lang::t`] for owned or formatted text.
    ///
    /// ```
    /// use qiyuan_vocab::Lang;
    /// assert_eq!(Lang::En.pick(format!("{} rounds", 7), format!("{} 轮", 7)), "7 rounds");
    /// ```
    pub fn pick<T>(self, en: T, zh: T) -> T {
        match self {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }

    /// The language a reader takes texts to be in: Chinese when any of them
    /// holds a Chinese character (the CJK Unified Ideographs, with
    /// extension A), English otherwise — how a command picks its headers
    /// from its input (an English TRF gets English headers).
    ///
    /// ```
    /// use qiyuan_vocab::Lang;
    /// assert_eq!(Lang::of_texts(["Open 2026", "Yang, Fan"]), Lang::En);
    /// assert_eq!(Lang::of_texts(["Open 2026", "王天一"]), Lang::Zh);
    /// assert_eq!(Lang::of_texts([""; 0]), Lang::En);
    /// ```
    pub fn of_texts<'a>(texts: impl IntoIterator<Item = &'a str>) -> Lang {
        let han = |c: char| matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}');
        if texts.into_iter().any(|t| t.chars().any(han)) {
            Lang::Zh
        } else {
            Lang::En
        }
    }

    /// `zh` or `en`: the code in URLs, cookies, files and `<html lang>`.
    ///
    /// ```
    /// assert_eq!(qiyuan_vocab::Lang::En.code(), "en");
    /// ```
    pub fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::En => "en",
        }
    }

    /// The language of a code (`zh`, `en`, case-insensitive, region ignored).
    ///
    /// ```
    /// use qiyuan_vocab::Lang;
    /// assert_eq!(Lang::from_code("zh-CN"), Some(Lang::Zh));
    /// assert_eq!(Lang::from_code("EN"), Some(Lang::En));
    /// assert_eq!(Lang::from_code("fr"), None);
    /// ```
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.trim().split(['-', '_']).next().unwrap_or("");
        if primary.eq_ignore_ascii_case("zh") {
            Some(Lang::Zh)
        } else if primary.eq_ignore_ascii_case("en") {
            Some(Lang::En)
        } else {
            None
        }
    }

    /// The language a browser prefers by its `Accept-Language` header: the
    /// Chinese or English tag of highest quality (earlier wins a tie);
    /// English when the header names only other languages, Chinese when
    /// there is no header.
    ///
    /// ```
    /// use qiyuan_vocab::Lang;
    /// assert_eq!(Lang::from_accept_language(Some("en-US,en;q=0.9,zh;q=0.8")), Lang::En);
    /// assert_eq!(Lang::from_accept_language(Some("fr;q=0.9,zh-TW;q=0.5")), Lang::Zh);
    /// assert_eq!(Lang::from_accept_language(Some("de")), Lang::En);
    /// assert_eq!(Lang::from_accept_language(None), Lang::Zh);
    /// ```
    pub fn from_accept_language(header: Option<&str>) -> Lang {
        let Some(header) = header else {
            return Lang::Zh;
        };
        let mut best: Option<(f32, Lang)> = None;
        for item in header.split(',') {
            let mut parts = item.split(';');
            let tag = parts.next().unwrap_or("");
            let q = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .and_then(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            if let Some(lang) = Lang::from_code(tag)
                && q > 0.0
                && best.is_none_or(|(bq, _)| q > bq)
            {
                best = Some((q, lang));
            }
        }
        best.map_or(Lang::En, |(_, l)| l)
    }
}

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

/// The result of a paired game. "White" is the first mover: Red in xiangqi.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    /// Not yet known.
    Pending,
    /// White (Red) won over the board.
    WhiteWins,
    /// Drawn over the board.
    Draw,
    /// Black won over the board.
    BlackWins,
    /// White won by forfeit (Black did not play).
    WhiteForfeitWin,
    /// Black won by forfeit (White did not play).
    BlackForfeitWin,
    /// Neither player showed up (double forfeit).
    DoubleForfeit,
}

impl GameResult {
    /// Every result, pending first.
    pub const ALL: [GameResult; 7] = [
        GameResult::Pending,
        GameResult::WhiteWins,
        GameResult::Draw,
        GameResult::BlackWins,
        GameResult::WhiteForfeitWin,
        GameResult::BlackForfeitWin,
        GameResult::DoubleForfeit,
    ];

    /// White's (Red's) game score on the 1 / ½ / 0 scale of the rating
    /// regulations (局分: a win 1, a draw ½, a loss 0, a forfeit as a win
    /// or a loss); `None` while pending and for a double forfeit, which is
    /// not a game.
    ///
    /// ```
    /// use qiyuan_vocab::GameResult;
    /// use rust_decimal::Decimal;
    /// assert_eq!(GameResult::Draw.white_score(), Some(Decimal::new(5, 1)));
    /// assert_eq!(GameResult::BlackForfeitWin.white_score(), Some(Decimal::ZERO));
    /// assert_eq!(GameResult::DoubleForfeit.white_score(), None);
    /// ```
    pub fn white_score(self) -> Option<Decimal> {
        match self {
            GameResult::WhiteWins | GameResult::WhiteForfeitWin => Some(Decimal::ONE),
            GameResult::Draw => Some(Decimal::new(5, 1)),
            GameResult::BlackWins | GameResult::BlackForfeitWin => Some(Decimal::ZERO),
            GameResult::Pending | GameResult::DoubleForfeit => None,
        }
    }

    /// Whether the game was played over the board.
    pub fn is_played(self) -> bool {
        matches!(
            self,
            GameResult::WhiteWins | GameResult::Draw | GameResult::BlackWins
        )
    }

    /// The result as the game's rules write it: chess in the FIDE notation
    /// (`1-0`, `½-½`, `0-1`, forfeits `+ −`, `− +`, `− −`, the same in both
    /// languages); xiangqi in words, as 象棋竞赛规则 records a game (红胜, 和,
    /// 黑胜; a forfeit is 弃权). A pending game is empty.
    ///
    /// ```
    /// use qiyuan_vocab::{GameKind, GameResult, Lang};
    /// assert_eq!(GameResult::Draw.label(GameKind::Chess, Lang::En), "½-½");
    /// assert_eq!(GameResult::Draw.label(GameKind::Xiangqi, Lang::Zh), "和");
    /// assert_eq!(GameResult::BlackForfeitWin.label(GameKind::Xiangqi, Lang::Zh), "黑胜（红方弃权）");
    /// assert_eq!(GameResult::BlackWins.label(GameKind::Xiangqi, Lang::En), "Black wins");
    /// ```
    pub fn label(self, game: GameKind, lang: Lang) -> &'static str {
        self.label_in(game, ResultWording::Words, lang)
    }

    /// The result as an event whose results are written `wording` writes
    /// it. A xiangqi event may write them as the scores of the 2-1-0
    /// scale (象棋竞赛规则: 2:0, 1:1, 0:2; a forfeit says who forfeited,
    /// a double forfeit is 0:0); in words it is [`GameResult::label`].
    /// Chess writes its results one way whatever the wording.
    ///
    /// ```
    /// use qiyuan_vocab::{GameKind, GameResult, Lang, ResultWording};
    /// let scores = ResultWording::Scores;
    /// assert_eq!(GameResult::WhiteWins.label_in(GameKind::Xiangqi, scores, Lang::Zh), "2:0");
    /// assert_eq!(GameResult::Draw.label_in(GameKind::Xiangqi, scores, Lang::En), "1:1");
    /// assert_eq!(GameResult::BlackForfeitWin.label_in(GameKind::Xiangqi, scores, Lang::Zh), "0:2（红方弃权）");
    /// assert_eq!(GameResult::Draw.label_in(GameKind::Chess, scores, Lang::Zh), "½-½");
    /// assert_eq!(GameResult::Draw.label_in(GameKind::Xiangqi, ResultWording::Words, Lang::Zh), "和");
    /// ```
    pub fn label_in(self, game: GameKind, wording: ResultWording, lang: Lang) -> &'static str {
        use GameResult::*;
        match (game, wording, self) {
            (_, _, Pending) => "",
            (GameKind::Xiangqi, ResultWording::Scores, WhiteWins) => "2:0",
            (GameKind::Xiangqi, ResultWording::Scores, Draw) => "1:1",
            (GameKind::Xiangqi, ResultWording::Scores, BlackWins) => "0:2",
            (GameKind::Xiangqi, ResultWording::Scores, WhiteForfeitWin) => {
                lang.t("2:0 (Black forfeits)", "2:0（黑方弃权）")
            }
            (GameKind::Xiangqi, ResultWording::Scores, BlackForfeitWin) => {
                lang.t("0:2 (Red forfeits)", "0:2（红方弃权）")
            }
            (GameKind::Xiangqi, ResultWording::Scores, DoubleForfeit) => {
                lang.t("0:0 (both forfeit)", "0:0（双方弃权）")
            }
            (_, _, r) => r.word_label(game, lang),
        }
    }

    /// The result in words (xiangqi) or in the FIDE notation (chess).
    fn word_label(self, game: GameKind, lang: Lang) -> &'static str {
        use GameResult::*;
        match (game, self) {
            (_, Pending) => "",
            (GameKind::Chess, WhiteWins) => "1-0",
            (GameKind::Chess, Draw) => "½-½",
            (GameKind::Chess, BlackWins) => "0-1",
            (GameKind::Chess, WhiteForfeitWin) => "+ −",
            (GameKind::Chess, BlackForfeitWin) => "− +",
            (GameKind::Chess, DoubleForfeit) => "− −",
            (GameKind::Xiangqi, WhiteWins) => lang.t("Red wins", "红胜"),
            (GameKind::Xiangqi, Draw) => lang.t("Draw", "和"),
            (GameKind::Xiangqi, BlackWins) => lang.t("Black wins", "黑胜"),
            (GameKind::Xiangqi, WhiteForfeitWin) => {
                lang.t("Red wins (Black forfeits)", "红胜（黑方弃权）")
            }
            (GameKind::Xiangqi, BlackForfeitWin) => {
                lang.t("Black wins (Red forfeits)", "黑胜（红方弃权）")
            }
            (GameKind::Xiangqi, DoubleForfeit) => lang.t("Both forfeit", "双方弃权"),
        }
    }

    /// The result's code in event files, the API and CSV exports (the
    /// PGN/TRF-like `1-0`, `1/2-1/2`, `0-1`, `+-`, `-+`, `--`; `pending`).
    ///
    /// ```
    /// use qiyuan_vocab::GameResult;
    /// assert_eq!(GameResult::Draw.code(), "1/2-1/2");
    /// assert_eq!(GameResult::from_code("½-½"), Some(GameResult::Draw));
    /// ```
    pub fn code(self) -> &'static str {
        use GameResult::*;
        match self {
            Pending => "pending",
            WhiteWins => "1-0",
            Draw => "1/2-1/2",
            BlackWins => "0-1",
            WhiteForfeitWin => "+-",
            BlackForfeitWin => "-+",
            DoubleForfeit => "--",
        }
    }

    /// The result of exactly a code as [`GameResult::code`] writes it, or
    /// `½-½`: what the file and wire formats accept (the event file, the
    /// online game lines), where [`GameResult::from_code`]'s other
    /// spellings would hide a mistake.
    ///
    /// ```
    /// use qiyuan_vocab::GameResult;
    /// assert_eq!(GameResult::from_exact_code("½-½"), Some(GameResult::Draw));
    /// assert_eq!(GameResult::from_exact_code("-+"), Some(GameResult::BlackForfeitWin));
    /// assert_eq!(GameResult::from_exact_code("2:0"), None);
    /// assert_eq!(GameResult::from_exact_code(" 1-0"), None);
    /// ```
    pub fn from_exact_code(code: &str) -> Option<GameResult> {
        let code = if code == "½-½" { "1/2-1/2" } else { code };
        GameResult::ALL.into_iter().find(|r| r.code() == code)
    }

    /// The result of a code as [`GameResult::code`] writes it, or one of
    /// its usual spellings (`½-½`, `=`, `1:0` …): what a person types.
    pub fn from_code(code: &str) -> Option<GameResult> {
        use GameResult::*;
        Some(match code.trim() {
            "pending" | "" | "*" => Pending,
            "1-0" | "1:0" | "2-0" | "2:0" => WhiteWins,
            "1/2-1/2" | "½-½" | "=" | "0.5-0.5" | "1-1" | "1:1" => Draw,
            "0-1" | "0:1" | "0-2" | "0:2" => BlackWins,
            "+-" | "+:-" | "+ −" => WhiteForfeitWin,
            "-+" | "-:+" | "− +" => BlackForfeitWin,
            "--" | "-:-" | "− −" => DoubleForfeit,
            _ => return None,
        })
    }
}

/// How an event writes its results. 象棋竞赛规则 lets a xiangqi event write
/// them in words — 红胜, 和, 黑胜, the default — or as the scores of the
/// 2-1-0 scale, 2:0, 1:1, 0:2 ([`GameResult::label_in`]). Chess writes its
/// results in the FIDE notation whatever this says.
///
/// ```
/// use qiyuan_vocab::{Lang, ResultWording};
/// assert_eq!(ResultWording::default(), ResultWording::Words);
/// assert_eq!(ResultWording::Scores.label(Lang::Zh), "比分（2:0 / 1:1 / 0:2）");
/// assert_eq!(ResultWording::from_code("scores"), Some(ResultWording::Scores));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ResultWording {
    /// In words: 红胜 / 和 / 黑胜.
    #[default]
    Words,
    /// As scores: 2:0 / 1:1 / 0:2.
    Scores,
}

impl ResultWording {
    /// Both wordings, the default first.
    pub const ALL: [ResultWording; 2] = [ResultWording::Words, ResultWording::Scores];

    /// The wording's name, as a settings page offers it.
    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            ResultWording::Words => lang.t(
                "In words (Red wins / Draw / Black wins)",
                "文字（红胜 / 和 / 黑胜）",
            ),
            ResultWording::Scores => {
                lang.t("As scores (2:0 / 1:1 / 0:2)", "比分（2:0 / 1:1 / 0:2）")
            }
        }
    }

    /// `words` or `scores`: the code in settings, forms and files.
    pub fn code(self) -> &'static str {
        match self {
            ResultWording::Words => "words",
            ResultWording::Scores => "scores",
        }
    }

    /// The wording of a code as [`ResultWording::code`] writes it.
    pub fn from_code(code: &str) -> Option<ResultWording> {
        ResultWording::ALL
            .into_iter()
            .find(|w| w.code() == code.trim())
    }

    /// The default: in words (what a setting saved before the option
    /// existed reads as).
    pub fn is_words(&self) -> bool {
        *self == ResultWording::Words
    }
}

/// Why a player has no opponent in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ByeKind {
    /// Pairing-allocated bye (PAB, 轮空; TRF `U`).
    PairingAllocated,
    /// Requested full-point bye (TRF `F`).
    FullPoint,
    /// Requested half-point bye (TRF `H`).
    HalfPoint,
    /// Requested zero-point bye (TRF `Z`).
    ZeroPoint,
    /// Absent without a bye (not paired, e.g. after a withdrawal).
    Absent,
}

impl ByeKind {
    /// Every kind.
    pub const ALL: [ByeKind; 5] = [
        ByeKind::PairingAllocated,
        ByeKind::FullPoint,
        ByeKind::HalfPoint,
        ByeKind::ZeroPoint,
        ByeKind::Absent,
    ];

    /// The kind in words. A requested bye is 请假 (leave) and says what it
    /// counts as — a win, a draw, a loss — not its points, which depend on
    /// the scoring (a "half point" is 1 point in a 2-1-0 xiangqi event).
    ///
    /// ```
    /// use qiyuan_vocab::{ByeKind, Lang};
    /// assert_eq!(ByeKind::PairingAllocated.label(Lang::Zh), "轮空");
    /// assert_eq!(ByeKind::FullPoint.label(Lang::Zh), "请假（记胜）");
    /// assert_eq!(ByeKind::ZeroPoint.label(Lang::En), "zero-point bye");
    /// ```
    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            ByeKind::PairingAllocated => lang.t("bye", "轮空"),
            ByeKind::FullPoint => lang.t("full-point bye", "请假（记胜）"),
            ByeKind::HalfPoint => lang.t("half-point bye", "请假（记和）"),
            ByeKind::ZeroPoint => lang.t("zero-point bye", "请假（记负）"),
            ByeKind::Absent => lang.t("absent", "缺席"),
        }
    }

    /// The bye's code in event files, the API and the database: `bye` (the
    /// pairing-allocated bye), `full-bye`, `half-bye`, `zero-bye`, `absent`.
    ///
    /// ```
    /// use qiyuan_vocab::ByeKind;
    /// assert_eq!(ByeKind::HalfPoint.code(), "half-bye");
    /// assert_eq!(ByeKind::from_code("bye"), Some(ByeKind::PairingAllocated));
    /// ```
    pub const fn code(self) -> &'static str {
        match self {
            ByeKind::PairingAllocated => "bye",
            ByeKind::FullPoint => "full-bye",
            ByeKind::HalfPoint => "half-bye",
            ByeKind::ZeroPoint => "zero-bye",
            ByeKind::Absent => "absent",
        }
    }

    /// The bye of a code as [`ByeKind::code`] writes it.
    pub fn from_code(code: &str) -> Option<ByeKind> {
        ByeKind::ALL.into_iter().find(|k| k.code() == code)
    }

    /// The bye's score on the 1 / ½ / 0 scale of a game (局分): a full-point
    /// bye, pairing-allocated or requested, 1; a half-point bye ½; a
    /// zero-point bye and an absence 0. (What it gives in an event's own
    /// scoring, 2-1-0 or 3-1-0, is the tournament's scoring system.)
    ///
    /// ```
    /// use qiyuan_vocab::ByeKind;
    /// use rust_decimal::Decimal;
    /// assert_eq!(ByeKind::FullPoint.score(), Decimal::ONE);
    /// assert_eq!(ByeKind::HalfPoint.score(), Decimal::new(5, 1));
    /// ```
    pub fn score(self) -> Decimal {
        match self {
            ByeKind::PairingAllocated | ByeKind::FullPoint => Decimal::ONE,
            ByeKind::HalfPoint => Decimal::new(5, 1),
            ByeKind::ZeroPoint | ByeKind::Absent => Decimal::ZERO,
        }
    }

    /// The kind's code in the database and the desk's forms: `pab`,
    /// `full`, `half`, `zero`, `absent` (the desk's tables store it; a
    /// stored code never changes).
    ///
    /// ```
    /// use qiyuan_vocab::ByeKind;
    /// assert_eq!(ByeKind::PairingAllocated.stored_code(), "pab");
    /// for k in ByeKind::ALL {
    ///     assert_eq!(ByeKind::from_stored_code(k.stored_code()), Some(k));
    /// }
    /// assert_eq!(ByeKind::from_stored_code("half-bye"), None);
    /// ```
    pub const fn stored_code(self) -> &'static str {
        match self {
            ByeKind::PairingAllocated => "pab",
            ByeKind::FullPoint => "full",
            ByeKind::HalfPoint => "half",
            ByeKind::ZeroPoint => "zero",
            ByeKind::Absent => "absent",
        }
    }

    /// The kind of a code as [`ByeKind::stored_code`] writes it.
    pub fn from_stored_code(code: &str) -> Option<ByeKind> {
        ByeKind::ALL.into_iter().find(|k| k.stored_code() == code)
    }

    /// The TRF result letter (`U`, `F`, `H`, `Z`, `-`).
    pub fn trf_code(self) -> char {
        match self {
            ByeKind::PairingAllocated => 'U',
            ByeKind::FullPoint => 'F',
            ByeKind::HalfPoint => 'H',
            ByeKind::ZeroPoint => 'Z',
            ByeKind::Absent => '-',
        }
    }
}

/// A figure of the rating calculation (等级分计算表), by the symbol the
/// rating regulations give it in their 常用术语及符号 (象棋 cxa-2019 第八条;
/// Rn = Ro + ΣΔR in every edition). [`RatingFigure::ALL`] is the order of
/// the calculation, and of every rating report's columns: the desk's page,
/// `qiyuan rate` and the office's export.
///
/// ```
/// use qiyuan_vocab::{Lang, RatingFigure};
/// assert_eq!(RatingFigure::ExpectedScore.symbol(), "We");
/// assert_eq!(RatingFigure::ExpectedScore.heading(Lang::Zh), "预期局分 We");
/// assert_eq!(RatingFigure::Change.heading(Lang::En), "ΔR");
/// assert_eq!(RatingFigure::Change.name(Lang::Zh), "升降值");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RatingFigure {
    /// Ro: the rating before the event (原等级分).
    RatingBefore,
    /// Ra: the average rating of the opponents met (所遇对手的平均等级分).
    OpponentsAverage,
    /// D: the rating difference the expected score is read at (分差).
    Difference,
    /// P: the expected score fraction (预期得分率).
    ExpectedFraction,
    /// N: the games that count (比赛局数).
    Games,
    /// We: the expected points (预期局分).
    ExpectedScore,
    /// W: the points scored in the games that count (实得局分).
    Score,
    /// K: the conversion factor (换算系数).
    K,
    /// ΔR: the change of rating for the event (升降值).
    Change,
    /// Rn: the new rating (新等级分).
    RatingAfter,
    /// Rp: the performance rating (表现分).
    Performance,
}

impl RatingFigure {
    /// Every figure, in the order of the calculation.
    pub const ALL: [RatingFigure; 11] = [
        RatingFigure::RatingBefore,
        RatingFigure::OpponentsAverage,
        RatingFigure::Difference,
        RatingFigure::ExpectedFraction,
        RatingFigure::Games,
        RatingFigure::ExpectedScore,
        RatingFigure::Score,
        RatingFigure::K,
        RatingFigure::Change,
        RatingFigure::RatingAfter,
        RatingFigure::Performance,
    ];

    /// The regulations' symbol, the same in both languages.
    pub const fn symbol(self) -> &'static str {
        match self {
            RatingFigure::RatingBefore => "Ro",
            RatingFigure::OpponentsAverage => "Ra",
            RatingFigure::Difference => "D",
            RatingFigure::ExpectedFraction => "P",
            RatingFigure::Games => "N",
            RatingFigure::ExpectedScore => "We",
            RatingFigure::Score => "W",
            RatingFigure::K => "K",
            RatingFigure::Change => "ΔR",
            RatingFigure::RatingAfter => "Rn",
            RatingFigure::Performance => "Rp",
        }
    }

    /// The figure's name.
    pub const fn name(self, lang: Lang) -> &'static str {
        let (en, zh) = match self {
            RatingFigure::RatingBefore => ("rating before", "原等级分"),
            RatingFigure::OpponentsAverage => ("opponents' average", "对手平均分"),
            RatingFigure::Difference => ("rating difference", "分差"),
            RatingFigure::ExpectedFraction => ("expected fraction", "预期得分率"),
            RatingFigure::Games => ("games", "局数"),
            RatingFigure::ExpectedScore => ("expected score", "预期局分"),
            RatingFigure::Score => ("score", "实得局分"),
            RatingFigure::K => ("K factor", "换算系数"),
            RatingFigure::Change => ("rating change", "升降值"),
            RatingFigure::RatingAfter => ("new rating", "新等级分"),
            RatingFigure::Performance => ("performance", "表现分"),
        };
        match lang {
            Lang::En => en,
            Lang::Zh => zh,
        }
    }

    /// The column heading: the name and the symbol in Chinese (原等级分 Ro),
    /// the symbol alone in English (Ro), as rating officers' tables write
    /// them.
    pub fn heading(self, lang: Lang) -> String {
        match lang {
            Lang::En => self.symbol().to_string(),
            Lang::Zh => format!("{} {}", self.name(lang), self.symbol()),
        }
    }

    /// The figure's key in JSON and the English CSV header
    /// (`rating_before`, `opponents_average` …).
    pub const fn code(self) -> &'static str {
        match self {
            RatingFigure::RatingBefore => "rating_before",
            RatingFigure::OpponentsAverage => "opponents_average",
            RatingFigure::Difference => "difference",
            RatingFigure::ExpectedFraction => "expected_fraction",
            RatingFigure::Games => "games",
            RatingFigure::ExpectedScore => "expected_score",
            RatingFigure::Score => "score",
            RatingFigure::K => "k",
            RatingFigure::Change => "change",
            RatingFigure::RatingAfter => "rating_after",
            RatingFigure::Performance => "performance",
        }
    }
}

/// The heading of a column that names a player, a game or a place in the
/// tables a user reads — standings, crosstables, pairing lists, rating
/// reports, the rating lists, on the pages, the prints, the exports and the
/// CLI. One wording each, so that 序号 (the player's number in the event)
/// is never 编号 (his id on a rating list) on another page.
///
/// ```
/// use qiyuan_vocab::{Heading, Lang};
/// assert_eq!(Heading::PairingNumber.label(Lang::Zh), "序号");
/// assert_eq!(Heading::ListId.label(Lang::Zh), "编号");
/// assert_eq!(Heading::Rating.label(Lang::En), "Rtg");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Heading {
    /// 序号 / No.: the player's (or team's) number in the event — the
    /// pairing number of the draw or of the seeding ([`PlayerId`]).
    PairingNumber,
    /// 编号 / ID: the player's id on the rating list (编号 in the
    /// federations' published lists).
    ListId,
    /// 名次 / Rk.: the place in the standings.
    Rank,
    /// 姓名 / Name.
    Name,
    /// 单位 / Club: the club, city or team the player represents.
    Club,
    /// 等级分 / Rtg: the player's rating.
    Rating,
    /// 积分 / Pts.: points in the event's scoring system.
    Points,
    /// 台次 / Bo.: the board of a game in its round.
    Board,
    /// 结果 / Result: a game's result in a pairing table.
    Result,
    /// 组别 / Group: the group (组别) a player is paired and ranked in.
    Group,
}

impl Heading {
    /// Every heading, in the order of `docs/glossary.md`.
    pub const ALL: [Heading; 10] = [
        Heading::PairingNumber,
        Heading::ListId,
        Heading::Rank,
        Heading::Name,
        Heading::Club,
        Heading::Rating,
        Heading::Points,
        Heading::Board,
        Heading::Result,
        Heading::Group,
    ];

    /// The heading a user reads (a `const fn`, for the column tables that
    /// are constants).
    pub const fn label(self, lang: Lang) -> &'static str {
        let (en, zh) = match self {
            Heading::PairingNumber => ("No.", "序号"),
            Heading::ListId => ("ID", "编号"),
            Heading::Rank => ("Rk.", "名次"),
            Heading::Name => ("Name", "姓名"),
            Heading::Club => ("Club", "单位"),
            Heading::Rating => ("Rtg", "等级分"),
            Heading::Points => ("Pts.", "积分"),
            Heading::Board => ("Bo.", "台次"),
            Heading::Result => ("Result", "结果"),
            Heading::Group => ("Group", "组别"),
        };
        match lang {
            Lang::En => en,
            Lang::Zh => zh,
        }
    }
}

/// One term of the glossary: what it is, its Chinese and English wording,
/// where the wording comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    /// The term's name in the code (`GameResult::WhiteWins`).
    pub code: String,
    /// Chinese.
    pub zh: String,
    /// English.
    pub en: String,
    /// Where the wording comes from.
    pub source: &'static str,
}

/// Every term with its wordings, in the order of `docs/glossary.md`.
pub fn glossary() -> Vec<Term> {
    let mut v = Vec::new();
    for g in GameKind::ALL {
        v.push(Term {
            code: format!("GameKind::{g:?}"),
            zh: g.label(Lang::Zh).into(),
            en: g.label(Lang::En).into(),
            source: "象棋竞赛规则; FIDE Laws of Chess",
        });
    }
    for x in Sex::ALL {
        v.push(Term {
            code: format!("Sex::{x:?}"),
            zh: x.label(Lang::Zh).into(),
            en: x.label(Lang::En).into(),
            source: "the rating regulations (男子 / 女子 minimums and titles)",
        });
    }
    for x in EventStatus::ALL {
        v.push(Term {
            code: format!("EventStatus::{x:?}"),
            zh: x.label(Lang::Zh).into(),
            en: x.label(Lang::En).into(),
            source: "the desk's words for where an event stands",
        });
    }
    for g in GameKind::ALL {
        v.push(Term {
            code: format!("first mover ({g:?})"),
            zh: Colour::White.label(g, Lang::Zh).into(),
            en: Colour::White.label(g, Lang::En).into(),
            source: "象棋竞赛规则 (红方先走); FIDE Laws of Chess",
        });
    }
    v.push(Term {
        code: "second mover".into(),
        zh: Colour::Black.label(GameKind::Chess, Lang::Zh).into(),
        en: Colour::Black.label(GameKind::Chess, Lang::En).into(),
        source: "象棋竞赛规则; FIDE Laws of Chess",
    });
    for g in GameKind::ALL {
        for r in GameResult::ALL
            .into_iter()
            .filter(|r| *r != GameResult::Pending)
        {
            v.push(Term {
                code: format!("GameResult::{r:?} ({g:?})"),
                zh: r.label(g, Lang::Zh).into(),
                en: r.label(g, Lang::En).into(),
                source: match g {
                    GameKind::Xiangqi => "象棋竞赛规则 (红胜, 和, 黑胜; 弃权)",
                    GameKind::Chess => "FIDE C.04 / TRF result notation",
                },
            });
        }
    }
    for w in ResultWording::ALL {
        v.push(Term {
            code: format!("ResultWording::{w:?}"),
            zh: w.label(Lang::Zh).into(),
            en: w.label(Lang::En).into(),
            source: "象棋竞赛规则 (results in words or as scores, the event's choice)",
        });
    }
    for r in GameResult::ALL
        .into_iter()
        .filter(|r| *r != GameResult::Pending)
    {
        let (g, w) = (GameKind::Xiangqi, ResultWording::Scores);
        v.push(Term {
            code: format!("GameResult::{r:?} (Xiangqi, scores)"),
            zh: r.label_in(g, w, Lang::Zh).into(),
            en: r.label_in(g, w, Lang::En).into(),
            source: "象棋竞赛规则 (2:0, 1:1, 0:2 on the 2-1-0 scale, 13.1)",
        });
    }
    for b in ByeKind::ALL {
        v.push(Term {
            code: format!("ByeKind::{b:?}"),
            zh: b.label(Lang::Zh).into(),
            en: b.label(Lang::En).into(),
            source: "FIDE C.04.1 (pairing-allocated and requested byes); 请假 (leave) as Chinese events write it",
        });
    }
    for h in Heading::ALL {
        v.push(Term {
            code: format!("Heading::{h:?}"),
            zh: h.label(Lang::Zh).into(),
            en: h.label(Lang::En).into(),
            source: "the federations' published lists (序号, 编号, 姓名, 单位, 等级分); the starting lists, pairing sheets and standings arbiters print",
        });
    }
    for f in RatingFigure::ALL {
        v.push(Term {
            code: format!("RatingFigure::{f:?} ({})", f.symbol()),
            zh: f.name(Lang::Zh).into(),
            en: f.name(Lang::En).into(),
            source: "象棋 cxa-2019 第八条 常用术语及符号 (N, Ra, Ro, P, We, W, K, ΔR); Rn = Ro + ΣΔR (every edition); D and Rp as the tables of the 等级分计算表 use them",
        });
    }
    v
}

/// `docs/glossary.md`: the glossary as Markdown.
pub fn glossary_markdown() -> String {
    let mut out = String::from(
        "# Glossary (术语表)\n\n\
         Every domain term a user reads, with its one Chinese and one English\n\
         wording. Generated from `crates/vocab` (`qiyuan_vocab::glossary`); a\n\
         test fails when this file and the crate differ: change the crate,\n\
         then run `QIYUAN_WRITE_GLOSSARY=1 cargo test -p qiyuan-vocab`.\n\n\
         | term | 中文 | English | source |\n|---|---|---|---|\n",
    );
    for t in glossary() {
        out.push_str(&format!(
            "| `{}` | {} | {} | {} |\n",
            t.code, t.zh, t.en, t.source
        ));
    }
    out
}

/// A sentence in both languages, written together where it is made: the
/// reason of a refusal, a note. The way a crate carries words that no code
/// or figure can be turned into Chinese from: the English is never read
/// back to find its Chinese. Its `Display` is the English.
///
/// ```
/// use qiyuan_vocab::{Lang, Message};
/// let m = Message::new("no round is paired", "尚未编排任何一轮");
/// assert_eq!(m.to_string(), "no round is paired");
/// assert_eq!(m.text(Lang::Zh), "尚未编排任何一轮");
/// let n = 3;
/// let m = Message::from_fn(|lang| lang.pick(format!("{n} rounds"), format!("{n} 轮")));
/// assert_eq!(m.text(Lang::Zh), "3 轮");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Message {
    en: String,
    zh: String,
}

impl Message {
    /// The English and the Chinese of one sentence.
    pub fn new(en: impl Into<String>, zh: impl Into<String>) -> Message {
        Message {
            en: en.into(),
            zh: zh.into(),
        }
    }

    /// The sentence made in each language by `words` (a typed value's
    /// `text(lang)`, or a `format!` per language).
    pub fn from_fn(words: impl Fn(Lang) -> String) -> Message {
        Message {
            en: words(Lang::En),
            zh: words(Lang::Zh),
        }
    }

    /// The sentence in `lang`.
    #[must_use]
    pub fn text(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Zh => &self.zh,
        }
    }

    /// The English (the `Display`).
    #[must_use]
    pub fn en(&self) -> &str {
        &self.en
    }
}

impl std::fmt::Display for Message {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.en)
    }
}

impl PartialEq<str> for Message {
    /// Whether the English is `other`.
    fn eq(&self, other: &str) -> bool {
        self.en == other
    }
}

impl PartialEq<&str> for Message {
    /// Whether the English is `other`.
    fn eq(&self, other: &&str) -> bool {
        self.en == *other
    }
}

impl PartialEq<String> for Message {
    /// Whether the English is `other`.
    fn eq(&self, other: &String) -> bool {
        self.en == *other
    }
}

/// An operating-system error (a file not found, no permission, a full
/// disk) in `lang`: the common kinds in Chinese, any other kind in the
/// system's own words. [`Lang::En`] is the error's `Display`.
///
/// ```
/// use qiyuan_vocab::{io_error_text, Lang};
/// let e = std::io::Error::from(std::io::ErrorKind::NotFound);
/// assert_eq!(io_error_text(&e, Lang::Zh), "文件或目录不存在");
/// assert_eq!(io_error_text(&e, Lang::En), e.to_string());
/// ```
#[must_use]
pub fn io_error_text(e: &std::io::Error, lang: Lang) -> String {
    use std::io::ErrorKind as K;
    let zh = match e.kind() {
        K::NotFound => "文件或目录不存在",
        K::PermissionDenied => "没有访问权限",
        K::AlreadyExists => "文件已存在",
        K::InvalidData => "内容无效（例如不是 UTF-8 文本）",
        K::IsADirectory => "这是一个目录，不是文件",
        K::NotADirectory => "路径中有一部分不是目录",
        K::StorageFull => "磁盘已满",
        K::ReadOnlyFilesystem => "文件系统只读",
        K::UnexpectedEof => "文件意外结束",
        _ => return e.to_string(),
    };
    match lang {
        Lang::En => e.to_string(),
        Lang::Zh => zh.to_string(),
    }
}

/// Whether the two texts of one message agree: `en` is the English
/// `display` (an error's `Display`), `zh` has no English phrase
/// ([`english_phrases`]) and holds each of `figures` (the numbers, names
/// and fields the English gives). The one check every crate's tests make
/// of its messages; the error says what is wrong.
///
/// ```
/// use qiyuan_vocab::{check_message, digit_runs};
/// let en = "line 3: rating 27x6 is not a number";
/// let zh = "第 3 行：等级分“27x6”不是数字";
/// assert_eq!(check_message(en, en, zh, &digit_runs(en)), Ok(()));
/// assert!(check_message(en, en, "第 3 行：rating is not valid", &[]).is_err());
/// ```
///
/// # Errors
/// A description of the first disagreement found.
pub fn check_message(display: &str, en: &str, zh: &str, figures: &[&str]) -> Result<(), String> {
    if en != display {
        return Err(format!("the English {en:?} is not the Display {display:?}"));
    }
    let english = english_phrases(zh);
    if !english.is_empty() {
        return Err(format!("the Chinese {zh:?} has English: {english:?}"));
    }
    match figures.iter().find(|f| !zh.contains(*f)) {
        Some(f) => Err(format!("the Chinese {zh:?} lacks {f:?} (English {en:?})")),
        None => Ok(()),
    }
}

/// The runs of digits of a text: the figures an English message names,
/// which its Chinese must name too ([`check_message`]).
///
/// ```
/// assert_eq!(qiyuan_vocab::digit_runs("line 12, column 4"), ["12", "4"]);
/// ```
#[must_use]
pub fn digit_runs(text: &str) -> Vec<&str> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|f| !f.is_empty())
        .collect()
}

/// The English phrases in a text meant to be Chinese: runs of three or
/// more English words (joined by one space), which a Chinese reader should
/// never meet.
///
/// A word is two or more ASCII letters with at least one lower-case
/// letter; words joined by spaces and the punctuation of a sentence (`,`
/// `;` `:` `-` `'` `(` `)`) make a run. Anything else ends a run: a Chinese
/// character, a digit, a code in capitals (`TRF`, `FEN`), an option
/// (`--dutch`), a path's `/` or `.`. Text between backticks is a field name or a code the user types,
/// and is not read. Every crate's tests hold its Chinese messages to this
/// (each error's `text(Lang::Zh)`), and the CLI's tests its output.
///
/// ```
/// use qiyuan_vocab::english_phrases;
/// assert!(english_phrases("第 3 行，字段 `rating`：不是数字").is_empty());
/// assert!(english_phrases("/tmp/abc/event.trf：TRF 第 001 行").is_empty());
/// assert_eq!(
///     english_phrases("第 3 行：the rating is not valid"),
///     ["the rating is not valid"]
/// );
/// ```
#[must_use]
pub fn english_phrases(text: &str) -> Vec<String> {
    let mut phrases = Vec::new();
    let mut run: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut in_code = false;
    // The character before the current one, and whether the current word
    // follows a `-` (an option: `--lang`, `-o`).
    let (mut previous, mut option) = (' ', false);
    let end_run = |run: &mut Vec<String>, phrases: &mut Vec<String>| {
        if run.len() >= 3 {
            phrases.push(run.join(" "));
        }
        run.clear();
    };
    for c in text.chars().chain(std::iter::once('\u{0}')) {
        if c == '`' {
            in_code = !in_code;
            word.clear();
            end_run(&mut run, &mut phrases);
            continue;
        }
        if in_code {
            continue;
        }
        if c.is_ascii_alphabetic() {
            if word.is_empty() {
                option = previous == '-';
            }
            word.push(c);
            previous = c;
            continue;
        }
        let keeps_run = c == ' ' || ",;:-'()".contains(c);
        let w = std::mem::take(&mut word);
        previous = c;
        if w.len() >= 2
            && w.chars().any(|c| c.is_ascii_lowercase())
            && !c.is_ascii_digit()
            && !option
        {
            run.push(w);
        } else if !w.is_empty() {
            // A code in capitals, a single letter, letters glued to a
            // digit, an option (`--dutch`).
            end_run(&mut run, &mut phrases);
        }
        if !keeps_run {
            end_run(&mut run, &mut phrases);
        }
    }
    phrases
}

#[cfg(test)]
mod tests {
    use super::english_phrases;

    #[test]
    fn english_phrases_finds_sentences_not_codes() {
        assert_eq!(
            english_phrases("error: the file, line 3: cannot read"),
            ["error the file line"]
        );
        assert_eq!(
            english_phrases("TRF FEN PGN 第 3 行 r1 abc1 x y z"),
            Vec::<String>::new()
        );
        assert_eq!(
            english_phrases("`the field name here` 有误"),
            Vec::<String>::new()
        );
        assert_eq!(
            english_phrases("全部 the rating is 不对"),
            ["the rating is"]
        );
    }
}
