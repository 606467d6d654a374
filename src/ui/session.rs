//! The whole playground behind the page: the editor, the game, the mode
//! (edit or play), view toggles, the viewport, the engine's advice and the
//! presenter deck. The web layer forwards events here and draws
//! [`Session::scene`]; everything decided lives here, tested natively.
//!
//! The session never computes values: it says what to ask the engine
//! ([`Session::analysis_request`]) and shows what comes back
//! ([`Session::set_report`]).

use serde::Serialize;

use crate::analysis::{Answer, Request, Rules};
use crate::position::{Colour, Point};
use crate::rules::Player;

use super::editor::{Editor, Selection, Tool};
use super::gallery;
use super::opponent::{self, Choice, Controller, Opponents};
use super::play::{player_name, AnalysisRequest, Game, Setup, Side};
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Mode {
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
    /// The request last handed to the page for the engine.
    request: Option<AnalysisRequest>,
    /// The request that `advice`, `marks` and `answer` answer: they are
    /// shown (and the engine moves from them) only while it is the board's
    /// current request, so nothing ever shows a value of another state.
    answered: Option<AnalysisRequest>,
    advice: Vec<Advice>,
    /// Synchronous rules: each edge's probabilities in the optimal mixed
    /// strategies, as text for its label ("L 50%").
    marks: Vec<Option<String>>,
    /// Play-mode keyboard focus (a label).
    focus: Option<usize>,
    /// Play-mode edge under the pointer or under a hovered graph vertex.
    hover: Option<usize>,
    /// Quantum play: a click picks edges for a superposed move (true) or
    /// cuts one edge unsuperposed (false).
    pub superpose: bool,
    falling: Vec<usize>,
    fall_start: Option<f64>,
    slides: Vec<Slide>,
    slide: usize,
    opponents: Opponents,
    /// The engine's answer for `request`, kept for the engine's move.
    answer: Option<Answer>,
    /// The request whose analysis failed or was too large: while it is the
    /// board's, the engine will not move (the page says so; a person may
    /// play for it). Kept across mode switches, since the board is the same.
    failed: Option<AnalysisRequest>,
    /// What the page should say about the link just opened (a replay that
    /// stopped early), if anything.
    link_note: Option<String>,
    presenting: bool,
}

impl Session {
    pub fn new(width: f64, height: f64) -> Session {
        let drawing = gallery::load(0).unwrap_or_default();
        let setup = Setup::default();
        let mut viewport = Viewport::new(width, height);
        viewport.fit(&drawing);
        let editor = Editor::new(drawing);
        let game = new_game(&editor, &setup);
        Session {
            game_revision: editor.revision(),
            editor,
            game,
            setup,
            mode: Mode::Edit,
            view: View::default(),
            viewport,
            request: None,
            answered: None,
            advice: Vec::new(),
            marks: Vec::new(),
            focus: None,
            hover: None,
            superpose: true,
            falling: Vec::new(),
            fall_start: None,
            slides: Vec::new(),
            slide: 0,
            opponents: Opponents::default(),
            answer: None,
            failed: None,
            link_note: None,
            presenting: false,
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Rebuild the game if the drawing changed (editing restarts play).
    fn sync_game(&mut self) {
        if self.editor.revision() != self.game_revision {
            self.game = new_game(&self.editor, &self.setup);
            self.game_revision = self.editor.revision();
            self.clear_advice();
            self.focus = None;
            self.hover = None;
        }
    }

    fn radius(&self) -> f64 {
        self.viewport.hit_radius()
    }

    fn world(&self, x: f64, y: f64) -> Point {
        self.viewport.to_world(Point { x, y })
    }

    // ---------- pointer (canvas pixels) ----------

    pub fn pointer_down(&mut self, x: f64, y: f64) {
        if self.mode == Mode::Edit {
            let (p, r) = (self.world(x, y), self.radius());
            self.editor.pointer_down(p, r);
        }
    }

    pub fn pointer_move(&mut self, x: f64, y: f64) {
        if self.mode == Mode::Edit {
            let (p, r) = (self.world(x, y), self.radius());
            self.editor.pointer_move(p, r);
        }
    }

    /// `now` is a clock in milliseconds (for the falling animation).
    pub fn pointer_up(&mut self, x: f64, y: f64, now: f64) -> Result<(), String> {
        let (p, r) = (self.world(x, y), self.radius());
        match self.mode {
            Mode::Edit => {
                let result = self.editor.pointer_up(p, r);
                self.sync_game();
                result
            }
            Mode::Play => match self.label_at(x, y) {
                Some(label) => self.play_label(label, now),
                None => Ok(()),
            },
        }
    }

    /// The standing edge under canvas pixel (x, y) in play, if any.
    pub fn label_at(&self, x: f64, y: f64) -> Option<usize> {
        let (p, r) = (self.world(x, y), self.radius());
        let d = self.editor.drawing();
        let board = self.game.board();
        // Only standing edges can be hit.
        let mut standing = d.clone();
        standing.edges.clear();
        let mut labels = Vec::new();
        for (i, e) in d.edges.iter().enumerate() {
            if board.stands(i + 1) {
                standing.edges.push(*e);
                labels.push(i + 1);
            }
        }
        // Parallel-edge shapes depend on which edges stand, as drawn.
        match super::editor::hit_test(&standing, p, r) {
            super::Hit::Edge(k) => labels.get(k).copied(),
            _ => None,
        }
    }

    /// Drop the picked edges (switching between picking and cutting).
    pub fn game_clear_selection(&mut self) {
        self.game.clear_selection();
    }

    /// Highlight `label` on the board (hovering it or its graph vertex).
    pub fn set_hover(&mut self, label: Option<usize>) {
        self.hover = label;
    }

    pub fn pointer_cancel(&mut self) {
        self.editor.pointer_cancel();
        self.sync_game();
    }

    /// A click (or Enter) on `label` in play: cut it, or pick it when the
    /// move takes several edges (synchronous and quantum rules).
    pub fn play_label(&mut self, label: usize, now: f64) -> Result<(), String> {
        if let Some(p) = self.engine_player().filter(|_| !self.engine_failed()) {
            return Err(format!(
                "it is the engine's turn ({}): wait for its move, or choose Person",
                player_name(p)
            ));
        }
        self.focus = Some(label);
        if self.game.to_move() == Side::Both {
            return self.sync_pick(label);
        }
        let several =
            self.game.to_move() == Side::Both || (self.game.is_quantum() && self.superpose);
        if several {
            // The width is enforced while picking, not only at Commit.
            if let Some(crate::quantum::Width::Limited(w)) =
                self.setup.rules.setting().map(|s| s.width)
            {
                let picked = self.game.selection();
                if picked.len() >= w && !picked.contains(&label) {
                    return Err(format!(
                        "width {w}: a superposed move names at most {w} edges — commit, or click a picked edge to drop it"
                    ));
                }
            }
            self.game.toggle_select(label);
            return Ok(());
        }
        let before = self.game.board().present();
        self.game.play_label(label)?;
        self.after_move(before, now);
        Ok(())
    }

    /// Synchronous turns are picked in secret: Left first, then Right; the
    /// picks show only once both are in (the reveal), then Enter cuts both.
    fn sync_pick(&mut self, label: usize) -> Result<(), String> {
        let picked = self.game.selection().len();
        let p = match picked {
            0 => Player::Left,
            1 => Player::Right,
            _ => {
                return Err(
                    "both have chosen: press Cut both (Enter), or Escape to choose again".into(),
                )
            }
        };
        if !self.game.legal_labels(p).contains(&label) {
            return Err(format!("{} may not choose edge {label}", player_name(p)));
        }
        self.game.pick(label);
        if picked == 0 {
            // The focus ring would give Left's choice away.
            self.focus = None;
        }
        Ok(())
    }

    /// Is a synchronous pick waiting, unseen, for the other player's?
    fn secret_pick(&self) -> bool {
        self.game.to_move() == Side::Both && self.game.selection().len() == 1
    }

    /// Play the picked edges as one move.
    pub fn commit(&mut self, now: f64) -> Result<(), String> {
        let before = self.game.board().present();
        if let Err(e) = self.game.commit_selection() {
            // A refused synchronous turn (the replay rule's "choose again")
            // starts over with secret picks; a refused quantum move keeps
            // its picks so one edge can be changed.
            if self.game.to_move() == Side::Both {
                self.game.clear_selection();
            }
            return Err(e);
        }
        self.after_move(before, now);
        Ok(())
    }

    fn after_move(&mut self, before: crate::position::EdgeSet, now: f64) {
        let after = self.game.board().present();
        self.falling = before.difference(after).iter().map(|i| i + 1).collect();
        self.fall_start = Some(now);
        self.clear_advice();
    }

    /// Is an animation running (the page keeps requesting frames)?
    pub fn animating(&self, now: f64) -> bool {
        self.fall_start.is_some_and(|t| now - t < FALL_MS)
    }

    // ---------- keyboard ----------

    /// Handle a key; returns whether it was used (the page then prevents the
    /// default action). Tab past the last edge is not used, so focus can
    /// leave the canvas.
    pub fn key(&mut self, key: &str, ctrl: bool, shift: bool, now: f64) -> Result<bool, String> {
        // Edit mode's letters are colours; P is not one of them.
        if !ctrl && self.presenter_key(key)? {
            return Ok(true);
        }
        let step = match key {
            "ArrowRight" | "ArrowUp" => Some(1),
            "ArrowLeft" | "ArrowDown" => Some(-1),
            "Tab" if shift => Some(-1),
            "Tab" => Some(1),
            _ => None,
        };
        if let Some(step) = step {
            return Ok(self.move_focus(step, key == "Tab"));
        }
        match self.mode {
            Mode::Edit => self.edit_key(key, ctrl, shift),
            Mode::Play => match key {
                // Enter commits picked edges; with none picked it acts on
                // the focused edge, like Space.
                "Enter" if !self.game.selection().is_empty() => self.commit(now).map(|_| true),
                "Enter" | " " => match self.focus {
                    Some(l) => self.play_label(l, now).map(|_| true),
                    None => Ok(false),
                },
                "c" if !ctrl => self.commit(now).map(|_| true),
                "Backspace" | "z" if ctrl || key == "Backspace" => {
                    self.takeback();
                    Ok(true)
                }
                "Escape" => {
                    self.game.clear_selection();
                    Ok(true)
                }
                _ => Ok(false),
            },
        }
    }

    fn edit_key(&mut self, key: &str, ctrl: bool, shift: bool) -> Result<bool, String> {
        let result = match key {
            "z" | "Z" if ctrl && !shift => {
                self.editor.undo();
                Ok(true)
            }
            "y" | "Y" | "Z" | "z" if ctrl => {
                self.editor.redo();
                Ok(true)
            }
            _ if ctrl => Ok(false),
            "Delete" | "Backspace" => self.editor.delete_selection().map(|_| true),
            "Escape" => {
                self.editor.pointer_cancel();
                self.editor.select(Selection::None);
                Ok(true)
            }
            k => match k.chars().next().filter(|_| k.len() == 1) {
                Some(c) => match Colour::from_letter(c.to_ascii_uppercase()) {
                    Some(colour) => self.editor.choose_colour(colour).map(|_| true),
                    None => Ok(false),
                },
                None => Ok(false),
            },
        };
        self.sync_game();
        result
    }

    fn move_focus(&mut self, step: i32, is_tab: bool) -> bool {
        match self.mode {
            Mode::Edit => {
                let n = self.editor.drawing().edges.len();
                let at = match self.editor.selection() {
                    Selection::Edge(e) => Some(e as i64),
                    _ => None,
                };
                if is_tab && leaves(at, step, n) {
                    self.editor.select(Selection::None);
                    return false;
                }
                self.editor.select_step(step);
                true
            }
            Mode::Play => {
                let standing: Vec<usize> =
                    self.game.board().present().iter().map(|i| i + 1).collect();
                let at = self
                    .focus
                    .and_then(|l| standing.iter().position(|&s| s == l))
                    .map(|k| k as i64);
                if standing.is_empty() || (is_tab && leaves(at, step, standing.len())) {
                    self.focus = None;
                    return false;
                }
                let n = standing.len() as i64;
                let k = match at {
                    Some(k) => (k + step as i64).rem_euclid(n),
                    None if step > 0 => 0,
                    None => n - 1,
                };
                self.focus = Some(standing[k as usize]);
                // The keyboard is the latest input: its edge is the one
                // highlighted and previewed, not the one under the pointer.
                self.hover = None;
                true
            }
        }
    }

    // ---------- editing commands ----------

    /// Text from the text box: replaces the drawing (one undo step).
    pub fn set_text(&mut self, text: &str) -> Result<(), String> {
        let before = self.editor.revision();
        self.editor.set_text(text)?;
        if self.editor.revision() != before {
            self.fit();
        }
        self.sync_game();
        Ok(())
    }

    pub fn load_preset(&mut self, index: usize) -> Result<(), String> {
        let d = gallery::load(index)?;
        self.replace(d)
    }

    fn replace(&mut self, d: Drawing) -> Result<(), String> {
        self.editor.apply(super::Edit::Replace(d))?;
        self.fit();
        self.sync_game();
        Ok(())
    }

    /// Empty the board (one undo step).
    pub fn clear(&mut self) {
        // An empty drawing always passes the checks.
        let _ = self.replace(Drawing::empty());
    }

    pub fn undo(&mut self) {
        self.editor.undo();
        self.sync_game();
    }

    pub fn redo(&mut self) {
        self.editor.redo();
        self.sync_game();
    }

    pub fn set_colour(&mut self, colour: Colour) -> Result<(), String> {
        let r = self.editor.choose_colour(colour);
        self.sync_game();
        r
    }

    pub fn set_tool(&mut self, tool: Tool) {
        self.editor.tool = tool;
    }

    pub fn delete_selection(&mut self) -> Result<(), String> {
        let r = self.editor.delete_selection();
        self.sync_game();
        r
    }

    /// Fit the drawing to the board: zoomed up to fill it when presenting.
    pub fn fit(&mut self) {
        let cap = if self.presenting {
            super::viewport::PRESENT_SCALE
        } else {
            super::viewport::DEFAULT_SCALE
        };
        self.viewport.fit_within(self.editor.drawing(), cap);
    }

    // ---------- rules and play ----------

    /// Choose the ruleset; restarts the game. On error nothing changes.
    pub fn set_rules(&mut self, rules: Rules) -> Result<(), String> {
        let setup = Setup {
            rules,
            first: self.setup.first,
        };
        let game = Game::new(self.editor.drawing().position(), setup.clone())?;
        self.setup = setup;
        self.game = game;
        self.game_revision = self.editor.revision();
        self.clear_advice();
        if !self.single_cut_allowed() {
            self.superpose = true;
        }
        Ok(())
    }

    pub fn set_first(&mut self, first: Player) {
        self.setup.first = first;
        if let Ok(g) = Game::new(self.editor.drawing().position(), self.setup.clone()) {
            self.game = g;
        }
        self.clear_advice();
    }

    /// May the rules ever cut one edge alone? (Not quantum flavour A.)
    pub fn single_cut_allowed(&self) -> bool {
        !matches!(self.setup.rules.setting(), Some(s) if s.flavour == crate::quantum::Flavour::A)
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub fn set_mode(&mut self, mode: Mode) {
        self.editor.pointer_cancel();
        self.sync_game();
        self.mode = mode;
        self.view.play = mode == Mode::Play;
        self.clear_advice();
        self.focus = None;
        self.hover = None;
    }

    /// Take back a move; against the engine, back to a person's turn
    /// (else the engine would at once replay the move taken back).
    pub fn takeback(&mut self) -> bool {
        self.falling.clear();
        self.clear_advice();
        let took = self.game.takeback();
        while self.engine_player().is_some() && self.game.takeback() {}
        took
    }

    pub fn jump(&mut self, k: usize) {
        self.falling.clear();
        self.clear_advice();
        self.game.jump(k);
    }

    /// Restart play from the beginning (moves are forgotten).
    pub fn restart(&mut self) {
        if let Ok(g) = Game::new(self.editor.drawing().position(), self.setup.clone()) {
            self.game = g;
        }
        self.falling.clear();
        self.clear_advice();
    }

    // ---------- the engine ----------

    /// What to ask the engine now (in edit mode: the drawing; in play: the
    /// board). Remembered, to map the answer's labels back.
    pub fn analysis_request(&mut self) -> Option<AnalysisRequest> {
        self.sync_game();
        let req = self.game.analysis_request();
        self.request = req.clone();
        req
    }

    fn clear_advice(&mut self) {
        self.advice.clear();
        self.marks.clear();
        self.answer = None;
        self.answered = None;
    }

    /// Is `r` the request for what the board shows now?
    fn is_current(&self, r: &Option<AnalysisRequest>) -> bool {
        r.is_some() && *r == self.game.analysis_request()
    }

    /// Does the board's current request equal `request` (what the page
    /// asked the engine)? An answer is shown only if so.
    pub fn answers_current(&mut self, request: &Request) -> bool {
        self.sync_game();
        self.game
            .analysis_request()
            .is_some_and(|c| c.to_request() == *request)
    }

    /// The engine's answer to `request`: shown (advice, strategies, and
    /// the engine's next move) only if `request` is the board's current
    /// one; an answer for an earlier state is refused and nothing changes.
    pub fn accept_answer(&mut self, request: &Request, answer: &Answer) -> Result<(), String> {
        if !self.answers_current(request) {
            return Err(STALE.into());
        }
        self.request = self.game.analysis_request();
        self.set_answer(answer);
        Ok(())
    }

    /// The analysis of `request` failed or was stopped: while it is the
    /// board's request, the engine will not move.
    pub fn accept_failure(&mut self, request: &Request) -> Result<(), String> {
        if !self.answers_current(request) {
            return Err(STALE.into());
        }
        self.request = self.game.analysis_request();
        self.analysis_failed();
        Ok(())
    }

    /// The analysis of the current board failed (see [`Self::analysis_failed`]).
    pub fn engine_failed(&self) -> bool {
        self.is_current(&self.failed)
    }

    // ---------- the engine as opponent ----------

    /// Let `c` play `p`'s side.
    pub fn set_controller(&mut self, p: Player, c: Controller) {
        self.opponents.set(p, c);
    }

    pub fn opponents(&self) -> Opponents {
        self.opponents
    }

    /// The player the engine must move for now, if any (in play only).
    pub fn engine_player(&self) -> Option<Player> {
        if self.mode != Mode::Play || self.game.result().is_some() {
            return None;
        }
        let p = match self.game.to_move() {
            Side::Left => Player::Left,
            Side::Right => Player::Right,
            // Synchronous picks go Left, then Right.
            Side::Both => match self.game.selection().len() {
                0 => Player::Left,
                1 => Player::Right,
                _ => return None,
            },
        };
        (self.opponents.of(p) == Controller::Engine).then_some(p)
    }

    /// The analysis of the board failed or was too large: the engine
    /// cannot choose a move.
    pub fn analysis_failed(&mut self) {
        self.clear_advice();
        self.failed = self.request.clone();
    }

    /// Make the engine's move if it is its turn and its answer for this
    /// very board is on hand. `random` (uniform 32 bits) only samples a
    /// synchronous mixed strategy. Returns whether it moved.
    pub fn engine_move(&mut self, random: u32, now: f64) -> Result<bool, String> {
        let Some(p) = self.engine_player() else {
            return Ok(false);
        };
        // An answer for an earlier board must not drive a move here.
        if !self.is_current(&self.answered) {
            return Ok(false);
        }
        let (Some(answer), Some(req)) = (&self.answer, &self.answered) else {
            return Ok(false);
        };
        match opponent::choose(answer, req, self.game.to_move(), p, random)? {
            Choice::Pick(label) => {
                self.sync_pick(label)?;
                if self.game.selection().len() == 2 {
                    self.commit(now)?;
                }
            }
            Choice::Play(m) => {
                let before = self.game.board().present();
                self.game.play(m)?;
                self.after_move(before, now);
            }
        }
        Ok(true)
    }

    fn engine_text(&self) -> String {
        if !self.opponents.any_engine() || self.mode != Mode::Play {
            return String::new();
        }
        if self.engine_failed() {
            return opponent::CANNOT_MOVE.into();
        }
        match self
            .answer
            .as_ref()
            .filter(|_| self.is_current(&self.answered))
        {
            Some(a) => opponent::strength(a).into(),
            None if self.engine_player().is_some() => "The engine is thinking…".into(),
            None => String::new(),
        }
    }

    // ---------- what falls with a cut ----------

    /// The edge the preview is about: hovered, else keyboard-focused.
    fn preview_label(&self) -> Option<usize> {
        if self.mode != Mode::Play || self.secret_pick() {
            return None;
        }
        self.hover.or(self.focus)
    }

    /// Play: the edges that would fall with the previewed edge, if it may
    /// be cut now (the referee plays the cut on a copy of the board).
    pub fn preview(&self) -> Option<(usize, Vec<usize>)> {
        let label = self.preview_label()?;
        Some((label, self.game.would_fall(label)?))
    }

    fn preview_text(&self) -> String {
        match self.preview() {
            None => String::new(),
            Some((l, fall)) if fall.is_empty() => format!("cutting {l} drops nothing else"),
            Some((l, fall)) => {
                let list: Vec<String> = fall.iter().map(|f| f.to_string()).collect();
                format!("cutting {l} drops {}", list.join(", "))
            }
        }
    }

    // ---------- presenter mode ----------

    pub fn presenting(&self) -> bool {
        self.presenting
    }

    pub fn set_presenting(&mut self, on: bool) {
        self.presenting = on;
        self.editor.pointer_cancel();
        self.fit();
    }

    /// Presenter keys: P toggles; while presenting, arrows and Page keys
    /// step through the deck and Escape leaves. Returns whether used.
    pub fn presenter_key(&mut self, key: &str) -> Result<bool, String> {
        if key == "p" || key == "P" {
            self.set_presenting(!self.presenting);
            return Ok(true);
        }
        if !self.presenting {
            return Ok(false);
        }
        let step: i64 = match key {
            "ArrowRight" | "PageDown" => 1,
            "ArrowLeft" | "PageUp" => -1,
            "Escape" => {
                self.set_presenting(false);
                return Ok(true);
            }
            _ => return Ok(false),
        };
        let k = self.slide as i64 + step;
        if k >= 0 && (k as usize) < self.slides.len() {
            self.go_to_slide(k as usize)?;
        }
        Ok(true)
    }

    /// Show the engine's answer: advice on the board, and for synchronous
    /// rules both mixed strategies as percentages beside the edges.
    pub fn set_answer(&mut self, answer: &Answer) {
        self.set_report(answer);
        self.answer = Some(answer.clone());
        self.failed = None;
        let n = self.editor.drawing().edges.len();
        let mut marks: Vec<Vec<String>> = vec![Vec::new(); n];
        if let (Some(req), Some(st)) = (&self.request, &answer.strategies) {
            for (side, ws) in [("L", &st.left), ("R", &st.right)] {
                for w in ws.iter().filter(|w| w.probability != "0") {
                    if let Some(b) = req
                        .board_label(&w.label.to_string())
                        .filter(|&b| b >= 1 && b <= n)
                    {
                        let pc = if w.percent == 0 {
                            "<1".to_string()
                        } else {
                            w.percent.to_string()
                        };
                        marks[b - 1].push(format!("{side} {pc}%"));
                    }
                }
            }
        }
        self.marks = marks
            .into_iter()
            .map(|m| (!m.is_empty()).then(|| m.join(" · ")))
            .collect();
    }

    /// Synchronous rules: both optimal mixed strategies as a sentence, in
    /// board labels ("" otherwise).
    pub fn strategy_text(&self, answer: &Answer) -> String {
        let (Some(req), Some(st)) = (&self.request, &answer.strategies) else {
            return String::new();
        };
        let side = |name: &str, ws: &[crate::analysis::Weight]| {
            let parts: Vec<String> = ws
                .iter()
                .filter(|w| w.probability != "0")
                .filter_map(|w| {
                    let b = req.board_label(&w.label.to_string())?;
                    Some(format!("edge {b} {} ({}%)", w.probability, w.percent))
                })
                .collect();
            if parts.is_empty() {
                format!("{name}: no move")
            } else {
                format!("{name}: {}", parts.join(", "))
            }
        };
        format!(
            "Optimal mixed strategies — {}; {}",
            side("Left (blue)", &st.left),
            side("Right (red)", &st.right)
        )
    }

    /// Show the engine's advice on the board.
    pub fn set_report(&mut self, report: &Answer) {
        let n = self.editor.drawing().edges.len();
        let mut advice = vec![Advice::None; n];
        if let Some(req) = &self.request {
            let mut mark = |labels: &[String], side: Advice| {
                // A quantum move lists its labels as "1,3".
                for l in labels.iter().flat_map(|m| m.split(',')) {
                    if let Some(b) = req.board_label(l).filter(|&b| b >= 1 && b <= n) {
                        advice[b - 1] = match (advice[b - 1], side) {
                            (Advice::None, s) => s,
                            (a, s) if a == s => a,
                            _ => Advice::Both,
                        };
                    }
                }
            };
            if let Some(m) = &report.left_moves {
                mark(&m.labels, Advice::Left);
            }
            if let Some(m) = &report.right_moves {
                mark(&m.labels, Advice::Right);
            }
        }
        self.advice = advice;
        self.answered = self.request.clone();
    }

    /// Best moves as text for the value panel, in board labels.
    pub fn advice_text(&self, report: &Answer) -> String {
        let Some(req) = &self.request else {
            return String::new();
        };
        let side = |m: &Option<crate::analysis::MoveAdvice>, p: Player| -> Option<String> {
            let m = m.as_ref()?;
            let labels: Vec<String> = m
                .labels
                .iter()
                .filter_map(|m| {
                    let parts = m.split(',').map(|l| {
                        let b = req.board_label(l)?;
                        let suffix: String = l.chars().skip_while(char::is_ascii_digit).collect();
                        Some(format!("{b}{suffix}"))
                    });
                    Some(parts.collect::<Option<Vec<_>>>()?.join("+"))
                })
                .collect();
            if labels.is_empty() {
                return Some(format!("{}: no move", player_name(p)));
            }
            Some(format!(
                "{} {}: {}",
                player_name(p),
                if m.winning {
                    "wins with"
                } else {
                    "best (losing)"
                },
                labels.join(", ")
            ))
        };
        [
            side(&report.left_moves, Player::Left),
            side(&report.right_moves, Player::Right),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" · ")
    }

    // ---------- drawing ----------

    pub fn scene(&self, now: f64) -> Scene {
        let progress = match self.fall_start {
            Some(t) => ((now - t) / FALL_MS).clamp(0.0, 1.0),
            None => 1.0,
        };
        let (selected_edge, selected_vertex) = match (self.mode, self.editor.selection()) {
            (Mode::Play, _) => (self.hover.or(self.focus).map(|l| l - 1), None),
            (_, Selection::Edge(e)) => (Some(e), None),
            (_, Selection::Vertex(v)) => (None, Some(v)),
            _ => (None, None),
        };
        let r = self.radius();
        // Advice belongs to the request it answers, never to another state.
        let show_advice = !self.view.hide_values && self.is_current(&self.answered);
        let opts = SceneOptions {
            board: (self.mode == Mode::Play).then(|| self.game.board().colours.clone()),
            selected_edge,
            selected_vertex,
            picked: if self.secret_pick() {
                Vec::new()
            } else {
                self.game.selection().to_vec()
            },
            notes: if !show_advice {
                Vec::new()
            } else {
                self.marks.clone()
            },
            faded: Vec::new(),
            preview: self.preview().map(|(_, f)| f).unwrap_or_default(),
            large: self.presenting,
            partial: self.partial_labels(),
            advice: if !show_advice {
                Vec::new()
            } else {
                self.advice.clone()
            },
            falling: if progress < 1.0 && self.mode == Mode::Play {
                self.falling.clone()
            } else {
                Vec::new()
            },
            fall_progress: progress,
            colour_blind: self.view.colour_blind,
            show_labels: true,
            rubber: self
                .editor
                .rubber_band(r)
                .map(|(a, b, _)| (a, b, self.editor.colour)),
        };
        scene::build(self.editor.drawing(), &self.viewport, &opts)
    }

    /// The quantum views (realisations, entanglement graph) for the board
    /// shown, or `None` outside quantum play.
    pub fn quantum_views(&self) -> Option<super::quantum_views::QuantumViews> {
        let play = self.mode == Mode::Play;
        let g = &self.game;
        if !play || !g.is_quantum() {
            return None;
        }
        super::quantum_views::build(g, self.editor.drawing(), self.view.colour_blind)
    }

    /// Quantum play: labels standing in some realisations but not all.
    fn partial_labels(&self) -> Vec<usize> {
        let board = self.game.board();
        if self.mode != Mode::Play || board.realisations.len() < 2 {
            return Vec::new();
        }
        let everywhere = board
            .realisations
            .iter()
            .fold(board.present(), |a, r| a.intersection(*r));
        board
            .present()
            .difference(everywhere)
            .iter()
            .map(|i| i + 1)
            .collect()
    }

    /// The board as exported: no selection, preview or picks, and the
    /// engine's halos and strategy notes only if `analysis` (a puzzle's
    /// picture must not give the answer away).
    pub fn export_scene(&self, analysis: bool) -> Scene {
        let mut s = self.scene(f64::INFINITY);
        for v in &mut s.vertices {
            v.1 = false;
        }
        s.edges.iter_mut().for_each(|e| {
            e.selected = false;
            e.preview = false;
            e.picked = false;
            if !analysis {
                e.advice = Advice::None;
                e.note = None;
            }
        });
        s
    }

    /// The board as SVG, without analysis (see [`Self::export_scene`]).
    pub fn svg(&self) -> String {
        svg::to_svg(&self.export_scene(false))
    }

    pub fn status(&self) -> Status {
        let g = &self.game;
        let turn = match g.result() {
            Some(r) => r,
            None => match g.to_move() {
                Side::Both => match g.selection() {
                    [] => "Left (blue): choose an edge in secret (Right, look away).".into(),
                    [_] => "Left has chosen. Right (red): choose an edge.".into(),
                    [l, r, ..] => {
                        format!("Revealed: Left chose {l}, Right chose {r}. Cut both (Enter).")
                    }
                },
                Side::Left => format!("{} to move.", player_name(Player::Left)),
                Side::Right => format!("{} to move.", player_name(Player::Right)),
            },
        };
        Status {
            mode: self.mode,
            text: self.editor.text(),
            revision: self.editor.revision(),
            can_undo: self.editor.can_undo(),
            can_redo: self.editor.can_redo(),
            game_over: g.result().is_some(),
            turn,
            history: (0..g.moves().len()).map(|k| g.describe(k)).collect(),
            cursor: g.cursor(),
            picked: g.selection().to_vec(),
            quantum: g.is_quantum(),
            superpose: self.superpose,
            commit: commit_text(g),
            ungrounded: self.editor.drawing().ungrounded().len(),
            slide: self.slide,
            slides: self.slides.len().max(1),
            left_engine: self.opponents.left == Controller::Engine,
            right_engine: self.opponents.right == Controller::Engine,
            engine: self.engine_text(),
            engine_blocked: self.engine_failed() && self.engine_player().is_some(),
            preview: self.preview_text(),
            presenting: self.presenting,
            caption: match self.slides.get(self.slide).map(|s| s.title.as_str()) {
                Some(t) if !t.is_empty() => t.to_string(),
                _ => self.editor.text(),
            },
            colour: self.editor.colour.letter(),
            single_cut: self.single_cut_allowed(),
            tool: match self.editor.tool {
                Tool::Draw => "draw",
                Tool::Move => "move",
                Tool::Erase => "erase",
            },
        }
    }

    // ---------- links and the deck ----------

    fn current_slide(&self) -> Slide {
        Slide {
            drawing: self.editor.drawing().clone(),
            setup: self.setup.clone(),
            moves: self.game.moves().to_vec(),
            cursor: self.game.cursor(),
            view: View {
                play: self.mode == Mode::Play,
                ..self.view.clone()
            },
            title: self
                .slides
                .get(self.slide)
                .map(|s| s.title.clone())
                .unwrap_or_default(),
        }
    }

    /// The share-link fragment (without `#`) for the whole state.
    pub fn link(&self) -> String {
        let mut slides = self.slides.clone();
        if slides.is_empty() {
            slides.push(self.current_slide());
        } else {
            slides[self.slide] = self.current_slide();
        }
        share::encode(&Shared {
            slides,
            current: self.slide,
            opponents: self.opponents,
            presenting: self.presenting,
        })
    }

    /// Open a link fragment. On error nothing changes.
    pub fn open_link(&mut self, fragment: &str) -> Result<(), String> {
        let shared = share::decode(fragment)?;
        let slide = shared.slides[shared.current].clone();
        self.show_slide(slide)?;
        self.slide = shared.current;
        self.opponents = shared.opponents;
        self.presenting = shared.presenting;
        // Kept even for one slide: its title travels on.
        self.slides = shared.slides;
        self.fit();
        Ok(())
    }

    /// Why the link just opened shows fewer moves than it carries, if it
    /// does (its replay went past the page's memory).
    pub fn link_note(&self) -> Option<&str> {
        self.link_note.as_deref()
    }

    fn show_slide(&mut self, slide: Slide) -> Result<(), String> {
        let game = slide.game()?;
        self.link_note = game.note().map(String::from);
        self.editor = Editor::new(slide.drawing);
        self.setup = slide.setup;
        self.game = game;
        self.game_revision = self.editor.revision();
        self.mode = if slide.view.play {
            Mode::Play
        } else {
            Mode::Edit
        };
        self.view = slide.view;
        self.fit();
        self.clear_advice();
        self.falling.clear();
        self.focus = None;
        self.hover = None;
        Ok(())
    }

    /// Append the current state as a new slide of the deck and show it.
    pub fn add_slide(&mut self) {
        let current = self.current_slide();
        if self.slides.is_empty() {
            self.slides.push(current.clone());
        } else {
            self.slides[self.slide] = current.clone();
        }
        // A new slide starts untitled (its caption is its position).
        self.slides.push(Slide {
            title: String::new(),
            ..current
        });
        self.slide = self.slides.len() - 1;
    }

    /// The deck as it is now (the current slide as shown), one slide at
    /// least.
    fn save_current(&mut self) {
        let current = self.current_slide();
        if self.slides.is_empty() {
            self.slides.push(current);
            self.slide = 0;
        } else {
            self.slides[self.slide] = current;
        }
    }

    /// Title the current slide (shown in the presenter caption).
    pub fn set_slide_title(&mut self, title: &str) -> Result<(), String> {
        let title = title.trim();
        if title.chars().count() > share::MAX_TITLE {
            return Err(format!(
                "a title is at most {} characters",
                share::MAX_TITLE
            ));
        }
        if title.chars().any(char::is_control) {
            return Err("a title is one line of text".into());
        }
        self.save_current();
        self.slides[self.slide].title = title.to_string();
        Ok(())
    }

    /// Each slide's title, or its position text when it has none.
    pub fn slide_titles(&self) -> Vec<String> {
        if self.slides.is_empty() {
            return vec![self.status().caption];
        }
        self.slides
            .iter()
            .enumerate()
            .map(|(k, s)| {
                let s = if k == self.slide {
                    self.current_slide()
                } else {
                    s.clone()
                };
                if s.title.is_empty() {
                    s.drawing.text()
                } else {
                    s.title
                }
            })
            .collect()
    }

    /// Move slide `from` to place `to`; the slide shown stays shown.
    pub fn move_slide(&mut self, from: usize, to: usize) -> Result<(), String> {
        self.save_current();
        let n = self.slides.len();
        if from >= n || to >= n {
            return Err(format!("there are {n} slides"));
        }
        let shown = self.slide;
        let s = self.slides.remove(from);
        self.slides.insert(to, s);
        self.slide = if shown == from {
            to
        } else if from < shown && to >= shown {
            shown - 1
        } else if from > shown && to <= shown {
            shown + 1
        } else {
            shown
        };
        Ok(())
    }

    /// Delete slide `k` (the last one left stays); deleting the slide
    /// shown shows its neighbour.
    pub fn delete_slide(&mut self, k: usize) -> Result<(), String> {
        self.save_current();
        let n = self.slides.len();
        if k >= n {
            return Err(format!("there is no slide {}", k + 1));
        }
        if n == 1 {
            return Err("the only slide cannot be deleted".into());
        }
        self.slides.remove(k);
        if k == self.slide {
            let next = k.min(n - 2);
            self.show_slide(self.slides[next].clone())?;
            self.slide = next;
        } else if k < self.slide {
            self.slide -= 1;
        }
        Ok(())
    }

    /// Show slide `k` of the deck (the current one is kept as it is now).
    pub fn go_to_slide(&mut self, k: usize) -> Result<(), String> {
        if k >= self.slides.len() {
            return Err(format!("there is no slide {}", k + 1));
        }
        self.slides[self.slide] = self.current_slide();
        self.show_slide(self.slides[k].clone())?;
        self.slide = k;
        Ok(())
    }
}

/// The commit button's text for the picked edges.
fn commit_text(g: &Game) -> String {
    let picked = g.selection();
    let list: Vec<String> = picked.iter().map(|l| l.to_string()).collect();
    if g.to_move() == Side::Both {
        return match picked {
            [l, r] => format!("Cut both (Left {l}, Right {r})"),
            _ => String::new(),
        };
    }
    match (picked.len(), g.is_quantum()) {
        (0, _) => String::new(),
        (1, true) => format!("Cut {} alone (unsuperposed)", list[0]),
        (_, true) => format!("Commit superposed move ({})", list.join(" + ")),
        (_, false) => format!("Commit move ({})", list.join(" + ")),
    }
}

fn new_game(editor: &Editor, setup: &Setup) -> Game {
    Game::new(editor.drawing().position(), setup.clone()).unwrap_or_else(|_| {
        // The setup was validated when chosen; fall back to normal play.
        Game::new(editor.drawing().position(), Setup::default())
            .expect("normal play accepts every position")
    })
}

/// Would stepping by `step` from `at` run off either end of `n` items?
fn leaves(at: Option<i64>, step: i32, n: usize) -> bool {
    match at {
        Some(k) => k + step as i64 >= n as i64 || k + (step as i64) < 0,
        None => n == 0,
    }
}
