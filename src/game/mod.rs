//! Short-game values: a hash-consed arena of canonical games.
//!
//! Every game lives in an [`Arena`] in canonical form and is named by a
//! [`GameId`]; equal games have equal ids. Numbers (dyadic rationals of any
//! size) and number-plus-nimber games are stored symbolically and have
//! direct arithmetic; everything else goes through options.

mod arena;
mod canonical;
mod compare;
mod dyadic;
mod latex;
mod ops;
mod parse;
mod parse_pretty;
mod print;
pub mod temperature;

pub use arena::{Arena, GameId};
pub use compare::{Outcome, Relation};
pub use dyadic::Dyadic;
pub use latex::rational as latex_rational;
pub use parse::{ParseError, MAX_DEPTH, MAX_EXPONENT, MAX_NIMBER, MAX_NUMBER_CHARS, MAX_OPTIONS};
