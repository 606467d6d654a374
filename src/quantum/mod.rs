//! Quantum-inspired play: superposed states over any labelled ruleset
//! (Dorbec & Mhalla 2017; the 2024 quantum Hackenbush thesis), under the
//! flavours A, B, C, C', C'u, D of RULES.md §3 and any move width.
//!
//! - [`moves`]: the definition — legal labels, allowed moves, results,
//!   refusals in words.
//! - [`ruleset`]: the quantum game as a [`crate::rules::Ruleset`], for the
//!   generic solver.
//! - [`solver`]: the fast engine (reduced states, merged moves, outcome-only
//!   search, values that are numbers proved by outcome searches of the state
//!   plus a number), within a [`crate::budget::Budget`].
//! - [`normalise`], [`symmetry`], [`twins`]: the sound reductions it uses.
//! - [`options`]: the depth-first enumeration of a player's move results
//!   that skips move sets repeating smaller ones' results; [`seen`]: the
//!   set of results already met in one enumeration.
//! - [`id_memo`]: the compact memo of reduced states; [`hash`]: the
//!   width-independent hashing of its tables.
//! - [`game`]: a game record for play (history, take-back, presence).
//! - [`table`]: Blue Meadow tables.

pub mod base;
pub mod flavour;
pub mod game;
pub mod hash;
pub mod id_memo;
pub mod moves;
pub mod normalise;
pub mod options;
pub mod ruleset;
pub mod seen;
pub mod solver;
pub mod symmetry;
pub mod table;
pub mod twins;

pub use base::QuantumBase;
pub use flavour::{Flavour, Setting, Width};
pub use game::{PlayedMove, QuantumGame};
pub use moves::{
    allowed_moves, apply_move, apply_move_within, check_move, check_move_within, superpose,
    MoveError, QuantumMove, Superposition,
};
pub use normalise::Reductions;
pub use ruleset::Quantum;
pub use solver::{next_comparison, QuantumSolver, SearchProgress};

use crate::position::{Colour, Position};
use crate::rules::{Hackenbush, Nim, NimLabels};

/// The engine for quantum Hackenbush on `position` and its classical start
/// (no limit: see [`QuantumSolver::set_budget`]).
pub fn hackenbush_solver(
    position: Position,
    setting: Setting,
) -> (QuantumSolver<Hackenbush>, crate::position::EdgeSet) {
    let rules = Hackenbush::new(position);
    let start = rules.start();
    (QuantumSolver::new(rules, &start, setting), start)
}

/// Is it worth valuing quantum states of `position` by comparison with
/// numbers first ([`QuantumSolver::try_numbers_first`])? For blue-red
/// sums (meadows, hollyhocks) it is: their values are mostly numbers
/// (Conjectures 8.1, 8.3), proved so with a fraction of the search, whose
/// states multiply with the components. A single component has few states
/// to save, and with green edges a value is rarely a number: there the
/// failed comparisons would cost more than they spare.
pub fn numbers_likely(position: &Position) -> bool {
    position
        .edges
        .iter()
        .all(|e| matches!(e.colour, Colour::Blue | Colour::Red))
        && position
            .components(position.grounded(position.full_set()))
            .len()
            >= 2
}

/// The engine for quantum Nim on `heaps` and its classical start (no
/// limit: see [`QuantumSolver::set_budget`]).
pub fn nim_solver(
    heaps: Vec<u32>,
    labels: NimLabels,
    setting: Setting,
) -> (QuantumSolver<Nim>, Vec<u32>) {
    let rules = Nim { labels };
    (QuantumSolver::new(rules, &heaps, setting), heaps)
}
