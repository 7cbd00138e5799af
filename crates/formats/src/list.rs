//! The rating list (等级分名单): reading a list file — CSV in UTF-8, GBK
//! or Big5, or an xlsx workbook, with English or Chinese headers (the one
//! column table of [`crate::columns`]) — into a [`RatingList`], and
//! writing one back as CSV. The columns are documented in
//! `docs/rating-list.md` and `docs/columns.md`.
//!
//! A list as published — its rows as the office reads a stored list back
//! ([`ListLine`]), the one table of the columns the list pages and the
//! workbook show ([`LIST_COLUMNS`]), the workbook itself
//! ([`write_list_xlsx`]) — is in the same module, so that a list column is
//! added in one place.
//!
//! Two readers over the same rows: [`read_list_rows`] answers every row,
//! read or refused with its reason (the office's import preview shows
//! both), and [`read_list`] wants the whole file right (`qiyuan period
//! --list`): the first refused row is its error. Every error names the
//! file, the line and the column.
//!
//! ```
//! use qiyuan_formats::list::{read_list, write_list};
//! let csv = "id,name,sex,rating,rated_games,status\n1,王天一,m,2700,300,active\n2,唐丹,f,,0,unrated\n";
//! let file = read_list(csv.as_bytes(), "list.csv").unwrap();
//! assert_eq!(file.encoding, "UTF-8");
//! assert_eq!(file.list.len(), 2);
//! let again = read_list(write_list(file.list.rows()).as_bytes(), "again.csv").unwrap();
//! assert_eq!(again.list, file.list);
//! // Chinese headers, as the office's own export and most lists write them.
//! let zh = read_list("编号,姓名,性别,等级分\n7,王天一,男,2700\n".as_bytes(), "名单.csv").unwrap();
//! assert_eq!(zh.list.rows()[0].name, "王天一");
//!
//! let err = read_list(b"id,name,sex,rating\n1,A,m,2x00\n", "list.csv").unwrap_err();
//! assert_eq!(err.to_string(), "list.csv:2: column `rating`: `2x00` is not a number");
//! ```

use std::collections::{BTreeMap, HashMap};
use std::fmt;

use chrono::NaiveDate;
use qiyuan_rating::Lang;
use qiyuan_rating::model::{PlayerId, Sex};
use qiyuan_rating::period::{Carried, ListRow, RatingList, Status, TitleHeld, TitleRoute};
use rust_decimal::Decimal;

use crate::columns::{Column, HeaderMap, ReadBy, def};
use crate::sheet::{Limits, SheetKind, SheetRow, read_sheet};

mod published;

pub use published::{
    Cell, CellKind, LIST_COLUMNS, ListColumn, ListLine, Medium, Show, columns_for, list_state_word,
    status_word, write_list_xlsx,
};

/// Every column the writer writes, in order (each the key of its column in
/// [`crate::columns::COLUMNS`]).
pub const COLUMNS: &[&str] = &[
    "id",
    "name",
    "sex",
    "birth_year",
    "unit",
    "titles",
    "rating",
    "rated_games",
    "rated_events",
    "k",
    "status",
    "highest",
    "last_active",
    "carried_games",
    "carried_sum",
    "carried_since",
];

/// A bad list file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListFileError {
    /// File name as given.
    pub file: String,
    /// Line (from 1), when the error is on one.
    pub line: Option<usize>,
    /// Column name, when the error is in one.
    pub column: Option<String>,
    /// What is wrong.
    pub message: String,
    /// What is wrong, in Chinese (see [`ListFileError::text`]).
    pub message_zh: String,
}

impl fmt::Display for ListFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(l) = self.line {
            write!(f, ":{l}")?;
        }
        if let Some(c) = &self.column {
            write!(f, ": column `{c}`")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for ListFileError {}

impl ListFileError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text; the
    /// Chinese names the column by its Chinese header.
    ///
    /// ```
    /// use qiyuan_formats::list::read_list;
    /// use qiyuan_rating::Lang;
    /// let e = read_list("编号,姓名\n1,甲\n".as_bytes(), "list.csv").unwrap_err();
    /// assert_eq!(e.text(Lang::En), e.to_string());
    /// assert!(e.text(Lang::Zh).starts_with("list.csv：第 1 行：“性别”列：缺少此列"));
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        let mut out = self.file.clone();
        if let Some(l) = self.line {
            out.push_str(&format!("：第 {l} 行"));
        }
        if let Some(c) = &self.column {
            out.push_str(&format!("：“{}”列", crate::columns::zh_name(c)));
        }
        format!("{out}：{}", self.message_zh)
    }
}

/// A list read from a file.
#[derive(Debug, Clone, PartialEq)]
pub struct ListFile {
    /// The list.
    pub list: RatingList,
    /// `UTF-8`, `GB18030` (read for GBK), `Big5`, … or `xlsx`.
    pub encoding: &'static str,
    /// Things the reader did that the user should know (the conversion
    /// from another encoding, columns not read).
    pub warnings: Vec<ListWarning>,
    /// The FIDE id of each player the file gives one for, by list id (the
    /// engine's row has no place for it; a new list written from the
    /// period's rows takes it from here).
    pub fide_ids: BTreeMap<u32, u64>,
}

/// One row of a list file: read, with its line.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadRow {
    /// Line of the file (row of the worksheet), from 1.
    pub line: usize,
    /// The row.
    pub row: ListRow,
    /// The player's FIDE id, if the list gives one.
    pub fide_id: Option<u64>,
}

/// A row the reader could not take, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefusedRow {
    /// Line of the file (row of the worksheet), from 1.
    pub line: usize,
    /// The column at fault (its key), when one is.
    pub column: Option<String>,
    /// Why.
    pub message: String,
    /// Why, in Chinese.
    pub message_zh: String,
    /// The row's name cell, to show which player it was.
    pub name: String,
}

/// Every row of a list file, read or refused.
#[derive(Debug, Clone, PartialEq)]
pub struct ListRows {
    /// The rows read, in file order. Ids may repeat: [`read_list`] and the
    /// office's preview flag that.
    pub rows: Vec<ReadRow>,
    /// The rows refused, in file order.
    pub refused: Vec<RefusedRow>,
    /// `UTF-8`, `GB18030`, `Big5`, … or `xlsx`.
    pub encoding: &'static str,
    /// Things the user should know (encoding converted, columns not read).
    pub warnings: Vec<ListWarning>,
}

/// Something the list reader did that the user should know: its `Display`
/// is the English, [`ListWarning::text`] the warning in either language.
///
/// ```
/// use qiyuan_formats::list::{ListWarning, read_list};
/// use qiyuan_rating::Lang;
/// let f = read_list("id,name,sex,colour\n1,A,m,red\n".as_bytes(), "r.csv").unwrap();
/// assert_eq!(f.warnings, [ListWarning::UnknownColumn { file: "r.csv".into(), column: "colour".into() }]);
/// assert_eq!(f.warnings[0].to_string(), "r.csv:1: unknown column `colour` ignored");
/// assert_eq!(f.warnings[0].text(Lang::Zh), "r.csv：第 1 行：未知的列 `colour`，已忽略");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListWarning {
    /// A CSV file not in UTF-8, read in another encoding.
    NotUtf8 {
        /// File name as given.
        file: String,
        /// The encoding it was read as (`GB18030`, `Big5` …).
        encoding: &'static str,
    },
    /// A header the reader does not know: the column is not read.
    UnknownColumn {
        /// File name as given.
        file: String,
        /// The header.
        column: String,
    },
}

impl fmt::Display for ListWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ListWarning::NotUtf8 { file, encoding } => {
                write!(f, "{file}: not UTF-8; read as {encoding} and converted")
            }
            ListWarning::UnknownColumn { file, column } => {
                write!(f, "{file}:1: unknown column `{column}` ignored")
            }
        }
    }
}

/// A warning equals its English text (`assert_eq!(f.warnings, ["r.csv:1: …"])`).
impl PartialEq<&str> for ListWarning {
    fn eq(&self, other: &&str) -> bool {
        let english = self.to_string();
        english == *other
    }
}

impl ListWarning {
    /// The warning in `lang`: [`Lang::En`] is the `Display` text.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            ListWarning::NotUtf8 { file, encoding } => {
                format!("{file}：不是 UTF-8 编码；已按 {encoding} 读入并转换")
            }
            ListWarning::UnknownColumn { file, column } => {
                format!("{file}：第 1 行：未知的列 `{column}`，已忽略")
            }
        }
    }
}

/// The encoding as a user names it.
fn encoding_name(kind: SheetKind) -> &'static str {
    match kind {
        SheetKind::Xlsx => "xlsx",
        SheetKind::Csv("gb18030") => "GB18030",
        SheetKind::Csv(e) => e,
    }
}

/// Reads every row of a list file (CSV or xlsx, by its bytes), each read
/// or refused with its reason. Only a file that is no table, or whose
/// header lacks the id, name or sex column, is an error.
pub fn read_list_rows(
    bytes: &[u8],
    file: &str,
    limits: &Limits,
) -> Result<ListRows, ListFileError> {
    let err = |line: Option<usize>, column: Option<&str>, message: String, message_zh: String| {
        ListFileError {
            file: file.to_string(),
            line,
            column: column.map(str::to_string),
            message,
            message_zh,
        }
    };
    let sheet =
        read_sheet(bytes, file, limits).map_err(|e| err(e.line, None, e.message, e.message_zh))?;
    let encoding = encoding_name(sheet.kind);
    let mut warnings = Vec::new();
    if !matches!(sheet.kind, SheetKind::Csv("UTF-8") | SheetKind::Xlsx) {
        warnings.push(ListWarning::NotUtf8 {
            file: file.to_string(),
            encoding,
        });
    }
    let map = HeaderMap::new(&sheet.header, ReadBy::Lists)
        .map_err(|e| err(Some(1), Some(e.key), e.to_string(), e.text(Lang::Zh)))?;
    for h in &map.unknown {
        warnings.push(ListWarning::UnknownColumn {
            file: file.to_string(),
            column: h.clone(),
        });
    }
    for need in [Column::Id, Column::Name, Column::Sex] {
        if map.index(need).is_none() {
            let d = def(need);
            return Err(err(
                Some(1),
                Some(d.key),
                format!(
                    "missing; the header must name at least id, name and sex (编号、姓名、性别) (found: {})",
                    sheet.header.join(", ")
                ),
                format!(
                    "缺少此列：表头至少须有编号、姓名、性别三列（现有：{}）",
                    sheet
                        .header
                        .iter()
                        .map(|h| format!("`{h}`"))
                        .collect::<Vec<_>>()
                        .join("、")
                ),
            ));
        }
    }
    let mut rows = Vec::with_capacity(sheet.rows.len());
    let mut refused = Vec::new();
    for r in &sheet.rows {
        match list_row(&map, r) {
            Ok(FileRow { row, fide_id }) => rows.push(ReadRow {
                line: r.line,
                row,
                fide_id,
            }),
            Err((column, message, message_zh)) => refused.push(RefusedRow {
                line: r.line,
                column: column.map(str::to_string),
                message,
                message_zh,
                name: map.get(&r.cells, Column::Name).to_string(),
            }),
        }
    }
    Ok(ListRows {
        rows,
        refused,
        encoding,
        warnings,
    })
}

/// Reads a whole list file (CSV or xlsx; `file` names it in errors): the
/// first refused row, or an id given twice, is the error.
pub fn read_list(bytes: &[u8], file: &str) -> Result<ListFile, ListFileError> {
    let read = read_list_rows(bytes, file, &Limits::list())?;
    if let Some(r) = read.refused.first() {
        return Err(ListFileError {
            file: file.to_string(),
            line: Some(r.line),
            column: r.column.clone(),
            message: r.message.clone(),
            message_zh: r.message_zh.clone(),
        });
    }
    let lines: Vec<usize> = read.rows.iter().map(|r| r.line).collect();
    let fide_ids = read
        .rows
        .iter()
        .filter_map(|r| Some((r.row.id.0, r.fide_id?)))
        .collect();
    let list =
        RatingList::new(read.rows.into_iter().map(|r| r.row).collect()).map_err(|e| match e {
            qiyuan_rating::period::ListError::DuplicateId { id, first, second } => ListFileError {
                file: file.to_string(),
                line: Some(lines[second]),
                column: Some("id".into()),
                message: format!("player id {id} is already on line {}", lines[first]),
                message_zh: format!("棋手编号 {id} 已出现在第 {} 行", lines[first]),
            },
        })?;
    Ok(ListFile {
        list,
        encoding: read.encoding,
        warnings: read.warnings,
        fide_ids,
    })
}

/// The sex in a cell: `m`/`f`, `male`/`female`, `男`/`女` (`w` for women):
/// the vocabulary's [`Sex::from_code`].
pub fn parse_sex(s: &str) -> Option<Sex> {
    Sex::from_code(s)
}

/// A year of birth from a year or a date (`YYYY`, `YYYY-MM-DD`,
/// `YYYY/MM/DD`, `YYYY.MM.DD`).
pub fn birth_year(s: &str) -> Option<i32> {
    let s = s.trim();
    let year = s.get(..4)?.parse::<i32>().ok()?;
    let rest = &s[4..];
    let ok = rest.is_empty()
        || ["-", "/", "."].iter().any(|sep| {
            let d = s.replace(['/', '.'], "-");
            rest.starts_with(sep) && NaiveDate::parse_from_str(&d, "%Y-%m-%d").is_ok()
        });
    (ok && (1850..=2200).contains(&year)).then_some(year)
}

/// The statuses in Chinese, as the office's workbook and pages write them
/// and the reader reads them back.
const STATUS_ZH: [(Status, &str); 3] = [
    (Status::Active, "在册"),
    (Status::Inactive, "不活跃"),
    (Status::Unrated, "无等级分"),
];

/// A status in Chinese (在册, 不活跃, 无等级分).
fn status_zh(status: Status) -> &'static str {
    STATUS_ZH
        .iter()
        .find(|(s, _)| *s == status)
        .map_or("", |(_, zh)| zh)
}

/// A status cell: `active`, `inactive`, `unrated` or the Chinese of the
/// office's export (在册, 不活跃, 无等级分).
fn parse_status(s: &str) -> Option<Status> {
    Status::parse(s).or_else(|| {
        STATUS_ZH
            .iter()
            .find(|(_, zh)| *zh == s)
            .map(|(status, _)| *status)
    })
}

/// The column at fault (its key), and why in English and in Chinese.
type RowError = (Option<&'static str>, String, String);

/// One list row from its cells.
fn list_row(map: &HeaderMap, r: &SheetRow) -> Result<FileRow, RowError> {
    // A text cell written spreadsheet-safe (`'=…`) is read as it was.
    let get = |c: Column| {
        let v = map.get(&r.cells, c);
        if TEXT_COLUMNS.contains(&c) {
            crate::text::spreadsheet_unescape(v)
        } else {
            v
        }
    };
    let opt = |c: Column| Some(get(c)).filter(|s| !s.is_empty());
    let key = |c: Column| Some(def(c).key);
    let bad = |c: Column, what: &str, what_zh: &str| {
        (
            key(c),
            format!("`{}` is not {what}", get(c)),
            format!("`{}` 不是{what_zh}", get(c)),
        )
    };
    let int = |c: Column| -> Result<Option<u32>, RowError> {
        opt(c)
            .map(|s| {
                s.parse::<u32>()
                    .map_err(|_| bad(c, "a whole number ≥ 0", " ≥ 0 的整数"))
            })
            .transpose()
    };
    let dec = |c: Column| -> Result<Option<Decimal>, RowError> {
        opt(c)
            .map(|s| s.parse::<Decimal>().map_err(|_| bad(c, "a number", "数字")))
            .transpose()
    };
    let date = |c: Column| -> Result<Option<NaiveDate>, RowError> {
        opt(c)
            .map(|s| {
                NaiveDate::parse_from_str(&s.replace(['/', '.'], "-"), "%Y-%m-%d")
                    .map_err(|_| bad(c, "a date YYYY-MM-DD", " YYYY-MM-DD 格式的日期"))
            })
            .transpose()
    };
    let id = opt(Column::Id)
        .ok_or_else(|| (key(Column::Id), "empty".to_string(), "为空".to_string()))?
        .parse::<u32>()
        .map_err(|_| bad(Column::Id, "a whole number ≥ 0", " ≥ 0 的整数"))?;
    let name = get(Column::Name).to_string();
    if name.is_empty() {
        return Err((key(Column::Name), "empty".into(), "为空".into()));
    }
    if name.chars().any(char::is_control) {
        return Err((
            key(Column::Name),
            "holds a control character".into(),
            "含有控制字符".into(),
        ));
    }
    let sex = parse_sex(get(Column::Sex))
        .ok_or_else(|| bad(Column::Sex, "a sex (m/f, 男/女)", "性别（m/f、男/女）"))?;
    let rating = dec(Column::Rating)?;
    if rating.is_some_and(|r| r.is_sign_negative() || r > Decimal::from(100_000)) {
        return Err(bad(
            Column::Rating,
            "a rating between 0 and 100000",
            " 0 到 100000 之间的等级分",
        ));
    }
    let status = match opt(Column::Status) {
        Some(s) => parse_status(s).ok_or_else(|| {
            bad(
                Column::Status,
                "active, inactive or unrated (在册、不活跃、无等级分)",
                "在册、不活跃、无等级分（`active`、`inactive`、`unrated`）之一",
            )
        })?,
        None if rating.is_some() => Status::Active,
        None => Status::Unrated,
    };
    if status != Status::Unrated && rating.is_none() {
        return Err((
            key(Column::Rating),
            format!("empty, but the status is {status}"),
            format!("为空，而状态是{}", status_zh(status)),
        ));
    }
    let titles = parse_titles(get(Column::Titles)).map_err(|m| {
        // The message names the title in backticks: `GM:soon` is not …
        let t = m.split('`').nth(1).unwrap_or_default().to_string();
        let zh = format!(
            "`{t}` 不是 `TITLE`、`TITLE:YYYY-MM-DD` 或 `TITLE:YYYY-MM-DD:placement|norms` 的形式"
        );
        (key(Column::Titles), m, zh)
    })?;
    let birth_year = opt(Column::Birth)
        .map(|s| {
            birth_year(s)
                .ok_or_else(|| bad(Column::Birth, "a year or a date of birth", "年份或出生日期"))
        })
        .transpose()?;
    let k_marker = match opt(Column::K) {
        Some("25*1") => Some(10),
        Some("25*2") => Some(20),
        _ => None,
    };
    let carried_since = opt(Column::CarriedSince)
        .map(|s| {
            s.parse::<i32>()
                .map_err(|_| bad(Column::CarriedSince, "a year", "年份"))
        })
        .transpose()?;
    // A FIDE id of 0 is none (as in TRF).
    let fide_id = opt(Column::FideId)
        .map(|s| {
            s.parse::<u64>()
                .ok()
                .filter(|&f| f <= 99_999_999_999)
                .ok_or_else(|| {
                    bad(
                        Column::FideId,
                        "a FIDE id (a whole number)",
                        " FIDE ID（整数）",
                    )
                })
        })
        .transpose()?
        .filter(|&f| f > 0);
    let row = ListRow {
        id: PlayerId(id),
        name,
        sex,
        birth_year,
        unit: opt(Column::Unit).map(str::to_string),
        titles,
        rating: if status == Status::Unrated {
            None
        } else {
            rating
        },
        // cxa-2019 第十条: the 1 June 2019 list's K markers "25*1" and
        // "25*2" count as 10 and 20 valid games already played (K 25).
        rated_games: match k_marker {
            Some(games) => games,
            None => int(Column::RatedGames)?.unwrap_or(0),
        },
        rated_events: int(Column::RatedEvents)?.unwrap_or(0),
        k: if k_marker.is_some() {
            Some(25)
        } else {
            int(Column::K)?
        },
        status,
        highest: dec(Column::Highest)?.or(rating),
        last_active: date(Column::LastActive)?,
        carried: Carried {
            games: int(Column::CarriedGames)?.unwrap_or(0),
            sum: dec(Column::CarriedSum)?.unwrap_or_default(),
            since: carried_since,
        },
    };
    Ok(FileRow { row, fide_id })
}

/// The titles of a list cell: `GM:2025-03-10;NM`, each `TITLE`,
/// `TITLE:DATE`, `TITLE:DATE:ROUTE` or `TITLE::ROUTE` with ROUTE
/// `placement` or `norms` (how the title was won: cxa-legacy 十一 raises
/// the rating only for titles won by placement); also `；`, `、`, `,` or
/// `，` between titles (the list workbook writes `GM, NM`), `：` before the
/// date, `/` or `.` in it.
///
/// ```
/// use qiyuan_formats::list::{parse_titles, titles_cell};
/// let t = parse_titles("特级大师：2019/01/01、NM").unwrap();
/// assert_eq!(titles_cell(&t), "特级大师:2019-01-01;NM");
/// let t = parse_titles("大师:2018-05-01:placement").unwrap();
/// assert_eq!(titles_cell(&t), "大师:2018-05-01:placement");
/// assert_eq!(titles_cell(&parse_titles("GM, NM").unwrap()), "GM;NM");
/// assert!(parse_titles("GM:soon").is_err());
/// assert!(parse_titles("GM:2019-01-01:luck").is_err());
/// ```
pub fn parse_titles(cell: &str) -> Result<Vec<TitleHeld>, String> {
    let mut titles = Vec::new();
    for t in cell
        .split([';', '；', '、', ',', '，'])
        .map(str::trim)
        .filter(|t| !t.is_empty())
    {
        let bad =
            || format!("`{t}` is not TITLE, TITLE:YYYY-MM-DD or TITLE:YYYY-MM-DD:placement|norms");
        let mut parts = t.splitn(3, [':', '：']).map(str::trim);
        let title = parts.next().unwrap_or_default();
        let date = match parts.next().filter(|d| !d.is_empty()) {
            Some(d) => Some(
                NaiveDate::parse_from_str(&d.replace(['/', '.'], "-"), "%Y-%m-%d")
                    .map_err(|_| bad())?,
            ),
            None => None,
        };
        let by = match parts.next() {
            Some(r) => Some(TitleRoute::parse(r).ok_or_else(bad)?),
            None => None,
        };
        titles.push(TitleHeld {
            title: title.to_string(),
            date,
            by,
        });
    }
    Ok(titles)
}

/// Titles as a list cell writes them: `GM:2025-03-10;NM`, the route after
/// a second colon when known (`大师:2018-05-01:placement`).
pub fn titles_cell(titles: &[TitleHeld]) -> String {
    titles
        .iter()
        .map(|t| match (t.date, t.by) {
            (Some(d), Some(by)) => format!("{}:{d}:{}", t.title, by.as_str()),
            (None, Some(by)) => format!("{}::{}", t.title, by.as_str()),
            (Some(d), None) => format!("{}:{d}", t.title),
            (None, None) => t.title.clone(),
        })
        .collect::<Vec<_>>()
        .join(";")
}

/// Ids given by more than one row: (id, lines), in the order first seen.
pub fn repeated_ids(rows: &[ReadRow]) -> Vec<(PlayerId, Vec<usize>)> {
    let mut by_id: HashMap<PlayerId, Vec<usize>> = HashMap::new();
    let mut order = Vec::new();
    for r in rows {
        let lines = by_id.entry(r.row.id).or_default();
        if lines.is_empty() {
            order.push(r.row.id);
        }
        lines.push(r.line);
    }
    order
        .into_iter()
        .filter_map(|id| {
            let lines = by_id.remove(&id)?;
            (lines.len() > 1).then_some((id, lines))
        })
        .collect()
}

/// The cells of a row in [`COLUMNS`] order.
pub fn row_cells(r: &ListRow) -> Vec<String> {
    let o = |x: Option<String>| x.unwrap_or_default();
    vec![
        r.id.to_string(),
        r.name.clone(),
        r.sex.code().into(),
        o(r.birth_year.map(|x| x.to_string())),
        o(r.unit.clone()),
        titles_cell(&r.titles),
        o(r.rating.map(|x| x.to_string())),
        r.rated_games.to_string(),
        r.rated_events.to_string(),
        o(r.k.map(|x| x.to_string())),
        r.status.to_string(),
        o(r.highest.map(|x| x.to_string())),
        o(r.last_active.map(|x| x.to_string())),
        r.carried.games.to_string(),
        r.carried.sum.to_string(),
        o(r.carried.since.map(|x| x.to_string())),
    ]
}

/// The columns of [`COLUMNS`] that hold text (name, unit, titles): the
/// cells [`write_list`] makes spreadsheet-safe and the readers (this
/// module's and the desk's player import) take back.
pub const TEXT_COLUMNS: [Column; 3] = [Column::Name, Column::Unit, Column::Titles];

/// A row of a list file as the office keeps it (what its CSV export
/// writes): the engine's row, and the columns a list holds beside it that
/// the engine neither reads nor computes.
#[derive(Debug, Clone, PartialEq)]
pub struct FileRow {
    /// The engine's row.
    pub row: ListRow,
    /// The player's FIDE id, if the list gives one.
    pub fide_id: Option<u64>,
}

impl From<ListRow> for FileRow {
    fn from(row: ListRow) -> FileRow {
        FileRow { row, fide_id: None }
    }
}

/// Writes the rows of a list file as a list CSV: [`write_list`]'s columns,
/// then those the list holds beside the engine's row (`fide_id`).
///
/// ```
/// use qiyuan_formats::list::{FileRow, read_list_rows, write_list_file};
/// use qiyuan_formats::sheet::Limits;
/// let read = read_list_rows("编号,姓名,性别,FIDE编号\n1,甲,女,8600001\n".as_bytes(), "l.csv", &Limits::list()).unwrap();
/// let rows: Vec<FileRow> = read.rows.into_iter().map(|r| FileRow { row: r.row, fide_id: r.fide_id }).collect();
/// let csv = write_list_file(&rows);
/// assert!(csv.lines().next().unwrap().ends_with(",fide_id"));
/// assert!(csv.lines().nth(1).unwrap().ends_with(",8600001"));
/// ```
pub fn write_list_file(rows: &[FileRow]) -> String {
    let mut header = COLUMNS.to_vec();
    header.push(def(Column::FideId).key);
    write_csv(
        &header,
        rows.iter().map(|f| {
            let mut cells = row_cells(&f.row);
            cells.push(f.fide_id.map(|i| i.to_string()).unwrap_or_default());
            cells
        }),
    )
}

/// Writes rows as a list CSV (UTF-8, the header of [`COLUMNS`]). A text
/// cell (name, unit, titles) that a spreadsheet would take as a formula
/// (`=HYPERLINK(…)`, `-李`) is written as
/// [`crate::text::spreadsheet_safe`] writes it, with a leading `'`, which
/// [`read_list`] takes off again; numbers (a negative carried sum) stay
/// numbers.
///
/// ```
/// use qiyuan_formats::list::{read_list, write_list};
/// let csv = "id,name,sex\n1,'=HYPERLINK(\"http://x\"),m\n";
/// let file = read_list(csv.as_bytes(), "l.csv").unwrap();
/// assert_eq!(file.list.rows()[0].name, "=HYPERLINK(\"http://x\")");
/// assert!(write_list(file.list.rows()).contains("\n1,\"'=HYPERLINK("));
/// ```
pub fn write_list(rows: &[ListRow]) -> String {
    write_csv(COLUMNS, rows.iter().map(row_cells))
}

/// A list CSV of `header` (column keys) and rows of cells in its order,
/// the text columns' cells spreadsheet-safe.
fn write_csv(header: &[&str], rows: impl Iterator<Item = Vec<String>>) -> String {
    let text: Vec<usize> = header
        .iter()
        .enumerate()
        .filter(|(_, key)| TEXT_COLUMNS.iter().any(|&c| def(c).key == **key))
        .map(|(i, _)| i)
        .collect();
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(header).expect("writing to memory");
    for mut cells in rows {
        for &i in &text {
            if let std::borrow::Cow::Owned(safe) = crate::text::spreadsheet_safe(&cells[i]) {
                cells[i] = safe;
            }
        }
        w.write_record(cells).expect("writing to memory");
    }
    String::from_utf8(w.into_inner().expect("writing to memory")).expect("UTF-8 in, UTF-8 out")
}
