//! A rating period on the database: load the list before it and its
//! events, let the pure engine (`qiyuan_rating::period`) compute, keep every
//! figure with its trail; publish.

use std::collections::HashMap;

use chrono::NaiveDate;
use qiyuan_formats::list::FileRow;
use qiyuan_rating::model::PlayerId;
use qiyuan_rating::period::{
    Carried, EventFigures, ListRow, PeriodEvent, PeriodReport, RatingList, Status, compute_period,
    period_for, previous_list_date,
};
use qiyuan_rating::profile::Profile;
use serde::Serialize;
use serde_json::json;
use sqlx::Row;

use crate::audit::{AuditAction, append, require_actor};
use crate::import::{Val, insert_rows, parse_events, write_list_entries};
use crate::tx;
use crate::{Store, StoreError, date, dec, dec_opt};

/// What a period will rate: found before computing.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PeriodPlan {
    /// The profile.
    pub profile: String,
    /// The list date.
    pub list_date: NaiveDate,
    /// First day of the period.
    pub start: NaiveDate,
    /// Last day.
    pub end: NaiveDate,
    /// The list the period starts from.
    pub base_list_id: i64,
    /// Its date.
    pub base_list_date: NaiveDate,
    /// Events rated, in the order the engine rates them (by end date, then
    /// import order).
    pub event_ids: Vec<i64>,
}

/// One line of a player's changes in a period: what one event gave them,
/// as stored (a row of `rating_changes`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChangeLine {
    /// The player.
    pub player_id: u32,
    /// The event.
    pub event_id: i64,
    /// The figures, as the period's report gave them (written beside the
    /// ids, not nested, in JSON).
    #[serde(flatten)]
    pub figures: EventFigures,
}

/// The columns of `rating_changes` a [`ChangeLine`] is read from (after
/// `player_id`), prefixed by `c.` where the query names the table so.
const CHANGE_COLUMNS: &str = "games, score, rating_used, k, change, performance, \
     champion_protected, opponents_average, difference, expected_fraction, expected_score";

fn change_line(r: &sqlx::any::AnyRow, event_id: Option<i64>) -> Result<ChangeLine, StoreError> {
    Ok(ChangeLine {
        player_id: r.try_get::<i64, _>("player_id")? as u32,
        event_id: match event_id {
            Some(e) => e,
            None => r.try_get("event_id")?,
        },
        figures: EventFigures {
            games: r.try_get::<i64, _>("games")? as u32,
            score: dec(&r.try_get::<String, _>("score")?)?,
            rating_used: dec(&r.try_get::<String, _>("rating_used")?)?,
            k: r.try_get::<Option<i64>, _>("k")?.map(|k| k as u32),
            change: dec_opt(r.try_get("change")?)?,
            performance: dec_opt(r.try_get("performance")?)?,
            champion_protected: r.try_get::<i64, _>("champion_protected")? != 0,
            opponents_average: dec_opt(r.try_get("opponents_average")?)?,
            difference: dec_opt(r.try_get("difference")?)?,
            expected_fraction: dec_opt(r.try_get("expected_fraction")?)?,
            expected_score: dec_opt(r.try_get("expected_score")?)?,
        },
    })
}

/// The result of computing a period.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PeriodOutcome {
    /// What was rated.
    pub plan: PeriodPlan,
    /// The engine's report (every row with its contributions and notes).
    pub report: PeriodReport,
    /// The stored period (`None` on a dry run).
    pub period_id: Option<i64>,
    /// The draft list (`None` on a dry run).
    pub list_id: Option<i64>,
    /// Its audit entry (`None` on a dry run).
    pub audit_id: Option<i64>,
    /// Rows whose rating or status changed.
    pub changed_rows: usize,
    /// Games in the period's events.
    pub games: u64,
}

/// The result of a publication.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PublishOutcome {
    /// The list now published.
    pub list_id: i64,
    /// Its date.
    pub list_date: NaiveDate,
    /// The period that computed it (`None` for an imported list).
    pub period_id: Option<i64>,
    /// The audit entry of the publication.
    pub audit_id: i64,
    /// Rows on the list.
    pub rows: usize,
}

fn status_parse(s: &str) -> Result<Status, StoreError> {
    Status::parse(s).ok_or_else(|| StoreError::Corrupt {
        what: format!("unknown list status `{s}`"),
    })
}

impl Store {
    /// Finds the list a period of `profile` published on `list_date` starts
    /// from (the latest published list dated before it) and its events (of
    /// that profile, ending within the period).
    ///
    /// # Errors
    /// [`StoreError::NotAListDate`] when the profile publishes no list that
    /// day, [`StoreError::NoBaseList`] when no list precedes it.
    pub async fn plan_period(
        &self,
        profile: &Profile,
        list_date: NaiveDate,
    ) -> Result<PeriodPlan, StoreError> {
        let period = period_for(profile, list_date).map_err(|_| StoreError::NotAListDate {
            date: list_date,
            profile: profile.name.clone(),
            dates: profile
                .list
                .periods
                .iter()
                .map(|p| String::from(p.published))
                .collect::<Vec<_>>()
                .join(", "),
        })?;
        // The series of the profile: its latest published list (or one of
        // before series were kept).
        let (base_list_id, base_list_date) = self
            .latest_published(Some(&profile.name), list_date, None)
            .await?
            .ok_or_else(|| StoreError::NoBaseList {
                date: list_date,
                series: profile.name.clone(),
            })?;
        let event_ids: Vec<i64> = sqlx::query_scalar(
            "SELECT id FROM events WHERE profile = $1 AND end_date >= $2 AND end_date <= $3 \
             ORDER BY end_date, id",
        )
        .bind(&profile.name)
        .bind(period.start.to_string())
        .bind(period.end.to_string())
        .fetch_all(&self.pool)
        .await?;
        // The list before must be the previous list of the calendar (or a
        // later one): otherwise the periods between would be skipped.
        if let Some(previous) = previous_list_date(profile, &period)
            && base_list_date < previous
        {
            return Err(StoreError::MissingList {
                list_date,
                previous,
                latest: base_list_date,
            });
        }
        Ok(PeriodPlan {
            profile: profile.name.clone(),
            list_date,
            start: period.start,
            end: period.end,
            base_list_id,
            base_list_date,
            event_ids,
        })
    }

    /// A stored list as the engine's [`RatingList`] (titles awarded before
    /// `titles_before` included), in player-id order.
    ///
    /// # Errors
    /// A database error or unreadable data.
    pub async fn load_list(
        &self,
        list_id: i64,
        titles_before: NaiveDate,
    ) -> Result<RatingList, StoreError> {
        let rows = self.list_file(list_id, titles_before).await?;
        RatingList::new(rows.into_iter().map(|f| f.row).collect()).map_err(|e| {
            StoreError::Corrupt {
                what: e.to_string(),
            }
        })
    }

    /// A stored list's rows as a list file holds them (titles awarded
    /// before `titles_before` included), in player-id order: the engine's
    /// row and the columns beside it — what the office's CSV export writes
    /// ([`qiyuan_formats::list::write_list_file`]).
    ///
    /// # Errors
    /// A database error or unreadable data.
    pub async fn list_file(
        &self,
        list_id: i64,
        titles_before: NaiveDate,
    ) -> Result<Vec<FileRow>, StoreError> {
        // The identity and titles the list itself holds (what it published).
        let rows = sqlx::query(
            "SELECT player_id, name, sex, birth, unit, titles, rating, valid_games, k, \
             status, highest, rated_events, last_active, carried_games, carried_sum, \
             carried_since, fide_id FROM list_entries WHERE list_id = $1 ORDER BY player_id",
        )
        .bind(list_id)
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in rows {
            let id = r.try_get::<i64, _>("player_id")? as u32;
            let sex: String = r.try_get("sex")?;
            let birth: Option<String> = r.try_get("birth")?;
            let last_active: Option<String> = r.try_get("last_active")?;
            let titles = qiyuan_formats::list::parse_titles(
                &r.try_get::<Option<String>, _>("titles")?
                    .unwrap_or_default(),
            )
            .map_err(|e| StoreError::Corrupt {
                what: format!("list {list_id}, player {id}: titles: {e}"),
            })?
            .into_iter()
            .filter(|t| t.date.is_none_or(|d| d < titles_before))
            .collect();
            let row = ListRow {
                id: PlayerId(id),
                name: r.try_get("name")?,
                sex: crate::stored_sex(&sex, "list_entries.sex")?,
                birth_year: birth.and_then(|b| b.get(..4).and_then(|y| y.parse().ok())),
                unit: r.try_get("unit")?,
                titles,
                rating: dec_opt(r.try_get("rating")?)?,
                rated_games: r.try_get::<i64, _>("valid_games")? as u32,
                rated_events: r.try_get::<i64, _>("rated_events")? as u32,
                k: r.try_get::<Option<i64>, _>("k")?.map(|k| k as u32),
                status: status_parse(&r.try_get::<String, _>("status")?)?,
                highest: dec_opt(r.try_get("highest")?)?,
                last_active: last_active.as_deref().map(date).transpose()?,
                carried: Carried {
                    games: r.try_get::<i64, _>("carried_games")? as u32,
                    sum: dec(&r.try_get::<String, _>("carried_sum")?)?,
                    since: r
                        .try_get::<Option<i64>, _>("carried_since")?
                        .map(|y| y as i32),
                },
            };
            out.push(FileRow {
                row,
                fide_id: r.try_get::<Option<i64>, _>("fide_id")?.map(|f| f as u64),
            });
        }
        Ok(out)
    }

    /// The list a period starts from, with every player of its events that
    /// no list has yet (entered by an event import, see
    /// [`Store::import_events_with`]) as an unrated row: a newcomer starts
    /// unrated.
    async fn with_newcomers(
        &self,
        list: RatingList,
        events: &[PeriodEvent],
    ) -> Result<RatingList, StoreError> {
        let missing: std::collections::BTreeSet<u32> = events
            .iter()
            .flat_map(|e| e.event.players().iter().map(|p| p.id))
            .filter(|id| list.get(*id).is_none())
            .map(|id| id.0)
            .collect();
        if missing.is_empty() {
            return Ok(list);
        }
        let mut rows = list.into_rows();
        for chunk in missing.iter().copied().collect::<Vec<_>>().chunks(500) {
            let ids = chunk
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(",");
            for r in sqlx::query(&format!(
                "SELECT id, name, sex, birth, unit FROM players WHERE id IN ({ids})"
            ))
            .fetch_all(&self.pool)
            .await?
            {
                let sex: String = r.try_get("sex")?;
                let birth: Option<String> = r.try_get("birth")?;
                let mut row = ListRow::new(
                    PlayerId(r.try_get::<i64, _>("id")? as u32),
                    r.try_get::<String, _>("name")?,
                    crate::stored_sex(&sex, "list_entries.sex")?,
                );
                row.birth_year = birth.and_then(|b| b.get(..4).and_then(|y| y.parse().ok()));
                row.unit = r.try_get("unit")?;
                rows.push(row);
            }
        }
        rows.sort_by_key(|r| r.id);
        RatingList::new(rows).map_err(|e| StoreError::Corrupt {
            what: e.to_string(),
        })
    }

    /// Computes the period of `profile` whose list is published on
    /// `list_date`: the events are read back from their files as imported,
    /// the list before from the database; the engine computes; unless
    /// `dry_run`, the new list is stored as a draft with every contribution
    /// (event × player) and an audit entry naming the list and the events
    /// (with their files' SHA-256) it came from.
    ///
    /// `progress(done, total)` is told of events read; `by` is the user who
    /// acts, recorded in the audit log (required even for a dry run).
    ///
    /// # Errors
    /// [`StoreError::NoActor`] when `by` is empty or blank;
    /// as [`Store::plan_period`]; [`StoreError::Rating`] when the engine
    /// refuses (a player not on the list, an event out of the period…).
    pub async fn compute_period(
        &self,
        profile_name: &str,
        list_date: NaiveDate,
        dry_run: bool,
        progress: &dyn Fn(u64, u64),
        by: &str,
    ) -> Result<PeriodOutcome, StoreError> {
        require_actor("compute_period", by)?;
        let profile = Profile::builtin(profile_name)?;
        let plan = self.plan_period(&profile, list_date).await?;
        // The list it starts from, and the FIDE ids that list gives: the
        // engine carries the identity of its rows (name, unit) to the new
        // list, the store carries the FIDE ids beside it.
        let base = self.list_file(plan.base_list_id, list_date).await?;
        let fide_ids: HashMap<PlayerId, u64> = base
            .iter()
            .filter_map(|f| Some((f.row.id, f.fide_id?)))
            .collect();
        let list = RatingList::new(base.into_iter().map(|f| f.row).collect()).map_err(|e| {
            StoreError::Corrupt {
                what: e.to_string(),
            }
        })?;
        let total = plan.event_ids.len() as u64;
        let mut events = Vec::with_capacity(plan.event_ids.len());
        let mut shas = Vec::with_capacity(plan.event_ids.len());
        let mut games = 0u64;
        for chunk in plan.event_ids.chunks(500) {
            let ids = chunk
                .iter()
                .map(i64::to_string)
                .collect::<Vec<_>>()
                .join(",");
            let sql = format!(
                "SELECT id, file_name, file_sha256, file_content FROM events WHERE id IN ({ids})"
            );
            let mut rows: HashMap<i64, (String, String, String)> = HashMap::new();
            for r in sqlx::query(&sql).fetch_all(&self.pool).await? {
                rows.insert(
                    r.try_get("id")?,
                    (
                        r.try_get("file_name")?,
                        r.try_get("file_sha256")?,
                        r.try_get("file_content")?,
                    ),
                );
            }
            let mut batch = Vec::with_capacity(chunk.len());
            for id in chunk {
                let row = rows.remove(id).ok_or_else(|| StoreError::Corrupt {
                    what: format!("event {id} vanished"),
                })?;
                shas.push(json!({"event_id": id, "sha256": row.1}));
                batch.push(row);
            }
            let refs: Vec<(&str, &str)> = batch
                .iter()
                .map(|(f, _, t)| (f.as_str(), t.as_str()))
                .collect();
            for event in parse_events(&refs) {
                let event = event?;
                games += event.pairings().len() as u64;
                events.push(PeriodEvent::new(event));
            }
            progress(events.len() as u64, total);
        }
        let list = self.with_newcomers(list, &events).await?;
        let report = compute_period(&profile, &list, &events, list_date)
            .map_err(|e| StoreError::Rating(e.to_string()))?;
        drop(events);
        drop(list);
        // The engine rates by (date, input order) with a stable sort; the
        // input is already in (end date, id) order, so positions match.
        if report.events.len() != plan.event_ids.len() {
            return Err(StoreError::Rating(format!(
                "the engine rated {} events of {}",
                report.events.len(),
                plan.event_ids.len()
            )));
        }
        let changed_rows = report
            .rows
            .iter()
            .filter(|r| r.rating_before != r.row.rating || r.status_before != r.row.status)
            .count();
        let mut outcome = PeriodOutcome {
            plan,
            report,
            period_id: None,
            list_id: None,
            audit_id: None,
            changed_rows,
            games,
        };
        if dry_run {
            return Ok(outcome);
        }
        let plan = &outcome.plan;
        let report = &outcome.report;
        let mut tx = tx::begin(&self.pool).await?;
        let audit_id = append(
            &mut tx,
            AuditAction::ComputePeriod,
            &format!("period {} {}", plan.profile, plan.list_date),
            &json!({
                "profile": plan.profile, "list_date": plan.list_date.to_string(),
                "start": plan.start.to_string(), "end": plan.end.to_string(),
                "base_list_id": plan.base_list_id, "events": shas,
                "rows": report.rows.len(), "changed_rows": changed_rows,
            }),
            by,
        )
        .await?;
        let list_id: i64 = sqlx::query_scalar(
            "INSERT INTO rating_lists (list_date, origin, status, audit_id, series) \
             VALUES ($1, 'computed', 'draft', $2, $3) RETURNING id",
        )
        .bind(plan.list_date.to_string())
        .bind(audit_id)
        .bind(&plan.profile)
        .fetch_one(&mut *tx)
        .await?;
        let period_id: i64 = sqlx::query_scalar(
            "INSERT INTO periods (profile, list_date, start_date, end_date, base_list_id, \
             result_list_id, audit_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
        )
        .bind(&plan.profile)
        .bind(plan.list_date.to_string())
        .bind(plan.start.to_string())
        .bind(plan.end.to_string())
        .bind(plan.base_list_id)
        .bind(list_id)
        .bind(audit_id)
        .fetch_one(&mut *tx)
        .await?;
        insert_rows(
            &mut tx,
            "INSERT INTO period_events (period_id, event_id)",
            "",
            2,
            plan.event_ids
                .iter()
                .map(|&e| vec![Val::I(period_id), Val::I(e)]),
            &|_| {},
        )
        .await?;
        write_list_entries(
            &mut tx,
            list_id,
            report.rows.iter().map(|r| {
                // Typed notes: `period_notes` reads them back, and the English
                // strings of the rows written before notes were typed.
                let notes = (!r.notes.is_empty()).then(|| json!(r.notes).to_string());
                (&r.row, fide_ids.get(&r.row.id).copied(), notes)
            }),
            &|_| {},
        )
        .await?;
        let changes = report.rows.iter().flat_map(|r| {
            r.contributions.iter().map(move |c| {
                let (event, c) = (c.event, &c.figures);
                vec![
                    Val::I(period_id),
                    Val::I(r.row.id.0.into()),
                    Val::I(plan.event_ids[event]),
                    Val::I(c.games.into()),
                    Val::T(c.score.to_string()),
                    Val::T(c.rating_used.to_string()),
                    Val::OptI(c.k.map(i64::from)),
                    Val::OptT(c.change.map(|d| d.to_string())),
                    Val::OptT(c.performance.map(|d| d.to_string())),
                    Val::I(c.champion_protected.into()),
                    Val::OptT(c.opponents_average.map(|d| d.to_string())),
                    Val::OptT(c.difference.map(|d| d.to_string())),
                    Val::OptT(c.expected_fraction.map(|d| d.to_string())),
                    Val::OptT(c.expected_score.map(|d| d.to_string())),
                ]
            })
        });
        insert_rows(
            &mut tx,
            "INSERT INTO rating_changes (period_id, player_id, event_id, games, score, \
             rating_used, k, change, performance, champion_protected, opponents_average, \
             difference, expected_fraction, expected_score)",
            "",
            14,
            changes,
            &|_| {},
        )
        .await?;
        tx::commit(tx).await?;
        outcome.period_id = Some(period_id);
        outcome.list_id = Some(list_id);
        outcome.audit_id = Some(audit_id);
        Ok(outcome)
    }

    /// Publishes the latest computed draft list (of the latest list date):
    /// its status becomes published and the publication is audited with the
    /// period and list it made public. From then on, events ending in its
    /// period are refused (the period is closed). `by` is the user who acts,
    /// recorded in the audit log.
    ///
    /// # Errors
    /// [`StoreError::NoActor`] when `by` is empty or blank;
    /// [`StoreError::NothingToPublish`] when no draft waits.
    pub async fn publish(&self, by: &str) -> Result<PublishOutcome, StoreError> {
        require_actor("publish", by)?;
        let list_id: i64 = sqlx::query_scalar(
            "SELECT l.id FROM rating_lists l JOIN periods p ON p.result_list_id = l.id \
             WHERE l.status = 'draft' ORDER BY l.list_date DESC, l.id DESC LIMIT 1",
        )
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NothingToPublish)?;
        self.publish_list(list_id, false, by).await
    }

    /// The contributions stored for a period (optionally one player's), in
    /// (player, event) order.
    ///
    /// # Errors
    /// A database error.
    pub async fn period_changes(
        &self,
        period_id: i64,
        player: Option<u32>,
    ) -> Result<Vec<ChangeLine>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT player_id, event_id, {CHANGE_COLUMNS} FROM rating_changes \
             WHERE period_id = $1 AND ($2 < 0 OR player_id = $2) ORDER BY player_id, event_id"
        ))
        .bind(period_id)
        .bind(player.map_or(-1, i64::from))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| change_line(r, None)).collect()
    }
}

impl Store {
    /// The lines of an event's 等级分计算表 as the latest period that rated
    /// it stored them, with each player's name and unit, in the players'
    /// order in the event file.
    ///
    /// # Errors
    /// A database error.
    pub async fn event_changes(
        &self,
        event_id: i64,
    ) -> Result<Vec<(ChangeLine, String, Option<String>)>, StoreError> {
        let period: Option<i64> =
            sqlx::query_scalar("SELECT MAX(period_id) FROM period_events WHERE event_id = $1")
                .bind(event_id)
                .fetch_one(&self.pool)
                .await?;
        let Some(period) = period else {
            return Ok(Vec::new());
        };
        let columns = CHANGE_COLUMNS
            .split(", ")
            .map(|c| format!("c.{}", c.trim()))
            .collect::<Vec<_>>()
            .join(", ");
        let rows = sqlx::query(&format!(
            "SELECT c.player_id, {columns}, p.name, p.unit FROM rating_changes c \
             JOIN players p ON p.id = c.player_id \
             WHERE c.period_id = $1 AND c.event_id = $2 ORDER BY c.player_id"
        ))
        .bind(period)
        .bind(event_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok((
                    change_line(r, Some(event_id))?,
                    r.try_get("name")?,
                    r.try_get("unit")?,
                ))
            })
            .collect()
    }
}
