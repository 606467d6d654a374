//! Misère play: the same moves as the underlying ruleset, but the player who
//! cannot move wins. Misère sums do not split into components.

use super::{Player, Ruleset};

/// The misère version of a ruleset.
#[derive(Clone, Debug)]
pub struct Misere<R>(pub R);

impl<R: Ruleset> Ruleset for Misere<R> {
    type State = R::State;
    type Move = R::Move;
    const MISERE: bool = true;

    fn moves(&self, state: &R::State, player: Player) -> Vec<R::Move> {
        self.0.moves(state, player)
    }

    fn play(&self, state: &R::State, mv: &R::Move) -> R::State {
        self.0.play(state, mv)
    }
}
