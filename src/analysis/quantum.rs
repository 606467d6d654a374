//! Answers under quantum rules: replay the moves from the start through a
//! [`QuantumGame`] (every move checked against the flavour), then value the
//! superposed state reached.

use super::classical::game_answer;
use super::error::{AnalysisError, InputError, PlayerName};
use super::options::QuantumOptions;
use super::request::{Answer, MoveAdvice, Request};
use crate::budget::{Budget, Exceeded};
use crate::quantum::{MoveError, QuantumBase, QuantumGame, QuantumSolver};
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
    let numbers_first = crate::quantum::numbers_likely(&game.base.position);
    after_moves(game, start, numbers_first, req, budget)
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
    let game = QuantumGame::with_budget(base, heaps.clone(), options.setting, budget);
    after_moves(game, heaps, false, req, budget)
}

/// A move as typed: labels joined by `+` (the CLI) or `,` (the page).
fn move_labels(text: &str) -> String {
    text.replace('+', ",")
}

/// Replay `req.moves` and report on the state reached (value, outcome,
/// birthday, best moves, realisations). The solver's reductions use the
/// start's symmetries, which stay sound for any state reached from it.
/// With `numbers_first`, the state and its options are valued by
/// comparison with numbers where they are numbers
/// ([`QuantumSolver::try_numbers_first`]).
fn after_moves<B: QuantumBase + Clone>(
    mut game: QuantumGame<B>,
    start: B::State,
    numbers_first: bool,
    req: &Request,
    budget: &Budget,
) -> Result<Answer, AnalysisError> {
    let mut p = req.first;
    for (k, m) in req.moves.iter().enumerate() {
        game.try_play_text(p, &move_labels(m))
            .map_err(|e| match e {
                MoveError::Illegal(reason) => AnalysisError::Input(InputError::IllegalMove {
                    index: k + 1,
                    player: PlayerName(p),
                    text: m.clone(),
                    reason,
                }),
                MoveError::Exceeded(e) => AnalysisError::Budget(e),
            })?;
        p = p.opponent();
    }
    let state = game.state().clone();
    // The record's realisations are dropped before the search charges its
    // own tables.
    let (base, setting) = (game.base.clone(), game.setting);
    drop(game);
    let mut solver = QuantumSolver::with_budget(base, &start, setting, budget);
    solver.try_numbers_first(numbers_first);
    let v = solver.value(&state)?;
    let mut advice = |p| -> Result<MoveAdvice, Exceeded> {
        let best = solver.best_moves(&state, p)?;
        let base = &solver.base;
        Ok(MoveAdvice::of(&best, |mv| {
            mv.iter()
                .map(|m| base.label_text(m))
                .collect::<Vec<_>>()
                .join(",")
        }))
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
        ..game_answer(
            &mut solver.arena,
            v,
            left_moves,
            right_moves,
            budget.text_limit(),
        )
    })
}
