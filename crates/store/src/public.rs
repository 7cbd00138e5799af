//! What the public pages read of the desk beyond one event: the desk
//! players' links to the rating list, the events a list player played,
//! what the office's rating of a submitted event gave each player, and a
//! name searched across events.
//!
//! Only events the public may see are read: `visibility` `public` or
//! `archived` (migration 0014; a hidden or deleted event is on no public
//! page). A desk player is linked to a list player only when the arbiter
//! took him from the rating list (`desk_players.list_player_id`, migration
//! 0020) and that player is on a published list — never through the
//! desk's `national_id`, which may hold an id number.
//!
//! ```no_run
//! # async fn demo(store: &qiyuan_store::Store) -> Result<(), qiyuan_store::StoreError> {
//! let (total, found) = store.search_event_players("王", 50).await?;
//! for m in &found {
//!     println!("{} (No. {}) in {}", m.name, m.number.0, m.event_name);
//! }
//! # let _ = total;
//! # Ok(()) }
//! ```

use std::collections::{BTreeMap, HashMap};

use chrono::NaiveDate;
use qiyuan_tournament::model::PlayerId;
use rust_decimal::Decimal;
use serde::Serialize;
use sqlx::Row;

use crate::list_pages::like_pattern;
use crate::submissions::SubmittedPlayer;
use crate::{Store, StoreError, date, dec_opt};

/// The events the public may see.
const PUBLIC_EVENT: &str = "e.visibility IN ('public', 'archived')";

/// Desk player `p` was taken from the rating list and that player is on a
/// published list.
const ON_PUBLISHED_LIST: &str = "p.list_player_id IS NOT NULL AND EXISTS (\
     SELECT 1 FROM list_entries le JOIN rating_lists rl ON rl.id = le.list_id \
     WHERE le.player_id = p.list_player_id AND rl.status = 'published')";

/// A desk player found by [`Store::search_event_players`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EventPlayerMatch {
    /// The desk event.
    pub event_id: i64,
    /// Its name.
    pub event_name: String,
    /// The player's pairing number.
    pub number: PlayerId,
    /// His name.
    pub name: String,
    /// His unit (单位).
    pub club: Option<String>,
}

/// A public event a list player played ([`Store::events_of_list_player`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayedEvent {
    /// The desk event.
    pub event_id: i64,
    /// His pairing number in it.
    pub number: PlayerId,
}

/// What the office's rating of a desk event gave its players
/// ([`Store::office_rating`]): the lines of the event's 等级分计算表 as the
/// period published them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OfficeRating {
    /// The published list of the period that rated the event.
    pub list_id: i64,
    /// Its date.
    pub list_date: NaiveDate,
    /// Each desk player's line, by pairing number.
    pub players: BTreeMap<PlayerId, OfficeLine>,
}

/// One player's line of the office's rating of an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct OfficeLine {
    /// ΔR as the office computed it (`None`: the event gave none).
    pub change: Option<Decimal>,
    /// The performance rating the office recorded: an unrated player's,
    /// which makes his rating (a period keeps no performance of a player
    /// rated by ΔR).
    pub performance: Option<Decimal>,
}

impl Store {
    /// The rating-list players of desk event `event_id`'s players: for each
    /// player the arbiter took from the rating list and who is on a
    /// published list, his list id (the id of the public page
    /// `/players/{id}`).
    ///
    /// # Errors
    /// A database error.
    pub async fn list_links(&self, event_id: i64) -> Result<HashMap<PlayerId, u32>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT p.number, p.list_player_id FROM desk_players p \
             WHERE p.event_id = $1 AND {ON_PUBLISHED_LIST}"
        ))
        .bind(event_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok((
                    PlayerId(u32::try_from(r.try_get::<i64, _>(0)?).unwrap_or(0)),
                    u32::try_from(r.try_get::<i64, _>(1)?).unwrap_or(0),
                ))
            })
            .collect()
    }

    /// The public events in which list player `list_player_id` played (he
    /// was taken from the rating list into them, and is on a published
    /// list), newest first, at most `limit`; and how many there are in all.
    ///
    /// # Errors
    /// A database error.
    pub async fn events_of_list_player(
        &self,
        list_player_id: u32,
        limit: u32,
    ) -> Result<(u64, Vec<PlayedEvent>), StoreError> {
        let from = format!(
            "FROM desk_players p JOIN desk_events e ON e.id = p.event_id \
             WHERE p.list_player_id = $1 AND {PUBLIC_EVENT} AND {ON_PUBLISHED_LIST}"
        );
        let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) {from}"))
            .bind(i64::from(list_player_id))
            .fetch_one(&self.pool)
            .await?;
        let rows = sqlx::query(&format!(
            "SELECT p.event_id, p.number {from} ORDER BY p.event_id DESC, p.number LIMIT $2"
        ))
        .bind(i64::from(list_player_id))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        let events = rows
            .iter()
            .map(|r| {
                Ok(PlayedEvent {
                    event_id: r.try_get(0)?,
                    number: PlayerId(u32::try_from(r.try_get::<i64, _>(1)?).unwrap_or(0)),
                })
            })
            .collect::<Result<_, StoreError>>()?;
        Ok((u64::try_from(total).unwrap_or(0), events))
    }

    /// What the rating office's rating of desk event `event_id` gave each
    /// of its players: the event submitted to the office and imported
    /// ([`Store::import_submission`]), rated by a period whose list is
    /// published (the newest such list). `None` while it is not.
    ///
    /// # Errors
    /// A database error, or a submission that cannot be read.
    pub async fn office_rating(&self, event_id: i64) -> Result<Option<OfficeRating>, StoreError> {
        let Some(sub) = sqlx::query(
            "SELECT id, office_event_id, office_ids, players FROM desk_submissions \
             WHERE desk_event_id = $1 AND status = 'imported' AND office_event_id IS NOT NULL \
             ORDER BY id DESC LIMIT 1",
        )
        .bind(event_id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let sub_id: i64 = sub.try_get("id")?;
        let corrupt = |e: serde_json::Error| StoreError::Corrupt {
            what: format!("submission #{sub_id}: {e}"),
        };
        // The office's id of each pairing number: as the import named them;
        // for an import of before migration 0020, the list ids submitted
        // (a newcomer's id, given at the import, is not known then).
        let office_ids: BTreeMap<u32, u32> = match sub.try_get::<Option<String>, _>("office_ids")? {
            Some(text) => serde_json::from_str(&text).map_err(corrupt)?,
            None => {
                let players: Vec<SubmittedPlayer> =
                    serde_json::from_str(&sub.try_get::<String, _>("players")?).map_err(corrupt)?;
                players
                    .iter()
                    .filter_map(|p| Some((p.number, p.list_id?)))
                    .collect()
            }
        };
        let number_of: HashMap<i64, PlayerId> = office_ids
            .iter()
            .map(|(&n, &id)| (i64::from(id), PlayerId(n)))
            .collect();
        let rows = sqlx::query(
            "SELECT rc.player_id, rc.change, rc.performance, l.id AS list_id, l.list_date \
             FROM rating_changes rc JOIN periods pe ON pe.id = rc.period_id \
             JOIN rating_lists l ON l.id = pe.result_list_id \
             WHERE rc.event_id = $1 AND l.status = 'published' \
             ORDER BY l.list_date DESC, l.id DESC, rc.player_id",
        )
        .bind(sub.try_get::<i64, _>("office_event_id")?)
        .fetch_all(&self.pool)
        .await?;
        let Some(first) = rows.first() else {
            return Ok(None);
        };
        let list_id: i64 = first.try_get("list_id")?;
        let list_date = date(&first.try_get::<String, _>("list_date")?)?;
        let mut players = BTreeMap::new();
        for r in &rows {
            if r.try_get::<i64, _>("list_id")? != list_id {
                break;
            }
            let Some(&number) = number_of.get(&r.try_get::<i64, _>("player_id")?) else {
                continue;
            };
            players.insert(
                number,
                OfficeLine {
                    change: dec_opt(r.try_get("change")?)?,
                    performance: dec_opt(r.try_get("performance")?)?,
                },
            );
        }
        Ok(Some(OfficeRating {
            list_id,
            list_date,
            players,
        }))
    }

    /// Players of the public events whose name holds `q` (letter case
    /// ignored, as the list search ignores it: `LOWER` of the name against
    /// the lower-cased text, its `%`, `_` and `\` matched as text), newest
    /// event first, then by pairing number, at most `limit`; and how many
    /// match in all. An empty `q` finds nobody.
    ///
    /// # Errors
    /// A database error.
    pub async fn search_event_players(
        &self,
        q: &str,
        limit: u32,
    ) -> Result<(u64, Vec<EventPlayerMatch>), StoreError> {
        let q = q.trim();
        if q.is_empty() {
            return Ok((0, Vec::new()));
        }
        let pattern = like_pattern(q);
        let from = format!(
            "FROM desk_players p JOIN desk_events e ON e.id = p.event_id \
             WHERE {PUBLIC_EVENT} AND LOWER(p.name) LIKE $1 ESCAPE '\\'"
        );
        let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) {from}"))
            .bind(&pattern)
            .fetch_one(&self.pool)
            .await?;
        let rows = sqlx::query(&format!(
            "SELECT e.id, e.name AS event_name, p.number, p.name, p.club {from} \
             ORDER BY e.id DESC, p.number LIMIT $2"
        ))
        .bind(&pattern)
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        let found = rows
            .iter()
            .map(|r| {
                Ok(EventPlayerMatch {
                    event_id: r.try_get("id")?,
                    event_name: r.try_get("event_name")?,
                    number: PlayerId(u32::try_from(r.try_get::<i64, _>("number")?).unwrap_or(0)),
                    name: r.try_get("name")?,
                    club: r.try_get("club")?,
                })
            })
            .collect::<Result<_, StoreError>>()?;
        Ok((u64::try_from(total).unwrap_or(0), found))
    }
}
