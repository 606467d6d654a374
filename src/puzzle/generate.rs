//! Seeded random puzzles for problem sets: random connected positions of a
//! chosen size, kept when the engine solves them (and, with `unique`, when
//! the question has exactly one accepted answer).

use super::solve::{solve, Solution};
use super::{Puzzle, PuzzleError, Question};
use crate::analysis::Rules;
use crate::budget::Budget;
use crate::position::{presets, Colour};
use crate::rng::SplitMix64;
use crate::rules::Player;
use std::collections::HashSet;

/// How many positions are tried per puzzle asked for before giving up.
const TRIES_PER_PUZZLE: usize = 200;

#[derive(Clone, Debug)]
pub struct GenerateOptions {
    pub rules: Rules,
    pub question: Question,
    /// Inclusive range of edge counts.
    pub edges: (usize, usize),
    pub count: usize,
    pub seed: u64,
    /// Keep only puzzles whose question has exactly one accepted answer.
    pub unique: bool,
}

/// A generated puzzle with the engine's answer.
#[derive(Clone, Debug)]
pub struct GeneratedPuzzle {
    pub puzzle: Puzzle,
    pub solution: Solution,
}

/// The colours a random position uses under `rules`: uncoloured edges
/// only where they mean something.
fn palette(rules: &Rules) -> &'static [Colour] {
    match rules {
        Rules::Uncolored => &[Colour::Blue, Colour::Red, Colour::Uncoloured],
        _ => &[Colour::Blue, Colour::Red, Colour::Green],
    }
}

/// Up to `o.count` distinct puzzles (fewer if the tries run out).
pub fn generate(o: &GenerateOptions, budget: &Budget) -> Result<Vec<GeneratedPuzzle>, PuzzleError> {
    let mut rng = SplitMix64::new(o.seed);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let (lo, hi) = (o.edges.0.min(o.edges.1), o.edges.0.max(o.edges.1));
    for _ in 0..o.count.saturating_mul(TRIES_PER_PUZZLE) {
        if out.len() >= o.count {
            break;
        }
        budget.check_time()?;
        // A sign of life for progress reports: candidates tried.
        budget.count_item();
        let edges = lo + rng.below(hi - lo + 1);
        let position = presets::random(rng.next_u64(), edges, palette(&o.rules)).to_string();
        if !seen.insert(position.clone()) {
            continue;
        }
        let puzzle = Puzzle {
            position,
            rules: o.rules.clone(),
            moves: vec![],
            first: Player::Left,
            question: o.question,
            title: String::new(),
            hint: String::new(),
        };
        let solution = match solve(&puzzle, budget) {
            Ok(s) => s,
            Err(PuzzleError::NoSolution(_)) => continue,
            Err(e) => return Err(e),
        };
        let one = solution.answer.len() == 1;
        // A "unique" value or winner question is unique by nature; a move
        // question must have a single winning move.
        if o.unique && o.question.mover().is_some() && !one {
            continue;
        }
        out.push(GeneratedPuzzle { puzzle, solution });
    }
    Ok(out)
}
