//! `qiyuan convert` to XQF, end to end, against the XQF files shipped in
//! `testdata/games/xiangqi/xqf/` (README: 9 notation-set games written
//! as XQF 1.0, version 10, and as the obfuscated version 18 by an encoder
//! outside this project, checked with PyPI `cchess`; `index.tsv` maps each
//! file to its game).

use std::path::Path;
use std::process::Command;

use qiyuan_formats::pgn::{decode, read_raw};
use qiyuan_formats::xqf::read_xqf;

const GAMES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/games");

fn qiyuan(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(args)
        .output()
        .expect("run qiyuan")
}

fn ok(args: &[&str]) -> std::process::Output {
    let out = qiyuan(args);
    assert!(
        out.status.success(),
        "qiyuan {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// index.tsv rows: (file, notation-set game number).
fn index() -> Vec<(String, usize)> {
    std::fs::read_to_string(format!("{GAMES}/xiangqi/xqf/index.tsv"))
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0].to_string(), f[1].parse().unwrap())
        })
        .collect()
}

/// The text of game `n` (1-based) of a notation-set PGN file: the source
/// files are concatenated with one empty line between games, each starting
/// with its `[Game` tag.
fn game_text(name: &str, n: usize) -> String {
    let bytes = std::fs::read(format!(
        "{GAMES}/xiangqi/notation-set/ccpd-notation-set.{name}.pgn"
    ))
    .unwrap();
    let text = decode(&bytes).0.into_owned();
    let starts: Vec<usize> = text.match_indices("[Game ").map(|(i, _)| i).collect();
    assert_eq!(starts.len(), 31);
    let end = starts.get(n).copied().unwrap_or(text.len());
    text[starts[n - 1]..end].to_string()
}

#[test]
fn xqf_v18_converts_to_the_shipped_v10_file() {
    // Each game is shipped as v18 and v10: converting the v18 file to XQF
    // gives the v10 file, byte for byte.
    let dir = tempfile::tempdir().unwrap();
    for (file, _) in index().iter().filter(|(f, _)| f.contains(".v18.")) {
        let out = dir.path().join("out.xqf");
        ok(&[
            "convert",
            &format!("{GAMES}/xiangqi/xqf/{file}"),
            out.to_str().unwrap(),
        ]);
        let want = std::fs::read(format!(
            "{GAMES}/xiangqi/xqf/{}",
            file.replace(".v18.", ".v10.")
        ))
        .unwrap();
        assert!(std::fs::read(&out).unwrap() == want, "{file}");
    }
}

#[test]
fn pgn_games_convert_to_the_shipped_xqf_files() {
    // The shipped v10 files hold Event (as title and event), Date, Site,
    // Red, Black, the result, type 0 / 2 and the moves of their PGN game:
    // the same game in any notation or encoding converts to the same bytes.
    let dir = tempfile::tempdir().unwrap();
    for (file, game) in index().iter().filter(|(f, _)| f.contains(".v10.")) {
        let want = std::fs::read(format!("{GAMES}/xiangqi/xqf/{file}")).unwrap();
        for (notation, ext) in [("utf8", "pgn"), ("iccs", "pgn"), ("wxf", "pgn")] {
            let input = dir.path().join(format!("game.{ext}"));
            std::fs::write(&input, game_text(notation, *game)).unwrap();
            let out = dir.path().join("out.xqf");
            ok(&["convert", input.to_str().unwrap(), out.to_str().unwrap()]);
            let got = std::fs::read(&out).unwrap();
            assert!(got == want, "{file} from {notation}");
        }
    }
}

#[test]
fn xqf_to_stdout_and_back_to_pgn() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("g.pgn");
    std::fs::write(&input, game_text("gbk", 2)).unwrap();
    let out = ok(&["convert", input.to_str().unwrap(), "-", "--to", "xqf"]);
    let g = read_xqf(&out.stdout).unwrap();
    // README: notation-set game 2 is 許銀川 – 曾啟全, 115 plies, 1-0.
    assert_eq!(g.main_line().len(), 115);
    assert_eq!(g.result.as_str(), "1-0");
    assert!(g.red.contains("許銀川"), "{}", g.red);
    let xqf = dir.path().join("g.xqf");
    std::fs::write(&xqf, &out.stdout).unwrap();
    let back = ok(&[
        "convert",
        xqf.to_str().unwrap(),
        "-",
        "--to",
        "pgn",
        "--notation",
        "iccs",
    ]);
    let text = String::from_utf8(back.stdout).unwrap();
    let raw = read_raw(&text).next().unwrap().unwrap();
    assert_eq!(raw.result.as_deref(), Some("1-0"));
}

#[test]
fn what_xqf_cannot_hold_is_refused_or_noted() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.xqf");
    // A file of 31 games: XQF holds one.
    let all = format!("{GAMES}/xiangqi/notation-set/ccpd-notation-set.iccs.pgn");
    let r = qiyuan(&["convert", &all, out.to_str().unwrap()]);
    assert!(!r.status.success());
    assert!(
        String::from_utf8_lossy(&r.stderr).contains("31 games"),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    assert!(!Path::new(&out).exists());
    // A chess game.
    let chess = dir.path().join("c.pgn");
    std::fs::write(
        &chess,
        "[Event \"x\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n",
    )
    .unwrap();
    let r = qiyuan(&["convert", chess.to_str().unwrap(), out.to_str().unwrap()]);
    assert!(!r.status.success());
    assert!(String::from_utf8_lossy(&r.stderr).contains("chess"));
    // Tags without an XQF field and NAGs are noted on standard error.
    let pgn = dir.path().join("n.pgn");
    std::fs::write(
        &pgn,
        "[Game \"Chinese Chess\"]\n[Event \"e\"]\n[Round \"3\"]\n[Red \"r\"]\n[Black \"b\"]\n\
         [Result \"*\"]\n\n1. h2e2 ! h9g7 *\n",
    )
    .unwrap();
    let r = ok(&["convert", pgn.to_str().unwrap(), out.to_str().unwrap()]);
    let notes = String::from_utf8_lossy(&r.stderr);
    assert!(notes.contains("Round") && notes.contains("NAG"), "{notes}");
    assert_eq!(
        read_xqf(&std::fs::read(&out).unwrap())
            .unwrap()
            .main_line()
            .len(),
        2
    );
}
