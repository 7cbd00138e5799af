//! Fuzz target for the XQF reader (plain and obfuscated versions).
//!
//! Property: reading arbitrary bytes never panics (errors only); a game that
//! reads can be checked; a game whose moves are all legal converts to PGN,
//! and that PGN, written in each notation, reads back to the same moves.
//!
//! Run: `cd fuzz && cargo +nightly fuzz run xqf -- -max_total_time=300`
#![no_main]

use libfuzzer_sys::fuzz_target;
use qiyuan_formats::pgn::xiangqi::{read_xiangqi_pgn, write_xiangqi_pgn};
use qiyuan_formats::xqf::{check_xqf, read_xqf};
use qiyuan_xiangqi::Notation;

fuzz_target!(|data: &[u8]| {
    let Ok(game) = read_xqf(data) else {
        return;
    };
    let check = check_xqf(&game);
    // Fails only on an illegal move (main line or variation).
    let Ok(pgn) = game.to_pgn_game() else {
        return;
    };
    assert!(check.illegal.is_none());
    assert_eq!(pgn.moves.len(), check.plies);
    for notation in [Notation::Chinese, Notation::Iccs, Notation::Wxf] {
        let text = write_xiangqi_pgn(&pgn, notation);
        let back = read_xiangqi_pgn(&text)
            .next()
            .expect("one game")
            .unwrap_or_else(|e| panic!("{notation:?}: {e}\n{text}"));
        assert_eq!(back.moves, pgn.moves, "{notation:?}\n{text}");
        assert_eq!(back.start, pgn.start);
    }
});
