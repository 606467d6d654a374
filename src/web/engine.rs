//! The page's engine client: one module Worker per [`Lane`], so the value
//! card's question never waits behind a long exploration and cancelling
//! one never stops the other.
//!
//! The session says which jobs it wants ([`Session::wanted_jobs`], at most
//! one per lane); [`EngineWorkers::sync`] compares them with what each lane runs:
//! a new job is posted, work no longer wanted is stopped by terminating
//! the worker (wasm cannot be interrupted any other way; the next job
//! starts a fresh one). Each job runs under the page's time limit; replies
//! come back typed ([`JobReply`]) and are accepted only for the job the
//! lane is running.
//!
//! Starting a worker means fetching and compiling the wasm bundle again,
//! which would put a whole load between a click and its answer. So one
//! worker is always kept loading or loaded as a spare: the first is
//! started by `boot.js` while the page itself loads (the first value then
//! waits for one load, not two in a row), and a new spare is started
//! whenever one is taken, once nothing is being computed.
//!
//! [`Session::wanted_jobs`]: crate::ui::session::Session::wanted_jobs

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use leptos::prelude::{set_timeout, set_timeout_with_handle, TimeoutHandle};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ErrorEvent, MessageEvent, Worker, WorkerOptions, WorkerType};

use crate::ui::jobs::{Job, JobError, JobMessage, JobReply, Lane};

/// The longest a job may run before the page stops it (seconds); a
/// `?limit=N` query (1 to 30) shortens it, for tests that must fail fast.
pub const TIME_LIMIT_S: u32 = 30;

/// What the engine client tells the page about a lane.
pub enum Event {
    /// The job's answer (or typed failure), and how long it took (ms).
    Reply(Box<JobReply>, f64),
    /// The time limit stopped `job`.
    TimedOut(Job, u32),
    /// What the running `job` has found so far (its answer is still to come).
    Stage(Job, Box<crate::analysis::Stage>),
}

struct Running {
    id: u32,
    job: Job,
    started: f64,
    timer: Option<TimeoutHandle>,
}

struct LaneState {
    lane: Lane,
    worker: Option<Worker>,
    running: Option<Running>,
    // Kept alive as long as the worker they listen to.
    on_message: Option<Closure<dyn FnMut(MessageEvent)>>,
    on_error: Option<Closure<dyn FnMut(ErrorEvent)>>,
}

impl LaneState {
    fn stop_worker(&mut self) {
        if let Some(w) = self.worker.take() {
            w.set_onmessage(None);
            w.set_onerror(None);
            w.terminate();
        }
        self.on_message = None;
        self.on_error = None;
        if let Some(r) = self.running.take() {
            if let Some(t) = r.timer {
                t.clear();
            }
        }
    }
}

/// A worker started ahead of need. Its load may fail before any job is
/// posted (no one would hear the error then), so it listens for that.
struct Spare {
    worker: Worker,
    failed: Rc<Cell<bool>>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

impl Spare {
    fn adopt(worker: Worker) -> Spare {
        let failed = Rc::new(Cell::new(false));
        let flag = Rc::clone(&failed);
        let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |e: ErrorEvent| {
            e.prevent_default();
            flag.set(true);
        });
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Spare {
            worker,
            failed,
            _on_error: on_error,
        }
    }

    fn new() -> Option<Spare> {
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        Worker::new_with_options("./worker.js", &options)
            .ok()
            .map(Spare::adopt)
    }

    /// The worker, unless its load already failed.
    fn take(self) -> Option<Worker> {
        self.worker.set_onerror(None);
        if self.failed.get() {
            self.worker.terminate();
            None
        } else {
            Some(self.worker)
        }
    }
}

pub struct EngineWorkers {
    lanes: [LaneState; 2],
    spare: Option<Spare>,
    next_id: u32,
    limit_s: u32,
}

fn index(lane: Lane) -> usize {
    match lane {
        Lane::Analysis => 0,
        Lane::Teach => 1,
    }
}

fn lane_state(lane: Lane) -> LaneState {
    LaneState {
        lane,
        worker: None,
        running: None,
        on_message: None,
        on_error: None,
    }
}

/// The page's time limit: `?limit=N` (1 to 30 seconds) or 30.
pub fn time_limit() -> u32 {
    let search = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    search
        .trim_start_matches('?')
        .split('&')
        .find_map(|kv| kv.strip_prefix("limit="))
        .and_then(|n| n.parse::<u32>().ok())
        .filter(|n| (1..=TIME_LIMIT_S).contains(n))
        .unwrap_or(TIME_LIMIT_S)
}

impl EngineWorkers {
    /// The engine client, with `spare` (started by `boot.js` while the
    /// page loaded) as its first worker.
    pub fn new(spare: Option<Worker>) -> EngineWorkers {
        EngineWorkers {
            lanes: [lane_state(Lane::Analysis), lane_state(Lane::Teach)],
            spare: spare.map(Spare::adopt),
            next_id: 1,
            limit_s: time_limit(),
        }
    }

    /// Start a spare worker if there is none and no job runs (a load
    /// competing with a running job for the machine's cores would slow
    /// the answer someone is waiting for).
    fn replenish(&mut self) {
        let busy = self.lanes.iter().any(|l| l.running.is_some());
        if self.spare.is_none() && !busy {
            self.spare = Spare::new();
        }
    }

    /// Bring the lanes in line with `wanted` (at most one job per lane):
    /// stop what is no longer wanted, post what is not running yet.
    /// Returns the jobs posted (the page tells the session they started)
    /// and the replies of jobs that could not be posted at all.
    pub fn sync(&mut self, wanted: &[Job], now: f64) -> (Vec<Job>, Vec<Event>) {
        let mut started = Vec::new();
        let mut failed = Vec::new();
        for k in 0..2 {
            let lane = self.lanes[k].lane;
            let want = wanted.iter().find(|j| j.lane() == lane);
            let running = self.lanes[k].running.as_ref().map(|r| &r.job);
            if running == want {
                continue;
            }
            if running.is_some() {
                self.lanes[k].stop_worker();
            }
            if let Some(job) = want {
                match self.post(k, job.clone(), now) {
                    Ok(()) => started.push(job.clone()),
                    Err(message) => {
                        let reply = JobReply {
                            id: 0,
                            job: job.clone(),
                            result: Err(JobError::Crashed(message)),
                        };
                        failed.push(Event::Reply(Box::new(reply), 0.0));
                    }
                }
            }
        }
        self.replenish();
        (started, failed)
    }

    fn post(&mut self, k: usize, job: Job, now: f64) -> Result<(), String> {
        if self.lanes[k].worker.is_none() {
            self.start_worker(k)?;
        }
        let id = self.next_id;
        self.next_id = self.next_id.wrapping_add(1).max(1);
        let message = super::to_js(&JobMessage {
            id,
            job: job.clone(),
        });
        let lane = self.lanes[k].lane;
        let worker = self.lanes[k].worker.clone().ok_or("no worker")?;
        // Posted in a task of its own, once the page has done its work for
        // the action that wanted the job: a heavy replay keeps one of a
        // 2-core machine's cores busy from the moment it arrives, and
        // posted at once it ran beside the page's own updates of the same
        // task (a deck's slides, the board, the panels), which then waited
        // for the other core. A worker stopped meanwhile drops the
        // message; a message that cannot be sent is that job's crash.
        set_timeout(
            move || {
                if let Err(e) = worker.post_message(&message) {
                    let report = crashed(&format!("could not reach the engine worker: {e:?}"));
                    let _ = js_sys::Reflect::set(&report, &"id".into(), &id.into());
                    super::app::engine_message(lane, report);
                }
            },
            Duration::ZERO,
        );
        let limit_s = job.time_limit(self.limit_s);
        let timer = set_timeout_with_handle(
            move || super::app::engine_timed_out(lane, id),
            Duration::from_secs(limit_s.into()),
        )
        .ok();
        self.lanes[k].running = Some(Running {
            id,
            job,
            started: now,
            timer,
        });
        Ok(())
    }

    fn start_worker(&mut self, k: usize) -> Result<(), String> {
        let worker = match self.spare.take().and_then(Spare::take) {
            Some(worker) => worker,
            None => {
                let options = WorkerOptions::new();
                options.set_type(WorkerType::Module);
                Worker::new_with_options("./worker.js", &options)
                    .map_err(|e| format!("could not start the engine worker: {e:?}"))?
            }
        };
        let lane = self.lanes[k].lane;
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            super::app::engine_message(lane, e.data());
        });
        let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |e: ErrorEvent| {
            e.prevent_default();
            let m = e.message();
            super::app::engine_message(
                lane,
                crashed(if m.is_empty() {
                    "the worker failed"
                } else {
                    &m
                }),
            );
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        let s = &mut self.lanes[k];
        s.worker = Some(worker);
        s.on_message = Some(on_message);
        s.on_error = Some(on_error);
        Ok(())
    }

    /// A message from `lane`'s worker: the reply to its running job, or
    /// nothing (a late reply to a job already stopped).
    pub fn receive(&mut self, lane: Lane, data: JsValue, now: f64) -> Option<Event> {
        let s = &mut self.lanes[index(lane)];
        let running = s.running.as_ref()?;
        let id = js_sys::Reflect::get(&data, &"id".into())
            .ok()
            .and_then(|v| v.as_f64());
        // An error event carries no id: it is about the running job.
        if id.is_some_and(|id| id != f64::from(running.id)) {
            return None;
        }
        let stage = js_sys::Reflect::get(&data, &"stage".into())
            .ok()
            .filter(|v| !v.is_undefined());
        if let Some(stage) = stage {
            // A partial answer: the job runs on.
            return serde_wasm_bindgen::from_value(stage)
                .ok()
                .map(|s| Event::Stage(running.job.clone(), Box::new(s)));
        }
        let failure = ["crashed", "unreadable"].iter().find_map(|k| {
            js_sys::Reflect::get(&data, &(*k).into())
                .ok()
                .and_then(|v| v.as_string())
        });
        let running = s.running.take()?;
        if let Some(t) = running.timer {
            t.clear();
        }
        let elapsed = now - running.started;
        let reply = match failure {
            Some(message) => {
                // The wasm instance may be unusable after a panic.
                s.stop_worker();
                JobReply {
                    id: running.id,
                    job: running.job,
                    result: Err(JobError::Crashed(message)),
                }
            }
            None => match serde_wasm_bindgen::from_value::<JobReply>(data) {
                Ok(reply) => reply,
                Err(e) => JobReply {
                    id: running.id,
                    job: running.job,
                    result: Err(JobError::Crashed(format!("unreadable reply: {e}"))),
                },
            },
        };
        self.replenish();
        Some(Event::Reply(Box::new(reply), elapsed))
    }

    /// The time limit of job `id` on `lane` ran out: stop it.
    pub fn time_out(&mut self, lane: Lane, id: u32) -> Option<Event> {
        let s = &mut self.lanes[index(lane)];
        if s.running.as_ref().map(|r| r.id) != Some(id) {
            return None;
        }
        let job = s.running.as_ref()?.job.clone();
        s.stop_worker();
        self.replenish();
        let limit_s = job.time_limit(self.limit_s);
        Some(Event::TimedOut(job, limit_s))
    }

    /// How long `lane`'s job has run (ms), if one runs.
    pub fn running_for(&self, lane: Lane, now: f64) -> Option<f64> {
        self.lanes[index(lane)]
            .running
            .as_ref()
            .map(|r| now - r.started)
    }
}

/// An error event as a crash report.
fn crashed(message: &str) -> JsValue {
    let out = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&out, &"crashed".into(), &message.into());
    out.into()
}
