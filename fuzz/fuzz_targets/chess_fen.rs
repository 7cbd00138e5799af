//! Fuzz target for the chess FEN reader, SAN and perft.
//!
//! Property: reading never panics; a position that reads is written back as
//! FEN that reads to the same board and clock; every legal move is written in
//! SAN that reads back to the same move; perft to depth 2 does not panic.
//!
//! Run: `cd fuzz && cargo +nightly fuzz run chess_fen -- -max_total_time=300`
#![no_main]

use libfuzzer_sys::fuzz_target;
use qiyuan_chess::{format_san, parse_fen, parse_san, perft, to_fen};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(setup) = parse_fen(text) else {
        return;
    };
    let fen = to_fen(&setup.board, setup.halfmove_clock);
    let again = parse_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(again, setup, "{text} -> {fen}");
    let board = &setup.board;
    board.generate_moves(|moves| {
        for mv in moves {
            let san = format_san(board, mv);
            assert_eq!(parse_san(board, &san), Ok(mv), "{fen} {san}");
        }
        false
    });
    let _ = perft(board, 2);
    // SAN reading of arbitrary text never panics either.
    let _ = parse_san(board, text);
});
