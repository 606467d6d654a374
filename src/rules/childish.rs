//! Childish Hackenbush: a cut is legal only if nothing else falls with it.

use super::{Hackenbush, Player, Ruleset};
use crate::position::{EdgeSet, Position};

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
}
