//! Which games count (§1.4 of the regulations' reading; the part of each
//! regulation that decides N and W of the 等级分计算表).
//!
//! Articles implemented here:
//! - cxa-2019 第八条 (W 含弃权比分, not games between two unrated players),
//!   第十二条 (a rated player's games all valid, 轮空除外);
//! - cca-chess 八(六)(七) (round robins: every game; Swiss, team,
//!   Scheveningen, matches: only games against rated opponents; an unrated
//!   player needs 4 games against rated players in the event), 八(十一) (an
//!   unrated player who scored 0 voids the games against them), 八(十二)
//!   (unplayed points and games against a computer never count);
//! - cxa-legacy 九 (the same rules for Swiss-style events and round robins);
//! - fide-2024 4.2, 8.2.2.
//!
//! The profile's `[games]` section chooses among them.

use rust_decimal::Decimal;

use crate::event::{Colour, LineKind, NotCounted};
use crate::model::{Event, GameResult, Pairing, PlayerId};
use crate::profile::{Profile, RatedVsUnrated, UnratedRule, ZeroScoreVoid};
use crate::unrated::Standing;

/// One round of a player, from the pairings.
pub(crate) struct Round {
    pub(crate) round: u32,
    pub(crate) opp: Option<usize>,
    pub(crate) colour: Option<Colour>,
    pub(crate) kind: LineKind,
    pub(crate) score: Option<Decimal>,
}

/// Every player's rounds, in round order (the rows of the player's card).
pub(crate) fn player_rounds(event: &Event) -> Vec<Vec<Round>> {
    let np = event.players().len();
    // A player appears at most once a round (checked by `Event::new`).
    let most = event.rounds() as usize;
    let mut raws: Vec<Vec<Round>> = (0..np).map(|_| Vec::with_capacity(most)).collect();
    // The players by id, searched for every game: cheaper than the event's
    // hashed index at two lookups a game.
    let mut by_id: Vec<(PlayerId, usize)> = event
        .players()
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id, i))
        .collect();
    by_id.sort_unstable();
    let idx = |id: PlayerId| {
        let k = by_id
            .binary_search_by_key(&id, |&(id, _)| id)
            .expect("validated by Event::new");
        by_id[k].1
    };
    for pairing in event.pairings() {
        match *pairing {
            Pairing::Game {
                round,
                white,
                black,
                result,
            } => {
                let (w, b) = (idx(white), idx(black));
                let ws = result.white_score();
                let (wk, bk) = match result {
                    GameResult::WhiteWins | GameResult::Draw | GameResult::BlackWins => {
                        (LineKind::Played, LineKind::Played)
                    }
                    GameResult::WhiteForfeitWin => (LineKind::ForfeitWin, LineKind::ForfeitLoss),
                    GameResult::BlackForfeitWin => (LineKind::ForfeitLoss, LineKind::ForfeitWin),
                    // A pending game is not in a rated event (Event::new);
                    // like a double forfeit, it would not be a game.
                    GameResult::DoubleForfeit | GameResult::Pending => {
                        (LineKind::DoubleForfeit, LineKind::DoubleForfeit)
                    }
                };
                raws[w].push(Round {
                    round,
                    opp: Some(b),
                    colour: Some(Colour::White),
                    kind: wk,
                    score: ws,
                });
                raws[b].push(Round {
                    round,
                    opp: Some(w),
                    colour: Some(Colour::Black),
                    kind: bk,
                    score: ws.map(|s| Decimal::ONE - s),
                });
            }
            Pairing::Bye {
                round,
                player,
                kind,
            } => {
                let score = kind.score();
                raws[idx(player)].push(Round {
                    round,
                    opp: None,
                    colour: None,
                    kind: LineKind::Bye(kind),
                    score: Some(score),
                });
            }
        }
    }
    for r in &mut raws {
        r.sort_by_key(|x| x.round);
    }
    raws
}

/// Points in the event, byes and forfeits included (standings, champion).
pub(crate) fn event_scores(rounds: &[Vec<Round>]) -> Vec<Decimal> {
    rounds
        .iter()
        .map(|r| r.iter().filter_map(|x| x.score).sum())
        .collect()
}

/// cca-chess 八(十一), cxa-legacy 九: which unrated players "scored 0" and so
/// void the games against them. An unrated player scored 0 when they played
/// games over the board and won no point in them (Choice: byes and
/// forfeits do not rescue them).
pub(crate) fn zero_score_voided(
    profile: &Profile,
    rr: bool,
    standing: &[Standing],
    rounds: &[Vec<Round>],
) -> Vec<bool> {
    let zero_void = match profile.games.unrated_zero_score_voids {
        ZeroScoreVoid::Never => false,
        ZeroScoreVoid::RoundRobin => rr,
        ZeroScoreVoid::Always => true,
    };
    (0..rounds.len())
        .map(|i| {
            zero_void
                && !standing[i].counts_as_rated()
                && rounds[i].iter().any(|x| x.kind == LineKind::Played)
                && rounds[i]
                    .iter()
                    .filter(|x| x.kind == LineKind::Played)
                    .all(|x| x.score == Some(Decimal::ZERO))
        })
        .collect()
}

/// For every round of every player: the opponent's index when the game
/// counts, else why it does not.
pub(crate) fn decide(
    event: &Event,
    profile: &Profile,
    rr: bool,
    standing: &[Standing],
    voided: &[bool],
    rounds: &[Vec<Round>],
) -> Vec<Vec<Result<usize, NotCounted>>> {
    let players = event.players();
    let decide = |i: usize, x: &Round| -> Result<usize, NotCounted> {
        let j = match (x.kind, x.opp) {
            (LineKind::Bye(_), _) | (_, None) => return Err(NotCounted::Bye),
            (LineKind::DoubleForfeit, _) => return Err(NotCounted::DoubleForfeit),
            (_, Some(j)) => j,
        };
        if matches!(x.kind, LineKind::ForfeitWin | LineKind::ForfeitLoss)
            && !profile.games.unplayed_count
        {
            return Err(NotCounted::Unplayed);
        }
        // cca-chess 八(十二): 与国际象棋电脑比赛的成绩也不能获得等级分和称号.
        if players[i].computer || players[j].computer {
            return Err(NotCounted::Computer);
        }
        let (ri, rj) = (standing[i].counts_as_rated(), standing[j].counts_as_rated());
        if !ri && !rj {
            return Err(NotCounted::BothUnrated);
        }
        if voided[i] {
            return Err(NotCounted::ScoredZero);
        }
        if voided[j] {
            return Err(NotCounted::OpponentScoredZero);
        }
        if ri && !rj {
            match profile.games.rated_vs_unrated {
                RatedVsUnrated::Count => {}
                RatedVsUnrated::RoundRobinOnly if rr => {}
                RatedVsUnrated::RoundRobinOnly | RatedVsUnrated::Never => {
                    return Err(NotCounted::OpponentUnrated);
                }
            }
        }
        Ok(j)
    };
    let np = players.len();
    let mut decisions: Vec<Vec<Result<usize, NotCounted>>> = (0..np)
        .map(|i| rounds[i].iter().map(|x| decide(i, x)).collect())
        .collect();
    // cca-chess 八(七): an unrated player needs this many games against rated
    // players in a Swiss-style event.
    let u = &profile.unrated;
    if u.rule == UnratedRule::Performance && !rr && u.min_games_in_event > 0 {
        for i in 0..np {
            if standing[i].counts_as_rated() {
                continue;
            }
            let n = decisions[i].iter().filter(|d| d.is_ok()).count() as u32;
            if n > 0 && n < u.min_games_in_event {
                for d in decisions[i].iter_mut().filter(|d| d.is_ok()) {
                    *d = Err(NotCounted::TooFewRatedOpponents);
                }
            }
        }
    }
    decisions
}

/// N and W of a player: the games that count and the points in them.
pub(crate) fn counted(rounds: &[Round], decisions: &[Result<usize, NotCounted>]) -> (u32, Decimal) {
    let mut n = 0;
    let mut w = Decimal::ZERO;
    for (x, d) in rounds.iter().zip(decisions) {
        if d.is_ok() {
            n += 1;
            w += x.score.unwrap_or_default();
        }
    }
    (n, w)
}
