//! Unrated players (无等级分棋手), by the rule their profile selects
//! (`[unrated] rule`), and the standing (Ro or Ru) of every player.
//!
//! Articles implemented here:
//! - cxa-2019 第十一条 (below 2300 / 2100 is unrated), 第十二条 (9 games against
//!   rated players, accumulated in the year), 第十三条 (provisional ratings,
//!   former masters), 第十四条 (cut off in the seed: Choice Ru + K(W − We));
//! - cca-chess 八(五) (Ru 2000), 八(六) (a round robin with more than 20%
//!   unrated: Ra = Rar − dpa(n/m), Rp = Ra + dp(n/m)), 八(七) (4 games in the
//!   event), 八(八) (9 games; performances combined by games, the seed's
//!   2328), 八(九) (Rp = Rc + dp, or Rc + K(w − n/2) above 50%), 八(十) (a
//!   performance at or below Ru is void);
//! - cxa-legacy 九 (Ru 2300 / 2100; the unrated player above 50%);
//! - cca-amateur 六(五) (base rating 1500 / 1300 + 50 a grade);
//! - fide-2024 8.2 (Ru = Ra + dp with two imaginary 1800 draws, floor, cap).

use rust_decimal::Decimal;

use crate::event::{EventNote, Flag, ImaginaryOpponents, Method, PlayerReport, RatingSource};
use crate::model::{Event, Sex};
use crate::profile::{Profile, UnratedRule};

/// What a player counts as in an event: rated at Ro, unrated at Ru, or
/// rated from a base rating (cca-amateur).
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Standing {
    Rated(Decimal),
    Unrated(Decimal),
    Base(Decimal),
}

impl Standing {
    pub(crate) fn counts_as_rated(self) -> bool {
        !matches!(self, Standing::Unrated(_))
    }
    pub(crate) fn rating(self) -> Decimal {
        match self {
            Standing::Rated(r) | Standing::Unrated(r) | Standing::Base(r) => r,
        }
    }
}

/// Every player's standing, and a note for each player whose rating is
/// below the unrated line (cxa-2019 第十一条).
pub(crate) fn standings(event: &Event, profile: &Profile) -> (Vec<Standing>, Vec<EventNote>) {
    let international = event.details().international;
    let players = event.players();
    let standing: Vec<Standing> = players
        .iter()
        .map(|p| match p.rating {
            // cca-chess 八(十五): a foreign player at the international rating.
            _ if international && p.foreign => match p.international_rating.or(p.rating) {
                Some(r) => Standing::Rated(r),
                None => Standing::Unrated(profile.provisional_rating(p)),
            },
            Some(r) if u_below(profile, p).is_none_or(|b| r >= b) => Standing::Rated(r),
            Some(_) => Standing::Unrated(profile.provisional_rating(p)),
            None if profile.unrated.rule == UnratedRule::BaseRating => {
                Standing::Base(profile.provisional_rating(p))
            }
            None => Standing::Unrated(profile.provisional_rating(p)),
        })
        .collect();
    let mut notes = Vec::new();
    for (p, st) in players.iter().zip(&standing) {
        if let (Some(r), Standing::Unrated(ru), Some(below)) = (p.rating, *st, u_below(profile, p))
        {
            notes.push(EventNote::CountedAsUnrated {
                id: p.id,
                rating: r,
                below,
                provisional: ru,
                article: profile.unrated.article.clone(),
            });
        }
    }
    (standing, notes)
}

/// The share of unrated players.
pub(crate) fn unrated_share(standing: &[Standing]) -> Decimal {
    let n = standing.len();
    let unrated = standing.iter().filter(|s| !s.counts_as_rated()).count();
    if n == 0 {
        Decimal::ZERO
    } else {
        Decimal::from(unrated as u64) / Decimal::from(n as u64)
    }
}

/// cca-chess 八(六): the tournament average of a round robin with too many
/// unrated players, and each unrated player's first rating Rp.
pub(crate) struct ManyUnrated {
    pub(crate) tournament_average: Decimal,
    pub(crate) first_rp: Vec<Option<Decimal>>,
    pub(crate) note: EventNote,
}

/// cca-chess 八(六) "当无分棋手多于20％时，则采用有等级分棋手的平均等级分和他们各自的
/// 成绩计算出比赛平均等级分 ra＝rar—dpa（n/m）… 当无分棋手所得局分小于50％时，则
/// rp＝ra＋dp（n/m）；…等于或多于50％时，…rp即为ra", when the profile's rule and
/// share say so; `nw` is each player's (N, W).
pub(crate) fn many_unrated_round_robin(
    profile: &Profile,
    rr: bool,
    standing: &[Standing],
    voided: &[bool],
    nw: &[(u32, Decimal)],
) -> Option<ManyUnrated> {
    let u = &profile.unrated;
    let share = unrated_share(standing);
    let applies = u.rule == UnratedRule::Performance
        && rr
        && u.round_robin_share.is_some_and(|s| share > s)
        && standing.iter().any(|s| s.counts_as_rated());
    if !applies {
        return None;
    }
    let np = standing.len();
    let half = Decimal::new(5, 1);
    let rated: Vec<usize> = (0..np).filter(|&i| standing[i].counts_as_rated()).collect();
    let rar: Decimal = rated.iter().map(|&i| standing[i].rating()).sum::<Decimal>()
        / Decimal::from(rated.len() as u64);
    let mut dps = Decimal::ZERO;
    for &i in &rated {
        let (n, w) = nw[i];
        if n > 0 {
            dps += profile.difference_for_score(w / Decimal::from(n));
        }
    }
    let dpa = dps / Decimal::from(rated.len() as u64);
    let m = Decimal::from(np as u64);
    let n_opp = m - Decimal::ONE;
    let ra = profile.round(rar - dpa * n_opp / m, profile.rounding.opponents_average);
    let note = EventNote::TournamentAverage {
        share: share.round_dp(4).normalize(),
        threshold: u.round_robin_share.unwrap_or_default(),
        rated_average: rar.round_dp(2),
        dpa: dpa.round_dp(2),
        opponents: n_opp,
        players: m,
        average: ra.round_dp(2),
        article: u.article.clone(),
    };
    let mut first_rp = vec![None; np];
    for i in 0..np {
        if standing[i].counts_as_rated() || voided[i] {
            continue;
        }
        let (n, w) = nw[i];
        if n == 0 {
            continue;
        }
        let (nd, md) = (Decimal::from(n), Decimal::from(n + 1));
        let p = w / nd;
        first_rp[i] = Some(if p < half {
            ra + profile.difference_for_score(p) * nd / md
        } else {
            ra
        });
    }
    Some(ManyUnrated {
        tournament_average: ra,
        first_rp,
        note,
    })
}

/// cca-chess 八(九), cxa-legacy 九: an unrated player's performance from the
/// rated opponents' average Rc: Rc + dp at or below 50%, Rc + K(w − n/2)
/// above.
pub(crate) fn performance(
    profile: &Profile,
    report: &mut PlayerReport,
    n: u32,
    w: Decimal,
) -> Decimal {
    let u = &profile.unrated;
    let half = Decimal::new(5, 1);
    report.method = Method::Performance;
    let sum: Decimal = report
        .games
        .iter()
        .filter(|g| g.counted)
        .filter_map(|g| g.opponent_rating)
        .sum();
    let nd = Decimal::from(n);
    let rc = profile.round(sum / nd, profile.rounding.opponents_average);
    report.opponents_average = Some(rc);
    let p = w / nd;
    report.expected_fraction = None;
    let perf = if p <= half {
        let dp = profile.difference_for_score(p);
        report.dp = Some(dp);
        rc + dp
    } else {
        let k = u.k.unwrap_or(profile.k.default);
        report.k = Some(k);
        report.k_reason = Some(format!("{}: Rp = Rc + K(w − n/2) above 50%", u.article));
        report.k_reason_zh = Some(format!(
            "{}：得分率超过50%，Rp = Rc + K(w − n/2)",
            u.article
        ));
        rc + Decimal::from(k) * (w - nd * half)
    };
    report.performance = Some(perf);
    perf
}

/// Combines performances of several events (or periods), weighted by the
/// games each was made over (cca-chess 八(八)): Σ(Rp × n) / Σn. `None`
/// when there are no games.
///
/// ```
/// use qiyuan_rating::unrated::cumulative_performance;
/// use rust_decimal_macros::dec;
/// // the seed's example: (2280×4 + 2360×6) ÷ 10 = 2328
/// assert_eq!(cumulative_performance(&[(dec!(2280), 4), (dec!(2360), 6)]), Some(dec!(2328)));
/// assert_eq!(cumulative_performance(&[]), None);
/// ```
pub fn cumulative_performance(parts: &[(Decimal, u32)]) -> Option<Decimal> {
    let games: u32 = parts.iter().map(|&(_, n)| n).sum();
    if games == 0 {
        return None;
    }
    let total: Decimal = parts.iter().map(|&(rp, n)| rp * Decimal::from(n)).sum();
    Some(total / Decimal::from(games))
}

/// The line below which a rating counts as none, for this player.
pub(crate) fn u_below(profile: &Profile, p: &crate::model::Player) -> Option<Decimal> {
    profile.unrated.unrated_below.map(|b| b.get(p.sex))
}

/// An unrated player's first rating: enough games, then the minimum.
pub(crate) fn publish_first(
    profile: &Profile,
    sex: Sex,
    rating: Decimal,
    games: u32,
    report: &mut PlayerReport,
    flags: &mut Vec<Flag>,
) {
    let need = profile.unrated.games_for_rating;
    if games < need {
        flags.push(Flag::NotYetRated {
            games,
            minimum: need,
        });
        return;
    }
    let r = profile.publish(rating);
    match profile.minimum_published(sex) {
        Some(min) if r < min => flags.push(Flag::BelowMinimum {
            rating: r,
            minimum: min,
        }),
        _ => {
            report.rating_after = Some(r);
            flags.push(Flag::FirstRating { rating: r });
        }
    }
}

pub(crate) fn finish_performance(
    profile: &Profile,
    player: &crate::model::Player,
    ru: Decimal,
    perf: Decimal,
    n: u32,
    report: &mut PlayerReport,
    flags: &mut Vec<Flag>,
) {
    if profile.unrated.void_at_or_below_provisional && perf <= ru {
        flags.push(Flag::PerformanceVoid {
            performance: perf,
            provisional: ru,
        });
        return;
    }
    publish_first(
        profile,
        player.sex,
        perf,
        player.rated_games.saturating_add(n),
        report,
        flags,
    );
}

/// FIDE B.02 8.2: Ru = Ra + dp with imaginary drawn opponents.
pub(crate) fn fide_initial(
    profile: &Profile,
    player: &crate::model::Player,
    n: u32,
    w: Decimal,
    report: &mut PlayerReport,
    flags: &mut Vec<Flag>,
) {
    let u = &profile.unrated;
    if n == 0 {
        if !flags.contains(&Flag::ScoredZero) {
            flags.push(Flag::NotYetRated {
                games: player.rated_games,
                minimum: u.games_for_rating,
            });
        }
        return;
    }
    report.method = Method::FideInitial;
    report.imaginary_opponents = Some(ImaginaryOpponents {
        count: u.imaginary_opponents,
        rating: u.imaginary_rating,
    });
    report.rating_source = RatingSource::Imaginary;
    let sum: Decimal = report
        .games
        .iter()
        .filter(|g| g.counted)
        .filter_map(|g| g.opponent_rating)
        .sum();
    let imag = Decimal::from(u.imaginary_opponents);
    let total = Decimal::from(n) + imag;
    let ra = profile.round(
        (sum + imag * u.imaginary_rating) / total,
        profile.rounding.opponents_average,
    );
    let p = (w + imag * Decimal::new(5, 1)) / total;
    let dp = profile.difference_for_score(p);
    report.opponents_average = Some(ra);
    report.expected_fraction = Some(p);
    report.dp = Some(dp);
    let mut ru = ra + dp;
    report.performance = Some(ru);
    report.rating_used = ru;
    if let Some(cap) = u.cap.filter(|&c| ru > c) {
        flags.push(Flag::FirstRatingCapped { from: ru, to: cap });
        ru = cap;
    }
    let games = player.rated_games.saturating_add(n);
    if games < u.games_for_rating {
        flags.push(Flag::NotYetRated {
            games,
            minimum: u.games_for_rating,
        });
        return;
    }
    let r = profile.publish(ru);
    match u.floor {
        Some(floor) if r < floor => flags.push(Flag::BelowMinimum {
            rating: r,
            minimum: floor,
        }),
        _ => {
            report.rating_after = Some(r);
            flags.push(Flag::FirstRating { rating: r });
        }
    }
}

pub(crate) fn below_minimum(
    profile: &Profile,
    sex: Sex,
    report: &mut PlayerReport,
    flags: &mut Vec<Flag>,
) {
    if let (Some(min), Some(after)) = (profile.minimum_published(sex), report.rating_after)
        && after < min
    {
        flags.push(Flag::BelowMinimum {
            rating: after,
            minimum: min,
        });
    }
}
