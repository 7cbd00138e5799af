//! Xiangqi PGN on the real files of testdata/games/xiangqi. Every count
//! asserted here comes from testdata/games/README.md or from the tables
//! that ship with the files (notation-set/games.tsv, moves.tsv).

use qiyuan_formats::pgn::xiangqi::{
    XiangqiErrorKind, XiangqiGame, XiangqiResult, check_xiangqi, is_xiangqi, read_xiangqi_pgn,
    write_xiangqi_pgn,
};
use qiyuan_formats::pgn::{ResultCheck, TextEncoding, decode, read_raw};
use qiyuan_xiangqi::{Color, Notation, Position};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/games/xiangqi");

fn read(path: &str) -> (String, TextEncoding) {
    let bytes = std::fs::read(format!("{DIR}/{path}")).unwrap();
    let (text, enc) = decode(&bytes);
    (text.into_owned(), enc)
}

fn games(path: &str) -> Vec<XiangqiGame> {
    let (text, _) = read(path);
    read_xiangqi_pgn(&text)
        .map(|g| g.unwrap_or_else(|e| panic!("{path}: {e}")))
        .collect()
}

/// moves.tsv: per game, the ICCS moves (`h2e2`).
fn notation_set_moves() -> Vec<Vec<String>> {
    let (text, _) = read("notation-set/moves.tsv");
    let mut out: Vec<Vec<String>> = vec![Vec::new(); 31];
    for l in text.lines().skip(1) {
        let f: Vec<&str> = l.split('\t').collect();
        let game: usize = f[0].parse().unwrap();
        let ply: usize = f[1].parse().unwrap();
        assert_eq!(out[game - 1].len() + 1, ply);
        out[game - 1].push(f[4].to_string());
    }
    out
}

/// games.tsv rows: (result, plies, start FEN).
fn notation_set_games() -> Vec<(String, usize, String)> {
    let (text, _) = read("notation-set/games.tsv");
    text.lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[4].to_string(), f[5].parse().unwrap(), f[7].to_string())
        })
        .collect()
}

fn iccs(g: &XiangqiGame) -> Vec<String> {
    g.moves.iter().map(ToString::to_string).collect()
}

#[test]
fn notation_set_all_five_files_agree_with_moves_tsv() {
    let expected = notation_set_moves();
    let rows = notation_set_games();
    for (file, enc, notation) in [
        (
            "ccpd-notation-set.big5.pgn",
            TextEncoding::Big5,
            Notation::Chinese,
        ),
        (
            "ccpd-notation-set.utf8.pgn",
            TextEncoding::Utf8,
            Notation::Chinese,
        ),
        (
            "ccpd-notation-set.gbk.pgn",
            TextEncoding::Gbk,
            Notation::Chinese,
        ),
        (
            "ccpd-notation-set.iccs.pgn",
            TextEncoding::Utf8,
            Notation::Iccs,
        ),
        (
            "ccpd-notation-set.wxf.pgn",
            TextEncoding::Utf8,
            Notation::Wxf,
        ),
    ] {
        let (_, got_enc) = read(&format!("notation-set/{file}"));
        assert_eq!(got_enc, enc, "{file}");
        let gs = games(&format!("notation-set/{file}"));
        assert_eq!(gs.len(), 31, "{file}");
        let mut plies = 0;
        for (i, g) in gs.iter().enumerate() {
            assert_eq!(g.notation, notation, "{file} game {}", i + 1);
            assert_eq!(iccs(g), expected[i], "{file} game {}", i + 1);
            let (result, n, fen) = &rows[i];
            assert_eq!(g.plies(), *n);
            assert_eq!(g.result.as_str(), result);
            assert_eq!(g.start, Position::from_fen(fen).unwrap());
            plies += g.plies();
        }
        // README: 3,071 plies in all.
        assert_eq!(plies, 3_071, "{file}");
        let count = |r| gs.iter().filter(|g| g.result == r).count();
        // README: 10 × 1-0, 10 × 0-1, 9 × 1/2-1/2, 2 × *.
        assert_eq!(
            (
                count(XiangqiResult::RedWins),
                count(XiangqiResult::BlackWins),
                count(XiangqiResult::Draw),
                count(XiangqiResult::Unknown)
            ),
            (10, 10, 9, 2),
            "{file}"
        );
    }
}

#[test]
fn notation_set_written_in_each_notation_reads_back_the_same() {
    let expected = notation_set_moves();
    let gs = games("notation-set/ccpd-notation-set.big5.pgn");
    for notation in [Notation::Chinese, Notation::Iccs, Notation::Wxf] {
        let text: String = gs
            .iter()
            .map(|g| write_xiangqi_pgn(g, notation) + "\n")
            .collect();
        let back: Vec<XiangqiGame> = read_xiangqi_pgn(&text).map(Result::unwrap).collect();
        assert_eq!(back.len(), 31);
        for (i, (a, b)) in gs.iter().zip(&back).enumerate() {
            assert_eq!(b.notation, notation);
            assert_eq!(iccs(b), expected[i], "{notation:?} game {}", i + 1);
            assert_eq!((a.start.clone(), a.result), (b.start.clone(), b.result));
            assert_eq!(a.tag("Red"), b.tag("Red"));
        }
    }
}

#[test]
fn written_wxf_matches_the_wxf_file_tokens() {
    // The WXF file's tokens are the external WXF of every move (moves.tsv
    // column `wxf`), so writing the Chinese file in WXF must reproduce them.
    let (text, _) = read("notation-set/moves.tsv");
    let wxf: Vec<String> = text
        .lines()
        .skip(1)
        .map(|l| l.split('\t').nth(5).unwrap().to_string())
        .collect();
    let gs = games("notation-set/ccpd-notation-set.utf8.pgn");
    let mut written = Vec::new();
    for g in &gs {
        let mut pos = g.start.clone();
        for &mv in &g.moves {
            written.push(pos.format_move(mv, Notation::Wxf).unwrap());
            pos.make_move(mv);
        }
    }
    assert_eq!(written, wxf);
}

#[test]
fn ccpd_league_and_endgames_read_and_replay() {
    // README: league 1,244 games, results 412 / 237 / 595.
    let league = games("ccpd/ccpd-league.big5.pgn");
    assert_eq!(league.len(), 1_244);
    let count = |gs: &[XiangqiGame], r| gs.iter().filter(|g| g.result == r).count();
    assert_eq!(
        (
            count(&league, XiangqiResult::RedWins),
            count(&league, XiangqiResult::BlackWins),
            count(&league, XiangqiResult::Draw)
        ),
        (412, 237, 595)
    );
    // README spot check: game 1 靳玉硯 – 呂欽, 100 plies, 0-1.
    assert_eq!(league[0].plies(), 100);
    assert_eq!(league[0].result, XiangqiResult::BlackWins);
    assert!(league[0].tag("Red").unwrap().contains("靳玉硯"));

    // README: endgames 244, every one with a FEN, 84 with Black to move,
    // results 150 / 88 / 6; game 1 楊官璘 – 徐天利, Black first, 43 plies, 0-1.
    let end = games("ccpd/ccpd-endgames.big5.pgn");
    assert_eq!(end.len(), 244);
    assert!(end.iter().all(|g| g.tag("FEN").is_some()));
    let black_first = end
        .iter()
        .filter(|g| g.start.side_to_move() == Color::Black)
        .count();
    assert_eq!(black_first, 84);
    assert_eq!(
        (
            count(&end, XiangqiResult::RedWins),
            count(&end, XiangqiResult::BlackWins),
            count(&end, XiangqiResult::Draw)
        ),
        (150, 88, 6)
    );
    assert_eq!(end[0].start.side_to_move(), Color::Black);
    assert_eq!(
        (end[0].plies(), end[0].result),
        (43, XiangqiResult::BlackWins)
    );
}

#[test]
fn ccpd_computer_has_exactly_the_three_known_illegal_moves() {
    let (text, enc) = read("ccpd/ccpd-computer.big5.pgn");
    assert_eq!(enc, TextEncoding::Big5);
    let mut n = 0;
    let mut bad = Vec::new();
    for g in read_xiangqi_pgn(&text) {
        n += 1;
        if let Err(e) = g {
            let XiangqiErrorKind::IllegalMove(m) = &e.kind else {
                panic!("{e}")
            };
            bad.push((e.game, m.ply, m.text.clone()));
        }
    }
    // README: 208 games; game 52 ply 115 帥五進一, game 60 ply 72 將５進１,
    // game 89 ply 72 將５平４.
    assert_eq!(n, 208);
    assert_eq!(
        bad,
        vec![
            (52, 115, "帥五進一".to_string()),
            (60, 72, "將５進１".to_string()),
            (89, 72, "將５平４".to_string())
        ]
    );
    // check_xiangqi agrees and reports the move numbers: ply 115 is Red's
    // 58th move, ply 72 Black's 36th.
    let raws: Vec<_> = read_raw(&text).map(Result::unwrap).collect();
    let c = check_xiangqi(&raws[51]).unwrap();
    let m = c.illegal.unwrap();
    assert_eq!((c.plies, m.number.as_str()), (114, "58."));
    let c = check_xiangqi(&raws[59]).unwrap();
    assert_eq!(c.illegal.unwrap().number, "36...");
    assert_eq!(c.result, ResultCheck::Undecided);
}

#[test]
fn wukong_files_in_three_notations() {
    let trad = games("wukong-xqdb/xqdb_traditional.pgn");
    let intl = games("wukong-xqdb/xqdb_international.pgn");
    let uci = games("wukong-xqdb/bulk_games_uci.pgn");
    assert_eq!((trad.len(), intl.len(), uci.len()), (15, 15, 15));
    assert!(trad.iter().all(|g| g.notation == Notation::Chinese));
    assert!(intl.iter().all(|g| g.notation == Notation::Wxf));
    assert!(uci.iter().all(|g| g.notation == Notation::Iccs));
    // README: 1,378 plies.
    assert_eq!(uci.iter().map(XiangqiGame::plies).sum::<usize>(), 1_378);
    for i in 0..15 {
        assert_eq!(iccs(&trad[i]), iccs(&intl[i]), "game {}", i + 1);
        assert_eq!(trad[i].plies(), uci[i].plies(), "game {}", i + 1);
        let differ: Vec<usize> = (0..trad[i].plies())
            .filter(|&p| trad[i].moves[p] != uci[i].moves[p])
            .collect();
        if i == 1 {
            // README: game 2, ply 71: 后兵进一 (e3→e4) against e5e6.
            assert_eq!(differ.first(), Some(&70));
            assert_eq!(uci[i].moves[70].to_string(), "e5e6");
            assert_eq!(trad[i].moves[70].to_string(), "e3e4");
        } else {
            assert!(differ.is_empty(), "game {}", i + 1);
        }
    }
    // No Result tag and no result token: `*`.
    assert!(uci.iter().all(|g| g.result == XiangqiResult::Unknown));
}

#[test]
fn liu_dahua_1125_games() {
    // README: 1,125 games, 101,321 plies, all legal.
    let gs = games("wukong-xqdb/Liu_Dahua_1125_UCI_games.pgn");
    assert_eq!(gs.len(), 1_125);
    assert_eq!(gs.iter().map(XiangqiGame::plies).sum::<usize>(), 101_321);
}

#[test]
fn every_xiangqi_pgn_game_is_sniffed_as_xiangqi() {
    for f in [
        "ccpd/ccpd-league.big5.pgn",
        "notation-set/ccpd-notation-set.iccs.pgn",
        "notation-set/ccpd-notation-set.wxf.pgn",
        "wukong-xqdb/xqdb_international.pgn",
        "wukong-xqdb/bulk_games_uci.pgn",
    ] {
        let (text, _) = read(f);
        assert!(read_raw(&text).all(|g| is_xiangqi(&g.unwrap())), "{f}");
    }
    let chess = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/games/chess/derived-fen-starts.pgn"
    ))
    .unwrap();
    assert!(read_raw(&chess).all(|g| !is_xiangqi(&g.unwrap())));
}

#[test]
fn results_checked_against_the_final_position() {
    // Every decisive game of the notation set that ends with the loser to move
    // and no legal move must be consistent; nothing there is inconsistent.
    let (text, _) = read("notation-set/ccpd-notation-set.utf8.pgn");
    for raw in read_raw(&text) {
        let c = check_xiangqi(&raw.unwrap()).unwrap();
        assert!(c.illegal.is_none());
        assert!(!matches!(c.result, ResultCheck::Inconsistent(_)), "{c:?}");
    }
    // Hand-made 困毙 (no legal move without check, a loss in xiangqi):
    // Black king e9 alone; Red rooks d8 and f8 guard d9, f9 and e8 (the king
    // moves one point orthogonally, so it cannot reach d8/f8); the Red king
    // on d0 keeps the e-file free of the flying-general rule. Black to move
    // has no legal move.
    let fen = "4k4/3R1R3/9/9/9/9/9/9/9/3K5 b - - 0 1";
    let pos = Position::from_fen(fen).unwrap();
    assert!(!pos.in_check());
    assert!(pos.is_lost());
    // 1-0 is consistent, a draw or 0-1 inconsistent, and
    // `*` (unknown) undecided.
    for (result, want) in [
        ("1-0", "consistent"),
        ("0-1", "inconsistent"),
        ("1/2-1/2", "inconsistent"),
        ("*", "undecided"),
    ] {
        let text = format!("[FEN \"{fen}\"]\n[Result \"{result}\"]\n\n{result}\n");
        let raw = read_raw(&text).next().unwrap().unwrap();
        let c = check_xiangqi(&raw).unwrap();
        assert!(c.no_legal_move);
        let got = match c.result {
            ResultCheck::Consistent => "consistent",
            ResultCheck::Undecided => "undecided",
            ResultCheck::Inconsistent(_) => "inconsistent",
        };
        assert_eq!(got, want, "{result}");
    }
    // A resignation position: any result stands.
    let raw = read_raw("[Result \"0-1\"]\n\n1. 炮二平五 马８进７ 0-1\n")
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(check_xiangqi(&raw).unwrap().result, ResultCheck::Undecided);
    // Tag against token.
    let raw = read_raw("[Result \"1-0\"]\n\n1. 炮二平五 0-1\n")
        .next()
        .unwrap()
        .unwrap();
    assert!(matches!(
        check_xiangqi(&raw).unwrap().result,
        ResultCheck::Inconsistent(_)
    ));
}

#[test]
fn bad_fen_is_an_error_naming_the_game() {
    let text = "[Game \"Chinese Chess\"]\n\n*\n\n[FEN \"rnbakabnr/9/9 w\"]\n\n1. h2e2 *\n";
    let r: Vec<_> = read_xiangqi_pgn(text).collect();
    assert!(r[0].is_ok());
    let e = r[1].as_ref().unwrap_err();
    assert_eq!(e.game, 2);
    assert!(matches!(e.kind, XiangqiErrorKind::BadFen(_)), "{e}");
}
