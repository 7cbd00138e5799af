//! Why a game's result contradicts its record ([`ResultProblem`]) in both
//! languages (issue 15): every kind; the English is the `Display` text
//! (the `result_problem` of `check-games --format json`), the Chinese has
//! no English sentence and keeps the plies and results.

use qiyuan_chess::{Color, Outcome};
use qiyuan_formats::pgn::ResultProblem;
use qiyuan_rating::Lang;
use qiyuan_vocab::english_phrases;

fn examples() -> Vec<ResultProblem> {
    let mut all = vec![
        ResultProblem::TagAndToken {
            tag: "1-0".into(),
            token: "0-1".into(),
        },
        ResultProblem::NoLegalMove {
            ply: 41,
            red_lost: true,
            due: "0-1".into(),
            claimed: "1-0".into(),
        },
        ResultProblem::NoLegalMove {
            ply: 42,
            red_lost: false,
            due: "1-0".into(),
            claimed: "1/2-1/2".into(),
        },
    ];
    for outcome in [
        Outcome::Checkmate {
            winner: Color::White,
        },
        Outcome::Checkmate {
            winner: Color::Black,
        },
        Outcome::Stalemate,
        Outcome::DeadPosition,
        Outcome::FivefoldRepetition,
        Outcome::SeventyFiveMoves,
    ] {
        all.push(ResultProblem::Ended {
            ply: 4,
            outcome,
            claimed: "1-0".into(),
        });
    }
    // A new kind fails to compile here until it has an example above.
    for p in &all {
        match p {
            ResultProblem::TagAndToken { .. }
            | ResultProblem::Ended { .. }
            | ResultProblem::NoLegalMove { .. } => {}
        }
    }
    all
}

#[test]
fn result_problems_in_both_languages() {
    for p in examples() {
        let (en, zh) = (p.text(Lang::En), p.text(Lang::Zh));
        assert_eq!(en, p.to_string());
        assert!(
            english_phrases(&zh).is_empty(),
            "{zh}: {:?}",
            english_phrases(&zh)
        );
        for f in en
            .split(|c: char| !c.is_ascii_digit() && c != '-' && c != '/')
            .filter(|s| s.chars().any(|c| c.is_ascii_digit()))
        {
            assert!(zh.contains(f), "{en} → {zh} lacks {f}");
        }
    }
    let mate = ResultProblem::Ended {
        ply: 4,
        outcome: Outcome::Checkmate {
            winner: Color::Black,
        },
        claimed: "1-0".into(),
    };
    assert_eq!(
        mate.to_string(),
        "the game ended at ply 4 by Checkmate { winner: Black }, which gives 0-1, but the result is 1-0"
    );
}
