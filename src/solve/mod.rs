//! Memoised search over any ruleset ([`Solver`]: value, outcome, birthday,
//! best moves), the block-decomposition path for normal-play Hackenbush
//! ([`blocks`]) and the printing of result tables ([`table`]).

pub mod blocks;
mod solver;
pub mod table;

pub use blocks::BlockSolver;
pub(crate) use solver::rank_moves;
pub use solver::{BestMoves, Solver};
