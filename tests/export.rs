//! Exported pictures: cropped to the drawing, captioned with the slide's
//! title, rules and value (SVG and the PNG's layout alike), and the whole
//! deck as a printable HTML handout.

use hackenbush_lab::analysis::{analyse, Answer};
use hackenbush_lab::budget::Budget;
use hackenbush_lab::position::Point;
use hackenbush_lab::ui::geometry::Shape;
use hackenbush_lab::ui::scene::{self, Scene, SceneOptions, EXPORT_MARGIN};
use hackenbush_lab::ui::session::{Mode, Session};
use hackenbush_lab::ui::svg::{to_svg, to_svg_with_caption};
use hackenbush_lab::ui::viewport::Viewport;
use hackenbush_lab::ui::{gallery, Drawing};

/// The CSS size of the board that gave a 2028×928 PNG at 2×.
const BOARD: (f64, f64) = (1014.0, 464.0);

fn board_scene(d: &Drawing) -> Scene {
    let mut v = Viewport::new(BOARD.0, BOARD.1);
    v.fit(d);
    let opts = SceneOptions {
        show_labels: true,
        ..SceneOptions::default()
    };
    scene::build(d, &v, &opts)
}

/// The points a shape passes through at its extremes: ends, a curve's
/// control-bounded middle, a loop's four compass points.
fn shape_points(s: &Shape) -> Vec<Point> {
    match *s {
        Shape::Line(a, b) => vec![a, b],
        Shape::Curve(a, c, b) => {
            let mid = Point {
                x: 0.25 * a.x + 0.5 * c.x + 0.25 * b.x,
                y: 0.25 * a.y + 0.5 * c.y + 0.25 * b.y,
            };
            vec![a, mid, b]
        }
        Shape::Loop { centre, radius, .. } => [(0.0, -1.0), (0.0, 1.0), (-1.0, 0.0), (1.0, 0.0)]
            .iter()
            .map(|(dx, dy)| Point {
                x: centre.x + dx * radius,
                y: centre.y + dy * radius,
            })
            .collect(),
    }
}

/// The box (left, top, right, bottom) of every edge's points and every
/// vertex: the drawing itself, without stroke widths or labels.
fn points_box(s: &Scene) -> (f64, f64, f64, f64) {
    let points = s
        .edges
        .iter()
        .flat_map(|e| shape_points(&e.shape))
        .chain(s.vertices.iter().map(|v| v.0));
    points.fold(
        (
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        ),
        |(l, t, r, b), p| (l.min(p.x), t.min(p.y), r.max(p.x), b.max(p.y)),
    )
}

/// How much of the picture less its margins the drawing's box covers,
/// across and down (the better of the two is what "fills" means for a
/// drawing whose shape differs from the picture's).
fn cover(s: &Scene, margin: f64) -> (f64, f64) {
    let (l, t, r, b) = drawing_box(s);
    (
        (r - l) / (s.width - 2.0 * margin),
        (b - t) / (s.height - 2.0 * margin),
    )
}

/// [`points_box`] with the ground line, which belongs to the drawing.
fn drawing_box(s: &Scene) -> (f64, f64, f64, f64) {
    let (l, t, r, b) = points_box(s);
    (l, t.min(s.ground_y), r, b.max(s.ground_y))
}

/// The widest empty strip between the drawing's box and a side of the
/// picture: the margin plus what strokes, discs and labels take.
fn widest_gap(s: &Scene) -> f64 {
    let (l, t, r, b) = drawing_box(s);
    [l, t, s.width - r, s.height - b]
        .into_iter()
        .fold(0.0, f64::max)
}

/// Room for labels (a pill of two digits reaches 38 px right of its
/// edge) and strokes, beyond the margin.
const SLACK: f64 = 40.0;

fn inside(s: &Scene, p: Point) -> bool {
    (0.0..=s.width).contains(&p.x) && (0.0..=s.height).contains(&p.y)
}

#[test]
fn gallery_drawings_crop_to_fill_the_picture() {
    let mut report = Vec::new();
    let mut board_fills = 0;
    for i in 0..gallery::ENTRIES.len() {
        let d = gallery::load(i).unwrap();
        let s = board_scene(&d);
        let c = scene::crop(&s, EXPORT_MARGIN);
        let title = gallery::ENTRIES[i].title;
        for e in &c.edges {
            for p in shape_points(&e.shape) {
                assert!(inside(&c, p), "{title}: edge {} at {p:?} outside", e.label);
            }
        }
        for (p, _) in &c.vertices {
            assert!(inside(&c, *p), "{title}: vertex {p:?} outside");
        }
        assert!(
            c.ground_y > EXPORT_MARGIN && c.ground_y < c.height,
            "{title}: the ground is in the picture"
        );
        let (across, down) = cover(&c, EXPORT_MARGIN);
        assert!(
            across >= 0.8 || down >= 0.8,
            "{title}: the drawing covers {across:.2} across, {down:.2} down"
        );
        let gap = widest_gap(&c);
        assert!(
            gap <= EXPORT_MARGIN + SLACK,
            "{title}: an empty strip of {gap:.0} px"
        );
        // Nothing was rescaled: the crop is a translation.
        assert_eq!(c.unit, s.unit, "{title}");
        let area = |s: &Scene| s.width * s.height;
        let drawn = |s: &Scene| {
            let b = scene::drawing_extent(s).unwrap();
            let ground = s.ground_y + 3.0 - b.top.min(s.ground_y - 3.0);
            100.0 * (1.0 - b.width() * ground.max(b.height()) / area(s))
        };
        report.push(format!(
            "{title}: {:.0}×{:.0} → {:.0}×{:.0} ({:.0} % of the area); empty {:.0} % → {:.0} %",
            s.width,
            s.height,
            c.width,
            c.height,
            100.0 * area(&c) / area(&s),
            drawn(&s),
            drawn(&c),
        ));
        if widest_gap(&s) <= EXPORT_MARGIN + SLACK {
            board_fills += 1;
        }
    }
    println!("{}", report.join("\n"));
    // The check bites: on the board's whole viewport no drawing passes.
    assert_eq!(board_fills, 0, "drawings that fill the uncropped board");
}

#[test]
fn curves_loops_and_labels_stay_inside_the_margin() {
    // Two parallel edges bow apart; two loops stand on top of vertex 1.
    let d = Drawing::from_text("0-1:B 0-1:R 1-1:G 1-1:G").unwrap();
    let s = board_scene(&d);
    let c = scene::crop(&s, EXPORT_MARGIN);
    let outer = match c.edges[3].shape {
        Shape::Loop { centre, radius, .. } => centre.y - radius,
        ref other => panic!("{other:?}"),
    };
    // The outer loop's label, on its top, is the highest thing drawn: its
    // pill (16 px high, centred on the stroke) starts at the margin.
    let half_stroke = scene::stroke(c.edges[3].colour, false).width / 2.0;
    assert!(half_stroke < 8.0, "the pill stands above the stroke");
    assert!(
        (outer - 8.0 - EXPORT_MARGIN).abs() < 1e-9,
        "loop top {outer}"
    );
    // The labels' pills are inside on the right.
    let b = scene::drawing_extent(&c).unwrap();
    assert!((b.right - (c.width - EXPORT_MARGIN)).abs() < 1e-9);
    assert!(b.left >= EXPORT_MARGIN - 1e-9 && b.top >= EXPORT_MARGIN - 1e-9);
    // Below the ground: the margin.
    assert!((c.height - EXPORT_MARGIN - 3.0 - c.ground_y).abs() < 1e-9);
}

#[test]
fn an_empty_board_crops_to_a_stretch_of_ground() {
    let s = board_scene(&Drawing::default());
    assert!(s.edges.is_empty());
    let c = scene::crop(&s, EXPORT_MARGIN);
    assert!(
        c.width < 200.0 && c.height < 60.0,
        "{}×{}",
        c.width,
        c.height
    );
    assert!(inside(
        &c,
        Point {
            x: 0.0,
            y: c.ground_y
        }
    ));
}

#[test]
fn svg_captions_are_escaped_in_a_band_below() {
    let d = gallery::load(1).unwrap();
    let s = scene::crop(&board_scene(&d), EXPORT_MARGIN);
    let plain = to_svg(&s);
    assert_eq!(
        to_svg_with_caption(&s, None),
        plain,
        "no caption: unchanged"
    );
    assert_eq!(to_svg_with_caption(&s, Some("  ")), plain, "blank: none");

    let height = |svg: &str| -> f64 {
        let at = svg.find("height=\"").unwrap() + 8;
        svg[at..at + svg[at..].find('"').unwrap()].parse().unwrap()
    };
    let svg = to_svg_with_caption(&s, Some("Tom & Jerry's <tent> · \"quantum\""));
    assert!(
        svg.contains(">Tom &amp; Jerry&#39;s &lt;tent&gt; · &quot;quantum&quot;</text>"),
        "{svg}"
    );
    assert!(!svg.contains("<tent>"));
    assert_eq!(height(&svg), (s.height + 44.0).round());
    assert!(svg.contains("font-size=\"18\" font-weight=\"600\""));
    assert!(svg.contains("fill=\"#ffffff\""), "a white band");

    // A caption longer than the picture is wide takes more lines, each
    // within the width; the band grows by a line each.
    let long = "word ".repeat(150);
    let (wide, band) = scene::with_caption(&s, &long);
    let band = band.unwrap();
    assert_eq!(band.lines.len(), 3, "at most three lines");
    assert!(band.lines[2].ends_with('…'));
    assert_eq!(band.height, 44.0 + 2.0 * 24.0);
    assert_eq!(band.top, wide.height);
    for l in &band.lines {
        assert!(l.chars().count() as f64 * 11.0 <= wide.width - 24.0, "{l}");
    }
    assert!(band.line_middle(0) < band.line_middle(2));
    let svg = to_svg_with_caption(&s, Some(&long));
    assert_eq!(svg.matches("font-weight=\"600\"").count(), 3);
    assert_eq!(height(&svg), (s.height + 92.0).round());
}

#[test]
fn a_narrow_picture_widens_for_its_caption() {
    let s = scene::crop(
        &board_scene(&Drawing::from_text("B").unwrap()),
        EXPORT_MARGIN,
    );
    assert!(s.width < 120.0, "one edge: {}", s.width);
    let caption = "Circus tent · normal play · value 1/2";
    let (wide, band) = scene::with_caption(&s, caption);
    assert_eq!(band.unwrap().lines, [caption], "one line");
    assert!(wide.width > s.width);
    // The drawing (edge, vertex and label) stays centred.
    let b = scene::drawing_extent(&wide).unwrap();
    assert!((b.left - (wide.width - b.right)).abs() < 1e-9, "{b:?}");
    assert_eq!(wide.height, s.height);
}

fn answer_for(s: &mut Session) -> Answer {
    let req = s.analysis_request().unwrap().to_request();
    analyse(&req, &Budget::default()).unwrap()
}

#[test]
fn the_session_exports_cropped_and_captioned() {
    let mut s = Session::new(BOARD.0, BOARD.1);
    s.set_text("BR").unwrap();
    let e = s.export_scene(false);
    assert!(
        e.width < 300.0 && e.height < 300.0,
        "{}×{}",
        e.width,
        e.height
    );
    assert!(s.svg().contains(&format!("width=\"{:.0}\"", e.width)));

    // No title: the position; the value once the engine answered.
    assert_eq!(s.export_caption().to_string(), "BR · normal play");
    let a = answer_for(&mut s);
    s.set_answer(&a);
    let c = s.export_caption();
    assert_eq!(c.to_string(), "BR · normal play · value 1/2");
    assert_eq!(c.title, None);

    // A titled slide: the title instead of the position.
    s.set_slide_title("Half <a> stalk").unwrap();
    assert_eq!(
        s.export_caption().to_string(),
        "Half <a> stalk · normal play · value 1/2"
    );
    let svg = s.export_svg(false, true);
    assert!(svg.contains(">Half &lt;a&gt; stalk · normal play · value 1/2</text>"));
    assert!(!s.export_svg(false, false).contains("Half"));
    assert_eq!(s.export_svg(false, false), s.svg());

    // Another board: the old value is not this board's.
    s.set_text("BRR").unwrap();
    assert_eq!(
        s.export_caption().to_string(),
        "Half <a> stalk · normal play"
    );
}

#[test]
fn quantum_captions_carry_the_rules_and_moves() {
    let mut s = Session::new(BOARD.0, BOARD.1);
    s.set_text("BR R").unwrap();
    s.set_rules("quantum:C:2".parse().unwrap());
    s.set_mode(Mode::Play);
    let c = s.export_caption();
    assert_eq!(c.rules, "quantum, flavour C, width 2");
    assert_eq!(c.to_string(), "BR R · quantum, flavour C, width 2");
}

/// The text of each page's caption subject, in order.
fn subjects(html: &str) -> Vec<&str> {
    html.split("<span class=\"subject\">")
        .skip(1)
        .map(|rest| &rest[..rest.find("</span>").unwrap()])
        .collect()
}

#[test]
fn a_deck_prints_one_page_a_slide_in_order() {
    let mut s = Session::new(BOARD.0, BOARD.1);
    s.set_text("BR").unwrap();
    s.set_slide_title("One <1>").unwrap();
    s.add_slide();
    s.set_text("R R").unwrap();
    s.set_rules("misere".parse().unwrap());
    s.set_slide_title("Two & two").unwrap();
    s.add_slide();
    s.set_text("GG").unwrap();
    s.set_rules("normal".parse().unwrap());
    s.set_slide_title("Three \"3\"").unwrap();
    let a = answer_for(&mut s);
    s.set_answer(&a);

    let html = s.handout();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.trim_end().ends_with("</html>"));
    assert!(html.contains("@page") && html.contains("page-break-after: always"));
    assert_eq!(html.matches("<section class=\"page\">").count(), 3);
    assert_eq!(html.matches("<svg xmlns").count(), 3);
    assert_eq!(
        subjects(&html),
        ["One &lt;1&gt;", "Two &amp; two", "Three &quot;3&quot;"]
    );
    assert!(!html.contains("One <1>") && !html.contains("Two & two"));
    assert!(html.contains(">1 / 3<") && html.contains(">3 / 3<"));
    // Each page its own rules; the value only where the session has it
    // (the slide shown).
    assert!(html.contains(">misère play</span>"), "slide 2's rules");
    assert!(html.contains(">normal play · value *2</span>"), "{html}");
    assert_eq!(html.matches("value").count(), 1);
    // It asks for the print dialog itself once loaded (the page opens it
    // without a hold on its window), after the last page.
    let script = html.find("<script>").expect("a script");
    assert!(script > html.rfind("</section>").unwrap());
    assert!(html[script..].contains("addEventListener(\"load\", function () { print(); })"));
    assert_eq!(html.matches("<script").count(), 1);

    // The slide shown does not change, nor the deck.
    assert_eq!(s.status().slide, 2);
    assert_eq!(s.status().slides, 3);
}

/// While values are hidden no export made of the caption shows one: the
/// handout (a QA pass printed a worksheet with values hidden and found the
/// value under the board), the pictures' captions and the TikZ captions,
/// whoever asks.
#[test]
fn hidden_values_stay_hidden_in_every_caption() {
    use hackenbush_lab::ui::page::Action;
    let mut s = Session::new(BOARD.0, BOARD.1);
    s.set_text("BRR G BB").unwrap();
    let a = answer_for(&mut s);
    s.set_answer(&a);
    assert!(s.handout().contains(" · value 2 1/4*<"), "{}", s.handout());
    assert!(s.export_caption().value.is_some());
    let shown = s.tikz_board(true, false);
    assert!(shown.contains("frac{1}{4}"), "{shown}");
    s.dispatch(Action::SetHideValues(true), 0.0).unwrap();
    let html = s.handout();
    assert!(!html.contains("value") && !html.contains("1/4"), "{html}");
    assert!(html.contains(">normal play</span>"), "{html}");
    assert_eq!(s.export_caption().value, None);
    let svg = s.export_svg(false, true);
    assert!(svg.contains("normal play") && !svg.contains("1/4"), "{svg}");
    for tex in [s.tikz_board(true, false), s.tikz_deck(false)] {
        assert!(
            tex.contains("normal play") && !tex.contains("frac{1}{4}"),
            "{tex}"
        );
    }
    // Shown again, the value comes back.
    s.dispatch(Action::SetHideValues(false), 0.0).unwrap();
    assert!(s.handout().contains(" · value 2 1/4*<"));
}

#[test]
fn a_board_alone_prints_one_page() {
    let mut s = Session::new(BOARD.0, BOARD.1);
    s.set_text("B").unwrap();
    let html = s.handout();
    assert_eq!(html.matches("<section class=\"page\">").count(), 1);
    assert_eq!(subjects(&html), ["B"]);
    assert!(html.contains("<title>B — Hackenbush Lab</title>"));
}

#[test]
fn handout_pages_show_the_board_in_play() {
    // A slide in play after a cut shows what stands, not the drawing.
    let mut s = Session::new(BOARD.0, BOARD.1);
    s.set_text("BB").unwrap();
    s.set_mode(Mode::Play);
    s.play_label(2, 0.0).unwrap();
    s.add_slide();
    s.set_mode(Mode::Edit);
    s.set_text("RRR").unwrap();
    let html = s.handout();
    let first = &html[..html.find("</section>").unwrap()];
    assert_eq!(first.matches("<path").count(), 1, "one edge left standing");
    assert!(
        first.contains("after 1 move") || first.contains(">B<"),
        "{first}"
    );
}

#[test]
fn loops_at_one_vertex_put_their_labels_apart_at_their_tops() {
    // A student's puzzle drawing: loops 3 (green) and 10 (blue) stand on
    // vertex 1. On screen (y down) both labels sat at the vertex, where
    // every loop of it meets, and 10 covered 3.
    let d =
        Drawing::from_text("0-1:G 0-1:G 1-1:G 0-1:B 1-2:R 0-3:G 1-4:G 4-5:B 3-6:G 1-1:B").unwrap();
    let s = board_scene(&d);
    let vertex = s.vertices[0].0;
    let mut tops = Vec::new();
    for label in [3, 10] {
        let e = s.edges.iter().find(|e| e.label == label).unwrap();
        let Shape::Loop { centre, radius, .. } = e.shape else {
            panic!("edge {label} is a loop: {:?}", e.shape);
        };
        let m = e.shape.midpoint();
        // The top of the circle on screen, on the stroke, above the vertex.
        assert!((m.y - (centre.y - radius)).abs() < 1e-9 && (m.x - centre.x).abs() < 1e-9);
        assert!(e.shape.distance(m) < 1e-9);
        assert!(
            m.y < vertex.y - radius,
            "edge {label}'s label is above its vertex"
        );
        tops.push(m);
    }
    // Farther apart than a label is high (16 px at 1x).
    assert!(
        (tops[0].y - tops[1].y).abs() > 16.0,
        "the two loops' labels overlap: {tops:?}"
    );
    // The SVG writes them there too: no two labels at one spot.
    let svg = to_svg(&s);
    let mut spots: Vec<&str> = svg
        .split("<text ")
        .skip(1)
        .map(|t| &t[..t.find(" font-family").unwrap()])
        .collect();
    let n = spots.len();
    spots.sort();
    spots.dedup();
    assert_eq!((spots.len(), n), (10, 10), "every label has its own spot");
}

#[test]
fn a_loop_stands_clear_of_an_edge_going_up_from_its_vertex() {
    // Classroom drawing 5 of seed 25: blue loop 7 on vertex 2, and blue
    // edge 8 going straight up from that vertex. The loop stood upright,
    // over edge 8, with its label (at its top) on edge 8's label, so the
    // class saw 8 and no 7.
    let d = Drawing::from_text("R 0-1:R 0-2:G 1-3:G 0-1:R 1-4:G 2-2:B 2-5:B 3-3:G 1-6:G").unwrap();
    let s = board_scene(&d);
    let edge = |label: usize| s.edges.iter().find(|e| e.label == label).unwrap();
    let (
        Shape::Loop {
            centre,
            radius,
            foot,
        },
        Shape::Line(a, b),
    ) = (edge(7).shape, edge(8).shape)
    else {
        panic!(
            "7 is a loop and 8 a straight edge: {:?}",
            (edge(7).shape, edge(8).shape)
        );
    };
    assert!((a.x - b.x).abs() < 1e-9, "edge 8 goes straight up");
    assert!(
        (foot.x - a.x).abs() < 1e-9 && ((foot.y - a.y).abs() < 1e-9 || (foot.y - b.y).abs() < 1e-9),
        "the loop stands on one of 8's ends"
    );
    // The loop's circle keeps off edge 8 but at its foot: its centre is
    // further from the edge's line than its radius, less a stroke.
    assert!(
        (centre.x - a.x).abs() > 0.5 * radius,
        "loop 7 leans off edge 8: centre {centre:?}, radius {radius}"
    );
    assert_labels_apart(&s);
}

/// Each edge's label pill, where the views put it: (label, left, top,
/// width, height), in the scene's pixels (16 px high at 1x, as wide as its
/// text).
fn label_pills(s: &Scene) -> Vec<(usize, f64, f64, f64, f64)> {
    let k = scene::label_scale(s).max(1.0);
    s.edges
        .iter()
        .map(|e| {
            let m = e.shape.midpoint();
            let w = scene::label_width(&scene::label_text(e), k);
            let left = scene::label_left(m, w, k, s.width, e.shape.label_side());
            (e.label, left, m.y - 8.0 * k, w, 16.0 * k)
        })
        .collect()
}

/// Every label's pill is clear of every other one.
fn assert_labels_apart(s: &Scene) {
    let pills = label_pills(s);
    for (i, &(l, x, y, w, h)) in pills.iter().enumerate() {
        for &(m, x2, y2, w2, h2) in &pills[i + 1..] {
            let apart = x + w <= x2 || x2 + w2 <= x || y + h <= y2 || y2 + h2 <= y;
            assert!(apart, "the labels of {l} and {m} overlap");
        }
    }
}

#[test]
fn an_edge_bowing_over_a_looped_vertex_passes_over_the_loop_and_its_label() {
    // Classroom drawing 7 of seed 25: red edge 4 runs from vertex 1 over
    // vertices 2 and 3 to vertex 4, and blue loop 9 stands on vertex 3.
    // The bow ran through the loop and over its label at the usual height,
    // so a projector showed two red strokes and a blue ring tangled.
    for text in [
        "0-1:G 1-2:G 1-3:R 1-4:R 2-0:B 3-0:G 0-4:G G 3-3:B",
        // Two loops there, nested: the bow clears the outer one.
        "0-1:G 1-2:G 1-3:R 1-4:R 2-0:B 3-0:G 0-4:G G 3-3:B 3-3:R",
    ] {
        let d = Drawing::from_text(text).unwrap();
        let s = board_scene(&d);
        let edge = |label: usize| s.edges.iter().find(|e| e.label == label).unwrap();
        let Shape::Curve(a, c, b) = edge(4).shape else {
            panic!("{text}: edge 4 bows: {:?}", edge(4).shape);
        };
        let loops: Vec<_> = s
            .edges
            .iter()
            .filter(|e| matches!(e.shape, Shape::Loop { .. }))
            .collect();
        let pills = label_pills(&s);
        for l in &loops {
            let Shape::Loop { centre, radius, .. } = l.shape else {
                unreachable!()
            };
            let &(_, x, y, w, h) = pills.iter().find(|p| p.0 == l.label).unwrap();
            // Half of either stroke and a hair between them.
            let gap = 6.0;
            for k in 0..=64 {
                let p = hackenbush_lab::ui::geometry::bezier(a, c, b, k as f64 / 64.0);
                let off_ring = ((p.x - centre.x).hypot(p.y - centre.y) - radius).abs();
                assert!(
                    off_ring > gap,
                    "{text}: edge 4 crosses loop {} at {p:?}",
                    l.label
                );
                let on_pill =
                    p.x > x - gap && p.x < x + w + gap && p.y > y - gap && p.y < y + h + gap;
                assert!(!on_pill, "{text}: edge 4 runs over label {}", l.label);
            }
        }
        assert_labels_apart(&s);
        // The view still holds the bow, with room for its label.
        let crest = s
            .edges
            .iter()
            .map(|e| e.shape.midpoint().y)
            .fold(f64::INFINITY, f64::min);
        assert!(
            crest - 8.0 >= 0.0,
            "{text}: the highest label is on the board: {crest}"
        );
    }
}

#[test]
fn loops_stand_upright_where_no_edge_goes_up() {
    // A Y-shaped vertex (two branches up at 45°) and a vertex with no
    // edge above: the loops there stand upright, as they always did.
    for text in ["0-1:B 1-2:R 1-3:R 1-1:G", "0-1:B 1-1:G 1-1:R"] {
        let d = Drawing::from_text(text).unwrap();
        let s = board_scene(&d);
        for e in &s.edges {
            if let Shape::Loop { centre, foot, .. } = e.shape {
                assert!(
                    (centre.x - foot.x).abs() < 1e-9 && centre.y < foot.y,
                    "{text}: loop {} upright",
                    e.label
                );
            }
        }
    }
}

#[test]
fn loops_on_the_ground_stand_inside_the_board_in_a_column_of_their_own() {
    // Classroom drawing 1 of seed 24: red loops 5 and 7 on the ground,
    // listed after the rest. The ground's point stood halfway along the
    // drawing's columns, past its last vertex, and the views fit only
    // the vertices: a projector showed both loops cut in half at the
    // board's right edge.
    for text in [
        "0-1:G G 0-1:R 1-0:B 0-0:R 1-1:B 0-0:R 1-1:B 1-2:B",
        "BR R 0-0:G",
        "0-0:B BR",
    ] {
        let d = Drawing::from_text(text).unwrap();
        // Fitted as presenting zooms it (the projector's board at 1920×1080).
        let mut v = Viewport::new(1300.0, 870.0);
        v.fit_within(&d, hackenbush_lab::ui::viewport::PRESENT_SCALE);
        let presented = scene::build(&d, &v, &SceneOptions::default());
        for e in &presented.edges {
            if let Shape::Loop { centre, radius, .. } = e.shape {
                assert!(
                    centre.x - radius >= 0.0 && centre.x + radius <= presented.width,
                    "{text}: presenting, loop {} inside the board: {centre:?} r {radius}",
                    e.label
                );
            }
        }
        let s = board_scene(&d);
        let loops: Vec<_> = s
            .edges
            .iter()
            .filter_map(|e| match e.shape {
                Shape::Loop {
                    centre,
                    radius,
                    foot,
                } if (foot.y - s.ground_y).abs() < 1e-9 => Some((e.label, centre, radius)),
                _ => None,
            })
            .collect();
        assert!(!loops.is_empty(), "{text}: loops on the ground");
        for &(label, centre, radius) in &loops {
            assert!(
                centre.x - radius >= 0.0 && centre.x + radius <= s.width,
                "{text}: loop {label} inside the board: {centre:?} r {radius} of {}",
                s.width
            );
            // Clear of every vertex, and of every edge but the loops.
            for v in &s.vertices {
                let apart = (v.0.x - centre.x).hypot(v.0.y - centre.y) - radius;
                assert!(apart > 8.0, "{text}: loop {label} on a vertex {:?}", v.0);
            }
            for e in s
                .edges
                .iter()
                .filter(|e| !matches!(e.shape, Shape::Loop { .. }))
            {
                for k in 0..=32 {
                    let t = k as f64 / 32.0;
                    let p = match e.shape {
                        Shape::Line(a, b) => Point {
                            x: a.x + t * (b.x - a.x),
                            y: a.y + t * (b.y - a.y),
                        },
                        Shape::Curve(a, c, b) => hackenbush_lab::ui::geometry::bezier(a, c, b, t),
                        Shape::Loop { .. } => unreachable!(),
                    };
                    let off = (p.x - centre.x).hypot(p.y - centre.y) - radius;
                    assert!(off > 6.0, "{text}: loop {label} crosses edge {}", e.label);
                }
            }
        }
        assert_labels_apart(&s);
    }
}

/// The least angle, in degrees, between each loop's lean (foot to centre)
/// and the edges leaving its vertex (a bow by its tangent there); loops
/// on the ground, which stand upright, left out.
fn loop_clearances(s: &Scene) -> Vec<(usize, f64)> {
    let near = |p: Point, q: Point| (p.x - q.x).hypot(p.y - q.y) < 1e-6;
    s.edges
        .iter()
        .filter_map(|l| match l.shape {
            Shape::Loop { centre, foot, .. } if (foot.y - s.ground_y).abs() > 1e-6 => {
                Some((l.label, centre, foot))
            }
            _ => None,
        })
        .map(|(label, centre, foot)| {
            let lean = (centre.y - foot.y).atan2(centre.x - foot.x);
            let least = s
                .edges
                .iter()
                .filter_map(|e| match e.shape {
                    Shape::Line(a, b) if near(a, foot) => Some(b),
                    Shape::Line(a, b) if near(b, foot) => Some(a),
                    Shape::Curve(a, c, b) if near(a, foot) || near(b, foot) => Some(c),
                    _ => None,
                })
                .map(|towards| {
                    let gap = ((towards.y - foot.y).atan2(towards.x - foot.x) - lean)
                        .to_degrees()
                        .rem_euclid(360.0);
                    gap.min(360.0 - gap)
                })
                .fold(180.0, f64::min);
            (label, least)
        })
        .collect()
}

#[test]
fn a_leaning_loop_keeps_as_far_from_its_vertex_edges_as_it_can() {
    // A circle through its vertex crosses every edge leaving it within a
    // right angle of its lean. Classroom drawing 4 of seed 24: red loop 7
    // on a vertex with edges up (a bow), right and down leaned 45° off the
    // bow and crossed it; drawing 1: nested loops 6 and 8 on a vertex
    // with an edge up and three down (two bowing) leaned 45° off the one
    // going up, and crossed it and a bow going down.
    for (text, least) in [
        (
            "0-1:R 0-2:G 0-0:R 1-3:B 3-1:R 2-1:B 1-1:R 3-4:G 3-5:B",
            85.0,
        ),
        ("0-1:G G 0-1:R 1-0:B 0-0:R 1-1:B 0-0:R 1-1:B 1-2:B", 60.0),
    ] {
        let d = Drawing::from_text(text).unwrap();
        let s = board_scene(&d);
        let clearances = loop_clearances(&s);
        assert!(!clearances.is_empty(), "{text}: loops off the ground");
        for (label, clearance) in clearances {
            assert!(
                clearance >= least,
                "{text}: loop {label} keeps {clearance:.0}° from an edge of its vertex"
            );
        }
    }
}

/// Classroom drawing 4 of seed 24: red loop 7 on vertex 1 leans left, red
/// loop 3 stands upright on the ground.
const SEED_24_DRAWING_4: &str = "0-1:R 0-2:G 0-0:R 1-3:B 3-1:R 2-1:B 1-1:R 3-4:G 3-5:B";

#[test]
fn a_loop_leaning_left_has_its_label_outside_its_ring() {
    // Classroom drawing 4 of seed 24: red loop 7 on vertex 1, whose edges
    // go up and right, leans left. Its label went right of its leftmost
    // point, as every label goes right of its midpoint: inside the ring,
    // across its stroke. Then any loop leaning left of the random family.
    let mut pictures = vec![(
        "classroom drawing 4 of seed 24".to_string(),
        Drawing::from_text(SEED_24_DRAWING_4).unwrap(),
    )];
    for seed in 0..300 {
        let p = hackenbush_lab::position::presets::random(seed, 4 + (seed as usize % 9), &[]);
        pictures.push((format!("random {seed}"), Drawing::auto(&p)));
    }
    let mut leaning = 0;
    for (name, d) in &pictures {
        let s = board_scene(d);
        let pills = label_pills(&s);
        let svg = to_svg(&s);
        for (e, &(label, x, y, w, h)) in s.edges.iter().zip(&pills) {
            let Shape::Loop {
                centre,
                radius,
                foot,
            } = e.shape
            else {
                continue;
            };
            if centre.x >= foot.x - 0.01 * radius {
                continue;
            }
            leaning += 1;
            // The pill's nearest point to the centre is outside the ring
            // and its stroke (4 px wide at most on a board).
            let near = Point {
                x: centre.x.clamp(x, x + w),
                y: centre.y.clamp(y, y + h),
            };
            let apart = (near.x - centre.x).hypot(near.y - centre.y) - radius;
            assert!(
                apart >= 2.0,
                "{name}: loop {label}'s label is {apart:.1} px from its ring"
            );
            // In the SVG too: the text ends left of the loop.
            let text = svg
                .split("<text ")
                .find(|t| {
                    t.split_once('>')
                        .is_some_and(|(_, rest)| rest.starts_with(&format!("{label}<")))
                })
                .unwrap();
            assert!(text.contains(r#"text-anchor="end""#), "{name}: {text}");
        }
    }
    assert_labels_apart(&board_scene(&pictures[0].1));
    // TikZ ends the label left of loop 7 as well.
    let tikz = hackenbush_lab::ui::tikz::picture(
        &pictures[0].1,
        &hackenbush_lab::ui::tikz::TikzOptions {
            labels: true,
            caption: Vec::new(),
        },
    );
    let node = tikz.lines().find(|l| l.ends_with("{7};")).unwrap();
    assert!(
        node.starts_with(r"\node[edge label, anchor=east]"),
        "{node}"
    );
    assert!(leaning >= 2, "loops leaning left met: {leaning}");
}

#[test]
fn exported_labels_stand_on_a_pale_backing_as_on_the_page() {
    // An upright loop's label stands just right of its top, where the
    // ring curves down through it: on the page a pill lies under the
    // text; the SVG's text had none and the TikZ node neither, so the
    // ring's stroke ran through the digits (loop 3 on the ground of
    // classroom drawing 4 of seed 24).
    let d = Drawing::from_text(SEED_24_DRAWING_4).unwrap();
    let svg = to_svg(&board_scene(&d));
    let labels: Vec<&str> = svg.split("<text ").skip(1).collect();
    assert_eq!(labels.len(), 9);
    for t in &labels {
        let open = &t[..t.find('>').unwrap()];
        assert!(
            open.contains(r#"paint-order="stroke""#) && open.contains(r##"stroke="#ffffff""##),
            "a label without its halo: <text {open}>"
        );
    }
    let tikz = hackenbush_lab::ui::tikz::picture(
        &d,
        &hackenbush_lab::ui::tikz::TikzOptions {
            labels: true,
            caption: Vec::new(),
        },
    );
    let style = tikz
        .lines()
        .find(|l| l.contains("edge label/.style"))
        .unwrap();
    assert!(
        style.contains("fill=white") && style.contains("text opacity=1"),
        "{style}"
    );
}

/// The gallery's card pictures are patterned as the board is in
/// colour-blind mode (a QA pass found Sprig's red and green edges alike
/// there): double red strokes and dashed green ones, none without it.
#[test]
fn card_pictures_follow_colour_blind_mode() {
    let sprig = gallery::ENTRIES
        .iter()
        .position(|e| e.title == "Sprig")
        .unwrap();
    let plain = gallery::card_picture(sprig, false).unwrap();
    let patterned = gallery::card_picture(sprig, true).unwrap();
    assert!(!plain.contains("stroke-dasharray"), "{plain}");
    assert!(patterned.contains("stroke-dasharray"), "{patterned}");
    assert!(
        patterned.matches("<path").count() > plain.matches("<path").count(),
        "red edges are drawn double"
    );
    // Every card builds either way.
    for i in 0..gallery::ENTRIES.len() {
        assert_eq!(
            gallery::card_picture(i, false).is_some(),
            gallery::card_picture(i, true).is_some()
        );
    }
}
