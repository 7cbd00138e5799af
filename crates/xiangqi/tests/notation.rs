//! Notation tables: every case is written from the notation rules
//! (the WXF and 象棋竞赛规则 record conventions: files counted from the
//! mover's right, Red's file n = ICCS file 'i'-(n-1), Black's file n = 'a'+(n-1),
//! 进/+ towards the opponent), not from this crate's output.

use qiyuan_xiangqi::{Notation, NotationError, Position};

/// (FEN, ICCS, WXF, Chinese) — the three texts name the same move; the WXF
/// and Chinese forms are the ones this crate writes.
const CASES: &[(&str, &str, &str, &str)] = &[
    // Start position, Red.
    (START, "h2e2", "C2.5", "炮二平五"),
    (START, "b0c2", "H8+7", "马八进七"),
    (START, "g0e2", "E3+5", "相三进五"),
    (START, "f0e1", "A4+5", "仕四进五"),
    (START, "a0a1", "R9+1", "车九进一"),
    (START, "c3c4", "P7+1", "兵七进一"),
    (START, "e0e1", "K5+1", "帅五进一"),
    // Start position, Black to move: Black's file 1 is file a.
    (START_B, "h9g7", "H8+7", "马8进7"),
    (START_B, "h7e7", "C8.5", "炮8平5"),
    (START_B, "a9a8", "R1+1", "车1进1"),
    (START_B, "c6c5", "P3+1", "卒3进1"),
    // Two Red rooks on file 1 (i0, i3): 前车 is i3 (further up for Red).
    (ROOKS, "i3f3", "R+.4", "前车平四"),
    (ROOKS, "i0i1", "R-+1", "后车进一"),
    (ROOKS, "i3i9", "R++6", "前车进六"),
    // Two Black cannons on file 2 (b7, b5): Black's front is b5 (lower rank).
    (CANNONS, "b5e5", "C+.5", "前炮平5"),
    (CANNONS, "b5b6", "C+-1", "前炮退1"),
    (CANNONS, "b7b6", "C-+1", "后炮进1"),
    // Three Red pawns on file 5 (e5 e6 e7): front/middle/rear, WXF middle
    // keeps the file digit.
    (PAWNS3, "e7e8", "P++1", "前兵进一"),
    (PAWNS3, "e6f6", "P5.4", "中兵平四"),
    (PAWNS3, "e5d5", "P-.6", "后兵平六"),
    // Four Red pawns on file 5 (e5–e8): WXF ++, P+, P-, --; Chinese 一…四.
    (PAWNS4, "e8f8", "++.4", "一兵平四"),
    (PAWNS4, "e7f7", "P+.4", "二兵平四"),
    (PAWNS4, "e6d6", "P-.6", "三兵平六"),
    (PAWNS4, "e5d5", "--.6", "四兵平六"),
    // Red pawns on two files: file 3 (g5 g6 g7) and file 7 (c5 c6).
    // WXF: file digit then +, file, - (the WXF page's own example).
    // Chinese: ranked file by file from Red's right (file 3 first), front
    // to back: g7 一, g6 二, g5 三, c6 四, c5 五 (this crate's convention).
    (PAWNS_2F, "g7f7", "3+.4", "一兵平四"),
    (PAWNS_2F, "g6f6", "33.4", "二兵平四"),
    (PAWNS_2F, "g5f5", "3-.4", "三兵平四"),
    (PAWNS_2F, "c6d6", "7+.6", "四兵平六"),
    (PAWNS_2F, "c5d5", "7-.6", "五兵平六"),
    // Two Black pawns on file 5 (e4, e3): Black's front is e3.
    (BLACK_PAWNS, "e3f3", "P+.6", "前卒平6"),
    (BLACK_PAWNS, "e4d4", "P-.4", "后卒平4"),
    // Advisors on one file keep the file number: the direction decides.
    (ADVISORS, "d0e1", "A6+5", "仕六进五"),
    (ADVISORS, "d2e1", "A6-5", "仕六退五"),
    // Black horses on file 3 (c7 front, c9 rear).
    (HORSES, "c7d5", "H++4", "前马进4"),
    (HORSES, "c9a8", "H-+1", "后马进1"),
];

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
const START_B: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b";
const ROOKS: &str = "3k5/9/9/9/9/9/8R/9/9/4K3R w";
const CANNONS: &str = "4k4/9/1c7/9/1c7/9/9/9/9/3K5 b";
const PAWNS3: &str = "3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w";
const PAWNS4: &str = "3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w";
const PAWNS_2F: &str = "3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/5K3 w";
const BLACK_PAWNS: &str = "3k5/9/9/9/9/4p4/4p4/9/9/5K3 b";
const ADVISORS: &str = "4k4/9/9/9/9/9/9/3A5/9/3A1K3 w";
const HORSES: &str = "2n1k4/9/2n6/9/9/9/9/9/9/3K5 b";

#[test]
fn table_reads_and_writes_every_form() {
    for &(fen, iccs, wxf, chinese) in CASES {
        let pos = Position::from_fen(fen).unwrap();
        let m = pos
            .parse_move(iccs, Notation::Iccs)
            .unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.parse_move(wxf, Notation::Wxf), Ok(m), "{fen} {wxf}");
        assert_eq!(
            pos.parse_move(chinese, Notation::Chinese),
            Ok(m),
            "{fen} {chinese}"
        );
        assert_eq!(pos.format_move(m, Notation::Iccs).unwrap(), iccs);
        assert_eq!(
            pos.format_move(m, Notation::Wxf).unwrap(),
            wxf,
            "{fen} {iccs}"
        );
        assert_eq!(
            pos.format_move(m, Notation::Chinese).unwrap(),
            chinese,
            "{fen} {iccs}"
        );
    }
}

#[test]
fn accepted_variants() {
    let pos = Position::from_fen(START).unwrap();
    let h2e2 = pos.parse_move("h2e2", Notation::Iccs).unwrap();
    for text in ["H2-E2", "h2-e2", " h2e2 "] {
        assert_eq!(pos.parse_move(text, Notation::Iccs), Ok(h2e2), "{text}");
    }
    for text in ["C2=5", "C25", "c2.5"] {
        assert_eq!(pos.parse_move(text, Notation::Wxf), Ok(h2e2), "{text}");
    }
    assert_eq!(pos.parse_move("砲二平五", Notation::Chinese), Ok(h2e2));
    let b0c2 = pos.parse_move("b0c2", Notation::Iccs).unwrap();
    assert_eq!(pos.parse_move("N8+7", Notation::Wxf), Ok(b0c2));
    assert_eq!(pos.parse_move("馬八進七", Notation::Chinese), Ok(b0c2));
    assert_eq!(pos.parse_move("傌八进七", Notation::Chinese), Ok(b0c2));
    let g0e2 = pos.parse_move("g0e2", Notation::Iccs).unwrap();
    assert_eq!(pos.parse_move("B3+5", Notation::Wxf), Ok(g0e2));
    // Black: full-width digits (xqbase files) and Chinese numerals.
    let pos = Position::from_fen(START_B).unwrap();
    let h9g7 = pos.parse_move("h9g7", Notation::Iccs).unwrap();
    for text in ["马８进７", "馬8進7", "马八进七"] {
        assert_eq!(pos.parse_move(text, Notation::Chinese), Ok(h9g7), "{text}");
    }
    // Front/rear before the letter, and the piece-first Chinese form.
    let pos = Position::from_fen(ROOKS).unwrap();
    let i3f3 = pos.parse_move("i3f3", Notation::Iccs).unwrap();
    assert_eq!(pos.parse_move("+R.4", Notation::Wxf), Ok(i3f3));
    assert_eq!(pos.parse_move("车前平四", Notation::Chinese), Ok(i3f3));
    assert_eq!(pos.parse_move("車前平四", Notation::Chinese), Ok(i3f3));
    let pos = Position::from_fen(CANNONS).unwrap();
    let b7b6 = pos.parse_move("b7b6", Notation::Iccs).unwrap();
    assert_eq!(pos.parse_move("後炮進1", Notation::Chinese), Ok(b7b6));
    assert_eq!(pos.parse_move("-C+1", Notation::Wxf), Ok(b7b6));
}

#[test]
fn errors() {
    let pos = Position::from_fen(ROOKS).unwrap();
    // Both rooks on file 1 can go forward one: the file number is not enough.
    assert!(matches!(
        pos.parse_move("车一进一", Notation::Chinese),
        Err(NotationError::Ambiguous { ref candidates, .. }) if candidates.len() == 2
    ));
    assert!(matches!(
        pos.parse_move("R1+1", Notation::Wxf),
        Err(NotationError::Ambiguous { .. })
    ));
    // No cannon here.
    assert!(matches!(
        pos.parse_move("炮二平五", Notation::Chinese),
        Err(NotationError::NoMatch { .. })
    ));
    assert!(matches!(
        pos.parse_move("炮二平", Notation::Chinese),
        Err(NotationError::Syntax { .. })
    ));
    assert!(matches!(
        pos.parse_move("X2.5", Notation::Wxf),
        Err(NotationError::Syntax { .. })
    ));
    assert!(matches!(
        pos.parse_move("R+*4", Notation::Wxf),
        Err(NotationError::Syntax { .. })
    ));
    assert!(matches!(
        pos.parse_move("j0a0", Notation::Iccs),
        Err(NotationError::Syntax { .. })
    ));
    // The rook on i0 cannot jump over the one on i3.
    assert!(matches!(
        pos.parse_move("i0i5", Notation::Iccs),
        Err(NotationError::NoMatch { .. })
    ));
    let illegal = qiyuan_xiangqi::Move::new(
        qiyuan_xiangqi::Square::parse("i0").unwrap(),
        qiyuan_xiangqi::Square::parse("i5").unwrap(),
    )
    .unwrap();
    assert_eq!(
        pos.format_move(illegal, Notation::Wxf),
        Err(NotationError::Illegal(illegal))
    );
}

/// Every legal move of every position within `depth` plies converts
/// ICCS → WXF → Chinese → ICCS unchanged.
fn round_trip(pos: &mut Position, depth: u32, count: &mut usize) {
    for m in pos.legal_moves() {
        let wxf = pos.format_move(m, Notation::Wxf).unwrap();
        let from_wxf = pos
            .parse_move(&wxf, Notation::Wxf)
            .unwrap_or_else(|e| panic!("{pos}: {e}"));
        let chinese = pos.format_move(from_wxf, Notation::Chinese).unwrap();
        let from_chinese = pos
            .parse_move(&chinese, Notation::Chinese)
            .unwrap_or_else(|e| panic!("{pos}: {e}"));
        let iccs = pos.format_move(from_chinese, Notation::Iccs).unwrap();
        assert_eq!(iccs, m.to_string(), "{pos}: {wxf} {chinese}");
        *count += 1;
        if depth > 1 {
            let undo = pos.make_move(m);
            round_trip(pos, depth - 1, count);
            pos.unmake_move(m, undo);
        }
    }
}

fn suite_fens() -> Vec<String> {
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/perft/xiangqi.perft"
    ))
    .lines()
    .filter_map(|l| l.strip_prefix("epd ").map(str::to_string))
    .collect()
}

#[test]
fn round_trip_two_plies_of_every_suite_position() {
    let mut count = 0;
    for fen in suite_fens() {
        round_trip(&mut Position::from_fen(&fen).unwrap(), 2, &mut count);
    }
    for fen in [PAWNS4, PAWNS_2F, ROOKS, CANNONS] {
        round_trip(&mut Position::from_fen(fen).unwrap(), 3, &mut count);
    }
    assert!(count > 5_000, "{count}");
}

#[test]
#[ignore = "millions of conversions: run in release"]
fn round_trip_every_position_of_a_perft_3() {
    // The positions reached in a perft(3) are those 0–3 plies deep; their
    // moves are the move paths of length 1–4.
    let mut count = 0;
    for fen in suite_fens() {
        round_trip(&mut Position::from_fen(&fen).unwrap(), 4, &mut count);
    }
    assert!(count > 1_000_000);
}
