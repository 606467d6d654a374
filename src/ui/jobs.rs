//! Work the page hands to the engine worker, as typed values.
//!
//! Every question the page asks the engine (the value of the board, an
//! exploration, a payoff matrix, a puzzle's solution or a judged answer)
//! is a [`Job`]; the worker runs it with [`run`] and sends back a
//! [`JobReply`] carrying the job it answers, so the session can refuse an
//! answer to a state no longer on screen. Jobs and replies cross the
//! worker boundary through serde (serde-wasm-bindgen), never as JSON text,
//! and the same [`run`] is called natively by the tests. The enums are
//! externally tagged (`{"analyse":{"request":…}}`): an internally or
//! adjacently tagged enum is read through serde's buffered `Content`, a
//! second reader of everything inside it in the page's wasm bundle.
//!
//! A board is named by its share fragment (`ui::share`): drawing, rules,
//! moves and cursor, everything an answer depends on, so two jobs are the
//! same question exactly when they are equal.

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::board_matrix::{self, BoardMatrix};
use super::play::Game;
use super::puzzle_board::{self, BoardExploration};
use crate::analysis::{self, AnalysisError, Answer, Request, ThermalAnswer};
use crate::budget::{Budget, Timeout};
use crate::position::EdgeSet;
use crate::puzzle::{self, BeatStatus, Puzzle, Solution, Verdict};

/// Which worker runs a job: the value card's question never waits behind
/// a long exploration, and cancelling one never stops the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lane {
    /// The value of the board (and the engine opponent's moves).
    Analysis,
    /// The explorer, the payoff matrix and puzzles.
    Teach,
}

/// A question for the engine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Job {
    /// The value, outcome and best moves of a request. `extended`: the
    /// person asked to keep computing after the page's time limit stopped
    /// it once ([`Job::time_limit`]).
    Analyse {
        request: Request,
        #[serde(default)]
        extended: bool,
    },
    /// The game tree at the board's state, `path` moves deeper (moves
    /// named with their player, `L:3`).
    Explore {
        board: String,
        path: Vec<String>,
        colour_blind: bool,
        /// Whether to value the states (false while values are hidden:
        /// the options alone, nothing valued).
        values: bool,
    },
    /// The synchronous payoff matrix of the board's state.
    Matrix { board: String },
    /// A puzzle's answer (or why it has none).
    Solve { puzzle: Puzzle },
    /// A student's answer to a puzzle, judged.
    Check { puzzle: Puzzle, answer: String },
    /// A game against the engine, judged from the board's record.
    Judge { puzzle: Puzzle, board: String },
    /// A winning move from the board's state in a game against the engine.
    Hint { puzzle: Puzzle, board: String },
    /// The legal moves of a puzzle's mover (the move buttons).
    Choices { puzzle: Puzzle },
    /// Replay a quantum slide's moves (a one-slide share fragment) within
    /// the page's record memory and [`REPLAY_TIMEOUT`]: a link's moves are
    /// never replayed on the page's main thread.
    Replay { board: String },
}

/// How many times the page's time limit an analysis may run once the
/// person asked to keep computing (30 s become 5 minutes): long enough for
/// the classroom drawings the page cannot value within the limit (a
/// minute or two natively under C at unbounded width), short of leaving a
/// forgotten tab computing for good.
pub const EXTENDED_FACTOR: u32 = 10;

impl Job {
    /// How long the page lets this job run, in seconds, where the page's
    /// time limit is `standard`.
    pub fn time_limit(&self, standard: u32) -> u32 {
        match self {
            Job::Analyse { extended: true, .. } => standard.saturating_mul(EXTENDED_FACTOR),
            _ => standard,
        }
    }

    pub fn lane(&self) -> Lane {
        match self {
            Job::Analyse { .. } | Job::Replay { .. } => Lane::Analysis,
            _ => Lane::Teach,
        }
    }
}

/// A move a student may pick (a button of its own on a phone).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choice {
    /// As the puzzle's answers write it (`3`, `1+3`).
    pub label: String,
}

/// What the engine found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JobAnswer {
    /// The value, and the temperature theory of it (computed here, in
    /// the worker, within the job's budget).
    Analysis {
        answer: Box<Answer>,
        #[serde(default)]
        thermal: Option<Box<ThermalAnswer>>,
    },
    Exploration {
        board: Box<BoardExploration>,
    },
    Matrix {
        board: Box<BoardMatrix>,
    },
    Solution {
        solution: Solution,
    },
    Verdict {
        verdict: Verdict,
    },
    Judged {
        status: BeatStatus,
        played: usize,
    },
    Hint {
        mv: Option<String>,
    },
    Choices {
        choices: Vec<Choice>,
    },
    Replayed {
        replay: Box<Replayed>,
    },
}

/// How long the worker replays a link's moves before it stops and sends
/// what it has (well inside the page's time limit for a job).
pub const REPLAY_TIMEOUT: Timeout = Timeout::seconds(8);

/// A slide's moves replayed by the worker: the board after each move
/// replayed (the start first), and why it stopped early, if it did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Replayed {
    /// The realisations after the first `k` moves, for `k` in
    /// `0..=played`.
    pub states: Vec<EdgeSets>,
    /// The labels Left and Right may play on each of those states (two
    /// sets per state), as the referee found them.
    pub legal: EdgeSets,
    /// What each move did to the realisations, in words ("" for the
    /// start; `quantum_views::move_note`).
    pub notes: Vec<String>,
    /// How many of the slide's moves were replayed.
    pub played: usize,
    pub note: Option<String>,
}

/// Edge sets sent as bytes (16 little-endian bytes each: a `Uint8Array`
/// across the worker boundary, not an array of numbers, so hundreds of
/// thousands of realisations cost a copy, not a parse).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EdgeSets(pub Arc<[EdgeSet]>);

impl Serialize for EdgeSets {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut bytes = Vec::with_capacity(self.0.len() * 16);
        for e in self.0.iter() {
            bytes.extend_from_slice(&e.0.to_le_bytes());
        }
        s.serialize_bytes(&bytes)
    }
}

impl<'de> Deserialize<'de> for EdgeSets {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<EdgeSets, D::Error> {
        struct Bytes;
        impl<'de> serde::de::Visitor<'de> for Bytes {
            type Value = Vec<u8>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("bytes")
            }
            fn visit_bytes<E: serde::de::Error>(self, v: &[u8]) -> Result<Vec<u8>, E> {
                Ok(v.to_vec())
            }
            fn visit_byte_buf<E: serde::de::Error>(self, v: Vec<u8>) -> Result<Vec<u8>, E> {
                Ok(v)
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut a: A,
            ) -> Result<Vec<u8>, A::Error> {
                let mut v = Vec::new();
                while let Some(b) = a.next_element::<u8>()? {
                    v.push(b);
                }
                Ok(v)
            }
        }
        let bytes = d.deserialize_byte_buf(Bytes)?;
        if bytes.len() % 16 != 0 {
            return Err(serde::de::Error::custom("edge sets are 16 bytes each"));
        }
        // Collected straight into the shared slice the board and the game
        // record keep (no second copy of a large state).
        Ok(EdgeSets(
            bytes
                .chunks_exact(16)
                .map(|c| {
                    let mut b = [0u8; 16];
                    b.copy_from_slice(c);
                    EdgeSet(u128::from_le_bytes(b))
                })
                .collect(),
        ))
    }
}

/// Replay the moves of the slide `board` names within the page's record
/// memory ([`RECORD_MEMORY`](super::referee::RECORD_MEMORY)) and
/// [`REPLAY_TIMEOUT`] from now: what fits is sent back with a note saying
/// where it stopped; an illegal move is an input error.
pub fn replay(board: &str) -> Result<Replayed, JobError> {
    let shared = super::share::decode(board).map_err(JobError::Input)?;
    let slide = &shared.slides[shared.current];
    let budget = super::referee::record_budget(Some(REPLAY_TIMEOUT));
    let game = Game::replay_within(
        slide.drawing.position(),
        slide.setup.clone(),
        &slide.moves,
        slide.cursor,
        &budget,
    )
    .map_err(JobError::Input)?;
    let played = game.moves().len();
    let boards = (0..=played).map(|k| game.board_at(k));
    Ok(Replayed {
        states: boards
            .clone()
            .map(|b| EdgeSets(Arc::clone(&b.realisations)))
            .collect(),
        legal: EdgeSets(boards.clone().flat_map(|b| b.legal).collect()),
        notes: boards.map(|b| b.note.clone()).collect(),
        played,
        note: game.note().map(String::from),
    })
}

/// Why a job gave no answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JobError {
    /// The question was wrong (a bad position, option or move).
    Input(String),
    /// The work needed more than the tab's budget.
    Budget(String),
    /// Stopped by the person (Cancel) or by the page's time limit.
    Stopped(String),
    /// The engine failed (a panic in the worker); the worker is replaced.
    Crashed(String),
}

impl fmt::Display for JobError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JobError::Input(m) | JobError::Budget(m) | JobError::Stopped(m) => f.write_str(m),
            JobError::Crashed(m) => write!(f, "the engine failed: {m}"),
        }
    }
}

impl std::error::Error for JobError {}

/// A job's answer, with the job it answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JobReply {
    pub id: u32,
    pub job: Job,
    pub result: Result<JobAnswer, JobError>,
}

/// A job on its way to the worker, numbered by the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JobMessage {
    pub id: u32,
    pub job: Job,
}

fn input(e: impl fmt::Display) -> JobError {
    JobError::Input(e.to_string())
}

fn puzzle_error(e: puzzle::PuzzleError) -> JobError {
    match e {
        puzzle::PuzzleError::Budget(b) => JobError::Budget(
            super::answer_view::too_long_message(&b).unwrap_or_else(|| too_large(&b)),
        ),
        other => input(other),
    }
}

fn too_large(e: &crate::budget::Exceeded) -> String {
    format!("Too large to analyse here: {e}")
}

/// Run `job` within `budget`.
pub fn run(job: &Job, budget: &Budget) -> Result<JobAnswer, JobError> {
    run_in_stages(job, budget, None::<fn(analysis::Stage)>)
}

/// [`run`], telling `on_stage` what an analysis has found as soon as it is
/// known (quantum rules: the outcome, winning moves, bounds), so the page
/// can show it while the value is still being computed.
pub fn run_in_stages(
    job: &Job,
    budget: &Budget,
    on_stage: Option<impl FnMut(analysis::Stage) + 'static>,
) -> Result<JobAnswer, JobError> {
    let analysed = |request: &Request| match on_stage {
        Some(f) => analysis::analyse_in_stages(request, budget, f),
        None => analysis::analyse(request, budget),
    };
    match job {
        Job::Analyse { request, .. } => match analysed(request) {
            Ok(answer) => {
                let thermal = analysis::thermal(&answer, &request.rules, budget);
                Ok(JobAnswer::Analysis {
                    answer: Box::new(answer),
                    thermal: Some(Box::new(thermal)),
                })
            }
            Err(AnalysisError::Input(e)) => Err(input(e)),
            Err(AnalysisError::Budget(e)) => Err(JobError::Budget(too_large_for(&e, request))),
        },
        Job::Explore {
            board,
            path,
            colour_blind,
            values,
        } => {
            let b = puzzle_board::read_board(board).map_err(JobError::Input)?;
            puzzle_board::explore_board(&b, path, *colour_blind, *values, budget)
                .map(|board| JobAnswer::Exploration {
                    board: Box::new(board),
                })
                .map_err(JobError::Input)
        }
        Job::Matrix { board } => {
            let b = puzzle_board::read_board(board).map_err(JobError::Input)?;
            board_matrix::board_matrix(&b, budget)
                .map(|m| JobAnswer::Matrix { board: Box::new(m) })
                .map_err(JobError::Input)
        }
        Job::Solve { puzzle: p } => puzzle::solve(p, budget)
            .map(|solution| JobAnswer::Solution { solution })
            .map_err(puzzle_error),
        Job::Check { puzzle: p, answer } => {
            let s = puzzle::solve(p, budget).map_err(puzzle_error)?;
            puzzle::check(p, &s, answer, budget)
                .map(|verdict| JobAnswer::Verdict { verdict })
                .map_err(puzzle_error)
        }
        Job::Judge { puzzle: p, board } => {
            let b = puzzle_board::read_board(board).map_err(JobError::Input)?;
            let history =
                puzzle_board::moves_since(&b.game, p.moves.len()).map_err(JobError::Input)?;
            let status = puzzle::judge(p, &history, budget).map_err(puzzle_error)?;
            Ok(JobAnswer::Judged {
                status,
                played: history.len(),
            })
        }
        Job::Hint { puzzle: p, board } => {
            let b = puzzle_board::read_board(board).map_err(JobError::Input)?;
            let history =
                puzzle_board::moves_since(&b.game, p.moves.len()).map_err(JobError::Input)?;
            puzzle::hint(p, &history, budget)
                .map(|mv| JobAnswer::Hint { mv })
                .map_err(puzzle_error)
        }
        Job::Replay { board } => replay(board).map(|replay| JobAnswer::Replayed {
            replay: Box::new(replay),
        }),
        Job::Choices { puzzle: p } => {
            let Some(mover) = p.question.mover() else {
                return Ok(JobAnswer::Choices {
                    choices: Vec::new(),
                });
            };
            let request = Request {
                position: p.position.clone(),
                rules: p.rules.clone(),
                moves: p.moves.clone(),
                first: p.first,
            };
            // The moves to tap, not their values: those would be the answer.
            let moves = crate::explore::moves(&request, mover, budget).map_err(|e| match e {
                AnalysisError::Input(e) => input(e),
                AnalysisError::Budget(b) => JobError::Budget(too_large(&b)),
            })?;
            Ok(JobAnswer::Choices {
                choices: moves.into_iter().map(|label| Choice { label }).collect(),
            })
        }
    }
}

/// The message a page shows when the budget stops an analysis: what to
/// try instead ([`super::answer_view::narrower`]).
pub fn too_large_for(e: &crate::budget::Exceeded, req: &Request) -> String {
    if let Some(message) = super::answer_view::too_long_message(e) {
        return message;
    }
    format!(
        "Too large to analyse here: {e} — try {}; the command-line tool goes further with --max-memory",
        super::answer_view::narrower(req)
    )
}
