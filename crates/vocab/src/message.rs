//! The words of messages: a sentence in both languages ([`Message`]),
//! an operating-system error in Chinese ([`io_error_text`]), and the checks
//! every crate's tests make of their Chinese ([`check_message`],
//! [`english_phrases`]).

use serde::{Deserialize, Serialize};

use crate::Lang;

/// A sentence in both languages, written together where it is made: the
/// reason of a refusal, a note. The way a crate carries words that no code
/// or figure can be turned into Chinese from: the English is never read
/// back to find its Chinese. Its `Display` is the English.
///
/// ```
/// use qiyuan_vocab::{Lang, Message};
/// let m = Message::new("no round is paired", "尚未编排任何一轮");
/// assert_eq!(m.to_string(), "no round is paired");
/// assert_eq!(m.text(Lang::Zh), "尚未编排任何一轮");
/// let n = 3;
/// let m = Message::from_fn(|lang| lang.pick(format!("{n} rounds"), format!("{n} 轮")));
/// assert_eq!(m.text(Lang::Zh), "3 轮");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Message {
    en: String,
    zh: String,
}

impl Message {
    /// The English and the Chinese of one sentence.
    pub fn new(en: impl Into<String>, zh: impl Into<String>) -> Message {
        Message {
            en: en.into(),
            zh: zh.into(),
        }
    }

    /// The sentence made in each language by `words` (a typed value's
    /// `text(lang)`, or a `format!` per language).
    pub fn from_fn(words: impl Fn(Lang) -> String) -> Message {
        Message {
            en: words(Lang::En),
            zh: words(Lang::Zh),
        }
    }

    /// The sentence in `lang`.
    #[must_use]
    pub fn text(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Zh => &self.zh,
        }
    }

    /// The English (the `Display`).
    #[must_use]
    pub fn en(&self) -> &str {
        &self.en
    }
}

impl std::fmt::Display for Message {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.en)
    }
}

impl PartialEq<str> for Message {
    /// Whether the English is `other`.
    fn eq(&self, other: &str) -> bool {
        self.en == other
    }
}

impl PartialEq<&str> for Message {
    /// Whether the English is `other`.
    fn eq(&self, other: &&str) -> bool {
        self.en == *other
    }
}

impl PartialEq<String> for Message {
    /// Whether the English is `other`.
    fn eq(&self, other: &String) -> bool {
        self.en == *other
    }
}

/// An operating-system error (a file not found, no permission, a full
/// disk) in `lang`: the common kinds in Chinese, any other kind in the
/// system's own words. [`Lang::En`] is the error's `Display`.
///
/// ```
/// use qiyuan_vocab::{io_error_text, Lang};
/// let e = std::io::Error::from(std::io::ErrorKind::NotFound);
/// assert_eq!(io_error_text(&e, Lang::Zh), "文件或目录不存在");
/// assert_eq!(io_error_text(&e, Lang::En), e.to_string());
/// ```
#[must_use]
pub fn io_error_text(e: &std::io::Error, lang: Lang) -> String {
    use std::io::ErrorKind as K;
    let zh = match e.kind() {
        K::NotFound => "文件或目录不存在",
        K::PermissionDenied => "没有访问权限",
        K::AlreadyExists => "文件已存在",
        K::InvalidData => "内容无效（例如不是 UTF-8 文本）",
        K::IsADirectory => "这是一个目录，不是文件",
        K::NotADirectory => "路径中有一部分不是目录",
        K::StorageFull => "磁盘已满",
        K::ReadOnlyFilesystem => "文件系统只读",
        K::UnexpectedEof => "文件意外结束",
        _ => return e.to_string(),
    };
    match lang {
        Lang::En => e.to_string(),
        Lang::Zh => zh.to_string(),
    }
}

/// Whether the two texts of one message agree: `en` is the English
/// `display` (an error's `Display`), `zh` has no English phrase
/// ([`english_phrases`]) and holds each of `figures` (the numbers, names
/// and fields the English gives). The one check every crate's tests make
/// of its messages; the error says what is wrong.
///
/// ```
/// use qiyuan_vocab::{check_message, digit_runs};
/// let en = "line 3: rating 27x6 is not a number";
/// let zh = "第 3 行：等级分“27x6”不是数字";
/// assert_eq!(check_message(en, en, zh, &digit_runs(en)), Ok(()));
/// assert!(check_message(en, en, "第 3 行：rating is not valid", &[]).is_err());
/// ```
///
/// # Errors
/// A description of the first disagreement found.
pub fn check_message(display: &str, en: &str, zh: &str, figures: &[&str]) -> Result<(), String> {
    if en != display {
        return Err(format!("the English {en:?} is not the Display {display:?}"));
    }
    let english = english_phrases(zh);
    if !english.is_empty() {
        return Err(format!("the Chinese {zh:?} has English: {english:?}"));
    }
    match figures.iter().find(|f| !zh.contains(*f)) {
        Some(f) => Err(format!("the Chinese {zh:?} lacks {f:?} (English {en:?})")),
        None => Ok(()),
    }
}

/// The runs of digits of a text: the figures an English message names,
/// which its Chinese must name too ([`check_message`]).
///
/// ```
/// assert_eq!(qiyuan_vocab::digit_runs("line 12, column 4"), ["12", "4"]);
/// ```
#[must_use]
pub fn digit_runs(text: &str) -> Vec<&str> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|f| !f.is_empty())
        .collect()
}

/// The English phrases in a text meant to be Chinese: runs of three or
/// more English words (joined by one space), which a Chinese reader should
/// never meet.
///
/// A word is two or more ASCII letters with at least one lower-case
/// letter; words joined by spaces and the punctuation of a sentence (`,`
/// `;` `:` `-` `'` `(` `)`) make a run. Anything else ends a run: a Chinese
/// character, a digit, a code in capitals (`TRF`, `FEN`), an option
/// (`--dutch`), a path's `/` or `.`. Text between backticks is a field name or a code the user types,
/// and is not read. Every crate's tests hold its Chinese messages to this
/// (each error's `text(Lang::Zh)`), and the CLI's tests its output.
///
/// ```
/// use qiyuan_vocab::english_phrases;
/// assert!(english_phrases("第 3 行，字段 `rating`：不是数字").is_empty());
/// assert!(english_phrases("/tmp/abc/event.trf：TRF 第 001 行").is_empty());
/// assert_eq!(
///     english_phrases("第 3 行：the rating is not valid"),
///     ["the rating is not valid"]
/// );
/// ```
#[must_use]
pub fn english_phrases(text: &str) -> Vec<String> {
    let mut phrases = Vec::new();
    let mut run: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut in_code = false;
    // The character before the current one, and whether the current word
    // follows a `-` (an option: `--lang`, `-o`).
    let (mut previous, mut option) = (' ', false);
    let end_run = |run: &mut Vec<String>, phrases: &mut Vec<String>| {
        if run.len() >= 3 {
            phrases.push(run.join(" "));
        }
        run.clear();
    };
    for c in text.chars().chain(std::iter::once('\u{0}')) {
        if c == '`' {
            in_code = !in_code;
            word.clear();
            end_run(&mut run, &mut phrases);
            continue;
        }
        if in_code {
            continue;
        }
        if c.is_ascii_alphabetic() {
            if word.is_empty() {
                option = previous == '-';
            }
            word.push(c);
            previous = c;
            continue;
        }
        let keeps_run = c == ' ' || ",;:-'()".contains(c);
        let w = std::mem::take(&mut word);
        previous = c;
        if w.len() >= 2
            && w.chars().any(|c| c.is_ascii_lowercase())
            && !c.is_ascii_digit()
            && !option
        {
            run.push(w);
        } else if !w.is_empty() {
            // A code in capitals, a single letter, letters glued to a
            // digit, an option (`--dutch`).
            end_run(&mut run, &mut phrases);
        }
        if !keeps_run {
            end_run(&mut run, &mut phrases);
        }
    }
    phrases
}

#[cfg(test)]
mod tests {
    use super::english_phrases;

    #[test]
    fn english_phrases_finds_sentences_not_codes() {
        assert_eq!(
            english_phrases("error: the file, line 3: cannot read"),
            ["error the file line"]
        );
        assert_eq!(
            english_phrases("TRF FEN PGN 第 3 行 r1 abc1 x y z"),
            Vec::<String>::new()
        );
        assert_eq!(
            english_phrases("`the field name here` 有误"),
            Vec::<String>::new()
        );
        assert_eq!(
            english_phrases("全部 the rating is 不对"),
            ["the rating is"]
        );
    }
}
