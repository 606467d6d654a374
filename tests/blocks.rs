//! The block-decomposition solver (normal play) against the whole-graph
//! search and the plain definition, on random multigraphs built to have
//! loops, parallel edges, cycles and several cut vertices; invariance
//! under renaming vertices and reordering edges; best moves; budgets.

use hackenbush_lab::budget::{Budget, ByteSize, Exceeded, Timeout};
use hackenbush_lab::game::{Arena, GameId};
use hackenbush_lab::position::{self, Colour, Edge, EdgeSet, Position, GROUND};
use hackenbush_lab::rng::SplitMix64;
use hackenbush_lab::rules::{Hackenbush, Player};
use hackenbush_lab::solve::blocks::{self, BlockSolver};
use hackenbush_lab::solve::Solver;

// ---------------------------------------------------------------------------
// A generator of block-rich positions

/// A random position of `edges` edges grown from pieces that make blocks
/// meet at cut vertices: pendant edges (trees), short cycles through an
/// existing vertex, chords, parallel copies, loops, edges on the ground
/// and now and then an edge floating free (it must fall at the start).
/// Colours: blue, red and green, and rarely uncoloured (nobody's edge in
/// normal play).
fn block_rich(seed: u64, edges: usize) -> Position {
    let mut rng = SplitMix64(seed);
    let mut list: Vec<Edge> = Vec::new();
    let mut vertices = 1usize;
    let colour = |rng: &mut SplitMix64| match rng.below(20) {
        0..=5 => Colour::Blue,
        6..=11 => Colour::Red,
        12..=18 => Colour::Green,
        _ => Colour::Uncoloured,
    };
    while list.len() < edges {
        let room = edges - list.len();
        let at = rng.below(vertices);
        let roll = rng.below(100);
        if roll < 35 {
            list.push(Edge {
                u: at,
                v: vertices,
                colour: colour(&mut rng),
            });
            vertices += 1;
        } else if roll < 60 && room >= 2 {
            // A cycle of 2..=4 edges through `at`.
            let len = (2 + rng.below(3)).min(room);
            let mut prev = at;
            for _ in 0..len - 1 {
                list.push(Edge {
                    u: prev,
                    v: vertices,
                    colour: colour(&mut rng),
                });
                prev = vertices;
                vertices += 1;
            }
            list.push(Edge {
                u: prev,
                v: at,
                colour: colour(&mut rng),
            });
        } else if roll < 72 && !list.is_empty() {
            // A parallel copy of an existing edge.
            let e = list[rng.below(list.len())];
            list.push(Edge {
                colour: colour(&mut rng),
                ..e
            });
        } else if roll < 84 {
            let other = rng.below(vertices);
            list.push(Edge {
                u: at,
                v: other,
                colour: colour(&mut rng),
            });
        } else if roll < 92 {
            list.push(Edge {
                u: at,
                v: at,
                colour: colour(&mut rng),
            });
        } else if roll < 96 {
            list.push(Edge {
                u: GROUND,
                v: at,
                colour: colour(&mut rng),
            });
        } else {
            // Floating: two fresh vertices nothing else touches yet.
            list.push(Edge {
                u: vertices,
                v: vertices + 1,
                colour: colour(&mut rng),
            });
            vertices += 2;
        }
    }
    Position::from_edges(list)
}

/// Whole-graph search (no splitting at all) in its own arena.
fn whole_graph(p: &Position) -> (Solver<Hackenbush>, GameId) {
    let rules = Hackenbush::new(p.clone());
    let start = rules.start();
    let mut solver = Solver::without_splitting(rules);
    let v = solver.value(&start).expect("no budget");
    (solver, v)
}

fn block_plain(p: &Position) -> String {
    let (arena, v) = blocks::normal_value(p, &Budget::unlimited()).expect("no budget");
    arena.plain(v)
}

/// The value by the definition: every cut, everything ungrounded falls,
/// no memo, no splitting, no shortcut.
fn by_definition(p: &Position, set: EdgeSet, arena: &mut Arena) -> GameId {
    let set = p.grounded(set);
    let mut sides = [Vec::new(), Vec::new()];
    for player in Player::BOTH {
        for e in p.cuttable(set, player).iter() {
            let next = p.cut(set, e);
            let v = by_definition(p, next, arena);
            sides[player as usize].push(v);
        }
    }
    let [l, r] = sides;
    arena.make(l, r)
}

/// Two plain-notation values are the same game (options may be printed in
/// any order, so the texts are read back into one arena and compared).
#[track_caller]
fn assert_same(a: &str, b: &str, context: &str) {
    let mut arena = Arena::new();
    let x = arena.parse(a).expect("plain notation");
    let y = arena.parse(b).expect("plain notation");
    assert!(x == y, "{context}: {a} ≠ {b}");
}

// ---------------------------------------------------------------------------
// Generator sanity: the positions do have what the tests claim to cover

#[test]
fn generator_makes_loops_parallel_edges_and_cut_vertices() {
    let (mut loops, mut parallel, mut multi_block, mut floating) = (0, 0, 0, 0);
    for seed in 0..300 {
        let p = block_rich(seed, 4 + seed as usize % 11);
        loops += p.edges.iter().any(|e| e.u == e.v) as usize;
        parallel += p.edges.iter().enumerate().any(|(i, a)| {
            p.edges[..i]
                .iter()
                .any(|b| (a.u, a.v) == (b.u, b.v) || (a.u, a.v) == (b.v, b.u))
        }) as usize;
        floating += (p.grounded(p.full_set()) != p.full_set()) as usize;
        let g = blocks::decorated::Decorated::from_position(
            &p,
            p.grounded(p.full_set()),
            Arena::new().zero(),
        )
        .pruned();
        let b = blocks::decompose::blocks(&g);
        let non_root_roots = b.blocks.iter().filter(|b| b.root != 0).count();
        multi_block += (non_root_roots >= 2) as usize;
    }
    assert!(loops > 100, "loops in {loops} of 300");
    assert!(parallel > 100, "parallel edges in {parallel} of 300");
    assert!(
        multi_block > 100,
        "two or more cut vertices in {multi_block} of 300"
    );
    assert!(floating > 10, "floating edges in {floating} of 300");
}

// ---------------------------------------------------------------------------
// Values

#[test]
fn decomposed_values_equal_whole_graph_search() {
    for seed in 0..2500u64 {
        let edges = 1 + (seed as usize % 14);
        let p = block_rich(seed, edges);
        let (solver, v) = whole_graph(&p);
        let expected = solver.arena.plain(v);
        assert_same(
            &block_plain(&p),
            &expected,
            &format!("seed {seed}: {}", position::print(&p)),
        );
    }
}

#[test]
fn green_blocks_fuse_to_the_whole_graph_value() {
    // Green graphs (the fusion principle turns each green block with
    // nimbers hanging on it into one nimber), and green graphs with a few
    // blue or red edges, where it must not apply.
    use hackenbush_lab::position::presets;
    for seed in 0..600u64 {
        let edges = 2 + (seed as usize % 13);
        let palette: &[Colour] = if seed % 3 == 0 {
            &[
                Colour::Green,
                Colour::Green,
                Colour::Green,
                Colour::Blue,
                Colour::Red,
            ]
        } else {
            &[Colour::Green]
        };
        let p = presets::random(90_000 + seed, edges, palette);
        let (solver, v) = whole_graph(&p);
        assert_same(
            &block_plain(&p),
            &solver.arena.plain(v),
            &format!("seed {seed}: {}", position::print(&p)),
        );
    }
}

#[test]
fn decomposed_values_equal_component_search_on_the_random_preset() {
    use hackenbush_lab::position::presets;
    for seed in 0..400u64 {
        let p = presets::random(seed, 4 + (seed as usize % 11), &[]);
        let rules = Hackenbush::new(p.clone());
        let start = rules.start();
        let mut solver = Solver::new(rules);
        let v = solver.value(&start).unwrap();
        assert_same(
            &block_plain(&p),
            &solver.arena.plain(v),
            &format!("seed {seed}"),
        );
    }
}

#[test]
fn decomposed_values_equal_the_definition_on_small_positions() {
    for seed in 0..600u64 {
        let p = block_rich(10_000 + seed, 1 + (seed as usize % 8));
        let mut arena = Arena::new();
        let v = by_definition(&p, p.full_set(), &mut arena);
        assert_same(
            &block_plain(&p),
            &arena.plain(v),
            &format!("seed {seed}: {}", position::print(&p)),
        );
    }
}

/// `p` with its vertices renamed by a random permutation (ground fixed)
/// and its edges listed in a random order, ends swapped at random.
fn shuffled(p: &Position, rng: &mut SplitMix64) -> Position {
    let n = p.vertex_count;
    let mut names: Vec<usize> = (1..n).collect();
    for i in (1..names.len()).rev() {
        names.swap(i, rng.below(i + 1));
    }
    let rename = |v: usize| {
        if v == GROUND {
            GROUND
        } else {
            names[v - 1] + 3
        }
    };
    let mut edges: Vec<Edge> = p
        .edges
        .iter()
        .map(|e| {
            let (u, v) = (rename(e.u), rename(e.v));
            let (u, v) = if rng.below(2) == 0 { (u, v) } else { (v, u) };
            Edge {
                u,
                v,
                colour: e.colour,
            }
        })
        .collect();
    for i in (1..edges.len()).rev() {
        edges.swap(i, rng.below(i + 1));
    }
    Position::from_edges(edges)
}

#[test]
fn values_ignore_vertex_names_and_edge_order() {
    let mut rng = SplitMix64(99);
    for seed in 0..300u64 {
        let p = block_rich(20_000 + seed, 6 + seed as usize % 13);
        let expected = block_plain(&p);
        for _ in 0..3 {
            let q = shuffled(&p, &mut rng);
            assert_same(&block_plain(&q), &expected, &format!("seed {seed}"));
        }
        // One solver for both: the canonical memo must not confuse them.
        let mut solver = BlockSolver::new();
        let a = solver.value(&p).unwrap();
        let b = solver.value(&shuffled(&p, &mut rng)).unwrap();
        assert_eq!(a, b, "seed {seed}");
    }
}

#[test]
fn one_solver_answers_many_positions_consistently() {
    // A shared memo across unrelated positions must give the same values
    // as fresh solvers (keys never collide between different pieces).
    let mut shared = BlockSolver::new();
    for seed in 0..300u64 {
        let p = block_rich(30_000 + seed, 2 + seed as usize % 13);
        let v = shared.value(&p).unwrap();
        assert_same(
            &shared.arena.plain(v),
            &block_plain(&p),
            &format!("seed {seed}"),
        );
    }
}

// ---------------------------------------------------------------------------
// Best moves

#[test]
fn best_moves_agree_with_the_whole_graph_search() {
    for seed in 0..500u64 {
        let p = block_rich(40_000 + seed, 2 + seed as usize % 12);
        let rules = Hackenbush::new(p.clone());
        let start = rules.start();
        let mut reference = Solver::without_splitting(rules);
        let mut solver = BlockSolver::new();
        for player in Player::BOTH {
            let ours = solver.best_moves(&p, p.full_set(), player).unwrap();
            let theirs = reference.best_moves(&start, player).unwrap();
            assert_eq!(
                ours,
                theirs,
                "seed {seed} {player:?}: {}",
                position::print(&p)
            );
            // Each winning move leaves a position the mover wins by search.
            if ours.winning {
                for &m in &ours.moves {
                    let next = reference.rules.play(&start, &m);
                    let opponent_wins = reference
                        .wins_moving_first(&next, player.opponent())
                        .unwrap();
                    assert!(!opponent_wins, "seed {seed}: move {} does not win", m + 1);
                }
            }
        }
    }
}

/// States of `p` worth valuing: every state along one random game from the
/// start, and `subsets` random subsets of its edges (ungrounded parts
/// included).
fn states_to_try(p: &Position, rng: &mut SplitMix64, subsets: usize) -> Vec<EdgeSet> {
    let mut states = vec![p.full_set()];
    let mut set = p.full_set();
    while let Some(e) = set.iter().nth(rng.below(set.len().max(1))) {
        set = p.cut(set, e);
        states.push(set);
    }
    for _ in 0..subsets {
        let bits = rng.next_u64() as u128 | ((rng.next_u64() as u128) << 64);
        states.push(EdgeSet(bits & p.full_set().0));
    }
    states
}

#[test]
fn states_of_one_position_share_its_frames_and_keep_their_values() {
    // One solver values many states of one position: each block of a state
    // is a state of the frame of the position's block holding it. Compare
    // every state met along random games, and random subsets of edges
    // (ungrounded parts included), with the whole-graph search.
    let mut rng = SplitMix64(77);
    for seed in 0..200u64 {
        let p = block_rich(45_000 + seed, 3 + seed as usize % 14);
        let (mut reference, _) = whole_graph(&p);
        let mut solver = BlockSolver::new();
        let states = states_to_try(&p, &mut rng, 5);
        for &s in &states {
            let ours = solver.value_of(&p, s).unwrap();
            let theirs = reference.value(&p.grounded(s)).unwrap();
            assert_same(
                &solver.arena.plain(ours),
                &reference.arena.plain(theirs),
                &format!("seed {seed} state {:?}: {}", s, position::print(&p)),
            );
        }
    }
}

#[test]
fn best_moves_of_a_later_state_map_to_original_labels() {
    let p = position::parse("0-1:B 1-2:R 2-3:G 3-1:B 2-4:R 4-4:G 0-5:R 5-6:B").unwrap();
    let rules = Hackenbush::new(p.clone());
    let mut reference = Solver::without_splitting(rules);
    let mut solver = BlockSolver::new();
    let set = p.cut(p.full_set(), 6);
    for player in Player::BOTH {
        assert_eq!(
            solver.best_moves(&p, set, player).unwrap(),
            reference.best_moves(&set, player).unwrap()
        );
    }
}

use hackenbush_lab::rules::Ruleset;

// ---------------------------------------------------------------------------
// Budgets

#[test]
fn the_block_solver_stops_at_its_budget() {
    // A 6×2 grid is one block of 17 edges: thousands of decorated states.
    let mut edges = Vec::new();
    let cols = 7;
    let v = |r: usize, c: usize| 1 + r * cols + c;
    for c in 0..cols {
        edges.push(Edge {
            u: GROUND,
            v: v(0, c),
            colour: if c % 2 == 0 {
                Colour::Blue
            } else {
                Colour::Red
            },
        });
        edges.push(Edge {
            u: v(0, c),
            v: v(1, c),
            colour: Colour::Green,
        });
        if c + 1 < cols {
            edges.push(Edge {
                u: v(0, c),
                v: v(0, c + 1),
                colour: Colour::Red,
            });
            edges.push(Edge {
                u: v(1, c),
                v: v(1, c + 1),
                colour: Colour::Blue,
            });
        }
    }
    let p = Position::from_edges(edges);
    let small = Budget::new(ByteSize(64 * 1024), None);
    assert!(matches!(
        blocks::normal_value(&p, &small),
        Err(Exceeded::Memory(_))
    ));
    assert_eq!(small.used(), 0, "the meter gives its bytes back");
    let late = Budget::new(ByteSize::gib(1), Some(Timeout { millis: 1 }));
    std::thread::sleep(std::time::Duration::from_millis(5));
    assert!(matches!(
        blocks::normal_value(&p, &late),
        Err(Exceeded::Time(_))
    ));
}

// ---------------------------------------------------------------------------
// Gallery pictures

use hackenbush_lab::position::pictures;

/// `a` and `b` side by side on one ground (b's vertices renamed).
fn side_by_side(a: &Position, b: &Position) -> Position {
    let shift = a.vertex_count.max(1) - 1;
    let rename = |v: usize| if v == GROUND { GROUND } else { v + shift };
    let mut edges = a.edges.clone();
    edges.extend(b.edges.iter().map(|e| Edge {
        u: rename(e.u),
        v: rename(e.v),
        colour: e.colour,
    }));
    Position::from_edges(edges)
}

#[test]
fn every_picture_has_its_pinned_value() {
    let all = pictures::all();
    assert_eq!(all.len(), pictures::NAMES.len());
    assert!(all.len() >= 12);
    for pic in &all {
        let edges = pic.position.edge_count();
        assert!((25..=60).contains(&edges), "{}: {edges} edges", pic.name);
        assert_eq!(
            pic.layout.points.len(),
            pic.position.vertex_count,
            "{}",
            pic.name
        );
        assert_eq!(
            pic.position.grounded(pic.position.full_set()),
            pic.position.full_set()
        );
        let budget = Budget::new(ByteSize::gib(1), Some(Timeout::seconds(10)));
        let (arena, v) = blocks::normal_value(&pic.position, &budget).expect("within budget");
        assert_same(&arena.plain(v), pic.value, pic.name);
    }
}

#[test]
fn a_picture_plus_its_mirror_is_zero() {
    for pic in pictures::all() {
        let both = side_by_side(&pic.position, &pic.position.colours_swapped());
        let mut solver = BlockSolver::new();
        let v = solver.value(&both).unwrap();
        assert_eq!(v, solver.arena.zero(), "{}", pic.name);
        // And the mirror alone is the negative.
        let g = solver.value(&pic.position).unwrap();
        let m = solver.value(&pic.position.colours_swapped()).unwrap();
        assert_eq!(solver.arena.neg(g), m, "{}", pic.name);
    }
}

#[test]
fn picture_values_ignore_vertex_names_and_edge_order() {
    let mut rng = SplitMix64(5);
    for pic in pictures::all() {
        let q = shuffled(&pic.position, &mut rng);
        let (arena, v) = blocks::normal_value(&q, &Budget::unlimited()).unwrap();
        assert_same(&arena.plain(v), pic.value, pic.name);
    }
}

#[test]
fn picture_best_moves_are_winning_or_undominated_by_their_options() {
    // On pictures too big for the whole-graph search, check the advice
    // against the definition one level down: a listed winning move leads
    // to a position the opponent loses moving first.
    for pic in pictures::all().into_iter().take(6) {
        let p = &pic.position;
        let mut solver = BlockSolver::new();
        for player in Player::BOTH {
            let best = solver.best_moves(p, p.full_set(), player).unwrap();
            assert!(!best.moves.is_empty(), "{}", pic.name);
            for &m in &best.moves {
                assert!(p.edges[m].colour.cuttable_by(player));
                let after = p.cut(p.full_set(), m);
                let v = solver.value_of(p, after).unwrap();
                let zero = solver.arena.zero();
                let good = match player {
                    Player::Left => solver.arena.le(zero, v),
                    Player::Right => solver.arena.le(v, zero),
                };
                assert_eq!(good, best.winning, "{} move {}", pic.name, m + 1);
            }
        }
    }
}

#[test]
fn equal_pieces_are_solved_once() {
    // Three houses side by side, each drawn with its vertices renamed and
    // its edges reordered: the decorated blocks of the first answer the
    // other two, so the block memo does not grow.
    let house = pictures::picture("house").unwrap().position;
    let mut solver = BlockSolver::new();
    let one = solver.value(&house).unwrap();
    let blocks_after_one = solver.memo_sizes().0;
    let mut rng = SplitMix64(17);
    let a = shuffled(&house, &mut rng);
    let b = shuffled(&house, &mut rng);
    let three = side_by_side(&side_by_side(&house, &a), &b);
    let v = solver.value(&three).unwrap();
    assert_eq!(solver.memo_sizes().0, blocks_after_one);
    let expected = solver.arena.sum([one, one, one]);
    assert_eq!(v, expected);
}

// ---------------------------------------------------------------------------
// The numeric search of blue-red blocks

/// `p` with its green and uncoloured edges recoloured blue or red at
/// random: Blue-Red Hackenbush with the same blocks.
fn blue_red(p: &Position, rng: &mut SplitMix64) -> Position {
    let mut q = p.clone();
    for e in &mut q.edges {
        if !matches!(e.colour, Colour::Blue | Colour::Red) {
            e.colour = [Colour::Blue, Colour::Red][rng.below(2)];
        }
    }
    q
}

#[test]
fn the_numeric_search_of_blue_red_blocks_equals_the_general_search() {
    // Every state along a random game and random edge subsets, by one
    // solver with the numeric search and one without; on the smaller
    // positions the whole-graph search as well.
    let mut rng = SplitMix64(404);
    for seed in 0..300u64 {
        let edges = 4 + seed as usize % 19;
        let p = blue_red(&block_rich(91_000 + seed, edges), &mut rng);
        let mut fast = BlockSolver::new();
        let mut general = BlockSolver::new().without_number_search();
        let states = states_to_try(&p, &mut rng, 3);
        let reference = (edges <= 12).then(|| whole_graph(&p).0);
        let mut reference = reference;
        for &s in &states {
            let context = format!("seed {seed} state {s:?}: {}", position::print(&p));
            let v = fast.value_of(&p, s).unwrap();
            let theirs = general.value_of(&p, s).unwrap();
            assert!(
                fast.arena.as_number(v).is_some(),
                "{context}: a blue-red value is a number"
            );
            let ours = fast.arena.plain(v);
            assert_eq!(ours, general.arena.plain(theirs), "{context}");
            if let Some(r) = reference.as_mut() {
                let v = r.value(&p.grounded(s)).unwrap();
                assert_same(&ours, &r.arena.plain(v), &context);
            }
        }
    }
}

#[test]
fn the_decoration_shortcut_equals_valuing_every_option() {
    // The numeric search values a state from the states with its
    // decoration's two options when their values and bounds settle it;
    // against the same search valuing every option of every state, on
    // every state along random games of random blue-red graphs.
    let mut rng = SplitMix64(505);
    let mut settled = 0;
    for seed in 0..400u64 {
        let edges = 6 + seed as usize % 17;
        let p = blue_red(&block_rich(93_000 + seed, edges), &mut rng);
        let mut fast = BlockSolver::new();
        let mut full = BlockSolver::new().without_decoration_shortcut();
        for &s in &states_to_try(&p, &mut rng, 3) {
            let v = fast.value_of(&p, s).unwrap();
            let w = full.value_of(&p, s).unwrap();
            assert_eq!(
                fast.arena.plain(v),
                full.arena.plain(w),
                "seed {seed} state {s:?}: {}",
                position::print(&p)
            );
        }
        settled += usize::from(fast.memo_len() < full.memo_len());
    }
    // The shortcut is taken (fewer states valued) on many of them.
    assert!(
        settled > 40,
        "the shortcut settled states in {settled} graphs"
    );
}

#[test]
fn blue_red_values_too_fine_for_fixed_point_come_from_the_general_search() {
    // A blue and a red edge from the ground to one vertex, carrying red
    // stalks: cutting one of the pair leaves a blue edge under −k, worth
    // about 2^−k, finer than the numeric search holds for k ≥ 41 (it gives
    // up mid-search and the general search values the block).
    for k in [30usize, 39, 40, 41, 45, 60] {
        let mut edges = vec![
            Edge {
                u: GROUND,
                v: 1,
                colour: Colour::Blue,
            },
            Edge {
                u: GROUND,
                v: 1,
                colour: Colour::Red,
            },
        ];
        for i in 0..k {
            let (u, v) = if i == 0 { (1, 2) } else { (i + 1, i + 2) };
            edges.push(Edge {
                u,
                v,
                colour: Colour::Red,
            });
        }
        let p = Position::from_edges(edges);
        let mut fast = BlockSolver::new();
        let mut general = BlockSolver::new().without_number_search();
        let (a, b) = (fast.value(&p).unwrap(), general.value(&p).unwrap());
        assert_eq!(fast.arena.plain(a), general.arena.plain(b), "k = {k}");
        let (reference, v) = whole_graph(&p);
        assert_same(
            &fast.arena.plain(a),
            &reference.arena.plain(v),
            &format!("k = {k}"),
        );
    }
}
