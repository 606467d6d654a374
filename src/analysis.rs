//! The one entry point that the CLI and the browser worker share: validate a
//! request (position text + ruleset options), run the right engine, and
//! report the value in the printed formats of RULES.md.

use crate::budget::{Budget, ByteSize, Exceeded};
use crate::game::Outcome;
use crate::position::Position;
use crate::quantum::{MoveError, QuantumBase, QuantumGame, QuantumSolver, Setting};
use crate::rules::nim::parse_nim;
use crate::rules::{Childish, Hackenbush, Misere, Nim, NimLabels, Player, Ruleset, Uncolored};
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
    pub left_strategy: Option<BTreeMap<EdgeLabel, String>>,
    /// Synchronous play: Right's optimal mixed strategy.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right_strategy: Option<BTreeMap<EdgeLabel, String>>,
    /// True when `value` is an interval (`~[lo, hi]`), not an exact value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approximate: Option<bool>,
}

/// The answer to a [`Request`]: the report, and for quantum states the
/// realisations, each as the labels present in it, so a page can draw them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    #[serde(flatten)]
    pub report: Report,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub realisations: Option<Vec<Vec<String>>>,
    /// Synchronous rules: each player's optimal mixed strategy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strategies: Option<Strategies>,
}

/// Both optimal mixed strategies of a synchronous position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Strategies {
    pub left: Vec<Weight>,
    pub right: Vec<Weight>,
}

/// One edge's probability in a mixed strategy.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Weight {
    pub label: String,
    /// Exact, e.g. `2/7`.
    pub probability: String,
    /// Rounded to a whole percent, for display.
    pub percent: u32,
}

/// A question from the playground: a position, its rules, and for quantum
/// rules the moves played since it (the engine replays them, so a
/// superposed state is sent as the moves that made it).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Request {
    pub position: String,
    pub choice: RulesChoice,
    /// Quantum only: the moves played, each as labels (`"1,3"`); the
    /// players alternate, starting with `first`.
    pub moves: Vec<String>,
    /// `"L"` (default) or `"R"`: who made the first of `moves`.
    pub first: Option<String>,
    /// Give up with a "too large" message past this many memoised quantum
    /// states (the browser sets it: a tab must not run out of memory).
    pub state_limit: Option<usize>,
}

/// An edge label as a JSON object key: written as a string (`"10"`) but
/// ordered as a number, and read back from a string even inside
/// `#[serde(flatten)]`, where integer keys fail to deserialise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EdgeLabel(pub usize);

impl Serialize for EdgeLabel {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for EdgeLabel {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse()
            .map(EdgeLabel)
            .map_err(|_| serde::de::Error::custom(format!("'{text}' is not an edge label")))
    }
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
        return Ok(crate::position::presets::nim_heaps(&heaps));
    }
    text.parse::<Position>()
        .map_err(|e| format!("position: {e}"))
}

/// Analyse `position` (RULES.md notation) under `choice`.
pub fn analyse(position: &str, choice: &RulesChoice) -> Result<Report, String> {
    let options = Options::from_choice(choice)?;
    match options.kind {
        RulesKind::Quantum => analyse_request(&Request {
            position: position.to_string(),
            choice: choice.clone(),
            ..Request::default()
        })
        .map(|answer| answer.report),
        RulesKind::Sync => sync_answer(position, choice).map(|a| a.report),
        RulesKind::Normal => {
            let p = parse_position(position)?;
            let rules = Hackenbush::new(p);
            let start = rules.start();
            Ok(short_game_report(Solver::new(rules), &start, |m| {
                (m + 1).to_string()
            }))
        }
        RulesKind::Childish => {
            let rules = Childish::new(parse_position(position)?);
            let start = rules.start();
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

/// Analyse a [`Request`]: as [`analyse`], plus quantum moves replayed and
/// a state limit. A move the rules refuse is an error naming it and why.
pub fn analyse_request(req: &Request) -> Result<Answer, String> {
    let options = Options::from_choice(&req.choice)?;
    if options.kind == RulesKind::Sync && req.moves.is_empty() {
        return sync_answer(&req.position, &req.choice);
    }
    if options.kind != RulesKind::Quantum {
        if !req.moves.is_empty() {
            return Err(
                "moves can be replayed only under quantum rules; send the position left".into(),
            );
        }
        return analyse(&req.position, &req.choice).map(|report| Answer {
            report,
            ..Answer::default()
        });
    }
    let first = match req.first.as_deref() {
        None | Some("L") => Player::Left,
        Some("R") => Player::Right,
        Some(other) => return Err(format!("first player '{other}' must be L or R")),
    };
    let c = &req.choice;
    let setting = crate::quantum::report::parse_setting(c.flavour.as_deref(), c.width.as_deref())?;
    if req.position.trim_start().starts_with("nim:") {
        let heaps = parse_nim(&req.position)?;
        let labels = match c.labels.as_deref() {
            None | Some("subtract") => NimLabels::Subtract,
            Some("cut") => NimLabels::Cut,
            Some(other) => {
                return Err(format!(
                    "--labels: unknown value '{other}' (expected subtract, cut)"
                ))
            }
        };
        return quantum_after_moves(Nim { labels }, heaps, setting, first, req);
    }
    if c.labels.is_some() {
        return Err("--labels needs a nim: position (e.g. nim:3,2)".to_string());
    }
    let rules = Hackenbush::new(parse_position(&req.position)?);
    let start = rules.start();
    quantum_after_moves(rules, start, setting, first, req)
}

/// Bytes a request's `state_limit` allows per state: the quantum solver's
/// tables take 90–120 bytes per memoised state (Blue Meadow and other
/// positions, width 2 and unbounded), so the browser's limit keeps about
/// its old reach.
const BYTES_PER_STATE: u64 = 128;

/// Replay `req.moves` through a [`QuantumGame`] and report on the state
/// reached (value, outcome, birthday, best moves, realisations). The
/// solver's reductions use the start's symmetries, which stay sound for
/// any state reached from it.
fn quantum_after_moves<B: QuantumBase + Clone>(
    base: B,
    start: B::State,
    setting: Setting,
    first: Player,
    req: &Request,
) -> Result<Answer, String> {
    // A request's state limit (the browser's) becomes a byte budget of
    // about what that many states took; without one, the default budget.
    let budget = match req.state_limit {
        Some(n) => {
            // Whole MiB, so the message reads "19M", not a byte count.
            let mib = (n as u64)
                .saturating_mul(BYTES_PER_STATE)
                .div_ceil(ByteSize::MIB);
            Budget::new(ByteSize::mib(mib.max(1)), None)
        }
        None => Budget::default(),
    };
    // The browser's message names the cheapest way out: a narrower width
    // shrinks the search far more than one edge less.
    let advice = if setting.width == crate::quantum::Width::Limited(2) {
        "try fewer edges"
    } else {
        "try width 2 or fewer edges"
    };
    let too_large = |e: Exceeded| match e {
        Exceeded::Memory(_) if req.state_limit.is_some() => {
            format!("too large to analyse here ({e}) — {advice}")
        }
        _ => format!("{e}; {advice}"),
    };
    let mut game = QuantumGame::with_budget(base.clone(), start.clone(), setting, &budget);
    let mut p = first;
    for (k, m) in req.moves.iter().enumerate() {
        game.try_play_text(p, m).map_err(|e| match e {
            MoveError::Illegal(e) => {
                let who = if p == Player::Left { "Left" } else { "Right" };
                format!("move {} ({who}: {m}) is illegal: {e}", k + 1)
            }
            MoveError::Exceeded(e) => too_large(e),
        })?;
        p = p.opponent();
    }
    let state = game.state().clone();
    let mut solver = QuantumSolver::with_budget(base, &start, setting, &budget);
    let v = solver.value(&state).map_err(too_large)?;
    let mut advice = |p: Player| -> Result<MoveAdvice, String> {
        let best = solver.best_moves(&state, p).map_err(too_large)?;
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
    let left_moves = advice(Player::Left)?;
    let right_moves = advice(Player::Right)?;
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
    Ok(Answer {
        report: Report::of_game(&mut solver.arena, v, left_moves, right_moves),
        realisations: Some(realisations),
        strategies: None,
    })
}

/// The synchronous value and both optimal mixed strategies (`sync::analyse`),
/// with the edges each player should pick as best moves.
/// One implementation serves the CLI (exact strategies in the report) and
/// the page (percentages for drawing on the edges).
fn sync_answer(position: &str, choice: &RulesChoice) -> Result<Answer, String> {
    use num_traits::ToPrimitive;
    let conflict = sync::Conflict::parse(choice.conflict.as_deref().unwrap_or("shared"))?;
    let precision = choice
        .precision
        .as_deref()
        .map(parse_precision)
        .transpose()?;
    let p = parse_position(position)?;
    let r = sync::analyse(&p, conflict, precision)?;
    let weights = |v: &[(usize, BigRational)]| -> Vec<Weight> {
        v.iter()
            .map(|(label, q)| Weight {
                label: label.to_string(),
                probability: sync::format_rational(q),
                percent: (q.to_f64().unwrap_or(0.0) * 100.0).round() as u32,
            })
            .collect()
    };
    let (left, right) = (weights(&r.left_strategy), weights(&r.right_strategy));
    let outcome = r.outcome.to_string();
    let sentence = match r.outcome {
        'L' => "Left (blue) is ahead: the value is positive",
        'R' => "Right (red) is ahead: the value is negative",
        'P' => "Neither is ahead: the value is 0",
        _ => "The value is near 0 (a bracket around it)",
    };
    // The edges played with positive probability, as "best moves".
    let support = |ws: &[(usize, BigRational)], wins: bool| MoveAdvice {
        winning: wins,
        labels: ws
            .iter()
            .filter(|(_, q)| !q.is_zero())
            .map(|(l, _)| l.to_string())
            .collect(),
    };
    let exact = |s: &[(usize, BigRational)]| {
        Some(
            s.iter()
                .map(|(label, prob)| (EdgeLabel(*label), sync::format_rational(prob)))
                .collect(),
        )
    };
    let value = r.value.to_string();
    Ok(Answer {
        report: Report {
            pretty: value.clone(),
            value,
            outcome,
            outcome_sentence: sentence.to_string(),
            birthday: None,
            left_moves: Some(support(&r.left_strategy, r.outcome == 'L')),
            right_moves: Some(support(&r.right_strategy, r.outcome == 'R')),
            left_strategy: exact(&r.left_strategy),
            right_strategy: exact(&r.right_strategy),
            approximate: Some(matches!(r.value, sync::SyncValue::Approx { .. })),
        },
        realisations: None,
        strategies: Some(Strategies { left, right }),
    })
}

fn misere_sentence(o: Outcome) -> String {
    format!("{} (misère play)", o.sentence())
}

impl Report {
    /// The value, outcome and birthday of canonical game `v`, with advice.
    fn of_game(
        arena: &mut crate::game::Arena,
        v: crate::game::GameId,
        left_moves: MoveAdvice,
        right_moves: MoveAdvice,
    ) -> Report {
        let outcome = arena.outcome(v);
        Report {
            value: arena.plain(v),
            pretty: arena.pretty(v),
            outcome: outcome.letter().to_string(),
            outcome_sentence: outcome.sentence().to_string(),
            birthday: Some(arena.birthday(v)),
            left_moves: Some(left_moves),
            right_moves: Some(right_moves),
            ..Report::default()
        }
    }
}

/// Value, outcome, birthday and best moves of a normal-play short game.
pub fn short_game_report<R: Ruleset>(
    mut solver: Solver<R>,
    start: &R::State,
    label: impl Fn(&R::Move) -> String,
) -> Report {
    let v = solver.value(start);
    let mut advice = |p: Player| {
        let best = solver.best_moves(start, p);
        MoveAdvice {
            winning: best.winning,
            labels: best.moves.iter().map(&label).collect(),
        }
    };
    let left_moves = advice(Player::Left);
    let right_moves = advice(Player::Right);
    Report::of_game(&mut solver.arena, v, left_moves, right_moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quantum(position: &str, moves: &[&str]) -> Request {
        Request {
            position: position.into(),
            choice: RulesChoice {
                rules: "quantum".into(),
                flavour: Some("D".into()),
                ..RulesChoice::default()
            },
            moves: moves.iter().map(|m| m.to_string()).collect(),
            ..Request::default()
        }
    }

    #[test]
    fn quantum_states_after_moves_are_valued_and_drawn() {
        // No moves: the same report as the CLI's.
        let start = analyse_request(&quantum("BR BR R", &[])).unwrap();
        let cli = analyse("BR BR R", &quantum("", &[]).choice).unwrap();
        assert_eq!(start.report, cli);
        assert_eq!(
            start.realisations,
            Some(vec![vec!["1", "2", "3", "4", "5"]
                .into_iter()
                .map(String::from)
                .collect::<Vec<_>>()])
        );
        // Left superposes its two blue edges: two realisations, each with
        // one blue half gone (the red above it falls).
        let a = analyse_request(&quantum("BR BR R", &["1,3"])).unwrap();
        let r = a.realisations.unwrap();
        assert_eq!(r, vec![vec!["1", "2", "5"], vec!["3", "4", "5"]]);
        // Both are `BR R` = -1/2 classically; the superposed state is a
        // value the engine computes the same way as any other state.
        let direct = analyse_request(&quantum("BR R", &[])).unwrap();
        assert_eq!(a.report.outcome, direct.report.outcome);
        // Then Right cuts 5 unsuperposed (flavour D).
        let b = analyse_request(&quantum("BR BR R", &["1,3", "5"])).unwrap();
        assert_eq!(b.realisations.unwrap().len(), 2);
    }

    #[test]
    fn illegal_moves_and_large_states_are_explained() {
        let err = analyse_request(&quantum("BR BR R", &["1,2"])).unwrap_err();
        assert!(err.contains("move 1 (Left: 1,2) is illegal"), "{err}");
        assert!(err.contains("edge 2"), "{err}");
        let err = analyse_request(&quantum("BR BR R", &["9"])).unwrap_err();
        assert!(err.contains("no edge 9"), "{err}");
        let mut r = quantum("BR BR R", &[]);
        r.first = Some("X".into());
        assert!(analyse_request(&r).is_err());
        r.first = Some("R".into());
        r.moves = vec!["2,4".into()];
        assert!(analyse_request(&r).is_ok());
        let mut big = quantum("BRBRBR BRBRBR GGG", &[]);
        big.state_limit = Some(10);
        let err = analyse_request(&big).unwrap_err();
        assert!(
            err.contains("too large") && err.ends_with("try fewer edges"),
            "{err}"
        );
        big.choice.width = Some("unbounded".into());
        let err = analyse_request(&big).unwrap_err();
        assert!(err.ends_with("try width 2 or fewer edges"), "{err}");
        // Synchronous positions: value and both mixed strategies.
        let sync = Request {
            position: "BR BR BR".into(),
            choice: RulesChoice {
                rules: "sync".into(),
                ..RulesChoice::default()
            },
            ..Request::default()
        };
        let a = analyse_request(&sync).unwrap();
        assert_eq!(a.report.value, "5/6");
        let st = a.strategies.unwrap();
        let total: u32 = st.left.iter().map(|w| w.percent).sum();
        assert!((99..=101).contains(&total), "{st:?}");
        assert!(st
            .right
            .iter()
            .all(|w| ["2", "4", "6"].contains(&w.label.as_str())));
        let normal = Request {
            position: "BR".into(),
            moves: vec!["1".into()],
            ..Request::default()
        };
        assert!(analyse_request(&normal).unwrap_err().contains("quantum"));
    }

    /// The page reads answers back through `Answer`'s flattened report:
    /// strategies keyed by label must survive that round trip.
    #[test]
    fn sync_answer_round_trips_through_json() {
        let choice = RulesChoice {
            rules: "sync".into(),
            ..RulesChoice::default()
        };
        let answer = sync_answer("BR BR BR", &choice).unwrap();
        let text = serde_json::to_string(&answer).unwrap();
        let back: Answer = serde_json::from_str(&text).unwrap();
        assert_eq!(back, answer);
        let left = back.report.left_strategy.unwrap();
        assert_eq!(left[&EdgeLabel(1)], "1/3");
        assert_eq!(back.report.value, "5/6");
    }
}
