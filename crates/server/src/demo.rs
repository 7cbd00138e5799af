//! Demo data (演示数据): what `qiyuan serve` shows on a fresh database, so a
//! newcomer sees a working site at once.
//!
//! - the demo account: administrator [`DEMO_USER`] with password
//!   [`DEMO_PASSWORD`] (printed at start-up, written in the README);
//! - a small rating list of invented players ([`DEMO_LIST_CSV`]), imported
//!   into the rating office as any list file would be;
//! - demo events of the desk ([`seed_demo_events`]).
//!
//! Seeded only by `qiyuan serve --demo` (an empty database otherwise opens
//! the first-run set-up page). Seeding is idempotent: what exists already is
//! left alone, and what an interrupted seed left half-written is done again.

use anyhow::Context;
use chrono::NaiveDate;
use qiyuan_store::accounts::Role;

use crate::AppState;
use crate::auth::hash_password_async;

/// The demo administrator's username.
pub const DEMO_USER: &str = "demo";
/// The demo administrator's password (documented: the demo is public).
pub const DEMO_PASSWORD: &str = "demo-qiyuan";
/// The file name the demo list is imported under.
pub const DEMO_LIST_FILE: &str = "demo-list.csv";
/// The date of the demo list.
pub const DEMO_LIST_DATE: &str = "2025-01-01";
/// The series (rating profile) of the demo list.
pub const DEMO_LIST_SERIES: &str = "cxa-2019";

/// The demo rating list (the list CSV format of `docs/rating-list.md`):
/// invented players, 24 rated and 2 unrated.
pub const DEMO_LIST_CSV: &str = "\
id,name,sex,birth_year,unit,titles,rating,rated_games
1,王振国,m,1985,北京棋院,GM:2010-05-01,2562,420
2,李慧敏,f,1992,上海棋院,WGM:2015-06-01,2431,260
3,陈志远,m,1990,广东象棋队,IM:2014-03-01,2488,310
4,赵晓峰,m,1998,四川棋院,,2405,150
5,刘雨桐,f,2001,浙江棋院,,2336,95
6,孙明哲,m,1979,湖北棋院,IM:2008-09-01,2452,500
7,周建华,m,1988,江苏棋院,,2390,210
8,吴佳怡,f,2003,北京棋院,,2288,60
9,郑浩然,m,1995,上海棋院,,2371,180
10,黄思远,m,2000,广东象棋队,,2344,120
11,何静怡,f,1997,四川棋院,,2302,140
12,马天翼,m,2004,浙江棋院,,2255,45
13,林子豪,m,1993,湖北棋院,,2318,160
14,高雅琴,f,1999,江苏棋院,,2276,90
15,罗成龙,m,1986,北京棋院,,2359,330
16,梁晓东,m,2002,上海棋院,,2233,50
17,Anna Berg,f,1994,Stockholm SK,,2215,130
18,David Mills,m,1989,London Chess Club,,2290,240
19,Elena Costa,f,1996,Lisboa CX,,2184,110
20,Jonas Weber,m,2000,SK München,,2247,85
21,Marta Nowak,f,1991,KS Kraków,,2203,170
22,Pierre Lambert,m,1983,Club Lyon,,2268,300
23,Sofia Rossi,f,2002,Circolo Milano,,2161,55
24,Tom Jansen,m,1998,Schaakclub Utrecht,,2232,140
25,许文杰,m,2008,北京棋院,,,0
26,Lena Fischer,f,2007,SK München,,,0
";

/// Seeds the demo data (account, rating list, events); what exists is kept.
///
/// # Errors
/// A database error, or demo data the readers refuse (a bug).
pub async fn seed_demo(state: &AppState) -> anyhow::Result<()> {
    seed_demo_account(state).await?;
    seed_demo_list(state).await?;
    seed_demo_events(state).await?;
    Ok(())
}

/// Whether the demo account exists with its documented password (then
/// `serve` prints it at start-up).
///
/// # Errors
/// A database error.
pub async fn demo_account_open(state: &AppState) -> anyhow::Result<bool> {
    Ok(match state.store.user_by_name(DEMO_USER).await? {
        Some((_, hash)) => {
            crate::auth::verify_password_async(Some(hash), DEMO_PASSWORD.to_string()).await
        }
        None => false,
    })
}

async fn seed_demo_account(state: &AppState) -> anyhow::Result<()> {
    if state.store.user_by_name(DEMO_USER).await?.is_some() {
        return Ok(());
    }
    let hash = hash_password_async(DEMO_PASSWORD.to_string())
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    state
        .store
        .create_user(DEMO_USER, &hash, Role::Admin)
        .await?;
    Ok(())
}

/// The demo list, imported and published. A draft of it left by a first
/// run stopped between the import and the publication is published now
/// (the seed's steps each commit on their own; each is repaired here
/// rather than run twice).
async fn seed_demo_list(state: &AppState) -> anyhow::Result<()> {
    let date = NaiveDate::parse_from_str(DEMO_LIST_DATE, "%Y-%m-%d").context("demo list date")?;
    let lists = state.store.lists().await?;
    if lists.iter().any(|l| l.status == "published") {
        return Ok(());
    }
    if let Some(draft) = lists.iter().find(|l| {
        l.status == "draft" && l.list_date == date && l.series.as_deref() == Some(DEMO_LIST_SERIES)
    }) {
        state.store.publish_list(draft.id, true, DEMO_USER).await?;
        return Ok(());
    }
    let read = qiyuan_formats::list::read_list_rows(
        DEMO_LIST_CSV.as_bytes(),
        DEMO_LIST_FILE,
        &qiyuan_formats::sheet::Limits::list(),
    )
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    anyhow::ensure!(read.refused.is_empty(), "the demo list refuses rows");
    let entries: Vec<qiyuan_store::ListEntry> = read.rows.into_iter().map(Into::into).collect();
    // The demo list is the cxa-2019 series' starting list, published.
    let draft = state
        .store
        .import_list(
            DEMO_LIST_FILE,
            DEMO_LIST_CSV.as_bytes(),
            DEMO_LIST_SERIES,
            date,
            &entries,
            Default::default(),
            &|_| {},
            DEMO_USER,
        )
        .await?;
    state
        .store
        .publish_list(draft.list_id, true, DEMO_USER)
        .await?;
    Ok(())
}

/// The demo events of the arbiter's desk (a finished xiangqi Swiss, a chess
/// round robin in progress) of `qiyuan_desk::demo`, stored through the
/// desk store as if arbiters had run them. An event already there with all
/// its players and rounds is kept; one left half-seeded (the server
/// stopped while seeding) is hidden and seeded again, so an interrupted
/// first run repairs itself on the next `--demo`.
///
/// # Errors
/// A database error.
pub async fn seed_demo_events(state: &AppState) -> anyhow::Result<()> {
    use qiyuan_desk::import::ImportedPlayer;
    use qiyuan_desk::{Board, ProposedRound};
    use qiyuan_tournament::model::GameResult;
    const BY: &str = DEMO_USER;
    use qiyuan_store::desk::Visibility;
    let store = &state.store;
    let events = [
        qiyuan_desk::demo::xiangqi_swiss().map_err(|e| anyhow::anyhow!("{e}"))?,
        qiyuan_desk::demo::chess_round_robin().map_err(|e| anyhow::anyhow!("{e}"))?,
    ];
    let stored = store.list_events().await?;
    // Each event is stored the way an arbiter would have run it: the
    // players with their pairing numbers, then round by round the pairing,
    // every result entered, and the round published.
    for event in &events {
        let name = &event.settings().name;
        let mut complete = false;
        for s in stored
            .iter()
            .filter(|s| &s.name == name && s.visibility != Visibility::Hidden)
        {
            if s.players as usize == event.players().len()
                && s.rounds_paired as usize == event.event().rounds().len()
            {
                complete = true;
            } else {
                store.set_visibility(s.id, Visibility::Hidden, BY).await?;
            }
        }
        if complete {
            continue;
        }
        let id = store.create_event(event.settings(), BY).await?;
        let players: Vec<ImportedPlayer> = event
            .players()
            .into_iter()
            .enumerate()
            .map(|(i, p)| ImportedPlayer {
                line: i + 1,
                number: Some(p.id.0),
                info: p.info,
            })
            .collect();
        store
            .import_players(id, &players, BY)
            .await
            .with_context(|| format!("demo event {name}: players"))?;
        for (i, round) in event.event().rounds().iter().enumerate() {
            let proposed = ProposedRound {
                round: i as u32 + 1,
                boards: round
                    .games
                    .iter()
                    .map(|g| Board {
                        white: g.white,
                        black: g.black,
                    })
                    .collect(),
                byes: round.byes.clone(),
            };
            let saved = store
                .save_round(id, &proposed, BY)
                .await
                .with_context(|| format!("demo event {name}: round {}", proposed.round))?;
            for (stored, game) in saved.games.iter().zip(&round.games) {
                if game.result != GameResult::Pending {
                    store
                        .set_result(id, stored.id, game.result, stored.version, BY)
                        .await?;
                }
            }
            store.publish_round(id, proposed.round, true, BY).await?;
        }
    }
    Ok(())
}
