//! A quantum solver kept from one analysis to the next on this thread, for
//! the page's engine worker.
//!
//! During quantum play the page asks for an analysis after every move: the
//! same position and rules, one move further. A value search values every
//! state reachable from the one it is asked about, so the first analysis
//! of a game has already valued every state its play can reach, and the
//! options of each. A solver kept with its memo answers those later
//! analyses (value, best moves, the staged outcome and bounds) from
//! memory instead of searching again.
//!
//! Keeping is sound because a solver's memo depends only on what the key
//! holds: the position, the rules (flavour, width, Nim labels) and the
//! start state (the reductions use the start's symmetries; it is a
//! function of the position). Only a solver whose last search finished is
//! kept: one stopped by its budget is dropped, so no half-built table is
//! ever reused. A kept solver is charged to each new analysis' budget and
//! is dropped when it would take more than half of it, so reuse never
//! turns an analysis that fits into one that does not.
//!
//! Off unless [`keep_solvers`] turns it on: the CLI analyses once per
//! process and has no use for the memory.

use std::any::Any;
use std::cell::{Cell, RefCell};

use super::options::Rules;
use crate::budget::Budget;
use crate::quantum::{QuantumBase, QuantumSolver};

/// What a kept solver answers for: everything a memoised value depends on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct SolverKey {
    pub position: String,
    pub rules: Rules,
}

struct Kept {
    key: SolverKey,
    /// A `QuantumSolver<B>` for the base the key's position is read as.
    solver: Box<dyn Any>,
}

thread_local! {
    static ON: Cell<bool> = const { Cell::new(false) };
    static KEPT: RefCell<Option<Kept>> = const { RefCell::new(None) };
}

/// Keep the last quantum analysis' solver on this thread from now on
/// (`true`), or drop it and stop keeping (`false`).
pub fn keep_solvers(on: bool) {
    ON.with(|c| c.set(on));
    if !on {
        KEPT.with(|k| k.borrow_mut().take());
    }
}

/// The kept solver for `key`, charged to `budget`, if there is one that
/// fits in half of it. Taking it leaves none kept until [`keep`].
pub(super) fn take<B: QuantumBase + 'static>(
    key: &SolverKey,
    budget: &Budget,
) -> Option<QuantumSolver<B>> {
    let kept = KEPT.with(|k| k.borrow_mut().take())?;
    if kept.key != *key {
        return None;
    }
    let mut solver = *kept.solver.downcast::<QuantumSolver<B>>().ok()?;
    solver.set_budget(budget);
    (solver.charged_bytes() <= budget.max_bytes().0 / 2).then_some(solver)
}

/// Keep `solver`, whose searches all finished, for the next analysis of
/// `key` (if keeping is on). Its progress hook, which reports to this
/// analysis' caller, is removed.
pub(super) fn keep<B: QuantumBase + 'static>(key: SolverKey, mut solver: QuantumSolver<B>) {
    if !ON.with(Cell::get) {
        return;
    }
    solver.on_progress(None, 0);
    KEPT.with(|k| {
        *k.borrow_mut() = Some(Kept {
            key,
            solver: Box::new(solver),
        })
    });
}

/// How many states the kept solver has memoised (`None`: none is kept).
#[cfg(test)]
pub(super) fn kept_memo_len() -> Option<usize> {
    KEPT.with(|k| {
        let kept = k.borrow();
        let any = &kept.as_ref()?.solver;
        any.downcast_ref::<QuantumSolver<crate::rules::Hackenbush>>()
            .map(QuantumSolver::memo_len)
            .or_else(|| {
                any.downcast_ref::<QuantumSolver<crate::rules::Nim>>()
                    .map(QuantumSolver::memo_len)
            })
    })
}
