//! Pages of rating lists and searches of players, as the public pages and
//! the office show them (issue 16 item 4: fast on a list of a million).
//!
//! **A list page** is in list order — rated rows first, by rating, highest
//! first, then by id; unrated rows last, by id — and is found by the key
//! of its neighbour ([`ListCursor`]), never by skipping rows: the index
//! `list_entries_order` (migration 0017) holds exactly that order, so a
//! page deep in a list costs what the first one does. The position of a
//! page's first row is a count over that index.
//!
//! **A search** matches the text as a substring of the name or the unit,
//! letter case ignored, or as the id, exactly as before this index: the
//! text is found through a trigram index — SQLite: the FTS5 tables
//! `list_search` and `player_search` (`tokenize='trigram'`, kept by
//! triggers); PostgreSQL: `pg_trgm` GIN indexes on `LOWER(name)` and
//! `LOWER(unit)` — and every candidate is checked again with the same
//! `LIKE` as before, so the results do not change. A text of fewer than
//! three characters has no trigram: it is matched by reading the whole
//! list, as before (seconds on a list of a million; a two-character unit
//! or given name is such a text — not solved yet).
//!
//! The size of a published list (it never changes) is counted once per
//! [`Store`] and kept; a draft's is counted at every page.

use rust_decimal::Decimal;
use sqlx::Row;

use crate::query::{ListLine, list_line, list_line_columns};
use crate::{Backend, Store, StoreError, dec_opt};

/// The sort key of a list row: unrated rows last, then by rating (highest
/// first), then by id. Carried in page links, so a page is found by the
/// key of its neighbour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListKey {
    /// The row has no rating.
    pub unrated: bool,
    /// The rating as stored (a decimal's text; `"0"` for an unrated row).
    pub rating: String,
    /// The player's id.
    pub id: i64,
}

/// Where a page of a list starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListCursor {
    /// The first page.
    Start,
    /// The rows after this key.
    After(ListKey),
    /// The rows before this key (the page before).
    Before(ListKey),
}

/// A page of a list and where it stands.
#[derive(Debug, Clone, PartialEq)]
pub struct ListRows {
    /// The rows, in list order (without the year of birth).
    pub rows: Vec<ListLine>,
    /// Rows matching the search in all.
    pub total: u64,
    /// Matching rows before the first one shown.
    pub before: u64,
}

/// A player found by [`Store::search_players`].
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerMatch {
    /// Id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// `m` or `f`.
    pub sex: String,
    /// Unit.
    pub unit: Option<String>,
    /// The rating on the latest published list.
    pub rating: Option<Decimal>,
    /// The status on that list.
    pub status: Option<String>,
}

/// The key's first column: unrated rows after rated ones.
const FLAG: &str = "(CASE WHEN e.rating IS NULL THEN 1 ELSE 0 END)";
/// The key's second column: the rating, negated so that the whole key
/// ascends (the expression of the index `list_entries_order`).
const NEG: &str = "(-COALESCE(CAST(e.rating AS DOUBLE PRECISION), 0))";

/// A statement and its arguments, numbered as they are added.
#[derive(Default)]
struct Sql {
    text: String,
    args: Vec<Arg>,
    /// Texts as literals in the statement instead of arguments.
    inline: bool,
}

enum Arg {
    Int(i64),
    Text(String),
}

impl Sql {
    /// A placeholder for `v`.
    fn int(&mut self, v: i64) -> String {
        self.args.push(Arg::Int(v));
        format!("${}", self.args.len())
    }

    /// A placeholder for `v`, or `v` as a literal: in single quotes, each
    /// quote doubled (PostgreSQL's standard strings, where a backslash is a
    /// plain character; a NUL, which no text column holds, as U+FFFD).
    fn text(&mut self, v: &str) -> String {
        if self.inline {
            let mut out = String::with_capacity(v.len() + 2);
            out.push('\'');
            for c in v.chars() {
                match c {
                    '\'' => out.push_str("''"),
                    '\0' => out.push('\u{FFFD}'),
                    c => out.push(c),
                }
            }
            out.push('\'');
            return out;
        }
        self.args.push(Arg::Text(v.to_owned()));
        format!("${}", self.args.len())
    }

    fn query(&self) -> sqlx::query::Query<'_, sqlx::Any, sqlx::any::AnyArguments<'_>> {
        let mut q = sqlx::query(&self.text);
        for a in &self.args {
            q = match a {
                Arg::Int(v) => q.bind(*v),
                Arg::Text(v) => q.bind(v.clone()),
            };
        }
        q
    }
}

/// The `LIKE` pattern of a search text: lower case, `%`, `_` and `\`
/// escaped (with `ESCAPE '\'`), between `%`s.
pub fn like_pattern(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 4);
    out.push('%');
    for c in text.to_lowercase().chars() {
        if matches!(c, '\\' | '%' | '_') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}

/// The id a search text names: the text is an id when it is exactly the
/// decimal text of one (`CAST(id AS TEXT) = text`); else −1, no id.
fn id_of(text: &str) -> i64 {
    match text.parse::<i64>() {
        Ok(n) if n.to_string() == text => n,
        _ => -1,
    }
}

/// An FTS5 phrase matching `text` as a substring (trigram tokenizer).
fn fts_phrase(text: &str) -> String {
    format!("\"{}\"", text.to_lowercase().replace('"', "\"\""))
}

/// Whether a trigram index can find `text` (three characters at least).
fn has_trigram(text: &str) -> bool {
    text.to_lowercase().chars().count() >= 3
}

/// FTS5 rowids of list `list` in `list_search`: `list × 2^32 + player`.
const LIST_SHIFT: i64 = 1 << 32;

impl Store {
    /// The condition of a search `q` on the rows `e` of list `list_id`,
    /// added to `sql`.
    fn list_filter(&self, sql: &mut Sql, list_id: i64, q: &str) -> String {
        let list = sql.int(list_id);
        if q.is_empty() {
            return format!("e.list_id = {list}");
        }
        let pattern = sql.text(&like_pattern(q));
        let id = sql.int(id_of(q));
        let like = format!(
            "(LOWER(e.name) LIKE {pattern} ESCAPE '\\' \
             OR LOWER(COALESCE(e.unit, '')) LIKE {pattern} ESCAPE '\\' OR e.player_id = {id})"
        );
        if self.backend == Backend::Sqlite && has_trigram(q) {
            let phrase = sql.text(&fts_phrase(q));
            let lo = sql.int(list_id.saturating_mul(LIST_SHIFT));
            let hi = sql.int(
                list_id
                    .saturating_mul(LIST_SHIFT)
                    .saturating_add(LIST_SHIFT - 1),
            );
            format!(
                "e.list_id = {list} AND (e.player_id IN (SELECT rowid - {lo} FROM list_search \
                 WHERE list_search MATCH {phrase} AND rowid BETWEEN {lo} AND {hi}) \
                 OR e.player_id = {id}) AND {like}"
            )
        } else {
            format!("e.list_id = {list} AND {like}")
        }
    }

    /// One page of list `list_id` in list order (see the [module](self)),
    /// at most `limit` rows, filtered by `q` (a substring of the name or
    /// the unit, or the id; empty: every row), starting at `cursor`; with
    /// each player's rating on list `base` when given. Only the page's rows
    /// are read.
    ///
    /// # Errors
    /// A database error.
    pub async fn list_page(
        &self,
        list_id: i64,
        base: Option<i64>,
        q: &str,
        cursor: &ListCursor,
        limit: u32,
    ) -> Result<ListRows, StoreError> {
        let total = if q.is_empty() {
            self.list_size(list_id).await?
        } else {
            let mut count = self.sql();
            let filter = self.list_filter(&mut count, list_id, q);
            count.text = format!("SELECT COUNT(*) FROM list_entries e WHERE {filter}");
            let n: i64 = count.query().fetch_one(&self.pool).await?.try_get(0)?;
            u64::try_from(n).unwrap_or(0)
        };

        let mut page = self.sql();
        let base = page.int(base.unwrap_or(-1));
        let limit = page.int(i64::from(limit));
        let (ranges, order) = match cursor {
            ListCursor::Start => (vec![(String::new(), 0)], "ASC"),
            ListCursor::After(k) => (key_ranges(&mut page, k, true), "ASC"),
            ListCursor::Before(k) => (key_ranges(&mut page, k, false), "DESC"),
        };
        // One index range after another (see `key_ranges`), each read in
        // order and cut at the page's length, then the first rows of all.
        let mut parts = Vec::new();
        for (range, fixed) in &ranges {
            let filter = self.list_filter(&mut page, list_id, q);
            // The key columns the range fixes are left out of its ORDER BY
            // (SQLite would sort instead of reading the index in order).
            let by = [FLAG, NEG, "e.player_id"][*fixed..]
                .iter()
                .map(|c| format!("{c} {order}"))
                .collect::<Vec<_>>()
                .join(", ");
            // A page anyone may read: no year of birth.
            parts.push(format!(
                "SELECT * FROM (SELECT {}, \
                 {FLAG} AS sort_flag, {NEG} AS sort_neg FROM list_entries e \
                 LEFT JOIN list_entries b ON b.list_id = {base} AND b.player_id = e.player_id \
                 WHERE {filter}{range} \
                 ORDER BY {by} LIMIT {limit}) p{}",
                list_line_columns(false),
                parts.len()
            ));
        }
        page.text = format!(
            "{} ORDER BY sort_flag {order}, sort_neg {order}, player_id {order} LIMIT {limit}",
            parts.join(" UNION ALL ")
        );
        let mut rows = page
            .query()
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(list_line)
            .collect::<Result<Vec<_>, _>>()?;
        if matches!(cursor, ListCursor::Before(_)) {
            rows.reverse();
        }
        let before = match (cursor, rows.first()) {
            (ListCursor::Start, _) | (_, None) => 0,
            (_, Some(first)) => {
                let key = ListKey {
                    unrated: first.rating.is_none(),
                    rating: first.rating.map_or_else(|| "0".into(), |r| r.to_string()),
                    id: i64::from(first.id),
                };
                let mut sql = self.sql();
                let mut counts = Vec::new();
                for (range, _) in key_ranges(&mut sql, &key, false) {
                    let filter = self.list_filter(&mut sql, list_id, q);
                    counts.push(format!(
                        "(SELECT COUNT(*) FROM list_entries e WHERE {filter}{range})"
                    ));
                }
                sql.text = format!("SELECT {}", counts.join(" + "));
                let n: i64 = sql.query().fetch_one(&self.pool).await?.try_get(0)?;
                u64::try_from(n).unwrap_or(0)
            }
        };
        Ok(ListRows {
            rows,
            total,
            before,
        })
    }

    /// The rows of list `list_id`: counted once for a published list (it
    /// never changes), every time for a draft.
    async fn list_size(&self, list_id: i64) -> Result<u64, StoreError> {
        let known = self
            .list_sizes
            .lock()
            .ok()
            .and_then(|sizes| sizes.get(&list_id).copied());
        if let Some(n) = known {
            return Ok(n);
        }
        let row = sqlx::query(
            "SELECT (SELECT status FROM rating_lists WHERE id = $1), \
             (SELECT COUNT(*) FROM list_entries WHERE list_id = $1)",
        )
        .bind(list_id)
        .fetch_one(&self.pool)
        .await?;
        let status: Option<String> = row.try_get(0)?;
        let n = u64::try_from(row.try_get::<i64, _>(1)?).unwrap_or(0);
        if status.as_deref() == Some("published")
            && let Ok(mut sizes) = self.list_sizes.lock()
        {
            sizes.insert(list_id, n);
        }
        Ok(n)
    }

    /// A statement builder: on PostgreSQL with the search's text inlined as
    /// literals, so each search is planned for its own text (a generic plan
    /// of `LIKE $1` cannot know that the trigram index fits).
    fn sql(&self) -> Sql {
        Sql {
            inline: self.backend == Backend::Postgres,
            ..Sql::default()
        }
    }

    /// The list a computed list's period started from.
    ///
    /// # Errors
    /// A database error.
    pub async fn list_base(&self, list_id: i64) -> Result<Option<i64>, StoreError> {
        let base: Option<Option<i64>> =
            sqlx::query_scalar("SELECT base_list_id FROM periods WHERE result_list_id = $1")
                .bind(list_id)
                .fetch_optional(&self.pool)
                .await?;
        Ok(base.flatten())
    }

    /// Players whose name or unit holds `q` (letter case ignored) or whose
    /// id is `q` (every player for an empty `q`), by id, `limit` from
    /// `offset`, with their rating and status on the latest published list;
    /// and how many match in all.
    ///
    /// # Errors
    /// A database error.
    pub async fn search_players(
        &self,
        q: &str,
        offset: u64,
        limit: u32,
    ) -> Result<(u64, Vec<PlayerMatch>), StoreError> {
        let latest: Option<i64> = sqlx::query_scalar(
            "SELECT id FROM rating_lists WHERE status = 'published' \
             ORDER BY list_date DESC, id DESC LIMIT 1",
        )
        .fetch_optional(&self.pool)
        .await?;
        let mut count = self.sql();
        let filter = self.player_filter(&mut count, q);
        count.text = format!("SELECT COUNT(*) FROM players p WHERE {filter}");
        let total: i64 = count.query().fetch_one(&self.pool).await?.try_get(0)?;
        let mut page = self.sql();
        let list = page.int(latest.unwrap_or(-1));
        let filter = self.player_filter(&mut page, q);
        let limit = page.int(i64::from(limit));
        let offset = page.int(i64::try_from(offset).unwrap_or(i64::MAX));
        page.text = format!(
            "SELECT p.id, p.name, p.sex, p.unit, e.rating, e.status FROM players p \
             LEFT JOIN list_entries e ON e.list_id = {list} AND e.player_id = p.id \
             WHERE {filter} ORDER BY p.id LIMIT {limit} OFFSET {offset}"
        );
        let mut found = Vec::new();
        for r in page.query().fetch_all(&self.pool).await? {
            found.push(PlayerMatch {
                id: r.try_get(0)?,
                name: r.try_get(1)?,
                sex: r.try_get(2)?,
                unit: r.try_get(3)?,
                rating: dec_opt(r.try_get(4)?)?,
                status: r.try_get(5)?,
            });
        }
        Ok((u64::try_from(total).unwrap_or(0), found))
    }

    /// The condition of a search `q` on players `p`, added to `sql`.
    fn player_filter(&self, sql: &mut Sql, q: &str) -> String {
        if q.is_empty() {
            return "1 = 1".into();
        }
        let pattern = sql.text(&like_pattern(q));
        let id = sql.int(id_of(q));
        let like = format!(
            "(LOWER(p.name) LIKE {pattern} ESCAPE '\\' \
             OR LOWER(COALESCE(p.unit, '')) LIKE {pattern} ESCAPE '\\' OR p.id = {id})"
        );
        if self.backend == Backend::Sqlite && has_trigram(q) {
            let phrase = sql.text(&fts_phrase(q));
            format!(
                "(p.id IN (SELECT rowid FROM player_search WHERE player_search MATCH {phrase}) \
                 OR p.id = {id}) AND {like}"
            )
        } else {
            like
        }
    }
}

/// The rows after (`after`) or before the key `k` in list order, as index
/// ranges, nearest first, each a condition to add (` AND …`): the same key
/// column values with a greater (smaller) id, then the same flag with a
/// lower (higher) rating, then the other flag's rows, if they come after
/// (before). Each is one range of the index `list_entries_order`, which a
/// comparison of the whole key at once is not (SQLite reads a row value
/// over index expressions from the start of the list); with the number of
/// leading key columns it fixes.
fn key_ranges(sql: &mut Sql, k: &ListKey, after: bool) -> Vec<(String, usize)> {
    let flag = sql.int(i64::from(k.unrated));
    let neg = format!("-CAST({} AS DOUBLE PRECISION)", sql.text(&k.rating));
    let id = sql.int(k.id);
    let op = if after { ">" } else { "<" };
    let mut ranges = vec![
        (
            format!(" AND {FLAG} = {flag} AND {NEG} = {neg} AND e.player_id {op} {id}"),
            2,
        ),
        (format!(" AND {FLAG} = {flag} AND {NEG} {op} {neg}"), 1),
    ];
    // Rated rows come before unrated ones.
    if after != k.unrated {
        ranges.push((format!(" AND {FLAG} {op} {flag}"), 0));
    }
    ranges
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inlined_texts_are_quoted() {
        let mut sql = Sql {
            inline: true,
            ..Sql::default()
        };
        assert_eq!(sql.text("o'b\\%\0"), "'o''b\\%\u{FFFD}'");
        assert!(sql.args.is_empty());
        let mut sql = Sql::default();
        assert_eq!(sql.text("o'b"), "$1");
    }

    #[test]
    fn ids_are_their_exact_text() {
        assert_eq!(id_of("17"), 17);
        assert_eq!(id_of("017"), -1);
        assert_eq!(id_of("+17"), -1);
        assert_eq!(id_of("王"), -1);
    }

    #[test]
    fn phrases_and_patterns_quote_their_text() {
        assert_eq!(fts_phrase("a\"B c"), "\"a\"\"b c\"");
        assert_eq!(like_pattern("%_\\"), "%\\%\\_\\\\%");
        assert!(has_trigram("王天一") && !has_trigram("天一"));
    }
}
