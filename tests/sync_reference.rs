//! The synchronous engine against a plain reference on random positions.
//!
//! The reference recursion below knows nothing of the engine's shortcuts: no
//! isomorphism memo, no orbit grouping or averaging, no colour-swap memo, no
//! value-only inner states, and its arithmetic is num-rational's, whatever
//! backend the engine uses. It builds every edge-by-edge matrix and solves it
//! with the public matrix solver, whose answer it checks exactly with
//! `is_optimal` (a certificate: the strategies prove the value). The sums of
//! halves are also pinned to residues recorded from the num-rational engine
//! before the arithmetic backend changed.

use std::collections::HashMap;

use hackenbush_lab::budget::Budget;
use hackenbush_lab::position::{Colour, Edge, EdgeSet, Position};
use hackenbush_lab::rng::SplitMix64;
use hackenbush_lab::sync::{analyse, halves_table, is_optimal, solve_matrix, Conflict, SyncValue};
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};

/// A random connected-ish graph: each new edge joins the ground or a vertex
/// already used to a new vertex or an old one (cycles and parallel edges
/// included), in random colours from `colours`.
fn random_position(rng: &mut SplitMix64, edges: usize, colours: &[Colour]) -> Position {
    let mut used = 1; // vertices 0..used exist; 0 is the ground
    let mut list = Vec::with_capacity(edges);
    for _ in 0..edges {
        // Mostly grow on the newest vertex, so stalks and trees are common.
        let u = if rng.below(2) == 0 {
            used - 1
        } else {
            rng.below(used)
        };
        let v = if rng.below(3) == 0 && used > 1 {
            1 + rng.below(used - 1)
        } else {
            used += 1;
            used - 1
        };
        let colour = colours[rng.below(colours.len())];
        list.push(Edge { u, v, colour });
    }
    Position::from_edges(list)
}

/// A random sum of stalks of one to three edges (sums of short stalks are
/// where mixed strategies, hence long fractions, are common).
fn random_stalks(rng: &mut SplitMix64, edges: usize, colours: &[Colour]) -> Position {
    let mut list = Vec::with_capacity(edges);
    let mut next = 1;
    while list.len() < edges {
        let len = (1 + rng.below(3)).min(edges - list.len());
        let mut below = 0;
        for _ in 0..len {
            let colour = colours[rng.below(colours.len())];
            list.push(Edge {
                u: below,
                v: next,
                colour,
            });
            below = next;
            next += 1;
        }
    }
    Position::from_edges(list)
}

/// The value of `set` by the definition, memoised by the exact edge set.
fn reference(
    pos: &Position,
    set: EdgeSet,
    conflict: Conflict,
    memo: &mut HashMap<EdgeSet, BigRational>,
) -> BigRational {
    if let Some(v) = memo.get(&set) {
        return v.clone();
    }
    let lefts: Vec<usize> = set
        .iter()
        .filter(|&i| pos.edges[i].colour != Colour::Red)
        .collect();
    let rights: Vec<usize> = set
        .iter()
        .filter(|&i| pos.edges[i].colour != Colour::Blue)
        .collect();
    let count = BigRational::from_integer(BigInt::from(set.len()));
    let v = if lefts.is_empty() && rights.is_empty() {
        BigRational::zero()
    } else if rights.is_empty() {
        count
    } else if lefts.is_empty() {
        -count
    } else {
        let matrix: Vec<Vec<BigRational>> = lefts
            .iter()
            .map(|&i| {
                rights
                    .iter()
                    .map(|&j| match (i == j, conflict) {
                        (false, _) => {
                            let next = pos.grounded(set.without(i).without(j));
                            reference(pos, next, conflict, memo)
                        }
                        (true, Conflict::Shared) => reference(pos, pos.cut(set, i), conflict, memo),
                        (true, _) => BigRational::zero(),
                    })
                    .collect()
            })
            .collect();
        let sol = solve_matrix(&matrix).expect("a non-empty matrix");
        assert!(is_optimal(&matrix, &sol), "uncertified matrix solution");
        sol.value
    };
    memo.insert(set, v.clone());
    v
}

fn engine(pos: &Position, conflict: Conflict) -> BigRational {
    match analyse(pos, conflict, None, &Budget::unlimited())
        .expect("analysis")
        .value
    {
        SyncValue::Exact(v) => v,
        other => panic!("expected an exact value, got {other}"),
    }
}

#[test]
fn engine_matches_the_definition_on_random_positions() {
    let mut rng = SplitMix64(0x2545_f491_4f6c_dd1d);
    let palettes: [&[Colour]; 3] = [
        &[Colour::Blue, Colour::Red],
        &[Colour::Blue, Colour::Red, Colour::Green],
        &[Colour::Blue, Colour::Red, Colour::Red, Colour::Green],
    ];
    let mut nontrivial = 0;
    for round in 0..300 {
        let edges = 4 + rng.below(7);
        let palette = palettes[round % 3];
        let pos = if round % 2 == 0 {
            random_position(&mut rng, edges, palette)
        } else {
            random_stalks(&mut rng, edges, palette)
        };
        for conflict in [Conflict::Shared, Conflict::Tie] {
            let set = pos.grounded(pos.full_set());
            let want = reference(&pos, set, conflict, &mut HashMap::new());
            assert_eq!(engine(&pos, conflict), want, "{pos} under {conflict:?}");
            assert_eq!(
                engine(&pos.colours_swapped(), conflict),
                -want.clone(),
                "colour swap of {pos} under {conflict:?}"
            );
            if !want.is_integer() {
                nontrivial += 1;
            }
        }
    }
    // Many roots must be worth a fraction (a mixed strategy somewhere), or
    // the comparison checks little.
    println!("{nontrivial} of 600 values are not integers");
    assert!(nontrivial > 60, "only {nontrivial} fractional values");
}

#[test]
fn sums_of_halves_match_the_definition() {
    let table = halves_table(4, 4, Conflict::Shared, &Budget::unlimited()).unwrap();
    for (m, row) in table.iter().enumerate() {
        for (n, v) in row.iter().enumerate() {
            let pos = hackenbush_lab::sync::halves_position(m, n).unwrap();
            let want = reference(&pos, pos.full_set(), Conflict::Shared, &mut HashMap::new());
            assert_eq!(*v, want, "V({m},{n})");
        }
    }
}

/// Two primes below 2⁶¹.
const PRIMES: [u64; 2] = [2_305_843_009_213_693_951, 2_305_843_009_213_693_921];

/// (numerator mod p, denominator mod p) for each prime: a fingerprint of a
/// fraction of any length.
fn fingerprint(v: &BigRational) -> [u64; 4] {
    let r = |x: &BigInt, p: u64| x.mod_floor(&BigInt::from(p)).to_u64().unwrap();
    [
        r(v.numer(), PRIMES[0]),
        r(v.denom(), PRIMES[0]),
        r(v.numer(), PRIMES[1]),
        r(v.denom(), PRIMES[1]),
    ]
}

/// Fingerprints of V(9, n), n = 0..=9, recorded from the num-rational
/// engine (commit d982576) before the arithmetic backend changed. Row 9 of
/// the table needs every smaller sum of halves along the way, and its
/// entries have up to 5,152-digit numerators.
const ROW_NINE: [[u64; 4]; 10] = include!("sync_row_nine.txt");

#[test]
fn sums_of_halves_match_the_recorded_num_rational_values() {
    let table = halves_table(9, 9, Conflict::Shared, &Budget::unlimited()).unwrap();
    let got: Vec<[u64; 4]> = table[9].iter().map(fingerprint).collect();
    if std::env::var_os("PRINT_FINGERPRINTS").is_some() {
        println!("{got:?}");
    }
    assert_eq!(got, ROW_NINE.to_vec());
    // Antisymmetry across the whole table (colour swap).
    for (m, row) in table.iter().enumerate() {
        for (n, v) in row.iter().enumerate() {
            assert_eq!(*v, -table[n][m].clone(), "V({m},{n})");
        }
    }
}
