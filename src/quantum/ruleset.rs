//! The quantum game as a [`Ruleset`] in its own right, so the generic
//! [`crate::solve::Solver`] gives the value, outcome, birthday and best
//! moves of any superposed state. It applies no reductions: it is the
//! plain definition, a reference for the fast engine.

use super::base::QuantumBase;
use super::flavour::Setting;
use super::moves::{apply_move, legal_map, QuantumMove, Superposition};
use crate::rules::{Player, Ruleset};

/// A base ruleset under a flavour and width. A state is a superposition
/// (sorted, deduplicated realisations), a move a sorted set of labels.
pub struct Quantum<B: QuantumBase> {
    pub base: B,
    pub setting: Setting,
    accel: B::Accel,
}

impl<B: QuantumBase> Quantum<B> {
    pub fn new(base: B, setting: Setting) -> Self {
        let accel = base.accelerate();
        Quantum {
            base,
            setting,
            accel,
        }
    }
}

impl<B: QuantumBase> Ruleset for Quantum<B> {
    type State = Superposition<B::State>;
    type Move = QuantumMove<B::Move>;

    fn moves(&self, state: &Self::State, player: Player) -> Vec<Self::Move> {
        legal_map(&self.base, &self.accel, state, player).moves(self.setting)
    }

    /// Plays `mv` for the player who may play all its labels somewhere
    /// (Left if both may: only green edges and Nim labels are shared, and
    /// for those the result does not depend on the player).
    fn play(&self, state: &Self::State, mv: &Self::Move) -> Self::State {
        let left_ok = mv.iter().all(|m| {
            state
                .iter()
                .any(|r| self.base.moves(r, Player::Left).contains(m))
        });
        let p = if left_ok { Player::Left } else { Player::Right };
        apply_move(&self.base, state, p, mv)
    }
}
