//! Temperature theory of an answer's value ([`crate::game::temperature`]):
//! mean, temperature, thermograph, reduced canonical form and atomic
//! weight, as exact strings for the CLI's JSON (and the page later).
//!
//! Computed from the answer's plain value in a fresh arena, so every
//! ruleset with short-game values (normal, childish, uncoloured, quantum)
//! is served by one path. Misère and synchronous answers have no
//! short-game value: every field is then missing and `reason` says why.
//! The work runs within the request's budget; past it the fields are
//! missing with the budget's message as the reason (the value itself was
//! found, so the answer stands).

use super::{Answer, Rules};
use crate::budget::Budget;
use crate::game::temperature::{Thermal, ThermalError, Trajectory};
use crate::game::Arena;
use serde::{Deserialize, Serialize};

/// A thermograph's walls as breakpoints `[temperature, value]`, exact
/// dyadic strings, from t = −1 up to the mast (flat above the last).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Walls {
    pub left: Vec<[String; 2]>,
    pub right: Vec<[String; 2]>,
}

impl Walls {
    fn of(left: &Trajectory, right: &Trajectory) -> Walls {
        let points = |t: &Trajectory| {
            t.breakpoints()
                .into_iter()
                .map(|(t, v)| [t.to_string(), v.to_string()])
                .collect()
        };
        Walls {
            left: points(left),
            right: points(right),
        }
    }
}

/// Temperature theory of one value; a field is None when it does not
/// apply, with the reason beside it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ThermalAnswer {
    pub mean: Option<String>,
    pub temperature: Option<String>,
    pub thermograph: Option<Walls>,
    /// The reduced canonical form, plain notation.
    pub reduced: Option<String>,
    /// Why mean, temperature, thermograph and reduced are missing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The atomic weight (plain notation) of an all-small value.
    pub atomic_weight: Option<String>,
    /// Why there is no atomic weight.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub atomic_weight_reason: Option<String>,
}

impl ThermalAnswer {
    /// Nothing applies, for `reason`.
    fn missing(reason: String) -> ThermalAnswer {
        ThermalAnswer {
            atomic_weight_reason: Some(reason.clone()),
            reason: Some(reason),
            ..ThermalAnswer::default()
        }
    }
}

/// Temperature theory of `answer`'s value under `rules`, within `budget`.
pub fn thermal(answer: &Answer, rules: &Rules, budget: &Budget) -> ThermalAnswer {
    if let Some(why) = no_short_game(rules) {
        return ThermalAnswer::missing(why.into());
    }
    if answer.elided.is_some() {
        return ThermalAnswer::missing("the value is too long to print".into());
    }
    thermal_of(&answer.value, rules, budget)
}

/// Temperature theory of the value `value` (plain notation) under
/// `rules`, within `budget` (see [`thermal`]).
pub fn thermal_of(value: &str, rules: &Rules, budget: &Budget) -> ThermalAnswer {
    if let Some(why) = no_short_game(rules) {
        return ThermalAnswer::missing(why.into());
    }
    let mut arena = Arena::new();
    let g = match arena.parse(value) {
        Ok(g) => g,
        Err(e) => return ThermalAnswer::missing(format!("the value does not read back: {e}")),
    };
    let mut th = Thermal::new(budget);
    let mut out = ThermalAnswer::default();
    let stopped = |e: ThermalError| format!("not computed: {e}");
    match th.thermograph(&mut arena, g) {
        Ok(t) => {
            out.mean = Some(t.mean().to_string());
            out.temperature = Some(t.temperature().to_string());
            out.thermograph = Some(Walls::of(t.left(), t.right()));
        }
        Err(e) => return ThermalAnswer::missing(stopped(e)),
    }
    let too_long = |arena: &Arena, h| arena.plain_len(h) > budget.text_limit();
    match th.reduced(&mut arena, g) {
        Ok(r) if too_long(&arena, r) => {
            out.reason = Some("the reduced canonical form is too long to print".into())
        }
        Ok(r) => out.reduced = Some(arena.plain(r)),
        Err(e) => out.reason = Some(stopped(e.into())),
    }
    match th.atomic_weight(&mut arena, g) {
        Ok(Ok(w)) if too_long(&arena, w) => {
            out.atomic_weight_reason = Some("the atomic weight is too long to print".into())
        }
        Ok(Ok(w)) => out.atomic_weight = Some(arena.plain(w)),
        Ok(Err(why)) => out.atomic_weight_reason = Some(why.to_string()),
        Err(e) => out.atomic_weight_reason = Some(stopped(e.into())),
    }
    out
}

/// Why values under `rules` have no temperature theory (`None`: they do).
fn no_short_game(rules: &Rules) -> Option<&'static str> {
    match rules {
        Rules::Misere => {
            Some("misère play: only the outcome class is computed, not a short-game value")
        }
        Rules::Sync(_) => {
            Some("synchronous values are values of matrix games (real numbers), not short games")
        }
        _ => None,
    }
}

/// The mean and temperature (exact, plain notation) of each of `values`
/// (plain notation) under `rules`, sharing one arena and one memo of
/// thermographs; `None` where there is none (a value that does not read
/// back, rules without short-game values, past the budget, which stops
/// the rest too).
pub fn means_and_temperatures(
    values: &[&str],
    rules: &Rules,
    budget: &Budget,
) -> Vec<Option<(String, String)>> {
    if no_short_game(rules).is_some() {
        return vec![None; values.len()];
    }
    let mut arena = Arena::new();
    let mut th = Thermal::new(budget);
    let mut stopped = false;
    values
        .iter()
        .map(|v| {
            if stopped {
                return None;
            }
            let g = arena.parse(v).ok()?;
            match th.thermograph(&mut arena, g) {
                Ok(t) => Some((t.mean().to_string(), t.temperature().to_string())),
                Err(_) => {
                    stopped = true;
                    None
                }
            }
        })
        .collect()
}
