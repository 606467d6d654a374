//! Memoised search over any ruleset ([`Solver`]: value, outcome, birthday,
//! best moves) and the printing of result tables ([`table`]).

mod solver;
pub mod table;

pub use solver::{BestMoves, Solver};
