//! Glicko-2 against every figure of `testdata/rating/glicko2.md`
//! (Glickman, "Example of the Glicko-2 system", 2013).

use qiyuan_rating::online::glicko2::{Glicko2, Glicko2Store, Outcome, PeriodGame, Rating};

fn r(rating: f64, rd: f64) -> Rating {
    Rating {
        rating,
        rd,
        volatility: 0.06,
    }
}

fn paper() -> (Rating, [Outcome; 3]) {
    (
        r(1500.0, 200.0),
        [
            Outcome {
                opponent: r(1400.0, 30.0),
                score: 1.0,
            },
            Outcome {
                opponent: r(1550.0, 100.0),
                score: 0.0,
            },
            Outcome {
                opponent: r(1700.0, 300.0),
                score: 0.0,
            },
        ],
    )
}

#[test]
fn builtin_parameters_are_the_papers() {
    let s = Glicko2::builtin();
    assert_eq!((s.tau, s.epsilon, s.scale), (0.5, 0.000001, 173.7178));
    let u = s.unrated();
    assert_eq!((u.rating, u.rd, u.volatility), (1500.0, 350.0, 0.06));
}

#[test]
fn paper_example_to_the_published_precision() {
    // Published: r' = 1464.06, RD' = 151.52, σ' = 0.05999. The paper rounds
    // its intermediate figures (and truncates σ'), so each published figure
    // is within one unit of its last digit.
    let (player, games) = paper();
    let new = Glicko2::builtin().rate(player, &games).unwrap();
    assert!((new.rating - 1464.06).abs() < 0.01, "{}", new.rating);
    assert_eq!(format!("{:.2}", new.rd), "151.52");
    assert!(
        (new.volatility - 0.05999).abs() < 0.00001,
        "{}",
        new.volatility
    );
}

#[test]
fn paper_example_at_full_precision() {
    // Three independent implementations: 1464.0506705393013,
    // 151.51652412385727, 0.059995984286488495.
    let (player, games) = paper();
    let new = Glicko2::builtin().rate(player, &games).unwrap();
    assert!(
        (new.rating - 1464.0506705393013).abs() < 1e-9,
        "{}",
        new.rating
    );
    assert!((new.rd - 151.51652412385727).abs() < 1e-9, "{}", new.rd);
    assert!(
        (new.volatility - 0.059995984286488495).abs() < 1e-9,
        "{}",
        new.volatility
    );
}

#[test]
fn three_one_game_periods() {
    // The same games as three periods of one game each: r = 1463.788372,
    // RD = 151.873213, σ = 0.059997514049860735.
    let (mut player, games) = paper();
    let s = Glicko2::builtin();
    for game in &games {
        player = s.rate(player, std::slice::from_ref(game)).unwrap();
    }
    assert!(
        (player.rating - 1463.788372).abs() < 5e-7,
        "{}",
        player.rating
    );
    assert!((player.rd - 151.873213).abs() < 5e-7, "{}", player.rd);
    assert!(
        (player.volatility - 0.059997514049860735).abs() < 1e-9,
        "{}",
        player.volatility
    );
}

#[test]
fn a_period_without_games_grows_rd() {
    // RD' = sqrt(φ² + σ²) × 173.7178: RD 200 → 200.27141669877065.
    let new = Glicko2::builtin().rate(r(1500.0, 200.0), &[]).unwrap();
    assert!((new.rd - 200.27141669877065).abs() < 1e-9, "{}", new.rd);
    assert_eq!((new.rating, new.volatility), (1500.0, 0.06));
}

#[test]
fn store_rates_a_period_against_start_of_period_standings() {
    let mut store = Glicko2Store::new(Glicko2::builtin());
    store.insert("p", r(1500.0, 200.0));
    store.insert("a", r(1400.0, 30.0));
    store.insert("b", r(1550.0, 100.0));
    store.insert("c", r(1700.0, 300.0));
    store.insert("idle", r(1500.0, 200.0));
    store
        .rate_period(&[
            PeriodGame {
                white: "p",
                black: "a",
                white_score: 1.0,
            },
            PeriodGame {
                white: "b",
                black: "p",
                white_score: 1.0,
            },
            PeriodGame {
                white: "p",
                black: "c",
                white_score: 0.0,
            },
        ])
        .unwrap();
    let p = store.get("p").unwrap();
    assert!((p.rating - 1464.0506705393013).abs() < 1e-9, "{}", p.rating);
    assert!((p.rd - 151.51652412385727).abs() < 1e-9, "{}", p.rd);
    let idle = store.get("idle").unwrap();
    assert!((idle.rd - 200.27141669877065).abs() < 1e-9, "{}", idle.rd);
    // a lost to p: a's rating went down.
    assert!(store.get("a").unwrap().rating < 1400.0);
    // A period without any game: every RD grows.
    store.rate_period(&[]).unwrap();
    assert!(store.get("p").unwrap().rd > 151.52);
}

#[test]
fn tau_is_a_parameter() {
    let (player, games) = paper();
    let low = Glicko2::with_tau(0.3)
        .unwrap()
        .rate(player, &games)
        .unwrap();
    let high = Glicko2::with_tau(1.2)
        .unwrap()
        .rate(player, &games)
        .unwrap();
    // A larger τ lets the volatility move further from 0.06.
    assert!((high.volatility - 0.06).abs() > (low.volatility - 0.06).abs());
    assert!(Glicko2::with_tau(0.0).is_err());
    let text = "name = \"x\"\ndescription = \"y\"\ntau = 0.8\nepsilon = 1e-6\ninitial_rating = 1500.0\ninitial_rd = 350.0\ninitial_volatility = 0.06\nscale = 173.7178\n";
    assert_eq!(Glicko2::from_toml(text).unwrap().tau, 0.8);
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let s = Glicko2::builtin();
    let bad_score = [Outcome {
        opponent: r(1400.0, 30.0),
        score: 1.5,
    }];
    assert!(s.rate(r(1500.0, 200.0), &bad_score).is_err());
    assert!(s.rate(r(1500.0, -1.0), &[]).is_err());
    assert!(s.rate(r(f64::NAN, 200.0), &[]).is_err());
    let mut store = Glicko2Store::new(s);
    let same = [PeriodGame {
        white: "x",
        black: "x",
        white_score: 1.0,
    }];
    assert!(store.rate_period(&same).is_err());
}

#[test]
fn game_by_game_is_a_period_per_game() {
    // The player meets the three opponents in three games, each game its
    // own period; each opponent plays once, so the player's figures are the
    // reference's three one-game periods: 1463.788372 / 151.873213 /
    // 0.059997514049860735.
    let mut store = Glicko2Store::new(Glicko2::builtin());
    store.insert("p", r(1500.0, 200.0));
    store.insert("a", r(1400.0, 30.0));
    store.insert("b", r(1550.0, 100.0));
    store.insert("c", r(1700.0, 300.0));
    store.rate_game("p", "a", 1.0).unwrap();
    store.rate_game("b", "p", 1.0).unwrap();
    let (p, c) = store.rate_game("p", "c", 0.0).unwrap();
    assert!((p.rating - 1463.788372).abs() < 5e-7, "{}", p.rating);
    assert!((p.rd - 151.873213).abs() < 5e-7, "{}", p.rd);
    assert!((p.volatility - 0.059997514049860735).abs() < 1e-9);
    assert_eq!(store.get("p"), Some(&p));
    assert!(c.rating > 1700.0);
    assert_eq!(store.len(), 4);
    assert!(store.rate_game("p", "p", 1.0).is_err());
}
