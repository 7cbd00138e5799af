//! Groups within one event (组别, issue 11): a Swiss whose players carry
//! group labels pairs each group on its own and ranks each group on its
//! own. The reference is the same players entered as separate events, one
//! per group, and a hand-checked round 1 (C.04.3: S1 = the upper half of
//! the group by pairing number, S2 = the lower half, S1[i] against S2[i]).

use std::collections::HashMap;

use qiyuan_desk::prelude::*;

/// Two groups of a xiangqi Swiss, ratings interleaved so that one event of
/// all 15 would pair across them. 男子组 has 8 players, 女子组 7 (a
/// pairing-allocated bye every round).
const FIELD: [(&str, u32, &str); 15] = [
    ("王天一", 2650, "男子组"),
    ("唐丹", 2620, "女子组"),
    ("郑惟桐", 2600, "男子组"),
    ("王琳娜", 2580, "女子组"),
    ("许银川", 2560, "男子组"),
    ("陈幸琳", 2540, "女子组"),
    ("赵鑫鑫", 2520, "男子组"),
    ("刘欢", 2500, "女子组"),
    ("洪智", 2480, "男子组"),
    ("左文静", 2460, "女子组"),
    ("蒋川", 2440, "男子组"),
    ("时凤兰", 2420, "女子组"),
    ("孟辰", 2400, "男子组"),
    ("党国蕾", 2380, "女子组"),
    ("谢靖", 2360, "男子组"),
];

const ROUNDS: u32 = 5;

fn grouped() -> DeskEvent {
    let mut e = DeskEvent::new(EventSettings::swiss("分组赛", GameKind::Xiangqi, ROUNDS)).unwrap();
    for (name, rating, group) in FIELD {
        let id = e.add_player(PlayerInfo::new(name).rating(rating)).unwrap();
        e.set_group(id, Some(group)).unwrap();
    }
    e.seed_by_rating().unwrap();
    e
}

fn separate(group: &str) -> DeskEvent {
    let mut e = DeskEvent::new(EventSettings::swiss(group, GameKind::Xiangqi, ROUNDS)).unwrap();
    for (name, rating, g) in FIELD {
        if g == group {
            e.add_player(PlayerInfo::new(name).rating(rating)).unwrap();
        }
    }
    e.seed_by_rating().unwrap();
    e
}

fn name(e: &DeskEvent, id: PlayerId) -> String {
    e.player(id).unwrap().info.name
}

/// Boards as (Red's name, Black's name), byes as names.
fn named(e: &DeskEvent, r: &ProposedRound) -> (Vec<(String, String)>, Vec<String>) {
    (
        r.boards
            .iter()
            .map(|b| (name(e, b.white), name(e, b.black)))
            .collect(),
        r.byes.iter().map(|(p, _)| name(e, *p)).collect(),
    )
}

/// A result that depends on the two players only (not on numbers or
/// boards): within 30 points a draw, else the higher rating wins.
fn result(white: u32, black: u32) -> GameResult {
    if white.abs_diff(black) <= 30 {
        GameResult::Draw
    } else if white > black {
        GameResult::WhiteWins
    } else {
        GameResult::BlackWins
    }
}

fn play(e: &mut DeskEvent, p: &ProposedRound) {
    let r = e.apply_round(p).unwrap();
    for (i, b) in p.boards.iter().enumerate() {
        let rating = |id| e.player(id).unwrap().info.rating.unwrap();
        let res = result(rating(b.white), rating(b.black));
        e.set_result(r, i + 1, res, "").unwrap();
    }
}

#[test]
fn each_group_is_paired_as_an_event_of_its_own() {
    let group_of: HashMap<&str, &str> = FIELD.iter().map(|p| (p.0, p.2)).collect();
    let mut e = grouped();
    assert_eq!(e.groups(), ["男子组", "女子组"]);
    let mut men = separate("男子组");
    let mut women = separate("女子组");
    for round in 1..=ROUNDS {
        let p = e.pair_next_round().unwrap();
        let (boards, byes) = named(&e, &p);
        for (w, b) in &boards {
            assert_eq!(
                group_of[w.as_str()],
                group_of[b.as_str()],
                "round {round}: {w}-{b}"
            );
        }
        let pm = men.pair_next_round().unwrap();
        let pw = women.pair_next_round().unwrap();
        let (bm, ym) = named(&men, &pm);
        let (bw, yw) = named(&women, &pw);
        // 男子组 (best number 1) first, then 女子组, each in its own board order.
        assert_eq!(boards, [bm, bw].concat(), "round {round}");
        assert_eq!(ym, Vec::<String>::new());
        assert_eq!(yw.len(), 1, "seven players: one bye");
        assert_eq!(byes, yw, "round {round}");
        assert!(e.check_round(&p).unwrap().is_empty());
        play(&mut e, &p);
        play(&mut men, &pm);
        play(&mut women, &pw);
    }
    // Each group ranked on its own: the same table as its own event's.
    let tables = e.group_standings(None).unwrap();
    assert_eq!(tables.len(), 2);
    for (t, own) in tables.iter().zip([&men, &women]) {
        let own = own.standings_table(None).unwrap();
        let rows = |t: &StandingsTable| {
            t.lines
                .iter()
                .map(|l| (l.rank, l.name.clone(), l.points, l.values.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(rows(&t.table), rows(&own), "{}", t.group);
        assert_eq!(t.table.lines[0].rank, 1);
    }
    assert_eq!(tables[0].table.lines.len(), 8);
    assert_eq!(tables[1].table.lines.len(), 7);
}

#[test]
fn round_one_hand_checked() {
    let e = grouped();
    let r = e.pair_next_round().unwrap();
    // 男子组 = numbers 1 3 5 7 | 9 11 13 15, 女子组 = 2 4 6 | 8 10 12 14
    // (7 players: the lowest, 14, gets the bye; S1 = 2 4 6, S2 = 8 10 12).
    let pairs: Vec<(u32, u32)> = r
        .boards
        .iter()
        .map(|b| (b.white.0.min(b.black.0), b.white.0.max(b.black.0)))
        .collect();
    assert_eq!(
        pairs,
        [(1, 9), (3, 11), (5, 13), (7, 15), (2, 8), (4, 10), (6, 12)]
    );
    assert_eq!(r.byes, [(PlayerId(14), ByeKind::PairingAllocated)]);
    // One event of all 15 would have paired 1-8 on board 1 (S1 = 1..7,
    // S2 = 8..14, 15 the bye): across the groups.
    let mut one = e.clone();
    for id in 1..=15 {
        one.set_group(PlayerId(id), None).unwrap();
    }
    assert!(!one.is_grouped());
    let all = one.pair_next_round().unwrap();
    assert_eq!(
        (
            all.boards[0].white.0.min(all.boards[0].black.0),
            all.boards[0].white.0.max(all.boards[0].black.0)
        ),
        (1, 8)
    );
    assert_eq!(all.byes, [(PlayerId(15), ByeKind::PairingAllocated)]);
}

#[test]
fn groups_are_checked_and_warned() {
    let mut e = grouped();
    // A player without a group in a grouped event: refused, by field.
    let late = e
        .add_player(PlayerInfo::new("无组别").rating(2000))
        .unwrap();
    let err = e.pair_next_round().unwrap_err();
    assert!(
        matches!(&err, DeskError::PlayerField { player, field: "group", .. } if *player == late.0),
        "{err:?}"
    );
    assert!(matches!(
        e.set_group(late, Some(&"长".repeat(51))),
        Err(DeskError::PlayerField { field: "group", .. })
    ));
    e.set_group(late, Some("  男子组 ")).unwrap();
    assert_eq!(e.group_of(late), Some("男子组"));
    let mut p = e.pair_next_round().unwrap();
    // A board across the groups, made by hand, is warned.
    let w = e.pair_players(&mut p, PlayerId(1), PlayerId(2)).unwrap();
    assert!(
        w.iter().any(|w| matches!(
            w,
            PairingWarning::AcrossGroups {
                white: PlayerId(1),
                black: PlayerId(2),
                ..
            }
        )),
        "{w:?}"
    );
    let p = e.pair_next_round().unwrap();
    play(&mut e, &p);
    // A player who has played keeps his group.
    assert!(matches!(
        e.set_group(PlayerId(1), Some("女子组")),
        Err(DeskError::PlayerField {
            player: 1,
            field: "group",
            ..
        })
    ));
    assert!(matches!(
        e.set_group(PlayerId(99), Some("A")),
        Err(DeskError::UnknownPlayer(PlayerId(99)))
    ));
}

#[test]
fn a_round_robin_with_groups_is_refused() {
    let mut e = DeskEvent::new(EventSettings::round_robin("循环", GameKind::Xiangqi, 1)).unwrap();
    for n in ["甲", "乙", "丙", "丁"] {
        let id = e.add_player(PlayerInfo::new(n)).unwrap();
        e.set_group(id, Some("A组")).unwrap();
    }
    assert!(matches!(
        e.pair_next_round(),
        Err(DeskError::BadRound { round: 1, .. })
    ));
}

#[test]
fn groups_follow_a_renumbering() {
    let mut e = DeskEvent::new(EventSettings::swiss("分组赛", GameKind::Xiangqi, 5)).unwrap();
    let a = e.add_player(PlayerInfo::new("甲").rating(2300)).unwrap();
    e.set_group(a, Some("A组")).unwrap();
    let b = e.add_player(PlayerInfo::new("乙").rating(2200)).unwrap();
    e.set_group(b, Some("B组")).unwrap();
    // A stronger entry takes number 1: 甲 and 乙 move to 2 and 3.
    let c = e.add_player(PlayerInfo::new("丙").rating(2400)).unwrap();
    assert_eq!(c, PlayerId(1));
    let group = |e: &DeskEvent, n: &str| {
        let p = e.players().into_iter().find(|p| p.info.name == n).unwrap();
        e.group_of(p.id).map(str::to_string)
    };
    assert_eq!(group(&e, "甲").as_deref(), Some("A组"));
    assert_eq!(group(&e, "乙").as_deref(), Some("B组"));
    assert_eq!(group(&e, "丙"), None);
}

#[test]
fn an_accelerated_group_gets_its_own_baku_groups() {
    let accelerate = |e: &mut DeskEvent| {
        let mut s = e.settings().clone();
        s.system = System::Swiss {
            edition: DutchEdition::Fide2026,
            acceleration: true,
        };
        e.set_settings(s).unwrap();
    };
    let mut e = grouped();
    let mut men = separate("男子组");
    let mut women = separate("女子组");
    for ev in [&mut e, &mut men, &mut women] {
        accelerate(ev);
    }
    for round in 1..=ROUNDS {
        for (g, own) in [("男子组", &men), ("女子组", &women)] {
            let cut = e.group_swiss_input(g).unwrap();
            assert_eq!(cut.input, own.swiss_input().unwrap(), "{g}, round {round}");
        }
        // C.04.5 for 8 players: GA = the first 2·⌈8/4⌉ = 4 players, one
        // virtual point (2 in 2-1-0 scoring, counted in tenths) in round 1.
        if round == 1 {
            let men_in = e.group_swiss_input("男子组").unwrap().input;
            let acc: Vec<i64> = men_in
                .players
                .iter()
                .map(|p| i64::from(p.acceleration))
                .collect();
            assert_eq!(acc, [20, 20, 20, 20, 0, 0, 0, 0]);
        }
        let p = e.pair_next_round().unwrap();
        let pm = men.pair_next_round().unwrap();
        let pw = women.pair_next_round().unwrap();
        assert_eq!(
            named(&e, &p).0,
            [named(&men, &pm).0, named(&women, &pw).0].concat()
        );
        play(&mut e, &p);
        play(&mut men, &pm);
        play(&mut women, &pw);
    }
}
