//! The rating list as CSV (等级分名单): reading it into a
//! [`RatingList`] and writing one back. The columns are documented in
//! `docs/rating-list.md`.
//!
//! Columns are found by their header name, in any order; only `id`,
//! `name` and `sex` are required. A file that is not UTF-8 is read as GBK
//! (the encoding of most Chinese spreadsheets) and the result says so.
//! Every error names the line and the column.
//!
//! ```
//! use qiyuan_formats::list::{read_list, write_list};
//! let csv = "id,name,sex,rating,rated_games,status\n1,王天一,m,2700,300,active\n2,唐丹,f,,0,unrated\n";
//! let file = read_list(csv.as_bytes(), "list.csv").unwrap();
//! assert_eq!(file.encoding, "UTF-8");
//! assert_eq!(file.list.len(), 2);
//! let again = read_list(write_list(file.list.rows()).as_bytes(), "again.csv").unwrap();
//! assert_eq!(again.list, file.list);
//!
//! let err = read_list(b"id,name,sex,rating\n1,A,m,2x00\n", "list.csv").unwrap_err();
//! assert_eq!(err.to_string(), "list.csv:2: column `rating`: `2x00` is not a number");
//! ```

use std::collections::HashMap;
use std::fmt;

use chrono::NaiveDate;
use qiyuan_rating::model::{PlayerId, Sex};
use qiyuan_rating::period::{Carried, ListRow, RatingList, Status, TitleHeld, TitleRoute};
use rust_decimal::Decimal;

/// Every column the reader knows, in the order the writer writes them.
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

/// Columns a period report adds, ignored when the file is read back as a
/// list.
pub const REPORT_COLUMNS: &[&str] = &["rating_before", "change", "notes"];

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

/// A list read from a file.
#[derive(Debug, Clone, PartialEq)]
pub struct ListFile {
    /// The list.
    pub list: RatingList,
    /// `UTF-8` or `GBK`.
    pub encoding: &'static str,
    /// Things the reader did that the user should know (the GBK
    /// conversion, ignored columns).
    pub warnings: Vec<String>,
}

/// Decodes a file's bytes: UTF-8 (a BOM is dropped), else GBK.
pub fn decode(bytes: &[u8], file: &str) -> Result<(String, &'static str), ListFileError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => Ok((s.to_string(), "UTF-8")),
        Err(_) => {
            let (text, _, bad) = encoding_rs::GBK.decode(bytes);
            if bad {
                return Err(ListFileError {
                    file: file.to_string(),
                    line: None,
                    column: None,
                    message: "the file is neither UTF-8 nor GBK text".to_string(),
                });
            }
            Ok((text.into_owned(), "GBK"))
        }
    }
}

/// Reads a list CSV from its bytes (`file` names it in errors).
pub fn read_list(bytes: &[u8], file: &str) -> Result<ListFile, ListFileError> {
    let (text, encoding) = decode(bytes, file)?;
    let mut warnings = Vec::new();
    if encoding == "GBK" {
        warnings.push(format!("{file}: not UTF-8; read as GBK and converted"));
    }
    let err = |line: Option<usize>, column: Option<&str>, message: String| ListFileError {
        file: file.to_string(),
        line,
        column: column.map(str::to_string),
        message,
    };
    let mut reader = csv::ReaderBuilder::new()
        .flexible(false)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let header = reader
        .headers()
        .map_err(|e| err(Some(1), None, e.to_string()))?
        .clone();
    let mut cols: HashMap<&str, usize> = HashMap::new();
    for (i, h) in header.iter().enumerate() {
        let h = h.trim();
        if let Some(known) = COLUMNS.iter().find(|c| **c == h) {
            if cols.insert(known, i).is_some() {
                return Err(err(Some(1), Some(h), "the column appears twice".into()));
            }
        } else if !REPORT_COLUMNS.contains(&h) {
            warnings.push(format!("{file}:1: unknown column `{h}` ignored"));
        }
    }
    for need in ["id", "name", "sex"] {
        if !cols.contains_key(need) {
            return Err(err(
                Some(1),
                Some(need),
                format!(
                    "missing; the header must name at least id, name and sex (found: {})",
                    header.iter().collect::<Vec<_>>().join(", ")
                ),
            ));
        }
    }
    let mut rows = Vec::new();
    let mut lines: Vec<usize> = Vec::new();
    for rec in reader.records() {
        let rec = rec.map_err(|e| {
            let line = e.position().map(|p| p.line() as usize);
            err(line, None, e.to_string())
        })?;
        let line = rec.position().map_or(0, |p| p.line() as usize);
        if rec.iter().all(str::is_empty) {
            continue;
        }
        let get = |c: &str| cols.get(c).and_then(|&i| rec.get(i)).unwrap_or("");
        let opt = |c: &str| Some(get(c)).filter(|s| !s.is_empty());
        let bad =
            |c: &str, what: &str| err(Some(line), Some(c), format!("`{}` is not {what}", get(c)));
        let int = |c: &str| -> Result<Option<u32>, ListFileError> {
            opt(c)
                .map(|s| s.parse::<u32>().map_err(|_| bad(c, "a whole number ≥ 0")))
                .transpose()
        };
        let dec = |c: &str| -> Result<Option<Decimal>, ListFileError> {
            opt(c)
                .map(|s| s.parse::<Decimal>().map_err(|_| bad(c, "a number")))
                .transpose()
        };
        let date = |c: &str| -> Result<Option<NaiveDate>, ListFileError> {
            opt(c)
                .map(|s| {
                    NaiveDate::parse_from_str(s, "%Y-%m-%d")
                        .map_err(|_| bad(c, "a date YYYY-MM-DD"))
                })
                .transpose()
        };
        let id = opt("id")
            .ok_or_else(|| err(Some(line), Some("id"), "empty".into()))?
            .parse::<u32>()
            .map_err(|_| bad("id", "a whole number ≥ 0"))?;
        let name = get("name").to_string();
        if name.is_empty() {
            return Err(err(Some(line), Some("name"), "empty".into()));
        }
        let sex = match get("sex").to_lowercase().as_str() {
            "m" | "男" | "male" => Sex::Male,
            "f" | "w" | "女" | "female" => Sex::Female,
            _ => return Err(bad("sex", "a sex (m/f, 男/女)")),
        };
        let rating = dec("rating")?;
        if rating.is_some_and(|r| r.is_sign_negative() || r > Decimal::from(100_000)) {
            return Err(bad("rating", "a rating between 0 and 100000"));
        }
        let status = match opt("status") {
            Some(s) => {
                Status::parse(s).ok_or_else(|| bad("status", "active, inactive or unrated"))?
            }
            None if rating.is_some() => Status::Active,
            None => Status::Unrated,
        };
        if status != Status::Unrated && rating.is_none() {
            return Err(err(
                Some(line),
                Some("rating"),
                format!("empty, but the status is {status}"),
            ));
        }
        let mut titles = Vec::new();
        for t in get("titles")
            .split(';')
            .map(str::trim)
            .filter(|t| !t.is_empty())
        {
            // TITLE, TITLE:DATE, TITLE:DATE:ROUTE or TITLE::ROUTE.
            let bad_title = || {
                err(
                    Some(line),
                    Some("titles"),
                    format!(
                        "`{t}` is not TITLE, TITLE:YYYY-MM-DD or TITLE:YYYY-MM-DD:placement|norms"
                    ),
                )
            };
            let mut parts = t.splitn(3, ':').map(str::trim);
            let title = parts.next().unwrap_or_default();
            let date = match parts.next().filter(|d| !d.is_empty()) {
                Some(d) => Some(NaiveDate::parse_from_str(d, "%Y-%m-%d").map_err(|_| bad_title())?),
                None => None,
            };
            let by = match parts.next() {
                Some(r) => Some(TitleRoute::parse(r).ok_or_else(bad_title)?),
                None => None,
            };
            titles.push(TitleHeld {
                title: title.to_string(),
                date,
                by,
            });
        }
        let birth_year = opt("birth_year")
            .map(|s| s.parse::<i32>().map_err(|_| bad("birth_year", "a year")))
            .transpose()?;
        let k_marker = match opt("k") {
            Some("25*1") => Some(10),
            Some("25*2") => Some(20),
            _ => None,
        };
        let carried_since = opt("carried_since")
            .map(|s| s.parse::<i32>().map_err(|_| bad("carried_since", "a year")))
            .transpose()?;
        rows.push(ListRow {
            id: PlayerId(id),
            name,
            sex,
            birth_year,
            unit: opt("unit").map(str::to_string),
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
                None => int("rated_games")?.unwrap_or(0),
            },
            rated_events: int("rated_events")?.unwrap_or(0),
            k: if k_marker.is_some() {
                Some(25)
            } else {
                int("k")?
            },
            status,
            highest: dec("highest")?.or(rating),
            last_active: date("last_active")?,
            carried: Carried {
                games: int("carried_games")?.unwrap_or(0),
                sum: dec("carried_sum")?.unwrap_or_default(),
                since: carried_since,
            },
        });
        lines.push(line);
    }
    let list = RatingList::new(rows).map_err(|e| match e {
        qiyuan_rating::period::ListError::DuplicateId { id, first, second } => err(
            Some(lines[second]),
            Some("id"),
            format!("player id {id} is already on line {}", lines[first]),
        ),
    })?;
    Ok(ListFile {
        list,
        encoding,
        warnings,
    })
}

/// The cells of a row in [`COLUMNS`] order.
pub fn row_cells(r: &ListRow) -> Vec<String> {
    let o = |x: Option<String>| x.unwrap_or_default();
    vec![
        r.id.to_string(),
        r.name.clone(),
        match r.sex {
            Sex::Male => "m".into(),
            Sex::Female => "f".into(),
        },
        o(r.birth_year.map(|x| x.to_string())),
        o(r.unit.clone()),
        r.titles
            .iter()
            .map(|t| match (t.date, t.by) {
                (Some(d), Some(by)) => format!("{}:{d}:{}", t.title, by.as_str()),
                (None, Some(by)) => format!("{}::{}", t.title, by.as_str()),
                (Some(d), None) => format!("{}:{d}", t.title),
                (None, None) => t.title.clone(),
            })
            .collect::<Vec<_>>()
            .join(";"),
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

/// Writes rows as a list CSV (UTF-8, the header of [`COLUMNS`]).
pub fn write_list(rows: &[ListRow]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(COLUMNS).expect("writing to memory");
    for r in rows {
        w.write_record(row_cells(r)).expect("writing to memory");
    }
    String::from_utf8(w.into_inner().expect("writing to memory")).expect("UTF-8 in, UTF-8 out")
}
