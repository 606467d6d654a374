//! Blue Meadow tables under every flavour, width 2 and unbounded: CPU
//! time and charged bytes per cell, peak memory (VmHWM) for the whole run.
//!
//! `cargo bench --bench quantum_table -- [--max-w2 N] [--max-unbounded N]
//! [--max-sum S] [--threads T] [--values] [--independent]
//! [--flavours A,B,C,C',C'u,D] [--cell N,M] [--timeout SECONDS] [--max-memory SIZE]`
//!
//! `--cell N,M` runs only that cell (fresh solver per width and family of
//! flavours, valued jointly as rows are unless `--separate`; `--max-w2 0`
//! or `--max-unbounded 0` leaves a width out), and
//! `--timeout` stops each run at that limit, for before/after figures of
//! single cells.
//!
//! The issue-12 targets: `--values` (width 2 and unbounded n, m ≤ 5 and
//! ≤ 4, every flavour) and `--values --max-w2 10 --max-sum 10
//! --max-unbounded 0 --flavours A,B,D` (every width-2 cell with
//! n + m ≤ 10). Not run by CI (`./build.sh bench` runs it).
//!
//! Rows (or, with --independent, cells) run in parallel on T threads
//! (default: all cores); per-cell CPU is the worker thread's.
//!
//! Value cells are valued as `hackenbush table` values them: by comparison
//! with numbers first (outcome searches of state + number, see
//! `QuantumSolver::number_value`), from the options where that fails.
//!
//! Value tables value each row under the flavours of one family at once
//! (A, B, D and C, C', C'u: `QuantumSolver::jointly`); such a row's CPU
//! is reported once, under its family, and its cells show the joint
//! figures. `--separate` values every flavour on its own, for before/after
//! figures.

/// As in the `hackenbush` binary, so the figures are what the tool does.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use hackenbush_lab::budget::{Budget, ByteSize, Timeout};
use hackenbush_lab::quantum::table::{
    available_threads, blue_meadow_cell, blue_meadow_row, format_table, joint_groups, run_cells,
    Cell, TableFormat, TableKind,
};
use hackenbush_lab::quantum::{Flavour, Setting, Width};
use std::time::Instant;

#[path = "support/cpu.rs"]
mod cpu;

/// CPU time (user + system) of this thread in seconds.
fn thread_cpu_seconds() -> f64 {
    cpu::stat_seconds("/proc/thread-self/stat", 14, 15)
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
            .filter_map(|f| f.parse::<Flavour>().ok())
            .collect(),
        None => Flavour::ALL.to_vec(),
    };
    let threads: usize = get("--threads")
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(available_threads);
    // Only cells with n + m at most this (e.g. 7 for the 0.5 s target).
    let max_sum: usize = get("--max-sum")
        .and_then(|v| v.parse().ok())
        .unwrap_or(usize::MAX);
    // Each row n of a table is one job whose cells share a solver, as in
    // `hackenbush table` (see `blue_meadow_row`); with --independent every
    // cell is its own job on a fresh solver, so its figures are its own.
    let independent = args.iter().any(|a| a == "--independent");
    let separate = args.iter().any(|a| a == "--separate");
    let only: Option<(usize, usize)> = get("--cell").and_then(|v| {
        let (n, m) = v.split_once(',')?;
        Some((n.parse().ok()?, m.parse().ok()?))
    });
    let timeout: Option<Timeout> = get("--timeout").and_then(|v| v.parse().ok());
    // One pool over every table's rows, so the cores stay busy across
    // tables too (a table's last big row no longer idles a core).
    let mut tables: Vec<Setting> = Vec::new();
    // A job: the tables (indices into `tables`) it fills, its row n, and
    // its cell m (or the whole row).
    let mut jobs: Vec<(Vec<usize>, usize, Option<usize>)> = Vec::new();
    for (width, max) in [(Width::Limited(2), max_w2), (Width::Unbounded, max_unb)] {
        let first = tables.len();
        tables.extend(flavours.iter().map(|&f| Setting::new(f, width)));
        if max == 0 && only.is_some() {
            continue;
        }
        // Whole rows of values are valued jointly by family.
        let joint = kind == TableKind::Value && !separate && !independent;
        let groups: Vec<Vec<usize>> = if joint {
            joint_groups(&tables[first..], kind)
                .into_iter()
                .map(|g| g.into_iter().map(|t| first + t).collect())
                .collect()
        } else {
            (first..tables.len()).map(|t| vec![t]).collect()
        };
        for group in groups {
            for n in 0..=max {
                if let Some((cn, cm)) = only {
                    if n == cn {
                        jobs.push((group.clone(), cn, Some(cm)));
                    }
                } else if independent {
                    for m in (0..=max).filter(|&m| n + m <= max_sum) {
                        jobs.push((group.clone(), n, Some(m)));
                    }
                } else if n <= max_sum {
                    jobs.push((group.clone(), n, None));
                }
            }
        }
    }
    // Benchmarks measure the whole search: no limit unless asked (the
    // clock then runs from here, so give one cell at a time).
    // `--max-memory 4G`: the per-cell memory budget (default: none).
    let memory = get("--max-memory")
        .and_then(|v| v.parse::<ByteSize>().ok())
        .unwrap_or(ByteSize(u64::MAX));
    let budget = Budget::new(memory, timeout);
    let run_wall = Instant::now();
    let mut cells: Vec<Vec<Cell>> = vec![Vec::new(); tables.len()];
    let mut cpu_of: Vec<Vec<f64>> = vec![Vec::new(); tables.len()];
    // CPU time is per worker thread, so each cell's figure is its own
    // whatever runs beside it (in a shared row: what the cell added).
    run_cells(
        &jobs,
        threads,
        // Joint rows are the largest jobs.
        |(group, n, m)| (n + m.unwrap_or(max_w2)) * 4 + group.len(),
        |(group, n, m)| {
            let (n, m) = (*n, *m);
            // (table, cell, CPU seconds charged to it): a joint cell's CPU
            // goes to its family's first table.
            let mut done: Vec<(usize, Cell, f64)> = Vec::new();
            let mut t0 = thread_cpu_seconds();
            let mut each = |k: usize, cell: Cell| {
                let now = thread_cpu_seconds();
                done.push((group[k], cell, now - t0));
                t0 = now;
            };
            let settings: Vec<Setting> = group.iter().map(|&t| tables[t]).collect();
            let r = match m {
                // A family's cell: a row of one cell, valued jointly.
                Some(m) if settings.len() > 1 => {
                    blue_meadow_row(n, m..=m, &settings, kind, &budget, |_| None, &mut each)
                }
                Some(m) => blue_meadow_cell(n, m, settings[0], kind, &budget).map(|c| each(0, c)),
                None => {
                    let max = if settings[0].width == Width::Unbounded {
                        max_unb
                    } else {
                        max_w2
                    };
                    let ms = 0..=max.min(max_sum - n);
                    blue_meadow_row(n, ms, &settings, kind, &budget, |_| None, &mut each)
                }
            };
            (r, done)
        },
        |i, (result, done)| {
            let n = jobs[i].1;
            if let Err(e) = result {
                let t = jobs[i].0[0];
                let (flavour, width) = (tables[t].flavour, tables[t].width);
                println!("row flavour={flavour} width={width} n={n} error: {e}");
            }
            for (t, cell, cpu) in done {
                let (flavour, width) = (tables[t].flavour, tables[t].width);
                let m = cell.m;
                match &cell.result {
                    Err(e) => println!(
                        "cell flavour={flavour} width={width} n={n} m={m} not finished: {e}"
                    ),
                    Ok(text) => println!(
                        "cell flavour={flavour} width={width} n={n} m={m} result={text} cpu={cpu:.2}s wall={:.2}s states={} charged={:.1}MiB",
                        cell.seconds,
                        cell.states,
                        cell.bytes as f64 / f64::from(1 << 20)
                    ),
                }
                cells[t].push(cell);
                cpu_of[t].push(cpu);
            }
            true
        },
    );
    let mut run_cpu = 0.0;
    for (t, setting) in tables.iter().enumerate() {
        let cpu: f64 = cpu_of[t].iter().sum();
        run_cpu += cpu;
        let slowest = cells[t]
            .iter()
            .zip(&cpu_of[t])
            .max_by(|a, b| a.1.total_cmp(b.1))
            .map_or((0, 0, 0.0), |(c, &s)| (c.n, c.m, s));
        println!(
            "table flavour={} width={} cpu={cpu:.2}s slowest n={} m={} {:.3}s",
            setting.flavour, setting.width, slowest.0, slowest.1, slowest.2
        );
        println!(
            "{}",
            format_table(&cells[t], *setting, TableFormat::Markdown)
        );
    }
    println!(
        "total cpu={run_cpu:.1}s wall={:.1}s threads={threads} peak memory VmHWM={}",
        run_wall.elapsed().as_secs_f64(),
        peak_memory_kb()
    );
}
