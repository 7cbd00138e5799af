//! Rating lists from draft to published (等级分名单的导入、审核与公布).
//!
//! An imported list is a **draft** of its **series** (the profile whose
//! list it is: one database keeps a series per profile). Nothing official
//! changes on import: the draft's rows carry the identity the file gives
//! (name, sex, year of birth, unit, titles) beside the identity the office
//! knows, and [`Store::list_diff`] sets them side by side — new players,
//! changed names, sex, birth or titles (to confirm), unchanged rows — with
//! what the import left out (rows refused, a repeated id's later rows) and
//! possible duplicates (one name and year of birth under two ids). The
//! officer may skip rows of the draft, discard it, or publish it:
//! [`Store::publish_list`] then records the confirmed identity changes and
//! freezes the list. A published list and its rows never change again —
//! triggers in the database refuse it (`migrations/*/0012_*.sql`) — and
//! what it shows is what it published, whatever later lists say.
//!
//! ```no_run
//! # async fn demo(store: &qiyuan_store::Store, rows: &[qiyuan_store::ListEntry]) -> Result<(), qiyuan_store::StoreError> {
//! use chrono::NaiveDate;
//! let date = NaiveDate::from_ymd_opt(2025, 1, 1).unwrap();
//! let draft = store
//!     .import_list("list.csv", b"...", "cxa-2019", date, rows, Default::default(), &|_| {}, "officer")
//!     .await?;
//! let diff = store.list_diff(draft.list_id).await?;
//! println!("{} new, {} identity changes", diff.new.len(), diff.identity_changes.len());
//! store.publish_list(draft.list_id, !diff.identity_changes.is_empty(), "officer").await?;
//! # Ok(()) }
//! ```

use std::collections::HashMap;

use chrono::NaiveDate;
use qiyuan_formats::list::{RefusedRow, parse_titles};
use qiyuan_rating::period::ListRow;
use qiyuan_rating::profile::Profile;
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::Row;

use crate::audit::{AuditAction, append, require_actor, sha256};
use crate::import::{ListEntry, Val, insert_rows, write_list_entries};
use crate::tx;
use crate::{Store, StoreError, date};

/// What an import left out of the draft, kept with it for review.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ImportNotes {
    /// Rows the reader refused, each with the reason.
    pub refused: Vec<RefusedNote>,
    /// Ids given by more than one row: the first row is in the draft, the
    /// others are not.
    pub repeated: Vec<RepeatedId>,
    /// The reader's warnings (encoding converted, columns not read).
    pub warnings: Vec<NoteText>,
}

/// A note kept with a draft: both languages as the reader wrote them, or,
/// in a draft imported before notes were kept in both, the English alone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum NoteText {
    /// The English and the Chinese.
    Both(qiyuan_vocab::Message),
    /// The English an older import kept.
    English(String),
}

impl NoteText {
    /// The note in `lang` (an older note in its English).
    #[must_use]
    pub fn text(&self, lang: qiyuan_rating::Lang) -> &str {
        match self {
            NoteText::Both(m) => m.text(lang),
            NoteText::English(en) => en,
        }
    }
}

impl From<&qiyuan_formats::list::ListWarning> for NoteText {
    fn from(w: &qiyuan_formats::list::ListWarning) -> NoteText {
        NoteText::Both(qiyuan_vocab::Message::from_fn(|lang| w.text(lang)))
    }
}

/// A refused row (see [`qiyuan_formats::list::RefusedRow`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefusedNote {
    /// Line of the file.
    pub line: usize,
    /// The column at fault, if one is.
    pub column: Option<String>,
    /// Why.
    pub message: NoteText,
    /// The row's name cell.
    pub name: String,
}

impl From<&RefusedRow> for RefusedNote {
    fn from(r: &RefusedRow) -> RefusedNote {
        RefusedNote {
            line: r.line,
            column: r.column.clone(),
            message: NoteText::Both(qiyuan_vocab::Message::new(
                r.message.clone(),
                r.message_zh.clone(),
            )),
            name: r.name.clone(),
        }
    }
}

/// An id on several rows of the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RepeatedId {
    /// The id.
    pub id: u32,
    /// The line kept in the draft.
    pub kept_line: usize,
    /// The lines left out.
    pub skipped_lines: Vec<usize>,
}

/// What a list import made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ListDraft {
    /// The draft list's id.
    pub list_id: i64,
    /// Its audit entry.
    pub audit_id: i64,
    /// Rows in the draft.
    pub entries: usize,
    /// Players the office did not know (entered with the draft; nothing of
    /// a known player changes before publication).
    pub new_players: usize,
    /// What the import left out.
    pub notes: ImportNotes,
}

/// A player's identity as a list or the office has it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Identity {
    /// Name.
    pub name: String,
    /// `m` or `f`.
    pub sex: String,
    /// Year of birth.
    pub birth: Option<String>,
    /// Unit.
    pub unit: Option<String>,
    /// Titles, `GM:2025-03-10;NM`.
    pub titles: String,
}

/// A field of identity that differs between the draft and the office.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IdentityChange {
    /// The player.
    pub id: u32,
    /// What the office knows.
    pub before: Identity,
    /// What the draft says.
    pub after: Identity,
    /// The fields that differ and need a person's confirmation: `name`,
    /// `sex`, `birth`, `titles` (a changed unit does not).
    pub fields: Vec<&'static str>,
}

/// One name and year of birth under several ids of the draft.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PossibleDuplicate {
    /// The name.
    pub name: String,
    /// The year of birth.
    pub birth: String,
    /// The ids.
    pub ids: Vec<u32>,
}

/// A draft set against what the office knows: the preview before
/// publication.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ListDiff {
    /// The list.
    pub list_id: i64,
    /// Its series.
    pub series: Option<String>,
    /// Its date.
    pub list_date: NaiveDate,
    /// `draft` or `published`.
    pub status: String,
    /// The latest published list of the series before it, if any.
    pub previous: Option<(i64, NaiveDate)>,
    /// Ids the office did not know before this draft.
    pub new: Vec<u32>,
    /// Identity changes of known players.
    pub identity_changes: Vec<IdentityChange>,
    /// Known players whose unit alone changed.
    pub unit_changes: usize,
    /// Rows unchanged in identity.
    pub unchanged: usize,
    /// Players of the previous list missing from this one.
    pub dropped: Vec<u32>,
    /// Possible duplicates.
    pub duplicates: Vec<PossibleDuplicate>,
    /// What the import left out.
    pub notes: ImportNotes,
}

/// The fields of `after` that change `before` and need confirmation. A
/// field the draft leaves empty changes nothing.
fn changed_fields(before: &Identity, after: &Identity) -> Vec<&'static str> {
    let mut f = Vec::new();
    if before.name != after.name {
        f.push("name");
    }
    if before.sex != after.sex {
        f.push("sex");
    }
    if after.birth.is_some() && before.birth != after.birth {
        f.push("birth");
    }
    let titles = |t: &str| {
        let mut v: Vec<String> = parse_titles(t)
            .unwrap_or_default()
            .into_iter()
            .map(|t| t.title)
            .collect();
        v.sort();
        v
    };
    if titles(&before.titles) != titles(&after.titles) && !after.titles.is_empty() {
        f.push("titles");
    }
    f
}

impl Store {
    /// Imports a rating list as a **draft** of `series` (a built-in
    /// profile's name) dated `list_date`: one row per player with the
    /// identity the file gives. A repeated id keeps its first row (the
    /// others are noted); players the office does not know are entered,
    /// nothing of a known player changes until the draft is published. One
    /// transaction: the whole draft or nothing.
    ///
    /// `file_bytes` are the file as read (its SHA-256 refuses a second
    /// import of the same file); `notes` are the reader's (rows refused,
    /// warnings), kept with the draft; `by` is who acts (audit log).
    ///
    /// # Errors
    /// [`StoreError::NoActor`]; [`StoreError::Profile`] for an unknown
    /// series; [`StoreError::DuplicateList`] when the same file was
    /// imported before; a database error (nothing is then written).
    #[allow(clippy::too_many_arguments)]
    pub async fn import_list(
        &self,
        file_name: &str,
        file_bytes: &[u8],
        series: &str,
        list_date: NaiveDate,
        entries: &[ListEntry],
        mut notes: ImportNotes,
        progress: &dyn Fn(u64),
        by: &str,
    ) -> Result<ListDraft, StoreError> {
        require_actor("import_list", by)?;
        Profile::builtin(series)?;
        let mut first: HashMap<u32, usize> = HashMap::with_capacity(entries.len());
        let mut kept: Vec<&ListEntry> = Vec::with_capacity(entries.len());
        for e in entries {
            match first.get(&e.row.id.0) {
                None => {
                    first.insert(e.row.id.0, e.line);
                    kept.push(e);
                }
                Some(&line) => match notes.repeated.iter_mut().find(|r| r.id == e.row.id.0) {
                    Some(r) => r.skipped_lines.push(e.line),
                    None => notes.repeated.push(RepeatedId {
                        id: e.row.id.0,
                        kept_line: line,
                        skipped_lines: vec![e.line],
                    }),
                },
            }
        }
        let sha = sha256(file_bytes);
        if let Some(r) = sqlx::query("SELECT id, audit_id FROM rating_lists WHERE file_sha256 = $1")
            .bind(&sha)
            .fetch_optional(&self.pool)
            .await?
        {
            return Err(StoreError::DuplicateList {
                file: file_name.to_string(),
                list_id: r.try_get("id")?,
                audit_id: r.try_get("audit_id")?,
            });
        }
        let known = self.known_players(kept.iter().map(|e| e.row.id.0)).await?;
        let new: Vec<&ListRow> = kept
            .iter()
            .map(|e| &e.row)
            .filter(|r| !known.contains_key(&r.id.0))
            .collect();
        let notes_json = serde_json::to_string(&notes).map_err(|e| StoreError::Corrupt {
            what: format!("import notes: {e}"),
        })?;
        let mut tx = tx::begin(&self.pool).await?;
        let audit_id = append(
            &mut tx,
            AuditAction::ImportList,
            &format!("list {list_date}"),
            &json!({
                "file": file_name, "sha256": sha, "series": series,
                "list_date": list_date.to_string(), "status": "draft",
                "entries": kept.len(), "new_players": new.len(),
                "refused_rows": notes.refused.len(), "repeated_ids": notes.repeated.len(),
            }),
            by,
        )
        .await?;
        // New players only: a known player's identity changes at
        // publication, once a person has confirmed it.
        insert_rows(
            &mut tx,
            "INSERT INTO players (id, name, sex, birth, unit, audit_id)",
            " ON CONFLICT (id) DO NOTHING",
            6,
            new.iter().map(|e| {
                vec![
                    Val::I(e.id.0.into()),
                    Val::T(e.name.clone()),
                    Val::T(e.sex.code().into()),
                    Val::OptT(e.birth_year.map(|y| y.to_string())),
                    Val::OptT(e.unit.clone()),
                    Val::I(audit_id),
                ]
            }),
            &|_| {},
        )
        .await?;
        let list_id: i64 = sqlx::query_scalar(
            "INSERT INTO rating_lists (list_date, origin, status, file_name, file_sha256, audit_id, series, import_notes) \
             VALUES ($1, 'imported', 'draft', $2, $3, $4, $5, $6) RETURNING id",
        )
        .bind(list_date.to_string())
        .bind(file_name)
        .bind(&sha)
        .bind(audit_id)
        .bind(series)
        .bind(notes_json)
        .fetch_one(&mut *tx)
        .await?;
        write_list_entries(
            &mut tx,
            list_id,
            kept.iter().map(|e| (&e.row, e.fide_id, None)),
            progress,
        )
        .await?;
        tx::commit(tx).await?;
        Ok(ListDraft {
            list_id,
            audit_id,
            entries: kept.len(),
            new_players: new.len(),
            notes,
        })
    }

    /// The draft (or published list) set against what the office knows:
    /// new players, identity changes to confirm, unchanged rows, players of
    /// the previous list of the series missing, possible duplicates, and
    /// what the import left out.
    ///
    /// # Errors
    /// [`StoreError::NoSuchList`], or a database error.
    pub async fn list_diff(&self, list_id: i64) -> Result<ListDiff, StoreError> {
        let Some(l) = sqlx::query(
            "SELECT list_date, status, series, import_notes, audit_id FROM rating_lists WHERE id = $1",
        )
        .bind(list_id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Err(StoreError::NoSuchList(list_id));
        };
        let list_date = date(&l.try_get::<String, _>("list_date")?)?;
        let series: Option<String> = l.try_get("series")?;
        let status: String = l.try_get("status")?;
        let audit_id: i64 = l.try_get("audit_id")?;
        let notes: ImportNotes = match l.try_get::<Option<String>, _>("import_notes")? {
            Some(t) => serde_json::from_str(&t).map_err(|e| StoreError::Corrupt {
                what: format!("list {list_id}: import notes: {e}"),
            })?,
            None => ImportNotes::default(),
        };
        let previous = self
            .latest_published(series.as_deref(), list_date, Some(list_id))
            .await?;
        let rows = sqlx::query(
            "SELECT e.player_id, e.name, e.sex, e.birth, e.unit, e.titles, \
             p.name AS p_name, p.sex AS p_sex, p.birth AS p_birth, p.unit AS p_unit, p.audit_id AS p_audit \
             FROM list_entries e JOIN players p ON p.id = e.player_id WHERE e.list_id = $1 \
             ORDER BY e.player_id",
        )
        .bind(list_id)
        .fetch_all(&self.pool)
        .await?;
        let mut known_titles: HashMap<i64, Vec<String>> = HashMap::new();
        for r in sqlx::query(
            "SELECT t.player_id, t.title, t.awarded FROM titles t JOIN list_entries e \
             ON e.player_id = t.player_id AND e.list_id = $1 ORDER BY t.id",
        )
        .bind(list_id)
        .fetch_all(&self.pool)
        .await?
        {
            let awarded: Option<String> = r.try_get("awarded")?;
            let title: String = r.try_get("title")?;
            known_titles
                .entry(r.try_get("player_id")?)
                .or_default()
                .push(match awarded {
                    Some(a) => format!("{title}:{a}"),
                    None => title,
                });
        }
        let mut diff = ListDiff {
            list_id,
            series,
            list_date,
            status,
            previous,
            new: Vec::new(),
            identity_changes: Vec::new(),
            unit_changes: 0,
            unchanged: 0,
            dropped: Vec::new(),
            duplicates: Vec::new(),
            notes,
        };
        let mut by_name: HashMap<(String, String), Vec<u32>> = HashMap::new();
        for r in &rows {
            let id = r.try_get::<i64, _>("player_id")?;
            let after = Identity {
                name: r.try_get("name")?,
                sex: r.try_get("sex")?,
                birth: r.try_get("birth")?,
                unit: r.try_get("unit")?,
                titles: r
                    .try_get::<Option<String>, _>("titles")?
                    .unwrap_or_default(),
            };
            if let Some(b) = &after.birth {
                by_name
                    .entry((after.name.clone(), b.clone()))
                    .or_default()
                    .push(id as u32);
            }
            // Entered by this very import: the office did not know him.
            if r.try_get::<i64, _>("p_audit")? == audit_id && diff.status == "draft" {
                diff.new.push(id as u32);
                continue;
            }
            let before = Identity {
                name: r.try_get("p_name")?,
                sex: r.try_get("p_sex")?,
                birth: r.try_get("p_birth")?,
                unit: r.try_get("p_unit")?,
                titles: known_titles.remove(&id).unwrap_or_default().join(";"),
            };
            let fields = changed_fields(&before, &after);
            if !fields.is_empty() {
                diff.identity_changes.push(IdentityChange {
                    id: id as u32,
                    before,
                    after,
                    fields,
                });
            } else if after.unit.is_some() && before.unit != after.unit {
                diff.unit_changes += 1;
            } else {
                diff.unchanged += 1;
            }
        }
        let mut dups: Vec<PossibleDuplicate> = by_name
            .into_iter()
            .filter(|(_, ids)| ids.len() > 1)
            .map(|((name, birth), ids)| PossibleDuplicate { name, birth, ids })
            .collect();
        dups.sort_by_key(|d| d.ids[0]);
        diff.duplicates = dups;
        if let Some((prev, _)) = diff.previous {
            diff.dropped = sqlx::query_scalar::<_, i64>(
                "SELECT p.player_id FROM list_entries p WHERE p.list_id = $1 AND NOT EXISTS \
                 (SELECT 1 FROM list_entries e WHERE e.list_id = $2 AND e.player_id = p.player_id) \
                 ORDER BY p.player_id",
            )
            .bind(prev)
            .bind(list_id)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(|id| id as u32)
            .collect();
        }
        Ok(diff)
    }

    /// The latest published list of `series` dated before `before` (or of
    /// no series, from before series were kept), other than `except`.
    pub(crate) async fn latest_published(
        &self,
        series: Option<&str>,
        before: NaiveDate,
        except: Option<i64>,
    ) -> Result<Option<(i64, NaiveDate)>, StoreError> {
        let r = sqlx::query(
            "SELECT id, list_date FROM rating_lists WHERE status = 'published' AND list_date < $1 \
             AND id <> $2 AND (series = $3 OR series IS NULL) \
             ORDER BY CASE WHEN series IS NULL THEN 1 ELSE 0 END, list_date DESC, id DESC LIMIT 1",
        )
        .bind(before.to_string())
        .bind(except.unwrap_or(-1))
        .bind(series.unwrap_or(""))
        .fetch_optional(&self.pool)
        .await?;
        r.map(|r| {
            Ok((
                r.try_get("id")?,
                date(&r.try_get::<String, _>("list_date")?)?,
            ))
        })
        .transpose()
    }

    /// Publishes a draft list: imported or computed. The identity changes
    /// of an imported draft ([`Store::list_diff`]) are applied only when a
    /// person confirmed them (`confirm_identity`); titles the list gives
    /// are recorded. The publication is audited with what it changed, and
    /// from then on the list and its rows are frozen.
    ///
    /// # Errors
    /// [`StoreError::NoActor`]; [`StoreError::NoSuchList`];
    /// [`StoreError::NotADraft`] for a published list;
    /// [`StoreError::IdentityUnconfirmed`] when identity changes wait for
    /// confirmation; a database error.
    pub async fn publish_list(
        &self,
        list_id: i64,
        confirm_identity: bool,
        by: &str,
    ) -> Result<crate::PublishOutcome, StoreError> {
        require_actor("publish_list", by)?;
        let diff = self.list_diff(list_id).await?;
        if diff.status != "draft" {
            return Err(StoreError::NotADraft(list_id));
        }
        if !diff.identity_changes.is_empty() && !confirm_identity {
            return Err(StoreError::IdentityUnconfirmed {
                list_id,
                changes: diff.identity_changes.len(),
                first: diff
                    .identity_changes
                    .iter()
                    .take(5)
                    .map(|c| format!("{} {} → {}", c.id, c.before.name, c.after.name))
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        }
        // A computed list: the period and the audit entry that computed it.
        let period: Option<(i64, i64)> =
            sqlx::query("SELECT id, audit_id FROM periods WHERE result_list_id = $1")
                .bind(list_id)
                .fetch_optional(&self.pool)
                .await?
                .map(|r| Ok::<_, StoreError>((r.try_get("id")?, r.try_get("audit_id")?)))
                .transpose()?;
        let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM list_entries WHERE list_id = $1")
            .bind(list_id)
            .fetch_one(&self.pool)
            .await?;
        let mut tx = tx::begin(&self.pool).await?;
        // The rows as published, sealed into the audit chain:
        // `qiyuan office verify` recomputes it.
        let content = list_content_sha256(&mut tx, list_id).await?;
        let audit_id = append(
            &mut tx,
            AuditAction::Publish,
            &format!("list {}", diff.list_date),
            &json!({
                "list_id": list_id, "list_date": diff.list_date.to_string(),
                "series": diff.series, "period_id": period.map(|p| p.0),
                "computed_by_audit": period.map(|p| p.1),
                "rows": rows, "new_players": diff.new.len(),
                "identity_changes": diff.identity_changes,
                "content_sha256": content,
            }),
            by,
        )
        .await?;
        for c in &diff.identity_changes {
            sqlx::query(
                "UPDATE players SET name = $1, sex = $2, birth = COALESCE($3, birth), \
                 unit = COALESCE($4, unit), audit_id = $5 WHERE id = $6",
            )
            .bind(&c.after.name)
            .bind(&c.after.sex)
            .bind(c.after.birth.clone())
            .bind(c.after.unit.clone())
            .bind(audit_id)
            .bind(i64::from(c.id))
            .execute(&mut *tx)
            .await?;
        }
        // Units move without confirmation; titles the list gives are kept.
        sqlx::query(
            "UPDATE players SET unit = (SELECT e.unit FROM list_entries e WHERE e.list_id = $1 \
             AND e.player_id = players.id) WHERE id IN (SELECT player_id FROM list_entries \
             WHERE list_id = $1 AND unit IS NOT NULL)",
        )
        .bind(list_id)
        .execute(&mut *tx)
        .await?;
        let titled = sqlx::query(
            "SELECT player_id, titles FROM list_entries WHERE list_id = $1 AND titles IS NOT NULL AND titles <> ''",
        )
        .bind(list_id)
        .fetch_all(&mut *tx)
        .await?;
        let source = format!("list {}", diff.list_date);
        let mut title_rows = Vec::new();
        for r in &titled {
            let id: i64 = r.try_get("player_id")?;
            let text: String = r.try_get("titles")?;
            for t in parse_titles(&text).map_err(|e| StoreError::Corrupt {
                what: format!("list {list_id}, player {id}: titles: {e}"),
            })? {
                title_rows.push(vec![
                    Val::I(id),
                    Val::T(t.title),
                    Val::OptT(t.date.map(|d| d.to_string())),
                    Val::T(source.clone()),
                    Val::I(audit_id),
                ]);
            }
        }
        insert_rows(
            &mut tx,
            "INSERT INTO titles (player_id, title, awarded, source, audit_id)",
            " ON CONFLICT (player_id, title) DO NOTHING",
            5,
            title_rows,
            &|_| {},
        )
        .await?;
        // The list's order and search index, written once (migration 0019).
        crate::list_index::build(&mut tx, list_id).await?;
        sqlx::query(
            "UPDATE rating_lists SET status = 'published' WHERE id = $1 AND status = 'draft'",
        )
        .bind(list_id)
        .execute(&mut *tx)
        .await?;
        tx::commit(tx).await?;
        Ok(crate::PublishOutcome {
            list_id,
            list_date: diff.list_date,
            period_id: period.map(|p| p.0),
            audit_id,
            rows: rows as usize,
        })
    }

    /// Checks the office's records against their audit log: the hash chain
    /// ([`Store::verify_audit_chain`]) and every published list against the
    /// content digest its publication sealed into the chain.
    ///
    /// # Errors
    /// A database error.
    pub async fn verify_office(&self) -> Result<OfficeVerification, StoreError> {
        let chain_break = self.verify_audit_chain().await?;
        let mut report = OfficeVerification {
            chain_break,
            ..OfficeVerification::default()
        };
        let mut conn = self.pool.acquire().await?;
        for entry in self.audit_log().await? {
            if entry.action != AuditAction::Publish {
                continue;
            }
            let Some(list_id) = entry.detail.get("list_id").and_then(|v| v.as_i64()) else {
                continue;
            };
            match entry.detail.get("content_sha256").and_then(|v| v.as_str()) {
                None => report.unsealed.push(list_id),
                Some(sealed) => {
                    if list_content_sha256(&mut conn, list_id).await? == sealed {
                        report.lists_checked += 1;
                    } else {
                        report.altered.push(AlteredList {
                            list_id,
                            audit_id: entry.id,
                        });
                    }
                }
            }
        }
        Ok(report)
    }

    /// Discards a draft list (an import not wanted, or a period to compute
    /// again): its rows go, with the period that computed it, and the
    /// players only this import had entered; the audit log records the
    /// discarding.
    ///
    /// # Errors
    /// [`StoreError::NoActor`]; [`StoreError::NoSuchList`];
    /// [`StoreError::NotADraft`] for a published list.
    pub async fn discard_list(&self, list_id: i64, by: &str) -> Result<i64, StoreError> {
        require_actor("discard_list", by)?;
        let mut tx = tx::begin(&self.pool).await?;
        let Some(l) = sqlx::query(
            "SELECT list_date, status, origin, audit_id FROM rating_lists WHERE id = $1",
        )
        .bind(list_id)
        .fetch_optional(&mut *tx)
        .await?
        else {
            return Err(StoreError::NoSuchList(list_id));
        };
        if l.try_get::<String, _>("status")? != "draft" {
            return Err(StoreError::NotADraft(list_id));
        }
        let list_date: String = l.try_get("list_date")?;
        let origin: String = l.try_get("origin")?;
        let import_audit: i64 = l.try_get("audit_id")?;
        let period: Option<i64> =
            sqlx::query_scalar("SELECT id FROM periods WHERE result_list_id = $1")
                .bind(list_id)
                .fetch_optional(&mut *tx)
                .await?;
        let audit_id = append(
            &mut tx,
            AuditAction::Correction,
            &format!("list {list_date}"),
            &json!({"discard_list": list_id, "origin": origin, "period_id": period}),
            by,
        )
        .await?;
        if let Some(p) = period {
            for table in ["rating_changes", "period_events"] {
                sqlx::query(&format!("DELETE FROM {table} WHERE period_id = $1"))
                    .bind(p)
                    .execute(&mut *tx)
                    .await?;
            }
            sqlx::query("DELETE FROM periods WHERE id = $1")
                .bind(p)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query("DELETE FROM list_entries WHERE list_id = $1")
            .bind(list_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM rating_lists WHERE id = $1")
            .bind(list_id)
            .execute(&mut *tx)
            .await?;
        // Players this import alone entered, named nowhere else, are
        // forgotten with it: a discarded draft leaves no one behind.
        if origin == "imported" {
            sqlx::query(
                "DELETE FROM players WHERE audit_id = $1 \
                 AND NOT EXISTS (SELECT 1 FROM list_entries e WHERE e.player_id = players.id) \
                 AND NOT EXISTS (SELECT 1 FROM event_players p WHERE p.player_id = players.id) \
                 AND NOT EXISTS (SELECT 1 FROM titles t WHERE t.player_id = players.id)",
            )
            .bind(import_audit)
            .execute(&mut *tx)
            .await?;
        }
        tx::commit(tx).await?;
        Ok(audit_id)
    }

    /// Leaves one row out of a draft list (a duplicate, a row the officer
    /// does not want published); audited as a correction.
    ///
    /// # Errors
    /// [`StoreError::NoActor`]; [`StoreError::NoSuchList`];
    /// [`StoreError::NotADraft`]; [`StoreError::NoSuchPlayer`] when the
    /// draft has no such row.
    pub async fn skip_draft_row(
        &self,
        list_id: i64,
        player: u32,
        by: &str,
    ) -> Result<i64, StoreError> {
        require_actor("skip_draft_row", by)?;
        let mut tx = tx::begin(&self.pool).await?;
        let Some(status) =
            sqlx::query_scalar::<_, String>("SELECT status FROM rating_lists WHERE id = $1")
                .bind(list_id)
                .fetch_optional(&mut *tx)
                .await?
        else {
            return Err(StoreError::NoSuchList(list_id));
        };
        if status != "draft" {
            return Err(StoreError::NotADraft(list_id));
        }
        let done = sqlx::query("DELETE FROM list_entries WHERE list_id = $1 AND player_id = $2")
            .bind(list_id)
            .bind(i64::from(player))
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NoSuchPlayer(player));
        }
        let audit_id = append(
            &mut tx,
            AuditAction::Correction,
            &format!("list #{list_id}"),
            &json!({"skip_draft_row": {"list_id": list_id, "player": player}}),
            by,
        )
        .await?;
        tx::commit(tx).await?;
        Ok(audit_id)
    }
}

/// What [`Store::verify_office`] found.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct OfficeVerification {
    /// The first audit entry whose hash does not match; `None`: the chain
    /// is whole.
    pub chain_break: Option<i64>,
    /// Published lists whose rows match the digest sealed at publication.
    pub lists_checked: usize,
    /// Published lists whose rows no longer match it.
    pub altered: Vec<AlteredList>,
    /// Lists published before publications sealed a digest (nothing to
    /// check them against).
    pub unsealed: Vec<i64>,
}

impl OfficeVerification {
    /// Whether everything checked held.
    pub fn holds(&self) -> bool {
        self.chain_break.is_none() && self.altered.is_empty()
    }
}

/// A published list whose rows differ from what its publication sealed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct AlteredList {
    /// The list.
    pub list_id: i64,
    /// The audit entry that published it.
    pub audit_id: i64,
}

/// Rows read at a time by [`list_content_sha256`] (bounded memory on a
/// million-player list).
const DIGEST_BATCH: i64 = 20_000;

/// The hex SHA-256 of a list's rows, in player id order, each row one line
/// of JSON (an array of its columns): what a publication seals.
async fn list_content_sha256(
    conn: &mut sqlx::AnyConnection,
    list_id: i64,
) -> Result<String, StoreError> {
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    let mut after = i64::MIN;
    loop {
        let rows = sqlx::query(
            "SELECT player_id, rating, valid_games, k, status, highest, rated_events, \
             last_active, carried_games, carried_sum, carried_since, notes, name, sex, birth, \
             unit, titles, fide_id FROM list_entries WHERE list_id = $1 AND player_id > $2 \
             ORDER BY player_id LIMIT $3",
        )
        .bind(list_id)
        .bind(after)
        .bind(DIGEST_BATCH)
        .fetch_all(&mut *conn)
        .await?;
        for r in &rows {
            let id: i64 = r.try_get(0)?;
            let mut line = vec![serde_json::Value::from(id)];
            for i in 1..17 {
                line.push(match i {
                    2 | 3 | 6 | 8 | 10 => r.try_get::<Option<i64>, _>(i)?.into(),
                    _ => r.try_get::<Option<String>, _>(i)?.into(),
                });
            }
            // A FIDE id only when the row has one: a list published before
            // lists kept them digests as it did then.
            if let Some(fide_id) = r.try_get::<Option<i64>, _>(17)? {
                line.push(fide_id.into());
            }
            hasher.update(serde_json::Value::Array(line).to_string().as_bytes());
            hasher.update(b"\n");
            after = id;
        }
        if (rows.len() as i64) < DIGEST_BATCH {
            break;
        }
    }
    Ok(crate::audit::hex(&hasher.finalize()))
}

#[cfg(test)]
mod tests {
    use super::{ImportNotes, NoteText};
    use qiyuan_rating::Lang;

    /// A draft imported before the notes were kept in both languages keeps
    /// reading (its English); a new one reads back in both.
    #[test]
    fn import_notes_of_old_and_new_drafts_read_back() {
        let old = r#"{"refused":[{"line":3,"column":"sex","message":"`x` is not a sex","name":"甲"}],
                      "repeated":[],"warnings":["list.csv: line 1: unknown column `colour` ignored"]}"#;
        let notes: ImportNotes = serde_json::from_str(old).unwrap();
        assert_eq!(notes.refused[0].message.text(Lang::Zh), "`x` is not a sex");
        assert!(matches!(notes.warnings[0], NoteText::English(_)));
        let w = qiyuan_formats::list::ListWarning::UnknownColumn {
            file: "list.csv".into(),
            column: "colour".into(),
        };
        let new = ImportNotes {
            warnings: vec![(&w).into()],
            ..ImportNotes::default()
        };
        let back: ImportNotes =
            serde_json::from_str(&serde_json::to_string(&new).unwrap()).unwrap();
        assert_eq!(back, new);
        assert_eq!(back.warnings[0].text(Lang::En), w.to_string());
        assert_eq!(back.warnings[0].text(Lang::Zh), w.text(Lang::Zh));
    }
}
