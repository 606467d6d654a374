//! The engine as an opponent: who plays each side, and which move the
//! engine makes from the engine's own answer for the board.
//!
//! The choice is made here, in plain Rust, from an [`Answer`] the worker
//! computed; the page only fetches the answer and a random number. The
//! engine never guesses: with no answer (a failure, or a position too large
//! for the page's limits) it does not move, and the page says so.

use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::analysis::{Answer, MoveAdvice, Weight};
use crate::rules::Player;

use super::play::{AnalysisRequest, Side, SidedMove};

/// Who plays one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Controller {
    #[default]
    Person,
    Engine,
}

/// Who plays each side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Opponents {
    pub left: Controller,
    pub right: Controller,
}

impl Opponents {
    pub fn of(&self, p: Player) -> Controller {
        match p {
            Player::Left => self.left,
            Player::Right => self.right,
        }
    }

    pub fn set(&mut self, p: Player, c: Controller) {
        match p {
            Player::Left => self.left = c,
            Player::Right => self.right = c,
        }
    }

    pub fn any_engine(&self) -> bool {
        self.left == Controller::Engine || self.right == Controller::Engine
    }
}

/// What the engine decided for `p`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineDecision {
    /// A move to play now (board labels; several for a superposed move).
    Play(SidedMove),
    /// Synchronous rules: the edge `p` picks in secret for this turn.
    Pick(usize),
}

/// The sentence the page shows about the engine's strength for `answer`.
pub fn strength(answer: &Answer) -> &'static str {
    if answer.approximate {
        "The engine knows the value only approximately: its mixed strategy is near-optimal, not exact."
    } else {
        "Perfect play: the engine knows the exact value."
    }
}

/// The sentence shown when the engine has no answer to play from.
pub const CANNOT_MOVE: &str =
    "The engine cannot compute this position's value: it will not move — play for it or choose Person.";

/// Choose `p`'s move on the board `req` describes, from the engine's
/// `answer` for it. `side` is who moves now (`Both` for a synchronous
/// turn). `random` is a uniform 32-bit number, used only to sample a
/// synchronous mixed strategy; the probabilities stay exact.
pub fn choose(
    answer: &Answer,
    req: &AnalysisRequest,
    side: Side,
    p: Player,
    random: u32,
) -> Result<EngineDecision, String> {
    // Synchronous rules carry both mixed strategies: sample p's.
    if let Some(st) = &answer.strategies {
        let ws = match p {
            Player::Left => &st.left,
            Player::Right => &st.right,
        };
        let engine_label = sample(ws, random)?;
        let label = board_label(req, &engine_label.to_string())?;
        return Ok(match side {
            Side::Both => EngineDecision::Pick(label),
            _ => EngineDecision::Play(SidedMove {
                side: Side::of(p),
                labels: vec![label],
            }),
        });
    }
    let advice = match p {
        Player::Left => &answer.left_moves,
        Player::Right => &answer.right_moves,
    };
    let best = first_best(advice.as_ref())
        .ok_or_else(|| "the engine's answer lists no move for this player".to_string())?;
    // A quantum move is all its labels, in board numbering.
    let best = req
        .board_move(best)
        .ok_or_else(|| format!("the engine named an unknown edge in {best:?}"))?;
    Ok(EngineDecision::Play(SidedMove {
        side: Side::of(p),
        labels: best.labels,
    }))
}

/// The engine lists winning moves when there are any (`winning`), else its
/// undominated options; either way the first is as good as any, and taking
/// it keeps the engine's play reproducible.
fn first_best(advice: Option<&MoveAdvice>) -> Option<&str> {
    advice?.labels.first().map(String::as_str)
}

fn board_label(req: &AnalysisRequest, engine_label: &str) -> Result<usize, String> {
    req.board_label(engine_label)
        .ok_or_else(|| format!("the engine named an unknown edge {engine_label:?}"))
}

/// The label whose cumulative probability first exceeds `random / 2^32`,
/// compared exactly.
fn sample(ws: &[Weight], random: u32) -> Result<usize, String> {
    let point = BigRational::new(u64::from(random).into(), (1u64 << 32).into());
    let mut total = BigRational::zero();
    let mut last = None;
    for w in ws {
        let q: BigRational = w
            .probability
            .parse()
            .map_err(|_| format!("unreadable probability {:?}", w.probability))?;
        if q.is_zero() {
            continue;
        }
        total += q;
        last = Some(&w.label);
        if point < total {
            return Ok(w.label);
        }
    }
    // Only reached if the probabilities sum to less than one (they should
    // not): the last edge with any weight takes the rest.
    match last {
        Some(&l) if total <= BigRational::one() => Ok(l),
        _ => Err("the engine's strategy has no move".into()),
    }
}
