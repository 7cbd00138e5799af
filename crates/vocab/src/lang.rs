//! The two languages of every text a user reads ([`Lang`]).

use serde::{Deserialize, Serialize};

/// A language of the interface and of every text a user reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// 中文 (the default).
    #[default]
    Zh,
    /// English.
    En,
}

impl Lang {
    /// Picks the text of this language.
    ///
    /// ```
    /// use qiyuan_vocab::Lang;
    /// assert_eq!(Lang::Zh.t("Standings", "排名"), "排名");
    /// assert_eq!(Lang::En.t("Standings", "排名"), "Standings");
    /// ```
    pub fn t(self, en: &'static str, zh: &'static str) -> &'static str {
        match self {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }

    /// Like [`Lang::t`] for owned or formatted text.
    ///
    /// ```
    /// use qiyuan_vocab::Lang;
    /// assert_eq!(Lang::En.pick(format!("{} rounds", 7), format!("{} 轮", 7)), "7 rounds");
    /// ```
    pub fn pick<T>(self, en: T, zh: T) -> T {
        match self {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }

    /// The language a reader takes texts to be in: Chinese when any of them
    /// holds a Chinese character (the CJK Unified Ideographs, with
    /// extension A), English otherwise — how a command picks its headers
    /// from its input (an English TRF gets English headers).
    ///
    /// ```
    /// use qiyuan_vocab::Lang;
    /// assert_eq!(Lang::of_texts(["Open 2026", "Yang, Fan"]), Lang::En);
    /// assert_eq!(Lang::of_texts(["Open 2026", "王天一"]), Lang::Zh);
    /// assert_eq!(Lang::of_texts([""; 0]), Lang::En);
    /// ```
    pub fn of_texts<'a>(texts: impl IntoIterator<Item = &'a str>) -> Lang {
        let han = |c: char| matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}');
        if texts.into_iter().any(|t| t.chars().any(han)) {
            Lang::Zh
        } else {
            Lang::En
        }
    }

    /// `zh` or `en`: the code in URLs, cookies, files and `<html lang>`.
    ///
    /// ```
    /// assert_eq!(qiyuan_vocab::Lang::En.code(), "en");
    /// ```
    pub fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::En => "en",
        }
    }

    /// The language of a code (`zh`, `en`, case-insensitive, region ignored).
    ///
    /// ```
    /// use qiyuan_vocab::Lang;
    /// assert_eq!(Lang::from_code("zh-CN"), Some(Lang::Zh));
    /// assert_eq!(Lang::from_code("EN"), Some(Lang::En));
    /// assert_eq!(Lang::from_code("fr"), None);
    /// ```
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.trim().split(['-', '_']).next().unwrap_or("");
        if primary.eq_ignore_ascii_case("zh") {
            Some(Lang::Zh)
        } else if primary.eq_ignore_ascii_case("en") {
            Some(Lang::En)
        } else {
            None
        }
    }

    /// The language a browser prefers by its `Accept-Language` header: the
    /// Chinese or English tag of highest quality (earlier wins a tie);
    /// English when the header names only other languages, Chinese when
    /// there is no header.
    ///
    /// ```
    /// use qiyuan_vocab::Lang;
    /// assert_eq!(Lang::from_accept_language(Some("en-US,en;q=0.9,zh;q=0.8")), Lang::En);
    /// assert_eq!(Lang::from_accept_language(Some("fr;q=0.9,zh-TW;q=0.5")), Lang::Zh);
    /// assert_eq!(Lang::from_accept_language(Some("de")), Lang::En);
    /// assert_eq!(Lang::from_accept_language(None), Lang::Zh);
    /// ```
    pub fn from_accept_language(header: Option<&str>) -> Lang {
        let Some(header) = header else {
            return Lang::Zh;
        };
        let mut best: Option<(f32, Lang)> = None;
        for item in header.split(',') {
            let mut parts = item.split(';');
            let tag = parts.next().unwrap_or("");
            let q = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .and_then(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            if let Some(lang) = Lang::from_code(tag)
                && q > 0.0
                && best.is_none_or(|(bq, _)| q > bq)
            {
                best = Some((q, lang));
            }
        }
        best.map_or(Lang::En, |(_, l)| l)
    }
}
