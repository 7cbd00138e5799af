//! Fuzz target for the xiangqi FEN reader and the move-text readers of the
//! xiangqi PGN layer.
//!
//! Input: a FEN on the first line, move texts on the following lines.
//! Property: reading never panics; a position that reads is written back as
//! a FEN that reads to the same position; every legal move written in ICCS,
//! WXF and Chinese reads back to itself through the PGN reader (its fast
//! paths included); each further line, read as a one-move PGN game in each
//! notation, gives exactly what `Position::parse_move` gives.
//!
//! Run: `cd fuzz && cargo +nightly fuzz run xiangqi_fen -- -max_total_time=300`
#![no_main]

use libfuzzer_sys::fuzz_target;
use qiyuan_formats::pgn::Element;
use qiyuan_formats::pgn::read_raw;
use qiyuan_formats::pgn::xiangqi::XiangqiGame;
use qiyuan_xiangqi::{Move, Notation, Position};

fn one_move(fen: &str, notation: Notation, text: &str) -> Option<Result<Move, ()>> {
    let format = match notation {
        Notation::Iccs => "ICCS",
        Notation::Wxf => "WXF",
        Notation::Chinese => "Chinese",
    };
    let pgn = format!("[FEN \"{fen}\"]\n[Format \"{format}\"]\n\n{text} *\n");
    let raw = read_raw(&pgn).next()?.ok()?;
    // Only when the PGN tokenizer kept the text as one move token.
    match raw.movetext.as_slice() {
        [Element::Move(t)] if t.text == text => {}
        _ => return None,
    }
    Some(
        XiangqiGame::from_raw(&raw)
            .map(|g| g.moves[0])
            .map_err(|_| ()),
    )
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut lines = text.lines();
    let Some(first) = lines.next() else { return };
    let Ok(pos) = Position::from_fen(first) else {
        return;
    };
    let fen = pos.to_fen();
    let again = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(again, pos, "{first} -> {fen}");
    for mv in pos.legal_moves() {
        for notation in [Notation::Iccs, Notation::Wxf, Notation::Chinese] {
            let written = pos.format_move(mv, notation).expect("legal move");
            assert_eq!(
                pos.parse_move(&written, notation),
                Ok(mv),
                "{fen} {written}"
            );
            if let Some(got) = one_move(&fen, notation, &written) {
                assert_eq!(got, Ok(mv), "{fen} {written}");
            }
        }
    }
    for line in lines.take(8) {
        let line = line.trim();
        if line.is_empty() || line.contains(['"', '[', ']', '{', '}', '(', ')', ';', '%', '$']) {
            continue;
        }
        for notation in [Notation::Iccs, Notation::Wxf, Notation::Chinese] {
            let Some(got) = one_move(&fen, notation, line) else {
                continue;
            };
            let folded: String = line
                .chars()
                .map(|c| match c {
                    '\u{FF01}'..='\u{FF5E}' if notation != Notation::Chinese => {
                        char::from_u32(c as u32 - 0xFEE0).unwrap_or(c)
                    }
                    c => c,
                })
                .collect();
            let want = pos.parse_move(&folded, notation).map_err(|_| ());
            assert_eq!(got, want, "{fen} {notation:?} {line:?}");
        }
    }
});
