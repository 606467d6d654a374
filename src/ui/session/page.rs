//! The page as one view of the session, and actions applied to it
//! (see `ui::page`): every control, card and caption comes from
//! [`Session::page_view`], every event goes through [`Session::dispatch`].

use super::*;
use crate::analysis::{RulesKind, RulesParts, Stage};
use crate::ui::answer_view;
use crate::ui::jobs::{self, Job, JobAnswer, JobError, JobReply, Lane};
use crate::ui::page::{
    Action, BoardView, DeckView, Download, EditView, Effect, ExportFormat, HelpView, HistoryView,
    LinkScope, Notice, PageView, PickView, Place, PlayView, PresenterPanel, QrView, QuantumPanel,
    RulesView, ShareView, TextView, UiError, ValueState, ValueView, ViewOptions, Zoom,
};
use crate::ui::puzzle_link;
use crate::ui::thermograph::ThermalView;

/// The page's own state beside the board's: what is running, messages,
/// view options that do not travel with a slide, the open dialogs.
#[derive(Default)]
pub(super) struct PageState {
    /// Messages next to the controls that caused them.
    pub(super) notices: Vec<Notice>,
    /// The job each lane is working on, as the page reported it.
    pub(super) running: Vec<Job>,
    /// The analysis that gave no answer, why, and what its searches had
    /// proved before it stopped (shown while it is the board's question;
    /// Analyse asks again).
    pub(super) failed: Option<Failure>,
    pub(super) halos: bool,
    pub(super) caption: bool,
    pub(super) export_halos: bool,
    pub(super) export_caption: bool,
    pub(super) help: HelpView,
    pub(super) qr: Option<LinkScope>,
    pub(super) zoom: Option<usize>,
    /// The fragment last put in the address bar.
    pub(super) fragment: Option<String>,
    /// What a running analysis has found so far, with the job it belongs
    /// to (shown only while that job is the board's question).
    pub(super) stages: Option<(Job, Vec<Stage>)>,
    /// The question the person asked to keep computing past the page's
    /// time limit (Keep computing): its job runs [`jobs::EXTENDED_FACTOR`]
    /// times as long. Any other question, the board's next one included,
    /// runs at the page's limit.
    pub(super) extended: Option<Request>,
    /// The parts of the rulesets left last: chosen again, quantum rules
    /// come back with their flavour, width and labels, synchronous ones
    /// with theirs, as the person left them.
    pub(super) left_rules: LeftRules,
}

/// The parts of the quantum and synchronous rules last in force (see
/// [`PageState::left_rules`]).
#[derive(Default)]
pub(super) struct LeftRules {
    quantum: Option<RulesParts>,
    sync: Option<RulesParts>,
}

impl LeftRules {
    /// Remember `parts`, the rules in force, as their ruleset's last
    /// (when the rules change, or another slide is shown).
    pub(super) fn keep(&mut self, parts: &RulesParts) {
        let slot = match parts.kind {
            Some(RulesKind::Quantum) => &mut self.quantum,
            Some(RulesKind::Sync) => &mut self.sync,
            _ => return,
        };
        *slot = Some(parts.clone());
    }

    /// `parts` (a ruleset just chosen, `kind`) with that ruleset's parts
    /// as they were last left.
    fn recall(&self, parts: &mut RulesParts, kind: RulesKind) {
        match (kind, &self.quantum, &self.sync) {
            (RulesKind::Quantum, Some(q), _) => {
                parts.flavour = q.flavour;
                parts.width = q.width;
                parts.labels = q.labels;
            }
            (RulesKind::Sync, _, Some(s)) => {
                parts.conflict = s.conflict;
                parts.precision = s.precision.clone();
            }
            _ => {}
        }
    }
}

/// An analysis that stopped without its answer (too large, timed out,
/// cancelled, refused). The stages its searches had proved stay true of
/// the same state, so the card keeps them: a lecturer who waited for the
/// outcome and the bounds, and then met the page's budget, lost them with
/// the value.
#[derive(Clone, Debug)]
pub(super) struct Failure {
    pub(super) job: Job,
    pub(super) message: String,
    /// The proved stages (not the search's progress), in the order found.
    pub(super) proved: Vec<Stage>,
    /// Set when the page's time limit stopped a job that ran at that limit:
    /// how long the person may let it run if asked to keep computing
    /// (seconds).
    pub(super) may_extend_to: Option<u32>,
}

impl PageState {
    /// The analysis `job` stopped without its answer, for `message`: what
    /// its stages proved is kept with the failure.
    pub(super) fn fail(&mut self, job: Job, message: String) {
        let proved = match self.stages.take() {
            Some((j, known)) if j == job => known
                .into_iter()
                .filter(|s| !matches!(s, Stage::Searching { .. }))
                .collect(),
            other => {
                self.stages = other;
                Vec::new()
            }
        };
        self.failed = Some(Failure {
            job,
            message,
            proved,
            may_extend_to: None,
        });
    }

    /// The job of `request`: extended if the person asked to keep
    /// computing it.
    pub(super) fn analyse_job(&self, request: Request) -> Job {
        let extended = self.extended.as_ref() == Some(&request);
        Job::Analyse { request, extended }
    }

    /// Has `job` failed (and not been asked again since)?
    pub(super) fn has_failed(&self, job: &Job) -> bool {
        self.failed.as_ref().is_some_and(|f| f.job == *job)
    }

    pub(super) fn new() -> PageState {
        PageState {
            halos: true,
            caption: true,
            export_caption: true,
            ..PageState::default()
        }
    }
}

fn at(place: Place) -> impl Fn(String) -> UiError {
    move |m| UiError::at(place, m)
}

impl Session {
    // ---------------------------------------------------------- notices

    pub(super) fn say_at(&mut self, place: Place, text: impl Into<String>, error: bool) {
        self.page.notices.retain(|n| n.place != place);
        let text = text.into();
        if !text.is_empty() {
            self.page.notices.push(Notice { place, text, error });
        }
    }

    /// Whether values are hidden: by the person, or by a puzzle (whose
    /// answer they would give away). Every place that shows a value asks
    /// this.
    pub(super) fn values_hidden(&self) -> bool {
        self.view.hide_values || self.puzzle.is_some()
    }

    pub(super) fn quiet_at(&mut self, place: Place) {
        self.page.notices.retain(|n| n.place != place);
    }

    // -------------------------------------------------------- the engine

    /// The board's question, as a job (`None`: nothing to analyse).
    pub(super) fn analysis_job(&mut self) -> Option<Job> {
        let request = self.analysis_request()?.to_request();
        Some(self.page.analyse_job(request))
    }

    /// The questions the engine must answer for the state on screen, at
    /// most one per lane: the page sends those it has not sent, and
    /// cancels work no longer wanted.
    pub fn wanted_jobs(&mut self) -> Vec<Job> {
        let mut jobs = Vec::new();
        if let Some(job) = self.replay_job() {
            // The board's question waits for its moves.
            jobs.push(job);
        } else if let Some(job) = self.analysis_job() {
            let answered = self.is_current(&self.answers.answered);
            if !answered && !self.page.has_failed(&job) {
                jobs.push(job);
            }
        }
        if let Some(job) = self.wanted_teach_job() {
            jobs.push(job);
        }
        jobs
    }

    fn job_done(&mut self, reply: JobReply) {
        self.page.running.retain(|j| *j != reply.job);
        let job = reply.job.clone();
        match reply.job.lane() {
            Lane::Analysis => self.analysis_done(reply),
            Lane::Teach => self.teach_done(reply),
        }
        // A failure took the stages it keeps; an answer replaces them.
        if matches!(&self.page.stages, Some((j, _)) if *j == job) {
            self.page.stages = None;
        }
    }

    /// The worker's replay of a link's moves: installed if it is for the
    /// slide shown (a reply for a slide no longer shown is refused).
    fn replay_done(&mut self, board: &str, result: Result<jobs::Replayed, String>) {
        if self.accept_replay(board, result).is_ok() {
            match self.link_note().map(String::from) {
                Some(note) => self.say_at(Place::Opened, note, false),
                None => self.quiet_at(Place::Opened),
            }
        }
    }

    fn analysis_done(&mut self, reply: JobReply) {
        if let Job::Replay { board } = reply.job {
            let result = match reply.result {
                Ok(JobAnswer::Replayed { replay }) => Ok(*replay),
                Ok(_) => Err("the engine sent something else".to_string()),
                Err(e) => Err(e.to_string()),
            };
            self.replay_done(&board, result);
            return;
        }
        let Job::Analyse { request, .. } = &reply.job else {
            return;
        };
        match reply.result {
            Ok(JobAnswer::Analysis { answer, thermal }) => {
                // An answer for an earlier board is refused: nothing shows it.
                if self.accept_answer(request, &answer).is_ok() {
                    self.answers.thermal = thermal.map(|t| *t);
                    self.page.failed = None;
                }
            }
            Ok(_) => {}
            Err(e) => {
                if self.accept_failure(request).is_ok() {
                    self.page.fail(reply.job.clone(), e.to_string());
                }
            }
        }
    }

    fn job_stopped(&mut self, job: Job, message: String) {
        self.page.running.retain(|j| *j != job);
        match job.lane() {
            Lane::Analysis => {
                if let Job::Replay { board } = &job {
                    self.replay_done(board, Err(message.clone()));
                }
                if let Job::Analyse { request, .. } = &job {
                    if self.accept_failure(request).is_ok() {
                        self.page.fail(job, message);
                    }
                }
            }
            Lane::Teach => self.teach_done(JobReply {
                id: 0,
                job,
                result: Err(JobError::Stopped(message)),
            }),
        }
    }

    // ----------------------------------------------------------- dispatch

    /// Apply `action` at time `now` (milliseconds); returns what only the
    /// browser can do. A refused action says why next to the control that
    /// was used (also kept in the view's notices).
    pub fn dispatch(&mut self, action: Action, now: f64) -> Result<Vec<Effect>, UiError> {
        // Pointer moves and the engine's bookkeeping change nothing a link
        // carries: the address bar is not rewritten for them.
        let quiet = matches!(
            action,
            Action::PointerMove { .. }
                | Action::Hover { .. }
                | Action::PointerLeave
                | Action::HoverLabel(_)
                | Action::HoverRealisation(_)
                | Action::JobStarted { .. }
                | Action::Resize { .. }
        );
        let result = self.apply(action, now);
        if let Err(e) = &result {
            self.say_at(e.place, e.message.clone(), true);
        }
        self.after_action(now);
        let mut result = result;
        if !quiet {
            if let (Ok(effects), Some(f)) = (&mut result, self.fragment_change()) {
                effects.push(Effect::ReplaceFragment(f));
            }
        }
        result
    }

    /// The address bar keeps a link to the state on screen (a reload
    /// loses no work): the new fragment when it changed. A puzzle link
    /// stays as it was opened, since the board's link would drop its
    /// questions.
    fn fragment_change(&mut self) -> Option<String> {
        if self.puzzle.is_some() {
            return None;
        }
        let f = self.link();
        (self.page.fragment.as_deref() != Some(f.as_str())).then(|| {
            self.page.fragment = Some(f.clone());
            f
        })
    }

    /// What every action ends with: the puzzle follows the board, the
    /// address bar follows the state.
    fn after_action(&mut self, now: f64) {
        self.sync_game();
        self.puzzle_follow_board(now);
        self.teach_follow_board();
    }

    fn apply(&mut self, action: Action, now: f64) -> Result<Vec<Effect>, UiError> {
        let none = Ok(Vec::new());
        match action {
            Action::PointerDown { x, y } => {
                self.pointer_down(x, y);
            }
            Action::PointerMove { x, y } => self.pointer_move(x, y),
            Action::PointerUp { x, y } => {
                self.quiet_at(Place::Board);
                self.pointer_up(x, y, now).map_err(at(Place::Board))?;
            }
            Action::PointerCancel => self.pointer_cancel(),
            Action::Hover { x, y } => {
                if self.mode == Mode::Play {
                    let l = self.label_at(x, y);
                    self.set_hover(l);
                }
            }
            Action::PointerLeave => self.set_hover(None),
            Action::BoardKey { key, ctrl, shift } => {
                self.quiet_at(Place::Board);
                if self.puzzle.is_some() && self.mode == Mode::Edit {
                    return none;
                }
                let was = self.presenting;
                self.key(&key, ctrl, shift, now).map_err(at(Place::Board))?;
                if was != self.presenting {
                    return Ok(vec![Effect::Fullscreen(self.presenting)]);
                }
            }
            Action::PageKey { key, ctrl, shift } => return self.page_key(&key, ctrl, shift),
            Action::Resize { width, height } => {
                self.viewport.resize(width.max(1.0), height.max(1.0));
                self.fit();
            }

            Action::SetMode(mode) => {
                if mode == Mode::Edit && self.puzzle.is_some() {
                    return Err(UiError::at(
                        Place::Board,
                        "a puzzle's board cannot be edited",
                    ));
                }
                self.set_mode(mode);
            }
            Action::SetTool(t) => {
                self.editable()?;
                self.set_tool(t)
            }
            Action::SetColour(c) => {
                self.editable()?;
                self.set_colour(c).map_err(at(Place::Board))?
            }
            Action::Undo => {
                self.editable()?;
                self.undo()
            }
            Action::Redo => {
                self.editable()?;
                self.redo()
            }
            Action::Clear => {
                self.editable()?;
                self.clear()
            }
            Action::DeleteSelection => {
                self.editable()?;
                self.delete_selection().map_err(at(Place::Board))?
            }
            Action::SetText(text) => {
                self.editable_at(Place::Text)?;
                self.quiet_at(Place::Text);
                self.set_text(&text).map_err(at(Place::Text))?;
            }
            Action::Analyse(text) => {
                self.editable_at(Place::Text)?;
                self.quiet_at(Place::Text);
                if text.trim() != self.editor.text() {
                    self.set_text(&text).map_err(at(Place::Text))?;
                }
                // Asked again even if it failed or was stopped before.
                self.page.failed = None;
            }
            Action::LoadPreset(i) => {
                self.editable_at(Place::Presets)?;
                self.quiet_at(Place::Presets);
                self.load_preset(i).map_err(at(Place::Presets))?;
            }
            Action::LoadPresetForm { index, values } => {
                self.editable_at(Place::Presets)?;
                self.quiet_at(Place::Presets);
                let v: Vec<&str> = values.iter().map(String::as_str).collect();
                self.load_preset_form(index, &v)
                    .map_err(at(Place::Presets))?;
            }

            Action::SetRulesKind(kind) => self.change_rules(|p| {
                *p = RulesParts {
                    kind: Some(kind),
                    ..RulesParts::default()
                }
            })?,
            Action::SetFlavour(f) => self.change_rules(|p| p.flavour = f)?,
            Action::SetWidth(w) => self.change_rules(|p| p.width = w)?,
            Action::SetConflict(c) => self.change_rules(|p| p.conflict = c)?,
            Action::SetFirst(p) => {
                self.rules_editable()?;
                self.set_first(p)
            }
            Action::SetController { player, controller } => {
                if self.puzzle.is_some() {
                    return Err(UiError::at(Place::Board, "a puzzle decides who plays"));
                }
                self.set_controller(player, controller)
            }

            Action::Takeback => {
                self.takeback();
            }
            Action::Restart => self.restart(),
            Action::Jump(k) => self.jump(k),
            Action::Commit => {
                self.quiet_at(Place::Board);
                self.commit(now).map_err(at(Place::Board))?
            }
            Action::ClearPicks => self.game_clear_selection(),
            Action::SetSuperpose(on) => {
                self.superpose = on || !self.single_cut_allowed();
                self.game_clear_selection();
            }
            Action::HoverLabel(l) => self.set_hover(l),
            Action::HoverRealisation(k) => self.set_hover_realisation(k),
            Action::Zoom(k) => self.page.zoom = k,

            Action::SetHideValues(on) => {
                if self.puzzle.is_some() && !on {
                    return Err(UiError::at(
                        Place::Puzzle,
                        "values stay hidden while a puzzle is open",
                    ));
                }
                self.view.hide_values = on;
            }
            Action::SetColourBlind(on) => self.view.colour_blind = on,
            Action::SetHalos(on) => self.page.halos = on,
            Action::SetCaption(on) => self.page.caption = on,

            Action::AddSlide => {
                self.quiet_at(Place::Deck);
                self.add_slide()
            }
            Action::GoToSlide(k) => self.slide_to(k)?,
            Action::NextSlide => self.slide_to(self.deck.slide + 1)?,
            Action::PrevSlide => {
                let k = self
                    .deck
                    .slide
                    .checked_sub(1)
                    .ok_or_else(|| UiError::at(Place::Deck, "this is the first slide"))?;
                self.slide_to(k)?
            }
            Action::SetSlideTitle(t) => {
                self.quiet_at(Place::Deck);
                self.set_slide_title(&t).map_err(at(Place::Deck))?
            }
            Action::MoveSlide { from, to } => self.move_slide(from, to).map_err(at(Place::Deck))?,
            Action::DeleteSlide(k) => self.delete_slide(k).map_err(at(Place::Deck))?,
            Action::SetPresenting(on) => {
                if on != self.presenting {
                    self.set_presenting(on);
                    return Ok(vec![Effect::Fullscreen(on)]);
                }
            }
            Action::SetPresenterPanel(p) => {
                self.view.panel = p;
                self.open_panel();
            }

            Action::OpenLink(fragment) => {
                self.quiet_at(Place::Opened);
                let fragment = fragment.trim_start_matches('#').to_string();
                if fragment.is_empty() || fragment == self.link() {
                    return none;
                }
                // Decoded once, for the slides and for the puzzles.
                let opened = share::decode_with_puzzles(&fragment).and_then(|(shared, docs)| {
                    let puzzles = puzzle_link::puzzles_of(&shared, docs);
                    self.open_shared(shared).map(|()| puzzles)
                });
                let puzzles = match opened {
                    Ok(puzzles) => puzzles,
                    Err(e) => {
                        // The state shown is unchanged: the address bar links to
                        // it again (a reload shows what is on screen, not the
                        // error), and the message says what was wrong.
                        let message = format!("This link could not be opened: {e}");
                        self.say_at(Place::Opened, message, true);
                        self.page.fragment = None;
                        return none;
                    }
                };
                if let Some(note) = self.link_note().map(String::from) {
                    self.say_at(Place::Opened, note, false);
                }
                self.open_puzzles(&fragment, puzzles);
            }
            Action::CopyLink(scope) => {
                let place = if scope == LinkScope::Puzzle && self.puzzle.is_some() {
                    Place::PuzzleSet
                } else if scope == LinkScope::Puzzle {
                    Place::Puzzle
                } else {
                    Place::Link
                };
                let text = self
                    .link_for(scope)
                    .ok_or_else(|| UiError::at(place, "make the puzzle first"))?;
                return Ok(vec![Effect::Copy { place, text }]);
            }
            Action::Copied { place, ok } => {
                let text = if ok {
                    "Link copied."
                } else {
                    "Could not copy: select the link and copy it by hand."
                };
                self.say_at(place, text, !ok);
            }
            Action::ShowQr(scope) => {
                if self.link_for(scope).is_none() {
                    return Err(UiError::at(Place::Puzzle, "make the puzzle first"));
                }
                self.page.qr = Some(scope)
            }
            Action::CloseQr => self.page.qr = None,
            Action::SetExportHalos(on) => self.page.export_halos = on,
            Action::SetExportCaption(on) => self.page.export_caption = on,
            Action::Export(format) => {
                // Hidden values stay hidden in pictures too (a puzzle's
                // picture must not give the answer away).
                let hidden = self.values_hidden();
                let caption = self
                    .page
                    .export_caption
                    .then(|| self.export_caption().to_string());
                let halos = self.page.export_halos && !hidden;
                let (name, mime, content) = match format {
                    ExportFormat::Svg => (
                        "hackenbush.svg",
                        "image/svg+xml",
                        Download::Text(crate::ui::svg::to_svg_with_caption(
                            &self.export_scene(halos),
                            caption.as_deref(),
                        )),
                    ),
                    ExportFormat::Png => (
                        "hackenbush.png",
                        "image/png",
                        Download::Png { halos, caption },
                    ),
                    ExportFormat::Tikz => (
                        "hackenbush.tex",
                        "application/x-tex",
                        Download::Text(self.tikz_board(self.page.export_caption, hidden)),
                    ),
                };
                self.say_at(Place::Export, format!("Saved {name}."), false);
                return Ok(vec![Effect::Download {
                    name: name.into(),
                    mime: mime.into(),
                    content,
                }]);
            }
            Action::ExportDeckTikz => {
                let hidden = self.values_hidden();
                let name = "hackenbush-deck.tex";
                self.say_at(Place::Export, format!("Saved {name}."), false);
                return Ok(vec![Effect::Download {
                    name: name.into(),
                    mime: "application/x-tex".into(),
                    content: Download::Text(self.tikz_deck(hidden)),
                }]);
            }
            Action::PrintHandout => {
                return Ok(vec![Effect::Print {
                    html: self.handout(),
                }])
            }

            Action::SetIntro(on) => {
                self.page.help.intro = on;
                return Ok(vec![Effect::RememberIntro(on)]);
            }
            Action::SetShortcuts(on) => self.page.help.shortcuts = on,
            Action::SetLegend(on) => self.page.help.legend = on,

            Action::JobStarted { job } => {
                if !self.page.running.contains(&job) {
                    // A run starts with nothing known (not even what a
                    // cancelled run of the same question had found), but
                    // for the facts a run stopped by the time limit had
                    // proved, handed to the longer run (Keep computing).
                    if matches!(&self.page.stages, Some((j, _)) if j.lane() == job.lane() && *j != job)
                    {
                        self.page.stages = None;
                    }
                    self.page.running.retain(|j| j.lane() != job.lane());
                    self.page.running.push(job);
                }
            }
            Action::JobDone(reply) => self.job_done(*reply),
            Action::JobStage { job, stage } => {
                if self.page.running.contains(&job) {
                    let same = matches!(&self.page.stages, Some((j, _)) if *j == job);
                    if !same {
                        self.page.stages = Some((job, Vec::new()));
                    }
                    if let Some((_, known)) = &mut self.page.stages {
                        // How far a search got: only the latest report counts.
                        if matches!(*stage, Stage::Searching { .. }) {
                            known.retain(|s| !matches!(s, Stage::Searching { .. }));
                        }
                        known.push(*stage);
                    }
                }
            }
            Action::CancelLane(lane) => {
                let stopped: Vec<Job> = self
                    .page
                    .running
                    .iter()
                    .filter(|j| j.lane() == lane)
                    .cloned()
                    .collect();
                let message = match lane {
                    Lane::Analysis => "Cancelled: press Analyse (Enter) to compute again.",
                    Lane::Teach => "Stopped: explore the board again to compute it.",
                };
                for job in stopped {
                    self.job_stopped(job, message.into());
                }
            }
            Action::TimedOut { job, seconds } => {
                let message = match &job {
                    Job::Analyse { request, .. } => answer_view::stopped_message(request, seconds),
                    _ => format!("Stopped after {seconds} s: too large to compute here."),
                };
                // Stopped at the page's limit, an analysis may run longer
                // if the person asks; stopped at the longer limit, not.
                let may_extend_to = match &job {
                    Job::Analyse {
                        extended: false, ..
                    } => Some(seconds.saturating_mul(jobs::EXTENDED_FACTOR)),
                    _ => None,
                };
                self.job_stopped(job.clone(), message);
                if let Some(failure) = self.page.failed.as_mut().filter(|f| f.job == job) {
                    failure.may_extend_to = may_extend_to;
                }
            }
            Action::KeepComputing => {
                let offered = self
                    .analysis_job()
                    .filter(|job| {
                        self.page
                            .failed
                            .as_ref()
                            .is_some_and(|f| f.job == *job && f.may_extend_to.is_some())
                    })
                    .ok_or_else(|| {
                        UiError::at(
                            Place::Value,
                            "Nothing to keep computing: the page's time limit has not stopped the board's question.",
                        )
                    })?;
                if let Job::Analyse { request, .. } = offered {
                    self.page.extended = Some(request.clone());
                    // What the stopped run proved is true of the same
                    // question: the longer run starts from it.
                    let proved = self.page.failed.take().map(|f| f.proved);
                    let job = self.page.analyse_job(request);
                    self.page.stages = proved.map(|proved| (job, proved));
                    self.quiet_at(Place::Value);
                }
            }
            Action::EngineMove { random } => {
                self.quiet_at(Place::Board);
                self.engine_move(random, now).map_err(at(Place::Board))?;
            }

            teach => return self.apply_teach(teach, now),
        }
        none
    }

    /// Keys pressed outside the board and text fields.
    fn page_key(&mut self, key: &str, ctrl: bool, shift: bool) -> Result<Vec<Effect>, UiError> {
        if ctrl {
            match key {
                "z" | "Z" if !shift => {
                    self.editable()?;
                    self.undo();
                }
                "y" | "Y" | "z" | "Z" => {
                    self.editable()?;
                    self.redo();
                }
                _ => {}
            }
            return Ok(Vec::new());
        }
        match key {
            "?" => self.page.help.shortcuts = !self.page.help.shortcuts,
            "h" | "H" => self.page.halos = !self.page.halos,
            "v" | "V" if self.presenting => self.page.caption = !self.page.caption,
            "Escape" if self.page.help.shortcuts => self.page.help.shortcuts = false,
            "Escape" if self.page.qr.is_some() => self.page.qr = None,
            _ => {
                let was = self.presenting;
                self.presenter_key(key).map_err(at(Place::Deck))?;
                if was != self.presenting {
                    return Ok(vec![Effect::Fullscreen(self.presenting)]);
                }
            }
        }
        Ok(Vec::new())
    }

    fn slide_to(&mut self, k: usize) -> Result<(), UiError> {
        self.quiet_at(Place::Deck);
        self.go_to_slide(k).map_err(at(Place::Deck))?;
        self.puzzle_on_slide();
        Ok(())
    }

    fn editable(&self) -> Result<(), UiError> {
        self.editable_at(Place::Board)
    }

    fn editable_at(&self, place: Place) -> Result<(), UiError> {
        if self.puzzle.is_some() {
            return Err(UiError::at(place, "a puzzle's board cannot be edited"));
        }
        Ok(())
    }

    fn rules_editable(&self) -> Result<(), UiError> {
        if self.puzzle.is_some() {
            return Err(UiError::at(Place::Rules, "a puzzle's rules are fixed"));
        }
        Ok(())
    }

    /// Change one part of the rules; the parts of other rulesets are
    /// dropped, so what the pickers show is exactly the rules in force. A
    /// ruleset chosen again comes back with its parts as last left.
    fn change_rules(&mut self, f: impl FnOnce(&mut RulesParts)) -> Result<(), UiError> {
        self.rules_editable()?;
        self.quiet_at(Place::Rules);
        let was = self.setup.rules.kind();
        // `parts` names the kind in force (`Rules::parts`).
        let mut parts = self.setup.rules.parts();
        self.page.left_rules.keep(&parts);
        f(&mut parts);
        let kind = parts.kind.unwrap_or(RulesKind::Normal);
        if kind != was {
            self.page.left_rules.recall(&mut parts, kind);
        }
        if kind != RulesKind::Quantum {
            parts.flavour = None;
            parts.width = None;
            parts.labels = None;
        }
        if kind != RulesKind::Sync {
            parts.conflict = None;
            parts.precision = None;
        }
        let rules =
            Rules::from_parts(parts).map_err(|e| UiError::at(Place::Rules, e.to_string()))?;
        let played = self.game.moves().len();
        self.set_rules(rules);
        self.page.failed = None;
        // The game starts again under other rules: said, not done quietly
        // (a QA pass saw the moves vanish without a word).
        if played > 0 {
            let moves = if played == 1 { "move" } else { "moves" };
            self.say_at(
                Place::Rules,
                format!("New rules: the game starts again from the drawing (its {played} {moves} cleared)."),
                false,
            );
        }
        Ok(())
    }

    /// The full link of `scope` (the page's address and the fragment), if
    /// there is one.
    fn link_for(&self, scope: LinkScope) -> Option<String> {
        match scope {
            LinkScope::Deck => Some(self.full_link(&self.deck_link(false))),
            LinkScope::ThisSlide => Some(self.full_link(&self.deck_link(true))),
            // While a set is solved, its own link; else the puzzle made.
            LinkScope::Puzzle => match &self.puzzle {
                Some(run) => Some(self.full_link(&run.link)),
                None => self.teach.draft.link.as_ref().map(|f| self.full_link(f)),
            },
        }
    }

    // ---------------------------------------------------------- the view

    /// Everything the page shows, from this state.
    pub fn page_view(&self) -> PageView {
        let status = self.status();
        let play = self.mode == Mode::Play;
        let puzzle = self.puzzle.is_some();
        let hidden = self.values_hidden();
        let value = self.value_view(hidden);
        let preview = self.move_preview();
        // Whether the picks themselves may be committed (the preview also
        // counts a hovered or focused edge, which is not picked).
        let refused = self.picks_refused();
        let commit =
            (!status.commit.is_empty() && refused.is_none()).then(|| status.commit.clone());
        PageView {
            mode: self.mode,
            presenting: self.presenting,
            // A slide's matrix panel shows the value while its rules are not
            // synchronous (the panel comes back with them).
            presenter_panel: match self.view.panel {
                PresenterPanel::Matrix if self.setup.rules.kind() != RulesKind::Sync => {
                    PresenterPanel::Value
                }
                p => p,
            },
            board: self.board_view(&status, &value, hidden),
            edit: EditView {
                tool: self.editor.tool,
                colour: self.editor.colour,
                can_undo: status.can_undo && !puzzle,
                can_redo: status.can_redo && !puzzle,
                can_delete: self.editor.selection() != Selection::None && !puzzle,
                locked: puzzle,
            },
            play: PlayView {
                left: self.opponents.left,
                right: self.opponents.right,
                first: self.setup.first,
                players_locked: puzzle,
                can_takeback: status.cursor > 0,
                can_restart: !self.game.moves().is_empty(),
                game_over: status.game_over,
                pick: (play && status.quantum).then_some(PickView {
                    superpose: self.superpose,
                    single_cut: status.single_cut,
                }),
                picked: if self.secret_pick() {
                    Vec::new()
                } else {
                    status.picked.clone()
                },
                commit,
                refused,
            },
            rules: self.rules_view(puzzle),
            text: TextView {
                text: status.text.clone(),
                revision: status.revision,
            },
            value,
            options: ViewOptions {
                hide_values: hidden,
                hide_locked: puzzle,
                colour_blind: self.view.colour_blind,
                halos: self.page.halos,
                caption: self.page.caption,
                export_halos: self.page.export_halos,
                export_caption: self.page.export_caption,
            },
            history: HistoryView {
                entries: std::iter::once("Start".to_string())
                    .chain(
                        status
                            .history
                            .iter()
                            .enumerate()
                            .map(|(k, h)| format!("{}. {h}", k + 1)),
                    )
                    .collect(),
                cursor: status.cursor,
            },
            quantum: self.quantum_views().map(|views| QuantumPanel {
                zoom: self.page.zoom.and_then(|k| {
                    let svg = self.realisation_svg(k, 720.0, 480.0)?;
                    let labels = views.thumbs.get(k).map(|t| t.labels.clone())?;
                    Some(Zoom {
                        index: k,
                        svg,
                        caption: format!(
                            "Realisation {} of {}: edges {}",
                            k + 1,
                            views.count,
                            if labels.is_empty() {
                                "none".into()
                            } else {
                                labels
                                    .iter()
                                    .map(|l| l.to_string())
                                    .collect::<Vec<_>>()
                                    .join(" ")
                            }
                        ),
                    })
                }),
                views,
                preview,
                hot: self.hover,
                hot_realisation: self.hover_realisation,
            }),
            deck: DeckView {
                slides: self.slide_titles(),
                current: self.deck.slide,
                title: self
                    .deck
                    .slides
                    .get(self.deck.slide)
                    .map(|s| s.title.clone())
                    .unwrap_or_default(),
            },
            share: ShareView {
                fragment: self.link(),
                qr: self.page.qr.and_then(|scope| {
                    let link = self.link_for(scope)?;
                    Some(QrView {
                        scope,
                        svg: crate::ui::qr::qr_svg(&link).map_err(|e| e.to_string()),
                        link,
                    })
                }),
            },
            teach: self.teach_view(),
            puzzle: self.puzzle_view(),
            help: self.page.help.clone(),
            notices: self.page.notices.clone(),
        }
    }

    /// The caption above the board and the lines under it.
    fn board_view(&self, status: &Status, value: &ValueView, hidden: bool) -> BoardView {
        let play = self.mode == Mode::Play;
        let (caption_value, caption_outcome) = match (&value.state, hidden || !self.page.caption) {
            (ValueState::Answer(a), false) => (a.caption_value.clone(), a.caption_outcome.clone()),
            // A value too large for the page: who wins, if that was proved.
            (
                ValueState::Failed {
                    outcome: Some(o), ..
                },
                false,
            ) => (
                String::new(),
                format!("{}; no value computed", answer_view::outcome_line(*o)),
            ),
            // A long value: the class sees that it is coming, and who wins
            // as soon as a search has proved it.
            // The value known before the best moves: the class sees it.
            (
                ValueState::Computing {
                    outcome,
                    value: Some(value),
                    ..
                },
                false,
            ) => (
                answer_view::caption_value(value),
                match outcome {
                    Some(o) => format!("{}; best moves are coming…", answer_view::outcome_line(*o)),
                    None => "best moves are coming…".into(),
                },
            ),
            (ValueState::Computing { outcome, .. }, false) => (
                String::new(),
                match outcome {
                    Some(o) => format!("{}; the value is coming…", answer_view::outcome_line(*o)),
                    // Misère play's answer is an outcome class.
                    None if self.setup.rules.kind() == RulesKind::Misere => {
                        "computing the misère outcome…".into()
                    }
                    None => "computing the value…".into(),
                },
            ),
            _ => (String::new(), String::new()),
        };
        let quantum_turn = play && status.quantum && !status.game_over;
        let turn = if !play {
            if self.presenting {
                String::new()
            } else {
                "Editing: drag from the ground or a vertex to draw an edge.".into()
            }
        } else {
            status.turn.clone()
        };
        // How to pick is for whoever works the page, and the buttons say
        // it; on a projector the class needs whose turn it is.
        let turn_how = if quantum_turn && !self.presenting {
            if self.superpose {
                "Click edges to pick them, then Commit (Enter)."
            } else {
                "Click an edge to cut it alone."
            }
        } else {
            ""
        };
        let slides = self.deck.slides.len().max(1);
        BoardView {
            caption: status.caption.clone(),
            slide_of: (slides > 1).then(|| format!("{}/{}", self.deck.slide + 1, slides)),
            caption_rules: format!("Rules: {}", answer_view::rules_phrase(&self.setup.rules)),
            caption_value,
            caption_outcome,
            caption_pending: matches!(value.state, ValueState::Computing { .. }),
            turn,
            turn_how: turn_how.into(),
            preview: status.preview.clone(),
            engine_note: status.engine.clone(),
            engine_blocked: status.engine_blocked,
            ungrounded: match status.ungrounded {
                0 => String::new(),
                n if !play => format!(
                    "{n} edge{} not connected to the ground (drawn faded; they fall when play starts).",
                    if n == 1 { "" } else { "s" }
                ),
                _ => String::new(),
            },
            description: self.board_description(),
            fit_height: play.then(|| self.viewport.height_to_fit(self.editor.drawing())),
        }
    }

    fn rules_view(&self, locked: bool) -> RulesView {
        let rules = &self.setup.rules;
        let p = rules.parts();
        RulesView {
            kind: rules.kind(),
            flavour: p.flavour,
            width: p.width,
            conflict: p.conflict,
            card: answer_view::rule_card(rules),
            locked,
        }
    }

    fn value_view(&self, hidden: bool) -> ValueView {
        let mut thermal = None;
        let state = match self.game.analysis_request() {
            None => ValueState::Empty,
            Some(req) => {
                let request = req.to_request();
                let job = self.page.analyse_job(request.clone());
                let what = answer_view::describe(&request);
                match (&self.answers.answer, &self.page.failed) {
                    (Some(a), _) if self.is_current(&self.answers.answered) => {
                        let view = answer_view::view(&request, a, self.advice_view(a));
                        // Hidden values hide their thermograph too.
                        thermal = self
                            .answers
                            .thermal
                            .as_ref()
                            .filter(|_| !hidden)
                            .and_then(|t| ThermalView::new(&view.pretty, t));
                        ValueState::Answer(Box::new(view))
                    }
                    (_, Some(failure)) if failure.job == job => {
                        // What a stopped analysis proved is hidden with the
                        // values, as while it computed.
                        let proved = if hidden { &[] } else { &failure.proved[..] };
                        ValueState::Failed {
                            what,
                            message: failure.message.clone(),
                            known: known_lines(proved, &req),
                            outcome: outcome_of(proved),
                            may_extend_to: failure.may_extend_to,
                        }
                    }
                    _ if self.page.running.contains(&job) => {
                        // Partial answers are answers: hidden with the values.
                        let known = match &self.page.stages {
                            Some((j, known)) if *j == job && !hidden => known.as_slice(),
                            _ => &[],
                        };
                        ValueState::Computing {
                            what,
                            known: known_lines(known, &req),
                            outcome: outcome_of(known),
                            value: value_of(known),
                        }
                    }
                    _ => ValueState::Idle,
                }
            }
        };
        ValueView {
            hidden,
            state,
            thermal,
        }
    }

    /// The canvas's accessible description: what is drawn and how to use it.
    fn board_description(&self) -> String {
        let edges = self.game.board().present().len();
        let what = match self.mode {
            Mode::Edit => {
                "In editing, drag to draw; b r g x recolour, Delete removes, Ctrl+Z undoes."
            }
            Mode::Play => "Arrow keys or Tab select an edge; Enter cuts it.",
        };
        format!(
            "Hackenbush board, {edges} edge{}. {what}",
            if edges == 1 { "" } else { "s" }
        )
    }

    /// A share link of the deck (the board as one slide when there is no
    /// deck), opening at its first slide unless `here`.
    pub fn deck_link(&self, here: bool) -> String {
        let mut shared = self.shared();
        if !here {
            shared.current = 0;
        }
        share::encode(&shared)
    }

    /// Everything a link carries, the current slide as shown now.
    pub(super) fn shared(&self) -> Shared {
        let mut slides = self.deck.slides.clone();
        if slides.is_empty() {
            slides.push(self.current_slide());
        } else {
            slides[self.deck.slide] = self.current_slide();
        }
        Shared {
            slides,
            current: self.deck.slide,
            opponents: self.opponents,
            presenting: self.presenting,
        }
    }

    /// The share fragment of the slide on screen alone: what the teaching
    /// jobs name the board by.
    pub(super) fn board_fragment(&self) -> String {
        share::encode(&Shared::single(self.current_slide()))
    }
}

/// The outcome class among `known` stages, once one has proved it.
fn outcome_of(known: &[Stage]) -> Option<crate::game::Outcome> {
    known.iter().find_map(|s| match s {
        Stage::Outcome { outcome } => Some(*outcome),
        _ => None,
    })
}

/// A player's best moves as the card lists them while the rest of the
/// answer is coming: on the board's labels, worded and folded as the
/// answer's own line ([`answer_view::MoveLine::folded_text`]), where the
/// whole list of a wide quantum state (a hundred moves and more) filled
/// the card.
fn best_moves_line(
    req: &crate::ui::play::AnalysisRequest,
    player: &str,
    winning: bool,
    labels: &[String],
) -> String {
    let advice = crate::analysis::MoveAdvice {
        winning,
        labels: labels.to_vec(),
    };
    match player.parse() {
        Ok(p) => super::advice::move_line(req, p, &advice).folded_text(),
        // Never sent: stages name players `L` or `R`.
        Err(_) => labels.join(" "),
    }
}

/// The value as a value stage shows it: the people-friendly form, or the
/// plain one; `None` for another stage, or a value too long to print.
fn shown_value(stage: &Stage) -> Option<String> {
    match stage {
        Stage::Value { value, pretty } => {
            let shown = if pretty.is_empty() { value } else { pretty };
            (!shown.is_empty()).then(|| shown.clone())
        }
        _ => None,
    }
}

/// The value among `known` stages, once it is known ([`shown_value`]).
fn value_of(known: &[Stage]) -> Option<String> {
    known.iter().find_map(shown_value)
}

/// A stage as the value card shows it: capitalised, labelled with what it
/// is ("Outcome (by search): …", "Bound: …"); the value in the
/// people-friendly form the answer will show.
fn stage_line(stage: &Stage) -> String {
    match stage {
        Stage::Value { .. } => match shown_value(stage) {
            Some(v) => format!("Value: {v}"),
            None => "Value: too long to print here".into(),
        },
        _ => super::view::capitalised(&stage.to_string()),
    }
}

/// The stages known so far as the value card lists them: each on a line
/// ([`stage_line`]), but the bounds on the value as one line, in the place
/// of the first, with the tightest bound of each side ("Bounds: the value
/// is more than -3 and less than -11/4"), where six lines of bounds, each
/// looser than the next, hid what is known. The latest bound of a side is
/// its tightest: each comparison is with a number strictly between the
/// bounds before it (`analysis::quantum::staged_facts`). Exact numbers
/// and confusion end the comparisons and keep their own lines; the
/// search's progress is the last line.
fn known_lines(known: &[Stage], req: &crate::ui::play::AnalysisRequest) -> Vec<String> {
    use crate::analysis::BoundRelation;
    let mut lines = Vec::with_capacity(known.len());
    let mut bounds_at = None;
    let (mut more, mut less, mut searching) = (None, None, None);
    for stage in known {
        match stage {
            // The move on the board's labels, worded as the stage says it.
            Stage::WinningMove { player, labels } => lines.push(stage_line(&Stage::WinningMove {
                player: player.clone(),
                labels: req
                    .board_move(labels)
                    .map_or_else(String::new, |m| m.to_string()),
            })),
            Stage::BestMoves {
                player,
                winning,
                labels,
            } => lines.push(best_moves_line(req, player, *winning, labels)),
            Stage::Bound {
                relation: relation @ (BoundRelation::Greater | BoundRelation::Less),
                number,
            } => {
                bounds_at.get_or_insert(lines.len());
                match relation {
                    BoundRelation::Greater => more = Some((stage, number)),
                    _ => less = Some((stage, number)),
                }
            }
            // How far the search got comes last, under what it found.
            Stage::Searching { .. } => searching = Some(stage),
            _ => lines.push(stage_line(stage)),
        }
    }
    let line = match (more, less) {
        (Some((_, lo)), Some((_, hi))) => Some(format!(
            "Bounds: the value is more than {lo} and less than {hi}"
        )),
        (Some((one, _)), None) | (None, Some((one, _))) => Some(stage_line(one)),
        (None, None) => None,
    };
    if let (Some(at), Some(line)) = (bounds_at, line) {
        lines.insert(at, line);
    }
    lines.extend(searching.map(searching_line));
    lines
}

/// How far a long search got, as the value card says it: the states in
/// groups of three digits, and no clock. The card's busy line counts the
/// seconds since the request; the search's own clock (what the CLI
/// prints) started later and was read at its last report, so the card
/// said "computing… 9 s" over "8.0 s".
fn searching_line(stage: &Stage) -> String {
    match *stage {
        Stage::Searching {
            states,
            charged_bytes,
            ..
        } => format!(
            "Searching: {} states so far, {} MiB of tables",
            crate::ui::answer_view::grouped(states),
            charged_bytes >> 20
        ),
        _ => stage_line(stage),
    }
}
