//! The Chinese of the desk's own reasons. The desk's errors carry their
//! reason as English words (`message` of [`crate::DeskError::PlayerField`],
//! [`crate::settings::SettingsError::Field`], [`crate::import::ImportError`]
//! …), written in this crate; [`message`] words those it knows in Chinese,
//! with the same figures, so that `text(Lang::Zh)` of each error says the
//! reason and not only where it is. A reason it does not know (an engine's
//! words) leaves the caller to a general sentence.

use crate::event::TextRefusal;

/// `message` in Chinese, when it is one of the desk's reasons.
pub(crate) fn message(m: &str) -> Option<String> {
    if let Some(r) = TextRefusal::from_message(m) {
        return Some(r.text(qiyuan_rating::Lang::Zh));
    }
    let fixed = match m {
        // Settings.
        "the event needs a name" => "赛事需要名称",
        "at most 200 characters" => "最多 200 个字",
        "a win must be worth more than a loss, a draw not less than a loss" => {
            "胜局得分须高于负局，和局得分不得低于负局"
        }
        "points are counted in tenths at most" => "得分最多精确到 0.1 分",
        "results as scores (2:0 / 1:1 / 0:2) are a xiangqi event's choice" => {
            "以比分（2:0 / 1:1 / 0:2）记录成绩只适用于象棋赛事"
        }
        "results as scores (2:0 / 1:1 / 0:2) need the 2-1-0 scoring" => {
            "以比分（2:0 / 1:1 / 0:2）记录成绩须采用 2-1-0 计分"
        }
        "a team event is paired by round robin or Swiss, not knockout" => {
            "团体赛采用循环制或积分编排制，不能采用淘汰制"
        }
        "same-unit avoidance is an option of an individual Swiss" => {
            "同单位回避只适用于个人积分编排制"
        }
        // Players.
        "a player needs a name" => "棋手需要姓名",
        "a player cannot be forbidden to meet himself" => "不能禁止棋手与自己相遇",
        "is on a team's roster: take him off the team first" => "在某队的名单上：请先将其移出该队",
        "the player has been paired against someone of his group: his group cannot change" => {
            "该棋手已与同组别的棋手对局：其组别不能再改"
        }
        "the event pairs and ranks by group (组别): every player needs one" => {
            "本赛事按组别编排和排名：每名棋手都须有组别"
        }
        "no player (001) record in the file" => "文件中没有棋手记录（001）",
        // Rounds.
        "already paired; change the pairing instead" => "已编排；请改为修改编排",
        "no round is paired" => "尚未编排任何一轮",
        "not paired" => "尚未编排",
        "not a team event" => "不是团体赛",
        "no team round is paired" => "尚未编排任何一轮团体对阵",
        "the teams of this round are not paired" => "本轮的队伍尚未编排",
        "a team event cannot be a knockout" => "团体赛不能采用淘汰制",
        "a team event pairs teams (pair_next_team_round), then makes the boards from the line-ups" => {
            "团体赛先编排队伍，再按出场名单排出各台"
        }
        "groups (组别) are paired in a Swiss only: clear the players' groups or make one event per group" => {
            "组别只能在积分编排制中编排：请清除棋手的组别，或每个组别各建一个赛事"
        }
        "only an individual round robin has a schedule fixed in advance" => {
            "只有个人循环赛有事先确定的赛程"
        }
        "the match is level after its games and has no decisive game; \
         set the knockout's `armageddon` or decide the tie by hand" => {
            "双方赛完各局后打平，且没有决胜局：请设置淘汰赛的 `armageddon`（决胜局），或由裁判判定胜负"
        }
        // Reports.
        "no rating profile: choose one in the settings or ask for one" => {
            "未设定等级分规则：请在设置中选择一个，或在请求中指明"
        }
        _ => return patterned(m),
    };
    Some(fixed.to_string())
}

/// The reasons with figures in them.
fn patterned(m: &str) -> Option<String> {
    // `x` is not a rating / a sex / a whole number (the import's cells).
    if let Some(rest) = m.strip_prefix('`')
        && let Some((v, why)) = rest.split_once('`')
    {
        return match why {
            " is not a rating" => Some(format!("“{v}”不是有效的等级分")),
            " is not a sex (m/f, 男/女)" => Some(format!("“{v}”不是有效的性别（m/f、男/女）")),
            " is not a whole number ≥ 0" => Some(format!("“{v}”不是非负整数")),
            " is neither a year YYYY nor a date YYYY-MM-DD" => {
                Some(format!("“{v}”既不是年份 YYYY，也不是日期 YYYY-MM-DD"))
            }
            _ => None,
        };
    }
    if let Some(r) = m.strip_suffix(" is not a rating (0 to 4000)") {
        return Some(format!("{r} 不是有效的等级分（0 至 4000）"));
    }
    if let Some(n) = m.strip_prefix("a Swiss has 1 to 99 rounds, not ") {
        return Some(format!("积分编排制为 1 至 99 轮，不能是 {n} 轮"));
    }
    if let Some(n) = m.strip_prefix("1 to 4 cycles, not ") {
        return Some(format!("循环 1 至 4 次，不能是 {n} 次"));
    }
    if let Some(n) = m.strip_prefix("1 to 8 games per match, not ") {
        return Some(format!("每轮 1 至 8 局，不能是 {n} 局"));
    }
    if let Some(n) = m
        .strip_prefix("at most ")
        .and_then(|r| r.strip_suffix(" characters"))
    {
        return Some(format!("最多 {n} 个字"));
    }
    if let Some(n) = m
        .strip_prefix("the event has ")
        .and_then(|r| r.strip_suffix(" rounds"))
    {
        return Some(format!("赛事共 {n} 轮"));
    }
    if let Some(n) = m.strip_prefix("the next round is ") {
        return Some(format!("下一轮是第 {n} 轮"));
    }
    if let Some((next, of)) = m
        .strip_prefix("the next round to pair is ")
        .and_then(|r| r.strip_suffix(')'))
        .and_then(|r| r.split_once(" (of "))
    {
        return Some(format!("下一轮应编排第 {next} 轮（共 {of} 轮）"));
    }
    if let Some(b) = m
        .strip_prefix("board ")
        .and_then(|r| r.strip_suffix(" has a result; clear the results first"))
    {
        return Some(format!("第 {b} 台已有成绩：请先清除成绩"));
    }
    if let Some(rest) = m.strip_prefix("player ") {
        if let Some(p) = rest.strip_suffix(" is not in this round") {
            return Some(format!("{p}号不在本轮"));
        }
        if let Some(p) = rest.strip_suffix(" has no bye") {
            return Some(format!("{p}号没有轮空"));
        }
        if let Some(p) = rest.strip_suffix(": a requested bye is a half-, zero- or full-point bye")
        {
            return Some(format!("{p}号：请假只能记和、记负或记胜"));
        }
    }
    if let Some(id) = m
        .strip_prefix("team ")
        .and_then(|r| r.strip_suffix(" needs a name"))
    {
        return Some(format!("队 {id} 需要队名"));
    }
    if let Some(id) = m.strip_prefix("no team ") {
        return Some(format!("没有队 {id}"));
    }
    if let Some((to, n)) = m
        .strip_suffix(')')
        .and_then(|r| r.split_once(" is not a pairing number of this event (1 to "))
    {
        return Some(format!("{to} 不是本赛事的序号（1 至 {n}）"));
    }
    if let Some(g) = m
        .strip_prefix("group ")
        .and_then(|r| r.strip_suffix(": no valid pairing"))
    {
        return Some(format!("组别 {g}：没有符合规则的编排"));
    }
    if let Some((round, rest)) = m.strip_prefix("round ").and_then(|r| r.split_once(": ")) {
        if let Some((d, s)) = rest.split_once(" is before the start ") {
            return Some(format!("第 {round} 轮：{d} 早于开始日期 {s}"));
        }
        if let Some((d, e)) = rest.split_once(" is after the end ") {
            return Some(format!("第 {round} 轮：{d} 晚于结束日期 {e}"));
        }
        if let Some((d, r)) = rest.split_once(" is before round ") {
            return Some(format!("第 {round} 轮：{d} 早于第 {r} 轮"));
        }
        if let Some((o, g)) = rest
            .strip_prefix("met ")
            .and_then(|r| r.split_once(", who is not of group "))
        {
            return Some(format!("第 {round} 轮：与 {o} 相遇，而 {o} 不属于组别 {g}"));
        }
    }
    if let Some((first, last)) = m
        .strip_prefix("rounds ")
        .and_then(|r| r.strip_suffix(": the first is 1 or more, the last not before it"))
        .and_then(|r| r.split_once(" to "))
    {
        return Some(format!(
            "第 {first} 至 {last} 轮：起始轮不小于 1，结束轮不早于起始轮"
        ));
    }
    if let Some((last, n)) = m
        .strip_prefix("round ")
        .and_then(|r| r.split_once(" is after the last round, "))
    {
        return Some(format!("第 {last} 轮在最后一轮（第 {n} 轮）之后"));
    }
    if let Some((b, a)) = m.split_once(" is before the start ") {
        return Some(format!("{b} 早于开始日期 {a}"));
    }
    if let Some((p, rest)) = m
        .strip_prefix("profile `")
        .and_then(|r| r.split_once("` rates "))
        && let Some((rates, event)) = rest.split_once(", the event is ")
    {
        return Some(format!(
            "规则 `{p}` 计算的是{}，而赛事是{}",
            game_zh(rates)?,
            game_zh(event)?
        ));
    }
    if let Some((_, list)) = m
        .strip_suffix(')')
        .and_then(|r| r.rsplit_once(" (built-in profiles: "))
    {
        return Some(format!("没有这个等级分规则（内置规则：{list}）"));
    }
    if let Some((_, list)) = m
        .strip_suffix(')')
        .and_then(|r| r.rsplit_once(" (presets: "))
    {
        return Some(format!("没有这个破同分规则（可选：{list}）"));
    }
    None
}

/// A game as `{:?}` writes it, in Chinese.
fn game_zh(debug: &str) -> Option<&'static str> {
    match debug {
        "Xiangqi" => Some("象棋"),
        "Chess" => Some("国际象棋"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::message;

    #[test]
    fn figures_are_kept() {
        assert_eq!(
            message("round 3: 2026-05-01 is before the start 2026-05-02").as_deref(),
            Some("第 3 轮：2026-05-01 早于开始日期 2026-05-02")
        );
        assert_eq!(
            message("`2x00` is not a rating").as_deref(),
            Some("“2x00”不是有效的等级分")
        );
        assert_eq!(
            message("profile `cxa-2019` rates Xiangqi, the event is Chess").as_deref(),
            Some("规则 `cxa-2019` 计算的是象棋，而赛事是国际象棋")
        );
        assert_eq!(message("an engine's own words"), None);
    }
}
