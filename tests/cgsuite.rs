//! CGSuite Hackenbush strings (`cgsuite:…`): the values CGSuite's own test
//! suite publishes for its strings, read through our reader and valued by
//! our engine; errors with columns; and round trips through every notation
//! on random multigraphs (cycles, loops, parallel edges), checked by an
//! independent isomorphism search and by the values.

use hackenbush_lab::analysis::{analyse, parse_position, Request, Rules};
use hackenbush_lab::budget::Budget;
use hackenbush_lab::game::Arena;
use hackenbush_lab::position::cgsuite::{self, CgsuiteText, WriteError};
use hackenbush_lab::position::{json, presets, print, Colour, Position, GROUND};
use std::collections::HashMap;

fn value(position: &str, rules: Rules) -> String {
    let answer = analyse(&Request::new(position, rules), &Budget::default())
        .unwrap_or_else(|e| panic!("{position}: {e}"));
    answer.value
}

/// `printed` equals `expected` as a game.
fn same_game(printed: &str, expected: &str) -> bool {
    let mut a = Arena::new();
    a.parse(printed).unwrap() == a.parse(expected).unwrap()
}

/// CGSuite's `GameGraphTest.scala` ("define Hackenbush properly"): the
/// string, and the canonical form CGSuite prints for it.
#[test]
fn cgsuite_test_suite_values() {
    let normal = [
        ("lrlrrllr", "77/128"),
        ("l(l;rl)", "3/2"),
        ("eeeeeee", "*7"),
        ("e(ee(e;e);e(eee;ee);e(ee;e))", "*5"),
        // Winning Ways, chapter 7, figure 3: the green girl.
        (
            "e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))",
            "*2",
        ),
        // Winning Ways, chapter 7, figure 31, the "moderately hard" redwood
        // bed (commented out in CGSuite's suite as too slow for it).
        (
            "(lr:A(rr:B;rr:D;rr:F);lr:B(r(r:D;r:E));lr:C(rr:F;rr:G);lr:D;lr:E(r(r:F;r:G));lr:F;lr:G)",
            "1/128",
        ),
    ];
    for (string, expected) in normal {
        let got = value(&format!("cgsuite:{string}"), Rules::Normal);
        assert!(
            same_game(&got, expected),
            "{string}: {got}, CGSuite {expected}"
        );
    }
    // "Childish Hackenbush" in the same suite (childish rules apply to blue
    // and red edges there; these positions have no green edge).
    let childish = [
        ("l(l;rl)", "2"),
        (":{ground}llllllrrrr:{ground}", "{4|-2}"),
        ("r(l:T;r(l:T;r(l:T;r(l:T;rl:T))))", "15/16"),
    ];
    for (string, expected) in childish {
        let got = value(&format!("cgsuite:{string}"), Rules::Childish);
        assert!(
            same_game(&got, expected),
            "{string}: {got}, CGSuite {expected}"
        );
    }
    // CGSuite prints lrlerrr as 3/4v[3]*, in its uptimal notation, which
    // we do not read: the stalk read both ways is the same game.
    assert_eq!(
        value("cgsuite:lrlerrr", Rules::Normal),
        value("BRBGRRR", Rules::Normal)
    );
}

/// The suite's two refusals, with the column where the problem starts.
#[test]
fn cgsuite_refusals() {
    let disconnected = parse_position("cgsuite:lrlr;lr").unwrap_err().to_string();
    assert!(disconnected.contains("column 14"), "{disconnected}");
    assert!(disconnected.contains("not connected"), "{disconnected}");
    let empty = parse_position("cgsuite:").unwrap_err().to_string();
    assert!(empty.contains("no ground"), "{empty}");
    // CGSuite reads the ground alone as 0; a position here has edges.
    let ground = parse_position("cgsuite:.").unwrap_err().to_string();
    assert!(ground.contains("no edges"), "{ground}");
}

/// Columns count in the whole text typed, prefix and spaces included.
#[test]
fn errors_name_the_column_typed() {
    let cases = [
        ("cgsuite:l(l;r)l", 15, "after ')'"),
        ("  cgsuite:l(l;r", 12, "never closed"),
        ("cgsuite:lrX", 11, "unexpected 'X'"),
        ("cgsuite:lBl", 10, "did you mean 'l'"),
        ("cgsuite:lL", 10, "lower-case"),
        ("cgsuite:l-l", 10, "unlabelled edge"),
        ("cgsuite:l>l", 10, "directed"),
        ("cgsuite:l:", 11, "vertex name"),
        ("cgsuite:l:{g", 11, "never closed"),
        ("cgsuite:l:{}", 11, "empty vertex name"),
        ("cgsuite:l:A:B", 12, "already named"),
        ("cgsuite:{x}", 9, "unknown edge {x}"),
        ("cgsuite:l)", 10, "no '(' is open"),
        ("cgsuite:l;r", 11, "not connected"),
        ("lrl", 1, "cgsuite:"),
    ];
    for (text, column, words) in cases {
        let e = parse_position(text).unwrap_err().to_string();
        assert!(
            e.contains(&format!("column {column}:")) && e.contains(words),
            "{text}: {e}"
        );
        assert_eq!(e.lines().count(), 1, "{text}: {e}");
    }
    let long = format!("cgsuite:{}", "l".repeat(200));
    let e = parse_position(&long).unwrap_err().to_string();
    assert!(
        e.contains("column 137:") && e.contains("too many edges: 200"),
        "{e}"
    );
}

/// Is there a bijection of vertices fixing the ground that maps the edges
/// of `p` onto those of `q`, colours kept (as multisets: parallel edges and
/// loops count)? A plain backtracking search, independent of the writer.
fn isomorphic(p: &Position, q: &Position) -> bool {
    let (p, q) = (p.normalized(), q.normalized());
    if p.edge_count() != q.edge_count() || p.vertex_count != q.vertex_count {
        return false;
    }
    type Counts = HashMap<(usize, usize, Colour), usize>;
    let counts = |x: &Position| -> Counts {
        let mut c = HashMap::new();
        for e in &x.edges {
            *c.entry((e.u.min(e.v), e.u.max(e.v), e.colour)).or_insert(0) += 1;
        }
        c
    };
    let signature = |x: &Position, v: usize| -> Vec<(Colour, bool)> {
        let mut s: Vec<(Colour, bool)> = x
            .edges
            .iter()
            .filter(|e| e.u == v || e.v == v)
            .map(|e| (e.colour, e.u == e.v))
            .collect();
        s.sort();
        s
    };
    let (cp, cq) = (counts(&p), counts(&q));
    let n = p.vertex_count;
    let sp: Vec<_> = (0..n).map(|v| signature(&p, v)).collect();
    let sq: Vec<_> = (0..n).map(|v| signature(&q, v)).collect();
    fn extend(
        k: usize,
        map: &mut Vec<usize>,
        used: &mut Vec<bool>,
        fit: &dyn Fn(&[usize], usize, usize) -> bool,
    ) -> bool {
        if k == map.len() {
            return true;
        }
        for y in 0..map.len() {
            if !used[y] && fit(&map[..k], k, y) {
                map[k] = y;
                used[y] = true;
                if extend(k + 1, map, used, fit) {
                    return true;
                }
                used[y] = false;
            }
        }
        false
    }
    let count = |c: &Counts, a: usize, b: usize, colour| {
        c.get(&(a.min(b), a.max(b), colour)).copied().unwrap_or(0)
    };
    let fit = |mapped: &[usize], x: usize, y: usize| -> bool {
        if (x == GROUND) != (y == GROUND) || sp[x] != sq[y] {
            return false;
        }
        // Edges between x and every vertex mapped so far, and loops at x.
        (0..=mapped.len()).all(|x2| {
            let y2 = if x2 == x { y } else { mapped[x2] };
            Colour::ALL
                .iter()
                .all(|&c| count(&cp, x, x2, c) == count(&cq, y, y2, c))
        })
    };
    let mut map = vec![usize::MAX; n];
    let mut used = vec![false; n];
    extend(0, &mut map, &mut used, &fit)
}

#[test]
fn the_isomorphism_check_can_fail() {
    let a: Position = "0-1:B 1-2:R 2-0:G".parse().unwrap();
    let b: Position = "0-1:G 1-2:R 2-0:B".parse().unwrap();
    let c: Position = "0-1:B 1-2:R 2-0:R".parse().unwrap();
    assert!(isomorphic(&a, &b), "a cycle read the other way round");
    assert!(!isomorphic(&a, &c), "another colour");
    let loop_here: Position = "B 1-1:R".parse().unwrap();
    let loop_there: Position = "B 0-0:R".parse().unwrap();
    assert!(!isomorphic(&loop_here, &loop_there), "a loop moved");
    let parallel: Position = "0-1:B 0-1:B".parse().unwrap();
    let path: Position = "BB".parse().unwrap();
    assert!(
        !isomorphic(&parallel, &path),
        "parallel edges are not a path"
    );
}

/// Random multigraphs (cycles, loops, parallel edges) of every colour:
/// written as CGSuite strings and read back, the same graph up to
/// relabelling (and the same string when written again); through the edges
/// notation and JSON, the same position.
#[test]
fn round_trips_on_random_graphs() {
    let colours = [Colour::Blue, Colour::Red, Colour::Green];
    let mut cycles = 0;
    for seed in 0..400u64 {
        let p = presets::random(seed, 1 + (seed as usize % 24), &colours);
        let text = cgsuite::write(&p).expect("grounded and coloured");
        let back: Position = format!("cgsuite:{text}").parse().unwrap();
        assert!(
            isomorphic(&p, &back),
            "seed {seed}: {} -> {text}",
            print(&p)
        );
        assert_eq!(cgsuite::write(&back).unwrap(), text, "seed {seed}");
        if text.contains(':') {
            cycles += 1;
        }
        let typed: CgsuiteText = text.parse().unwrap();
        assert_eq!(typed.to_string(), text);

        let edges: Position = print(&p).parse().unwrap();
        assert_eq!(edges, p.normalized(), "seed {seed}: edges notation");
        let (from_json, _) = json::from_json(&json::to_json_auto(&p)).unwrap();
        assert_eq!(from_json.edges, p.edges, "seed {seed}: JSON");
    }
    assert!(
        cycles > 100,
        "the samples have cycles, loops or parallel edges"
    );
}

/// The converted position has the original's value (normal play), on
/// random graphs small enough to value quickly.
#[test]
fn converted_positions_keep_their_values() {
    let colours = [Colour::Blue, Colour::Red, Colour::Green];
    for seed in 0..60u64 {
        let p = presets::random(1000 + seed, 1 + (seed as usize % 9), &colours);
        let text = format!("cgsuite:{}", cgsuite::write(&p).unwrap());
        let original = value(&print(&p), Rules::Normal);
        let converted = value(&text, Rules::Normal);
        assert!(
            same_game(&original, &converted),
            "seed {seed}: {} is {original}, {text} is {converted}",
            print(&p)
        );
    }
}

#[test]
fn positions_cgsuite_cannot_hold_are_refused() {
    let x: Position = "BXB".parse().unwrap();
    assert_eq!(cgsuite::write(&x), Err(WriteError::Uncoloured { label: 2 }));
    let off: Position = "B 1-2:R".parse().unwrap();
    let e = cgsuite::write(&off).unwrap_err();
    assert_eq!(e, WriteError::Ungrounded { labels: vec![2] });
    assert!(e.to_string().contains("edge 2 does not reach the ground"));
}

/// The page's position box reads through the same parser: a CGSuite
/// string loads into the editor, edges labelled in the order written.
#[test]
fn the_editor_reads_cgsuite_strings() {
    use hackenbush_lab::ui::Drawing;
    let d = Drawing::from_text("cgsuite:l(l;rl)").unwrap();
    assert_eq!(d.edges.len(), 4);
    assert_eq!(d.text(), "0-1:B 1-2:B 1-3:R 3-4:B");
    let e = Drawing::from_text("cgsuite:l(l;rl").unwrap_err();
    assert!(e.contains("column 10"), "{e}");
}
