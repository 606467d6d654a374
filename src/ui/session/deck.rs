//! Presenter mode, share links and the slide deck.

use super::*;
use crate::analysis::RulesKind;
use crate::ui::jobs::{Job, Replayed};
use crate::ui::play::{ReplayedState, SidedMove};

/// The slides of a presenter deck and which one is shown (empty until a
/// slide is added or a deck link opened: the board is then the only slide).
#[derive(Default)]
pub(super) struct Deck {
    pub(super) slides: Vec<Slide>,
    pub(super) slide: usize,
}

impl Deck {
    /// Move slide `from` to place `to` (both in range); the slide shown
    /// stays shown, wherever it ends up.
    fn reorder(&mut self, from: usize, to: usize) {
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
    }
}

/// A quantum slide's moves as a link carried them, while the game holds
/// fewer: being replayed by the worker (`pending`), or replayed only in
/// part (too large for the page). The slide's link keeps them until the
/// game leaves them (a new move, an edit, other rules).
#[derive(Clone, Debug)]
pub(super) struct LinkMoves {
    /// The slide as the `Job::Replay` names it (a one-slide fragment).
    pub(super) board: String,
    pub(super) moves: Vec<SidedMove>,
    pub(super) cursor: usize,
    pub(super) pending: bool,
}

/// The notice while the worker replays a link's moves.
pub const REPLAYING: &str = "Replaying the link's moves…";

impl Session {
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
        let k = self.deck.slide as i64 + step;
        if k >= 0 && (k as usize) < self.deck.slides.len() {
            self.go_to_slide(k as usize)?;
        }
        Ok(true)
    }

    // ---------- links and the deck ----------

    pub(super) fn current_slide(&self) -> Slide {
        let (moves, cursor) = match self.kept_link_moves() {
            Some(l) => (l.moves.clone(), l.cursor),
            None => (self.game.moves().to_vec(), self.game.cursor()),
        };
        Slide {
            drawing: self.editor.drawing().clone(),
            setup: self.setup.clone(),
            moves,
            cursor,
            view: View {
                play: self.mode == Mode::Play,
                ..self.view.clone()
            },
            title: self
                .deck
                .slides
                .get(self.deck.slide)
                .map(|s| s.title.clone())
                .unwrap_or_default(),
        }
    }

    /// The share-link fragment (without `#`) for the whole state.
    pub fn link(&self) -> String {
        share::encode(&self.shared())
    }

    /// Open a link fragment. On error nothing changes.
    pub fn open_link(&mut self, fragment: &str) -> Result<(), String> {
        self.open_shared(share::decode(fragment)?)
    }

    /// [`Self::open_link`] of a link already decoded.
    pub(super) fn open_shared(&mut self, shared: share::Shared) -> Result<(), String> {
        let slide = shared.slides[shared.current].clone();
        self.show_slide(slide)?;
        self.deck.slide = shared.current;
        self.opponents = shared.opponents;
        self.presenting = shared.presenting;
        // Kept even for one slide: its title travels on.
        self.deck.slides = shared.slides;
        self.fit();
        Ok(())
    }

    /// Why the link just opened shows fewer moves than it carries, if it
    /// does (its replay went past the page's memory).
    pub fn link_note(&self) -> Option<&str> {
        self.link_note.as_deref()
    }

    /// The link's moves, while the game holds only some of them.
    fn kept_link_moves(&self) -> Option<&LinkMoves> {
        self.link_moves.as_ref().filter(|l| {
            l.pending
                || (self.game.moves().len() < l.moves.len()
                    && l.moves.starts_with(self.game.moves()))
        })
    }

    /// Is the worker replaying the moves of the slide shown?
    pub fn replay_pending(&self) -> bool {
        self.link_moves.as_ref().is_some_and(|l| l.pending)
    }

    /// The worker's replay of this slide's moves, if one is wanted.
    pub(super) fn replay_job(&self) -> Option<Job> {
        let l = self.link_moves.as_ref().filter(|l| l.pending)?;
        Some(Job::Replay {
            board: l.board.clone(),
        })
    }

    pub(super) fn check_not_replaying(&self) -> Result<(), String> {
        if self.replay_pending() {
            return Err("the link's moves are still being replayed: a moment".into());
        }
        Ok(())
    }

    /// The worker's replay of `board`: installs the game if `board` is
    /// still the slide shown and waiting for it; else refused (stale).
    pub fn accept_replay(
        &mut self,
        board: &str,
        result: Result<Replayed, String>,
    ) -> Result<(), String> {
        let Some(l) = self
            .link_moves
            .as_ref()
            .filter(|l| l.pending && l.board == board)
        else {
            return Err(STALE.into());
        };
        let (moves, cursor) = (l.moves.clone(), l.cursor);
        let failed = |why: String| {
            format!("The link's moves were not replayed: {why}. The board shows the position before them; the link keeps them.")
        };
        let note = match result {
            Ok(r) => match self.replayed_game(&moves, cursor, r) {
                Ok(game) => {
                    let note = game.note().map(String::from);
                    self.game = game;
                    note
                }
                Err(e) => Some(failed(e)),
            },
            Err(e) => Some(failed(e)),
        };
        if let Some(l) = &mut self.link_moves {
            l.pending = false;
        }
        self.link_note = note;
        self.clear_advice();
        Ok(())
    }

    fn replayed_game(
        &self,
        moves: &[SidedMove],
        cursor: usize,
        r: Replayed,
    ) -> Result<Game, String> {
        let start = self.editor.drawing().position();
        let played = r.played.min(moves.len());
        let n = played + 1;
        if r.states.len() != n || r.legal.0.len() != 2 * n || r.notes.len() != n {
            return Err("the replay does not match the moves".into());
        }
        let states = r
            .states
            .into_iter()
            .zip(r.legal.0.chunks_exact(2))
            .zip(r.notes)
            .map(|((s, legal), note)| ReplayedState {
                realisations: s.0,
                legal: [legal[0], legal[1]],
                note,
            })
            .collect();
        let cursor = if played < moves.len() { played } else { cursor };
        Game::from_replayed(
            start,
            self.setup.clone(),
            moves[..played].to_vec(),
            states,
            cursor,
            r.note,
        )
    }

    pub(super) fn show_slide(&mut self, slide: Slide) -> Result<(), String> {
        // A quantum slide's moves are replayed by the worker (they may
        // take seconds and the page's whole record memory): the slide
        // opens at its position at once.
        let replayed_elsewhere =
            slide.setup.rules.kind() == RulesKind::Quantum && !slide.moves.is_empty();
        let game = if replayed_elsewhere {
            Game::new(slide.drawing.position(), slide.setup.clone())
        } else {
            slide.game()?
        };
        self.link_moves = replayed_elsewhere.then(|| LinkMoves {
            board: share::encode(&Shared::single(Slide {
                title: String::new(),
                ..slide.clone()
            })),
            moves: slide.moves.clone(),
            cursor: slide.cursor,
            pending: true,
        });
        self.link_note = if replayed_elsewhere {
            Some(REPLAYING.to_string())
        } else {
            game.note().map(String::from)
        };
        self.editor = Editor::new(slide.drawing);
        self.page.left_rules.keep(&self.setup.rules.parts());
        self.setup = slide.setup;
        self.game = game;
        self.game_revision = self.editor.revision();
        self.mode = if slide.view.play {
            Mode::Play
        } else {
            Mode::Edit
        };
        self.view = slide.view;
        self.open_panel();
        self.fit();
        self.clear_advice();
        self.fall.clear();
        self.focus = None;
        self.hover = None;
        Ok(())
    }

    /// Append the current state as a new slide of the deck and show it.
    pub fn add_slide(&mut self) {
        let current = self.current_slide();
        if self.deck.slides.is_empty() {
            self.deck.slides.push(current.clone());
        } else {
            self.deck.slides[self.deck.slide] = current.clone();
        }
        // A new slide starts untitled (its caption is its position).
        self.deck.slides.push(Slide {
            title: String::new(),
            ..current
        });
        self.deck.slide = self.deck.slides.len() - 1;
    }

    /// The deck as it is now (the current slide as shown), one slide at
    /// least.
    pub(super) fn save_current(&mut self) {
        let current = self.current_slide();
        if self.deck.slides.is_empty() {
            self.deck.slides.push(current);
            self.deck.slide = 0;
        } else {
            self.deck.slides[self.deck.slide] = current;
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
        self.deck.slides[self.deck.slide].title = title.to_string();
        Ok(())
    }

    /// Each slide's title, or its position text when it has none.
    pub fn slide_titles(&self) -> Vec<String> {
        if self.deck.slides.is_empty() {
            return vec![self.status().caption];
        }
        self.deck
            .slides
            .iter()
            .enumerate()
            .map(|(k, s)| {
                let s = if k == self.deck.slide {
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
        let n = self.deck.slides.len();
        if from >= n || to >= n {
            return Err(format!("there are {n} slides"));
        }
        self.deck.reorder(from, to);
        Ok(())
    }

    /// Delete slide `k` (the last one left stays); deleting the slide
    /// shown shows its neighbour.
    pub fn delete_slide(&mut self, k: usize) -> Result<(), String> {
        self.save_current();
        let n = self.deck.slides.len();
        if k >= n {
            return Err(format!("there is no slide {}", k + 1));
        }
        if n == 1 {
            return Err("the only slide cannot be deleted".into());
        }
        self.deck.slides.remove(k);
        if k == self.deck.slide {
            let next = k.min(n - 2);
            self.show_slide(self.deck.slides[next].clone())?;
            self.deck.slide = next;
        } else if k < self.deck.slide {
            self.deck.slide -= 1;
        }
        Ok(())
    }

    /// Show slide `k` of the deck (the current one is kept as it is now).
    pub fn go_to_slide(&mut self, k: usize) -> Result<(), String> {
        if k >= self.deck.slides.len() {
            return Err(format!("there is no slide {}", k + 1));
        }
        self.deck.slides[self.deck.slide] = self.current_slide();
        self.show_slide(self.deck.slides[k].clone())?;
        self.deck.slide = k;
        Ok(())
    }
}
