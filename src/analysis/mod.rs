//! The one entry point that the CLI and the browser worker share: a typed
//! [`Request`] (position, [`Rules`], quantum moves) is answered under a
//! [`Budget`] with an [`Answer`] in the printed formats of RULES.md.
//!
//! - [`options`]: the ruleset and its options, parsed once.
//! - [`request`]: the request and answer types.
//! - [`game_rules`]: the one dispatcher from typed rules to an engine
//!   ruleset, shared with the playground's referee.
//! - [`classical`], [`quantum`], [`synchronous`]: how each family is
//!   answered.
//! - [`thermal`](mod@thermal): temperature theory of an answer's value.
//! - [`kept_solver`]: the page worker's quantum solver, kept between the
//!   analyses of one game.

mod classical;
mod error;
mod game_rules;
mod kept_solver;
pub mod options;
mod quantum;
pub mod request;
mod synchronous;
pub mod thermal;

pub use error::{AnalysisError, InputError, PlayerName};
pub use game_rules::GameRules;
pub use kept_solver::keep_solvers;
pub use options::{
    FlavourList, OptionError, Precision, QuantumOptions, Rules, RulesKind, RulesParts, SyncOptions,
};
pub use quantum::{analyse_in_stages, BoundRelation, Stage};
pub use request::{Answer, Elided, MoveAdvice, Request, Strategies, Weight};
pub use thermal::{means_and_temperatures, thermal, thermal_of, ThermalAnswer, Walls};

use crate::budget::Budget;
use crate::position::Position;
use crate::rules::nim::parse_nim;

/// Read a Hackenbush position; `nim:3,2` is read as green stalks of 3 and 2.
pub fn parse_position(text: &str) -> Result<Position, InputError> {
    if is_nim(text) {
        let heaps = parse_nim(text)?;
        return Ok(crate::position::presets::nim_heaps(&heaps)?);
    }
    Ok(text.parse::<Position>()?)
}

/// Whether `text` is a Nim position (`nim:3,2`).
pub fn is_nim(text: &str) -> bool {
    text.trim_start().starts_with("nim:")
}

/// Answer `req` within `budget`.
pub fn analyse(req: &Request, budget: &Budget) -> Result<Answer, AnalysisError> {
    match &req.rules {
        // Quantum Nim is quantum play over Nim itself, not green stalks.
        Rules::Quantum(options) if is_nim(&req.position) => {
            return quantum::nim(req, options, budget)
        }
        Rules::Quantum(_) => {}
        _ if !req.moves.is_empty() => return Err(InputError::MovesNeedQuantum.into()),
        _ => {}
    }
    let position = parse_position(&req.position)?;
    match GameRules::new(&req.rules, &position, budget) {
        GameRules::Normal(rules) => classical::normal(rules, budget),
        GameRules::Childish(rules) => classical::childish(rules, budget),
        GameRules::Uncolored(rules) => classical::uncolored(rules, budget),
        GameRules::Misere(rules) => classical::misere(rules, budget),
        GameRules::Sync(_, options) => synchronous::answer(&position, &options, budget),
        GameRules::Quantum(game) => quantum::hackenbush(*game, req, budget),
    }
}

#[cfg(test)]
mod tests;
