//! Synchronous Hackenbush: RULES.md §5 facts, the exact matrix solver against
//! brute force, and the conflict rules on small green positions.

use hackenbush_lab::position::{Colour, Edge, Position};
use hackenbush_lab::sync::{
    analyse, format_rational, halves_position, halves_table, is_optimal, solve_matrix, Conflict,
    MatrixSolution, SyncReport, SyncValue,
};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

fn int(n: i64) -> BigRational {
    q(n, 1)
}

/// Stalks from colour strings, bottom-up, labels in order (a tiny stand-in
/// for the text parser, which lives elsewhere).
fn stalks(spec: &str) -> Position {
    let mut edges = Vec::new();
    let mut next = 1;
    for stalk in spec.split_whitespace() {
        let mut below = 0;
        for c in stalk.chars() {
            let colour = Colour::from_letter(c).expect("colour letter");
            edges.push(Edge {
                u: below,
                v: next,
                colour,
            });
            below = next;
            next += 1;
        }
    }
    Position::from_edges(edges)
}

fn exact(report: &SyncReport) -> BigRational {
    match &report.value {
        SyncValue::Exact(v) => v.clone(),
        other => panic!("expected an exact value, got {other}"),
    }
}

fn value(spec: &str, conflict: Conflict) -> BigRational {
    exact(&analyse(&stalks(spec), conflict, None).expect("analysis"))
}

#[test]
fn blue_halves_alone_follow_the_closed_form() {
    for m in 1..=10i64 {
        let spec = vec!["BR"; m as usize].join(" ");
        let mut expected = q(m - 1, 2);
        for i in 1..=(m - 1) / 2 {
            expected -= q(1, 2 * (2 * i + 1));
        }
        assert_eq!(value(&spec, Conflict::Shared), expected, "V({m})");
    }
    assert_eq!(value("BR BR BR", Conflict::Shared), q(5, 6));
    assert_eq!(value("BR BR BR BR", Conflict::Shared), q(4, 3));
}
