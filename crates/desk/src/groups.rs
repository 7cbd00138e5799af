//! Groups within one event (组别): players carry a group label (男子组,
//! 女子组, 少年组, A组 …); a Swiss whose players carry labels pairs each
//! group on its own — never a game across groups — and ranks each group on
//! its own.
//!
//! Each group is paired as if it were an event of its own: its players are
//! numbered 1, 2, … in the order of their pairing numbers for the Dutch
//! engine (so the Dutch System's S1/S2 halves, the pairing-allocated bye and
//! the Baku groups, C.04.5, are the group's), and the boards of the round
//! are the groups' boards one group after another, in the order of the
//! groups' best pairing numbers. Same-unit avoidance and forbidden pairs
//! apply within each group. Each group's standings are those of the group's
//! players and games alone.
//!
//! An event is grouped as soon as one player has a label; from then every
//! player needs one (pairing refuses a player without one, naming him and
//! the field `group`). A player's group can change until he has played a
//! game.
//!
//! ```
//! use qiyuan_desk::prelude::*;
//! let mut e = DeskEvent::new(EventSettings::swiss("周赛", GameKind::Xiangqi, 5))?;
//! for (name, rating, group) in [("甲", 2400, "A组"), ("乙", 2300, "A组"), ("丙", 2200, "B组"), ("丁", 2100, "B组")] {
//!     let id = e.add_player(PlayerInfo::new(name).rating(rating))?;
//!     e.set_group(id, Some(group))?;
//! }
//! // One event would pair 1-3 and 2-4 (S1 = {1, 2}, S2 = {3, 4}); two
//! // groups of two pair 1-2 and 3-4.
//! let round = e.pair_next_round()?;
//! assert_eq!(round.boards, [Board::new(1, 2), Board::new(3, 4)]);
//! assert_eq!(e.groups(), ["A组", "B组"]);
//! # Ok::<(), DeskError>(())
//! ```
//!
//! The labels are kept by [`DeskEvent`] (and its serialised form); the
//! database of `qiyuan-store` does not keep them yet.

use qiyuan_swiss::{PairingInput, Score};
use qiyuan_tournament::model::PlayerId;
use serde::Serialize;

use crate::error::DeskError;
use crate::event::DeskEvent;
use crate::pairing::baku_points;
use crate::reports::StandingsTable;
use crate::settings::System;
use qiyuan_vocab::Message;

/// Boards as (White, Black) pairing numbers.
type Boards = Vec<(u32, u32)>;

/// The longest group label, in characters.
pub const MAX_GROUP_LABEL: usize = 50;

/// One group's standings.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GroupStandings {
    /// The group's label.
    pub group: String,
    /// Its standings: its players only, ranked among themselves.
    pub table: StandingsTable,
}

/// One group's input for the Dutch engine ([`DeskEvent::group_swiss_input`]).
#[derive(Debug, Clone, PartialEq)]
pub struct GroupInput {
    /// The group's label.
    pub group: String,
    /// The engine's input: the group's players numbered 1, 2, … in the
    /// order of their pairing numbers.
    pub input: PairingInput,
    /// `players[k - 1]` is the player numbered `k` in [`GroupInput::input`].
    pub players: Vec<PlayerId>,
}

fn field_error(player: PlayerId, message: Message) -> DeskError {
    DeskError::PlayerField {
        player: player.0,
        field: "group",
        message,
    }
}

impl DeskEvent {
    /// Sets (`Some`) or clears (`None`, or a blank label) a player's group.
    /// The label is trimmed, at most [`MAX_GROUP_LABEL`] characters. A
    /// player who has played a game (or forfeited one) keeps his group.
    pub fn set_group(&mut self, id: PlayerId, group: Option<&str>) -> Result<(), DeskError> {
        let Some(index) = self.event.player_index(id) else {
            return Err(DeskError::UnknownPlayer(id));
        };
        let label = group.map(str::trim).filter(|g| !g.is_empty());
        if let Some(g) = label
            && g.chars().count() > MAX_GROUP_LABEL
        {
            return Err(field_error(
                id,
                Message::new(
                    format!("at most {MAX_GROUP_LABEL} characters"),
                    format!("最多 {MAX_GROUP_LABEL} 个字"),
                ),
            ));
        }
        if label == self.group_of(id) {
            return Ok(());
        }
        let table = self.event.outcome_table();
        if table[index].iter().any(|o| o.opponent().is_some()) {
            return Err(field_error(
                id,
                Message::new(
                    "the player has been paired against someone of his group: his group cannot change",
                    "该棋手已与同组别的棋手对局：其组别不能再改",
                ),
            ));
        }
        self.groups.retain(|(p, _)| *p != id);
        if let Some(g) = label {
            self.groups.push((id, g.to_string()));
            self.groups.sort();
        }
        Ok(())
    }

    /// A player's group label, if he has one.
    pub fn group_of(&self, id: PlayerId) -> Option<&str> {
        self.groups
            .iter()
            .find(|(p, _)| *p == id)
            .map(|(_, g)| g.as_str())
    }

    /// Whether the event is paired and ranked by group: some player of the
    /// event has a label.
    pub fn is_grouped(&self) -> bool {
        self.groups
            .iter()
            .any(|(p, _)| self.event.player(*p).is_some())
    }

    /// The group labels, in the order of each group's best (lowest)
    /// pairing number.
    pub fn groups(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for p in self.event.players() {
            if let Some(g) = self.group_of(p.id)
                && !out.iter().any(|o| o == g)
            {
                out.push(g.to_string());
            }
        }
        out
    }

    /// The players of a group, in pairing-number order.
    pub fn group_players(&self, group: &str) -> Vec<PlayerId> {
        let mut v: Vec<PlayerId> = self
            .event
            .players()
            .iter()
            .map(|p| p.id)
            .filter(|&id| self.group_of(id) == Some(group))
            .collect();
        v.sort();
        v
    }

    /// Every player of a grouped event has a group.
    fn check_groups(&self) -> Result<(), DeskError> {
        if let Some(p) = self
            .event
            .players()
            .iter()
            .find(|p| self.group_of(p.id).is_none())
        {
            return Err(field_error(
                p.id,
                Message::new(
                    "the event pairs and ranks by group (组别): every player needs one",
                    "本赛事按组别编排和排名：每名棋手都须有组别",
                ),
            ));
        }
        Ok(())
    }

    /// The Dutch engine's input for the next round of one group: the
    /// event's input ([`DeskEvent::swiss_input`]) cut to the group's
    /// players, numbered 1, 2, … in pairing-number order, with the
    /// forbidden pairs inside the group and, when the event is accelerated,
    /// the group's own Baku groups (C.04.5).
    pub fn group_swiss_input(&self, group: &str) -> Result<GroupInput, DeskError> {
        self.check_groups()?;
        let full = self.swiss_input()?;
        self.cut_input(&full, group)
    }

    fn cut_input(&self, full: &PairingInput, group: &str) -> Result<GroupInput, DeskError> {
        let members = self.group_players(group);
        let local = |id: u32| -> Option<u32> {
            members.iter().position(|p| p.0 == id).map(|k| k as u32 + 1)
        };
        let accelerated = matches!(
            self.settings.system,
            System::Swiss {
                acceleration: true,
                ..
            }
        );
        let n = members
            .iter()
            .filter(|&&id| self.event.player(id).is_some_and(|p| p.first_round <= 1))
            .count() as u32;
        let total = self.total_rounds();
        let accel = |tpn: u32, r: u32| -> Score {
            if accelerated {
                baku_points(n, total, tpn, r, full.win_points)
            } else {
                0
            }
        };
        let mut players = Vec::with_capacity(members.len());
        for p in &full.players {
            let Some(tpn) = local(p.tpn) else { continue };
            let mut q = p.clone();
            q.tpn = tpn;
            for (r, e) in q.history.iter_mut().enumerate() {
                if let Some(o) = e.opponent {
                    e.opponent = Some(local(o).ok_or_else(|| {
                        field_error(
                            PlayerId(p.tpn),
                            Message::new(
                                format!("round {}: met {o}, who is not of group {group}", r + 1),
                                format!("第 {} 轮：与不属于组别“{group}”的 {o} 号对局", r + 1),
                            ),
                        )
                    })?);
                }
            }
            q.acceleration = accel(tpn, full.round);
            q.past_acceleration = (1..full.round).map(|r| accel(tpn, r)).collect();
            players.push(q);
        }
        players.sort_by_key(|p| p.tpn);
        let forbidden = full
            .forbidden
            .iter()
            .filter_map(|&(a, b)| Some((local(a)?, local(b)?)))
            .collect();
        Ok(GroupInput {
            group: group.to_string(),
            input: PairingInput {
                players,
                forbidden,
                ..full.clone()
            },
            players: members,
        })
    }

    /// Pairs every group of the next round: the boards, group after group,
    /// and the pairing-allocated byes (one per group with an odd number of
    /// players present).
    pub(crate) fn pair_groups(&self, full: &PairingInput) -> Result<(Boards, Vec<u32>), DeskError> {
        self.check_groups()?;
        let mut boards = Vec::new();
        let mut byes = Vec::new();
        for g in self.groups() {
            let cut = self.cut_input(full, &g)?;
            if cut.input.players.iter().all(|p| p.absent) {
                continue;
            }
            let back = |k: u32| cut.players[k as usize - 1].0;
            let pairing = qiyuan_swiss::pair_round(&cut.input)
                .map_err(|e| crate::pairing::swiss_error(full.round, e))
                .map_err(|e| match e {
                    DeskError::NoValidPairing { round } => DeskError::Pairing {
                        round,
                        message: Message::new(
                            format!("group {g}: no valid pairing"),
                            format!("组别“{g}”：没有合规的编排"),
                        ),
                    },
                    other => other,
                })?;
            boards.extend(pairing.boards.iter().map(|&(w, b)| (back(w), back(b))));
            byes.extend(pairing.bye.map(back));
        }
        Ok((boards, byes))
    }

    /// Whether two players are of different groups (a game the grouped
    /// pairing never makes).
    pub fn across_groups(&self, a: PlayerId, b: PlayerId) -> bool {
        self.is_grouped() && self.group_of(a) != self.group_of(b)
    }

    /// Each group's standings after `after_round` (default: the event's
    /// last complete round), in the order of [`DeskEvent::groups`]: the
    /// group's players and the games among them, ranked with the event's
    /// scoring and tie-breaks as an event of their own. An event without
    /// groups has none (an empty list).
    pub fn group_standings(
        &self,
        after_round: Option<u32>,
    ) -> Result<Vec<GroupStandings>, DeskError> {
        if !self.is_grouped() {
            return Ok(Vec::new());
        }
        self.check_groups()?;
        let after = after_round.unwrap_or_else(|| self.last_complete_round());
        let mut out = Vec::new();
        for g in self.groups() {
            let members = self.group_players(&g);
            let mut sub = self.clone();
            sub.rebuild(|parts| {
                parts.players.retain(|p| members.contains(&p.id));
                for round in &mut parts.rounds {
                    round
                        .games
                        .retain(|x| members.contains(&x.white) && members.contains(&x.black));
                    round.byes.retain(|(p, _)| members.contains(p));
                }
                // The audit trail names boards of the whole event.
                parts.corrections.clear();
            })?;
            out.push(GroupStandings {
                group: g,
                table: sub.standings_table(Some(after))?,
            });
        }
        Ok(out)
    }
}
