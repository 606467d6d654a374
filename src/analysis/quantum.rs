//! Answers under quantum rules: replay the moves from the start through a
//! [`QuantumGame`] (every move checked against the flavour), then value the
//! superposed state reached.
//!
//! [`analyse_in_stages`] gives the same answer and reports what is known on
//! the way ([`Stage`]): the outcome class (two outcome searches), a first
//! winning move of each player who has one (outcome searches of the
//! options), bounds on the value from comparisons with numbers (outcome
//! searches of the state minus a number), then the value as soon as it is
//! known, then each player's best moves as soon as they are found (a
//! player with a winning move first); and,
//! during any long search, how far it got. Every stage before the value
//! is a proved fact about the same state, found by search alone: an
//! outcome search stops at a first winning move, so these come long
//! before the value, which needs every option of every state below. The
//! best moves of a player without a winning move can take longer than
//! the value (each other move shown strictly worse than a best one).

use super::classical::{game_answer, value_stage};
use super::error::{AnalysisError, InputError, PlayerName};
use super::kept_solver::{self, SolverKey};
use super::options::QuantumOptions;
use super::request::{Answer, MoveAdvice, Request};
use crate::budget::{Budget, Exceeded};
use crate::game::{Dyadic, Outcome, Relation};
use crate::quantum::{
    next_comparison, Flavour, MoveError, QuantumBase, QuantumGame, QuantumSolver, SearchProgress,
    Setting, Width,
};
use crate::rules::nim::parse_nim;
use crate::rules::{Hackenbush, Nim, NimLabels, Player};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

/// What is known about a state while it is being valued, in the order
/// found; each stage says what it is. Serialised with a `stage` tag
/// (`{"stage":"outcome","outcome":"L"}`), one JSON object per stage. In
/// the wasm build, where stages only go from the worker to the page,
/// externally tagged (`{"outcome":{"outcome":"L"}}`): an internally tagged
/// enum is read through serde's buffered `Content`, a second reader of
/// everything inside, in the page's download.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(not(target_arch = "wasm32"), serde(tag = "stage"))]
pub enum Stage {
    /// A long search is still running: states memoised so far, bytes of
    /// its tables, milliseconds since it began.
    Searching {
        states: u64,
        charged_bytes: u64,
        millis: u64,
    },
    /// The outcome class, proved by outcome searches.
    Outcome { outcome: Outcome },
    /// The value compared with a number (plain notation), proved by
    /// outcome searches of the state minus the number.
    Bound {
        relation: BoundRelation,
        number: String,
    },
    /// A winning move of `player` (`L` or `R`), found so far (there may be
    /// more; the final `best_moves` lists them all).
    WinningMove { player: String, labels: String },
    /// The value in plain notation, and in the people-friendly form
    /// (both empty when too long for the budget's text limit). Under
    /// quantum and normal play it comes as soon as the value is known,
    /// before the best moves.
    Value {
        value: String,
        #[serde(default)]
        pretty: String,
    },
    /// A player's best moves with the value (winning ones if any).
    BestMoves {
        player: String,
        winning: bool,
        labels: Vec<String>,
    },
}

/// How the value compares with a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoundRelation {
    Greater,
    Less,
    Equal,
    /// Neither greater, less nor equal: the value is not a number.
    Confused,
}

impl From<Relation> for BoundRelation {
    fn from(r: Relation) -> BoundRelation {
        match r {
            Relation::Greater => BoundRelation::Greater,
            Relation::Less => BoundRelation::Less,
            Relation::Equal => BoundRelation::Equal,
            Relation::Fuzzy => BoundRelation::Confused,
        }
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stage::Searching {
                states,
                charged_bytes,
                millis,
            } => write!(
                f,
                "searching: {states} states, {} MiB of tables, {}.{} s",
                charged_bytes >> 20,
                millis / 1000,
                millis % 1000 / 100
            ),
            Stage::Outcome { outcome } => write!(
                f,
                "outcome (by search): {} ({})",
                outcome.letter(),
                outcome.sentence()
            ),
            Stage::Bound { relation, number } => match relation {
                BoundRelation::Greater => write!(f, "bound: the value is more than {number}"),
                BoundRelation::Less => write!(f, "bound: the value is less than {number}"),
                BoundRelation::Equal => write!(f, "bound: the value is exactly {number}"),
                BoundRelation::Confused => write!(
                    f,
                    "bound: the value is confused with {number}, so it is not a number"
                ),
            },
            Stage::WinningMove { player, labels } => {
                write!(
                    f,
                    "winning move for {} (found so far): {labels}",
                    name(player)
                )
            }
            Stage::Value { value, .. } => write!(f, "value: {value}"),
            Stage::BestMoves {
                player,
                winning,
                labels,
            } => write!(
                f,
                "{}'s {}: {}",
                name(player),
                if *winning {
                    "winning moves"
                } else {
                    "best moves (none wins)"
                },
                if labels.is_empty() {
                    "none".to_string()
                } else {
                    labels.join(" ")
                }
            ),
        }
    }
}

fn name(letter: &str) -> &'static str {
    if letter == "L" {
        "Left"
    } else {
        "Right"
    }
}

fn letter(p: Player) -> String {
    match p {
        Player::Left => "L".into(),
        Player::Right => "R".into(),
    }
}

/// Where stages go: shared between the staged steps and the solver's
/// progress hook.
type Sink = Rc<RefCell<dyn FnMut(Stage)>>;

/// How many comparisons with numbers [`analyse_in_stages`] makes for
/// bounds: each is an outcome search; a few narrow the value to within
/// its first binary digits without costing much next to the value.
const BOUND_STEPS: usize = 6;

/// The states one comparison for a bound may search ([`staged_facts`]);
/// past it the bounds stop and the value comes next. A bound is worth
/// showing while the value is still coming, not in its place: on seed-26
/// classroom drawing 8 under D at unbounded width, the comparisons with
/// 5 and 9/2 (showing the value less than each: every move of Left's
/// refuted, a thousand of them) searched 52,000 and 66,000 states, where
/// the whole value took 78,000.
const BOUND_QUOTA: u64 = 20_000;

/// How often a long search reports [`Stage::Searching`].
const PROGRESS_MILLIS: u64 = 1000;

/// [`super::analyse`], reporting [`Stage`]s to `on_stage` as they are
/// known (see the module doc). Rules other than quantum report only
/// their value and best moves, at the end.
pub fn analyse_in_stages(
    req: &Request,
    budget: &Budget,
    on_stage: impl FnMut(Stage) + 'static,
) -> Result<Answer, AnalysisError> {
    let sink: Sink = Rc::new(RefCell::new(on_stage));
    // Quantum play tells its value and each player's best moves as soon
    // as each is known; normal play its value before its best moves.
    let (mut value_told, mut moves_told) = (false, false);
    let answer = match &req.rules {
        crate::analysis::Rules::Quantum(options) if super::is_nim(&req.position) => {
            (value_told, moves_told) = (true, true);
            nim_staged(req, options, budget, Some(&sink))?
        }
        crate::analysis::Rules::Quantum(_) => {
            let position = super::parse_position(&req.position)?;
            match super::GameRules::new(&req.rules, &position, budget) {
                super::GameRules::Quantum(game) => {
                    (value_told, moves_told) = (true, true);
                    hackenbush_staged(*game, req, budget, Some(&sink))?
                }
                _ => super::analyse(req, budget)?,
            }
        }
        crate::analysis::Rules::Normal if req.moves.is_empty() => {
            let rules = Hackenbush::new(super::parse_position(&req.position)?);
            let hook = Rc::clone(&sink);
            value_told = true;
            super::classical::normal_then(rules, budget, move |stage| (hook.borrow_mut())(stage))?
        }
        _ => super::analyse(req, budget)?,
    };
    let mut emit = sink.borrow_mut();
    if !value_told {
        emit(Stage::Value {
            value: answer.value.clone(),
            pretty: answer.pretty.clone(),
        });
    }
    if !moves_told {
        for (p, advice) in [
            (Player::Left, &answer.left_moves),
            (Player::Right, &answer.right_moves),
        ] {
            if let Some(a) = advice {
                emit(best_moves_stage(p, a));
            }
        }
    }
    drop(emit);
    Ok(answer)
}

/// A player's best moves as a stage.
fn best_moves_stage(p: Player, advice: &MoveAdvice) -> Stage {
    Stage::BestMoves {
        player: letter(p),
        winning: advice.winning,
        labels: advice.labels.clone(),
    }
}

/// Quantum Hackenbush from `game`'s start, after `req.moves`.
pub(super) fn hackenbush(
    game: QuantumGame<Hackenbush>,
    req: &Request,
    budget: &Budget,
) -> Result<Answer, AnalysisError> {
    hackenbush_staged(game, req, budget, None)
}

fn hackenbush_staged(
    game: QuantumGame<Hackenbush>,
    req: &Request,
    budget: &Budget,
    stages: Option<&Sink>,
) -> Result<Answer, AnalysisError> {
    if let crate::analysis::Rules::Quantum(q) = &req.rules {
        if q.labels != NimLabels::default() {
            return Err(InputError::LabelsNeedNim.into());
        }
    }
    let start = game.base.start();
    let numbers_first = crate::quantum::numbers_likely(&game.base.position);
    after_moves(game, start, numbers_first, req, budget, stages)
}

/// Quantum Nim (`nim:3,2`) after `req.moves`.
pub(super) fn nim(
    req: &Request,
    options: &QuantumOptions,
    budget: &Budget,
) -> Result<Answer, AnalysisError> {
    nim_staged(req, options, budget, None)
}

fn nim_staged(
    req: &Request,
    options: &QuantumOptions,
    budget: &Budget,
    stages: Option<&Sink>,
) -> Result<Answer, AnalysisError> {
    let heaps = parse_nim(&req.position).map_err(InputError::from)?;
    let base = Nim {
        labels: options.labels,
    };
    let game = QuantumGame::with_budget(base, heaps.clone(), options.setting, budget);
    after_moves(game, heaps, false, req, budget, stages)
}

/// A quantum move as answers give it: its labels joined by `,`.
pub(super) fn move_text<B: QuantumBase>(base: &B, mv: &[B::Move]) -> String {
    mv.iter()
        .map(|m| base.label_text(m))
        .collect::<Vec<_>>()
        .join(",")
}

/// A move as typed: labels joined by `+` (the CLI) or `,` (the page).
fn move_labels(text: &str) -> String {
    text.replace('+', ",")
}

/// Replay `req.moves` and report on the state reached (value, outcome,
/// birthday, best moves, realisations). The solver's reductions use the
/// start's symmetries, which stay sound for any state reached from it.
/// With `numbers_first`, the state and its options are valued by
/// comparison with numbers where they are numbers
/// ([`QuantumSolver::try_numbers_first`]). With `stages`, what the
/// searches prove is reported there first ([`staged_facts`]).
fn after_moves<B: QuantumBase + Clone + 'static>(
    mut game: QuantumGame<B>,
    start: B::State,
    numbers_first: bool,
    req: &Request,
    budget: &Budget,
    stages: Option<&Sink>,
) -> Result<Answer, AnalysisError> {
    let mut p = req.first;
    for (k, m) in req.moves.iter().enumerate() {
        game.try_play_text(p, &move_labels(m))
            .map_err(|e| match e {
                MoveError::Illegal(reason) => AnalysisError::Input(InputError::IllegalMove {
                    index: k + 1,
                    player: PlayerName(p),
                    text: m.clone(),
                    reason,
                }),
                MoveError::Exceeded(e) => AnalysisError::Budget(e),
            })?;
        p = p.opponent();
    }
    let state = game.state().to_vec();
    // The record's realisations are dropped before the search charges its
    // own tables.
    let (base, setting) = (game.base.clone(), game.setting);
    drop(game);
    let key = SolverKey {
        position: req.position.clone(),
        rules: req.rules.clone(),
    };
    let (kept, _others) = kept_solver::take(&key, budget);
    let mut solver = kept.unwrap_or_else(|| {
        // Under D, wider widths take width 2's values as guesses, each
        // proved (`quantum/solver/guided.rs`): there the widths mostly
        // agree (every one of 1,600 random states of 3 to 7 edges, every
        // seed-25 classroom drawing), and a proof is two outcome searches
        // where valuing a state compares each of its options with the best
        // ones (on seed-26 drawing 8 at unbounded width, 1,023 of Left's).
        // Under A, B, C, C′ and C′u the values at width 2 differ more often
        // where it matters, at hot states, and the refuted guesses cost
        // more than the proved ones save.
        let probing = |setting| {
            let mut solver = QuantumSolver::with_budget(base.clone(), &start, setting, budget);
            solver.try_numbers_first(numbers_first);
            solver.probe_values(true);
            solver
        };
        let narrow = Width::Limited(2);
        let guided = setting.flavour == Flavour::D && setting.width != narrow;
        let guide = guided.then(|| probing(Setting::new(setting.flavour, narrow)));
        let mut fresh = probing(setting);
        if let Some(guide) = guide {
            fresh.set_guide(guide);
        }
        fresh
    });
    if let Some(sink) = stages {
        let hook = Rc::clone(sink);
        solver.on_progress(
            Some(Box::new(move |p: SearchProgress| {
                (hook.borrow_mut())(Stage::Searching {
                    states: p.states,
                    charged_bytes: p.charged_bytes,
                    millis: p.millis,
                })
            })),
            PROGRESS_MILLIS,
        );
        staged_facts(&mut solver, &state, sink)?;
    }
    let v = solver.value(&state)?;
    // The value first: on drawings where a player has no winning move,
    // showing each other move strictly worse than a best one can take
    // longer than the value itself.
    let emit = |stage: Stage| {
        if let Some(sink) = stages {
            (sink.borrow_mut())(stage);
        }
    };
    emit(value_stage(&mut solver.arena, v, budget.text_limit()));
    // Right wins whoever starts: Right's best moves are winning ones,
    // Left's not.
    let right_first = solver.arena.outcome(v) == Outcome::R;
    let mut advice = |p| -> Result<MoveAdvice, Exceeded> {
        let best = solver.best_moves(&state, p)?;
        let base = &solver.base;
        let advice = MoveAdvice::of(&best, |mv| move_text(base, mv));
        emit(best_moves_stage(p, &advice));
        Ok(advice)
    };
    // A player with a winning move first: those are found by outcome
    // searches alone, where a player without one has each other move
    // shown strictly worse than a best one, which can take far longer.
    let (left_moves, right_moves) = if right_first {
        let right = advice(Player::Right)?;
        (advice(Player::Left)?, right)
    } else {
        let left = advice(Player::Left)?;
        (left, advice(Player::Right)?)
    };
    let realisations = state
        .iter()
        .map(|r| {
            solver
                .base
                .present_labels(r)
                .iter()
                .map(|m| solver.base.label_text(m))
                .collect()
        })
        .collect();
    let answer = Answer {
        realisations: Some(realisations),
        ..game_answer(
            &mut solver.arena,
            v,
            left_moves,
            right_moves,
            budget.text_limit(),
        )
    };
    kept_solver::keep(key, solver, budget);
    Ok(answer)
}

/// The facts found by outcome searches before the value: the outcome
/// class, a first winning move of each player who wins moving first, and
/// up to [`BOUND_STEPS`] comparisons with numbers (each within
/// [`BOUND_QUOTA`] states), each reported to `sink` as soon as it is
/// proved.
///
/// The comparisons walk down the tree of numbers as
/// [`QuantumSolver::number_value`] does: x is the simplest number strictly
/// between the bounds known so far (integers far from 0 by doubling), and
/// G ≥ x iff Right moving first in G − x loses, G ≤ x iff Left moving first
/// loses. Greater-or-equal and not less-or-equal is "more than x".
fn staged_facts<B: QuantumBase>(
    solver: &mut QuantumSolver<B>,
    state: &[B::State],
    sink: &Sink,
) -> Result<(), Exceeded> {
    let emit = |stage: Stage| (sink.borrow_mut())(stage);
    let left = solver.wins_moving_first(state, Player::Left)?;
    let right = solver.wins_moving_first(state, Player::Right)?;
    let outcome = Outcome::from_first_player_wins(left, right);
    emit(Stage::Outcome { outcome });
    for (p, wins) in [(Player::Left, left), (Player::Right, right)] {
        if !wins {
            continue;
        }
        solver.winning_moves_by_search(state, p, |s, mv| {
            emit(Stage::WinningMove {
                player: letter(p),
                labels: move_text(&s.base, mv),
            });
            // The first is enough here: the rest come with the value.
            false
        })?;
    }
    // The outcome is the comparison with 0.
    let (mut lo, mut hi) = match outcome {
        Outcome::L => (Some(Dyadic::zero()), None),
        Outcome::R => (None, Some(Dyadic::zero())),
        Outcome::P | Outcome::N => return Ok(()),
    };
    for _ in 0..BOUND_STEPS {
        let simplest = Dyadic::simplest_between(lo.as_ref(), hi.as_ref());
        let x = next_comparison(lo.as_ref(), hi.as_ref(), simplest);
        let Some(relation) = solver.compare_with_number(state, &x, BOUND_QUOTA)? else {
            break;
        };
        let relation = BoundRelation::from(relation);
        emit(Stage::Bound {
            relation,
            number: x.to_string(),
        });
        match relation {
            BoundRelation::Greater => lo = Some(x),
            BoundRelation::Less => hi = Some(x),
            BoundRelation::Equal | BoundRelation::Confused => break,
        }
    }
    Ok(())
}
