//! Names in the order people look them up: Chinese names by pinyin (the
//! default Chinese collation of the Unicode CLDR, as dictionaries and hall
//! lists order them) or by strokes, Latin names alphabetically — never by
//! code point, which puts 何 before 冯 before 司 before 吕.
//!
//! The collation data is compiled into the binary (ICU4X, `icu_collator`):
//! no file, no global state; a [`NameOrder`] is made where a list is sorted.
//!
//! ```
//! use qiyuan_tournament::names::{NameOrder, Order};
//! let order = NameOrder::new(Order::Pinyin);
//! let mut names = vec!["何", "冯", "司", "吕"];
//! names.sort_by(|a, b| order.compare(a, b));
//! // he, feng, si, lü → feng, he, lü, si
//! assert_eq!(names, ["冯", "何", "吕", "司"]);
//! ```

use std::cmp::Ordering;

use icu_collator::options::CollatorOptions;
use icu_collator::{Collator, CollatorBorrowed};
use icu_locale_core::Locale;
use serde::{Deserialize, Serialize};

/// Which order of Chinese names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    /// By pinyin (拼音), as dictionaries and most lists order names.
    #[default]
    Pinyin,
    /// By strokes (笔画), as official Chinese lists order names
    /// (按姓氏笔画为序): by the number of strokes of the first character,
    /// characters of as many strokes in the order of the Unicode CLDR's
    /// stroke collation (in code point order, bar a few characters such
    /// as 尹, which CLDR puts first among those of four strokes), then the
    /// next character the same way.
    Stroke,
}

impl Order {
    /// Both orders, the default first.
    pub const ALL: [Order; 2] = [Order::Pinyin, Order::Stroke];

    /// `pinyin` or `stroke`: the code in settings and forms.
    pub fn code(self) -> &'static str {
        match self {
            Order::Pinyin => "pinyin",
            Order::Stroke => "stroke",
        }
    }

    /// The order of a code as [`Order::code`] writes it.
    pub fn from_code(code: &str) -> Option<Order> {
        Order::ALL.into_iter().find(|o| o.code() == code.trim())
    }

    /// The default, pinyin (what settings saved before the option read as).
    pub fn is_pinyin(&self) -> bool {
        *self == Order::Pinyin
    }
}

/// Compares names in an [`Order`]; Latin names sort alphabetically in
/// either order.
pub struct NameOrder {
    collator: CollatorBorrowed<'static>,
}

impl std::fmt::Debug for NameOrder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NameOrder")
    }
}

impl NameOrder {
    /// The collation of `order`, from the data compiled into the binary.
    pub fn new(order: Order) -> NameOrder {
        let tag = match order {
            Order::Pinyin => "zh",
            Order::Stroke => "zh-u-co-stroke",
        };
        let locale: Locale = tag.parse().expect("a valid locale tag");
        let collator = Collator::try_new(locale.into(), CollatorOptions::default())
            .expect("the compiled data holds the Chinese collations");
        NameOrder { collator }
    }

    /// Compares two names (surrounding spaces ignored); equal names by
    /// collation fall back to code points, so the order is total.
    pub fn compare(&self, a: &str, b: &str) -> Ordering {
        let (a, b) = (a.trim(), b.trim());
        self.collator.compare(a, b).then_with(|| a.cmp(b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pinyin of the common surnames, as the 《现代汉语词典》 orders them:
    /// chen, feng, he, li, lü, si, wang, zhang, zhao.
    #[test]
    fn pinyin_order_of_surnames() {
        let order = NameOrder::new(Order::Pinyin);
        let mut names = vec!["赵", "张", "王", "司", "吕", "李", "何", "冯", "陈"];
        names.sort_by(|a, b| order.compare(a, b));
        assert_eq!(
            names,
            ["陈", "冯", "何", "李", "吕", "司", "王", "张", "赵"]
        );
    }

    /// Strokes: 王 4, 冯 5, 司 5, 吕 6, 何 7, 张 7, 李 7, 陈 7, 赵 9.
    #[test]
    fn stroke_order_of_surnames() {
        let order = NameOrder::new(Order::Stroke);
        let mut names = ["赵", "陈", "何", "王", "冯", "吕"];
        names.sort_by(|a, b| order.compare(a, b));
        assert_eq!(names[0], "王");
        assert_eq!(names[names.len() - 1], "赵");
        let pos = |n| names.iter().position(|x| *x == n).unwrap();
        assert!(pos("冯") < pos("吕") && pos("吕") < pos("何"));
    }

    /// Whole names, by hand. Strokes: 丁 2, 一 1; 于 3, 丹 4; 马 3, 云 4;
    /// 王 4, 五 4, 芳 7; 白 5, 雪 11; 石 5, 磊 15; 李 7, 明 8. First
    /// characters of as many strokes go by code point: 于 U+4E8E before 马
    /// U+9A6C, 白 U+767D before 石 U+77F3; one first character, the next
    /// decides: 五 (4) before 芳 (7).
    /// Stroke order: 丁一, 于丹, 马云, 王五, 王芳, 白雪, 石磊, 李明.
    /// Pinyin order (bai, ding, li, ma, shi, wang fang, wang wu, yu):
    /// 白雪, 丁一, 李明, 马云, 石磊, 王芳, 王五, 于丹.
    #[test]
    fn stroke_and_pinyin_orders_of_full_names() {
        let names = [
            "李明", "王芳", "石磊", "丁一", "马云", "白雪", "王五", "于丹",
        ];
        let sorted = |o: Order| {
            let order = NameOrder::new(o);
            let mut v = names.to_vec();
            v.sort_by(|a, b| order.compare(a, b));
            v
        };
        assert_eq!(
            sorted(Order::Stroke),
            [
                "丁一", "于丹", "马云", "王五", "王芳", "白雪", "石磊", "李明"
            ]
        );
        assert_eq!(
            sorted(Order::Pinyin),
            [
                "白雪", "丁一", "李明", "马云", "石磊", "王芳", "王五", "于丹"
            ]
        );
    }

    #[test]
    fn codes_read_back() {
        for o in Order::ALL {
            assert_eq!(Order::from_code(o.code()), Some(o));
        }
        assert_eq!(Order::from_code("strokes"), None);
    }

    #[test]
    fn latin_names_alphabetically_without_case() {
        let order = NameOrder::new(Order::Pinyin);
        let mut names = vec!["van Wely", "Anand", "carlsen", "Ding"];
        names.sort_by(|a, b| order.compare(a, b));
        assert_eq!(names, ["Anand", "carlsen", "Ding", "van Wely"]);
    }
}
