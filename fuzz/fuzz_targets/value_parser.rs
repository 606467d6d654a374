//! Game values (`{2|1}`, `*3`, `{2|1||0}`): a parsed game prints in plain
//! notation and reads back to the same canonical game; bad text is a
//! one-line error. Never a panic, a stack overflow or a huge allocation
//! (run with libFuzzer's -rss_limit_mb to see the last).
#![no_main]

use hackenbush_lab::game::Arena;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut arena = Arena::new();
    match arena.parse(text) {
        Ok(g) => {
            let plain = arena.plain(g);
            assert_eq!(arena.parse(&plain).ok(), Some(g), "{plain}");
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
