//! `--rules quantum` for the analysis facade: read the options, pick
//! quantum Hackenbush or quantum Nim, and report value, outcome, birthday
//! and best moves in the formats of RULES.md §4.

use super::base::QuantumBase;
use super::flavour::{Flavour, Setting, Width};
use super::solver::QuantumSolver;
use crate::analysis::{MoveAdvice, Report};
use crate::rules::nim::parse_nim;
use crate::rules::{Hackenbush, Nim, NimLabels, Player};

/// Past this many memoised states the analysis gives up with a message
/// rather than exhaust memory (roughly a few GB).
pub const STATE_LIMIT: usize = 4_000_000;

/// Read `--flavour` (default D: RULES.md names no default) and `--width`
/// (default 2).
pub fn parse_setting(flavour: Option<&str>, width: Option<&str>) -> Result<Setting, String> {
    let flavour = match flavour {
        Some(f) => Flavour::parse(f).map_err(|e| format!("--flavour: {e}"))?,
        None => Flavour::DEFAULT,
    };
    let width = match width {
        Some(w) => Width::parse(w).map_err(|e| format!("--width: {e}"))?,
        None => Width::DEFAULT,
    };
    Ok(Setting::new(flavour, width))
}

/// Analyse a position under quantum rules: `nim:3,2` is quantum Nim,
/// anything else quantum Hackenbush.
pub fn analyse_quantum(
    position: &str,
    flavour: Option<&str>,
    width: Option<&str>,
    labels: Option<&str>,
) -> Result<Report, String> {
    let setting = parse_setting(flavour, width)?;
    if position.trim_start().starts_with("nim:") {
        let heaps = parse_nim(position)?;
        let labels = match labels {
            None | Some("subtract") => NimLabels::Subtract,
            Some("cut") => NimLabels::Cut,
            Some(other) => {
                return Err(format!(
                    "--labels: unknown value '{other}' (expected subtract, cut)"
                ))
            }
        };
        let solver = QuantumSolver::new(Nim { labels }, &heaps, setting);
        return report(solver, heaps);
    }
    if labels.is_some() {
        return Err("--labels needs a nim: position (e.g. nim:3,2)".to_string());
    }
    let p = crate::analysis::parse_position(position)?;
    let rules = Hackenbush::new(p);
    let start = rules.start();
    report(QuantumSolver::new(rules, &start, setting), start)
}

fn report<B: QuantumBase>(mut solver: QuantumSolver<B>, start: B::State) -> Result<Report, String> {
    solver.set_state_limit(STATE_LIMIT);
    let state = [start];
    let v = solver.value(&state).map_err(|e| e.to_string())?;
    let outcome = solver.arena.outcome(v);
    let mut advice = |p: Player| -> Result<MoveAdvice, String> {
        let best = solver.best_moves(&state, p).map_err(|e| e.to_string())?;
        Ok(MoveAdvice {
            winning: best.winning,
            labels: best
                .moves
                .iter()
                .map(|mv| {
                    mv.iter()
                        .map(|m| solver.base.label_text(m))
                        .collect::<Vec<_>>()
                        .join(",")
                })
                .collect(),
        })
    };
    let left_moves = Some(advice(Player::Left)?);
    let right_moves = Some(advice(Player::Right)?);
    Ok(Report {
        value: solver.arena.plain(v),
        pretty: solver.arena.pretty(v),
        outcome: outcome.letter().to_string(),
        outcome_sentence: outcome.sentence().to_string(),
        birthday: Some(solver.arena.birthday(v)),
        left_moves,
        right_moves,
        ..Report::default()
    })
}
