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
