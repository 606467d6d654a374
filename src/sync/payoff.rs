//! The root payoff matrix of a synchronous position, for teaching: every
//! pick of Left (rows) against every pick of Right (columns), each cell
//! the exact value after both cuts, with the optimal mixed strategies on
//! the margins and the dominated lines marked. The recursion below the
//! root is the solver's ([`super::value`]); only the root is laid out per
//! edge (no symmetry grouping), so each edge a student sees has its line.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, Zero};

use super::canon::SyncGraph;
use super::matrix::{reduce_dominated, solve_matrix};
use super::q::Q;
use super::value::SyncSolver;
use super::{
    analyse, default_precision, format_rational, validate, Conflict, SyncError, SyncValue,
};
use crate::budget::Budget;
use crate::position::Position;
use crate::rules::Player;
use serde_json::{json, Value};

/// One cell: the value after Left's and Right's picks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PayoffCell {
    Exact(BigRational),
    /// A replay value below the root, known to a bracket.
    Bracket {
        lo: BigRational,
        hi: BigRational,
    },
    /// Both picked the same green edge under `replay`: the position is
    /// played again, so the cell is worth the game's own value.
    Replay,
}

impl std::fmt::Display for PayoffCell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PayoffCell::Exact(v) => f.write_str(&format_rational(v)),
            PayoffCell::Bracket { lo, hi } => {
                write!(f, "~[{}, {}]", format_rational(lo), format_rational(hi))
            }
            PayoffCell::Replay => f.write_str("replay"),
        }
    }
}

/// One line of the matrix: an edge a player may pick.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PayoffLine {
    /// The edge label, 1-based.
    pub label: usize,
    /// Its weight in the optimal mixed strategy.
    pub probability: BigRational,
    /// Weakly dominated by another line (removing it keeps the value).
    pub dominated: bool,
}

/// The root matrix game of a synchronous position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PayoffMatrix {
    /// Left's picks.
    pub rows: Vec<PayoffLine>,
    /// Right's picks.
    pub cols: Vec<PayoffLine>,
    /// `cells[r][c]`: after Left cuts `rows[r]` and Right cuts `cols[c]`.
    pub cells: Vec<Vec<PayoffCell>>,
    /// `positions[r][c]`: the position after both cuts, relabelled from 1
    /// (`None` where the game does not go on to a position: a tie, or a
    /// replay of this one).
    pub positions: Vec<Vec<Option<String>>>,
    pub value: SyncValue,
    /// When only one player can move there is no matrix: that player takes
    /// every remaining edge (RULES.md §3), so the value is ± the count.
    pub alone: Option<Player>,
}

/// The root matrix of `position` under `conflict`. Replay values are
/// bracketed to `precision` (default [`default_precision`]).
pub fn payoff_matrix(
    position: &Position,
    conflict: Conflict,
    precision: Option<BigRational>,
    budget: &Budget,
) -> Result<PayoffMatrix, SyncError> {
    validate(position)?;
    let eps = precision.unwrap_or_else(default_precision);
    if eps <= BigRational::zero() {
        return Err(SyncError::Invalid("the precision must be positive".into()));
    }
    let set = position.grounded(position.full_set());
    let lefts: Vec<usize> = position.cuttable(set, Player::Left).iter().collect();
    let rights: Vec<usize> = position.cuttable(set, Player::Right).iter().collect();
    if lefts.is_empty() || rights.is_empty() {
        // The rules fix the value; the analysis says which and names a move.
        let report = analyse(position, conflict, Some(eps), budget)?;
        let alone = match (lefts.is_empty(), rights.is_empty()) {
            (false, true) => Some(Player::Left),
            (true, false) => Some(Player::Right),
            _ => None,
        };
        return Ok(PayoffMatrix {
            rows: vec![],
            cols: vec![],
            cells: vec![],
            positions: vec![],
            value: report.value,
            alone,
        });
    }
    let levels = BigRational::from_integer(BigInt::from(2 * set.len().max(1)));
    let mut solver = SyncSolver::new(conflict, Q::from_big(&(eps.clone() / levels)), budget);
    let graph = SyncGraph::new(position);
    let mut cells = Vec::with_capacity(lefts.len());
    let mut positions = Vec::with_capacity(lefts.len());
    for &i in &lefts {
        let mut line = Vec::with_capacity(rights.len());
        let mut next = Vec::with_capacity(rights.len());
        for &j in &rights {
            // The same rule as the solver's child: two cuts, or one shared.
            let after = match (i == j, conflict) {
                (false, _) => Some(position.grounded(set.without(i).without(j))),
                (true, Conflict::Shared) => Some(position.cut(set, i)),
                (true, _) => None,
            };
            next.push(after.map(|s| position.restrict(s).to_string()));
            line.push(match solver.child(&graph, set, i, j)? {
                None => PayoffCell::Replay,
                Some(v) if v.lo == v.hi => PayoffCell::Exact(v.lo.to_big()),
                Some(v) => PayoffCell::Bracket {
                    lo: v.lo.to_big(),
                    hi: v.hi.to_big(),
                },
            });
        }
        cells.push(line);
        positions.push(next);
    }
    drop(solver);
    let exact: Option<Vec<Vec<BigRational>>> = cells
        .iter()
        .map(|r| {
            r.iter()
                .map(|c| match c {
                    PayoffCell::Exact(v) => Some(v.clone()),
                    _ => None,
                })
                .collect()
        })
        .collect();
    let line = |labels: &[usize], probs: Vec<BigRational>, kept: &[usize]| -> Vec<PayoffLine> {
        labels
            .iter()
            .zip(probs)
            .enumerate()
            .map(|(k, (&e, p))| PayoffLine {
                label: e + 1,
                probability: p,
                dominated: !kept.contains(&k),
            })
            .collect()
    };
    let (rows, cols, value) = match exact {
        // An ordinary matrix game: solve the matrix shown, so the margins
        // are optimal for exactly what the student reads.
        Some(m) => {
            let sol = solve_matrix(&m)?;
            let (kr, kc) = reduce_dominated(&m);
            (
                line(&lefts, sol.row_strategy, &kr),
                line(&rights, sol.col_strategy, &kc),
                SyncValue::Exact(sol.value),
            )
        }
        // Replay cells (or brackets below): the value and the strategies
        // that guarantee its bracket come from the stochastic-game solver;
        // dominance is not marked, as a replay cell's worth is the unknown
        // value itself.
        None => {
            let report = analyse(position, conflict, Some(eps), budget)?;
            let weights = |labels: &[usize], w: &[(usize, BigRational)]| -> Vec<BigRational> {
                labels
                    .iter()
                    .map(|&e| {
                        w.iter()
                            .find(|(l, _)| *l == e + 1)
                            .map_or_else(BigRational::zero, |(_, p)| p.clone())
                    })
                    .collect()
            };
            let all_r: Vec<usize> = (0..lefts.len()).collect();
            let all_c: Vec<usize> = (0..rights.len()).collect();
            (
                line(&lefts, weights(&lefts, &report.left_strategy), &all_r),
                line(&rights, weights(&rights, &report.right_strategy), &all_c),
                report.value,
            )
        }
    };
    Ok(PayoffMatrix {
        rows,
        cols,
        cells,
        positions,
        value,
        alone: None,
    })
}

/// A probability as a percentage with one decimal, rounded exactly.
pub fn percent(p: &BigRational) -> String {
    let tenths = (p * BigRational::from_integer(BigInt::from(1000))).round();
    let t = tenths.to_integer();
    let sign = if t.is_negative() { "-" } else { "" };
    let t = t.abs();
    let ten = BigInt::from(10);
    format!("{sign}{}.{}%", &t / &ten, &t % &ten)
}

fn line_json(l: &PayoffLine) -> Value {
    json!({
        "label": l.label,
        "probability": format_rational(&l.probability),
        "percent": percent(&l.probability),
        "dominated": l.dominated,
    })
}

/// The matrix as JSON (the CLI's `matrix --json` and the page's table).
pub fn matrix_json(m: &PayoffMatrix) -> Value {
    let mut obj = json!({
        "value": m.value.to_string(),
        "rows": m.rows.iter().map(line_json).collect::<Vec<_>>(),
        "cols": m.cols.iter().map(line_json).collect::<Vec<_>>(),
        "positions": m.positions,
        "cells": m.cells.iter().map(|r| r.iter().map(|c| c.to_string()).collect::<Vec<_>>()).collect::<Vec<_>>(),
    });
    if let SyncValue::Approx { lo, hi } = &m.value {
        obj["bracket"] = json!({"lo": format_rational(lo), "hi": format_rational(hi)});
    }
    if let Some(p) = m.alone {
        obj["alone"] = json!(p.to_string());
    }
    obj
}
