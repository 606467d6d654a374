//! Synchronous Hackenbush: RULES.md §5 facts, the exact matrix solver against
//! brute force, optimal strategies checked exactly, and the three conflict
//! rules on small green positions worked out by hand.

// Index loops read like the matrix algebra they check.
#![allow(clippy::needless_range_loop)]

use hackenbush_lab::budget::Budget;
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

/// Stalks from colour strings, bottom-up, labels in order (a stand-in for
/// the text parser, which lives elsewhere).
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

/// n blue feet on the ground, a red leg on each, all legs meeting on top.
fn circus_tent(n: usize) -> Position {
    let top = n + 1;
    let mut edges = Vec::new();
    for i in 1..=n {
        edges.push(Edge {
            u: 0,
            v: i,
            colour: Colour::Blue,
        });
        edges.push(Edge {
            u: i,
            v: top,
            colour: Colour::Red,
        });
    }
    Position::from_edges(edges)
}

fn exact(report: &SyncReport) -> BigRational {
    match &report.value {
        SyncValue::Exact(v) => v.clone(),
        other => panic!("expected an exact value, got {other}"),
    }
}

fn value_of(pos: &Position, conflict: Conflict) -> BigRational {
    exact(&analyse(pos, conflict, None, &Budget::unlimited()).expect("analysis"))
}

fn value(spec: &str, conflict: Conflict) -> BigRational {
    value_of(&stalks(spec), conflict)
}

/// Recompute the full (unreduced) matrix at the root from the values of the
/// child positions and check the reported strategies against it exactly:
/// probability vectors over the legal moves, Left earns ≥ value against
/// every Right edge, Right concedes ≤ value against every Left edge.
fn check_strategies(pos: &Position, conflict: Conflict) {
    let report = analyse(pos, conflict, None, &Budget::unlimited()).expect("analysis");
    let v = exact(&report);
    let full = pos.full_set();
    let lefts: Vec<usize> = (0..pos.edge_count())
        .filter(|&i| pos.edges[i].colour != Colour::Red)
        .collect();
    let rights: Vec<usize> = (0..pos.edge_count())
        .filter(|&i| pos.edges[i].colour != Colour::Blue)
        .collect();
    let labels = |s: &[(usize, BigRational)]| s.iter().map(|(l, _)| l - 1).collect::<Vec<_>>();
    assert_eq!(labels(&report.left_strategy), lefts);
    assert_eq!(labels(&report.right_strategy), rights);
    let matrix: Vec<Vec<BigRational>> = lefts
        .iter()
        .map(|&i| {
            rights
                .iter()
                .map(|&j| {
                    if i != j {
                        let rest = pos.grounded(full.without(i).without(j));
                        value_of(&pos.restrict(rest), conflict)
                    } else {
                        match conflict {
                            Conflict::Shared => value_of(&pos.restrict(pos.cut(full, i)), conflict),
                            _ => BigRational::zero(),
                        }
                    }
                })
                .collect()
        })
        .collect();
    let probs = |s: &[(usize, BigRational)]| s.iter().map(|(_, p)| p.clone()).collect();
    let sol = MatrixSolution {
        value: v,
        row_strategy: probs(&report.left_strategy),
        col_strategy: probs(&report.right_strategy),
    };
    assert!(
        is_optimal(&matrix, &sol),
        "strategies not optimal: {report:?}"
    );
}

// ---- RULES.md §5, synchronous facts -------------------------------------

#[test]
fn blue_halves_alone_follow_the_closed_form() {
    // V(m) = (m−1)/2 − ½·Σ_{i=1}^{⌊(m−1)/2⌋} 1/(2i+1)
    for m in 1..=10i64 {
        let spec = vec!["BR"; m as usize].join(" ");
        let mut expected = q(m - 1, 2);
        for i in 1..=(m - 1) / 2 {
            expected -= q(1, 2 * (2 * i + 1));
        }
        assert_eq!(value(&spec, Conflict::Shared), expected, "V({m})");
    }
    assert_eq!(value("BR", Conflict::Shared), q(0, 1));
    assert_eq!(value("BR BR", Conflict::Shared), q(1, 2));
    assert_eq!(value("BR BR BR", Conflict::Shared), q(5, 6));
    assert_eq!(value("BR BR BR BR", Conflict::Shared), q(4, 3));
}

#[test]
fn circus_tents_are_one_minus_one_over_n_factorial() {
    let mut factorial = 1;
    for n in 2..=6i64 {
        factorial *= n;
        assert_eq!(
            value_of(&circus_tent(n as usize), Conflict::Shared),
            q(factorial - 1, factorial),
            "tent of {n} legs"
        );
    }
}

#[test]
fn two_blue_halves_and_a_red_half() {
    assert_eq!(value("BR BR RB", Conflict::Shared), q(1, 4));
    let report = analyse(
        &stalks("BR BR RB"),
        Conflict::Shared,
        None,
        &Budget::unlimited(),
    )
    .unwrap();
    assert_eq!(report.outcome, 'L');
}

#[test]
fn shared_conflicts_from_the_rules() {
    assert_eq!(value("B G", Conflict::Shared), q(1, 1));
    assert_eq!(value("BR G", Conflict::Shared), q(0, 1));
    // Not the 1/3 of the thesis' §6.5.1 (an arithmetic slip, RULES.md §5).
    assert_eq!(value("BR BR G", Conflict::Shared), q(1, 2));
}

#[test]
fn sums_of_halves_table_is_antisymmetric_and_matches_known_entries() {
    let t = halves_table(4, 4, Conflict::Shared, &Budget::unlimited()).unwrap();
    for m in 0..=4 {
        for n in 0..=4 {
            assert_eq!(t[m][n], -t[n][m].clone(), "antisymmetry at {m},{n}");
        }
        assert!(t[m][m].is_zero());
    }
    assert_eq!(t[2][1], q(1, 4));
    assert_eq!(t[3][2], q(1, 4)); // V(3,2) = V(2,1) in the thesis' §6.3
    assert_eq!(t[4][0], q(4, 3));
    assert_eq!(
        value_of(&halves_position(3, 1).unwrap(), Conflict::Tie),
        t[3][1],
        "no green edge: the rule is irrelevant"
    );
}

// ---- optimal strategies, exactly ----------------------------------------

#[test]
fn reported_strategies_are_optimal_in_the_full_matrix() {
    for spec in [
        "BR BR",
        "BR BR RB",
        "BR BR BR RB RB",
        "BRR BR RBB",
        "B G",
        "BR BR G",
        "BG RB",
    ] {
        check_strategies(&stalks(spec), Conflict::Shared);
    }
    for spec in ["BR B G", "BR BR BR G", "BB GR"] {
        check_strategies(&stalks(spec), Conflict::Tie);
    }
    check_strategies(&circus_tent(3), Conflict::Shared);
    // Symmetric edges share their orbit's probability equally.
    let r = analyse(
        &circus_tent(4),
        Conflict::Shared,
        None,
        &Budget::unlimited(),
    )
    .unwrap();
    assert!(r.left_strategy.iter().all(|(_, p)| *p == q(1, 4)));
}

// ---- the tie rule, by hand ----------------------------------------------

#[test]
fn tie_rule_on_small_green_positions() {
    // G alone, B G: every cell is 0 (B G: Left B & Right G clears the board).
    assert_eq!(value("G", Conflict::Tie), q(0, 1));
    assert_eq!(value("B G", Conflict::Tie), q(0, 1));
    // B B G: Right must play G. Left B → one B left (+1); Left G → tie (0).
    assert_eq!(value("B B G", Conflict::Tie), q(1, 1));
    // BR B G, labels 1 B, 2 R (on 1), 3 B, 4 G; Right plays 2 or 4.
    //   Left 1: vs 2 → B G = 0 (tie rule), vs 4 → B = 1
    //   Left 3: vs 2 → B G = 0,            vs 4 → BR = 0   (dominated)
    //   Left 4: vs 2 → B B = 2,            vs 4 → tie 0
    // [[0,1],[2,0]]: value 2/3, Left (2/3, 1/3) on (1, 4), Right (1/3, 2/3).
    let r = analyse(&stalks("BR B G"), Conflict::Tie, None, &Budget::unlimited()).unwrap();
    assert_eq!(exact(&r), q(2, 3));
    assert_eq!(
        r.left_strategy,
        vec![(1, q(2, 3)), (3, q(0, 1)), (4, q(1, 3))]
    );
    assert_eq!(r.right_strategy, vec![(2, q(1, 3)), (4, q(2, 3))]);
    // BR BR G: Left G earns 1 unless Right also plays G (tie); Left's blue
    // cuts earn 0 against everything (BR G = 0 and B G = 0 here), so 0.
    assert_eq!(value("BR BR G", Conflict::Tie), q(0, 1));
    // Compare the shared rule: B B G = 2 (Left G: if Right G too, B B stays).
    assert_eq!(value("B B G", Conflict::Shared), q(2, 1));
    assert_eq!(value("BR B G", Conflict::Shared), q(1, 1));
}

// ---- the replay rule, by hand -------------------------------------------

#[test]
fn replay_rule_exact_cases() {
    // B G: M(x) = [[0],[x]] (rows B, G; Right only G): f(x) = max(0, x).
    // Every x ≥ 0 is a fixed point; Everett's criterion picks 0 (endless
    // replay is worth 0), as the thesis argues.
    assert_eq!(value("B G", Conflict::Replay), q(0, 1));
    // B B G: f(x) = max(1, x); f(x) > x below 1, so the value is 1.
    assert_eq!(value("B B G", Conflict::Replay), q(1, 1));
    // BR G: M(x) = [[0,0],[1,x]]; f(0) = 0 so the value is 0.
    assert_eq!(value("BR G", Conflict::Replay), q(0, 1));
    // BR B G (thesis Fig. 20): M(x) = [[0,1],[2,x]] after domination;
    // f(x) = 2/(3−x) > x for x < 1 and f(1) = 1: value 1 as in the thesis.
    assert_eq!(value("BR B G", Conflict::Replay), q(1, 1));
    // BG G (labels 1 B, 2 G on 1, 3 G): rows 1,2,3, cols 2,3:
    // [[0,0],[x,1],[1,x]]; f(x) = (x+1)/2 > x for x < 1: value 1, only
    // approached by Left (she must play a green edge with probability → 1).
    let r = analyse(
        &stalks("BG G"),
        Conflict::Replay,
        None,
        &Budget::unlimited(),
    )
    .unwrap();
    assert_eq!(exact(&r), q(1, 1));
    // G G: both pick each edge with ½; f(x) = x/2, so 0.
    assert_eq!(value("G G", Conflict::Replay), q(0, 1));
}

#[test]
fn replay_rule_irrational_value_is_bracketed() {
    // BG RB G, labels 1 B, 2 G (on 1), 3 R, 4 B (on 3), 5 G. Sub-values
    // (replay): RB G = 0, B G = 0, B RB = 1, B R G = 0, BG G = 1, BG R = 0,
    // BG = 0. Rows 1,2,4,5 × columns 2,3,5:
    //   1: [0, 0, 0]   2: [x, 0, 1]   4: [0, 1, 0]   5: [1, 0, x]
    // With Left (a, 1−2a, a) on 2, 4, 5: columns 2 and 5 pay a(1+x),
    // column 3 pays 1−2a; equal at a = 1/(3+x), value (1+x)/(3+x).
    // Fixed point x² + 2x − 1 = 0: x = √2 − 1, irrational.
    let eps = q(1, 1000);
    let r = analyse(
        &stalks("BG RB G"),
        Conflict::Replay,
        Some(eps.clone()),
        &Budget::unlimited(),
    )
    .unwrap();
    let SyncValue::Approx { lo, hi } = &r.value else {
        panic!("√2 − 1 cannot be exact: {:?}", r.value)
    };
    let g = |x: &BigRational| x * x + x * q(2, 1) - q(1, 1);
    assert!(g(lo) <= BigRational::zero() && g(hi) >= BigRational::zero());
    assert!(hi - lo <= eps && lo < hi);
    assert_eq!(r.outcome, 'L');
    assert_eq!(r.value.to_string().chars().next(), Some('~'));
    // Mirror image: the value is 1 − √2.
    let m = analyse(
        &stalks("RG BR G"),
        Conflict::Replay,
        Some(eps),
        &Budget::unlimited(),
    )
    .unwrap();
    assert_eq!(m.outcome, 'R');
}

// ---- errors and formatting ----------------------------------------------

#[test]
fn bad_input_is_an_error_not_a_panic() {
    assert!(analyse(&stalks("BX"), Conflict::Shared, None, &Budget::unlimited()).is_err());
    let broken = Position {
        vertex_count: 2,
        edges: vec![Edge {
            u: 0,
            v: 5,
            colour: Colour::Blue,
        }],
    };
    assert!(analyse(&broken, Conflict::Shared, None, &Budget::unlimited()).is_err());
    assert!(analyse(
        &stalks("G"),
        Conflict::Replay,
        Some(q(0, 1)),
        &Budget::unlimited()
    )
    .is_err());
    assert!(solve_matrix(&[]).is_err());
    assert!(solve_matrix(&[vec![q(1, 1)], vec![]]).is_err());
    assert!("coinflip".parse::<Conflict>().is_err());
    assert!(halves_position(40, 40).is_err());
    assert!(halves_table(40, 40, Conflict::Shared, &Budget::unlimited()).is_err());
    assert_eq!("replay".parse::<Conflict>(), Ok(Conflict::Replay));
    // The empty position and one-sided positions.
    assert_eq!(value("", Conflict::Shared), q(0, 1));
    assert_eq!(value("BB B", Conflict::Shared), q(3, 1));
    assert_eq!(value("RR", Conflict::Shared), q(-2, 1));
}

#[test]
fn rationals_print_exactly() {
    assert_eq!(format_rational(&q(9, 14)), "9/14");
    assert_eq!(format_rational(&q(-2, 4)), "-1/2");
    assert_eq!(format_rational(&q(0, 5)), "0");
    assert_eq!(format_rational(&q(6, 2)), "3");
}

// ---- the matrix solver against brute force ------------------------------

/// A small deterministic generator (xorshift), so no extra dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Solve the square system `a x = b` exactly; `None` if singular.
fn solve_linear(mut a: Vec<Vec<BigRational>>, mut b: Vec<BigRational>) -> Option<Vec<BigRational>> {
    let n = b.len();
    for col in 0..n {
        let piv = (col..n).find(|&r| !a[r][col].is_zero())?;
        a.swap(col, piv);
        b.swap(col, piv);
        for r in 0..n {
            if r != col && !a[r][col].is_zero() {
                let f = &a[r][col] / &a[col][col];
                for c in col..n {
                    let d = &f * &a[col][c];
                    a[r][c] -= d;
                }
                let d = &f * &b[col];
                b[r] -= d;
            }
        }
    }
    Some((0..n).map(|i| &b[i] / &a[i][i]).collect())
}

fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    (0u32..1 << n)
        .filter(|s| s.count_ones() as usize == k)
        .map(|s| (0..n).filter(|&i| s >> i & 1 == 1).collect())
        .collect()
}

/// The best guarantee of the row player over all basic strategies: for
/// equal-size supports S (rows) and T (columns), the p on S that equalises
/// the columns of T. By Shapley–Snow some optimal strategy is of this form,
/// so the maximum over them of min_j p·M_j is the value.
fn brute_lower(m: &[Vec<BigRational>]) -> BigRational {
    let (rows, cols) = (m.len(), m[0].len());
    let mut best: Option<BigRational> = None;
    for k in 1..=rows.min(cols) {
        for s in subsets(rows, k) {
            for t in subsets(cols, k) {
                // Unknowns p_s (k of them) and v: Σ p_i m[i][j] − v = 0 (j ∈ T), Σ p = 1.
                let mut a = Vec::new();
                let mut b = Vec::new();
                for &j in &t {
                    let mut row: Vec<BigRational> = s.iter().map(|&i| m[i][j].clone()).collect();
                    row.push(-BigRational::one());
                    a.push(row);
                    b.push(BigRational::zero());
                }
                let mut row = vec![BigRational::one(); k];
                row.push(BigRational::zero());
                a.push(row);
                b.push(BigRational::one());
                let Some(x) = solve_linear(a, b) else {
                    continue;
                };
                if x[..k].iter().any(|p| *p < BigRational::zero()) {
                    continue;
                }
                let guarantee = (0..cols)
                    .map(|j| {
                        s.iter()
                            .zip(&x)
                            .map(|(&i, p)| &m[i][j] * p)
                            .sum::<BigRational>()
                    })
                    .min()
                    .unwrap();
                if best.as_ref().is_none_or(|b| guarantee > *b) {
                    best = Some(guarantee);
                }
            }
        }
    }
    best.expect("some basic strategy exists")
}

#[test]
fn matrix_solver_agrees_with_support_enumeration() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for round in 0..300 {
        let rows = 1 + rng.below(5) as usize;
        let cols = 1 + rng.below(5) as usize;
        let spread = if round % 3 == 0 { 3 } else { 9 };
        let m: Vec<Vec<BigRational>> = (0..rows)
            .map(|_| {
                (0..cols)
                    .map(|_| q(rng.below(2 * spread + 1) as i64 - spread as i64, 1))
                    .collect()
            })
            .collect();
        let sol = solve_matrix(&m).unwrap();
        assert!(is_optimal(&m, &sol), "not optimal on {m:?}");
        assert_eq!(sol.value, brute_lower(&m), "value on {m:?}");
        // Right's side: the row player's problem in −Mᵀ.
        let t: Vec<Vec<BigRational>> = (0..cols)
            .map(|j| (0..rows).map(|i| -m[i][j].clone()).collect())
            .collect();
        assert_eq!(-sol.value.clone(), brute_lower(&t), "dual on {m:?}");
    }
}

#[test]
fn matrix_solver_handles_fractions_and_degenerate_games() {
    // Rock-paper-scissors: value 0, uniform strategies.
    let rps: Vec<Vec<BigRational>> = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
        .iter()
        .map(|r| r.iter().map(|&x| q(x, 1)).collect())
        .collect();
    let s = solve_matrix(&rps).unwrap();
    assert!(s.value.is_zero());
    assert!(s.row_strategy.iter().all(|p| *p == q(1, 3)));
    // All-equal and fractional entries.
    let flat = vec![vec![q(2, 3); 4]; 3];
    assert_eq!(solve_matrix(&flat).unwrap().value, q(2, 3));
    let frac = vec![vec![q(1, 2), q(-1, 3)], vec![q(-1, 7), q(1, 5)]];
    let s = solve_matrix(&frac).unwrap();
    assert!(is_optimal(&frac, &s));
    assert_eq!(s.value, brute_lower(&frac));
}
