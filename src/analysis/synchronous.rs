//! Answers under synchronous rules: the exact value (or a proven bracket
//! under `replay`) and both optimal mixed strategies.

use super::error::{AnalysisError, InputError};
use super::options::SyncOptions;
use super::request::{Answer, MoveAdvice, Strategies, Weight};
use crate::budget::Budget;
use crate::game::Outcome;
use crate::position::Position;
use crate::sync::{self, SyncError, SyncValue};
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};

/// How many times a replay bracket around 0 is narrowed (by 2¹⁶ each).
const SIGN_REFINEMENTS: usize = 3;

pub(super) fn answer(
    position: &Position,
    options: &SyncOptions,
    budget: &Budget,
) -> Result<Answer, AnalysisError> {
    let run = |precision: BigRational| {
        sync::analyse(position, options.conflict, Some(precision), budget).map_err(|e| match e {
            SyncError::Invalid(message) => AnalysisError::Input(InputError::Sync(message)),
            SyncError::Budget(e) => AnalysisError::Budget(e),
        })
    };
    let mut r = run(options.precision.0.clone())?;
    // A bracket with 0 strictly inside leaves the sign open although the
    // value is usually far from 0: narrow it a few times (within the
    // budget) before saying the outcome is undecided.
    let mut precision = options.precision.0.clone();
    for _ in 0..SIGN_REFINEMENTS {
        match &r.value {
            SyncValue::Approx { lo, hi } if lo.is_negative() && hi.is_positive() => {
                precision /= BigRational::from_integer((1u32 << 16).into());
                r = run(precision.clone())?;
            }
            _ => break,
        }
    }
    let weights = |v: &[(usize, BigRational)]| -> Vec<Weight> {
        v.iter()
            .map(|(label, q)| Weight {
                label: *label,
                probability: sync::format_rational(q),
                // Display only: the exact probability is carried beside it.
                percent: (q.to_f64().unwrap_or(0.0) * 100.0).round() as u32,
            })
            .collect()
    };
    let (outcome, sentence, unknown) = ahead(&r.value);
    // The edges played with positive probability, as "best moves".
    let support = |ws: &[(usize, BigRational)], wins: bool| MoveAdvice {
        winning: wins,
        labels: ws
            .iter()
            .filter(|(_, q)| !q.is_zero())
            .map(|(l, _)| l.to_string())
            .collect(),
    };
    let value = r.value.to_string();
    Ok(Answer {
        pretty: value.clone(),
        value,
        outcome,
        outcome_sentence: sentence,
        outcome_unknown: unknown,
        left_moves: Some(support(&r.left_strategy, outcome == Some(Outcome::L))),
        right_moves: Some(support(&r.right_strategy, outcome == Some(Outcome::R))),
        strategies: Some(Strategies {
            left: weights(&r.left_strategy),
            right: weights(&r.right_strategy),
        }),
        approximate: matches!(r.value, SyncValue::Approx { .. }),
        ..Answer::default()
    })
}

/// Who is ahead: nobody starts in synchronous play, so the outcome is the
/// sign of the value (L positive, R negative, P zero). A replay bracket
/// that contains 0 leaves the sign open; the answer then says exactly what
/// is known.
fn ahead(value: &SyncValue) -> (Option<Outcome>, String, Option<String>) {
    let zero = BigRational::zero();
    let sign = |v: &BigRational| {
        if *v > zero {
            Outcome::L
        } else if *v < zero {
            Outcome::R
        } else {
            Outcome::P
        }
    };
    let known = |o: Outcome| {
        let sentence = match o {
            Outcome::L => "Left (blue) is ahead: the value is positive",
            Outcome::R => "Right (red) is ahead: the value is negative",
            _ => "Neither player is ahead: the value is 0",
        };
        (Some(o), sentence.to_string(), None)
    };
    match value {
        SyncValue::Exact(v) => known(sign(v)),
        SyncValue::Approx { lo, .. } if *lo > zero => known(Outcome::L),
        SyncValue::Approx { hi, .. } if *hi < zero => known(Outcome::R),
        SyncValue::Approx { lo, hi } => {
            let f = sync::format_rational;
            let why = if hi.is_zero() {
                format!(
                    "the value lies in [{}, 0]: Right is not behind, but whether the value is 0 (P) or negative (R) is not decided at this precision",
                    f(lo)
                )
            } else if lo.is_zero() {
                format!(
                    "the value lies in [0, {}]: Left is not behind, but whether the value is 0 (P) or positive (L) is not decided at this precision",
                    f(hi)
                )
            } else {
                format!(
                    "the value lies in [{}, {}], which contains 0: its sign is not decided at this precision",
                    f(lo),
                    f(hi)
                )
            };
            let sentence = format!("Who is ahead is not decided: {why}");
            (None, sentence, Some(why))
        }
    }
}
