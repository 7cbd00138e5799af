//! `docs/regulations-index.md` names, for every article of the source
//! documents, its status, its code and its tests: each row marked
//! implemented or partly must name at least one test, every test named must
//! exist (a `fn NAME(` in `crates/CRATE/tests/FILE.rs`), and every path named
//! in their code column must exist.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The rows of the index's tables with five cells.
fn rows() -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(root().join("docs/regulations-index.md")).unwrap();
    text.lines()
        .filter(|l| l.starts_with('|'))
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect::<Vec<_>>()
        })
        .filter(|c| c.len() == 5 && c[0] != "article" && !c[0].starts_with("---"))
        .collect()
}

#[test]
fn every_implemented_article_names_tests_that_exist() {
    let rows = rows();
    assert!(rows.len() >= 100, "{} rows", rows.len());
    let mut problems = Vec::new();
    for row in &rows {
        let (article, status, code, tests) = (&row[0], &row[2], &row[3], &row[4]);
        if !["implemented", "partly", "not software", "missing"].contains(&status.as_str()) {
            problems.push(format!("{article}: unknown status `{status}`"));
            continue;
        }
        if status == "implemented" || status == "partly" {
            if tests.is_empty() {
                problems.push(format!("{article}: {status} but names no test"));
            }
            for t in tests.split(',').map(str::trim).filter(|t| !t.is_empty()) {
                let Some((file, name)) = t.split_once("::") else {
                    problems.push(format!("{article}: `{t}` is not CRATE/tests/FILE.rs::NAME"));
                    continue;
                };
                let path = root().join("crates").join(file);
                match std::fs::read_to_string(&path) {
                    Ok(text) if text.contains(&format!("fn {name}(")) => {}
                    Ok(_) => problems.push(format!("{article}: no fn {name} in {file}")),
                    Err(_) => problems.push(format!("{article}: no file crates/{file}")),
                }
            }
        }
        let named = status == "implemented" || status == "partly";
        for path in code.split('`').skip(1).step_by(2).filter(|_| named) {
            if !root().join(path).exists() {
                problems.push(format!("{article}: `{path}` does not exist"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
