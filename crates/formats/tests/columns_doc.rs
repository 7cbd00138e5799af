//! `docs/columns.md` is the column table of `qiyuan_formats::columns`, as
//! the readers use it: a column added, renamed or reworded changes both or
//! this test fails. `QIYUAN_BLESS=1 cargo test --test columns_doc` writes
//! the page from the table.

#[test]
fn the_columns_page_is_the_readers_table() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/columns.md");
    let made = qiyuan_formats::columns::document();
    if std::env::var_os("QIYUAN_BLESS").is_some() {
        std::fs::write(path, &made).unwrap();
    }
    let page = std::fs::read_to_string(path).unwrap_or_default();
    assert_eq!(
        page, made,
        "docs/columns.md differs from the readers' table: run QIYUAN_BLESS=1 cargo test -p qiyuan-formats --test columns_doc"
    );
}
