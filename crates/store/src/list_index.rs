//! The search index of a published list (migration 0019), written once at
//! publication and read by [`crate::list_pages`].
//!
//! A published list never changes, so its order and its short searches
//! are computed once:
//!
//! * **positions** (`list_positions`): each row's place in list order, from
//!   1 — a page is a range of positions, and how many rows come before a
//!   page is its first position less one, whatever its depth;
//! * **postings** (`list_postings`): for every text of one to three
//!   characters in a row's `LOWER(name)` or `LOWER(COALESCE(unit, ''))` —
//!   the strings, lower-cased by the database, that the search's `LIKE`
//!   reads —, the positions of the rows that hold it, ascending, in chunks
//!   of [`CHUNK`]; a chunk knows the ordinal of its first position, so the
//!   number of matches before a page is read, not counted.
//!
//! A text of one to three characters is found in a string exactly when it
//! is one of the string's substrings of that length, so a posting is the
//! very set of rows `LIKE '%text%'` matches: the same rows, order and
//! counts as reading the whole list. Longer texts go through the trigram
//! indexes (migration 0017).

use std::collections::HashMap;

use sqlx::Row;

use crate::StoreError;
use crate::import::{Val, insert_rows};
use crate::tx::Tx;

/// Positions in one chunk of a posting, at most.
pub(crate) const CHUNK: usize = 256;

/// Rows read at a time while an index is built.
const BATCH: i64 = 50_000;

/// Where a posting's text was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Field {
    /// In the name or the unit (the list pages' search).
    Any,
    /// In the name (the desk's search of the list).
    Name,
}

impl Field {
    /// The `field` column's value.
    pub(crate) fn code(self) -> i64 {
        match self {
            Field::Any => 0,
            Field::Name => 1,
        }
    }
}

/// The key of list order, as the SQL of [`crate::list_pages`] writes it.
pub(crate) const ORDER: &str = "(CASE WHEN e.rating IS NULL THEN 1 ELSE 0 END), \
     (-COALESCE(CAST(e.rating AS DOUBLE PRECISION), 0)), e.player_id";

/// The longest text a posting is kept for, in characters.
pub(crate) const LONGEST: usize = 3;

/// Every substring of one to [`LONGEST`] characters of `text`, added to
/// `out`.
pub(crate) fn tokens(text: &str, out: &mut Vec<String>) {
    let chars: Vec<char> = text.chars().collect();
    for i in 0..chars.len() {
        for n in 1..=LONGEST.min(chars.len() - i) {
            out.push(chars[i..i + n].iter().collect());
        }
    }
}

/// The tokens of a row for `field`: of the name, or of the name and unit;
/// each once.
pub(crate) fn row_tokens(name: &str, unit: &str, field: Field) -> Vec<String> {
    let mut out = Vec::new();
    tokens(name, &mut out);
    if field == Field::Any {
        tokens(unit, &mut out);
    }
    out.sort_unstable();
    out.dedup();
    out
}

fn push_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v & 0x7f) as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// The positions of a chunk: deltas from the previous (the first from 0),
/// each as a little-endian base-128 varint.
pub(crate) fn encode(positions: &[u64]) -> Vec<u8> {
    let mut out = Vec::with_capacity(positions.len() * 2);
    let mut last = 0;
    for &p in positions {
        push_varint(&mut out, p - last);
        last = p;
    }
    out
}

/// The positions [`encode`] wrote; an error for bytes it cannot have
/// written.
pub(crate) fn decode(bytes: &[u8]) -> Result<Vec<u64>, StoreError> {
    let corrupt = || StoreError::Corrupt {
        what: "a list index chunk".into(),
    };
    let mut out = Vec::new();
    let (mut v, mut shift, mut last) = (0u64, 0u32, 0u64);
    for &b in bytes {
        if shift > 56 {
            return Err(corrupt());
        }
        v |= u64::from(b & 0x7f) << shift;
        if b & 0x80 == 0 {
            last = last.checked_add(v).ok_or_else(corrupt)?;
            out.push(last);
            (v, shift) = (0, 0);
        } else {
            shift += 7;
        }
    }
    if shift != 0 {
        return Err(corrupt());
    }
    Ok(out)
}

/// One posting being built.
#[derive(Default)]
struct Posting {
    /// Full chunks: (first ordinal, positions).
    chunks: Vec<(u64, Vec<u64>)>,
    current: Vec<u64>,
    total: u64,
}

impl Posting {
    fn push(&mut self, pos: u64) {
        if self.current.len() == CHUNK {
            let first = self.total - CHUNK as u64 + 1;
            self.chunks.push((first, std::mem::take(&mut self.current)));
        }
        self.current.push(pos);
        self.total += 1;
    }
}

/// Writes the index of list `list_id` in `tx` (before it is published, or
/// a list published before the index existed): its positions, then its
/// postings. `Ok(false)` when it has one already (written by another
/// process meanwhile: the marker row waits for that one's commit).
pub(crate) async fn build(tx: &mut Tx, list_id: i64) -> Result<bool, StoreError> {
    let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM list_entries WHERE list_id = $1")
        .bind(list_id)
        .fetch_one(&mut **tx)
        .await?;
    let marked = sqlx::query(
        "INSERT INTO list_index (list_id, row_count) VALUES ($1, $2) \
         ON CONFLICT (list_id) DO NOTHING",
    )
    .bind(list_id)
    .bind(rows)
    .execute(&mut **tx)
    .await?;
    if marked.rows_affected() == 0 {
        return Ok(false);
    }
    sqlx::query(&format!(
        "INSERT INTO list_positions (list_id, pos, player_id) \
         SELECT e.list_id, ROW_NUMBER() OVER (ORDER BY {ORDER}), e.player_id \
         FROM list_entries e WHERE e.list_id = $1"
    ))
    .bind(list_id)
    .execute(&mut **tx)
    .await?;
    let mut postings: HashMap<(Field, String), Posting> = HashMap::new();
    let mut after = 0i64;
    loop {
        let batch = sqlx::query(
            "SELECT lp.pos, LOWER(e.name), LOWER(COALESCE(e.unit, '')) FROM list_positions lp \
             JOIN list_entries e ON e.list_id = lp.list_id AND e.player_id = lp.player_id \
             WHERE lp.list_id = $1 AND lp.pos > $2 ORDER BY lp.pos LIMIT $3",
        )
        .bind(list_id)
        .bind(after)
        .bind(BATCH)
        .fetch_all(&mut **tx)
        .await?;
        for r in &batch {
            let pos: i64 = r.try_get(0)?;
            let name: String = r.try_get(1)?;
            let unit: String = r.try_get(2)?;
            for field in [Field::Any, Field::Name] {
                for t in row_tokens(&name, &unit, field) {
                    postings
                        .entry((field, t))
                        .or_default()
                        .push(pos.unsigned_abs());
                }
            }
            after = pos;
        }
        if batch.len() < BATCH as usize {
            break;
        }
    }
    // In key order: the table's B-tree is written from left to right.
    let mut keys: Vec<(Field, String)> = postings.keys().cloned().collect();
    keys.sort_by(|a, b| (a.0.code(), &a.1).cmp(&(b.0.code(), &b.1)));
    let chunks = keys.into_iter().flat_map(|key| {
        let mut p = postings.remove(&key).unwrap_or_default();
        let total = p.total;
        if !p.current.is_empty() {
            let first = total - p.current.len() as u64 + 1;
            p.chunks.push((first, std::mem::take(&mut p.current)));
        }
        p.chunks.into_iter().map(move |(first, positions)| {
            vec![
                Val::I(list_id),
                Val::I(key.0.code()),
                Val::T(key.1.clone()),
                Val::I(positions.last().map_or(0, |&l| l as i64)),
                Val::I(first as i64),
                Val::I(total as i64),
                Val::B(encode(&positions)),
            ]
        })
    });
    insert_rows(
        tx,
        "INSERT INTO list_postings (list_id, field, token, last_pos, first_ord, total, positions)",
        "",
        7,
        chunks,
        &|_| {},
    )
    .await?;
    // PostgreSQL plans by its statistics, which a table filled inside a
    // transaction has not got yet (SQLite's planner needs none here).
    if tx.backend_name() != "SQLite" {
        sqlx::query("ANALYZE list_positions, list_postings")
            .execute(&mut **tx)
            .await?;
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_round_trip() {
        let positions = [1, 2, 130, 131, 20_000, 1 << 40];
        assert_eq!(decode(&encode(&positions)).unwrap(), positions);
        assert!(decode(&[0x80]).is_err());
        assert!(decode(&[0xff; 11]).is_err());
    }

    #[test]
    fn tokens_are_every_substring_of_one_to_three_characters() {
        let t = row_tokens("王天一", "北京", Field::Any);
        let want = [
            "一",
            "北",
            "北京",
            "天",
            "天一",
            "京",
            "王",
            "王天",
            "王天一",
        ];
        let mut want: Vec<String> = want.iter().map(|s| (*s).to_string()).collect();
        want.sort();
        assert_eq!(t, want);
        assert_eq!(row_tokens("aaaa", "a", Field::Name), ["a", "aa", "aaa"]);
        assert!(row_tokens("", "", Field::Any).is_empty());
    }
}
