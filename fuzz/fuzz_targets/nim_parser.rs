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
                assert!(!e.to_string().contains('\n'));
            }
        }
        Err(e) => assert!(!e.to_string().contains('\n')),
    }
});
