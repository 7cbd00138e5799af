//! Speed of game-record checking as `qiyuan check-games` does it (decode the
//! bytes, read the PGN, sniff xiangqi or chess, replay and judge the result),
//! on one core, on files this bench generates by playing random legal games:
//! xiangqi written in Chinese, ICCS and WXF, and chess in SAN. Also XQF.
//! Run: `cargo bench -p qiyuan-formats --bench check_games`. Prints games/s.

use std::hint::black_box;
use std::time::Instant;

use qiyuan_formats::pgn::xiangqi::{check_xiangqi, is_xiangqi};
use qiyuan_formats::pgn::{check, decode, read_raw};
use qiyuan_xiangqi::{Notation, Position};

const GAMES: usize = 5_000;
/// Plies per game at most (a master game lasts about 90–100 plies).
const MAX_PLIES: usize = 100;

/// xorshift64*: a fixed-seed generator, enough to pick random moves.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

fn xiangqi_file(notation: Notation, rng: &mut Rng) -> (String, usize) {
    let mut out = String::new();
    let mut plies = 0;
    for i in 0..GAMES {
        out.push_str(&format!(
            "[Game \"Chinese Chess\"]\n[Event \"random {i}\"]\n[Red \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n"
        ));
        let mut pos = Position::startpos();
        for ply in 0..MAX_PLIES {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            if ply % 2 == 0 {
                out.push_str(&format!("{}. ", ply / 2 + 1));
            }
            let text = match notation {
                Notation::Iccs => {
                    let s = mv.to_string().to_ascii_uppercase();
                    format!("{}-{}", &s[..2], &s[2..])
                }
                n => pos.format_move(mv, n).expect("legal"),
            };
            out.push_str(&text);
            out.push(if ply % 2 == 1 { '\n' } else { ' ' });
            pos.make_move(mv);
            plies += 1;
        }
        out.push_str(if pos.is_lost() {
            match pos.side_to_move() {
                qiyuan_xiangqi::Color::Red => "0-1",
                qiyuan_xiangqi::Color::Black => "1-0",
            }
        } else {
            "*"
        });
        out.push_str("\n\n");
    }
    (out, plies)
}

fn chess_file(rng: &mut Rng) -> (String, usize) {
    use qiyuan_chess::{Board, format_san};
    let mut out = String::new();
    let mut plies = 0;
    for i in 0..GAMES {
        out.push_str(&format!(
            "[Event \"random {i}\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n"
        ));
        let mut board = Board::default();
        for ply in 0..MAX_PLIES {
            let mut moves = Vec::new();
            board.generate_moves(|ms| {
                moves.extend(ms);
                false
            });
            if moves.is_empty() || board.halfmove_clock() >= 100 {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            if ply % 2 == 0 {
                out.push_str(&format!("{}. ", ply / 2 + 1));
            }
            out.push_str(&format_san(&board, mv));
            out.push(' ');
            board.play_unchecked(mv);
            plies += 1;
        }
        out.push_str("*\n\n");
    }
    (out, plies)
}

/// Checks every game of a PGN file's bytes as `check-games` does; returns
/// (games, legal plies).
fn check_all(bytes: &[u8]) -> (usize, usize) {
    let (text, _) = decode(bytes);
    let mut games = 0;
    let mut plies = 0;
    for raw in read_raw(&text) {
        let raw = raw.expect("readable");
        games += 1;
        if is_xiangqi(&raw) {
            let c = check_xiangqi(&raw).expect("valid");
            assert!(c.illegal.is_none(), "{c:?}");
            plies += c.plies;
        } else {
            let c = check(&raw).expect("valid");
            assert!(c.illegal.is_none(), "{c:?}");
            plies += c.plies;
        }
    }
    (games, plies)
}

fn measure(name: &str, bytes: &[u8], want_plies: usize) {
    let mut best = f64::MAX;
    let mut result = (0, 0);
    for _ in 0..3 {
        let t = Instant::now();
        result = black_box(check_all(bytes));
        best = best.min(t.elapsed().as_secs_f64());
    }
    assert_eq!(result, (GAMES, want_plies));
    println!(
        "{name}: {} games, {} plies, {:.1} MB; check-games {:.0} games/s ({:.0} plies/s)",
        result.0,
        result.1,
        bytes.len() as f64 / 1e6,
        result.0 as f64 / best,
        result.1 as f64 / best,
    );
}

fn main() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for (name, notation) in [
        ("xiangqi Chinese", Notation::Chinese),
        ("xiangqi ICCS", Notation::Iccs),
        ("xiangqi WXF", Notation::Wxf),
    ] {
        let (text, plies) = xiangqi_file(notation, &mut rng);
        measure(name, text.as_bytes(), plies);
    }
    let (text, plies) = chess_file(&mut rng);
    measure("chess SAN", text.as_bytes(), plies);

    // XQF: the shared sample files, read and checked in a loop.
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/games/xiangqi/xqf"
    );
    let files: Vec<Vec<u8>> = std::fs::read_dir(dir)
        .expect("xqf dir")
        .filter_map(|e| {
            let p = e.ok()?.path();
            (p.extension()? == "xqf").then(|| std::fs::read(p).ok())?
        })
        .collect();
    let rounds = 500;
    let t = Instant::now();
    let mut plies = 0;
    for _ in 0..rounds {
        for f in &files {
            let g = qiyuan_formats::xqf::read_xqf(black_box(f)).expect("xqf");
            plies += qiyuan_formats::xqf::check_xqf(&g).plies;
        }
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "xqf: {} files × {rounds}, {:.0} games/s ({:.0} plies/s)",
        files.len(),
        (files.len() * rounds) as f64 / s,
        plies as f64 / s
    );
}
