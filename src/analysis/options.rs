//! The ruleset and its options as one typed value, parsed once at the edge
//! (CLI flags, the worker protocol, share links) and used everywhere after.
//!
//! Every option type has `FromStr` and `Display` that round-trip. [`Rules`]
//! itself is written compactly, colon-separated, for links, tables and
//! property names: `normal`, `misere`, `childish`, `uncolored`,
//! `sync[:CONFLICT[:PRECISION]]`, `quantum[:FLAVOUR[:WIDTH[:LABELS]]]`
//! (e.g. `quantum:C'u:unbounded`, `sync:replay:1/1000000`).

use crate::quantum::{Flavour, Setting, Width};
use crate::rules::NimLabels;
use crate::sync::{default_precision, format_rational, Conflict};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Pow, Zero};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// An option value that could not be read, or options that do not fit
/// together.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    #[error("unknown {what} '{value}' (expected {expected})")]
    Unknown {
        what: &'static str,
        value: String,
        expected: &'static str,
    },
    #[error("'{0}' is not a width (expected an integer ≥ 2 or unbounded)")]
    Width(String),
    #[error("'{0}' is not a positive precision (e.g. 1/1000000, 0.001 or 1e-6)")]
    Precision(String),
    #[error("{option} needs --rules {rules}")]
    Misplaced {
        option: &'static str,
        rules: &'static str,
    },
    #[error("too many parts in rules '{0}'")]
    TooManyParts(String),
    #[error("{what} '{value}' is named twice")]
    Repeated { what: &'static str, value: String },
}

fn unknown(what: &'static str, value: &str, expected: &'static str) -> OptionError {
    OptionError::Unknown {
        what,
        value: value.to_string(),
        expected,
    }
}

/// The ruleset families (RULES.md §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RulesKind {
    Normal,
    Misere,
    Childish,
    Uncolored,
    Sync,
    Quantum,
}

impl RulesKind {
    pub const ALL: [RulesKind; 6] = [
        RulesKind::Normal,
        RulesKind::Misere,
        RulesKind::Childish,
        RulesKind::Uncolored,
        RulesKind::Sync,
        RulesKind::Quantum,
    ];

    pub fn name(self) -> &'static str {
        match self {
            RulesKind::Normal => "normal",
            RulesKind::Misere => "misere",
            RulesKind::Childish => "childish",
            RulesKind::Uncolored => "uncolored",
            RulesKind::Sync => "sync",
            RulesKind::Quantum => "quantum",
        }
    }
}

impl FromStr for RulesKind {
    type Err = OptionError;

    fn from_str(text: &str) -> Result<RulesKind, OptionError> {
        Ok(match text {
            "normal" => RulesKind::Normal,
            "misere" | "misère" => RulesKind::Misere,
            "childish" => RulesKind::Childish,
            "uncolored" | "uncoloured" => RulesKind::Uncolored,
            "sync" | "synchronous" => RulesKind::Sync,
            "quantum" => RulesKind::Quantum,
            other => {
                return Err(unknown(
                    "ruleset",
                    other,
                    "normal, misere, childish, uncolored, sync or quantum",
                ))
            }
        })
    }
}

impl fmt::Display for RulesKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Flavour {
    type Err = OptionError;

    fn from_str(text: &str) -> Result<Flavour, OptionError> {
        Flavour::ALL
            .into_iter()
            .find(|f| f.name() == text)
            .ok_or_else(|| unknown("flavour", text, "A, B, C, C', C'u or D"))
    }
}

/// One flavour or several, for tables: `D`, `A,B,D`, or `all` for the
/// six in their usual order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlavourList(pub Vec<Flavour>);

impl FromStr for FlavourList {
    type Err = OptionError;

    fn from_str(text: &str) -> Result<FlavourList, OptionError> {
        if text == "all" {
            return Ok(FlavourList(Flavour::ALL.to_vec()));
        }
        let mut list = Vec::new();
        for part in text.split(',') {
            let f: Flavour = part.trim().parse()?;
            if list.contains(&f) {
                return Err(OptionError::Repeated {
                    what: "flavour",
                    value: f.to_string(),
                });
            }
            list.push(f);
        }
        Ok(FlavourList(list))
    }
}

impl fmt::Display for FlavourList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.0.iter().map(|x| x.name()).collect();
        f.write_str(&names.join(","))
    }
}

impl FromStr for Width {
    type Err = OptionError;

    fn from_str(text: &str) -> Result<Width, OptionError> {
        if text == "unbounded" {
            return Ok(Width::Unbounded);
        }
        match text.parse::<usize>() {
            Ok(w) if w >= 2 && text.bytes().all(|b| b.is_ascii_digit()) => Ok(Width::Limited(w)),
            _ => Err(OptionError::Width(text.to_string())),
        }
    }
}

impl FromStr for Conflict {
    type Err = OptionError;

    fn from_str(text: &str) -> Result<Conflict, OptionError> {
        match text {
            "shared" => Ok(Conflict::Shared),
            "tie" => Ok(Conflict::Tie),
            "replay" => Ok(Conflict::Replay),
            other => Err(unknown("conflict rule", other, "shared, tie or replay")),
        }
    }
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Conflict::Shared => "shared",
            Conflict::Tie => "tie",
            Conflict::Replay => "replay",
        })
    }
}

impl FromStr for NimLabels {
    type Err = OptionError;

    fn from_str(text: &str) -> Result<NimLabels, OptionError> {
        match text {
            "subtract" => Ok(NimLabels::Subtract),
            "cut" => Ok(NimLabels::Cut),
            other => Err(unknown("Nim labelling", other, "subtract or cut")),
        }
    }
}

impl fmt::Display for NimLabels {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NimLabels::Subtract => "subtract",
            NimLabels::Cut => "cut",
        })
    }
}

/// The width of a replay bracket: a positive rational, read as `1/1000000`,
/// `0.001` or `1e-6` and printed as a reduced fraction.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Precision(pub BigRational);

impl Default for Precision {
    /// 2⁻²⁰ (RULES.md leaves it to us).
    fn default() -> Self {
        Precision(default_precision())
    }
}

/// Longest precision text accepted: the number is built from it, so an
/// exponent or digit string of unbounded size must not reach the bignums.
const MAX_PRECISION_DIGITS: usize = 1000;

impl FromStr for Precision {
    type Err = OptionError;

    fn from_str(text: &str) -> Result<Precision, OptionError> {
        let bad = || OptionError::Precision(text.to_string());
        if text.len() > MAX_PRECISION_DIGITS {
            return Err(bad());
        }
        let value = if let Some((mantissa, exp)) = text.split_once(['e', 'E']) {
            let m = parse_decimal(mantissa).ok_or_else(bad)?;
            let e: i32 = exp.parse().map_err(|_| bad())?;
            if e.unsigned_abs() > MAX_PRECISION_DIGITS as u32 {
                return Err(bad());
            }
            let ten = BigRational::from_integer(BigInt::from(10));
            m * Pow::pow(&ten, e)
        } else if let Some((n, d)) = text.split_once('/') {
            let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
            if !digits(n) || !digits(d) {
                return Err(bad());
            }
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
        Ok(Precision(value))
    }
}

impl fmt::Display for Precision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_rational(&self.0))
    }
}

/// `0.001` or `3` as an exact rational.
fn parse_decimal(text: &str) -> Option<BigRational> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    let digits_ok = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && frac.is_empty() || !digits_ok(whole) || !digits_ok(frac) {
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

/// Options of synchronous play.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SyncOptions {
    pub conflict: Conflict,
    /// The width of a replay bracket (only replay values can be inexact).
    pub precision: Precision,
}

/// Options of quantum play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QuantumOptions {
    pub setting: Setting,
    /// How Nim moves are labelled (only for `nim:` positions).
    pub labels: NimLabels,
}

impl Default for QuantumOptions {
    fn default() -> Self {
        QuantumOptions {
            setting: Setting::new(Flavour::DEFAULT, Width::DEFAULT),
            labels: NimLabels::default(),
        }
    }
}

/// A ruleset with its options: everything that decides the game besides
/// the position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rules {
    #[default]
    Normal,
    Misere,
    Childish,
    Uncolored,
    Sync(SyncOptions),
    Quantum(QuantumOptions),
}

impl Rules {
    pub fn kind(&self) -> RulesKind {
        match self {
            Rules::Normal => RulesKind::Normal,
            Rules::Misere => RulesKind::Misere,
            Rules::Childish => RulesKind::Childish,
            Rules::Uncolored => RulesKind::Uncolored,
            Rules::Sync(_) => RulesKind::Sync,
            Rules::Quantum(_) => RulesKind::Quantum,
        }
    }

    /// The ruleset of `kind` with default options.
    pub fn of_kind(kind: RulesKind) -> Rules {
        match kind {
            RulesKind::Normal => Rules::Normal,
            RulesKind::Misere => Rules::Misere,
            RulesKind::Childish => Rules::Childish,
            RulesKind::Uncolored => Rules::Uncolored,
            RulesKind::Sync => Rules::Sync(SyncOptions::default()),
            RulesKind::Quantum => Rules::Quantum(QuantumOptions::default()),
        }
    }

    /// Build from separately given options (CLI flags, form fields),
    /// refusing an option that belongs to another ruleset.
    pub fn from_parts(parts: RulesParts) -> Result<Rules, OptionError> {
        let kind = parts.kind.unwrap_or(RulesKind::Normal);
        let misplaced = |option, rules| Err(OptionError::Misplaced { option, rules });
        if kind != RulesKind::Quantum {
            if parts.flavour.is_some() {
                return misplaced("--flavour", "quantum");
            }
            if parts.width.is_some() {
                return misplaced("--width", "quantum");
            }
            if parts.labels.is_some() {
                return misplaced("--labels", "quantum and a nim: position");
            }
        }
        if kind != RulesKind::Sync {
            if parts.conflict.is_some() {
                return misplaced("--conflict", "sync");
            }
            if parts.precision.is_some() {
                return misplaced("--precision", "sync");
            }
        }
        Ok(match kind {
            RulesKind::Sync => Rules::Sync(SyncOptions {
                conflict: parts.conflict.unwrap_or_default(),
                precision: parts.precision.unwrap_or_default(),
            }),
            RulesKind::Quantum => Rules::Quantum(QuantumOptions {
                setting: Setting::new(
                    parts.flavour.unwrap_or(Flavour::DEFAULT),
                    parts.width.unwrap_or(Width::DEFAULT),
                ),
                labels: parts.labels.unwrap_or_default(),
            }),
            other => Rules::of_kind(other),
        })
    }

    /// The options as separate parts (the inverse of [`Rules::from_parts`],
    /// with every option of the ruleset filled in).
    pub fn parts(&self) -> RulesParts {
        let mut parts = RulesParts {
            kind: Some(self.kind()),
            ..RulesParts::default()
        };
        match self {
            Rules::Sync(s) => {
                parts.conflict = Some(s.conflict);
                parts.precision = Some(s.precision.clone());
            }
            Rules::Quantum(q) => {
                parts.flavour = Some(q.setting.flavour);
                parts.width = Some(q.setting.width);
                parts.labels = Some(q.labels);
            }
            _ => {}
        }
        parts
    }

    /// The quantum setting, if these are quantum rules.
    pub fn setting(&self) -> Option<Setting> {
        match self {
            Rules::Quantum(q) => Some(q.setting),
            _ => None,
        }
    }
}

/// Ruleset options given one by one (each already typed); see
/// [`Rules::from_parts`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RulesParts {
    pub kind: Option<RulesKind>,
    pub flavour: Option<Flavour>,
    pub width: Option<Width>,
    pub labels: Option<NimLabels>,
    pub conflict: Option<Conflict>,
    pub precision: Option<Precision>,
}

impl FromStr for Rules {
    type Err = OptionError;

    fn from_str(text: &str) -> Result<Rules, OptionError> {
        let mut it = text.split(':');
        let kind: RulesKind = it.next().unwrap_or_default().parse()?;
        let rest: Vec<&str> = it.collect();
        let too_many = || Err(OptionError::TooManyParts(text.to_string()));
        let mut parts = RulesParts {
            kind: Some(kind),
            ..RulesParts::default()
        };
        match kind {
            RulesKind::Sync => {
                if rest.len() > 2 {
                    return too_many();
                }
                parts.conflict = rest.first().map(|c| c.parse()).transpose()?;
                parts.precision = rest.get(1).map(|p| p.parse()).transpose()?;
            }
            RulesKind::Quantum => {
                if rest.len() > 3 {
                    return too_many();
                }
                parts.flavour = rest.first().map(|f| f.parse()).transpose()?;
                parts.width = rest.get(1).map(|w| w.parse()).transpose()?;
                parts.labels = rest.get(2).map(|l| l.parse()).transpose()?;
            }
            _ if !rest.is_empty() => return too_many(),
            _ => {}
        }
        Rules::from_parts(parts)
    }
}

impl fmt::Display for Rules {
    /// The compact form, options that differ from the defaults only where
    /// that keeps it short: `sync` (shared, 2⁻²⁰), `sync:replay:1/1000`,
    /// `quantum:D:2`, `quantum:D:2:cut`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rules::Sync(s) => {
                f.write_str("sync")?;
                let default_precision = s.precision == Precision::default();
                if s.conflict != Conflict::default() || !default_precision {
                    write!(f, ":{}", s.conflict)?;
                }
                if !default_precision {
                    write!(f, ":{}", s.precision)?;
                }
                Ok(())
            }
            Rules::Quantum(q) => {
                write!(f, "quantum:{}:{}", q.setting.flavour, q.setting.width)?;
                if q.labels != NimLabels::default() {
                    write!(f, ":{}", q.labels)?;
                }
                Ok(())
            }
            other => f.write_str(other.kind().name()),
        }
    }
}

impl Serialize for Rules {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Rules {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_round_trip_through_text() {
        for text in [
            "normal",
            "misere",
            "childish",
            "uncolored",
            "sync",
            "sync:tie",
            "sync:replay",
            "sync:replay:1/1000000",
            "quantum:D:2",
            "quantum:A:unbounded",
            "quantum:C'u:3",
            "quantum:C':2:cut",
        ] {
            let rules: Rules = text.parse().unwrap();
            assert_eq!(rules.to_string(), text);
            assert_eq!(Rules::from_parts(rules.parts()).unwrap(), rules);
            let json = serde_json::to_string(&rules).unwrap();
            assert_eq!(serde_json::from_str::<Rules>(&json).unwrap(), rules);
        }
        // Short forms fill in the defaults.
        assert_eq!(
            "quantum".parse::<Rules>().unwrap().to_string(),
            "quantum:D:2"
        );
        assert_eq!(
            "quantum:B".parse::<Rules>().unwrap().to_string(),
            "quantum:B:2"
        );
        assert_eq!("sync:shared".parse::<Rules>().unwrap().to_string(), "sync");
        assert_eq!(
            "sync:replay:0.001".parse::<Rules>().unwrap().to_string(),
            "sync:replay:1/1000"
        );
    }

    #[test]
    fn bad_rules_say_what_is_wrong() {
        let err = |t: &str| t.parse::<Rules>().unwrap_err().to_string();
        assert_eq!(
            err("quantm"),
            "unknown ruleset 'quantm' (expected normal, misere, childish, uncolored, sync or quantum)"
        );
        assert!(err("quantum:E").contains("unknown flavour 'E'"));
        assert!(err("quantum:D:1").contains("'1' is not a width"));
        assert!(err("quantum:D:+3").contains("'+3' is not a width"));
        assert!(err("sync:replay:0").contains("not a positive precision"));
        assert!(err("sync:replay:1e99999").contains("not a positive precision"));
        assert!(err("normal:x").contains("too many parts"));
        assert!(err("quantum:D:2:cut:x").contains("too many parts"));
        let misplaced = Rules::from_parts(RulesParts {
            kind: Some(RulesKind::Normal),
            flavour: Some(Flavour::A),
            ..RulesParts::default()
        });
        assert_eq!(
            misplaced.unwrap_err().to_string(),
            "--flavour needs --rules quantum"
        );
    }

    #[test]
    fn option_values_round_trip() {
        for f in Flavour::ALL {
            assert_eq!(f.to_string().parse::<Flavour>().unwrap(), f);
        }
        for w in [Width::Limited(2), Width::Limited(17), Width::Unbounded] {
            assert_eq!(w.to_string().parse::<Width>().unwrap(), w);
        }
        for c in [Conflict::Shared, Conflict::Tie, Conflict::Replay] {
            assert_eq!(c.to_string().parse::<Conflict>().unwrap(), c);
        }
        for l in [NimLabels::Subtract, NimLabels::Cut] {
            assert_eq!(l.to_string().parse::<NimLabels>().unwrap(), l);
        }
        for k in RulesKind::ALL {
            assert_eq!(k.to_string().parse::<RulesKind>().unwrap(), k);
        }
        for p in ["1/1000000", "3", "1/3"] {
            assert_eq!(p.parse::<Precision>().unwrap().to_string(), p);
        }
        assert_eq!(
            "1e-6".parse::<Precision>().unwrap().to_string(),
            "1/1000000"
        );
    }
}
