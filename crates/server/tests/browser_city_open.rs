//! A Chinese city open carried through end to end in a real browser (issue
//! 11's acceptance), every page in Chinese:
//!
//! the arbiter imports 40 players from a GBK CSV with Chinese headers (what
//! Chinese Excel saves), checks the preview, confirms it; numbers them by
//! rating; pairs 7 rounds of a xiangqi Swiss, entering every result on a
//! phone-sized window; takes a late entry before round 3 and a withdrawal
//! after round 4; submits the finished event to the rating office. The
//! officer reviews it (the late entry is a newcomer to confirm), imports
//! it, previews the period, computes and publishes the list; the player's
//! public page shows the rating the published list gives him.
//!
//! The harness (Chromium through chromedriver) is `common::browser`.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use common::TestServer;
use common::browser::*;
use fantoccini::Locator;
use qiyuan_server::auth::Role;

/// The office's list the players come from: 40 men, list ids 3001…3040,
/// rated 2700, 2690, … 2310 (all above cxa-2019's published minimum of
/// 2301 for men, 第四条), 30 valid games each.
fn list_csv() -> String {
    let mut s = String::from("id,name,sex,rating,rated_games,status\n");
    for i in 0..40u32 {
        s.push_str(&format!(
            "{},{},m,{},30,active\n",
            3001 + i,
            name(i),
            2700 - 10 * i
        ));
    }
    s
}

/// The i-th player's name: three Chinese characters, all different (the
/// first two already are), none a part of another.
fn name(i: u32) -> String {
    const FAMILY: [&str; 8] = ["王", "李", "张", "刘", "陈", "杨", "赵", "黄"];
    const GIVEN: [&str; 5] = ["伟", "强", "磊", "军", "洋"];
    const LAST: [&str; 3] = ["明", "华", "平"];
    format!(
        "{}{}{}",
        FAMILY[(i % 8) as usize],
        GIVEN[(i / 8) as usize],
        LAST[(i % 3) as usize]
    )
}

/// The late entry.
const LATE: &str = "周小雨";

/// The arbiter's entry list as Excel saves it in China: GBK, Chinese
/// headers, a row number (序号, never read) and the list id (编号), the rows
/// not in rating order.
fn entry_csv_gbk() -> Vec<u8> {
    let mut s = String::from("序号,编号,姓名,性别,等级分,单位\n");
    // Entry order: every third player first, as the forms came in.
    let order: Vec<u32> = (0..40).map(|k| (k * 7) % 40).collect();
    assert_eq!(order.iter().collect::<BTreeSet<_>>().len(), 40);
    for (row, &i) in order.iter().enumerate() {
        s.push_str(&format!(
            "{},{},{},男,{},{}\n",
            row + 1,
            3001 + i,
            name(i),
            2700 - 10 * i,
            ["上海", "北京", "广东", "浙江", "四川"][(i % 5) as usize]
        ));
    }
    let (bytes, _, unmappable) = encoding_rs::GBK.encode(&s);
    assert!(!unmappable);
    bytes.into_owned()
}

/// The result key of `board` in `round`: red wins, draw, black wins in turn.
fn result_for(round: u32, board: u32) -> &'static str {
    ["w", "d", "b"][((round + board) % 3) as usize]
}

#[tokio::test]
async fn a_city_open_from_a_gbk_list_to_the_published_rating() {
    let server = TestServer::start().await;
    // The office's list before the event (published 1 June 2025).
    common::import_list_csv(
        &server.store,
        "list-2025-06.csv",
        chrono::NaiveDate::from_ymd_opt(2025, 6, 1).unwrap(),
        &list_csv(),
    )
    .await;
    server
        .create_account("arbiter", common::TEST_PASSWORD, Role::Arbiter)
        .await;
    server
        .create_account("officer", common::TEST_PASSWORD, Role::Officer)
        .await;
    let dir = tempfile::tempdir().unwrap();
    let csv_path = dir.path().join("报名表.csv");
    std::fs::write(&csv_path, entry_csv_gbk()).unwrap();
    let csv_path = csv_path.display().to_string();

    let store = server.store.clone();
    with_browser("city-open", &server, move |b| async move {
        let zh = true;
        sign_in(&b, "arbiter").await;

        // --- The event: a 7-round xiangqi Swiss rated under cxa-2019. ---
        b.goto("/desk/events/new").await;
        b.find("#create-event").await;
        b.fill("#create-event input[name=name]", "2025 城市象棋公开赛").await;
        b.select("#create-event select[name=game]", "xiangqi").await;
        b.select("#create-event select[name=system]", "swiss").await;
        b.fill("#create-event input[name=rounds]", "7").await;
        b.select("#create-event select[name=scoring]", "xiangqi").await;
        b.select("#create-event select[name=rating_profile]", "cxa-2019")
            .await;
        // Date fields take typing in the browser's locale: set them whole.
        b.js("document.querySelector('#create-event input[name=start]').value = '2025-07-10'; \
              document.querySelector('#create-event input[name=end]').value = '2025-07-13'; return true;")
            .await;
        b.assert_lang(zh).await;
        b.click("#create-event-submit").await;
        b.find("#add-player").await;
        let path = b.path().await;
        let id: i64 = path
            .strip_prefix("/desk/events/")
            .and_then(|p| p.strip_suffix("/players"))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("after creating the event: {path}"));
        let ev = format!("/desk/events/{id}");

        // --- 40 players from the GBK file: preview, then confirm. ---
        b.find("#import-players input[type=file]")
            .await
            .send_keys(&csv_path)
            .await
            .expect("choose the file");
        b.click("#import-submit").await;
        b.find("#import-preview").await;
        b.assert_lang(zh).await;
        let summary = b.text("#import-summary").await;
        assert!(summary.contains("CSV (gb18030)") || summary.contains("CSV (GBK)"), "{summary}");
        assert!(summary.contains("新棋手 40 名"), "{summary}");
        assert!(b.text("#columns-not-read").await.contains("序号"));
        assert_eq!(b.all("#import-preview tr[data-status='new']").await.len(), 40);
        b.step("import-preview").await;
        // Nothing is stored before the confirmation.
        assert!(store.load_event(id).await.unwrap().desk.players().is_empty());
        b.click("#confirm-import-submit").await;
        b.wait_text("#flash", "报名表.csv：导入 40 名棋手，更新 0 名，0 行未作改动，拒绝 0 行。")
            .await;

        // --- Numbered by rating (C.04.2 / the rules: rating, title, name):
        // list id 3001 (2700) is number 1, … 3040 (2310) number 40. ---
        // The import already placed each player where the rules rank him
        // (the seeding is by rating): numbering again moves nobody.
        b.click("#seed-rating button").await;
        b.wait_text("#flash", "已按等级分、称号、姓名排定序号：0 人序号变动。")
            .await;
        let numbered = server_players(&b, &ev).await;
        let expected: Vec<(u32, String)> = (0..40).map(|i| (i + 1, name(i))).collect();
        assert_eq!(numbered, expected);
        b.step("seeded").await;

        // --- Seven rounds. ---
        let mut units: BTreeMap<String, u32> = BTreeMap::new();
        let mut met: BTreeSet<(String, String)> = BTreeSet::new();
        let mut withdrawn = String::new();
        for r in 1..=7u32 {
            if r == 3 {
                // A late entry before round 3: an unrated junior not on
                // any list (a newcomer for the office).
                b.goto(&format!("{ev}/players")).await;
                b.fill("#add-player input[name=name]", LATE).await;
                b.select("#add-player select[name=sex]", "m").await;
                b.fill("#add-player input[name=club]", "上海").await;
                b.click("#add-player-submit").await;
                b.find("#flash.notice").await;
                assert!(server_players(&b, &ev).await.iter().any(|(_, n)| n == LATE));
            }
            if r == 5 {
                // A withdrawal after round 4: number 40 leaves.
                withdrawn = server_players(&b, &ev)
                    .await
                    .into_iter()
                    .find(|(n, _)| *n == 40)
                    .expect("a number 40")
                    .1;
                b.select("#withdraw select[name=player]", "40").await;
                b.fill("#withdraw input[name=round]", "4").await;
                b.click("#withdraw button[type=submit]").await;
                b.find("#flash.notice").await;
            }
            b.goto(&format!("{ev}/pair")).await;
            b.find(&format!("#proposal[data-round='{r}']")).await;
            b.assert_lang(zh).await;
            b.click("#confirm-pair").await;
            b.find(&format!("#round-title[data-round='{r}']")).await;

            // A pairing-allocated bye (轮空) scores a win: 2 points under
            // the xiangqi scoring (2 – 1 – 0); a player not playing, none.
            let mut byes = 0;
            for li in b.all("#byes li").await {
                let text = li.text().await.unwrap();
                if text.ends_with("轮空") {
                    byes += 1;
                    let who = (0..40)
                        .map(name)
                        .chain([LATE.to_string()])
                        .find(|n| text.contains(n.as_str()))
                        .unwrap_or_else(|| panic!("round {r}: whose bye is {text:?}?"));
                    *units.entry(who).or_default() += 2;
                }
            }
            // An odd number of players: one bye (rounds 3 and 4, with the
            // late entry; C.04.1 c).
            assert_eq!(byes, u32::from(r == 3 || r == 4), "round {r}: byes");
            b.window(PHONE).await;
            let sets = b.all("fieldset[data-game]").await;
            let boards = sets.len() as u32;
            // 40 players, 41 after the late entry, 40 again after the
            // withdrawal: 20 boards (and a bye while 41 play).
            assert_eq!(boards, 20, "round {r}");
            let mut saved = 0;
            for board in 1..=boards {
                let set = b.find(&format!("fieldset#board-{board}")).await;
                let who = set
                    .find(Locator::Css("legend"))
                    .await
                    .unwrap()
                    .text()
                    .await
                    .unwrap();
                let game = set.attr("data-game").await.unwrap().expect("data-game");
                let key = result_for(r, board);
                b.click(&format!("label[for='g{game}-{key}']")).await;
                // The legend names the two players, the first colour first.
                let mut found: Vec<(usize, String)> = (0..40)
                    .map(name)
                    .chain([LATE.to_string()])
                    .filter_map(|n| who.find(&n).map(|at| (at, n)))
                    .collect();
                found.sort();
                let names: Vec<String> = found.into_iter().map(|(_, n)| n).collect();
                assert_eq!(names.len(), 2, "board {board} of round {r} reads {who:?}");
                let pair = (names[0].clone().min(names[1].clone()), names[0].clone().max(names[1].clone()));
                assert!(met.insert(pair), "round {r}: {who} met before");
                let (red, black) = match key {
                    "w" => (2, 0),
                    "d" => (1, 1),
                    _ => (0, 2),
                };
                *units.entry(names[0].clone()).or_default() += red;
                *units.entry(names[1].clone()).or_default() += black;
                saved += 1;
            }
            let fits = b
                .js("return document.documentElement.scrollWidth <= window.innerWidth;")
                .await;
            assert_eq!(fits, serde_json::json!(true), "round {r}: wider than the phone");
            b.click("#save-results").await;
            b.wait_text("#flash", &format!("已保存 {saved} 个成绩。")).await;
            b.step(&format!("round-{r}-phone")).await;
            b.window(DESKTOP).await;
        }
        // The withdrawn player (number 40 after round 4) played 4 games;
        // the late entry played from round 3 on.
        let games_of = |who: &str| met.iter().filter(|(a, c)| a == who || c == who).count();
        assert_eq!(games_of(&withdrawn), 4, "{withdrawn}");
        assert!((4..=5).contains(&games_of(LATE)), "{LATE}: {}", games_of(LATE));

        // --- Standings: the points counted here (2 – 1 – 0). ---
        b.goto(&format!("{ev}/standings")).await;
        b.find("#standings").await;
        b.assert_lang(zh).await;
        for row in b.all("#standings tbody tr").await {
            let cells = row.find_all(Locator::Css("td")).await.unwrap();
            let mut texts = Vec::new();
            for c in &cells {
                texts.push(c.text().await.unwrap());
            }
            let who = texts.iter().find(|t| units.contains_key(t.trim()));
            if let Some(who) = who {
                let pts = units[who.trim()];
                assert!(
                    texts.iter().any(|t| t.trim() == pts.to_string()),
                    "{who}: {pts} points expected in {texts:?}"
                );
            }
        }
        b.step("standings").await;

        // --- Submitted to the rating office. ---
        b.goto(&ev).await;
        b.click("#submit-to-office button").await;
        b.find("#office-submission p[data-status='pending']").await;
        b.assert_lang(zh).await;
        b.step("submitted").await;
        sign_out(&b).await;

        // --- The officer: review, confirm the newcomer, import. ---
        sign_in(&b, "officer").await;
        b.goto("/office").await;
        b.click("#submissions li a").await;
        b.find("#import-submission").await;
        b.assert_lang(zh).await;
        let page = b.text("main").await;
        assert!(page.contains(LATE) && page.contains("新棋手"), "{page}");
        b.step("review").await;
        b.click("#import-submission input[name=confirm_new]").await;
        b.click("#import-submission button[type=submit]").await;
        b.wait_text("main h1", "赛事已导入").await;
        let done = b.text("main").await;
        assert!(done.contains("棋手 41 名"), "{done}");

        // --- The period 1 June – 30 Sept 2025, list of 1 Oct (第四条):
        // previewed, computed, published. (The dashboard's select offers
        // the dates around today; the preview's address is the form's.) ---
        b.goto("/office/period?profile=cxa-2019&list_date=2025-10-01").await;
        b.find("form.confirm").await;
        b.assert_lang(zh).await;
        b.step("period-preview").await;
        b.click("form.confirm button[type=submit]").await;
        b.find("#publish-draft").await;
        if !b.all("#publish-draft input[name=confirm_identity]").await.is_empty() {
            b.click("#publish-draft input[name=confirm_identity]").await;
        }
        b.click("#publish-draft button[type=submit]").await;
        b.wait_text("main h1", "名单已公布").await;
        b.step("published").await;
        sign_out(&b).await;
    })
    .await;

    // --- The player's public page shows the published list's rating. ---
    let lists = server.store.lists().await.unwrap();
    let published = lists
        .iter()
        .filter(|l| l.status == "published")
        .max_by_key(|l| l.list_date)
        .expect("a published list");
    assert_eq!(published.list_date.to_string(), "2025-10-01");
    let lines = server.store.list_lines(published.id).await.unwrap();
    let top = lines
        .iter()
        .find(|e| e.id == 3001)
        .expect("3001 on the list");
    let rating = top.rating.expect("rated");
    assert_eq!(
        top.rating_before.map(|r| r.to_string()).as_deref(),
        Some("2700")
    );
    assert_ne!(rating.to_string(), "2700", "seven games changed his rating");
    let page = reqwest::get(server.url("/players/3001"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains(&rating.to_string()), "{rating} on {page}");
    assert!(page.contains("2025-10-01"), "{page}");
}

/// Signs `user` in through the sign-in page, in Chinese.
async fn sign_in(b: &Browser, user: &str) {
    b.goto("/login").await;
    b.find("form[action='/login']").await;
    if !b.all("header.site a[href='/lang/zh']").await.is_empty() {
        b.click("header.site a[href='/lang/zh']").await;
    }
    b.wait_text("main h1", "登录").await;
    b.fill("input[name=username]", user).await;
    b.fill("input[name=password]", common::TEST_PASSWORD).await;
    b.click("form[action='/login'] button[type=submit]").await;
    b.wait_text("header.site a.user", user).await;
}

/// Signs out and waits for the page that follows (the header's sign-in
/// link), so that the next navigation does not race the redirect.
async fn sign_out(b: &Browser) {
    b.click("header.site form[action='/logout'] button").await;
    b.find("header.site a[href='/login']").await;
    assert!(b.all("header.site a.user").await.is_empty());
}

/// The players page as the arbiter sees it: (number, name) in order.
async fn server_players(b: &Browser, ev: &str) -> Vec<(u32, String)> {
    b.goto(&format!("{ev}/players")).await;
    b.find("#players").await;
    let mut out = Vec::new();
    for row in b.all("#players tbody tr[data-player]").await {
        let cells = row.find_all(Locator::Css("td")).await.unwrap();
        let n: u32 = cells[0].text().await.unwrap().trim().parse().unwrap();
        let name = cells[2].text().await.unwrap().trim().to_string();
        out.push((n, name));
    }
    out
}
