//! Every error of the crate in both languages (issue 15): the English is
//! the `Display` text, the Chinese has no English sentence and keeps the
//! figures and codes of the English.

use qiyuan_vocab::check_message;
use qiyuan_xiangqi::{
    Color, FenError, IllegalMove, Lang, Move, Notation, NotationError, PieceKind, Position, Square,
};

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn mv(a: &str, b: &str) -> Move {
    Move::new(sq(a), sq(b)).unwrap()
}

/// One example of every variant (the `match` below fails to compile when a
/// variant is added without one).
fn fen_errors() -> Vec<FenError> {
    let all = vec![
        FenError::Empty,
        FenError::RankCount { found: 3 },
        FenError::BadChar {
            row: 2,
            rank: 8,
            ch: 'x',
        },
        FenError::RankWidth {
            row: 4,
            rank: 6,
            files: 8,
        },
        FenError::MissingSide,
        FenError::BadSide("q".into()),
        FenError::BadField {
            field: 5,
            name: "half-move clock",
            value: "abc".into(),
            expected: "a number of plies",
        },
        FenError::KingCount {
            color: Color::Black,
            count: 2,
        },
        FenError::TooMany {
            color: Color::Red,
            kind: PieceKind::Rook,
            count: 3,
            max: 2,
        },
        FenError::BadSquare {
            piece: 'K',
            square: sq("a0"),
            reason: "the king stays in its palace",
        },
        FenError::KingsFacing,
        FenError::OpponentInCheck(Color::Black),
    ];
    for e in &all {
        match e {
            FenError::Empty
            | FenError::RankCount { .. }
            | FenError::BadChar { .. }
            | FenError::RankWidth { .. }
            | FenError::MissingSide
            | FenError::BadSide(_)
            | FenError::BadField { .. }
            | FenError::KingCount { .. }
            | FenError::TooMany { .. }
            | FenError::BadSquare { .. }
            | FenError::KingsFacing
            | FenError::OpponentInCheck(_) => {}
        }
    }
    all
}

fn notation_errors() -> Vec<NotationError> {
    let all = vec![
        NotationError::Syntax {
            text: "abcde".into(),
            notation: Notation::Iccs,
            reason: "expected four characters such as h2e2 or H2-E2",
        },
        NotationError::NoMatch {
            text: "h2h9".into(),
            side: Color::Red,
        },
        NotationError::Ambiguous {
            text: "车一进一".into(),
            candidates: vec![mv("a0", "a1"), mv("i0", "i1")],
        },
        NotationError::Illegal(mv("a0", "a5")),
    ];
    for e in &all {
        match e {
            NotationError::Syntax { .. }
            | NotationError::NoMatch { .. }
            | NotationError::Ambiguous { .. }
            | NotationError::Illegal(_) => {}
        }
    }
    all
}

/// Checks (1) English = Display, (2) no English sentence in the Chinese,
/// (3) the Chinese holds `figures`.
fn check(en: &str, display: &str, zh: &str, figures: &[&str]) {
    if let Err(e) = check_message(display, en, zh, figures) {
        panic!("{e}");
    }
}

#[test]
fn fen_errors_in_both_languages() {
    for e in fen_errors() {
        let zh = e.text(Lang::Zh);
        let figures: Vec<String> = match &e {
            FenError::RankCount { found } => vec![found.to_string()],
            FenError::BadChar { row, rank, ch } => {
                vec![row.to_string(), rank.to_string(), ch.to_string()]
            }
            FenError::RankWidth { row, rank, files } => {
                vec![row.to_string(), rank.to_string(), files.to_string()]
            }
            FenError::BadSide(v) => vec![v.clone()],
            FenError::BadField { field, value, .. } => vec![field.to_string(), value.clone()],
            FenError::KingCount { count, .. } => vec![count.to_string()],
            FenError::TooMany { count, max, .. } => vec![count.to_string(), max.to_string()],
            FenError::BadSquare { piece, square, .. } => {
                vec![piece.to_string(), square.to_string()]
            }
            _ => vec![],
        };
        let figures: Vec<&str> = figures.iter().map(String::as_str).collect();
        check(&e.text(Lang::En), &e.to_string(), &zh, &figures);
    }
    let e = FenError::TooMany {
        color: Color::Red,
        kind: PieceKind::Rook,
        count: 3,
        max: 2,
    };
    assert_eq!(e.text(Lang::Zh), "红方有 3 个车，最多 2 个");
    let e = FenError::KingCount {
        color: Color::Black,
        count: 2,
    };
    assert_eq!(e.text(Lang::Zh), "黑方有 2 个将，应恰好 1 个");
}

#[test]
fn fen_errors_of_the_reader() {
    for fen in [
        "",
        "9/9 w",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w k",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 z",
        "4k4/9/9/9/9/9/9/9/9/4K4 w",
        "K3k4/9/9/9/9/9/9/9/9/9 w",
    ] {
        let e = Position::from_fen(fen).unwrap_err();
        check(&e.text(Lang::En), &e.to_string(), &e.text(Lang::Zh), &[]);
        assert!(!e.text(Lang::Zh).contains("取值有误"), "{e}");
        assert!(!e.text(Lang::Zh).contains("不可能在此位置"), "{e}");
    }
}

#[test]
fn notation_errors_in_both_languages() {
    for e in notation_errors() {
        let zh = e.text(Lang::Zh);
        let figures: Vec<String> = match &e {
            NotationError::Syntax { text, .. } | NotationError::NoMatch { text, .. } => {
                vec![text.clone()]
            }
            NotationError::Ambiguous { text, candidates } => {
                let mut f = vec![text.clone()];
                f.extend(candidates.iter().map(ToString::to_string));
                f
            }
            NotationError::Illegal(m) => vec![m.to_string()],
        };
        let figures: Vec<&str> = figures.iter().map(String::as_str).collect();
        check(&e.text(Lang::En), &e.to_string(), &zh, &figures);
    }
    let e = Position::startpos()
        .parse_move("车一进五", Notation::Chinese)
        .unwrap_err();
    assert_eq!(e.text(Lang::Zh), "`车一进五` 与红方的任何合法着法都不符");
}

/// Every reason the readers give, read from their source, has its Chinese.
#[test]
fn every_reason_has_its_chinese() {
    fn literals(source: &str, marker: &str) -> Vec<&'static str> {
        let mut out = Vec::new();
        for part in source.split(marker).skip(1) {
            let part = part.trim_start();
            if let Some(rest) = part.strip_prefix('"') {
                let end = rest.find('"').unwrap();
                out.push(&*Box::leak(rest[..end].to_string().into_boxed_str()));
            }
        }
        out
    }
    let notation = include_str!("../src/notation.rs");
    let fen = include_str!("../src/fen.rs");
    let reasons = literals(notation, "syntax(");
    assert!(reasons.len() >= 15, "{reasons:?}");
    for (i, reason) in reasons.into_iter().enumerate() {
        let e = NotationError::Syntax {
            text: "x".into(),
            notation: [Notation::Iccs, Notation::Wxf, Notation::Chinese][i % 3],
            reason,
        };
        let zh = e.text(Lang::Zh);
        assert!(!zh.contains("写法有误"), "{reason}");
        check(&e.text(Lang::En), &e.to_string(), &zh, &[]);
    }
    let squares = literals(fen, "bad(");
    assert_eq!(squares.len(), 5, "{squares:?}");
    for reason in squares {
        let e = FenError::BadSquare {
            piece: 'P',
            square: sq("e3"),
            reason,
        };
        assert!(!e.text(Lang::Zh).contains("不可能在此位置"), "{reason}");
    }
    for expected in literals(fen, "expected:") {
        let e = FenError::BadField {
            field: 3,
            name: "castling",
            value: "k".into(),
            expected,
        };
        assert!(!e.text(Lang::Zh).contains("取值有误"), "{expected}");
        check(&e.text(Lang::En), &e.to_string(), &e.text(Lang::Zh), &[]);
    }
}

#[test]
fn illegal_move_in_both_languages() {
    let e = IllegalMove { mv: mv("a0", "a5") };
    check(
        &e.text(Lang::En),
        &e.to_string(),
        &e.text(Lang::Zh),
        &["a0a5"],
    );
    assert_eq!(e.text(Lang::Zh), "着法 `a0a5` 在此局面中不合法");
}
