//! Childish Hackenbush: a cut is legal only if nothing else falls with it.

use super::{Player, Ruleset};
use crate::position::{EdgeGraph, EdgeSet, Position};

#[derive(Clone, Debug)]
pub struct Childish {
    pub position: Position,
    graph: EdgeGraph,
    /// Edges each player may cut, by colour: [Left, Right].
    cuttable: [EdgeSet; 2],
}

impl Childish {
    pub fn new(position: Position) -> Childish {
        let graph = EdgeGraph::new(&position);
        let cuttable = Player::BOTH.map(|p| position.cuttable(position.full_set(), p));
        Childish {
            position,
            graph,
            cuttable,
        }
    }
}

impl Ruleset for Childish {
    type State = EdgeSet;
    type Move = usize;

    fn moves(&self, state: &EdgeSet, player: Player) -> Vec<usize> {
        state
            .intersection(self.cuttable[player as usize])
            .iter()
            .filter(|&e| self.graph.cut(*state, e) == state.without(e))
            .collect()
    }

    fn play(&self, state: &EdgeSet, mv: &usize) -> EdgeSet {
        self.graph.cut(*state, *mv)
    }

    fn components(&self, state: &EdgeSet) -> Option<Vec<EdgeSet>> {
        Some(self.graph.components(*state))
    }
}
