//! A request explored: parse the position, replay the moves (classical
//! cuts one at a time, or quantum moves through the flavour's checks), then
//! explore the state reached within the budget ([`explore`]), or list one
//! player's moves there without valuing anything ([`moves`]).

use super::engine::{Classical, Engine, Normal, QuantumExplorer};
use super::{explore_state, options_state, Exploration};
use crate::analysis::{
    is_nim, parse_position, AnalysisError, GameRules, InputError, PlayerName, Request, Rules,
};
use crate::budget::{Budget, Exceeded};
use crate::quantum::{MoveError, QuantumBase, QuantumGame, QuantumSolver};
use crate::rules::nim::parse_nim;
use crate::rules::uncolored::UncoloredMove;
use crate::rules::{Nim, Player};

/// Explore the state `req` reaches. Misère and synchronous play have no
/// short-game value to explore (sync has `matrix`).
pub fn explore(req: &Request, budget: &Budget) -> Result<Exploration, AnalysisError> {
    reach(req, budget, Explore { values: true })
}

/// The state `req` reaches with its options and what each leaves, valuing
/// nothing ([`options_state`]): the explorer while values are hidden.
pub fn explore_unvalued(req: &Request, budget: &Budget) -> Result<Exploration, AnalysisError> {
    reach(req, budget, Explore { values: false })
}

/// `p`'s moves at the state `req` reaches, labelled as [`explore`] labels
/// them and in its order, found without valuing any state: what a puzzle
/// offers to tap, where valuing every option (a quantum drawing of ten
/// edges has a hundred) would keep the student waiting for nothing shown.
pub fn moves(req: &Request, p: Player, budget: &Budget) -> Result<Vec<String>, AnalysisError> {
    reach(req, budget, MovesOf(p))
}

/// What a request asks of the state it reaches.
trait Goal {
    type Out;
    fn at<E: Engine>(
        &self,
        engine: &mut E,
        s: &E::State,
        budget: &Budget,
    ) -> Result<Self::Out, Exceeded>;
    /// Add superposed state `s`'s realisations, in words, where the
    /// answer shows them (found only then: listing moves needs none).
    fn realisations<E: Engine>(_out: &mut Self::Out, _engine: &E, _s: &E::State) {}
}

/// The state's tree one level deep: valued ([`explore_state`]) or, while
/// values are hidden, its options alone ([`options_state`]).
struct Explore {
    values: bool,
}

impl Goal for Explore {
    type Out = Exploration;
    fn at<E: Engine>(
        &self,
        engine: &mut E,
        s: &E::State,
        budget: &Budget,
    ) -> Result<Exploration, Exceeded> {
        if self.values {
            explore_state(engine, s, budget.text_limit())
        } else {
            options_state(engine, s)
        }
    }
    fn realisations<E: Engine>(out: &mut Exploration, engine: &E, s: &E::State) {
        out.realisations = Some(engine.remaining(s));
    }
}

struct MovesOf(Player);

impl Goal for MovesOf {
    type Out = Vec<String>;
    fn at<E: Engine>(
        &self,
        engine: &mut E,
        s: &E::State,
        _: &Budget,
    ) -> Result<Vec<String>, Exceeded> {
        Ok(engine
            .moves(s, self.0)?
            .iter()
            .map(|m| engine.label(m))
            .collect())
    }
}

fn reach<G: Goal>(req: &Request, budget: &Budget, goal: G) -> Result<G::Out, AnalysisError> {
    match &req.rules {
        Rules::Quantum(options) if is_nim(&req.position) => {
            let heaps = parse_nim(&req.position).map_err(InputError::from)?;
            let base = Nim {
                labels: options.labels,
            };
            return quantum(base, heaps, options.setting, false, req, budget, goal);
        }
        Rules::Misere => return Err(InputError::NotShortGame("misere").into()),
        Rules::Sync(_) => return Err(InputError::NotShortGame("sync").into()),
        _ => {}
    }
    let position = parse_position(&req.position)?;
    match GameRules::new(&req.rules, &position, budget) {
        GameRules::Normal(rules) => {
            let start = rules.start();
            classical(Normal::new(rules, budget), start, req, budget, goal)
        }
        GameRules::Childish(rules) => {
            let start = rules.start();
            classical(
                Classical::new(rules, budget, cut_label),
                start,
                req,
                budget,
                goal,
            )
        }
        GameRules::Uncolored(rules) => {
            let start = rules.start();
            classical(
                Classical::new(rules, budget, uncolored_label),
                start,
                req,
                budget,
                goal,
            )
        }
        GameRules::Quantum(game) => {
            if let Rules::Quantum(q) = &req.rules {
                if q.labels != crate::rules::NimLabels::default() {
                    return Err(InputError::LabelsNeedNim.into());
                }
            }
            let start = game.base.start();
            let numbers_first = crate::quantum::numbers_likely(&game.base.position);
            quantum(
                game.base,
                start,
                game.setting,
                numbers_first,
                req,
                budget,
                goal,
            )
        }
        GameRules::Misere(_) => Err(InputError::NotShortGame("misere").into()),
        GameRules::Sync(..) => Err(InputError::NotShortGame("sync").into()),
    }
}

/// A cut's label: the 1-based edge number.
fn cut_label(e: &usize) -> String {
    (e + 1).to_string()
}

/// Colouring moves carry their colour (`3B`), cuts are the edge number.
fn uncolored_label(m: &UncoloredMove) -> String {
    match m {
        UncoloredMove::Colour(e, c) => format!("{}{}", e + 1, c.letter()),
        UncoloredMove::Cut(e) => cut_label(e),
    }
}

/// A move may name its player (`L:3`, `R:1+2`), so the explorer can step
/// into either player's options at every level; without a prefix the
/// players alternate from `first`.
fn split_player(text: &str, alternate: Player) -> (Player, &str) {
    match text.split_once(':') {
        Some(("L", rest)) => (Player::Left, rest),
        Some(("R", rest)) => (Player::Right, rest),
        _ => (alternate, text),
    }
}

fn illegal(index: usize, p: Player, text: &str, reason: String) -> AnalysisError {
    InputError::IllegalMove {
        index: index + 1,
        player: PlayerName(p),
        text: text.to_string(),
        reason,
    }
    .into()
}

/// Replay classical moves by their labels, then answer the goal.
fn classical<E: Engine, G: Goal>(
    mut engine: E,
    mut state: E::State,
    req: &Request,
    budget: &Budget,
    goal: G,
) -> Result<G::Out, AnalysisError> {
    let mut p = req.first;
    for (k, full) in req.moves.iter().enumerate() {
        let (mover, text) = split_player(full, p);
        p = mover;
        let moves = engine.moves(&state, p)?;
        let Some(m) = moves.iter().find(|m| engine.label(m) == *text) else {
            let legal: Vec<String> = moves.iter().map(|m| engine.label(m)).collect();
            let reason = if legal.is_empty() {
                format!("{} has no move", PlayerName(p))
            } else {
                format!("{} may play {}", PlayerName(p), legal.join(", "))
            };
            return Err(illegal(k, p, text, reason));
        };
        state = engine.play(&state, p, m)?;
        p = p.opponent();
    }
    Ok(goal.at(&mut engine, &state, budget)?)
}

/// Replay quantum moves through a [`QuantumGame`] (each checked against
/// the flavour), then answer the goal at the superposed state reached;
/// with `numbers_first`, values that are numbers are found by comparison
/// ([`QuantumSolver::try_numbers_first`]).
fn quantum<B: QuantumBase + Clone, G: Goal>(
    base: B,
    start: B::State,
    setting: crate::quantum::Setting,
    numbers_first: bool,
    req: &Request,
    budget: &Budget,
    goal: G,
) -> Result<G::Out, AnalysisError> {
    let mut game = QuantumGame::with_budget(base.clone(), start.clone(), setting, budget);
    let mut p = req.first;
    for (k, full) in req.moves.iter().enumerate() {
        let (mover, m) = split_player(full, p);
        p = mover;
        game.try_play_text(p, &m.replace('+', ","))
            .map_err(|e| match e {
                MoveError::Illegal(reason) => illegal(k, p, m, reason),
                MoveError::Exceeded(e) => AnalysisError::Budget(e),
            })?;
        p = p.opponent();
    }
    let state = game.state().to_vec();
    drop(game);
    let mut solver = QuantumSolver::with_budget(base, &start, setting, budget);
    solver.try_numbers_first(numbers_first);
    let mut engine = QuantumExplorer::new(solver, budget);
    let mut out = goal.at(&mut engine, &state, budget)?;
    G::realisations(&mut out, &engine, &state);
    Ok(out)
}
