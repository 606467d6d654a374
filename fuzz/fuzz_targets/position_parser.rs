//! The position notation: any text either parses to a position that prints
//! and reads back unchanged, or is a one-line error. Never a panic.
#![no_main]

use hackenbush_lab::position::json::{from_json, to_json_auto};
use hackenbush_lab::position::{print, Position, MAX_EDGES};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match text.parse::<Position>() {
        Ok(p) => {
            assert!(p.edge_count() <= MAX_EDGES);
            let printed = print(&p);
            let again: Position = printed.parse().expect("printed positions parse");
            assert_eq!(print(&again), printed);
            let (back, _) = from_json(&to_json_auto(&p)).expect("own JSON reads back");
            assert_eq!(back.edges, p.edges);
        }
        Err(e) => assert!(one_line(&e.to_string())),
    }
});

/// An error message must be one line, with nothing that garbles it.
fn one_line(message: &str) -> bool {
    !message
        .chars()
        .any(|c| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}'))
}
