//! Puzzles: a position, its rules and a question, solved by the engine.
//! A puzzle carries no answer (links and pages recompute it), so it cannot
//! be read off a link; [`solve()`] refuses a puzzle without a solution and
//! [`check`] judges an answer with an explanation from the engine.
//!
//! - [`question`]: the question kinds and their compact text (`win:L`).
//! - [`solve`](mod@solve): the engine's answer and the checking of a student's one.
//! - [`generate`](mod@generate): seeded random puzzles for problem sets.
//! - [`beat`]: a `beat:` puzzle played as a whole game against the engine.
//! - [`replay`]: a classical puzzle posed after moves, as the analysis
//!   takes it (the edges left standing, answers in the start's labels).

pub mod beat;
pub mod generate;
pub mod question;
pub mod replay;
pub mod solve;

pub use beat::{hint, judge, Beat, BeatStatus};
pub use generate::{generate, GenerateOptions, GeneratedPuzzle};
pub use question::{Question, QuestionParseError};
pub use solve::{check, solve, Solution, Verdict};

use crate::analysis::{InputError, Rules};
use crate::budget::Exceeded;
use crate::rules::Player;
use serde::{Deserialize, Serialize};

/// Longest title or hint a puzzle may carry (as in share links).
pub const MAX_TEXT: usize = 200;

/// A question about a position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Puzzle {
    /// RULES.md notation.
    pub position: String,
    /// Compact rules text (`normal`, `quantum:D:2`).
    #[serde(with = "rules_text")]
    pub rules: Rules,
    /// Moves played before the question (a superposed state, or a
    /// classical game mid-way), in the position's labels.
    pub moves: Vec<String>,
    /// Who made the first of `moves`.
    #[serde(with = "player_text")]
    pub first: Player,
    #[serde(with = "question_text")]
    pub question: Question,
    pub title: String,
    pub hint: String,
}

/// Why a puzzle cannot be posed or answered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    #[error(transparent)]
    Input(#[from] InputError),
    #[error(transparent)]
    Budget(#[from] Exceeded),
    /// The engine found no answer to the question (no winning move).
    #[error("this puzzle has no solution: {0}")]
    NoSolution(String),
    #[error("puzzles need normal, childish, uncolored or quantum rules, not {0}")]
    Unsupported(String),
    /// The moves before the question do not replay on the position.
    #[error("the puzzle's moves do not replay: {0}")]
    Moves(String),
    #[error("the {0} is longer than {MAX_TEXT} characters")]
    TooLong(&'static str),
}

impl From<crate::analysis::AnalysisError> for PuzzleError {
    fn from(e: crate::analysis::AnalysisError) -> Self {
        match e {
            crate::analysis::AnalysisError::Input(e) => PuzzleError::Input(e),
            crate::analysis::AnalysisError::Budget(e) => PuzzleError::Budget(e),
        }
    }
}

/// The player's name in sentences.
pub(crate) fn name(p: Player) -> &'static str {
    crate::explore::player_name(p)
}

/// A student's answer `m` that `p` cannot play, in words: why not, without
/// the replay's bookkeeping ("move 1 (Left: 5) is illegal: …", which
/// repeats the move and numbers a move the student made alone).
pub(crate) fn not_a_move(m: &str, p: Player, e: &InputError) -> String {
    let why = match e {
        InputError::IllegalMove { reason, .. } => reason.clone(),
        other => other.to_string(),
    };
    format!("{m} is not a move {} can make here: {why}", name(p))
}

mod rules_text {
    use crate::analysis::Rules;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(r: &Rules, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(r)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Rules, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

mod player_text {
    use crate::rules::Player;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(p: &Player, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(p)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Player, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

mod question_text {
    use super::Question;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(q: &Question, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(q)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Question, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}
