//! Writing chess PGN (export format, PGN standard §3.2 and §8).

use qiyuan_chess::{Board, Color, Game, GameResult, format_san, to_fen};

use super::chess::{ChessMove, PgnGame};
use super::raw::{Element, Tag};

const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

fn write_tags(out: &mut String, tags: &[Tag], result: GameResult, start: &Board, halfmove: u32) {
    for (name, default) in ROSTER {
        let value = if name == "Result" {
            result.as_str().to_string()
        } else {
            tags.iter()
                .find(|t| t.name == name)
                .map_or(default.to_string(), |t| escape(&t.value))
        };
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    let standard = *start == Board::default();
    let mut has_fen = false;
    for t in tags {
        if ROSTER.iter().any(|(n, _)| *n == t.name) {
            continue;
        }
        if t.name == "FEN" {
            has_fen = true;
        }
        out.push_str(&format!("[{} \"{}\"]\n", t.name, escape(&t.value)));
    }
    if !standard && !has_fen {
        out.push_str("[SetUp \"1\"]\n");
        out.push_str(&format!("[FEN \"{}\"]\n", to_fen(start, halfmove)));
    }
    out.push('\n');
}

/// Lays tokens out in lines of at most 79 characters (a `;` comment ends its line).
fn lay_out(out: &mut String, tokens: &[String]) {
    let mut len = 0;
    for t in tokens {
        if t.starts_with(';') {
            if len > 0 {
                out.push(' ');
            }
            out.push_str(t);
            out.push('\n');
            len = 0;
            continue;
        }
        let w = t.chars().count();
        if len > 0 && len + 1 + w > 79 {
            out.push('\n');
            len = 0;
        } else if len > 0 {
            out.push(' ');
            len += 1;
        }
        out.push_str(t);
        len += w;
    }
    out.push('\n');
}

fn line_tokens(tokens: &mut Vec<String>, mut board: Board, elements: &[Element<ChessMove>]) {
    let mut need_number = true;
    let mut before: Option<Board> = None;
    for e in elements {
        match e {
            Element::Move(m) => {
                if board.side_to_move() == Color::White {
                    tokens.push(format!("{}.", board.fullmove_number()));
                } else if need_number {
                    tokens.push(format!("{}...", board.fullmove_number()));
                }
                tokens.push(format_san(&board, m.mv));
                before = Some(board.clone());
                board.play_unchecked(m.mv);
                need_number = false;
            }
            Element::Comment(c) => {
                // `}` cannot stand in a brace comment: such a comment is written
                // as a rest-of-line `;` comment, unless it spans lines too
                // (then `}` becomes `)`).
                tokens.push(if !c.contains('}') {
                    format!("{{ {c} }}")
                } else if !c.contains('\n') {
                    format!("; {c}")
                } else {
                    format!("{{ {} }}", c.replace('}', ")"))
                });
                need_number = true;
            }
            Element::Nag(n) => tokens.push(format!("${n}")),
            Element::Variation(v) => {
                if let Some(b) = &before {
                    let mut inner = Vec::new();
                    line_tokens(&mut inner, b.clone(), v);
                    if let Some(first) = inner.first_mut() {
                        first.insert(0, '(');
                    }
                    if let Some(last) = inner.last_mut() {
                        last.push(')');
                    }
                    tokens.extend(inner);
                    need_number = true;
                }
            }
        }
    }
}

/// Writes a game read from PGN, with its comments, NAGs and variations.
/// SAN is regenerated (`+`/`#`, minimal disambiguation); tags keep their
/// order after the seven-tag roster.
///
/// ```
/// use qiyuan_formats::pgn::{read_pgn, write_pgn};
/// let g = read_pgn("[White \"A\"]\n1.e4 e5 {ok} 2.Nf3 (2.f4!? exf4) 1/2-1/2").next().unwrap().unwrap();
/// let text = write_pgn(&g);
/// assert!(text.contains("[White \"A\"]\n"));
/// assert!(text.ends_with("1. e4 e5 { ok } 2. Nf3 (2. f4 $5 exf4) 1/2-1/2\n"));
/// ```
pub fn write_pgn(game: &PgnGame) -> String {
    let mut out = String::new();
    let g = &game.game;
    write_tags(
        &mut out,
        &game.tags,
        game.result,
        g.start(),
        g.start_halfmove_clock(),
    );
    let mut tokens = Vec::new();
    line_tokens(&mut tokens, g.start().clone(), &game.movetext);
    tokens.push(game.result.as_str().to_string());
    lay_out(&mut out, &tokens);
    out
}

/// Writes a [`Game`] (main line only) with the given tags and result.
/// A `FEN` tag is added when the game does not start from the standard position.
pub fn write_game(tags: &[Tag], game: &Game, result: GameResult) -> String {
    let mut out = String::new();
    write_tags(
        &mut out,
        tags,
        result,
        game.start(),
        game.start_halfmove_clock(),
    );
    let mut board = game.start().clone();
    let mut tokens = Vec::new();
    for (i, &mv) in game.moves().iter().enumerate() {
        if board.side_to_move() == Color::White {
            tokens.push(format!("{}.", board.fullmove_number()));
        } else if i == 0 {
            tokens.push(format!("{}...", board.fullmove_number()));
        }
        tokens.push(format_san(&board, mv));
        board.play_unchecked(mv);
    }
    tokens.push(result.as_str().to_string());
    lay_out(&mut out, &tokens);
    out
}
