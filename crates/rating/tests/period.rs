//! Hand-worked rating periods. Every figure is derived in the comments from
//! the regulations (regulations.md §2–§4) and the tables of `tables/`.

use chrono::NaiveDate;
use qiyuan_rating::model::*;
use qiyuan_rating::period::*;
use qiyuan_rating::profile::Profile;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).unwrap()
}

fn rated(id: u32, sex: Sex, rating: Decimal, games: u32, last: NaiveDate) -> ListRow {
    let mut r = ListRow::rated(PlayerId(id), format!("P{id}"), sex, rating);
    r.rated_games = games;
    r.rated_events = 5;
    r.last_active = Some(last);
    r
}

fn game(round: u32, white: u32, black: u32, o: GameResult) -> Pairing {
    Pairing::Game {
        round,
        white: PlayerId(white),
        black: PlayerId(black),
        result: o,
    }
}

/// An event whose players are the ids in `games` (data comes from the list).
fn event(
    name: &str,
    game_kind: GameKind,
    system: EventSystem,
    end: NaiveDate,
    games: Vec<Pairing>,
) -> Event {
    let mut ids: Vec<u32> = Vec::new();
    for g in &games {
        if let Pairing::Game { white, black, .. } = g {
            ids.extend([white.0, black.0]);
        }
    }
    ids.sort_unstable();
    ids.dedup();
    let players = ids
        .iter()
        .map(|&i| Player::new(PlayerId(i), format!("P{i}"), Sex::Male, None))
        .collect();
    Event::new(
        name,
        game_kind,
        system,
        Some(end),
        Some(end),
        players,
        games,
    )
    .unwrap()
}

fn row(r: &PeriodReport, id: u32) -> &PeriodRow {
    r.rows.iter().find(|x| x.row.id == PlayerId(id)).unwrap()
}

use GameResult::{BlackWins, Draw, WhiteWins};

#[test]
fn calendars_of_the_profiles() {
    let p = |n| Profile::builtin(n).unwrap();
    // cxa-2019 第四条: 1 Oct – 31 Dec of the previous year → 1 Jan list.
    let c = period_for(&p("cxa-2019"), d(2026, 1, 1)).unwrap();
    assert_eq!((c.start, c.end), (d(2025, 10, 1), d(2025, 12, 31)));
    let c = period_for(&p("cxa-2019"), d(2025, 10, 1)).unwrap();
    assert_eq!((c.start, c.end), (d(2025, 6, 1), d(2025, 9, 30)));
    // cxa-legacy 一: 1 Dec – 31 May (list 1 Jul), 1 Jun – 30 Nov (list 1 Jan).
    let c = period_for(&p("cxa-legacy"), d(2025, 7, 1)).unwrap();
    assert_eq!((c.start, c.end), (d(2024, 12, 1), d(2025, 5, 31)));
    let c = period_for(&p("cxa-legacy"), d(2026, 1, 1)).unwrap();
    assert_eq!((c.start, c.end), (d(2025, 6, 1), d(2025, 11, 30)));
    assert_eq!(
        period_of_date(&p("cxa-legacy"), d(2025, 12, 15))
            .unwrap()
            .published,
        d(2026, 7, 1)
    );
    // cca-chess: 1 Jan and 1 Jul lists.
    let c = period_for(&p("cca-chess"), d(2025, 7, 1)).unwrap();
    assert_eq!((c.start, c.end), (d(2025, 1, 1), d(2025, 6, 30)));
    // cca-amateur: every even month; fide-2024: monthly, February of a leap year whole.
    assert!(period_for(&p("cca-amateur"), d(2025, 4, 1)).is_ok());
    assert!(period_for(&p("cca-amateur"), d(2025, 3, 1)).is_err());
    let f = period_for(&p("fide-2024"), d(2024, 3, 1)).unwrap();
    assert_eq!((f.start, f.end), (d(2024, 2, 1), d(2024, 2, 29)));
    assert_eq!(period_of_date(&p("fide-2024"), d(2024, 2, 29)).unwrap(), f);
    // Not a publication day: a clear error naming the days.
    let e = period_for(&p("cxa-2019"), d(2025, 5, 1)).unwrap_err();
    assert!(e.to_string().contains("01-01, 06-01, 10-01"), "{e}");
}

#[test]
fn dates_outside_every_period() {
    // A profile whose calendar has a gap (only the first half-year).
    let text = Profile::builtin_toml("cca-chess").unwrap().replace(
        "    { start = \"07-01\", end = \"12-31\", published = \"01-01\" },\n",
        "",
    );
    let profile = Profile::from_toml_str(&text).unwrap();
    let e = period_of_date(&profile, d(2025, 8, 1)).unwrap_err();
    assert!(matches!(e, CalendarError::OutsideEveryPeriod { .. }), "{e}");
    let list = RatingList::new(vec![
        rated(1, Sex::Male, dec!(2200), 40, d(2025, 1, 1)),
        rated(2, Sex::Male, dec!(2200), 40, d(2025, 1, 1)),
    ])
    .unwrap();
    let ev = event(
        "秋季赛",
        GameKind::Chess,
        EventSystem::Swiss,
        d(2025, 8, 1),
        vec![game(1, 1, 2, Draw)],
    );
    let err = compute_period(&profile, &list, &[PeriodEvent::new(ev)], d(2025, 7, 1)).unwrap_err();
    assert!(
        err.to_string()
            .contains("2025-08-01 lies in no rating period"),
        "{err}"
    );
}

#[test]
fn cca_chess_k_changes_between_events() {
    // cca-chess 八(一): K 25 for the first 30 games, then 15; 10 once 2400
    // is reached; "the next event uses the new K". Player 1: Ro 2360, 26
    // games. Every opponent is rated 2360: D = 0, Pc = 0.50 (table 0–3).
    let profile = Profile::builtin("cca-chess").unwrap();
    let mut rows = vec![rated(1, Sex::Male, dec!(2360), 26, d(2024, 11, 1))];
    for i in 2..=11 {
        rows.push(rated(i, Sex::Male, dec!(2360), 60, d(2024, 11, 1)));
    }
    let list = RatingList::new(rows).unwrap();
    // Event 1 (March), 4 games, W = 2.5 (2 wins, 1 draw, 1 loss):
    //   We = 4 × 0.50 = 2; K = 25 (26 < 30); ΔR = 25 × 0.5 = 12.5.
    //   Now 30 games, 2372.5.
    let e1 = event(
        "一",
        GameKind::Chess,
        EventSystem::Swiss,
        d(2025, 3, 10),
        vec![
            game(1, 1, 2, WhiteWins),
            game(2, 3, 1, BlackWins),
            game(3, 1, 4, Draw),
            game(4, 5, 1, WhiteWins),
        ],
    );
    // Event 2 (April), 4 games, W = 4: We = 2; K = 15 (30 games, highest
    //   2372.5 < 2400); ΔR = 15 × 2 = 30. Now 2402.5 ≥ 2400.
    let e2 = event(
        "二",
        GameKind::Chess,
        EventSystem::Swiss,
        d(2025, 4, 20),
        vec![
            game(1, 1, 6, WhiteWins),
            game(2, 7, 1, BlackWins),
            game(3, 1, 8, WhiteWins),
            game(4, 9, 1, BlackWins),
        ],
    );
    // Event 3 (June), 2 games, W = 1.5: We = 1; K = 10; ΔR = 10 × 0.5 = 5.
    let e3 = event(
        "三",
        GameKind::Chess,
        EventSystem::Swiss,
        d(2025, 6, 5),
        vec![game(1, 1, 10, WhiteWins), game(2, 11, 1, Draw)],
    );
    // Given out of order: the engine rates them by date.
    let evs = [
        PeriodEvent::new(e3),
        PeriodEvent::new(e1),
        PeriodEvent::new(e2),
    ];
    let r = compute_period(&profile, &list, &evs, d(2025, 7, 1)).unwrap();
    let p = row(&r, 1);
    let ks: Vec<_> = p.contributions.iter().map(|c| c.figures.k).collect();
    assert_eq!(ks, [Some(25), Some(15), Some(10)]);
    let changes: Vec<_> = p
        .contributions
        .iter()
        .map(|c| c.figures.change.unwrap())
        .collect();
    assert_eq!(changes, [dec!(12.5), dec!(30), dec!(5)]);
    // ΣΔR = 47.5; Rn = 2360 + 47.5 = 2407.5 → 2408 (only Rn is rounded).
    assert_eq!(p.change, Some(dec!(47.5)));
    assert_eq!(p.row.rating, Some(dec!(2408)));
    assert_eq!(p.row.rated_games, 36);
    assert_eq!(p.row.highest, Some(dec!(2408)));
    // K for the next period: 2400 reached → 10.
    assert_eq!(p.row.k, Some(10));
    assert_eq!(p.row.last_active, Some(d(2025, 6, 5)));
    assert_eq!(
        r.events.iter().map(|e| e.name.as_str()).collect::<Vec<_>>(),
        ["一", "二", "三"]
    );

    // Recomputing gives identical figures.
    let again = compute_period(&profile, &list, &evs, d(2025, 7, 1)).unwrap();
    assert_eq!(again, r);

    // cxa-2019-style fixed K on the same events would use 25 throughout:
    // 25 × (0.5 + 2 + 0.5) = 75.
    let fixed = PeriodRules {
        k_updated_between_events: false,
        ..PeriodRules::for_profile(&profile)
    };
    let r2 = compute_period_with(&profile, &fixed, &list, &evs, d(2025, 7, 1)).unwrap();
    assert_eq!(row(&r2, 1).change, Some(dec!(75)));
}

fn unrated_setup() -> (Profile, RatingList) {
    let profile = Profile::builtin("cxa-2019").unwrap();
    let mut rows = vec![ListRow::new(PlayerId(1), "新手", Sex::Male)];
    for i in 2..=10 {
        rows.push(rated(i, Sex::Male, dec!(2400), 60, d(2024, 12, 1)));
    }
    (profile, RatingList::new(rows).unwrap())
}

#[test]
fn unrated_xiangqi_player_reaches_nine_games_in_one_year() {
    // cxa-2019 第十三条: Ru = 2300 (man); 9 games against rated players,
    // accumulated over events of the same calendar year; Choice (§2): the
    // first rating is Ru + K(W − We) over all those games with K = 25.
    // Opponents 2400: Ra = 2400.0, D = 2300 − 2400 = −100 → P = 0.36 (99–106).
    let (profile, list) = unrated_setup();
    // Period of the 1 Jun 2025 list. Event 1: 5 games, W = 3:
    //   We = 5 × 0.36 = 1.80; ΔR = 25 × (3 − 1.80) = 30.0.
    let e1 = event(
        "春季赛",
        GameKind::Xiangqi,
        EventSystem::Swiss,
        d(2025, 4, 1),
        vec![
            game(1, 1, 2, WhiteWins),
            game(2, 3, 1, BlackWins),
            game(3, 1, 4, WhiteWins),
            game(4, 5, 1, WhiteWins),
            game(5, 1, 6, BlackWins),
        ],
    );
    let r1 = compute_period(&profile, &list, &[PeriodEvent::new(e1)], d(2025, 6, 1)).unwrap();
    let p = row(&r1, 1);
    assert_eq!(p.row.status, Status::Unrated);
    assert_eq!(p.row.rating, None);
    assert_eq!(p.row.carried.games, 5);
    assert_eq!(p.row.carried.sum, dec!(30.0));
    assert_eq!(p.row.carried.since, Some(2025));

    // Period of the 1 Oct 2025 list, from the list just published.
    // Event 2: 4 games, W = 2.5: We = 4 × 0.36 = 1.44; ΔR = 25 × 1.06 = 26.5.
    // 9 games: first rating 2300 + 30.0 + 26.5 = 2356.5 → 2357 ≥ 2301.
    let e2 = event(
        "夏季赛",
        GameKind::Xiangqi,
        EventSystem::Swiss,
        d(2025, 8, 1),
        vec![
            game(1, 1, 7, WhiteWins),
            game(2, 8, 1, BlackWins),
            game(3, 1, 9, Draw),
            game(4, 10, 1, WhiteWins),
        ],
    );
    let list2 = r1.new_list();
    let r2 = compute_period(
        &profile,
        &list2,
        &[PeriodEvent::new(e2.clone())],
        d(2025, 10, 1),
    )
    .unwrap();
    let p = row(&r2, 1);
    assert_eq!(p.row.rating, Some(dec!(2357)));
    assert_eq!(p.row.status, Status::Active);
    assert_eq!(p.row.rated_games, 9);
    // The unrated setup lists no events; the two events are its first.
    assert_eq!(p.row.rated_events, 2);
    assert_eq!(p.row.carried, Carried::default());
    // Next K: fewer than 30 games → 25 (第十条).
    assert_eq!(p.row.k, Some(25));

    // The same second event in the next calendar year: the 5 games of 2025
    // expire, 4 games are not enough.
    let e2_late = Event::new(
        "新春赛",
        GameKind::Xiangqi,
        EventSystem::Swiss,
        Some(d(2026, 3, 1)),
        Some(d(2026, 3, 1)),
        e2.players().to_vec(),
        e2.pairings().to_vec(),
    )
    .unwrap();
    let r3 = compute_period(
        &profile,
        &list2,
        &[PeriodEvent::new(e2_late)],
        d(2026, 6, 1),
    )
    .unwrap();
    let p = row(&r3, 1);
    assert_eq!(p.row.rating, None);
    assert_eq!(p.row.carried.games, 4);
    assert_eq!(p.row.carried.sum, dec!(26.5));
}

#[test]
fn cxa_legacy_inactivity_year_by_year() {
    // cxa-legacy 二 (seed 003): 一年内未参加比赛，其等级分不作变动，第二年降20分，
    // 第三年降50分，第四年取消其等级分. Last rated game 15 Nov 2020; rating 2400.
    let profile = Profile::builtin("cxa-legacy").unwrap();
    let mut list =
        RatingList::new(vec![rated(1, Sex::Male, dec!(2400), 80, d(2020, 11, 15))]).unwrap();
    // (list date, expected rating, status): 2021 is the first year without a
    // game → 1 Jan 2022 inactive, unchanged; 2022 the second → 1 Jan 2023
    // −20 = 2380; 2023 the third → 1 Jan 2024 −50 = 2330; 2024 the fourth
    // → 1 Jan 2025 cancelled.
    let expected = [
        (d(2021, 7, 1), Some(dec!(2400)), Status::Active),
        (d(2022, 1, 1), Some(dec!(2400)), Status::Inactive),
        (d(2022, 7, 1), Some(dec!(2400)), Status::Inactive),
        (d(2023, 1, 1), Some(dec!(2380)), Status::Inactive),
        (d(2023, 7, 1), Some(dec!(2380)), Status::Inactive),
        (d(2024, 1, 1), Some(dec!(2330)), Status::Inactive),
        (d(2024, 7, 1), Some(dec!(2330)), Status::Inactive),
        (d(2025, 1, 1), None, Status::Unrated),
    ];
    for (date, rating, status) in expected {
        let r = compute_period(&profile, &list, &[], date).unwrap();
        let p = &r.rows[0];
        assert_eq!(
            (p.row.rating, p.row.status),
            (rating, status),
            "list of {date}: {:?}",
            p.notes
        );
        list = r.new_list();
    }
}

#[test]
fn cxa_2019_inactive_minimums() {
    // cxa-2019 第七条: inactive from 1 Jan after a calendar year without a
    // game; inactive men without a title need 2301, an NM 2351.
    let profile = Profile::builtin("cxa-2019").unwrap();
    let mut nm = rated(2, Sex::Male, dec!(2340), 80, d(2024, 5, 1));
    nm.titles.push(TitleHeld {
        title: "NM".into(),
        date: Some(d(2010, 1, 1)),
        by: None,
    });
    let list =
        RatingList::new(vec![rated(1, Sex::Male, dec!(2340), 80, d(2024, 5, 1)), nm]).unwrap();
    // 1 Jan 2025: 2024 had a game → still active.
    let r = compute_period(&profile, &list, &[], d(2025, 1, 1)).unwrap();
    assert_eq!(r.rows[0].row.status, Status::Active);
    // 1 Jan 2026: 2025 without a game → inactive; 2340 ≥ 2301 kept; the NM
    // is below 2351 and loses the rating.
    let r = compute_period(&profile, &list, &[], d(2026, 1, 1)).unwrap();
    assert_eq!(
        (r.rows[0].row.status, r.rows[0].row.rating),
        (Status::Inactive, Some(dec!(2340)))
    );
    assert_eq!(
        (r.rows[1].row.status, r.rows[1].row.rating),
        (Status::Unrated, None)
    );
}

#[test]
fn new_gm_is_raised_to_2550() {
    // cxa-2019 第六条: at the next publication a new men's GM is raised to
    // 2550, a women's GM to 2350; a player already above keeps the rating.
    let profile = Profile::builtin("cxa-2019").unwrap();
    let gm = |id, sex, rating, date| {
        let mut r = rated(id, sex, rating, 80, d(2024, 12, 1));
        r.titles.push(TitleHeld {
            title: "GM".into(),
            date: Some(date),
            by: None,
        });
        r
    };
    let list = RatingList::new(vec![
        gm(1, Sex::Male, dec!(2480), d(2025, 3, 10)),
        gm(2, Sex::Male, dec!(2600), d(2025, 3, 10)),
        gm(3, Sex::Female, dec!(2200), d(2025, 5, 31)),
        // Titled before the previous list (1 Jan 2025): already adjusted then.
        gm(4, Sex::Male, dec!(2480), d(2024, 11, 1)),
    ])
    .unwrap();
    let r = compute_period(&profile, &list, &[], d(2025, 6, 1)).unwrap();
    let ratings: Vec<_> = r.rows.iter().map(|x| x.row.rating).collect();
    assert_eq!(
        ratings,
        [
            Some(dec!(2550)),
            Some(dec!(2600)),
            Some(dec!(2350)),
            Some(dec!(2480))
        ]
    );
    assert!(r.rows[0].notes.iter().any(|n| n.contains("raised to 2550")));
}

#[test]
fn the_champion_does_not_lose_rating() {
    // cca-chess 八(十四): the individual champion's negative ΔR counts as 0.
    // Round robin of 4: C 2600 (K 10: 2400 reached), three players 2200.
    // C draws two and wins one: 2 points, alone first (others 1, 1.5, 1.5).
    // Rall = (2600 + 3 × 2200) / 4 = 2300; D = 300 (≤ 350) → Pa = 0.85;
    // We = M × Pa − ½ = 4 × 0.85 − 0.5 = 2.9; ΔR = 10 × (2 − 2.9) = −9 → 0.
    let profile = Profile::builtin("cca-chess").unwrap();
    let list = RatingList::new(vec![
        rated(1, Sex::Male, dec!(2600), 100, d(2025, 1, 1)),
        rated(2, Sex::Male, dec!(2200), 100, d(2025, 1, 1)),
        rated(3, Sex::Male, dec!(2200), 100, d(2025, 1, 1)),
        rated(4, Sex::Male, dec!(2200), 100, d(2025, 1, 1)),
    ])
    .unwrap();
    let rr = event(
        "冠军赛",
        GameKind::Chess,
        EventSystem::RoundRobin,
        d(2025, 5, 1),
        vec![
            game(1, 1, 2, WhiteWins),
            game(1, 3, 4, Draw),
            game(2, 3, 1, Draw),
            game(2, 2, 4, Draw),
            game(3, 1, 4, Draw),
            game(3, 2, 3, Draw),
        ],
    );
    let r = compute_period(&profile, &list, &[PeriodEvent::new(rr)], d(2025, 7, 1)).unwrap();
    let c = row(&r, 1);
    assert!(c.contributions[0].figures.champion_protected);
    assert_eq!(c.change, Some(dec!(0)));
    assert_eq!(c.row.rating, Some(dec!(2600)));
}

#[test]
fn a_league_is_split_by_round_dates() {
    // cxa-2019 第五条: a league's rounds count in the period of their dates.
    // Rounds 1–2 in May (period of the 1 Jun list), round 3 in June.
    // Opponent ratings equal (2400, 80 games → K 15): a win is
    // 15 × (1 − 0.50) = 7.5, a loss −7.5.
    let (profile, _) = unrated_setup();
    let list = RatingList::new(vec![
        rated(1, Sex::Male, dec!(2400), 80, d(2025, 1, 1)),
        rated(2, Sex::Male, dec!(2400), 80, d(2025, 1, 1)),
    ])
    .unwrap();
    let league = event(
        "象甲联赛",
        GameKind::Xiangqi,
        EventSystem::Team,
        d(2025, 6, 20),
        vec![
            game(1, 1, 2, WhiteWins),
            game(2, 2, 1, BlackWins),
            game(3, 1, 2, BlackWins),
        ],
    );
    let dates = vec![
        (1, d(2025, 5, 10)),
        (2, d(2025, 5, 20)),
        (3, d(2025, 6, 20)),
    ];
    let r = compute_period(
        &profile,
        &list,
        &[PeriodEvent::league(league.clone(), dates.clone())],
        d(2025, 6, 1),
    )
    .unwrap();
    // Two wins: 2400 + 7.5 + 7.5 = 2415.
    assert_eq!(r.events[0].rounds, Some(vec![1, 2]));
    assert_eq!(row(&r, 1).row.rating, Some(dec!(2415)));
    // As a continuous event it belongs wholly to the period of its end date.
    let e = compute_period(
        &profile,
        &list,
        &[PeriodEvent::new(league.clone())],
        d(2025, 6, 1),
    )
    .unwrap_err();
    assert!(matches!(e, PeriodError::EventOutsidePeriod { .. }), "{e}");
    // A round without a date.
    let e = compute_period(
        &profile,
        &list,
        &[PeriodEvent::league(league, dates[..2].to_vec())],
        d(2025, 6, 1),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "event `象甲联赛`: round 3 has no date (a league is split by round dates)"
    );
}

#[test]
fn a_continuous_event_is_placed_by_its_end_date_alone() {
    // cxa-2019 第五条: a continuous event counts in the period of its end
    // date. Its first day does not say where a several-day event ends: an
    // event file with a start and no end is refused, as the office refuses
    // it (docs/event-format.md: `end` decides the period).
    let (profile, list) = unrated_setup();
    let dated = event(
        "周赛",
        GameKind::Xiangqi,
        EventSystem::Swiss,
        d(2025, 5, 10),
        vec![game(1, 2, 3, Draw)],
    );
    let start_only = Event::new(
        "周赛",
        GameKind::Xiangqi,
        EventSystem::Swiss,
        Some(d(2025, 5, 10)),
        None,
        dated.players().to_vec(),
        dated.pairings().to_vec(),
    )
    .unwrap();
    compute_period(&profile, &list, &[PeriodEvent::new(dated)], d(2025, 6, 1)).unwrap();
    let e = compute_period(
        &profile,
        &list,
        &[PeriodEvent::new(start_only)],
        d(2025, 6, 1),
    )
    .unwrap_err();
    assert_eq!(
        e,
        PeriodError::NoDate {
            event: "周赛".into()
        }
    );
}

#[test]
fn bad_input_is_refused_with_its_reason() {
    let (profile, list) = unrated_setup();
    // A player who is not on the list.
    let ev = event(
        "外赛",
        GameKind::Xiangqi,
        EventSystem::Swiss,
        d(2025, 4, 1),
        vec![game(1, 1, 99, Draw)],
    );
    let e = compute_period(&profile, &list, &[PeriodEvent::new(ev)], d(2025, 6, 1)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "event `外赛`: player 99 (P99) is not on the rating list"
    );
    // An event of another period.
    let ev = event(
        "秋赛",
        GameKind::Xiangqi,
        EventSystem::Swiss,
        d(2025, 9, 1),
        vec![game(1, 1, 2, Draw)],
    );
    let e = compute_period(&profile, &list, &[PeriodEvent::new(ev)], d(2025, 6, 1)).unwrap_err();
    assert!(
        e.to_string()
            .contains("belongs to the period 2025-06-01 – 2025-09-30"),
        "{e}"
    );
    // A list with a duplicate id.
    let e = RatingList::new(vec![
        ListRow::new(PlayerId(3), "a", Sex::Male),
        ListRow::new(PlayerId(3), "b", Sex::Male),
    ])
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "player id 3 is on the list twice (rows 0 and 1)"
    );
    // A chess event under a xiangqi profile.
    let ev = event(
        "棋赛",
        GameKind::Chess,
        EventSystem::Swiss,
        d(2025, 4, 1),
        vec![game(1, 1, 2, Draw)],
    );
    let e = compute_period(&profile, &list, &[PeriodEvent::new(ev)], d(2025, 6, 1)).unwrap_err();
    assert!(matches!(e, PeriodError::Rate { .. }), "{e}");
}

#[test]
fn cca_chess_performances_combine_over_periods() {
    // cca-chess 八(八), the seed's own example: 4 games at 2280 in one
    // period, 6 games at 2360 in the next → (2280 × 4 + 2360 × 6) / 10 = 2328.
    // The list carries the first part: 4 games, Σ performance × games = 9120.
    // The event: 6 rated opponents of 2360 (Rc = 2360), score 3 / 6 = 50%
    // → Rp = Rc + dp(0.50) = 2360 + 0 (八(九)); 2360 > 2000, not void (八(十)).
    let profile = Profile::builtin("cca-chess").unwrap();
    let mut u = ListRow::new(PlayerId(1), "新人", Sex::Male);
    u.carried = Carried {
        games: 4,
        sum: dec!(9120),
        since: Some(2024),
    };
    let mut rows = vec![u];
    for i in 2..=7 {
        rows.push(rated(i, Sex::Male, dec!(2360), 60, d(2024, 11, 1)));
    }
    let list = RatingList::new(rows).unwrap();
    let ev = event(
        "公开赛",
        GameKind::Chess,
        EventSystem::Swiss,
        d(2025, 2, 1),
        vec![
            game(1, 1, 2, WhiteWins),
            game(2, 3, 1, WhiteWins),
            game(3, 1, 4, WhiteWins),
            game(4, 5, 1, WhiteWins),
            game(5, 1, 6, Draw),
            game(6, 7, 1, Draw),
        ],
    );
    let r = compute_period(&profile, &list, &[PeriodEvent::new(ev)], d(2025, 7, 1)).unwrap();
    let p = row(&r, 1);
    assert_eq!(p.contributions[0].figures.performance, Some(dec!(2360)));
    assert_eq!(p.row.rating, Some(dec!(2328)));
    assert_eq!(p.row.rated_games, 10);
    assert_eq!(p.row.status, Status::Active);
}

#[test]
fn cca_amateur_cancels_after_two_years_and_restarts_from_the_base() {
    // cca-amateur 二 (regulations §5): no rated event for two years → the
    // rating is cancelled; the player restarts from the base rating (men 1500).
    let profile = Profile::builtin("cca-amateur").unwrap();
    let list = RatingList::new(vec![
        rated(1, Sex::Male, dec!(1720), 40, d(2022, 12, 1)),
        rated(2, Sex::Male, dec!(1500), 40, d(2024, 12, 1)),
    ])
    .unwrap();
    // 1 Feb 2025: 2023 and 2024 without a game → cancelled.
    let r = compute_period(&profile, &list, &[], d(2025, 2, 1)).unwrap();
    assert_eq!(
        (r.rows[0].row.rating, r.rows[0].row.status),
        (None, Status::Unrated)
    );
    assert_eq!(r.rows[1].row.rating, Some(dec!(1500)));
    // Next event: rated from the base 1500 against a 1500 player: P = 0.50,
    // a win is 10 × 0.5 = +5 → 1505.
    let ev = event(
        "业余赛",
        GameKind::Chess,
        EventSystem::Swiss,
        d(2025, 3, 1),
        vec![game(1, 1, 2, WhiteWins)],
    );
    let r = compute_period(
        &profile,
        &r.new_list(),
        &[PeriodEvent::new(ev)],
        d(2025, 4, 1),
    )
    .unwrap();
    assert_eq!(r.rows[0].row.rating, Some(dec!(1505)));
    assert_eq!(r.rows[0].row.status, Status::Active);
    assert_eq!(r.rows[1].row.rating, Some(dec!(1495)));
}

#[test]
fn cxa_legacy_keeps_a_rating_once_reached() {
    // cxa-legacy 十一: a placement title raises the rating at the next list
    // (men master 2450) unless the player is at or above it now, or ever
    // was (以往曾经达到或超过…则维持现状). Player 1: 2400 now, 2460 in the
    // past → kept; player 2: 2400, never above → 2450.
    let profile = Profile::builtin("cxa-legacy").unwrap();
    let nm = |id, highest| {
        let mut r = rated(id, Sex::Male, dec!(2400), 80, d(2025, 3, 1));
        r.highest = Some(highest);
        r.titles.push(TitleHeld {
            title: "NM".into(),
            date: Some(d(2025, 5, 1)),
            by: Some(TitleRoute::Placement),
        });
        r
    };
    let list = RatingList::new(vec![nm(1, dec!(2460)), nm(2, dec!(2400))]).unwrap();
    let r = compute_period(&profile, &list, &[], d(2025, 7, 1)).unwrap();
    assert_eq!(r.rows[0].row.rating, Some(dec!(2400)));
    assert_eq!(r.rows[1].row.rating, Some(dec!(2450)));
}

/// A rating officer's own profile: a shipped profile's TOML with another
/// name and `changes` applied (each `from` must be in the text).
fn user_profile(builtin: &str, name: &str, changes: &[(&str, &str)]) -> Profile {
    let mut text = Profile::builtin_toml(builtin).unwrap().replace(
        &format!("name = \"{builtin}\""),
        &format!("name = \"{name}\""),
    );
    for (from, to) in changes {
        assert!(text.contains(from), "`{from}` not in {builtin}");
        text = text.replace(from, to);
    }
    let p = Profile::from_toml_str(&text).unwrap();
    assert_eq!(p.name, name);
    p
}

#[test]
fn a_user_profile_sets_when_k_changes() {
    // The period rules come from `[k] updated_between_events`, not from the
    // profile's name. Player 1: Ro 2360, 26 games; opponents 2360 (60
    // games): D = 0, Pc = 0.50 (table 0–3). cca-chess 八(一): K 25 for the
    // first 30 games, then 15.
    let mut rows = vec![rated(1, Sex::Male, dec!(2360), 26, d(2024, 11, 1))];
    for i in 2..=9 {
        rows.push(rated(i, Sex::Male, dec!(2360), 60, d(2024, 11, 1)));
    }
    let list = RatingList::new(rows).unwrap();
    // March, 4 games, W = 2.5 (2 wins, 1 draw, 1 loss): We = 4 × 0.50 = 2.
    let e1 = event(
        "三月赛",
        GameKind::Chess,
        EventSystem::Swiss,
        d(2025, 3, 10),
        vec![
            game(1, 1, 2, WhiteWins),
            game(2, 3, 1, BlackWins),
            game(3, 1, 4, Draw),
            game(4, 5, 1, WhiteWins),
        ],
    );
    // April, 4 games, W = 4: We = 4 × 0.50 = 2.
    let e2 = event(
        "四月赛",
        GameKind::Chess,
        EventSystem::Swiss,
        d(2025, 4, 20),
        vec![
            game(1, 1, 6, WhiteWins),
            game(2, 7, 1, BlackWins),
            game(3, 1, 8, WhiteWins),
            game(4, 9, 1, BlackWins),
        ],
    );
    let evs = [PeriodEvent::new(e1), PeriodEvent::new(e2)];
    let run = |p: &Profile| {
        let r = compute_period(p, &list, &evs, d(2025, 7, 1)).unwrap();
        let p = row(&r, 1);
        (
            p.contributions
                .iter()
                .map(|c| c.figures.k)
                .collect::<Vec<_>>(),
            p.change,
            p.row.rating,
        )
    };
    // A copy under another name keeps K updated between events: March
    // K = 25 (26 < 30), ΔR = 25 × 0.5 = 12.5, now 30 games; April K = 15,
    // ΔR = 15 × 2 = 30. ΣΔR = 42.5; Rn = 2402.5 → 2403 (四舍五入).
    let same = user_profile("cca-chess", "某省国际象棋", &[]);
    assert!(PeriodRules::for_profile(&same).k_updated_between_events);
    assert_eq!(
        run(&same),
        (vec![Some(25), Some(15)], Some(dec!(42.5)), Some(dec!(2403)))
    );
    // The field flipped: K fixed by the list (26 games → 25) for the whole
    // period: 25 × 0.5 + 25 × 2 = 62.5; Rn = 2422.5 → 2423.
    let fixed = user_profile(
        "cca-chess",
        "某省国际象棋",
        &[(
            "updated_between_events = true",
            "updated_between_events = false",
        )],
    );
    assert_eq!(
        run(&fixed),
        (vec![Some(25), Some(25)], Some(dec!(62.5)), Some(dec!(2423)))
    );
}

#[test]
fn a_user_profile_sets_the_unrated_carry_window() {
    // cxa-2019 第十三条 with a provincial change: games accumulate over two
    // consecutive years. Ru = 2300 (man); opponents 2400: Ra = 2400.0,
    // D = −100 → P = 0.36 (table 99–106); K = 25 (Choice §2).
    let (_, list) = unrated_setup();
    // 2025, 5 games, W = 3: We = 5 × 0.36 = 1.80; ΔR = 25 × 1.20 = 30.0.
    let e1 = event(
        "春季赛",
        GameKind::Xiangqi,
        EventSystem::Swiss,
        d(2025, 4, 1),
        vec![
            game(1, 1, 2, WhiteWins),
            game(2, 3, 1, BlackWins),
            game(3, 1, 4, WhiteWins),
            game(4, 5, 1, WhiteWins),
            game(5, 1, 6, BlackWins),
        ],
    );
    // 2026, 4 games, W = 2.5: We = 4 × 0.36 = 1.44; ΔR = 25 × 1.06 = 26.5.
    let e2 = event(
        "新春赛",
        GameKind::Xiangqi,
        EventSystem::Swiss,
        d(2026, 3, 1),
        vec![
            game(1, 1, 7, WhiteWins),
            game(2, 8, 1, BlackWins),
            game(3, 1, 9, Draw),
            game(4, 10, 1, WhiteWins),
        ],
    );
    let run = |p: &Profile| {
        let r1 = compute_period(p, &list, &[PeriodEvent::new(e1.clone())], d(2025, 6, 1)).unwrap();
        let list2 = r1.new_list();
        let r2 = compute_period(p, &list2, &[PeriodEvent::new(e2.clone())], d(2026, 6, 1)).unwrap();
        row(&r2, 1).row.clone()
    };
    // Copied under another name, same calendar year: the 5 games of 2025
    // expire on 1 January; 4 games are not enough (9 needed).
    let same = user_profile("cxa-2019", "某省象棋", &[]);
    assert_eq!(
        PeriodRules::for_profile(&same).unrated_window_years,
        Some(1)
    );
    let p = run(&same);
    assert_eq!(p.rating, None);
    assert_eq!(p.carried.games, 4);
    assert_eq!(p.carried.sum, dec!(26.5));
    // Two consecutive years: 5 + 4 = 9 games; first rating
    // 2300 + 30.0 + 26.5 = 2356.5 → 2357 ≥ 2301 (第四条).
    let two = user_profile(
        "cxa-2019",
        "某省象棋",
        &[(
            "carry_window = \"calendar-year\"",
            "carry_window = \"two-consecutive-years\"",
        )],
    );
    let p = run(&two);
    assert_eq!(p.rating, Some(dec!(2357)));
    assert_eq!(p.rated_games, 9);
    assert_eq!(p.carried, Carried::default());
}

#[test]
fn period_fields_omitted_take_the_documented_defaults() {
    // A user profile without the two fields: K fixed in the period, games
    // carried without limit (profile.rs docs); a wrong value is refused
    // naming the field.
    let text = Profile::builtin_toml("cca-chess")
        .unwrap()
        .replace("updated_between_events = true\n", "")
        .replace("carry_window = \"same-or-next-period\"\n", "");
    let p = Profile::from_toml_str(&text).unwrap();
    let r = PeriodRules::for_profile(&p);
    assert!(!r.k_updated_between_events);
    assert_eq!(r.unrated_window_years, None);
    let bad = Profile::builtin_toml("cxa-2019")
        .unwrap()
        .replace("\"calendar-year\"", "\"one-year\"");
    let err = Profile::from_toml_str(&bad).unwrap_err().to_string();
    assert!(err.contains("carry_window"), "{err}");
    assert!(err.contains("calendar-year"), "{err}");
}
