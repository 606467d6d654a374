//! Soak test (issue 26): the hostile-argument generator of
//! `tests/cli_args.rs` over every subcommand, and heavy valid commands, run
//! as processes under an address-space cap (`prlimit`, when installed).
//! Every run must end with exit 0, 2 or 3 (1 only for output that cannot be
//! written, which cannot happen here), one line on stderr when it fails and
//! none when it succeeds, within 1.25 × its memory budget + 30 MB resident
//! and 1.1 × its deadline + 0.5 s.
//!
//! Computing subcommands get a random small budget and deadline so every
//! run is short; the loop stops taking new lists after [`WALL`] seconds,
//! so the test adds about that to `cargo test --release` whatever the
//! machine's load. Same seed, same lists: a failure prints its argument
//! list.

#[path = "common/hostile.rs"]
mod hostile;
#[path = "common/measured.rs"]
mod measured;

use hackenbush_lab::budget::{ByteSize, Timeout};
use hackenbush_lab::rng::SplitMix64;
use measured::{run_measured, shown};
use std::time::{Duration, Instant};

/// How long the soak takes new argument lists (seconds).
const WALL: u64 = 60;

/// Budgets given to computing subcommands (that name none).
const MEMORY: &[&str] = &["16M", "32M", "64M", "128M"];
const TIMEOUTS: &[&str] = &["0.5", "1", "1.5"];

/// Add a random budget to a computing command that names none; return
/// the memory budget and deadline in force.
fn with_budget(rng: &mut SplitMix64, args: &mut Vec<String>) -> (u64, Option<f64>) {
    let mut memory = ByteSize::gib(2).0;
    let mut timeout = None;
    if !hostile::computes(args) {
        return (memory, None);
    }
    if !args.iter().any(|a| a.starts_with("--max-memory")) {
        let m = MEMORY[rng.below(MEMORY.len())];
        args.extend(["--max-memory".into(), m.into()]);
    }
    if !args.iter().any(|a| a.starts_with("--timeout")) {
        let t = TIMEOUTS[rng.below(TIMEOUTS.len())];
        args.extend(["--timeout".into(), t.into()]);
    }
    // The budget in force is the last one given that reads (clap refuses
    // a repeated flag, so there is one).
    for w in args.windows(2) {
        match w[0].as_str() {
            "--max-memory" => {
                if let Ok(b) = w[1].parse::<ByteSize>() {
                    memory = b.0;
                }
            }
            "--timeout" => {
                if let Ok(t) = w[1].parse::<Timeout>() {
                    timeout = Some(t.millis as f64 / 1000.0);
                }
            }
            _ => {}
        }
    }
    (memory, timeout)
}

#[test]
fn hostile_and_heavy_commands_keep_the_contract() {
    let mut rng = SplitMix64::new(26);
    let start = Instant::now();
    let (mut runs, mut heavy_runs) = (0, 0);
    let mut codes = [0usize; 4];
    while start.elapsed() < Duration::from_secs(WALL) || runs < 50 {
        // One heavy valid command for every four hostile lists.
        let heavy = runs % 5 == 4;
        let mut args = if heavy {
            heavy_runs += 1;
            hostile::heavy(&mut rng)
        } else {
            hostile::args(&mut rng).split_off(1)
        };
        let mut with_name = vec!["hackenbush".to_string()];
        with_name.append(&mut args);
        let (memory, timeout) = with_budget(&mut rng, &mut with_name);
        let args = with_name.split_off(1);
        if args.iter().any(|a| a.contains('\0')) {
            continue; // no process can be given a NUL byte in an argument
        }
        // `draw --caption` values within 2 s unless told; nothing else
        // without a budget computes for long.
        let limit = Duration::from_secs_f64(timeout.unwrap_or(5.0) * 1.1 + 10.0);
        let run = run_measured(&args, limit);
        runs += 1;
        let what = shown(&args);
        let code = run.code.unwrap_or_else(|| {
            panic!(
                "{what}: no exit status after {:.1} s (a hang or a signal): {:?}",
                run.seconds, run.stderr
            )
        });
        assert!(
            [0, 2, 3].contains(&code),
            "{what}: exit {code}: {:?}",
            run.stderr
        );
        codes[code as usize] += 1;
        if code == 0 {
            assert!(
                run.stderr.is_empty(),
                "{what}: exit 0 with stderr {:?}",
                run.stderr
            );
        } else {
            assert_eq!(run.stderr.lines().count(), 1, "{what}: {:?}", run.stderr);
            assert!(
                run.stderr.starts_with("hackenbush: "),
                "{what}: {:?}",
                run.stderr
            );
            assert!(!run.stderr.contains('\r'), "{what}: {:?}", run.stderr);
        }
        if memory < (4 << 30) {
            if let Some(peak) = run.peak {
                assert!(
                    peak <= measured::memory_bound(memory),
                    "{what}: peak resident {} MB over 1.25 × {} MB + 30 MB",
                    peak >> 20,
                    memory >> 20
                );
            }
        }
        if let Some(t) = timeout {
            assert!(
                run.seconds <= measured::time_bound(t),
                "{what}: {:.2} s past 1.1 × {t} + 0.5 s",
                run.seconds
            );
        }
    }
    eprintln!("soak: {runs} runs ({heavy_runs} heavy), exits 0/2/3: {codes:?}");
    assert!(codes[0] > 0 && codes[2] > 0, "{codes:?}");
}
