//! The census: its counts of positions against known counts and a
//! brute-force enumerator, and each property checked on a case built to
//! violate it.

use hackenbush_lab::analysis::Rules;
use hackenbush_lab::budget::{Budget, ByteSize, Exceeded};
use hackenbush_lab::census::{
    self, green_failure, positions, violation, Class, Palette, Property, Spec, Valued,
};
use hackenbush_lab::game::{Arena, Outcome};
use hackenbush_lab::position::{Colour, Position};
use std::collections::BTreeSet;

fn count(class: Class, palette: &str, edges: usize) -> usize {
    let budget = Budget::unlimited();
    let mut meter = budget.meter();
    positions(class, &palette.parse().unwrap(), edges, &mut meter)
        .unwrap()
        .len()
}

#[test]
fn stalks_number_colours_to_the_length() {
    for l in 0..=8 {
        assert_eq!(count(Class::Stalks, "BR", l), 1 << l, "length {l}");
    }
    for l in 0..=5 {
        assert_eq!(count(Class::Stalks, "BRG", l), 3usize.pow(l as u32));
    }
}

#[test]
fn meadow_and_hollyhock_counts() {
    for k in 0..=12 {
        assert_eq!(count(Class::Meadow, "BR", k), k / 2 + 1);
        // a × BR + b × RB + c × B + d × R with 2a + 2b + c + d = k.
        let mut want = 0;
        for a in 0..=k {
            for b in 0..=k {
                for c in 0..=k {
                    for d in 0..=k {
                        want += usize::from(2 * a + 2 * b + c + d == k);
                    }
                }
            }
        }
        assert_eq!(count(Class::Hollyhocks, "BR", k), want, "{k} edges");
    }
}

#[test]
fn one_colour_trees_are_the_rooted_trees() {
    // OEIS A000081: rooted trees with k + 1 vertices.
    let known = [1, 1, 2, 4, 9, 20, 48, 115, 286];
    for (k, &n) in known.iter().enumerate() {
        assert_eq!(count(Class::Trees, "B", k), n, "{k} edges");
    }
}

/// Brute force: every simple graph on vertices 0..v (0 the ground) with
/// `k` coloured edges, connected, every vertex on an edge; canonical form
/// the least sorted edge list over all relabellings of 1..v.
fn brute_force(k: usize, colours: &[Colour], trees_only: bool) -> usize {
    let mut seen = BTreeSet::new();
    for v in 1..=k + 1 {
        let pairs: Vec<(usize, usize)> = (0..v)
            .flat_map(|a| (a + 1..v).map(move |b| (a, b)))
            .collect();
        if pairs.len() < k {
            continue;
        }
        for mask in 0u32..(1 << pairs.len()) {
            if mask.count_ones() as usize != k {
                continue;
            }
            let chosen: Vec<(usize, usize)> = (0..pairs.len())
                .filter(|&i| mask >> i & 1 == 1)
                .map(|i| pairs[i])
                .collect();
            // Connected, and every vertex reached from the ground.
            let mut reached = vec![false; v];
            reached[0] = true;
            let mut changed = true;
            while changed {
                changed = false;
                for &(a, b) in &chosen {
                    if reached[a] != reached[b] {
                        reached[a] = true;
                        reached[b] = true;
                        changed = true;
                    }
                }
            }
            if !reached.iter().all(|&r| r) {
                continue;
            }
            if trees_only && k != v - 1 {
                continue;
            }
            for colouring in 0..colours.len().pow(k as u32) {
                let mut c = colouring;
                let coloured: Vec<(usize, usize, Colour)> = chosen
                    .iter()
                    .map(|&(a, b)| {
                        let colour = colours[c % colours.len()];
                        c /= colours.len();
                        (a, b, colour)
                    })
                    .collect();
                let mut perm: Vec<usize> = (1..v).collect();
                let mut best: Option<Vec<(usize, usize, Colour)>> = None;
                permute(&mut perm, 0, &mut |p| {
                    let map = |x: usize| if x == 0 { 0 } else { p[x - 1] };
                    let mut e: Vec<(usize, usize, Colour)> = coloured
                        .iter()
                        .map(|&(a, b, c)| (map(a).min(map(b)), map(a).max(map(b)), c))
                        .collect();
                    e.sort();
                    if best.as_ref().is_none_or(|b| e < *b) {
                        best = Some(e);
                    }
                });
                seen.insert(best.unwrap());
            }
        }
    }
    seen.len()
}

fn permute(items: &mut Vec<usize>, k: usize, visit: &mut dyn FnMut(&[usize])) {
    if k == items.len() {
        visit(items);
        return;
    }
    for i in k..items.len() {
        items.swap(k, i);
        permute(items, k + 1, visit);
        items.swap(k, i);
    }
}

#[test]
fn trees_and_graphs_match_a_brute_force_enumerator() {
    let two = [Colour::Blue, Colour::Red];
    for k in 0..=4 {
        assert_eq!(
            count(Class::Trees, "BR", k),
            brute_force(k, &two, true),
            "trees {k}"
        );
        assert_eq!(
            count(Class::Graphs, "BR", k),
            brute_force(k, &two, false),
            "graphs {k}"
        );
    }
    let one = [Colour::Green];
    for k in 5..=6 {
        assert_eq!(
            count(Class::Graphs, "G", k),
            brute_force(k, &one, false),
            "graphs {k}"
        );
    }
    let three = [Colour::Blue, Colour::Red, Colour::Green];
    assert_eq!(
        count(Class::Graphs, "BRG", 3),
        brute_force(3, &three, false)
    );
}

#[test]
fn enumerated_graphs_are_connected_simple_and_distinct() {
    let budget = Budget::unlimited();
    let mut meter = budget.meter();
    let graphs = positions(Class::Graphs, &Palette::default(), 5, &mut meter).unwrap();
    let mut texts = BTreeSet::new();
    for g in &graphs {
        assert_eq!(g.edge_count(), 5);
        assert_eq!(g.grounded(g.full_set()), g.full_set(), "{g}");
        let mut pairs = BTreeSet::new();
        for e in &g.edges {
            assert_ne!(e.u, e.v, "{g}: a loop");
            assert!(
                pairs.insert((e.u.min(e.v), e.u.max(e.v))),
                "{g}: parallel edges"
            );
        }
        // The printed form reads back (its vertices renumbered).
        let back: Position = g.to_string().parse().unwrap();
        assert_eq!(back.edge_count(), 5, "{g}");
        assert_eq!(back.grounded(back.full_set()), back.full_set(), "{g}");
        texts.insert(g.to_string());
    }
    assert_eq!(texts.len(), graphs.len());
}

fn valued(plain: &str, outcome: Outcome, number: bool) -> Valued {
    Valued {
        plain: plain.into(),
        outcome: Some(outcome),
        number,
    }
}

fn spec(
    property: &str,
    class: Class,
    palette: &str,
    sizes: std::ops::RangeInclusive<usize>,
) -> Spec {
    Spec {
        class: Some(class),
        palette: palette.parse().unwrap(),
        sizes,
        property: Some(property.parse().unwrap()),
        ..Spec::default()
    }
}

fn run(s: &Spec) -> census::Report {
    census::run(s, &Budget::unlimited(), |_, _| {}).unwrap()
}

#[test]
fn properties_parse_and_print_back() {
    for text in [
        "8.1",
        "8.3",
        "8.4",
        "8.5",
        "8.6",
        "green",
        "number",
        "not-N",
        "quantum:B:unbounded = quantum:D:unbounded",
        "sync:tie = sync",
    ] {
        let p: Property = text.parse().unwrap();
        assert_eq!(p.to_string(), text);
        assert_eq!(p.to_string().parse::<Property>().unwrap(), p);
    }
    for bad in ["8.2", "", "quantum:E = normal", "= normal", "normal ="] {
        assert!(bad.parse::<Property>().is_err(), "{bad}");
    }
    for c in Class::ALL {
        assert_eq!(c.to_string().parse::<Class>().unwrap(), c);
    }
    assert_eq!("GRB".parse::<Palette>().unwrap().to_string(), "BRG");
    assert!("BB".parse::<Palette>().is_err());
    assert!("BQ".parse::<Palette>().is_err());
}

#[test]
fn number_properties_fail_on_a_green_stalk() {
    // 8.1 and 8.3 (numbers under every flavour) on green stalks: `G` is *
    // under B, C, C', C'u and D.
    for p in ["8.1", "8.3", "number"] {
        let r = run(&spec(p, Class::Stalks, "G", 1..=2));
        assert_eq!(r.counterexamples[0].position, "G", "{p}");
        assert!(
            r.counterexamples[0].why.contains("quantum:D:2 gives *"),
            "{p}: {r:?}"
        );
    }
    // Blue Meadow itself keeps 8.1 on small sizes.
    let r = run(&spec("8.1", Class::Meadow, "BR", 1..=5));
    assert_eq!((r.failures, r.complete_up_to), (0, Some(5)));
    // The same predicate fed a non-number.
    let rules: Vec<Rules> = vec!["quantum:C:2".parse().unwrap()];
    let mut arena = Arena::new();
    let v = [valued("{1|0}", Outcome::N, false)];
    assert!(violation(&Property::BlueMeadowNumbers, &rules, &v, &mut arena).is_some());
    let v = [valued("1/2", Outcome::L, true)];
    assert!(violation(&Property::HollyhocksNumbers, &rules, &v, &mut arena).is_none());
}

#[test]
fn not_n_fails_on_a_green_edge() {
    for p in ["8.4", "not-N"] {
        let r = run(&spec(p, Class::Stalks, "G", 1..=1));
        assert_eq!(r.failures, 1, "{p}");
        assert!(r.counterexamples[0].why.contains("N-position"), "{r:?}");
    }
    let mut s = spec("not-N", Class::Trees, "BRG", 1..=2);
    s.rules = vec!["normal".parse().unwrap()];
    let r = run(&s);
    assert_eq!(r.counterexamples[0].position, "G");
    // Red-blue trees keep it under normal play (numbers are never N).
    s.palette = Palette::default();
    assert_eq!(run(&s).failures, 0);
}

#[test]
fn equal_rulesets_fail_where_they_differ() {
    // Under A a lone edge cannot be cut (no superposed move fits).
    let r = run(&spec(
        "quantum:A:2 = quantum:D:2",
        Class::Stalks,
        "BR",
        1..=2,
    ));
    assert_eq!(r.counterexamples[0].position, "B");
    assert_eq!(r.failures, 6);
    // Options in another order are the same game.
    let rules: Vec<Rules> = vec!["normal".parse().unwrap(), "childish".parse().unwrap()];
    let mut arena = Arena::new();
    let same = [
        valued("{0,*|0}", Outcome::N, false),
        valued("{*,0|0}", Outcome::N, false),
    ];
    assert!(violation(&Property::SameBCD, &rules, &same, &mut arena).is_none());
    let differ = [
        valued("1/2", Outcome::L, true),
        valued("1", Outcome::L, true),
    ];
    assert!(violation(&Property::SameBCD, &rules, &differ, &mut arena).is_some());
    // A single stalk under D has its classical value (Theorem 4.5).
    let r = run(&spec("normal = quantum:D:2", Class::Stalks, "BR", 1..=4));
    assert_eq!((r.failures, r.complete_up_to), (0, Some(4)));
    // Childish play forbids a cut that drops edges: BR differs.
    let r = run(&spec("normal = childish", Class::Stalks, "BR", 1..=2));
    assert_eq!(r.counterexamples[0].position, "BR");
}

#[test]
fn stalk_followers_fail_for_uncoloured_stalks() {
    // 0 has no options: uncoloured stalks (value 0 under normal play)
    // break 8.5's pattern.
    let mut s = spec("8.5", Class::Stalks, "X", 1..=2);
    s.rules = vec!["normal".parse().unwrap()];
    let r = run(&s);
    assert_eq!(r.failures, 2);
    assert_eq!(r.counterexamples[0].position, "X");
    // Flavour C itself, width 2, short stalks.
    let r = run(&spec("8.5", Class::Stalks, "BR", 1..=3));
    assert_eq!((r.failures, r.complete_up_to), (0, Some(3)));
}

#[test]
fn green_edge_conjecture_check() {
    assert!(green_failure("2", "1").is_none());
    assert!(green_failure("2", "2").is_some());
    assert!(green_failure("-3/2", "-1/2").is_none());
    assert!(green_failure("1/2", "0").is_none());
    assert!(green_failure("1/2", "-1/4").is_some());
    assert!(green_failure("0", "1/2").is_some());
    assert!(green_failure("-1", "0").is_none());
    // A replay bracket refutes only when it misses the predicted value.
    assert!(green_failure("2", "~[1/2, 3/2]").is_none());
    assert!(green_failure("3", "~[5/2, 3]").is_some());
    // BBBR (value 2) with a green edge is still 2 under every conflict
    // rule but tie (3/2), which the conjecture says would be 1.
    let mut s = spec("green", Class::Stalks, "BR", 1..=4);
    s.show = 100;
    for rules in ["sync", "sync:tie", "sync:replay"] {
        s.rules = vec![rules.parse().unwrap()];
        let r = run(&s);
        assert!(
            r.counterexamples.iter().any(|c| c.position == "BBBR"),
            "{rules}: {r:?}"
        );
    }
    // Green positions are refused.
    let bad = spec("green", Class::Stalks, "BG", 1..=2);
    assert!(census::run(&bad, &Budget::unlimited(), |_, _| {}).is_err());
}

#[test]
fn a_census_past_its_budget_reports_what_it_checked() {
    // Cancelled (as a deadline would) once the first 20 positions are
    // valued: the sizes before are reported in full.
    let s = spec("8.6", Class::Stalks, "BR", 1..=10);
    let budget = Budget::unlimited();
    let r = census::run(&s, &budget, |done, _| {
        if done >= 20 {
            budget.cancel();
        }
    })
    .unwrap();
    assert_eq!(r.stopped, Some(Exceeded::Cancelled));
    let k = r.complete_up_to.expect("the smallest sizes finish");
    assert!((3..10).contains(&k), "{r:?}");
    for row in r.rows.iter().filter(|row| row.edges <= k) {
        assert_eq!(row.checked, row.positions);
    }
    // A memory budget too small for the enumeration itself.
    let tiny = Budget::new(ByteSize(1 << 16), None);
    let r = census::run(&spec("8.6", Class::Trees, "BR", 1..=9), &tiny, |_, _| {}).unwrap();
    assert_eq!(r.stopped, Some(Exceeded::Memory(ByteSize(1 << 16))));
}

/// A position's values under a list of rulesets, quantum flavours valued
/// jointly by family, are each ruleset's value on its own.
#[test]
fn joint_census_values_are_each_rulesets_own() {
    use hackenbush_lab::census::{value, values};
    let budget = Budget::unlimited();
    let rulesets: Vec<Rules> = [
        "quantum:A:2",
        "normal",
        "quantum:C:2",
        "quantum:D:2",
        "quantum:B:2",
        "quantum:C':2",
        "quantum:C'u:2",
        "quantum:B:unbounded",
        "quantum:D:unbounded",
        "quantum:C':unbounded",
        "sync",
    ]
    .iter()
    .map(|r| r.parse().unwrap())
    .collect();
    let mut compared = 0;
    for edges in 1..=4 {
        for p in positions(
            Class::Graphs,
            &"BRG".parse().unwrap(),
            edges,
            &mut budget.meter(),
        )
        .unwrap()
        {
            let joint = values(&p, &rulesets, &budget).unwrap();
            for (r, v) in rulesets.iter().zip(&joint) {
                let alone = value(&p, r, &budget).unwrap();
                let mut arena = Arena::new();
                let (a, b) = (arena.parse(&v.plain), arena.parse(&alone.plain));
                match (a, b) {
                    (Ok(a), Ok(b)) => assert_eq!(a, b, "{r} on {p}"),
                    _ => assert_eq!(v.plain, alone.plain, "{r} on {p}"),
                }
                assert_eq!(
                    (v.outcome, v.number),
                    (alone.outcome, alone.number),
                    "{r} on {p}"
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 300, "{compared}");
}
