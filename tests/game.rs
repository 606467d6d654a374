//! The short-game core against the definitions: a naive game-tree
//! implementation (no canonical forms, no fast paths) decides the same
//! comparisons, and algebraic laws hold on random games.

use hackenbush_lab::game::{Arena, Dyadic, GameId, Outcome, Relation};
use hackenbush_lab::rng::SplitMix64;

/// A game as a bare tree of options, compared by the definition only.
#[derive(Clone, Debug)]
struct Tree {
    left: Vec<Tree>,
    right: Vec<Tree>,
}

fn naive_le(g: &Tree, h: &Tree) -> bool {
    !g.left.iter().any(|gl| naive_le(h, gl)) && !h.right.iter().any(|hr| naive_le(hr, g))
}

fn naive_sum(g: &Tree, h: &Tree) -> Tree {
    let mut left: Vec<Tree> = g.left.iter().map(|a| naive_sum(a, h)).collect();
    left.extend(h.left.iter().map(|b| naive_sum(g, b)));
    let mut right: Vec<Tree> = g.right.iter().map(|a| naive_sum(a, h)).collect();
    right.extend(h.right.iter().map(|b| naive_sum(g, b)));
    Tree { left, right }
}

fn to_arena(a: &mut Arena, t: &Tree) -> GameId {
    let l = t.left.iter().map(|x| to_arena(a, x)).collect();
    let r = t.right.iter().map(|x| to_arena(a, x)).collect();
    a.make(l, r)
}

/// The canonical form as an explicit tree (expanding numbers' options).
fn from_arena(a: &mut Arena, g: GameId) -> Tree {
    let (l, r) = a.options(g);
    Tree {
        left: l.iter().map(|&x| from_arena(a, x)).collect(),
        right: r.iter().map(|&x| from_arena(a, x)).collect(),
    }
}

fn height(t: &Tree) -> u64 {
    t.left
        .iter()
        .chain(t.right.iter())
        .map(|x| height(x) + 1)
        .max()
        .unwrap_or(0)
}

fn random_tree(rng: &mut SplitMix64, depth: u32) -> Tree {
    if depth == 0 {
        return Tree {
            left: vec![],
            right: vec![],
        };
    }
    let nl = rng.below(3);
    let nr = rng.below(3);
    Tree {
        left: (0..nl).map(|_| random_child(rng, depth)).collect(),
        right: (0..nr).map(|_| random_child(rng, depth)).collect(),
    }
}

/// An option one or two levels shallower, so trees vary in shape.
fn random_child(rng: &mut SplitMix64, depth: u32) -> Tree {
    let shallower = if depth > 1 { rng.below(2) as u32 } else { 0 };
    random_tree(rng, depth - 1 - shallower)
}

/// `count` random forms of depth 3 from `seed`, as trees and in an arena.
fn random_forms(seed: u64, count: usize) -> (Arena, Vec<Tree>, Vec<GameId>) {
    let mut rng = SplitMix64(seed);
    let mut a = Arena::new();
    let trees: Vec<Tree> = (0..count).map(|_| random_tree(&mut rng, 3)).collect();
    let ids = trees.iter().map(|t| to_arena(&mut a, t)).collect();
    (a, trees, ids)
}

fn rel(le: bool, ge: bool) -> Relation {
    match (le, ge) {
        (true, true) => Relation::Equal,
        (true, false) => Relation::Less,
        (false, true) => Relation::Greater,
        (false, false) => Relation::Fuzzy,
    }
}

#[test]
fn small_named_values() {
    let mut a = Arena::new();
    let z = a.zero();
    let one = a.make(vec![z], vec![]);
    assert_eq!(a.plain(one), "1");
    let half = a.make(vec![z], vec![one]);
    assert_eq!(a.plain(half), "1/2");
    let star = a.make(vec![z], vec![z]);
    assert_eq!(a.plain(star), "*");
    let star2 = a.make(vec![z, star], vec![z, star]);
    assert_eq!(a.plain(star2), "*2");
    let one_star = a.make(vec![one], vec![one]);
    assert_eq!(a.plain(one_star), "1*");
    let up = a.make(vec![z], vec![star]);
    assert_eq!(a.plain(up), "{0|*}");
    assert_eq!(a.pretty(up), "↑");
    let pm1 = a.parse("{1|-1}").unwrap();
    assert_eq!(a.pretty(pm1), "±1");
    // {0|2} reverses to 1; {-1|1} is 0.
    let two = a.integer(2);
    assert_eq!(a.make(vec![z], vec![two]), one);
    let m1 = a.integer(-1);
    assert_eq!(a.make(vec![m1], vec![one]), z);
    assert_eq!(a.outcome(up), Outcome::L);
    assert_eq!(a.outcome(star), Outcome::N);
    assert_eq!(a.outcome(z), Outcome::P);
    let neg = a.neg(half);
    assert_eq!(a.outcome(neg), Outcome::R);
}

#[test]
fn number_arithmetic_and_simplicity() {
    let mut a = Arena::new();
    for (text, birthday) in [
        ("0", 0),
        ("3", 3),
        ("-2", 2),
        ("1/2", 2),
        ("3/4", 3),
        ("-13/8", 5),
    ] {
        let g = a.parse(text).unwrap();
        assert_eq!(a.plain(g), text);
        assert_eq!(a.birthday(g), birthday, "{text}");
        let tree = from_arena(&mut a, g);
        assert_eq!(height(&tree), birthday, "{text}");
    }
    let x = a.parse("{1/2|1}").unwrap();
    assert_eq!(a.plain(x), "3/4");
    let y = a.parse("{-5/8|9}").unwrap();
    assert_eq!(a.plain(y), "0");
    let big = a.parse("123456789012345678901234567891/1024").unwrap();
    let sum = a.add(big, big);
    assert_eq!(a.plain(sum), "123456789012345678901234567891/512");
    assert_eq!(
        Dyadic::simplest_between(Some(&"5/8".parse().unwrap()), Some(&"7/8".parse().unwrap())),
        "3/4".parse().unwrap()
    );
}

#[test]
fn random_forms_compare_like_the_definition() {
    let (mut a, trees, ids) = random_forms(7, 60);
    for (i, ti) in trees.iter().enumerate() {
        for (j, tj) in trees.iter().enumerate() {
            let naive = rel(naive_le(ti, tj), naive_le(tj, ti));
            assert_eq!(
                a.relation(ids[i], ids[j]),
                naive,
                "{} vs {}",
                a.plain(ids[i]),
                a.plain(ids[j])
            );
        }
        // The canonical form equals the original and is a fixed point.
        let canon = from_arena(&mut a, ids[i]);
        assert!(naive_le(&canon, ti) && naive_le(ti, &canon));
        assert_eq!(to_arena(&mut a, &canon), ids[i]);
        assert_eq!(a.birthday(ids[i]), height(&canon));
        // Printing round-trips.
        let text = a.plain(ids[i]);
        assert_eq!(a.parse(&text).unwrap(), ids[i], "{text}");
        let pretty = a.pretty(ids[i]);
        assert_eq!(a.parse(&pretty).unwrap(), ids[i], "{pretty}");
    }
}

/// RULES.md §2 written out again from the public API, to hold the plain
/// printer to the contract while the pretty one changes.
fn reference_plain(a: &mut Arena, g: GameId) -> String {
    if let Some((x, n)) = a.as_number_nimber(g) {
        let number = if x.is_zero() && n > 0 {
            String::new()
        } else {
            x.to_string()
        };
        let nimber = match n {
            0 => String::new(),
            1 => "*".to_string(),
            _ => format!("*{n}"),
        };
        return format!("{number}{nimber}");
    }
    let (l, r) = a.options(g);
    let side = |a: &mut Arena, v: &[GameId]| {
        v.iter()
            .map(|&o| reference_plain(a, o))
            .collect::<Vec<_>>()
            .join(",")
    };
    format!("{{{}|{}}}", side(a, &l), side(a, &r))
}

#[test]
fn pretty_forms_read_back_and_plain_forms_keep_the_contract() {
    let mut rng = SplitMix64(23);
    let mut a = Arena::new();
    let mut ids: Vec<GameId> = (0..150)
        .map(|_| {
            let t = random_tree(&mut rng, 4);
            to_arena(&mut a, &t)
        })
        .collect();
    // Sums and differences reach ups, tinies and switches shifted by
    // numbers more often than bare random trees do.
    for i in 0..60 {
        let (g, h) = (ids[i], ids[(i * 7 + 3) % 150]);
        let s = a.add(g, h);
        let d = a.sub(g, h);
        ids.extend([s, d]);
    }
    for &g in &ids {
        let plain = a.plain(g);
        assert_eq!(plain, reference_plain(&mut a, g));
        assert_eq!(a.plain_len(g), plain.len() as u64, "{plain}");
        assert!(
            plain.chars().all(|c| "0123456789-/*{}|,".contains(c)),
            "{plain}"
        );
        assert_eq!(a.parse(&plain).unwrap(), g, "{plain}");
        let pretty = a.pretty(g);
        assert_eq!(a.parse(&pretty), Ok(g), "{pretty} for {plain}");
    }
}

#[test]
fn sums_obey_the_group_laws() {
    let (mut a, trees, ids) = random_forms(11, 60);
    let z = a.zero();
    for i in 0..ids.len() {
        let (g, h, k) = (ids[i], ids[(i + 1) % ids.len()], ids[(i + 7) % ids.len()]);
        let ng = a.neg(g);
        assert_eq!(a.add(g, ng), z);
        let gh = a.add(g, h);
        assert_eq!(gh, a.add(h, g));
        let gh_k = a.add(gh, k);
        let hk = a.add(h, k);
        assert_eq!(gh_k, a.add(g, hk));
        // Against the naive sum of the trees.
        let naive = naive_sum(&trees[i], &trees[(i + 1) % trees.len()]);
        let canon = from_arena(&mut a, gh);
        assert!(naive_le(&naive, &canon) && naive_le(&canon, &naive));
        // The sum is built in canonical form (its options compared only
        // across the two operands' families): the same game as the naive
        // sum built from scratch by the general constructor.
        assert_eq!(to_arena(&mut a, &naive), gh);
        // Outcome of G agrees with the naive first-player analysis.
        let zero_tree = Tree {
            left: vec![],
            right: vec![],
        };
        let expected = match (
            naive_le(&zero_tree, &trees[i]),
            naive_le(&trees[i], &zero_tree),
        ) {
            (true, true) => Outcome::P,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::N,
        };
        assert_eq!(a.outcome(g), expected);
    }
}

/// Every sum of two random forms is built in canonical form: the same
/// game (the same id) as the naive sum of the two trees built from scratch
/// by the general constructor, which compares every pair of options.
#[test]
fn sums_are_canonical() {
    let (mut a, trees, ids) = random_forms(23, 40);
    for i in 0..trees.len() {
        for j in 0..trees.len() {
            let sum = a.add(ids[i], ids[j]);
            let naive = naive_sum(&trees[i], &trees[j]);
            assert_eq!(
                to_arena(&mut a, &naive),
                sum,
                "{} + {}",
                a.plain(ids[i]),
                a.plain(ids[j])
            );
        }
    }
}

/// The sum by the definition, every option list through the general
/// constructor (which compares every pair of options): the reference the
/// arena's sums are checked against.
fn reference_sum(
    a: &mut Arena,
    g: GameId,
    h: GameId,
    memo: &mut std::collections::HashMap<(GameId, GameId), GameId>,
) -> GameId {
    if let Some(&s) = memo.get(&(g, h)) {
        return s;
    }
    let (gl, gr) = a.options(g);
    let (hl, hr) = a.options(h);
    let mut left = Vec::new();
    let mut right = Vec::new();
    for &x in gl.iter() {
        left.push(reference_sum(a, x, h, memo));
    }
    for &y in hl.iter() {
        left.push(reference_sum(a, g, y, memo));
    }
    for &x in gr.iter() {
        right.push(reference_sum(a, x, h, memo));
    }
    for &y in hr.iter() {
        right.push(reference_sum(a, g, y, memo));
    }
    let s = a.make(left, right);
    memo.insert((g, h), s);
    s
}

/// Games born by day 3 with up to three options a side, drawn at random,
/// are summed in canonical form: the same game as the sum by the
/// definition. (Random trees rarely give a sum one of whose options is
/// dominated by one from the other summand and not reversible; these do.)
#[test]
fn sums_of_day_three_games_are_canonical() {
    let mut rng = SplitMix64(5);
    let mut a = Arena::new();
    let mut pool = vec![a.zero()];
    for _ in 0..3 {
        let born = pool.clone();
        for _ in 0..150 {
            let pick = |rng: &mut SplitMix64| -> Vec<GameId> {
                (0..rng.below(4))
                    .map(|_| born[rng.below(born.len())])
                    .collect()
            };
            let (l, r) = (pick(&mut rng), pick(&mut rng));
            let g = a.make(l, r);
            if !pool.contains(&g) {
                pool.push(g);
            }
        }
    }
    let mut memo = std::collections::HashMap::new();
    for _ in 0..1500 {
        let g = pool[rng.below(pool.len())];
        let h = pool[rng.below(pool.len())];
        let reference = reference_sum(&mut a, g, h, &mut memo);
        let sum = a.add(g, h);
        assert_eq!(sum, reference, "{} + {}", a.plain(g), a.plain(h));
    }
}

#[test]
fn nimbers_add_by_xor() {
    let mut a = Arena::new();
    for m in 0..6u32 {
        for n in 0..6u32 {
            // Build *m and *n by options, not by the symbolic constructor.
            let gm = a.parse(&format!("*{m}")).unwrap();
            let gn = a.parse(&format!("*{n}")).unwrap();
            let s = a.add(gm, gn);
            assert_eq!(s, a.nimber(m ^ n));
        }
    }
    let star3_by_options = a.parse("{0,*,*2|0,*,*2}").unwrap();
    assert_eq!(a.plain(star3_by_options), "*3");
    let x = a.parse("{1/2,1/2*|1/2,1/2*}").unwrap();
    assert_eq!(a.plain(x), "1/2*2");
}

#[test]
fn bar_notation_and_errors() {
    let mut a = Arena::new();
    let g = a.parse("{2|1||0}").unwrap();
    assert_eq!(a.plain(g), "{{2|1}|0}");
    assert_eq!(a.pretty(g), "{2|1||0}");
    for bad in [
        "", "{", "{1|2", "1/3", "{1|2}}", "abc", "*x", "{1|2|3}", "1,2",
    ] {
        let e = a.parse(bad).unwrap_err();
        assert!(e.column >= 1, "{bad}: {e}");
    }
}

#[test]
fn dyadic_order_agrees_with_cross_multiplication() {
    // Mix small numerators (the i128 fast path) with huge ones (BigInt path)
    // and exponents on both sides of 64.
    let mut rng = SplitMix64(3);
    let mut xs: Vec<(i128, u32, Dyadic)> = Vec::new();
    for _ in 0..200 {
        let num = (rng.next_u64() as i64 as i128) >> rng.below(60);
        let exp = rng.below(80) as u32;
        xs.push((num, exp, Dyadic::new(num.into(), exp)));
    }
    let huge: Dyadic = "123456789012345678901234567891/1024".parse().unwrap();
    for (a_num, a_exp, a) in &xs {
        for (b_num, b_exp, b) in &xs {
            // a/2^ea vs b/2^eb  ⇔  a·2^eb vs b·2^ea, in BigInt.
            let lhs = num_bigint::BigInt::from(*a_num) << *b_exp;
            let rhs = num_bigint::BigInt::from(*b_num) << *a_exp;
            assert_eq!(a.cmp(b), lhs.cmp(&rhs));
        }
        assert!(a < &huge);
    }
}

/// A value prints the same whatever order its arena met its parts in (a
/// kept solver, probes or a table each meet them in their own order):
/// options by birthday, numbers before numbers plus nimbers before other
/// games. Random games are printed from arenas that met their followers
/// first in one order and then in the reverse.
#[test]
fn options_print_in_one_order_whatever_the_arena_met_first() {
    let mut fixed = Arena::new();
    for (text, want) in [
        ("{*,0|0}", "{0,*|0}"),
        ("{-4*,-4|{-4*|-4}}", "{-4,-4*|{-4*|-4}}"),
        ("{{-1/2*,-1/2|-1/2}|-5/8}", "{{-1/2,-1/2*|-1/2}|-5/8}"),
    ] {
        let g = fixed.parse(text).unwrap();
        assert_eq!(fixed.plain(g), want);
    }
    let mut rng = SplitMix64(11);
    let mut reordered = 0;
    for _ in 0..200 {
        let tree = random_tree(&mut rng, 4);
        let mut forward = Arena::new();
        let a = to_arena(&mut forward, &tree);
        let want = forward.plain(a);
        // Another arena meets every option of the game's sides, last first,
        // before the game itself.
        let mut backward = Arena::new();
        let (left, right) = forward.options(a);
        let texts: Vec<String> = left
            .iter()
            .chain(right.iter())
            .map(|&o| forward.plain(o))
            .collect();
        for text in texts.iter().rev() {
            backward.parse(text).unwrap();
        }
        let b = backward.parse(&want).unwrap();
        assert_eq!(backward.plain(b), want);
        assert_eq!(backward.pretty(b), forward.pretty(a));
        reordered += usize::from(left.len() > 1 || right.len() > 1);
    }
    assert!(reordered > 10, "{reordered}");
}

/// A game imported from another arena is the same canonical form there:
/// the one parsing its text gives (numbers, number-nimbers, hot games,
/// shared subgames).
#[test]
fn games_imported_from_another_arena_keep_their_canonical_form() {
    let mut from = Arena::new();
    let mut to = Arena::new();
    let _ = to.parse("{1|-1}").unwrap(); // ids differ between the arenas
    for text in [
        "0",
        "-3/8",
        "5*3",
        "{4|{4|{4,4*,{4,4*,4*2|4,4*}|4,4*,{4,4*,4*2|4,4*}}}}",
        "{{-3|-3*2}|-3*2}",
        "{0,*|0,*}",
        "{0|*}",
    ] {
        let g = from.parse(text).unwrap();
        let h = to.import(&mut from, g);
        assert_eq!(to.plain(h), from.plain(g), "{text}");
        assert_eq!(h, to.parse(&from.plain(g)).unwrap(), "{text}");
    }
}
