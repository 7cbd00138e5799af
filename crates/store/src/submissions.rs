//! Desk events handed to the rating office (赛事报送): from the desk to the
//! office in one step, on the same database.
//!
//! The arbiter submits a finished event ([`Store::submit_desk_event`]): its
//! event file, players named by their pairing numbers, and for each player
//! the list id he was added with (a player added from the rating list keeps
//! it from that moment). The officer reviews the submission
//! ([`Store::submission`]): every player with a list id set beside the
//! office's record of that id (a name that differs is flagged), and the
//! players on no list yet — a junior's first event is the usual case — who
//! will be entered as new unrated players with the next free ids. Importing
//! it ([`Store::import_submission`]) names every player by his list id and
//! imports the event as any event file is imported, the new players
//! entered with it; or the officer refuses it with a note.
//!
//! ```no_run
//! # async fn demo(store: &qiyuan_store::Store) -> Result<(), qiyuan_store::StoreError> {
//! let id = store.submit_desk_event(5, "arbiter").await?;
//! let review = store.submission(id).await?;
//! println!("{} new players", review.players.iter().filter(|p| p.list_id.is_none()).count());
//! store.import_submission(id, "officer").await?;
//! # Ok(()) }
//! ```

use std::collections::HashMap;

use qiyuan_formats::event::{EventFormat, read_event, write_event};
use qiyuan_rating::model::{Player, PlayerId};
use serde::{Deserialize, Serialize};
use sqlx::Row;

use crate::{EventImport, Store, StoreError};

/// A player of a submission.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SubmittedPlayer {
    /// Pairing number at the desk (the id in the submitted file).
    pub number: u32,
    /// Name at the desk.
    pub name: String,
    /// `m` or `f`; `None`: the desk does not know (the office's record
    /// then gives it).
    #[serde(default)]
    pub sex: Option<String>,
    /// The list id the desk has for him; `None`: on no list yet.
    pub list_id: Option<u32>,
    /// The office's name for that id (`None`: the office does not know the
    /// id, or the player has none).
    #[serde(default)]
    pub office_name: Option<String>,
    /// The office's sex for that id.
    #[serde(default)]
    pub office_sex: Option<String>,
}

impl SubmittedPlayer {
    /// Whether the office's record of the id names someone else (another
    /// name or sex): an id to check before importing.
    pub fn mismatch(&self) -> bool {
        self.office_name.as_deref().is_some_and(|n| n != self.name)
            || matches!((&self.office_sex, &self.sex), (Some(o), Some(d)) if o != d)
    }

    /// Whether the office will enter him as a new player: no list id, or
    /// one the office has never heard of.
    pub fn is_new(&self) -> bool {
        self.office_name.is_none()
    }
}

/// A submission as the office reviews it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Submission {
    /// Its id.
    pub id: i64,
    /// The desk event.
    pub desk_event_id: i64,
    /// The event's name.
    pub name: String,
    /// The rating profile it is rated under.
    pub profile: String,
    /// `pending`, `imported` or `refused`.
    pub status: String,
    /// Who submitted it, and when.
    pub submitted_by: String,
    /// When (RFC 3339, UTC).
    pub submitted_at: String,
    /// Games and byes in the file.
    pub games: usize,
    /// The players, by pairing number.
    pub players: Vec<SubmittedPlayer>,
    /// The office event it became.
    pub office_event_id: Option<i64>,
    /// Who decided, and the refusal's note.
    pub decided_by: Option<String>,
    /// The note of a refusal.
    pub note: Option<String>,
}

fn now() -> String {
    let d = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    chrono::DateTime::from_timestamp(d.as_secs() as i64, d.subsec_nanos())
        .map(|t| t.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string())
        .unwrap_or_default()
}

impl Store {
    /// Submits a finished desk event to the rating office: its event file
    /// and each player's list id, for an officer to review and import.
    ///
    /// # Errors
    /// [`StoreError::Desk`] when the event is not finished or has no rating
    /// profile; [`StoreError::AlreadySubmitted`] when a submission of it is
    /// pending or imported; as [`Store::load_event`].
    pub async fn submit_desk_event(&self, desk_event_id: i64, by: &str) -> Result<i64, StoreError> {
        let loaded = self.load_event(desk_event_id).await?;
        let desk = &loaded.desk;
        if !desk.is_finished() {
            return Err(StoreError::NotFinished(desk_event_id));
        }
        let Some(profile) = desk.settings().rating_profile.clone() else {
            return Err(StoreError::NoRatingProfile(desk_event_id));
        };
        if let Some(id) = sqlx::query_scalar::<_, i64>(
            "SELECT id FROM desk_submissions WHERE desk_event_id = $1 AND status <> 'refused'",
        )
        .bind(desk_event_id)
        .fetch_optional(&self.pool)
        .await?
        {
            return Err(StoreError::AlreadySubmitted {
                desk_event_id,
                submission: id,
            });
        }
        let event = desk.rating_event()?;
        let text = write_event(&event, EventFormat::Json);
        let players: Vec<SubmittedPlayer> = desk
            .players()
            .iter()
            .map(|p| SubmittedPlayer {
                number: p.id.0,
                name: p.info.name.clone(),
                sex: p.info.sex.map(|s| s.code().into()),
                list_id: p
                    .info
                    .national_id
                    .as_deref()
                    .and_then(|s| s.trim().parse::<u32>().ok()),
                office_name: None,
                office_sex: None,
            })
            .collect();
        let players = serde_json::to_string(&players).map_err(|e| StoreError::Corrupt {
            what: format!("submission: {e}"),
        })?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO desk_submissions (desk_event_id, profile, event_file, players, submitted_by, \
             submitted_at, status) VALUES ($1, $2, $3, $4, $5, $6, 'pending') RETURNING id",
        )
        .bind(desk_event_id)
        .bind(&profile)
        .bind(text)
        .bind(players)
        .bind(by)
        .bind(now())
        .fetch_one(&self.pool)
        .await?;
        Ok(id)
    }

    /// The submissions, newest first (`status`: only those).
    ///
    /// # Errors
    /// A database error, or a submission that cannot be read.
    pub async fn submissions(&self, status: Option<&str>) -> Result<Vec<Submission>, StoreError> {
        let ids: Vec<i64> = sqlx::query_scalar(
            "SELECT id FROM desk_submissions WHERE $1 = '' OR status = $1 ORDER BY id DESC",
        )
        .bind(status.unwrap_or(""))
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            out.push(self.submission(id).await?);
        }
        Ok(out)
    }

    /// A submission with each player set beside the office's record of
    /// his list id.
    ///
    /// # Errors
    /// [`StoreError::NoSuchSubmission`], or unreadable data.
    pub async fn submission(&self, id: i64) -> Result<Submission, StoreError> {
        let Some(r) = sqlx::query(
            "SELECT desk_event_id, profile, event_file, players, submitted_by, submitted_at, status, \
             office_event_id, decided_by, note FROM desk_submissions WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Err(StoreError::NoSuchSubmission(id));
        };
        let text: String = r.try_get("event_file")?;
        let event = read_event(&text, &format!("submission #{id}"), Some(EventFormat::Json))?;
        let mut players: Vec<SubmittedPlayer> =
            serde_json::from_str(&r.try_get::<String, _>("players")?).map_err(|e| {
                StoreError::Corrupt {
                    what: format!("submission #{id}: {e}"),
                }
            })?;
        let known = self
            .known_players(players.iter().filter_map(|p| p.list_id))
            .await?;
        for p in &mut players {
            if let Some(k) = p.list_id.and_then(|l| known.get(&l)) {
                p.office_name = Some(k.name.clone());
                p.office_sex = Some(k.sex.code().to_string());
            }
        }
        Ok(Submission {
            id,
            desk_event_id: r.try_get("desk_event_id")?,
            name: event.name().to_string(),
            profile: r.try_get("profile")?,
            status: r.try_get("status")?,
            submitted_by: r.try_get("submitted_by")?,
            submitted_at: r.try_get("submitted_at")?,
            games: event.pairings().len(),
            players,
            office_event_id: r.try_get("office_event_id")?,
            decided_by: r.try_get("decided_by")?,
            note: r.try_get("note")?,
        })
    }

    /// Imports a pending submission: every player named by his list id,
    /// those the office does not know entered as new players (with the next
    /// free ids when they have none), the event imported as any event file
    /// (audited, by `by`).
    ///
    /// # Errors
    /// [`StoreError::NoSuchSubmission`]; [`StoreError::NotPending`]; the
    /// import's refusals (a sex that disagrees with the office's record, a
    /// closed period …).
    pub async fn import_submission(&self, id: i64, by: &str) -> Result<EventImport, StoreError> {
        let sub = self.submission(id).await?;
        if sub.status != "pending" {
            return Err(StoreError::NotPending(id));
        }
        let text: String =
            sqlx::query_scalar("SELECT event_file FROM desk_submissions WHERE id = $1")
                .bind(id)
                .fetch_one(&self.pool)
                .await?;
        let event = read_event(&text, &format!("submission #{id}"), Some(EventFormat::Json))?;
        let mut next: u32 = sqlx::query_scalar::<_, Option<i64>>("SELECT MAX(id) FROM players")
            .fetch_one(&self.pool)
            .await?
            .map_or(1, |m| m as u32 + 1);
        let unknown: Vec<String> = sub
            .players
            .iter()
            .filter(|p| p.is_new() && p.sex.is_none())
            .map(|p| p.name.clone())
            .collect();
        if !unknown.is_empty() {
            return Err(StoreError::SexUnknown { names: unknown });
        }
        let mut ids = HashMap::new();
        let mut sexes = HashMap::new();
        let mut new_players = Vec::new();
        for p in &sub.players {
            let list_id = match p.list_id {
                Some(l) => l,
                None => {
                    let l = next;
                    next += 1;
                    l
                }
            };
            if p.is_new() {
                new_players.push(list_id);
            }
            ids.insert(p.number, list_id);
            // A sex the desk did not record is the office's.
            if p.sex.is_none() {
                if let Some(office) = p.office_sex.as_deref() {
                    sexes.insert(p.number, crate::stored_sex(office, "the office's players")?);
                }
            }
        }
        let event = event
            .with_players(|p| Player {
                id: PlayerId(ids.get(&p.id.0).copied().unwrap_or(p.id.0)),
                sex: sexes.get(&p.id.0).copied().unwrap_or(p.sex),
                ..p.clone()
            })
            .map_err(|e| StoreError::Rating(e.to_string()))?;
        let file = format!("desk-event-{}.json", sub.desk_event_id);
        let text = write_event(&event, EventFormat::Json);
        let mut done = self
            .import_events_with(
                &[(file.as_str(), text.as_str())],
                &sub.profile,
                &new_players,
                &|_| {},
                by,
            )
            .await?;
        let imported = done.pop().unwrap_or(Err(StoreError::Corrupt {
            what: "the import returned nothing".into(),
        }))?;
        // Who each desk player became at the office (the newcomers' ids
        // were given just now): the public player card shows what the
        // office's rating gave him.
        let office_ids: std::collections::BTreeMap<u32, u32> = ids.into_iter().collect();
        let office_ids = serde_json::to_string(&office_ids).map_err(|e| StoreError::Corrupt {
            what: format!("submission #{id}: {e}"),
        })?;
        sqlx::query(
            "UPDATE desk_submissions SET status = 'imported', office_event_id = $1, decided_by = $2, \
             decided_at = $3, office_ids = $4 WHERE id = $5 AND status = 'pending'",
        )
        .bind(imported.event_id)
        .bind(by)
        .bind(now())
        .bind(office_ids)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(imported)
    }

    /// Refuses a pending submission with a note for the arbiter; he may
    /// submit the event again once it is put right.
    ///
    /// # Errors
    /// [`StoreError::NoSuchSubmission`]; [`StoreError::NotPending`].
    pub async fn refuse_submission(&self, id: i64, note: &str, by: &str) -> Result<(), StoreError> {
        let done = sqlx::query(
            "UPDATE desk_submissions SET status = 'refused', note = $1, decided_by = $2, decided_at = $3 \
             WHERE id = $4 AND status = 'pending'",
        )
        .bind(note)
        .bind(by)
        .bind(now())
        .bind(id)
        .execute(&self.pool)
        .await?;
        if done.rows_affected() == 0 {
            self.submission(id).await?;
            return Err(StoreError::NotPending(id));
        }
        Ok(())
    }
}
