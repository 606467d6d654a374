//! Pointer and keyboard input: edit-mode gestures go to the editor,
//! play-mode clicks and keys pick or cut edges.

use super::*;

impl Session {
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
        crate::ui::editor::edge_at(&standing, p, r).and_then(|k| labels.get(k).copied())
    }

    /// Drop the picked edges (switching between picking and cutting).
    pub fn game_clear_selection(&mut self) {
        self.game.clear_selection();
    }

    /// Highlight `label` on the board (hovering it or its graph vertex).
    pub fn set_hover(&mut self, label: Option<usize>) {
        self.hover = label;
    }

    /// Highlight realisation `k` (0-based) on the board: the edges it
    /// lacks are faded (hovering its thumbnail).
    pub fn set_hover_realisation(&mut self, k: Option<usize>) {
        self.hover_realisation = k;
    }

    pub fn pointer_cancel(&mut self) {
        self.editor.pointer_cancel();
        self.sync_game();
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
                // the focused edge, like Space. A synchronous turn commits
                // once both have chosen: with Left's pick alone in, Enter
                // is Right's choice (it committed Left's alone, which threw
                // Left's choice away: a QA pass).
                "Enter" if self.ready_to_commit() => self.commit(now).map(|_| true),
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

    /// Whether the picked edges make a move to commit: any, or under
    /// synchronous rules both players' choices.
    fn ready_to_commit(&self) -> bool {
        let picked = self.game.selection().len();
        if self.game.to_move() == Side::Both {
            picked >= 2
        } else {
            picked > 0
        }
    }

    pub(super) fn edit_key(&mut self, key: &str, ctrl: bool, shift: bool) -> Result<bool, String> {
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

    pub(super) fn move_focus(&mut self, step: i32, is_tab: bool) -> bool {
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
}

/// Would stepping by `step` from `at` run off either end of `n` items?
fn leaves(at: Option<i64>, step: i32, n: usize) -> bool {
    match at {
        Some(k) => k + step as i64 >= n as i64 || k + (step as i64) < 0,
        None => n == 0,
    }
}
