//! wasm32 bindings: the worker API and canvas drawing.
//!
//! Typed values cross the JS boundary through serde-wasm-bindgen: the page
//! sends an `analysis::Request` object and receives a [`Reply`] object, so
//! nothing is JSON text parsed on both sides. Scalars stay `String`, `i32`
//! and `f64` (64-bit integers would become BigInt).

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::analysis::{self, AnalysisError, Answer, Request};
use crate::budget::{Budget, ByteSize};

/// The engine's tables may use this much of a tab's memory: wasm32 memory
/// only grows, and a tab that outgrows its heap dies with the page.
pub const WORKER_MEMORY: ByteSize = ByteSize::mib(256);

/// How many characters of printed values one answer may hand the page:
/// a longer value is shown as its length (with its outcome and best
/// moves), since megabytes of braces would only stall the tab.
pub const PAGE_TEXT_LIMIT: u64 = 100_000;

/// The budget of one analysis in the worker. The page enforces a deadline
/// of its own by terminating the worker (Cancel, and its time limit).
pub fn worker_budget() -> Budget {
    Budget::new(WORKER_MEMORY, None).with_text_limit(PAGE_TEXT_LIMIT)
}

/// What kind of failure a reply reports.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum FailureKind {
    /// The request was wrong (a bad position, option or move).
    Input,
    /// The computation needed more than the tab's budget.
    Budget,
}

/// The worker's reply: an answer, or an error with its kind.
#[derive(Serialize)]
#[serde(untagged)]
enum Reply {
    Answer {
        ok: bool,
        answer: Answer,
    },
    Failure {
        ok: bool,
        error: String,
        kind: FailureKind,
    },
}

fn failure(error: String, kind: FailureKind) -> Reply {
    Reply::Failure {
        ok: false,
        error,
        kind,
    }
}

/// The message a page shows when the budget stops an analysis.
pub fn too_large_message(e: &crate::budget::Exceeded, req: &Request) -> String {
    let narrower = match req.rules.setting() {
        Some(s) if s.width != crate::quantum::Width::Limited(2) => "width 2 or fewer edges",
        _ => "fewer edges",
    };
    if let Some(message) = crate::ui::answer_view::too_long_message(e) {
        return message;
    }
    format!(
        "Too large to analyse here: {e} (a tab allows {WORKER_MEMORY} of tables) — try {narrower}; the command-line tool goes further with --max-memory"
    )
}

/// Route Rust panics to `console.error` with a message instead of
/// "unreachable executed". Safe to call more than once.
#[wasm_bindgen]
pub fn init_panic_hook() {
    console_error_panic_hook::set_once();
}

/// Answer an `analysis::Request` object (position, rules, quantum moves).
/// Returns `{ok: true, answer}` or `{ok: false, error, kind}` with kind
/// `input` or `budget`. Never throws for bad input.
#[wasm_bindgen]
pub fn analyse(request: JsValue) -> JsValue {
    let reply = match serde_wasm_bindgen::from_value::<Request>(request) {
        Err(e) => failure(format!("bad request: {e}"), FailureKind::Input),
        Ok(req) => match analysis::analyse(&req, &worker_budget()) {
            Ok(answer) => Reply::Answer { ok: true, answer },
            Err(AnalysisError::Input(e)) => failure(e.to_string(), FailureKind::Input),
            Err(AnalysisError::Budget(e)) => {
                failure(too_large_message(&e, &req), FailureKind::Budget)
            }
        },
    };
    to_js(&reply)
}

/// A value as a plain JS object (maps as objects, not `Map`s).
pub(crate) fn to_js<T: Serialize>(value: &T) -> JsValue {
    let ser = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    value.serialize(&ser).unwrap_or(JsValue::NULL)
}

/// The crate version, shown in the page footer.
#[wasm_bindgen]
pub fn engine_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

mod app;
mod canvas;
mod engine;
mod export;
pub mod playground;
mod teach;
mod worker;
