//! Tie-break values against the FIDE Tie-Break Server's output for every
//! tournament of `shared/data/swiss/` (reference values in
//! `shared/data/tiebreaks/`). The TRF player lines are read here with a
//! minimal fixed-column reader so that the engine is checked independently of
//! the `qiyuan-formats` TRF parser (which has its own acceptance test).

use std::collections::BTreeMap;

use qiyuan_tournament::model::*;
use qiyuan_tournament::tiebreak::parse_list;
use qiyuan_tournament::{StandingsConfig, compute_standings};
use rust_decimal::Decimal;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data");

/// A player line: start number, rating, (opponent, colour, result) per round.
type Cells = (u32, Option<u32>, Vec<(u32, char, char)>);

/// Reads a TRF: `(event, rounds with results, total rounds)`.
fn read_trf(text: &str) -> (Event, u32) {
    let mut lines = Vec::new();
    let mut declared = None;
    for line in text.lines() {
        if line.starts_with("001") {
            lines.push(line.to_string());
        } else if let Some(r) = line
            .strip_prefix("142 ")
            .or_else(|| line.strip_prefix("XXR "))
        {
            declared = r.trim().parse::<u32>().ok();
        }
    }
    let mut cells: Vec<Cells> = Vec::new();
    for l in &lines {
        let id: u32 = l[4..8].trim().parse().unwrap();
        let rating = l
            .get(48..52)
            .and_then(|s| s.trim().parse::<u32>().ok())
            .filter(|&r| r > 0);
        let mut rounds = Vec::new();
        let mut pos = 91;
        while pos + 8 <= l.len() {
            let c = &l[pos..(pos + 10).min(l.len())];
            let opp: u32 = c[0..4].trim().parse().unwrap_or(0);
            let colour = c.as_bytes()[5] as char;
            let res = c.as_bytes()[7] as char;
            rounds.push((opp, colour, res));
            pos += 10;
        }
        cells.push((id, rating, rounds));
    }
    let played = cells
        .iter()
        .map(|c| c.2.iter().rposition(|x| x.2 != ' ').map_or(0, |i| i + 1))
        .max()
        .unwrap_or(0) as u32;
    let total = declared.unwrap_or(played);
    let mut e = Event::new(EventKind::Swiss, total);
    for (id, rating, _) in &cells {
        let mut p = Player::new(*id, format!("P{id}"));
        p.rating = *rating;
        e.add_player(p).unwrap();
    }
    for r in 0..played as usize {
        let round = e.add_round();
        for (id, _, rs) in &cells {
            let Some(&(opp, colour, res)) = rs.get(r) else {
                continue;
            };
            if opp == 0 {
                let kind = match res {
                    'U' => ByeKind::PairingAllocated,
                    'F' => ByeKind::FullPoint,
                    'H' => ByeKind::HalfPoint,
                    'Z' | '-' => ByeKind::ZeroPoint,
                    _ => ByeKind::Absent,
                };
                e.add_bye(round, PlayerId(*id), kind).unwrap();
            } else if colour == 'w' {
                let opp_res = cells.iter().find(|c| c.0 == opp).unwrap().2[r].2;
                let result = match (res, opp_res) {
                    ('1', _) => GameResult::WhiteWins,
                    ('0', _) => GameResult::BlackWins,
                    ('=', _) => GameResult::Draw,
                    ('+', _) => GameResult::WhiteForfeitWin,
                    ('-', '+') => GameResult::BlackForfeitWin,
                    ('-', '-') => GameResult::DoubleForfeit,
                    other => panic!("result {other:?}"),
                };
                e.add_game(round, Game::new(*id, opp, result)).unwrap();
            }
        }
    }
    (e, played)
}

fn check_dir(dir: &str) -> (usize, usize, BTreeMap<String, usize>) {
    let cols = "BH,BH/C1,BH/M1,SB,PS,WIN,WON,BPG,BWG,REP,ARO,TPR,PTP,KS,AOB,FB";
    let tbs = parse_list(cols).unwrap();
    let mut files = 0;
    let mut compared = 0;
    let mut mismatches: BTreeMap<String, usize> = BTreeMap::new();
    let mut entries: Vec<_> = std::fs::read_dir(format!("{DATA}/swiss/{dir}"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for trf in entries {
        let name = trf.file_stem().unwrap().to_string_lossy().to_string();
        let (event, played) = read_trf(&std::fs::read_to_string(&trf).unwrap());
        let csv = std::fs::read_to_string(format!("{DATA}/tiebreaks/{dir}/{name}.csv")).unwrap();
        let mut lines = csv.lines().filter(|l| !l.starts_with('#'));
        let header: Vec<&str> = lines.next().unwrap().split(',').collect();
        assert_eq!(header[3..].join(","), cols);
        let cfg = StandingsConfig {
            tiebreaks: tbs.clone(),
            after_round: Some(played),
            ..Default::default()
        };
        let s = compute_standings(&event, &cfg).unwrap();
        let rank_cfg = StandingsConfig {
            tiebreaks: parse_list("BH/C1,BH,SB,DE,WIN").unwrap(),
            after_round: Some(played),
            ..Default::default()
        };
        let ranked = compute_standings(&event, &rank_cfg).unwrap();
        for line in lines {
            let f: Vec<&str> = line.split(',').collect();
            let id = PlayerId(f[0].parse().unwrap());
            let row = s.row(id).unwrap();
            let pts: Decimal = f[1].parse().unwrap();
            if row.points != pts {
                *mismatches.entry("points".into()).or_default() += 1;
            }
            let rank: u32 = f[2].parse().unwrap();
            if ranked.row(id).unwrap().rank != rank {
                *mismatches.entry("rank".into()).or_default() += 1;
                eprintln!(
                    "{dir}/{name} player {id}: rank {} expected {rank}",
                    ranked.row(id).unwrap().rank
                );
            }
            for (k, tb) in tbs.iter().enumerate() {
                let want = f[3 + k];
                let got = row.values[k];
                let ok = match (want, got) {
                    ("", None) => true,
                    (w, Some(g)) => w.parse::<Decimal>().map(|w| w == g).unwrap_or(false),
                    _ => false,
                };
                compared += 1;
                if !ok {
                    *mismatches.entry(tb.to_string()).or_default() += 1;
                    eprintln!("{dir}/{name} player {id}: {tb} = {got:?}, expected {want}");
                }
            }
        }
        files += 1;
    }
    (files, compared, mismatches)
}

#[test]
fn small_tournaments_match_the_tie_break_server() {
    let (files, compared, mismatches) = check_dir("small");
    assert_eq!(files, 100);
    // 100 files × 9 players × 16 tie-breaks.
    assert_eq!(compared, 100 * 9 * 16);
    assert!(
        mismatches.is_empty(),
        "mismatches by tie-break: {mismatches:?}"
    );
}

#[test]
fn rtg_tournaments_match_the_tie_break_server() {
    let (files, compared, mismatches) = check_dir("rtg");
    assert_eq!(files, 200);
    eprintln!("rtg: {compared} values compared");
    assert!(compared > 200 * 15 * 16);
    assert!(
        mismatches.is_empty(),
        "mismatches by tie-break: {mismatches:?}"
    );
}
