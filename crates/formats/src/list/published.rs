//! The rating list as published (公布的等级分名单): a stored list's rows as
//! the office reads them back ([`ListLine`]) and the one table of the
//! columns it is shown and exported with ([`LIST_COLUMNS`]): each column's
//! headers in Chinese and English and how a row's cell is written, as text
//! or as a number. The list pages render their table from it, the workbook
//! ([`write_list_xlsx`]) writes it: a column added to the table is on both.
//!
//! ```
//! use qiyuan_formats::list::{LIST_COLUMNS, ListLine, Medium, columns_for};
//! use qiyuan_rating::Lang;
//! let line = ListLine {
//!     id: 7, name: "王天一".into(), sex: "m".into(), birth: Some("1989".into()),
//!     unit: Some("杭州".into()), titles: Some("GM".into()),
//!     rating: Some(2700.into()), rating_before: Some(2680.into()), valid_games: 300,
//!     k: Some(10), status: "active".into(), highest: Some(2720.into()), notes: None,
//!     fide_id: None,
//! };
//! let page = columns_for(Medium::Page, true, [&line]);
//! let heads: Vec<&str> = page.iter().map(|c| c.header(Lang::Zh)).collect();
//! assert_eq!(heads, ["序号", "编号", "姓名", "性别", "单位", "称号", "等级分", "原等级分",
//!     "变化", "有效局数", "K", "状态", "最高等级分"]);
//! // A page anyone may read has no year of birth; the workbook has it.
//! assert!(columns_for(Medium::Workbook, false, [&line]).iter().any(|c| c.key == "birth_year"));
//! let texts: Vec<String> = page.iter().map(|c| c.text(&line, Some(1), Lang::En)).collect();
//! assert_eq!(texts[..4], ["1", "7", "王天一", "male"]);
//! assert_eq!(texts[8], "+20");
//! ```

use chrono::NaiveDate;
use qiyuan_rating::Lang;
use qiyuan_vocab::Heading;
use rust_decimal::Decimal;
use rust_xlsxwriter::{Format, Workbook, XlsxError};
use serde::Serialize;

use crate::columns::Column;

/// One row of a stored list as published: the player's identity as the
/// list holds it, the figures, and what the period did. The store reads
/// every list query into it (the whole list, a page of it); the pages and
/// exports write it through [`LIST_COLUMNS`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ListLine {
    /// Player id.
    pub id: u32,
    /// Name.
    pub name: String,
    /// `m` or `f`.
    pub sex: String,
    /// Birth (the year). Never on a page anyone may read: a list page's
    /// query leaves it `None`.
    pub birth: Option<String>,
    /// Unit.
    pub unit: Option<String>,
    /// Titles held (codes, as the list gives them), comma separated.
    pub titles: Option<String>,
    /// Rating.
    pub rating: Option<Decimal>,
    /// Rating on the list the period started from (computed lists).
    pub rating_before: Option<Decimal>,
    /// Valid games.
    pub valid_games: u32,
    /// K.
    pub k: Option<u32>,
    /// `active`, `inactive` or `unrated`.
    pub status: String,
    /// Highest ever.
    pub highest: Option<Decimal>,
    /// Notes of the period (JSON array text).
    pub notes: Option<String>,
    /// FIDE id, as the list gives it.
    pub fide_id: Option<u64>,
}

impl ListLine {
    /// The change of the period: the rating less the rating before, when
    /// the row has both.
    pub fn change(&self) -> Option<Decimal> {
        Some(self.rating? - self.rating_before?)
    }
}

/// How a column's cells are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellKind {
    /// The row's place on the list (序号), which the writer knows, not the
    /// row.
    Position,
    /// An id: a whole number, not a quantity.
    Id,
    /// Text.
    Text,
    /// A whole number.
    Whole,
    /// A rating: a decimal, `—` in text when there is none.
    Rating,
    /// A rating's change: in text with its sign (`+25`), and nothing when
    /// there is none or it is zero.
    Change,
}

impl CellKind {
    /// Whether the cells are numbers (aligned as numbers on a page).
    pub fn is_quantity(self) -> bool {
        matches!(self, CellKind::Whole | CellKind::Rating | CellKind::Change)
    }
}

/// A cell's value.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    /// Nothing.
    Empty,
    /// Text.
    Text(String),
    /// A whole number.
    Whole(u64),
    /// A decimal.
    Decimal(Decimal),
}

/// Where a list is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Medium {
    /// A list page (public, or the office's): never the year of birth.
    Page,
    /// The workbook the office publishes ([`write_list_xlsx`]).
    Workbook,
}

/// When a column is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Show {
    /// Always.
    Always,
    /// On a computed list (a period's result) only.
    Computed,
    /// When some row shown has a value (a column most lists leave empty).
    IfAny,
    /// Never.
    Never,
}

/// One column of the published list.
#[derive(Debug, Clone, Copy)]
pub struct ListColumn {
    /// The column of the file readers ([`crate::columns`]) its header is
    /// read back as.
    pub column: Column,
    /// Its key: the list CSV's key of that column, or the period report's
    /// (`rating_before`, `change`).
    pub key: &'static str,
    /// Header in English.
    pub en: &'static str,
    /// Header in Chinese (one the readers read back as [`Self::column`]).
    pub zh: &'static str,
    /// How its cells are written.
    pub kind: CellKind,
    /// When a list page shows it.
    pub page: Show,
    /// When the workbook has it.
    pub workbook: Show,
    /// A row's cell (its language: sex and status are words).
    value: fn(&ListLine, Lang) -> Cell,
}

fn text(s: Option<&str>) -> Cell {
    s.map_or(Cell::Empty, |s| Cell::Text(s.to_string()))
}

fn decimal(d: Option<Decimal>) -> Cell {
    d.map_or(Cell::Empty, Cell::Decimal)
}

fn whole(n: Option<u32>) -> Cell {
    n.map_or(Cell::Empty, |n| Cell::Whole(n.into()))
}

/// A sex as the lists code it (`m` / `f`) in `lang`: the vocabulary's
/// label (男 / 女, male / female).
fn sex_word(sex: &str, lang: Lang) -> &str {
    qiyuan_vocab::Sex::from_code(sex).map_or(sex, |x| x.label(lang))
}

/// Where a stored list stands and how it was made — `draft` / `published`
/// / `discarded`, `imported` / `computed` — in `lang`: 草稿 / 已公布 / 已放弃,
/// 导入 / 计算. Any other word is returned as it is.
///
/// ```
/// use qiyuan_formats::list::list_state_word;
/// use qiyuan_rating::Lang;
/// assert_eq!(list_state_word("published", Lang::Zh), "已公布");
/// assert_eq!(list_state_word("computed", Lang::En), "computed");
/// ```
pub fn list_state_word(word: &str, lang: Lang) -> &str {
    let zh = match word {
        "draft" => "草稿",
        "published" => "已公布",
        "discarded" => "已放弃",
        "imported" => "导入",
        "computed" => "计算",
        _ => return word,
    };
    match lang {
        Lang::En => word,
        Lang::Zh => zh,
    }
}

/// A list status as published: 在册 / 不活跃 / 无等级分 in Chinese (the
/// words the list reader reads back), `active` / `inactive` / `unrated` in
/// English; a list's own state (`draft`, `published`, `imported` …) as
/// [`list_state_word`] words it.
pub fn status_word(status: &str, lang: Lang) -> &str {
    match lang {
        Lang::En => status,
        Lang::Zh => super::STATUS_ZH
            .iter()
            .find(|(s, _)| s.as_str() == status)
            .map_or_else(|| list_state_word(status, lang), |(_, zh)| zh),
    }
}

/// The published list's columns, in the order they are shown and written.
pub const LIST_COLUMNS: &[ListColumn] = &[
    ListColumn {
        column: Column::RowNumber,
        key: "no",
        en: "No.",
        zh: "序号",
        kind: CellKind::Position,
        page: Show::Always,
        workbook: Show::Always,
        value: |_, _| Cell::Empty,
    },
    ListColumn {
        column: Column::Id,
        key: "id",
        en: Heading::ListId.label(Lang::En),
        zh: Heading::ListId.label(Lang::Zh),
        kind: CellKind::Id,
        page: Show::Always,
        workbook: Show::Always,
        value: |l, _| Cell::Whole(l.id.into()),
    },
    ListColumn {
        column: Column::Name,
        key: "name",
        en: Heading::Name.label(Lang::En),
        zh: Heading::Name.label(Lang::Zh),
        kind: CellKind::Text,
        page: Show::Always,
        workbook: Show::Always,
        value: |l, _| Cell::Text(l.name.clone()),
    },
    ListColumn {
        column: Column::Sex,
        key: "sex",
        en: "Sex",
        zh: "性别",
        kind: CellKind::Text,
        page: Show::Always,
        workbook: Show::Always,
        value: |l, lang| Cell::Text(sex_word(&l.sex, lang).into()),
    },
    ListColumn {
        column: Column::Birth,
        key: "birth_year",
        en: "Born",
        zh: "出生年份",
        kind: CellKind::Whole,
        // Personal data: in the office's workbook, never on a page.
        page: Show::Never,
        workbook: Show::Always,
        value: |l, _| {
            l.birth
                .as_deref()
                .and_then(|b| b.parse().ok())
                .map_or(Cell::Empty, Cell::Whole)
        },
    },
    ListColumn {
        column: Column::Unit,
        key: "unit",
        en: Heading::Club.label(Lang::En),
        zh: Heading::Club.label(Lang::Zh),
        kind: CellKind::Text,
        page: Show::Always,
        workbook: Show::Always,
        value: |l, _| text(l.unit.as_deref()),
    },
    ListColumn {
        column: Column::Titles,
        key: "titles",
        en: "Title",
        zh: "称号",
        kind: CellKind::Text,
        page: Show::Always,
        workbook: Show::Always,
        value: |l, _| {
            let codes: Vec<&str> = l
                .titles
                .as_deref()
                .unwrap_or_default()
                .split(',')
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .collect();
            if codes.is_empty() {
                Cell::Empty
            } else {
                Cell::Text(codes.join(", "))
            }
        },
    },
    ListColumn {
        column: Column::Rating,
        key: "rating",
        en: Heading::Rating.label(Lang::En),
        zh: Heading::Rating.label(Lang::Zh),
        kind: CellKind::Rating,
        page: Show::Always,
        workbook: Show::Always,
        value: |l, _| decimal(l.rating),
    },
    ListColumn {
        column: Column::Report,
        key: "rating_before",
        en: "Before",
        zh: "原等级分",
        kind: CellKind::Rating,
        page: Show::Computed,
        workbook: Show::Always,
        value: |l, _| decimal(l.rating_before),
    },
    ListColumn {
        column: Column::Report,
        key: "change",
        en: "Change",
        zh: "变化",
        kind: CellKind::Change,
        page: Show::Computed,
        workbook: Show::Always,
        value: |l, _| decimal(l.change()),
    },
    ListColumn {
        column: Column::RatedGames,
        key: "rated_games",
        en: "Games",
        zh: "有效局数",
        kind: CellKind::Whole,
        page: Show::Always,
        workbook: Show::Always,
        value: |l, _| whole(Some(l.valid_games)),
    },
    ListColumn {
        column: Column::K,
        key: "k",
        en: "K",
        zh: "K",
        kind: CellKind::Whole,
        page: Show::Always,
        workbook: Show::Always,
        value: |l, _| whole(l.k),
    },
    ListColumn {
        column: Column::Status,
        key: "status",
        en: "Status",
        zh: "状态",
        kind: CellKind::Text,
        page: Show::Always,
        workbook: Show::Always,
        value: |l, lang| Cell::Text(status_word(&l.status, lang).to_string()),
    },
    ListColumn {
        column: Column::Highest,
        key: "highest",
        en: "Highest",
        zh: "最高等级分",
        kind: CellKind::Rating,
        page: Show::Always,
        workbook: Show::Always,
        value: |l, _| decimal(l.highest),
    },
    ListColumn {
        column: Column::FideId,
        key: "fide_id",
        en: "FIDE ID",
        zh: "FIDE编号",
        kind: CellKind::Id,
        // A xiangqi list has none: no empty column.
        page: Show::IfAny,
        workbook: Show::IfAny,
        value: |l, _| l.fide_id.map_or(Cell::Empty, Cell::Whole),
    },
];

impl ListColumn {
    /// The header in a language.
    pub fn header(&self, lang: Lang) -> &'static str {
        lang.t(self.en, self.zh)
    }

    /// A row's cell; `position` is the row's place on the list, when the
    /// writer knows it.
    pub fn cell(&self, line: &ListLine, position: Option<u64>, lang: Lang) -> Cell {
        match self.kind {
            CellKind::Position => position.map_or(Cell::Empty, Cell::Whole),
            _ => (self.value)(line, lang),
        }
    }

    /// A row's cell as text, as a page shows it: a missing rating `—`, a
    /// change with its sign and nothing for none.
    pub fn text(&self, line: &ListLine, position: Option<u64>, lang: Lang) -> String {
        match (self.kind, self.cell(line, position, lang)) {
            (CellKind::Rating, Cell::Empty) => "—".into(),
            (CellKind::Change, Cell::Decimal(d)) if d > Decimal::ZERO => format!("+{d}"),
            (CellKind::Change, Cell::Decimal(d)) if d.is_zero() => String::new(),
            (_, Cell::Empty) => String::new(),
            (_, Cell::Text(t)) => t,
            (_, Cell::Whole(n)) => n.to_string(),
            (_, Cell::Decimal(d)) => d.to_string(),
        }
    }

    /// Whether `medium` shows the column for these rows (`computed`: the
    /// list is a period's result).
    pub fn shown<'a>(
        &self,
        medium: Medium,
        computed: bool,
        lines: impl IntoIterator<Item = &'a ListLine>,
    ) -> bool {
        let show = match medium {
            Medium::Page => self.page,
            Medium::Workbook => self.workbook,
        };
        match show {
            Show::Always => true,
            Show::Computed => computed,
            Show::IfAny => lines
                .into_iter()
                .any(|l| (self.value)(l, Lang::En) != Cell::Empty),
            Show::Never => false,
        }
    }
}

/// The columns `medium` shows for these rows, in order.
pub fn columns_for<'a>(
    medium: Medium,
    computed: bool,
    lines: impl IntoIterator<Item = &'a ListLine> + Clone,
) -> Vec<&'static ListColumn> {
    LIST_COLUMNS
        .iter()
        .filter(|c| c.shown(medium, computed, lines.clone()))
        .collect()
}

/// The list dated `date` as a workbook a federation can publish: one sheet
/// (`等级分 DATE`), Chinese headers in bold, the header row frozen and
/// filtered, numbers as numbers; it reads back as a list (the headers are
/// the readers').
///
/// # Errors
/// The workbook writer's (none expected for rows in memory).
pub fn write_list_xlsx(lines: &[ListLine], date: NaiveDate) -> Result<Vec<u8>, XlsxError> {
    let columns = columns_for(Medium::Workbook, true, lines);
    let mut wb = Workbook::new();
    let sheet = wb.add_worksheet();
    sheet.set_name(format!("等级分 {date}"))?;
    let head = Format::new().set_bold();
    let num = Format::new().set_num_format("0.#");
    let int = Format::new().set_num_format("0");
    for (c, col) in columns.iter().enumerate() {
        let c = c as u16;
        sheet.write_string_with_format(0, c, col.header(Lang::Zh), &head)?;
        match col.column {
            Column::Name => {
                sheet.set_column_width(c, 12)?;
            }
            Column::Unit => {
                sheet.set_column_width(c, 16)?;
            }
            _ => {}
        }
    }
    for (i, line) in lines.iter().enumerate() {
        let r = i as u32 + 1;
        for (c, col) in columns.iter().enumerate() {
            let c = c as u16;
            match col.cell(line, Some(i as u64 + 1), Lang::Zh) {
                Cell::Empty => {}
                Cell::Text(t) => {
                    sheet.write_string(r, c, t)?;
                }
                // Ids, years and counts are far below 2^53: exact as f64.
                Cell::Whole(n) => {
                    sheet.write_number_with_format(r, c, n as f64, &int)?;
                }
                Cell::Decimal(d) => {
                    // Ratings have at most a few decimals: f64 shows them
                    // exactly.
                    let v: f64 = d.to_string().parse().unwrap_or_default();
                    sheet.write_number_with_format(r, c, v, &num)?;
                }
            }
        }
    }
    sheet.set_freeze_panes(1, 0)?;
    sheet.autofilter(0, 0, lines.len() as u32, columns.len() as u16 - 1)?;
    wb.save_to_buffer()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::{def, find};

    #[test]
    fn every_header_reads_back_as_its_column() {
        for c in LIST_COLUMNS {
            assert_eq!(find(c.zh), Some(c.column), "{}", c.zh);
            if c.column != Column::Report {
                assert_eq!(c.key, def(c.column).key);
            }
        }
    }

    #[test]
    fn keys_are_unique() {
        for (i, c) in LIST_COLUMNS.iter().enumerate() {
            assert!(
                LIST_COLUMNS[..i].iter().all(|d| d.key != c.key),
                "{}",
                c.key
            );
        }
    }
}
