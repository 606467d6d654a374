//! The reductions and staged answers of issue 24 against the unreduced
//! definition, on random states, every flavour, widths 2, 3 and unbounded.
//!
//! - Twin edges (parallel edges, loops at one vertex, pendant edges at one
//!   vertex, of one colour: `twin_edge_classes` in `src/quantum/base.rs`)
//!   join the start position's symmetry groups. The solver with every
//!   reduction must give the value of the solver with none (which
//!   `tests/quantum.rs` checks against a literal reading of RULES.md §3),
//!   on random positions built to hold such twins and on random states
//!   reached from them.
//! - `analyse_in_stages` gives the answer `analyse` gives, and every
//!   stage it reports before the value is true of that value.
//! - A value guessed at width 2 is taken at a wider width exactly when it
//!   is the value (`quantum/solver/guided.rs`).
//! - A dead realisation (the empty drawing) beside others changes nothing
//!   under C′ (and A, B, D) but does under C and C′u, and the engine that
//!   drops it (`quantum/normalise.rs`) gives the unreduced values.

#[path = "common/stages.rs"]
mod stages;

use hackenbush_lab::analysis::{
    analyse, analyse_in_stages, BoundRelation, QuantumOptions, Request, Rules, Stage,
};
use hackenbush_lab::budget::Budget;
use hackenbush_lab::game::{Dyadic, Outcome};
use hackenbush_lab::position::{presets, Colour, Edge, EdgeSet, Position};
use hackenbush_lab::quantum::{
    allowed_moves, apply_move, Flavour, QuantumBase, QuantumSolver, Reductions, Setting, Width,
};
use hackenbush_lab::rng::SplitMix64;
use hackenbush_lab::rules::{Hackenbush, Player};
use std::cell::RefCell;
use std::rc::Rc;

const WIDTHS: [Width; 3] = [Width::Limited(2), Width::Limited(3), Width::Unbounded];

/// A random connected position of `edges` edges with twins added: a copy
/// of a random edge (a parallel twin, or a loop twin if it is a loop) and
/// two pendant edges of one colour at a random vertex.
fn position_with_twins(seed: u64, edges: usize) -> Position {
    let colours = [Colour::Blue, Colour::Red, Colour::Green];
    let p = presets::random(seed, edges, &colours);
    let mut rng = SplitMix64(seed ^ 0x5EED);
    let mut list = p.edges.clone();
    let copy = list[rng.below(list.len())];
    list.push(copy);
    if rng.below(2) == 0 {
        let at = rng.below(p.vertex_count);
        let colour = colours[rng.below(3)];
        let n = p.vertex_count;
        list.push(Edge {
            u: at,
            v: n,
            colour,
        });
        list.push(Edge {
            u: at,
            v: n + 1,
            colour,
        });
    }
    Position::from_edges(list).normalized()
}

/// A state reached by `steps` random allowed moves from the start.
fn random_state(
    base: &Hackenbush,
    setting: Setting,
    rng: &mut SplitMix64,
    steps: usize,
) -> Vec<EdgeSet> {
    let mut state = vec![base.start()];
    let mut p = if rng.below(2) == 0 {
        Player::Left
    } else {
        Player::Right
    };
    for _ in 0..steps {
        let moves = allowed_moves(base, &state, p, setting);
        if moves.is_empty() {
            break;
        }
        state = apply_move(base, &state, p, &moves[rng.below(moves.len())]);
        p = p.opponent();
    }
    state
}

fn plain_value(p: &Position, setting: Setting, state: &[EdgeSet], r: Reductions) -> String {
    let base = Hackenbush::new(p.clone());
    let start = base.start();
    let mut s = QuantumSolver::with_reductions(base, &start, setting, r);
    let v = s.value(state).unwrap();
    s.arena.plain(v)
}

#[test]
fn twin_edges_agree_with_the_unreduced_engine() {
    let mut checked = 0;
    let mut twins_used = 0;
    for seed in 0..36u64 {
        let edges = 2 + (seed % 3) as usize;
        let p = position_with_twins(seed * 7 + 1, edges);
        let base = Hackenbush::new(p.clone());
        let symmetry = base.symmetry(&base.start());
        if symmetry.groups().iter().flatten().any(|b| b.len() == 1) {
            twins_used += 1;
        }
        for (j, f) in Flavour::ALL.into_iter().enumerate() {
            // The unreduced engine at wide moves grows fast with the
            // edges: width 2 only past six edges.
            let w = match WIDTHS[(seed as usize + j) % 3] {
                _ if p.edge_count() > 6 => Width::Limited(2),
                w => w,
            };
            let setting = Setting::new(f, w);
            let mut rng = SplitMix64(seed * 31 + j as u64);
            for steps in [0, 1, 2] {
                let state = random_state(&base, setting, &mut rng, steps);
                let want = plain_value(&p, setting, &state, Reductions::none());
                let got = plain_value(&p, setting, &state, Reductions::all());
                assert_eq!(got, want, "{f} width {w} {p} state {state:?}");
                // The symmetry alone (C, C', C'u never drop covered ones).
                let sym = Reductions {
                    symmetry: true,
                    twin_moves: true,
                    ..Reductions::none()
                };
                let got = plain_value(&p, setting, &state, sym);
                assert_eq!(
                    got, want,
                    "symmetry only: {f} width {w} {p} state {state:?}"
                );
                checked += 1;
            }
        }
    }
    assert!(twins_used >= 30, "{twins_used} positions had twin edges");
    assert!(checked > 500, "{checked}");
}

/// Every staged fact is true of the final answer, and the answer is the
/// one `analyse` gives.
#[test]
fn staged_answers_agree_with_the_value() {
    for seed in 0..24u64 {
        let p = position_with_twins(seed * 11 + 3, 2 + (seed % 3) as usize);
        let f = Flavour::ALL[seed as usize % 6];
        let w = WIDTHS[seed as usize % 3];
        let rules = Rules::Quantum(QuantumOptions {
            setting: Setting::new(f, w),
            ..Default::default()
        });
        let req = Request::new(p.to_string(), rules);
        let want = analyse(&req, &Budget::unlimited()).unwrap();
        let (got, stages) =
            stages::collected(|sink| analyse_in_stages(&req, &Budget::unlimited(), sink));
        assert_eq!(got.unwrap(), want, "{p} {f} {w}");
        let context = format!("{p} {f} {w}: {stages:?}");
        // The outcome first, then the value as soon as it is known, then
        // each player's best moves as found, the answer's own.
        assert!(
            matches!(stages.first(), Some(Stage::Outcome { outcome }) if Some(*outcome) == want.outcome),
            "{context}"
        );
        assert!(
            matches!(&stages[stages.len() - 3], Stage::Value { value, pretty } if *value == want.value && *pretty == want.pretty),
            "{context}"
        );
        // A player with a winning move first (found by outcome searches
        // alone), else Left first.
        let winning_first = want.outcome == Some(Outcome::R);
        let order = if winning_first {
            ["R", "L"]
        } else {
            ["L", "R"]
        };
        for (stage, player) in stages[stages.len() - 2..].iter().zip(order) {
            let advice = if player == "L" {
                &want.left_moves
            } else {
                &want.right_moves
            };
            let advice = advice.as_ref().unwrap();
            assert!(
                matches!(stage, Stage::BestMoves { player: p, winning, labels } if p == player && *winning == advice.winning && *labels == advice.labels),
                "{context}"
            );
        }
        for s in stages.iter() {
            match s {
                Stage::WinningMove { player, labels } => {
                    let advice = if player == "L" {
                        want.left_moves.as_ref()
                    } else {
                        want.right_moves.as_ref()
                    }
                    .unwrap();
                    assert!(
                        advice.winning && advice.labels.contains(labels),
                        "{context}"
                    );
                }
                Stage::Bound { relation, number } => {
                    check_bound(&want.value, *relation, number, &context);
                }
                _ => {}
            }
        }
    }
}

/// A staged bound against the value: checked by the value's own sign
/// against the number, through a second solve of the value minus it
/// would be circular, so numbers are compared directly and other values
/// only for "confused" (a value that is a number is never confused with
/// one).
fn check_bound(value: &str, relation: BoundRelation, number: &str, context: &str) {
    let x: Dyadic = number.parse().expect("a number");
    match value.parse::<Dyadic>() {
        Ok(v) => {
            let want = match v.cmp(&x) {
                std::cmp::Ordering::Greater => BoundRelation::Greater,
                std::cmp::Ordering::Less => BoundRelation::Less,
                std::cmp::Ordering::Equal => BoundRelation::Equal,
            };
            assert_eq!(relation, want, "{context}");
        }
        Err(_) => assert_ne!(relation, BoundRelation::Equal, "{context}"),
    }
}

#[test]
fn outcome_stage_matches_outcome_on_a_slow_state() {
    // Left wins: the outcome comes first and says so.
    let req = Request::new(
        "BR BR R",
        Rules::Quantum(QuantumOptions {
            setting: Setting::new(Flavour::D, Width::Unbounded),
            ..Default::default()
        }),
    );
    let first = Rc::new(RefCell::new(None));
    let sink = Rc::clone(&first);
    let answer = analyse_in_stages(&req, &Budget::unlimited(), move |s| {
        sink.borrow_mut().get_or_insert(s);
    })
    .unwrap();
    let first = first.borrow().clone().unwrap();
    assert_eq!(
        first,
        Stage::Outcome {
            outcome: answer.outcome.unwrap_or(Outcome::P)
        }
    );
    let json = serde_json::to_string(&first).unwrap();
    assert!(json.starts_with("{\"stage\":\"outcome\""), "{json}");
    assert!(
        first.to_string().starts_with("outcome (by search): "),
        "{first}"
    );
}

/// A value guessed at width 2 is taken at a wider width only once proved
/// (`quantum/solver/guided.rs`): on random states of every flavour at
/// widths 3 and unbounded, the guess is accepted exactly when it is the
/// value the unguided engine finds, and a guess one more is refused; and
/// `analyse`, which guides the wide widths so, gives the unguided value.
#[test]
fn guessed_values_are_taken_exactly_when_they_are_the_value() {
    let (mut taken, mut refused, mut wrong_refused) = (0, 0, 0);
    for seed in 0..40u64 {
        let colours = [Colour::Blue, Colour::Red, Colour::Green];
        let p = presets::random(seed * 13 + 7, 3 + (seed % 4) as usize, &colours);
        let base = Hackenbush::new(p.clone());
        let start = base.start();
        for (j, f) in Flavour::ALL.into_iter().enumerate() {
            for w in [Width::Limited(3), Width::Unbounded] {
                let setting = Setting::new(f, w);
                let mut rng = SplitMix64(seed * 17 + j as u64);
                for steps in [0, 1, 2] {
                    let state = random_state(&base, setting, &mut rng, steps);
                    let want = plain_value(&p, setting, &state, Reductions::all());
                    let narrow = Setting::new(f, Width::Limited(2));
                    let mut guide = QuantumSolver::new(base.clone(), &start, narrow);
                    let guess = guide.value(&state).unwrap();
                    let mut solver = QuantumSolver::new(base.clone(), &start, setting);
                    let proved = solver
                        .proved_guess(&state, &mut guide.arena, guess)
                        .unwrap();
                    let context = format!("{f} width {w} {p} state {state:?}");
                    match proved {
                        Some(v) => {
                            assert_eq!(solver.arena.plain(v), want, "{context}");
                            let again = solver.value(&state).unwrap();
                            assert_eq!(again, v, "memoised: {context}");
                            taken += 1;
                        }
                        None => {
                            assert_ne!(guide.arena.plain(guess), want, "{context}");
                            refused += 1;
                        }
                    }
                    // A wrong guess: the value plus one.
                    let one = guide.arena.integer(1);
                    let wrong = guide.arena.add(guess, one);
                    let mut solver = QuantumSolver::new(base.clone(), &start, setting);
                    if guide.arena.plain(wrong) != want {
                        let got = solver
                            .proved_guess(&state, &mut guide.arena, wrong)
                            .unwrap();
                        assert_eq!(got, None, "{context}");
                        wrong_refused += 1;
                    }
                }
            }
            let req = Request::new(
                p.to_string(),
                Rules::Quantum(QuantumOptions {
                    setting: Setting::new(f, Width::Unbounded),
                    ..Default::default()
                }),
            );
            let answer = analyse(&req, &Budget::unlimited()).unwrap();
            let setting = Setting::new(f, Width::Unbounded);
            let want = plain_value(&p, setting, &[start], Reductions::all());
            assert_eq!(answer.value, want, "{f} unbounded {p}");
        }
    }
    // Both cases are met: most guesses at width 2 are the value, a few are
    // not (on these small drawings), and every guess one more is refused.
    assert!(
        taken > 1000 && refused > 5 && wrong_refused > 1000,
        "taken {taken}, refused {refused}, wrong guesses refused {wrong_refused}"
    );
}

/// A solver's guide is part of its tables: moved to a new budget with it
/// (a kept solver's next analysis), counted in its charged bytes, and
/// gone from the old budget.
#[test]
fn a_guide_moves_to_its_solvers_new_budget() {
    let p = presets::random(26, 9, &[Colour::Blue, Colour::Red, Colour::Green]);
    let base = Hackenbush::new(p);
    let start = base.start();
    let first = Budget::unlimited();
    let narrow = Setting::new(Flavour::D, Width::Limited(2));
    let guide = QuantumSolver::with_budget(base.clone(), &start, narrow, &first);
    let wide = Setting::new(Flavour::D, Width::Unbounded);
    let mut solver = QuantumSolver::with_budget(base, &start, wide, &first);
    solver.set_guide(guide);
    solver.probe_values(true);
    solver.value(&[start]).unwrap();
    assert!(
        solver.guesses()[0] > 0,
        "the guide was asked and proved right"
    );
    let second = Budget::unlimited();
    solver.set_budget(&second);
    assert_eq!(first.used(), 0);
    assert_eq!(second.used(), solver.charged_bytes());
    drop(solver);
    assert_eq!(second.used(), 0);
}

/// A guide past its budget guesses nothing and is dropped: the solver
/// values the state itself, as without a guide.
#[test]
fn a_guide_past_its_budget_is_dropped() {
    use hackenbush_lab::budget::ByteSize;
    let p = presets::random(26, 9, &[Colour::Blue, Colour::Red, Colour::Green]);
    let base = Hackenbush::new(p.clone());
    let start = base.start();
    let tiny = Budget::new(ByteSize(1), None);
    let narrow = Setting::new(Flavour::D, Width::Limited(2));
    let guide = QuantumSolver::with_budget(base.clone(), &start, narrow, &tiny);
    let wide = Setting::new(Flavour::D, Width::Unbounded);
    let mut solver = QuantumSolver::new(base, &start, wide);
    solver.set_guide(guide);
    solver.probe_values(true);
    let v = solver.value(&[start]).unwrap();
    let want = plain_value(&p, wide, &[start], Reductions::all());
    assert_eq!(solver.arena.plain(v), want);
    assert_eq!(solver.guesses(), [0, 0]);
    assert_eq!(tiny.used(), 0, "the guide's tables are released");
}

/// Random states of random drawings (green edges at the ground make the
/// empty drawing common), each flavour and width in turn: `(position,
/// setting, state)`.
fn states_for_dead_checks() -> Vec<(Position, Setting, Vec<EdgeSet>)> {
    let mut out = Vec::new();
    for seed in 0..60u64 {
        let edges = 3 + (seed % 4) as usize;
        let p = presets::random(
            seed * 13 + 5,
            edges,
            &[Colour::Blue, Colour::Red, Colour::Green],
        );
        let base = Hackenbush::new(p.clone());
        for (j, f) in Flavour::ALL.into_iter().enumerate() {
            let w = WIDTHS[(seed as usize + j) % 3];
            let setting = Setting::new(f, w);
            let mut rng = SplitMix64(seed * 97 + j as u64);
            for steps in [0, 1, 2, 3] {
                out.push((
                    p.clone(),
                    setting,
                    random_state(&base, setting, &mut rng, steps),
                ));
            }
        }
    }
    out
}

/// The theorem of `quantum/normalise.rs`, on the unreduced engine: a state
/// X and X ∪ {∅} (the empty drawing, on which neither player can move) are
/// worth the same under A, B, C′ and D, on every random state; under C and
/// C′u they differ on some (∅ forbids the unsuperposed moves C allows), so
/// the reduction must stay off there.
#[test]
fn a_dead_realisation_changes_nothing_under_c_prime_alone_of_the_c_flavours() {
    let empty = EdgeSet::default();
    let mut compared = [0usize; 6];
    let mut differed = [0usize; 6];
    for (p, setting, state) in states_for_dead_checks() {
        if state.contains(&empty) {
            continue;
        }
        let mut with_dead = state.clone();
        with_dead.push(empty);
        let k = Flavour::ALL
            .iter()
            .position(|&f| f == setting.flavour)
            .unwrap();
        let alone = plain_value(&p, setting, &state, Reductions::none());
        let beside = plain_value(&p, setting, &with_dead, Reductions::none());
        compared[k] += 1;
        if setting.flavour.drops_dead() {
            assert_eq!(beside, alone, "{setting:?} {p} state {state:?}");
        } else if beside != alone {
            differed[k] += 1;
        }
    }
    for (k, f) in Flavour::ALL.into_iter().enumerate() {
        assert!(compared[k] >= 150, "{f}: {} states", compared[k]);
        if !f.drops_dead() {
            assert!(
                differed[k] >= 10,
                "{f}: ∅ changed {} of {} values",
                differed[k],
                compared[k]
            );
        }
    }
}

/// The engine dropping dead realisations (alone, and with every other
/// reduction) against the unreduced one, every flavour, widths 2, 3 and
/// unbounded, on random states holding the empty drawing and on the same
/// states with it added.
#[test]
fn dropping_dead_realisations_agrees_with_the_unreduced_engine() {
    let empty = EdgeSet::default();
    let dead_only = Reductions {
        drop_dead: true,
        ..Reductions::none()
    };
    let mut with_dead = [0usize; 6];
    for (p, setting, state) in states_for_dead_checks() {
        let mut states = vec![state.clone()];
        if !state.contains(&empty) {
            let mut s = state;
            s.push(empty);
            states.push(s);
        }
        for state in states {
            let want = plain_value(&p, setting, &state, Reductions::none());
            for r in [dead_only, Reductions::all()] {
                let got = plain_value(&p, setting, &state, r);
                assert_eq!(got, want, "{r:?} {setting:?} {p} state {state:?}");
            }
            if state.contains(&empty) && state.len() > 1 {
                let k = Flavour::ALL
                    .iter()
                    .position(|&f| f == setting.flavour)
                    .unwrap();
                with_dead[k] += 1;
            }
        }
    }
    assert!(with_dead.iter().all(|&n| n >= 150), "{with_dead:?}");
}
