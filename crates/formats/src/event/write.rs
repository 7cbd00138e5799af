//! Writing an [`Event`] as an event file, one player or game per line (JSON)
//! or per table (TOML). Numbers are written from their decimal text, so a
//! rating reads back exactly.

use std::fmt::Write as _;

use qiyuan_rating::model::{Event, EventSystem, Pairing, Player};

use super::EventFormat;
use super::records::RecordRef;

/// A string quoted for JSON or TOML: both accept `\"`, `\\`, `\n`, `\t`,
/// `\r`, `\b`, `\f` and `\uXXXX`; TOML forbids raw control characters and
/// DEL, so those are always escaped.
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A player's fields as (key, value text) pairs, in file order.
fn player_fields(p: &Player, toml: bool) -> Vec<(&'static str, String)> {
    let mut f = vec![
        ("id", p.id.to_string()),
        ("name", quote(&p.name)),
        ("sex", quote(p.sex.code())),
    ];
    match p.rating {
        Some(r) => f.push(("rating", r.to_string())),
        // TOML has no null: an absent rating is an unrated player.
        None if !toml => f.push(("rating", "null".to_owned())),
        None => {}
    }
    if let Some(t) = &p.title {
        f.push(("title", quote(t)));
    }
    f.push(("rated_games", p.rated_games.to_string()));
    if let Some(n) = p.rated_events {
        f.push(("rated_events", n.to_string()));
    }
    if let Some(r) = p.ever_reached {
        f.push(("ever_reached", r.to_string()));
    }
    if let Some(y) = p.birth_year {
        f.push(("birth_year", y.to_string()));
    }
    if let Some(r) = p.rank {
        f.push(("rank", r.to_string()));
    }
    if let Some(u) = &p.unit {
        f.push(("unit", quote(u)));
    }
    if let Some(b) = p.board {
        f.push(("board", b.to_string()));
    }
    if let Some(t) = &p.team {
        f.push(("team", quote(t)));
    }
    if p.computer {
        f.push(("computer", "true".to_owned()));
    }
    if let Some(r) = p.international_rating {
        f.push(("international_rating", r.to_string()));
    }
    if p.foreign {
        f.push(("foreign", "true".to_owned()));
    }
    if let Some(g) = &p.grade {
        f.push(("grade", quote(g)));
    }
    if let Some(x) = &p.federation {
        f.push(("federation", quote(x)));
    }
    f
}

/// An inline object: `{"k": v, …}` in JSON, `{ k = v, … }` in TOML.
fn inline(fields: &[(&str, String)], toml: bool) -> String {
    if toml {
        let inner: Vec<String> = fields.iter().map(|(k, v)| format!("{k} = {v}")).collect();
        format!("{{ {} }}", inner.join(", "))
    } else {
        let inner: Vec<String> = fields
            .iter()
            .map(|(k, v)| format!("\"{k}\": {v}"))
            .collect();
        format!("{{{}}}", inner.join(", "))
    }
}

/// The event's details (docs/event-format.md) as header lines.
fn detail_fields(event: &Event, h: &mut Vec<(&'static str, String, String)>) {
    let d = event.details();
    let both = |h: &mut Vec<(&'static str, String, String)>, key, v: String| {
        h.push((key, v.clone(), v));
    };
    if let Some(k) = &d.kind {
        both(h, "kind", quote(k));
    }
    for (key, on) in [
        ("invitational", d.invitational),
        ("rapid", d.rapid),
        ("rapid_rated", d.rapid_rated),
        ("scheveningen", d.scheveningen),
        ("team_round_robin", d.team_round_robin),
        ("international", d.international),
    ] {
        if on {
            both(h, key, "true".to_owned());
        }
    }
    if let Some(r) = d.registered {
        let text = r.format("%Y-%m-%d").to_string();
        h.push(("registered", quote(&text), text));
    }
    if let Some(host) = &d.host {
        both(h, "host", quote(host));
    }
    if let Some(t) = &d.time_control {
        both(
            h,
            "time_control",
            quote(&t.preset.clone().unwrap_or_else(|| t.to_string())),
        );
    }
    if !d.round_dates.is_empty() {
        // Round k is element k − 1: the dates are written in round order
        // (the reader numbers them from 1).
        let mut dates = d.round_dates.clone();
        dates.sort_unstable();
        let texts: Vec<String> = dates
            .iter()
            .map(|(_, x)| x.format("%Y-%m-%d").to_string())
            .collect();
        let json: Vec<String> = texts.iter().map(|t| quote(t)).collect();
        h.push((
            "round_dates",
            format!("[{}]", json.join(", ")),
            format!("[{}]", texts.join(", ")),
        ));
    }
    if !d.arbiters.is_empty() {
        let row = |a: &qiyuan_rating::model::Arbiter, toml| {
            inline(
                &[("name", quote(&a.name)), ("grade", quote(a.grade.as_str()))],
                toml,
            )
        };
        let json: Vec<String> = d.arbiters.iter().map(|a| row(a, false)).collect();
        let toml: Vec<String> = d.arbiters.iter().map(|a| row(a, true)).collect();
        h.push((
            "arbiters",
            format!("[{}]", json.join(", ")),
            format!("[{}]", toml.join(", ")),
        ));
    }
    if !d.teams.is_empty() {
        let row = |t: &qiyuan_rating::model::Team, toml| {
            let mut f = vec![("name", quote(&t.name))];
            if let Some(r) = t.rank {
                f.push(("rank", r.to_string()));
            }
            inline(&f, toml)
        };
        let json: Vec<String> = d.teams.iter().map(|t| row(t, false)).collect();
        let toml: Vec<String> = d.teams.iter().map(|t| row(t, true)).collect();
        h.push((
            "teams",
            format!("[{}]", json.join(", ")),
            format!("[{}]", toml.join(", ")),
        ));
    }
}

fn pairing_fields(p: &Pairing) -> Vec<(&'static str, String)> {
    let mut fields = vec![
        ("round", p.round().to_string()),
        ("white", p.first().to_string()),
    ];
    if let Some(black) = p.second() {
        fields.push(("black", black.to_string()));
    }
    fields.push(("result", quote(p.code())));
    fields
}

fn header(event: &Event) -> Vec<(&'static str, String, String)> {
    // (key, JSON text, TOML text): TOML writes dates as native local dates.
    let mut h = vec![
        ("name", quote(event.name()), quote(event.name())),
        (
            "game",
            quote(event.game().code()),
            quote(event.game().code()),
        ),
        (
            "system",
            quote(EventSystem::code(event.system())),
            quote(EventSystem::code(event.system())),
        ),
    ];
    if let Some(d) = event.start() {
        h.push((
            "start",
            quote(&d.format("%Y-%m-%d").to_string()),
            d.format("%Y-%m-%d").to_string(),
        ));
    }
    if let Some(d) = event.end() {
        h.push((
            "end",
            quote(&d.format("%Y-%m-%d").to_string()),
            d.format("%Y-%m-%d").to_string(),
        ));
    }
    detail_fields(event, &mut h);
    h
}

fn json_line(fields: &[(&'static str, String)]) -> String {
    let inner: Vec<String> = fields
        .iter()
        .map(|(k, v)| format!("\"{k}\": {v}"))
        .collect();
    format!("{{{}}}", inner.join(", "))
}

fn json_list(out: &mut String, key: &str, items: &[String], last: bool) {
    if items.is_empty() {
        let _ = write!(out, "  \"{key}\": []");
    } else {
        let _ = writeln!(out, "  \"{key}\": [");
        for (i, item) in items.iter().enumerate() {
            let comma = if i + 1 < items.len() { "," } else { "" };
            let _ = writeln!(out, "    {item}{comma}");
        }
        out.push_str("  ]");
    }
    out.push_str(if last { "\n" } else { ",\n" });
}

/// The event as a JSON event file (one player or game per line).
///
/// ```
/// use qiyuan_formats::event::{read_event, write_event_json};
/// let text = "name = \"t\"\ngame = \"xiangqi\"\nsystem = \"match\"\nplayers = []\ngames = []\n";
/// let event = read_event(text, "t.toml", None).unwrap();
/// assert_eq!(
///     write_event_json(&event),
///     "{\n  \"name\": \"t\",\n  \"game\": \"xiangqi\",\n  \"system\": \"match\",\n  \"players\": [],\n  \"games\": []\n}\n"
/// );
/// ```
pub fn write_event_json(event: &Event) -> String {
    json_with_records(event, &[])
}

/// The fields of game `i`, with its `record` when there is one.
fn game_fields(
    event: &Event,
    records: &[Option<RecordRef>],
    i: usize,
) -> Vec<(&'static str, String)> {
    let mut fields = pairing_fields(&event.pairings()[i]);
    if let Some(Some(r)) = records.get(i) {
        fields.push(("record", quote(&r.to_string())));
    }
    fields
}

fn json_with_records(event: &Event, records: &[Option<RecordRef>]) -> String {
    let mut out = String::from("{\n");
    for (key, json, _) in header(event) {
        let _ = writeln!(out, "  \"{key}\": {json},");
    }
    let players: Vec<String> = event
        .players()
        .iter()
        .map(|p| json_line(&player_fields(p, false)))
        .collect();
    json_list(&mut out, "players", &players, false);
    let games: Vec<String> = (0..event.pairings().len())
        .map(|i| json_line(&game_fields(event, records, i)))
        .collect();
    json_list(&mut out, "games", &games, true);
    out.push_str("}\n");
    out
}

/// The event as a TOML event file (`[[players]]` and `[[games]]` tables;
/// an unrated player has no `rating` key, a bye no `black` key).
///
/// ```
/// use qiyuan_formats::event::{read_event, write_event_toml};
/// let text = r#"{"name": "t", "game": "chess", "system": "swiss", "start": "2024-03-01",
///   "players": [{"id": 1, "name": "A", "sex": "f", "rating": null}],
///   "games": [{"round": 1, "white": 1, "result": "bye"}]}"#;
/// let event = read_event(text, "t.json", None).unwrap();
/// assert_eq!(
///     write_event_toml(&event),
///     "name = \"t\"\ngame = \"chess\"\nsystem = \"swiss\"\nstart = 2024-03-01\n\n\
///      [[players]]\nid = 1\nname = \"A\"\nsex = \"f\"\nrated_games = 0\n\n\
///      [[games]]\nround = 1\nwhite = 1\nresult = \"bye\"\n"
/// );
/// ```
pub fn write_event_toml(event: &Event) -> String {
    toml_with_records(event, &[])
}

fn toml_with_records(event: &Event, records: &[Option<RecordRef>]) -> String {
    let mut out = String::new();
    for (key, _, toml) in header(event) {
        let _ = writeln!(out, "{key} = {toml}");
    }
    // An empty list must be written before the first table header.
    if event.players().is_empty() {
        out.push_str("players = []\n");
    }
    if event.pairings().is_empty() {
        out.push_str("games = []\n");
    }
    let tables = event
        .players()
        .iter()
        .map(|p| ("players", player_fields(p, true)))
        .chain((0..event.pairings().len()).map(|i| ("games", game_fields(event, records, i))));
    for (name, fields) in tables {
        let _ = writeln!(out, "\n[[{name}]]");
        for (k, v) in fields {
            let _ = writeln!(out, "{k} = {v}");
        }
    }
    out
}

/// The event in the given format: [`write_event_json`] or [`write_event_toml`].
pub fn write_event(event: &Event, format: EventFormat) -> String {
    match format {
        EventFormat::Json => write_event_json(event),
        EventFormat::Toml => write_event_toml(event),
    }
}

/// [`write_event`] with each game's `record` (in the order of the event's
/// games, as [`super::read_event_with_records`] returns them): reading the
/// output with records gives the same event and records.
///
/// ```
/// use qiyuan_formats::event::{read_event_with_records, write_event_with_records, EventFormat};
/// let text = r#"{"name": "例", "game": "xiangqi", "system": "match",
///   "players": [{"id": 1, "name": "甲", "sex": "m"}, {"id": 2, "name": "乙", "sex": "m"}],
///   "games": [{"round": 1, "red": 1, "black": 2, "result": "1-0", "record": "r1.pgn#2"}]}"#;
/// let (event, records) = read_event_with_records(text, "例.json", None).unwrap();
/// let toml = write_event_with_records(&event, &records, EventFormat::Toml);
/// assert!(toml.ends_with("result = \"1-0\"\nrecord = \"r1.pgn#2\"\n"));
/// let (again, back) = read_event_with_records(&toml, "例.toml", None).unwrap();
/// assert_eq!(again, event);
/// assert_eq!(back[0].as_ref().map(ToString::to_string).as_deref(), Some("r1.pgn#2"));
/// ```
pub fn write_event_with_records(
    event: &Event,
    records: &[Option<RecordRef>],
    format: EventFormat,
) -> String {
    match format {
        EventFormat::Json => json_with_records(event, records),
        EventFormat::Toml => toml_with_records(event, records),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_is_valid_json_and_toml() {
        let s = "a\"b\\c\nd\u{1}\u{7f}王";
        let q = quote(s);
        assert_eq!(serde_json::from_str::<String>(&q).unwrap(), s);
        let t: toml::Table = toml::from_str(&format!("k = {q}")).unwrap();
        assert_eq!(t["k"].as_str(), Some(s));
    }
}
