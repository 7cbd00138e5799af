//! The explanation of a pairing (`pair_round_explained`) checked against
//! facts worked out by hand from the histories and the text of C.04.3
//! (2026): colour preferences (Art. 1.7), floats (Art. 1.4), the colour
//! rule of Art. 5.2 and the PAB criteria (C2, C5, C9).

mod common;

use common::{R, input, player, sorted};
use qiyuan_swiss::explain::FloatReason;
use qiyuan_swiss::prep::{ColourRule, Float, Strength};
use qiyuan_swiss::{Colour, pair_round_explained};

/// Four players, round 3 of 5:
/// * R1: 1 (W) beat 3; 4 (W) lost to 2.
/// * R2: 2 (W) drew with 1; 3 (W) beat 4.
///
/// Before round 3: 1 and 2 have 1.5 (1: W B, 2: B W), 3 has 1 (B W),
/// 4 has 0 (W B). Every colour difference is 0, so every preference is
/// mild and alternates from the last game (Art. 1.7): 1 and 4 prefer
/// White (last Black), 2 and 3 prefer Black (last White).
///
/// C1 forbids 1-2, 1-3, 2-4 and 3-4: the only pairing left is 1-4, 2-3.
/// The 1.5 bracket {1, 2} cannot make its pair, so both float (the
/// absolute criteria). In the 1-point bracket MDPs 1, 2 meet resident 3:
/// 2-3 (S1 = {1}, first MDP 1 cannot meet 3, so the MDP set is {2}); three
/// players, one pair: 1 floats again (an odd bracket); 1-4 in the last.
///
/// Colours, Art. 5.2: 1 v 4 both mildly prefer White, their colours never
/// differed (W B each), so 5.2.4 gives the higher-ranked 1 White: 1-4, and
/// 4's preference is not met (C12). 2 v 3 both prefer Black, histories
/// B W each: 5.2.4 gives 2 Black: 3-2, 3 not met.
#[test]
fn forced_pairs_explained() {
    let players = vec![
        player(1, &[R::G(3, 'w', 10), R::G(2, 'b', 5)]),
        player(2, &[R::G(4, 'b', 10), R::G(1, 'w', 5)]),
        player(3, &[R::G(1, 'b', 0), R::G(4, 'w', 10)]),
        player(4, &[R::G(2, 'w', 0), R::G(3, 'b', 0)]),
    ];
    let (pairing, why) = pair_round_explained(&input(players, 3, 5)).unwrap();
    assert_eq!(sorted(&pairing.boards), vec![(1, 4), (3, 2)]);
    assert_eq!(pairing.bye, None);

    // Checklist facts.
    let f = |t: u32| why.players.iter().find(|p| p.tpn == t).unwrap();
    assert_eq!(f(1).colours, "WB");
    assert_eq!(f(1).colour_difference, 0);
    assert_eq!(
        (f(1).strength, f(1).preference),
        (Strength::Mild, Some(Colour::White))
    );
    assert_eq!(
        (f(2).strength, f(2).preference),
        (Strength::Mild, Some(Colour::Black))
    );
    // Every game so far was between equal scores: no floats.
    assert_eq!(f(3).floats, vec![Float::None, Float::None]);
    assert_eq!(f(1).pairing_score, 15);
    // Ranking order: 1, 2 (1.5), 3 (1), 4 (0).
    let order: Vec<u32> = why.players.iter().map(|p| p.tpn).collect();
    assert_eq!(order, vec![1, 2, 3, 4]);

    // Brackets.
    assert_eq!(why.brackets[0].score, 15);
    assert_eq!(why.brackets[0].downfloaters.len(), 2);
    assert_eq!(why.brackets[0].float_reason, FloatReason::AbsoluteCriteria);
    assert!(why.brackets[0].pairs.is_empty());

    // Boards.
    let b = |w: u32| why.boards.iter().find(|b| b.white == w).unwrap();
    let b14 = b(1);
    assert_eq!(b14.colour_rule, ColourRule::HigherRankedPreference);
    assert_eq!(b14.colour_article, "5.2.4");
    assert!(b14.white_preference.met);
    assert!(!b14.black_preference.met);
    assert_eq!(b14.criteria, vec!["C12".to_string()]);
    let fl = b14.float.unwrap();
    assert_eq!((fl.down, fl.up, fl.down_score, fl.up_score), (1, 4, 15, 0));
    assert_eq!(fl.reason, FloatReason::OddBracket);
    let b32 = b(3);
    assert_eq!(b32.black, 2);
    assert_eq!(b32.colour_rule, ColourRule::HigherRankedPreference);
    assert!(!b32.white_preference.met && b32.black_preference.met);
    assert_eq!(b32.float.unwrap().reason, FloatReason::AbsoluteCriteria);
}

/// Five players, round 2 of 5. R1: 1 (W) beat 4, 2 (W) beat 5, 3 had the
/// PAB (1 point).
///
/// The PAB: 3 is excluded by C2 (a PAB already). The lowest scores are 4
/// and 5 (0); leaving 5 out, 1-2? no: 1-3 and 2-4 pair the rest (C1 only
/// forbids 1-4 and 2-5), so C5 gives the PAB a 0-point player.
///
/// The 1-point bracket {1, 2, 3} is odd: one floats. S1 = {1}, S2 = {2, 3}:
/// 1-2 leaves one preference unmet (both had White: mild Black), 1-3 none
/// (3 has played no game: no preference), and floating 2 instead of 3
/// costs nothing earlier (C6-C9 equal) and avoids C14 (3's PAB was a
/// downfloat, Art. 1.4.3). So 1-3, with 1 Black (5.2.1: 3 has no
/// preference): 3-1. Then MDP 2 against 4, 5: 2-5 already played, so 2-4,
/// both preferences met (2 had White, 4 Black): 4-2. The PAB goes to 5.
#[test]
fn bye_explained_by_c2_c5_c9() {
    let players = vec![
        player(1, &[R::G(4, 'w', 10)]),
        player(2, &[R::G(5, 'w', 10)]),
        player(3, &[R::Pab(10)]),
        player(4, &[R::G(1, 'b', 0)]),
        player(5, &[R::G(2, 'b', 0)]),
    ];
    let (pairing, why) = pair_round_explained(&input(players, 2, 5)).unwrap();
    assert_eq!(sorted(&pairing.boards), vec![(3, 1), (4, 2)]);
    assert_eq!(pairing.bye, Some(5));
    let bye = why.bye.as_ref().unwrap();
    assert_eq!(bye.tpn, 5);
    assert_eq!(bye.excluded_c2, vec![3]);
    assert_eq!(bye.lowest_possible_score, Some(0));
    assert!(bye.lower_eligible.is_empty());
    assert_eq!(bye.same_score_eligible, vec![4]);
    assert_eq!(bye.unplayed, 0);
    // 3's PAB counts as a downfloat (2026 Art. 1.4.3) and as had_pab.
    let p3 = why.players.iter().find(|p| p.tpn == 3).unwrap();
    assert!(p3.had_pab && !p3.bye_eligible);
    assert_eq!(p3.floats, vec![Float::Down]);
    assert_eq!(p3.unplayed, 1);
    // The 1-point bracket floated 2 because it is odd.
    assert_eq!(why.brackets[0].downfloaters, vec![2]);
    assert_eq!(why.brackets[0].float_reason, FloatReason::OddBracket);
    let b31 = why.boards.iter().find(|b| b.white == 3).unwrap();
    assert_eq!(b31.colour_rule, ColourRule::BothPreferences);
    assert!(b31.criteria.is_empty());
    let b42 = why.boards.iter().find(|b| b.white == 4).unwrap();
    assert_eq!(b42.float.unwrap().down, 2);
    assert_eq!(b42.float.unwrap().reason, FloatReason::OddBracket);
}

/// Art. 1.7 on three histories, read from the checklist:
/// * W B W: CD +1, the last two differ: a strong preference for Black;
/// * W W: the same colour in the two latest games: absolute, Black;
/// * B W B B: CD −2: absolute, White;
/// * a player whose only round was a forfeit: no played game, no
///   preference (C.04.2 Art. 3.4 skips unplayed rounds).
#[test]
fn preferences_follow_article_1_7() {
    let players = vec![
        player(1, &[R::G(5, 'w', 5), R::G(6, 'b', 5), R::G(7, 'w', 5)]),
        player(2, &[R::Abs(0), R::G(6, 'w', 5), R::G(7, 'w', 5)]),
        // Four rounds (the engine takes histories as given).
        player(
            3,
            &[
                R::G(5, 'b', 5),
                R::G(6, 'w', 5),
                R::G(7, 'b', 5),
                R::G(8, 'b', 5),
            ],
        ),
        player(4, &[R::F(8, 10), R::Abs(0), R::Abs(0)]),
        player(5, &[R::G(1, 'b', 5), R::G(3, 'w', 5), R::Abs(0)]),
        player(6, &[R::G(3, 'b', 5), R::G(1, 'w', 5), R::G(2, 'b', 5)]),
        player(7, &[R::G(4, 'w', 5), R::G(2, 'b', 5), R::G(1, 'b', 5)]),
        player(8, &[R::F(4, 0), R::Abs(0), R::Abs(0)]),
    ];
    let (_, why) = pair_round_explained(&input(players, 4, 9)).unwrap();
    let f = |t: u32| why.players.iter().find(|p| p.tpn == t).unwrap();
    assert_eq!(f(1).colours, "WBW");
    assert_eq!(
        (f(1).strength, f(1).preference, f(1).colour_difference),
        (Strength::Strong, Some(Colour::Black), 1)
    );
    assert_eq!(f(2).colours, "WW");
    assert_eq!(
        (f(2).strength, f(2).preference),
        (Strength::Absolute, Some(Colour::Black))
    );
    assert_eq!(f(3).colours, "BWBB");
    assert_eq!(
        (f(3).strength, f(3).preference, f(3).colour_difference),
        (Strength::Absolute, Some(Colour::White), -2)
    );
    assert_eq!(f(4).colours, "");
    assert_eq!((f(4).strength, f(4).preference), (Strength::None, None));
    // 4 won by forfeit: C2 (2026) bars the PAB.
    assert!(!f(4).bye_eligible);
    assert_eq!(f(4).unplayed, 3);
}
