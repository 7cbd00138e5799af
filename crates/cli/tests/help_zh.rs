//! The help in Chinese, as a user gets it from the binary: every command's
//! `--help`, `-h` and `help COMMAND`, asked for in each of the ways the
//! root help names (`--lang zh` anywhere, `QIYUAN_LANG`, the locale), has
//! the catalogue's (`help/zh.toml`) Chinese about, Chinese headings and no
//! sentence of the same command's English help; the English help stays as
//! it was. (`src/help.rs` holds the catalogue to the command tree itself.)

use std::process::Command;

const QIYUAN: &str = env!("CARGO_BIN_EXE_qiyuan");
const CATALOGUE: &str = include_str!("../help/zh.toml");

/// The variables that choose the language.
const LANGUAGE_VARIABLES: [&str; 4] = ["QIYUAN_LANG", "LC_ALL", "LC_MESSAGES", "LANG"];

/// Standard output of `qiyuan ARGS` with only `env` of the language
/// variables set; it must succeed.
fn run(args: &[&str], env: &[(&str, &str)]) -> String {
    let mut command = Command::new(QIYUAN);
    for name in LANGUAGE_VARIABLES {
        command.env_remove(name);
    }
    let out = command
        .args(args)
        .envs(env.iter().copied())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "qiyuan {args:?} {env:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Every command of the catalogue (its path, empty for `qiyuan` itself)
/// with the short form of its Chinese about.
fn commands() -> Vec<(Vec<String>, String)> {
    fn walk(table: &toml::Table, path: Vec<String>, out: &mut Vec<(Vec<String>, String)>) {
        let about = table["about"].as_str().expect("every command has an about");
        let first = about.trim().split("\n\n").next().unwrap().trim();
        out.push((path.clone(), first.trim_end_matches('。').to_string()));
        for (key, value) in table {
            if let (Some(sub), false) = (
                value.as_table(),
                ["args", "values", "clap"].contains(&key.as_str()),
            ) {
                let mut sub_path = path.clone();
                sub_path.push(key.clone());
                walk(sub, sub_path, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(&toml::from_str(CATALOGUE).unwrap(), Vec::new(), &mut out);
    out
}

/// English phrases of a help text: runs of three or more words of Latin
/// letters, codes in capitals not counted; of an example command line only
/// its comment; not the usage line (command names).
fn phrases(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with("Usage:")) {
        let prose = match command_line(line) {
            Some(_) => line.split_once(" #").map_or("", |(_, comment)| comment),
            None => line,
        };
        for piece in prose.split(|c: char| !(c.is_ascii_alphabetic() || c == ' ')) {
            let mut words = Vec::new();
            for word in piece.split_whitespace().chain([""]) {
                if word.chars().any(|c| c.is_ascii_lowercase()) {
                    words.push(word);
                    continue;
                }
                if words.len() >= 3 {
                    out.push(words.join(" "));
                }
                words.clear();
            }
        }
    }
    out
}

/// An example command line, without its comment.
fn command_line(line: &str) -> Option<&str> {
    let line = line.trim();
    ["qiyuan ", "echo ", "| qiyuan "]
        .iter()
        .any(|start| line.starts_with(start))
        .then(|| line.split(" #").next().unwrap().trim_end())
}

/// A way to ask for Chinese: arguments (given after the command's path for
/// `--help` and `-h`, before `help`) and variables.
type Way = (
    &'static [&'static str],
    &'static [(&'static str, &'static str)],
);

/// Every way the root help names, and `--lang` over the environment.
const WAYS: [Way; 7] = [
    (&["--lang", "zh"], &[]),
    (&["--lang=zh"], &[]),
    (&[], &[("QIYUAN_LANG", "zh")]),
    (&[], &[("LANG", "zh_CN.UTF-8")]),
    (&[], &[("LC_ALL", "zh_CN.UTF-8"), ("LANG", "C")]),
    (&[], &[("LC_MESSAGES", "zh_TW.UTF-8")]),
    (&["--lang", "zh"], &[("QIYUAN_LANG", "en"), ("LANG", "C")]),
];

#[test]
fn every_command_helps_in_chinese_without_english() {
    let commands = commands();
    assert!(commands.len() >= 30, "{} commands", commands.len());
    let mut way = WAYS.iter().cycle();
    for (path, about) in &commands {
        let path: Vec<&str> = path.iter().map(String::as_str).collect();
        for form in ["--help", "-h", "help"] {
            let (lang_args, env) = way.next().unwrap();
            let (english_args, zh_args): (Vec<&str>, Vec<&str>) = if form == "help" {
                let english = [&["help"][..], &path].concat();
                (english.clone(), [lang_args, &english[..]].concat())
            } else {
                let english = [&path[..], &[form]].concat();
                (english, [&path[..], lang_args, &[form]].concat())
            };
            let english = run(&english_args, &[("LANG", "C")]);
            let zh = run(&zh_args, env);
            let name = format!("qiyuan {} {env:?}", zh_args.join(" "));
            assert!(zh.contains(about.as_str()), "{name}: no {about:?} in\n{zh}");
            assert!(zh.contains("用法：qiyuan"), "{name}:\n{zh}");
            for word in [
                "Usage:",
                "Commands:",
                "Arguments:",
                "Options:",
                "Print help",
                "Print version",
                "[default:",
                "[possible values:",
                "Possible values:",
            ] {
                assert!(!zh.contains(word), "{name}: {word:?} in\n{zh}");
            }
            let phrases = phrases(&english);
            assert!(
                !phrases.is_empty(),
                "{english_args:?}: no English in\n{english}"
            );
            for phrase in phrases {
                assert!(!zh.contains(&phrase), "{name}: English {phrase:?} in\n{zh}");
            }
            let examples = |text: &str| -> Vec<String> {
                text.lines()
                    .filter_map(command_line)
                    .map(String::from)
                    .collect()
            };
            assert_eq!(
                examples(&zh),
                examples(&english),
                "{name}: the examples differ"
            );
        }
    }
}

/// Without a Chinese choice, or with English chosen over a Chinese
/// locale, the help is the English one, the same every way.
#[test]
fn the_english_help_stays_english() {
    let english = run(&["rate", "--help"], &[("LANG", "C")]);
    assert!(
        english.starts_with("Rate one event with a rating profile"),
        "{english}"
    );
    for needle in [
        "Usage: qiyuan rate",
        "Options:",
        "[default: table]",
        "Examples:",
    ] {
        assert!(english.contains(needle), "{needle} missing from\n{english}");
    }
    let rate_about = &commands()
        .into_iter()
        .find(|(p, _)| p == &["rate"])
        .unwrap()
        .1;
    assert!(!english.contains(rate_about.as_str()));
    for (args, env) in [
        (&["rate", "--help"][..], &[][..]),
        (&["rate", "--help"], &[("LANG", "en_US.UTF-8")]),
        (
            &["rate", "--help"],
            &[("QIYUAN_LANG", "en"), ("LANG", "zh_CN.UTF-8")],
        ),
        (
            &["rate", "--help"],
            &[("LC_ALL", "C"), ("LANG", "zh_CN.UTF-8")],
        ),
        (
            &["--lang", "en", "rate", "--help"],
            &[("QIYUAN_LANG", "zh")],
        ),
        (&["rate", "--lang=en", "--help"], &[("LANG", "zh_CN.UTF-8")]),
    ] {
        assert_eq!(run(args, env), english, "{args:?} {env:?}");
    }
    let root = run(&["--help"], &[]);
    assert!(
        root.contains("Help in Chinese (中文帮助): --lang zh"),
        "{root}"
    );
}

/// `--lang` is taken anywhere, also by a command with no language of its
/// own, and still sets the language of a command that has one.
#[test]
fn lang_is_accepted_anywhere() {
    assert_eq!(run(&["perft", "1", "--lang", "zh"], &[]).trim(), "44");
    assert_eq!(run(&["--lang=en", "perft", "1"], &[]).trim(), "44");
    let berger = run(&["--lang", "zh", "pair", "--berger", "4"], &[]);
    assert_eq!(berger, run(&["pair", "--berger", "4"], &[]));
}
