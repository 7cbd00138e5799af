//! The help pages (帮助): the guides of `docs/guide/` — the arbiter's, the
//! rating officer's and the platform integrator's, each in Chinese and in
//! English — rendered from Markdown at `/help/{guide}` in the visitor's
//! language, with their screenshots at `/help/img/{name}.png`.
//!
//! Only the repository's own files are rendered: the Markdown and the
//! images are embedded at compile time (the binary runs with nothing beside
//! it), never read from a request. Raw HTML in a guide is shown as text; a
//! link to another guide (`officer.zh.md`) becomes its help page
//! (`/help/officer`), an image `img/NAME.png` becomes `/help/img/NAME.png`.
//! Code — commands, their output, file contents — is marked
//! `translate="no"`: it is neither language (the language checks of
//! `tests/language.rs` leave it out).
//!
//! ```
//! use qiyuan_server::help::{GUIDES, render};
//! let html = render(GUIDES[0].text(qiyuan_server::i18n::Lang::Zh));
//! assert!(html.body.contains("<h2>"));
//! assert!(!html.title.is_empty());
//! ```

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use maud::{Markup, PreEscaped, html};
use pulldown_cmark::{CodeBlockKind, CowStr, Event, Options, Parser, Tag, TagEnd};

use crate::AppState;
use crate::auth::Viewer;
use crate::error::AppError;
use crate::i18n::Lang;
use crate::layout;

/// One guide: its key (the path `/help/{key}`, the file
/// `docs/guide/{key}.{zh,en}.md`), its two texts and what it is for.
#[derive(Debug, Clone, Copy)]
pub struct Guide {
    /// `arbiter`, `officer`, `integrator`.
    pub key: &'static str,
    zh: &'static str,
    en: &'static str,
    /// Who reads it, in English and in Chinese (the help page's list).
    pub who: (&'static str, &'static str),
}

impl Guide {
    /// The guide's Markdown in a language.
    pub fn text(&self, lang: Lang) -> &'static str {
        lang.t(self.en, self.zh)
    }
}

macro_rules! guide_file {
    ($name:literal) => {
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../docs/guide/",
            $name
        ))
    };
}

macro_rules! guide_image {
    ($name:literal) => {
        (
            $name,
            include_bytes!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../docs/guide/img/",
                $name,
                ".png"
            ))
            .as_slice(),
        )
    };
}

/// The guides, in the order of the help page.
pub const GUIDES: [Guide; 3] = [
    Guide {
        key: "arbiter",
        zh: guide_file!("arbiter.zh.md"),
        en: guide_file!("arbiter.en.md"),
        who: (
            "The arbiter's guide: a Swiss and a round robin from registration to the printed results.",
            "裁判长手册：积分编排制与循环赛，从报名到打印成绩册。",
        ),
    },
    Guide {
        key: "officer",
        zh: guide_file!("officer.zh.md"),
        en: guide_file!("officer.en.md"),
        who: (
            "The rating officer's guide: lists, periods, publication, titles and grades.",
            "等级分管理员手册：名单、计算周期、公布、称号与等级。",
        ),
    },
    Guide {
        key: "integrator",
        zh: guide_file!("integrator.zh.md"),
        en: guide_file!("integrator.en.md"),
        who: (
            "The platform integrator's guide: the points API and its tokens.",
            "平台接入手册：积分接口与令牌。",
        ),
    },
];

/// The screenshots the guides show (`docs/guide/img/NAME.png`), written
/// by `tests/browser_guide.rs` with `QIYUAN_UPDATE_SCREENSHOT=1`.
pub const IMAGES: &[(&str, &[u8])] = &[
    guide_image!("arbiter-new-event.zh"),
    guide_image!("arbiter-new-event.en"),
    guide_image!("arbiter-import.zh"),
    guide_image!("arbiter-import.en"),
    guide_image!("arbiter-pairing.zh"),
    guide_image!("arbiter-pairing.en"),
    guide_image!("arbiter-results.zh"),
    guide_image!("arbiter-results.en"),
    guide_image!("arbiter-standings.zh"),
    guide_image!("arbiter-standings.en"),
    guide_image!("arbiter-print.zh"),
    guide_image!("arbiter-print.en"),
    guide_image!("arbiter-schedule.zh"),
    guide_image!("arbiter-schedule.en"),
    guide_image!("officer-office.zh"),
    guide_image!("officer-office.en"),
    guide_image!("officer-draft.zh"),
    guide_image!("officer-draft.en"),
    guide_image!("officer-period.zh"),
    guide_image!("officer-period.en"),
];

/// The routes of the help pages.
pub fn routes() -> axum::Router<AppState> {
    axum::Router::new()
        .route("/help", get(index))
        .route("/help/{guide}", get(guide_page))
        .route("/help/img/{file}", get(image))
}

/// A guide rendered: its title (the first heading) and its HTML.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    /// The text of the first level-1 heading.
    pub title: String,
    /// The body, safe to put in a page.
    pub body: String,
}

/// Where a link or an image of a guide leads in the application: another
/// guide (`integrator.en.md`, `officer.zh.md#x`) to its help page, an image
/// `img/NAME.png` to `/help/img/NAME.png`; a web address stays; anything
/// else is `None` (the guides' test refuses it).
pub fn app_link(dest: &str) -> Option<String> {
    if dest.starts_with("https://") || dest.starts_with("http://") {
        return Some(dest.to_string());
    }
    if let Some(name) = dest.strip_prefix("img/")
        && let Some(stem) = name.strip_suffix(".png")
        && IMAGES.iter().any(|(n, _)| *n == stem)
    {
        return Some(format!("/help/img/{name}"));
    }
    let (file, fragment) = match dest.split_once('#') {
        Some((f, frag)) => (f, Some(frag)),
        None => (dest, None),
    };
    let key = file
        .strip_suffix(".zh.md")
        .or_else(|| file.strip_suffix(".en.md"))?;
    GUIDES.iter().find(|g| g.key == key)?;
    Some(match fragment {
        Some(f) => format!("/help/{key}#{f}"),
        None => format!("/help/{key}"),
    })
}

/// Renders a guide's Markdown (tables included) to HTML: links and images
/// pointed at the help pages ([`app_link`]), code marked `translate="no"`,
/// raw HTML shown as text.
pub fn render(markdown: &str) -> Rendered {
    let parser = Parser::new_ext(markdown, Options::ENABLE_TABLES);
    let mut title = String::new();
    let mut in_title = false;
    let mut seen_title = false;
    let events: Vec<Event<'_>> = parser
        .map(|event| match event {
            Event::Start(Tag::Heading { level, .. }) => {
                if level == pulldown_cmark::HeadingLevel::H1 && !seen_title {
                    in_title = true;
                }
                event
            }
            Event::End(TagEnd::Heading(_)) => {
                if in_title {
                    in_title = false;
                    seen_title = true;
                }
                event
            }
            Event::Text(ref t) if in_title => {
                title.push_str(t);
                event
            }
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => Event::Start(Tag::Link {
                link_type,
                dest_url: CowStr::from(app_link(&dest_url).unwrap_or_else(|| dest_url.to_string())),
                title,
                id,
            }),
            Event::Start(Tag::Image {
                link_type,
                dest_url,
                title,
                id,
            }) => Event::Start(Tag::Image {
                link_type,
                dest_url: CowStr::from(app_link(&dest_url).unwrap_or_else(|| dest_url.to_string())),
                title,
                id,
            }),
            Event::Start(Tag::CodeBlock(kind)) => {
                let class = match kind {
                    CodeBlockKind::Fenced(lang) if !lang.is_empty() => {
                        format!(" class=\"language-{}\"", escape(&lang))
                    }
                    _ => String::new(),
                };
                Event::Html(CowStr::from(format!("<pre translate=\"no\"><code{class}>")))
            }
            Event::End(TagEnd::CodeBlock) => Event::Html(CowStr::from("</code></pre>\n")),
            Event::Code(code) => Event::Html(CowStr::from(format!(
                "<code translate=\"no\">{}</code>",
                escape(&code)
            ))),
            Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
            other => other,
        })
        .collect();
    let mut body = String::new();
    pulldown_cmark::html::push_html(&mut body, events.into_iter());
    Rendered { title, body }
}

/// `GET /help`: the guides, in the visitor's language.
async fn index(viewer: Viewer) -> Markup {
    let l = viewer.lang;
    let title = l.t("Help", "帮助");
    layout::page(
        &viewer,
        title,
        html! {
            h1 { (title) }
            p { (l.t(
                "Guides for the people who use qiyuan, step by step, with the pages and buttons as they read.",
                "写给使用者的操作手册：一步一步，页面和按钮都按界面上的文字写。"
            )) }
            ul #guides {
                @for g in &GUIDES {
                    li data-guide=(g.key) {
                        a href={ "/help/" (g.key) } { (render(g.text(l)).title) }
                        " — " (l.t(g.who.0, g.who.1))
                    }
                }
            }
            p { (l.t(
                "Programs that talk to the server read the API's own description: ",
                "程序接入请读接口说明："
            )) a href="/api/v1/openapi.json" { "OpenAPI" } (l.t(".", "。")) }
        },
    )
}

/// `GET /help/{guide}`: one guide in the visitor's language.
async fn guide_page(viewer: Viewer, Path(key): Path<String>) -> Result<Markup, AppError> {
    let guide = GUIDES
        .iter()
        .find(|g| g.key == key)
        .ok_or(AppError::NotFound)?;
    let rendered = render(guide.text(viewer.lang));
    let l = viewer.lang;
    Ok(layout::page(
        &viewer,
        &rendered.title,
        html! {
            p.muted { a href="/help" { (l.t("← Help", "← 帮助")) } }
            article.guide #guide data-guide=(guide.key) { (PreEscaped(rendered.body)) }
        },
    ))
}

/// `GET /help/img/{name}.png`: a guide's screenshot.
async fn image(State(_): State<AppState>, Path(file): Path<String>) -> Result<Response, AppError> {
    let stem = file.strip_suffix(".png").ok_or(AppError::NotFound)?;
    let (_, bytes) = IMAGES
        .iter()
        .find(|(n, _)| *n == stem)
        .ok_or(AppError::NotFound)?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/png"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        *bytes,
    )
        .into_response())
}

/// `text` with `<`, `>`, `&` and quotes escaped for HTML (maud's escaping).
fn escape(text: &str) -> String {
    maud::html! { (text) }.into_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_lead_to_the_help_pages() {
        assert_eq!(app_link("officer.zh.md").as_deref(), Some("/help/officer"));
        assert_eq!(
            app_link("integrator.en.md#tokens").as_deref(),
            Some("/help/integrator#tokens")
        );
        assert_eq!(
            app_link("img/arbiter-pairing.zh.png").as_deref(),
            Some("/help/img/arbiter-pairing.zh.png")
        );
        assert_eq!(app_link("img/nothing.png"), None);
        assert_eq!(app_link("../desk.md"), None);
        assert_eq!(app_link("nobody.zh.md"), None);
    }

    #[test]
    fn code_is_marked_and_html_is_text() {
        let r = render(
            "# T\n\nRun `qiyuan rate`.\n\n```sh\nqiyuan <x>\n```\n\n<script>alert(1)</script>\n",
        );
        assert_eq!(r.title, "T");
        assert!(
            r.body
                .contains(r#"<code translate="no">qiyuan rate</code>"#),
            "{}",
            r.body
        );
        assert!(
            r.body.contains(
                "<pre translate=\"no\"><code class=\"language-sh\">qiyuan &lt;x&gt;\n</code></pre>"
            ),
            "{}",
            r.body
        );
        assert!(!r.body.contains("<script>"), "{}", r.body);
    }

    /// Every link and image of every guide leads somewhere in the
    /// application, and every embedded image is shown by a guide.
    #[test]
    fn every_link_of_the_guides_resolves() {
        let mut shown = std::collections::BTreeSet::new();
        for g in &GUIDES {
            for lang in [Lang::Zh, Lang::En] {
                for event in Parser::new_ext(g.text(lang), Options::ENABLE_TABLES) {
                    if let Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) =
                        event
                    {
                        assert!(
                            app_link(&dest_url).is_some(),
                            "{}.{}.md: the link `{dest_url}` leads nowhere in the application",
                            g.key,
                            lang.code()
                        );
                        if let Some(name) = dest_url.strip_prefix("img/") {
                            shown.insert(name.trim_end_matches(".png").to_string());
                        }
                    }
                }
            }
        }
        for (name, _) in IMAGES {
            assert!(shown.contains(*name), "no guide shows img/{name}.png");
        }
    }
}
