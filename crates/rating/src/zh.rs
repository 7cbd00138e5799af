//! The Chinese of the free-text parts of this crate's errors (issue 15):
//! a point system's definition and Glicko-2's inputs
//! ([`OnlineError`](crate::online::OnlineError)), and the TOML reader's
//! messages. Each error's `text(Lang::Zh)` reads its English part back
//! here; `tests/error_text.rs` reads the sources so that every reason they
//! give is known.

/// The Chinese of a point system's definition error (the text of
/// [`OnlineError::Definition`](crate::online::OnlineError::Definition)):
/// `field: reason`, a Glicko-2 parameter, or the TOML reader's message.
pub(crate) fn definition(en: &str) -> String {
    if let Some(rest) = en.strip_prefix("glicko-2: ") {
        return format!("Glicko-2：{}", glicko2(rest));
    }
    if en == "`name` is empty" {
        return "`name` 为空".to_string();
    }
    if let Some((field, rest)) = en.split_once(": ")
        && !field.contains(' ')
        && !field.starts_with("TOML")
    {
        let zh = match rest {
            "the first band must start at `from = 0`" => {
                "第一个区间必须从 `from = 0` 开始".to_string()
            }
            "bands must be in increasing `from` order" => "各区间须按 `from` 递增排列".to_string(),
            "levels must be in increasing `from` order" => "各级别须按 `from` 递增排列".to_string(),
            "at most 10" => "最多为 10".to_string(),
            "must be 1 to 100000" => "须在 1 至 100000 之间".to_string(),
            "at most 1000000 in size" => "绝对值最多为 1000000".to_string(),
            "at least one band" => "至少一个区间".to_string(),
            "each K must be 1 to 10000" => "每个 K 须在 1 至 10000 之间".to_string(),
            "only the first band may omit `from`" => "只有第一个区间可以省略 `from`".to_string(),
            "must not be negative" => "不能为负数".to_string(),
            "at least one `[[levels.level]]`" => "至少一个 `[[levels.level]]`".to_string(),
            "give the points lost as a positive number" => "扣除的积分请写为正数".to_string(),
            _ => match rest.split_once("`, expected ") {
                Some((value, allowed)) if value.starts_with('`') => format!(
                    "{value}`，应为 {}",
                    allowed
                        .split(['"', ','])
                        .map(str::trim)
                        .filter(|s| !s.is_empty() && *s != "or" && !s.starts_with("or "))
                        .map(|s| format!("`{s}`"))
                        .collect::<Vec<_>>()
                        .join("、")
                ),
                _ => "取值不符合要求".to_string(),
            },
        };
        return format!("`{field}`：{zh}");
    }
    toml_error(en)
}

/// The Chinese of a Glicko-2 input error (the text of
/// [`OnlineError::Glicko2`](crate::online::OnlineError::Glicko2)).
pub(crate) fn glicko2(en: &str) -> String {
    match en {
        "volatility bracket not found" => return "找不到波动率的求解区间".to_string(),
        "volatility search did not converge" => return "波动率的迭代求解没有收敛".to_string(),
        _ => {}
    }
    if let Some(x) = en.strip_prefix("a score must be between 0 and 1, got ") {
        return format!("得分须在 0 与 1 之间，实为 {x}");
    }
    if let Some(player) = en.strip_suffix(" cannot play against themself") {
        return format!("{player} 不能与自己对局");
    }
    for (marker, kind) in [
        (" must be a finite positive number, got ", "有限的正数"),
        (" must be a finite number, got ", "有限的数"),
    ] {
        if let Some((what, x)) = en.split_once(marker) {
            return format!("`{what}` 须为{kind}，实为 {x}");
        }
    }
    "输入无效".to_string()
}

/// The Chinese of the TOML reader's message: the line and column it
/// names, and what it found wrong (the common cases by name, the others
/// as a syntax error).
pub(crate) fn toml_error(en: &str) -> String {
    let mut place = None;
    let mut detail = en.trim();
    if let Some(rest) = en.strip_prefix("TOML parse error at line ") {
        let mut lines = rest.lines();
        let head = lines.next().unwrap_or("");
        if let Some((line, column)) = head.split_once(", column ") {
            place = Some(format!("第 {} 行第 {} 列", line.trim(), column.trim()));
        }
        // The snippet (`  |`, `3 | text`, `  |   ^`) comes before the
        // reader's words.
        detail = lines
            .filter(|l| !l.contains(" | ") && !l.trim_start().starts_with('|'))
            .map(str::trim)
            .find(|l| !l.is_empty())
            .unwrap_or("");
    }
    let what = serde_detail(detail);
    match place {
        Some(place) => format!("{place}：{what}"),
        None => what,
    }
}

/// The names in backticks of a serde list (`` `a`, `b` ``), joined the
/// Chinese way.
fn names(list: &str) -> String {
    list.split('`')
        .skip(1)
        .step_by(2)
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join("、")
}

/// The Chinese of the words serde and the TOML reader use.
fn serde_detail(en: &str) -> String {
    if let Some(rest) = en.strip_prefix("unknown field ") {
        let (field, known) = rest.split_once(", expected ").unwrap_or((rest, ""));
        let field = field.split(", there are no fields").next().unwrap_or(field);
        return if known.is_empty() {
            format!("未知字段 {field}")
        } else {
            format!("未知字段 {field}，可用的字段：{}", names(known))
        };
    }
    if let Some(rest) = en.strip_prefix("unknown variant ") {
        let (value, known) = rest.split_once(", expected ").unwrap_or((rest, ""));
        return if known.is_empty() {
            format!("未知取值 {value}")
        } else {
            format!("未知取值 {value}，可用的取值：{}", names(known))
        };
    }
    if let Some(field) = en.strip_prefix("missing field ") {
        return format!("缺少字段 {field}");
    }
    if let Some(rest) = en.strip_prefix("duplicate field ") {
        return format!("字段 {rest} 重复");
    }
    if en == "duplicate key" {
        return "键重复".to_string();
    }
    if let Some(rest) = en
        .strip_prefix("duplicate key ")
        .or_else(|| en.strip_prefix("duplicate key: "))
    {
        let key = rest.split(" in ").next().unwrap_or(rest);
        return format!("键 {key} 重复");
    }
    if let Some(rest) = en.strip_prefix("invalid type: ") {
        let found = names(rest.split(", expected ").next().unwrap_or(rest));
        return if found.is_empty() {
            "值的类型不对".to_string()
        } else {
            format!("值 {found} 的类型不对")
        };
    }
    if en.starts_with("invalid value: ") || en.starts_with("invalid length ") {
        return "值无效".to_string();
    }
    if let Some(value) = en.strip_suffix(" is not a month-day like \"06-01\"") {
        return format!("{value} 不是月-日（如 `06-01`）");
    }
    if let Some(value) = en.strip_suffix(" is not a fraction like \"2/3\"") {
        return format!("{value} 不是分数（如 `2/3`）");
    }
    let (head, expected) = en.split_once(", expected ").unwrap_or((en, ""));
    let Some(head) = toml_syntax(head) else {
        return "TOML 语法或取值有误".to_string();
    };
    let codes = names(expected);
    if codes.is_empty() {
        head.to_string()
    } else {
        format!("{head}，应为 {codes}")
    }
}

/// The TOML reader's words for a syntax error (the common ones).
fn toml_syntax(en: &str) -> Option<&'static str> {
    Some(match en {
        "string values must be quoted" => "字符串须加引号",
        "wanted string or table" => "应为字符串或表",
        "unclosed table" => "表头未闭合",
        "unclosed array table" => "数组表头未闭合",
        "unclosed array" => "数组未闭合",
        "unclosed inline table" => "内联表未闭合",
        "key with no value" => "键没有值",
        "missing value" | "missing value for key" => "缺少值",
        "missing assignment between key-value pairs" => "键值对之间缺少 `=`",
        "missing comma between array elements" => "数组元素之间缺少逗号",
        "missing comma between key-value pairs" => "键值对之间缺少逗号",
        "missing opening quote" => "缺少开头的引号",
        "missing escaped value" => "转义符之后缺少字符",
        "extra comma in array" => "数组中有多余的逗号",
        "extra comma in inline table" => "内联表中有多余的逗号",
        "extra assignment between key-value pairs" | "extra `=`" => "多余的 `=`",
        "invalid key" | "invalid unquoted key" => "键无效",
        "invalid string" | "invalid basic string" | "invalid literal string" => "字符串无效",
        "invalid multi-line basic string" | "invalid multi-line literal string" => "多行字符串无效",
        "invalid integer number" => "整数无效",
        "invalid float" | "invalid fraction" | "invalid exponent" | "invalid mantissa" => {
            "小数无效"
        }
        "invalid boolean" => "布尔值无效",
        "invalid date-time" | "invalid datetime" => "日期时间无效",
        "invalid table" => "表无效",
        "invalid inline table element" => "内联表元素无效",
        "invalid key-value pair" => "键值对无效",
        "invalid comment character" => "注释中有无效字符",
        "unexpected content" | "unexpected key or value" => "有多余的内容",
        "unexpected content between comment and newline" => "注释与换行之间有多余的内容",
        "unexpected leading zero" => "数字不能以 0 开头",
        "invalid value" => "值无效",
        _ => return None,
    })
}
