//! A round that the 2017 and the 2026 editions of C.04.3 pair differently,
//! derived by hand from the two texts.

mod common;

use common::{R, input, player, sorted};
use qiyuan_swiss::{Edition, pair_round, pair_round_explained};

/// Seven players, round 4 of 5. History (W first):
///
/// | round | games                         | out              |
/// |-------|-------------------------------|------------------|
/// | 1     | 5-1 0-1, 2-6 1-0, 3-4 1-0     | 7 absent (0 pt)  |
/// | 2     | 2-5 1-0, 6-3 0-1, 7-1 0-1     | 4 PAB            |
/// | 3     | 5-3 0-1, 4-6 1-0, 2-7 1-0     | 1 PAB            |
///
/// Before round 4: 1, 2, 3 have 3 points (1: Black, Black → absolute
/// White; 2: WWW → absolute Black; 3: W B B → absolute White), 4 has 2
/// (B W: mild Black); 5, 6, 7 have 0 (5: W B W, strong Black; 6: B W B,
/// strong White; 7: W B, mild White). 7's only unplayed round is round 1.
///
/// Top: {1, 2, 3} is odd; 1-3 is barred (C3, both absolute White, no
/// topscorers before the last round). Floating 3 would leave {3, 4}, who
/// met in round 1, unpaired (C8 in 2026, C.7 in 2017); so 2-3 (3 White,
/// 5.2.1) and 1 floats to meet 4: 1-4 (1 absolute White).
///
/// Bottom {5, 6, 7}: one pair and the PAB (0 points either way: C5 and
/// the PSD do not choose). 5-6 and 5-7 both meet every colour
/// preference, and no one in the bracket floated down in rounds 2 or 3
/// (all three upfloated), so the 2017 float criteria C.12-C.15 do not
/// choose either.
/// * 2017: the first candidate in generation order, S1 = {5},
///   S2 = (6, 7): 5-6 (6 White, strong; 5 Black, strong), PAB to 7.
/// * 2026: C9 (ranked above the colour and float criteria) minimises the
///   unplayed games of the PAB assignee: 7 has one (round 1), 6 none, so
///   5-7 (7 White, 5 Black), PAB to 6.
#[test]
fn c9_gives_the_bye_to_the_player_without_unplayed_games_only_in_2026() {
    let players = vec![
        player(1, &[R::G(5, 'b', 10), R::G(7, 'b', 10), R::Pab(10)]),
        player(2, &[R::G(6, 'w', 10), R::G(5, 'w', 10), R::G(7, 'w', 10)]),
        player(3, &[R::G(4, 'w', 10), R::G(6, 'b', 10), R::G(5, 'b', 10)]),
        player(4, &[R::G(3, 'b', 0), R::Pab(10), R::G(6, 'w', 10)]),
        player(5, &[R::G(1, 'w', 0), R::G(2, 'b', 0), R::G(3, 'w', 0)]),
        player(6, &[R::G(2, 'b', 0), R::G(3, 'w', 0), R::G(4, 'b', 0)]),
        player(7, &[R::Abs(0), R::G(1, 'w', 0), R::G(2, 'b', 0)]),
    ];
    let mut inp = input(players, 4, 5);
    let p2026 = pair_round(&inp).unwrap();
    assert_eq!(sorted(&p2026.boards), vec![(1, 4), (3, 2), (7, 5)]);
    assert_eq!(p2026.bye, Some(6));
    inp.edition = Edition::Fide2017;
    let p2017 = pair_round(&inp).unwrap();
    assert_eq!(sorted(&p2017.boards), vec![(1, 4), (3, 2), (6, 5)]);
    assert_eq!(p2017.bye, Some(7));

    // The explanations say so: in 2026 the PAB's C5 score is 0 and its
    // assignee has no unplayed game, 5 and 7 being the other candidates;
    // in 2017 there is no C5, and 7 has one unplayed round.
    let (_, why) = pair_round_explained(&inp).unwrap();
    let bye = why.bye.unwrap();
    assert_eq!(
        (bye.tpn, bye.unplayed, bye.lowest_possible_score),
        (7, 1, None)
    );
    // 2017 numbering: the last bracket's one downfloater is "C.5" (2026 C6).
    let last = why.brackets.last().unwrap();
    assert_eq!(last.unmet[0].criterion, "C.5");
    inp.edition = Edition::Fide2026;
    let (_, why) = pair_round_explained(&inp).unwrap();
    let bye = why.bye.unwrap();
    assert_eq!(
        (bye.tpn, bye.unplayed, bye.lowest_possible_score),
        (6, 0, Some(0))
    );
    assert_eq!(bye.same_score_eligible, vec![5, 7]);
    assert_eq!(why.brackets.last().unwrap().unmet[0].criterion, "C6");
}

/// Eight players, round 3 of 5: the float that a forfeit gives. History
/// (W first): round 1 1-6 1-0, 7-2 0-1, 5-3 1-0, 4-8 1-0; round 2 1-4
/// 1-0, 2-5 won by 2 by forfeit, 3-6 1-0, 8-7 ½-½.
///
/// Before round 3: 1, 2 have 2 points; 3, 4, 5 have 1; 7, 8 have ½; 6 has
/// 0. Preferences (Art. 1.7, forfeits skipped): 3 (B W) and 5 (W) mildly
/// prefer Black, 4 (W B) White, 7 (W B) White, 8 (B W) Black; 1 (W W)
/// absolutely Black, 2 (B) mildly White, 6 (B B) absolutely White.
///
/// The 1-point bracket {3, 4, 5} is odd and 3-5 met in round 1: either
/// 3-4 with 5 floating, or 4-5 with 3 floating. Both meet every colour
/// preference (4 White), both leave the ½-point bracket one floater of ½
/// (C8 / 2017 C.7), so the float criteria decide:
/// * 2026: a forfeit loss scores no more than a loss, so 5 got no
///   downfloat in round 2 (Art. 1.4.3): C14 does not choose, and the
///   generation order does (S1 = {3}, S2 = (4, 5): 3-4 first), 5 floats and
///   meets 7 (5 Black, 7 White), 8 floats to meet 6.
/// * 2017: a player who does not play, forfeit included, receives a
///   downfloat (A.4): floating 5 again breaks C.12, so 4-5, and 3 floats
///   to meet 7 (3 Black).
///
/// Both: 2-1 (1's absolute Black), 6-8 (6's absolute White).
#[test]
fn a_forfeit_loss_is_a_downfloat_only_in_2017() {
    let players = vec![
        player(1, &[R::G(6, 'w', 10), R::G(4, 'w', 10)]),
        player(2, &[R::G(7, 'b', 10), R::F(5, 10)]),
        player(3, &[R::G(5, 'b', 0), R::G(6, 'w', 10)]),
        player(4, &[R::G(8, 'w', 10), R::G(1, 'b', 0)]),
        player(5, &[R::G(3, 'w', 10), R::F(2, 0)]),
        player(6, &[R::G(1, 'b', 0), R::G(3, 'b', 0)]),
        player(7, &[R::G(2, 'w', 0), R::G(8, 'b', 5)]),
        player(8, &[R::G(4, 'b', 0), R::G(7, 'w', 5)]),
    ];
    let mut inp = input(players, 3, 5);
    let p2026 = pair_round(&inp).unwrap();
    assert_eq!(sorted(&p2026.boards), vec![(2, 1), (4, 3), (6, 8), (7, 5)]);
    inp.edition = Edition::Fide2017;
    let p2017 = pair_round(&inp).unwrap();
    assert_eq!(sorted(&p2017.boards), vec![(2, 1), (4, 5), (6, 8), (7, 3)]);
    // The checklists show the float history behind it.
    use qiyuan_swiss::prep::Float;
    let (_, why) = pair_round_explained(&inp).unwrap();
    let f5 = why.players.iter().find(|p| p.tpn == 5).unwrap();
    assert_eq!(f5.floats, vec![Float::None, Float::Down]);
    inp.edition = Edition::Fide2026;
    let (_, why) = pair_round_explained(&inp).unwrap();
    let f5 = why.players.iter().find(|p| p.tpn == 5).unwrap();
    assert_eq!(f5.floats, vec![Float::None, Float::None]);
}
