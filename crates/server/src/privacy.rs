//! What of a desk player anonymous readers may see.
//!
//! A player's birth date, national id number and contact details are the
//! arbiter's to know: the public pages, the API's answers to readers who
//! do not run the event and anything offered for download from a public
//! page are built from [`PublicPlayer`], which has no field for them. The
//! year of birth is shown only when the organiser chose so
//! ([`EventSettings::public_birth_year`]).

use qiyuan_desk::prelude::*;
use rust_decimal::Decimal;
use serde::Serialize;

/// A desk player as the public sees him (the shape of
/// [`qiyuan_desk::event::DeskPlayer`], without what is private).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PublicPlayer {
    /// Pairing number (序号).
    pub id: PlayerId,
    /// What may be shown of him.
    pub info: PublicInfo,
    /// First round played (late entries: later than 1).
    pub first_round: u32,
    /// Withdrew after this round.
    pub withdrawn_after: Option<u32>,
}

/// The public part of a [`PlayerInfo`]: no birth date, no national id.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PublicInfo {
    /// Name as printed.
    pub name: String,
    /// Rating, if rated.
    pub rating: Option<u32>,
    /// Title.
    pub title: Option<String>,
    /// Unit or club (单位).
    pub club: Option<String>,
    /// Federation.
    pub federation: Option<String>,
    /// Sex.
    pub sex: Option<Sex>,
    /// FIDE id (public in FIDE's own lists).
    pub fide_id: Option<String>,
    /// Year of birth, only when the organiser publishes it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub birth_year: Option<i32>,
    /// Valid games already on the rating list (they decide K).
    pub rated_games: Option<u32>,
    /// Rated events so far.
    pub rated_events: Option<u32>,
    /// Highest rating ever reached.
    pub ever_reached: Option<Decimal>,
}

/// The year of birth of `info` the public may see under `settings`.
pub fn public_birth_year(settings: &EventSettings, info: &PlayerInfo) -> Option<i32> {
    if settings.public_birth_year {
        info.birth_year()
    } else {
        None
    }
}

/// Every player of `desk` as the public sees him.
pub fn public_players(desk: &DeskEvent) -> Vec<PublicPlayer> {
    let settings = desk.settings();
    desk.players()
        .into_iter()
        .map(|p| PublicPlayer {
            id: p.id,
            info: PublicInfo {
                birth_year: public_birth_year(settings, &p.info),
                name: p.info.name,
                rating: p.info.rating,
                title: p.info.title,
                club: p.info.club,
                federation: p.info.federation,
                sex: p.info.sex,
                fide_id: p.info.fide_id,
                rated_games: p.info.rated_games,
                rated_events: p.info.rated_events,
                ever_reached: p.info.ever_reached,
            },
            first_round: p.first_round,
            withdrawn_after: p.withdrawn_after,
        })
        .collect()
}
