//! Normal-play values of Red-Blue-Green Hackenbush by block decomposition:
//! the value path for the `normal` ruleset.
//!
//! # Why hanging parts may be replaced by their values
//!
//! Let H hang at a vertex v of a position G[H] (H meets the rest only at v
//! and does not contain the ground), and let K be any game equal to H
//! (here: the canonical form of H's value, played as an abstract game that
//! disappears together with v). Then G[H] = G[K]: in G[H] − G[K] the second
//! player answers a move in the common part G by the mirror move in the
//! negated copy. A cut there that separates v from the ground drops H and
//! K at once, so the mirrored position is again of the form
//! G′[H′] − G′[K′] with H′ = K′ (or has neither). A move in H or in −K is
//! answered by the second player's winning strategy in H − K = 0, which
//! never touches G. The second player therefore always has a reply, so the
//! difference is 0. Applying this to every hanging part, innermost first,
//! turns each block (2-connected piece, split off at cut vertices) into a
//! block with games on its vertices. Parts hanging at one vertex together
//! form a disjunctive sum (a move in one never disconnects another), so
//! they add; likewise everything hanging at the ground is a sum of
//! independent pieces.
//!
//! Only normal play reduces this way: under misère, childish and uncoloured
//! rules a hanging part cannot be replaced by an equal one, and those
//! rulesets keep their full search in [`crate::solve::Solver`].
//!
//! # Modules
//!
//! [`decorated`] holds the decorated graphs, [`decompose`] finds blocks,
//! [`canonical_key`] names a decorated block independently of its vertex
//! names, and [`solver`] searches decorated blocks and sums their values.

pub mod canonical_key;
pub mod decompose;
pub mod decorated;
mod solver;

pub use solver::{best_moves, normal_value, BlockSolver};
