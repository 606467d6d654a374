//! Uncolored Hackenbush: while any uncoloured (X) edge remains, a move
//! colours one (Left blue, Right red); then play is normal Hackenbush.

use super::{Player, Ruleset};
use crate::position::{Colour, EdgeGraph, EdgeSet, Position};

#[derive(Clone, Debug)]
pub struct Uncolored {
    pub position: Position,
    graph: EdgeGraph,
    uncoloured: EdgeSet,
}

/// Edges standing, and which X edges have been coloured blue or red.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UncoloredState {
    pub present: EdgeSet,
    pub blue: EdgeSet,
    pub red: EdgeSet,
}

/// Colour an X edge (first phase: Left paints blue, Right red, so the move
/// carries its colour) or cut an edge (second phase).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum UncoloredMove {
    Colour(usize, Colour),
    Cut(usize),
}

impl Uncolored {
    pub fn new(position: Position) -> Uncolored {
        let uncoloured = position
            .full_set()
            .iter()
            .filter(|&i| position.edges[i].colour == Colour::Uncoloured)
            .collect();
        Uncolored {
            graph: EdgeGraph::new(&position),
            position,
            uncoloured,
        }
    }

    pub fn start(&self) -> UncoloredState {
        UncoloredState {
            present: self.graph.grounded(self.position.full_set()),
            blue: EdgeSet::EMPTY,
            red: EdgeSet::EMPTY,
        }
    }

    /// X edges still standing and not yet coloured.
    pub fn pending(&self, s: &UncoloredState) -> EdgeSet {
        self.uncoloured
            .intersection(s.present)
            .difference(s.blue.union(s.red))
    }

    fn colour_of(&self, s: &UncoloredState, e: usize) -> Colour {
        if s.blue.contains(e) {
            Colour::Blue
        } else if s.red.contains(e) {
            Colour::Red
        } else {
            self.position.edges[e].colour
        }
    }
}

impl Ruleset for Uncolored {
    type State = UncoloredState;
    type Move = UncoloredMove;

    fn moves(&self, s: &UncoloredState, player: Player) -> Vec<UncoloredMove> {
        let pending = self.pending(s);
        if !pending.is_empty() {
            let paint = match player {
                Player::Left => Colour::Blue,
                Player::Right => Colour::Red,
            };
            return pending
                .iter()
                .map(|e| UncoloredMove::Colour(e, paint))
                .collect();
        }
        s.present
            .iter()
            .filter(|&e| self.colour_of(s, e).cuttable_by(player))
            .map(UncoloredMove::Cut)
            .collect()
    }

    fn components(&self, s: &UncoloredState) -> Option<Vec<UncoloredState>> {
        self.split(s)
    }

    fn play(&self, s: &UncoloredState, mv: &UncoloredMove) -> UncoloredState {
        match *mv {
            UncoloredMove::Colour(e, paint) => {
                let mut next = *s;
                if paint == Colour::Red {
                    next.red.insert(e);
                } else {
                    next.blue.insert(e);
                }
                next
            }
            UncoloredMove::Cut(e) => {
                let present = self.graph.cut(s.present, e);
                UncoloredState {
                    present,
                    blue: s.blue.intersection(present),
                    red: s.red.intersection(present),
                }
            }
        }
    }
}

impl Uncolored {
    /// Once everything is coloured the game is a sum of its components.
    pub fn split(&self, s: &UncoloredState) -> Option<Vec<UncoloredState>> {
        if !self.pending(s).is_empty() {
            return None;
        }
        Some(
            self.graph
                .components(s.present)
                .into_iter()
                .map(|c| UncoloredState {
                    present: c,
                    blue: s.blue.intersection(c),
                    red: s.red.intersection(c),
                })
                .collect(),
        )
    }
}
