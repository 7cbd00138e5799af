//! The columns of reports: the figures of the rating calculation
//! ([`RatingFigure`]) and the headings every table shares ([`Heading`]).

use crate::Lang;

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
    /// pairing number of the draw or of the seeding ([`PlayerId`](crate::PlayerId)).
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
