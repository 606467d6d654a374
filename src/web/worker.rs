//! The engine's side of a worker: one typed [`JobMessage`] in, one
//! [`JobReply`] out (serde-wasm-bindgen both ways, never JSON text), and
//! before it, for an analysis, `{id, stage}` messages with what is known
//! so far.
//!
//! `www/worker.js` only loads the bundle and hands each message here, so
//! the worker protocol is Rust types on both ends. A panic cannot be
//! caught in wasm32 (it aborts the instance): the page sees the worker's
//! error event, answers the job with `JobError::Crashed` and starts a
//! fresh worker for that lane.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::{to_js, worker_budget};
use crate::ui::jobs::{self, JobMessage, JobReply};

/// Run one job message (a `JobMessage` object) and return its `JobReply`
/// object. A message that is not a job (a bug of the page, never of a
/// person's input) comes back as `{id, unreadable}` and the page reports
/// the lane's job as crashed.
#[wasm_bindgen]
pub fn worker_message(message: JsValue) -> JsValue {
    console_error_panic_hook::set_once();
    // A quantum game's later positions are answered from the first
    // analysis' memo (src/analysis/kept_solver.rs).
    crate::analysis::keep_solvers(true);
    match serde_wasm_bindgen::from_value::<JobMessage>(message.clone()) {
        Ok(JobMessage { id, job }) => {
            let result =
                jobs::run_in_stages(&job, &worker_budget(), Some(move |s| post_stage(id, s)));
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

/// Post what job `id` has found so far (`{id, stage}`); the page shows it
/// until the whole answer comes (src/web/engine.rs). A failed post loses
/// only a partial answer.
fn post_stage(id: u32, stage: crate::analysis::Stage) {
    let out = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&out, &"id".into(), &id.into());
    let _ = js_sys::Reflect::set(&out, &"stage".into(), &to_js(&stage));
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let _ = scope.post_message(&out);
}
