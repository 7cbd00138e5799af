//! Hand-built positions for each movement rule, FEN reading/writing and its
//! errors, make/unmake and the incremental hash. Every expected number is
//! counted by hand in the comment next to it (xiangqi rules, 中国象棋竞赛规则
//! 第一章 行棋规定).

use qiyuan_xiangqi::{Color, FenError, Move, PieceKind, Position, Square};

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn mv(s: &str) -> Move {
    Move::new(sq(&s[..2]), sq(&s[2..])).unwrap()
}

fn moves(fen: &str) -> Vec<String> {
    let mut v: Vec<String> = Position::from_fen(fen)
        .unwrap()
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn flying_general_forbids_the_open_file() {
    // Red king d0, Black king e9, nothing else. d0-e0 would put the kings
    // face to face on the open e file (对脸): only d0-d1 is legal.
    assert_eq!(moves("4k4/9/9/9/9/9/9/9/9/3K5 w"), ["d0d1"]);
}

#[test]
fn pinned_rook_moves_only_along_the_pin() {
    // Red K e0, R e4; Black r e8, k d9. The rook is pinned on the e file:
    // e1 e2 e3 e5 e6 e7 e8(capture) = 7. King: e1, f0 (d0 faces the Black
    // king on the open d file) = 2. Total 9.
    let m = moves("3k5/4r4/9/9/9/4R4/9/9/9/4K4 w");
    assert_eq!(m.len(), 9, "{m:?}");
    assert!(!m.contains(&"e4d4".to_string()));
    assert!(m.contains(&"e4e8".to_string()));
    assert!(!m.contains(&"e0d0".to_string()));
}

#[test]
fn cannon_needs_exactly_one_screen() {
    // Red C a0, P a3, K e0; Black n a8, r a7, a e8, k e9.
    // Cannon up: a1 a2, screen a3, capture a7 (3); along rank 0: b0 c0 d0,
    // the king e0 is a screen with nothing behind it (3). Pawn a4 (1).
    // King d0 f0 e1 (3; the advisor e8 closes the file). Total 10.
    let m = moves("4k4/n3a4/r8/9/9/9/P8/9/9/C3K4 w");
    assert_eq!(m.len(), 10, "{m:?}");
    assert!(m.contains(&"a0a7".to_string()));
    assert!(!m.contains(&"a0a8".to_string()), "two screens: no capture");
    assert!(
        !m.contains(&"a0a4".to_string()),
        "cannot move through a screen"
    );
}

#[test]
fn horse_leg_and_elephant_eye() {
    // Red N b0, B c0, K e0; Black n d1, a e8, k e9.
    // Horse b0: a2, c2 (d1 blocked: leg c0 holds the elephant) = 2.
    // Elephant c0: a2 (eye b1 free); e2 blocked (eye d1 holds the horse) = 1.
    // King: d0, e1; f0 is attacked by the horse d1 (leg e1 free) = 2. Total 5.
    let m = moves("4k4/4a4/9/9/9/9/9/9/3n5/1NB1K4 w");
    assert_eq!(m, ["b0a2", "b0c2", "c0a2", "e0d0", "e0e1"]);
}

#[test]
fn pawns_move_sideways_only_after_the_river() {
    // Red P a9 (last rank: sideways only, b9), P e5 (crossed: e6 d5 f5),
    // P a4 (not crossed: a5 only), K e0 (d0 f0 e1). Total 1+3+1+3 = 8.
    let m = moves("P3k4/4a4/9/9/4P4/P8/9/9/9/4K4 w");
    assert_eq!(m.len(), 8, "{m:?}");
    assert!(!m.contains(&"a4b4".to_string()));
    assert!(m.contains(&"e5d5".to_string()));
}

#[test]
fn advisors_and_king_stay_in_the_palace_elephants_behind_the_river() {
    // Red K e1, A d2, B e2 (the centre elephant point), Black k f9.
    // King e1: e0, d1; f1 would face the Black king on the open f file,
    //   e2 holds its own elephant = 2.
    // Advisor d2: its only step e1 holds its own king = 0.
    // Elephant e2: c0, g0, c4, g4 (eyes d1 f1 d3 f3 free), never across the
    //   river = 4. Total 6.
    let m = moves("5k3/9/9/9/9/9/9/3AB4/4K4/9 w");
    assert_eq!(m, ["e1d1", "e1e0", "e2c0", "e2c4", "e2g0", "e2g4"]);
}

#[test]
fn stalemate_loses() {
    // Black k d9 to move; Red P c8 covers d8, the Red king e0 covers e9 along
    // the open e file. Not in check, no legal move: a loss (困毙).
    let pos = Position::from_fen("3k5/2P6/9/9/9/9/9/9/9/4K4 b").unwrap();
    assert!(!pos.in_check());
    assert!(pos.legal_moves().is_empty());
    assert!(pos.is_lost());
}

#[test]
fn checkmate_loses() {
    // Black k e9, Red R a9 gives check along rank 9 (d9, f9 empty); the
    // king's squares d9, f9 are on rank 9, e8 is covered by Red R a8.
    let pos = Position::from_fen("R3k4/R8/9/9/9/9/9/9/9/3K5 b").unwrap();
    assert!(pos.in_check());
    assert!(pos.is_lost());
}

#[test]
fn fen_round_trip_and_letter_variants() {
    let start = Position::startpos();
    let wxf = Position::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r")
        .unwrap();
    assert_eq!(start, wxf);
    assert_eq!(start.to_fen(), qiyuan_xiangqi::START_FEN);
    let fen = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 b - - 7 23";
    let pos: Position = fen.parse().unwrap();
    assert_eq!(pos.to_fen(), fen);
    assert_eq!(pos.side_to_move(), Color::Black);
    assert_eq!(pos.halfmove_clock(), 7);
    assert_eq!(pos.fullmove_number(), 23);
    assert_eq!(pos.piece_at(sq("e8")).unwrap().kind, PieceKind::King);
}

#[test]
fn fen_errors_name_the_problem() {
    use FenError::*;
    let err = |fen: &str| Position::from_fen(fen).unwrap_err();
    assert_eq!(err(""), Empty);
    assert_eq!(err("4k4/9/9 w"), RankCount { found: 3 });
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/9/4X4 w"),
        BadChar {
            row: 10,
            rank: 0,
            ch: 'X'
        }
    );
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/9/4K3 w"),
        RankWidth {
            row: 10,
            rank: 0,
            files: 8
        }
    );
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/9/4K5 w"),
        RankWidth {
            row: 10,
            rank: 0,
            files: 10
        }
    );
    assert_eq!(err("4k4/9/9/9/9/9/9/9/9/4K4"), MissingSide);
    assert_eq!(err("4k4/9/9/9/9/9/9/9/9/4K4 x"), BadSide("x".into()));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/9/4K4 w K - 0 1"),
        BadField { field: 3, .. }
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/9/4K4 w - - x 1"),
        BadField { field: 5, .. }
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 0"),
        BadField { field: 6, .. }
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1 z"),
        BadField { field: 7, .. }
    ));
    assert_eq!(
        err("9/9/9/9/9/9/9/9/9/4K4 w"),
        KingCount {
            color: Color::Black,
            count: 0
        }
    );
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/9/K8 w"),
        BadSquare { piece: 'K', .. }
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/9/3KA4 w"),
        BadSquare { piece: 'A', .. }
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/9/1B2K4 w"),
        BadSquare { piece: 'B', .. }
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/P8/4K4 w"),
        BadSquare { piece: 'P', .. }
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/1P7/9/9/4K4 w"),
        BadSquare { piece: 'P', .. }
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/9/RRR1K4 w"),
        TooMany {
            kind: PieceKind::Rook,
            ..
        }
    ));
    assert_eq!(err("3k5/9/9/9/9/9/9/9/9/3K5 w"), KingsFacing);
    assert_eq!(
        err("3k5/9/9/9/9/9/9/9/9/3RK4 w"),
        OpponentInCheck(Color::Black)
    );
    // The error text names the rank.
    let text = err("4k4/9/9/9/9/9/9/9/9/4X4 w").to_string();
    assert!(text.contains("row 10") && text.contains("rank 0"), "{text}");
}

/// Walks every line of `depth` plies: after each make the incremental hash
/// equals the hash recomputed from scratch, after each unmake the position
/// equals the original.
fn walk(pos: &mut Position, depth: u32, seen: &mut u64) {
    assert_eq!(pos.hash(), pos.compute_hash(), "{}", pos.to_fen());
    if depth == 0 {
        return;
    }
    let before = pos.clone();
    for m in pos.legal_moves() {
        let undo = pos.make_move(m);
        *seen += 1;
        walk(pos, depth - 1, seen);
        pos.unmake_move(m, undo);
        assert_eq!(*pos, before);
    }
}

#[test]
fn make_unmake_and_incremental_hash() {
    for fen in [
        qiyuan_xiangqi::START_FEN,
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1",
    ] {
        let mut pos = Position::from_fen(fen).unwrap();
        let mut seen = 0;
        walk(&mut pos, 2, &mut seen);
        assert!(seen > 0);
    }
    // A capture resets the half-move clock and take-back restores it.
    let mut pos = Position::from_fen("4k4/n3a4/r8/9/9/9/P8/9/9/C3K4 w - - 5 9").unwrap();
    let undo = pos.play(mv("a0a7")).unwrap();
    assert_eq!(undo.captured().map(|p| p.kind), Some(PieceKind::Rook));
    assert_eq!(pos.halfmove_clock(), 0);
    pos.unmake_move(mv("a0a7"), undo);
    assert_eq!(pos.to_fen(), "4k4/n3a4/r8/9/9/9/P8/9/9/C3K4 w - - 5 9");
    assert!(pos.play(mv("a0a8")).is_err());
}
