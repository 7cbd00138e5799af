//! Printable HTML pages of a tournament: standings (排名), crosstable (总表 /
//! 成绩交叉表), pairing list (对阵表) and result slips (成绩单, one per board).
//!
//! Every function is pure and returns a complete, self-contained HTML5
//! document (UTF-8, inline stylesheet with an `@media print` part) laid out
//! as arbiters know it from chess-results / Swiss-Manager and the Chinese
//! platforms:
//!
//! * standings: `Rk · SNo · (Title) · Name · (FED) · Rtg · (Club) · Pts · TB1 …`
//!   then a legend naming each tie-break; tied participants show the rank on
//!   the first line only; each tie-break shows its
//!   [`Shown`](qiyuan_tournament::standings::Shown) figure (DE: the points
//!   among the tied, C.07 art. 6, with the legend's note on the mark);
//! * crosstable ([`CrosstableLayout::Rounds`]): one column per round, each
//!   cell `<opponent><colour><result>` such as `12w1`, `3b½`, `7w+` (forfeit
//!   win), `-1` (pairing-allocated or full-point bye), `-½`, `-0` (requested
//!   byes), blank for an absence; the opponent is named by his rank (or his
//!   starting number, [`CrossRef`]); colours `w`/`b`, `r`/`b` (红/黑) for
//!   xiangqi; results and byes are the points the event's scoring gives
//!   ([`points_text`]: `1 ½ 0` under 1-½-0, `2 1 0` under the xiangqi
//!   2-1-0, as the desk's crosstable writes them), so the cells add up to
//!   the points column. [`CrosstableLayout::Grid`] is the round-robin grid,
//!   `*` on the diagonal;
//! * pairings: `Bo · No · White · Rtg · Pts · Result · Pts · Black · Rtg · No`
//!   with the points before the round (xiangqi: 台 · 编号 · 红方 · 积分 · 结果 ·
//!   积分 · 黑方 · 编号), byes after the games with the points the bye scores
//!   on the event's scale ([`bye_points_text`]);
//! * result slips: one box per board with the event, round, board, both
//!   players, result boxes and signature lines, dashed for cutting;
//! * knockout bracket ([`bracket_html`]): one table per round (第1轮 …
//!   半决赛, 决赛), one line per tie, the winner in bold, byes as 轮空.
//!
//! All text from the event (names, clubs, titles, the page title) is escaped.
//!
//! ```
//! use qiyuan_formats::html::{HtmlOptions, standings_html};
//! use qiyuan_tournament::model::*;
//! use qiyuan_tournament::{compute_standings, StandingsConfig};
//! let mut e = Event::new(EventKind::RoundRobin, 1);
//! e.add_player(Player::new(1, "A & B")).unwrap();
//! e.add_player(Player::new(2, "<i>C</i>")).unwrap();
//! let r = e.add_round();
//! e.add_game(r, Game::new(1, 2, GameResult::WhiteWins)).unwrap();
//! let s = compute_standings(&e, &StandingsConfig::default()).unwrap();
//! let page = standings_html(&e, &s, &HtmlOptions::new("Club <Cup>"));
//! assert!(page.starts_with("<!DOCTYPE html>"));
//! assert!(page.contains("A &amp; B") && page.contains("&lt;i&gt;C&lt;/i&gt;"));
//! assert!(page.contains("Club &lt;Cup&gt;") && page.contains("@media print"));
//! ```

use std::fmt::Write as _;

use qiyuan_rating::Lang;
use qiyuan_rating::model::GameKind;
use qiyuan_tournament::knockout::{Bracket, Slot};
use qiyuan_tournament::model::{
    ByeKind, Colour, Event, GameResult, Outcome, Player, PlayerId, ResultWording,
};
use qiyuan_tournament::scoring::ScoringSystem;
use qiyuan_tournament::standings::Standings;
use rust_decimal::Decimal;

/// Language of the headers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HtmlLang {
    /// 中文.
    #[default]
    Zh,
    /// English.
    En,
    /// Both: `名次 Rk`.
    Both,
}

/// How the crosstable names opponents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CrossRef {
    /// By final rank ("ranking crosstable").
    #[default]
    Rank,
    /// By starting number (pairing number).
    StartNumber,
}

/// Crosstable layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CrosstableLayout {
    /// One column per round (Swiss, or any event).
    #[default]
    Rounds,
    /// Round-robin grid: one column per participant in rank order.
    Grid,
}

/// Page options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HtmlOptions {
    /// Title of the page (the event name), escaped on output.
    pub title: String,
    /// Header language.
    pub lang: HtmlLang,
    /// Xiangqi: 红方 / 黑方 and `r`/`b` colour letters instead of White /
    /// Black and `w`/`b`.
    pub xiangqi: bool,
    /// How the crosstable names opponents.
    pub cross_ref: CrossRef,
    /// Crosstable layout.
    pub layout: CrosstableLayout,
    /// How a xiangqi event writes its results on the pairing list: 红胜 /
    /// 和 / 黑胜 (the default) or 2:0 / 1:1 / 0:2 (象棋竞赛规则).
    pub result_wording: ResultWording,
}

impl HtmlOptions {
    /// Chinese headers, chess colours, opponents by rank, round columns.
    pub fn new(title: impl Into<String>) -> HtmlOptions {
        HtmlOptions {
            title: title.into(),
            lang: HtmlLang::Zh,
            xiangqi: false,
            cross_ref: CrossRef::Rank,
            layout: CrosstableLayout::Rounds,
            result_wording: ResultWording::Words,
        }
    }

    fn t(&self, zh: &str, en: &str) -> String {
        match self.lang {
            HtmlLang::Zh => zh.to_string(),
            HtmlLang::En => en.to_string(),
            HtmlLang::Both => format!("{zh} {en}"),
        }
    }

    /// A vocabulary word in the options' language (both, Chinese first).
    fn word(&self, label: impl Fn(Lang) -> &'static str) -> String {
        match self.lang {
            HtmlLang::Zh => label(Lang::Zh).to_string(),
            HtmlLang::En => label(Lang::En).to_string(),
            HtmlLang::Both => format!("{} {}", label(Lang::Zh), label(Lang::En)),
        }
    }

    fn game(&self) -> GameKind {
        if self.xiangqi {
            GameKind::Xiangqi
        } else {
            GameKind::Chess
        }
    }

    fn white(&self) -> String {
        self.word(|l| Colour::White.label(self.game(), l))
    }

    fn black(&self) -> String {
        self.word(|l| Colour::Black.label(self.game(), l))
    }
}

/// Escapes text for HTML element content and attribute values.
///
/// ```
/// assert_eq!(qiyuan_formats::html::escape(r#"<a href="x">'&'</a>"#),
///            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
/// ```
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = "\
body{font-family:system-ui,\"Noto Sans CJK SC\",\"Microsoft YaHei\",sans-serif;margin:1.5em;color:#111}
h1{font-size:1.4em;margin:0 0 .2em}h2{font-size:1.1em;margin:.2em 0 .8em;font-weight:normal}
table{border-collapse:collapse;font-size:.9em}
th,td{border:1px solid #999;padding:.15em .45em;white-space:nowrap}
th{background:#eee}td.n{text-align:right}td.c{text-align:center}td.name{text-align:left}
tr:nth-child(even) td{background:#f7f7f7}td.self{background:#ccc}
ol.legend{font-size:.85em;color:#333}
.slips{display:flex;flex-wrap:wrap;gap:0}
.slip{border:1px dashed #555;padding:.8em 1em;margin:0 0 -1px -1px;width:45%;box-sizing:border-box;page-break-inside:avoid;break-inside:avoid}
.slip table{width:100%}.slip td,.slip th{border:none;padding:.3em .2em}
.box{display:inline-block;width:1em;height:1em;border:1px solid #000;vertical-align:middle;margin:0 .3em}
.sign{border-bottom:1px solid #000;display:inline-block;width:8em}
@media print{body{margin:0;font-size:10pt}tr:nth-child(even) td{background:none}th{background:none}
td.self{background:#ddd;-webkit-print-color-adjust:exact;print-color-adjust:exact}
table{page-break-inside:auto}tr{page-break-inside:avoid;break-inside:avoid}thead{display:table-header-group}
.noprint{display:none}}
";

fn page(opts: &HtmlOptions, heading: &str, body: &str) -> String {
    let lang = match opts.lang {
        HtmlLang::En => "en",
        _ => "zh-CN",
    };
    let title = escape(&opts.title);
    format!(
        "<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title} — {heading}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n\
         <h1>{title}</h1>\n<h2>{heading}</h2>\n{body}</body>\n</html>\n",
        heading = escape(heading)
    )
}

/// A decimal as printed: `1`, `2.5` (no trailing zeros).
fn num(d: Decimal) -> String {
    d.normalize().to_string()
}

/// Points as a wall chart writes them: `2`, `1½`, `½`, `0`. The desk's
/// pages and prints use it too (`qiyuan_desk::reports::points_text`).
///
/// ```
/// use qiyuan_formats::html::points_text;
/// use rust_decimal::Decimal;
/// assert_eq!(points_text(Decimal::new(15, 1)), "1½");
/// assert_eq!(points_text(Decimal::new(5, 1)), "½");
/// assert_eq!(points_text(Decimal::new(20, 1)), "2");
/// assert_eq!(points_text(Decimal::ZERO), "0");
/// ```
pub fn points_text(p: Decimal) -> String {
    let p = p.normalize();
    let whole = p.trunc();
    if p - whole == Decimal::new(5, 1) {
        if whole.is_zero() {
            "½".into()
        } else {
            format!("{whole}½")
        }
    } else {
        p.to_string()
    }
}

/// The points a bye scores on the event's scale, as a wall chart writes
/// them ([`points_text`]): a pairing-allocated bye is `1` under 1-½-0 and
/// `2` under the xiangqi 2-1-0, a half-point bye `½` or `1`. The one home
/// of a bye's printed points: this module's pairing list and crosstable,
/// the desk's prints and the public pairing pages
/// (`qiyuan_desk::reports::bye_points_text`) all write them through it.
///
/// ```
/// use qiyuan_formats::html::bye_points_text;
/// use qiyuan_tournament::model::ByeKind;
/// use qiyuan_tournament::scoring::ScoringSystem;
/// let xiangqi = ScoringSystem::xiangqi_2011();
/// assert_eq!(bye_points_text(ByeKind::PairingAllocated, &xiangqi), "2");
/// assert_eq!(bye_points_text(ByeKind::HalfPoint, &xiangqi), "1");
/// assert_eq!(bye_points_text(ByeKind::HalfPoint, &ScoringSystem::fide()), "½");
/// assert_eq!(bye_points_text(ByeKind::ZeroPoint, &ScoringSystem::fide()), "0");
/// ```
pub fn bye_points_text(kind: ByeKind, scoring: &ScoringSystem) -> String {
    points_text(scoring.points(Outcome::Bye(kind)))
}

fn name_cell(p: Option<&Player>) -> String {
    match p {
        Some(p) => {
            let mut s = String::new();
            if let Some(t) = p.title.as_deref().filter(|t| !t.is_empty()) {
                let _ = write!(s, "<span class=\"title\">{}</span> ", escape(t));
            }
            s.push_str(&escape(&p.name));
            s
        }
        None => String::new(),
    }
}

fn rating(p: Option<&Player>) -> String {
    p.and_then(|p| p.rating)
        .map(|r| r.to_string())
        .unwrap_or_default()
}

fn th_row(cells: &[String]) -> String {
    let mut s = String::from("<thead><tr>");
    for c in cells {
        let _ = write!(s, "<th>{}</th>", escape(c));
    }
    s.push_str("</tr></thead>\n");
    s
}

/// Which optional columns have any data.
struct Optional {
    fed: bool,
    club: bool,
}

fn optional(event: &Event) -> Optional {
    let ps = event.players();
    Optional {
        fed: ps.iter().any(|p| p.federation.is_some()),
        club: ps.iter().any(|p| p.club.is_some()),
    }
}

/// The standings table with one column per tie-break, and a legend naming
/// each tie-break.
pub fn standings_html(event: &Event, standings: &Standings, opts: &HtmlOptions) -> String {
    let opt = optional(event);
    let mut h = vec![opts.t("名次", "Rk."), opts.t("编号", "SNo")];
    h.push(opts.t("姓名", "Name"));
    if opt.fed {
        h.push(opts.t("协会", "FED"));
    }
    h.push(opts.t("等级分", "Rtg"));
    if opt.club {
        h.push(opts.t("单位", "Club"));
    }
    h.push(opts.t("积分", "Pts."));
    for (i, _) in standings.tiebreaks.iter().enumerate() {
        h.push(format!("TB{}", i + 1));
    }
    let mut body = String::from("<table class=\"standings\">\n");
    body.push_str(&th_row(&h));
    body.push_str("<tbody>\n");
    for (i, row) in standings.rows.iter().enumerate() {
        let p = event.player(row.player);
        let rank = standings
            .printed_rank(i)
            .map(|r| r.to_string())
            .unwrap_or_default();
        let _ = write!(
            body,
            "<tr><td class=\"n\">{rank}</td><td class=\"n\">{}</td><td class=\"name\">{}</td>",
            row.player,
            name_cell(p)
        );
        if opt.fed {
            let fed = p.and_then(|p| p.federation.as_deref()).unwrap_or("");
            let _ = write!(body, "<td class=\"c\">{}</td>", escape(fed));
        }
        let _ = write!(body, "<td class=\"n\">{}</td>", rating(p));
        if opt.club {
            let club = p.and_then(|p| p.club.as_deref()).unwrap_or("");
            let _ = write!(body, "<td class=\"name\">{}</td>", escape(club));
        }
        let _ = write!(body, "<td class=\"n\">{}</td>", num(row.points));
        for v in &row.shown {
            let _ = write!(body, "<td class=\"n\">{}</td>", escape(&v.text(num)));
        }
        body.push_str("</tr>\n");
    }
    body.push_str("</tbody>\n</table>\n");
    body.push_str(&legend(standings, opts));
    let heading = match opts.lang {
        HtmlLang::Zh => format!("第{}轮后排名", standings.after_round),
        HtmlLang::En => format!("Rank after round {}", standings.after_round),
        HtmlLang::Both => format!(
            "第{}轮后排名 Rank after round {}",
            standings.after_round, standings.after_round
        ),
    };
    page(opts, &heading, &body)
}

fn legend(standings: &Standings, opts: &HtmlOptions) -> String {
    if standings.tiebreaks.is_empty() && standings.rows.iter().all(|r| r.lot.is_none()) {
        return String::new();
    }
    let mut s = String::from("<ol class=\"legend\">\n");
    for tb in &standings.tiebreaks {
        let name = match opts.lang {
            HtmlLang::Zh => tb.name_zh(),
            HtmlLang::En => tb.name_en(),
            HtmlLang::Both => format!("{} {}", tb.name_zh(), tb.name_en()),
        };
        let _ = writeln!(
            s,
            "<li>{} — {}</li>",
            escape(&tb.to_string()),
            escape(&name)
        );
    }
    s.push_str("</ol>\n");
    // DE shows the points among the tied, marked where they do not give
    // the order (C.07 art. 6): say so once.
    for tb in &standings.tiebreaks {
        let (zh, en) = (tb.kind.shown_note(Lang::Zh), tb.kind.shown_note(Lang::En));
        if let (Some(zh), Some(en)) = (zh, en) {
            let _ = writeln!(s, "<p class=\"legend\">{}</p>", escape(&opts.t(zh, en)));
            break;
        }
    }
    if standings.rows.iter().any(|r| r.lot.is_some()) {
        let _ = writeln!(
            s,
            "<p class=\"legend\">{}</p>",
            escape(&opts.t(
                "同分者以抽签决定名次。",
                "Remaining ties broken by drawing of lots."
            ))
        );
    }
    s
}

/// A player's own result on the event's scale (`1 ½ 0`, `2 1 0`),
/// `+`/`-` for forfeits, the points of a bye ([`bye_points_text`]); empty
/// while pending or absent.
fn result_text(outcome: Outcome, scoring: &ScoringSystem) -> String {
    match outcome {
        Outcome::Played { .. } => points_text(scoring.points(outcome)),
        Outcome::ForfeitWin { .. } => "+".into(),
        Outcome::ForfeitLoss { .. } | Outcome::DoubleForfeit { .. } => "-".into(),
        Outcome::Pending { .. } | Outcome::Bye(ByeKind::Absent) => String::new(),
        Outcome::Bye(kind) => bye_points_text(kind, scoring),
    }
}

fn colour_char(c: Colour, opts: &HtmlOptions) -> char {
    match (c, opts.xiangqi) {
        (Colour::White, false) => 'w',
        (Colour::White, true) => 'r',
        (Colour::Black, _) => 'b',
    }
}

/// The crosstable cell of one round (`12w1`, `-½`, …), unescaped.
fn cross_cell(
    outcome: Outcome,
    label: &dyn Fn(PlayerId) -> String,
    scoring: &ScoringSystem,
    opts: &HtmlOptions,
) -> String {
    match outcome {
        Outcome::Bye(ByeKind::Absent) => String::new(),
        Outcome::Bye(_) => format!("-{}", result_text(outcome, scoring)),
        _ => {
            let (Some(o), Some(c)) = (outcome.opponent(), outcome.colour()) else {
                return String::new();
            };
            format!(
                "{}{}{}",
                label(o),
                colour_char(c, opts),
                result_text(outcome, scoring)
            )
        }
    }
}

/// The crosstable (总表): rows in rank order with rank, starting number,
/// name, rating, the rounds (or the round-robin grid), points and
/// tie-breaks. Rounds after [`Standings::after_round`] are not shown.
/// Results and byes are written on the scale of `scoring`, the scoring the
/// standings were computed with.
pub fn crosstable_html(
    event: &Event,
    standings: &Standings,
    scoring: &ScoringSystem,
    opts: &HtmlOptions,
) -> String {
    let table = event.outcome_table();
    let rounds = (standings.after_round as usize).min(event.rounds().len());
    let rank_of = |id: PlayerId| standings.row(id).map(|r| r.rank);
    // Position in the standings, for the grid and for labels by rank.
    let position = |id: PlayerId| standings.rows.iter().position(|r| r.player == id);
    let label = |id: PlayerId| -> String {
        match opts.cross_ref {
            CrossRef::StartNumber => id.to_string(),
            CrossRef::Rank => rank_of(id).map_or_else(|| id.to_string(), |r| r.to_string()),
        }
    };
    let mut h = vec![
        opts.t("名次", "Rk."),
        opts.t("编号", "SNo"),
        opts.t("姓名", "Name"),
        opts.t("等级分", "Rtg"),
    ];
    match opts.layout {
        CrosstableLayout::Rounds => {
            for r in 1..=rounds {
                h.push(match opts.lang {
                    HtmlLang::Zh => format!("第{r}轮"),
                    HtmlLang::En => format!("{r}.Rd"),
                    HtmlLang::Both => format!("第{r}轮 {r}.Rd"),
                });
            }
        }
        CrosstableLayout::Grid => {
            for i in 1..=standings.rows.len() {
                h.push(i.to_string());
            }
        }
    }
    h.push(opts.t("积分", "Pts."));
    for (i, _) in standings.tiebreaks.iter().enumerate() {
        h.push(format!("TB{}", i + 1));
    }
    let mut body = String::from("<table class=\"crosstable\">\n");
    body.push_str(&th_row(&h));
    body.push_str("<tbody>\n");
    for (pos, row) in standings.rows.iter().enumerate() {
        let p = event.player(row.player);
        let Some(i) = event.player_index(row.player) else {
            continue;
        };
        let _ = write!(
            body,
            "<tr><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"name\">{}</td><td class=\"n\">{}</td>",
            row.rank,
            row.player,
            name_cell(p),
            rating(p)
        );
        match opts.layout {
            CrosstableLayout::Rounds => {
                for &o in &table[i][..rounds] {
                    let _ = write!(
                        body,
                        "<td class=\"c\">{}</td>",
                        escape(&cross_cell(o, &label, scoring, opts))
                    );
                }
            }
            CrosstableLayout::Grid => {
                let mut cells = vec![String::new(); standings.rows.len()];
                for &o in &table[i][..rounds] {
                    if let Some(j) = o.opponent().and_then(position) {
                        // Several games against one opponent (a double
                        // round robin) apart: `2 1`, never `21`.
                        if !cells[j].is_empty() {
                            cells[j].push(' ');
                        }
                        cells[j].push_str(&result_text(o, scoring));
                    }
                }
                for (j, c) in cells.iter().enumerate() {
                    if j == pos {
                        body.push_str("<td class=\"c self\">*</td>");
                    } else {
                        let _ = write!(body, "<td class=\"c\">{}</td>", escape(c));
                    }
                }
            }
        }
        let _ = write!(body, "<td class=\"n\">{}</td>", num(row.points));
        for v in &row.shown {
            let _ = write!(body, "<td class=\"n\">{}</td>", escape(&v.text(num)));
        }
        body.push_str("</tr>\n");
    }
    body.push_str("</tbody>\n</table>\n");
    body.push_str(&legend(standings, opts));
    let heading = match opts.lang {
        HtmlLang::Zh => format!("第{}轮后成绩总表", standings.after_round),
        HtmlLang::En => format!("Ranking crosstable after round {}", standings.after_round),
        HtmlLang::Both => format!(
            "第{}轮后成绩总表 Ranking crosstable after round {}",
            standings.after_round, standings.after_round
        ),
    };
    page(opts, &heading, &body)
}

/// Errors of the round-based pages.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HtmlError {
    /// The round has not been entered.
    #[error("round {round} is not entered (the event has {entered} rounds)")]
    NoSuchRound {
        /// Requested round.
        round: u32,
        /// Entered rounds.
        entered: u32,
    },
}

impl HtmlError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        match (lang, self) {
            (Lang::En, _) => self.to_string(),
            (Lang::Zh, HtmlError::NoSuchRound { round, entered }) => {
                format!("第 {round} 轮尚未录入（赛事已录入 {entered} 轮）")
            }
        }
    }
}

fn check_round(event: &Event, round: u32) -> Result<(), HtmlError> {
    let entered = event.rounds().len() as u32;
    if round == 0 || round > entered {
        return Err(HtmlError::NoSuchRound { round, entered });
    }
    Ok(())
}

/// Each player's points before `round` (1-based), by player index.
fn points_before(event: &Event, scoring: &ScoringSystem, round: u32) -> Vec<Decimal> {
    event
        .outcome_table()
        .iter()
        .map(|row| {
            row.iter()
                .take(round as usize - 1)
                .map(|&o| scoring.points(o))
                .sum()
        })
        .collect()
}

/// The pairing list (对阵表) of `round` (1-based): board, numbers, names,
/// ratings, points before the round and the result; byes after the games,
/// in the result column the points the bye scores under `scoring`
/// ([`bye_points_text`]).
pub fn pairings_html(
    event: &Event,
    scoring: &ScoringSystem,
    round: u32,
    opts: &HtmlOptions,
) -> Result<String, HtmlError> {
    check_round(event, round)?;
    let before = points_before(event, scoring, round);
    let pts = |id: PlayerId| {
        event
            .player_index(id)
            .map(|i| num(before[i]))
            .unwrap_or_default()
    };
    let h = vec![
        opts.t("台次", "Bo."),
        opts.t("编号", "No."),
        opts.white(),
        opts.t("等级分", "Rtg"),
        opts.t("积分", "Pts."),
        opts.t("结果", "Result"),
        opts.t("积分", "Pts."),
        opts.black(),
        opts.t("等级分", "Rtg"),
        opts.t("编号", "No."),
    ];
    let game = if opts.xiangqi {
        GameKind::Xiangqi
    } else {
        GameKind::Chess
    };
    let mut body = String::from("<table class=\"pairings\">\n");
    body.push_str(&th_row(&h));
    body.push_str("<tbody>\n");
    let r = &event.rounds()[round as usize - 1];
    for (b, g) in r.games.iter().enumerate() {
        let (w, bl) = (event.player(g.white), event.player(g.black));
        let _ = writeln!(
            body,
            "<tr><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"name\">{}</td><td class=\"n\">{}</td>\
             <td class=\"n\">{}</td><td class=\"c\">{}</td><td class=\"n\">{}</td><td class=\"name\">{}</td>\
             <td class=\"n\">{}</td><td class=\"n\">{}</td></tr>",
            b + 1,
            g.white,
            name_cell(w),
            rating(w),
            pts(g.white),
            opts.t(
                g.result.label_in(game, opts.result_wording, Lang::Zh),
                g.result.label_in(game, opts.result_wording, Lang::En)
            ),
            pts(g.black),
            name_cell(bl),
            rating(bl),
            g.black
        );
    }
    for &(id, kind) in &r.byes {
        let p = event.player(id);
        let text = opts.t(kind.label(Lang::Zh), kind.label(Lang::En));
        let res = bye_points_text(kind, scoring);
        let _ = writeln!(
            body,
            "<tr class=\"bye\"><td class=\"n\"></td><td class=\"n\">{id}</td><td class=\"name\">{}</td><td class=\"n\">{}</td>\
             <td class=\"n\">{}</td><td class=\"c\">{res}</td><td class=\"n\"></td><td class=\"name\">{}</td>\
             <td class=\"n\"></td><td class=\"n\"></td></tr>",
            name_cell(p),
            rating(p),
            pts(id),
            escape(&text)
        );
    }
    body.push_str("</tbody>\n</table>\n");
    let total = event.total_rounds();
    let heading = match opts.lang {
        HtmlLang::Zh => format!("第{round}轮/共{total}轮 对阵表"),
        HtmlLang::En => format!("Pairings, round {round} of {total}"),
        HtmlLang::Both => {
            format!("第{round}轮/共{total}轮 对阵表 Pairings, round {round} of {total}")
        }
    };
    Ok(page(opts, &heading, &body))
}

/// Result slips (成绩单) of `round`: one box per board, for printing and
/// cutting along the dashed lines.
pub fn result_slips_html(
    event: &Event,
    round: u32,
    opts: &HtmlOptions,
) -> Result<String, HtmlError> {
    check_round(event, round)?;
    let r = &event.rounds()[round as usize - 1];
    let title = escape(&opts.title);
    let mut body = String::from("<div class=\"slips\">\n");
    for (b, g) in r.games.iter().enumerate() {
        let board = b + 1;
        let side = |id: PlayerId| {
            let p = event.player(id);
            format!("{} ({id})", name_cell(p))
        };
        // The result boxes in the vocabulary's words, as the event writes
        // results (红胜 / 和 / 黑胜 or 2:0 / 1:1 / 0:2; 1-0 / ½-½ / 0-1).
        let game = if opts.xiangqi {
            GameKind::Xiangqi
        } else {
            GameKind::Chess
        };
        let mut boxes = String::new();
        for r in [
            GameResult::WhiteWins,
            GameResult::Draw,
            GameResult::BlackWins,
        ] {
            let (zh, en) = (
                r.label_in(game, opts.result_wording, Lang::Zh),
                r.label_in(game, opts.result_wording, Lang::En),
            );
            let label = if zh == en {
                zh.to_string()
            } else {
                opts.t(zh, en)
            };
            let _ = write!(boxes, "<span class=\"box\"></span>{} ", escape(&label));
        }
        let _ = writeln!(
            body,
            "<div class=\"slip\">\n<div>{title}</div>\n<table>\n\
             <tr><th>{}</th><td>{round}</td><th>{}</th><td>{board}</td></tr>\n\
             <tr><th>{}</th><td colspan=\"3\">{}</td></tr>\n\
             <tr><th>{}</th><td colspan=\"3\">{}</td></tr>\n\
             <tr><th>{}</th><td colspan=\"3\">{boxes}</td></tr>\n\
             <tr><th>{}</th><td colspan=\"3\"><span class=\"sign\"></span> <span class=\"sign\"></span></td></tr>\n\
             </table>\n</div>",
            escape(&opts.t("轮次", "Round")),
            escape(&opts.t("台次", "Board")),
            escape(&opts.white()),
            side(g.white),
            escape(&opts.black()),
            side(g.black),
            escape(&opts.t("结果", "Result")),
            escape(&opts.t("签名", "Signatures")),
        );
    }
    body.push_str("</div>\n");
    let heading = match opts.lang {
        HtmlLang::Zh => format!("第{round}轮 成绩单"),
        HtmlLang::En => format!("Result slips, round {round}"),
        HtmlLang::Both => format!("第{round}轮 成绩单 Result slips, round {round}"),
    };
    Ok(page(opts, &heading, &body))
}

/// The knockout bracket (淘汰赛对阵表): one table per round, ties top to
/// bottom, as `tie · seed · player · – · player · seed`, the winner in bold;
/// players are named from `players` (by pairing number), byes as 轮空 / bye,
/// undecided places as `…`.
pub fn bracket_html(bracket: &Bracket, players: &[Player], opts: &HtmlOptions) -> String {
    let seed_of = |id: PlayerId| bracket.seeds().iter().position(|&p| p == id).map(|i| i + 1);
    let cell = |slot: Slot, winner: Option<PlayerId>| -> (String, String) {
        match slot {
            Slot::Player(id) => {
                let p = players.iter().find(|p| p.id == id);
                let name = match p {
                    Some(_) => name_cell(p),
                    None => id.to_string(),
                };
                let name = if winner == Some(id) {
                    format!("<strong>{name}</strong>")
                } else {
                    name
                };
                (name, seed_of(id).map(|s| s.to_string()).unwrap_or_default())
            }
            Slot::Bye => (escape(&opts.t("轮空", "bye")), String::new()),
            Slot::Pending => ("…".to_string(), String::new()),
        }
    };
    let h = vec![
        opts.t("场次", "Tie"),
        opts.t("种子", "Seed"),
        opts.t("选手", "Player"),
        String::new(),
        opts.t("选手", "Player"),
        opts.t("种子", "Seed"),
    ];
    let mut body = String::new();
    for (r, ties) in bracket.rounds().iter().enumerate() {
        let round = r as u32 + 1;
        let name = match opts.lang {
            HtmlLang::Zh => bracket.round_name(round, true),
            HtmlLang::En => bracket.round_name(round, false),
            HtmlLang::Both => format!(
                "{} {}",
                bracket.round_name(round, true),
                bracket.round_name(round, false)
            ),
        };
        let _ = writeln!(body, "<h3>{}</h3>", escape(&name));
        body.push_str("<table class=\"bracket\">\n");
        body.push_str(&th_row(&h));
        body.push_str("<tbody>\n");
        for (i, t) in ties.iter().enumerate() {
            let (top, top_seed) = cell(t.top, t.winner);
            let (bottom, bottom_seed) = cell(t.bottom, t.winner);
            let _ = writeln!(
                body,
                "<tr><td class=\"n\">{}</td><td class=\"n\">{top_seed}</td><td class=\"name\">{top}</td>\
                 <td class=\"c\">–</td><td class=\"name\">{bottom}</td><td class=\"n\">{bottom_seed}</td></tr>",
                i + 1
            );
        }
        body.push_str("</tbody>\n</table>\n");
    }
    let heading = opts.t("淘汰赛对阵表", "Knockout bracket");
    page(opts, &heading, &body)
}
