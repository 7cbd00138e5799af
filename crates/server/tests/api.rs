//! The JSON API over real HTTP: the OpenAPI document covers every route,
//! writes need a token with the right role, an event goes create → pair →
//! results → standings (checked against the tournament crate on the same
//! games), conflicts name the game and who changed it, malformed bodies
//! name the field, point games are idempotent.

mod common;

use common::TestServer;
use qiyuan_server::auth::Role;
use qiyuan_tournament::model::{
    ByeKind, Event, EventKind, Game as TGame, GameResult, Player, PlayerId,
};
use qiyuan_tournament::scoring::ScoringSystem;
use qiyuan_tournament::standings::{StandingsConfig, compute_standings};
use serde_json::{Value, json};

/// A server with an admin, an officer and two arbiters, each with a token.
struct Api {
    server: TestServer,
    admin: String,
    officer: String,
    arbiter: String,
    other_arbiter: String,
}

impl Api {
    async fn start() -> Api {
        let server = TestServer::start().await;
        let admin = server.token("admin", Role::Admin).await;
        let officer = server.token("officer", Role::Officer).await;
        let arbiter = server.token("arbiter", Role::Arbiter).await;
        let other_arbiter = server.token("arbiter2", Role::Arbiter).await;
        Api {
            server,
            admin,
            officer,
            arbiter,
            other_arbiter,
        }
    }

    /// Sends a request with an optional bearer token and JSON body; the
    /// status and the JSON answer.
    async fn call(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> (u16, Value) {
        let client = reqwest::Client::new();
        let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
        let mut req = client.request(method, self.server.url(path));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if let Some(b) = body {
            req = req.json(b);
        }
        let resp = req.send().await.unwrap();
        let status = resp.status().as_u16();
        let text = resp.text().await.unwrap();
        let value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {text}"));
        (status, value)
    }
}

/// Eight players, ratings 2400 down to 2050, a 3-round chess Swiss.
fn swiss_body() -> Value {
    let players: Vec<Value> = (1..=8)
        .map(|i| {
            json!({"id": i, "name": format!("Player {i}"), "sex": if i % 2 == 0 { "f" } else { "m" },
                   "rating": 2450 - 50 * i})
        })
        .collect();
    json!({
        "name": "API Open", "game": "chess", "system": "swiss",
        "start": "2026-05-01", "end": "2026-05-03",
        "players": players, "games": [],
        "settings": {"rounds": 3, "rating_profile": "fide-2024"}
    })
}

// ---------------------------------------------------------------- openapi

/// Every `.route("/api/v1/…", get(…).post(…))` in the server's sources:
/// (path, method) pairs, read from the text (independent of the document).
fn routes_in_sources() -> Vec<(String, String)> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let p = entry.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "rs") {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let mut routes = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let mut rest = text.as_str();
        while let Some(at) = rest.find(".route(") {
            rest = &rest[at + ".route(".len()..];
            let path_text = rest.trim_start();
            let Some(path_text) = path_text.strip_prefix('"') else {
                continue;
            };
            let path = &path_text[..path_text.find('"').unwrap()];
            if !path.starts_with("/api/v1") {
                continue;
            }
            // The arguments of this `.route(…)` call: up to its closing
            // parenthesis.
            let mut depth = 1;
            let mut until = rest.len();
            for (i, c) in rest.char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            until = i;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let call = &rest[..until];
            let mut found = false;
            for m in ["get", "post", "put", "delete", "patch"] {
                let needle = format!("{m}(");
                let mut from = 0;
                while let Some(i) = call[from..].find(&needle) {
                    let i = from + i;
                    let before = call[..i].chars().last().unwrap_or(' ');
                    if !(before.is_alphanumeric() || before == '_') {
                        routes.push((path.to_string(), m.to_string()));
                        found = true;
                        break;
                    }
                    from = i + 1;
                }
            }
            assert!(found, "{}: no method found for {path}", f.display());
        }
    }
    routes.sort();
    routes.dedup();
    routes
}

#[tokio::test]
async fn openapi_document_covers_every_route() {
    let api = Api::start().await;
    let (status, doc) = api.call("GET", "/api/v1/openapi.json", None, None).await;
    assert_eq!(status, 200);
    assert_eq!(doc["openapi"], "3.1.0");
    assert_eq!(
        doc["components"]["securitySchemes"]["bearer"]["scheme"],
        "bearer"
    );
    let routes = routes_in_sources();
    // The ones the brief names, at least.
    for (p, m) in [
        ("/api/v1/health", "get"),
        ("/api/v1/whoami", "get"),
        ("/api/v1/openapi.json", "get"),
        ("/api/v1/events", "post"),
        ("/api/v1/events/{id}", "get"),
        ("/api/v1/events/{id}/rounds", "post"),
        ("/api/v1/events/{id}/games/{game}", "put"),
        ("/api/v1/events/{id}/standings", "get"),
        ("/api/v1/events/{id}/rating", "get"),
        ("/api/v1/points/{system}", "post"),
    ] {
        assert!(
            routes.contains(&(p.to_string(), m.to_string())),
            "{m} {p} not found in the sources: {routes:?}"
        );
    }
    for (path, method) in &routes {
        let op = &doc["paths"][path][method];
        assert!(
            op.is_object(),
            "{method} {path} is missing from openapi.json"
        );
        assert!(op["responses"].is_object(), "{method} {path}: no responses");
        // Writes name the bearer scheme and their request body.
        if method != "get" {
            assert_eq!(op["security"][0]["bearer"], json!([]), "{method} {path}");
            if path != "/api/v1/events/{id}/rounds" {
                assert!(
                    op["requestBody"]["content"]["application/json"]["schema"].is_object(),
                    "{method} {path}: no request schema"
                );
            }
        }
        // Every $ref points at a schema that exists.
        let text = op.to_string();
        for piece in text.split("#/components/schemas/").skip(1) {
            let name = &piece[..piece.find('"').unwrap()];
            assert!(
                doc["components"]["schemas"][name].is_object(),
                "{method} {path}: schema {name} missing"
            );
        }
    }
    // And the document lists nothing the server does not serve.
    for (path, ops) in doc["paths"].as_object().unwrap() {
        for method in ops.as_object().unwrap().keys() {
            assert!(
                routes.contains(&(path.clone(), method.clone())),
                "openapi.json lists {method} {path}, which no route serves"
            );
        }
    }
}

// ---------------------------------------------------------------- security

#[tokio::test]
async fn writes_need_a_token_with_the_right_role() {
    let api = Api::start().await;
    let body = swiss_body();
    // Create: no token 401, an unknown token 401, an officer 403.
    let (s, v) = api.call("POST", "/api/v1/events", None, Some(&body)).await;
    assert_eq!(s, 401, "{v}");
    assert_eq!(v["error"], "unauthorized");
    let (s, _) = api
        .call(
            "POST",
            "/api/v1/events",
            Some("qy_not_a_token"),
            Some(&body),
        )
        .await;
    assert_eq!(s, 401);
    let (s, v) = api
        .call("POST", "/api/v1/events", Some(&api.officer), Some(&body))
        .await;
    assert_eq!(s, 403, "{v}");
    assert_eq!(v["error"], "forbidden");
    // The arbiter creates it (and is assigned to it).
    let (s, created) = api
        .call("POST", "/api/v1/events", Some(&api.arbiter), Some(&body))
        .await;
    assert_eq!(s, 201, "{created}");
    let id = created["id"].as_i64().unwrap();

    let rounds = format!("/api/v1/events/{id}/rounds");
    for (token, expected) in [
        (None, 401),
        (Some(api.officer.as_str()), 403),
        (Some(api.other_arbiter.as_str()), 403),
    ] {
        let (s, v) = api.call("POST", &rounds, token, None).await;
        assert_eq!(s, expected, "pair with {token:?}: {v}");
    }
    let (s, round) = api.call("POST", &rounds, Some(&api.arbiter), None).await;
    assert_eq!(s, 201, "{round}");
    let game = round["games"][0]["id"].as_i64().unwrap();
    let put = format!("/api/v1/events/{id}/games/{game}");
    let result = json!({"result": "1-0"});
    for (token, expected) in [
        (None, 401),
        (Some(api.officer.as_str()), 403),
        (Some(api.other_arbiter.as_str()), 403),
    ] {
        let (s, v) = api.call("PUT", &put, token, Some(&result)).await;
        assert_eq!(s, expected, "result with {token:?}: {v}");
    }
    // The administrator may change any event.
    let (s, v) = api.call("PUT", &put, Some(&api.admin), Some(&result)).await;
    assert_eq!(s, 200, "{v}");

    // Points: officers and admins only.
    let game = json!({"id": "g1", "red": "a", "black": "b", "result": "1-0"});
    let points = "/api/v1/points/qq-xiangqi-elo";
    for (token, expected) in [(None, 401), (Some(api.arbiter.as_str()), 403)] {
        let (s, v) = api.call("POST", points, token, Some(&game)).await;
        assert_eq!(s, expected, "points with {token:?}: {v}");
    }
    let (s, v) = api
        .call("POST", points, Some(&api.officer), Some(&game))
        .await;
    assert_eq!(s, 200, "{v}");

    // A session without its CSRF header is no API caller either.
    let browser = api.server.browser();
    api.server.csrf(&browser).await; // a session cookie, not signed in
    let resp = browser
        .post(api.server.url("/api/v1/events"))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 401);
}

// ---------------------------------------------------------------- round trip

/// The result of a board by a rule fixed in advance: the lower pairing
/// number wins, except that neighbours (numbers differing by one) draw.
fn rule(white: u64, black: u64) -> &'static str {
    if white.abs_diff(black) == 1 {
        "1/2-1/2"
    } else if white < black {
        "1-0"
    } else {
        "0-1"
    }
}

#[tokio::test]
async fn create_pair_results_standings_round_trip() {
    let api = Api::start().await;
    let (s, created) = api
        .call(
            "POST",
            "/api/v1/events",
            Some(&api.arbiter),
            Some(&swiss_body()),
        )
        .await;
    assert_eq!(s, 201, "{created}");
    assert_eq!(created["players"], 8);
    let id = created["id"].as_i64().unwrap();
    let (s, list) = api.call("GET", "/api/v1/events", None, None).await;
    assert_eq!(s, 200);
    assert_eq!(list["events"][0]["id"], id);
    assert_eq!(list["events"][0]["players"], 8);

    let rounds = format!("/api/v1/events/{id}/rounds");
    for r in 1..=3 {
        let (s, round) = api.call("POST", &rounds, Some(&api.arbiter), None).await;
        assert_eq!(s, 201, "round {r}: {round}");
        assert_eq!(round["round"], r);
        // Eight players: four boards, no bye.
        assert_eq!(round["games"].as_array().unwrap().len(), 4);
        // The round is unfinished: pairing the next one is a conflict.
        let (s, v) = api.call("POST", &rounds, Some(&api.arbiter), None).await;
        assert_eq!(s, 409, "{v}");
        assert_eq!(v["error"], "round_unfinished");
        for g in round["games"].as_array().unwrap() {
            let (w, b) = (g["white"].as_u64().unwrap(), g["black"].as_u64().unwrap());
            let body = json!({"result": rule(w, b), "expected_version": g["version"]});
            let path = format!("/api/v1/events/{id}/games/{}", g["id"]);
            let (s, v) = api
                .call("PUT", &path, Some(&api.arbiter), Some(&body))
                .await;
            assert_eq!(s, 200, "{v}");
            assert_eq!(v["changed"], true);
            assert_eq!(v["game"]["version"], 1);
        }
    }
    // Every round paired: a fourth is refused.
    let (s, _) = api.call("POST", &rounds, Some(&api.arbiter), None).await;
    assert_eq!(s, 409);

    let (s, event) = api
        .call(
            "GET",
            &format!("/api/v1/events/{id}"),
            Some(&api.arbiter),
            None,
        )
        .await;
    assert_eq!(s, 200);
    assert_eq!(event["rounds_paired"], 3);
    assert_eq!(event["status"], "finished");

    // The same games in the tournament crate, computed independently.
    let mut model = Event::new(EventKind::Swiss, 3);
    for i in 1..=8u32 {
        let mut p = Player::new(i, format!("Player {i}"));
        p.rating = Some(2450 - 50 * i);
        model.add_player(p).unwrap();
    }
    let mut games = 0;
    for round in event["rounds"].as_array().unwrap() {
        let r = model.add_round();
        for g in round["games"].as_array().unwrap() {
            let (w, b) = (g["white"].as_u64().unwrap(), g["black"].as_u64().unwrap());
            let result = match rule(w, b) {
                "1-0" => GameResult::WhiteWins,
                "0-1" => GameResult::BlackWins,
                _ => GameResult::Draw,
            };
            assert_eq!(g["result"], rule(w, b));
            model
                .add_game(r, TGame::new(w as u32, b as u32, result))
                .unwrap();
            games += 1;
        }
        for bye in round["byes"].as_array().unwrap() {
            let p = PlayerId(bye["player"].as_u64().unwrap() as u32);
            model.add_bye(r, p, ByeKind::PairingAllocated).unwrap();
        }
    }
    assert_eq!(games, 12);
    let preset = qiyuan_tournament::tiebreak::preset("fide-swiss", 3).unwrap();
    let expected = compute_standings(
        &model,
        &StandingsConfig {
            scoring: ScoringSystem::fide(),
            tiebreaks: preset.tiebreaks,
            primary: preset.primary,
            ..StandingsConfig::default()
        },
    )
    .unwrap();

    let (s, standings) = api
        .call(
            "GET",
            &format!("/api/v1/events/{id}/standings"),
            Some(&api.arbiter),
            None,
        )
        .await;
    assert_eq!(s, 200, "{standings}");
    assert_eq!(standings["after_round"], 3);
    let lines = standings["lines"].as_array().unwrap();
    let got: Vec<(u64, u64, String)> = lines
        .iter()
        .map(|l| {
            (
                l["rank"].as_u64().unwrap(),
                l["player"].as_u64().unwrap(),
                l["points"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let want: Vec<(u64, u64, String)> = expected
        .rows
        .iter()
        .map(|r| {
            (
                u64::from(r.rank),
                u64::from(r.player.0),
                r.points.normalize().to_string(),
            )
        })
        .collect();
    let got_norm: Vec<(u64, u64, String)> = got
        .into_iter()
        .map(|(r, p, pts)| {
            let d: rust_decimal::Decimal = pts.parse().unwrap();
            (r, p, d.normalize().to_string())
        })
        .collect();
    assert_eq!(got_norm, want);
    // Hand check of the total: 12 games, each worth one point (1/½/0).
    let total: rust_decimal::Decimal = lines
        .iter()
        .map(|l| {
            l["points"]
                .as_str()
                .unwrap()
                .parse::<rust_decimal::Decimal>()
                .unwrap()
        })
        .sum();
    assert_eq!(total, rust_decimal::Decimal::from(12));
}

// ---------------------------------------------------------------- conflicts

#[tokio::test]
async fn a_stale_version_is_a_conflict_naming_the_game_and_who_changed_it() {
    let api = Api::start().await;
    let (_, created) = api
        .call(
            "POST",
            "/api/v1/events",
            Some(&api.arbiter),
            Some(&swiss_body()),
        )
        .await;
    let id = created["id"].as_i64().unwrap();
    let (_, round) = api
        .call(
            "POST",
            &format!("/api/v1/events/{id}/rounds"),
            Some(&api.arbiter),
            None,
        )
        .await;
    let g = &round["games"][0];
    let path = format!("/api/v1/events/{id}/games/{}", g["id"]);
    // The administrator enters 1-0 from version 0.
    let (s, v) = api
        .call(
            "PUT",
            &path,
            Some(&api.admin),
            Some(&json!({"result": "1-0", "expected_version": 0})),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    // The same result again: a success that changes nothing.
    let (s, v) = api
        .call(
            "PUT",
            &path,
            Some(&api.arbiter),
            Some(&json!({"result": "1-0", "expected_version": 0})),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["changed"], false);
    assert_eq!(v["game"]["version"], 1);
    // The arbiter, who read version 0, enters a draw: refused.
    let (s, v) = api
        .call(
            "PUT",
            &path,
            Some(&api.arbiter),
            Some(&json!({"result": "1/2-1/2", "expected_version": 0})),
        )
        .await;
    assert_eq!(s, 409, "{v}");
    assert_eq!(v["error"], "conflict");
    assert_eq!(v["game"]["id"], g["id"]);
    assert_eq!(v["game"]["round"], 1);
    assert_eq!(v["game"]["board"], 1);
    assert_eq!(v["changed_by"], "admin");
    assert_eq!(v["current_result"], "1-0");
    assert_eq!(v["current_version"], 1);
    assert!(v["message"].as_str().unwrap().contains("admin"), "{v}");
    assert!(v["message_zh"].as_str().unwrap().contains("admin"), "{v}");
    // Without expected_version the correction goes through.
    let (s, v) = api
        .call(
            "PUT",
            &path,
            Some(&api.arbiter),
            Some(&json!({"result": "1/2-1/2"})),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["previous"], "1-0");
    assert_eq!(v["game"]["version"], 2);
    assert_eq!(v["game"]["updated_by"], "arbiter");
    // An unknown game is 404.
    let (s, _) = api
        .call(
            "PUT",
            &format!("/api/v1/events/{id}/games/999999"),
            Some(&api.arbiter),
            Some(&json!({"result": "1-0"})),
        )
        .await;
    assert_eq!(s, 404);
}

// ---------------------------------------------------------------- bad input

#[tokio::test]
async fn malformed_bodies_name_the_field() {
    let api = Api::start().await;
    let post = |body: Value| {
        let api = &api;
        async move {
            api.call("POST", "/api/v1/events", Some(&api.admin), Some(&body))
                .await
        }
    };
    // A player's sex that is not one.
    let mut body = swiss_body();
    body["players"][2]["sex"] = json!("x");
    let (s, v) = post(body).await;
    assert_eq!(s, 400, "{v}");
    assert_eq!(v["field"], "players[2].sex", "{v}");
    // A misspelt field of a player.
    let mut body = swiss_body();
    body["players"][0]["ratng"] = json!(2400);
    body["players"][0].as_object_mut().unwrap().remove("rating");
    let (s, v) = post(body).await;
    assert_eq!(s, 400, "{v}");
    assert!(
        v["field"].as_str().unwrap().starts_with("players[0]"),
        "{v}"
    );
    // A settings value of the wrong type.
    let mut body = swiss_body();
    body["settings"]["rounds"] = json!("seven");
    let (s, v) = post(body).await;
    assert_eq!(s, 400, "{v}");
    assert_eq!(v["field"], "settings.rounds", "{v}");
    // A Swiss without its rounds.
    let mut body = swiss_body();
    body["settings"].as_object_mut().unwrap().remove("rounds");
    let (s, v) = post(body).await;
    assert_eq!(s, 400, "{v}");
    assert_eq!(v["field"], "settings.rounds", "{v}");
    // A tie-break preset that does not exist.
    let mut body = swiss_body();
    body["settings"]["tiebreaks"] = json!("no-such-preset");
    let (s, v) = post(body).await;
    assert_eq!(s, 400, "{v}");
    assert_eq!(v["field"], "settings.tiebreaks", "{v}");
    // Not JSON at all.
    let resp = reqwest::Client::new()
        .post(api.server.url("/api/v1/events"))
        .bearer_auth(&api.admin)
        .header("content-type", "application/json")
        .body("{\"name\": ")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 400);
    let v: Value = resp.json().await.unwrap();
    assert_eq!(v["error"], "invalid_body");

    // A result body: a wrong type names `expected_version`, a wrong result `result`.
    let (_, created) = post(swiss_body()).await;
    let id = created["id"].as_i64().unwrap();
    let (_, round) = api
        .call(
            "POST",
            &format!("/api/v1/events/{id}/rounds"),
            Some(&api.admin),
            None,
        )
        .await;
    let path = format!("/api/v1/events/{id}/games/{}", round["games"][0]["id"]);
    let (s, v) = api
        .call(
            "PUT",
            &path,
            Some(&api.admin),
            Some(&json!({"result": "1-0", "expected_version": "new"})),
        )
        .await;
    assert_eq!(s, 400, "{v}");
    assert_eq!(v["field"], "expected_version");
    let (s, v) = api
        .call(
            "PUT",
            &path,
            Some(&api.admin),
            Some(&json!({"result": "2-0"})),
        )
        .await;
    assert_eq!(s, 400, "{v}");
    assert_eq!(v["field"], "result");
    // A point game without its black player.
    let (s, v) = api
        .call(
            "POST",
            "/api/v1/points/qq-xiangqi-elo",
            Some(&api.officer),
            Some(&json!({"id": "x", "red": "a", "result": "1-0"})),
        )
        .await;
    assert_eq!(s, 400, "{v}");
    assert_eq!(v["error"], "invalid_body");
    assert!(v["message"].as_str().unwrap().contains("black"), "{v}");
    // An unknown point system.
    let (s, v) = api
        .call(
            "POST",
            "/api/v1/points/no-such-system",
            Some(&api.officer),
            Some(&json!({"id": "x", "red": "a", "black": "b", "result": "1-0"})),
        )
        .await;
    assert_eq!(s, 404, "{v}");
    assert_eq!(v["field"], "system");
    // A draw offer that names no side.
    let (s, v) = api
        .call(
            "POST",
            "/api/v1/points/tiantian-xiangqi",
            Some(&api.officer),
            Some(&json!({"id": "y", "red": "a", "black": "b", "result": "1/2-1/2", "draw_offer": "blue"})),
        )
        .await;
    assert_eq!(s, 400, "{v}");
    assert_eq!(v["field"], "draw_offer", "{v}");
}

/// 天天象棋 over the API (seed 003: 和棋时,两个人分数差不多的,先提和者扣分):
/// two new players (1300, K 60) draw, black offered it: the offerer's Dr =
/// −100, Exp 0.640065, 60 × (0.5 − 0.640065) = −8.40 → −8; red +8.
#[tokio::test]
async fn a_tiantian_draw_costs_its_offerer() {
    let api = Api::start().await;
    let game = json!({"id": "t1", "red": "a", "black": "b", "result": "1/2-1/2", "plies": 50, "draw_offer": "black"});
    let (s, v) = api
        .call(
            "POST",
            "/api/v1/points/tiantian-xiangqi",
            Some(&api.officer),
            Some(&game),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        (v["white_change"].as_i64(), v["black_change"].as_i64()),
        (Some(8), Some(-8)),
        "{v}"
    );
}

// ---------------------------------------------------------------- games given, rating

/// What the desk does not keep of an event file (a player's `rank`), in
/// both languages: `notes` in English, `notes_zh` in Chinese.
#[tokio::test]
async fn the_notes_of_a_created_event_are_in_both_languages() {
    let api = Api::start().await;
    let body = json!({
        "name": "双人赛", "game": "xiangqi", "system": "swiss",
        "players": [
            {"id": 1, "name": "甲", "sex": "m", "rating": 2400, "rank": 1},
            {"id": 2, "name": "乙", "sex": "m", "rating": 2300}
        ],
        "games": [],
        "settings": {"rounds": 1}
    });
    let (s, created) = api
        .call("POST", "/api/v1/events", Some(&api.arbiter), Some(&body))
        .await;
    assert_eq!(s, 201, "{created}");
    assert_eq!(
        created["notes"],
        json!(["players[0].rank: not kept by the desk (it ranks by its own standings)"]),
        "{created}"
    );
    assert_eq!(
        created["notes_zh"],
        json!(["`players[0].rank`：裁判台不保存此字段（名次按裁判台自己的排名表）"]),
        "{created}"
    );
}

#[tokio::test]
async fn an_event_with_its_games_gives_the_rating_report() {
    let api = Api::start().await;
    // A finished 4-player xiangqi round robin: 1 beats everyone, 2 beats 3
    // and 4, 3 and 4 draw. Every rating is above cxa-2019's minimum (men
    // 2301, women 2101, 第十一条), so every player counts as rated.
    let body = json!({
        "name": "四人循环赛", "game": "xiangqi", "system": "round-robin",
        "start": "2026-03-01", "end": "2026-03-02",
        "players": [
            {"id": 1, "name": "甲", "sex": "m", "rating": 2600, "rated_games": 100},
            {"id": 2, "name": "乙", "sex": "m", "rating": 2500, "rated_games": 100},
            {"id": 3, "name": "丙", "sex": "f", "rating": 2400, "rated_games": 100},
            {"id": 4, "name": "丁", "sex": "m", "rating": 2330, "rated_games": 100}
        ],
        "games": [
            {"round": 1, "red": 1, "black": 4, "result": "1-0"},
            {"round": 1, "red": 2, "black": 3, "result": "1-0"},
            {"round": 2, "red": 3, "black": 1, "result": "0-1"},
            {"round": 2, "red": 4, "black": 2, "result": "0-1"},
            {"round": 3, "red": 1, "black": 2, "result": "1-0"},
            {"round": 3, "red": 3, "black": 4, "result": "1/2-1/2"}
        ],
        "settings": {"rating_profile": "cxa-2019"}
    });
    let (s, created) = api
        .call("POST", "/api/v1/events", Some(&api.arbiter), Some(&body))
        .await;
    assert_eq!(s, 201, "{created}");
    assert_eq!(created["rounds_saved"], 3);
    // The list data (rated_games …) are kept now: nothing to note.
    assert_eq!(created["notes"], json!([]), "{created}");
    let id = created["id"].as_i64().unwrap();

    let (s, standings) = api
        .call(
            "GET",
            &format!("/api/v1/events/{id}/standings"),
            Some(&api.arbiter),
            None,
        )
        .await;
    assert_eq!(s, 200, "{standings}");
    // Scoring 2-1-0 (xiangqi): 甲 3 wins = 6, 乙 2 wins = 4, 丙 and 丁 one
    // draw each = 1.
    let lines = standings["lines"].as_array().unwrap();
    let points: Vec<(u64, String)> = lines
        .iter()
        .map(|l| {
            let d: rust_decimal::Decimal = l["points"].as_str().unwrap().parse().unwrap();
            (l["player"].as_u64().unwrap(), d.normalize().to_string())
        })
        .collect();
    assert_eq!(&points[..2], &[(1, "6".into()), (2, "4".into())]);

    let (s, report) = api
        .call(
            "GET",
            &format!("/api/v1/events/{id}/rating"),
            Some(&api.arbiter),
            None,
        )
        .await;
    assert_eq!(s, 200, "{report}");
    assert_eq!(report["profile"], "cxa-2019");
    let p1 = report["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == 1)
        .unwrap();
    // Player 1 met 2500, 2400 and 2330: Ra = 7230 / 3 = 2410; he scored
    // 3 of 3 (1/½/0 scale of the rating report); D = 2600 − 2410 = 190.
    let ra: rust_decimal::Decimal = p1["opponents_average"].as_str().unwrap().parse().unwrap();
    assert_eq!(ra, rust_decimal::Decimal::from(2410));
    let d: rust_decimal::Decimal = p1["difference"].as_str().unwrap().parse().unwrap();
    assert_eq!(d, rust_decimal::Decimal::from(190));
    assert_eq!(p1["rating_source"], "published");
    let w: rust_decimal::Decimal = p1["score"].as_str().unwrap().parse().unwrap();
    assert_eq!(w, rust_decimal::Decimal::from(3));
    for key in [
        "expected_score",
        "k",
        "change",
        "rating_after",
        "difference",
    ] {
        assert!(!p1[key].is_null(), "{key} missing: {p1}");
    }
    // Another profile by name; an unknown one names the parameter.
    let (s, other) = api
        .call(
            "GET",
            &format!("/api/v1/events/{id}/rating?profile=cxa-legacy"),
            Some(&api.arbiter),
            None,
        )
        .await;
    assert_eq!(s, 200, "{other}");
    assert_eq!(other["profile"], "cxa-legacy");
    let (s, v) = api
        .call(
            "GET",
            &format!("/api/v1/events/{id}/rating?profile=nope"),
            Some(&api.arbiter),
            None,
        )
        .await;
    assert_eq!(s, 400, "{v}");
    assert_eq!(v["field"], "profile");
    // An unknown event is 404 everywhere.
    let (s, _) = api
        .call("GET", "/api/v1/events/424242/standings", None, None)
        .await;
    assert_eq!(s, 404);
}

#[tokio::test]
async fn the_rating_report_takes_k_from_the_players_list_data() {
    let api = Api::start().await;
    // A finished 4-player xiangqi round robin under cxa-2019, every rating
    // above the minimum (men 2301, 第十一条). K (第十条): fewer than 30
    // valid games on the list → 25; 30 or more → 15; once a rating has
    // reached 2500 → 10 forever.
    //   甲 2450, 10 games; 乙 2400, 35 games → K 15;
    //   丙 2350, 40 games, highest ever 2510 → K 10; 丁 2320, 25 games → K 25.
    // Results: 甲 beats everyone, 乙 beats 丙 and 丁, 丙–丁 drawn.
    let body = json!({
        "name": "K 值检验", "game": "xiangqi", "system": "round-robin",
        "start": "2026-03-01", "end": "2026-03-02",
        "players": [
            {"id": 1, "name": "甲", "sex": "m", "rating": 2450, "rated_games": 10},
            {"id": 2, "name": "乙", "sex": "m", "rating": 2400, "rated_games": 35},
            {"id": 3, "name": "丙", "sex": "m", "rating": 2350, "rated_games": 40, "ever_reached": 2510},
            {"id": 4, "name": "丁", "sex": "m", "rating": 2320, "rated_games": 25}
        ],
        "games": [
            {"round": 1, "red": 1, "black": 4, "result": "1-0"},
            {"round": 1, "red": 2, "black": 3, "result": "1-0"},
            {"round": 2, "red": 3, "black": 1, "result": "0-1"},
            {"round": 2, "red": 4, "black": 2, "result": "0-1"},
            {"round": 3, "red": 1, "black": 2, "result": "1-0"},
            {"round": 3, "red": 3, "black": 4, "result": "1/2-1/2"}
        ],
        "settings": {"rating_profile": "cxa-2019"}
    });
    let (s, created) = api
        .call("POST", "/api/v1/events", Some(&api.arbiter), Some(&body))
        .await;
    assert_eq!(s, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    // The event read back keeps the list data.
    let (s, ev) = api
        .call(
            "GET",
            &format!("/api/v1/events/{id}"),
            Some(&api.arbiter),
            None,
        )
        .await;
    assert_eq!(s, 200, "{ev}");
    let text = ev.to_string();
    assert!(text.contains("\"rated_games\":35"), "{ev}");
    assert!(text.contains("\"ever_reached\":\"2510\""), "{ev}");

    let (s, report) = api
        .call(
            "GET",
            &format!("/api/v1/events/{id}/rating"),
            Some(&api.arbiter),
            None,
        )
        .await;
    assert_eq!(s, 200, "{report}");
    let player = |n: u64| {
        report["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == n)
            .unwrap()
            .clone()
    };
    let dec =
        |v: &serde_json::Value| -> rust_decimal::Decimal { v.as_str().unwrap().parse().unwrap() };
    // 乙: opponents 2450, 2350, 2320 → Ra = 7120 / 3 = 2373.33… → 2373.3
    // (1 decimal, 第九条); D = 2400 − 2373.3 = 26.7 → |D| 27 → table row
    // 26–32: P = 0.54 (higher rated); We = 3 × 0.54 = 1.62; W = 2;
    // ΔR = 15 × (2 − 1.62) = 5.7 (K 25 would give 9.5).
    let p2 = player(2);
    assert_eq!(p2["k"], 15, "{p2}");
    assert_eq!(dec(&p2["opponents_average"]), "2373.3".parse().unwrap());
    assert_eq!(dec(&p2["expected_score"]), "1.62".parse().unwrap());
    assert_eq!(dec(&p2["change"]), "5.7".parse().unwrap(), "{p2}");
    // 丙: opponents 2450, 2400, 2320 → Ra = 7170 / 3 = 2390.0; D = −40 →
    // row 40–46: P = 0.44 (lower rated); We = 1.32; W = ½;
    // ΔR = 10 × (0.5 − 1.32) = −8.2.
    let p3 = player(3);
    assert_eq!(p3["k"], 10, "{p3}");
    assert_eq!(dec(&p3["change"]), "-8.2".parse().unwrap(), "{p3}");
    // 丁 (25 games < 30): opponents 2450, 2400, 2350 → Ra = 2400.0;
    // D = −80 → row 77–83: P = 0.39; We = 1.17; W = ½;
    // ΔR = 25 × (0.5 − 1.17) = −16.75 → −16.8 (1 decimal, half away from 0).
    let p4 = player(4);
    assert_eq!(p4["k"], 25, "{p4}");
    assert_eq!(dec(&p4["change"]), "-16.8".parse().unwrap(), "{p4}");
}

#[tokio::test]
async fn anonymous_readers_see_published_rounds_only() {
    let api = Api::start().await;
    // The same finished round robin: three rounds saved, none published yet.
    let body = json!({
        "name": "公布检验", "game": "xiangqi", "system": "round-robin",
        "start": "2026-03-01", "end": "2026-03-02",
        "players": [
            {"id": 1, "name": "甲", "sex": "m", "rating": 2600},
            {"id": 2, "name": "乙", "sex": "m", "rating": 2500},
            {"id": 3, "name": "丙", "sex": "m", "rating": 2400},
            {"id": 4, "name": "丁", "sex": "m", "rating": 2330}
        ],
        "games": [
            {"round": 1, "red": 1, "black": 4, "result": "1-0"},
            {"round": 1, "red": 2, "black": 3, "result": "1-0"},
            {"round": 2, "red": 3, "black": 1, "result": "0-1"},
            {"round": 2, "red": 4, "black": 2, "result": "0-1"},
            {"round": 3, "red": 1, "black": 2, "result": "1-0"},
            {"round": 3, "red": 3, "black": 4, "result": "1/2-1/2"}
        ],
        "settings": {"rating_profile": "cxa-2019"}
    });
    let (s, created) = api
        .call("POST", "/api/v1/events", Some(&api.arbiter), Some(&body))
        .await;
    assert_eq!(s, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let event = format!("/api/v1/events/{id}");
    let standings = format!("/api/v1/events/{id}/standings");
    let rating = format!("/api/v1/events/{id}/rating");
    let games_in = |report: &Value| -> u64 {
        report["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["games"].as_u64().unwrap())
            .sum()
    };

    // Nothing published: the anonymous reader (and an arbiter who does not
    // run the event) sees no round, standings after round 0, no game rated.
    for token in [None, Some(api.other_arbiter.as_str())] {
        let (s, e) = api.call("GET", &event, token, None).await;
        assert_eq!(s, 200, "{e}");
        assert_eq!(e["rounds"], json!([]), "{e}");
        assert_eq!(e["rounds_paired"], 0);
        assert_eq!(e["view"], "published");
        let (s, t) = api.call("GET", &standings, token, None).await;
        assert_eq!(s, 200, "{t}");
        assert_eq!(t["after_round"], 0, "{t}");
        let (s, r) = api.call("GET", &rating, token, None).await;
        assert_eq!(s, 200, "{r}");
        assert_eq!(games_in(&r), 0, "{r}");
        let (s, v) = api
            .call("GET", &format!("{standings}?after_round=1"), token, None)
            .await;
        assert_eq!(s, 404, "{v}");
        assert_eq!(v["error"], "not_published");
    }
    // The event's arbiter and an admin see all three rounds.
    for token in [&api.arbiter, &api.admin] {
        let (_, e) = api.call("GET", &event, Some(token), None).await;
        assert_eq!(e["rounds"].as_array().unwrap().len(), 3, "{e}");
        assert_eq!(e["view"], "all");
        let (_, t) = api.call("GET", &standings, Some(token), None).await;
        assert_eq!(t["after_round"], 3, "{t}");
        // 6 games, each counted for both players: 12.
        let (_, r) = api.call("GET", &rating, Some(token), None).await;
        assert_eq!(games_in(&r), 12, "{r}");
    }

    // Round 1 published: the public sees it alone. Round 1 was 甲–丁 1-0
    // and 乙–丙 1-0 (xiangqi 2-1-0): 甲 2, 乙 2, 丙 0, 丁 0.
    api.server
        .store
        .publish_round(id, 1, true, "arbiter")
        .await
        .unwrap();
    let (_, e) = api.call("GET", &event, None, None).await;
    let rounds: Vec<u64> = e["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["round"].as_u64().unwrap())
        .collect();
    assert_eq!(rounds, [1], "{e}");
    let (_, t) = api.call("GET", &standings, None, None).await;
    assert_eq!(t["after_round"], 1, "{t}");
    let pts: Vec<(u64, String)> = t["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            let d: rust_decimal::Decimal = l["points"].as_str().unwrap().parse().unwrap();
            (l["player"].as_u64().unwrap(), d.normalize().to_string())
        })
        .collect();
    assert!(
        pts.contains(&(1, "2".into())) && pts.contains(&(4, "0".into())),
        "{t}"
    );
    let (_, r) = api.call("GET", &rating, None, None).await;
    assert_eq!(games_in(&r), 4, "{r}");
    // A bad token is refused, not taken for an anonymous reader.
    let (s, _) = api.call("GET", &event, Some("not-a-token"), None).await;
    assert_eq!(s, 401);
}

// ---------------------------------------------------------------- points

#[tokio::test]
async fn a_point_game_posted_twice_is_applied_once() {
    let api = Api::start().await;
    let path = "/api/v1/points/qq-xiangqi-elo";
    let game = json!({"id": 77, "red": "alice", "black": "bob", "result": "1-0", "plies": 80});
    let (s, first) = api
        .call("POST", path, Some(&api.officer), Some(&game))
        .await;
    assert_eq!(s, 200, "{first}");
    assert_eq!(first["id"], "77");
    // Red won: red gains what black loses (an Elo-style transfer).
    let wc: f64 = first["white_change"].as_f64().unwrap();
    let bc: f64 = first["black_change"].as_f64().unwrap();
    assert!(wc > 0.0 && bc < 0.0, "{first}");
    let (s, again) = api
        .call("POST", path, Some(&api.officer), Some(&game))
        .await;
    assert_eq!(s, 200);
    assert_eq!(again, first, "the stored answer, unchanged");
    // A different game moves the points on from the first one's figures.
    let next = json!({"id": 78, "red": "alice", "black": "bob", "result": "1-0", "plies": 80});
    let (_, second) = api.call("POST", path, Some(&api.admin), Some(&next)).await;
    assert_ne!(second["white_points"], first["white_points"]);
    let stored: i64 = sqlx_count(&api, "SELECT COUNT(*) FROM points_games").await;
    assert_eq!(stored, 2);
}

async fn sqlx_count(api: &Api, sql: &str) -> i64 {
    use sqlx::Row;
    sqlx::query(sql)
        .fetch_one(api.server.store.pool())
        .await
        .unwrap()
        .try_get(0)
        .unwrap()
}

// ---------------------------------------------------------------- the examples

#[tokio::test]
async fn the_projects_example_events_are_accepted_with_their_games() {
    let api = Api::start().await;
    for file in ["cxa-2019-swiss.json", "cca-chess-round-robin.json"] {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/").to_string() + file;
        let body: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let last_round = body["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["round"].as_u64().unwrap())
            .max()
            .unwrap();
        let (s, created) = api
            .call("POST", "/api/v1/events", Some(&api.admin), Some(&body))
            .await;
        assert_eq!(s, 201, "{file}: {created}");
        assert_eq!(created["rounds_saved"], last_round, "{file}");
        assert_eq!(
            created["players"],
            body["players"].as_array().unwrap().len(),
            "{file}"
        );
        let id = created["id"].as_i64().unwrap();
        let (s, event) = api
            .call(
                "GET",
                &format!("/api/v1/events/{id}"),
                Some(&api.admin),
                None,
            )
            .await;
        assert_eq!(s, 200);
        // Every game of the file is stored with its result.
        let stored: usize = event["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["games"].as_array().unwrap().len())
            .sum();
        let in_file = body["games"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|g| !g["black"].is_null() && g.get("black").is_some())
            .count();
        assert_eq!(stored, in_file, "{file}");
        let (s, standings) = api
            .call(
                "GET",
                &format!("/api/v1/events/{id}/standings"),
                Some(&api.admin),
                None,
            )
            .await;
        assert_eq!(s, 200, "{file}: {standings}");
        assert_eq!(standings["after_round"], last_round, "{file}");
    }
}
