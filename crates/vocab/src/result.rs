//! What a round gave a player: a game's result ([`GameResult`], written
//! in an event's [`ResultWording`]) or the kind of his bye ([`ByeKind`]),
//! with their wordings and their codes at each boundary.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::{GameKind, Lang};

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
