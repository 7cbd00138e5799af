//! `qiyuan convert` on game records, end to end: the 31 games of
//! `testdata/games/xiangqi/notation-set/` (the same games shipped in
//! Chinese Big5 / UTF-8 / GBK, ICCS and WXF) converted from every file into
//! every notation must equal the shipped file of that notation move for move;
//! the XQF files of `xiangqi/xqf/` must equal their PGN twin; chess PGN keeps
//! every game; an illegal move stops with its game, move and line.
//! Expected figures come from `testdata/games/README.md` and the TSV files
//! shipped beside the games.

use std::process::Command;

use qiyuan_formats::pgn::xiangqi::read_xiangqi_pgn;
use qiyuan_formats::pgn::{Element, RawGame, decode, read_pgn, read_raw};

const GAMES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/games");

fn set(name: &str) -> String {
    format!("{GAMES}/xiangqi/notation-set/ccpd-notation-set.{name}.pgn")
}

fn qiyuan(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(args)
        .output()
        .expect("run qiyuan")
}

/// Runs `qiyuan convert IN - --to pgn EXTRA…` and returns standard output.
fn convert(input: &str, extra: &[&str]) -> String {
    let mut args = vec!["convert", input, "-", "--to", "pgn"];
    args.extend_from_slice(extra);
    let out = qiyuan(&args);
    assert!(
        out.status.success(),
        "qiyuan {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("the output is UTF-8")
}

/// The raw games of a PGN file in any encoding.
fn raw_games(text: &str) -> Vec<RawGame> {
    read_raw(text).map(|g| g.expect("PGN syntax")).collect()
}

fn read_shipped(name: &str) -> Vec<RawGame> {
    let bytes = std::fs::read(set(name)).unwrap();
    raw_games(&decode(&bytes).0)
}

/// The main-line move tokens of a game, as written.
fn tokens(g: &RawGame) -> Vec<String> {
    g.movetext
        .iter()
        .filter_map(|e| match e {
            Element::Move(t) => Some(t.text.clone()),
            _ => None,
        })
        .collect()
}

/// Tags other than `Format` (which names the notation) and `Game`.
fn tags(g: &RawGame) -> Vec<(String, String)> {
    g.tags
        .iter()
        .filter(|t| t.name != "Format" && t.name != "Game")
        .map(|t| (t.name.clone(), t.value.clone()))
        .collect()
}

/// moves.tsv: per game, (iccs, loose) for every ply.
fn moves_tsv() -> Vec<Vec<(String, bool)>> {
    let text = std::fs::read_to_string(format!("{GAMES}/xiangqi/notation-set/moves.tsv")).unwrap();
    let mut games: Vec<Vec<(String, bool)>> = vec![Vec::new(); 31];
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let game: usize = f[0].parse().unwrap();
        games[game - 1].push((f[4].to_string(), f[7] == "1"));
    }
    games
}

/// Every source file into `target` (ICCS or WXF): the same 31 games, tags and
/// results as the shipped file, and its move tokens exactly (3,071 plies).
fn same_as_shipped(target: &str) {
    let shipped = read_shipped(target);
    assert_eq!(shipped.len(), 31);
    for source in ["big5", "utf8", "gbk", "iccs", "wxf"] {
        let out = raw_games(&convert(&set(source), &["--notation", target]));
        assert_eq!(out.len(), 31, "{source} → {target}");
        let mut plies = 0;
        for (o, s) in out.iter().zip(&shipped) {
            assert_eq!(
                tokens(o),
                tokens(s),
                "{source} → {target}, game {}",
                s.number
            );
            assert_eq!(tags(o), tags(s), "{source} → {target}, game {}", s.number);
            assert_eq!(o.result, s.result);
            assert_eq!(
                o.tag("Format").map(str::to_ascii_lowercase).as_deref(),
                Some(target)
            );
            plies += tokens(o).len();
        }
        // README: 3,071 plies in the 31 games.
        assert_eq!(plies, 3_071, "{source} → {target}");
    }
}

#[test]
fn every_notation_set_file_converts_to_the_shipped_iccs() {
    same_as_shipped("iccs");
}

#[test]
fn every_notation_set_file_converts_to_the_shipped_wxf() {
    same_as_shipped("wxf");
}

/// Chinese: the GBK file is the one written in simplified glyphs. The writer
/// uses ASCII digits for Black (`马8进7`) where the source has full-width
/// ones (`马８进７`), and `前`/`后` for tandem pieces where the source wrote
/// a file number ("loose" moves, 5 plies per moves.tsv): those 5 differ in
/// text, and every move still equals moves.tsv's ICCS.
#[test]
fn every_notation_set_file_converts_to_the_shipped_chinese() {
    let shipped = read_shipped("gbk");
    let tsv = moves_tsv();
    let ascii = |s: &str| -> String {
        s.chars()
            .map(|c| match c {
                '１'..='９' => char::from_u32(c as u32 - '１' as u32 + '1' as u32).unwrap(),
                c => c,
            })
            .collect()
    };
    for source in ["big5", "utf8", "gbk", "iccs", "wxf"] {
        let text = convert(&set(source), &["--notation", "chinese"]);
        let out = raw_games(&text);
        assert_eq!(out.len(), 31);
        let mut differ = 0;
        for ((o, s), t) in out.iter().zip(&shipped).zip(&tsv) {
            assert_eq!(o.tag("Format"), None, "Chinese is the default: no tag");
            assert_eq!(tags(o), tags(s));
            let (ot, st) = (tokens(o), tokens(s));
            assert_eq!(ot.len(), t.len());
            for (i, ((a, b), (_, loose))) in ot.iter().zip(&st).zip(t).enumerate() {
                if *a != ascii(b) {
                    assert!(
                        *loose,
                        "{source}, game {} ply {}: {a} ≠ {b}",
                        s.number,
                        i + 1
                    );
                    differ += 1;
                }
            }
        }
        // README: 5 loose plies in the set.
        assert_eq!(differ, 5, "{source}");
        // Every move of the output is the move of moves.tsv.
        for (g, t) in read_xiangqi_pgn(&text).zip(&tsv) {
            let g = g.unwrap();
            let iccs: Vec<String> = g.moves.iter().map(ToString::to_string).collect();
            let want: Vec<String> = t.iter().map(|(m, _)| m.clone()).collect();
            assert_eq!(iccs, want, "{source}, game {}", g.number);
        }
    }
}

/// Without `--notation` each game keeps the notation it was written in.
#[test]
fn without_notation_the_input_notation_is_kept() {
    for name in ["iccs", "wxf"] {
        let out = raw_games(&convert(&set(name), &[]));
        let shipped = read_shipped(name);
        assert_eq!(out.len(), 31);
        for (o, s) in out.iter().zip(&shipped) {
            assert_eq!(tokens(o), tokens(s), "{name}, game {}", s.number);
        }
    }
}

/// The 18 XQF files (index.tsv) against their notation-set twin: same start
/// position, moves (ICCS tokens) and result; the plies are index.tsv's.
#[test]
fn xqf_files_convert_to_their_pgn_twin() {
    let iccs = read_shipped("iccs");
    let index = std::fs::read_to_string(format!("{GAMES}/xiangqi/xqf/index.tsv")).unwrap();
    let mut files = 0;
    for line in index.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let (file, game, plies, result, fen) = (f[0], f[1], f[3], f[4], f[5]);
        let twin = &iccs[game.parse::<usize>().unwrap() - 1];
        let path = format!("{GAMES}/xiangqi/xqf/{file}");
        let out = raw_games(&convert(&path, &["--notation", "iccs"]));
        assert_eq!(out.len(), 1);
        let o = &out[0];
        assert_eq!(tokens(o), tokens(twin), "{file}");
        assert_eq!(tokens(o).len(), plies.parse::<usize>().unwrap(), "{file}");
        assert_eq!(o.tag("Result"), Some(result), "{file}");
        assert_eq!(o.result.as_deref(), Some(result), "{file}");
        // A FEN tag only for a set-up position; else the initial one. An XQF
        // file has no move counter: board and side to move are compared.
        let initial = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        let position = |f: &str| f.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
        assert_eq!(
            position(o.tag("FEN").unwrap_or(initial)),
            position(fen),
            "{file}"
        );
        // Default notation for XQF: Chinese, the same moves.
        let chinese = convert(&path, &[]);
        let g = read_xiangqi_pgn(&chinese).next().unwrap().unwrap();
        assert!(raw_games(&chinese)[0].tag("Format").is_none());
        let moves: Vec<String> = g
            .moves
            .iter()
            .map(|m| m.to_string().to_uppercase())
            .collect();
        let want: Vec<String> = tokens(twin).iter().map(|t| t.replace('-', "")).collect();
        assert_eq!(moves, want, "{file}");
        files += 1;
    }
    // README: 18 files.
    assert_eq!(files, 18);
}

/// README: ccpd-computer.big5.pgn, game 52, ply 115 `帥五進一` is illegal
/// (the king move ends in check). Ply 115 is Red's 58th move
/// ((115 + 1) / 2 = 58). Nothing is written.
#[test]
fn an_illegal_move_stops_with_game_move_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("out.pgn");
    let input = format!("{GAMES}/xiangqi/ccpd/ccpd-computer.big5.pgn");
    let out = qiyuan(&["convert", &input, out_path.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("game 52, line "), "{err}");
    assert!(err.contains("move 58. 帥五進一 (ply 115)"), "{err}");
    // The line named is the line of the file where the move stands.
    let line: usize = err
        .split("game 52, line ")
        .nth(1)
        .and_then(|r| r.split(',').next())
        .and_then(|n| n.parse().ok())
        .expect("a line number");
    let bytes = std::fs::read(&input).unwrap();
    let text = decode(&bytes).0;
    assert!(
        text.lines().nth(line - 1).unwrap().contains("帥五進一"),
        "line {line}"
    );
    assert!(!out_path.exists());
}

/// Chess: every game of the 2016 export (README: 4,798 games) is written
/// again and reads back to the same moves and tags.
#[test]
fn chess_pgn_keeps_every_game() {
    for (file, count) in [
        ("lichess-2016-05-export.pgn", 4_798),
        // README: 120 games from a FEN position, 58 with Black to move.
        ("derived-fen-starts.pgn", 120),
    ] {
        let path = format!("{GAMES}/chess/{file}");
        let text = convert(&path, &[]);
        let source = std::fs::read_to_string(&path).unwrap();
        let a: Vec<_> = read_pgn(&source).map(|g| g.unwrap()).collect();
        let b: Vec<_> = read_pgn(&text).map(|g| g.unwrap()).collect();
        assert_eq!(b.len(), count, "{file}");
        assert_eq!(a.len(), b.len());
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x.game.moves(), y.game.moves(), "{file} game {}", x.number);
            assert_eq!(x.result, y.result);
            for t in &x.tags {
                assert_eq!(y.tag(&t.name), Some(t.value.as_str()), "{file} {}", t.name);
            }
        }
    }
}

/// SAN is normalised: over-disambiguation dropped, check and mate marks
/// added (the scholar's mate: 4. Qxf7 is mate), a second game converted too.
#[test]
fn chess_san_is_normalised() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.pgn");
    std::fs::write(
        &input,
        "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Qh5 Nb8c6 3. Bc4 Ngf6 4. Qxf7 1-0\n\n\
         [White \"C\"]\n[Black \"D\"]\n\n1. Ng1f3 d5 *\n",
    )
    .unwrap();
    let text = convert(input.to_str().unwrap(), &[]);
    assert!(
        text.contains("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"),
        "{text}"
    );
    assert!(text.contains("1. Nf3 d5 *"), "{text}");
    // --notation is for xiangqi only.
    let out = qiyuan(&[
        "convert",
        input.to_str().unwrap(),
        "-",
        "--to",
        "pgn",
        "--notation",
        "wxf",
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("game 1") && err.contains("--notation"),
        "{err}"
    );
}
