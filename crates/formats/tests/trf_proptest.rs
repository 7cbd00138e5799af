//! Random mutations of real TRF files: reading never panics; an error points
//! inside the text; whatever reads writes back and reads again equal.

use std::fs;
use std::path::Path;
use std::sync::OnceLock;

use proptest::prelude::*;
use proptest::sample::Index;
use qiyuan_formats::trf::{TrfErrorKind, parse_trf};

/// A few real files, plus a TRF26 file using every typed record.
fn corpus() -> &'static Vec<String> {
    static CORPUS: OnceLock<Vec<String>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/swiss");
        let mut texts: Vec<String> = [
            "small/rtg-1.trf",
            "small/rtg-10.trf",
            "small/rtg-57.trf",
            "rtg/rtg-3.trf",
        ]
        .iter()
        .map(|f| fs::read_to_string(base.join(f)).unwrap())
        .collect();
        texts.push(include_str!("trf_sample_2026.trf").to_string());
        texts
    })
}

/// Characters that matter to the format, plus some that do not belong.
const CHARS: &[char] = &[
    ' ', ' ', ' ', '0', '1', '2', '5', '9', '.', '/', '=', '+', '-', 'w', 'b', 'W', 'D', 'L', 'H',
    'F', 'U', 'Z', 'X', 'x', '#', '\n', '\r', '\t', 'é', '中', '\u{feff}',
];

#[derive(Debug, Clone)]
enum Edit {
    Replace(Index, char),
    Insert(Index, char),
    Delete(Index),
    Truncate(Index),
    /// Copies a line over another (duplicate starting ranks, moved records).
    CopyLine(Index, Index),
}

fn edit() -> impl Strategy<Value = Edit> {
    let ch = proptest::sample::select(CHARS);
    prop_oneof![
        4 => (any::<Index>(), ch.clone()).prop_map(|(i, c)| Edit::Replace(i, c)),
        2 => (any::<Index>(), ch).prop_map(|(i, c)| Edit::Insert(i, c)),
        2 => any::<Index>().prop_map(Edit::Delete),
        1 => any::<Index>().prop_map(Edit::Truncate),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Edit::CopyLine(a, b)),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        if chars.is_empty() {
            break;
        }
        match e {
            Edit::Replace(i, c) => {
                let i = i.index(chars.len());
                chars[i] = *c;
            }
            Edit::Insert(i, c) => {
                let i = i.index(chars.len() + 1);
                chars.insert(i, *c);
            }
            Edit::Delete(i) => {
                let i = i.index(chars.len());
                chars.remove(i);
            }
            Edit::Truncate(i) => {
                let i = i.index(chars.len());
                chars.truncate(i);
            }
            Edit::CopyLine(a, b) => {
                let s: String = chars.iter().collect();
                let mut lines: Vec<String> = s.split('\n').map(str::to_string).collect();
                let (a, b) = (a.index(lines.len()), b.index(lines.len()));
                lines[b] = lines[a].clone();
                chars = lines.join("\n").chars().collect();
            }
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn mutated_real_files(file in any::<Index>(), edits in proptest::collection::vec(edit(), 1..6)) {
        let corpus = corpus();
        let text = apply(&corpus[file.index(corpus.len())], &edits);
        match parse_trf(&text) {
            Ok(parsed) => {
                let written = parsed.write_trf2026().expect("a file that reads can be written");
                let again = parse_trf(&written).expect("what was written reads");
                prop_assert_eq!(&again, &parsed);
                // Writing is stable: the second writing is the first.
                prop_assert_eq!(again.write_trf2026().unwrap(), written);
                let trf16 = parsed.write_trf16().expect("TRF16 writing");
                prop_assert!(parse_trf(&trf16).is_ok());
            }
            Err(e) => {
                // The error's line and column are inside the text.
                let body = text.trim_start_matches('\u{feff}');
                let body = body.replace("\r\n", "\n").replace('\r', "\n");
                let lines: Vec<&str> = body.split('\n').collect();
                prop_assert!(e.line >= 1 && e.line <= lines.len(), "{e}");
                let len = lines[e.line - 1].chars().count();
                // A missing field is reported at its own column, which may lie past the end.
                let missing = matches!(e.kind, TrfErrorKind::Missing { .. });
                prop_assert!(e.column >= 1 && (missing || e.column <= len + 1), "{e} (line length {len})");
                prop_assert!(!e.to_string().is_empty());
            }
        }
    }

    /// Arbitrary text (not only mutations) never panics.
    #[test]
    fn arbitrary_text(text in "(001|012|132|142|152|162|240|250|260|013|XX[RCAPZS]|BB[WDLZFU]|###)?[ -~\\n\\réw中]{0,200}") {
        if let Ok(parsed) = parse_trf(&text) {
            let written = parsed.write_trf2026().unwrap();
            prop_assert_eq!(parse_trf(&written).unwrap(), parsed);
        }
    }
}
