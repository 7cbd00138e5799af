//! Why the desk refused.

use qiyuan_rating::Lang;
use qiyuan_tournament::model::{ModelError, PlayerId};
use qiyuan_vocab::Message;

use crate::settings::SettingsError;

/// Everything the desk can answer instead of a result. Each message names
/// the round, board, player or field concerned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeskError {
    /// Players have no list id, so the event cannot name them as the
    /// rating office does.
    #[error(
        "{} player(s) have no list id: {}; add their ids, or submit the event to the rating office, which enters new players",
        .0.len(),
        .0.join(", ")
    )]
    NoListId(Vec<String>),
    /// The settings are not valid.
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// The tournament model refused the change.
    #[error(transparent)]
    Model(#[from] ModelError),
    /// A player's data is not valid.
    #[error("player {player}: field `{field}`: {message}")]
    PlayerField {
        /// The player (pairing number, or the would-be number).
        player: u32,
        /// The field.
        field: &'static str,
        /// What is wrong.
        message: Message,
    },
    /// No player with that pairing number.
    #[error("no player with pairing number {0}")]
    UnknownPlayer(PlayerId),
    /// A round before the last has games without a result.
    #[error(
        "round {round}, board {board}: no result yet; enter every result of a round before pairing the next"
    )]
    RoundIncomplete {
        /// Round.
        round: u32,
        /// Board (1-based).
        board: usize,
    },
    /// Every round has been paired.
    #[error("all {0} rounds are paired; the event is finished")]
    EventFinished(u32),
    /// Not enough players to pair.
    #[error("{0} player(s) to pair: at least 2 are needed")]
    TooFewPlayers(usize),
    /// No pairing of the round meets the absolute criteria (C.04.3
    /// Art. 1.9: the chief arbiter decides).
    #[error(
        "round {round}: no valid pairing exists (C.04.3 Art. 1.9): the absolute criteria C1-C3 cannot all be met"
    )]
    NoValidPairing {
        /// Round.
        round: u32,
    },
    /// The Swiss engine refused its input.
    #[error("round {round}: {message}")]
    Pairing {
        /// Round.
        round: u32,
        /// The engine's words.
        message: Message,
    },
    /// A knockout tie cannot be decided from its games.
    #[error("knockout stage {stage}, tie {tie}: {message}")]
    Knockout {
        /// Stage (1 = first round of the bracket).
        stage: u32,
        /// Tie (1-based, top to bottom).
        tie: u32,
        /// What is wrong.
        message: Message,
    },
    /// A proposed round is malformed (not merely against a rule: that is a
    /// warning).
    #[error("round {round}: {message}")]
    BadRound {
        /// Round.
        round: u32,
        /// What is wrong.
        message: Message,
    },
    /// No such board.
    #[error("round {round}: no board {board}")]
    NoSuchBoard {
        /// Round.
        round: u32,
        /// Board (1-based).
        board: usize,
    },
    /// Something only possible before the first round is paired.
    #[error("{0}: only possible before round 1 is paired")]
    AlreadyStarted(Message),
    /// Standings could not be computed.
    #[error("standings: {0}")]
    Standings(Message),
    /// The rating report could not be made.
    #[error("rating: {0}")]
    Rating(Message),
    /// Players without a recorded sex, which the profile needs (never
    /// guessed).
    #[error(
        "no sex recorded for {}; profile `{profile}` needs it for {} — enter it on the players' pages",
        players.join(", "),
        uses.iter().map(|u| u.en()).collect::<Vec<_>>().join("; ")
    )]
    SexNotRecorded {
        /// The players (`number name`).
        players: Vec<String>,
        /// The profile.
        profile: String,
        /// What the profile needs the sex for.
        uses: Vec<crate::reports::SexUse>,
    },
}

impl DeskError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text. The
    /// Chinese names the same round, board, player or field; a reason the
    /// desk words itself is given in Chinese, an engine's own words (the
    /// Swiss engine's, the standings', the rating engine's) are left out for
    /// a general reason.
    ///
    /// ```
    /// use qiyuan_desk::DeskError;
    /// use qiyuan_rating::Lang;
    /// let e = DeskError::RoundIncomplete { round: 3, board: 2 };
    /// assert_eq!(e.text(Lang::En), e.to_string());
    /// assert_eq!(
    ///     e.text(Lang::Zh),
    ///     "第 3 轮第 2 台尚无成绩：请录入本轮全部成绩后再编排下一轮"
    /// );
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            DeskError::NoListId(names) => format!(
                "{} 名棋手没有名单编号：{}；请补上编号，或将赛事报送等级分管理，由其登记新棋手",
                names.len(),
                names.join("、")
            ),
            DeskError::Settings(e) => e.text(lang),
            DeskError::Model(e) => e.text(lang),
            DeskError::PlayerField {
                player,
                field,
                message,
            } => {
                let col = crate::import::column_zh(field);
                format!("棋手 {player}：{col}：{}", message.text(lang))
            }
            DeskError::UnknownPlayer(id) => format!("没有序号为 {} 的棋手", id.0),
            DeskError::RoundIncomplete { round, board } => {
                format!("第 {round} 轮第 {board} 台尚无成绩：请录入本轮全部成绩后再编排下一轮")
            }
            DeskError::EventFinished(n) => format!("全部 {n} 轮均已编排，赛事已结束"),
            DeskError::TooFewPlayers(n) => format!("可编排的棋手只有 {n} 名：至少需要 2 名"),
            DeskError::NoValidPairing { round } => format!(
                "第 {round} 轮：没有满足绝对条件 C1-C3 的编排（C.04.3 第 1.9 条：由裁判长决定）"
            ),
            DeskError::Pairing { round, message } | DeskError::BadRound { round, message } => {
                format!("第 {round} 轮：{}", message.text(lang))
            }
            DeskError::Knockout {
                stage,
                tie,
                message,
            } => format!("淘汰赛第 {stage} 轮第 {tie} 组：{}", message.text(lang)),
            DeskError::NoSuchBoard { round, board } => format!("第 {round} 轮：没有第 {board} 台"),
            DeskError::AlreadyStarted(what) => {
                format!("{}只能在第 1 轮编排之前进行", what.text(lang))
            }
            DeskError::Standings(message) => format!("排名：{}", message.text(lang)),
            DeskError::Rating(message) => format!("等级分：{}", message.text(lang)),
            DeskError::SexNotRecorded {
                players,
                profile,
                uses,
            } => format!(
                "{} 未填写性别；等级分规则“{profile}”需要性别来确定{}——请在棋手页面补填",
                players.join("、"),
                uses.iter().map(|u| u.zh()).collect::<Vec<_>>().join("、")
            ),
        }
    }
}
