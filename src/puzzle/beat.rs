//! "Win this game against the engine" as a real game: the student plays
//! their side from the puzzle's state, the engine answers with its best
//! move, and the game is judged after every move. The state is the list
//! of moves played since the puzzle was posed, so a page can judge a game
//! it did not watch (the board's record) the same way this module judges
//! its own ([`Beat::play`]).
//!
//! Moves are written as the explorer reads them, with their player
//! (`L:3`, `R:1+3`, `L:2B` for colouring an uncoloured edge blue).

use super::solve::{solve, winning_option, Verdict};
use super::{name, Puzzle, PuzzleError, Question};
use crate::analysis::{AnalysisError, Request};
use crate::budget::Budget;
use crate::explore::{explore, Exploration};
use crate::game::Arena;
use crate::rules::Player;
use serde::Serialize;

/// Where a game against the engine stands. Externally tagged
/// (`{"engine":{"move":"3"}}`, `"play"`): an internally tagged enum is
/// read through serde's buffered `Content`, which costs the page's wasm
/// bundle a second copy of the reader of everything inside.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BeatStatus {
    /// The student's turn, and every move so far kept the win.
    Play,
    /// The engine's turn: the move it plays (its best, from the solver).
    Engine {
        #[serde(rename = "move")]
        reply: String,
    },
    /// The engine has no move left: the student won.
    Won { explanation: String },
    /// A move of the student's gave the win away (or left them without a
    /// move): the engine's winning answer, in words.
    Lost { explanation: String },
}

/// A game against the engine on a `beat:` puzzle.
#[derive(Clone, Debug)]
pub struct Beat {
    pub puzzle: Puzzle,
    /// The moves played since the puzzle was posed, the student's first.
    pub history: Vec<String>,
}

/// The student's side of a `beat:` puzzle.
fn student(p: &Puzzle) -> Result<Player, PuzzleError> {
    match p.question {
        Question::Beat(s) => Ok(s),
        q => Err(PuzzleError::Unsupported(format!(
            "a game against the engine for the question {q}"
        ))),
    }
}

/// The state after the puzzle's moves and `history`, explored. A move the
/// rules refuse is the input error it is (the page offers legal ones).
fn explore_after(
    p: &Puzzle,
    history: &[String],
    budget: &Budget,
) -> Result<Exploration, PuzzleError> {
    let mut moves = p.moves.clone();
    moves.extend(history.iter().cloned());
    let req = Request {
        position: p.position.clone(),
        rules: p.rules.clone(),
        moves,
        // Without moves before the question, the student starts.
        first: if p.moves.is_empty() {
            student(p)?
        } else {
            p.first
        },
    };
    explore(&req, budget).map_err(|e| match e {
        AnalysisError::Input(e) => PuzzleError::Input(e),
        AnalysisError::Budget(e) => PuzzleError::Budget(e),
    })
}

/// Does `mover`, to move in `e`, lose with best play?
fn mover_loses(e: &Exploration, mover: Player) -> Result<bool, PuzzleError> {
    let mut arena = Arena::new();
    let v = arena
        .parse(&e.value)
        .map_err(|_| PuzzleError::NoSolution("the engine's value could not be read back".into()))?;
    Ok(super::solve::mover_loses(&mut arena, mover, v))
}

/// The move `q` plays in `e`: a winning one if it has one, else the first
/// option no other of its options beats (the canonical form keeps it).
fn best_reply(e: &Exploration, q: Player) -> Option<String> {
    let mut arena = Arena::new();
    winning_option(&mut arena, e, q)
        .map(|(m, _)| m)
        .or_else(|| {
            e.options
                .iter()
                .find(|o| o.player == q && o.dominated.is_none())
                .map(|o| o.mv.clone())
        })
        .map(|m| format!("{q}:{m}"))
}

/// The move without its player prefix, for sentences.
fn bare(m: &str) -> &str {
    m.split_once(':').map_or(m, |(_, rest)| rest)
}

/// Judge a game: `history` holds the moves since the puzzle was posed,
/// alternately the student's and the engine's, the student's first.
pub fn judge(p: &Puzzle, history: &[String], budget: &Budget) -> Result<BeatStatus, PuzzleError> {
    let s = student(p)?;
    solve(p, budget)?;
    let engine = s.opponent();
    // Every prefix that ends with a student's move must still be won.
    for k in (0..history.len()).step_by(2) {
        let e = explore_after(p, &history[..=k], budget)?;
        if !mover_loses(&e, engine)? {
            let m = bare(&history[k]);
            let mut arena = Arena::new();
            let explanation = match winning_option(&mut arena, &e, engine) {
                Some((reply, v)) => format!(
                    "after {m} (value {}), {} wins with {reply} (value {v})",
                    e.value,
                    name(engine)
                ),
                None => format!("after {m} the value is {}: {} wins", e.value, name(engine)),
            };
            return Ok(BeatStatus::Lost { explanation });
        }
    }
    let e = explore_after(p, history, budget)?;
    let to_move = if history.len().is_multiple_of(2) {
        s
    } else {
        engine
    };
    let can_move = e.options.iter().any(|o| o.player == to_move);
    Ok(match (to_move == s, can_move) {
        (true, true) => BeatStatus::Play,
        (true, false) => BeatStatus::Lost {
            explanation: format!("{} has no move left: {} wins", name(s), name(engine)),
        },
        (false, false) => BeatStatus::Won {
            explanation: format!(
                "{} has no move left: {} wins in {} move{}",
                name(engine),
                name(s),
                history.len().div_ceil(2),
                if history.len() > 2 { "s" } else { "" }
            ),
        },
        (false, true) => match best_reply(&e, engine) {
            Some(reply) => BeatStatus::Engine { reply },
            None => BeatStatus::Play,
        },
    })
}

/// A hint in the middle of a game: a winning move of the student's from
/// the state `history` reached (`None` if it is not their turn or the win
/// is gone).
pub fn hint(
    p: &Puzzle,
    history: &[String],
    budget: &Budget,
) -> Result<Option<String>, PuzzleError> {
    if !matches!(judge(p, history, budget)?, BeatStatus::Play) {
        return Ok(None);
    }
    let e = explore_after(p, history, budget)?;
    let mut arena = Arena::new();
    Ok(winning_option(&mut arena, &e, student(p)?).map(|(m, _)| m))
}

impl Beat {
    /// A game on `p`, refused unless `p` is a `beat:` puzzle with a
    /// solution (the student can win).
    pub fn new(p: Puzzle, budget: &Budget) -> Result<Beat, PuzzleError> {
        student(&p)?;
        solve(&p, budget)?;
        Ok(Beat {
            puzzle: p,
            history: Vec::new(),
        })
    }

    pub fn student(&self) -> Player {
        student(&self.puzzle).unwrap_or_default()
    }

    pub fn status(&self, budget: &Budget) -> Result<BeatStatus, PuzzleError> {
        judge(&self.puzzle, &self.history, budget)
    }

    /// The student plays `m` (`3`, `1+3`; the player is theirs); if the
    /// game goes on, the engine answers at once. A move out of turn or
    /// after the end is refused; an illegal one is an input error and
    /// leaves the game as it was.
    pub fn play(&mut self, m: &str, budget: &Budget) -> Result<BeatStatus, PuzzleError> {
        match self.status(budget)? {
            BeatStatus::Play => {}
            _ => {
                return Err(PuzzleError::NoSolution(
                    "the game is over (start again to play)".into(),
                ))
            }
        }
        self.history
            .push(format!("{}:{}", self.student(), bare(m.trim())));
        let status = match self.status(budget) {
            Ok(s) => s,
            Err(e) => {
                self.history.pop();
                return Err(e);
            }
        };
        if let BeatStatus::Engine { reply } = &status {
            self.history.push(reply.clone());
            return self.status(budget);
        }
        Ok(status)
    }

    /// Start again from the puzzle's state.
    pub fn restart(&mut self) {
        self.history.clear();
    }
}

/// A whole game typed at once (the CLI's `--answer` for a `beat:`
/// question): the student's moves separated by spaces or semicolons, the
/// engine answering each. Correct when the game is won.
pub fn play_out(p: &Puzzle, answer: &str, budget: &Budget) -> Result<Verdict, PuzzleError> {
    let mut game = Beat::new(p.clone(), budget)?;
    let verdict = |correct, explanation: String| {
        Ok(Verdict {
            correct,
            explanation,
        })
    };
    let said = |history: &[String]| {
        history
            .iter()
            .map(|m| match m.split_once(':') {
                Some(("L", rest)) => format!("Left {rest}"),
                Some(("R", rest)) => format!("Right {rest}"),
                _ => m.clone(),
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let moves: Vec<&str> = answer
        .split(|c: char| c == ';' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .collect();
    if moves.is_empty() {
        return verdict(false, "no move given".into());
    }
    for m in moves {
        let status = match game.play(m, budget) {
            Ok(s) => s,
            Err(PuzzleError::Input(e)) => {
                return verdict(false, super::not_a_move(m, game.student(), &e))
            }
            Err(e) => return Err(e),
        };
        match status {
            BeatStatus::Won { explanation } => {
                return verdict(true, format!("{}: {explanation}", said(&game.history)))
            }
            BeatStatus::Lost { explanation } => {
                return verdict(false, format!("{}: {explanation}", said(&game.history)))
            }
            BeatStatus::Play | BeatStatus::Engine { .. } => {}
        }
    }
    verdict(
        false,
        format!(
            "{}: the game goes on, still won for {} (give the moves to the end)",
            said(&game.history),
            name(game.student())
        ),
    )
}
