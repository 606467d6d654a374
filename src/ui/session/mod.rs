//! The whole playground behind the page: the editor, the game, the mode
//! (edit or play), view toggles, the viewport, the engine's advice and the
//! presenter deck. The web layer forwards events here and draws
//! [`Session::scene`]; everything decided lives here, tested natively.
//!
//! The session never computes values: it says what to ask the engine
//! ([`Session::analysis_request`]) and shows what comes back
//! ([`Session::set_report`]).
//!
//! The parts: [`input`] (pointer and keys), [`editing`] (toolbar and text
//! box), [`play`] (moves, rules, what a cut drops), [`advice`] (answers tied
//! to their requests, the engine as opponent), [`deck`] (presenter mode,
//! links, slides) and [`view`] (scene, quantum views, status, export).

mod advice;
mod deck;
mod editing;
mod input;
mod page;
mod play;
mod puzzle;
mod teach;
mod view;

use serde::Serialize;

use advice::Answers;
use deck::Deck;
use play::Fall;

use crate::analysis::{Answer, Request, Rules};
use crate::position::{Colour, Point};
use crate::rules::Player;

use super::editor::{Editor, Selection, Tool};
use super::gallery;
use super::opponent::{self, Controller, EngineDecision, Opponents};
use super::play::{player_name, AnalysisRequest, Game, Setup, Side};
use super::quantum_views::QuantumViews;
use super::scene::{self, Advice, Scene, SceneOptions};
use super::share::{self, Shared, Slide, View};
use super::svg;
use super::viewport::Viewport;
use super::Drawing;

/// Why an answer or failure is refused: the board changed since it was asked.
pub const STALE: &str = "this answer is for an earlier state of the board; it is not shown";

/// How long a cut edge takes to fall, in milliseconds.
pub const FALL_MS: f64 = 600.0;

/// Editing the position, or playing it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub enum Mode {
    #[default]
    Edit,
    Play,
}

/// What the page shows besides the canvas (all plain text).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Status {
    pub mode: Mode,
    pub text: String,
    pub revision: u64,
    pub can_undo: bool,
    pub can_redo: bool,
    /// Whose turn, or how the game ended.
    pub turn: String,
    pub game_over: bool,
    /// Moves for the history strip, and how many are played.
    pub history: Vec<String>,
    pub cursor: usize,
    /// Labels picked for a move of several edges.
    pub picked: Vec<usize>,
    /// Quantum play: whether a click picks edges (else it cuts one).
    pub quantum: bool,
    pub superpose: bool,
    /// The commit button's text ("" when there is nothing to commit).
    pub commit: String,
    pub ungrounded: usize,
    pub slide: usize,
    pub slides: usize,
    /// The engine as opponent: who it plays, and a sentence on how well
    /// (or that it cannot move); "" when people play both sides.
    pub left_engine: bool,
    pub right_engine: bool,
    pub engine: String,
    /// The engine cannot move (no value for this board): shown as a warning.
    pub engine_blocked: bool,
    /// Play: what would fall with the hovered or focused edge ("" if none).
    pub preview: String,
    /// Presenter mode: large type, no editing chrome, arrows step slides.
    pub presenting: bool,
    /// The current slide's title, or its position text.
    pub caption: String,
    pub colour: char,
    pub tool: &'static str,
    /// Quantum play: whether the flavour ever lets an edge be cut alone
    /// (flavour A never does, so "Cut one" is not offered).
    pub single_cut: bool,
}

pub struct Session {
    pub editor: Editor,
    game: Game,
    /// The editor revision `game` was built from.
    game_revision: u64,
    setup: Setup,
    pub mode: Mode,
    pub view: View,
    pub viewport: Viewport,
    /// The engine's answers, each with the request it answers.
    answers: Answers,
    /// Play-mode keyboard focus (a label).
    focus: Option<usize>,
    /// Play-mode edge under the pointer or under a hovered graph vertex.
    hover: Option<usize>,
    /// Quantum play: the realisation (0-based) whose thumbnail is hovered;
    /// the board fades the edges it lacks.
    hover_realisation: Option<usize>,
    /// Quantum play: a click picks edges for a superposed move (true) or
    /// cuts one edge unsuperposed (false).
    pub superpose: bool,
    /// The edges falling after the last cut (the animation).
    fall: Fall,
    /// The presenter deck.
    deck: Deck,
    opponents: Opponents,
    /// What the page should say about the link just opened (a replay that
    /// stopped early), if anything.
    link_note: Option<String>,
    /// A quantum slide's moves as its link carried them, kept while the
    /// game holds fewer (being replayed by the worker, or too large to
    /// replay here): the link and the address bar keep them.
    link_moves: Option<deck::LinkMoves>,
    presenting: bool,
    /// The page's own state: notices, running jobs, dialogs, options.
    page: page::PageState,
    /// The explorer, the payoff matrix and the puzzle maker.
    teach: teach::Teach,
    /// The puzzle set being solved, if a puzzle link was opened.
    puzzle: Option<puzzle::PuzzleRun>,
    /// The quantum views last built, with what they were built from: the
    /// page's view is rebuilt on every action (a hover too), and drawing
    /// the realisations' thumbnails was most of it on a large state.
    kept_quantum_views: std::cell::RefCell<Option<(view::QuantumViewsKey, Option<QuantumViews>)>>,
}

impl Session {
    pub fn new(width: f64, height: f64) -> Session {
        let drawing = gallery::load(0).unwrap_or_default();
        let setup = Setup::default();
        let mut viewport = Viewport::new(width, height);
        viewport.fit(&drawing);
        let editor = Editor::new(drawing);
        let game = new_game(&editor, &setup);
        let mut session = Session {
            game_revision: editor.revision(),
            editor,
            game,
            setup,
            mode: Mode::Edit,
            view: View::default(),
            viewport,
            answers: Answers::default(),
            focus: None,
            hover: None,
            hover_realisation: None,
            superpose: true,
            fall: Fall::default(),
            deck: Deck::default(),
            opponents: Opponents::default(),
            link_note: None,
            link_moves: None,
            presenting: false,
            page: page::PageState::new(),
            teach: teach::Teach::default(),
            puzzle: None,
            kept_quantum_views: Default::default(),
        };
        // The address bar is rewritten only when the state changes from
        // what the page opened with (a link being opened is not clobbered
        // by the page's own start-up actions).
        session.page.fragment = Some(session.link());
        session
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Rebuild the game if the drawing changed (editing restarts play).
    fn sync_game(&mut self) {
        if self.editor.revision() != self.game_revision {
            self.game = new_game(&self.editor, &self.setup);
            self.game_revision = self.editor.revision();
            self.link_moves = None;
            self.clear_advice();
            self.focus = None;
            self.hover = None;
            self.hover_realisation = None;
        }
    }

    fn radius(&self) -> f64 {
        self.viewport.hit_radius()
    }

    fn world(&self, x: f64, y: f64) -> Point {
        self.viewport.to_world(Point { x, y })
    }
}

/// A game at the start of the editor's drawing under `setup`.
fn new_game(editor: &Editor, setup: &Setup) -> Game {
    Game::new(editor.drawing().position(), setup.clone())
}
