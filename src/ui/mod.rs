//! Editor and game state machines for the playground, in plain Rust so they
//! are tested natively; `web` only draws them and forwards events.
//!
//! - [`drawing`]: the editor's document (vertices with coordinates, edges)
//!   and its conversions to positions, JSON and the text notation.
//! - [`geometry`]: the shape of each drawn edge, shared by drawing and
//!   hit-testing.
//! - [`editor`]: undoable edits, selection, tools and the pointer state
//!   machine (drag to draw, snapping, moving vertices).
//! - [`history`]: snapshot undo/redo.
//! - [`play`]: playing a position under a ruleset, with takeback; every
//!   move is checked and applied by [`referee`] (the engine's rulesets).
//! - [`opponent`]: the engine as a player: who plays each side, and the
//!   engine's move chosen from its answer for the board.
//! - [`quantum_views`]: realisation thumbnails and the entanglement graph;
//!   [`move_preview`]: what a superposed move would do to the realisations.
//! - [`gallery`]: the preset menu, laid out.
//! - [`viewport`], [`scene`] and [`svg`]: layout units to pixels, what to
//!   draw (shared by the canvas and the SVG export), and the SVG export;
//!   [`handout`]: the whole deck as a printable HTML document.
//! - [`share`] and [`base64url`]: the state in a link.
//! - [`puzzle_link`] and [`puzzle_board`]: puzzles in links, and the board
//!   as the teaching panel reads it (explorer thumbnails, games against
//!   the engine); [`board_matrix`]: the synchronous payoff matrix of the
//!   board's state, and a cell played as a turn.
//! - [`answer_view`]: the words around a value (rule card, what it is the
//!   value of, outcome, captions), from typed rules and answers.
//! - [`tikz`]: a drawing as a TikZ picture (the SVG export's shapes), for
//!   papers and handouts; [`thermograph`]: a value's thermograph as a
//!   small plot (exact data, view-box geometry).

pub mod answer_view;
pub mod base64url;
pub mod board_matrix;
pub mod drawing;
pub mod editor;
pub mod gallery;
pub mod geometry;
pub mod handout;
pub mod history;
pub mod jobs;
pub mod move_preview;
pub mod opponent;
pub mod page;
pub mod play;
pub mod puzzle_board;
pub mod puzzle_link;
pub mod qr;
pub mod quantum_views;
pub mod referee;
pub mod scene;
pub mod session;
pub mod share;
pub mod svg;
pub mod thermograph;
pub mod tikz;
pub mod viewport;

pub use drawing::Drawing;
pub use editor::{Anchor, Edit, Editor, Hit, Selection, Tool};
pub use play::{Game, Setup, Side, SidedMove};
pub use share::{Shared, Slide, View};
