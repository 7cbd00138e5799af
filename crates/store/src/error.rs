//! Why the office refused or failed.

use chrono::NaiveDate;

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
     to {current} (version {version}) after you read version {expected}; \
     nothing was saved\n  help: reload the game and enter the result again if it is still wrong"
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
    pub current: String,
    /// The version now stored.
    pub version: i64,
    /// The version the writer had read.
    pub expected: i64,
}
