//! Pages and searches of lists and players (issue 16 item 4) give the same
//! rows, totals and positions as the queries they replaced (the server's
//! SQL of before the trigram indexes, kept here verbatim as the reference),
//! on a small list with Chinese and Latin names, units, ties, unrated rows
//! and LIKE metacharacters; on SQLite and (with `QIYUAN_TEST_POSTGRES_URL`)
//! PostgreSQL. Searches of one to three characters — read through the index
//! a published list gets (migration 0019) — are checked page by page
//! against a scan of the list the test builds, as are the desk's searches
//! of a list.

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

// ------------------------------------ short searches against a plain scan

/// A list long enough that a common character's rows span several chunks
/// of the index (256 positions each): Chinese names of two and three
/// characters, a few Latin ones in mixed case and with digits, units or
/// none, ties and unrated rows. Built from the row number alone.
fn long_rows() -> Vec<ListEntry> {
    let surnames: Vec<char> = "王李张刘陈杨黄赵".chars().collect();
    let given: Vec<char> = "天一伟芳明华国军".chars().collect();
    let units = [
        Some("北京"),
        Some("浙江"),
        Some("黑龙江"),
        None,
        Some("Hang Zhou"),
    ];
    (1..=1500u32)
        .map(|i| {
            let name = match i % 23 {
                0 => format!("Wang {i}"),
                1 => format!("LI{}", i % 7),
                _ => {
                    let mut n = String::new();
                    n.push(surnames[i as usize % surnames.len()]);
                    n.push(given[(i as usize / 3) % given.len()]);
                    if i % 4 != 0 {
                        n.push(given[(i as usize / 11) % given.len()]);
                    }
                    n
                }
            };
            let unit = units[(i as usize / 2) % units.len()];
            let rating = match i % 10 {
                0 => None,
                1 => Some("2000".to_owned()),
                2 => Some(format!("{}.5", 1500 + i % 50)),
                _ => Some((1200 + (i * 37) % 1300).to_string()),
            };
            row(i, &name, unit, rating.as_deref())
        })
        .collect()
}

/// The rows of `entries` that a search `q` finds — the name (or, with
/// `unit`, the unit) holding `q` with letter case ignored, or the id being
/// `q` — in list order: rated rows by rating, highest first, then id;
/// unrated rows last, by id.
fn scan(entries: &[ListEntry], q: &str, unit: bool) -> Vec<u32> {
    let t = q.to_lowercase();
    let mut found: Vec<&ListEntry> = entries
        .iter()
        .filter(|e| {
            e.row.name.to_lowercase().contains(&t)
                || (unit
                    && e.row
                        .unit
                        .as_deref()
                        .is_some_and(|u| u.to_lowercase().contains(&t)))
                || e.row.id.0.to_string() == q
        })
        .collect();
    let key = |e: &ListEntry| {
        let r = e.row.rating.map(|r| r.to_string().parse::<f64>().unwrap());
        (r.is_none(), -r.unwrap_or(0.0), e.row.id.0)
    };
    found.sort_by(|a, b| key(a).partial_cmp(&key(b)).unwrap());
    found.iter().map(|e| e.row.id.0).collect()
}

fn key_of(entries: &[ListEntry], id: u32) -> ListKey {
    let e = entries.iter().find(|e| e.row.id.0 == id).unwrap();
    ListKey {
        unrated: e.row.rating.is_none(),
        rating: e
            .row
            .rating
            .map_or_else(|| "0".into(), |r| r.normalize().to_string()),
        id: i64::from(id),
    }
}

/// The searches of one to three characters (those the index answers):
/// every run of one, two and three characters in the names and units, a
/// few the list does not have, and ids (a row whose name holds the id's
/// digits, and one whose does not).
fn short_queries(entries: &[ListEntry]) -> Vec<String> {
    let mut qs = std::collections::BTreeSet::new();
    for e in entries {
        for text in [Some(e.row.name.as_str()), e.row.unit.as_deref()]
            .into_iter()
            .flatten()
        {
            let chars: Vec<char> = text.chars().collect();
            for i in 0..chars.len() {
                for n in 1..=3.min(chars.len() - i) {
                    qs.insert(chars[i..i + n].iter().collect::<String>());
                }
            }
        }
    }
    for q in [
        "无",
        "zz",
        "W",
        "WA",
        "hA",
        "7",
        "23",
        "46",
        "99",
        "1",
        "王天无",
        "123",
    ] {
        qs.insert(q.to_owned());
    }
    qs.into_iter().collect()
}

#[tokio::test]
async fn short_searches_find_what_a_scan_of_the_list_finds() {
    let entries = long_rows();
    let queries = short_queries(&entries);
    assert!(queries.len() > 100, "{}", queries.len());
    for db in databases().await {
        let store = open(&db).await;
        let list = import(&store, "long.csv", "2025-01-01", &entries).await;
        // The draft is read without the index (a quarter of the searches),
        // the published list through it.
        for published in [false, true] {
            if published {
                store.publish_list(list, true, "officer").await.unwrap();
            }
            for (n, q) in queries.iter().enumerate() {
                if !published && n % 4 != 0 {
                    continue;
                }
                let want = scan(&entries, q, true);
                // Walk forwards: a page of 40, its total and position.
                let mut cursor = ListCursor::Start;
                let mut got = Vec::new();
                let mut pages = Vec::new();
                loop {
                    let page = store.list_page(list, None, q, &cursor, 40).await.unwrap();
                    assert_eq!(page.total, want.len() as u64, "{}: {q:?}", db.name);
                    let Some(last) = page.rows.last() else {
                        // Past the last match: no rows, none said before.
                        assert_eq!(page.before, 0, "{}: {q:?}", db.name);
                        break;
                    };
                    assert_eq!(page.before, got.len() as u64, "{}: {q:?}", db.name);
                    cursor = ListCursor::After(key_of(&entries, last.id));
                    pages.push(page.rows[0].id);
                    got.extend(page.rows.iter().map(|r| r.id));
                }
                assert_eq!(got, want, "{}: {q:?}, published {published}", db.name);
                // Back from every page but the first, for some of them.
                if n % 5 == 0 {
                    for first in pages.iter().skip(1) {
                        let at = want.iter().position(|id| id == first).unwrap();
                        let cursor = ListCursor::Before(key_of(&entries, *first));
                        let page = store.list_page(list, None, q, &cursor, 40).await.unwrap();
                        let ids: Vec<u32> = page.rows.iter().map(|r| r.id).collect();
                        assert_eq!(ids, want[at.saturating_sub(40)..at], "{}: {q:?}", db.name);
                        assert_eq!(page.before, at.saturating_sub(40) as u64);
                    }
                }
                // The desk's search: the name or the id, the first 25.
                let desk: Vec<u32> = store
                    .find_on_list(list, q, 25)
                    .await
                    .unwrap()
                    .iter()
                    .map(|l| l.id)
                    .collect();
                let want_desk = scan(&entries, q, false);
                assert_eq!(
                    desk,
                    want_desk[..want_desk.len().min(25)],
                    "{}: {q:?}",
                    db.name
                );
            }
        }
        // Keys that are no row's: between two ratings, and past the end.
        for (key, q) in [
            (
                ListKey {
                    unrated: false,
                    rating: "1999.75".into(),
                    id: 0,
                },
                "王",
            ),
            (
                ListKey {
                    unrated: true,
                    rating: "0".into(),
                    id: 100_000,
                },
                "",
            ),
        ] {
            let want = scan(&entries, q, true);
            let key_order = |id: &u32| {
                let k = key_of(&entries, *id);
                let r: f64 = k.rating.parse().unwrap();
                let kr: f64 = key.rating.parse().unwrap();
                (k.unrated, -r, k.id)
                    .partial_cmp(&(key.unrated, -kr, key.id))
                    .unwrap()
            };
            let after: Vec<u32> = want
                .iter()
                .copied()
                .filter(|id| key_order(id).is_gt())
                .take(40)
                .collect();
            let page = store
                .list_page(list, None, q, &ListCursor::After(key.clone()), 40)
                .await
                .unwrap();
            let ids: Vec<u32> = page.rows.iter().map(|r| r.id).collect();
            assert_eq!(ids, after, "{}: after {key:?}", db.name);
            let before: Vec<u32> = want
                .iter()
                .copied()
                .filter(|id| key_order(id).is_lt())
                .collect();
            let page = store
                .list_page(list, None, q, &ListCursor::Before(key.clone()), 40)
                .await
                .unwrap();
            let ids: Vec<u32> = page.rows.iter().map(|r| r.id).collect();
            assert_eq!(
                ids,
                before[before.len().saturating_sub(40)..],
                "{}",
                db.name
            );
        }
        store.close().await;
    }
}

/// A list published before the index existed gets it when the store next
/// opens: its pages are then read through it and say what a scan says.
#[tokio::test]
async fn a_list_without_its_index_gets_it_at_open() {
    let entries = long_rows();
    for db in databases().await {
        let store = open(&db).await;
        let list = import(&store, "long.csv", "2025-01-01", &entries).await;
        store.publish_list(list, true, "officer").await.unwrap();
        // As before migration 0019: no index (its triggers set aside to
        // take it away).
        let drop = if db.name == "sqlite" {
            [
                "DROP TRIGGER list_index_frozen_delete",
                "DROP TRIGGER list_positions_frozen_delete",
                "DROP TRIGGER list_postings_frozen_delete",
            ]
        } else {
            [
                "DROP TRIGGER list_index_frozen ON list_index",
                "DROP TRIGGER list_positions_frozen ON list_positions",
                "DROP TRIGGER list_postings_frozen ON list_postings",
            ]
        };
        for sql in drop.iter().chain(&[
            "DELETE FROM list_postings",
            "DELETE FROM list_positions",
            "DELETE FROM list_index",
        ]) {
            sqlx::query(sql).execute(store.pool()).await.unwrap();
        }
        store.close().await;
        let store = open(&db).await;
        let indexed: i64 =
            sqlx::query_scalar("SELECT row_count FROM list_index WHERE list_id = $1")
                .bind(list)
                .fetch_one(store.pool())
                .await
                .unwrap();
        assert_eq!(indexed, entries.len() as i64);
        for q in ["", "王", "江", "天一", "1"] {
            let want = scan(&entries, q, true);
            let page = store
                .list_page(list, None, q, &ListCursor::Start, 30)
                .await
                .unwrap();
            let ids: Vec<u32> = page.rows.iter().map(|r| r.id).collect();
            assert_eq!(ids, want[..want.len().min(30)], "{}: {q:?}", db.name);
            assert_eq!(page.total, want.len() as u64);
        }
        store.close().await;
    }
}

/// The index of a published list is frozen with it.
#[tokio::test]
async fn the_index_of_a_published_list_never_changes() {
    for db in databases().await {
        let store = open(&db).await;
        let list = import(&store, "a.csv", "2025-01-01", &rows(0)).await;
        store.publish_list(list, true, "officer").await.unwrap();
        for sql in [
            "UPDATE list_positions SET pos = pos + 100",
            "DELETE FROM list_positions",
            "UPDATE list_postings SET total = 0",
            "DELETE FROM list_postings",
            "UPDATE list_index SET row_count = 0",
            "DELETE FROM list_index",
        ] {
            let err = sqlx::query(sql).execute(store.pool()).await.unwrap_err();
            assert!(
                err.to_string().contains("never changes"),
                "{}: {sql}: {err}",
                db.name
            );
        }
        store.close().await;
    }
}
