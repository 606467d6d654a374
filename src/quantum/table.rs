//! Tables of Blue Meadow positions (n blue halves `BR` and m red wholes
//! `R`, 2024 thesis §4.3) under one flavour and width: outcome classes by
//! the alternating search, or canonical values.

use super::flavour::Setting;
use super::hackenbush_solver;
use crate::budget::{Budget, Exceeded};
use crate::position::presets::blue_meadow;
pub use crate::solve::table::TableFormat;
use crate::solve::table::{over_budget_note, Grid};
use std::time::Instant;

/// What a table cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableKind {
    Outcome,
    Value,
}

/// One cell, finished or stopped by the budget.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    pub n: usize,
    pub m: usize,
    /// The outcome letter or the value in plain notation, or the limit
    /// the cell ran into.
    pub result: Result<String, Exceeded>,
    /// Wall-clock seconds spent on this cell.
    pub seconds: f64,
    /// Superposed states memoised for this cell (when it stopped, if it
    /// did).
    pub states: usize,
}

pub use crate::solve::table::OVER_BUDGET;

/// Does Blue Meadow n × BR + m × R fit a position?
fn check_size(n: usize, m: usize) -> Result<(), String> {
    match n.checked_mul(2).and_then(|e| e.checked_add(m)) {
        Some(edges) if edges <= crate::position::MAX_EDGES => Ok(()),
        _ => Err(format!("Blue Meadow n={n}, m={m} has too many edges")),
    }
}

/// One Blue Meadow cell, from scratch (no memo shared between cells, so
/// timings are per cell), within `budget`. Err only for a position too
/// large to build; a cell that exceeds the budget is a [`Cell`] saying
/// so.
pub fn blue_meadow_cell(
    n: usize,
    m: usize,
    setting: Setting,
    kind: TableKind,
    budget: &Budget,
) -> Result<Cell, String> {
    check_size(n, m)?;
    let clock = Instant::now();
    let (mut solver, start) = hackenbush_solver(blue_meadow(n, m), setting);
    solver.set_budget(budget);
    let state = [start];
    let result = match kind {
        TableKind::Outcome => solver
            .outcome_by_search(&state)
            .map(|o| o.letter().to_string()),
        TableKind::Value => solver.value(&state).map(|v| solver.arena.plain(v)),
    };
    let states = solver.memo_len();
    // Give the cell's bytes back before reporting, so the cells still
    // running can use them.
    drop(solver);
    Ok(Cell {
        n,
        m,
        result,
        seconds: clock.elapsed().as_secs_f64(),
        states,
    })
}

/// Every cell for n in `ns` and m in `ms`, calling `progress(done, total)`
/// after each cell. Cells are independent solves, so they run on all
/// available cores, sharing `budget`; the result is in row order whatever
/// order they finish in. A cell that exceeds the budget is returned as
/// such (and frees its memory), the others go on.
///
/// Cells run smallest first, and once a cell (n, m) has run out of
/// memory every cell (n′ ≥ n, m′ ≥ m) is marked with the same limit
/// without being tried: its position contains (n, m)'s as a part, so its
/// search meets every state of that one and more. Without this a wide
/// table would fill the budget once per large cell, one after another.
/// Err only if the ranges name positions too large to build (checked
/// before any work).
pub fn blue_meadow_table(
    ns: std::ops::RangeInclusive<usize>,
    ms: std::ops::RangeInclusive<usize>,
    setting: Setting,
    kind: TableKind,
    budget: &Budget,
    mut progress: impl FnMut(usize, usize, &Cell),
) -> Result<Vec<Cell>, String> {
    let jobs: Vec<(usize, usize)> = ns.flat_map(|n| ms.clone().map(move |m| (n, m))).collect();
    for &(n, m) in &jobs {
        check_size(n, m)?;
    }
    let total = jobs.len();
    let mut slots: Vec<Option<Cell>> = vec![None; total];
    let mut first_error = None;
    let mut done = 0;
    let out_of_memory: std::sync::Mutex<Vec<(usize, usize, Exceeded)>> = Default::default();
    let cell = |&(n, m): &(usize, usize)| {
        let known = |list: &Vec<(usize, usize, Exceeded)>| {
            list.iter()
                .find(|&&(a, b, _)| n >= a && m >= b)
                .map(|&(_, _, e)| e)
        };
        if let Some(e) = out_of_memory.lock().ok().as_deref().and_then(known) {
            return Ok(Cell {
                n,
                m,
                result: Err(e),
                seconds: 0.0,
                states: 0,
            });
        }
        let cell = blue_meadow_cell(n, m, setting, kind, budget)?;
        if let Err(e @ Exceeded::Memory(_)) = cell.result {
            if let Ok(mut list) = out_of_memory.lock() {
                list.push((n, m, e));
            }
        }
        Ok(cell)
    };
    run_cells(
        &jobs,
        available_threads(),
        // `run_cells` takes larger sizes first: smallest n + m first here.
        |&(n, m)| usize::MAX - (n + m),
        cell,
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

/// Print cells as a table with one row per n and one column per m. Cells
/// stopped by the budget show [`OVER_BUDGET`]; a Markdown table then ends
/// with a line naming each limit (a CSV table stays plain CSV: see
/// [`footnote`]).
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
    let mut out = grid.format(format, |n, m| {
        cells
            .iter()
            .find(|c| c.n == n && c.m == m)
            .map_or(String::new(), |c| match &c.result {
                Ok(text) => text.clone(),
                Err(_) => OVER_BUDGET.to_string(),
            })
    });
    if let Some(why) = footnote(cells) {
        out.push_str(&over_budget_note(format, &why));
    }
    out
}

/// The limits that stopped cells, if any did: `the memory budget of 2G
/// is used up (3 cells)`.
pub fn footnote(cells: &[Cell]) -> Option<String> {
    let mut limits: Vec<(Exceeded, usize)> = Vec::new();
    for c in cells {
        if let Err(e) = c.result {
            match limits.iter_mut().find(|(x, _)| *x == e) {
                Some((_, k)) => *k += 1,
                None => limits.push((e, 1)),
            }
        }
    }
    if limits.is_empty() {
        return None;
    }
    let parts: Vec<String> = limits
        .iter()
        .map(|(e, k)| format!("{e} ({k} cell{})", if *k == 1 { "" } else { "s" }))
        .collect();
    Some(parts.join("; "))
}
