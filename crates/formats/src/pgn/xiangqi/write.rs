//! Writing a xiangqi game as xqbase PGN, its movetext in any of the three
//! notations.

use qiyuan_xiangqi::{Color, Move, Notation, Position};

use super::{XiangqiGame, XiangqiMove};
use crate::pgn::Element;

/// A tag value as PGN text: `\\` and `"` escaped, control characters
/// (a tag stays on one line) written as spaces.
fn escape(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    for c in v.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Writes a move for the PGN file: ICCS in the xqbase form `H2-E2`.
fn move_text(pos: &Position, mv: Move, notation: Notation) -> String {
    match notation {
        Notation::Iccs => {
            let s = mv.to_string().to_ascii_uppercase();
            format!("{}-{}", &s[..2], &s[2..])
        }
        // The move was played legally when read, so formatting cannot fail.
        n => pos.format_move(mv, n).unwrap_or_else(|_| mv.to_string()),
    }
}

fn line_tokens(
    start: &Position,
    elements: &[Element<XiangqiMove>],
    notation: Notation,
    out: &mut Vec<String>,
) {
    let mut pos = start.clone();
    let mut before: Option<Position> = None;
    let mut need_number = true;
    for e in elements {
        match e {
            Element::Move(m) => {
                if pos.side_to_move() == Color::Red {
                    out.push(format!("{}.", pos.fullmove_number()));
                } else if need_number {
                    out.push(format!("{}...", pos.fullmove_number()));
                }
                out.push(move_text(&pos, m.mv, notation));
                before = Some(pos.clone());
                pos.make_move(m.mv);
                need_number = false;
            }
            Element::Comment(c) => {
                out.push(format!("{{{}}}", c.replace('}', ")")));
                need_number = true;
            }
            Element::Nag(n) => out.push(format!("${n}")),
            Element::Variation(v) => {
                if let Some(b) = &before {
                    let mut inner = Vec::new();
                    line_tokens(b, v, notation, &mut inner);
                    if let Some(first) = inner.first_mut() {
                        first.insert(0, '(');
                    }
                    if let Some(last) = inner.last_mut() {
                        last.push(')');
                    }
                    out.extend(inner);
                    need_number = true;
                }
            }
        }
    }
}

/// Writes a game as xqbase PGN with its movetext in `notation`: the `Game`
/// tag first, the other tags in their order (`Format` set to `ICCS`/`WXF`, or
/// removed for Chinese; `Result` set to the game's result; `FEN` added for a
/// set-up position), then the movetext with comments, NAGs and variations,
/// in lines of at most 79 characters. Chinese moves are written in
/// simplified characters with ASCII digits for Black (`马8进7`), ICCS as
/// `H2-E2`.
///
/// ```
/// use qiyuan_formats::pgn::xiangqi::{read_xiangqi_pgn, write_xiangqi_pgn};
/// use qiyuan_xiangqi::Notation;
/// let g = read_xiangqi_pgn("[Red \"A\"]\n1. h2e2 h9g7 *").next().unwrap().unwrap();
/// let text = write_xiangqi_pgn(&g, Notation::Wxf);
/// assert!(text.contains("[Format \"WXF\"]"));
/// assert!(text.ends_with("1. C2.5 H8+7 *\n"), "{text}");
/// ```
#[must_use]
pub fn write_xiangqi_pgn(game: &XiangqiGame, notation: Notation) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "[Game \"{}\"]\n",
        escape(game.tag("Game").unwrap_or("Chinese Chess"))
    ));
    let mut has_fen = false;
    let mut has_result = false;
    for t in &game.tags {
        match t.name.as_str() {
            "Game" | "Format" => continue,
            "Result" => {
                has_result = true;
                out.push_str(&format!("[Result \"{}\"]\n", game.result));
            }
            "FEN" => {
                has_fen = true;
                out.push_str(&format!("[FEN \"{}\"]\n", game.start.to_fen()));
            }
            _ => out.push_str(&format!("[{} \"{}\"]\n", t.name, escape(&t.value))),
        }
    }
    if !has_result {
        out.push_str(&format!("[Result \"{}\"]\n", game.result));
    }
    if !has_fen && game.start != Position::startpos() {
        out.push_str(&format!("[FEN \"{}\"]\n", game.start.to_fen()));
    }
    match notation {
        Notation::Iccs => out.push_str("[Format \"ICCS\"]\n"),
        Notation::Wxf => out.push_str("[Format \"WXF\"]\n"),
        Notation::Chinese => {}
    }
    out.push('\n');
    let mut tokens = Vec::new();
    line_tokens(&game.start, &game.movetext, notation, &mut tokens);
    tokens.push(game.result.as_str().to_string());
    let mut len = 0;
    for t in &tokens {
        let w = t.chars().count();
        if len > 0 && len + 1 + w > 79 {
            out.push('\n');
            len = 0;
        }
        if len > 0 {
            out.push(' ');
            len += 1;
        }
        out.push_str(t);
        len += w;
    }
    out.push('\n');
    out
}
