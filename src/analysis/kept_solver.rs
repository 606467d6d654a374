//! A quantum solver kept from one analysis to the next on this thread, for
//! the page's engine worker.
//!
//! During quantum play the page asks for an analysis after every move: the
//! same position and rules, one move further. What the first analysis
//! searched stays in the solver's memos: the values the full search found
//! (every state below a hot one), the outcomes and comparisons of the
//! probes. A solver kept with its memos answers the later analyses (value,
//! best moves, the staged outcome and bounds) from memory where it can,
//! and searches only what is new.
//!
//! Keeping is sound because a solver's memo depends only on what the key
//! holds: the position, the rules (flavour, width, Nim labels) and the
//! start state (the reductions use the start's symmetries; it is a
//! function of the position). Only a solver whose last search finished is
//! kept: one stopped by its budget is dropped, so no half-built table is
//! ever reused.
//!
//! The last [`KEPT_GAMES`] games' solvers are kept, so a lecturer going
//! back and forth through a deck's quantum slides is answered from memory
//! too. They stay within each analysis' budget: the solver taken for it is
//! charged to it like a fresh one, and the others are charged to it while
//! it runs ([`Held`]); all of them together take at most half of it (the
//! least recently used are dropped first), so keeping never turns an
//! analysis that fits into one that does not.
//!
//! Off unless [`keep_solvers`] turns it on: the CLI analyses once per
//! process and has no use for the memory.

use std::any::Any;
use std::cell::{Cell, RefCell};

use super::options::Rules;
use crate::budget::{Budget, Meter};
use crate::quantum::{QuantumBase, QuantumSolver};

/// How many games' solvers are kept: a lesson of a few quantum slides.
pub const KEPT_GAMES: usize = 4;

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
    /// Its tables' bytes when it was kept.
    bytes: u64,
}

thread_local! {
    static ON: Cell<bool> = const { Cell::new(false) };
    /// Most recently used first.
    static KEPT: RefCell<Vec<Kept>> = const { RefCell::new(Vec::new()) };
}

/// Keep the last quantum analyses' solvers on this thread from now on
/// (`true`), or drop them and stop keeping (`false`).
pub fn keep_solvers(on: bool) {
    ON.with(|c| c.set(on));
    if !on {
        KEPT.with(|k| k.borrow_mut().clear());
    }
}

/// The other kept solvers' bytes, charged to an analysis' budget while it
/// runs (dropping it gives them back).
pub(super) struct Held {
    _meter: Meter,
}

/// The kept solver for `key`, charged to `budget`, if there is one (and it
/// fits in half of it), and the other kept solvers' bytes charged to
/// `budget` while the analysis runs. The least recently used are dropped
/// until all fit in half of `budget`. Taking a solver leaves it out of the
/// kept ones until [`keep`].
pub(super) fn take<B: QuantumBase + 'static>(
    key: &SolverKey,
    budget: &Budget,
) -> (Option<QuantumSolver<B>>, Held) {
    let half = budget.max_bytes().0 / 2;
    KEPT.with(|k| {
        let mut kept = k.borrow_mut();
        let taken = kept
            .iter()
            .position(|x| x.key == *key)
            .map(|i| kept.remove(i))
            .and_then(|x| x.solver.downcast::<QuantumSolver<B>>().ok())
            .map(|solver| {
                let mut solver = *solver;
                solver.set_budget(budget);
                solver
            })
            .filter(|solver| solver.charged_bytes() <= half);
        let room = half.saturating_sub(taken.as_ref().map_or(0, |s| s.charged_bytes()));
        evict_past(&mut kept, room);
        let mut meter = budget.meter();
        // Within half of the budget by construction; an excess here would
        // be reported by the analysis' own first check.
        let _ = meter.add(kept.iter().map(|x| x.bytes).sum());
        (taken, Held { _meter: meter })
    })
}

/// Keep `solver`, whose searches all finished, for the next analysis of
/// `key` (if keeping is on), as the most recently used. Its progress
/// hook, which reports to this analysis' caller, is removed.
pub(super) fn keep<B: QuantumBase + 'static>(
    key: SolverKey,
    mut solver: QuantumSolver<B>,
    budget: &Budget,
) {
    if !ON.with(Cell::get) {
        return;
    }
    solver.on_progress(None, 0);
    // Exact, so that taking it back under the same budget finds the
    // same size.
    solver.recharge();
    let bytes = solver.charged_bytes();
    KEPT.with(|k| {
        let mut kept = k.borrow_mut();
        kept.retain(|x| x.key != key);
        kept.insert(
            0,
            Kept {
                key,
                solver: Box::new(solver),
                bytes,
            },
        );
        kept.truncate(KEPT_GAMES);
        evict_past(&mut kept, budget.max_bytes().0 / 2);
    });
}

/// Drop the least recently used solvers until the rest take at most
/// `room` bytes.
fn evict_past(kept: &mut Vec<Kept>, room: u64) {
    while kept.iter().map(|x| x.bytes).sum::<u64>() > room {
        kept.pop();
    }
}

/// How many games' solvers are kept.
#[cfg(test)]
pub(super) fn kept_games() -> usize {
    KEPT.with(|k| k.borrow().len())
}

/// The kept solvers' bytes, most recently used first.
#[cfg(test)]
pub(super) fn kept_bytes() -> Vec<u64> {
    KEPT.with(|k| k.borrow().iter().map(|x| x.bytes).collect())
}

/// How many states the most recently kept solver has memoised (`None`:
/// none is kept).
#[cfg(test)]
pub(super) fn kept_memo_len() -> Option<usize> {
    KEPT.with(|k| {
        let kept = k.borrow();
        let any = &kept.first()?.solver;
        any.downcast_ref::<QuantumSolver<crate::rules::Hackenbush>>()
            .map(QuantumSolver::memo_len)
            .or_else(|| {
                any.downcast_ref::<QuantumSolver<crate::rules::Nim>>()
                    .map(QuantumSolver::memo_len)
            })
    })
}
