//! The process's last line of defence for the budget contract (RULES.md
//! §4): whatever a solver fails to charge or a slow step fails to check,
//! the `hackenbush` binary stops with exit status 3 and the budget's one
//! line, within its memory and time promises (issue 26).
//!
//! The budgets themselves stop searches cleanly (tables print the cells
//! they finished). This module only acts when they did not in time:
//!
//! - memory: the binary allocates through [`crate::budget::CountingAlloc`];
//!   [`arm`] caps the live heap at [`heap_cap`] of the budget, and an
//!   allocation past it prints the line and exits instead of growing;
//! - time: [`start_watchdog`] (binary only) ends the process at
//!   [`grace`] past the deadline if the computation is still running.
//!
//! Library callers (tests running `cli::run` in-process, the page) are
//! unaffected: without the counting allocator and the watchdog, [`arm`]
//! only records numbers nobody reads.

use crate::budget::{Budget, Exceeded, HEAP_ALLOWANCE};
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// When the process started (the clock of [`DEADLINE_MS`]).
fn epoch() -> Instant {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

fn now_ms() -> u64 {
    epoch().elapsed().as_millis() as u64
}

/// Milliseconds after [`epoch`] past which the watchdog stops the process
/// (`u64::MAX`: never).
static DEADLINE_MS: AtomicU64 = AtomicU64::new(u64::MAX);
/// The computation has finished (its output is being written): the
/// watchdog must not cut it short.
static DONE: AtomicBool = AtomicBool::new(false);
/// The lines printed when memory or time runs out, leaked once per armed
/// budget (a handful per run) so the exit paths need not allocate.
static MEMORY_LINE: AtomicPtr<String> = AtomicPtr::new(std::ptr::null_mut());
static TIME_LINE: AtomicPtr<String> = AtomicPtr::new(std::ptr::null_mut());

/// The live-heap cap for a budget of `max` bytes. The counted budget stops
/// searches at `max` live bytes and [`HEAP_ALLOWANCE`] (what the process
/// holds besides the engine's tables); the cap leaves an eighth and 8 MB
/// more for what grows between two checks, and the rest of the promised
/// 1.25 × budget + 30 MB covers the allocator's own pages, the code and
/// the stacks.
pub fn heap_cap(max: u64) -> u64 {
    soft_limit(max)
        .saturating_add(max / 8)
        .saturating_add(8 << 20)
}

/// Live heap bytes past which searches check their budget at once.
fn soft_limit(max: u64) -> u64 {
    max.saturating_add(HEAP_ALLOWANCE)
}

/// How long after its deadline a computation still running is stopped by
/// the watchdog: the searches notice the deadline themselves within
/// milliseconds, but what they found is then checked and formatted (a
/// census stopped at its deadline still checks its property on every
/// position valued), which the watchdog should not cut short while the
/// promised 1.1 × timeout + 0.5 s allows; it leaves 0.1 s of that for the
/// process to end. (Acting earlier cuts a stopped census's checking short,
/// so it would print nothing of what it found.)
pub fn grace(timeout_ms: u64) -> u64 {
    timeout_ms / 10 + 400
}

/// Record `budget` as the one whose limits the process enforces (called
/// for every budget made from the command line).
pub fn arm(budget: &Budget) {
    arm_memory(budget);
    if let Some(t) = budget.timeout() {
        TIME_LINE.store(line(Exceeded::Time(t)), Ordering::SeqCst);
        let at = now_ms()
            .saturating_add(t.millis)
            .saturating_add(grace(t.millis));
        DEADLINE_MS.store(at, Ordering::SeqCst);
    }
    DONE.store(false, Ordering::SeqCst);
}

/// Enforce `budget`'s memory only: for a budget whose deadline is not
/// fatal (`draw --caption` leaves the value out when it is not found in
/// time).
pub fn arm_memory(budget: &Budget) {
    let max = budget.max_bytes();
    // The old line is leaked: an exit path may be reading it.
    MEMORY_LINE.store(line(Exceeded::Memory(max)), Ordering::SeqCst);
    crate::budget::set_heap_cap(soft_limit(max.0), heap_cap(max.0), over_memory);
}

/// The one line printed for `e`, leaked for the exit paths.
fn line(e: Exceeded) -> *mut String {
    let text = format!("hackenbush: {}\n", super::CliError::Budget(e));
    Box::into_raw(Box::new(text))
}

/// The computation is over: what remains is formatting and writing its
/// output (bounded work, which the watchdog must not cut short: a table
/// stopped by its deadline prints the cells it finished).
pub fn disarm() {
    DONE.store(true, Ordering::SeqCst);
}

/// Start the watchdog thread (the binary does, once, before running).
pub fn start_watchdog() {
    epoch();
    let _ = std::thread::Builder::new()
        .name("deadline".into())
        .stack_size(64 * 1024)
        .spawn(|| loop {
            std::thread::sleep(Duration::from_millis(20));
            let at = DEADLINE_MS.load(Ordering::SeqCst);
            if at != u64::MAX && now_ms() > at && !DONE.load(Ordering::SeqCst) {
                exit_with(&TIME_LINE, 3);
            }
        });
}

/// An allocation would pass the heap cap: stop instead.
fn over_memory(_size: usize) -> ! {
    exit_with(&MEMORY_LINE, 3)
}

/// Clear a progress line, print `line` and end the process at once,
/// without allocating or taking locks (this runs inside the allocator or
/// beside a thread that may hold the output's lock).
fn exit_with(line: &AtomicPtr<String>, code: i32) -> ! {
    super::progress::clear_for_exit();
    let ptr = line.load(Ordering::SeqCst);
    // SAFETY: the pointers stored are leaked boxes, never freed.
    let text: &str = if ptr.is_null() {
        "hackenbush: stopped: a budget was exceeded\n"
    } else {
        unsafe { &*ptr }
    };
    raw::write_stderr(text.as_bytes());
    raw::exit(code)
}

/// Whether standard output was closed when the process started (`>&-`).
/// The Rust runtime then opens `/dev/null` read-write in its place (a
/// shell's `>/dev/null` opens it write-only), so output would vanish and
/// the run would report success; the binary exits 1 instead (RULES.md §4:
/// output that cannot be written is an error).
pub fn stdout_was_closed() -> bool {
    #[cfg(target_os = "linux")]
    {
        let target = std::fs::read_link("/proc/self/fd/1");
        if target
            .map(|t| t != std::path::Path::new("/dev/null"))
            .unwrap_or(true)
        {
            return false;
        }
        let Ok(info) = std::fs::read_to_string("/proc/self/fdinfo/1") else {
            return false;
        };
        // `flags:` is octal; the access mode is its lowest two bits.
        info.lines()
            .find_map(|l| l.strip_prefix("flags:"))
            .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
            .is_some_and(|flags| flags & 3 == 2)
    }
    #[cfg(not(target_os = "linux"))]
    {
        false
    }
}

/// Writing and exiting without the standard library's locks and buffers.
pub(super) mod raw {
    #[cfg(unix)]
    extern "C" {
        fn write(fd: i32, buf: *const u8, count: usize) -> isize;
        fn _exit(code: i32) -> !;
    }

    /// Write all of `bytes` to standard error, ignoring failures.
    pub fn write_stderr(mut bytes: &[u8]) {
        #[cfg(unix)]
        while !bytes.is_empty() {
            // SAFETY: a valid buffer and its length.
            let n = unsafe { write(2, bytes.as_ptr(), bytes.len()) };
            if n <= 0 {
                return;
            }
            bytes = &bytes[n as usize..];
        }
        #[cfg(not(unix))]
        {
            use std::io::Write;
            let _ = std::io::stderr().write_all(bytes);
        }
    }

    pub fn exit(code: i32) -> ! {
        #[cfg(unix)]
        // SAFETY: `_exit` ends the process; nothing runs after it.
        unsafe {
            _exit(code)
        }
        #[cfg(not(unix))]
        std::process::exit(code)
    }
}
