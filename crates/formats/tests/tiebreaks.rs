//! Acceptance test (issue 3): for every tournament of `testdata/swiss/`,
//! read with the TRF parser and converted with `trf_model`, the tie-break
//! values and the final ranking equal the FIDE Tie-Break Server's output in
//! `testdata/tiebreaks/` (FIDE C.07 2024; see each CSV's header).

use std::collections::BTreeMap;

use qiyuan_formats::trf::parse_trf;
use qiyuan_formats::trf_model::event_from_trf;
use qiyuan_tournament::model::*;
use qiyuan_tournament::tiebreak::parse_list;
use qiyuan_tournament::{StandingsConfig, compute_standings};
use rust_decimal::Decimal;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata");

fn read_trf(text: &str) -> (Event, u32) {
    let t = event_from_trf(&parse_trf(text).expect("TRF reads"), Some(EventKind::Swiss))
        .expect("TRF converts");
    // The reference files use the standard 1 / ½ / 0 point system.
    assert_eq!(t.scoring, qiyuan_tournament::ScoringSystem::fide());
    (t.event, t.played_rounds)
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
