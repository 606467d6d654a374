//! Exact solution of finite two-player zero-sum matrix games.
//!
//! Synchronous Hackenbush values are values of matrix games whose entries are
//! themselves such values; their denominators grow quickly (the 2022 thesis
//! overflowed 64-bit fractions), so everything here is exact ([`Q`], with
//! `BigRational` at the public functions) and no floating point is used.
//!
//! The solver first removes weakly dominated rows and columns, then tries a
//! saddle point and the 2×2 closed form, and only then runs the exact simplex
//! method of [`super::simplex`]. Strategies found on the reduced matrix are
//! mapped back with zeros on removed rows and columns, which stays optimal
//! (see [`reduce_dominated`]).

use std::cmp::Ordering;

use num_rational::BigRational;

use super::q::Q;
use super::simplex;

/// The value and one pair of optimal mixed strategies of a matrix game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatrixSolution {
    /// The value of the game to the row player.
    pub value: BigRational,
    /// An optimal mixed strategy of the row player (Left, the maximiser).
    pub row_strategy: Vec<BigRational>,
    /// An optimal mixed strategy of the column player (Right, the minimiser).
    pub col_strategy: Vec<BigRational>,
}

/// What the solver's callers need: inner states of the recursion only use
/// the value, and each strategy entry costs a gcd of the values' size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Want {
    Value,
    Strategies,
}

/// A solution in the solver's own rationals; `row` and `col` are empty when
/// only the value was asked for.
#[derive(Clone, Debug)]
pub(crate) struct SimplexSolution {
    pub value: Q,
    pub row: Vec<Q>,
    pub col: Vec<Q>,
}

fn to_q(m: &[Vec<BigRational>]) -> Vec<Vec<Q>> {
    m.iter()
        .map(|r| r.iter().map(Q::from_big).collect())
        .collect()
}

/// Solve the zero-sum game with payoff matrix `m` (row player maximises).
///
/// Returns an error (never panics) if the matrix is empty or ragged.
pub fn solve_matrix(m: &[Vec<BigRational>]) -> Result<MatrixSolution, String> {
    let sol = solve(&to_q(m), Want::Strategies)?;
    let big = |v: &[Q]| v.iter().map(Q::to_big).collect();
    Ok(MatrixSolution {
        value: sol.value.to_big(),
        row_strategy: big(&sol.row),
        col_strategy: big(&sol.col),
    })
}

/// [`solve_matrix`] in the solver's rationals.
pub(crate) fn solve(m: &[Vec<Q>], want: Want) -> Result<SimplexSolution, String> {
    let cols = m.first().map_or(0, Vec::len);
    if m.is_empty() || cols == 0 {
        return Err("a matrix game needs at least one row and one column".into());
    }
    if m.iter().any(|r| r.len() != cols) {
        return Err("matrix rows have different lengths".into());
    }
    let (rows_kept, cols_kept) = dominance(m);
    let sub: Vec<Vec<Q>> = rows_kept
        .iter()
        .map(|&i| cols_kept.iter().map(|&j| m[i][j].clone()).collect())
        .collect();
    let small = saddle_point(&sub)
        .or_else(|| two_by_two(&sub, want))
        .unwrap_or_else(|| simplex::solve(&sub));
    if want == Want::Value {
        return Ok(SimplexSolution {
            value: small.value,
            row: vec![],
            col: vec![],
        });
    }
    let mut sol = SimplexSolution {
        value: small.value,
        row: vec![Q::zero(); m.len()],
        col: vec![Q::zero(); cols],
    };
    for (k, &i) in rows_kept.iter().enumerate() {
        sol.row[i] = small.row[k].clone();
    }
    for (k, &j) in cols_kept.iter().enumerate() {
        sol.col[j] = small.col[k].clone();
    }
    debug_assert!(
        certified(m, &sol),
        "matrix solver returned a non-optimal pair"
    );
    Ok(sol)
}

/// Check exactly that `sol` is a solution of `m`: both strategies are
/// probability vectors, the row strategy earns at least `value` against every
/// column and the column strategy concedes at most `value` against every row.
pub fn is_optimal(m: &[Vec<BigRational>], sol: &MatrixSolution) -> bool {
    let q = |v: &[BigRational]| v.iter().map(Q::from_big).collect();
    let sol = SimplexSolution {
        value: Q::from_big(&sol.value),
        row: q(&sol.row_strategy),
        col: q(&sol.col_strategy),
    };
    certified(&to_q(m), &sol)
}

/// [`is_optimal`] in the solver's rationals.
pub(crate) fn certified(m: &[Vec<Q>], sol: &SimplexSolution) -> bool {
    let cols = m.first().map_or(0, Vec::len);
    let is_distribution = |p: &[Q], n: usize| {
        p.len() == n
            && p.iter().all(|x| !x.is_negative())
            && p.iter().cloned().sum::<Q>() == Q::one()
    };
    if !is_distribution(&sol.row, m.len()) || !is_distribution(&sol.col, cols) {
        return false;
    }
    let rows_ok = m.iter().all(|row| {
        let against: Q = row.iter().zip(&sol.col).map(|(a, q)| a * q).sum();
        against <= sol.value
    });
    let cols_ok = (0..cols).all(|j| {
        let against: Q = m.iter().zip(&sol.row).map(|(r, p)| &r[j] * p).sum();
        against >= sol.value
    });
    rows_ok && cols_ok
}

/// The weakly dominated rows and columns of `m` (see [`dominance`]): the
/// indices of the survivors.
pub fn reduce_dominated(m: &[Vec<BigRational>]) -> (Vec<usize>, Vec<usize>) {
    dominance(&to_q(m))
}

/// Iteratively delete weakly dominated rows (no better than another row
/// against every remaining column) and columns, keeping one of any set of
/// equal lines. Returns the indices of the surviving rows and columns.
///
/// Why this is safe: a row removed while dominated by row k (on the columns
/// alive at that time) earns, against any column strategy supported on the
/// final columns, at most what row k earns, and by induction at most the
/// value; symmetrically for columns. So an optimal pair of the reduced game,
/// padded with zeros, is optimal in the full game.
pub(crate) fn dominance(m: &[Vec<Q>]) -> (Vec<usize>, Vec<usize>) {
    let mut rows: Vec<usize> = (0..m.len()).collect();
    let mut cols: Vec<usize> = (0..m.first().map_or(0, Vec::len)).collect();
    loop {
        let mut changed = false;
        // Rows: i is dominated by k if m[i][j] <= m[k][j] for all live j.
        let mut r = 0;
        while r < rows.len() && rows.len() > 1 {
            let i = rows[r];
            let dominated = rows
                .iter()
                .any(|&k| k != i && cols.iter().all(|&j| m[i][j] <= m[k][j]));
            if dominated {
                rows.remove(r);
                changed = true;
            } else {
                r += 1;
            }
        }
        // Columns: j is dominated by k if m[i][j] >= m[i][k] for all live i.
        let mut c = 0;
        while c < cols.len() && cols.len() > 1 {
            let j = cols[c];
            let dominated = cols
                .iter()
                .any(|&k| k != j && rows.iter().all(|&i| m[i][k] <= m[i][j]));
            if dominated {
                cols.remove(c);
                changed = true;
            } else {
                c += 1;
            }
        }
        if !changed {
            return (rows, cols);
        }
    }
}

/// A pure saddle point, if one exists: the largest row minimum equals the
/// smallest column maximum. Covers every 1×n and n×1 game.
fn saddle_point(m: &[Vec<Q>]) -> Option<SimplexSolution> {
    let pick = pick_extreme;
    let cols = m[0].len();
    let row_mins: Vec<&Q> = m
        .iter()
        .filter_map(|r| pick(&mut r.iter(), Ordering::Less).map(|(_, x)| x))
        .collect();
    let col_maxs: Vec<&Q> = (0..cols)
        .filter_map(|j| pick(&mut m.iter().map(|r| &r[j]), Ordering::Greater).map(|(_, x)| x))
        .collect();
    let (best_row, lower) = pick(&mut row_mins.iter().copied(), Ordering::Greater)?;
    let (best_col, upper) = pick(&mut col_maxs.iter().copied(), Ordering::Less)?;
    (lower == upper).then(|| SimplexSolution {
        value: lower.clone(),
        row: unit(m.len(), best_row),
        col: unit(cols, best_col),
    })
}

/// The closed form of a 2×2 game without a saddle point: both players make
/// the opponent indifferent; the strategies only if wanted. `None` if the
/// formula does not apply.
///
/// Plain reduced arithmetic (see [`super::q`]): measured as fast as one
/// fraction-free formula reduced once, and simpler.
fn two_by_two(m: &[Vec<Q>], want: Want) -> Option<SimplexSolution> {
    if m.len() != 2 || m[0].len() != 2 {
        return None;
    }
    let (a, b, c, d) = (&m[0][0], &m[0][1], &m[1][0], &m[1][1]);
    let (a_b, a_c) = (a - b, a - c);
    let den = &a_b - &(c - d); // a − b − c + d
    if den.is_zero() {
        return None;
    }
    // p = (d − c)/den on row 0, 1 − p = (a − b)/den; q likewise for columns.
    // Each share must be ≥ 0, i.e. have the sign of den (or be zero).
    let fits = |x: &Q, y: &Q| match x.cmp(y) {
        Ordering::Equal => true,
        Ordering::Greater => den.is_positive(),
        Ordering::Less => den.is_negative(),
    };
    if !(fits(d, c) && fits(a, b) && fits(d, b) && fits(a, c)) {
        return None;
    }
    // (ad − bc)/den = a − (a − b)(a − c)/den.
    let value = a - &(&a_b * &a_c / &den);
    if want == Want::Value {
        return Some(SimplexSolution {
            value,
            row: vec![],
            col: vec![],
        });
    }
    let p1 = &a_b / &den;
    let q1 = &a_c / &den;
    Some(SimplexSolution {
        value,
        row: vec![Q::one() - &p1, p1],
        col: vec![Q::one() - &q1, q1],
    })
}

/// The first strictly best element (`want` = Less: minimum, Greater: maximum).
fn pick_extreme<'a>(
    items: &mut dyn Iterator<Item = &'a Q>,
    want: Ordering,
) -> Option<(usize, &'a Q)> {
    let mut best: Option<(usize, &Q)> = None;
    for (k, x) in items.enumerate() {
        if best.is_none_or(|(_, b)| x.cmp(b) == want) {
            best = Some((k, x));
        }
    }
    best
}

fn unit(n: usize, k: usize) -> Vec<Q> {
    (0..n)
        .map(|i| if i == k { Q::one() } else { Q::zero() })
        .collect()
}
