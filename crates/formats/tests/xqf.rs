//! XQF files of testdata/games/xiangqi/xqf: each game as version 10 and
//! version 18 must give the start position, plies and result of index.tsv and
//! the moves of its notation-set twin (notation-set/moves.tsv).

use qiyuan_formats::pgn::ResultCheck;
use qiyuan_formats::pgn::xiangqi::{read_xiangqi_pgn, write_xiangqi_pgn};
use qiyuan_formats::xqf::{XqfError, check_xqf, read_xqf};
use qiyuan_xiangqi::{Notation, Position};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/games/xiangqi");

fn text(path: &str) -> String {
    std::fs::read_to_string(format!("{DIR}/{path}")).unwrap()
}

/// moves.tsv: ICCS moves of notation-set game `game`.
fn twin_moves(game: usize) -> Vec<String> {
    text("notation-set/moves.tsv")
        .lines()
        .skip(1)
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|f| f[0] == game.to_string())
        .map(|f| f[4].to_string())
        .collect()
}

struct Row {
    file: String,
    game: usize,
    version: u8,
    plies: usize,
    result: String,
    fen: String,
}

fn index() -> Vec<Row> {
    text("xqf/index.tsv")
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Row {
                file: f[0].into(),
                game: f[1].parse().unwrap(),
                version: f[2].parse().unwrap(),
                plies: f[3].parse().unwrap(),
                result: f[4].into(),
                fen: f[5].into(),
            }
        })
        .collect()
}

#[test]
fn all_eighteen_files_match_index_and_twins() {
    let rows = index();
    assert_eq!(rows.len(), 18);
    for r in &rows {
        let bytes = std::fs::read(format!("{DIR}/xqf/{}", r.file)).unwrap();
        let g = read_xqf(&bytes).unwrap_or_else(|e| panic!("{}: {e}", r.file));
        assert_eq!(g.version, r.version, "{}", r.file);
        // The start position (board and side to move; XQF keeps no move counter).
        let want = Position::from_fen(&r.fen).unwrap();
        assert_eq!(
            g.start.to_fen().split(' ').take(2).collect::<Vec<_>>(),
            want.to_fen().split(' ').take(2).collect::<Vec<_>>(),
            "{}",
            r.file
        );
        let moves: Vec<String> = g.main_line().iter().map(ToString::to_string).collect();
        assert_eq!(moves.len(), r.plies, "{}", r.file);
        assert_eq!(moves, twin_moves(r.game), "{}", r.file);
        assert_eq!(g.result.as_str(), r.result, "{}", r.file);
        let c = check_xqf(&g);
        assert!(c.illegal.is_none(), "{}", r.file);
        assert_eq!(c.plies, r.plies);
        assert!(
            !matches!(c.result, ResultCheck::Inconsistent(_)),
            "{}",
            r.file
        );
        // README: type byte 0 for a full game, 2 for a middle game (set-up).
        let full = r
            .fen
            .starts_with("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w");
        assert_eq!(g.game_type, if full { 0 } else { 2 }, "{}", r.file);
    }
}

#[test]
fn header_strings_are_gbk_and_agree_with_the_pgn_twin() {
    // games.tsv names Red and Black of game 1: 河北   劉殿中 – 江蘇   言穆江;
    // the XQF fields are 16 bytes, so the names are cut to 15 bytes of GBK.
    let games = text("notation-set/games.tsv");
    let row: Vec<&str> = games.lines().nth(1).unwrap().split('\t').collect();
    for v in ["v10", "v18"] {
        let g =
            read_xqf(&std::fs::read(format!("{DIR}/xqf/ccpd-game01.{v}.xqf")).unwrap()).unwrap();
        assert!(
            row[2].starts_with(&g.red) && !g.red.is_empty(),
            "{v}: {:?}",
            g.red
        );
        assert!(
            row[3].starts_with(&g.black) && !g.black.is_empty(),
            "{v}: {:?}",
            g.black
        );
        assert!(g.title.starts_with("1982"), "{v}: {:?}", g.title);
    }
}

#[test]
fn converts_to_pgn_and_back() {
    let twin = text("notation-set/ccpd-notation-set.iccs.pgn");
    let twins: Vec<_> = read_xiangqi_pgn(&twin).map(Result::unwrap).collect();
    let bytes = std::fs::read(format!("{DIR}/xqf/ccpd-game14.v18.xqf")).unwrap();
    let g = read_xqf(&bytes).unwrap().to_pgn_game().unwrap();
    for notation in [Notation::Chinese, Notation::Iccs, Notation::Wxf] {
        let pgn = write_xiangqi_pgn(&g, notation);
        let back = read_xiangqi_pgn(&pgn).next().unwrap().unwrap();
        assert_eq!(back.moves, twins[13].moves);
        assert_eq!(back.result, twins[13].result);
    }
}

#[test]
fn damaged_files_give_errors_not_panics() {
    let good = std::fs::read(format!("{DIR}/xqf/ccpd-game01.v18.xqf")).unwrap();
    assert!(matches!(read_xqf(&good[..100]), Err(XqfError::NotXqf(_))));
    let mut bad = good.clone();
    bad[0] = b'Y';
    assert!(matches!(read_xqf(&bad), Err(XqfError::NotXqf(_))));
    // Cut in the middle of a move record.
    assert!(matches!(
        read_xqf(&good[..good.len() - 2]),
        Err(XqfError::Truncated { .. })
    ));
    // Every truncation is an error or a shorter game, never a panic.
    for n in 1024..good.len() {
        let _ = read_xqf(&good[..n]);
    }
    // A v10 file with both rooks on one square.
    let mut v10 = std::fs::read(format!("{DIR}/xqf/ccpd-game01.v10.xqf")).unwrap();
    v10[0x10 + 8] = v10[0x10];
    assert!(matches!(read_xqf(&v10), Err(XqfError::BadPosition(_))));
}

#[test]
fn an_illegal_move_is_reported_with_its_number() {
    // v10 records are 8 bytes from 0x408 (after the root): from + 24, to + 32.
    // Replace Red's second move (ply 3, record 3) by a0a5 (a rook jumping
    // over the pawn on a3): from 0 → 24, to 5 → 37.
    let mut v10 = std::fs::read(format!("{DIR}/xqf/ccpd-game01.v10.xqf")).unwrap();
    let at = 0x400 + 8 * 3;
    v10[at] = 24;
    v10[at + 1] = 37;
    let g = read_xqf(&v10).unwrap();
    let c = check_xqf(&g);
    let m = c.illegal.unwrap();
    assert_eq!(
        (m.ply, m.number.as_str(), m.text.as_str()),
        (3, "2.", "a0a5")
    );
    assert_eq!(c.plies, 2);
    assert!(g.to_pgn_game().is_err());
}

#[test]
fn control_characters_in_header_strings_stay_inside_their_tag() {
    // Found by fuzzing: a date with a line feed broke the written tag.
    let mut v10 = std::fs::read(format!("{DIR}/xqf/ccpd-game02.v10.xqf")).unwrap();
    let date = b"1956\n10-20\"x\\";
    v10[0x110] = date.len() as u8;
    v10[0x111..0x111 + date.len()].copy_from_slice(date);
    let g = read_xqf(&v10).unwrap();
    assert_eq!(g.date, "1956\n10-20\"x\\");
    let pgn = g.to_pgn_game().unwrap();
    for notation in [Notation::Chinese, Notation::Iccs, Notation::Wxf] {
        let text = write_xiangqi_pgn(&pgn, notation);
        let back = read_xiangqi_pgn(&text).next().unwrap().unwrap();
        assert_eq!(back.tag("Date"), Some("1956 10-20\"x\\"));
        assert_eq!(back.moves, pgn.moves);
    }
}

// ------------------------------------------------------------------ writer

use qiyuan_formats::pgn::Element;
use qiyuan_formats::xqf::{XqfGame, XqfMove, XqfWriteError, write_xqf};

/// The header fields a reader sees.
fn fields(g: &XqfGame) -> Vec<String> {
    vec![
        g.title.clone(),
        g.event.clone(),
        g.date.clone(),
        g.site.clone(),
        g.red.clone(),
        g.black.clone(),
        g.result.as_str().to_string(),
        g.game_type.to_string(),
        g.start
            .to_fen()
            .split(' ')
            .take(2)
            .collect::<Vec<_>>()
            .join(" "),
    ]
}

#[test]
fn every_shared_xqf_file_survives_write_and_read_back() {
    // README (xqf/): 18 files, 9 games × version 10 (plain) and 18
    // (obfuscated). Each is read, written as XQF 1.0 and read back: same
    // header fields, start position, moves and result.
    let mut files: Vec<_> = std::fs::read_dir(format!("{DIR}/xqf"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "xqf"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 18);
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy();
        let original = std::fs::read(path).unwrap();
        let g = read_xqf(&original).unwrap();
        let written = write_xqf(&g).unwrap_or_else(|e| panic!("{name}: {e}"));
        let back = read_xqf(&written).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(back.version, 10, "{name}");
        assert_eq!(fields(&back), fields(&g), "{name}");
        assert_eq!(back.main_line(), g.main_line(), "{name}");
        assert_eq!(back.movetext, g.movetext, "{name}");
        assert!(check_xqf(&back).illegal.is_none(), "{name}");
        // The version-10 files of the data set were written by another
        // encoder (README: decoded by PyPI cchess): ours writes the same
        // bytes, header and move records.
        if name.contains(".v10.") {
            assert_eq!(written, original, "{name}");
        }
    }
}

#[test]
fn every_notation_set_game_goes_from_pgn_to_xqf_and_back() {
    // The 31 games of notation-set/ (README: 3,071 plies, set-ups with
    // Black to move among them): PGN → XQF → the same start, moves, result.
    let games: Vec<_> = read_xiangqi_pgn(&text("notation-set/ccpd-notation-set.iccs.pgn"))
        .map(Result::unwrap)
        .collect();
    assert_eq!(games.len(), 31);
    let mut plies = 0;
    for g in &games {
        let xqf = XqfGame::from_pgn_game(g);
        let back = read_xqf(&write_xqf(&xqf).unwrap()).unwrap();
        assert_eq!(back.main_line(), g.moves, "game {}", g.number);
        assert_eq!(back.result, g.result, "game {}", g.number);
        assert_eq!(
            back.start.to_fen().split(' ').take(2).collect::<Vec<_>>(),
            g.start.to_fen().split(' ').take(2).collect::<Vec<_>>(),
            "game {}",
            g.number
        );
        // Red and Black are cut to the 15 bytes of their GBK field.
        assert!(
            g.tag("Red").unwrap().starts_with(&back.red),
            "game {}",
            g.number
        );
        assert!(
            g.tag("Black").unwrap().starts_with(&back.black),
            "game {}",
            g.number
        );
        plies += back.main_line().len();
    }
    assert_eq!(plies, 3071);
}

#[test]
fn comments_and_variations_survive_the_writer() {
    // Two alternatives to Red's first move (one with its own nested
    // alternative), one to Black's reply, comments on the start position
    // and on moves.
    let pgn = "[Game \"Chinese Chess\"]\n[Event \"测试\"]\n[Red \"红\"]\n[Black \"黑\"]\n\
        [Result \"*\"]\n[Format \"ICCS\"]\n\n{开局} 1. H2-E2 {中炮} (1. B2-E2 {飞相} (1. C3-C4)) \
        (1. H0-G2 H9-G7) 1... H9-G7 (1... B7-E7 2. H0-G2) 2. H0-G2 {跳马} *\n";
    let game = read_xiangqi_pgn(pgn).next().unwrap().unwrap();
    let xqf = XqfGame::from_pgn_game(&game);
    let back = read_xqf(&write_xqf(&xqf).unwrap()).unwrap();
    assert_eq!(back.comment.as_deref(), Some("开局"));
    let mv = |s: &str, c: Option<&str>| {
        Element::Move(XqfMove {
            mv: qiyuan_xiangqi::Move::new(
                qiyuan_xiangqi::Square::parse(&s[..2]).unwrap(),
                qiyuan_xiangqi::Square::parse(&s[2..]).unwrap(),
            )
            .unwrap(),
            comment: c.map(String::from),
        })
    };
    // Nested alternatives to the same move come out as siblings after it.
    let want = vec![
        mv("h2e2", Some("中炮")),
        Element::Variation(vec![mv("b2e2", Some("飞相"))]),
        Element::Variation(vec![mv("c3c4", None)]),
        Element::Variation(vec![mv("h0g2", None), mv("h9g7", None)]),
        mv("h9g7", None),
        Element::Variation(vec![mv("b7e7", None), mv("h0g2", None)]),
        mv("h0g2", Some("跳马")),
    ];
    assert_eq!(back.movetext, want);
    assert_eq!((back.event.as_str(), back.red.as_str()), ("测试", "红"));
    // Every variation is playable from its position.
    assert!(back.to_pgn_game().is_ok());
}

#[test]
fn positions_xqf_cannot_hold_are_refused() {
    // XQF tells the side to move by the first move only.
    let pgn = "[Game \"Chinese Chess\"]\n[FEN \"3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1\"]\n\n*\n";
    let game = read_xiangqi_pgn(pgn).next().unwrap().unwrap();
    assert_eq!(
        write_xqf(&XqfGame::from_pgn_game(&game)).unwrap_err(),
        XqfWriteError::BlackToMoveWithoutMoves
    );
    // The same position with Red to move is fine, and a long name is cut at
    // a character boundary (15 bytes: 7 two-byte characters, not 7½).
    let pgn = "[Game \"Chinese Chess\"]\n[Red \"一二三四五六七八九\"]\n\
        [FEN \"3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1\"]\n\n*\n";
    let game = read_xiangqi_pgn(pgn).next().unwrap().unwrap();
    let back = read_xqf(&write_xqf(&XqfGame::from_pgn_game(&game)).unwrap()).unwrap();
    assert_eq!(back.red, "一二三四五六七");
    assert_eq!(
        back.start.to_fen().split(' ').next(),
        Some("3k5/9/9/9/9/9/9/9/9/4K4")
    );
}

// ------------------------------------------------- writer: random game trees

use proptest::prelude::*;

/// Comment texts the GBK fields hold exactly (trimmed, not empty).
const WORDS: [&str; 6] = ["好棋", "劣着", "!?", "红方优势", "Black wins a pawn", "和"];

/// A random line of legal moves from `pos`, `len` plies, driven by `picks`;
/// at some moves (never the first of a variation: XQF keeps those as
/// siblings of the line's own head) an alternative line of up to `depth`
/// nested levels, and some comments.
fn random_line(
    pos: &Position,
    len: usize,
    picks: &mut impl Iterator<Item = u32>,
    depth: usize,
    is_variation: bool,
) -> Vec<Element<XqfMove>> {
    let mut out = Vec::new();
    let mut pos = pos.clone();
    for i in 0..len {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let pick = picks.next().unwrap_or(0);
        let mv = moves[pick as usize % moves.len()];
        let comment = (pick % 5 == 0).then(|| WORDS[(pick / 5) as usize % WORDS.len()].to_string());
        out.push(Element::Move(XqfMove { mv, comment }));
        if depth > 0 && pick % 7 == 3 && !(is_variation && i == 0) && moves.len() > 1 {
            // An alternative: another legal move here, and its continuation.
            let mut alt_pos = pos.clone();
            let alt = moves[(pick as usize + 1) % moves.len()];
            let mut v = vec![Element::Move(XqfMove {
                mv: alt,
                comment: None,
            })];
            alt_pos.make_move(alt);
            v.extend(random_line(
                &alt_pos,
                (pick % 4) as usize,
                picks,
                depth - 1,
                true,
            ));
            out.push(Element::Variation(v));
        }
        pos.make_move(mv);
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any tree of legal moves with comments, written and read back, is
    /// the same tree.
    #[test]
    fn random_trees_survive_write_and_read(
        picks in proptest::collection::vec(any::<u32>(), 1..200),
        len in 0usize..80,
        root in proptest::option::of(0usize..WORDS.len()),
    ) {
        let start = Position::startpos();
        let mut it = picks.into_iter().cycle();
        let movetext = random_line(&start, len, &mut it, 3, false);
        let game = XqfGame {
            version: 10,
            title: "随机".into(),
            event: "随机对局".into(),
            date: "2026-11-30".into(),
            site: "qiyuan".into(),
            red: "红".into(),
            black: "黑".into(),
            result: qiyuan_formats::pgn::xiangqi::XiangqiResult::Unknown,
            game_type: 0,
            start,
            comment: root.map(|i| WORDS[i].to_string()),
            movetext,
        };
        let back = read_xqf(&write_xqf(&game).unwrap()).unwrap();
        prop_assert_eq!(&back.movetext, &game.movetext);
        prop_assert_eq!(&back.comment, &game.comment);
        prop_assert_eq!(fields(&back), fields(&game));
        prop_assert!(back.to_pgn_game().is_ok());
    }
}

#[test]
fn a_deeply_branched_tree_survives_write_and_read() {
    // Every pick ≡ 3 (mod 7): an alternative at every move that may have
    // one, nested three deep.
    let start = Position::startpos();
    let mut it = (0u32..).map(|i| i * 7 + 3);
    let movetext = random_line(&start, 30, &mut it, 3, false);
    fn depth(e: &[Element<XqfMove>]) -> usize {
        e.iter()
            .map(|x| match x {
                Element::Variation(v) => 1 + depth(v),
                _ => 0,
            })
            .max()
            .unwrap_or(0)
    }
    assert_eq!(depth(&movetext), 3);
    let mut game =
        read_xqf(&std::fs::read(format!("{DIR}/xqf/ccpd-game01.v10.xqf")).unwrap()).unwrap();
    game.movetext = movetext;
    let back = read_xqf(&write_xqf(&game).unwrap()).unwrap();
    assert_eq!(back.movetext, game.movetext);
    assert!(back.to_pgn_game().is_ok());
}
