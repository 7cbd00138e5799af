//! `trf_model` both ways on the reference tournaments: TRF → event → TRF →
//! event gives the same event, and the points written equal the points
//! column of the original file (computed by the pairing engine that made it).

use qiyuan_formats::trf::{Record, parse_trf};
use qiyuan_formats::trf_model::{event_from_trf, trf_from_event};
use qiyuan_tournament::model::EventKind;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/swiss");

#[test]
fn round_trip_through_the_model() {
    let mut files = 0;
    for dir in ["small", "rtg"] {
        let mut paths: Vec<_> = std::fs::read_dir(format!("{DATA}/{dir}"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        paths.sort();
        for path in paths {
            let original = parse_trf(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let t = event_from_trf(&original, Some(EventKind::Swiss)).unwrap();
            let written = trf_from_event("copy", &t.event, &t.scoring, None);
            let text = written.write_trf2026().unwrap();
            let again = event_from_trf(&parse_trf(&text).unwrap(), Some(EventKind::Swiss)).unwrap();
            // Total rounds come from 142/XXR, which the player records do not carry.
            assert_eq!(
                again.event.players(),
                t.event.players(),
                "{}",
                path.display()
            );
            assert_eq!(
                again.event.outcome_table(),
                t.event.outcome_table(),
                "{}",
                path.display()
            );
            let points = |f: &qiyuan_formats::trf::TrfFile| {
                f.records
                    .iter()
                    .filter_map(|r| match r {
                        Record::Player(p) => Some((p.start_number, p.points)),
                        _ => None,
                    })
                    .collect::<Vec<_>>()
            };
            assert_eq!(points(&written), points(&original), "{}", path.display());
            files += 1;
        }
    }
    assert_eq!(files, 300);
}
