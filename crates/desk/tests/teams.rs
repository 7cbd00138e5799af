//! Team events at the desk, and the two rules fixed with them: the games a
//! player who withdrew from a round robin does not play are forfeits, and a
//! rating report never guesses a player's sex.

use qiyuan_desk::prelude::*;
use qiyuan_desk::team::{TeamSettings, home_colour};
use qiyuan_tournament::team::TeamId;
use rust_decimal_macros::dec;

/// Four teams of five players (four boards and a reserve): team t has
/// players 5(t−1)+1 … 5(t−1)+5 on its roster, in that (board) order.
fn team_event() -> DeskEvent {
    let mut s = EventSettings::round_robin("象棋团体赛", GameKind::Xiangqi, 1);
    s.team = Some(TeamSettings::new(4, "xiangqi-team"));
    let mut e = DeskEvent::new(s).unwrap();
    for t in 1..=4u32 {
        let mut roster = Vec::new();
        for b in 1..=5 {
            roster.push(e.add_player(PlayerInfo::new(format!("T{t}-{b}"))).unwrap());
        }
        assert_eq!(e.add_team(format!("T{t}"), roster).unwrap(), TeamId(t));
    }
    e
}

/// Board results from the first-named team's side: 'W' won, 'D' drawn,
/// 'L' lost, turned into White/Black results by the board's colours (the
/// first-named team has Red on boards 1 and 3, Black on 2 and 4).
fn enter(e: &mut DeskEvent, round: u32, m: usize, home_view: &str) {
    for (b, c) in home_view.chars().enumerate() {
        let home_white = home_colour(b + 1) == Colour::White;
        let r = match (c, home_white) {
            ('D', _) => GameResult::Draw,
            ('W', true) | ('L', false) => GameResult::WhiteWins,
            _ => GameResult::BlackWins,
        };
        e.set_result(round, m * 4 + b + 1, r, "").unwrap();
    }
}

/// A team round robin of 4 teams × 4 boards, xiangqi scoring.
///
/// 象棋竞赛规则 (2011) 13.1: a game is worth 2 / 1 / 0 (局分); 13.2: the team
/// with more 局分 wins the match and scores 2 场分, the loser 0, equal 局分
/// 1 each. Berger table of 4 (C.05 Annex 1): r1 1-4 2-3, r2 4-3 1-2,
/// r3 2-4 3-1. Board results from the first-named team's side:
///   r1 T1-T4 W D W L → 2+1+2+0 = 5 : 0+1+0+2 = 3 → 场分 2 : 0
///      T2-T3 D D L W → 1+1+0+2 = 4 : 1+1+2+0 = 4 → 1 : 1
///   r2 T4-T3 L L D D → 0+0+1+1 = 2 : 2+2+1+1 = 6 → 0 : 2
///      T1-T2 D W L D → 1+2+0+1 = 4 : 1+0+2+1 = 4 → 1 : 1
///   r3 T2-T4 W W W L → 2+2+2+0 = 6 : 0+0+0+2 = 2 → 2 : 0
///      T3-T1 L D D D → 0+1+1+1 = 3 : 2+1+1+1 = 5 → 0 : 2
/// Totals: T1 场分 2+1+2 = 5, 局分 5+4+5 = 14; T2 1+1+2 = 4, 4+4+6 = 14;
/// T3 1+2+0 = 3, 4+6+3 = 13; T4 0+0+0 = 0, 3+2+2 = 7.
/// (Checks: 6 matches × 8 局分 = 48 = 14+14+13+7; 6 × 2 场分 = 12 = 5+4+3+0.)
#[test]
fn four_team_round_robin_match_and_game_points() {
    let mut e = team_event();
    assert_eq!(e.total_rounds(), 3);
    let plays = [
        [(1, 4, "WDWL"), (2, 3, "DDLW")],
        [(4, 3, "LLDD"), (1, 2, "DWLD")],
        [(2, 4, "WWWL"), (3, 1, "LDDD")],
    ];
    for (r, round) in plays.iter().enumerate() {
        let r = r as u32 + 1;
        let plan = e.pair_next_team_round().unwrap();
        let pairs: Vec<(u32, u32)> = plan.matches.iter().map(|m| (m.home.0, m.away.0)).collect();
        assert_eq!(
            pairs,
            round.iter().map(|&(h, a, _)| (h, a)).collect::<Vec<_>>()
        );
        e.apply_team_round(&plan).unwrap();
        let boards = e.apply_team_boards(r).unwrap();
        // Colours alternate: board 1 the home player has Red, board 2 Black.
        let (h, a, _) = round[0];
        let first = |t: u32| 5 * (t - 1) + 1;
        assert_eq!(boards.boards[0], Board::new(first(h), first(a)));
        assert_eq!(boards.boards[1], Board::new(first(a) + 1, first(h) + 1));
        for (m, &(_, _, res)) in round.iter().enumerate() {
            enter(&mut e, r, m, res);
        }
    }
    // Match scores of round 1 (see above).
    let s = e.match_score(1, 0).unwrap();
    assert_eq!((s.home_games, s.away_games), (dec!(5), dec!(3)));
    assert_eq!(s.match_points, Some((dec!(2), dec!(0))));
    let s = e.match_score(1, 1).unwrap();
    assert_eq!(s.match_points, Some((dec!(1), dec!(1))));

    let st = e.team_standings(None).unwrap();
    let got: Vec<(u32, u32, _, _)> = st
        .rows
        .iter()
        .map(|r| (r.rank, r.team.0, r.match_points, r.game_points))
        .collect();
    assert_eq!(
        got,
        vec![
            (1, 1, dec!(5), dec!(14)),
            (2, 2, dec!(4), dec!(14)),
            (3, 3, dec!(3), dec!(13)),
            (4, 4, dec!(0), dec!(7)),
        ]
    );
    // The first tie-break of the preset is MPvGP: the game points.
    assert_eq!(st.rows[2].values[0], Some(dec!(13)));
    assert!(e.pair_next_team_round().is_err(), "3 rounds of 4 teams");
}

/// Two teams tied on 场分 and on 局分, after one round: the preset
/// `xiangqi-team` goes on with 直胜 (their match was drawn: no separation)
/// and the board results, board 1 first (TBR). One round of 2 teams: T1-T2 W L D D → 2+0+1+1 = 4 : 0+2+1+1 = 4 →
/// 场分 1 : 1, 局分 4 : 4; then TBR (board 1 first): T1's board 1 = 2, T2's = 0
/// → T1 ahead.
#[test]
fn tied_match_broken_by_board_results() {
    let mut s = EventSettings::round_robin("t", GameKind::Xiangqi, 1);
    s.team = Some(TeamSettings::new(4, "xiangqi-team"));
    let mut e = DeskEvent::new(s).unwrap();
    for t in 1..=2u32 {
        let roster = (1..=4)
            .map(|b| e.add_player(PlayerInfo::new(format!("T{t}-{b}"))).unwrap())
            .collect();
        e.add_team(format!("T{t}"), roster).unwrap();
    }
    let plan = e.pair_next_team_round().unwrap();
    e.apply_team_round(&plan).unwrap();
    e.apply_team_boards(1).unwrap();
    enter(&mut e, 1, 0, "WLDD");
    let st = e.team_standings(None).unwrap();
    let r: Vec<_> = st
        .rows
        .iter()
        .map(|r| (r.team.0, r.match_points, r.game_points))
        .collect();
    assert_eq!(r, vec![(1, dec!(1), dec!(4)), (2, dec!(1), dec!(4))]);
    assert_eq!((st.rows[0].rank, st.rows[1].rank), (1, 2));
}

/// A line-up must keep the roster's order: a reserve may move up in place
/// of a player left out, but nobody plays above a player listed before him.
#[test]
fn line_up_against_the_board_order_is_refused() {
    let mut e = team_event();
    let plan = e.pair_next_team_round().unwrap();
    e.apply_team_round(&plan).unwrap();
    // T1's roster is 1 2 3 4 5: 2 on board 1 above 1 breaks the order.
    let err = e
        .set_line_up(
            1,
            TeamId(1),
            vec![PlayerId(2), PlayerId(1), PlayerId(3), PlayerId(4)],
        )
        .unwrap_err()
        .to_string();
    assert!(err.contains("board order"), "{err}");
    assert!(err.contains("player 1"), "{err}");
    // A player of another team, and a short line-up.
    let err = e
        .set_line_up(
            1,
            TeamId(1),
            vec![PlayerId(1), PlayerId(2), PlayerId(3), PlayerId(6)],
        )
        .unwrap_err()
        .to_string();
    assert!(err.contains("not on the team's roster"), "{err}");
    assert!(
        e.set_line_up(1, TeamId(1), vec![PlayerId(1), PlayerId(2)])
            .unwrap_err()
            .to_string()
            .contains("4 boards")
    );
    // The reserve (5) plays board 4 in place of 4: allowed.
    e.set_line_up(
        1,
        TeamId(1),
        vec![PlayerId(1), PlayerId(2), PlayerId(3), PlayerId(5)],
    )
    .unwrap();
    let boards = e.apply_team_boards(1).unwrap();
    // Match 1 is T1-T4; board 4: the home player has Black.
    assert_eq!(boards.boards[3], Board::new(19, 5));
    // Fixed once the boards are made.
    assert!(
        e.set_line_up(
            1,
            TeamId(1),
            vec![PlayerId(1), PlayerId(2), PlayerId(3), PlayerId(4)]
        )
        .is_err()
    );
}

/// FIDE C.05 / 象棋竞赛规则 (弃权): in a round robin the games a withdrawn
/// player does not play are forfeits — his opponent wins by forfeit (`+`),
/// he loses by forfeit (`-`) — not a pairing bye of the opponent.
/// Four players, Berger table of 4: r1 1-4 2-3, r2 4-3 1-2, r3 2-4 3-1.
/// Player 4 withdraws after round 1: round 2's 4-3 is a forfeit win for 3
/// (Black): 3 scores a win's points (1) without a game.
#[test]
fn round_robin_withdrawal_gives_forfeits() {
    let mut e = DeskEvent::new(EventSettings::round_robin("rr", GameKind::Chess, 1)).unwrap();
    for n in ["A", "B", "C", "D"] {
        e.add_player(PlayerInfo::new(n)).unwrap();
    }
    let r1 = e.pair_next_round().unwrap();
    e.apply_round(&r1).unwrap();
    e.set_result(1, 1, GameResult::Draw, "").unwrap();
    e.set_result(1, 2, GameResult::Draw, "").unwrap();
    e.withdraw(PlayerId(4), 1).unwrap();
    assert_eq!(e.player(PlayerId(4)).unwrap().withdrawn_after, Some(1));
    let r2 = e.pair_next_round().unwrap();
    assert!(r2.byes.is_empty(), "no bye: {:?}", r2.byes);
    assert_eq!(r2.boards[0], Board::new(4, 3));
    e.apply_round(&r2).unwrap();
    assert_eq!(e.game(2, 1).unwrap().result, GameResult::BlackForfeitWin);
    assert_eq!(e.game(2, 2).unwrap().result, GameResult::Pending);
    let x = e.crosstable();
    let row = |id: u32| x.rows.iter().find(|r| r.player == PlayerId(id)).unwrap();
    assert_eq!(row(3).rounds[1].result, "+");
    assert_eq!(row(4).rounds[1].result, "-");
}

/// A rating report whose profile depends on the sex refuses to guess it,
/// naming the players without one.
#[test]
fn rating_report_names_players_without_sex() {
    let mut s = EventSettings::round_robin("rr", GameKind::Chess, 1);
    s.rating_profile = Some("fide-2024".into());
    let mut e = DeskEvent::new(s).unwrap();
    e.add_player(PlayerInfo::new("Anna").rating(2200).sex(Sex::Female))
        .unwrap();
    e.add_player(PlayerInfo::new("Bob").rating(2100)).unwrap();
    let r = e.pair_next_round().unwrap();
    e.apply_round(&r).unwrap();
    e.set_result(1, 1, GameResult::Draw, "").unwrap();
    // Norms: titles differ for women, so the sex is needed.
    let err = e.norm_report(None).unwrap_err().to_string();
    assert!(err.contains("2 Bob") && !err.contains("Anna"), "{err}");
    assert!(err.contains("women's titles"), "{err}");
    // Once entered, the check passes.
    let mut info = e.player(PlayerId(2)).unwrap().info;
    info.sex = Some(Sex::Male);
    e.update_player(PlayerId(2), info).unwrap();
    e.norm_report(None).unwrap();
}

/// A team Swiss is paired by the Dutch engine on match points (C.04.3),
/// each team a participant, the first-named team taking White.
/// Round 1 (C.04.3 art. 2–3: S1 = {T1, T2} against S2 = {T3, T4}; art. 5.1:
/// the lot gave White to T1 on the top match, alternating below): T1-T3,
/// T4-T2. T1 and T2 win their matches (场分 2 each), T3 and T4 lose.
/// Round 2: score groups {T1, T2} and {T3, T4}; colour preferences (art.
/// 4.3) — T1 had White, T2 Black → T2 first-named; T3 had Black, T4 White →
/// T3 first-named: T2-T1, T3-T4.
#[test]
fn team_swiss_pairs_on_match_points() {
    let mut s = EventSettings::swiss("团体积分编排", GameKind::Xiangqi, 3);
    s.team = Some(TeamSettings::new(2, "fide-team-swiss"));
    let mut e = DeskEvent::new(s).unwrap();
    for t in 1..=4u32 {
        let roster = (1..=2)
            .map(|b| e.add_player(PlayerInfo::new(format!("T{t}-{b}"))).unwrap())
            .collect();
        e.add_team(format!("T{t}"), roster).unwrap();
    }
    let plan = e.pair_next_team_round().unwrap();
    let pairs: Vec<(u32, u32)> = plan.matches.iter().map(|m| (m.home.0, m.away.0)).collect();
    assert_eq!(pairs, vec![(1, 3), (4, 2)]);
    e.apply_team_round(&plan).unwrap();
    e.apply_team_boards(1).unwrap();
    // Pairing again before the results are in is refused.
    assert!(e.pair_next_team_round().is_err());
    // T1 beats T3 on both boards; T2 (away) beats T4 on both boards.
    let enter2 = |e: &mut DeskEvent, m: usize, home_view: &str| {
        for (b, c) in home_view.chars().enumerate() {
            let home_white = home_colour(b + 1) == Colour::White;
            let r = match (c, home_white) {
                ('W', true) | ('L', false) => GameResult::WhiteWins,
                _ => GameResult::BlackWins,
            };
            e.set_result(1, m * 2 + b + 1, r, "").unwrap();
        }
    };
    enter2(&mut e, 0, "WW");
    enter2(&mut e, 1, "LL");
    let plan = e.pair_next_team_round().unwrap();
    let pairs: Vec<(u32, u32)> = plan.matches.iter().map(|m| (m.home.0, m.away.0)).collect();
    assert_eq!(pairs, vec![(2, 1), (3, 4)]);
}

/// Titles by a team's place (cca-chess 第一条 大师 3: 全国团体锦标赛的名次按
/// 比例：冠军100％；亚军80％；第三60%；第四——六名40％; 一级棋士 3:
/// 全国团体赛前八名未获大师称号者), reached from the desk: the kind is set in
/// the settings, the teams' places come from the team standings and each
/// team's players are taken in board order (roster order).
///
/// The chess version of the round robin above: 1 / ½ / 0 per game, 2 / 1 / 0
/// per match. r1 T1-T4 W D W L = 2.5 : 1.5 (T1 2), T2-T3 D D L W = 2 : 2
/// (1 each); r2 T4-T3 L L D D = 1 : 3 (T3 2), T1-T2 D W L D = 2 : 2 (1
/// each); r3 T2-T4 W W W L = 3 : 1 (T2 2), T3-T1 L D D D = 1.5 : 2.5 (T1 2).
/// Match points T1 5, T2 4, T3 3, T4 0: places 1–4, none shared.
///
/// Teams of 5 players: T1 100% → 5 大师; T2 80% → 4 大师 and the fifth
/// 一级棋士; T3 60% → 3 大师, 2 一级棋士; T4 40% → 2 大师, 3 一级棋士.
#[test]
fn national_team_championship_gives_titles_by_the_teams_places() {
    use qiyuan_rating::titles::{TitleRules, placement_titles};
    let mut s = EventSettings::round_robin("全国国际象棋团体锦标赛", GameKind::Chess, 1);
    s.team = Some(TeamSettings::new(4, "fide-team-rr"));
    s.rating_profile = Some("cca-chess".into());
    s.regulation.kind = Some("national-team".into());
    let mut e = DeskEvent::new(s).unwrap();
    for t in 1..=4u32 {
        let roster: Vec<_> = (1..=5)
            .map(|b| e.add_player(PlayerInfo::new(format!("T{t}-{b}"))).unwrap())
            .collect();
        e.add_team(format!("T{t}"), roster).unwrap();
    }
    let plays = [
        [(1, 4, "WDWL"), (2, 3, "DDLW")],
        [(4, 3, "LLDD"), (1, 2, "DWLD")],
        [(2, 4, "WWWL"), (3, 1, "LDDD")],
    ];
    for (r, round) in plays.iter().enumerate() {
        let plan = e.pair_next_team_round().unwrap();
        e.apply_team_round(&plan).unwrap();
        e.apply_team_boards(r as u32 + 1).unwrap();
        for (m, &(_, _, res)) in round.iter().enumerate() {
            enter(&mut e, r as u32 + 1, m, res);
        }
    }
    let event = e.rating_event().unwrap();
    let ranks: Vec<_> = event
        .details()
        .teams
        .iter()
        .map(|t| (t.name.as_str(), t.rank))
        .collect();
    assert_eq!(
        ranks,
        [
            ("T1", Some(1)),
            ("T2", Some(2)),
            ("T3", Some(3)),
            ("T4", Some(4))
        ]
    );
    let rules = TitleRules::builtin("cca-chess").unwrap();
    let report = placement_titles(&event, &rules);
    let title_of = |id: u32| {
        report
            .awards
            .iter()
            .find(|a| a.player.0 == id)
            .map(|a| a.title.as_str())
    };
    let got: Vec<Vec<Option<&str>>> = (1..=4u32)
        .map(|t| (1..=5).map(|b| title_of(5 * (t - 1) + b)).collect())
        .collect();
    let m = Some("大师");
    let f = Some("一级棋士");
    assert_eq!(
        got,
        vec![
            vec![m, m, m, m, m],
            vec![m, m, m, m, f],
            vec![m, m, m, f, f],
            vec![m, m, f, f, f],
        ]
    );

    // 第二条 2: 非各级正式比赛（如邀请赛、职工赛等）的成绩…不得作为确定技术等级称号的依据.
    let mut s = e.settings().clone();
    s.regulation.invitational = true;
    e.set_settings(s).unwrap();
    let report = placement_titles(&e.rating_event().unwrap(), &rules);
    assert!(report.awards.is_empty());
    assert_eq!(
        report.notes,
        [qiyuan_rating::titles::PlacementNote::Invitational]
    );
}
