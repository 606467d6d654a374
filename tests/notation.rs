//! The pretty notation (`Arena::pretty`) against the way CGSuite writes
//! canonical forms, on values built in the arena and on real Hackenbush
//! positions; every pretty form parses back to the same game and the plain
//! notation of RULES.md §2 is untouched.

use hackenbush_lab::game::{Arena, Dyadic, GameId};
use hackenbush_lab::position;
use hackenbush_lab::rules::Hackenbush;
use hackenbush_lab::solve::Solver;

/// Normal-play value of a position in text notation, with its arena.
fn value(text: &str) -> (Solver<Hackenbush>, GameId) {
    let rules = Hackenbush::new(position::parse(text).expect("a position"));
    let start = rules.start();
    let mut solver = Solver::new(rules);
    let v = solver.value(&start).unwrap();
    (solver, v)
}

/// The pretty text of g, checked to read back as g.
fn pretty(a: &mut Arena, g: GameId) -> String {
    let text = a.pretty(g);
    assert_eq!(a.parse(&text), Ok(g), "{text} does not read back");
    text
}

fn parsed(a: &mut Arena, text: &str) -> GameId {
    a.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn hackenbush_positions_print_as_cgsuite_does() {
    for (position, pretty_text, plain_text) in [
        ("BR G GR", "1/2↓", "{1/2*|1/2}"),
        ("B GR", "1↓*", "{1|1,1*}"),
        ("GR", "↓*", "{0|0,*}"),
        ("GB", "↑*", "{0,*|0}"),
        ("GB GB", "⇑", "{0|{0,*|0}}"),
        ("GB G", "↑", "{0|*}"),
        ("BR", "1/2", "1/2"),
        ("BRG", "1/2*", "1/2*"),
        ("BBR", "1 1/2", "3/2"),
        ("G GG", "*3", "*3"),
    ] {
        let (mut solver, v) = value(position);
        assert_eq!(solver.arena.plain(v), plain_text, "{position}");
        assert_eq!(pretty(&mut solver.arena, v), pretty_text, "{position}");
    }
}

#[test]
fn ups_downs_and_nimbers_built_by_sums() {
    let mut a = Arena::new();
    let zero = a.zero();
    let star = a.nimber(1);
    let up = a.make(vec![zero], vec![star]);
    assert_eq!(pretty(&mut a, up), "↑");
    let double_up = a.add(up, up);
    assert_eq!(pretty(&mut a, double_up), "⇑");
    let double_up_star = a.add(double_up, star);
    assert_eq!(pretty(&mut a, double_up_star), "⇑*");
    // ⇑* = {0 | ↑} and ↑* = {0, * | 0}: the canonical forms, checked.
    assert_eq!(a.make(vec![zero], vec![up]), double_up_star);
    let up_star = a.add(up, star);
    assert_eq!(a.make(vec![zero, star], vec![zero]), up_star);
    let triple_up = a.sum([up, up, up]);
    assert_eq!(pretty(&mut a, triple_up), "↑³");
    assert_eq!(a.make(vec![zero], vec![double_up_star]), triple_up);
    let down3_star2 = {
        let n = a.neg(triple_up);
        let s2 = a.nimber(2);
        a.add(n, s2)
    };
    assert_eq!(pretty(&mut a, down3_star2), "↓³*2");
    // -1↑*3 and 1/2↓.
    let m1 = a.integer(-1);
    let s3 = a.nimber(3);
    let g = a.sum([m1, up, s3]);
    assert_eq!(pretty(&mut a, g), "-1↑*3");
    let half = parsed(&mut a, "1/2");
    let down = a.neg(up);
    let g = a.add(half, down);
    assert_eq!(pretty(&mut a, g), "1/2↓");
    // Twelve ups: two superscript digits.
    let mut twelve = zero;
    for _ in 0..12 {
        twelve = a.add(twelve, up);
    }
    assert_eq!(pretty(&mut a, twelve), "↑¹²");
    assert_eq!(parsed(&mut a, "↑¹²"), twelve);
}

#[test]
fn every_number_plus_ups_plus_nimber_is_recognised() {
    let mut a = Arena::new();
    let zero = a.zero();
    let star = a.nimber(1);
    let up = a.make(vec![zero], vec![star]);
    let arrows = |n: i64| -> String {
        let sup = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
        let arrow = if n > 0 { "↑" } else { "↓" };
        match n.abs() {
            1 => arrow.to_string(),
            2 => (if n > 0 { "⇑" } else { "⇓" }).to_string(),
            k => format!(
                "{arrow}{}",
                k.to_string()
                    .bytes()
                    .map(|b| sup[(b - b'0') as usize])
                    .collect::<String>()
            ),
        }
    };
    for x in ["0", "1", "-2", "1/2", "-3/4", "5/2"] {
        let xd: Dyadic = x.parse().unwrap();
        for n in (-12i64..=12).filter(|&n| n != 0) {
            for m in 0..10u32 {
                let mut g = a.number_nimber(xd.clone(), m);
                let unit = if n > 0 { up } else { a.neg(up) };
                for _ in 0..n.abs() {
                    g = a.add(g, unit);
                }
                let number = if x == "0" { String::new() } else { xd.pretty() };
                let nimber = match m {
                    0 => String::new(),
                    1 => "*".to_string(),
                    _ => format!("*{m}"),
                };
                let expected = format!("{number}{}{nimber}", arrows(n));
                assert_eq!(pretty(&mut a, g), expected, "{}", a.plain(g));
            }
        }
    }
}

#[test]
fn switches() {
    let mut a = Arena::new();
    for (form, expected) in [
        ("{1|-1}", "±1"),
        ("{3|1}", "2±1"),
        ("{-1|-3}", "-2±1"),
        ("{3/2|-3/2}", "±1 1/2"),
        ("{2|1}", "1 1/2±1/2"),
        ("{1*|-1*}", "±(1*)"),
        ("{2*|0*}", "1±(1*)"),
        ("{1↑|-1↓}", "±(1↑)"),
        // Alone on a side, a switch stays in bar notation.
        ("{{2|1}|0}", "{2|1||0}"),
        ("{{1|-1}|-2}", "{±1|-2}"),
    ] {
        let g = parsed(&mut a, form);
        assert_eq!(pretty(&mut a, g), expected, "{form}");
    }
    // ±1 is {1 | −1} built from options.
    let one = a.integer(1);
    let m1 = a.integer(-1);
    let pm1 = a.make(vec![one], vec![m1]);
    assert_eq!(pretty(&mut a, pm1), "±1");
    assert_eq!(a.plain(pm1), "{1|-1}");
}

#[test]
fn tiny_and_miny() {
    let mut a = Arena::new();
    let zero = a.zero();
    let m2 = a.integer(-2);
    let inner = a.make(vec![zero], vec![m2]);
    let tiny2 = a.make(vec![zero], vec![inner]);
    assert_eq!(a.plain(tiny2), "{0|{0|-2}}");
    assert_eq!(pretty(&mut a, tiny2), "⧾₂");
    let miny2 = a.neg(tiny2);
    assert_eq!(a.plain(miny2), "{{2|0}|0}");
    assert_eq!(pretty(&mut a, miny2), "⧿₂");
    // tiny-2 is a positive infinitesimal below ↑.
    let up = parsed(&mut a, "↑");
    assert!(a.lt(zero, tiny2) && a.lt(tiny2, up));
    for (form, expected) in [
        ("{0||0|-1/2}", "⧾₁⁄₂"),
        ("{3/2|0||0}", "⧿₃⁄₂"),
        ("{1||1|-1}", "1⧾₂"),
        ("{0||0|-10}", "⧾₁₀"),
        ("{-1|-2||-2}", "-2⧿₁"),
    ] {
        let g = parsed(&mut a, form);
        assert_eq!(pretty(&mut a, g), expected, "{form}");
    }
}

#[test]
fn named_games_and_other_forms_keep_their_look() {
    let mut a = Arena::new();
    for (text, expected) in [
        ("↑", "↑"),
        ("↓", "↓"),
        ("↑*", "↑*"),
        ("↓*", "↓*"),
        ("⇑", "⇑"),
        ("⇓", "⇓"),
        ("⇑*", "⇑*"),
        ("⇓*", "⇓*"),
        ("{2|1||0}", "{2|1||0}"),
        ("{1,{2|0}|-1}", "{1,1±1|-1}"),
        ("3/2", "1 1/2"),
        ("-11/4", "-2 3/4"),
        ("3/2*", "1 1/2*"),
        ("{0|↑}", "⇑*"),
        ("{0,↑*|0}", "{0,↑*|0}"),
    ] {
        let g = parsed(&mut a, text);
        assert_eq!(pretty(&mut a, g), expected, "{text}");
    }
}

#[test]
fn mixed_numbers_and_pretty_atoms_read_back() {
    let mut a = Arena::new();
    for (text, plain) in [
        ("1 1/2", "3/2"),
        ("-2 3/4", "-11/4"),
        ("{1 1/2|0}", "{3/2|0}"),
        ("1 1/2↓*", "{3/2|3/2,3/2*}"),
        ("1±1 1/2", "{5/2|-1/2}"),
        ("±(1 1/2*)", "{3/2*|-3/2*}"),
        ("↑³*2", "{0|{0|{0|*3}}}"),
    ] {
        let g = parsed(&mut a, text);
        assert_eq!(a.plain(g), plain, "{text}");
    }
    // Not the pretty notation: each is an error with a column, not a panic.
    for bad in [
        "1 2",
        "1 3/2",
        "1 1/2 1/2",
        "±",
        "±(1*",
        "±()",
        "⧾",
        "⧾₀",
        "⧾₁⁄₃",
        "↑⁹⁹⁹⁹⁹⁹⁹⁹⁹⁹⁹⁹⁹⁹⁹⁹⁹⁹⁹⁹⁹⁹",
        "↑↑",
        "-↑",
        "1/2 ↑",
        "{1 | 2 3}",
    ] {
        let e = a.parse(bad).expect_err(bad);
        assert!(e.column >= 1, "{bad}: {e}");
    }
}

#[test]
fn long_chains_of_ups_are_cheap_both_ways() {
    // The cap of the parser: 1024 ups read and print back quickly (the
    // printer reads n off the canonical form instead of searching for it).
    let mut a = Arena::new();
    let g = parsed(&mut a, "-1↑¹⁰²⁴*5");
    assert_eq!(pretty(&mut a, g), "-1↑¹⁰²⁴*5");
    assert!(a.parse("↑¹⁰²⁵").is_err());
}
