//! Privacy (issue 11, item 7): a player's birth date, national id number,
//! phone and e-mail never reach an anonymous reader — not a page, not the
//! API, not a file offered for download on a public page.
//!
//! The test seeds the demo data, then enters juniors with such data the
//! ways users do (the desk's player form and CSV import, the office's list
//! import), and crawls the whole site as an anonymous visitor: every link
//! of every page from `/`, every GET path of the OpenAPI document, and an
//! instance of every GET route of the router (read from the server's
//! sources, so a new route must be classified here as public or not). No
//! body may hold any of the values, in any of the usual spellings. The
//! event's arbiter still sees them where the desk shows them, and the
//! organiser's choice to publish the year of birth shows the year only.

mod common;

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use common::{TEST_PASSWORD, TestServer, created_event_id, status_and_text, unescape};
use qiyuan_server::auth::Role;
use serde_json::Value;

/// The junior entered through the desk's player form.
const LI_BIRTH: &str = "2011-04-17";
const LI_ID: &str = "110101201104170036";
/// The junior imported from a CSV file at the desk (phone and e-mail in
/// columns the desk does not keep).
const ZHAO_BIRTH: &str = "2012/08/09";
const ZHAO_ID: &str = "110101201208090027";
const ZHAO_PHONE: &str = "13800138000";
const ZHAO_MAIL: &str = "li@example.com";
/// The junior of the office's list (its file has a birth date, a phone and
/// an e-mail; the office keeps the year of birth only).
const WANG_BIRTH: &str = "2010-09-03";
const WANG_PHONE: &str = "13900139000";
const WANG_MAIL: &str = "wang.junior@example.com";

/// Every spelling of a date a page or a file might use.
fn date_spellings(date: &str) -> Vec<String> {
    let parts: Vec<&str> = date.split(['-', '/']).collect();
    let (y, m, d) = (parts[0], parts[1], parts[2]);
    let (mn, dn) = (m.trim_start_matches('0'), d.trim_start_matches('0'));
    let mut v = vec![
        format!("{y}-{m}-{d}"),
        format!("{y}/{m}/{d}"),
        format!("{y}.{m}.{d}"),
        format!("{y}{m}{d}"),
        format!("{y}-{mn}-{dn}"),
        format!("{y}/{mn}/{dn}"),
        format!("{y}.{mn}.{dn}"),
        format!("{y}年{mn}月{dn}日"),
        format!("{y}年{m}月{d}日"),
        format!("{d}/{m}/{y}"),
        format!("{d}.{m}.{y}"),
        format!("{m}/{d}/{y}"),
        format!("{dn}/{mn}/{y}"),
        format!("{mn}/{dn}/{y}"),
    ];
    v.sort();
    v.dedup();
    v
}

/// Every spelling of a mobile number: whole, 3-4-4 with a hyphen or a
/// space, with +86.
fn phone_spellings(p: &str) -> Vec<String> {
    let (a, b, c) = (&p[..3], &p[3..7], &p[7..]);
    vec![
        p.to_string(),
        format!("{a}-{b}-{c}"),
        format!("{a} {b} {c}"),
        format!("+86{p}"),
    ]
}

/// An e-mail as text and percent-encoded (in a link).
fn mail_spellings(m: &str) -> Vec<String> {
    vec![
        m.to_string(),
        m.replace('@', "%40"),
        m.replace('@', "&#64;"),
    ]
}

/// Every private value, each with what it is.
fn secrets() -> Vec<(String, &'static str)> {
    let mut v = Vec::new();
    for d in [LI_BIRTH, ZHAO_BIRTH, WANG_BIRTH] {
        v.extend(date_spellings(d).into_iter().map(|s| (s, "birth date")));
    }
    for id in [LI_ID, ZHAO_ID] {
        v.push((id.to_string(), "national id"));
    }
    for p in [ZHAO_PHONE, WANG_PHONE] {
        v.extend(phone_spellings(p).into_iter().map(|s| (s, "phone")));
    }
    for m in [ZHAO_MAIL, WANG_MAIL] {
        v.extend(mail_spellings(m).into_iter().map(|s| (s, "e-mail")));
    }
    v
}

/// The GET routes of the router that anyone may read. Each must be fetched
/// by the crawl with an answer below 400.
const PUBLIC_GET: &[&str] = &[
    "/",
    "/login",
    "/setup",
    "/lang/{code}",
    "/static/app.css",
    "/static/app.js",
    "/desk/static/desk.css",
    "/events",
    "/events/{id}",
    "/events/{id}/rounds/{round}",
    "/events/{id}/standings",
    "/events/{id}/crosstable",
    "/events/{id}/players/{no}",
    "/events/{id}/hall",
    "/e/{id}",
    "/lists",
    "/lists/{id}",
    "/help",
    "/help/{guide}",
    "/help/img/{file}",
    "/players",
    "/players/{id}",
    "/search",
    "/api/v1/health",
    "/api/v1/whoami",
    "/api/v1/openapi.json",
    "/api/v1/events",
    "/api/v1/events/{id}",
    "/api/v1/events/{id}/standings",
    "/api/v1/events/{id}/rating",
];

/// The GET routes that need an account: an anonymous visitor is sent to
/// sign in (or refused), never answered 200.
const SIGNED_IN_GET: &[&str] = &[
    "/admin/users",
    "/account/password",
    "/desk",
    "/desk/events",
    "/desk/events/new",
    "/desk/events/{id}",
    "/desk/events/{id}/settings",
    "/desk/events/{id}/log",
    "/desk/events/{id}/players",
    "/desk/events/{id}/players/{number}",
    "/desk/events/{id}/pair",
    "/desk/events/{id}/rounds",
    "/desk/events/{id}/rounds/{round}",
    "/desk/events/{id}/standings",
    "/desk/events/{id}/crosstable",
    "/desk/events/{id}/rating",
    "/desk/events/{id}/norms",
    "/desk/events/{id}/titles",
    "/desk/events/{id}/grades",
    "/desk/events/{id}/print/{what}",
    "/desk/events/{id}/export/{fmt}",
    "/desk/events/{id}/teams",
    "/desk/events/{id}/teams/pair",
    "/desk/events/{id}/teams/rounds",
    "/desk/events/{id}/teams/rounds/{round}",
    "/desk/events/{id}/teams/standings",
    "/desk/events/{id}/teams/{team}",
    "/office",
    "/office/period",
    "/office/lists/{id}",
    "/office/submissions/{id}",
    "/office/audit",
    "/office/titles",
    "/office/events/{id}/grades",
];

/// Every GET route of the router, read from the server's sources: each
/// `.route("PATH", …)` whose methods include `get(`.
fn router_get_routes() -> BTreeSet<String> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let mut routes = BTreeSet::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (at, _) in text.match_indices(".route(") {
            // The call's arguments, up to its closing parenthesis.
            let args = &text[at + ".route(".len()..];
            let mut depth = 1;
            let end = args
                .char_indices()
                .find(|&(_, c)| {
                    match c {
                        '(' => depth += 1,
                        ')' => depth -= 1,
                        _ => {}
                    }
                    depth == 0
                })
                .map(|(i, _)| i)
                .unwrap();
            let args = &args[..end];
            let Some(rest) = args.trim_start().strip_prefix('"') else {
                continue;
            };
            let path = &rest[..rest.find('"').unwrap()];
            if rest.contains("get(") {
                routes.insert(path.to_string());
            }
        }
    }
    routes
}

/// Whether `path` (no query) is an instance of the route `template`.
fn matches(template: &str, path: &str) -> bool {
    let t: Vec<&str> = template.split('/').collect();
    let p: Vec<&str> = path.split('/').collect();
    t.len() == p.len()
        && t.iter()
            .zip(&p)
            .all(|(t, p)| (t.starts_with('{') && !p.is_empty()) || t == p)
}

/// The route of `path` among `routes`, if any (a literal route before a
/// template: `/desk/events/new` is not `/desk/events/{id}`).
fn route_of<'a>(routes: &[&'a str], path: &str) -> Option<&'a str> {
    let path = path.split('?').next().unwrap();
    routes
        .iter()
        .filter(|t| matches(t, path))
        .min_by_key(|t| t.matches('{').count())
        .copied()
}

/// The text a body holds: an xlsx file's cells, anything else as UTF-8.
fn body_text(bytes: &[u8]) -> String {
    use calamine::Reader;
    if bytes.starts_with(b"PK\x03\x04") {
        let mut book = calamine::Xlsx::new(std::io::Cursor::new(bytes.to_vec()))
            .expect("a zip body is an xlsx file");
        let mut text = String::new();
        for name in book.sheet_names() {
            let range = book.worksheet_range(&name).unwrap();
            for row in range.rows() {
                for c in row {
                    text.push_str(&c.to_string());
                    text.push('\t');
                }
                text.push('\n');
            }
        }
        return text;
    }
    String::from_utf8_lossy(bytes).into_owned()
}

/// Links of an HTML page or a JSON body: `href`/`src`/`action` values and
/// JSON strings that are paths of this site.
fn links(content_type: &str, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    if content_type.contains("json") {
        fn strings(v: &Value, out: &mut Vec<String>) {
            match v {
                Value::String(s) if s.starts_with('/') && !s.starts_with("//") => {
                    out.push(s.clone())
                }
                Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
                Value::Object(o) => o.values().for_each(|x| strings(x, out)),
                _ => {}
            }
        }
        if let Ok(v) = serde_json::from_str::<Value>(text) {
            strings(&v, &mut out);
        }
    } else if content_type.contains("html") {
        for attr in ["href", "src", "action"] {
            let key = format!(" {attr}=\"");
            for (i, _) in text.match_indices(&key) {
                let v = &text[i + key.len()..];
                let v = unescape(&v[..v.find('"').unwrap()]);
                if v.starts_with('/') && !v.starts_with("//") {
                    out.push(v);
                }
            }
        }
    }
    out.into_iter()
        .map(|l| l.split('#').next().unwrap().to_string())
        .collect()
}

/// What the crawl saw: each path fetched with its status.
struct Crawl {
    seen: BTreeMap<String, u16>,
}

/// Fetches `seeds` and every link they lead to with `client` (an anonymous
/// browser), asserting that no body holds a private value.
async fn crawl(server: &TestServer, client: &reqwest::Client, seeds: &[String]) -> Crawl {
    let secrets = secrets();
    let mut queue: VecDeque<String> = seeds.iter().cloned().collect();
    let mut seen = BTreeMap::new();
    while let Some(path) = queue.pop_front() {
        if seen.contains_key(&path) {
            continue;
        }
        assert!(seen.len() < 5000, "the crawl does not end");
        // A language switch sets a cookie: use a browser of its own, so the
        // crawl keeps its language.
        let c = if path.starts_with("/lang/") {
            server.browser()
        } else {
            client.clone()
        };
        let resp = c.get(server.url(&path)).send().await.unwrap();
        let status = resp.status().as_u16();
        let location = common::location(&resp);
        let content_type = resp
            .headers()
            .get("content-type")
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default();
        let bytes = resp.bytes().await.unwrap();
        let text = body_text(&bytes);
        for (s, what) in &secrets {
            assert!(
                !text.contains(s.as_str()) && !location.contains(s.as_str()),
                "anonymous GET {path} ({status}) shows a {what}: `{s}`\n{text}"
            );
        }
        seen.insert(path.clone(), status);
        if (300..400).contains(&status) && location.starts_with('/') {
            queue.push_back(location);
        }
        if status == 200 {
            for l in links(&content_type, &text) {
                // Forms that write (sign out, …) are not links to follow.
                if l == "/logout" || l.starts_with("/login?") || l.contains('{') {
                    continue;
                }
                if !seen.contains_key(&l) {
                    queue.push_back(l);
                }
            }
        }
    }
    Crawl { seen }
}

/// An instance of a route: each `{param}` replaced by a value that exists
/// in the seeded data.
fn instance(template: &str, event: i64) -> String {
    template
        .split('/')
        .map(|s| match s {
            "{id}" if template.starts_with("/office") => "1".to_string(),
            "{id}" => event.to_string(),
            "{round}" | "{number}" | "{no}" | "{team}" => "1".to_string(),
            "{what}" => "pairings".to_string(),
            "{fmt}" => "trf".to_string(),
            "{code}" => "en".to_string(),
            "{guide}" => "arbiter".to_string(),
            "{file}" => "arbiter-pairing.zh.png".to_string(),
            s if s.starts_with('{') => panic!("no value for {s} in {template}"),
            s => s.to_string(),
        })
        .collect::<Vec<_>>()
        .join("/")
}

async fn english(server: &TestServer, client: &reqwest::Client) {
    let resp = client.get(server.url("/lang/en")).send().await.unwrap();
    assert_eq!(resp.status(), 303);
}

/// The desk event of the juniors, created and filled through the desk's
/// pages by the signed-in arbiter of `server.client`; its id.
async fn seed_desk_event(server: &TestServer) -> i64 {
    let resp = server
        .post_form(
            "/desk/events/new",
            &[
                ("name", "青少年公开赛"),
                ("game", "xiangqi"),
                ("system", "swiss"),
                ("rounds", "3"),
                ("rating_profile", "cxa-2019"),
                ("start", "2026-07-01"),
                ("end", "2026-07-03"),
            ],
        )
        .await;
    let id = created_event_id(&resp);
    let players = format!("/desk/events/{id}/players");

    // The form: a junior with his birth date and national id.
    let (status, page) = status_and_text(
        server
            .post_form(
                &players,
                &[
                    ("action", "add"),
                    ("name", "李明"),
                    ("rating", "1900"),
                    ("sex", "m"),
                    ("club", "北京少年宫"),
                    ("birth", LI_BIRTH),
                    ("national_id", LI_ID),
                ],
            )
            .await,
    )
    .await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains(r#"class="notice""#), "{page}");

    // A CSV file with a phone and an e-mail the desk does not keep.
    let csv = format!(
        "name,sex,rating,birth,national_id,unit,phone,email\n\
         赵敏,f,1850,{ZHAO_BIRTH},{ZHAO_ID},上海少年宫,{ZHAO_PHONE},{ZHAO_MAIL}\n\
         孙杰,m,1700,,,,,\n"
    );
    let (status, page) = status_and_text(
        server
            .upload(
                &server.client,
                &format!("{players}/import"),
                &[],
                "juniors.csv",
                csv.as_bytes(),
            )
            .await,
    )
    .await;
    // The preview (the arbiter's page), then the confirmation.
    assert_eq!(status, 200, "{page}");
    let data = common::attr_after(&page, r#"name="data""#, "value").expect("the file in the form");
    let (status, page) = status_and_text(
        server
            .post_form(
                &format!("{players}/import/confirm"),
                &[
                    ("name", "juniors.csv"),
                    ("data", &data),
                    ("existing", "skip"),
                ],
            )
            .await,
    )
    .await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains(r#"class="notice""#), "{page}");

    // From the office's list: the junior of the list (id 101).
    let (status, page) = status_and_text(
        server
            .post_form(
                &players,
                &[("action", "add-from-list"), ("list_player", "101")],
            )
            .await,
    )
    .await;
    assert_eq!(status, 200, "{page}");
    assert!(page.contains(r#"class="notice""#), "{page}");
    id
}

/// Pairs the next round as proposed (the pairing page's form).
async fn pair_next(server: &TestServer, id: i64) -> u64 {
    let page = server.get_text(&format!("/desk/events/{id}/pair")).await;
    let json = common::attr_after(&page, r#"name="proposal""#, "value").expect("a proposal");
    let round = serde_json::from_str::<Value>(&json).unwrap()["round"]
        .as_u64()
        .unwrap();
    let resp = server
        .post_form(
            &format!("/desk/events/{id}/pair"),
            &[("action", "confirm"), ("proposal", &json)],
        )
        .await;
    assert_eq!(resp.status(), 303);
    round
}

/// A player's `info` in an API answer, by name.
fn info_of<'a>(event: &'a Value, name: &str) -> &'a serde_json::Map<String, Value> {
    event["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["info"]["name"] == name)
        .unwrap_or_else(|| panic!("{name} in {event}"))["info"]
        .as_object()
        .unwrap()
}

#[tokio::test]
async fn private_data_never_reaches_an_anonymous_reader() {
    let server = TestServer::start_demo().await;

    // Every GET route of the router is classified here, and only once.
    let routes = router_get_routes();
    let listed: BTreeSet<String> = PUBLIC_GET
        .iter()
        .chain(SIGNED_IN_GET)
        .map(|s| s.to_string())
        .collect();
    assert_eq!(
        listed.len(),
        PUBLIC_GET.len() + SIGNED_IN_GET.len(),
        "a route is listed twice"
    );
    assert_eq!(
        routes, listed,
        "every GET route of the router must be in PUBLIC_GET or SIGNED_IN_GET"
    );

    // The office: a list file with a junior's birth date, phone and e-mail.
    let officer = server.browser();
    server
        .create_account("officer-wang", TEST_PASSWORD, Role::Officer)
        .await;
    server
        .login_as(&officer, "officer-wang", TEST_PASSWORD)
        .await;
    let list = format!(
        "id,name,sex,birth date,unit,rating,rated_games,phone,email\n\
         101,王小川,m,{WANG_BIRTH},广州少年宫,1810,30,{WANG_PHONE},{WANG_MAIL}\n"
    );
    let (list_id, review) = server
        .import_list_draft(
            &officer,
            "cxa-2019",
            "2025-07-01",
            "juniors.csv",
            list.as_bytes(),
        )
        .await;
    server.publish_list_draft(&officer, list_id).await;
    // The officer's own review never held more than the year either: the
    // office keeps no birth date, phone or e-mail.
    for (s, what) in secrets() {
        assert!(!review.contains(&s), "the office kept a {what}: {s}");
    }

    // The desk: the arbiter enters the juniors.
    let arbiter = server.sign_in_as("arbiter-li", Role::Arbiter).await;
    english(&server, &server.client).await;
    let id = seed_desk_event(&server).await;

    // The arbiter sees what he entered where the desk shows it.
    let players = server.get_text(&format!("/desk/events/{id}/players")).await;
    assert!(players.contains(LI_ID), "{players}");
    assert!(players.contains(ZHAO_ID), "{players}");
    let li_no = server
        .store
        .load_event(id)
        .await
        .unwrap()
        .desk
        .players()
        .iter()
        .find(|p| p.info.name == "李明")
        .unwrap()
        .id
        .0;
    let wang_no = server
        .store
        .load_event(id)
        .await
        .unwrap()
        .desk
        .players()
        .iter()
        .find(|p| p.info.name == "王小川")
        .unwrap()
        .id
        .0;
    let card = common::get_text_at(
        &server.base_url,
        &server.browser(),
        &format!("/events/{id}/players/{wang_no}"),
    )
    .await;
    assert_eq!(
        common::attr_after(&card, "id=\"list-player\"", "href").as_deref(),
        Some("/players/101"),
        "{card}"
    );
    let edit = server
        .get_text(&format!("/desk/events/{id}/players/{li_no}"))
        .await;
    assert!(edit.contains(&format!(r#"value="{LI_BIRTH}""#)), "{edit}");
    let trf = server
        .get_text(&format!("/desk/events/{id}/export/trf"))
        .await;
    assert!(trf.contains("2011/04/17"), "{trf}");
    let api_arbiter: Value = server
        .client
        .get(server.url(&format!("/api/v1/events/{id}")))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(api_arbiter["view"], "all");
    let li = info_of(&api_arbiter, "李明");
    assert_eq!(li["birth"], LI_BIRTH, "{api_arbiter}");
    assert_eq!(li["national_id"], LI_ID, "{api_arbiter}");
    assert_eq!(info_of(&api_arbiter, "赵敏")["birth"], "2012-08-09");

    // Anonymous, before the organiser chooses: no birth of any kind.
    let anon = server.browser();
    let api_anon: Value = anon
        .get(server.url(&format!("/api/v1/events/{id}")))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(api_anon["view"], "published");
    for name in ["李明", "赵敏", "王小川", "孙杰"] {
        let info = info_of(&api_anon, name);
        for key in ["birth", "national_id", "birth_year"] {
            assert!(!info.contains_key(key), "{name}: {key} in {api_anon}");
        }
    }
    let public = server.get_text(&format!("/events/{id}")).await;
    assert!(!public.contains("Born"), "{public}");
    let public = common::get_text_at(
        &server.base_url,
        &server.browser(),
        &format!("/events/{id}"),
    )
    .await;
    assert!(!public.contains("出生年份"), "{public}");

    // The organiser publishes the year of birth: the year, never the date.
    let resp = server
        .post_form(
            &format!("/desk/events/{id}/settings"),
            &[
                ("name", "青少年公开赛"),
                ("game", "xiangqi"),
                ("system", "swiss"),
                ("rounds", "3"),
                ("rating_profile", "cxa-2019"),
                ("start", "2026-07-01"),
                ("end", "2026-07-03"),
                ("public_birth_year", "on"),
            ],
        )
        .await;
    let (status, page) = status_and_text(resp).await;
    assert_eq!(status, 200, "{page}");
    assert!(
        page.contains(r#"name="public_birth_year" checked"#),
        "{page}"
    );
    let api_anon: Value = anon
        .get(server.url(&format!("/api/v1/events/{id}")))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(info_of(&api_anon, "李明")["birth_year"], 2011, "{api_anon}");
    assert_eq!(info_of(&api_anon, "王小川")["birth_year"], 2010);
    assert!(!info_of(&api_anon, "李明").contains_key("birth"));
    let public = common::get_text_at(
        &server.base_url,
        &server.browser(),
        &format!("/events/{id}"),
    )
    .await;
    assert!(public.contains("出生年份"), "{public}");
    let row = &public[public.find("李明").unwrap()..];
    let row = &row[..row.find("</tr>").unwrap()];
    assert!(row.contains(">2011<"), "{row}");
    let card = common::get_text_at(
        &server.base_url,
        &server.browser(),
        &format!("/events/{id}/players/{li_no}"),
    )
    .await;
    assert!(card.contains("<dd>2011</dd>"), "{card}");

    // Round 1 paired, played and published; round 2 paired, not published.
    assert_eq!(pair_next(&server, id).await, 1);
    let token = server
        .store
        .create_api_token(Role::Arbiter, Some(arbiter.id), Some("results"), None)
        .await
        .unwrap();
    let event: Value = reqwest::Client::new()
        .get(server.url(&format!("/api/v1/events/{id}")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    for g in event["rounds"][0]["games"].as_array().unwrap() {
        let resp = reqwest::Client::new()
            .put(server.url(&format!("/api/v1/events/{id}/games/{}", g["id"])))
            .bearer_auth(&token)
            .json(&serde_json::json!({"result": "1-0"}))
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), 200);
    }
    let resp = server
        .post_form(
            &format!("/desk/events/{id}/rounds/1/publish"),
            &[("published", "1")],
        )
        .await;
    assert!(resp.status().is_success() || resp.status().is_redirection());
    assert_eq!(pair_next(&server, id).await, 2);

    // The crawl, in both languages, from the home page, the API's document
    // and an instance of every route.
    let events: Value = anon
        .get(server.url("/api/v1/events"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let event_ids: Vec<i64> = events["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_i64().unwrap())
        .collect();
    assert!(event_ids.contains(&id));
    let openapi: Value = anon
        .get(server.url("/api/v1/openapi.json"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let mut seeds: Vec<String> = vec!["/".into(), "/api/v1/openapi.json".into()];
    for (path, ops) in openapi["paths"].as_object().unwrap() {
        if ops.get("get").is_none() {
            continue;
        }
        for e in &event_ids {
            seeds.push(path.replace("{id}", &e.to_string()));
        }
    }
    for e in &event_ids {
        seeds.push(format!("/api/v1/events/{e}/rating?profile=cxa-2019"));
        seeds.push(format!("/api/v1/events/{e}/standings?after_round=1"));
    }
    seeds.push("/players?q=李".into());
    // The name search across events and lists finds every junior.
    for q in ["李", "赵", "王小川", "孙"] {
        seeds.push(format!("/search?q={q}"));
    }
    for t in PUBLIC_GET.iter().chain(SIGNED_IN_GET) {
        seeds.push(instance(t, id));
    }
    seeds.retain(|s| !s.contains('{'));
    for (lang, client) in [("zh", server.browser()), ("en", server.browser())] {
        if lang == "en" {
            english(&server, &client).await;
        }
        let crawl = crawl(&server, &client, &seeds).await;
        let mut fetched: BTreeMap<&str, Vec<u16>> = BTreeMap::new();
        let all: Vec<&str> = PUBLIC_GET.iter().chain(SIGNED_IN_GET).copied().collect();
        for (path, status) in &crawl.seen {
            let route = route_of(&all, path)
                .unwrap_or_else(|| panic!("{lang}: {path} ({status}) is no route of the router"));
            fetched.entry(route).or_default().push(*status);
            if SIGNED_IN_GET.contains(&route) {
                assert_ne!(
                    *status, 200,
                    "{lang}: anonymous GET {path} of a signed-in route answered 200"
                );
            }
        }
        for t in PUBLIC_GET {
            let statuses = fetched
                .get(t)
                .unwrap_or_else(|| panic!("{lang}: the crawl never fetched {t}"));
            // `whoami` tells an anonymous caller 401: that is its answer.
            let ok = if *t == "/api/v1/whoami" { 401 } else { 399 };
            assert!(
                statuses.iter().any(|s| *s <= ok),
                "{lang}: {t} answered only {statuses:?}"
            );
        }
        // The pages of the juniors' event were among them, the list page
        // of the junior taken from the list through his card's link.
        for p in [
            format!("/events/{id}/players/{wang_no}"),
            "/search?q=王小川".to_string(),
            format!("/events/{id}"),
            format!("/events/{id}/rounds/1"),
            format!("/events/{id}/standings"),
            format!("/events/{id}/crosstable"),
            format!("/events/{id}/players/{li_no}"),
            format!("/api/v1/events/{id}"),
            format!("/api/v1/events/{id}/rating"),
            "/players/101".to_string(),
        ] {
            assert_eq!(crawl.seen.get(&p), Some(&200), "{lang}: {p}");
        }
    }
}

/// The player card links to the player's page on the rating list (issue
/// 15 item 7) with the list's own id of him and nothing else, only when
/// the arbiter took him from the list and only once the list is published;
/// a federation id typed by hand links nowhere. Neither the card, the list
/// page (which lists the event) nor the name search shows a birth date, an
/// id number, a phone or an e-mail to an anonymous reader.
#[tokio::test]
async fn the_card_links_to_the_list_page_and_no_further() {
    let server = TestServer::start().await;
    let officer = server.browser();
    server
        .create_account("officer-wang", TEST_PASSWORD, Role::Officer)
        .await;
    server
        .login_as(&officer, "officer-wang", TEST_PASSWORD)
        .await;
    let list = format!(
        "id,name,sex,birth date,unit,rating,rated_games,phone,email\n\
         101,王小川,m,{WANG_BIRTH},广州少年宫,1810,30,{WANG_PHONE},{WANG_MAIL}\n"
    );
    // A draft: the desk's list search offers it while nothing is published.
    let (list_id, _) = server
        .import_list_draft(
            &officer,
            "cxa-2019",
            "2025-07-01",
            "juniors.csv",
            list.as_bytes(),
        )
        .await;
    server.sign_in_as("arbiter-li", Role::Arbiter).await;
    let id = created_event_id(
        &server
            .post_form(
                "/desk/events/new",
                &[
                    ("name", "少年赛"),
                    ("game", "xiangqi"),
                    ("system", "swiss"),
                    ("rounds", "3"),
                ],
            )
            .await,
    );
    let players = format!("/desk/events/{id}/players");
    for fields in [
        &[("action", "add-from-list"), ("list_player", "101")][..],
        // By hand, with the list's id typed as his federation id, and one
        // with a national id number.
        &[
            ("action", "add"),
            ("name", "王小川"),
            ("sex", "m"),
            ("national_id", "101"),
        ][..],
        &[
            ("action", "add"),
            ("name", "李明"),
            ("sex", "m"),
            ("birth", LI_BIRTH),
            ("national_id", LI_ID),
        ][..],
    ] {
        let (status, page) = status_and_text(server.post_form(&players, fields).await).await;
        assert_eq!(status, 200, "{page}");
        assert!(page.contains(r#"class="notice""#), "{page}");
    }
    let anon = server.browser();
    let get = |path: String| {
        let anon = anon.clone();
        let base = server.base_url.clone();
        async move {
            let page = common::get_text_at(&base, &anon, &path).await;
            for (s, what) in secrets() {
                assert!(
                    !page.contains(&s),
                    "anonymous GET {path} shows a {what}: `{s}`"
                );
            }
            page
        }
    };
    let links = |page: &str| -> Vec<String> {
        common::all_attrs(page, "href")
            .into_iter()
            .filter(|h| h.starts_with("/players/"))
            .collect()
    };
    // Numbers 1–3, each card: no list link while the list is a draft.
    for n in 1..=3 {
        let card = get(format!("/events/{id}/players/{n}")).await;
        assert!(links(&card).is_empty(), "{card}");
    }
    server.publish_list_draft(&officer, list_id).await;
    let mut linked = Vec::new();
    for n in 1..=3 {
        let card = get(format!("/events/{id}/players/{n}")).await;
        if !links(&card).is_empty() {
            assert_eq!(links(&card), ["/players/101"], "{card}");
            linked.push(n);
        }
    }
    assert_eq!(linked.len(), 1, "only the player taken from the list");
    let wang = linked[0];
    // His list page lists the event, linking back to his card.
    let page = get("/players/101".to_string()).await;
    assert!(
        page.contains(&format!("href=\"/events/{id}/players/{wang}\"")),
        "{page}"
    );
    // The search finds both 王小川 of the event and the list's.
    let page = get(format!("/search?q={}", "王小川")).await;
    assert!(page.contains("href=\"/players/101\""), "{page}");
    assert_eq!(
        common::tags(&page, "<tr data-event=").len(),
        2,
        "the two 王小川 of the event: {page}"
    );
    get(format!("/search?q={}", "李")).await;
}

/// An event created through the API keeps the year of birth of its event
/// file; anonymous readers get it only from an event whose settings publish
/// it, the event's arbiter always.
#[tokio::test]
async fn the_api_shows_the_year_of_birth_only_when_the_event_publishes_it() {
    let server = TestServer::start().await;
    let token = server.token("arbiter-api", Role::Arbiter).await;
    let http = reqwest::Client::new();
    let mut ids = Vec::new();
    for publish in [false, true] {
        let body = serde_json::json!({
            "name": format!("Juniors {publish}"), "game": "xiangqi", "system": "swiss",
            "players": [
                {"id": 1, "name": "李明", "sex": "m", "rating": 1900, "birth_year": 2011},
                {"id": 2, "name": "赵敏", "sex": "f", "rating": 1850},
            ],
            "games": [],
            "settings": {"rounds": 3, "public_birth_year": publish}
        });
        let resp = http
            .post(server.url("/api/v1/events"))
            .bearer_auth(&token)
            .json(&body)
            .send()
            .await
            .unwrap();
        let (status, text) = status_and_text(resp).await;
        assert_eq!(status, 201, "{text}");
        let created: Value = serde_json::from_str(&text).unwrap();
        ids.push((created["id"].as_i64().unwrap(), publish));
    }
    for (id, publish) in ids {
        let path = server.url(&format!("/api/v1/events/{id}"));
        let anon: Value = http.get(&path).send().await.unwrap().json().await.unwrap();
        let li = info_of(&anon, "李明");
        assert!(!li.contains_key("birth"), "{anon}");
        assert!(!li.contains_key("national_id"), "{anon}");
        if publish {
            assert_eq!(li["birth_year"], 2011, "{anon}");
        } else {
            assert!(!li.contains_key("birth_year"), "{anon}");
        }
        assert!(!info_of(&anon, "赵敏").contains_key("birth_year"), "{anon}");
        let own: Value = http
            .get(&path)
            .bearer_auth(&token)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(own["view"], "all");
        assert_eq!(info_of(&own, "李明")["birth"], "2011", "{own}");
    }
}
