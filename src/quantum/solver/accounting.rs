//! The solver's account with its budget: what each of its tables holds,
//! reported to the [`Budget`](crate::budget::Budget) in slots, and how a
//! table's bytes are counted; where the outcome caches crowd the budget,
//! they are emptied rather than the search stopped. Kept apart from the
//! search, so that the search reads as the definition and this as its
//! bookkeeping.

use super::{QuantumSolver, RealId};
use crate::budget::{table_bytes, Exceeded, Meter};
use crate::quantum::base::QuantumBase;
use std::mem::size_of;

// Slots of the solver's meter.
/// The value and outcome memos, with their keys.
pub(super) const MEMO: usize = 0;
/// The realisation table.
pub(super) const REALS: usize = 1;
/// The arena of canonical values.
pub(super) const ARENA: usize = 2;
/// Options and legal maps held on the search stack.
pub(super) const WORK: usize = 3;
pub(super) const SLOTS: usize = 4;

/// Changes smaller than this are not reported to the budget at once: the
/// budget is shared by the cells of a table, and one atomic update per
/// stored state would make them contend. The slack per slot is tiny next
/// to any budget.
pub(super) const GRAIN: u64 = 16 << 10;

/// The solver's account with its budget: what its tables hold, and the
/// first excess noticed where it could not be returned at once.
pub(super) struct Account {
    pub(super) meter: Meter,
    pub(super) reported: [u64; SLOTS],
    /// Heap bytes owned through the realisation table (move lists and the
    /// heap parts of realisations).
    pub(super) real_heap: u64,
    /// Bytes held by the frames of the current search.
    pub(super) work: u64,
    /// Memo size at which the arena is measured next (measuring walks
    /// the whole arena, so it is done at geometrically spaced sizes).
    pub(super) arena_at: usize,
    /// An excess noticed while interning; the next check returns it.
    pub(super) failed: Option<Exceeded>,
}

impl Account {
    pub(super) fn new(meter: Meter) -> Account {
        Account {
            meter,
            reported: [0; SLOTS],
            real_heap: 0,
            work: 0,
            arena_at: 0,
            failed: None,
        }
    }

    /// Table `slot` takes `bytes` now.
    pub(super) fn report(&mut self, slot: usize, bytes: u64) -> Result<(), Exceeded> {
        if bytes.abs_diff(self.reported[slot]) < GRAIN {
            return Ok(());
        }
        self.reported[slot] = bytes;
        self.meter.set(slot, bytes)
    }

    /// One step of search: an excess noticed earlier, the clock, or (every
    /// few thousand steps) the shared memory count.
    pub(super) fn tick(&mut self) -> Result<(), Exceeded> {
        if let Some(e) = self.failed.take() {
            return Err(e);
        }
        self.meter.tick()
    }

    pub(super) fn hold(&mut self, bytes: u64) -> Result<(), Exceeded> {
        self.work += bytes;
        self.report(WORK, self.work)
    }

    pub(super) fn release(&mut self, bytes: u64) {
        self.work = self.work.saturating_sub(bytes);
        // Shrinking never exceeds the budget.
        let _ = self.report(WORK, self.work);
    }
}

/// What one heap allocation of `n` bytes takes: states are short lists,
/// so the allocator's header and rounding (a word, 16-byte steps, 32
/// bytes at least, as in common allocators) are a large part of them and
/// are counted too, or the count would be a fraction of the real use.
pub(super) fn alloc_bytes(n: usize) -> u64 {
    if n == 0 {
        0
    } else {
        ((n + 8).next_multiple_of(16)).max(32) as u64
    }
}

/// The heap bytes of a stored state (`to_vec` allocates exactly `len`).
pub(super) fn key_bytes(s: &[RealId]) -> u64 {
    alloc_bytes(size_of_val(s))
}

/// A vector's bytes, with its next doubling (the new buffer, twice the
/// old) once it is three quarters full: see `charge_reals`.
fn growing<T>(v: &Vec<T>) -> u64 {
    let cap = (v.capacity() * size_of::<T>()) as u64;
    if v.len() * 4 >= v.capacity() * 3 {
        3 * cap
    } else {
        cap
    }
}

impl<B: QuantumBase> QuantumSolver<B> {
    /// Report every table, the arena included; an excess is kept for the
    /// next check.
    pub(super) fn charge_all(&mut self) {
        self.account.arena_at = 0;
        let r = self
            .charge_memo()
            .and_then(|()| self.charge_reals())
            .and_then(|()| self.account.report(WORK, self.account.work));
        if let Err(e) = r {
            self.account.failed.get_or_insert(e);
        }
    }

    /// What the memos hold: values, probed values, outcomes of sums and
    /// number bounds.
    fn memo_bytes(&self) -> u64 {
        self.values.bytes() + self.probed.bytes() + self.sum_memo_bytes + self.number_bounds.bytes()
    }

    /// Report the memos (and, at geometrically spaced sizes, the arena).
    /// Where the outcome caches crowd the budget, they are emptied first
    /// ([`Self::empty_caches`]).
    pub(super) fn charge_memo(&mut self) -> Result<(), Exceeded> {
        let mut bytes = self.memo_bytes();
        if bytes.abs_diff(self.account.reported[MEMO]) >= GRAIN && self.caches_crowd(bytes) {
            self.empty_caches();
            bytes = self.memo_bytes();
        }
        self.account.report(MEMO, bytes)?;
        let len = self.values.len() + self.probed.len();
        if len >= self.account.arena_at {
            self.account.arena_at = (len + 4096).max(len + len / 4);
            let arena = self.arena.approx_bytes();
            self.account.report(ARENA, arena)?;
        }
        Ok(())
    }

    /// Would the budget be three quarters used with the memos at `bytes`,
    /// a quarter of it or more in the outcome caches (the sum memos and
    /// the number bounds)? Then emptying them lets the search go on: each
    /// emptying frees at least a quarter of the budget, so it cannot come
    /// round again before the caches have refilled that much.
    fn caches_crowd(&self, bytes: u64) -> bool {
        let budget = self.account.meter.budget();
        let max = budget.max_bytes().0;
        let used = budget.used() - self.account.reported[MEMO].min(budget.used()) + bytes;
        let caches = self.sum_memo_bytes + self.number_bounds.bytes();
        used > max / 4 * 3 && caches >= max / 4
    }

    /// Forget the outcomes of sums and the number bounds. Both are caches
    /// of outcome searches, which every later search recomputes where it
    /// needs them, so nothing but time depends on them: a search that
    /// would have stopped at its memory budget (the page's 256M stopped
    /// seed-25 classroom drawing 8 under C at unbounded width after 20 s,
    /// three quarters of it in number bounds) goes on within it instead.
    /// The values found stay, and so do the sum memos' places (searches
    /// on the stack hold their indices).
    pub(super) fn empty_caches(&mut self) {
        for sum in &mut self.wins {
            sum.memo = crate::quantum::id_memo::IdMemo::default();
        }
        self.sum_memo_bytes = self.wins.iter().map(|w| w.bytes()).sum();
        self.number_bounds = super::number_bounds::NumberBounds::default();
        self.caches_emptied += 1;
    }

    /// Report the realisation table.
    /// The vectors are charged with their next doubling once three
    /// quarters full (issue 26): interning cannot fail, so the budget must
    /// stop the search before the doubling, whose old and new buffers
    /// coexist while it copies, not after it.
    pub(super) fn charge_reals(&mut self) -> Result<(), Exceeded> {
        let r = &self.reals;
        let moves = growing(&r.moves[0]) + growing(&r.moves[1]);
        let words = growing(&r.terms)
            + 2 * growing(&r.keys)
            + r.masks.as_ref().map_or(0, growing)
            + growing(&r.runs)
            + growing(&r.impartial)
            + growing(&r.dead);
        let bytes = growing(&r.states)
            + words
            + (r.dense.as_ref().map_or(0, Vec::len) * size_of::<RealId>()) as u64
            + moves
            + table_bytes(&r.index)
            + r.images.bytes()
            + self.account.real_heap;
        self.account.report(REALS, bytes)
    }
}
