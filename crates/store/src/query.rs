//! Reading the office back: totals, lists, a player's history, events.

use chrono::NaiveDate;
use qiyuan_rating::period::PeriodNote;
use rust_decimal::Decimal;
use serde::Serialize;
use sqlx::Row;

use crate::office::ChangeLine;
use crate::{Store, StoreError, date, dec_opt};

/// Counts of what the database holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Totals {
    /// Players.
    pub players: u64,
    /// Events.
    pub events: u64,
    /// Games and byes.
    pub games: u64,
    /// Rating lists (imported, computed, published or draft).
    pub lists: u64,
    /// Audit entries.
    pub audit_entries: u64,
}

/// A stored list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ListInfo {
    /// Its id.
    pub id: i64,
    /// Its date.
    pub list_date: NaiveDate,
    /// `imported` or `computed`.
    pub origin: String,
    /// `draft` or `published`.
    pub status: String,
    /// The period that computed it.
    pub period_id: Option<i64>,
    /// The profile of that period.
    pub profile: Option<String>,
    /// The series (profile) the list belongs to; `None` for a list of
    /// before series were kept.
    pub series: Option<String>,
}

/// One row of a stored list, with the player's identity: the published
/// list's row of [`qiyuan_formats::list`], whose column table the pages and
/// exports write it with.
pub use qiyuan_formats::list::ListLine;

/// A list row's notes as stored (`list_entries.notes`, a JSON array): a
/// period's typed notes, and the English strings of the rows written
/// before notes were typed, read back as [`PeriodNote::Legacy`] and shown
/// as stored (a published list never changes). Text that is not such an
/// array is one legacy note; no text, no note.
///
/// ```
/// use qiyuan_rating::Lang;
/// use qiyuan_rating::period::PeriodNote;
/// use qiyuan_store::period_notes;
/// let old = period_notes(Some(r#"["first rating 1530"]"#));
/// assert_eq!(old, [PeriodNote::Legacy("first rating 1530".into())]);
/// let new = period_notes(Some(r#"[{"first_rating":{"rating":"1530"}}]"#));
/// assert_eq!(new[0].text(Lang::Zh), "首次获得等级分 1530");
/// assert!(period_notes(None).is_empty());
/// ```
pub fn period_notes(stored: Option<&str>) -> Vec<PeriodNote> {
    match stored {
        None => Vec::new(),
        Some(text) => serde_json::from_str::<Vec<PeriodNote>>(text)
            .unwrap_or_else(|_| vec![PeriodNote::Legacy(text.to_string())]),
    }
}

/// The columns [`list_line`] reads, from the list's rows `e` and the rows
/// `b` of the list its period started from (joined by the query). `birth`:
/// with the year of birth — never for a page anyone may read, which gets
/// none.
pub(crate) fn list_line_columns(birth: bool) -> String {
    format!(
        "e.player_id, e.name, e.sex, {}, e.unit, e.titles, e.rating, e.valid_games, e.k, \
         e.status, e.highest, e.notes, e.fide_id, b.rating AS rating_before",
        if birth {
            "e.birth"
        } else {
            "CAST(NULL AS TEXT) AS birth"
        }
    )
}

/// A list row as [`list_line_columns`] selects it: the one reader of every
/// list query (the whole list, a page of it).
pub(crate) fn list_line(r: &sqlx::any::AnyRow) -> Result<ListLine, StoreError> {
    Ok(ListLine {
        id: r.try_get::<i64, _>("player_id")? as u32,
        name: r.try_get("name")?,
        sex: r.try_get("sex")?,
        birth: r.try_get("birth")?,
        unit: r.try_get("unit")?,
        titles: r
            .try_get::<Option<String>, _>("titles")?
            .map(|t| {
                qiyuan_formats::list::parse_titles(&t)
                    .unwrap_or_default()
                    .into_iter()
                    .map(|t| t.title)
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .filter(|t| !t.is_empty()),
        rating: dec_opt(r.try_get("rating")?)?,
        rating_before: dec_opt(r.try_get("rating_before")?)?,
        valid_games: r.try_get::<i64, _>("valid_games")? as u32,
        k: r.try_get::<Option<i64>, _>("k")?.map(|k| k as u32),
        status: r.try_get("status")?,
        highest: dec_opt(r.try_get("highest")?)?,
        notes: r.try_get("notes")?,
        fide_id: r.try_get::<Option<i64>, _>("fide_id")?.map(|f| f as u64),
    })
}

/// A player's row on one list.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerListLine {
    /// The list.
    pub list: ListInfo,
    /// Rating.
    pub rating: Option<Decimal>,
    /// Valid games.
    pub valid_games: u32,
    /// K.
    pub k: Option<u32>,
    /// Status.
    pub status: String,
    /// Highest ever.
    pub highest: Option<Decimal>,
    /// What the period did ([`period_notes`] of the stored text).
    pub notes: Vec<PeriodNote>,
    /// What each event of the period gave the player, with the event's name.
    pub changes: Vec<(ChangeLine, String)>,
}

/// Everything the office knows of a player.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerHistory {
    /// Id.
    pub id: u32,
    /// Name.
    pub name: String,
    /// `m` or `f`.
    pub sex: String,
    /// Birth.
    pub birth: Option<String>,
    /// Unit.
    pub unit: Option<String>,
    /// Titles and the day awarded.
    pub titles: Vec<(String, Option<NaiveDate>)>,
    /// Every list the player is on, oldest first.
    pub lists: Vec<PlayerListLine>,
}

/// The columns [`stored_event`] reads.
const EVENT_COLUMNS: &str = "id, name, profile, end_date, file_name, file_sha256, file_content, \
     player_count, game_count, audit_id";

fn stored_event(r: &sqlx::any::AnyRow) -> Result<StoredEvent, StoreError> {
    let end: Option<String> = r.try_get("end_date")?;
    Ok(StoredEvent {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        profile: r.try_get("profile")?,
        end: end.as_deref().map(date).transpose()?,
        file_name: r.try_get("file_name")?,
        sha256: r.try_get("file_sha256")?,
        file_content: r.try_get("file_content")?,
        players: r.try_get::<i64, _>("player_count")? as u32,
        games: r.try_get::<i64, _>("game_count")? as u32,
        audit_id: r.try_get("audit_id")?,
    })
}

impl StoredEvent {
    /// The event file as the rating model reads it.
    ///
    /// # Errors
    /// A file the reader refuses (stored files were read once at import,
    /// so only a change of the reader makes one).
    pub fn read(&self) -> Result<qiyuan_rating::model::Event, StoreError> {
        qiyuan_formats::event::read_event(&self.file_content, &self.file_name, None).map_err(|e| {
            StoreError::Corrupt {
                what: format!("event #{}: {e}", self.id),
            }
        })
    }
}

/// An imported event as the office's dashboard lists it (without its file).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EventSummary {
    /// Id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// Profile it is rated under.
    pub profile: String,
    /// Last day.
    pub end: Option<NaiveDate>,
    /// Players.
    pub players: u32,
    /// Games and byes.
    pub games: u32,
}

/// An imported event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StoredEvent {
    /// Id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// Profile it is rated under.
    pub profile: String,
    /// Last day.
    pub end: Option<NaiveDate>,
    /// File name as imported.
    pub file_name: String,
    /// SHA-256 of the file.
    pub sha256: String,
    /// The file, verbatim.
    pub file_content: String,
    /// Players.
    pub players: u32,
    /// Games and byes.
    pub games: u32,
    /// The audit entry of its import.
    pub audit_id: i64,
}

/// A stored game or bye.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StoredGame {
    /// Position in the file (from 0).
    pub seq: u32,
    /// Round.
    pub round: u32,
    /// White (red), or the player with a bye.
    pub white: u32,
    /// Black; `None` for a bye.
    pub black: Option<u32>,
    /// Result as the event file spells it.
    pub result: String,
}

fn list_info(r: &sqlx::any::AnyRow) -> Result<ListInfo, StoreError> {
    Ok(ListInfo {
        id: r.try_get("id")?,
        list_date: date(&r.try_get::<String, _>("list_date")?)?,
        origin: r.try_get("origin")?,
        status: r.try_get("status")?,
        period_id: r.try_get("period_id")?,
        profile: r.try_get("profile")?,
        series: r.try_get("series")?,
    })
}

const LIST_INFO: &str = "SELECT l.id, l.list_date, l.origin, l.status, p.id AS period_id, \
    p.profile, l.series FROM rating_lists l LEFT JOIN periods p ON p.result_list_id = l.id";

impl Store {
    /// How many players, events, games, lists and audit entries there are.
    ///
    /// # Errors
    /// A database error.
    pub async fn totals(&self) -> Result<Totals, StoreError> {
        let count = |table: &'static str| async move {
            let n: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}"))
                .fetch_one(&self.pool)
                .await?;
            Ok::<u64, StoreError>(n as u64)
        };
        Ok(Totals {
            players: count("players").await?,
            events: count("events").await?,
            games: count("games").await?,
            lists: count("rating_lists").await?,
            audit_entries: count("audit_log").await?,
        })
    }

    /// A page of the imported events, newest first: `limit` from `offset`.
    ///
    /// # Errors
    /// A database error.
    pub async fn events_page(
        &self,
        limit: u32,
        offset: u64,
    ) -> Result<Vec<EventSummary>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, name, profile, end_date, player_count, game_count FROM events \
             ORDER BY id DESC LIMIT $1 OFFSET $2",
        )
        .bind(i64::from(limit))
        .bind(i64::try_from(offset).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let end: Option<String> = r.try_get("end_date")?;
                Ok(EventSummary {
                    id: r.try_get("id")?,
                    name: r.try_get("name")?,
                    profile: r.try_get("profile")?,
                    end: end.as_deref().map(date).transpose()?,
                    players: r.try_get::<i64, _>("player_count")? as u32,
                    games: r.try_get::<i64, _>("game_count")? as u32,
                })
            })
            .collect()
    }

    /// Every list, oldest first.
    ///
    /// # Errors
    /// A database error.
    pub async fn lists(&self) -> Result<Vec<ListInfo>, StoreError> {
        let sql = format!("{LIST_INFO} ORDER BY l.list_date, l.id");
        sqlx::query(&sql)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(list_info)
            .collect()
    }

    /// The rows of a list, by rating (highest first; unrated last), then id.
    ///
    /// # Errors
    /// A database error.
    pub async fn list_lines(&self, list_id: i64) -> Result<Vec<ListLine>, StoreError> {
        let base: Option<i64> =
            sqlx::query_scalar("SELECT base_list_id FROM periods WHERE result_list_id = $1")
                .bind(list_id)
                .fetch_optional(&self.pool)
                .await?
                .flatten();
        // The identity and titles as the list holds them: what it
        // published, whatever later lists say of the same ids.
        let rows = sqlx::query(&format!(
            "SELECT {} FROM list_entries e \
             LEFT JOIN list_entries b ON b.list_id = $2 AND b.player_id = e.player_id \
             WHERE e.list_id = $1",
            list_line_columns(true)
        ))
        .bind(list_id)
        .bind(base.unwrap_or(-1))
        .fetch_all(&self.pool)
        .await?;
        let mut out = rows.iter().map(list_line).collect::<Result<Vec<_>, _>>()?;
        out.sort_by(|a, b| {
            let key = |l: &ListLine| (l.status == "unrated", l.rating.map(|r| -r));
            key(a).cmp(&key(b)).then(a.id.cmp(&b.id))
        });
        Ok(out)
    }

    /// A player's identity, titles, every list row and what each event gave.
    ///
    /// # Errors
    /// [`StoreError::NoSuchPlayer`], or a database error.
    pub async fn player_history(&self, id: u32) -> Result<PlayerHistory, StoreError> {
        let p = sqlx::query("SELECT name, sex, birth, unit FROM players WHERE id = $1")
            .bind(i64::from(id))
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::NoSuchPlayer(id))?;
        let mut titles = Vec::new();
        for r in sqlx::query(
            "SELECT title, awarded FROM titles WHERE player_id = $1 ORDER BY awarded, id",
        )
        .bind(i64::from(id))
        .fetch_all(&self.pool)
        .await?
        {
            let awarded: Option<String> = r.try_get("awarded")?;
            titles.push((
                r.try_get("title")?,
                awarded.as_deref().map(date).transpose()?,
            ));
        }
        let sql = format!(
            "{LIST_INFO} JOIN list_entries e ON e.list_id = l.id AND e.player_id = $1 \
             ORDER BY l.list_date, l.id"
        );
        let infos: Vec<ListInfo> = sqlx::query(&sql)
            .bind(i64::from(id))
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(list_info)
            .collect::<Result<_, _>>()?;
        let mut lists = Vec::with_capacity(infos.len());
        for list in infos {
            let r = sqlx::query(
                "SELECT rating, valid_games, k, status, highest, notes FROM list_entries \
                 WHERE list_id = $1 AND player_id = $2",
            )
            .bind(list.id)
            .bind(i64::from(id))
            .fetch_one(&self.pool)
            .await?;
            let mut changes = Vec::new();
            if let Some(period) = list.period_id {
                for c in self.period_changes(period, Some(id)).await? {
                    let name: String = sqlx::query_scalar("SELECT name FROM events WHERE id = $1")
                        .bind(c.event_id)
                        .fetch_one(&self.pool)
                        .await?;
                    changes.push((c, name));
                }
            }
            lists.push(PlayerListLine {
                rating: dec_opt(r.try_get("rating")?)?,
                valid_games: r.try_get::<i64, _>("valid_games")? as u32,
                k: r.try_get::<Option<i64>, _>("k")?.map(|k| k as u32),
                status: r.try_get("status")?,
                highest: dec_opt(r.try_get("highest")?)?,
                notes: period_notes(r.try_get::<Option<String>, _>("notes")?.as_deref()),
                list,
                changes,
            });
        }
        Ok(PlayerHistory {
            id,
            name: p.try_get("name")?,
            sex: p.try_get("sex")?,
            birth: p.try_get("birth")?,
            unit: p.try_get("unit")?,
            titles,
            lists,
        })
    }

    /// An imported event, file included.
    ///
    /// # Errors
    /// A database error; `Ok(None)` when there is no such event.
    pub async fn event(&self, id: i64) -> Result<Option<StoredEvent>, StoreError> {
        let row = sqlx::query(&format!("SELECT {EVENT_COLUMNS} FROM events WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(stored_event).transpose()
    }

    /// The imported events a player is in (by list id), oldest first, files
    /// included: what a title file is gathered from.
    ///
    /// # Errors
    /// A database error.
    pub async fn player_events(&self, id: u32) -> Result<Vec<StoredEvent>, StoreError> {
        sqlx::query(&format!(
            "SELECT {EVENT_COLUMNS} FROM events WHERE id IN \
             (SELECT event_id FROM event_players WHERE player_id = $1) ORDER BY id"
        ))
        .bind(i64::from(id))
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(stored_event)
        .collect()
    }

    /// The games and byes of an event, in file order.
    ///
    /// # Errors
    /// A database error.
    pub async fn event_games(&self, event_id: i64) -> Result<Vec<StoredGame>, StoreError> {
        sqlx::query(
            "SELECT seq, round, white, black, result FROM games WHERE event_id = $1 ORDER BY seq",
        )
        .bind(event_id)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|r| {
            Ok(StoredGame {
                seq: r.try_get::<i64, _>("seq")? as u32,
                round: r.try_get::<i64, _>("round")? as u32,
                white: r.try_get::<i64, _>("white")? as u32,
                black: r.try_get::<Option<i64>, _>("black")?.map(|b| b as u32),
                result: r.try_get("result")?,
            })
        })
        .collect()
    }
}
