//! Browser tests: a real headless Chromium against the real server on a
//! temporary SQLite file, through the harness of `common::browser` (which
//! says how Chromium is found and where screenshots go): first run and
//! sign-in, the arbiter's 12-player Swiss in English and in Chinese, names
//! with scripts. `QIYUAN_UPDATE_SCREENSHOT=1` also writes the standings
//! page to `docs/screenshots/standings.png` (the README's screenshot).

mod common;

use std::collections::{BTreeMap, BTreeSet};

use common::TestServer;
use common::browser::*;
use fantoccini::Locator;
use qiyuan_server::auth::Role;
use rust_decimal::Decimal;

// ---------------------------------------------------------------------------
// Tests.
// ---------------------------------------------------------------------------

/// First run: the set-up page creates the administrator and signs him in;
/// after signing out, a wrong password is refused with a message and the
/// right one signs in.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn first_run_setup_then_sign_in() {
    let server = TestServer::start().await;
    with_browser("setup", &server, |b| async move {
        b.goto("/lang/en").await;
        b.goto("/login").await;
        // No account yet: the sign-in page sends to the set-up page.
        b.find("form[action='/setup']").await;
        assert_eq!(b.path().await, "/setup");
        assert_eq!(b.html_lang().await, "en");
        b.fill("input[name=username]", "admin").await;
        b.fill("input[name=password]", "red horse on e5").await;
        b.fill("input[name=password2]", "red horse on e5").await;
        b.step("setup-form").await;
        b.click("form[action='/setup'] button[type=submit]").await;
        let who = b.find("header.site a.user").await;
        assert_eq!(who.text().await.unwrap(), "admin");
        assert_eq!(b.path().await, "/");
        b.step("signed-in").await;

        b.click("form[action='/logout'] button").await;
        b.find("header.site a[href='/login']").await;
        b.click("header.site a[href='/login']").await;
        b.fill("input[name=username]", "admin").await;
        b.fill("input[name=password]", "not-the-password").await;
        b.click("form[action='/login'] button[type=submit]").await;
        let error = b.text("p.error[role=alert]").await;
        assert_eq!(error, "Wrong username or password.");
        assert!(b.all("header.site a.user").await.is_empty());
        b.step("wrong-password").await;

        b.fill("input[name=password]", "red horse on e5").await;
        b.click("form[action='/login'] button[type=submit]").await;
        let who = b.find("header.site a.user").await;
        assert_eq!(who.text().await.unwrap(), "admin");
        b.step("signed-in-again").await;
    })
    .await;
}

/// Issue 12 on a phone, in Chinese then English: the administrator made on
/// the set-up page creates an arbiter, disables him (the arbiter's sign-in
/// is then refused with the reason), reads it in the security log, and
/// enables him again; every page fits the phone's width.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accounts_on_a_phone_in_both_languages() {
    let server = TestServer::start().await;
    with_browser("accounts-phone", &server, |b| async move {
        b.window(PHONE).await;
        let fits = |b: Browser, page: &'static str| async move {
            let fits = b
                .js("return document.documentElement.scrollWidth <= window.innerWidth;")
                .await;
            assert_eq!(
                fits,
                serde_json::json!(true),
                "{page} is wider than the phone"
            );
        };
        b.goto("/lang/zh").await;
        b.goto("/setup").await;
        b.assert_lang(true).await;
        fits(b.clone(), "/setup").await;
        b.fill("input[name=username]", "总裁判").await;
        b.fill("input[name=password]", "马走日象走田车走直线").await;
        b.fill("input[name=password2]", "马走日象走田车走直线")
            .await;
        b.click("form[action='/setup'] button[type=submit]").await;
        assert_eq!(
            b.find("header.site a.user").await.text().await.unwrap(),
            "总裁判"
        );

        b.goto("/admin/users").await;
        fits(b.clone(), "/admin/users").await;
        let create = "form[action='/admin/users']:has(input[value=create])";
        b.fill(&format!("{create} input[name=username]"), "li")
            .await;
        b.fill(
            &format!("{create} input[name=password]"),
            "炮打隔山翻山子弟兵",
        )
        .await;
        b.select(&format!("{create} select[name=role]"), "arbiter")
            .await;
        b.click(&format!("{create} button[type=submit]")).await;
        b.wait_text("p.notice[role=status]", "已创建账号 li（裁判）。")
            .await;

        let change = "form[action='/admin/users']:has(button[value=disable])";
        b.fill(&format!("{change} input[name=username]"), "li")
            .await;
        b.click(&format!("{change} button[value=disable]")).await;
        b.wait_text(
            "p.notice[role=status]",
            "已停用 li：所有会话已结束，其 API 令牌不再有效。",
        )
        .await;
        let page = b.text("main").await;
        assert!(
            page.contains("已停用") && page.contains("停用账号"),
            "{page}"
        );
        fits(b.clone(), "/admin/users with the log").await;
        b.step("disabled-zh").await;

        b.click("form[action='/logout'] button").await;
        b.find("header.site a[href='/login']").await;
        b.goto("/login").await;
        b.fill("input[name=username]", "li").await;
        b.fill("input[name=password]", "炮打隔山翻山子弟兵").await;
        b.click("form[action='/login'] button[type=submit]").await;
        assert_eq!(
            b.text("p.error[role=alert]").await,
            "该账号已被停用，请联系管理员。"
        );
        fits(b.clone(), "/login refused").await;

        // The administrator, now in English, enables the arbiter again.
        b.goto("/lang/en").await;
        b.goto("/login").await;
        b.fill("input[name=username]", "总裁判").await;
        b.fill("input[name=password]", "马走日象走田车走直线").await;
        b.click("form[action='/login'] button[type=submit]").await;
        b.find("header.site a.user").await;
        b.goto("/admin/users").await;
        b.assert_lang(false).await;
        b.fill(&format!("{change} input[name=username]"), "li")
            .await;
        b.click(&format!("{change} button[value=enable]")).await;
        b.wait_text("p.notice[role=status]", "li is enabled again.")
            .await;
        let page = b.text("main").await;
        for words in [
            "account enabled",
            "account disabled",
            "signed in",
            "sign-in to a disabled account",
        ] {
            assert!(page.contains(words), "{words} not in the log: {page}");
        }
        fits(b.clone(), "/admin/users in English").await;
        b.step("enabled-en").await;
    })
    .await;
}

/// What one flow plays: the language, the game, its scoring and players.
struct FlowSpec {
    test: &'static str,
    tr: Tr,
    /// `chess` or `xiangqi`.
    game: &'static str,
    /// The form value of the scoring: `fide` (1 - ½ - 0) or `xiangqi`
    /// (2 - 1 - 0).
    scoring: &'static str,
    /// Points of one "unit" (a draw; a win is two units): ½ for 1 - ½ - 0,
    /// 1 for 2 - 1 - 0.
    unit: Decimal,
    event: &'static str,
    names: [&'static str; 12],
    /// Clubs, given to the players in turn.
    clubs: [&'static str; 4],
    /// Also write the standings screenshot to docs/screenshots/standings.png
    /// when QIYUAN_UPDATE_SCREENSHOT=1.
    readme_screenshot: bool,
    /// The words of the result choices (`w`, `d`, `b`) as the game writes
    /// them: 1-0 / ½-½ / 0-1 in chess, 红胜 / 和 / 黑胜 in xiangqi
    /// (象棋竞赛规则 2011, 记录 and 成绩 tables).
    result_words: [&'static str; 3],
}

/// One game as entered: board, first-colour player, second-colour player,
/// result key of the form (`w`, `d`, `b`).
#[derive(Debug, Clone, Copy)]
struct Played {
    white: u32,
    black: u32,
    key: &'static str,
}

/// The result entered on `board` of `round`: a fixed pattern (first colour
/// wins, draw, second colour wins, …) so every kind of result occurs.
fn result_for(round: u32, board: u32) -> &'static str {
    ["w", "d", "b"][((round + board) % 3) as usize]
}

/// The arbiter's whole flow: sign in, create a 12-player Swiss of 3 rounds,
/// add the players, pair 3 rounds (results entered on a phone-sized
/// window), the standings, the TRF export.
async fn arbiter_flow(spec: FlowSpec) {
    let server = TestServer::start().await;
    server
        .create_account("arbiter", common::TEST_PASSWORD, Role::Arbiter)
        .await;
    let test = spec.test;
    with_browser(test, &server, move |b| async move {
        let tr = spec.tr;
        let zh = tr.zh;

        // --- Sign in (switching the language on the sign-in page). ---
        b.goto("/login").await;
        b.find("form[action='/login']").await;
        let switch = if zh { "/lang/zh" } else { "/lang/en" };
        if !b
            .all(&format!("header.site a[href='{switch}']"))
            .await
            .is_empty()
        {
            b.click(&format!("header.site a[href='{switch}']")).await;
        }
        b.wait_text("main h1", tr.t("Sign in", "登录")).await;
        b.assert_lang(zh).await;
        b.fill("input[name=username]", "arbiter").await;
        b.fill("input[name=password]", common::TEST_PASSWORD).await;
        b.step("sign-in").await;
        b.click("form[action='/login'] button[type=submit]").await;
        b.wait_text("header.site a.user", "arbiter").await;
        b.assert_lang(zh).await;

        // --- Create the event. ---
        b.wait_text(
            "header.site a[href='/desk']",
            tr.t("Arbiter's desk", "裁判台"),
        )
        .await;
        b.click("header.site a[href='/desk']").await;
        b.wait_text("#new-event", tr.t("New event", "新建赛事"))
            .await;
        b.click("#new-event").await;
        b.find("#create-event").await;
        b.fill("#create-event input[name=name]", spec.event).await;
        b.select("#create-event select[name=game]", spec.game).await;
        b.select("#create-event select[name=system]", "swiss").await;
        b.fill("#create-event input[name=rounds]", "3").await;
        b.select("#create-event select[name=scoring]", spec.scoring)
            .await;
        // The round dates (FIDE TRF record 132), one a day.
        b.fill(
            "#create-event textarea[name=round_dates]",
            &ROUND_DATES.join(", "),
        )
        .await;
        b.wait_text("#create-event-submit", tr.t("Create event", "创建赛事"))
            .await;
        b.assert_lang(zh).await;
        b.step("new-event").await;
        b.click("#create-event-submit").await;
        b.find("#add-player").await;
        let path = b.path().await;
        let id: i64 = path
            .strip_prefix("/desk/events/")
            .and_then(|p| p.strip_suffix("/players"))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("after creating the event: {path}"));
        let ev = format!("/desk/events/{id}");

        // --- Add 12 players (ratings 2400, 2375, … so numbers follow
        // the ratings). ---
        b.wait_text("#add-player-submit", tr.t("Add", "添加")).await;
        for (i, name) in spec.names.iter().enumerate() {
            let rating = 2400 - 25 * i;
            b.fill("#add-player input[name=name]", name).await;
            b.fill("#add-player input[name=rating]", &rating.to_string())
                .await;
            let club = spec.clubs[i % spec.clubs.len()];
            b.fill("#add-player input[name=club]", club).await;
            b.click("#add-player-submit").await;
            let row = b
                .find(&format!("#players tr[data-player='{}']", i + 1))
                .await;
            let text = row.text().await.unwrap();
            assert!(text.contains(name), "row {} reads {text:?}", i + 1);
            assert!(
                text.contains(&rating.to_string()),
                "row {} reads {text:?}",
                i + 1
            );
            assert!(text.contains(club), "row {} reads {text:?}", i + 1);
        }
        assert_eq!(b.all("#players tbody tr").await.len(), 12);
        b.assert_lang(zh).await;
        b.step("players").await;

        // --- Pair 3 rounds; enter the results on a phone. ---
        let mut rounds: Vec<Vec<Played>> = Vec::new();
        let mut met: BTreeSet<(u32, u32)> = BTreeSet::new();
        for r in 1..=3u32 {
            b.click(&format!("#event-nav a[href='{ev}/rounds']")).await;
            b.click("#pair-next").await;
            b.find(&format!("#proposal[data-round='{r}']")).await;
            b.wait_text("#confirm-pair", tr.t("Confirm this pairing", "确认此编排"))
                .await;
            // A rule-clean Dutch pairing of 12 players: 6 boards, everyone
            // once, no bye, nobody meets an opponent again (C.04.3, C1).
            let warnings = b.find("#warnings").await.attr("data-count").await.unwrap();
            assert_eq!(warnings.as_deref(), Some("0"), "round {r} warnings");
            assert!(
                b.all("#proposal tr.bye").await.is_empty(),
                "no bye with 12 players"
            );
            let mut boards = Vec::new();
            for row in b.all("#proposal tbody tr[data-board]").await {
                let cells = row.find_all(Locator::Css("td")).await.unwrap();
                let white: u32 = cells[1].text().await.unwrap().trim().parse().unwrap();
                let black: u32 = cells[9].text().await.unwrap().trim().parse().unwrap();
                boards.push((white, black));
            }
            assert_eq!(boards.len(), 6, "round {r}: 6 boards");
            let everyone: BTreeSet<u32> = boards.iter().flat_map(|&(w, b)| [w, b]).collect();
            assert_eq!(
                everyone,
                (1..=12).collect(),
                "round {r}: everyone plays once"
            );
            for &(w, bl) in &boards {
                assert!(
                    met.insert((w.min(bl), w.max(bl))),
                    "round {r}: {w} and {bl} met before"
                );
            }
            b.assert_lang(zh).await;
            b.step(&format!("pair-round-{r}")).await;
            b.click("#confirm-pair").await;
            b.find(&format!("#round-title[data-round='{r}']")).await;

            b.window(PHONE).await;
            b.wait_text("#save-results", tr.t("Save results", "保存成绩"))
                .await;
            b.step(&format!("round-{r}-phone")).await;
            let mut played = Vec::new();
            for (n, &(white, black)) in boards.iter().enumerate() {
                let board = n as u32 + 1;
                let set = b.find(&format!("fieldset#board-{board}")).await;
                // The saved round is the one previewed.
                let who = set
                    .find(Locator::Css("legend"))
                    .await
                    .unwrap()
                    .text()
                    .await
                    .unwrap();
                let (wn, bn) = (
                    spec.names[white as usize - 1],
                    spec.names[black as usize - 1],
                );
                let (at_w, at_b) = (
                    who.find(&format!("{white} {wn}")),
                    who.find(&format!("{black} {bn}")),
                );
                assert!(
                    matches!((at_w, at_b), (Some(x), Some(y)) if x < y),
                    "board {board} of round {r} reads {who:?}, previewed {white} – {black}"
                );
                let game = set.attr("data-game").await.unwrap().expect("data-game");
                let key = result_for(r, board);
                for (choice, word) in ["w", "d", "b"].iter().zip(spec.result_words) {
                    let label = b.find(&format!("label[for='g{game}-{choice}']")).await;
                    assert_eq!(
                        label.text().await.unwrap().trim(),
                        word,
                        "round {r} board {board}: the {choice} choice"
                    );
                }
                b.click(&format!("label[for='g{game}-{key}']")).await;
                let radio = b.find(&format!("#g{game}-{key}")).await;
                assert!(
                    radio.is_selected().await.unwrap(),
                    "board {board}: {key} chosen"
                );
                played.push((board, Played { white, black, key }));
            }
            // Usable on a phone: nothing wider than the screen, the save
            // button inside it.
            let fits = b
                .js("return document.documentElement.scrollWidth <= window.innerWidth;")
                .await;
            assert_eq!(
                fits,
                serde_json::json!(true),
                "round {r}: the page is wider than the phone"
            );
            let (x, _, w, _) = b.find("#save-results").await.rectangle().await.unwrap();
            assert!(
                x >= 0.0 && x + w <= f64::from(PHONE.0),
                "save button at {x}+{w}"
            );
            b.step(&format!("results-round-{r}-phone")).await;
            b.click("#save-results").await;
            let saved = if zh {
                "已保存 6 个成绩。".to_string()
            } else {
                "6 result(s) saved.".to_string()
            };
            b.wait_text("#flash", &saved).await;
            for (board, p) in &played {
                let set = b.find(&format!("fieldset#board-{board}")).await;
                let stored = set.attr("data-result").await.unwrap();
                assert_eq!(
                    stored.as_deref(),
                    Some(p.key),
                    "round {r} board {board} stored"
                );
            }
            b.step(&format!("saved-round-{r}-phone")).await;
            b.window(DESKTOP).await;
            rounds.push(played.into_iter().map(|(_, p)| p).collect());
        }

        // What the results give, counted here: a win is 2 units, a draw 1
        // (1 - ½ - 0 with a unit of ½; 2 - 1 - 0 with a unit of 1).
        let mut units: BTreeMap<u32, u32> = (1..=12).map(|p| (p, 0)).collect();
        for p in rounds.iter().flatten() {
            let (w, bl) = match p.key {
                "w" => (2, 0),
                "d" => (1, 1),
                _ => (0, 2),
            };
            *units.get_mut(&p.white).unwrap() += w;
            *units.get_mut(&p.black).unwrap() += bl;
        }
        // 18 games, 2 units each.
        assert_eq!(units.values().sum::<u32>(), 36);
        let points = |p: u32| Decimal::from(units[&p]) * spec.unit;

        // --- Standings. ---
        b.click(&format!("#event-nav a[href='{ev}/standings']"))
            .await;
        b.find("#standings").await;
        b.wait_text(
            "main h2",
            tr.t("Final ranking after 3 rounds", "3轮后最终排名"),
        )
        .await;
        let heads: Vec<String> = {
            let mut v = Vec::new();
            for th in b.all("#standings thead th").await {
                v.push(th.text().await.unwrap());
            }
            v
        };
        for label in [
            tr.t("Rk.", "名次"),
            tr.t("Name", "姓名"),
            tr.t("Pts.", "积分"),
        ] {
            assert!(
                heads.iter().any(|h| h == label),
                "standings headers {heads:?} lack {label}"
            );
        }
        let rows = b.all("#standings tbody tr").await;
        assert_eq!(rows.len(), 12);
        let mut last: Option<(Decimal, u32)> = None;
        for row in &rows {
            let player: u32 = row
                .attr("data-player")
                .await
                .unwrap()
                .unwrap()
                .parse()
                .unwrap();
            let rank: u32 = row
                .attr("data-rank")
                .await
                .unwrap()
                .unwrap()
                .parse()
                .unwrap();
            let cell = row.find(Locator::Css(".points")).await.unwrap();
            let shown: Decimal = cell.text().await.unwrap().trim().parse().unwrap();
            assert_eq!(shown, points(player), "points of player {player}");
            if let Some((pts, rk)) = last {
                assert!(shown <= pts, "standings not ordered by points");
                assert!(rank >= rk, "ranks not increasing");
            }
            last = Some((shown, rank));
        }
        b.assert_lang(zh).await;
        // Tall enough for the whole table (the README's screenshot).
        b.window(STANDINGS_WINDOW).await;
        let png = b.step("standings").await;
        // On a phone the table scrolls inside its frame; the page does not.
        b.window(PHONE).await;
        let fits = b
            .js("return document.documentElement.scrollWidth <= window.innerWidth;")
            .await;
        assert_eq!(
            fits,
            serde_json::json!(true),
            "standings wider than the phone"
        );
        b.step("standings-phone").await;
        b.window(DESKTOP).await;
        if spec.readme_screenshot
            && std::env::var("QIYUAN_UPDATE_SCREENSHOT").is_ok_and(|v| v == "1")
        {
            let dir = repo_root().join("docs/screenshots");
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(dir.join("standings.png"), &png).unwrap();
        }

        // --- Export TRF (downloaded by the browser). ---
        b.click(&format!("#event-nav a[href='{ev}']")).await;
        let link = format!("#exports a[href='{ev}/export/trf']");
        b.wait_text(&link, tr.t("FIDE TRF (TRF-2026)", "FIDE TRF（2026）"))
            .await;
        b.assert_lang(zh).await;
        b.step("event").await;
        b.click(&link).await;
        let (file, bytes) = b.downloaded("trf").await;
        let trf = String::from_utf8(bytes).expect("the TRF is UTF-8");
        std::fs::write(artifacts_dir().join(format!("{test}-{file}")), &trf).unwrap();
        check_trf(&trf, &spec.names, &rounds, &points);
        check_round_dates(&trf);
    })
    .await;
}

/// The dates of the three rounds the arbiter enters.
const ROUND_DATES: [&str; 3] = ["2026-05-01", "2026-05-02", "2026-05-03"];

/// Checks a TRF's round dates (record `132`, TRF-2026: `YY/MM/DD`, round 1
/// at cols 92–99, round 2 at 102–109, … as the round columns of `001`)
/// against the dates entered.
fn check_round_dates(trf: &str) {
    let line: Vec<char> = trf
        .lines()
        .find(|l| l.starts_with("132"))
        .unwrap_or_else(|| panic!("no 132 record in:\n{trf}"))
        .chars()
        .collect();
    for (r, date) in ROUND_DATES.iter().enumerate() {
        let from = 91 + 10 * r;
        let written: String = line
            .get(from..from + 8)
            .unwrap_or_default()
            .iter()
            .collect();
        let expected = format!("{}/{}/{}", &date[2..4], &date[5..7], &date[8..10]);
        assert_eq!(
            written,
            expected,
            "round {} in {:?}",
            r + 1,
            line.iter().collect::<String>()
        );
    }
}

/// Checks a TRF's player records (`001`, FIDE TRF-16: start rank
/// cols 5–8, points 81–84, round r at cols 92+10(r−1): opponent, colour at
/// +5, result at +7) against the games entered.
fn check_trf(
    trf: &str,
    names: &[&str; 12],
    rounds: &[Vec<Played>],
    points: &dyn Fn(u32) -> Decimal,
) {
    let players: Vec<Vec<char>> = trf
        .lines()
        .filter(|l| l.starts_with("001"))
        .map(|l| l.chars().collect())
        .collect();
    assert_eq!(players.len(), 12, "12 player lines in:\n{trf}");
    let field = |line: &[char], from: usize, to: usize| -> String {
        line.get(from - 1..to.min(line.len()))
            .map(|s| s.iter().collect::<String>())
            .unwrap_or_default()
            .trim()
            .to_string()
    };
    let mut seen = BTreeSet::new();
    for line in &players {
        let text: String = line.iter().collect();
        let start: u32 = field(line, 5, 8)
            .parse()
            .unwrap_or_else(|_| panic!("rank in {text:?}"));
        assert!(seen.insert(start), "player {start} twice");
        // Name at cols 15–47 (columns are characters: UTF-8 names fit).
        assert_eq!(
            field(line, 15, 47),
            names[start as usize - 1],
            "name: {text:?}"
        );
        let pts: Decimal = field(line, 81, 84)
            .parse()
            .unwrap_or_else(|_| panic!("points in {text:?}"));
        assert_eq!(pts, points(start), "TRF points of {start}: {text:?}");
        for (r, games) in rounds.iter().enumerate() {
            let col = 92 + 10 * r;
            let g = games
                .iter()
                .find(|g| g.white == start || g.black == start)
                .expect("everyone played");
            let white = g.white == start;
            let opponent = if white { g.black } else { g.white };
            let result = match (g.key, white) {
                ("d", _) => "=",
                ("w", true) | ("b", false) => "1",
                _ => "0",
            };
            assert_eq!(
                field(line, col, col + 3),
                opponent.to_string(),
                "round {} opponent: {text:?}",
                r + 1
            );
            assert_eq!(
                field(line, col + 5, col + 5),
                if white { "w" } else { "b" },
                "round {} colour: {text:?}",
                r + 1
            );
            assert_eq!(
                field(line, col + 7, col + 7),
                result,
                "round {} result: {text:?}",
                r + 1
            );
        }
        // Three rounds, no fourth column.
        assert_eq!(
            field(line, 122, line.len().max(122)),
            "",
            "only 3 rounds: {text:?}"
        );
    }
}

/// The whole arbiter's flow in English, a chess Swiss (1 - ½ - 0).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn arbiter_flow_english_chess() {
    arbiter_flow(FlowSpec {
        test: "flow-en",
        tr: Tr { zh: false },
        game: "chess",
        scoring: "fide",
        unit: Decimal::new(5, 1),
        event: "Spring Open 2026",
        names: [
            "Alice Moreau",
            "Bruno Keller",
            "Chen Jing",
            "Dara Okafor",
            "Elena Petrova",
            "Farid Haddad",
            "Greta Lind",
            "Hugo Santos",
            "Ines Duarte",
            "Jonas Berg",
            "Kavya Iyer",
            "Liam Walsh",
        ],
        clubs: ["Lyon CC", "Zürich SG", "Porto AX", "Oslo SK"],
        readme_screenshot: true,
        result_words: ["1-0", "½-½", "0-1"],
    })
    .await;
}

/// The same flow in Chinese, a xiangqi Swiss (2 - 1 - 0).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn arbiter_flow_chinese_xiangqi() {
    arbiter_flow(FlowSpec {
        test: "flow-zh",
        tr: Tr { zh: true },
        game: "xiangqi",
        scoring: "xiangqi",
        unit: Decimal::ONE,
        event: "2026 春季象棋公开赛",
        names: [
            "王一鸣",
            "李思远",
            "张晓东",
            "刘子涵",
            "陈雨桐",
            "杨浩然",
            "赵明轩",
            "黄诗琪",
            "周文博",
            "吴佳怡",
            "徐志强",
            "孙丽华",
        ],
        clubs: ["北京棋院", "上海棋院", "广东棋队", "四川棋队"],
        readme_screenshot: false,
        result_words: ["红胜", "和", "黑胜"],
    })
    .await;
}

/// A player named `<script>alert(1)</script>` (and an event named with an
/// `<img onerror>`) show as text on the players, pairing, round and
/// standings pages; no script runs (no alert opens).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn script_in_names_shows_as_text() {
    const SCRIPT: &str = "<script>alert(1)</script>";
    const EVENT: &str = "<img src=x onerror=alert(2)> Cup";
    let server = TestServer::start().await;
    server
        .create_account("arbiter", common::TEST_PASSWORD, Role::Arbiter)
        .await;
    with_browser("xss", &server, |b| async move {
        b.goto("/lang/en").await;
        b.goto("/login").await;
        b.fill("input[name=username]", "arbiter").await;
        b.fill("input[name=password]", common::TEST_PASSWORD).await;
        b.click("form[action='/login'] button[type=submit]").await;
        b.wait_text("header.site a.user", "arbiter").await;
        b.goto("/desk/events/new").await;
        b.fill("#create-event input[name=name]", EVENT).await;
        b.click("#create-event-submit").await;
        b.find("#add-player").await;
        for name in [SCRIPT, "Li Lei"] {
            b.fill("#add-player input[name=name]", name).await;
            b.click("#add-player-submit").await;
            b.wait_text(
                "#flash",
                &format!(
                    "{name} added as number {}.",
                    if name == SCRIPT { 1 } else { 2 }
                ),
            )
            .await;
        }
        // (The text of an element is what a reader sees: the markup of the
        // name shows, no element was made of it.)
        let check = |page: &'static str| {
            let b = b.clone();
            async move {
                b.assert_no_alert().await;
                b.wait_text("main h1", EVENT).await;
                let made = b
                    .js("return document.querySelectorAll('main script, main img').length;")
                    .await;
                assert_eq!(made, serde_json::json!(0), "{page}: a name became markup");
                b.step(page).await;
            }
        };
        let name_cell = b.find("#players tr[data-player='1'] td:nth-child(3)").await;
        assert_eq!(name_cell.text().await.unwrap(), SCRIPT);
        check("players").await;

        let ev = b.path().await.trim_end_matches("/players").to_string();
        b.goto(&format!("{ev}/pair")).await;
        let proposal = b.text("#proposal").await;
        assert!(proposal.contains(SCRIPT), "pairing preview: {proposal:?}");
        check("pairing").await;
        b.click("#confirm-pair").await;
        let legend = b.text("fieldset#board-1 legend").await;
        assert!(legend.contains(SCRIPT), "round page: {legend:?}");
        check("round").await;
        let game = b
            .find("fieldset#board-1")
            .await
            .attr("data-game")
            .await
            .unwrap()
            .unwrap();
        b.click(&format!("label[for='g{game}-w']")).await;
        b.click("#save-results").await;
        b.wait_text("#flash", "1 result(s) saved.").await;

        b.goto(&format!("{ev}/standings")).await;
        let names = b.text("#standings").await;
        assert!(names.contains(SCRIPT), "standings: {names:?}");
        check("standings").await;

        // The public pages, once the round is published, seen by a visitor
        // who is not signed in.
        b.goto(&format!("{ev}/rounds/1")).await;
        b.click("#publish-round button[type=submit]").await;
        b.wait_text("#publish-round p", "This round is public.")
            .await;
        b.click("form[action='/logout'] button").await;
        b.find("header.site a[href='/login']").await;
        let public = ev.replacen("/desk", "", 1);
        for (page, path) in [
            ("public-event", public.clone()),
            ("public-round", format!("{public}/rounds/1")),
            ("public-standings", format!("{public}/standings")),
        ] {
            b.goto(&path).await;
            let text = b.text("main").await;
            assert!(text.contains(SCRIPT), "{path}: {text:?}");
            assert!(text.contains(EVENT), "{path}: {text:?}");
            b.assert_no_alert().await;
            let made = b
                .js("return document.querySelectorAll('main script, main img').length;")
                .await;
            assert_eq!(made, serde_json::json!(0), "{path}: a name became markup");
            b.step(page).await;
        }
    })
    .await;
}
