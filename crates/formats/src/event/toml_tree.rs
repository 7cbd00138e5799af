//! TOML: parsed by `toml`'s span-keeping document parser (`DeTable`), whose
//! numbers keep their text, then turned into a [`Node`] tree.

use toml::Spanned;
use toml::de::{DeTable, DeValue};

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
    match DeTable::parse(body) {
        Ok(root) => {
            let offset = start + root.span().start;
            Ok(Node {
                value: table(root.get_ref(), start, 1),
                offset,
            })
        }
        Err(e) => {
            let mut err = EventFileError::new(
                file,
                EventFileErrorKind::Syntax,
                format!("TOML syntax: {}", e.message().trim_end()),
                "TOML 语法错误",
            );
            if let Some(span) = e.span() {
                let (line, column) = lines.line_column(start + span.start);
                err = err.at(line, Some(column));
            }
            Err(err)
        }
    }
}

fn table(t: &DeTable<'_>, base: usize, depth: usize) -> Value {
    // Keys come in the map's order (sorted); restore the file's order so
    // that the first of several problems reported is the first in the file.
    let mut entries: Vec<Entry> = t
        .iter()
        .map(|(k, v)| Entry {
            key: k.get_ref().to_string(),
            key_offset: base + k.span().start,
            node: node(v, base, depth),
        })
        .collect();
    entries.sort_by_key(|e| e.key_offset);
    Value::Object(entries)
}

fn node(v: &Spanned<DeValue<'_>>, base: usize, depth: usize) -> Node {
    let offset = base + v.span().start;
    let value = match v.get_ref() {
        DeValue::String(s) => Value::String(s.to_string()),
        DeValue::Integer(i) => {
            let digits = i.as_str().replace('_', "");
            let text = if i.radix() == 10 {
                digits
            } else {
                i128::from_str_radix(&digits, i.radix()).map_or(digits, |n| n.to_string())
            };
            Value::Number(text)
        }
        DeValue::Float(f) => Value::Number(f.as_str().replace('_', "")),
        DeValue::Boolean(b) => Value::Bool(*b),
        DeValue::Datetime(dt) => match (dt.date, dt.time, dt.offset) {
            (Some(d), None, None) => {
                chrono::NaiveDate::from_ymd_opt(d.year.into(), d.month.into(), d.day.into())
                    .map_or(Value::OtherDatetime, Value::Date)
            }
            _ => Value::OtherDatetime,
        },
        DeValue::Array(_) if depth >= MAX_DEPTH => Value::Deep("an array"),
        DeValue::Table(_) if depth >= MAX_DEPTH => Value::Deep("a table"),
        DeValue::Array(a) => Value::Array(a.iter().map(|v| node(v, base, depth + 1)).collect()),
        DeValue::Table(t) => table(t, base, depth + 1),
    };
    Node { value, offset }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_numbers_and_dates() {
        let text = "name = \"x\"\nstart = 2019-05-01\n\n[[players]]\nid = 0x1F\nrating = 2_450.50\n\n[[players]]\nid = 2\n";
        let ix = LineIndex::new(text);
        let root = parse(text, 0, "t.toml", &ix).unwrap();
        let Value::Object(entries) = &root.value else {
            panic!("not a table")
        };
        let keys: Vec<&str> = entries.iter().map(|e| e.key.as_str()).collect();
        assert_eq!(keys, ["name", "start", "players"]);
        assert_eq!(
            entries[1].node.value,
            Value::Date(chrono::NaiveDate::from_ymd_opt(2019, 5, 1).unwrap())
        );
        let Value::Array(players) = &entries[2].node.value else {
            panic!("not an array")
        };
        let Value::Object(p0) = &players[0].value else {
            panic!("not a table")
        };
        assert_eq!(p0[0].node.value, Value::Number("31".into()));
        assert_eq!(p0[1].node.value, Value::Number("2450.50".into()));
        assert_eq!(ix.line(p0[1].node.offset), 6);
        assert_eq!(ix.line(p0[1].key_offset), 6);
        // An element of an array of tables points at its own lines.
        // (the line of its `[[players]]` header).
        assert_eq!(ix.line(players[0].offset), 4);
        assert_eq!(ix.line(players[1].offset), 8);
    }

    #[test]
    fn syntax_error_has_line() {
        let text = "name = \"x\"\ngame = \n";
        let err = parse(text, 0, "t.toml", &LineIndex::new(text)).unwrap_err();
        assert_eq!(err.kind(), EventFileErrorKind::Syntax);
        assert_eq!(err.line(), Some(2));
    }
}
