//! The one table of columns that every player and list file is read by —
//! the desk's player imports, the office's rating lists, `qiyuan period
//! --list`, the API: what one accepts, all accept.
//!
//! A column is found by its header, in English or Chinese, in any order;
//! case, surrounding spaces and `_` / space / `-` inside are ignored. The
//! table says what each column means and who reads it;
//! [`markdown_table`] renders it for `docs/columns.md` and the upload
//! forms show it beside the file field.
//!
//! ```
//! use qiyuan_formats::columns::{Column, find};
//! assert_eq!(find("姓名"), Some(Column::Name));
//! assert_eq!(find(" Birth_Year "), Some(Column::Birth));
//! // 编号 is the list id (the federation's number of the player) …
//! assert_eq!(find("编号"), Some(Column::Id));
//! // … and 序号, a row number, is known and not read.
//! assert_eq!(find("序号"), Some(Column::RowNumber));
//! ```

use qiyuan_rating::Lang;

/// A column the readers know.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Column {
    /// The player's id on the rating list (the federation's number).
    Id,
    /// Name.
    Name,
    /// Sex.
    Sex,
    /// Date or year of birth.
    Birth,
    /// Unit, club or team (单位).
    Unit,
    /// Titles held (with the day awarded, on a list).
    Titles,
    /// Federation (three letters).
    Federation,
    /// FIDE id.
    FideId,
    /// Rating.
    Rating,
    /// Valid games so far (decides K).
    RatedGames,
    /// Rated events so far.
    RatedEvents,
    /// K for the next period as published.
    K,
    /// List status: active, inactive, unrated.
    Status,
    /// Highest rating ever.
    Highest,
    /// Last day with a rated game.
    LastActive,
    /// An unrated player's games carried over.
    CarriedGames,
    /// Their running sum.
    CarriedSum,
    /// Year of the first carried game.
    CarriedSince,
    /// A row number (序号): known, never read — pairing numbers come from
    /// the seeding, list ids from the id column.
    RowNumber,
    /// A column a period report adds (rating before, change, notes): known,
    /// not read back.
    Report,
}

/// Which readers read a column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadBy {
    /// The desk's player imports and the office's lists.
    Both,
    /// The office's rating lists (and `qiyuan period --list`) only.
    Lists,
    /// The desk's player imports only.
    Players,
    /// Nobody: the column is recognised and left alone.
    Nobody,
}

/// One column: its key (the header the writers write), the headers it is
/// found by, what it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ColumnDef {
    /// The column.
    pub column: Column,
    /// The key the list CSV writes.
    pub key: &'static str,
    /// Headers in English.
    pub en: &'static [&'static str],
    /// Headers in Chinese.
    pub zh: &'static [&'static str],
    /// What it holds and in what form (English).
    pub meaning_en: &'static str,
    /// 含义与格式（中文）.
    pub meaning_zh: &'static str,
    /// Who reads it.
    pub read_by: ReadBy,
}

/// Every column, in the order the list writer writes them.
pub const COLUMNS: &[ColumnDef] = &[
    ColumnDef {
        column: Column::Id,
        key: "id",
        en: &["id", "list id", "national id", "member id"],
        zh: &["编号", "棋协编号", "等级分编号", "会员号", "证号"],
        meaning_en: "the player's id on the rating list (event files name players by it); whole number",
        meaning_zh: "棋手在等级分名单上的编号（赛事文件以此指称棋手）；整数",
        read_by: ReadBy::Both,
    },
    ColumnDef {
        column: Column::Name,
        key: "name",
        en: &["name"],
        zh: &["姓名"],
        meaning_en: "name as printed",
        meaning_zh: "姓名",
        read_by: ReadBy::Both,
    },
    ColumnDef {
        column: Column::Sex,
        key: "sex",
        en: &["sex", "gender"],
        zh: &["性别"],
        meaning_en: "m / f (also male / female, 男 / 女)",
        meaning_zh: "男 / 女（或 m / f）",
        read_by: ReadBy::Both,
    },
    ColumnDef {
        column: Column::Birth,
        key: "birth_year",
        en: &["birth year", "birth", "born", "birth date", "date of birth"],
        zh: &["出生年份", "出生", "出生日期", "出生年月"],
        meaning_en: "year YYYY, or date YYYY-MM-DD / YYYY/MM/DD (a list keeps the year)",
        meaning_zh: "出生年 YYYY，或日期 YYYY-MM-DD / YYYY/MM/DD（名单只保留年份）",
        read_by: ReadBy::Both,
    },
    ColumnDef {
        column: Column::Unit,
        key: "unit",
        en: &["unit", "club", "team"],
        zh: &["单位", "俱乐部", "队名", "代表队"],
        meaning_en: "unit, club or team",
        meaning_zh: "所属单位、俱乐部或代表队",
        read_by: ReadBy::Both,
    },
    ColumnDef {
        column: Column::Titles,
        key: "titles",
        en: &["titles", "title"],
        zh: &["称号", "技术等级"],
        meaning_en: "titles held, with the day awarded and how each was won, placement or norms (cxa-legacy 十一 raises only titles won by placement): GM:2025-03-10:placement;NM (date and route optional; a player import keeps the first)",
        meaning_zh: "所获称号、授予日期及获得途径 placement（名次）或 norms（标准分）（象棋旧条例第十一条只对以名次获得的称号调整等级分）：GM:2025-03-10:placement;NM（日期与途径可省；导入参赛棋手时取第一个）",
        read_by: ReadBy::Both,
    },
    ColumnDef {
        column: Column::Rating,
        key: "rating",
        en: &["rating", "elo", "rtg"],
        zh: &["等级分"],
        meaning_en: "published rating; empty for an unrated player",
        meaning_zh: "已公布的等级分；无等级分者留空",
        read_by: ReadBy::Both,
    },
    ColumnDef {
        column: Column::RatedGames,
        key: "rated_games",
        en: &["rated games", "valid games"],
        zh: &["有效局数", "已计算有效局数"],
        meaning_en: "valid games so far (decides K); whole number, default 0",
        meaning_zh: "已计算的有效局数（决定 K 值）；整数，默认 0",
        read_by: ReadBy::Both,
    },
    ColumnDef {
        column: Column::RatedEvents,
        key: "rated_events",
        en: &["rated events"],
        zh: &["参赛次数", "已计算赛事数"],
        meaning_en: "rated events so far; whole number, default 0",
        meaning_zh: "已计算的赛事数；整数，默认 0",
        read_by: ReadBy::Both,
    },
    ColumnDef {
        column: Column::K,
        key: "k",
        en: &["k"],
        zh: &["k值"],
        meaning_en: "K for the next period as published (informative: K is recomputed); the 1 June 2019 xiangqi list's markers 25*1 and 25*2 read as K 25 with 10 and 20 valid games (cxa-2019 第十条)",
        meaning_zh: "名单公布的下一周期 K 值（仅供参考，K 值会重新计算）；2019年6月1日象棋名单的 25*1、25*2 读作 K=25、已有 10 局与 20 局有效对局（象棋等级分条例第十条）",
        read_by: ReadBy::Lists,
    },
    ColumnDef {
        column: Column::Status,
        key: "status",
        en: &["status"],
        zh: &["状态"],
        meaning_en: "active, inactive or unrated (在册 / 不活跃 / 无等级分); default: active when rated",
        meaning_zh: "在册 / 不活跃 / 无等级分（active / inactive / unrated）；默认：有等级分为在册",
        read_by: ReadBy::Lists,
    },
    ColumnDef {
        column: Column::Highest,
        key: "highest",
        en: &["highest", "ever reached", "highest rating"],
        zh: &["最高等级分", "历史最高", "历史最高等级分"],
        meaning_en: "highest rating ever published; default the rating",
        meaning_zh: "历史最高等级分；默认为当前等级分",
        read_by: ReadBy::Both,
    },
    ColumnDef {
        column: Column::LastActive,
        key: "last_active",
        en: &["last active"],
        zh: &["最近参赛", "最后参赛日期"],
        meaning_en: "last day with a rated game, YYYY-MM-DD (decides inactivity)",
        meaning_zh: "最后一次计分对局的日期 YYYY-MM-DD（决定是否不活跃）",
        read_by: ReadBy::Lists,
    },
    ColumnDef {
        column: Column::CarriedGames,
        key: "carried_games",
        en: &["carried games"],
        zh: &["结转局数"],
        meaning_en: "an unrated player's games against rated players carried over",
        meaning_zh: "无等级分棋手结转的对有等级分棋手的局数",
        read_by: ReadBy::Lists,
    },
    ColumnDef {
        column: Column::CarriedSum,
        key: "carried_sum",
        en: &["carried sum"],
        zh: &["结转累计"],
        meaning_en: "their running sum (the profile's unrated rule decides what it adds up)",
        meaning_zh: "结转对局的累计值（由规程的无等级分规则决定其含义）",
        read_by: ReadBy::Lists,
    },
    ColumnDef {
        column: Column::CarriedSince,
        key: "carried_since",
        en: &["carried since"],
        zh: &["结转起始年"],
        meaning_en: "calendar year of the first carried game",
        meaning_zh: "第一局结转对局的年份",
        read_by: ReadBy::Lists,
    },
    ColumnDef {
        column: Column::Federation,
        key: "federation",
        en: &["federation", "fed", "country"],
        zh: &["协会", "国家"],
        meaning_en: "federation, three letters (FIDE events)",
        meaning_zh: "所属协会（三个字母，国际棋联赛事）",
        read_by: ReadBy::Players,
    },
    ColumnDef {
        column: Column::FideId,
        key: "fide_id",
        en: &["fide id", "fide"],
        zh: &["国际棋联编号", "fide编号"],
        meaning_en: "FIDE id; whole number (a list publishes it with the player)",
        meaning_zh: "国际棋联（FIDE）编号；整数（名单随棋手公布）",
        read_by: ReadBy::Both,
    },
    ColumnDef {
        column: Column::RowNumber,
        key: "no",
        en: &["no", "no.", "#"],
        zh: &["序号"],
        meaning_en: "a row number: not read (pairing numbers come from the seeding, list ids from the id column)",
        meaning_zh: "行序号：不读取（参赛序号由排序确定，名单编号读“编号”列）",
        read_by: ReadBy::Nobody,
    },
    ColumnDef {
        column: Column::Report,
        key: "rating_before",
        en: &["rating before", "change", "notes"],
        zh: &["原等级分", "变化", "说明"],
        meaning_en: "columns a period report adds: not read back",
        meaning_zh: "周期计算报告附加的列：不读回",
        read_by: ReadBy::Nobody,
    },
];

/// A header as compared: lower case, spaces, `_` and `-` removed.
fn normal(header: &str) -> String {
    header
        .trim()
        .chars()
        .filter(|c| !matches!(c, ' ' | '_' | '-' | '\u{3000}'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// The column a header names, if any.
pub fn find(header: &str) -> Option<Column> {
    let h = normal(header);
    if h.is_empty() {
        return None;
    }
    COLUMNS
        .iter()
        .find(|d| normal(d.key) == h || d.en.iter().chain(d.zh).any(|a| normal(a) == h))
        .map(|d| d.column)
}

/// The definition of a column.
pub fn def(column: Column) -> &'static ColumnDef {
    COLUMNS
        .iter()
        .find(|d| d.column == column)
        .expect("every column has a definition")
}

/// Where each column of a header row is, and what the reader leaves out.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct HeaderMap {
    found: Vec<(Column, usize)>,
    /// Headers no column is known by, as written.
    pub unknown: Vec<String>,
    /// Known columns this reader does not read (a row number, a report's
    /// columns, the other reader's columns), as written.
    pub not_read: Vec<String>,
}

/// A header naming one column twice.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("columns `{first}` and `{second}` are both the {key} column: keep one")]
pub struct DuplicateColumn {
    /// The first header.
    pub first: String,
    /// The second.
    pub second: String,
    /// The column's key.
    pub key: &'static str,
}

impl DuplicateColumn {
    /// The message in `lang`: [`Lang::En`] is the `Display` text; the
    /// Chinese names the column by its Chinese header.
    ///
    /// ```
    /// use qiyuan_formats::columns::{HeaderMap, ReadBy};
    /// use qiyuan_rating::Lang;
    /// let e = HeaderMap::new(&["编号".into(), "id".into()], ReadBy::Lists).unwrap_err();
    /// assert_eq!(e.text(Lang::En), "columns `编号` and `id` are both the id column: keep one");
    /// assert_eq!(e.text(Lang::Zh), "“编号”与“id”两列都是编号列：请只保留一列");
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => format!(
                "“{}”与“{}”两列都是{}列：请只保留一列",
                self.first,
                self.second,
                zh_name(self.key)
            ),
        }
    }
}

/// The Chinese header of a column key (the key itself if none).
pub(crate) fn zh_name(key: &str) -> &str {
    find(key).map_or(key, |c| def(c).zh[0])
}

impl HeaderMap {
    /// Maps a header row for a reader of `who` (lists or players).
    pub fn new(header: &[String], who: ReadBy) -> Result<HeaderMap, DuplicateColumn> {
        let mut map = HeaderMap::default();
        for (i, h) in header.iter().enumerate() {
            if h.trim().is_empty() {
                continue;
            }
            match find(h) {
                None => map.unknown.push(h.clone()),
                Some(c) => {
                    let read = def(c).read_by;
                    if read == ReadBy::Nobody || (read != ReadBy::Both && read != who) {
                        map.not_read.push(h.clone());
                        continue;
                    }
                    if let Some(&(_, j)) = map.found.iter().find(|(col, _)| *col == c) {
                        return Err(DuplicateColumn {
                            first: header[j].clone(),
                            second: h.clone(),
                            key: def(c).key,
                        });
                    }
                    map.found.push((c, i));
                }
            }
        }
        Ok(map)
    }

    /// The index of a column in the row, if the header has it.
    pub fn index(&self, column: Column) -> Option<usize> {
        self.found
            .iter()
            .find(|(c, _)| *c == column)
            .map(|&(_, i)| i)
    }

    /// The columns found, in header order.
    pub fn columns(&self) -> impl Iterator<Item = Column> + '_ {
        self.found.iter().map(|&(c, _)| c)
    }

    /// A row's cell of a column: empty when absent.
    pub fn get<'a>(&self, cells: &'a [String], column: Column) -> &'a str {
        self.index(column)
            .and_then(|i| cells.get(i))
            .map_or("", |s| s.trim())
    }
}

/// The columns a reader reads, as a Markdown table (`docs/columns.md`).
pub fn markdown_table(who: ReadBy) -> String {
    let mut out = String::from(
        "| column | headers (English) | 表头（中文） | what it holds |\n|---|---|---|---|\n",
    );
    for d in COLUMNS {
        let read = d.read_by == ReadBy::Both || d.read_by == who || d.read_by == ReadBy::Nobody;
        if !read {
            continue;
        }
        let mut en: Vec<String> = Vec::new();
        for h in std::iter::once(d.key).chain(d.en.iter().copied()) {
            let h = format!("`{h}`");
            if !en.contains(&h) {
                en.push(h);
            }
        }
        let zh: Vec<String> = d.zh.iter().map(|h| format!("`{h}`")).collect();
        out.push_str(&format!(
            "| {} | {} | {} | {} |\n",
            d.key,
            en.join(", "),
            zh.join("、"),
            d.meaning_en
        ));
    }
    out
}

/// `docs/columns.md`: both readers' tables, as the repository's copy holds
/// them (a test compares the two).
pub fn document() -> String {
    format!(
        "# The columns of player and list files\n\n\
         Every player and list file — the desk's player imports, the rating office's \
         lists, `qiyuan period --list`, the API — is read with one table of columns \
         (`crates/formats/src/columns.rs`; this page is made from it and a test keeps \
         them equal). Headers in English or Chinese, in any order; case, spaces, `_` \
         and `-` in a header do not matter.\n\n\
         ## Rating lists (the office, `qiyuan period --list`)\n\n{}\n\
         Required: `id`, `name`, `sex`.\n\n\
         ## Players of an event (the desk's imports)\n\n{}\n\
         Required: `name`. A player's pairing number is never read from a file: it comes \
         from the seeding (by rating, by lot or by hand); `id` is the player's id on the \
         rating list, which the event keeps for the rating office.\n\n\
         ## The list as published (the list pages, the office's workbook)\n\n\
         A stored list is shown and exported with one table of columns \
         (`LIST_COLUMNS` in `crates/formats/src/list/published.rs`); every Chinese header \
         is one the list readers read back.\n\n{}",
        markdown_table(ReadBy::Lists),
        markdown_table(ReadBy::Players),
        published_table()
    )
}

/// The published list's columns, as a Markdown table.
fn published_table() -> String {
    use crate::list::{LIST_COLUMNS, Show};
    let when = |s: Show| match s {
        Show::Always => "yes",
        Show::Computed => "computed lists",
        Show::IfAny => "when a row has one",
        Show::Never => "no",
    };
    let mut out = String::from(
        "| key | header (English) | 表头（中文） | read back as | on a page | in the workbook |\n\
         |---|---|---|---|---|---|\n",
    );
    for c in LIST_COLUMNS {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} |\n",
            c.key,
            c.en,
            c.zh,
            match def(c.column) {
                d if d.read_by == ReadBy::Nobody => "— (not read)",
                d => d.key,
            },
            when(c.page),
            when(c.workbook)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_header_names_two_columns() {
        let mut seen = std::collections::HashMap::new();
        for d in COLUMNS {
            for h in std::iter::once(&d.key).chain(d.en).chain(d.zh) {
                if let Some(other) = seen.insert(normal(h), d.column) {
                    assert_eq!(other, d.column, "`{h}` names two columns");
                }
            }
        }
    }

    #[test]
    fn the_office_export_headers_and_the_desk_headers_read_alike() {
        // The office's xlsx export writes these Chinese headers; the desk
        // used to read 编号 as a pairing number: both now mean the list id.
        let header: Vec<String> = [
            "编号",
            "姓名",
            "性别",
            "出生年份",
            "单位",
            "称号",
            "等级分",
            "有效局数",
            "状态",
            "最高等级分",
        ]
        .map(String::from)
        .to_vec();
        let list = HeaderMap::new(&header, ReadBy::Lists).unwrap();
        assert_eq!(list.columns().count(), 10);
        let players = HeaderMap::new(&header, ReadBy::Players).unwrap();
        assert_eq!(players.index(Column::Id), Some(0));
        assert_eq!(players.not_read, ["状态"]);
    }

    #[test]
    fn a_column_twice_is_an_error() {
        let header: Vec<String> = ["姓名", "name"].map(String::from).to_vec();
        let e = HeaderMap::new(&header, ReadBy::Lists).unwrap_err();
        assert_eq!(
            e.to_string(),
            "columns `姓名` and `name` are both the name column: keep one"
        );
    }
}
