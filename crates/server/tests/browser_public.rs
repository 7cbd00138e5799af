//! Browser test of issue 15 item 7, the public side of a player across
//! events: a reader opens an event from the events page, opens a player's
//! card (his rank, performance and rating change), follows its link to
//! his page on the rating list (which lists the event back), and searches
//! a name across the events and lists from the search box — in Chinese on
//! a 360 px phone and in English on a desktop, no page wider than its
//! screen. And item 6's DE on the public standings: the points among the
//! tied, in both languages at both sizes.
//!
//! The figures are the worked example of cxa-2019 第九条 written out
//! below, not read from the code under test.

mod common;

use common::browser::*;
use common::{TestServer, import_list_csv};
use qiyuan_desk::prelude::*;

/// The narrowest phone screen the issue names.
const NARROW: (u32, u32) = (360, 780);

/// The office's list (cxa-2019 第十条: fewer than 30 valid games → K 25,
/// else 15).
const LIST: &str = "id,name,sex,unit,rating,rated_games\n\
201,甲天,m,北京,2400,10\n\
202,乙地,m,上海,2300,40\n\
203,丙玄,m,广东,2460,40\n\
204,Tom Brown,m,London,2340,40\n";

const EVENT: &str = "春季公开赛";

/// 甲天's figures by cxa-2019 第九条: he beat 乙地 (2300) and lost to 丙玄
/// (2460). Ra = 2380, D = 2400 − 2380 = 20 → P = 0.53 (附表), We = 2 ×
/// 0.53 = 1.06, W = 1, K = 25: ΔR = 25 × (1 − 1.06) = −1.5; W/N = 0.50 →
/// dp = 0, performance 2380.
const JIA_CHANGE: &str = "-1.5";
const JIA_PERFORMANCE: &str = "2380";

/// The event: the four players taken from the list, two rounds played and
/// published; its id and 甲天's pairing number.
async fn seed(server: &TestServer) -> (i64, u32) {
    let store = &server.store;
    let date = chrono::NaiveDate::from_ymd_opt(2019, 1, 1).unwrap();
    import_list_csv(store, "list.csv", date, LIST).await;
    let mut s = EventSettings::swiss(EVENT, GameKind::Xiangqi, 2);
    s.rating_profile = Some("cxa-2019".into());
    s.start = chrono::NaiveDate::from_ymd_opt(2019, 3, 10);
    s.end = s.start;
    let id = store.create_event(&s, "arb").await.unwrap();
    for (n, r, c, g, l) in [
        ("甲天", 2400, "北京", 10, 201),
        ("乙地", 2300, "上海", 40, 202),
        ("丙玄", 2460, "广东", 40, 203),
        ("Tom Brown", 2340, "London", 40, 204),
    ] {
        let mut info = PlayerInfo::new(n).rating(r).club(c).sex(Sex::Male);
        info.rated_games = Some(g);
        info.national_id = Some(l.to_string());
        store
            .add_player_from_list(id, &info, l, "arb")
            .await
            .unwrap();
    }
    let numbers: std::collections::HashMap<String, u32> = store
        .load_event(id)
        .await
        .unwrap()
        .desk
        .players()
        .into_iter()
        .map(|p| (p.info.name, p.id.0))
        .collect();
    let no = |n: &str| PlayerId(numbers[n]);
    let rounds = [
        [
            ("甲天", "乙地", GameResult::WhiteWins),
            ("丙玄", "Tom Brown", GameResult::WhiteWins),
        ],
        [
            ("丙玄", "甲天", GameResult::WhiteWins),
            ("乙地", "Tom Brown", GameResult::Draw),
        ],
    ];
    for (r, games) in rounds.iter().enumerate() {
        let proposed = ProposedRound {
            round: r as u32 + 1,
            boards: games
                .iter()
                .map(|(w, b, _)| Board {
                    white: no(w),
                    black: no(b),
                })
                .collect(),
            byes: Vec::new(),
        };
        let saved = store.save_round(id, &proposed, "arb").await.unwrap();
        for (g, (_, _, result)) in saved.games.iter().zip(games) {
            store
                .set_result(id, g.id, *result, g.version, "arb")
                .await
                .unwrap();
        }
        store
            .publish_round(id, r as u32 + 1, true, "arb")
            .await
            .unwrap();
    }
    (id, numbers["甲天"])
}

/// Asserts the page is no wider than the window.
async fn fits(b: &Browser, what: &str) {
    let fits = b
        .js("return document.documentElement.scrollWidth <= window.innerWidth;")
        .await;
    assert_eq!(
        fits,
        serde_json::json!(true),
        "{what} is wider than the screen"
    );
}

#[tokio::test]
async fn a_reader_follows_a_player_from_the_event_to_the_list_and_searches_a_name() {
    let server = TestServer::start().await;
    let (id, jia) = seed(&server).await;
    with_browser("public-player", &server, move |b| async move {
        for (lang, size) in [("zh", NARROW), ("en", DESKTOP)] {
            let tr = Tr { zh: lang == "zh" };
            b.window(size).await;
            b.goto(&format!("/lang/{lang}")).await;

            // The events page: the event, by its name.
            b.goto("/events").await;
            b.assert_lang(tr.zh).await;
            b.click(&format!("tr[data-event='{id}'] a")).await;
            b.wait_text("main h1", EVENT).await;
            assert_eq!(b.path().await, format!("/events/{id}"));
            fits(&b, "the event page").await;

            // The player's card: rank, performance, rating change.
            b.click(&format!(
                "table.starting-list tr[data-player='{jia}'] td.name a"
            ))
            .await;
            b.find("#player-rating").await;
            assert_eq!(b.path().await, format!("/events/{id}/players/{jia}"));
            assert_eq!(
                b.text("#player-rating dd[data-performance]").await,
                JIA_PERFORMANCE
            );
            assert_eq!(b.text("#player-rating dd[data-change]").await, JIA_CHANGE);
            let source = b.text("#rating-source").await;
            assert!(
                source.contains(tr.t("Not yet rated by the rating office", "尚未经等级分管理计算")),
                "{source}"
            );
            // 1 win in 2 rounds: second behind 丙玄's 2 wins.
            assert!(b.text("#player-standing").await.contains("2 / 4"));
            fits(&b, "the player card").await;
            b.js("document.querySelector('#player-rating').scrollIntoView(); return null;")
                .await;
            b.step(&format!("card-{lang}")).await;

            // His page on the rating list, which lists the event back.
            b.click("#list-player").await;
            b.find("#events-played").await;
            assert_eq!(b.path().await, "/players/201");
            assert_eq!(b.text("main h1").await, "甲天");
            let back = b
                .find(&format!(
                    "#events-played a[href='/events/{id}/players/{jia}']"
                ))
                .await;
            assert_eq!(back.text().await.unwrap(), EVENT);
            fits(&b, "the list's player page").await;
            b.js("document.querySelector('#events-played').scrollIntoView(); return null;")
                .await;
            b.step(&format!("list-player-{lang}")).await;

            // The search box of the home page: a Chinese name in Chinese, a
            // Latin one in the other case in English.
            b.goto("/").await;
            let (q, name, list_id) = if tr.zh {
                ("丙玄", "丙玄", 203)
            } else {
                ("tom b", "Tom Brown", 204)
            };
            b.fill("#name-search input[name=q]", q).await;
            b.click("#name-search button[type=submit]").await;
            b.find("#found-in-events").await;
            assert_eq!(b.path().await, "/search");
            let rows = b.all("#found-in-events tbody tr").await;
            assert_eq!(rows.len(), 1, "one player of the events is {name}");
            assert_eq!(b.text("#found-in-events td.name").await, name);
            b.find(&format!("#found-on-lists a[href='/players/{list_id}']"))
                .await;
            fits(&b, "the search page").await;
            b.step(&format!("search-{lang}")).await;
            // The result opens his card.
            b.click("#found-in-events td.name a").await;
            b.find("#player-rating").await;
            assert!(
                b.path()
                    .await
                    .starts_with(&format!("/events/{id}/players/"))
            );
            assert!(b.text("main h2").await.starts_with(name));
        }
    })
    .await;
}

/// DE (FIDE C.07 art. 6) on the public standings as a reader sees them,
/// in Chinese on a phone and in English on a desktop: the points among the
/// tied, not a rank. A five-player chess round robin (fide-rr: DE first),
/// results by pair worked by hand: A–B ½-½, C–D 1-0, A–C 1-0, B–E 0-1,
/// A–D 0-1, C–E 0-1, A–E 0-1, B–D ½-½, B–C ½-½, D–E ½-½. Totals A, B, C
/// 1½, D 2, E 3½. Among A, B, C, who all met: A 1½, B 1, C ½; D and E are
/// tied with nobody, so their cell is empty.
#[tokio::test]
async fn direct_encounter_reads_as_points_among_the_tied() {
    let server = TestServer::start().await;
    let store = &server.store;
    let mut settings = EventSettings::round_robin("Round robin", GameKind::Chess, 1);
    settings.tiebreaks = "fide-rr".into();
    let id = store.create_event(&settings, "arb").await.unwrap();
    for (i, n) in ["A", "B", "C", "D", "E"].iter().enumerate() {
        let info = PlayerInfo::new(*n).rating(2400 - 100 * i as u32);
        store.add_player(id, &info, "arb").await.unwrap();
    }
    // The result of a pair, from the lower pairing number's side.
    let result = |lo: u32, hi: u32| match (lo, hi) {
        (1, 2) | (2, 4) | (2, 3) | (4, 5) => 'D',
        (3, 4) | (1, 3) => 'W',
        _ => 'L',
    };
    for round in 1..=5 {
        let loaded = store.load_event(id).await.unwrap();
        let proposed = loaded.desk.pair_next_round().unwrap();
        let saved = store.save_round(id, &proposed, "arb").await.unwrap();
        for g in &saved.games {
            let (w, b) = (g.white.0, g.black.0);
            let outcome = match (result(w.min(b), w.max(b)), w < b) {
                ('D', _) => GameResult::Draw,
                ('W', true) | ('L', false) => GameResult::WhiteWins,
                _ => GameResult::BlackWins,
            };
            store
                .set_result(id, g.id, outcome, g.version, "arb")
                .await
                .unwrap();
        }
        store.publish_round(id, round, true, "arb").await.unwrap();
    }
    with_browser("public-de", &server, move |b| async move {
        for (lang, size) in [("zh", NARROW), ("en", DESKTOP)] {
            b.window(size).await;
            b.goto(&format!("/lang/{lang}")).await;
            b.goto(&format!("/events/{id}/standings")).await;
            b.find("table.standings td.name").await;
            let mut cells = Vec::new();
            for row in b.all("table.standings tbody tr[data-player]").await {
                let player = row.attr("data-player").await.unwrap().unwrap_or_default();
                // Rk · SNo · Title · Name · Rtg · Club · Pts · TB1 (DE).
                let tds = row.find_all(fantoccini::Locator::Css("td")).await.unwrap();
                let de = tds[7].text().await.unwrap().trim().to_string();
                cells.push((player, de));
            }
            let want: Vec<(String, String)> =
                [("5", ""), ("4", ""), ("1", "1.5"), ("2", "1"), ("3", "0.5")]
                    .iter()
                    .map(|(p, v)| (p.to_string(), v.to_string()))
                    .collect();
            assert_eq!(cells, want, "{lang}: DE on the public standings");
            fits(&b, &format!("{lang} standings")).await;
            b.step(&format!("de-{lang}")).await;
        }
    })
    .await;
}
