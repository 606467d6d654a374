//! The one place where typed [`Rules`] become an engine ruleset for a
//! position. The analysis answers through it and the playground's referee
//! plays through it, so both always agree on what the rules are.

use super::options::{Rules, SyncOptions};
use crate::budget::Budget;
use crate::position::Position;
use crate::quantum::QuantumGame;
use crate::rules::{Childish, Hackenbush, Misere, Uncolored};

/// A ruleset from the engine, ready for one start position.
pub enum GameRules {
    Normal(Hackenbush),
    Misere(Misere<Hackenbush>),
    Childish(Childish),
    Uncolored(Uncolored),
    /// Synchronous turns are two normal cuts applied one after the other:
    /// what is ungrounded after both is what falls, whatever the order.
    Sync(Hackenbush, SyncOptions),
    /// Quantum play is replayed through a [`QuantumGame`], which checks each
    /// move against the flavour and explains refusals in words.
    Quantum(Box<QuantumGame<Hackenbush>>),
}

impl GameRules {
    /// The engine ruleset for `rules` on `start`. A quantum game record
    /// keeps its realisations within `budget` (replaying wide moves can
    /// multiply them past any memory).
    pub fn new(rules: &Rules, start: &Position, budget: &Budget) -> GameRules {
        let p = start.clone();
        match rules {
            Rules::Normal => GameRules::Normal(Hackenbush::new(p)),
            Rules::Misere => GameRules::Misere(Misere(Hackenbush::new(p))),
            Rules::Childish => GameRules::Childish(Childish::new(p)),
            Rules::Uncolored => GameRules::Uncolored(Uncolored::new(p)),
            Rules::Sync(options) => GameRules::Sync(Hackenbush::new(p), options.clone()),
            Rules::Quantum(options) => {
                let base = Hackenbush::new(p);
                let start = base.start();
                GameRules::Quantum(Box::new(QuantumGame::with_budget(
                    base,
                    start,
                    options.setting,
                    budget,
                )))
            }
        }
    }
}
