//! Budgets: every solver stops cleanly when its tables outgrow a memory
//! budget or a deadline passes, instead of aborting the process or
//! freezing a tab.
//!
//! A [`Budget`] is shared (cloning it shares the counters), so the parallel
//! cells of a table draw on one budget. Each solver holds a [`Meter`]: it
//! reports the bytes of its own tables to the budget as they grow, checks
//! the clock every few thousand steps, and gives its bytes back when it is
//! dropped. Memory is counted on the engine's own tables (hash-table slots
//! and the heap parts of their keys), not read from the allocator, so the
//! same count holds natively and in wasm.

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// A number of bytes, written `512M`, `4G`, `100K` or `1048576`
/// (binary units: K = 1024).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct ByteSize(pub u64);

impl ByteSize {
    pub const KIB: u64 = 1 << 10;
    pub const MIB: u64 = 1 << 20;
    pub const GIB: u64 = 1 << 30;
    pub const TIB: u64 = 1 << 40;

    pub const fn mib(n: u64) -> ByteSize {
        ByteSize(n * Self::MIB)
    }

    pub const fn gib(n: u64) -> ByteSize {
        ByteSize(n * Self::GIB)
    }
}

/// A value of a budget flag that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BudgetParseError {
    #[error("'{0}' is not a size (expected e.g. 512M, 4G or a number of bytes)")]
    Size(String),
    #[error("'{0}' is not a number of seconds (expected e.g. 10 or 2.5, more than 0)")]
    Seconds(String),
}

impl FromStr for ByteSize {
    type Err = BudgetParseError;

    fn from_str(text: &str) -> Result<ByteSize, BudgetParseError> {
        let bad = || BudgetParseError::Size(text.to_string());
        let upper = text.trim().to_ascii_uppercase();
        let t = upper.as_str();
        let t = t
            .strip_suffix("IB")
            .or_else(|| t.strip_suffix('B'))
            .unwrap_or(t);
        let (digits, unit) = match t.char_indices().last() {
            Some((i, c)) if c.is_ascii_alphabetic() => (&t[..i], Some(c.to_ascii_uppercase())),
            _ => (t, None),
        };
        let scale = match unit {
            None => 1,
            Some('K') => Self::KIB,
            Some('M') => Self::MIB,
            Some('G') => Self::GIB,
            Some('T') => Self::TIB,
            Some(_) => return Err(bad()),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let n: u64 = digits.parse().map_err(|_| bad())?;
        let bytes = n.checked_mul(scale).ok_or_else(bad)?;
        if bytes == 0 {
            return Err(bad());
        }
        Ok(ByteSize(bytes))
    }
}

impl fmt::Display for ByteSize {
    /// The largest binary unit that divides the size exactly: `2G`, `1536M`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = self.0;
        for (unit, scale) in [
            ("T", Self::TIB),
            ("G", Self::GIB),
            ("M", Self::MIB),
            ("K", Self::KIB),
        ] {
            if b >= scale && b.is_multiple_of(scale) {
                return write!(f, "{}{unit}", b / scale);
            }
        }
        write!(f, "{b}")
    }
}

/// A wall-clock limit in whole milliseconds, written in seconds (`10`,
/// `2.5`, `0.25`).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Timeout {
    pub millis: u64,
}

impl Timeout {
    pub const fn seconds(s: u64) -> Timeout {
        Timeout { millis: s * 1000 }
    }
}

impl FromStr for Timeout {
    type Err = BudgetParseError;

    fn from_str(text: &str) -> Result<Timeout, BudgetParseError> {
        let bad = || BudgetParseError::Seconds(text.to_string());
        let (whole, frac) = text.trim().split_once('.').unwrap_or((text.trim(), ""));
        let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
        if (whole.is_empty() && frac.is_empty()) || !digits(whole) || !digits(frac) {
            return Err(bad());
        }
        let whole: u64 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| bad())?
        };
        // Milliseconds are the resolution: further digits are dropped.
        let mut ms = 0u64;
        for (i, b) in frac.bytes().take(3).enumerate() {
            ms += u64::from(b - b'0') * 10u64.pow(2 - i as u32);
        }
        let millis = whole
            .checked_mul(1000)
            .and_then(|w| w.checked_add(ms))
            .ok_or_else(bad)?;
        if millis == 0 {
            return Err(bad());
        }
        Ok(Timeout { millis })
    }
}

impl fmt::Display for Timeout {
    /// Seconds, with the fraction only when there is one: `10`, `2.5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (s, ms) = (self.millis / 1000, self.millis % 1000);
        if ms == 0 {
            write!(f, "{s}")
        } else {
            let frac = format!("{ms:03}");
            write!(f, "{s}.{}", frac.trim_end_matches('0'))
        }
    }
}

/// Which limit a computation ran into. The message names the limit; how
/// to raise it depends on where it runs (a CLI flag, a smaller position in
/// the page), so callers add that. Serialisable, so a shard of a census
/// can say which limit stopped it (`merge` then stops the same way).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize,
)]
pub enum Exceeded {
    #[error("the memory budget of {0} is used up")]
    Memory(ByteSize),
    #[error("the time limit of {0} s has passed")]
    Time(Timeout),
    #[error("the computation was cancelled")]
    Cancelled,
    /// A value was found, but its printed form is too long to hand out:
    /// canonical forms are DAGs whose printed trees can be exponentially
    /// larger than the search that found them.
    #[error(
        "the printed value would take at least {chars} characters, more than the limit of {limit}"
    )]
    Text { chars: u64, limit: u64 },
}

/// Milliseconds on a monotonic clock (wasm32 has no `Instant`: the
/// browser's clock is used there).
pub(crate) fn now_millis() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::sync::OnceLock;
        use std::time::Instant;
        static START: OnceLock<Instant> = OnceLock::new();
        START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
    }
}

struct Tally {
    max_bytes: ByteSize,
    timeout: Option<Timeout>,
    /// `now_millis()` past which work stops (infinite without a timeout).
    deadline: f64,
    /// How many characters of printed values an answer may hold.
    text_limit: u64,
    used: AtomicU64,
    cancelled: AtomicBool,
    /// Steps of work done by every meter (for progress reports), counted
    /// when a meter reads the clock.
    work: AtomicU64,
    /// Items finished (candidates tried, positions valued), for progress
    /// reports.
    items: AtomicU64,
}

/// A memory budget and an optional deadline, shared by every solver that
/// holds a clone of it.
#[derive(Clone)]
pub struct Budget {
    shared: Arc<Tally>,
}

impl fmt::Debug for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Budget")
            .field("max_bytes", &self.shared.max_bytes)
            .field("timeout", &self.shared.timeout)
            .field("used", &self.used())
            .finish()
    }
}

impl Default for Budget {
    fn default() -> Self {
        Budget::new(Budget::DEFAULT_MEMORY, None)
    }
}

impl Budget {
    /// RULES.md §4: `--max-memory` defaults to 2G.
    pub const DEFAULT_MEMORY: ByteSize = ByteSize::gib(2);

    /// A budget of `max_bytes` of tables, and `timeout` from now.
    pub fn new(max_bytes: ByteSize, timeout: Option<Timeout>) -> Budget {
        let deadline = match timeout {
            Some(t) => now_millis() + t.millis as f64,
            None => f64::INFINITY,
        };
        Budget {
            shared: Arc::new(Tally {
                max_bytes,
                timeout,
                deadline,
                text_limit: max_bytes.0 / Budget::TEXT_SHARE,
                used: AtomicU64::new(0),
                cancelled: AtomicBool::new(false),
                work: AtomicU64::new(0),
                items: AtomicU64::new(0),
            }),
        }
    }

    /// By default the printed values of one answer may take this share of
    /// the memory budget: an answer holds its text a few times over (the
    /// plain and pretty forms, the output being written).
    pub const TEXT_SHARE: u64 = 4;

    /// The same budget, with printed values limited to `chars` characters
    /// (a page shows a short message instead of megabytes of braces).
    pub fn with_text_limit(self, chars: u64) -> Budget {
        let s = &self.shared;
        Budget {
            shared: Arc::new(Tally {
                max_bytes: s.max_bytes,
                timeout: s.timeout,
                deadline: s.deadline,
                text_limit: chars,
                used: AtomicU64::new(s.used.load(Ordering::Relaxed)),
                cancelled: AtomicBool::new(s.cancelled.load(Ordering::Relaxed)),
                work: AtomicU64::new(s.work.load(Ordering::Relaxed)),
                items: AtomicU64::new(s.items.load(Ordering::Relaxed)),
            }),
        }
    }

    /// How many characters the printed values of one answer may take.
    pub fn text_limit(&self) -> u64 {
        self.shared.text_limit
    }

    /// No practical limit (tests and small internal computations).
    pub fn unlimited() -> Budget {
        Budget::new(ByteSize(u64::MAX), None)
    }

    /// Bytes currently charged by all meters of this budget.
    pub fn used(&self) -> u64 {
        self.shared.used.load(Ordering::Relaxed)
    }

    /// Steps of work done so far by the meters of this budget (states
    /// visited, options met), as a sign of life for progress reports.
    pub fn work(&self) -> u64 {
        self.shared.work.load(Ordering::Relaxed)
    }

    /// Count `steps` of work done outside any meter (e.g. a candidate
    /// puzzle tried), for progress reports.
    pub fn add_work(&self, steps: u64) {
        self.shared.work.fetch_add(steps, Ordering::Relaxed);
    }

    /// One more item finished (a candidate puzzle tried): what a progress
    /// report counts where a run has no fixed number of items.
    pub fn count_item(&self) {
        self.shared.items.fetch_add(1, Ordering::Relaxed);
    }

    /// Items finished so far ([`Budget::count_item`]).
    pub fn items(&self) -> u64 {
        self.shared.items.load(Ordering::Relaxed)
    }

    /// The memory limit.
    pub fn max_bytes(&self) -> ByteSize {
        self.shared.max_bytes
    }

    /// The time limit, if any.
    pub fn timeout(&self) -> Option<Timeout> {
        self.shared.timeout
    }

    /// Ask every meter of this budget to stop at its next check.
    pub fn cancel(&self) {
        self.shared.cancelled.store(true, Ordering::Relaxed);
    }

    /// A fresh meter charging this budget.
    pub fn meter(&self) -> Meter {
        // A short deadline (the page's main thread gives a move or an
        // export some milliseconds) is read about eight times over, from
        // the first tick: a tick of a wide quantum move can take a
        // millisecond, and sixteen of them would overrun it.
        let short = self.shared.timeout.filter(|t| t.millis < 1000);
        Meter {
            budget: self.clone(),
            charged: 0,
            slots: [0; SLOTS],
            ticks: 0,
            // Start reading the clock often: the first ticks may be slow.
            stride: if short.is_some() { 1 } else { 16 },
            checked_at: now_millis(),
            every_ms: short.map_or(CHECK_EVERY_MS, |t| {
                (t.millis as f64 / 8.0).clamp(0.5, CHECK_EVERY_MS)
            }),
        }
    }

    /// The deadline and the cancel flag (not memory).
    pub fn check_time(&self) -> Result<(), Exceeded> {
        if self.shared.cancelled.load(Ordering::Relaxed) {
            return Err(Exceeded::Cancelled);
        }
        match self.shared.timeout {
            Some(t) if now_millis() > self.shared.deadline => Err(Exceeded::Time(t)),
            _ => Ok(()),
        }
    }

    /// Whether the deadline passed more than `slack_ms` ago (never
    /// without a timeout): for bounded work that finishes a stopped run.
    pub fn past_deadline_by(&self, slack_ms: u64) -> bool {
        now_millis() > self.shared.deadline + slack_ms as f64
    }

    /// The tables' count, and (in a process whose allocator counts, see
    /// [`CountingAlloc`]) everything the process holds on its heap: the
    /// count covers the solvers' tables, the heap also what no table
    /// charges (values built, option lists, the allocator's rounding), so
    /// the budget bounds resident memory, not just an estimate of it.
    fn check_memory(&self) -> Result<(), Exceeded> {
        let max = self.shared.max_bytes.0;
        let heap_max = max.saturating_add(HEAP_ALLOWANCE);
        if self.used() > max || heap_live().is_some_and(|live| live > heap_max) {
            Err(Exceeded::Memory(self.shared.max_bytes))
        } else {
            Ok(())
        }
    }
}

/// How many separately tracked tables a meter follows (see [`Meter::set`]).
const SLOTS: usize = 8;

/// One solver's account with a [`Budget`]: what its tables hold now.
/// Dropping the meter returns its bytes to the budget.
pub struct Meter {
    budget: Budget,
    charged: u64,
    slots: [u64; SLOTS],
    ticks: u32,
    /// Ticks between two readings of the clock: fewer when ticks are
    /// slow (a tick of a wide quantum move can take milliseconds), so a
    /// deadline is noticed within about [`CHECK_EVERY_MS`] whatever a tick
    /// costs.
    stride: u32,
    /// `now_millis()` at the last reading.
    checked_at: f64,
    /// How long apart readings aim to be: [`CHECK_EVERY_MS`], or less
    /// under a short deadline (see [`Budget::meter`]).
    every_ms: f64,
}

impl fmt::Debug for Meter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Meter")
            .field("charged", &self.charged)
            .finish()
    }
}

impl Default for Meter {
    fn default() -> Self {
        Budget::unlimited().meter()
    }
}

/// At most how often (in [`Meter::tick`] calls) the clock is read.
const TICKS_PER_CHECK: u32 = 1 << 12;

/// How long apart (in milliseconds) a meter aims to read the clock: the
/// stride between readings halves while readings are further apart than
/// this and doubles (up to [`TICKS_PER_CHECK`]) while they are much closer.
const CHECK_EVERY_MS: f64 = 10.0;

impl Meter {
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Bytes this meter holds.
    pub fn charged(&self) -> u64 {
        self.charged
    }

    /// Charge `bytes` more (e.g. the heap part of a key just stored).
    pub fn add(&mut self, bytes: u64) -> Result<(), Exceeded> {
        self.charged += bytes;
        self.budget.shared.used.fetch_add(bytes, Ordering::Relaxed);
        self.budget.check_memory()
    }

    /// Record that table `slot` now takes `bytes` in all (e.g. a hash
    /// map's capacity times its slot size): charges or returns the change.
    pub fn set(&mut self, slot: usize, bytes: u64) -> Result<(), Exceeded> {
        let old = std::mem::replace(&mut self.slots[slot], bytes);
        if bytes >= old {
            self.add(bytes - old)
        } else {
            self.give_back(old - bytes);
            Ok(())
        }
    }

    /// Call before inserting into `map` (tracked in `slot`): when the
    /// insert would grow the table, the old and the new table coexist while
    /// it is rehashed, so that peak is charged first and a budget stops
    /// the search before the allocation rather than after it.
    pub fn before_insert<K, V, S>(
        &mut self,
        slot: usize,
        map: &std::collections::HashMap<K, V, S>,
    ) -> Result<(), Exceeded> {
        if map.len() < map.capacity() {
            return Ok(());
        }
        // hashbrown doubles its buckets when it grows.
        let now = table_bytes(map).max(64);
        self.set(slot, now.saturating_mul(3))
    }

    fn give_back(&mut self, bytes: u64) {
        let bytes = bytes.min(self.charged);
        self.charged -= bytes;
        self.budget.shared.used.fetch_sub(bytes, Ordering::Relaxed);
    }

    /// One step of work: reads the clock (and the cancel flag) every few
    /// thousand steps, so a deadline is noticed within milliseconds.
    #[inline]
    pub fn tick(&mut self) -> Result<(), Exceeded> {
        self.ticks += 1;
        if self.ticks >= self.stride || HEAP_OVER.load(Ordering::Relaxed) {
            self.check()?;
        }
        Ok(())
    }

    /// Read the clock and the memory count, and adapt the stride so the
    /// next reading comes about [`CHECK_EVERY_MS`] from now.
    #[cold]
    fn check(&mut self) -> Result<(), Exceeded> {
        let shared = &self.budget.shared;
        shared
            .work
            .fetch_add(u64::from(self.ticks), Ordering::Relaxed);
        self.ticks = 0;
        let now = now_millis();
        let apart = now - self.checked_at;
        self.checked_at = now;
        if apart > self.every_ms {
            self.stride = (self.stride / 2).max(1);
        } else if apart < self.every_ms / 4.0 {
            self.stride = (self.stride * 2).min(TICKS_PER_CHECK);
        }
        self.budget.check_time()?;
        if HEAP_OVER.load(Ordering::Relaxed)
            && heap_live().is_some_and(|l| l <= HEAP_SOFT.load(Ordering::Relaxed))
        {
            // The heap shrank back under the line since it was crossed.
            HEAP_OVER.store(false, Ordering::Relaxed);
        }
        self.budget.check_memory()
    }
}

impl Drop for Meter {
    fn drop(&mut self) {
        self.give_back(self.charged);
    }
}

/// The bytes a hash map's table takes: its slots (key, value and one
/// control byte each). Heap data owned by keys or values is not included.
pub fn table_bytes<K, V, S>(map: &std::collections::HashMap<K, V, S>) -> u64 {
    (map.capacity() as u64) * (std::mem::size_of::<(K, V)>() as u64 + 1)
}

/// Bytes live on the heap, when the process allocates through a
/// [`CountingAlloc`] (the `hackenbush` binary does; tests and the browser
/// do not, and then the budget counts tables only).
pub fn heap_live() -> Option<u64> {
    if HEAP_COUNTED.load(Ordering::Relaxed) {
        Some(HEAP_LIVE.load(Ordering::Relaxed))
    } else {
        None
    }
}

/// What the process may hold on its heap besides the budget: the parsed
/// arguments, the position, the text of the answer, the allocator's and
/// the runtime's own data. Without it a tiny budget (`--max-memory 64K`,
/// which limits the printed value to 16K characters) would be spent before
/// any search began.
pub const HEAP_ALLOWANCE: u64 = 4 << 20;

static HEAP_COUNTED: AtomicBool = AtomicBool::new(false);
static HEAP_LIVE: AtomicU64 = AtomicU64::new(0);
/// Live bytes past which an allocation is not made (`u64::MAX`: no cap).
static HEAP_CAP: AtomicU64 = AtomicU64::new(u64::MAX);
/// Live bytes past which the next [`Meter::tick`] checks the budget,
/// whatever its stride: the allocation that crossed the budget is noticed
/// at the search's next step, long before the cap.
static HEAP_SOFT: AtomicU64 = AtomicU64::new(u64::MAX);
/// The live heap has passed [`HEAP_SOFT`] (cleared at a check that finds
/// it back under).
static HEAP_OVER: AtomicBool = AtomicBool::new(false);
/// What to do instead of an allocation past the cap (set with the cap).
static OVER_CAP: std::sync::atomic::AtomicPtr<()> =
    std::sync::atomic::AtomicPtr::new(std::ptr::null_mut());

/// Refuse allocations that would bring the live heap past `cap` bytes:
/// `over` runs instead (it must not allocate or return; the binary
/// prints its one line and exits with status 3). The counted budget stops
/// searches before this, at their next check; the cap is for what grows
/// between two checks, so resident memory stays bounded whatever code
/// allocates, and a failed allocation never aborts the process.
/// Searches check their budget at their next step once the heap passes
/// `soft` bytes.
pub fn set_heap_cap(soft: u64, cap: u64, over: fn(usize) -> !) {
    OVER_CAP.store(over as *mut (), Ordering::SeqCst);
    HEAP_SOFT.store(soft, Ordering::SeqCst);
    HEAP_CAP.store(cap, Ordering::SeqCst);
}

/// A global allocator that counts the bytes live on the heap (for
/// [`heap_live`]) and enforces [`set_heap_cap`], around any allocator `A`.
pub struct CountingAlloc<A>(pub A);

/// Say the heap is counted (a read first: a store on every allocation
/// would bounce the flag's cache line between cores).
#[inline]
fn mark_counted() {
    if !HEAP_COUNTED.load(Ordering::Relaxed) {
        HEAP_COUNTED.store(true, Ordering::Relaxed);
    }
}

impl<A> CountingAlloc<A> {
    #[inline]
    fn grow(&self, size: usize) {
        let live = HEAP_LIVE.fetch_add(size as u64, Ordering::Relaxed) + size as u64;
        if live > HEAP_SOFT.load(Ordering::Relaxed) {
            if !HEAP_OVER.load(Ordering::Relaxed) {
                HEAP_OVER.store(true, Ordering::Relaxed);
            }
            if live > HEAP_CAP.load(Ordering::Relaxed) {
                self.over(size);
            }
        }
    }

    #[cold]
    fn over(&self, size: usize) {
        // Whatever `over` does to stop may allocate a little: lift the cap.
        HEAP_CAP.store(u64::MAX, Ordering::SeqCst);
        let over = OVER_CAP.load(Ordering::SeqCst);
        if !over.is_null() {
            // SAFETY: only `set_heap_cap` stores here, a `fn(usize) -> !`.
            let over: fn(usize) -> ! = unsafe { std::mem::transmute(over) };
            over(size);
        }
    }
}

// SAFETY: every call is passed on to `A` unchanged; the counters are only
// bookkeeping.
unsafe impl<A: std::alloc::GlobalAlloc> std::alloc::GlobalAlloc for CountingAlloc<A> {
    #[inline]
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        mark_counted();
        self.grow(layout.size());
        self.0.alloc(layout)
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        mark_counted();
        self.grow(layout.size());
        self.0.alloc_zeroed(layout)
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        HEAP_LIVE.fetch_sub(layout.size() as u64, Ordering::Relaxed);
        self.0.dealloc(ptr, layout)
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        // Charged for old and new together while both may be live (a
        // moving realloc copies), then the old part returned.
        self.grow(new_size);
        let moved = self.0.realloc(ptr, layout, new_size);
        if moved.is_null() {
            HEAP_LIVE.fetch_sub(new_size as u64, Ordering::Relaxed);
        } else {
            HEAP_LIVE.fetch_sub(layout.size() as u64, Ordering::Relaxed);
        }
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_round_trip() {
        for (text, bytes) in [
            ("512M", 512 * ByteSize::MIB),
            ("4G", 4 * ByteSize::GIB),
            ("100K", 100 * 1024),
            ("1536M", 1536 * ByteSize::MIB),
            ("1000", 1000),
            ("1T", ByteSize::TIB),
        ] {
            let s: ByteSize = text.parse().unwrap();
            assert_eq!(s.0, bytes, "{text}");
            assert_eq!(s.to_string(), text);
        }
        assert_eq!("2GiB".parse::<ByteSize>().unwrap(), ByteSize::gib(2));
        assert_eq!("2gb".parse::<ByteSize>().unwrap(), ByteSize::gib(2));
        for bad in ["", "G", "-1G", "1.5G", "0", "12Q", "99999999999999999999T"] {
            assert!(bad.parse::<ByteSize>().is_err(), "{bad}");
        }
    }

    #[test]
    fn timeouts_round_trip() {
        for (text, ms) in [("10", 10_000), ("2.5", 2_500), ("0.25", 250)] {
            let t: Timeout = text.parse().unwrap();
            assert_eq!(t.millis, ms);
            assert_eq!(t.to_string(), text);
        }
        for bad in ["", "0", "-1", "1e3", "abc", ".", "0.0001"] {
            assert!(bad.parse::<Timeout>().is_err(), "{bad}");
        }
    }

    #[test]
    fn meters_share_one_budget_and_give_bytes_back() {
        let budget = Budget::new(ByteSize(1000), None);
        let mut a = budget.meter();
        let mut b = budget.meter();
        a.add(600).unwrap();
        assert_eq!(b.add(500), Err(Exceeded::Memory(ByteSize(1000))));
        drop(a);
        assert_eq!(budget.used(), 500);
        b.set(0, 100).unwrap();
        assert_eq!(budget.used(), 600);
        b.set(0, 50).unwrap();
        assert_eq!(budget.used(), 550);
        drop(b);
        assert_eq!(budget.used(), 0);
    }

    #[test]
    fn deadlines_and_cancel_stop_ticks() {
        let budget = Budget::new(ByteSize::gib(1), Some(Timeout { millis: 1 }));
        std::thread::sleep(std::time::Duration::from_millis(5));
        let mut m = budget.meter();
        let stopped = (0..2 * TICKS_PER_CHECK)
            .map(|_| m.tick())
            .find(|r| r.is_err());
        assert_eq!(stopped, Some(Err(Exceeded::Time(Timeout { millis: 1 }))));
        let budget = Budget::unlimited();
        let mut m = budget.meter();
        budget.cancel();
        assert!((0..2 * TICKS_PER_CHECK).any(|_| m.tick().is_err()));
    }
}
