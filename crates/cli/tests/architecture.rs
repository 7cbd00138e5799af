//! ARCHITECTURE.md's dependency rules hold: every workspace crate uses only
//! the workspace crates its row of the table allows, and no pure crate uses
//! a database, network or terminal crate (`cargo metadata`, read here).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

/// The rows of the "Dependency rules" table: crate → the crates it may use
/// (`None`: every crate).
fn rules() -> BTreeMap<String, Option<BTreeSet<String>>> {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../ARCHITECTURE.md"),
    )
    .unwrap();
    let section = text
        .split("## Dependency rules")
        .nth(1)
        .expect("ARCHITECTURE.md has a Dependency rules section");
    let section = section.split("\n## ").next().unwrap();
    let mut out = BTreeMap::new();
    for line in section.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let name = cells[1].split('`').nth(1).unwrap().to_string();
        let allowed = if cells[2] == "every crate" {
            None
        } else {
            Some(
                cells[2]
                    .split('`')
                    .skip(1)
                    .step_by(2)
                    .map(String::from)
                    .collect(),
            )
        };
        out.insert(name, allowed);
    }
    out
}

/// `cargo metadata` of the workspace (its own packages only).
fn metadata() -> serde_json::Value {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args([
            "metadata",
            "--no-deps",
            "--format-version",
            "1",
            "--offline",
        ])
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Every workspace package with the names of its dependencies (all kinds).
fn packages() -> BTreeMap<String, BTreeSet<String>> {
    let meta = metadata();
    meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let deps = p["dependencies"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d["name"].as_str().unwrap().to_string())
                .collect();
            (p["name"].as_str().unwrap().to_string(), deps)
        })
        .collect()
}

#[test]
fn crates_use_only_what_architecture_md_allows() {
    let rules = rules();
    let packages = packages();
    let mut problems = Vec::new();
    for (name, deps) in &packages {
        let Some(allowed) = rules.get(name) else {
            problems.push(format!(
                "{name} has no row in ARCHITECTURE.md's dependency rules"
            ));
            continue;
        };
        let Some(allowed) = allowed else { continue };
        // A crate's dev-dependency on itself (to turn on a feature for its
        // own tests, as the store's `test-pool`) is no layering.
        for d in deps
            .iter()
            .filter(|d| packages.contains_key(*d) && *d != name)
        {
            if !allowed.contains(d) {
                problems.push(format!("{name} uses {d}, which its row does not allow"));
            }
        }
    }
    for name in rules.keys().filter(|n| !packages.contains_key(*n)) {
        problems.push(format!(
            "ARCHITECTURE.md names {name}, which is not a workspace crate"
        ));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn pure_crates_use_no_io_crate() {
    let io = ["sqlx", "tokio", "axum", "hyper", "reqwest", "clap"];
    let edge = ["qiyuan-store", "qiyuan-server", "qiyuan"];
    let mut problems = Vec::new();
    for (name, deps) in packages() {
        if edge.contains(&name.as_str()) {
            continue;
        }
        for d in deps.iter().filter(|d| io.contains(&d.as_str())) {
            problems.push(format!("{name} uses {d}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every SQL statement lives in `qiyuan-store` (issue 14): no other crate
/// has `sqlx` as a normal dependency (tests may use it to look inside).
#[test]
fn only_the_store_speaks_sql() {
    let meta = metadata();
    let mut problems = Vec::new();
    for p in meta["packages"].as_array().unwrap() {
        let name = p["name"].as_str().unwrap();
        for d in p["dependencies"].as_array().unwrap() {
            if d["name"] == "sqlx" && d["kind"].is_null() && name != "qiyuan-store" {
                problems.push(format!("{name} uses sqlx outside its tests"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The table is read as written: a row that allowed more would pass a
/// crate it should not.
#[test]
fn the_rules_are_read() {
    let rules = rules();
    assert_eq!(rules["qiyuan-vocab"], Some(BTreeSet::new()));
    assert!(
        rules["qiyuan-rating"]
            .as_ref()
            .unwrap()
            .contains("qiyuan-tournament")
    );
    assert!(
        !rules["qiyuan-tournament"]
            .as_ref()
            .unwrap()
            .contains("qiyuan-rating")
    );
    assert_eq!(rules["qiyuan"], None);
}
