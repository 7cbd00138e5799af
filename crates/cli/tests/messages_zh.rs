//! What `qiyuan` says when it refuses, in the user's language: each case
//! is a mistake a user makes (a missing file, an unknown profile, a broken
//! TRF line, a game with an unknown player …), run in Chinese and in
//! English. The Chinese has no English sentence
//! (`qiyuan_vocab::english_phrases`) and names the same file, line and
//! figures as the English; the English stays English.

mod common;

use std::path::Path;

use common::{examples, has_chinese, run_in};
use qiyuan_vocab::english_phrases;

/// Standard error of a run that must fail, in `lang`.
fn refusal(dir: &Path, args: &[&str], lang: &str) -> String {
    let out = run_in(dir, args, lang);
    assert!(
        !out.status.success(),
        "qiyuan {args:?} --lang {lang} should fail:\n{}",
        String::from_utf8_lossy(&out.stdout)
    );
    String::from_utf8(out.stderr).unwrap()
}

/// Runs `args` in both languages: the Chinese says it in Chinese with
/// every one of `figures`, the English in English with them.
fn says_both(dir: &Path, args: &[&str], figures: &[&str]) {
    let zh = refusal(dir, args, "zh");
    let en = refusal(dir, args, "en");
    assert!(
        english_phrases(&zh).is_empty(),
        "qiyuan {args:?} in Chinese has English: {:?}\n{zh}",
        english_phrases(&zh)
    );
    assert!(has_chinese(&zh), "qiyuan {args:?}: not Chinese:\n{zh}");
    assert!(!has_chinese(&en), "qiyuan {args:?}: not English:\n{en}");
    for figure in figures {
        assert!(zh.contains(figure), "{figure:?} missing in Chinese:\n{zh}");
        assert!(en.contains(figure), "{figure:?} missing in English:\n{en}");
    }
}

/// An event file of `examples/` with `edit` applied, written into `dir`.
fn example_edited(dir: &Path, example: &str, name: &str, edit: impl Fn(String) -> String) {
    let text = std::fs::read_to_string(examples().join(example)).unwrap();
    let edited = edit(text.clone());
    assert_ne!(edited, text, "the edit of {example} changed nothing");
    std::fs::write(dir.join(name), edited).unwrap();
}

#[test]
fn the_command_lines_own_refusals() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    says_both(d, &["pair", "--berger", "1"], &["--berger 1", "1000"]);
    says_both(
        d,
        &["pair", "--berger", "4", "--cycles", "0"],
        &["--cycles"],
    );
    says_both(
        d,
        &["points", "--system", "nosuch", "--games", "games.jsonl"],
        &["nosuch"],
    );
    says_both(d, &["rate", "--profile", "cxa-2019"], &[]);
    says_both(d, &["convert", "a.xyz", "b.trf"], &["a.xyz", ".trf"]);
}

#[test]
fn a_missing_file() {
    let dir = tempfile::tempdir().unwrap();
    says_both(
        dir.path(),
        &["rate", "nosuch.json", "--profile", "cxa-2019"],
        &["nosuch.json"],
    );
    says_both(dir.path(), &["standings", "nosuch.trf"], &["nosuch.trf"]);
}

#[test]
fn an_unknown_profile() {
    let dir = tempfile::tempdir().unwrap();
    let event = examples().join("cxa-2019-swiss.json");
    says_both(
        dir.path(),
        &["rate", event.to_str().unwrap(), "--profile", "nosuch"],
        &["nosuch"],
    );
}

#[test]
fn a_game_with_an_unknown_player() {
    let dir = tempfile::tempdir().unwrap();
    example_edited(dir.path(), "cxa-2019-swiss.json", "event.json", |t| {
        t.replacen(r#""red": 1, "black": 6"#, r#""red": 1, "black": 96"#, 1)
    });
    says_both(
        dir.path(),
        &["rate", "event.json", "--profile", "cxa-2019"],
        &["event.json", "96"],
    );
}

#[test]
fn a_broken_trf_line() {
    let dir = tempfile::tempdir().unwrap();
    // The first player's rating `2766` becomes `27x6`.
    example_edited(dir.path(), "open.trf", "open.trf", |t| {
        t.replacen("2766", "27x6", 1)
    });
    says_both(
        dir.path(),
        &["standings", "open.trf"],
        &["open.trf", "27x6"],
    );
    says_both(
        dir.path(),
        &["pair", "--dutch", "open.trf", "-p"],
        &["open.trf", "27x6"],
    );
}

#[test]
fn an_illegal_position() {
    let dir = tempfile::tempdir().unwrap();
    says_both(
        dir.path(),
        &["perft", "--game", "xiangqi", "--fen", "9/9/9 w", "1"],
        &["9/9/9 w"],
    );
    says_both(
        dir.path(),
        &["perft", "--game", "chess", "--fen", "8/8/8 w", "1"],
        &["8/8/8 w"],
    );
}

#[test]
fn a_mistake_on_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Not `says_both`: clap's English is clap's, the Chinese ours.
    let zh = refusal(d, &["rate", "--nosuch"], "zh");
    assert!(zh.starts_with("错误：无法识别的参数 '--nosuch'"), "{zh}");
    assert!(zh.contains("用法：qiyuan rate"), "{zh}");
    assert!(english_phrases(&zh).is_empty(), "{zh}");
    let en = refusal(d, &["rate", "--nosuch"], "en");
    assert!(en.contains("unexpected argument '--nosuch'"), "{en}");

    let zh = refusal(d, &["standings", "a.trf", "--format", "nosuch"], "zh");
    assert!(zh.contains("'nosuch'"), "{zh}");
    assert!(zh.contains("可选值：") && zh.contains("html"), "{zh}");
    assert!(english_phrases(&zh).is_empty(), "{zh}");

    let zh = refusal(d, &["nosuch"], "zh");
    assert!(zh.contains("无法识别的子命令 'nosuch'"), "{zh}");
    assert!(english_phrases(&zh).is_empty(), "{zh}");
}
