//! Titles (技术等级称号): the title ladder of a federation, titles by
//! placement, the field of a title event and title applications — the
//! title rules as data (`titles/*.toml`, one per federation).
//!
//! Articles implemented here:
//! - cca-chess 第一条 (titles by placement, FIDE title equivalents, athlete
//!   grades 时应级别), 第二条 1–3 (one standard qualifies; invitational and
//!   workers' events and unclear places do not count; men and women alike),
//!   五 (title events are men's and women's), 六(四) (the field of a title
//!   event; women's results in men's and mixed events), 九 and 十 (title
//!   applications: rating, events, games, two norms, four years);
//! - cxa-legacy 五, 六(四) (who may enter a title event), 十 (applications).
//!
//! 第三条 (批准权限: who grants which title) is the federation's act, not a
//! computation: the report says only who may apply.
//!
//! ```
//! use qiyuan_rating::titles::TitleRules;
//! let chess = TitleRules::builtin("cca-chess").unwrap();
//! assert_eq!(chess.placement.len(), 24);
//! assert_eq!(chess.fide.len(), 3);
//! assert_eq!(chess.find("男子大师", qiyuan_rating::model::Sex::Female).unwrap().code, "大师");
//! ```

use std::collections::HashMap;

use chrono::{Months, NaiveDate};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::Lang;
use crate::model::{Event, GameKind, PlayerId, Sex};
use crate::norms::NormRecord;
use crate::profile::{Fraction, Profile, ProfileError};
use crate::table::NormTitle;
use qiyuan_vocab::Message;

/// The built-in title rules: (name, TOML text).
const BUILTIN: &[(&str, &str)] = &[
    ("cca-chess", include_str!("../titles/cca-chess.toml")),
    ("cxa-legacy", include_str!("../titles/cxa-legacy.toml")),
];

/// How a team's share of its players is rounded to a number of players.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ShareRounding {
    /// Down: the share is a most (4 players at 40% → 1).
    #[default]
    Down,
    /// To the nearest, halves up (4 at 40% = 1.6 → 2).
    Nearest,
    /// Up (4 at 40% → 2).
    Up,
}

impl ShareRounding {
    /// The number of players of a team of `n` receiving `pct` percent.
    ///
    /// ```
    /// use qiyuan_rating::titles::ShareRounding;
    /// assert_eq!(ShareRounding::Down.players(5, 80), 4);
    /// assert_eq!(ShareRounding::Down.players(4, 40), 1);
    /// assert_eq!(ShareRounding::Nearest.players(4, 40), 2);
    /// assert_eq!(ShareRounding::Up.players(4, 25), 1);
    /// ```
    pub fn players(self, n: u32, pct: u32) -> u32 {
        let x = u64::from(n) * u64::from(pct);
        let k = match self {
            ShareRounding::Down => x / 100,
            ShareRounding::Nearest => (x + 50) / 100,
            ShareRounding::Up => x.div_ceil(100),
        };
        (k as u32).min(n)
    }
}

/// One title of the ladder.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TitleDef {
    /// The code event files and lists write.
    pub code: String,
    /// Other spellings read as the code.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// The Chinese name, when it differs from the code.
    #[serde(default)]
    pub name: Option<String>,
    /// The English name.
    #[serde(default)]
    pub name_en: String,
    /// Only players of this sex hold it (`"m"`, `"f"`); absent: both.
    #[serde(default)]
    pub sex: Option<Sex>,
    /// The norm title of the norm table, when it is won by norms.
    #[serde(default)]
    pub norm: Option<NormTitle>,
    /// The athlete grade (时应级别).
    #[serde(default)]
    pub grade: Option<String>,
    /// Codes of the lower titles a holder also holds.
    #[serde(default)]
    pub includes: Vec<String>,
    /// The article.
    #[serde(default)]
    pub article: String,
}

impl TitleDef {
    /// The Chinese name (the code when no name is given).
    pub fn display_name(&self) -> &str {
        self.name.as_deref().unwrap_or(&self.code)
    }
}

/// A FIDE title meeting a standard of the ladder (cca-chess 第一条: 国际特级
/// 大师 → 特级大师 …).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FideEquivalent {
    /// The FIDE title code (`GM`, `IM`, `FM`).
    pub code: String,
    /// The national title it qualifies for.
    pub title: String,
    /// The article.
    pub article: String,
}

/// The share of a team's players by the team's place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamShare {
    /// Team places `[first, last]`.
    pub places: [u32; 2],
    /// Percent of the team's players.
    pub share: u32,
}

/// One row of the placement table: a kind of event, the places (or the
/// team shares), the title.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacementRow {
    /// The event kind (the event file's `kind`).
    pub kind: String,
    /// The event as the seed names it.
    #[serde(default)]
    pub event: String,
    /// Individual places `[first, last]`.
    #[serde(default)]
    pub places: Option<[u32; 2]>,
    /// For team events: the share of the team's players by team place.
    #[serde(default)]
    pub team_shares: Vec<TeamShare>,
    /// The title given.
    pub title: String,
    /// The article.
    pub article: String,
}

/// What an application by norms needs (cca-chess 九, 十; cxa-legacy 十).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Application {
    /// The norm title.
    pub norm: NormTitle,
    /// The title applied for (its code).
    pub title: String,
    /// A rating at or above this, for whoever applies.
    #[serde(default)]
    pub min_rating: Option<Decimal>,
    /// Norms needed, each from a different event.
    pub norms: u32,
    /// Events at least.
    pub min_events: u32,
    /// Games in those events at least.
    pub min_games: u32,
    /// The article.
    pub article: String,
}

/// Titles and how many players hold them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Holding {
    /// Title codes (holding any of them, or a title including one).
    pub titles: Vec<String>,
    /// At least this many players.
    pub count: u32,
}

/// Titles and the share of the field holding them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HoldingShare {
    /// Title codes.
    pub titles: Vec<String>,
    /// At least this share of the players.
    pub share: Fraction,
}

/// A rating and the share of the field at or above it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RatedShare {
    /// The rating.
    pub rating: Decimal,
    /// At least this share of the players.
    pub share: Fraction,
}

/// A share of the field holding a title or rated at or above a rating.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TitleOrRatedShare {
    /// Title codes.
    pub titles: Vec<String>,
    /// The rating.
    pub rating: Decimal,
    /// At least this share of the players.
    pub share: Fraction,
}

/// One way a field qualifies: every part given must hold.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FieldClause {
    /// At least `count` players hold one of the titles.
    #[serde(default)]
    pub min_holding: Option<Holding>,
    /// At least a share of the players hold one of the titles.
    #[serde(default)]
    pub holding_share: Option<HoldingShare>,
    /// At least a share of the players are rated at or above a rating.
    #[serde(default)]
    pub rated_share: Option<RatedShare>,
    /// At least a share hold a title or are rated at or above a rating.
    #[serde(default)]
    pub title_or_rated_share: Option<TitleOrRatedShare>,
    /// Every player holds one of the titles (who may enter).
    #[serde(default)]
    pub all_holding: Option<Vec<String>>,
}

/// The field of one title's title event (cca-chess 六(四), cxa-legacy 六(四)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TitleEventRule {
    /// The norm title whose event this is.
    pub norm: NormTitle,
    /// The article.
    pub article: String,
    /// Other title events whose field also qualifies this title's norms.
    #[serde(default)]
    pub also_qualified_by: Vec<NormTitle>,
    /// The event qualifies when one clause holds.
    pub any_of: Vec<FieldClause>,
}

/// A federation's title rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TitleRules {
    /// Short name.
    pub name: String,
    /// The document.
    pub title: String,
    /// Where it comes from.
    pub source: String,
    /// Xiangqi or chess.
    pub game: GameKind,
    /// Results older than this many years do not count.
    pub window_years: u32,
    /// The article of the window.
    #[serde(default)]
    pub window_article: String,
    /// Rounding of a team's share.
    #[serde(default)]
    pub team_share_rounding: ShareRounding,
    /// The article (or Choice) of the share rounding.
    #[serde(default)]
    pub team_share_article: String,
    /// The ladder, highest first.
    pub titles: Vec<TitleDef>,
    /// FIDE titles meeting a standard.
    #[serde(default)]
    pub fide: Vec<FideEquivalent>,
    /// Titles by placement.
    #[serde(default)]
    pub placement: Vec<PlacementRow>,
    /// Title applications by norms.
    #[serde(default)]
    pub applications: Vec<Application>,
    /// The field of title events.
    #[serde(default)]
    pub title_events: Vec<TitleEventRule>,
}

impl TitleRules {
    /// The names of the built-in title rules.
    pub fn builtin_names() -> Vec<&'static str> {
        BUILTIN.iter().map(|(n, _)| *n).collect()
    }

    /// The TOML text of built-in title rules.
    pub fn builtin_toml(name: &str) -> Option<&'static str> {
        BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
    }

    /// Built-in title rules by name.
    pub fn builtin(name: &str) -> Result<TitleRules, ProfileError> {
        match Self::builtin_toml(name) {
            Some(t) => Self::from_toml_str(t),
            None => Err(ProfileError::Unknown {
                name: name.to_string(),
                known: Self::builtin_names().join(", "),
            }),
        }
    }

    /// The title rules of a profile: its `[norms] titles`, else the game's
    /// built-in rules (chess: cca-chess, xiangqi: cxa-legacy).
    pub fn for_profile(profile: &Profile) -> Result<TitleRules, ProfileError> {
        let name = profile
            .norms
            .as_ref()
            .and_then(|n| n.titles.as_deref())
            .unwrap_or(match profile.game {
                GameKind::Chess => "cca-chess",
                GameKind::Xiangqi => "cxa-legacy",
            });
        Self::builtin(name)
    }

    /// Parses and checks title rules written in TOML.
    pub fn from_toml_str(text: &str) -> Result<TitleRules, ProfileError> {
        let r: TitleRules = toml::from_str(text).map_err(|e| ProfileError::Parse(e.to_string()))?;
        let invalid = |field: String, reason: Message| Err(ProfileError::Invalid { field, reason });
        let known = |code: &str| r.titles.iter().any(|t| t.code == code);
        for (i, t) in r.titles.iter().enumerate() {
            for inc in &t.includes {
                if !known(inc) {
                    return invalid(
                        format!("titles[{i}].includes"),
                        Message::new("names an unknown title", "所指称号不存在"),
                    );
                }
            }
        }
        for (i, p) in r.placement.iter().enumerate() {
            if p.places.is_some() != p.team_shares.is_empty() {
                return invalid(
                    format!("placement[{i}]"),
                    Message::new(
                        "give either `places` or `team_shares`",
                        "请给出 `places` 或 `team_shares` 之一",
                    ),
                );
            }
            let ranges = p
                .places
                .iter()
                .chain(p.team_shares.iter().map(|s| &s.places));
            for [a, b] in ranges {
                if *a == 0 || a > b {
                    return invalid(
                        format!("placement[{i}]"),
                        Message::new(
                            "places run from 1, first ≤ last",
                            "名次从 1 起，且首名次 ≤ 末名次",
                        ),
                    );
                }
            }
            if p.team_shares.iter().any(|s| s.share > 100) {
                return invalid(
                    format!("placement[{i}].team_shares"),
                    Message::new("a share is at most 100", "比例最多为 100"),
                );
            }
            if !known(&p.title) {
                return invalid(
                    format!("placement[{i}].title"),
                    Message::new("names an unknown title", "所指称号不存在"),
                );
            }
        }
        for (i, f) in r.fide.iter().enumerate() {
            if !known(&f.title) {
                return invalid(
                    format!("fide[{i}].title"),
                    Message::new("names an unknown title", "所指称号不存在"),
                );
            }
        }
        Ok(r)
    }

    /// The title a code (or alias) names for a player of `sex`.
    pub fn find(&self, code: &str, sex: Sex) -> Option<&TitleDef> {
        let code = code.trim();
        let matches = |t: &&TitleDef| t.code == code || t.aliases.iter().any(|a| a == code);
        self.titles
            .iter()
            .filter(matches)
            .find(|t| t.sex.is_none_or(|s| s == sex))
            .or_else(|| self.titles.iter().find(matches))
    }

    /// True when a player of `sex` holding `held` holds `target` (itself or
    /// a title it includes).
    pub fn holds(&self, held: &str, sex: Sex, target: &str) -> bool {
        self.find(held, sex)
            .is_some_and(|t| t.code == target || t.includes.iter().any(|i| i == target))
    }

    /// The application by norms for a norm title.
    pub fn application(&self, norm: NormTitle) -> Option<&Application> {
        self.applications.iter().find(|a| a.norm == norm)
    }

    /// The position of a title in the ladder (0 = highest).
    fn rank(&self, code: &str) -> usize {
        self.titles
            .iter()
            .position(|t| t.code == code)
            .unwrap_or(usize::MAX)
    }
}

// ------------------------------------------------------------ title events

/// The field check of one title's title event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TitleEventCheck {
    /// The norm title.
    pub norm: NormTitle,
    /// True when the field qualifies (its own clauses, or an event of
    /// `also_qualified_by`).
    pub qualifies: bool,
    /// Which event qualified it, when it was another title's.
    pub qualified_as: Option<NormTitle>,
    /// The article.
    pub article: String,
    /// What the field has, per clause, in words (English).
    pub details: Vec<String>,
    /// The same, as data ([`FieldDetail::text`] words each).
    #[serde(skip)]
    pub clauses: Vec<FieldDetail>,
}

/// What one requirement of a title event's field found: `count` of the
/// `players` hold one of `titles` (codes of the rules) or are rated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldPart {
    /// At least `min` players hold one of the titles.
    Holding {
        /// Players holding one.
        count: usize,
        /// Players.
        players: usize,
        /// The titles.
        titles: Vec<Message>,
        /// The minimum.
        min: u32,
    },
    /// At least a share of the players hold one of the titles.
    HoldingShare {
        /// Players holding one.
        count: usize,
        /// Players.
        players: usize,
        /// The titles.
        titles: Vec<Message>,
        /// The share.
        share: Fraction,
    },
    /// At least a share of the players are rated `rating` or more.
    Rated {
        /// Players so rated.
        count: usize,
        /// Players.
        players: usize,
        /// The rating.
        rating: Decimal,
        /// The share.
        share: Fraction,
    },
    /// At least a share hold one of the titles or are rated `rating` or more.
    TitleOrRated {
        /// Players holding one or so rated.
        count: usize,
        /// Players.
        players: usize,
        /// The titles.
        titles: Vec<Message>,
        /// The rating.
        rating: Decimal,
        /// The share.
        share: Fraction,
    },
    /// Every player holds one of the titles.
    AllHolding {
        /// Players holding one.
        count: usize,
        /// Players.
        players: usize,
        /// The titles.
        titles: Vec<Message>,
    },
}

impl FieldPart {
    /// The requirement and what the field has, in words.
    ///
    /// ```
    /// use qiyuan_rating::Lang;
    /// use qiyuan_rating::titles::FieldPart;
    /// use qiyuan_vocab::Message;
    /// let titles = vec![Message::new("woman master", "女子大师")];
    /// let p = FieldPart::Holding { count: 2, players: 10, titles, min: 3 };
    /// assert_eq!(p.text(Lang::En), "2 of 10 hold woman master (at least 3)");
    /// assert_eq!(p.text(Lang::Zh), "10 名棋手中 2 名持有女子大师称号（至少 3 名）");
    /// ```
    pub fn text(&self, lang: Lang) -> String {
        match self {
            FieldPart::Holding {
                count,
                players,
                titles,
                min,
            } => {
                let t = names(titles, lang);
                lang.pick(
                    format!("{count} of {players} hold {t} (at least {min})"),
                    format!("{players} 名棋手中 {count} 名持有{t}称号（至少 {min} 名）"),
                )
            }
            FieldPart::HoldingShare {
                count,
                players,
                titles,
                share,
            } => {
                let t = names(titles, lang);
                lang.pick(
                    format!("{count} of {players} hold {t} (at least {share})"),
                    format!("{players} 名棋手中 {count} 名持有{t}称号（至少 {share}）"),
                )
            }
            FieldPart::Rated {
                count,
                players,
                rating,
                share,
            } => lang.pick(
                format!("{count} of {players} rated {rating} or more (at least {share})"),
                format!("{players} 名棋手中 {count} 名等级分不低于 {rating}（至少 {share}）"),
            ),
            FieldPart::TitleOrRated {
                count,
                players,
                titles,
                rating,
                share,
            } => {
                let t = names(titles, lang);
                lang.pick(
                    format!(
                        "{count} of {players} hold {t} or are rated {rating} or more (at least {share})"
                    ),
                    format!(
                        "{players} 名棋手中 {count} 名持有{t}称号或等级分不低于 {rating}（至少 {share}）"
                    ),
                )
            }
            FieldPart::AllHolding {
                count,
                players,
                titles,
            } => {
                let t = names(titles, lang);
                lang.pick(
                    format!("{count} of {players} hold {t} (every player)"),
                    format!("{players} 名棋手中 {count} 名持有{t}称号（须全部持有）"),
                )
            }
        }
    }
}

/// One line of a title event's field check: a clause (met or not, with
/// what the field has), or the other title's event the field qualifies as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldDetail {
    /// One clause of the field (any one met is enough).
    Clause {
        /// Whether the field meets it.
        met: bool,
        /// Its requirements.
        parts: Vec<FieldPart>,
    },
    /// The field qualifies as the title event of another title.
    QualifiesAs(NormTitle),
}

impl FieldDetail {
    /// The line in words (English: [`TitleEventCheck::details`]).
    ///
    /// ```
    /// use qiyuan_rating::Lang;
    /// use qiyuan_rating::table::NormTitle;
    /// use qiyuan_rating::titles::FieldDetail;
    /// let d = FieldDetail::QualifiesAs(NormTitle::Master);
    /// assert_eq!(d.text(Lang::En), "the field qualifies as a Master event");
    /// assert_eq!(d.text(Lang::Zh), "参赛阵容符合大师称号赛的规定");
    /// ```
    pub fn text(&self, lang: Lang) -> String {
        match self {
            FieldDetail::Clause { met, parts } => {
                let each: Vec<String> = parts.iter().map(|p| p.text(lang)).collect();
                match lang {
                    Lang::En => format!(
                        "{}: {}",
                        if *met { "met" } else { "not met" },
                        each.join(", ")
                    ),
                    Lang::Zh => format!(
                        "{}：{}",
                        if *met { "符合" } else { "不符合" },
                        each.join("，")
                    ),
                }
            }
            FieldDetail::QualifiesAs(other) => lang.pick(
                format!("the field qualifies as a {other:?} event"),
                format!("参赛阵容符合{}称号赛的规定", other.name(Lang::Zh)),
            ),
        }
    }
}

impl std::fmt::Display for FieldDetail {
    /// The line in English ([`FieldDetail::text`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

/// Titles in `lang`, joined by `/` (女子大师/大师, woman master/master).
fn names(titles: &[Message], lang: Lang) -> String {
    titles
        .iter()
        .map(|t| t.text(lang))
        .collect::<Vec<_>>()
        .join("/")
}

fn share_met(count: usize, total: usize, f: Fraction) -> bool {
    (count as u64) * u64::from(f.den) >= u64::from(f.num) * (total as u64)
}

impl TitleRules {
    fn clause(&self, event: &Event, c: &FieldClause) -> (bool, Vec<FieldPart>) {
        let ps = event.players();
        let n = ps.len();
        let holding = |titles: &[String]| {
            ps.iter()
                .filter(|p| {
                    p.title
                        .as_deref()
                        .is_some_and(|h| titles.iter().any(|t| self.holds(h, p.sex, t)))
                })
                .count()
        };
        let rated = |r: Decimal| {
            ps.iter()
                .filter(|p| p.rating.is_some_and(|x| x >= r))
                .count()
        };
        // Each title by its names: the code (Chinese) and the English.
        let named = |codes: &[String]| -> Vec<Message> {
            codes
                .iter()
                .map(|code| {
                    let en = self
                        .titles
                        .iter()
                        .find(|t| &t.code == code)
                        .map_or(code.as_str(), |t| t.name_en.as_str());
                    Message::new(if en.is_empty() { code } else { en }, code.clone())
                })
                .collect()
        };
        let mut ok = true;
        let mut parts = Vec::new();
        if let Some(h) = &c.min_holding {
            let k = holding(&h.titles);
            ok &= k as u32 >= h.count;
            parts.push(FieldPart::Holding {
                count: k,
                players: n,
                titles: named(&h.titles),
                min: h.count,
            });
        }
        if let Some(h) = &c.holding_share {
            let k = holding(&h.titles);
            ok &= share_met(k, n, h.share);
            parts.push(FieldPart::HoldingShare {
                count: k,
                players: n,
                titles: named(&h.titles),
                share: h.share,
            });
        }
        if let Some(r) = &c.rated_share {
            let k = rated(r.rating);
            ok &= share_met(k, n, r.share);
            parts.push(FieldPart::Rated {
                count: k,
                players: n,
                rating: r.rating,
                share: r.share,
            });
        }
        if let Some(x) = &c.title_or_rated_share {
            let k = ps
                .iter()
                .filter(|p| {
                    p.rating.is_some_and(|r| r >= x.rating)
                        || p.title
                            .as_deref()
                            .is_some_and(|h| x.titles.iter().any(|t| self.holds(h, p.sex, t)))
                })
                .count();
            ok &= share_met(k, n, x.share);
            parts.push(FieldPart::TitleOrRated {
                count: k,
                players: n,
                titles: named(&x.titles),
                rating: x.rating,
                share: x.share,
            });
        }
        if let Some(titles) = &c.all_holding {
            let k = holding(titles);
            ok &= k == n;
            parts.push(FieldPart::AllHolding {
                count: k,
                players: n,
                titles: named(titles),
            });
        }
        (ok, parts)
    }

    fn own_field(&self, event: &Event, rule: &TitleEventRule) -> (bool, Vec<FieldDetail>) {
        let mut any = false;
        let mut details = Vec::new();
        for c in &rule.any_of {
            let (ok, parts) = self.clause(event, c);
            any |= ok;
            details.push(FieldDetail::Clause { met: ok, parts });
        }
        (any, details)
    }

    /// Checks the field of `norm`'s title event; `None` when the rules set
    /// no field for it (every event qualifies).
    pub fn title_event(&self, event: &Event, norm: NormTitle) -> Option<TitleEventCheck> {
        let rule = self.title_events.iter().find(|r| r.norm == norm)?;
        let (own, mut details) = self.own_field(event, rule);
        let mut qualified_as = None;
        if !own {
            for other in &rule.also_qualified_by {
                if let Some(r) = self.title_events.iter().find(|r| r.norm == *other)
                    && self.own_field(event, r).0
                {
                    qualified_as = Some(*other);
                    details.push(FieldDetail::QualifiesAs(*other));
                    break;
                }
            }
        }
        Some(TitleEventCheck {
            norm,
            qualifies: own || qualified_as.is_some(),
            qualified_as,
            article: rule.article.clone(),
            details: details.iter().map(ToString::to_string).collect(),
            clauses: details,
        })
    }
}

// ----------------------------------------------------- titles by placement

/// A title an event's place gives one player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlacementAward {
    /// The player.
    pub player: PlayerId,
    /// Name.
    pub name: String,
    /// The title (its code).
    pub title: String,
    /// The athlete grade of the title, when the rules give one.
    pub grade: Option<String>,
    /// The row's article.
    pub article: String,
    /// How: the place, or the team's place and share, in English
    /// ([`PlacementBasis::text`] words it in either language).
    pub how: String,
    /// How, as data.
    pub basis: PlacementBasis,
}

/// What a placement title rests on: the player's own place, or the team's
/// place and the share of its players (cca-chess 第一条).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "by", rename_all = "kebab-case")]
pub enum PlacementBasis {
    /// The player's place in an individual event.
    Place {
        /// The place.
        place: u32,
        /// The row's event (全国个人冠军赛 …).
        event: String,
        /// The row's places, first and last.
        places: [u32; 2],
    },
    /// The team's place and the share of its players, by board order.
    TeamShare {
        /// The team.
        team: String,
        /// The team's place.
        place: u32,
        /// The row's event.
        event: String,
        /// The share, in percent.
        share: u32,
        /// Players of the team.
        players: u32,
        /// Players receiving the title (the share, rounded).
        receiving: u32,
        /// The player's board.
        board: Option<u32>,
    },
}

impl PlacementBasis {
    /// The basis in words.
    ///
    /// ```
    /// use qiyuan_rating::Lang;
    /// use qiyuan_rating::titles::PlacementBasis;
    /// let b = PlacementBasis::Place { place: 3, event: "全国个人冠军赛".into(), places: [1, 8] };
    /// assert_eq!(b.text(Lang::Zh), "全国个人冠军赛第 3 名（第 1–8 名）");
    /// assert_eq!(b.text(Lang::En), "place 3 of 全国个人冠军赛, places 1–8");
    /// ```
    pub fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (
                PlacementBasis::Place {
                    place,
                    event,
                    places: [a, b],
                },
                Lang::En,
            ) => {
                format!("place {place} of {event}, places {a}–{b}")
            }
            (
                PlacementBasis::Place {
                    place,
                    event,
                    places: [a, b],
                },
                Lang::Zh,
            ) => {
                format!("{event}第 {place} 名（第 {a}–{b} 名）")
            }
            (
                PlacementBasis::TeamShare {
                    team,
                    place,
                    event,
                    share,
                    players,
                    receiving,
                    board,
                },
                lang,
            ) => {
                let board = board.map_or("—".to_string(), |b| b.to_string());
                match lang {
                    Lang::En => format!(
                        "team {team} placed {place} of {event}: {share}% of {players} players = {receiving} (board {board})"
                    ),
                    Lang::Zh => {
                        let dui = if team.ends_with('队') { "" } else { "队" };
                        format!(
                            "{team}{dui}获{event}第 {place} 名：{players} 名队员的 {share}% 为 {receiving} 名（第 {board} 台）"
                        )
                    }
                }
            }
        }
    }
}

/// Why an event's places give no title or which rule was applied
/// (cca-chess 第二条 2 and the Choices of the title rules).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlacementNote {
    /// The event gives no kind.
    NoKind,
    /// No row of the table is for the event's kind.
    NoRows {
        /// The title rules.
        rules: String,
        /// The event's kind.
        kind: String,
    },
    /// An invitational or workers' event (第二条 2).
    Invitational,
    /// A team row applies but the event gives no team places.
    NoTeamPlaces,
    /// How team shares were rounded (a Choice) and the article.
    TeamShareRule {
        /// The rounding.
        rounding: ShareRounding,
        /// The article of the Choice.
        article: String,
    },
    /// Shared places that do not count (第二条 2 未明确的名次): players or
    /// teams (`team` true) with their shared place.
    Unclear(Vec<(String, u32, bool)>),
}

impl PlacementNote {
    /// The note in words.
    ///
    /// ```
    /// use qiyuan_rating::Lang;
    /// use qiyuan_rating::titles::PlacementNote;
    /// assert_eq!(PlacementNote::Invitational.text(Lang::Zh), "邀请赛或职工赛：名次不授予称号（第二条 2）");
    /// ```
    pub fn text(&self, lang: Lang) -> String {
        let en = lang == Lang::En;
        match self {
            PlacementNote::NoKind if en => {
                "the event gives no kind: no row of the placement table applies".into()
            }
            PlacementNote::NoKind => "赛事未注明类别：名次称号表中没有适用的条目".into(),
            PlacementNote::NoRows { rules, kind } if en => {
                format!("no row of the {rules} placement table is for events of kind `{kind}`")
            }
            PlacementNote::NoRows { rules, kind } => {
                format!("{rules} 名次称号表中没有“{kind}”类赛事的条目")
            }
            PlacementNote::Invitational if en => {
                "an invitational or workers' event: its places give no title (第二条 2)".into()
            }
            PlacementNote::Invitational => "邀请赛或职工赛：名次不授予称号（第二条 2）".into(),
            PlacementNote::NoTeamPlaces if en => {
                "the event gives no team places (`teams` with `rank`)".into()
            }
            PlacementNote::NoTeamPlaces => "赛事没有团体名次".into(),
            PlacementNote::TeamShareRule { rounding, article } => {
                let r = match (rounding, en) {
                    (ShareRounding::Down, true) => "Down",
                    (ShareRounding::Nearest, true) => "Nearest",
                    (ShareRounding::Up, true) => "Up",
                    (ShareRounding::Down, false) => "向下取整",
                    (ShareRounding::Nearest, false) => "四舍五入",
                    (ShareRounding::Up, false) => "向上取整",
                };
                if en {
                    format!("team shares: {r} rounding, players in board order ({article})")
                } else {
                    format!("团体比例：人数{r}，按台次顺序（{article}）")
                }
            }
            PlacementNote::Unclear(list) => {
                let each: Vec<String> = list
                    .iter()
                    .map(|(name, place, team)| match (team, en) {
                        (false, true) => format!("{name} (place {place} shared)"),
                        (true, true) => format!("team {name} (place {place} shared)"),
                        (false, false) => format!("{name}（并列第 {place} 名）"),
                        (true, false) => format!(
                            "{name}{}（并列第 {place} 名）",
                            if name.ends_with('队') { "" } else { "队" }
                        ),
                    })
                    .collect();
                if en {
                    format!(
                        "unclear places do not count (第二条 2): {}",
                        each.join(", ")
                    )
                } else {
                    format!("未明确的名次不计（第二条 2）：{}", each.join("，"))
                }
            }
        }
    }
}

fn notes_in_english<S: serde::Serializer>(
    notes: &[PlacementNote],
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_seq(notes.iter().map(|n| n.text(Lang::En)))
}

/// The titles by placement of one event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlacementReport {
    /// Event name.
    pub event: String,
    /// The event's kind (`kind`), if given.
    pub kind: Option<String>,
    /// The rows of the table for this kind (their articles).
    pub rows: Vec<String>,
    /// The highest title each player receives (第一条 一级棋士 3: the players
    /// of a team who do not receive 大师 receive 一级棋士).
    pub awards: Vec<PlacementAward>,
    /// Why places did not count (第二条 2) and the Choices used (written in
    /// English in JSON; [`PlacementNote::text`] words them).
    #[serde(serialize_with = "notes_in_english")]
    pub notes: Vec<PlacementNote>,
}

/// The titles an event's final ranking gives (cca-chess 第一条, 第二条):
/// individual places from the players' `rank`, team places from the event's
/// `teams` with the share of each team's players by board order.
pub fn placement_titles(event: &Event, rules: &TitleRules) -> PlacementReport {
    let d = event.details();
    let mut report = PlacementReport {
        event: event.name().to_string(),
        kind: d.kind.clone(),
        rows: Vec::new(),
        awards: Vec::new(),
        notes: Vec::new(),
    };
    let Some(kind) = d.kind.as_deref() else {
        report.notes.push(PlacementNote::NoKind);
        return report;
    };
    let rows: Vec<&PlacementRow> = rules.placement.iter().filter(|r| r.kind == kind).collect();
    report.rows = rows.iter().map(|r| r.article.clone()).collect();
    if rows.is_empty() {
        report.notes.push(PlacementNote::NoRows {
            rules: rules.name.clone(),
            kind: kind.to_string(),
        });
        return report;
    }
    if d.invitational {
        report.notes.push(PlacementNote::Invitational);
        return report;
    }
    let ps = event.players();
    let mut best: HashMap<PlayerId, PlacementAward> = HashMap::new();
    let grade = |code: &str| {
        rules
            .titles
            .iter()
            .find(|t| t.code == code)
            .and_then(|t| t.grade.clone())
    };
    // The row's title to a player on `basis`; a player keeps the highest.
    let mut give = |p: &crate::model::Player, row: &PlacementRow, basis: PlacementBasis| {
        let award = PlacementAward {
            player: p.id,
            name: p.name.clone(),
            title: row.title.clone(),
            grade: grade(&row.title),
            article: row.article.clone(),
            how: basis.text(Lang::En),
            basis,
        };
        let better = best
            .get(&award.player)
            .is_none_or(|a| rules.rank(&award.title) < rules.rank(&a.title));
        if better {
            best.insert(award.player, award);
        }
    };
    // Unclear places (第二条 2 未明确的名次): none, or shared.
    let mut rank_count: HashMap<u32, u32> = HashMap::new();
    for p in ps {
        if let Some(r) = p.rank {
            *rank_count.entry(r).or_default() += 1;
        }
    }
    let mut team_rank_count: HashMap<u32, u32> = HashMap::new();
    for t in &d.teams {
        if let Some(r) = t.rank {
            *team_rank_count.entry(r).or_default() += 1;
        }
    }
    let mut unclear = Vec::new();
    for row in &rows {
        if let Some([a, b]) = row.places {
            for p in ps {
                match p.rank {
                    Some(r) if rank_count[&r] > 1 && (a..=b).contains(&r) => {
                        unclear.push((p.name.clone(), r, false));
                    }
                    Some(r) if rank_count[&r] > 1 => {}
                    Some(r) if (a..=b).contains(&r) => give(
                        p,
                        row,
                        PlacementBasis::Place {
                            place: r,
                            event: row.event.clone(),
                            places: [a, b],
                        },
                    ),
                    _ => {}
                }
            }
        }
        for share in &row.team_shares {
            let [a, b] = share.places;
            for t in &d.teams {
                let Some(r) = t.rank else { continue };
                if !(a..=b).contains(&r) {
                    continue;
                }
                if team_rank_count[&r] > 1 {
                    unclear.push((t.name.clone(), r, true));
                    continue;
                }
                let mut members: Vec<(usize, &crate::model::Player)> = ps
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| p.team.as_deref() == Some(t.name.as_str()))
                    .collect();
                members.sort_by_key(|(i, p)| (p.board.unwrap_or(u32::MAX), *i));
                let n = members.len() as u32;
                let k = rules.team_share_rounding.players(n, share.share);
                for (_, p) in members.iter().take(k as usize) {
                    let basis = PlacementBasis::TeamShare {
                        team: t.name.clone(),
                        place: r,
                        event: row.event.clone(),
                        share: share.share,
                        players: n,
                        receiving: k,
                        board: p.board,
                    };
                    give(p, row, basis);
                }
            }
        }
    }
    if rows.iter().any(|r| !r.team_shares.is_empty()) {
        if d.teams.iter().all(|t| t.rank.is_none()) {
            report.notes.push(PlacementNote::NoTeamPlaces);
        }
        report.notes.push(PlacementNote::TeamShareRule {
            rounding: rules.team_share_rounding,
            article: rules.team_share_article.clone(),
        });
    }
    unclear.sort_by(|x, y| (x.2, &x.0, x.1).cmp(&(y.2, &y.0, y.1)));
    unclear.dedup();
    if !unclear.is_empty() {
        report.notes.push(PlacementNote::Unclear(unclear));
    }
    let mut awards: Vec<PlacementAward> = best.into_values().collect();
    awards.sort_by_key(|a| event.player_index(a.player));
    report.awards = awards;
    report
}

// --------------------------------------------------------- the title file

/// A title won by a place, as a player's title file keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlacementResult {
    /// The title (its code).
    pub title: String,
    /// The event.
    pub event: String,
    /// The event's last day.
    pub date: NaiveDate,
    /// The article of the row.
    pub article: String,
    /// How (English).
    pub how: String,
    /// How, as data ([`PlacementBasis::text`] words it).
    pub basis: PlacementBasis,
}

/// What a player's title application rests on: norms, places, FIDE titles,
/// the rating.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TitleFile {
    /// The player.
    pub id: PlayerId,
    /// Name.
    pub name: String,
    /// Sex.
    pub sex: Sex,
    /// The current published rating.
    pub rating: Option<Decimal>,
    /// Titles held (national and FIDE codes).
    pub titles_held: Vec<String>,
    /// Norms earned.
    pub norms: Vec<NormRecord>,
    /// Titles by placement earned.
    pub placements: Vec<PlacementResult>,
}

/// How a title can be reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RouteKind {
    /// A place in an event (第一条).
    Placement,
    /// A FIDE title (第一条).
    Fide,
    /// Two norms and the application conditions (九, 十).
    Norms,
}

impl RouteKind {
    /// The route's name.
    ///
    /// ```
    /// use qiyuan_rating::Lang;
    /// use qiyuan_rating::titles::RouteKind;
    /// assert_eq!(RouteKind::Placement.label(Lang::En), "Placement");
    /// assert_eq!(RouteKind::Norms.label(Lang::Zh), "称号标准");
    /// ```
    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            RouteKind::Placement => lang.t("Placement", "名次"),
            RouteKind::Fide => lang.t("Fide", "国际棋联称号"),
            RouteKind::Norms => lang.t("Norms", "称号标准"),
        }
    }
}

/// What a player has on one route to a title: data, worded in either
/// language by [`RouteDetail::text`] (English: [`Route::detail`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RouteDetail {
    /// No place within the window: the rows of the standard.
    NoPlacement(Vec<PlacementWords>),
    /// The places won (event, its last day, how).
    Placed(Vec<(String, NaiveDate, PlacementBasis)>),
    /// Whether the player holds the FIDE title `code`.
    Fide {
        /// The FIDE title.
        code: String,
        /// Held.
        holds: bool,
    },
    /// The norms that count and the rating.
    Norms {
        /// Norms (one per event).
        norms: usize,
        /// Games in their events.
        games: u32,
        /// The player's rating.
        rating: Option<Decimal>,
        /// The application's minimum rating.
        min: Option<Decimal>,
    },
}

/// A row of the placement table in words: its event and places (`None`:
/// a share of the team's players by the team's place).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlacementWords {
    /// The row's event.
    pub event: String,
    /// The row's places, first and last.
    pub places: Option<[u32; 2]>,
}

impl PlacementWords {
    fn of(row: &PlacementRow) -> Self {
        PlacementWords {
            event: row.event.clone(),
            places: row.places,
        }
    }

    /// The row in words.
    pub fn text(&self, lang: Lang) -> String {
        let e = &self.event;
        match self.places {
            Some([1, 1]) => lang.pick(format!("{e} champion"), format!("{e}冠军")),
            Some([a, b]) => lang.pick(format!("{e} places {a}–{b}"), format!("{e}第 {a}–{b} 名")),
            None => lang.pick(
                format!("{e} (a share of the team's players by the team's place)"),
                format!("{e}（按团体名次授予部分队员）"),
            ),
        }
    }
}

impl RouteDetail {
    /// The detail in words.
    ///
    /// ```
    /// use qiyuan_rating::Lang;
    /// use qiyuan_rating::titles::RouteDetail;
    /// let d = RouteDetail::Fide { code: "GM".into(), holds: false };
    /// assert_eq!(d.text(Lang::En), "does not hold the FIDE title GM");
    /// assert_eq!(d.text(Lang::Zh), "未持有国际棋联称号 GM");
    /// ```
    pub fn text(&self, lang: Lang) -> String {
        match self {
            RouteDetail::NoPlacement(rows) => {
                let each: Vec<String> = rows.iter().map(|r| r.text(lang)).collect();
                lang.pick(
                    format!("no result: {}", each.join("; ")),
                    format!("无此成绩：{}", each.join("；")),
                )
            }
            RouteDetail::Placed(got) => {
                let each: Vec<String> = got
                    .iter()
                    .map(|(event, date, basis)| match lang {
                        Lang::En => format!("{event} ({date}): {}", basis.text(lang)),
                        Lang::Zh => format!("{event}（{date}）：{}", basis.text(lang)),
                    })
                    .collect();
                each.join(lang.t("; ", "；"))
            }
            RouteDetail::Fide { code, holds: true } => lang.pick(
                format!("holds the FIDE title {code}"),
                format!("持有国际棋联称号 {code}"),
            ),
            RouteDetail::Fide { code, holds: false } => lang.pick(
                format!("does not hold the FIDE title {code}"),
                format!("未持有国际棋联称号 {code}"),
            ),
            RouteDetail::Norms {
                norms,
                games,
                rating,
                min,
            } => {
                let r = rating.map_or_else(|| lang.t("none", "无").to_string(), |r| r.to_string());
                match lang {
                    Lang::En => format!(
                        "{norms} norms in {norms} events, {games} games; rating {r}{}",
                        min.map_or(String::new(), |m| format!(" (at least {m})"))
                    ),
                    Lang::Zh => format!(
                        "{norms} 个赛事中的称号标准 {norms} 个，对局 {games} 盘；等级分 {r}{}",
                        min.map_or(String::new(), |m| format!("（须不低于 {m}）"))
                    ),
                }
            }
        }
    }
}

impl std::fmt::Display for RouteDetail {
    /// The detail in English ([`RouteDetail::text`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

/// One route to a title and whether the player has it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Route {
    /// Which route.
    pub kind: RouteKind,
    /// True when the player meets it.
    pub met: bool,
    /// What the player has (English).
    pub detail: String,
    /// The same, as data ([`RouteDetail::text`] words it).
    #[serde(skip)]
    pub why: RouteDetail,
    /// The article.
    pub article: String,
}

/// One title of the ladder for one player.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TitleStanding {
    /// The title (its code).
    pub title: String,
    /// Its Chinese name.
    pub name: String,
    /// The player holds it already (or a higher one including it).
    pub held: bool,
    /// The player may apply (第二条 1: one standard met is enough).
    pub eligible: bool,
    /// Every route of the title.
    pub routes: Vec<Route>,
    /// For the norms route, what is still missing.
    pub missing: Vec<String>,
    /// The same, as data.
    pub gaps: Vec<Gap>,
    /// The norms that count (one per event, within the window).
    pub norms_used: Vec<NormRecord>,
}

/// A player's title file: every title of the ladder the player may hold.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TitleFileReport {
    /// The player.
    pub id: PlayerId,
    /// Name.
    pub name: String,
    /// Sex.
    pub sex: Sex,
    /// The rating used.
    pub rating: Option<Decimal>,
    /// The day of the application.
    pub date: NaiveDate,
    /// The rules' name.
    pub rules: String,
    /// Results on or before this day are too old.
    pub oldest: NaiveDate,
    /// One per title, highest first.
    pub titles: Vec<TitleStanding>,
}

/// The norms of `norm` that count on `date`: within the window (after
/// `oldest`, not after `date`), one per event, newest first; and how many
/// fell outside.
fn norms_in_window(
    norms: &[NormRecord],
    norm: NormTitle,
    oldest: NaiveDate,
    date: NaiveDate,
) -> (Vec<NormRecord>, u32) {
    let mut sorted: Vec<&NormRecord> = norms.iter().filter(|n| n.title == norm).collect();
    sorted.sort_by_key(|n| std::cmp::Reverse(n.date));
    let mut used: Vec<NormRecord> = Vec::new();
    let mut expired = 0;
    for n in sorted {
        if n.date <= oldest || n.date > date {
            expired += 1;
        } else if !used.iter().any(|u| u.event == n.event) {
            used.push(n.clone());
        }
    }
    (used, expired)
}

/// The application by norms: the requirements not met and the norms used.
pub fn check_application(
    app: &Application,
    rating: Option<Decimal>,
    norms: &[NormRecord],
    oldest: NaiveDate,
    date: NaiveDate,
    window_years: u32,
) -> (Vec<String>, Vec<NormRecord>) {
    let (gaps, used) = application_gaps(app, rating, norms, oldest, date, window_years);
    (gaps.iter().map(ToString::to_string).collect(), used)
}

/// What an application still lacks, item by item ([`check_application`]
/// words each in English; a page words them in its language).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "missing", rename_all = "kebab-case")]
pub enum Gap {
    /// The rating is below the application's minimum.
    Rating {
        /// The player's rating, if rated.
        rating: Option<Decimal>,
        /// The minimum.
        min: Decimal,
        /// The article.
        article: String,
    },
    /// Too few norms within the window.
    Norms {
        /// The norm.
        norm: NormTitle,
        /// Norms that count.
        have: u32,
        /// Norms needed.
        needed: u32,
        /// Norms outside the window.
        expired: u32,
        /// The window, in years.
        window_years: u32,
        /// The article.
        article: String,
    },
    /// Too few events.
    Events {
        /// Events that count.
        have: u32,
        /// Events needed.
        needed: u32,
        /// The article.
        article: String,
    },
    /// Too few games in the norm events.
    Games {
        /// Games that count.
        have: u32,
        /// Games needed.
        needed: u32,
        /// The article.
        article: String,
    },
}

impl Gap {
    /// What is missing in words, citing its article.
    ///
    /// ```
    /// use qiyuan_rating::Lang;
    /// use qiyuan_rating::titles::Gap;
    /// let g = Gap::Games { have: 17, needed: 18, article: "十".into() };
    /// assert_eq!(g.text(Lang::En), "17 games, 18 needed (十)");
    /// assert_eq!(g.text(Lang::Zh), "对局 17 盘，须 18 盘（十）");
    /// ```
    pub fn text(&self, lang: crate::Lang) -> String {
        match self {
            Gap::Rating {
                rating,
                min,
                article,
            } => {
                let r = rating.map_or_else(|| lang.t("none", "无").to_string(), |r| r.to_string());
                lang.pick(
                    format!("rating {r} below {min} ({article})"),
                    format!("等级分 {r}，须不低于 {min}（{article}）"),
                )
            }
            Gap::Norms {
                norm,
                have,
                needed,
                expired,
                window_years,
                article,
            } => {
                let name = norm.name(lang);
                let old = if *expired > 0 {
                    lang.pick(
                        format!("; {expired} outside the window"),
                        format!("；另有 {expired} 个已超出期限"),
                    )
                } else {
                    String::new()
                };
                lang.pick(
                    format!("{have} {name} norms from different events within {window_years} years, {needed} needed{old} ({article})"),
                    format!("{window_years} 年内不同赛事的{name}称号标准 {have} 个，须 {needed} 个{old}（{article}）"),
                )
            }
            Gap::Events {
                have,
                needed,
                article,
            } => lang.pick(
                format!("{have} events, {needed} needed ({article})"),
                format!("赛事 {have} 个，须 {needed} 个（{article}）"),
            ),
            Gap::Games {
                have,
                needed,
                article,
            } => lang.pick(
                format!("{have} games, {needed} needed ({article})"),
                format!("对局 {have} 盘，须 {needed} 盘（{article}）"),
            ),
        }
    }
}

impl std::fmt::Display for Gap {
    /// The gap in English ([`Gap::text`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(crate::Lang::En))
    }
}

/// [`check_application`]'s gaps as data.
pub fn application_gaps(
    app: &Application,
    rating: Option<Decimal>,
    norms: &[NormRecord],
    oldest: NaiveDate,
    date: NaiveDate,
    window_years: u32,
) -> (Vec<Gap>, Vec<NormRecord>) {
    let mut gaps = Vec::new();
    if let Some(min) = app.min_rating
        && rating.is_none_or(|r| r < min)
    {
        gaps.push(Gap::Rating {
            rating,
            min,
            article: app.article.clone(),
        });
    }
    let (used, expired) = norms_in_window(norms, app.norm, oldest, date);
    let count = used.len() as u32;
    if count < app.norms {
        gaps.push(Gap::Norms {
            norm: app.norm,
            have: count,
            needed: app.norms,
            expired,
            window_years,
            article: app.article.clone(),
        });
    }
    if count < app.min_events {
        gaps.push(Gap::Events {
            have: count,
            needed: app.min_events,
            article: app.article.clone(),
        });
    }
    let games: u32 = used.iter().map(|n| n.games).sum();
    if games < app.min_games {
        gaps.push(Gap::Games {
            have: games,
            needed: app.min_games,
            article: app.article.clone(),
        });
    }
    (gaps, used)
}

/// The day `years` years before `date` (results on or before it are too old).
pub fn window_start(date: NaiveDate, years: u32) -> NaiveDate {
    date.checked_sub_months(Months::new(12 * years))
        .unwrap_or(NaiveDate::MIN)
}

/// A player's title file on `date`: for every title of the ladder the
/// player's sex may hold, each route (placement, FIDE title, norms) and
/// whether it is met, and what the norms route still lacks.
pub fn title_file(rules: &TitleRules, file: &TitleFile, date: NaiveDate) -> TitleFileReport {
    let oldest = window_start(date, rules.window_years);
    let mut titles = Vec::new();
    for def in rules.titles.iter() {
        if def.sex.is_some_and(|s| s != file.sex) {
            continue;
        }
        let held = file
            .titles_held
            .iter()
            .any(|h| rules.holds(h, file.sex, &def.code) && rules.find(h, file.sex).is_some());
        let mut routes = Vec::new();
        // One route per standard (article) of the title; rows sharing an
        // article (亚洲个人赛、中国独立区个人赛和全国个人冠军赛前八名) are one.
        let mut articles: Vec<&str> = Vec::new();
        for row in rules.placement.iter().filter(|r| r.title == def.code) {
            if !articles.contains(&row.article.as_str()) {
                articles.push(&row.article);
            }
        }
        for article in articles {
            let rows: Vec<&PlacementRow> = rules
                .placement
                .iter()
                .filter(|r| r.title == def.code && r.article == article)
                .collect();
            let got: Vec<&PlacementResult> = file
                .placements
                .iter()
                .filter(|p| p.article == article && p.date > oldest && p.date <= date)
                .collect();
            let why = if got.is_empty() {
                RouteDetail::NoPlacement(rows.iter().map(|r| PlacementWords::of(r)).collect())
            } else {
                RouteDetail::Placed(
                    got.iter()
                        .map(|p| (p.event.clone(), p.date, p.basis.clone()))
                        .collect(),
                )
            };
            routes.push(Route {
                kind: RouteKind::Placement,
                met: !got.is_empty(),
                detail: why.to_string(),
                why,
                article: article.to_string(),
            });
        }
        for f in rules.fide.iter().filter(|f| f.title == def.code) {
            let has = file.titles_held.iter().any(|h| h == &f.code);
            let why = RouteDetail::Fide {
                code: f.code.clone(),
                holds: has,
            };
            routes.push(Route {
                kind: RouteKind::Fide,
                met: has,
                detail: why.to_string(),
                why,
                article: f.article.clone(),
            });
        }
        let mut gaps = Vec::new();
        let mut norms_used = Vec::new();
        if let Some(app) = def.norm.and_then(|n| rules.application(n)) {
            let (m, used) = application_gaps(
                app,
                file.rating,
                &file.norms,
                oldest,
                date,
                rules.window_years,
            );
            let why = RouteDetail::Norms {
                norms: used.len(),
                games: used.iter().map(|n| n.games).sum(),
                rating: file.rating,
                min: app.min_rating,
            };
            routes.push(Route {
                kind: RouteKind::Norms,
                met: m.is_empty(),
                detail: why.to_string(),
                why,
                article: app.article.clone(),
            });
            gaps = m;
            norms_used = used;
        }
        let eligible = routes.iter().any(|r| r.met);
        titles.push(TitleStanding {
            title: def.code.clone(),
            name: def.display_name().to_string(),
            held,
            eligible,
            routes,
            missing: gaps.iter().map(ToString::to_string).collect(),
            gaps,
            norms_used,
        });
    }
    TitleFileReport {
        id: file.id,
        name: file.name.clone(),
        sex: file.sex,
        rating: file.rating,
        date,
        rules: rules.name.clone(),
        oldest,
        titles,
    }
}

// ------------------------------------------------------- one event's titles

/// An event's titles: the norm check (every title's norm per player) and
/// the titles its places give.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EventTitleReport {
    /// The title rules used.
    pub rules: String,
    /// Norms (cca-chess 六, 八(十三); cxa-legacy 六).
    pub norms: crate::norms::NormReport,
    /// Titles by placement (cca-chess 第一条, 第二条).
    pub placement: PlacementReport,
}

/// The norms and placement titles of one event under a profile — what the
/// desk's title tab and `qiyuan titles EVENT` show.
pub fn event_titles(
    event: &Event,
    profile: &Profile,
) -> Result<EventTitleReport, crate::event::RateError> {
    let norms = crate::norms::check_norms(event, profile)?;
    let rules = TitleRules::for_profile(profile).unwrap_or_else(|_| empty_rules(profile.game));
    Ok(EventTitleReport {
        rules: rules.name.clone(),
        placement: placement_titles(event, &rules),
        norms,
    })
}

fn empty_rules(game: GameKind) -> TitleRules {
    TitleRules {
        name: "none".into(),
        title: String::new(),
        source: String::new(),
        game,
        window_years: 4,
        window_article: String::new(),
        team_share_rounding: ShareRounding::Down,
        team_share_article: String::new(),
        titles: Vec::new(),
        fide: Vec::new(),
        placement: Vec::new(),
        applications: Vec::new(),
        title_events: Vec::new(),
    }
}

/// A player's title file gathered from event reports: the norms achieved
/// and the placement titles won in each (the date of an event is its last
/// day, else its first). The rating and the titles held are the caller's
/// (the latest list).
pub fn title_file_from_events(
    id: PlayerId,
    reports: &[(&Event, &EventTitleReport)],
    rating: Option<Decimal>,
    titles_held: Vec<String>,
) -> Option<TitleFile> {
    let mut file: Option<TitleFile> = None;
    for (event, report) in reports {
        let Some(p) = event.player(id) else { continue };
        let date = event.end().or(event.start());
        let f = file.get_or_insert_with(|| TitleFile {
            id,
            name: p.name.clone(),
            sex: p.sex,
            rating,
            titles_held: titles_held.clone(),
            norms: Vec::new(),
            placements: Vec::new(),
        });
        let Some(date) = date else { continue };
        if let Some(pn) = report.norms.players.iter().find(|x| x.id == id) {
            for r in pn.results.iter().filter(|r| r.achieved) {
                f.norms.push(NormRecord {
                    title: r.title,
                    event: event.name().to_string(),
                    date,
                    games: pn.games,
                });
            }
        }
        for a in report.placement.awards.iter().filter(|a| a.player == id) {
            f.placements.push(PlacementResult {
                title: a.title.clone(),
                event: event.name().to_string(),
                date,
                article: a.article.clone(),
                how: a.how.clone(),
                basis: a.basis.clone(),
            });
        }
    }
    file
}
