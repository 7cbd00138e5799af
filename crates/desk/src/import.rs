//! Importing players (报名名单): TRF player records, CSV, xlsx.
//!
//! CSV and xlsx files are read as the office reads its lists: in any of
//! the encodings Excel saves (UTF-8, GBK/GB18030, Big5), within the limits
//! of one upload, their columns found by the one column table of
//! [`qiyuan_formats::columns`] (`docs/columns.md`), in English or Chinese,
//! in any order; only the name is required. A pairing number is never read
//! from a file (序号 is a row number): numbers come from the seeding. The
//! list id (编号, id) is kept as the player's national id for the rating
//! office.
//!
//! Unknown columns are ignored (and listed by [`read_player_sheet`]). Every
//! error names the line (the row of a spreadsheet) and the field.
//!
//! ```
//! use qiyuan_desk::import::players_from_csv;
//! let csv = "姓名,等级分,单位,性别\n王天一,2700,杭州,男\n唐丹,2500,北京,女\n";
//! let players = players_from_csv(csv.as_bytes()).unwrap();
//! assert_eq!(players[1].info.name, "唐丹");
//! assert_eq!(players[1].line, 3);
//! let err = players_from_csv("name,rating\nA,2x00\n".as_bytes()).unwrap_err();
//! assert_eq!(err.to_string(), "line 2: field `rating`: `2x00` is not a rating");
//! ```

use std::fmt;

use qiyuan_formats::columns::{Column, HeaderMap, ReadBy, def};
use qiyuan_formats::sheet::{Limits, read_sheet};
use qiyuan_formats::trf::{self, parse_trf};
use qiyuan_rating::Lang;
use qiyuan_tournament::model::{PlayerId, Sex};
use serde::Serialize;

use crate::error::DeskError;
use crate::event::PlayerInfo;
use crate::seeding::{Renumbering, SeedingMethod};
use qiyuan_vocab::Message;

/// A player read from a file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ImportedPlayer {
    /// Line of the file (row of a spreadsheet), from 1.
    pub line: usize,
    /// The pairing number the file gives, if any.
    pub number: Option<u32>,
    /// The player's data.
    pub info: PlayerInfo,
}

/// A file that cannot be read as a list of players.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ImportError {
    /// Line (row), from 1; 0 for the file as a whole.
    pub line: usize,
    /// Field, when the error is in one.
    pub field: Option<String>,
    /// What is wrong.
    pub message: Message,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: ", self.line)?;
        }
        if let Some(field) = &self.field {
            write!(f, "field `{field}`: ")?;
        }
        write!(f, "{}", self.message)
    }
}

impl ImportError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text. The
    /// Chinese names the line and the column (by its Chinese header) and the
    /// reason where the desk words it: a value that is not a rating, a sex
    /// or a count, a text the desk refuses, no name column; a general reason
    /// for the rest (a reader's own words).
    ///
    /// ```
    /// use qiyuan_desk::import::players_from_csv;
    /// use qiyuan_rating::Lang;
    /// let err = players_from_csv("name,rating\nA,2x00\n".as_bytes()).unwrap_err();
    /// assert_eq!(err.text(Lang::En), err.to_string());
    /// assert_eq!(err.text(Lang::Zh), "第 2 行：“等级分”列：“2x00”不是有效的等级分");
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        let mut out = String::new();
        if self.line > 0 {
            out.push_str(&format!("第 {} 行：", self.line));
        }
        if let Some(field) = &self.field {
            out.push_str(&format!("{}列：", column_zh(field)));
        }
        out.push_str(self.message.text(lang));
        out
    }
}

/// The Chinese name of a column or field key in quotes (`rating` →
/// “等级分”) by the one column table; the key itself in backticks when the
/// table does not know it.
pub(crate) fn column_zh(key: &str) -> String {
    qiyuan_formats::columns::find(key)
        .map_or_else(|| format!("`{key}`"), |c| format!("“{}”", def(c).zh[0]))
}

fn err(line: usize, field: Option<&str>, message: Message) -> ImportError {
    ImportError {
        line,
        field: field.map(str::to_string),
        message,
    }
}

/// Players read from a CSV or xlsx file, and what the reader left alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerSheet {
    /// The players, in file order.
    pub players: Vec<ImportedPlayer>,
    /// How the file was read: `CSV (GBK)`, `xlsx` …
    pub read_as: String,
    /// Known columns a player import does not read (序号, a list's
    /// columns), as written.
    pub not_read: Vec<String>,
    /// Headers no column is known by, as written.
    pub unknown: Vec<String>,
    /// Rows that cannot be a player, each with its line, field and reason
    /// (the other rows are read).
    pub refused: Vec<ImportError>,
}

/// Reads a CSV (UTF-8, GBK/GB18030 or Big5; `,` `;` or tab separated) or
/// xlsx players file with the one column table of
/// [`qiyuan_formats::columns`] ([`ReadBy::Players`]), within
/// [`Limits::players`]. `file` names the file in errors.
///
/// ```
/// use qiyuan_desk::import::read_player_sheet;
/// // What Chinese Excel saves: GBK. 序号 is a row number, never read;
/// // 编号 is the player's list id.
/// let (gbk, _, _) = encoding_rs::GBK.encode("序号,编号,姓名,等级分\n1,1201,王天一,2650\n");
/// let read = read_player_sheet(&gbk, "名单.csv").unwrap();
/// assert_eq!(read.players[0].info.name, "王天一");
/// assert_eq!(read.players[0].info.national_id.as_deref(), Some("1201"));
/// assert_eq!(read.players[0].number, None);
/// assert_eq!(read.not_read, ["序号"]);
/// ```
///
/// # Errors
/// [`ImportError`] naming the line and the field: an unreadable file, a
/// header without `name` (姓名) or naming a column twice. A bad cell
/// refuses its row only ([`PlayerSheet::refused`]).
pub fn read_player_sheet(bytes: &[u8], file: &str) -> Result<PlayerSheet, ImportError> {
    let sheet = read_sheet(bytes, file, &Limits::players()).map_err(|e| ImportError {
        line: e.line.unwrap_or(0),
        field: None,
        message: Message::new(e.message, e.message_zh),
    })?;
    let map = HeaderMap::new(&sheet.header, ReadBy::Players)
        .map_err(|e| err(1, Some(e.key), Message::from_fn(|lang| e.text(lang))))?;
    if map.index(Column::Name).is_none() {
        return Err(err(
            1,
            Some("name"),
            Message::new("no `name` (姓名) column in the header", "表头中没有此列"),
        ));
    }
    let mut players = Vec::with_capacity(sheet.rows.len());
    let mut refused = Vec::new();
    for row in &sheet.rows {
        match player_of_row(&map, row.line, &row.cells) {
            Ok(p) => players.push(p),
            Err(e) => refused.push(e),
        }
    }
    Ok(PlayerSheet {
        players,
        read_as: sheet.kind.to_string(),
        not_read: map.not_read,
        unknown: map.unknown,
        refused,
    })
}

/// `v` is not a rating: the import's words for a bad rating cell.
fn not_a_rating(v: &str) -> Message {
    Message::new(
        format!("`{v}` is not a rating"),
        format!("“{v}”不是有效的等级分"),
    )
}

/// A TRF cell that cannot be read: `column 49: …`, in both languages.
pub(crate) fn trf_cell_message(column: usize, kind: &qiyuan_formats::trf::TrfErrorKind) -> Message {
    Message::from_fn(|lang| {
        lang.pick(
            format!("column {column}: {kind}"),
            format!("第 {column} 列：{}", kind.text(lang)),
        )
    })
}

/// One data row as a player.
fn player_of_row(
    map: &HeaderMap,
    line: usize,
    cells: &[String],
) -> Result<ImportedPlayer, ImportError> {
    let mut info = PlayerInfo::default();
    for c in map.columns() {
        let v = map.get(cells, c);
        // A text cell a list CSV or a desk export wrote spreadsheet-safe
        // (`'=…`, `'-李`) is read as it was written from.
        let v = if qiyuan_formats::list::TEXT_COLUMNS.contains(&c) {
            qiyuan_formats::text::spreadsheet_unescape(v)
        } else {
            v
        };
        if v.is_empty() {
            continue;
        }
        let f = Some(def(c).key);
        let opt = Some(v.to_string());
        match c {
            Column::Id => info.national_id = Some(v.trim_end_matches(".0").to_string()),
            Column::Name => info.name = v.to_string(),
            Column::Rating => {
                let r = v
                    .parse::<f64>()
                    .ok()
                    .filter(|r| r.fract() == 0.0 && (0.0..=4000.0).contains(r))
                    .ok_or_else(|| err(line, f, not_a_rating(v)))?;
                info.rating = (r > 0.0).then_some(r as u32);
            }
            // A list's cell may hold several titles with their days
            // (GM:2025-03-10;NM): the player keeps the first title.
            Column::Titles => {
                info.title = v
                    .split(';')
                    .next()
                    .and_then(|t| t.split(':').next())
                    .map(|t| t.trim().to_string())
                    .filter(|t| !t.is_empty());
            }
            Column::Unit => info.club = opt,
            Column::Federation => info.federation = opt,
            Column::Sex => {
                info.sex = Some(match Sex::from_code(v) {
                    Some(x) => x,
                    None => {
                        return Err(err(
                            line,
                            f,
                            Message::new(
                                format!("`{v}` is not a sex (m/f, 男/女)"),
                                format!("“{v}”不是有效的性别（m/f、男/女）"),
                            ),
                        ));
                    }
                })
            }
            Column::Birth => info.birth = Some(v.replace('/', "-").replace(".0", "")),
            Column::FideId => info.fide_id = Some(v.trim_end_matches(".0").to_string()),
            Column::RatedGames | Column::RatedEvents => {
                let n: u32 = v.trim_end_matches(".0").parse().map_err(|_| {
                    err(
                        line,
                        f,
                        Message::new(
                            format!("`{v}` is not a whole number ≥ 0"),
                            format!("“{v}”不是非负整数"),
                        ),
                    )
                })?;
                if c == Column::RatedGames {
                    info.rated_games = Some(n);
                } else {
                    info.rated_events = Some(n);
                }
            }
            Column::Highest => {
                let r: rust_decimal::Decimal =
                    v.parse().map_err(|_| err(line, f, not_a_rating(v)))?;
                info.ever_reached = Some(r);
            }
            // Read by the lists only (HeaderMap leaves them out).
            _ => {}
        }
    }
    check(line, &info)?;
    Ok(ImportedPlayer {
        line,
        number: None,
        info,
    })
}

/// The players of a sheet, or its first refused row.
fn all_or_nothing(sheet: PlayerSheet) -> Result<Vec<ImportedPlayer>, ImportError> {
    match sheet.refused.into_iter().next() {
        Some(e) => Err(e),
        None => Ok(sheet.players),
    }
}

fn check(line: usize, info: &PlayerInfo) -> Result<(), ImportError> {
    info.validate(0).map_err(|e| match e {
        DeskError::PlayerField { field, message, .. } => err(line, Some(field), message),
        other => err(line, None, Message::from_fn(|lang| other.text(lang))),
    })
}

/// Players from a CSV file ([`read_player_sheet`], the file unnamed), all
/// or none: the first refused row is the error.
///
/// # Errors
/// As [`read_player_sheet`].
pub fn players_from_csv(bytes: &[u8]) -> Result<Vec<ImportedPlayer>, ImportError> {
    read_player_sheet(bytes, "players.csv").and_then(all_or_nothing)
}

/// Players from the first worksheet of an xlsx workbook
/// ([`read_player_sheet`], the file unnamed), all or none.
///
/// # Errors
/// As [`read_player_sheet`].
pub fn players_from_xlsx(bytes: &[u8]) -> Result<Vec<ImportedPlayer>, ImportError> {
    read_player_sheet(bytes, "players.xlsx").and_then(all_or_nothing)
}

/// Players from the `001` records of a TRF file (their starting ranks as
/// pairing numbers). Results in the file are not read here; see
/// [`crate::export::event_from_trf`] for a whole event.
pub fn players_from_trf(text: &str) -> Result<Vec<ImportedPlayer>, ImportError> {
    let file = parse_trf(text).map_err(|e| {
        err(
            e.line,
            Some(&e.field.to_string()),
            trf_cell_message(e.column, &e.kind),
        )
    })?;
    let mut out = Vec::new();
    for (i, r) in file.records.iter().enumerate() {
        let trf::Record::Player(p) = r else { continue };
        let info = trf_player_info(&file, p);
        check(i + 1, &info)?;
        out.push(ImportedPlayer {
            line: i + 1,
            number: Some(u32::from(p.start_number)),
            info,
        });
    }
    if out.is_empty() {
        return Err(err(
            0,
            None,
            Message::new(
                "no player (001) record in the file",
                "文件中没有棋手记录（001）",
            ),
        ));
    }
    Ok(out)
}

/// The desk's data of a TRF player record of `file` (the title from the
/// player's `QYT` record when the file has one, else the `001` field).
pub(crate) fn trf_player_info(file: &trf::TrfFile, p: &trf::PlayerRecord) -> PlayerInfo {
    PlayerInfo {
        name: p.name.trim().to_string(),
        rating: p.rating.filter(|&r| r > 0).map(u32::from),
        title: file.player_title(p.start_number).map(str::to_string),
        club: None,
        federation: p.federation.clone(),
        sex: p.sex,
        birth: p
            .birth_date()
            .map(|d| d.to_string())
            .or_else(|| p.birth_year().map(|y| y.to_string())),
        national_id: None,
        fide_id: p.fide_id.filter(|&i| i > 0).map(|i| i.to_string()),
        // A TRF player record does not carry the list's games, events or
        // highest rating.
        rated_games: None,
        rated_events: None,
        ever_reached: None,
    }
}

impl crate::event::DeskEvent {
    /// Adds imported players, all or none. A file that numbers every player
    /// (a TRF's start ranks) keeps its numbers when the event has no
    /// players yet: the seeding becomes [`SeedingMethod::Manual`]. Otherwise
    /// each player is placed as [`DeskEvent::add_player`] places one.
    /// Returns the numbers given, the [`Renumbering`] from the appended
    /// numbers, and whether the file's numbers were kept.
    ///
    /// [`DeskEvent::add_player`]: crate::event::DeskEvent::add_player
    pub fn import_players(
        &mut self,
        players: &[ImportedPlayer],
    ) -> Result<(Vec<qiyuan_tournament::model::PlayerId>, Renumbering, bool), DeskError> {
        let numbered = !players.is_empty() && players.iter().all(|p| p.number.is_some());
        let keep = numbered && self.event().players().is_empty() && self.rounds_paired() == 0;
        if !keep {
            let infos: Vec<PlayerInfo> = players.iter().map(|p| p.info.clone()).collect();
            let (ids, moved) = self.add_players_placed(&infos)?;
            return Ok((ids, moved, false));
        }
        let mut sorted: Vec<&ImportedPlayer> = players.iter().collect();
        sorted.sort_by_key(|p| p.number);
        let mut next = self.clone();
        let mut ids = Vec::new();
        for p in sorted {
            let id = qiyuan_tournament::model::PlayerId(p.number.unwrap_or(0));
            p.info.validate(id.0)?;
            next.restore_player(id, p.info.clone(), 1, None)?;
            ids.push(id);
        }
        next.restore_seeding(SeedingMethod::Manual);
        *self = next;
        Ok((ids, Renumbering::default(), true))
    }
}

/// What an import would do to one row of a file, against the players
/// already entered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum RowPlan {
    /// A player not yet in the event.
    New,
    /// The same player (same list id; or same name and birth; or the same
    /// name where neither gives an id or a birth) with the same data.
    Unchanged {
        /// The player entered.
        existing: PlayerId,
    },
    /// The same player with other data: `fields` differ.
    Changed {
        /// The player entered.
        existing: PlayerId,
        /// The fields that differ (`rating`, `club` …).
        fields: Vec<&'static str>,
    },
    /// A row repeating an earlier row of the same file.
    RepeatsLine {
        /// The earlier line.
        line: usize,
    },
}

/// How two player records are the same player: same list id when both
/// give one; else same name and birth when both give a birth; else same
/// name when neither gives an id or a birth.
fn same_player(a: &PlayerInfo, b: &PlayerInfo) -> bool {
    match (&a.national_id, &b.national_id) {
        (Some(x), Some(y)) => return x == y,
        (Some(_), None) | (None, Some(_)) => return false,
        (None, None) => {}
    }
    if a.name.trim() != b.name.trim() {
        return false;
    }
    match (&a.birth, &b.birth) {
        (Some(x), Some(y)) => x == y,
        (None, None) => true,
        _ => false,
    }
}

/// The fields in which the file's record `file` would change `entered`
/// (a field the file leaves empty changes nothing).
fn changed_fields(entered: &PlayerInfo, file: &PlayerInfo) -> Vec<&'static str> {
    let mut out = Vec::new();
    let mut cmp = |name: &'static str, differs: bool| {
        if differs {
            out.push(name);
        }
    };
    fn d<T: PartialEq>(a: &Option<T>, b: &Option<T>) -> bool {
        b.is_some() && a != b
    }
    cmp("name", entered.name != file.name);
    cmp("rating", d(&entered.rating, &file.rating));
    cmp("title", d(&entered.title, &file.title));
    cmp("club", d(&entered.club, &file.club));
    cmp("federation", d(&entered.federation, &file.federation));
    cmp("sex", d(&entered.sex, &file.sex));
    cmp("birth", d(&entered.birth, &file.birth));
    cmp("fide_id", d(&entered.fide_id, &file.fide_id));
    cmp("rated_games", d(&entered.rated_games, &file.rated_games));
    cmp("rated_events", d(&entered.rated_events, &file.rated_events));
    cmp("ever_reached", d(&entered.ever_reached, &file.ever_reached));
    out
}

/// What importing `players` into `event` would do, row by row (the
/// preview an arbiter confirms before anything is stored).
///
/// ```
/// use qiyuan_desk::import::{RowPlan, players_from_csv, plan_import};
/// use qiyuan_desk::prelude::*;
/// let mut event = DeskEvent::new(EventSettings::swiss("Open", GameKind::Xiangqi, 5)).unwrap();
/// let first = players_from_csv("编号,姓名,等级分\n1201,王天一,2650\n".as_bytes()).unwrap();
/// event.import_players(&first).unwrap();
/// let again = players_from_csv("编号,姓名,等级分\n1201,王天一,2660\n1305,唐丹,2500\n1305,唐丹,2500\n".as_bytes()).unwrap();
/// let plan = plan_import(&event, &again);
/// assert_eq!(plan[0], RowPlan::Changed { existing: PlayerId(1), fields: vec!["rating"] });
/// assert_eq!(plan[1], RowPlan::New);
/// assert_eq!(plan[2], RowPlan::RepeatsLine { line: 3 });
/// ```
pub fn plan_import(event: &crate::DeskEvent, players: &[ImportedPlayer]) -> Vec<RowPlan> {
    let entered = event.players();
    players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            if let Some(earlier) = players[..i].iter().find(|q| same_player(&q.info, &p.info)) {
                return RowPlan::RepeatsLine { line: earlier.line };
            }
            match entered.iter().find(|e| same_player(&e.info, &p.info)) {
                None => RowPlan::New,
                Some(e) => {
                    let fields = changed_fields(&e.info, &p.info);
                    if fields.is_empty() {
                        RowPlan::Unchanged { existing: e.id }
                    } else {
                        RowPlan::Changed {
                            existing: e.id,
                            fields,
                        }
                    }
                }
            }
        })
        .collect()
}

/// A player's data with the file's non-empty fields laid over it (a
/// merge of a changed row).
pub fn merged(entered: &PlayerInfo, file: &PlayerInfo) -> PlayerInfo {
    fn or<T: Clone>(file: &Option<T>, entered: &Option<T>) -> Option<T> {
        file.clone().or_else(|| entered.clone())
    }
    PlayerInfo {
        name: file.name.clone(),
        rating: or(&file.rating, &entered.rating),
        title: or(&file.title, &entered.title),
        club: or(&file.club, &entered.club),
        federation: or(&file.federation, &entered.federation),
        sex: or(&file.sex, &entered.sex),
        birth: or(&file.birth, &entered.birth),
        national_id: or(&file.national_id, &entered.national_id),
        fide_id: or(&file.fide_id, &entered.fide_id),
        rated_games: or(&file.rated_games, &entered.rated_games),
        rated_events: or(&file.rated_events, &entered.rated_events),
        ever_reached: or(&file.ever_reached, &entered.ever_reached),
    }
}
