//! The reports of `qiyuan norms`, `titles`, `grades`, `qualify`,
//! `check-games` and `pair --dutch --explain` / `-l` follow the user's
//! language, one language per run: in Chinese (`--lang zh`) no English
//! sentence (`qiyuan_vocab::english_phrases`) beyond the data of the files
//! (names, a table's name); in English no Chinese beyond the data (player
//! and event names, the rules' titles and articles). The figures are the
//! same in both.

mod common;

use common::{examples, run_in};
use qiyuan_vocab::english_phrases;

/// The rules a report quotes from (titles, articles, grades): data, not
/// the CLI's words.
const RULES: [&str; 6] = [
    include_str!("../../rating/titles/cca-chess.toml"),
    include_str!("../../rating/titles/cxa-legacy.toml"),
    include_str!("../../rating/grades/cca-chess.toml"),
    include_str!("../../rating/grades/cxa.toml"),
    include_str!("../../rating/profiles/cca-chess.toml"),
    include_str!("../../rating/profiles/cxa-legacy.toml"),
];

fn example(name: &str) -> String {
    examples().join(name).display().to_string()
}

/// Standard output and standard error of a run in `lang` (`zh`, `en`).
fn run(args: &[&str], lang: &str) -> String {
    let out = run_in(&examples(), args, lang);
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "qiyuan {args:?} --lang {lang} failed:\n{stderr}"
    );
    format!("{stdout}{stderr}")
}

fn is_chinese(c: char) -> bool {
    ('\u{4e00}'..='\u{9fff}').contains(&c)
        || ('\u{3000}'..='\u{303f}').contains(&c)
        || ('\u{ff00}'..='\u{ffef}').contains(&c)
}

/// The runs of Chinese characters and punctuation in `text`.
fn chinese_runs(text: &str) -> Vec<String> {
    let mut runs = Vec::new();
    let mut run = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if is_chinese(c) {
            run.push(c);
        } else if !run.is_empty() {
            runs.push(std::mem::take(&mut run));
        }
    }
    runs
}

/// Runs `args` in both languages. The Chinese has no English phrase once
/// the `data` strings (a file's own words) are taken out, and has Chinese;
/// every Chinese run of the English is in the input `files` or the rules;
/// each of `figures` is in both.
fn both(args: &[&str], files: &[&str], data: &[&str], figures: &[&str]) {
    let zh = run(args, "zh");
    let en = run(args, "en");
    let mut bare = zh.clone();
    for d in data {
        bare = bare.replace(d, "");
    }
    assert!(
        english_phrases(&bare).is_empty(),
        "qiyuan {args:?} in Chinese has English: {:?}\n{zh}",
        english_phrases(&bare)
    );
    assert!(
        zh.chars().any(is_chinese),
        "qiyuan {args:?}: not Chinese:\n{zh}"
    );
    let mut sources: Vec<String> = RULES.iter().map(|r| r.to_string()).collect();
    for f in files {
        sources.push(std::fs::read_to_string(examples().join(f)).unwrap());
    }
    for r in chinese_runs(&en) {
        assert!(
            sources.iter().any(|s| s.contains(&r)),
            "qiyuan {args:?} in English has Chinese `{r}` that is not data:\n{en}"
        );
    }
    for figure in figures {
        assert!(zh.contains(figure), "{figure:?} missing in Chinese:\n{zh}");
        assert!(en.contains(figure), "{figure:?} missing in English:\n{en}");
    }
}

#[test]
fn norms_with_the_fide_norms() {
    let event = example("cca-chess-title-event-2024.json");
    both(
        &["norms", &event, "--profile", "cca-chess", "--fide"],
        &["cca-chess-title-event-2024.json"],
        &[],
        &[
            "2387.50",
            "73% → 6.57",
            "2396 + dp(72%) 166 = 2562",
            "1.4.5a",
        ],
    );
    let zh = run(&["norms", &event, "--profile", "cca-chess"], "zh");
    assert!(zh.contains("称号赛事：是"), "{zh}");
    assert!(zh.contains("女子特级大师 53% → 4.77: ✓"), "{zh}");
    assert!(!zh.contains("WomanGrandmaster"), "{zh}");
    let en = run(&["norms", &event, "--profile", "cca-chess"], "en");
    assert!(en.contains("Title event: yes"), "{en}");
    assert!(en.contains("Woman grandmaster 53% → 4.77: ✓"), "{en}");
}

#[test]
fn norms_of_a_trf() {
    both(
        &["norms", &example("open.trf")],
        &["open.trf"],
        // The event's name (data).
        &["Spring Chess Open (example)"],
        &["1.4.1a", "2575 + dp(0%) -800 = 1775"],
    );
}

#[test]
fn titles_of_an_event_and_a_title_file() {
    let (a, b) = (
        example("cca-chess-title-event-2024.json"),
        example("cca-chess-title-event-2025.json"),
    );
    let files = [
        "cca-chess-title-event-2024.json",
        "cca-chess-title-event-2025.json",
    ];
    both(
        &["titles", &a, "--profile", "cca-chess"],
        &files,
        &[],
        &["六(四)", "第一条 大师 1"],
    );
    let zh = run(&["titles", &a, "--profile", "cca-chess"], "zh");
    assert!(
        zh.contains("10 名棋手中 2 名持有女子大师称号（至少 3 名）"),
        "{zh}"
    );
    let en = run(&["titles", &a, "--profile", "cca-chess"], "en");
    assert!(
        en.contains("not met: 2 of 10 hold woman master (at least 3)"),
        "{en}"
    );
    assert!(en.contains("place 1 of 全国个人冠军赛, places 1–8"), "{en}");
    both(
        &["titles", "--player", "2", &a, &b, "--profile", "cca-chess"],
        &files,
        &[],
        &["2025-05-15", "2310", "2550", "24", "第一条 特级大师 2"],
    );
}

#[test]
fn grades_with_a_table_and_without_rates() {
    let event = example("cca-amateur-grades.json");
    both(
        &["grades", &event, "--table", &example("grades-example.cfg")],
        &["cca-amateur-grades.json", "grades-example.cfg"],
        // The table's name, as its file gives it.
        &["example (invented rates)"],
        &["92.9%", "55% → 4", "seed 003"],
    );
    both(
        &["grades", &event],
        &["cca-amateur-grades.json"],
        &[],
        &["`cca-chess`", "28.6%"],
    );
}

#[test]
fn qualify_from_a_published_list() {
    let list = format!("{}@2024-01-01", example("chess-list-2024-01.csv"));
    both(
        &[
            "qualify",
            "--profile",
            "cca-chess",
            "--list",
            &list,
            "--min",
            "2300",
        ],
        &["chess-list-2024-01.csv"],
        &[],
        &["2024-01-01 2468 (K 10)", "K ≠ 25", "八(十七)"],
    );
}

#[test]
fn check_games_of_both_games() {
    let (chess, xiangqi) = (example("chess-games.pgn"), example("xiangqi-games.pgn"));
    both(
        &["check-games", &chess, &xiangqi],
        &["chess-games.pgn", "xiangqi-games.pgn"],
        &[],
        &["alanbrito4", "161", "1/2-1/2"],
    );
    let zh = run(&["check-games", &chess], "zh");
    assert!(zh.contains("合法") && zh.contains("无法判定"), "{zh}");
    let en = run(&["check-games", &chess], "en");
    assert!(en.contains("legal") && en.contains("undecided"), "{en}");
    both(
        &["check-games", "--event", &example("xiangqi-records.json")],
        &["xiangqi-records.json", "xiangqi-games.pgn"],
        &[],
        &["games[0]", "games[1]"],
    );
}

/// A result the final position contradicts, and an illegal move: the
/// reasons in the user's language.
#[test]
fn check_games_problems() {
    let dir = tempfile::tempdir().unwrap();
    let mate = dir.path().join("mate.pgn");
    std::fs::write(
        &mate,
        "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n\n\
         [White \"C\"]\n[Black \"D\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Ke3 0-1\n\n\
         [White \"E\"]\n[Black \"F\"]\n[Result \"1-0\"]\n\n1. e4 e5 0-1\n",
    )
    .unwrap();
    let path = mate.display().to_string();
    let zh = run(&["check-games", &path], "zh");
    let en = run(&["check-games", &path], "en");
    assert!(
        english_phrases(&zh).is_empty(),
        "{:?}\n{zh}",
        english_phrases(&zh)
    );
    assert!(zh.contains("矛盾") && zh.contains("非法"), "{zh}");
    assert!(zh.contains("Result 标签记为 1-0"), "{zh}");
    assert!(!en.chars().any(is_chinese), "{en}");
    assert!(
        en.contains("inconsistent") && en.contains("illegal"),
        "{en}"
    );
    assert!(
        en.contains("the Result tag says 1-0 but the movetext ends with 0-1"),
        "{en}"
    );
}

#[test]
fn pair_dutch_explanation_and_checklist() {
    let trf = example("open.trf");
    both(
        &["pair", "--dutch", &trf, "--explain"],
        &["open.trf"],
        &[],
        &["C.04.3"],
    );
    both(
        &["pair", "--dutch", &trf, "-l"],
        &["open.trf"],
        &[],
        &["17w1"],
    );
}
