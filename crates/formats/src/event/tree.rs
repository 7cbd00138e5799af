//! A format-neutral document tree that keeps, for every value and key, its
//! byte offset in the file (hence its line), and numbers as their text.

use chrono::NaiveDate;

/// A parsed value and where it starts.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Node {
    pub value: Value,
    /// Byte offset of the value's first character in the file.
    pub offset: usize,
}

/// One key of an object (JSON) or table (TOML).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Entry {
    pub key: String,
    pub key_offset: usize,
    pub node: Node,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Value {
    /// JSON `null` (TOML has none: an absent key stands for it).
    Null,
    Bool(bool),
    /// A number, as written (decimal digits; TOML hex/octal/binary integers
    /// are converted to decimal text; `inf`/`nan` stay as written).
    Number(String),
    String(String),
    /// A TOML local date (`start = 2019-05-01`).
    Date(NaiveDate),
    /// A TOML date-time or time: never valid in an event file.
    OtherDatetime,
    Array(Vec<Node>),
    Object(Vec<Entry>),
    /// A container nested deeper than any event file needs; its content is
    /// not kept (it can only be an error where it appears).
    Deep(&'static str),
}

/// Nesting kept in full: root object → list → element → value needs 4.
pub(crate) const MAX_DEPTH: usize = 6;

impl Value {
    /// The type's name for messages ("a string", "an object"…).
    pub fn type_name(&self, toml: bool) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "a boolean",
            Value::Number(_) => "a number",
            Value::String(_) => "a string",
            Value::Date(_) => "a date",
            Value::OtherDatetime => "a date-time",
            Value::Array(_) => "an array",
            Value::Object(_) if toml => "a table",
            Value::Object(_) => "an object",
            Value::Deep(name) => name,
        }
    }
}

/// Line starts of a text, to turn byte offsets into line and column.
#[derive(Debug, Clone)]
pub(crate) struct LineIndex<'t> {
    text: &'t str,
    starts: Vec<usize>,
}

impl<'t> LineIndex<'t> {
    pub fn new(text: &'t str) -> Self {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex { text, starts }
    }

    /// Line (from 1) of a byte offset.
    pub fn line(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset).max(1)
    }

    /// Line and column (both from 1, the column in characters).
    pub fn line_column(&self, offset: usize) -> (usize, usize) {
        let line = self.line(offset);
        let start = self.starts[line - 1];
        let end = offset.min(self.text.len());
        let column = self
            .text
            .get(start..end)
            .map_or(end.saturating_sub(start), |s| s.chars().count());
        (line, column + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns() {
        let text = "ab\n王c\n\nd";
        let ix = LineIndex::new(text);
        assert_eq!(ix.line_column(0), (1, 1));
        assert_eq!(ix.line_column(2), (1, 3)); // the newline itself
        assert_eq!(ix.line_column(3), (2, 1));
        // '王' is 3 bytes: 'c' at byte 6 is the 2nd character of line 2.
        assert_eq!(ix.line_column(6), (2, 2));
        assert_eq!(ix.line_column(8), (3, 1));
        assert_eq!(ix.line_column(9), (4, 1));
        assert_eq!(ix.line(1000), 4);
    }
}
