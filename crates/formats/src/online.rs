//! The online game line: one game of a platform's stream of JSON lines, as
//! `qiyuan points` reads it from standard input or files —
//! `{"id": "g1", "white": "a", "black": "b", "result": "1-0", "plies": 61}`
//! (`red` for `white` in xiangqi, ids as strings or whole numbers, results
//! as [`GameResult::parse`] reads them, `draw_offer` naming a side).
//!
//! [`read_game_line`] takes the common shape (known fields, strings
//! without escapes) on a path of its own without serde, a million lines a
//! second, and every other line through serde_json, which accepts every
//! valid line and names the error of a bad one: the fast path can only be
//! faster, never different (the unit tests and the `online_line` fuzz
//! target hold it to that).
//!
//! ```
//! use qiyuan_formats::online::read_game_line;
//! use qiyuan_rating::online::GameResult;
//! let g = read_game_line(br#"{"id":7,"red":"a","black":"b","result":"1/2-1/2"}"#).unwrap();
//! assert_eq!((g.id, &*g.white, g.result.0), ("7", "a", GameResult::Draw));
//! let e = read_game_line(br#"{"id":7,"red":"a","black":"b"}"#).unwrap_err();
//! assert!(e.to_string().contains("result"), "{e}");
//! ```

use std::borrow::Cow;
use std::fmt;

use qiyuan_rating::online::{Colour, GameResult};
use serde::Deserialize;
use serde::de::{self, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::value::RawValue;

/// Reads one game line (without its line break): the fast path for the
/// common shape, serde_json for the rest.
///
/// # Errors
/// serde_json's error for a line that is not a game: the field, the
/// column.
pub fn read_game_line(line: &[u8]) -> Result<GameLine<'_>, serde_json::Error> {
    match read_game_line_fast(line) {
        Some(game) => Ok(game),
        None => read_game_line_serde(line),
    }
}

/// serde_json's reading alone: what [`read_game_line_fast`] must agree
/// with (the `online_line` fuzz target holds them to it).
///
/// # Errors
/// serde_json's error for a line that is not a game.
#[doc(hidden)]
pub fn read_game_line_serde(line: &[u8]) -> Result<GameLine<'_>, serde_json::Error> {
    serde_json::from_slice::<GameLine>(line)
}

/// A JSON string, borrowed from the line unless it had escapes.
struct Str<'a>(Cow<'a, str>);

impl<'de> Deserialize<'de> for Str<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Str<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Str<'de>, E> {
                Ok(Str(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Str<'de>, E> {
                Ok(Str(Cow::Owned(v.to_owned())))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Str<'de>, E> {
                Ok(Str(Cow::Owned(v)))
            }
        }
        d.deserialize_str(V)
    }
}

/// A player's id: a JSON string, or a whole number taken as its decimal
/// text (platforms number their users; `5` and `"5"` are the same player).
struct PlayerKey<'a>(Cow<'a, str>);

impl<'de> Deserialize<'de> for PlayerKey<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = PlayerKey<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a player id (a string or a whole number)")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
                Ok(PlayerKey(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(PlayerKey(Cow::Owned(v.to_owned())))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
                Ok(PlayerKey(Cow::Owned(v)))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
                Ok(PlayerKey(Cow::Owned(v.to_string())))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
                Ok(PlayerKey(Cow::Owned(v.to_string())))
            }
        }
        d.deserialize_any(V)
    }
}

/// One game line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameLine<'a> {
    /// The id's JSON text, as given (`"g1"` with its quotes, or `7`).
    pub id: &'a str,
    /// White's (red's) player id.
    pub white: Cow<'a, str>,
    /// Black's player id.
    pub black: Cow<'a, str>,
    /// The result, and who left the game when leaving decided it.
    pub result: (GameResult, Option<Colour>),
    /// Plies played, when given.
    pub plies: Option<u32>,
    /// Who offered the draw (`draw_offer`), for a drawn game.
    pub draw_offer: Option<Colour>,
}

enum Field {
    Id,
    White,
    Red,
    Black,
    Result,
    Plies,
    DrawOffer,
    Other,
}

impl<'de> Deserialize<'de> for Field {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Field;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a field name")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Field, E> {
                Ok(match v {
                    "id" => Field::Id,
                    "white" => Field::White,
                    "red" => Field::Red,
                    "black" => Field::Black,
                    "result" => Field::Result,
                    "plies" => Field::Plies,
                    "draw_offer" => Field::DrawOffer,
                    _ => Field::Other,
                })
            }
        }
        d.deserialize_identifier(V)
    }
}

fn field_error<E: de::Error>(name: &str, e: impl fmt::Display) -> E {
    E::custom(format_args!("field `{name}`: {e}"))
}

impl<'de> Deserialize<'de> for GameLine<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = GameLine<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a game object {\"id\", \"white\", \"black\", \"result\", \"plies\"}")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<GameLine<'de>, A::Error> {
                let mut id: Option<&'de RawValue> = None;
                let mut white: Option<Cow<'de, str>> = None;
                let mut white_name = "white";
                let mut black: Option<Cow<'de, str>> = None;
                let mut result = None;
                let mut plies: Option<u32> = None;
                let mut draw_offer: Option<Colour> = None;
                while let Some(field) = map.next_key::<Field>()? {
                    match field {
                        Field::Id => {
                            let raw: &'de RawValue =
                                map.next_value().map_err(|e| field_error("id", e))?;
                            id = Some(raw);
                        }
                        Field::White | Field::Red => {
                            let name = if matches!(field, Field::Red) {
                                "red"
                            } else {
                                "white"
                            };
                            if white.is_some() {
                                return Err(field_error(
                                    name,
                                    "give the first mover once (`white` or `red`)",
                                ));
                            }
                            let key: PlayerKey =
                                map.next_value().map_err(|e| field_error(name, e))?;
                            white = Some(key.0);
                            white_name = name;
                        }
                        Field::Black => {
                            let key: PlayerKey =
                                map.next_value().map_err(|e| field_error("black", e))?;
                            black = Some(key.0);
                        }
                        Field::Result => {
                            let s: Str = map.next_value().map_err(|e| field_error("result", e))?;
                            result = Some(GameResult::parse(&s.0).ok_or_else(|| {
                                field_error::<A::Error>(
                                    "result",
                                    format_args!(
                                        "`{}` is not a result; expected \"1-0\", \"0-1\", \"1/2-1/2\", \"+-\" or \"-+\"",
                                        s.0
                                    ),
                                )
                            })?);
                        }
                        Field::Plies => {
                            plies = map
                                .next_value::<Option<u32>>()
                                .map_err(|e| field_error("plies", e))?;
                        }
                        Field::DrawOffer => {
                            let s: Option<Str> =
                                map.next_value().map_err(|e| field_error("draw_offer", e))?;
                            draw_offer = match s.as_ref().map(|s| s.0.as_ref()) {
                                None => None,
                                Some(text) => Some(Colour::from_code(text).ok_or_else(|| {
                                    field_error::<A::Error>(
                                        "draw_offer",
                                        format_args!(
                                            "`{text}` is not a side; expected \"white\" (or \"red\") or \"black\""
                                        ),
                                    )
                                })?),
                            };
                        }
                        Field::Other => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                let missing = |name: &str| field_error::<A::Error>(name, "missing");
                let white = white.ok_or_else(|| missing("white` (or `red"))?;
                let black = black.ok_or_else(|| missing("black"))?;
                if white.is_empty() {
                    return Err(field_error(white_name, "empty player id"));
                }
                if black.is_empty() {
                    return Err(field_error("black", "empty player id"));
                }
                Ok(GameLine {
                    id: id.ok_or_else(|| missing("id"))?.get(),
                    white,
                    black,
                    result: result.ok_or_else(|| missing("result"))?,
                    plies,
                    draw_offer,
                })
            }
        }
        d.deserialize_map(V)
    }
}

/// Parses the common shape of a game line — the known fields only, strings
/// without escapes, an id that is such a string or a whole number, plies a
/// whole number or null — without serde. `None` means "not that shape":
/// the caller then parses with serde_json, which accepts every valid line
/// and names the error of a bad one, so this path can only be faster, never
/// different.
#[doc(hidden)]
pub fn read_game_line_fast(line: &[u8]) -> Option<GameLine<'_>> {
    let text = std::str::from_utf8(line).ok()?;
    let b = text.as_bytes();
    let mut i = 0;
    let ws = |i: &mut usize| {
        while *i < b.len() && matches!(b[*i], b' ' | b'\t' | b'\r' | b'\n') {
            *i += 1;
        }
    };
    // A string without escapes or control characters: its contents.
    let string = |i: &mut usize| -> Option<&str> {
        if b.get(*i) != Some(&b'"') {
            return None;
        }
        let start = *i + 1;
        let len = b[start..]
            .iter()
            .position(|&c| c == b'"' || c == b'\\' || c < 0x20)?;
        if b[start + len] != b'"' {
            return None;
        }
        *i = start + len + 1;
        Some(&text[start..start + len])
    };
    // A whole number without sign, leading zeros, fraction or exponent.
    let digits = |i: &mut usize| -> Option<&str> {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        let d = &text[start..*i];
        if d.is_empty() || (d.len() > 1 && d.starts_with('0')) {
            return None;
        }
        if matches!(b.get(*i), Some(b'.' | b'e' | b'E')) {
            return None;
        }
        Some(d)
    };
    // A player id: such a string, or such a number (its digits, as serde's
    // path gives them).
    let player = |i: &mut usize| -> Option<&str> {
        if b.get(*i) == Some(&b'"') {
            string(i)
        } else {
            digits(i)
        }
    };
    let (mut id, mut white, mut black, mut result, mut plies) = (None, None, None, None, None);
    let mut plies_seen = false;
    ws(&mut i);
    if b.get(i) != Some(&b'{') {
        return None;
    }
    i += 1;
    loop {
        ws(&mut i);
        let key = string(&mut i)?;
        ws(&mut i);
        if b.get(i) != Some(&b':') {
            return None;
        }
        i += 1;
        ws(&mut i);
        match key {
            "id" if id.is_none() => {
                let start = i;
                if b.get(i) == Some(&b'"') {
                    string(&mut i)?;
                } else {
                    digits(&mut i)?;
                }
                id = Some(&text[start..i]);
            }
            "white" | "red" if white.is_none() => white = Some(player(&mut i)?),
            "black" if black.is_none() => black = Some(player(&mut i)?),
            "result" if result.is_none() => result = Some(GameResult::parse(string(&mut i)?)?),
            "plies" if !plies_seen => {
                plies_seen = true;
                if text[i..].starts_with("null") {
                    i += 4;
                } else {
                    plies = Some(digits(&mut i)?.parse::<u32>().ok()?);
                }
            }
            _ => return None,
        }
        ws(&mut i);
        match b.get(i) {
            Some(b',') => i += 1,
            Some(b'}') => {
                i += 1;
                break;
            }
            _ => return None,
        }
    }
    ws(&mut i);
    if i != b.len() {
        return None;
    }
    let (white, black) = (white?, black?);
    if white.is_empty() || black.is_empty() {
        return None;
    }
    Some(GameLine {
        id: id?,
        white: Cow::Borrowed(white),
        black: Cow::Borrowed(black),
        result: result?,
        plies,
        // A line naming `draw_offer` is not the common shape: serde reads it.
        draw_offer: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fast_parser_agrees_with_serde_or_steps_aside() {
        let lines = [
            r#"{"id":"g1","white":"a","black":"b","result":"1-0","plies":61}"#,
            r#" { "id" : 7 , "red" : "红方" , "black" : "黑方" , "result" : "1/2-1/2" } "#,
            r#"{"id":0,"white":"a","black":"b","result":"-+","plies":null}"#,
            r#"{"result":"+-","black":"b","white":"a","id":"x"}"#,
            r#"{"id":"g1","white":"a","black":"b","result":"½-½","plies":0}"#,
            // Shapes left to serde (or errors):
            r#"{"id":"g\"1","white":"a","black":"b","result":"1-0"}"#,
            r#"{"id":01,"white":"a","black":"b","result":"1-0"}"#,
            r#"{"id":-1,"white":"a","black":"b","result":"1-0"}"#,
            r#"{"id":1.5,"white":"a","black":"b","result":"1-0"}"#,
            r#"{"id":[1],"white":"a","black":"b","result":"1-0"}"#,
            r#"{"id":1,"white":"a","black":"b","result":"1-0","extra":true}"#,
            r#"{"id":1,"white":"a","red":"c","black":"b","result":"1-0"}"#,
            r#"{"id":1,"white":"a","black":"b","black":"c","result":"1-0"}"#,
            r#"{"id":1,"white":"","black":"b","result":"1-0"}"#,
            r#"{"id":1,"white":"a","black":"b","result":"2-0"}"#,
            r#"{"id":1,"white":"a","black":"b","result":"1-0","plies":4294967296}"#,
            r#"{"id":1,"white":"a","black":"b","result":"1-0","plies":1e2}"#,
            r#"{"id":1,"white":"a","black":"b","result":"1-0"} x"#,
            r#"{"id":1,"white":"a","black":"b","result":"1-0",}"#,
            r#"{"id":1,"white":"a","black":"b"}"#,
            "{\"id\":1,\"white\":\"a\tb\",\"black\":\"b\",\"result\":\"1-0\"}",
            r#"{"id":1,"white":"a","black":"b","result":"1-0""#,
            "[]",
            "",
        ];
        let mut fast = 0;
        for line in lines {
            let slow = serde_json::from_str::<GameLine>(line);
            if let Some(g) = read_game_line_fast(line.as_bytes()) {
                fast += 1;
                let s = slow.unwrap_or_else(|e| panic!("{line}: fast accepted, serde: {e}"));
                assert_eq!(
                    (g.id, &g.white, &g.black, g.result, g.plies),
                    (s.id, &s.white, &s.black, s.result, s.plies),
                    "{line}"
                );
            }
        }
        assert_eq!(fast, 5, "the five plain lines take the fast path");
    }
}
