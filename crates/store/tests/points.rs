//! The platform point store (regulations §6) on SQLite and (when
//! `QIYUAN_TEST_POSTGRES_URL` is set) PostgreSQL: the seeds' worked examples
//! come out of the store unchanged, a game id is applied once however often
//! and however concurrently it is posted, concurrent games give exactly the
//! states of applying them one by one in the order the store logged them,
//! and the states survive closing the database.

mod common;

use std::collections::HashMap;
use std::str::FromStr;

use common::*;
use qiyuan_rating::online::glicko2::{Glicko2, Glicko2Store};
use qiyuan_rating::online::{Colour, GameResult, OnlineGame, PlayerStore, PointSystem};
use qiyuan_store::Store;
use qiyuan_store::points::{Change, GLICKO2, GameOutcome, PointsError, PointsGame, PointsService};
use rust_decimal::Decimal;
use rust_decimal_macros::dec;
use serde_json::value::RawValue;

fn game(id: &str, white: &str, black: &str, result: &str, plies: Option<u32>) -> PointsGame {
    PointsGame {
        id: id.into(),
        white: white.into(),
        black: black.into(),
        result: result.into(),
        plies,
        draw_offer: None,
    }
}

/// Puts a player's points into the store before the service starts.
async fn seed_points(store: &Store, system: &str, player: &str, points: &str) {
    sqlx::query(
        "INSERT INTO points_players (system, player_id, points, level, rd, volatility, games, updated) \
         VALUES ($1, $2, $3, NULL, NULL, NULL, 0, '2026-01-01T00:00:00Z')",
    )
    .bind(system)
    .bind(player)
    .bind(points)
    .execute(store.pool())
    .await
    .unwrap();
}

/// A stored player: (points text, level, games).
async fn player(store: &Store, system: &str, id: &str) -> (String, Option<String>, i64) {
    let row: (String, Option<String>, i64) = sqlx::query_as(
        "SELECT points, level, games FROM points_players WHERE system = $1 AND player_id = $2",
    )
    .bind(system)
    .bind(id)
    .fetch_one(store.pool())
    .await
    .unwrap();
    row
}

async fn count_games(store: &Store, system: &str, id: &str) -> i64 {
    let (n,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM points_games WHERE system = $1 AND game_id = $2")
            .bind(system)
            .bind(id)
            .fetch_one(store.pool())
            .await
            .unwrap();
    n
}

fn points(change: &Change) -> (Decimal, Decimal, Decimal, Decimal, &str, &str) {
    match change {
        Change::Points {
            white_change,
            black_change,
            white_points,
            black_points,
            white_level,
            black_level,
            ..
        } => (
            *white_change,
            *black_change,
            *white_points,
            *black_points,
            white_level,
            black_level,
        ),
        other => panic!("not a point system's change: {other:?}"),
    }
}

#[tokio::test]
async fn the_seeds_examples_through_the_store() {
    for db in databases().await {
        let store = open(&db).await;
        seed_points(&store, "qq-xiangqi-elo", "red", "1676").await;
        seed_points(&store, "qq-xiangqi-elo", "black", "2076").await;
        seed_points(&store, "qq-chess-levels", "x", "95").await;
        let service = PointsService::start(&store).await.unwrap();

        // Seed 003 (regulations §6.3): red 1676 loses to black 2076.
        // Black: Dr = (1676 − 2076) + 100 = −300, Exp = 1/(10^−0.75 + 1)
        // = 0.849, K 20 (2000–2199): 20 × 0.151 = 3.02 → +3 (2079).
        // Red: Dr = 400 − 100 = 300, Exp = 0.151, K 30 (1400–1799):
        // 30 × (0 − 0.151) = −4.53 → −4 (1672).
        // Levels: 1600 三级棋手 ≤ 1672 < 1700; 2000 三级大师 ≤ 2079 < 2200.
        let o = service
            .apply(
                "qq-xiangqi-elo",
                game("g1", "red", "black", "0-1", Some(60)),
            )
            .await
            .unwrap();
        assert_eq!(
            points(&o.change),
            (
                dec!(-4),
                dec!(3),
                dec!(1672),
                dec!(2079),
                "三级棋手",
                "三级大师"
            ),
            "{}",
            db.name
        );
        assert_eq!(
            o.body,
            r#"{"id":"g1","scored":true,"white_change":-4,"black_change":3,"white_points":1672,"black_points":2079,"white_level":"三级棋手","black_level":"三级大师"}"#
        );
        assert!(!o.replayed);
        assert_eq!(
            player(&store, "qq-xiangqi-elo", "black").await,
            ("2079".into(), Some("三级大师".into()), 1)
        );

        // Two new players start at 1300 (§6.3), K 60. Red: Dr = 0 − 100,
        // Exp = 1/(10^−0.25 + 1) = 0.640065; a draw: 60 × (0.5 − 0.640065)
        // = −8.40 → −8. Black: Dr = +100, Exp = 0.359935: +8.40 → +8.
        // 1292: 七级棋手 (1200); 1308: 六级棋手 (1300).
        let o = service
            .apply("qq-xiangqi-elo", game("g2", "n1", "n2", "1/2-1/2", None))
            .await
            .unwrap();
        assert_eq!(
            points(&o.change),
            (
                dec!(-8),
                dec!(8),
                dec!(1292),
                dec!(1308),
                "七级棋手",
                "六级棋手"
            )
        );

        // qq-chess-levels (§6.1): x 95 vs new y 0: d = 95, x higher and wins:
        // 10 − 95/12.5 = 2.4. Then y −2.4 vs x 97.4: d = 99.8, the lower y
        // wins: 10 + 99.8/10 = 19.98 → y 17.58, x 77.42. All below 100: 无级别.
        let o = service
            .apply("qq-chess-levels", game("c1", "x", "y", "1-0", None))
            .await
            .unwrap();
        assert_eq!(
            points(&o.change),
            (
                dec!(2.4),
                dec!(-2.4),
                dec!(97.4),
                dec!(-2.4),
                "无级别",
                "无级别"
            )
        );
        let o = service
            .apply("qq-chess-levels", game("c2", "y", "x", "1-0", None))
            .await
            .unwrap();
        assert_eq!(points(&o.change).2, dec!(17.58));
        assert_eq!(points(&o.change).3, dec!(77.42));
        assert_eq!(player(&store, "qq-chess-levels", "x").await.0, "77.42");

        // qq-xiangqi-titles (§6.2): a game ending within 10 moves (9 plies)
        // gives the winner nothing; the loser still loses 1.
        let o = service
            .apply("qq-xiangqi-titles", game("t1", "a", "b", "1-0", Some(9)))
            .await
            .unwrap();
        assert_eq!(
            points(&o.change),
            (dec!(0), dec!(-1), dec!(0), dec!(-1), "草民", "草民")
        );
        // Leaving by force costs 5 (强制退出游戏将扣除5分).
        let o = service
            .apply("qq-xiangqi-titles", game("t2", "a", "b", "+-", Some(40)))
            .await
            .unwrap();
        assert_eq!(points(&o.change).1, dec!(-5));
        assert_eq!(player(&store, "qq-xiangqi-titles", "b").await.0, "-6");
        store.close().await;
    }
}

#[tokio::test]
async fn a_game_posted_twice_is_applied_once() {
    for db in databases().await {
        let store = open(&db).await;
        let service = PointsService::start(&store).await.unwrap();
        let first = service
            .apply("qq-xiangqi-elo", game("g1", "a", "b", "1-0", None))
            .await
            .unwrap();
        // The same id again, even with another result: the stored answer.
        for result in ["1-0", "0-1"] {
            let again = service
                .apply("qq-xiangqi-elo", game("g1", "a", "b", result, None))
                .await
                .unwrap();
            assert!(again.replayed, "{}", db.name);
            assert_eq!((&again.body, again.seq), (&first.body, first.seq));
            assert_eq!(again.change, first.change);
        }
        assert_eq!(count_games(&store, "qq-xiangqi-elo", "g1").await, 1);
        assert_eq!(player(&store, "qq-xiangqi-elo", "a").await.2, 1);

        // Posted twice at the same moment (one batch, or two): applied once.
        for id in ["g2", "g3"] {
            let (x, y) = tokio::join!(
                service.apply("qq-xiangqi-elo", game(id, "a", "b", "0-1", None)),
                service.apply("qq-xiangqi-elo", game(id, "a", "b", "0-1", None)),
            );
            let (x, y) = (x.unwrap(), y.unwrap());
            assert_eq!((&x.body, x.seq), (&y.body, y.seq), "{}", db.name);
            assert!(x.replayed != y.replayed, "exactly one applied it");
            assert_eq!(count_games(&store, "qq-xiangqi-elo", id).await, 1);
        }
        assert_eq!(player(&store, "qq-xiangqi-elo", "a").await.2, 3);
        // Game ids are per system: the same id in another system is another game.
        let other = service
            .apply("qq-chess-levels", game("g1", "a", "b", "1-0", None))
            .await
            .unwrap();
        assert!(!other.replayed);
        store.close().await;
    }
}

#[tokio::test]
async fn a_bad_game_is_refused_alone() {
    for db in databases().await {
        let store = open(&db).await;
        let service = PointsService::start(&store).await.unwrap();
        let (good1, same, bad_result, unknown, good2) = tokio::join!(
            service.apply("qq-xiangqi-elo", game("ok1", "a", "b", "1-0", None)),
            service.apply("qq-xiangqi-elo", game("bad1", "a", "a", "1-0", None)),
            service.apply("qq-xiangqi-elo", game("bad2", "a", "b", "2-0", None)),
            service.apply("qq-go", game("bad3", "a", "b", "1-0", None)),
            service.apply("qq-xiangqi-elo", game("ok2", "b", "a", "1-0", None)),
        );
        assert!(good1.is_ok() && good2.is_ok(), "{}", db.name);
        let same = same.unwrap_err();
        assert!(matches!(same, PointsError::Rejected(_)), "{same:?}");
        assert!(
            same.to_string()
                .contains("`a` cannot play against themself")
        );
        let bad = bad_result.unwrap_err();
        assert!(
            matches!(
                bad,
                PointsError::InvalidGame {
                    field: "result",
                    ..
                }
            ),
            "{bad:?}"
        );
        assert!(bad.to_string().contains("`2-0` is not a result"), "{bad}");
        let unknown = unknown.unwrap_err().to_string();
        assert!(
            unknown.contains("qq-go") && unknown.contains("qq-xiangqi-elo"),
            "{unknown}"
        );
        // The refused games left nothing behind.
        for id in ["bad1", "bad2", "bad3"] {
            assert_eq!(count_games(&store, "qq-xiangqi-elo", id).await, 0);
        }
        assert_eq!(player(&store, "qq-xiangqi-elo", "a").await.2, 2);
        // A refused id is not taken: the corrected game goes through.
        let fixed = service
            .apply("qq-xiangqi-elo", game("bad1", "a", "c", "1-0", None))
            .await
            .unwrap();
        assert!(!fixed.replayed);
        store.close().await;
    }
}

/// A small deterministic generator (64-bit LCG, Knuth's MMIX constants).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

const SYSTEMS: [&str; 3] = ["qq-xiangqi-elo", "qq-chess-levels", GLICKO2];
const RESULTS: [&str; 5] = ["1-0", "0-1", "1/2-1/2", "+-", "-+"];

fn parse_result(s: &str) -> (GameResult, Option<Colour>) {
    match s {
        "1-0" => (GameResult::WhiteWins, None),
        "0-1" => (GameResult::BlackWins, None),
        "1/2-1/2" => (GameResult::Draw, None),
        "+-" => (GameResult::WhiteWins, Some(Colour::Black)),
        "-+" => (GameResult::BlackWins, Some(Colour::White)),
        other => panic!("{other}"),
    }
}

/// A response's fields as their JSON text (exact: no float parsing).
fn fields(response: &str) -> HashMap<String, Box<RawValue>> {
    serde_json::from_str(response).unwrap()
}

fn raw_dec(v: &HashMap<String, Box<RawValue>>, key: &str) -> Decimal {
    Decimal::from_str(v[key].get()).unwrap()
}

fn raw_f64(v: &HashMap<String, Box<RawValue>>, key: &str) -> f64 {
    f64::from_str(v[key].get()).unwrap()
}

#[tokio::test]
async fn concurrent_games_equal_sequential_application() {
    for db in databases().await {
        let store = open(&db).await;
        let service = PointsService::start(&store).await.unwrap();
        // 20 tasks × 500 games among 40 shared players, in three systems.
        let mut tasks = Vec::new();
        for t in 0..20u64 {
            let service = service.clone();
            tasks.push(tokio::spawn(async move {
                let mut rng = Lcg(t + 1);
                let mut answers = Vec::new();
                for i in 0..500 {
                    let system = SYSTEMS[rng.next(3) as usize];
                    let w = rng.next(40);
                    let b = (w + 1 + rng.next(39)) % 40;
                    let result = RESULTS[rng.next(5) as usize];
                    let plies = Some(rng.next(120) as u32);
                    let g = game(
                        &format!("t{t}-{i}"),
                        &format!("p{w}"),
                        &format!("p{b}"),
                        result,
                        plies,
                    );
                    let o = service.apply(system, g).await.unwrap();
                    answers.push((system, o));
                }
                answers
            }));
        }
        let mut answered = HashMap::new();
        for t in tasks {
            for (system, o) in t.await.unwrap() {
                assert!(!o.replayed);
                answered.insert((system.to_owned(), o.game_id.clone()), o);
            }
        }
        assert_eq!(answered.len(), 10_000);

        assert_serial_replay(&store, &answered, 10_000, db.name).await;
        let stats = service.batch_stats();
        assert_eq!(stats.games, 10_000);
        store.close().await;
    }
}

/// Three services, each on its own pool (as three `qiyuan serve` processes
/// would be) on one database; 50 clients spread over them, each posting its
/// own games and ten games every client posts (the same id to every
/// service at once). The log replayed serially in `seq` order gives every
/// answer and every final state: no update lost, none counted twice, and a
/// game posted to several processes applied once.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn services_on_separate_pools_equal_the_serial_replay() {
    const CLIENTS: u64 = 50;
    const OWN: u64 = 60;
    const SHARED: u64 = 10;
    for db in databases().await {
        let mut stores = Vec::new();
        let mut services = Vec::new();
        for _ in 0..3 {
            let store = open(&db).await;
            services.push(PointsService::start(&store).await.unwrap());
            stores.push(store);
        }
        let mut tasks = Vec::new();
        for c in 0..CLIENTS {
            let services = services.clone();
            tasks.push(tokio::spawn(async move {
                let mut rng = Lcg(c + 100);
                let mut answers = Vec::new();
                for i in 0..OWN {
                    // A shared game now and then: the same id and content
                    // from every client, through another service each time.
                    let (system, g) = if i % (OWN / SHARED) == 0 {
                        let k = i / (OWN / SHARED);
                        let mut fixed = Lcg(k + 1_000);
                        random_game(&mut fixed, &format!("shared-{k}"))
                    } else {
                        random_game(&mut rng, &format!("c{c}-{i}"))
                    };
                    let service = &services[((c + i) % 3) as usize];
                    let o = service.apply(system, g).await.unwrap();
                    answers.push((system, o));
                }
                answers
            }));
        }
        let mut answered: HashMap<(String, String), GameOutcome> = HashMap::new();
        let mut applied = 0;
        for t in tasks {
            for (system, o) in t.await.unwrap() {
                if !o.replayed {
                    applied += 1;
                }
                let key = (system.to_owned(), o.game_id.clone());
                if let Some(other) = answered.get(&key) {
                    // A shared game: every client got the same answer.
                    assert_eq!((&other.body, other.seq), (&o.body, o.seq), "{}", db.name);
                } else {
                    answered.insert(key, o);
                }
            }
        }
        let distinct = (CLIENTS * (OWN - SHARED) + SHARED) as usize;
        assert_eq!(answered.len(), distinct);
        // Each shared game applied once, by whichever service came first.
        assert_eq!(applied, distinct, "{}", db.name);
        assert_serial_replay(&stores[0], &answered, distinct, db.name).await;
        let committed: u64 = services.iter().map(|s| s.batch_stats().games).sum();
        assert_eq!(committed, distinct as u64);
        // Every service took part.
        assert!(services.iter().all(|s| s.batch_stats().games > 0));
        drop(services);
        for store in stores {
            store.close().await;
        }
    }
}

/// A game among 40 players in one of the three systems, drawn from `rng`.
fn random_game(rng: &mut Lcg, id: &str) -> (&'static str, PointsGame) {
    let system = SYSTEMS[rng.next(3) as usize];
    let w = rng.next(40);
    let b = (w + 1 + rng.next(39)) % 40;
    let result = RESULTS[rng.next(5) as usize];
    let plies = Some(rng.next(120) as u32);
    let g = game(id, &format!("p{w}"), &format!("p{b}"), result, plies);
    (system, g)
}

/// The log in `seq` order, replayed one game at a time with the pure
/// rating crate, gives every stored response and every player's stored
/// state; `answered` (by system and game id) are the answers the clients
/// got, `total` the games expected in the log.
async fn assert_serial_replay(
    store: &Store,
    answered: &HashMap<(String, String), GameOutcome>,
    total: usize,
    db: &str,
) {
    let log: Vec<(String, String, i64, String, String)> = sqlx::query_as(
        "SELECT system, game_id, seq, request, response FROM points_games ORDER BY seq",
    )
    .fetch_all(store.pool())
    .await
    .unwrap();
    assert_eq!(log.len(), total, "{db}");
    let systems: HashMap<&str, PointSystem> = SYSTEMS[..2]
        .iter()
        .map(|n| (*n, PointSystem::builtin(n).unwrap()))
        .collect();
    let mut stores: HashMap<&str, PlayerStore> = SYSTEMS[..2]
        .iter()
        .map(|n| (*n, PlayerStore::new()))
        .collect();
    let mut glicko = Glicko2Store::new(Glicko2::builtin());
    let mut glicko_games: HashMap<String, i64> = HashMap::new();
    for (k, (system, id, seq, request, response)) in log.iter().enumerate() {
        assert_eq!(*seq, k as i64 + 1, "seq runs from 1 without gaps");
        let g: PointsGame = serde_json::from_str(request).unwrap();
        assert_eq!(&g.id, id);
        let answer = &answered[&(system.clone(), id.clone())];
        assert_eq!((&answer.body, answer.seq), (response, *seq));
        let stored = fields(response);
        let (result, leaver) = parse_result(&g.result);
        if system == GLICKO2 {
            let score = f64::from(result.white_score_x2()) / 2.0;
            let (w, b) = glicko.rate_game(&g.white, &g.black, score).unwrap();
            *glicko_games.entry(g.white.clone()).or_default() += 1;
            *glicko_games.entry(g.black.clone()).or_default() += 1;
            assert_eq!(raw_f64(&stored, "white_points"), w.rating);
            assert_eq!(raw_f64(&stored, "black_points"), b.rating);
            assert_eq!(raw_f64(&stored, "white_rd"), w.rd);
            assert_eq!(raw_f64(&stored, "black_rd"), b.rd);
            assert_eq!(raw_f64(&stored, "white_volatility"), w.volatility);
            assert_eq!(raw_f64(&stored, "black_volatility"), b.volatility);
        } else {
            let online = OnlineGame {
                id,
                white: &g.white,
                black: &g.black,
                result,
                plies: g.plies,
                left_by_force: leaver,
                draw_offered_by: None,
            };
            let s = &systems[system.as_str()];
            let c = s
                .apply(stores.get_mut(system.as_str()).unwrap(), &online)
                .unwrap();
            assert_eq!(raw_dec(&stored, "white_change"), c.white_change);
            assert_eq!(raw_dec(&stored, "black_change"), c.black_change);
            assert_eq!(raw_dec(&stored, "white_points"), c.white_points);
            assert_eq!(raw_dec(&stored, "black_points"), c.black_points);
            assert_eq!(
                stored["white_level"].get(),
                format!("\"{}\"", c.white_level)
            );
            assert_eq!(
                stored["black_level"].get(),
                format!("\"{}\"", c.black_level)
            );
        }
    }
    // The final states are those of the sequential run.
    let rows: Vec<(String, String, String, Option<String>, i64)> = sqlx::query_as(
        "SELECT system, player_id, points, rd, games FROM points_players ORDER BY system, player_id",
    )
    .fetch_all(store.pool())
    .await
    .unwrap();
    let expected_rows: usize = stores.values().map(PlayerStore::len).sum::<usize>() + glicko.len();
    assert_eq!(rows.len(), expected_rows);
    for (system, id, points, rd, games) in rows {
        if system == GLICKO2 {
            let r = glicko.get(&id).unwrap();
            assert_eq!(f64::from_str(&points).unwrap(), r.rating, "{id}");
            assert_eq!(f64::from_str(&rd.unwrap()).unwrap(), r.rd, "{id}");
            assert_eq!(games, glicko_games[&id]);
        } else {
            let r = stores[system.as_str()].get(&id).unwrap();
            assert_eq!(Decimal::from_str(&points).unwrap(), r.points, "{id}");
            assert_eq!(games, i64::from(r.games), "{id}");
        }
    }
}

#[tokio::test]
async fn state_survives_closing_and_reopening() {
    for db in databases().await {
        let store = open(&db).await;
        seed_points(&store, "qq-xiangqi-elo", "red", "1676").await;
        seed_points(&store, "qq-xiangqi-elo", "black", "2076").await;
        let service = PointsService::start(&store).await.unwrap();
        let first = service
            .apply(
                "qq-xiangqi-elo",
                game("g1", "red", "black", "0-1", Some(60)),
            )
            .await
            .unwrap();
        let g1 = service
            .apply(GLICKO2, game("g1", "u", "v", "1-0", None))
            .await
            .unwrap();
        drop(service);
        store.close().await;

        let store = open(&db).await;
        let service = PointsService::start(&store).await.unwrap();
        // The stored answer, not a second application.
        let again = service
            .apply(
                "qq-xiangqi-elo",
                game("g1", "red", "black", "0-1", Some(60)),
            )
            .await
            .unwrap();
        assert!(again.replayed, "{}", db.name);
        assert_eq!((again.body, again.change), (first.body, first.change));
        // The next game starts from 1672 / 2079 (the seed example's result):
        // the same figures as the rating crate from those points.
        let o = service
            .apply(
                "qq-xiangqi-elo",
                game("g2", "red", "black", "1-0", Some(60)),
            )
            .await
            .unwrap();
        assert!(o.seq > first.seq);
        let system = PointSystem::builtin("qq-xiangqi-elo").unwrap();
        let mut pure = PlayerStore::new();
        pure.set_points("red", dec!(1672));
        pure.set_points("black", dec!(2079));
        let c = system
            .apply(
                &mut pure,
                &OnlineGame::new("g2", "red", "black", GameResult::WhiteWins).with_plies(60),
            )
            .unwrap();
        let (_, _, wp, bp, _, _) = points(&o.change);
        assert_eq!((wp, bp), (c.white_points, c.black_points));
        assert_eq!(player(&store, "qq-xiangqi-elo", "red").await.2, 2);
        // Glicko-2 states come back to the same f64s: u and v meet again.
        let g2 = service
            .apply(GLICKO2, game("g2", "v", "u", "1-0", None))
            .await
            .unwrap();
        let mut pure = Glicko2Store::new(Glicko2::builtin());
        pure.rate_game("u", "v", 1.0).unwrap();
        let (v, u) = pure.rate_game("v", "u", 1.0).unwrap();
        match (&g1.change, &g2.change) {
            (Change::Glicko2 { .. }, Change::Glicko2 { white, black, .. }) => {
                assert_eq!((*white, *black), (v, u));
            }
            other => panic!("{other:?}"),
        }
        store.close().await;
    }
}

#[tokio::test]
async fn sql_metacharacters_in_ids_are_harmless() {
    for db in databases().await {
        let store = open(&db).await;
        let service = PointsService::start(&store).await.unwrap();
        let white = "o'brien'); DROP TABLE points_games; --";
        let black = r#"\"back\slash\" 棋手 %_"#;
        let id = "x' OR '1'='1";
        let o = service
            .apply("qq-xiangqi-titles", game(id, white, black, "1-0", None))
            .await
            .unwrap();
        // Win +1, loss −1 (§6.2).
        assert_eq!(points(&o.change).2, dec!(1), "{}", db.name);
        assert_eq!(player(&store, "qq-xiangqi-titles", white).await.0, "1");
        assert_eq!(player(&store, "qq-xiangqi-titles", black).await.0, "-1");
        assert_eq!(count_games(&store, "qq-xiangqi-titles", id).await, 1);
        let again = service
            .apply("qq-xiangqi-titles", game(id, white, black, "1-0", None))
            .await
            .unwrap();
        assert!(again.replayed);
        let (request,): (String,) =
            sqlx::query_as("SELECT request FROM points_games WHERE game_id = $1")
                .bind(id)
                .fetch_one(store.pool())
                .await
                .unwrap();
        let back: PointsGame = serde_json::from_str(&request).unwrap();
        assert_eq!((back.white.as_str(), back.black.as_str()), (white, black));
        let nul = service
            .apply("qq-xiangqi-titles", game("n", "a\0b", "c", "1-0", None))
            .await
            .unwrap_err();
        assert!(
            matches!(nul, PointsError::InvalidGame { field: "white", .. }),
            "{nul:?}"
        );
        store.close().await;
    }
}
