//! The prints an arbiter hands out (`GET /desk/events/{id}/print/{what}`):
//! pairings, the list by name, standings, crosstable and wall chart,
//! result slips, a round robin's schedule.
//!
//! Each print is one A4 sheet layout, portrait or landscape
//! (`?orientation=`; the crosstable and the wall chart default to
//! landscape, the others to portrait): the stylesheet's `@page` rules
//! give the paper and its margins, the sheet's class picks the named page
//! (`page: a4-landscape`). Wide tables are fitted to the printable width
//! by their font size: the widest text of every column is estimated here
//! (a Chinese character one em, Latin letters and digits about 0.6) and
//! the largest of the sizes `fit-10` … `fit-6` (points) at which the
//! table fits is chosen; numbers never wrap, and only when even 6 pt is
//! too wide may names and clubs (`wrap-text`).
//!
//! The standings print prints the tie-break columns the arbiter chose
//! (`?tb=1&tb=3&tb_chosen=1`: the numbers of the legend; without
//! `tb_chosen`, all of the preset's); the ranks are always those of every
//! tie-break. Standings, crosstable, wall chart and pairings end in the
//! signature lines of the chief arbiter (裁判长（签字）, with his name from
//! the settings) and the date. Result slips come eight to an A4 page with
//! dashed cut lines, each with the event, round, board, both players by
//! the game's colours, result boxes worded as the event writes results
//! (`EventSettings::result_label`: 红胜 / 和 / 黑胜 or 2:0 / 1:1 / 0:2,
//! 1-0 / ½-½ / 0-1) and both
//! players' signatures.

use axum::extract::{Path, RawQuery, State};
use maud::{Markup, html};
use qiyuan_desk::prelude::*;
use qiyuan_desk::settings::EventSettings;
use qiyuan_vocab::Heading;

use super::reports::{crosstable_markup, desk_view, pairing_table};
use super::{colour_names, desk_error, desk_style, load_for, player_label};
use crate::AppState;
use crate::auth::{SignedIn, Viewer};
use crate::error::AppError;
use crate::i18n::Lang;
use crate::layout::page;

/// The paper's orientation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Orientation {
    /// A4 portrait: 210 × 297 mm.
    Portrait,
    /// A4 landscape: 297 × 210 mm.
    Landscape,
}

/// The margin of every side of the sheet, in millimetres (the
/// stylesheet's `@page` rules say the same).
const MARGIN_MM: f64 = 10.0;

impl Orientation {
    /// The default of a print: the wide ones (crosstable, wall chart)
    /// landscape, the others portrait.
    pub(crate) fn default_for(what: &str) -> Orientation {
        match what {
            "crosstable" | "wallchart" => Orientation::Landscape,
            _ => Orientation::Portrait,
        }
    }

    fn parse(v: &str) -> Option<Orientation> {
        match v {
            "portrait" => Some(Orientation::Portrait),
            "landscape" => Some(Orientation::Landscape),
            _ => None,
        }
    }

    /// The value of `?orientation=` and the sheet's class.
    pub(crate) fn key(self) -> &'static str {
        match self {
            Orientation::Portrait => "portrait",
            Orientation::Landscape => "landscape",
        }
    }

    /// The printable width of the sheet, in points.
    fn printable_pt(self) -> f64 {
        let paper = match self {
            Orientation::Portrait => 210.0,
            Orientation::Landscape => 297.0,
        };
        (paper - 2.0 * MARGIN_MM) * 72.0 / 25.4
    }
}

/// The query of a print, read by hand because `tb` repeats.
#[derive(Debug, Default)]
struct PrintQuery {
    round: Option<u32>,
    orientation: Option<Orientation>,
    /// The tie-break columns chosen (1-based, as the legend numbers
    /// them); `None` when the form was not sent (all are printed).
    tiebreaks: Option<Vec<usize>>,
}

fn print_query(raw: Option<&str>, l: Lang) -> Result<PrintQuery, AppError> {
    let mut q = PrintQuery::default();
    let mut chosen = Vec::new();
    let mut sent = false;
    for (k, v) in form_urlencoded::parse(raw.unwrap_or("").as_bytes()) {
        match k.as_ref() {
            "round" if !v.is_empty() => {
                q.round = Some(v.parse().map_err(|_| {
                    AppError::BadRequest(l.t("The round is not a number.", "轮次不是数字。").into())
                })?);
            }
            "orientation" => {
                q.orientation = Some(Orientation::parse(&v).ok_or_else(|| {
                    AppError::BadRequest(
                        l.t(
                            "The orientation is portrait or landscape.",
                            "纸张方向只能是纵向（portrait）或横向（landscape）。",
                        )
                        .into(),
                    )
                })?);
            }
            "tb" => {
                if let Ok(n) = v.parse::<usize>() {
                    chosen.push(n);
                }
            }
            "tb_chosen" => sent = true,
            _ => {}
        }
    }
    if sent {
        q.tiebreaks = Some(chosen);
    }
    Ok(q)
}

// ---------------------------------------------------------------- fitting

/// The font sizes a print's tables may take, largest first (points), and
/// their classes.
const FITS: [(f64, &str); 5] = [
    (10.0, "fit-10"),
    (9.0, "fit-9"),
    (8.0, "fit-8"),
    (7.0, "fit-7"),
    (6.0, "fit-6"),
];

/// A cell's padding across, in points (the print stylesheet's
/// `padding: 1pt 2.5pt`), and a little more.
const CELL_PAD_PT: f64 = 5.5;

/// The share of the printable width a table may take: the estimate of a
/// text's width is rough.
const SAFETY: f64 = 0.95;

/// How wide a text prints in ems of its font, a little more than a
/// sans-serif's advances (measured on DejaVu Sans and WenQuanYi Micro
/// Hei, Debian's defaults): a Chinese (or other wide) character one em,
/// a digit 0.64, a capital 0.72, a small letter 0.57, punctuation 0.4,
/// `½` one em.
fn text_em(s: &str) -> f64 {
    s.chars()
        .map(|c| match c {
            ' ' => 0.32,
            '0'..='9' => 0.64,
            'A'..='Z' => 0.72,
            'a'..='z' => 0.57,
            '.' | ',' | ':' | ';' | '-' | '(' | ')' | '/' | '\'' | '|' => 0.4,
            '½' | '—' => 1.0,
            c if c >= '\u{2E80}' => 1.0,
            _ => 0.7,
        })
        .sum()
}

/// HTML text back to the characters it prints (maud escapes these).
fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// The text of an element's content, tags removed.
fn inner_text(s: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in s.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    unescape(&out)
}

/// The widest text of each column of every table in `html` (a page's
/// rendered sheet), in ems: header cells count 10% wider (bold); a cell
/// spanning columns (a bye's line) is left out.
fn column_widths(html: &str) -> Vec<Vec<f64>> {
    let mut tables = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find("<table") {
        let after = &rest[start..];
        let end = after.find("</table>").unwrap_or(after.len());
        let table = &after[..end];
        let mut widths: Vec<f64> = Vec::new();
        for row in table.split("<tr").skip(1) {
            let mut col = 0;
            let mut cells = row;
            loop {
                let next = [cells.find("<td"), cells.find("<th")]
                    .into_iter()
                    .flatten()
                    .min();
                let Some(i) = next else { break };
                let header = cells[i..].starts_with("<th");
                let cell = &cells[i..];
                let Some(open_end) = cell.find('>') else {
                    break;
                };
                let open = &cell[..open_end];
                // `<thead>` and `<tbody>` are no cells.
                if open.starts_with("<thead") || open.starts_with("<tbody") {
                    cells = &cell[open_end..];
                    continue;
                }
                let close = if header { "</th>" } else { "</td>" };
                let content_end = cell.find(close).unwrap_or(cell.len());
                let content = &cell[open_end + 1..content_end.max(open_end + 1)];
                let span: usize = open
                    .split("colspan=\"")
                    .nth(1)
                    .and_then(|v| v.split('"').next())
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(1);
                if span == 1 {
                    let em = text_em(&inner_text(content)) * if header { 1.1 } else { 1.0 };
                    if widths.len() <= col {
                        widths.resize(col + 1, 0.0);
                    }
                    widths[col] = widths[col].max(em);
                }
                col += span;
                cells = &cell[content_end..];
            }
        }
        tables.push(widths);
        rest = &after[end..];
    }
    tables
}

/// The font size class at which every table of `html` fits the printable
/// width of the sheet, and whether text columns must wrap (only when
/// even the smallest size is too wide).
fn fit(html: &str, orientation: Orientation) -> (&'static str, bool) {
    let room = orientation.printable_pt() * SAFETY;
    let tables = column_widths(html);
    let width_at =
        |size: f64, cols: &Vec<f64>| -> f64 { cols.iter().map(|em| em * size + CELL_PAD_PT).sum() };
    for (size, class) in FITS {
        if tables.iter().all(|t| width_at(size, t) <= room) {
            return (class, false);
        }
    }
    (FITS[FITS.len() - 1].1, true)
}

// ---------------------------------------------------------------- parts

/// The signature lines at the foot of a sheet: the chief arbiter's (his
/// name from the settings under the line) and the date.
fn signatures(l: Lang, s: &EventSettings) -> Markup {
    let chief = s
        .chief_arbiter
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty());
    html! {
        div.signatures #signatures {
            div.sign #chief-arbiter-sign {
                span.sign-label { (l.t("Chief arbiter (signature): ", "裁判长（签字）：")) }
                span.sign-box {
                    span.line {}
                    @if let Some(n) = chief { span.sign-name { (n) } }
                }
            }
            div.sign #date-sign {
                span.sign-label { (l.t("Date: ", "日期：")) }
                span.sign-box { span.line {} }
            }
        }
    }
}

/// Slips on a page: two columns of four (portrait) or four of two
/// (landscape).
const SLIPS_PER_PAGE: usize = 8;

/// The result slips of a round, eight to a page.
fn slips(l: Lang, loaded: &qiyuan_store::desk::LoadedEvent, round: u32) -> Markup {
    let d = &loaded.desk;
    let s = d.settings();
    let (white, black) = colour_names(s.game, l);
    let date = s.round_dates.get(round as usize - 1).copied();
    let games: Vec<_> = loaded.games.iter().filter(|g| g.round == round).collect();
    let boxes = [
        GameResult::WhiteWins,
        GameResult::Draw,
        GameResult::BlackWins,
    ];
    let colon = l.t(": ", "：");
    html! {
        @for page in games.chunks(SLIPS_PER_PAGE) {
            section.slip-page {
                @for g in page {
                    div.slip data-board=(g.board) {
                        p.slip-event { strong { (s.name) } }
                        p.slip-round {
                            (l.t("Round ", "第")) (round) (l.t("", "轮"))
                            " · " (l.t("Board ", "第")) (g.board) (l.t("", "台"))
                            @if let Some(date) = date { " · " (date) }
                        }
                        p.slip-player { (white) (colon) strong { (player_label(d, g.white)) } }
                        p.slip-player { (black) (colon) strong { (player_label(d, g.black)) } }
                        p.slip-result {
                            (Heading::Result.label(l)) (colon)
                            @for r in boxes {
                                span.result-box { span.box {} (s.result_label(r, l)) }
                            }
                        }
                        p.slip-sign { (white) (l.t(" (signature)", "签字")) (colon) span.line {} }
                        p.slip-sign { (black) (l.t(" (signature)", "签字")) (colon) span.line {} }
                    }
                }
            }
        }
    }
}

/// The options of a print, not printed: the paper's orientation and, for
/// the standings, the tie-break columns.
fn options_form(
    l: Lang,
    what: &str,
    q: &PrintQuery,
    orientation: Orientation,
    tiebreaks: Option<(&[String], &[String], &[bool])>,
) -> Markup {
    html! {
        form.no-print #print-options method="get" {
            @if let Some(r) = q.round { input type="hidden" name="round" value=(r); }
            fieldset #orientation {
                legend { (l.t("Paper", "纸张")) }
                @for (o, label) in [
                    (Orientation::Portrait, l.t("A4 portrait", "A4 纵向")),
                    (Orientation::Landscape, l.t("A4 landscape", "A4 横向")),
                ] {
                    label { input type="radio" name="orientation" value=(o.key()) checked[o == orientation]; " " (label) }
                    " "
                }
            }
            @if let Some((codes, names, printed)) = tiebreaks {
                @if !codes.is_empty() {
                    fieldset #tiebreak-columns {
                        legend { (l.t("Tie-break columns to print (the ranks use them all)", "打印的破同分列（名次仍按全部破同分规则）")) }
                        input type="hidden" name="tb_chosen" value="1";
                        @for (i, code) in codes.iter().enumerate() {
                            label {
                                input type="checkbox" name="tb" value=(i + 1) checked[printed.get(i).copied().unwrap_or(true)];
                                " TB" (i + 1) " " (code) " — " (names.get(i).map_or("", |s| s.as_str()))
                            }
                            " "
                        }
                    }
                }
            }
            button type="submit" #print-apply { (l.t("Show", "显示")) }
            @if what == "slips" {
                p.muted { (l.t("Eight slips to a page; cut along the dashed lines.", "每页八张，沿虚线裁开。")) }
            }
        }
    }
}

/// `GET /desk/events/{id}/print/{what}[?round=N&orientation=…&tb=…]`:
/// `pairings`, `alphabetical`, `standings`, `crosstable`, `slips`,
/// `wallchart`, `schedule`, laid out on A4 (the navigation and the
/// options are not printed).
pub(super) async fn print(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Path((id, what)): Path<(i64, String)>,
    RawQuery(raw): RawQuery,
) -> Result<Markup, AppError> {
    let l = viewer.lang;
    let q = print_query(raw.as_deref(), l)?;
    let loaded = load_for(&state, &user, id, l).await?;
    let d = &loaded.desk;
    let s = d.settings();
    let round = q.round.unwrap_or(d.rounds_paired());
    let needs_round = matches!(what.as_str(), "pairings" | "alphabetical" | "slips");
    if needs_round && (round == 0 || round > d.rounds_paired()) {
        return Err(AppError::BadRequest(
            l.t("No round is paired yet.", "尚未编排任何轮次。").into(),
        ));
    }
    let orientation = q
        .orientation
        .unwrap_or_else(|| Orientation::default_for(&what));
    let (white, black) = colour_names(s.game, l);
    let round_head = html! { (l.t("Round ", "第")) (round) (l.t("", "轮")) };
    let mut standings = None;
    let body = match what.as_str() {
        "pairings" => {
            html! { h2 { (round_head) " — " (l.t("Pairings", "对阵表")) } (pairing_table(l, &loaded, round)) }
        }
        "alphabetical" => html! {
            h2 { (round_head) " — " (l.t("Pairings by name", "按姓名排列的对阵")) }
            (crate::report::pairings_by_name(&desk_view(l, d), &loaded, round))
        },
        "standings" => {
            let t = d.standings_table(None).map_err(|e| desk_error(&e, l))?;
            let printed: Vec<bool> = (1..=t.tiebreaks.len())
                .map(|n| q.tiebreaks.as_ref().is_none_or(|c| c.contains(&n)))
                .collect();
            let body = crate::report::event_standings(&desk_view(l, d), d, &t, &printed)
                .map_err(|e| desk_error(&e, l))?;
            standings = Some((t, printed));
            body
        }
        "crosstable" | "wallchart" => html! {
            h2 { @if what == "wallchart" { (l.t("Wall chart", "总表")) } @else { (crate::report::crosstable_heading(l, d.rounds_paired())) } }
            (crosstable_markup(l, d))
        },
        "slips" => html! {
            h2.no-print { (round_head) " — " (l.t("Result slips", "成绩单")) }
            (slips(l, &loaded, round))
        },
        "schedule" => {
            let rounds = d.round_robin_schedule().map_err(|e| desk_error(&e, l))?;
            html! {
                h2 { (l.t("Schedule of all rounds", "全部轮次对阵表")) }
                @for r in &rounds {
                    h3 { (l.t("Round ", "第")) (r.round) (l.t("", "轮")) }
                    div.table-wrap { table.schedule data-round=(r.round) {
                        thead { tr {
                            th.num { (Heading::Board.label(l)) } th { (white) } th { "–" } th { (black) }
                        } }
                        tbody {
                            @for (i, b) in r.boards.iter().enumerate() { tr {
                                td.num { (i + 1) } td { (player_label(d, b.white)) } td { "–" }
                                td { (player_label(d, b.black)) }
                            } }
                            @for (p, k) in &r.byes { tr.bye {
                                td.num { } td { (player_label(d, *p)) } td colspan="2" { (k.label(l)) }
                            } }
                        }
                    } }
                }
            }
        }
        _ => return Err(AppError::NotFound),
    };
    let signed = matches!(
        what.as_str(),
        "pairings" | "standings" | "crosstable" | "wallchart"
    );
    let slips = what == "slips";
    let (size, wrap) = fit(&body.0, orientation);
    let sheet_class = format!(
        "sheet {} {size}{}",
        orientation.key(),
        if wrap { " wrap-text" } else { "" }
    );
    let tiebreak_choice = standings.as_ref().map(|(t, printed)| {
        let names = match l {
            Lang::Zh => &t.tiebreak_names_zh,
            Lang::En => &t.tiebreak_names_en,
        };
        (t.tiebreaks.as_slice(), names.as_slice(), printed.as_slice())
    });
    Ok(page(
        &viewer,
        &s.name,
        html! {
            (desk_style())
            div.no-print.print-tools {
                p.no-print { a href={ "/desk/events/" (id) } { (l.t("← Back to the event", "← 返回赛事")) } " · "
                    (l.t("Use the browser's print command (Ctrl+P).", "请使用浏览器的打印功能（Ctrl+P）。")) }
                (options_form(l, &what, &q, orientation, tiebreak_choice))
            }
            div class=(sheet_class) #print-sheet data-orientation=(orientation.key()) data-fit=(size) {
                // Each slip names the event and the round: the sheet's head
                // is not printed above them.
                h1 #print-title class=[slips.then_some("no-print")] { (s.name) }
                p class=(if slips { "sheet-place no-print" } else { "sheet-place" }) {
                    @if let Some(p) = &s.place { (p) " " } @if let Some(a) = s.start { (a) } @if let Some(b) = s.end { " – " (b) }
                }
                div #print data-what=(what) { (body) }
                @if signed { (signatures(l, s)) }
            }
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_widths() {
        assert_eq!(text_em("王天一"), 3.0);
        assert!((text_em("12") - 1.28).abs() < 1e-9);
        assert!((text_em("Ab ½") - (0.72 + 0.57 + 0.32 + 1.0)).abs() < 1e-9);
        assert_eq!(unescape("A &amp; B &lt;x&gt;"), "A & B <x>");
    }

    #[test]
    fn columns_of_a_table() {
        let html = r#"<table><thead><tr><th>名次</th><th class="num">Pts.</th></tr></thead>
            <tbody><tr data-x="1"><td>1</td><td>王天一 &amp; 郑</td></tr>
            <tr><td colspan="2">轮空轮空轮空轮空轮空轮空</td></tr></tbody></table>"#;
        let t = column_widths(html);
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].len(), 2);
        assert!((t[0][0] - 2.2).abs() < 1e-9, "{:?}", t[0]);
        // `王天一 & 郑`: four characters, a space, `&`, a space.
        assert!(
            (t[0][1] - (4.0 + 0.32 + 0.7 + 0.32)).abs() < 1e-9,
            "{:?}",
            t[0]
        );
    }

    #[test]
    fn a_wide_table_gets_a_smaller_font_or_landscape() {
        // 20 columns of "12r2": too wide for portrait at 10 pt, not for
        // landscape.
        let row: String = (0..20).map(|_| "<td>12r2</td>").collect();
        let html = format!("<table><tbody><tr>{row}</tr></tbody></table>");
        let (portrait, wrap) = fit(&html, Orientation::Portrait);
        assert!(!wrap);
        let (landscape, _) = fit(&html, Orientation::Landscape);
        let size = |c: &str| FITS.iter().find(|f| f.1 == c).unwrap().0;
        assert!(size(portrait) < size(landscape), "{portrait} {landscape}");
        assert_eq!(
            fit("<p>no table</p>", Orientation::Portrait),
            ("fit-10", false)
        );
    }

    #[test]
    fn the_query_repeats_tb() {
        let q = print_query(
            Some("round=2&orientation=landscape&tb=1&tb=3&tb_chosen=1"),
            Lang::En,
        )
        .unwrap();
        assert_eq!(q.round, Some(2));
        assert_eq!(q.orientation, Some(Orientation::Landscape));
        assert_eq!(q.tiebreaks, Some(vec![1, 3]));
        let q = print_query(Some("tb_chosen=1"), Lang::En).unwrap();
        assert_eq!(q.tiebreaks, Some(vec![]));
        assert_eq!(print_query(None, Lang::En).unwrap().tiebreaks, None);
        assert!(print_query(Some("orientation=sideways"), Lang::Zh).is_err());
    }
}
