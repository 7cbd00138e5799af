//! The team pages of the desk over HTTP: a team round robin created from
//! the event form, teams entered with their players, the teams paired, a
//! line-up against the roster order refused, a reserve moved up, boards
//! made, results entered (and a stale one refused as a conflict), match
//! points, game points and team standings as the xiangqi rules count them.

mod common;

use common::{TestServer, all_attrs, attr_after, created_event_id, status_and_text};
use qiyuan_server::auth::Role;

/// Creates a xiangqi team round robin on 4 boards; returns its id.
async fn create_team_event(server: &TestServer) -> i64 {
    let resp = server
        .post_form(
            "/desk/events/new",
            &[
                ("name", "象棋团体赛 2026"),
                ("game", "xiangqi"),
                ("system", "round_robin"),
                ("cycles", "1"),
                ("scoring", "xiangqi"),
                ("team_boards", "4"),
                ("team_tiebreaks", "xiangqi-team"),
            ],
        )
        .await;
    created_event_id(&resp)
}

/// The board results of a match from the first-named team's side (W, D,
/// L), as the entry form's keys: the first-named team has Red on boards 1
/// and 3, Black on 2 and 4.
fn keys(home_view: &str) -> Vec<&'static str> {
    home_view
        .chars()
        .enumerate()
        .map(|(b, c)| match (c, b % 2 == 0) {
            ('D', _) => "d",
            ('W', true) | ('L', false) => "w",
            _ => "b",
        })
        .collect()
}

/// Round 1 of a team round robin of 4 teams × 4 boards (Berger table of 4,
/// C.05 Annex 1: T1-T4, T2-T3), scored by 象棋竞赛规则 (2011) 13.1–13.2 —
/// games 2 / 1 / 0 (局分), the team with more 局分 takes 2 场分, equal 1 each:
///   T1-T4 W D W L → 2+1+2+0 = 5 : 0+1+0+2 = 3 → 场分 2 : 0
///   T2-T3 D D L W → 1+1+0+2 = 4 : 1+1+2+0 = 4 → 场分 1 : 1
/// Standings (preset xiangqi-team: 场分, 局分, 直胜, board results): T1 2/5;
/// T2 and T3 1/4 each, their match drawn (直胜 does not separate), board
/// results T2 (1, 1, 0, 2) against T3 (1, 1, 2, 0): equal on boards 1–2,
/// T3 better on board 3 → T3 second, T2 third; T4 0/3.
#[tokio::test]
async fn a_team_round_robin_over_http() {
    let server = TestServer::start().await;
    server.sign_in_as("captain", Role::Arbiter).await;
    assert_eq!(server.get("/lang/en").await.status(), 303);
    let id = create_team_event(&server).await;

    // Four teams of five players (board order), the fifth a reserve.
    for t in 1..=4 {
        let names: String = (1..=5).map(|b| format!("T{t}-{b}\n")).collect();
        let resp = server
            .post_form(
                &format!("/desk/events/{id}/teams"),
                &[
                    ("name", &format!("Team {t}")),
                    ("roster", ""),
                    ("names", &names),
                ],
            )
            .await;
        assert_eq!(resp.status(), 303, "team {t}");
    }
    let page = server.get_text(&format!("/desk/events/{id}")).await;
    assert!(
        page.contains("Team event: 4 boards, 4 teams, match points 2 / 1 / 0."),
        "{page}"
    );
    let page = server.get_text(&format!("/desk/events/{id}/teams")).await;
    assert_eq!(all_attrs(&page, "data-team"), ["1", "2", "3", "4"]);
    assert!(page.contains("T4-5"));
    // A roster naming a player of another team is refused.
    let (status, page) = status_and_text(
        server
            .post_form(
                &format!("/desk/events/{id}/teams"),
                &[("name", "Team 5"), ("roster", "1 6")],
            )
            .await,
    )
    .await;
    assert_eq!(status, 400);
    assert!(page.contains("already on the roster of team 1"), "{page}");

    // Pair round 1.
    let page = server
        .get_text(&format!("/desk/events/{id}/teams/pair"))
        .await;
    assert_eq!(
        attr_after(&page, "id=\"team-proposal\"", "data-round").as_deref(),
        Some("1")
    );
    assert_eq!(all_attrs(&page, "data-home"), ["1", "2"]);
    assert_eq!(all_attrs(&page, "data-away"), ["4", "3"]);
    let resp = server
        .post_form(&format!("/desk/events/{id}/teams/pair"), &[("round", "1")])
        .await;
    assert_eq!(resp.status(), 303);

    // Line-ups: player 2 above player 1 breaks the roster order.
    let lineup = format!("/desk/events/{id}/teams/rounds/1/lineup");
    let (status, page) = status_and_text(
        server
            .post_form(
                &lineup,
                &[
                    ("team", "1"),
                    ("b1", "2"),
                    ("b2", "1"),
                    ("b3", "3"),
                    ("b4", "4"),
                ],
            )
            .await,
    )
    .await;
    assert_eq!(status, 400);
    assert!(
        page.contains("board order breaks the roster order"),
        "{page}"
    );
    // The reserve 5 plays board 4 in place of 4.
    let resp = server
        .post_form(
            &lineup,
            &[
                ("team", "1"),
                ("b1", "1"),
                ("b2", "2"),
                ("b3", "3"),
                ("b4", "5"),
            ],
        )
        .await;
    assert_eq!(resp.status(), 303);
    // A form without its CSRF token is refused.
    let resp = server
        .browser()
        .post(server.url(&lineup))
        .form(&[
            ("team", "1"),
            ("b1", "1"),
            ("b2", "2"),
            ("b3", "3"),
            ("b4", "4"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 403);
    let resp = server
        .post_form(&format!("/desk/events/{id}/teams/rounds/1/boards"), &[])
        .await;
    assert_eq!(resp.status(), 303);

    // Boards: match 1 is T1 (players 1 2 3 5) – T4 (16 17 18 19).
    let round = format!("/desk/events/{id}/teams/rounds/1");
    let page = server.get_text(&round).await;
    let games = all_attrs(&page, "data-game");
    let versions = all_attrs(&page, "data-version");
    assert_eq!(games.len(), 8);
    assert!(
        page.contains("1 T1-1 – Black 16 T4-1"),
        "board 1: T1 has Red"
    );
    assert!(
        page.contains("19 T4-4 – Black 5 T1-5"),
        "board 4: T1 has Black"
    );

    let mut fields: Vec<(String, String)> = Vec::new();
    let results: Vec<&str> = keys("WDWL").into_iter().chain(keys("DDLW")).collect();
    for (g, key) in games.iter().zip(&results) {
        fields.push((format!("r{g}"), key.to_string()));
        fields.push((format!("v{g}"), "0".into()));
        fields.push((format!("o{g}"), "p".into()));
    }
    let resp = server
        .post_fields(&format!("{round}/results"), &fields)
        .await;
    assert_eq!(resp.status(), 303);
    let page = server.get_text(&round).await;
    assert_eq!(
        attr_after(&page, "id=\"match-1\"", "data-home-games").as_deref(),
        Some("5")
    );
    assert_eq!(
        attr_after(&page, "id=\"match-1\"", "data-away-games").as_deref(),
        Some("3")
    );
    assert_eq!(
        attr_after(&page, "id=\"match-1\"", "data-match-points").as_deref(),
        Some("2:0")
    );
    assert_eq!(
        attr_after(&page, "id=\"match-2\"", "data-match-points").as_deref(),
        Some("1:1")
    );

    // A second arbiter's form, filled before the results: a conflict.
    assert_eq!(versions[0], "0");
    let g = &games[0];
    let (status, page) = status_and_text(
        server
            .post_form(
                &format!("{round}/results"),
                &[
                    (&format!("r{g}"), "b"),
                    (&format!("v{g}"), "0"),
                    (&format!("o{g}"), "p"),
                ],
            )
            .await,
    )
    .await;
    assert_eq!(status, 409);
    assert!(page.contains("id=\"conflicts\""), "{page}");
    assert!(page.contains("captain"), "names who changed it: {page}");

    // Standings.
    let page = server
        .get_text(&format!("/desk/events/{id}/teams/standings"))
        .await;
    assert_eq!(all_attrs(&page, "data-team"), ["1", "3", "2", "4"]);
    assert_eq!(all_attrs(&page, "data-rank"), ["1", "2", "3", "4"]);
    for (team, mp, gp) in [
        ("1", "2", "5"),
        ("3", "1", "4"),
        ("2", "1", "4"),
        ("4", "0", "3"),
    ] {
        let row = &page[page.find(&format!("data-team=\"{team}\"")).unwrap()..];
        let mp_at = row.find("class=\"num mp\">").unwrap() + "class=\"num mp\">".len();
        let gp_at = row.find("class=\"num gp\">").unwrap() + "class=\"num gp\">".len();
        assert!(
            row[mp_at..].starts_with(&format!("{mp}<")),
            "team {team} MP"
        );
        assert!(
            row[gp_at..].starts_with(&format!("{gp}<")),
            "team {team} GP"
        );
    }

    // The same page in Chinese.
    assert_eq!(server.get("/lang/zh").await.status(), 303);
    let page = server
        .get_text(&format!("/desk/events/{id}/teams/standings"))
        .await;
    assert!(page.contains("场分") && page.contains("局分"));
}

/// The team pages are for team events only, and only for the event's
/// arbiters.
#[tokio::test]
async fn team_pages_need_a_team_event_and_its_arbiter() {
    let server = TestServer::start().await;
    server.sign_in_as("owner", Role::Arbiter).await;
    let id = create_team_event(&server).await;
    let resp = server
        .post_form(
            "/desk/events/new",
            &[
                ("name", "Individual"),
                ("game", "chess"),
                ("system", "swiss"),
                ("rounds", "5"),
            ],
        )
        .await;
    let to = resp.headers()["location"].to_str().unwrap().to_string();
    let single: i64 = to
        .strip_prefix("/desk/events/")
        .and_then(|r| r.strip_suffix("/players"))
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(
        server
            .get(&format!("/desk/events/{single}/teams"))
            .await
            .status(),
        404
    );
    let other = server.browser();
    server
        .create_account("stranger", common::TEST_PASSWORD, Role::Arbiter)
        .await;
    server
        .login_as(&other, "stranger", common::TEST_PASSWORD)
        .await;
    let resp = other
        .get(server.url(&format!("/desk/events/{id}/teams")))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 403);
}

/// Issue 12: a team's new players count against the players-per-event
/// limit like players added one by one; a refused team registers nobody.
#[tokio::test]
async fn a_team_over_the_player_limit_is_refused() {
    let server = TestServer::start_with(qiyuan_server::ServeLimits {
        max_players_per_event: 6,
        ..Default::default()
    })
    .await;
    server.sign_in_as("captain", Role::Arbiter).await;
    assert_eq!(server.get("/lang/en").await.status(), 303);
    let id = create_team_event(&server).await;
    let team = |t: u32| {
        let names: String = (1..=4).map(|b| format!("T{t}-{b}\n")).collect();
        (format!("Team {t}"), names)
    };
    let (name, names) = team(1);
    let resp = server
        .post_form(
            &format!("/desk/events/{id}/teams"),
            &[("name", &name), ("roster", ""), ("names", &names)],
        )
        .await;
    assert_eq!(resp.status(), 303);
    // 4 + 4 > 6: refused with the limit, and none of the four registered.
    let (name, names) = team(2);
    let (status, page) = status_and_text(
        server
            .post_form(
                &format!("/desk/events/{id}/teams"),
                &[("name", &name), ("roster", ""), ("names", &names)],
            )
            .await,
    )
    .await;
    assert_eq!(status, 400, "{page}");
    assert!(page.contains("at most 6 players"), "{page}");
    let page = server.get_text(&format!("/desk/events/{id}/teams")).await;
    assert!(!page.contains("T2-1"), "{page}");
    assert!(page.contains("T1-4"), "{page}");
}
