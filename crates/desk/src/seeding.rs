//! Seeding (起始排名): the initial ranking that gives each player the
//! pairing number (序号) he is paired by.
//!
//! * By the rules ([`DeskEvent::seed_by_rating`]): rating, highest first,
//!   then title, then name — FIDE C.04.3 (2026) A.2 ("rating, FIDE title,
//!   alphabetically") and 象棋竞赛规则 (2011) for 积分编排 — the title order
//!   of [`qiyuan_tournament::title`], names by pinyin
//!   ([`qiyuan_tournament::names`]), never by code point.
//! * By lot (抽签, [`DeskEvent::draw_lots`]): a random order drawn from a
//!   seed the arbiter keeps (the log records it), so the draw can be
//!   repeated and checked; round robins usually number their players so.
//! * By hand ([`DeskEvent::move_player`]): one player to another place.
//!
//! Before round 1 any of these renumbers the field. Once the event runs
//! the numbers stand, with one exception: a late entry of a Swiss is placed
//! where the rule ranks him ([`DeskEvent::add_player`]), and the players
//! below him move down one number, history included — pairing numbers are
//! what the Dutch system pairs by. Every renumbering answers with the
//! [`Renumbering`] it made, for the store to apply and the log to keep.
//!
//! ```
//! use qiyuan_desk::prelude::*;
//! let mut e = DeskEvent::new(EventSettings::swiss("Open", GameKind::Chess, 5))?;
//! e.add_player(PlayerInfo::new("Li").rating(1800))?;
//! e.add_player(PlayerInfo::new("Wang").rating(2562))?;
//! // Each entry is placed by rating as it comes: the 2562 is number 1.
//! assert_eq!(e.player(PlayerId(1)).unwrap().info.name, "Wang");
//! let lots = e.draw_lots(20261201)?;
//! assert_eq!(lots.seed, Some(20261201));
//! # Ok::<(), DeskError>(())
//! ```

use std::cmp::Ordering;

use qiyuan_tournament::model::{PlayerId, Round};
use qiyuan_tournament::names::NameOrder;
use qiyuan_tournament::title;
use serde::{Deserialize, Serialize};

use crate::error::DeskError;
use crate::event::{DeskEvent, DeskPlayer, RequestedBye};
use crate::settings::System;
use qiyuan_vocab::Message;

/// How the pairing numbers were last given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeedingMethod {
    /// By the rules: rating, title, name. New entries are placed by it.
    #[default]
    Rating,
    /// By lot, from this seed. New entries go to the end.
    Lot {
        /// The seed of the draw.
        seed: u64,
    },
    /// Moved by hand after a sort or a draw. New entries are placed by
    /// rating among the players around them.
    Manual,
}

/// What an arbiter asks of the seeding before round 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeedAction {
    /// Number by rating, title and name ([`DeskEvent::seed_by_rating`]).
    Rating,
    /// Number by lot from a seed ([`DeskEvent::draw_lots`]).
    Lot {
        /// The seed of the draw.
        seed: u64,
    },
    /// Move one player to a number ([`DeskEvent::move_player`]).
    Move {
        /// The player (his number now).
        player: PlayerId,
        /// The number he is to have.
        to: u32,
    },
}

/// A change of pairing numbers: every player whose number changed, old →
/// new, and the method that made it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Renumbering {
    /// Old number → new number, for the players that moved (ascending old).
    pub moves: Vec<(PlayerId, PlayerId)>,
    /// The lot's seed, when the numbers were drawn.
    pub seed: Option<u64>,
}

impl Renumbering {
    /// Whether no number changed.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The new number of a player known by his old one.
    pub fn new_number(&self, old: PlayerId) -> PlayerId {
        self.moves
            .iter()
            .find(|(o, _)| *o == old)
            .map_or(old, |(_, n)| *n)
    }
}

/// The initial-ranking order of two players: rating (highest first,
/// unrated last), then title ([`title::precedence`]), then name in the
/// event's order (pinyin or strokes, [`crate::settings::EventSettings::name_order`]).
pub fn by_rating(a: &DeskPlayer, b: &DeskPlayer, names: &NameOrder) -> Ordering {
    b.info
        .rating
        .unwrap_or(0)
        .cmp(&a.info.rating.unwrap_or(0))
        .then_with(|| {
            title::precedence(a.info.title.as_deref())
                .cmp(&title::precedence(b.info.title.as_deref()))
        })
        .then_with(|| names.compare(&a.info.name, &b.info.name))
}

/// SplitMix64 (Steele, Lea, Flood 2014): the lot's random numbers. Small,
/// fixed and documented, so a draw can be repeated from its seed anywhere.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl DeskEvent {
    /// How the numbers were last given.
    pub fn seeding(&self) -> SeedingMethod {
        self.seeding
    }

    /// Sets how the numbers were given, as stored.
    pub fn restore_seeding(&mut self, method: SeedingMethod) {
        self.seeding = method;
    }

    /// Does what [`SeedAction`] asks.
    pub fn seed(&mut self, action: SeedAction) -> Result<Renumbering, DeskError> {
        match action {
            SeedAction::Rating => self.seed_by_rating(),
            SeedAction::Lot { seed } => self.draw_lots(seed),
            SeedAction::Move { player, to } => self.move_player(player, to),
        }
    }

    /// The players in the order of the rules (rating, title, name), whatever
    /// their numbers now.
    pub fn rating_order(&self) -> Vec<PlayerId> {
        let names = self.settings().names();
        let mut players = self.players();
        players.sort_by(|a, b| by_rating(a, b, &names));
        players.into_iter().map(|p| p.id).collect()
    }

    fn check_before_round_one(&self, en: &str, zh: &str) -> Result<(), DeskError> {
        if self.rounds_paired() > 0 {
            return Err(DeskError::AlreadyStarted(Message::new(en, zh)));
        }
        Ok(())
    }

    /// Numbers the players by the rules (rating, title, name) — the
    /// initial ranking of C.04.3 A.2 — before round 1.
    pub fn seed_by_rating(&mut self) -> Result<Renumbering, DeskError> {
        self.check_before_round_one("renumbering the players", "重新编排序号")?;
        let order = self.rating_order();
        let r = self.renumber(&order, None)?;
        self.seeding = SeedingMethod::Rating;
        Ok(r)
    }

    /// Numbers the players by lot (抽签) before round 1: a Fisher–Yates
    /// shuffle of the players in their rating order, driven by
    /// SplitMix64 from `seed`. The same seed and field give the same draw.
    pub fn draw_lots(&mut self, seed: u64) -> Result<Renumbering, DeskError> {
        self.check_before_round_one("drawing lots", "抽签")?;
        let mut order = self.rating_order();
        let mut state = seed;
        for i in (1..order.len()).rev() {
            let j = (splitmix64(&mut state) % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
        let r = self.renumber(&order, Some(seed))?;
        self.seeding = SeedingMethod::Lot { seed };
        Ok(r)
    }

    /// Moves one player to pairing number `to` before round 1; those
    /// between shift by one.
    pub fn move_player(&mut self, id: PlayerId, to: u32) -> Result<Renumbering, DeskError> {
        self.check_before_round_one("renumbering the players", "重新编排序号")?;
        let mut order: Vec<PlayerId> = self.players().into_iter().map(|p| p.id).collect();
        let Some(from) = order.iter().position(|p| *p == id) else {
            return Err(DeskError::UnknownPlayer(id));
        };
        if to == 0 || to as usize > order.len() {
            return Err(DeskError::PlayerField {
                player: id.0,
                field: "number",
                message: Message::new(
                    format!(
                        "{to} is not a pairing number of this event (1 to {})",
                        order.len()
                    ),
                    format!("{to} 不是本赛事的序号（1 至 {}）", order.len()),
                ),
            });
        }
        let p = order.remove(from);
        order.insert(to as usize - 1, p);
        let r = self.renumber(&order, None)?;
        self.seeding = SeedingMethod::Manual;
        Ok(r)
    }

    /// Places the new players `ids` where the rules rank them among the
    /// others (whose order stays as it is): each before the first player
    /// the rules rank below him.
    pub(crate) fn place_by_rating(&mut self, ids: &[PlayerId]) -> Result<Renumbering, DeskError> {
        let players = self.players();
        let names = self.settings().names();
        let mut order: Vec<&DeskPlayer> = players.iter().filter(|p| !ids.contains(&p.id)).collect();
        for &id in ids {
            let Some(new) = players.iter().find(|p| p.id == id) else {
                return Err(DeskError::UnknownPlayer(id));
            };
            let at = order
                .iter()
                .position(|p| by_rating(new, p, &names) == Ordering::Less)
                .unwrap_or(order.len());
            order.insert(at, new);
        }
        let order: Vec<PlayerId> = order.iter().map(|p| p.id).collect();
        self.renumber(&order, None)
    }

    /// Whether numbers may change now: before round 1 always; after it only
    /// in an individual Swiss (a late entry's place).
    fn may_renumber(&self) -> bool {
        self.rounds_paired() == 0
            || (matches!(self.settings.system, System::Swiss { .. }) && !self.is_team_event())
    }

    /// Gives the players of `order` the numbers 1, 2, …: every record that
    /// names a player (rounds, byes, requests, forbidden pairs, teams)
    /// follows.
    pub(crate) fn renumber(
        &mut self,
        order: &[PlayerId],
        seed: Option<u64>,
    ) -> Result<Renumbering, DeskError> {
        let players = self.players();
        debug_assert_eq!(order.len(), players.len());
        let moves: Vec<(PlayerId, PlayerId)> = {
            let mut m: Vec<(PlayerId, PlayerId)> = order
                .iter()
                .enumerate()
                .map(|(i, &old)| (old, PlayerId(i as u32 + 1)))
                .filter(|(old, new)| old != new)
                .collect();
            m.sort();
            m
        };
        let renumbering = Renumbering { moves, seed };
        if renumbering.is_empty() {
            return Ok(renumbering);
        }
        if !self.may_renumber() {
            return Err(DeskError::AlreadyStarted(Message::new(
                "renumbering the players",
                "重新编排序号",
            )));
        }
        let new = |p: PlayerId| renumbering.new_number(p);
        self.rebuild(|parts| {
            for p in &mut parts.players {
                p.id = new(p.id);
            }
            parts.players.sort_by_key(|p| p.id);
            for round in &mut parts.rounds {
                remap_round(round, &new);
            }
            for c in &mut parts.corrections {
                c.white = new(c.white);
                c.black = new(c.black);
            }
        })?;
        self.remap_extras(&new);
        for b in &mut self.requested_byes {
            *b = RequestedBye {
                player: new(b.player),
                ..*b
            };
        }
        for pair in &mut self.forbidden {
            let (a, b) = (new(pair.0), new(pair.1));
            *pair = (a.min(b), a.max(b));
        }
        for (p, _) in &mut self.rr_withdrawn {
            *p = new(*p);
        }
        for t in &mut self.teams {
            for p in &mut t.roster {
                *p = new(*p);
            }
        }
        for plan in &mut self.team_rounds {
            for (_, line_up) in &mut plan.line_ups {
                for p in line_up {
                    *p = new(*p);
                }
            }
        }
        Ok(renumbering)
    }
}

fn remap_round(round: &mut Round, new: &impl Fn(PlayerId) -> PlayerId) {
    for g in &mut round.games {
        g.white = new(g.white);
        g.black = new(g.black);
    }
    for (p, _) in &mut round.byes {
        *p = new(*p);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;

    fn names(e: &DeskEvent) -> Vec<String> {
        e.players().into_iter().map(|p| p.info.name).collect()
    }

    #[test]
    fn entries_are_placed_by_rating_then_title_then_pinyin() {
        let mut e = DeskEvent::new(EventSettings::swiss("t", GameKind::Xiangqi, 7)).unwrap();
        for (n, r, t) in [
            ("张伟", 1800, None),
            ("王芳", 2562, None),
            ("李娜", 1800, Some("大师")),
            ("何平", 1460, None),
            ("陈静", 1800, None),
        ] {
            let mut info = PlayerInfo::new(n).rating(r);
            info.title = t.map(str::to_string);
            e.add_player(info).unwrap();
        }
        // 2562 first; among the 1800s the titled one, then chen < zhang.
        assert_eq!(names(&e), ["王芳", "李娜", "陈静", "张伟", "何平"]);
        assert_eq!(e.seeding(), SeedingMethod::Rating);
    }

    /// An event in stroke order (笔画) numbers players of one rating by the
    /// strokes of their names: 王 4 before 张 7 and 陈 7 (张 U+5F20 before
    /// 陈 U+9648, both of seven strokes) — where pinyin puts chen, wang,
    /// zhang.
    #[test]
    fn equal_ratings_in_the_events_name_order() {
        let mut settings = EventSettings::swiss("t", GameKind::Xiangqi, 7);
        settings.name_order = NameOrdering::Stroke;
        let mut e = DeskEvent::new(settings).unwrap();
        for n in ["陈静", "张伟", "王芳"] {
            e.add_player(PlayerInfo::new(n).rating(1800)).unwrap();
        }
        assert_eq!(names(&e), ["王芳", "张伟", "陈静"]);
        let mut e = DeskEvent::new(EventSettings::swiss("t", GameKind::Xiangqi, 7)).unwrap();
        for n in ["陈静", "张伟", "王芳"] {
            e.add_player(PlayerInfo::new(n).rating(1800)).unwrap();
        }
        assert_eq!(names(&e), ["陈静", "王芳", "张伟"]);
    }

    #[test]
    fn a_late_entry_takes_his_place_and_history_follows() {
        let mut e = DeskEvent::new(EventSettings::swiss("t", GameKind::Chess, 5)).unwrap();
        for (n, r) in [("A", 2400), ("B", 2300), ("C", 2200), ("D", 2100)] {
            e.add_player(PlayerInfo::new(n).rating(r)).unwrap();
        }
        let round = e.pair_next_round().unwrap();
        e.apply_round(&round).unwrap();
        // Round 1: 1-3 and 4-2 or similar; remember who played whom by name.
        let before: Vec<(String, String)> = e.event().rounds()[0]
            .games
            .iter()
            .map(|g| {
                let n = |id| e.player(id).unwrap().info.name;
                (n(g.white), n(g.black))
            })
            .collect();
        let late = e.add_player(PlayerInfo::new("E").rating(2250)).unwrap();
        assert_eq!(late, PlayerId(3));
        assert_eq!(names(&e), ["A", "B", "E", "C", "D"]);
        assert_eq!(e.player(late).unwrap().first_round, 2);
        let after: Vec<(String, String)> = e.event().rounds()[0]
            .games
            .iter()
            .map(|g| {
                let n = |id| e.player(id).unwrap().info.name;
                (n(g.white), n(g.black))
            })
            .collect();
        assert_eq!(before, after, "the games of round 1 are the same games");
    }

    #[test]
    fn lots_are_repeatable_and_numbers_fixed_once_started() {
        let field = |e: &mut DeskEvent| {
            for (n, r) in [
                ("A", 2400),
                ("B", 2300),
                ("C", 2200),
                ("D", 2100),
                ("E", 2000),
            ] {
                e.add_player(PlayerInfo::new(n).rating(r)).unwrap();
            }
        };
        let mut a = DeskEvent::new(EventSettings::round_robin("rr", GameKind::Chess, 1)).unwrap();
        let mut b = a.clone();
        field(&mut a);
        field(&mut b);
        let ra = a.draw_lots(7).unwrap();
        let rb = b.draw_lots(7).unwrap();
        assert_eq!(ra, rb);
        assert_eq!(names(&a), names(&b));
        assert_eq!(a.seeding(), SeedingMethod::Lot { seed: 7 });
        a.move_player(PlayerId(5), 1).unwrap();
        assert_eq!(a.seeding(), SeedingMethod::Manual);
        assert_eq!(a.player(PlayerId(1)).unwrap().info.name, names(&b)[4]);
        let round = a.pair_next_round().unwrap();
        a.apply_round(&round).unwrap();
        assert!(a.draw_lots(8).is_err());
        assert!(a.seed_by_rating().is_err());
        assert!(a.move_player(PlayerId(1), 2).is_err());
    }
}
