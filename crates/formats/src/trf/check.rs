//! Consistency warnings for a file that reads.

use std::collections::HashMap;

use qiyuan_rating::Lang;
use rust_decimal::Decimal;

use super::model::*;

/// An inconsistency that does not stop a file from being read.
///
/// ```
/// use qiyuan_formats::trf::{parse_trf, TrfWarningKind};
/// let file = parse_trf("001    1      A                                                                  1.0          2 w 1\n001    2      B                                                                  1.0          1 b 1\n")?;
/// let w = file.check();
/// assert_eq!(w.len(), 1); // both players claim the win
/// assert!(matches!(w[0].kind, TrfWarningKind::ResultsDisagree { round: 1, player: 1, opponent: 2, .. }));
/// assert_eq!(w[0].to_string(), "line 1, column 99: round 1: player 1 has 1 against 2, whose result is 1 (expected 0)");
/// # Ok::<(), qiyuan_formats::trf::TrfError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct TrfWarning {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1.
    pub column: usize,
    /// What is inconsistent.
    pub kind: TrfWarningKind,
}

impl TrfWarning {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    ///
    /// ```
    /// use qiyuan_formats::trf::parse_trf;
    /// use qiyuan_rating::Lang;
    /// let w = &parse_trf("042 1 March 2026\n")?.check()[0];
    /// assert_eq!(w.text(Lang::En), w.to_string());
    /// assert_eq!(w.text(Lang::Zh), "第 1 行第 5 列：042：“1 March 2026”不是 YYYY/MM/DD 格式的日期");
    /// # Ok::<(), qiyuan_formats::trf::TrfError>(())
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => format!(
                "第 {} 行第 {} 列：{}",
                self.line,
                self.column,
                self.kind.text(lang)
            ),
        }
    }
}

/// The kinds of [`TrfWarning`].
///
/// ```
/// use qiyuan_formats::trf::{parse_trf, TrfWarningKind};
/// let w = parse_trf("042 1 March 2026\n")?.check();
/// assert_eq!(w[0].kind, TrfWarningKind::NotADate { record: "042", text: "1 March 2026".into() });
/// # Ok::<(), qiyuan_formats::trf::TrfError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrfWarningKind {
    /// The opponent's record for that round does not name this player.
    #[error("round {round}: player {player} meets {opponent}, whose round {round} opponent is {}", .back.map_or("none".to_string(), |b| b.to_string()))]
    NotReciprocal {
        /// The round.
        round: u16,
        /// This player.
        player: u16,
        /// His opponent.
        opponent: u16,
        /// The opponent's opponent in that round.
        back: Option<u16>,
    },
    /// Both players of a game have the same colour.
    #[error("round {round}: players {player} and {opponent} both have colour {colour}")]
    SameColour {
        /// The round.
        round: u16,
        /// This player.
        player: u16,
        /// His opponent.
        opponent: u16,
        /// The shared colour character.
        colour: char,
    },
    /// The two results of a game do not match.
    #[error("round {round}: player {player} has {} against {opponent}, whose result is {} (expected {})", .result.to_char(), .theirs.to_char(), .result.mirror().map_or(' ', ResultCode::to_char))]
    ResultsDisagree {
        /// The round.
        round: u16,
        /// This player.
        player: u16,
        /// His opponent.
        opponent: u16,
        /// This player's result.
        result: ResultCode,
        /// The opponent's result.
        theirs: ResultCode,
    },
    /// A game result (`1 = 0 + - W D L`) without an opponent.
    #[error("round {round}: player {player} has result {} but no opponent", .result.to_char())]
    ResultWithoutOpponent {
        /// The round.
        round: u16,
        /// The player.
        player: u16,
        /// The result.
        result: ResultCode,
    },
    /// A bye result (`H F U Z`) with an opponent.
    #[error("round {round}: player {player} has bye result {} but opponent {opponent}", .result.to_char())]
    ByeWithOpponent {
        /// The round.
        round: u16,
        /// The player.
        player: u16,
        /// The opponent.
        opponent: u16,
        /// The result.
        result: ResultCode,
    },
    /// The points column differs from the sum of the results (under [`TrfFile::point_system`]).
    #[error("player {player}: points column {declared} but the results add up to {computed}")]
    PointsMismatch {
        /// The player.
        player: u16,
        /// The points column.
        declared: Decimal,
        /// The sum of the results.
        computed: Decimal,
    },
    /// More than one pairing-allocated bye (`U`) in one round.
    #[error("round {round}: {count} pairing-allocated byes (at most one is allowed)")]
    SeveralPairingAllocatedByes {
        /// The round.
        round: u16,
        /// How many.
        count: usize,
    },
    /// A starting rank in `013`, `240`, `260`, `299`, `XXA`, `XXP`, `XXZ` or `QYT` that is no player's.
    #[error("{record}: {id} is not a player in this file")]
    UnknownPlayer {
        /// The record code.
        record: &'static str,
        /// The starting rank.
        id: u16,
    },
    /// `142` and `XXR` give different numbers of rounds.
    #[error("142 gives {n142} rounds but XXR gives {xxr}")]
    RoundCountsDisagree {
        /// The `142` value.
        n142: u16,
        /// The `XXR` value.
        xxr: u16,
    },
    /// Player records hold more rounds than the declared total.
    #[error("the tournament has {total} rounds but player records hold {in_file}")]
    MoreRoundsThanTotal {
        /// `142`/`XXR`.
        total: u16,
        /// Round blocks in the longest player record.
        in_file: usize,
    },
    /// `042` or `052` not written `YYYY/MM/DD` (the TRF26 format).
    #[error("{record}: {text:?} is not a date YYYY/MM/DD")]
    NotADate {
        /// The record code.
        record: &'static str,
        /// Its text.
        text: String,
    },
    /// `062` differs from the number of player records.
    #[error("062 gives {declared} players but the file has {actual}")]
    PlayerCountMismatch {
        /// The `062` text.
        declared: String,
        /// The number of `001` records.
        actual: usize,
    },
}

impl TrfWarningKind {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            TrfWarningKind::NotReciprocal {
                round,
                player,
                opponent,
                back,
            } => format!(
                "第 {round} 轮：棋手 {player} 的对手是 {opponent}，而 {opponent} 第 {round} 轮的对手是{}",
                back.map_or("（无）".to_string(), |b| format!(" {b}"))
            ),
            TrfWarningKind::SameColour {
                round,
                player,
                opponent,
                colour,
            } => format!("第 {round} 轮：棋手 {player} 与 {opponent} 的颜色都是 {colour}"),
            TrfWarningKind::ResultsDisagree {
                round,
                player,
                opponent,
                result,
                theirs,
            } => format!(
                "第 {round} 轮：棋手 {player} 对 {opponent} 的结果是 {}，而对方的结果是 {}（应为 {}）",
                result.to_char(),
                theirs.to_char(),
                result.mirror().map_or(' ', ResultCode::to_char)
            ),
            TrfWarningKind::ResultWithoutOpponent {
                round,
                player,
                result,
            } => format!(
                "第 {round} 轮：棋手 {player} 的结果是 {}，却没有对手",
                result.to_char()
            ),
            TrfWarningKind::ByeWithOpponent {
                round,
                player,
                opponent,
                result,
            } => format!(
                "第 {round} 轮：棋手 {player} 的结果是轮空 {}，却有对手 {opponent}",
                result.to_char()
            ),
            TrfWarningKind::PointsMismatch {
                player,
                declared,
                computed,
            } => format!("棋手 {player}：积分列为 {declared}，而各轮结果合计 {computed}"),
            TrfWarningKind::SeveralPairingAllocatedByes { round, count } => {
                format!("第 {round} 轮：有 {count} 个编排分配的轮空（至多允许一个）")
            }
            TrfWarningKind::UnknownPlayer { record, id } => {
                format!("{record}：{id} 不是本文件中的棋手")
            }
            TrfWarningKind::RoundCountsDisagree { n142, xxr } => {
                format!("142 记录为 {n142} 轮，而 XXR 记录为 {xxr} 轮")
            }
            TrfWarningKind::MoreRoundsThanTotal { total, in_file } => {
                format!("赛事共 {total} 轮，而棋手记录中有 {in_file} 轮")
            }
            TrfWarningKind::NotADate { record, text } => {
                format!("{record}：“{text}”不是 YYYY/MM/DD 格式的日期")
            }
            TrfWarningKind::PlayerCountMismatch { declared, actual } => {
                format!("062 记录为 {declared} 名棋手，而文件中有 {actual} 名")
            }
        }
    }
}

fn round_no(k: usize) -> u16 {
    u16::try_from(k + 1).unwrap_or(u16::MAX)
}

impl TrfFile {
    /// Consistency warnings, in line order (see the [module documentation](super)).
    ///
    /// A file written by a pairing engine gives none.
    ///
    /// ```
    /// use qiyuan_formats::trf::{parse_trf, TrfWarningKind};
    /// let file = parse_trf("001    1      A                                                                  0.0          2 w 0\n001    2      B                                                                  1.0       0000 - U\n")?;
    /// let w = file.check();
    /// assert_eq!(w[0].kind, TrfWarningKind::NotReciprocal { round: 1, player: 1, opponent: 2, back: None });
    /// assert_eq!((w[0].line, w[0].column), (1, 92));
    /// # Ok::<(), qiyuan_formats::trf::TrfError>(())
    /// ```
    pub fn check(&self) -> Vec<TrfWarning> {
        let mut out = Vec::new();
        let by_id: HashMap<u16, &PlayerRecord> =
            self.players().map(|p| (p.start_number, p)).collect();
        let system = self.point_system();
        let has_xxs = self.records.iter().any(|r| matches!(r, Record::Xxs(_)));
        // Players with a 299 abnormal assignment: their points column is not a plain sum.
        let abnormal: Vec<u16> = self
            .records
            .iter()
            .filter_map(|r| match r {
                Record::AbnormalPoints(a) => Some(a.players.iter().copied()),
                _ => None,
            })
            .flatten()
            .collect();
        let mut byes_per_round: HashMap<usize, (usize, usize)> = HashMap::new();
        let unknown = |out: &mut Vec<TrfWarning>, line, record, id: u16| {
            if !by_id.contains_key(&id) {
                out.push(TrfWarning {
                    line,
                    column: 5,
                    kind: TrfWarningKind::UnknownPlayer { record, id },
                });
            }
        };
        for (i, r) in self.records.iter().enumerate() {
            let line = i + 1;
            match r {
                Record::Player(p) => {
                    for (k, e) in p.rounds.iter().enumerate() {
                        let col = 92 + 10 * k;
                        let round = round_no(k);
                        let player = p.start_number;
                        let mut warn = |column, kind| out.push(TrfWarning { line, column, kind });
                        if e.result == ResultCode::PairingAllocatedBye {
                            byes_per_round.entry(k).or_insert((line, 0)).1 += 1;
                        }
                        let Some(opponent) = e.opponent else {
                            if e.result.needs_opponent() {
                                warn(
                                    col + 7,
                                    TrfWarningKind::ResultWithoutOpponent {
                                        round,
                                        player,
                                        result: e.result,
                                    },
                                );
                            }
                            continue;
                        };
                        if e.result.is_bye() && e.result != ResultCode::Blank {
                            warn(
                                col + 7,
                                TrfWarningKind::ByeWithOpponent {
                                    round,
                                    player,
                                    opponent,
                                    result: e.result,
                                },
                            );
                        }
                        let Some(o) = by_id.get(&opponent) else {
                            continue;
                        };
                        let theirs = o.round(k + 1);
                        if theirs.opponent != Some(player) {
                            warn(
                                col,
                                TrfWarningKind::NotReciprocal {
                                    round,
                                    player,
                                    opponent,
                                    back: theirs.opponent,
                                },
                            );
                            continue;
                        }
                        // Report a game once, from the player who comes first.
                        if player > opponent {
                            continue;
                        }
                        if e.colour.is_colour() && e.colour == theirs.colour {
                            warn(
                                col + 5,
                                TrfWarningKind::SameColour {
                                    round,
                                    player,
                                    opponent,
                                    colour: e.colour.to_char(),
                                },
                            );
                        }
                        let agrees = match (e.result, theirs.result) {
                            // Paired, result not known yet.
                            (ResultCode::Blank, ResultCode::Blank) => true,
                            // Double forfeit.
                            (ResultCode::ForfeitLoss, ResultCode::ForfeitLoss) => true,
                            // Already reported as a bye with an opponent.
                            (r, _) if r.is_bye() && r != ResultCode::Blank => true,
                            (r, t) => r.mirror() == Some(t),
                        };
                        if !agrees {
                            warn(
                                col + 7,
                                TrfWarningKind::ResultsDisagree {
                                    round,
                                    player,
                                    opponent,
                                    result: e.result,
                                    theirs: theirs.result,
                                },
                            );
                        }
                    }
                    if let Some(declared) = p.points
                        && !has_xxs
                        && !abnormal.contains(&p.start_number)
                    {
                        let computed = p.computed_points(&system);
                        if computed != declared {
                            out.push(TrfWarning {
                                line,
                                column: 81,
                                kind: TrfWarningKind::PointsMismatch {
                                    player: p.start_number,
                                    declared,
                                    computed,
                                },
                            });
                        }
                    }
                }
                Record::Team(t) => t
                    .players
                    .iter()
                    .for_each(|&id| unknown(&mut out, line, "013", id)),
                Record::Bye(b) => b
                    .players
                    .iter()
                    .for_each(|&id| unknown(&mut out, line, "240", id)),
                Record::ProhibitedPairing(p) => p
                    .players
                    .iter()
                    .for_each(|&id| unknown(&mut out, line, "260", id)),
                Record::Xxp(ids) => ids
                    .iter()
                    .for_each(|&id| unknown(&mut out, line, "XXP", id)),
                Record::Xxz(ids) => ids
                    .iter()
                    .for_each(|&id| unknown(&mut out, line, "XXZ", id)),
                Record::Xxa(a) => unknown(&mut out, line, "XXA", a.player),
                Record::Title(t) => unknown(&mut out, line, "QYT", t.player),
                Record::AbnormalPoints(a) => a
                    .players
                    .iter()
                    .for_each(|&id| unknown(&mut out, line, "299", id)),
                Record::Text {
                    code: TextCode::NumberOfPlayers,
                    text,
                } => {
                    let actual = by_id.len();
                    if text.trim().parse::<usize>().ok() != Some(actual) {
                        out.push(TrfWarning {
                            line,
                            column: 5,
                            kind: TrfWarningKind::PlayerCountMismatch {
                                declared: text.clone(),
                                actual,
                            },
                        });
                    }
                }
                Record::Text {
                    code: code @ (TextCode::StartDate | TextCode::EndDate),
                    text,
                } if super::model::parse_ymd(text).is_none() => {
                    out.push(TrfWarning {
                        line,
                        column: 5,
                        kind: TrfWarningKind::NotADate {
                            record: code.code(),
                            text: text.clone(),
                        },
                    });
                }
                Record::Xxr(xxr) => {
                    let n142 = self.records.iter().find_map(|r| match r {
                        Record::NumberOfRounds(n) => Some(*n),
                        _ => None,
                    });
                    if let Some(n142) = n142
                        && n142 != *xxr
                    {
                        out.push(TrfWarning {
                            line,
                            column: 5,
                            kind: TrfWarningKind::RoundCountsDisagree { n142, xxr: *xxr },
                        });
                    }
                }
                _ => {}
            }
        }
        let mut rounds: Vec<_> = byes_per_round
            .into_iter()
            .filter(|(_, (_, n))| *n > 1)
            .collect();
        rounds.sort();
        for (k, (line, count)) in rounds {
            out.push(TrfWarning {
                line,
                column: 99 + 10 * k,
                kind: TrfWarningKind::SeveralPairingAllocatedByes {
                    round: round_no(k),
                    count,
                },
            });
        }
        if let Some(total) = self.total_rounds() {
            let in_file = self.rounds_in_file();
            if in_file > usize::from(total) {
                let line = self
                    .records
                    .iter()
                    .position(|r| matches!(r, Record::NumberOfRounds(_) | Record::Xxr(_)))
                    .map_or(1, |i| i + 1);
                out.push(TrfWarning {
                    line,
                    column: 5,
                    kind: TrfWarningKind::MoreRoundsThanTotal { total, in_file },
                });
            }
        }
        out.sort_by_key(|w| (w.line, w.column));
        out
    }
}
