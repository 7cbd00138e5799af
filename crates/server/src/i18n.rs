//! Chinese and English (中文 / English).
//!
//! Every page text is written in both languages at the place it is used:
//! `viewer.lang.t("Standings", "排名")`. The language is chosen by a cookie
//! set at `GET /lang/zh` or `GET /lang/en` (also remembered in the
//! session); without one, the browser's `Accept-Language` decides, and
//! Chinese is the default.

use serde::{Deserialize, Serialize};

/// A language of the interface.
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
    /// use qiyuan_server::i18n::Lang;
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
    pub fn pick<T>(self, en: T, zh: T) -> T {
        match self {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }

    /// `zh` or `en`: the code in URLs, cookies and `<html lang>`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::En => "en",
        }
    }

    /// The language of a code (`zh`, `en`, case-insensitive, region ignored).
    ///
    /// ```
    /// use qiyuan_server::i18n::Lang;
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
    /// use qiyuan_server::i18n::Lang;
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
