//! List pages and searches on a list of a million players (issue 16 item 4):
//! builds a list of 1,000,000 players (Chinese names of three characters,
//! 31 units, ratings with ties, every tenth unrated) on a fresh SQLite file
//! and, when `QIYUAN_TEST_POSTGRES_URL` is set, in a fresh PostgreSQL
//! database beside it; publishes it (which writes its index, migration
//! 0019); then times, with the store's queries ([`Store::list_page`],
//! [`Store::find_on_list`], [`Store::search_players`]), the first, a middle
//! and the last page (each with its position), searches by a full name, by
//! units of three and two characters, by two and by one character (the
//! first page, a middle and the last page of a one-character search
//! matching 137,743 rows), by id, the desk's search of the list, the
//! players' search — and, for comparison, the same page and search with the
//! SQL the public pages ran before the trigram indexes. `--draft` also
//! times the pages on the draft, which has no index: the path every list
//! took before migration 0019. Prints the median of several runs in
//! milliseconds; the goal is under 50 ms for a page and for a search.
//!
//! ```text
//! cargo bench -p qiyuan-store --bench lists            # 1,000,000 players
//! cargo bench -p qiyuan-store --bench lists -- 200000  # fewer
//! cargo bench -p qiyuan-store --bench lists -- --draft  # and the draft, without the index
//! ```
//!
//! Measured at 1,000,000 on the 2-core machine (median ms; the machine was
//! shared with other builds, load about 10). "Before": the list pages
//! before migration 0019 (the published list without its index; the rows
//! marked * were measured on the draft with `--draft`, the same queries).
//!
//! | page or search                        | SQLite before | after | PostgreSQL before | after |
//! |---------------------------------------|------:|-----:|-------:|-----:|
//! | first page                            |   3.1 | 13.4 |   15.2 |  1.8 |
//! | middle page, with its position        |  30.5 |  5.0 |  152.1 |  2.7 |
//! | last page, with its position          | * 60.9 |  4.6 | * 240.7 |  1.8 |
//! | full name (3 characters)              |   1.1 |  0.9 |   19.3 |  1.5 |
//! | unit 黑龙江 (3 characters, 32,258 rows) | * 339.6 |  1.8 | * 71.4 |  9.3 |
//! | unit 浙江 (2 characters, 32,258 rows)  | 3,781 |  1.4 |    549 | 18.1 |
//! | two characters of a name (315 rows)   | 5,797 |  5.3 |    977 | 10.6 |
//! | one character 王 (10,000 rows)         | * 7,795 |  1.9 | * 2,391 | 13.4 |
//! | one character of a name (34,777 rows) | * 4,854 |  1.1 | * 407 |  4.3 |
//! | one character 江, middle page          | * 5,912 |  2.1 | * 745 |  9.3 |
//! | one character 江, last page            | * 14,000 | 2.0 | * 917 |  3.0 |
//! | an id                                 |   0.7 |  1.6 |    1.6 |  9.7 |
//! | desk: one character / two / full name / id | (whole list in memory) | 0.6 / 0.5 / 0.2 / 0.5 | | 8.3 / 1.9 / 1.4 / 1.0 |
//!
//! Publication with the index: 131.6 s on SQLite, 151.2 s on PostgreSQL
//! (45.5 s and 53.9 s without it). Not indexed (the players change, the
//! index is a published list's): the players' search by two characters,
//! 722 ms on SQLite and 1,285 ms on PostgreSQL.

use std::time::Instant;

use qiyuan_store::list_pages::{ListCursor, ListKey, like_pattern};
use qiyuan_store::{ListEntry, Store};
use sqlx::{Connection, Row};

const SURNAMES: &str = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤";
const GIVEN: &str = "伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉萍红娥玲芬燕彬鑫斌宇浩凯健俊帆帅旭宁龙林欢阳建国志军天一银川钦智";
const UNITS: [&str; 31] = [
    "北京",
    "天津",
    "河北",
    "山西",
    "内蒙古",
    "辽宁",
    "吉林",
    "黑龙江",
    "上海",
    "江苏",
    "浙江",
    "安徽",
    "福建",
    "江西",
    "山东",
    "河南",
    "湖北",
    "湖南",
    "广东",
    "广西",
    "海南",
    "重庆",
    "四川",
    "贵州",
    "云南",
    "西藏",
    "陕西",
    "甘肃",
    "青海",
    "宁夏",
    "新疆",
];

fn main() {
    let players: i64 = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .map_or(1_000_000, |a| a.parse().expect("a number of players"));
    let time_draft = std::env::args().any(|a| a == "--draft");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    runtime.block_on(async {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().join("lists.sqlite3");
        let sqlite = Store::open(&path.display().to_string())
            .await
            .expect("the SQLite file opens");
        run("SQLite", &sqlite, players, time_draft).await;
        sqlite.close().await;
        if let Ok(base) = std::env::var("QIYUAN_TEST_POSTGRES_URL")
            && !base.is_empty()
        {
            sqlx::any::install_default_drivers();
            let name = format!("qiyuan_bench_lists_{}", std::process::id());
            let mut conn = sqlx::AnyConnection::connect(&base)
                .await
                .expect("PostgreSQL");
            sqlx::query(&format!("CREATE DATABASE {name}"))
                .execute(&mut conn)
                .await
                .expect("CREATE DATABASE");
            let (head, _) = base.rsplit_once('/').expect("a database URL");
            let pg = Store::open(&format!("{head}/{name}"))
                .await
                .expect("PostgreSQL opens");
            run("PostgreSQL", &pg, players, time_draft).await;
            pg.close().await;
            sqlx::query(&format!("DROP DATABASE {name}"))
                .execute(&mut conn)
                .await
                .expect("DROP DATABASE");
        } else {
            println!("QIYUAN_TEST_POSTGRES_URL not set: PostgreSQL not measured");
        }
    });
}

/// The name of player `n` (as the SQL below makes it).
fn name_of(n: i64) -> String {
    let s: Vec<char> = SURNAMES.chars().collect();
    let g: Vec<char> = GIVEN.chars().collect();
    let (s_len, g_len) = (s.len() as i64, g.len() as i64);
    [
        s[(n % s_len) as usize],
        g[((n / 7) % g_len) as usize],
        g[((n / 331) % g_len) as usize],
    ]
    .iter()
    .collect()
}

async fn run(backend: &str, store: &Store, players: i64, time_draft: bool) {
    let start = Instant::now();
    // A draft list made through the store (its audit entry, its row), then
    // a million rows written straight in (the FTS triggers run as for an
    // import).
    let seed = ListEntry {
        line: 2,
        row: qiyuan_rating::period::ListRow::new(
            qiyuan_rating::model::PlayerId(4_000_000_000),
            "种子",
            qiyuan_rating::model::Sex::Male,
        ),
        fide_id: None,
    };
    let draft = store
        .import_list(
            "bench.csv",
            b"bench",
            "cxa-2019",
            chrono::NaiveDate::from_ymd_opt(2026, 1, 1).expect("a date"),
            &[seed],
            Default::default(),
            &|_| {},
            "bench",
        )
        .await
        .expect("the seed list imports");
    let list = draft.list_id;
    let audit: i64 = sqlx::query_scalar("SELECT MAX(id) FROM audit_log")
        .fetch_one(store.pool())
        .await
        .expect("an audit entry");
    let units = UNITS
        .iter()
        .map(|u| format!("'{u}'"))
        .collect::<Vec<_>>()
        .join(",");
    let pg = backend == "PostgreSQL";
    let (series, arr) = if pg {
        (
            format!("SELECT generate_series(1, {players})::BIGINT AS n"),
            format!("(ARRAY[{units}])[CAST(n % 31 AS INTEGER) + 1]"),
        )
    } else {
        let units = UNITS.map(|u| format!("\"{u}\"")).join(",");
        (
            format!(
                "WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < {players}) \
                 SELECT n FROM s"
            ),
            format!("json_extract('[{units}]', '$[' || (n % 31) || ']')"),
        )
    };
    let name = format!(
        "substr('{SURNAMES}', CAST(n % {s} AS INTEGER) + 1, 1) || \
         substr('{GIVEN}', CAST((n / 7) % {g} AS INTEGER) + 1, 1) || \
         substr('{GIVEN}', CAST((n / 331) % {g} AS INTEGER) + 1, 1)",
        s = SURNAMES.chars().count(),
        g = GIVEN.chars().count(),
    );
    sqlx::query(&format!(
        "INSERT INTO players (id, name, sex, birth, unit, audit_id) \
         SELECT n, {name}, CASE WHEN n % 3 = 0 THEN 'f' ELSE 'm' END, NULL, {arr}, {audit} \
         FROM ({series}) g"
    ))
    .execute(store.pool())
    .await
    .expect("the players");
    sqlx::query(&format!(
        "INSERT INTO list_entries (list_id, player_id, rating, valid_games, k, status, highest, \
         name, sex, unit) \
         SELECT {list}, n, CASE WHEN n % 10 = 0 THEN NULL ELSE CAST(1000 + (n * 7919) % 1800 AS TEXT) END, \
         30, 20, CASE WHEN n % 10 = 0 THEN 'unrated' ELSE 'active' END, NULL, \
         {name}, CASE WHEN n % 3 = 0 THEN 'f' ELSE 'm' END, {arr} \
         FROM ({series}) g"
    ))
    .execute(store.pool())
    .await
    .expect("the list rows");
    // As a published list is once autovacuum has been by (PostgreSQL: the
    // visibility map that index-only scans need).
    sqlx::query(if pg { "VACUUM ANALYZE" } else { "ANALYZE" })
        .execute(store.pool())
        .await
        .expect("ANALYZE");
    println!(
        "{backend}: {players} players on list #{list} written in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    // A draft's size is counted at every page; a published list's once.
    let t = Instant::now();
    store
        .list_page(list, None, "", &ListCursor::Start, 100)
        .await
        .expect("a page");
    println!(
        "  list page, first page of the draft (counted)   {:>8.1} ms",
        t.elapsed().as_secs_f64() * 1000.0
    );
    // The middle of the list: after the key of rating 1900 (ratings run
    // from 1000 to 2799).
    let key = ListKey {
        unrated: false,
        rating: "1900".into(),
        id: 0,
    };
    // A player in the middle of the ids: his full name, and two of its
    // characters.
    let full_name = name_of(players / 2 + 17);
    let two: String = full_name.chars().skip(1).collect();
    let one: String = full_name.chars().skip(1).take(1).collect();
    // The end of the list: the page before a key after every row.
    let end = ListKey {
        unrated: true,
        rating: "0".into(),
        id: i64::MAX,
    };
    let cases: Vec<(&str, String, ListCursor)> = vec![
        ("first page", String::new(), ListCursor::Start),
        (
            "middle page (with its position)",
            String::new(),
            ListCursor::After(key.clone()),
        ),
        (
            "last page (with its position)",
            String::new(),
            ListCursor::Before(end.clone()),
        ),
        (
            "search: full name (3 chars)",
            full_name.clone(),
            ListCursor::Start,
        ),
        (
            "search: a unit (黑龙江, 3 chars)",
            "黑龙江".into(),
            ListCursor::Start,
        ),
        (
            "search: a unit (浙江, 2 chars)",
            "浙江".into(),
            ListCursor::Start,
        ),
        (
            "search: two characters of a name",
            two.clone(),
            ListCursor::Start,
        ),
        ("search: one character (王)", "王".into(), ListCursor::Start),
        (
            "search: one character of a name",
            one.clone(),
            ListCursor::Start,
        ),
        (
            "search: one character (江), middle page",
            "江".into(),
            ListCursor::After(key.clone()),
        ),
        (
            "search: one character (江), last page",
            "江".into(),
            ListCursor::Before(end.clone()),
        ),
        (
            "search: an id",
            (players / 3).to_string(),
            ListCursor::Start,
        ),
    ];
    if time_draft {
        // The path every list took before its index (migration 0019): a
        // draft's, which has none (three runs each: some are slow).
        println!("  the draft, without the index:");
        time_pages(store, list, &cases, 3).await;
    }
    let t = Instant::now();
    store
        .publish_list(list, true, "bench")
        .await
        .expect("the list is published");
    println!(
        "  (published, its index written, in {:.1} s; the pages below are of the published list)",
        t.elapsed().as_secs_f64()
    );
    time_pages(store, list, &cases, 7).await;
    // The desk's search of the list (name or id, the first 25).
    for (what, q) in [
        ("desk: one character (王)", "王".to_string()),
        ("desk: two characters of a name", two.clone()),
        ("desk: full name (3 chars)", full_name.clone()),
        ("desk: an id", (players / 3).to_string()),
    ] {
        let mut times = Vec::new();
        let mut found = 0;
        for _ in 0..7 {
            let t = Instant::now();
            found = store
                .find_on_list(list, &q, 25)
                .await
                .expect("a search")
                .len();
            times.push(t.elapsed().as_secs_f64() * 1000.0);
        }
        println!(
            "  {what:<47} {:>8.1} ms   ({found} shown)",
            median(&mut times)
        );
    }
    for (what, q) in [
        ("players: first page", String::new()),
        ("players: full name (3 chars)", full_name.clone()),
        ("players: two characters", two.clone()),
    ] {
        let mut times = Vec::new();
        let mut total = 0;
        for _ in 0..7 {
            let t = Instant::now();
            let (n, _) = store.search_players(&q, 0, 100).await.expect("a search");
            times.push(t.elapsed().as_secs_f64() * 1000.0);
            total = n;
        }
        println!(
            "  {what:<47} {:>8.1} ms   ({total} found)",
            median(&mut times)
        );
    }
    // The SQL of before, for comparison (three runs each: it is slow).
    for (what, q) in [
        ("first page", String::new()),
        ("full-name search", full_name),
    ] {
        let mut times = Vec::new();
        for _ in 0..3 {
            let t = Instant::now();
            old_page(store, list, &q).await;
            times.push(t.elapsed().as_secs_f64() * 1000.0);
        }
        println!("  old SQL, list {what:<33} {:>8.1} ms", median(&mut times));
    }
}

/// Times each case's page (`runs` runs, the median).
async fn time_pages(store: &Store, list: i64, cases: &[(&str, String, ListCursor)], runs: usize) {
    for (what, q, cursor) in cases {
        let mut times = Vec::new();
        let mut found = (0, 0);
        for _ in 0..runs {
            let t = Instant::now();
            let page = store
                .list_page(list, None, q, cursor, 100)
                .await
                .expect("a page");
            times.push(t.elapsed().as_secs_f64() * 1000.0);
            found = (page.rows.len(), page.total);
        }
        println!(
            "  list page, {what:<36} {:>8.1} ms   ({} rows shown of {})",
            median(&mut times),
            found.0,
            found.1
        );
    }
}

fn median(times: &mut [f64]) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// The public list page's queries before this benchmark's issue: the count
/// and the first page, with the search as `LIKE` on every row.
async fn old_page(store: &Store, list: i64, q: &str) {
    const LIST_MATCH: &str = "($3 = '' OR LOWER(e.name) LIKE $4 ESCAPE '\\' \
         OR LOWER(COALESCE(e.unit, '')) LIKE $4 ESCAPE '\\' OR CAST(e.player_id AS TEXT) = $3)";
    const FLAG: &str = "(CASE WHEN e.rating IS NULL THEN 1 ELSE 0 END)";
    const RATING: &str = "COALESCE(CAST(e.rating AS DOUBLE PRECISION), 0)";
    let pattern = like_pattern(q);
    let _: i64 = sqlx::query(&format!(
        "SELECT COUNT(*) FROM list_entries e WHERE e.list_id = $1 AND $2 = $2 AND {LIST_MATCH}"
    ))
    .bind(list)
    .bind(0i64)
    .bind(q)
    .bind(&pattern)
    .fetch_one(store.pool())
    .await
    .expect("the count")
    .get(0);
    sqlx::query(&format!(
        "SELECT e.player_id, e.name, e.sex, e.unit, e.titles, e.rating, e.valid_games, e.k, \
         e.status, e.highest, b.rating AS rating_before FROM list_entries e \
         LEFT JOIN list_entries b ON b.list_id = $2 AND b.player_id = e.player_id \
         WHERE e.list_id = $1 AND {LIST_MATCH} AND $6 = $6 AND $7 = $7 AND $8 = $8 \
         ORDER BY {FLAG} ASC, {RATING} DESC, e.player_id ASC LIMIT $5"
    ))
    .bind(list)
    .bind(-1i64)
    .bind(q)
    .bind(&pattern)
    .bind(101i64)
    .bind(0i64)
    .bind("0")
    .bind(0i64)
    .fetch_all(store.pool())
    .await
    .expect("the page");
}
