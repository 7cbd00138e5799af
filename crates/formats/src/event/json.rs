//! JSON: syntax is checked by `serde_json` (which reports line and column),
//! then a small locator walks the text once to build a [`Node`] tree that
//! keeps each value's offset and each number's text (serde_json's `Value`
//! keeps neither: it has no positions and turns 2450.1 into a binary float).

use super::tree::{Entry, LineIndex, MAX_DEPTH, Node, Value};
use super::{EventFileError, EventFileErrorKind};

/// Parses `text[start..]` (`start` skips a byte-order mark).
pub(crate) fn parse(
    text: &str,
    start: usize,
    file: &str,
    lines: &LineIndex<'_>,
) -> Result<Node, EventFileError> {
    let body = &text[start..];
    if let Err(e) = serde_json::from_str::<serde::de::IgnoredAny>(body) {
        let suffix = format!(" at line {} column {}", e.line(), e.column());
        let full = e.to_string();
        let message = full.strip_suffix(&suffix).unwrap_or(&full);
        let mut err = EventFileError::new(
            file,
            EventFileErrorKind::Syntax,
            format!("JSON syntax: {message}"),
            "JSON 语法错误",
        );
        if e.line() > 0 {
            err = err.at(e.line(), Some(e.column()));
        }
        if body.trim().is_empty() {
            err = err.with_help("the file is empty", "文件是空的");
        }
        return Err(err);
    }
    let mut walker = Walker { text, pos: start };
    walker.value(0).ok_or_else(|| {
        // Unreachable for text serde_json accepted; kept so that a
        // disagreement between the two parsers is an error, not a panic.
        let (line, column) = lines.line_column(walker.pos);
        EventFileError::new(
            file,
            EventFileErrorKind::Syntax,
            "JSON syntax: unexpected character",
            "JSON 语法错误：意外的字符",
        )
        .at(line, Some(column))
    })
}

struct Walker<'t> {
    text: &'t str,
    pos: usize,
}

impl Walker<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    fn expect(&mut self, byte: u8) -> Option<()> {
        self.skip_ws();
        (self.peek()? == byte).then(|| self.pos += 1)
    }

    fn value(&mut self, depth: usize) -> Option<Node> {
        self.skip_ws();
        let offset = self.pos;
        let value = match self.peek()? {
            b'{' if depth >= MAX_DEPTH => self.skip_container("an object")?,
            b'[' if depth >= MAX_DEPTH => self.skip_container("an array")?,
            b'{' => {
                self.pos += 1;
                let mut entries = Vec::new();
                self.skip_ws();
                if self.peek()? == b'}' {
                    self.pos += 1;
                } else {
                    loop {
                        self.skip_ws();
                        let key_offset = self.pos;
                        let key = self.string()?;
                        self.expect(b':')?;
                        let node = self.value(depth + 1)?;
                        entries.push(Entry {
                            key,
                            key_offset,
                            node,
                        });
                        self.skip_ws();
                        match self.peek()? {
                            b',' => self.pos += 1,
                            b'}' => {
                                self.pos += 1;
                                break;
                            }
                            _ => return None,
                        }
                    }
                }
                Value::Object(entries)
            }
            b'[' => {
                self.pos += 1;
                let mut items = Vec::new();
                self.skip_ws();
                if self.peek()? == b']' {
                    self.pos += 1;
                } else {
                    loop {
                        items.push(self.value(depth + 1)?);
                        self.skip_ws();
                        match self.peek()? {
                            b',' => self.pos += 1,
                            b']' => {
                                self.pos += 1;
                                break;
                            }
                            _ => return None,
                        }
                    }
                }
                Value::Array(items)
            }
            b'"' => Value::String(self.string()?),
            b't' => self.literal("true", Value::Bool(true))?,
            b'f' => self.literal("false", Value::Bool(false))?,
            b'n' => self.literal("null", Value::Null)?,
            b'-' | b'0'..=b'9' => {
                let start = self.pos;
                while matches!(
                    self.peek(),
                    Some(b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E')
                ) {
                    self.pos += 1;
                }
                Value::Number(self.text[start..self.pos].to_owned())
            }
            _ => return None,
        };
        Some(Node { value, offset })
    }

    fn literal(&mut self, word: &str, value: Value) -> Option<Value> {
        self.text[self.pos..].starts_with(word).then(|| {
            self.pos += word.len();
            value
        })
    }

    /// A string starting at `pos` (on its opening quote), decoded.
    fn string(&mut self) -> Option<String> {
        let bytes = self.text.as_bytes();
        let start = self.pos;
        if bytes.get(start) != Some(&b'"') {
            return None;
        }
        let mut i = start + 1;
        loop {
            match *bytes.get(i)? {
                b'"' => break,
                b'\\' => i += 2,
                _ => i += 1,
            }
        }
        self.pos = i + 1;
        let raw = self.text.get(start..self.pos)?;
        if raw.contains('\\') {
            serde_json::from_str(raw).ok()
        } else {
            Some(raw[1..raw.len() - 1].to_owned())
        }
    }

    /// Skips a (valid) container nested too deep to matter.
    fn skip_container(&mut self, name: &'static str) -> Option<Value> {
        let mut depth = 0usize;
        loop {
            match self.peek()? {
                b'"' => {
                    self.string()?;
                    continue;
                }
                b'{' | b'[' => depth += 1,
                b'}' | b']' => {
                    depth -= 1;
                    if depth == 0 {
                        self.pos += 1;
                        return Some(Value::Deep(name));
                    }
                }
                _ => {}
            }
            self.pos += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(text: &str) -> Node {
        parse(text, 0, "t.json", &LineIndex::new(text)).unwrap()
    }

    #[test]
    fn offsets_numbers_and_strings() {
        let text = "{\n \"a\": [1, 2450.10,\n  -3e2],\n \"b\": \"x\\\"王\\u0041\", \"c\": null\n}";
        let root = tree(text);
        let Value::Object(entries) = &root.value else {
            panic!("not an object")
        };
        assert_eq!(entries[0].key, "a");
        assert_eq!(entries[0].key_offset, 3);
        let Value::Array(items) = &entries[0].node.value else {
            panic!("not an array")
        };
        // Numbers keep their text exactly, trailing zero included.
        assert_eq!(items[1].value, Value::Number("2450.10".into()));
        assert_eq!(items[2].value, Value::Number("-3e2".into()));
        let ix = LineIndex::new(text);
        assert_eq!(ix.line(items[0].offset), 2);
        assert_eq!(ix.line(items[2].offset), 3);
        assert_eq!(entries[1].node.value, Value::String("x\"王A".into()));
        assert_eq!(ix.line(entries[2].key_offset), 4);
        assert_eq!(entries[2].node.value, Value::Null);
    }

    #[test]
    fn deep_nesting_is_summarised() {
        let text = "[[[[[[[[[1, \"]\"]]]]]]]], 2]";
        let root = tree(text);
        let Value::Array(items) = &root.value else {
            panic!("not an array")
        };
        assert_eq!(items.len(), 2);
        assert_eq!(items[1].value, Value::Number("2".into()));
    }

    #[test]
    fn syntax_error_has_line_and_column() {
        let text = "{\n  \"a\": 1,\n  \"b\" 2\n}";
        let err = parse(text, 0, "t.json", &LineIndex::new(text)).unwrap_err();
        assert_eq!(err.kind(), EventFileErrorKind::Syntax);
        assert_eq!((err.line(), err.column()), (Some(3), Some(7)));
        assert!(err.message().contains("expected `:`"), "{err}");
    }
}
