//! Rules of the game: outcomes, repetitions, move-count rules, dead positions,
//! SAN and UCI. Every expected figure is worked out by hand from the FIDE Laws
//! of Chess (article cited per test) or the PGN standard, not taken from the code.

use proptest::prelude::*;
use qiyuan_chess::{
    Board, Color, DrawClaim, Game, MoveError, Outcome, SanError, format_san, format_uci,
    insufficient_material, is_dead_position, parse_fen, parse_san, parse_uci,
};

fn board(fen: &str) -> Board {
    parse_fen(fen).unwrap().board
}

fn play(game: &mut Game, sans: &str) {
    for s in sans.split_whitespace() {
        game.push_san(s).unwrap_or_else(|e| panic!("{s}: {e}"));
    }
}

#[test]
fn fools_mate_is_checkmate_5_1_1() {
    let mut g = Game::new();
    play(&mut g, "f3 e5 g4 Qh4#");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::Black
        })
    );
    // Nothing may follow a checkmate.
    assert!(matches!(g.push_san("a3"), Err(MoveError::GameOver(_))));
}

#[test]
fn stalemate_5_2_1() {
    // Black Kh8, white Qf7 and Kg6, Black to move: g8 and g7 are covered by the
    // queen, h7 by the king and queen; no check. Stalemate.
    let g = Game::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Stalemate));
}

#[test]
fn threefold_and_fivefold_9_2_and_9_6_1() {
    let mut g = Game::new();
    // The start position appears at plies 0, 4 and 8.
    play(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert_eq!(
        g.repetitions(),
        2,
        "after ply 7 the position after ply 3 is back"
    );
    assert_eq!(g.claimable_draw(), None);
    play(&mut g, "Ng8");
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.claimable_draw(), Some(DrawClaim::ThreefoldRepetition));
    assert_eq!(g.outcome(), None, "threefold must be claimed");
    play(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert_eq!(g.outcome(), None);
    play(&mut g, "Ng8");
    // Plies 0, 4, 8, 12, 16: fifth appearance.
    assert_eq!(g.repetitions(), 5);
    assert_eq!(g.outcome(), Some(Outcome::FivefoldRepetition));
}

#[test]
fn en_passant_square_counts_only_when_capture_is_possible_9_2_2() {
    // After 1.e4 no black pawn can take en passant, so the position after 1.e4
    // is the same as after 1.e4 Nf6 2.Nf3 Ng8 3.Ng1 (Black to move both times).
    let mut g = Game::new();
    play(&mut g, "e4 Nf6 Nf3 Ng8 Ng1");
    assert_eq!(g.repetitions(), 2);
    play(&mut g, "Nf6 Nf3 Ng8 Ng1");
    assert_eq!(g.repetitions(), 3);

    // Here d4xe3 en passant is legal after 1.e4: that position differs from the
    // same placement reached later, when the right has gone.
    let mut g = Game::from_fen("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1").unwrap();
    play(&mut g, "e4 Kd7 Kd1 Ke8 Ke1");
    assert_eq!(g.repetitions(), 1);
    play(&mut g, "Kd7 Kd1 Ke8 Ke1");
    assert_eq!(g.repetitions(), 2);
}

#[test]
fn castling_rights_make_positions_differ_9_2_2() {
    // 1.Nf3 Nf6 2.Rg1 Rg8 3.Rh1 Rh8: same placement as after 1...Nf6, but
    // both sides lost the king-side castling right.
    let mut g = Game::new();
    play(&mut g, "Nf3 Nf6 Rg1 Rg8 Rh1 Rh8");
    assert_eq!(g.repetitions(), 1);
}

#[test]
fn fifty_and_seventy_five_moves_9_3_and_9_6_2() {
    let mut g = Game::from_fen("8/8/8/8/8/8/k7/4K2R w - - 99 80").unwrap();
    assert_eq!(g.claimable_draw(), None);
    play(&mut g, "Rh2");
    // 100 halfmoves = 50 moves by each side without capture or pawn move.
    assert_eq!(g.halfmove_clock(), 100);
    assert_eq!(g.claimable_draw(), Some(DrawClaim::FiftyMoves));
    assert_eq!(g.outcome(), None);

    let mut g = Game::from_fen("8/8/8/8/8/8/k7/4K2R w - - 149 100").unwrap();
    play(&mut g, "Rh3");
    // 150 halfmoves = 75 moves by each side.
    assert_eq!(g.outcome(), Some(Outcome::SeventyFiveMoves));

    // 9.6.2: if the 150th halfmove checkmates, the checkmate stands.
    // Black Ka8; White Kc7 covers b8 and b7, Ra1 covers a7 and gives check.
    let mut g = Game::from_fen("k7/2K5/8/8/8/8/8/7R w - - 149 100").unwrap();
    play(&mut g, "Ra1#");
    assert_eq!(g.halfmove_clock(), 150);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
    // A capture resets the clock.
    let mut g = Game::from_fen("k7/8/8/8/8/8/r7/R3K3 w - - 140 100").unwrap();
    play(&mut g, "Rxa2+");
    assert_eq!(g.halfmove_clock(), 0);
}

#[test]
fn dead_positions_by_material_5_2_2_and_seed_10_4() {
    // The seed (§10.4): K v K; K v K+B or K+N; K+B v K+B with same-coloured bishops.
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KN2 b - - 0 1",
        // c1 is a dark square (c=3rd file, rank 1: 3+1 even), f8 too (6+8 even).
        "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1",
        // More bishops, all on dark squares.
        "4kb2/8/8/8/8/8/8/B1B1K3 w - - 0 1",
    ] {
        assert!(is_dead_position(&board(fen)), "{fen}");
        let g = Game::from_fen(fen).unwrap();
        assert_eq!(g.outcome(), Some(Outcome::DeadPosition), "{fen}");
    }
    for fen in [
        // c8 is light (3+8 odd): opposite bishops can mate with help.
        "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1",
        "4kn2/8/8/8/8/8/8/4KN2 w - - 0 1",
        "4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KR2 w - - 0 1",
    ] {
        assert!(!is_dead_position(&board(fen)), "{fen}");
    }
    // Seed §10.5 / FIDE 6.9: a lone king can never win.
    let b = board("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert!(insufficient_material(&b, Color::Black));
    assert!(!insufficient_material(&b, Color::White));
}

#[test]
fn san_disambiguation_pgn_8_2_3() {
    // File: knights b8 and f6 both reach d7.
    let b = board("rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 3");
    let mv = parse_san(&b, "Nbd7").unwrap();
    assert_eq!(mv.to_string(), "b8d7");
    assert_eq!(format_san(&b, mv), "Nbd7");
    assert!(matches!(parse_san(&b, "Nd7"), Err(SanError::Ambiguous(_))));
    // Rank: rooks a1 and a4 on one file both reach a3.
    let b = board("4k3/8/8/8/R7/8/8/R3K3 w - - 0 1");
    let mv = parse_san(&b, "R1a3").unwrap();
    assert_eq!(mv.to_string(), "a1a3");
    assert_eq!(format_san(&b, mv), "R1a3");
    // Square: queens h4, e4, h1 all reach e1 (h4 diagonally, e4 by file, h1 by rank).
    let b = board("8/8/1k6/8/4Q2Q/8/K7/7Q w - - 0 1");
    let mv = parse_san(&b, "Qh4e1").unwrap();
    assert_eq!(format_san(&b, mv), "Qh4e1");
    assert!(matches!(parse_san(&b, "Qe1"), Err(SanError::Ambiguous(_))));
}

#[test]
fn san_pawns_castling_and_suffixes() {
    // En passant: after ...d7-d5 the e5 pawn takes on d6.
    let b = board("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    let mv = parse_san(&b, "exd6").unwrap();
    // The pawn on d6 attacks c7 and e7, not e8: no check.
    assert_eq!(format_san(&b, mv), "exd6");
    let b = board("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let mv = parse_san(&b, "a8=Q").unwrap();
    // The queen on a8 sees e8 along the empty eighth rank.
    assert_eq!(format_san(&b, mv), "a8=Q+");
    assert_eq!(parse_san(&b, "a8Q+").unwrap(), mv);
    assert!(parse_san(&b, "a8").is_err(), "promotion piece is required");
    let b = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let short = parse_san(&b, "O-O").unwrap();
    assert_eq!(format_san(&b, short), "O-O");
    assert_eq!(format_uci(&b, short, false), "e1g1");
    assert_eq!(format_uci(&b, short, true), "e1h1");
    assert_eq!(parse_uci(&b, "e1g1").unwrap(), short);
    assert_eq!(parse_san(&b, "0-0-0").unwrap().to_string(), "e1a1");
    assert!(matches!(
        parse_san(&Board::default(), "Ke2"),
        Err(SanError::Illegal(_))
    ));
    assert!(matches!(
        parse_san(&Board::default(), "Z9"),
        Err(SanError::Syntax(_))
    ));
    assert!(parse_san(&Board::default(), "").is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Along random games, every legal move is written in SAN so that reading
    /// it back gives the same move (the legal-move set comes from cozy-chess).
    #[test]
    fn san_round_trip(choices in proptest::collection::vec(0usize..256, 0..120)) {
        let mut b = Board::default();
        for c in choices {
            let mut moves = Vec::new();
            b.generate_moves(|m| { moves.extend(m); false });
            if moves.is_empty() { break; }
            for &mv in &moves {
                let san = format_san(&b, mv);
                prop_assert_eq!(parse_san(&b, &san).unwrap(), mv, "{}", san);
            }
            b.play(moves[c % moves.len()]);
        }
    }
}
