//! Why the office refused or failed.

use chrono::NaiveDate;
use qiyuan_rating::Lang;
use qiyuan_vocab::GameResult;

/// Everything the store can answer with instead of a result. Each message
/// names what is wrong and, where there is one, the way out.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// The database cannot be reached.
    #[error("cannot open the database {url}: {source}")]
    Connect {
        /// The URL, password hidden.
        url: String,
        /// Why.
        source: sqlx::Error,
    },
    /// The schema could not be brought up to date.
    #[error("cannot migrate the database schema: {0}")]
    Migrate(sqlx::migrate::MigrateError),
    /// A query failed.
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
    /// The database did not confirm a commit (a full disk, a lost
    /// connection): the change is not acknowledged, and the connection that
    /// held it was closed rather than reused.
    #[error("cannot commit the change to the database, it is not saved: {0}")]
    Commit(sqlx::Error),
    /// The database refused to roll a transaction back; the connection that
    /// held it was closed (which rolls it back) rather than reused.
    #[error("cannot roll back the change in the database: {0}")]
    Rollback(sqlx::Error),
    /// A file or directory could not be used.
    #[error("{what}: {source}")]
    Io {
        /// What was being done.
        what: String,
        /// Why it failed.
        source: std::io::Error,
    },
    /// The database holds something this version cannot read.
    #[error("the database holds unreadable data: {what}")]
    Corrupt {
        /// What.
        what: String,
    },
    /// The same event file was imported before.
    #[error(
        "{file}: this event file was already imported as event #{event_id} \
         (\"{name}\", audit entry #{audit_id}); importing it again would count its games twice\n  \
         help: to change an imported event, record a correction instead"
    )]
    DuplicateEvent {
        /// The file given now.
        file: String,
        /// The event it was imported as.
        event_id: i64,
        /// Its name.
        name: String,
        /// The audit entry of that import.
        audit_id: i64,
    },
    /// The same event file appears twice in one batch.
    #[error("{file}: the same event file as {first}, given earlier in this import")]
    DuplicateInBatch {
        /// The file refused.
        file: String,
        /// The file it repeats.
        first: String,
    },
    /// The same list file was imported before.
    #[error(
        "{file}: this list file was already imported as list #{list_id} (audit entry #{audit_id})"
    )]
    DuplicateList {
        /// The file given now.
        file: String,
        /// The list it was imported as.
        list_id: i64,
        /// The audit entry of that import.
        audit_id: i64,
    },
    /// Two rows of a list give the same player id.
    #[error("{file}:{second_line}: player id {id} is already on line {first_line}")]
    DuplicateListId {
        /// The file.
        file: String,
        /// The id.
        id: u32,
        /// Line of the first row with it.
        first_line: usize,
        /// Line of the second.
        second_line: usize,
    },
    /// Players of an event are not on any list imported so far.
    #[error(
        "{file}: {} player(s) of the event are not on the rating list: {}\n  \
         help: import a list that has them (an unrated newcomer is a list row with status unrated) \
         before the event",
        missing.len(),
        missing.iter().take(10).map(|(id, name)| format!("{id} {name}")).collect::<Vec<_>>().join(", ")
            + if missing.len() > 10 { ", …" } else { "" }
    )]
    UnknownPlayers {
        /// The event file.
        file: String,
        /// Ids and names (as the event file spells them) of the missing players.
        missing: Vec<(u32, String)>,
    },
    /// An event's player disagrees with the list on sex (a likely id mix-up).
    #[error(
        "{file}: player {id} \"{name_in_file}\" is {sex_in_file} in the event but the list has \
         {id} \"{name_on_list}\" as {sex_on_list}: is the id right?"
    )]
    PlayerMismatch {
        /// The event file.
        file: String,
        /// The id.
        id: u32,
        /// Name in the event file.
        name_in_file: String,
        /// Name on the list.
        name_on_list: String,
        /// Sex in the event file (`m`/`f`).
        sex_in_file: &'static str,
        /// Sex on the list.
        sex_on_list: String,
    },
    /// The event file could not be read as an event.
    #[error("{0}")]
    EventFile(#[from] qiyuan_formats::event::EventFileError),
    /// No such rating profile.
    #[error("{0}")]
    Profile(#[from] qiyuan_rating::ProfileError),
    /// The event is played in a game the profile does not rate.
    #[error("{file}: the event is {event_game} but profile {profile} rates {profile_game}")]
    WrongGame {
        /// The event file.
        file: String,
        /// The event's game.
        event_game: String,
        /// The profile.
        profile: String,
        /// The profile's game.
        profile_game: String,
    },
    /// An event without a last day cannot be placed in a period.
    #[error(
        "{file}: the event has no end date, so no rating period can be chosen for it\n  help: add \"end\": \"YYYY-MM-DD\""
    )]
    NoEndDate {
        /// The event file.
        file: String,
    },
    /// The event's dates fall in a period whose list is already published.
    #[error(
        "{file}: the event ends on {end}, in a period already rated and published \
         (list of {published}); it falls in no open rating period\n  \
         help: an event missed by a published list is entered as a correction, not re-rated"
    )]
    ClosedPeriod {
        /// The event file.
        file: String,
        /// Its last day.
        end: NaiveDate,
        /// The published list that closed its period.
        published: NaiveDate,
    },
    /// The event's end date lies in no period of the profile's calendar.
    #[error("{file}: the event's dates fall outside every rating period: {reason}")]
    OutsidePeriods {
        /// The event file.
        file: String,
        /// The calendar's words.
        reason: String,
    },
    /// A list date the profile's calendar does not publish on.
    #[error("{date} is not a list date of profile {profile} (its lists are published on {dates})")]
    NotAListDate {
        /// The date given.
        date: NaiveDate,
        /// The profile.
        profile: String,
        /// Its publication days, `MM-DD`.
        dates: String,
    },
    /// No list to start a period from.
    #[error(
        "no published {series} list before {date} to start the period from\n  help: import the list the period starts from (`qiyuan office import-list FILE --profile {series} --date D`) and publish it"
    )]
    NoBaseList {
        /// The list date asked for.
        date: NaiveDate,
        /// The series (profile).
        series: String,
    },
    /// The list of the previous period is not published yet.
    #[error(
        "the list of {list_date} follows the list of {previous}, which is not published yet \
         (the latest published list is of {latest})\n  \
         help: compute and publish the list of {previous} first"
    )]
    MissingList {
        /// The list date asked for.
        list_date: NaiveDate,
        /// The calendar's previous list date.
        previous: NaiveDate,
        /// The latest published list before `list_date`.
        latest: NaiveDate,
    },
    /// Nothing computed to publish.
    #[error(
        "no computed list waits to be published\n  help: run `qiyuan office period --profile P --list-date D` first"
    )]
    NothingToPublish,
    /// The rating engine refused the period.
    #[error("rating the period failed: {0}")]
    Rating(String),
    /// No such player.
    #[error("no player with id {0} in the database")]
    NoSuchPlayer(u32),
    /// The desk event was submitted to the office already.
    #[error(
        "desk event #{desk_event_id} is submitted already (submission #{submission}): the office reviews it"
    )]
    AlreadySubmitted {
        /// The desk event.
        desk_event_id: i64,
        /// The submission pending or imported.
        submission: i64,
    },
    /// The desk event is not finished: it cannot go to the office yet.
    #[error(
        "desk event #{0} is not finished: pair every round and enter every result before submitting it"
    )]
    NotFinished(i64),
    /// The desk event names no rating profile.
    #[error(
        "desk event #{0} has no rating profile: choose one in its settings before submitting it"
    )]
    NoRatingProfile(i64),
    /// Players the office would enter as new players, with no sex recorded
    /// at the desk (a rating needs it: the minimum ratings differ).
    #[error(
        "the sex of {} is not recorded at the desk and the office does not know them: record it in the event's players",
        .names.join(", ")
    )]
    SexUnknown {
        /// The players, by name.
        names: Vec<String>,
    },
    /// No such submission.
    #[error("no submission #{0}")]
    NoSuchSubmission(i64),
    /// The submission was imported or refused already.
    #[error("submission #{0} is decided already (imported or refused)")]
    NotPending(i64),
    /// No such rating list.
    #[error("no rating list #{0}")]
    NoSuchList(i64),
    /// The list is published: it never changes.
    #[error(
        "list #{0} is published: a published list never changes (record a correction in a new list)"
    )]
    NotADraft(i64),
    /// A draft's identity changes wait for a person's confirmation.
    #[error(
        "list #{list_id} changes the identity of {changes} player(s) ({first}): confirm the changes to publish it\n  \
         help: check each change in the list's preview; `qiyuan office publish --list {list_id} --confirm-identity`"
    )]
    IdentityUnconfirmed {
        /// The draft.
        list_id: i64,
        /// How many players change.
        changes: usize,
        /// The first few, `id old → new`.
        first: String,
    },
    /// A desk event that does not exist.
    #[error("no event #{0} at the desk")]
    NoSuchDeskEvent(i64),
    /// An undo that cannot be done.
    #[error("event #{event_id}: cannot undo the last import: {why}")]
    NothingToUndo {
        /// The desk event.
        event_id: i64,
        /// Why.
        why: String,
    },
    /// A game that is not in the event.
    #[error("event #{event_id}: no game #{game_id}")]
    NoSuchGame {
        /// The event.
        event_id: i64,
        /// The game id given.
        game_id: i64,
    },
    /// The result was changed by someone else since the writer read it
    /// (optimistic concurrency: the version given is not the stored one).
    #[error("{0}")]
    Conflict(Box<ResultConflict>),
    /// The desk refused the change (a rule of the event, bad data).
    #[error("{0}")]
    Desk(#[from] qiyuan_desk::DeskError),
    /// An audited operation was asked for without naming who acts: the
    /// office records an actor on every import, computation and publication.
    #[error(
        "{operation}: no actor given; the audit log must record who acted\n  \
         help: give the user's name (the web office and `qiyuan office --by` do)"
    )]
    NoActor {
        /// The operation refused (e.g. `import_event`).
        operation: &'static str,
    },
}

/// A result refused because the game changed since the writer read it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "game #{game_id} (round {round}, board {board}: {white} – {black}) was changed by {by} \
     to {} (version {version}) after you read version {expected}; \
     nothing was saved\n  help: reload the game and enter the result again if it is still wrong",
    .current.code()
)]
pub struct ResultConflict {
    /// The game.
    pub game_id: i64,
    /// Its round.
    pub round: u32,
    /// Its board.
    pub board: u32,
    /// White's (Red's) pairing number and name.
    pub white: String,
    /// Black's pairing number and name.
    pub black: String,
    /// Who made the change now stored.
    pub by: String,
    /// The result now stored.
    pub current: GameResult,
    /// The version now stored.
    pub version: i64,
    /// The version the writer had read.
    pub expected: i64,
}

/// A game as the store codes it (`xiangqi`, `chess`) in Chinese; the code
/// itself in backticks when unknown.
fn game_zh(code: &str) -> String {
    qiyuan_vocab::GameKind::from_code(code).map_or_else(
        || format!("`{code}`"),
        |g| g.label(qiyuan_vocab::Lang::Zh).to_string(),
    )
}

/// A sex as the store codes it (`m`, `f`) in Chinese.
fn sex_zh(code: &str) -> String {
    qiyuan_vocab::Sex::from_code(code)
        .map_or_else(|| format!("`{code}`"), |x| x.label(Lang::Zh).to_string())
}

impl StoreError {
    /// The message in `lang`: [`Lang::En`] is the `Display` text. The
    /// Chinese names the same file, line, list, event or submission and the
    /// way out; where the database, the file system or another program
    /// gave its own words (a driver's error, a file's), they are quoted as
    /// written, in backticks.
    ///
    /// ```
    /// use qiyuan_rating::Lang;
    /// use qiyuan_store::StoreError;
    /// let e = StoreError::NotADraft(12);
    /// assert_eq!(e.text(Lang::En), e.to_string());
    /// assert_eq!(
    ///     e.text(Lang::Zh),
    ///     "名单 #12 已公布：已公布的名单不再更改（更正请记入新名单）"
    /// );
    /// ```
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        use StoreError as E;
        if lang == Lang::En {
            return self.to_string();
        }
        match self {
            E::Connect { url, source } => format!("无法打开数据库 {url}：`{source}`"),
            E::Migrate(e) => format!("无法升级数据库结构：`{e}`"),
            E::Db(e) => format!("数据库错误：`{e}`"),
            E::Commit(e) => format!("无法将更改提交到数据库，更改未保存：`{e}`"),
            E::Rollback(e) => format!("无法在数据库中回滚更改：`{e}`"),
            E::Io { what, source } => format!("文件或文件夹无法使用（`{what}`）：`{source}`"),
            E::Corrupt { what } => format!("数据库中有本版本无法读取的数据：`{what}`"),
            E::DuplicateEvent {
                file,
                event_id,
                name,
                audit_id,
            } => format!(
                "{file}：该赛事文件已于审计记录 #{audit_id} 导入为赛事 #{event_id}（“{name}”）；再次导入会重复计算对局\n  \
                 提示：如需更改已导入的赛事，请记录更正"
            ),
            E::DuplicateInBatch { file, first } => {
                format!("{file}：与本次导入中较早的 {first} 是同一个赛事文件")
            }
            E::DuplicateList {
                file,
                list_id,
                audit_id,
            } => format!("{file}：该名单文件已于审计记录 #{audit_id} 导入为名单 #{list_id}"),
            E::DuplicateListId {
                file,
                id,
                first_line,
                second_line,
            } => format!("{file}:{second_line}：编号 {id} 已出现在第 {first_line} 行"),
            E::UnknownPlayers { file, missing } => format!(
                "{file}：赛事中有 {} 名棋手不在等级分名单上：{}{}\n  \
                 提示：请先导入包含他们的名单（无等级分的新棋手是状态为无等级分的名单行），再导入赛事",
                missing.len(),
                missing
                    .iter()
                    .take(10)
                    .map(|(id, n)| format!("{id} {n}"))
                    .collect::<Vec<_>>()
                    .join("、"),
                if missing.len() > 10 { "、…" } else { "" }
            ),
            E::PlayerMismatch {
                file,
                id,
                name_in_file,
                name_on_list,
                sex_in_file,
                sex_on_list,
            } => format!(
                "{file}：棋手 {id}“{name_in_file}”在赛事中为{}，而名单上的 {id}“{name_on_list}”为{}：编号是否有误？",
                sex_zh(sex_in_file),
                sex_zh(sex_on_list)
            ),
            E::EventFile(f) => format!("赛事文件有误：{}", f.text(lang)),
            E::Profile(e) => format!("等级分规则有误：{}", e.text(lang)),
            E::WrongGame {
                file,
                event_game,
                profile,
                profile_game,
            } => format!(
                "{file}：赛事是{}，而规则 {profile} 计算的是{}",
                game_zh(event_game),
                game_zh(profile_game)
            ),
            E::NoEndDate { file } => format!(
                "{file}：赛事没有结束日期，无法确定所属周期\n  提示：请添加 \"end\": \"YYYY-MM-DD\""
            ),
            E::ClosedPeriod {
                file,
                end,
                published,
            } => format!(
                "{file}：赛事于 {end} 结束，所属周期已计算并公布（{published} 名单），不在任何未结束的计算周期内\n  \
                 提示：错过已公布名单的赛事应作为更正录入，而不是重新计算"
            ),
            // The calendar's reason is the rating crate's words, kept as a
            // string (English only): left out of the Chinese.
            E::OutsidePeriods { file, .. } => {
                format!("{file}：赛事日期不在任何计算周期内")
            }
            E::NotAListDate {
                date,
                profile,
                dates,
            } => format!("{date} 不是规则 {profile} 的名单日期（名单公布日为 {dates}）"),
            E::NoBaseList { date, series } => format!(
                "{date} 之前没有已公布的 {series} 名单可作为周期起点\n  \
                 提示：请先导入并公布周期起点的名单（`qiyuan office import-list FILE --profile {series} --date D`）"
            ),
            E::MissingList {
                list_date,
                previous,
                latest,
            } => format!(
                "{list_date} 名单的上一份是 {previous} 名单，尚未公布（最新公布的是 {latest} 名单）\n  \
                 提示：请先计算并公布 {previous} 名单"
            ),
            E::NothingToPublish => "没有待公布的计算名单\n  \
                 提示：请先计算周期（`qiyuan office period --profile P --list-date D`）"
                .to_string(),
            // The rating engine's words, kept as a string (English only):
            // left out of the Chinese.
            E::Rating(_) => "周期计算失败：请检查该周期的名单与赛事".to_string(),
            E::NoSuchPlayer(id) => format!("数据库中没有编号为 {id} 的棋手"),
            E::AlreadySubmitted {
                desk_event_id,
                submission,
            } => format!(
                "裁判台赛事 #{desk_event_id} 已报送（报送 #{submission}），正等待审核或已导入"
            ),
            E::NotFinished(id) => {
                format!("裁判台赛事 #{id} 尚未结束：请编排完所有轮次并录入全部成绩后再报送")
            }
            E::NoRatingProfile(id) => {
                format!("裁判台赛事 #{id} 未设定等级分规则：请在赛事设置中选择后再报送")
            }
            E::SexUnknown { names } => format!(
                "{} 的性别未在裁判台登记，等级分管理也没有其记录：请在赛事的棋手信息中登记性别",
                names.join("、")
            ),
            E::NoSuchSubmission(id) => format!("没有报送 #{id}"),
            E::NotPending(id) => format!("报送 #{id} 已处理（已导入或已退回）"),
            E::NoSuchList(id) => format!("没有名单 #{id}"),
            E::NotADraft(id) => {
                format!("名单 #{id} 已公布：已公布的名单不再更改（更正请记入新名单）")
            }
            E::IdentityUnconfirmed {
                list_id,
                changes,
                first,
            } => format!(
                "名单 #{list_id} 改变了 {changes} 名棋手的身份信息（{first}）：请逐条核对并确认后再公布\n  \
                 提示：在名单预览中核对每一处改动；`qiyuan office publish --list {list_id} --confirm-identity`"
            ),
            E::NoSuchDeskEvent(id) => format!("裁判台没有编号为 {id} 的赛事"),
            E::NothingToUndo { event_id, why } => {
                let why = match why.as_str() {
                    "no import is left to undo" => "没有可撤销的导入".to_string(),
                    w => match w.strip_prefix("players of the last import are paired already: ") {
                        Some(names) => format!(
                            "该次导入的棋手已编排对局：{}",
                            names.split(", ").collect::<Vec<_>>().join("、")
                        ),
                        None => "没有可撤销的导入，或其棋手已编排对局".to_string(),
                    },
                };
                format!("裁判台赛事 #{event_id}：最近一次导入无法撤销：{why}")
            }
            E::NoSuchGame { event_id, game_id } => {
                format!("赛事 #{event_id} 没有对局 #{game_id}")
            }
            E::Conflict(c) => c.text(lang),
            E::Desk(d) => d.text(lang),
            E::NoActor { operation } => format!(
                "`{operation}`：未指明操作人，审计日志必须记录操作人\n  \
                 提示：请给出用户名（网页版等级分管理和 `qiyuan office --by` 都会给出）"
            ),
        }
    }
}

impl ResultConflict {
    /// The message in `lang`: [`Lang::En`] is the `Display` text.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.to_string();
        }
        let ResultConflict {
            game_id,
            round,
            board,
            white,
            black,
            by,
            current,
            version,
            expected,
        } = self;
        format!(
            "对局 #{game_id}（第 {round} 轮第 {board} 台：{white} – {black}）在您读取版本 \
             {expected} 之后已被 {by} 改为 {}（版本 {version}），本次未保存；\
             请刷新后如仍有误再录入",
            current.code()
        )
    }
}
