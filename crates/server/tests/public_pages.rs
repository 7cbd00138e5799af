//! The public pages over real HTTP, without signing in: rating lists a page
//! at a time, searches whose SQL metacharacters are plain text, player
//! pages, and a player named `<script>` shown as text everywhere.

mod common;

use std::collections::HashMap;

use common::*;
use qiyuan_server::auth::Role;
use qiyuan_store::ListEntry;

/// Attributes of every tag starting with `start` (e.g. `<tr data-player=`).
fn tags(page: &str, start: &str) -> Vec<HashMap<String, String>> {
    let mut out = Vec::new();
    let mut rest = page;
    while let Some(at) = rest.find(start) {
        let tag = &rest[at..];
        let end = tag.find('>').unwrap();
        let mut attrs = HashMap::new();
        let mut s = &tag[..end];
        while let Some(eq) = s.find("=\"") {
            let name = s[..eq].rsplit(' ').next().unwrap().to_string();
            let after = &s[eq + 2..];
            let close = after.find('"').unwrap();
            attrs.insert(name, after[..close].to_string());
            s = &after[close + 1..];
        }
        out.push(attrs);
        rest = &tag[end..];
    }
    out
}

/// The player ids of a page's rows, in order.
fn row_ids(page: &str) -> Vec<u32> {
    tags(page, "<tr data-player=")
        .iter()
        .map(|a| a["data-player"].parse().unwrap())
        .collect()
}

async fn import_list(server: &TestServer, name: &str, date: &str, csv: &str) -> i64 {
    let parsed = qiyuan_formats::list::read_list(csv.as_bytes(), name).unwrap();
    let entries: Vec<ListEntry> = parsed
        .list
        .into_rows()
        .into_iter()
        .enumerate()
        .map(|(i, row)| ListEntry { line: i + 2, row })
        .collect();
    let date = chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").unwrap();
    server
        .store
        .import_list(name, csv.as_bytes(), date, &entries, &|_| {})
        .await
        .unwrap()
        .list_id
}

async fn anon_get(server: &TestServer, client: &reqwest::Client, path: &str) -> String {
    let resp = client.get(server.url(path)).send().await.unwrap();
    let status = resp.status();
    let text = resp.text().await.unwrap();
    assert_eq!(status, 200, "GET {path}: {text}");
    text
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
    let list = import_list(&server, "nasty.csv", "2019-01-01", NASTY).await;
    let anon = server.browser();
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
        let page = anon_get(&server, &anon, &format!("/lists/{list}?q={}", q(text))).await;
        assert_eq!(row_ids(&page), want, "list search {text:?}");
        let page = anon_get(&server, &anon, &format!("/players?q={}", q(text))).await;
        assert_eq!(row_ids(&page), want, "player search {text:?}");
    }
    // An id finds its player; the table is still whole afterwards.
    let page = anon_get(&server, &anon, &format!("/lists/{list}?q=4")).await;
    assert_eq!(row_ids(&page), [4]);
    let page = anon_get(&server, &anon, &format!("/lists/{list}")).await;
    assert_eq!(row_ids(&page), [1, 2, 3, 4, 5], "by rating, highest first");
    assert_eq!(server.store.totals().await.unwrap().players, 5);
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
        .import_event("e.json", event, "cxa-2019")
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
    // 250 players: player i rated 2000 + i, so the highest is player 250.
    // Even players in 象棋俱乐部甲, odd ones in 象棋俱乐部乙.
    let mut csv = String::from("id,name,sex,unit,rating,rated_games\n");
    for i in 1..=250 {
        let unit = if i % 2 == 0 {
            "象棋俱乐部甲"
        } else {
            "象棋俱乐部乙"
        };
        csv.push_str(&format!("{i},P{i:03},m,{unit},{},40\n", 2000 + i));
    }
    let list = import_list(&server, "big.csv", "2019-01-01", &csv).await;
    let anon = server.browser();
    let first = anon_get(&server, &anon, &format!("/lists/{list}")).await;
    let ids = row_ids(&first);
    assert_eq!(ids.len(), 100);
    assert_eq!((ids[0], ids[99]), (250, 151));
    assert!(first.contains(r#"rel="next""#));
    assert!(!first.contains(r#"rel="prev""#));
    let second = anon_get(&server, &anon, &format!("/lists/{list}?page=2")).await;
    let ids = row_ids(&second);
    assert_eq!((ids.len(), ids[0]), (100, 150));
    // Position on the whole list: page 2 starts at 101.
    assert!(second.contains("<td>101</td>"), "{second}");
    let third = anon_get(&server, &anon, &format!("/lists/{list}?page=3")).await;
    let ids = row_ids(&third);
    assert_eq!((ids.len(), ids[0], ids[49]), (50, 50, 1));
    assert!(!third.contains(r#"rel="next""#));
    // A search is paged too: 125 even players in 象棋俱乐部甲, by rating
    // from player 250 down to player 2.
    let found = anon_get(
        &server,
        &anon,
        &format!("/lists/{list}?q={}", q("俱乐部甲")),
    )
    .await;
    let ids = row_ids(&found);
    assert_eq!((ids.len(), ids[0]), (100, 250));
    assert!(found.contains("125"), "the total is shown");
    let rest = anon_get(
        &server,
        &anon,
        &format!("/lists/{list}?q={}&page=2", q("俱乐部甲")),
    )
    .await;
    let ids = row_ids(&rest);
    assert_eq!((ids.len(), ids[24]), (25, 2));
}
