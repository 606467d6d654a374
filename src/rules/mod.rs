//! Rulesets behind one interface: a state, each player's legal moves (labels),
//! and the state a move leads to. The solver, the quantum layer, the
//! synchronous layer and the UI all speak this interface.

pub mod childish;
pub mod hackenbush;
pub mod misere;
pub mod nim;
pub mod uncolored;

pub use childish::Childish;
pub use hackenbush::Hackenbush;
pub use misere::Misere;
pub use nim::{Nim, NimLabels};
pub use uncolored::Uncolored;

use std::fmt::Debug;
use std::hash::Hash;

/// The two players. Left plays blue, Right plays red; both may cut green.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    Left,
    Right,
}

impl Player {
    pub fn opponent(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }

    pub const BOTH: [Player; 2] = [Player::Left, Player::Right];
}

impl Default for Player {
    /// Left moves first unless told otherwise (RULES.md §4 `--first`).
    fn default() -> Self {
        Player::Left
    }
}

/// A player letter that is neither `L` nor `R`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown player '{0}' (expected L or R)")]
pub struct PlayerParseError(pub String);

/// A player crosses serde boundaries (the worker, links) as its letter.
impl serde::Serialize for Player {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Player {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl std::str::FromStr for Player {
    type Err = PlayerParseError;

    fn from_str(text: &str) -> Result<Player, PlayerParseError> {
        match text {
            "L" | "l" | "Left" | "left" => Ok(Player::Left),
            "R" | "r" | "Right" | "right" => Ok(Player::Right),
            other => Err(PlayerParseError(other.to_string())),
        }
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Player::Left => "L",
            Player::Right => "R",
        })
    }
}

/// A labelled ruleset: moves are identified by labels, so that the quantum
/// construction can superpose them across realisations.
pub trait Ruleset {
    /// A position of the game (for Hackenbush: the set of remaining edges).
    type State: Clone + Eq + Hash + Debug;
    /// The identity of a move ("cut edge 3", "take 2 from heap 1").
    type Move: Clone + Eq + Hash + Ord + Debug;
    /// Whether the player unable to move wins (misère) rather than loses.
    const MISERE: bool = false;

    /// The moves `player` may make in `state`, in a stable order.
    fn moves(&self, state: &Self::State, player: Player) -> Vec<Self::Move>;

    /// The state after `mv` (which must be one of `moves(state, _)`).
    fn play(&self, state: &Self::State, mv: &Self::Move) -> Self::State;

    /// Split a state into independent summands, if the ruleset is a
    /// disjunctive sum of them under normal play. `None` means "do not split".
    fn components(&self, _state: &Self::State) -> Option<Vec<Self::State>> {
        None
    }

    /// The normal-play value of `state` when a theorem gives it as an
    /// integer without search (the ruleset's documentation proves it),
    /// else `None`. Never asked under misère.
    fn integer_value(&self, _state: &Self::State) -> Option<i64> {
        None
    }
}
