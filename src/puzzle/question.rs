//! The question kinds, written compactly for links and the CLI:
//! `win:L` (find a winning move for Left), `all:R` (find every winning
//! move for Right), `value`, `first:L` (who wins when Left moves first),
//! `beat:L` (win against the engine, playing Left, moving first).

use crate::rules::Player;
use std::fmt;
use std::str::FromStr;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Question {
    /// Find one winning move for the player (who moves now).
    WinningMove(Player),
    /// Find every winning move for the player.
    EveryWinningMove(Player),
    /// What is the value? (plain or pretty notation)
    Value,
    /// Which player wins when this player moves first?
    Winner(Player),
    /// Play the player's side from here, moving first, and win.
    Beat(Player),
}

impl Question {
    pub const KINDS: &'static str =
        "win:L, win:R, all:L, all:R, value, first:L, first:R, beat:L, beat:R";

    /// The question as a sentence.
    pub fn sentence(self) -> String {
        let n = super::name;
        match self {
            Question::WinningMove(p) => format!("Find a winning move for {}.", n(p)),
            Question::EveryWinningMove(p) => format!("Find every winning move for {}.", n(p)),
            Question::Value => "What is the value?".into(),
            Question::Winner(p) => format!("Who wins if {} moves first?", n(p)),
            Question::Beat(p) => format!("Play {} and win against the engine.", n(p)),
        }
    }

    /// The player whose moves answer the question, if it is a move question.
    pub fn mover(self) -> Option<Player> {
        match self {
            Question::WinningMove(p) | Question::EveryWinningMove(p) | Question::Beat(p) => Some(p),
            Question::Value | Question::Winner(_) => None,
        }
    }
}

impl Default for Question {
    /// The commonest puzzle: a winning move for Left.
    fn default() -> Self {
        Question::WinningMove(Player::Left)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown question '{0}' (expected {kinds})", kinds = Question::KINDS)]
pub struct QuestionParseError(pub String);

impl FromStr for Question {
    type Err = QuestionParseError;

    fn from_str(text: &str) -> Result<Question, QuestionParseError> {
        let bad = || QuestionParseError(text.chars().take(40).collect());
        if text == "value" {
            return Ok(Question::Value);
        }
        let (kind, who) = text.split_once(':').ok_or_else(bad)?;
        let p = match who {
            "L" => Player::Left,
            "R" => Player::Right,
            _ => return Err(bad()),
        };
        Ok(match kind {
            "win" => Question::WinningMove(p),
            "all" => Question::EveryWinningMove(p),
            "first" => Question::Winner(p),
            "beat" => Question::Beat(p),
            _ => return Err(bad()),
        })
    }
}

impl fmt::Display for Question {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Question::WinningMove(p) => write!(f, "win:{p}"),
            Question::EveryWinningMove(p) => write!(f, "all:{p}"),
            Question::Value => f.write_str("value"),
            Question::Winner(p) => write!(f, "first:{p}"),
            Question::Beat(p) => write!(f, "beat:{p}"),
        }
    }
}
