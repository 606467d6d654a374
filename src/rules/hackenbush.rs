//! Red-Blue-Green Hackenbush under normal play: cut an edge of your colour
//! (or green), and everything no longer grounded falls.

use super::{Player, Ruleset};
use crate::position::{EdgeSet, Position};

/// Normal-play Hackenbush on a fixed position; a state is the set of edges
/// still standing, a move is an edge index (label − 1).
#[derive(Clone, Debug)]
pub struct Hackenbush {
    pub position: Position,
}

impl Hackenbush {
    pub fn new(position: Position) -> Hackenbush {
        Hackenbush { position }
    }

    /// The starting state: every edge that is grounded at all.
    pub fn start(&self) -> EdgeSet {
        self.position.grounded(self.position.full_set())
    }
}

impl Ruleset for Hackenbush {
    type State = EdgeSet;
    type Move = usize;

    fn moves(&self, state: &EdgeSet, player: Player) -> Vec<usize> {
        self.position.cuttable(*state, player).iter().collect()
    }

    fn play(&self, state: &EdgeSet, mv: &usize) -> EdgeSet {
        self.position.cut(*state, *mv)
    }

    fn components(&self, state: &EdgeSet) -> Option<Vec<EdgeSet>> {
        Some(self.position.components(*state))
    }
}
