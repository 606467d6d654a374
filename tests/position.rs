//! Integration tests for `hackenbush_lab::position`: notation, JSON, layout,
//! presets, and the falling rule they all rely on.

use hackenbush_lab::position::json::{self, PositionDoc};
use hackenbush_lab::position::presets::{self, Preset};
use hackenbush_lab::position::{
    layout, parse, print, Colour, Edge, EdgeSet, Layout, Point, Position, GROUND, MAX_EDGES,
};
use hackenbush_lab::rng::SplitMix64;
use hackenbush_lab::rules::Player;

fn p(text: &str) -> Position {
    parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn e(u: usize, v: usize, colour: Colour) -> Edge {
    Edge { u, v, colour }
}

/// Parse `text`, expecting an error at `column` whose message contains `needle`.
fn err(text: &str, column: usize, needle: &str) -> hackenbush_lab::ParseError {
    let error = parse(text).expect_err(text);
    assert_eq!(error.column, column, "{text:?}: {error}");
    assert!(error.message.contains(needle), "{text:?}: {error}");
    assert!(!error.to_string().contains('\n'));
    error
}

/// The round-trip contract: printing then parsing gives the same position up
/// to vertex names, and printing is canonical.
fn assert_round_trip(q: &Position) {
    let text = print(q);
    let back = parse(&text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
    assert_eq!(back, q.normalized(), "{text}");
    assert_eq!(print(&back), text);
}

// ---------- parsing ----------

#[test]
fn stalks_and_separators() {
    let a = p("BR BR R");
    assert_eq!(a.edge_count(), 5);
    assert_eq!(a.vertex_count, 6);
    assert_eq!(a.edges[0], e(0, 1, Colour::Blue));
    assert_eq!(a.edges[1], e(1, 2, Colour::Red));
    assert_eq!(a.edges[2], e(0, 3, Colour::Blue));
    assert_eq!(a.edges[4], e(0, 5, Colour::Red));
    for same in ["BR+BR+R", "BR + BR + R", "  BR +BR\t R  ", "BR\nBR+ R"] {
        assert_eq!(p(same), a, "{same:?}");
    }
    assert_eq!(p("GXGX").edges[3].colour, Colour::Uncoloured);
}

#[test]
fn explicit_edges_and_vertex_names() {
    let tent = p("0-1:B 1-3:R 0-2:B 2-3:R");
    assert_eq!(tent, presets::circus_tent(2));
    // User vertex 1 must not be confused with the stalk's fresh vertices.
    let mixed = p("5-0:B BR 0-1:R 1-5:G 7-7:X");
    assert_eq!(
        mixed.edges,
        vec![
            e(1, 0, Colour::Blue),
            e(0, 2, Colour::Blue),
            e(2, 3, Colour::Red),
            e(0, 4, Colour::Red),
            e(4, 1, Colour::Green),
            e(5, 5, Colour::Uncoloured),
        ]
    );
    assert_eq!(mixed.vertex_count, 6);
    // Huge (but valid u64) names are just names.
    let big = p("0-18446744073709551615:B 18446744073709551615-00042:R");
    assert_eq!(big, p("BR"));
    assert_eq!(p("0-1:B 1-1:R").edges[1], e(1, 1, Colour::Red));
}

#[test]
fn from_str_and_display() {
    let q: Position = "BR 0-1:G 1-1:B".parse().unwrap();
    assert_eq!(q.to_string(), "BR 0-1:G 1-1:B");
    assert!("".parse::<Position>().is_err());
}

#[test]
fn error_columns_and_messages() {
    let e1 = err("", 1, "empty position");
    assert_eq!(e1.to_string(), "column 1: empty position");
    err("   \t ", 1, "empty position");
    let q = err("BR BR Q", 7, "unexpected 'Q'");
    assert_eq!(q.token, "Q");
    assert_eq!(
        q.to_string(),
        "column 7: unexpected 'Q' (expected a stalk like BRG or an edge like 0-1:B)"
    );
    let lower = err("BR br", 4, "did you mean 'B'");
    assert_eq!(lower.token, "b");
    err("BRg", 3, "did you mean 'G'");
    err("0-1:r", 5, "did you mean 'R'");
    let plus = err("BR +", 4, "trailing '+'");
    assert_eq!(plus.token, "+");
    err("BR + BR +  ", 9, "trailing '+'");
    err("+BR", 1, "unexpected '+'");
    err("BR ++ BR", 5, "unexpected '+'");
    err("0-1", 4, "missing its colour");
    err("0-1:", 5, "missing its colour");
    err("BR 0-1: G", 8, "missing its colour");
    err("0-1:Q", 5, "expected a colour");
    err("0:B", 2, "expected '-'");
    err("0-:B", 3, "expected a vertex number");
    err("-1-2:B", 1, "unexpected '-'");
    err("BR0-1:B", 3, "separated by '+' or spaces");
    err("0-1:BR", 6, "separated by '+' or spaces");
    let huge = err("BR 0-99999999999999999999999:B", 6, "too large");
    assert_eq!(huge.token, "99999999999999999999999");
    let nim = err("nim:3,2", 1, "nim ruleset");
    assert_eq!(nim.token, "nim:");
    err("BR nim:3", 4, "nim ruleset");
    // Columns count characters, not bytes.
    err("é BR", 1, "unexpected 'é'");
    err("éé", 1, "unexpected");
    err("BR ü", 4, "unexpected 'ü'");
}

#[test]
fn edge_limit() {
    assert_eq!(p(&"G".repeat(MAX_EDGES)).edge_count(), MAX_EDGES);
    let long = err(&"G".repeat(MAX_EDGES + 1), 1, "at most 128");
    assert_eq!(long.token.len(), MAX_EDGES + 1);
    let many = format!("{}B", "B ".repeat(MAX_EDGES));
    err(&many, 2 * MAX_EDGES + 1, "at most 128");
    // The message counts every edge listed, not just the first too many.
    let more = "B ".repeat(MAX_EDGES + 5);
    err(
        &more,
        2 * MAX_EDGES + 1,
        "too many edges: 133 (at most 128)",
    );
    let edges: Vec<String> = (1..=MAX_EDGES + 1).map(|i| format!("0-{i}:R")).collect();
    err(
        &edges.join("+"),
        parse_column_of_last(&edges),
        "too many edges",
    );
}

fn parse_column_of_last(terms: &[String]) -> usize {
    terms[..terms.len() - 1]
        .iter()
        .map(|t| t.len() + 1)
        .sum::<usize>()
        + 1
}

#[test]
fn fuzz_parser_never_panics() {
    let mut rng = SplitMix64(0x2545_F491_4F6C_DD1D);
    let alphabet: Vec<char> = "BRGXbrg0123456789-:+ nim\t é".chars().collect();
    for round in 0..20_000 {
        let len = rng.below(24);
        let text: String = if round % 2 == 0 {
            let bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        } else {
            (0..len)
                .map(|_| alphabet[rng.below(alphabet.len())])
                .collect()
        };
        match parse(&text) {
            Ok(q) => assert_round_trip(&q),
            Err(error) => {
                assert!(error.column >= 1 && error.column <= text.chars().count() + 1);
                assert!(!error.to_string().contains('\n'), "{error}");
            }
        }
    }
}

// ---------- printing and round trips ----------

#[test]
fn canonical_printing() {
    for text in [
        "BR BR R",
        "0-1:B 1-2:R 0-2:B 2-2:R",
        "GGG G",
        "BR 0-1:B 1-2:R 0-2:G RB",
        "0-1:B 1-1:R",
        "0-0:G",
        "0-1:B 0-1:R",
        "BRGX",
    ] {
        assert_eq!(print(&p(text)), text);
    }
    // Vertex names are renumbered by first appearance.
    assert_eq!(print(&p("0-7:B 7-3:R 3-0:G")), "0-1:B 1-2:R 2-0:G");
    // Stalk vertices are fresh: a later "2" is a different vertex…
    assert_eq!(print(&p("BR 2-0:G")), "BR 1-0:G");
    // …and a path whose top carries more edges is not a stalk.
    assert_eq!(print(&p("0-4:B 4-2:R 2-0:G")), "0-1:B 1-2:R 2-0:G");
    assert_eq!(print(&p("0-4:B 4-2:R 4-5:G")), "0-1:B 1-2:R 1-3:G");
    // Explicit edges that happen to form a stalk print as one.
    assert_eq!(print(&p("0-5:B 5-9:R")), "BR");
}

#[test]
fn reversed_or_unordered_stalk_edges_keep_their_orientation() {
    // Edge stored top-down: printing must keep u and v as they are.
    let q = Position::from_edges(vec![e(1, 0, Colour::Blue), e(2, 1, Colour::Red)]);
    assert_eq!(print(&q), "1-0:B 2-1:R");
    assert_round_trip(&q);
    // The labels of a path out of order are not a stalk term.
    let r = Position::from_edges(vec![e(1, 2, Colour::Red), e(0, 1, Colour::Blue)]);
    assert_round_trip(&r);
    // Unused vertex ids are dropped.
    let s = Position::from_edges(vec![e(0, 9, Colour::Green), e(9, 4, Colour::Green)]);
    assert_eq!(print(&s), "GG");
    assert_round_trip(&s);
}

#[test]
fn round_trip_random_positions() {
    for seed in 0..400u64 {
        let edges = 1 + (seed as usize * 7) % 40;
        let colours: &[Colour] = match seed % 3 {
            0 => &[],
            1 => &[Colour::Blue, Colour::Red],
            _ => &Colour::ALL,
        };
        assert_round_trip(&presets::random(seed, edges, colours));
    }
    assert_round_trip(&presets::random(1, MAX_EDGES, &[]));
}

#[test]
fn round_trip_all_presets() {
    for q in sample_presets() {
        assert_round_trip(&q);
    }
}

fn sample_presets() -> Vec<Position> {
    let mut all = vec![
        presets::stalk("BRRGX"),
        presets::hollyhock(Player::Left, 4),
        presets::hollyhock(Player::Right, 1),
        presets::blue_meadow(3, 2),
        presets::sums_of_halves(2, 3),
        presets::circus_tent(2),
        presets::circus_tent(5),
        presets::redwood_bed(1, 1),
        presets::redwood_bed(3, 3),
        presets::redwood_bed(3, 7),
        presets::sprig("BRB"),
        presets::sprig(""),
        presets::nim_heap(5),
        presets::redwood_furniture(&[1, 2, 3, 4], &[(1, 2), (2, 3), (3, 4)]).unwrap(),
    ];
    for preset in Preset::ALL {
        all.push(preset.build(&sample_params(preset)).unwrap());
    }
    all
}

fn sample_params(preset: Preset) -> Vec<&'static str> {
    match preset {
        Preset::Stalk => vec!["BRG"],
        Preset::Stalks => vec!["BR", "RB", "G"],
        Preset::Hollyhock => vec!["3", "red"],
        Preset::BlueMeadow | Preset::SumsOfHalves => vec!["2", "1"],
        Preset::CircusTent => vec!["3"],
        Preset::RedwoodFurniture => vec!["1,1,2", "1-2"],
        Preset::RedwoodBed => vec!["2", "5"],
        Preset::Sprig => vec!["RRB"],
        Preset::NimHeap => vec!["4"],
        Preset::NimHeaps => vec!["1", "2", "3"],
        Preset::Random => vec!["42", "12", "BRG"],
        Preset::Picture => vec!["house"],
    }
}

// ---------- falling, components, restrict ----------

#[test]
fn cutting_the_base_of_a_stalk_drops_everything() {
    let q = p("BRGBR");
    let all = q.full_set();
    assert_eq!(q.cut(all, 0), EdgeSet::EMPTY);
    assert_eq!(q.cut(all, 2), [0, 1].into_iter().collect());
    assert_eq!(q.cut(all, 4), EdgeSet::first(4));
    // In a sum only the cut stalk is affected.
    let sum = p("BR GG");
    assert_eq!(sum.cut(sum.full_set(), 0), [2, 3].into_iter().collect());
}

#[test]
fn cutting_one_leg_of_a_circus_tent_keeps_the_rest() {
    let tent = presets::circus_tent(3);
    let all = tent.full_set();
    // Legs are labelled blue, red, blue, red, …
    assert_eq!(tent.cut(all, 0), all.without(0));
    assert_eq!(tent.cut(all, 1), all.without(1));
    // With two feet gone, the last foot still holds every red edge.
    let two_feet = tent.cut(tent.cut(all, 0), 2);
    assert_eq!(two_feet, all.without(0).without(2));
    // All feet gone: everything falls.
    assert_eq!(tent.cut(two_feet, 4), EdgeSet::EMPTY);
}

#[test]
fn components_split_at_the_ground() {
    let q = p("BR 0-1:B 1-2:R 0-2:G GG 0-0:B");
    let pieces = q.components(q.full_set());
    assert_eq!(pieces.len(), 4);
    assert!(pieces.contains(&[0, 1].into_iter().collect()));
    assert!(pieces.contains(&[2, 3, 4].into_iter().collect()));
    assert!(pieces.contains(&[5, 6].into_iter().collect()));
    assert!(pieces.contains(&EdgeSet::single(7)));
    // Separate circus-tent legs become separate pieces once the top is cut.
    let tent = presets::circus_tent(2);
    let after = tent.cut(tent.cut(tent.full_set(), 1), 3);
    assert_eq!(tent.components(after).len(), 2);
}

#[test]
fn restrict_relabels() {
    let tent = presets::circus_tent(3);
    let leg: EdgeSet = [2, 3].into_iter().collect();
    assert_eq!(tent.restrict(leg), p("BR"));
    let q = p("GG BR 0-1:B 1-1:R");
    let piece = q.restrict([4, 5].into_iter().collect());
    assert_eq!(piece, p("0-1:B 1-1:R"));
    assert_eq!(q.restrict(q.full_set()), q);
}

// ---------- presets ----------

/// The value of a red-blue stalk by the sign-expansion rule (2024 thesis,
/// Theorem 4.1), as a numerator over 2^64-free dyadic (num, log2 den).
fn stalk_value(q: &Position) -> (i128, u32) {
    let sign = |c: Colour| if c == Colour::Blue { 1i128 } else { -1 };
    let colours: Vec<Colour> = q.edges.iter().map(|e| e.colour).collect();
    let first = colours[0];
    let run = colours.iter().take_while(|&&c| c == first).count();
    let den = (colours.len() - run) as u32;
    let mut num = sign(first) * run as i128 * (1i128 << den);
    for (n, &c) in colours[run..].iter().enumerate() {
        num += sign(c) * (1i128 << (den - n as u32 - 1));
    }
    (num, den)
}

#[test]
fn hollyhocks_agree_with_the_rules() {
    for l in 1..=10usize {
        let h = presets::hollyhock(Player::Left, l);
        assert_eq!(print(&h), format!("B{}", "R".repeat(l - 1)));
        // 1/2^(l−1): numerator × 2^(l−1) equals the denominator 2^den.
        let (num, den) = stalk_value(&h);
        assert_eq!(num * (1i128 << (l - 1)), 1i128 << den, "length {l}");
        let red = presets::hollyhock(Player::Right, l);
        let (rnum, rden) = stalk_value(&red);
        assert_eq!((rnum, rden), (-num, den));
    }
    assert_eq!(stalk_value(&p("BRR")), (1, 2));
    assert_eq!(presets::hollyhock(Player::Left, 0).edge_count(), 0);
}

#[test]
fn simple_presets_have_their_text_forms() {
    assert_eq!(presets::blue_meadow(2, 1), p("BR BR R"));
    assert_eq!(presets::blue_meadow(0, 0).edge_count(), 0);
    assert_eq!(print(&presets::sums_of_halves(1, 2)), "BR RB RB");
    assert_eq!(print(&presets::nim_heap(3)), "GGG");
    assert_eq!(print(&presets::sprig("BR")), "GBR");
    assert_eq!(presets::stalk("BRR"), p("BRR"));
    assert_eq!(
        presets::circus_tent(2),
        p("0-1:B 1-3:R 0-2:B 2-3:R").normalized()
    );
    assert_eq!(print(&presets::circus_tent(1)), "BR");
}

#[test]
fn circus_tents_are_circus_tents() {
    for n in 2..=10 {
        let tent = presets::circus_tent(n);
        assert_eq!(tent.edge_count(), 2 * n);
        let top = tent.edges[1].v;
        for leg in 0..n {
            let (foot, red) = (tent.edges[2 * leg], tent.edges[2 * leg + 1]);
            assert_eq!((foot.u, foot.colour), (GROUND, Colour::Blue));
            assert_eq!((red.u, red.v, red.colour), (foot.v, top, Colour::Red));
        }
        assert_eq!(tent.components(tent.full_set()).len(), 1);
    }
}

/// Winning Ways' redwood furniture conditions.
fn is_redwood_furniture(q: &Position) -> bool {
    let touching = |v: usize| q.edges.iter().filter(|e| e.u == v || e.v == v).count();
    q.edges.iter().all(|e| match e.colour {
        Colour::Red => e.u != GROUND && e.v != GROUND,
        Colour::Blue => {
            let top = if e.u == GROUND { e.v } else { e.u };
            (e.u == GROUND) != (e.v == GROUND)
                && touching(top) == 2
                && q.edges
                    .iter()
                    .any(|f| f.colour == Colour::Red && (f.u == top || f.v == top))
        }
        _ => false,
    }) && q.components(q.full_set()).len() == 1
}

#[test]
fn redwood_furniture_and_beds() {
    let table = presets::redwood_furniture(&[1, 2, 3, 4], &[(1, 2), (2, 3), (3, 4)]).unwrap();
    assert!(is_redwood_furniture(&table));
    assert_eq!(table.edge_count(), 11);
    assert_eq!(
        presets::redwood_furniture(&[7, 7], &[]).unwrap(),
        presets::circus_tent(2)
    );
    assert!(is_redwood_furniture(&presets::circus_tent(4)));
    assert!(presets::redwood_furniture(&[1, 2], &[]).is_err());
    assert!(presets::redwood_furniture(&[], &[]).is_err());
    assert!(presets::redwood_furniture(&[1; 65], &[]).is_err());
    for (m, n) in [(1, 1), (1, 4), (2, 3), (3, 3), (3, 5), (4, 9)] {
        let bed = presets::redwood_bed(m, n);
        let count = |c: Colour| bed.edges.iter().filter(|e| e.colour == c).count();
        assert_eq!((count(Colour::Blue), count(Colour::Red)), (m, n));
        assert!(bed
            .edges
            .iter()
            .all(|e| e.colour == Colour::Blue || (e.u != GROUND && e.v != GROUND)));
        assert_eq!(bed.grounded(bed.full_set()), bed.full_set());
        if n >= 2 * m - 1 {
            assert!(is_redwood_furniture(&bed), "{}", print(&bed));
        }
    }
    assert_eq!(presets::redwood_bed(2, 2), p("BR BR"));
}

#[test]
fn random_positions_are_seeded_grounded_multigraphs() {
    assert_eq!(presets::random(7, 30, &[]), presets::random(7, 30, &[]));
    assert_ne!(presets::random(7, 30, &[]), presets::random(8, 30, &[]));
    assert_eq!(presets::random(1, 1000, &[]).edge_count(), MAX_EDGES);
    let (mut loops, mut parallel) = (0, 0);
    for seed in 0..200 {
        let q = presets::random(seed, 20, &[Colour::Red]);
        assert_eq!(q.edge_count(), 20);
        assert_eq!(q.grounded(q.full_set()), q.full_set(), "seed {seed}");
        assert!(q.edges.iter().all(|e| e.colour == Colour::Red));
        loops += q.edges.iter().filter(|e| e.u == e.v).count();
        for (i, a) in q.edges.iter().enumerate() {
            let same = |b: &Edge| (a.u, a.v) == (b.u, b.v) || (a.u, a.v) == (b.v, b.u);
            if a.u != a.v && q.edges[i + 1..].iter().any(same) {
                parallel += 1;
            }
        }
    }
    assert!(
        loops > 0 && parallel > 0,
        "loops {loops}, parallel {parallel}"
    );
}

#[test]
fn preset_table() {
    for preset in Preset::ALL {
        assert_eq!(Preset::from_name(preset.name()), Some(preset));
        assert!(presets::build(preset.name(), &sample_params(preset)).is_ok());
    }
    assert_eq!(
        presets::build("blue-meadow", &["2", "1"]).unwrap(),
        p("BR BR R")
    );
    assert_eq!(
        presets::build("circus-tent", &["2"]).unwrap(),
        presets::circus_tent(2)
    );
    assert_eq!(presets::build("hollyhock", &["3"]).unwrap(), p("BRR"));
    assert_eq!(presets::build("sprig", &[]).unwrap(), p("G"));
    for (name, params) in [
        ("no-such-thing", vec![]),
        ("blue-meadow", vec!["100", "100"]),
        ("blue-meadow", vec!["2"]),
        ("blue-meadow", vec!["-1", "2"]),
        ("blue-meadow", vec!["99999999999999999999999", "0"]),
        ("circus-tent", vec!["1"]),
        ("circus-tent", vec!["65"]),
        ("stalk", vec!["BRq"]),
        ("stalk", vec![""]),
        ("stalk", vec![&"B".repeat(129)]),
        ("sprig", vec!["G"]),
        ("redwood-bed", vec!["3", "2"]),
        ("redwood-bed", vec!["0", "2"]),
        ("redwood-bed", vec!["60", "70"]),
        ("redwood-furniture", vec!["1,2"]),
        ("redwood-furniture", vec!["1,x"]),
        ("redwood-furniture", vec!["1,2", "1+2"]),
        ("hollyhock", vec!["3", "green"]),
        ("nim-heap", vec!["129"]),
        ("random", vec!["seed", "3"]),
        ("random", vec!["1", "3", "BQ"]),
    ] {
        let result = presets::build(name, &params);
        assert!(result.is_err(), "{name} {params:?} gave {result:?}");
    }
}

// ---------- layout ----------

#[test]
fn stalks_are_vertical_columns_side_by_side() {
    let q = p("BRG GG R");
    let lay = layout::auto(&q);
    assert_eq!(lay.points.len(), q.vertex_count);
    assert_eq!(lay.points[GROUND].y, 0.0);
    let column = |labels: &[usize]| -> (f64, Vec<f64>) {
        let pts: Vec<Point> = labels.iter().map(|&i| lay.points[q.edges[i].v]).collect();
        assert!(pts.iter().all(|pt| pt.x == pts[0].x));
        (pts[0].x, pts.iter().map(|pt| pt.y).collect())
    };
    let (x1, y1) = column(&[0, 1, 2]);
    let (x2, y2) = column(&[3, 4]);
    let (x3, y3) = column(&[5]);
    assert_eq!(y1, vec![1.0, 2.0, 3.0]);
    assert_eq!(y2, vec![1.0, 2.0]);
    assert_eq!(y3, vec![1.0]);
    assert!(x1 < x2 && x2 < x3);
    let (a, b) = lay.edge_ends(&q, 0).unwrap();
    assert_eq!((a.x, a.y, b.y), (x1, 0.0, 1.0));
}

#[test]
fn layouts_are_deterministic_and_finite() {
    for seed in 0..100 {
        let q = presets::random(seed, 1 + seed as usize % 30, &[]);
        let lay = layout::auto(&q);
        assert_eq!(lay, layout::auto(&q));
        assert_eq!(lay.points.len(), q.vertex_count);
        for (v, pt) in lay.points.iter().enumerate() {
            assert!(pt.x.is_finite() && pt.y.is_finite());
            assert!(v == GROUND || pt.y >= 1.0, "seed {seed} vertex {v}");
        }
    }
    let tent = layout::auto(&presets::circus_tent(3));
    assert_eq!(tent.points[presets::circus_tent(3).edges[1].v].y, 2.0);
}

// ---------- JSON ----------

#[test]
fn json_round_trips_with_the_text_form() {
    let mut texts: Vec<String> = ["BR BR R", "0-1:B 1-2:R 0-2:B 2-2:R", "GGG 0-0:X"]
        .map(String::from)
        .to_vec();
    texts.extend((0..100).map(|seed| print(&presets::random(seed, 1 + seed as usize % 25, &[]))));
    texts.extend(sample_presets().iter().map(print));
    for text in texts {
        let q = p(&text);
        let doc = json::to_json_auto(&q);
        let (back, lay) = json::from_json(&doc).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(back, q);
        assert_eq!(lay, layout::auto(&q));
        assert_eq!(print(&back), text);
        assert_eq!(json::to_json(&back, &lay), doc);
    }
}

#[test]
fn json_shape() {
    let doc = json::to_json_auto(&p("BR"));
    let value: serde_json::Value = serde_json::from_str(&doc).unwrap();
    assert_eq!(value["version"], 1);
    assert_eq!(value["vertices"].as_array().unwrap().len(), 3);
    assert_eq!(
        value["edges"][1],
        serde_json::json!({"u": 1, "v": 2, "colour": "R"})
    );
    // Missing or non-finite layout points are filled in automatically.
    let q = p("BR");
    let partial = Layout {
        points: vec![Point {
            x: f64::NAN,
            y: 0.0,
        }],
    };
    let (_, lay) = json::from_json(&json::to_json(&q, &partial)).unwrap();
    assert_eq!(lay, layout::auto(&q));
}

#[test]
fn json_validation_errors() {
    let good = r#"{"version":1,"vertices":[{"x":0,"y":0},{"x":0,"y":1}],"edges":[{"u":0,"v":1,"colour":"B"}]}"#;
    assert_eq!(json::from_json(good).unwrap().0, p("B"));
    let cases = [
        (good.replace("\"version\":1", "\"version\":2"), "version"),
        (good.replace("\"v\":1", "\"v\":5"), "vertex 5"),
        (good.replace("\"B\"", "\"Q\""), "colour"),
        (good.replace("\"B\"", "\"BR\""), "colour"),
        (good.replace("\"B\"", "\"b\""), "colour"),
        (good.replace("\"u\":0", "\"u\":-1"), "invalid"),
        (good.replace("\"y\":1", "\"y\":1e999"), "invalid"),
        (good.replace("\"y\":1}", "\"y\":1,\"z\":0}"), "invalid"),
        (good.replace("\"edges\"", "\"edgez\""), "invalid"),
        (
            r#"{"version":1,"vertices":[],"edges":[]}"#.to_string(),
            "ground",
        ),
        ("not json".to_string(), "invalid"),
        (String::new(), "invalid"),
    ];
    for (text, needle) in cases {
        let error = json::from_json(&text).expect_err(&text).to_string();
        assert!(error.contains(needle), "{text}: {error}");
    }
    let mut doc = PositionDoc::new(&p("B"), &Layout::default());
    doc.vertices[1].x = f64::NAN;
    assert!(doc
        .to_position()
        .unwrap_err()
        .to_string()
        .contains("non-finite"));
    doc.vertices[1].x = f64::INFINITY;
    assert!(doc.to_position().is_err());
    let big = PositionDoc::new(&p(&"G".repeat(MAX_EDGES)), &Layout::default());
    let mut too_many = big.clone();
    too_many.edges.push(too_many.edges[0].clone());
    assert_eq!(
        too_many.to_position().unwrap_err().to_string(),
        "too many edges: 129 (at most 128)"
    );
    let mut crowded = big;
    crowded.vertices = vec![Point { x: 0.0, y: 0.0 }; 5000];
    assert!(crowded
        .to_position()
        .unwrap_err()
        .to_string()
        .contains("too many vertices"));
}

/// A position's document takes the layout's points and fills the vertices
/// the layout lacks (or holds as non-finite) from the automatic layout,
/// which is computed only then: on random positions with full, partial,
/// spoilt, short and empty layouts, the document is the definition's.
#[test]
fn documents_fill_missing_points_from_the_automatic_layout() {
    let mut rng = SplitMix64(0x9E37_79B9_7F4A_7C15);
    let mut filled = 0;
    for seed in 0..300 {
        let q = presets::random(seed, 1 + seed as usize % 20, &[]);
        let auto = layout::auto(&q);
        let mut given = auto.clone();
        for pt in &mut given.points {
            pt.x += 0.25;
            pt.y *= 2.0;
        }
        match seed % 5 {
            0 => {}
            1 => {
                let k = rng.below(given.points.len());
                given.points[k].x = f64::NAN;
            }
            2 => {
                let k = rng.below(given.points.len());
                given.points[k].y = f64::INFINITY;
            }
            3 => {
                let keep = rng.below(given.points.len());
                given.points.truncate(keep);
            }
            _ => given.points.clear(),
        }
        let expected: Vec<Point> = (0..auto.points.len())
            .map(|v| match given.points.get(v) {
                Some(pt) if pt.x.is_finite() && pt.y.is_finite() => *pt,
                _ => auto.points[v],
            })
            .collect();
        filled += expected
            .iter()
            .zip(&auto.points)
            .filter(|(a, b)| a == b)
            .count();
        let doc = PositionDoc::new(&q, &given);
        assert_eq!(doc.vertices, expected, "seed {seed}");
        assert_eq!(layout::point_count(&q), auto.points.len());
    }
    assert!(filled > 300, "{filled} points filled in");
}
