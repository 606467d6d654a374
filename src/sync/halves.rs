//! Sums of halves: `m × BR + n × RB`, the family the 2022 thesis tabulates.

use num_rational::BigRational;

use super::canon::SyncGraph;
use super::q::Q;
use super::value::SyncSolver;
use super::{Conflict, SyncError};
use crate::budget::Budget;
use crate::position::{presets, Position, MAX_EDGES};

/// `m` blue halves (`BR`: blue grounded, red on top) then `n` red halves
/// (`RB`), each stalk bottom-up, labels in that order. An error if
/// 2(m + n) exceeds the edge limit.
pub fn halves_position(m: usize, n: usize) -> Result<Position, String> {
    if 2 * (m + n) > MAX_EDGES {
        return Err(format!("m + n must be at most {}", MAX_EDGES / 2));
    }
    Ok(presets::sums_of_halves(m, n))
}

/// The table `t[m][n]` = value of `m × BR + n × RB`, for m ≤ `max_m`, n ≤ `max_n`.
///
/// Exact, whatever the conflict rule (halves have no green edge). Costs grow
/// fast because the fractions do: the largest denominator met has about
/// 17,000 bits at 9 × 9, 98,000 at 10 × 10, 640,000 at 11 × 11 and 2.5
/// million at 12 × 12 (the values themselves are that long, reduced).
pub fn halves_table(
    max_m: usize,
    max_n: usize,
    conflict: Conflict,
    budget: &Budget,
) -> Result<Vec<Vec<BigRational>>, SyncError> {
    halves_table_with(max_m, max_n, conflict, budget, |_, _, _, _| {})
}

/// As [`halves_table`], calling `progress(m, n, value, positions solved so far)`
/// after each entry (row by row), e.g. to print timings. One memo serves the
/// whole table, since smaller sums recur inside larger ones.
pub fn halves_table_with(
    max_m: usize,
    max_n: usize,
    conflict: Conflict,
    budget: &Budget,
    mut progress: impl FnMut(usize, usize, &BigRational, usize),
) -> Result<Vec<Vec<BigRational>>, SyncError> {
    if 2 * (max_m + max_n) > MAX_EDGES {
        return Err(format!("m + n must be at most {}", MAX_EDGES / 2).into());
    }
    // Halves contain no green edge, so every value is exact.
    let mut solver = SyncSolver::new(conflict, Q::ratio(1, 1 << 20), budget);
    let mut table = Vec::with_capacity(max_m + 1);
    for m in 0..=max_m {
        let mut row = Vec::with_capacity(max_n + 1);
        for n in 0..=max_n {
            let pos = halves_position(m, n)?;
            let graph = SyncGraph::new(&pos);
            let val = solver.value(&graph, pos.full_set())?;
            if val.lo != val.hi {
                return Err(SyncError::Invalid(
                    "internal error: a sum of halves gave an inexact value".into(),
                ));
            }
            let v = val.lo.to_big();
            progress(m, n, &v, solver.states());
            row.push(v);
        }
        table.push(row);
    }
    Ok(table)
}
