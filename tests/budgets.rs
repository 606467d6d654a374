//! Issue 26: budgets that hold what they promise. Each table row of the
//! issue as a regression test with small budgets and short deadlines:
//! the binary ends with exit 0 or 3 and one line, within 1.25 × its memory
//! budget plus 30 MB (peak resident, read from /proc) and 1.1 × its
//! deadline plus 0.5 s; progress only on a terminal or with `--progress`;
//! lost output is an error.

#[path = "common/measured.rs"]
mod measured;
use measured::{owned, run_measured, Measured};
use std::time::Duration;

const MB: u64 = 1 << 20;

/// Run `args` (killed after a minute) and check exit 0/3, one line, and
/// the memory and time bounds.
fn within(args: &[&str], memory_mb: u64, timeout: Option<f64>) -> Measured {
    let args = owned(args);
    let run = run_measured(&args, Duration::from_secs(60));
    run.assert_within(&args, memory_mb * MB, timeout);
    run
}

/// `n` green stalks of one edge each, labelled 1..n.
fn green_stalks(n: usize) -> String {
    vec!["G"; n].join(" ")
}

/// The move superposing every label 1..n.
fn every_label(n: usize) -> String {
    (1..=n).map(|k| k.to_string()).collect::<Vec<_>>().join("+")
}

/// A 6 × 6 grid of red and blue edges standing on the ground.
fn grid(n: usize) -> String {
    let v = |i: usize, j: usize| i * n + j + 1;
    let mut edges = Vec::new();
    for i in 0..n {
        for j in 0..n {
            if i == 0 {
                edges.push(format!("0-{}:B", v(i, j)));
            }
            let (down, across) = if (i + j) % 2 == 1 {
                ('B', 'R')
            } else {
                ('R', 'B')
            };
            if i + 1 < n {
                edges.push(format!("{}-{}:{down}", v(i, j), v(i + 1, j)));
            }
            if j + 1 < n {
                edges.push(format!("{}-{}:{across}", v(i, j), v(i, j + 1)));
            }
        }
    }
    edges.join(" ")
}

// Row "abort": quantum tables whose numbers-first search grew the intern
// table past the budget and aborted the process.

#[test]
fn quantum_tables_past_the_budget_stop_with_exit_3_not_an_abort() {
    let run = within(
        &["table", "--n", "40", "--m", "0..10", "--max-memory", "64M"],
        64,
        None,
    );
    assert_eq!(run.code, Some(3), "{}", run.stderr);
    let run = within(
        &[
            "table",
            "--width",
            "2",
            "--n",
            "0..40",
            "--m",
            "0..10",
            "--values",
            "--max-memory",
            "64M",
        ],
        64,
        None,
    );
    assert_eq!(run.code, Some(3), "{}", run.stderr);
    // The finished cells are printed before the error.
    assert!(run.stdout.contains("| 0 |"), "{}", run.stdout);
}

// Row "memory far over small budgets".

#[test]
fn small_budgets_bound_resident_memory() {
    within(
        &[
            "table",
            "--n",
            "0..40",
            "--m",
            "0..10",
            "--max-memory",
            "16M",
        ],
        16,
        None,
    );
    within(
        &[
            "table",
            "--flavour",
            "B",
            "--n",
            "0..40",
            "--m",
            "0..10",
            "--max-memory",
            "128M",
        ],
        128,
        None,
    );
    within(
        &[
            "table",
            "--rules",
            "sync",
            "--m",
            "0..9",
            "--n",
            "0..9",
            "--max-memory",
            "16M",
        ],
        16,
        None,
    );
    within(
        &[
            "value",
            "--rules",
            "quantum",
            "--max-memory",
            "64M",
            "--timeout",
            "2",
            "nim:64,64",
        ],
        64,
        Some(2.0),
    );
}

// Row "deadlines overrun".

#[test]
fn deadlines_hold_on_census_and_sync() {
    let run = within(
        &[
            "census",
            "--size",
            "20",
            "--colours",
            "BRG",
            "--rules",
            "normal",
            "--timeout",
            "2",
        ],
        2048,
        Some(2.0),
    );
    assert_eq!(run.code, Some(3), "{}", run.stderr);
    within(
        &[
            "table",
            "--rules",
            "sync",
            "--timeout",
            "1",
            "--m",
            "0..9",
            "--n",
            "0..9",
        ],
        2048,
        Some(1.0),
    );
    let stalks = "BRG ".repeat(12);
    within(
        &["value", "--rules", "sync", "--timeout", "1", &stalks],
        2048,
        Some(1.0),
    );
}

// Row "no sign of life": every long subcommand stops at its deadline, and
// reports progress on request (`--progress`, JSON lines).

#[test]
fn long_subcommands_stop_in_time_and_report_progress_on_request() {
    let forty = "BRGB ".repeat(10);
    let cases: Vec<Vec<&str>> = vec![
        vec!["puzzles", "--edges", "20..30"],
        vec!["table", "--n", "0..40", "--m", "0..10", "--values"],
        vec![
            "value",
            "--rules",
            "quantum",
            "--flavour",
            "C'",
            "--width",
            "3",
            "nim:34",
        ],
        vec!["matrix", &forty],
        vec![
            "options",
            "--rules",
            "quantum",
            "--flavour",
            "D",
            "nim:30,30",
        ],
        vec!["puzzle", "--question", "value", &forty],
    ];
    for case in cases {
        let mut args = case.clone();
        args.extend(["--timeout", "2.5", "--progress"]);
        let args = owned(&args);
        let run = run_measured(&args, Duration::from_secs(60));
        let what = measured::shown(&args);
        assert!(
            run.seconds <= measured::time_bound(2.5),
            "{what}: {:.2} s",
            run.seconds
        );
        assert!(
            matches!(run.code, Some(0 | 2 | 3)),
            "{what}: {:?} {}",
            run.code,
            run.stderr
        );
        let lines: Vec<&str> = run.stderr.lines().collect();
        let (progress, rest): (Vec<&str>, Vec<&str>) = lines
            .iter()
            .partition(|l| l.starts_with("{\"progress\"") || l.starts_with('{'));
        // Every progress line is a whole JSON object; the error (if any)
        // is one line of its own.
        // (`value` also reports its stages: `{"stage": …}` lines.)
        for p in &progress {
            let v: serde_json::Value = serde_json::from_str(p).expect("a JSON line");
            assert!(
                v["stage"].is_string() || (v["elapsed"].is_number() && v["steps"].is_number()),
                "{what}: {p}"
            );
        }
        assert!(rest.len() <= 1, "{what}: {:?}", run.stderr);
        if let Some(line) = rest.first() {
            assert!(line.starts_with("hackenbush: "), "{what}: {line}");
        }
        if run.seconds > 2.0 {
            assert!(
                !progress.is_empty(),
                "{what}: ran {:.1} s with no progress",
                run.seconds
            );
        }
        if case[0] == "puzzles" && run.seconds > 2.0 {
            assert!(
                run.stderr.contains("candidates tried"),
                "{what}: {}",
                run.stderr
            );
        }
    }
}

#[test]
fn progress_is_absent_when_stderr_is_a_pipe() {
    let args = ["value", "--rules", "quantum", "--timeout", "2", "nim:64,64"];
    let run = within(&args, 2048, Some(2.0));
    assert_eq!(run.code, Some(3));
    assert_eq!(run.stderr.lines().count(), 1, "{:?}", run.stderr);
    assert!(!run.stderr.contains('\r'), "{:?}", run.stderr);
    let run = within(
        &[
            "census",
            "--size",
            "20",
            "--colours",
            "BRG",
            "--timeout",
            "2",
        ],
        2048,
        Some(2.0),
    );
    assert!(!run.stderr.contains('\r'), "{:?}", run.stderr);
}

/// `script` (util-linux) runs a command under a pseudo-terminal; its
/// transcript is what a terminal would show.
fn under_a_terminal(command: &str) -> Option<String> {
    let script = ["/usr/bin/script", "/bin/script"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists());
    let Some(script) = script else {
        eprintln!("skipped: no `script` to run a pseudo-terminal");
        return None;
    };
    let out = std::process::Command::new(script)
        .args(["-qec", command, "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    if text.is_empty() && !out.status.success() {
        eprintln!("skipped: `script` could not open a pseudo-terminal");
        return None;
    }
    Some(text)
}

#[test]
fn progress_is_shown_on_a_terminal_and_cleared_before_the_error() {
    let bin = env!("CARGO_BIN_EXE_hackenbush");
    let Some(shown) = under_a_terminal(&format!(
        "{bin} value --rules quantum --timeout 2.5 nim:64,64"
    )) else {
        return;
    };
    assert!(shown.contains("steps"), "{shown:?}");
    assert!(shown.contains("\r\x1b[K"), "{shown:?}");
    // The error line starts on a cleared line, never after a frame.
    let error = shown.find("hackenbush: stopped").expect("the error");
    assert!(shown[..error].ends_with("\r\x1b[K"), "{shown:?}");
    // A quick run shows nothing but its answer.
    let Some(quick) = under_a_terminal(&format!("{bin} value BR")) else {
        return;
    };
    assert_eq!(quick.trim(), "1/2", "{quick:?}");
}

// Row "replaying moves ignores the budget".

#[test]
fn replays_are_charged_to_the_deadline_and_the_memory_budget() {
    let p = green_stalks(30);
    let s = every_label(30);
    let moves = format!("{s} {s}");
    let run = within(
        &[
            "value",
            "--rules",
            "quantum",
            "--width",
            "unbounded",
            "--timeout",
            "2",
            "--moves",
            &moves,
            &p,
        ],
        2048,
        Some(2.0),
    );
    assert_eq!(run.code, Some(3), "{}", run.stderr);
    let p = green_stalks(60);
    let s = every_label(60);
    let moves = format!("{s} {s} {s}");
    let run = within(
        &[
            "value",
            "--rules",
            "quantum",
            "--width",
            "unbounded",
            "--max-memory",
            "128M",
            "--timeout",
            "5",
            "--moves",
            &moves,
            &p,
        ],
        128,
        Some(5.0),
    );
    assert_eq!(run.code, Some(3), "{}", run.stderr);
}

// Row "classical play over budget".

#[test]
fn classical_play_stays_within_its_budget() {
    let g = grid(6);
    within(
        &["value", "--max-memory", "128M", "--timeout", "20", &g],
        128,
        Some(20.0),
    );
    within(
        &["options", "--max-memory", "64M", "--timeout", "20", &g],
        64,
        Some(20.0),
    );
}

// Row "output lost".

#[test]
fn closed_stdout_is_an_error_not_a_silent_success() {
    let bin = env!("CARGO_BIN_EXE_hackenbush");
    let out = std::process::Command::new("sh")
        .args(["-c", "exec \"$0\" value BR >&-", bin])
        .output()
        .expect("sh runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("cannot write the output"), "{stderr}");
    // Output sent to /dev/null on purpose is a success.
    let out = std::process::Command::new("sh")
        .args(["-c", "exec \"$0\" value BR >/dev/null", bin])
        .output()
        .expect("sh runs");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn a_reader_that_stops_reading_ends_the_run_quietly() {
    let bin = env!("CARGO_BIN_EXE_hackenbush");
    // The census prints many lines; `head -1` closes the pipe after one.
    let out = std::process::Command::new("sh")
        .args([
            "-c",
            "\"$0\" census --class stalks --size 9 --colours BRG --show 100000 | head -c 1 >/dev/null; \
echo \"status $?\"",
            bin,
        ])
        .output()
        .expect("sh runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stdout.contains("status 0"), "{stdout}");
    assert!(stderr.is_empty(), "no message for a closed pipe: {stderr}");
}
