//! The demo events of `qiyuan serve --demo`, built as values: a finished
//! xiangqi Swiss and a chess round robin in progress. Results are drawn from
//! a fixed seed (the same events every time) and every round is paired by
//! the real engines, round by round.

use chrono::NaiveDate;
use qiyuan_swiss::generator::SplitMix64 as Rng;
use qiyuan_tournament::model::{GameResult, Sex};

use crate::event::{DeskEvent, PlayerInfo};
use crate::settings::EventSettings;
use qiyuan_vocab::GameKind;

/// A result drawn from the ratings: White's expected score by the logistic
/// Elo curve, a third of the games drawn.
fn draw_result(rng: &mut Rng, white: Option<u32>, black: Option<u32>) -> GameResult {
    let (w, b) = (
        f64::from(white.unwrap_or(1800)),
        f64::from(black.unwrap_or(1800)),
    );
    let expected = 1.0 / (1.0 + 10f64.powf((b - w) / 400.0));
    let x = rng.unit();
    let draw = 0.32;
    if x < draw {
        GameResult::Draw
    } else if rng.unit() < expected {
        GameResult::WhiteWins
    } else {
        GameResult::BlackWins
    }
}

fn date(y: i32, m: u32, d: u32) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(y, m, d)
}

/// Plays `rounds` rounds: pair, apply, draw every result.
fn play(e: &mut DeskEvent, rounds: u32, rng: &mut Rng) -> Result<(), crate::DeskError> {
    for _ in 0..rounds {
        let p = e.pair_next_round()?;
        let r = e.apply_round(&p)?;
        for (i, b) in p.boards.iter().enumerate() {
            let wr = e.event().player(b.white).and_then(|p| p.rating);
            let br = e.event().player(b.black).and_then(|p| p.rating);
            let res = draw_result(rng, wr, br);
            e.set_result(r, i + 1, res, "")?;
        }
    }
    Ok(())
}

/// A finished xiangqi Swiss: 16 players, 7 rounds, 2/1/0, 对手分 tie-breaks,
/// rated under cxa-2019.
pub fn xiangqi_swiss() -> Result<DeskEvent, crate::DeskError> {
    let mut s = EventSettings::swiss("2026 棋院杯象棋公开赛", GameKind::Xiangqi, 7);
    s.rating_profile = Some("cxa-2019".into());
    s.start = date(2026, 5, 1);
    s.end = date(2026, 5, 4);
    s.round_dates = [1, 1, 2, 2, 3, 3, 4]
        .iter()
        .filter_map(|&d| date(2026, 5, d))
        .collect();
    s.place = Some("杭州".into());
    s.chief_arbiter = Some("周裁判".into());
    s.arbiters = vec!["吴副裁判".into()];
    let mut e = DeskEvent::new(s)?;
    let players: [(&str, u32, &str, Sex); 16] = [
        ("王天一", 2650, "杭州", Sex::Male),
        ("郑惟桐", 2630, "成都", Sex::Male),
        ("许银川", 2600, "广东", Sex::Male),
        ("赵鑫鑫", 2580, "浙江", Sex::Male),
        ("洪智", 2560, "湖北", Sex::Male),
        ("蒋川", 2540, "北京", Sex::Male),
        ("孟辰", 2520, "四川", Sex::Male),
        ("唐丹", 2500, "北京", Sex::Female),
        ("王琳娜", 2470, "上海", Sex::Female),
        ("谢靖", 2450, "上海", Sex::Male),
        ("汪洋", 2430, "湖北", Sex::Male),
        ("陈幸琳", 2400, "广东", Sex::Female),
        ("孙勇征", 2380, "上海", Sex::Male),
        ("刘欢", 2350, "北京", Sex::Female),
        ("黄竹风", 2320, "浙江", Sex::Male),
        ("左文静", 2300, "湖北", Sex::Female),
    ];
    for (name, rating, club, sex) in players {
        e.add_player(PlayerInfo::new(name).rating(rating).club(club).sex(sex))?;
    }
    e.seed_by_rating()?;
    let mut rng = Rng::new(20_260_501);
    play(&mut e, 7, &mut rng)?;
    Ok(e)
}

/// A chess round robin in progress: 8 players, 4 of its 7 rounds played,
/// rated under cca-chess.
pub fn chess_round_robin() -> Result<DeskEvent, crate::DeskError> {
    let mut s = EventSettings::round_robin("2026 城市国际象棋邀请赛", GameKind::Chess, 1);
    s.rating_profile = Some("cca-chess".into());
    s.start = date(2026, 6, 10);
    s.end = date(2026, 6, 16);
    s.round_dates = (10..=16).filter_map(|d| date(2026, 6, d)).collect();
    s.place = Some("北京".into());
    s.chief_arbiter = Some("李裁判".into());
    let mut e = DeskEvent::new(s)?;
    let players: [(&str, u32, Sex); 8] = [
        ("丁立人", 2720, Sex::Male),
        ("居文君", 2560, Sex::Female),
        ("韦奕", 2700, Sex::Male),
        ("卜祥志", 2600, Sex::Male),
        ("谭中怡", 2500, Sex::Female),
        ("余泱漪", 2620, Sex::Male),
        ("雷挺婕", 2480, Sex::Female),
        ("王皓", 2680, Sex::Male),
    ];
    for (name, rating, sex) in players {
        e.add_player(PlayerInfo::new(name).rating(rating).sex(sex))?;
    }
    let mut rng = Rng::new(20_260_610);
    play(&mut e, 4, &mut rng)?;
    Ok(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demo_events_are_what_they_say() {
        let x = xiangqi_swiss().unwrap();
        assert_eq!(x.event().players().len(), 16);
        assert_eq!(x.rounds_paired(), 7);
        assert!(x.is_finished());
        // 16 players, no bye: 8 boards a round, every pair at most once.
        let mut pairs = std::collections::HashSet::new();
        for r in x.event().rounds() {
            assert_eq!(r.games.len(), 8);
            for g in &r.games {
                assert!(pairs.insert((g.white.min(g.black), g.white.max(g.black))));
            }
        }
        let c = chess_round_robin().unwrap();
        assert_eq!((c.rounds_paired(), c.total_rounds()), (4, 7));
        assert!(!c.is_finished());
        assert_eq!(c.standings(None).unwrap().after_round, 4);
    }
}
