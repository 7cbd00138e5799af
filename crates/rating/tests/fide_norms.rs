//! FIDE title norms (B.01, effective 1 January 2024): hand-worked events,
//! each with its arithmetic from the regulation's figures in the comment.
//! The regulation prints no worked example of a norm; the figures used are
//! 0.5 / 1.4.8 (GM 2600 over 2380, IM 2450 over 2230, WGM 2400 over 2180,
//! WIM 2250 over 2030), 1.4.6b (floors GM 2200, IM 2050, WGM 2000, WIM
//! 1850), 1.4.6d (unrated 1400) and the table of 1.4.9.

mod common;

use common::*;
use qiyuan_rating::Lang;
use qiyuan_rating::fide_norms::*;
use qiyuan_rating::model::*;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

/// An opponent (or the candidate): federation, FIDE title, FIDE rating.
fn fp(id: u32, sex: Sex, fed: &str, title: &str, rating: Option<i64>) -> Player {
    let mut p = player(id, sex, rating, 100);
    p.federation = (!fed.is_empty()).then(|| fed.to_string());
    p.title = (!title.is_empty()).then(|| title.to_string());
    p
}

/// The candidate (player 1, `fed`, rated 2450) against `opponents`, one a
/// round, with white; `results` from the candidate's side (`1`, `=`, `0`,
/// `+` a win by forfeit, `-` a loss by forfeit).
fn candidate_event(
    sex: Sex,
    fed: &str,
    opponents: Vec<Player>,
    results: &str,
    system: EventSystem,
) -> Event {
    let mut players = vec![fp(1, sex, fed, "", Some(2450))];
    let mut games = Vec::new();
    for (i, (o, r)) in opponents.iter().zip(results.chars()).enumerate() {
        let code = match r {
            '1' => "1-0",
            '=' => "=",
            '0' => "0-1",
            '+' => "+-",
            '-' => "-+",
            c => panic!("bad result {c}"),
        };
        games.push(game(i as u32 + 1, 1, o.id.0, code));
    }
    players.extend(opponents);
    event(GameKind::Chess, system, players, games)
}

/// Nine opponents, 2500 down to 2340 by 20 (sum 21780, average 2420):
/// federations CHN ×3, IND ×2, VIE ×2, KAZ ×2; titles GM ×4, IM ×3, FM, none.
fn nine_opponents() -> Vec<Player> {
    let feds = [
        "CHN", "IND", "VIE", "KAZ", "CHN", "IND", "VIE", "KAZ", "CHN",
    ];
    let titles = ["GM", "GM", "GM", "GM", "IM", "IM", "IM", "FM", ""];
    (0..9)
        .map(|i| {
            fp(
                i + 2,
                Sex::Male,
                feds[i as usize],
                titles[i as usize],
                Some(2500 - 20 * i64::from(i)),
            )
        })
        .collect()
}

fn result<'a>(r: &'a FideNormReport, id: u32, title: &str) -> &'a FideNormResult {
    r.players
        .iter()
        .find(|p| p.id == PlayerId(id))
        .unwrap()
        .results
        .iter()
        .find(|x| x.title == title)
        .unwrap()
}

fn articles(r: &FideNormResult) -> Vec<&str> {
    r.failures.iter().map(|f| f.article()).collect()
}

fn check(e: &Event) -> FideNormReport {
    check_fide_norms(e, &FideNormRules::builtin(), &FideEventFacts::default())
}

/// 1.4.9 as the regulation prints it, p = 1.00 down to 0.00.
const TABLE_1_4_9: [i64; 101] = [
    800, 677, 589, 538, 501, 470, 444, 422, 401, 383, 366, 351, 336, 322, 309, 296, 284, 273, 262,
    251, 240, 230, 220, 211, 202, 193, 184, 175, 166, 158, 149, 141, 133, 125, 117, 110, 102, 95,
    87, 80, 72, 65, 57, 50, 43, 36, 29, 21, 14, 7, 0, -7, -14, -21, -29, -36, -43, -50, -57, -65,
    -72, -80, -87, -95, -102, -110, -117, -125, -133, -141, -149, -158, -166, -175, -184, -193,
    -202, -211, -220, -230, -240, -251, -262, -273, -284, -296, -309, -322, -336, -351, -366, -383,
    -401, -422, -444, -470, -501, -538, -589, -677, -800,
];

#[test]
fn table_1_4_9_every_row() {
    // The norm uses the table of B.02 8.1.1 the crate holds; every row of
    // 1.4.9 must be the same: score k of 100 games gives p = k%.
    let rules = FideNormRules::builtin();
    for (i, &want) in TABLE_1_4_9.iter().enumerate() {
        let k = 100 - i as u32;
        let (pct, d) = dp(&rules, Decimal::from(k), 100);
        assert_eq!((pct, d), (k, Decimal::from(want)), "p = {k}%");
    }
    // "All percentages are rounded to the nearest whole number. 0.5% is
    // rounded up": 5.5 of 11 is 50%, 4.5 of 9 too; 1 of 8 is 12.5% → 13%
    // → −322; 7 of 8 is 87.5% → 88% → 336.
    assert_eq!(dp(&rules, dec!(1), 8), (13, dec!(-322)));
    assert_eq!(dp(&rules, dec!(7), 8), (88, dec!(336)));
}

#[test]
fn gm_norm_in_nine_games() {
    // 9 games, Ra = 21780 / 9 = 2420 (1.4.7), 7 points → 77.8% → 78%
    // (1.4.9) → dp 220 → Rp = 2420 + 220 = 2640 ≥ 2600, Ra ≥ 2380 (1.4.8);
    // foreign federations IND, VIE, KAZ: 3 ≥ 2 (1.4.3); own CHN 3 ≤ ⌊9 ×
    // 3/5⌋ = 5, one federation at most 3 ≤ ⌊9 × 2/3⌋ = 6 (1.4.4);
    // title-holders 8 (GM 4, IM 3, FM) ≥ ⌈9/2⌉ = 5 (1.4.5a); GMs 4 ≥
    // max(⌈9/3⌉, 3) = 3 (1.4.5b) → a GM norm, and an IM norm.
    let e = candidate_event(
        Sex::Male,
        "CHN",
        nine_opponents(),
        "11111==10",
        EventSystem::Swiss,
    );
    let r = check(&e);
    let gm = result(&r, 1, "GM");
    assert!(gm.achieved, "{:?}", gm.failures);
    assert_eq!(
        (gm.average, gm.percent, gm.dp, gm.performance),
        (
            Some(dec!(2420)),
            Some(78),
            Some(dec!(220)),
            Some(dec!(2640))
        )
    );
    assert_eq!((gm.games_needed, gm.counts_as_games), (9, 9));
    assert!(result(&r, 1, "IM").achieved);
    // A man has no WGM or WIM result.
    assert_eq!(r.players[0].results.len(), 2);
}

#[test]
fn six_and_a_half_of_nine_is_no_gm_norm() {
    // 9 games, average 2420, 6.5 points → 72.2% → 72% → dp 166 →
    // TPR = 2420 + 166 = 2586 < 2600 → no GM norm (1.4.8); 2586 ≥ 2450 →
    // an IM norm.
    let e = candidate_event(
        Sex::Male,
        "CHN",
        nine_opponents(),
        "1111===10",
        EventSystem::Swiss,
    );
    let r = check(&e);
    let gm = result(&r, 1, "GM");
    assert!(!gm.achieved);
    assert_eq!(gm.performance, Some(dec!(2586)));
    assert_eq!(articles(gm), ["1.4.8"]);
    assert_eq!(
        gm.failures[0].text(Lang::En),
        "1.4.8: performance 2420 + dp(72%) 166 = 2586, at least 2600"
    );
    assert!(result(&r, 1, "IM").achieved);
}

#[test]
fn too_few_federations() {
    // Opponents CHN ×7, IND ×2: one federation other than the player's
    // (1.4.3 asks 2); 7 of 9 from CHN > ⌊9 × 3/5⌋ = 5 and > ⌊9 × 2/3⌋ = 6
    // (1.4.4). Performance as in the GM norm above (2640).
    let mut opponents = nine_opponents();
    for (i, o) in opponents.iter_mut().enumerate() {
        o.federation = Some(if i < 2 { "IND" } else { "CHN" }.into());
    }
    let e = candidate_event(Sex::Male, "CHN", opponents, "11111==10", EventSystem::Swiss);
    let r = check(&e);
    let gm = result(&r, 1, "GM");
    assert!(!gm.achieved);
    assert_eq!(articles(gm), ["1.4.3", "1.4.4", "1.4.4"]);
    assert_eq!(
        gm.failures[1].reason(Lang::En),
        "7 of 9 opponents from the player's federation CHN, at most 5"
    );
    assert_eq!(
        gm.failures[2].reason(Lang::En),
        "7 of 9 opponents from federation CHN, at most 6 from one federation"
    );
    assert_eq!(
        gm.failures[0].text(Lang::Zh),
        "1.4.3：对手来自本人协会以外的 1 个协会，至少需要 2 个"
    );
}

#[test]
fn a_fid_opponent_is_no_foreign_federation() {
    // 1.4.2a: opponents CHN ×7, IND, FID: only IND counts as foreign → 1 < 2.
    let mut opponents = nine_opponents();
    for (i, o) in opponents.iter_mut().enumerate() {
        o.federation = Some(["IND", "FID"].get(i).copied().unwrap_or("CHN").into());
    }
    let e = candidate_event(Sex::Male, "CHN", opponents, "11111==10", EventSystem::Swiss);
    let gm = result(&check(&e), 1, "GM").clone();
    assert!(
        gm.failures.iter().any(|f| matches!(
            f,
            FideNormFailure::ForeignFederations { federations: 1, .. }
        )),
        "{:?}",
        gm.failures
    );
}

#[test]
fn too_few_title_holders() {
    // Titles GM ×3, IM, CM ×2, none ×3: title-holders (CM not counted)
    // 4 < ⌈9/2⌉ = 5 (1.4.5a); GMs 3 ≥ 3 (1.4.5b). Performance 2640.
    let mut opponents = nine_opponents();
    let titles = ["GM", "GM", "GM", "IM", "CM", "CM", "", "", ""];
    for (o, t) in opponents.iter_mut().zip(titles) {
        o.title = (!t.is_empty()).then(|| t.to_string());
    }
    let e = candidate_event(Sex::Male, "CHN", opponents, "11111==10", EventSystem::Swiss);
    let r = check(&e);
    let gm = result(&r, 1, "GM");
    assert_eq!(articles(gm), ["1.4.5a"]);
    assert_eq!(
        gm.failures[0].reason(Lang::En),
        "4 of 9 opponents hold a title (CM and WCM not counted), at least 5 needed"
    );
    assert_eq!(r.players[0].title_holders, 4);
}

#[test]
fn too_few_grandmasters() {
    // GM ×2, IM ×5, FM ×2: title-holders 9; GMs 2 < max(⌈9/3⌉, 3) = 3
    // (1.4.5b) → no GM norm; IMs or GMs 7 ≥ 3 (1.4.5c) → an IM norm.
    let mut opponents = nine_opponents();
    let titles = ["GM", "GM", "IM", "IM", "IM", "IM", "IM", "FM", "FM"];
    for (o, t) in opponents.iter_mut().zip(titles) {
        o.title = Some(t.to_string());
    }
    let e = candidate_event(Sex::Male, "CHN", opponents, "11111==10", EventSystem::Swiss);
    let r = check(&e);
    let gm = result(&r, 1, "GM");
    assert_eq!(articles(gm), ["1.4.5b"]);
    assert_eq!(
        gm.failures[0].reason(Lang::En),
        "2 opponents hold GM, at least 3 needed"
    );
    assert!(result(&r, 1, "IM").achieved);
}

#[test]
fn an_unrated_opponent_is_raised_to_the_floor() {
    // The 2340 opponent unrated: 1400 (1.4.6d), the lowest, raised to the
    // floor (1.4.6b, c). GM: (2500 + … + 2360 = 19440) + 2200 = 21640 / 9
    // = 2404.4 → 2404 (1.4.7); 7 of 9 → dp 220 → 2624 ≥ 2600 → GM norm.
    // IM: 19440 + 2050 = 21490 / 9 = 2387.8 → 2388 → 2608.
    let mut opponents = nine_opponents();
    opponents[8].rating = None;
    let e = candidate_event(Sex::Male, "CHN", opponents, "11111==10", EventSystem::Swiss);
    let r = check(&e);
    let gm = result(&r, 1, "GM");
    assert!(gm.achieved, "{:?}", gm.failures);
    assert_eq!(gm.average, Some(dec!(2404)));
    assert_eq!(
        gm.raised,
        Some(Raised {
            opponent: PlayerId(10),
            from: dec!(1400),
            to: dec!(2200)
        })
    );
    assert_eq!(result(&r, 1, "IM").average, Some(dec!(2388)));
    assert_eq!(r.players[0].unrated, 1);
}

#[test]
fn only_the_lowest_opponent_is_raised() {
    // Two below the GM floor: 2150 and an unrated (1400). Only the lowest
    // is raised (1.4.6c): 2500 + … + 2380 (seven, 17080) + 2150 + 2200 =
    // 21430 / 9 = 2381.1 → 2381 ≥ 2380; 7 of 9 → 2381 + 220 = 2601.
    let mut opponents = nine_opponents();
    opponents[7].rating = Some(dec!(2150));
    opponents[8].rating = None;
    let e = candidate_event(Sex::Male, "CHN", opponents, "11111==10", EventSystem::Swiss);
    let gm = result(&check(&e), 1, "GM").clone();
    assert_eq!(gm.average, Some(dec!(2381)));
    assert_eq!(gm.raised.as_ref().map(|r| r.from), Some(dec!(1400)));
    assert_eq!(gm.performance, Some(dec!(2601)));
    assert!(gm.achieved, "{:?}", gm.failures);
}

#[test]
fn the_average_is_rounded_half_up() {
    // 10 games, ratings 2379 ×5 and 2380 ×5 = 23795 / 10 = 2379.5 → 2380
    // (1.4.7b: 0.5 upward) = the GM minimum (1.4.8a); 8 of 10 = 80% → dp
    // 240 → 2620. 10 opponents: GMs need max(⌈10/3⌉ = 4, 3) = 4,
    // title-holders ⌈10/2⌉ = 5; own ≤ ⌊10 × 3/5⌋ = 6, one ≤ ⌊20/3⌋ = 6.
    let feds = [
        "IND", "VIE", "KAZ", "USA", "IND", "VIE", "KAZ", "USA", "CHN", "CHN",
    ];
    let opponents: Vec<Player> = (0..10)
        .map(|i| {
            let rating = if i < 5 { 2379 } else { 2380 };
            fp(i + 2, Sex::Male, feds[i as usize], "GM", Some(rating))
        })
        .collect();
    let e = candidate_event(
        Sex::Male,
        "CHN",
        opponents,
        "1111111100",
        EventSystem::Swiss,
    );
    let gm = result(&check(&e), 1, "GM").clone();
    assert_eq!(gm.average, Some(dec!(2380)));
    assert_eq!(gm.performance, Some(dec!(2620)));
    assert!(gm.achieved, "{:?}", gm.failures);
}

#[test]
fn the_average_below_the_minimum() {
    // Ratings 2420 down to 2260 (sum 21060, Ra = 2340 < 2380, 1.4.8a);
    // 9 of 9 → dp 800 → 3140: no GM norm for the average alone; IM: 2340
    // ≥ 2230 → an IM norm.
    let mut opponents = nine_opponents();
    for (i, o) in opponents.iter_mut().enumerate() {
        o.rating = Some(Decimal::from(2420 - 20 * i as i64));
    }
    let e = candidate_event(Sex::Male, "CHN", opponents, "111111111", EventSystem::Swiss);
    let r = check(&e);
    let gm = result(&r, 1, "GM");
    assert_eq!(articles(gm), ["1.4.8a"]);
    assert_eq!(gm.performance, Some(dec!(3140)));
    assert!(result(&r, 1, "IM").achieved);
}

#[test]
fn the_score_must_be_35_percent() {
    // Opponents 2890 … 2730 (sum 25290, Ra 2810); 3 of 9 = 33.3% → 33%
    // (1.4.9) → dp −125 → Rp 2685 ≥ 2600, but 33% < 35% (1.4.8b): only
    // 1.4.8b fails.
    let mut opponents = nine_opponents();
    for (i, o) in opponents.iter_mut().enumerate() {
        o.rating = Some(Decimal::from(2890 - 20 * i as i64));
    }
    let e = candidate_event(Sex::Male, "CHN", opponents, "111000000", EventSystem::Swiss);
    let gm = result(&check(&e), 1, "GM").clone();
    assert_eq!(gm.average, Some(dec!(2810)));
    assert_eq!((gm.percent, gm.performance), (Some(33), Some(dec!(2685))));
    assert_eq!(articles(&gm), ["1.4.8b"]);
}

#[test]
fn forfeits_do_not_count() {
    // A loss by forfeit in round 9: 8 games (1.4.2c) < 9 (1.4.1a).
    let e = candidate_event(
        Sex::Male,
        "CHN",
        nine_opponents(),
        "11111==1-",
        EventSystem::Swiss,
    );
    let r = check(&e);
    let gm = result(&r, 1, "GM");
    assert_eq!(r.players[0].games, 8);
    assert_eq!(r.players[0].excluded[0].article, "1.4.2c");
    assert!(articles(gm).contains(&"1.4.1a"));
    assert_eq!(
        gm.failures[0].text(Lang::Zh),
        "1.4.1a：计入 8 局，至少需要 9 局"
    );
}

#[test]
fn eight_games_and_a_forfeit_win_in_nine_rounds() {
    // 1.4.1c: a win by forfeit in round 9 of a nine-round event: 8 games
    // played count as a 9-game norm. The 8 games: opponents 2500 … 2360
    // (sum 19440, Ra 2430), 6.5 of 8 = 81.25% → 81% → dp 251 → 2681;
    // own CHN 2 ≤ ⌊8 × 3/5⌋ = 4; title-holders 8 ≥ 4; GMs 4 ≥ 3.
    let e = candidate_event(
        Sex::Male,
        "CHN",
        nine_opponents(),
        "11111=10+",
        EventSystem::Swiss,
    );
    let gm = result(&check(&e), 1, "GM").clone();
    assert!(gm.achieved, "{:?}", gm.failures);
    assert_eq!(
        (gm.average, gm.performance),
        (Some(dec!(2430)), Some(dec!(2681)))
    );
    assert_eq!(gm.counts_as_games, 9);
}

/// The eight games of [`eight_games_and_a_forfeit_win_in_nine_rounds`]
/// and, in round 9, a bye of `kind` for the candidate.
fn eight_games_and_a_bye(kind: ByeKind) -> Event {
    let mut opponents = nine_opponents();
    opponents.pop();
    let e = candidate_event(Sex::Male, "CHN", opponents, "11111=10", EventSystem::Swiss);
    let mut pairings = e.pairings().to_vec();
    pairings.push(bye(9, 1, kind));
    event(
        GameKind::Chess,
        EventSystem::Swiss,
        e.players().to_vec(),
        pairings,
    )
}

#[test]
fn eight_games_after_a_pairing_allocated_bye() {
    // 1.4.1c with the full-point bye of round 9 instead of a forfeit win.
    let e = eight_games_and_a_bye(ByeKind::PairingAllocated);
    let gm = result(&check(&e), 1, "GM").clone();
    assert!(gm.achieved, "{:?}", gm.failures);
    assert_eq!(gm.counts_as_games, 9);
}

#[test]
fn a_requested_full_point_bye_is_not_a_pairing_allocated_one() {
    // 1.4.1c names a pairing-allocated bye: the same eight games with a
    // requested full-point bye in round 9 (请假（记胜）, TRF `F`) are 8
    // games, fewer than 1.4.1a's 9.
    let e = eight_games_and_a_bye(ByeKind::FullPoint);
    let gm = result(&check(&e), 1, "GM").clone();
    assert!(!gm.achieved);
    assert_eq!(articles(&gm), ["1.4.1a"]);
}

#[test]
fn women_have_the_womens_titles_too() {
    // A woman, opponents averaging 2220 (2300 … 2140, sum 19980), 6 of 9
    // = 66.7% → 67% → dp 125 → 2345. WGM: Ra 2220 ≥ 2180, 2345 < 2400 →
    // no (1.4.8). WIM: 2345 ≥ 2250, Ra ≥ 2030; titled: GM/IM/WGM/WIM 7 ≥
    // 3 → a WIM norm. IM: Ra 2220 < 2230 (1.4.8a), 2345 < 2450 (1.4.8).
    let mut opponents = nine_opponents();
    for (i, o) in opponents.iter_mut().enumerate() {
        o.rating = Some(Decimal::from(2300 - 20 * i as i64));
    }
    let e = candidate_event(
        Sex::Female,
        "CHN",
        opponents,
        "1111====0",
        EventSystem::Swiss,
    );
    let r = check(&e);
    let titles: Vec<&str> = r.players[0]
        .results
        .iter()
        .map(|x| x.title.as_str())
        .collect();
    assert_eq!(titles, ["GM", "IM", "WGM", "WIM"]);
    assert_eq!(result(&r, 1, "WGM").performance, Some(dec!(2345)));
    assert_eq!(articles(result(&r, 1, "WGM")), ["1.4.8"]);
    assert!(result(&r, 1, "WIM").achieved);
    assert_eq!(articles(result(&r, 1, "IM")), ["1.4.8a", "1.4.8"]);
}

#[test]
fn unrated_zero_scorer_of_a_round_robin_is_left_out() {
    // 1.4.2b: a round robin; opponent 10 is unrated and loses to every
    // rated player he meets (here only the candidate, who is rated): the
    // game is left out, 8 games remain (1.4.1a). In a Swiss the game
    // counts (the rule is for round robins).
    let mut opponents = nine_opponents();
    opponents[8].rating = None;
    let e = candidate_event(
        Sex::Male,
        "CHN",
        opponents.clone(),
        "11111==11",
        EventSystem::RoundRobin,
    );
    let r = check(&e);
    assert_eq!(r.players[0].games, 8);
    assert_eq!(r.players[0].excluded[0].article, "1.4.2b");
    assert!(articles(result(&r, 1, "GM")).contains(&"1.4.1a"));
    let e = candidate_event(Sex::Male, "CHN", opponents, "11111==11", EventSystem::Swiss);
    assert_eq!(check(&e).players[0].games, 9);
}

#[test]
fn a_double_round_robin_of_five_players() {
    // 1.4.5: at least six players; five play 8 games each (1.4.1a).
    let opponents: Vec<Player> = nine_opponents().into_iter().take(4).collect();
    let mut players = vec![fp(1, Sex::Male, "CHN", "", Some(2450))];
    players.extend(opponents);
    let mut games = Vec::new();
    for (i, o) in (2..=5).enumerate() {
        games.push(game(i as u32 + 1, 1, o, "1-0"));
        games.push(game(i as u32 + 5, o, 1, "0-1"));
    }
    let e = event(
        GameKind::Chess,
        EventSystem::DoubleRoundRobin,
        players,
        games,
    );
    let gm = result(&check(&e), 1, "GM").clone();
    let a = articles(&gm);
    assert_eq!(a[0], "1.4.5");
    assert!(a.contains(&"1.4.1a"));
    assert_eq!(
        gm.failures[0].reason(Lang::En),
        "a double round robin of 5 players, at least 6 needed"
    );
}

#[test]
fn three_rounds_on_one_day() {
    // 1.1.3: no more than two rounds a day: rounds 1–3 on one day fail every
    // norm; without dates the condition is not checked.
    let e = candidate_event(
        Sex::Male,
        "CHN",
        nine_opponents(),
        "11111==10",
        EventSystem::Swiss,
    );
    assert_eq!(
        check(&e).checks[0].status,
        qiyuan_rating::conditions::CheckStatus::Unknown
    );
    let day = |d| chrono::NaiveDate::from_ymd_opt(2026, 5, d).unwrap();
    let details = EventDetails {
        round_dates: (1..=9)
            .map(|r| (r, day(if r <= 3 { 1 } else { r })))
            .collect(),
        ..Default::default()
    };
    let e = e.with_details(details).unwrap();
    let r = check(&e);
    let gm = result(&r, 1, "GM");
    assert_eq!(articles(gm), ["1.1.3"]);
    assert_eq!(
        gm.failures[0].text(Lang::En),
        "1.1.3: 3 rounds on 2026-05-01, at most 2"
    );
}

#[test]
fn a_national_championship_exempts_the_host_federations_players() {
    // 1.4.3a: opponents CHN ×7, IND ×2 fail 1.4.3 and 1.4.4 (see
    // too_few_federations); declared the final of the CHN championship with
    // host CHN, the CHN player is exempt and has a GM norm; a player of
    // another federation is not exempt (host_only).
    let mut opponents = nine_opponents();
    for (i, o) in opponents.iter_mut().enumerate() {
        o.federation = Some(if i < 2 { "IND" } else { "CHN" }.into());
    }
    let e = candidate_event(
        Sex::Male,
        "CHN",
        opponents.clone(),
        "11111==10",
        EventSystem::Swiss,
    );
    let facts = FideEventFacts {
        kind: FideEventKind::NationalChampionship,
        host_federation: Some("chn".into()),
    };
    let r = check_fide_norms(&e, &FideNormRules::builtin(), &facts);
    let gm = result(&r, 1, "GM");
    assert!(gm.achieved, "{:?}", gm.failures);
    assert_eq!(gm.exemption.as_deref(), Some("1.4.3a"));
    let e = candidate_event(Sex::Male, "USA", opponents, "11111==10", EventSystem::Swiss);
    let r = check_fide_norms(&e, &FideNormRules::builtin(), &facts);
    assert!(!result(&r, 1, "GM").achieved);
    assert_eq!(result(&r, 1, "GM").exemption, None);
}

/// A 30-player Swiss of 9 rounds (circle method), every player a GM rated
/// 2450 but the candidate (player 1, CHN, 2400); the candidate wins the
/// first seven rounds and draws the last two, all other games are drawn.
/// The candidate's opponents are CHN but for the last two (IND); every
/// other player is of `others`.
fn big_swiss(others: &[&str]) -> Event {
    let n = 30u32;
    let mut games = Vec::new();
    let mut opponents_of_1 = Vec::new();
    for r in 0..9u32 {
        // Circle method: 30 fixed, the others rotate.
        let seat = |i: u32| if i == n - 1 { n } else { (i + r) % (n - 1) + 1 };
        for k in 0..n / 2 {
            let (a, b) = (seat(k), seat(n - 1 - k));
            let (w, bl) = if a == 1 || b == 1 {
                let other = if a == 1 { b } else { a };
                opponents_of_1.push(other);
                (1, other)
            } else {
                (a, b)
            };
            let res = if w == 1 {
                if r < 7 { "1-0" } else { "=" }
            } else {
                "="
            };
            games.push(game(r + 1, w, bl, res));
        }
    }
    let players = (1..=n)
        .map(|i| {
            if i == 1 {
                return fp(1, Sex::Male, "CHN", "", Some(2400));
            }
            let fed = match opponents_of_1.iter().position(|&o| o == i) {
                Some(k) if k < 7 => "CHN",
                Some(_) => "IND",
                None => others[i as usize % others.len()],
            };
            fp(i, Sex::Male, fed, "GM", Some(2450))
        })
        .collect();
    event(GameKind::Chess, EventSystem::Swiss, players, games)
}

#[test]
fn a_large_swiss_is_exempt_from_the_federation_mix() {
    // The candidate: 9 GMs rated 2450 (Ra 2450), 8 of 9 = 88.9% → 89% →
    // dp 351 → 2801; but CHN ×7: 1 foreign federation (1.4.3), 7 > 5 and
    // 7 > 6 (1.4.4). 1.4.3d with host CHN: players not of CHN, rated,
    // missing no round: the two IND opponents and the 20 others = 22 ≥ 20,
    // federations IND, VIE, KAZ = 3 ≥ 3, all GMs: 22 ≥ 10 → exempt.
    let e = big_swiss(&["VIE", "KAZ"]);
    let facts = FideEventFacts {
        kind: FideEventKind::Ordinary,
        host_federation: Some("CHN".into()),
    };
    let r = check_fide_norms(&e, &FideNormRules::builtin(), &facts);
    assert_eq!(
        r.swiss_exemption,
        Some(SwissExemption {
            players: 22,
            federations: 3,
            titled: 22,
            met: true
        })
    );
    let gm = result(&r, 1, "GM");
    assert!(gm.achieved, "{:?}", gm.failures);
    assert_eq!(gm.exemption.as_deref(), Some("1.4.3d"));
    assert_eq!(gm.performance, Some(dec!(2801)));
    // Without the host federation the exemption cannot be counted.
    let r = check(&e);
    assert_eq!(r.swiss_exemption, None);
    assert_eq!(articles(result(&r, 1, "GM")), ["1.4.3", "1.4.4", "1.4.4"]);
    // Others all of VIE: federations IND, VIE = 2 < 3 → not exempt.
    let e = big_swiss(&["VIE"]);
    let r = check_fide_norms(&e, &FideNormRules::builtin(), &facts);
    assert!(!r.swiss_exemption.as_ref().unwrap().met);
    assert!(!result(&r, 1, "GM").achieved);
}

#[test]
fn missing_federations_are_a_failure_not_a_guess() {
    let mut opponents = nine_opponents();
    opponents[0].federation = None;
    let e = candidate_event(Sex::Male, "CHN", opponents, "11111==10", EventSystem::Swiss);
    let gm = result(&check(&e), 1, "GM").clone();
    assert_eq!(articles(&gm), ["1.4.3, 1.4.4"]);
    assert_eq!(
        gm.failures[0].reason(Lang::En),
        "the federation mix cannot be checked: opponents without a federation: 1"
    );
}

#[test]
fn a_rating_officer_may_change_the_figures() {
    // The rules are data: ten games needed instead of nine (1.4.1a).
    let text = FideNormRules::builtin_toml().replace("minimum = 9\n", "minimum = 10\n");
    let rules = FideNormRules::from_toml_str(&text).unwrap();
    let e = candidate_event(
        Sex::Male,
        "CHN",
        nine_opponents(),
        "11111==10",
        EventSystem::Swiss,
    );
    let r = check_fide_norms(&e, &rules, &FideEventFacts::default());
    assert_eq!(articles(result(&r, 1, "GM")), ["1.4.1a"]);
    assert!(FideNormRules::from_toml_str("name = 1").is_err());
}
