//! The classical facts of RULES.md §5, each checked against the engine's
//! search by an independent rule written here from the paper's statement:
//! the sign-expansion rule for stalks (2024 thesis, Theorem 4.1), circus
//! tents and redwood furniture, green stalks as nim heaps, component sums
//! against whole-graph search, Childish Hackenbush (2023 thesis, Theorem
//! 3.1.4, Algorithm 3.1.6, Proposition 3.1.11), Uncolored Hackenbush stalks
//! and cycles (Theorem 3.2.7, Proposition 3.2.12), misère sprigs (McKay,
//! Milley, Nowakowski, Theorem 2.1), and notation round trips.

use hackenbush_lab::game::{Arena, GameId, Outcome};
use hackenbush_lab::position::{self, presets, Colour, Edge, Position};
use hackenbush_lab::rng::SplitMix64;
use hackenbush_lab::rules::{Childish, Hackenbush, Misere, Player, Ruleset, Uncolored};
use hackenbush_lab::solve::Solver;

// ---------------------------------------------------------------------------
// Helpers

fn colour(c: char) -> Colour {
    Colour::from_letter(c).expect("a colour letter")
}

/// Every string over `alphabet` of exactly `len` letters.
fn all_words(alphabet: &[char], len: usize) -> Vec<String> {
    let mut words = vec![String::new()];
    for _ in 0..len {
        words = words
            .iter()
            .flat_map(|w| alphabet.iter().map(move |&c| format!("{w}{c}")))
            .collect();
    }
    words
}

/// A number p / 2^k printed in the plain notation of RULES.md §2.
fn dyadic_text(mut num: i64, mut exp: u32) -> String {
    while exp > 0 && num % 2 == 0 {
        num /= 2;
        exp -= 1;
    }
    if exp == 0 {
        num.to_string()
    } else {
        format!("{num}/{}", 1i64 << exp)
    }
}

/// Normal-play value of a position, with the solver that holds its arena.
fn normal(p: Position) -> (Solver<Hackenbush>, GameId) {
    let rules = Hackenbush::new(p);
    let start = rules.start();
    let mut solver = Solver::new(rules);
    let v = solver.value(&start).unwrap();
    (solver, v)
}

fn normal_plain(p: Position) -> String {
    let (solver, v) = normal(p);
    solver.arena.plain(v)
}

fn childish_value(p: Position) -> (Solver<Childish>, GameId) {
    let start = p.grounded(p.full_set());
    let mut solver = Solver::new(Childish::new(p));
    let v = solver.value(&start).unwrap();
    (solver, v)
}

fn uncolored_value(p: Position) -> (Solver<Uncolored>, GameId) {
    let rules = Uncolored::new(p);
    let start = rules.start();
    let mut solver = Solver::new(rules);
    let v = solver.value(&start).unwrap();
    (solver, v)
}

/// `Some(k)` if the game is the integer k.
fn as_integer(arena: &Arena, g: GameId) -> Option<i64> {
    let x = arena.as_number(g)?;
    if !x.is_integer() {
        return None;
    }
    x.numerator().to_string().parse().ok()
}

// ---------------------------------------------------------------------------
// Classical normal play: stalks by the sign-expansion rule

/// 2024 thesis, Theorem 4.1: count the first run of one colour as ±1 each,
/// then the n-th edge after the first colour change adds ±1/2^n (+ blue,
/// − red). Returns the value as num / 2^len.
fn sign_expansion(word: &str) -> (i64, u32) {
    let signs: Vec<i64> = word
        .chars()
        .map(|c| match c {
            'B' => 1,
            'R' => -1,
            _ => panic!("a blue-red stalk"),
        })
        .collect();
    let len = signs.len() as u32;
    let Some(&first) = signs.first() else {
        return (0, 0);
    };
    let scale = 1i64 << len;
    let run = signs.iter().take_while(|&&s| s == first).count();
    let mut total = first * run as i64 * scale;
    for (n, &s) in signs[run..].iter().enumerate() {
        total += s * (scale >> (n + 1));
    }
    (total, len)
}

#[test]
fn every_blue_red_stalk_up_to_length_10_follows_the_sign_expansion() {
    let mut checked = 0;
    for len in 0..=10 {
        for word in all_words(&['B', 'R'], len) {
            let (num, exp) = sign_expansion(&word);
            let expected = dyadic_text(num, exp);
            let (solver, v) = normal(presets::stalk(&word));
            assert!(solver.arena.is_number(v), "stalk {word} is not a number");
            assert_eq!(solver.arena.plain(v), expected, "stalk {word}");
            checked += 1;
        }
    }
    assert_eq!(checked, (1 << 11) - 1);
}

#[test]
fn halves_and_quarters() {
    assert_eq!(normal_plain(position::parse("BR").unwrap()), "1/2");
    assert_eq!(normal_plain(position::parse("BRR").unwrap()), "1/4");
    assert_eq!(normal_plain(position::parse("RB").unwrap()), "-1/2");
    assert_eq!(normal_plain(position::parse("BR BR R").unwrap()), "0");
    assert_eq!(normal_plain(position::parse("BR+BRR").unwrap()), "3/4");
    // A red loop on a blue edge is a blue half, too.
    assert_eq!(normal_plain(position::parse("0-1:B 1-1:R").unwrap()), "1/2");
}

#[test]
fn hollyhocks_are_powers_of_one_half() {
    for l in 1..=16u32 {
        let expected = dyadic_text(1, l - 1);
        assert_eq!(
            normal_plain(presets::hollyhock(Player::Left, l as usize)),
            expected,
            "blue hollyhock of length {l}"
        );
        assert_eq!(
            normal_plain(presets::hollyhock(Player::Right, l as usize)),
            format!("-{expected}"),
            "red hollyhock of length {l}"
        );
    }
}

#[test]
fn circus_tents_are_one() {
    for n in 2..=6 {
        let (solver, v) = normal(presets::circus_tent(n));
        assert_eq!(solver.arena.plain(v), "1", "circus tent with {n} legs");
    }
    let tent = position::parse("0-1:B 1-3:R 0-2:B 2-3:R").unwrap();
    assert_eq!(normal_plain(tent.clone()), "1");
    assert_eq!(tent.normalized(), presets::circus_tent(2));
}

#[test]
fn redwood_furniture_is_zero_over_its_smallest_right_option() {
    #[allow(clippy::type_complexity)]
    let pieces: &[(&[usize], &[(usize, usize)])] = &[
        (&[1, 1], &[]),
        (&[1, 1, 1], &[]),
        (&[1, 2], &[(1, 2)]),
        (&[1, 2], &[(1, 2), (1, 2)]),
        (&[1, 1, 2], &[(1, 2)]),
        (&[1, 2, 3], &[(1, 2), (2, 3)]),
        (&[1, 2, 3], &[(1, 2), (2, 3), (3, 1)]),
        (&[1, 2, 3], &[(1, 2), (1, 3)]),
        (&[1, 2, 3, 4], &[(1, 2), (2, 3), (3, 4)]),
        (&[1, 2], &[(1, 2), (2, 5), (5, 6)]),
        (&[1, 2, 2], &[(1, 2), (1, 7)]),
        (&[1, 2, 3], &[(1, 2), (2, 3), (3, 8), (8, 1)]),
    ];
    for &(legs, seat) in pieces {
        let p = presets::redwood_furniture(legs, seat).unwrap();
        let text = position::print(&p);
        let rules = Hackenbush::new(p);
        let start = rules.start();
        let mut solver = Solver::without_splitting(rules);
        let v = solver.value(&start).unwrap();
        // Right's options, each valued by search on its own.
        let right = solver.rules.moves(&start, Player::Right);
        assert!(!right.is_empty(), "{text}: Right has a move");
        let mut option_values = Vec::new();
        for e in right {
            let next = solver.rules.play(&start, &e);
            let g = solver.value(&next).unwrap();
            let x = solver
                .arena
                .as_number(g)
                .unwrap_or_else(|| panic!("{text}: blue-red option is not a number"))
                .clone();
            option_values.push((x, g));
        }
        let smallest = option_values.iter().min_by(|a, b| a.0.cmp(&b.0)).unwrap().1;
        let zero = solver.arena.zero();
        let expected = solver.arena.make(vec![zero], vec![smallest]);
        assert_eq!(
            solver.arena.plain(v),
            solver.arena.plain(expected),
            "redwood furniture {text}"
        );
        assert!(solver.arena.is_number(v), "{text} is a number");
    }
}

// ---------------------------------------------------------------------------
// Green Hackenbush: nim heaps

fn nimber_text(n: usize) -> String {
    match n {
        0 => "0".to_string(),
        1 => "*".to_string(),
        _ => format!("*{n}"),
    }
}

#[test]
fn green_basics() {
    assert_eq!(normal_plain(position::parse("G").unwrap()), "*");
    assert_eq!(normal_plain(position::parse("GG").unwrap()), "*2");
    assert_eq!(normal_plain(position::parse("G G").unwrap()), "0");
    assert_eq!(normal_plain(position::parse("G+G").unwrap()), "0");
    // A green loop on the ground is a nim heap of 1 as well.
    assert_eq!(normal_plain(position::parse("0-0:G").unwrap()), "*");
}

#[test]
fn green_stalks_are_nim_heaps() {
    for k in 0..=12 {
        assert_eq!(
            normal_plain(presets::nim_heap(k)),
            nimber_text(k),
            "heap {k}"
        );
    }
}

#[test]
fn sums_of_green_stalks_follow_the_nim_sum() {
    let mut rng = SplitMix64(7);
    for _ in 0..60 {
        let count = 1 + rng.below(5);
        let heaps: Vec<usize> = (0..count).map(|_| 1 + rng.below(6)).collect();
        let text = heaps
            .iter()
            .map(|&h| "G".repeat(h))
            .collect::<Vec<_>>()
            .join(" ");
        let nim_sum = heaps.iter().fold(0, |a, &h| a ^ h);
        assert_eq!(
            normal_plain(position::parse(&text).unwrap()),
            nimber_text(nim_sum),
            "{text}"
        );
    }
}

// ---------------------------------------------------------------------------
// Component sums against whole-graph search

/// Values from two solvers live in two arenas: compare them by reading one
/// plain text into the other arena (options may print in any order).
fn same_value<R: Ruleset, S: Ruleset>(
    a: &mut Solver<R>,
    ga: GameId,
    b: &Solver<S>,
    gb: GameId,
    what: &str,
) {
    let text_b = b.arena.plain(gb);
    let in_a = a
        .arena
        .parse(&text_b)
        .unwrap_or_else(|e| panic!("{what}: cannot read back {text_b}: {e}"));
    assert_eq!(
        in_a,
        ga,
        "{what}: split {} vs whole {text_b}",
        a.arena.plain(ga)
    );
    assert_eq!(a.arena.birthday(ga), b.arena.birthday(gb), "{what}");
}

fn palette(seed: u64) -> &'static [Colour] {
    const RBG: &[Colour] = &[Colour::Blue, Colour::Red, Colour::Green];
    const RB: &[Colour] = &[Colour::Blue, Colour::Red];
    const G: &[Colour] = &[Colour::Green];
    const ALL: &[Colour] = &[Colour::Blue, Colour::Red, Colour::Green, Colour::Uncoloured];
    match seed % 5 {
        0 | 1 => RBG,
        2 => RB,
        3 => G,
        _ => ALL,
    }
}

#[test]
fn component_sums_equal_whole_graph_search() {
    let mut with_cycles = 0;
    for seed in 0..320u64 {
        let edges = 1 + (seed as usize * 7) % 12;
        let p = presets::random(seed, edges, palette(seed));
        let text = position::print(&p);
        let rules = Hackenbush::new(p.clone());
        let start = rules.start();
        let mut split = Solver::new(rules);
        let v = split.value(&start).unwrap();
        let mut whole = Solver::without_splitting(Hackenbush::new(p.clone()));
        let w = whole.value(&start).unwrap();
        same_value(&mut split, v, &whole, w, &format!("normal {text}"));
        if text.contains(':') {
            with_cycles += 1;
        }
    }
    // The sample must include graphs that are not sums of stalks.
    assert!(with_cycles > 100, "only {with_cycles} non-stalk graphs");
}

#[test]
fn childish_component_sums_equal_whole_graph_search() {
    for seed in 1000..1150u64 {
        let edges = 1 + (seed as usize * 5) % 11;
        let p = presets::random(seed, edges, palette(seed));
        let text = position::print(&p);
        let start = p.grounded(p.full_set());
        let mut split = Solver::new(Childish::new(p.clone()));
        let v = split.value(&start).unwrap();
        let mut whole = Solver::without_splitting(Childish::new(p));
        let w = whole.value(&start).unwrap();
        same_value(&mut split, v, &whole, w, &format!("childish {text}"));
    }
}

#[test]
fn uncolored_component_sums_equal_whole_graph_search() {
    const XBR: &[Colour] = &[
        Colour::Uncoloured,
        Colour::Uncoloured,
        Colour::Blue,
        Colour::Red,
    ];
    for seed in 2000..2080u64 {
        let edges = 1 + (seed as usize * 3) % 7;
        let p = presets::random(seed, edges, XBR);
        let text = position::print(&p);
        let rules = Uncolored::new(p.clone());
        let start = rules.start();
        let mut split = Solver::new(rules);
        let v = split.value(&start).unwrap();
        let mut whole = Solver::without_splitting(Uncolored::new(p));
        let w = whole.value(&start).unwrap();
        same_value(&mut split, v, &whole, w, &format!("uncolored {text}"));
    }
}

// ---------------------------------------------------------------------------
// Childish Hackenbush (2023 thesis §3.1)

/// The blocks of a sign expansion: (sign, length), sign true for +.
fn blocks(signs: &[bool]) -> Vec<(bool, usize)> {
    let mut out: Vec<(bool, usize)> = Vec::new();
    for &s in signs {
        match out.last_mut() {
            Some((t, n)) if *t == s => *n += 1,
            _ => out.push((s, 1)),
        }
    }
    out
}

/// Theorem 3.1.4: with a the length of the last block, x_n its sign and x
/// the sign of the last non-terminal series (x_1 if there is none), the
/// stalk is x_n·a if x = x_n and x_n·(a − 1) otherwise.
fn childish_stalk_rule(signs: &[bool]) -> i64 {
    let b = blocks(signs);
    let Some(&(xn, a)) = b.last() else {
        return 0;
    };
    let x = b[..b.len() - 1]
        .iter()
        .rev()
        .find(|blk| blk.1 >= 2)
        .map_or(signs[0], |blk| blk.0);
    let magnitude = if x == xn { a as i64 } else { a as i64 - 1 };
    if xn {
        magnitude
    } else {
        -magnitude
    }
}

fn signs_of(word: &str) -> Vec<bool> {
    word.chars().map(|c| c == 'B').collect()
}

#[test]
fn childish_stalks_follow_theorem_3_1_4() {
    // Example 3.1.5 and Example 3.1.1 as stated in the thesis.
    assert_eq!(childish_stalk_rule(&signs_of("BRBRRBRBRRB")), 0);
    assert_eq!(childish_stalk_rule(&signs_of("BR")), 0);
    for len in 0..=10 {
        for word in all_words(&['B', 'R'], len) {
            let (solver, v) = childish_value(presets::stalk(&word));
            assert_eq!(
                as_integer(&solver.arena, v),
                Some(childish_stalk_rule(&signs_of(&word))),
                "childish stalk {word} = {}",
                solver.arena.plain(v)
            );
        }
    }
    // Longer random stalks.
    let mut rng = SplitMix64(31);
    for _ in 0..200 {
        let len = 11 + rng.below(14);
        let word: String = (0..len).map(|_| ['B', 'R'][rng.below(2)]).collect();
        let (solver, v) = childish_value(presets::stalk(&word));
        assert_eq!(
            as_integer(&solver.arena, v),
            Some(childish_stalk_rule(&signs_of(&word))),
            "childish stalk {word}"
        );
    }
}

/// A rooted blue-red tree: `parent[v]` and the colour (true = blue) of the
/// edge from `parent[v]` up to v, for v = 1..n; vertex 0 is the ground.
struct Tree {
    parent: Vec<usize>,
    blue: Vec<bool>,
}

impl Tree {
    fn random(rng: &mut SplitMix64, edges: usize) -> Tree {
        let mut parent = vec![usize::MAX];
        let mut blue = vec![false];
        for v in 1..=edges {
            // Lean towards the newest vertices, so strings get long.
            let p = if v > 1 && rng.below(3) > 0 {
                v - 1 - rng.below(v.min(3))
            } else {
                rng.below(v)
            };
            parent.push(p);
            blue.push(rng.below(2) == 0);
        }
        Tree { parent, blue }
    }

    fn position(&self) -> Position {
        let edges = (1..self.parent.len())
            .map(|v| Edge {
                u: self.parent[v],
                v,
                colour: if self.blue[v] {
                    Colour::Blue
                } else {
                    Colour::Red
                },
            })
            .collect();
        Position::from_edges(edges)
    }

    fn children(&self) -> Vec<Vec<usize>> {
        let mut c = vec![Vec::new(); self.parent.len()];
        for v in 1..self.parent.len() {
            c[self.parent[v]].push(v);
        }
        c
    }
}

/// A string of Algorithm 3.1.6: a path between the ground, leaves and
/// vertices of degree > 2, its signs read from the lower end.
struct TreeString {
    bottom: usize,
    top: usize,
    signs: Vec<bool>,
}

fn has_non_terminal_series(signs: &[bool]) -> bool {
    let b = blocks(signs);
    b[..b.len().saturating_sub(1)].iter().any(|blk| blk.1 >= 2)
}

/// Algorithm 3.1.6 (2023 thesis), for a Childish Hackenbush tree.
///
/// `None` where the algorithm's wording does not give the value: a string
/// whose upper strings are all valued and free of non-terminal series, but
/// one of which starts with the colour that ends the string. The text says
/// such a string is "not assigned a value" (Example 3.1.8), yet the fork
/// `0-1:B 1-2:B 1-3:B` is plainly 3 (Right has no move), not the 2 that
/// reading gives; see `childish_forks_where_algorithm_3_1_6_is_silent`.
/// Strings below an upper string with a non-terminal series stay unvalued
/// (bullet two of step (ii)), and so do strings below one valued by the
/// series case of step (ii), which unlike step (iii) does not go on to the
/// vertex below (and Claim 1's proof: valued paths have no series below
/// their top string); the search confirms both.
fn childish_tree_rule(tree: &Tree) -> Option<i64> {
    let children = tree.children();
    // Nodes: the ground and every vertex with two or more children
    // (degree > 2); strings run from a node upwards through vertices of
    // degree 2 to a leaf or the next node.
    let is_node = |v: usize| v == 0 || children[v].len() >= 2;
    let mut strings: Vec<TreeString> = Vec::new();
    for bottom in (0..tree.parent.len()).filter(|&v| is_node(v)) {
        for &first in &children[bottom] {
            let mut signs = vec![tree.blue[first]];
            let mut top = first;
            while children[top].len() == 1 {
                top = children[top][0];
                signs.push(tree.blue[top]);
            }
            strings.push(TreeString { bottom, top, signs });
        }
    }
    let mut value: Vec<Option<i64>> = vec![None; strings.len()];
    // Strings valued through the series case of step (ii): only step (iii)
    // goes on to the vertex below, so nothing below them is valued.
    let mut stops = vec![false; strings.len()];
    // (i) branches: strings ending in a leaf.
    for (i, s) in strings.iter().enumerate() {
        if children[s.top].is_empty() {
            value[i] = Some(childish_stalk_rule(&s.signs));
        }
    }
    // (ii)/(iii) until nothing changes.
    let mut changed = true;
    while changed {
        changed = false;
        for k in 0..strings.len() {
            if value[k].is_some() {
                continue;
            }
            let v = strings[k].top;
            let last = *strings[k].signs.last().unwrap();
            let ups: Vec<usize> = (0..strings.len())
                .filter(|&j| strings[j].bottom == v)
                .collect();
            if ups.iter().any(|&j| value[j].is_none()) {
                continue;
            }
            if ups
                .iter()
                .any(|&j| stops[j] || has_non_terminal_series(&strings[j].signs))
            {
                continue; // bullet two fails, or (ii) did not go on: not valued
            }
            if ups.iter().any(|&j| strings[j].signs[0] == last) {
                return None; // bullet three fails: see above
            }
            let b = blocks(&strings[k].signs);
            stops[k] = b.iter().any(|blk| blk.1 >= 2);
            value[k] = Some(match b.iter().rev().find(|blk| blk.1 >= 2) {
                Some(&(series, _)) if series && last => 1,
                Some(&(series, _)) if !series && !last => -1,
                Some(_) => 0,
                None => childish_stalk_rule(&strings[k].signs), // (iii)
            });
            changed = true;
        }
    }
    // (iv)
    Some(value.iter().flatten().sum())
}

#[test]
fn childish_trees_follow_algorithm_3_1_6() {
    let mut rng = SplitMix64(3_1_6);
    let (mut checked, mut branching, mut silent) = (0, 0, 0);
    for case in 0..1500 {
        let edges = 1 + case % 13;
        let tree = Tree::random(&mut rng, edges);
        let Some(expected) = childish_tree_rule(&tree) else {
            silent += 1;
            continue;
        };
        let p = tree.position();
        let text = position::print(&p);
        let (solver, v) = childish_value(p);
        assert_eq!(
            as_integer(&solver.arena, v),
            Some(expected),
            "childish tree {text} = {}",
            solver.arena.plain(v)
        );
        checked += 1;
        if text.contains(':') {
            branching += 1;
        }
    }
    println!("{checked} trees checked ({branching} not stalks), {silent} skipped");
    assert!(
        branching > 300,
        "only {branching} checked trees that are not stalks ({checked} checked, {silent} skipped)"
    );
}

/// Forks the algorithm's text leaves open, valued by hand: the search must
/// agree with these (they are easy to see directly).
#[test]
fn childish_forks_where_algorithm_3_1_6_is_silent() {
    // All blue: Left has three moves, Right none.
    let (solver, v) = childish_value(position::parse("0-1:B 1-2:B 1-3:B").unwrap());
    assert_eq!(solver.arena.plain(v), "3");
    // Blue trunk, blue and red leaves: {BR | BB} = {0 | 2} = 1.
    let (solver, v) = childish_value(position::parse("0-1:B 1-2:B 1-3:R").unwrap());
    assert_eq!(solver.arena.plain(v), "1");
}

#[test]
fn childish_redwood_beds_are_m_minus_n() {
    for m in 1..=5 {
        for n in m..=(13 - m) {
            let (solver, v) = childish_value(presets::redwood_bed(m, n));
            assert_eq!(
                solver.arena.plain(v),
                (m as i64 - n as i64).to_string(),
                "childish redwood bed m = {m}, n = {n}"
            );
        }
    }
    // Example 3.1.1: BR is 1/2 normally but 0 when childish.
    let (solver, v) = childish_value(position::parse("BR").unwrap());
    assert_eq!(solver.arena.plain(v), "0");
}

// ---------------------------------------------------------------------------
// Uncolored Hackenbush (2023 thesis §3.2)

/// The ordinal sum G : H on canonical forms:
/// (G:H)^L = G^L ∪ {G : H^L}, (G:H)^R = G^R ∪ {G : H^R}.
fn ordinal_sum(arena: &mut Arena, g: GameId, h: GameId) -> GameId {
    let (gl, gr) = arena.options(g);
    let (hl, hr) = arena.options(h);
    let mut left: Vec<GameId> = gl.to_vec();
    for &x in hl.iter() {
        left.push(ordinal_sum(arena, g, x));
    }
    let mut right: Vec<GameId> = gr.to_vec();
    for &x in hr.iter() {
        right.push(ordinal_sum(arena, g, x));
    }
    arena.make(left, right)
}

/// ±G = {G | −G}.
fn pm(arena: &mut Arena, g: GameId) -> GameId {
    let ng = arena.neg(g);
    arena.make(vec![g], vec![ng])
}

#[test]
fn ordinal_sum_helper_sanity() {
    let mut a = Arena::new();
    let one = a.integer(1);
    let zero = a.zero();
    // 1 : 1 = 2, 1 : −1 = 1/2, 1 : 0 = 1 (Proposition 3.2.10's proof).
    let minus_one = a.integer(-1);
    let r = ordinal_sum(&mut a, one, one);
    assert_eq!(a.plain(r), "2");
    let r = ordinal_sum(&mut a, one, minus_one);
    assert_eq!(a.plain(r), "1/2");
    let r = ordinal_sum(&mut a, one, zero);
    assert_eq!(a.plain(r), "1");
}

#[test]
fn uncolored_stalks_follow_the_ordinal_sum_recurrence() {
    let (mut solver, _) = uncolored_value(presets::stalk("X"));
    let arena = &mut solver.arena;
    let one = arena.integer(1);
    let mut s = vec![arena.zero()];
    for n in 1..=6 {
        let prev = s[n - 1];
        let base = ordinal_sum(arena, one, prev);
        let next = pm(arena, base);
        s.push(next);
    }
    for (n, &expected_in_first) in s.iter().enumerate().skip(1) {
        let expected = solver.arena.plain(expected_in_first);
        let (mut stalk_solver, v) = uncolored_value(presets::stalk(&"X".repeat(n)));
        let e = stalk_solver.arena.parse(&expected).unwrap();
        assert_eq!(
            v,
            e,
            "uncoloured stalk of {n}: search {} vs recurrence {expected}",
            stalk_solver.arena.plain(v)
        );
    }
    // S_3 = ±{3 | 3/2 || 3/4 | 1/4}, built by hand.
    let (mut s3_solver, v) = uncolored_value(presets::stalk("XXX"));
    let a = &mut s3_solver.arena;
    let (three, three_halves) = (a.parse("3").unwrap(), a.parse("3/2").unwrap());
    let (three_quarters, quarter) = (a.parse("3/4").unwrap(), a.parse("1/4").unwrap());
    let hi = a.make(vec![three], vec![three_halves]);
    let lo = a.make(vec![three_quarters], vec![quarter]);
    let inner = a.make(vec![hi], vec![lo]);
    let s3 = pm(a, inner);
    assert_eq!(v, s3, "S_3 = {}", a.plain(v));
    // The same through bar notation and the plain form.
    let bars = a.parse("{3|3/2||3/4|1/4}").unwrap();
    assert_eq!(bars, inner);
    let plain = a
        .parse("{{{3|3/2}|{3/4|1/4}}|{{-1/4|-3/4}|{-3/2|-3}}}")
        .unwrap();
    assert_eq!(plain, s3);
    // Example 3.2.1: S_2 = ±{2 | 1/2}.
    let (mut s2_solver, v) = uncolored_value(presets::stalk("XX"));
    assert_eq!(
        s2_solver.arena.parse("{{2|1/2}|{-1/2|-2}}").unwrap(),
        v,
        "S_2 = {}",
        s2_solver.arena.plain(v)
    );
}

#[test]
fn uncolored_cycles_are_zero_or_plus_minus_one() {
    for n in 1..=7usize {
        let edges = (0..n)
            .map(|i| Edge {
                u: i,
                v: (i + 1) % n,
                colour: Colour::Uncoloured,
            })
            .collect();
        let (mut solver, v) = uncolored_value(Position::from_edges(edges));
        let expected = if n % 2 == 0 { "0" } else { "±1" };
        let e = solver.arena.parse(expected).unwrap();
        assert_eq!(v, e, "uncoloured cycle C_{n} = {}", solver.arena.plain(v));
    }
}

// ---------------------------------------------------------------------------
// Misère sprigs

#[test]
fn misere_sprigs_have_the_normal_outcome_of_their_stalk() {
    for len in 0..=7 {
        for word in all_words(&['B', 'R'], len) {
            // o⁺ of the blue-red stalk x, from the sign-expansion rule.
            let expected = match sign_expansion(&word).0.signum() {
                1 => Outcome::L,
                -1 => Outcome::R,
                _ => Outcome::P,
            };
            let rules = Misere(Hackenbush::new(presets::sprig(&word)));
            let start = rules.0.start();
            let mut solver = Solver::new(rules);
            assert_eq!(
                solver.outcome(&start).unwrap(),
                expected,
                "misère sprig G{word}"
            );
            // And the same through the normal-play solver on x alone.
            let (mut normal_solver, x) = normal(presets::stalk(&word));
            assert_eq!(normal_solver.arena.outcome(x), expected, "stalk {word}");
        }
    }
    // Misère Nim heaps: a single heap of n ≥ 2 is a first-player win, * is P.
    let mut solver = Solver::new(Misere(Hackenbush::new(presets::nim_heap(1))));
    let start = solver.rules.0.start();
    assert_eq!(solver.outcome(&start).unwrap(), Outcome::P);
    let mut solver = Solver::new(Misere(Hackenbush::new(presets::nim_heap(3))));
    let start = solver.rules.0.start();
    assert_eq!(solver.outcome(&start).unwrap(), Outcome::N);
}

// ---------------------------------------------------------------------------
// Notation round trips

#[test]
fn positions_round_trip_through_the_notation() {
    let hand = [
        "BR BR R",
        "0-1:B 1-3:R 0-2:B 2-3:R",
        "GGG",
        "0-1:B 1-1:R",
        "BR+RB + G",
        "0-0:G",
        "XXX 0-1:X 1-0:X",
        "0-5:B 5-5:R 5-9:G 9-0:R BRG",
        "BGR 0-1:B 1-2:R 2-1:R",
    ];
    for text in hand {
        let p = position::parse(text).unwrap();
        let printed = position::print(&p);
        let q = position::parse(&printed)
            .unwrap_or_else(|e| panic!("{text} printed as {printed}: {e}"));
        assert_eq!(q.normalized(), p.normalized(), "{text} → {printed}");
        assert_eq!(position::print(&q), printed, "{text}");
    }
    for seed in 0..300u64 {
        let p = presets::random(seed, 1 + seed as usize % 16, &Colour::ALL);
        let printed = position::print(&p);
        let q = position::parse(&printed).unwrap_or_else(|e| panic!("{printed}: {e}"));
        assert_eq!(q.normalized(), p.normalized(), "{printed}");
        assert_eq!(position::print(&q), printed);
        assert_eq!(q.edge_count(), p.edge_count());
    }
    // Stalk notation and edge notation describe the same graph.
    let a = position::parse("BRG").unwrap();
    let b = position::parse("0-1:B 1-2:R 2-3:G").unwrap();
    assert_eq!(a.normalized(), b.normalized());
    assert_eq!(position::print(&b), "BRG");
    assert_eq!(
        position::parse("BR").unwrap().edges[1].colour,
        colour('R'),
        "colours from the ground up"
    );
}

#[test]
fn values_round_trip_through_the_plain_notation() {
    let exact = [
        "0", "3", "-2", "1/2", "-13/8", "*", "*2", "1/2*", "-1*3", "{2|1}", "{1|-1}", "{0|*}",
    ];
    let mut arena = Arena::new();
    for text in exact {
        let g = arena.parse(text).unwrap();
        assert_eq!(arena.plain(g), text);
        assert_eq!(arena.parse(&arena.plain(g)).unwrap(), g);
    }
    // Values of random positions, carried from each solver's arena into a
    // second arena and back.
    for seed in 0..150u64 {
        let p = presets::random(seed, 1 + seed as usize % 10, &[]);
        let (solver, v) = normal(p);
        let text = solver.arena.plain(v);
        let g = arena.parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let again = arena.plain(g);
        let mut fresh = Arena::new();
        let h = fresh.parse(&again).unwrap();
        assert_eq!(arena.parse(&fresh.plain(h)).unwrap(), g, "{text}");
        assert_eq!(arena.birthday(g), solver.arena.birthday(v), "{text}");
    }
}
