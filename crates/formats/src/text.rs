//! Text files in the encodings people save them in: UTF-8 (with or without
//! a byte-order mark), and — what Chinese Excel and WPS write — GBK /
//! GB18030, or Big5 for traditional-character files. A file that is not
//! UTF-8 is read as Chinese when it reads as Chinese (so a GBK file of
//! three names is read as reliably as a long one), else in the encoding
//! `chardetng` (the detector of Firefox) finds.
//!
//! ```
//! use qiyuan_formats::text::decode;
//! // 姓名 in GBK, then in Big5.
//! assert_eq!(decode(&[0xD0, 0xD5, 0xC3, 0xFB]).unwrap().text, "姓名");
//! let big5 = decode(&[0xA9, 0x6D, 0xA6, 0x57, 0x2C, 0xB3, 0xE6, 0xA6, 0xEC]).unwrap();
//! assert_eq!((big5.text.as_ref(), big5.encoding), ("姓名,單位", "Big5"));
//! assert_eq!(decode("\u{FEFF}id".as_bytes()).unwrap().encoding, "UTF-8");
//! ```

use std::borrow::Cow;

use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};
use qiyuan_rating::Lang;

/// A file's text and the encoding it was read in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded<'a> {
    /// The text, without a byte-order mark.
    pub text: Cow<'a, str>,
    /// The WHATWG name: `UTF-8`, `gb18030` (GBK's superset, which reads
    /// every GBK file), `Big5`, or the detector's other answer
    /// (`windows-1252` for a Latin file saved by an old Excel).
    pub encoding: &'static str,
}

/// The bytes are no text in any encoding the detector knows, or decode
/// with errors in the one it chose.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "the file is not text in UTF-8, GBK/GB18030 or Big5 (read as {guess}, {bad} bytes are not valid); save it as UTF-8 CSV"
)]
pub struct DecodeError {
    /// The encoding the detector chose.
    pub guess: &'static str,
    /// Bytes that did not decode.
    pub bad: usize,
}

impl DecodeError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    ///
    /// ```
    /// use qiyuan_formats::text::DecodeError;
    /// use qiyuan_rating::Lang;
    /// let e = DecodeError { guess: "Big5", bad: 3 };
    /// assert_eq!(e.text(Lang::Zh), "文件不是 UTF-8、GBK/GB18030 或 Big5 编码的文本（按 Big5 读取时有 3 个字节无效）；请另存为 UTF-8 CSV");
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => format!(
                "文件不是 UTF-8、GBK/GB18030 或 Big5 编码的文本（按 {} 读取时有 {} 个字节无效）；请另存为 UTF-8 CSV",
                self.guess, self.bad
            ),
        }
    }
}

/// Characters frequent in Chinese player lists and game files — surnames,
/// the headers and words of lists, the pieces and moves — in simplified and
/// traditional form: the wrong one of GBK and Big5 turns them into rare
/// characters.
const FREQUENT: &str = "王李张張刘劉陈陳杨楊赵趙黄黃周吴吳徐孙孫胡朱高林何郭马馬罗羅梁宋郑鄭谢謝\
    韩韓唐冯馮于董萧蕭程曹袁邓鄧许許傅沈曾彭吕呂苏蘇卢盧蒋蔣蔡贾賈丁魏薛叶葉余潘杜戴夏钟鍾\
    汪田任姜范方石姚谭譚廖邹鄒熊金陆陸孔白崔康毛邱秦江史顾顧侯邵孟龙龍万萬段雷钱錢汤湯尹黎\
    易常武贺賀赖賴龚龔文甲乙丙伟偉芳娜敏静靜丽麗强強磊军軍洋勇艳豔杰傑娟涛濤明超秀霞平刚剛\
    编號号號姓名性别別单單位等级級分男女棋手名册冊状狀态態有效局数數最高出生年份称稱大师師\
    车車马炮进進退平兵卒将將帅帥士仕相象后後前中一二三四五六七八九红紅黑和胜勝负負赛賽月日队隊第轮輪";

fn frequency(s: &str) -> usize {
    s.chars().filter(|c| FREQUENT.contains(*c)).count()
}

/// Whether a CJK decoding looks like Chinese text: no ideograph inside a
/// Latin word (a Latin-1 `Müller` read as GBK gives `M` + ideograph + `ller`).
fn reads_as_chinese(s: &str) -> bool {
    let chars: Vec<char> = s.chars().collect();
    let latin = |c: char| c.is_ascii_alphabetic();
    chars.windows(3).all(|w| {
        let ideograph = !w[1].is_ascii() && w[1].is_alphabetic();
        !(ideograph && latin(w[0]) && latin(w[2]))
    })
}

/// Decodes a text file: UTF-8 when it is valid UTF-8; else the Chinese
/// encoding (GB18030, which reads every GBK file, or Big5) that decodes it
/// without error and reads as Chinese — the more plausible of the two by
/// frequent characters, GB18030 on a tie; else the detector's guess (a
/// Latin file saved by an old Excel). A short Chinese list (three names)
/// gives a detector too little to go on, so the Chinese encodings are
/// tried first.
pub fn decode(bytes: &[u8]) -> Result<Decoded<'_>, DecodeError> {
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(s) = std::str::from_utf8(body) {
        return Ok(Decoded {
            text: Cow::Borrowed(s),
            encoding: "UTF-8",
        });
    }
    let chinese = [encoding_rs::GB18030, encoding_rs::BIG5].map(|enc| {
        enc.decode_without_bom_handling_and_without_replacement(bytes)
            .filter(|t| reads_as_chinese(t))
            .map(|t| (frequency(&t), t, enc))
    });
    let best = match chinese {
        [Some(g), Some(b)] => Some(if b.0 > g.0 { b } else { g }),
        [Some(x), None] | [None, Some(x)] => Some(x),
        [None, None] => None,
    };
    if let Some((_, text, enc)) = best {
        return Ok(Decoded {
            text,
            encoding: enc.name(),
        });
    }
    let mut detector = EncodingDetector::new(Iso2022JpDetection::Deny);
    detector.feed(bytes, true);
    let mut encoding = detector.guess(None, Utf8Detection::Deny);
    if encoding == encoding_rs::GBK {
        encoding = encoding_rs::GB18030;
    }
    match encoding.decode_without_bom_handling_and_without_replacement(bytes) {
        Some(text) => Ok(Decoded {
            text,
            encoding: encoding.name(),
        }),
        None => {
            let (text, _) = encoding.decode_without_bom_handling(bytes);
            Err(DecodeError {
                guess: encoding.name(),
                bad: text.chars().filter(|&c| c == '\u{FFFD}').count(),
            })
        }
    }
}

/// A cell as a spreadsheet may open it without running it: text that a
/// spreadsheet would read as a formula (it begins with `=`, `+`, `-`, `@`,
/// a tab or a carriage return) gets a leading `'`, which spreadsheets show
/// as nothing and which makes the cell text. Numbers (`-1.5`, `+3`) are
/// left as they are. Text that already begins with `'` before such a start
/// (`'=x`) gets one more, so that [`spreadsheet_unescape`] gives back
/// exactly the text written, whatever it was.
///
/// ```
/// use qiyuan_formats::text::spreadsheet_safe;
/// assert_eq!(spreadsheet_safe("=HYPERLINK(\"http://x\")"), "'=HYPERLINK(\"http://x\")");
/// assert_eq!(spreadsheet_safe("@SUM(A1)"), "'@SUM(A1)");
/// assert_eq!(spreadsheet_safe("-1.5"), "-1.5");
/// assert_eq!(spreadsheet_safe("王天一"), "王天一");
/// assert_eq!(spreadsheet_safe("'=x"), "''=x");
/// assert_eq!(spreadsheet_safe("'Hare"), "'Hare");
/// ```
pub fn spreadsheet_safe(cell: &str) -> std::borrow::Cow<'_, str> {
    if needs_quote(cell) {
        std::borrow::Cow::Owned(format!("'{cell}"))
    } else {
        std::borrow::Cow::Borrowed(cell)
    }
}

/// Whether [`spreadsheet_safe`] quotes `cell`: after any `'`s, it would
/// be read as a formula (and is not a number).
fn needs_quote(cell: &str) -> bool {
    let t = cell.trim_start_matches('\'');
    t.starts_with(['=', '+', '-', '@', '\t', '\r']) && t.trim().parse::<f64>().is_err()
}

/// A cell written by [`spreadsheet_safe`] as it was before: the one `'`
/// it added taken off, anything else left alone — so that
/// `spreadsheet_unescape(&spreadsheet_safe(s)) == s` for every `s`.
///
/// ```
/// use qiyuan_formats::text::{spreadsheet_safe, spreadsheet_unescape};
/// assert_eq!(spreadsheet_unescape("'=HYPERLINK(\"http://x\")"), "=HYPERLINK(\"http://x\")");
/// assert_eq!(spreadsheet_unescape("'-李"), "-李");
/// assert_eq!(spreadsheet_unescape("-1.5"), "-1.5");
/// assert_eq!(spreadsheet_unescape("'Hare"), "'Hare");
/// for s in ["=1+1", "'=1+1", "''@x", "-李", "'", "-3", "'-3", "王天一"] {
///     assert_eq!(spreadsheet_unescape(&spreadsheet_safe(s)), s);
/// }
/// ```
pub fn spreadsheet_unescape(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if needs_quote(rest) => rest,
        _ => cell,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_names_in_gbk_and_a_latin_list() {
        // 甲 乙 丙 in GBK: BC D7, D2 D2, B1 FB.
        let d = decode(b"id,name\n1,\xbc\xd7\n2,\xd2\xd2\n3,\xb1\xfb\n").unwrap();
        assert_eq!(d.text, "id,name\n1,甲\n2,乙\n3,丙\n");
        let (latin, _, _) = encoding_rs::WINDOWS_1252.encode("id,name\n1,Müller\n2,Ramírez\n");
        let d = decode(&latin).unwrap();
        assert_eq!(d.text, "id,name\n1,Müller\n2,Ramírez\n");
    }

    #[test]
    fn short_chinese_lists_in_gbk_and_big5() {
        let simplified = "编号,姓名,性别,单位\n1,王天一,男,杭州\n2,唐丹,女,北京\n";
        let (gbk, _, _) = encoding_rs::GBK.encode(simplified);
        let d = decode(&gbk).unwrap();
        assert_eq!((d.text.as_ref(), d.encoding), (simplified, "gb18030"));
        let traditional = "編號,姓名,性別,單位\n1,王天一,男,杭州\n";
        let (big5, _, _) = encoding_rs::BIG5.encode(traditional);
        let d = decode(&big5).unwrap();
        assert_eq!((d.text.as_ref(), d.encoding), (traditional, "Big5"));
    }
}
