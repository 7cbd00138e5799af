//! What `qiyuan` says to the person at the terminal — errors, notes,
//! warnings, progress — in their language.
//!
//! The language is chosen once, in `main`, by the rule of the help
//! ([`crate::help::lang`]: `--lang`, `QIYUAN_LANG`, a `zh` locale), and
//! kept for the process like a locale: every message goes through [`t`]
//! or one of the printers below. The errors of the crates below carry
//! their own Chinese (`text(lang)` on each error type); [`error_text`]
//! finds it for an error that reaches the CLI through `?`.
//!
//! Tables and reports are not messages: their language is the command's
//! (`rate --lang`, the input's language for `standings`), chosen where they
//! are written.

use std::error::Error;
use std::sync::OnceLock;

use qiyuan_vocab::Lang;

static LANG: OnceLock<Lang> = OnceLock::new();

/// Fixes the language of every message of this process (once; `main`).
pub fn set_lang(lang: Lang) {
    // A second call (none is made) keeps the first language.
    let _ = LANG.set(lang);
}

/// The language of the messages: English until [`set_lang`].
pub fn lang() -> Lang {
    LANG.get().copied().unwrap_or(Lang::En)
}

/// The message in the user's language.
pub fn t(en: impl Into<String>, zh: impl Into<String>) -> String {
    match lang() {
        Lang::En => en.into(),
        Lang::Zh => zh.into(),
    }
}

/// Prints an error line to stderr: `error: …` / `错误：…`.
pub fn error(message: &str) {
    eprintln!("{}{message}", t("error: ", "错误："));
}

/// A message [`warning`] and [`note`] print: a text already in the user's
/// language (`&str`, `String`), or a typed warning or note of a crate below
/// that words itself (`text(lang)`).
pub trait Said {
    /// The message in `lang`.
    fn said(&self, lang: Lang) -> String;
}

impl Said for str {
    fn said(&self, _: Lang) -> String {
        self.to_string()
    }
}

impl Said for String {
    fn said(&self, _: Lang) -> String {
        self.clone()
    }
}

impl<T: Said + ?Sized> Said for &T {
    fn said(&self, lang: Lang) -> String {
        (**self).said(lang)
    }
}

impl Said for qiyuan_formats::list::ListWarning {
    fn said(&self, lang: Lang) -> String {
        self.text(lang)
    }
}

impl Said for qiyuan_formats::rating_event::TrfNote {
    fn said(&self, lang: Lang) -> String {
        self.text(lang)
    }
}

/// Prints a warning line to stderr: `warning: …` / `警告：…`.
pub fn warning(message: &(impl Said + ?Sized)) {
    let message = message.said(lang());
    eprintln!("{}{message}", t("warning: ", "警告："));
}

/// Prints a note to stderr: `note: …` / `注意：…`.
pub fn note(message: &(impl Said + ?Sized)) {
    let message = message.said(lang());
    eprintln!("{}{message}", t("note: ", "注意："));
}

/// An error of any crate below, in the user's language: the error types
/// that word themselves in Chinese (`text(lang)`) are tried in turn; any
/// other error (the operating system's, a library's) keeps its own words.
pub fn error_text(e: &(dyn Error + 'static)) -> String {
    let lang = lang();
    macro_rules! worded {
        ($($ty:ty),* $(,)?) => {
            $(
                if let Some(e) = e.downcast_ref::<$ty>() {
                    return e.text(lang);
                }
            )*
        };
    }
    worded!(
        qiyuan_rating::profile::ProfileError,
        qiyuan_rating::model::EventError,
        qiyuan_rating::event::RateError,
        qiyuan_rating::online::OnlineError,
        qiyuan_rating::period::PeriodError,
        qiyuan_rating::period::CalendarError,
        qiyuan_rating::period::ListError,
        qiyuan_tournament::model::ModelError,
        qiyuan_tournament::standings::StandingsError,
        qiyuan_tournament::tiebreak::TieBreakParseError,
        qiyuan_tournament::team::TeamError,
        qiyuan_tournament::knockout::KnockoutError,
        qiyuan_xiangqi::NotationError,
        qiyuan_xiangqi::FenError,
        qiyuan_xiangqi::IllegalMove,
        qiyuan_chess::SanError,
        qiyuan_chess::MoveError,
        qiyuan_chess::FenError,
        qiyuan_swiss::PairingError,
        qiyuan_swiss::generator::ConfigError,
        qiyuan_formats::event::EventFileError,
        qiyuan_formats::trf::TrfError,
        qiyuan_formats::trf::TrfWriteError,
        qiyuan_formats::trf_model::TrfModelError,
        qiyuan_formats::trf_swiss::TrfSwissError,
        qiyuan_formats::rating_event::TrfEventError,
        qiyuan_formats::rating_event::IdMapError,
        qiyuan_formats::pgn::PgnError,
        qiyuan_formats::pgn::xiangqi::XiangqiPgnError,
        qiyuan_formats::xqf::XqfError,
        qiyuan_formats::xqf::XqfWriteError,
        qiyuan_formats::text::DecodeError,
        qiyuan_formats::sheet::SheetError,
        qiyuan_formats::list::ListFileError,
        qiyuan_formats::columns::DuplicateColumn,
        qiyuan_formats::points_state::StateError,
        qiyuan_desk::DeskError,
        qiyuan_desk::settings::SettingsError,
        qiyuan_desk::import::ImportError,
        qiyuan_store::StoreError,
        qiyuan_store::points::PointsError,
    );
    if let Some(io) = e.downcast_ref::<std::io::Error>() {
        return qiyuan_vocab::io_error_text(io, lang);
    }
    e.to_string()
}

/// The error and its causes in the user's language, each said once: many
/// errors already quote their cause in their own message, and printing the
/// chain would repeat it.
pub fn chain_text(err: &anyhow::Error) -> String {
    let mut text = error_text(err.as_ref());
    for cause in err.chain().skip(1) {
        let cause = error_text(cause);
        if !text.contains(&cause) {
            text.push_str(t(": ", "：").as_str());
            text.push_str(&cause);
        }
    }
    text
}
