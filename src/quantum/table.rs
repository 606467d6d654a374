//! Tables of Blue Meadow positions (n blue halves `BR` and m red wholes
//! `R`, 2024 thesis §4.3) under one flavour and width: outcome classes by
//! the alternating search, or canonical values.

use super::flavour::{Flavour, Setting};
use super::hackenbush_solver;
use crate::budget::{Budget, Exceeded};
use crate::position::presets::blue_meadow;
use crate::position::EdgeSet;
use crate::quantum::solver::{joinable, MAX_JOINT};
use crate::quantum::QuantumSolver;
use crate::rules::Hackenbush;
use crate::shard::Shard;
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
    /// Superposed states memoised by the solver that valued this cell,
    /// when it finished or stopped (a row's cells share one solver, see
    /// [`blue_meadow_row`], so this counts the row's earlier cells too).
    pub states: usize,
    /// Bytes of that solver's tables as charged to the budget then.
    pub bytes: u64,
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
    // Every Blue Meadow value met so far is a number (Conjecture 8.1).
    solver.try_numbers_first(true);
    let state = [start];
    let result = match kind {
        TableKind::Outcome => solver
            .outcome_by_search(&state)
            .map(|o| o.letter().to_string()),
        TableKind::Value => solver.value(&state).map(|v| solver.arena.plain(v)),
    };
    let (states, bytes) = (solver.memo_len(), solver.charged_bytes());
    // Give the cell's bytes back before reporting, so the cells still
    // running can use them.
    drop(solver);
    Ok(Cell {
        n,
        m,
        result,
        seconds: clock.elapsed().as_secs_f64(),
        states,
        bytes,
    })
}

/// The cells (n, m) for m in `ms`, in increasing m, valued by one solver
/// on Blue Meadow (n, max ms): cell (n, m) is the classical state of that
/// position with the last weeds already cut, so the row's cells share one
/// memo, and a cell meets again many states of the cells before it.
///
/// Soundness: no label of a missing weed is legal on any realisation the
/// state can reach, so the quantum game from that state and the one from
/// Blue Meadow (n, m) have the same legal maps, flavour counts and results
/// under the label bijection: isomorphic game trees, equal values. The
/// reductions stay those of the larger position, whose automorphisms
/// they use.
///
/// With several `settings` (one width, flavours that share a
/// normalisation, values only: see [`QuantumSolver::jointly`]) one solver
/// values the row under all of them at once; each cell is handed to
/// `each` once per setting, with the setting's index, and carries the
/// joint search's time and size.
///
/// Each cell is handed to `each` as it finishes. `known(m)`, asked before
/// each cell, may name a limit the cell is known to exceed (it is then
/// not tried). A cell past the memory budget is tried once more on a
/// fresh solver holding nothing of the earlier cells; if it still does
/// not fit, the rest of the row (whose positions contain it) is marked
/// with the same limit. Err only for a position too large to build.
pub fn blue_meadow_row(
    n: usize,
    ms: std::ops::RangeInclusive<usize>,
    settings: &[Setting],
    kind: TableKind,
    budget: &Budget,
    known: impl Fn(usize) -> Option<Exceeded>,
    mut each: impl FnMut(usize, Cell),
) -> Result<(), String> {
    let widest = *ms.end();
    check_size(n, widest)?;
    let Some(&setting) = settings.first() else {
        return Err("a row needs a flavour".into());
    };
    let flavours: Vec<Flavour> = settings.iter().map(|s| s.flavour).collect();
    let joint_ok = settings.iter().all(|s| s.width == setting.width)
        && (settings.len() == 1 || kind == TableKind::Value)
        && joinable(&flavours);
    if !joint_ok {
        return Err(format!(
            "flavours {} cannot be valued jointly",
            flavours
                .iter()
                .map(|f| f.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    let fresh = || {
        let rules = Hackenbush::new(blue_meadow(n, widest));
        let start = rules.start();
        let mut solver =
            QuantumSolver::jointly(rules, &start, setting, &flavours).expect("checked above");
        solver.set_budget(budget);
        solver.try_numbers_first(true);
        solver
    };
    let mut solver = None;
    let mut stopped: Option<Exceeded> = None;
    for m in ms {
        let clock = Instant::now();
        if let Some(e) = stopped.or_else(|| known(m)) {
            for k in 0..settings.len() {
                each(
                    k,
                    Cell {
                        n,
                        m,
                        result: Err(e),
                        seconds: 0.0,
                        states: 0,
                        bytes: 0,
                    },
                );
            }
            continue;
        }
        // Blue Meadow (n, m): the n halves and the first m weeds.
        let state = [EdgeSet::first(2 * n + m)];
        // One text per setting.
        let attempt = |solver: &mut QuantumSolver<Hackenbush>| match kind {
            TableKind::Outcome => solver
                .outcome_by_search(&state)
                .map(|o| vec![o.letter().to_string()]),
            TableKind::Value => solver.values(&state).map(|vs| {
                vs.into_iter()
                    .map(|v| solver.arena.plain(v))
                    .collect::<Vec<_>>()
            }),
        };
        let mut current = solver.take().unwrap_or_else(fresh);
        let mut result = attempt(&mut current);
        if let Err(Exceeded::Memory(_)) = result {
            if current.memo_len() > 0 {
                // Free the row's memo first, then start afresh.
                drop(current);
                current = fresh();
                result = attempt(&mut current);
            }
        }
        let (states, bytes) = (current.memo_len(), current.charged_bytes());
        match result {
            Err(e) => {
                stopped = Some(e);
                // Give the bytes back before reporting, so the cells
                // still running can use them.
                drop(current);
            }
            Ok(_) => solver = Some(current),
        }
        let seconds = clock.elapsed().as_secs_f64();
        for k in 0..settings.len() {
            let result = match &result {
                Ok(texts) => Ok(texts[k].clone()),
                Err(e) => Err(*e),
            };
            each(
                k,
                Cell {
                    n,
                    m,
                    result,
                    seconds,
                    states,
                    bytes,
                },
            );
        }
    }
    Ok(())
}

/// Every cell for n in `ns` and m in `ms`, calling `progress(done, total)`
/// after each cell. Each row n is one job (see [`blue_meadow_row`]: its
/// cells share a solver); rows run on all available cores, sharing
/// `budget`, and the result is in row order whatever order they finish
/// in. A cell that exceeds the budget is returned as such (and frees its
/// memory), the others go on.
///
/// Once a cell (n, m) has run out of memory every cell (n′ ≥ n, m′ ≥ m)
/// is marked with the same limit without being tried: its position
/// contains (n, m)'s as a part, so its search meets every state of that
/// one and more. Without this a wide table would fill the budget once
/// per large cell, one after another. Err only if the ranges name
/// positions too large to build (checked before any work).
pub fn blue_meadow_table(
    ns: std::ops::RangeInclusive<usize>,
    ms: std::ops::RangeInclusive<usize>,
    setting: Setting,
    kind: TableKind,
    budget: &Budget,
    progress: impl FnMut(usize, usize, &Cell),
) -> Result<Vec<Cell>, String> {
    let mut tables = blue_meadow_tables(ns, ms, &[setting], kind, budget, progress)?;
    Ok(tables.pop().unwrap_or_default())
}

/// [`blue_meadow_table`] under each of `settings`, one table each, in
/// their order. Value tables of flavours that share a normalisation (A, B,
/// D; C, C′, C′u) at one width are valued jointly, a row of each family
/// per job ([`QuantumSolver::jointly`]): one search instead of three.
pub fn blue_meadow_tables(
    ns: std::ops::RangeInclusive<usize>,
    ms: std::ops::RangeInclusive<usize>,
    settings: &[Setting],
    kind: TableKind,
    budget: &Budget,
    progress: impl FnMut(usize, usize, &Cell),
) -> Result<Vec<Vec<Cell>>, String> {
    blue_meadow_tables_shard(ns, ms, settings, kind, Shard::WHOLE, budget, progress)
}

/// [`blue_meadow_tables`] for the rows `shard` owns: the jobs (one per
/// family of jointly valued settings and row n, families first, rows in
/// increasing n) are numbered in that order, and the shard values those
/// whose number it owns. Each table then holds the cells of those rows
/// only, in the same order as the whole table's.
pub fn blue_meadow_tables_shard(
    ns: std::ops::RangeInclusive<usize>,
    ms: std::ops::RangeInclusive<usize>,
    settings: &[Setting],
    kind: TableKind,
    shard: Shard,
    budget: &Budget,
    mut progress: impl FnMut(usize, usize, &Cell),
) -> Result<Vec<Vec<Cell>>, String> {
    let rows: Vec<usize> = ns.collect();
    for &n in &rows {
        check_size(n, *ms.end())?;
    }
    let groups = joint_groups(settings, kind);
    let jobs: Vec<(usize, usize)> = (0..groups.len())
        .flat_map(|g| rows.iter().enumerate().map(move |(i, _)| (g, i)))
        .enumerate()
        .filter(|&(j, _)| shard.owns(j))
        .map(|(_, job)| job)
        .collect();
    let width = ms.clone().count();
    let total: usize = jobs.iter().map(|&(g, _)| groups[g].len() * width).sum();
    let mut slots: Vec<Vec<Option<Cell>>> = vec![vec![None; rows.len() * width]; settings.len()];
    let mut first_error = None;
    let mut done = 0;
    // Per group: the cells that ran out of memory.
    type Stops = Vec<(usize, usize, Exceeded)>;
    let out_of_memory: Vec<std::sync::Mutex<Stops>> =
        groups.iter().map(|_| Default::default()).collect();
    let row = |&(g, i): &(usize, usize)| {
        let n = rows[i];
        let stops = &out_of_memory[g];
        let known = |m: usize| {
            let list = stops.lock().ok()?;
            list.iter()
                .find(|&&(a, b, _)| n >= a && m >= b)
                .map(|&(_, _, e)| e)
        };
        let group: Vec<Setting> = groups[g].iter().map(|&t| settings[t]).collect();
        let mut cells = Vec::with_capacity(width * group.len());
        blue_meadow_row(n, ms.clone(), &group, kind, budget, known, |k, cell| {
            if let Err(e @ Exceeded::Memory(_)) = cell.result {
                if let Ok(mut list) = stops.lock() {
                    list.push((cell.n, cell.m, e));
                }
            }
            cells.push((groups[g][k], cell));
        })
        .map(|()| cells)
    };
    run_cells(
        &jobs,
        available_threads(),
        // Larger rows first, so the last to finish is a cheap one; of
        // equal rows, the larger families.
        |&(g, i)| rows[i] * (MAX_JOINT + 1) + groups[g].len(),
        row,
        |j, result| match result {
            Ok(cells) => {
                let i = jobs[j].1;
                let first = ms.start();
                for (t, cell) in cells {
                    done += 1;
                    progress(done, total, &cell);
                    let slot = i * width + (cell.m - *first);
                    slots[t][slot] = Some(cell);
                }
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
    Ok(slots
        .into_iter()
        .map(|table| table.into_iter().flatten().collect())
        .collect())
}

/// The settings valued together: for values, [`joinable`] flavours of
/// one width; outcomes (an alternating search per flavour) one by one.
/// Indices into `settings`.
pub fn joint_groups(settings: &[Setting], kind: TableKind) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (t, s) in settings.iter().enumerate() {
        let family = groups.iter_mut().find(|g| {
            let mut flavours: Vec<Flavour> = g.iter().map(|&k| settings[k].flavour).collect();
            flavours.push(s.flavour);
            kind == TableKind::Value && settings[g[0]].width == s.width && joinable(&flavours)
        });
        match family {
            Some(g) => g.push(t),
            None => groups.push(vec![t]),
        }
    }
    groups
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
