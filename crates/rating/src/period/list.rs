//! The rating list (等级分名单): one row per player, as published at the
//! end of a period and read back as the start of the next.

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::model::{PlayerId, Sex};

/// A player's standing on the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Rated and active.
    Active,
    /// Rated, but without rated games for the profile's inactivity time
    /// (cxa-2019 第七条: 不活动棋手); the rating is kept.
    Inactive,
    /// No published rating (无等级分): new, below the minimum, or cancelled.
    Unrated,
}

impl Status {
    /// `active`, `inactive` or `unrated`, as in the list CSV.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Active => "active",
            Status::Inactive => "inactive",
            Status::Unrated => "unrated",
        }
    }

    /// Parses `active` / `inactive` / `unrated` (any case).
    pub fn parse(s: &str) -> Option<Status> {
        match s.trim().to_ascii_lowercase().as_str() {
            "active" => Some(Status::Active),
            "inactive" => Some(Status::Inactive),
            "unrated" => Some(Status::Unrated),
            _ => None,
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a title was won (cxa-legacy 十一 raises only titles won by placement).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TitleRoute {
    /// By a place in an event (通过名次的途径, titles by placement).
    Placement,
    /// By norms (两次取得标准分) and a title application.
    Norms,
}

impl TitleRoute {
    /// `placement` or `norms`, as in the list CSV.
    pub fn as_str(self) -> &'static str {
        match self {
            TitleRoute::Placement => "placement",
            TitleRoute::Norms => "norms",
        }
    }

    /// Parses `placement` / `norms` (also 名次 / 标准分).
    pub fn parse(s: &str) -> Option<TitleRoute> {
        match s.trim() {
            "placement" | "名次" => Some(TitleRoute::Placement),
            "norms" | "标准分" => Some(TitleRoute::Norms),
            _ => None,
        }
    }
}

/// A title a player holds, with the day it was awarded (decides the title
/// adjustment at the next list, cxa-2019 第六条) and how it was won
/// (cxa-legacy 十一).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TitleHeld {
    /// Title code as the profile names it (`GM`, `NM`, …).
    pub title: String,
    /// Day awarded, if known.
    pub date: Option<NaiveDate>,
    /// How it was won, if known.
    #[serde(default)]
    pub by: Option<TitleRoute>,
}

/// Games of an unrated player carried over from earlier periods until they
/// reach the minimum for a first rating (cxa-2019 第十三条, cca-chess
/// 八(八), cxa-legacy 九).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Carried {
    /// Games against rated players so far.
    pub games: u32,
    /// For the `provisional` rule: Σ K(W − We) of those games; for the
    /// `performance` rule: Σ performance × games (so that the first rating
    /// is `sum / games`, the seed's (2280×4 + 2360×6) / 10).
    pub sum: Decimal,
    /// Calendar year of the first carried game.
    pub since: Option<i32>,
}

/// One row of a rating list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ListRow {
    /// The player's list id; event files name players by this id.
    pub id: PlayerId,
    /// Name.
    pub name: String,
    /// Sex.
    pub sex: Sex,
    /// Year of birth.
    pub birth_year: Option<i32>,
    /// Unit (单位).
    pub unit: Option<String>,
    /// Titles held, in any order.
    pub titles: Vec<TitleHeld>,
    /// Published rating, `None` when unrated.
    pub rating: Option<Decimal>,
    /// Valid (rated) games so far.
    pub rated_games: u32,
    /// Rated events so far.
    pub rated_events: u32,
    /// K of the next period as published, if the list says.
    pub k: Option<u32>,
    /// Active, inactive or unrated.
    pub status: Status,
    /// Highest rating ever published.
    pub highest: Option<Decimal>,
    /// Last day with a rated game.
    pub last_active: Option<NaiveDate>,
    /// An unrated player's games carried over.
    pub carried: Carried,
}

impl ListRow {
    /// A new unrated player with no history.
    ///
    /// ```
    /// use qiyuan_rating::model::{PlayerId, Sex};
    /// use qiyuan_rating::period::list::{ListRow, Status};
    /// let row = ListRow::new(PlayerId(9), "赵鑫鑫", Sex::Male);
    /// assert_eq!(row.status, Status::Unrated);
    /// ```
    pub fn new(id: PlayerId, name: impl Into<String>, sex: Sex) -> ListRow {
        ListRow {
            id,
            name: name.into(),
            sex,
            birth_year: None,
            unit: None,
            titles: Vec::new(),
            rating: None,
            rated_games: 0,
            rated_events: 0,
            k: None,
            status: Status::Unrated,
            highest: None,
            last_active: None,
            carried: Carried::default(),
        }
    }

    /// A rated, active player.
    pub fn rated(id: PlayerId, name: impl Into<String>, sex: Sex, rating: Decimal) -> ListRow {
        ListRow {
            rating: Some(rating),
            status: Status::Active,
            highest: Some(rating),
            ..ListRow::new(id, name, sex)
        }
    }

    /// True when the row has a published rating.
    pub fn is_rated(&self) -> bool {
        self.rating.is_some() && self.status != Status::Unrated
    }

    /// The most recently awarded title (an undated title counts as oldest).
    pub fn current_title(&self) -> Option<&str> {
        self.titles
            .iter()
            .enumerate()
            .max_by_key(|(i, t)| (t.date, *i))
            .map(|(_, t)| t.title.as_str())
    }
}

/// Why a list was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ListError {
    /// Two rows share an id.
    #[error("player id {id} is on the list twice (rows {first} and {second})")]
    DuplicateId {
        /// The id.
        id: PlayerId,
        /// Position of the first row (from 0).
        first: usize,
        /// Position of the second.
        second: usize,
    },
}

impl ListError {
    /// The message in `lang`: [`Lang::En`](crate::Lang::En) is the
    /// `Display` text.
    #[must_use]
    pub fn text(&self, lang: crate::Lang) -> String {
        match (self, lang) {
            (_, crate::Lang::En) => self.to_string(),
            (ListError::DuplicateId { id, first, second }, crate::Lang::Zh) => {
                format!("棋手编号 {id} 在名单上出现了两次（行 {first} 与行 {second}）")
            }
        }
    }
}

/// A multiplicative hash for player ids (a list of a million players is
/// looked up a few million times per period; ids are not attacker-chosen
/// keys of a server here).
#[derive(Default, Clone, Copy)]
struct IdHasher(u64);

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u32(&mut self, x: u32) {
        self.0 = (u64::from(x) ^ self.0).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

type IdMap = HashMap<PlayerId, usize, BuildHasherDefault<IdHasher>>;

/// A validated rating list: rows in their order, ids unique.
#[derive(Debug, Clone, Default)]
pub struct RatingList {
    rows: Vec<ListRow>,
    index: IdMap,
}

impl PartialEq for RatingList {
    fn eq(&self, other: &Self) -> bool {
        self.rows == other.rows
    }
}

impl RatingList {
    /// Checks that ids are unique and builds the list.
    ///
    /// ```
    /// use qiyuan_rating::model::{PlayerId, Sex};
    /// use qiyuan_rating::period::list::{ListRow, RatingList, ListError};
    /// let rows = vec![ListRow::new(PlayerId(1), "A", Sex::Male), ListRow::new(PlayerId(1), "B", Sex::Female)];
    /// assert!(matches!(RatingList::new(rows), Err(ListError::DuplicateId { first: 0, second: 1, .. })));
    /// ```
    pub fn new(rows: Vec<ListRow>) -> Result<RatingList, ListError> {
        let mut index = IdMap::with_capacity_and_hasher(rows.len(), Default::default());
        for (i, r) in rows.iter().enumerate() {
            if let Some(first) = index.insert(r.id, i) {
                return Err(ListError::DuplicateId {
                    id: r.id,
                    first,
                    second: i,
                });
            }
        }
        Ok(RatingList { rows, index })
    }

    /// The rows, in list order.
    pub fn rows(&self) -> &[ListRow] {
        &self.rows
    }

    /// The row of a player.
    pub fn get(&self, id: PlayerId) -> Option<&ListRow> {
        self.index.get(&id).map(|&i| &self.rows[i])
    }

    /// Position of a player's row.
    pub fn position(&self, id: PlayerId) -> Option<usize> {
        self.index.get(&id).copied()
    }

    /// Number of rows.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// True when the list has no row.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The rows, giving up the list.
    pub fn into_rows(self) -> Vec<ListRow> {
        self.rows
    }
}
