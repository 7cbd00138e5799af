//! Why the desk refused.

use qiyuan_tournament::model::{ModelError, PlayerId};

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
        message: String,
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
        message: String,
    },
    /// A knockout tie cannot be decided from its games.
    #[error("knockout stage {stage}, tie {tie}: {message}")]
    Knockout {
        /// Stage (1 = first round of the bracket).
        stage: u32,
        /// Tie (1-based, top to bottom).
        tie: u32,
        /// What is wrong.
        message: String,
    },
    /// A proposed round is malformed (not merely against a rule: that is a
    /// warning).
    #[error("round {round}: {message}")]
    BadRound {
        /// Round.
        round: u32,
        /// What is wrong.
        message: String,
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
    AlreadyStarted(&'static str),
    /// Standings could not be computed.
    #[error("standings: {0}")]
    Standings(String),
    /// The rating report could not be made.
    #[error("rating: {0}")]
    Rating(String),
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
