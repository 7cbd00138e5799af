//! perft: counting the leaves of the legal move tree, the standard test of a
//! move generator against published counts.

use crate::position::{MoveList, Position};
use crate::types::Move;

impl Position {
    /// Number of legal move sequences of `depth` plies (leaf nodes).
    ///
    /// Bulk counting: at depth 1 the legal moves are counted, not played.
    ///
    /// ```
    /// use qiyuan_xiangqi::Position;
    /// // Chessprogramming wiki, Chinese Chess Perft Results, start position.
    /// assert_eq!(Position::startpos().perft(3), 79_666);
    /// ```
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        if depth == 1 {
            return list.len() as u64;
        }
        let mut nodes = 0;
        for &m in list.iter() {
            let undo = self.make_move(m);
            nodes += self.perft(depth - 1);
            self.unmake_move(m, undo);
        }
        nodes
    }

    /// perft split by first move ("divide"): each legal move with the leaf
    /// count below it, in generation order. Depth 0 gives an empty list.
    pub fn perft_divide(&mut self, depth: u32) -> Vec<(Move, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list.iter()
            .map(|&m| {
                let undo = self.make_move(m);
                let n = self.perft(depth - 1);
                self.unmake_move(m, undo);
                (m, n)
            })
            .collect()
    }
}
