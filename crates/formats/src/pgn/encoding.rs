//! Text encodings of game files: UTF-8, and GBK or Big5 for Chinese xiangqi files.

use std::borrow::Cow;

/// The encoding a file was read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TextEncoding {
    /// UTF-8 (ASCII included), with or without byte-order mark.
    Utf8,
    /// GBK / GB18030 (simplified Chinese; xqbase files).
    Gbk,
    /// Big5 (traditional Chinese; Taiwan and Hong Kong files).
    Big5,
}

/// Characters frequent in Chinese game files, for telling GBK from Big5 when
/// both decode without error: the wrong guess yields rare characters.
const FREQUENT: &str = "车马炮进退平兵卒将帅士仕相象车馬砲包進後帥將士象前后中一二三四五六七八九红黑紅和胜負负勝赛賽年月日局棋中国國全杯隊队甲第轮輪";

fn score(s: &str) -> usize {
    s.chars().filter(|c| FREQUENT.contains(*c)).count()
}

/// Decodes file bytes: UTF-8 if valid (a BOM is removed), otherwise GBK or
/// Big5, whichever decodes without error and reads as more plausible text.
/// Undecodable bytes become U+FFFD.
///
/// ```
/// use qiyuan_formats::pgn::{decode, TextEncoding};
/// // 炮二平五 in GBK.
/// let (s, enc) = decode(&[0xC5, 0xDA, 0xB6, 0xFE, 0xC6, 0xBD, 0xCE, 0xE5]);
/// assert_eq!((s.as_ref(), enc), ("炮二平五", TextEncoding::Gbk));
/// ```
pub fn decode(bytes: &[u8]) -> (Cow<'_, str>, TextEncoding) {
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(s) = std::str::from_utf8(body) {
        return (Cow::Borrowed(s), TextEncoding::Utf8);
    }
    let gbk = encoding_rs::GB18030.decode_without_bom_handling_and_without_replacement(bytes);
    let big5 = encoding_rs::BIG5.decode_without_bom_handling_and_without_replacement(bytes);
    match (gbk, big5) {
        (Some(g), None) => (g, TextEncoding::Gbk),
        (None, Some(b)) => (b, TextEncoding::Big5),
        (Some(g), Some(b)) => {
            if score(&b) > score(&g) {
                (b, TextEncoding::Big5)
            } else {
                (g, TextEncoding::Gbk)
            }
        }
        (None, None) => {
            let (g, _) = encoding_rs::GB18030.decode_without_bom_handling(bytes);
            let (b, _) = encoding_rs::BIG5.decode_without_bom_handling(bytes);
            let bad = |s: &str| s.chars().filter(|&c| c == '\u{FFFD}').count();
            if bad(&b) < bad(&g) {
                (b, TextEncoding::Big5)
            } else {
                (g, TextEncoding::Gbk)
            }
        }
    }
}
