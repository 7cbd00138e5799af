//! Property tests on random games from the start position: FEN round trip,
//! incremental hash, take-back, and notation round trip at every position.

use proptest::prelude::*;
use qiyuan_xiangqi::{Notation, Position};

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
