//! Importing rating lists and event files, each in one transaction.

use std::collections::HashMap;

use qiyuan_rating::conditions::{CheckStatus, ConditionCheck, check_event};
use qiyuan_rating::model::{Event, Pairing, Sex};
use qiyuan_rating::period::ListRow;
use qiyuan_rating::period::admission::{ClosedPeriod, EventRefusal, PlayerRefusal, admit_event};
use qiyuan_rating::profile::Profile;
use serde::Serialize;
use serde_json::json;
use sqlx::Row;

use crate::audit::{AuditAction, append, require_actor, sha256};
use crate::tx::{self, Tx};
use crate::{Store, StoreError};

/// One row of a rating list to import: the engine's [`ListRow`] and the
/// line of the file it came from (for messages).
#[derive(Debug, Clone, PartialEq)]
pub struct ListEntry {
    /// Line of the file (from 1), for messages.
    pub line: usize,
    /// The row.
    pub row: ListRow,
    /// The player's FIDE id, if the list gives one.
    pub fide_id: Option<u64>,
}

impl From<qiyuan_formats::list::ReadRow> for ListEntry {
    fn from(r: qiyuan_formats::list::ReadRow) -> ListEntry {
        ListEntry {
            line: r.line,
            row: r.row,
            fide_id: r.fide_id,
        }
    }
}

/// What an event import did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EventImport {
    /// The new event's id.
    pub event_id: i64,
    /// Its audit entry.
    pub audit_id: i64,
    /// Its name.
    pub name: String,
    /// Players.
    pub players: usize,
    /// Games and byes.
    pub games: usize,
    /// SHA-256 of the file.
    pub sha256: String,
    /// The profile's rated-event conditions the event fails, as its file
    /// gives the players' ratings, units, arbiters and dates (a warning:
    /// the event is imported and rated all the same).
    pub unmet_conditions: Vec<ConditionCheck>,
}

/// A value bound into a multi-row insert.
pub(crate) enum Val {
    I(i64),
    OptI(Option<i64>),
    T(String),
    OptT(Option<String>),
    /// Bytes (a BLOB; PostgreSQL: BYTEA).
    B(Vec<u8>),
}

/// Inserts rows with multi-row `VALUES` statements of a fixed size (so that
/// the prepared statement is reused), within the caller's transaction.
pub(crate) async fn insert_rows(
    tx: &mut Tx,
    head: &str,
    tail: &str,
    columns: usize,
    rows: impl IntoIterator<Item = Vec<Val>>,
    progress: &dyn Fn(u64),
) -> Result<(), StoreError> {
    let per = (30_000 / columns).min(500);
    // SQLite looks a numbered parameter's name up by a linear scan, which
    // makes binding thousands of `$N` quadratic: it gets anonymous `?`s.
    let numbered = tx.backend_name() != "SQLite";
    let mut full_sql: Option<String> = None;
    let mut iter = rows.into_iter().peekable();
    while iter.peek().is_some() {
        let chunk: Vec<Vec<Val>> = iter.by_ref().take(per).collect();
        let n = chunk.len();
        let built;
        let sql: &str = if n == per {
            full_sql.get_or_insert_with(|| values_sql(head, tail, columns, per, numbered))
        } else {
            built = values_sql(head, tail, columns, n, numbered);
            &built
        };
        let mut q = sqlx::query(sql);
        for row in chunk {
            for v in row {
                q = match v {
                    Val::I(x) => q.bind(x),
                    Val::OptI(x) => q.bind(x),
                    Val::T(x) => q.bind(x),
                    Val::OptT(x) => q.bind(x),
                    Val::B(x) => q.bind(x),
                };
            }
        }
        q.execute(&mut **tx).await?;
        progress(n as u64);
    }
    Ok(())
}

fn values_sql(head: &str, tail: &str, columns: usize, rows: usize, numbered: bool) -> String {
    let mut sql = String::with_capacity(head.len() + rows * columns * 6);
    sql.push_str(head);
    sql.push_str(" VALUES ");
    let mut p = 1;
    for r in 0..rows {
        if r > 0 {
            sql.push(',');
        }
        sql.push('(');
        for c in 0..columns {
            if c > 0 {
                sql.push(',');
            }
            if numbered {
                sql.push('$');
                sql.push_str(&p.to_string());
            } else {
                sql.push('?');
            }
            p += 1;
        }
        sql.push(')');
    }
    sql.push_str(tail);
    sql
}

/// Parses event files on every core (parsing is most of an import's CPU
/// time; the database writes on its own thread meanwhile waits anyway).
pub(crate) fn parse_events(
    files: &[(&str, &str)],
) -> Vec<Result<Event, qiyuan_formats::event::EventFileError>> {
    let threads = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .clamp(1, 8);
    if threads == 1 || files.len() < 2 {
        return files
            .iter()
            .map(|(name, text)| qiyuan_formats::event::read_event(text, name, None))
            .collect();
    }
    let per = files.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let handles: Vec<_> = files
            .chunks(per)
            .map(|chunk| {
                scope.spawn(move || {
                    chunk
                        .iter()
                        .map(|(name, text)| qiyuan_formats::event::read_event(text, name, None))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    })
}

/// How a game's result is stored (the event file's spellings).
pub(crate) fn pairing_row(p: &Pairing) -> (u32, u32, Option<u32>, &'static str) {
    (p.round(), p.first().0, p.second().map(|b| b.0), p.code())
}

impl Store {
    /// Players of the database among `ids`: name and sex.
    pub(crate) async fn known_players(
        &self,
        ids: impl Iterator<Item = u32>,
    ) -> Result<HashMap<u32, KnownPlayer>, StoreError> {
        let ids: Vec<u32> = ids.collect();
        let mut out = HashMap::with_capacity(ids.len());
        for chunk in ids.chunks(500) {
            let list = chunk
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(",");
            let sql = format!("SELECT id, name, sex FROM players WHERE id IN ({list})");
            for r in sqlx::query(&sql).fetch_all(&self.pool).await? {
                let id: i64 = r.try_get("id")?;
                out.insert(
                    id as u32,
                    KnownPlayer {
                        name: r.try_get("name")?,
                        sex: crate::stored_sex(&r.try_get::<String, _>("sex")?, "players.sex")?,
                    },
                );
            }
        }
        Ok(out)
    }

    /// Imports an event file: the file verbatim, its players and games, in
    /// one transaction with its audit entry — a killed import leaves the
    /// whole event or none of it.
    ///
    /// `profile` is the rating profile the event is rated under (its game
    /// must be the event's); `by` is the user who acts, recorded in the
    /// audit log.
    ///
    /// # Errors
    /// [`StoreError::NoActor`] when `by` is empty or blank;
    /// [`StoreError::DuplicateEvent`] when the same file was imported
    /// before; [`StoreError::EventFile`] when it is not a valid event;
    /// [`StoreError::UnknownPlayers`] when players are not on any list;
    /// [`StoreError::PlayerMismatch`] when a player's sex disagrees with the
    /// list; [`StoreError::NoEndDate`]; [`StoreError::ClosedPeriod`] when it
    /// ends in a period whose list is already published;
    /// [`StoreError::WrongGame`].
    pub async fn import_event(
        &self,
        file_name: &str,
        text: &str,
        profile: &str,
        by: &str,
    ) -> Result<EventImport, StoreError> {
        require_actor("import_event", by)?;
        self.import_event_with_progress(file_name, text, profile, &|_| {}, by)
            .await
    }

    /// [`Store::import_event`], telling `progress` how many games were
    /// written so far.
    ///
    /// # Errors
    /// As [`Store::import_event`].
    pub async fn import_event_with_progress(
        &self,
        file_name: &str,
        text: &str,
        profile_name: &str,
        progress: &dyn Fn(u64),
        by: &str,
    ) -> Result<EventImport, StoreError> {
        require_actor("import_event_with_progress", by)?;
        let mut done = self
            .import_events(&[(file_name, text)], profile_name, progress, by)
            .await?;
        done.pop().unwrap_or(Err(StoreError::Corrupt {
            what: "the import returned nothing".into(),
        }))
    }

    /// Imports a batch of event files under one profile in one transaction
    /// with one audit entry listing every file and its SHA-256: the files
    /// refused (as [`Store::import_event`] would refuse them) are reported
    /// one by one and the others imported, all of them or — on a database
    /// failure or a crash — none. Batches make bulk imports fast.
    ///
    /// # Errors
    /// The outer error is [`StoreError::NoActor`] when `by` (the user who
    /// acts, recorded in the audit log) is empty or blank, a database
    /// failure (nothing of the batch is then written) or an unknown profile;
    /// the inner ones are the files refused.
    pub async fn import_events(
        &self,
        files: &[(&str, &str)],
        profile_name: &str,
        progress: &dyn Fn(u64),
        by: &str,
    ) -> Result<Vec<Result<EventImport, StoreError>>, StoreError> {
        self.import_events_with(files, profile_name, &[], progress, by)
            .await
    }

    /// [`Store::import_events`], entering as **new players** the ids in
    /// `new_players` that no list has yet (a junior's first event): an
    /// officer saw and confirmed them. They are entered with the identity
    /// the event file gives, and a period starts them as unrated players.
    /// Every other player must be known, as for [`Store::import_events`].
    ///
    /// # Errors
    /// As [`Store::import_events`]; an id of `new_players` that is known
    /// already is simply a known player (its sex is checked).
    pub async fn import_events_with(
        &self,
        files: &[(&str, &str)],
        profile_name: &str,
        new_players: &[u32],
        progress: &dyn Fn(u64),
        by: &str,
    ) -> Result<Vec<Result<EventImport, StoreError>>, StoreError> {
        require_actor("import_events", by)?;
        let profile = Profile::builtin(profile_name)?;
        let shas: Vec<String> = files.iter().map(|(_, t)| sha256(t.as_bytes())).collect();
        let imported = self.imported_shas(&shas).await?;
        let closed = self.closed_period(profile_name).await?;
        let mut seen: HashMap<&str, usize> = HashMap::new();
        let mut out: Vec<Result<EventImport, StoreError>> = Vec::with_capacity(files.len());
        let mut parsed: Vec<Option<Event>> = Vec::with_capacity(files.len());
        let mut read = parse_events(files).into_iter();
        for (i, &(file_name, _)) in files.iter().enumerate() {
            let read_result = read.next();
            let sha = shas[i].as_str();
            let checked = (|| {
                if let Some((event_id, name, audit_id)) = imported.get(sha) {
                    return Err(StoreError::DuplicateEvent {
                        file: file_name.to_string(),
                        event_id: *event_id,
                        name: name.clone(),
                        audit_id: *audit_id,
                    });
                }
                if let Some(&first) = seen.get(sha) {
                    return Err(StoreError::DuplicateInBatch {
                        file: file_name.to_string(),
                        first: files[first].0.to_string(),
                    });
                }
                let event = read_result.ok_or_else(|| StoreError::Corrupt {
                    what: format!("{file_name}: the parser thread died"),
                })??;
                admit_event(&profile, &event, closed)
                    .map_err(|r| refused_event(file_name, profile_name, r))?;
                Ok(event)
            })();
            match checked {
                Ok(event) => {
                    seen.insert(sha, i);
                    parsed.push(Some(event));
                    out.push(Ok(EventImport {
                        event_id: 0,
                        audit_id: 0,
                        name: String::new(),
                        players: 0,
                        games: 0,
                        sha256: String::new(),
                        unmet_conditions: Vec::new(),
                    }));
                }
                Err(e) => {
                    parsed.push(None);
                    out.push(Err(e));
                }
            }
        }
        // Players must be on a list, with the list's sex.
        let known = self
            .known_players(
                parsed
                    .iter()
                    .flatten()
                    .flat_map(|e| e.players().iter().map(|p| p.id.0))
                    .collect::<std::collections::BTreeSet<u32>>()
                    .into_iter(),
            )
            .await?;
        for (i, slot) in parsed.iter_mut().enumerate() {
            if let Some(event) = slot
                && let Err(e) = check_players(files[i].0, event, &known, new_players)
            {
                *slot = None;
                out[i] = Err(e);
            }
        }
        if parsed.iter().all(Option::is_none) {
            return Ok(out);
        }

        let mut tx = tx::begin(&self.pool).await?;
        let listed: Vec<serde_json::Value> = parsed
            .iter()
            .enumerate()
            .filter_map(|(i, e)| {
                let e = e.as_ref()?;
                Some(json!({
                    "file": files[i].0, "sha256": shas[i], "name": e.name(),
                    "start": e.start().map(|d| d.to_string()),
                    "end": e.end().map(|d| d.to_string()),
                    "players": e.players().len(), "games": e.pairings().len(),
                }))
            })
            .collect();
        let subject = match listed.as_slice() {
            [one] => format!("event {}", one["name"].as_str().unwrap_or("")),
            many => format!("{} events", many.len()),
        };
        let audit_id = append(
            &mut tx,
            AuditAction::ImportEvent,
            &subject,
            &json!({"profile": profile_name, "events": listed}),
            by,
        )
        .await?;
        // The confirmed new players, once each, with the identity their
        // first event gives (a plain insert: a player entered meanwhile by
        // another import fails this one rather than merging two people).
        let mut entered: HashMap<u32, Vec<Val>> = HashMap::new();
        for event in parsed.iter().flatten() {
            for p in event.players() {
                if !known.contains_key(&p.id.0) && new_players.contains(&p.id.0) {
                    entered.entry(p.id.0).or_insert_with(|| {
                        vec![
                            Val::I(p.id.0.into()),
                            Val::T(p.name.clone()),
                            Val::T(p.sex.code().into()),
                            Val::OptT(p.birth_year.map(|y| y.to_string())),
                            Val::OptT(p.unit.clone()),
                            Val::I(audit_id),
                        ]
                    });
                }
            }
        }
        let mut entered: Vec<(u32, Vec<Val>)> = entered.into_iter().collect();
        entered.sort_by_key(|(id, _)| *id);
        insert_rows(
            &mut tx,
            "INSERT INTO players (id, name, sex, birth, unit, audit_id)",
            "",
            6,
            entered.into_iter().map(|(_, row)| row),
            &|_| {},
        )
        .await?;
        let mut players = Vec::new();
        let mut games = Vec::new();
        for (i, slot) in parsed.iter().enumerate() {
            let Some(event) = slot else { continue };
            let (file_name, text) = files[i];
            let event_id = insert_event(
                &mut tx,
                file_name,
                text,
                &shas[i],
                profile_name,
                event,
                audit_id,
            )
            .await?;
            event_rows(event_id, event, &mut players, &mut games);
            out[i] = Ok(EventImport {
                event_id,
                audit_id,
                name: event.name().to_string(),
                players: event.players().len(),
                games: event.pairings().len(),
                sha256: shas[i].clone(),
                unmet_conditions: check_event(event, &profile)
                    .into_iter()
                    .filter(|c| c.status == CheckStatus::Failed)
                    .collect(),
            });
        }
        insert_rows(
            &mut tx,
            "INSERT INTO event_players (event_id, player_id, rating_in_file, title_in_file, event_rank)",
            "",
            5,
            players,
            &|_| {},
        )
        .await?;
        insert_rows(
            &mut tx,
            "INSERT INTO games (event_id, seq, round, white, black, result)",
            "",
            6,
            games,
            progress,
        )
        .await?;
        tx::commit(tx).await?;
        Ok(out)
    }

    /// The events already imported among these file hashes.
    async fn imported_shas(
        &self,
        shas: &[String],
    ) -> Result<HashMap<String, (i64, String, i64)>, StoreError> {
        let mut out = HashMap::new();
        for chunk in shas.chunks(500) {
            // Hex digests only: safe to inline.
            let list = chunk
                .iter()
                .map(|s| format!("'{s}'"))
                .collect::<Vec<_>>()
                .join(",");
            let sql = format!(
                "SELECT file_sha256, id, name, audit_id FROM events WHERE file_sha256 IN ({list})"
            );
            for r in sqlx::query(&sql).fetch_all(&self.pool).await? {
                out.insert(
                    r.try_get("file_sha256")?,
                    (r.try_get("id")?, r.try_get("name")?, r.try_get("audit_id")?),
                );
            }
        }
        Ok(out)
    }

    /// The latest published period of `profile`: events ending on or
    /// before its last day fall in a closed period.
    async fn closed_period(&self, profile: &str) -> Result<Option<ClosedPeriod>, StoreError> {
        let found = sqlx::query(
            "SELECT p.end_date, p.list_date FROM periods p \
             JOIN rating_lists l ON l.id = p.result_list_id \
             WHERE l.status = 'published' AND p.profile = $1 \
             ORDER BY p.end_date DESC LIMIT 1",
        )
        .bind(profile)
        .fetch_optional(&self.pool)
        .await?;
        match found {
            None => Ok(None),
            Some(r) => Ok(Some(ClosedPeriod {
                end: crate::date(&r.try_get::<String, _>("end_date")?)?,
                list_date: crate::date(&r.try_get::<String, _>("list_date")?)?,
            })),
        }
    }
}

/// The office's refusal of an event ([`admit_event`]) in the store's words
/// for the event file `file` imported under `profile`.
fn refused_event(file: &str, profile: &str, refusal: EventRefusal) -> StoreError {
    let file = file.to_string();
    match refusal {
        EventRefusal::WrongGame {
            event,
            profile: profile_game,
        } => StoreError::WrongGame {
            file,
            event_game: enum_str(&event),
            profile: profile.to_string(),
            profile_game: enum_str(&profile_game),
        },
        EventRefusal::NoEndDate => StoreError::NoEndDate { file },
        EventRefusal::OutsidePeriods(e) => StoreError::OutsidePeriods {
            file,
            reason: e.to_string(),
        },
        EventRefusal::ClosedPeriod { end, published } => StoreError::ClosedPeriod {
            file,
            end,
            published,
        },
    }
}

fn check_players(
    file_name: &str,
    event: &Event,
    known: &HashMap<u32, KnownPlayer>,
    new_players: &[u32],
) -> Result<(), StoreError> {
    use qiyuan_rating::period::admission::admit_players;
    let on_list =
        |id: qiyuan_rating::model::PlayerId| known.get(&id.0).map(|k| (k.name.clone(), k.sex));
    admit_players(event, on_list, new_players).map_err(|r| StoreError::refused(file_name, r))
}

impl StoreError {
    /// The office's refusal of an event's players
    /// ([`qiyuan_rating::period::admission`]) for the event file `file`:
    /// [`StoreError::UnknownPlayers`] or [`StoreError::PlayerMismatch`],
    /// the words the office and `qiyuan period` both say.
    pub fn refused(file: &str, refusal: PlayerRefusal) -> StoreError {
        match refusal {
            PlayerRefusal::NotOnList(missing) => StoreError::UnknownPlayers {
                file: file.to_string(),
                missing: missing.into_iter().map(|(id, name)| (id.0, name)).collect(),
            },
            PlayerRefusal::SexDiffers {
                id,
                name_in_file,
                name_on_list,
                sex_in_file,
                sex_on_list,
            } => StoreError::PlayerMismatch {
                file: file.to_string(),
                id: id.0,
                name_in_file,
                name_on_list,
                sex_in_file: sex_in_file.code(),
                sex_on_list: sex_on_list.code().to_string(),
            },
        }
    }
}

/// A player as the database has them.
pub(crate) struct KnownPlayer {
    pub name: String,
    pub sex: Sex,
}

async fn insert_event(
    tx: &mut Tx,
    file_name: &str,
    text: &str,
    sha: &str,
    profile: &str,
    event: &Event,
    audit_id: i64,
) -> Result<i64, StoreError> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO events (name, game, system, start_date, end_date, profile, file_name, \
         file_sha256, file_content, player_count, game_count, audit_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id",
    )
    .bind(event.name())
    .bind(enum_str(&event.game()))
    .bind(enum_str(&event.system()))
    .bind(event.start().map(|d| d.to_string()))
    .bind(event.end().map(|d| d.to_string()))
    .bind(profile)
    .bind(file_name)
    .bind(sha)
    .bind(text)
    .bind(event.players().len() as i64)
    .bind(event.pairings().len() as i64)
    .bind(audit_id)
    .fetch_one(&mut **tx)
    .await?;
    Ok(id)
}

/// The `event_players` and `games` rows of an event.
fn event_rows(
    event_id: i64,
    event: &Event,
    players: &mut Vec<Vec<Val>>,
    games: &mut Vec<Vec<Val>>,
) {
    players.extend(event.players().iter().map(|p| {
        vec![
            Val::I(event_id),
            Val::I(p.id.0.into()),
            Val::OptT(p.rating.map(|r| r.to_string())),
            Val::OptT(p.title.clone()),
            Val::OptI(p.rank.map(i64::from)),
        ]
    }));
    games.extend(event.pairings().iter().enumerate().map(|(seq, p)| {
        let (round, white, black, result) = pairing_row(p);
        vec![
            Val::I(event_id),
            Val::I(seq as i64),
            Val::I(round.into()),
            Val::I(white.into()),
            Val::OptI(black.map(i64::from)),
            Val::T(result.into()),
        ]
    }));
}

/// The serde spelling of a unit enum (`xiangqi`, `round-robin`…).
pub(crate) fn enum_str<T: Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// Writes the rows of a list (each with its FIDE id and a computed row's
/// notes), each with the player's identity as the list gives it.
pub(crate) async fn write_list_entries<'a>(
    tx: &mut Tx,
    list_id: i64,
    rows: impl Iterator<Item = (&'a ListRow, Option<u64>, Option<String>)>,
    progress: &dyn Fn(u64),
) -> Result<(), StoreError> {
    let rows = rows.map(|(e, fide_id, notes)| {
        vec![
            Val::I(list_id),
            Val::I(e.id.0.into()),
            Val::OptT(e.rating.map(|r| r.to_string())),
            Val::I(e.rated_games.into()),
            Val::OptI(e.k.map(i64::from)),
            Val::T(e.status.as_str().into()),
            Val::OptT(e.highest.map(|r| r.to_string())),
            Val::I(e.rated_events.into()),
            Val::OptT(e.last_active.map(|d| d.to_string())),
            Val::I(e.carried.games.into()),
            Val::T(e.carried.sum.to_string()),
            Val::OptI(e.carried.since.map(i64::from)),
            Val::OptT(notes),
            Val::T(e.name.clone()),
            Val::T(e.sex.code().into()),
            Val::OptT(e.birth_year.map(|y| y.to_string())),
            Val::OptT(e.unit.clone()),
            Val::OptT(Some(qiyuan_formats::list::titles_cell(&e.titles)).filter(|t| !t.is_empty())),
            Val::OptI(fide_id.and_then(|f| i64::try_from(f).ok())),
        ]
    });
    insert_rows(
        tx,
        "INSERT INTO list_entries (list_id, player_id, rating, valid_games, k, status, highest, \
         rated_events, last_active, carried_games, carried_sum, carried_since, notes, \
         name, sex, birth, unit, titles, fide_id)",
        "",
        19,
        rows,
        progress,
    )
    .await
}
