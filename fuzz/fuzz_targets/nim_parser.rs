//! `nim:3,2`: heaps, then green stalks (or "too many edges"), or a
//! one-line error.
#![no_main]

use hackenbush_lab::position::presets::nim_heaps;
use hackenbush_lab::rules::nim::parse_nim;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse_nim(text) {
        Ok(heaps) => {
            if let Err(e) = nim_heaps(&heaps) {
                assert!(one_line(&e.to_string()));
            }
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
