//! The platform point systems of regulations §6, against the seeds' rules
//! and worked examples (hand arithmetic in the comments).

use qiyuan_rating::online::{
    Colour, GameResult, OnlineError, OnlineGame, PlayerStore, PointSystem, RuleKind,
};
use std::sync::LazyLock;

use rust_decimal::Decimal;
use rust_decimal_macros::dec;

use GameResult::{BlackWins, Draw, WhiteWins};

/// Plays one game between players holding `w` and `b` points; returns
/// (white change, black change).
fn play(system: &PointSystem, w: Decimal, b: Decimal, result: GameResult) -> (Decimal, Decimal) {
    let mut store = PlayerStore::new();
    store.set_points("w", w);
    store.set_points("b", b);
    let change = system
        .apply(
            &mut store,
            &OnlineGame::new("g", "w", "b", result).with_plies(40),
        )
        .unwrap();
    assert_eq!(change.white_points, w + change.white_change);
    assert_eq!(change.black_points, b + change.black_change);
    assert_eq!(store.get("w").unwrap().points, change.white_points);
    assert_eq!(store.get("b").unwrap().points, change.black_points);
    (change.white_change, change.black_change)
}

#[test]
fn builtin_names_and_unknown_system() {
    let names = PointSystem::builtin_names();
    for name in [
        "qq-chess-levels",
        "qq-chess-fixed",
        "qq-xiangqi-titles",
        "qq-xiangqi-elo",
        "tiantian-xiangqi",
    ] {
        assert!(names.contains(&name), "{name}");
        assert_eq!(PointSystem::builtin(name).unwrap().name(), name);
    }
    let err = PointSystem::builtin("qq-go").unwrap_err();
    let text = err.to_string();
    assert!(matches!(err, OnlineError::UnknownSystem { .. }));
    assert!(
        text.contains("qq-go") && text.contains("qq-xiangqi-elo"),
        "{text}"
    );
}

// ------------------------------------------------------------ qq-xiangqi-elo

#[test]
fn seed_xiangqi_example() {
    // Seed 003: Dr = (1676 − 2076) + 100 = −300 for black, Exp = 17/20,
    // NewS = 2076 + 20 × (1 − 17/20) = 2079; red loses 4.
    let system = PointSystem::builtin("qq-xiangqi-elo").unwrap();
    assert_eq!(system.rule_kind(), RuleKind::Elo);
    let mut store = PlayerStore::new();
    store.set_points("red", dec!(1676));
    store.set_points("black", dec!(2076));
    let game = OnlineGame::new("1", "red", "black", BlackWins).with_plies(80);
    let c = system.apply(&mut store, &game).unwrap();
    assert!(c.scored);
    assert_eq!((c.white_change, c.white_points), (dec!(-4), dec!(1672)));
    assert_eq!((c.black_change, c.black_points), (dec!(3), dec!(2079)));
    // Levels of §6.3: 1600 三级棋手 ≤ 1672 < 1700; 2000 三级大师 ≤ 2079 < 2200.
    assert_eq!((c.white_level, c.black_level), ("三级棋手", "三级大师"));
}

#[test]
fn elo_new_players_start_at_1300_and_red_pays_for_a_draw() {
    let system = PointSystem::builtin("qq-xiangqi-elo").unwrap();
    assert_eq!(system.initial_points(), dec!(1300));
    let mut store = PlayerStore::new();
    // Both new at 1300, K 60. Red: Dr = 0 − 100; Exp = 1/(10^−0.25 + 1)
    // = 1/(0.562341 + 1) = 0.640065. Black: Dr = +100, Exp = 0.359935.
    // Draw: red 60 × (0.5 − 0.640065) = −8.40 → −8; black +8.40 → +8.
    let c = system
        .apply(
            &mut store,
            &OnlineGame::new("1", "a", "b", Draw).with_plies(30),
        )
        .unwrap();
    assert_eq!((c.white_change, c.black_change), (dec!(-8), dec!(8)));
    assert_eq!((c.white_points, c.black_points), (dec!(1292), dec!(1308)));
    // 1292 < 1300 ≤ 1308: 七级棋手 (1200) and 六级棋手 (1300).
    assert_eq!((c.white_level, c.black_level), ("七级棋手", "六级棋手"));
    assert_eq!(store.get("a").unwrap().games, 1);
}

// ---------------------------------------------------------- tiantian-xiangqi

/// Seed 003: 天天象棋的积分规则跟QQ象棋一模一样,初始分1300,和棋时,两个人分数差
/// 不多的,先提和者扣分,分数不同的和棋时,分数高的扣分.
#[test]
fn tiantian_the_offerer_of_a_close_draw_loses_points() {
    let tiantian = PointSystem::builtin("tiantian-xiangqi").unwrap();
    let qq = PointSystem::builtin("qq-xiangqi-elo").unwrap();
    let draw = |system: &PointSystem, w: Decimal, b: Decimal, offer: Option<Colour>| {
        let mut store = PlayerStore::new();
        store.set_points("r", w);
        store.set_points("b", b);
        let mut game = OnlineGame::new("1", "r", "b", Draw).with_plies(60);
        if let Some(side) = offer {
            game = game.with_draw_offer(side);
        }
        let c = system.apply(&mut store, &game).unwrap();
        (c.white_change, c.black_change)
    };
    // 1500 against 1500, K 30 each (the 1400–1799 band). The offerer's Dr
    // = 0 − 100: Exp = 1/(10^−0.25 + 1) = 0.640065, 30 × (0.5 − 0.640065)
    // = −4.20 → −4; the other's Dr = +100: Exp = 0.359935, +4.20 → +4.
    // Black offers: black pays, though red moved first.
    assert_eq!(
        draw(&tiantian, dec!(1500), dec!(1500), Some(Colour::Black)),
        (dec!(4), dec!(-4))
    );
    assert_eq!(
        draw(&tiantian, dec!(1500), dec!(1500), Some(Colour::White)),
        (dec!(-4), dec!(4))
    );
    // In QQ 新中国象棋 the offer does not matter: red pays (先手的人会被扣分).
    assert_eq!(
        draw(&qq, dec!(1500), dec!(1500), Some(Colour::Black)),
        (dec!(-4), dec!(4))
    );
    // No offer given: scored as QQ, by colour.
    assert_eq!(
        draw(&tiantian, dec!(1500), dec!(1500), None),
        (dec!(-4), dec!(4))
    );
    // 分数不同: 1500 red, 1700 black (200 apart, beyond the close 100),
    // black offers: by the formula the higher side pays. Red's Dr = 200 −
    // 100 = 100: Exp 0.359935, 30 × 0.140065 = +4.20 → +4; black's Dr =
    // −200 + 100 = −100: Exp 0.640065, −4.20 → −4.
    assert_eq!(
        draw(&tiantian, dec!(1500), dec!(1700), Some(Colour::Black)),
        (dec!(4), dec!(-4))
    );
    // Red 1700 offers against black 1650 (close): red pays. Red's Dr =
    // −50 − 100 = −150: Exp = 1/(10^−0.375 + 1) = 1/(0.421697 + 1) =
    // 0.703381, 30 × (0.5 − 0.703381) = −6.10 → −6; black's Dr = 50 + 100
    // = 150: Exp 0.296619, 30 × 0.203381 = +6.10 → +6.
    assert_eq!(
        draw(&tiantian, dec!(1700), dec!(1650), Some(Colour::White)),
        (dec!(-6), dec!(6))
    );
    // An offer on a game that was not drawn is refused, naming the side.
    let mut store = PlayerStore::new();
    let err = tiantian
        .apply(
            &mut store,
            &OnlineGame::new("g7", "r", "b", WhiteWins).with_draw_offer(Colour::Black),
        )
        .unwrap_err();
    assert!(matches!(err, OnlineError::DrawOfferWithoutDraw { .. }));
    assert_eq!(
        err.to_string(),
        "game g7: black offered the draw, but the game was not drawn"
    );
}

#[test]
fn elo_k_bands_by_own_points() {
    // Equal players, black wins: black's Dr = +100, Exp = 0.359935,
    // change = trunc(K × 0.640065): K 120 → 76.81 → 76; 60 → 38.40 → 38;
    // 30 → 19.20 → 19; 25 → 16.0016 → 16; 20 → 12.80 → 12; 15 → 9.60 → 9;
    // 10 → 6.40 → 6. Red (same K): Dr = −100, Exp = 0.640065, loses
    // trunc(K × (0 − 0.640065)): the same figures, negative.
    let system = PointSystem::builtin("qq-xiangqi-elo").unwrap();
    let cases = [
        (dec!(500), 76, -76),
        (dec!(999), 76, -76),
        (dec!(1000), 38, -38),
        (dec!(1399), 38, -38),
        (dec!(1400), 19, -19),
        (dec!(1799), 19, -19),
        (dec!(1800), 16, -16),
        (dec!(1999), 16, -16),
        (dec!(2000), 12, -12),
        (dec!(2199), 12, -12),
        (dec!(2200), 9, -9),
        (dec!(2399), 9, -9),
        (dec!(2400), 6, -6),
        (dec!(3000), 6, -6),
    ];
    for (p, black, red) in cases {
        let (w, b) = play(&system, p, p, BlackWins);
        assert_eq!((w, b), (Decimal::from(red), Decimal::from(black)), "at {p}");
    }
}

#[test]
fn elo_plies_rules() {
    let system = PointSystem::builtin("qq-xiangqi-elo").unwrap();
    let mut store = PlayerStore::new();
    // One ply (only red moved): not scored, nobody moves, games not counted.
    let c = system
        .apply(
            &mut store,
            &OnlineGame::new("1", "a", "b", WhiteWins).with_plies(1),
        )
        .unwrap();
    assert!(!c.scored);
    assert_eq!((c.white_change, c.black_change), (dec!(0), dec!(0)));
    assert_eq!((c.white_points, c.black_points), (dec!(1300), dec!(1300)));
    assert_eq!(store.get("a").unwrap().games, 0);
    // Two plies: scored. Red wins at 1300 each: 60 × (1 − 0.640065) = 21.60 → 21.
    // Leaving after that is an ordinary loss (no penalty in this system).
    let game = OnlineGame::new("2", "a", "b", WhiteWins)
        .with_plies(2)
        .with_leaver(Colour::Black);
    let c = system.apply(&mut store, &game).unwrap();
    assert!(c.scored);
    assert_eq!((c.white_change, c.black_change), (dec!(21), dec!(-21)));
}

#[test]
fn elo_needs_whole_points() {
    let system = PointSystem::builtin("qq-xiangqi-elo").unwrap();
    let mut store = PlayerStore::new();
    store.set_points("a", dec!(1300.5));
    let err = system
        .apply(&mut store, &OnlineGame::new("7", "a", "b", Draw))
        .unwrap_err();
    assert!(matches!(err, OnlineError::FractionalPoints { .. }), "{err}");
    assert!(store.get("b").is_none(), "store untouched on error");
}

#[test]
fn elo_levels() {
    let s = PointSystem::builtin("qq-xiangqi-elo").unwrap();
    let table = [
        (0, "九级棋手"),
        (1099, "九级棋手"),
        (1100, "八级棋手"),
        (1200, "七级棋手"),
        (1300, "六级棋手"),
        (1400, "五级棋手"),
        (1500, "四级棋手"),
        (1600, "三级棋手"),
        (1700, "二级棋手"),
        (1800, "一级棋手"),
        (1999, "一级棋手"),
        (2000, "三级大师"),
        (2200, "二级大师"),
        (2400, "一级大师"),
        (2599, "一级大师"),
        (2600, "特级大师"),
    ];
    for (p, name) in table {
        assert_eq!(s.level_of(Decimal::from(p)), name, "{p}");
    }
}

// ----------------------------------------------------------- qq-chess-levels

#[test]
fn chess_levels_draw_bands() {
    let s = PointSystem::builtin("qq-chess-levels").unwrap();
    assert_eq!(s.rule_kind(), RuleKind::Banded);
    // d = 5 < 10: no points.
    assert_eq!(play(&s, dec!(105), dec!(100), Draw), (dec!(0), dec!(0)));
    // d = 9.99 < 10: no points.
    assert_eq!(play(&s, dec!(100), dec!(109.99), Draw), (dec!(0), dec!(0)));
    // d = 10: lower (white) gains (10 + 10/10)/2 = 5.5; zero-sum.
    assert_eq!(
        play(&s, dec!(100), dec!(110), Draw),
        (dec!(5.5), dec!(-5.5))
    );
    // d = 50, lower is black: (10 + 5)/2 = 7.5.
    assert_eq!(
        play(&s, dec!(250), dec!(200), Draw),
        (dec!(-7.5), dec!(7.5))
    );
    // d = 33.33: (10 + 3.333)/2 = 6.6665 → 6.67 (half away from zero).
    assert_eq!(
        play(&s, dec!(100), dec!(133.33), Draw),
        (dec!(6.67), dec!(-6.67))
    );
    // d = 99: (10 + 9.9)/2 = 9.95.
    assert_eq!(
        play(&s, dec!(100), dec!(199), Draw),
        (dec!(9.95), dec!(-9.95))
    );
    // d = 100: d/4 = 25.
    assert_eq!(play(&s, dec!(300), dec!(400), Draw), (dec!(25), dec!(-25)));
    // d = 333: 83.25.
    assert_eq!(
        play(&s, dec!(733), dec!(400), Draw),
        (dec!(-83.25), dec!(83.25))
    );
}

#[test]
fn chess_levels_lower_side_wins() {
    let s = PointSystem::builtin("qq-chess-levels").unwrap();
    // d = 0 (equal): 10.
    assert_eq!(
        play(&s, dec!(500), dec!(500), WhiteWins),
        (dec!(10), dec!(-10))
    );
    // d = 9: 10.
    assert_eq!(
        play(&s, dec!(500), dec!(509), WhiteWins),
        (dec!(10), dec!(-10))
    );
    // d = 40: 10 + 40/10 = 14.
    assert_eq!(
        play(&s, dec!(500), dec!(540), WhiteWins),
        (dec!(14), dec!(-14))
    );
    // d = 12.345, black lower wins: 10 + 1.2345 = 11.2345 → 11.23.
    assert_eq!(
        play(&s, dec!(512.345), dec!(500), BlackWins),
        (dec!(-11.23), dec!(11.23))
    );
    // d = 250: 250/2 = 125.
    assert_eq!(
        play(&s, dec!(100), dec!(350), WhiteWins),
        (dec!(125), dec!(-125))
    );
    // d = 100: 50.
    assert_eq!(
        play(&s, dec!(600), dec!(500), BlackWins),
        (dec!(-50), dec!(50))
    );
}

#[test]
fn chess_levels_higher_side_wins() {
    let s = PointSystem::builtin("qq-chess-levels").unwrap();
    // d = 9: 10.
    assert_eq!(
        play(&s, dec!(509), dec!(500), WhiteWins),
        (dec!(10), dec!(-10))
    );
    // d = 50: 10 − 50/12.5 = 6.
    assert_eq!(
        play(&s, dec!(550), dec!(500), WhiteWins),
        (dec!(6), dec!(-6))
    );
    // d = 37, black higher: 10 − 2.96 = 7.04.
    assert_eq!(
        play(&s, dec!(500), dec!(537), BlackWins),
        (dec!(-7.04), dec!(7.04))
    );
    // d = 10.01: 10 − 0.8008 = 9.1992 → 9.20.
    assert_eq!(
        play(&s, dec!(510.01), dec!(500), WhiteWins),
        (dec!(9.20), dec!(-9.20))
    );
    // d = 99: 10 − 7.92 = 2.08.
    assert_eq!(
        play(&s, dec!(599), dec!(500), WhiteWins),
        (dec!(2.08), dec!(-2.08))
    );
    // d = 100 and 199: 2.
    assert_eq!(
        play(&s, dec!(600), dec!(500), WhiteWins),
        (dec!(2), dec!(-2))
    );
    assert_eq!(
        play(&s, dec!(500), dec!(699), BlackWins),
        (dec!(-2), dec!(2))
    );
    // d = 200 and more: nothing.
    assert_eq!(
        play(&s, dec!(700), dec!(500), WhiteWins),
        (dec!(0), dec!(0))
    );
    assert_eq!(
        play(&s, dec!(100), dec!(2500), BlackWins),
        (dec!(0), dec!(0))
    );
}

#[test]
fn chess_levels_level_table() {
    let s = PointSystem::builtin("qq-chess-levels").unwrap();
    assert_eq!(s.initial_points(), dec!(0));
    let table = [
        (dec!(-50), "无级别"),
        (dec!(0), "无级别"),
        (dec!(99.99), "无级别"),
        (dec!(100), "30级"),
        (dec!(199.99), "30级"),
        (dec!(200), "29级"),
        (dec!(1550), "16级"),
        (dec!(2999), "2级"),
        (dec!(3000), "1级"),
        (dec!(9000), "1级"),
    ];
    for (p, name) in table {
        assert_eq!(s.level_of(p), name, "{p}");
    }
    // 31 names: 无级别 and 30 levels.
    assert_eq!(s.level_names().count(), 31);
}

#[test]
fn chess_levels_new_players_and_levels_in_the_change() {
    let s = PointSystem::builtin("qq-chess-levels").unwrap();
    let mut store = PlayerStore::new();
    store.set_points("x", dec!(95));
    // x 95 vs new y 0: d = 95, x higher and wins: 10 − 95/12.5 = 2.4.
    let c = s
        .apply(&mut store, &OnlineGame::new("1", "x", "y", WhiteWins))
        .unwrap();
    assert_eq!((c.white_points, c.black_points), (dec!(97.4), dec!(-2.4)));
    assert_eq!((c.white_level, c.black_level), ("无级别", "无级别"));
    // y −2.4 vs x 97.4: d = 99.8, lower y wins: 10 + 9.98 = 19.98.
    let c = s
        .apply(&mut store, &OnlineGame::new("2", "y", "x", WhiteWins))
        .unwrap();
    assert_eq!((c.white_points, c.black_points), (dec!(17.58), dec!(77.42)));
}

// ------------------------------------------------------------ qq-chess-fixed

#[test]
fn chess_fixed_steps() {
    let s = PointSystem::builtin("qq-chess-fixed").unwrap();
    // Draw: d < 10 both +1; 10–99 lower +5, higher −5; ≥ 100 ±10.
    assert_eq!(play(&s, dec!(100), dec!(105), Draw), (dec!(1), dec!(1)));
    assert_eq!(play(&s, dec!(100), dec!(150), Draw), (dec!(5), dec!(-5)));
    assert_eq!(play(&s, dec!(300), dec!(150), Draw), (dec!(-10), dec!(10)));
    // Lower side wins: 10 / 15 / 20, the loser loses as much.
    assert_eq!(
        play(&s, dec!(100), dec!(105), WhiteWins),
        (dec!(10), dec!(-10))
    );
    assert_eq!(
        play(&s, dec!(100), dec!(199), WhiteWins),
        (dec!(15), dec!(-15))
    );
    assert_eq!(
        play(&s, dec!(300), dec!(100), BlackWins),
        (dec!(-20), dec!(20))
    );
    // Higher side wins: the configured Choice 10 / 5 / 2.
    assert_eq!(
        play(&s, dec!(105), dec!(100), WhiteWins),
        (dec!(10), dec!(-10))
    );
    assert_eq!(
        play(&s, dec!(150), dec!(100), WhiteWins),
        (dec!(5), dec!(-5))
    );
    assert_eq!(
        play(&s, dec!(100), dec!(400), BlackWins),
        (dec!(-2), dec!(2))
    );
}

// --------------------------------------------------------- qq-xiangqi-titles

#[test]
fn titles_thresholds() {
    let s = PointSystem::builtin("qq-xiangqi-titles").unwrap();
    // Seed 003: 草民=0 县丞=50 县令=150 都尉=350 校尉=750 常侍=1550 中郎将=3150
    // 太守=6350 刺史=12750 将军=20000 太尉=30000 大将军=40000 王=50000.
    let titles = [
        (0, "草民"),
        (50, "县丞"),
        (150, "县令"),
        (350, "都尉"),
        (750, "校尉"),
        (1550, "常侍"),
        (3150, "中郎将"),
        (6350, "太守"),
        (12750, "刺史"),
        (20000, "将军"),
        (30000, "太尉"),
        (40000, "大将军"),
        (50000, "王"),
    ];
    let mut previous = "草民";
    for (from, name) in titles {
        assert_eq!(s.level_of(Decimal::from(from)), name, "{from}");
        assert_eq!(
            s.level_of(Decimal::from(from - 1)),
            previous,
            "{}",
            from - 1
        );
        previous = name;
    }
    assert_eq!(s.level_of(dec!(1000000)), "王");
    assert_eq!(s.level_of(dec!(-3)), "草民");
}

#[test]
fn titles_win_loss_and_short_games() {
    let s = PointSystem::builtin("qq-xiangqi-titles").unwrap();
    let mut store = PlayerStore::new();
    store.set_points("a", dec!(49));
    // 赢方得1分，输方得-1分: a reaches 50 = 县丞.
    let game = OnlineGame::new("1", "a", "b", WhiteWins).with_plies(10);
    let c = s.apply(&mut store, &game).unwrap();
    assert_eq!((c.white_change, c.black_change), (dec!(1), dec!(-1)));
    assert_eq!((c.white_points, c.white_level), (dec!(50), "县丞"));
    // 10步内结束，赢方不得分: 9 plies, the winner gets 0, the loser still −1.
    let game = OnlineGame::new("2", "a", "b", BlackWins).with_plies(9);
    let c = s.apply(&mut store, &game).unwrap();
    assert_eq!((c.white_change, c.black_change), (dec!(-1), dec!(0)));
    // Unknown length counts as a full game.
    let c = s
        .apply(&mut store, &OnlineGame::new("3", "a", "b", BlackWins))
        .unwrap();
    assert_eq!((c.white_change, c.black_change), (dec!(-1), dec!(1)));
    // A draw: nothing (Choice).
    let c = s
        .apply(
            &mut store,
            &OnlineGame::new("4", "a", "b", Draw).with_plies(50),
        )
        .unwrap();
    assert_eq!((c.white_change, c.black_change), (dec!(0), dec!(0)));
}

#[test]
fn titles_leaving_by_force() {
    let s = PointSystem::builtin("qq-xiangqi-titles").unwrap();
    let mut store = PlayerStore::new();
    // 强制退出游戏将扣除5分: the leaver −5, the opponent an ordinary win.
    let game = OnlineGame::new("1", "a", "b", BlackWins)
        .with_plies(30)
        .with_leaver(Colour::White);
    let c = s.apply(&mut store, &game).unwrap();
    assert_eq!((c.white_change, c.black_change), (dec!(-5), dec!(1)));
    // Within 10 plies: the leaver still −5, the winner nothing.
    let game = OnlineGame::new("2", "a", "b", WhiteWins)
        .with_plies(3)
        .with_leaver(Colour::Black);
    let c = s.apply(&mut store, &game).unwrap();
    assert_eq!((c.white_change, c.black_change), (dec!(0), dec!(-5)));
    // A leaver who "won" is an error; nothing changes.
    let before = store.get("a").copied();
    let game = OnlineGame::new("3", "a", "b", WhiteWins).with_leaver(Colour::White);
    let err = s.apply(&mut store, &game).unwrap_err();
    assert!(matches!(err, OnlineError::LeaverDidNotLose { .. }), "{err}");
    assert_eq!(store.get("a").copied(), before);
}

#[test]
fn xiangqi_level_table_of_another_platform() {
    let s = PointSystem::builtin("qq-xiangqi-levels").unwrap();
    // 1级：30积分以下，三级棋童；2级：30积分，二级棋童；13级：4810；14级：5880；
    // 19级：13680；20级：15800.
    assert_eq!(s.level_of(dec!(29)), "1级 三级棋童");
    assert_eq!(s.level_of(dec!(30)), "2级 二级棋童");
    assert_eq!(s.level_of(dec!(4810)), "13级 三级棋手");
    assert_eq!(s.level_of(dec!(5880)), "14级 二级棋手");
    assert_eq!(s.level_of(dec!(13680)), "19级 国家大师");
    assert_eq!(s.level_of(dec!(15800)), "20级 特级大师");
    // 强制退出游戏将扣除5分.
    let game = OnlineGame::new("1", "a", "b", BlackWins).with_leaver(Colour::White);
    let c = s.apply(&mut PlayerStore::new(), &game).unwrap();
    assert_eq!(c.white_change, dec!(-5));
}

// ------------------------------------------------------------ data and errors

#[test]
fn same_player_is_an_error() {
    let s = PointSystem::builtin("qq-xiangqi-titles").unwrap();
    let err = s
        .apply(
            &mut PlayerStore::new(),
            &OnlineGame::new("9", "a", "a", Draw),
        )
        .unwrap_err();
    assert!(err.to_string().contains("game 9"), "{err}");
}

#[test]
fn a_users_system_is_data() {
    // A provincial variant written as text: a K-less fixed system.
    let text = r#"
        name = "club"
        description = "win 3, draw 1, loss 0"
        initial_points = 100
        [rule]
        kind = "fixed"
        win = 3
        draw = "1"
        loss = 0
        [levels]
        [[levels.level]]
        from = 0
        name = "member"
    "#;
    let s = PointSystem::from_toml(text).unwrap();
    let c = s
        .apply(
            &mut PlayerStore::new(),
            &OnlineGame::new("1", "a", "b", WhiteWins),
        )
        .unwrap();
    assert_eq!((c.white_points, c.black_points), (dec!(103), dec!(100)));
    // Every built-in text parses back.
    for name in PointSystem::builtin_names() {
        PointSystem::from_toml(PointSystem::builtin_source(name).unwrap()).unwrap();
    }
}

#[test]
fn bad_definitions_say_what_is_wrong() {
    let base = PointSystem::builtin_source("qq-chess-levels").unwrap();
    let unordered = base.replace("from = 200\ngain = 0", "from = 50\ngain = 0");
    let err = PointSystem::from_toml(&unordered).unwrap_err().to_string();
    assert!(err.contains("higher_wins"), "{err}");
    let typo = base.replace("round_dp = 2", "round_dq = 2");
    let err = PointSystem::from_toml(&typo).unwrap_err().to_string();
    assert!(err.contains("round_dq"), "{err}");
    let bad_number = base.replace("per_point = \"0.05\"", "per_point = \"five\"");
    let err = PointSystem::from_toml(&bad_number).unwrap_err().to_string();
    assert!(err.contains("five"), "{err}");
}

#[test]
fn rounding_is_a_parameter() {
    // The same draw as in chess_levels_draw_bands, d = 33.33: (10 + 3.333)/2
    // = 6.6665 → 6.67 half away from zero, 6.66 toward zero.
    let base = PointSystem::builtin_source("qq-chess-levels").unwrap();
    let toward = PointSystem::from_toml(&base.replace(
        "rounding = \"half-away-from-zero\"",
        "rounding = \"toward-zero\"",
    ))
    .unwrap();
    assert_eq!(
        play(&toward, dec!(100), dec!(133.33), Draw),
        (dec!(6.66), dec!(-6.66))
    );
    // d = 10.1: 5 + 0.505 = 5.505 → 5.51 half away from zero, 5.50 half-even.
    let even = PointSystem::from_toml(&base.replace(
        "rounding = \"half-away-from-zero\"",
        "rounding = \"half-even\"",
    ))
    .unwrap();
    let levels = PointSystem::builtin("qq-chess-levels").unwrap();
    assert_eq!(play(&levels, dec!(100), dec!(110.1), Draw).0, dec!(5.51));
    assert_eq!(play(&even, dec!(100), dec!(110.1), Draw).0, dec!(5.50));
    let bad = base.replace("rounding = \"half-away-from-zero\"", "rounding = \"up\"");
    assert!(
        PointSystem::from_toml(&bad)
            .unwrap_err()
            .to_string()
            .contains("rule.rounding")
    );
}

/// Seed 000's 记分方法 transcribed literally, one branch per clause, as an
/// independent statement of the rule the `banded` data must reproduce:
/// (white change, black change).
fn seed_000(w: Decimal, b: Decimal, result: GameResult) -> (Decimal, Decimal) {
    use rust_decimal::RoundingStrategy::MidpointAwayFromZero;
    let d = (w - b).abs();
    let round = |x: Decimal| x.round_dp_with_strategy(2, MidpointAwayFromZero);
    // (gain of the lower side in a draw | gain of the winner), zero-sum.
    let (gain, white_gains) = match result {
        Draw => {
            // 和局：相差10分以内，无积分；相差10-99分，则分低方得(10+差分/10)/2；相差100分以上，分低方得差分/4。
            let g = if d < dec!(10) {
                dec!(0)
            } else if d < dec!(100) {
                (dec!(10) + d / dec!(10)) / dec!(2)
            } else {
                d / dec!(4)
            };
            (g, w <= b)
        }
        _ => {
            let white_won = result == WhiteWins;
            let (winner, loser) = if white_won { (w, b) } else { (b, w) };
            let g = if winner <= loser {
                // 低级别方赢：相差100分以上，则得差分/2；相差10-99分，得10+差分/10；相差10分以内，得10分。
                if d >= dec!(100) {
                    d / dec!(2)
                } else if d >= dec!(10) {
                    dec!(10) + d / dec!(10)
                } else {
                    dec!(10)
                }
            } else if d >= dec!(200) {
                // 高级别方赢：相差200分以上，无积分；相差100-199分，得2分；
                dec!(0)
            } else if d >= dec!(100) {
                dec!(2)
            } else if d >= dec!(10) {
                // 相差10-99分，得10-差分/12.5；相差10分以内，得10分。
                dec!(10) - d / dec!(12.5)
            } else {
                dec!(10)
            };
            (g, white_won)
        }
    };
    let g = round(gain);
    if white_gains { (g, -g) } else { (-g, g) }
}

static LEVELS: LazyLock<PointSystem> =
    LazyLock::new(|| PointSystem::builtin("qq-chess-levels").unwrap());
static ELO: LazyLock<PointSystem> =
    LazyLock::new(|| PointSystem::builtin("qq-xiangqi-elo").unwrap());

proptest::proptest! {
    #[test]
    fn chess_levels_data_equals_the_seed_text(
        w in -50_000i64..400_000,
        b in -50_000i64..400_000,
        r in 0u8..3,
    ) {
        // Points in hundredths, as the system keeps them.
        let (w, b) = (Decimal::new(w, 2), Decimal::new(b, 2));
        let result = [WhiteWins, Draw, BlackWins][usize::from(r)];
        let got = play(&LEVELS, w, b, result);
        proptest::prop_assert_eq!(got, seed_000(w, b, result));
        proptest::prop_assert_eq!(got.0 + got.1, dec!(0));
    }

    #[test]
    fn elo_changes_stay_below_k(
        w in 0i64..4_000,
        b in 0i64..4_000,
        r in 0u8..3,
    ) {
        // |K × (Res − Exp)| < K as 0 < Exp < 1, so after truncation |change| ≤ K − 1;
        // the winner never loses and the loser never gains.
        let result = [WhiteWins, Draw, BlackWins][usize::from(r)];
        let (cw, cb) = play(&ELO, Decimal::from(w), Decimal::from(b), result);
        // K by own points, §6.3.
        let k = |p: i64| match p {
            ..1000 => 120,
            1000..1400 => 60,
            1400..1800 => 30,
            1800..2000 => 25,
            2000..2200 => 20,
            2200..2400 => 15,
            _ => 10,
        };
        proptest::prop_assert!(cw.abs() < Decimal::from(k(w)));
        proptest::prop_assert!(cb.abs() < Decimal::from(k(b)));
        match result {
            WhiteWins => proptest::prop_assert!(cw >= dec!(0) && cb <= dec!(0)),
            BlackWins => proptest::prop_assert!(cw <= dec!(0) && cb >= dec!(0)),
            Draw => {}
        }
    }
}
