//! Structural tests of the HTML pages: a small hand-made round robin, read
//! back with a minimal table reader (no snapshot).
//!
//! The event (4 players, Berger pairings for 4: R1 1–4, 2–3; R2 4–3, 1–2;
//! R3 2–4, 3–1; the first number has White):
//!   R1: 1–4 0-1 (4 wins with Black), 2–3 ½-½
//!   R2: 4–3 1-0, 1–2 1-0
//!   R3: 2–4 ½-½, 3–1 0-1 (1 wins with Black)
//! Scores (1 / ½ / 0): P4 1 + 1 + ½ = 2½; P1 0 + 1 + 1 = 2; P2 ½ + 0 + ½ = 1;
//! P3 ½ + 0 + 0 = ½. Ranks: P4 1st, P1 2nd, P2 3rd, P3 4th.
//! Crosstable cells, opponent by rank (P4 = 1, P1 = 2, P2 = 3, P3 = 4):
//!   P4: R1 vs P1, Black, won → 2b1; R2 vs P3, White, won → 4w1; R3 vs P2, Black, drew → 3b½
//!   P1: 1w0, 3w1 (vs P2 White won), 4b1 (vs P3 Black won)
//!   P2: 4w½ (vs P3), 2b0 (vs P1), 1w½ (vs P4)
//!   P3: 3b½, 1b0, 2w0

use qiyuan_formats::html::*;
use qiyuan_tournament::model::*;
use qiyuan_tournament::scoring::ScoringSystem;
use qiyuan_tournament::tiebreak::parse_list;
use qiyuan_tournament::{StandingsConfig, compute_standings};

const EVIL: &str = "<script>alert(1)</script>";

fn event() -> Event {
    let mut e = Event::new(EventKind::RoundRobin, 3);
    let mut p1 = Player::new(1, "王天一").with_rating(2600);
    p1.title = Some("GM".into());
    e.add_player(p1).unwrap();
    e.add_player(Player::new(2, "郑惟桐").with_rating(2550))
        .unwrap();
    let mut p3 = Player::new(3, EVIL);
    p3.club = Some("A&B \"club\"".into());
    e.add_player(p3).unwrap();
    e.add_player(Player::new(4, "许银川").with_rating(2500))
        .unwrap();
    use GameResult::*;
    for games in [
        [(1, 4, BlackWins), (2, 3, Draw)],
        [(4, 3, WhiteWins), (1, 2, WhiteWins)],
        [(2, 4, Draw), (3, 1, BlackWins)],
    ] {
        let r = e.add_round();
        for (w, b, res) in games {
            e.add_game(r, Game::new(w, b, res)).unwrap();
        }
    }
    e
}

/// The text of every `<td>` of every body row (`<tr>` inside `<tbody>`),
/// inner tags removed, entities kept as written.
fn body_rows(html: &str) -> Vec<Vec<String>> {
    let start = html.find("<tbody>").expect("a tbody");
    let end = html.find("</tbody>").expect("a tbody end");
    let body = &html[start..end];
    body.split("<tr")
        .skip(1)
        .map(|tr| {
            tr.split("<td")
                .skip(1)
                .map(|td| {
                    let inner = &td[td.find('>').unwrap() + 1..td.find("</td>").unwrap()];
                    strip_tags(inner)
                })
                .collect()
        })
        .collect()
}

fn header(html: &str) -> Vec<String> {
    let start = html.find("<thead>").unwrap();
    let end = html.find("</thead>").unwrap();
    html[start..end]
        .split("<th>")
        .skip(1)
        .map(|th| th[..th.find("</th>").unwrap()].to_string())
        .collect()
}

fn strip_tags(s: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in s.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

fn standings(e: &Event) -> qiyuan_tournament::Standings {
    let cfg = StandingsConfig {
        tiebreaks: parse_list("SB,WIN").unwrap(),
        ..Default::default()
    };
    compute_standings(e, &cfg).unwrap()
}

fn assert_no_raw_script(html: &str) {
    assert!(!html.contains("<script"), "unescaped name in the page");
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
}

#[test]
fn crosstable_cells_of_a_round_robin() {
    let e = event();
    let s = standings(&e);
    let mut opts = HtmlOptions::new("2026 <测试> 循环赛");
    opts.lang = HtmlLang::En;
    let html = crosstable_html(&e, &s, &ScoringSystem::fide(), &opts);
    assert_no_raw_script(&html);
    assert!(html.contains("2026 &lt;测试&gt; 循环赛"));
    assert!(html.contains("@media print"));
    assert_eq!(
        header(&html),
        [
            "Rk.", "SNo", "Name", "Rtg", "1.Rd", "2.Rd", "3.Rd", "Pts.", "TB1", "TB2"
        ]
    );
    let rows = body_rows(&html);
    let cells: Vec<Vec<&str>> = rows
        .iter()
        .map(|r| r.iter().map(String::as_str).collect())
        .collect();
    // Rank, SNo, name, rating, three rounds, points (first 8 columns).
    assert_eq!(
        cells[0][..8],
        ["1", "4", "许银川", "2500", "2b1", "4w1", "3b½", "2.5"]
    );
    assert_eq!(
        cells[1][..8],
        ["2", "1", "GM 王天一", "2600", "1w0", "3w1", "4b1", "2"]
    );
    assert_eq!(
        cells[2][..8],
        ["3", "2", "郑惟桐", "2550", "4w½", "2b0", "1w½", "1"]
    );
    assert_eq!(
        cells[3][..8],
        [
            "4",
            "3",
            "&lt;script&gt;alert(1)&lt;/script&gt;",
            "",
            "3b½",
            "1b0",
            "2w0",
            "0.5"
        ]
    );
    // WIN (TB2): wins over the board: P4 2, P1 2, P2 0, P3 0.
    assert_eq!(
        [&cells[0][9], &cells[1][9], &cells[2][9], &cells[3][9]],
        [&"2", &"2", &"0", &"0"]
    );
    // By starting number instead: P4's round 1 opponent is player 1.
    opts.cross_ref = CrossRef::StartNumber;
    opts.xiangqi = true;
    let rows = body_rows(&crosstable_html(&e, &s, &ScoringSystem::fide(), &opts));
    assert_eq!(rows[0][4..7], ["1b1", "3r1", "2b½"]);
}

#[test]
fn round_robin_grid() {
    let e = event();
    let s = standings(&e);
    let mut opts = HtmlOptions::new("grid");
    opts.layout = CrosstableLayout::Grid;
    let html = crosstable_html(&e, &s, &ScoringSystem::fide(), &opts);
    assert_eq!(
        header(&html),
        [
            "名次",
            "编号",
            "姓名",
            "等级分",
            "1",
            "2",
            "3",
            "4",
            "积分",
            "TB1",
            "TB2"
        ]
    );
    let rows = body_rows(&html);
    // Columns in rank order P4, P1, P2, P3; `*` on the diagonal.
    assert_eq!(rows[0][4..8], ["*", "1", "½", "1"]);
    assert_eq!(rows[1][4..8], ["0", "*", "1", "1"]);
    assert_eq!(rows[2][4..8], ["½", "0", "*", "½"]);
    assert_eq!(rows[3][4..8], ["0", "0", "½", "*"]);
}

#[test]
fn standings_page() {
    let e = event();
    let s = standings(&e);
    let mut opts = HtmlOptions::new("t");
    opts.lang = HtmlLang::Both;
    let html = standings_html(&e, &s, &opts);
    assert_no_raw_script(&html);
    // Club column present (player 3 has one), escaped.
    assert_eq!(
        header(&html),
        [
            "名次 Rk.",
            "编号 SNo",
            "姓名 Name",
            "等级分 Rtg",
            "单位 Club",
            "积分 Pts.",
            "TB1",
            "TB2"
        ]
    );
    let rows = body_rows(&html);
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[3][4], "A&amp;B &quot;club&quot;");
    assert_eq!(rows[0][..6], ["1", "4", "许银川", "2500", "", "2.5"]);
    // SB of P4: beat P1 (2) and P3 (½), drew P2 (1 × ½) → 2 + ½ + ½ = 3.
    assert_eq!(rows[0][6], "3");
    assert!(html.contains("第3轮后排名 Rank after round 3"));
    assert!(html.contains("<li>SB — "));
}

#[test]
fn tied_rank_shown_once() {
    // Two players, one draw: both first, the rank printed on the first line only.
    let mut e = Event::new(EventKind::RoundRobin, 1);
    e.add_player(Player::new(1, "A")).unwrap();
    e.add_player(Player::new(2, "B")).unwrap();
    let r = e.add_round();
    e.add_game(r, Game::new(1, 2, GameResult::Draw)).unwrap();
    let s = compute_standings(&e, &StandingsConfig::default()).unwrap();
    let rows = body_rows(&standings_html(&e, &s, &HtmlOptions::new("x")));
    assert_eq!(rows[0][0], "1");
    assert_eq!(rows[1][0], "");
}

#[test]
fn pairing_list_with_points_before_the_round() {
    let e = event();
    let opts = HtmlOptions {
        xiangqi: true,
        ..HtmlOptions::new("象棋")
    };
    let html = pairings_html(&e, &ScoringSystem::fide(), 3, &opts).unwrap();
    assert_no_raw_script(&html);
    assert_eq!(
        header(&html),
        [
            "台次",
            "编号",
            "红方",
            "等级分",
            "积分",
            "结果",
            "积分",
            "黑方",
            "等级分",
            "编号"
        ]
    );
    let rows = body_rows(&html);
    // Before round 3: P2 ½ + 0 = ½, P4 1 + 1 = 2; P3 ½ + 0 = ½, P1 0 + 1 = 1.
    assert_eq!(
        rows[0],
        [
            "1",
            "2",
            "郑惟桐",
            "2550",
            "0.5",
            // A xiangqi list words the result as 象棋竞赛规则 does: 和 (draw).
            "和",
            "2",
            "许银川",
            "2500",
            "4"
        ]
    );
    assert_eq!(
        rows[1],
        [
            "2",
            "3",
            "&lt;script&gt;alert(1)&lt;/script&gt;",
            "",
            "0.5",
            "黑胜",
            "1",
            "GM 王天一",
            "2600",
            "1"
        ]
    );
    assert!(html.contains("第3轮/共3轮"));
    // Round 1: everyone has 0 before; 2/1/0 scoring doubles later rounds.
    let rows = body_rows(&pairings_html(&e, &ScoringSystem::xiangqi_2011(), 2, &opts).unwrap());
    // Round 2, board 1: 4–3. Before: P4 won round 1 (2), P3 drew (1).
    assert_eq!(rows[0][4], "2");
    assert_eq!(rows[0][6], "1");
    // An event that writes its results as scores (象棋竞赛规则, 2-1-0): the
    // draw of round 3, board 1 is 1:1, Black's win of board 2 0:2.
    let scores = HtmlOptions {
        result_wording: qiyuan_tournament::model::ResultWording::Scores,
        ..opts.clone()
    };
    let rows = body_rows(&pairings_html(&e, &ScoringSystem::xiangqi_2011(), 3, &scores).unwrap());
    assert_eq!((rows[0][5].as_str(), rows[1][5].as_str()), ("1:1", "0:2"));
    assert_eq!(
        pairings_html(&e, &ScoringSystem::fide(), 4, &opts),
        Err(HtmlError::NoSuchRound {
            round: 4,
            entered: 3
        })
    );
}

#[test]
fn pairing_list_byes() {
    let mut e = Event::new(EventKind::Swiss, 1);
    for i in 1..=3 {
        e.add_player(Player::new(i, format!("P{i}"))).unwrap();
    }
    let r = e.add_round();
    e.add_game(r, Game::new(1, 2, GameResult::Pending)).unwrap();
    e.add_bye(r, PlayerId(3), ByeKind::PairingAllocated)
        .unwrap();
    let mut opts = HtmlOptions::new("x");
    opts.lang = HtmlLang::En;
    let rows = body_rows(&pairings_html(&e, &ScoringSystem::fide(), 1, &opts).unwrap());
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0][5], ""); // pending
    assert_eq!(rows[1][1], "3");
    assert_eq!(rows[1][5], "1");
    assert_eq!(rows[1][7], "bye");
    // On the xiangqi 2-1-0 scale the bye scores a win: 2 points
    // (象棋竞赛规则 2011 14.4), as the standings count it.
    let rows = body_rows(&pairings_html(&e, &ScoringSystem::xiangqi_2011(), 1, &opts).unwrap());
    assert_eq!(rows[1][5], "2");
}

#[test]
fn crosstable_on_the_event_scale() {
    // A Swiss of 3: round 1 1–2 1-0, 3 a pairing-allocated bye; round 2
    // 3–1 ½-½, 2 a half-point bye. Under the xiangqi 2-1-0 every cell is
    // that scale's: the win 2, the draw 1, the bye 2, the half-point bye 1,
    // and the cells add up to the points column.
    let mut e = Event::new(EventKind::Swiss, 2);
    for i in 1..=3 {
        e.add_player(Player::new(i, format!("P{i}"))).unwrap();
    }
    let r = e.add_round();
    e.add_game(r, Game::new(1, 2, GameResult::WhiteWins))
        .unwrap();
    e.add_bye(r, PlayerId(3), ByeKind::PairingAllocated)
        .unwrap();
    let r = e.add_round();
    e.add_game(r, Game::new(3, 1, GameResult::Draw)).unwrap();
    e.add_bye(r, PlayerId(2), ByeKind::HalfPoint).unwrap();
    let scoring = ScoringSystem::xiangqi_2011();
    let cfg = StandingsConfig {
        scoring,
        tiebreaks: Vec::new(),
        ..Default::default()
    };
    let s = compute_standings(&e, &cfg).unwrap();
    let mut opts = HtmlOptions::new("x");
    opts.xiangqi = true;
    opts.cross_ref = CrossRef::StartNumber;
    let rows = body_rows(&crosstable_html(&e, &s, &scoring, &opts));
    let by_no = |n: &str| rows.iter().find(|r| r[1] == n).unwrap().clone();
    assert_eq!(by_no("1")[4..7], ["2r2", "3b1", "3"]);
    assert_eq!(by_no("2")[4..7], ["1b0", "-1", "1"]);
    assert_eq!(by_no("3")[4..7], ["-2", "1r1", "3"]);
    // The same event on the FIDE scale.
    let fide = compute_standings(
        &e,
        &StandingsConfig {
            tiebreaks: Vec::new(),
            ..Default::default()
        },
    )
    .unwrap();
    let rows = body_rows(&crosstable_html(&e, &fide, &ScoringSystem::fide(), &opts));
    let by_no = |n: &str| rows.iter().find(|r| r[1] == n).unwrap().clone();
    assert_eq!(by_no("2")[4..7], ["1b0", "-½", "0.5"]);
    assert_eq!(by_no("3")[4..7], ["-1", "1r½", "1.5"]);
}

#[test]
fn result_slips_one_per_board() {
    let e = event();
    let html = result_slips_html(&e, 2, &HtmlOptions::new("<b>杯</b>")).unwrap();
    assert_no_raw_script(&html);
    assert!(!html.contains("<b>"));
    assert_eq!(html.matches("class=\"slip\"").count(), 2);
    // Board 1: 许银川 (4) – <script> (3); board 2: 王天一 (1) – 郑惟桐 (2).
    let first = html.find("许银川 (4)").unwrap();
    let second = html.find("GM</span> 王天一 (1)").unwrap();
    assert!(first < second);
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; (3)"));
    assert!(html.contains("郑惟桐 (2)"));
    assert!(html.contains("break-inside:avoid"));
    // The result boxes in the vocabulary's words: chess 1-0 / ½-½ / 0-1,
    // xiangqi 红胜 / 和 / 黑胜, or 2:0 / 1:1 / 0:2 where the event writes
    // its results as scores.
    assert!(html.contains("</span>1-0 <span class=\"box\"></span>½-½ "));
    let xq = HtmlOptions {
        xiangqi: true,
        ..HtmlOptions::new("杯")
    };
    let html = result_slips_html(&e, 2, &xq).unwrap();
    assert!(
        html.contains("</span>红胜 <span class=\"box\"></span>和 <span class=\"box\"></span>黑胜 ")
    );
    let scores = HtmlOptions {
        result_wording: qiyuan_tournament::model::ResultWording::Scores,
        ..xq
    };
    let html = result_slips_html(&e, 2, &scores).unwrap();
    assert!(
        html.contains("</span>2:0 <span class=\"box\"></span>1:1 <span class=\"box\"></span>0:2 ")
    );
    assert!(result_slips_html(&e, 0, &HtmlOptions::new("x")).is_err());
}

#[test]
fn knockout_bracket_page() {
    use qiyuan_tournament::knockout::Bracket;
    // 6 entrants seeded 1–6 (pairing numbers 11–16): 8 places, byes for
    // seeds 1 and 2 (their partners 8 and 7 do not exist); games 4–5, 3–6.
    let players: Vec<Player> = (1..=6)
        .map(|s| {
            Player::new(
                10 + s,
                if s == 5 {
                    EVIL.to_string()
                } else {
                    format!("S{s}")
                },
            )
        })
        .collect();
    let mut b = Bracket::new(players.iter().map(|p| p.id).collect()).unwrap();
    // Seed 5 (the <script> name) beats seed 4.
    b.set_winner(1, 2, PlayerId(15)).unwrap();
    let mut opts = HtmlOptions::new("杯");
    opts.lang = HtmlLang::En;
    let html = bracket_html(&b, &players, &opts);
    assert_no_raw_script(&html);
    assert!(html.contains("<h3>Quarter-final</h3>") && html.contains("<h3>Final</h3>"));
    // The first table is the first round.
    let rows = body_rows(&html);
    assert_eq!(rows[0], ["1", "1", "S1", "–", "bye", ""]);
    assert_eq!(
        rows[1],
        [
            "2",
            "4",
            "S4",
            "–",
            "&lt;script&gt;alert(1)&lt;/script&gt;",
            "5"
        ]
    );
    assert_eq!(rows[2], ["3", "2", "S2", "–", "bye", ""]);
    assert_eq!(rows[3], ["4", "3", "S3", "–", "S6", "6"]);
    // The winner is in bold.
    assert!(html.contains("<strong>&lt;script&gt;alert(1)&lt;/script&gt;</strong>"));
    assert!(html.contains("<strong>S1</strong>"));
}
