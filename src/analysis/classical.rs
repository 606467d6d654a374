//! Answers under the classical rulesets: a memoised search for the
//! canonical value and best moves (normal, childish, uncolored) or the
//! misère outcome class.

use super::error::AnalysisError;
use super::quantum::Stage;
use super::request::{Answer, Elided, MoveAdvice};
use crate::budget::{Budget, Exceeded};
use crate::game::{Arena, GameId};
use crate::rules::uncolored::UncoloredMove;
use crate::rules::{Childish, Hackenbush, Misere, Player, Ruleset, Uncolored};
use crate::solve::{BlockSolver, Solver};

/// A cut's label: the 1-based edge number.
fn cut_label(e: &usize) -> String {
    (e + 1).to_string()
}

/// Normal play by block decomposition (`solve::blocks`): the value and
/// both players' best moves share one solver's memo.
pub(super) fn normal(rules: Hackenbush, budget: &Budget) -> Result<Answer, AnalysisError> {
    normal_then(rules, budget, |_| {})
}

/// [`normal`], telling `on_value` the value (plain notation, empty when
/// past the text limit) as soon as it is known: the best moves need every
/// option of the losing side valued, which can take much longer than the
/// value itself (a ladder with green rungs).
pub(super) fn normal_then(
    rules: Hackenbush,
    budget: &Budget,
    on_value: impl FnOnce(Stage),
) -> Result<Answer, AnalysisError> {
    let p = &rules.position;
    let start = rules.start();
    let mut solver = BlockSolver::with_budget(budget);
    let v = solver.value_of(p, start)?;
    on_value(value_stage(&mut solver.arena, v, budget.text_limit()));
    let mut advice = |player| -> Result<MoveAdvice, Exceeded> {
        Ok(MoveAdvice::of(
            &solver.best_moves(p, start, player)?,
            cut_label,
        ))
    };
    let left_moves = advice(Player::Left)?;
    let right_moves = advice(Player::Right)?;
    Ok(game_answer(
        &mut solver.arena,
        v,
        left_moves,
        right_moves,
        budget.text_limit(),
    ))
}

pub(super) fn childish(rules: Childish, budget: &Budget) -> Result<Answer, AnalysisError> {
    let start = rules.start();
    Ok(short_game(
        Solver::with_budget(rules, budget),
        &start,
        cut_label,
        budget.text_limit(),
    )?)
}

pub(super) fn uncolored(rules: Uncolored, budget: &Budget) -> Result<Answer, AnalysisError> {
    let start = rules.start();
    let label = |m: &UncoloredMove| match m {
        UncoloredMove::Colour(e, c) => format!("{}{}", e + 1, c.letter()),
        UncoloredMove::Cut(e) => cut_label(e),
    };
    Ok(short_game(
        Solver::with_budget(rules, budget),
        &start,
        label,
        budget.text_limit(),
    )?)
}

/// Misère play has no canonical value here: the outcome class by search.
pub(super) fn misere(rules: Misere<Hackenbush>, budget: &Budget) -> Result<Answer, AnalysisError> {
    let start = rules.0.start();
    let outcome = Solver::with_budget(rules, budget).outcome(&start)?;
    Ok(Answer {
        value: outcome.letter().to_string(),
        pretty: format!("misère outcome {}", outcome.letter()),
        outcome: Some(outcome),
        outcome_sentence: format!("{} (misère play)", outcome.sentence()),
        ..Answer::default()
    })
}

/// Value, outcome, birthday and best moves of a normal-play short game.
pub fn short_game<R: Ruleset>(
    mut solver: Solver<R>,
    start: &R::State,
    label: impl Fn(&R::Move) -> String,
    text_limit: u64,
) -> Result<Answer, Exceeded> {
    let v = solver.value(start)?;
    let mut advice = |p: Player| -> Result<MoveAdvice, Exceeded> {
        Ok(MoveAdvice::of(&solver.best_moves(start, p)?, &label))
    };
    let left_moves = advice(Player::Left)?;
    let right_moves = advice(Player::Right)?;
    Ok(game_answer(
        &mut solver.arena,
        v,
        left_moves,
        right_moves,
        text_limit,
    ))
}

/// The value stage of `v` ([`Stage::Value`]): its plain and pretty
/// forms, as the answer will give them (both empty where the answer
/// leaves the value out as too long).
pub(super) fn value_stage(arena: &mut Arena, v: GameId, text_limit: u64) -> Stage {
    let (value, pretty) = match plain_within(arena, v, text_limit) {
        Ok(plain) => (plain, arena.pretty(v)),
        Err(_) => (String::new(), String::new()),
    };
    Stage::Value { value, pretty }
}

/// The value, outcome and birthday of canonical game `v`, with advice.
/// A value whose plain form is longer than `text_limit` is left out (see
/// [`Elided`]): the rest of the answer stays useful.
/// `v` in plain notation, or what was left out if it is longer than
/// `text_limit` characters.
fn plain_within(arena: &mut Arena, v: GameId, text_limit: u64) -> Result<String, Elided> {
    let chars = arena.plain_len(v);
    if chars > text_limit {
        Err(Elided {
            chars,
            limit: text_limit,
        })
    } else {
        Ok(arena.plain(v))
    }
}

pub(super) fn game_answer(
    arena: &mut Arena,
    v: GameId,
    left_moves: MoveAdvice,
    right_moves: MoveAdvice,
    text_limit: u64,
) -> Answer {
    let outcome = arena.outcome(v);
    let (value, pretty, elided) = match plain_within(arena, v, text_limit) {
        Ok(plain) => (plain, arena.pretty(v), None),
        Err(elided) => (String::new(), String::new(), Some(elided)),
    };
    Answer {
        value,
        pretty,
        elided,
        outcome: Some(outcome),
        outcome_sentence: outcome.sentence().to_string(),
        birthday: Some(arena.birthday(v)),
        left_moves: Some(left_moves),
        right_moves: Some(right_moves),
        ..Answer::default()
    }
}
