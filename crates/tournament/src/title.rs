//! Titles (称号) as players carry them into an event: FIDE's codes (`GM`,
//! `WIM` …), their Chinese names (国际特级大师 …), the Chinese national
//! titles of xiangqi and chess (特级大师, 国家大师 …) and the amateur grades
//! (棋协大师, 一级棋士 …).
//!
//! Two jobs need them: the initial ranking (C.04.3 2026 A.2 / 象棋竞赛规则:
//! rating, then title, then name) needs an order of titles, and the TRF
//! needs the FIDE code (its title field holds three columns: a title with
//! no FIDE equivalent cannot be written there).
//!
//! ```
//! use qiyuan_tournament::title::{fide_code, precedence};
//! assert_eq!(fide_code("国际特级大师"), Some("GM"));
//! assert_eq!(fide_code("wim"), Some("WIM"));
//! // A xiangqi title has no FIDE code.
//! assert_eq!(fide_code("候补大师"), None);
//! // GM before IM before WGM (C.04.3 A.2), any title before none.
//! assert!(precedence(Some("GM")) < precedence(Some("IM")));
//! assert!(precedence(Some("IM")) < precedence(Some("WGM")));
//! assert!(precedence(Some("一级棋士")) < precedence(None));
//! ```

/// Every title the crate knows, best first: (spellings, FIDE code). The
/// order among FIDE titles is C.04.3 (2026) A.2's (GM-IM-WGM-FM-WIM-CM-
/// WFM-WCM); the national titles follow the FIDE title of the same rank
/// where there is one, the national master and amateur grades come after
/// every FIDE title, highest grade first.
const TITLES: &[(&[&str], Option<&str>)] = &[
    (&["GM", "国际特级大师", "特级国际大师"], Some("GM")),
    (&["特级大师", "象棋特级大师", "国家特级大师"], None),
    (&["IM", "国际大师"], Some("IM")),
    (&["大师", "象棋大师"], None),
    (
        &["WGM", "女子国际特级大师", "女子特级国际大师"],
        Some("WGM"),
    ),
    (&["女子特级大师", "象棋女子特级大师"], None),
    (&["FM", "棋联大师", "国际棋联大师"], Some("FM")),
    (&["WIM", "女子国际大师"], Some("WIM")),
    (&["女子大师", "象棋女子大师"], None),
    (&["CM", "候选大师", "国际棋联候选大师"], Some("CM")),
    (&["WFM", "女子棋联大师", "女子国际棋联大师"], Some("WFM")),
    (
        &["WCM", "女子候选大师", "女子国际棋联候选大师"],
        Some("WCM"),
    ),
    (&["NM", "国家大师"], None),
    (&["WNM", "女子国家大师"], None),
    (&["候补大师", "候补国家大师"], None),
    (&["特级棋协大师"], None),
    (&["棋协大师"], None),
    (&["候补棋协大师"], None),
    (&["一级棋士"], None),
    (&["二级棋士"], None),
    (&["三级棋士"], None),
    (&["四级棋士"], None),
    (&["五级棋士"], None),
];

fn find(title: &str) -> Option<usize> {
    let t = title.trim();
    TITLES.iter().position(|(names, _)| {
        names
            .iter()
            .any(|n| n.eq_ignore_ascii_case(t) || (!n.is_ascii() && *n == t))
    })
}

/// The title's place in the initial-ranking order: smaller is better. A
/// known title by its rank in the list above; a title the crate does not
/// know after every known one; no title last.
pub fn precedence(title: Option<&str>) -> usize {
    match title.map(str::trim).filter(|t| !t.is_empty()) {
        None => TITLES.len() + 1,
        Some(t) => find(t).unwrap_or(TITLES.len()),
    }
}

/// The FIDE title code (`GM`, `IM`, `WGM`, `FM`, `WIM`, `CM`, `WFM`,
/// `WCM`) of a title written as its code (any case) or its Chinese name;
/// `None` for a title without a FIDE equivalent.
pub fn fide_code(title: &str) -> Option<&'static str> {
    find(title).and_then(|i| TITLES[i].1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fide_order_of_c04_3_a2() {
        let order = ["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"];
        for pair in order.windows(2) {
            assert!(
                precedence(Some(pair[0])) < precedence(Some(pair[1])),
                "{pair:?}"
            );
        }
        for code in order {
            assert_eq!(fide_code(code), Some(code));
            assert_eq!(fide_code(&code.to_lowercase()), Some(code));
        }
    }

    #[test]
    fn unknown_and_missing_titles() {
        assert_eq!(precedence(Some("Dr.")), TITLES.len());
        assert_eq!(precedence(Some("  ")), precedence(None));
        assert!(precedence(Some("Dr.")) < precedence(None));
        assert_eq!(fide_code("Dr."), None);
    }
}
