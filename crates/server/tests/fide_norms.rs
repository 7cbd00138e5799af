//! The desk's norms page shows the FIDE title norms (B.01, 2024) of a
//! chess event beside the national norms, in both languages — over HTTP,
//! and in a browser (English on a desktop, Chinese on a phone).

mod common;

use common::TestServer;
use qiyuan_desk::prelude::*;
use qiyuan_server::auth::Role;

/// A chess round robin of ten players (nine rounds, Berger tables). The
/// candidate 甲 (CHN, 2450) meets nine opponents rated 2500 down to 2340
/// by 20 (sum 21780, Ra 2420): federations CHN ×3, IND ×2, VIE ×2, KAZ ×2;
/// titles GM ×4 (国际特级大师 written in Chinese for one), IM ×3, FM, none.
/// 甲 beats the five highest, draws the next two, beats 2360 and loses to
/// 2340: 7 points; every other game is drawn.
///
/// GM (B.01 1.4): 9 games (1.4.1a); 7 of 9 = 77.8% → 78% → dp 220 (1.4.9);
/// Rp = 2420 + 220 = 2640 ≥ 2600, Ra 2420 ≥ 2380 (1.4.8); foreign
/// federations 3 ≥ 2 (1.4.3); CHN 3 ≤ ⌊9 × 3/5⌋ = 5, one federation 3 ≤ 6
/// (1.4.4); title-holders 8 ≥ 5 (1.4.5a); GMs 4 ≥ 3 (1.4.5b) → a norm.
///
/// 对手1 (IND, GM, 2500) meets 甲 (2450) and 对手2–9 (2480 … 2340):
/// 21730 / 9 = 2414.4 → 2414 (1.4.7); a loss to 甲 and eight draws, 4 of 9
/// = 44.4% → 44% → dp −43 → Rp 2371 < 2600: no GM norm, refused under
/// 1.4.8 — the page names the article.
async fn event(server: &TestServer) -> i64 {
    let store = &server.store;
    let settings = {
        let mut s = EventSettings::round_robin("国际象棋公开赛", GameKind::Chess, 1);
        s.rating_profile = Some("fide-2024".into());
        s
    };
    let id = store.create_event(&settings, "arb").await.unwrap();
    let feds = [
        "CHN", "IND", "VIE", "KAZ", "CHN", "IND", "VIE", "KAZ", "CHN",
    ];
    let titles = ["国际特级大师", "GM", "GM", "GM", "IM", "IM", "IM", "FM", ""];
    let mut info = PlayerInfo::new("甲").rating(2450).sex(Sex::Male);
    info.federation = Some("CHN".into());
    store.add_player(id, &info, "arb").await.unwrap();
    for i in 0..9u32 {
        let mut p = PlayerInfo::new(format!("对手{}", i + 1))
            .rating(2500 - 20 * i)
            .sex(Sex::Male);
        p.federation = Some(feds[i as usize].into());
        p.title = (!titles[i as usize].is_empty()).then(|| titles[i as usize].to_string());
        store.add_player(id, &p, "arb").await.unwrap();
    }
    let loaded = store.load_event(id).await.unwrap();
    let by_name = |n: &str| {
        loaded
            .desk
            .players()
            .into_iter()
            .find(|p| p.info.name == n)
            .unwrap()
            .id
    };
    let candidate = by_name("甲");
    // 甲's result against 对手k (from 甲's side).
    let results = ['1', '1', '1', '1', '1', '=', '=', '1', '0'];
    let against: Vec<(PlayerId, char)> = (0..9)
        .map(|k| (by_name(&format!("对手{}", k + 1)), results[k]))
        .collect();
    for round in 1..=9u32 {
        let loaded = store.load_event(id).await.unwrap();
        let proposed = loaded.desk.pair_next_round().unwrap();
        let saved = store.save_round(id, &proposed, "arb").await.unwrap();
        assert_eq!(saved.round, round);
        for g in &saved.games {
            let result = if g.white == candidate || g.black == candidate {
                let other = if g.white == candidate {
                    g.black
                } else {
                    g.white
                };
                let r = against.iter().find(|(p, _)| *p == other).unwrap().1;
                match (r, g.white == candidate) {
                    ('1', true) | ('0', false) => GameResult::WhiteWins,
                    ('0', true) | ('1', false) => GameResult::BlackWins,
                    _ => GameResult::Draw,
                }
            } else {
                GameResult::Draw
            };
            store
                .set_result(id, g.id, result, g.version, "arb")
                .await
                .unwrap();
        }
    }
    id
}

/// The cell of a player's FIDE norms: from its row to the row's end.
fn fide_row<'a>(page: &'a str, name: &str) -> &'a str {
    let table = &page[page
        .find(r#"id="fide-norm-table""#)
        .expect("the FIDE table")..];
    let at = table
        .find(&format!("<td>{name}</td>"))
        .unwrap_or_else(|| panic!("{name} in {table}"));
    let row = &table[at..];
    &row[..row.find("</tr>").unwrap()]
}

#[tokio::test]
async fn a_chess_events_norms_page_lists_the_fide_norms_in_both_languages() {
    let server = TestServer::start().await;
    let arb = server.sign_in_as("arb", Role::Arbiter).await;
    let id = event(&server).await;
    server.store.assign_arbiter(id, arb.id).await.unwrap();

    let zh = server.get_text(&format!("/desk/events/{id}/norms")).await;
    // The national section stays.
    assert!(zh.contains(r#"id="norm-report""#), "{zh}");
    assert!(zh.contains("国际棋联称号标准"), "{zh}");
    let row = fide_row(&zh, "甲");
    assert!(
        row.contains(r#"data-title="GM" data-achieved="true""#),
        "{row}"
    );
    assert!(row.contains("达到标准"), "{row}");
    assert!(row.contains("Ra 2420, Rp 2640"), "{row}");
    // The 2500 GM: a refusal with its article.
    let row = fide_row(&zh, "对手1");
    assert!(
        row.contains(r#"data-title="GM" data-achieved="false""#),
        "{row}"
    );
    assert!(row.contains(r#"data-article="1.4.8""#), "{row}");
    assert!(
        row.contains("1.4.8：等级分表现 2414 + dp(44%) -43 = 2371，至少 2600"),
        "{row}"
    );
    // 国际特级大师 is the FIDE title GM.
    assert!(row.contains("<td>GM</td>"), "{row}");

    let resp = server.get("/lang/en").await;
    assert!(resp.status().is_success() || resp.status().is_redirection());
    let en = server.get_text(&format!("/desk/events/{id}/norms")).await;
    assert!(en.contains("FIDE title norms"), "{en}");
    let row = fide_row(&en, "甲");
    assert!(row.contains(">norm<"), "{row}");
    let row = fide_row(&en, "对手1");
    assert!(
        row.contains("1.4.8: performance 2414 + dp(44%) -43 = 2371, at least 2600"),
        "{row}"
    );

    // The host federation and kind are the arbiter's: declared the final
    // of the national championship with host CHN, 甲 is exempt from the
    // federation mix (1.4.3a).
    let en = server
        .get_text(&format!(
            "/desk/events/{id}/norms?fide_kind=national-championship&host_federation=chn"
        ))
        .await;
    assert!(
        en.contains(r#"<option value="national-championship" selected>"#),
        "{en}"
    );
    assert!(en.contains(r#"value="CHN""#), "{en}");
    assert!(fide_row(&en, "甲").contains("under 1.4.3a"), "{en}");
}

#[tokio::test]
async fn a_xiangqi_events_norms_page_has_no_fide_section() {
    let server = TestServer::start().await;
    let arb = server.sign_in_as("arb", Role::Arbiter).await;
    let settings = EventSettings::swiss("象棋公开赛", GameKind::Xiangqi, 5);
    let id = server.store.create_event(&settings, "arb").await.unwrap();
    server.store.assign_arbiter(id, arb.id).await.unwrap();
    let page = server.get_text(&format!("/desk/events/{id}/norms")).await;
    assert!(!page.contains("fide-norms"), "{page}");
}

/// The FIDE norms as the arbiter reads them in a browser: in English on a
/// desktop he declares the final of the national championship hosted by
/// CHN and sees 甲's GM norm under 1.4.3a; in Chinese on a 360 px phone the
/// 2500 GM's refusal names 1.4.8, and the page fits the screen. The
/// figures are those worked out above [`event`].
#[tokio::test]
async fn the_fide_norms_in_a_browser() {
    use common::browser::*;
    let server = TestServer::start().await;
    let arb = server.sign_in_as("arb", Role::Arbiter).await;
    let id = event(&server).await;
    server.store.assign_arbiter(id, arb.id).await.unwrap();
    with_browser("fide-norms", &server, move |b| async move {
        b.sign_in("arb").await;

        b.goto("/lang/en").await;
        b.window(DESKTOP).await;
        b.goto(&format!("/desk/events/{id}/norms")).await;
        b.select(
            "#fide-facts select[name=fide_kind]",
            "national-championship",
        )
        .await;
        b.fill("#fide-facts input[name=host_federation]", "CHN")
            .await;
        b.click("#fide-facts button[type=submit]").await;
        // The rows by name (the pairing numbers follow the seeding).
        let row_of = |name: &'static str| {
            let b = b.clone();
            async move {
                let number = b
                    .js(&format!(
                        "return [...document.querySelectorAll('#fide-norm-table tbody tr')]
                           .find(r => r.cells[1].textContent.trim() === '{name}').dataset.player;"
                    ))
                    .await;
                format!(
                    "#fide-norm-table tr[data-player='{}']",
                    number.as_str().expect("a row of that name")
                )
            }
        };
        let jia = row_of("甲").await;
        b.wait_contains(&jia, "under 1.4.3a").await;
        let gm = b.text(&format!("{jia} div[data-title='GM']")).await;
        assert!(gm.contains("norm (Ra 2420, Rp 2640)"), "{gm}");
        b.step("fide-norms-en").await;

        b.goto("/lang/zh").await;
        b.window((360, 780)).await;
        b.goto(&format!("/desk/events/{id}/norms")).await;
        let gm_2500 = row_of("对手1").await;
        let refusal = b.text(&format!("{gm_2500} div[data-title='GM']")).await;
        assert!(
            refusal.contains("1.4.8：等级分表现 2414 + dp(44%) -43 = 2371，至少 2600"),
            "{refusal}"
        );
        let fits = b
            .js("return document.documentElement.scrollWidth <= window.innerWidth;")
            .await;
        assert_eq!(fits, serde_json::json!(true), "the norms page on a phone");
        b.step("fide-norms-zh-phone").await;
    })
    .await;
}
