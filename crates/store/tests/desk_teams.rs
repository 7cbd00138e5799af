//! Team events in the database (SQLite, and PostgreSQL when
//! `QIYUAN_TEST_POSTGRES_URL` is set): teams, rosters, the pairing of teams,
//! line-ups and boards survive the round trip and equal the same event run
//! in memory; a board result posted with a stale version is refused; a
//! round robin's withdrawal is stored as forfeits.

mod common;

use common::*;
use qiyuan_desk::prelude::*;
use qiyuan_desk::team::TeamSettings;
use qiyuan_store::StoreError;
use qiyuan_tournament::team::TeamId;
use rust_decimal_macros::dec;

fn settings() -> EventSettings {
    let mut s = EventSettings::round_robin("城市象棋团体赛", GameKind::Xiangqi, 1);
    s.team = Some(TeamSettings::new(2, "xiangqi-team"));
    s
}

#[tokio::test]
async fn a_team_event_survives_the_round_trip() {
    for db in databases().await {
        let store = open(&db).await;
        let id = store.create_event(&settings(), "admin").await.unwrap();
        let mut mem = DeskEvent::new(settings()).unwrap();
        // Three teams of three (two boards and a reserve).
        for t in 1..=3u32 {
            let mut roster = Vec::new();
            for b in 1..=3 {
                let info = PlayerInfo::new(format!("队{t}-{b}"));
                let p = store.add_player(id, &info, "admin").await.unwrap();
                assert_eq!(p, mem.add_player(info).unwrap());
                roster.push(p);
            }
            let team = store
                .add_team(id, &format!("队{t}"), &roster, "admin")
                .await
                .unwrap();
            assert_eq!(team, mem.add_team(format!("队{t}"), roster).unwrap());
        }
        // A player on two rosters is refused.
        let err = store
            .update_team(id, TeamId(2), "队2", &[PlayerId(1)], "admin")
            .await
            .unwrap_err();
        assert!(err.to_string().contains("team 1"), "{err}");

        let loaded = store.load_event(id).await.unwrap();
        // Three teams: a Berger table of 4, three rounds, one team free each.
        assert_eq!(loaded.desk.total_rounds(), 3, "{}", db.name);
        let plan = loaded.desk.pair_next_team_round().unwrap();
        assert_eq!(plan, mem.pair_next_team_round().unwrap());
        assert!(plan.free.is_some());
        store.save_team_round(id, &plan, "admin").await.unwrap();
        mem.apply_team_round(&plan).unwrap();
        let m = plan.matches[0];
        // A line-up against the roster order is refused, and nothing stored.
        let home = mem.team(m.home).unwrap().roster.clone();
        let err = store
            .set_line_up(id, 1, m.home, &[home[1], home[0]], "admin")
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::Desk(_)), "{err:?}");
        assert!(err.to_string().contains("board order"), "{err}");
        // The reserve plays board 2.
        store
            .set_line_up(id, 1, m.home, &[home[0], home[2]], "admin")
            .await
            .unwrap();
        mem.set_line_up(1, m.home, vec![home[0], home[2]]).unwrap();
        let saved = store.make_team_boards(id, 1, "admin").await.unwrap();
        let boards = mem.apply_team_boards(1).unwrap();
        assert_eq!(saved.games.len(), 2);
        for (g, b) in saved.games.iter().zip(&boards.boards) {
            assert_eq!((g.white, g.black), (b.white, b.black));
        }
        // Board 1: the home team's player has Red.
        assert_eq!(saved.games[0].white, home[0]);
        assert_eq!(saved.games[1].black, home[2]);

        // Results with the version check.
        let g1 = &saved.games[0];
        store
            .set_result(id, g1.id, GameResult::WhiteWins, 0, "arbiter-a")
            .await
            .unwrap();
        let err = store
            .set_result(id, g1.id, GameResult::Draw, 0, "arbiter-b")
            .await
            .unwrap_err();
        assert!(
            matches!(&err, StoreError::Conflict(c) if c.version == 1 && c.by == "arbiter-a"),
            "{err:?}"
        );
        let g2 = &saved.games[1];
        store
            .set_result(id, g2.id, GameResult::Draw, 0, "arbiter-b")
            .await
            .unwrap();
        mem.set_result(1, 1, GameResult::WhiteWins, "").unwrap();
        mem.set_result(1, 2, GameResult::Draw, "").unwrap();

        let loaded = store.load_event(id).await.unwrap();
        assert_eq!(loaded.desk.teams(), mem.teams(), "{}", db.name);
        assert_eq!(loaded.desk.team_rounds(), mem.team_rounds(), "{}", db.name);
        // 13.2: home 2 + 1 = 3 局分 against 0 + 1 = 1 → 场分 2 : 0.
        let s = loaded.desk.match_score(1, 0).unwrap();
        assert_eq!((s.home_games, s.away_games), (dec!(3), dec!(1)));
        assert_eq!(s.match_points, Some((dec!(2), dec!(0))));
        let st = loaded.desk.team_standings(None).unwrap();
        assert_eq!(st.rows[0].team, m.home);
        assert_eq!(st.rows[0].match_points, dec!(2));
        assert_eq!(
            loaded.desk.team_standings(None).unwrap(),
            mem.team_standings(None).unwrap()
        );
        // Round 2 can be paired and unpaired while its boards are not made.
        let plan2 = loaded.desk.pair_next_team_round().unwrap();
        store.save_team_round(id, &plan2, "admin").await.unwrap();
        assert_eq!(store.unpair_team_round(id, "admin").await.unwrap(), 2);
        let loaded = store.load_event(id).await.unwrap();
        assert_eq!(loaded.desk.team_rounds().len(), 1);
    }
}

/// FIDE C.05 / 弃权: after a withdrawal from a round robin the withdrawn
/// player's next game is stored as a forfeit win of his opponent.
#[tokio::test]
async fn a_round_robin_withdrawal_is_stored_as_forfeits() {
    for db in databases().await {
        let store = open(&db).await;
        let s = EventSettings::round_robin("rr", GameKind::Chess, 1);
        let id = store.create_event(&s, "admin").await.unwrap();
        for n in ["A", "B", "C", "D"] {
            store
                .add_player(id, &PlayerInfo::new(n), "admin")
                .await
                .unwrap();
        }
        let loaded = store.load_event(id).await.unwrap();
        let r1 = loaded.desk.pair_next_round().unwrap();
        let saved = store.save_round(id, &r1, "admin").await.unwrap();
        for g in &saved.games {
            store
                .set_result(id, g.id, GameResult::Draw, 0, "admin")
                .await
                .unwrap();
        }
        store.withdraw(id, PlayerId(4), 1, "admin").await.unwrap();
        let loaded = store.load_event(id).await.unwrap();
        // Berger table of 4, round 2: 4-3 1-2.
        let r2 = loaded.desk.pair_next_round().unwrap();
        assert!(r2.byes.is_empty());
        let saved = store.save_round(id, &r2, "admin").await.unwrap();
        assert_eq!(
            (saved.games[0].white, saved.games[0].result),
            (PlayerId(4), GameResult::BlackForfeitWin),
            "{}",
            db.name
        );
        assert_eq!(saved.games[0].version, 1);
        let loaded = store.load_event(id).await.unwrap();
        assert_eq!(
            loaded.desk.game(2, 1).unwrap().result,
            GameResult::BlackForfeitWin
        );
        assert_eq!(
            loaded.desk.player(PlayerId(4)).unwrap().withdrawn_after,
            Some(1)
        );
    }
}
