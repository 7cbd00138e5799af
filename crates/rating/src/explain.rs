//! A player's calculation in words, in the order of the official
//! 等级分计算表: Ro, Ra, D, P, N, We, W, K, ΔR.

use std::fmt::Write;

use rust_decimal::Decimal;

use crate::event::{Flag, GameLine, LineKind, Method, PlayerReport, RatingSource};
use crate::model::PlayerId;

/// Language of an explanation (the vocabulary crate's one [`Lang`]).
pub use qiyuan_vocab::Lang;

/// A value as text: exact when it has few decimals, else `≈` and the
/// figure the report's tables show ([`Articles::shown`]).
///
/// [`Articles::shown`]: crate::event::Articles::shown
fn show(x: Decimal, display: u32) -> String {
    let n = x.normalize();
    let s = if n.scale() <= 4 {
        n.to_string()
    } else {
        format!("≈{}", crate::rounding::shown(x, display))
    };
    s.replace('-', "−")
}

/// A value in a sum: negative values in parentheses.
fn signed(x: Decimal, display: u32) -> String {
    if x.is_sign_negative() && !x.is_zero() {
        format!("({})", show(x, display))
    } else {
        show(x, display)
    }
}

/// An expected score fraction: always at least two decimals (0.60).
fn frac(x: Decimal) -> String {
    let mut y = x.normalize();
    if y.scale() < 2 {
        y.rescale(2);
    } else if y.scale() > 6 {
        return format!("≈{}", y.round_dp(6)).replace('-', "−");
    }
    y.to_string().replace('-', "−")
}

/// The sum behind an average: `(a + b) / n = s / n = avg`, or just `a` for one term.
fn average_text(terms: &str, sum: Decimal, n: u32, avg: &str, display: u32) -> String {
    if n == 1 {
        avg.to_string()
    } else {
        format!("({terms}) / {n} = {} / {n} = {avg}", show(sum, display))
    }
}

fn cite(article: &str) -> String {
    if article.is_empty() {
        String::new()
    } else {
        format!(" [{article}]")
    }
}

impl PlayerReport {
    /// The step-by-step calculation for this player in words, with every
    /// input and intermediate value, citing the profile's articles.
    ///
    /// ```
    /// use qiyuan_rating::{rate, Lang, Profile};
    /// use qiyuan_rating::model::*;
    /// use rust_decimal_macros::dec;
    /// let players = vec![
    ///     Player::new(PlayerId(1), "甲", Sex::Male, Some(dec!(2500))),
    ///     Player::new(PlayerId(2), "乙", Sex::Male, Some(dec!(2400))),
    /// ];
    /// let games = vec![Pairing::Game { round: 1, white: PlayerId(1), black: PlayerId(2),
    ///     result: GameResult::Draw }];
    /// let event = Event::new("t", GameKind::Xiangqi, EventSystem::Swiss, None, None, players, games).unwrap();
    /// let report = rate(&event, &Profile::builtin("cxa-2019").unwrap()).unwrap();
    /// let text = report.players[0].explain(Lang::En);
    /// assert!(text.contains("We = N × P = 1 × 0.64 = 0.64"));
    /// assert!(report.players[0].explain(Lang::Zh).contains("预期局分"));
    /// ```
    pub fn explain(&self, lang: Lang) -> String {
        let zh = lang == Lang::Zh;
        let a = &self.articles;
        let d = a.display;
        let v = |x: Decimal| show(x, d);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} {} {} — {} {}",
            if zh { "棋手" } else { "Player" },
            self.id,
            self.name,
            if zh { "办法" } else { "profile" },
            a.profile
        );

        // Ro
        let ro_label = if zh {
            "原等级分 Ro"
        } else {
            "Rating before Ro"
        };
        match self.rating_source {
            RatingSource::Published => {
                let _ = writeln!(out, "1. {ro_label} = {}", v(self.rating_used));
            }
            RatingSource::Provisional => {
                let _ = writeln!(
                    out,
                    "1. {} = {}{}",
                    if zh {
                        "无等级分，暂定等级分 Ru"
                    } else {
                        "Unrated; provisional rating Ru"
                    },
                    v(self.rating_used),
                    cite(&a.unrated)
                );
                if let Some(r) = self.rating_before {
                    let _ = writeln!(
                        out,
                        "   {}",
                        if zh {
                            format!("等级分 {r} 低于无等级分线，按无等级分棋手计算")
                        } else {
                            format!("rating {r} is below the unrated line: counted as unrated")
                        }
                    );
                }
            }
            RatingSource::Base => {
                let _ = writeln!(
                    out,
                    "1. {} = {}{}",
                    if zh {
                        "无等级分，基础等级分 Ru"
                    } else {
                        "Unrated; base rating Ru"
                    },
                    v(self.rating_used),
                    cite(&a.unrated)
                );
            }
            RatingSource::TournamentAverage => {
                let _ = writeln!(
                    out,
                    "1. {} = {}{}",
                    if zh {
                        "无等级分，由比赛平均等级分求得首次等级分 Rp"
                    } else {
                        "Unrated; first rating from the tournament average Rp"
                    },
                    v(self.rating_used),
                    cite(&a.unrated)
                );
            }
            RatingSource::Imaginary => {
                let _ = writeln!(
                    out,
                    "1. {}{}",
                    if zh {
                        "无等级分，按虚拟对手计算首次等级分"
                    } else {
                        "Unrated; first rating with imaginary opponents"
                    },
                    cite(&a.unrated)
                );
            }
        }

        // Games
        let _ = writeln!(out, "   {}:", if zh { "对局" } else { "Games" });
        for g in &self.games {
            let _ = writeln!(out, "   - {}", game_line(g, zh, d));
        }
        let counted: Vec<Decimal> = self
            .games
            .iter()
            .filter(|g| g.counted)
            .filter_map(|g| g.opponent_rating)
            .collect();
        let n = self.games_counted;
        if n == 0 {
            let _ = writeln!(
                out,
                "{}",
                if zh {
                    "无计分对局：等级分不变。"
                } else {
                    "No game counts: no change."
                }
            );
            flags_text(&mut out, &self.flags, zh, d);
            return out;
        }
        let sum: Decimal = counted.iter().copied().sum();
        let terms = counted
            .iter()
            .map(|&x| v(x))
            .collect::<Vec<_>>()
            .join(" + ");

        match self.method {
            Method::Performance => {
                let rc = self.opponents_average.unwrap_or_default();
                let _ = writeln!(
                    out,
                    "2. {} Rc = {}",
                    if zh {
                        "有分对手平均等级分"
                    } else {
                        "Rated opponents' average"
                    },
                    average_text(&terms, sum, n, &v(rc), d)
                );
                let p = self.score / Decimal::from(n);
                let _ = writeln!(
                    out,
                    "3. {} w = {}, n = {n}, p = w / n = {}",
                    if zh {
                        "对有分棋手得分"
                    } else {
                        "Score against rated opponents"
                    },
                    v(self.score),
                    v(p)
                );
                if let Some(dp) = self.dp {
                    let _ = writeln!(
                        out,
                        "4. p ≤ 50%: Rp = Rc + dp = {} + {} = {}{}",
                        v(rc),
                        signed(dp, d),
                        v(self.performance.unwrap_or_default()),
                        cite(&a.unrated)
                    );
                } else {
                    let k = self.k.unwrap_or_default();
                    let _ = writeln!(
                        out,
                        "4. p > 50%: Rp = Rc + K × (w − n/2) = {} + {k} × ({} − {}) = {}{}",
                        v(rc),
                        v(self.score),
                        v(Decimal::from(n) / Decimal::TWO),
                        v(self.performance.unwrap_or_default()),
                        cite(&a.unrated)
                    );
                }
            }
            Method::FideInitial => {
                let ra = self.opponents_average.unwrap_or_default();
                let p = self.expected_fraction.unwrap_or_default();
                let (ic, ir) = self
                    .imaginary_opponents
                    .map_or((0, Decimal::ZERO), |i| (i.count, i.rating));
                let _ = writeln!(
                    out,
                    "2. {} Ra = ({terms} + {ic} × {}) / ({n} + {ic}) = {} / {} = {}{}",
                    if zh {
                        "对手平均等级分（含虚拟对手）"
                    } else {
                        "Opponents' average with the imaginary opponents"
                    },
                    v(ir),
                    v(sum + Decimal::from(ic) * ir),
                    n + ic,
                    v(ra),
                    cite(&a.unrated)
                );
                let _ = writeln!(
                    out,
                    "3. {} p = (W + {ic} × 0.5) / ({n} + {ic}) = ({} + {}) / {} = {} → dp = {}",
                    if zh {
                        "得分率（虚拟对手均为和棋）"
                    } else {
                        "Score fraction, the imaginary games drawn"
                    },
                    v(self.score),
                    v(Decimal::from(ic) / Decimal::TWO),
                    n + ic,
                    v(p),
                    v(self.dp.unwrap_or_default())
                );
                let _ = writeln!(
                    out,
                    "4. Ru = Ra + dp = {} + {} = {}",
                    v(ra),
                    signed(self.dp.unwrap_or_default(), d),
                    v(self.performance.unwrap_or_default())
                );
            }
            _ => self.elo_steps(&mut out, zh, &terms, sum),
        }

        // Result
        let after = if zh {
            "本次比赛后等级分"
        } else {
            "Rating after this event"
        };
        match self.rating_after {
            Some(r)
                if a.total_change.is_some()
                    && (self.rating_before.is_some()
                        || self.rating_source == RatingSource::Base) =>
            {
                // The change is rounded first, then added (FIDE).
                let c = self.change.unwrap_or_default();
                let rounded = r - self.rating_used;
                let _ = writeln!(
                    out,
                    "{after} = {} {} {} = {r} ({} {} {}){}",
                    v(self.rating_used),
                    if rounded.is_sign_negative() {
                        "−"
                    } else {
                        "+"
                    },
                    rounded.abs(),
                    if zh {
                        "升降值先取"
                    } else {
                        "the change rounded first to"
                    },
                    if zh {
                        format!("{} 位小数：", a.total_change.unwrap_or_default())
                    } else {
                        format!("{} decimals:", a.total_change.unwrap_or_default())
                    },
                    v(c),
                    cite(&a.rounding)
                );
            }
            Some(r) if self.rating_before.is_some() || self.rating_source == RatingSource::Base => {
                let _ = writeln!(
                    out,
                    "{after} = {} {} {} = {} → {} ({} {}){}",
                    v(self.rating_used),
                    if self.change.unwrap_or_default().is_sign_negative() {
                        "−"
                    } else {
                        "+"
                    },
                    v(self.change.unwrap_or_default().abs()),
                    v(self.rating_used + self.change.unwrap_or_default()),
                    r,
                    if zh { "公布时取" } else { "published to" },
                    if zh {
                        format!("{} 位小数", a.published)
                    } else {
                        format!("{} decimals", a.published)
                    },
                    cite(&a.rounding)
                );
            }
            Some(r) => {
                let _ = writeln!(
                    out,
                    "{} = {r}{}",
                    if zh {
                        "首次等级分"
                    } else {
                        "First rating"
                    },
                    cite(&a.unrated)
                );
            }
            None => {}
        }
        if let (RatingSource::TournamentAverage, Some(p)) = (self.rating_source, self.performance) {
            let _ = writeln!(
                out,
                "{} Rp + ΔR = {} {} {} = {}{}",
                if zh { "表现分" } else { "Performance" },
                v(self.rating_used),
                if self.change.unwrap_or_default().is_sign_negative() {
                    "−"
                } else {
                    "+"
                },
                v(self.change.unwrap_or_default().abs()),
                v(p),
                cite(&a.unrated)
            );
        }
        if let Some(p) = self.performance.filter(|_| self.rating_before.is_some()) {
            let _ = writeln!(
                out,
                "{} Ra + dp(W/N) = {}",
                if zh { "表现分" } else { "Performance" },
                v(p)
            );
        }
        flags_text(&mut out, &self.flags, zh, d);
        out
    }

    fn elo_steps(&self, out: &mut String, zh: bool, terms: &str, sum: Decimal) {
        let a = &self.articles;
        let v = |x: Decimal| show(x, a.display);
        let n = self.games_counted;
        let ro = self.rating_used;
        let ra = self.opponents_average.unwrap_or_default();
        let _ = writeln!(
            out,
            "2. {} Ra = {}{}",
            if zh {
                "对手平均等级分"
            } else {
                "Opponents' average"
            },
            average_text(terms, sum, n, &v(ra), a.display),
            cite(&a.rounding)
        );
        let dtext = |label: &str, base: Decimal| {
            let mut s = format!(
                "3. {} D = Ro − {label} = {} − {} = {}",
                if zh { "等级分差" } else { "Difference" },
                v(ro),
                v(base),
                v(ro - base)
            );
            if self.difference_capped {
                let _ = write!(
                    s,
                    "; {} {}{}",
                    if zh {
                        "超过上限，按"
                    } else {
                        "above the cap, counts as"
                    },
                    v(self.difference.unwrap_or_default()),
                    cite(&a.expected)
                );
            }
            s
        };
        match self.method {
            Method::MTimesPaMinusHalf => {
                let m = self.players_m.unwrap_or_default();
                let rall = self.all_players_average.unwrap_or_default();
                // the player and each distinct counted opponent once
                let mut seen: Vec<PlayerId> = Vec::new();
                let mut members = vec![ro];
                for g in self.games.iter().filter(|g| g.counted) {
                    if let (Some(o), Some(r)) = (g.opponent, g.opponent_rating)
                        && !seen.contains(&o)
                    {
                        seen.push(o);
                        members.push(r);
                    }
                }
                let total: Decimal = members.iter().copied().sum();
                let list = members
                    .iter()
                    .map(|&x| v(x))
                    .collect::<Vec<_>>()
                    .join(" + ");
                let _ = writeln!(
                    out,
                    "   {} Rall = ({list}) / M = {} / {m} = {} (M = {m})",
                    if zh {
                        "全部棋手平均等级分"
                    } else {
                        "Average of all players"
                    },
                    v(total),
                    v(rall)
                );
                let _ = writeln!(out, "{}", dtext("Rall", rall));
                let pa = self.expected_fraction.unwrap_or_default();
                let _ = writeln!(
                    out,
                    "4. {} Pa = {}{}",
                    if zh {
                        "预期得分率"
                    } else {
                        "Expected score fraction"
                    },
                    frac(pa),
                    cite(&a.expected)
                );
                let _ = writeln!(out, "5. N = {n}");
                let we = self.expected_score.unwrap_or_default();
                if m > 1 && n == m - 1 {
                    let _ = writeln!(
                        out,
                        "6. {} We = M × Pa − ½ = {m} × {} − 0.5 = {}",
                        if zh {
                            "预期局分"
                        } else {
                            "Expected points"
                        },
                        frac(pa),
                        v(we)
                    );
                } else {
                    let _ = writeln!(
                        out,
                        "6. {} We = (M × Pa − ½) × N / (M − 1) = ({m} × {} − 0.5) × {n} / {} = {}",
                        if zh {
                            "预期局分"
                        } else {
                            "Expected points"
                        },
                        frac(pa),
                        m.saturating_sub(1),
                        v(we)
                    );
                }
            }
            Method::PerGame => {
                let _ = writeln!(out, "{}", dtext("Ra", ra));
                let ps: Vec<String> = self
                    .games
                    .iter()
                    .filter(|g| g.counted)
                    .filter_map(|g| g.expected.map(frac))
                    .collect();
                let _ = writeln!(
                    out,
                    "4. {} P {}: {}{}",
                    if zh {
                        "预期得分率"
                    } else {
                        "Expected score fraction"
                    },
                    if zh { "逐局" } else { "game by game" },
                    ps.join(", "),
                    cite(&a.expected)
                );
                let _ = writeln!(out, "5. N = {n}");
                let _ = writeln!(
                    out,
                    "6. {} We = ΣP = {} = {}",
                    if zh {
                        "预期局分"
                    } else {
                        "Expected points"
                    },
                    ps.join(" + "),
                    v(self.expected_score.unwrap_or_default())
                );
            }
            _ => {
                let _ = writeln!(out, "{}", dtext("Ra", ra));
                let p = self.expected_fraction.unwrap_or_default();
                let _ = writeln!(
                    out,
                    "4. {} P = {}{}",
                    if zh {
                        "预期得分率"
                    } else {
                        "Expected score fraction"
                    },
                    frac(p),
                    cite(&a.expected)
                );
                let _ = writeln!(out, "5. N = {n}");
                let _ = writeln!(
                    out,
                    "6. {} We = N × P = {n} × {} = {}",
                    if zh {
                        "预期局分"
                    } else {
                        "Expected points"
                    },
                    frac(p),
                    v(self.expected_score.unwrap_or_default())
                );
            }
        }
        let _ = writeln!(
            out,
            "7. {} W = {}{}",
            if zh { "实得局分" } else { "Points scored" },
            v(self.score),
            cite(&a.games)
        );
        let k = self.k.unwrap_or_default();
        let _ = writeln!(
            out,
            "8. {} K = {k}: {}",
            if zh { "换算系数" } else { "Factor" },
            if zh {
                self.k_reason_zh.as_deref()
            } else {
                self.k_reason.as_deref()
            }
            .unwrap_or("")
        );
        let we = self.expected_score.unwrap_or_default();
        let raw = Decimal::from(k) * (self.score - we);
        let change = self.change.unwrap_or_default();
        let protected = self
            .flags
            .iter()
            .any(|f| matches!(f, Flag::ChampionProtected { .. }));
        let mut line = format!(
            "9. {} ΔR = K × (W − We) = {k} × ({} − {}) = {}",
            if zh { "升降值" } else { "Change" },
            v(self.score),
            v(we),
            v(raw)
        );
        if !protected && change != raw {
            let _ = write!(line, " → {}{}", v(change), cite(&a.rounding));
        }
        if protected {
            let _ = write!(
                line,
                " → 0 ({}){}",
                if zh {
                    "冠军不降分"
                } else {
                    "the champion does not lose rating"
                },
                cite(&a.champion)
            );
        }
        let _ = writeln!(out, "{line}{}", cite(&a.change));
    }
}

fn game_line(g: &GameLine, zh: bool, display: u32) -> String {
    let round = if zh {
        format!("第{}轮", g.round)
    } else {
        format!("round {}", g.round)
    };
    let what = match g.kind {
        LineKind::Bye(k) => {
            // The bye's one wording (the vocabulary's) and the points it
            // gives, as a game line shows its points.
            let lang = if zh { Lang::Zh } else { Lang::En };
            format!("{} {}", k.label(lang), k.score().normalize())
        }
        kind => {
            let opp = g.opponent.map(|o| o.to_string()).unwrap_or_default();
            let r = g
                .opponent_rating
                .map(|r| show(r, display))
                .unwrap_or_default();
            let res = match (kind, zh) {
                (LineKind::ForfeitWin, true) => "弃权胜".to_string(),
                (LineKind::ForfeitLoss, true) => "弃权负".to_string(),
                (LineKind::DoubleForfeit, true) => "双方弃权".to_string(),
                (LineKind::ForfeitWin, false) => "forfeit win".to_string(),
                (LineKind::ForfeitLoss, false) => "forfeit loss".to_string(),
                (LineKind::DoubleForfeit, false) => "double forfeit".to_string(),
                _ => g.score.map(|s| show(s, display)).unwrap_or_default(),
            };
            if zh {
                format!("对 {opp}（{r}）{res}")
            } else {
                format!("vs {opp} ({r}) {res}")
            }
        }
    };
    let status = match (g.not_counted, zh) {
        (None, true) => "计入".to_string(),
        (None, false) => "counted".to_string(),
        (Some(r), true) => format!("不计：{}", r.describe_zh()),
        (Some(r), false) => format!("not counted: {}", r.describe_en()),
    };
    format!("{round}: {what} — {status}")
}

fn flags_text(out: &mut String, flags: &[Flag], zh: bool, display: u32) {
    for f in flags {
        let _ = writeln!(
            out,
            "* {}",
            f.describe_with(if zh { Lang::Zh } else { Lang::En }, display)
        );
    }
}

impl Flag {
    /// The flag in words (values shown to two decimals when not exact).
    ///
    /// ```
    /// use qiyuan_rating::Lang;
    /// use qiyuan_rating::event::Flag;
    /// let f = Flag::NotYetRated { games: 4, minimum: 9 };
    /// assert_eq!(f.describe(Lang::En), "not yet rated: 4 of 9 games against rated players");
    /// ```
    pub fn describe(&self, lang: Lang) -> String {
        self.describe_with(lang, 2)
    }

    fn describe_with(&self, lang: Lang, display: u32) -> String {
        let v = |x: Decimal| show(x, display);
        let zh = lang == Lang::Zh;
        let f = self;
        match (f, zh) {
            (Flag::DifferenceCapped { from, to }, false) => {
                format!("difference capped: {} counts as {}", v(*from), v(*to))
            }
            (Flag::DifferenceCapped { from, to }, true) => {
                format!("等级分差 {} 超过上限，按 {} 计算", v(*from), v(*to))
            }
            (Flag::ChampionProtected { change }, false) => {
                format!("champion protected: {} became 0", v(*change))
            }
            (Flag::ChampionProtected { change }, true) => {
                format!("冠军不降分：{} 按 0 计", v(*change))
            }
            (Flag::FirstRating { rating }, false) => format!("first rating {rating}"),
            (Flag::FirstRating { rating }, true) => format!("首次获得等级分 {rating}"),
            (Flag::NotYetRated { games, minimum }, false) => {
                format!("not yet rated: {games} of {minimum} games against rated players")
            }
            (Flag::NotYetRated { games, minimum }, true) => {
                format!("尚未获得等级分：与有分棋手对局 {games} 局，需 {minimum} 局")
            }
            (Flag::BelowMinimum { rating, minimum }, false) => {
                format!("{rating} is below the published minimum {minimum}")
            }
            (Flag::BelowMinimum { rating, minimum }, true) => {
                format!("{rating} 低于公布的最低数字 {minimum}")
            }
            (
                Flag::PerformanceVoid {
                    performance,
                    provisional,
                },
                false,
            ) => format!(
                "performance {} at or below the provisional rating {}: void",
                v(*performance),
                v(*provisional)
            ),
            (
                Flag::PerformanceVoid {
                    performance,
                    provisional,
                },
                true,
            ) => {
                format!(
                    "表现分 {} 不高于暂定等级分 {}，无效",
                    v(*performance),
                    v(*provisional)
                )
            }
            (Flag::FirstRatingCapped { from, to }, false) => {
                format!("first rating {} capped at {}", v(*from), v(*to))
            }
            (Flag::FirstRatingCapped { from, to }, true) => {
                format!("首次等级分 {} 超过上限，按 {} 计", v(*from), v(*to))
            }
            (Flag::KLimited { from, to, max }, false) => {
                format!("K lowered from {from} to {to} (K × n ≤ {max})")
            }
            (Flag::KLimited { from, to, max }, true) => {
                format!("K 由 {from} 降为 {to}（K × n ≤ {max}）")
            }
            (Flag::ScoredZero, false) => "unrated player scored 0: games void".to_string(),
            (Flag::ScoredZero, true) => "无分棋手全赛得0分，对局无效".to_string(),
            (Flag::TooFewRatedOpponents { games, minimum }, false) => {
                format!("only {games} games against rated players, {minimum} needed in the event")
            }
            (Flag::TooFewRatedOpponents { games, minimum }, true) => {
                format!("与有分棋手仅赛 {games} 局，本赛须满 {minimum} 局")
            }
            (Flag::Foreign { rating }, false) => {
                format!("foreign player, counted at {rating}; not rated on the national list")
            }
            (Flag::Foreign { rating }, true) => {
                format!("国外棋手，按 {rating} 计算，不计国内等级分")
            }
            (Flag::Computer, false) => "a computer: its games do not count".to_string(),
            (Flag::Computer, true) => "电脑：对局不计等级分".to_string(),
            (Flag::BaseRating { rating }, false) => format!("starts from the base rating {rating}"),
            (Flag::BaseRating { rating }, true) => format!("以基础等级分 {rating} 起算"),
        }
    }
}
