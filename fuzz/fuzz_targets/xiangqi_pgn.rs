//! Fuzz target for the xiangqi PGN reader, checker and writer, and through
//! them the move notations of `qiyuan-xiangqi` (every movetext token is
//! resolved by `Position::parse_move`, every move checked by
//! `Position::is_legal`).
//!
//! Property: decoding, reading and checking never panic; a game that reads
//! checks with no illegal move and the same plies; written in each of the
//! three notations (Chinese, ICCS, WXF) it reads back to the same moves and
//! result.
//!
//! Run: `cd fuzz && cargo +nightly fuzz run xiangqi_pgn -- -max_total_time=300`
//! (seed the corpus with `../testdata/games/xiangqi/notation-set/*.pgn`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use qiyuan_formats::pgn::xiangqi::{
    XiangqiGame, check_xiangqi, read_xiangqi_pgn, write_xiangqi_pgn,
};
use qiyuan_formats::pgn::{decode, read_raw};
use qiyuan_xiangqi::Notation;

fuzz_target!(|data: &[u8]| {
    let (text, _) = decode(data);
    for raw in read_raw(&text).take(20) {
        let Ok(raw) = raw else { continue };
        let checked = check_xiangqi(&raw);
        let Ok(game) = XiangqiGame::from_raw(&raw) else {
            continue;
        };
        let checked = checked.expect("a game that reads has a readable FEN");
        assert!(checked.illegal.is_none(), "{checked:?}");
        assert_eq!(checked.plies, game.plies());
        for notation in [Notation::Chinese, Notation::Iccs, Notation::Wxf] {
            let written = write_xiangqi_pgn(&game, notation);
            let back = read_xiangqi_pgn(&written)
                .next()
                .expect("one game")
                .unwrap_or_else(|e| panic!("{e}\n{written}"));
            assert_eq!(back.moves, game.moves, "{written}");
            assert_eq!(back.result, game.result, "{written}");
        }
    }
});
