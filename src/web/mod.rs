//! wasm32 bindings: the worker API and canvas drawing.
//!
//! Only `String`, `i32` and `f64` cross the JS boundary (64-bit integers
//! would become BigInt). Structured data goes over as JSON text.

use wasm_bindgen::prelude::*;

use crate::analysis::{self, Report, RulesChoice};

/// `{ok: true, report}` or `{ok: false, error}` as JSON text.
fn reply(result: Result<Report, String>) -> String {
    let value = match result {
        Ok(report) => match serde_json::to_value(&report) {
            Ok(report) => serde_json::json!({ "ok": true, "report": report }),
            Err(e) => serde_json::json!({ "ok": false, "error": format!("internal error: {e}") }),
        },
        Err(error) => serde_json::json!({ "ok": false, "error": error }),
    };
    value.to_string()
}

/// Route Rust panics to `console.error` with a message instead of
/// "unreachable executed". Safe to call more than once.
#[wasm_bindgen]
pub fn init_panic_hook() {
    console_error_panic_hook::set_once();
}

/// Analyse `position` (RULES.md notation) under the ruleset described by
/// `choice_json` (a JSON `RulesChoice`, e.g. `{"rules":"normal"}`).
///
/// Returns JSON text: `{"ok":true,"report":{value,pretty,outcome,birthday?}}`
/// or `{"ok":false,"error":"..."}`. Never throws for bad input.
#[wasm_bindgen]
pub fn analyse(position: String, choice_json: String) -> String {
    let choice: RulesChoice = match serde_json::from_str(&choice_json) {
        Ok(choice) => choice,
        Err(e) => return reply(Err(format!("bad ruleset choice: {e}"))),
    };
    reply(analysis::analyse(&position, &choice))
}

/// Answer an `analysis::Request` given as JSON (position, choice, quantum
/// moves, state limit). Returns `{"ok":true,"report":{…,realisations?}}` or
/// `{"ok":false,"error":"..."}`, like [`analyse`].
#[wasm_bindgen]
pub fn analyse_request(request_json: String) -> String {
    let reply = match serde_json::from_str::<analysis::Request>(&request_json) {
        Ok(req) => analysis::analyse_request(&req),
        Err(e) => Err(format!("bad request: {e}")),
    };
    let value = match reply.map(|a| serde_json::to_value(&a)) {
        Ok(Ok(answer)) => serde_json::json!({ "ok": true, "report": answer }),
        Ok(Err(e)) => serde_json::json!({ "ok": false, "error": format!("internal error: {e}") }),
        Err(error) => serde_json::json!({ "ok": false, "error": error }),
    };
    value.to_string()
}

/// The crate version, shown in the page footer.
#[wasm_bindgen]
pub fn engine_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

mod canvas;
pub mod playground;
