//! `qiyuan standings --format html [--crosstable]` end to end: the crosstable
//! cells of a reference Swiss agree with the TRF's own round entries, names
//! are escaped, the page is in the event's language, and `--crosstable`
//! needs HTML. The layout is the desk's prints' (qiyuan_server::report).

use std::process::Command;

use qiyuan_formats::trf::{Record, ResultCode, RoundColour, parse_trf};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata");

fn qiyuan(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_qiyuan"))
        .args(args)
        .output()
        .expect("run qiyuan")
}

fn ok(args: &[&str]) -> String {
    let out = qiyuan(args);
    assert!(
        out.status.success(),
        "qiyuan {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The texts of the `<td>`s of each body row, inner tags removed.
fn body_rows(html: &str) -> Vec<Vec<String>> {
    let body = &html[html.find("<tbody>").unwrap()..html.find("</tbody>").unwrap()];
    body.split("<tr")
        .skip(1)
        .map(|tr| {
            tr.split("<td")
                .skip(1)
                .map(|td| {
                    let inner = &td[td.find('>').unwrap() + 1..td.find("</td>").unwrap()];
                    let mut out = String::new();
                    let mut tag = false;
                    for c in inner.chars() {
                        match c {
                            '<' => tag = true,
                            '>' => tag = false,
                            c if !tag => out.push(c),
                            _ => {}
                        }
                    }
                    out
                })
                .collect()
        })
        .collect()
}

#[test]
fn crosstable_cells_follow_the_trf() {
    let path = format!("{DATA}/swiss/small/rtg-1.trf");
    let html = ok(&[
        "standings",
        &path,
        "--format",
        "html",
        "--crosstable",
        "--lang",
        "en",
    ]);
    assert!(html.contains("<th>1.Rd</th>") && html.contains("<th>7.Rd</th>"));
    assert!(html.contains("@media print"));
    let rows = body_rows(&html);
    let file = parse_trf(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let players: Vec<_> = file
        .records
        .iter()
        .filter_map(|r| match r {
            Record::Player(p) => Some(p),
            _ => None,
        })
        .collect();
    assert_eq!(rows.len(), players.len());
    for row in &rows {
        let p = players
            .iter()
            .find(|p| p.start_number.to_string() == row[1])
            .unwrap();
        for r in 1..=7 {
            let e = p.round(r);
            // The wall chart's cell, from the TRF entry alone: <opponent's
            // starting number><w|b><1 ½ 0 + ->, or -1 / -½ / -0 for U / H / Z.
            let res = match e.result {
                ResultCode::Win => "1",
                ResultCode::Draw => "½",
                ResultCode::Loss => "0",
                ResultCode::ForfeitWin => "+",
                ResultCode::ForfeitLoss => "-",
                ResultCode::PairingAllocatedBye | ResultCode::FullPointBye => "1",
                ResultCode::HalfPointBye => "½",
                ResultCode::ZeroPointBye => "0",
                other => panic!("unexpected result {other:?} in the data"),
            };
            let expected = match e.opponent.filter(|&o| o > 0) {
                Some(o) => {
                    let colour = match e.colour {
                        RoundColour::White => "w",
                        RoundColour::Black => "b",
                        c => panic!("no colour {c:?}"),
                    };
                    format!("{o}{colour}{res}")
                }
                None => format!("-{res}"),
            };
            assert_eq!(row[3 + r], expected, "player {} round {r}", row[1]);
        }
        // Points column after the 7 rounds: the TRF's points.
        assert_eq!(
            row[11].parse::<f64>().unwrap(),
            p.points.unwrap().to_string().parse::<f64>().unwrap()
        );
    }
}

#[test]
fn standings_page_escapes_names() {
    let dir = tempfile::tempdir().unwrap();
    let event = dir.path().join("e.json");
    std::fs::write(
        &event,
        r#"{"name": "<b>杯</b>", "game": "xiangqi", "system": "round-robin",
  "players": [{"id": 1, "name": "<script>alert(1)</script>", "sex": "m", "rating": 2100},
              {"id": 2, "name": "B & C", "sex": "f"}],
  "games": [{"round": 1, "red": 1, "black": 2, "result": "0-1"}]}"#,
    )
    .unwrap();
    let e = event.to_str().unwrap();
    let html = ok(&["standings", e, "--format", "html"]);
    assert!(!html.contains("<script") && !html.contains("<b>"));
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(html.contains("B &amp; C") && html.contains("&lt;b&gt;杯&lt;/b&gt;"));
    // In the event's language (its name is Chinese) unless --lang says.
    assert!(html.contains("<html lang=\"zh\">") && html.contains(">名次</th>"));
    let english = ok(&["standings", e, "--format", "html", "--lang", "en"]);
    assert!(english.contains(">Rk.</th>") && !english.contains("名次"));
    let rows = body_rows(&html);
    // Black (2) won: 2 / 1 / 0 xiangqi scoring → 2 points, first.
    assert_eq!(rows[0][..3], ["1", "2", "B &amp; C"]);
    // The crosstable of a round robin is the grid in starting-number order,
    // `×` on the diagonal; its cells on the event's scale (the win 2 under
    // the xiangqi 2-1-0, as the desk's crosstable writes it), adding up to
    // the points column.
    let html = ok(&["standings", e, "--format", "html", "--crosstable"]);
    let rows = body_rows(&html);
    assert_eq!(
        rows[0][..7],
        [
            "2",
            "1",
            "&lt;script&gt;alert(1)&lt;/script&gt;",
            "2100",
            "×",
            "0",
            "0"
        ]
    );
    assert_eq!(rows[1][..7], ["1", "2", "B &amp; C", "", "2", "×", "2"]);
    let out = qiyuan(&["standings", e, "--crosstable"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--format html"));
}
