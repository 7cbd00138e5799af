//! Hand-worked events, one per profile. Every expected figure below is
//! computed by hand in the comments from regulations.md and the tables
//! (`tables/expected-score.csv`, `score-to-difference.csv`),
//! not taken from the code's output.

mod common;

use common::*;
use qiyuan_rating::Lang;
use qiyuan_rating::event::{Flag, Method, NotCounted, PlayerReport, rate};
use qiyuan_rating::model::*;
use qiyuan_rating::profile::Profile;

fn find(r: &qiyuan_rating::EventReport, id: u32) -> &PlayerReport {
    r.players.iter().find(|p| p.id == PlayerId(id)).unwrap()
}

fn check(p: &PlayerReport, ra: &str, diff: &str, pr: &str, we: &str, k: u32, change: &str) {
    assert_eq!(
        p.opponents_average.map(|x| x.round_dp(6)),
        Some(d(ra).round_dp(6)),
        "Ra of {}",
        p.id
    );
    assert_eq!(
        p.difference.map(|x| x.round_dp(6)),
        Some(d(diff).round_dp(6)),
        "D of {}",
        p.id
    );
    assert_eq!(p.expected_fraction, Some(d(pr)), "P of {}", p.id);
    assert_eq!(p.expected_score, Some(d(we)), "We of {}", p.id);
    assert_eq!(p.k, Some(k), "K of {}", p.id);
    assert_eq!(p.change, Some(d(change)), "ΔR of {}", p.id);
}

/// cxa-2019, a 6-player 3-round Swiss with an unrated player, a forfeit and byes.
///
/// Players: 1 2400 (40 games → K 15), 2 2350 (10 games → K 25), 3 2480 having
/// reached 2510 (K 10 forever, 第十条), 4 unrated man (Ru 2300, 第十三条; 6 games
/// against rated players earlier this year), 5 woman 2150 (K 15), 6 2320 (K 15).
/// R1: 1-2 1-0, 3-4 ½, 5-6 0-1. R2: 1-3 ½, 2-5 forfeit won by 2, 6-4 0-1.
/// R3: 1-4 1-0, 2-3 0-1, 5 full bye, 6 half bye.
#[test]
fn cxa_2019_swiss() {
    let mut p3 = player(3, Sex::Male, Some(2480), 60);
    p3.ever_reached = Some(d("2510"));
    let players = vec![
        player(1, Sex::Male, Some(2400), 40),
        player(2, Sex::Male, Some(2350), 10),
        p3,
        player(4, Sex::Male, None, 6),
        player(5, Sex::Female, Some(2150), 50),
        player(6, Sex::Male, Some(2320), 35),
    ];
    let games = vec![
        game(1, 1, 2, "1-0"),
        game(1, 3, 4, "="),
        game(1, 5, 6, "0-1"),
        game(2, 1, 3, "="),
        game(2, 2, 5, "+-"),
        game(2, 6, 4, "0-1"),
        game(3, 1, 4, "1-0"),
        game(3, 2, 3, "0-1"),
        bye(3, 5, ByeKind::PairingAllocated),
        bye(3, 6, ByeKind::HalfPoint),
    ];
    let ev = event(GameKind::Xiangqi, EventSystem::Swiss, players, games);
    let r = rate(&ev, &Profile::builtin("cxa-2019").unwrap()).unwrap();

    // P1: opponents 2350, 2480, 2300 (P4 at Ru). Ra = 7130/3 = 2376.67 → 2376.7 (第九条(二)).
    // D = 23.3 → |D| 23 → row 18–25 → P 0.53. We = 3 × 0.53 = 1.59. W = 2.5.
    // ΔR = 15 × (2.5 − 1.59) = 13.65 → 13.7. Rn = 2413.7 → 2414.
    let p1 = find(&r, 1);
    check(p1, "2376.7", "23.3", "0.53", "1.59", 15, "13.7");
    assert_eq!(p1.method, Method::NTimesP);
    assert_eq!(p1.rating_after, Some(d("2414")));
    // The explanation walks the 等级分计算表 in order with the same figures.
    let en = p1.explain(Lang::En);
    let steps = [
        "Ro = 2400",
        "Ra = (2350 + 2480 + 2300) / 3 = 7130 / 3 = 2376.7",
        "D = Ro − Ra = 2400 − 2376.7 = 23.3",
        "P = 0.53",
        "N = 3",
        "We = N × P = 3 × 0.53 = 1.59",
        "W = 2.5",
        "K = 15",
        "ΔR = K × (W − We) = 15 × (2.5 − 1.59) = 13.65 → 13.7",
        "2413.7 → 2414",
    ];
    let mut at = 0;
    for step in steps {
        let pos = en[at..]
            .find(step)
            .unwrap_or_else(|| panic!("{step:?} after {at} in\n{en}"));
        at += pos + step.len();
    }
    let zh = p1.explain(Lang::Zh);
    assert!(zh.contains("原等级分 Ro = 2400"), "{zh}");
    assert!(
        zh.contains("升降值 ΔR = K × (W − We) = 15 × (2.5 − 1.59) = 13.65 → 13.7"),
        "{zh}"
    );
    assert!(zh.contains("第九条"), "{zh}");
    // K's reason follows the language: cxa-2019 第十条, 30 or more valid
    // games → 15, in the profile's Chinese wording, and no English inside.
    assert!(
        zh.contains("换算系数 K = 15: 第十条：有效对局 30 局以上 K = 15"),
        "{zh}"
    );
    assert!(!zh.contains("valid games"), "{zh}");
    assert!(
        en.contains("K = 15: 第十条: 30 or more valid games → K = 15"),
        "{en}"
    );
    // A user profile without the Chinese texts: the article's reference
    // (before `:`) and the K it gives, with the condition in Chinese.
    let text = Profile::builtin_toml("cxa-2019")
        .unwrap()
        .lines()
        .filter(|l| !l.contains("article_zh"))
        .collect::<Vec<_>>()
        .join("\n");
    let r2 = rate(&ev, &Profile::from_toml_str(&text).unwrap()).unwrap();
    assert_eq!(find(&r2, 1).k_reason_zh.as_deref(), Some("第十条：K = 15"));
    let p2_zh = find(&r2, 2).k_reason_zh.clone().unwrap();
    assert!(p2_zh.starts_with("第十条：K = 25（有效对局 "), "{p2_zh}");
    assert!(p2_zh.ends_with(" < 30）"), "{p2_zh}");

    // P2: 2400 (0), 2150 forfeit win (counts: 第八条 含弃权比分), 2480 (0). Ra = 7030/3 =
    // 2343.33 → 2343.3. D = 6.7 → 7 → row 4–10 → 0.51. We = 1.53. W = 1.
    // ΔR = 25 × (1 − 1.53) = −13.25 → −13.3 (half away from zero). Rn = 2336.7 → 2337.
    let p2 = find(&r, 2);
    check(p2, "2343.3", "6.7", "0.51", "1.53", 25, "-13.3");
    assert_eq!(p2.rating_after, Some(d("2337")));
    assert!(p2.games[1].counted);

    // P3: 2300 (Ru of P4) ½, 2400 ½, 2350 1. Ra = 7050/3 = 2350.0. D = 130 → row 130–137
    // → 0.68. We = 2.04. W = 2. ΔR = 10 × (−0.04) = −0.4. Rn = 2479.6 → 2480.
    let p3 = find(&r, 3);
    check(p3, "2350", "130", "0.68", "2.04", 10, "-0.4");
    assert_eq!(p3.rating_after, Some(d("2480")));

    // P4 (unrated, Ru 2300, K 25): 2480 ½, 2320 1, 2400 0. Ra = 7200/3 = 2400.0. D = −100
    // → row 99–106, lower side 0.36. We = 1.08. W = 1.5. ΔR = 25 × 0.42 = 10.5.
    // Ru + ΔR = 2310.5 → 2311; 6 + 3 = 9 games against rated players (第十二条) and
    // 2311 ≥ 2301 (第四条) → first rating 2311.
    let p4 = find(&r, 4);
    check(p4, "2400", "-100", "0.36", "1.08", 25, "10.5");
    assert_eq!(p4.rating_after, Some(d("2311")));
    assert!(p4.flags.contains(&Flag::FirstRating { rating: d("2311") }));

    // P5: 2320 (0), 2350 forfeit loss (counts), bye (never counts). N = 2. Ra = 4670/2 =
    // 2335. D = −185 → row 180–188 → lower 0.26. We = 0.52. ΔR = 15 × −0.52 = −7.8.
    // Rn = 2142.2 → 2142.
    let p5 = find(&r, 5);
    check(p5, "2335", "-185", "0.26", "0.52", 15, "-7.8");
    assert_eq!(p5.rating_after, Some(d("2142")));
    assert_eq!(p5.games[2].not_counted, Some(NotCounted::Bye));
    assert_eq!(p5.event_score, d("1"));

    // P6: 2150 (1), 2300 (P4, 0), half bye. Ra = 4450/2 = 2225. D = 95 → row 92–98 → 0.63.
    // We = 1.26. ΔR = 15 × (1 − 1.26) = −3.9. Rn = 2316.1 → 2316.
    let p6 = find(&r, 6);
    check(p6, "2225", "95", "0.63", "1.26", 15, "-3.9");
    assert_eq!(p6.rating_after, Some(d("2316")));
}

/// cxa-2019: the unrated player without enough games, and games between two
/// unrated players (第八条) do not count.
#[test]
fn cxa_2019_unrated_not_yet() {
    let players = vec![
        player(1, Sex::Male, None, 0),
        player(2, Sex::Male, None, 0),
        player(3, Sex::Female, Some(2200), 100),
    ];
    let games = vec![game(1, 1, 2, "1-0"), game(2, 1, 3, "=")];
    let ev = event(GameKind::Xiangqi, EventSystem::Swiss, players, games);
    let r = rate(&ev, &Profile::builtin("cxa-2019").unwrap()).unwrap();
    // P1: game against P2 — both unrated — not counted. Against P3 (2200): Ru 2300,
    // D = 100 → 0.64; We = 0.64; ΔR = 25 × (0.5 − 0.64) = −3.5; 1 game < 9 → not yet.
    let p1 = find(&r, 1);
    assert_eq!(p1.games[0].not_counted, Some(NotCounted::BothUnrated));
    check(p1, "2200", "100", "0.64", "0.64", 25, "-3.5");
    assert_eq!(p1.rating_after, None);
    assert!(p1.flags.contains(&Flag::NotYetRated {
        games: 1,
        minimum: 9
    }));
    // P3 (K 15): P1 at Ru 2300; D = −100 → 0.36; ΔR = 15 × (0.5 − 0.36) = 2.1 → 2202.1 → 2202.
    let p3 = find(&r, 3);
    check(p3, "2300", "-100", "0.36", "0.36", 15, "2.1");
    assert_eq!(p3.rating_after, Some(d("2202")));
}

/// cca-chess Swiss: the 350 cap (八(十八)), the champion rule (八(十四)), the
/// unrated player's performance (八(七)(九)), forfeits not counted (八(十二)).
///
/// Players: 1 2600 (K 10, 2400 reached), 2 2050 (K 15), 3 2200 (20 games → K 25),
/// 4 unrated (Ru 2000, 5 earlier games against rated players), 5 2300 (K 15), 6 2100 (K 15).
/// R1: 1-2 1-0, 3-4 0-1, 5-6 ½.  R2: 1-4 ½, 2-5 0-1, 6-3 forfeit won by 6.
/// R3: 1-5 1-0, 4-6 1-0, 2 full bye, 3 half bye.  R4: 1-3 ½, 4-5 0-1, 2-6 ½.
/// Event scores: 1: 3, 4: 2.5, 5: 2.5, 6: 2, 2: 1.5, 3: 1 → champion 1.
#[test]
fn cca_chess_swiss() {
    let mut p1 = player(1, Sex::Male, Some(2600), 300);
    p1.ever_reached = Some(d("2600"));
    let players = vec![
        p1,
        player(2, Sex::Male, Some(2050), 100),
        player(3, Sex::Male, Some(2200), 20),
        player(4, Sex::Male, None, 5),
        player(5, Sex::Male, Some(2300), 60),
        player(6, Sex::Male, Some(2100), 40),
    ];
    let games = vec![
        game(1, 1, 2, "1-0"),
        game(1, 3, 4, "0-1"),
        game(1, 5, 6, "="),
        game(2, 1, 4, "="),
        game(2, 2, 5, "0-1"),
        game(2, 6, 3, "+-"),
        game(3, 1, 5, "1-0"),
        game(3, 4, 6, "1-0"),
        bye(3, 2, ByeKind::PairingAllocated),
        bye(3, 3, ByeKind::HalfPoint),
        game(4, 1, 3, "="),
        game(4, 4, 5, "0-1"),
        game(4, 2, 6, "="),
    ];
    let ev = event(GameKind::Chess, EventSystem::Swiss, players, games);
    let r = rate(&ev, &Profile::builtin("cca-chess").unwrap()).unwrap();
    assert_eq!(r.champion, Some(PlayerId(1)));

    // P1: counted 2050 (1), 2300 (1), 2200 (½); the game against unrated P4 does not count
    // in a Swiss (八(七)). Ra = 6550/3 = 2183.33…, D = 416.67 > 350 → 350 (八(十八)) → row
    // 345–357 → 0.89. We = 2.67. W = 2.5. ΔR = 10 × (2.5 − 2.67) = −1.7 → champion → 0.
    let p1 = find(&r, 1);
    assert_eq!(p1.games[1].not_counted, Some(NotCounted::OpponentUnrated));
    assert_eq!(p1.opponents_average.unwrap().round_dp(2), d("2183.33"));
    assert_eq!(p1.difference, Some(d("350")));
    assert!(p1.difference_capped);
    assert_eq!(
        (p1.expected_fraction, p1.expected_score),
        (Some(d("0.89")), Some(d("2.67")))
    );
    assert_eq!(p1.k, Some(10));
    assert_eq!(p1.change, Some(d("0")));
    assert!(
        p1.flags
            .contains(&Flag::ChampionProtected { change: d("-1.7") })
    );
    assert_eq!(p1.rating_after, Some(d("2600")));
    let en = p1.explain(Lang::En);
    assert!(en.contains("counts as 350"), "{en}");
    assert!(
        en.contains("= −1.7 → 0 (the champion does not lose rating) [八(十四)]"),
        "{en}"
    );
    assert!(p1.explain(Lang::Zh).contains("冠军不降分"));

    // P2: 2600 (0), 2300 (0), bye, 2100 (½). Ra = 7000/3 = 2333.33…, D = −283.33 → 283 →
    // row 279–290 → lower 0.16. We = 0.48. ΔR = 15 × (0.5 − 0.48) = 0.3 → 2050.3 → 2050.
    let p2 = find(&r, 2);
    assert_eq!(p2.opponents_average.unwrap().round_dp(2), d("2333.33"));
    assert_eq!(
        (p2.expected_fraction, p2.expected_score),
        (Some(d("0.16")), Some(d("0.48")))
    );
    assert_eq!((p2.k, p2.change), (Some(15), Some(d("0.30"))));
    assert_eq!(p2.rating_after, Some(d("2050")));

    // P3: unrated P4 not counted, forfeit loss not counted (八(十二)), half bye; only 2600 (½).
    // D = −400 → −350 → lower 0.11. We = 0.11. ΔR = 25 × 0.39 = 9.75 → 2209.75 → 2210.
    let p3 = find(&r, 3);
    assert_eq!(p3.games[1].not_counted, Some(NotCounted::Unplayed));
    check(p3, "2600", "-350", "0.11", "0.11", 25, "9.75");
    assert_eq!(p3.rating_after, Some(d("2210")));

    // P4 (unrated): 4 games against rated players (≥ 4, 八(七)): 2200 (1), 2600 (½),
    // 2100 (1), 2300 (0). Rc = 9200/4 = 2300; w = 2.5 > n/2 = 2 →
    // Rp = Rc + 25 × (2.5 − 2) = 2312.5 (八(九)) > 2000; 5 + 4 = 9 games (八(八)) → 2313.
    let p4 = find(&r, 4);
    assert_eq!(p4.method, Method::Performance);
    assert_eq!(p4.opponents_average, Some(d("2300")));
    assert_eq!(p4.performance, Some(d("2312.5")));
    assert_eq!(p4.rating_after, Some(d("2313")));
    let en = p4.explain(Lang::En);
    assert!(
        en.contains("Rc = (2200 + 2600 + 2100 + 2300) / 4 = 9200 / 4 = 2300"),
        "{en}"
    );
    assert!(
        en.contains("Rp = Rc + K × (w − n/2) = 2300 + 25 × (2.5 − 2) = 2312.5"),
        "{en}"
    );

    // P5: 2100 (½), 2050 (1), 2600 (0); P4 not counted. Ra = 6750/3 = 2250. D = 50 → 0.57.
    // We = 1.71. ΔR = 15 × (1.5 − 1.71) = −3.15 → 2296.85 → 2297.
    let p5 = find(&r, 5);
    check(p5, "2250", "50", "0.57", "1.71", 15, "-3.15");
    assert_eq!(p5.rating_after, Some(d("2297")));

    // P6: 2300 (½), forfeit win not counted, P4 not counted, 2050 (½). Ra = 2175. D = −75
    // → row 69–76 → lower 0.40. We = 0.8. ΔR = 15 × 0.2 = 3 → 2103.
    let p6 = find(&r, 6);
    check(p6, "2175", "-75", "0.40", "0.80", 15, "3.0");
    assert_eq!(p6.rating_after, Some(d("2103")));
}

/// cca-chess round robin with more than 20% unrated players (八(六)).
///
/// 1 2300, 2 2200, 3 2100 (K 15 each), 4 and 5 unrated (Ru 2000; 4 has 9 earlier games).
/// 1-2 1-0, 1-3 ½, 1-4 0-1, 1-5 1-0, 2-3 1-0, 2-4 ½, 2-5 1-0, 3-4 0-1, 3-5 ½, 4-5 1-0.
#[test]
fn cca_chess_round_robin_many_unrated() {
    let players = vec![
        player(1, Sex::Male, Some(2300), 50),
        player(2, Sex::Male, Some(2200), 50),
        player(3, Sex::Male, Some(2100), 40),
        player(4, Sex::Male, None, 9),
        player(5, Sex::Male, None, 0),
    ];
    let games = vec![
        game(1, 1, 2, "1-0"),
        game(1, 3, 4, "0-1"),
        game(2, 1, 3, "="),
        game(2, 2, 5, "1-0"),
        game(3, 1, 4, "0-1"),
        game(3, 3, 5, "="),
        game(4, 1, 5, "1-0"),
        game(4, 2, 4, "="),
        game(5, 2, 3, "1-0"),
        game(5, 4, 5, "1-0"),
    ];
    let ev = event(GameKind::Chess, EventSystem::RoundRobin, players, games);
    let r = rate(&ev, &Profile::builtin("cca-chess").unwrap()).unwrap();
    // 2 of 5 unrated = 40% > 20%. Rar = 6600/3 = 2200. Rated players' score fractions over
    // 4 games: 2.5/4 = 0.625 → 0.63 → dp 95; 0.625 → 95; 1/4 = 0.25 → −193.
    // dpa = (95 + 95 − 193)/3 = −1. Ra = 2200 − (−1) × 4/5 = 2200.8.
    assert_eq!(r.tournament_average, Some(d("2200.8")));
    assert!(
        r.notes[0].contains("Ra = Rar − dpa × (n/m) = 2200 − (-1) × (4/5) = 2200.80"),
        "{:?}",
        r.notes
    );
    assert_eq!(r.formula, Method::NTimesP);

    // P4: 2.5 of 3 against rated players (the game with P5 does not count: both unrated)
    // ≥ 50% → Rp = Ra = 2200.8. Opponents 2300, 2200, 2100: Ra = 2200, D = 0.8 → 1 → 0.50,
    // We = 1.5, K 25, ΔR = 25 × 1 = 25; performance 2225.8; 12 games → 2226.
    let p4 = find(&r, 4);
    assert_eq!(p4.rating_used, d("2200.8"));
    check(p4, "2200", "0.8", "0.50", "1.50", 25, "25");
    assert_eq!(p4.performance, Some(d("2225.8")));
    assert_eq!(p4.rating_after, Some(d("2226")));

    // P5: 0.5 of 3 → p 0.17 < 50% → dp −273; Rp = 2200.8 + (−273) × 3/4 = 1996.05 (Choice:
    // n = rated opponents, m = n + 1). Ra = 2200, D = −203.95 → 204 → lower 0.24; We = 0.72;
    // ΔR = 25 × (0.5 − 0.72) = −5.5; performance 1990.55 ≤ 2000 → void (八(十)).
    let p5 = find(&r, 5);
    assert_eq!(p5.rating_used, d("1996.05"));
    check(p5, "2200", "-203.95", "0.24", "0.72", 25, "-5.5");
    assert!(
        p5.flags
            .iter()
            .any(|f| matches!(f, Flag::PerformanceVoid { .. }))
    );
    assert_eq!(p5.rating_after, None);

    // P1: opponents 2200, 2100, 2200.8, 1996.05 → Ra = 8496.85/4 = 2124.2125; D = 175.79 →
    // 176 → 0.73; We = 2.92; W = 2.5; ΔR = 15 × (−0.42) = −6.3 → 2294.
    check(
        find(&r, 1),
        "2124.2125",
        "175.7875",
        "0.73",
        "2.92",
        15,
        "-6.3",
    );
    assert_eq!(find(&r, 1).rating_after, Some(d("2294")));
    // P2: 2300, 1996.05, 2200.8, 2100 → Ra = 2149.2125; D = 50.79 → 51 → 0.57; We = 2.28;
    // ΔR = 15 × 0.22 = 3.3 → 2203.
    check(
        find(&r, 2),
        "2149.2125",
        "50.7875",
        "0.57",
        "2.28",
        15,
        "3.3",
    );
    assert_eq!(find(&r, 2).rating_after, Some(d("2203")));
    // P3: 2200.8, 2300, 1996.05, 2200 → Ra = 2174.2125; D = −74.21 → 74 → 0.40; We = 1.6;
    // ΔR = 15 × (1 − 1.6) = −9 → 2091.
    check(
        find(&r, 3),
        "2174.2125",
        "-74.2125",
        "0.40",
        "1.60",
        15,
        "-9",
    );
    assert_eq!(find(&r, 3).rating_after, Some(d("2091")));
}

/// cxa-legacy round robin: M × Pa − ½, the mixed-sex rule, an unrated player who
/// scored 0 (九), a forfeit not counted, the champion rule (八), K by events.
///
/// 1 man 2450 (K 15), 2 woman 2200 (K 15; counts 2300 against men), 3 man 2350 (40
/// games but only 2 events → K 25), 4 unrated man (scores 0), 5 man 2400 having
/// reached 2520 (K 10). 1-2 ½, 1-3 forfeit won by 1, 1-4 1-0, 1-5 ½, 2-5 ½, 3-5 ½,
/// 2-3 ½, 2-4 1-0, 3-4 1-0, 4-5 0-1. Scores: 1: 3 (champion), 2: 2.5, 5: 2.5, 3: 2, 4: 0.
#[test]
fn cxa_legacy_round_robin() {
    let mut p3 = player(3, Sex::Male, Some(2350), 40);
    p3.rated_events = Some(2);
    let mut p5 = player(5, Sex::Male, Some(2400), 100);
    p5.ever_reached = Some(d("2520"));
    let players = vec![
        player(1, Sex::Male, Some(2450), 40),
        player(2, Sex::Female, Some(2200), 50),
        p3,
        player(4, Sex::Male, None, 0),
        p5,
    ];
    let games = vec![
        game(1, 1, 2, "="),
        game(1, 3, 4, "1-0"),
        game(2, 1, 3, "+-"),
        game(2, 2, 5, "="),
        game(3, 1, 4, "1-0"),
        game(3, 3, 5, "="),
        game(4, 1, 5, "="),
        game(4, 2, 4, "1-0"),
        game(5, 2, 3, "="),
        game(5, 4, 5, "0-1"),
    ];
    let ev = event(GameKind::Xiangqi, EventSystem::RoundRobin, players, games);
    let r = rate(&ev, &Profile::builtin("cxa-legacy").unwrap()).unwrap();
    assert_eq!(r.champion, Some(PlayerId(1)));

    // P1: counted P2 (at 2300, mixed rule) ½ and P5 2400 ½; the forfeit and the games against
    // P4 (scored 0) do not count. M = 3: Rall = (2450 + 2300 + 2400)/3 = 2383.33…; D = 66.67
    // → 67 → row 62–68 → 0.59; We = 3 × 0.59 − ½ = 1.27; ΔR = 15 × (1 − 1.27) = −4.05 →
    // champion → 0.
    let p1 = find(&r, 1);
    assert_eq!(p1.method, Method::MTimesPaMinusHalf);
    assert_eq!(p1.games[0].opponent_rating, Some(d("2300")));
    assert_eq!(p1.games[1].not_counted, Some(NotCounted::Unplayed));
    assert_eq!(
        p1.games[2].not_counted,
        Some(NotCounted::OpponentScoredZero)
    );
    assert_eq!(p1.players_m, Some(3));
    assert_eq!(p1.all_players_average.unwrap().round_dp(2), d("2383.33"));
    assert_eq!(
        (p1.expected_fraction, p1.expected_score),
        (Some(d("0.59")), Some(d("1.27")))
    );
    assert_eq!(p1.change, Some(d("0")));
    assert!(
        p1.flags
            .contains(&Flag::ChampionProtected { change: d("-4.05") })
    );
    assert_eq!(p1.rating_after, Some(d("2450")));

    // P2 (her own rating 2200): P1 2450, P5 2400, P3 2350, all ½. M = 4, Rall = 9400/4 =
    // 2350; D = −150 → lower 0.30; We = 4 × 0.30 − ½ = 0.7; ΔR = 15 × 0.8 = 12 → 2212.
    let p2 = find(&r, 2);
    assert_eq!(
        (p2.expected_fraction, p2.expected_score),
        (Some(d("0.30")), Some(d("0.70")))
    );
    assert_eq!(
        (p2.k, p2.change, p2.rating_after),
        (Some(15), Some(d("12.00")), Some(d("2212")))
    );

    // P3: P5 2400 ½, P2 at 2300 ½. M = 3, Rall = 7050/3 = 2350, D = 0 → 0.50, We = 1.0,
    // ΔR = 25 × 0 = 0 (K 25: first three events).
    let p3 = find(&r, 3);
    assert_eq!(
        (p3.expected_score, p3.k, p3.change),
        (Some(d("1.00")), Some(25), Some(d("0")))
    );
    assert!(p3.k_reason.as_deref().unwrap().contains("three events"));

    // P4 scored 0: no rating, no game counted.
    let p4 = find(&r, 4);
    assert_eq!(p4.games_counted, 0);
    assert!(p4.flags.contains(&Flag::ScoredZero));
    assert_eq!(p4.rating_after, None);

    // P5: P1 2450, P2 at 2300, P3 2350, all ½. M = 4, Rall = 9500/4 = 2375, D = 25 → row
    // 18–25 → 0.53; We = 4 × 0.53 − ½ = 1.62; ΔR = 10 × (1.5 − 1.62) = −1.2 → 2398.8 → 2399.
    let p5 = find(&r, 5);
    assert_eq!(
        (p5.expected_score, p5.k, p5.change),
        (Some(d("1.62")), Some(10), Some(d("-1.2")))
    );
    assert_eq!(p5.rating_after, Some(d("2399")));
}

/// cca-amateur round robin with base ratings by grade (六(五)), K 10 for everyone.
///
/// 1 man 1800; 2 man unrated 棋协大师 → 1500 + 8 × 50 = 1900; 3 woman unrated → 1300;
/// 4 woman unrated 三级棋士 (4th grade) → 1300 + 4 × 50 = 1500.
/// 1-2 0-1, 3-4 0-1, 1-3 1-0, 2-4 1-0, 1-4 ½, 2-3 forfeit won by 2 (not counted).
#[test]
fn cca_amateur_round_robin() {
    let mut p2 = player(2, Sex::Male, None, 0);
    p2.title = Some("棋协大师".into());
    let mut p4 = player(4, Sex::Female, None, 0);
    p4.title = Some("三级棋士".into());
    let players = vec![
        player(1, Sex::Male, Some(1800), 30),
        p2,
        player(3, Sex::Female, None, 0),
        p4,
    ];
    let games = vec![
        game(1, 1, 2, "0-1"),
        game(1, 3, 4, "0-1"),
        game(2, 1, 3, "1-0"),
        game(2, 2, 4, "1-0"),
        game(3, 1, 4, "="),
        game(3, 2, 3, "+-"),
    ];
    let ev = event(GameKind::Chess, EventSystem::RoundRobin, players, games);
    let r = rate(&ev, &Profile::builtin("cca-amateur").unwrap()).unwrap();
    // P1: M = 4, Rall = (1800 + 1900 + 1300 + 1500)/4 = 1625; D = 175 → row 171–179 → 0.73;
    // We = 4 × 0.73 − ½ = 2.42; W = 1.5; ΔR = 10 × (−0.92) = −9.2 → 1790.8 → 1791.
    let p1 = find(&r, 1);
    assert_eq!(
        (p1.all_players_average, p1.expected_score),
        (Some(d("1625")), Some(d("2.42")))
    );
    assert_eq!(
        (p1.change, p1.rating_after),
        (Some(d("-9.2")), Some(d("1791")))
    );
    let en = p1.explain(Lang::En);
    assert!(
        en.contains("Rall = (1800 + 1900 + 1300 + 1500) / M = 6500 / 4 = 1625 (M = 4)"),
        "{en}"
    );
    assert!(
        en.contains("We = M × Pa − ½ = 4 × 0.73 − 0.5 = 2.42"),
        "{en}"
    );
    // P2 (base 1900): the forfeit does not count; M = 3, Rall = 5200/3 = 1733.33…; D = 166.67
    // → 167 → 0.72; We = 3 × 0.72 − ½ = 1.66; ΔR = 10 × (2 − 1.66) = 3.4 → 1903.
    let p2 = find(&r, 2);
    assert_eq!(p2.rating_used, d("1900"));
    assert!(
        p2.explain(Lang::En)
            .contains("= 1900 + 3.4 = 1903.4 → 1903")
    );
    assert!(p2.flags.contains(&Flag::BaseRating { rating: d("1900") }));
    assert_eq!(
        (p2.expected_score, p2.change, p2.rating_after),
        (Some(d("1.66")), Some(d("3.4")), Some(d("1903")))
    );
    // P3 (base 1300): M = 3, Rall = 4600/3 = 1533.33…; D = −233.33 → 233 → lower 0.21;
    // We = 0.63 − 0.5 = 0.13; ΔR = −1.3 → 1298.7 → 1299.
    let p3 = find(&r, 3);
    assert_eq!(
        (p3.expected_score, p3.change, p3.rating_after),
        (Some(d("0.13")), Some(d("-1.3")), Some(d("1299")))
    );
    // P4 (base 1500): M = 4, Rall = 1625; D = −125 → lower 0.33; We = 0.82; ΔR = 10 × 0.68
    // = 6.8 → 1506.8 → 1507.
    let p4 = find(&r, 4);
    assert_eq!(p4.rating_used, d("1500"));
    assert_eq!(
        (p4.expected_score, p4.change, p4.rating_after),
        (Some(d("0.82")), Some(d("6.8")), Some(d("1507")))
    );
}

/// fide-2024 Swiss: per-game expected scores, the 400-point rule and the 2650
/// exemption, K 10 / 20 / 40 (junior) / 40 (new player).
///
/// 1 2700 (K 10), 2 2200 (K 20), 3 2050 born 2010 (age 15 in 2025 → K 40), 4 1500 with 10
/// games (K 40). R1: 1-2 1-0, 3-4 ½. R2: 1-3 ½, 2-4 1-0. R3: 1-4 1-0, 2-3 0-1.
#[test]
fn fide_2024_swiss() {
    let mut p1 = player(1, Sex::Male, Some(2700), 500);
    p1.ever_reached = Some(d("2700"));
    let mut p3 = player(3, Sex::Male, Some(2050), 60);
    p3.birth_year = Some(2010);
    let players = vec![
        p1,
        player(2, Sex::Male, Some(2200), 100),
        p3,
        player(4, Sex::Female, Some(1500), 10),
    ];
    let games = vec![
        game(1, 1, 2, "1-0"),
        game(1, 3, 4, "="),
        game(2, 1, 3, "="),
        game(2, 2, 4, "1-0"),
        game(3, 1, 4, "1-0"),
        game(3, 2, 3, "0-1"),
    ];
    let end = chrono::NaiveDate::from_ymd_opt(2025, 11, 1);
    let ev = Event::new(
        "t",
        GameKind::Chess,
        EventSystem::Swiss,
        end,
        end,
        players,
        games,
    )
    .unwrap();
    let r = rate(&ev, &Profile::builtin("fide-2024").unwrap()).unwrap();
    // P1 (2700 ≥ 2650: no cap): D 500 → 0.96, D 650 → 0.99, D 1200 → 1.00; We = 2.95;
    // ΔR = 10 × (2.5 − 2.95) = −4.5; the change is rounded half away from zero first
    // (regulations §6.5: −2.50 is published as −3): −5 → 2695.
    let p1 = find(&r, 1);
    assert_eq!(p1.method, Method::PerGame);
    let ps: Vec<_> = p1.games.iter().map(|g| g.expected.unwrap()).collect();
    assert_eq!(ps, vec![d("0.96"), d("0.99"), d("1.00")]);
    assert_eq!(
        (p1.expected_score, p1.k, p1.change, p1.rating_after),
        (Some(d("2.95")), Some(10), Some(d("-4.5")), Some(d("2695")))
    );
    // P2: vs 2700 D −500 → −400 → 0.08; vs 1500 D 700 → 400 → 0.92; vs 2050 D 150 → 0.70;
    // We = 1.70; ΔR = 20 × (1 − 1.7) = −14 → 2186.
    let p2 = find(&r, 2);
    assert_eq!(
        (p2.expected_score, p2.k, p2.change, p2.rating_after),
        (Some(d("1.70")), Some(20), Some(d("-14")), Some(d("2186")))
    );
    let en = p2.explain(Lang::En);
    assert!(en.contains("We = ΣP = 0.08 + 0.92 + 0.70 = 1.7"), "{en}");
    assert!(
        en.contains("ΔR = K × (W − We) = 20 × (1 − 1.7) = −14"),
        "{en}"
    );
    assert!(
        p2.games[0].difference_capped
            && p2.games[1].difference_capped
            && !p2.games[2].difference_capped
    );
    // P3 (junior, K 40): vs 1500 D 550 → 400 → 0.92; vs 2700 → −400 → 0.08; vs 2200 D −150 →
    // 0.30; We = 1.30; ΔR = 40 × 0.7 = 28 → 2078.
    let p3 = find(&r, 3);
    assert_eq!(
        (p3.expected_score, p3.k, p3.change, p3.rating_after),
        (Some(d("1.30")), Some(40), Some(d("28")), Some(d("2078")))
    );
    // P4 (new player, K 40): three capped games at 0.08: We = 0.24; ΔR = 40 × 0.26 = 10.4 → 1510.
    let p4 = find(&r, 4);
    assert_eq!(
        (p4.expected_score, p4.k, p4.change, p4.rating_after),
        (Some(d("0.24")), Some(40), Some(d("10.4")), Some(d("1510")))
    );
}

/// fide-2024: K × n ≤ 700 (8.3.3). An 18-game match of two 2000 players: P1 has K 40
/// (new), 40 × 18 = 720 > 700 → K = 38 (38 × 18 = 684). P1 wins game 1, the rest drawn:
/// W = 9.5, We = 18 × 0.50 = 9, ΔR = 38 × 0.5 = 19. P2 (K 20, 360 ≤ 700): ΔR = 20 × −0.5 = −10.
#[test]
fn fide_2024_k_times_n() {
    let players = vec![
        player(1, Sex::Male, Some(2000), 0),
        player(2, Sex::Male, Some(2000), 100),
    ];
    let games = (1..=18)
        .map(|r| {
            let (w, b) = if r % 2 == 1 { (1, 2) } else { (2, 1) };
            game(r, w, b, if r == 1 { "1-0" } else { "=" })
        })
        .collect();
    let ev = event(GameKind::Chess, EventSystem::Match, players, games);
    let r = rate(&ev, &Profile::builtin("fide-2024").unwrap()).unwrap();
    let p1 = find(&r, 1);
    assert_eq!((p1.k, p1.change), (Some(38), Some(d("19"))));
    assert!(p1.flags.contains(&Flag::KLimited {
        from: 40,
        to: 38,
        max: 700
    }));
    let p2 = find(&r, 2);
    assert_eq!((p2.k, p2.change), (Some(20), Some(d("-10"))));
}

/// The champion by rank when several share the top score (Player::rank).
#[test]
fn champion_by_rank() {
    // cca-chess Swiss, 1 (2400, K 10) and 2 (2000, K 15) both score 1: 1 draws 2, and each
    // beats... a 2-player match of two draws: scores equal; rank 1 given to player 1.
    // P1: D = 400 → 350 → 0.89; We = 2 × 0.89 = 1.78; ΔR = 10 × (1 − 1.78) = −7.8 → 0.
    let mut p1 = player(1, Sex::Male, Some(2400), 100);
    p1.ever_reached = Some(d("2400"));
    p1.rank = Some(1);
    let mut p2 = player(2, Sex::Male, Some(2000), 100);
    p2.rank = Some(2);
    let ev = event(
        GameKind::Chess,
        EventSystem::Match,
        vec![p1, p2],
        vec![game(1, 1, 2, "="), game(2, 2, 1, "=")],
    );
    let r = rate(&ev, &Profile::builtin("cca-chess").unwrap()).unwrap();
    assert_eq!(r.champion, Some(PlayerId(1)));
    assert_eq!(find(&r, 1).change, Some(d("0")));
    assert!(
        find(&r, 1)
            .flags
            .contains(&Flag::ChampionProtected { change: d("-7.8") })
    );
    // Without ranks the top score is shared: no champion, −7.8 stands.
    let mut a = player(1, Sex::Male, Some(2400), 100);
    a.ever_reached = Some(d("2400"));
    let ev = event(
        GameKind::Chess,
        EventSystem::Match,
        vec![a, player(2, Sex::Male, Some(2000), 100)],
        vec![game(1, 1, 2, "="), game(2, 2, 1, "=")],
    );
    let r = rate(&ev, &Profile::builtin("cca-chess").unwrap()).unwrap();
    assert_eq!(r.champion, None);
    assert_eq!(find(&r, 1).change, Some(d("-7.8")));
}

/// Rated-event conditions are warnings (cxa-legacy 四): a 5-player round robin with one
/// unrated player (十人以下 → all must be rated) and unit A holding 2 of 5 players (> 1/3).
#[test]
fn rated_event_conditions_warn() {
    let units = ["A", "A", "B", "C", "D"];
    let players: Vec<Player> = (1..=5)
        .map(|i| {
            let mut p = player(i, Sex::Male, (i != 5).then_some(2300 + i as i64), 50);
            p.unit = Some(units[i as usize - 1].to_string());
            p
        })
        .collect();
    let games = vec![game(1, 1, 2, "="), game(2, 3, 4, "=")];
    let ev = event(GameKind::Xiangqi, EventSystem::RoundRobin, players, games);
    let r = rate(&ev, &Profile::builtin("cxa-legacy").unwrap()).unwrap();
    assert_eq!(
        r.warnings,
        vec![
            "四(一): only 4 of 5 players are rated, at least 1/1 needed".to_string(),
            "四(二): unit A has 2 of 5 players, more than 1/3".to_string(),
        ]
    );
    // 4 of 5 rated ≥ 2/3, 4 units ≥ 4: those conditions hold. cxa-2019 第三条: ≤ 12
    // players need 2/3 rated (4/5 holds) and 4 units (holds): no warning.
    let r = rate(&ev, &Profile::builtin("cxa-2019").unwrap()).unwrap();
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
}

/// cxa-2019 第十一条: a man rated below 2300 counts as unrated (provisional 2300).
/// P1 2280 (→ Ru 2300, K 25) draws P2, a woman rated 2200 (K 15).
/// P1: D = 2300 − 2200 = 100 → 0.64; ΔR = 25 × (0.5 − 0.64) = −3.5; 2300 − 3.5 = 2296.5 →
/// 2297 < 2301 (第四条): still no rating.
/// P2: D = −100 → 0.36; ΔR = 15 × (0.5 − 0.36) = 2.1 → 2202.1 → 2202.
#[test]
fn cxa_2019_rating_below_the_unrated_line() {
    let players = vec![
        player(1, Sex::Male, Some(2280), 40),
        player(2, Sex::Female, Some(2200), 100),
    ];
    let ev = event(
        GameKind::Xiangqi,
        EventSystem::Swiss,
        players,
        vec![game(1, 1, 2, "=")],
    );
    let r = rate(&ev, &Profile::builtin("cxa-2019").unwrap()).unwrap();
    let p1 = find(&r, 1);
    assert_eq!(p1.rating_used, d("2300"));
    assert_eq!(
        r.notes,
        vec![
            "player 1: rating 2280 is below 2300 (第十一条–第十四条): counted as unrated at 2300"
                .to_string()
        ]
    );
    check(p1, "2200", "100", "0.64", "0.64", 25, "-3.5");
    assert_eq!(p1.rating_after, None);
    assert!(p1.flags.contains(&Flag::BelowMinimum {
        rating: d("2297"),
        minimum: d("2301")
    }));
    let p2 = find(&r, 2);
    check(p2, "2300", "-100", "0.36", "0.36", 15, "2.1");
    assert_eq!(p2.rating_after, Some(d("2202")));
}

/// cca-amateur double round robin: We = (M × Pa − ½) scaled by the games per
/// opponent (N / (M − 1) = 2). 1 1600, 2 1500, 3 1400 (K 10).
/// 1-2 1-0, 2-1 ½, 1-3 1-0, 3-1 0-1, 2-3 ½, 3-2 1-0. Rall = 4500/3 = 1500.
#[test]
fn double_round_robin_scales_the_round_robin_formula() {
    let players = vec![
        player(1, Sex::Male, Some(1600), 50),
        player(2, Sex::Male, Some(1500), 50),
        player(3, Sex::Male, Some(1400), 50),
    ];
    let games = vec![
        game(1, 1, 2, "1-0"),
        game(2, 2, 1, "="),
        game(3, 1, 3, "1-0"),
        game(4, 3, 1, "0-1"),
        game(5, 2, 3, "="),
        game(6, 3, 2, "1-0"),
    ];
    let ev = event(
        GameKind::Chess,
        EventSystem::DoubleRoundRobin,
        players,
        games,
    );
    let r = rate(&ev, &Profile::builtin("cca-amateur").unwrap()).unwrap();
    // P1: D = 100 → 0.64; (3 × 0.64 − 0.5) × 4/2 = 1.42 × 2 = 2.84; W = 3.5;
    // ΔR = 10 × 0.66 = 6.6 → 1606.6 → 1607.
    let p1 = find(&r, 1);
    assert_eq!(
        (p1.players_m, p1.all_players_average),
        (Some(3), Some(d("1500")))
    );
    assert_eq!(
        (p1.expected_score, p1.change, p1.rating_after),
        (Some(d("2.84")), Some(d("6.6")), Some(d("1607")))
    );
    // P2: D = 0 → 0.50; (1.5 − 0.5) × 2 = 2; W = 1; ΔR = −10 → 1490.
    let p2 = find(&r, 2);
    assert_eq!(
        (p2.expected_score, p2.change, p2.rating_after),
        (Some(d("2")), Some(d("-10")), Some(d("1490")))
    );
    // P3: D = −100 → 0.36; (1.08 − 0.5) × 2 = 1.16; W = 1.5; ΔR = 3.4 → 1403.4 → 1403.
    let p3 = find(&r, 3);
    assert_eq!(
        (p3.expected_score, p3.change, p3.rating_after),
        (Some(d("1.16")), Some(d("3.4")), Some(d("1403")))
    );
    assert!(
        p3.explain(Lang::En)
            .contains("We = (M × Pa − ½) × N / (M − 1) = (3 × 0.36 − 0.5) × 4 / 2 = 1.16")
    );
}

/// Bad input: impossible ratings are refused with the player named.
#[test]
fn out_of_range_ratings_are_refused() {
    let ev = event(
        GameKind::Chess,
        EventSystem::Swiss,
        vec![
            player(1, Sex::Male, Some(1_000_000), 0),
            player(2, Sex::Male, Some(2000), 0),
        ],
        vec![game(1, 1, 2, "=")],
    );
    let err = rate(&ev, &Profile::builtin("cca-chess").unwrap()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "player 1: rating 1000000 is out of range (at most 100000)"
    );
    let ev = event(
        GameKind::Chess,
        EventSystem::Swiss,
        vec![
            player(1, Sex::Male, Some(-5), 0),
            player(2, Sex::Male, Some(2000), 0),
        ],
        vec![game(1, 1, 2, "=")],
    );
    assert!(rate(&ev, &Profile::builtin("cca-chess").unwrap()).is_err());
    // a chess event under a xiangqi profile
    let err = rate(&ev, &Profile::builtin("cxa-2019").unwrap()).unwrap_err();
    assert!(err.to_string().contains("cxa-2019"), "{err}");
}

/// cca-chess 八(十四) in a team event: the best score fraction on each board keeps its
/// rating. Teams A (1 board 1 2400 K 10, 2 board 2 2000), B (3 b1 2100, 4 b2 2100),
/// C (5 b1 2050, 6 b2 2150); K 15 except 1. A–B: 1-3 1-0, 2-4 0-1; A–C: 5-1 ½, 6-2 ½;
/// B–C: 3-5 1-0, 4-6 ½. Board 1: 1 has 1.5/2, 3 1/2, 5 0.5/2 → 1. Board 2: 2 0.5/2,
/// 4 1.5/2, 6 1/2 → 4.
#[test]
fn team_event_board_champions() {
    let boards = [1, 2, 1, 2, 1, 2];
    let ratings = [2400, 2000, 2100, 2100, 2050, 2150];
    let players: Vec<Player> = (1..=6)
        .map(|i| {
            let mut p = player(i, Sex::Male, Some(ratings[i as usize - 1]), 100);
            p.board = Some(boards[i as usize - 1]);
            if i == 1 {
                p.ever_reached = Some(d("2400"));
            }
            p
        })
        .collect();
    let games = vec![
        game(1, 1, 3, "1-0"),
        game(1, 2, 4, "0-1"),
        game(2, 5, 1, "="),
        game(2, 6, 2, "="),
        game(3, 3, 5, "1-0"),
        game(3, 4, 6, "="),
    ];
    let ev = event(GameKind::Chess, EventSystem::Team, players, games);
    let r = rate(&ev, &Profile::builtin("cca-chess").unwrap()).unwrap();
    assert_eq!(r.champion, None);
    assert_eq!(r.board_champions, vec![PlayerId(1), PlayerId(4)]);
    // P1: Ra = (2100 + 2050)/2 = 2075; D = 325 → row 316–328 → 0.87; We = 1.74; W = 1.5;
    // ΔR = 10 × (−0.24) = −2.4 → best on board 1 → 0.
    let p1 = find(&r, 1);
    assert_eq!(p1.change, Some(d("0")));
    assert!(
        p1.flags
            .contains(&Flag::ChampionProtected { change: d("-2.4") })
    );
    // P4: Ra = (2000 + 2150)/2 = 2075; D = 25 → 0.53; We = 1.06; ΔR = 15 × 0.44 = 6.6.
    check(find(&r, 4), "2075", "25", "0.53", "1.06", 15, "6.6");
    // P3 (not protected): Ra = (2400 + 2050)/2 = 2225; D = −125 → 0.33; We = 0.66; W = 1;
    // ΔR = 15 × 0.34 = 5.1. P5: Ra = 2250; D = −200 → 0.24; We = 0.48; ΔR = 15 × 0.02 = 0.3.
    check(find(&r, 3), "2225", "-125", "0.33", "0.66", 15, "5.1");
    check(find(&r, 5), "2250", "-200", "0.24", "0.48", 15, "0.3");
}
