//! The crate's copies of the normative tables (`tables/*.csv`), each checked
//! against the SHA-256 of the table as published with the project's
//! regulations (the checksums are listed in `testdata/README.md`): a copy
//! edited by accident fails here, not in a rating officer's list.
#![allow(dead_code)]

use sha2::{Digest, Sha256};

/// SHA-256 of each table as published (regulations, `tables/`).
const PUBLISHED: [(&str, &str); 4] = [
    (
        "expected-score.csv",
        "22a08d84fb937e0cac2cfa6f0ddcae98e35e4976615576f5ac248307c85dce09",
    ),
    (
        "norms-chess.csv",
        "5f5f766edac05fe2b5209997f7909c3e0c1db82c191068554c78d9750eb01229",
    ),
    (
        "norms-xiangqi.csv",
        "fb6154a0748bf59d0eed2f6dbfdf00933c2da0c650d4dc795685c5439b3dc3fd",
    ),
    (
        "score-to-difference.csv",
        "9b651748d205f3b51f79a8b81aa02a2f851a6465fc9ae645bccdb047b611d0b8",
    ),
];

/// The text of `tables/NAME`, after checking that it is byte for byte the
/// published table.
pub fn table_text(name: &str) -> String {
    let path = format!("{}/tables/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let want = PUBLISHED
        .iter()
        .find(|(file, _)| *file == name)
        .unwrap_or_else(|| panic!("{name} is not a published table"))
        .1;
    let got: String = Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(got, want, "{path} differs from the published table");
    String::from_utf8(bytes).unwrap_or_else(|e| panic!("{path}: {e}"))
}
