//! Hackenbush Lab: exact combinatorial game theory for Hackenbush and its
//! quantum-inspired variants.
//!
//! Data flows one way: [`position`] (graphs and labels) → [`rules`] (who may
//! play what) → [`quantum`] / [`sync`] / plain play → [`solve`] (memoised
//! search) → [`game`] (canonical short-game values) → [`ui`] view models →
//! `web` drawing (wasm32 only). The [`analysis`] facade is what the CLI and
//! the browser worker call.

pub mod analysis;
pub mod budget;
// Worker threads, which wasm32 here does not have.
#[cfg(not(target_arch = "wasm32"))]
pub mod census;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod explore;
pub mod game;
pub mod parse_error;
pub mod position;
pub mod puzzle;
pub mod quantum;
pub mod rng;
pub mod rules;
pub mod shard;
pub mod solve;
pub mod sync;
pub mod ui;

pub use parse_error::ParseError;

#[cfg(target_arch = "wasm32")]
pub mod web;
