//! Share links (`#v1=` + base64url JSON): decoded and fully checked, or a
//! one-line error. The fuzzer sees raw fragments; seed its corpus with real
//! links (`share::encode`) so it reaches past the base64 layer.
#![no_main]

use hackenbush_lab::ui::share;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(e) = share::decode(text) {
        assert!(one_line(&e));
    }
});

/// An error message must be one line, with nothing that garbles it.
fn one_line(message: &str) -> bool {
    !message
        .chars()
        .any(|c| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}'))
}
