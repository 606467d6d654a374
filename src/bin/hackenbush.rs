//! The `hackenbush` command-line tool (RULES.md §4). Argument handling and
//! output live in the library's `cli` module so they can be tested; this
//! file only maps the result to an exit status, and installs what holds
//! the budgets' promises for the whole process (`cli::guard`): a counting
//! allocator whose cap ends the run with status 3 instead of an abort, and
//! a watchdog for deadlines.

use hackenbush_lab::cli::{guard, progress, CliError};
use std::io::Write;

/// The searches make and drop many small option lists and table entries,
/// which mimalloc serves faster than the system allocator (the benchmarks
/// allocate the same way, so they measure what this tool does). The
/// counting layer lets the budget see the whole heap, not only what the
/// solvers charge.
#[global_allocator]
static ALLOCATOR: hackenbush_lab::budget::CountingAlloc<mimalloc::MiMalloc> =
    hackenbush_lab::budget::CountingAlloc(mimalloc::MiMalloc);

/// mimalloc's options (`mi_option_t` in `mimalloc.h` of the mimalloc v3
/// sources built by libmimalloc-sys 0.1.49, pinned in Cargo.lock; the
/// crate's Rust bindings do not name this option).
mod mi {
    extern "C" {
        pub fn mi_option_set(option: i32, value: std::ffi::c_long);
    }
    /// `mi_option_purge_delay`: milliseconds before freed pages are
    /// returned to the system.
    pub const PURGE_DELAY: i32 = 15;
}

/// Linux's `prctl` (`<sys/prctl.h>`), for the one option below.
#[cfg(target_os = "linux")]
mod thp {
    extern "C" {
        fn prctl(option: std::ffi::c_int, ...) -> std::ffi::c_int;
    }
    /// `PR_SET_THP_DISABLE`.
    const PR_SET_THP_DISABLE: std::ffi::c_int = 41;

    /// No transparent huge pages for this process from now on.
    pub fn disable() {
        let (on, unused): (std::ffi::c_ulong, std::ffi::c_ulong) = (1, 0);
        // SAFETY: PR_SET_THP_DISABLE reads its argument and three unused
        // ones as unsigned longs and only sets a flag of the process; a
        // failure (an old kernel) leaves huge pages as they were, which is
        // harmless.
        unsafe { prctl(PR_SET_THP_DISABLE, on, unused, unused, unused) };
    }
}

fn main() {
    // Freed pages go back to the system at once, not a second later: a
    // search that stops and drops its tables, or a table whose cells free
    // theirs, would otherwise hold twice its budget resident for that
    // second (issue 26: 64M tables at 110–176 MB resident; 72–90 MB with
    // this). No measurable cost on the census or the quantum tables.
    // SAFETY: setting an option is allowed at any time.
    unsafe { mi::mi_option_set(mi::PURGE_DELAY, 0) };
    // No transparent huge pages: a 2 MB page is resident as soon as one
    // byte of it is touched, and is returned only whole, so a small budget
    // ran far past its promise (`puzzles --edges 20..30 --max-memory 16M`:
    // 46–53 MB resident against the soak test's 50 MB bound; 37 MB
    // without). No measurable cost on the classroom cells.
    // (mimalloc's own option is read before `main`, so too late here.)
    #[cfg(target_os = "linux")]
    thp::disable();
    guard::start_watchdog();
    let closed = guard::stdout_was_closed();
    let mut stdout = std::io::stdout().lock();
    let result = hackenbush_lab::cli::run(std::env::args_os(), &mut stdout);
    // An error leaves the computation as it stopped: clear the progress
    // line before the error's own line.
    progress::finish();
    let result = match result {
        Ok(()) if closed => Err(CliError::Output(std::io::Error::other(
            "standard output is closed",
        ))),
        other => other,
    };
    let code = match result {
        Ok(()) => 0,
        // A reader that stopped reading (`| head`) wants no more output:
        // no message, as for tools killed by SIGPIPE, but not success
        // either (README, Command line).
        Err(CliError::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => 1,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "hackenbush: {e}");
            e.exit_code()
        }
    };
    std::process::exit(code);
}
