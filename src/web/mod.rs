//! wasm32 only: the page (a Leptos app, [`app`]), its engine workers
//! ([`engine`] on the page's side, [`worker`] inside each worker) and the
//! canvas drawing shared by the board and the PNG export.
//!
//! Typed values cross the JS boundary through serde-wasm-bindgen: the page
//! posts a `ui::jobs::JobMessage` and receives a `JobReply`, so nothing is
//! JSON text parsed on both sides. Scalars stay `String`, `i32` and `f64`
//! (64-bit integers would become BigInt).

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::budget::{Budget, ByteSize};

/// The engine's tables may use this much of a tab's memory: wasm32 memory
/// only grows, and a tab that outgrows its heap dies with the page.
pub const WORKER_MEMORY: ByteSize = ByteSize::mib(256);

/// How many characters of printed values one answer may hand the page:
/// a longer value is shown as its length (with its outcome and best
/// moves), since megabytes of braces would only stall the tab.
pub const PAGE_TEXT_LIMIT: u64 = 100_000;

/// The budget of one job in the worker. The page enforces a deadline of
/// its own by terminating the worker (Cancel, and its time limit).
pub fn worker_budget() -> Budget {
    Budget::new(WORKER_MEMORY, None).with_text_limit(PAGE_TEXT_LIMIT)
}

/// A value as a plain JS object (maps as objects, not `Map`s).
pub(crate) fn to_js<T: Serialize>(value: &T) -> JsValue {
    let ser = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    value.serialize(&ser).unwrap_or(JsValue::NULL)
}

mod app;
mod canvas;
mod engine;
mod export;
mod worker;
