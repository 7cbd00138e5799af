//! The guides' walk (`docs/guide/`): a real browser does what the
//! arbiter's and the rating officer's guides say, in Chinese and in
//! English, on a fresh server — the first-run set-up and the accounts; the
//! officer's starting list imported, reviewed and published; the arbiter's
//! Swiss (created, its entry list imported from `examples/list-2019-06.csv`,
//! five rounds paired, published and entered on a phone, standings,
//! prints, exports, submitted to the office) and round robin (players from
//! `examples/rr.trf`, numbers drawn by lot, every round, the schedule);
//! the office's review of the submission, the period's preview, confirmed
//! and published, the audit log, a title file and a grade report.
//!
//! What the guides say the pages show is checked: every label a guide
//! quotes — 【…】 in the Chinese guides, **…** in the English ones — must
//! be on a page of this walk in that language (spaces aside; `N` in a
//! label stands for a number).
//!
//! With `QIYUAN_UPDATE_SCREENSHOT=1` the walk also writes the screenshots
//! the guides show to `docs/guide/img/NAME.LANG.png` (desktop width; the
//! results at a phone's).

mod common;

use std::collections::BTreeSet;
use std::path::PathBuf;

use common::TestServer;
use common::browser::*;

/// The password of every account of the walk.
const PASSWORD: &str = "red cannon on the river";

/// A window for the guides' screenshots.
const SHOT: (u32, u32) = (1280, 1000);

/// The texts of the pages the walk has seen, spaces removed.
#[derive(Clone, Default)]
struct Seen(std::sync::Arc<std::sync::Mutex<Vec<String>>>);

impl Seen {
    /// Keeps the text of the page now open (its body's text, hidden parts
    /// and the options of its choices included).
    async fn page(&self, b: &Browser) {
        let text = b
            .js("return document.title + ' ' + document.body.textContent + ' ' + \
                 Array.from(document.querySelectorAll('input[type=submit]')).map(e => e.value).join(' ');")
            .await;
        let text = text.as_str().unwrap_or_default();
        self.0.lock().unwrap().push(squeeze(text));
    }

    /// Whether a label is on a page seen.
    fn has(&self, label: &str) -> bool {
        self.0.lock().unwrap().iter().any(|t| label_in(t, label))
    }
}

/// Text without its white space.
fn squeeze(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Whether a label is in a page's squeezed text: a label's word `N` stands
/// for a number (`导入 N 名新棋手`, `Import N new players`).
fn label_in(text: &str, label: &str) -> bool {
    let parts: Vec<String> = label.split(" N ").map(squeeze).collect();
    let [first, rest @ ..] = parts.as_slice() else {
        return false;
    };
    let mut from = 0;
    while let Some(at) = text[from..].find(first.as_str()) {
        let mut i = from + at + first.len();
        let mut ok = true;
        for part in rest {
            let digits = text[i..].chars().take_while(char::is_ascii_digit).count();
            if digits == 0 || !text[i + digits..].starts_with(part.as_str()) {
                ok = false;
                break;
            }
            i += digits + part.len();
        }
        if ok {
            return true;
        }
        from += at + first.len().max(1);
    }
    false
}

/// The labels a guide quotes: 【…】 in Chinese, **…** in English.
fn quoted_labels(text: &str, zh: bool) -> Vec<String> {
    let (open, close) = if zh { ("【", "】") } else { ("**", "**") };
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(open) {
        let after = &rest[at + open.len()..];
        let Some(end) = after.find(close) else { break };
        out.push(after[..end].to_string());
        rest = &after[end + close.len()..];
    }
    out
}

#[test]
fn labels_are_found_as_the_guides_quote_them() {
    assert!(label_in("导入11名新棋手", "导入 N 名新棋手"));
    assert!(label_in("xxImport11newplayersyy", "Import N new players"));
    assert!(!label_in("Importnewplayers", "Import N new players"));
    assert!(label_in("【编排第1轮】", "编排第 1 轮"));
    assert_eq!(
        quoted_labels("点【确认此编排】，再点【公开对阵】。", true),
        ["确认此编排", "公开对阵"]
    );
    assert_eq!(
        quoted_labels("press **Confirm this pairing**, then *x*", false),
        ["Confirm this pairing"]
    );
}

fn example(name: &str) -> String {
    repo_root()
        .join("examples")
        .join(name)
        .canonicalize()
        .unwrap()
        .display()
        .to_string()
}

/// This year (UTC), as the office's forms count it.
fn this_year() -> i32 {
    use chrono::Datelike;
    chrono::DateTime::<chrono::Utc>::from(std::time::SystemTime::now())
        .date_naive()
        .year()
}

/// One language's walk.
struct Walk {
    b: Browser,
    tr: Tr,
    seen: Seen,
    lang: &'static str,
}

impl Walk {
    /// Keeps the page's text and checks its language.
    async fn look(&self) {
        self.b.assert_lang(self.tr.zh).await;
        self.seen.page(&self.b).await;
    }

    /// A screenshot the guides show: saved with the test's artifacts and,
    /// with QIYUAN_UPDATE_SCREENSHOT=1, written to docs/guide/img/.
    async fn shot(&self, name: &str) {
        let png = self.b.step(name).await;
        assert!(!png.is_empty(), "no screenshot {name}");
        if std::env::var("QIYUAN_UPDATE_SCREENSHOT").is_ok_and(|v| v == "1") {
            let path: PathBuf = repo_root()
                .join("docs/guide/img")
                .join(format!("{name}.{}.png", self.lang));
            std::fs::write(&path, &png).unwrap();
        }
    }

    async fn sign_in(&self, user: &str) {
        let b = &self.b;
        b.goto("/login").await;
        b.fill("input[name=username]", user).await;
        b.fill("input[name=password]", PASSWORD).await;
        b.click("form[action='/login'] button[type=submit]").await;
        b.wait_text("header.site a.user", user).await;
    }

    async fn sign_out(&self) {
        self.b.click("form[action='/logout'] button").await;
        self.b.find("header.site a[href='/login']").await;
    }

    /// Sets an input's value by script (dates: the browser's date field
    /// types in its own locale's order).
    async fn set_value(&self, css: &str, value: &str) {
        self.b.find(css).await;
        let css = serde_json::to_string(css).unwrap();
        let value = serde_json::to_string(value).unwrap();
        self.b
            .js(&format!(
                "document.querySelector({css}).value = {value}; return true;"
            ))
            .await;
    }

    /// Uploads a file of `examples/` through a players page's import form,
    /// looks at the preview (a screenshot when `shot`), confirms it.
    async fn import_players(&self, file: &str, count: usize, shot: bool) {
        let b = &self.b;
        b.find("#import-players input[name=file]")
            .await
            .send_keys(&example(file))
            .await
            .expect("choose the file");
        b.click("#import-submit").await;
        b.find("#confirm-import-submit").await;
        self.look().await;
        if shot {
            self.shot("arbiter-import").await;
        }
        b.click("#confirm-import-submit").await;
        b.find(&format!("#players tr[data-player='{count}']")).await;
        self.look().await;
    }

    /// Pairs the next round from its preview: its number.
    async fn pair(&self, ev: &str, round: u32, shot: bool) {
        let b = &self.b;
        b.goto(ev).await;
        b.click("#pair-next").await;
        b.find(&format!("#proposal[data-round='{round}']")).await;
        let warnings = b.find("#warnings").await.attr("data-count").await.unwrap();
        assert_eq!(warnings.as_deref(), Some("0"), "round {round}");
        self.look().await;
        if shot {
            self.shot("arbiter-pairing").await;
        }
        b.click("#confirm-pair").await;
        b.find(&format!("#round-title[data-round='{round}']")).await;
        self.look().await;
    }

    /// Enters every result of the round now open (first colour wins,
    /// draw, second colour wins in turn) and saves them.
    async fn results(&self, round: u32, phone_shot: bool) {
        let b = &self.b;
        if phone_shot {
            b.window(PHONE).await;
        }
        let mut n = 0;
        for set in b.all("#results-form fieldset[data-game]").await {
            let game = set.attr("data-game").await.unwrap().unwrap();
            let key = ["w", "d", "b"][((round as usize) + n) % 3];
            b.click(&format!("label[for='g{game}-{key}']")).await;
            n += 1;
        }
        assert!(n > 0, "round {round} has games");
        if phone_shot {
            b.js("window.scrollTo(0, 0); return true;").await;
            self.shot("arbiter-results").await;
        }
        b.click("#save-results").await;
        let saved = if self.tr.zh {
            format!("已保存 {n} 个成绩。")
        } else {
            format!("{n} result(s) saved.")
        };
        b.wait_text("#flash", &saved).await;
        self.look().await;
        if phone_shot {
            b.window(SHOT).await;
        }
    }
}

async fn guide_walk(zh: bool) {
    let lang = if zh { "zh" } else { "en" };
    let test = if zh { "guide-zh" } else { "guide-en" };
    let server = TestServer::start().await;
    let seen = Seen::default();
    let kept = seen.clone();
    with_browser(test, &server, move |b| async move {
        let tr = Tr { zh };
        let w = Walk {
            b: b.clone(),
            tr,
            seen,
            lang,
        };
        b.window(SHOT).await;
        let year = this_year() - 1;

        // --- Before the event: the administrator, the accounts. ---
        b.goto(&format!("/lang/{lang}")).await;
        b.goto("/setup").await;
        w.look().await;
        b.fill("input[name=username]", "admin").await;
        b.fill("input[name=password]", PASSWORD).await;
        b.fill("input[name=password2]", PASSWORD).await;
        b.click("form[action='/setup'] button[type=submit]").await;
        b.wait_text("header.site a.user", "admin").await;
        b.goto("/admin/users").await;
        w.look().await;
        let create = "form[action='/admin/users']:has(input[value=create])";
        for (user, role) in [("arbiter", "arbiter"), ("officer", "officer")] {
            b.fill(&format!("{create} input[name=username]"), user).await;
            b.fill(&format!("{create} input[name=password]"), PASSWORD)
                .await;
            b.select(&format!("{create} select[name=role]"), role).await;
            b.click(&format!("{create} button[type=submit]")).await;
            b.wait_contains("p.notice[role=status]", user).await;
        }
        // The help pages, linked from the header.
        b.click("header.site a[href='/help']").await;
        b.find("#guides").await;
        w.look().await;
        b.click("#guides a[href='/help/arbiter']").await;
        b.find("#guide[data-guide='arbiter']").await;
        let loaded = b
            .js("return Array.from(document.querySelectorAll('#guide img')).every(i => i.complete && i.naturalWidth > 0);")
            .await;
        assert_eq!(loaded, serde_json::json!(true), "the guide's images show");
        w.sign_out().await;

        // --- The officer's starting list. ---
        w.sign_in("officer").await;
        b.click("header.site a[href='/office']").await;
        b.find("form[action^='/office/import-list']").await;
        w.look().await;
        w.shot("officer-office").await;
        let list_form = "form[action^='/office/import-list']";
        b.find(&format!("{list_form} input[name=file]"))
            .await
            .send_keys(&example("list-2019-06.csv"))
            .await
            .unwrap();
        b.select(
            &format!("{list_form} select[name=series_date]"),
            &format!("cxa-2019|{year}-06-01"),
        )
        .await;
        b.click(&format!("{list_form} button[type=submit]")).await;
        b.wait_text("#new-count", "11").await;
        w.look().await;
        w.shot("officer-draft").await;
        b.click("#publish-draft button[type=submit]").await;
        b.wait_text("main h1", tr.t("List published", "名单已公布"))
            .await;
        w.look().await;
        w.sign_out().await;

        // --- The arbiter's Swiss. ---
        w.sign_in("arbiter").await;
        b.click("header.site a[href='/desk']").await;
        w.look().await;
        b.click("#new-event").await;
        b.find("#create-event").await;
        let name = tr.t("City Xiangqi Open", "市象棋积分编排赛");
        b.fill("#create-event input[name=name]", &format!("{year} {name}"))
            .await;
        b.select("#create-event select[name=game]", "xiangqi").await;
        b.select("#create-event select[name=system]", "swiss").await;
        b.fill("#create-event input[name=rounds]", "5").await;
        b.select("#create-event select[name=scoring]", "xiangqi").await;
        b.select("#create-event select[name=tiebreaks]", "xiangqi-swiss-bh")
            .await;
        b.select("#create-event select[name=rating_profile]", "cxa-2019")
            .await;
        w.set_value("#create-event input[name=start]", &format!("{year}-08-08"))
            .await;
        w.set_value("#create-event input[name=end]", &format!("{year}-08-10"))
            .await;
        b.fill("#create-event input[name=place]", tr.t("Hangzhou", "杭州"))
            .await;
        b.fill(
            "#create-event input[name=chief_arbiter]",
            tr.t("Wang Jianguo (national)", "王建国（国家级）"),
        )
        .await;
        b.fill(
            "#create-event input[name=arbiters]",
            tr.t("Li Ming (national), Zhao Lei (first grade)", "李明（国家级）, 赵磊（一级）"),
        )
        .await;
        w.look().await;
        b.js("window.scrollTo(0, 0); return true;").await;
        w.shot("arbiter-new-event").await;
        b.click("#create-event-submit").await;
        b.find("#import-players").await;
        w.look().await;
        let path = b.path().await;
        let ev = path.trim_end_matches("/players").to_string();
        w.import_players("list-2019-06.csv", 11, true).await;

        for round in 1..=5 {
            w.pair(&ev, round, round == 1).await;
            if round == 1 {
                b.click("#publish-round button[type=submit]").await;
                b.wait_text(
                    "#publish-round p",
                    tr.t("This round is public.", "本轮已公开。"),
                )
                .await;
            }
            w.results(round, round == 1).await;
        }

        b.click(&format!("#event-nav a[href='{ev}/standings']"))
            .await;
        b.find("#standings").await;
        assert_eq!(b.all("#standings tbody tr").await.len(), 11);
        w.look().await;
        w.shot("arbiter-standings").await;
        for tab in ["crosstable", "norms", "titles", "grades", "settings", "log"] {
            b.click(&format!("#event-nav a[href='{ev}/{tab}']")).await;
            b.find(&format!("#event-nav a.here[href='{ev}/{tab}']")).await;
            w.look().await;
        }
        b.click(&format!("#event-nav a[href='{ev}']")).await;
        b.find("#prints").await;
        w.look().await;
        for what in ["pairings", "alphabetical", "crosstable", "wallchart", "slips"] {
            b.goto(&format!("{ev}/print/{what}")).await;
            b.find("#print-sheet").await;
            w.look().await;
        }
        b.goto(&ev).await;
        b.click(&format!("#prints a[href='{ev}/print/standings']"))
            .await;
        b.find("#print-sheet #signatures").await;
        w.look().await;
        w.shot("arbiter-print").await;
        b.goto(&ev).await;
        b.click("#submit-to-office button[type=submit]").await;
        b.find("#office-submission p[data-status='pending']").await;
        w.look().await;

        // --- The arbiter's round robin. ---
        b.goto("/desk/events/new").await;
        let name = tr.t("City Xiangqi Round Robin", "市象棋个人循环赛");
        b.fill("#create-event input[name=name]", &format!("{year} {name}"))
            .await;
        b.select("#create-event select[name=game]", "xiangqi").await;
        b.select("#create-event select[name=system]", "round_robin")
            .await;
        b.fill("#create-event input[name=cycles]", "1").await;
        b.select("#create-event select[name=scoring]", "xiangqi").await;
        b.select("#create-event select[name=tiebreaks]", "xiangqi-rr")
            .await;
        b.fill(
            "#create-event input[name=chief_arbiter]",
            tr.t("Wang Jianguo (national)", "王建国（国家级）"),
        )
        .await;
        b.click("#create-event-submit").await;
        b.find("#import-players").await;
        let rr = b.path().await.trim_end_matches("/players").to_string();
        w.import_players("rr.trf", 6, false).await;
        b.click("#seed-lot button[type=submit]").await;
        b.find("#seeding-method").await;
        let method = b.text("#seeding-method").await;
        assert!(method.contains(tr.t("by lot", "抽签")), "{method}");
        w.look().await;
        for round in 1..=5 {
            w.pair(&rr, round, false).await;
            w.results(round, false).await;
        }
        b.goto(&rr).await;
        b.click("#print-schedule").await;
        b.find("#print-sheet").await;
        w.look().await;
        w.shot("arbiter-schedule").await;
        b.goto(&format!("{rr}/standings")).await;
        b.find("#standings").await;
        w.look().await;
        w.sign_out().await;

        // --- The office: the submission, the period, the audit, titles
        // and grades. ---
        w.sign_in("officer").await;
        b.goto("/office").await;
        b.find("#submissions").await;
        w.look().await;
        b.click("#submissions li a").await;
        b.find("#import-submission").await;
        w.look().await;
        b.click("#import-submission button[type=submit]").await;
        b.wait_text("main h1", tr.t("Event imported", "赛事已导入"))
            .await;
        w.look().await;
        b.goto("/office").await;
        let period = "form[action='/office/period'][method=get]";
        b.select(
            &format!("{period} select[name=series_date]"),
            &format!("cxa-2019|{year}-10-01"),
        )
        .await;
        b.click(&format!("{period} button[type=submit]")).await;
        b.find("form.confirm").await;
        w.look().await;
        w.shot("officer-period").await;
        b.click("form.confirm button[type=submit]").await;
        b.find("#publish-draft").await;
        w.look().await;
        b.click("#publish-draft button[type=submit]").await;
        b.wait_text("main h1", tr.t("List published", "名单已公布"))
            .await;
        w.look().await;
        b.goto("/office/audit").await;
        b.find("p.chain-ok").await;
        w.look().await;
        b.goto("/office").await;
        b.fill("#title-file input[name=player]", "2").await;
        b.click("#title-file button[type=submit]").await;
        b.find("main h1").await;
        w.look().await;
        b.goto("/office").await;
        b.click("a[href='/office/events/1/grades']").await;
        b.find("main h1").await;
        w.look().await;
        b.goto("/lists").await;
        w.look().await;
    })
    .await;

    // What the guides quote is on the pages walked.
    if kept.0.lock().unwrap().is_empty() {
        return; // skipped: no browser
    }
    let mut missing = BTreeSet::new();
    for guide in ["arbiter", "officer"] {
        let text =
            std::fs::read_to_string(repo_root().join(format!("docs/guide/{guide}.{lang}.md")))
                .unwrap();
        let labels = quoted_labels(&text, zh);
        assert!(labels.len() > 10, "{guide}.{lang}.md quotes {labels:?}");
        for label in labels {
            if !kept.has(&label) {
                missing.insert(format!("{guide}.{lang}.md: {label}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "labels the guides quote that no page of the walk shows:\n{}",
        missing.into_iter().collect::<Vec<_>>().join("\n")
    );
}

/// The walk in Chinese: a xiangqi Swiss and round robin.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_guides_walk_in_chinese() {
    guide_walk(true).await;
}

/// The walk in English.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_guides_walk_in_english() {
    guide_walk(false).await;
}
