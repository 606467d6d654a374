//! Childish Hackenbush: a cut is legal only if nothing else falls with it.

use super::{Player, Ruleset};
use crate::position::{EdgeSet, Position};

#[derive(Clone, Debug)]
pub struct Childish {
    pub position: Position,
}

impl Childish {
    pub fn new(position: Position) -> Childish {
        Childish { position }
    }
}

impl Ruleset for Childish {
    type State = EdgeSet;
    type Move = usize;

    fn moves(&self, state: &EdgeSet, player: Player) -> Vec<usize> {
        self.position
            .cuttable(*state, player)
            .iter()
            .filter(|&e| self.position.cut(*state, e) == state.without(e))
            .collect()
    }

    fn play(&self, state: &EdgeSet, mv: &usize) -> EdgeSet {
        self.position.cut(*state, *mv)
    }

    fn components(&self, state: &EdgeSet) -> Option<Vec<EdgeSet>> {
        Some(self.position.components(*state))
    }
}
