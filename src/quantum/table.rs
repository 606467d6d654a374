//! Tables of Blue Meadow positions (n blue halves `BR` and m red wholes
//! `R`, 2024 thesis §4.3) under one flavour and width: outcome classes by
//! the alternating search, or canonical values.

use super::flavour::Setting;
use super::hackenbush_solver;
use crate::position::presets::blue_meadow;
use crate::solve::table::Grid;
pub use crate::solve::table::TableFormat;
use std::time::Instant;

/// What a table cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableKind {
    Outcome,
    Value,
}

/// One computed cell.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    pub n: usize,
    pub m: usize,
    /// The outcome letter or the value in plain notation.
    pub text: String,
    /// Wall-clock seconds spent on this cell.
    pub seconds: f64,
    /// Superposed states memoised for this cell.
    pub states: usize,
}

/// One Blue Meadow cell, from scratch (no memo shared between cells, so
/// timings are per cell). `limit` caps the memoised states.
pub fn blue_meadow_cell(
    n: usize,
    m: usize,
    setting: Setting,
    kind: TableKind,
    limit: usize,
) -> Result<Cell, String> {
    if 2 * n + m > crate::position::MAX_EDGES {
        return Err(format!("Blue Meadow n={n}, m={m} has too many edges"));
    }
    let clock = Instant::now();
    let (mut solver, start) = hackenbush_solver(blue_meadow(n, m), setting);
    solver.set_state_limit(limit);
    let state = [start];
    let text = match kind {
        TableKind::Outcome => solver
            .outcome_by_search(&state)
            .map(|o| o.letter().to_string()),
        TableKind::Value => solver.value(&state).map(|v| solver.arena.plain(v)),
    }
    .map_err(|e| format!("n={n}, m={m}: {e}"))?;
    Ok(Cell {
        n,
        m,
        text,
        seconds: clock.elapsed().as_secs_f64(),
        states: solver.memo_len(),
    })
}

/// Every cell for n in `ns` and m in `ms`, calling `progress(done, total)`
/// after each cell. Cells are independent solves, so they run on all
/// available cores (largest first, for balance); the result is in row
/// order whatever order they finish in.
pub fn blue_meadow_table(
    ns: std::ops::RangeInclusive<usize>,
    ms: std::ops::RangeInclusive<usize>,
    setting: Setting,
    kind: TableKind,
    limit: usize,
    mut progress: impl FnMut(usize, usize, &Cell),
) -> Result<Vec<Cell>, String> {
    let jobs: Vec<(usize, usize)> = ns.flat_map(|n| ms.clone().map(move |m| (n, m))).collect();
    let total = jobs.len();
    let mut slots: Vec<Option<Cell>> = vec![None; total];
    let mut first_error = None;
    let mut done = 0;
    run_cells(
        &jobs,
        available_threads(),
        |&(n, m)| n + m,
        |&(n, m)| blue_meadow_cell(n, m, setting, kind, limit),
        |i, result| match result {
            Ok(cell) => {
                done += 1;
                progress(done, total, &cell);
                slots[i] = Some(cell);
                true
            }
            Err(e) => {
                first_error.get_or_insert(e);
                false
            }
        },
    );
    if let Some(e) = first_error {
        return Err(e);
    }
    Ok(slots.into_iter().flatten().collect())
}

/// The cores to use for independent cells.
pub fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// Run `work` on every job on `threads` worker threads, taking jobs in
/// decreasing order of `size` (the expensive ones first, so the last job
/// to finish is a cheap one), and hand each result with its job index to
/// `done` on the calling thread as it arrives. `done` returning false
/// stops handing out new jobs. Each solve owns its solver, so nothing but
/// results crosses threads.
pub fn run_cells<J: Sync, T: Send>(
    jobs: &[J],
    threads: usize,
    size: impl Fn(&J) -> usize,
    work: impl Fn(&J) -> T + Sync,
    mut done: impl FnMut(usize, T) -> bool,
) {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let mut order: Vec<usize> = (0..jobs.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(size(&jobs[i])));
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, jobs.len().max(1)) {
            let tx = tx.clone();
            let (next, stop, order, work) = (&next, &stop, &order, &work);
            scope.spawn(move || loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(&i) = order.get(k) else { break };
                if tx.send((i, work(&jobs[i]))).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for (i, result) in rx {
            if !done(i, result) {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
}

/// Print cells as a table with one row per n and one column per m.
pub fn format_table(cells: &[Cell], setting: Setting, format: TableFormat) -> String {
    let mut ns: Vec<usize> = cells.iter().map(|c| c.n).collect();
    let mut ms: Vec<usize> = cells.iter().map(|c| c.m).collect();
    ns.sort_unstable();
    ns.dedup();
    ms.sort_unstable();
    ms.dedup();
    let title = format!(
        "Blue Meadow n × BR + m × R, flavour {}, width {}",
        setting.flavour, setting.width
    );
    let grid = Grid {
        title: &title,
        row_axis: "n",
        col_axis: "m",
        rows: &ns,
        cols: &ms,
    };
    grid.format(format, |n, m| {
        cells
            .iter()
            .find(|c| c.n == n && c.m == m)
            .map_or(String::new(), |c| c.text.clone())
    })
}
