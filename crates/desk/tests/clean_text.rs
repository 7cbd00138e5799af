//! Clean data at the door: player names and other free text with control
//! or invisible formatting characters, or too long, are refused — at the
//! CSV import (naming the row and the field), at `add_player` and
//! `update_player` — never silently stripped.

use qiyuan_desk::import::{players_from_csv, players_from_trf, read_player_sheet};
use qiyuan_desk::prelude::*;
use qiyuan_desk::{MAX_NAME_CHARS, MAX_TEXT_CHARS, TextRefusal};

fn refused_row(csv: &str) -> qiyuan_desk::import::ImportError {
    let sheet = read_player_sheet(csv.as_bytes(), "名单.csv").unwrap();
    assert_eq!(sheet.refused.len(), 1, "{:?}", sheet.refused);
    sheet.refused[0].clone()
}

#[test]
fn a_name_with_a_newline_is_refused_naming_the_row_and_the_field() {
    let csv = "姓名,等级分\n唐丹,2500\n\"王天一\n=1+1\",2650\n";
    let e = refused_row(csv);
    assert_eq!(e.line, 3);
    assert_eq!(e.field.as_deref(), Some("name"));
    assert_eq!(
        e.to_string(),
        "line 3: field `name`: character 4 is U+000A, a control or invisible formatting character; remove it"
    );
    // The other row is read; all or nothing refuses the file.
    assert!(players_from_csv(csv.as_bytes()).is_err());
}

#[test]
fn a_name_with_nul_or_a_tab_is_refused() {
    let e = refused_row("name,rating\nA\0B,2000\n");
    assert_eq!((e.line, e.field.as_deref()), (2, Some("name")));
    assert!(e.message.en().contains("U+0000"), "{e}");
    // Semicolon-separated, so that the tab stays in the cell.
    let e = refused_row("name;rating\nA\tB;2000\nC;2100\n");
    assert_eq!((e.line, e.field.as_deref()), (2, Some("name")));
    assert!(e.message.en().contains("U+0009"), "{e}");
}

#[test]
fn bidi_overrides_and_invisible_characters_are_refused_in_any_text_field() {
    // U+202E RIGHT-TO-LEFT OVERRIDE in the name.
    let e = refused_row("姓名,单位\n王\u{202E}天一,杭州\n");
    assert_eq!((e.line, e.field.as_deref()), (2, Some("name")));
    let refusal = TextRefusal::Control {
        at: 2,
        ch: '\u{202E}',
    };
    assert_eq!(e.message, refusal.to_string().as_str());
    // In the unit (单位), a zero-width space; a byte-order mark in a title.
    let e = refused_row("姓名,单位\n王天一,杭\u{200B}州\n");
    assert_eq!((e.line, e.field.as_deref()), (2, Some("club")));
    let e = refused_row("姓名,称号\n王天一,\u{FEFF}GM\n");
    assert_eq!((e.line, e.field.as_deref()), (2, Some("title")));
    for c in [
        '\u{200F}', '\u{202A}', '\u{2066}', '\u{2069}', '\u{7F}', '\u{85}',
    ] {
        assert!(qiyuan_desk::is_refused_char(c), "{c:?}");
    }
    for c in ['王', 'é', ' ', '·', '-'] {
        assert!(!qiyuan_desk::is_refused_char(c), "{c:?}");
    }
}

#[test]
fn a_name_longer_than_the_bound_is_refused() {
    let at_most = "甲".repeat(MAX_NAME_CHARS);
    let players = players_from_csv(format!("姓名\n{at_most}\n").as_bytes()).unwrap();
    assert_eq!(players[0].info.name, at_most);
    let e = refused_row(&format!("姓名\n{at_most}乙\n"));
    assert_eq!((e.line, e.field.as_deref()), (2, Some("name")));
    assert_eq!(
        e.message,
        format!(
            "{} characters, at most {MAX_NAME_CHARS}",
            MAX_NAME_CHARS + 1
        )
    );
    // Other text fields take MAX_TEXT_CHARS.
    let club = "x".repeat(MAX_TEXT_CHARS);
    players_from_csv(format!("name,club\nA,{club}\n").as_bytes()).unwrap();
    let e = refused_row(&format!("name,club\nA,{club}y\n"));
    assert_eq!((e.line, e.field.as_deref()), (2, Some("club")));
}

#[test]
fn add_and_update_refuse_and_never_strip() {
    let mut e = DeskEvent::new(EventSettings::swiss("t", GameKind::Xiangqi, 5)).unwrap();
    let err = e.add_player(PlayerInfo::new("A\nB")).unwrap_err();
    assert!(
        matches!(&err, DeskError::PlayerField { field: "name", .. }),
        "{err}"
    );
    assert!(e.players().is_empty());
    let err = e
        .add_player(PlayerInfo::new("A").club("北\u{202E}京"))
        .unwrap_err();
    assert!(matches!(&err, DeskError::PlayerField { field: "club", .. }));
    let id = e.add_player(PlayerInfo::new("  王天一 ")).unwrap();
    let mut info = e.player(id).unwrap().info;
    info.name = "王天一\u{0}".into();
    assert!(e.update_player(id, info).is_err());
    assert_eq!(e.player(id).unwrap().info.name.trim(), "王天一");
    // Many at once: all or none.
    let many = [PlayerInfo::new("B"), PlayerInfo::new("C\u{2066}")];
    assert!(e.add_players_placed(&many).is_err());
    assert_eq!(e.players().len(), 1);
}

#[test]
fn an_event_stored_before_the_rule_still_loads() {
    let mut e = DeskEvent::new(EventSettings::swiss("t", GameKind::Xiangqi, 5)).unwrap();
    e.restore_player(PlayerId(1), PlayerInfo::new("A\tB"), 1, None)
        .unwrap();
    assert_eq!(e.players()[0].info.name, "A\tB");
}

#[test]
fn a_trf_import_refuses_a_control_character_in_a_name() {
    let e = players_from_trf("001    1      Doe,\u{1}John\n").unwrap_err();
    assert_eq!(e.field.as_deref(), Some("name"), "{e}");
}

/// A list CSV written by `formats::list::write_list` (formula-like text
/// cells quoted with `'`) imports at the desk with the names as they were.
#[test]
fn a_written_list_imports_with_its_formula_like_names_unchanged() {
    let csv = "id,name,sex,unit\n1,'-李,m,'=HYPERLINK(\"x\")\n2,'Hare,f,\n";
    let players = players_from_csv(csv.as_bytes()).unwrap();
    assert_eq!(players[0].info.name, "-李");
    assert_eq!(players[0].info.club.as_deref(), Some("=HYPERLINK(\"x\")"));
    // A quote that is not the escape stays.
    assert_eq!(players[1].info.name, "'Hare");
}

/// The same door for the event's own text (issue 12 item 7): the event
/// name, place and arbiters in changed settings, and a team's name, refuse
/// a control or invisible character; a stored event is not re-checked.
#[test]
fn event_and_team_text_refuse_control_characters() {
    use qiyuan_desk::team::TeamSettings;
    let mut s = EventSettings::round_robin("象棋团体赛", GameKind::Xiangqi, 1);
    s.team = Some(TeamSettings::new(2, "xiangqi-team"));
    let mut e = DeskEvent::new(s.clone()).unwrap();
    for (field, change) in [
        (
            "name",
            Box::new(|s: &mut EventSettings| s.name = "团体赛\n第二行".into())
                as Box<dyn Fn(&mut EventSettings)>,
        ),
        (
            "place",
            Box::new(|s: &mut EventSettings| s.place = Some("北京\0".into())),
        ),
        (
            "arbiters",
            Box::new(|s: &mut EventSettings| s.arbiters = vec!["王\u{202E}裁判".into()]),
        ),
    ] {
        let mut bad = s.clone();
        change(&mut bad);
        let err = e.set_settings(bad).unwrap_err().to_string();
        assert!(
            err.contains(&format!("`{field}`")) && err.contains("remove it"),
            "{err}"
        );
    }
    assert_eq!(e.settings().name, "象棋团体赛", "nothing changed");
    let roster: Vec<_> = (1..=2)
        .map(|i| e.add_player(PlayerInfo::new(format!("P{i}"))).unwrap())
        .collect();
    let err = e
        .add_team("红\u{200B}队", roster.clone())
        .unwrap_err()
        .to_string();
    assert!(err.contains("team.name") && err.contains("U+200B"), "{err}");
    assert!(e.teams().is_empty());
    e.add_team("红队", roster).unwrap();
}
