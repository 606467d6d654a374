//! The engine's answers (advice on the board, strategies, best moves as
//! text), each tied to the request it answers, and the engine as opponent.

use super::*;
use crate::ui::answer_view::{AdviceView, MoveLine};

/// The engine's answers as the board shows them. Advice, marks and the
/// answer are shown (and the engine moves from them) only while
/// `answered` is the board's current request, so nothing ever shows a
/// value of another state.
#[derive(Default)]
pub(super) struct Answers {
    /// The request last handed to the page for the engine.
    pub(super) request: Option<AnalysisRequest>,
    /// The request that `advice`, `marks` and `answer` answer.
    pub(super) answered: Option<AnalysisRequest>,
    pub(super) advice: Vec<Advice>,
    /// Synchronous rules: each edge's probabilities in the optimal mixed
    /// strategies, as text for its label ("L 50%").
    pub(super) marks: Vec<Option<String>>,
    /// The engine's answer for `answered`, kept for the engine's move.
    pub(super) answer: Option<Answer>,
    /// The temperature theory of `answer`'s value (from the same reply).
    pub(super) thermal: Option<crate::analysis::ThermalAnswer>,
    /// The request whose analysis failed or was too large: while it is the
    /// board's, the engine will not move (the page says so; a person may
    /// play for it). Kept across mode switches, since the board is the same.
    pub(super) failed: Option<AnalysisRequest>,
}

impl Answers {
    /// Forget the answer on show (the failure stays with its request).
    pub(super) fn clear(&mut self) {
        self.advice.clear();
        self.marks.clear();
        self.answer = None;
        self.thermal = None;
        self.answered = None;
    }
}

impl Session {
    // ---------- the engine ----------

    /// What to ask the engine now (in edit mode: the drawing; in play: the
    /// board). Remembered, to map the answer's labels back.
    pub fn analysis_request(&mut self) -> Option<AnalysisRequest> {
        self.sync_game();
        let req = self.game.analysis_request();
        self.answers.request = req.clone();
        req
    }

    pub(super) fn clear_advice(&mut self) {
        self.answers.clear();
    }

    /// Is `r` the request for what the board shows now?
    pub(super) fn is_current(&self, r: &Option<AnalysisRequest>) -> bool {
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
        self.answers.request = self.game.analysis_request();
        self.set_answer(answer);
        Ok(())
    }

    /// The analysis of `request` failed or was stopped: while it is the
    /// board's request, the engine will not move.
    pub fn accept_failure(&mut self, request: &Request) -> Result<(), String> {
        if !self.answers_current(request) {
            return Err(STALE.into());
        }
        self.answers.request = self.game.analysis_request();
        self.analysis_failed();
        Ok(())
    }

    /// The analysis of the current board failed (see [`Self::analysis_failed`]).
    pub fn engine_failed(&self) -> bool {
        self.is_current(&self.answers.failed)
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
        if self.mode != Mode::Play || self.replay_pending() || self.game.result().is_some() {
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
        self.answers.failed = self.answers.request.clone();
    }

    /// Make the engine's move if it is its turn and its answer for this
    /// very board is on hand. `random` (uniform 32 bits) only samples a
    /// synchronous mixed strategy. Returns whether it moved.
    pub fn engine_move(&mut self, random: u32, now: f64) -> Result<bool, String> {
        let Some(p) = self.engine_player() else {
            return Ok(false);
        };
        // An answer for an earlier board must not drive a move here.
        if !self.is_current(&self.answers.answered) {
            return Ok(false);
        }
        let (Some(answer), Some(req)) = (&self.answers.answer, &self.answers.answered) else {
            return Ok(false);
        };
        match opponent::choose(answer, req, self.game.to_move(), p, random)? {
            EngineDecision::Pick(label) => {
                self.sync_pick(label)?;
                if self.game.selection().len() == 2 {
                    self.commit(now)?;
                }
            }
            EngineDecision::Play(m) => {
                let before = self.game.board().present();
                self.game.play(m)?;
                self.after_move(before, now);
            }
        }
        Ok(true)
    }

    pub(super) fn engine_text(&self) -> String {
        if !self.opponents.any_engine() || self.mode != Mode::Play {
            return String::new();
        }
        if self.engine_failed() {
            return opponent::CANNOT_MOVE.into();
        }
        match self.current_answer() {
            Some(a) => opponent::strength(a).into(),
            None if self.engine_player().is_some() => "The engine is thinking…".into(),
            None => String::new(),
        }
    }

    /// Show the engine's answer: advice on the board, and for synchronous
    /// rules both mixed strategies as percentages beside the edges.
    pub fn set_answer(&mut self, answer: &Answer) {
        self.set_report(answer);
        self.answers.answer = Some(answer.clone());
        self.answers.thermal = None;
        self.answers.failed = None;
        let n = self.editor.drawing().edges.len();
        let mut marks: Vec<Vec<String>> = vec![Vec::new(); n];
        if let (Some(req), Some(st)) = (&self.answers.request, &answer.strategies) {
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
        self.answers.marks = marks
            .into_iter()
            .map(|m| (!m.is_empty()).then(|| m.join(" · ")))
            .collect();
    }

    /// Synchronous rules: both optimal mixed strategies as a sentence, in
    /// board labels ("" otherwise).
    pub fn strategy_text(&self, answer: &Answer) -> String {
        let (Some(req), Some(st)) = (&self.answers.request, &answer.strategies) else {
            return String::new();
        };
        let side = |name: &str, ws: &[crate::analysis::Weight]| {
            let parts: Vec<String> = ws
                .iter()
                .filter(|w| w.probability != "0")
                .filter_map(|w| {
                    let b = req.board_label(&w.label.to_string())?;
                    Some(format!(
                        "edge {b} with probability {} ({}%)",
                        w.probability, w.percent
                    ))
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
        if let Some(req) = &self.answers.request {
            let mut mark = |m: &crate::analysis::MoveAdvice, side: Advice| {
                for b in req
                    .best_moves(m)
                    .iter()
                    .flat_map(|m| m.labels.iter().copied())
                {
                    if (1..=n).contains(&b) {
                        advice[b - 1] = match (advice[b - 1], side) {
                            (Advice::None, s) => s,
                            (a, s) if a == s => a,
                            _ => Advice::Both,
                        };
                    }
                }
            };
            if let Some(m) = &report.left_moves {
                mark(m, Advice::Left);
            }
            if let Some(m) = &report.right_moves {
                mark(m, Advice::Right);
            }
        }
        self.answers.advice = advice;
        self.answers.answered = self.answers.request.clone();
    }

    /// Best moves for the value panel, in board labels, with the
    /// synchronous strategies when there are any.
    pub fn advice_view(&self, report: &Answer) -> AdviceView {
        let Some(req) = &self.answers.request else {
            return AdviceView::default();
        };
        let line = |m: &Option<crate::analysis::MoveAdvice>, p: Player| -> Option<MoveLine> {
            Some(move_line(req, p, m.as_ref()?))
        };
        let strategies = self.strategy_text(report);
        AdviceView {
            lines: [
                line(&report.left_moves, Player::Left),
                line(&report.right_moves, Player::Right),
            ]
            .into_iter()
            .flatten()
            .collect(),
            strategies: (!strategies.is_empty()).then_some(strategies),
        }
    }
}

/// `p`'s best moves `advice` (the request's labels, as the engine numbers
/// its edges) as the board names them (`1+4`): a drawing with edges not
/// connected to the ground is asked about without them, so its labels
/// differ from the board's.
pub(super) fn move_line(
    req: &AnalysisRequest,
    p: Player,
    advice: &crate::analysis::MoveAdvice,
) -> MoveLine {
    MoveLine {
        player: player_name(p).into(),
        winning: advice.winning,
        moves: req
            .best_moves(advice)
            .iter()
            .map(|m| m.to_string())
            .collect(),
    }
}
