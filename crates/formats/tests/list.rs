//! The rating-list CSV reader: columns, encodings and errors.

use qiyuan_formats::list::{read_list, write_list};
use qiyuan_rating::model::{PlayerId, Sex};
use qiyuan_rating::period::Status;
use rust_decimal::Decimal;

const LIST: &str = "\
id,name,sex,birth_year,unit,titles,rating,rated_games,rated_events,k,status,highest,last_active,carried_games,carried_sum,carried_since
1,王天一,m,1989,杭州,GM:2010-01-01,2700,400,60,10,active,2750,2025-05-01,0,0,
2,唐丹,f,1990,北京,NM::norms;GM:2012-06-01:placement,2450,300,50,10,inactive,2500,2023-05-01,0,0,
3,新手,男,,,,,,,,unrated,,,5,30.0,2025
";

#[test]
fn reads_every_column() {
    let f = read_list(LIST.as_bytes(), "list.csv").unwrap();
    assert_eq!(f.encoding, "UTF-8");
    assert!(f.warnings.is_empty());
    let rows = f.list.rows();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0].rating, Some(Decimal::from(2700)));
    assert_eq!(rows[1].titles.len(), 2);
    assert_eq!(rows[1].titles[0].date, None);
    // How a title was won (cxa-legacy 十一): TITLE:DATE:placement|norms.
    use qiyuan_rating::period::TitleRoute;
    assert_eq!(rows[1].titles[0].by, Some(TitleRoute::Norms));
    assert_eq!(rows[1].titles[1].by, Some(TitleRoute::Placement));
    assert_eq!(rows[0].titles[0].by, None);
    assert_eq!(rows[1].status, Status::Inactive);
    assert_eq!(rows[1].current_title(), Some("GM"));
    assert_eq!(rows[2].sex, Sex::Male);
    assert_eq!(rows[2].rating, None);
    assert_eq!(rows[2].carried.games, 5);
    assert_eq!(rows[2].carried.sum, Decimal::new(300, 1));
    assert_eq!(rows[2].carried.since, Some(2025));
    // Written and read back: the same list.
    let again = read_list(write_list(rows).as_bytes(), "w.csv").unwrap();
    assert_eq!(again.list, f.list);
}

#[test]
fn a_gbk_file_is_converted_and_says_so() {
    let (gbk, _, _) = encoding_rs::GBK.encode(LIST);
    assert!(std::str::from_utf8(&gbk).is_err());
    let f = read_list(&gbk, "gbk.csv").unwrap();
    // GB18030 is GBK's superset: every GBK file reads the same in it.
    assert_eq!(f.encoding, "GB18030");
    assert_eq!(
        f.warnings,
        ["gbk.csv: not UTF-8; read as GB18030 and converted"]
    );
    assert_eq!(f.list.get(PlayerId(1)).unwrap().name, "王天一");
    assert_eq!(
        f.list.get(PlayerId(2)).unwrap().unit.as_deref(),
        Some("北京")
    );
}

#[test]
fn a_utf8_bom_is_dropped() {
    let with_bom = format!("\u{feff}{LIST}");
    assert_eq!(
        read_list(with_bom.as_bytes(), "b.csv").unwrap().list.len(),
        3
    );
}

#[test]
fn errors_name_line_and_column() {
    let cases = [
        (
            "id,name,sex\n1,A,m\n2,B,f\n1,C,m\n",
            "l.csv:4: column `id`: player id 1 is already on line 2",
        ),
        (
            "id,name,sex,rating\n1,A,m,2x00\n",
            "l.csv:2: column `rating`: `2x00` is not a number",
        ),
        (
            "id,name,sex,rated_games\n1,A,m,-3\n",
            "l.csv:2: column `rated_games`: `-3` is not a whole number ≥ 0",
        ),
        (
            "id,name,sex\nx,A,m\n",
            "l.csv:2: column `id`: `x` is not a whole number ≥ 0",
        ),
        (
            "id,name,sex\n1,A,q\n",
            "l.csv:2: column `sex`: `q` is not a sex (m/f, 男/女)",
        ),
        (
            "id,name,sex,status\n1,A,m,active\n",
            "l.csv:2: column `rating`: empty, but the status is active",
        ),
        (
            "id,name,sex,last_active\n1,A,m,2025-13-01\n",
            "l.csv:2: column `last_active`: `2025-13-01` is not a date YYYY-MM-DD",
        ),
        (
            "id,name,sex,titles\n1,A,m,GM:soon\n",
            "l.csv:2: column `titles`: `GM:soon` is not TITLE, TITLE:YYYY-MM-DD or TITLE:YYYY-MM-DD:placement|norms",
        ),
        (
            "id,name,sex,titles\n1,A,m,GM:2025-01-01:luck\n",
            "l.csv:2: column `titles`: `GM:2025-01-01:luck` is not TITLE, TITLE:YYYY-MM-DD or TITLE:YYYY-MM-DD:placement|norms",
        ),
        (
            "id,name\n1,A\n",
            "l.csv:1: column `sex`: missing; the header must name at least id, name and sex (编号、姓名、性别) (found: id, name)",
        ),
    ];
    for (text, want) in cases {
        let e = read_list(text.as_bytes(), "l.csv").unwrap_err();
        assert_eq!(e.to_string(), want);
    }
    // A row with too many cells.
    let e = read_list(b"id,name,sex\n1,A,m,9\n", "l.csv").unwrap_err();
    assert_eq!(e.line, Some(2), "{e}");
    // A control character in a name (it would break the TRF and the
    // prints later).
    let e = read_list(b"id,name,sex\n1,\"A\x07B\",m\n", "l.csv").unwrap_err();
    assert_eq!(
        e.to_string(),
        "l.csv:2: column `name`: holds a control character"
    );
}

/// A Latin list saved by an old Excel (windows-1252): read as such, and
/// the warning says which encoding was used.
#[test]
fn a_latin_file_is_read_in_its_encoding() {
    let (bytes, _, _) =
        encoding_rs::WINDOWS_1252.encode("id,name,sex\n1,Müller,m\n2,Ramírez,f\n3,Ørsted,m\n");
    let f = read_list(&bytes, "eu.csv").unwrap();
    assert_eq!(f.encoding, "windows-1252");
    assert_eq!(f.list.rows()[0].name, "Müller");
}

/// The office's own xlsx export and a Chinese federation's list read the
/// same: Chinese headers and statuses (在册 …), in a workbook or a GBK CSV.
#[test]
fn chinese_headers_in_a_workbook_and_in_gbk() {
    let rows = [
        [
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
        ],
        [
            "1",
            "王天一",
            "男",
            "1989",
            "杭州",
            "特级大师",
            "2700",
            "400",
            "在册",
            "2750",
        ],
        [
            "2",
            "唐丹",
            "女",
            "1990",
            "北京",
            "",
            "2450",
            "300",
            "不活跃",
            "",
        ],
        ["3", "新手", "男", "", "", "", "", "0", "无等级分", ""],
    ];
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            if !cell.is_empty() {
                sheet.write_string(r as u32, c as u16, *cell).unwrap();
            }
        }
    }
    let xlsx = read_list(&book.save_to_buffer().unwrap(), "名单.xlsx").unwrap();
    let csv: String = rows.iter().map(|r| r.join(",") + "\n").collect();
    let (gbk, _, _) = encoding_rs::GBK.encode(&csv);
    let from_gbk = read_list(&gbk, "名单.csv").unwrap();
    assert_eq!(xlsx.list, from_gbk.list);
    let r = xlsx.list.rows();
    assert_eq!(r[0].titles[0].title, "特级大师");
    assert_eq!(r[1].status, Status::Inactive);
    assert_eq!(r[2].status, Status::Unrated);
    assert_eq!(r[0].highest, Some(Decimal::from(2750)));
}

#[test]
fn report_columns_are_ignored_and_unknown_ones_noted() {
    let f = read_list(
        b"id,name,sex,rating_before,change,rating,colour\n1,A,m,2400,5,2405,red\n",
        "r.csv",
    )
    .unwrap();
    assert_eq!(f.list.rows()[0].rating, Some(Decimal::from(2405)));
    assert_eq!(f.warnings, ["r.csv:1: unknown column `colour` ignored"]);
}

/// cxa-2019 第十条 "2019年6月1日公布K值为25*1、25*2者，分别按已有有效对局数10、20局计算": the
/// list's `k` cells 25*1 and 25*2 read as K 25 with 10 and 20 valid games.
#[test]
fn the_2019_k_markers_count_as_games() {
    let text = "id,name,sex,rating,rated_games,k\n1,甲,m,2350,,25*1\n2,乙,m,2320,3,25*2\n3,丙,m,2400,40,15\n";
    let rows = read_list(text.as_bytes(), "l.csv")
        .unwrap()
        .list
        .into_rows();
    assert_eq!((rows[0].k, rows[0].rated_games), (Some(25), 10));
    assert_eq!((rows[1].k, rows[1].rated_games), (Some(25), 20));
    assert_eq!((rows[2].k, rows[2].rated_games), (Some(15), 40));
}

/// Names and units a spreadsheet would run as formulas: written with the
/// leading `'` of `text::spreadsheet_safe`, read back unchanged; numbers
/// (a negative carried sum) are written as numbers.
#[test]
fn formula_like_names_are_written_safe_and_read_back_unchanged() {
    let mut f = read_list(LIST.as_bytes(), "list.csv").unwrap().list;
    let names = [
        "=HYPERLINK(\"http://x\",\"y\")",
        "-李",
        "+王",
        "@SUM(A1)",
        "'=1+1",
    ];
    let mut rows: Vec<_> = f.rows().to_vec();
    for (i, name) in names.iter().enumerate() {
        let mut r = rows[2].clone();
        r.id = PlayerId(10 + i as u32);
        r.name = (*name).to_string();
        r.unit = Some("=cmd|' /C calc'!A0".into());
        r.carried.sum = Decimal::new(-125, 1);
        rows.push(r);
    }
    f = qiyuan_rating::period::RatingList::new(rows).unwrap();
    let csv = write_list(f.rows());
    let line = |id: u32| {
        let start = format!("\n{id},");
        let at = csv.find(&start).unwrap() + 1;
        csv[at..].lines().next().unwrap().to_string()
    };
    // The name cell starts with the escape (quoted by the CSV writer when
    // it holds quotes or commas).
    assert!(
        line(10).starts_with("10,\"'=HYPERLINK(\"\"http://x\"\""),
        "{}",
        line(10)
    );
    assert!(line(11).starts_with("11,'-李,"), "{}", line(11));
    assert!(line(12).starts_with("12,'+王,"), "{}", line(12));
    assert!(line(13).starts_with("13,'@SUM(A1),"), "{}", line(13));
    assert!(line(14).starts_with("14,''=1+1,"), "{}", line(14));
    assert!(line(11).contains(",'=cmd|"), "{}", line(11));
    // The negative carried sum is a number, not escaped text.
    assert!(line(11).contains(",-12.5,"), "{}", line(11));
    assert!(!csv.contains("'-12.5"));
    let again = read_list(csv.as_bytes(), "w.csv").unwrap();
    assert_eq!(again.list, f);
    for (i, name) in names.iter().enumerate() {
        let r = again.list.get(PlayerId(10 + i as u32)).unwrap();
        assert_eq!(r.name, *name);
        assert_eq!(r.unit.as_deref(), Some("=cmd|' /C calc'!A0"));
    }
}

/// The published list's workbook (`write_list_xlsx`): Chinese headers the
/// readers know (no column is left unread as unknown), numbers as numbers,
/// and it reads back as the list it shows.
#[test]
fn the_published_workbook_reads_back_as_its_list() {
    use calamine::{Data, Reader, Xlsx};
    use qiyuan_formats::list::{ListLine, write_list_xlsx};
    let line = |id: u32, name: &str, rating: Option<i64>, status: &str| ListLine {
        id,
        name: name.into(),
        sex: if id == 2 { "f" } else { "m" }.into(),
        birth: Some("1990".into()),
        unit: Some("北京".into()),
        titles: (id == 1).then(|| "GM".to_string()),
        rating: rating.map(Decimal::from),
        rating_before: rating.map(|r| Decimal::from(r - 10)),
        valid_games: 30,
        k: Some(15),
        status: status.into(),
        highest: rating.map(Decimal::from),
        notes: None,
        fide_id: None,
    };
    let lines = [
        line(1, "王天一", Some(2700), "active"),
        line(2, "唐丹", Some(2450), "inactive"),
        line(3, "新手", None, "unrated"),
    ];
    let date = chrono::NaiveDate::from_ymd_opt(2025, 1, 1).unwrap();
    let bytes = write_list_xlsx(&lines, date).unwrap();
    let mut wb = Xlsx::new(std::io::Cursor::new(bytes.clone())).unwrap();
    assert_eq!(wb.sheet_names(), ["等级分 2025-01-01"]);
    let range = wb.worksheet_range_at(0).unwrap().unwrap();
    let rows: Vec<&[Data]> = range.rows().collect();
    let head: Vec<String> = rows[0].iter().map(|d| d.to_string()).collect();
    assert_eq!(
        head,
        [
            "序号",
            "编号",
            "姓名",
            "性别",
            "出生年份",
            "单位",
            "称号",
            "等级分",
            "原等级分",
            "变化",
            "有效局数",
            "K",
            "状态",
            "最高等级分"
        ]
    );
    assert_eq!(rows[1][0], Data::Float(1.0));
    assert_eq!(rows[1][7], Data::Float(2700.0));
    assert_eq!(rows[1][9], Data::Float(10.0));
    assert_eq!(rows[2][12], Data::String("不活跃".into()));
    assert_eq!(rows[3][7], Data::Empty);
    let back = read_list(&bytes, "list.xlsx").unwrap();
    assert!(back.warnings.is_empty(), "{:?}", back.warnings);
    let r = back.list.rows();
    assert_eq!(r.len(), 3);
    assert_eq!(
        (r[0].name.as_str(), r[0].rating),
        ("王天一", Some(Decimal::from(2700)))
    );
    assert_eq!(r[0].titles[0].title, "GM");
    assert_eq!((r[1].sex, r[1].status), (Sex::Female, Status::Inactive));
    assert_eq!(
        (r[2].status, r[2].birth_year),
        (Status::Unrated, Some(1990))
    );
}

/// The FIDE id, a list column end to end in this crate: read from a
/// `FIDE编号` or `FIDE ID` column, written back in the list CSV, in the
/// workbook and on a page — the last two only when some row has one (a
/// xiangqi list has none, and gets no empty column).
#[test]
fn fide_ids_are_read_and_written() {
    use calamine::{Data, Reader, Xlsx};
    use qiyuan_formats::list::{
        FileRow, ListLine, Medium, columns_for, read_list_rows, write_list_file, write_list_xlsx,
    };
    use qiyuan_formats::sheet::Limits;
    let read = |text: &str| read_list_rows(text.as_bytes(), "l.csv", &Limits::list()).unwrap();
    let zh = read(
        "编号,姓名,性别,等级分,FIDE编号\n1,甲,女,2550,8600001\n2,乙,男,2500,\n3,丙,男,2400,0\n",
    );
    assert!(zh.warnings.is_empty(), "{:?}", zh.warnings);
    let ids: Vec<Option<u64>> = zh.rows.iter().map(|r| r.fide_id).collect();
    assert_eq!(ids, [Some(8600001), None, None]);
    let en = read("id,name,sex,FIDE ID\n1,A,f,8600001\n");
    assert_eq!(en.rows[0].fide_id, Some(8600001));
    let bad = read("id,name,sex,fide_id\n1,A,f,86x\n");
    assert_eq!(bad.refused[0].column.as_deref(), Some("fide_id"));
    assert_eq!(
        bad.refused[0].message,
        "`86x` is not a FIDE id (a whole number)"
    );

    // The list CSV: written and read back.
    let rows: Vec<FileRow> = zh
        .rows
        .iter()
        .map(|r| FileRow {
            row: r.row.clone(),
            fide_id: r.fide_id,
        })
        .collect();
    let again = read(&write_list_file(&rows));
    assert_eq!(
        again.rows.iter().map(|r| r.fide_id).collect::<Vec<_>>(),
        ids
    );

    // The workbook and a page.
    let line = |id: u32, fide_id: Option<u64>| ListLine {
        id,
        name: format!("P{id}"),
        sex: "m".into(),
        birth: None,
        unit: None,
        titles: None,
        rating: Some(Decimal::from(2500)),
        rating_before: None,
        valid_games: 30,
        k: Some(15),
        status: "active".into(),
        highest: Some(Decimal::from(2500)),
        notes: None,
        fide_id,
    };
    let with = [line(1, Some(8600001)), line(2, None)];
    let without = [line(2, None)];
    let keys = |lines: &[ListLine]| -> Vec<&str> {
        columns_for(Medium::Page, false, lines)
            .iter()
            .map(|c| c.key)
            .collect()
    };
    assert_eq!(keys(&with).last(), Some(&"fide_id"));
    assert!(!keys(&without).contains(&"fide_id"));
    let date = chrono::NaiveDate::from_ymd_opt(2025, 1, 1).unwrap();
    let bytes = write_list_xlsx(&with, date).unwrap();
    let mut wb = Xlsx::new(std::io::Cursor::new(bytes.clone())).unwrap();
    let range = wb.worksheet_range_at(0).unwrap().unwrap();
    let sheet: Vec<&[Data]> = range.rows().collect();
    assert_eq!(sheet[0].last(), Some(&Data::String("FIDE编号".into())));
    assert_eq!(sheet[1].last(), Some(&Data::Float(8600001.0)));
    let back = read_list_rows(&bytes, "list.xlsx", &Limits::list()).unwrap();
    assert!(back.warnings.is_empty(), "{:?}", back.warnings);
    assert_eq!(back.rows[0].fide_id, Some(8600001));
    let plain = write_list_xlsx(&without, date).unwrap();
    let mut wb = Xlsx::new(std::io::Cursor::new(plain)).unwrap();
    let range = wb.worksheet_range_at(0).unwrap().unwrap();
    assert_eq!(
        range.rows().next().unwrap().last(),
        Some(&Data::String("最高等级分".into()))
    );
}
