//! Tables as people hand them in — a CSV in any of the encodings of
//! [`crate::text`] (separated by `,`, `;` or tabs, as the header line
//! shows), or the first worksheet of an Excel workbook (`.xlsx`) —
//! read into rows of text cells, within [`Limits`].
//!
//! An untrusted workbook is read cell by cell (calamine's cell reader),
//! never as the dense range its dimension claims: a 1.6 KB file whose one
//! cell is XFD1048576 would otherwise ask for 512 GiB. Before anything is
//! decompressed, the archive's declared sizes are checked (a zip bomb is
//! refused unopened); while the cells stream, a row or column beyond the
//! limits, too many cells or too long a cell stop the reading with an error
//! naming the file, the row and the limit.
//!
//! ```
//! use qiyuan_formats::sheet::{Limits, read_sheet};
//! let sheet = read_sheet("姓名,等级分\n王天一,2700\n\n唐丹,2500\n".as_bytes(), "名单.csv", &Limits::players())?;
//! assert_eq!(sheet.header, ["姓名", "等级分"]);
//! // Lines count as the file counts them; blank lines are skipped.
//! assert_eq!(sheet.rows[1].line, 4);
//! assert_eq!(sheet.rows[1].cells, ["唐丹", "2500"]);
//! let err = read_sheet(b"name\nA\nB\nC\n", "big.csv", &Limits { max_rows: 2, ..Limits::players() }).unwrap_err();
//! assert_eq!(err.to_string(), "big.csv: more than 2 rows (the limit of one upload): split the file");
//! # Ok::<(), qiyuan_formats::sheet::SheetError>(())
//! ```

use std::fmt;
use std::io::{Cursor, Read, Seek};

use calamine::{Data, DataRef, Reader, Xlsx};
use qiyuan_rating::Lang;

/// How much one file may hold. The presets fit their uses; a caller may
/// set its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Data rows (the header not counted).
    pub max_rows: usize,
    /// Columns.
    pub max_columns: usize,
    /// Characters of one cell.
    pub max_cell_chars: usize,
    /// Bytes of a workbook's parts once decompressed (all parts together).
    pub max_unpacked_bytes: u64,
}

impl Limits {
    /// A field of players for one event: 20,000 rows.
    pub fn players() -> Limits {
        Limits {
            max_rows: 20_000,
            max_columns: 64,
            max_cell_chars: 1_000,
            max_unpacked_bytes: 64 << 20,
        }
    }

    /// A national rating list: 2,000,000 rows.
    pub fn list() -> Limits {
        Limits {
            max_rows: 2_000_000,
            max_columns: 64,
            max_cell_chars: 1_000,
            max_unpacked_bytes: 2 << 30,
        }
    }
}

/// What kind of file the table came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SheetKind {
    /// CSV in this encoding (the WHATWG name: `UTF-8`, `gb18030`, `Big5` …).
    Csv(&'static str),
    /// An Excel workbook (its first worksheet).
    Xlsx,
}

impl fmt::Display for SheetKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SheetKind::Csv(enc) => write!(f, "CSV ({enc})"),
            SheetKind::Xlsx => f.write_str("xlsx"),
        }
    }
}

/// One data row: its line in the file (the worksheet's row number for a
/// workbook) and its cells, trimmed, as many as the header has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetRow {
    /// Line of the file or row of the worksheet, from 1 (the header is 1).
    pub line: usize,
    /// The cells, trimmed; missing ones are empty.
    pub cells: Vec<String>,
}

/// A table: the header row and the data rows (blank rows left out).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sheet {
    /// The file's name as given.
    pub file: String,
    /// CSV and its encoding, or xlsx.
    pub kind: SheetKind,
    /// The header cells, trimmed.
    pub header: Vec<String>,
    /// The data rows.
    pub rows: Vec<SheetRow>,
}

/// A file that cannot be read as a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetError {
    /// The file's name as given.
    pub file: String,
    /// The line or row, when the error is at one.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
    /// What is wrong, in Chinese (see [`SheetError::text`]).
    pub message_zh: String,
}

impl fmt::Display for SheetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(l) = self.line {
            write!(f, ":{l}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for SheetError {}

impl SheetError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    ///
    /// ```
    /// use qiyuan_formats::sheet::{read_sheet, Limits};
    /// use qiyuan_rating::Lang;
    /// let e = read_sheet(b"", "empty.csv", &Limits::players()).unwrap_err();
    /// assert_eq!(e.text(Lang::En), e.to_string());
    /// assert_eq!(e.text(Lang::Zh), "empty.csv：文件是空的：应有一行表头，每名棋手一行");
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => match self.line {
                Some(l) => format!("{}：第 {l} 行：{}", self.file, self.message_zh),
                None => format!("{}：{}", self.file, self.message_zh),
            },
        }
    }
}

/// [`SheetError::message_zh`] of an empty CSV file.
const EMPTY_ZH: &str = "文件是空的：应有一行表头，每名棋手一行";
/// [`SheetError::message_zh`] of a zip archive that is no workbook (the
/// archive reader's English details are left out).
const NOT_XLSX_ZH: &str = "不是 xlsx 工作簿（文件已损坏或不是 Excel 文件）";

/// Whether the bytes are an Office Open XML package (a zip archive).
fn is_zip(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04")
}

/// Reads a CSV or xlsx table; which one is told by the bytes (a zip
/// archive is a workbook), so a misnamed file still reads. The old binary
/// `.xls` is refused with what to do.
pub fn read_sheet(bytes: &[u8], file: &str, limits: &Limits) -> Result<Sheet, SheetError> {
    let err = |line: Option<usize>, message: String, message_zh: String| SheetError {
        file: file.to_string(),
        line,
        message,
        message_zh,
    };
    if bytes.starts_with(&[0xD0, 0xCF, 0x11, 0xE0]) {
        return Err(err(
            None,
            "an old Excel file (.xls): save it as .xlsx or as CSV".into(),
            "旧版 Excel 文件（.xls）：请另存为 .xlsx 或 CSV".into(),
        ));
    }
    if is_zip(bytes) {
        read_xlsx(Cursor::new(bytes), file, limits)
    } else {
        read_csv(bytes, file, limits)
    }
}

fn too_many_rows(file: &str, limits: &Limits) -> SheetError {
    SheetError {
        file: file.to_string(),
        line: None,
        message: format!(
            "more than {} rows (the limit of one upload): split the file",
            limits.max_rows
        ),
        message_zh: format!("超过 {} 行（一次上传的上限）：请拆分文件", limits.max_rows),
    }
}

fn check_cell(file: &str, line: usize, cell: &str, limits: &Limits) -> Result<(), SheetError> {
    if cell.chars().count() > limits.max_cell_chars {
        return Err(SheetError {
            file: file.to_string(),
            line: Some(line),
            message: format!("a cell longer than {} characters", limits.max_cell_chars),
            message_zh: format!("有单元格超过 {} 个字符", limits.max_cell_chars),
        });
    }
    Ok(())
}

fn read_csv(bytes: &[u8], file: &str, limits: &Limits) -> Result<Sheet, SheetError> {
    let decoded = crate::text::decode(bytes).map_err(|e| SheetError {
        file: file.to_string(),
        line: None,
        message: e.to_string(),
        message_zh: e.text(Lang::Zh),
    })?;
    // The separator Excel writes in the user's locale: `,`, `;` or a tab,
    // whichever the header line has most of.
    let first = decoded
        .text
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    let delimiter = [b',', b';', b'\t']
        .into_iter()
        .max_by_key(|&d| (first.matches(d as char).count(), d == b','))
        .unwrap_or(b',');
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter)
        .trim(csv::Trim::All)
        .from_reader(decoded.text.as_bytes());
    // The csv reader neither counts the blank lines it skips nor moves a
    // record's offset past them, so a row's line is found from the text:
    // past the line breaks at its offset, 1 + the line breaks before it.
    let text = decoded.text.as_bytes();
    let breaks: Vec<usize> = text
        .iter()
        .enumerate()
        .filter_map(|(i, &b)| (b == b'\n').then_some(i))
        .collect();
    let line_at = |byte: u64| {
        let mut at = usize::try_from(byte).unwrap_or(usize::MAX).min(text.len());
        while at < text.len() && matches!(text[at], b'\n' | b'\r') {
            at += 1;
        }
        breaks.partition_point(|&i| i < at) + 1
    };
    let mut header: Option<Vec<String>> = None;
    let mut rows = Vec::new();
    for rec in reader.records() {
        let rec = rec.map_err(|e| SheetError {
            file: file.to_string(),
            line: e.position().map(|p| line_at(p.byte())),
            message: format!("not CSV: {e}"),
            message_zh: "不是 CSV 文件（无法按 CSV 读取）".to_string(),
        })?;
        let line = rec.position().map_or(0, |p| line_at(p.byte()));
        if rec.iter().all(str::is_empty) {
            continue;
        }
        if rec.len() > limits.max_columns {
            return Err(SheetError {
                file: file.to_string(),
                line: Some(line),
                message: format!("more than {} columns", limits.max_columns),
                message_zh: format!("超过 {} 列", limits.max_columns),
            });
        }
        for cell in rec.iter() {
            check_cell(file, line, cell, limits)?;
        }
        let cells: Vec<String> = rec.iter().map(str::to_string).collect();
        match &header {
            None => header = Some(cells),
            Some(h) => {
                if rows.len() == limits.max_rows {
                    return Err(too_many_rows(file, limits));
                }
                if cells[h.len().min(cells.len())..]
                    .iter()
                    .any(|c| !c.is_empty())
                {
                    return Err(SheetError {
                        file: file.to_string(),
                        line: Some(line),
                        message: format!(
                            "{} cells where the header names {} columns (a comma inside a name? quote it)",
                            cells.len(),
                            h.len()
                        ),
                        message_zh: format!(
                            "有 {} 个单元格，而表头只有 {} 列（姓名中有逗号？请加引号）",
                            cells.len(),
                            h.len()
                        ),
                    });
                }
                rows.push(SheetRow {
                    line,
                    cells: fit(cells, h.len()),
                });
            }
        }
    }
    let header = header.ok_or_else(|| SheetError {
        file: file.to_string(),
        line: None,
        message: "the file is empty: a header row and one row per player are expected".into(),
        message_zh: EMPTY_ZH.into(),
    })?;
    Ok(Sheet {
        file: file.to_string(),
        kind: SheetKind::Csv(decoded.encoding),
        header,
        rows,
    })
}

/// Cells cut or padded to the header's width (a CSV row may end early).
fn fit(mut cells: Vec<String>, width: usize) -> Vec<String> {
    cells.resize(width, String::new());
    cells
}

/// The declared decompressed size of every part of the package, refused
/// above the limit before any part is decompressed.
fn check_package<R: Read + Seek>(reader: R, file: &str, limits: &Limits) -> Result<(), SheetError> {
    let err = |message: String, message_zh: String| SheetError {
        file: file.to_string(),
        line: None,
        message,
        message_zh,
    };
    let mut archive = zip::ZipArchive::new(reader)
        .map_err(|e| err(format!("not an xlsx workbook: {e}"), NOT_XLSX_ZH.into()))?;
    let mut total: u64 = 0;
    for i in 0..archive.len() {
        let entry = archive
            .by_index_raw(i)
            .map_err(|e| err(format!("not an xlsx workbook: {e}"), NOT_XLSX_ZH.into()))?;
        total = total.saturating_add(entry.size());
    }
    if total > limits.max_unpacked_bytes {
        return Err(err(
            format!(
                "the workbook unpacks to {} MB, more than the {} MB allowed",
                total >> 20,
                limits.max_unpacked_bytes >> 20
            ),
            format!(
                "工作簿解压后有 {} MB，超过允许的 {} MB",
                total >> 20,
                limits.max_unpacked_bytes >> 20
            ),
        ));
    }
    Ok(())
}

fn cell_text(c: &DataRef<'_>) -> String {
    match c {
        DataRef::Empty => String::new(),
        DataRef::String(s) => s.clone(),
        DataRef::SharedString(s) => (*s).to_string(),
        DataRef::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        DataRef::Float(f) => f.to_string(),
        DataRef::Int(n) => n.to_string(),
        DataRef::Bool(b) => b.to_string(),
        DataRef::DateTime(d) => match d.as_datetime() {
            Some(dt) => dt.date().to_string(),
            None => Data::from(c.clone()).to_string(),
        },
        DataRef::DateTimeIso(s) | DataRef::DurationIso(s) => s.clone(),
        DataRef::Error(e) => format!("#{e:?}"),
    }
}

fn read_xlsx<R: Read + Seek + Clone>(
    reader: R,
    file: &str,
    limits: &Limits,
) -> Result<Sheet, SheetError> {
    let err = |line: Option<usize>, message: String, message_zh: String| SheetError {
        file: file.to_string(),
        line,
        message,
        message_zh,
    };
    check_package(reader.clone(), file, limits)?;
    let mut book: Xlsx<R> = Xlsx::new(reader).map_err(|e| {
        err(
            None,
            format!("not an xlsx workbook: {e}"),
            NOT_XLSX_ZH.into(),
        )
    })?;
    let Some(name) = book.sheet_names().first().cloned() else {
        return Err(err(
            None,
            "the workbook has no worksheet".into(),
            "工作簿中没有工作表".into(),
        ));
    };
    let mut cells = book.worksheet_cells_reader(&name).map_err(|e| {
        err(
            None,
            format!("cannot read worksheet `{name}`: {e}"),
            format!("无法读取工作表“{name}”"),
        )
    })?;
    // Rows by worksheet row (0-based), each a sparse list of (column, text).
    let mut rows: Vec<(u32, Vec<(u32, String)>)> = Vec::new();
    let mut count = 0usize;
    let max_cells = limits
        .max_rows
        .saturating_add(1)
        .saturating_mul(limits.max_columns);
    loop {
        let cell = cells.next_cell().map_err(|e| {
            err(
                None,
                format!("cannot read worksheet `{name}`: {e}"),
                format!("无法读取工作表“{name}”"),
            )
        })?;
        let Some(cell) = cell else { break };
        let (row, col) = cell.get_position();
        let text = cell_text(cell.get_value());
        if text.trim().is_empty() {
            continue;
        }
        let line = row as usize + 1;
        if col as usize >= limits.max_columns {
            return Err(err(
                Some(line),
                format!(
                    "a cell in column {} (more than {} columns)",
                    col + 1,
                    limits.max_columns
                ),
                format!(
                    "第 {} 列有单元格（超过 {} 列）",
                    col + 1,
                    limits.max_columns
                ),
            ));
        }
        if row as usize > limits.max_rows {
            return Err(too_many_rows(file, limits));
        }
        check_cell(file, line, &text, limits)?;
        count += 1;
        if count > max_cells {
            return Err(too_many_rows(file, limits));
        }
        match rows.last_mut() {
            Some((r, cs)) if *r == row => cs.push((col, text.trim().to_string())),
            _ => rows.push((row, vec![(col, text.trim().to_string())])),
        }
    }
    rows.sort_by_key(|(r, _)| *r);
    let mut iter = rows.into_iter();
    let Some((_, head)) = iter.next() else {
        return Err(err(
            None,
            "the first worksheet is empty: a header row and one row per player are expected".into(),
            "第一个工作表是空的：应有一行表头，每名棋手一行".into(),
        ));
    };
    let width = head.iter().map(|(c, _)| *c as usize + 1).max().unwrap_or(0);
    let dense = |sparse: Vec<(u32, String)>| {
        let mut out = vec![String::new(); width];
        for (c, t) in sparse {
            if let Some(slot) = out.get_mut(c as usize) {
                *slot = t;
            }
        }
        out
    };
    let header = dense(head);
    let rows: Vec<SheetRow> = iter
        .map(|(r, cs)| SheetRow {
            line: r as usize + 1,
            cells: dense(cs),
        })
        .collect();
    if rows.len() > limits.max_rows {
        return Err(too_many_rows(file, limits));
    }
    Ok(Sheet {
        file: file.to_string(),
        kind: SheetKind::Xlsx,
        header,
        rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn workbook(cells: &[(u32, u16, &str)]) -> Vec<u8> {
        let mut book = rust_xlsxwriter::Workbook::new();
        let sheet = book.add_worksheet();
        for &(r, c, t) in cells {
            sheet.write_string(r, c, t).unwrap();
        }
        book.save_to_buffer().unwrap()
    }

    #[test]
    fn an_xlsx_reads_as_its_rows() {
        let bytes = workbook(&[
            (0, 0, "姓名"),
            (0, 1, "等级分"),
            (1, 0, "王天一"),
            (1, 1, "2700"),
            (3, 0, "唐丹"),
        ]);
        let s = read_sheet(&bytes, "名单.xlsx", &Limits::players()).unwrap();
        assert_eq!(s.kind, SheetKind::Xlsx);
        assert_eq!(s.header, ["姓名", "等级分"]);
        assert_eq!(s.rows.len(), 2);
        assert_eq!(
            (s.rows[1].line, s.rows[1].cells.clone()),
            (4, vec!["唐丹".into(), String::new()])
        );
    }

    #[test]
    fn a_far_cell_is_refused_without_allocating_its_range() {
        // The last cell of a worksheet (XFD1048576), as in the 1.6 KB file
        // that once asked for 512 GiB.
        let bytes = workbook(&[(0, 0, "name"), (1_048_575, 16_383, "x")]);
        let e = read_sheet(&bytes, "far.xlsx", &Limits::players()).unwrap_err();
        assert!(e.to_string().contains("column 16384"), "{e}");
        let bytes = workbook(&[(0, 0, "name"), (1_048_575, 0, "x")]);
        let e = read_sheet(&bytes, "far.xlsx", &Limits::players()).unwrap_err();
        assert!(e.to_string().contains("more than 20000 rows"), "{e}");
    }

    #[test]
    fn a_package_that_unpacks_too_far_is_refused_unopened() {
        let bytes = workbook(&[(0, 0, "name"), (1, 0, "A")]);
        let tight = Limits {
            max_unpacked_bytes: 1024,
            ..Limits::players()
        };
        let e = read_sheet(&bytes, "bomb.xlsx", &tight).unwrap_err();
        assert!(e.message.contains("unpacks to"), "{e}");
    }

    #[test]
    fn csv_limits_and_encodings() {
        let (gbk, _, _) = encoding_rs::GBK.encode("姓名\n王天一\n");
        let s = read_sheet(&gbk, "gbk.csv", &Limits::players()).unwrap();
        assert_eq!(s.kind, SheetKind::Csv("gb18030"));
        assert_eq!(s.rows[0].cells, ["王天一"]);
        let long = format!("name\n{}\n", "x".repeat(1001));
        let e = read_sheet(long.as_bytes(), "long.csv", &Limits::players()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "long.csv:2: a cell longer than 1000 characters"
        );
        let e = read_sheet(b"", "empty.csv", &Limits::players()).unwrap_err();
        assert!(e.message.contains("empty"), "{e}");
        let e = read_sheet(
            &[0xD0, 0xCF, 0x11, 0xE0, 0, 0],
            "old.xls",
            &Limits::players(),
        )
        .unwrap_err();
        assert!(e.message.contains(".xlsx"), "{e}");
    }
}
