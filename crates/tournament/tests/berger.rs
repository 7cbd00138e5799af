//! The Berger tables equal FIDE's (C.05 Annex 1) as published in
//! `testdata/berger/` (FIDE Tie-Break Server tables, cross-checked there
//! against two transcriptions of the handbook).

use qiyuan_tournament::berger::{berger_round, cycle_rounds};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/berger");

#[test]
fn equal_to_every_fide_table_3_to_16() {
    let mut checked = 0;
    for n in 3..=16u32 {
        let path = format!("{DATA}/berger-{n}.txt");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(
            lines.len() as u32,
            cycle_rounds(n),
            "{path}: number of rounds"
        );
        for (r, line) in lines.iter().enumerate() {
            let round = r as u32 + 1;
            let ours = berger_round(n, round)
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ");
            assert_eq!(
                format!("round {round}: {ours}"),
                *line,
                "{path} round {round}"
            );
            checked += 1;
        }
    }
    // 3..16 players: 2·(3+5+7+9+11+13+15) rounds.
    assert_eq!(checked, 2 * (3 + 5 + 7 + 9 + 11 + 13 + 15));
}
