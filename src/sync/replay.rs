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
//! (symmetrically for c < 0 and Right). Candidates c are the stationary
//! payoffs `pAq / (1 − pBq)` of the strategies met during bisection, so
//! values with a rational fixed point are usually reported exactly.
//!
//! When the other outcomes are themselves only known to an interval, value
//! is monotone in the payoffs: the lower end uses the lower payoffs, the
//! upper end the upper ones.

use num_rational::BigRational;
use num_traits::{One, Zero};

use super::matrix::{solve_matrix, MatrixSolution};

/// One cell of the reduced game: payoff in [lo, hi] plus `b` times the value.
#[derive(Clone, Debug)]
pub(crate) struct Cell {
    pub lo: BigRational,
    pub hi: BigRational,
    pub b: BigRational,
}

/// A proven bracket for the value, with strategies that guarantee its ends.
pub(crate) struct Bracket {
    pub lo: BigRational,
    pub hi: BigRational,
    /// Guarantees Left at least `lo`.
    pub row: Vec<BigRational>,
    /// Guarantees Right at most `hi`.
    pub col: Vec<BigRational>,
}

/// Which payoff bound a game uses.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Lo,
    Hi,
}

struct Game<'a> {
    cells: &'a [Vec<Cell>],
    /// Row (column) k is a single green edge: playing it with probability 1
    /// can stall the game, which the exactness test must rule out.
    risky_rows: &'a [bool],
    risky_cols: &'a [bool],
}

impl Game<'_> {
    fn at(&self, side: Side, x: &BigRational) -> Result<MatrixSolution, String> {
        let m: Vec<Vec<BigRational>> = self
            .cells
            .iter()
            .map(|row| {
                row.iter()
                    .map(|c| {
                        let a = if side == Side::Lo { &c.lo } else { &c.hi };
                        a + &c.b * x
                    })
                    .collect()
            })
            .collect();
        solve_matrix(&m)
    }

    /// The stationary payoff of a strategy pair, if play stops surely.
    fn stationary(&self, p: &[BigRational], q: &[BigRational]) -> Option<BigRational> {
        let (mut a, mut s) = (BigRational::zero(), BigRational::zero());
        for (row, pi) in self.cells.iter().zip(p) {
            for (c, qj) in row.iter().zip(q) {
                let w = pi * qj;
                a += &c.lo * &w;
                s += &c.b * &w;
            }
        }
        let stop = BigRational::one() - s;
        (stop > BigRational::zero()).then(|| a / stop)
    }

    /// If c is provably the exact value (payoffs exact), its strategies.
    fn exact_at(&self, c: &BigRational) -> Result<Option<Bracket>, String> {
        let sol = self.at(Side::Lo, c)?;
        if sol.value != *c {
            return Ok(None);
        }
        let one = BigRational::one();
        let stalls = |strategy: &[BigRational], risky: &[bool]| {
            strategy.iter().zip(risky).any(|(p, &r)| r && *p == one)
        };
        let zero = BigRational::zero();
        let proven = *c == zero
            || (*c > zero && !stalls(&sol.row_strategy, self.risky_rows))
            || (*c < zero && !stalls(&sol.col_strategy, self.risky_cols));
        Ok(proven.then(|| Bracket {
            lo: c.clone(),
            hi: c.clone(),
            row: sol.row_strategy,
            col: sol.col_strategy,
        }))
    }
}

/// Is x an upper certificate (`Some(true)`), a lower one (`Some(false)`)?
fn is_upper(f: &BigRational, x: &BigRational) -> bool {
    f < x || (f == x && *x >= BigRational::zero())
}

/// Bracket the value of the replay game to width at most `delta` (plus the
/// width of the payoff intervals).
pub(crate) fn solve(
    cells: &[Vec<Cell>],
    risky_rows: &[bool],
    risky_cols: &[bool],
    delta: &BigRational,
) -> Result<Bracket, String> {
    let game = Game {
        cells,
        risky_rows,
        risky_cols,
    };
    let exact_payoffs = cells.iter().flatten().all(|c| c.lo == c.hi);
    let zero = BigRational::zero();
    // Start: every payoff lies in [lo0, hi0] ∋ 0, so each cell of M(hi0) is at
    // most hi0 (an upper certificate) and likewise for lo0.
    let one = BigRational::one();
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
        return bisect(&game, Side::Lo, lo0, hi0, delta, true);
    }
    let low = bisect(&game, Side::Lo, lo0.clone(), hi0.clone(), delta, false)?;
    let high = bisect(&game, Side::Hi, lo0, hi0, delta, false)?;
    Ok(Bracket {
        lo: low.lo,
        hi: high.hi,
        row: low.row,
        col: high.col,
    })
}

fn bisect(
    game: &Game,
    side: Side,
    mut lo: BigRational,
    mut hi: BigRational,
    delta: &BigRational,
    try_exact: bool,
) -> Result<Bracket, String> {
    let mut row = game.at(side, &lo)?.row_strategy;
    let mut col = game.at(side, &hi)?.col_strategy;
    let two = BigRational::from_integer(2.into());
    while &hi - &lo > *delta {
        let mid = (&lo + &hi) / &two;
        let sol = game.at(side, &mid)?;
        if try_exact {
            if let Some(c) = game.stationary(&sol.row_strategy, &sol.col_strategy) {
                if c >= lo && c <= hi {
                    if let Some(b) = game.exact_at(&c)? {
                        return Ok(b);
                    }
                }
            }
        }
        if is_upper(&sol.value, &mid) {
            hi = mid;
            col = sol.col_strategy;
        } else {
            lo = mid;
            row = sol.row_strategy;
        }
    }
    Ok(Bracket { lo, hi, row, col })
}
