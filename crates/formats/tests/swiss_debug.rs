//! Diagnostic for one pairing case: `SWISS_FILE=path SWISS_ROUND=r cargo test
//! -p qiyuan-formats --test swiss_debug -- --ignored --nocapture` prints the
//! prepared players, the expected and the engine's pairing.

use qiyuan_formats::trf_swiss::cut_cases;
use qiyuan_swiss::prep::prepare;
use qiyuan_swiss::{Edition, pair_round};

#[test]
#[ignore = "diagnostic, needs SWISS_FILE and SWISS_ROUND"]
fn show_case() {
    let (Ok(file), Ok(round)) = (std::env::var("SWISS_FILE"), std::env::var("SWISS_ROUND")) else {
        return;
    };
    let round: u32 = round.parse().unwrap();
    let text = std::fs::read_to_string(file).unwrap();
    let case = cut_cases(&text, Edition::Fide2026)
        .unwrap()
        .into_iter()
        .find(|c| c.round == round)
        .unwrap();
    for p in prepare(&case.input) {
        println!(
            "{:4} score {:3} cd {:2} {:?} {:?} floats {:?} unplayed {} bye_ok {} top {} colours {:?} opp {:?}",
            p.tpn,
            p.score,
            p.cd,
            p.strength,
            p.pref,
            p.floats,
            p.unplayed,
            p.bye_ok,
            p.topscorer,
            p.colours,
            p.opponents
        );
    }
    println!("expected {:?}", case.expected);
    println!("got      {:?}", pair_round(&case.input));
}
