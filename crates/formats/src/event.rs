//! The qiyuan event file (赛事文件, JSON or TOML): reading it into a validated
//! rating [`Event`], and writing an [`Event`] back.
//!
//! The format is documented field by field in `docs/event-format.md`. In short:
//!
//! ```json
//! {
//!   "name": "2019 全国象棋甲级联赛", "game": "xiangqi", "system": "swiss",
//!   "start": "2019-05-01", "end": "2019-05-05",
//!   "players": [
//!     {"id": 1, "name": "王天一", "sex": "m", "rating": 2450.5, "rated_games": 40},
//!     {"id": 2, "name": "唐丹", "sex": "f", "rating": null}
//!   ],
//!   "games": [{"round": 1, "red": 1, "black": 2, "result": "1-0"}]
//! }
//! ```
//!
//! The same shape is accepted in TOML (`[[players]]`, `[[games]]` tables).
//! Ratings are exact decimals, read from the number's text, never through a
//! binary float.
//!
//! Every error names the file, the line and the field
//! (`events.json:14: games[3].black: player 17 is not in the players list`),
//! see [`EventFileError`]. Reading never panics, whatever the input.
//!
//! ```
//! use qiyuan_formats::event::{read_event, write_event_toml, EventFormat};
//! use rust_decimal::Decimal;
//!
//! let text = r#"{"name": "例", "game": "chess", "system": "match",
//!   "players": [{"id": 1, "name": "A", "sex": "m", "rating": 2450.5},
//!               {"id": 2, "name": "B", "sex": "f", "rating": null}],
//!   "games": [{"round": 1, "white": 1, "black": 2, "result": "1/2-1/2"}]}"#;
//! let event = read_event(text, "example.json", None).unwrap();
//! assert_eq!(event.players()[0].rating, Some(Decimal::new(24505, 1)));
//! // TOML written from it reads back to the same event.
//! let toml = write_event_toml(&event);
//! assert_eq!(read_event(&toml, "example.toml", None).unwrap(), event);
//!
//! let bad = text.replace(r#""black": 2"#, r#""black": 17"#);
//! let err = read_event(&bad, "example.json", Some(EventFormat::Json)).unwrap_err();
//! assert_eq!(err.line(), Some(4));
//! assert_eq!(err.field(), Some("games[0].black"));
//! assert_eq!(
//!     err.to_string(),
//!     "example.json:4: games[0].black: player 17 is not in the players list\n  \
//!      help: the players list has 2 players, ids 1 to 2"
//! );
//! ```

use std::fmt;
use std::path::Path;

use qiyuan_rating::Lang;
use qiyuan_rating::model::Event;

mod convert;
mod json;
mod records;
mod toml_tree;
mod tree;
mod write;

pub use records::{
    GameMatch, RecordFacts, RecordMismatch, RecordRef, compare_record, find_game, name_matches,
    round_of_tag,
};
pub use write::{write_event, write_event_json, write_event_toml, write_event_with_records};

/// The two spellings of an event file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventFormat {
    /// JSON (`.json`).
    Json,
    /// TOML (`.toml`).
    Toml,
}

impl EventFormat {
    /// The format named by a file's extension (`.json` or `.toml`, any case).
    ///
    /// ```
    /// use qiyuan_formats::event::EventFormat;
    /// assert_eq!(EventFormat::from_path("a/赛事.TOML"), Some(EventFormat::Toml));
    /// assert_eq!(EventFormat::from_path("events.txt"), None);
    /// ```
    pub fn from_path(path: impl AsRef<Path>) -> Option<EventFormat> {
        let ext = path.as_ref().extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "json" => Some(EventFormat::Json),
            "toml" => Some(EventFormat::Toml),
            _ => None,
        }
    }

    /// The format guessed from the text: JSON when the first non-blank
    /// character (after a byte-order mark) is `{`, TOML otherwise.
    ///
    /// ```
    /// use qiyuan_formats::event::EventFormat;
    /// assert_eq!(EventFormat::sniff("\n  {\"name\": 1}"), EventFormat::Json);
    /// assert_eq!(EventFormat::sniff("name = \"x\""), EventFormat::Toml);
    /// ```
    pub fn sniff(text: &str) -> EventFormat {
        match text
            .trim_start_matches('\u{feff}')
            .trim_start()
            .chars()
            .next()
        {
            Some('{') => EventFormat::Json,
            _ => EventFormat::Toml,
        }
    }

    /// `JSON` or `TOML`, for messages.
    pub fn name(self) -> &'static str {
        match self {
            EventFormat::Json => "JSON",
            EventFormat::Toml => "TOML",
        }
    }
}

/// What kind of problem an [`EventFileError`] reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EventFileErrorKind {
    /// The file could not be read.
    Io,
    /// The file is not UTF-8 text (e.g. GBK / GB18030).
    Encoding,
    /// The text is not valid JSON or TOML.
    Syntax,
    /// A required field is absent.
    MissingField,
    /// A field the format does not know (often a misspelling).
    UnknownField,
    /// A field given twice in one object.
    DuplicateField,
    /// A value of the wrong type (a string where a number is expected…).
    WrongType,
    /// A value of the right type that is not allowed (sex `x`, result `2-0`,
    /// a negative rating, round 0, an unknown game or system…).
    InvalidValue,
    /// Two players share an id.
    DuplicatePlayer,
    /// A game names a player who is not in the players list.
    UnknownPlayer,
    /// A player is paired against themself.
    SelfPairing,
    /// The same game is listed twice.
    DuplicateGame,
    /// A player appears twice in one round.
    TwiceInRound,
}

/// An error in an event file, naming the file, the line and the field.
///
/// Its [`Display`](fmt::Display) form is `file:line: field: message`, then a
/// `help:` line where there is a hint, e.g.
///
/// ```text
/// events.json:14: games[3].black: player 17 is not in the players list
///   help: the players list has 12 players, ids 1 to 12
/// ```
///
/// Syntax errors carry a column too (`events.toml:7:12: TOML syntax: …`).
/// Field paths count array elements from 0, as `jq` does: `games[3]` is the
/// fourth game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventFileError(Box<ErrorData>);

/// The content of an [`EventFileError`], boxed so that results stay small.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ErrorData {
    file: String,
    line: Option<usize>,
    column: Option<usize>,
    field: Option<String>,
    kind: EventFileErrorKind,
    message: String,
    message_zh: String,
    help: Option<String>,
    help_zh: Option<String>,
}

impl EventFileError {
    /// An error of `kind` in `file`, its message in English and Chinese.
    pub(crate) fn new(
        file: &str,
        kind: EventFileErrorKind,
        message: impl Into<String>,
        message_zh: impl Into<String>,
    ) -> EventFileError {
        EventFileError(Box::new(ErrorData {
            file: file.to_owned(),
            line: None,
            column: None,
            field: None,
            kind,
            message: message.into(),
            message_zh: message_zh.into(),
            help: None,
            help_zh: None,
        }))
    }

    pub(crate) fn at(mut self, line: usize, column: Option<usize>) -> Self {
        self.0.line = Some(line);
        self.0.column = column;
        self
    }

    pub(crate) fn with_field(mut self, field: impl Into<String>) -> Self {
        self.0.field = Some(field.into());
        self
    }

    /// The hint, in English and Chinese.
    pub(crate) fn with_help(mut self, help: impl Into<String>, help_zh: impl Into<String>) -> Self {
        self.0.help = Some(help.into());
        self.0.help_zh = Some(help_zh.into());
        self
    }

    /// The file name given for messages.
    pub fn file(&self) -> &str {
        &self.0.file
    }
    /// Line of the problem, from 1 (none for I/O errors).
    pub fn line(&self) -> Option<usize> {
        self.0.line
    }
    /// Column (in characters, from 1), for syntax errors.
    pub fn column(&self) -> Option<usize> {
        self.0.column
    }
    /// Path of the offending field, e.g. `games[3].black` or `players[0]`.
    pub fn field(&self) -> Option<&str> {
        self.0.field.as_deref()
    }
    /// What kind of problem this is.
    pub fn kind(&self) -> EventFileErrorKind {
        self.0.kind
    }
    /// The message, without file, line or field.
    pub fn message(&self) -> &str {
        &self.0.message
    }
    /// A hint on how to fix it, if there is one.
    pub fn help(&self) -> Option<&str> {
        self.0.help.as_deref()
    }
    /// The message in `lang`, without file, line or field
    /// ([`message`](Self::message) in English).
    pub fn message_in(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.0.message,
            Lang::Zh => &self.0.message_zh,
        }
    }
    /// The hint in `lang`, if there is one ([`help`](Self::help) in
    /// English).
    pub fn help_in(&self, lang: Lang) -> Option<&str> {
        match lang {
            Lang::En => self.0.help.as_deref(),
            Lang::Zh => self.0.help_zh.as_deref(),
        }
    }

    /// The message in `lang`: [`Lang::En`] is the `Display` text; the
    /// Chinese names the same file, line, column and field:
    /// `file：第 L 行第 C 列：字段 `field`：…`, then a `提示：` line where
    /// there is a hint.
    ///
    /// ```
    /// use qiyuan_formats::event::read_event;
    /// use qiyuan_rating::Lang;
    /// let text = "{\"name\": \"例\", \"game\": \"xiangqi\", \"system\": \"swiss\",\n\
    ///             \"players\": [{\"id\": 0, \"name\": \"甲\", \"sex\": \"m\"}], \"games\": []}";
    /// let e = read_event(text, "例.json", None).unwrap_err();
    /// assert_eq!(e.text(Lang::En), e.to_string());
    /// assert_eq!(
    ///     e.text(Lang::Zh),
    ///     "例.json：第 2 行：字段 `players[0].id`：棋手编号从 1 开始\n  提示：0 不是棋手（轮空时 `black` 写 null 或省略）"
    /// );
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        let d = &self.0;
        let mut out = d.file.clone();
        if let Some(line) = d.line {
            out.push_str(&format!("：第 {line} 行"));
            if let Some(column) = d.column {
                out.push_str(&format!("第 {column} 列"));
            }
        }
        out.push('：');
        if let Some(field) = &d.field {
            out.push_str(&format!("字段 `{field}`："));
        }
        out.push_str(&d.message_zh);
        if let Some(help) = &d.help_zh {
            out.push_str(&format!("\n  提示：{help}"));
        }
        out
    }
}

impl fmt::Display for EventFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.file)?;
        if let Some(line) = self.0.line {
            write!(f, ":{line}")?;
            if let Some(column) = self.0.column {
                write!(f, ":{column}")?;
            }
        }
        f.write_str(": ")?;
        if let Some(field) = &self.0.field {
            write!(f, "{field}: ")?;
        }
        f.write_str(&self.0.message)?;
        if let Some(help) = &self.0.help {
            write!(f, "\n  help: {help}")?;
        }
        Ok(())
    }
}

impl std::error::Error for EventFileError {}

/// Reads an event from the text of an event file.
///
/// `path_for_messages` is the file name shown in errors (and, when `format`
/// is `None`, its extension picks the format; without a known extension the
/// first non-blank character decides, see [`EventFormat::sniff`]). A UTF-8
/// byte-order mark is skipped.
///
/// # Errors
/// Any syntax or semantic problem, as an [`EventFileError`] naming the line
/// and field.
pub fn read_event(
    text: &str,
    path_for_messages: &str,
    format: Option<EventFormat>,
) -> Result<Event, EventFileError> {
    read_event_with_records(text, path_for_messages, format).map(|(event, _)| event)
}

/// [`read_event`], also returning each game's `record` (棋谱: a game record
/// file, see [`RecordRef`]), in the order of the file's `games` (`None`
/// where a game has none). The records are not read here.
///
/// ```
/// use qiyuan_formats::event::read_event_with_records;
/// let text = r#"{"name": "例", "game": "xiangqi", "system": "match",
///   "players": [{"id": 1, "name": "甲", "sex": "m"}, {"id": 2, "name": "乙", "sex": "m"}],
///   "games": [{"round": 1, "red": 1, "black": 2, "result": "1-0", "record": "r1.pgn#2"},
///             {"round": 2, "red": 2, "black": 1, "result": "0-1"}]}"#;
/// let (event, records) = read_event_with_records(text, "例.json", None).unwrap();
/// assert_eq!(event.pairings().len(), 2);
/// let r = records[0].as_ref().unwrap();
/// assert_eq!((r.path.as_str(), r.number, r.line), ("r1.pgn", Some(2), 3));
/// assert!(records[1].is_none());
/// ```
///
/// # Errors
/// As [`read_event`]; a `record` that is not a non-empty string, or whose
/// `#N` is not a game number from 1, is refused too.
pub fn read_event_with_records(
    text: &str,
    path_for_messages: &str,
    format: Option<EventFormat>,
) -> Result<(Event, Vec<Option<RecordRef>>), EventFileError> {
    let format = format
        .or_else(|| EventFormat::from_path(path_for_messages))
        .unwrap_or_else(|| EventFormat::sniff(text));
    // A BOM is three bytes on line 1: removing it shifts columns of line 1
    // only, which the locator accounts for by keeping the original text.
    let bom = if text.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    };
    let lines = tree::LineIndex::new(text);
    let root = match format {
        EventFormat::Json => json::parse(text, bom, path_for_messages, &lines)?,
        EventFormat::Toml => toml_tree::parse(text, bom, path_for_messages, &lines)?,
    };
    convert::event_from_tree(&root, format, path_for_messages, &lines)
}

/// Reads an event file from disk (format from the extension, else sniffed).
///
/// # Errors
/// The file cannot be read ([`EventFileErrorKind::Io`]), is not UTF-8
/// ([`EventFileErrorKind::Encoding`], with the line of the first bad byte),
/// or [`read_event`] refuses it.
pub fn read_event_path(path: &Path) -> Result<Event, EventFileError> {
    read_event_path_with_records(path).map(|(event, _)| event)
}

/// [`read_event_path`] with each game's `record` (see
/// [`read_event_with_records`]; resolve the paths with
/// [`RecordRef::resolve`]).
///
/// # Errors
/// As [`read_event_path`].
pub fn read_event_path_with_records(
    path: &Path,
) -> Result<(Event, Vec<Option<RecordRef>>), EventFileError> {
    let shown = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| {
        let zh = match e.kind() {
            std::io::ErrorKind::NotFound => "文件不存在",
            std::io::ErrorKind::PermissionDenied => "没有读取该文件的权限",
            _ => "文件无法读取",
        };
        let zh = match e.raw_os_error() {
            Some(code) => format!("{zh}（系统错误 {code}）"),
            None => zh.to_string(),
        };
        EventFileError::new(&shown, EventFileErrorKind::Io, e.to_string(), zh)
    })?;
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let bad = e.utf8_error().valid_up_to();
            let before = &e.as_bytes()[..bad];
            let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
            return Err(EventFileError::new(
                &shown,
                EventFileErrorKind::Encoding,
                "the file is not UTF-8 text",
                "文件不是 UTF-8 文本",
            )
            .at(line, None)
            .with_help(
                "save it as UTF-8 (a GBK or GB18030 file can be converted with \
                 `iconv -f GB18030 -t UTF-8`)",
                "请另存为 UTF-8（GBK 或 GB18030 文件可用 `iconv -f GB18030 -t UTF-8` 转换）",
            ));
        }
    };
    read_event_with_records(&text, &shown, None)
}
