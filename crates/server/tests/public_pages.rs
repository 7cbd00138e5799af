//! The public pages over real HTTP, without signing in: rating lists a page
//! at a time, searches whose SQL metacharacters are plain text, player
//! pages, and a player named `<script>` shown as text everywhere.

mod common;

use std::collections::HashMap;

use common::*;
use qiyuan_server::auth::Role;
use rust_decimal::Decimal;

/// The player ids of a page's rows, in order.
fn row_ids(page: &str) -> Vec<u32> {
    tags(page, "<tr data-player=")
        .iter()
        .map(|a| a["data-player"].parse().unwrap())
        .collect()
}

async fn import_list(server: &TestServer, name: &str, date: &str, csv: &str) -> i64 {
    import_list_into(&server.store, name, date, csv).await
}

async fn import_list_into(store: &qiyuan_store::Store, name: &str, date: &str, csv: &str) -> i64 {
    let date = chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").unwrap();
    import_list_csv(store, name, date, csv).await.list_id
}

async fn anon_get(server: &TestServer, client: &reqwest::Client, path: &str) -> String {
    get_text_at(&server.base_url, client, path).await
}

fn q(text: &str) -> String {
    form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

const NASTY: &str = "id,name,sex,unit,rating,rated_games\n\
1,<script>alert(1)</script>,m,<b>Club</b>,2500,50\n\
2,O'Brien,m,Dublin,2400,50\n\
3,100% Pure,f,A_B Club,2300,50\n\
4,Plain,f,AxB Club,2200,50\n\
5,Under_Score,m,Normal,2100,50\n";

#[tokio::test]
async fn sql_metacharacters_in_searches_are_plain_text() {
    let server = TestServer::start().await;
    check_searches(&server.base_url, &server.store).await;
}

/// Every search field of the list and player pages, on the server at `base`
/// over the empty database `store`.
async fn check_searches(base: &str, store: &qiyuan_store::Store) {
    let list = import_list_into(store, "nasty.csv", "2019-01-01", NASTY).await;
    let anon = browser();
    // What each search must return (by rating on a list, by id on /players):
    // only the rows whose name, unit or id contains the text as typed.
    let cases: [(&str, &[u32]); 9] = [
        ("' OR 1=1 --", &[]),
        ("' OR '1'='1", &[]),
        ("O'Brien", &[2]),
        ("%", &[3]),
        ("_", &[3, 5]),
        ("a_b", &[3]),
        ("\\", &[]),
        ("1; DROP TABLE players; --", &[]),
        ("plain", &[4]),
    ];
    for (text, want) in cases {
        let page = get_text_at(base, &anon, &format!("/lists/{list}?q={}", q(text))).await;
        assert_eq!(row_ids(&page), want, "list search {text:?}");
        let page = get_text_at(base, &anon, &format!("/players?q={}", q(text))).await;
        assert_eq!(row_ids(&page), want, "player search {text:?}");
    }
    // An id finds its player; the table is still whole afterwards.
    let page = get_text_at(base, &anon, &format!("/lists/{list}?q=4")).await;
    assert_eq!(row_ids(&page), [4]);
    let page = get_text_at(base, &anon, &format!("/lists/{list}")).await;
    assert_eq!(row_ids(&page), [1, 2, 3, 4, 5], "by rating, highest first");
    assert_eq!(store.totals().await.unwrap().players, 5);
}

#[tokio::test]
async fn a_script_in_a_name_is_text_everywhere() {
    let server = TestServer::start().await;
    let list = import_list(&server, "nasty.csv", "2019-01-01", NASTY).await;
    // A rated event between players 1 and 2, itself named with a script.
    let event = r#"{"name": "<script>alert(2)</script>", "game": "xiangqi", "system": "match",
      "start": "2019-03-10", "end": "2019-03-10",
      "players": [{"id": 1, "name": "x", "sex": "m"}, {"id": 2, "name": "y", "sex": "m"}],
      "games": [{"round": 1, "red": 1, "black": 2, "result": "1-0"}]}"#;
    server
        .store
        .import_event("e.json", event, "cxa-2019", "test-officer")
        .await
        .unwrap();
    let anon = server.browser();
    let mut pages = vec![
        anon_get(&server, &anon, "/lists").await,
        anon_get(&server, &anon, &format!("/lists/{list}")).await,
        anon_get(&server, &anon, &format!("/lists/{list}?q=script")).await,
        anon_get(&server, &anon, "/players?q=%3Cscript%3E").await,
        anon_get(&server, &anon, "/players/1").await,
    ];
    // The officer's pages too: preview, draft list, published player page.
    server.sign_in_as("li", Role::Officer).await;
    pages.push(
        server
            .get_text("/office/period?profile=cxa-2019&list_date=2019-06-01")
            .await,
    );
    let resp = server
        .post_form(
            "/office/period",
            &[("profile", "cxa-2019"), ("list_date", "2019-06-01")],
        )
        .await;
    assert_eq!(resp.status(), 303);
    let draft = resp.headers()["location"].to_str().unwrap().to_string();
    pages.push(server.get_text(&draft).await);
    pages.push(server.get_text("/office").await);
    assert_eq!(server.post_form("/office/publish", &[]).await.status(), 200);
    pages.push(anon_get(&server, &anon, "/players/1").await);
    pages.push(server.get_text("/office/audit").await);
    for page in &pages {
        assert!(!page.contains("<script>alert"), "unescaped: {page}");
        assert!(!page.contains("<b>Club"), "unescaped: {page}");
    }
    // Every page that names player 1 shows the name as text: the list, its
    // searches, the player page, the preview, the draft list, the player
    // page after publication.
    for i in [1, 2, 3, 4, 5, 6, 8] {
        assert!(
            pages[i].contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
            "page {i}: {}",
            pages[i]
        );
    }
    assert!(
        pages[5].contains("&lt;script&gt;alert(2)&lt;/script&gt;"),
        "event name in the preview"
    );
    assert!(
        pages[8].contains("&lt;script&gt;alert(2)&lt;/script&gt;"),
        "event name on the player page"
    );
}

#[tokio::test]
async fn a_large_list_is_read_a_page_at_a_time() {
    let server = TestServer::start().await;
    check_paging(&server.base_url, &server.store).await;
}

/// Paging through a list and a search, on the server at `base` over the
/// empty database `store`.
async fn check_paging(base: &str, store: &qiyuan_store::Store) {
    // 250 rated players — player i rated 2000 + i / 2, plus .5 when i is a
    // multiple of 5, so that many pairs tie — and 10 unrated ones (251–260).
    // Even players in 象棋俱乐部甲, odd ones in 象棋俱乐部乙.
    let rating = |i: u32| {
        let whole = Decimal::from(2000 + i / 2);
        if i % 5 == 0 {
            whole + Decimal::new(5, 1)
        } else {
            whole
        }
    };
    let mut csv = String::from("id,name,sex,unit,rating,rated_games\n");
    for i in 1..=260 {
        let unit = if i % 2 == 0 {
            "象棋俱乐部甲"
        } else {
            "象棋俱乐部乙"
        };
        let r = if i <= 250 {
            rating(i).to_string()
        } else {
            String::new()
        };
        csv.push_str(&format!("{i},P{i:03},m,{unit},{r},40\n"));
    }
    let list = import_list_into(store, "big.csv", "2019-01-01", &csv).await;
    // The list's order, from the input: rating high to low, ties by id,
    // the unrated last by id.
    let mut expected: Vec<u32> = (1..=260).collect();
    expected.sort_by_key(|&i| {
        (
            i > 250,
            if i <= 250 { -rating(i) } else { Decimal::ZERO },
            i,
        )
    });
    let anon = browser();
    let mut path = format!("/lists/{list}");
    let mut pages: Vec<String> = Vec::new();
    loop {
        let page = get_text_at(base, &anon, &path).await;
        let next = link(&page, "next");
        pages.push(page);
        match next {
            Some(n) => path = n,
            None => break,
        }
    }
    let sizes: Vec<usize> = pages.iter().map(|p| row_ids(p).len()).collect();
    assert_eq!(sizes, [100, 100, 60]);
    let all: Vec<u32> = pages.iter().flat_map(|p| row_ids(p)).collect();
    assert_eq!(all, expected);
    assert!(link(&pages[0], "prev").is_none());
    // Position on the whole list: the second page starts at 101.
    assert!(pages[1].contains("<td>101</td>"), "{}", pages[1]);
    assert!(pages[2].contains("201–260"), "{}", pages[2]);
    // Back from the last page: the second again.
    let back = link(&pages[2], "prev").unwrap();
    let again = get_text_at(base, &anon, &back).await;
    assert_eq!(row_ids(&again), expected[100..200]);
    // A malformed key is the first page, not an error.
    let odd = get_text_at(base, &anon, &format!("/lists/{list}?after=x_%27_1")).await;
    assert_eq!(row_ids(&odd), expected[..100]);

    // A search is paged too: the 130 even players of 象棋俱乐部甲.
    let mut path = format!("/lists/{list}?q={}", q("俱乐部甲"));
    let mut found: Vec<u32> = Vec::new();
    let mut sizes = Vec::new();
    loop {
        let page = get_text_at(base, &anon, &path).await;
        assert!(page.contains("130"), "the total is shown");
        let ids = row_ids(&page);
        sizes.push(ids.len());
        found.extend(ids);
        match link(&page, "next") {
            Some(n) => path = n,
            None => break,
        }
    }
    assert_eq!(sizes, [100, 30]);
    let evens: Vec<u32> = expected.iter().copied().filter(|i| i % 2 == 0).collect();
    assert_eq!(found, evens);
}

/// The `href` of the `<a rel="{rel}">` of a page (entities decoded).
fn link(page: &str, rel: &str) -> Option<String> {
    let a = tags(page, "<a rel=")
        .into_iter()
        .find(|a| a["rel"] == rel)?;
    Some(a["href"].replace("&amp;", "&"))
}

/// The text of `<td data-round="{round}">` in the row of player `id`.
fn cross_cell(page: &str, id: u32, round: u32) -> String {
    let row = page
        .find(&format!("<tr data-player=\"{id}\""))
        .unwrap_or_else(|| panic!("no row of {id}: {page}"));
    let rest = &page[row..];
    let end = rest.find("</tr>").unwrap();
    let rest = &rest[..end];
    let at = rest
        .find(&format!("<td data-round=\"{round}\">"))
        .unwrap_or_else(|| panic!("no round {round} in row {id}: {rest}"));
    let cell = &rest[at..];
    let open = cell.find('>').unwrap() + 1;
    cell[open..cell.find("</td>").unwrap()].to_string()
}

/// A xiangqi Swiss of six players at the desk: round 1 is paired, shown
/// only once published, live while results are missing; then every game is
/// won by Red. Under the xiangqi scoring (象棋竞赛规则 2011 art. 13.1: win 2,
/// draw 1, loss 0) each Red player has 2 points after round 1 and each
/// Black player 0; the crosstable cell of a Red winner against player N is
/// `N红2` (ui-conventions §5 with xiangqi colour letters; the cell gives the
/// points on the event's own scale, as the total beside it does).
#[tokio::test]
async fn desk_events_show_published_rounds_standings_and_crosstable() {
    use qiyuan_desk::prelude::*;
    let server = TestServer::start().await;
    let store = &server.store;
    let settings = EventSettings::swiss("<script>alert(4)</script>公开赛", GameKind::Xiangqi, 3);
    let id = store.create_event(&settings, "arb").await.unwrap();
    let names = ["<script>alert(3)</script>", "乙", "丙", "丁", "戊", "己"];
    for (i, n) in names.iter().enumerate() {
        store
            .add_player(id, &PlayerInfo::new(*n).rating(2400 - 10 * i as u32), "arb")
            .await
            .unwrap();
    }
    let loaded = store.load_event(id).await.unwrap();
    let round = loaded.desk.pair_next_round().unwrap();
    let saved = store.save_round(id, &round, "arb").await.unwrap();
    assert_eq!(saved.games.len(), 3);
    let anon = server.browser();
    let path = format!("/events/{id}/rounds/1");
    let resp = anon.get(server.url(&path)).send().await.unwrap();
    assert_eq!(resp.status(), 404, "an unpublished round is not public");
    store.publish_round(id, 1, true, "arb").await.unwrap();
    // The round is being played: every event page says so.
    let event_page = anon_get(&server, &anon, &format!("/events/{id}")).await;
    assert!(
        event_page.contains("第1轮正在进行"),
        "round in progress: {event_page}"
    );
    let pending = anon_get(&server, &anon, &path).await;
    assert!(
        pending.contains(r#"id="pairings-1" data-live="#),
        "live while results are missing: {pending}"
    );
    for g in &saved.games {
        store
            .set_result(id, g.id, GameResult::WhiteWins, g.version, "arb")
            .await
            .unwrap();
    }
    let mut pages = vec![anon_get(&server, &anon, "/events").await];
    let event_page = anon_get(&server, &anon, &format!("/events/{id}")).await;
    assert!(!event_page.contains("正在进行"), "every result is in");
    let pairing = anon_get(&server, &anon, &path).await;
    assert!(!pairing.contains("data-live"), "every result is in");
    for head in [
        "<th class=\"num\">台次</th>",
        "<th>红方</th>",
        "<th>结果</th>",
        "<th>黑方</th>",
        "第1轮/共3轮",
    ] {
        assert!(pairing.contains(head), "{head}: {pairing}");
    }
    let boards: Vec<(String, String, String, String)> = tags(&pairing, "<tr data-board=")
        .iter()
        .map(|a| {
            (
                a["data-board"].clone(),
                a["data-white"].clone(),
                a["data-black"].clone(),
                a["data-result"].clone(),
            )
        })
        .collect();
    let stored: Vec<(String, String, String, String)> = saved
        .games
        .iter()
        .map(|g| {
            (
                g.board.to_string(),
                g.white.0.to_string(),
                g.black.0.to_string(),
                "1-0".to_string(),
            )
        })
        .collect();
    assert_eq!(boards, stored);
    // 象棋竞赛规则 records a game won by Red as 红胜.
    assert!(
        pairing.contains("<td class=\"result\">红胜</td>"),
        "{pairing}"
    );
    // The alphabetical list for the venue: six players, header row + 6.
    let by_name = &pairing[pairing.find("class=\"pairings-by-name\"").unwrap()..];
    assert_eq!(by_name.matches("<tr>").count(), 7, "{by_name}");
    // The same page in English.
    let english = anon
        .get(server.url(&path))
        .header("accept-language", "en")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    for head in [
        "<th class=\"num\">Bo.</th>",
        "<th>Red</th>",
        "<th>Result</th>",
        "<th>Black</th>",
        "Round 1 of 3",
    ] {
        assert!(english.contains(head), "{head}: {english}");
    }

    let standings = anon_get(&server, &anon, &format!("/events/{id}/standings")).await;
    let points: HashMap<String, String> = tags(&standings, "<tr data-player=")
        .iter()
        .map(|a| (a["data-player"].clone(), a["data-points"].clone()))
        .collect();
    assert_eq!(points.len(), 6);
    for g in &saved.games {
        assert_eq!(points[&g.white.0.to_string()], "2", "Red won: 2 points");
        assert_eq!(points[&g.black.0.to_string()], "0", "Black lost: 0 points");
    }
    let top: Vec<String> = tags(&standings, "<tr data-player=")
        .iter()
        .take(3)
        .map(|a| a["data-player"].clone())
        .collect();
    for w in &top {
        assert!(saved.games.iter().any(|g| g.white.0.to_string() == *w));
    }
    assert!(standings.contains("第1轮后排名"), "{standings}");

    let cross = anon_get(&server, &anon, &format!("/events/{id}/crosstable")).await;
    for g in &saved.games {
        assert_eq!(
            cross_cell(&cross, g.white.0, 1),
            format!("{}红2", g.black.0)
        );
        assert_eq!(
            cross_cell(&cross, g.black.0, 1),
            format!("{}黑0", g.white.0)
        );
    }

    // The player card of board 1's Red player: round 1, 红, the opponent,
    // won (2 on the event's 2-1-0 scale), 2 points.
    let g = &saved.games[0];
    let card = anon_get(
        &server,
        &anon,
        &format!("/events/{id}/players/{}", g.white.0),
    )
    .await;
    let at = card
        .find("<tr data-round=\"1\"")
        .expect("round 1 on the card");
    let row = &card[at..at + card[at..].find("</tr>").unwrap()];
    let cells: Vec<&str> = row
        .split("<td")
        .skip(1)
        .map(|c| {
            let c = &c[c.find('>').unwrap() + 1..];
            let c = c
                .strip_prefix("<a href=")
                .map_or(c, |a| &a[a.find('>').unwrap() + 1..]);
            &c[..c.find('<').unwrap()]
        })
        .collect();
    let black_name = names[g.black.0 as usize - 1]
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    assert_eq!(
        cells,
        [
            "1",
            "红方",
            &g.black.0.to_string(),
            black_name.as_str(),
            "2",
            "2"
        ],
        "{row}"
    );
    // The card's standing: the rank and points of the standings page, the
    // 2 points of a win on the 2-1-0 scale.
    let ranks: HashMap<String, String> = tags(&standings, "<tr data-player=")
        .iter()
        .map(|a| (a["data-player"].clone(), a["data-rank"].clone()))
        .collect();
    let standing = &card[card
        .find("id=\"player-standing\"")
        .expect("the card's standing")..];
    let rank = &tags(standing, "<dd data-rank=")[0]["data-rank"];
    assert_eq!(rank, &ranks[&g.white.0.to_string()]);
    assert!(standing.contains("<dt>积分</dt><dd>2</dd>"), "{standing}");

    // The hall poster: the short link under a QR code, and the short link
    // leads to the event.
    let poster = anon_get(&server, &anon, &format!("/events/{id}/hall")).await;
    let short = format!("{}/e/{id}", server.base_url);
    assert!(poster.contains(&format!(">{short}</a>")), "{poster}");
    assert!(
        poster.contains("<div class=\"hall-qr\" aria-label=\"赛事页面二维码\"><svg"),
        "{poster}"
    );
    let no_redirects = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let resp = no_redirects.get(&short).send().await.unwrap();
    assert_eq!(resp.status(), 308);
    assert_eq!(
        resp.headers()["location"].to_str().unwrap(),
        format!("/events/{id}")
    );
    assert!(
        poster.contains("&lt;script&gt;alert(4)&lt;/script&gt;")
            && !poster.contains("<script>alert")
    );

    // Round 2 paired but not published: neither its page nor its column.
    let loaded = store.load_event(id).await.unwrap();
    let round2 = loaded.desk.pair_next_round().unwrap();
    store.save_round(id, &round2, "arb").await.unwrap();
    let resp = anon
        .get(server.url(&format!("/events/{id}/rounds/2")))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 404);
    let cross = anon_get(&server, &anon, &format!("/events/{id}/crosstable")).await;
    assert!(!cross.contains("data-round=\"2\""), "{cross}");

    pages.push(anon_get(&server, &anon, &format!("/events/{id}")).await);
    pages.push(card);
    pages.extend([pairing, standings, cross]);
    for page in &pages {
        assert!(!page.contains("<script>alert"), "unescaped: {page}");
        assert!(
            page.contains("&lt;script&gt;alert(4)&lt;/script&gt;"),
            "event name: {page}"
        );
    }
    for page in &pages[1..] {
        assert!(
            page.contains("&lt;script&gt;alert(3)&lt;/script&gt;"),
            "player name: {page}"
        );
    }
}

/// The list and player pages on PostgreSQL (when `QIYUAN_TEST_POSTGRES_URL`
/// is set, as CI does): the same searches and paging as on SQLite, since
/// their SQL is written by hand for both.
#[tokio::test]
async fn lists_and_searches_work_on_postgresql() {
    for (i, what) in ["search", "paging"].into_iter().enumerate() {
        let Some(url) = new_postgres_database(what).await else {
            return;
        };
        let store = qiyuan_store::Store::open(&url).await.unwrap();
        let (site, _state, stop) = serve(store, url).await;
        if i == 0 {
            check_searches(&site.base_url, &site.store).await;
        } else {
            check_paging(&site.base_url, &site.store).await;
        }
        let _ = stop.send(());
    }
}

/// A player finds himself on the event page from a phone: by a piece of
/// his name (Latin letters in either case), his unit or his number; what
/// was typed comes back escaped, and nothing matching says so.
#[tokio::test]
async fn players_are_found_by_name_unit_or_number() {
    use qiyuan_desk::prelude::*;
    let server = TestServer::start().await;
    let store = &server.store;
    let settings = EventSettings::swiss("公开赛", GameKind::Xiangqi, 3);
    let id = store.create_event(&settings, "arb").await.unwrap();
    for (n, club) in [
        ("王天一", "杭州"),
        ("郑惟桐", "四川"),
        ("Anna Lee", "杭州"),
        ("王磊", "北京"),
    ] {
        let mut info = PlayerInfo::new(n);
        info.club = Some(club.into());
        store.add_player(id, &info, "arb").await.unwrap();
    }
    let anon = server.browser();
    let rows = |page: &str| {
        common::all_attrs(page, "data-player")
            .into_iter()
            .map(|p| p.parse::<u32>().unwrap())
            .collect::<Vec<_>>()
    };
    let find = |q: &str| {
        let request = anon
            .get(server.url(&format!("/events/{id}")))
            .query(&[("q", q.to_string())]);
        async move {
            let resp = request.send().await.unwrap();
            assert_eq!(resp.status(), 200);
            resp.text().await.unwrap()
        }
    };
    // The pairing numbers the desk gave them.
    let loaded = store.load_event(id).await.unwrap();
    let no = |name: &str| {
        loaded
            .desk
            .players()
            .iter()
            .find(|p| p.info.name == name)
            .unwrap()
            .id
            .0
    };
    let sorted = |mut v: Vec<u32>| {
        v.sort();
        v
    };
    assert_eq!(
        rows(&find("王").await),
        sorted(vec![no("王天一"), no("王磊")])
    );
    assert_eq!(
        rows(&find("杭州").await),
        sorted(vec![no("王天一"), no("Anna Lee")])
    );
    assert_eq!(rows(&find("anna").await), [no("Anna Lee")]);
    let n = no("郑惟桐");
    assert_eq!(rows(&find(&n.to_string()).await), [n]);
    let page = find("王").await;
    assert!(page.contains("共 4 名棋手，2 名符合“王”。"), "{page}");
    // Times in the site's local time (default UTC+8, China Standard Time).
    assert!(page.contains(" (UTC+8)</p>"), "{page}");
    let page = find("<script>x").await;
    assert!(rows(&page).is_empty());
    assert!(page.contains("&lt;script&gt;x"), "{page}");
    assert!(!page.contains("<script>x"));
    assert_eq!(
        rows(&anon_get(&server, &anon, &format!("/events/{id}")).await),
        [1, 2, 3, 4]
    );
}

/// The `<tr data-player="{id}" …>…</tr>` of a page.
fn player_tr(page: &str, id: u32) -> &str {
    let at = page
        .find(&format!("<tr data-player=\"{id}\""))
        .unwrap_or_else(|| panic!("no row of {id}: {page}"));
    let rest = &page[at..];
    &rest[..rest.find("</tr>").unwrap()]
}

/// Issue 14's list column, the FIDE id, over HTTP: a list imported with a
/// `FIDE编号` column shows each player's FIDE id on its public page, in
/// either language, and so does the list a period computes from it; a list
/// without FIDE ids gets no such column, and no page shows a year of birth.
#[tokio::test]
async fn a_lists_fide_ids_are_on_its_pages() {
    let server = TestServer::start().await;
    let csv = "编号,姓名,性别,出生年份,等级分,有效局数,FIDE编号\n\
               1,甲,男,1987,2400,10,8600001\n\
               2,乙,男,1988,2400,10,\n";
    let list = import_list(&server, "fide.csv", "2019-01-01", csv).await;
    let event = r#"{"name": "对抗赛", "game": "xiangqi", "system": "match",
      "start": "2019-03-10", "end": "2019-03-10",
      "players": [{"id": 1, "name": "甲", "sex": "m"}, {"id": 2, "name": "乙", "sex": "m"}],
      "games": [{"round": 1, "red": 1, "black": 2, "result": "1-0"}]}"#;
    server
        .store
        .import_event("e.json", event, "cxa-2019", "test-officer")
        .await
        .unwrap();
    let period = server
        .store
        .compute_period(
            "cxa-2019",
            chrono::NaiveDate::from_ymd_opt(2019, 6, 1).unwrap(),
            false,
            &|_, _| {},
            "test-officer",
        )
        .await
        .unwrap();
    let computed = period.list_id.unwrap();
    server
        .store
        .publish_list(computed, false, "test-officer")
        .await
        .unwrap();
    let plain = import_list(
        &server,
        "plain.csv",
        "2019-07-01",
        "编号,姓名,性别,等级分\n3,丙,男,2300\n",
    )
    .await;

    let anon = server.browser();
    for id in [list, computed] {
        let page = anon_get(&server, &anon, &format!("/lists/{id}")).await;
        assert!(page.contains("<th>FIDE编号</th>"), "{page}");
        assert!(
            player_tr(&page, 1).contains("<td>8600001</td>"),
            "{}",
            player_tr(&page, 1)
        );
        assert!(!player_tr(&page, 2).contains("8600001"));
        assert!(!page.contains("1987") && !page.contains("1988"), "{page}");
    }
    let page = anon_get(&server, &anon, &format!("/lists/{plain}")).await;
    assert!(!page.contains("FIDE"), "{page}");
    // In English.
    let resp = anon.get(server.url("/lang/en")).send().await.unwrap();
    assert_eq!(resp.status(), 303);
    let page = anon_get(&server, &anon, &format!("/lists/{computed}")).await;
    assert!(page.contains("<th>FIDE ID</th>"), "{page}");
    assert!(player_tr(&page, 1).contains("<td>8600001</td>"));
}

/// A player the office has so far only on a draft list is its work in
/// progress: his page is not found and the players' search does not list
/// him until the list is published.
#[tokio::test]
async fn a_player_only_on_a_draft_list_is_not_public() {
    let server = TestServer::start().await;
    import_list(
        &server,
        "a.csv",
        "2019-01-01",
        "id,name,sex,unit,rating,rated_games\n1,张伟,m,北京,2200,10\n",
    )
    .await;
    let csv =
        "id,name,sex,unit,rating,rated_games\n1,张伟,m,北京,2210,12\n2,草稿甲,f,上海,1900,9\n";
    let read = qiyuan_formats::list::read_list_rows(
        csv.as_bytes(),
        "b.csv",
        &qiyuan_formats::sheet::Limits::list(),
    )
    .unwrap();
    let entries: Vec<qiyuan_store::ListEntry> = read.rows.into_iter().map(Into::into).collect();
    let draft = server
        .store
        .import_list(
            "b.csv",
            csv.as_bytes(),
            "cxa-2019",
            chrono::NaiveDate::from_ymd_opt(2019, 7, 1).unwrap(),
            &entries,
            Default::default(),
            &|_| {},
            "test-officer",
        )
        .await
        .unwrap();
    let anon = server.browser();
    let resp = anon.get(server.url("/players/2")).send().await.unwrap();
    assert_eq!(resp.status(), 404, "a draft's new player");
    assert_eq!(
        anon.get(server.url("/players/1"))
            .send()
            .await
            .unwrap()
            .status(),
        200
    );
    let search = anon_get(&server, &anon, &format!("/players?q={}", q("草稿甲"))).await;
    assert_eq!(row_ids(&search), Vec::<u32>::new());
    server
        .store
        .publish_list(draft.list_id, true, "test-officer")
        .await
        .unwrap();
    let page = anon_get(&server, &anon, "/players/2").await;
    assert!(page.contains("草稿甲"), "{page}");
    let search = anon_get(&server, &anon, &format!("/players?q={}", q("草稿甲"))).await;
    assert_eq!(row_ids(&search), [2]);
}
