//! A census: every position of a class up to a size, each up to
//! isomorphism, valued under chosen rulesets and checked against a
//! property (a conjecture of the papers, or one typed on the command
//! line). The positions are valued on all cores within one shared
//! [`Budget`], smallest first, so that a run stopped by the budget has
//! checked every size below the one it stopped in.

pub mod enumerate;
pub mod lines;
pub mod property;
pub mod shard;

pub use enumerate::{positions, Class, ClassParseError, Palette, PaletteParseError};
pub use property::{Property, PropertyParseError};

use crate::analysis::{analyse, AnalysisError, QuantumOptions, Request, Rules, SyncOptions};
use crate::budget::{Budget, Exceeded};
use crate::game::{Arena, GameId, Outcome};
use crate::position::{Colour, Edge, Position, GROUND, MAX_EDGES};
use crate::quantum::{Flavour, Setting, Width};
use crate::shard::Shard;
use num_rational::BigRational;
use std::ops::RangeInclusive;

/// What a census cannot do, besides running out of budget.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CensusError {
    #[error("census: {0}")]
    Invalid(String),
    #[error(transparent)]
    Budget(#[from] Exceeded),
}

/// What to enumerate, how to value it and what to check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The class (default: the property's own, see
    /// [`Property::default_class`]).
    pub class: Option<Class>,
    pub palette: Palette,
    /// Numbers of edges.
    pub sizes: RangeInclusive<usize>,
    /// None: count the positions only.
    pub property: Option<Property>,
    /// The rulesets for `number` and `not-N` (and the synchronous rules
    /// for `green`, the one for 8.5 in place of C); empty: every flavour
    /// at `width`.
    pub rules: Vec<Rules>,
    /// The quantum width of 8.1, 8.3, 8.4 and 8.5 and of the default
    /// rulesets.
    pub width: Width,
    /// How many counterexamples to keep, smallest first.
    pub show: usize,
}

impl Default for Spec {
    fn default() -> Self {
        Spec {
            class: None,
            palette: Palette::default(),
            sizes: 1..=4,
            property: None,
            rules: Vec::new(),
            width: Width::DEFAULT,
            show: 3,
        }
    }
}

impl Spec {
    pub fn class(&self) -> Class {
        self.class.unwrap_or_else(|| {
            self.property
                .as_ref()
                .map_or(Class::Trees, Property::default_class)
        })
    }

    /// The rulesets each position is valued under.
    pub fn rulesets(&self) -> Vec<Rules> {
        let quantum = |flavour, width| {
            Rules::Quantum(QuantumOptions {
                setting: Setting::new(flavour, width),
                ..QuantumOptions::default()
            })
        };
        let every_flavour = || {
            Flavour::ALL
                .into_iter()
                .map(|f| quantum(f, self.width))
                .collect()
        };
        match &self.property {
            None => vec![],
            Some(Property::BlueMeadowNumbers)
            | Some(Property::HollyhocksNumbers)
            | Some(Property::NoNPositions) => every_flavour(),
            // Another ruleset may stand in for C (to see the check fail).
            Some(Property::StalkFollowers) => match self.rules.first() {
                Some(r) => vec![r.clone()],
                None => vec![quantum(Flavour::C, self.width)],
            },
            Some(Property::SameBCD) => [Flavour::B, Flavour::CPrime, Flavour::D]
                .into_iter()
                .map(|f| quantum(f, Width::Unbounded))
                .collect(),
            Some(Property::GreenEdge) => {
                let sync = self.rules.iter().find(|r| matches!(r, Rules::Sync(_)));
                // The thesis computes green edges under the replay rule.
                vec![sync.cloned().unwrap_or_else(|| {
                    Rules::Sync(SyncOptions {
                        conflict: crate::sync::Conflict::Replay,
                        ..SyncOptions::default()
                    })
                })]
            }
            Some(Property::Number) | Some(Property::NotN) if self.rules.is_empty() => {
                every_flavour()
            }
            Some(Property::Number) | Some(Property::NotN) => self.rules.clone(),
            Some(Property::Equal(a, b)) => vec![a.clone(), b.clone()],
        }
    }

    fn check(&self) -> Result<(), CensusError> {
        let bad = |m: String| Err(CensusError::Invalid(m));
        let last = *self.sizes.end();
        if self.sizes.is_empty() {
            return bad(format!("empty size range {}..{last}", self.sizes.start()));
        }
        // 8.5 looks one edge further; green adds one.
        if last + 1 > MAX_EDGES {
            return bad(format!("at most {} edges", MAX_EDGES - 1));
        }
        let class = self.class();
        let coloured = class.uses_palette()
            && (self.palette.contains(Colour::Green) || self.palette.contains(Colour::Uncoloured));
        if self.property == Some(Property::GreenEdge) && coloured {
            return bad(
                "the green-edge conjecture is about red-blue positions: use --colours BR".into(),
            );
        }
        for r in self.rulesets() {
            if let Rules::Quantum(q) = &r {
                if q.labels != crate::rules::NimLabels::default() {
                    return bad("--labels is for Nim, not Hackenbush".into());
                }
            }
            if let Rules::Sync(s) = &r {
                if s.conflict == crate::sync::Conflict::Replay
                    && matches!(self.property, Some(Property::Equal(..)))
                {
                    return bad("sync:replay values are intervals: compare exact rulesets".into());
                }
            }
        }
        Ok(())
    }
}

/// One position's value under one ruleset, in a form that outlives its
/// solver (and a shard's output).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Valued {
    /// Plain notation (a rational under sync).
    pub plain: String,
    pub outcome: Option<Outcome>,
    pub number: bool,
}

/// Value `position` under each of `rulesets`, in their order. Quantum
/// flavours of one family at one width are valued in one search
/// ([`crate::quantum::QuantumSolver::jointly`]), which gives each flavour
/// exactly its own value.
pub fn values(
    position: &Position,
    rulesets: &[Rules],
    budget: &Budget,
) -> Result<Vec<Valued>, CensusError> {
    let mut out: Vec<Option<Valued>> = vec![None; rulesets.len()];
    // The quantum rulesets (index, setting), valued by family.
    let quantum: Vec<(usize, Setting)> = rulesets
        .iter()
        .enumerate()
        .filter_map(|(i, r)| match r {
            Rules::Quantum(q) => Some((i, q.setting)),
            _ => None,
        })
        .collect();
    let settings: Vec<Setting> = quantum.iter().map(|q| q.1).collect();
    let groups =
        crate::quantum::table::joint_groups(&settings, crate::quantum::table::TableKind::Value);
    for group in groups {
        let flavours: Vec<Flavour> = group.iter().map(|&k| settings[k].flavour).collect();
        let rules = crate::rules::Hackenbush::new(position.clone());
        let start = rules.start();
        let mut solver =
            crate::quantum::QuantumSolver::jointly(rules, &start, settings[group[0]], &flavours)
                .ok_or_else(|| CensusError::Invalid("flavours that cannot be joined".into()))?;
        solver.set_budget(budget);
        solver.try_numbers_first(crate::quantum::numbers_likely(position));
        let vs = solver.values(&[start])?;
        for (&k, v) in group.iter().zip(vs) {
            out[quantum[k].0] = Some(Valued {
                plain: solver.arena.plain(v),
                outcome: Some(solver.arena.outcome(v)),
                number: solver.arena.is_number(v),
            });
        }
    }
    for (i, r) in rulesets.iter().enumerate() {
        if out[i].is_none() {
            out[i] = Some(analysed(position, r, budget)?);
        }
    }
    Ok(out.into_iter().flatten().collect())
}

/// Value `position` under `rules` within `budget`.
pub fn value(position: &Position, rules: &Rules, budget: &Budget) -> Result<Valued, CensusError> {
    let mut one = values(position, std::slice::from_ref(rules), budget)?;
    Ok(one.remove(0))
}

/// A value from the analysis every page and command uses (the rulesets
/// other than quantum Hackenbush).
fn analysed(position: &Position, rules: &Rules, budget: &Budget) -> Result<Valued, CensusError> {
    let answer = analyse(&Request::new(position.to_string(), rules.clone()), budget).map_err(
        |e| match e {
            AnalysisError::Budget(e) => CensusError::Budget(e),
            AnalysisError::Input(e) => CensusError::Invalid(format!("{position}: {e}")),
        },
    )?;
    if let Some(e) = answer.elided {
        return Err(CensusError::Budget(e.into()));
    }
    let mut arena = Arena::new();
    let number = match arena.parse(&answer.value) {
        Ok(g) => arena.is_number(g),
        // Synchronous values are real numbers.
        Err(_) => matches!(rules, Rules::Sync(_)),
    };
    Ok(Valued {
        plain: answer.value,
        outcome: answer.outcome,
        number,
    })
}

/// `position` with one more green edge from the ground.
pub fn with_green_edge(position: &Position) -> Position {
    let mut edges = position.edges.clone();
    edges.push(Edge {
        u: GROUND,
        v: position.vertex_count.max(1),
        colour: Colour::Green,
    });
    Position::from_edges(edges)
}

/// One size of the census.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizeRow {
    pub edges: usize,
    /// Positions of this size, up to isomorphism.
    pub positions: usize,
    /// Of those, how many were checked (all, unless the budget stopped
    /// the run).
    pub checked: usize,
    pub failures: usize,
}

/// A position for which the property fails, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counterexample {
    pub edges: usize,
    pub position: String,
    pub why: String,
}

/// What a census found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub rows: Vec<SizeRow>,
    /// Smallest first (by edges, then in enumeration order); at most
    /// `Spec::show`.
    pub counterexamples: Vec<Counterexample>,
    pub failures: usize,
    /// Every size up to this one was checked in full (None if not even
    /// the first was).
    pub complete_up_to: Option<usize>,
    /// The limit that stopped the run, if one did.
    pub stopped: Option<Exceeded>,
}

/// A job: one position of the census.
struct CensusJob {
    edges: usize,
    position: Position,
}

/// Free `value` on another thread: a census holds millions of positions,
/// and freeing them one by one (each page handed back to the system at
/// once, as the budgets want) must not delay a stopped run's report past
/// its deadline's grace.
pub(crate) fn drop_later<T: Send + 'static>(value: T) {
    // Without a thread to spare, the value is freed here, with the
    // closure the failed spawn hands back.
    let _ = std::thread::Builder::new()
        .name("free".into())
        .spawn(move || drop(value));
}

/// Run the census of `spec` within `budget`, calling `progress(done,
/// total)` as positions are valued.
pub fn run(
    spec: &Spec,
    budget: &Budget,
    progress: impl FnMut(usize, usize),
) -> Result<Report, CensusError> {
    let v = valuation(spec, budget, Shard::WHOLE, progress)?;
    let edges: Vec<usize> = v.jobs.iter().map(|j| j.edges).collect();
    let complete = |size: usize| {
        spec.rulesets().is_empty()
            || edges
                .iter()
                .zip(&v.results)
                .all(|(&e, r)| e != size || r.is_some())
    };
    let assigned = |size: usize| edges.iter().filter(|&&e| e == size).count();
    let text = |i: usize| v.jobs[i].position.to_string();
    let sizes = Sizes {
        counts: &v.counts,
        complete: &complete,
        assigned: &assigned,
        text: &text,
        out_of_time: &|| checks_out_of_time(budget),
    };
    let (rows, failures, cut) = check_sizes(spec, &sizes, &checked(&v.results, &edges));
    let total = failures.len();
    let stopped = v.stopped.or(cut.then(|| time_limit(budget)));
    let report = assemble(spec, rows, failures, total, stopped);
    drop_later(v);
    Ok(report)
}

/// The positions of a census (counted per size, in the enumeration's
/// order, smallest first) and the values found for those valued.
pub(crate) struct Valuation {
    /// (edges, positions) for each size enumerated, up to the last
    /// checked size (one more for 8.5).
    pub counts: Vec<(usize, usize)>,
    jobs: Vec<CensusJob>,
    /// Per job: its value under each ruleset, if it was valued.
    pub results: Vec<Option<Vec<Valued>>>,
    pub stopped: Option<Exceeded>,
}

impl Valuation {
    pub fn edges(&self, job: usize) -> usize {
        self.jobs[job].edges
    }

    pub fn position(&self, job: usize) -> String {
        self.jobs[job].position.to_string()
    }

    pub fn len(&self) -> usize {
        self.jobs.len()
    }
}

/// Enumerate the census of `spec` and value the positions `shard` owns
/// (every position is enumerated, in one fixed order, by every shard).
pub(crate) fn valuation(
    spec: &Spec,
    budget: &Budget,
    shard: Shard,
    mut progress: impl FnMut(usize, usize),
) -> Result<Valuation, CensusError> {
    spec.check()?;
    let class = spec.class();
    let rulesets = spec.rulesets();
    // 8.5 needs the stalks one edge longer than the last size checked.
    let extra = usize::from(spec.property == Some(Property::StalkFollowers));
    let (first, last) = (*spec.sizes.start(), *spec.sizes.end());
    let mut meter = budget.meter();
    let mut jobs = Vec::new();
    let mut counts = Vec::new();
    let mut enumeration_stopped = None;
    for edges in first..=last + extra {
        match positions(class, &spec.palette, edges, &mut meter) {
            Ok(ps) => {
                counts.push((edges, ps.len()));
                jobs.extend(ps.into_iter().map(|position| CensusJob { edges, position }));
            }
            Err(e) => {
                enumeration_stopped = Some(e);
                break;
            }
        }
    }
    let owned: Vec<usize> = (0..jobs.len()).filter(|&i| shard.owns(i)).collect();
    let total = owned.len();
    let mut results: Vec<Option<Vec<Valued>>> = vec![None; jobs.len()];
    let mut stopped = enumeration_stopped;
    let mut invalid = None;
    let mut done = 0;
    if !rulesets.is_empty() {
        let green = spec.property == Some(Property::GreenEdge);
        crate::quantum::table::run_cells(
            &owned,
            crate::quantum::table::available_threads(),
            // Smallest first: a stopped run has finished the small sizes.
            |&i| usize::MAX - jobs[i].edges,
            |&i| -> Result<Vec<Valued>, CensusError> {
                let j = &jobs[i];
                // A job that starts past the deadline (or after a cancel)
                // stops at once, however small.
                budget.check_time()?;
                let plain = values(&j.position, &rulesets, budget)?;
                if !green {
                    return Ok(plain);
                }
                // Each ruleset's value, then the same with a green edge.
                let greened = values(&with_green_edge(&j.position), &rulesets, budget)?;
                Ok(plain
                    .into_iter()
                    .zip(greened)
                    .flat_map(|(a, b)| [a, b])
                    .collect())
            },
            |k, result| match result {
                Ok(v) => {
                    // The values kept for the checks count against the budget.
                    let bytes: usize = v.iter().map(|x| 48 + x.plain.len()).sum();
                    if let Err(e) = meter.add(bytes as u64) {
                        stopped.get_or_insert(e);
                        return false;
                    }
                    results[owned[k]] = Some(v);
                    done += 1;
                    progress(done, total);
                    true
                }
                Err(CensusError::Budget(e)) => {
                    stopped.get_or_insert(e);
                    false
                }
                Err(e) => {
                    invalid.get_or_insert(e);
                    false
                }
            },
        );
    } else {
        progress(total, total);
    }
    if let Some(e) = invalid {
        return Err(e);
    }
    Ok(Valuation {
        counts,
        jobs,
        results,
        stopped,
    })
}

/// A counterexample with its place in the census: (edges, job index).
pub(crate) type PlacedCounterexample = (usize, usize, Counterexample);

/// A valued position: its index in the census' order, its size, its
/// values under the rulesets.
#[derive(Clone, Copy)]
pub(crate) struct Checked<'a> {
    pub index: usize,
    pub edges: usize,
    pub values: &'a [Valued],
}

/// What the checks need to know of a census besides its valued
/// positions.
pub(crate) struct Sizes<'a> {
    /// (edges, positions) per size enumerated.
    pub counts: &'a [(usize, usize)],
    /// Whether every position of a size was valued (8.5 checks a size only
    /// when the next one is complete).
    pub complete: &'a dyn Fn(usize) -> bool,
    /// How many positions of a size are this run's (a shard's rows count
    /// its own only).
    pub assigned: &'a dyn Fn(usize) -> usize,
    /// The position of job `index` in the census' order, as text.
    pub text: &'a dyn Fn(usize) -> String,
    /// Whether the checks must stop now (positions not checked by then are
    /// counted as unchecked in their rows).
    pub out_of_time: &'a dyn Fn() -> bool,
}

/// How long past its deadline a census still checks what it valued. The
/// valuation stops at the deadline; checking its results is bounded work,
/// but on a loaded machine it can take a good share of the time the
/// valuation took. It gets a quarter of the binary watchdog's grace, so a
/// stopped census always prints what it checked (RULES.md §4, issue 26).
fn check_slack_ms(timeout_ms: u64) -> u64 {
    crate::cli::guard::grace(timeout_ms) / 4
}

/// The limit that cut a census' checks short.
pub(crate) fn time_limit(budget: &Budget) -> Exceeded {
    budget.timeout().map_or(Exceeded::Cancelled, Exceeded::Time)
}

/// Whether a census under `budget` must stop checking now.
pub(crate) fn checks_out_of_time(budget: &Budget) -> bool {
    budget
        .timeout()
        .is_some_and(|t| budget.past_deadline_by(check_slack_ms(t.millis)))
}

/// The rows of the report (sizes up to the last checked) and every
/// failure found, from the valued positions (in the census' order), and
/// whether the checks were cut short by [`Sizes::out_of_time`].
pub(crate) fn check_sizes(
    spec: &Spec,
    sizes: &Sizes,
    valued: &[Checked],
) -> (Vec<SizeRow>, Vec<PlacedCounterexample>, bool) {
    let rulesets = spec.rulesets();
    let last = *spec.sizes.end();
    let extra = spec.property == Some(Property::StalkFollowers);
    let complete =
        |size: usize| sizes.counts.iter().any(|&(e, _)| e == size) && (sizes.complete)(size);
    let mut rows = Vec::new();
    let mut failures: Vec<PlacedCounterexample> = Vec::new();
    let mut arena = Arena::new();
    let mut cut = false;
    for &(size, count) in sizes.counts.iter().filter(|(e, _)| *e <= last) {
        let mut row = SizeRow {
            edges: size,
            positions: count,
            checked: 0,
            failures: 0,
        };
        if spec.property.is_some() && (!extra || complete(size + 1)) {
            let followers = if extra {
                followers_of_size(&mut arena, valued, size + 1)
            } else {
                Default::default()
            };
            for c in valued.iter().filter(|c| c.edges == size) {
                if cut || (sizes.out_of_time)() {
                    cut = true;
                    break;
                }
                row.checked += 1;
                let why = match &spec.property {
                    Some(Property::StalkFollowers) => {
                        stalk_follower_failure(&mut arena, &c.values[0], &followers, size + 1)
                    }
                    Some(p) => violation(p, &rulesets, c.values, &mut arena),
                    None => None,
                };
                if let Some(why) = why {
                    row.failures += 1;
                    failures.push((
                        size,
                        c.index,
                        Counterexample {
                            edges: size,
                            position: (sizes.text)(c.index),
                            why,
                        },
                    ));
                }
            }
        } else if spec.property.is_none() {
            row.checked = (sizes.assigned)(size);
        }
        rows.push(row);
    }
    (rows, failures, cut)
}

/// The valued positions of a valuation, in order.
pub(crate) fn checked<'a>(results: &'a [Option<Vec<Valued>>], edges: &[usize]) -> Vec<Checked<'a>> {
    results
        .iter()
        .enumerate()
        .filter_map(|(index, r)| {
            Some(Checked {
                index,
                edges: edges[index],
                values: r.as_deref()?,
            })
        })
        .collect()
}

/// The report from its rows, the failures found (any order; the smallest
/// `spec.show` are kept), how many failures there are in all, and the
/// limit that stopped the run.
pub(crate) fn assemble(
    spec: &Spec,
    rows: Vec<SizeRow>,
    mut failures: Vec<PlacedCounterexample>,
    total_failures: usize,
    stopped: Option<Exceeded>,
) -> Report {
    failures.sort_by_key(|(e, i, _)| (*e, *i));
    let complete_up_to = rows
        .iter()
        .take_while(|r| r.checked == r.positions)
        .map(|r| r.edges)
        .last();
    Report {
        failures: total_failures,
        counterexamples: failures
            .into_iter()
            .take(spec.show)
            .map(|(_, _, c)| c)
            .collect(),
        rows,
        complete_up_to,
        stopped,
    }
}

/// Parse a plain value into `arena` (None for a non-dyadic rational).
fn game(arena: &mut Arena, v: &Valued) -> Option<GameId> {
    arena.parse(&v.plain).ok()
}

fn same(arena: &mut Arena, a: &Valued, b: &Valued) -> bool {
    match (game(arena, a), game(arena, b)) {
        (Some(x), Some(y)) => x == y,
        _ => a.plain == b.plain,
    }
}

/// Why `values` (one per ruleset, or per ruleset G then G′ for green)
/// break `property`, or None if they keep it. (8.5 compares stalks of two
/// lengths: see [`run`].)
pub fn violation(
    property: &Property,
    rulesets: &[Rules],
    values: &[Valued],
    arena: &mut Arena,
) -> Option<String> {
    match property {
        Property::BlueMeadowNumbers | Property::HollyhocksNumbers | Property::Number => {
            let bad: Vec<String> = rulesets
                .iter()
                .zip(values)
                .filter(|(_, v)| !v.number)
                .map(|(r, v)| format!("{r} gives {}", v.plain))
                .collect();
            (!bad.is_empty()).then(|| format!("{}, not a number", bad.join("; ")))
        }
        Property::NoNPositions | Property::NotN => {
            let bad: Vec<String> = rulesets
                .iter()
                .zip(values)
                .filter(|(_, v)| v.outcome == Some(Outcome::N))
                .map(|(r, v)| format!("{r} gives {}", v.plain))
                .collect();
            (!bad.is_empty()).then(|| format!("{}, an N-position", bad.join("; ")))
        }
        Property::SameBCD | Property::Equal(..) => {
            let differs = values.iter().skip(1).any(|v| !same(arena, &values[0], v));
            differs.then(|| {
                rulesets
                    .iter()
                    .zip(values)
                    .map(|(r, v)| format!("{r} gives {}", v.plain))
                    .collect::<Vec<_>>()
                    .join("; ")
            })
        }
        Property::GreenEdge => green_failure(&values[0].plain, &values[1].plain),
        Property::StalkFollowers => None,
    }
}

/// A synchronous value as an interval: exact (`9/14`) or, under the
/// replay rule, a bracket `~[lo, hi]`.
fn interval(text: &str) -> Option<(BigRational, BigRational)> {
    match text.strip_prefix("~[").and_then(|t| t.strip_suffix(']')) {
        Some(inner) => {
            let (lo, hi) = inner.split_once(',')?;
            Some((lo.trim().parse().ok()?, hi.trim().parse().ok()?))
        }
        None => {
            let v: BigRational = text.trim().parse().ok()?;
            Some((v.clone(), v))
        }
    }
}

/// The 2022 green-edge conjecture on V(G) = `g` and V(G + green) = `h`:
/// why it fails, if it does. A bracketed `h` (the replay rule) refutes it
/// only when the whole bracket misses what the conjecture says.
pub fn green_failure(g: &str, h: &str) -> Option<String> {
    let (Some((v, v_hi)), Some((lo, hi))) = (interval(g), interval(h)) else {
        return Some(format!("values {g} and {h} are not rationals"));
    };
    if v != v_hi {
        // A red-blue position has no conflicts: its value is exact.
        return Some(format!("V(G) = {g} is not exact"));
    }
    let one = BigRational::from_integer(1.into());
    let zero = BigRational::from_integer(0.into());
    let minus_one = -one.clone();
    // The conjecture's range for V(G′): [want_lo, want_hi].
    let (want_lo, want_hi) = if v > one {
        (&v - &one, &v - &one)
    } else if v < minus_one {
        (&v + &one, &v + &one)
    } else if v > zero {
        (zero, one)
    } else if v < zero {
        (minus_one, zero)
    } else {
        (zero.clone(), zero)
    };
    let meets = lo <= want_hi && want_lo <= hi;
    (!meets).then(|| format!("V(G) = {g} but with a green edge {h}"))
}

/// The immediate followers of the values of the stalks of `edges` edges
/// (each distinct value parsed once).
fn followers_of_size(
    arena: &mut Arena,
    valued: &[Checked],
    edges: usize,
) -> std::collections::HashSet<GameId> {
    let values: std::collections::BTreeSet<&str> = valued
        .iter()
        .filter(|c| c.edges == edges)
        .map(|c| c.values[0].plain.as_str())
        .collect();
    let mut out = std::collections::HashSet::new();
    for text in values {
        if let Ok(h) = arena.parse(text) {
            let (left, right) = arena.options(h);
            out.extend(left.iter().chain(right.iter()).copied());
        }
    }
    out
}

/// 8.5: is the value of a stalk among `followers` (those of the values of
/// the stalks of `longer` edges)? Why not, if it is not.
fn stalk_follower_failure(
    arena: &mut Arena,
    v: &Valued,
    followers: &std::collections::HashSet<GameId>,
    longer: usize,
) -> Option<String> {
    let Some(g) = game(arena, v) else {
        return Some(format!("its value {} is not a short game", v.plain));
    };
    (!followers.contains(&g)).then(|| {
        format!(
            "its value {} is no option of the value of any stalk of {longer} edges",
            v.plain
        )
    })
}
