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
/// after each cell.
pub fn blue_meadow_table(
    ns: std::ops::RangeInclusive<usize>,
    ms: std::ops::RangeInclusive<usize>,
    setting: Setting,
    kind: TableKind,
    limit: usize,
    mut progress: impl FnMut(usize, usize, &Cell),
) -> Result<Vec<Cell>, String> {
    let total = ns.clone().count() * ms.clone().count();
    let mut cells = Vec::with_capacity(total);
    for n in ns {
        for m in ms.clone() {
            let cell = blue_meadow_cell(n, m, setting, kind, limit)?;
            progress(cells.len() + 1, total, &cell);
            cells.push(cell);
        }
    }
    Ok(cells)
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
