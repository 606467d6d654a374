//! What is asked of the engine and what it answers: typed values that
//! cross the wasm boundary with serde and print as the CLI's JSON.

use super::options::Rules;
use crate::game::Outcome;
use crate::rules::Player;
use serde::{Deserialize, Serialize};

/// A question: a position (RULES.md notation), its rules, and for quantum
/// rules the moves played since it (the engine replays them, so a
/// superposed state is sent as the moves that made it).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Request {
    pub position: String,
    pub rules: Rules,
    /// Quantum only: the moves played, each as its labels (`"1+3"` or
    /// `"1,3"`); the players alternate, starting with `first`.
    pub moves: Vec<String>,
    /// Who made the first of `moves`.
    #[serde(with = "player_letter")]
    pub first: Player,
}

impl Request {
    pub fn new(position: impl Into<String>, rules: Rules) -> Request {
        Request {
            position: position.into(),
            rules,
            ..Request::default()
        }
    }
}

/// `Player` as `"L"` / `"R"` in JSON.
mod player_letter {
    use crate::rules::Player;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(p: &Player, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(p)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Player, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl Serialize for Outcome {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.letter())
    }
}

impl<'de> Deserialize<'de> for Outcome {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match String::deserialize(d)?.as_str() {
            "L" => Ok(Outcome::L),
            "R" => Ok(Outcome::R),
            "P" => Ok(Outcome::P),
            "N" => Ok(Outcome::N),
            other => Err(serde::de::Error::custom(format!(
                "'{other}' is not an outcome class"
            ))),
        }
    }
}

/// The engine's answer to a [`Request`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Answer {
    /// The value in plain notation (RULES.md §2); an interval `~[lo, hi]`
    /// when `approximate`; the outcome letter under misère.
    pub value: String,
    /// A prettier rendering for people (`±1`, `↑`, mixed numbers).
    pub pretty: String,
    /// Set when the value is too long to print within the budget's text
    /// limit; `value` and `pretty` are then empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elided: Option<Elided>,
    /// The outcome class, when it is known (see `outcome_unknown`).
    pub outcome: Option<Outcome>,
    /// The outcome (or, under sync, who is ahead) as a sentence.
    pub outcome_sentence: String,
    /// Why the outcome is not known, when it is not (a replay bracket that
    /// still contains 0).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome_unknown: Option<String>,
    /// Birthday of the canonical form, for short-game rulesets.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub birthday: Option<u64>,
    /// Left's best moves (winning ones if any), where known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_moves: Option<MoveAdvice>,
    /// Right's best moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right_moves: Option<MoveAdvice>,
    /// Synchronous rules: both optimal mixed strategies.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strategies: Option<Strategies>,
    /// True when `value` is an interval, not an exact value.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub approximate: bool,
    /// Quantum states: each realisation as the labels present in it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub realisations: Option<Vec<Vec<String>>>,
}

/// A value left out of an answer: its plain form has `chars` characters,
/// more than the `limit` the budget allows (a canonical form's printed
/// tree can be exponentially larger than the game's DAG).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Elided {
    pub chars: u64,
    pub limit: u64,
}

impl From<Elided> for crate::budget::Exceeded {
    fn from(e: Elided) -> Self {
        crate::budget::Exceeded::Text {
            chars: e.chars,
            limit: e.limit,
        }
    }
}

/// Best moves as user-facing labels.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveAdvice {
    /// Whether these moves win (the mover wins moving first).
    pub winning: bool,
    pub labels: Vec<String>,
}

impl MoveAdvice {
    /// A solver's best moves, each written by `label`.
    pub fn of<M>(best: &crate::solve::BestMoves<M>, label: impl Fn(&M) -> String) -> MoveAdvice {
        MoveAdvice {
            winning: best.winning,
            labels: best.moves.iter().map(label).collect(),
        }
    }
}

/// Both optimal mixed strategies of a synchronous position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Strategies {
    pub left: Vec<Weight>,
    pub right: Vec<Weight>,
}

/// One edge's probability in a mixed strategy.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Weight {
    /// The edge label (1-based).
    pub label: usize,
    /// Exact, e.g. `2/7`.
    pub probability: String,
    /// Rounded to a whole percent, for display.
    pub percent: u32,
}
