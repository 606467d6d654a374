//! The engine's side of a worker: one typed [`JobMessage`] in, one
//! [`JobReply`] out (serde-wasm-bindgen both ways, never JSON text).
//!
//! `www/worker.js` only loads the bundle and hands each message here, so
//! the worker protocol is Rust types on both ends. A panic cannot be
//! caught in wasm32 (it aborts the instance): the page sees the worker's
//! error event, answers the job with `JobError::Crashed` and starts a
//! fresh worker for that lane.

use wasm_bindgen::prelude::*;

use super::{to_js, worker_budget};
use crate::ui::jobs::{self, JobMessage, JobReply};

/// Run one job message (a `JobMessage` object) and return its `JobReply`
/// object. A message that is not a job (a bug of the page, never of a
/// person's input) comes back as `{id, unreadable}` and the page reports
/// the lane's job as crashed.
#[wasm_bindgen]
pub fn worker_message(message: JsValue) -> JsValue {
    console_error_panic_hook::set_once();
    match serde_wasm_bindgen::from_value::<JobMessage>(message.clone()) {
        Ok(JobMessage { id, job }) => {
            let result = jobs::run(&job, &worker_budget());
            to_js(&JobReply { id, job, result })
        }
        Err(e) => {
            let id = js_sys::Reflect::get(&message, &"id".into()).unwrap_or(JsValue::NULL);
            let out = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&out, &"id".into(), &id);
            let _ = js_sys::Reflect::set(&out, &"unreadable".into(), &e.to_string().into());
            out.into()
        }
    }
}
