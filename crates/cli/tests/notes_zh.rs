//! The notes and warnings of the formats crate as `qiyuan` prints them, in
//! the user's language: what `convert`, `norms` and `office import-event`
//! say a TRF conversion did not carry, and what `period` and `office
//! import-list` say of a list's unknown column. The Chinese has no English
//! sentence (`qiyuan_vocab::english_phrases`) and the same figures as the
//! English; the English is as it always was.

mod common;

use std::path::Path;

use common::run_in;
use qiyuan_vocab::{digit_runs, english_phrases};

const EXAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples");

/// Standard error of a run that must succeed, in `lang`.
fn said(dir: &Path, args: &[&str], lang: &str) -> String {
    let out = run_in(dir, args, lang);
    assert!(
        out.status.success(),
        "qiyuan {args:?} --lang {lang} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stderr).unwrap()
}

/// The Chinese of a run has no English sentence and every figure of the
/// English.
fn same_in_chinese(en: &str, zh: &str) {
    assert!(
        english_phrases(zh).is_empty(),
        "English in the Chinese: {:?}\n{zh}",
        english_phrases(zh)
    );
    for f in digit_runs(en) {
        assert!(
            zh.contains(f),
            "{f} of the English is not in the Chinese:\n{en}\n{zh}"
        );
    }
}

#[test]
fn convert_a_trf_notes_in_the_users_language() {
    let dir = tempfile::tempdir().unwrap();
    let trf = format!("{EXAMPLES}/open.trf");
    let args = ["convert", &trf, "out.json", "--ids", "start-rank"];
    let en = said(dir.path(), &args, "en");
    assert_eq!(
        en,
        "note: the TRF schedules 5 rounds, 3 have results: the event file keeps only the games\n\
         note: TRF records not carried: 022, 032, 102\n"
    );
    let zh = said(dir.path(), &args, "zh");
    assert_eq!(
        zh,
        "注意：TRF 排定 5 轮，其中 3 轮有结果：赛事文件只保存对局\n\
         注意：TRF 中未带入的记录：022、032、102\n"
    );
    same_in_chinese(&en, &zh);
}

#[test]
fn convert_an_event_file_to_a_trf_notes_in_the_users_language() {
    let dir = tempfile::tempdir().unwrap();
    for example in ["xiangqi-records.json", "cca-chess-title-event-2024.json"] {
        let src = format!("{EXAMPLES}/{example}");
        let args = ["convert", &src, "out.trf"];
        let en = said(dir.path(), &args, "en");
        let zh = said(dir.path(), &args, "zh");
        assert!(en.contains("note: units (单位) are not carried"), "{en}");
        assert_eq!(en.lines().count(), zh.lines().count(), "{en}\n{zh}");
        assert!(zh.lines().all(|l| l.starts_with("注意：")), "{zh}");
        same_in_chinese(&en, &zh);
    }
}

#[test]
fn norms_and_office_import_event_of_a_trf_note_in_the_users_language() {
    let dir = tempfile::tempdir().unwrap();
    let trf = format!("{EXAMPLES}/open.trf");
    let norms = ["norms", &trf, "--profile", "fide-2024"];
    let (en, zh) = (
        said(dir.path(), &norms, "en"),
        said(dir.path(), &norms, "zh"),
    );
    assert!(
        en.contains(": TRF records not carried: 022, 032, 102"),
        "{en}"
    );
    assert!(zh.contains("：TRF 中未带入的记录：022、032、102"), "{zh}");
    same_in_chinese(&en, &zh);

    // The office refuses the event (its players are on no list), after the
    // notes of the conversion.
    let out = run_in(
        dir.path(),
        &[
            "office",
            "import-event",
            &trf,
            "--profile",
            "cca-chess",
            "--ids",
            "start-rank",
            "--database",
            "office.sqlite3",
        ],
        "zh",
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("open.trf：TRF 排定 5 轮，其中 3 轮有结果：赛事文件只保存对局"),
        "{err}"
    );
    let notes: String = err.lines().filter(|l| l.starts_with("注意：")).collect();
    assert!(english_phrases(&notes).is_empty(), "{notes}");
}

const LIST: &str = "id,name,sex,rating,colour\n1,甲,m,1600,red\n";

#[test]
fn period_warns_of_an_unknown_column_in_the_users_language() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("list.csv"), LIST).unwrap();
    let args = [
        "period",
        "--profile",
        "cca-amateur",
        "--list",
        "list.csv",
        "--date",
        "2025-04-01",
    ];
    let en = said(dir.path(), &args, "en");
    assert_eq!(en, "warning: list.csv:1: unknown column `colour` ignored\n");
    let zh = said(dir.path(), &args, "zh");
    assert_eq!(zh, "警告：list.csv：第 1 行：未知的列 `colour`，已忽略\n");
    same_in_chinese(&en, &zh);
}

#[test]
fn office_import_list_warns_of_an_unknown_column_in_the_users_language() {
    for (lang, warning) in [
        ("en", "warning: list.csv:1: unknown column `colour` ignored"),
        ("zh", "警告：list.csv：第 1 行：未知的列 `colour`，已忽略"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("list.csv"), LIST).unwrap();
        let args = [
            "office",
            "import-list",
            "list.csv",
            "--date",
            "2025-04-01",
            "--profile",
            "cxa-2019",
            "--database",
            "office.sqlite3",
        ];
        let err = said(dir.path(), &args, lang);
        assert!(err.lines().any(|l| l == warning), "{err}");
    }
}

/// A list row the reader refuses is left out of the draft, and the import's
/// summary says why in the user's language — from the notes the office
/// keeps with the draft.
#[test]
fn office_import_list_says_why_a_row_is_left_out_in_the_users_language() {
    for (lang, left_out) in [
        ("en", "  left out: line 2 甲: column `sex`: "),
        ("zh", "  未收录：第 2 行 甲：列 `sex`："),
    ] {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("list.csv"),
            "id,name,sex,rating\n1,甲,x,1600\n2,乙,m,1500\n",
        )
        .unwrap();
        let out = run_in(
            dir.path(),
            &[
                "office",
                "import-list",
                "list.csv",
                "--date",
                "2025-04-01",
                "--profile",
                "cxa-2019",
                "--database",
                "office.sqlite3",
            ],
            lang,
        );
        assert!(out.status.success(), "{out:?}");
        let stdout = String::from_utf8(out.stdout).unwrap();
        let line = stdout
            .lines()
            .find(|l| l.starts_with(left_out))
            .unwrap_or_else(|| panic!("{stdout}"));
        if lang == "zh" {
            assert!(english_phrases(line).is_empty(), "{line}");
        }
    }
}
