//! Red-Blue-Green Hackenbush under normal play: cut an edge of your colour
//! (or green), and everything no longer grounded falls.

use super::{Player, Ruleset};
use crate::position::{EdgeGraph, EdgeSet, Position};

/// Normal-play Hackenbush on a fixed position; a state is the set of edges
/// still standing, a move is an edge index (label − 1).
#[derive(Clone, Debug)]
pub struct Hackenbush {
    pub position: Position,
    graph: EdgeGraph,
    /// Edges each player may cut, by colour: [Left, Right].
    cuttable: [EdgeSet; 2],
}

impl Hackenbush {
    pub fn new(position: Position) -> Hackenbush {
        let graph = EdgeGraph::new(&position);
        let cuttable = Player::BOTH.map(|p| position.cuttable(position.full_set(), p));
        Hackenbush {
            position,
            graph,
            cuttable,
        }
    }

    /// The starting state: every edge that is grounded at all.
    pub fn start(&self) -> EdgeSet {
        self.graph.grounded(self.position.full_set())
    }
}

impl Ruleset for Hackenbush {
    type State = EdgeSet;
    type Move = usize;

    fn moves(&self, state: &EdgeSet, player: Player) -> Vec<usize> {
        state
            .intersection(self.cuttable[player as usize])
            .iter()
            .collect()
    }

    fn play(&self, state: &EdgeSet, mv: &usize) -> EdgeSet {
        self.graph.cut(*state, *mv)
    }

    fn components(&self, state: &EdgeSet) -> Option<Vec<EdgeSet>> {
        Some(self.graph.components(*state))
    }
}
