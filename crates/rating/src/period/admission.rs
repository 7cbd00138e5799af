//! Which event players may enter a rating period: the office's rule, one
//! function for the database office (`qiyuan office`, the web office) and
//! the stateless `qiyuan period`.
//!
//! An event file names its players by their list id. Every player must be
//! on the list (or be entered as a new player by the office), and be the
//! player the list has under that id: a sex that differs from the list's
//! means the file has the wrong id, and the event is refused rather than
//! rated against someone else. (The list's data win over the file's for
//! everything else — rating, games, title — in the period itself.)

use crate::model::{Event, PlayerId, Sex};

/// Why an event's players cannot enter the period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerRefusal {
    /// Players the list does not have (id, name in the file), in the
    /// file's order.
    NotOnList(Vec<(PlayerId, String)>),
    /// A player whose sex in the file differs from the list's.
    SexDiffers {
        /// The id.
        id: PlayerId,
        /// The name in the event file.
        name_in_file: String,
        /// The name on the list.
        name_on_list: String,
        /// The sex in the event file.
        sex_in_file: Sex,
        /// The sex on the list.
        sex_on_list: Sex,
    },
}

/// Checks the event's players against the list: `on_list` gives the name
/// and sex the list has under an id; `new_players` are ids the office
/// enters as new players (not yet on any list). The first refusal found:
/// the players missing from the list, else the first whose sex differs.
///
/// ```
/// use qiyuan_rating::model::{Event, EventSystem, GameKind, Player, PlayerId, Sex};
/// use qiyuan_rating::period::admission::{PlayerRefusal, admit_players};
/// let players = vec![
///     Player::new(PlayerId(1), "甲", Sex::Male, None),
///     Player::new(PlayerId(2), "乙", Sex::Female, None),
/// ];
/// let event =
///     Event::new("例", GameKind::Xiangqi, EventSystem::Swiss, None, None, players, vec![]).unwrap();
/// let list = |id: PlayerId| (id.0 == 1).then(|| ("甲".to_string(), Sex::Male));
/// assert_eq!(
///     admit_players(&event, list, &[]),
///     Err(PlayerRefusal::NotOnList(vec![(PlayerId(2), "乙".into())]))
/// );
/// assert_eq!(admit_players(&event, list, &[2]), Ok(()));
/// ```
///
/// # Errors
/// [`PlayerRefusal`] as above.
pub fn admit_players(
    event: &Event,
    on_list: impl Fn(PlayerId) -> Option<(String, Sex)>,
    new_players: &[u32],
) -> Result<(), PlayerRefusal> {
    let mut missing = Vec::new();
    let mut differs = None;
    for p in event.players() {
        match on_list(p.id) {
            None if new_players.contains(&p.id.0) => {}
            None => missing.push((p.id, p.name.clone())),
            Some((name_on_list, sex_on_list)) => {
                if differs.is_none() && sex_on_list != p.sex {
                    differs = Some(PlayerRefusal::SexDiffers {
                        id: p.id,
                        name_in_file: p.name.clone(),
                        name_on_list,
                        sex_in_file: p.sex,
                        sex_on_list,
                    });
                }
            }
        }
    }
    if !missing.is_empty() {
        return Err(PlayerRefusal::NotOnList(missing));
    }
    differs.map_or(Ok(()), Err)
}
