//! Fuzz target: the event file reader must never panic, and whatever it
//! accepts must write out and read back to the same event (JSON and TOML).
#![no_main]

use libfuzzer_sys::fuzz_target;
use qiyuan_formats::event::{EventFormat, read_event, write_event_json, write_event_toml};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Sniffed, then each format explicitly.
    let results = [
        read_event(text, "fuzz", None),
        read_event(text, "fuzz", Some(EventFormat::Json)),
        read_event(text, "fuzz", Some(EventFormat::Toml)),
    ];
    for result in results {
        match result {
            Ok(event) => {
                let json = write_event_json(&event);
                let back = read_event(&json, "fuzz.json", None)
                    .unwrap_or_else(|e| panic!("written JSON refused: {e}\n{json}"));
                assert_eq!(back, event, "JSON round trip");
                let toml = write_event_toml(&event);
                let back = read_event(&toml, "fuzz.toml", None)
                    .unwrap_or_else(|e| panic!("written TOML refused: {e}\n{toml}"));
                assert_eq!(back, event, "TOML round trip");
            }
            Err(e) => {
                // Every error points inside the file.
                let lines = text.split('\n').count();
                assert!(e.line().is_some_and(|l| (1..=lines).contains(&l)), "{e}");
                let _ = e.to_string();
            }
        }
    }
});
