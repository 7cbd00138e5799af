//! Perft: the number of legal move paths of a given length (leaf nodes).

use cozy_chess::Board;

/// Counts the leaf nodes of the legal move tree to `depth` plies
/// (bulk-counting at the last ply).
///
/// ```
/// use qiyuan_chess::{perft, Board};
/// // Chess Programming Wiki, "Perft Results", initial position: 20, 400, 8,902.
/// assert_eq!(perft(&Board::default(), 3), 8_902);
/// ```
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        1
    } else {
        perft_inner(board, depth)
    }
}

/// Perft for `depth >= 1`.
fn perft_inner(board: &Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += perft_inner(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

/// Perft with a transposition table of `2^table_bits` entries, for deep counts
/// (positions reached by different move orders are counted once and reused).
/// Entries are keyed by the full 64-bit Zobrist hash and the depth.
pub fn perft_hashed(board: &Board, depth: u32, table_bits: u32) -> u64 {
    let mut table = vec![(0u64, 0u64); 1usize << table_bits];
    let mask = (1u64 << table_bits) - 1;
    hashed(board, depth, &mut table, mask)
}

fn hashed(board: &Board, depth: u32, table: &mut [(u64, u64)], mask: u64) -> u64 {
    if depth <= 2 {
        return perft(board, depth);
    }
    // Mix the depth into the key; the entry stores key and count.
    let key = board.hash() ^ (u64::from(depth)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let slot = (key & mask) as usize;
    if table[slot].0 == key && table[slot].1 != 0 {
        return table[slot].1;
    }
    let mut n = 0u64;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            n += hashed(&child, depth - 1, table, mask);
        }
        false
    });
    table[slot] = (key, n);
    n
}
