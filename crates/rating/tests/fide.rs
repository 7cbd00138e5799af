//! FIDE vectors from `testdata/rating/` (published examples and probes of
//! FIDE's calculator), every row.

mod common;

use common::*;
use qiyuan_rating::event::{Flag, rate};
use qiyuan_rating::model::*;
use qiyuan_rating::profile::Profile;
use rust_decimal::Decimal;

fn data(name: &str) -> Vec<Vec<String>> {
    let path = format!(
        "{}/../../testdata/rating/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .skip(1)
        .map(|l| l.split(',').map(|c| c.trim().to_string()).collect())
        .collect()
}

#[test]
fn single_game_every_row() {
    let fide = Profile::builtin("fide-2024").unwrap();
    let rows = data("fide-single-game.csv");
    assert_eq!(rows.len(), 24);
    for row in rows {
        let (own, opp, score, k, change) =
            (d(&row[0]), d(&row[1]), d(&row[2]), d(&row[3]), d(&row[4]));
        let (diff, _) = fide.capped_difference(own, opp);
        let p = fide.expected_fraction(diff);
        assert_eq!(k * (score - p), change, "row {row:?}");
    }
}

/// The same rows through the whole engine: a one-game event where the player
/// has the row's K by the profile's rules is only possible for K 10/20/40, so
/// those rows also go through `rate`.
#[test]
fn single_game_rows_through_rate() {
    let fide = Profile::builtin("fide-2024").unwrap();
    for row in data("fide-single-game.csv") {
        let k: u32 = row[3].parse().unwrap();
        let (own, opp) = (d(&row[0]), d(&row[1]));
        let mut a = Player::new(PlayerId(1), "a", Sex::Male, Some(own));
        a.rated_games = 100;
        match k {
            10 => a.ever_reached = Some(Decimal::from(2400).max(own)),
            20 => {}
            _ => continue,
        }
        if k == 20 && own >= Decimal::from(2400) {
            continue;
        }
        let mut b = Player::new(PlayerId(2), "b", Sex::Male, Some(opp));
        b.rated_games = 100;
        let res = match row[2].as_str() {
            "1" => "1-0",
            "0" => "0-1",
            _ => "=",
        };
        let ev = event(
            GameKind::Chess,
            EventSystem::Swiss,
            vec![a, b],
            vec![game(1, 1, 2, res)],
        );
        let r = rate(&ev, &fide).unwrap();
        assert_eq!(r.players[0].k, Some(k));
        assert_eq!(r.players[0].change, Some(d(&row[4])), "row {row:?}");
    }
}

fn first_rating(opponents: &[Decimal], results: &[Decimal]) -> qiyuan_rating::PlayerReport {
    let mut players = vec![Player::new(PlayerId(1), "new", Sex::Male, None)];
    let mut games = Vec::new();
    for (i, (&r, &s)) in opponents.iter().zip(results).enumerate() {
        let id = i as u32 + 2;
        players.push(Player::new(PlayerId(id), "opp", Sex::Male, Some(r)));
        let res = if s == Decimal::ONE {
            "1-0"
        } else if s.is_zero() {
            "0-1"
        } else {
            "="
        };
        games.push(game(i as u32 + 1, 1, id, res));
    }
    let ev = event(GameKind::Chess, EventSystem::Swiss, players, games);
    rate(&ev, &Profile::builtin("fide-2024").unwrap())
        .unwrap()
        .players
        .remove(0)
}

#[test]
fn initial_rating_every_row() {
    for row in data("fide-initial-rating.csv") {
        let opps: Vec<Decimal> = row[0].split_whitespace().map(d).collect();
        let res: Vec<Decimal> = row[1].split_whitespace().map(d).collect();
        let p = first_rating(&opps, &res);
        assert_eq!(
            p.opponents_average.unwrap().round_dp(2),
            d(&row[2]),
            "Ra {row:?}"
        );
        assert_eq!(
            p.expected_fraction.unwrap().round_dp(2),
            d(&row[3]),
            "p {row:?}"
        );
        assert_eq!(p.dp, Some(d(&row[4])), "dp {row:?}");
        assert_eq!(p.rating_after, Some(d(&row[5])), "Ru {row:?}");
        let en = p.explain(qiyuan_rating::Lang::En);
        assert!(en.contains(&format!("First rating = {}", row[5])), "{en}");
        if row[0] == "1902 1877 1884 2012 1832" {
            // (9507 + 2 × 1800) / 7 = 13107 / 7; p = (3 + 1) / 7
            assert!(
                en.contains("+ 2 × 1800) / (5 + 2) = 13107 / 7 = ≈1872.43"),
                "{en}"
            );
            assert!(en.contains("= (3 + 1) / 7 = ≈0.57 → dp = 50"), "{en}");
        }
    }
}

#[test]
fn initial_average_every_row() {
    let rows = data("fide-initial-average.csv");
    assert_eq!(rows.len(), 8);
    for row in rows {
        let (rc, w, n) = (d(&row[0]), d(&row[1]), row[2].parse::<usize>().unwrap());
        // w points over n games: whole wins, a draw for the half, losses.
        let mut res = Vec::new();
        let mut left = w;
        for _ in 0..n {
            let s = if left >= Decimal::ONE {
                Decimal::ONE
            } else if left > Decimal::ZERO {
                left
            } else {
                Decimal::ZERO
            };
            left -= s;
            res.push(s);
        }
        let p = first_rating(&vec![rc; n], &res);
        assert_eq!(
            p.opponents_average.unwrap().round_dp(2),
            d(&row[3]),
            "Ra {row:?}"
        );
        assert_eq!(
            p.expected_fraction.unwrap().round_dp(2),
            d(&row[4]),
            "p {row:?}"
        );
        assert_eq!(p.dp, Some(d(&row[5])), "dp {row:?}");
        assert_eq!(p.rating_after, Some(d(&row[6])), "Ru {row:?}");
        if d(&row[6]) == d("2200") {
            assert!(
                p.flags
                    .iter()
                    .any(|f| matches!(f, Flag::FirstRatingCapped { .. }))
            );
        }
    }
}

#[test]
fn initial_rating_needs_five_games() {
    // 4 games only (8.2: at least 5): not yet rated.
    let p = first_rating(&[d("2000"); 4], &[d("1"), d("1"), d("0"), d("0")]);
    assert_eq!(p.rating_after, None);
    assert!(p.flags.contains(&Flag::NotYetRated {
        games: 4,
        minimum: 5
    }));
}
