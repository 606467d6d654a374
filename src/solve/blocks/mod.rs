//! Normal-play values of Red-Blue-Green Hackenbush by block decomposition:
//! the value path for the `normal` ruleset.
//!
//! # Why hanging parts may be replaced by their values
//!
//! Let H hang at a vertex v of a position G(H) (H meets the rest only at v
//! and does not contain the ground), and let K be any game equal to H
//! (here: the canonical form of H's value, played as an abstract game that
//! disappears together with v). Then G(H) = G(K). In G(H) − G(K) the second
//! player keeps this invariant whenever the first player is to move: the
//! position is G′(H′) − G′(K′) with the same G′ in both copies and
//! H′ − K′ a second-player win of the local game H − K, that is H′ = K′
//! (at the start G′ = G, H′ = H, K′ = K). A move in the common part G′ is
//! answered by the mirror move in the other copy; if it separates v from
//! the ground, H′ and K′ fall at once and the rest is mirrored. A move in
//! H′ or in −K′ is answered in H′ − K′ by the local winning strategy, so
//! again H″ = K″. Either way the second player has a reply, so the
//! second player wins and the difference is 0. Applying this to every
//! hanging part, innermost first, turns each block (2-connected piece, split off at cut vertices) into a
//! block with games on its vertices. Parts hanging at one vertex together
//! form a disjunctive sum (a move in one never disconnects another), so
//! they add; likewise everything hanging at the ground is a sum of
//! independent pieces.
//!
//! Only normal play reduces this way: under misère, childish and uncoloured
//! rules a hanging part cannot be replaced by an equal one, and those
//! rulesets keep their full search in [`crate::solve::Solver`].
//!
//! # What is remembered
//!
//! Decorated blocks by a canonical key (so a piece met again under other
//! vertex names, in another picture or in a sum is not searched again),
//! single edges carrying a game (`bridges`, by the id of what they
//! carry: a tree costs one entry per edge and subposition of what it
//! carries), and, below each block, the states of its search inside the
//! block's frame: a mask of the block's edges, the vertex the piece hangs
//! from and the decorations of the vertices it reaches (see [`frame`]).
//! Blocks wider than a frame fall back to graphs rebuilt per state,
//! remembered exactly as met (`raw`).
//!
//! # Blue-red blocks
//!
//! A block whose edges are all blue or red, with numbers hanging on it, is
//! Blue-Red Hackenbush: every state of its search is a number. Those
//! blocks are searched by `number_search` on exact fixed-point numbers,
//! keeping only each player's best option (the simplicity theorem), with
//! no option lists and no arena; a step that would not be exact hands the
//! block back to the general search.
//!
//! The search inside one block still visits its connected subgraphs times
//! the subpositions of its decorations, so a picture whose edges mostly sit
//! in one large 2-connected block (a dense random graph, a long ladder) is
//! as hard as it ever was; pictures made of small blocks are cheap. A
//! large block with green edges whose value is a number (or a number plus
//! *1 to *7), as ladders with coloured rails and green rungs often are, is
//! found and proved by outcome searches (`number_probe`), which build no
//! game, once its search has run long.
//!
//! # Mirror images and redwood furniture
//!
//! A block met with every colour swapped and every decoration negated is
//! the negative of one valued before, so a picture beside its mirror image
//! searches each block once. Positions that are sums of redwood furniture
//! (Winning Ways' beds and tables) are valued from Right's moves alone by
//! the theorem that furniture is {0 | G^R} (see `redwood`, where the
//! search's closure and its early stop are proved).
//!
//! # Modules
//!
//! [`decorated`] holds the decorated graphs, [`decompose`] finds blocks,
//! [`canonical_key`] names a decorated block independently of its vertex
//! names, [`solver`] splits graphs and sums the values of their blocks,
//! [`frame`] with `frame_search` searches one block inside its frame
//! (`number_search` when it is blue-red; `number_probe` when it is large,
//! has a green edge and its search runs long), and
//! `layout` lays a position's blocks out once, so that every state of the
//! game (an option, a position in play, a state the explorer opens) values
//! its blocks as states of those frames and reuses the first search.

mod bridges;
pub mod canonical_key;
pub mod decompose;
pub mod decorated;
pub mod frame;
mod frame_search;
mod layout;
mod number_probe;
mod number_search;
mod packed_key;
mod redwood;
mod solver;
mod two_tables;

pub use solver::{best_moves, normal_value, BlockSolver};
