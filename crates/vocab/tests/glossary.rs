//! `docs/glossary.md` is the crate's glossary, word for word, and no two
//! terms of one kind share a wording (a reader could not tell them apart).

use std::collections::HashSet;

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/glossary.md");

/// With `QIYUAN_WRITE_GLOSSARY=1` the test writes the file instead.
#[test]
fn the_glossary_file_is_the_crates() {
    if std::env::var("QIYUAN_WRITE_GLOSSARY").is_ok_and(|v| v == "1") {
        std::fs::write(PATH, qiyuan_vocab::glossary_markdown()).unwrap();
    }
    let file = std::fs::read_to_string(PATH).expect("docs/glossary.md");
    assert_eq!(
        file,
        qiyuan_vocab::glossary_markdown(),
        "docs/glossary.md differs from the crate: run `QIYUAN_WRITE_GLOSSARY=1 cargo test -p qiyuan-vocab`"
    );
}

#[test]
fn no_two_terms_share_a_wording() {
    use qiyuan_vocab::{ByeKind, GameKind, GameResult, Lang, ResultWording};
    for lang in [Lang::Zh, Lang::En] {
        let byes: HashSet<_> = ByeKind::ALL.iter().map(|b| b.label(lang)).collect();
        assert_eq!(byes.len(), ByeKind::ALL.len());
        for g in [GameKind::Xiangqi, GameKind::Chess] {
            for w in ResultWording::ALL {
                let results: HashSet<_> = GameResult::ALL
                    .iter()
                    .map(|r| r.label_in(g, w, lang))
                    .collect();
                assert_eq!(results.len(), GameResult::ALL.len());
            }
        }
        let wordings: HashSet<_> = ResultWording::ALL.iter().map(|w| w.label(lang)).collect();
        assert_eq!(wordings.len(), ResultWording::ALL.len());
        let headings: HashSet<_> = qiyuan_vocab::Heading::ALL
            .iter()
            .map(|h| h.label(lang))
            .collect();
        assert_eq!(headings.len(), qiyuan_vocab::Heading::ALL.len());
    }
}

/// Every result's code reads back as the result.
#[test]
fn codes_read_back() {
    use qiyuan_vocab::GameResult;
    for r in GameResult::ALL {
        assert_eq!(GameResult::from_code(r.code()), Some(r));
    }
}
