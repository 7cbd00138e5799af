//! PGN reader, checker and writer against the real game files in
//! `testdata/games` (counts, results and annotation figures from
//! `testdata/games/README.md`, which were made with independent tools).

use qiyuan_chess::{Color, GameResult};
use qiyuan_formats::pgn::{
    Element, PgnErrorKind, ResultCheck, TextEncoding, check, decode, read_pgn, read_raw, write_pgn,
};

fn data(path: &str) -> Vec<u8> {
    let p = format!("{}/../../testdata/games/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

fn text(path: &str) -> String {
    let bytes = data(path);
    let (s, enc) = decode(&bytes);
    assert_eq!(enc, TextEncoding::Utf8, "{path}");
    s.into_owned()
}

/// Reads every game, replays main line and variations, checks each game and
/// returns (games, results count [1-0, 0-1, draw, *]).
fn read_all(path: &str) -> (Vec<qiyuan_formats::pgn::PgnGame>, [usize; 4]) {
    let t = text(path);
    let mut games = Vec::new();
    let mut results = [0; 4];
    for (raw, game) in read_raw(&t).zip(read_pgn(&t)) {
        let raw = raw.unwrap_or_else(|e| panic!("{path}: {e}"));
        let game = game.unwrap_or_else(|e| panic!("{path}: {e}"));
        let c = check(&raw).unwrap();
        assert_eq!(c.illegal, None, "{path} game {}", raw.number);
        assert_eq!(c.plies, game.game.plies());
        assert!(
            !matches!(c.result, ResultCheck::Inconsistent(_)),
            "{path} game {}: {:?}",
            raw.number,
            c.result
        );
        // Games that ended on the board are scored as the rules say.
        if let Some((_, o)) = c.ended {
            assert_eq!(
                c.result,
                ResultCheck::Consistent,
                "{path} game {} {o:?}",
                raw.number
            );
        }
        if let Some(pc) = game.tag("PlyCount") {
            assert_eq!(
                pc.parse::<usize>().unwrap(),
                game.game.plies(),
                "{path} {}",
                raw.number
            );
        }
        results[match game.result {
            GameResult::WhiteWins => 0,
            GameResult::BlackWins => 1,
            GameResult::Draw => 2,
            GameResult::Unknown => 3,
        }] += 1;
        games.push(game);
    }
    (games, results)
}

#[test]
fn lichess_db_2025_sample() {
    // README: 438 games, results 204 / 215 / 19; 37 games with %eval.
    let (games, results) = read_all("chess/lichess-db-2025-05-sample.pgn");
    assert_eq!(games.len(), 438);
    assert_eq!(results, [204, 215, 19, 0]);
    let with_eval = games
        .iter()
        .filter(|g| {
            g.movetext
                .iter()
                .any(|e| matches!(e, Element::Comment(c) if c.contains("[%eval")))
        })
        .count();
    assert_eq!(with_eval, 37);
    // Every move has a [%clk] comment, a clock reading h:mm:ss.
    for g in &games {
        let clocks: Vec<&str> = g.movetext.iter().filter_map(|e| e.command("clk")).collect();
        assert_eq!(clocks.len(), g.game.plies(), "game {}", g.number);
        assert!(
            clocks
                .iter()
                .all(|c| c.len() == 7 && c.as_bytes()[1] == b':')
        );
    }
}

#[test]
fn lichess_2016_export() {
    // README: 4,798 games, results 2,492 / 2,274 / 30 / 2 × `*`; PlyCount checked in read_all.
    let (games, results) = read_all("chess/lichess-2016-05-export.pgn");
    assert_eq!(games.len(), 4798);
    assert_eq!(results, [2492, 2274, 30, 2]);
}

#[test]
fn lichess_broadcast_sample() {
    // README: one game, ½–½, 138 plies, NAGs and text comments.
    let (games, results) = read_all("chess/lichess-broadcast-sample.pgn");
    assert_eq!(games.len(), 1);
    assert_eq!(results, [0, 0, 1, 0]);
    assert_eq!(games[0].game.plies(), 138);
    assert!(
        games[0]
            .movetext
            .iter()
            .any(|e| matches!(e, Element::Nag(_)))
    );
    assert!(
        games[0]
            .movetext
            .iter()
            .any(|e| matches!(e, Element::Comment(c) if c.contains("Inaccuracy.")))
    );
}

#[test]
fn fwwrc_tags_only() {
    // README: 605 tag-only games, results 244 / 197 / 164.
    let (games, results) = read_all("chess/fwwrc-2024-tags-only.pgn");
    assert_eq!(games.len(), 605);
    assert_eq!(results, [244, 197, 164, 0]);
    assert!(games.iter().all(|g| g.game.plies() == 0));
}

#[test]
fn fen_starts() {
    // README: 120 games from a [FEN]/[SetUp] position, 58 with Black to move, results 64 / 56.
    let (games, results) = read_all("chess/derived-fen-starts.pgn");
    assert_eq!(games.len(), 120);
    assert_eq!(results, [64, 56, 0, 0]);
    let black_first = games
        .iter()
        .filter(|g| g.game.start().side_to_move() == Color::Black)
        .count();
    assert_eq!(black_first, 58);
}

fn count_nags(elements: &[Element<qiyuan_formats::pgn::ChessMove>], n: u8) -> usize {
    elements
        .iter()
        .map(|e| match e {
            Element::Nag(x) if *x == n => 1,
            Element::Variation(v) => count_nags(v, n),
            _ => 0,
        })
        .sum()
}

fn nested(elements: &[Element<qiyuan_formats::pgn::ChessMove>], depth: usize) -> usize {
    elements
        .iter()
        .map(|e| match e {
            Element::Variation(v) => usize::from(depth == 1) + nested(v, depth + 1),
            _ => 0,
        })
        .sum()
}

#[test]
fn engine_annotated_variations_and_round_trip() {
    // README: 24 games; NAGs $6 203, $2 266, $4 102; 64 second-level variations.
    let (games, _) = read_all("chess/derived-engine-annotated.pgn");
    assert_eq!(games.len(), 24);
    let nag = |n| {
        games
            .iter()
            .map(|g| count_nags(&g.movetext, n))
            .sum::<usize>()
    };
    assert_eq!((nag(6), nag(2), nag(4)), (203, 266, 102));
    let second: usize = games.iter().map(|g| nested(&g.movetext, 0)).sum();
    assert_eq!(second, 64);
    // Writing and reading back keeps tags, moves, comments, NAGs and variations.
    for g in &games {
        let written = write_pgn(g);
        let back = read_pgn(&written).next().unwrap().unwrap();
        assert_eq!(back.tags, g.tags);
        assert_eq!(back.game.moves(), g.game.moves());
        assert_eq!(back.result, g.result);
        let strip = |v: &[Element<qiyuan_formats::pgn::ChessMove>]| format!("{:?}", shape(v));
        assert_eq!(strip(&back.movetext), strip(&g.movetext));
    }
}

/// The tree without file positions and move texts: (moves, comments, NAGs, variations).
fn shape(v: &[Element<qiyuan_formats::pgn::ChessMove>]) -> Vec<String> {
    v.iter()
        .map(|e| match e {
            Element::Move(m) => m.mv.to_string(),
            Element::Comment(c) => format!("{{{c}}}"),
            Element::Nag(n) => format!("${n}"),
            Element::Variation(v) => format!("({:?})", shape(v)),
        })
        .collect()
}

#[test]
fn round_trip_lichess_main_lines() {
    let t = text("chess/lichess-db-2025-05-sample.pgn");
    for g in read_pgn(&t).take(100) {
        let g = g.unwrap();
        let back = read_pgn(&write_pgn(&g)).next().unwrap().unwrap();
        assert_eq!(back.game.moves(), g.game.moves());
        assert_eq!(shape(&back.movetext), shape(&g.movetext));
    }
}

fn plies_per_game(path: &str) -> Vec<usize> {
    let bytes = data(path);
    let (s, _) = decode(&bytes);
    read_raw(&s)
        .map(|g| {
            let g = g.unwrap();
            g.movetext
                .iter()
                .filter(|e| matches!(e, Element::Move(_)))
                .count()
        })
        .collect()
}

#[test]
fn xiangqi_dialect_is_read_generically() {
    // notation-set/games.tsv gives the plies of each of the 31 games; the five
    // files carry the same games in three encodings and three notations.
    let tsv = String::from_utf8(data("xiangqi/notation-set/games.tsv")).unwrap();
    let expected: Vec<usize> = tsv
        .lines()
        .skip(1)
        .map(|l| l.split('\t').nth(5).unwrap().parse().unwrap())
        .collect();
    assert_eq!(expected.len(), 31);
    assert_eq!(expected.iter().sum::<usize>(), 3071);
    for (file, enc) in [
        ("big5", TextEncoding::Big5),
        ("gbk", TextEncoding::Gbk),
        ("utf8", TextEncoding::Utf8),
        ("iccs", TextEncoding::Utf8),
        ("wxf", TextEncoding::Utf8),
    ] {
        let path = format!("xiangqi/notation-set/ccpd-notation-set.{file}.pgn");
        assert_eq!(decode(&data(&path)).1, enc, "{path}");
        assert_eq!(plies_per_game(&path), expected, "{path}");
    }
    // The Big5 and UTF-8 files decode to the same text.
    let big5 = data("xiangqi/notation-set/ccpd-notation-set.big5.pgn");
    let utf8 = data("xiangqi/notation-set/ccpd-notation-set.utf8.pgn");
    assert_eq!(
        decode(&big5).0.as_ref(),
        std::str::from_utf8(&utf8).unwrap()
    );
    // CCPD files (counted by `[Game` lines in the README).
    for (path, n) in [
        ("xiangqi/ccpd/ccpd-league.big5.pgn", 1244),
        ("xiangqi/ccpd/ccpd-computer.big5.pgn", 208),
        ("xiangqi/ccpd/ccpd-endgames.big5.pgn", 244),
    ] {
        let bytes = data(path);
        let (s, enc) = decode(&bytes);
        assert_eq!(enc, TextEncoding::Big5);
        let games: Vec<_> = read_raw(&s).map(|g| g.unwrap()).collect();
        assert_eq!(games.len(), n, "{path}");
        assert!(games.iter().all(|g| g.tag("Game") == Some("Chinese Chess")));
        assert!(games.iter().all(|g| g.tag("FEN").is_some()));
    }
    // wukong exports: no Result tag, no result token; 15 games, and 1,125 games
    // with 101,321 plies in all.
    let games = plies_per_game("xiangqi/wukong-xqdb/xqdb_traditional.pgn");
    assert_eq!(games.len(), 15);
    assert_eq!(
        plies_per_game("xiangqi/wukong-xqdb/bulk_games_uci.pgn"),
        games
    );
    assert_eq!(games.iter().sum::<usize>(), 1378);
    let liu = plies_per_game("xiangqi/wukong-xqdb/Liu_Dahua_1125_UCI_games.pgn");
    assert_eq!(liu.len(), 1125);
    assert_eq!(liu.iter().sum::<usize>(), 101_321);
}

#[test]
fn errors_name_game_line_column_and_move_number() {
    let t = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n[Event \"b\"]\n\n1. d4 d5 2. c4 Qxd4 3. Nc3 *\n\n[Event \"c\"]\n\n1. e4 *\n";
    let items: Vec<_> = read_pgn(t).collect();
    assert_eq!(items.len(), 3);
    assert!(items[0].is_ok() && items[2].is_ok());
    let e = items[1].as_ref().unwrap_err();
    // 2...Qxd4 is illegal (d5 pawn blocks the queen); it is ply 4, line 7, column 16.
    assert_eq!((e.game, e.line, e.column), (2, 7, 16));
    let PgnErrorKind::IllegalMove(m) = &e.kind else {
        panic!("{e}")
    };
    assert_eq!(
        (m.ply, m.number.as_str(), m.text.as_str()),
        (4, "2...", "Qxd4")
    );
    assert_eq!(
        e.to_string(),
        "game 2, line 7, column 16: move 2... Qxd4 (ply 4): `Qxd4` is not a legal move here"
    );
    let raw = read_raw(t).nth(1).unwrap().unwrap();
    let c = check(&raw).unwrap();
    assert_eq!(c.plies, 3);
    assert_eq!(c.illegal.as_ref().unwrap().number, "2...");

    // Unterminated comment, unmatched parenthesis, bad FEN, bad tag.
    let e = read_raw("[A \"x\"]\n1. e4 { open\n")
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!(
        (e.line, e.column, e.kind),
        (2, 7, PgnErrorKind::UnterminatedComment)
    );
    let e = read_raw("1. e4 ) e5").next().unwrap().unwrap_err();
    assert_eq!((e.column, e.kind), (7, PgnErrorKind::UnmatchedClose));
    let e = read_raw("1. e4 (e5").next().unwrap().unwrap_err();
    assert_eq!((e.column, e.kind), (7, PgnErrorKind::UnclosedVariation));
    let e = read_pgn("[FEN \"8/8/8/8 w - - 0 1\"]\n*")
        .next()
        .unwrap()
        .unwrap_err();
    assert!(matches!(e.kind, PgnErrorKind::BadFen(_)));
    let e = read_raw("[Event x]\n*").next().unwrap().unwrap_err();
    assert!(matches!(e.kind, PgnErrorKind::BadTag(_)), "{e}");
}

#[test]
fn results_are_checked_against_the_final_position() {
    let raw = |s: &str| read_raw(s).next().unwrap().unwrap();
    // Fool's mate: Black mates, so only 0-1 is consistent (FIDE 5.1.1).
    let mate = "1. f3 e5 2. g4 Qh4#";
    assert_eq!(
        check(&raw(&format!("{mate} 0-1"))).unwrap().result,
        ResultCheck::Consistent
    );
    assert!(matches!(
        check(&raw(&format!("{mate} 1/2-1/2"))).unwrap().result,
        ResultCheck::Inconsistent(_)
    ));
    // Tag and token disagree.
    assert!(matches!(
        check(&raw("[Result \"1-0\"]\n1. e4 0-1")).unwrap().result,
        ResultCheck::Inconsistent(_)
    ));
    // After 1. e4 anything may have happened (resignation, time, agreement).
    assert_eq!(
        check(&raw("1. e4 1-0")).unwrap().result,
        ResultCheck::Undecided
    );
    // Stalemate (FIDE 5.2.1) from a set-up position: Black Kh8, White Kg6, Qe7-f7.
    let stale = "[FEN \"7k/4Q3/6K1/8/8/8/8/8 w - - 0 1\"]\n1. Qf7";
    assert_eq!(
        check(&raw(&format!("{stale} 1/2-1/2"))).unwrap().result,
        ResultCheck::Consistent
    );
    assert!(matches!(
        check(&raw(&format!("{stale} 1-0"))).unwrap().result,
        ResultCheck::Inconsistent(_)
    ));
    // Dead position after the last capture (K+B v K, FIDE 5.2.2).
    let dead = "[FEN \"4k3/8/8/8/8/8/3r4/4KB2 w - - 0 1\"]\n1. Kxd2";
    let c = check(&raw(&format!("{dead} 1-0"))).unwrap();
    assert!(matches!(c.result, ResultCheck::Inconsistent(_)));
    assert_eq!(c.ended.map(|e| e.0), Some(1));
}

#[test]
fn gbk_and_big5_are_told_apart() {
    // 車馬 in Big5 is A8 AE B0 A8 (Big5 code table).
    let (s, e) = decode(&[0xA8, 0xAE, 0xB0, 0xA8]);
    assert_eq!((s.as_ref(), e), ("車馬", TextEncoding::Big5));
    let (s, e) = decode(b"\xEF\xBB\xBF[Event \"x\"]");
    assert_eq!((s.as_ref(), e), ("[Event \"x\"]", TextEncoding::Utf8));
}

#[test]
fn rest_of_line_comment_with_brace_survives_writing() {
    // A `;` comment may hold `}` (PGN standard 5), which a brace comment cannot.
    let g = read_pgn("1. e4 ; a } b\ne5 *").next().unwrap().unwrap();
    let back = read_pgn(&write_pgn(&g)).next().unwrap().unwrap();
    assert_eq!(shape(&back.movetext), ["e2e4", "{a } b}", "e7e5"]);
}
