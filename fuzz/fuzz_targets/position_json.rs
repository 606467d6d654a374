//! The position JSON and the editor's drawing JSON: validated documents
//! only, one-line errors otherwise.
#![no_main]

use hackenbush_lab::position::json::from_json;
use hackenbush_lab::position::MAX_EDGES;
use hackenbush_lab::ui::drawing::Drawing;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match from_json(text) {
        Ok((p, _)) => assert!(p.edge_count() <= MAX_EDGES),
        Err(e) => assert!(one_line(&e.to_string())),
    }
    match Drawing::from_json(text) {
        Ok(d) => {
            d.check().expect("a read drawing is valid");
            let _ = d.text();
        }
        Err(e) => assert!(one_line(&e)),
    }
});

/// An error message must be one line, with nothing that garbles it.
fn one_line(message: &str) -> bool {
    !message
        .chars()
        .any(|c| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}'))
}
