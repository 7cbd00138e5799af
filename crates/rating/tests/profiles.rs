//! Profiles: built-in names, user TOML, bad input.

use qiyuan_rating::profile::{Profile, ProfileError};
use qiyuan_rating::unrated::cumulative_performance;
use rust_decimal_macros::dec;

#[test]
fn builtin_names_are_the_five_regulations() {
    assert_eq!(
        Profile::builtin_names(),
        vec![
            "cxa-2019",
            "cxa-legacy",
            "cca-chess",
            "cca-amateur",
            "fide-2024"
        ]
    );
}

#[test]
fn unknown_profile_lists_the_known_ones() {
    let err = Profile::builtin("cca-pro").unwrap_err();
    assert!(matches!(err, ProfileError::Unknown { .. }));
    let msg = err.to_string();
    assert!(msg.contains("cca-pro"), "{msg}");
    for name in Profile::builtin_names() {
        assert!(msg.contains(name), "{msg}");
    }
}

#[test]
fn malformed_toml_names_the_field() {
    let base = Profile::builtin_toml("cxa-2019").unwrap();
    // a wrong enum value
    let err = Profile::from_toml_str(&base.replace("method = \"table\"", "method = \"tabel\""))
        .unwrap_err();
    assert!(err.to_string().contains("method"), "{err}");
    // a missing field
    let err = Profile::from_toml_str(&base.replace("dp_at_extremes = 800\n", "")).unwrap_err();
    assert!(err.to_string().contains("dp_at_extremes"), "{err}");
    // a misspelt field
    let err =
        Profile::from_toml_str(&base.replace("unplayed_count", "unplayed_counts")).unwrap_err();
    assert!(err.to_string().contains("unplayed_counts"), "{err}");
    // a wrong type
    let err = Profile::from_toml_str(&base.replace("change = 1", "change = \"one\"")).unwrap_err();
    assert!(err.to_string().contains("change"), "{err}");
    // a value the engine cannot use
    let err = Profile::from_toml_str(
        &base.replace("k = 25\nrated_games_below", "k = 0\nrated_games_below"),
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "profile field `k.rules[1].k`: K must be at least 1"
    );
    // a bad month-day
    let err =
        Profile::from_toml_str(&base.replace("\"10-01\", end", "\"13-01\", end")).unwrap_err();
    assert!(err.to_string().contains("13-01"), "{err}");
    // not TOML at all
    assert!(matches!(
        Profile::from_toml_str("name = "),
        Err(ProfileError::Parse(_))
    ));
}

#[test]
fn a_user_profile_changes_a_choice_without_code() {
    // A provincial variant of cxa-2019 that caps |D| at 350 and uses the logistic form.
    let text = Profile::builtin_toml("cxa-2019")
        .unwrap()
        .replace("name = \"cxa-2019\"", "name = \"province-x\"")
        .replace(
            "method = \"table\"",
            "method = \"logistic\"\ndifference_cap = 350",
        );
    let p = Profile::from_toml_str(&text).unwrap();
    assert_eq!(p.name, "province-x");
    // D = 400 → 350; logistic P = 1/(1 + 10^(−350/400)) = 0.8823… → 0.88 (第九条(三) 2 decimals)
    let (diff, capped) = p.capped_difference(dec!(2700), dec!(2300));
    assert_eq!((diff, capped), (dec!(350), true));
    assert_eq!(p.expected_fraction(diff), dec!(0.88));
}

#[test]
fn seed_cumulative_performance_example() {
    // seed 001 八(八): (2280×4 + 2360×6) ÷ 10 = 2328
    assert_eq!(
        cumulative_performance(&[(dec!(2280), 4), (dec!(2360), 6)]),
        Some(dec!(2328))
    );
}

#[test]
fn provisional_ratings_by_former_title_and_grade() {
    use qiyuan_rating::model::{Player, PlayerId, Sex};
    let cxa = Profile::builtin("cxa-2019").unwrap();
    let mut p = Player::new(PlayerId(1), "x", Sex::Female, None);
    assert_eq!(cxa.provisional_rating(&p), dec!(2100));
    p.title = Some("NM".into());
    assert_eq!(cxa.provisional_rating(&p), dec!(2200)); // 第十三条 女子原国家大师
    p.title = Some("GM".into());
    p.sex = Sex::Male;
    assert_eq!(cxa.provisional_rating(&p), dec!(2500)); // 男子原特级大师
    let am = Profile::builtin("cca-amateur").unwrap();
    p.title = Some("六级棋士".into());
    assert_eq!(am.provisional_rating(&p), dec!(1550)); // 六(五)
    p.title = Some("棋协大师".into());
    assert_eq!(am.provisional_rating(&p), dec!(1900));
}
