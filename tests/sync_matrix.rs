//! The synchronous root payoff matrix: `BR BR RB` (value 1/4, RULES.md §5)
//! laid out cell by cell, margins optimal for the matrix shown, dominated
//! lines safe to remove, the value equal to the analysis on random
//! positions, and replay conflicts marked with the value's bracket.

use hackenbush_lab::budget::Budget;
use hackenbush_lab::position::{presets, Colour, Position};
use hackenbush_lab::sync::{
    analyse, is_optimal, payoff_matrix, percent, solve_matrix, Conflict, MatrixSolution,
    PayoffCell, PayoffMatrix, SyncValue,
};
use num_rational::BigRational;

fn q(text: &str) -> BigRational {
    text.parse().unwrap()
}

fn matrix(pos: &str, conflict: Conflict) -> PayoffMatrix {
    let p: Position = pos.parse().unwrap();
    payoff_matrix(&p, conflict, None, &Budget::unlimited()).unwrap()
}

fn exact_cells(m: &PayoffMatrix) -> Vec<Vec<BigRational>> {
    m.cells
        .iter()
        .map(|r| {
            r.iter()
                .map(|c| match c {
                    PayoffCell::Exact(v) => v.clone(),
                    other => panic!("not exact: {other}"),
                })
                .collect()
        })
        .collect()
}

#[test]
fn two_blue_halves_and_a_red_half() {
    let m = matrix("BR BR RB", Conflict::Shared);
    assert_eq!(m.value, SyncValue::Exact(q("1/4")));
    let rows: Vec<usize> = m.rows.iter().map(|l| l.label).collect();
    let cols: Vec<usize> = m.cols.iter().map(|l| l.label).collect();
    assert_eq!((rows, cols), (vec![1, 3, 6], vec![2, 4, 5]));
    let cells = exact_cells(&m);
    let want = [["0", "1", "0"], ["1", "0", "0"], ["0", "0", "1/2"]];
    for (r, row) in want.iter().enumerate() {
        for (c, w) in row.iter().enumerate() {
            assert_eq!(cells[r][c], q(w), "cell {r},{c}");
        }
    }
    let sol = MatrixSolution {
        value: q("1/4"),
        row_strategy: m.rows.iter().map(|l| l.probability.clone()).collect(),
        col_strategy: m.cols.iter().map(|l| l.probability.clone()).collect(),
    };
    assert!(is_optimal(&cells, &sol));
    assert_eq!(m.positions[2][2].as_deref(), Some("BR BR"));
    assert_eq!(percent(&q("1/4")), "25.0%");
    assert_eq!(percent(&q("2/3")), "66.7%");
}

#[test]
fn the_matrix_agrees_with_the_analysis_on_random_positions() {
    let palette = [Colour::Blue, Colour::Red, Colour::Green];
    for seed in 0..30u64 {
        let p = presets::random(seed, 3 + (seed % 4) as usize, &palette);
        for conflict in [Conflict::Shared, Conflict::Tie] {
            let m = payoff_matrix(&p, conflict, None, &Budget::unlimited()).unwrap();
            let a = analyse(&p, conflict, None, &Budget::unlimited()).unwrap();
            assert_eq!(m.value, a.value, "{p} {conflict}");
            if m.rows.is_empty() {
                continue;
            }
            let cells = exact_cells(&m);
            let SyncValue::Exact(v) = &m.value else {
                panic!("exact rules")
            };
            let sol = MatrixSolution {
                value: v.clone(),
                row_strategy: m.rows.iter().map(|l| l.probability.clone()).collect(),
                col_strategy: m.cols.iter().map(|l| l.probability.clone()).collect(),
            };
            assert!(is_optimal(&cells, &sol), "{p} {conflict}: margins");
            // Each cell's position, valued on its own, gives the cell.
            for (r, row) in m.positions.iter().enumerate() {
                for (c, after) in row.iter().enumerate() {
                    let Some(text) = after else {
                        assert_eq!(conflict, Conflict::Tie);
                        assert_eq!(cells[r][c], q("0"));
                        continue;
                    };
                    let child: Position = if text.is_empty() {
                        Position::from_edges(vec![])
                    } else {
                        text.parse().unwrap()
                    };
                    let v = analyse(&child, conflict, None, &Budget::unlimited()).unwrap();
                    assert_eq!(
                        v.value,
                        SyncValue::Exact(cells[r][c].clone()),
                        "{p}: {text}"
                    );
                }
            }
            // Dominated lines are safe to drop: the rest has the same value.
            let kr: Vec<usize> = (0..m.rows.len())
                .filter(|&r| !m.rows[r].dominated)
                .collect();
            let kc: Vec<usize> = (0..m.cols.len())
                .filter(|&c| !m.cols[c].dominated)
                .collect();
            let sub: Vec<Vec<BigRational>> = kr
                .iter()
                .map(|&r| kc.iter().map(|&c| cells[r][c].clone()).collect())
                .collect();
            assert_eq!(
                &solve_matrix(&sub).unwrap().value,
                v,
                "{p} {conflict}: reduced"
            );
        }
    }
}

#[test]
fn replay_marks_the_conflict_cells_and_the_bracket() {
    let m = matrix("BG RB G", Conflict::Replay);
    for (r, row) in m.rows.iter().enumerate() {
        for (c, col) in m.cols.iter().enumerate() {
            let same_green = row.label == col.label;
            assert_eq!(
                m.cells[r][c] == PayoffCell::Replay,
                same_green,
                "{} × {}",
                row.label,
                col.label
            );
        }
    }
    // √2 − 1 is irrational: a bracket around it.
    match &m.value {
        SyncValue::Approx { lo, hi } => {
            assert!(lo < hi);
            assert!(*lo > q("41/100") && *hi < q("42/100"));
        }
        other => panic!("expected a bracket, got {other}"),
    }
    // Under `tie` the same pick is worth 0, under `shared` the cut once.
    let tie = matrix("BG RB G", Conflict::Tie);
    assert!(tie.cells.iter().flatten().all(|c| *c != PayoffCell::Replay));
}

#[test]
fn one_player_alone_has_no_matrix() {
    let m = matrix("B B", Conflict::Shared);
    assert!(m.rows.is_empty() && m.alone.is_some());
    assert_eq!(m.value, SyncValue::Exact(q("2")));
}
