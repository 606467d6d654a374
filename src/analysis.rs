//! The one entry point that the CLI and the browser worker share: validate a
//! request (position text + ruleset options), run the right engine, and
//! report the value in the printed formats of RULES.md.

use crate::game::Outcome;
use crate::position::{Colour, Edge, Position};
use crate::rules::nim::parse_nim;
use crate::rules::{Childish, Hackenbush, Misere, Player, Ruleset, Uncolored};
use crate::solve::Solver;
use serde::{Deserialize, Serialize};

/// Which ruleset and options to analyse a position under (strings as typed
/// by a user, validated by [`Options::from_choice`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RulesChoice {
    /// normal | misere | childish | uncolored | sync | quantum (default normal)
    pub rules: String,
    /// A | B | C | C' | C'u | D (quantum only)
    pub flavour: Option<String>,
    /// "2", "3", … or "unbounded" (quantum only)
    pub width: Option<String>,
    /// subtract | cut (quantum nim only)
    pub labels: Option<String>,
    /// shared | tie | replay (sync only)
    pub conflict: Option<String>,
}

/// The ruleset families.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesKind {
    Normal,
    Misere,
    Childish,
    Uncolored,
    Sync,
    Quantum,
}

impl RulesKind {
    pub fn parse(name: &str) -> Result<RulesKind, String> {
        Ok(match name {
            "" | "normal" => RulesKind::Normal,
            "misere" | "misère" => RulesKind::Misere,
            "childish" => RulesKind::Childish,
            "uncolored" | "uncoloured" => RulesKind::Uncolored,
            "sync" | "synchronous" => RulesKind::Sync,
            "quantum" => RulesKind::Quantum,
            other => {
                return Err(format!(
                    "unknown ruleset '{other}' (expected normal, misere, childish, uncolored, sync or quantum)"
                ))
            }
        })
    }
}

/// What an analysis reports; `value`, `outcome`, `birthday` follow RULES.md §4.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// The value in plain notation (or the outcome letter for misère).
    pub value: String,
    /// A prettier rendering for people (`±1`, `↑`, mixed numbers).
    pub pretty: String,
    /// L, R, P or N.
    pub outcome: String,
    /// The outcome as a sentence.
    pub outcome_sentence: String,
    /// Birthday of the canonical form, for short-game rulesets.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub birthday: Option<u64>,
    /// Labels of Left's best moves (winning ones if any), where known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_moves: Option<MoveAdvice>,
    /// Labels of Right's best moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right_moves: Option<MoveAdvice>,
}

/// Best moves as user-facing labels.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveAdvice {
    /// Whether these moves win (the mover wins moving first).
    pub winning: bool,
    pub labels: Vec<String>,
}

/// A validated request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub kind: RulesKind,
}

impl Options {
    /// Check the options against each other: a flavour or width only with
    /// quantum, a conflict rule only with sync, labels only with quantum nim.
    pub fn from_choice(choice: &RulesChoice) -> Result<Options, String> {
        let kind = RulesKind::parse(&choice.rules)?;
        if kind != RulesKind::Quantum {
            if choice.flavour.is_some() {
                return Err("--flavour needs --rules quantum".to_string());
            }
            if choice.width.is_some() {
                return Err("--width needs --rules quantum".to_string());
            }
            if choice.labels.is_some() {
                return Err("--labels needs --rules quantum and a nim: position".to_string());
            }
        }
        if kind != RulesKind::Sync && choice.conflict.is_some() {
            return Err("--conflict needs --rules sync".to_string());
        }
        Ok(Options { kind })
    }
}

/// Read a Hackenbush position; `nim:3,2` is read as green stalks of 3 and 2.
pub fn parse_position(text: &str) -> Result<Position, String> {
    if text.trim_start().starts_with("nim:") {
        let heaps = parse_nim(text)?;
        return Ok(nim_as_green_stalks(&heaps));
    }
    text.parse::<Position>()
        .map_err(|e| format!("position: {e}"))
}

/// A Nim position drawn as green stalks (a heap of k is a green stalk of k).
pub fn nim_as_green_stalks(heaps: &[u32]) -> Position {
    let mut edges = Vec::new();
    let mut next = 1;
    for &h in heaps {
        let mut below = 0;
        for _ in 0..h {
            edges.push(Edge {
                u: below,
                v: next,
                colour: Colour::Green,
            });
            below = next;
            next += 1;
        }
    }
    Position::from_edges(edges)
}

/// Analyse `position` (RULES.md notation) under `choice`.
pub fn analyse(position: &str, choice: &RulesChoice) -> Result<Report, String> {
    let options = Options::from_choice(choice)?;
    match options.kind {
        RulesKind::Quantum => crate::quantum::report::analyse_quantum(
            position,
            choice.flavour.as_deref(),
            choice.width.as_deref(),
            choice.labels.as_deref(),
        ),
        RulesKind::Sync => Err("--rules sync is not available yet".to_string()),
        RulesKind::Normal => {
            let p = parse_position(position)?;
            let rules = Hackenbush::new(p);
            let start = rules.start();
            Ok(short_game_report(Solver::new(rules), &start, |m| {
                (m + 1).to_string()
            }))
        }
        RulesKind::Childish => {
            let p = parse_position(position)?;
            let rules = Childish::new(p.clone());
            let start = p.grounded(p.full_set());
            Ok(short_game_report(Solver::new(rules), &start, |m| {
                (m + 1).to_string()
            }))
        }
        RulesKind::Uncolored => {
            let rules = Uncolored::new(parse_position(position)?);
            let start = rules.start();
            Ok(short_game_report(Solver::new(rules), &start, |m| match m {
                crate::rules::uncolored::UncoloredMove::Colour(e, c) => {
                    format!("{}{}", e + 1, c.letter())
                }
                crate::rules::uncolored::UncoloredMove::Cut(e) => (e + 1).to_string(),
            }))
        }
        RulesKind::Misere => {
            let rules = Misere(Hackenbush::new(parse_position(position)?));
            let start = rules.0.start();
            let mut solver = Solver::new(rules);
            let outcome = solver.outcome(&start);
            Ok(Report {
                value: outcome.letter().to_string(),
                pretty: outcome.letter().to_string(),
                outcome: outcome.letter().to_string(),
                outcome_sentence: misere_sentence(outcome),
                ..Report::default()
            })
        }
    }
}

fn misere_sentence(o: Outcome) -> String {
    format!("{} (misère play)", o.sentence())
}

/// Value, outcome, birthday and best moves of a normal-play short game.
pub fn short_game_report<R: Ruleset>(
    mut solver: Solver<R>,
    start: &R::State,
    label: impl Fn(&R::Move) -> String,
) -> Report {
    let v = solver.value(start);
    let outcome = solver.arena.outcome(v);
    let mut advice = |p: Player| {
        let best = solver.best_moves(start, p);
        MoveAdvice {
            winning: best.winning,
            labels: best.moves.iter().map(&label).collect(),
        }
    };
    let left_moves = Some(advice(Player::Left));
    let right_moves = Some(advice(Player::Right));
    Report {
        value: solver.arena.plain(v),
        pretty: solver.arena.pretty(v),
        outcome: outcome.letter().to_string(),
        outcome_sentence: outcome.sentence().to_string(),
        birthday: Some(solver.arena.birthday(v)),
        left_moves,
        right_moves,
    }
}
