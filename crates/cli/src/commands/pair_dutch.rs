//! `qiyuan pair --dutch IN.trf -p [OUT]`: pair the next round of a TRF by the
//! FIDE (Dutch) System, C.04.3, with the JaVaFo/bbpPairings command-line
//! conventions.
//!
//! Output: the number of pairs (the PAB counts as one), then `white black` per
//! board in board order, the PAB written `id 0`.
//!
//! Exit codes (those of JaVaFo/bbpPairings): 0 paired, 1 no valid pairing
//! (C.04.3 Art. 1.9), 3 invalid input, 5 file error.
//!
//! A points column (cols 81–84) that disagrees with the player's results is
//! invalid input (exit 3, the player named), or with
//! `--use-computed-points` a warning on standard error, the round being
//! paired on the computed points (see `qiyuan_formats::trf_swiss`, *Scores*).
//!
//! Also the checker (`--dutch IN.trf -c`, [`run_check`]: exit 0 when every
//! round agrees, 1 when some differ) and the random tournament generator
//! (`-g [CONFIG] -o OUT.trf [-s SEED]`, [`run_generate`]).

use qiyuan_vocab::{Heading, Lang};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::say::{self, error_text, t};
use qiyuan_formats::swiss_check::{RoundDifference, check_tournament};
use qiyuan_formats::swiss_generate::generated_to_trf;
use qiyuan_formats::trf_swiss::{NextRoundOptions, TrfSwissError, next_round_input, write_pairing};
use qiyuan_swiss::explain::{CriterionNote, Explanation, FloatReason, PreferenceNote, RoundFact};
use qiyuan_swiss::generator::{GeneratorConfig, generate};
use qiyuan_swiss::prep::{ColourRule, Float, Strength};
use qiyuan_swiss::{Colour, Edition, PairingError, RoundKind, Score, pair_round_explained};

/// Exit code: the round was paired.
const EXIT_OK: u8 = 0;
/// Exit code: no pairing complies with the absolute criteria; with `-c`,
/// some round differs from the file.
const EXIT_NO_PAIRING: u8 = 1;
/// Exit code: the TRF is not a valid pairing input.
const EXIT_INVALID_INPUT: u8 = 3;
/// Exit code: a file could not be read or written.
const EXIT_FILE_ERROR: u8 = 5;

/// What `--dutch IN.trf` writes besides (or instead of) the pairing.
#[derive(Debug, Clone, Default)]
pub struct DutchOutputs {
    /// `-p [OUT]`: the pairing, to OUT or standard output (`Some(None)`).
    pub pairing: Option<Option<PathBuf>>,
    /// `--explain`: why each pair was made, to `explain_to` or standard
    /// output.
    pub explain: bool,
    /// Where the explanation goes (`-o FILE`).
    pub explain_to: Option<PathBuf>,
    /// `-l [LIST]`: the checklist, to LIST or standard output (`Some(None)`).
    pub checklist: Option<Option<PathBuf>>,
    /// `--format json` for the explanation and the checklist.
    pub json: bool,
    /// `--lang zh`: the text in Chinese.
    pub zh: bool,
    /// `--use-computed-points`: a points column that disagrees with the
    /// results is a warning, not an error.
    pub use_computed_points: bool,
}

/// Pairs the round after the last one in `input` (a TRF file) and writes the
/// pairing to `output`, or to standard output when `None`. `edition`
/// selects the 2026 rules (default) or the 2017 ones. Messages go to
/// standard error; the result is the process exit code. With
/// `use_computed_points`, a points column that disagrees with the results is
/// a warning instead of an error.
pub fn run_dutch(
    input: &Path,
    output: Option<&Path>,
    edition: Edition,
    use_computed_points: bool,
) -> ExitCode {
    let outputs = DutchOutputs {
        pairing: Some(output.map(Path::to_path_buf)),
        use_computed_points,
        ..DutchOutputs::default()
    };
    run_dutch_with(input, &outputs, edition)
}

/// As [`run_dutch`], writing what `outputs` asks for: the pairing, the
/// explanation (`--explain`) and the checklist (`-l`). With nothing asked,
/// the pairing goes to standard output.
pub fn run_dutch_with(input: &Path, outputs: &DutchOutputs, edition: Edition) -> ExitCode {
    let text = match read_text(input, "--dutch") {
        Ok(text) => text,
        Err(code) => return code,
    };
    let options = NextRoundOptions {
        use_computed_points: outputs.use_computed_points,
    };
    let pairing_input = match next_round_input(&text, edition, &options) {
        Ok(next) => {
            for w in &next.warnings {
                let (file, computed) = (input.display(), w.computed);
                let w = w.text(say::lang());
                eprintln!(
                    "{}",
                    t(
                        format!("qiyuan pair --dutch: {file}: warning: {w}; paired on {computed}"),
                        format!("qiyuan pair --dutch：{file}：警告：{w}；按 {computed} 编排"),
                    )
                );
            }
            next.input
        }
        Err(e @ TrfSwissError::PointsMismatch(_)) => {
            eprintln!(
                "qiyuan pair --dutch{sep}{}{sep}{} (--use-computed-points)",
                input.display(),
                error_text(&e),
                sep = t(": ", "："),
            );
            return ExitCode::from(EXIT_INVALID_INPUT);
        }
        Err(e) => {
            eprintln!(
                "qiyuan pair --dutch{sep}{}{sep}{}",
                input.display(),
                error_text(&e),
                sep = t(": ", "："),
            );
            return ExitCode::from(EXIT_INVALID_INPUT);
        }
    };
    let (pairing, explanation) = match pair_round_explained(&pairing_input) {
        Ok(p) => p,
        Err(e @ PairingError::NoValidPairing) => {
            let (round, e) = (pairing_input.round, error_text(&e));
            eprintln!(
                "{}",
                t(
                    format!("qiyuan pair --dutch: round {round}: {e}; the Chief Arbiter decides"),
                    format!("qiyuan pair --dutch：第 {round} 轮：{e}；由裁判长决定"),
                )
            );
            return ExitCode::from(EXIT_NO_PAIRING);
        }
        Err(e) => {
            eprintln!(
                "qiyuan pair --dutch{sep}{}{sep}{}",
                input.display(),
                error_text(&e),
                sep = t(": ", "："),
            );
            return ExitCode::from(EXIT_INVALID_INPUT);
        }
    };
    let mut pairing_to = outputs.pairing.clone();
    if pairing_to.is_none() && !outputs.explain && outputs.checklist.is_none() {
        pairing_to = Some(None);
    }
    if let Some(to) = &pairing_to {
        let code = write_or_print(to.as_deref(), &write_pairing(&pairing), "--dutch");
        if code != ExitCode::from(EXIT_OK) {
            return code;
        }
    }
    if outputs.explain {
        let text = if outputs.json {
            json_text(&explanation)
        } else {
            explain_text(&explanation, outputs.zh)
        };
        let code = write_or_print(outputs.explain_to.as_deref(), &text, "--explain");
        if code != ExitCode::from(EXIT_OK) {
            return code;
        }
    }
    if let Some(to) = &outputs.checklist {
        let text = if outputs.json {
            json_text(&explanation.players)
        } else {
            checklist_text(&explanation, outputs.zh)
        };
        let code = write_or_print(to.as_deref(), &text, "-l");
        if code != ExitCode::from(EXIT_OK) {
            return code;
        }
    }
    ExitCode::from(EXIT_OK)
}

fn json_text<T: serde::Serialize>(value: &T) -> String {
    let mut s = serde_json::to_string_pretty(value).unwrap_or_else(|e| format!("\"{e}\""));
    s.push('\n');
    s
}

/// A score in tenths as points: `25` → `2.5`, `30` → `3`.
fn pts(s: Score) -> String {
    qiyuan_swiss::points_of(s).normalize().to_string()
}

fn tpns(v: &[u32]) -> String {
    if v.is_empty() {
        "-".into()
    } else {
        v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
    }
}

/// `en` or, when `zh`, `cn`: the two languages of a name side by side.
fn lang(zh: bool, en: &'static str, cn: &'static str) -> &'static str {
    if zh { cn } else { en }
}

fn colour_name(c: Colour, zh: bool) -> &'static str {
    match c {
        Colour::White => lang(zh, "White", "白(先)"),
        Colour::Black => lang(zh, "Black", "黑(后)"),
    }
}

fn strength_name(s: Strength, zh: bool) -> &'static str {
    match s {
        Strength::None => lang(zh, "no", "无"),
        Strength::Mild => lang(zh, "mild", "弱"),
        Strength::Strong => lang(zh, "strong", "强"),
        Strength::Absolute => lang(zh, "absolute", "绝对"),
    }
}

fn float_reason(r: FloatReason, zh: bool) -> &'static str {
    match r {
        FloatReason::None => lang(zh, "none", "无"),
        FloatReason::OddBracket => {
            lang(zh, "odd number of players in the bracket", "本组人数为奇数")
        }
        FloatReason::AbsoluteCriteria => lang(
            zh,
            "the absolute criteria (C1 no rematch, C3 colours, forbidden pairs) leave too few pairs",
            "绝对准则(C1 不重复对局、C3 颜色、禁止配对)使本组配对不足",
        ),
        FloatReason::Completion => lang(
            zh,
            "needed so that the players below can still be paired (completion, C4)",
            "为使下面的棋手仍能全部配对(完整性 C4)",
        ),
    }
}

fn preference_text(p: &PreferenceNote, zh: bool) -> String {
    match (p.colour, zh) {
        (None, false) => "no preference".into(),
        (None, true) => "无颜色偏好".into(),
        (Some(c), false) => format!(
            "{} {} ({})",
            strength_name(p.strength, false),
            colour_name(c, false),
            if p.met { "met" } else { "not met" }
        ),
        (Some(c), true) => format!(
            "{}偏好{}({})",
            strength_name(p.strength, true),
            colour_name(c, true),
            if p.met { "满足" } else { "未满足" }
        ),
    }
}

fn rule_text(r: ColourRule, zh: bool) -> &'static str {
    match r {
        ColourRule::BothPreferences => lang(zh, "both preferences granted", "双方偏好均满足"),
        ColourRule::StrongerPreference => {
            lang(zh, "the stronger preference granted", "满足较强的偏好")
        }
        ColourRule::WiderColourDifference => lang(
            zh,
            "both absolute: the wider colour difference granted",
            "双方均为绝对偏好:满足颜色差较大者",
        ),
        ColourRule::Alternate => lang(
            zh,
            "alternated from the latest round in which their colours differed",
            "按双方颜色最近一次不同的轮次交替",
        ),
        ColourRule::HigherRankedPreference => lang(
            zh,
            "the higher-ranked player's preference",
            "满足排名较高者的偏好",
        ),
        ColourRule::InitialColour => lang(
            zh,
            "the initial colour by the higher-ranked player's TPN parity",
            "按排名较高者序号的奇偶给初始颜色",
        ),
    }
}

/// `C12 2` (a count), `C7 [2.5 2]` (scores compared), `C18 1 [1.5]`.
fn criterion_text(c: &CriterionNote) -> String {
    let mut s = c.criterion.clone();
    if c.count > 0 {
        s.push_str(&format!(" {}", c.count));
    }
    if !c.values.is_empty() {
        let v: Vec<String> = c.values.iter().map(|&x| pts(x)).collect();
        s.push_str(&format!(" [{}]", v.join(" ")));
    }
    s
}

/// The explanation as text: the brackets, then each board, then the PAB.
pub fn explain_text(e: &Explanation, zh: bool) -> String {
    let ed = match e.edition {
        Edition::Fide2026 => "2026",
        Edition::Fide2017 => "2017",
    };
    let mut o = String::new();
    if zh {
        o.push_str(&format!(
            "第 {} 轮编排说明(FIDE 荷兰制 C.04.3,{ed} 版){}\n\n积分组(由高到低)\n",
            e.round,
            if e.last_round { ",末轮" } else { "" }
        ));
    } else {
        o.push_str(&format!(
            "Round {} pairing explained (FIDE Dutch system C.04.3, {ed} edition){}\n\nBrackets, highest score first\n",
            e.round,
            if e.last_round { ", final round" } else { "" }
        ));
    }
    for b in &e.brackets {
        let pairs: Vec<String> = b.pairs.iter().map(|(x, y)| format!("{x}-{y}")).collect();
        let pairs = if pairs.is_empty() {
            "-".to_string()
        } else {
            pairs.join(" ")
        };
        if zh {
            o.push_str(&format!(
                "  {} 分组:本组棋手 {};降入棋手 {};配对 {};下浮 {}",
                pts(b.score),
                tpns(&b.residents),
                tpns(&b.mdps),
                pairs,
                tpns(&b.downfloaters)
            ));
        } else {
            o.push_str(&format!(
                "  score {}: residents {}; moved down {}; pairs {}; downfloaters {}",
                pts(b.score),
                tpns(&b.residents),
                tpns(&b.mdps),
                pairs,
                tpns(&b.downfloaters)
            ));
        }
        if b.float_reason != FloatReason::None {
            o.push_str(&format!(" ({})", float_reason(b.float_reason, zh)));
        }
        o.push('\n');
        if !b.unmet.is_empty() {
            let list: Vec<String> = b.unmet.iter().map(criterion_text).collect();
            if zh {
                o.push_str(&format!(
                    "    未完全满足的质量准则(按优先顺序逐项最小化):{}\n",
                    list.join(", ")
                ));
            } else {
                o.push_str(&format!(
                    "    quality criteria not fully met (each minimised in priority order): {}\n",
                    list.join(", ")
                ));
            }
        }
    }
    o.push_str(if zh { "\n台次\n" } else { "\nBoards\n" });
    for b in &e.boards {
        if zh {
            o.push_str(&format!(
                "  {:>3}. {} - {}({} 分组)\n     颜色:{} {};白方 {} {},黑方 {} {}\n",
                b.board,
                b.white,
                b.black,
                pts(b.bracket),
                b.colour_article,
                rule_text(b.colour_rule, true),
                b.white,
                preference_text(&b.white_preference, true),
                b.black,
                preference_text(&b.black_preference, true)
            ));
        } else {
            o.push_str(&format!(
                "  {:>3}. {} - {} (bracket {})\n     colours: {} {}; White {} {}, Black {} {}\n",
                b.board,
                b.white,
                b.black,
                pts(b.bracket),
                b.colour_article,
                rule_text(b.colour_rule, false),
                b.white,
                preference_text(&b.white_preference, false),
                b.black,
                preference_text(&b.black_preference, false)
            ));
        }
        if let Some(f) = &b.float {
            if zh {
                o.push_str(&format!(
                    "     浮动:{}({} 分)下浮,{}({} 分)上浮;原因:{}\n",
                    f.down,
                    pts(f.down_score),
                    f.up,
                    pts(f.up_score),
                    float_reason(f.reason, true)
                ));
            } else {
                o.push_str(&format!(
                    "     float: {} ({}) down, {} ({}) up; why {} left their bracket: {}\n",
                    f.down,
                    pts(f.down_score),
                    f.up,
                    pts(f.up_score),
                    f.down,
                    float_reason(f.reason, false)
                ));
            }
        }
        if !b.criteria.is_empty() {
            o.push_str(&format!(
                "     {}{}\n",
                if zh { "未满足:" } else { "not met: " },
                b.criteria.join(", ")
            ));
        }
    }
    if let Some(y) = &e.bye {
        if zh {
            o.push_str(&format!(
                "\n编排轮空(PAB):{}({} 分)\n  C2 不能轮空:{}\n",
                y.tpn,
                pts(y.score),
                tpns(&y.excluded_c2)
            ));
            if let Some(c) = y.lowest_possible_score {
                o.push_str(&format!(
                    "  C5:任何完整配对能给出的最低轮空积分为 {};积分更低的可轮空棋手 {} 均无法留出(C4)\n",
                    pts(c),
                    tpns(&y.lower_eligible)
                ));
            } else {
                o.push_str("  2017 版:轮空者为最后一组剩下的棋手\n");
            }
            o.push_str(&format!(
                "  C9:未下棋轮次 {};同分可轮空棋手 {}(依 C9、其余准则及第 4 条的生成顺序)\n",
                y.unplayed,
                tpns(&y.same_score_eligible)
            ));
        } else {
            o.push_str(&format!(
                "\nPairing-allocated bye: {} ({} points)\n  C2 excludes {} (a PAB already, or a win's points without playing)\n",
                y.tpn,
                pts(y.score),
                tpns(&y.excluded_c2)
            ));
            if let Some(c) = y.lowest_possible_score {
                o.push_str(&format!(
                    "  C5: the lowest score any complete pairing can give the PAB is {}; eligible players with less ({}) cannot be left out (C4)\n",
                    pts(c),
                    tpns(&y.lower_eligible)
                ));
            } else {
                o.push_str(
                    "  2017 rules: the PAB goes to the player left over by the last bracket\n",
                );
            }
            o.push_str(&format!(
                "  C9: {} unplayed rounds; other eligible players on the same score: {} (decided by C9, the later criteria, then the generation order of Art. 4)\n",
                y.unplayed,
                tpns(&y.same_score_eligible)
            ));
        }
    }
    o
}

/// One checklist cell for an earlier round: `12w1` (opponent, colour,
/// points), `12+`/`12-` forfeits, `PAB`, `bye0.5` for an absence.
fn round_cell(r: &RoundFact) -> String {
    let col = match r.colour {
        Some(Colour::White) => "w",
        Some(Colour::Black) => "b",
        None => "",
    };
    match r.kind {
        RoundKind::Played => format!("{}{col}{}", r.opponent.unwrap_or(0), pts(r.points)),
        RoundKind::Forfeit => format!(
            "{}{}",
            r.opponent.unwrap_or(0),
            if r.points > 0 { "+" } else { "-" }
        ),
        RoundKind::PairingBye => "PAB".into(),
        RoundKind::Absent => format!("bye{}", pts(r.points)),
    }
}

/// The checklist (`-l`): per player the data the pairing used, one line
/// each in ranking order, a blank line between score groups, then one
/// column per earlier round.
pub fn checklist_text(e: &Explanation, zh: bool) -> String {
    let rounds = e.players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
    let mut header: Vec<String> = if zh {
        [
            Heading::PairingNumber.label(Lang::Zh),
            Heading::Points.label(Lang::Zh),
            "加速",
            "配对分",
            "颜色",
            "色差",
            "偏好",
            "浮动",
            "已轮空",
            "未下",
            "领先",
            "缺席",
        ]
        .map(String::from)
        .to_vec()
    } else {
        [
            "TPN", "Pts", "Acc", "PairPts", "Colours", "CD", "Pref", "Floats", "PAB", "Unpl",
            "Top", "Absent",
        ]
        .map(String::from)
        .to_vec()
    };
    header.extend((1..=rounds).map(|r| format!("R{r}")));
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut group_start: Vec<bool> = Vec::new();
    let mut last: Option<Score> = None;
    for p in &e.players {
        group_start.push(last.is_some_and(|s| s != p.pairing_score));
        last = Some(p.pairing_score);
        let pref = match (p.preference, p.strength) {
            (None, _) => "-".to_string(),
            (Some(c), s) => {
                let c = if c == Colour::White { "W" } else { "B" };
                match s {
                    Strength::Absolute => format!("{c}!"),
                    Strength::Strong => c.to_string(),
                    _ => c.to_lowercase(),
                }
            }
        };
        let floats: String = p
            .floats
            .iter()
            .map(|f| match f {
                Float::Down => 'D',
                Float::Up => 'U',
                Float::None => '.',
            })
            .collect();
        let yes = |b: bool| if b { "*".to_string() } else { String::new() };
        let mut row = vec![
            p.tpn.to_string(),
            pts(p.score),
            if p.acceleration == 0 {
                String::new()
            } else {
                pts(p.acceleration)
            },
            pts(p.pairing_score),
            p.colours.clone(),
            format!("{:+}", p.colour_difference),
            pref,
            floats,
            yes(p.had_pab),
            p.unplayed.to_string(),
            yes(p.topscorer),
            yes(p.absent),
        ];
        row.extend(p.rounds.iter().map(round_cell));
        row.resize(header.len(), String::new());
        rows.push(row);
    }
    let mut width: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for r in &rows {
        for (w, c) in width.iter_mut().zip(r) {
            *w = (*w).max(c.chars().count());
        }
    }
    let line = |cells: &[String]| -> String {
        let mut s: String = cells
            .iter()
            .zip(&width)
            .map(|(c, w)| format!("{c:>w$}", w = *w))
            .collect::<Vec<_>>()
            .join("  ");
        s.truncate(s.trim_end().len());
        s.push('\n');
        s
    };
    let mut o = if zh {
        format!(
            "第 {} 轮配对核对表(配对分含加速分;偏好:大写=强,!=绝对,小写=弱;浮动:D 下浮,U 上浮,由早到晚)\n\n",
            e.round
        )
    } else {
        format!(
            "Checklist for round {} (PairPts includes acceleration; Pref: W/B strong, W!/B! absolute, w/b mild; Floats: D down, U up, oldest first)\n\n",
            e.round
        )
    };
    o.push_str(&line(&header));
    for (r, gap) in rows.iter().zip(group_start) {
        if gap {
            o.push('\n');
        }
        o.push_str(&line(r));
    }
    o
}

fn read_text(path: &Path, what: &str) -> Result<String, ExitCode> {
    match std::fs::read(path) {
        Ok(bytes) => Ok(String::from_utf8_lossy(&bytes).into_owned()),
        Err(e) => {
            let (file, e) = (path.display(), error_text(&e));
            eprintln!(
                "{}",
                t(
                    format!("qiyuan pair {what}: cannot read {file}: {e}"),
                    format!("qiyuan pair {what}：无法读取 {file}：{e}"),
                )
            );
            Err(ExitCode::from(EXIT_FILE_ERROR))
        }
    }
}

/// Writes `text` to `path` (atomically: a reader never sees half a pairing)
/// or to standard output.
fn write_or_print(path: Option<&Path>, text: &str, what: &str) -> ExitCode {
    match path {
        Some(path) => {
            if let Err(e) = super::output::write_atomically(path, text.as_bytes()) {
                eprintln!("qiyuan pair {what}{}{}", t(": ", "："), say::chain_text(&e));
                return ExitCode::from(EXIT_FILE_ERROR);
            }
        }
        None => print!("{text}"),
    }
    ExitCode::from(EXIT_OK)
}

fn boards_text(boards: &[(u32, u32)], bye: Option<u32>) -> String {
    let mut parts: Vec<String> = boards.iter().map(|(w, b)| format!("{w}-{b}")).collect();
    if let Some(b) = bye {
        parts.push(format!("{b}-bye"));
    }
    if parts.is_empty() {
        "(none)".into()
    } else {
        parts.join(" ")
    }
}

fn difference_line(d: &RoundDifference) -> String {
    let file_bye = (d.file_bye != d.engine_bye).then_some(d.file_bye).flatten();
    let engine_bye = (d.file_bye != d.engine_bye)
        .then_some(d.engine_bye)
        .flatten();
    let engine = match &d.engine_error {
        Some(e) => e.clone(),
        None => boards_text(&d.engine_only, engine_bye),
    };
    format!(
        "round {}: file {}, engine {}\n",
        d.round,
        boards_text(&d.file_only, file_bye),
        engine
    )
}

/// `--dutch IN.trf -c`: re-pairs every round of `input` and reports, one
/// line per round, the boards (`white-black`, PAB `id-bye`) where the file
/// and the engine differ, then a summary line. Exit 0 when all rounds
/// agree, 1 when some differ, 3 invalid input, 5 file error.
pub fn run_check(input: &Path, output: Option<&Path>, edition: Edition) -> ExitCode {
    let text = match read_text(input, "--dutch -c") {
        Ok(t) => t,
        Err(code) => return code,
    };
    let report = match check_tournament(&text, edition) {
        Ok(r) => r,
        Err(e) => {
            eprintln!(
                "qiyuan pair --dutch -c{sep}{}{sep}{}",
                input.display(),
                error_text(&e),
                sep = t(": ", "："),
            );
            return ExitCode::from(EXIT_INVALID_INPUT);
        }
    };
    let mut out: String = report.differences.iter().map(difference_line).collect();
    out.push_str(&format!(
        "{} of {} rounds differ\n",
        report.differences.len(),
        report.rounds_checked
    ));
    let code = write_or_print(output, &out, "--dutch -c");
    if code != ExitCode::from(EXIT_OK) {
        return code;
    }
    if report.all_agree() {
        ExitCode::from(EXIT_OK)
    } else {
        ExitCode::from(EXIT_NO_PAIRING)
    }
}

/// `-g [CONFIG] -o OUT [-s SEED]`: simulates a tournament (configuration
/// from the `key=value` file `config`, defaults otherwise) and writes it as
/// TRF-2026 to `output` or standard output. Exit 0 written, 3 invalid
/// configuration, 5 file error.
pub fn run_generate(config: Option<&Path>, output: Option<&Path>, seed: Option<u64>) -> ExitCode {
    let cfg = match config {
        Some(path) => {
            let text = match read_text(path, "-g") {
                Ok(t) => t,
                Err(code) => return code,
            };
            match GeneratorConfig::parse(&text) {
                Ok(c) => c,
                Err(e) => {
                    eprintln!(
                        "qiyuan pair -g{sep}{}{sep}{}",
                        path.display(),
                        error_text(&e),
                        sep = t(": ", "："),
                    );
                    return ExitCode::from(EXIT_INVALID_INPUT);
                }
            }
        }
        None => GeneratorConfig::default(),
    };
    if cfg.players > qiyuan_swiss::generator::TRF_MAX_PLAYERS {
        let (players, max) = (cfg.players, qiyuan_swiss::generator::TRF_MAX_PLAYERS);
        eprintln!(
            "{}",
            t(
                format!(
                    "qiyuan pair -g: players = {players}: a TRF file numbers at most {max} players \
                     (four-digit start ranks), and -g writes one"
                ),
                format!(
                    "qiyuan pair -g：players = {players}：TRF 文件最多为 {max} 名棋手编号（四位起始序号），而 -g 写出的是 TRF 文件"
                ),
            )
        );
        return ExitCode::from(EXIT_INVALID_INPUT);
    }
    let seed = seed.unwrap_or_else(|| {
        let s = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        eprintln!(
            "{}",
            t(
                format!("qiyuan pair -g: seed {s}"),
                format!("qiyuan pair -g：随机种子 {s}")
            )
        );
        s
    });
    let tournament = match generate(&cfg, seed) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("qiyuan pair -g{}{}", t(": ", "："), error_text(&e));
            return ExitCode::from(EXIT_INVALID_INPUT);
        }
    };
    if tournament.rounds_played() < cfg.rounds as usize {
        let written = tournament.rounds_played();
        let round = written + 1;
        eprintln!(
            "{}",
            t(
                format!(
                    "qiyuan pair -g: round {round} has no valid pairing (C.04.3 Art. 1.9); {written} \
                     rounds written"
                ),
                format!(
                    "qiyuan pair -g：第 {round} 轮没有合规的编排（C.04.3 Art. 1.9）；已写出 {written} 轮"
                ),
            )
        );
    }
    match generated_to_trf(&tournament).write_trf2026() {
        Ok(text) => write_or_print(output, &text, "-g"),
        Err(e) => {
            eprintln!("qiyuan pair -g{}{}", t(": ", "："), error_text(&e));
            ExitCode::from(EXIT_INVALID_INPUT)
        }
    }
}
