//! The one entry point that the CLI and the browser worker share: validate a
//! request (position text + ruleset options), run the right engine, and
//! report the value in the printed formats of RULES.md.

use crate::game::Outcome;
use crate::position::{Colour, Edge, Position};
use crate::rules::nim::parse_nim;
use crate::rules::{Childish, Hackenbush, Misere, Player, Ruleset, Uncolored};
use crate::solve::Solver;
use crate::sync;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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
    /// The width of the interval reported under `--conflict replay`, as a
    /// positive rational such as `1/1000000` (sync only; default 2^-20).
    pub precision: Option<String>,
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
    /// Synchronous play: Left's optimal mixed strategy, label → exact
    /// probability (e.g. `"1/3"`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_strategy: Option<BTreeMap<usize, String>>,
    /// Synchronous play: Right's optimal mixed strategy.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right_strategy: Option<BTreeMap<usize, String>>,
    /// True when `value` is an interval (`~[lo, hi]`), not an exact value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approximate: Option<bool>,
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
        if kind != RulesKind::Sync && choice.precision.is_some() {
            return Err("--precision needs --rules sync".to_string());
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
        RulesKind::Sync => sync_report(position, choice),
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

/// Value and both optimal mixed strategies under synchronous rules.
fn sync_report(position: &str, choice: &RulesChoice) -> Result<Report, String> {
    let p = parse_position(position)?;
    let conflict = sync::Conflict::parse(choice.conflict.as_deref().unwrap_or("shared"))?;
    let precision = choice
        .precision
        .as_deref()
        .map(parse_precision)
        .transpose()?;
    let r = sync::analyse(&p, conflict, precision)?;
    let strategy = |s: &[(usize, BigRational)]| {
        Some(
            s.iter()
                .map(|(label, prob)| (*label, sync::format_rational(prob)))
                .collect(),
        )
    };
    let outcome = r.outcome.to_string();
    let outcome_sentence = match r.outcome {
        'L' => "Left wins: the value is positive",
        'R' => "Right wins: the value is negative",
        'P' => "Neither player is favoured: the value is 0",
        _ => "The sign of the value is not settled at this precision",
    };
    let approximate = matches!(r.value, sync::SyncValue::Approx { .. });
    Ok(Report {
        value: r.value.to_string(),
        pretty: r.value.to_string(),
        outcome,
        outcome_sentence: outcome_sentence.to_string(),
        left_strategy: strategy(&r.left_strategy),
        right_strategy: strategy(&r.right_strategy),
        approximate: Some(approximate),
        ..Report::default()
    })
}

/// A positive rational precision such as `1/1000000`, `0.001` or `1e-6`.
fn parse_precision(text: &str) -> Result<BigRational, String> {
    let bad = || format!("--precision: '{text}' is not a positive number (e.g. 1/1000000)");
    let value = if let Some((mantissa, exp)) = text.split_once(['e', 'E']) {
        let m = parse_decimal(mantissa).ok_or_else(bad)?;
        let e: i32 = exp.parse().map_err(|_| bad())?;
        if e.unsigned_abs() > 1000 {
            return Err(bad());
        }
        let ten = BigRational::from_integer(BigInt::from(10));
        m * num_traits::pow::Pow::pow(&ten, e)
    } else if let Some((n, d)) = text.split_once('/') {
        let n: BigInt = n.parse().map_err(|_| bad())?;
        let d: BigInt = d.parse().map_err(|_| bad())?;
        if d.is_zero() {
            return Err(bad());
        }
        BigRational::new(n, d)
    } else {
        parse_decimal(text).ok_or_else(bad)?
    };
    if value <= BigRational::zero() {
        return Err(bad());
    }
    Ok(value)
}

/// `0.001` or `3` as an exact rational.
fn parse_decimal(text: &str) -> Option<BigRational> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    let digits_ok = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && frac.is_empty() || !digits_ok(frac) || frac.len() > 1000 {
        return None;
    }
    let whole: BigInt = if whole.is_empty() {
        BigInt::zero()
    } else {
        whole.parse().ok()?
    };
    let scale = BigInt::from(10).pow(frac.len() as u32);
    let frac: BigInt = if frac.is_empty() {
        BigInt::zero()
    } else {
        frac.parse().ok()?
    };
    Some(BigRational::new(whole * &scale + frac, scale))
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
        ..Report::default()
    }
}
