//! Fuzz target for the online game line (`qiyuan_formats::online`): the
//! fast path and serde_json read alike.
//!
//! Property: reading never panics; a line the fast path accepts is read by
//! serde_json to the same game (the fast path can only be faster, never
//! different).
//!
//! Run: `cd fuzz && cargo +nightly fuzz run online_line -- -max_total_time=300`
//! (seed the corpus with the lines of `../examples/online-games.jsonl`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use qiyuan_formats::online::{read_game_line, read_game_line_fast, read_game_line_serde};

fuzz_target!(|data: &[u8]| {
    let _ = read_game_line(data);
    if let Some(fast) = read_game_line_fast(data) {
        let slow = read_game_line_serde(data).expect("a line the fast path reads, serde reads");
        assert_eq!(fast, slow, "the two paths read the line differently");
    }
});
