//! Fuzz target for the PGN readers, checker and writer.
//!
//! Property: decoding and reading never panic (raw and chess layers, and
//! `check`); every game that reads is written, and the written text reads
//! back to the same moves, movetext tree and result.
//!
//! Run: `cd fuzz && cargo +nightly fuzz run pgn -- -max_total_time=300`
//! (seed the corpus with `../testdata/games/chess/*.pgn`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use qiyuan_formats::pgn::{Element, check, decode, read_pgn, read_raw, write_pgn};

fn shape<M: std::fmt::Debug>(v: &[Element<M>], f: &dyn Fn(&M) -> String) -> Vec<String> {
    v.iter()
        .map(|e| match e {
            Element::Move(m) => f(m),
            // A comment with both `}` and a line break cannot be written
            // as is: its `}` become `)`.
            Element::Comment(c) if c.contains('\n') => format!("{{{}}}", c.replace('}', ")")),
            Element::Comment(c) => format!("{{{c}}}"),
            Element::Nag(n) => format!("${n}"),
            Element::Variation(v) => format!("({:?})", shape(v, f)),
        })
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let (text, _) = decode(data);
    for raw in read_raw(&text).take(50) {
        if let Ok(raw) = raw {
            let _ = check(&raw);
        }
    }
    for game in read_pgn(&text).take(50) {
        let Ok(game) = game else { continue };
        let written = write_pgn(&game);
        let back = read_pgn(&written)
            .next()
            .expect("one game")
            .unwrap_or_else(|e| panic!("{e}\n{written}"));
        assert_eq!(back.game.moves(), game.game.moves(), "{written}");
        assert_eq!(back.result, game.result);
        let f = |m: &qiyuan_formats::pgn::ChessMove| m.mv.to_string();
        assert_eq!(
            shape(&back.movetext, &f),
            shape(&game.movetext, &f),
            "{written}"
        );
    }
});
