//! Importing players (报名名单): TRF player records, CSV, xlsx.
//!
//! CSV and xlsx columns are found by their header (first row), in any
//! order, case and surrounding spaces ignored; only the name is required.
//! Accepted headers (English / 中文):
//!
//! | field | headers |
//! |---|---|
//! | pairing number | `no`, `number`, `id`, `编号`, `序号` |
//! | name | `name`, `姓名` |
//! | rating | `rating`, `elo`, `等级分` |
//! | title | `title`, `称号` |
//! | club / unit | `club`, `unit`, `team`, `单位`, `俱乐部`, `队名` |
//! | federation | `federation`, `fed`, `协会`, `国家` |
//! | sex | `sex`, `性别` — `m`/`f`, `male`/`female`, `男`/`女` |
//! | birth | `birth`, `birth_year`, `born`, `出生`, `出生日期`, `出生年份` — `YYYY`, `YYYY-MM-DD` or `YYYY/MM/DD` |
//! | national id | `national_id`, `证号`, `会员号`, `棋协编号` |
//! | FIDE id | `fide_id`, `fide`, `FIDE ID`, `国际棋联编号` |
//! | valid games so far | `rated_games`, `有效局数`, `已计算有效局数` — whole number |
//! | rated events so far | `rated_events`, `参赛次数` — whole number |
//! | highest rating ever | `ever_reached`, `历史最高`, `历史最高等级分` |
//!
//! Unknown columns are ignored. Every error names the line (the row of a
//! spreadsheet) and the field.
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
use std::io::Cursor;

use calamine::{Data, Reader, Xlsx};
use qiyuan_formats::trf::{self, parse_trf};
use qiyuan_tournament::model::Sex;
use serde::Serialize;

use crate::error::DeskError;
use crate::event::PlayerInfo;
use crate::seeding::{Renumbering, SeedingMethod};

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
    pub message: String,
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

fn err(line: usize, field: Option<&str>, message: impl Into<String>) -> ImportError {
    ImportError {
        line,
        field: field.map(str::to_string),
        message: message.into(),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Col {
    Number,
    Name,
    Rating,
    Title,
    Club,
    Federation,
    Sex,
    Birth,
    NationalId,
    FideId,
    RatedGames,
    RatedEvents,
    EverReached,
}

impl Col {
    fn field(self) -> &'static str {
        match self {
            Col::Number => "no",
            Col::Name => "name",
            Col::Rating => "rating",
            Col::Title => "title",
            Col::Club => "club",
            Col::Federation => "federation",
            Col::Sex => "sex",
            Col::Birth => "birth",
            Col::NationalId => "national_id",
            Col::FideId => "fide_id",
            Col::RatedGames => "rated_games",
            Col::RatedEvents => "rated_events",
            Col::EverReached => "ever_reached",
        }
    }

    fn from_header(h: &str) -> Option<Col> {
        let h = h.trim().trim_start_matches('\u{feff}').to_lowercase();
        Some(match h.as_str() {
            "no" | "no." | "number" | "id" | "编号" | "序号" => Col::Number,
            "name" | "姓名" => Col::Name,
            "rating" | "elo" | "等级分" => Col::Rating,
            "title" | "称号" => Col::Title,
            "club" | "unit" | "team" | "单位" | "俱乐部" | "队名" => Col::Club,
            "federation" | "fed" | "协会" | "国家" => Col::Federation,
            "sex" | "性别" => Col::Sex,
            "birth" | "birth_year" | "born" | "出生" | "出生日期" | "出生年份" => {
                Col::Birth
            }
            "national_id" | "证号" | "会员号" | "棋协编号" => Col::NationalId,
            "fide_id" | "fide" | "fide id" | "国际棋联编号" => Col::FideId,
            "rated_games" | "有效局数" | "已计算有效局数" => Col::RatedGames,
            "rated_events" | "参赛次数" => Col::RatedEvents,
            "ever_reached" | "历史最高" | "历史最高等级分" => Col::EverReached,
            _ => return None,
        })
    }
}

/// Reads rows (the first is the header) into players.
fn from_rows(rows: Vec<(usize, Vec<String>)>) -> Result<Vec<ImportedPlayer>, ImportError> {
    let mut it = rows.into_iter();
    let Some((hline, header)) = it.next() else {
        return Err(err(0, None, "the file is empty: a header row is needed"));
    };
    let mut cols: Vec<(usize, Col)> = Vec::new();
    for (i, h) in header.iter().enumerate() {
        if let Some(c) = Col::from_header(h) {
            if cols.iter().any(|(_, x)| *x == c) {
                return Err(err(
                    hline,
                    Some(c.field()),
                    format!("two columns mean `{}` (`{}`)", c.field(), h.trim()),
                ));
            }
            cols.push((i, c));
        }
    }
    if !cols.iter().any(|(_, c)| *c == Col::Name) {
        return Err(err(
            hline,
            Some("name"),
            "no `name` (姓名) column in the header",
        ));
    }
    let mut out: Vec<ImportedPlayer> = Vec::new();
    for (line, row) in it {
        if row.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        let mut info = PlayerInfo::default();
        let mut number = None;
        for &(i, c) in &cols {
            let v = row.get(i).map(|s| s.trim()).unwrap_or("");
            if v.is_empty() {
                continue;
            }
            let f = Some(c.field());
            let opt = Some(v.to_string());
            match c {
                Col::Number => {
                    let n: u32 =
                        v.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
                            err(line, f, format!("`{v}` is not a pairing number"))
                        })?;
                    if let Some(o) = out.iter().find(|p| p.number == Some(n)) {
                        return Err(err(
                            line,
                            f,
                            format!("pairing number {n} is already on line {}", o.line),
                        ));
                    }
                    number = Some(n);
                }
                Col::Name => info.name = v.to_string(),
                Col::Rating => {
                    let r = v
                        .parse::<f64>()
                        .ok()
                        .filter(|r| r.fract() == 0.0 && (0.0..=4000.0).contains(r))
                        .ok_or_else(|| err(line, f, format!("`{v}` is not a rating")))?;
                    info.rating = (r > 0.0).then_some(r as u32);
                }
                Col::Title => info.title = opt,
                Col::Club => info.club = opt,
                Col::Federation => info.federation = opt,
                Col::Sex => {
                    info.sex = Some(match v.to_lowercase().as_str() {
                        "m" | "male" | "男" => Sex::Male,
                        "f" | "w" | "female" | "女" => Sex::Female,
                        _ => {
                            return Err(err(line, f, format!("`{v}` is not a sex (m/f, 男/女)")));
                        }
                    })
                }
                Col::Birth => info.birth = Some(v.replace('/', "-").replace(".0", "")),
                Col::NationalId => info.national_id = opt,
                Col::FideId => info.fide_id = Some(v.trim_end_matches(".0").to_string()),
                Col::RatedGames | Col::RatedEvents => {
                    let n: u32 = v
                        .trim_end_matches(".0")
                        .parse()
                        .map_err(|_| err(line, f, format!("`{v}` is not a whole number ≥ 0")))?;
                    if c == Col::RatedGames {
                        info.rated_games = Some(n);
                    } else {
                        info.rated_events = Some(n);
                    }
                }
                Col::EverReached => {
                    let r: rust_decimal::Decimal = v
                        .parse()
                        .map_err(|_| err(line, f, format!("`{v}` is not a rating")))?;
                    info.ever_reached = Some(r);
                }
            }
        }
        check(line, &info)?;
        out.push(ImportedPlayer { line, number, info });
    }
    Ok(out)
}

fn check(line: usize, info: &PlayerInfo) -> Result<(), ImportError> {
    info.validate(0).map_err(|e| match e {
        DeskError::PlayerField { field, message, .. } => err(line, Some(field), message),
        other => err(line, None, other.to_string()),
    })
}

/// The line of the record the reader says starts at `byte`: the reader's
/// position is taken before the blank lines it skips, and its own line count
/// leaves them out.
fn line_at(text: &str, byte: u64) -> usize {
    let b = text.as_bytes();
    let mut at = (byte as usize).min(b.len());
    while at < b.len() && (b[at] == b'\n' || b[at] == b'\r') {
        at += 1;
    }
    b[..at].iter().filter(|&&c| c == b'\n').count() + 1
}

/// Players from CSV bytes (UTF-8, a byte-order mark allowed; `,` `;` or tab
/// separated, guessed from the header line).
pub fn players_from_csv(bytes: &[u8]) -> Result<Vec<ImportedPlayer>, ImportError> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        err(
            0,
            None,
            format!("the file is not UTF-8 text ({e}); save it as CSV UTF-8"),
        )
    })?;
    let first = text.lines().next().unwrap_or("");
    let delim = [b',', b';', b'\t']
        .into_iter()
        .max_by_key(|&d| first.matches(d as char).count())
        .unwrap_or(b',');
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delim)
        .from_reader(text.as_bytes());
    let mut rows = Vec::new();
    for rec in reader.records() {
        let rec = rec.map_err(|e| {
            let line = e.position().map_or(0, |p| line_at(text, p.byte()));
            err(line, None, e.to_string())
        })?;
        let line = rec
            .position()
            .map_or(rows.len() + 1, |p| line_at(text, p.byte()));
        rows.push((line, rec.iter().map(str::to_string).collect()));
    }
    from_rows(rows)
}

/// Players from the first worksheet of an xlsx workbook.
pub fn players_from_xlsx(bytes: &[u8]) -> Result<Vec<ImportedPlayer>, ImportError> {
    let mut book: Xlsx<_> = Xlsx::new(Cursor::new(bytes))
        .map_err(|e| err(0, None, format!("not an xlsx workbook: {e}")))?;
    let range = book
        .worksheet_range_at(0)
        .ok_or_else(|| err(0, None, "the workbook has no worksheet"))?
        .map_err(|e| err(0, None, format!("cannot read the first worksheet: {e}")))?;
    let start = range.start().map_or(0, |(r, _)| r as usize);
    let rows = range
        .rows()
        .enumerate()
        .map(|(i, row)| {
            (
                start + i + 1,
                row.iter()
                    .map(|c| match c {
                        Data::Empty => String::new(),
                        Data::String(s) => s.clone(),
                        Data::Float(f) if f.fract() == 0.0 => format!("{}", *f as i64),
                        Data::Float(f) => f.to_string(),
                        Data::Int(i) => i.to_string(),
                        Data::Bool(b) => b.to_string(),
                        Data::DateTime(d) => d
                            .as_datetime()
                            .map(|t| t.date().to_string())
                            .unwrap_or_else(|| d.to_string()),
                        Data::DateTimeIso(s) | Data::DurationIso(s) => s.clone(),
                        Data::Error(e) => format!("#{e:?}"),
                    })
                    .collect(),
            )
        })
        .collect();
    from_rows(rows)
}

/// Players from the `001` records of a TRF file (their starting ranks as
/// pairing numbers). Results in the file are not read here; see
/// [`crate::export::event_from_trf`] for a whole event.
pub fn players_from_trf(text: &str) -> Result<Vec<ImportedPlayer>, ImportError> {
    let file = parse_trf(text).map_err(|e| {
        err(
            e.line,
            Some(&e.field.to_string()),
            format!("column {}: {}", e.column, e.kind),
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
        return Err(err(0, None, "no player (001) record in the file"));
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
        sex: p.sex.map(|s| match s {
            trf::Sex::Male => Sex::Male,
            trf::Sex::Female => Sex::Female,
        }),
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
            next.restore_player(id, p.info.clone(), 1, None)?;
            ids.push(id);
        }
        next.restore_seeding(SeedingMethod::Manual);
        *self = next;
        Ok((ids, Renumbering::default(), true))
    }
}
