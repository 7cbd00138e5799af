//! Standings: scores, tie-break values and ranks.
//!
//! Definitions follow FIDE C.07 (2024 edition, in force 1 Aug 2024) as
//! implemented by the FIDE Tie-Break Server (the reference the acceptance
//! tests compare with), and 象棋竞赛规则 (2011) art. 14 for the xiangqi
//! criteria:
//!
//! * **Own unplayed rounds** (C.07 16.3): in BH, FB and SB an unplayed round
//!   (bye, forfeit, absence) counts as a game against a *dummy opponent*
//!   whose score is the participant's own final score; SB multiplies it by
//!   the points obtained in that round. Round robins have no dummy opponent
//!   and count forfeits as played (16.5).
//! * **Opponents' adjusted score** (16.3.2): for others' Buchholz, a
//!   participant's unpaired voluntary unplayed rounds (H, Z, absence) after
//!   his last round that was not voluntarily unplayed count as draws.
//! * **Cuts** (14.1, 14.6): /C1, /C2 remove the least significant values,
//!   voluntary unplayed rounds first; /M1, /M2 remove as many from each end.
//! * **Rating tie-breaks** (art. 10, 15.2) use games played over the board,
//!   scored 1 / ½ / 0, and the FIDE B.02 tables; if any participant is
//!   unrated and no rating is configured for unrated players, they are not
//!   available (`None`).
//!
//! Ranking: points, then each tie-break in order; DE and XMB are evaluated
//! inside the groups still tied at their turn. Participants still tied share
//! the rank unless a seed for the drawing of lots is given.
//!
//! **What is sorted and what is shown.** A row keeps two figures per
//! tie-break: [`StandingRow::values`], the key the ranking sorts by, and
//! [`StandingRow::shown`], what tables print. They differ for DE alone: its
//! key is the place the procedure of C.07 art. 6 gives inside the tied
//! group, its shown figure the points scored in the games among the tied
//! (6.1), marked ([`Shown::MARK`]) where those points are not the order the
//! procedure applied — not all of the tied met (6.3), or the order was
//! settled by reapplying art. 6 to a smaller group (6.2). See [`Shown`].
//!
//! ```
//! use qiyuan_tournament::model::*;
//! use qiyuan_tournament::{compute_standings, StandingsConfig, tiebreak::parse_list};
//! use rust_decimal_macros::dec;
//! let mut e = Event::new(EventKind::RoundRobin, 1);
//! e.add_player(Player::new(1, "A")).unwrap();
//! e.add_player(Player::new(2, "B")).unwrap();
//! let r = e.add_round();
//! e.add_game(r, Game::new(1, 2, GameResult::BlackWins)).unwrap();
//! let cfg = StandingsConfig { tiebreaks: parse_list("SB,WIN").unwrap(), ..Default::default() };
//! let s = compute_standings(&e, &cfg).unwrap();
//! assert_eq!(s.rows[0].player, PlayerId(2));
//! assert_eq!(s.rows[0].points, dec!(1));
//! ```

use qiyuan_vocab::Lang;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::{Decimal, RoundingStrategy};
use serde::Serialize;

use crate::fide_tables::{dp_for_percentage, expected_hundredths};
use crate::model::{ByeKind, Colour, Event, EventKind, Outcome, PlayerId};
use crate::scoring::ScoringSystem;
use crate::tiebreak::{Primary, TieBreak, TieBreakKind};

/// What to compute.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StandingsConfig {
    /// Points per outcome.
    pub scoring: ScoringSystem,
    /// Tie-breaks in order of application.
    pub tiebreaks: Vec<TieBreak>,
    /// Standings after this round (default: every entered round).
    pub after_round: Option<u32>,
    /// Treat the event as a round robin (default: from [`Event::kind`]).
    pub round_robin: Option<bool>,
    /// Rating given to unrated players in rating-based tie-breaks (C.07 15.1).
    pub unrated_rating: Option<u32>,
    /// Whether points rank first (default) or the tie-break list alone.
    pub primary: Primary,
    /// Seed of the drawing of lots for ties surviving every tie-break
    /// (`None`: tied participants share the rank).
    pub lots_seed: Option<u64>,
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StandingRow {
    /// Rank (shared by tied participants unless lots were drawn).
    pub rank: u32,
    /// Pairing number.
    pub player: PlayerId,
    /// Points.
    pub points: Decimal,
    /// Tie-break values in the order of [`Standings::tiebreaks`] (`None`: not
    /// available, e.g. a rating tie-break without ratings): the keys the
    /// ranking sorts by. DE's is a place inside the tied group; print
    /// [`StandingRow::shown`].
    pub values: Vec<Option<Decimal>>,
    /// The tie-break values as tables print them, in the same order.
    pub shown: Vec<Shown>,
    /// Position drawn by lot inside a tie that survived every tie-break.
    pub lot: Option<u32>,
}

/// A tie-break value as a table prints it.
///
/// Every tie-break but DE shows the value it sorts by. DE (C.07 art. 6)
/// sorts by the place its procedure gives inside the tied group and shows
/// the points each of the tied scored in the games among them — the
/// "separate standings" of 6.1, in the event's own points (2 / 1 / 0 in a
/// xiangqi 2011 event), a repeated encounter counted as the mean of its
/// games (6.1.2), a forfeit only with /P or in a round robin (6.1.1). When
/// all the tied met, those points rank them (6.2); when they did not (a
/// Swiss, 6.3), a participant is placed only if no result of the missing
/// games could change his place, and the others stay tied. Where the
/// places the procedure gave are not the order of the points — 6.3 left
/// tied some the points would separate, or 6.2 broke a tie of points by
/// reapplying art. 6 to the smaller group — the figures that would be read
/// wrongly are marked ([`Shown::MARK`]): a figure is marked when, against
/// another of the tied, the two figures say another order (or a tie) than
/// the two places do. The points are still the points among the tied; the
/// mark says the order is not to be read from them. A participant who was
/// not tied with anyone at DE's turn shows nothing.
///
/// ```
/// use qiyuan_tournament::standings::Shown;
/// use rust_decimal_macros::dec;
/// let fmt = |d: rust_decimal::Decimal| d.normalize().to_string();
/// assert_eq!(Shown { value: Some(dec!(1.5)), marked: false }.text(fmt), "1.5");
/// assert_eq!(Shown { value: Some(dec!(1.0)), marked: true }.text(fmt), "1*");
/// assert_eq!(Shown::default().text(fmt), "");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Shown {
    /// The figure; `None` prints as an empty cell (not available, or DE
    /// for a participant who was not tied at its turn).
    pub value: Option<Decimal>,
    /// The order the tie-break applied is not the order of these figures
    /// (DE, C.07 6.2–6.3): printed with [`Shown::MARK`].
    pub marked: bool,
}

impl Shown {
    /// The mark after a figure that does not give the order by itself.
    pub const MARK: &'static str = "*";

    /// A figure shown as it is sorted.
    pub fn plain(value: Option<Decimal>) -> Shown {
        Shown {
            value,
            marked: false,
        }
    }

    /// The figure written by `fmt`, followed by the mark when marked;
    /// empty without a figure.
    pub fn text(&self, fmt: impl Fn(Decimal) -> String) -> String {
        match self.value {
            Some(v) if self.marked => format!("{}{}", fmt(v), Shown::MARK),
            Some(v) => fmt(v),
            None => String::new(),
        }
    }
}

/// The standings, best first.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standings {
    /// Round the standings are after.
    pub after_round: u32,
    /// The tie-breaks applied.
    pub tiebreaks: Vec<TieBreak>,
    /// Rows in rank order.
    pub rows: Vec<StandingRow>,
}

impl Standings {
    /// The rank printed on row `i` of a table: tied players share a rank,
    /// shown on the first of them only (`None` on the others and past the
    /// last row).
    ///
    /// ```
    /// use qiyuan_tournament::model::PlayerId;
    /// use qiyuan_tournament::standings::{StandingRow, Standings};
    /// use rust_decimal::Decimal;
    /// let row = |rank, id| StandingRow {
    ///     rank, player: PlayerId(id), points: Decimal::ONE, values: vec![], shown: vec![], lot: None,
    /// };
    /// let s = Standings { after_round: 1, tiebreaks: vec![], rows: vec![row(1, 1), row(1, 2), row(3, 3)] };
    /// assert_eq!((0..3).map(|i| s.printed_rank(i)).collect::<Vec<_>>(), [Some(1), None, Some(3)]);
    /// ```
    pub fn printed_rank(&self, i: usize) -> Option<u32> {
        let rank = self.rows.get(i)?.rank;
        let tied_above = i > 0 && self.rows[i - 1].rank == rank;
        (!tied_above).then_some(rank)
    }

    /// The row of a player.
    pub fn row(&self, id: PlayerId) -> Option<&StandingRow> {
        self.rows.iter().find(|r| r.player == id)
    }
}

/// Standings that cannot be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StandingsError {
    /// A game of a counted round has no result yet.
    #[error("round {round}: the game of player {player} has no result yet")]
    Pending {
        /// Round.
        round: u32,
        /// Player.
        player: PlayerId,
    },
    /// The requested round has not been entered.
    #[error("standings after round {requested} requested, but only {entered} rounds are entered")]
    RoundNotEntered {
        /// Requested round.
        requested: u32,
        /// Entered rounds.
        entered: u32,
    },
}

impl StandingsError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (_, Lang::En) => self.to_string(),
            (StandingsError::Pending { round, player }, Lang::Zh) => {
                format!("第 {round} 轮：{player} 号棋手的对局尚无成绩")
            }
            (StandingsError::RoundNotEntered { requested, entered }, Lang::Zh) => {
                format!("要求第 {requested} 轮后的排名，但只录入了 {entered} 轮")
            }
        }
    }
}

/// One participant's round, as the tie-break engine sees it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Slot {
    /// Index of the (scheduled) opponent.
    pub(crate) opp: Option<usize>,
    /// Own colour, if paired.
    pub(crate) colour: Option<Colour>,
    /// Played over the board.
    pub(crate) otb: bool,
    /// Pairing-allocated bye.
    pub(crate) pab: bool,
    /// Voluntary unplayed round (C.07 16.2.5).
    pub(crate) vur: bool,
    /// Points scored in the round.
    pub(crate) points: Decimal,
    /// 1 / ½ / 0 for games played over the board.
    pub(crate) rpoints: Option<Decimal>,
    /// A bye worth a win (PAB or full-point bye).
    pub(crate) bye: bool,
}

pub(crate) struct Ctx<'a> {
    ids: Vec<PlayerId>,
    infringements: Vec<u32>,
    total_rounds: usize,
    cfg: &'a StandingsConfig,
    rr: bool,
    /// Rounds counted.
    rounds: usize,
    slots: Vec<Vec<Slot>>,
    points: Vec<Decimal>,
    ratings: Vec<Option<i64>>,
    all_rated: bool,
    win: Decimal,
    draw: Decimal,
}

pub(crate) fn half_up(d: Decimal, dp: u32) -> Decimal {
    d.round_dp_with_strategy(dp, RoundingStrategy::MidpointAwayFromZero)
}

/// Computes the standings of `event`.
pub fn compute_standings(
    event: &Event,
    cfg: &StandingsConfig,
) -> Result<Standings, StandingsError> {
    let ctx = Ctx::new(event, cfg)?;
    Ok(ctx.rank())
}

impl<'a> Ctx<'a> {
    fn new(event: &'a Event, cfg: &'a StandingsConfig) -> Result<Ctx<'a>, StandingsError> {
        let entered = event.rounds().len() as u32;
        let rounds = cfg.after_round.unwrap_or(entered);
        if rounds > entered {
            return Err(StandingsError::RoundNotEntered {
                requested: rounds,
                entered,
            });
        }
        let table = event.outcome_table();
        let players = event.players();
        let mut slots = Vec::with_capacity(players.len());
        let mut points = Vec::with_capacity(players.len());
        for (i, row) in table.iter().enumerate() {
            let mut v = Vec::with_capacity(rounds as usize);
            let mut total = Decimal::ZERO;
            for (r, &o) in row.iter().take(rounds as usize).enumerate() {
                if let Outcome::Pending { .. } = o {
                    return Err(StandingsError::Pending {
                        round: r as u32 + 1,
                        player: players[i].id,
                    });
                }
                let p = cfg.scoring.points(o);
                total += p;
                v.push(Slot {
                    opp: o.opponent().and_then(|id| event.player_index(id)),
                    colour: o.colour(),
                    otb: o.is_played(),
                    pab: o == Outcome::Bye(ByeKind::PairingAllocated),
                    vur: o.is_voluntary_unplayed(),
                    points: p,
                    rpoints: ScoringSystem::rating_points(o),
                    bye: matches!(
                        o,
                        Outcome::Bye(ByeKind::PairingAllocated | ByeKind::FullPoint)
                    ),
                });
            }
            slots.push(v);
            points.push(total);
        }
        let ratings: Vec<Option<i64>> = players
            .iter()
            .map(|p| {
                p.rating
                    .filter(|&r| r > 0)
                    .or(cfg.unrated_rating)
                    .map(i64::from)
            })
            .collect();
        let all_rated = ratings.iter().all(Option::is_some);
        Ok(Ctx {
            ids: players.iter().map(|p| p.id).collect(),
            infringements: players.iter().map(|p| p.infringements).collect(),
            total_rounds: event.total_rounds() as usize,
            cfg,
            rr: cfg
                .round_robin
                .unwrap_or(event.kind() == EventKind::RoundRobin),
            rounds: rounds as usize,
            slots,
            points,
            ratings,
            all_rated,
            win: cfg.scoring.win,
            draw: cfg.scoring.draw(),
        })
    }

    /// A context over prepared slots (team events build theirs from matches).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn from_slots(
        ids: Vec<PlayerId>,
        slots: Vec<Vec<Slot>>,
        total_rounds: usize,
        rr: bool,
        win: Decimal,
        draw: Decimal,
        cfg: &'a StandingsConfig,
    ) -> Ctx<'a> {
        let points = slots
            .iter()
            .map(|v| v.iter().map(|s| s.points).sum())
            .collect();
        let n = ids.len();
        let rounds = slots.first().map_or(0, Vec::len);
        Ctx {
            infringements: vec![0; n],
            ids,
            total_rounds,
            cfg,
            rr,
            rounds,
            slots,
            points,
            ratings: vec![None; n],
            all_rated: false,
            win,
            draw,
        }
    }

    /// The slots.
    pub(crate) fn slots(&self) -> &[Vec<Slot>] {
        &self.slots
    }

    /// Total points of every participant.
    pub(crate) fn totals(&self) -> &[Decimal] {
        &self.points
    }

    fn n(&self) -> usize {
        self.points.len()
    }

    /// Last round (1-based) that was not a voluntary unplayed round.
    fn last_not_vur(&self, p: usize) -> usize {
        self.slots[p]
            .iter()
            .rposition(|s| !s.vur)
            .map_or(0, |i| i + 1)
    }

    /// Last round (1-based) with an opponent, a game or a PAB.
    fn last_paired(&self, p: usize) -> usize {
        self.slots[p]
            .iter()
            .rposition(|s| s.opp.is_some() || s.otb || s.pab)
            .map_or(0, |i| i + 1)
    }

    /// Adjusted scores for opponents' Buchholz and the own score for the
    /// dummy opponent (C.07 16.3), optionally in Fore mode (8.3).
    fn adjusted(&self, fore: bool) -> (Vec<Decimal>, Vec<Decimal>) {
        let total = self.total_rounds;
        let mut adj = Vec::with_capacity(self.n());
        let mut own = Vec::with_capacity(self.n());
        for p in 0..self.n() {
            let lmp = self.last_paired(p);
            let is_fore = fore && lmp == total && self.rounds == total;
            let lna = if is_fore { lmp } else { self.last_not_vur(p) };
            let mut sum = Decimal::ZERO;
            for (r, s) in self.slots[p].iter().enumerate() {
                let has_opp = r < lna || s.opp.is_some();
                sum += if has_opp {
                    s.points
                } else if self.rr {
                    Decimal::ZERO
                } else {
                    self.draw
                };
            }
            let mut own_score = self.points[p];
            if is_fore {
                if let Some(last) = self.slots[p].last().filter(|s| s.opp.is_some()) {
                    let d = self.draw - last.points;
                    sum += d;
                    own_score += d;
                }
            }
            adj.push(sum);
            own.push(own_score);
        }
        (adj, own)
    }

    /// BH, FB and SB (and their cuts).
    fn buchholz_family(&self, tb: &TieBreak, sb: bool, fore: bool) -> Vec<Decimal> {
        self.buchholz_family_with(tb, sb, fore, None)
    }

    /// BH, FB, SB; with `mult`, SB multiplies by the own score of that table
    /// (extended Sonneborn-Berger of team events, C.07 13.2).
    #[allow(clippy::needless_range_loop)]
    pub(crate) fn buchholz_family_with(
        &self,
        tb: &TieBreak,
        sb: bool,
        fore: bool,
        mult: Option<&[Vec<Slot>]>,
    ) -> Vec<Decimal> {
        let (adj, own) = self.adjusted(fore);
        let total = self.total_rounds;
        let predetermined = tb.forfeits_as_played || self.rr;
        let mut out = Vec::with_capacity(self.n());
        // (vur, tbvalue, score)
        let mut items: Vec<(bool, Decimal, Decimal)> = Vec::with_capacity(self.rounds);
        for p in 0..self.n() {
            items.clear();
            for (r, s) in self.slots[p].iter().enumerate() {
                let played = s.otb || predetermined || (fore && r + 1 == total);
                let (score, vur) = match s.opp {
                    Some(o) if played => (adj[o], false),
                    _ if !self.rr => (own[p], s.vur),
                    _ => (Decimal::ZERO, s.vur),
                };
                if s.opp.is_none() && self.rr {
                    continue;
                }
                let own_points = mult.map_or(s.points, |m| m[p][r].points);
                let value = if sb { score * own_points } else { score };
                items.push((vur, value, score));
            }
            let rounds = self.rounds as u32;
            let low = tb.cut_low.min(rounds);
            let high = tb.cut_high.min(rounds - low);
            for _ in 0..low {
                if items.is_empty() {
                    break;
                }
                // Lowest by (score, value) and the lowest voluntary unplayed round.
                let all = (0..items.len())
                    .min_by(|&a, &b| (items[a].2, items[a].1).cmp(&(items[b].2, items[b].1)));
                let vur = (0..items.len())
                    .filter(|&i| items[i].0)
                    .min_by(|&a, &b| (items[a].1, items[a].2).cmp(&(items[b].1, items[b].2)));
                let cut = match (all, vur) {
                    (Some(a), Some(v)) if items[a].1 <= items[v].1 => v,
                    (Some(a), Some(_)) => a,
                    (Some(a), None) => a,
                    _ => break,
                };
                items.remove(cut);
            }
            for _ in 0..high {
                let top = (0..items.len()).max_by(|&a, &b| {
                    (items[a].2, items[a].1)
                        .cmp(&(items[b].2, items[b].1))
                        .then(b.cmp(&a))
                });
                match top {
                    Some(t) => {
                        items.remove(t);
                    }
                    None => break,
                }
            }
            out.push(items.iter().map(|i| i.1).sum());
        }
        out
    }

    fn simple(&self, f: impl Fn(&Slot) -> bool) -> Vec<Option<Decimal>> {
        (0..self.n())
            .map(|p| {
                Some(Decimal::from(
                    self.slots[p].iter().filter(|s| f(s)).count() as u64
                ))
            })
            .collect()
    }

    fn progressive(&self, cut: u32) -> Vec<Option<Decimal>> {
        (0..self.n())
            .map(|p| {
                let mut running = Decimal::ZERO;
                let mut sum = Decimal::ZERO;
                for (r, s) in self.slots[p].iter().enumerate() {
                    running += s.points;
                    if r as u32 >= cut {
                        sum += running;
                    }
                }
                Some(sum)
            })
            .collect()
    }

    fn koya(&self, tb: &TieBreak) -> Vec<Option<Decimal>> {
        let n = self.n();
        let mut max_games = self.rounds as i64;
        if self.rr && n > 0 {
            if self.rounds % n == 0 {
                max_games -= (self.rounds / n) as i64;
            }
            max_games -= (0..n).filter(|&p| self.last_paired(p) == 0).count() as i64;
        }
        let limit =
            self.win * Decimal::from(max_games) / Decimal::from(2) + tb.koya_shift(self.win);
        (0..n)
            .map(|p| {
                Some(
                    self.slots[p]
                        .iter()
                        .filter(|s| s.opp.is_some_and(|o| self.points[o] >= limit))
                        .map(|s| s.points)
                        .sum(),
                )
            })
            .collect()
    }

    /// (ratings of opponents met over the board after cuts, 1/½/0 score).
    fn rated_opponents(&self, p: usize, tb: &TieBreak) -> (Vec<i64>, Decimal) {
        let mut opps: Vec<(i64, Decimal)> = self.slots[p]
            .iter()
            .filter(|s| s.otb)
            .filter_map(|s| {
                let o = s.opp?;
                Some((self.ratings[o]?, s.rpoints.unwrap_or_default()))
            })
            .collect();
        let played = self.slots[p]
            .iter()
            .filter(|s| s.otb && s.opp.is_some())
            .count();
        let rounds = self.rounds as u32;
        let low = tb.cut_low.min(rounds);
        let high = tb.cut_high.min(rounds - low);
        // Cuts apply only when every opponent has a rating (reference behaviour).
        if played == opps.len() {
            opps.sort_by_key(|o| o.0);
            let lo = (low as usize).min(opps.len());
            opps.drain(..lo);
            let hi = (high as usize).min(opps.len());
            opps.truncate(opps.len() - hi);
        }
        let score = opps.iter().map(|o| o.1).sum();
        (opps.into_iter().map(|o| o.0).collect(), score)
    }

    fn aro_of(ratings: &[i64]) -> Option<i64> {
        if ratings.is_empty() {
            return None;
        }
        let avg = Decimal::from(ratings.iter().sum::<i64>()) / Decimal::from(ratings.len() as u64);
        half_up(avg, 0).to_i64()
    }

    fn tpr_of(ratings: &[i64], score: Decimal) -> Option<i64> {
        let aro = Self::aro_of(ratings)?;
        let pct = half_up(
            score * Decimal::from(100) / Decimal::from(ratings.len() as u64),
            0,
        )
        .to_i64()?;
        Some(aro + dp_for_percentage(pct))
    }

    fn ptp_of(ratings: &[i64], score: Decimal) -> Option<i64> {
        let (&min, &max) = (ratings.iter().min()?, ratings.iter().max()?);
        if score.is_zero() {
            return Some(min - 800);
        }
        if score > Decimal::from(ratings.len() as u64) {
            return Some(max + 800);
        }
        let target = (score * Decimal::from(100)).to_i64()?;
        let f = |r: i64| {
            ratings
                .iter()
                .map(|&o| expected_hundredths(r, o))
                .sum::<i64>()
        };
        // Smallest r with f(r) ≥ target; f is non-decreasing.
        let (mut lo, mut hi) = (min - 801, max + 800);
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if f(mid) >= target { hi = mid } else { lo = mid }
        }
        Some(hi)
    }

    fn rating_tb(&self, tb: &TieBreak) -> Vec<Option<Decimal>> {
        (0..self.n())
            .map(|p| {
                if !self.all_rated {
                    return None;
                }
                let (r, s) = self.rated_opponents(p, tb);
                let v = match tb.kind {
                    TieBreakKind::AverageRatingOpponents => Self::aro_of(&r),
                    TieBreakKind::PerformanceRating => Self::tpr_of(&r, s),
                    _ => Self::ptp_of(&r, s),
                };
                v.map(Decimal::from)
            })
            .collect()
    }

    fn average_over_opponents(&self, of: &[Option<Decimal>], dp: u32) -> Vec<Option<Decimal>> {
        (0..self.n())
            .map(|p| {
                let vals: Vec<Decimal> = self.slots[p]
                    .iter()
                    .filter(|s| s.otb)
                    .filter_map(|s| of[s.opp?])
                    .collect();
                if vals.is_empty() {
                    return None;
                }
                let sum: Decimal = vals.iter().sum();
                Some(half_up(sum / Decimal::from(vals.len() as u64), dp))
            })
            .collect()
    }

    fn xiangqi_opponent_score(&self) -> Vec<Option<Decimal>> {
        // 14.4: a bye counts as an opponent with the lowest score among the
        // players who have scored points.
        let lowest_scorer = self
            .points
            .iter()
            .filter(|p| p.is_sign_positive() && !p.is_zero())
            .min();
        let bye_value = lowest_scorer.copied().unwrap_or_default();
        (0..self.n())
            .map(|p| {
                Some(
                    self.slots[p]
                        .iter()
                        .map(|s| match s.opp {
                            Some(o) => self.points[o],
                            None if s.bye => bye_value,
                            None => Decimal::ZERO,
                        })
                        .sum(),
                )
            })
            .collect()
    }

    /// 场分 (2011 14.2, 13.2): per opponent, the points scored against him in
    /// all the games between them, compared with his: more 2, equal 1, less 0.
    fn mini_match_points(&self) -> Vec<Option<Decimal>> {
        (0..self.n())
            .map(|p| {
                let mut per_opp: Vec<(usize, Decimal)> = Vec::new();
                for s in &self.slots[p] {
                    if let Some(o) = s.opp {
                        match per_opp.iter_mut().find(|e| e.0 == o) {
                            Some(e) => e.1 += s.points,
                            None => per_opp.push((o, s.points)),
                        }
                    }
                }
                let mut mp = Decimal::ZERO;
                for (o, mine) in per_opp {
                    let theirs: Decimal = self.slots[o]
                        .iter()
                        .filter(|s| s.opp == Some(p))
                        .map(|s| s.points)
                        .sum();
                    let (a, _) = crate::scoring::match_points(
                        mine,
                        theirs,
                        Decimal::TWO,
                        Decimal::ONE,
                        Decimal::ZERO,
                    );
                    mp += a;
                }
                Some(mp)
            })
            .collect()
    }

    /// Values of a tie-break that does not depend on the tied group.
    pub(crate) fn global(&self, tb: &TieBreak) -> Vec<Option<Decimal>> {
        use TieBreakKind::*;
        let win = self.win;
        match tb.kind {
            Wins => self.simple(|s| s.points == win),
            GamesWon => self.simple(|s| s.otb && s.points == win),
            BlackGames => self.simple(|s| s.otb && s.colour == Some(Colour::Black)),
            BlackWins => {
                self.simple(|s| s.otb && s.colour == Some(Colour::Black) && s.points == win)
            }
            RoundsElectedToPlay => self.simple(|s| s.otb || s.pab || s.points == win),
            Progressive => self.progressive(tb.cut_low),
            Buchholz => self
                .buchholz_family(tb, false, false)
                .into_iter()
                .map(Some)
                .collect(),
            ForeBuchholz => self
                .buchholz_family(tb, false, true)
                .into_iter()
                .map(Some)
                .collect(),
            SonnebornBerger => self
                .buchholz_family(tb, true, false)
                .into_iter()
                .map(Some)
                .collect(),
            AverageOpponentsBuchholz => {
                let bh: Vec<Option<Decimal>> = self
                    .buchholz_family(tb, false, tb.fore)
                    .into_iter()
                    .map(Some)
                    .collect();
                self.average_over_opponents(&bh, 2)
            }
            Koya => self.koya(tb),
            AverageRatingOpponents | PerformanceRating | PerfectPerformance => self.rating_tb(tb),
            AveragePerformanceOpponents => {
                let t = self.rating_tb(&TieBreak::new(PerformanceRating));
                self.average_over_opponents(&t, 0)
            }
            AveragePerfectPerformanceOpponents => {
                let t = self.rating_tb(&TieBreak::new(PerfectPerformance));
                self.average_over_opponents(&t, 0)
            }
            XiangqiOpponentScore => self.xiangqi_opponent_score(),
            Infringements => self
                .infringements
                .iter()
                .map(|&f| Some(Decimal::from(f)))
                .collect(),
            RoundFromLast(k) => (0..self.n())
                .map(|p| {
                    let k = k as usize;
                    Some(if k >= 1 && k <= self.rounds {
                        self.slots[p][self.rounds - k].points
                    } else {
                        Decimal::ZERO
                    })
                })
                .collect(),
            Points => self.points.iter().map(|&p| Some(p)).collect(),
            MiniMatchPoints => self.mini_match_points(),
            DirectEncounter | MutualGameBlack => vec![None; self.n()],
        }
    }

    /// Direct encounter (C.07 art. 6) inside one tied group: returns each
    /// member's place (1-based, shared when not separated).
    fn direct_encounter(&self, group: &[usize], tb: &TieBreak) -> Vec<u32> {
        let predetermined = tb.forfeits_as_played || self.rr;
        let mut rank = vec![1u32; group.len()];
        loop {
            let mut changed = false;
            let mut values: Vec<u32> = rank.clone();
            values.sort_unstable();
            values.dedup();
            for v in values {
                let members: Vec<usize> = (0..group.len()).filter(|&i| rank[i] == v).collect();
                if members.len() < 2 {
                    continue;
                }
                let offsets = self.de_run(
                    &members.iter().map(|&i| group[i]).collect::<Vec<_>>(),
                    predetermined,
                );
                if offsets.iter().any(|&o| o > 0) {
                    changed = true;
                    for (k, &i) in members.iter().enumerate() {
                        rank[i] = v + offsets[k];
                    }
                }
            }
            if !changed {
                return rank;
            }
        }
    }

    /// Each member's points in the games among `set` (C.07 6.1) and how
    /// many of the others he met: a forfeit counts only when
    /// `predetermined` (/P, or a round robin: 6.1.1), repeated encounters
    /// as the mean of their games (6.1.2).
    pub(crate) fn de_points(&self, set: &[usize], predetermined: bool) -> Vec<(Decimal, usize)> {
        set.iter()
            .map(|&p| {
                let mut per_opp: Vec<(usize, Decimal, u32)> = Vec::new();
                for s in &self.slots[p] {
                    let Some(o) = s.opp else { continue };
                    if !(s.otb || predetermined) || !set.contains(&o) {
                        continue;
                    }
                    match per_opp.iter_mut().find(|e| e.0 == o) {
                        Some(e) => {
                            e.1 += s.points;
                            e.2 += 1;
                        }
                        None => per_opp.push((o, s.points, 1)),
                    }
                }
                let points = per_opp.iter().map(|e| e.1 / Decimal::from(e.2)).sum();
                (points, per_opp.len())
            })
            .collect()
    }

    /// What DE shows for a tied group whose members the procedure placed
    /// at `places` (1-based, shared when not separated): the points among
    /// the group, a figure marked when, against some other member, the two
    /// figures say another order (or a tie) than the two places do (see
    /// [`Shown`]). A group of one shows nothing.
    pub(crate) fn de_shown(
        &self,
        group: &[usize],
        predetermined: bool,
        places: &[u32],
    ) -> Vec<Shown> {
        if group.len() < 2 {
            return vec![Shown::default(); group.len()];
        }
        let points: Vec<Decimal> = self
            .de_points(group, predetermined)
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        // A lower place goes with more points, a shared place with equal ones.
        let agree = |a: usize, b: usize| places[a].cmp(&places[b]) == points[b].cmp(&points[a]);
        (0..group.len())
            .map(|k| Shown {
                value: Some(points[k]),
                marked: (0..group.len()).any(|j| !agree(k, j)),
            })
            .collect()
    }

    /// One DE pass over `set`: offsets of each member's place from the top.
    pub(crate) fn de_run(&self, set: &[usize], predetermined: bool) -> Vec<u32> {
        let m = set.len();
        let mut deval = vec![Decimal::ZERO; m];
        let mut demax = vec![Decimal::ZERO; m];
        let mut all_met = true;
        for (k, (points, met)) in self.de_points(set, predetermined).into_iter().enumerate() {
            deval[k] = points;
            if !self.rr && met < m - 1 {
                all_met = false;
                demax[k] = deval[k] + Decimal::from((m - 1 - met) as u64) * self.win;
            } else {
                demax[k] = deval[k];
            }
        }
        let mut order: Vec<usize> = (0..m).collect();
        let mut offsets = vec![0u32; m];
        if all_met {
            order.sort_by(|&a, &b| deval[b].cmp(&deval[a]).then(set[a].cmp(&set[b])));
            let mut crank = 0;
            for i in 1..m {
                if deval[order[i]] != deval[order[i - 1]] {
                    crank = i as u32;
                }
                offsets[order[i]] = crank;
            }
        } else {
            order.sort_by(|&a, &b| {
                deval[b]
                    .cmp(&deval[a])
                    .then(demax[b].cmp(&demax[a]))
                    .then(set[a].cmp(&set[b]))
            });
            let mut crank = 0;
            let mut val = deval[order[0]];
            let mut unique = true;
            for i in 1..m {
                let best_rest = order[i..]
                    .iter()
                    .map(|&k| demax[k])
                    .max()
                    .unwrap_or_default();
                if unique && val > best_rest {
                    crank = i as u32;
                } else {
                    unique = false;
                }
                val = deval[order[i]];
                offsets[order[i]] = crank;
            }
        }
        offsets
    }

    /// 对局时后走: of exactly two tied players who met, the one with more
    /// games as Black in their mutual games gets 1.
    fn mutual_black(&self, group: &[usize]) -> Vec<u32> {
        if group.len() != 2 {
            return vec![0; group.len()];
        }
        let blacks = |p: usize, o: usize| {
            self.slots[p]
                .iter()
                .filter(|s| s.otb && s.opp == Some(o) && s.colour == Some(Colour::Black))
                .count()
        };
        let (a, b) = (blacks(group[0], group[1]), blacks(group[1], group[0]));
        vec![u32::from(a > b), u32::from(b > a)]
    }

    fn rank(&self) -> Standings {
        let n = self.n();
        let tbs = &self.cfg.tiebreaks;
        let mut values: Vec<Vec<Option<Decimal>>> = vec![vec![None; tbs.len()]; n];
        let mut shown: Vec<Vec<Shown>> = vec![vec![Shown::default(); tbs.len()]; n];
        let mut order: Vec<usize> = (0..n).collect();
        let ids = &self.ids;
        // Groups as [start, end) ranges of `order`: by points, or — where
        // the tie-break list alone decides (2011 14.2: 场分 first) — one
        // group of everyone.
        let mut groups = match self.cfg.primary {
            Primary::Points => {
                order.sort_by(|&a, &b| {
                    self.points[b]
                        .cmp(&self.points[a])
                        .then(ids[a].cmp(&ids[b]))
                });
                split(&order, |a, b| self.points[a] == self.points[b])
            }
            Primary::TieBreaksOnly => {
                order.sort_by_key(|&a| ids[a]);
                if n == 0 { vec![] } else { vec![(0, n)] }
            }
        };
        for (t, tb) in tbs.iter().enumerate() {
            let grouped = matches!(
                tb.kind,
                TieBreakKind::DirectEncounter | TieBreakKind::MutualGameBlack
            );
            if !grouped {
                for (p, v) in self.global(tb).into_iter().enumerate() {
                    values[p][t] = v;
                    shown[p][t] = Shown::plain(v);
                }
            } else {
                for &(s, e) in &groups {
                    let members = &order[s..e];
                    let (v, display) = if tb.kind == TieBreakKind::DirectEncounter {
                        let v = if members.len() == 1 {
                            vec![1]
                        } else {
                            self.direct_encounter(members, tb)
                        };
                        let predetermined = tb.forfeits_as_played || self.rr;
                        let display = self.de_shown(members, predetermined, &v);
                        (v, display)
                    } else {
                        let v = self.mutual_black(members);
                        let display = v
                            .iter()
                            .map(|&x| Shown::plain(Some(Decimal::from(x))))
                            .collect();
                        (v, display)
                    };
                    for (k, &p) in members.iter().enumerate() {
                        values[p][t] = Some(Decimal::from(v[k]));
                        shown[p][t] = display[k];
                    }
                }
            }
            let better = tb.kind.higher_is_better();
            let cmp = |a: &Option<Decimal>, b: &Option<Decimal>| -> std::cmp::Ordering {
                use std::cmp::Ordering::*;
                match (a, b) {
                    (Some(x), Some(y)) => {
                        if better {
                            y.cmp(x)
                        } else {
                            x.cmp(y)
                        }
                    }
                    (Some(_), None) => Less,
                    (None, Some(_)) => Greater,
                    (None, None) => Equal,
                }
            };
            let mut next = Vec::new();
            for &(s, e) in &groups {
                order[s..e]
                    .sort_by(|&a, &b| cmp(&values[a][t], &values[b][t]).then(ids[a].cmp(&ids[b])));
                for (a, b) in split(&order[s..e], |a, b| values[a][t] == values[b][t]) {
                    next.push((s + a, s + b));
                }
            }
            groups = next;
        }
        let mut rows: Vec<StandingRow> = Vec::with_capacity(n);
        let mut rng = self.cfg.lots_seed.map(SplitMix64);
        for &(s, e) in &groups {
            let mut members: Vec<usize> = order[s..e].to_vec();
            let drawn = rng.as_mut().filter(|_| members.len() > 1);
            let lots = drawn.is_some();
            if let Some(rng) = drawn {
                // Fisher-Yates with the seeded generator.
                for i in (1..members.len()).rev() {
                    let j = (rng.next() % (i as u64 + 1)) as usize;
                    members.swap(i, j);
                }
            }
            for (k, &p) in members.iter().enumerate() {
                rows.push(StandingRow {
                    rank: if lots {
                        (s + k + 1) as u32
                    } else {
                        (s + 1) as u32
                    },
                    player: ids[p],
                    points: self.points[p],
                    values: values[p].clone(),
                    shown: shown[p].clone(),
                    lot: lots.then_some(k as u32 + 1),
                });
            }
        }
        Standings {
            after_round: self.rounds as u32,
            tiebreaks: tbs.clone(),
            rows,
        }
    }
}

/// Splits a slice into runs of equal neighbours: `[start, end)` pairs.
pub(crate) fn split(items: &[usize], eq: impl Fn(usize, usize) -> bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for i in 1..=items.len() {
        if i == items.len() || !eq(items[i - 1], items[i]) {
            if i > start {
                out.push((start, i));
            }
            start = i;
        }
    }
    out
}

/// SplitMix64: a small, well-known generator; enough for a reproducible
/// drawing of lots from a published seed.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}
