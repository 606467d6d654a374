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
        Err(e) => assert!(!e.to_string().contains('\n')),
    }
    match Drawing::from_json(text) {
        Ok(d) => {
            d.check().expect("a read drawing is valid");
            let _ = d.text();
        }
        Err(e) => assert!(!e.contains('\n')),
    }
});
