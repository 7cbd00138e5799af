//! What an account's name and password must be (issue: look-alike names,
//! `12345678` accepted):
//!
//! - a **username** is taken in Unicode NFKC form (full-width `ａ` is `a`),
//!   trimmed, 1 to 64 characters, with no control or invisible character
//!   (zero-width spaces, bidirectional marks, the BOM); two names that
//!   differ only in letter case count as the same name;
//! - a **password** has at least [`MIN_PASSWORD`] characters, is not the
//!   username (nor contains it), not one character repeated, and not on the
//!   list of the commonest passwords (`data/common-passwords.txt`).
//!
//! ```
//! use qiyuan_server::credentials::{normalize_username, check_password};
//! assert_eq!(normalize_username(" ｗａｎｇ ").unwrap(), "wang");
//! assert!(normalize_username("wa\u{200b}ng").is_err());
//! assert!(check_password("wang", "12345678").is_err());
//! assert!(check_password("wang", "wang2024!").is_err());
//! assert!(check_password("wang", "red horse on e5").is_ok());
//! ```

use unicode_normalization::UnicodeNormalization;

/// Shortest password accepted.
pub const MIN_PASSWORD: usize = 8;
/// Longest username accepted, in characters.
pub const MAX_USERNAME: usize = 64;
/// Longest password accepted, in bytes (argon2 takes any length; a bound
/// keeps one request from hashing megabytes).
pub const MAX_PASSWORD_BYTES: usize = 1024;

/// Why a name or password is refused, in English and Chinese.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The English sentence.
    pub en: String,
    /// The Chinese sentence.
    pub zh: String,
}

fn refuse(en: impl Into<String>, zh: impl Into<String>) -> Refusal {
    Refusal {
        en: en.into(),
        zh: zh.into(),
    }
}

/// Whether `c` is invisible or changes the direction of text: format
/// characters (Unicode category Cf: zero-width space and joiners, bidi
/// controls, the BOM …) and the other blanks that look like nothing.
pub fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}'
        | '\u{FFA0}' | '\u{FFF0}'..='\u{FFF8}' | '\u{E0000}'..='\u{E007F}')
}

/// The username as stored and compared: NFKC, trimmed; refused when empty,
/// too long, or holding a control or invisible character.
///
/// # Errors
/// The [`Refusal`] saying what is wrong.
pub fn normalize_username(typed: &str) -> Result<String, Refusal> {
    let name: String = typed.nfkc().collect::<String>().trim().to_string();
    let count = name.chars().count();
    if count == 0 || count > MAX_USERNAME {
        return Err(refuse(
            format!("The username must have 1 to {MAX_USERNAME} characters."),
            format!("用户名须为 1 至 {MAX_USERNAME} 个字符。"),
        ));
    }
    if name.chars().any(|c| c.is_control() || is_invisible(c)) {
        return Err(refuse(
            "The username must not contain control or invisible characters.",
            "用户名不能包含控制字符或不可见字符。",
        ));
    }
    Ok(name)
}

/// The form two usernames are compared in: lower case of the NFKC form.
pub fn username_key(name: &str) -> String {
    name.nfkc().collect::<String>().trim().to_lowercase()
}

fn common_passwords() -> &'static std::collections::HashSet<String> {
    static LIST: std::sync::OnceLock<std::collections::HashSet<String>> =
        std::sync::OnceLock::new();
    LIST.get_or_init(|| {
        include_str!("../data/common-passwords.txt")
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_lowercase)
            .collect()
    })
}

/// Checks a new password for the account `username`.
///
/// # Errors
/// The [`Refusal`] saying what is wrong.
pub fn check_password(username: &str, password: &str) -> Result<(), Refusal> {
    if password.chars().count() < MIN_PASSWORD {
        return Err(refuse(
            format!("The password must have at least {MIN_PASSWORD} characters."),
            format!("密码至少需要 {MIN_PASSWORD} 个字符。"),
        ));
    }
    if password.len() > MAX_PASSWORD_BYTES {
        return Err(refuse(
            format!("The password must have at most {MAX_PASSWORD_BYTES} bytes."),
            format!("密码最长 {MAX_PASSWORD_BYTES} 字节。"),
        ));
    }
    let folded = username_key(password);
    let user = username_key(username);
    if !user.is_empty() && folded.contains(&user) {
        return Err(refuse(
            "The password must not contain the username.",
            "密码不能包含用户名。",
        ));
    }
    let mut chars = folded.chars();
    let first = chars.next();
    if chars.all(|c| Some(c) == first) {
        return Err(refuse(
            "The password must not be one character repeated.",
            "密码不能由同一个字符重复组成。",
        ));
    }
    if common_passwords().contains(&folded) {
        return Err(refuse(
            "This password is one of the commonest ones and is guessed first: choose another.",
            "该密码属于最常见的密码，极易被猜中：请另选一个。",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_issue_s_passwords_are_refused() {
        // Issue 12, defect 6: "passwords like `12345678` or the username
        // itself accepted".
        assert!(check_password("arbiter", "12345678").is_err());
        assert!(check_password("arbiter1", "arbiter1").is_err());
        assert!(check_password("Arbiter1", "ARBITER1").is_err());
        assert!(check_password("wang", "１２３４５６７８").is_err());
        assert!(check_password("wang", "aaaaaaaaaa").is_err());
        assert!(check_password("wang", "Password").is_err());
        assert!(check_password("wang", "short").is_err());
        assert!(check_password("wang", "象棋裁判长王先生").is_ok());
    }

    #[test]
    fn look_alike_names_fold_together() {
        assert_eq!(username_key("ＡＤＭＩＮ"), username_key("admin"));
        assert!(normalize_username("\u{202e}nimda").is_err());
        assert!(normalize_username("ad\u{feff}min").is_err());
        assert!(normalize_username("a\nb").is_err());
        assert_eq!(normalize_username("王 裁判").unwrap(), "王 裁判");
    }
}
