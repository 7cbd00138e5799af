//! The expected score: Ra (or Rall), D, P and We of the 等级分计算表.
//!
//! Articles implemented here: cxa-2019 第九条(二) (Ra to one decimal), (三) (P
//! from the Elo table, two decimals), (四) (We = N × P); cca-chess 八(二) (Swiss
//! We = n × Pc), 八(三) (round robin We = m × Pa − ½), 八(十三) (the norm
//! average), 八(十五) (an international event's two ratings), 八(十八) (an
//! average difference above 350 counts as 350); cxa-legacy 八, 九 (a woman
//! below 2300 counts as 2300 against a man); cca-amateur 六(二)(三); fide-2024
//! 8.1.2, 8.3.1 (per game, the 400-point rule). The tables are in
//! [`crate::table`]; the profile's `[expected]` chooses the method.

use rust_decimal::Decimal;

use crate::event::GameLine;
use crate::model::{Event, PlayerId, Sex};
use crate::profile::{ExpectedFormula, Profile};
use crate::unrated::Standing;

/// Figures of one K(W − We) calculation.
#[derive(Default)]
pub(crate) struct Elo {
    pub(crate) n: u32,
    pub(crate) w: Decimal,
    pub(crate) ra: Option<Decimal>,
    pub(crate) rall: Option<Decimal>,
    pub(crate) m: Option<u32>,
    pub(crate) d: Option<Decimal>,
    pub(crate) d_raw: Option<Decimal>,
    pub(crate) capped: bool,
    pub(crate) p: Option<Decimal>,
    pub(crate) we: Option<Decimal>,
}

/// The formula of the event's system (`[expected] swiss` or `round_robin`).
pub(crate) fn formula_for(profile: &Profile, round_robin: bool) -> ExpectedFormula {
    if round_robin {
        profile.expected.round_robin
    } else {
        profile.expected.swiss
    }
}

/// The rating player `i`'s calculation uses for player `j`: Ro or Ru (or the
/// first rating of 八(六)); the higher of a Chinese opponent's two ratings in
/// an international event (cca-chess 八(十五)); at least the mixed-sex floor
/// for a woman met by a man (cxa-legacy 九).
pub(crate) fn opponent_rating(
    profile: &Profile,
    event: &Event,
    standing: &[Standing],
    first_rp: &[Option<Decimal>],
    i: usize,
    j: usize,
) -> Decimal {
    let players = event.players();
    let mut r = first_rp[j].unwrap_or_else(|| standing[j].rating());
    if event.details().international
        && !players[j].foreign
        && let (Some(n), Some(x)) = (players[j].rating, players[j].international_rating)
        && standing[j].counts_as_rated()
    {
        // 中国对手在国际和国内两个等级分中选择较高的一个为准.
        r = n.max(x);
    }
    if let Some(mx) = &profile.mixed_sex
        && players[i].sex == Sex::Male
        && players[j].sex == Sex::Female
        && r < mx.floor
    {
        r = mx.floor;
    }
    r
}

/// Ra / Rall / D / P / We for a player rated `ro`, over the counted lines,
/// whose number N and score W are `(n, w)` ([`crate::games::counted`]).
pub(crate) fn expected(
    profile: &Profile,
    games: &mut [GameLine],
    ro: Decimal,
    formula: ExpectedFormula,
    (n, w): (u32, Decimal),
) -> Elo {
    let mut e = Elo {
        n,
        w,
        ..Elo::default()
    };
    let mut sum = Decimal::ZERO;
    for g in games.iter().filter(|g| g.counted) {
        sum += g.opponent_rating.unwrap_or_default();
    }
    if e.n == 0 {
        return e;
    }
    let nd = Decimal::from(e.n);
    let ra = profile.round(sum / nd, profile.rounding.opponents_average);
    e.ra = Some(ra);
    match formula {
        ExpectedFormula::NTimesP => {
            let (d, capped) = profile.capped_difference(ro, ra);
            let p = profile.expected_fraction(d);
            e.d_raw = Some(ro - ra);
            e.d = Some(d);
            e.capped = capped;
            e.p = Some(p);
            e.we = Some(nd * p);
        }
        ExpectedFormula::MTimesPaMinusHalf => {
            // M = the player and their distinct counted opponents; Rall their
            // average. In a double round robin (every opponent met twice) the
            // single-round-robin value is scaled by N / (M − 1).
            let mut opps: Vec<(PlayerId, Decimal)> = games
                .iter()
                .filter(|g| g.counted)
                .filter_map(|g| g.opponent.zip(g.opponent_rating))
                .collect();
            opps.sort_by_key(|o| o.0);
            opps.dedup_by_key(|o| o.0);
            let m = opps.len() as u32 + 1;
            let total = ro + opps.iter().map(|o| o.1).sum::<Decimal>();
            let md = Decimal::from(m);
            let rall = profile.round(total / md, profile.rounding.opponents_average);
            let (d, capped) = profile.capped_difference(ro, rall);
            let pa = profile.expected_fraction(d);
            let single = md * pa - Decimal::new(5, 1);
            e.rall = Some(rall);
            e.m = Some(m);
            e.d_raw = Some(ro - rall);
            e.d = Some(d);
            e.capped = capped;
            e.p = Some(pa);
            e.we = Some(single * nd / (md - Decimal::ONE));
        }
        ExpectedFormula::PerGame => {
            let mut we = Decimal::ZERO;
            for g in games.iter_mut().filter(|g| g.counted) {
                let (d, capped) =
                    profile.capped_difference(ro, g.opponent_rating.unwrap_or_default());
                let p = profile.expected_fraction(d);
                g.expected = Some(p);
                g.difference_capped = capped;
                e.capped |= capped;
                we += p;
            }
            e.d_raw = Some(ro - ra);
            e.d = Some(ro - ra);
            e.we = Some(we);
        }
    }
    e
}
