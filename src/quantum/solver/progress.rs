//! Progress of a long search, reported from within it: the hook a caller
//! installs, called about every so many milliseconds with the states
//! memoised so far and the bytes charged.

use super::QuantumSolver;
use crate::budget::now_millis;
use crate::quantum::base::QuantumBase;

/// How far a long search has got, for a progress line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchProgress {
    /// States with a memoised value or outcome.
    pub states: u64,
    /// Bytes of the solver's tables charged to its budget.
    pub charged_bytes: u64,
    /// Milliseconds since the hook was set.
    pub millis: u64,
}

/// The progress callback and when it is called next.
pub(super) struct ProgressHook {
    call: Box<dyn FnMut(SearchProgress)>,
    every_millis: f64,
    start: f64,
    next: f64,
    /// Search steps since the clock was last read.
    steps: u32,
}

/// Steps of search between two readings of the clock for progress: a
/// step is a state searched, microseconds at most, so a report is late
/// by a few milliseconds at most.
const PROGRESS_STEPS: u32 = 1 << 10;

impl<B: QuantumBase> QuantumSolver<B> {
    /// Call `hook` about every `every_millis` milliseconds while a search
    /// runs (from within it, so a caller sees a long search move: states
    /// memoised and bytes charged). `None` removes it.
    pub fn on_progress(&mut self, hook: Option<Box<dyn FnMut(SearchProgress)>>, every_millis: u64) {
        let now = now_millis();
        self.progress = hook.map(|call| ProgressHook {
            call,
            every_millis: every_millis as f64,
            start: now,
            next: now + every_millis as f64,
            steps: 0,
        });
    }

    /// One step of search for the progress hook: the clock is read every
    /// [`PROGRESS_STEPS`] steps, the hook called when it is due.
    #[inline]
    pub(super) fn progress_step(&mut self) {
        let Some(hook) = &mut self.progress else {
            return;
        };
        hook.steps += 1;
        if hook.steps < PROGRESS_STEPS {
            return;
        }
        hook.steps = 0;
        let now = now_millis();
        if now < hook.next {
            return;
        }
        hook.next = now + hook.every_millis;
        let millis = (now - hook.start) as u64;
        let report = SearchProgress {
            states: self.memo_len() as u64,
            charged_bytes: self.account.meter.charged(),
            millis,
        };
        if let Some(hook) = &mut self.progress {
            (hook.call)(report);
        }
    }
}
