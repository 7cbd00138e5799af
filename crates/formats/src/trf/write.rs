//! Writing a [`TrfFile`] back to text.

use std::fmt::Write as _;

use qiyuan_rating::Lang;
use rust_decimal::Decimal;

use super::model::*;
use super::parse::Field;

/// The line end written after every line.
///
/// ```
/// use qiyuan_formats::trf::{parse_trf, WriteOptions, LineEnding};
/// let opts = WriteOptions { line_ending: LineEnding::CrLf, ..WriteOptions::default() };
/// assert_eq!(parse_trf("012 A\n022 B")?.write(&opts)?, "012 A\r\n022 B\r\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LineEnding {
    /// `\n` (what the reference files in `testdata` use; the default).
    #[default]
    Lf,
    /// `\r\n`.
    CrLf,
    /// `\r`, as TRF16/TRF26 Remark 1 asks and bbpPairings writes.
    Cr,
}

impl LineEnding {
    fn as_str(self) -> &'static str {
        match self {
            LineEnding::Lf => "\n",
            LineEnding::CrLf => "\r\n",
            LineEnding::Cr => "\r",
        }
    }
}

/// Which TRF dialect to write.
///
/// ```
/// use qiyuan_formats::trf::{parse_trf, WriteOptions, Dialect};
/// let file = parse_trf("### note\n142 7\n152 W\n")?;
/// let opts = WriteOptions { dialect: Dialect::Trf16, ..WriteOptions::default() };
/// assert_eq!(file.write(&opts)?, "XXR 7\nXXC white1\n");
/// assert_eq!(file.write(&WriteOptions::default())?, "### note\n142 7\n152 W\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Dialect {
    /// TRF26 (and every record as it is: TRF26 readers ignore the engine
    /// extensions they do not know). The default.
    #[default]
    Trf2026,
    /// TRF16 with the JaVaFo extensions: `###` comments are left out,
    /// `142 n` becomes `XXR n` (unless the file has an `XXR`), and `152 W|B`
    /// becomes the `white1`/`black1` token of `XXC` (added to the first
    /// `XXC` line, or an `XXC` line of its own; left out when an `XXC`
    /// already gives the colour). Other records are written as they are.
    Trf16,
}

/// How to write a file.
///
/// ```
/// use qiyuan_formats::trf::{parse_trf, WriteOptions, LineEnding, Dialect};
/// let file = parse_trf("012 Open\n142 9\n")?;
/// let opts = WriteOptions { dialect: Dialect::Trf16, line_ending: LineEnding::Cr };
/// assert_eq!(file.write(&opts)?, "012 Open\rXXR 9\r");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WriteOptions {
    /// The dialect.
    pub dialect: Dialect,
    /// The line end.
    pub line_ending: LineEnding,
}

/// A value that cannot be written in the TRF layout (too wide for its
/// columns, or holding a line break or another control character — a tab,
/// NUL … — which would break the line or shift its fixed columns). Reading
/// never produces such a value; building a [`TrfFile`] by hand can.
///
/// ```
/// use qiyuan_formats::trf::{TrfFile, Record, PlayerRecord, Field};
/// let file = TrfFile { records: vec![Record::Player(PlayerRecord::new(1, "N".repeat(34)))] };
/// let err = file.write_trf2026().unwrap_err();
/// assert_eq!((err.record, err.field), (0, Field::Name));
/// assert_eq!(err.to_string(), format!("record 1: name {:?} does not fit in 33 columns", "N".repeat(34)));
/// let file = TrfFile { records: vec![Record::Player(PlayerRecord::new(1, "Doe,\nJohn"))] };
/// let err = file.write_trf2026().unwrap_err();
/// assert_eq!(err.to_string(), "record 1: name \"Doe,\\nJohn\" holds a line break or another control character");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("record {}: {field} {value:?} {}", .record + 1, match .width { Some(w) => format!("does not fit in {w} columns"), None => "holds a line break or another control character".to_string() })]
pub struct TrfWriteError {
    /// Index of the record in [`TrfFile::records`].
    pub record: usize,
    /// The field.
    pub field: Field,
    /// Its value, as it would be written.
    pub value: String,
    /// The width of the field; `None` when the value holds a line break or
    /// another control character.
    pub width: Option<usize>,
}

impl TrfWriteError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        let why = match self.width {
            Some(w) => format!("超出 {w} 列的宽度"),
            None => "含有换行或其他控制字符".to_string(),
        };
        format!(
            "第 {} 条记录：{} {:?} {why}",
            self.record + 1,
            self.field.text(lang),
            self.value
        )
    }
}

impl TrfFile {
    /// Writes the file as TRF26 with LF line ends.
    ///
    /// Every record is written in the FIDE column layout; a file read from
    /// that layout is written back byte for byte (line ends aside).
    ///
    /// ```
    /// use qiyuan_formats::trf::parse_trf;
    /// let text = "012 Open\r\n001    1      A                                                                  0.0    1  0000 - Z\r\n";
    /// assert_eq!(parse_trf(text)?.write_trf2026()?, text.replace("\r\n", "\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_trf2026(&self) -> Result<String, TrfWriteError> {
        self.write(&WriteOptions::default())
    }

    /// Writes the file as TRF16 with the JaVaFo extensions, LF line ends
    /// (see [`Dialect::Trf16`]).
    ///
    /// ```
    /// use qiyuan_formats::trf::parse_trf;
    /// let file = parse_trf("### made by hand\n012 Open\n152 B\nXXC rank\n")?;
    /// assert_eq!(file.write_trf16()?, "012 Open\nXXC rank black1\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_trf16(&self) -> Result<String, TrfWriteError> {
        self.write(&WriteOptions {
            dialect: Dialect::Trf16,
            line_ending: LineEnding::Lf,
        })
    }

    /// Writes the file with the given options.
    pub fn write(&self, options: &WriteOptions) -> Result<String, TrfWriteError> {
        let eol = options.line_ending.as_str();
        let mut out = String::with_capacity(self.records.len() * 100);
        // Trailing spaces carry nothing in the fixed-column layout and are not
        // written, except in comments and unknown records, written verbatim.
        let mut push = |line: &str, verbatim: bool| {
            out.push_str(if verbatim {
                line
            } else {
                line.trim_end_matches(' ')
            });
            out.push_str(eol);
        };
        match options.dialect {
            Dialect::Trf2026 => {
                for (i, r) in self.records.iter().enumerate() {
                    push(&record_line(r, i)?, verbatim(r));
                }
            }
            Dialect::Trf16 => {
                let has_xxr = self.records.iter().any(|r| matches!(r, Record::Xxr(_)));
                let xxc_colour = self.records.iter().any(
                    |r| matches!(r, Record::Xxc(v) if v.iter().any(|o| *o != XxcOption::Rank)),
                );
                let colour_token = self.records.iter().find_map(|r| match r {
                    Record::InitialColour(InitialColour::White) => Some(XxcOption::White1),
                    Record::InitialColour(InitialColour::Black) => Some(XxcOption::Black1),
                    _ => None,
                });
                let first_xxc = self
                    .records
                    .iter()
                    .position(|r| matches!(r, Record::Xxc(_)));
                let mut colour_written = xxc_colour;
                for (i, r) in self.records.iter().enumerate() {
                    match r {
                        Record::Comment(_) => {}
                        Record::NumberOfRounds(n) => {
                            if !has_xxr {
                                push(&format!("XXR {n}"), false);
                            }
                        }
                        Record::InitialColour(_) => {
                            if !colour_written && first_xxc.is_none() {
                                if let Some(t) = colour_token {
                                    push(&format!("XXC {}", t.token()), false);
                                }
                                colour_written = true;
                            }
                        }
                        Record::Xxc(v) if Some(i) == first_xxc && !colour_written => {
                            let mut v = v.clone();
                            v.extend(colour_token);
                            colour_written = true;
                            push(&record_line(&Record::Xxc(v), i)?, false);
                        }
                        _ => push(&record_line(r, i)?, verbatim(r)),
                    }
                }
            }
        }
        Ok(out)
    }
}

fn verbatim(r: &Record) -> bool {
    matches!(r, Record::Other(_) | Record::Comment(_))
}

/// Checks that `value` fits `width` characters and holds no line break or
/// other control character.
fn fit(value: String, width: usize, record: usize, field: Field) -> Result<String, TrfWriteError> {
    no_break(&value, record, field)?;
    if value.chars().count() > width {
        return Err(TrfWriteError {
            record,
            field,
            value,
            width: Some(width),
        });
    }
    Ok(value)
}

fn no_break(value: &str, record: usize, field: Field) -> Result<(), TrfWriteError> {
    if value.chars().any(char::is_control) {
        return Err(TrfWriteError {
            record,
            field,
            value: value.to_string(),
            width: None,
        });
    }
    Ok(())
}

fn dec(d: Option<Decimal>) -> String {
    d.map(|d| d.to_string()).unwrap_or_default()
}

fn num<T: ToString>(n: Option<T>) -> String {
    n.map(|n| n.to_string()).unwrap_or_default()
}

/// The text of one record, trailing spaces included (the caller trims them).
fn record_line(r: &Record, i: usize) -> Result<String, TrfWriteError> {
    Ok(match r {
        Record::Blank => String::new(),
        Record::Comment(t) => {
            no_break(t, i, Field::RecordCode)?;
            format!("###{t}")
        }
        Record::Text { code, text } => {
            no_break(text, i, Field::RecordCode)?;
            format!("{} {text}", code.code())
        }
        Record::Other(t) => {
            no_break(t, i, Field::RecordCode)?;
            t.clone()
        }
        Record::RoundDates(dates) => {
            let mut s = format!("{:<91}", "132");
            for (k, d) in dates.iter().enumerate() {
                let round = u16::try_from(k + 1).unwrap_or(u16::MAX);
                let d = fit(
                    d.clone().unwrap_or_default(),
                    10,
                    i,
                    Field::RoundDate(round),
                )?;
                let _ = write!(s, "{d:<10}");
            }
            s
        }
        Record::Player(p) => player_line(p, i)?,
        Record::Team(t) => {
            let name = fit(t.name.clone(), 32, i, Field::TeamName)?;
            let mut s = format!("013 {name:<32}");
            for (k, id) in t.players.iter().enumerate() {
                let id = fit(id.to_string(), 4, i, Field::PlayerId)?;
                let sep = if k == 0 { "" } else { " " };
                let _ = write!(s, "{sep}{id:>4}");
            }
            s
        }
        Record::NumberOfRounds(n) => format!("142 {n}"),
        Record::Xxr(n) => format!("XXR {n}"),
        Record::InitialColour(c) => match c {
            InitialColour::White => "152 W".to_string(),
            InitialColour::Black => "152 B".to_string(),
        },
        Record::PointSystem(pairs) => {
            // Letter at col 6 + 9k, points in cols 7–10 + 9k.
            let mut s = "162  ".to_string();
            for (code, points) in pairs {
                let v = fit(points.to_string(), 4, i, Field::PointValue)?;
                let _ = write!(s, "{}{v:>4}    ", code.to_char());
            }
            s
        }
        Record::Bye(b) => {
            let round = fit(format!("{:03}", b.round), 3, i, Field::Round)?;
            let mut s = format!("240 {} {round}", b.bye.to_char());
            for id in &b.players {
                let id = fit(id.to_string(), 4, i, Field::PlayerId)?;
                let _ = write!(s, " {id:>4}");
            }
            s
        }
        Record::Acceleration(a) => {
            let mp = fit(dec(a.match_points), 4, i, Field::PointValue)?;
            let gp = fit(a.game_points.to_string(), 4, i, Field::PointValue)?;
            let fr = fit(format!("{:03}", a.first_round), 3, i, Field::FirstRound)?;
            let lr = fit(format!("{:03}", a.last_round), 3, i, Field::LastRound)?;
            let fp = fit(format!("{:04}", a.first_player), 4, i, Field::PlayerId)?;
            let lp = fit(format!("{:04}", a.last_player), 4, i, Field::PlayerId)?;
            format!("250 {mp:>4} {gp:>4} {fr} {lr} {fp} {lp}")
        }
        Record::ProhibitedPairing(p) => {
            let (first, last) = p.rounds.unwrap_or((1, 999));
            let fr = fit(format!("{first:03}"), 3, i, Field::FirstRound)?;
            let lr = fit(format!("{last:03}"), 3, i, Field::LastRound)?;
            let mut s = format!("260 {fr} {lr}");
            for id in &p.players {
                let id = fit(id.to_string(), 4, i, Field::PlayerId)?;
                let _ = write!(s, " {id:>4}");
            }
            s
        }
        Record::AbnormalPoints(a) => {
            let kind = a.kind.map_or(' ', AbnormalType::to_char);
            let mp = fit(dec(a.match_points), 4, i, Field::PointValue)?;
            let gp = fit(dec(a.points), 4, i, Field::PointValue)?;
            let round = fit(format!("{:03}", a.round.unwrap_or(0)), 3, i, Field::Round)?;
            let mut s = format!("299 {kind}  {mp:>4}  {gp:>4}  {round}");
            for id in &a.players {
                let id = fit(id.to_string(), 4, i, Field::PlayerId)?;
                let _ = write!(s, " {id:>4}");
            }
            s
        }
        Record::Xxc(opts) => {
            let mut s = "XXC".to_string();
            for o in opts {
                let _ = write!(s, " {}", o.token());
            }
            s
        }
        Record::Xxa(a) => {
            let id = fit(a.player.to_string(), 4, i, Field::PlayerId)?;
            let mut s = format!("XXA {id:>4}");
            for v in &a.points {
                let v = fit(v.to_string(), 4, i, Field::PointValue)?;
                let _ = write!(s, " {v:>4}");
            }
            s
        }
        Record::Xxp(ids) | Record::Xxz(ids) => {
            let mut s = if matches!(r, Record::Xxp(_)) {
                "XXP"
            } else {
                "XXZ"
            }
            .to_string();
            for id in ids {
                let _ = write!(s, " {id}");
            }
            s
        }
        Record::Xxs(pairs) => {
            let mut s = "XXS".to_string();
            for (code, v) in pairs {
                let _ = write!(s, " {}={v}", code.code());
            }
            s
        }
        Record::Title(t) => {
            let id = fit(t.player.to_string(), 4, i, Field::PlayerId)?;
            no_break(&t.title, i, Field::Title)?;
            format!("QYT {id:>4} {}", t.title)
        }
        Record::BbPoints { kind, points } => {
            format!("{} {points:>4}", kind.code())
        }
    })
}

fn player_line(p: &PlayerRecord, i: usize) -> Result<String, TrfWriteError> {
    let start = fit(p.start_number.to_string(), 4, i, Field::StartNumber)?;
    let sex = p.sex.map_or(' ', Sex::trf_code);
    let title = fit(p.title.clone().unwrap_or_default(), 3, i, Field::Title)?;
    let name = fit(p.name.clone(), 33, i, Field::Name)?;
    let rating = fit(num(p.rating), 4, i, Field::Rating)?;
    let fed = fit(
        p.federation.clone().unwrap_or_default(),
        3,
        i,
        Field::Federation,
    )?;
    let id = fit(num(p.fide_id), 11, i, Field::FideId)?;
    let birth = fit(
        p.birth_date.clone().unwrap_or_default(),
        10,
        i,
        Field::BirthDate,
    )?;
    let points = fit(dec(p.points), 4, i, Field::Points)?;
    let rank = fit(num(p.rank), 4, i, Field::Rank)?;
    let mut s = format!(
        "001 {start:>4} {sex}{title:>3} {name:<33} {rating:>4} {fed:<3} {id:>11} {birth:<10} {points:>4} {rank:>4}  "
    );
    for (k, e) in p.rounds.iter().enumerate() {
        if e.is_blank() {
            s.push_str("          ");
            continue;
        }
        let round = u16::try_from(k + 1).unwrap_or(u16::MAX);
        let opp = match e.opponent {
            Some(n) => fit(n.to_string(), 4, i, Field::Opponent(round))?,
            None => "0000".to_string(),
        };
        let _ = write!(
            s,
            "{opp:>4} {} {}  ",
            e.colour.to_char(),
            e.result.to_char()
        );
    }
    Ok(s)
}
