//! Pages of rating lists and searches of players, as the public pages and
//! the office show them (issue 16 item 4: fast on a list of a million).
//!
//! **A list page** is in list order — rated rows first, by rating, highest
//! first, then by id; unrated rows last, by id — and is found by the key
//! of its neighbour ([`ListCursor`]), never by skipping rows.
//!
//! **A search** matches the text as a substring of the name or the unit,
//! letter case ignored (`LOWER(…) LIKE`, the database's lower case), or as
//! the id.
//!
//! **A published list** has an index written at its publication
//! (`list_index`, migration 0019): each row's position in list order, and
//! for every text of one to three characters the positions of the rows
//! that hold it, with their ordinals. A page is then a range of positions (the
//! key of its neighbour gives the first one, through the index
//! `list_entries_order` of migration 0017), the rows before it are its
//! first position less one, and a search of up to three characters reads
//! its posting from the page's position on, its total and the matches
//! before the page stored beside it: a few index reads, whatever the list's
//! length, the page's depth or the number of matches. A posting holds
//! exactly the rows `LIKE` matches (see the private module `list_index`), so the
//! rows, order and counts are those of reading the whole list.
//!
//! **A longer text** (four characters or more) is found through a trigram
//! index — SQLite: the FTS5
//! tables `list_search` and `player_search` (`tokenize='trigram'`, kept by
//! triggers); PostgreSQL: `pg_trgm` GIN indexes on `LOWER(name)` and
//! `LOWER(unit)` (migration 0017) — and every candidate is checked again
//! with the same `LIKE`, so the results do not change.
//!
//! **A draft** (it may still lose rows) has no index of its own: its pages
//! are read by key over `list_entries_order`, their position and a short
//! search's matches counted (the whole list read for a search of fewer than
//! three characters); its size is counted at every page. The players'
//! search ([`Store::search_players`]) reads the players, who change, the
//! same way (not indexed for short texts).

use rust_decimal::Decimal;
use sqlx::Row;

use crate::list_index::{self, CHUNK, Field};
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
    /// added to `sql`: `q` in the name or the unit ([`Field::Any`]) or in
    /// the name ([`Field::Name`]), letter case ignored, or the id.
    fn list_filter(&self, sql: &mut Sql, list_id: i64, q: &str, field: Field) -> String {
        let list = sql.int(list_id);
        if q.is_empty() {
            return format!("e.list_id = {list}");
        }
        let pattern = sql.text(&like_pattern(q));
        let id = sql.int(id_of(q));
        let unit = match field {
            Field::Any => format!("OR LOWER(COALESCE(e.unit, '')) LIKE {pattern} ESCAPE '\\' "),
            Field::Name => String::new(),
        };
        let like =
            format!("(LOWER(e.name) LIKE {pattern} ESCAPE '\\' {unit}OR e.player_id = {id})");
        if self.backend == Backend::Sqlite && has_trigram(q) {
            let phrase = sql.text(&match field {
                Field::Any => fts_phrase(q),
                Field::Name => format!("name : {}", fts_phrase(q)),
            });
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
        if let Some(token) = index_token(q)
            && let Some(size) = self.indexed_size(list_id).await?
        {
            let found = self
                .indexed_positions(list_id, size, q, &token, Field::Any, cursor, limit, true)
                .await?;
            let rows = self.rows_at(list_id, base, &found.positions, false).await?;
            return Ok(ListRows {
                rows,
                total: found.total,
                before: found.before,
            });
        }
        let total = if q.is_empty() {
            self.list_size(list_id).await?
        } else {
            let mut count = self.sql();
            let filter = self.list_filter(&mut count, list_id, q, Field::Any);
            count.text = format!("SELECT COUNT(*) FROM list_entries e WHERE {filter}");
            let n: i64 = count.query().fetch_one(&self.pool).await?.try_get(0)?;
            u64::try_from(n).unwrap_or(0)
        };
        let rows = self
            .rows_by_key(list_id, base, q, Field::Any, cursor, limit, false)
            .await?;
        let before = match (cursor, rows.first()) {
            (ListCursor::Start, _) | (_, None) => 0,
            (_, Some(first)) => {
                let key = ListKey {
                    unrated: first.rating.is_none(),
                    rating: first.rating.map_or_else(|| "0".into(), |r| r.to_string()),
                    id: i64::from(first.id),
                };
                if let Some(size) = self.indexed_size(list_id).await? {
                    // A longer text on an indexed list: the rows before
                    // are those of the first row's position.
                    let first = self.position_of(list_id, size, &key, true).await?;
                    let mut sql = self.sql();
                    let filter = self.list_filter(&mut sql, list_id, q, Field::Any);
                    let pos = sql.int(i64::try_from(first).unwrap_or(i64::MAX));
                    sql.text = format!(
                        "SELECT COUNT(*) FROM list_entries e JOIN list_positions lp \
                         ON lp.list_id = e.list_id AND lp.player_id = e.player_id \
                         WHERE {filter} AND lp.pos < {pos}"
                    );
                    let n: i64 = sql.query().fetch_one(&self.pool).await?.try_get(0)?;
                    u64::try_from(n).unwrap_or(0)
                } else {
                    let mut sql = self.sql();
                    let mut counts = Vec::new();
                    for (range, _) in key_ranges(&mut sql, &key, false, false) {
                        let filter = self.list_filter(&mut sql, list_id, q, Field::Any);
                        counts.push(format!(
                            "(SELECT COUNT(*) FROM list_entries e WHERE {filter}{range})"
                        ));
                    }
                    sql.text = format!("SELECT {}", counts.join(" + "));
                    let n: i64 = sql.query().fetch_one(&self.pool).await?.try_get(0)?;
                    u64::try_from(n).unwrap_or(0)
                }
            }
        };
        Ok(ListRows {
            rows,
            total,
            before,
        })
    }

    /// The lines of list `list_id` whose name holds `q` (letter case
    /// ignored, as [`Store::list_page`] ignores it: `LOWER(name) LIKE`) or
    /// whose id is `q`, in list order, at most `limit`, with
    /// the year of birth (the desk's "add a player from the list"): through
    /// the list's index when it has one, as [`Store::list_page`] searches.
    /// An empty `q` finds nothing.
    ///
    /// # Errors
    /// A database error.
    pub async fn find_on_list(
        &self,
        list_id: i64,
        q: &str,
        limit: u32,
    ) -> Result<Vec<ListLine>, StoreError> {
        if q.is_empty() || limit == 0 {
            return Ok(Vec::new());
        }
        let base = self.list_base(list_id).await?;
        if let Some(token) = index_token(q)
            && let Some(size) = self.indexed_size(list_id).await?
        {
            let found = self
                .indexed_positions(
                    list_id,
                    size,
                    q,
                    &token,
                    Field::Name,
                    &ListCursor::Start,
                    limit,
                    false,
                )
                .await?;
            return self.rows_at(list_id, base, &found.positions, true).await;
        }
        self.rows_by_key(
            list_id,
            base,
            q,
            Field::Name,
            &ListCursor::Start,
            limit,
            true,
        )
        .await
    }

    /// Player `player`'s line on list `list_id`, with the year of birth and
    /// the rating on the list its period started from; `None` when the list
    /// has no such row.
    ///
    /// # Errors
    /// A database error.
    pub async fn list_line_of(
        &self,
        list_id: i64,
        player: u32,
    ) -> Result<Option<ListLine>, StoreError> {
        let base = self.list_base(list_id).await?;
        sqlx::query(&format!(
            "SELECT {} FROM list_entries e \
             LEFT JOIN list_entries b ON b.list_id = $2 AND b.player_id = e.player_id \
             WHERE e.list_id = $1 AND e.player_id = $3",
            list_line_columns(true)
        ))
        .bind(list_id)
        .bind(base.unwrap_or(-1))
        .bind(i64::from(player))
        .fetch_optional(&self.pool)
        .await?
        .as_ref()
        .map(list_line)
        .transpose()
    }

    /// The rows of a page found by key (no index, or a text of three
    /// characters or more): one index range after another (see
    /// `key_ranges`), each read in order and cut at the page's length, then
    /// the first rows of all.
    #[allow(clippy::too_many_arguments)]
    async fn rows_by_key(
        &self,
        list_id: i64,
        base: Option<i64>,
        q: &str,
        field: Field,
        cursor: &ListCursor,
        limit: u32,
        birth: bool,
    ) -> Result<Vec<ListLine>, StoreError> {
        let mut page = self.sql();
        let base = page.int(base.unwrap_or(-1));
        let limit = page.int(i64::from(limit));
        let (ranges, order) = match cursor {
            ListCursor::Start => (vec![(String::new(), 0)], "ASC"),
            ListCursor::After(k) => (key_ranges(&mut page, k, true, false), "ASC"),
            ListCursor::Before(k) => (key_ranges(&mut page, k, false, false), "DESC"),
        };
        let mut parts = Vec::new();
        for (range, fixed) in &ranges {
            let filter = self.list_filter(&mut page, list_id, q, field);
            // The key columns the range fixes are left out of its ORDER BY
            // (SQLite would sort instead of reading the index in order).
            let by = [FLAG, NEG, "e.player_id"][*fixed..]
                .iter()
                .map(|c| format!("{c} {order}"))
                .collect::<Vec<_>>()
                .join(", ");
            parts.push(format!(
                "SELECT * FROM (SELECT {}, \
                 {FLAG} AS sort_flag, {NEG} AS sort_neg FROM list_entries e \
                 LEFT JOIN list_entries b ON b.list_id = {base} AND b.player_id = e.player_id \
                 WHERE {filter}{range} \
                 ORDER BY {by} LIMIT {limit}) p{}",
                list_line_columns(birth),
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
        Ok(rows)
    }

    /// The rows of the index of list `list_id`, `None` when it has no
    /// index (a draft; a list published before migration 0019 until the
    /// store has written it). Kept once known: an index never changes.
    async fn indexed_size(&self, list_id: i64) -> Result<Option<u64>, StoreError> {
        let known = self
            .indexed
            .lock()
            .ok()
            .and_then(|sizes| sizes.get(&list_id).copied());
        if known.is_some() {
            return Ok(known);
        }
        let rows: Option<i64> =
            sqlx::query_scalar("SELECT row_count FROM list_index WHERE list_id = $1")
                .bind(list_id)
                .fetch_optional(&self.pool)
                .await?;
        let rows = rows.map(|n| u64::try_from(n).unwrap_or(0));
        if let Some(n) = rows
            && let Ok(mut sizes) = self.indexed.lock()
        {
            sizes.insert(list_id, n);
        }
        Ok(rows)
    }

    /// The position of the first row of list `list_id` whose key is after
    /// `k` (`inclusive`: or is `k`); `size + 1` when no row is.
    async fn position_of(
        &self,
        list_id: i64,
        size: u64,
        k: &ListKey,
        inclusive: bool,
    ) -> Result<u64, StoreError> {
        let mut sql = self.sql();
        let list = sql.int(list_id);
        let mut parts = Vec::new();
        for (range, fixed) in key_ranges(&mut sql, k, true, inclusive) {
            let by = [FLAG, NEG, "e.player_id"][fixed..].join(", ");
            parts.push(format!(
                "SELECT * FROM (SELECT e.player_id, {FLAG} AS sort_flag, {NEG} AS sort_neg \
                 FROM list_entries e WHERE e.list_id = {list}{range} ORDER BY {by} LIMIT 1) p{}",
                parts.len()
            ));
        }
        sql.text = format!(
            "SELECT lp.pos FROM list_positions lp WHERE lp.list_id = {list} AND lp.player_id = \
             (SELECT player_id FROM ({}) f ORDER BY sort_flag, sort_neg, player_id LIMIT 1)",
            parts.join(" UNION ALL ")
        );
        let pos: Option<i64> = sql
            .query()
            .fetch_optional(&self.pool)
            .await?
            .map(|r| r.try_get(0))
            .transpose()?;
        Ok(pos.map_or(size + 1, i64::unsigned_abs))
    }

    /// The positions of a page of an indexed list (`size` rows) whose rows
    /// hold `token` (`q` lower-cased: empty, or one to three characters) in
    /// `field` or whose id is `q`, from `cursor`; with how many match in
    /// all and before the page when `counted`.
    #[allow(clippy::too_many_arguments)]
    async fn indexed_positions(
        &self,
        list_id: i64,
        size: u64,
        q: &str,
        token: &str,
        field: Field,
        cursor: &ListCursor,
        limit: u32,
        counted: bool,
    ) -> Result<Found, StoreError> {
        let limit = limit as usize;
        // The page holds the first positions from `from` on, or (before a
        // key) the last ones before it.
        let (from, backwards) = match cursor {
            ListCursor::Start => (1, false),
            ListCursor::After(k) => (self.position_of(list_id, size, k, false).await?, false),
            ListCursor::Before(k) => (self.position_of(list_id, size, k, true).await?, true),
        };
        if token.is_empty() {
            let (lo, hi) = if backwards {
                (from.saturating_sub(limit as u64).max(1), from)
            } else {
                (from, from.saturating_add(limit as u64).min(size + 1))
            };
            let positions: Vec<u64> = (lo..hi).collect();
            let before = match (cursor, positions.first()) {
                (ListCursor::Start, _) | (_, None) => 0,
                (_, Some(first)) => first - 1,
            };
            return Ok(Found {
                positions,
                total: size,
                before,
            });
        }
        // Enough chunks on the page's side of `from` for `limit` positions,
        // and one on the other side (the posting's total is read from any
        // chunk: a page past the last match still has one).
        let chunks = (limit / CHUNK + 2) as i64;
        let (ahead, behind) = if backwards { (1, chunks) } else { (chunks, 1) };
        let rows = sqlx::query(
            "SELECT first_ord, total, positions FROM (SELECT * FROM (SELECT first_ord, total, \
             positions, last_pos FROM list_postings WHERE list_id = $1 AND field = $2 \
             AND token = $3 AND last_pos >= $4 ORDER BY last_pos LIMIT $5) a \
             UNION ALL SELECT * FROM (SELECT first_ord, total, positions, last_pos \
             FROM list_postings WHERE list_id = $1 AND field = $2 AND token = $3 \
             AND last_pos < $4 ORDER BY last_pos DESC LIMIT $6) b) w ORDER BY last_pos",
        )
        .bind(list_id)
        .bind(field.code())
        .bind(token)
        .bind(i64::try_from(from).unwrap_or(i64::MAX))
        .bind(ahead)
        .bind(behind)
        .fetch_all(&self.pool)
        .await?;
        let mut postings = 0u64;
        // (ordinal among the posting's rows, position)
        let mut near: Vec<(u64, u64)> = Vec::new();
        for r in &rows {
            let first: i64 = r.try_get(0)?;
            postings = r.try_get::<i64, _>(1)?.unsigned_abs();
            let bytes: Vec<u8> = r.try_get(2)?;
            let first = first.unsigned_abs();
            near.extend(
                list_index::decode(&bytes)?
                    .into_iter()
                    .enumerate()
                    .map(|(i, p)| (first + i as u64, p)),
            );
        }
        // The row whose id is `q`, when it does not hold the text.
        let extra = self.id_row_without(list_id, q, token, field).await?;
        let mut candidates: Vec<(Option<u64>, u64)> =
            near.iter().map(|&(o, p)| (Some(o), p)).collect();
        if let Some(p) = extra {
            candidates.push((None, p));
            candidates.sort_by_key(|c| c.1);
        }
        let shown: Vec<(Option<u64>, u64)> = if backwards {
            let before: Vec<_> = candidates.into_iter().filter(|c| c.1 < from).collect();
            before[before.len().saturating_sub(limit)..].to_vec()
        } else {
            candidates
                .into_iter()
                .filter(|c| c.1 >= from)
                .take(limit)
                .collect()
        };
        let total = postings + u64::from(extra.is_some());
        let before = match (cursor, shown.first()) {
            (ListCursor::Start, _) | (_, None) => 0,
            _ if !counted => 0,
            (_, Some(&(ordinal, first))) => {
                let postings_before = match ordinal {
                    Some(o) => o - 1,
                    None => {
                        self.postings_before(list_id, field, token, first, postings)
                            .await?
                    }
                };
                postings_before + u64::from(extra.is_some_and(|p| p < first))
            }
        };
        Ok(Found {
            positions: shown.into_iter().map(|c| c.1).collect(),
            total,
            before,
        })
    }

    /// How many rows of the posting of `token` come before position `pos`
    /// (`postings`: its rows in all).
    async fn postings_before(
        &self,
        list_id: i64,
        field: Field,
        token: &str,
        pos: u64,
        postings: u64,
    ) -> Result<u64, StoreError> {
        let chunk = sqlx::query(
            "SELECT first_ord, positions FROM list_postings WHERE list_id = $1 AND field = $2 \
             AND token = $3 AND last_pos >= $4 ORDER BY last_pos LIMIT 1",
        )
        .bind(list_id)
        .bind(field.code())
        .bind(token)
        .bind(i64::try_from(pos).unwrap_or(i64::MAX))
        .fetch_optional(&self.pool)
        .await?;
        let Some(r) = chunk else {
            return Ok(postings);
        };
        let first = r.try_get::<i64, _>(0)?.unsigned_abs();
        let bytes: Vec<u8> = r.try_get(1)?;
        let lower = list_index::decode(&bytes)?
            .iter()
            .filter(|&&p| p < pos)
            .count();
        Ok(first - 1 + lower as u64)
    }

    /// The position of the row of list `list_id` whose id is `q`, when the
    /// list has it and its `field` does not hold `token` (it is then a
    /// match the posting does not have).
    async fn id_row_without(
        &self,
        list_id: i64,
        q: &str,
        token: &str,
        field: Field,
    ) -> Result<Option<u64>, StoreError> {
        let id = id_of(q);
        if id < 0 {
            return Ok(None);
        }
        let Some(r) = sqlx::query(
            "SELECT lp.pos, LOWER(e.name), LOWER(COALESCE(e.unit, '')) FROM list_positions lp \
             JOIN list_entries e ON e.list_id = lp.list_id AND e.player_id = lp.player_id \
             WHERE lp.list_id = $1 AND lp.player_id = $2",
        )
        .bind(list_id)
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let name: String = r.try_get(1)?;
        let unit: String = r.try_get(2)?;
        if list_index::row_tokens(&name, &unit, field)
            .iter()
            .any(|t| t == token)
        {
            return Ok(None);
        }
        Ok(Some(r.try_get::<i64, _>(0)?.unsigned_abs()))
    }

    /// The rows at `positions` (ascending) of indexed list `list_id`, in
    /// that order, with each player's rating on `base`.
    async fn rows_at(
        &self,
        list_id: i64,
        base: Option<i64>,
        positions: &[u64],
        birth: bool,
    ) -> Result<Vec<ListLine>, StoreError> {
        let (Some(&lo), Some(&hi)) = (positions.first(), positions.last()) else {
            return Ok(Vec::new());
        };
        // A run of positions is a range; else the positions themselves
        // (numbers the index gave, written into the statement).
        let which = if hi - lo + 1 == positions.len() as u64 {
            format!("lp.pos BETWEEN {lo} AND {hi}")
        } else {
            let list: Vec<String> = positions.iter().map(u64::to_string).collect();
            format!("lp.pos IN ({})", list.join(","))
        };
        sqlx::query(&format!(
            "SELECT {} FROM list_positions lp \
             JOIN list_entries e ON e.list_id = lp.list_id AND e.player_id = lp.player_id \
             LEFT JOIN list_entries b ON b.list_id = $2 AND b.player_id = e.player_id \
             WHERE lp.list_id = $1 AND {which} ORDER BY lp.pos",
            list_line_columns(birth)
        ))
        .bind(list_id)
        .bind(base.unwrap_or(-1))
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(list_line)
        .collect()
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
    /// and how many match in all. Only players on a published list: one
    /// who is so far only on a draft is the office's work in progress, not
    /// public.
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
        count.text = format!("SELECT COUNT(*) FROM players p WHERE {filter} AND {ON_PUBLISHED}");
        let total: i64 = count.query().fetch_one(&self.pool).await?.try_get(0)?;
        let mut page = self.sql();
        let list = page.int(latest.unwrap_or(-1));
        let filter = self.player_filter(&mut page, q);
        let limit = page.int(i64::from(limit));
        let offset = page.int(i64::try_from(offset).unwrap_or(i64::MAX));
        page.text = format!(
            "SELECT p.id, p.name, p.sex, p.unit, e.rating, e.status FROM players p \
             LEFT JOIN list_entries e ON e.list_id = {list} AND e.player_id = p.id \
             WHERE {filter} AND {ON_PUBLISHED} ORDER BY p.id LIMIT {limit} OFFSET {offset}"
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

/// The condition that player `p` is on a published list (through the
/// index `list_entries_player`).
const ON_PUBLISHED: &str = "EXISTS (SELECT 1 FROM list_entries pe \
     JOIN rating_lists pl ON pl.id = pe.list_id \
     WHERE pe.player_id = p.id AND pl.status = 'published')";

/// The rows after (`after`) or before the key `k` in list order, as index
/// ranges, nearest first, each a condition to add (` AND …`): the same key
/// column values with a greater (smaller) id — `inclusive`: or the same —,
/// then the same flag with a lower (higher) rating, then the other flag's
/// rows, if they come after (before). Each is one range of the index
/// `list_entries_order`, which a comparison of the whole key at once is not
/// (SQLite reads a row value over index expressions from the start of the
/// list); with the number of leading key columns it fixes.
fn key_ranges(sql: &mut Sql, k: &ListKey, after: bool, inclusive: bool) -> Vec<(String, usize)> {
    let flag = sql.int(i64::from(k.unrated));
    let neg = format!("-CAST({} AS DOUBLE PRECISION)", sql.text(&k.rating));
    let id = sql.int(k.id);
    let op = if after { ">" } else { "<" };
    let id_op = if inclusive {
        format!("{op}=")
    } else {
        op.to_string()
    };
    let mut ranges = vec![
        (
            format!(" AND {FLAG} = {flag} AND {NEG} = {neg} AND e.player_id {id_op} {id}"),
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

/// The text of the posting a search `q` reads: `q` lower-cased (as
/// [`like_pattern`] lowers it), when it has at most
/// [`list_index::LONGEST`] characters (an empty `q`: every row); `None` for
/// a longer text, and for one with a NUL (which SQLite's `LIKE` reads as
/// the pattern's end).
fn index_token(q: &str) -> Option<String> {
    let t = q.to_lowercase();
    (t.chars().count() <= list_index::LONGEST && !t.contains('\0')).then_some(t)
}

/// A page of an indexed list as positions.
struct Found {
    /// The page's rows, ascending.
    positions: Vec<u64>,
    /// Rows matching in all.
    total: u64,
    /// Matching rows before the page.
    before: u64,
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
