//! The public side of a player across events (issue 15 item 7), over real
//! HTTP without signing in: the event's player card links to the player's
//! page on the rating list and shows his performance and rating change
//! (the event's rating report, then the rating office's once a published
//! list rated the event; nothing for an event that is not rated), the list
//! page lists the public events he played, and `/search` finds a name
//! across the public events and the published lists — on SQLite and, when
//! set, PostgreSQL.

mod common;

use common::*;
use qiyuan_desk::prelude::*;
use qiyuan_store::Store;
use qiyuan_store::desk::Visibility;

/// The office's list: four players of the event, with the valid games that
/// decide K (cxa-2019 第十条: fewer than 30 → K 25, else 15).
const LIST: &str = "id,name,sex,unit,rating,rated_games\n\
201,甲天,m,北京,2400,10\n\
202,乙地,m,上海,2300,40\n\
203,丙玄,m,广东,2460,40\n\
204,丁黄,m,四川,2340,40\n";

/// The players as the desk takes them from the list (what
/// `add-from-list` keeps: rating, unit, the list's valid games).
fn from_list(name: &str, rating: u32, club: &str, games: u32, id: u32) -> PlayerInfo {
    let mut i = PlayerInfo::new(name)
        .rating(rating)
        .club(club)
        .sex(Sex::Male);
    i.rated_games = Some(games);
    i.national_id = Some(id.to_string());
    i
}

/// A xiangqi Swiss of two rounds dated 2019-03-10 with the four players
/// of [`LIST`] taken from the list, under `profile`, every round played as
/// the worked example of [`the_card_shows_performance_and_rating_change`]
/// says and published; its id and the pairing number of each name.
async fn played_event(
    store: &Store,
    name: &str,
    profile: Option<&str>,
) -> (i64, impl Fn(&str) -> u32) {
    let mut s = EventSettings::swiss(name, GameKind::Xiangqi, 2);
    s.rating_profile = profile.map(str::to_string);
    s.start = chrono::NaiveDate::from_ymd_opt(2019, 3, 10);
    s.end = s.start;
    let id = store.create_event(&s, "arb").await.unwrap();
    for (n, r, c, g, l) in [
        ("甲天", 2400, "北京", 10, 201),
        ("乙地", 2300, "上海", 40, 202),
        ("丙玄", 2460, "广东", 40, 203),
        ("丁黄", 2340, "四川", 40, 204),
    ] {
        store
            .add_player_from_list(id, &from_list(n, r, c, g, l), l, "arb")
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
    let no = move |n: &str| numbers[n];
    // Round 1: 甲天 beats 乙地, 丙玄 beats 丁黄; round 2: 丙玄 beats 甲天,
    // 乙地 and 丁黄 draw.
    let rounds = [
        [
            ("甲天", "乙地", GameResult::WhiteWins),
            ("丙玄", "丁黄", GameResult::WhiteWins),
        ],
        [
            ("丙玄", "甲天", GameResult::WhiteWins),
            ("乙地", "丁黄", GameResult::Draw),
        ],
    ];
    for (r, games) in rounds.iter().enumerate() {
        let proposed = ProposedRound {
            round: r as u32 + 1,
            boards: games
                .iter()
                .map(|(w, b, _)| Board {
                    white: PlayerId(no(w)),
                    black: PlayerId(no(b)),
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
    (id, no)
}

/// The value of `attr` in the first tag holding it.
fn first_attr(page: &str, attr: &str) -> Option<String> {
    attr_after(page, &format!(" {attr}=\""), attr)
}

/// The worked example, by cxa-2019 第九条 (附表: P by D = Ro − Ra; We = N
/// × P; ΔR = K × (W − We), to one decimal; performance Ra + dp(W/N), dp
/// ±800 at 100% / 0%):
///
/// - 甲天 (2400, K 25) beat 乙地 (2300) and lost to 丙玄 (2460): Ra =
///   (2300 + 2460) / 2 = 2380, D = 20 → P = 0.53, We = 1.06, W = 1,
///   ΔR = 25 × (1 − 1.06) = −1.5; W/N = 0.50 → dp 0, performance 2380.
/// - 丙玄 (2460, K 15) beat 丁黄 (2340) and 甲天 (2400): Ra = 2370, D = 90
///   → P = 0.62, We = 1.24, W = 2, ΔR = 15 × (2 − 1.24) = +11.4;
///   performance 2370 + 800 = 3170.
/// - 乙地 (2300, K 15) lost to 甲天 (2400), drew 丁黄 (2340): Ra = 2370,
///   D = −70 → P = 0.40, We = 0.80, W = 0.5, ΔR = 15 × (0.5 − 0.8) = −4.5.
#[tokio::test]
async fn the_card_shows_performance_and_rating_change() {
    let server = TestServer::start().await;
    let store = &server.store;
    let list = import_list_csv(store, "list.csv", date("2019-01-01"), LIST)
        .await
        .list_id;
    let (id, no) = played_event(store, "春季公开赛", Some("cxa-2019")).await;
    let (unrated, no_unrated) = played_event(store, "春季快棋赛", None).await;
    let anon = browser();
    let card = |event: i64, n: u32| {
        let (anon, base) = (anon.clone(), server.base_url.clone());
        async move { get_text_at(&base, &anon, &format!("/events/{event}/players/{n}")).await }
    };

    // The event's rating report over the published rounds.
    let page = card(id, no("甲天")).await;
    assert_eq!(
        first_attr(&page, "data-performance").as_deref(),
        Some("2380")
    );
    assert_eq!(first_attr(&page, "data-change").as_deref(), Some("-1.5"));
    assert!(page.contains("尚未经等级分管理计算"), "{page}");
    // His page on the rating list: the list's id of him, nothing else.
    assert_eq!(
        attr_after(&page, "id=\"list-player\"", "href").as_deref(),
        Some("/players/201"),
        "{page}"
    );
    let page = card(id, no("丙玄")).await;
    assert_eq!(
        first_attr(&page, "data-performance").as_deref(),
        Some("3170")
    );
    assert_eq!(first_attr(&page, "data-change").as_deref(), Some("+11.4"));
    let page = card(id, no("乙地")).await;
    assert_eq!(first_attr(&page, "data-change").as_deref(), Some("-4.5"));

    // An event without a rating profile is not rated: nothing, not a zero.
    let page = card(unrated, no_unrated("甲天")).await;
    assert!(!page.contains("player-rating"), "{page}");
    assert!(!page.contains("data-change"), "{page}");
    assert!(page.contains("href=\"/players/201\""), "{page}");

    // The list's player page lists both events, with his points.
    let player = get_text_at(&server.base_url, &anon, "/players/201").await;
    let played = &player[player.find("id=\"events-played\"").expect("events played")..];
    for (event, n) in [(id, no("甲天")), (unrated, no_unrated("甲天"))] {
        assert!(
            played.contains(&format!("href=\"/events/{event}/players/{n}\"")),
            "{played}"
        );
    }
    // A hidden event leaves his page (and the card is gone).
    store
        .set_visibility(unrated, Visibility::Hidden, "arb")
        .await
        .unwrap();
    let player = get_text_at(&server.base_url, &anon, "/players/201").await;
    assert!(!player.contains(&format!("/events/{unrated}/")), "{player}");

    // The office rates the event: its figures, from the published list.
    let sub = store.submit_desk_event(id, "arb").await.unwrap();
    store.import_submission(sub, "officer").await.unwrap();
    let out = store
        .compute_period("cxa-2019", date("2019-06-01"), false, &|_, _| {}, "officer")
        .await
        .unwrap();
    // While the period's list is a draft, still the report.
    let page = card(id, no("甲天")).await;
    assert!(page.contains("尚未经等级分管理计算"), "{page}");
    let new_list = out.list_id.unwrap();
    store
        .publish_list(new_list, false, "officer")
        .await
        .unwrap();
    assert_ne!(new_list, list);
    // The performance is the report's (the office keeps none for a player
    // rated by ΔR).
    for (name, performance, change) in [("甲天", "2380", "-1.5"), ("丙玄", "3170", "+11.4")] {
        let page = card(id, no(name)).await;
        assert_eq!(
            first_attr(&page, "data-performance").as_deref(),
            Some(performance),
            "{name}"
        );
        assert_eq!(
            first_attr(&page, "data-change").as_deref(),
            Some(change),
            "{name}"
        );
        assert!(page.contains("等级分变化以等级分管理的计算为准"), "{page}");
        assert!(
            page.contains(&format!("href=\"/lists/{new_list}\"")),
            "{page}"
        );
    }
}

/// Before any round is public, a rated event's card shows no figures.
#[tokio::test]
async fn no_figures_before_a_round_is_public() {
    let server = TestServer::start().await;
    let store = &server.store;
    let mut s = EventSettings::swiss("周赛", GameKind::Xiangqi, 3);
    s.rating_profile = Some("cxa-2019".into());
    let id = store.create_event(&s, "arb").await.unwrap();
    for (n, r) in [("甲", 2400), ("乙", 2350)] {
        store
            .add_player(id, &PlayerInfo::new(n).rating(r).sex(Sex::Male), "arb")
            .await
            .unwrap();
    }
    let loaded = store.load_event(id).await.unwrap();
    let round = loaded.desk.pair_next_round().unwrap();
    let saved = store.save_round(id, &round, "arb").await.unwrap();
    store
        .set_result(id, saved.games[0].id, GameResult::WhiteWins, 0, "arb")
        .await
        .unwrap();
    let page = get_text_at(
        &server.base_url,
        &browser(),
        &format!("/events/{id}/players/1"),
    )
    .await;
    assert!(!page.contains("player-rating"), "{page}");
    // Entered by hand: no list page to link to.
    assert!(!page.contains("list-player"), "{page}");
}

fn date(s: &str) -> chrono::NaiveDate {
    chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

fn q(text: &str) -> String {
    form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

/// `(event, player)` of each row found in the events, in order.
fn found_in_events(page: &str) -> Vec<(i64, u32)> {
    let Some(at) = page.find("id=\"found-in-events\"") else {
        return Vec::new();
    };
    let section = &page[at..page.find("id=\"found-on-lists\"").unwrap_or(page.len())];
    tags(section, "<tr data-event=")
        .iter()
        .map(|a| {
            (
                a["data-event"].parse().unwrap(),
                a["data-player"].parse().unwrap(),
            )
        })
        .collect()
}

/// The list ids of each row found on the lists.
fn found_on_lists(page: &str) -> Vec<u32> {
    tags(page, "<tr data-list-player=")
        .iter()
        .map(|a| a["data-list-player"].parse().unwrap())
        .collect()
}

#[tokio::test]
async fn a_name_is_found_across_events_and_lists() {
    let server = TestServer::start().await;
    check_search(&server.base_url, &server.store).await;
}

#[tokio::test]
async fn a_name_is_found_across_events_and_lists_on_postgres() {
    let Some(url) = new_postgres_database("search").await else {
        return;
    };
    let store = Store::open(&url).await.unwrap();
    let (site, _state, stop) = serve(store, url).await;
    check_search(&site.base_url, &site.store).await;
    let _ = stop.send(());
}

/// `/search` on the server at `base` over the empty database `store`.
async fn check_search(base: &str, store: &Store) {
    import_list_csv(store, "list.csv", date("2019-01-01"), LIST).await;
    let add = |id: i64, names: Vec<String>| {
        let store = store.clone();
        async move {
            let infos: Vec<PlayerInfo> = names.iter().map(PlayerInfo::new).collect();
            store.add_players(id, &infos, "arb").await.unwrap()
        }
    };
    let swiss = |name: &str| EventSettings::swiss(name, GameKind::Xiangqi, 5);
    let spring = store.create_event(&swiss("春季赛"), "arb").await.unwrap();
    add(spring, vec!["甲天".into(), "Anna Lee".into()]).await;
    let hidden = store.create_event(&swiss("内部赛"), "arb").await.unwrap();
    add(hidden, vec!["甲天".into(), "Anna Leeds".into()]).await;
    store
        .set_visibility(hidden, Visibility::Hidden, "arb")
        .await
        .unwrap();
    let autumn = store.create_event(&swiss("秋季赛"), "arb").await.unwrap();
    add(autumn, vec!["ANNA LEE".into()]).await;
    let anon = browser();
    let search = |text: &str| {
        let (anon, base, text) = (anon.clone(), base.to_string(), text.to_string());
        async move { get_text_at(&base, &anon, &format!("/search?q={}", q(&text))).await }
    };

    // Chinese: the events' player (never the hidden event's) and the list's.
    let page = search("甲").await;
    let found = found_in_events(&page);
    assert_eq!(
        found.iter().map(|f| f.0).collect::<Vec<_>>(),
        vec![spring],
        "{page}"
    );
    assert_eq!(found_on_lists(&page), vec![201], "{page}");
    assert!(
        page.contains(&format!("href=\"/events/{spring}/players/{}\"", found[0].1)),
        "{page}"
    );
    assert!(page.contains("href=\"/players/201\""), "{page}");
    // Latin, in any case: newest event first.
    let page = search("anna").await;
    let found: Vec<i64> = found_in_events(&page).iter().map(|f| f.0).collect();
    assert_eq!(found, vec![autumn, spring], "{page}");
    assert!(!page.contains("Anna Leeds"), "{page}");
    // Nothing found, and what is typed shown as text.
    let page = search("<b>无此人</b>").await;
    assert!(found_in_events(&page).is_empty() && found_on_lists(&page).is_empty());
    assert!(page.contains("&lt;b&gt;无此人&lt;/b&gt;"), "{page}");
    assert!(!page.contains("<b>无此人"), "{page}");
    // An empty search: the form and a word on what to type.
    let page = search("").await;
    assert!(page.contains("id=\"name-search\""), "{page}");
    assert!(!page.contains("found-in-events"), "{page}");

    // More players than a page shows: the first 50, and the word "more".
    let crowd = store.create_event(&swiss("大众赛"), "arb").await.unwrap();
    add(crowd, (1..=51).map(|i| format!("棋友{i}")).collect()).await;
    let page = search("棋友").await;
    assert_eq!(found_in_events(&page).len(), 50, "{page}");
    assert!(page.contains("共找到 51 名，显示前 50 名"), "{page}");
    // The search box is on the home and events pages.
    for path in ["/", "/events"] {
        let page = get_text_at(base, &anon, path).await;
        assert!(
            page.contains("id=\"name-search\"") && page.contains("action=\"/search\""),
            "{path}"
        );
    }
}
