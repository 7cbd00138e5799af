//! Norm checks: every row of both norm tables (read from the published CSV
//! files, checked by their SHA-256, not from the crate's lookups), and
//! hand-worked title events.

mod published;

use qiyuan_rating::model::*;
use qiyuan_rating::norms::*;
use qiyuan_rating::profile::Profile;
use qiyuan_rating::table::NormTitle;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

const TITLES: [NormTitle; 4] = [
    NormTitle::WomanMaster,
    NormTitle::WomanGrandmaster,
    NormTitle::Master,
    NormTitle::Grandmaster,
];

/// (band_low, band_high, [pct; 4], extrapolated) from a spec table.
fn spec_rows(file: &str) -> Vec<(u32, u32, [Option<u32>; 4], bool)> {
    let text = published::table_text(file);
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |n: &str| header.iter().position(|h| *h == n).unwrap();
    let pcols = [
        "woman_master_pct",
        "woman_grandmaster_pct",
        "master_pct",
        "grandmaster_pct",
    ]
    .map(col);
    lines
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            let pct = pcols.map(|c| {
                f.get(c)
                    .filter(|s| !s.is_empty())
                    .map(|s| s.parse().unwrap())
            });
            (
                f[col("band_low")].parse().unwrap(),
                f[col("band_high")].parse().unwrap(),
                pct,
                l.ends_with(",extrapolated"),
            )
        })
        .collect()
}

/// A single round robin of `n` players, all rated `rating`, player 1 (a
/// man) winning every game, player 2 a woman who wins every other game;
/// the others draw. Units: four units in turn. Every player holds the
/// grandmaster title, so that the field qualifies for every title's event
/// (cca-chess 六(四): three grandmasters; cxa-legacy 六(四): every player a
/// master).
fn round_robin(kind: GameKind, n: u32, rating: Decimal) -> Event {
    let players = (1..=n)
        .map(|i| {
            let sex = if i == 2 { Sex::Female } else { Sex::Male };
            let mut p = Player::new(PlayerId(i), format!("P{i}"), sex, Some(rating));
            p.title = Some(
                match kind {
                    GameKind::Chess => "特级大师",
                    GameKind::Xiangqi => "GM",
                }
                .to_string(),
            );
            p.unit = Some(format!("U{}", i % 4));
            p.rated_games = 100;
            p
        })
        .collect();
    let mut games = Vec::new();
    let mut round = 0;
    for a in 1..=n {
        for b in a + 1..=n {
            round += 1;
            let o = if a == 1 || a == 2 {
                GameResult::WhiteWins
            } else {
                GameResult::Draw
            };
            games.push(Pairing::Game {
                round,
                white: PlayerId(a),
                black: PlayerId(b),
                result: o,
            });
        }
    }
    Event::new(
        "t",
        kind,
        EventSystem::RoundRobin,
        None,
        None,
        players,
        games,
    )
    .unwrap()
}

fn result(p: &PlayerNorms, t: NormTitle) -> &NormResult {
    p.results.iter().find(|r| r.title == t).unwrap()
}

fn every_row(kind: GameKind, profile: &str, file: &str) {
    let profile = Profile::builtin(profile).unwrap();
    let rows = spec_rows(file);
    assert!(rows.len() >= 29);
    for (lo, hi, pct, extrapolated) in rows {
        for avg in [lo, hi] {
            let ev = round_robin(kind, 12, Decimal::from(avg));
            let rep = check_norms(&ev, &profile).unwrap();
            assert!(rep.qualifies, "{:?}", rep.reasons);
            let man = &rep.players[0];
            let woman = &rep.players[1];
            assert_eq!(man.band, Some((lo, hi)));
            for (i, t) in TITLES.iter().enumerate() {
                assert_eq!(result(woman, *t).required_pct, pct[i], "{avg} {t:?}");
                if i >= 2 {
                    assert_eq!(result(man, *t).required_pct, pct[i], "{avg} {t:?}");
                    // The man won all 11 games: 100% meets any percentage — except in
                    // the rows the spec extrapolated beyond the seed's table (the seed
                    // gives no norm there).
                    assert_eq!(
                        result(man, *t).achieved,
                        pct[i].is_some() && !extrapolated,
                        "{avg} {t:?}"
                    );
                }
                if pct[i].is_none() {
                    assert!(
                        result(woman, *t)
                            .reason
                            .as_ref()
                            .unwrap()
                            .to_string()
                            .contains("gives no")
                    );
                }
            }
        }
    }
}

#[test]
fn every_row_of_the_xiangqi_norm_table() {
    every_row(GameKind::Xiangqi, "cxa-legacy", "norms-xiangqi.csv");
}

#[test]
fn every_row_of_the_chess_norm_table() {
    every_row(GameKind::Chess, "cca-chess", "norms-chess.csv");
}

#[test]
fn required_points_rounding_of_the_seed() {
    // cxa-legacy 六(三): fractional part ≥ 0.1 and < 0.6 → .5; ≥ 0.6 → 1; < 0.1 dropped.
    // 9 × 50% = 4.5 → 4.5; 9 × 57% = 5.13 → 5.5; 9 × 64% = 5.76 → 6;
    // 10 × 30% = 3.0 → 3; 13 × 47% = 6.11 → 6.5; 11 × 73% = 8.03 → 8.
    for (g, p, want) in [
        (9, 50, dec!(4.5)),
        (9, 57, dec!(5.5)),
        (9, 64, dec!(6)),
        (10, 30, dec!(3)),
        (13, 47, dec!(6.5)),
        (11, 73, dec!(8)),
    ] {
        assert_eq!(
            required_points(PointsRule::XiangqiHalves, g, p),
            want,
            "{g} × {p}%"
        );
    }
    assert_eq!(required_points(PointsRule::Exact, 9, 60), dec!(5.4));
}

/// A xiangqi round robin of 12 with given ratings, units and the scores of
/// player 1 (wins, draws against players 2.., losses after). Every player is
/// a master (NM): cxa-legacy 六(四) admits masters to a GM title event.
fn xiangqi_event(ratings: &[Option<Decimal>], units: &[&str], wins: u32, draws: u32) -> Event {
    let n = ratings.len() as u32;
    let players = (1..=n)
        .map(|i| {
            let mut p = Player::new(
                PlayerId(i),
                format!("P{i}"),
                Sex::Male,
                ratings[i as usize - 1],
            );
            p.unit = Some(units[i as usize - 1].to_string());
            p.rated_games = 100;
            p.title = Some("NM".into());
            p
        })
        .collect();
    let mut games = Vec::new();
    let mut round = 0;
    for a in 1..=n {
        for b in a + 1..=n {
            round += 1;
            let o = if a == 1 {
                let k = b - 1;
                if k <= wins {
                    GameResult::WhiteWins
                } else if k <= wins + draws {
                    GameResult::Draw
                } else {
                    GameResult::BlackWins
                }
            } else {
                GameResult::Draw
            };
            games.push(Pairing::Game {
                round,
                white: PlayerId(a),
                black: PlayerId(b),
                result: o,
            });
        }
    }
    Event::new(
        "称号赛",
        GameKind::Xiangqi,
        EventSystem::RoundRobin,
        None,
        None,
        players,
        games,
    )
    .unwrap()
}

const UNITS: [&str; 12] = [
    "北京", "上海", "广东", "四川", "北京", "上海", "广东", "四川", "北京", "上海", "广东", "四川",
];

#[test]
fn hand_worked_xiangqi_title_event() {
    // Eleven players 2400 and one 2406: average 28806 / 12 = 2400.5 → 2401
    // (四舍五入) → band 2401–2425: GM 76%, master 57%.
    // 11 games: GM needs 11 × 0.76 = 8.36 → 8.5; master 11 × 0.57 = 6.27 → 6.5.
    let profile = Profile::builtin("cxa-legacy").unwrap();
    let mut ratings = vec![Some(dec!(2400)); 12];
    ratings[11] = Some(dec!(2406));
    // Player 1: 8 wins, 1 draw = 8.5 → GM norm.
    let rep = check_norms(&xiangqi_event(&ratings, &UNITS, 8, 1), &profile).unwrap();
    assert_eq!(rep.event_average, Some(dec!(2400.5)));
    let p = &rep.players[0];
    assert_eq!(p.band, Some((2401, 2425)));
    assert_eq!(p.category, Some(7));
    assert_eq!(
        result(p, NormTitle::Grandmaster).required_points,
        Some(dec!(8.5))
    );
    assert_eq!(
        result(p, NormTitle::Master).required_points,
        Some(dec!(6.5))
    );
    assert!(result(p, NormTitle::Grandmaster).achieved);
    // 8 wins, no draw = 8 < 8.5: master norm only.
    let rep = check_norms(&xiangqi_event(&ratings, &UNITS, 8, 0), &profile).unwrap();
    let p = &rep.players[0];
    assert!(!result(p, NormTitle::Grandmaster).achieved);
    assert_eq!(
        result(p, NormTitle::Grandmaster).reason,
        Some(NormReason::Scored {
            score: dec!(8),
            need: dec!(8.5)
        })
    );
    assert!(result(p, NormTitle::Master).achieved);
}

#[test]
fn xiangqi_events_that_do_not_qualify() {
    // cxa-legacy 六(一): at least 12 players, at most ⅓ from one unit, at
    // most 20% unrated.
    let profile = Profile::builtin("cxa-legacy").unwrap();
    let r12 = vec![Some(dec!(2400)); 12];
    // 11 players.
    let rep = check_norms(&xiangqi_event(&r12[..11], &UNITS[..11], 11, 0), &profile).unwrap();
    assert!(!rep.qualifies);
    assert!(
        rep.reasons[0]
            .to_string()
            .starts_with("11 players, fewer than 12"),
        "{:?}",
        rep.reasons
    );
    assert!(!result(&rep.players[0], NormTitle::Grandmaster).achieved);
    // 5 of 12 from 北京 (> 12/3 = 4).
    let mut units = UNITS;
    units[1] = "北京";
    units[2] = "北京";
    let rep = check_norms(&xiangqi_event(&r12, &units, 11, 0), &profile).unwrap();
    assert!(
        rep.reasons.iter().any(|r| r
            .to_string()
            .starts_with("5 of 12 players from 北京, more than 1/3")),
        "{:?}",
        rep.reasons
    );
    // 3 of 12 unrated (25% > 20%); 2 of 12 (16.7%) is fine.
    let mut r = r12.clone();
    r[9] = None;
    r[10] = None;
    assert!(
        check_norms(&xiangqi_event(&r, &UNITS, 11, 0), &profile)
            .unwrap()
            .qualifies
    );
    r[11] = None;
    let rep = check_norms(&xiangqi_event(&r, &UNITS, 11, 0), &profile).unwrap();
    assert!(
        rep.reasons.iter().any(|x| x
            .to_string()
            .starts_with("3 of 12 players unrated, more than 20%")),
        "{:?}",
        rep.reasons
    );
}

#[test]
fn hand_worked_chess_norm_with_own_rating() {
    // cca-chess 八(十三): the candidate's own rating is in the average:
    // (9 × 2500 + 2400) / 10 = 2490 → band 2476–2500: master 60%, no GM.
    // 9 games × 60% = 5.4: 5.5 achieves, 5 does not. 六(一): 9 rounds, no unrated
    // player; 六(四): the nine opponents hold the men's master title, more than half
    // the field.
    let profile = Profile::builtin("cca-chess").unwrap();
    let mk = |score_half_points: u32| {
        let mut players = vec![Player::new(PlayerId(1), "C", Sex::Male, Some(dec!(2400)))];
        let mut games = Vec::new();
        for i in 2..=10 {
            let mut o = Player::new(PlayerId(i), format!("O{i}"), Sex::Male, Some(dec!(2500)));
            o.title = Some("大师".into());
            players.push(o);
            let k = (i - 1) * 2; // half points reached after this game if it is won
            let o = if k <= score_half_points {
                GameResult::WhiteWins
            } else if k - 1 == score_half_points {
                GameResult::Draw
            } else {
                GameResult::BlackWins
            };
            games.push(Pairing::Game {
                round: i - 1,
                white: PlayerId(1),
                black: PlayerId(i),
                result: o,
            });
        }
        Event::new(
            "n",
            GameKind::Chess,
            EventSystem::Swiss,
            None,
            None,
            players,
            games,
        )
        .unwrap()
    };
    let rep = check_norms(&mk(11), &profile).unwrap();
    let p = &rep.players[0];
    assert_eq!(p.score, dec!(5.5));
    assert_eq!(p.average, Some(dec!(2490)));
    assert_eq!(
        result(p, NormTitle::Master).required_points,
        Some(dec!(5.4))
    );
    assert!(result(p, NormTitle::Master).achieved);
    assert_eq!(result(p, NormTitle::Grandmaster).required_pct, None);
    let rep = check_norms(&mk(10), &profile).unwrap();
    assert_eq!(rep.players[0].score, dec!(5));
    assert!(!result(&rep.players[0], NormTitle::Master).achieved);
}

#[test]
fn title_applications() {
    use chrono::NaiveDate;
    let d = |y, m| NaiveDate::from_ymd_opt(y, m, 1).unwrap();
    let norm = |t, e: &str, date, games| NormRecord {
        title: t,
        event: e.into(),
        date,
        games,
    };
    // cca-chess 九: the men's master title — 2400, 2 events, 24 games, two norms.
    let req = TitleRequirements::for_title(GameKind::Chess, NormTitle::Master);
    let norms = [
        norm(NormTitle::Master, "A", d(2024, 3), 11),
        norm(NormTitle::Master, "B", d(2025, 5), 13),
    ];
    assert!(title_application(&req, Sex::Male, Some(dec!(2400)), &norms, d(2025, 6)).granted);
    // 2399 is below 2400.
    let no = title_application(&req, Sex::Male, Some(dec!(2399)), &norms, d(2025, 6));
    assert!(!no.granted && no.reasons[0].contains("below 2400"));
    // 九 "男子等级分在2400分以上，女子在2200分以上": 2200 is the women's master title's
    // figure; a woman applying for the men's title needs 2400 too.
    let no = title_application(&req, Sex::Female, Some(dec!(2200)), &norms, d(2025, 6));
    assert!(!no.granted && no.reasons[0].contains("below 2400"));
    let wm = TitleRequirements::for_title(GameKind::Chess, NormTitle::WomanMaster);
    let wnorms = norms.clone().map(|mut n| {
        n.title = NormTitle::WomanMaster;
        n
    });
    assert!(title_application(&wm, Sex::Female, Some(dec!(2200)), &wnorms, d(2025, 6)).granted);
    // 11 + 12 = 23 games < 24.
    let short = [
        norm(NormTitle::Master, "A", d(2024, 3), 11),
        norm(NormTitle::Master, "B", d(2025, 5), 12),
    ];
    let no = title_application(&req, Sex::Male, Some(dec!(2450)), &short, d(2025, 6));
    assert_eq!(no.reasons, ["23 games, 24 needed (cca-chess 九)"]);
    // Two norms of one event count once.
    let same = [
        norm(NormTitle::Master, "A", d(2024, 3), 13),
        norm(NormTitle::Master, "A", d(2024, 3), 13),
    ];
    assert!(!title_application(&req, Sex::Male, Some(dec!(2450)), &same, d(2025, 6)).granted);
    // Four years: a norm of March 2021 is too old in June 2025.
    let old = [
        norm(NormTitle::Master, "A", d(2021, 3), 13),
        norm(NormTitle::Master, "B", d(2025, 5), 13),
    ];
    assert!(!title_application(&req, Sex::Male, Some(dec!(2450)), &old, d(2025, 6)).granted);
    // cxa-legacy 十: 18 games suffice for xiangqi, no rating threshold.
    let req = TitleRequirements::for_title(GameKind::Xiangqi, NormTitle::Grandmaster);
    let gm = [
        norm(NormTitle::Grandmaster, "A", d(2024, 3), 9),
        norm(NormTitle::Grandmaster, "B", d(2025, 5), 9),
    ];
    assert!(title_application(&req, Sex::Male, None, &gm, d(2025, 6)).granted);
}

#[test]
fn a_user_profile_sets_the_norm_conditions() {
    // The norm rules come from the profile's `[norms]`, not from its name or
    // game. A provincial copy of cxa-legacy under another name …
    let copy = |changes: &[(&str, &str)]| {
        let mut text = Profile::builtin_toml("cxa-legacy")
            .unwrap()
            .replace("name = \"cxa-legacy\"", "name = \"某省象棋\"");
        for (from, to) in changes {
            assert!(text.contains(from), "{from}");
            text = text.replace(from, to);
        }
        Profile::from_toml_str(&text).unwrap()
    };
    let r11 = vec![Some(dec!(2400)); 11];
    let ev11 = xiangqi_event(&r11, &UNITS[..11], 10, 0);
    // … keeps 六(一): 11 players are fewer than 12.
    let same = copy(&[]);
    let rep = check_norms(&ev11, &same).unwrap();
    assert!(!rep.qualifies);
    assert!(
        rep.reasons[0]
            .to_string()
            .starts_with("11 players, fewer than 12")
    );
    // With `min_players = 10` the same event qualifies.
    let ten = copy(&[("min_players = 12", "min_players = 10")]);
    assert!(check_norms(&ev11, &ten).unwrap().qualifies);
    // `points = "exact"`: eleven 2400 and one 2406 → average 2400.5 → 2401,
    // band 2401–2425, master 57%: 11 × 0.57 = 6.27 exactly, where 六(三)
    // rounds it to 6.5.
    let mut r12 = vec![Some(dec!(2400)); 12];
    r12[11] = Some(dec!(2406));
    let ev12 = xiangqi_event(&r12, &UNITS, 8, 0);
    let need = |p: &Profile| {
        let rep = check_norms(&ev12, p).unwrap();
        result(&rep.players[0], NormTitle::Master).required_points
    };
    assert_eq!(need(&same), Some(dec!(6.5)));
    let exact = copy(&[("points = \"xiangqi-halves\"", "points = \"exact\"")]);
    assert_eq!(need(&exact), Some(dec!(6.27)));
    // A share above 1 is refused naming the field.
    let text = Profile::builtin_toml("cxa-legacy")
        .unwrap()
        .replace("max_unrated_share = 0.2", "max_unrated_share = 20");
    let err = Profile::from_toml_str(&text).unwrap_err().to_string();
    assert!(err.contains("norms.max_unrated_share"), "{err}");
}
