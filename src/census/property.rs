//! The properties a census checks: the conjectures of the 2024 quantum
//! thesis (8.1, 8.3–8.6) and of the 2022 synchronous thesis (a green
//! edge), and generic ones typed on the command line.

use super::Class;
use crate::analysis::{OptionError, Rules};
use std::fmt;
use std::str::FromStr;

/// A property of one position (or, for 8.5, of a stalk and the stalks one
/// edge longer).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Property {
    /// 2024 thesis Conjecture 8.1: Blue Meadow states are numbers under
    /// every flavour.
    BlueMeadowNumbers,
    /// Conjecture 8.3: short hollyhocks are numbers under every flavour.
    HollyhocksNumbers,
    /// Conjecture 8.4: no classical state is an N-position, any flavour.
    NoNPositions,
    /// Conjecture 8.5: under flavour C, a stalk's value is an immediate
    /// follower (an option of the canonical form) of the value of some
    /// stalk one edge longer.
    StalkFollowers,
    /// Conjecture 8.6: flavours B, C′ and D give the same value at
    /// unbounded width.
    SameBCD,
    /// 2022 thesis §6.4: a red-blue position G and G plus one green edge
    /// G′ (synchronous): V(G′) = V(G) − 1 if V(G) > 1, V(G) + 1 if
    /// V(G) < −1; 0 ≤ V(G′) ≤ 1 if 0 < V(G) ≤ 1, −1 ≤ V(G′) ≤ 0 if
    /// −1 ≤ V(G) < 0; V(G′) = 0 if V(G) = 0.
    GreenEdge,
    /// The value is a number under every ruleset given.
    Number,
    /// The outcome is not N under any ruleset given.
    NotN,
    /// The two rulesets give the same value.
    Equal(Rules, Rules),
}

impl Property {
    /// The named ones, for `--help` and error messages.
    pub const NAMES: &'static str = "8.1, 8.3, 8.4, 8.5, 8.6, green, number, not-N or 'X = Y' \
(e.g. 'quantum:B:unbounded = quantum:D:unbounded')";

    /// The class the property is about, when none is given.
    pub fn default_class(&self) -> Class {
        match self {
            Property::BlueMeadowNumbers => Class::Meadow,
            Property::HollyhocksNumbers => Class::Hollyhocks,
            Property::StalkFollowers | Property::GreenEdge => Class::Stalks,
            _ => Class::Trees,
        }
    }

    /// What it says, in words.
    pub fn statement(&self) -> String {
        match self {
            Property::BlueMeadowNumbers => {
                "Conjecture 8.1: Blue Meadow states are numbers under every flavour".into()
            }
            Property::HollyhocksNumbers => {
                "Conjecture 8.3: short hollyhocks are numbers under every flavour".into()
            }
            Property::NoNPositions => {
                "Conjecture 8.4: no classical state is an N-position, any flavour".into()
            }
            Property::StalkFollowers => "Conjecture 8.5: under C, each stalk's value is an \
immediate follower of the value of a stalk one edge longer"
                .into(),
            Property::SameBCD => {
                "Conjecture 8.6: B, C' and D give the same value at unbounded width".into()
            }
            Property::GreenEdge => "green-edge conjecture (2022): one more green edge moves a \
synchronous value past ±1 by one towards 0, keeps one in [-1, 1] on its side, keeps 0"
                .into(),
            Property::Number => "the value is a number".into(),
            Property::NotN => "the outcome is not N".into(),
            Property::Equal(a, b) => format!("{a} and {b} give the same value"),
        }
    }
}

/// A property that is not one of [`Property::NAMES`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PropertyParseError {
    #[error("unknown property '{0}' (expected {names})", names = Property::NAMES)]
    Unknown(String),
    #[error("property '{text}': {error}")]
    Rules { text: String, error: OptionError },
}

impl FromStr for Property {
    type Err = PropertyParseError;

    fn from_str(text: &str) -> Result<Property, PropertyParseError> {
        let t = text.trim();
        Ok(match t {
            "8.1" => Property::BlueMeadowNumbers,
            "8.3" => Property::HollyhocksNumbers,
            "8.4" => Property::NoNPositions,
            "8.5" => Property::StalkFollowers,
            "8.6" => Property::SameBCD,
            "green" => Property::GreenEdge,
            "number" => Property::Number,
            "not-N" => Property::NotN,
            _ => {
                let Some((a, b)) = t.split_once('=') else {
                    return Err(PropertyParseError::Unknown(text.to_string()));
                };
                let rules = |s: &str| {
                    s.trim()
                        .parse::<Rules>()
                        .map_err(|error| PropertyParseError::Rules {
                            text: text.to_string(),
                            error,
                        })
                };
                Property::Equal(rules(a)?, rules(b)?)
            }
        })
    }
}

impl fmt::Display for Property {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Property::BlueMeadowNumbers => f.write_str("8.1"),
            Property::HollyhocksNumbers => f.write_str("8.3"),
            Property::NoNPositions => f.write_str("8.4"),
            Property::StalkFollowers => f.write_str("8.5"),
            Property::SameBCD => f.write_str("8.6"),
            Property::GreenEdge => f.write_str("green"),
            Property::Number => f.write_str("number"),
            Property::NotN => f.write_str("not-N"),
            Property::Equal(a, b) => write!(f, "{a} = {b}"),
        }
    }
}
