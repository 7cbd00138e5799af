//! Pages and searches of lists and players (issue 16 item 4) give the same
//! rows, totals and positions as the queries they replaced (the server's
//! SQL of before the trigram indexes, kept here verbatim as the reference),
//! on a small list with Chinese and Latin names, units, ties, unrated rows
//! and LIKE metacharacters; on SQLite and (with `QIYUAN_TEST_POSTGRES_URL`)
//! PostgreSQL.

mod common;

use common::*;
use qiyuan_rating::model::{PlayerId, Sex};
use qiyuan_rating::period::ListRow;
use qiyuan_store::list_pages::{ListCursor, ListKey, like_pattern};
use qiyuan_store::{ListEntry, Store};
use rust_decimal::Decimal;
use sqlx::Row;

// ------------------------------------------------- the reference queries

const MATCH: &str = "($3 = '' OR LOWER(p.name) LIKE $4 ESCAPE '\\' \
     OR LOWER(COALESCE(p.unit, '')) LIKE $4 ESCAPE '\\' OR CAST(p.id AS TEXT) = $3)";
const LIST_MATCH: &str = "($3 = '' OR LOWER(e.name) LIKE $4 ESCAPE '\\' \
     OR LOWER(COALESCE(e.unit, '')) LIKE $4 ESCAPE '\\' OR CAST(e.player_id AS TEXT) = $3)";
const FLAG: &str = "(CASE WHEN e.rating IS NULL THEN 1 ELSE 0 END)";
const RATING: &str = "COALESCE(CAST(e.rating AS DOUBLE PRECISION), 0)";

fn after_sql() -> String {
    format!(
        "({FLAG} > $6 OR ({FLAG} = $6 AND {RATING} < CAST($7 AS DOUBLE PRECISION)) \
         OR ({FLAG} = $6 AND {RATING} = CAST($7 AS DOUBLE PRECISION) AND e.player_id > $8))"
    )
}

fn before_sql() -> String {
    format!(
        "({FLAG} < $6 OR ({FLAG} = $6 AND {RATING} > CAST($7 AS DOUBLE PRECISION)) \
         OR ({FLAG} = $6 AND {RATING} = CAST($7 AS DOUBLE PRECISION) AND e.player_id < $8))"
    )
}

/// A page as the old query gave it: (ids with rating and rating before,
/// total, before).
type Page = (Vec<(i64, Option<String>, Option<String>)>, u64, u64);

async fn old_page(
    store: &Store,
    list: i64,
    base: Option<i64>,
    q: &str,
    cursor: &ListCursor,
    limit: i64,
) -> Page {
    let pattern = like_pattern(q);
    let total: i64 = sqlx::query_scalar(&format!(
        "SELECT COUNT(*) FROM list_entries e WHERE e.list_id = $1 AND $2 = $2 AND {LIST_MATCH}"
    ))
    .bind(list)
    .bind(0i64)
    .bind(q)
    .bind(&pattern)
    .fetch_one(store.pool())
    .await
    .unwrap();
    let start = ListKey {
        unrated: false,
        rating: "0".into(),
        id: 0,
    };
    let (key, backwards) = match cursor {
        ListCursor::Start => (None, false),
        ListCursor::After(k) => (Some(k), false),
        ListCursor::Before(k) => (Some(k), true),
    };
    let (condition, order) = match (key, backwards) {
        (None, _) => ("$6 = $6 AND $7 = $7 AND $8 = $8".to_string(), "ASC"),
        (Some(_), false) => (after_sql(), "ASC"),
        (Some(_), true) => (before_sql(), "DESC"),
    };
    let reverse = if order == "ASC" { "DESC" } else { "ASC" };
    let k = key.unwrap_or(&start);
    let rows = sqlx::query(&format!(
        "SELECT e.player_id, e.rating, b.rating AS rating_before FROM list_entries e \
         LEFT JOIN list_entries b ON b.list_id = $2 AND b.player_id = e.player_id \
         WHERE e.list_id = $1 AND {LIST_MATCH} AND {condition} \
         ORDER BY {FLAG} {order}, {RATING} {reverse}, e.player_id {order} LIMIT $5"
    ))
    .bind(list)
    .bind(base.unwrap_or(-1))
    .bind(q)
    .bind(&pattern)
    .bind(limit)
    .bind(i64::from(k.unrated))
    .bind(k.rating.clone())
    .bind(k.id)
    .fetch_all(store.pool())
    .await
    .unwrap();
    let mut out: Vec<(i64, Option<String>, Option<String>)> = rows
        .iter()
        .map(|r| (r.get(0), r.get(1), r.get(2)))
        .collect();
    if backwards {
        out.reverse();
    }
    let before = match (cursor, out.first()) {
        (ListCursor::Start, _) | (_, None) => 0,
        (_, Some(first)) => {
            let n: i64 = sqlx::query_scalar(&format!(
                "SELECT COUNT(*) FROM list_entries e \
                 WHERE e.list_id = $1 AND $2 = $2 AND {LIST_MATCH} AND $5 = $5 AND {}",
                before_sql()
            ))
            .bind(list)
            .bind(0i64)
            .bind(q)
            .bind(&pattern)
            .bind(0i64)
            .bind(i64::from(first.1.is_none()))
            .bind(norm(first.1.as_deref()))
            .bind(first.0)
            .fetch_one(store.pool())
            .await
            .unwrap();
            n as u64
        }
    };
    (out, total as u64, before)
}

async fn old_players(
    store: &Store,
    list: i64,
    q: &str,
    offset: i64,
    limit: i64,
) -> (u64, Vec<i64>) {
    let pattern = like_pattern(q);
    let total: i64 = sqlx::query_scalar(&format!(
        "SELECT COUNT(*) FROM players p WHERE $1 = $1 AND $2 = $2 AND {MATCH}"
    ))
    .bind(0i64)
    .bind(0i64)
    .bind(q)
    .bind(&pattern)
    .fetch_one(store.pool())
    .await
    .unwrap();
    let rows = sqlx::query(&format!(
        "SELECT p.id, p.name, p.sex, p.unit, e.rating, e.status FROM players p \
         LEFT JOIN list_entries e ON e.list_id = $1 AND e.player_id = p.id \
         WHERE $2 = $2 AND {MATCH} ORDER BY p.id LIMIT $5 OFFSET $6"
    ))
    .bind(list)
    .bind(0i64)
    .bind(q)
    .bind(&pattern)
    .bind(limit)
    .bind(offset)
    .fetch_all(store.pool())
    .await
    .unwrap();
    (total as u64, rows.iter().map(|r| r.get(0)).collect())
}

/// A stored rating as a key's text (as the server's `Key::of` makes it).
fn norm(rating: Option<&str>) -> String {
    rating.map_or_else(|| "0".into(), |r| r.parse::<Decimal>().unwrap().to_string())
}

// ------------------------------------------------------------- the data

fn row(id: u32, name: &str, unit: Option<&str>, rating: Option<&str>) -> ListEntry {
    let mut r = match rating {
        Some(x) => ListRow::rated(PlayerId(id), name, Sex::Male, x.parse().unwrap()),
        None => ListRow::new(PlayerId(id), name, Sex::Female),
    };
    r.unit = unit.map(str::to_owned);
    ListEntry {
        line: id as usize + 1,
        row: r,
        fide_id: None,
    }
}

fn rows(shift: i64) -> Vec<ListEntry> {
    let names = [
        "王天一",
        "王天",
        "Wang Tianyi",
        "WANG Hao",
        "张%_\\x",
        "李 明",
        "赵鑫鑫",
        "洪智",
        "O'Brien",
        "\"Quote\"",
        "Élodie",
        "许银川",
        "吕钦",
        "王 天一",
        "天一",
    ];
    let units = [
        Some("北京"),
        Some("北京队"),
        None,
        Some("浙江"),
        Some("Hang Zhou"),
        Some("广东"),
        Some("上海50%"),
        None,
    ];
    (1..=64u32)
        .map(|i| {
            let name = format!(
                "{}{}",
                names[i as usize % names.len()],
                if i > 15 { i.to_string() } else { String::new() }
            );
            let unit = units[i as usize % units.len()];
            // Ties (2400 three ways, 2400.5 and 2400.50), decimals, unrated.
            let rating = match i % 9 {
                0 => None,
                1 | 2 => Some("2400".to_owned()),
                3 => Some(format!("{}.5", 2300 + i64::from(i) + shift)),
                _ => Some((1800 + i64::from(i) * 7 + shift).to_string()),
            };
            row(i, &name, unit, rating.as_deref())
        })
        .collect()
}

async fn import(store: &Store, file: &str, d: &str, entries: &[ListEntry]) -> i64 {
    store
        .import_list(
            file,
            file.as_bytes(),
            "cxa-2019",
            date(d),
            entries,
            Default::default(),
            &|_| {},
            "officer",
        )
        .await
        .unwrap()
        .list_id
}

const QUERIES: [&str; 26] = [
    "",
    "王",
    "王天",
    "王天一",
    "天一",
    "wang",
    "WANG",
    "ang t",
    "%",
    "_",
    "\\",
    "17",
    "017",
    "北京",
    "京队",
    "zz",
    "2400",
    "李 明",
    "明",
    "'",
    "\"quote\"",
    "élodie",
    "ÉLODIE",
    "50%",
    "hang zhou",
    " 天一",
];

#[tokio::test]
async fn pages_and_searches_are_those_of_the_old_queries() {
    for db in databases().await {
        let store = open(&db).await;
        let first = import(&store, "a.csv", "2025-01-01", &rows(0)).await;
        store.publish_list(first, true, "officer").await.unwrap();
        let second = import(&store, "b.csv", "2025-07-01", &rows(11)).await;
        for q in QUERIES {
            for (list, base) in [(first, None), (second, Some(first))] {
                // Walk forwards in pages of 5, then back from the last.
                let mut cursor = ListCursor::Start;
                let mut pages = Vec::new();
                loop {
                    let old = old_page(&store, list, base, q, &cursor, 5).await;
                    let new = store.list_page(list, base, q, &cursor, 5).await.unwrap();
                    let got: Vec<(i64, Option<String>, Option<String>)> = new
                        .rows
                        .iter()
                        .map(|r| {
                            (
                                i64::from(r.id),
                                r.rating.map(|d| d.to_string()),
                                r.rating_before.map(|d| d.to_string()),
                            )
                        })
                        .collect();
                    let want: Vec<(i64, Option<String>, Option<String>)> = old
                        .0
                        .iter()
                        .map(|(id, r, b)| {
                            (
                                *id,
                                r.as_ref()
                                    .map(|x| x.parse::<Decimal>().unwrap().to_string()),
                                b.as_ref()
                                    .map(|x| x.parse::<Decimal>().unwrap().to_string()),
                            )
                        })
                        .collect();
                    assert_eq!(got, want, "{}: q {q:?}, list {list}, {cursor:?}", db.name);
                    assert_eq!(
                        (new.total, new.before),
                        (old.1, old.2),
                        "{}: q {q:?}",
                        db.name
                    );
                    let Some(last) = new.rows.last() else { break };
                    pages.push(new.rows[0].clone());
                    cursor = ListCursor::After(ListKey {
                        unrated: last.rating.is_none(),
                        rating: norm(last.rating.map(|d| d.to_string()).as_deref()),
                        id: i64::from(last.id),
                    });
                }
                for first_row in pages.iter().skip(1) {
                    let cursor = ListCursor::Before(ListKey {
                        unrated: first_row.rating.is_none(),
                        rating: norm(first_row.rating.map(|d| d.to_string()).as_deref()),
                        id: i64::from(first_row.id),
                    });
                    let old = old_page(&store, list, base, q, &cursor, 5).await;
                    let new = store.list_page(list, base, q, &cursor, 5).await.unwrap();
                    let got: Vec<i64> = new.rows.iter().map(|r| i64::from(r.id)).collect();
                    let want: Vec<i64> = old.0.iter().map(|r| r.0).collect();
                    assert_eq!(got, want, "{}: q {q:?}, before {cursor:?}", db.name);
                    assert_eq!((new.total, new.before), (old.1, old.2));
                }
                if q.is_empty() {
                    assert!(pages.len() >= 12, "the whole list was walked");
                }
            }
            // The players' search, at three offsets.
            for offset in [0, 7, 14] {
                let old = old_players(&store, first, q, offset, 7).await;
                let (total, found) = store.search_players(q, offset as u64, 7).await.unwrap();
                let got: Vec<i64> = found.iter().map(|p| p.id).collect();
                assert_eq!(
                    (total, got),
                    old,
                    "{}: players q {q:?} offset {offset}",
                    db.name
                );
            }
        }
        // Some searches find rows through the trigram index and some not.
        let hits = store
            .list_page(first, None, "王天一", &ListCursor::Start, 100)
            .await
            .unwrap();
        assert!(hits.total >= 4, "{}", db.name);
        store.close().await;
    }
}
