//! Property tests on random games from the start position: FEN round trip,
//! incremental hash, take-back, and notation round trip at every position;
//! the single-move legality test against the move generator.

use proptest::prelude::*;
use qiyuan_xiangqi::{Move, Notation, Position, Square};

/// Every from/to pair of the board: [`Position::is_legal`] says yes
/// exactly for the moves [`Position::legal_moves`] generates.
fn is_legal_agrees(pos: &Position) -> Result<(), TestCaseError> {
    let legal = pos.legal_moves();
    for from in (0..90).filter_map(Square::from_index) {
        for to in (0..90).filter_map(Square::from_index) {
            let Some(mv) = Move::new(from, to) else {
                continue;
            };
            prop_assert_eq!(pos.is_legal(mv), legal.contains(&mv), "{} in {}", mv, pos);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_keep_every_invariant(choices in proptest::collection::vec(any::<u16>(), 0..60)) {
        let mut pos = Position::startpos();
        let mut history = Vec::new();
        for c in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                prop_assert!(pos.is_lost());
                break;
            }
            let m = moves[usize::from(c) % moves.len()];
            // Every legal move reads back from its three notations.
            for n in [Notation::Iccs, Notation::Wxf, Notation::Chinese] {
                let text = pos.format_move(m, n).unwrap();
                prop_assert_eq!(pos.parse_move(&text, n), Ok(m), "{} {}", pos, text);
            }
            let before = pos.clone();
            let undo = pos.make_move(m);
            prop_assert_eq!(pos.hash(), pos.compute_hash());
            let reread = Position::from_fen(&pos.to_fen()).unwrap();
            prop_assert_eq!(&reread, &pos);
            history.push((before, m, undo));
        }
        // Taking every move back returns to the start position.
        while let Some((before, m, undo)) = history.pop() {
            pos.unmake_move(m, undo);
            prop_assert_eq!(&pos, &before);
        }
        prop_assert_eq!(pos, Position::startpos());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn is_legal_agrees_with_the_generator(choices in proptest::collection::vec(any::<u16>(), 0..120)) {
        let mut pos = Position::startpos();
        for (ply, c) in choices.into_iter().enumerate() {
            let moves = pos.legal_moves();
            if ply % 8 == 0 || moves.is_empty() {
                is_legal_agrees(&pos)?;
            }
            if moves.is_empty() {
                break;
            }
            pos.make_move(moves[usize::from(c) % moves.len()]);
        }
        is_legal_agrees(&pos)?;
    }
}
