//! Reading a TRF file into [`TrfFile`].

use std::collections::HashMap;
use std::fmt;

use qiyuan_rating::Lang;
use rust_decimal::Decimal;

use super::model::*;

/// The field an error (or a warning) is about.
///
/// Its `Display` is the name used in messages, e.g. `round 3 colour`.
///
/// ```
/// use qiyuan_formats::trf::Field;
/// assert_eq!(Field::Colour(3).to_string(), "round 3 colour");
/// assert_eq!(Field::BirthDate.to_string(), "birth date");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    /// The record code, cols 1–3.
    RecordCode,
    /// A column the layout keeps blank.
    Separator,
    /// `001` starting rank, cols 5–8.
    StartNumber,
    /// `001` sex, col 10.
    Sex,
    /// `001` title, cols 11–13; the `QYT` title, from col 10.
    Title,
    /// `001` name, cols 15–47.
    Name,
    /// `001` rating, cols 49–52.
    Rating,
    /// `001` federation, cols 54–56.
    Federation,
    /// `001` FIDE id, cols 58–68.
    FideId,
    /// `001` birth date, cols 70–79.
    BirthDate,
    /// `001` points, cols 81–84.
    Points,
    /// `001` rank, cols 86–89.
    Rank,
    /// Opponent of round `n` in a `001` record.
    Opponent(u16),
    /// Colour of round `n` in a `001` record.
    Colour(u16),
    /// Result of round `n` in a `001` record.
    Result(u16),
    /// `132` date of round `n`.
    RoundDate(u16),
    /// `142` or `XXR` number of rounds.
    NumberOfRounds,
    /// `152` initial colour.
    InitialColour,
    /// A `162` code letter.
    PointCode,
    /// Points in `162`, `XXA`, `XXS`, `BB?` or `250`.
    PointValue,
    /// `299` abnormal assignment type.
    AbnormalType,
    /// `240` bye type.
    ByeType,
    /// A round number (`240`).
    Round,
    /// First round (`250`, `260`).
    FirstRound,
    /// Last round (`250`, `260`).
    LastRound,
    /// A player starting rank inside a record other than `001`
    /// (`013`, `240`, `250`, `260`, `XXA`, `XXP`, `XXZ`, `QYT`).
    PlayerId,
    /// `013` team name.
    TeamName,
    /// An `XXC` token.
    XxcOption,
    /// An `XXS` code.
    XxsCode,
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Field::RecordCode => write!(f, "record code"),
            Field::Separator => write!(f, "separator column"),
            Field::StartNumber => write!(f, "starting rank"),
            Field::Sex => write!(f, "sex"),
            Field::Title => write!(f, "title"),
            Field::Name => write!(f, "name"),
            Field::Rating => write!(f, "rating"),
            Field::Federation => write!(f, "federation"),
            Field::FideId => write!(f, "FIDE id"),
            Field::BirthDate => write!(f, "birth date"),
            Field::Points => write!(f, "points"),
            Field::Rank => write!(f, "rank"),
            Field::Opponent(r) => write!(f, "round {r} opponent"),
            Field::Colour(r) => write!(f, "round {r} colour"),
            Field::Result(r) => write!(f, "round {r} result"),
            Field::RoundDate(r) => write!(f, "round {r} date"),
            Field::NumberOfRounds => write!(f, "number of rounds"),
            Field::InitialColour => write!(f, "initial colour"),
            Field::PointCode => write!(f, "point-system code"),
            Field::PointValue => write!(f, "points value"),
            Field::AbnormalType => write!(f, "abnormal assignment type"),
            Field::ByeType => write!(f, "bye type"),
            Field::Round => write!(f, "round"),
            Field::FirstRound => write!(f, "first round"),
            Field::LastRound => write!(f, "last round"),
            Field::PlayerId => write!(f, "player id"),
            Field::TeamName => write!(f, "team name"),
            Field::XxcOption => write!(f, "XXC option"),
            Field::XxsCode => write!(f, "XXS code"),
        }
    }
}

impl Field {
    /// The field's name in `lang`: [`Lang::En`] is the `Display` text.
    ///
    /// ```
    /// use qiyuan_formats::trf::Field;
    /// use qiyuan_rating::Lang;
    /// assert_eq!(Field::Colour(3).text(Lang::Zh), "第 3 轮颜色");
    /// assert_eq!(Field::Colour(3).text(Lang::En), "round 3 colour");
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            Field::RecordCode => "记录代码".into(),
            Field::Separator => "分隔列".into(),
            Field::StartNumber => "起始序号".into(),
            Field::Sex => "性别".into(),
            Field::Title => "称号".into(),
            Field::Name => "姓名".into(),
            Field::Rating => "等级分".into(),
            Field::Federation => "协会".into(),
            Field::FideId => "FIDE ID".into(),
            Field::BirthDate => "出生日期".into(),
            Field::Points => "积分".into(),
            Field::Rank => "名次".into(),
            Field::Opponent(r) => format!("第 {r} 轮对手"),
            Field::Colour(r) => format!("第 {r} 轮颜色"),
            Field::Result(r) => format!("第 {r} 轮结果"),
            Field::RoundDate(r) => format!("第 {r} 轮日期"),
            Field::NumberOfRounds => "轮数".into(),
            Field::InitialColour => "首轮颜色".into(),
            Field::PointCode => "积分制代码".into(),
            Field::PointValue => "分值".into(),
            Field::AbnormalType => "异常分配类型".into(),
            Field::ByeType => "轮空类型".into(),
            Field::Round => "轮次".into(),
            Field::FirstRound => "起始轮".into(),
            Field::LastRound => "结束轮".into(),
            Field::PlayerId => "棋手序号".into(),
            Field::TeamName => "队名".into(),
            Field::XxcOption => "XXC 选项".into(),
            Field::XxsCode => "XXS 代码".into(),
        }
    }
}

/// What is wrong with a field.
///
/// ```
/// use qiyuan_formats::trf::{parse_trf, TrfErrorKind};
/// let err = parse_trf("XXR 0\n").unwrap_err();
/// assert_eq!(err.kind, TrfErrorKind::OutOfRange { value: 0, min: 1, max: 999 });
/// assert_eq!(err.to_string(), "line 1, column 5: number of rounds 0 is out of range 1..=999");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrfErrorKind {
    /// The line ends before a mandatory field.
    #[error("is missing: the line ends at column {length}")]
    Missing {
        /// The length of the line, in characters.
        length: usize,
    },
    /// A column the layout keeps blank holds something (a shifted line).
    #[error("holds {found:?} where the layout has a space (is the line shifted?)")]
    ExpectedSpace {
        /// The character found.
        found: char,
    },
    /// A number was expected.
    #[error("{text:?} is not a number")]
    NotANumber {
        /// The field's text.
        text: String,
    },
    /// A number outside its range.
    #[error("{value} is out of range {min}..={max}")]
    OutOfRange {
        /// The value read.
        value: u64,
        /// Smallest allowed.
        min: u64,
        /// Largest allowed.
        max: u64,
    },
    /// A value that is not one of those allowed.
    #[error("{text:?} is not valid (expected {expected})")]
    Invalid {
        /// The field's text.
        text: String,
        /// What the format allows.
        expected: &'static str,
    },
    /// Two player records with the same starting rank.
    #[error("{number} is already used by the player on line {first_line}")]
    DuplicateStartNumber {
        /// The starting rank.
        number: u16,
        /// The line of the first record with it.
        first_line: usize,
    },
    /// A round opponent that is not a player of the file.
    #[error("{opponent} is not a player in this file")]
    UnknownOpponent {
        /// The opponent's starting rank.
        opponent: u16,
    },
    /// A control character (a tab, NUL …) in a line: a TRF line holds
    /// printable text only, so that its fixed columns stay where they are.
    #[error("holds the control character U+{:04X}; a TRF line holds printable text only", u32::from(*.found))]
    ControlCharacter {
        /// The character found.
        found: char,
    },
    /// A player paired against himself.
    #[error("{opponent} is the player himself")]
    SelfPairing {
        /// The starting rank.
        opponent: u16,
    },
}

impl TrfErrorKind {
    /// The message in `lang`: [`Lang::En`] is the `Display` text (which
    /// follows the field's name; the Chinese stands after a `：`).
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            TrfErrorKind::Missing { length } => format!("缺失：该行到第 {length} 列就结束了"),
            TrfErrorKind::ExpectedSpace { found } => {
                format!("此处格式为空格，却是“{found}”（该行是否错位？）")
            }
            TrfErrorKind::NotANumber { text } => format!("“{text}”不是数字"),
            TrfErrorKind::OutOfRange { value, min, max } => {
                format!("{value} 超出范围 {min}..={max}")
            }
            TrfErrorKind::Invalid { text, expected } => {
                format!("“{text}”无效（{}）", expected_zh(expected))
            }
            TrfErrorKind::DuplicateStartNumber { number, first_line } => {
                format!("{number} 已被第 {first_line} 行的棋手使用")
            }
            TrfErrorKind::UnknownOpponent { opponent } => {
                format!("{opponent} 不是本文件中的棋手")
            }
            TrfErrorKind::ControlCharacter { found } => format!(
                "含有控制字符 U+{:04X}；TRF 的行只能是可打印的文字",
                u32::from(*found)
            ),
            TrfErrorKind::SelfPairing { opponent } => format!("{opponent} 是该棋手本人"),
        }
    }
}

/// What a field allows, in Chinese (the `expected` of
/// [`TrfErrorKind::Invalid`]; the reader writes these).
fn expected_zh(expected: &str) -> String {
    match expected {
        "a number that fits its columns" => "应为放得下该字段列宽的数字".into(),
        "nothing after the number" => "数字之后不应再有内容".into(),
        "m, w or blank" => "应为 m、w 或空白".into(),
        "YYYY/MM/DD, month and day 00 if unknown, or YYYY" => {
            "应为 YYYY/MM/DD（月、日不详写 00）或 YYYY".into()
        }
        "w, b, - or blank" => "应为 w、b、- 或空白".into(),
        "one of 1 = 0 + - W D L H F U Z or blank" => {
            "应为 1 = 0 + - W D L H F U Z 之一或空白".into()
        }
        "a date YY/MM/DD" => "应为 YY/MM/DD 格式的日期".into(),
        "the date to start at the round's column" => "应为从该轮的列开始的日期".into(),
        "W or B at column 5" => "应为第 5 列的 W 或 B".into(),
        "one of W D L A P X" => "应为 W D L A P X 之一".into(),
        "F, H or Z" => "应为 F、H 或 Z".into(),
        "one of W D L F H Z + - or blank" => "应为 W D L F H Z + - 之一或空白".into(),
        "rank, white1 or black1" => "应为 `rank`、`white1` 或 `black1`".into(),
        "CODE=VALUE" => "应为 `CODE=VALUE`".into(),
        "one of WW BW WD BD WL BL ZPB HPB FPB PAB FW FL W D" => {
            "应为 WW BW WD BD WL BL ZPB HPB FPB PAB FW FL W D 之一".into()
        }
        other => format!("应为 `{other}`"),
    }
}

/// A TRF reading error: where (1-based line and column), which field, and what.
///
/// ```
/// use qiyuan_formats::trf::{parse_trf, Field};
/// let err = parse_trf("001    1      A                                                                  1.0          2 x 1\n").unwrap_err();
/// assert_eq!((err.line, err.column, err.field), (1, 97, Field::Colour(1)));
/// assert_eq!(err.to_string(), r#"line 1, column 97: round 1 colour "x" is not valid (expected w, b, - or blank)"#);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {field} {kind}")]
pub struct TrfError {
    /// Line number, from 1.
    pub line: usize,
    /// Column number, from 1, in characters.
    pub column: usize,
    /// The field.
    pub field: Field,
    /// What is wrong.
    pub kind: TrfErrorKind,
}

impl TrfError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    ///
    /// ```
    /// use qiyuan_formats::trf::parse_trf;
    /// use qiyuan_rating::Lang;
    /// let err = parse_trf("XXR 0\n").unwrap_err();
    /// assert_eq!(err.text(Lang::En), err.to_string());
    /// assert_eq!(err.text(Lang::Zh), "第 1 行第 5 列：轮数：0 超出范围 1..=999");
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => format!(
                "第 {} 行第 {} 列：{}：{}",
                self.line,
                self.column,
                self.field.text(lang),
                self.kind.text(lang)
            ),
        }
    }
}

/// Reads a TRF file (TRF16, TRF26, with the JaVaFo and bbpPairings extensions).
///
/// Accepts CR, LF and CRLF line ends. See the [module documentation](super)
/// for what is an error and what is only a warning ([`TrfFile::check`]).
///
/// ```
/// use qiyuan_formats::trf::parse_trf;
/// let err = parse_trf("012 T\n001    1      A                                                                  1.0          2 w 1\n").unwrap_err();
/// assert_eq!(err.to_string(), "line 2, column 92: round 1 opponent 2 is not a player in this file");
/// ```
pub fn parse_trf(text: &str) -> Result<TrfFile, TrfError> {
    // Byte order marks at the start (several, if a tool added its own) are not content.
    let text = text.trim_start_matches('\u{feff}');
    let mut records = Vec::new();
    for (i, line) in split_lines(text).enumerate() {
        records.push(parse_line(line, i + 1)?);
    }
    let file = TrfFile { records };
    check_references(&file)?;
    Ok(file)
}

/// Splits on CRLF, CR or LF; a final line end does not start an empty line.
fn split_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        match rest.find(['\r', '\n']) {
            None => {
                let line = rest;
                rest = "";
                Some(line)
            }
            Some(i) => {
                let line = &rest[..i];
                let skip = if rest[i..].starts_with("\r\n") { 2 } else { 1 };
                rest = &rest[i + skip..];
                Some(line)
            }
        }
    })
}

/// A line, addressable by 1-based character columns.
pub(super) struct Cols<'a> {
    line: &'a str,
    /// Byte offset of each character, plus the line length at the end.
    offsets: Vec<usize>,
    pub(super) number: usize,
}

impl<'a> Cols<'a> {
    pub(super) fn new(line: &'a str, number: usize) -> Cols<'a> {
        let mut offsets: Vec<usize> = line.char_indices().map(|(i, _)| i).collect();
        offsets.push(line.len());
        Cols {
            line,
            offsets,
            number,
        }
    }

    /// Length in characters.
    pub(super) fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Columns `a..=b` (1-based), cut at the end of the line.
    pub(super) fn get(&self, a: usize, b: usize) -> &'a str {
        let n = self.len();
        if a > n || a > b {
            return "";
        }
        let b = b.min(n);
        &self.line[self.offsets[a - 1]..self.offsets[b]]
    }

    /// From column `a` to the end of the line.
    pub(super) fn rest(&self, a: usize) -> &'a str {
        self.get(a, self.len())
    }

    /// The character at column `c`, a space beyond the end.
    pub(super) fn char_at(&self, c: usize) -> char {
        self.get(c, c).chars().next().unwrap_or(' ')
    }

    pub(super) fn err(&self, column: usize, field: Field, kind: TrfErrorKind) -> TrfError {
        TrfError {
            line: self.number,
            column,
            field,
            kind,
        }
    }

    /// Columns `a..=b` must be blank.
    fn blank(&self, a: usize, b: usize) -> Result<(), TrfError> {
        for c in a..=b.min(self.len()) {
            let ch = self.char_at(c);
            if ch != ' ' {
                return Err(self.err(
                    c,
                    Field::Separator,
                    TrfErrorKind::ExpectedSpace { found: ch },
                ));
            }
        }
        Ok(())
    }

    /// Trimmed text of columns `a..=b`, `None` when blank.
    fn text(&self, a: usize, b: usize) -> Option<&'a str> {
        let t = self.get(a, b).trim();
        (!t.is_empty()).then_some(t)
    }

    /// An unsigned integer in columns `a..=b` (blank → `None`).
    fn uint(
        &self,
        a: usize,
        b: usize,
        field: Field,
        min: u64,
        max: u64,
    ) -> Result<Option<u64>, TrfError> {
        match self.text(a, b) {
            None => Ok(None),
            Some(t) => parse_uint(t, min, max)
                .map(Some)
                .map_err(|k| self.err(a, field, k)),
        }
    }

    /// A decimal in columns `a..=b` (blank → `None`).
    fn decimal(&self, a: usize, b: usize, field: Field) -> Result<Option<Decimal>, TrfError> {
        match self.text(a, b) {
            None => Ok(None),
            Some(t) => parse_decimal(t, Some(b + 1 - a))
                .map(Some)
                .map_err(|k| self.err(a, field, k)),
        }
    }

    /// Whitespace-separated tokens from column `from`, each with its column.
    fn tokens(&self, from: usize) -> Vec<(usize, &'a str)> {
        let mut out = Vec::new();
        let mut start: Option<usize> = None;
        for c in from..=self.len() + 1 {
            let ch = if c > self.len() { ' ' } else { self.char_at(c) };
            let space = ch.is_whitespace();
            match (start, space) {
                (None, false) => start = Some(c),
                (Some(s), true) => {
                    out.push((s, self.get(s, c - 1)));
                    start = None;
                }
                _ => {}
            }
        }
        out
    }
}

/// Digits only (no sign), within `min..=max`.
pub(super) fn parse_uint(text: &str, min: u64, max: u64) -> Result<u64, TrfErrorKind> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(TrfErrorKind::NotANumber { text: text.into() });
    }
    let value = text.parse::<u64>().map_err(|_| TrfErrorKind::OutOfRange {
        value: u64::MAX,
        min,
        max,
    })?;
    if value < min || value > max {
        return Err(TrfErrorKind::OutOfRange { value, min, max });
    }
    Ok(value)
}

/// `[-]digits[.digits]`, written in at most `width` characters once normalised.
pub(super) fn parse_decimal(text: &str, width: Option<usize>) -> Result<Decimal, TrfErrorKind> {
    let not_a_number = || TrfErrorKind::NotANumber { text: text.into() };
    let body = text.strip_prefix('-').unwrap_or(text);
    let (int, frac) = match body.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (body, None),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if !digits(int)
        || !frac.is_none_or(digits)
        || (int.is_empty() && frac.is_none_or(str::is_empty))
    {
        return Err(not_a_number());
    }
    let value: Decimal = text.parse().map_err(|_| not_a_number())?;
    if let Some(w) = width
        && value.to_string().chars().count() > w
    {
        return Err(TrfErrorKind::Invalid {
            text: text.into(),
            expected: "a number that fits its columns",
        });
    }
    Ok(value)
}

/// The record codes this module reads into typed records.
fn parse_line(line: &str, number: usize) -> Result<Record, TrfError> {
    let cols = Cols::new(line, number);
    if line.trim().is_empty() {
        return Ok(Record::Blank);
    }
    let code = cols.get(1, 3);
    if let Some((i, found)) = line.chars().enumerate().find(|(_, c)| c.is_control()) {
        let column = i + 1;
        let field = match (code, column) {
            ("001", 11..=13) => Field::Title,
            ("001", 15..=47) => Field::Name,
            ("001", 54..=56) => Field::Federation,
            ("001", 70..=79) => Field::BirthDate,
            ("001", 4..) => Field::Separator,
            ("013", 5..=36) => Field::TeamName,
            _ => Field::RecordCode,
        };
        return Err(cols.err(column, field, TrfErrorKind::ControlCharacter { found }));
    }
    if code == "###" {
        return Ok(Record::Comment(cols.rest(4).to_string()));
    }
    let known = code == "001"
        || code == "013"
        || code == "132"
        || matches!(code, "142" | "152" | "162" | "240" | "250" | "260" | "299")
        || matches!(code, "XXR" | "XXC" | "XXA" | "XXP" | "XXZ" | "XXS")
        || code == "QYT"
        || BbKind::from_code(code).is_some()
        || TextCode::from_code(code).is_some();
    if !known {
        return Ok(Record::Other(line.to_string()));
    }
    cols.blank(4, 4)?;
    if let Some(tc) = TextCode::from_code(code) {
        return Ok(Record::Text {
            code: tc,
            text: cols.rest(5).trim_end().to_string(),
        });
    }
    if let Some(kind) = BbKind::from_code(code) {
        let points = required_decimal(&cols, 5, Field::PointValue)?;
        return Ok(Record::BbPoints { kind, points });
    }
    match code {
        "001" => parse_player(&cols).map(Record::Player),
        "013" => parse_team(&cols).map(Record::Team),
        "132" => parse_round_dates(&cols),
        "142" => Ok(Record::NumberOfRounds(required_uint(
            &cols,
            Field::NumberOfRounds,
            1,
            999,
        )?)),
        "XXR" => Ok(Record::Xxr(required_uint(
            &cols,
            Field::NumberOfRounds,
            1,
            999,
        )?)),
        "152" => parse_initial_colour(&cols),
        "162" => parse_point_system(&cols),
        "240" => parse_bye(&cols),
        "250" => parse_acceleration(&cols),
        "260" => parse_prohibited(&cols),
        "299" => parse_abnormal(&cols),
        "XXC" => parse_xxc(&cols),
        "XXA" => parse_xxa(&cols),
        "XXP" => Ok(Record::Xxp(id_list(&cols, 5, true)?)),
        "XXZ" => Ok(Record::Xxz(id_list(&cols, 5, false)?)),
        "XXS" => parse_xxs(&cols),
        "QYT" => parse_title(&cols),
        _ => Ok(Record::Other(line.to_string())),
    }
}

/// The single token after the code, as an integer.
fn required_uint(cols: &Cols, field: Field, min: u64, max: u64) -> Result<u16, TrfError> {
    let tokens = cols.tokens(5);
    let Some(&(col, t)) = tokens.first() else {
        return Err(cols.err(
            cols.len() + 1,
            field,
            TrfErrorKind::Missing { length: cols.len() },
        ));
    };
    if let Some(&(extra, t2)) = tokens.get(1) {
        return Err(cols.err(
            extra,
            field,
            TrfErrorKind::Invalid {
                text: t2.into(),
                expected: "nothing after the number",
            },
        ));
    }
    parse_uint(t, min, max)
        .map(|v| v as u16)
        .map_err(|k| cols.err(col, field, k))
}

/// The single token after the code, as a decimal.
fn required_decimal(cols: &Cols, from: usize, field: Field) -> Result<Decimal, TrfError> {
    let tokens = cols.tokens(from);
    let Some(&(col, t)) = tokens.first() else {
        return Err(cols.err(
            cols.len() + 1,
            field,
            TrfErrorKind::Missing { length: cols.len() },
        ));
    };
    if let Some(&(extra, t2)) = tokens.get(1) {
        return Err(cols.err(
            extra,
            field,
            TrfErrorKind::Invalid {
                text: t2.into(),
                expected: "nothing after the number",
            },
        ));
    }
    parse_decimal(t, None).map_err(|k| cols.err(col, field, k))
}

/// `QYT`: starting rank in cols 5–8, col 9 blank, the title from col 10.
fn parse_title(cols: &Cols) -> Result<Record, TrfError> {
    let player = match cols.uint(5, 8, Field::PlayerId, 1, 9999)? {
        Some(n) => n as u16,
        None => {
            return Err(cols.err(
                5,
                Field::PlayerId,
                TrfErrorKind::Missing { length: cols.len() },
            ));
        }
    };
    cols.blank(9, 9)?;
    let title = cols.rest(10).trim();
    if title.is_empty() {
        return Err(cols.err(
            10,
            Field::Title,
            TrfErrorKind::Missing { length: cols.len() },
        ));
    }
    Ok(Record::Title(TitleRecord {
        player,
        title: title.to_string(),
    }))
}

fn parse_player(cols: &Cols) -> Result<PlayerRecord, TrfError> {
    if cols.len() < 8 {
        return Err(cols.err(
            cols.len() + 1,
            Field::StartNumber,
            TrfErrorKind::Missing { length: cols.len() },
        ));
    }
    let start_number = match cols.uint(5, 8, Field::StartNumber, 1, 9999)? {
        Some(n) => n as u16,
        None => {
            return Err(cols.err(
                5,
                Field::StartNumber,
                TrfErrorKind::NotANumber {
                    text: cols.get(5, 8).into(),
                },
            ));
        }
    };
    cols.blank(9, 9)?;
    // `m` or `w` (the vocabulary's codes, `f` too, in either case).
    let code = cols.char_at(10);
    let read = code
        .is_ascii_alphabetic()
        .then(|| Sex::from_code(code.encode_utf8(&mut [0; 4])))
        .flatten();
    let sex = match (code, read) {
        (' ', _) => None,
        (_, Some(x)) => Some(x),
        (c, None) => {
            return Err(cols.err(
                10,
                Field::Sex,
                TrfErrorKind::Invalid {
                    text: c.to_string(),
                    expected: "m, w or blank",
                },
            ));
        }
    };
    let title = cols.text(11, 13).map(str::to_string);
    cols.blank(14, 14)?;
    let name = cols.get(15, 47).trim_end().to_string();
    cols.blank(48, 48)?;
    let rating = cols.uint(49, 52, Field::Rating, 0, 9999)?.map(|v| v as u16);
    cols.blank(53, 53)?;
    let federation = cols.text(54, 56).map(str::to_string);
    cols.blank(57, 57)?;
    let fide_id = cols.uint(58, 68, Field::FideId, 0, 99_999_999_999)?;
    cols.blank(69, 69)?;
    let birth_date = match cols.text(70, 79) {
        None => None,
        Some(t) => {
            if !is_birth_date(t) {
                return Err(cols.err(
                    70,
                    Field::BirthDate,
                    TrfErrorKind::Invalid {
                        text: t.into(),
                        expected: "YYYY/MM/DD, month and day 00 if unknown, or YYYY",
                    },
                ));
            }
            Some(t.to_string())
        }
    };
    cols.blank(80, 80)?;
    let points = cols.decimal(81, 84, Field::Points)?;
    cols.blank(85, 85)?;
    let rank = cols.uint(86, 89, Field::Rank, 0, 9999)?.map(|v| v as u16);
    cols.blank(90, 91)?;
    let mut rounds = Vec::new();
    let mut start = 92;
    let mut round: u16 = 1;
    while start <= cols.len() {
        let opponent = cols
            .uint(start, start + 3, Field::Opponent(round), 0, 9999)?
            .and_then(|v| (v != 0).then_some(v as u16));
        cols.blank(start + 4, start + 4)?;
        let c = cols.char_at(start + 5);
        let colour = RoundColour::from_char(c).ok_or_else(|| {
            cols.err(
                start + 5,
                Field::Colour(round),
                TrfErrorKind::Invalid {
                    text: c.to_string(),
                    expected: "w, b, - or blank",
                },
            )
        })?;
        cols.blank(start + 6, start + 6)?;
        let c = cols.char_at(start + 7);
        let result = ResultCode::from_char(c).ok_or_else(|| {
            cols.err(
                start + 7,
                Field::Result(round),
                TrfErrorKind::Invalid {
                    text: c.to_string(),
                    expected: "one of 1 = 0 + - W D L H F U Z or blank",
                },
            )
        })?;
        cols.blank(start + 8, start + 9)?;
        rounds.push(RoundEntry {
            opponent,
            colour,
            result,
        });
        start += 10;
        round = round.saturating_add(1);
    }
    while rounds.last().is_some_and(RoundEntry::is_blank) {
        rounds.pop();
    }
    Ok(PlayerRecord {
        start_number,
        sex,
        title,
        name,
        rating,
        federation,
        fide_id,
        birth_date,
        points,
        rank,
        rounds,
    })
}

/// `YYYY`, or `YYYY/MM/DD` with month 00–12 and day 00–31.
fn is_birth_date(t: &str) -> bool {
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    if digits(t, 4) {
        return true;
    }
    let parts: Vec<&str> = t.split('/').collect();
    parts.len() == 3
        && digits(parts[0], 4)
        && digits(parts[1], 2)
        && digits(parts[2], 2)
        && parts[1].parse::<u8>().is_ok_and(|m| m <= 12)
        && parts[2].parse::<u8>().is_ok_and(|d| d <= 31)
}

/// `YY/MM/DD` or `YYYY/MM/DD`, a real calendar date.
fn is_round_date(t: &str) -> bool {
    let parts: Vec<&str> = t.split('/').collect();
    if parts.len() != 3
        || !parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
    {
        return false;
    }
    if parts[1].len() != 2 || parts[2].len() != 2 {
        return false;
    }
    let year = match parts[0].len() {
        2 => 2000 + parts[0].parse::<i32>().unwrap_or(0),
        4 => parts[0].parse::<i32>().unwrap_or(0),
        _ => return false,
    };
    let (Ok(m), Ok(d)) = (parts[1].parse::<u32>(), parts[2].parse::<u32>()) else {
        return false;
    };
    chrono::NaiveDate::from_ymd_opt(year, m, d).is_some()
}

fn parse_round_dates(cols: &Cols) -> Result<Record, TrfError> {
    cols.blank(5, 91)?;
    let mut dates = Vec::new();
    let mut start = 92;
    let mut round: u16 = 1;
    while start <= cols.len() {
        match cols.text(start, start + 9) {
            None => dates.push(None),
            Some(t) => {
                let at = start
                    + cols
                        .get(start, start + 9)
                        .find(|c: char| c != ' ')
                        .unwrap_or(0);
                if !is_round_date(t) {
                    return Err(cols.err(
                        at,
                        Field::RoundDate(round),
                        TrfErrorKind::Invalid {
                            text: t.into(),
                            expected: "a date YY/MM/DD",
                        },
                    ));
                }
                if at != start {
                    // Written left-aligned at the round's column; anything else is a shifted line.
                    return Err(cols.err(
                        start,
                        Field::RoundDate(round),
                        TrfErrorKind::Invalid {
                            text: cols.get(start, start + 9).into(),
                            expected: "the date to start at the round's column",
                        },
                    ));
                }
                dates.push(Some(t.to_string()));
            }
        }
        start += 10;
        round = round.saturating_add(1);
    }
    while dates.last().is_some_and(Option::is_none) {
        dates.pop();
    }
    Ok(Record::RoundDates(dates))
}

fn parse_team(cols: &Cols) -> Result<TeamRecord, TrfError> {
    let name = cols.get(5, 36).trim_end().to_string();
    let mut players = Vec::new();
    let mut start = 37;
    while start <= cols.len() {
        if start > 37 {
            cols.blank(start - 1, start - 1)?;
        }
        if let Some(id) = cols.uint(start, start + 3, Field::PlayerId, 1, 9999)? {
            players.push(id as u16);
        }
        start += 5;
    }
    Ok(TeamRecord { name, players })
}

fn parse_initial_colour(cols: &Cols) -> Result<Record, TrfError> {
    // A line that stops before column 5 lacks the colour (not "a blank
    // colour": the error points at the column where it should be).
    if cols.len() < 5 {
        return Err(cols.err(
            5,
            Field::InitialColour,
            TrfErrorKind::Missing { length: cols.len() },
        ));
    }
    let colour = match cols.char_at(5) {
        'W' | 'w' => InitialColour::White,
        'B' | 'b' => InitialColour::Black,
        c => {
            return Err(cols.err(
                5,
                Field::InitialColour,
                TrfErrorKind::Invalid {
                    text: c.to_string(),
                    expected: "W or B at column 5",
                },
            ));
        }
    };
    cols.blank(6, cols.len())?;
    Ok(Record::InitialColour(colour))
}

fn parse_point_system(cols: &Cols) -> Result<Record, TrfError> {
    let tokens = cols.tokens(5);
    let mut pairs = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let (col, t) = tokens[i];
        let mut chars = t.chars();
        let letter = chars.next().unwrap_or(' ');
        let code = PointCode::from_char(letter).ok_or_else(|| {
            cols.err(
                col,
                Field::PointCode,
                TrfErrorKind::Invalid {
                    text: letter.to_string(),
                    expected: "one of W D L A P X",
                },
            )
        })?;
        let glued = chars.as_str();
        let (vcol, value) = if glued.is_empty() {
            i += 1;
            match tokens.get(i) {
                Some(&v) => v,
                None => {
                    return Err(cols.err(
                        cols.len() + 1,
                        Field::PointValue,
                        TrfErrorKind::Missing { length: cols.len() },
                    ));
                }
            }
        } else {
            (col + 1, glued)
        };
        let points =
            parse_decimal(value, Some(4)).map_err(|k| cols.err(vcol, Field::PointValue, k))?;
        pairs.push((code, points));
        i += 1;
    }
    Ok(Record::PointSystem(pairs))
}

fn parse_bye(cols: &Cols) -> Result<Record, TrfError> {
    let tokens = cols.tokens(5);
    let Some(&(col, t)) = tokens.first() else {
        return Err(cols.err(
            5,
            Field::ByeType,
            TrfErrorKind::Missing { length: cols.len() },
        ));
    };
    let bye = t
        .chars()
        .next()
        .filter(|_| t.chars().count() == 1)
        .and_then(ByeType::from_char)
        .ok_or_else(|| {
            cols.err(
                col,
                Field::ByeType,
                TrfErrorKind::Invalid {
                    text: t.into(),
                    expected: "F, H or Z",
                },
            )
        })?;
    let Some(&(col, t)) = tokens.get(1) else {
        return Err(cols.err(
            cols.len() + 1,
            Field::Round,
            TrfErrorKind::Missing { length: cols.len() },
        ));
    };
    let round = parse_uint(t, 1, 999).map_err(|k| cols.err(col, Field::Round, k))? as u16;
    let players = tokens[2..]
        .iter()
        .map(|&(c, t)| {
            parse_uint(t, 1, 9999)
                .map(|v| v as u16)
                .map_err(|k| cols.err(c, Field::PlayerId, k))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Record::Bye(ByeRecord {
        bye,
        round,
        players,
    }))
}

fn parse_acceleration(cols: &Cols) -> Result<Record, TrfError> {
    let need = |a: usize, b: usize, field: Field, max: u64| -> Result<u16, TrfError> {
        cols.uint(a, b, field, 1, max)?
            .map(|v| v as u16)
            .ok_or_else(|| cols.err(a, field, TrfErrorKind::Missing { length: cols.len() }))
    };
    let match_points = cols.decimal(5, 8, Field::PointValue)?;
    cols.blank(9, 9)?;
    let game_points = cols.decimal(10, 13, Field::PointValue)?.ok_or_else(|| {
        cols.err(
            10,
            Field::PointValue,
            TrfErrorKind::Missing { length: cols.len() },
        )
    })?;
    cols.blank(14, 14)?;
    let first_round = need(15, 17, Field::FirstRound, 999)?;
    cols.blank(18, 18)?;
    let last_round = need(19, 21, Field::LastRound, 999)?;
    cols.blank(22, 22)?;
    let first_player = need(23, 26, Field::PlayerId, 9999)?;
    cols.blank(27, 27)?;
    let last_player = need(28, 31, Field::PlayerId, 9999)?;
    cols.blank(32, cols.len())?;
    Ok(Record::Acceleration(AccelerationRecord {
        match_points,
        game_points,
        first_round,
        last_round,
        first_player,
        last_player,
    }))
}

fn parse_prohibited(cols: &Cols) -> Result<Record, TrfError> {
    let tokens = cols.tokens(5);
    let mut it = tokens.iter();
    let mut round = |field| -> Result<u16, TrfError> {
        let &(c, t) = it.next().ok_or_else(|| {
            cols.err(
                cols.len() + 1,
                field,
                TrfErrorKind::Missing { length: cols.len() },
            )
        })?;
        parse_uint(t, 1, 999)
            .map(|v| v as u16)
            .map_err(|k| cols.err(c, field, k))
    };
    let first = round(Field::FirstRound)?;
    let last = round(Field::LastRound)?;
    let players = tokens[2..]
        .iter()
        .map(|&(c, t)| {
            parse_uint(t, 1, 9999)
                .map(|v| v as u16)
                .map_err(|k| cols.err(c, Field::PlayerId, k))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Record::ProhibitedPairing(ProhibitedPairing {
        rounds: Some((first, last)),
        players,
    }))
}

fn parse_abnormal(cols: &Cols) -> Result<Record, TrfError> {
    let c = cols.char_at(5);
    let kind = match c {
        ' ' => None,
        _ => Some(AbnormalType::from_char(c).ok_or_else(|| {
            cols.err(
                5,
                Field::AbnormalType,
                TrfErrorKind::Invalid {
                    text: c.to_string(),
                    expected: "one of W D L F H Z + - or blank",
                },
            )
        })?),
    };
    cols.blank(6, 7)?;
    let match_points = cols.decimal(8, 11, Field::PointValue)?;
    cols.blank(12, 13)?;
    let points = cols.decimal(14, 17, Field::PointValue)?;
    cols.blank(18, 19)?;
    let round = cols
        .uint(20, 22, Field::Round, 0, 999)?
        .and_then(|r| (r != 0).then_some(r as u16));
    let mut players = Vec::new();
    let mut start = 24;
    while start <= cols.len() {
        cols.blank(start - 1, start - 1)?;
        if let Some(id) = cols.uint(start, start + 3, Field::PlayerId, 1, 9999)? {
            players.push(id as u16);
        }
        start += 5;
    }
    Ok(Record::AbnormalPoints(AbnormalPoints {
        kind,
        match_points,
        points,
        round,
        players,
    }))
}

fn parse_xxc(cols: &Cols) -> Result<Record, TrfError> {
    cols.tokens(5)
        .into_iter()
        .map(|(c, t)| match t {
            "rank" => Ok(XxcOption::Rank),
            "white1" => Ok(XxcOption::White1),
            "black1" => Ok(XxcOption::Black1),
            _ => Err(cols.err(
                c,
                Field::XxcOption,
                TrfErrorKind::Invalid {
                    text: t.into(),
                    expected: "rank, white1 or black1",
                },
            )),
        })
        .collect::<Result<Vec<_>, _>>()
        .map(Record::Xxc)
}

fn parse_xxa(cols: &Cols) -> Result<Record, TrfError> {
    let tokens = cols.tokens(5);
    let Some(&(c, t)) = tokens.first() else {
        return Err(cols.err(
            5,
            Field::PlayerId,
            TrfErrorKind::Missing { length: cols.len() },
        ));
    };
    let player = parse_uint(t, 1, 9999).map_err(|k| cols.err(c, Field::PlayerId, k))? as u16;
    let points = tokens[1..]
        .iter()
        .map(|&(c, t)| parse_decimal(t, Some(4)).map_err(|k| cols.err(c, Field::PointValue, k)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Record::Xxa(XxaRecord { player, points }))
}

fn id_list(cols: &Cols, from: usize, need_two: bool) -> Result<Vec<u16>, TrfError> {
    let ids = cols
        .tokens(from)
        .into_iter()
        .map(|(c, t)| {
            parse_uint(t, 1, 9999)
                .map(|v| v as u16)
                .map_err(|k| cols.err(c, Field::PlayerId, k))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if need_two && ids.len() < 2 {
        return Err(cols.err(
            cols.len() + 1,
            Field::PlayerId,
            TrfErrorKind::Missing { length: cols.len() },
        ));
    }
    Ok(ids)
}

fn parse_xxs(cols: &Cols) -> Result<Record, TrfError> {
    cols.tokens(5)
        .into_iter()
        .map(|(c, t)| {
            let Some((code, value)) = t.split_once('=') else {
                return Err(cols.err(
                    c,
                    Field::XxsCode,
                    TrfErrorKind::Invalid {
                        text: t.into(),
                        expected: "CODE=VALUE",
                    },
                ));
            };
            let code = XxsCode::from_code(code).ok_or_else(|| {
                cols.err(
                    c,
                    Field::XxsCode,
                    TrfErrorKind::Invalid {
                        text: code.into(),
                        expected: "one of WW BW WD BD WL BL ZPB HPB FPB PAB FW FL W D",
                    },
                )
            })?;
            let vcol = c + code.code().len() + 1;
            let points =
                parse_decimal(value, None).map_err(|k| cols.err(vcol, Field::PointValue, k))?;
            Ok((code, points))
        })
        .collect::<Result<Vec<_>, _>>()
        .map(Record::Xxs)
}

/// Errors across records: duplicate starting ranks, unknown or self opponents.
fn check_references(file: &TrfFile) -> Result<(), TrfError> {
    let mut lines: HashMap<u16, usize> = HashMap::new();
    for (i, r) in file.records.iter().enumerate() {
        if let Record::Player(p) = r {
            if let Some(&first_line) = lines.get(&p.start_number) {
                return Err(TrfError {
                    line: i + 1,
                    column: 5,
                    field: Field::StartNumber,
                    kind: TrfErrorKind::DuplicateStartNumber {
                        number: p.start_number,
                        first_line,
                    },
                });
            }
            lines.insert(p.start_number, i + 1);
        }
    }
    for (i, r) in file.records.iter().enumerate() {
        let Record::Player(p) = r else { continue };
        for (k, e) in p.rounds.iter().enumerate() {
            let Some(opponent) = e.opponent else { continue };
            let err = |kind| TrfError {
                line: i + 1,
                column: 92 + 10 * k,
                field: Field::Opponent(u16::try_from(k + 1).unwrap_or(u16::MAX)),
                kind,
            };
            if opponent == p.start_number {
                return Err(err(TrfErrorKind::SelfPairing { opponent }));
            }
            if !lines.contains_key(&opponent) {
                return Err(err(TrfErrorKind::UnknownOpponent { opponent }));
            }
        }
    }
    Ok(())
}
