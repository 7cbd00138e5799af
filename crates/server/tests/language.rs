//! Issue 11: no English sentence on a Chinese page, no Chinese text on an
//! English page. The test builds a site through the real HTTP paths (an
//! office list published, a desk Swiss with players imported from a CSV,
//! its rounds paired and entered, the event submitted to the office,
//! reviewed and imported, a period previewed; two Swiss events under way
//! and a team event; a few refused actions), then
//! for each language crawls every page linked from `/`, `/desk`, `/office`,
//! `/events`, `/lists` and `/help` (the guides: the Chinese guide on a
//! Chinese page, the English on an English one; their code, marked
//! `translate="no"`, is neither language) as an arbiter, as an officer and
//! anonymously, and
//! checks the visible text of each page (and of the error pages provoked)
//! against the other language. Every offending page is reported with its
//! offending text.

mod common;

use std::collections::{BTreeMap, HashSet, VecDeque};

use common::{TEST_PASSWORD, TestServer, attr_after, created_event_id, location, status_and_text};
use qiyuan_server::auth::Role;

// ------------------------------------------------------------- the data

/// The office's list (cxa-2019 series, 2019-01-01): the six players of the
/// desk event, four with Chinese names and two with English ones.
const LIST_CSV: &str = "id,name,sex,rating,rated_games\n\
    101,王天一,m,2400,40\n\
    102,郑惟桐,m,2380,40\n\
    103,唐丹,f,2300,40\n\
    104,赵冠芳,f,2250,40\n\
    105,Anna Lee,f,2200,40\n\
    106,Tom Brown,m,2150,40\n";

/// The desk's players file: the same six, by their list ids (编号).
const PLAYERS_CSV: &str = "编号,姓名,性别,等级分\n\
    101,王天一,男,2400\n\
    102,郑惟桐,男,2380\n\
    103,唐丹,女,2300\n\
    104,赵冠芳,女,2250\n\
    105,Anna Lee,女,2200\n\
    106,Tom Brown,男,2150\n";

/// The desk events' names (Chinese, as an arbiter in China names them):
/// the one run to its end, one under way, one still taking entries.
const EVENT: &str = "春季公开赛";
const UNDER_WAY: &str = "夏季快棋赛";
const REGISTRATION: &str = "秋季新人赛";
/// An event whose player was taken from the rating list (his card links
/// to his list page, which lists the event).
const FROM_LIST: &str = "冬季邀请赛";
/// The team event and its teams (their players are the team's name and
/// the board: 红队1, 红队2).
const TEAM_EVENT: &str = "象棋团体赛";
/// A xiangqi event that writes its results as scores (2:0 / 1:1 / 0:2).
const SCORES_EVENT: &str = "象棋比分赛";
const TEAMS: [&str; 4] = ["红队", "蓝队", "绿队", "黄队"];
/// The arbiter's and the officer's user names.
const ARBITER: &str = "wang";
const OFFICER: &str = "li";

/// Data the test entered, shown as entered on pages of both languages:
/// player and event names, the event's place, user names.
const ENTERED: [&str; 19] = [
    "王天一",
    "郑惟桐",
    "唐丹",
    "赵冠芳",
    "Anna Lee",
    "Tom Brown",
    EVENT,
    UNDER_WAY,
    REGISTRATION,
    FROM_LIST,
    TEAM_EVENT,
    SCORES_EVENT,
    TEAMS[0],
    TEAMS[1],
    TEAMS[2],
    TEAMS[3],
    "杭州",
    ARBITER,
    OFFICER,
];

/// Allowed on a Chinese page although English (data and codes, not
/// sentences); each stands for itself, whole, and breaks a run of words.
const ZH_ALLOW: &[&str] = &[
    // The language switch names the other language in that language.
    "English",
    // The brand, as written in the header.
    "qiyuan",
    // The office's command line, quoted for files over the upload limit.
    "qiyuan office import-list",
    // The API's documentation is the OpenAPI description.
    "OpenAPI",
    // The HTTP header of an API token, quoted in the sign-in message.
    "Authorization: Bearer TOKEN",
];

/// Words allowed on a Chinese page: file formats and encodings as written
/// in file names and format choices (they neither count nor break a run).
const ZH_WORDS: &[&str] = &[
    "csv", "xlsx", "json", "trf", "pgn", "txt", "utf", "gbk", "big", "html", "pdf", "api",
];

/// Allowed on an English page although Chinese.
const EN_ALLOW: &[&str] = &[
    // The language switch names the other language in that language.
    "中文",
    // The brand, as written in the header next to "qiyuan".
    "棋院",
    // Column keys of the files, quoted on purpose where an English text
    // names the headers a file must have (besides the column help, whose
    // Chinese headers are added from the column table): the list's
    // required columns, the desk's name column, the TRF mapping file's.
    "(编号、姓名、性别)",
    "(姓名)",
    "(起始序号)",
    "(编号)",
    // Cell values the column help says a file may hold, as written there.
    "男 / 女",
    "(在册 / 不活跃 / 无等级分)",
    // The Chinese federation's terms glossed on purpose beside their
    // English wording in the event settings (the words arbiters meet in
    // the regulation): match points, same-unit avoidance, team event.
    "(场分)",
    "(同单位回避)",
    "(团体赛)",
];

// ------------------------------------------------------------- building

/// Switches a browser to a language (the `qiyuan_lang` cookie).
async fn set_lang(server: &TestServer, client: &reqwest::Client, lang: &str) {
    let resp = client
        .get(server.url(&format!("/lang/{lang}")))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 303, "/lang/{lang}");
}

/// The proposal of the pairing page confirmed; the round paired.
async fn pair_next(server: &TestServer, id: i64) -> u64 {
    let page = server.get_text(&format!("/desk/events/{id}/pair")).await;
    let json = attr_after(&page, r#"name="proposal""#, "value").expect("a proposal");
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let round = value["round"].as_u64().unwrap();
    let resp = server
        .post_form(
            &format!("/desk/events/{id}/pair"),
            &[("action", "confirm"), ("proposal", &json)],
        )
        .await;
    assert_eq!(resp.status(), 303, "pair round {round}");
    round
}

/// Enters a result for every game of round `round` (red wins on odd
/// boards, draws on even ones) and publishes the round.
async fn enter_results(server: &TestServer, id: i64, round: u64) {
    let page = server
        .get_text(&format!("/desk/events/{id}/rounds/{round}"))
        .await;
    let mut fields: Vec<(String, String)> = Vec::new();
    for (n, chunk) in page.split(r#"class="board-entry""#).skip(1).enumerate() {
        let game = attr_after(chunk, "data-game", "data-game").unwrap();
        let version = attr_after(chunk, "data-version", "data-version").unwrap();
        let key = if n % 2 == 0 { "w" } else { "d" };
        fields.push((format!("r{game}"), key.into()));
        fields.push((format!("v{game}"), version));
        fields.push((format!("o{game}"), "p".into()));
    }
    assert!(!fields.is_empty(), "games of round {round}: {page}");
    let round = u32::try_from(round).unwrap();
    server.save_results(id, round, &fields).await;
    server.publish_round(id, round).await;
}

/// A desk event created through the form; its id.
async fn create_event(server: &TestServer, fields: &[(&str, &str)]) -> i64 {
    created_event_id(&server.post_form("/desk/events/new", fields).await)
}

/// The players from the CSV: the upload's preview, then its confirmation.
async fn import_players(server: &TestServer, id: i64) {
    let import = format!("/desk/events/{id}/players/import");
    let (status, preview) = status_and_text(
        server
            .upload(
                &server.client,
                &import,
                &[],
                "players.csv",
                PLAYERS_CSV.as_bytes(),
            )
            .await,
    )
    .await;
    assert_eq!(status, 200, "{preview}");
    let data = attr_after(&preview, r#"name="data""#, "value").expect("the file in the form");
    let (status, done) = status_and_text(
        server
            .post_form(
                &format!("{import}/confirm"),
                &[
                    ("name", "players.csv"),
                    ("data", &data),
                    ("existing", "skip"),
                ],
            )
            .await,
    )
    .await;
    assert_eq!(status, 200, "{done}");
    let loaded = server.store.load_event(id).await.unwrap();
    assert_eq!(loaded.desk.players().len(), 6, "{done}");
}

/// The site: the office's list published; the desk event run, submitted,
/// reviewed and imported; two more events under way and a team event with
/// its teams. Answers the first event's id and its submission's.
/// The site's main event, the office's submission of it and the event
/// that writes its results as scores.
async fn build_site(server: &TestServer, office: &reqwest::Client) -> (i64, i64, i64) {
    // The office's list, published by the officer.
    let (list, _) = server
        .import_list_draft(
            office,
            "cxa-2019",
            "2019-01-01",
            "list.csv",
            LIST_CSV.as_bytes(),
        )
        .await;
    server.publish_list_draft(office, list).await;

    // The arbiter's Swiss: three rounds of xiangqi rated by cxa-2019, the
    // players from the CSV, every round paired and entered.
    let id = create_event(
        server,
        &[
            ("name", EVENT),
            ("game", "xiangqi"),
            ("system", "swiss"),
            ("rounds", "3"),
            ("scoring", "xiangqi"),
            ("tiebreaks", "xiangqi-swiss-bh"),
            ("rating_profile", "cxa-2019"),
            ("start", "2019-03-08"),
            ("end", "2019-03-10"),
            ("place", "杭州"),
        ],
    )
    .await;
    import_players(server, id).await;
    // Every kind of bye, so that every page that shows one is read: a
    // half-point bye in round 2 (five players left: a pairing-allocated
    // bye), a zero-point and a full-point bye in round 3.
    for (player, round, kind) in [("6", "2", "half"), ("5", "3", "zero"), ("6", "3", "full")] {
        let resp = server
            .post_form(
                &format!("/desk/events/{id}/players"),
                &[
                    ("action", "bye"),
                    ("player", player),
                    ("round", round),
                    ("kind", kind),
                ],
            )
            .await;
        assert!(resp.status().is_success(), "bye {player} in round {round}");
    }
    for _ in 0..3 {
        let round = pair_next(server, id).await;
        enter_results(server, id, round).await;
    }

    // Submitted to the office; reviewed and imported by the officer.
    let resp = server
        .post_form(&format!("/desk/events/{id}/submit"), &[])
        .await;
    assert_eq!(resp.status(), 303, "submit");
    let overview = server.get_text(&format!("/desk/events/{id}")).await;
    let sub: i64 = attr_after(&overview, "data-submission=", "data-submission")
        .expect("the submission on the overview")
        .parse()
        .unwrap();
    let review = common::get_text_at(
        &server.base_url,
        office,
        &format!("/office/submissions/{sub}"),
    )
    .await;
    assert!(review.contains(EVENT), "{review}");
    let (status, text) = status_and_text(
        server
            .post_form_as(
                office,
                &format!("/office/submissions/{sub}/import"),
                &[("confirm_new", "1")],
            )
            .await,
    )
    .await;
    assert_eq!(status, 200, "import of the submission: {text}");

    // Two chess events under way: one with round 1 paired and no result
    // yet (its next round refused), one with its players only (a pairing
    // to preview).
    for (name, pair) in [(UNDER_WAY, true), (REGISTRATION, false)] {
        let other = create_event(
            server,
            &[
                ("name", name),
                ("game", "chess"),
                ("system", "swiss"),
                ("rounds", "5"),
                ("scoring", "fide"),
                ("tiebreaks", "fide-swiss"),
                ("rating_profile", "fide-2024"),
                ("start", "2026-07-01"),
                ("end", "2026-07-03"),
            ],
        )
        .await;
        import_players(server, other).await;
        if pair {
            pair_next(server, other).await;
        }
    }

    // A team round robin of four teams on two boards, its teams entered
    // (a pairing to preview).
    let team = create_event(
        server,
        &[
            ("name", TEAM_EVENT),
            ("game", "xiangqi"),
            ("system", "round_robin"),
            ("cycles", "1"),
            ("scoring", "xiangqi"),
            ("team_boards", "2"),
            ("team_tiebreaks", "xiangqi-team"),
        ],
    )
    .await;
    for name in TEAMS {
        let names: String = (1..=2).map(|b| format!("{name}{b}\n")).collect();
        let resp = server
            .post_form(
                &format!("/desk/events/{team}/teams"),
                &[("name", name), ("roster", ""), ("names", &names)],
            )
            .await;
        assert_eq!(resp.status(), 303, "team {name}");
    }
    // A player taken from the rating list into an event of his own.
    let winter = create_event(
        server,
        &[
            ("name", FROM_LIST),
            ("game", "xiangqi"),
            ("system", "swiss"),
            ("rounds", "5"),
            ("rating_profile", "cxa-2019"),
        ],
    )
    .await;
    let resp = server
        .post_form(
            &format!("/desk/events/{winter}/players"),
            &[("action", "add-from-list"), ("list_player", "101")],
        )
        .await;
    assert_eq!(resp.status(), 200, "add from the list");

    // A xiangqi Swiss that writes its results as scores (象棋竞赛规则:
    // 2:0 / 1:1 / 0:2), round 1 entered and published.
    let scores = create_event(
        server,
        &[
            ("name", SCORES_EVENT),
            ("game", "xiangqi"),
            ("system", "swiss"),
            ("rounds", "3"),
            ("scoring", "xiangqi"),
            ("result_wording", "scores"),
            ("tiebreaks", "xiangqi-swiss-bh"),
        ],
    )
    .await;
    import_players(server, scores).await;
    let round = pair_next(server, scores).await;
    enter_results(server, scores, round).await;
    (id, sub, scores)
}

/// Refused actions, provoked in the browser's current language: each
/// answer's label and page.
/// The desk's CSV and xlsx exports of event `id` (standings and every
/// round's pairings), each as a page of its cells: the exports are read by
/// the same checks as the pages (their words in the user's language, one
/// wording per result and bye).
async fn export_pages(
    server: &TestServer,
    client: &reqwest::Client,
    id: i64,
    rounds: u32,
) -> Vec<(String, String)> {
    let mut exports = vec!["standings.csv".to_string(), "standings.xlsx".to_string()];
    for round in 1..=rounds {
        exports.push(format!("pairings.csv?round={round}"));
        exports.push(format!("pairings.xlsx?round={round}"));
    }
    let mut out = Vec::new();
    for what in exports {
        let url = server.url(&format!("/desk/events/{id}/export/{what}"));
        let response = client.get(url).send().await.unwrap();
        assert_eq!(response.status(), 200, "export {what}");
        let bytes = response.bytes().await.unwrap();
        let cells: Vec<String> = if what.contains(".xlsx") {
            // Every cell of the first sheet (the title rows too).
            use calamine::Reader;
            let mut book = calamine::open_workbook_auto_from_rs(std::io::Cursor::new(bytes))
                .unwrap_or_else(|e| panic!("export {what}: {e}"));
            let range = book.worksheet_range_at(0).unwrap().unwrap();
            range.cells().map(|(_, _, c)| c.to_string()).collect()
        } else {
            let text = String::from_utf8(bytes.to_vec()).unwrap();
            let mut reader = csv::ReaderBuilder::new()
                .has_headers(false)
                .flexible(true)
                .from_reader(text.as_bytes());
            reader
                .records()
                .flat_map(|r| r.unwrap().iter().map(str::to_string).collect::<Vec<_>>())
                .collect()
        };
        let cells = cells
            .iter()
            .map(|c| format!("<td>{}</td>", c.replace('&', "&amp;").replace('<', "&lt;")))
            .collect::<String>();
        assert!(cells.contains("<td>"), "export {what} is empty");
        out.push((format!("export {what}"), cells));
    }
    out
}

async fn provoke_errors(
    server: &TestServer,
    arbiter: &reqwest::Client,
    office: &reqwest::Client,
    anonymous: &reqwest::Client,
    id: i64,
    sub: i64,
) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut keep = |label: &str, status: u16, page: String| {
        out.push((format!("{label} ({status})"), page));
    };
    // A players file without a name column.
    let (s, p) = status_and_text(
        server
            .upload(
                arbiter,
                &format!("/desk/events/{id}/players/import"),
                &[],
                "bad.csv",
                b"rating\n1900\n",
            )
            .await,
    )
    .await;
    keep("desk: players file without names", s, p);
    // A players file with a rating that is not a number: its preview.
    let (s, p) = status_and_text(
        server
            .upload(
                arbiter,
                &format!("/desk/events/{id}/players/import"),
                &[],
                "rows.csv",
                "姓名,等级分\n新棋手,abc\n".as_bytes(),
            )
            .await,
    )
    .await;
    keep("desk: players file with a bad rating", s, p);
    // A player added with a rating that is not a number.
    let (s, p) = status_and_text(
        server
            .post_form_as(
                arbiter,
                &format!("/desk/events/{id}/players"),
                &[("action", "add"), ("name", "新棋手"), ("rating", "abc")],
            )
            .await,
    )
    .await;
    keep("desk: a rating that is not a number", s, p);
    // An event without a name, with a round count that is not a number.
    let (s, p) = status_and_text(
        server
            .post_form_as(
                arbiter,
                "/desk/events/new",
                &[
                    ("name", ""),
                    ("game", "xiangqi"),
                    ("system", "swiss"),
                    ("rounds", "x"),
                ],
            )
            .await,
    )
    .await;
    keep("desk: new event with bad values", s, p);
    // Settings the desk refuses: no round at all.
    let (s, p) = status_and_text(
        server
            .post_form_as(
                arbiter,
                "/desk/events/new",
                &[
                    ("name", "零轮赛"),
                    ("game", "xiangqi"),
                    ("system", "swiss"),
                    ("rounds", "0"),
                ],
            )
            .await,
    )
    .await;
    keep("desk: new event of no round", s, p);
    // Every round is paired: the next one cannot be.
    let (s, p) = status_and_text(
        arbiter
            .get(server.url(&format!("/desk/events/{id}/pair")))
            .send()
            .await
            .unwrap(),
    )
    .await;
    keep("desk: pairing after the last round", s, p);
    // Results with a stale version.
    let round = server
        .get_text(&format!("/desk/events/{id}/rounds/1"))
        .await;
    let game = attr_after(&round, "data-game", "data-game").unwrap();
    let (s, p) = status_and_text(
        server
            .post_form_as(
                arbiter,
                &format!("/desk/events/{id}/rounds/1"),
                &[
                    (&format!("r{game}"), "b"),
                    (&format!("v{game}"), "0"),
                    (&format!("o{game}"), "w"),
                ],
            )
            .await,
    )
    .await;
    keep("desk: results over a stale version", s, p);
    // Submitted twice.
    let (s, p) = status_and_text(
        server
            .post_form_as(arbiter, &format!("/desk/events/{id}/submit"), &[])
            .await,
    )
    .await;
    keep("desk: submitted again", s, p);
    // An unknown event; the office to an arbiter.
    let (s, p) = status_and_text(
        arbiter
            .get(server.url("/desk/events/9999"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    keep("desk: unknown event", s, p);
    let (s, p) = status_and_text(
        arbiter
            .get(server.url(&format!("/office/submissions/{sub}")))
            .send()
            .await
            .unwrap(),
    )
    .await;
    keep("office to an arbiter", s, p);
    let (s, p) = status_and_text(
        anonymous
            .get(server.url("/events/9999"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    keep("public: unknown event", s, p);

    // The office: a list file without the sex column, an event file that
    // is not JSON, a date that is no list date, an import done already.
    let (s, p) = status_and_text(
        server
            .upload(
                office,
                "/office/import-list",
                &[("series_date", "cxa-2019|2019-06-01")],
                "bad-list.csv",
                b"id,name\n1,x\n",
            )
            .await,
    )
    .await;
    keep("office: list without sexes", s, p);
    let (s, p) = status_and_text(
        server
            .upload(
                office,
                "/office/import-event",
                &[("profile", "cxa-2019")],
                "broken.json",
                b"{\"name\": ",
            )
            .await,
    )
    .await;
    keep("office: broken event file", s, p);
    let (s, p) = status_and_text(
        office
            .get(server.url("/office/period?series_date=cxa-2019%7C2019-03-15"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    keep("office: period of a date that is no list date", s, p);
    let (s, p) = status_and_text(
        server
            .post_form_as(
                office,
                &format!("/office/submissions/{sub}/import"),
                &[("confirm_new", "1")],
            )
            .await,
    )
    .await;
    keep("office: submission imported again", s, p);
    out
}

// ------------------------------------------------------------- crawling

/// Whether a link is followed: same origin, a page (no download), not the
/// language switch nor signing out.
fn followed(href: &str) -> bool {
    let path = href.split(['?', '#']).next().unwrap_or("");
    href.starts_with('/')
        && !href.starts_with("//")
        && !path.starts_with("/lang/")
        && path != "/logout"
        && !path.starts_with("/api/")
        && !path.contains("/static/")
        && !path.contains("/export/")
        && ![".csv", ".xlsx", ".trf", ".json", ".pgn", ".txt", ".xml"]
            .iter()
            .any(|ext| path.ends_with(ext))
}

/// Every `href` of the `<a>` tags of a page, unescaped, fragment dropped.
fn links(page: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (at, _) in page.match_indices("<a ") {
        let tag = &page[at..];
        let tag = &tag[..tag.find('>').unwrap_or(tag.len())];
        if let Some(href) = attr_after(tag, "<a ", "href") {
            let href = href.split('#').next().unwrap_or("").to_string();
            if !href.is_empty() {
                out.push(href);
            }
        }
    }
    out
}

/// GETs every page reachable from the start pages; the pages' paths,
/// statuses and bodies (HTML only).
async fn crawl(server: &TestServer, client: &reqwest::Client) -> Vec<(String, u16, String)> {
    let mut seen: HashSet<String> = HashSet::new();
    let mut queue: VecDeque<String> = VecDeque::new();
    for start in ["/", "/desk", "/office", "/events", "/lists", "/help"] {
        seen.insert(start.to_string());
        queue.push_back(start.to_string());
    }
    let mut pages = Vec::new();
    while let Some(path) = queue.pop_front() {
        assert!(pages.len() < 2000, "the crawl does not end: {path}");
        let resp = client.get(server.url(&path)).send().await.unwrap();
        let status = resp.status().as_u16();
        let mut next = Vec::new();
        if resp.status().is_redirection() {
            next.push(location(&resp));
        }
        let html = resp
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("text/html"));
        let body = resp.text().await.unwrap();
        if html {
            next.extend(links(&body));
            pages.push((path, status, body));
        }
        for href in next {
            let href = href
                .strip_prefix(&server.base_url)
                .map(str::to_string)
                .unwrap_or(href);
            if followed(&href) && seen.insert(href.clone()) {
                queue.push_back(href);
            }
        }
    }
    pages
}

// ------------------------------------------------------------- the text

/// Tags that do not end a sentence: their text runs on with the text
/// around them.
const INLINE: &[&str] = &[
    "a", "abbr", "b", "bdi", "cite", "code", "data", "em", "i", "kbd", "mark", "q", "s", "samp",
    "small", "span", "strong", "sub", "sup", "time", "u", "var",
];

/// Undoes HTML escaping in text (the entities maud writes, and numeric
/// ones).
fn unescape_text(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let end = tail.find(';').filter(|&e| e <= 10);
        let Some(end) = end else {
            out.push('&');
            rest = &tail[1..];
            continue;
        };
        let name = &tail[1..end];
        let c = match name {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            "nbsp" => Some(' '),
            _ => name
                .strip_prefix("#x")
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| name.strip_prefix('#').and_then(|d| d.parse().ok()))
                .and_then(char::from_u32),
        };
        match c {
            Some(c) => out.push(c),
            None => out.push_str(&tail[..=end]),
        }
        rest = &tail[end + 1..];
    }
    out.push_str(rest);
    out
}

/// The attributes of a tag's text (`<a href="x" title="y"`), unescaped.
fn attributes(tag: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut s = tag;
    while let Some(eq) = s.find("=\"") {
        let name = s[..eq]
            .rsplit([' ', '\n', '\t'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        let after = &s[eq + 2..];
        let close = after.find('"').unwrap_or(after.len());
        out.insert(name, unescape_text(&after[..close]));
        s = &after[(close + 1).min(after.len())..];
    }
    out
}

/// The visible text of a page: its pieces (a piece ends at every tag that
/// is not inline), text and the attributes a reader sees (`title`,
/// `placeholder`, `aria-label`, `alt`, the `value` of buttons). Scripts,
/// styles and comments are left out.
fn visible_text(page: &str) -> Vec<String> {
    let mut pieces = Vec::new();
    let mut cur = String::new();
    let mut rest = page;
    let flush = |cur: &mut String, pieces: &mut Vec<String>| {
        let t = cur.split_whitespace().collect::<Vec<_>>().join(" ");
        if !t.is_empty() {
            pieces.push(t);
        }
        cur.clear();
    };
    while let Some(lt) = rest.find('<') {
        cur.push_str(&unescape_text(&rest[..lt]));
        let tail = &rest[lt..];
        if let Some(c) = tail.strip_prefix("<!--") {
            rest = c.find("-->").map_or("", |e| &c[e + 3..]);
            continue;
        }
        let end = tail.find('>').unwrap_or(tail.len() - 1);
        let tag = &tail[1..end];
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        rest = &tail[end + 1..];
        if !tag.starts_with('/') && (name == "script" || name == "style") {
            let close = format!("</{name}");
            rest = rest.find(&close).map_or("", |e| &rest[e..]);
            continue;
        }
        // Code (`translate="no"`: the help pages' commands, their output
        // and file contents) is neither language: left out, like a script.
        if !tag.starts_with('/') && tag.contains(r#"translate="no""#) {
            flush(&mut cur, &mut pieces);
            let close = format!("</{name}");
            rest = rest.find(&close).map_or("", |e| &rest[e..]);
            continue;
        }
        if !INLINE.contains(&name.as_str()) {
            flush(&mut cur, &mut pieces);
        }
        if tag.starts_with('/') {
            continue;
        }
        let attrs = attributes(tag);
        for key in ["title", "placeholder", "aria-label", "alt"] {
            if let Some(v) = attrs.get(key) {
                pieces.push(v.clone());
            }
        }
        let kind = attrs.get("type").map(String::as_str).unwrap_or("");
        if name == "input"
            && matches!(kind, "submit" | "button" | "reset")
            && let Some(v) = attrs.get("value")
        {
            pieces.push(v.clone());
        }
    }
    cur.push_str(&unescape_text(rest));
    flush(&mut cur, &mut pieces);
    pieces
}

/// Whether a character is Chinese text: Han characters and the CJK and
/// full-width punctuation written with them.
fn chinese(c: char) -> bool {
    matches!(c,
        '\u{3000}'..='\u{303f}'
        | '\u{3400}'..='\u{4dbf}'
        | '\u{4e00}'..='\u{9fff}'
        | '\u{f900}'..='\u{faff}'
        | '\u{ff00}'..='\u{ffef}')
}

/// The column table's headers as the column help shows them: on a Chinese
/// page the English ones (`birth year, birth, born`), on an English page
/// the Chinese ones (`出生年份、出生`). They are the file keys the readers
/// accept, quoted on purpose.
fn column_headers(lang: &str) -> Vec<String> {
    qiyuan_formats::columns::COLUMNS
        .iter()
        .map(|d| match lang {
            "zh" => d.en.join(", "),
            _ => d.zh.join("、"),
        })
        .filter(|h| !h.is_empty())
        .collect()
}

/// `text` with `what` replaced by `by`; an ASCII `what` only as a whole
/// word (the user name `li` is not the `li` of `line`).
fn replace_word(text: &str, what: &str, by: &str) -> String {
    if !what.is_ascii() {
        return text.replace(what, by);
    }
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(what) {
        let before = rest[..at].chars().next_back();
        let after = rest[at + what.len()..].chars().next();
        let letter = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
        out.push_str(&rest[..at]);
        out.push_str(if letter(before) || letter(after) {
            what
        } else {
            by
        });
        rest = &rest[at + what.len()..];
    }
    out.push_str(rest);
    out
}

/// Citations of the Chinese regulations by their articles, kept as cited
/// on English pages: 第九条, 第十一条–第十四条 (cxa-2019), `cxa-legacy 六`.
fn without_citations(text: &str) -> String {
    const NUMERALS: &str = "零一二三四五六七八九十百";
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '第' {
            let mut j = i + 1;
            while j < chars.len() && NUMERALS.contains(chars[j]) {
                j += 1;
            }
            if j > i + 1 && j < chars.len() && chars[j] == '条' {
                // Its clauses too: 第九条(三)(四).
                j += 1;
                while j < chars.len() && matches!(chars[j], '(' | '（') {
                    let mut k = j + 1;
                    while k < chars.len() && NUMERALS.contains(chars[k]) {
                        k += 1;
                    }
                    if k > j + 1 && k < chars.len() && matches!(chars[k], ')' | '）') {
                        j = k + 1;
                    } else {
                        break;
                    }
                }
                out.push('\u{1}');
                i = j;
                continue;
            }
        }
        out.push(chars[i]);
        i += 1;
    }
    // A profile's name, then its articles: `cca-chess 六(一), 八(十三)`.
    let mut t = out;
    for profile in qiyuan_rating::Profile::builtin_names() {
        let key = format!("{profile} ");
        let mut from = 0;
        while let Some(at) = t[from..].find(&key).map(|a| from + a) {
            let start = at + key.len();
            let end = t[start..]
                .char_indices()
                .find(|(_, c)| !NUMERALS.contains(*c) && !"()（）, ".contains(*c))
                .map_or(t.len(), |(k, _)| start + k);
            if t[start..end].chars().any(|c| NUMERALS.contains(c)) {
                t.replace_range(start..end, "\u{1}");
            }
            from = start;
        }
    }
    t
}

/// Replaces every allowed string in `text` by a break (`\u{1}`); URL
/// paths (a word starting with `/`) too.
fn without(text: &str, allowed: &[&str], lang: &str) -> String {
    let headers = column_headers(lang);
    let mut all: Vec<&str> = allowed.iter().chain(ENTERED.iter()).copied().collect();
    // Tie-break presets are codes (`xiangqi-swiss-bh`, `fide-team-rr`),
    // shown by name beside their description.
    all.extend(qiyuan_tournament::tiebreak::PRESETS.iter().map(|p| p.0));
    all.extend(qiyuan_desk::team::TEAM_PRESETS.iter().map(|p| p.0));
    // Rating profiles too (`cxa-2019`, `cca-chess`: their names in the
    // settings, the office's series, the citations of their articles).
    let profiles = qiyuan_rating::Profile::builtin_names();
    all.extend(profiles.iter().copied());
    all.extend(headers.iter().map(String::as_str));
    // Longest first: "Anna Lee" before any shorter entry inside it.
    all.sort_by_key(|s| std::cmp::Reverse(s.len()));
    let mut t = text.to_string();
    for a in all {
        t = replace_word(&t, a, "\u{1}");
    }
    t.split(' ')
        .map(|w| {
            if w.starts_with('/') || w.starts_with("http") {
                "\u{1}"
            } else {
                w
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The English runs of three words or more in a piece of a Chinese page.
fn english_runs(piece: &str) -> Vec<String> {
    let t = without(piece, ZH_ALLOW, "zh");
    let mut runs = Vec::new();
    let mut run: Vec<String> = Vec::new();
    let mut word = String::new();
    let end_run = |run: &mut Vec<String>, runs: &mut Vec<String>| {
        if run.len() >= 3 {
            runs.push(run.join(" "));
        }
        run.clear();
    };
    for c in t.chars().chain(std::iter::once('\u{1}')) {
        if c.is_ascii_alphanumeric() {
            word.push(c);
            continue;
        }
        if !word.is_empty() {
            let w = std::mem::take(&mut word);
            // A code: upper case letters (TRF, FIDE, BH, SB …); a format
            // name; a single letter; letters with digits (a hash, `r1`):
            // none counts as a word.
            let letters = w.chars().all(|c| c.is_ascii_alphabetic());
            let code = w.chars().all(|c| c.is_ascii_uppercase());
            let format = ZH_WORDS.contains(&w.to_ascii_lowercase().as_str());
            if w.len() >= 2 && letters && !code && !format {
                run.push(w);
            }
        }
        if !c.is_ascii() || c == '\u{1}' {
            end_run(&mut run, &mut runs);
        }
    }
    runs
}

/// The Chinese text in a piece of an English page.
fn chinese_text(piece: &str) -> Option<String> {
    let t = without(&without_citations(piece), EN_ALLOW, "en");
    t.chars().any(chinese).then(|| piece.to_string())
}

/// The offences of a page in a language: each offending text.
fn offences(page: &str, lang: &str) -> Vec<String> {
    let mut out = Vec::new();
    for piece in visible_text(page) {
        // A record's data as JSON (the desk's log, the office's audit
        // trail): keys are codes, values data.
        // The log shortens long records (they end in `…`).
        if (piece.starts_with('{') || piece.starts_with('['))
            && (serde_json::from_str::<serde_json::Value>(&piece).is_ok()
                || piece.starts_with("{\""))
        {
            continue;
        }
        match lang {
            "zh" => {
                for run in english_runs(&piece) {
                    out.push(format!("«{run}» in «{piece}»"));
                }
            }
            _ => out.extend(chinese_text(&piece).map(|p| format!("«{p}»"))),
        }
    }
    out.dedup();
    out
}

/// The words of a bye that differ from the vocabulary's one wording
/// (`qiyuan_vocab::ByeKind::label`): on a Chinese page every 请假 with a
/// bracket is one of the labels (请假 alone is the requested-byes heading);
/// on an English page every "…-point bye" is, and no other phrase names a
/// requested bye.
fn wording_offences(page: &str, lang: &str) -> Vec<String> {
    use qiyuan_vocab::{ByeKind, Lang};
    let lang_of = if lang == "zh" { Lang::Zh } else { Lang::En };
    let labels: Vec<&str> = ByeKind::ALL.iter().map(|k| k.label(lang_of)).collect();
    let mut out = Vec::new();
    for piece in visible_text(page) {
        match lang {
            "zh" => {
                for (i, _) in piece.match_indices("请假") {
                    let rest = &piece[i..];
                    let bracketed = rest["请假".len()..].starts_with(['（', '(']);
                    if bracketed && !labels.iter().any(|l| rest.starts_with(l)) {
                        out.push(format!("bye worded «{rest}»"));
                    }
                }
            }
            _ => {
                for (i, _) in piece.match_indices("-point bye") {
                    let start = piece[..i]
                        .rfind(|c: char| !c.is_ascii_alphanumeric() && c != '-')
                        .map_or(0, |j| j + 1);
                    let phrase = &piece[start..i + "-point bye".len()];
                    if !labels.contains(&phrase) {
                        out.push(format!("bye worded «{phrase}»"));
                    }
                }
                if piece.contains("bye (requested)") || piece.contains("requested bye (") {
                    out.push(format!("bye worded «{piece}»"));
                }
            }
        }
    }
    out.extend(result_offences(page, None));
    out.extend(heading_offences(page, lang_of));
    out.dedup();
    out
}

/// Column headings that name a term of `qiyuan_vocab::Heading` in another
/// wording: a table header cell whose whole text is another usual spelling
/// of the player's number, the rank, the club, the rating, the points or
/// the board (SNo, Rank, Unit, Pts, 台 …).
fn heading_offences(page: &str, lang: qiyuan_vocab::Lang) -> Vec<String> {
    use qiyuan_vocab::{Heading, Lang};
    let others: &[(&str, Heading)] = match lang {
        Lang::Zh => &[
            ("台", Heading::Board),
            ("台号", Heading::Board),
            ("起始序号", Heading::PairingNumber),
            ("排名", Heading::Rank),
        ],
        Lang::En => &[
            ("SNo", Heading::PairingNumber),
            ("Rk", Heading::Rank),
            ("Rank", Heading::Rank),
            ("Unit", Heading::Club),
            ("Pts", Heading::Points),
            ("Points", Heading::Points),
            ("Bo", Heading::Board),
            ("Board", Heading::Board),
        ],
    };
    let mut out = Vec::new();
    for cell in page.split("<th").skip(1) {
        let Some(start) = cell.find('>') else {
            continue;
        };
        let Some(end) = cell.find("</th>") else {
            continue;
        };
        if start >= end {
            continue;
        }
        let text = cell[start + 1..end].trim();
        if let Some((word, h)) = others.iter().find(|(w, _)| *w == text) {
            out.push(format!("heading «{word}» for «{}»", h.label(lang)));
        }
    }
    out
}

/// Results worded otherwise than `qiyuan_vocab::GameResult::label_in`
/// words them: a page element whose whole text is another usual spelling
/// of a result (the code `1/2-1/2`, `0.5-0.5`, `1:0`, 红方胜, White wins …)
/// or, on the pages and exports of an event whose game, wording and
/// language are known (`of`), a label of another game, wording or
/// language (`1-0` on a xiangqi event, where 红胜 is the word; 红胜 on one
/// that writes its results as scores, where 2:0 is).
fn result_offences(
    page: &str,
    of: Option<(
        qiyuan_vocab::GameKind,
        qiyuan_vocab::ResultWording,
        qiyuan_vocab::Lang,
    )>,
) -> Vec<String> {
    use qiyuan_vocab::{GameKind, GameResult, Lang, ResultWording};
    const OTHER_SPELLINGS: &[&str] = &[
        "1/2-1/2",
        "0.5-0.5",
        "1/2",
        "½:½",
        "1:0",
        "0:1",
        "+-",
        "-+",
        "--",
        "+:-",
        "-:+",
        "红方胜",
        "黑方胜",
        "红先胜",
        "黑后胜",
        "红负",
        "黑负",
        "和棋",
        "和局",
        "White wins",
        "White won",
        "Red won",
        "Black won",
        "draw",
        "Drawn",
        "Red win",
        "Black win",
    ];
    let labels_of =
        |games: &[GameKind], wordings: &[ResultWording], langs: &[Lang]| -> Vec<&'static str> {
            let mut out = Vec::new();
            for &g in games {
                for &w in wordings {
                    for &l in langs {
                        out.extend(
                            GameResult::ALL
                                .map(|r| r.label_in(g, w, l))
                                .into_iter()
                                .filter(|t| !t.is_empty()),
                        );
                    }
                }
            }
            out
        };
    let every_label = labels_of(
        &[GameKind::Chess, GameKind::Xiangqi],
        &ResultWording::ALL,
        &[Lang::Zh, Lang::En],
    );
    let (allowed, mut forbidden) = match of {
        Some((game, wording, lang)) => (labels_of(&[game], &[wording], &[lang]), every_label),
        None => (every_label, Vec::new()),
    };
    forbidden.extend(OTHER_SPELLINGS);
    visible_text(page)
        .into_iter()
        .filter(|piece| forbidden.contains(&piece.as_str()) && !allowed.contains(&piece.as_str()))
        .map(|piece| format!("result worded «{piece}»"))
        .collect()
}

#[test]
fn the_wording_check_finds_other_words_for_a_result() {
    let page = "<td>½-½</td><td>1/2-1/2</td><td>红胜</td><td>红方胜</td><td>Red wins</td>\
                <td>White wins</td><p>a draw was agreed</p>";
    assert_eq!(
        wording_offences(page, "zh"),
        [
            "result worded «1/2-1/2»",
            "result worded «红方胜»",
            "result worded «White wins»"
        ]
    );
    // On a xiangqi event's page in Chinese, the chess and English words too.
    use qiyuan_vocab::{GameKind, Lang, ResultWording};
    let of = Some((GameKind::Xiangqi, ResultWording::Words, Lang::Zh));
    assert_eq!(
        result_offences(page, of),
        [
            "result worded «½-½»",
            "result worded «1/2-1/2»",
            "result worded «红方胜»",
            "result worded «Red wins»",
            "result worded «White wins»"
        ]
    );
    // An event that writes its results as scores: 2:0 is its word, 红胜 and
    // 和 are not — and 2:0 is not the word of one that writes them in words.
    let page = "<td>2:0</td><td>红胜</td><td>1:1</td><td>和</td>";
    let scores = Some((GameKind::Xiangqi, ResultWording::Scores, Lang::Zh));
    assert_eq!(
        result_offences(page, scores),
        ["result worded «红胜»", "result worded «和»"]
    );
    assert_eq!(
        result_offences(page, of),
        ["result worded «2:0»", "result worded «1:1»"]
    );
}

#[test]
fn the_wording_check_finds_other_words_for_a_bye() {
    let page = "<p>请假（半分）</p><p>请假（记和）</p><h2>请假</h2>";
    assert_eq!(wording_offences(page, "zh"), ["bye worded «请假（半分）»"]);
    let page = "<p>half-point bye</p><p>a half point bye</p><p>bye (requested)</p>";
    assert_eq!(
        wording_offences(page, "en"),
        ["bye worded «bye (requested)»"]
    );
    assert!(wording_offences("<p>1.5-point bye</p>", "en").len() == 1);
    assert_eq!(
        wording_offences(
            "<table><tr><th class=\"num\">台</th><th>台次</th></tr></table>",
            "zh"
        ),
        ["heading «台» for «台次»"]
    );
    assert_eq!(
        wording_offences("<tr><th>SNo</th><th>No.</th></tr>", "en"),
        ["heading «SNo» for «No.»"]
    );
}

#[test]
fn the_checks_find_what_they_should() {
    let page = r#"<html><head><title>排名</title><style>p { color: red }</style></head>
        <body><p>裁判台拒绝了此操作：round 3 is not <a href="/x">paired yet</a></p>
        <p title="Go back home">王天一 Anna Lee 2019-03-10</p>
        <script>var x = "这是脚本";</script>
        <input type="submit" value="保存"><button>中文</button>
        <p>TRF 导出 /desk/events/1/export/trf cxa-2019</p>
        <pre translate="no"><code>qiyuan office import-list examples/list.csv</code></pre>
        <p>运行 <code translate="no">qiyuan office publish --list 1</code> 公布</p></body></html>"#;
    let zh = offences(page, "zh");
    assert_eq!(zh.len(), 2, "{zh:?}");
    assert!(zh[0].contains("round is not paired yet"), "{zh:?}");
    assert!(zh[1].contains("Go back home"), "{zh:?}");
    let en = offences(page, "en");
    assert!(en.iter().any(|o| o.contains("排名")), "{en:?}");
    assert!(en.iter().any(|o| o.contains("裁判台")), "{en:?}");
    assert!(en.iter().any(|o| o.contains("保存")), "{en:?}");
    assert!(en.iter().any(|o| o.contains("导出")), "{en:?}");
    assert!(!en.iter().any(|o| o.contains("脚本")), "{en:?}");
    assert!(!en.iter().any(|o| o.contains("王天一")), "{en:?}");
    assert!(!en.iter().any(|o| o.contains("中文")), "{en:?}");
}

// ------------------------------------------------------------- the test

/// Issue 11's acceptance: every page of these flows in its language only.
#[tokio::test]
async fn every_page_speaks_one_language() {
    let server = TestServer::start().await;
    server.sign_in_as(ARBITER, Role::Arbiter).await;
    let office = server.browser();
    server
        .create_account(OFFICER, TEST_PASSWORD, Role::Officer)
        .await;
    server.login_as(&office, OFFICER, TEST_PASSWORD).await;
    let (id, sub, scores) = build_site(&server, &office).await;
    let anonymous = server.browser();

    // Each offending text, with the pages that show it.
    let mut report: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut crawled = 0;
    for lang in ["zh", "en"] {
        for client in [&server.client, &office, &anonymous] {
            set_lang(&server, client, lang).await;
        }
        let mut pages: Vec<(String, String)> = Vec::new();
        for (who, client) in [
            ("arbiter", &server.client),
            ("officer", &office),
            ("anonymous", &anonymous),
        ] {
            let found = crawl(&server, client).await;
            let paths: HashSet<&str> = found.iter().map(|(p, _, _)| p.as_str()).collect();
            let expected: &[String] = match who {
                "arbiter" => &[
                    format!("/desk/events/{id}"),
                    format!("/desk/events/{id}/standings"),
                    format!("/desk/events/{id}/rounds/3"),
                    format!("/desk/events/{id}/norms"),
                    format!("/desk/events/{}/pair", id + 1),
                    format!("/desk/events/{}/pair", id + 2),
                    format!("/desk/events/{}/teams/pair", id + 3),
                    format!("/desk/events/{scores}/rounds/1"),
                ],
                "officer" => &["/office".to_string(), "/office/audit".to_string()],
                _ => &[
                    format!("/events/{id}"),
                    "/players/101".to_string(),
                    format!("/events/{scores}/rounds/1"),
                    "/lists".to_string(),
                    "/help/arbiter".to_string(),
                    "/help/officer".to_string(),
                    "/help/integrator".to_string(),
                ],
            };
            for e in expected {
                assert!(
                    paths.contains(e.as_str()),
                    "{who} ({lang}) did not reach {e}: {paths:?}"
                );
            }
            eprintln!("{lang}: {} pages as {who}", found.len());
            for (path, status, body) in found {
                pages.push((format!("{who} GET {path} ({status})"), body));
            }
        }
        // Pages no link leads to: the submission's review, the period's
        // preview.
        for path in [
            format!("/office/submissions/{sub}"),
            "/office/period?series_date=cxa-2019%7C2019-06-01".to_string(),
        ] {
            let (status, body) =
                status_and_text(office.get(server.url(&path)).send().await.unwrap()).await;
            assert_eq!(status, 200, "{path}: {body}");
            pages.push((format!("officer GET {path} ({status})"), body));
        }
        // The name search across events and lists (a form's answer).
        for path in ["/search", "/search?q=%E7%8E%8B", "/search?q=anna"] {
            let (status, body) =
                status_and_text(anonymous.get(server.url(path)).send().await.unwrap()).await;
            assert_eq!(status, 200, "{path}: {body}");
            assert!(
                path == "/search" || body.contains("found-in-events"),
                "{body}"
            );
            pages.push((format!("anonymous GET {path} ({status})"), body));
        }
        for (label, body) in
            provoke_errors(&server, &server.client, &office, &anonymous, id, sub).await
        {
            pages.push((format!("refused: {label}"), body));
        }
        pages.extend(export_pages(&server, &server.client, id, 3).await);
        pages.extend(
            export_pages(&server, &server.client, scores, 1)
                .await
                .into_iter()
                .map(|(label, body)| (format!("scores {label}"), body)),
        );
        crawled += pages.len();
        // The events' own pages and exports: the main xiangqi event, whose
        // results are 红胜/和/黑胜 (Red wins/Draw/Black wins), and the one
        // that writes them as scores, 2:0/1:1/0:2 — each checked against
        // its own wording.
        let lang_of = if lang == "zh" {
            qiyuan_vocab::Lang::Zh
        } else {
            qiyuan_vocab::Lang::En
        };
        let event_pages = [
            format!("/events/{id}/"),
            format!("/events/{id} "),
            "export ".to_string(),
        ];
        let scores_pages = [
            format!("/events/{scores}/"),
            format!("/events/{scores} "),
            "scores export ".to_string(),
        ];
        let on = |pages: &[String], label: &str| pages.iter().any(|p| label.contains(p.as_str()));
        for (label, body) in &pages {
            use qiyuan_vocab::{GameKind, ResultWording};
            let of_event = if on(&scores_pages, label) {
                Some((GameKind::Xiangqi, ResultWording::Scores, lang_of))
            } else if on(&event_pages, label) {
                Some((GameKind::Xiangqi, ResultWording::Words, lang_of))
            } else {
                None
            };
            for offence in offences(body, lang)
                .into_iter()
                .chain(wording_offences(body, lang))
                .chain(result_offences(body, of_event))
            {
                let on = report.entry(format!("[{lang}] {offence}")).or_default();
                if !on.contains(label) {
                    on.push(label.clone());
                }
            }
        }
    }
    assert!(crawled > 50, "only {crawled} pages crawled");
    let pages: HashSet<&String> = report.values().flatten().collect();
    let lines: Vec<String> = report
        .iter()
        .map(|(offence, on)| format!("{offence}\n    on {}", on.join("\n    on ")))
        .collect();
    assert!(
        report.is_empty(),
        "{} texts in the other language, on {} pages:\n{}",
        report.len(),
        pages.len(),
        lines.join("\n")
    );
}
