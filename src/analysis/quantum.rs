//! Answers under quantum rules: replay the moves from the start through a
//! [`QuantumGame`] (every move checked against the flavour), then value the
//! superposed state reached.

use super::classical::game_answer;
use super::error::{AnalysisError, InputError, PlayerName};
use super::options::QuantumOptions;
use super::request::{Answer, MoveAdvice, Request};
use crate::budget::{Budget, Exceeded};
use crate::quantum::{QuantumBase, QuantumGame, QuantumSolver};
use crate::rules::nim::parse_nim;
use crate::rules::{Hackenbush, Nim, NimLabels};

/// Quantum Hackenbush from `game`'s start, after `req.moves`.
pub(super) fn hackenbush(
    game: QuantumGame<Hackenbush>,
    req: &Request,
    budget: &Budget,
) -> Result<Answer, AnalysisError> {
    if let crate::analysis::Rules::Quantum(q) = &req.rules {
        if q.labels != NimLabels::default() {
            return Err(InputError::LabelsNeedNim.into());
        }
    }
    let start = game.base.start();
    after_moves(game, start, req, budget)
}

/// Quantum Nim (`nim:3,2`) after `req.moves`.
pub(super) fn nim(
    req: &Request,
    options: &QuantumOptions,
    budget: &Budget,
) -> Result<Answer, AnalysisError> {
    let heaps = parse_nim(&req.position).map_err(InputError::from)?;
    let base = Nim {
        labels: options.labels,
    };
    let game = QuantumGame::new(base, heaps.clone(), options.setting);
    after_moves(game, heaps, req, budget)
}

/// A move as typed: labels joined by `+` (the CLI) or `,` (the page).
fn move_labels(text: &str) -> String {
    text.replace('+', ",")
}

/// Replay `req.moves` and report on the state reached (value, outcome,
/// birthday, best moves, realisations). The solver's reductions use the
/// start's symmetries, which stay sound for any state reached from it.
fn after_moves<B: QuantumBase + Clone>(
    mut game: QuantumGame<B>,
    start: B::State,
    req: &Request,
    budget: &Budget,
) -> Result<Answer, AnalysisError> {
    let mut p = req.first;
    for (k, m) in req.moves.iter().enumerate() {
        game.play_text(p, &move_labels(m))
            .map_err(|reason| InputError::IllegalMove {
                index: k + 1,
                player: PlayerName(p),
                text: m.clone(),
                reason,
            })?;
        p = p.opponent();
    }
    let state = game.state().clone();
    let mut solver = QuantumSolver::new(game.base.clone(), &start, game.setting);
    // TEMPORARY until the quantum solver takes a Budget.
    solver.set_state_limit(crate::quantum::report::STATE_LIMIT);
    let too_large = |_| Exceeded::Memory(budget.max_bytes());
    let v = solver.value(&state).map_err(too_large)?;
    let mut advice = |p| -> Result<MoveAdvice, Exceeded> {
        let best = solver.best_moves(&state, p).map_err(too_large)?;
        Ok(MoveAdvice {
            winning: best.winning,
            labels: best
                .moves
                .iter()
                .map(|mv| {
                    mv.iter()
                        .map(|m| solver.base.label_text(m))
                        .collect::<Vec<_>>()
                        .join(",")
                })
                .collect(),
        })
    };
    let left_moves = advice(crate::rules::Player::Left)?;
    let right_moves = advice(crate::rules::Player::Right)?;
    let realisations = state
        .iter()
        .map(|r| {
            solver
                .base
                .present_labels(r)
                .iter()
                .map(|m| solver.base.label_text(m))
                .collect()
        })
        .collect();
    Ok(Answer {
        realisations: Some(realisations),
        ..game_answer(&mut solver.arena, v, left_moves, right_moves)
    })
}
