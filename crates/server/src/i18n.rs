//! Chinese and English (中文 / English).
//!
//! Every page text is written in both languages at the place it is used:
//! `viewer.lang.t("Standings", "排名")`. The language is chosen by a cookie
//! set at `GET /lang/zh` or `GET /lang/en` (also remembered in the
//! session); without one, the browser's `Accept-Language` decides, and
//! Chinese is the default.

pub use qiyuan_vocab::Lang;
