//! The shape theorems (redwood furniture, childish beds, mirror images,
//! number probes) against the unreduced searches on random graphs of up
//! to 14 edges: redwood furniture valued from Right's moves alone (normal
//! play), bed-like states in closed form (childish rules), and blocks with
//! green edges proved to be numbers (or a number plus a nimber) by
//! outcome searches.

use hackenbush_lab::game::Arena;
use hackenbush_lab::position::{presets, Colour, Edge, EdgeGraph, Position, GROUND};
use hackenbush_lab::rng::SplitMix64;
use hackenbush_lab::rules::{Childish, Hackenbush};
use hackenbush_lab::solve::{BlockSolver, Solver};

/// Random redwood furniture of at most `edges` edges: feet with their
/// legs up to a few top vertices, tops joined by red seat edges (some
/// tops carry no leg, some seat edges are loops or parallel), and now and
/// then a flaw that makes it not furniture (a red edge on the ground, a
/// second edge at a foot's top, a green edge).
fn furniture_like(seed: u64, edges: usize) -> Position {
    let mut rng = SplitMix64(seed);
    let tops = 1 + rng.below(4);
    let legs = 1 + rng.below((edges / 2).clamp(1, 5));
    // Vertices: ground 0, tops 1..=tops, feet after them.
    let mut list = Vec::new();
    let mut next = tops + 1;
    for _ in 0..legs {
        let foot = next;
        next += 1;
        list.push(edge(GROUND, foot, Colour::Blue));
        list.push(edge(foot, 1 + rng.below(tops), Colour::Red));
    }
    while list.len() < edges {
        let a = 1 + rng.below(tops);
        match rng.below(10) {
            // A seat vertex that is no leg's top.
            0 | 1 => {
                list.push(edge(a, next, Colour::Red));
                next += 1;
            }
            2 if rng.below(4) == 0 => {
                // A flaw.
                let flaw = match rng.below(3) {
                    0 => edge(GROUND, a, Colour::Red),
                    1 => edge(tops + 1, a, Colour::Red),
                    _ => edge(a, 1 + rng.below(tops), Colour::Green),
                };
                list.push(flaw);
            }
            _ => list.push(edge(a, 1 + rng.below(tops), Colour::Red)),
        }
    }
    list.truncate(edges.max(2));
    Position::from_edges(list).normalized()
}

fn edge(u: usize, v: usize, colour: Colour) -> Edge {
    Edge { u, v, colour }
}

fn plain(arena: &Arena, v: hackenbush_lab::game::GameId) -> String {
    arena.plain(v)
}

/// The block solver with the furniture search against the same solver
/// without it and against the whole-graph search, on every state a game
/// reaches (each Right option and each Left option of the start too).
#[test]
fn furniture_values_agree_with_the_unreduced_search() {
    let mut furniture = 0;
    for seed in 0..400u64 {
        let edges = 2 + (seed as usize % 13);
        let p = furniture_like(seed, edges);
        let mut reduced = BlockSolver::new();
        let mut plain_solver = BlockSolver::new().without_shape_theorems();
        let rules = Hackenbush::new(p.clone());
        let start = rules.start();
        let mut whole = Solver::new(rules);
        let w = whole.value(&start).unwrap();
        let graph = hackenbush_lab::position::EdgeGraph::new(&p);
        let mut states = vec![p.full_set()];
        for e in p.full_set().iter() {
            states.push(graph.cut(graph.grounded(p.full_set()), e));
        }
        for set in states {
            let a = reduced.value_of(&p, set).unwrap();
            let b = plain_solver.value_of(&p, set).unwrap();
            let b = reduced.arena.parse(&plain(&plain_solver.arena, b)).unwrap();
            assert_eq!(a, b, "seed {seed}: {p:?} state {set:?}");
        }
        let a = reduced.value(&p).unwrap();
        assert_eq!(
            plain(&reduced.arena, a),
            plain(&whole.arena, w),
            "seed {seed}"
        );
        let v = plain(&reduced.arena, a);
        if !p.edges.iter().any(|e| e.colour == Colour::Green) && v.contains('/') {
            furniture += 1;
        }
    }
    // The generator makes furniture most of the time (fractional values
    // are what furniture with a seat is).
    assert!(
        furniture > 100,
        "only {furniture} fractional furniture values"
    );
}

/// Published values: circus tents are 1, redwood beds are powers of 1/2.
#[test]
fn furniture_reaches_published_values() {
    for n in 2..=12 {
        let mut s = BlockSolver::new();
        let v = s.value(&presets::circus_tent(n)).unwrap();
        assert_eq!(s.arena.plain(v), "1", "C_{n}");
    }
    for m in 1..=10 {
        let p = presets::redwood_bed(m, 2 * m + 1);
        let mut s = BlockSolver::new();
        let v = s.value(&p).unwrap();
        let text = s.arena.plain(v);
        assert!(text == "1" || text.starts_with("1/"), "bed {m}: {text}");
    }
}

/// Random bed-like graphs (every blue edge on the ground, no red one; or
/// the colours swapped) and random general graphs: the closed form of
/// childish states against the search without it.
#[test]
fn childish_closed_form_agrees_with_the_search() {
    let mut closed = 0;
    for seed in 0..600u64 {
        let edges = 1 + (seed as usize % 14);
        let p = if seed % 3 == 2 {
            presets::random(seed, edges, &[Colour::Blue, Colour::Red])
        } else {
            let mut rng = SplitMix64(seed);
            let mut list = Vec::new();
            let mut vertices = 2;
            for _ in 0..edges {
                if rng.below(3) == 0 {
                    list.push(edge(GROUND, 1 + rng.below(vertices - 1), Colour::Blue));
                } else {
                    let a = 1 + rng.below(vertices - 1);
                    let b = if rng.below(3) == 0 {
                        1 + rng.below(vertices - 1)
                    } else {
                        vertices += 1;
                        vertices - 1
                    };
                    list.push(edge(a, b, Colour::Red));
                }
            }
            let p = Position::from_edges(list);
            if seed % 3 == 1 {
                p.colours_swapped()
            } else {
                p
            }
        };
        let rules = Childish::new(p.clone());
        let start = rules.start();
        let mut fast = Solver::new(rules.clone());
        let mut slow = Solver::new(rules).without_closed_forms();
        let a = fast.value(&start).unwrap();
        let b = slow.value(&start).unwrap();
        let b = fast.arena.parse(&slow.arena.plain(b)).unwrap();
        assert_eq!(a, b, "seed {seed}: {p:?}");
        if fast.memo_len() == 0 {
            closed += 1;
        }
    }
    assert!(closed > 200, "only {closed} positions in closed form");
}

/// A solver that valued a picture values its mirror image (colours
/// swapped) from the blocks it met, as their negatives: against a fresh
/// solver without the lookup, and the sum of the two is 0.
#[test]
fn mirror_images_agree_with_the_unreduced_search() {
    let rbg = [Colour::Blue, Colour::Red, Colour::Green];
    for seed in 0..300u64 {
        let edges = 2 + (seed as usize % 13);
        let p = presets::random(90_000 + seed, edges, &rbg);
        let mirror = p.colours_swapped();
        let mut solver = BlockSolver::new();
        let v = solver.value(&p).unwrap();
        let m = solver.value(&mirror).unwrap();
        let mut reference = BlockSolver::new().without_shape_theorems();
        let r = reference.value(&mirror).unwrap();
        // Options print in any order: compare as games of one arena.
        let r = solver.arena.parse(&reference.arena.plain(r)).unwrap();
        assert_eq!(m, r, "seed {seed}: {p:?}");
        let sum = solver.arena.add(v, m);
        assert_eq!(sum, solver.arena.zero(), "seed {seed}");
    }
}

/// A ladder of 1–3 rungs whose rails have random colours and whose rungs
/// are green (now and then a rung of another colour, or a chord across
/// two rungs), with stalks of random colours on its top corners (and now
/// and then on a lower corner): at most `edges` edges.
fn small_ladder(seed: u64, edges: usize) -> Position {
    let mut rng = SplitMix64(seed);
    let any = [Colour::Blue, Colour::Red, Colour::Green];
    let rails = [Colour::Blue, Colour::Red];
    let mut list = Vec::new();
    let mut next = 1;
    let (mut l, mut r) = (GROUND, GROUND);
    let mut corners = Vec::new();
    for _ in 0..1 + rng.below(3) {
        if list.len() + 3 > edges {
            break;
        }
        let (nl, nr) = (next, next + 1);
        next += 2;
        list.push(edge(l, nl, rails[rng.below(2)]));
        list.push(edge(r, nr, rails[rng.below(2)]));
        let rung = if rng.below(6) == 0 {
            any[rng.below(3)]
        } else {
            Colour::Green
        };
        list.push(edge(nl, nr, rung));
        if rng.below(5) == 0 && list.len() < edges {
            list.push(edge(l, nr, any[rng.below(3)]));
        }
        corners.extend([nl, nr]);
        (l, r) = (nl, nr);
    }
    while list.len() < edges {
        // Stalks mostly on the top corners.
        let at = if rng.below(3) == 0 && !corners.is_empty() {
            corners[rng.below(corners.len())]
        } else {
            [l, r][rng.below(2)]
        };
        let mut below = at;
        for _ in 0..1 + rng.below(3) {
            if list.len() >= edges {
                break;
            }
            list.push(edge(below, next, any[rng.below(3)]));
            below = next;
            next += 1;
        }
    }
    Position::from_edges(list).normalized()
}

/// Blocks probed for a number value (every block with a green edge, from
/// two edges up) against the block solver without the probe and against
/// the whole-graph search, on random graphs of up to 14 edges with green
/// edges and cycles and on small ladders with green rungs and stalks on
/// top, and so are the states of their blocks that the options of the
/// start leave; both what the probe proves and where it gives up are
/// exercised.
#[test]
fn number_probes_agree_with_the_unreduced_search() {
    let rbg = [Colour::Blue, Colour::Red, Colour::Green, Colour::Green];
    let (mut tried, mut proved) = (0, 0);
    let (mut states_tried, mut states_proved) = (0, 0);
    for seed in 0..900u64 {
        let edges = 2 + (seed as usize % 13);
        let p = if seed % 2 == 0 {
            presets::random(24_300 + seed, edges, &rbg)
        } else {
            small_ladder(seed, edges)
        };
        // Trials of no game, or of a few (some searches finish on trial,
        // some stop and are taken up after the probe).
        let trial = [0, 3, 12][(seed / 2 % 3) as usize];
        let mut probed = BlockSolver::new().with_number_probes_from(2, trial);
        let v = probed.value(&p).unwrap();
        let (t, k) = probed.probe_counts();
        tried += t;
        proved += k;
        let mut reference = BlockSolver::new().without_shape_theorems();
        let r = reference.value(&p).unwrap();
        let r = probed.arena.parse(&reference.arena.plain(r)).unwrap();
        assert_eq!(v, r, "seed {seed}: {p}");
        let rules = Hackenbush::new(p.clone());
        let start = rules.start();
        let mut whole = Solver::new(rules);
        let w = whole.value(&start).unwrap();
        let w = probed.arena.parse(&whole.arena.plain(w)).unwrap();
        assert_eq!(v, w, "seed {seed}: {p}");
        // Every option of the start: states of the position's blocks,
        // probed as states (not whole blocks) where they qualify.
        let graph = EdgeGraph::new(&p);
        let full = graph.grounded(p.full_set());
        let before = probed.probe_counts();
        for e in full.iter() {
            let set = graph.cut(full, e);
            let v = probed.value_of(&p, set).unwrap();
            let r = reference.value_of(&p, set).unwrap();
            let r = probed.arena.parse(&reference.arena.plain(r)).unwrap();
            assert_eq!(v, r, "seed {seed}, cut {}: {p}", e + 1);
        }
        let after = probed.probe_counts();
        states_tried += after.0 - before.0;
        states_proved += after.1 - before.1;
    }
    assert!(
        states_proved > 200 && states_tried - states_proved > 100,
        "states probed: {states_tried}, valued: {states_proved}"
    );
    assert!(proved > 200, "the probe valued only {proved} blocks");
    assert!(
        tried - proved > 100,
        "the probe gave up on only {} blocks",
        tried - proved
    );
}

/// The benchmark's ladders with green rungs (one 18-edge block with a red
/// chain and a stalk on top) are valued by the probe: a number plus * and
/// a number, as the search without it finds.
#[test]
fn ladders_with_green_rungs_are_numbers_found_by_the_probe() {
    for (k, edges, value) in [(0, 36, "245/256*"), (1, 44, "993/1024")] {
        let p = presets::green_picture(24_200 + k, 2, edges);
        let mut probed = BlockSolver::new();
        let v = probed.value(&p).unwrap();
        assert_eq!(probed.arena.plain(v), value, "{p}");
        assert_eq!(probed.probe_counts(), (1, 1), "{p}");
        let mut reference = BlockSolver::new().without_shape_theorems();
        let r = reference.value(&p).unwrap();
        assert_eq!(reference.arena.plain(r), value, "{p}");
    }
}

/// Under normal play the staged answer tells the value before the best
/// moves: on a ladder, whose value the probe finds at once but whose best
/// moves need every option of the losing side valued, a deadline that
/// stops the best moves still leaves the value told (and told once).
#[test]
fn normal_play_tells_the_value_before_the_best_moves() {
    use hackenbush_lab::analysis::{analyse, analyse_in_stages, Request, Rules, Stage};
    use hackenbush_lab::budget::{Budget, ByteSize, Timeout};
    use std::cell::RefCell;
    use std::rc::Rc;
    let staged = |req: &Request, budget: &Budget| {
        let stages = Rc::new(RefCell::new(Vec::new()));
        let sink = Rc::clone(&stages);
        let got = analyse_in_stages(req, budget, move |s| sink.borrow_mut().push(s));
        let stages = stages.borrow().clone();
        (got, stages)
    };
    // Complete answers: the value, then each side's best moves, as
    // `analyse` gives them.
    for p in ["BR BR R", "0-1:G 1-2:B 2-0:R 1-3:G", "BRB RG GGR"] {
        let req = Request::new(p, Rules::Normal);
        let want = analyse(&req, &Budget::unlimited()).unwrap();
        let (got, stages) = staged(&req, &Budget::unlimited());
        assert_eq!(got.unwrap(), want, "{p}");
        assert_eq!(stages.len(), 3, "{p}: {stages:?}");
        assert_eq!(
            stages[0],
            Stage::Value {
                value: want.value,
                pretty: want.pretty
            },
            "{p}"
        );
        assert!(matches!(stages[1], Stage::BestMoves { .. }), "{p}");
    }
    // The ladder: its best moves take seconds, its value milliseconds.
    let p = presets::green_picture(24_202, 2, 52);
    let req = Request::new(p.to_string(), Rules::Normal);
    let budget = Budget::new(ByteSize::gib(1), Some(Timeout { millis: 1000 }));
    let (got, stages) = staged(&req, &budget);
    // (On a machine fast enough for the best moves within the deadline,
    // the value still comes first.)
    assert!(
        matches!(stages.first(), Some(Stage::Value { .. })),
        "{stages:?}"
    );
    let _ = got;
    let values: Vec<_> = stages
        .iter()
        .filter(|s| matches!(s, Stage::Value { .. }))
        .collect();
    assert_eq!(values.len(), 1, "{stages:?}");
    let Stage::Value { value, .. } = values[0] else {
        unreachable!()
    };
    let mut reference = BlockSolver::new().without_shape_theorems();
    let r = reference.value(&p).unwrap();
    assert_eq!(*value, reference.arena.plain(r), "{p}");
}
