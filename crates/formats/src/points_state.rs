//! The state file of `qiyuan points`: every player's points (a platform
//! point system) or Glicko-2 rating, kept between runs.
//!
//! One JSON document, players sorted by id, one player a line:
//!
//! ```json
//! {"format":"qiyuan-points-state","system":"qq-xiangqi-titles","players":{
//! "alice":{"points":1012,"games":12},
//! "bob":{"points":988,"games":12}
//! }}
//! ```
//!
//! Glicko-2 keeps `rating`, `rd` and `volatility` instead (`"system":
//! "glicko2"`). The file names its system, and a state is read only for
//! the system it was written by. Reading and writing are on bytes: the
//! caller opens the file and writes it atomically.
//!
//! ```
//! use qiyuan_formats::points_state::{read_point_state, write_point_state};
//! use qiyuan_rating::online::{PlayerRecord, PlayerStore};
//! use rust_decimal::Decimal;
//!
//! let mut store = PlayerStore::new();
//! store.insert("alice", PlayerRecord { points: Decimal::new(1012, 0), games: 12 });
//! let bytes = write_point_state("qq-xiangqi-titles", &store);
//! let back = read_point_state(&bytes, "state.json", "qq-xiangqi-titles").unwrap();
//! assert_eq!(back.iter().collect::<Vec<_>>(), store.iter().collect::<Vec<_>>());
//!
//! let err = read_point_state(&bytes, "state.json", "qq-chess-titles").unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "state file state.json keeps points of system `qq-xiangqi-titles`, not `qq-chess-titles`"
//! );
//! ```

use std::collections::HashMap;
use std::io::Write;

use qiyuan_rating::Lang;
use qiyuan_rating::online::glicko2::{Glicko2, Glicko2Store, Rating};
use qiyuan_rating::online::{PlayerRecord, PlayerStore};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// The `format` a state file names.
pub const FORMAT: &str = "qiyuan-points-state";

/// The `system` of a Glicko-2 state.
pub const GLICKO2: &str = "glicko2";

/// Why a state file could not be read; each names the file.
#[derive(Debug, thiserror::Error)]
pub enum StateError {
    /// Not a JSON document of the state's shape.
    #[error("state file {file} is not a points state: {source}")]
    NotAState {
        /// The file.
        file: String,
        /// What JSON reading said (line, column).
        source: serde_json::Error,
    },
    /// Another `format`.
    #[error("state file {file}: `format` is `{found}`, expected `{FORMAT}`")]
    Format {
        /// The file.
        file: String,
        /// The format it names.
        found: String,
    },
    /// The state of another system.
    #[error("state file {file} keeps points of system `{found}`, not `{expected}`")]
    System {
        /// The file.
        file: String,
        /// The system it keeps.
        found: String,
        /// The system asked for.
        expected: String,
    },
    /// A player of a point system without points.
    #[error("state file {file}: player `{id}` has no `points`")]
    NoPoints {
        /// The file.
        file: String,
        /// The player.
        id: String,
    },
    /// A Glicko-2 player without one of the three figures.
    #[error("state file {file}: player `{id}` needs `rating`, `rd` and `volatility`")]
    NoRating {
        /// The file.
        file: String,
        /// The player.
        id: String,
    },
}

impl StateError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text (the
    /// Chinese gives the JSON reader's line and column, not its English).
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            StateError::NotAState { file, source } => format!(
                "状态文件 {file} 不是积分状态文件：第 {} 行第 {} 列有误",
                source.line(),
                source.column()
            ),
            StateError::Format { file, found } => {
                format!("状态文件 {file}：`format` 是 `{found}`，应为 `{FORMAT}`")
            }
            StateError::System {
                file,
                found,
                expected,
            } => format!("状态文件 {file} 保存的是积分制 `{found}` 的积分，不是 `{expected}`"),
            StateError::NoPoints { file, id } => {
                format!("状态文件 {file}：棋手 `{id}` 没有 `points`")
            }
            StateError::NoRating { file, id } => {
                format!("状态文件 {file}：棋手 `{id}` 须有 `rating`、`rd` 和 `volatility`")
            }
        }
    }
}

/// One player in the state file: `points` (and `games`) for a point
/// system; `rating`, `rd` and `volatility` for Glicko-2.
#[derive(Debug, Default, Serialize, Deserialize)]
struct PlayerDoc {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    points: Option<Decimal>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rating: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rd: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    volatility: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    games: Option<u32>,
}

#[derive(Deserialize)]
struct StateDoc {
    format: String,
    system: String,
    players: HashMap<String, PlayerDoc>,
}

/// The players of a state file of `system`, after its format and system
/// are checked.
fn read_doc(
    bytes: &[u8],
    file: &str,
    system: &str,
) -> Result<HashMap<String, PlayerDoc>, StateError> {
    let doc: StateDoc = serde_json::from_slice(bytes).map_err(|source| StateError::NotAState {
        file: file.to_string(),
        source,
    })?;
    if doc.format != FORMAT {
        return Err(StateError::Format {
            file: file.to_string(),
            found: doc.format,
        });
    }
    if doc.system != system {
        return Err(StateError::System {
            file: file.to_string(),
            found: doc.system,
            expected: system.to_string(),
        });
    }
    Ok(doc.players)
}

/// Reads the state of point system `system` (its name) from the bytes of
/// `file`.
///
/// # Errors
/// [`StateError`]: not a state, another format or system, a player
/// without points.
pub fn read_point_state(bytes: &[u8], file: &str, system: &str) -> Result<PlayerStore, StateError> {
    let players = read_doc(bytes, file, system)?;
    let mut store = PlayerStore::with_capacity(players.len());
    for (id, p) in players {
        let Some(points) = p.points else {
            return Err(StateError::NoPoints {
                file: file.to_string(),
                id,
            });
        };
        store.insert(
            &id,
            PlayerRecord {
                points,
                games: p.games.unwrap_or(0),
            },
        );
    }
    Ok(store)
}

/// Reads a Glicko-2 state from the bytes of `file` into a store of
/// `system` (its τ and defaults).
///
/// # Errors
/// [`StateError`]: not a state, another format or system, a player
/// without `rating`, `rd` or `volatility`.
pub fn read_glicko2_state(
    bytes: &[u8],
    file: &str,
    system: Glicko2,
) -> Result<Glicko2Store, StateError> {
    let players = read_doc(bytes, file, GLICKO2)?;
    let mut store = Glicko2Store::new(system);
    for (id, p) in players {
        let (Some(rating), Some(rd), Some(volatility)) = (p.rating, p.rd, p.volatility) else {
            return Err(StateError::NoRating {
                file: file.to_string(),
                id,
            });
        };
        store.insert(
            &id,
            Rating {
                rating,
                rd,
                volatility,
            },
        );
    }
    Ok(store)
}

/// Writes the state of point system `system`: players sorted by id, points
/// normalised (`1012`, not `1012.00`).
#[must_use]
pub fn write_point_state(system: &str, store: &PlayerStore) -> Vec<u8> {
    let players = store.iter().map(|(id, r)| {
        let doc = PlayerDoc {
            points: Some(r.points.normalize()),
            games: Some(r.games),
            ..PlayerDoc::default()
        };
        (id, doc)
    });
    write_doc(system, players)
}

/// Writes a Glicko-2 state: players sorted by id.
#[must_use]
pub fn write_glicko2_state(store: &Glicko2Store) -> Vec<u8> {
    let players = store.iter().map(|(id, r)| {
        let doc = PlayerDoc {
            rating: Some(r.rating),
            rd: Some(r.rd),
            volatility: Some(r.volatility),
            ..PlayerDoc::default()
        };
        (id, doc)
    });
    write_doc(GLICKO2, players)
}

fn write_doc<'a>(system: &str, players: impl Iterator<Item = (&'a str, PlayerDoc)>) -> Vec<u8> {
    let mut players: Vec<(&str, PlayerDoc)> = players.collect();
    players.sort_unstable_by(|a, b| a.0.cmp(b.0));
    let mut out = Vec::with_capacity(64 * players.len() + 64);
    // Writing to a Vec cannot fail, nor can serialising these values
    // (strings, decimals, finite or not floats as serde_json writes them).
    let _ = write!(out, "{{\"format\":\"{FORMAT}\",\"system\":");
    let _ = serde_json::to_writer(&mut out, system);
    out.extend_from_slice(b",\"players\":{");
    for (i, (id, doc)) in players.iter().enumerate() {
        out.extend_from_slice(if i == 0 { b"\n" } else { b",\n" });
        let _ = serde_json::to_writer(&mut out, id);
        out.push(b':');
        let _ = serde_json::to_writer(&mut out, doc);
    }
    out.extend_from_slice(b"\n}}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_refusal_names_the_file_and_what_is_wrong() {
        let cases: [(&str, &str); 4] = [
            ("[1, 2]", "state file s.json is not a points state: "),
            (
                r#"{"format":"other","system":"x","players":{}}"#,
                "state file s.json: `format` is `other`, expected `qiyuan-points-state`",
            ),
            (
                r#"{"format":"qiyuan-points-state","system":"x","players":{"a":{"games":3}}}"#,
                "state file s.json: player `a` has no `points`",
            ),
            (
                r#"{"format":"qiyuan-points-state","system":"y","players":{}}"#,
                "state file s.json keeps points of system `y`, not `x`",
            ),
        ];
        for (text, message) in cases {
            let err = read_point_state(text.as_bytes(), "s.json", "x").unwrap_err();
            assert!(err.to_string().starts_with(message), "{err}");
        }
        let err = read_glicko2_state(
            br#"{"format":"qiyuan-points-state","system":"glicko2","players":{"b":{"rating":1500,"rd":350}}}"#,
            "s.json",
            Glicko2::builtin(),
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "state file s.json: player `b` needs `rating`, `rd` and `volatility`"
        );
    }

    #[test]
    fn a_glicko2_state_reads_back_as_written() {
        let mut store = Glicko2Store::new(Glicko2::builtin());
        // Glickman's example player (Glicko-2 paper, 2013): 1500, 200, 0.06.
        store.insert(
            "z",
            Rating {
                rating: 1500.0,
                rd: 200.0,
                volatility: 0.06,
            },
        );
        store.insert(
            "a",
            Rating {
                rating: 1400.0,
                rd: 30.0,
                volatility: 0.06,
            },
        );
        let bytes = write_glicko2_state(&store);
        let text = String::from_utf8(bytes.clone()).unwrap();
        assert!(
            text.find("\"a\":").unwrap() < text.find("\"z\":").unwrap(),
            "sorted by id: {text}"
        );
        let back = read_glicko2_state(&bytes, "s.json", Glicko2::builtin()).unwrap();
        let mut a: Vec<_> = back.iter().map(|(id, r)| (id.to_string(), *r)).collect();
        let mut b: Vec<_> = store.iter().map(|(id, r)| (id.to_string(), *r)).collect();
        a.sort_by(|x, y| x.0.cmp(&y.0));
        b.sort_by(|x, y| x.0.cmp(&y.0));
        assert_eq!(a, b);
    }
}
