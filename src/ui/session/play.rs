//! Playing the board: cutting and picking edges, committing a move, the
//! rules and first player, takebacks, and what would fall with a cut.

use super::*;

/// The edges falling after a cut, and since when (the animation).
#[derive(Default)]
pub(super) struct Fall {
    labels: Vec<usize>,
    start: Option<f64>,
}

impl Fall {
    fn begin(&mut self, labels: Vec<usize>, now: f64) {
        self.labels = labels;
        self.start = Some(now);
    }

    pub(super) fn clear(&mut self) {
        self.labels.clear();
        self.start = None;
    }

    /// 0 as the cut is made .. 1 once everything has fallen (or nothing
    /// falls).
    pub(super) fn progress(&self, now: f64) -> f64 {
        match self.start {
            Some(t) => ((now - t) / FALL_MS).clamp(0.0, 1.0),
            None => 1.0,
        }
    }

    /// The labels still falling at `now`.
    pub(super) fn falling(&self, now: f64) -> Vec<usize> {
        if self.progress(now) < 1.0 {
            self.labels.clone()
        } else {
            Vec::new()
        }
    }
}

impl Session {
    /// A click (or Enter) on `label` in play: cut it, or pick it when the
    /// move takes several edges (synchronous and quantum rules).
    pub fn play_label(&mut self, label: usize, now: f64) -> Result<(), String> {
        self.check_not_replaying()?;
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
    pub(super) fn sync_pick(&mut self, label: usize) -> Result<(), String> {
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
    pub(super) fn secret_pick(&self) -> bool {
        self.game.to_move() == Side::Both && self.game.selection().len() == 1
    }

    /// Play the picked edges as one move.
    pub fn commit(&mut self, now: f64) -> Result<(), String> {
        self.check_not_replaying()?;
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

    pub(super) fn after_move(&mut self, before: crate::position::EdgeSet, now: f64) {
        let after = self.game.board().present();
        self.fall.begin(
            before.difference(after).iter().map(|i| i + 1).collect(),
            now,
        );
        self.clear_advice();
    }

    /// Is an animation running (the page keeps requesting frames)?
    pub fn animating(&self, now: f64) -> bool {
        self.fall.progress(now) < 1.0
    }

    // ---------- rules and play ----------

    /// Choose the ruleset; restarts the game.
    pub fn set_rules(&mut self, rules: Rules) {
        let setup = Setup {
            rules,
            first: self.setup.first,
        };
        self.game = new_game(&self.editor, &setup);
        self.setup = setup;
        self.game_revision = self.editor.revision();
        self.link_moves = None;
        self.clear_advice();
        if !self.single_cut_allowed() {
            self.superpose = true;
        }
    }

    pub fn set_first(&mut self, first: Player) {
        self.setup.first = first;
        self.game = new_game(&self.editor, &self.setup);
        self.link_moves = None;
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
        self.fall.clear();
        self.clear_advice();
        let took = self.game.takeback();
        while self.engine_player().is_some() && self.game.takeback() {}
        took
    }

    pub fn jump(&mut self, k: usize) {
        self.fall.clear();
        self.clear_advice();
        self.game.jump(k);
    }

    /// Restart play from the beginning (moves are forgotten).
    pub fn restart(&mut self) {
        self.game = new_game(&self.editor, &self.setup);
        self.link_moves = None;
        self.fall.clear();
        self.clear_advice();
    }

    // ---------- what falls with a cut ----------

    /// The edge the preview is about: hovered, else keyboard-focused.
    pub(super) fn preview_label(&self) -> Option<usize> {
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

    /// Quantum play: what committing the picked edges, with the hovered or
    /// focused one added, would do to the realisations (cutting it alone
    /// when not superposing). `None` when no person is to move or nothing
    /// is picked or hovered.
    pub fn move_preview(&self) -> Option<crate::ui::move_preview::MovePreview> {
        if self.mode != Mode::Play || !self.game.is_quantum() || self.game.result().is_some() {
            return None;
        }
        let p = match self.game.to_move() {
            Side::Left => Player::Left,
            Side::Right => Player::Right,
            Side::Both => return None,
        };
        if self.engine_player().is_some() && !self.engine_failed() {
            return None;
        }
        let hovered = self
            .preview_label()
            .filter(|&l| self.game.board().stands(l));
        let mut labels = if self.superpose {
            self.game.selection().to_vec()
        } else {
            Vec::new()
        };
        if let Some(h) = hovered.filter(|h| !labels.contains(h)) {
            labels.push(h);
        }
        labels.sort_unstable();
        crate::ui::move_preview::preview(&self.game, p, &labels)
    }

    /// Quantum play: why the picked edges, as they are, cannot be
    /// committed (the flavour or the width refuses them), if they cannot.
    pub fn picks_refused(&self) -> Option<String> {
        if self.mode != Mode::Play || !self.game.is_quantum() || self.game.result().is_some() {
            return None;
        }
        let p = match self.game.to_move() {
            Side::Left => Player::Left,
            Side::Right => Player::Right,
            Side::Both => return None,
        };
        let picked = self.game.selection();
        if picked.is_empty() || !self.superpose {
            return None;
        }
        let mut labels = picked.to_vec();
        labels.sort_unstable();
        crate::ui::move_preview::preview(&self.game, p, &labels)?.refused
    }

    pub(super) fn preview_text(&self) -> String {
        if self.game.is_quantum() {
            return self.move_preview().map(|m| m.summary).unwrap_or_default();
        }
        match self.preview() {
            None => String::new(),
            Some((l, fall)) if fall.is_empty() => format!("cutting {l} drops nothing else"),
            Some((l, fall)) => {
                let list: Vec<String> = fall.iter().map(|f| f.to_string()).collect();
                format!("cutting {l} drops {}", list.join(", "))
            }
        }
    }
}

/// The commit button's text for the picked edges.
pub(super) fn commit_text(g: &Game) -> String {
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
