//! Why an analysis gave no answer: the input was wrong (the CLI's exit 2),
//! or the work outgrew its budget (exit 3).

use super::options::OptionError;
use crate::budget::Exceeded;
use crate::rules::Player;

/// Bad input: a position, an option or a move the engine cannot take.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    #[error("position: {0}")]
    Position(#[from] crate::ParseError),
    #[error("position: {0}")]
    TooManyEdges(#[from] crate::position::TooManyEdges),
    #[error(transparent)]
    Option(#[from] OptionError),
    #[error("move {index} ({player}: {text}) is illegal: {reason}")]
    IllegalMove {
        /// 1-based.
        index: usize,
        player: PlayerName,
        text: String,
        reason: String,
    },
    #[error("moves can be replayed only under quantum rules; send the position left")]
    MovesNeedQuantum,
    #[error("--labels needs a nim: position (e.g. nim:3,2)")]
    LabelsNeedNim,
    #[error("{0}")]
    Sync(String),
    /// The explorer walks short games; these rules have no such value.
    #[error("{0} rules have no canonical value to explore (use normal, childish, uncolored or quantum; sync has `hackenbush matrix`)")]
    NotShortGame(&'static str),
}

/// A player's name in messages ("Left", "Right").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerName(pub Player);

impl std::fmt::Display for PlayerName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self.0 {
            Player::Left => "Left",
            Player::Right => "Right",
        })
    }
}

/// An analysis that gave no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    #[error(transparent)]
    Input(#[from] InputError),
    #[error(transparent)]
    Budget(#[from] Exceeded),
}

impl From<OptionError> for AnalysisError {
    fn from(e: OptionError) -> Self {
        AnalysisError::Input(InputError::Option(e))
    }
}
