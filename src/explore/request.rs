//! A request explored: parse the position, replay the moves (classical
//! cuts one at a time, or quantum moves through the flavour's checks), then
//! explore the state reached within the budget.

use super::engine::{Classical, Engine, Normal, QuantumExplorer};
use super::{explore_state, Exploration};
use crate::analysis::{
    is_nim, parse_position, AnalysisError, GameRules, InputError, PlayerName, Request, Rules,
};
use crate::budget::Budget;
use crate::quantum::{MoveError, QuantumBase, QuantumGame, QuantumSolver};
use crate::rules::nim::parse_nim;
use crate::rules::uncolored::UncoloredMove;
use crate::rules::{Nim, Player};

/// Explore the state `req` reaches. Misère and synchronous play have no
/// short-game value to explore (sync has `matrix`).
pub fn explore(req: &Request, budget: &Budget) -> Result<Exploration, AnalysisError> {
    match &req.rules {
        Rules::Quantum(options) if is_nim(&req.position) => {
            let heaps = parse_nim(&req.position).map_err(InputError::from)?;
            let base = Nim {
                labels: options.labels,
            };
            return quantum(base, heaps, options.setting, false, req, budget);
        }
        Rules::Misere => return Err(InputError::NotShortGame("misere").into()),
        Rules::Sync(_) => return Err(InputError::NotShortGame("sync").into()),
        _ => {}
    }
    let position = parse_position(&req.position)?;
    match GameRules::new(&req.rules, &position, budget) {
        GameRules::Normal(rules) => {
            let start = rules.start();
            classical(Normal::new(rules, budget), start, req, budget)
        }
        GameRules::Childish(rules) => {
            let start = rules.start();
            classical(Classical::new(rules, budget, cut_label), start, req, budget)
        }
        GameRules::Uncolored(rules) => {
            let start = rules.start();
            classical(
                Classical::new(rules, budget, uncolored_label),
                start,
                req,
                budget,
            )
        }
        GameRules::Quantum(game) => {
            if let Rules::Quantum(q) = &req.rules {
                if q.labels != crate::rules::NimLabels::default() {
                    return Err(InputError::LabelsNeedNim.into());
                }
            }
            let start = game.base.start();
            let numbers_first = crate::quantum::numbers_likely(&game.base.position);
            quantum(game.base, start, game.setting, numbers_first, req, budget)
        }
        GameRules::Misere(_) => Err(InputError::NotShortGame("misere").into()),
        GameRules::Sync(..) => Err(InputError::NotShortGame("sync").into()),
    }
}

/// A cut's label: the 1-based edge number.
fn cut_label(e: &usize) -> String {
    (e + 1).to_string()
}

/// Colouring moves carry their colour (`3B`), cuts are the edge number.
fn uncolored_label(m: &UncoloredMove) -> String {
    match m {
        UncoloredMove::Colour(e, c) => format!("{}{}", e + 1, c.letter()),
        UncoloredMove::Cut(e) => cut_label(e),
    }
}

/// A move may name its player (`L:3`, `R:1+2`), so the explorer can step
/// into either player's options at every level; without a prefix the
/// players alternate from `first`.
fn split_player(text: &str, alternate: Player) -> (Player, &str) {
    match text.split_once(':') {
        Some(("L", rest)) => (Player::Left, rest),
        Some(("R", rest)) => (Player::Right, rest),
        _ => (alternate, text),
    }
}

fn illegal(index: usize, p: Player, text: &str, reason: String) -> AnalysisError {
    InputError::IllegalMove {
        index: index + 1,
        player: PlayerName(p),
        text: text.to_string(),
        reason,
    }
    .into()
}

/// Replay classical moves by their labels, then explore.
fn classical<E: Engine>(
    mut engine: E,
    mut state: E::State,
    req: &Request,
    budget: &Budget,
) -> Result<Exploration, AnalysisError> {
    let mut p = req.first;
    for (k, full) in req.moves.iter().enumerate() {
        let (mover, text) = split_player(full, p);
        p = mover;
        let moves = engine.moves(&state, p)?;
        let Some(m) = moves.iter().find(|m| engine.label(m) == *text) else {
            let legal: Vec<String> = moves.iter().map(|m| engine.label(m)).collect();
            let reason = if legal.is_empty() {
                format!("{} has no move", PlayerName(p))
            } else {
                format!("{} may play {}", PlayerName(p), legal.join(", "))
            };
            return Err(illegal(k, p, text, reason));
        };
        state = engine.play(&state, p, m)?;
        p = p.opponent();
    }
    Ok(explore_state(&mut engine, &state, budget.text_limit())?)
}

/// Replay quantum moves through a [`QuantumGame`] (each checked against
/// the flavour), then explore the superposed state reached; with
/// `numbers_first`, values that are numbers are found by comparison
/// ([`QuantumSolver::try_numbers_first`]).
fn quantum<B: QuantumBase + Clone>(
    base: B,
    start: B::State,
    setting: crate::quantum::Setting,
    numbers_first: bool,
    req: &Request,
    budget: &Budget,
) -> Result<Exploration, AnalysisError> {
    let mut game = QuantumGame::with_budget(base.clone(), start.clone(), setting, budget);
    let mut p = req.first;
    for (k, full) in req.moves.iter().enumerate() {
        let (mover, m) = split_player(full, p);
        p = mover;
        game.try_play_text(p, &m.replace('+', ","))
            .map_err(|e| match e {
                MoveError::Illegal(reason) => illegal(k, p, m, reason),
                MoveError::Exceeded(e) => AnalysisError::Budget(e),
            })?;
        p = p.opponent();
    }
    let state = game.state().clone();
    drop(game);
    let mut solver = QuantumSolver::with_budget(base, &start, setting, budget);
    solver.try_numbers_first(numbers_first);
    let mut engine = QuantumExplorer::new(solver, budget);
    let mut e = explore_state(&mut engine, &state, budget.text_limit())?;
    let b = &engine.solver.base;
    e.realisations = Some(
        state
            .iter()
            .map(|r| {
                b.present_labels(r)
                    .iter()
                    .map(|l| b.label_text(l))
                    .collect()
            })
            .collect(),
    );
    Ok(e)
}
