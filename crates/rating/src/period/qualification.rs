//! Qualification by rating (cca-chess 八(十七)): "以等级分作为参加重大比赛资格
//! 根据之一时，应以最近两次公布的等级分（k不等于25）的平均值来比较" — a list
//! query over the published lists.
//!
//! ```
//! use chrono::NaiveDate;
//! use qiyuan_rating::model::{PlayerId, Sex};
//! use qiyuan_rating::period::{ListRow, RatingList, qualification::qualification};
//! use qiyuan_rating::profile::Profile;
//! use rust_decimal_macros::dec;
//! let d = |m| NaiveDate::from_ymd_opt(2025, m, 1).unwrap();
//! let row = |r| { let mut x = ListRow::rated(PlayerId(1), "甲", Sex::Male, r); x.rated_games = 50; x };
//! let a = RatingList::new(vec![row(dec!(2390))]).unwrap();
//! let b = RatingList::new(vec![row(dec!(2411))]).unwrap();
//! let q = qualification(&Profile::builtin("cca-chess").unwrap(), &[(d(1), &a), (d(7), &b)], Some(dec!(2400)));
//! assert_eq!(q[0].average, Some(dec!(2400.5)));
//! assert_eq!(q[0].meets, Some(true));
//! ```

use chrono::{Datelike, NaiveDate};
use rust_decimal::Decimal;
use serde::Serialize;

use super::compute::k_of;
use super::list::RatingList;
use crate::model::PlayerId;
use crate::profile::Profile;

/// A published rating used (or not) for qualification.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PublishedRating {
    /// The list's publication date.
    pub list: NaiveDate,
    /// The rating.
    pub rating: Decimal,
    /// The K of that list (as published, else from the row's data).
    pub k: u32,
}

/// One player's qualification rating.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Qualification {
    /// The player.
    pub id: PlayerId,
    /// Name (from the latest list).
    pub name: String,
    /// The ratings averaged, newest first.
    pub used: Vec<PublishedRating>,
    /// Published ratings passed over (their K is excluded), newest first.
    pub excluded: Vec<PublishedRating>,
    /// The mean, when enough ratings count.
    pub average: Option<Decimal>,
    /// Whether the mean reaches the minimum asked for.
    pub meets: Option<bool>,
    /// Why there is no mean.
    pub note: Option<QualificationNote>,
}

/// Why a player has no qualification rating: fewer published ratings than
/// the rule averages. Written as its English in JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QualificationNote {
    /// The published ratings that count.
    pub found: usize,
    /// How many the rule averages.
    pub need: u32,
    /// The K whose ratings do not count, if one is excluded.
    pub exclude_k: Option<u32>,
    /// The article of the rule (`八(十七)`).
    pub article: String,
}

impl std::fmt::Display for QualificationNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (found, need, article) = (self.found, self.need, &self.article);
        let k = self
            .exclude_k
            .map_or(String::new(), |k| format!(" with K ≠ {k}"));
        write!(
            f,
            "{found} published rating(s){k}, {need} needed ({article})"
        )
    }
}

impl QualificationNote {
    /// The note in `lang`: [`crate::Lang::En`] is the `Display` text.
    ///
    /// ```
    /// use qiyuan_rating::Lang;
    /// use qiyuan_rating::period::qualification::QualificationNote;
    /// let n = QualificationNote { found: 1, need: 2, exclude_k: Some(25), article: "八(十七)".into() };
    /// assert_eq!(n.text(Lang::En), "1 published rating(s) with K ≠ 25, 2 needed (八(十七))");
    /// assert_eq!(n.text(Lang::Zh), "K ≠ 25 的已公布等级分 1 个，须 2 个（八(十七)）");
    /// ```
    #[must_use]
    pub fn text(&self, lang: crate::Lang) -> String {
        match lang {
            crate::Lang::En => self.to_string(),
            crate::Lang::Zh => {
                let (found, need, article) = (self.found, self.need, &self.article);
                let k = self
                    .exclude_k
                    .map_or(String::new(), |k| format!("K ≠ {k} 的"));
                format!("{k}已公布等级分 {found} 个，须 {need} 个（{article}）")
            }
        }
    }
}

impl Serialize for QualificationNote {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The qualification rating of every player of the latest list: the mean of
/// the profile's last `lists` published ratings whose K is not `exclude_k`
/// (cca-chess 八(十七)). `lists` are (publication date, list), in any order.
pub fn qualification(
    profile: &Profile,
    lists: &[(NaiveDate, &RatingList)],
    minimum: Option<Decimal>,
) -> Vec<Qualification> {
    let (need, exclude, article) = match &profile.qualification {
        Some(q) => (q.lists.max(1), q.exclude_k, q.article.as_str()),
        None => (2, None, ""),
    };
    let mut sorted: Vec<&(NaiveDate, &RatingList)> = lists.iter().collect();
    sorted.sort_by_key(|(d, _)| std::cmp::Reverse(*d));
    let Some((_, latest)) = sorted.first() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for row in latest.rows() {
        let mut used = Vec::new();
        let mut excluded = Vec::new();
        for (date, list) in &sorted {
            if used.len() as u32 == need {
                break;
            }
            let Some(r) = list.get(row.id).filter(|r| r.is_rated()) else {
                continue;
            };
            let Some(rating) = r.rating else { continue };
            let k = r.k.unwrap_or_else(|| k_of(profile, r, date.year()));
            let p = PublishedRating {
                list: *date,
                rating,
                k,
            };
            if exclude == Some(k) {
                excluded.push(p);
            } else {
                used.push(p);
            }
        }
        let enough = used.len() as u32 == need;
        let average =
            enough.then(|| used.iter().map(|p| p.rating).sum::<Decimal>() / Decimal::from(need));
        let note = (!enough).then(|| QualificationNote {
            found: used.len(),
            need,
            exclude_k: exclude,
            article: article.to_string(),
        });
        out.push(Qualification {
            id: row.id,
            name: row.name.clone(),
            meets: minimum.zip(average).map(|(m, a)| a >= m),
            used,
            excluded,
            average,
            note,
        });
    }
    out
}
