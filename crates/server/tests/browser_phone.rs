//! The desk's forms and report pages on a phone (issue 15 item 5): at 360
//! CSS pixels, in Chinese and in English, no page is wider than the screen
//! — long choices (rating profiles by their titles, tie-break presets with
//! their descriptions) shrink to the form, tables scroll inside their frame.

mod common;

use common::browser::*;
use common::{TestServer, created_event_id};
use fantoccini::Locator;
use qiyuan_server::auth::Role;

/// The narrowest phone screen the issue names.
const NARROW: (u32, u32) = (360, 780);

#[tokio::test]
async fn desk_forms_and_reports_fit_a_phone() {
    let server = TestServer::start().await;
    server.sign_in_as("arb", Role::Arbiter).await;
    // A chess round robin with its regulation data, four players, round 1
    // paired: every report page has something to show.
    let id = created_event_id(
        &server
            .post_form(
                "/desk/events/new",
                &[
                    ("name", "全国国际象棋个人冠军赛"),
                    ("game", "chess"),
                    ("system", "round_robin"),
                    ("cycles", "1"),
                    ("rating_profile", "cca-chess"),
                    ("kind", "national-individual"),
                    ("time_control", "90/40, 30"),
                    ("chief_arbiter", "王裁判（国家级）"),
                ],
            )
            .await,
    );
    for (n, r) in [
        ("甲", "2300"),
        ("乙", "2200"),
        ("丙", "2100"),
        ("丁", "2001"),
    ] {
        let resp = server
            .post_form(
                &format!("/desk/events/{id}/players"),
                &[
                    ("action", "add"),
                    ("name", n),
                    ("rating", r),
                    ("sex", "m"),
                    ("club", "北京"),
                ],
            )
            .await;
        assert_eq!(resp.status(), 200);
    }
    let pages: Vec<String> = [
        "/desk/events/new".to_string(),
        format!("/desk/events/{id}/settings"),
        format!("/desk/events/{id}/players"),
        format!("/desk/events/{id}/rating"),
        format!("/desk/events/{id}/norms"),
        format!("/desk/events/{id}/titles"),
        format!("/desk/events/{id}/standings"),
        format!("/desk/events/{id}/crosstable"),
    ]
    .to_vec();
    with_browser("phone", &server, move |b| async move {
        b.sign_in("arb").await;
        b.window(NARROW).await;
        let mut wide = Vec::new();
        for lang in ["zh", "en"] {
            b.goto(&format!("/lang/{lang}")).await;
            for path in &pages {
                b.goto(path).await;
                b.find("main").await;
                if path.ends_with("/settings") {
                    b.step(&format!("settings-{lang}")).await;
                }
                let fits = b
                    .js("return document.documentElement.scrollWidth <= window.innerWidth;")
                    .await;
                if fits != serde_json::json!(true) {
                    let width = b.js("return document.documentElement.scrollWidth;").await;
                    // The elements that reach past the screen, outermost first.
                    let culprits = b
                        .js("const w = window.innerWidth; const out = [];
                             for (const e of document.querySelectorAll('body *')) {
                               const r = e.getBoundingClientRect();
                               if (r.right > w + 1 && !e.closest('.table-wrap')) {
                                 out.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
                                   + (e.className ? '.' + e.className : '') + ' ' + Math.round(r.right));
                               }
                             }
                             return out.slice(0, 6).join(', ');")
                        .await;
                    wide.push(format!("{lang} {path}: {width} px ({culprits})"));
                    b.step(&format!("wide-{lang}{}", path.replace('/', "-")))
                        .await;
                }
            }
        }
        assert!(
            wide.is_empty(),
            "wider than a 360 px phone:\n{}",
            wide.join("\n")
        );
    })
    .await;
}

/// The public standings of a xiangqi Swiss on a phone (issue 15 item 5):
/// the table is wider than the screen, so it scrolls inside its frame with
/// the name column held in view and the right edge faded while columns
/// remain beyond it; the page itself stays as wide as the screen — as does
/// every public page at 360 and 1366 px.
#[tokio::test]
async fn a_wide_table_scrolls_under_a_held_name_column() {
    use qiyuan_desk::prelude::*;
    let server = TestServer::start().await;
    let store = &server.store;
    // Rated, its first player taken from a published list: his card shows
    // his performance and rating change and links to his list page, which
    // lists the event.
    common::import_list_csv(
        store,
        "list.csv",
        chrono::NaiveDate::from_ymd_opt(2019, 1, 1).unwrap(),
        "id,name,sex,unit,rating,rated_games\n301,棋手1,m,北京市朝阳区象棋运动协会,2400,40\n",
    )
    .await;
    let mut settings = EventSettings::swiss("城市象棋公开赛", GameKind::Xiangqi, 5);
    settings.rating_profile = Some("cxa-2019".into());
    let id = store.create_event(&settings, "arb").await.unwrap();
    for i in 0..12u32 {
        let info = PlayerInfo::new(format!("棋手{}", i + 1))
            .rating(2400 - 10 * i)
            .club("北京市朝阳区象棋运动协会")
            .sex(Sex::Male);
        if i == 0 {
            store
                .add_player_from_list(id, &info, 301, "arb")
                .await
                .unwrap();
        } else {
            store.add_player(id, &info, "arb").await.unwrap();
        }
    }
    let loaded = store.load_event(id).await.unwrap();
    let round = loaded.desk.pair_next_round().unwrap();
    let saved = store.save_round(id, &round, "arb").await.unwrap();
    for g in &saved.games {
        store
            .set_result(id, g.id, GameResult::Draw, g.version, "arb")
            .await
            .unwrap();
    }
    store.publish_round(id, 1, true, "arb").await.unwrap();
    with_browser("phone-standings", &server, move |b| async move {
        b.window(NARROW).await;
        b.goto(&format!("/events/{id}/standings")).await;
        b.find("table.standings td.name").await;
        b.step("standings").await;
        let fits = b
            .js("return document.documentElement.scrollWidth <= window.innerWidth;")
            .await;
        assert_eq!(fits, serde_json::json!(true), "the page is wider than the phone");
        let state = b
            .js("const f = document.querySelector('#standings .table-wrap');
                 const n = f.querySelector('td.name');
                 return [f.scrollWidth > f.clientWidth, f.classList.contains('more-right'),
                         getComputedStyle(n).position];")
            .await;
        assert_eq!(state, serde_json::json!([true, true, "sticky"]), "before scrolling");
        b.js("const f = document.querySelector('#standings .table-wrap');
              f.scrollLeft = f.scrollWidth; f.dispatchEvent(new Event('scroll'));
              return null;")
            .await;
        b.step("standings-scrolled").await;
        let after = b
            .js("const f = document.querySelector('#standings .table-wrap');
                 const n = f.querySelector('td.name').getBoundingClientRect();
                 const r = f.getBoundingClientRect();
                 return [f.classList.contains('more-right'), n.left >= r.left - 1 && n.right <= r.right];")
            .await;
        assert_eq!(
            after,
            serde_json::json!([false, true]),
            "scrolled to the end: no fade, the name still in view"
        );
        // Every public page of the event, the lists and the help, at a
        // phone's and a laptop's width, in both languages: none is wider
        // than its screen (tables scroll inside their frames).
        let pages = [
            "/".to_string(),
            "/events".to_string(),
            format!("/events/{id}"),
            format!("/events/{id}/rounds/1"),
            format!("/events/{id}/standings"),
            format!("/events/{id}/crosstable"),
            format!("/events/{id}/players/1"),
            format!("/events/{id}/hall"),
            "/lists".to_string(),
            "/players/301".to_string(),
            "/search".to_string(),
            format!("/search?q={}", "棋手"),
            "/help".to_string(),
        ];
        // The card has the figures and the link the other pages are
        // checked with.
        b.goto(&format!("/events/{id}/players/1")).await;
        b.find("#player-rating").await;
        b.find("#list-player").await;
        b.goto("/players/301").await;
        b.find("#events-played").await;
        let mut wide = Vec::new();
        for size in [NARROW, (1366, 768)] {
            b.window(size).await;
            for lang in ["zh", "en"] {
                b.goto(&format!("/lang/{lang}")).await;
                for path in &pages {
                    b.goto(path).await;
                    b.find("main").await;
                    let fits = b
                        .js("return document.documentElement.scrollWidth <= window.innerWidth;")
                        .await;
                    if fits != serde_json::json!(true) {
                        wide.push(format!("{} px {lang} {path}", size.0));
                    }
                }
            }
        }
        assert!(wide.is_empty(), "wider than the screen:\n{}", wide.join("\n"));
    })
    .await;
}

/// A xiangqi arbiter on a phone, in Chinese, chooses on the settings page
/// results written as scores (比分 2:0 / 1:1 / 0:2) and lists by strokes
/// (笔画): the result choices of round 1 then read 2:0 / 1:1 / 0:2, and the
/// list by name follows the strokes of the surnames — 丁 2, 王 4, 李 7,
/// 赵 9 (pinyin would give 丁, 李, 王, 赵).
#[tokio::test]
async fn xiangqi_options_chosen_on_a_phone() {
    let server = TestServer::start().await;
    server.sign_in_as("arb", Role::Arbiter).await;
    let id = created_event_id(
        &server
            .post_form(
                "/desk/events/new",
                &[
                    ("name", "城市象棋公开赛"),
                    ("game", "xiangqi"),
                    ("system", "swiss"),
                    ("rounds", "3"),
                ],
            )
            .await,
    );
    for (n, r) in [
        ("赵一", "2300"),
        ("李一", "2200"),
        ("王一", "2100"),
        ("丁一", "2000"),
    ] {
        let resp = server
            .post_form(
                &format!("/desk/events/{id}/players"),
                &[("action", "add"), ("name", n), ("rating", r)],
            )
            .await;
        assert_eq!(resp.status(), 200);
    }
    with_browser("xiangqi-options", &server, move |b| async move {
        b.sign_in("arb").await;
        b.goto("/lang/zh").await;
        b.window(NARROW).await;

        b.goto(&format!("/desk/events/{id}/settings")).await;
        b.select("#event-settings select[name=result_wording]", "scores")
            .await;
        b.select("#event-settings select[name=name_order]", "stroke")
            .await;
        b.click("#event-settings button[type=submit]").await;
        b.wait_text("#flash", "设置已保存。").await;
        b.step("options-saved").await;

        b.goto(&format!("/desk/events/{id}/rounds")).await;
        b.click("#pair-next").await;
        b.find("#proposal[data-round='1']").await;
        b.click("#confirm-pair").await;
        b.find("#round-title[data-round='1']").await;
        let boards = b.all("fieldset[data-game]").await;
        assert_eq!(boards.len(), 2, "four players, two boards");
        for set in boards {
            let game = set.attr("data-game").await.unwrap().expect("data-game");
            let mut words = Vec::new();
            for key in ["w", "d", "b"] {
                let label = b.find(&format!("label[for='g{game}-{key}']")).await;
                words.push(label.text().await.unwrap().trim().to_string());
            }
            assert_eq!(words, ["2:0", "1:1", "0:2"], "board of game {game}");
        }
        let fits = b
            .js("return document.documentElement.scrollWidth <= window.innerWidth;")
            .await;
        assert_eq!(fits, serde_json::json!(true), "the result page fits");
        b.step("results-as-scores").await;

        b.goto(&format!("/desk/events/{id}/print/alphabetical?round=1"))
            .await;
        let mut names = Vec::new();
        for row in b.all("#alphabetical tbody tr").await {
            let cell = row.find(Locator::Css("td")).await.unwrap();
            names.push(cell.text().await.unwrap().trim().to_string());
        }
        assert_eq!(names, ["丁一", "王一", "李一", "赵一"]);
    })
    .await;
}
