//! Fuzz target for the list and player file readers: text decoding, CSV and
//! xlsx tables within limits, the column table, the list rows.
//!
//! Property: reading never panics and never takes more than the limits
//! allow; every row read keeps within the limits' width; a list that reads
//! whole is written and reads back equal.
//!
//! Run: `cd fuzz && cargo +nightly fuzz run list_file -- -max_total_time=300`
//! (seed the corpus with `../examples/*.csv` and a few small workbooks).
#![no_main]

use libfuzzer_sys::fuzz_target;
use qiyuan_formats::list::{read_list, read_list_rows, write_list};
use qiyuan_formats::sheet::{Limits, read_sheet};

fuzz_target!(|data: &[u8]| {
    let limits = Limits {
        max_rows: 2_000,
        max_columns: 32,
        max_cell_chars: 200,
        max_unpacked_bytes: 8 << 20,
    };
    if let Ok(sheet) = read_sheet(data, "f.csv", &limits) {
        assert!(sheet.rows.len() <= limits.max_rows);
        for r in &sheet.rows {
            assert_eq!(r.cells.len(), sheet.header.len());
        }
    }
    let _ = read_list_rows(data, "f.csv", &limits);
    if let Ok(file) = read_list(data, "f.csv") {
        let text = write_list(file.list.rows());
        let again = read_list(text.as_bytes(), "w.csv").expect("what was written reads");
        assert_eq!(again.list, file.list, "write → read changed the list");
    }
});
