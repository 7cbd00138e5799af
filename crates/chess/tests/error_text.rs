//! Every error of the crate in both languages (issue 15): the English is
//! the `Display` text, the Chinese has no English sentence and keeps the
//! codes of the English.

use qiyuan_chess::game::{MoveError, Outcome};
use qiyuan_chess::{Color, FenError, Lang, SanError};
use qiyuan_vocab::check_message;

fn check(en: &str, display: &str, zh: &str, figures: &[&str]) {
    if let Err(e) = check_message(display, en, zh, figures) {
        panic!("{e}");
    }
}

fn san_errors() -> Vec<SanError> {
    let all = vec![
        SanError::Syntax("Zz9".into()),
        SanError::Illegal("Ke2".into()),
        SanError::Ambiguous("Nd2".into()),
    ];
    for e in &all {
        match e {
            SanError::Syntax(_) | SanError::Illegal(_) | SanError::Ambiguous(_) => {}
        }
    }
    all
}

fn move_errors() -> Vec<MoveError> {
    let all = vec![
        MoveError::San(SanError::Illegal("e5".into())),
        MoveError::GameOver(Outcome::Checkmate {
            winner: Color::Black,
        }),
        MoveError::GameOver(Outcome::Stalemate),
        MoveError::GameOver(Outcome::DeadPosition),
        MoveError::GameOver(Outcome::FivefoldRepetition),
        MoveError::GameOver(Outcome::SeventyFiveMoves),
    ];
    for e in &all {
        match e {
            MoveError::San(_) => {}
            MoveError::GameOver(o) => match o {
                Outcome::Checkmate { .. }
                | Outcome::Stalemate
                | Outcome::DeadPosition
                | Outcome::FivefoldRepetition
                | Outcome::SeventyFiveMoves => {}
            },
        }
    }
    all
}

fn fen_errors() -> Vec<FenError> {
    let all = vec![
        FenError::FieldCount(2),
        FenError::Placement("8/8/8 w".into()),
        FenError::SideToMove("x".into()),
        FenError::Castling("KQkqX".into()),
        FenError::EnPassant("e4".into()),
        FenError::HalfmoveClock("abc".into()),
        FenError::FullmoveNumber("0".into()),
    ];
    for e in &all {
        match e {
            FenError::FieldCount(_)
            | FenError::Placement(_)
            | FenError::SideToMove(_)
            | FenError::Castling(_)
            | FenError::EnPassant(_)
            | FenError::HalfmoveClock(_)
            | FenError::FullmoveNumber(_) => {}
        }
    }
    all
}

#[test]
fn san_errors_in_both_languages() {
    for e in san_errors() {
        let (SanError::Syntax(t) | SanError::Illegal(t) | SanError::Ambiguous(t)) = &e;
        check(&e.text(Lang::En), &e.to_string(), &e.text(Lang::Zh), &[t]);
    }
    assert_eq!(
        SanError::Syntax("Zz9".into()).text(Lang::Zh),
        "`Zz9` 不是标准代数记谱法（SAN）的着法"
    );
}

#[test]
fn move_errors_in_both_languages() {
    for e in move_errors() {
        check(&e.text(Lang::En), &e.to_string(), &e.text(Lang::Zh), &[]);
    }
    let e = MoveError::San(SanError::Illegal("e5".into()));
    assert_eq!(e.text(Lang::Zh), "`e5` 在此局面中不是合法着法");
    let e = MoveError::GameOver(Outcome::Checkmate {
        winner: Color::Black,
    });
    assert_eq!(e.text(Lang::Zh), "对局已经结束（将杀，黑方胜），不能再走棋");
    let e = MoveError::GameOver(Outcome::SeventyFiveMoves);
    assert!(e.text(Lang::Zh).contains("75"));
}

#[test]
fn fen_errors_in_both_languages() {
    for e in fen_errors() {
        let figure = match &e {
            FenError::FieldCount(n) => n.to_string(),
            FenError::Placement(t)
            | FenError::SideToMove(t)
            | FenError::Castling(t)
            | FenError::EnPassant(t)
            | FenError::HalfmoveClock(t)
            | FenError::FullmoveNumber(t) => t.clone(),
        };
        check(
            &e.text(Lang::En),
            &e.to_string(),
            &e.text(Lang::Zh),
            &[&figure],
        );
    }
    assert_eq!(
        FenError::Castling("KQkqX".into()).text(Lang::Zh),
        "易位权无效：`KQkqX`"
    );
}
