//! The champion never loses rating (冠军不降分).
//!
//! Articles implemented here: cca-chess 八(十四) (在个人赛中，冠军（包括对抗赛的
//! 胜者）不降等级分，即负分作零计算，在全国团体赛中，各台次得分率最高者也同样
//! 对待); cxa-legacy 八 (凡计算等级分的比赛中，个人冠军不降分). The profile's
//! `[champion] protected` turns it on.

use rust_decimal::Decimal;

use crate::event::{Flag, PlayerReport};
use crate::games::Round;
use crate::model::{Event, EventSystem, PlayerId};
use crate::profile::Profile;

/// The champion of an individual event and the best player of each board of
/// a team event, when the profile protects them.
pub(crate) fn protected_players(
    event: &Event,
    profile: &Profile,
    rounds: &[Vec<Round>],
    scores: &[Decimal],
) -> (Option<PlayerId>, Vec<PlayerId>) {
    if !profile.champion.protected {
        return (None, Vec::new());
    }
    if event.system() == EventSystem::Team {
        (None, find_board_champions(event.players(), rounds))
    } else {
        (find_champion(event, scores), Vec::new())
    }
}

/// In a team event, the player with the best score fraction on each board
/// (unique), for boards that players' data give.
fn find_board_champions(players: &[crate::model::Player], raws: &[Vec<Round>]) -> Vec<PlayerId> {
    let mut boards: Vec<u32> = players.iter().filter_map(|p| p.board).collect();
    boards.sort_unstable();
    boards.dedup();
    let mut out = Vec::new();
    for b in boards {
        let mut best: Option<(Decimal, usize, bool)> = None;
        for (i, p) in players.iter().enumerate() {
            let lines = || {
                raws[i]
                    .iter()
                    .filter(|x| x.opp.is_some() && x.score.is_some())
            };
            let games = lines().count();
            let points: Decimal = lines().filter_map(|x| x.score).sum();
            if p.board != Some(b) || games == 0 {
                continue;
            }
            let fraction = points / Decimal::from(games as u64);
            best = match best {
                Some((f, _, _)) if fraction < f => best,
                Some((f, j, _)) if fraction == f => Some((f, j, true)),
                _ => Some((fraction, i, false)),
            };
        }
        if let Some((_, i, false)) = best {
            out.push(players[i].id);
        }
    }
    out
}

/// The champion: the player ranked 1 when ranks are given, else the unique
/// top scorer.
fn find_champion(event: &Event, scores: &[Decimal]) -> Option<PlayerId> {
    let players = event.players();
    if players.iter().any(|p| p.rank.is_some()) {
        let mut firsts = players.iter().filter(|p| p.rank == Some(1));
        let first = firsts.next()?;
        return firsts.next().is_none().then_some(first.id);
    }
    let best = scores.iter().copied().max()?;
    let mut top = (0..players.len()).filter(|&i| scores[i] == best);
    let first = top.next()?;
    top.next().is_none().then_some(players[first].id)
}

pub(crate) fn protect_champion(
    profile: &Profile,
    champions: &[PlayerId],
    report: &mut PlayerReport,
    flags: &mut Vec<Flag>,
) {
    if profile.champion.protected
        && champions.contains(&report.id)
        && let Some(c) = report
            .change
            .filter(|c| c.is_sign_negative() && !c.is_zero())
    {
        flags.push(Flag::ChampionProtected { change: c });
        report.change = Some(Decimal::ZERO);
    }
}
