//! A xiangqi event whose players hold Chinese titles exports to TRF and
//! reads back with the same titles (issue 11, item 9). The TRF16/TRF26
//! title field (cols 11–13) takes only FIDE's codes: 候补大师, 特级大师,
//! 大师 and 一级棋士 are not FIDE titles and leave it blank; 国际特级大师 is
//! FIDE's GM in Chinese and is written `GM`.

use qiyuan_desk::export::{event_from_trf, trf};
use qiyuan_desk::import::players_from_trf;
use qiyuan_desk::prelude::*;

const TITLES: [(&str, u32, Option<&str>); 6] = [
    ("王天一", 2650, Some("特级大师")),
    ("郑惟桐", 2630, Some("国际特级大师")),
    ("许银川", 2600, Some("大师")),
    ("赵鑫鑫", 2580, Some("候补大师")),
    ("洪智", 2560, Some("一级棋士")),
    ("蒋川", 2540, None),
];

fn event() -> DeskEvent {
    let mut e = DeskEvent::new(EventSettings::swiss("象棋公开赛", GameKind::Xiangqi, 5)).unwrap();
    for (name, rating, title) in TITLES {
        let mut info = PlayerInfo::new(name).rating(rating);
        info.title = title.map(str::to_string);
        e.add_player(info).unwrap();
    }
    let round = e.pair_next_round().unwrap();
    e.apply_round(&round).unwrap();
    e
}

fn title_field(text: &str, id: u32) -> String {
    let number = format!("{id:>4}");
    let line = text
        .lines()
        .find(|l| l.starts_with("001") && l.get(4..8) == Some(number.as_str()))
        .unwrap();
    line.chars().skip(10).take(3).collect()
}

#[test]
fn chinese_titles_export_and_read_back() {
    let e = event();
    for trf16 in [false, true] {
        // Before issue 11 this failed: title "候补大师" does not fit in 3 columns.
        let text = trf(&e, trf16).unwrap();
        let by_name = |name: &str| {
            e.players()
                .iter()
                .find(|p| p.info.name == name)
                .unwrap()
                .id
                .0
        };
        assert_eq!(title_field(&text, by_name("郑惟桐")), " GM");
        for name in ["王天一", "许银川", "赵鑫鑫", "洪智", "蒋川"] {
            assert_eq!(title_field(&text, by_name(name)), "   ", "{name}");
        }
        let back = event_from_trf(&text, e.settings().clone()).unwrap();
        let back = back.players();
        for (name, _, title) in TITLES {
            let p = back.iter().find(|p| p.info.name == name).unwrap();
            assert_eq!(p.info.title.as_deref(), title, "{name}");
        }
        let imported = players_from_trf(&text).unwrap();
        for (name, _, title) in TITLES {
            let p = imported.iter().find(|p| p.info.name == name).unwrap();
            assert_eq!(p.info.title.as_deref(), title, "{name}");
        }
    }
}
