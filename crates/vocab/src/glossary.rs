//! The glossary: every term of the vocabulary with its one Chinese and
//! English wording and where it comes from (`docs/glossary.md`).

use crate::{
    ByeKind, Colour, EventStatus, GameKind, GameResult, Heading, Lang, RatingFigure, ResultWording,
    Sex,
};

/// One term of the glossary: what it is, its Chinese and English wording,
/// where the wording comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    /// The term's name in the code (`GameResult::WhiteWins`).
    pub code: String,
    /// Chinese.
    pub zh: String,
    /// English.
    pub en: String,
    /// Where the wording comes from.
    pub source: &'static str,
}

/// Every term with its wordings, in the order of `docs/glossary.md`.
pub fn glossary() -> Vec<Term> {
    let mut v = Vec::new();
    for g in GameKind::ALL {
        v.push(Term {
            code: format!("GameKind::{g:?}"),
            zh: g.label(Lang::Zh).into(),
            en: g.label(Lang::En).into(),
            source: "象棋竞赛规则; FIDE Laws of Chess",
        });
    }
    for x in Sex::ALL {
        v.push(Term {
            code: format!("Sex::{x:?}"),
            zh: x.label(Lang::Zh).into(),
            en: x.label(Lang::En).into(),
            source: "the rating regulations (男子 / 女子 minimums and titles)",
        });
    }
    for x in EventStatus::ALL {
        v.push(Term {
            code: format!("EventStatus::{x:?}"),
            zh: x.label(Lang::Zh).into(),
            en: x.label(Lang::En).into(),
            source: "the desk's words for where an event stands",
        });
    }
    for g in GameKind::ALL {
        v.push(Term {
            code: format!("first mover ({g:?})"),
            zh: Colour::White.label(g, Lang::Zh).into(),
            en: Colour::White.label(g, Lang::En).into(),
            source: "象棋竞赛规则 (红方先走); FIDE Laws of Chess",
        });
    }
    v.push(Term {
        code: "second mover".into(),
        zh: Colour::Black.label(GameKind::Chess, Lang::Zh).into(),
        en: Colour::Black.label(GameKind::Chess, Lang::En).into(),
        source: "象棋竞赛规则; FIDE Laws of Chess",
    });
    for g in GameKind::ALL {
        for r in GameResult::ALL
            .into_iter()
            .filter(|r| *r != GameResult::Pending)
        {
            v.push(Term {
                code: format!("GameResult::{r:?} ({g:?})"),
                zh: r.label(g, Lang::Zh).into(),
                en: r.label(g, Lang::En).into(),
                source: match g {
                    GameKind::Xiangqi => "象棋竞赛规则 (红胜, 和, 黑胜; 弃权)",
                    GameKind::Chess => "FIDE C.04 / TRF result notation",
                },
            });
        }
    }
    for w in ResultWording::ALL {
        v.push(Term {
            code: format!("ResultWording::{w:?}"),
            zh: w.label(Lang::Zh).into(),
            en: w.label(Lang::En).into(),
            source: "象棋竞赛规则 (results in words or as scores, the event's choice)",
        });
    }
    for r in GameResult::ALL
        .into_iter()
        .filter(|r| *r != GameResult::Pending)
    {
        let (g, w) = (GameKind::Xiangqi, ResultWording::Scores);
        v.push(Term {
            code: format!("GameResult::{r:?} (Xiangqi, scores)"),
            zh: r.label_in(g, w, Lang::Zh).into(),
            en: r.label_in(g, w, Lang::En).into(),
            source: "象棋竞赛规则 (2:0, 1:1, 0:2 on the 2-1-0 scale, 13.1)",
        });
    }
    for b in ByeKind::ALL {
        v.push(Term {
            code: format!("ByeKind::{b:?}"),
            zh: b.label(Lang::Zh).into(),
            en: b.label(Lang::En).into(),
            source: "FIDE C.04.1 (pairing-allocated and requested byes); 请假 (leave) as Chinese events write it",
        });
    }
    for h in Heading::ALL {
        v.push(Term {
            code: format!("Heading::{h:?}"),
            zh: h.label(Lang::Zh).into(),
            en: h.label(Lang::En).into(),
            source: "the federations' published lists (序号, 编号, 姓名, 单位, 等级分); the starting lists, pairing sheets and standings arbiters print",
        });
    }
    for f in RatingFigure::ALL {
        v.push(Term {
            code: format!("RatingFigure::{f:?} ({})", f.symbol()),
            zh: f.name(Lang::Zh).into(),
            en: f.name(Lang::En).into(),
            source: "象棋 cxa-2019 第八条 常用术语及符号 (N, Ra, Ro, P, We, W, K, ΔR); Rn = Ro + ΣΔR (every edition); D and Rp as the tables of the 等级分计算表 use them",
        });
    }
    v
}

/// `docs/glossary.md`: the glossary as Markdown.
pub fn glossary_markdown() -> String {
    let mut out = String::from(
        "# Glossary (术语表)\n\n\
         Every domain term a user reads, with its one Chinese and one English\n\
         wording. Generated from `crates/vocab` (`qiyuan_vocab::glossary`); a\n\
         test fails when this file and the crate differ: change the crate,\n\
         then run `QIYUAN_WRITE_GLOSSARY=1 cargo test -p qiyuan-vocab`.\n\n\
         | term | 中文 | English | source |\n|---|---|---|---|\n",
    );
    for t in glossary() {
        out.push_str(&format!(
            "| `{}` | {} | {} | {} |\n",
            t.code, t.zh, t.en, t.source
        ));
    }
    out
}
