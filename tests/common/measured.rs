//! Running the `hackenbush` binary as a process and measuring what the
//! budgets promise (issue 26): its peak resident memory and wall time.
//!
//! Peak memory is the child's `VmHWM` (high-water mark of its resident
//! set) read from `/proc/PID/status` while it runs: the mark only grows, so
//! the last reading before the child exits is its peak up to a few
//! milliseconds (a process cannot outgrow its cap much in that time: the
//! allocator cap stops it first). Where `/proc` is missing the peak is
//! unknown and memory bounds are not checked. Under `prlimit` (util-linux,
//! when installed) the address space is capped as in the runs; the
//! child execs in place, so its pid is the binary's.

#![allow(dead_code)]

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub struct Measured {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub seconds: f64,
    /// Peak resident memory in bytes, if it could be read.
    pub peak: Option<u64>,
}

/// The address-space cap of every measured run (the runs used
/// 6 GB; a process that aborts under it shows up as a signal, not exit 3).
pub const ADDRESS_SPACE: u64 = 6 << 30;

/// The promise: resident ≤ 1.25 × budget + 30 MB.
pub fn memory_bound(budget: u64) -> u64 {
    budget + budget / 4 + (30 << 20)
}

/// The promise: stopped within 1.1 × timeout + 0.5 s.
pub fn time_bound(timeout: f64) -> f64 {
    1.1 * timeout + 0.5
}

fn prlimit() -> Option<&'static str> {
    ["/usr/bin/prlimit", "/bin/prlimit"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
}

fn peak_of(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Run the binary on `args`, killing it after `limit` (a hang is then
/// reported as `code: None`).
pub fn run_measured(args: &[String], limit: Duration) -> Measured {
    // One measured run at a time: runs of parallel tests would share the
    // cores and blur each other's times (a deadline test measures the
    // binary, not the machine's load).
    static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let bin = env!("CARGO_BIN_EXE_hackenbush");
    let mut cmd = match prlimit() {
        Some(p) => {
            let mut c = Command::new(p);
            c.arg(format!("--as={ADDRESS_SPACE}")).arg("--").arg(bin);
            c
        }
        None => Command::new(bin),
    };
    let mut child = cmd
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let start = Instant::now();
    let pid = child.id();
    let mut out_pipe = child.stdout.take().expect("piped");
    let mut err_pipe = child.stderr.take().expect("piped");
    let out_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out_pipe.read_to_end(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err_pipe.read_to_end(&mut s);
        s
    });
    let mut peak = None;
    let status = loop {
        // Read the mark before reaping: once reaped, it is gone.
        if let Some(p) = peak_of(pid) {
            peak = Some(p.max(peak.unwrap_or(0)));
        }
        match child.try_wait().expect("wait") {
            Some(status) => break Some(status),
            None if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            None => std::thread::sleep(Duration::from_millis(3)),
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    let text = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
    Measured {
        code: status.and_then(|s| s.code()),
        stdout: text(out_reader.join().unwrap_or_default()),
        stderr: text(err_reader.join().unwrap_or_default()),
        seconds,
        peak,
    }
}

/// `args` as owned strings.
pub fn owned(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

/// `args` with long positions shortened, for messages.
pub fn shown(args: &[String]) -> String {
    let short: Vec<String> = args
        .iter()
        .map(|a| {
            if a.chars().count() > 40 {
                format!("{}…", a.chars().take(30).collect::<String>())
            } else {
                a.clone()
            }
        })
        .collect();
    format!("{short:?}")
}

impl Measured {
    /// Exit 0 with nothing on stderr, or exit 3 with one line on stderr
    /// naming a budget; within `memory` bytes (peak resident, as the issue
    /// bounds it) and `timeout` seconds (if given).
    pub fn assert_within(&self, args: &[String], memory: u64, timeout: Option<f64>) {
        let what = shown(args);
        let stderr = &self.stderr;
        match self.code {
            Some(0) => assert!(stderr.is_empty(), "{what}: exit 0 but stderr {stderr:?}"),
            Some(3) => {
                assert_eq!(stderr.lines().count(), 1, "{what}: {stderr:?}");
                assert!(stderr.ends_with('\n'), "{what}: {stderr:?}");
                assert!(
                    stderr.contains("--max-memory") || stderr.contains("--timeout"),
                    "{what}: names the flag: {stderr}"
                );
            }
            other => panic!(
                "{what}: exit {other:?} after {:.2} s, stderr {stderr:?}",
                self.seconds
            ),
        }
        if let Some(peak) = self.peak {
            let bound = memory_bound(memory);
            assert!(
                peak <= bound,
                "{what}: peak resident {} MB, more than 1.25 × budget + 30 MB = {} MB",
                peak >> 20,
                bound >> 20
            );
        }
        if let Some(t) = timeout {
            assert!(
                self.seconds <= time_bound(t),
                "{what}: took {:.2} s, more than 1.1 × {t} + 0.5 s",
                self.seconds
            );
        }
    }
}
