//! Repetition rulings (长将, 长捉) on hand-built positions.
//!
//! Rules applied: the Asian Xiangqi Federation rules (亚洲象棋规则 棋例),
//! cited as "Asian rules art. N (diagram M)" after the numbering of the
//! English translation by Eric Wu hosted on wxf.org
//! (`http://www.wxf.org/xq/rule/asia/`, detail rules and examples, articles
//! 1-40 with diagrams 1-104 and an appendix). Where no article of that
//! text could be found for a principle, the comment says so and names the
//! rule by its title:
//! * [长将] perpetual check is forbidden: the side that checks with every
//!   move of the cycle loses, unless the other side also checks perpetually
//!   (draw);
//! * [长捉] perpetual chase of one piece is forbidden likewise;
//! * [将先于捉] check is judged before chase: perpetual check against
//!   perpetual chase is the checker's fault;
//! * [一将一闲, 一捉一闲, 一将一捉] mixed cycles are allowed;
//! * [捉的定义] a chase threatens a real (legal) capture of an unprotected
//!   piece, or of a rook by a lesser piece even if protected; the king and
//!   pawns may chase; an uncrossed pawn is not a chase target;
//! * [循环不变作和] a repetition without violation is a draw.
//!
//! Each expected figure is reasoned move by move in the comments.

use qiyuan_xiangqi::{
    Conduct, Game, GameResult, Move, MoveClass, Notation, Position, Square, judge,
};

fn game(fen: &str, moves: &[&str]) -> Game {
    let mut g = Game::new(Position::from_fen(fen).unwrap());
    for m in moves {
        g.play_text(m, Notation::Iccs)
            .unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

/// The four-ply cycle `cycle` played twice after `first`, so the position
/// after `first` occurs three times.
fn thrice(fen: &str, first: &str, cycle: [&str; 4]) -> Game {
    let mut moves = vec![first];
    moves.extend(cycle);
    moves.extend(cycle);
    game(fen, &moves)
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn mv(pos: &Position, s: &str) -> Move {
    pos.parse_move(s, Notation::Iccs).unwrap()
}

fn chased(fen: &str, m: &str) -> Vec<Square> {
    let pos = Position::from_fen(fen).unwrap();
    let mut v = pos.chased_by(mv(&pos, m));
    v.sort();
    v
}

// ---------------------------------------------------------------- cycles

/// [长将] Asian rules art. 6 (diagrams 1-3): a side that checks
/// perpetually, with one piece or several, loses.
/// Red's rook checks from a8 (king on e8) and a9 (king on e9); the
/// king steps between e8 and e9. Every Red move checks, Black's king moves
/// threaten nothing: Red checks perpetually and loses.
#[test]
fn red_perpetual_check_loses() {
    let g = thrice(
        "R8/4k4/9/9/9/9/9/9/9/3K5 w",
        "a9a8",
        ["e8e9", "a8a9", "e9e8", "a9a8"],
    );
    assert_eq!(g.occurrences(), 3);
    let r = g.repetition_ruling(3).unwrap();
    assert_eq!(r.red, Conduct::PerpetualCheck);
    assert_eq!(r.black, Conduct::Allowed);
    assert_eq!(r.result, GameResult::BlackWins);
    assert_eq!(r.plies, 8);
}

/// [长将] Asian rules art. 6 (diagrams 1-3), colours reversed.
/// The mirror: Black's rook checks from a1 and a0 while the Red king
/// steps between e1 and e0. Black loses.
#[test]
fn black_perpetual_check_loses() {
    let g = thrice(
        "3k5/9/9/9/9/9/9/9/4K4/r8 b",
        "a0a1",
        ["e1e0", "a1a0", "e0e1", "a0a1"],
    );
    let r = g.repetition_ruling(3).unwrap();
    assert_eq!(r.black, Conduct::PerpetualCheck);
    assert_eq!(r.red, Conduct::Allowed);
    assert_eq!(r.result, GameResult::RedWins);
}

/// [循环] Asian rules art. 5: a repetition is judged once both sides keep
/// returning to the same position (the number of occurrences is the
/// arbiter's choice, passed as an argument).
/// Not judged before the required number of occurrences: after one
/// cycle the position has occurred twice.
#[test]
fn no_ruling_before_the_required_occurrences() {
    let g = game(
        "R8/4k4/9/9/9/9/9/9/9/3K5 w",
        &["a9a8", "e8e9", "a8a9", "e9e8", "a9a8"],
    );
    assert_eq!(g.occurrences(), 2);
    assert_eq!(g.repetition_ruling(3), None);
    assert_eq!(
        g.repetition_ruling(2).unwrap().result,
        GameResult::BlackWins
    );
    let g = game("R8/4k4/9/9/9/9/9/9/9/3K5 w", &["a9a8", "e8e9"]);
    assert_eq!(g.repetition_ruling(2), None);
}

/// [一将一闲] Asian rules art. 6 forbids only perpetual check, and art. 5
/// draws a repetition without violation; no article of the retrieved text
/// names 一将一闲 on its own (art. 12, diagram 13, allows even one check one
/// chase). Red's rook alternates a7→a8 (check on e8) and a8→a7 (no check,
/// nothing attacked) while the king shuffles e8/e9: one check one idle is
/// allowed, the repetition is a draw.
#[test]
fn one_check_one_idle_draws() {
    let g = game(
        "9/4k4/R8/9/9/9/9/9/9/3K5 w",
        &[
            "a7a8", "e8e9", "a8a7", "e9e8", "a7a8", "e8e9", "a8a7", "e9e8",
        ],
    );
    assert_eq!(
        g.occurrences(),
        3,
        "the start position is back a third time"
    );
    let r = g.repetition_ruling(3).unwrap();
    assert_eq!((r.red, r.black), (Conduct::Allowed, Conduct::Allowed));
    assert_eq!(r.result, GameResult::Draw);
}

/// [长捉] Asian rules appendix "example of perpetual chase" (a rook
/// perpetually chasing an unprotected horse violates the rules) and art. 18
/// (diagrams 32-33, the same for an unprotected cannon).
/// Red's rook chases an unprotected Black horse: c2→a2 attacks a7
/// (a3–a6 empty), the horse jumps a7→c8 (leg b7 free), a2→c2 attacks c8
/// (c3–c7 empty), the horse returns c8→a7 (leg b8 free). No Black piece can
/// retake on a7 or c8, the rook never checks: Red chases perpetually and
/// loses; the horse threatens nothing.
#[test]
fn perpetual_chase_of_an_unprotected_horse_loses() {
    let g = thrice(
        "4k4/9/n8/9/9/9/9/2R6/9/3K5 w",
        "c2a2",
        ["a7c8", "a2c2", "c8a7", "c2a2"],
    );
    let r = g.repetition_ruling(3).unwrap();
    assert_eq!(r.red, Conduct::PerpetualChase { target: sq("a7") });
    assert_eq!(r.black, Conduct::Allowed);
    assert_eq!(r.result, GameResult::BlackWins);
}

/// [捉的定义: 有根子] Asian rules art. 17 (diagrams 29-31: a rook may
/// perpetually attack a protected cannon; the same holds for a horse) and
/// art. 35 (attacking a protected piece is not a perpetual chase).
/// The same dance, but the horse is protected on both
/// squares: by the rook i7 along rank 7 (b7–h7 empty) on a7 and by the rook
/// d8 on c8. A rook attacking a protected horse does not chase: draw.
#[test]
fn attacking_a_protected_horse_is_not_a_chase() {
    let g = thrice(
        "4k4/3r5/n7r/9/9/9/9/2R6/9/5K3 w",
        "c2a2",
        ["a7c8", "a2c2", "c8a7", "c2a2"],
    );
    let r = g.repetition_ruling(3).unwrap();
    assert_eq!((r.red, r.black), (Conduct::Allowed, Conduct::Allowed));
    assert_eq!(r.result, GameResult::Draw);
}

/// [捉的定义: 马炮捉车] Asian rules art. 15 (diagrams 18-25: cannons may
/// not perpetually chase a rook even if it is protected) and art. 36
/// (diagram 93: horses perpetually chasing a rook lose); the article on a
/// horse alone chasing a rook was not in the retrieved text.
/// A horse attacking a rook chases it even when the
/// rook is protected. Red's horse c8→a7 attacks b9 (leg a8 free), the rook
/// b9→a9 escapes, a7→c8 attacks a9 (leg b8 free), a9→b9 escapes; the rook is
/// protected by the rook i9 along rank 9 each time. Black's rook on a9 does
/// attack the horse a7, but the rook a0 protects it (a1–a6 empty), so Black
/// does not chase. Red loses.
#[test]
fn horse_chasing_a_protected_rook_loses() {
    let g = thrice(
        "1r6r/2N1k4/9/9/9/9/9/9/9/R4K3 w",
        "c8a7",
        ["b9a9", "a7c8", "a9b9", "c8a7"],
    );
    let r = g.repetition_ruling(3).unwrap();
    assert_eq!(r.red, Conduct::PerpetualChase { target: sq("b9") });
    assert_eq!(r.black, Conduct::Allowed);
    assert_eq!(r.result, GameResult::BlackWins);
}

/// [兵卒捉子不算捉] Asian rules art. 29 (diagrams 69-70): a pawn may
/// chase perpetually. A crossed Red pawn chases an unprotected Black rook
/// sideways (d5→e5 attacks e6, the rook goes e6→d6, e5→d5 attacks d6, the
/// rook goes back). Pawns may chase: draw.
#[test]
fn a_pawn_may_chase() {
    let g = thrice(
        "4k4/9/9/4r4/3P5/9/9/9/9/5K3 w",
        "d5e5",
        ["e6d6", "e5d5", "d6e6", "d5e5"],
    );
    let r = g.repetition_ruling(3).unwrap();
    assert_eq!((r.red, r.black), (Conduct::Allowed, Conduct::Allowed));
    assert_eq!(r.result, GameResult::Draw);
}

/// [一将一捉] Asian rules art. 12 (diagram 13): one check one chase (or
/// several checks and one chase) is a draw; also art. 18 (diagrams 37-38).
/// Red's rook alternates a3→a9 (check on e9) and a9→a3 (no
/// check: the king is on e8; it attacks the unprotected horse c3 again, b3
/// empty, which it did not from a9). One check one chase is allowed under
/// the Asian rules: draw.
#[test]
fn one_check_one_chase_is_allowed() {
    let g = game(
        "4k4/9/9/9/9/9/R1n6/9/9/5K3 w",
        &[
            "a3a9", "e9e8", "a9a3", "e8e9", "a3a9", "e9e8", "a9a3", "e8e9",
        ],
    );
    assert_eq!(g.occurrences(), 3);
    let pos = Position::from_fen("4k4/9/9/9/9/9/R1n6/9/9/5K3 w").unwrap();
    assert_eq!(pos.classify_move(mv(&pos, "a3a9")), MoveClass::Check);
    let pos = game("4k4/9/9/9/9/9/R1n6/9/9/5K3 w", &["a3a9", "e9e8"])
        .position()
        .clone();
    assert_eq!(
        pos.classify_move(mv(&pos, "a9a3")),
        MoveClass::Chase(vec![sq("c3")])
    );
    let r = g.repetition_ruling(3).unwrap();
    assert_eq!((r.red, r.black), (Conduct::Allowed, Conduct::Allowed));
    assert_eq!(r.result, GameResult::Draw);
}

/// [将先于捉] Asian rules: the retrieved text has no article stating this
/// case on its own; art. 6 (diagrams 1-3: perpetual check loses "under any
/// circumstance") is applied. Red's rook checks from i9 (king e9) and i8
/// (king e8); each king step leaves a Black cannon a single screen onto the
/// Red rook: e9→e8 leaves only the advisor d9 between a9 and i9, e8→e9
/// leaves only the horse d8 between a8 and i8 (a cannon chases a rook, art.
/// 15). Red checks perpetually, Black chases perpetually: Red loses.
/// (Until this revision the test used Black rooks; a rook attacking a rook
/// that can take it back is an offer under art. 24, not a chase.)
#[test]
fn perpetual_check_against_perpetual_chase_loses_for_the_checker() {
    let g = thrice(
        "c2ak4/c2n4R/9/9/9/9/9/9/9/5K3 w",
        "i8i9",
        ["e9e8", "i9i8", "e8e9", "i8i9"],
    );
    let r = g.repetition_ruling(3).unwrap();
    assert_eq!(r.red, Conduct::PerpetualCheck);
    assert_eq!(r.black, Conduct::PerpetualChase { target: sq("i9") });
    assert_eq!(r.result, GameResult::BlackWins);
}

/// [长将, 双方违例作和] Asian rules art. 7 (diagram 4): both sides checking
/// (resolving a check by checking back) is a draw. Red (in check
/// from the rook d9) blocks with e3→d3, uncovering the cannon e1 onto e9
/// over the screen e5; Black answers e5→d5, removing that screen and
/// checking over the rook d3; Red returns d3→e3 (the d file then has no
/// screen, the e file one: the rook e3); Black returns d5→e5 (two screens on
/// the e file, the rook d9 checks again down the open d file).
#[test]
fn both_perpetual_check_draw() {
    let g = thrice(
        "3rk4/9/9/9/4c4/9/4R4/9/4C4/3K5 w",
        "e3d3",
        ["e5d5", "d3e3", "d5e5", "e3d3"],
    );
    let r = g.repetition_ruling(3).unwrap();
    assert_eq!(
        (&r.red, &r.black),
        (&Conduct::PerpetualCheck, &Conduct::PerpetualCheck)
    );
    assert_eq!(r.result, GameResult::Draw);
}

/// [长捉, 双方违例作和] Both sides chase perpetually: draw (the AXF general
/// rule that both sides breaking a rule draw; its article number was not in
/// the retrieved text). Red's rook e8→e2 attacks the unprotected cannon f2
/// (art. 18); the cannon escapes f2→f8, which gives the cannon d8 the screen
/// f8 onto the Red rook i8 (g8, h8 empty; art. 15); e2→e8 attacks the cannon
/// f8 again, unprotected because the king's recapture on f8 would stand in
/// the line of the rook i8; f8→f2 leaves the cannon d8 the single screen e8
/// onto i8 again. (Position found by a search, checked by hand.)
#[test]
fn both_perpetual_chase_draw() {
    let g = thrice(
        "5k3/3cR3R/9/9/9/9/9/5c3/4K4/9 w",
        "e8e2",
        ["f2f8", "e2e8", "f8f2", "e8e2"],
    );
    let r = g.repetition_ruling(3).unwrap();
    assert_eq!(r.red, Conduct::PerpetualChase { target: sq("f2") });
    assert_eq!(r.black, Conduct::PerpetualChase { target: sq("i8") });
    assert_eq!(r.result, GameResult::Draw);
}

/// [同兵种互捉为兑] Asian rules art. 24 (diagrams 51-55) with art. 15: the
/// position that used to be the both-chase test. Red's horse b6→c4 becomes
/// the screen of the cannon c2 against the rook c9 (a cannon chases a rook);
/// Black's cannon h7→c7 blocks that line and attacks the cannon c2 over the
/// horse, but the cannon c2 can take it back over the same screen: an offer
/// (art. 24, cannon against cannon), not a chase; c4→b6 gives the red
/// cannon the screen c7 against the rook c9 again; c7→h7 opens the c file
/// for the rook c9 onto the unprotected cannon c2 (a chase). Red chases the
/// rook with every move, Black chases once in two: Red loses.
#[test]
fn mutual_cannon_attack_is_an_offer_not_a_chase() {
    let g = thrice(
        "2r2k3/9/7c1/1N6R/6R2/9/9/2C6/9/3K5 w",
        "b6c4",
        ["h7c7", "c4b6", "c7h7", "b6c4"],
    );
    let r = g.repetition_ruling(3).unwrap();
    assert_eq!(r.red, Conduct::PerpetualChase { target: sq("c9") });
    assert_eq!(r.black, Conduct::Allowed);
    assert_eq!(r.result, GameResult::BlackWins);
    let after = game("2r2k3/9/7c1/1N6R/6R2/9/9/2C6/9/3K5 w", &["b6c4"]);
    let pos = after.position();
    assert_eq!(pos.classify_move(mv(pos, "h7c7")), MoveClass::Idle);
}

/// [同兵种互捉为兑] Asian rules art. 24 (diagrams 51-52): a rook attacking an
/// unprotected rook that can capture it back does not chase. The Red rook
/// b2→a2 attacks the Black rook a9 (a3-a8 empty), which can take a2 just
/// as well. The same rook reaching a2 while the Black rook is pinned to its
/// king would chase it (not built here: the retrieved text has no diagram).
#[test]
fn rook_attacking_a_rook_that_can_take_back_does_not_chase() {
    assert_eq!(chased("r8/4k4/9/9/9/9/9/1R7/9/5K3 w", "b2a2"), []);
}

/// [双方违例作和, 将先于捉] The ruling table itself: both sides violating the
/// same rule draw (art. 7, diagram 4, for checks); check outranks chase
/// (art. 6: perpetual check loses under any circumstance).
#[test]
fn ruling_table() {
    let chase = Conduct::PerpetualChase { target: sq("e5") };
    assert_eq!(
        judge(&Conduct::PerpetualCheck, &Conduct::PerpetualCheck),
        GameResult::Draw
    );
    assert_eq!(judge(&chase, &chase), GameResult::Draw);
    assert_eq!(
        judge(&Conduct::PerpetualCheck, &chase),
        GameResult::BlackWins
    );
    assert_eq!(judge(&chase, &Conduct::PerpetualCheck), GameResult::RedWins);
    assert_eq!(judge(&Conduct::Allowed, &chase), GameResult::RedWins);
    assert_eq!(
        judge(&Conduct::Allowed, &Conduct::Allowed),
        GameResult::Draw
    );
}

// ------------------------------------------------------- single moves

/// [捉的定义: 无根子] Asian rules appendix "example of perpetual chase" and
/// art. 18 (diagrams 32-33): a rook threatening an unprotected piece chases.
/// The rook move c2→a2 attacks the unprotected horse a7.
#[test]
fn rook_attacking_an_unprotected_horse_chases() {
    assert_eq!(chased("4k4/9/n8/9/9/9/9/2R6/9/3K5 w", "c2a2"), [sq("a7")]);
    let pos = Position::from_fen("4k4/9/n8/9/9/9/9/2R6/9/3K5 w").unwrap();
    assert_eq!(
        pos.classify_move(mv(&pos, "c2a2")),
        MoveClass::Chase(vec![sq("a7")])
    );
    // c2→c5 attacks nothing (rank 5 and c6–c9 are empty); c2→c7 attacks
    // the horse along rank 7 (b7 empty).
    assert_eq!(pos.classify_move(mv(&pos, "c2c5")), MoveClass::Idle);
    assert_eq!(
        pos.classify_move(mv(&pos, "c2c7")),
        MoveClass::Chase(vec![sq("a7")])
    );
}

/// [捉的定义: 车捉有根车不算捉, 炮捉车算捉] Asian rules art. 24 (rook
/// against rook: an offer when either can take the other) and art. 15
/// (diagram 18: a cannon chases a rook even if protected). The Black rook a9 is protected by
/// the rook i9 (b9–h9 empty). A Red rook reaching a2 (a3–a8 empty) attacks
/// it without chasing; a Red cannon reaching a2 attacks it over the screen a6
/// and chases it, protected or not.
#[test]
fn cannon_chases_a_protected_rook_a_rook_does_not() {
    assert_eq!(chased("r7r/4k4/9/9/9/9/9/1R7/9/5K3 w", "b2a2"), []);
    assert_eq!(chased("r7r/4k4/9/P8/9/9/9/1C7/9/5K3 w", "b2a2"), [sq("a9")]);
}

/// [捉的定义: 未过河兵卒不算子] Asian rules art. 25 (diagrams 56-60):
/// perpetually chasing a pawn that has not crossed the river is allowed;
/// a crossed pawn counts like the other pieces. The Red rook a2→a6 attacks the unprotected
/// Black pawn c6, which has not crossed the river: no chase. a2→a4 attacks
/// the crossed pawn g4 (b4–f4 empty): a chase.
#[test]
fn uncrossed_pawns_are_not_chased() {
    let fen = "4k4/9/9/2p6/9/6p2/9/R8/9/3K5 w";
    assert_eq!(chased(fen, "a2a6"), []);
    assert_eq!(chased(fen, "a2a4"), [sq("g4")]);
}

/// [捉的定义: 被牵制之子不算捉] Asian rules art. 24 ("if one side cannot
/// capture the other for some reason") and art. 19 (diagrams 39-41): only a
/// capture that could really be made is a threat; no article of the
/// retrieved text shows a pinned chaser itself. The Red rook e2 is pinned on the e file by
/// the Black rook e8 (Red king e0). Moving up the file to e5 it attacks the
/// unprotected horse b5 (c5, d5 empty), but taking it would expose the king:
/// no chase. (It also attacks the rook e8, which the advisor d9 protects.)
/// Without the pin the same move chases the horse.
#[test]
fn a_pinned_piece_does_not_chase() {
    assert_eq!(chased("3ak4/4r4/9/9/1n7/9/9/4R4/9/4K4 w", "e2e5"), []);
    assert_eq!(
        chased("4k4/4a4/9/9/1n7/9/9/4R4/9/5K3 w", "e2e5"),
        [sq("b5")]
    );
}

/// [将帅捉子不算捉] Asian rules art. 28 (diagrams 67-68): the king may
/// chase perpetually. The Red king e0→d0 attacks the unprotected Black horse
/// d1: the king may chase.
#[test]
fn the_king_may_chase() {
    assert_eq!(chased("5k3/9/9/9/9/9/9/9/3n5/4K4 w", "e0d0"), []);
}

/// [捉的定义: 闪击] Asian rules art. 25 (diagrams 56-60: a cannon chases
/// even when only its screen moves) and the appendix "example of perpetual
/// chase" (a pawn move that leaves a horse unprotected makes the rook's
/// attack a chase). A pawn step b5→a5 becomes the screen of the Red cannon
/// a0, which now attacks the unprotected horse a7 (a6 empty): the move
/// chases, even though the piece moved is a pawn.
#[test]
fn a_discovered_cannon_attack_chases() {
    assert_eq!(chased("4k4/9/n8/9/1P7/9/9/9/9/C2K5 w", "b5a5"), [sq("a7")]);
}

/// [长将] Asian rules art. 6: a check counts as a check first.
/// A check is classified as a check even when it also attacks.
#[test]
fn checks_are_checks() {
    let pos = Position::from_fen("R8/4k4/9/9/9/9/9/9/9/3K5 w").unwrap();
    assert_eq!(pos.classify_move(mv(&pos, "a9a8")), MoveClass::Check);
    assert!(pos.gives_check(mv(&pos, "a9a8")));
    assert!(!pos.gives_check(mv(&pos, "a9a7")));
}
