//! Every real TRF in `testdata/swiss` (written by a FIDE-endorsed
//! pairing engine) reads, gives no consistency warning, and writes back
//! byte for byte.

use std::fs;
use std::path::{Path, PathBuf};

use qiyuan_formats::trf::{Record, TextCode, parse_trf};

fn data_dir(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/swiss")
        .join(sub)
}

fn trf_files(sub: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(data_dir(sub))
        .unwrap_or_else(|e| panic!("{}: {e}", data_dir(sub).display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    files.sort();
    files
}

/// Reads, checks and writes back one file; returns the file's text.
fn round_trip(path: &Path) -> qiyuan_formats::trf::TrfFile {
    let text = fs::read_to_string(path).unwrap();
    let file = parse_trf(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let warnings = file.check();
    assert!(
        warnings.is_empty(),
        "{}: {:?}",
        path.display(),
        &warnings[..warnings.len().min(3)]
    );
    let written = file.write_trf2026().unwrap();
    assert!(written == text, "{}: written text differs", path.display());
    // The same with CR and CRLF line ends on input.
    assert_eq!(parse_trf(&text.replace('\n', "\r")).unwrap(), file);
    assert_eq!(parse_trf(&text.replace('\n', "\r\n")).unwrap(), file);
    file
}

#[test]
fn rtg_files_round_trip() {
    let files = trf_files("rtg");
    assert_eq!(
        files.len(),
        200,
        "data/README.md: rtg/ holds 200 tournaments"
    );
    for path in &files {
        let file = round_trip(path);
        // data/README.md: 15–215 players, 5–15 rounds.
        let n = file.players().count();
        assert!((15..=215).contains(&n), "{}: {n} players", path.display());
        let r = file.rounds_in_file();
        assert!((5..=15).contains(&r), "{}: {r} rounds", path.display());
        assert_eq!(file.text(TextCode::TournamentType), Some("FIDE_DUTCH_2025"));
        // TRF16 output equals TRF26 output when no TRF26-only record is present.
        if file.total_rounds().is_none() {
            assert_eq!(file.write_trf16().unwrap(), file.write_trf2026().unwrap());
        }
    }
}

#[test]
fn small_files_round_trip() {
    let files = trf_files("small");
    assert_eq!(
        files.len(),
        100,
        "data/README.md: small/ holds 100 tournaments"
    );
    let mut with_142 = 0;
    for path in &files {
        let file = round_trip(path);
        // data/README.md: 9 players, 7 rounds.
        assert_eq!(file.players().count(), 9, "{}", path.display());
        if file
            .records
            .iter()
            .any(|r| matches!(r, Record::NumberOfRounds(7)))
        {
            with_142 += 1;
            assert_eq!(file.total_rounds(), Some(7));
            // data/README.md: in those, only 5 or 6 rounds could be played.
            assert!(
                (5..=6).contains(&file.rounds_in_file()),
                "{}",
                path.display()
            );
            // TRF16 has no 142: it becomes XXR 7, which reads back as the same total.
            let trf16 = file.write_trf16().unwrap();
            assert!(trf16.contains("\nXXR 7\n") && !trf16.contains("142"));
            assert_eq!(parse_trf(&trf16).unwrap().total_rounds(), Some(7));
        } else {
            assert_eq!(file.rounds_in_file(), 7, "{}", path.display());
        }
    }
    // data/README.md: "in 15 of them, marked `142 7`".
    assert_eq!(with_142, 15);
}

#[test]
fn large_s100_round_trips() {
    let file = round_trip(&data_dir("large").join("s100.trf"));
    // From the file's header line "012 Synthetic Swiss n=100 r=8 seed=1" and "XXR 9".
    assert_eq!(file.players().count(), 100);
    assert_eq!(file.rounds_in_file(), 8);
    assert_eq!(file.total_rounds(), Some(9));
    assert_eq!(
        file.initial_colour(),
        Some(qiyuan_formats::trf::InitialColour::White)
    );
}

/// The 1000-, 2000- and 5000-player files.
#[test]
fn large_files_round_trip() {
    // n and r from each file's 012 line ("n=1000 r=9" …).
    for (name, n, r) in [
        ("s1000.trf", 1000, 9),
        ("s2000.trf", 2000, 9),
        ("s5000.trf", 5000, 10),
    ] {
        let file = round_trip(&data_dir("large").join(name));
        assert_eq!(file.players().count(), n);
        assert_eq!(file.rounds_in_file(), r);
    }
}
