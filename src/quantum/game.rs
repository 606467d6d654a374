//! A game record for play and the entanglement-graph view: the exact
//! states (no reductions), the moves played, take-back, and which labels
//! still exist in some realisation.

use super::base::QuantumBase;
use super::flavour::Setting;
use super::moves::{allowed_moves, apply_move, check_move, QuantumMove, Superposition};
use crate::rules::Player;

/// One move in the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove<M> {
    pub player: Player,
    pub labels: QuantumMove<M>,
}

/// A quantum game in progress from a classical start.
pub struct QuantumGame<B: QuantumBase> {
    pub base: B,
    pub setting: Setting,
    states: Vec<Superposition<B::State>>,
    history: Vec<PlayedMove<B::Move>>,
}

impl<B: QuantumBase> QuantumGame<B> {
    /// A game starting from the classical state `{start}`.
    pub fn new(base: B, start: B::State, setting: Setting) -> Self {
        QuantumGame {
            base,
            setting,
            states: vec![vec![start]],
            history: Vec::new(),
        }
    }

    /// The current superposed state (exact: nothing dropped or relabelled).
    pub fn state(&self) -> &Superposition<B::State> {
        // `states` always holds at least the start.
        &self.states[self.states.len() - 1]
    }

    pub fn history(&self) -> &[PlayedMove<B::Move>] {
        &self.history
    }

    /// Every move `p` may make now.
    pub fn allowed(&self, p: Player) -> Vec<QuantumMove<B::Move>> {
        allowed_moves(&self.base, self.state(), p, self.setting)
    }

    /// Play labels for `p`, or say in words why the move is refused.
    pub fn play(&mut self, p: Player, labels: &[B::Move]) -> Result<(), String> {
        let mv = check_move(&self.base, self.state(), p, self.setting, labels)?;
        let next = apply_move(&self.base, self.state(), p, &mv);
        self.states.push(next);
        self.history.push(PlayedMove {
            player: p,
            labels: mv,
        });
        Ok(())
    }

    /// Play a move typed as labels separated by commas or spaces ("1,3").
    pub fn play_text(&mut self, p: Player, text: &str) -> Result<(), String> {
        let labels = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .map(|t| self.base.parse_label(t))
            .collect::<Result<Vec<_>, _>>()?;
        self.play(p, &labels)
    }

    /// Undo the last move; false if there is none.
    pub fn takeback(&mut self) -> bool {
        if self.history.pop().is_some() {
            self.states.pop();
            true
        } else {
            false
        }
    }

    /// Labels present in at least one realisation, sorted.
    pub fn present_labels(&self) -> Vec<B::Move> {
        let mut all: Vec<B::Move> = self
            .state()
            .iter()
            .flat_map(|r| self.base.present_labels(r))
            .collect();
        all.sort();
        all.dedup();
        all
    }

    /// Is `label` present in some realisation?
    pub fn is_present(&self, label: &B::Move) -> bool {
        self.state()
            .iter()
            .any(|r| self.base.present_labels(r).contains(label))
    }
}
