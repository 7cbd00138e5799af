//! From a [`Node`] tree to a validated [`Event`], every error pointing at the
//! line and field of the offending value.

use std::collections::HashMap;

use chrono::NaiveDate;
use qiyuan_rating::model::{
    Arbiter, ArbiterGrade, ByeKind, Event, EventDetails, EventError, EventSystem, GameKind,
    GameResult, Pairing, Player, PlayerId, Sex, Team, TimeControl,
};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

use super::records::RecordRef;
use super::tree::{Entry, LineIndex, Node, Value};
use super::{EventFileError, EventFileErrorKind as Kind, EventFormat, Lang};

/// Lowest and highest rating accepted: anything outside is a typing error
/// (the lowest floors of the lists and platforms qiyuan knows are above 100,
/// the highest ratings below 3500).
pub(crate) const RATING_MIN: Decimal = Decimal::from_parts(100, 0, 0, false, 0);
/// See [`RATING_MIN`].
pub(crate) const RATING_MAX: Decimal = Decimal::from_parts(4000, 0, 0, false, 0);

const EVENT_KEYS: &[&str] = &[
    "name",
    "game",
    "system",
    "start",
    "end",
    "kind",
    "invitational",
    "round_dates",
    "arbiters",
    "time_control",
    "rapid",
    "rapid_rated",
    "registered",
    "scheveningen",
    "team_round_robin",
    "international",
    "host",
    "teams",
    "players",
    "games",
];
const ARBITER_KEYS: &[&str] = &["name", "grade"];
const TEAM_KEYS: &[&str] = &["name", "rank"];
const PLAYER_KEYS: &[&str] = &[
    "id",
    "name",
    "sex",
    "rating",
    "title",
    "rated_games",
    "rated_events",
    "ever_reached",
    "birth_year",
    "rank",
    "unit",
    "board",
    "team",
    "computer",
    "international_rating",
    "foreign",
    "grade",
    "federation",
];
const GAME_KEYS: &[&str] = &["round", "white", "red", "black", "result", "record"];
const RESULTS: &str = "1-0, 0-1, 1/2-1/2, +-, -+, -- (or bye, half-bye, zero-bye with no black)";
/// [`RESULTS`] in Chinese.
const RESULTS_ZH: &str =
    "`1-0`、`0-1`、`1/2-1/2`、`+-`、`-+`、`--`（无黑方时写 `bye`、`half-bye`、`zero-bye`）";

struct Ctx<'a> {
    file: &'a str,
    lines: &'a LineIndex<'a>,
    toml: bool,
}

type R<T> = Result<T, EventFileError>;

impl Ctx<'_> {
    fn err(
        &self,
        offset: usize,
        field: &str,
        kind: Kind,
        message: impl Into<String>,
        message_zh: impl Into<String>,
    ) -> EventFileError {
        let e = EventFileError::new(self.file, kind, message, message_zh)
            .at(self.lines.line(offset), None);
        if field.is_empty() {
            e
        } else {
            e.with_field(field)
        }
    }

    fn line(&self, offset: usize) -> usize {
        self.lines.line(offset)
    }

    fn wrong_type(&self, node: &Node, field: &str, expected: &str) -> EventFileError {
        let found = node.value.type_name(self.toml);
        let found_zh = type_name_zh(found);
        let (shown, shown_zh) = match &node.value {
            Value::String(s) => (
                format!("{found} \"{}\"", shorten(s)),
                format!("{found_zh} \"{}\"", shorten(s)),
            ),
            Value::Bool(b) => (format!("{found} ({b})"), format!("{found_zh}（{b}）")),
            Value::Number(n) => (
                format!("{found} ({})", shorten(n)),
                format!("{found_zh}（{}）", shorten(n)),
            ),
            _ => (found.to_owned(), found_zh.to_owned()),
        };
        self.err(
            node.offset,
            field,
            Kind::WrongType,
            format!("expected {expected}, found {shown}"),
            format!("应为{}，实为{shown_zh}", expected_zh(expected)),
        )
    }

    /// The entries of an object, after refusing unknown and repeated keys.
    fn object<'n>(&self, node: &'n Node, path: &str, known: &[&str]) -> R<Obj<'n>> {
        let Value::Object(entries) = &node.value else {
            let what = if self.toml { "a table" } else { "an object" };
            return Err(self.wrong_type(node, path, what));
        };
        for (i, e) in entries.iter().enumerate() {
            let field = join(path, &e.key);
            if !known.contains(&e.key.as_str()) {
                let (help, help_zh) = match closest(&e.key, known) {
                    Some(k) => (format!("did you mean `{k}`?"), format!("是否应为 `{k}`？")),
                    None => (
                        format!("known fields here: {}", known.join(", ")),
                        format!(
                            "此处可用的字段：{}",
                            known
                                .iter()
                                .map(|k| format!("`{k}`"))
                                .collect::<Vec<_>>()
                                .join("、")
                        ),
                    ),
                };
                return Err(self
                    .err(
                        e.key_offset,
                        &field,
                        Kind::UnknownField,
                        format!("unknown field `{}`", e.key),
                        format!("未知字段 `{}`", e.key),
                    )
                    .with_help(help, help_zh));
            }
            if let Some(first) = entries[..i].iter().find(|f| f.key == e.key) {
                return Err(self.err(
                    e.key_offset,
                    &field,
                    Kind::DuplicateField,
                    format!(
                        "`{}` is given twice (first on line {})",
                        e.key,
                        self.line(first.key_offset)
                    ),
                    format!(
                        "`{}` 出现两次（第一次在第 {} 行）",
                        e.key,
                        self.line(first.key_offset)
                    ),
                ));
            }
        }
        Ok(Obj {
            entries,
            offset: node.offset,
            path: path.to_owned(),
        })
    }

    fn required<'n>(&self, obj: &Obj<'n>, key: &str) -> R<&'n Node> {
        obj.get(key).ok_or_else(|| {
            self.err(
                obj.offset,
                &join(&obj.path, key),
                Kind::MissingField,
                format!("`{key}` is missing"),
                format!("缺少 `{key}`"),
            )
        })
    }

    fn string<'n>(&self, node: &'n Node, field: &str) -> R<&'n str> {
        match &node.value {
            Value::String(s) if s.trim().is_empty() => Err(self.err(
                node.offset,
                field,
                Kind::InvalidValue,
                "must not be empty",
                "不能为空",
            )),
            Value::String(s) => Ok(s),
            _ => Err(self.wrong_type(node, field, "a string")),
        }
    }

    /// A present, non-null optional value.
    fn present<'n>(&self, obj: &Obj<'n>, key: &str) -> Option<&'n Node> {
        obj.get(key).filter(|n| n.value != Value::Null)
    }

    fn decimal(&self, node: &Node, field: &str, expected: &str) -> R<Decimal> {
        let Value::Number(text) = &node.value else {
            let mut e = self.wrong_type(node, field, expected);
            if let Value::String(s) = &node.value {
                if parse_decimal(s.trim()).is_some() {
                    e = e.with_help(
                        format!("write the number without quotes: {}", s.trim()),
                        format!("数字不要加引号：{}", s.trim()),
                    );
                }
            }
            return Err(e);
        };
        parse_decimal(text).ok_or_else(|| {
            self.err(
                node.offset,
                field,
                Kind::InvalidValue,
                format!("`{}` is not a finite decimal number", shorten(text)),
                format!("`{}` 不是有限的十进制数", shorten(text)),
            )
        })
    }

    fn integer(&self, node: &Node, field: &str, min: i64, max: i64) -> R<i64> {
        let d = self.decimal(node, field, "a whole number")?;
        if !d.fract().is_zero() {
            return Err(self.err(
                node.offset,
                field,
                Kind::InvalidValue,
                format!("must be a whole number, not {d}"),
                format!("须为整数，而不是 {d}"),
            ));
        }
        match d.to_i64() {
            Some(n) if (min..=max).contains(&n) => Ok(n),
            _ if d.is_sign_negative() && min >= 0 => Err(self.err(
                node.offset,
                field,
                Kind::InvalidValue,
                format!("must not be negative ({d})"),
                format!("不能为负数（{d}）"),
            )),
            _ => Err(self.err(
                node.offset,
                field,
                Kind::InvalidValue,
                format!("{d} is out of range {min} to {max}"),
                format!("{d} 超出范围 {min} 到 {max}"),
            )),
        }
    }

    fn u32_at_least(&self, node: &Node, field: &str, min: u32) -> R<u32> {
        // The range check makes the conversion exact.
        Ok(self.integer(node, field, min.into(), u32::MAX.into())? as u32)
    }

    fn id(&self, node: &Node, field: &str) -> R<PlayerId> {
        if let Value::Number(t) = &node.value {
            if parse_decimal(t).is_some_and(|d| d.is_zero()) {
                return Err(self
                    .err(
                        node.offset,
                        field,
                        Kind::InvalidValue,
                        "player ids start at 1",
                        "棋手编号从 1 开始",
                    )
                    .with_help(
                        "0 is not a player (a bye is written with black null or absent)",
                        "0 不是棋手（轮空时 `black` 写 null 或省略）",
                    ));
            }
        }
        Ok(PlayerId(self.u32_at_least(node, field, 1)?))
    }

    fn rating(&self, node: &Node, field: &str) -> R<Option<Decimal>> {
        if node.value == Value::Null {
            return Ok(None);
        }
        let r = self.decimal(
            node,
            field,
            "a rating (a number, or null for an unrated player)",
        )?;
        if r.is_sign_negative() && !r.is_zero() {
            return Err(self.err(
                node.offset,
                field,
                Kind::InvalidValue,
                format!("a rating cannot be negative ({r})"),
                format!("等级分不能为负数（{r}）"),
            ));
        }
        if r.is_zero() {
            let e = self.err(
                node.offset,
                field,
                Kind::InvalidValue,
                "0 is not a rating",
                "0 不是等级分",
            );
            let (help, help_zh) = if self.toml {
                (
                    "leave `rating` out for an unrated player",
                    "无等级分的棋手省略 `rating`",
                )
            } else {
                ("write null for an unrated player", "无等级分的棋手写 null")
            };
            return Err(e.with_help(help, help_zh));
        }
        if !(RATING_MIN..=RATING_MAX).contains(&r) {
            return Err(self.err(
                node.offset,
                field,
                Kind::InvalidValue,
                format!("rating {r} is not plausible (expected {RATING_MIN} to {RATING_MAX})"),
                format!("等级分 {r} 不合理（应在 {RATING_MIN} 到 {RATING_MAX} 之间）"),
            ));
        }
        Ok(Some(r))
    }

    fn boolean(&self, node: &Node, field: &str) -> R<bool> {
        match &node.value {
            Value::Bool(b) => Ok(*b),
            _ => Err(self.wrong_type(node, field, "true or false")),
        }
    }

    fn array<'n>(&self, node: &'n Node, field: &str, what: &str) -> R<&'n [Node]> {
        match &node.value {
            Value::Array(items) => Ok(items),
            _ => Err(self.wrong_type(node, field, what)),
        }
    }

    fn date(&self, node: &Node, field: &str) -> R<NaiveDate> {
        match &node.value {
            Value::Date(d) => Ok(*d),
            Value::String(s) => {
                let ok = s.len() == 10 && s.as_bytes()[4] == b'-' && s.as_bytes()[7] == b'-';
                ok.then(|| NaiveDate::parse_from_str(s, "%Y-%m-%d").ok())
                    .flatten()
                    .ok_or_else(|| {
                        self.err(
                            node.offset,
                            field,
                            Kind::InvalidValue,
                            format!("`{}` is not a date", shorten(s)),
                            format!("`{}` 不是日期", shorten(s)),
                        )
                        .with_help(DATE_HELP, DATE_HELP_ZH)
                    })
            }
            _ => Err(self
                .wrong_type(node, field, "a date")
                .with_help(DATE_HELP, DATE_HELP_ZH)),
        }
    }
}

struct Obj<'n> {
    entries: &'n [Entry],
    offset: usize,
    path: String,
}

impl<'n> Obj<'n> {
    fn get(&self, key: &str) -> Option<&'n Node> {
        self.entries.iter().find(|e| e.key == key).map(|e| &e.node)
    }
    fn field(&self, key: &str) -> String {
        join(&self.path, key)
    }
}

const DATE_HELP: &str = "write dates as YYYY-MM-DD, e.g. 2019-05-01";
const DATE_HELP_ZH: &str = "日期写作 YYYY-MM-DD，例如 2019-05-01";

/// A value's type ([`Value::type_name`]) in Chinese.
fn type_name_zh(name: &str) -> &'static str {
    match name {
        "null" => "null",
        "a boolean" => "布尔值",
        "a number" => "数字",
        "a string" => "字符串",
        "a date" => "日期",
        "a date-time" => "日期时间",
        "an array" => "数组",
        "a table" => "表",
        "an object" => "对象",
        _ => "其他值",
    }
}

/// What a field expects (the `expected` of [`Ctx::wrong_type`]) in Chinese.
fn expected_zh(expected: &str) -> &'static str {
    match expected {
        "a table" => "表",
        "an object" => "对象",
        "a string" => "字符串",
        "a whole number" => "整数",
        "a rating (a number, or null for an unrated player)" => {
            "等级分（数字；无等级分的棋手写 null）"
        }
        "true or false" => " true 或 false",
        "a date" => "日期",
        "an array of players" => "棋手数组",
        "an array of games" => "对局数组",
        "an array of dates, one per round" => "日期数组（每轮一个）",
        "an array of arbiters" => "裁判员数组",
        "an array of teams" => "队伍数组",
        _ => "其他类型",
    }
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_owned()
    } else {
        format!("{path}.{key}")
    }
}

fn shorten(s: &str) -> String {
    const MAX: usize = 40;
    if s.chars().count() <= MAX {
        s.to_owned()
    } else {
        let mut t: String = s.chars().take(MAX).collect();
        t.push('…');
        t
    }
}

/// A number's exact value, from its text (never through a binary float).
pub(crate) fn parse_decimal(text: &str) -> Option<Decimal> {
    let t = text.strip_prefix('+').unwrap_or(text);
    let digits_ok = t
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.' | b'e' | b'E'))
        && t.bytes().any(|b| b.is_ascii_digit());
    if !digits_ok || t.len() > 64 {
        return None;
    }
    match t.find(['e', 'E']) {
        None => t.parse::<Decimal>().ok(),
        Some(e) => {
            let exponent: i32 = t[e + 1..].parse().ok()?;
            if exponent.abs() > 40 {
                return None;
            }
            Decimal::from_scientific(t).ok()
        }
    }
}

/// The known name closest to a misspelt one, if it is close.
fn closest<'k>(word: &str, known: &[&'k str]) -> Option<&'k str> {
    let distance = |a: &str, b: &str| {
        let b: Vec<char> = b.chars().collect();
        let mut prev: Vec<usize> = (0..=b.len()).collect();
        for (i, ca) in a.chars().enumerate() {
            let mut cur = vec![i + 1; b.len() + 1];
            for (j, &cb) in b.iter().enumerate() {
                cur[j + 1] = (prev[j] + usize::from(ca != cb))
                    .min(prev[j + 1] + 1)
                    .min(cur[j] + 1);
            }
            prev = cur;
        }
        prev[b.len()]
    };
    let lower = word.to_lowercase();
    known
        .iter()
        .map(|k| (distance(&lower, k), *k))
        .filter(|&(d, k)| d <= 2.max(k.len() / 3))
        .min()
        .map(|(_, k)| k)
}

enum ResultText {
    Game(GameResult),
    Bye(ByeKind),
}

/// A game's or a bye's code as the event file writes it (the vocabulary's
/// codes, and `½-½` for a draw); a pending game and an absence are not
/// entries of a rated event.
fn result(s: &str) -> Option<ResultText> {
    if let Some(r) = GameResult::from_exact_code(s) {
        return (r != GameResult::Pending).then_some(ResultText::Game(r));
    }
    ByeKind::from_code(s)
        .filter(|&k| k != ByeKind::Absent)
        .map(ResultText::Bye)
}

/// Builds the event from a parsed file, with the `record` of each game (in
/// the order of `games`; `None` where a game has none).
pub(crate) fn event_from_tree(
    root: &Node,
    format: EventFormat,
    file: &str,
    lines: &LineIndex<'_>,
) -> R<(Event, Vec<Option<RecordRef>>)> {
    let cx = Ctx {
        file,
        lines,
        toml: format == EventFormat::Toml,
    };
    let top = cx.object(root, "", EVENT_KEYS)?;

    let name = cx.string(cx.required(&top, "name")?, "name")?.to_owned();
    let game_node = cx.required(&top, "game")?;
    let game = GameKind::from_code(cx.string(game_node, "game")?).ok_or_else(|| {
        cx.err(
            game_node.offset,
            "game",
            Kind::InvalidValue,
            "unknown game",
            "未知的棋种",
        )
        .with_help(
            "expected \"xiangqi\" (象棋) or \"chess\" (国际象棋)",
            "应为 \"xiangqi\"（象棋）或 \"chess\"（国际象棋）",
        )
    })?;
    let system_node = cx.required(&top, "system")?;
    let system = EventSystem::from_code(cx.string(system_node, "system")?).ok_or_else(|| {
        cx.err(
            system_node.offset,
            "system",
            Kind::InvalidValue,
            "unknown system",
            "未知的赛制",
        )
        .with_help(
            "expected swiss (积分编排制), round-robin (单循环), double-round-robin (双循环), \
             knockout (淘汰制), match (对抗赛) or team (团体赛)",
            "应为 `swiss`（积分编排制）、`round-robin`（单循环）、`double-round-robin`（双循环）、\
             `knockout`（淘汰制）、`match`（对抗赛）或 `team`（团体赛）",
        )
    })?;
    let start = match cx.present(&top, "start") {
        Some(n) => Some(cx.date(n, "start")?),
        None => None,
    };
    let end = match cx.present(&top, "end") {
        Some(n) => Some(cx.date(n, "end")?),
        None => None,
    };
    if let (Some(s), Some(e), Some(n)) = (start, end, top.get("end")) {
        if e < s {
            return Err(cx.err(
                n.offset,
                "end",
                Kind::InvalidValue,
                format!("the event ends ({e}) before it starts ({s})"),
                format!("赛事的结束日期（{e}）早于开始日期（{s}）"),
            ));
        }
    }

    let details = read_details(&cx, &top)?;

    let players_node = cx.required(&top, "players")?;
    let Value::Array(player_nodes) = &players_node.value else {
        return Err(cx.wrong_type(players_node, "players", "an array of players"));
    };
    let mut players = Vec::with_capacity(player_nodes.len());
    let mut ids: HashMap<PlayerId, (usize, usize)> = HashMap::new();
    for (i, node) in player_nodes.iter().enumerate() {
        let player = read_player(&cx, node, &format!("players[{i}]"))?;
        let id_node = node_of(node, "id");
        if let Some(&(first, line)) = ids.get(&player.id) {
            return Err(cx
                .err(
                    id_node.offset,
                    &format!("players[{i}].id"),
                    Kind::DuplicatePlayer,
                    format!(
                        "id {} is already used by players[{first}] (line {line})",
                        player.id
                    ),
                    format!(
                        "编号 {} 已被 `players[{first}]`（第 {line} 行）使用",
                        player.id
                    ),
                )
                .with_help(
                    "every player needs an id of their own",
                    "每名棋手须有自己的编号",
                ));
        }
        ids.insert(player.id, (i, cx.line(id_node.offset)));
        players.push(player);
    }

    let games_node = cx.required(&top, "games")?;
    let Value::Array(game_nodes) = &games_node.value else {
        return Err(cx.wrong_type(games_node, "games", "an array of games"));
    };
    let mut pairings = Vec::with_capacity(game_nodes.len());
    let mut records = Vec::with_capacity(game_nodes.len());
    // (round, lower id, higher id) → game index; (id, round) → game index.
    let mut games_seen: HashMap<(u32, PlayerId, PlayerId), usize> = HashMap::new();
    let mut in_round: HashMap<(PlayerId, u32), usize> = HashMap::new();
    let id_hint = |lang| id_range_hint(&players, lang);
    for (g, node) in game_nodes.iter().enumerate() {
        let path = format!("games[{g}]");
        let obj = cx.object(node, &path, GAME_KEYS)?;
        let round_node = cx.required(&obj, "round")?;
        if let Value::Number(t) = &round_node.value {
            if parse_decimal(t).is_some_and(|d| d.is_zero()) {
                return Err(cx.err(
                    round_node.offset,
                    &obj.field("round"),
                    Kind::InvalidValue,
                    "round numbers start at 1",
                    "轮次从 1 开始",
                ));
            }
        }
        let round = cx.u32_at_least(round_node, &obj.field("round"), 1)?;
        let (white_key, white_node) = match (obj.get("white"), obj.get("red")) {
            (Some(_), Some(r)) => {
                return Err(cx
                    .err(
                        r.offset,
                        &obj.field("red"),
                        Kind::DuplicateField,
                        "both `white` and `red` are given",
                        "同时给出了 `white` 和 `red`",
                    )
                    .with_help(
                        "`red` (红方) is another name for `white`: give one of them",
                        "`red`（红方）是 `white` 的别名：只写其中一个",
                    ));
            }
            (Some(w), None) => ("white", w),
            (None, Some(r)) => ("red", r),
            (None, None) => {
                return Err(cx.err(
                    obj.offset,
                    &obj.field("white"),
                    Kind::MissingField,
                    "`white` (or `red`) is missing",
                    "缺少 `white`（或 `red`）",
                ));
            }
        };
        let white = cx.id(white_node, &obj.field(white_key))?;
        let black_node = cx.present(&obj, "black");
        let black = match black_node {
            Some(n) => Some(cx.id(n, &obj.field("black"))?),
            None => None,
        };
        let result_node = cx.required(&obj, "result")?;
        let result_text = cx.string(result_node, &obj.field("result"))?;
        let Some(outcome) = result(result_text) else {
            return Err(cx
                .err(
                    result_node.offset,
                    &obj.field("result"),
                    Kind::InvalidValue,
                    format!("`{}` is not a result", shorten(result_text)),
                    format!("`{}` 不是结果", shorten(result_text)),
                )
                .with_help(
                    format!("expected one of {RESULTS}"),
                    format!("应为以下之一：{RESULTS_ZH}"),
                ));
        };
        let record = match cx.present(&obj, "record") {
            Some(n) => Some(read_record(&cx, n, &obj.field("record"), g)?),
            None => None,
        };
        let pairing = match (outcome, black) {
            (ResultText::Game(result), Some(black)) => Pairing::Game {
                round,
                white,
                black,
                result,
            },
            (ResultText::Bye(kind), None) => Pairing::Bye {
                round,
                player: white,
                kind,
            },
            (ResultText::Bye(_), Some(black)) => {
                let message = format!(
                    "\"{result_text}\" is a bye, but the game has a black player ({black})"
                );
                let message_zh = format!("“{result_text}”是轮空，但该对局有黑方棋手（{black}）");
                let help = "a bye has no opponent: remove `black`, \
                            or give the game's result (1-0, 0-1, 1/2-1/2, +-, -+, --)";
                let help_zh = "轮空没有对手：删去 `black`，\
                               或写出对局结果（1-0、0-1、1/2-1/2、+-、-+、--）";
                let field = obj.field("result");
                let e = cx.err(
                    result_node.offset,
                    &field,
                    Kind::InvalidValue,
                    message,
                    message_zh,
                );
                return Err(e.with_help(help, help_zh));
            }
            (ResultText::Game(_), None) => {
                let offset = obj.get("black").map_or(obj.offset, |n| n.offset);
                let message = format!("a game with result {result_text} needs a black player");
                let message_zh = format!("结果为 {result_text} 的对局须有黑方棋手");
                let help = "for a round without an opponent write result \
                            \"bye\", \"half-bye\" or \"zero-bye\"";
                let help_zh = "没有对手的轮次，结果写 \"bye\"、\"half-bye\" 或 \"zero-bye\"";
                let e = cx.err(
                    offset,
                    &obj.field("black"),
                    Kind::MissingField,
                    message,
                    message_zh,
                );
                return Err(e.with_help(help, help_zh));
            }
        };
        // Player checks, in the order of the fields.
        let mut sides = vec![(obj.field(white_key), white_node, white)];
        if let (Some(n), Some(b)) = (black_node, black) {
            sides.push((obj.field("black"), n, b));
        }
        for (field, n, id) in &sides {
            if !ids.contains_key(id) {
                return Err(cx
                    .err(
                        n.offset,
                        field,
                        Kind::UnknownPlayer,
                        format!("player {id} is not in the players list"),
                        format!("棋手 {id} 不在棋手名单上"),
                    )
                    .with_help(id_hint(Lang::En), id_hint(Lang::Zh)));
            }
        }
        if black == Some(white) {
            let n = black_node.unwrap_or(node);
            return Err(cx.err(
                n.offset,
                &obj.field("black"),
                Kind::SelfPairing,
                format!("player {white} is paired against themself"),
                format!("棋手 {white} 与自己对局"),
            ));
        }
        if let Some(b) = black {
            let key = (round, white.min(b), white.max(b));
            if let Some(&first) = games_seen.get(&key) {
                return Err(cx.err(
                    node.offset,
                    &path,
                    Kind::DuplicateGame,
                    format!(
                        "the round {round} game between {white} and {b} is listed twice \
                         (first as games[{first}], line {})",
                        cx.line(game_nodes[first].offset)
                    ),
                    format!(
                        "第 {round} 轮 {white} 与 {b} 的对局列出两次\
                         （第一次为 `games[{first}]`，第 {} 行）",
                        cx.line(game_nodes[first].offset)
                    ),
                ));
            }
            games_seen.insert(key, g);
        }
        for (field, n, id) in &sides {
            if let Some(&first) = in_round.get(&(*id, round)) {
                return Err(cx.err(
                    n.offset,
                    field,
                    Kind::TwiceInRound,
                    format!(
                        "player {id} already plays in round {round} (games[{first}], line {})",
                        cx.line(game_nodes[first].offset)
                    ),
                    format!(
                        "棋手 {id} 在第 {round} 轮已有对局（`games[{first}]`，第 {} 行）",
                        cx.line(game_nodes[first].offset)
                    ),
                ));
            }
            in_round.insert((*id, round), g);
        }
        pairings.push(pairing);
        records.push(record);
    }

    let event = Event::new(name, game, system, start, end, players, pairings).map_err(|e| {
        // Every case is caught above with a better message; this keeps the
        // model's own check authoritative should the two ever disagree.
        let (offset, field) = match &e {
            EventError::DuplicatePlayer { second: i, .. } | EventError::ZeroId { player: i } => (
                player_nodes
                    .get(*i)
                    .map_or(players_node.offset, |n| n.offset),
                format!("players[{i}]"),
            ),
            other => {
                let g = other.game_index().unwrap_or(0);
                (
                    game_nodes.get(g).map_or(games_node.offset, |n| n.offset),
                    format!("games[{g}]"),
                )
            }
        };
        cx.err(
            offset,
            &field,
            Kind::InvalidValue,
            e.to_string(),
            e.text(Lang::Zh),
        )
    })?;
    let event = event.with_details(details).map_err(|e| {
        let (key, kind) = match &e {
            EventError::RoundDate { .. } => ("round_dates", Kind::InvalidValue),
            _ => ("teams", Kind::InvalidValue),
        };
        let offset = top.get(key).map_or(players_node.offset, |n| n.offset);
        cx.err(offset, key, kind, e.to_string(), e.text(Lang::Zh))
    })?;
    Ok((event, records))
}

/// The optional event fields beyond players and games (docs/event-format.md,
/// *What the regulations ask of an event*).
fn read_details(cx: &Ctx<'_>, top: &Obj<'_>) -> R<EventDetails> {
    let mut d = EventDetails::default();
    let flag = |key: &str| -> R<bool> {
        match cx.present(top, key) {
            Some(n) => cx.boolean(n, key),
            None => Ok(false),
        }
    };
    if let Some(n) = cx.present(top, "kind") {
        d.kind = Some(cx.string(n, "kind")?.to_owned());
    }
    d.invitational = flag("invitational")?;
    d.rapid = flag("rapid")?;
    d.rapid_rated = flag("rapid_rated")?;
    d.scheveningen = flag("scheveningen")?;
    d.team_round_robin = flag("team_round_robin")?;
    d.international = flag("international")?;
    if let Some(n) = cx.present(top, "registered") {
        d.registered = Some(cx.date(n, "registered")?);
    }
    if let Some(n) = cx.present(top, "host") {
        d.host = Some(cx.string(n, "host")?.to_owned());
    }
    if let Some(n) = cx.present(top, "time_control") {
        let text = cx.string(n, "time_control")?;
        d.time_control = Some(TimeControl::parse(text).map_err(|e| {
            let presets: Vec<&str> = TimeControl::PRESETS.iter().map(|p| p.0).collect();
            cx.err(
                n.offset,
                "time_control",
                Kind::InvalidValue,
                e.to_string(),
                e.text(Lang::Zh),
            )
            .with_help(
                format!("presets: {}", presets.join(", ")),
                format!(
                    "预设：{}",
                    presets
                        .iter()
                        .map(|p| format!("`{p}`"))
                        .collect::<Vec<_>>()
                        .join("、")
                ),
            )
        })?);
    }
    if let Some(n) = cx.present(top, "round_dates") {
        let items = cx.array(n, "round_dates", "an array of dates, one per round")?;
        for (i, item) in items.iter().enumerate() {
            let date = cx.date(item, &format!("round_dates[{i}]"))?;
            d.round_dates.push((i as u32 + 1, date));
        }
    }
    if let Some(n) = cx.present(top, "arbiters") {
        let items = cx.array(n, "arbiters", "an array of arbiters")?;
        for (i, item) in items.iter().enumerate() {
            let path = format!("arbiters[{i}]");
            let obj = cx.object(item, &path, ARBITER_KEYS)?;
            let name = cx.string(cx.required(&obj, "name")?, &obj.field("name"))?;
            let g = cx.required(&obj, "grade")?;
            let text = cx.string(g, &obj.field("grade"))?;
            let grade = ArbiterGrade::parse(text).ok_or_else(|| {
                cx.err(
                    g.offset,
                    &obj.field("grade"),
                    Kind::InvalidValue,
                    format!("`{}` is not an arbiter's grade", shorten(text)),
                    format!("`{}` 不是裁判员等级", shorten(text)),
                )
                .with_help(
                    "expected international (国际级), national (国家级), first (一级), \
                     second (二级) or third (三级)",
                    "应为 `international`（国际级）、`national`（国家级）、`first`（一级）、\
                     `second`（二级）或 `third`（三级）",
                )
            })?;
            d.arbiters.push(Arbiter {
                name: name.to_owned(),
                grade,
            });
        }
    }
    if let Some(n) = cx.present(top, "teams") {
        let items = cx.array(n, "teams", "an array of teams")?;
        for (i, item) in items.iter().enumerate() {
            let path = format!("teams[{i}]");
            let obj = cx.object(item, &path, TEAM_KEYS)?;
            let name = cx.string(cx.required(&obj, "name")?, &obj.field("name"))?;
            let rank = match cx.present(&obj, "rank") {
                Some(r) => Some(cx.u32_at_least(r, &obj.field("rank"), 1)?),
                None => None,
            };
            d.teams.push(Team {
                name: name.to_owned(),
                rank,
            });
        }
    }
    Ok(d)
}

/// A game's `record`: `PATH` or `PATH#N` (game N of the file, from 1).
fn read_record(cx: &Ctx<'_>, node: &Node, field: &str, game: usize) -> R<RecordRef> {
    let text = cx.string(node, field)?;
    let (path, number) = match text.rsplit_once('#') {
        Some((path, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
            match n.parse::<usize>() {
                Ok(k) if k >= 1 => (path, Some(k)),
                _ => {
                    return Err(cx
                        .err(
                            node.offset,
                            field,
                            Kind::InvalidValue,
                            format!("`#{}` is not a game number", shorten(n)),
                            format!("`#{}` 不是对局序号", shorten(n)),
                        )
                        .with_help(
                            "games in a record file are numbered from 1: `round1.pgn#3`",
                            "棋谱文件中的对局从 1 起编号：`round1.pgn#3`",
                        ));
                }
            }
        }
        _ => (text, None),
    };
    if path.trim().is_empty() {
        return Err(cx
            .err(
                node.offset,
                field,
                Kind::InvalidValue,
                "the record path is empty",
                "棋谱路径为空",
            )
            .with_help(
                "give the game record file, e.g. \"round1.pgn#3\" or \"games/r1b2.xqf\"",
                "请给出棋谱文件，例如 \"round1.pgn#3\" 或 \"games/r1b2.xqf\"",
            ));
    }
    Ok(RecordRef {
        game,
        path: path.to_string(),
        number,
        line: cx.line(node.offset),
    })
}

/// The node of `key` in an object node, or the node itself.
fn node_of<'n>(node: &'n Node, key: &str) -> &'n Node {
    match &node.value {
        Value::Object(entries) => entries
            .iter()
            .find(|e| e.key == key)
            .map_or(node, |e| &e.node),
        _ => node,
    }
}

fn id_range_hint(players: &[Player], lang: Lang) -> String {
    let min = players.iter().map(|p| p.id).min();
    let max = players.iter().map(|p| p.id).max();
    match (min, max, lang) {
        (Some(a), Some(b), Lang::En) => format!(
            "the players list has {} players, ids {a} to {b}",
            players.len()
        ),
        (Some(a), Some(b), Lang::Zh) => {
            format!("棋手名单共 {} 名棋手，编号 {a} 到 {b}", players.len())
        }
        (_, _, Lang::En) => "the players list is empty".to_owned(),
        (_, _, Lang::Zh) => "棋手名单是空的".to_owned(),
    }
}

fn read_player(cx: &Ctx<'_>, node: &Node, path: &str) -> R<Player> {
    let obj = cx.object(node, path, PLAYER_KEYS)?;
    let id = cx.id(cx.required(&obj, "id")?, &obj.field("id"))?;
    let name = cx.string(cx.required(&obj, "name")?, &obj.field("name"))?;
    let sex_node = cx.required(&obj, "sex")?;
    let text = cx.string(sex_node, &obj.field("sex"))?;
    // The file's codes, strictly; a sex written otherwise is answered with
    // its code (the vocabulary reads what people write).
    let sex = match Sex::ALL.into_iter().find(|x| x.code() == text) {
        Some(x) => x,
        None => {
            let other = text;
            let (help, help_zh) = match Sex::from_code(other) {
                Some(x) => (
                    format!(
                        "write \"{}\" for {} ({})",
                        x.code(),
                        x.label(Lang::Zh),
                        x.label(Lang::En)
                    ),
                    format!("{}写作 \"{}\"", x.label(Lang::Zh), x.code()),
                ),
                None => (
                    "expected \"m\" (男) or \"f\" (女)".to_string(),
                    "应为 \"m\"（男）或 \"f\"（女）".to_string(),
                ),
            };
            return Err(cx
                .err(
                    sex_node.offset,
                    &obj.field("sex"),
                    Kind::InvalidValue,
                    format!("`{}` is not a sex", shorten(other)),
                    format!("`{}` 不是性别", shorten(other)),
                )
                .with_help(help, help_zh));
        }
    };
    let rating = match obj.get("rating") {
        Some(n) => cx.rating(n, &obj.field("rating"))?,
        None => None,
    };
    let mut player = Player::new(id, name, sex, rating);
    if let Some(n) = cx.present(&obj, "title") {
        let t = cx.string(n, &obj.field("title"))?;
        if t.chars().any(char::is_whitespace) {
            return Err(cx
                .err(
                    n.offset,
                    &obj.field("title"),
                    Kind::InvalidValue,
                    format!("`{}` is not a title code", shorten(t)),
                    format!("`{}` 不是称号代码", shorten(t)),
                )
                .with_help(
                    "title codes are one word, e.g. GM, IM, FM, NM, WGM",
                    "称号代码是一个词，例如 GM、IM、FM、NM、WGM",
                ));
        }
        player.title = Some(t.to_owned());
    }
    if let Some(n) = cx.present(&obj, "rated_games") {
        player.rated_games = cx.u32_at_least(n, &obj.field("rated_games"), 0)?;
    }
    if let Some(n) = cx.present(&obj, "rated_events") {
        player.rated_events = Some(cx.u32_at_least(n, &obj.field("rated_events"), 0)?);
    }
    if let Some(n) = cx.present(&obj, "ever_reached") {
        player.ever_reached = cx.rating(n, &obj.field("ever_reached"))?;
    }
    if let Some(n) = cx.present(&obj, "birth_year") {
        // Range check first, so the conversion is exact.
        player.birth_year = Some(cx.integer(n, &obj.field("birth_year"), 1850, 2100)? as i32);
    }
    if let Some(n) = cx.present(&obj, "rank") {
        player.rank = Some(cx.u32_at_least(n, &obj.field("rank"), 1)?);
    }
    if let Some(n) = cx.present(&obj, "unit") {
        player.unit = Some(cx.string(n, &obj.field("unit"))?.to_owned());
    }
    if let Some(n) = cx.present(&obj, "board") {
        player.board = Some(cx.u32_at_least(n, &obj.field("board"), 1)?);
    }
    if let Some(n) = cx.present(&obj, "team") {
        player.team = Some(cx.string(n, &obj.field("team"))?.to_owned());
    }
    if let Some(n) = cx.present(&obj, "computer") {
        player.computer = cx.boolean(n, &obj.field("computer"))?;
    }
    if let Some(n) = obj.get("international_rating") {
        player.international_rating = cx.rating(n, &obj.field("international_rating"))?;
    }
    if let Some(n) = cx.present(&obj, "foreign") {
        player.foreign = cx.boolean(n, &obj.field("foreign"))?;
    }
    if let Some(n) = cx.present(&obj, "grade") {
        player.grade = Some(cx.string(n, &obj.field("grade"))?.to_owned());
    }
    if let Some(n) = cx.present(&obj, "federation") {
        let f = cx.string(n, &obj.field("federation"))?;
        if f.trim().is_empty() || f.chars().any(char::is_whitespace) {
            return Err(cx
                .err(
                    n.offset,
                    &obj.field("federation"),
                    Kind::InvalidValue,
                    format!("`{}` is not a federation code", shorten(f)),
                    format!("`{}` 不是协会代码", shorten(f)),
                )
                .with_help(
                    "a federation is one word, the FIDE code, e.g. CHN, IND, FID",
                    "协会写一个词，即其 FIDE 代码，例如 CHN、IND、FID",
                ));
        }
        player.federation = Some(f.to_owned());
    }
    Ok(player)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_from_text() {
        assert_eq!(parse_decimal("2450.5"), Some(Decimal::new(24505, 1)));
        assert_eq!(parse_decimal("+2450"), Some(Decimal::new(2450, 0)));
        // 0.1 has no exact binary float; read from text it is exact.
        assert_eq!(parse_decimal("0.1"), Some(Decimal::new(1, 1)));
        assert_eq!(parse_decimal("2.4505e3"), Some(Decimal::new(24505, 1)));
        assert_eq!(parse_decimal("inf"), None);
        assert_eq!(parse_decimal("nan"), None);
        assert_eq!(parse_decimal("1e999999999999"), None);
        assert_eq!(parse_decimal("99999999999999999999999999999999"), None);
    }

    #[test]
    fn closest_names() {
        assert_eq!(closest("ratng", PLAYER_KEYS), Some("rating"));
        assert_eq!(closest("Rated_Game", PLAYER_KEYS), Some("rated_games"));
        assert_eq!(closest("colour", PLAYER_KEYS), None);
    }
}
