//! Blue Meadow tables under every flavour, width 2 and unbounded: CPU
//! time per cell and peak memory (VmHWM) for the whole run.
//!
//! `cargo bench --bench quantum_table -- [--max-w2 N] [--max-unbounded N]
//! [--values] [--flavours A,B,C,C',C'u,D]`

use hackenbush_lab::quantum::table::{blue_meadow_cell, format_table, TableFormat, TableKind};
use hackenbush_lab::quantum::{Flavour, Setting, Width};

/// CPU time (user + system) of this thread in seconds, from
/// /proc/thread-self/stat in clock ticks (1/100 s on Linux); 0 where /proc
/// is unavailable. Schedstat would be finer but is often disabled.
fn thread_cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/thread-self/stat") else {
        return 0.0;
    };
    // Fields after the command name (which may contain spaces), 1-based
    // field 14 is utime and 15 stime; after ')' they are the 12th and 13th.
    let rest = stat.rsplit_once(')').map_or("", |x| x.1);
    let f: Vec<f64> = rest
        .split_whitespace()
        .map(|x| x.parse().unwrap_or(0.0))
        .collect();
    (f.get(11).copied().unwrap_or(0.0) + f.get(12).copied().unwrap_or(0.0)) / 100.0
}

fn peak_memory_kb() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM"))
                .map(|l| l.trim_start_matches("VmHWM:").trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let max_w2: usize = get("--max-w2").and_then(|v| v.parse().ok()).unwrap_or(5);
    let max_unb: usize = get("--max-unbounded")
        .and_then(|v| v.parse().ok())
        .unwrap_or(4);
    let kind = if args.iter().any(|a| a == "--values") {
        TableKind::Value
    } else {
        TableKind::Outcome
    };
    let flavours: Vec<Flavour> = match get("--flavours") {
        Some(list) => list
            .split(',')
            .filter_map(|f| Flavour::parse(f).ok())
            .collect(),
        None => Flavour::ALL.to_vec(),
    };
    let run_start = thread_cpu_seconds();
    for (width, max) in [(Width::Limited(2), max_w2), (Width::Unbounded, max_unb)] {
        for &flavour in &flavours {
            let setting = Setting::new(flavour, width);
            let started = thread_cpu_seconds();
            let mut cells = Vec::new();
            let mut slowest: (f64, usize, usize) = (0.0, 0, 0);
            for n in 0..=max {
                for m in 0..=max {
                    let t0 = thread_cpu_seconds();
                    match blue_meadow_cell(n, m, setting, kind, usize::MAX) {
                        Ok(cell) => {
                            let cpu = thread_cpu_seconds() - t0;
                            println!(
                                "cell flavour={flavour} width={width} n={n} m={m} result={} cpu={cpu:.2}s wall={:.4}s states={}",
                                cell.text, cell.seconds, cell.states
                            );
                            if cpu > slowest.0 {
                                slowest = (cpu, n, m);
                            }
                            cells.push(cell);
                        }
                        Err(e) => println!("cell flavour={flavour} n={n} m={m} error: {e}"),
                    }
                }
            }
            println!(
                "table flavour={flavour} width={width} cpu={:.2}s slowest n={} m={} {:.3}s",
                thread_cpu_seconds() - started,
                slowest.1,
                slowest.2,
                slowest.0
            );
            println!("{}", format_table(&cells, setting, TableFormat::Markdown));
        }
    }
    println!(
        "total cpu={:.1}s peak memory VmHWM={}",
        thread_cpu_seconds() - run_start,
        peak_memory_kb()
    );
}
