//! Solving the puzzles of a puzzle link: one puzzle per slide, the
//! student's answer (picked, typed, cut on the board or played against
//! the engine), the engine's verdict, hints, and the refutation of a wrong
//! move played out on the board. While a puzzle is open the board cannot
//! be edited, its rules and players are fixed and values stay hidden.

use super::*;
use crate::puzzle::{BeatStatus, Puzzle, Question};
use crate::ui::jobs::{Job, JobAnswer, JobReply};
use crate::ui::page::{Action, Effect, Place, PuzzleKind, PuzzleView, UiError, VerdictView};
use crate::ui::puzzle_board;

/// What a pending puzzle job was asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Asked {
    Check,
    ShowValue,
    ShowMove,
}

/// A game judged: where it stands and how many moves were played, or why
/// it could not be judged.
pub(super) type Judged = Result<(BeatStatus, usize), String>;

/// The set being solved and where the student stands.
pub(super) struct PuzzleRun {
    /// The link the set was opened with (what Copy puzzle link copies:
    /// the set from its start, not the board as it is now).
    pub(super) link: String,
    /// One entry per slide (`None`: a slide without a question).
    pub(super) puzzles: Vec<Option<Puzzle>>,
    pub(super) solved: Vec<bool>,
    pub(super) hints: usize,
    /// The current puzzle's answer so far.
    pub(super) answer: String,
    /// The current puzzle's moves to pick from, with the job that gave them.
    pub(super) choices: Option<(Job, Vec<String>)>,
    pub(super) pending: Option<(Job, Asked)>,
    pub(super) verdict: Option<VerdictView>,
    pub(super) help: String,
    /// A game against the engine: the last judgement and its job.
    pub(super) judged: Option<(Job, Judged)>,
    /// A wrong move is being refuted on the board: the engine plays the
    /// side it had, and Try again takes the moves back.
    pub(super) refuting: Option<Opponents>,
}

fn kind(q: Question) -> PuzzleKind {
    match q {
        Question::WinningMove(_) => PuzzleKind::Move,
        Question::EveryWinningMove(_) => PuzzleKind::EveryMove,
        Question::Value => PuzzleKind::Value,
        Question::Winner(_) => PuzzleKind::Winner,
        Question::Beat(_) => PuzzleKind::Game,
    }
}

/// What the answer box takes, by example. The examples are notation, not
/// hints: a student sees the forms the checker reads (RULES.md §1 labels,
/// `+` for a superposed move, `B`/`R` for a colouring, plain or pretty
/// values).
fn answer_hint(q: Question, rules: &Rules) -> String {
    let (one, several) = match rules {
        Rules::Quantum(_) => ("a move, e.g. 3 or 1+3", "moves, e.g. 3 1+5"),
        Rules::Uncolored => ("a move, e.g. 3B, 3R or 3", "moves, e.g. 3B 5R"),
        _ => ("an edge's label, e.g. 3", "edge labels, e.g. 3 5"),
    };
    match q {
        Question::WinningMove(_) => one.into(),
        Question::EveryWinningMove(_) => several.into(),
        Question::Value => "a value, e.g. -3/4 or {1|0}".into(),
        // Answered by buttons or on the board: no box.
        Question::Winner(_) | Question::Beat(_) => String::new(),
    }
}

/// The question in words.
fn sentence(q: Question) -> String {
    let side = |p: Player| if p == Player::Left { "Left" } else { "Right" };
    match q {
        Question::WinningMove(p) => format!("Find a winning move for {}.", side(p)),
        Question::EveryWinningMove(p) => {
            format!("Find every winning move for {} (pick them all).", side(p))
        }
        Question::Value => "What is the value?".into(),
        Question::Winner(p) => format!("Who wins if {} moves first?", side(p)),
        Question::Beat(p) => format!("Play {} and win against the engine.", side(p)),
    }
}

impl Session {
    fn run(&self) -> Option<&PuzzleRun> {
        self.puzzle.as_ref()
    }

    /// The puzzle of the slide on screen.
    pub(super) fn current_puzzle(&self) -> Option<&Puzzle> {
        self.run()?.puzzles.get(self.deck.slide)?.as_ref()
    }

    /// After a link opened: its puzzles (read from the link as it was
    /// decoded, [`crate::ui::puzzle_link::puzzles_of`]), if it carries any.
    pub(super) fn open_puzzles(
        &mut self,
        fragment: &str,
        puzzles: Result<Vec<Option<Puzzle>>, String>,
    ) {
        self.puzzle = None;
        let Ok(puzzles) = puzzles else {
            return;
        };
        if puzzles.iter().all(Option::is_none) {
            return;
        }
        let n = puzzles.len();
        self.puzzle = Some(PuzzleRun {
            link: fragment.to_string(),
            puzzles,
            solved: vec![false; n],
            hints: 0,
            answer: String::new(),
            choices: None,
            pending: None,
            verdict: None,
            help: String::new(),
            judged: None,
            refuting: None,
        });
        self.teach.explorer_open = false;
        self.puzzle_on_slide();
    }

    /// A slide shown: its puzzle starts afresh (answer, verdict, sides).
    pub(super) fn puzzle_on_slide(&mut self) {
        let Some(p) = self.current_puzzle().cloned() else {
            return;
        };
        if let Some(run) = self.puzzle.as_mut() {
            run.answer.clear();
            run.choices = None;
            run.pending = None;
            run.verdict = None;
            run.help.clear();
            run.judged = None;
            run.refuting = None;
        }
        self.view.hide_values = true;
        if self.mode != Mode::Play {
            self.set_mode(Mode::Play);
        }
        // In a game against the engine the engine plays the other side;
        // otherwise people play both (the board answers move questions).
        let mut sides = Opponents::default();
        if let Question::Beat(student) = p.question {
            sides.set(student.opponent(), Controller::Engine);
        }
        self.opponents = sides;
    }

    /// How many moves of the board's game came before the question.
    fn puzzle_start(&self) -> usize {
        self.current_puzzle().map_or(0, |p| p.moves.len())
    }

    /// A move cut on the board answers a move question: it is taken back
    /// (the board stays on the puzzle's state) and picked as the answer;
    /// one winning move is checked at once.
    pub(super) fn puzzle_follow_board(&mut self, _now: f64) {
        let Some(p) = self.current_puzzle().cloned() else {
            return;
        };
        let start = self.puzzle_start();
        let refuting = self.run().is_some_and(|r| r.refuting.is_some());
        if refuting || self.game.cursor() <= start {
            return;
        }
        if !matches!(kind(p.question), PuzzleKind::Move | PuzzleKind::EveryMove) {
            return;
        }
        let Ok(moves) = puzzle_board::moves_since(&self.game, start) else {
            return;
        };
        while self.game.cursor() > start && self.game.takeback() {}
        self.fall.clear();
        let Some((who, mv)) = moves.first().and_then(|m| m.split_once(':')) else {
            return;
        };
        if Some(who)
            != p.question
                .mover()
                .map(|m| if m == Player::Left { "L" } else { "R" })
        {
            return;
        }
        let mv = mv.to_string();
        match kind(p.question) {
            PuzzleKind::Move => {
                if let Some(run) = self.puzzle.as_mut() {
                    run.answer = mv;
                }
                let _ = self.puzzle_check();
            }
            _ => self.toggle_pick(&mv),
        }
    }

    fn toggle_pick(&mut self, mv: &str) {
        let Some(p) = self.current_puzzle().cloned() else {
            return;
        };
        let Some(run) = self.puzzle.as_mut() else {
            return;
        };
        if kind(p.question) == PuzzleKind::EveryMove {
            let mut picked: Vec<String> = run.answer.split_whitespace().map(String::from).collect();
            if let Some(i) = picked.iter().position(|m| m == mv) {
                picked.remove(i);
            } else {
                picked.push(mv.to_string());
            }
            run.answer = picked.join(" ");
        } else {
            run.answer = mv.to_string();
        }
        run.verdict = None;
    }

    fn puzzle_check(&mut self) -> Result<(), UiError> {
        let p = self
            .current_puzzle()
            .cloned()
            .ok_or_else(|| UiError::at(Place::Puzzle, "no puzzle on this slide"))?;
        if self.run().is_some_and(|r| r.answer.trim().is_empty()) {
            return Err(UiError::at(Place::Puzzle, "pick or type an answer first"));
        }
        // A new answer is checked on the puzzle's own state: the line that
        // refuted the last wrong one is not this answer's (a right answer
        // checked over it left "Solved!" above the wrong move's game).
        if self.run().is_some_and(|r| r.refuting.is_some()) {
            self.back_to_the_question();
        }
        let run = self.puzzle.as_mut().expect("a puzzle is open");
        run.pending = Some((
            Job::Check {
                puzzle: p,
                answer: run.answer.trim().to_string(),
            },
            Asked::Check,
        ));
        run.verdict = None;
        Ok(())
    }

    /// The puzzle lane's question now, if one is unanswered.
    pub(super) fn wanted_puzzle_job(&self) -> Option<Job> {
        let run = self.run()?;
        let p = self.current_puzzle()?;
        if let Some((job, _)) = &run.pending {
            return Some(job.clone());
        }
        match kind(p.question) {
            PuzzleKind::Game => {
                let job = Job::Judge {
                    puzzle: p.clone(),
                    board: self.board_fragment(),
                };
                (run.judged.as_ref().map(|(j, _)| j) != Some(&job)).then_some(job)
            }
            PuzzleKind::Move | PuzzleKind::EveryMove => {
                let job = Job::Choices { puzzle: p.clone() };
                (run.choices.as_ref().map(|(j, _)| j) != Some(&job)).then_some(job)
            }
            _ => None,
        }
    }

    /// A puzzle answer; returns whether the reply was the puzzle's.
    pub(super) fn puzzle_done(&mut self, reply: &JobReply) -> bool {
        let board = self.board_fragment();
        let Some(p) = self.current_puzzle().cloned() else {
            return false;
        };
        let hints = self.run().map_or(0, |r| r.hints);
        let start = self.puzzle_start();
        let at = self.deck.slide;
        let Some(run) = self.puzzle.as_mut() else {
            return false;
        };
        let set_size = run.puzzles.iter().flatten().count();
        match (&reply.job, &reply.result) {
            (Job::Choices { puzzle }, result) if *puzzle == p => {
                let list = match result {
                    Ok(JobAnswer::Choices { choices }) => {
                        choices.iter().map(|c| c.label.clone()).collect()
                    }
                    _ => Vec::new(),
                };
                run.choices = Some((reply.job.clone(), list));
                true
            }
            (Job::Judge { puzzle, board: b }, result) if *puzzle == p && *b == board => {
                let r = match result {
                    Ok(JobAnswer::Judged { status, played }) => Ok((status.clone(), *played)),
                    Ok(_) => return true,
                    Err(e) => Err(e.to_string()),
                };
                match &r {
                    Ok((BeatStatus::Won { explanation }, _)) => {
                        run.solved[at] = true;
                        let done = run.solved.iter().filter(|s| **s).count();
                        run.verdict = Some(VerdictView {
                            correct: true,
                            text: format!(
                                "Solved! You won: {explanation}. Hints used: {hints}.{}",
                                if done == set_size && done > 1 {
                                    " The whole set is solved."
                                } else {
                                    ""
                                }
                            ),
                            refuting: false,
                        });
                    }
                    Ok((BeatStatus::Lost { explanation }, _)) => {
                        run.verdict = Some(VerdictView {
                            correct: false,
                            text: format!("Not quite: {explanation}."),
                            refuting: false,
                        });
                    }
                    Err(e) => {
                        run.verdict = Some(VerdictView {
                            correct: false,
                            text: e.clone(),
                            refuting: false,
                        })
                    }
                    _ => {}
                }
                run.judged = Some((reply.job.clone(), r));
                true
            }
            (job, result) if run.pending.as_ref().is_some_and(|(j, _)| j == job) => {
                let (_, asked) = run.pending.take().expect("checked above");
                match (asked, result) {
                    (Asked::Check, Ok(JobAnswer::Verdict { verdict })) => {
                        if verdict.correct {
                            run.solved[at] = true;
                        }
                        let done = run.solved.iter().filter(|s| **s).count();
                        let refute = !verdict.correct
                            && matches!(kind(p.question), PuzzleKind::Move | PuzzleKind::EveryMove);
                        run.verdict = Some(VerdictView {
                            correct: verdict.correct,
                            text: if verdict.correct {
                                format!(
                                    "Solved! {}. Hints used: {hints}.{}",
                                    // A sentence of its own ("the value
                                    // is 1/2" as the engine words it).
                                    super::view::capitalised(&verdict.explanation),
                                    if done == set_size && done > 1 {
                                        " The whole set is solved."
                                    } else {
                                        ""
                                    }
                                )
                            } else {
                                format!("Not quite: {}.", verdict.explanation)
                            },
                            refuting: refute,
                        });
                        if refute && kind(p.question) == PuzzleKind::Move {
                            let answer = run.answer.clone();
                            self.refute(&p, &answer, start);
                        }
                    }
                    // The puzzle's position, as asked: in a game against
                    // the engine the board may have moved on since.
                    (Asked::ShowValue, Ok(JobAnswer::Solution { solution })) => {
                        run.help = format!("The puzzle's value is {}.", solution.value);
                    }
                    (Asked::ShowMove, Ok(JobAnswer::Solution { solution })) => {
                        run.help = match solution.answer.first() {
                            Some(m) => format!("One winning move: {m}."),
                            None => "There is no winning move to show.".into(),
                        };
                    }
                    (Asked::ShowMove, Ok(JobAnswer::Hint { mv })) => {
                        run.help = match mv {
                            Some(m) => format!("One winning move now: {m}."),
                            None => "No winning move to show now.".into(),
                        };
                    }
                    (_, Err(e)) => {
                        run.verdict = Some(VerdictView {
                            correct: false,
                            text: e.to_string(),
                            refuting: false,
                        })
                    }
                    _ => {}
                }
                true
            }
            _ => {
                matches!(
                    reply.job,
                    Job::Choices { .. } | Job::Judge { .. } | Job::Check { .. } | Job::Hint { .. }
                ) || (matches!(reply.job, Job::Solve { .. }) && self.teach.draft.pending.is_none())
            }
        }
    }

    /// The board back on the puzzle's state, and the sides as they were
    /// before a wrong move was refuted ([`Self::refute`]).
    fn back_to_the_question(&mut self) {
        let start = self.puzzle_start();
        while self.game.cursor() > start && self.game.takeback() {}
        self.fall.clear();
        let restore = self.puzzle.as_mut().and_then(|r| r.refuting.take());
        if let Some(sides) = restore {
            self.opponents = sides;
        }
    }

    /// A wrong move: play it on the board and let the engine answer it
    /// for the other side (its best move), so the student sees why.
    fn refute(&mut self, p: &Puzzle, answer: &str, start: usize) {
        let Some(student) = p.question.mover() else {
            return;
        };
        let labels: Option<Vec<usize>> = answer
            .split(|c: char| c == '+' || c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().ok())
            .collect();
        let Some(labels) = labels else { return };
        while self.game.cursor() > start && self.game.takeback() {}
        let before = self.game.board().present();
        let mv = crate::ui::play::SidedMove {
            side: super::Side::of(student),
            labels,
        };
        if self.game.play(mv).is_err() {
            return;
        }
        self.after_move(before, f64::NEG_INFINITY);
        let mut sides = Opponents::default();
        sides.set(student.opponent(), Controller::Engine);
        let previous = std::mem::replace(&mut self.opponents, sides);
        if let Some(run) = self.puzzle.as_mut() {
            run.refuting = Some(previous);
        }
    }

    pub(super) fn apply_puzzle(
        &mut self,
        action: Action,
        _now: f64,
    ) -> Result<Vec<Effect>, UiError> {
        let p = self
            .current_puzzle()
            .cloned()
            .ok_or_else(|| UiError::at(Place::Puzzle, "no puzzle is open"))?;
        match action {
            Action::PuzzlePick(mv) => self.toggle_pick(&mv),
            Action::SetPuzzleAnswer(text) => {
                if let Some(run) = self.puzzle.as_mut() {
                    run.answer = text;
                    run.verdict = None;
                }
            }
            Action::PuzzleCheck => self.puzzle_check()?,
            Action::PuzzleHint => {
                if p.hint.is_empty() {
                    return Err(UiError::at(Place::Puzzle, "this puzzle has no hint"));
                }
                let run = self.puzzle.as_mut().expect("a puzzle is open");
                run.hints += 1;
                run.help = format!("Hint: {}", p.hint);
            }
            Action::PuzzleShowValue => {
                let run = self.puzzle.as_mut().expect("a puzzle is open");
                run.hints += 1;
                run.pending = Some((
                    Job::Solve {
                        puzzle: Puzzle {
                            question: Question::Value,
                            ..p
                        },
                    },
                    Asked::ShowValue,
                ));
            }
            Action::PuzzleShowMove => {
                let board = self.board_fragment();
                let run = self.puzzle.as_mut().expect("a puzzle is open");
                run.hints += 1;
                let job = if kind(p.question) == PuzzleKind::Game {
                    Job::Hint { puzzle: p, board }
                } else {
                    Job::Solve { puzzle: p }
                };
                run.pending = Some((job, Asked::ShowMove));
            }
            Action::PuzzleNext | Action::PuzzlePrev => {
                let n = self.deck.slides.len().max(1);
                let k = if action == Action::PuzzleNext {
                    (self.deck.slide + 1) % n
                } else {
                    (self.deck.slide + n - 1) % n
                };
                self.go_to_slide(k)
                    .map_err(|e| UiError::at(Place::Puzzle, e))?;
                self.puzzle_on_slide();
            }
            Action::PuzzleTryAgain => {
                self.back_to_the_question();
                if let Some(run) = self.puzzle.as_mut() {
                    run.verdict = None;
                    run.judged = None;
                    if kind(p.question) != PuzzleKind::Game {
                        run.answer.clear();
                    }
                }
            }
            _ => {}
        }
        Ok(Vec::new())
    }

    pub(super) fn puzzle_view(&self) -> Option<PuzzleView> {
        let run = self.run()?;
        let p = self.current_puzzle()?;
        let n = run.puzzles.iter().flatten().count();
        let at = run.puzzles[..self.deck.slide.min(run.puzzles.len())]
            .iter()
            .flatten()
            .count();
        let solved = run.solved.iter().filter(|s| **s).count();
        let k = kind(p.question);
        let picked: Vec<&str> = run.answer.split_whitespace().collect();
        let choices = match k {
            PuzzleKind::Winner => ["L", "R"]
                .iter()
                .map(|c| (c.to_string(), run.answer.trim() == *c))
                .collect(),
            _ => run
                .choices
                .as_ref()
                .map(|(_, c)| {
                    c.iter()
                        .map(|m| {
                            let on = match k {
                                PuzzleKind::EveryMove => picked.contains(&m.as_str()),
                                _ => run.answer.trim() == m,
                            };
                            (m.clone(), on)
                        })
                        .collect()
                })
                .unwrap_or_default(),
        };
        let game = (k == PuzzleKind::Game).then(|| {
            let student = p.question.mover().unwrap_or(Player::Left);
            match run.judged.as_ref().map(|(_, r)| r) {
                None => "The engine is judging the game…".to_string(),
                Some(Err(e)) => e.clone(),
                Some(Ok((BeatStatus::Play, 0))) => format!(
                    "You play {} and move first on the board; the engine plays {}.",
                    player_name(student),
                    player_name(student.opponent())
                ),
                Some(Ok((BeatStatus::Play, _))) => "Still winning. Your move.".into(),
                Some(Ok((BeatStatus::Engine { .. }, _))) => "The engine is answering…".into(),
                Some(Ok((BeatStatus::Won { .. }, _))) => "Game over.".into(),
                Some(Ok((BeatStatus::Lost { .. }, _))) => "This game is lost.".into(),
            }
        });
        let played = self.game.cursor() > self.puzzle_start();
        let moves_before = if p.moves.is_empty() {
            String::new()
        } else {
            let mut who = p.first;
            let said: Vec<String> = p
                .moves
                .iter()
                .map(|m| {
                    let s = format!("{} {}", player_name(who), m.replace(',', "+"));
                    who = who.opponent();
                    s
                })
                .collect();
            format!(" · after {}", said.join(", "))
        };
        Some(PuzzleView {
            title: if p.title.is_empty() {
                if n > 1 {
                    format!("Puzzle {}", at + 1)
                } else {
                    "Puzzle".into()
                }
            } else {
                p.title.clone()
            },
            progress: format!("Puzzle {} of {n} · solved {solved} of {n}", at + 1),
            at,
            count: n,
            solved,
            question: sentence(p.question),
            kind: k,
            about: format!(
                "{} · {}{moves_before}",
                p.position,
                crate::ui::answer_view::rules_phrase(&p.rules)
            ),
            choices,
            choices_loading: matches!(k, PuzzleKind::Move | PuzzleKind::EveryMove)
                && run.choices.is_none(),
            answer: run.answer.clone(),
            answer_hint: answer_hint(p.question, &p.rules),
            verdict: run.verdict.clone().or_else(|| {
                run.solved[self.deck.slide.min(run.solved.len() - 1)].then(|| VerdictView {
                    correct: true,
                    text: "Solved.".into(),
                    refuting: false,
                })
            }),
            checking: run.pending.is_some(),
            game,
            help: run.help.clone(),
            hints_used: run.hints,
            has_hint: !p.hint.is_empty(),
            solved_here: run.solved.get(self.deck.slide).copied().unwrap_or(false),
            can_try_again: played || run.refuting.is_some(),
        })
    }
}
