//! Childish Hackenbush: a cut is legal only if nothing else falls with it.
//!
//! # Beds in closed form
//!
//! Call a state *bed-like* if every blue edge has an end at the ground and
//! no red edge has (or the same with the colours swapped), and no edge is
//! green or uncoloured. Redwood beds and redwood furniture are bed-like,
//! and so is every state reached from one. **A bed-like state with m blue
//! and n red edges is m − n** (the 2023 thesis proves it for redwood beds,
//! its Proposition 3.1.11; this is the same induction on the wider class,
//! which is what makes it usable for every state of a search).
//!
//! Proof, for blue grounded (the other case is its negative), by induction
//! on the number of edges; the empty state is 0. A childish cut removes
//! exactly one edge, and removing edges keeps a state bed-like, so every
//! Left option is bed-like with m − 1 blue edges (value m − n − 1) and
//! every Right option with n − 1 red edges (value m − n + 1). So the state
//! is {m − n − 1 | m − n + 1} = m − n when both players can move, and it
//! remains to check the states where one cannot:
//!
//! - *Left cannot move ⇒ m ≤ n.* A blue loop at the ground drops nothing,
//!   so every blue edge b joins the ground to a vertex v, and cutting b
//!   drops the edges S_b of v's component in the graph without the ground
//!   (those reach the ground only through blue edges of that component).
//!   So b is that component's only blue edge and S_b is non-empty and red:
//!   the S_b are disjoint non-empty sets of red edges, one per blue edge.
//!   Then {| m − n + 1} = m − n (for m − n + 1 ≤ 1; with no Right move
//!   either, m = n = 0).
//! - *Right cannot move ⇒ n = 0.* Suppose n > 0. A red loop drops nothing,
//!   so every red edge e drops a non-empty set S_e when cut; take e with
//!   S_e smallest. S_e holds no blue edge (a blue edge is grounded by its
//!   own end), so it holds a red edge f, and cutting f drops only edges of
//!   S_e other than f (everything else keeps its path to the ground, which
//!   avoids S_e): S_f is smaller than S_e, a contradiction. Then
//!   {m − 1 |} = m = m − n.
//!
//! The memoised search asks [`Ruleset::integer_value`] first, so a bed is
//! valued by counting its edges; tests check the count against the search
//! on random bed-like and general graphs.

use super::{Hackenbush, Player, Ruleset};
use crate::position::{Colour, EdgeSet, Position, GROUND};

/// Normal-play Hackenbush with fewer legal moves: the same states, cuts and
/// components, so it wraps [`Hackenbush`] and filters its moves.
#[derive(Clone, Debug)]
pub struct Childish {
    pub normal: Hackenbush,
}

impl Childish {
    pub fn new(position: Position) -> Childish {
        Childish {
            normal: Hackenbush::new(position),
        }
    }

    pub fn position(&self) -> &Position {
        &self.normal.position
    }

    /// The starting state: every edge that is grounded at all.
    pub fn start(&self) -> EdgeSet {
        self.normal.start()
    }
}

impl Ruleset for Childish {
    type State = EdgeSet;
    type Move = usize;

    fn moves(&self, state: &EdgeSet, player: Player) -> Vec<usize> {
        let mut moves = self.normal.moves(state, player);
        moves.retain(|&e| self.normal.play(state, &e) == state.without(e));
        moves
    }

    fn play(&self, state: &EdgeSet, mv: &usize) -> EdgeSet {
        self.normal.play(state, mv)
    }

    fn components(&self, state: &EdgeSet) -> Option<Vec<EdgeSet>> {
        self.normal.components(state)
    }

    /// m − n for a bed-like state (see the module documentation).
    fn integer_value(&self, state: &EdgeSet) -> Option<i64> {
        bed_value(self.position(), *state)
    }
}

/// The value of the state `set` of `p` if it is bed-like (see the module
/// documentation): blue minus red edges.
fn bed_value(p: &Position, set: EdgeSet) -> Option<i64> {
    // Which colour stands on the ground: None until the first blue or red
    // edge says.
    let mut grounded: Option<Colour> = None;
    let (mut blue, mut red) = (0i64, 0i64);
    for i in set.iter() {
        let e = p.edges.get(i)?;
        let on_ground = e.u == GROUND || e.v == GROUND;
        let grounded_colour = match (e.colour, on_ground) {
            (Colour::Blue, true) | (Colour::Red, false) => Colour::Blue,
            (Colour::Red, true) | (Colour::Blue, false) => Colour::Red,
            _ => return None,
        };
        if *grounded.get_or_insert(grounded_colour) != grounded_colour {
            return None;
        }
        match e.colour {
            Colour::Blue => blue += 1,
            _ => red += 1,
        }
    }
    Some(blue - red)
}
