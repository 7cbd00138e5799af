//! The one rendering of each report of a desk event, for every page that
//! shows it: the standings (the desk's standings page, a grouped event's
//! group tables, the standings print, the public standings page), the
//! crosstable (the desk's crosstable page, the crosstable and wall chart
//! prints, the public crosstable page) and the pairing list of a round
//! (the desk's pairing print, the public round page).
//!
//! The data are the desk's ([`qiyuan_desk::reports::StandingsTable`],
//! [`qiyuan_desk::reports::Crosstable`]); the words and the layout are
//! these, one for every page (ui-conventions §4, §5, §7, §8): what a page
//! may change is only what it legitimately adds or leaves out — names
//! linked to the public player cards, the rounds published so far, the
//! tie-break columns the arbiter chose to print, the page's refresh
//! while the event runs (`View`).
//!
//! Layouts:
//!
//! * standings: `Rk · SNo · Title · Name · Rtg · Club · Pts · TB1…TBn`,
//!   under a heading "Rank after round n" / "Final ranking after n rounds"
//!   (第n轮后排名 / n轮后最终排名), then the legend of the tie-breaks
//!   (`TB1: code — name`) and their notes. A xiangqi event's table is the
//!   Chinese platforms' (`名次 · 序号 · 姓名 · 单位 · 积分 · 对手分 …`,
//!   §7, §8, whose 编号 for the pairing number is 序号 here, as on the
//!   starting list: 编号 is the rating list's id, [`qiyuan_vocab::Heading`]):
//!   no title, no rating. Tie-break columns are headed by their
//!   C.07 code in English and by their name in Chinese (对手分, 累进分),
//!   the other in the header's `title`. Tied players show the rank once.
//!   Points are written as decimals (`1.5`), as the tie-break figures
//!   beside them.
//! * crosstable: `Rk · SNo · Name · Rtg · 1.Rd … (第1轮 …) · Pts` for a
//!   Swiss, each cell `<opponent><colour><result>` (`12w1`; xiangqi
//!   `12红2` in Chinese, `12r2` in English, the colour's letter taken
//!   from the vocabulary's word for the side), a bye `-` and its points;
//!   a round robin's grid of every player against every other, its
//!   columns headed by the players' starting numbers, `×` on the
//!   diagonal.
//! * pairings: `Bo · No · White · Club · Rtg · Pts · Result · Pts · Black
//!   · Club · Rtg · No` (`pairings`).

use std::collections::HashMap;

use maud::{Markup, html};
use qiyuan_desk::prelude::*;
use qiyuan_desk::reports::{Crosstable, StandingsTable, bye_points_text, points_text};
pub(crate) use qiyuan_desk::reports::{crosstable_heading, standings_heading};
use qiyuan_store::desk::LoadedEvent;
use qiyuan_vocab::{Colour, Heading};
use rust_decimal::Decimal;

use crate::i18n::Lang;

/// What a page sets apart when it renders a report: the reader's
/// language and the event's game, and the page's own additions.
#[derive(Debug, Clone, Copy)]
pub(crate) struct View<'a> {
    /// The reader's language.
    pub(crate) lang: Lang,
    /// The event's game (the xiangqi layout of §7, the colours' words).
    pub(crate) game: GameKind,
    /// The public pages: players' names link to their cards,
    /// `/events/{id}/players/{no}` of this event.
    pub(crate) links: Option<i64>,
    /// The public pages while the event runs: the report's element
    /// carries `data-live` (refreshed every so many seconds by the
    /// layout's script).
    pub(crate) live: Option<&'a str>,
}

impl View<'_> {
    /// A page with nothing of its own: no links, no refresh.
    fn plain(lang: Lang, game: GameKind) -> View<'static> {
        View {
            lang,
            game,
            links: None,
            live: None,
        }
    }

    /// A player's name, linked to his public card where the page links.
    fn name(&self, player: PlayerId, name: &str) -> Markup {
        html! {
            @match self.links {
                Some(id) => a href={ "/events/" (id) "/players/" (player.0) } { (name) },
                None => (name),
            }
        }
    }
}

// ---------------------------------------------------------- for the CLI

/// A printable page of its own (no site around it, the styles inline):
/// what `qiyuan standings --format html` writes.
fn document(lang: Lang, title: &str, heading: &str, body: Markup) -> String {
    html! {
        (maud::DOCTYPE)
        html lang=(lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) }
                style { (maud::PreEscaped(crate::layout::APP_CSS)) (maud::PreEscaped(crate::desk::DESK_CSS)) }
            }
            body { main {
                h1 #print-title { (title) }
                h2 { (heading) }
                div #print { (body) }
            } }
        }
    }
    .into_string()
}

/// The standings `t` of the event `title` as a printable page of its own,
/// in the layout of the desk's standings print (see the module's
/// documentation): `final_ranking` heads it "Final ranking after n
/// rounds", else "Rank after round n".
///
/// ```
/// use qiyuan_desk::reports::StandingsTable;
/// use qiyuan_desk::GameKind;
/// use qiyuan_server::Lang;
/// use qiyuan_tournament::model::{Event, EventKind, Game as Board, GameResult, Player};
/// use qiyuan_tournament::{StandingsConfig, compute_standings};
/// let mut e = Event::new(EventKind::RoundRobin, 1);
/// e.add_player(Player::new(1, "<b>A</b>"))?;
/// e.add_player(Player::new(2, "B"))?;
/// let r = e.add_round();
/// e.add_game(r, Board::new(1, 2, GameResult::WhiteWins))?;
/// let t = StandingsTable::new(&e, &compute_standings(&e, &StandingsConfig::default())?);
/// let page = qiyuan_server::report::standings_document(Lang::En, GameKind::Chess, "Open", &t, true);
/// assert!(page.contains("Final ranking after 1 rounds") && page.contains("&lt;b&gt;A"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn standings_document(
    lang: Lang,
    game: GameKind,
    title: &str,
    t: &StandingsTable,
    final_ranking: bool,
) -> String {
    let view = View::plain(lang, game);
    let body = standings(&view, t, &StandingsOptions::default());
    document(
        lang,
        title,
        &standings_heading(lang, t.after_round, final_ranking),
        body,
    )
}

/// The crosstable `c` of rounds 1 to `through` of the event `title` as a
/// printable page of its own, ranked by `standings` (the standings of the
/// same rounds), in the layout of the desk's crosstable print.
pub fn crosstable_document(
    lang: Lang,
    game: GameKind,
    title: &str,
    c: &Crosstable,
    through: u32,
    standings: &StandingsTable,
) -> String {
    let view = View::plain(lang, game);
    let body = crosstable(&view, c, through, Some(standings));
    document(lang, title, &crosstable_heading(lang, through), body)
}

// ---------------------------------------------------------------- standings

/// Whether `t` is the event's final ranking: the event is finished and the
/// table counts its last round.
pub(crate) fn is_final(d: &DeskEvent, t: &StandingsTable) -> bool {
    d.is_finished() && t.after_round == d.total_rounds()
}

/// An event's standings as every page shows them (the desk's page, its
/// print, the public page): one table, or — an event with groups (组别) —
/// each group's table, its players ranked among themselves, under the one
/// heading, all in the one `#standings` section. `printed` as
/// [`StandingsOptions::printed`].
///
/// # Errors
/// The desk's refusal of the event's groups ([`DeskEvent::group_standings`]).
pub(crate) fn event_standings(
    v: &View<'_>,
    d: &DeskEvent,
    t: &StandingsTable,
    printed: &[bool],
) -> Result<Markup, DeskError> {
    let final_ranking = is_final(d, t);
    let groups = d.group_standings(Some(t.after_round))?;
    if groups.is_empty() {
        return Ok(standings(
            v,
            t,
            &StandingsOptions {
                printed,
                heading: Some(final_ranking),
                grouped: false,
            },
        ));
    }
    let inner = View { live: None, ..*v };
    let options = StandingsOptions {
        printed,
        heading: None,
        grouped: true,
    };
    Ok(html! {
        section #standings data-live=[v.live] {
            h2 { (standings_heading(v.lang, t.after_round, final_ranking)) }
            @for g in &groups {
                section.group-standings data-group=(g.group) {
                    h3 { (Heading::Group.label(v.lang)) (v.lang.t(" ", "：")) (g.group) }
                    (standings(&inner, &g.table, &options))
                }
            }
            (tiebreak_legend(v, t, printed))
        }
    })
}

/// How the standings are rendered beyond the [`View`].
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct StandingsOptions<'a> {
    /// `printed[i]`: whether the tie-break column `i` is shown (the print
    /// lets the arbiter leave some out; a missing entry is shown). The
    /// ranks are the table's own, computed with every tie-break, and the
    /// legend names every one of them.
    pub(crate) printed: &'a [bool],
    /// The heading inside the report ([`standings_heading`]): `None` when
    /// the page heads the table itself (a grouped event's group tables
    /// under the page's one heading); `Some(final_ranking)` otherwise.
    pub(crate) heading: Option<bool>,
    /// One of several tables on the page (a grouped event's): the table
    /// goes without its id and its legend, which the page holds once.
    pub(crate) grouped: bool,
}

/// The standings: the heading, the table (`#standings`, its table
/// `.standings`; rows `data-player`, `data-rank`, `data-points`, tie-break
/// cells `data-tiebreak` and `data-marked`) and the legend of the
/// tie-breaks (`#tiebreak-legend`, [`tiebreak_legend`]; one of a grouped
/// event's tables goes without it, which the page holds once).
pub(crate) fn standings(v: &View<'_>, t: &StandingsTable, o: &StandingsOptions<'_>) -> Markup {
    let l = v.lang;
    let names = match l {
        Lang::Zh => &t.tiebreak_names_zh,
        Lang::En => &t.tiebreak_names_en,
    };
    let name_of = |i: usize| names.get(i).map_or("", |s| s.as_str());
    let shown = |i: usize| o.printed.get(i).copied().unwrap_or(true);
    // The Chinese platforms' table (§7, §8) has no title and no rating.
    let full = v.game != GameKind::Xiangqi;
    html! {
        section id=[(!o.grouped).then_some("standings")] data-live=[v.live] {
            @if let Some(final_ranking) = o.heading {
                h2 { (standings_heading(l, t.after_round, final_ranking)) }
            }
            div.table-wrap { table.standings data-after-round=(t.after_round) {
                thead { tr {
                    th.num { (Heading::Rank.label(l)) }
                    th.num { (t.numbers.label(l)) }
                    @if full { th { (l.t("Title", "称号")) } }
                    th.name { (Heading::Name.label(l)) }
                    @if full { th.num { (Heading::Rating.label(l)) } }
                    th { (Heading::Club.label(l)) }
                    th.num { (Heading::Points.label(l)) }
                    // Chinese sheets head a tie-break by its name (对手分,
                    // 累进分, 小分); FIDE arbiters read the C.07 code. The
                    // other is the column's title and the legend's.
                    @for (i, code) in t.tiebreaks.iter().enumerate().filter(|(i, _)| shown(*i)) {
                        @match l {
                            Lang::Zh => th.num title=(code) { (name_of(i)) },
                            Lang::En => th.num title=(name_of(i)) { (code) },
                        }
                    }
                } }
                tbody { @for (i, line) in t.lines.iter().enumerate() {
                    @let first = i == 0 || t.lines[i - 1].rank != line.rank;
                    tr data-player=(line.player.0) data-rank=(line.rank) data-points=(line.points.normalize()) {
                        td.num { @if first { (line.rank) } }
                        td.num { (line.player.0) }
                        @if full { td { (line.title.as_deref().unwrap_or("")) } }
                        td.name { (v.name(line.player, &line.name)) }
                        @if full { td.num { @if let Some(r) = line.rating { (r) } } }
                        td { (line.club.as_deref().unwrap_or("")) }
                        td.num.points { (line.points.normalize()) }
                        @for (j, value) in line.shown.iter().enumerate().filter(|(j, _)| shown(*j)) {
                            td.num data-tiebreak=(j + 1) data-marked[value.marked] {
                                (value.text(|d| d.normalize().to_string()))
                            }
                        }
                    }
                } }
            } }
            @if !o.grouped {
                (tiebreak_legend(v, t, o.printed))
            }
        }
    }
}

/// The legend of the standings' tie-breaks (`#tiebreak-legend`): each
/// column's code and name, what a marked figure means, and whether columns
/// left out of a print still ranked. A grouped event's page holds it once,
/// under its groups' tables (their tie-breaks are the event's).
fn tiebreak_legend(v: &View<'_>, t: &StandingsTable, printed: &[bool]) -> Markup {
    let l = v.lang;
    let (names, notes) = match l {
        Lang::Zh => (&t.tiebreak_names_zh, &t.tiebreak_notes_zh),
        Lang::En => (&t.tiebreak_names_en, &t.tiebreak_notes_en),
    };
    let name_of = |i: usize| names.get(i).map_or("", |s| s.as_str());
    let shown = |i: usize| printed.get(i).copied().unwrap_or(true);
    let hidden = (0..t.tiebreaks.len()).any(|i| !shown(i));
    html! {
        @if !t.tiebreaks.is_empty() {
            section.annotation #tiebreak-legend {
                h3 { (l.t("Tie-breaks", "破同分")) }
                ul { @for (i, code) in t.tiebreaks.iter().enumerate() {
                    li { "TB" (i + 1) ": " (code) " — " (name_of(i))
                        @if !shown(i) { " " (l.t("(not printed)", "（未打印）")) } }
                } }
                @for (_, note) in notes.iter().enumerate().filter(|(i, n)| shown(*i) && !n.is_empty()) {
                    p.tiebreak-note { (note) }
                }
                @if hidden {
                    p #ranked-by-all { (l.t("The ranks follow every tie-break listed, printed or not.",
                                            "名次按以上全部破同分规则排定，未打印的也计算在内。")) }
                }
            }
        }
    }
}

// ---------------------------------------------------------------- crosstable

/// The letter of a side in a crosstable cell (`w` / `b` of the desk's
/// cells): the first letter of the vocabulary's word for it — `w`, `b` in
/// chess; in xiangqi `r`, `b` in English and 红, 黑 in Chinese.
fn colour_letter(code: &str, game: GameKind, l: Lang) -> String {
    let side = match code {
        "w" => Colour::White,
        "b" => Colour::Black,
        _ => return String::new(),
    };
    let word_lang = match (game, l) {
        (GameKind::Xiangqi, Lang::Zh) => Lang::Zh,
        _ => Lang::En,
    };
    side.label(game, word_lang)
        .chars()
        .next()
        .map(|c| c.to_lowercase().to_string())
        .unwrap_or_default()
}

/// The crosstable of rounds 1 to `through` (every round paired on the
/// desk; the published ones on the public pages): `#crosstable` (the
/// table's frame) holding `table.crosstable`, rows `data-player`, a
/// Swiss's round cells `data-round`. The rank is the one of `standings`
/// (the standings of the same rounds), blank without them.
pub(crate) fn crosstable(
    v: &View<'_>,
    c: &Crosstable,
    through: u32,
    standings: Option<&StandingsTable>,
) -> Markup {
    let l = v.lang;
    let grid = !c.rows.is_empty() && c.rows.iter().all(|r| !r.versus.is_empty());
    let through = through.min(c.rounds) as usize;
    let ranks: HashMap<PlayerId, u32> = standings
        .map(|t| {
            t.lines
                .iter()
                .map(|line| (line.player, line.rank))
                .collect()
        })
        .unwrap_or_default();
    let points = |row: &qiyuan_desk::reports::CrossRow| {
        if through >= row.rounds.len() {
            row.points
        } else {
            row.rounds
                .iter()
                .take(through)
                .map(|cell| cell.points)
                .sum()
        }
    };
    html! {
        div.table-wrap #crosstable data-live=[v.live] { table.crosstable {
            thead { tr {
                th.num { (Heading::Rank.label(l)) }
                th.num { (c.numbers.label(l)) }
                th.name { (Heading::Name.label(l)) }
                th.num { (Heading::Rating.label(l)) }
                @if grid {
                    @for p in &c.order { th.num { (p.0) } }
                } @else {
                    @for r in 1..=through { th { (l.pick(format!("{r}.Rd"), format!("第{r}轮"))) } }
                }
                th.num { (Heading::Points.label(l)) }
            } }
            tbody { @for row in &c.rows { tr data-player=(row.player.0) {
                td.num { @if let Some(r) = ranks.get(&row.player) { (r) } }
                td.num { (row.player.0) }
                td.name { (v.name(row.player, &row.name)) }
                td.num { @if let Some(r) = row.rating { (r) } }
                @if grid {
                    @for o in &c.order {
                        td.num {
                            @if *o == row.player { "×" } @else {
                                (row.rounds.iter().take(through)
                                    .filter(|cell| cell.opponent == Some(*o))
                                    .map(|cell| cell.result.as_str())
                                    .collect::<Vec<_>>().join(" "))
                            }
                        }
                    }
                } @else {
                    @for (r, cell) in row.rounds.iter().enumerate().take(through) {
                        td data-round=(r + 1) {
                            @match cell.opponent {
                                Some(o) => { (o.0) (colour_letter(&cell.colour, v.game, l)) (cell.result) }
                                None => {
                                    // A bye: "-" and its points (ui-conventions §5).
                                    @if matches!(cell.result.as_str(), "U" | "F" | "H" | "Z") {
                                        "-" (points_text(cell.points))
                                    }
                                }
                            }
                        }
                    }
                }
                td.num { (points(row).normalize()) }
            } } }
        } }
    }
}

// ---------------------------------------------------------------- pairings

/// Every player's points before `round` (after round − 1; nobody has any
/// before round 1).
fn points_before(d: &DeskEvent, round: u32) -> HashMap<PlayerId, Decimal> {
    if round <= 1 {
        return HashMap::new();
    }
    d.standings_table(Some(round - 1))
        .map(|t| {
            t.lines
                .iter()
                .map(|line| (line.player, line.points))
                .collect()
        })
        .unwrap_or_default()
}

/// The pairing list of `round` (ui-conventions §3, §7, §8):
/// `Bo · No · White · Club · Rtg · Pts · Result · Pts · Black · Club · Rtg
/// · No`, the sides named by the vocabulary (红方 / 黑方 in xiangqi), the
/// unit (单位) beside each name when any player has one (§7), no rating in
/// a xiangqi event (§8: 台次 · 序号 · 红方 · 积分 · 结果 · 积分 · 黑方 ·
/// 序号); the points before the round as a pairing list writes them
/// (`1½`); the result in the event's wording. A bye's line has the points
/// it scores on the event's scale in the result column and its kind where
/// the opponent would be; an absence has no line.
///
/// `#pairings-{round}` (the frame, `data-live` where the page refreshes)
/// holds `table#pairings.pairings` (`data-round`); a game's row carries
/// `data-board`, `data-white`, `data-black` and `data-result` (the
/// result's code, `GameResult::code`: `1-0`, `1/2-1/2`, … `pending`), a
/// bye's `tr.bye` `data-player`.
pub(crate) fn pairings(v: &View<'_>, loaded: &LoadedEvent, round: u32) -> Markup {
    let l = v.lang;
    let d = &loaded.desk;
    let kind = v.game;
    let (white, black) = (Colour::White.label(kind, l), Colour::Black.label(kind, l));
    let mut games: Vec<_> = loaded.games.iter().filter(|g| g.round == round).collect();
    games.sort_by_key(|g| g.board);
    let byes: Vec<(PlayerId, ByeKind)> = d
        .event()
        .rounds()
        .get((round as usize).wrapping_sub(1))
        .map(|r| r.byes.clone())
        .unwrap_or_default()
        .into_iter()
        .filter(|(_, k)| *k != ByeKind::Absent)
        .collect();
    let before = points_before(d, round);
    let pts = |p: PlayerId| points_text(before.get(&p).copied().unwrap_or_default());
    let scoring = d.settings().scoring.system();
    let rated = v.game != GameKind::Xiangqi;
    let rating = |p: PlayerId| d.event().player(p).and_then(|p| p.rating);
    let name = |p: PlayerId| {
        d.event()
            .player(p)
            .map(|p| p.name.clone())
            .unwrap_or_default()
    };
    let units = d.players().iter().any(|p| p.info.club.is_some());
    let unit = |p: PlayerId| d.player(p).and_then(|p| p.info.club).unwrap_or_default();
    html! {
        div.table-wrap id={ "pairings-" (round) } data-live=[v.live] {
            table #pairings .pairings data-round=(round) {
                thead { tr {
                    th.num { (Heading::Board.label(l)) }
                    th.num { (Heading::PairingNumber.label(l)) }
                    th { (white) }
                    @if units { th.unit { (Heading::Club.label(l)) } }
                    @if rated { th.num { (Heading::Rating.label(l)) } }
                    th.num { (Heading::Points.label(l)) }
                    th { (Heading::Result.label(l)) }
                    th.num { (Heading::Points.label(l)) }
                    th { (black) }
                    @if units { th.unit { (Heading::Club.label(l)) } }
                    @if rated { th.num { (Heading::Rating.label(l)) } }
                    th.num { (Heading::PairingNumber.label(l)) }
                } }
                tbody {
                    @for g in &games {
                        tr data-board=(g.board) data-white=(g.white.0) data-black=(g.black.0)
                           data-result=(g.result.code()) {
                            td.num { (g.board) }
                            td.num { (g.white.0) }
                            td { (v.name(g.white, &name(g.white))) }
                            @if units { td.unit { (unit(g.white)) } }
                            @if rated { td.num { @if let Some(r) = rating(g.white) { (r) } } }
                            td.num { (pts(g.white)) }
                            td.result { (d.settings().result_label(g.result, l)) }
                            td.num { (pts(g.black)) }
                            td { (v.name(g.black, &name(g.black))) }
                            @if units { td.unit { (unit(g.black)) } }
                            @if rated { td.num { @if let Some(r) = rating(g.black) { (r) } } }
                            td.num { (g.black.0) }
                        }
                    }
                    @for (p, k) in &byes {
                        tr.bye data-player=(p.0) {
                            td.num {}
                            td.num { (p.0) }
                            td { (v.name(*p, &name(*p))) }
                            @if units { td.unit { (unit(*p)) } }
                            @if rated { td.num { @if let Some(r) = rating(*p) { (r) } } }
                            td.num { (pts(*p)) }
                            td.result { (bye_points_text(*k, &scoring)) }
                            td.num {}
                            td { (k.label(l)) }
                            @if units { td.unit {} }
                            @if rated { td.num {} }
                            td.num {}
                        }
                    }
                }
            }
        }
    }
}

/// The list of a round by name, for the venue's door (the desk's print,
/// the public round page): every paired player — and every player with a
/// bye other than an absence — with board, side, opponent and points
/// before the round, in the event's order of names (pinyin or strokes,
/// Latin names alphabetically; never code points). The table is
/// `#alphabetical.pairings-by-name`, a row a player.
pub(crate) fn pairings_by_name(v: &View<'_>, loaded: &LoadedEvent, round: u32) -> Markup {
    let l = v.lang;
    let d = &loaded.desk;
    let kind = v.game;
    let name = |p: PlayerId| {
        d.event()
            .player(p)
            .map(|p| p.name.clone())
            .unwrap_or_default()
    };
    // (name, player, board, side or bye, opponent)
    let mut lines: Vec<(String, PlayerId, Option<u32>, &'static str, String)> = Vec::new();
    for g in loaded.games.iter().filter(|g| g.round == round) {
        let board = Some(g.board);
        let (white, black) = (Colour::White.label(kind, l), Colour::Black.label(kind, l));
        lines.push((name(g.white), g.white, board, white, name(g.black)));
        lines.push((name(g.black), g.black, board, black, name(g.white)));
    }
    if let Some(r) = d.event().rounds().get((round as usize).wrapping_sub(1)) {
        for &(p, k) in r.byes.iter().filter(|(_, k)| *k != ByeKind::Absent) {
            lines.push((name(p), p, None, "", k.label(l).to_string()));
        }
    }
    let order = d.settings().names();
    lines.sort_by(|a, b| order.compare(&a.0, &b.0).then(a.1.cmp(&b.1)));
    let before = points_before(d, round);
    html! {
        div.table-wrap { table #alphabetical .pairings-by-name {
            thead { tr {
                th.name { (Heading::Name.label(l)) }
                th.num { (Heading::Board.label(l)) }
                th { (l.t("Colour", "执色")) }
                th { (l.t("Opponent", "对手")) }
                th.num { (Heading::Points.label(l)) }
            } }
            tbody { @for (n, p, board, side, opponent) in &lines {
                tr {
                    td.name { (v.name(*p, n)) }
                    td.num { @if let Some(b) = board { (b) } }
                    td { (side) }
                    td { (opponent) }
                    td.num { (points_text(before.get(p).copied().unwrap_or_default())) }
                }
            } }
        } }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_letters_come_from_the_vocabulary() {
        assert_eq!(colour_letter("w", GameKind::Xiangqi, Lang::Zh), "红");
        assert_eq!(colour_letter("b", GameKind::Xiangqi, Lang::Zh), "黑");
        assert_eq!(colour_letter("w", GameKind::Xiangqi, Lang::En), "r");
        assert_eq!(colour_letter("b", GameKind::Xiangqi, Lang::En), "b");
        assert_eq!(colour_letter("w", GameKind::Chess, Lang::Zh), "w");
        assert_eq!(colour_letter("b", GameKind::Chess, Lang::En), "b");
        assert_eq!(colour_letter("", GameKind::Chess, Lang::En), "");
    }
}
