//! The help of the command line (`--help`, `-h`, `help COMMAND`) in the
//! user's language.
//!
//! The texts are one catalogue in two halves: English is the doc comments
//! of the clap derive (`main.rs` and `commands/`), Chinese is
//! `crates/cli/help/zh.toml`, embedded in the binary (its first lines say
//! how it is keyed). A test holds the two halves to the same commands,
//! arguments and values.
//!
//! The language ([`lang`]): `--lang zh` or `--lang en` (also `--lang=zh`)
//! anywhere on the command line; else `QIYUAN_LANG`; else the first
//! non-empty of `LC_ALL`, `LC_MESSAGES` and `LANG`. A value starting with
//! `zh` means Chinese, anything else English; English when none is set.
//! `--lang` is accepted by every command for this ([`command`] adds it,
//! hidden, where a command has no `--lang` of its own; where it has one,
//! that one also sets the language of the command's output, as before).
//!
//! For Chinese, [`command`] rewrites the command tree before clap parses:
//! every about, argument help and value help from the catalogue, the
//! headings (用法, 命令, 参数, 选项) in a help template of each command, the
//! texts of clap's own `--help`, `--version` and `help`, and the
//! `[default: …]` / `[possible values: …]` clap would append in English,
//! written from the argument's own default and values in Chinese. English
//! is the derive's tree untouched. clap's error messages stay English.

use std::collections::BTreeMap;
use std::ffi::OsString;

use clap::builder::PossibleValue;
use clap::{Arg, ArgAction, Command};
use qiyuan_rating::Lang;
use serde::Deserialize;

use crate::commands::output::LangArg;

/// The Chinese half of the catalogue, as shipped.
const ZH: &str = include_str!("../help/zh.toml");

/// The language of the help for a command line (`args`, the program name
/// first) and an environment (`env`: the value of a variable, if set).
pub fn lang(
    args: impl IntoIterator<Item = OsString>,
    env: impl Fn(&str) -> Option<OsString>,
) -> Lang {
    if let Some(lang) = lang_flag(args) {
        return lang;
    }
    ["QIYUAN_LANG", "LC_ALL", "LC_MESSAGES", "LANG"]
        .into_iter()
        .filter_map(env)
        .find(|value| !value.is_empty())
        .map_or(Lang::En, |value| {
            if value.to_string_lossy().starts_with("zh") {
                Lang::Zh
            } else {
                Lang::En
            }
        })
}

/// The value of the last `--lang zh|en` (or `--lang=…`) before any `--`.
fn lang_flag(args: impl IntoIterator<Item = OsString>) -> Option<Lang> {
    let mut args = args.into_iter().skip(1);
    let mut found = None;
    while let Some(arg) = args.next() {
        let arg = arg.to_string_lossy().into_owned();
        if arg == "--" {
            break;
        }
        let value = if arg == "--lang" {
            args.next().map(|v| v.to_string_lossy().into_owned())
        } else if let Some(value) = arg.strip_prefix("--lang=") {
            Some(value.to_string())
        } else {
            continue;
        };
        match value.as_deref() {
            Some("zh") => found = Some(Lang::Zh),
            Some("en") => found = Some(Lang::En),
            _ => {}
        }
    }
    found
}

/// The command tree to parse with, its help in `lang`: `cmd` (the derive's
/// tree) with the hidden `--lang` every command accepts, and, for Chinese,
/// the catalogue's texts.
pub fn command(cmd: Command, lang: Lang) -> Command {
    let cmd = cmd.arg(
        Arg::new("lang")
            .long("lang")
            .value_name("LANG")
            .value_parser(clap::value_parser!(LangArg))
            .global(true)
            .hide(true),
    );
    match lang {
        Lang::Zh => Catalogue::zh().localize(cmd),
        Lang::En => cmd,
    }
}

/// The Chinese catalogue (`help/zh.toml`): the root command's texts, each
/// sub-command's in a table of its name, and clap's own words.
#[derive(Debug, Deserialize)]
pub struct Catalogue {
    /// clap's own words: headings, its `--help`, `--version` and `help`.
    clap: Words,
    /// The root command (`qiyuan`) and, below it, every sub-command.
    #[serde(flatten)]
    root: Entry,
}

/// One command's texts: a table of the catalogue.
#[derive(Debug, Default, Deserialize)]
struct Entry {
    /// The description; its first paragraph is the short one.
    about: Option<String>,
    /// The text after the arguments (`-h`, and `--help` without the next).
    after_help: Option<String>,
    /// The text after the arguments for `--help`.
    after_long_help: Option<String>,
    /// Each argument's help, by argument id.
    #[serde(default)]
    args: BTreeMap<String, String>,
    /// Each described value's help, by argument id, then value.
    #[serde(default)]
    values: BTreeMap<String, BTreeMap<String, String>>,
    /// The sub-commands, by name.
    #[serde(flatten)]
    commands: BTreeMap<String, Entry>,
}

/// The words clap writes itself (the `[clap]` table).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Words {
    /// The heading of the usage line (`Usage`).
    usage: String,
    /// The heading of the sub-commands (`Commands`).
    commands: String,
    /// The heading of the positional arguments (`Arguments`).
    arguments: String,
    /// The heading of the options (`Options`).
    options: String,
    /// `[default: …]`.
    default: String,
    /// `[possible values: …]` and `Possible values:`.
    possible_values: String,
    /// `-h, --help` where `--help` says no more than `-h`.
    help: String,
    /// `-h, --help` in the short help, where `--help` says more.
    help_summary: String,
    /// `-h, --help` in the long help, where `--help` says more.
    help_details: String,
    /// `-V, --version`.
    version: String,
    /// The `help` command.
    help_command: String,
}

impl Catalogue {
    /// The catalogue shipped in the binary. Panics if `help/zh.toml` is not
    /// a catalogue (a test reads it).
    pub fn zh() -> Catalogue {
        toml::from_str(ZH).expect("help/zh.toml is a help catalogue")
    }

    /// `cmd` (built here) with the catalogue's texts and headings.
    pub fn localize(&self, cmd: Command) -> Command {
        let mut cmd = texts(cmd, &self.root, &self.clap);
        // clap makes its `--help`, `--version` and `help` when it builds the
        // tree: build it now, and word them.
        cmd.build();
        clap_texts(&mut cmd, &self.clap);
        cmd
    }
}

/// `cmd` and its sub-commands with the texts of `entry` (before the build,
/// so that global arguments and `help`'s copies take them).
fn texts(mut cmd: Command, entry: &Entry, words: &Words) -> Command {
    let long = has_long_help(&cmd);
    if let Some(text) = &entry.about {
        let had_long = cmd.get_long_about().is_some();
        cmd = cmd.about(summary(text));
        if had_long {
            cmd = cmd.long_about(text.trim().to_string());
        }
    }
    if let Some(text) = &entry.after_help {
        cmd = cmd.after_help(text.trim_end().to_string());
    }
    if let Some(text) = &entry.after_long_help {
        cmd = cmd.after_long_help(text.trim_end().to_string());
    }
    cmd = cmd.mut_args(|arg| {
        let id = arg.get_id().as_str().to_string();
        match entry.args.get(&id) {
            Some(text) if !arg.is_hide_set() => {
                arg_texts(arg, text, entry.values.get(&id), long, words)
            }
            _ => arg,
        }
    });
    cmd.mut_subcommands(|sub| match entry.commands.get(sub.get_name()) {
        Some(sub_entry) => texts(sub, sub_entry, words),
        None => sub,
    })
}

/// The first paragraph of `text` without its closing 。 (as clap drops
/// the full stop of the first paragraph of a doc comment).
fn summary(text: &str) -> String {
    let first = text.trim().split("\n\n").next().unwrap_or_default().trim();
    first.strip_suffix('。').unwrap_or(first).to_string()
}

/// An argument with the help `text`, its values' help from `values`, and
/// its default and values written as clap would write them, in Chinese.
/// `long`: the command has a `--help` longer than `-h`.
fn arg_texts(
    arg: Arg,
    text: &str,
    values: Option<&BTreeMap<String, String>>,
    long: bool,
    words: &Words,
) -> Arg {
    let defaults = shown_defaults(&arg);
    let shown = shown_values(&arg);
    let described = shown.iter().any(|v| v.get_help().is_some());
    let default =
        (!defaults.is_empty()).then(|| format!("[{}：{}]", words.default, defaults.join(" ")));
    let names = (!shown.is_empty()).then(|| {
        let names: Vec<&str> = shown.iter().map(PossibleValue::get_name).collect();
        format!("[{}：{}]", words.possible_values, names.join("、"))
    });

    // `-h`: the text, then the default and the values on the same line.
    let short = [Some(summary(text)), default.clone(), names.clone()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    // `--help`: the whole text (the summary where English has no more);
    // described values one a line; the rest after a blank line.
    let mut full = match arg.get_long_help() {
        Some(_) => text.trim().to_string(),
        None => summary(text),
    };
    if described {
        full.push_str(&format!("\n\n{}：", words.possible_values));
        let width = shown.iter().map(|v| v.get_name().chars().count()).max();
        for value in &shown {
            let name = value.get_name();
            let help = values.and_then(|v| v.get(name)).map_or("", String::as_str);
            let pad = width.unwrap_or(0) - name.chars().count();
            full.push_str(&format!("\n- {name}：{:pad$}{help}", ""));
        }
    }
    let specs: Vec<String> = [default, names.filter(|_| !described)]
        .into_iter()
        .flatten()
        .collect();
    if !specs.is_empty() {
        full.push_str("\n\n");
        full.push_str(&specs.join("\n"));
    }

    // clap's English spec values are replaced by those above.
    let arg = arg
        .help(short)
        .hide_default_value(!defaults.is_empty())
        .hide_possible_values(!shown.is_empty());
    if long { arg.long_help(full) } else { arg }
}

/// The defaults clap would show after an argument's help.
fn shown_defaults(arg: &Arg) -> Vec<String> {
    if !arg.get_action().takes_values() || arg.is_hide_default_value_set() {
        return Vec::new();
    }
    arg.get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect()
}

/// The values clap would list after an argument's help (read from its
/// value parser: before the build, clap's own list is empty).
fn shown_values(arg: &Arg) -> Vec<PossibleValue> {
    if !arg.get_action().takes_values() || arg.is_hide_possible_values_set() {
        return Vec::new();
    }
    arg.get_value_parser()
        .possible_values()
        .map(|values| values.filter(|v| !v.is_hide_set()).collect())
        .unwrap_or_default()
}

/// Whether clap gives `cmd` a `--help` longer than its `-h` (as clap
/// decides it when it builds the command).
fn has_long_help(cmd: &Command) -> bool {
    cmd.get_long_about().is_some()
        || cmd.get_before_long_help().is_some()
        || cmd.get_after_long_help().is_some()
        || cmd.get_arguments().any(|arg| {
            !arg.is_hide_set()
                && (arg.get_long_help().is_some()
                    || arg.is_hide_long_help_set()
                    || arg.is_hide_short_help_set()
                    || shown_values(arg).iter().any(|v| v.get_help().is_some()))
        })
}

/// The words of the built tree that clap made: its `--help` and
/// `--version`, its `help` command, and every command's headings.
fn clap_texts(cmd: &mut Command, words: &Words) {
    let template = template(cmd, words);
    // `mut_args` keeps the arguments in place (a built command indexes them).
    *cmd = std::mem::take(cmd)
        .help_template(template)
        .mut_args(|arg| match arg.get_action() {
            ArgAction::Help if arg.get_long_help().is_some() => arg
                .help(words.help_summary.clone())
                .long_help(words.help_details.clone()),
            ArgAction::Help => arg.help(words.help.clone()),
            ArgAction::Version => arg.help(words.version.clone()),
            _ => arg,
        });
    for sub in cmd.get_subcommands_mut() {
        // No command of ours is called `help`: this is clap's.
        if sub.get_name() == "help" {
            *sub = std::mem::take(sub).about(words.help_command.clone());
        }
        clap_texts(sub, words);
    }
}

/// clap's help template with Chinese headings: the sections `cmd` has.
fn template(cmd: &Command, words: &Words) -> String {
    let styles = cmd.get_styles();
    let (usage, header) = (styles.get_usage(), styles.get_header());
    let mut sections = Vec::new();
    if cmd.get_subcommands().any(|s| !s.is_hide_set()) {
        sections.push((&words.commands, "{subcommands}"));
    }
    if cmd.get_positionals().any(|a| !a.is_hide_set()) {
        sections.push((&words.arguments, "{positionals}"));
    }
    if cmd
        .get_arguments()
        .any(|a| !a.is_positional() && !a.is_hide_set())
    {
        sections.push((&words.options, "{options}"));
    }
    let mut template = format!(
        "{{before-help}}{{about-with-newline}}\n{usage}{}：{usage:#}{{usage}}",
        words.usage
    );
    for (heading, tag) in sections {
        template.push_str(&format!("\n\n{header}{heading}：{header:#}\n{tag}"));
    }
    template.push_str("{after-help}");
    template
}

/// A command-line mistake (an unknown option, a value not among the
/// choices, a missing argument …) in Chinese, as clap would say it in
/// English: what is wrong, the suggestion or the possible values, the
/// usage line and where to read more. `None` for what is not a mistake
/// (`--help`, `--version`) and for the rare kinds without a Chinese
/// wording, which keep clap's English.
pub fn parse_error_zh(err: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind as C, ContextValue, ErrorKind as K};
    let get = |kind: C| -> String {
        match err.get(kind) {
            Some(ContextValue::String(s)) => s.clone(),
            Some(ContextValue::Strings(v)) => v.join("、"),
            Some(ContextValue::StyledStr(s)) => s.to_string(),
            Some(ContextValue::StyledStrs(v)) => v
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("、"),
            Some(ContextValue::Number(n)) => n.to_string(),
            Some(ContextValue::Bool(b)) => b.to_string(),
            _ => String::new(),
        }
    };
    let (arg, value) = (get(C::InvalidArg), get(C::InvalidValue));
    let mut text = match err.kind() {
        K::UnknownArgument => format!("无法识别的参数 '{arg}'"),
        K::InvalidSubcommand => format!("无法识别的子命令 '{}'", get(C::InvalidSubcommand)),
        K::InvalidValue if value.is_empty() => format!("参数 '{arg}' 需要一个值，但没有给出"),
        K::InvalidValue => format!("参数 '{arg}' 的值 '{value}' 无效"),
        K::ValueValidation => format!("参数 '{arg}' 的值 '{value}' 无效：格式不对"),
        K::MissingRequiredArgument => format!("缺少必需的参数：{arg}"),
        K::MissingSubcommand => "缺少子命令".to_string(),
        K::ArgumentConflict => match get(C::PriorArg) {
            prior if prior.is_empty() => format!("参数 '{arg}' 不能与其他参数同时使用"),
            prior => format!("参数 '{arg}' 不能与 '{prior}' 同时使用"),
        },
        K::TooManyValues => format!("参数 '{arg}' 的值 '{value}' 多余"),
        K::TooFewValues | K::WrongNumberOfValues => format!(
            "参数 '{arg}' 需要 {} 个值，给出了 {} 个",
            get(C::ExpectedNumValues),
            get(C::ActualNumValues)
        ),
        K::NoEquals => format!("参数 '{arg}' 须用 = 给值"),
        K::InvalidUtf8 => "参数中含有无效的 UTF-8 字符".to_string(),
        _ => return None,
    };
    for (kind, lead) in [
        (C::SuggestedArg, "提示：是否想用"),
        (C::SuggestedSubcommand, "提示：是否想用子命令"),
        (C::SuggestedValue, "提示：是否想用值"),
    ] {
        let suggested = get(kind);
        if !suggested.is_empty() {
            text.push_str(&format!("\n\n  {lead} '{suggested}'？"));
        }
    }
    let valid = get(C::ValidValue);
    if !valid.is_empty() {
        text.push_str(&format!("\n  [可选值：{valid}]"));
    }
    let usage = get(C::Usage);
    if !usage.is_empty() {
        let usage = usage.trim().replacen("Usage:", "用法：", 1);
        text.push_str(&format!("\n\n{}", usage.replace("用法： ", "用法：")));
    }
    text.push_str("\n\n更多信息请用 '--help'。");
    Some(text)
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;
    use crate::Cli;

    /// The catalogue's table header of a command path (`""`: the root).
    fn table(path: &str, part: &str) -> String {
        match (path, part) {
            ("", "") => "the top level".to_string(),
            ("", part) => format!("[{part}]"),
            (path, "") => format!("[{path}]"),
            (path, part) => format!("[{path}.{part}]"),
        }
    }

    fn child(path: &str, name: &str) -> String {
        if path.is_empty() {
            name.to_string()
        } else {
            format!("{path}.{name}")
        }
    }

    fn paragraphs(text: &str) -> usize {
        text.trim().split("\n\n").count()
    }

    /// The example command lines of a text (comments left out): a
    /// translation keeps them as they are.
    fn command_lines(text: &str) -> Vec<String> {
        let mut lines = Vec::new();
        let mut continued = false;
        for line in text.lines().map(str::trim) {
            let command = continued
                || ["qiyuan ", "echo ", "| qiyuan "]
                    .iter()
                    .any(|start| line.starts_with(start));
            if command {
                let code = line.split(" #").next().unwrap_or_default().trim_end();
                lines.push(code.to_string());
            }
            continued = command && line.ends_with('\\');
        }
        lines
    }

    /// Everything the catalogue entry `entry` of the English command `cmd`
    /// lacks or has too much, for `cmd` and its sub-commands.
    fn compare(cmd: &Command, entry: &Entry, path: &str, problems: &mut Vec<String>) {
        let english = |text: Option<&clap::builder::StyledStr>| {
            text.map(|t| t.to_string()).unwrap_or_default()
        };
        let here = table(path, "");
        match (cmd.get_about(), &entry.about) {
            (Some(about), None) => {
                problems.push(format!(
                    "{here}: no about (English: {:?})",
                    about.to_string()
                ));
            }
            (None, Some(_)) => problems.push(format!("{here}: about, but no English about")),
            (Some(_), Some(text)) => {
                let long = cmd.get_long_about().is_some();
                if long != (paragraphs(text) > 1) {
                    problems.push(format!(
                        "{here}: about has {} paragraph(s), English {} (English: {:?})",
                        paragraphs(text),
                        if long { "more than one" } else { "one" },
                        english(cmd.get_long_about().or(cmd.get_about())),
                    ));
                }
            }
            (None, None) => {}
        }
        for (key, en, zh) in [
            ("after_help", cmd.get_after_help(), &entry.after_help),
            (
                "after_long_help",
                cmd.get_after_long_help(),
                &entry.after_long_help,
            ),
        ] {
            match (en, zh) {
                (Some(en), None) => {
                    problems.push(format!("{here}: no {key} (English: {:?})", en.to_string()));
                }
                (None, Some(_)) => problems.push(format!("{here}: {key}, but no English one")),
                (Some(en), Some(zh)) => {
                    let (en, zh) = (command_lines(&en.to_string()), command_lines(zh));
                    if en != zh {
                        problems.push(format!(
                            "{here}: {key}: the example commands differ:\n  {en:?}\n  {zh:?}"
                        ));
                    }
                }
                (None, None) => {}
            }
        }

        let args: Vec<&Arg> = cmd.get_arguments().filter(|a| !a.is_hide_set()).collect();
        let at = table(path, "args");
        for arg in &args {
            let id = arg.get_id().as_str();
            match entry.args.get(id) {
                None => problems.push(format!(
                    "{at}: no {id} (English: {:?})",
                    english(arg.get_long_help().or(arg.get_help()))
                )),
                Some(text) => {
                    let long = arg.get_long_help().is_some();
                    if long != (paragraphs(text) > 1) {
                        problems.push(format!(
                            "{at} {id}: {} paragraph(s), English {} (English: {:?})",
                            paragraphs(text),
                            if long { "more than one" } else { "one" },
                            english(arg.get_long_help().or(arg.get_help())),
                        ));
                    }
                }
            }
            let described: Vec<PossibleValue> = shown_values(arg)
                .into_iter()
                .filter(|v| v.get_help().is_some())
                .collect();
            let given = entry.values.get(id);
            let vt = table(path, &format!("values.{id}"));
            for value in &described {
                if given.and_then(|g| g.get(value.get_name())).is_none() {
                    problems.push(format!(
                        "{vt}: no {} (English: {:?})",
                        value.get_name(),
                        english(value.get_help())
                    ));
                }
            }
            for name in given.into_iter().flat_map(BTreeMap::keys) {
                if !described.iter().any(|v| v.get_name() == name) {
                    problems.push(format!("{vt}: {name} is no described value of --{id}"));
                }
            }
        }
        for id in entry.args.keys() {
            if !args.iter().any(|a| a.get_id() == id.as_str()) {
                problems.push(format!("{at}: {id} is no argument of `{path}`"));
            }
        }
        for id in entry.values.keys() {
            if !args.iter().any(|a| a.get_id() == id.as_str()) {
                problems.push(format!("{}: no argument {id}", table(path, "values")));
            }
        }

        let empty = Entry::default();
        for sub in cmd.get_subcommands() {
            let sub_path = child(path, sub.get_name());
            let sub_entry = entry.commands.get(sub.get_name()).unwrap_or_else(|| {
                problems.push(format!("{}: missing", table(&sub_path, "")));
                &empty
            });
            compare(sub, sub_entry, &sub_path, problems);
        }
        for name in entry.commands.keys() {
            if cmd.find_subcommand(name).is_none() {
                problems.push(format!(
                    "{}: no command `{}`",
                    table(&child(path, name), ""),
                    child(path, name).replace('.', " ")
                ));
            }
        }
    }

    /// Every command, argument and described value of the tree has its
    /// Chinese text, of as many paragraphs as the English one, with the
    /// same example commands; the catalogue has nothing else.
    #[test]
    fn the_catalogue_covers_the_command_tree_and_nothing_else() {
        let mut problems = Vec::new();
        compare(&Cli::command(), &Catalogue::zh().root, "", &mut problems);
        assert!(
            problems.is_empty(),
            "help/zh.toml and the command tree differ:\n{}",
            problems.join("\n")
        );
    }

    /// English phrases of a text: runs of three or more words of Latin
    /// letters (not in example command lines, whose comments count).
    pub(crate) fn phrases(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        for line in text.lines() {
            let trimmed = line.trim();
            let prose = if ["qiyuan ", "echo ", "| qiyuan "]
                .iter()
                .any(|s| trimmed.starts_with(s))
            {
                trimmed.split_once(" #").map_or("", |(_, comment)| comment)
            } else {
                line
            };
            for piece in prose.split(|c: char| !(c.is_ascii_alphabetic() || c == ' ')) {
                // Codes (`DE WIN WON`, `GM IM`) are no sentence.
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

    /// The English texts of a command as the derive wrote them.
    fn english_texts(cmd: &Command) -> Vec<String> {
        let mut texts: Vec<String> = [
            cmd.get_about(),
            cmd.get_long_about(),
            cmd.get_after_help(),
            cmd.get_after_long_help(),
        ]
        .into_iter()
        .flatten()
        .map(ToString::to_string)
        .collect();
        for arg in cmd.get_arguments().filter(|a| !a.is_hide_set()) {
            texts.extend(
                [arg.get_help(), arg.get_long_help()]
                    .into_iter()
                    .flatten()
                    .map(ToString::to_string),
            );
            for value in arg.get_possible_values() {
                texts.extend(value.get_help().map(ToString::to_string));
            }
        }
        texts
    }

    fn paths(cmd: &Command, path: Vec<String>, out: &mut Vec<Vec<String>>) {
        for sub in cmd.get_subcommands() {
            let mut p = path.clone();
            p.push(sub.get_name().to_string());
            paths(sub, p.clone(), out);
            out.push(p);
        }
    }

    fn find<'a>(cmd: &'a mut Command, path: &[String]) -> &'a mut Command {
        path.iter().fold(cmd, |c, name| {
            c.find_subcommand_mut(name).expect("a command of the tree")
        })
    }

    /// The Chinese help of every command (`-h` and `--help`) has its
    /// catalogue about, Chinese headings, and no English sentence of the
    /// command (read from the English tree).
    #[test]
    fn the_chinese_help_has_no_english_sentence() {
        let catalogue = Catalogue::zh();
        let mut en = command(Cli::command(), Lang::En);
        en.build();
        let mut zh = command(Cli::command(), Lang::Zh);
        let mut all = vec![Vec::new()];
        paths(&en, Vec::new(), &mut all);
        let mut checked = 0;
        for path in &all {
            let english = english_texts(find(&mut en, path));
            let entry = path
                .iter()
                .try_fold(&catalogue.root, |e, name| e.commands.get(name));
            let cmd = find(&mut zh, path);
            let name = format!("qiyuan {}", path.join(" "));
            for help in [
                cmd.render_help().to_string(),
                cmd.render_long_help().to_string(),
            ] {
                if let Some(about) = entry.and_then(|e| e.about.as_deref()) {
                    assert!(
                        help.contains(&summary(about)),
                        "{name}: no about in\n{help}"
                    );
                }
                for word in [
                    "Usage:",
                    "Commands:",
                    "Arguments:",
                    "Options:",
                    "Print help",
                    "Print version",
                    "Print this message",
                    "[default:",
                    "[possible values:",
                    "Possible values:",
                ] {
                    assert!(!help.contains(word), "{name}: {word:?} in\n{help}");
                }
                for phrase in english.iter().flat_map(|t| phrases(t)) {
                    assert!(
                        !help.contains(&phrase),
                        "{name}: English {phrase:?} in\n{help}"
                    );
                }
                // A short text whole (`Output format`, `The game`).
                for text in english.iter().filter(|t| t.contains(char::is_lowercase)) {
                    let text = text.trim();
                    assert!(!help.contains(text), "{name}: English {text:?} in\n{help}");
                }
                assert!(help.contains("用法：qiyuan"), "{name}:\n{help}");
            }
            checked += 1;
        }
        assert!(checked >= 30, "{checked} commands");
    }

    /// Language: `--lang` first, then `QIYUAN_LANG`, then the locale.
    #[test]
    fn the_language_follows_the_flag_then_the_environment() {
        let run = |args: &[&str], env: &[(&str, &str)]| {
            let args = std::iter::once("qiyuan")
                .chain(args.iter().copied())
                .map(OsString::from);
            let env: BTreeMap<String, OsString> =
                env.iter().map(|(k, v)| (k.to_string(), v.into())).collect();
            lang(args, |name| env.get(name).cloned())
        };
        assert_eq!(run(&["rate", "--help"], &[]), Lang::En);
        assert_eq!(run(&["--lang", "zh", "rate", "--help"], &[]), Lang::Zh);
        assert_eq!(run(&["rate", "--lang=zh", "-h"], &[]), Lang::Zh);
        assert_eq!(run(&["--lang", "en"], &[("QIYUAN_LANG", "zh")]), Lang::En);
        assert_eq!(run(&["--", "--lang", "zh"], &[]), Lang::En);
        assert_eq!(run(&["--lang", "fr"], &[("LANG", "zh_CN.UTF-8")]), Lang::Zh);
        assert_eq!(run(&[], &[("QIYUAN_LANG", "zh")]), Lang::Zh);
        assert_eq!(
            run(&[], &[("QIYUAN_LANG", "en"), ("LANG", "zh_CN.UTF-8")]),
            Lang::En
        );
        assert_eq!(run(&[], &[("LANG", "zh_TW.UTF-8")]), Lang::Zh);
        assert_eq!(
            run(&[], &[("LC_MESSAGES", "zh_CN"), ("LANG", "C")]),
            Lang::Zh
        );
        assert_eq!(
            run(&[], &[("LC_ALL", "C.UTF-8"), ("LANG", "zh_CN.UTF-8")]),
            Lang::En
        );
        assert_eq!(
            run(&[], &[("LC_ALL", ""), ("LANG", "zh_CN.UTF-8")]),
            Lang::Zh
        );
    }
}
