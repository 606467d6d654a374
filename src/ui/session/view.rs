//! What the page draws and shows: the scene, the quantum views, the
//! exported picture and the status line.

use super::*;

use crate::budget::{Budget, Timeout};
use crate::ui::answer_view::ExportCaption;
use crate::ui::handout::{self, HandoutPage};
use crate::ui::play::SidedMove;
use crate::ui::quantum_views::QuantumViews;
use crate::ui::tikz::{self, TikzOptions, TikzStanding};

impl Session {
    // ---------- drawing ----------

    pub fn scene(&self, now: f64) -> Scene {
        let progress = self.fall.progress(now);
        let (selected_edge, selected_vertex) = match (self.mode, self.editor.selection()) {
            (Mode::Play, _) => (self.hover.or(self.focus).map(|l| l - 1), None),
            (_, Selection::Edge(e)) => (Some(e), None),
            (_, Selection::Vertex(v)) => (None, Some(v)),
            _ => (None, None),
        };
        let r = self.radius();
        // Advice belongs to the request it answers, never to another state.
        // Halos give the answer away: off whenever values are hidden (and in
        // a puzzle), and at the presenter's wish (H).
        let show_advice = !self.view.hide_values
            && self.page.halos
            && self.puzzle.is_none()
            && self.is_current(&self.answers.answered);
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
                self.answers.marks.clone()
            },
            faded: self.realisation_faded(),
            preview: self.preview().map(|(_, f)| f).unwrap_or_default(),
            large: self.presenting,
            partial: self.partial_labels(),
            advice: if !show_advice {
                Vec::new()
            } else {
                self.answers.advice.clone()
            },
            falling: if self.mode == Mode::Play {
                self.fall.falling(now)
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
    /// shown, or `None` outside quantum rules. While editing they show the
    /// drawing itself (one realisation), so the page keeps its layout when
    /// play starts and the board never moves under the pointer. Built
    /// again only when what they show changed ([`QuantumViewsKey`]).
    pub fn quantum_views(&self) -> Option<QuantumViews> {
        let key = QuantumViewsKey::of(self);
        let mut cache = self.kept_quantum_views.borrow_mut();
        if let Some((k, views)) = cache.as_ref() {
            if *k == key {
                return views.clone();
            }
        }
        let views = self.build_quantum_views();
        *cache = Some((key, views.clone()));
        views
    }

    /// The quantum views built afresh, without the cache (what the cache
    /// is tested against).
    pub fn build_quantum_views(&self) -> Option<QuantumViews> {
        let g = &self.game;
        if !g.is_quantum() {
            return None;
        }
        if self.mode == Mode::Play {
            return crate::ui::quantum_views::build(
                g,
                self.editor.drawing(),
                self.view.colour_blind,
            );
        }
        let start = new_game(&self.editor, &self.setup);
        crate::ui::quantum_views::build(&start, self.editor.drawing(), self.view.colour_blind)
    }

    /// Quantum play, a thumbnail hovered: the standing labels its
    /// realisation lacks (faded on the board, so its own edges stand out).
    fn realisation_faded(&self) -> Vec<usize> {
        let board = self.game.board();
        match self.hover_realisation {
            Some(k) if self.mode == Mode::Play => {
                board.realisations.get(k).map_or(Vec::new(), |r| {
                    board
                        .present()
                        .difference(*r)
                        .iter()
                        .map(|i| i + 1)
                        .collect()
                })
            }
            _ => Vec::new(),
        }
    }

    /// Realisation `k` (0-based) drawn at `width` × `height` CSS pixels as
    /// SVG, for the zoomed view of a thumbnail (`None` if there is none).
    pub fn realisation_svg(&self, k: usize, width: f64, height: f64) -> Option<String> {
        if self.mode != Mode::Play {
            return None;
        }
        crate::ui::quantum_views::zoom(
            &self.game,
            self.editor.drawing(),
            k,
            self.view.colour_blind,
            (width, height),
        )
    }

    /// Quantum play: labels standing in some realisations but not all.
    pub(super) fn partial_labels(&self) -> Vec<usize> {
        if self.mode != Mode::Play {
            return Vec::new();
        }
        self.game.board().partial_labels()
    }

    /// The board as exported, cropped to the drawing (see
    /// [`scene::crop`]): no selection, preview, picks or rubber band, and
    /// the engine's halos and strategy notes only if `analysis` (a
    /// puzzle's picture must not give the answer away).
    pub fn export_scene(&self, analysis: bool) -> Scene {
        let mut s = self.scene(f64::INFINITY);
        for v in &mut s.vertices {
            v.1 = false;
        }
        s.rubber = None;
        s.edges.iter_mut().for_each(|e| {
            e.selected = false;
            e.preview = false;
            e.picked = false;
            if !analysis {
                e.advice = Advice::None;
                e.note = None;
            }
        });
        scene::crop(&s, scene::EXPORT_MARGIN)
    }

    /// The answer on hand, if it is for this very board.
    pub(super) fn current_answer(&self) -> Option<&Answer> {
        self.answers
            .answer
            .as_ref()
            .filter(|_| self.is_current(&self.answers.answered))
    }

    /// The caption for an exported picture: the slide's title (else the
    /// position), the rules, and the value only if the answer on hand is
    /// for this very board.
    pub fn export_caption(&self) -> ExportCaption {
        let req = self.game.analysis_request().map(|r| r.to_request());
        let answer = self.current_answer();
        let title = self
            .deck
            .slides
            .get(self.deck.slide)
            .map(|s| s.title.as_str());
        let mut caption = ExportCaption::new(title, &self.setup.rules, req.as_ref(), answer);
        // Hidden values are hidden in every export made of this caption
        // (pictures, TikZ, the handout: a QA pass printed a worksheet with
        // values hidden and found the answer under the board).
        if self.values_hidden() {
            caption.value = None;
        }
        caption
    }

    /// The board as SVG, without analysis (see [`Self::export_scene`]).
    pub fn svg(&self) -> String {
        svg::to_svg(&self.export_scene(false))
    }

    /// The board as exported to SVG: halos only if `analysis`, and
    /// [`Self::export_caption`] in a band below if `caption`.
    pub fn export_svg(&self, analysis: bool, caption: bool) -> String {
        let text = caption.then(|| self.export_caption().to_string());
        svg::to_svg_with_caption(&self.export_scene(analysis), text.as_deref())
    }

    /// The deck as a printable HTML handout (see [`handout::handout_html`]):
    /// each slide as its board shows it (the board alone when there is no
    /// deck), without halos, captioned with its title and rules; the value
    /// only on the slide shown, and only if the answer on hand is for it.
    pub fn handout(&self) -> String {
        let current = || HandoutPage {
            picture: svg::to_svg(&self.handout_scene(
                self.editor.drawing(),
                (self.mode == Mode::Play).then_some(&self.game),
                self.view.colour_blind,
            )),
            caption: self.export_caption(),
        };
        let clock = export_clock();
        let pages = self.per_slide(|_| current(), |_, slide| self.handout_page(slide, &clock));
        handout::handout_html(&pages)
    }

    /// The board as a TikZ document (see [`tikz::document`]): what stands
    /// on it now, in the page's layout, with its labels, and if `caption`
    /// the export caption under it (its value only when not `hidden` and
    /// the answer on hand is this board's).
    pub fn tikz_board(&self, caption: bool, hidden: bool) -> String {
        let caption = if caption {
            self.tikz_caption(None, hidden)
        } else {
            Vec::new()
        };
        tikz::document(&[self.tikz_current(caption)])
    }

    /// The deck as one LaTeX document (see [`tikz::deck_document`]): one
    /// `tikzpicture` per slide (the board alone when there is no deck),
    /// each as its board shows it, captioned as the handout is (number,
    /// title or position, rules), the value only on the slide shown, when
    /// not `hidden` and the answer on hand is for it.
    pub fn tikz_deck(&self, hidden: bool) -> String {
        let n = self.deck.slides.len().max(1);
        let clock = export_clock();
        let pictures = self.per_slide(
            |k| self.tikz_current(self.tikz_caption(Some((k + 1, n)), hidden)),
            |k, slide| tikz_slide(slide, (k + 1, n), &clock),
        );
        tikz::deck_document(&pictures)
    }

    /// One item per slide of the deck (the board alone when there is no
    /// deck): the slide on screen from its live state (`current`), the
    /// others from their saved slides (`saved`); each with its index.
    fn per_slide<T>(
        &self,
        current: impl Fn(usize) -> T,
        saved: impl Fn(usize, &Slide) -> T,
    ) -> Vec<T> {
        if self.deck.slides.is_empty() {
            return vec![current(0)];
        }
        (self.deck.slides.iter().enumerate())
            .map(|(k, slide)| {
                if k == self.deck.slide {
                    current(k)
                } else {
                    saved(k, slide)
                }
            })
            .collect()
    }

    /// The slide on screen as a picture, captioned with `caption`.
    fn tikz_current(&self, caption: Vec<String>) -> String {
        let play = (self.mode == Mode::Play).then_some(&self.game);
        tikz_picture(self.editor.drawing(), play, caption)
    }

    /// The caption of the slide on screen (see [`tikz::export_caption`]).
    fn tikz_caption(&self, number: Option<(usize, usize)>, hidden: bool) -> Vec<String> {
        let mut c = self.export_caption();
        let req = self.game.analysis_request().map(|r| r.to_request());
        let answer = self.current_answer();
        let value = match (req, answer) {
            (Some(req), Some(a)) if !hidden && c.value.is_some() => {
                tikz::latex_value(&req.rules, a).ok()
            }
            _ => None,
        };
        if value.is_none() {
            c.value = None;
        }
        tikz::export_caption(&c, number, value.as_deref())
    }

    /// A slide not shown, as a handout page (no value: the session has no
    /// answer for it). A slide whose moves no longer replay shows its
    /// drawing; one whose moves do not replay on `clock` (the export's
    /// deadline) shows its drawing and says its moves are not drawn.
    fn handout_page(&self, slide: &Slide, clock: &Budget) -> HandoutPage {
        let title = Some(slide.title.as_str());
        let rules = &slide.setup.rules;
        let replayed = slide.game_within(clock);
        let (scene, req) = match &replayed {
            Ok(Some(game)) => (
                self.handout_scene(
                    &slide.drawing,
                    slide.view.play.then_some(game),
                    slide.view.colour_blind,
                ),
                game.analysis_request().map(|r| r.to_request()),
            ),
            Ok(None) | Err(_) => (
                self.handout_scene(&slide.drawing, None, slide.view.colour_blind),
                Some(Request::new(slide.drawing.text(), rules.clone())),
            ),
        };
        let mut caption = ExportCaption::new(title, rules, req.as_ref(), None);
        if matches!(replayed, Ok(None)) {
            caption.undrawn = slide.moves.len();
        }
        HandoutPage {
            picture: svg::to_svg(&scene),
            caption,
        }
    }

    /// `drawing` as the board of `play` shows it (`None`: as drawn),
    /// fitted at the board's size and the editor's scale (never the
    /// presenter's) and cropped, without selection or analysis.
    fn handout_scene(&self, drawing: &Drawing, play: Option<&Game>, colour_blind: bool) -> Scene {
        let mut viewport = Viewport::new(self.viewport.width, self.viewport.height);
        viewport.fit(drawing);
        let opts = SceneOptions {
            board: play.map(|g| g.board().colours.clone()),
            partial: play.map(|g| g.board().partial_labels()).unwrap_or_default(),
            colour_blind,
            show_labels: true,
            ..SceneOptions::default()
        };
        scene::crop(
            &scene::build(drawing, &viewport, &opts),
            scene::EXPORT_MARGIN,
        )
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
            commit: super::play::commit_text(g),
            ungrounded: self.editor.drawing().ungrounded().len(),
            slide: self.deck.slide,
            slides: self.deck.slides.len().max(1),
            left_engine: self.opponents.left == Controller::Engine,
            right_engine: self.opponents.right == Controller::Engine,
            engine: self.engine_text(),
            engine_blocked: self.engine_failed() && self.engine_player().is_some(),
            preview: self.preview_text(),
            presenting: self.presenting,
            caption: match self
                .deck
                .slides
                .get(self.deck.slide)
                .map(|s| s.title.as_str())
            {
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
}

/// How long one export (a handout, a deck's TikZ) may spend replaying the
/// moves of slides not on screen, all slides together: exports run on the
/// page's main thread, so a heavy quantum slide is drawn at its position
/// with a note instead of blocking the page (issue 26).
pub const EXPORT_REPLAY_TIMEOUT: Timeout = Timeout { millis: 20 };

/// The budget every slide of one export replays on: the page's record
/// memory and [`EXPORT_REPLAY_TIMEOUT`] from now.
fn export_clock() -> Budget {
    crate::ui::referee::record_budget(Some(EXPORT_REPLAY_TIMEOUT))
}

/// A slide not on screen as a TikZ picture (no value: the session has no
/// answer for it); a slide whose moves no longer replay shows its drawing,
/// and one whose moves do not replay on `clock` says they are not drawn.
fn tikz_slide(slide: &Slide, number: (usize, usize), clock: &Budget) -> String {
    let title = Some(slide.title.as_str());
    let rules = &slide.setup.rules;
    let replayed = slide.game_within(clock);
    let undrawn = matches!(replayed, Ok(None));
    let game = replayed.ok().flatten();
    let req = match &game {
        Some(g) => g.analysis_request().map(|r| r.to_request()),
        None => Some(Request::new(slide.drawing.text(), rules.clone())),
    };
    let mut c = ExportCaption::new(title, rules, req.as_ref(), None);
    if undrawn {
        c.undrawn = slide.moves.len();
    }
    let play = game.as_ref().filter(|_| slide.view.play);
    tikz_picture(
        &slide.drawing,
        play,
        tikz::export_caption(&c, Some(number), None),
    )
}

/// `drawing` as the board of `play` shows it (`None`: as drawn), with its
/// labels and `caption`.
fn tikz_picture(drawing: &Drawing, play: Option<&Game>, caption: Vec<String>) -> String {
    let options = TikzOptions {
        labels: true,
        caption,
    };
    match play {
        Some(g) => {
            let partial = g.board().partial_labels();
            let standing = TikzStanding {
                colours: &g.board().colours,
                partial: &partial,
            };
            tikz::board_picture(drawing, Some(standing), &options)
        }
        None => tikz::board_picture(drawing, None, &options),
    }
}

/// Everything [`quantum_views::build`](crate::ui::quantum_views::build)
/// reads, for [`Session::quantum_views`]: the drawing itself (an editor's
/// revision starts again at 0 with each slide), the rules, the mode, the
/// palette, and in play the game's rules and moves up to the cursor, which
/// decide the board shown (its realisations, their count, the note on the
/// last move and the entanglement graph).
#[derive(Debug, PartialEq)]
pub struct QuantumViewsKey {
    drawing: Drawing,
    setup: Setup,
    play: bool,
    colour_blind: bool,
    game_setup: Setup,
    moves: Vec<SidedMove>,
    realisations: usize,
}

impl QuantumViewsKey {
    fn of(s: &Session) -> QuantumViewsKey {
        let g = &s.game;
        QuantumViewsKey {
            drawing: s.editor.drawing().clone(),
            setup: s.setup.clone(),
            play: s.mode == Mode::Play,
            colour_blind: s.view.colour_blind,
            game_setup: g.setup().clone(),
            moves: g.moves()[..g.cursor()].to_vec(),
            realisations: g.board().realisations.len(),
        }
    }
}

/// `text` with its first letter in upper case (the engine's texts are
/// ASCII: no Unicode case tables in the page's bundle for them).
pub(super) fn capitalised(text: &str) -> String {
    let mut text = text.to_string();
    if let Some(first) = text.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    text
}
