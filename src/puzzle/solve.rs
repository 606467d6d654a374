//! The engine's answer to a puzzle, and the judging of a student's answer
//! with an explanation taken from the game tree ("after 3, Right wins with
//! 5").

use super::{name, Puzzle, PuzzleError, Question};
use crate::analysis::{analyse, MoveAdvice, Request, Rules};
use crate::budget::{Budget, Exceeded};
use crate::explore::{explore, Exploration};
use crate::game::{Arena, GameId, Relation};
use crate::rules::Player;

/// What the engine found.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Solution {
    /// The state's value, plain notation.
    pub value: String,
    /// The outcome letter (L, R, P, N).
    pub outcome: char,
    /// The accepted answers: the winning moves (move questions; any one of
    /// them for `win`/`beat`, all of them for `all`), the value, or the
    /// winner's letter.
    pub answer: Vec<String>,
}

/// A judged answer.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Verdict {
    pub correct: bool,
    /// Why, in words from the engine.
    pub explanation: String,
}

/// The puzzle as an engine request.
fn request(p: &Puzzle, moves: Vec<String>) -> Request {
    Request {
        position: p.position.clone(),
        rules: p.rules.clone(),
        moves,
        first: p.first,
    }
}

/// The player to move after the puzzle's moves.
fn to_move(p: &Puzzle) -> Player {
    if p.moves.len().is_multiple_of(2) {
        p.first
    } else {
        p.first.opponent()
    }
}

/// A move written any way the CLI or page accepts (`1+3`, `3,1`, ` 3 `)
/// in one form: labels sorted, joined by `+`.
pub fn normalise_move(text: &str) -> String {
    let mut labels: Vec<&str> = text
        .split(|c: char| c == '+' || c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .collect();
    labels.sort_by_key(|l| (l.parse::<u64>().unwrap_or(u64::MAX), l.to_string()));
    labels.dedup();
    labels.join("+")
}

/// Solve `p`: refuse what the engine cannot pose or answer, and puzzles
/// with no solution.
pub fn solve(p: &Puzzle, budget: &Budget) -> Result<Solution, PuzzleError> {
    match &p.rules {
        Rules::Normal | Rules::Childish | Rules::Uncolored | Rules::Quantum(_) => {}
        other => return Err(PuzzleError::Unsupported(other.kind().to_string())),
    }
    if p.title.chars().count() > super::MAX_TEXT {
        return Err(PuzzleError::TooLong("title"));
    }
    if p.hint.chars().count() > super::MAX_TEXT {
        return Err(PuzzleError::TooLong("hint"));
    }
    if let Some(mover) = p.question.mover() {
        if !p.moves.is_empty() && mover != to_move(p) {
            return Err(PuzzleError::NoSolution(format!(
                "it is {}'s turn after the moves played",
                name(to_move(p))
            )));
        }
    }
    // Classical moves are not replayed by the analysis: it takes the
    // edges left standing, and its moves come back in the start's labels.
    let a = match super::replay::standing(p, budget)? {
        None => analyse(&request(p, p.moves.clone()), budget)?,
        Some(s) => {
            let reduced = Request {
                position: s.position.clone(),
                rules: p.rules.clone(),
                moves: Vec::new(),
                first: p.first,
            };
            let mut a = analyse(&reduced, budget)?;
            for advice in [&mut a.left_moves, &mut a.right_moves]
                .into_iter()
                .flatten()
            {
                for l in &mut advice.labels {
                    *l = s.to_start(l);
                }
            }
            a
        }
    };
    // Puzzles quote and compare values: one too long to print has no
    // puzzle to offer.
    if let Some(e) = a.elided {
        return Err(Exceeded::from(e).into());
    }
    let outcome = a.outcome.map_or('?', |o| o.letter());
    let moves_of = |q: Player| -> Option<&MoveAdvice> {
        match q {
            Player::Left => a.left_moves.as_ref(),
            Player::Right => a.right_moves.as_ref(),
        }
    };
    let answer = match p.question {
        Question::WinningMove(q) | Question::EveryWinningMove(q) | Question::Beat(q) => {
            match moves_of(q) {
                Some(m) if m.winning && !m.labels.is_empty() => {
                    m.labels.iter().map(|l| normalise_move(l)).collect()
                }
                _ => {
                    return Err(PuzzleError::NoSolution(format!(
                        "{} has no winning move",
                        name(q)
                    )))
                }
            }
        }
        Question::Value => vec![a.value.clone()],
        Question::Winner(q) => {
            let winner = match outcome {
                'L' => Player::Left,
                'R' => Player::Right,
                'P' => q.opponent(),
                _ => q,
            };
            vec![winner.to_string()]
        }
    };
    Ok(Solution {
        value: a.value,
        outcome,
        answer,
    })
}

/// Does the player who moves next in a state of value `v` lose? (Left
/// moving in G loses iff G ≤ 0; Right iff G ≥ 0.)
pub(crate) fn mover_loses(arena: &mut Arena, mover: Player, v: GameId) -> bool {
    let zero = arena.zero();
    match mover {
        Player::Left => arena.le(v, zero),
        Player::Right => arena.le(zero, v),
    }
}

/// The first winning option of `p` in `e`, with its value.
pub(crate) fn winning_option(
    arena: &mut Arena,
    e: &Exploration,
    p: Player,
) -> Option<(String, String)> {
    e.options.iter().find_map(|o| {
        let v = arena.parse(&o.value).ok()?;
        (o.player == p && mover_loses(arena, p.opponent(), v))
            .then(|| (o.mv.clone(), o.value.clone()))
    })
}

/// Why move `m` of `p` does not win: the opponent's winning answer.
fn refute(puzzle: &Puzzle, p: Player, m: &str, budget: &Budget) -> Result<String, PuzzleError> {
    let mut moves = puzzle.moves.clone();
    moves.push(m.to_string());
    let mut req = request(puzzle, moves);
    if puzzle.moves.is_empty() {
        req.first = p;
    }
    let e = match explore(&req, budget) {
        Ok(e) => e,
        Err(crate::analysis::AnalysisError::Input(e)) => return Ok(super::not_a_move(m, p, &e)),
        Err(crate::analysis::AnalysisError::Budget(e)) => return Err(e.into()),
    };
    let mut arena = Arena::new();
    let q = p.opponent();
    Ok(match winning_option(&mut arena, &e, q) {
        Some((reply, v)) => format!(
            "after {m} (value {}), {} wins with {reply} (value {v})",
            e.value,
            name(q)
        ),
        None => format!(
            "after {m} the value is {}, which is not a win for {}",
            e.value,
            name(p)
        ),
    })
}

/// The page prints ½, ¼, ¾: read them as a student would type them back
/// (`1½` is the mixed number 1 1/2).
fn vulgar_fractions(text: &str) -> String {
    let spaced = text
        .replace('½', " 1/2")
        .replace('¼', " 1/4")
        .replace('¾', " 3/4")
        .replace('⅛', " 1/8");
    spaced.trim().replace("- ", "-").replace("−", "-")
}

/// Judge `answer` to `p` (solved as `s`).
pub fn check(
    p: &Puzzle,
    s: &Solution,
    answer: &str,
    budget: &Budget,
) -> Result<Verdict, PuzzleError> {
    let verdict = |correct, explanation: String| {
        Ok(Verdict {
            correct,
            explanation,
        })
    };
    match p.question {
        Question::Beat(_) => super::beat::play_out(p, answer, budget),
        Question::WinningMove(q) => {
            let m = normalise_move(answer);
            if m.is_empty() {
                return verdict(false, "no move given".into());
            }
            if s.answer.contains(&m) {
                return verdict(true, format!("{m} wins for {}", name(q)));
            }
            verdict(false, refute(p, q, &m, budget)?)
        }
        Question::EveryWinningMove(q) => {
            // Moves are separated by spaces or semicolons; a superposed
            // move's labels are joined by `+`.
            let mut given: Vec<String> = answer
                .split(|c: char| c == ';' || c.is_whitespace())
                .map(normalise_move)
                .filter(|m| !m.is_empty())
                .collect();
            given.sort();
            given.dedup();
            let wrong: Vec<&String> = given.iter().filter(|m| !s.answer.contains(m)).collect();
            if let Some(m) = wrong.first() {
                return verdict(false, refute(p, q, m, budget)?);
            }
            let missing = s.answer.iter().filter(|m| !given.contains(m)).count();
            if missing > 0 {
                return verdict(
                    false,
                    format!(
                        "each of these wins, but {missing} more winning move{} for {} {} missing",
                        if missing == 1 { "" } else { "s" },
                        name(q),
                        if missing == 1 { "is" } else { "are" }
                    ),
                );
            }
            verdict(
                true,
                format!("these are all {} winning moves", s.answer.len()),
            )
        }
        Question::Value => {
            let mut arena = Arena::new();
            let typed = vulgar_fractions(answer);
            let Ok(given) = arena.parse(&typed) else {
                return verdict(
                    false,
                    format!("'{}' is not a value I can read", answer.trim()),
                );
            };
            let Ok(truth) = arena.parse(&s.value) else {
                return verdict(false, "the engine's value could not be read back".into());
            };
            let shown = arena.plain(given);
            let why = match arena.relation(truth, given) {
                Relation::Equal => return verdict(true, format!("the value is {}", s.value)),
                Relation::Greater => format!("the value is greater than {shown}"),
                Relation::Less => format!("the value is less than {shown}"),
                Relation::Fuzzy => format!("the value is confused with {shown}"),
            };
            verdict(false, why)
        }
        Question::Winner(first) => {
            let said: Option<Player> = answer.trim().parse().ok();
            let winner = if s.answer.first().map(String::as_str) == Some("L") {
                Player::Left
            } else {
                Player::Right
            };
            if said == Some(winner) {
                return verdict(
                    true,
                    format!("{} wins when {} moves first", name(winner), name(first)),
                );
            }
            let root = explore(&request(p, p.moves.clone()), budget)?;
            let mut arena = Arena::new();
            let why = if winner == first {
                match winning_option(&mut arena, &root, first) {
                    Some((m, v)) => {
                        format!("{} wins moving first with {m} (value {v})", name(first))
                    }
                    None => format!("{} wins moving first", name(first)),
                }
            } else {
                match root.options.iter().find(|o| o.player == first) {
                    Some(o) => format!(
                        "every move of {} loses: {}",
                        name(first),
                        refute(p, first, &o.mv, budget)?
                    ),
                    None => format!("{} has no move, so loses moving first", name(first)),
                }
            };
            verdict(false, why)
        }
    }
}
