//! The teaching panel's state: the game-tree explorer, the synchronous
//! payoff matrix and the puzzle maker, each following the board on
//! screen. Their answers come from the engine's teach lane and are kept
//! with the job they answer, so a panel never shows another state's tree.

use super::*;
use crate::analysis::RulesKind;
use crate::puzzle::{Puzzle, Question};
use crate::ui::board_matrix::{self, BoardMatrix};
use crate::ui::jobs::{Job, JobAnswer, JobReply};
use crate::ui::page::{
    Action, DraftView, Effect, Panel, Place, PresenterPanel, TeachView, UiError,
};
use crate::ui::puzzle_board::{self, BoardExploration};
use crate::ui::puzzle_link;
use crate::ui::thermograph::ThermalView;

/// What a finished solve was asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum DraftIntent {
    /// Make the link (of the set, with this puzzle last).
    Make,
    /// Keep the puzzle in the set.
    Add,
}

#[derive(Default)]
pub(super) struct Draft {
    pub(super) question: Question,
    pub(super) title: String,
    pub(super) hint: String,
    pub(super) set: Vec<Puzzle>,
    /// The puzzle set's link fragment, once made.
    pub(super) link: Option<String>,
    /// A puzzle being checked for a solution before it is kept.
    pub(super) pending: Option<(Job, Puzzle, DraftIntent)>,
}

#[derive(Default)]
pub(super) struct Teach {
    pub(super) explorer_open: bool,
    /// The explorer's steps from the board's state (engine labels with
    /// their player, `L:3`), and the board they started from.
    pub(super) path: Vec<String>,
    pub(super) path_board: String,
    pub(super) exploration: Option<(Job, Result<BoardExploration, String>)>,
    pub(super) matrix_open: bool,
    pub(super) matrix: Option<(Job, Result<BoardMatrix, String>)>,
    pub(super) draft: Draft,
    /// Where the page's links point (`https://host/path`), set by the page.
    pub(super) base_url: String,
}

impl Session {
    /// Where links made by the page point (the page's own address).
    pub fn set_base_url(&mut self, url: &str) {
        self.teach.base_url = url.split('#').next().unwrap_or_default().to_string();
    }

    /// A full link for a fragment.
    pub(super) fn full_link(&self, fragment: &str) -> String {
        format!("{}#{fragment}", self.teach.base_url)
    }

    // The explorer's and the matrix's jobs name the board by its share
    // fragment, a deflated link: made only while their panel is open, as
    // the page asks for these jobs at every action it applies and at
    // every view it builds.
    fn explore_job(&self) -> Option<Job> {
        // (None under rules whose values are no canonical forms: the
        // panel says why, see `no_tree`.)
        (self.teach.explorer_open && no_tree(self.game.setup().rules.kind()).is_none()).then(|| {
            Job::Explore {
                board: self.board_fragment(),
                path: self.teach.path.clone(),
                colour_blind: self.view.colour_blind,
                values: !self.values_hidden(),
            }
        })
    }

    fn matrix_job(&self) -> Option<Job> {
        (self.teach.matrix_open && self.setup.rules.kind() == RulesKind::Sync).then(|| {
            Job::Matrix {
                board: self.board_fragment(),
            }
        })
    }

    /// The teach lane's next question: a puzzle's, then the maker's, the
    /// explorer's and the matrix's, each only while unanswered.
    pub(super) fn wanted_teach_job(&self) -> Option<Job> {
        if let Some(job) = self.wanted_puzzle_job() {
            return Some(job);
        }
        if let Some((job, ..)) = &self.teach.draft.pending {
            return Some(job.clone());
        }
        if let Some(job) = self.explore_job() {
            if !answered(&self.teach.exploration, &job) {
                return Some(job);
            }
        }
        if let Some(job) = self.matrix_job() {
            if !answered(&self.teach.matrix, &job) {
                return Some(job);
            }
        }
        None
    }

    /// A teach-lane answer: kept only for the job still wanted.
    pub(super) fn teach_done(&mut self, reply: JobReply) {
        if self.puzzle_done(&reply) {
            return;
        }
        let error = |e: &crate::ui::jobs::JobError| e.to_string();
        match (&reply.job, reply.result) {
            (Job::Explore { .. }, result) if self.explore_job().as_ref() == Some(&reply.job) => {
                let r = match result {
                    Ok(JobAnswer::Exploration { board }) => Ok(*board),
                    Ok(_) => return,
                    Err(e) => Err(error(&e)),
                };
                self.teach.exploration = Some((reply.job, r));
            }
            (Job::Matrix { .. }, result) if self.matrix_job().as_ref() == Some(&reply.job) => {
                let r = match result {
                    Ok(JobAnswer::Matrix { board }) => Ok(*board),
                    Ok(_) => return,
                    Err(e) => Err(error(&e)),
                };
                self.teach.matrix = Some((reply.job, r));
            }
            (Job::Solve { .. }, result) => {
                let Some((job, puzzle, intent)) = self.teach.draft.pending.take() else {
                    return;
                };
                if job != reply.job {
                    self.teach.draft.pending = Some((job, puzzle, intent));
                    return;
                }
                match result {
                    Ok(_) => self.keep_puzzle(puzzle, intent),
                    Err(e) => self.say_at(Place::Puzzle, e.to_string(), true),
                }
            }
            _ => {}
        }
    }

    fn keep_puzzle(&mut self, puzzle: Puzzle, intent: DraftIntent) {
        match intent {
            DraftIntent::Add => {
                // The set's size is in the maker's view; nothing to say.
                self.teach.draft.set.push(puzzle);
                self.quiet_at(Place::Puzzle);
            }
            DraftIntent::Make => {
                let mut set = self.teach.draft.set.clone();
                set.push(puzzle);
                match puzzle_link::puzzle_fragment(&set) {
                    Ok(f) => {
                        self.teach.draft.link = Some(f);
                        self.say_at(Place::Puzzle, "Puzzle link made.", false);
                    }
                    Err(e) => self.say_at(Place::Puzzle, e.to_string(), true),
                }
            }
        }
    }

    /// A follow-up of the board: an explorer deeper than the board's state
    /// goes back to it when the board changes.
    pub(super) fn teach_follow_board(&mut self) {
        if !self.teach.explorer_open {
            return;
        }
        let board = self.board_fragment();
        if self.teach.path_board != board {
            self.teach.path.clear();
            self.teach.path_board = board;
        }
    }

    /// The puzzle the maker would pose on the board now.
    fn draft_puzzle(&self) -> Result<Puzzle, UiError> {
        let board = puzzle_board::read_board(&self.board_fragment())
            .map_err(|e| UiError::at(Place::Puzzle, e))?;
        let r = puzzle_board::puzzle_request(&board).map_err(|e| UiError::at(Place::Puzzle, e))?;
        Ok(Puzzle {
            position: r.position,
            rules: r.rules,
            moves: r.moves,
            first: r.first,
            question: self.teach.draft.question,
            title: self.teach.draft.title.clone(),
            hint: self.teach.draft.hint.clone(),
        })
    }

    /// Show the content of the slide's presenter panel at once (the
    /// explorer from the slide's state), not a button to ask for it.
    pub(super) fn open_panel(&mut self) {
        match self.view.panel {
            PresenterPanel::Value => {}
            PresenterPanel::Explorer => {
                self.teach.explorer_open = true;
                self.teach.path.clear();
                self.teach.path_board = self.board_fragment();
            }
            PresenterPanel::Matrix => self.teach.matrix_open = true,
        }
    }

    pub(super) fn apply_teach(&mut self, action: Action, now: f64) -> Result<Vec<Effect>, UiError> {
        match action {
            Action::SetExplorerOpen(on) => {
                self.teach.explorer_open = on;
                self.teach.path.clear();
                self.teach.path_board = self.board_fragment();
            }
            Action::ExploreStep(step) => {
                self.teach.path.push(step);
            }
            Action::ExploreBack => {
                self.teach.path.pop();
            }
            Action::SetMatrixOpen(on) => self.teach.matrix_open = on,
            Action::MatrixStep { left, right } => {
                let next = board_matrix::step_into_cell(&self.board_fragment(), left, right)
                    .map_err(|e| UiError::at(Place::Explorer, e))?;
                let shared = share::decode(&next).map_err(|e| UiError::at(Place::Explorer, e))?;
                let slide = shared.slides[shared.current].clone();
                let before = self.game.board().present();
                let title = self.current_slide().title;
                self.show_slide(Slide { title, ..slide })
                    .map_err(|e| UiError::at(Place::Explorer, e))?;
                self.after_move(before, now);
            }
            Action::SetDraftQuestion(q) => self.teach.draft.question = q,
            Action::SetDraftTitle(t) => self.teach.draft.title = t,
            Action::SetDraftHint(h) => self.teach.draft.hint = h,
            Action::MakePuzzle | Action::AddPuzzleToSet => {
                let intent = if action == Action::MakePuzzle {
                    DraftIntent::Make
                } else {
                    DraftIntent::Add
                };
                let puzzle = self.draft_puzzle()?;
                self.teach.draft.link = None;
                self.say_at(
                    Place::Puzzle,
                    "Checking that the puzzle has an answer…",
                    false,
                );
                let job = Job::Solve {
                    puzzle: puzzle.clone(),
                };
                self.teach.draft.pending = Some((job, puzzle, intent));
            }
            other => return self.apply_puzzle(other, now),
        }
        Ok(Vec::new())
    }

    pub(super) fn teach_view(&self) -> TeachView {
        let explorer = match no_tree(self.setup.rules.kind()) {
            Some(why) if self.teach.explorer_open => Panel::Failed(why.into()),
            _ => panel(self.explore_job(), &self.teach.exploration),
        };
        // Hidden values are hidden in the tree too (the options stay, to
        // be walked through without their values).
        let hidden = self.values_hidden();
        let explorer = match explorer {
            Panel::Ready(b) if hidden => Panel::Ready(Box::new(b.without_values())),
            other => other,
        };
        let explorer_thermal = match &explorer {
            Panel::Ready(b) => b
                .thermal
                .as_ref()
                .and_then(|t| ThermalView::new(&b.exploration.pretty, t)),
            _ => None,
        };
        TeachView {
            explorer_open: self.teach.explorer_open,
            explorer,
            explorer_thermal,
            path: self
                .teach
                .exploration
                .as_ref()
                .and_then(|(_, r)| r.as_ref().ok())
                .map(|b| b.path.clone())
                .filter(|p| p.len() == self.teach.path.len())
                .unwrap_or_default(),
            matrix_offered: self.setup.rules.kind() == RulesKind::Sync,
            matrix_open: self.teach.matrix_open,
            // Every cell of the payoff matrix is a value.
            matrix: if hidden {
                Panel::Closed
            } else {
                panel(self.matrix_job(), &self.teach.matrix)
            },
            values_hidden: hidden,
            draft: DraftView {
                question: self.teach.draft.question,
                title: self.teach.draft.title.clone(),
                hint: self.teach.draft.hint.clone(),
                set: self.teach.draft.set.len(),
                link: self.teach.draft.link.as_ref().map(|f| self.full_link(f)),
                checking: self.teach.draft.pending.is_some(),
            },
        }
    }
}

/// Why rules of `kind` have no game tree to explore (their values are no
/// canonical forms), in the page's words (the engine's own message names
/// the command line's); `None` for rules that have one.
fn no_tree(kind: RulesKind) -> Option<&'static str> {
    match kind {
        RulesKind::Sync => Some(
            "both players move at once under synchronous rules: the payoff matrix shows each turn",
        ),
        RulesKind::Misere => Some(
            "a misère value is no canonical form, so there is no tree of values to explore: the value card shows the misère outcome",
        ),
        _ => None,
    }
}

/// Has `have` answered `want`?
fn answered<T>(have: &Option<(Job, Result<T, String>)>, want: &Job) -> bool {
    have.as_ref().is_some_and(|(j, _)| j == want)
}

/// A panel's content for the job it wants now.
fn panel<T: Clone>(want: Option<Job>, have: &Option<(Job, Result<T, String>)>) -> Panel<T> {
    match want {
        None => Panel::Closed,
        Some(job) => match have {
            Some((j, Ok(x))) if *j == job => Panel::Ready(Box::new(x.clone())),
            Some((j, Err(e))) if *j == job => Panel::Failed(e.clone()),
            _ => Panel::Computing,
        },
    }
}
