//! Fuzz target for the files a rating officer or a platform may write
//! themselves: a rating profile (`--profile-file`), title rules, grade
//! tables, FIDE norm figures, an online point system or Glicko-2 settings
//! (TOML), and the start-rank → list-id mapping file of a TRF (CSV or
//! xlsx).
//!
//! Property: reading never panics, whatever the bytes (each reader
//! answers with a value or an error).
//!
//! Run: `cd fuzz && cargo +nightly fuzz run config_files -- -max_total_time=300`
//! (seed the corpus with `../crates/rating/profiles/*.toml`,
//! `../crates/rating/titles/*.toml` and `../crates/rating/grades/*.toml`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use qiyuan_formats::points_state::{
    read_glicko2_state, read_point_state, write_glicko2_state, write_point_state,
};
use qiyuan_formats::rating_event::read_id_map;
use qiyuan_rating::fide_norms::FideNormRules;
use qiyuan_rating::grades::GradeTable;
use qiyuan_rating::online::PointSystem;
use qiyuan_rating::online::glicko2::Glicko2;
use qiyuan_rating::profile::Profile;
use qiyuan_rating::titles::TitleRules;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = Profile::from_toml_str(text);
        let _ = TitleRules::from_toml_str(text);
        let _ = GradeTable::from_toml_str(text);
        let _ = FideNormRules::from_toml_str(text);
        let _ = PointSystem::from_toml(text);
        let _ = Glicko2::from_toml(text);
    }
    for name in ["map.csv", "map.xlsx"] {
        let _ = read_id_map(data, name);
    }
    if let Ok(store) = read_point_state(data, "s.json", "x") {
        let written = write_point_state("x", &store);
        let back = read_point_state(&written, "s.json", "x").expect("written state reads");
        let mut a: Vec<_> = store.iter().collect();
        let mut b: Vec<_> = back.iter().collect();
        a.sort_by_key(|p| p.0);
        b.sort_by_key(|p| p.0);
        assert_eq!(a, b);
    }
    if let Ok(store) = read_glicko2_state(data, "s.json", Glicko2::builtin()) {
        let written = write_glicko2_state(&store);
        let back =
            read_glicko2_state(&written, "s.json", Glicko2::builtin()).expect("written state reads");
        assert_eq!(back.iter().count(), store.iter().count());
    }
});
