//! The `replay` conflict rule: a one-state recursive game (Everett 1957).
//!
//! When both players pick the same green edge the position is played again,
//! and endless replay is worth 0. With the other outcomes already known,
//! the game is the matrix `M(x) = A + B·x` (B ≥ 0 carries the weight of the
//! "replay" outcome in each cell) and the brief's fixed-point equation is
//! `x = f(x) := val M(x)`. That equation can have a whole interval of
//! solutions (for `B G`, f(x) = max(0, x)), so we use Everett's
//! characterisation, which picks the right one:
//!
//! * **upper certificate** x: f(x) < x, or f(x) ≤ x and x ≥ 0. Right's optimal
//!   strategy in M(x) keeps "x if still playing, the payoff once stopped" a
//!   supermartingale; with f(x) < x it also forces the play to stop, and
//!   with x ≥ 0 endless play (worth 0) is no better for Left. So value ≤ x.
//! * **lower certificate** x: f(x) > x, or f(x) ≥ x and x ≤ 0 (symmetric).
//!
//! f is monotone and 1-Lipschitz, so the upper certificates form an upward
//! closed set, the lower ones a downward closed set, and every x is one or
//! the other. Bisection therefore keeps a proven bracket [lo, hi].
//!
//! **Exact values.** A point c with f(c) = c is the value if c = 0; if c > 0
//! and Left's optimal strategy at c never plays a green edge with
//! probability 1, then for x < c that strategy earns ≥ c − (c − x)·p_g > x in
//! every column, so every x < c is a lower certificate and the value is c
//! (symmetrically for c < 0 and Right). If Left's optimal strategy at c is
//! pure on a green edge g, [`certify_below`] looks for an optimal mix that is
//! not, or else proves the value c through strategies that approach it
//! (then Left has only ε-optimal strategies, as is usual in recursive
//! games). Candidates c are 0, the stationary payoffs `pAq / (1 − pBq)` of
//! the strategies met during bisection, and the simplest fraction inside the
//! current bracket, so rational values are usually reported exactly; an
//! irrational one (√2 − 1 for `BG RB G`) stays a bracket.
//!
//! When the other outcomes are themselves only known to an interval, value
//! is monotone in the payoffs: the lower end uses the lower payoffs, the
//! upper end the upper ones.

use super::matrix::{self, SimplexSolution, Want};
use super::q::Q;

fn solve_matrix(m: &[Vec<Q>]) -> Result<SimplexSolution, String> {
    matrix::solve(m, Want::Strategies)
}

/// One cell of the reduced game: payoff in [lo, hi] plus `b` times the value.
#[derive(Clone, Debug)]
pub(crate) struct BracketCell {
    pub lo: Q,
    pub hi: Q,
    pub b: Q,
}

/// A proven bracket for the value, with strategies that guarantee its ends.
pub(crate) struct Bracket {
    pub lo: Q,
    pub hi: Q,
    /// Guarantees Left at least `lo`.
    pub row: Vec<Q>,
    /// Guarantees Right at most `hi`.
    pub col: Vec<Q>,
}

/// Which payoff bound a game uses.
#[derive(Clone, Copy, PartialEq, Eq)]
enum BoundSide {
    Lo,
    Hi,
}

struct ReplayGame<'a> {
    cells: &'a [Vec<BracketCell>],
    /// Row k is a single green edge, whose column is `risky_rows[k]`:
    /// playing it with probability 1 can stall the game, which the
    /// exactness test must rule out. Likewise for columns.
    risky_rows: &'a [Option<usize>],
    risky_cols: &'a [Option<usize>],
    /// Precision of the bracket, also the slack of ε-optimal strategies.
    delta: &'a Q,
}

impl ReplayGame<'_> {
    fn at(&self, side: BoundSide, x: &Q) -> Result<SimplexSolution, String> {
        solve_matrix(&self.matrix(side, x))
    }

    /// The stationary payoff of a strategy pair, if play stops surely.
    fn stationary(&self, p: &[Q], q: &[Q]) -> Option<Q> {
        let (mut a, mut s) = (Q::zero(), Q::zero());
        for (row, pi) in self.cells.iter().zip(p) {
            for (c, qj) in row.iter().zip(q) {
                let w = pi * qj;
                a += &c.lo * &w;
                s += &c.b * &w;
            }
        }
        let stop = Q::one() - s;
        (stop > Q::zero()).then(|| a / stop)
    }

    /// The matrix M(x) on one side.
    fn matrix(&self, side: BoundSide, x: &Q) -> Vec<Vec<Q>> {
        self.cells
            .iter()
            .map(|row| {
                row.iter()
                    .map(|c| {
                        let a = if side == BoundSide::Lo { &c.lo } else { &c.hi };
                        a + &c.b * x
                    })
                    .collect()
            })
            .collect()
    }

    /// If c is provably the exact value (payoffs exact), its strategies.
    fn exact_at(&self, c: &Q) -> Result<Option<Bracket>, String> {
        let m = self.matrix(BoundSide::Lo, c);
        let sol = solve_matrix(&m)?;
        if sol.value != *c {
            return Ok(None);
        }
        let zero = Q::zero();
        let (mut row, mut col) = (sol.row, sol.col);
        if *c > zero {
            let y = c - self.delta;
            let my = self.matrix(BoundSide::Lo, &y);
            match certify_below(&m, &my, row, self.risky_rows, c, &y)? {
                Some(p) => row = p,
                None => return Ok(None),
            }
        } else if *c < zero {
            // Right's problem in M is Left's problem in −Mᵀ, at −c.
            let y = c + self.delta;
            let (t, ty) = (
                negated_transpose(&m),
                negated_transpose(&self.matrix(BoundSide::Lo, &y)),
            );
            match certify_below(&t, &ty, col, self.risky_cols, &-c, &-y)? {
                Some(q) => col = q,
                None => return Ok(None),
            }
        }
        Ok(Some(Bracket {
            lo: c.clone(),
            hi: c.clone(),
            row,
            col,
        }))
    }
}

/// Prove that every x < c is a lower certificate, given f(c) = c > 0 and
/// Left's optimal strategy `p` in `m` = M(c); return Left's strategy to report.
///
/// Row g's replay cell is in column gc (the same green edge).
///
/// 1. If p plays no risky (single green) row with probability 1, p itself
///    earns ≥ c − (c − x)·p_g > x in M(x) (see the module notes).
/// 2. Otherwise p = e_g. Let T be the columns where row g earns exactly c.
///    If some r on the other rows earns ≥ c on all of T, then
///    (1 − μ)·e_g + μ·r is optimal and non-stalling for small μ > 0.
/// 3. Otherwise, if some other row i has M\[i\]\[gc\] ≥ c, then for each x < c the
///    strategy (1 − μ)·e_g + μ·e_i with μ small enough (depending on x) earns
///    more than x in every column of M(x): column gc gets
///    (1 − μ)x + μ·M\[i\]\[gc\] > x, the others get M\[g\]\[j\] − O(μ) ≥ c − O(μ).
///    The value is c but is only approached: we return the strategy for
///    x = `y` (= c − precision), which guarantees Left at least y.
fn certify_below(
    m: &[Vec<Q>],
    my: &[Vec<Q>],
    p: Vec<Q>,
    risky: &[Option<usize>],
    c: &Q,
    y: &Q,
) -> Result<Option<Vec<Q>>, String> {
    let one = Q::one();
    let Some((g, gc)) = (0..p.len()).find_map(|i| risky[i].filter(|_| p[i] == one).map(|j| (i, j)))
    else {
        return Ok(Some(p));
    };
    let others: Vec<usize> = (0..m.len()).filter(|&i| i != g).collect();
    let tight: Vec<usize> = (0..m[g].len()).filter(|&j| m[g][j] == *c).collect();
    if others.is_empty() {
        return Ok(None);
    }
    let sub: Vec<Vec<Q>> = others
        .iter()
        .map(|&i| tight.iter().map(|&j| m[i][j].clone()).collect())
        .collect();
    if !tight.is_empty() && solve_matrix(&sub)?.value >= *c {
        let sol = solve_matrix(&sub)?;
        let mut r = vec![Q::zero(); m.len()];
        for (k, &i) in others.iter().enumerate() {
            r[i] = sol.row[k].clone();
        }
        return Ok(Some(mix(m, g, &r, c, false)));
    }
    // Case 3: the risky row's own column gc (where it meets the replay).
    let Some(&i) = others.iter().max_by(|&&a, &&b| m[a][gc].cmp(&m[b][gc])) else {
        return Ok(None);
    };
    if m[i][gc] < *c {
        return Ok(None);
    }
    let mut r = vec![Q::zero(); m.len()];
    r[i] = one;
    Ok(Some(mix(my, g, &r, y, true)))
}

/// (1 − μ)·e_g + μ·r, with μ ≤ 1/2 small enough that every column earns at
/// least `target` (strictly more if `strict`), assuming e_g alone does so on
/// each column where r earns less than row g.
fn mix(m: &[Vec<Q>], g: usize, r: &[Q], target: &Q, strict: bool) -> Vec<Q> {
    let one = Q::one();
    let two = Q::int(2);
    let mut mu = &one / &two;
    for j in 0..m[g].len() {
        let earn: Q = (0..m.len()).map(|i| &r[i] * &m[i][j]).sum();
        if earn < m[g][j] {
            let mut bound = (&m[g][j] - target) / (&m[g][j] - earn);
            if strict {
                bound /= &two;
            }
            mu = mu.min(bound);
        }
    }
    let mut q: Vec<Q> = r.iter().map(|x| x * &mu).collect();
    q[g] += &one - &mu;
    debug_assert!((0..m[g].len()).all(|j| {
        let earn: Q = (0..m.len()).map(|i| &q[i] * &m[i][j]).sum();
        earn > *target || (!strict && earn == *target)
    }));
    q
}

fn negated_transpose(m: &[Vec<Q>]) -> Vec<Vec<Q>> {
    (0..m[0].len())
        .map(|j| m.iter().map(|row| -&row[j]).collect())
        .collect()
}

/// The rational with the smallest denominator (then numerator) in [lo, hi],
/// found by walking the Stern–Brocot tree via continued fractions.
pub(crate) fn simplest_between(lo: &Q, hi: &Q) -> Q {
    let zero = Q::zero();
    if *lo <= zero && zero <= *hi {
        return zero;
    }
    if *hi < zero {
        return -simplest_between(&-hi, &-lo);
    }
    let floor = lo.floor();
    if floor == *lo {
        return floor;
    }
    let up = &floor + Q::one();
    if up <= *hi {
        return up;
    }
    // lo and hi share the integer part: recurse on the reciprocals.
    let a = (hi - &floor).recip();
    let b = (lo - &floor).recip();
    floor + simplest_between(&a, &b).recip()
}

/// Is x an upper certificate (else it is a lower one)?
fn is_upper(f: &Q, x: &Q) -> bool {
    f < x || (f == x && *x >= Q::zero())
}

/// Bracket the value of the replay game to width at most `delta` (plus the
/// width of the payoff intervals).
pub(crate) fn solve(
    cells: &[Vec<BracketCell>],
    risky_rows: &[Option<usize>],
    risky_cols: &[Option<usize>],
    delta: &Q,
) -> Result<Bracket, String> {
    let game = ReplayGame {
        cells,
        risky_rows,
        risky_cols,
        delta,
    };
    let exact_payoffs = cells.iter().flatten().all(|c| c.lo == c.hi);
    let zero = Q::zero();
    // Start: every payoff lies in [lo0, hi0] ∋ 0, so each cell of M(hi0) is at
    // most hi0 (an upper certificate) and likewise for lo0.
    let one = Q::one();
    let (mut lo0, mut hi0) = (zero.clone(), zero.clone());
    for c in cells.iter().flatten() {
        if c.b < one {
            let stop = &one - &c.b;
            lo0 = lo0.min(&c.lo / &stop);
            hi0 = hi0.max(&c.hi / &stop);
        }
    }
    if exact_payoffs {
        if let Some(b) = game.exact_at(&zero)? {
            return Ok(b);
        }
        return bisect(&game, BoundSide::Lo, lo0, hi0, delta, true);
    }
    let low = bisect(&game, BoundSide::Lo, lo0.clone(), hi0.clone(), delta, false)?;
    let high = bisect(&game, BoundSide::Hi, lo0, hi0, delta, false)?;
    Ok(Bracket {
        lo: low.lo,
        hi: high.hi,
        row: low.row,
        col: high.col,
    })
}

fn bisect(
    game: &ReplayGame,
    side: BoundSide,
    mut lo: Q,
    mut hi: Q,
    delta: &Q,
    try_exact: bool,
) -> Result<Bracket, String> {
    let mut row = game.at(side, &lo)?.row;
    let mut col = game.at(side, &hi)?.col;
    let two = Q::int(2);
    let mut tested: Option<Q> = None;
    while &hi - &lo > *delta {
        let mid = (&lo + &hi) / &two;
        let sol = game.at(side, &mid)?;
        if try_exact {
            if let Some(c) = game.stationary(&sol.row, &sol.col) {
                if c >= lo && c <= hi {
                    if let Some(b) = game.exact_at(&c)? {
                        return Ok(b);
                    }
                }
            }
        }
        if is_upper(&sol.value, &mid) {
            hi = mid;
            col = sol.col;
        } else {
            lo = mid;
            row = sol.row;
        }
        if try_exact {
            // Values with small denominators are found once the bracket is
            // narrow enough for them to be the simplest fraction inside it.
            let s = simplest_between(&lo, &hi);
            if tested.as_ref() != Some(&s) {
                if let Some(b) = game.exact_at(&s)? {
                    return Ok(b);
                }
                tested = Some(s);
            }
        }
    }
    Ok(Bracket { lo, hi, row, col })
}
