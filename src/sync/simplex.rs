//! The exact simplex method for matrix games, with Bland's rule.
//!
//! Shift the matrix so every entry is at least 1 (the value shifts by the
//! same amount and stays positive). Then the column player's problem is the
//! linear programme
//!
//! ```text
//! maximise Σ y_j  subject to  A y ≤ 1,  y ≥ 0,
//! ```
//!
//! whose optimum is 1/value; `y · value` is an optimal column strategy and
//! the optimal dual variables (the objective-row entries of the slack
//! columns), times the value, are an optimal row strategy. The slack basis is
//! feasible at the start, so no phase one is needed, and the programme is
//! bounded because every column has a positive entry. Bland's rule (lowest
//! index enters, ties in the ratio test go to the lowest basic index)
//! guarantees termination on degenerate problems.

use super::matrix::SimplexSolution;
use super::q::Q;

/// Solve a non-empty rectangular matrix game exactly.
pub(crate) fn solve(a: &[Vec<Q>]) -> SimplexSolution {
    let (m, n) = (a.len(), a[0].len());
    let min = a.iter().flatten().min().cloned().unwrap_or_else(Q::zero);
    let shift = Q::one() - min;
    let one = Q::one();
    let zero = Q::zero();

    // Tableau rows 0..m: [A + shift | I | 1]; row m: objective [-1.. | 0.. | 0].
    let width = n + m + 1;
    let mut t: Vec<Vec<Q>> = Vec::with_capacity(m + 1);
    for (i, row) in a.iter().enumerate() {
        let mut r = Vec::with_capacity(width);
        r.extend(row.iter().map(|x| x + &shift));
        r.extend((0..m).map(|k| if k == i { one.clone() } else { zero.clone() }));
        r.push(one.clone());
        t.push(r);
    }
    let mut obj = vec![-one.clone(); n];
    obj.extend((0..=m).map(|_| zero.clone()));
    t.push(obj);
    let mut basis: Vec<usize> = (n..n + m).collect();

    // Entering: the lowest column index with a negative objective entry.
    while let Some(e) = (0..n + m).find(|&j| t[m][j].is_negative()) {
        // Leaving: minimum ratio; ties broken by the lowest basic variable.
        let mut leave: Option<(usize, Q)> = None;
        for i in 0..m {
            if t[i][e].is_positive() {
                let ratio = &t[i][n + m] / &t[i][e];
                let better = match &leave {
                    None => true,
                    Some((r, best)) => ratio < *best || (ratio == *best && basis[i] < basis[*r]),
                };
                if better {
                    leave = Some((i, ratio));
                }
            }
        }
        let Some((r, _)) = leave else {
            // Unbounded cannot happen (all entries are positive); stop safely.
            break;
        };
        pivot(&mut t, r, e);
        basis[r] = e;
    }

    let total = t[m][n + m].clone(); // = Σ y = 1 / (value + shift)
    let mut col = vec![zero.clone(); n];
    for (i, &b) in basis.iter().enumerate() {
        if b < n {
            col[b] = &t[i][n + m] / &total;
        }
    }
    let row: Vec<Q> = (0..m).map(|i| &t[m][n + i] / &total).collect();
    SimplexSolution {
        value: total.recip() - shift,
        row,
        col,
    }
}

/// Gauss–Jordan pivot on entry (r, e).
fn pivot(t: &mut [Vec<Q>], r: usize, e: usize) {
    let p = t[r][e].clone();
    for x in t[r].iter_mut() {
        *x /= &p;
    }
    let pivot_row = t[r].clone();
    for (i, row) in t.iter_mut().enumerate() {
        if i == r || row[e].is_zero() {
            continue;
        }
        let f = row[e].clone();
        for (x, y) in row.iter_mut().zip(&pivot_row) {
            if !y.is_zero() {
                *x -= &f * y;
            }
        }
    }
}
