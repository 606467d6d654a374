//! Signs of life on stderr while a subcommand computes (issue 26): on a
//! terminal, one line redrawn with `\r` after about a second (steps of
//! search, cells or positions done, candidates tried, elapsed time),
//! cleared before any output or error line; with `--progress`, one JSON
//! object per line instead, every second, each on its own line (so the
//! final error line is never glued to one); otherwise nothing, so a
//! script reading stderr sees only the one-line error.
//!
//! One report per process: the counters are process-wide, fed by the
//! budget made from the command line ([`watch`]) and by the subcommands
//! ([`items`]). A thread draws them; [`finish`] stops it and clears its
//! line before the subcommand writes anything.

use super::guard::raw;
use crate::budget::Budget;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::Mutex;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How progress is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgressMode {
    Off = 0,
    /// One line redrawn in place (stderr is a terminal).
    Terminal = 1,
    /// JSON lines (`--progress`).
    Json = 2,
}

/// What the report says.
struct ProgressStatus {
    command: &'static str,
    budget: Option<Budget>,
    /// Items done of a total, and what they are (`cells`, `positions`).
    items: Option<(u64, Option<u64>, &'static str)>,
    /// The item in hand (`m=2, n=3`).
    note: String,
    /// What the budget's own item count counts (`candidates tried`).
    counting: Option<&'static str>,
    started: Instant,
}

static STATUS: Mutex<Option<ProgressStatus>> = Mutex::new(None);
static MODE: AtomicU8 = AtomicU8::new(ProgressMode::Off as u8);
/// `--quiet` was given: no terminal line (JSON lines still if asked).
static QUIET: AtomicBool = AtomicBool::new(false);
/// A terminal line is on screen (the exit paths clear it).
static DRAWN: AtomicBool = AtomicBool::new(false);
static STOP: AtomicBool = AtomicBool::new(false);
static THREAD: Mutex<Option<JoinHandle<()>>> = Mutex::new(None);

/// How long a run goes before its first report.
const FIRST_AFTER: Duration = Duration::from_secs(1);

fn status() -> std::sync::MutexGuard<'static, Option<ProgressStatus>> {
    STATUS.lock().unwrap_or_else(|e| e.into_inner())
}

/// A subcommand starts (before any budget is made).
pub fn begin(command: &'static str) {
    *status() = Some(ProgressStatus {
        command,
        budget: None,
        items: None,
        note: String::new(),
        counting: None,
        started: Instant::now(),
    });
    QUIET.store(false, Ordering::SeqCst);
}

/// `--quiet`: no progress line on a terminal.
pub fn quiet() {
    QUIET.store(true, Ordering::SeqCst);
}

/// Report on `budget`'s work from now on: JSON lines if `json`, else a
/// terminal line if stderr is a terminal, else nothing.
pub fn watch(budget: &Budget, json: bool) {
    let mode = if json {
        ProgressMode::Json
    } else if !QUIET.load(Ordering::SeqCst) && std::io::stderr().is_terminal() {
        ProgressMode::Terminal
    } else {
        ProgressMode::Off
    };
    {
        let mut s = status();
        let s = s.get_or_insert_with(|| ProgressStatus {
            command: "hackenbush",
            budget: None,
            items: None,
            note: String::new(),
            counting: None,
            started: Instant::now(),
        });
        s.budget = Some(budget.clone());
    }
    if mode == ProgressMode::Off {
        return;
    }
    MODE.store(mode as u8, Ordering::SeqCst);
    let mut thread = THREAD.lock().unwrap_or_else(|e| e.into_inner());
    if thread.is_none() {
        STOP.store(false, Ordering::SeqCst);
        *thread = std::thread::Builder::new()
            .name("progress".into())
            .spawn(draw_until_stopped)
            .ok();
    }
}

/// `done` items (of `total`, if known) are finished; `note` says which.
pub fn items(done: u64, total: Option<u64>, what: &'static str, note: String) {
    if let Some(s) = status().as_mut() {
        s.items = Some((done, total, what));
        s.note = note;
    }
}

/// Report the budget's item count ([`Budget::count_item`]) as `what`
/// (`candidates tried`).
pub fn counting(what: &'static str) {
    if let Some(s) = status().as_mut() {
        s.counting = Some(what);
    }
}

/// The computation is over: stop reporting, clear the line, and let the
/// output be written (the deadline's watchdog stands down too).
pub fn finish() {
    super::guard::disarm();
    STOP.store(true, Ordering::SeqCst);
    let thread = THREAD.lock().unwrap_or_else(|e| e.into_inner()).take();
    if let Some(t) = thread {
        let _ = t.join();
    }
    clear_line();
    MODE.store(ProgressMode::Off as u8, Ordering::SeqCst);
}

/// Clear the terminal line, if one is drawn, without allocating or
/// locking (the exit paths call this from inside the allocator).
pub(super) fn clear_for_exit() {
    if DRAWN.swap(false, Ordering::SeqCst) {
        raw::write_stderr(b"\r\x1b[K");
    }
}

fn clear_line() {
    if DRAWN.swap(false, Ordering::SeqCst) {
        let mut e = std::io::stderr().lock();
        let _ = e.write_all(b"\r\x1b[K");
        let _ = e.flush();
    }
}

fn draw_until_stopped() {
    let mut last: Option<Instant> = None;
    while !STOP.load(Ordering::SeqCst) {
        std::thread::sleep(Duration::from_millis(100));
        if STOP.load(Ordering::SeqCst) {
            break;
        }
        let mode = MODE.load(Ordering::SeqCst);
        let every = if mode == ProgressMode::Json as u8 {
            Duration::from_secs(1)
        } else {
            Duration::from_millis(500)
        };
        if last.is_some_and(|t| t.elapsed() < every) {
            continue;
        }
        let Some(report) = report(mode) else {
            continue;
        };
        last = Some(Instant::now());
        let mut e = std::io::stderr().lock();
        if mode == ProgressMode::Json as u8 {
            let _ = writeln!(e, "{report}");
        } else {
            let _ = write!(e, "\r\x1b[K{report}");
            DRAWN.store(true, Ordering::SeqCst);
        }
        let _ = e.flush();
    }
}

/// The report for `mode` now, once the first second has passed.
fn report(mode: u8) -> Option<String> {
    let s = status();
    let s = s.as_ref()?;
    let elapsed = s.started.elapsed();
    if elapsed < FIRST_AFTER {
        return None;
    }
    let steps = s.budget.as_ref().map_or(0, Budget::work);
    let counted = s.budget.as_ref().map_or(0, Budget::items);
    let items = s.items.or(s.counting.map(|what| (counted, None, what)));
    let secs = elapsed.as_secs_f64();
    if mode == ProgressMode::Json as u8 {
        let mut v = serde_json::json!({
            "progress": s.command,
            "elapsed": (secs * 10.0).round() / 10.0,
            "steps": steps,
        });
        if let Some((done, total, what)) = items {
            v["done"] = done.into();
            if let Some(total) = total {
                v["of"] = total.into();
            }
            v["items"] = what.into();
            if !s.note.is_empty() {
                v["at"] = s.note.clone().into();
            }
        }
        return Some(v.to_string());
    }
    let mut line = format!("{}: {} steps", s.command, count(steps));
    if let Some((done, total, what)) = items {
        match total {
            Some(t) => line += &format!(", {done}/{t} {what}"),
            None => line += &format!(", {done} {what}"),
        }
        if !s.note.is_empty() {
            line += &format!(" ({})", s.note);
        }
    }
    line += &format!(", {secs:.1} s");
    // One terminal row: a wrapped line cannot be redrawn with `\r`.
    if line.chars().count() > 79 {
        line = line.chars().take(76).collect::<String>() + "...";
    }
    Some(line)
}

/// 1234 → `1234`, 123_456 → `123.5k`, 12_345_678 → `12.3M`.
fn count(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=999_999 => format!("{:.1}k", n as f64 / 1e3),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn counts_are_short() {
        assert_eq!(count(1234), "1234");
        assert_eq!(count(123_456), "123.5k");
        assert_eq!(count(123_456_789), "123.5M");
    }
}
