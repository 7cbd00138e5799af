//! Fuzz target for the TRF reader and writers.
//!
//! Property: reading never panics; whatever reads can be written (TRF26 and
//! TRF16); what was written reads back equal, and writing it again gives
//! the same text.
//!
//! Run: `cd fuzz && cargo +nightly fuzz run trf -- -max_total_time=300`
//! (seed the corpus with `../testdata/swiss/small/*.trf`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use qiyuan_formats::trf::parse_trf;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(file) = parse_trf(text) else {
        return;
    };
    let written = file
        .write_trf2026()
        .expect("a file that reads can be written");
    let again = parse_trf(&written).expect("what was written reads");
    assert_eq!(again, file, "read → write → read changed the file");
    assert_eq!(again.write_trf2026().expect("second writing"), written);
    let trf16 = file.write_trf16().expect("TRF16 writing");
    parse_trf(&trf16).expect("the TRF16 text reads");
});
