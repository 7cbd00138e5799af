//! Team events: a hand-worked four-team, two-board round robin with every
//! team tie-break of FIDE C.07 (2024) art. 12–13 (definitions as in the
//! Handbook), and the 场分/局分 rule of
//! 象棋竞赛规则 (2011) 13.2.
//!
//! Games 1 / ½ / 0, matches 2 / 1 / 0. Rounds (Berger table of 4):
//!   r1: T1-T4  b1 1-0, b2 ½-½ → 1½-½ (MP 2-0);  T2-T3  b1 ½-½, b2 ½-½ → 1-1 (1-1)
//!   r2: T4-T3  b1 0-1, b2 1-0 → 1-1 (1-1);        T1-T2  b1 0-1, b2 ½-½ → ½-1½ (0-2)
//!   r3: T2-T4  b1 1-0, b2 0-1 → 1-1 (1-1);        T3-T1  b1 ½-½, b2 0-1 → ½-1½ (0-2)
//! Totals: T1 MP 2+0+2 = 4, GP 1½+½+1½ = 3½;  T2 MP 1+2+1 = 4, GP 1+1½+1 = 3½;
//!         T3 MP 1+1+0 = 2, GP 1+1+½ = 2½;    T4 MP 0+1+1 = 2, GP ½+1+1 = 2½.
//! Game points per board (b1, b2): T1 (1½, 2), T2 (2½, 1), T3 (2, ½), T4 (0, 2½).

use qiyuan_tournament::model::{Colour, EventKind, GameResult, PlayerId};
use qiyuan_tournament::team::*;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

use Colour::{Black, White};
use GameResult::{BlackWins as B, Draw as D, WhiteWins as W};

/// Team t has players 10t+1 (board 1) and 10t+2 (board 2); the home team has
/// White on board 1 and Black on board 2. `(home, away, r1, r2)` with each
/// board result given from the home player's side: 1.0, 0.5 or 0.0.
fn event() -> TeamEvent {
    let mut e = TeamEvent::new(EventKind::RoundRobin, 3, 2);
    for t in 1..=4 {
        e.add_team(Team::new(t, format!("T{t}"), [10 * t + 1, 10 * t + 2]))
            .unwrap();
    }
    let board = |home: u32, away: u32, b: u32, home_score: f64| {
        let colour = if b == 1 { White } else { Black };
        let result = match (home_score, colour) {
            (0.5, _) => D,
            (1.0, White) | (0.0, Black) => W,
            _ => B,
        };
        BoardGame::new(10 * home + b, 10 * away + b, colour, result)
    };
    let rounds: [[(u32, u32, f64, f64); 2]; 3] = [
        [(1, 4, 1.0, 0.5), (2, 3, 0.5, 0.5)],
        [(4, 3, 0.0, 1.0), (1, 2, 0.0, 0.5)],
        [(2, 4, 1.0, 0.0), (3, 1, 0.5, 0.0)],
    ];
    for games in rounds {
        let r = e.add_round();
        for (h, a, b1, b2) in games {
            e.add_match(
                r,
                TeamMatch::new(h, a, [board(h, a, 1, b1), board(h, a, 2, b2)]),
            )
            .unwrap();
        }
    }
    e
}

fn values(list: &str) -> (TeamStandings, Vec<Vec<Decimal>>) {
    let cfg = TeamStandingsConfig {
        tiebreaks: parse_team_list(list).unwrap(),
        ..Default::default()
    };
    let s = compute_team_standings(&event(), &cfg).unwrap();
    let v = (1..=4)
        .map(|t| {
            s.row(TeamId(t))
                .unwrap()
                .values
                .iter()
                .map(|v| v.unwrap())
                .collect()
        })
        .collect();
    (s, v)
}

#[test]
fn scores_and_line_ups() {
    let (s, _) = values("");
    for (t, mp, gp) in [
        (1, dec!(4), dec!(3.5)),
        (2, dec!(4), dec!(3.5)),
        (3, dec!(2), dec!(2.5)),
        (4, dec!(2), dec!(2.5)),
    ] {
        let row = s.row(TeamId(t)).unwrap();
        assert_eq!((row.match_points, row.game_points), (mp, gp), "T{t}");
    }
    assert_eq!(
        event().line_up(2, TeamId(3)),
        Some(vec![PlayerId(31), PlayerId(32)])
    );
}

/// MPvGP = GP. BC = 1·b1 + 2·b2: T1 1½ + 4 = 5½, T2 2½ + 2 = 4½, T3 2 + 1 = 3,
/// T4 0 + 5 = 5. BH:MP: T1 opponents T4 2 + T2 4 + T3 2 = 8; T2 2 + 4 + 2 = 8;
/// T3 4 + 2 + 4 = 10; T4 4 + 2 + 4 = 10.
/// EMGSB (opponent's MP × own GP against him): T1 2·1½ + 4·½ + 2·1½ = 8;
/// T2 2·1 + 4·1½ + 2·1 = 10; T3 4·1 + 2·1 + 4·½ = 8; T4 4·½ + 2·1 + 4·1 = 8.
/// EMMSB (× own MP): T1 2·2 + 4·0 + 2·2 = 8; T2 2·1 + 4·2 + 2·1 = 12;
/// T3 4·1 + 2·1 + 4·0 = 6; T4 4·0 + 2·1 + 4·1 = 6.
/// EGGSB (opponent's GP × own GP): T1 2½·1½ + 3½·½ + 2½·1½ = 9¼.
/// SSSC: GP + BH:MP ÷ K, K = ⌊2·3 / (1·2)⌋ = 3: T1 3½ + 8/3 = 6.1666… → 6.17;
/// T3 2½ + 10/3 = 5.8333… → 5.83.
#[test]
fn team_tie_break_values() {
    let (_, v) = values("MPvGP,BC,BH:MP,EMGSB,EMMSB,EGGSB,SSSC");
    let col = |i: usize| v.iter().map(|r| r[i]).collect::<Vec<_>>();
    assert_eq!(col(0), [dec!(3.5), dec!(3.5), dec!(2.5), dec!(2.5)]);
    assert_eq!(col(1), [dec!(5.5), dec!(4.5), dec!(3), dec!(5)]);
    assert_eq!(col(2), [dec!(8), dec!(8), dec!(10), dec!(10)]);
    assert_eq!(col(3), [dec!(8), dec!(10), dec!(8), dec!(8)]);
    assert_eq!(col(4), [dec!(8), dec!(12), dec!(6), dec!(6)]);
    assert_eq!(v[0][5], dec!(9.25));
    assert_eq!(col(6), [dec!(6.17), dec!(6.17), dec!(5.83), dec!(5.83)]);
}

/// Ranking MP, then MPvGP (equal inside both pairs), then EDE: T2 beat T1
/// (MP 2-0) → T2 first; T3–T4 drew their match 1-1 in MP and in GP → EDE does
/// not separate; BC (lower better) T3 3 < T4 5 → T3. Order T2, T1, T3, T4.
/// TBR: T1 b1 1½ < T2 b1 2½ → T2; T3 b1 2 > T4 b1 0 → T3.
/// BBE (without board 2): T1 3½ − 2 = 1½ < T2 3½ − 1 = 2½ → T2; T3 2 > T4 0 → T3.
#[test]
fn team_ranking() {
    let order = |list: &str| {
        values(list)
            .0
            .rows
            .iter()
            .map(|r| (r.rank, r.team.0))
            .collect::<Vec<_>>()
    };
    assert_eq!(order("MPvGP,EDE,BC"), [(1, 2), (2, 1), (3, 3), (4, 4)]);
    assert_eq!(order("MPvGP,EDE"), [(1, 2), (2, 1), (3, 3), (3, 4)]);
    assert_eq!(order("TBR"), [(1, 2), (2, 1), (3, 3), (4, 4)]);
    assert_eq!(order("BBE"), [(1, 2), (2, 1), (3, 3), (4, 4)]);
    // EDE shows the match points among the tied (C.07 6.1, 13.3.1): T2 2,
    // T1 0 from their match; T3 and T4 1 each from their drawn one — the
    // places (1, 2 and 3, 3) say the same, so nothing is marked.
    let (s, _) = values("MPvGP,EDE");
    let shown = |t| {
        let v = s.row(TeamId(t)).unwrap().shown[1];
        (v.value.unwrap(), v.marked)
    };
    assert_eq!(
        [shown(1), shown(2), shown(3), shown(4)],
        [
            (dec!(0), false),
            (dec!(2), false),
            (dec!(1), false),
            (dec!(1), false)
        ]
    );
}

/// 象棋竞赛规则 (2011) 13.2 with 2/1/0 games: a pairing-allocated bye gives a
/// won match and a win on every board. Three teams, one round: T1-T2 on two
/// boards 1-0 and draw → 局分 2+1 = 3 : 0+1 = 1 → 场分 2 : 0; T3 bye → 场分 2,
/// 局分 2 boards × 2 = 4.
#[test]
fn xiangqi_match_points_and_bye() {
    let mut e = TeamEvent::new(EventKind::Swiss, 1, 2);
    for t in 1..=3 {
        e.add_team(Team::new(t, format!("T{t}"), [])).unwrap();
    }
    let r = e.add_round();
    e.add_match(
        r,
        TeamMatch::new(
            1,
            2,
            [
                BoardGame::new(11, 21, White, W),
                BoardGame::new(12, 22, Black, D),
            ],
        ),
    )
    .unwrap();
    e.add_bye(r, TeamId(3)).unwrap();
    let cfg = TeamStandingsConfig {
        scoring: TeamScoring::xiangqi_2011(),
        ..Default::default()
    };
    let s = compute_team_standings(&e, &cfg).unwrap();
    let get = |t| {
        let row = s.row(TeamId(t)).unwrap();
        (row.match_points, row.game_points)
    };
    assert_eq!(get(1), (dec!(2), dec!(3)));
    assert_eq!(get(2), (dec!(0), dec!(1)));
    assert_eq!(get(3), (dec!(2), dec!(4)));
}

#[test]
fn bad_line_ups_are_refused() {
    let mut e = TeamEvent::new(EventKind::Swiss, 2, 2);
    for t in 1..=2 {
        e.add_team(Team::new(t, format!("T{t}"), [10 * t + 1, 10 * t + 2]))
            .unwrap();
    }
    assert_eq!(
        e.add_team(Team::new(2, "again", [])),
        Err(TeamError::DuplicateTeam(TeamId(2)))
    );
    let r = e.add_round();
    // Only two boards, and a player of team 1 on both.
    let err = e
        .add_match(
            r,
            TeamMatch::new(
                1,
                2,
                [
                    BoardGame::new(11, 21, White, D),
                    BoardGame::new(11, 22, Black, D),
                ],
            ),
        )
        .unwrap_err();
    assert_eq!(
        err,
        TeamError::LineUp {
            round: 1,
            team: TeamId(1),
            player: PlayerId(11)
        }
    );
    let err = e
        .add_match(r, TeamMatch::new(1, 2, [BoardGame::new(11, 21, White, D)]))
        .unwrap_err();
    assert!(matches!(
        err,
        TeamError::Boards {
            found: 1,
            boards: 2,
            ..
        }
    ));
    let err = e
        .add_match(
            r,
            TeamMatch::new(
                1,
                2,
                [
                    BoardGame::new(11, 21, White, D),
                    BoardGame::new(99, 22, Black, D),
                ],
            ),
        )
        .unwrap_err();
    assert_eq!(
        err,
        TeamError::LineUp {
            round: 1,
            team: TeamId(1),
            player: PlayerId(99)
        }
    );
    assert!("EXYSB".parse::<TeamTieBreak>().is_err());
    assert_eq!(
        "EMGSB/C1".parse::<TeamTieBreak>().unwrap().to_string(),
        "EMGSB/C1"
    );
    assert_eq!(
        "BH:GP/C1".parse::<TeamTieBreak>().unwrap().to_string(),
        "BH:GP/C1"
    );
}
