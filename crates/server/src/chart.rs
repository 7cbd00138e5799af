//! The rating history chart (等级分走势图): hand-written SVG, no script.
//!
//! One point per published list on which the player has a rating, joined
//! by a line; the x axis is the list date (time to scale), the y axis the
//! rating, both labelled; drawn at 640 × 300 in a scrollable box (phones
//! scroll it like the tables). The chart carries an accessible title and
//! description (`role="img"`, `<title>`, `<desc>`), and every point its own
//! `<title>` (shown on hover) and `data-date` / `data-rating` attributes.
//!
//! ```
//! use chrono::NaiveDate;
//! use qiyuan_server::chart::{ChartPoint, rating_chart};
//! use qiyuan_server::i18n::Lang;
//! let d = |s| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
//! let points = [
//!     ChartPoint { date: d("2019-01-01"), rating: "2400".parse().unwrap() },
//!     ChartPoint { date: d("2019-06-01"), rating: "2425".parse().unwrap() },
//! ];
//! let svg = rating_chart(&points, "王振国", Lang::En).into_string();
//! assert!(svg.contains(r#"data-date="2019-06-01" data-rating="2425""#));
//! assert!(svg.contains("<title id=\"rating-chart-title\">Rating history of 王振国</title>"));
//! ```

use chrono::{Datelike, NaiveDate};
use maud::{Markup, html};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

use crate::i18n::Lang;

/// A point of the chart: a list's date and the rating on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChartPoint {
    /// The list date.
    pub date: NaiveDate,
    /// The rating on that list.
    pub rating: Decimal,
}

/// Width of the drawing (user units; the SVG scales to its container).
pub const WIDTH: f64 = 640.0;
/// Height of the drawing.
pub const HEIGHT: f64 = 300.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 20.0;
const BOTTOM: f64 = 52.0;

/// Round tick values covering `[min, max]`: a step of 1, 2, 2.5 or 5 × 10ⁿ
/// giving at most `max_ticks` ticks, the first at or below `min`, the last
/// at or above `max`. A flat range is widened by one step each side.
///
/// ```
/// use qiyuan_server::chart::nice_ticks;
/// assert_eq!(nice_ticks(2375.0, 2425.0, 6), vec![2360.0, 2380.0, 2400.0, 2420.0, 2440.0]);
/// assert_eq!(nice_ticks(2375.0, 2425.0, 7).len(), 7); // 2370, 2380, …, 2430
/// assert_eq!(nice_ticks(2400.0, 2400.0, 6), vec![2390.0, 2400.0, 2410.0]);
/// ```
pub fn nice_ticks(min: f64, max: f64, max_ticks: usize) -> Vec<f64> {
    let (min, max) = if min <= max { (min, max) } else { (max, min) };
    let max_ticks = max_ticks.max(3);
    if (max - min).abs() < f64::EPSILON {
        let step = 10.0;
        return vec![min - step, min, min + step];
    }
    let span = max - min;
    let mut magnitude = 10f64.powf((span / max_ticks as f64).log10().floor());
    loop {
        for mult in [1.0, 2.0, 2.5, 5.0] {
            let step = mult * magnitude;
            let first = (min / step).floor() * step;
            let last = (max / step).ceil() * step;
            let count = ((last - first) / step).round() as usize + 1;
            if count <= max_ticks {
                return (0..count).map(|i| first + step * i as f64).collect();
            }
        }
        magnitude *= 10.0;
    }
}

/// Maps `value` in `[from.0, from.1]` onto `[to.0, to.1]` (the middle of
/// `to` when `from` is a single value).
fn scale(value: f64, from: (f64, f64), to: (f64, f64)) -> f64 {
    if (from.1 - from.0).abs() < f64::EPSILON {
        (to.0 + to.1) / 2.0
    } else {
        to.0 + (value - from.0) / (from.1 - from.0) * (to.1 - to.0)
    }
}

fn days(d: NaiveDate) -> f64 {
    f64::from(d.num_days_from_ce())
}

/// The chart of `points` (in date order) for the player `name`. With no
/// point, a sentence saying there is no rating yet.
pub fn rating_chart(points: &[ChartPoint], name: &str, lang: Lang) -> Markup {
    let title = lang.pick(
        format!("Rating history of {name}"),
        format!("{name}的等级分走势"),
    );
    if points.is_empty() {
        return html! {
            p.chart-empty { (lang.t("No published rating yet.", "尚无已公布的等级分。")) }
        };
    }
    let first = points[0];
    let last = points[points.len() - 1];
    // One list so far: the chart is a single dot, so the sentence says what
    // it shows and is printed under it too.
    let single = (points.len() == 1).then(|| {
        lang.pick(
            format!(
                "One published rating so far: {} on the list of {}; the line begins with the next list.",
                first.rating, first.date
            ),
            format!(
                "目前只有一期已公布的等级分：{} 名单中为 {}；下一期名单公布后开始连线。",
                first.date, first.rating
            ),
        )
    });
    let desc = single.clone().unwrap_or_else(|| {
        lang.pick(
            format!(
                "{} lists from {} to {}; rating from {} to {}.",
                points.len(),
                first.date,
                last.date,
                first.rating,
                last.rating
            ),
            format!(
                "共 {} 期名单，{} 至 {}；等级分由 {} 到 {}。",
                points.len(),
                first.date,
                last.date,
                first.rating,
                last.rating
            ),
        )
    });
    let ratings: Vec<f64> = points
        .iter()
        .map(|p| p.rating.to_f64().unwrap_or(0.0))
        .collect();
    let lo = ratings.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = ratings.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let ticks = nice_ticks(lo, hi, 6);
    let y_range = (ticks[0], ticks[ticks.len() - 1]);
    let x_range = (days(first.date), days(last.date));
    let plot_x = (LEFT, WIDTH - RIGHT);
    let plot_y = (HEIGHT - BOTTOM, TOP);
    let xy: Vec<(f64, f64)> = points
        .iter()
        .zip(&ratings)
        .map(|(p, r)| {
            (
                scale(days(p.date), x_range, plot_x),
                scale(*r, y_range, plot_y),
            )
        })
        .collect();
    let line: String = xy
        .iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect::<Vec<_>>()
        .join(" ");
    // x labels: every point's date when few, else the first list of each year.
    let x_labels: Vec<(f64, String)> = if points.len() <= 6 {
        points
            .iter()
            .zip(&xy)
            .map(|(p, (x, _))| (*x, p.date.format("%Y-%m").to_string()))
            .collect()
    } else {
        let mut out: Vec<(f64, String)> = Vec::new();
        let mut year = None;
        for (p, (x, _)) in points.iter().zip(&xy) {
            if year != Some(p.date.year()) {
                year = Some(p.date.year());
                if out.last().is_none_or(|(lx, _)| x - lx > 40.0) {
                    out.push((*x, p.date.year().to_string()));
                }
            }
        }
        out
    };
    html! {
        figure.rating-chart.table-wrap {
            svg xmlns="http://www.w3.org/2000/svg" viewBox={ "0 0 " (WIDTH) " " (HEIGHT) }
                width=(WIDTH) height=(HEIGHT) role="img"
                aria-labelledby="rating-chart-title rating-chart-desc" {
                title id="rating-chart-title" { (title) }
                desc id="rating-chart-desc" { (desc) }
                g class="grid" stroke="#ddd" stroke-width="1" {
                    @for t in &ticks {
                        @let y = scale(*t, y_range, plot_y);
                        line x1=(LEFT) x2=(WIDTH - RIGHT) y1=(format!("{y:.1}")) y2=(format!("{y:.1}")) {}
                    }
                }
                g class="axis y-axis" font-size="12" fill="#333" text-anchor="end" {
                    line x1=(LEFT) x2=(LEFT) y1=(TOP) y2=(HEIGHT - BOTTOM) stroke="#333" {}
                    @for t in &ticks {
                        @let y = scale(*t, y_range, plot_y);
                        text x=(LEFT - 6.0) y=(format!("{:.1}", y + 4.0)) { (format!("{t}")) }
                    }
                    text class="axis-label" x="14" y=(format!("{:.1}", (TOP + HEIGHT - BOTTOM) / 2.0))
                        text-anchor="middle"
                        transform=(format!("rotate(-90 14 {:.1})", (TOP + HEIGHT - BOTTOM) / 2.0)) {
                        (lang.t("Rating", "等级分"))
                    }
                }
                g class="axis x-axis" font-size="12" fill="#333" text-anchor="middle" {
                    line x1=(LEFT) x2=(WIDTH - RIGHT) y1=(HEIGHT - BOTTOM) y2=(HEIGHT - BOTTOM) stroke="#333" {}
                    @for (x, label) in &x_labels {
                        text x=(format!("{x:.1}")) y=(format!("{:.1}", HEIGHT - BOTTOM + 18.0)) { (label) }
                    }
                    text class="axis-label" x=(format!("{:.1}", (LEFT + WIDTH - RIGHT) / 2.0)) y=(HEIGHT - 8.0) {
                        (lang.t("List date", "名单日期"))
                    }
                }
                polyline points=(line) fill="none" stroke="#b22222" stroke-width="2" {}
                g class="points" fill="#b22222" {
                    @for (p, (x, y)) in points.iter().zip(&xy) {
                        circle cx=(format!("{x:.1}")) cy=(format!("{y:.1}")) r="4"
                            data-date=(p.date) data-rating=(p.rating) {
                            title { (p.date) ": " (p.rating) }
                        }
                    }
                }
            }
            @if let Some(sentence) = &single {
                figcaption.chart-single { (sentence) }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_cover_the_range_with_round_steps() {
        // 2375..2425 spans 50; 50 / 6 ≈ 8.3, magnitude 1: steps 1, 2, 2.5, 5
        // give 51, 26, 21, 11 ticks — too many; magnitude 10: step 10 gives
        // 2370..2430 = 7 ticks (> 6), step 20 gives 2360..2440 = 5 ticks.
        assert_eq!(
            nice_ticks(2375.0, 2425.0, 6),
            vec![2360.0, 2380.0, 2400.0, 2420.0, 2440.0]
        );
        let t = nice_ticks(1800.0, 2600.0, 6);
        assert_eq!(t.first(), Some(&1800.0));
        assert_eq!(t.last(), Some(&2600.0));
        assert!(t.len() <= 6);
    }

    #[test]
    fn one_list_is_said_in_words() {
        let one = [ChartPoint {
            date: NaiveDate::from_ymd_opt(2019, 6, 1).unwrap(),
            rating: rust_decimal::Decimal::new(2400, 0),
        }];
        let zh = rating_chart(&one, "王", Lang::Zh).into_string();
        assert!(
            zh.contains("<figcaption class=\"chart-single\">目前只有一期已公布的等级分：2019-06-01 名单中为 2400"),
            "{zh}"
        );
        let en = rating_chart(&one, "Wang", Lang::En).into_string();
        assert!(en.contains("2400 on the list of 2019-06-01"), "{en}");
        let two = [
            one[0],
            ChartPoint {
                date: NaiveDate::from_ymd_opt(2019, 10, 1).unwrap(),
                ..one[0]
            },
        ];
        assert!(
            !rating_chart(&two, "王", Lang::Zh)
                .into_string()
                .contains("figcaption")
        );
    }

    #[test]
    fn a_point_maps_inside_the_plot() {
        assert_eq!(scale(5.0, (0.0, 10.0), (0.0, 100.0)), 50.0);
        assert_eq!(scale(3.0, (3.0, 3.0), (10.0, 20.0)), 15.0);
        // The y axis runs downwards: the top rating sits at TOP.
        assert_eq!(scale(2440.0, (2360.0, 2440.0), (HEIGHT - BOTTOM, TOP)), TOP);
    }
}
