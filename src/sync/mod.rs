//! Synchronous Hackenbush: exact matrix games and Nash values.
//!
//! Both players choose an edge at once (Left blue or green, Right red or
//! green); both are cut and everything ungrounded falls (RULES.md §3, sync).
//! The value of a position is the value of the zero-sum matrix game over the
//! pairs of choices, computed exactly (the 2022 thesis stopped at floating
//! point because 64-bit fractions overflowed). Inside, rationals are [`q::Q`]
//! (one swappable backend); the public types use `num-rational`'s
//! `BigRational`.
//!
//! * [`matrix`] — the exact matrix-game solver;
//! * [`analyse`] — value and optimal mixed strategies of a position;
//! * [`halves_table`] — the sums-of-halves table `m × BR + n × RB`.

mod canon;
mod format;
mod halves;
pub mod matrix;
mod payoff;
mod q;
mod replay;
mod simplex;
mod value;

pub use format::format_rational;
pub use halves::{halves_position, halves_table, halves_table_with};
pub use matrix::{is_optimal, solve_matrix, MatrixSolution};
pub use payoff::{matrix_json, payoff_matrix, percent, PayoffCell, PayoffLine, PayoffMatrix};

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::position::{Colour, Position, MAX_EDGES};
use canon::SyncGraph;
use q::Q;
use value::SyncSolver;

/// Why a synchronous analysis gave no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SyncError {
    /// A position the synchronous rules do not cover (or, never expected,
    /// a matrix game the solver could not finish).
    #[error("{0}")]
    Invalid(String),
    #[error(transparent)]
    Budget(#[from] crate::budget::Exceeded),
}

impl From<String> for SyncError {
    fn from(message: String) -> Self {
        SyncError::Invalid(message)
    }
}

/// What happens when both players pick the same green edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Conflict {
    /// The edge is cut once and play goes on (the default).
    #[default]
    Shared,
    /// The game ends at once with value 0.
    Tie,
    /// The choice is repeated; endless repetition is worth 0. A stochastic
    /// game whose value need not be rational: reported as an interval.
    Replay,
}

/// A synchronous value: exact, or (replay only) a proven bracket.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SyncValue {
    Exact(BigRational),
    /// The value lies in [lo, hi]; approximate, to the requested precision.
    Approx {
        lo: BigRational,
        hi: BigRational,
    },
}

impl std::fmt::Display for SyncValue {
    /// `9/14`, or `~[lo, hi]` for a bracket (clearly not an exact value).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SyncValue::Exact(v) => write!(f, "{}", format_rational(v)),
            SyncValue::Approx { lo, hi } => {
                write!(f, "~[{}, {}]", format_rational(lo), format_rational(hi))
            }
        }
    }
}

/// The result of [`analyse`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyncReport {
    pub value: SyncValue,
    /// Left's optimal mixed strategy: (edge label, 1-based; probability) for
    /// every edge Left may cut, zeros included. When only one player can
    /// move, that player's entry names one harmless move and the other's is
    /// empty.
    pub left_strategy: Vec<(usize, BigRational)>,
    /// Right's optimal mixed strategy, as for Left.
    ///
    /// Under [`Conflict::Replay`] optimal strategies need not exist (the
    /// value may only be approached, as in `BG G`); the strategies reported
    /// then guarantee the ends of the bracket, or the exact value to within
    /// the precision.
    pub right_strategy: Vec<(usize, BigRational)>,
    /// `L` if the value is positive, `R` if negative, `P` if zero; `?` only
    /// for a replay bracket that still contains 0.
    pub outcome: char,
}

/// The default replay precision: 2⁻²⁰.
pub fn default_precision() -> BigRational {
    BigRational::new(BigInt::one(), BigInt::from(1u32 << 20))
}

/// The synchronous value of a Red-Blue-Green position with optimal strategies.
///
/// `precision` (default [`default_precision`]) bounds the width of a replay
/// bracket; other rules are always exact. Uncoloured (X) edges, malformed
/// positions and non-positive precisions are errors. Edges not connected to
/// the ground at the start fall at once and take no part.
pub fn analyse(
    position: &Position,
    conflict: Conflict,
    precision: Option<BigRational>,
    budget: &crate::budget::Budget,
) -> Result<SyncReport, SyncError> {
    validate(position)?;
    let eps = precision.unwrap_or_else(default_precision);
    if eps <= BigRational::zero() {
        return Err(SyncError::Invalid("the precision must be positive".into()));
    }
    let set = position.grounded(position.full_set());
    // Each level of the recursion may widen a replay bracket by 2·delta.
    let levels = BigRational::from_integer(BigInt::from(2 * set.len().max(1)));
    let mut solver = SyncSolver::new(conflict, Q::from_big(&(eps / levels)), budget);
    let graph = SyncGraph::new(position);
    let solved = solver.solve_state(&graph, set, true)?;
    let zero = BigRational::zero();
    let (lo, hi) = (solved.val.lo.to_big(), solved.val.hi.to_big());
    let (value, outcome) = if lo == hi {
        let v = lo;
        let o = if v > zero {
            'L'
        } else if v < zero {
            'R'
        } else {
            'P'
        };
        (SyncValue::Exact(v), o)
    } else {
        let o = if lo > zero {
            'L'
        } else if hi < zero {
            'R'
        } else {
            '?'
        };
        (SyncValue::Approx { lo, hi }, o)
    };
    let label = |v: Vec<(usize, Q)>| v.into_iter().map(|(i, p)| (i + 1, p.to_big())).collect();
    Ok(SyncReport {
        value,
        left_strategy: label(solved.left),
        right_strategy: label(solved.right),
        outcome,
    })
}

/// Reject what the synchronous rules do not cover, instead of panicking later.
fn validate(position: &Position) -> Result<(), String> {
    if position.edges.len() > MAX_EDGES {
        return Err(format!("at most {MAX_EDGES} edges are supported"));
    }
    for (i, e) in position.edges.iter().enumerate() {
        if e.u >= position.vertex_count || e.v >= position.vertex_count {
            return Err(format!(
                "edge {} refers to a vertex that does not exist",
                i + 1
            ));
        }
        if e.colour == Colour::Uncoloured {
            return Err(format!(
                "edge {} is uncoloured (X); synchronous play needs blue, red or green edges",
                i + 1
            ));
        }
    }
    Ok(())
}
