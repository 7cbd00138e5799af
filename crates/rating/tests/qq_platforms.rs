//! The platform rules of seed 003 (QQ新中国象棋 / 天天象棋, regulations.md §6.3):
//! the rules the issue found wrong, each expected value quoted from the seed.

use qiyuan_rating::online::PointSystem;
use rust_decimal::Decimal;

/// Seed 003: "每一位玩家第一次进入 QQ 中国象棋时,都会获得 1300 分的初始积分. 九级棋手 =0
/// 八级棋手 =1100 七级棋手 =1200 六级棋手 =1300 五级棋手 =1400 四级棋手 =1500 三级棋手 =1600
/// 二级棋手 =1700 一级棋手 =1800 三级大师 =..." — the levels are 棋手, not 棋士; the text
/// is cut at 三级大师, so every row from there up is marked as not the seed's.
#[test]
fn xinzhongguo_xiangqi_levels_are_the_seeds_qishou() {
    let s = PointSystem::builtin("qq-xiangqi-elo").unwrap();
    assert_eq!(s.initial_points(), Decimal::from(1300));
    let seed = [
        (0, "九级棋手"),
        (1100, "八级棋手"),
        (1200, "七级棋手"),
        (1300, "六级棋手"),
        (1400, "五级棋手"),
        (1500, "四级棋手"),
        (1600, "三级棋手"),
        (1700, "二级棋手"),
        (1800, "一级棋手"),
    ];
    for (points, name) in seed {
        let p = Decimal::from(points);
        assert_eq!(s.level_of(p), name, "{points}");
        assert_eq!(s.level_source(p), None, "{points} is the seed's");
    }
    assert!(s.level_names().all(|n| !n.contains("棋士")));
    for (points, name) in [
        (2000, "三级大师"),
        (2200, "二级大师"),
        (2400, "一级大师"),
        (2600, "特级大师"),
    ] {
        let p = Decimal::from(points);
        assert_eq!(s.level_of(p), name);
        assert!(
            s.level_source(p)
                .is_some_and(|x| x.contains("not in the seed")),
            "{points} must be marked as outside the seed"
        );
    }
}
