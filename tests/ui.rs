//! Tests for the playground's plain-Rust models: drawing conversions,
//! geometry and hit-testing, the editor (edits, snapping, gestures,
//! undo/redo, text sync), play (legality, falling, takeback, rulesets),
//! the preset gallery and share links (round trips and hostile input).

use hackenbush_lab::position::{parse, Colour, Edge, Point, GROUND, MAX_EDGES};
use hackenbush_lab::rules::Player;
use hackenbush_lab::ui::base64url;
use hackenbush_lab::ui::editor::{edge_at, step_edge, MIN_HEIGHT};
use hackenbush_lab::ui::gallery;
use hackenbush_lab::ui::geometry::{edge_shapes, Shape};
use hackenbush_lab::ui::play::AnalysisRequest;
use hackenbush_lab::ui::share::{self, Shared, Slide, View};
use hackenbush_lab::ui::{
    Anchor, Drawing, Edit, Editor, Game, Hit, Selection, Setup, Side, SidedMove, Tool,
};

/// The engine under the default budget, as the CLI runs it.
fn analyse(
    req: &hackenbush_lab::analysis::Request,
) -> Result<hackenbush_lab::analysis::Answer, hackenbush_lab::analysis::AnalysisError> {
    hackenbush_lab::analysis::analyse(req, &hackenbush_lab::budget::Budget::default())
}

const R: f64 = 0.25; // hit radius in layout units

fn pt(x: f64, y: f64) -> Point {
    Point { x, y }
}

fn drawing(text: &str) -> Drawing {
    Drawing::from_text(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

/// Drag with the pointer from `a` to `b` in the editor.
fn drag(ed: &mut Editor, a: Point, b: Point) -> Result<(), String> {
    ed.pointer_down(a, R);
    let mid = pt((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
    ed.pointer_move(mid, R);
    ed.pointer_move(b, R);
    ed.pointer_up(b, R)
}

fn click(ed: &mut Editor, a: Point) -> Result<(), String> {
    ed.pointer_down(a, R);
    ed.pointer_up(a, R)
}

// ---------- drawing ----------

#[test]
fn drawing_text_round_trip_and_auto_layout() {
    let d = drawing("BR BR R");
    assert_eq!(d.text(), "BR BR R");
    assert_eq!(d.edges.len(), 5);
    // Stalks stand in columns on the ground.
    let (a, b) = d.edge_ends(0);
    assert_eq!(a.y, 0.0);
    assert_eq!(a.x, b.x);
    assert!(b.y > 0.0);
    assert_eq!(drawing("   ").edges.len(), 0);
    assert_eq!(drawing("").text(), "");
    assert_eq!(drawing("nim:2,1").text(), "GG G");
    assert!(Drawing::from_text("BQ").unwrap_err().contains("column"));
}

#[test]
fn drawing_json_keeps_coordinates() {
    let mut d = drawing("BR");
    d.points[2] = pt(3.5, 2.25);
    let back = Drawing::from_json(&d.to_json()).unwrap();
    assert_eq!(back, d);
    assert!(Drawing::from_json("{").is_err());
}

#[test]
fn ungrounded_edges_are_flagged_not_removed() {
    let d = drawing("B 1-2:R");
    // "1-2:R" names fresh vertices: nothing holds it up.
    let text = d.text();
    let flagged: Vec<usize> = d.ungrounded().iter().collect();
    assert_eq!(flagged, vec![1], "{text}");
    assert_eq!(d.edges.len(), 2);
}

#[test]
fn drawing_check_rejects_broken_documents() {
    let mut d = drawing("BR");
    d.edges.push(Edge {
        u: 0,
        v: 99,
        colour: Colour::Red,
    });
    assert!(d.check().unwrap_err().contains("edge 3"));
    let mut d = drawing("BR");
    d.points[1].x = f64::NAN;
    assert!(d.check().is_err());
    let mut d = drawing("BR");
    d.points.clear();
    assert!(d.check().is_err());
}

// ---------- geometry ----------

#[test]
fn parallel_edges_and_loops_are_drawn_apart() {
    let d = drawing("0-1:B 0-1:R 1-1:G 1-1:G");
    let shapes = edge_shapes(&d);
    let (a, b) = match (shapes[0], shapes[1]) {
        (Shape::Curve(_, c1, _), Shape::Curve(_, c2, _)) => (c1, c2),
        other => panic!("{other:?}"),
    };
    assert!(
        (a.x - b.x).abs() > 0.3,
        "parallel edges bow apart: {a:?} {b:?}"
    );
    match (shapes[2], shapes[3]) {
        (Shape::Loop { radius: r1, .. }, Shape::Loop { radius: r2, .. }) => assert!(r2 > r1),
        other => panic!("{other:?}"),
    }
    // Each can be hit on its own stroke.
    for (i, s) in shapes.iter().enumerate() {
        assert!(s.distance(s.midpoint()) < 1e-6, "edge {i}");
    }
}

/// The least distance from edge `i`'s drawn stroke (as the board
/// hit-tests it) to a vertex that is not one of its ends (the ground
/// excluded; loops stand on their own vertex and are not measured).
fn nearest_other_vertex(d: &Drawing, shapes: &[Shape], i: usize) -> f64 {
    if matches!(shapes[i], Shape::Loop { .. }) {
        return f64::INFINITY;
    }
    let e = d.edges[i];
    let (a, b) = d.edge_ends(i);
    d.points
        .iter()
        .enumerate()
        .skip(1)
        .filter(|&(v, &p)| {
            let at_end = |q: Point| (q.x - p.x).hypot(q.y - p.y) < 1e-6;
            v != e.u && v != e.v && !at_end(a) && !at_end(b)
        })
        .map(|(_, &p)| shapes[i].distance(p))
        .fold(f64::INFINITY, f64::min)
}

#[test]
fn an_edge_never_runs_through_a_vertex_it_does_not_join() {
    // Vertices 1 to 4 each stand on a ground edge, so the automatic layout
    // puts them on one row: 1-3 ran straight through 2 and lay on top of
    // 1-2, and 1-4 through 2 and 3 on top of both, so the green edge 1-2
    // was drawn red and three edges read as one.
    let d = drawing("0-1:G 1-2:G 1-3:R 1-4:R 2-0:B 3-0:G 0-4:G G 3-3:B");
    let shapes = edge_shapes(&d);
    assert!(matches!(shapes[1], Shape::Line(..)), "1-2 joins neighbours");
    let rise = |s: Shape| match s {
        Shape::Curve(a, c, b) => {
            hackenbush_lab::ui::geometry::bezier(a, c, b, 0.5).y - (a.y + b.y) / 2.0
        }
        other => panic!("a skipping edge bows: {other:?}"),
    };
    let (r13, r14) = (rise(shapes[2]), rise(shapes[3]));
    assert!(r13 > 0.2, "1-3 bows up over vertex 2: {r13}");
    assert!(r14 > r13 + 0.1, "1-4 bows over 1-3: {r14} vs {r13}");
    for i in 0..d.edges.len() {
        let gap = nearest_other_vertex(&d, &shapes, i);
        assert!(gap > 0.2, "edge {} passes {gap} from a vertex", i + 1);
        // What is seen is what is hit: a click where the edge's label
        // sits (its stroke's middle) cuts that edge and no other.
        let middle = shapes[i].midpoint();
        assert_eq!(
            edge_at(&d, middle, R),
            Some(i),
            "edge {} at {middle:?}",
            i + 1
        );
    }
    // The same on random drawings, as the automatic layout places them.
    for seed in 0..300 {
        let p = hackenbush_lab::position::presets::random(seed, 6 + (seed % 9) as usize, &[]);
        let d = drawing(&p.to_string());
        let shapes = edge_shapes(&d);
        for i in 0..d.edges.len() {
            let gap = nearest_other_vertex(&d, &shapes, i);
            assert!(
                gap > 0.1,
                "seed {seed}, {p}: edge {} passes {gap} from a vertex",
                i + 1
            );
        }
    }
}

#[test]
fn hit_testing_prefers_vertices_then_edges_then_ground() {
    let d = drawing("BR");
    let top = d.points[2];
    let mid = d.points[1];
    let ed = Editor::new(d.clone());
    assert_eq!(ed.hit(top, R), Hit::Vertex(2));
    assert_eq!(ed.hit(pt(mid.x + 0.1, mid.y + 0.05), R), Hit::Vertex(1));
    assert_eq!(ed.hit(pt(mid.x + 0.1, mid.y / 2.0), R), Hit::Edge(0));
    assert_eq!(
        ed.hit(pt(mid.x + 0.1, (mid.y + top.y) / 2.0), R),
        Hit::Edge(1)
    );
    assert_eq!(ed.hit(pt(mid.x + 5.0, 0.1), R), Hit::Ground);
    assert_eq!(ed.hit(pt(mid.x + 5.0, 3.0), R), Hit::Nothing);
}

// ---------- editor ----------

#[test]
fn drag_from_ground_draws_a_grounded_edge_and_snaps_to_vertices() {
    let mut ed = Editor::default();
    drag(&mut ed, pt(1.0, 0.05), pt(1.0, 1.0)).unwrap();
    assert_eq!(ed.text(), "B");
    assert_eq!(ed.selection(), Selection::None);
    // From near the new vertex (snaps onto it) upward, in red.
    ed.select(Selection::None);
    ed.choose_colour(Colour::Red).unwrap();
    assert_eq!(ed.text(), "B", "with nothing selected only the pen changes");
    drag(&mut ed, pt(1.1, 1.05), pt(1.0, 2.0)).unwrap();
    assert_eq!(ed.text(), "BR");
    // A drag ending near an existing vertex joins it (no new vertex).
    drag(&mut ed, pt(2.0, 0.0), pt(1.05, 1.95)).unwrap();
    assert_eq!(ed.drawing().points.len(), 3);
    assert_eq!(ed.drawing().edges[2].u, GROUND);
    assert_eq!(ed.drawing().edges[2].v, 2);
}

#[test]
fn two_stalks_by_mouse() {
    let mut ed = Editor::default();
    ed.colour = Colour::Blue;
    drag(&mut ed, pt(0.0, 0.0), pt(0.0, 1.0)).unwrap();
    ed.colour = Colour::Red;
    drag(&mut ed, pt(0.0, 1.0), pt(0.0, 2.0)).unwrap();
    drag(&mut ed, pt(2.0, -0.3), pt(2.0, 1.0)).unwrap();
    assert_eq!(ed.text(), "BR R");
}

#[test]
fn clicks_select_add_vertices_and_tiny_drags_are_clicks() {
    let mut ed = Editor::new(drawing("B"));
    let v = ed.drawing().points[1];
    click(&mut ed, pt(v.x, v.y / 2.0)).unwrap();
    assert_eq!(ed.selection(), Selection::Edge(0));
    click(&mut ed, pt(5.0, 3.0)).unwrap();
    assert_eq!(
        ed.drawing().points.len(),
        3,
        "a click in empty space adds a vertex"
    );
    assert_eq!(ed.selection(), Selection::Vertex(2));
    // A wobble shorter than half the radius is still a click.
    let before = ed.drawing().clone();
    ed.pointer_down(pt(5.0, 3.0), R);
    ed.pointer_move(pt(5.05, 3.0), R);
    ed.pointer_up(pt(5.05, 3.0), R).unwrap();
    assert_eq!(ed.drawing(), &before);
    // Dragging from a vertex back onto itself draws nothing.
    drag(&mut ed, pt(5.0, 3.0), pt(5.0, 3.1)).unwrap();
    assert_eq!(ed.drawing(), &before);
}

#[test]
fn ground_to_ground_and_edge_limit_are_refused() {
    let mut ed = Editor::default();
    let err = ed
        .apply(Edit::AddEdge {
            from: Anchor::Ground(0.0),
            to: Anchor::Ground(3.0),
            colour: Colour::Blue,
        })
        .unwrap_err();
    assert!(err.contains("above the ground"));
    let text = vec!["B"; MAX_EDGES].join(" ");
    let mut ed = Editor::new(drawing(&text));
    let err = drag(&mut ed, pt(200.0, 0.0), pt(200.0, 1.0)).unwrap_err();
    assert!(err.contains("at most 128"));
    assert!(!ed.can_undo());
}

#[test]
fn recolour_move_delete_and_undo_redo_each_step() {
    let mut ed = Editor::new(drawing("BR"));
    let original = ed.drawing().clone();
    ed.select(Selection::Edge(1));
    ed.choose_colour(Colour::Green).unwrap();
    assert_eq!(ed.text(), "BG");
    assert_eq!(
        ed.selection(),
        Selection::Edge(1),
        "recolouring keeps the selection"
    );
    // Move the top vertex with the Move tool: edges follow, one undo step.
    ed.tool = Tool::Move;
    let top = ed.drawing().points[2];
    ed.pointer_down(top, R);
    ed.pointer_move(pt(top.x + 1.0, top.y), R);
    ed.pointer_move(pt(top.x + 2.0, top.y - 10.0), R);
    ed.pointer_up(pt(top.x + 2.0, top.y - 10.0), R).unwrap();
    assert_eq!(
        ed.drawing().points[2],
        pt(top.x + 2.0, MIN_HEIGHT),
        "kept above the ground"
    );
    assert_eq!(ed.text(), "BG");
    // Delete vertex 1: both edges go, and vertex 2, left without edges,
    // goes too (no stray dots).
    ed.apply(Edit::DeleteVertex(1)).unwrap();
    assert_eq!(ed.drawing().points.len(), 1);
    assert!(ed.drawing().edges.is_empty());
    assert!(ed.apply(Edit::DeleteVertex(GROUND)).is_err());

    assert!(ed.undo()); // delete
    assert_eq!(ed.drawing().points[2], pt(top.x + 2.0, MIN_HEIGHT));
    assert!(ed.undo()); // the whole drag
    assert_eq!(ed.drawing().points[2], top);
    assert!(ed.undo()); // recolour
    assert_eq!(ed.drawing(), &original);
    assert!(!ed.undo());
    assert!(ed.redo());
    assert!(ed.redo());
    assert_eq!(ed.drawing().points[2], pt(top.x + 2.0, MIN_HEIGHT));
    // A new edit drops the redo branch.
    ed.apply(Edit::DeleteEdge(0)).unwrap();
    assert!(!ed.can_redo());
}

#[test]
fn erase_tool_deletes_what_is_clicked() {
    let mut ed = Editor::new(drawing("BR"));
    ed.tool = Tool::Erase;
    let (a, b) = ed.drawing().edge_ends(1);
    click(&mut ed, pt((a.x + b.x) / 2.0, (a.y + b.y) / 2.0)).unwrap();
    assert_eq!(ed.text(), "B");
    // The red edge's top vertex is gone with it; the shared one stays.
    assert_eq!(ed.drawing().points.len(), 2);
    ed.undo();
    assert_eq!(ed.text(), "BR");
    assert_eq!(ed.drawing().points.len(), 3);
    // Erasing the blue edge leaves the red one hanging: its vertices stay.
    let (a, b) = ed.drawing().edge_ends(0);
    click(&mut ed, pt((a.x + b.x) / 2.0, (a.y + b.y) / 2.0)).unwrap();
    assert_eq!(ed.drawing().points.len(), 3);
    assert_eq!(ed.drawing().edges.len(), 1);
}

#[test]
fn clear_empties_the_board_in_one_undoable_step() {
    use hackenbush_lab::ui::session::Session;
    let mut s = Session::new(800.0, 500.0);
    s.set_text("BR BR R").unwrap();
    s.clear();
    assert_eq!(s.status().text, "");
    assert_eq!(s.editor.drawing().points.len(), 1, "only the ground");
    assert!(s.analysis_request().is_none());
    s.undo();
    assert_eq!(s.status().text, "BR BR R");
}

#[test]
fn cancelled_vertex_drag_puts_the_vertex_back() {
    let mut ed = Editor::new(drawing("B"));
    ed.tool = Tool::Move;
    let v = ed.drawing().points[1];
    ed.pointer_down(v, R);
    ed.pointer_move(pt(4.0, 4.0), R);
    ed.pointer_cancel();
    assert_eq!(ed.drawing().points[1], v);
    assert!(!ed.can_undo());
}

#[test]
fn text_edits_replace_the_drawing_as_one_undoable_step() {
    let mut ed = Editor::new(drawing("BR"));
    ed.tool = Tool::Move;
    let top = ed.drawing().points[2];
    ed.pointer_down(top, R);
    ed.pointer_move(pt(3.0, 3.0), R);
    ed.pointer_up(pt(3.0, 3.0), R).unwrap();
    let hand_made = ed.drawing().clone();
    // The same position retyped (other spacing, other vertex names) keeps
    // the hand-made layout and is not an edit.
    ed.set_text("0-5:B 5-7:R").unwrap();
    assert_eq!(ed.drawing(), &hand_made);
    let r0 = ed.revision();
    ed.set_text("BR R").unwrap();
    assert_eq!(ed.text(), "BR R");
    assert!(ed.revision() > r0);
    // Errors leave the drawing alone.
    let err = ed.set_text("BR Q").unwrap_err();
    assert!(err.contains("column 4"), "{err}");
    assert_eq!(ed.text(), "BR R");
    ed.undo();
    assert_eq!(ed.drawing(), &hand_made);
}

#[test]
fn keyboard_selection_cycles_edges() {
    assert_eq!(step_edge(Selection::None, 1, 3), Selection::Edge(0));
    assert_eq!(step_edge(Selection::None, -1, 3), Selection::Edge(2));
    assert_eq!(step_edge(Selection::Edge(2), 1, 3), Selection::Edge(0));
    assert_eq!(step_edge(Selection::Edge(0), -1, 3), Selection::Edge(2));
    assert_eq!(step_edge(Selection::Edge(0), 1, 0), Selection::None);
    let mut ed = Editor::new(drawing("BR"));
    ed.select_step(1);
    ed.delete_selection().unwrap();
    // The red edge is kept, though nothing holds it up now.
    assert_eq!(ed.text(), "1-2:R");
    assert_eq!(ed.drawing().ungrounded().len(), 1);
}

#[test]
fn hostile_replacements_are_refused() {
    let mut ed = Editor::default();
    let mut bad = Drawing::empty();
    bad.edges.push(Edge {
        u: 0,
        v: 7,
        colour: Colour::Blue,
    });
    assert!(ed.apply(Edit::Replace(bad)).is_err());
    assert!(ed
        .apply(Edit::MoveVertex {
            vertex: 0,
            to: pt(1.0, 1.0)
        })
        .is_err());
    assert!(ed.apply(Edit::AddVertex(pt(f64::INFINITY, 1.0))).is_err());
    assert!(ed
        .apply(Edit::Recolour {
            edge: 3,
            colour: Colour::Red
        })
        .is_err());
    assert!(!ed.can_undo());
}

// ---------- gallery ----------

#[test]
fn every_gallery_entry_builds_and_stands_on_the_ground() {
    for (i, e) in gallery::ENTRIES.iter().enumerate() {
        let d = gallery::load(i).unwrap_or_else(|err| panic!("{}: {err}", e.title));
        assert!(!d.edges.is_empty(), "{}", e.title);
        assert!(d.ungrounded().is_empty(), "{}", e.title);
        assert!(d.points.iter().skip(1).all(|p| p.y > 0.0), "{}", e.title);
        assert_eq!(
            parse(&d.text()).unwrap(),
            d.position().normalized(),
            "{}",
            e.title
        );
    }
    assert!(gallery::load(999).is_err());
    assert!(gallery::build("no-such", &[]).is_err());
}

/// Each parameterised gallery entry's form, filled with the entry's own
/// values, builds the very drawing the card loads.
#[test]
fn every_gallery_form_round_trips_its_entry() {
    let mut forms = 0;
    for (i, e) in gallery::ENTRIES.iter().enumerate() {
        let form = gallery::form(i);
        if e.preset == "picture" {
            assert!(form.is_empty(), "{}", e.title);
            assert!(gallery::load_form(i, &[]).is_err());
            continue;
        }
        forms += 1;
        let values: Vec<&str> = form.iter().map(|f| f.value.as_str()).collect();
        let built =
            gallery::load_form(i, &values).unwrap_or_else(|err| panic!("{}: {err}", e.title));
        assert_eq!(
            built.text(),
            gallery::load(i).unwrap().text(),
            "{}",
            e.title
        );
    }
    assert!(forms >= 9, "the literature's families all have forms");
}

fn entry(title: &str) -> usize {
    gallery::ENTRIES
        .iter()
        .position(|e| e.title == title)
        .unwrap_or_else(|| panic!("no gallery entry {title:?}"))
}

#[test]
fn preset_forms_build_the_chosen_sizes() {
    let meadow = entry("Blue Meadow");
    let names: Vec<&str> = gallery::form(meadow).iter().map(|f| f.field.name).collect();
    assert_eq!(names, ["blue halves", "red wholes"]);
    assert_eq!(
        gallery::load_form(meadow, &["3", "2"]).unwrap().text(),
        "BR BR BR R R"
    );
    assert_eq!(
        gallery::load_form(meadow, &[" 0 ", "1"]).unwrap().text(),
        "R"
    );

    let nim = entry("Nim heaps");
    assert_eq!(gallery::form(nim)[0].value, "3 2");
    for list in ["1 2 3", "1,2,3", " 1, 2  3 "] {
        assert_eq!(
            gallery::load_form(nim, &[list]).unwrap().text(),
            "G GG GGG",
            "{list:?}"
        );
    }
    let stalks = entry("Stalks");
    assert_eq!(
        gallery::load_form(stalks, &["BRR G rb"])
            .map(|d| d.text())
            .ok(),
        None,
        "lower case is refused"
    );
    assert_eq!(
        gallery::load_form(stalks, &["BRR G RB"]).unwrap().text(),
        "BRR G RB"
    );
    assert_eq!(
        gallery::load_form(entry("Hollyhock"), &["3"])
            .unwrap()
            .text(),
        "BRR"
    );
    let tent = gallery::load_form(entry("Circus tent"), &["5"]).unwrap();
    assert_eq!(tent.edges.len(), 10);
    let random = entry("Random");
    let a = gallery::load_form(random, &["11", "9"]).unwrap();
    assert_eq!(a.edges.len(), 9);
    assert_eq!(
        a.text(),
        gallery::load_form(random, &["11", "9"]).unwrap().text(),
        "same seed, same graph"
    );
    assert_ne!(
        a.text(),
        gallery::load_form(random, &["12", "9"]).unwrap().text()
    );
}

#[test]
fn preset_forms_refuse_bad_values_in_words() {
    let meadow = entry("Blue Meadow");
    let cases: &[(usize, &[&str], &str)] = &[
        (
            meadow,
            &["x", "2"],
            "blue halves must be a whole number from 0 to 64",
        ),
        (meadow, &["-1", "2"], "blue halves"),
        (meadow, &["65", "0"], "from 0 to 64"),
        (meadow, &["2.5", "0"], "blue halves"),
        (meadow, &["64", "1"], "at most"),
        (meadow, &["3"], "expected 2 values, got 1"),
        (entry("Nim heaps"), &[""], "expected 1..="),
        (
            entry("Nim heaps"),
            &["1 x"],
            "\"x\" is not a non-negative integer",
        ),
        (entry("Nim heaps"), &["100 100"], "at most"),
        (entry("Stalks"), &["BQ"], "'Q' is not one of the letters"),
        (
            entry("Circus tent"),
            &["1"],
            "legs must be a whole number from 2 to 64",
        ),
        (
            entry("Random"),
            &["1", "0"],
            "edges must be a whole number from 1 to 128",
        ),
        (entry("Random"), &["99999999999", "3"], "seed"),
        (entry("Hollyhock"), &["999999999999999999999999"], "length"),
        (999, &["1"], "there is no preset 999"),
    ];
    for (i, values, needle) in cases {
        let err = gallery::load_form(*i, values).expect_err(needle);
        assert!(err.contains(needle), "{values:?}: {err:?} lacks {needle:?}");
    }
    // In the session a refused form changes nothing.
    let mut s = hackenbush_lab::ui::session::Session::new(800.0, 600.0);
    let before = (s.editor.revision(), s.editor.text());
    assert!(s.load_preset_form(meadow, &["x", "1"]).is_err());
    assert_eq!((s.editor.revision(), s.editor.text()), before);
    s.load_preset_form(meadow, &["3", "2"]).unwrap();
    assert_eq!(s.editor.text(), "BR BR BR R R");
    assert!(s.editor.can_undo());
}

// ---------- play ----------

fn game(text: &str, rules: &str) -> Game {
    let setup = Setup {
        rules: rules.parse().unwrap(),
        ..Setup::default()
    };
    Game::new(parse(text).unwrap(), setup)
}

#[test]
fn classical_cut_falls_and_turns_alternate() {
    let mut g = game("BR BR R", "normal");
    assert_eq!(g.to_move(), Side::Left);
    assert_eq!(g.legal_labels(Player::Left), vec![1, 3]);
    assert_eq!(g.legal_labels(Player::Right), vec![2, 4, 5]);
    let err = g.play_label(2).unwrap_err();
    assert!(err.contains("Left (blue) may not play edge 2"), "{err}");
    g.play_label(1).unwrap();
    assert!(!g.board().stands(2), "the red edge above falls");
    assert_eq!(g.just_fell(), vec![2]);
    assert_eq!(g.to_move(), Side::Right);
    assert!(g
        .play(SidedMove::cut(Player::Left, 3))
        .unwrap_err()
        .contains("Right (red)'s turn"));
    g.play_label(5).unwrap();
    g.play_label(3).unwrap();
    // Right has 4? No: 4 fell with 3.
    assert_eq!(
        g.result().as_deref(),
        Some("Right (red) cannot move: Left (blue) wins.")
    );
}

#[test]
fn takeback_and_jump_keep_the_future_until_a_new_move() {
    let mut g = game("B B R", "normal");
    g.play_label(1).unwrap();
    g.play_label(3).unwrap();
    assert!(g.takeback());
    assert_eq!(g.cursor(), 1);
    assert_eq!(g.moves().len(), 2);
    g.jump(2);
    assert!(!g.board().stands(3));
    g.jump(0);
    assert!(g.board().stands(1));
    g.jump(99);
    assert_eq!(g.cursor(), 2);
    g.jump(1);
    g.play(SidedMove::cut(Player::Right, 3)).unwrap();
    assert_eq!(g.moves().len(), 2);
    g.jump(0);
    g.play_label(2).unwrap();
    assert_eq!(
        g.moves().len(),
        1,
        "a new move replaces the taken-back ones"
    );
    assert_eq!(g.describe(0), "Left (blue) cuts 2");
}

#[test]
fn misere_childish_and_uncoloured_play() {
    let mut g = game("B", "misere");
    g.play_label(1).unwrap();
    assert_eq!(
        g.result().as_deref(),
        Some("Right (red) cannot move: Right (red) wins.")
    );
    let g = game("BB", "childish");
    assert_eq!(
        g.legal_labels(Player::Left),
        vec![2],
        "cutting 1 would drop 2"
    );
    let mut g = game("XB", "uncolored");
    assert_eq!(
        g.legal_labels(Player::Left),
        vec![1],
        "colour X edges first"
    );
    g.play_label(1).unwrap();
    assert_eq!(g.board().colours[0], Some(Colour::Blue));
    assert_eq!(g.describe(0), "Left (blue) colours 1 blue");
    assert_eq!(g.legal_labels(Player::Right), Vec::<usize>::new());
    assert!(g.result().unwrap().contains("Right (red) cannot move"));
}

#[test]
fn synchronous_turns_take_one_edge_each() {
    let mut g = game("B G R", "sync");
    assert_eq!(g.to_move(), Side::Both);
    assert!(g.play_label(1).is_err());
    g.toggle_select(1);
    g.toggle_select(3);
    g.commit_selection().unwrap();
    assert_eq!(g.board().present().len(), 1);
    assert_eq!(g.describe(0), "Left (blue) cuts 1, Right (red) cuts 3");
    // Only green is left: both may move.
    assert_eq!(g.to_move(), Side::Both);
    g.play(SidedMove {
        side: Side::Both,
        labels: vec![2, 2],
    })
    .unwrap();
    assert!(g.board().present().is_empty());
    assert!(g.result().is_some());

    let mut setup = Setup {
        rules: "sync:tie".parse().unwrap(),
        ..Setup::default()
    };
    let mut g = Game::new(parse("G").unwrap(), setup.clone());
    g.play(SidedMove {
        side: Side::Both,
        labels: vec![1, 1],
    })
    .unwrap();
    assert!(g.result().unwrap().contains("tie"));
    setup.rules = "sync:replay".parse().unwrap();
    let mut g = Game::new(parse("G").unwrap(), setup);
    assert!(g
        .play(SidedMove {
            side: Side::Both,
            labels: vec![1, 1]
        })
        .unwrap_err()
        .contains("choose again"));
    // When only one side can move, it moves alone.
    let mut g = game("BB R", "sync");
    g.play(SidedMove {
        side: Side::Both,
        labels: vec![2, 3],
    })
    .unwrap();
    assert_eq!(g.to_move(), Side::Left);
    g.play_label(1).unwrap();
    assert!(g.result().is_some());
}

#[test]
fn superposed_moves_need_quantum_rules() {
    let mut g = game("B B", "normal");
    g.toggle_select(1);
    g.toggle_select(2);
    g.toggle_select(2);
    g.toggle_select(2);
    assert_eq!(g.selection(), &[1, 2]);
    assert!(g.commit_selection().unwrap_err().contains("quantum"));
}

fn quantum(text: &str, flavour: &str) -> Game {
    let setup = Setup {
        rules: format!("quantum:{flavour}").parse().unwrap(),
        ..Setup::default()
    };
    Game::new(parse(text).unwrap(), setup)
}

#[test]
fn quantum_play_goes_through_the_engine() {
    // BR BR R: edges 1 B, 2 R, 3 B, 4 R, 5 R.
    let mut g = quantum("BR BR R", "D");
    assert!(g.analysis_request().unwrap().moves.is_empty());
    g.toggle_select(1);
    g.toggle_select(3);
    g.commit_selection().unwrap();
    assert_eq!(g.describe(0), "Left (blue) cuts 1 + 3");
    let b = g.board();
    assert_eq!(b.realisations.len(), 2, "one realisation per cut");
    // Edge 1 is gone in one realisation, edge 3 in the other: both stand
    // somewhere, so the board still shows them.
    assert!(b.stands(1) && b.stands(3));
    assert_eq!(g.to_move(), Side::Right);
    // Flavour D allows an unsuperposed move by one click.
    g.play_label(5).unwrap();
    assert!(!g.board().stands(5));
    let req = g.analysis_request().unwrap();
    assert_eq!(req.position, "BR BR R");
    assert_eq!(req.moves, vec!["1,3", "5"]);
    // Takeback and jump keep the engine's record in step.
    assert!(g.takeback());
    assert_eq!(g.board().realisations.len(), 2);
    g.jump(0);
    assert_eq!(g.board().realisations.len(), 1);
    g.jump(2);
    assert!(!g.board().stands(5));
    g.jump(1);
    g.play(SidedMove {
        side: Side::Right,
        labels: vec![2, 4],
    })
    .unwrap();
    assert_eq!(g.moves().len(), 2);

    // Flavour A never allows an unsuperposed move: the engine says why.
    let mut g = quantum("BR BR R", "A");
    let err = g.play_label(1).unwrap_err();
    assert!(err.contains("flavour A"), "{err}");
    // Left's edge is not Right's to cut.
    let err = g
        .play(SidedMove {
            side: Side::Left,
            labels: vec![1, 2],
        })
        .unwrap_err();
    assert!(err.contains("edge 2 is not Left's to cut"), "{err}");
    // A single blue edge under A: Left has no move at all.
    let g = quantum("B", "A");
    assert!(g.result().unwrap().contains("Left (blue) cannot move"));
}

#[test]
fn quantum_links_replay_and_reject_illegal_moves() {
    let setup = Setup {
        rules: "quantum:A".parse().unwrap(),
        ..Setup::default()
    };
    let moves = [SidedMove {
        side: Side::Left,
        labels: vec![1],
    }];
    let err = Game::replay(parse("BR BR R").unwrap(), setup.clone(), &moves, 1).unwrap_err();
    assert!(err.starts_with("move 1 (L1): flavour A"), "{err}");
    let moves = [SidedMove {
        side: Side::Left,
        labels: vec![1, 3],
    }];
    let g = Game::replay(parse("BR BR R").unwrap(), setup, &moves, 1).unwrap();
    assert_eq!(g.board().realisations.len(), 2);
}

#[test]
fn analysis_request_relabels_the_standing_edges() {
    let mut g = game("BR B R", "normal");
    assert_eq!(g.analysis_request().unwrap().position, "BR B R");
    g.play_label(3).unwrap();
    let req: AnalysisRequest = g.analysis_request().unwrap();
    assert_eq!(req.position, "BR R");
    assert_eq!(req.labels, vec![1, 2, 4]);
    assert_eq!(req.board_label("3"), Some(4));
    assert_eq!(req.board_label("2B"), Some(2));
    assert_eq!(req.board_label("0"), None);
    assert_eq!(req.board_label("9"), None);
    assert_eq!(req.board_label("x"), None);
    let mut g = game("B", "normal");
    g.play_label(1).unwrap();
    assert!(g.analysis_request().is_none());
}

#[test]
fn bad_rules_are_refused_up_front() {
    use hackenbush_lab::analysis::{Rules, RulesKind, RulesParts};
    // Rules are typed: what cannot be parsed never reaches a game.
    let err = "chess".parse::<Rules>().unwrap_err().to_string();
    assert!(err.contains("unknown ruleset"), "{err}");
    let misplaced = Rules::from_parts(RulesParts {
        kind: Some(RulesKind::Normal),
        flavour: Some("A".parse().unwrap()),
        ..RulesParts::default()
    });
    assert!(misplaced.is_err());
}

#[test]
fn move_codes_round_trip() {
    for m in [
        SidedMove {
            side: Side::Left,
            labels: vec![3],
        },
        SidedMove {
            side: Side::Right,
            labels: vec![2, 5],
        },
        SidedMove {
            side: Side::Both,
            labels: vec![1, 4],
        },
    ] {
        assert_eq!(SidedMove::from_code(&m.code()).unwrap(), m);
    }
    for bad in ["", "X1", "L", "L0", "L1.", "L-1", "L999", "L1.a"] {
        assert!(SidedMove::from_code(bad).is_err(), "{bad:?}");
    }
}

// ---------- share links ----------

#[test]
fn base64url_round_trips_and_rejects_garbage() {
    for n in 0..40usize {
        let bytes: Vec<u8> = (0..n).map(|i| (i * 37 + n) as u8).collect();
        let text = base64url::encode(&bytes);
        assert!(text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
        assert_eq!(base64url::decode(&text).unwrap(), bytes);
    }
    assert_eq!(base64url::encode(b"foobar"), "Zm9vYmFy");
    assert_eq!(base64url::encode(b"fo"), "Zm8");
    assert_eq!(base64url::decode("Zm8=").unwrap(), b"fo");
    assert_eq!(base64url::encode(&[0xfb, 0xff]), "-_8");
    assert!(base64url::decode("Zm9vY").is_err());
    assert!(base64url::decode("Zm+v").unwrap_err().contains("'+'"));
    assert!(base64url::decode("Zm\u{e9}v").is_err());
}

fn sample() -> Shared {
    let mut d = drawing("BR BR R");
    d.points[2] = pt(0.3333333, 2.7777777);
    let mut slide = Slide::new(d);
    slide.setup.first = Player::Right;
    slide.moves = vec![
        SidedMove::cut(Player::Right, 5),
        SidedMove::cut(Player::Left, 1),
    ];
    slide.cursor = 1;
    slide.view = View {
        hide_values: true,
        colour_blind: true,
        play: true,
        panel: hackenbush_lab::ui::page::PresenterPanel::Explorer,
    };
    slide.title = "Blue <b>meadow</b>".into();
    Shared::single(slide)
}

#[test]
fn share_links_round_trip_the_whole_state() {
    let s = sample();
    let link = share::encode(&s);
    assert!(link.starts_with("v2="));
    let back = share::decode(&format!("#{link}")).unwrap();
    let (a, b) = (&s.slides[0], &back.slides[0]);
    assert_eq!(b.setup, a.setup);
    assert_eq!(b.moves, a.moves);
    assert_eq!(b.cursor, 1);
    assert_eq!(b.view, a.view);
    assert_eq!(b.title, a.title);
    assert_eq!(b.drawing.edges, a.drawing.edges);
    // Coordinates travel rounded to hundredths.
    assert_eq!(b.drawing.points[2], pt(0.33, 2.78));
    let g = b.game().unwrap();
    assert_eq!(g.cursor(), 1);
    assert!(!g.board().stands(5));
    // Encoding is stable once rounded.
    assert_eq!(share::encode(&back), link);
}

#[test]
fn a_deck_carries_several_positions() {
    let mut deck = sample();
    deck.slides.push(Slide::new(drawing("GGG")));
    deck.slides.push(Slide::new(gallery::load(3).unwrap()));
    deck.current = 2;
    let back = share::decode(&share::encode(&deck)).unwrap();
    assert_eq!(back.slides.len(), 3);
    assert_eq!(back.current, 2);
    assert_eq!(back.slides[1].drawing.text(), "GGG");
}

fn link_of(json: &str) -> String {
    format!("#v1={}", base64url::encode(json.as_bytes()))
}

#[test]
fn malformed_and_hostile_links_give_clear_errors() {
    let cases: Vec<(String, &str)> = vec![
        ("".into(), "not a Hackenbush Lab link"),
        ("#hello".into(), "not a Hackenbush Lab link"),
        ("#v3=abc".into(), "newer version"),
        ("#v1=%%%".into(), "invalid character"),
        ("#v1=A".into(), "length"),
        (
            format!("#v1={}", base64url::encode(&[0xff, 0xfe])),
            "not text",
        ),
        (link_of("[1,2]"), "damaged"),
        (link_of(r#"{"s":[]}"#), "no positions"),
        (
            link_of(r#"{"s":[{"p":{"version":1,"vertices":[{"x":0,"y":0}],"edges":[]}}],"i":3}"#),
            "position 4 of 1",
        ),
        (
            link_of(
                r#"{"s":[{"p":{"version":1,"vertices":[{"x":0,"y":0}],"edges":[{"u":0,"v":5,"colour":"B"}]}}]}"#,
            ),
            "edge 1 names vertex 5",
        ),
        (
            link_of(
                r#"{"s":[{"p":{"version":1,"vertices":[{"x":0,"y":0},{"x":0,"y":1}],"edges":[{"u":0,"v":1,"colour":"B"}]},"m":["R1"]}]}"#,
            ),
            "move 1 (R1)",
        ),
        (
            link_of(
                r#"{"s":[{"p":{"version":1,"vertices":[{"x":0,"y":0},{"x":0,"y":1}],"edges":[{"u":0,"v":1,"colour":"B"}]},"m":["L1","L1"]}]}"#,
            ),
            "move 2",
        ),
        (
            link_of(
                r#"{"s":[{"p":{"version":1,"vertices":[{"x":0,"y":0}],"edges":[]},"r":{"n":"chess"}}]}"#,
            ),
            "unknown ruleset",
        ),
        (
            link_of(
                r#"{"s":[{"p":{"version":1,"vertices":[{"x":0,"y":0}],"edges":[]},"m":["L1"],"at":5}]}"#,
            ),
            "move 5 of a game of 1",
        ),
        (
            link_of(r#"{"s":[{"p":{"version":1,"vertices":[{"x":0,"y":0}],"edges":[]},"f":"Q"}]}"#),
            "first player",
        ),
        (
            link_of(r#"{"s":[{"p":{"version":1,"vertices":[{"x":0,"y":0}],"edges":[]},"zz":1}]}"#),
            "unknown field",
        ),
        (
            link_of(&format!(
                r#"{{"s":[{{"p":{{"version":1,"vertices":[{{"x":0,"y":0}}],"edges":[]}},"r":{{"n":"{}"}}}}]}}"#,
                "a".repeat(100)
            )),
            "too long",
        ),
        (
            format!("#v1={}", "A".repeat(share::MAX_FRAGMENT)),
            "too long",
        ),
        (
            link_of(&format!("{}1{}", "[".repeat(5000), "]".repeat(5000))),
            "damaged",
        ),
    ];
    for (fragment, needle) in cases {
        let err = share::decode(&fragment).expect_err(&fragment);
        assert!(err.contains(needle), "{fragment:.80}: {err}");
        assert!(!err.contains('\n'));
    }
    // Too many slides.
    let slide = r#"{"p":{"version":1,"vertices":[{"x":0,"y":0}],"edges":[]}}"#;
    let many = format!(
        r#"{{"s":[{}]}}"#,
        vec![slide; share::MAX_SLIDES + 1].join(",")
    );
    assert!(share::decode(&link_of(&many))
        .unwrap_err()
        .contains("at most 32"));
    // A bad slide in a deck is named.
    let deck = format!(
        r#"{{"s":[{slide},{}]}}"#,
        slide.replace(
            "\"edges\":[]",
            "\"edges\":[{\"u\":0,\"v\":0,\"colour\":\"Q\"}]"
        )
    );
    assert!(share::decode(&link_of(&deck))
        .unwrap_err()
        .starts_with("position 2 of the link"));
}

#[test]
fn random_bytes_never_panic() {
    // A small deterministic fuzz: mutate a good link byte by byte.
    let good = share::encode(&sample());
    let bytes = good.as_bytes().to_vec();
    let mut seed = 12345u64;
    for _ in 0..3000 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut b = bytes.clone();
        let at = (seed >> 33) as usize % b.len();
        b[at] = (seed >> 20) as u8 % 128;
        if let Ok(text) = String::from_utf8(b) {
            let _ = share::decode(&text);
        }
    }
    // And mutate the JSON inside.
    let json = r#"{"s":[{"p":{"version":1,"vertices":[{"x":0,"y":0},{"x":0,"y":1}],"edges":[{"u":0,"v":1,"colour":"B"}]},"m":["L1"]}]}"#;
    for at in 0..json.len() {
        for c in [b'0', b'9', b'"', b'}', b'-', b'L'] {
            let mut b = json.as_bytes().to_vec();
            b[at] = c;
            let _ = share::decode(&link_of(&String::from_utf8_lossy(&b)));
        }
    }
}

// ---------- session (what the page drives) ----------

mod session {
    use super::*;
    use hackenbush_lab::analysis::{Answer, MoveAdvice, Rules};
    use hackenbush_lab::ui::scene::Advice;
    use hackenbush_lab::ui::session::{Mode, Session};
    use hackenbush_lab::ui::viewport::Viewport;

    fn screen(s: &Session, x: f64, y: f64) -> (f64, f64) {
        let p = s.viewport.to_screen(pt(x, y));
        (p.x, p.y)
    }

    #[test]
    fn viewport_round_trips_and_fits() {
        let mut v = Viewport::new(800.0, 400.0);
        let p = pt(1.5, 2.0);
        let back = v.to_world(v.to_screen(p));
        assert!((back.x - p.x).abs() < 1e-9 && (back.y - p.y).abs() < 1e-9);
        v.fit(&drawing(&["BRBRBRBRBRBR"; 10].join(" ")));
        assert!(v.scale < 80.0);
        let top = v.to_screen(pt(0.0, 12.0));
        assert!(top.y >= 0.0, "the tallest stalk fits: {top:?}");
    }

    #[test]
    fn a_board_of_the_height_to_fit_shows_the_drawing_at_the_same_scale_with_its_margin() {
        // A phone-wide board: short wide drawings (sky to spare on a fixed
        // height) and a tall one (limited by the width, not by the height).
        for text in [
            "BR BR B",
            "BRR G",
            "B",
            "BR BR BR BR BR BR BR BR BR BR",
            "BRBRBRBRBR",
        ] {
            let d = drawing(text);
            let wide = {
                let mut v = Viewport::new(372.0, 2000.0);
                v.fit(&d);
                v
            };
            let h = wide.height_to_fit(&d);
            let mut v = Viewport::new(372.0, h);
            v.fit(&d);
            assert!(
                (v.scale - wide.scale).abs() < 1e-9,
                "{text}: scale {} at height {h}, {} with room",
                v.scale,
                wide.scale
            );
            let (lo, hi) = d.bounds();
            let top = v.to_screen(pt(lo.x, hi.y));
            assert!(
                (top.y - 48.0).abs() < 1e-6,
                "{text}: the top of the drawing 48 px below the board's top: {top:?}"
            );
            // Any lower, and the drawing would shrink.
            let mut lower = Viewport::new(372.0, h - 8.0);
            lower.fit(&d);
            assert!(
                lower.scale < v.scale,
                "{text}: {h} px is the least height at that scale"
            );
        }
    }

    #[test]
    fn a_long_stalk_fits_a_phone_board_and_every_edge_can_be_cut() {
        // 30 edges, one unit apart, on a phone-sized board.
        let mut s = Session::new(358.0, 420.0);
        s.set_text(&"BR".repeat(15)).unwrap();
        let top = s.viewport.to_screen(pt(0.0, 30.0));
        assert!(
            top.y >= 0.0,
            "the top of the stalk is on the board: {top:?}"
        );
        s.set_mode(Mode::Play);
        // In play only edges count: a click a quarter of a unit from an
        // edge's lower end (inside the touch radius of that vertex) still
        // names the edge, and so does its middle.
        for k in [1usize, 15, 30] {
            let bottom = (k - 1) as f64;
            for y in [bottom + 0.25, bottom + 0.5, bottom + 0.75] {
                let (x, y) = screen(&s, 0.0, y);
                assert_eq!(s.label_at(x, y), Some(k), "edge {k} at height {y}");
            }
        }
        // A click near the top cuts there: Left cuts blue edge 29.
        let (x, y) = screen(&s, 0.0, 28.5);
        s.pointer_down(x, y);
        s.pointer_up(x, y, 0.0).unwrap();
        assert_eq!(s.status().history, vec!["Left (blue) cuts 29"]);
    }

    #[test]
    fn draw_two_stalks_with_the_mouse_then_play() {
        let mut s = Session::new(800.0, 500.0);
        s.set_text("").unwrap();
        assert_eq!(s.status().text, "");
        let gesture = |s: &mut Session, a: (f64, f64), b: (f64, f64)| {
            let (ax, ay) = screen(s, a.0, a.1);
            let (bx, by) = screen(s, b.0, b.1);
            s.pointer_down(ax, ay);
            s.pointer_move((ax + bx) / 2.0, (ay + by) / 2.0);
            s.pointer_move(bx, by);
            s.pointer_up(bx, by, 0.0)
        };
        s.set_colour(Colour::Blue).unwrap();
        gesture(&mut s, (0.0, 0.0), (0.0, 1.0)).unwrap();
        s.set_colour(Colour::Red).unwrap();
        gesture(&mut s, (0.0, 1.0), (0.0, 2.0)).unwrap();
        gesture(&mut s, (1.5, 0.0), (1.5, 1.0)).unwrap();
        assert_eq!(s.status().text, "BR R");
        assert!(s.status().can_undo);
        s.undo();
        assert_eq!(s.status().text, "BR");
        s.redo();

        // Edit mode asks about the drawing; advice lands on board labels.
        let req = s.analysis_request().unwrap();
        assert_eq!(req.position, "BR R");
        let report = Answer {
            value: "-1/2".into(),
            left_moves: Some(MoveAdvice {
                winning: false,
                labels: vec!["1".into()],
            }),
            right_moves: Some(MoveAdvice {
                winning: true,
                labels: vec!["2".into(), "3".into()],
            }),
            ..Answer::default()
        };
        s.set_report(&report);
        let sc = s.scene(0.0);
        let advice: Vec<Advice> = sc.edges.iter().map(|e| e.advice).collect();
        assert_eq!(advice, vec![Advice::Left, Advice::Right, Advice::Right]);
        assert_eq!(
            s.advice_view(&report).to_string(),
            "Left (blue) best (losing): 1 · Right (red) wins with: 2, 3"
        );

        // Play: click the red whole (edge 3) as Right after Left cuts 1.
        s.set_mode(Mode::Play);
        assert_eq!(s.status().turn, "Left (blue) to move.");
        let (x, y) = screen(&s, 0.0, 0.5);
        s.pointer_down(x, y);
        s.pointer_up(x, y, 1000.0).unwrap();
        assert_eq!(s.status().history, vec!["Left (blue) cuts 1"]);
        assert!(s.animating(1100.0));
        assert!(!s.animating(2000.0));
        // Both edges of the stalk fall (cut + fall), drawn while falling.
        let falling: Vec<usize> = s
            .scene(1100.0)
            .edges
            .iter()
            .filter(|e| e.fall > 0.0)
            .map(|e| e.label)
            .collect();
        assert_eq!(falling, vec![1, 2]);
        assert_eq!(s.scene(5000.0).edges.len(), 1);
        // Board analysis is relabelled: "R" with label 1 → board label 3.
        let req = s.analysis_request().unwrap();
        assert_eq!(req.position, "R");
        assert_eq!(req.board_label("1"), Some(3));
        // Keyboard: focus the only edge and cut it with Enter.
        assert!(s.key("ArrowRight", false, false, 0.0).unwrap());
        assert!(s.key("Enter", false, false, 0.0).unwrap());
        assert_eq!(
            s.status().turn,
            "Left (blue) cannot move: Right (red) wins."
        );
        assert!(s.takeback());
        assert_eq!(s.status().cursor, 1);
        s.jump(0);
        assert_eq!(s.status().history.len(), 2);
    }

    #[test]
    fn keyboard_editing_and_tab_leaves_at_the_end() {
        let mut s = Session::new(800.0, 500.0);
        s.set_text("BR").unwrap();
        assert!(s.key("Tab", false, false, 0.0).unwrap());
        assert!(s.key("Tab", false, false, 0.0).unwrap());
        assert!(
            !s.key("Tab", false, false, 0.0).unwrap(),
            "focus may leave the canvas"
        );
        assert!(s.key("ArrowLeft", false, false, 0.0).unwrap());
        assert!(s.key("g", false, false, 0.0).unwrap());
        assert_eq!(s.status().text, "BG");
        assert!(s.key("z", true, false, 0.0).unwrap());
        assert_eq!(s.status().text, "BR");
        assert!(s.key("y", true, false, 0.0).unwrap());
        assert_eq!(s.status().text, "BG");
        assert!(s.key("ArrowLeft", false, false, 0.0).unwrap());
        assert!(s.key("Delete", false, false, 0.0).unwrap());
        assert_eq!(s.status().text, "B");
        assert!(!s.key("q", false, false, 0.0).unwrap());
    }

    #[test]
    fn quantum_play_picks_commits_and_shows_the_views() {
        let mut s = Session::new(800.0, 500.0);
        s.set_text("BR BR R").unwrap();
        s.set_rules("quantum:D".parse::<Rules>().unwrap());
        // While editing, the views show the drawing (the page keeps its
        // layout when play starts).
        let editing = s.quantum_views().expect("views under quantum rules");
        assert_eq!(editing.count, 1);
        s.set_mode(Mode::Play);
        let v = s.quantum_views().unwrap();
        assert_eq!((v.count, v.links.len(), v.vertices.len()), (1, 0, 5));
        // Clicks pick edges; Enter commits them as one superposed move.
        s.play_label(1, 0.0).unwrap();
        s.play_label(3, 0.0).unwrap();
        assert_eq!(s.status().commit, "Commit superposed move (1 + 3)");
        assert!(s.key("Enter", false, false, 0.0).unwrap());
        assert_eq!(s.status().history, vec!["Left (blue) cuts 1 + 3"]);
        let v = s.quantum_views().unwrap();
        assert_eq!(v.count, 2);
        assert_eq!(v.thumbs[0].labels, vec![1, 2, 5]);
        assert!(
            v.thumbs[0].svg.contains("opacity=\"0.30\""),
            "absent edges faded"
        );
        assert_eq!(v.links.len(), 1);
        assert_eq!(v.links[0].labels, vec![1, 3]);
        assert_eq!(v.summary, "5 vertices, 1 link");
        assert!(v.note.contains("2 cuts gave 2 realisations"), "{}", v.note);
        // On the board, edges standing in only one realisation are lighter.
        let partial: Vec<usize> = s
            .scene(1e9)
            .edges
            .iter()
            .filter(|e| e.partial)
            .map(|e| e.label)
            .collect();
        assert_eq!(partial, vec![1, 2, 3, 4]);
        // Right cuts one edge alone (flavour D), by a click in "cut one" mode.
        s.superpose = false;
        s.play_label(5, 0.0).unwrap();
        let v = s.quantum_views().unwrap();
        assert!(v.vertices[4].absent);
        assert!(v.summary.ends_with("1 gone from every realisation"));
        // Left picks 2 (red): the engine refuses, in words.
        s.superpose = true;
        s.play_label(2, 0.0).unwrap();
        s.play_label(4, 0.0).unwrap();
        let err = s.commit(0.0).unwrap_err();
        assert!(err.contains("not Left's to cut"), "{err}");
        // The request replays the moves; advice in "1,3" form maps back.
        s.key("Escape", false, false, 0.0).unwrap();
        let req = s.analysis_request().unwrap();
        assert_eq!(req.moves, vec!["1,3", "5"]);
        let report = Answer {
            left_moves: Some(MoveAdvice {
                winning: false,
                labels: vec!["1,3".into()],
            }),
            ..Answer::default()
        };
        s.set_report(&report);
        assert!(s.advice_view(&report).to_string().contains("1+3"));
        // A link restores the superposed state.
        let link = s.link();
        let mut t = Session::new(640.0, 480.0);
        t.open_link(&link).unwrap();
        // Its moves are replayed by the worker (here, at once).
        super::replay_now(&mut t);
        assert_eq!(t.quantum_views().unwrap().count, 2);
        assert_eq!(t.status().cursor, 2);
    }

    /// The page's view is rebuilt on every action and the quantum views
    /// are kept between builds: after each step of a lecture (play, take
    /// back, repaint, edit, another slide of the same revision), the views
    /// kept are the views built afresh.
    #[test]
    fn kept_quantum_views_are_the_views_of_the_board_shown() {
        fn same(s: &Session, step: &str) {
            assert_eq!(s.quantum_views(), s.build_quantum_views(), "{step}");
        }
        let mut s = Session::new(800.0, 500.0);
        s.set_text("BR BR R").unwrap();
        same(&s, "classical");
        s.set_rules("quantum:D".parse::<Rules>().unwrap());
        same(&s, "quantum rules, editing");
        s.set_mode(Mode::Play);
        same(&s, "play");
        let start = s.quantum_views().unwrap();
        s.play_label(1, 0.0).unwrap();
        s.play_label(3, 0.0).unwrap();
        same(&s, "edges picked");
        s.commit(0.0).unwrap();
        same(&s, "a superposed move");
        let after = s.quantum_views().unwrap();
        assert_eq!(after.count, 2);
        s.superpose = false;
        s.play_label(5, 0.0).unwrap();
        same(&s, "a single cut");
        assert!(s.takeback());
        same(&s, "taken back");
        assert_eq!(s.quantum_views().unwrap(), after);
        s.jump(0);
        same(&s, "back to the start");
        assert_eq!(s.quantum_views().unwrap(), start);
        s.view.colour_blind = true;
        same(&s, "colour-blind palette");
        assert_ne!(s.quantum_views().unwrap(), start);
        s.set_rules("quantum:A".parse::<Rules>().unwrap());
        same(&s, "other rules");
        s.set_mode(Mode::Edit);
        s.set_text("BR BG R").unwrap();
        same(&s, "edited");
        s.set_rules("normal".parse::<Rules>().unwrap());
        same(&s, "classical again");
        assert!(s.quantum_views().is_none());
        // Slides restart the editor's revision: two slides of one revision
        // and different drawings show their own views.
        s.set_rules("quantum:D".parse::<Rules>().unwrap());
        s.add_slide();
        s.set_text("GGG").unwrap();
        let deck = s.link();
        let mut t = Session::new(640.0, 480.0);
        t.open_link(&deck).unwrap();
        same(&t, "slide 2");
        let second = t.quantum_views().unwrap();
        t.go_to_slide(0).unwrap();
        same(&t, "slide 1");
        assert_ne!(t.quantum_views().unwrap(), second);
        t.go_to_slide(1).unwrap();
        same(&t, "slide 2 again");
        assert_eq!(t.quantum_views().unwrap(), second);
    }

    #[test]
    fn synchronous_picks_are_secret_until_both_are_in() {
        use hackenbush_lab::analysis::Answer;
        let mut s = Session::new(800.0, 500.0);
        s.set_text("B G R").unwrap();
        s.set_rules("sync".parse::<Rules>().unwrap());
        s.set_mode(Mode::Play);
        assert!(s
            .status()
            .turn
            .starts_with("Left (blue): choose an edge in secret"));
        // Left may not choose red.
        let err = s.play_label(3, 0.0).unwrap_err();
        assert_eq!(err, "Left (blue) may not choose edge 3");
        s.play_label(2, 0.0).unwrap();
        let scene = s.scene(1e9);
        assert!(
            scene.edges.iter().all(|e| !e.picked && !e.selected),
            "Left's choice is not shown"
        );
        assert_eq!(s.status().commit, "");
        // Right may choose the same green edge.
        s.play_label(2, 0.0).unwrap();
        assert_eq!(
            s.status().turn,
            "Revealed: Left chose 2, Right chose 2. Cut both (Enter)."
        );
        assert_eq!(s.status().commit, "Cut both (Left 2, Right 2)");
        assert!(s.play_label(1, 0.0).is_err());
        assert!(s.scene(1e9).edges.iter().any(|e| e.picked));
        s.key("Enter", false, false, 0.0).unwrap();
        assert_eq!(
            s.status().history,
            vec!["Left (blue) cuts 2, Right (red) cuts 2"]
        );

        // By keyboard alone: arrows to an edge, Enter chooses it for
        // Left, then for Right, then cuts both (Enter with Left's choice
        // alone in threw it away: a QA pass).
        let mut k = Session::new(800.0, 500.0);
        k.set_text("B G R").unwrap();
        k.set_rules("sync".parse::<Rules>().unwrap());
        k.set_mode(Mode::Play);
        let enter = |k: &mut Session| k.key("Enter", false, false, 0.0).unwrap();
        k.key("ArrowRight", false, false, 0.0).unwrap();
        assert!(enter(&mut k));
        assert_eq!(
            k.status().turn,
            "Left has chosen. Right (red): choose an edge."
        );
        for _ in 0..3 {
            k.key("ArrowRight", false, false, 0.0).unwrap();
        }
        assert!(enter(&mut k));
        assert_eq!(
            k.status().turn,
            "Revealed: Left chose 1, Right chose 3. Cut both (Enter)."
        );
        assert!(enter(&mut k));
        assert_eq!(
            k.status().history,
            vec!["Left (blue) cuts 1, Right (red) cuts 3"]
        );

        // Under the replay rule the same green edge means choosing again.
        let mut r = Session::new(800.0, 500.0);
        r.set_text("G B").unwrap();
        r.set_rules("sync:replay".parse::<Rules>().unwrap());
        r.set_mode(Mode::Play);
        r.play_label(1, 0.0).unwrap();
        r.play_label(1, 0.0).unwrap();
        assert!(r.commit(0.0).unwrap_err().contains("choose again"));
        assert!(r
            .status()
            .turn
            .starts_with("Left (blue): choose an edge in secret"));

        // The engine's strategies show beside the edges, in board labels.
        s.restart();
        let req = s.analysis_request().unwrap();
        let answer: Answer = analyse(&req.to_request()).unwrap();
        assert_eq!(answer.value, "0", "B G R is its own negative");
        s.set_answer(&answer);
        let notes: Vec<String> = s
            .scene(1e9)
            .edges
            .iter()
            .filter_map(|e| e.note.clone())
            .collect();
        assert!(
            !notes.is_empty() && notes.iter().all(|n| n.ends_with('%')),
            "{notes:?}"
        );
        assert!(s.svg().contains('%'));
        let mix = s.strategy_text(&answer);
        assert!(
            mix.starts_with("Optimal mixed strategies — Left (blue): edge "),
            "{mix}"
        );
        s.view.hide_values = true;
        assert!(s.scene(1e9).edges.iter().all(|e| e.note.is_none()));
    }

    #[test]
    fn links_restore_the_state_and_decks_navigate() {
        let mut s = Session::new(800.0, 500.0);
        s.set_text("BR BR R").unwrap();
        s.set_rules("childish".parse::<Rules>().unwrap());
        s.set_first(Player::Right);
        s.set_mode(Mode::Play);
        s.play_label(2, 0.0).unwrap();
        s.view.colour_blind = true;
        let link = s.link();

        let mut t = Session::new(640.0, 480.0);
        t.open_link(&format!("#{link}")).unwrap();
        assert_eq!(t.mode, Mode::Play);
        assert_eq!(t.status().text, "BR BR R");
        assert_eq!(t.status().history, vec!["Right (red) cuts 2".to_string()]);
        assert_eq!(t.status().turn, "Left (blue) to move.");
        assert_eq!(
            t.game().legal_labels(Player::Left),
            vec![1],
            "childish: 3 would drop 4"
        );
        assert_eq!(t.setup().rules, Rules::Childish);
        assert!(t.view.colour_blind);
        assert_eq!(t.link(), link);

        // A bad link changes nothing.
        assert!(t.open_link("#v1=!!!").is_err());
        assert_eq!(t.status().text, "BR BR R");

        // A deck of two.
        t.add_slide();
        t.set_mode(Mode::Edit);
        t.set_text("GGG").unwrap();
        let deck = t.link();
        let mut u = Session::new(640.0, 480.0);
        u.open_link(&deck).unwrap();
        assert_eq!(u.status().slides, 2);
        assert_eq!(u.status().slide, 1);
        assert_eq!(u.status().text, "GGG");
        u.go_to_slide(0).unwrap();
        assert_eq!(u.status().text, "BR BR R");
        assert!(u.go_to_slide(5).is_err());
    }

    #[test]
    fn bad_rules_are_refused_and_svg_exports() {
        let mut s = Session::new(800.0, 500.0);
        assert!("normal:tie".parse::<Rules>().is_err());
        assert_eq!(s.setup().rules, Rules::Normal);
        s.set_text("BR G").unwrap();
        s.view.colour_blind = true;
        let svg = s.svg();
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.ends_with("</svg>"));
        assert_eq!(
            svg.matches("<path").count(),
            4,
            "red double line = two paths"
        );
        assert!(svg.contains("stroke-dasharray"));
        assert!(svg.contains(">3</text>"));
    }

    #[test]
    fn presets_load_as_one_undo_step() {
        let mut s = Session::new(800.0, 500.0);
        s.set_text("B").unwrap();
        for i in 0..gallery::ENTRIES.len() {
            s.load_preset(i).unwrap();
        }
        assert!(s.load_preset(99).is_err());
        for _ in 0..gallery::ENTRIES.len() {
            s.undo();
        }
        assert_eq!(s.status().text, "B");
    }
}

/// The engine as a player, the preview of what falls, presenter mode.
mod opponent {
    use super::*;
    use hackenbush_lab::analysis::{Answer, MoveAdvice, Rules, Strategies, Weight};
    use hackenbush_lab::ui::opponent::{choose, Controller, EngineDecision, CANNOT_MOVE};
    use hackenbush_lab::ui::session::{Mode, Session};

    fn engine_answer(s: &mut Session) -> Answer {
        let req = s.analysis_request().expect("something to analyse");
        let answer = analyse(&req.to_request()).expect("the engine answers");
        s.set_answer(&answer);
        answer
    }

    fn request(labels: Vec<usize>) -> AnalysisRequest {
        AnalysisRequest {
            position: String::new(),
            rules: Rules::default(),
            labels,
            moves: Vec::new(),
            first: Player::Left,
        }
    }

    fn advice(winning: bool, labels: &[&str]) -> Option<MoveAdvice> {
        Some(MoveAdvice {
            winning,
            labels: labels.iter().map(|l| l.to_string()).collect(),
        })
    }

    #[test]
    fn engine_replies_to_a_cut_with_a_winning_move() {
        let mut s = Session::new(800.0, 500.0);
        s.set_text("BR R").unwrap();
        s.set_controller(Player::Right, Controller::Engine);
        s.set_mode(Mode::Play);
        assert_eq!(s.engine_player(), None, "Left (a person) starts");
        s.play_label(1, 0.0).unwrap();
        assert_eq!(s.engine_player(), Some(Player::Right));
        assert_eq!(s.status().engine, "The engine is thinking…");
        // A person may not move for the engine while it thinks.
        let err = s.play_label(3, 0.0).unwrap_err();
        assert!(err.contains("engine's turn"), "{err}");
        engine_answer(&mut s);
        assert_eq!(
            s.status().engine,
            "Perfect play: the engine knows the exact value."
        );
        assert_eq!(s.engine_move(0, 0.0), Ok(true));
        assert_eq!(
            s.status().history,
            vec!["Left (blue) cuts 1", "Right (red) cuts 3"]
        );
        assert!(s.status().game_over);
        assert!(s.status().turn.contains("Right (red) wins"));
        assert_eq!(s.engine_move(0, 0.0), Ok(false), "nothing left to do");
        // Taking back returns to the person's turn, not the engine's.
        assert!(s.takeback());
        assert_eq!(s.status().cursor, 0);
    }

    #[test]
    fn engine_plays_first_only_from_an_answer_for_this_board() {
        let mut s = Session::new(800.0, 500.0);
        s.set_text("B R R").unwrap();
        s.set_controller(Player::Left, Controller::Engine);
        s.set_mode(Mode::Play);
        engine_answer(&mut s);
        // The drawing changes: the answer for the old board is dropped,
        // so the engine waits for a new one instead of playing from it.
        s.set_mode(Mode::Edit);
        s.set_text("B R").unwrap();
        s.set_mode(Mode::Play);
        assert_eq!(s.engine_move(0, 0.0), Ok(false));
        engine_answer(&mut s);
        assert_eq!(s.engine_move(0, 0.0), Ok(true));
        assert_eq!(s.status().history, vec!["Left (blue) cuts 1"]);
    }

    #[test]
    fn engine_that_cannot_compute_says_so_and_lets_a_person_move() {
        let mut s = Session::new(800.0, 500.0);
        s.set_text("BR R").unwrap();
        s.set_controller(Player::Left, Controller::Engine);
        s.set_mode(Mode::Play);
        s.analysis_request();
        s.analysis_failed();
        assert_eq!(s.status().engine, CANNOT_MOVE);
        assert!(s.status().engine_blocked);
        assert_eq!(s.engine_move(0, 0.0), Ok(false));
        s.play_label(1, 0.0).unwrap();
        assert_eq!(s.status().history, vec!["Left (blue) cuts 1"]);
        // People on both sides: no engine sentence at all.
        s.set_controller(Player::Left, Controller::Person);
        assert_eq!(s.status().engine, "");
    }

    #[test]
    fn choice_takes_the_first_best_move_in_board_labels() {
        let req = request(vec![2, 4, 5]);
        let answer = |winning| Answer {
            left_moves: advice(winning, &["3", "1"]),
            right_moves: advice(false, &[]),
            ..Answer::default()
        };
        for winning in [true, false] {
            let c = choose(&answer(winning), &req, Side::Left, Player::Left, 7).unwrap();
            assert_eq!(c, EngineDecision::Play(SidedMove::cut(Player::Left, 5)));
        }
        let err = choose(&answer(true), &req, Side::Right, Player::Right, 0).unwrap_err();
        assert!(err.contains("no move"), "{err}");
        // A quantum move is a label set; colouring moves keep their label.
        let q = Answer {
            right_moves: advice(true, &["1,3", "2"]),
            ..Answer::default()
        };
        let c = choose(&q, &req, Side::Right, Player::Right, 0).unwrap();
        assert_eq!(
            c,
            EngineDecision::Play(SidedMove {
                side: Side::Right,
                labels: vec![2, 5]
            })
        );
        let bad = Answer {
            left_moves: advice(true, &["9"]),
            ..Answer::default()
        };
        assert!(choose(&bad, &req, Side::Left, Player::Left, 0).is_err());
    }

    #[test]
    fn synchronous_choice_samples_the_exact_mixed_strategy() {
        let req = request(vec![1, 2, 3]);
        let w = |label: usize, p: &str| Weight {
            label,
            probability: p.into(),
            percent: 0,
        };
        let answer = Answer {
            strategies: Some(Strategies {
                left: vec![w(1, "1/3"), w(3, "0"), w(2, "2/3")],
                right: vec![w(3, "1")],
            }),
            ..Answer::default()
        };
        let pick = |random| choose(&answer, &req, Side::Both, Player::Left, random).unwrap();
        // 2^32 / 3 = 1431655765.33…: the boundary is compared exactly.
        assert_eq!(pick(0), EngineDecision::Pick(1));
        assert_eq!(pick(1_431_655_765), EngineDecision::Pick(1));
        assert_eq!(pick(1_431_655_766), EngineDecision::Pick(2));
        assert_eq!(pick(u32::MAX), EngineDecision::Pick(2));
        // When only one player can move, the pick is a move of its own.
        assert_eq!(
            choose(&answer, &req, Side::Right, Player::Right, 99).unwrap(),
            EngineDecision::Play(SidedMove::cut(Player::Right, 3))
        );
    }

    #[test]
    fn engine_picks_in_secret_under_synchronous_rules() {
        let mut s = Session::new(800.0, 500.0);
        s.set_text("BR BR BR").unwrap();
        s.set_rules("sync".parse::<Rules>().unwrap());
        s.set_controller(Player::Right, Controller::Engine);
        s.set_mode(Mode::Play);
        engine_answer(&mut s);
        assert_eq!(s.engine_move(5, 0.0), Ok(false), "Left picks first");
        s.play_label(1, 0.0).unwrap();
        assert_eq!(s.engine_move(5, 0.0), Ok(true));
        let history = s.status().history;
        assert_eq!(history.len(), 1);
        assert!(
            history[0].starts_with("Left (blue) cuts 1, Right (red) cuts "),
            "{history:?}"
        );
    }

    #[test]
    fn hovering_an_edge_previews_what_falls_with_it() {
        let mut s = Session::new(800.0, 500.0);
        s.set_text("BRR B").unwrap();
        s.set_mode(Mode::Play);
        s.set_hover(Some(1));
        assert_eq!(s.preview(), Some((1, vec![2, 3])));
        assert_eq!(s.status().preview, "cutting 1 drops 2, 3");
        let dashed: Vec<usize> = s
            .scene(1e9)
            .edges
            .iter()
            .filter(|e| e.preview)
            .map(|e| e.label)
            .collect();
        assert_eq!(dashed, vec![2, 3]);
        assert!(!s.svg().contains("stroke-dasharray=\"10"), "not exported");
        s.set_hover(Some(4));
        assert_eq!(s.status().preview, "cutting 4 drops nothing else");
        // Left may not cut red edge 2: no preview.
        s.set_hover(Some(2));
        assert_eq!(s.preview(), None);
        assert_eq!(s.status().preview, "");
        // Keyboard focus previews too.
        s.set_hover(None);
        assert!(s.key("ArrowRight", false, false, 0.0).unwrap());
        assert_eq!(s.status().preview, "cutting 1 drops 2, 3");
        // Not while editing.
        s.set_mode(Mode::Edit);
        s.set_hover(Some(1));
        assert_eq!(s.preview(), None);
    }

    #[test]
    fn presenter_mode_steps_through_the_deck() {
        let mut s = Session::new(800.0, 500.0);
        s.set_text("BR").unwrap();
        s.add_slide();
        s.set_text("B B").unwrap();
        let link = s.link();
        let mut t = Session::new(800.0, 500.0);
        t.open_link(&link).unwrap();
        t.go_to_slide(0).unwrap();
        assert!(
            !t.presenter_key("ArrowRight").unwrap(),
            "only when presenting"
        );
        assert!(t.key("p", false, false, 0.0).unwrap());
        assert!(t.status().presenting && t.scene(0.0).large);
        assert!(t.key("ArrowRight", false, false, 0.0).unwrap());
        assert_eq!((t.status().slide, t.status().caption.as_str()), (1, "B B"));
        assert!(t.presenter_key("PageDown").unwrap(), "past the end: stays");
        assert_eq!(t.status().slide, 1);
        assert!(t.presenter_key("PageUp").unwrap());
        assert_eq!(t.status().text, "BR");
        assert!(t.key("Escape", false, false, 0.0).unwrap());
        assert!(!t.status().presenting && !t.scene(0.0).large);
    }
}

/// Issue 8: a link of 64 blue and 64 red grounded edges at unbounded
/// width whose five moves each superpose every edge of the mover's colour
/// (billions of realisations by the end) opens with the position and a
/// message, within the page's memory, instead of killing the tab.
mod hostile_links {
    use super::*;
    use hackenbush_lab::analysis::{AnalysisError, Request, Rules};
    use hackenbush_lab::budget::{Budget, ByteSize, Exceeded};
    use hackenbush_lab::ui::session::Session;

    fn wide_moves() -> Vec<SidedMove> {
        let blue: Vec<usize> = (1..=64).collect();
        let red: Vec<usize> = (65..=128).collect();
        (0..5)
            .map(|k| SidedMove {
                side: if k % 2 == 0 { Side::Left } else { Side::Right },
                labels: if k % 2 == 0 {
                    blue.clone()
                } else {
                    red.clone()
                },
            })
            .collect()
    }

    fn position_text() -> String {
        let mut terms = vec!["B"; 64];
        terms.extend(vec!["R"; 64]);
        terms.join(" ")
    }

    #[test]
    fn a_link_too_wide_to_replay_opens_with_a_message() {
        let p = parse(&position_text()).unwrap();
        let mut slide = Slide::new(Drawing::auto(&p));
        slide.setup.rules = "quantum:D:unbounded".parse::<Rules>().unwrap();
        slide.moves = wide_moves();
        slide.cursor = 5;
        slide.view.play = true;
        let link = share::encode(&Shared::single(slide));
        let start = std::time::Instant::now();
        let mut s = Session::new(800.0, 500.0);
        s.open_link(&link).expect("the link opens");
        assert!(start.elapsed().as_secs() < 10, "opens promptly");
        // The worker replays the moves (`Job::Replay`), not the page.
        assert!(s.replay_pending());
        super::replay_now(&mut s);
        let note = s.link_note().expect("says the replay stopped");
        assert!(note.starts_with("Replayed "), "{note}");
        assert!(note.contains("too large to replay here"), "{note}");
        assert_eq!(s.status().text, position_text());
        // The moves that fit were played; the board is usable.
        assert!(s.game().moves().len() < 5);
    }

    #[test]
    fn the_worker_refuses_the_same_moves_within_its_budget() {
        let req = Request {
            position: position_text(),
            rules: "quantum:D:unbounded".parse().unwrap(),
            moves: wide_moves()
                .iter()
                .map(|m| {
                    m.labels
                        .iter()
                        .map(|l| l.to_string())
                        .collect::<Vec<_>>()
                        .join("+")
                })
                .collect(),
            ..Request::default()
        };
        let budget = Budget::new(ByteSize::mib(64), None);
        let start = std::time::Instant::now();
        let r = hackenbush_lab::analysis::analyse(&req, &budget);
        assert!(
            matches!(r, Err(AnalysisError::Budget(Exceeded::Memory(_)))),
            "{r:?}"
        );
        assert!(start.elapsed().as_secs() < 30);
    }
}

/// Issue 10: answers are kept with the request they answer and shown only
/// for it; failures stay with their board; links carry the play setup.
mod freshness {
    use super::*;
    use hackenbush_lab::analysis::{Answer, MoveAdvice, Rules};
    use hackenbush_lab::ui::opponent::{Controller, CANNOT_MOVE};
    use hackenbush_lab::ui::scene::Advice;
    use hackenbush_lab::ui::session::{Mode, Session, STALE};

    fn best(label: &str) -> Answer {
        Answer {
            value: "1/2".into(),
            left_moves: Some(MoveAdvice {
                winning: true,
                labels: vec![label.into()],
            }),
            ..Answer::default()
        }
    }

    fn halos(s: &Session) -> usize {
        s.scene(0.0)
            .edges
            .iter()
            .filter(|e| e.advice != Advice::None)
            .count()
    }

    #[test]
    fn an_answer_for_an_earlier_state_is_refused() {
        let mut s = Session::new(800.0, 500.0);
        s.set_text("BR BR BR BR R R R").unwrap();
        s.set_rules("quantum:C".parse::<Rules>().unwrap());
        let old = s.analysis_request().unwrap().to_request();
        s.accept_answer(&old, &best("1")).unwrap();
        assert_eq!(halos(&s), 1);
        // Width 3: the width-2 answer is for another state.
        s.set_rules("quantum:C:3".parse::<Rules>().unwrap());
        assert_eq!(halos(&s), 0, "the old halos go with the old request");
        assert!(!s.answers_current(&old));
        assert_eq!(s.accept_answer(&old, &best("1")), Err(STALE.to_string()));
        assert_eq!(halos(&s), 0);
        let new = s.analysis_request().unwrap().to_request();
        assert_eq!(new.rules.to_string(), "quantum:C:3");
        s.accept_answer(&new, &best("2")).unwrap();
        assert_eq!(halos(&s), 1);
        // An edit makes it stale too, even before anyone asks again.
        s.set_text("BR R").unwrap();
        assert_eq!(halos(&s), 0);
    }

    #[test]
    fn a_failure_stays_with_its_board_across_mode_switches() {
        let mut s = Session::new(800.0, 500.0);
        s.set_text("BR R").unwrap();
        let req = s.analysis_request().unwrap().to_request();
        s.accept_failure(&req).unwrap();
        // Only then does the engine take Left, in play: it says it will
        // not move instead of thinking for ever.
        s.set_mode(Mode::Play);
        s.set_controller(Player::Left, Controller::Engine);
        assert_eq!(s.status().engine, CANNOT_MOVE);
        assert!(s.status().engine_blocked);
        assert_eq!(s.engine_move(0, 0.0), Ok(false));
        // A person plays for it; the next board is a new question.
        s.play_label(1, 0.0).unwrap();
        assert!(!s.engine_failed());
        // A failure for an earlier board changes nothing.
        assert_eq!(s.accept_failure(&req), Err(STALE.to_string()));
        assert!(!s.engine_failed());
        // A success after a failure lifts it.
        s.takeback();
        assert!(s.engine_failed());
        let now = s.analysis_request().unwrap().to_request();
        s.accept_answer(&now, &best("1")).unwrap();
        assert!(!s.engine_failed());
        assert_eq!(s.engine_move(0, 0.0), Ok(true));
    }

    #[test]
    fn links_carry_the_engine_sides_and_presenter_mode() {
        let mut s = Session::new(800.0, 500.0);
        s.set_text("BR BR R").unwrap();
        s.set_mode(Mode::Play);
        s.set_controller(Player::Right, Controller::Engine);
        s.set_presenting(true);
        let mut t = Session::new(800.0, 500.0);
        t.open_link(&s.link()).unwrap();
        assert_eq!(t.opponents().right, Controller::Engine);
        assert_eq!(t.opponents().left, Controller::Person);
        assert!(t.presenting());
        assert_eq!(t.mode, Mode::Play);
        let shared = share::decode(&s.link()).unwrap();
        assert_eq!(shared.opponents.right, Controller::Engine);
        assert!(shared.presenting);
        // Old links (no "e", no "pr") open with people on both sides.
        let old = link_of(
            r#"{"s":[{"p":{"version":1,"vertices":[{"x":0,"y":0},{"x":0,"y":1}],"edges":[{"u":0,"v":1,"colour":"B"}]}}]}"#,
        );
        let shared = share::decode(&old).unwrap();
        assert_eq!(shared.opponents.left, Controller::Person);
        assert_eq!(shared.opponents.right, Controller::Person);
        assert!(!shared.presenting);
        // Bad engine sides are refused in words.
        let bad = link_of(
            r#"{"s":[{"p":{"version":1,"vertices":[{"x":0,"y":0},{"x":0,"y":1}],"edges":[{"u":0,"v":1,"colour":"B"}]}}],"e":"X"}"#,
        );
        assert!(share::decode(&bad).unwrap_err().contains("engine sides"));
    }
}

/// Issue 10: the presenter deck you edit, and the zoom for a projector.
mod deck {
    use hackenbush_lab::ui::session::Session;
    use hackenbush_lab::ui::viewport::{DEFAULT_SCALE, PRESENT_SCALE};

    fn three_slides() -> Session {
        let mut s = Session::new(800.0, 500.0);
        s.set_text("BR").unwrap();
        s.set_slide_title("One").unwrap();
        s.add_slide();
        s.set_text("B B").unwrap();
        s.set_slide_title("Two").unwrap();
        s.add_slide();
        s.set_text("R").unwrap();
        s
    }

    #[test]
    fn titles_reorder_and_delete_keep_the_slide_shown() {
        let mut s = three_slides();
        assert_eq!(s.slide_titles(), vec!["One", "Two", "R"]);
        assert_eq!(s.status().slide, 2);
        // Move the shown slide to the front: it stays shown.
        s.move_slide(2, 0).unwrap();
        assert_eq!(s.slide_titles(), vec!["R", "One", "Two"]);
        assert_eq!(s.status().slide, 0);
        assert_eq!(s.status().text, "R");
        // Move another slide past it: the index follows.
        s.go_to_slide(1).unwrap();
        s.move_slide(0, 2).unwrap();
        assert_eq!(s.slide_titles(), vec!["One", "Two", "R"]);
        assert_eq!(s.status().slide, 0);
        assert_eq!(s.status().caption, "One");
        // Delete the shown slide: its neighbour shows.
        s.delete_slide(0).unwrap();
        assert_eq!(s.slide_titles(), vec!["Two", "R"]);
        assert_eq!(s.status().text, "B B");
        s.delete_slide(1).unwrap();
        assert_eq!(
            s.delete_slide(0).unwrap_err(),
            "the only slide cannot be deleted"
        );
        assert!(s.move_slide(0, 3).is_err());
        // Titles are one line, and bounded.
        assert!(s.set_slide_title("a\nb").is_err());
        assert!(s.set_slide_title(&"x".repeat(201)).is_err());
        assert_eq!(s.status().caption, "Two");
    }

    #[test]
    fn a_single_titled_slide_keeps_its_title_through_a_link() {
        let mut s = Session::new(800.0, 500.0);
        s.set_text("BR").unwrap();
        s.set_slide_title("Half").unwrap();
        let mut t = Session::new(800.0, 500.0);
        t.open_link(&s.link()).unwrap();
        assert_eq!(t.status().caption, "Half");
        assert_eq!(t.slide_titles(), vec!["Half"]);
    }

    #[test]
    fn presenting_zooms_a_small_drawing_to_fill_the_board() {
        let mut s = Session::new(1200.0, 800.0);
        s.set_text("0-1:B 1-3:R 0-2:B 2-3:R").unwrap();
        assert!(s.viewport.scale <= DEFAULT_SCALE);
        s.set_presenting(true);
        assert!(
            s.viewport.scale > 2.0 * DEFAULT_SCALE,
            "{}",
            s.viewport.scale
        );
        assert!(s.viewport.scale <= PRESENT_SCALE);
        // The drawing still fits inside the board.
        for p in &s.editor.drawing().points {
            let q = s.viewport.to_screen(*p);
            assert!(q.x >= 0.0 && q.x <= 1200.0 && q.y >= 0.0 && q.y <= 800.0);
        }
        s.set_presenting(false);
        assert!(s.viewport.scale <= DEFAULT_SCALE);
    }

    #[test]
    fn flavour_a_never_offers_a_single_cut() {
        use hackenbush_lab::analysis::Rules;
        let mut s = Session::new(800.0, 500.0);
        s.set_text("BR BR R").unwrap();
        s.set_rules("quantum:D".parse::<Rules>().unwrap());
        assert!(s.status().single_cut);
        s.superpose = false;
        s.set_rules("quantum:A".parse::<Rules>().unwrap());
        assert!(!s.status().single_cut);
        assert!(s.superpose, "back to picking edges");
        s.set_rules("normal".parse::<Rules>().unwrap());
        assert!(s.status().single_cut);
    }

    #[test]
    fn the_width_is_enforced_while_picking() {
        use hackenbush_lab::analysis::Rules;
        use hackenbush_lab::ui::session::Mode;
        let mut s = Session::new(800.0, 500.0);
        s.set_text("BR BR B").unwrap();
        s.set_rules("quantum:D".parse::<Rules>().unwrap());
        s.set_mode(Mode::Play);
        s.play_label(1, 0.0).unwrap();
        s.play_label(3, 0.0).unwrap();
        let err = s.play_label(5, 0.0).unwrap_err();
        assert!(
            err.starts_with("width 2: a superposed move names at most 2 edges"),
            "{err}"
        );
        assert_eq!(s.status().picked, vec![1, 3]);
        // Dropping a pick makes room again.
        s.play_label(3, 0.0).unwrap();
        s.play_label(5, 0.0).unwrap();
        assert_eq!(s.status().picked, vec![1, 5]);
        // Width 3 allows a third.
        s.set_rules("quantum:D:3".parse::<Rules>().unwrap());
        s.set_mode(Mode::Play);
        for l in [1, 3, 5] {
            s.play_label(l, 0.0).unwrap();
        }
        assert_eq!(s.status().picked, vec![1, 3, 5]);
    }
}

mod move_preview {
    use super::*;
    use hackenbush_lab::analysis::Rules;
    use hackenbush_lab::ui::move_preview::{preview, Fate, MovePreview};
    use hackenbush_lab::ui::session::{Mode, Session};

    /// `text` under quantum `rules` after `moves` (each a side and labels).
    fn game(text: &str, rules: &str, moves: &[(Side, &[usize])]) -> Game {
        let setup = Setup {
            rules: rules.parse().unwrap(),
            ..Setup::default()
        };
        let mut g = Game::new(parse(text).unwrap(), setup);
        for (side, labels) in moves {
            g.play(SidedMove {
                side: *side,
                labels: labels.to_vec(),
            })
            .unwrap();
        }
        g
    }

    fn fates(m: &MovePreview) -> Vec<Fate> {
        m.realisations.iter().map(|r| r.fate).collect()
    }

    #[test]
    fn a_split_a_collapse_and_a_merge_in_words() {
        // BR BR R: edges 1 B, 2 R, 3 B, 4 R, 5 R.
        let g = game("BR BR R", "quantum:D", &[]);
        let m = preview(&g, Player::Left, &[1, 3]).unwrap();
        assert_eq!((m.before, m.after, m.merged), (1, 2, 0));
        assert_eq!(fates(&m), [Fate::Splits(2)]);
        assert_eq!(
            m.summary,
            "Superposing 1 + 3: 1 realisation → 2: #1 splits in 2."
        );

        // After Left 1+3 and Right 2+4 the realisations are {1, 5} and
        // {3, 5}: cutting 1 alone collapses the second; 1+3 merges both
        // into {5}.
        let g = game(
            "BR BR R",
            "quantum:D",
            &[(Side::Left, &[1, 3]), (Side::Right, &[2, 4])],
        );
        assert_eq!(g.board().realisations.len(), 2);
        let m = preview(&g, Player::Left, &[1]).unwrap();
        assert_eq!(fates(&m), [Fate::Continues, Fate::Collapses]);
        assert_eq!(m.summary, "Cutting 1: 2 realisations → 1: #2 collapses.");
        let m = preview(&g, Player::Left, &[1, 3]).unwrap();
        assert_eq!(fates(&m), [Fate::Continues, Fate::Continues]);
        assert_eq!((m.after, m.merged), (1, 1));
        assert!(m.realisations.iter().all(|r| r.merges));
        assert_eq!(
            m.summary,
            "Superposing 1 + 3: 2 realisations → 1: each goes on as one; 1 merge."
        );

        // Flavour A refuses a lone edge: the preview says so.
        let g = game("BR BR R", "quantum:A", &[]);
        let m = preview(&g, Player::Left, &[1]).unwrap();
        assert!(
            m.refused
                .as_deref()
                .is_some_and(|r| r.contains("flavour A")),
            "{m:?}"
        );
        assert!(m.summary.contains("would be refused"), "{}", m.summary);
        // Nothing named, an edge that is not there, or classical rules: none.
        assert!(preview(&g, Player::Left, &[]).is_none());
        assert!(preview(&g, Player::Left, &[9]).is_none());
        let classical = game("BR BR R", "normal", &[]);
        assert!(preview(&classical, Player::Left, &[1]).is_none());
    }

    /// The preview against the referee: for every single edge and pair of
    /// standing edges, along a game, the count it predicts is the count
    /// committing gives, and it predicts a refusal exactly when the move
    /// is refused.
    #[test]
    fn the_preview_agrees_with_committing_the_move() {
        let text = "BRB RB GR B";
        let played: &[(Side, &[usize])] = &[
            (Side::Left, &[1, 5]),
            (Side::Right, &[4, 7]),
            (Side::Left, &[3, 8]),
        ];
        let mut checked = 0;
        for rules in ["quantum:D", "quantum:C", "quantum:A", "quantum:D:3"] {
            for k in 0..=played.len() {
                let g = game(text, rules, &played[..k]);
                let p = if g.to_move() == Side::Left {
                    Player::Left
                } else {
                    Player::Right
                };
                let standing: Vec<usize> = g.board().present().iter().map(|i| i + 1).collect();
                let mut candidates: Vec<Vec<usize>> = standing.iter().map(|&l| vec![l]).collect();
                for (i, &a) in standing.iter().enumerate() {
                    for &b in &standing[i + 1..] {
                        candidates.push(vec![a, b]);
                    }
                }
                for labels in candidates {
                    let m = preview(&g, p, &labels).unwrap();
                    let mut after = game(text, rules, &played[..k]);
                    let result = after.play(SidedMove {
                        side: Side::of(p),
                        labels: labels.clone(),
                    });
                    assert_eq!(
                        result.is_err(),
                        m.refused.is_some(),
                        "{rules} {k} {labels:?}: {m:?}"
                    );
                    if result.is_ok() {
                        assert_eq!(
                            after.board().realisations.len(),
                            m.after,
                            "{rules} {k} {labels:?}"
                        );
                        let splits: usize = m
                            .realisations
                            .iter()
                            .map(|r| match r.fate {
                                Fate::Splits(x) => x,
                                Fate::Continues => 1,
                                Fate::Collapses => 0,
                            })
                            .sum();
                        assert_eq!(splits - m.merged, m.after);
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 50, "only {checked} legal moves checked");
    }

    #[test]
    fn hovering_while_picking_previews_and_thumbnails_link_to_the_board() {
        let mut s = Session::new(800.0, 500.0);
        s.set_text("BR BR R").unwrap();
        s.set_rules("quantum:D".parse::<Rules>().unwrap());
        s.set_hover(Some(1));
        assert!(s.move_preview().is_none(), "no preview while editing");
        s.set_mode(Mode::Play);
        s.set_hover(Some(1));
        assert_eq!(
            s.status().preview,
            "Cutting 1: 1 realisation → 1: each goes on as one."
        );
        s.play_label(1, 0.0).unwrap();
        s.set_hover(Some(3));
        let m = s.move_preview().unwrap();
        assert_eq!(m.labels, vec![1, 3], "the picks and the hovered edge");
        assert_eq!(
            s.status().preview,
            "Superposing 1 + 3: 1 realisation → 2: #1 splits in 2."
        );
        s.set_hover(None);
        assert_eq!(s.move_preview().unwrap().labels, vec![1], "the picks alone");
        s.play_label(3, 0.0).unwrap();
        s.commit(0.0).unwrap();
        // Hovering realisation 1's thumbnail fades what it lacks on the board.
        let lacks = |s: &Session| -> Vec<usize> {
            s.scene(1e9)
                .edges
                .iter()
                .filter(|e| e.faded)
                .map(|e| e.label)
                .collect()
        };
        assert!(lacks(&s).is_empty());
        let v = s.quantum_views().unwrap();
        assert_eq!(v.thumbs[0].labels, vec![1, 2, 5]);
        s.set_hover_realisation(Some(0));
        assert_eq!(lacks(&s), vec![3, 4]);
        s.set_hover_realisation(Some(7));
        assert!(lacks(&s).is_empty(), "no such realisation: nothing faded");
        // The zoomed realisation: at the size asked, with labels.
        let big = s.realisation_svg(1, 900.0, 600.0).unwrap();
        assert!(big.contains("width=\"900\""), "{}", &big[..200]);
        assert!(s.realisation_svg(2, 900.0, 600.0).is_none());
        assert!(
            s.realisation_svg(0, f64::NAN, -1.0).is_some(),
            "odd sizes are clamped"
        );
        // The engine's turn: no preview for a person.
        s.set_controller(
            Player::Right,
            hackenbush_lab::ui::opponent::Controller::Engine,
        );
        s.set_hover(Some(2));
        assert!(s.move_preview().is_none());
    }
}

mod answer_view {
    use hackenbush_lab::analysis::{Answer, Request, Rules};
    use hackenbush_lab::game::Outcome;
    use hackenbush_lab::ui::answer_view::{
        describe, folded_away, rule_card, rules_phrase, view, AdviceView, ExportCaption, MoveLine,
        CAPTION_VALUE_CHARS, FOLD_OVER, FOLD_SHOWN,
    };

    fn rules(text: &str) -> Rules {
        text.parse().unwrap()
    }

    #[test]
    fn a_long_list_folds_all_but_its_first_and_its_essential_items() {
        assert!(folded_away(&[false; FOLD_OVER]).iter().all(|&a| !a));
        let mut kept = vec![false; 120];
        kept[3] = true; // shown anyway: among the first
        kept[100] = true; // kept in the canonical form: never folded
        let away = folded_away(&kept);
        let shown: Vec<usize> = (0..120).filter(|&i| !away[i]).collect();
        let mut expected: Vec<usize> = (0..FOLD_SHOWN).collect();
        expected.push(100);
        assert_eq!(shown, expected);
    }

    #[test]
    fn a_long_line_of_best_moves_folds_after_its_first_moves() {
        let line = |n: usize| MoveLine {
            player: "Right (red)".into(),
            winning: true,
            moves: (1..=n).map(|k| k.to_string()).collect(),
        };
        // Short enough: shown whole, nothing folded.
        let short = line(FOLD_OVER);
        assert_eq!(short.folded(), (short.moves.as_slice(), &[][..]));
        // One more: the first FOLD_SHOWN shown, the rest folded, in order.
        let long = line(FOLD_OVER + 1);
        let (shown, folded) = long.folded();
        assert_eq!(shown.len(), FOLD_SHOWN);
        assert_eq!([shown, folded].concat(), long.moves);
        // The text (what the card reads unfolded) lists every move.
        assert_eq!(
            long.to_string(),
            format!("Right (red) wins with: {}", long.moves.join(", "))
        );
        let none = MoveLine {
            moves: vec![],
            winning: false,
            ..line(0)
        };
        assert_eq!(none.folded(), (&[][..], &[][..]));
        let both = AdviceView {
            lines: vec![none, line(2)],
            strategies: Some("Optimal mixed strategies — …".into()),
        };
        assert_eq!(
            both.to_string(),
            "Right (red): no move · Right (red) wins with: 1, 2\nOptimal mixed strategies — …"
        );
    }

    #[test]
    fn rules_and_requests_in_words() {
        assert_eq!(rules_phrase(&rules("normal")), "normal play");
        assert_eq!(rules_phrase(&rules("misere")), "misère play");
        assert_eq!(
            rules_phrase(&rules("quantum:C:3")),
            "quantum, flavour C, width 3"
        );
        assert_eq!(
            rules_phrase(&rules("quantum")),
            "quantum, flavour D, width 2"
        );
        assert_eq!(rules_phrase(&rules("sync")), "synchronous");
        assert_eq!(
            rules_phrase(&rules("sync:replay")),
            "synchronous, conflict replay"
        );
        let mut req = Request::new("BR R", rules("quantum:C'u:unbounded"));
        assert_eq!(
            describe(&req),
            "BR R · quantum, flavour C'u, width unbounded"
        );
        req.moves = vec!["1,3".into()];
        assert!(describe(&req).ends_with(" · after 1 move"));
        req.moves.push("2".into());
        assert!(describe(&req).ends_with(" · after 2 moves"));
    }

    #[test]
    fn rule_cards_follow_width_and_flavour() {
        let [a, b] = rule_card(&rules("quantum:A:3"));
        assert!(a.starts_with("A superposed move names 2 to 3 edges"), "{a}");
        assert!(
            b.starts_with("Flavour A: an edge is never cut alone"),
            "{b}"
        );
        let [a, _] = rule_card(&rules("quantum:D:unbounded"));
        assert!(a.contains("names any number of edges"), "{a}");
        let [a, b] = rule_card(&rules("quantum"));
        assert!(
            a.contains("names 2 edges") && b.starts_with("Flavour D"),
            "{a} {b}"
        );
        assert!(rule_card(&rules("misere"))[1].contains("cannot move wins"));
        assert!(rule_card(&rules("sync"))[0].contains("in secret"));
        // Every card has two non-empty lines.
        for r in [
            "normal",
            "misere",
            "childish",
            "uncolored",
            "sync",
            "quantum:B",
            "quantum:C'",
        ] {
            assert!(rule_card(&rules(r)).iter().all(|l| !l.is_empty()), "{r}");
        }
    }

    #[test]
    fn a_long_value_leaves_the_presenter_caption_to_its_length() {
        // Classroom drawing 5 of seed 25 under C at width 2: a value of
        // over a hundred characters filled the caption line.
        let req = Request::new("R 0-1:R", rules("normal"));
        let answer = |pretty: String| Answer {
            value: pretty.clone(),
            pretty,
            outcome: Some(Outcome::R),
            ..Answer::default()
        };
        let at_most = format!("{{{}-3↑|-3}}", "-3*,".repeat(8));
        assert_eq!(at_most.chars().count(), CAPTION_VALUE_CHARS);
        let v = view(&req, &answer(at_most.clone()), AdviceView::default());
        assert_eq!(v.caption_value, format!("= {at_most}"));
        let longer = format!("{{{}-3↑*|-3}}", "-3*,".repeat(8));
        let v = view(&req, &answer(longer), AdviceView::default());
        assert_eq!(v.caption_value, "value of 41 characters");
        // The value card still writes it out whole.
        assert_eq!(v.pretty.chars().count(), 41);
    }

    #[test]
    fn answers_read_as_the_page_shows_them() {
        let normal = Request::new("BR", rules("normal"));
        let a = Answer {
            value: "1/2".into(),
            pretty: "½".into(),
            outcome: Some(Outcome::L),
            outcome_sentence: "Left wins".into(),
            birthday: Some(2),
            ..Answer::default()
        };
        let v = view(&normal, &a, AdviceView::default());
        assert_eq!(v.value_of, "BR · normal play");
        assert_eq!((v.value.as_str(), v.pretty.as_str()), ("1/2", "½"));
        assert_eq!(v.outcome_label, "Outcome");
        assert_eq!(v.outcome, "Left (blue) wins whoever starts (L)");
        assert_eq!(
            (v.caption_value.as_str(), v.advice.to_string().as_str()),
            ("= ½", "—")
        );
        assert_eq!(v.birthday.as_deref(), Some("2"));
        let caption = |title, req: Option<&Request>, answer| {
            ExportCaption::new(
                title,
                &req.map_or(Rules::Normal, |r| r.rules.clone()),
                req,
                answer,
            )
            .to_string()
        };
        assert_eq!(
            caption(None, Some(&normal), Some(&a)),
            "BR · normal play · value ½"
        );
        assert_eq!(caption(None, Some(&normal), None), "BR · normal play");
        assert_eq!(caption(None, None, Some(&a)), "empty board · normal play");
        assert_eq!(
            caption(Some(" Half "), Some(&normal), Some(&a)),
            "Half · normal play · value ½",
            "a title stands for the position"
        );
        assert_eq!(caption(Some("  "), Some(&normal), None), "BR · normal play");

        let misere = Request::new("BR", rules("misere"));
        let m = Answer {
            value: "P".into(),
            outcome: Some(Outcome::P),
            outcome_sentence: "The second player wins".into(),
            birthday: Some(2),
            ..Answer::default()
        };
        let one = MoveLine {
            player: "Left (blue)".into(),
            winning: true,
            moves: vec!["1".into()],
        };
        let advice = AdviceView {
            lines: vec![one],
            strategies: None,
        };
        let v = view(&misere, &m, advice);
        assert!(v.misere && v.birthday.is_none());
        assert_eq!(v.outcome_label, "Misère outcome");
        assert_eq!(v.outcome, "Misère outcome P: The second player wins");
        assert_eq!(v.caption_value, "misère P");
        assert_eq!(v.advice.to_string(), "Left (blue) wins with: 1");
        assert_eq!(
            caption(None, Some(&misere), Some(&m)),
            "BR · misère play · misère outcome P"
        );

        let sync = Request::new("B R", rules("sync:replay"));
        let s = Answer {
            value: "~[-1/8, 1/8]".into(),
            outcome_sentence: "Nobody is ahead".into(),
            outcome_unknown: Some("the bracket contains 0".into()),
            ..Answer::default()
        };
        let v = view(&sync, &s, AdviceView::default());
        assert_eq!(v.outcome_label, "Who is ahead");
        assert_eq!(v.outcome, "Nobody is ahead (the bracket contains 0)");
        assert_eq!(v.caption_outcome, "Nobody is ahead");
        assert_eq!(v.pretty, "~[-1/8, 1/8]", "no pretty form: the plain value");
    }
}

mod graph_geometry {
    use hackenbush_lab::analysis::Rules;
    use hackenbush_lab::ui::session::{Mode, Session};

    #[test]
    fn repeated_links_bow_apart_and_wide_moves_are_stars() {
        let mut s = Session::new(800.0, 500.0);
        s.set_text("B B B B B R R R").unwrap();
        s.set_rules("quantum:D:3".parse::<Rules>().unwrap());
        s.set_mode(Mode::Play);
        for labels in [&[1, 2][..], &[6, 7], &[1, 2], &[7, 8], &[3, 4, 5]] {
            for &l in labels {
                s.play_label(l, 0.0).unwrap();
            }
            s.commit(0.0).unwrap();
        }
        let v = s.quantum_views().unwrap();
        let at = |l: usize| {
            let x = v.vertices.iter().find(|x| x.label == l).unwrap();
            (x.x, x.y)
        };
        let (a, b) = (at(1), at(2));
        let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        let first = &v.links[0];
        let again = &v.links[2];
        assert_eq!((first.number, again.number), (1, 3));
        // The first link is straight through the middle; the repeat is
        // bowed 9 units off it, and its curve passes through its number.
        assert!((first.x - mid.0).abs() < 1e-9 && (first.y - mid.1).abs() < 1e-9);
        let off = (again.x - mid.0).hypot(again.y - mid.1);
        assert!((off - 9.0).abs() < 1e-9, "{off}");
        let c = again.curve.unwrap();
        assert_eq!((c[0], c[1], c[4], c[5]), (a.0, a.1, b.0, b.1));
        let through = (
            0.25 * c[0] + 0.5 * c[2] + 0.25 * c[4],
            0.25 * c[1] + 0.5 * c[3] + 0.25 * c[5],
        );
        assert!((through.0 - again.x).abs() < 1e-9 && (through.1 - again.y).abs() < 1e-9);
        // Three edges: a star from the centroid to each vertex.
        let star = &v.links[4];
        assert!(star.curve.is_none());
        assert_eq!(star.spokes.len(), 3);
        let cx = (at(3).0 + at(4).0 + at(5).0) / 3.0;
        assert!((star.x - cx).abs() < 1e-9);
        assert!(v.links[..4]
            .iter()
            .all(|l| l.spokes.is_empty() && l.curve.is_some()));
    }
}

mod board_moves {
    use super::*;

    #[test]
    fn engine_moves_are_read_once_into_board_labels() {
        // The request's labels 1, 2, 3 are the board's 2, 5, 7.
        let req = AnalysisRequest {
            position: "B R G".into(),
            rules: hackenbush_lab::analysis::Rules::Normal,
            labels: vec![2, 5, 7],
            moves: Vec::new(),
            first: Player::Left,
        };
        let m = req.board_move("1,3").unwrap();
        assert_eq!(
            (m.labels.clone(), m.to_string()),
            (vec![2, 7], "2+7".to_string())
        );
        let c = req.board_move("2B").unwrap();
        assert_eq!(
            (c.labels.clone(), c.to_string()),
            (vec![5], "5B".to_string())
        );
        assert!(
            req.board_move("1,4").is_none(),
            "edge 4 is not in the request"
        );
        assert!(req.board_move("").is_none());
        let advice = hackenbush_lab::analysis::MoveAdvice {
            winning: true,
            labels: vec!["3".into(), "9".into(), "1,2".into()],
        };
        let best: Vec<String> = req
            .best_moves(&advice)
            .iter()
            .map(|m| m.to_string())
            .collect();
        assert_eq!(best, ["7", "2+5"]);
    }
}

/// Run the replay a session wants of a link's quantum moves (the page's
/// worker does this; `Job::Replay`) and hand it the answer.
fn replay_now(s: &mut hackenbush_lab::ui::session::Session) {
    use hackenbush_lab::ui::jobs::{self, Job, JobAnswer};
    let job = s
        .wanted_jobs()
        .into_iter()
        .find(|j| matches!(j, Job::Replay { .. }))
        .expect("a replay job");
    let result = jobs::run(&job, &hackenbush_lab::budget::Budget::unlimited());
    let (Job::Replay { board }, Ok(JobAnswer::Replayed { replay })) = (job, result) else {
        panic!("the worker replays")
    };
    s.accept_replay(&board, Ok(*replay)).unwrap();
}

/// Every board of a quantum game knows the labels standing in all its
/// realisations (the page draws the others as partial), found once when
/// the board is made: on random games under every flavour they are the
/// intersection of the realisations, and a game rebuilt from the states
/// the worker sends back ([`Game::from_replayed`]) has the very boards of
/// the game played move by move.
#[test]
fn quantum_boards_know_the_labels_standing_everywhere() {
    use hackenbush_lab::position::{presets, EdgeSet};
    use hackenbush_lab::rng::SplitMix64;
    use hackenbush_lab::ui::play::ReplayedState;
    let mut rng = SplitMix64::new(26);
    let mut partial_seen = 0;
    for seed in 0..60u64 {
        let start = presets::random(
            seed,
            4 + (seed as usize % 5),
            &[Colour::Blue, Colour::Red, Colour::Green],
        );
        let flavour = ["A", "B", "C", "C'", "C'u", "D"][seed as usize % 6];
        let width = ["2", "3", "unbounded"][seed as usize % 3];
        let setup = Setup {
            rules: format!("quantum:{flavour}:{width}").parse().unwrap(),
            first: Player::Left,
        };
        let mut game = Game::new(start.clone(), setup.clone());
        for _ in 0..4 {
            let p = match game.to_move() {
                Side::Right => Player::Right,
                _ => Player::Left,
            };
            let legal = game.legal_labels(p);
            if legal.len() < 2 {
                break;
            }
            let a = legal[rng.below(legal.len())];
            let mut b = legal[rng.below(legal.len())];
            if a == b {
                b = *legal.iter().find(|&&l| l != a).unwrap();
            }
            game.play(SidedMove {
                side: game.to_move(),
                labels: vec![a.min(b), a.max(b)],
            })
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        }
        let n = game.moves().len();
        for k in 0..=n {
            let board = game.board_at(k);
            let all = board
                .realisations
                .iter()
                .fold(board.present(), |a, r| a.intersection(*r));
            assert_eq!(board.everywhere, all, "seed {seed}, board {k}");
            let some: EdgeSet = board
                .realisations
                .iter()
                .fold(EdgeSet::EMPTY, |a, r| a.union(*r));
            let partial: Vec<usize> = some.difference(all).iter().map(|i| i + 1).collect();
            let expected = if board.realisations.len() < 2 {
                Vec::new()
            } else {
                partial
            };
            partial_seen += expected.len();
            assert_eq!(board.partial_labels(), expected, "seed {seed}, board {k}");
        }
        let states = (0..=n)
            .map(|k| {
                let b = game.board_at(k);
                ReplayedState {
                    realisations: b.realisations.clone(),
                    legal: b.legal,
                    note: b.note.clone(),
                }
            })
            .collect();
        let rebuilt =
            Game::from_replayed(start, setup, game.moves().to_vec(), states, n, None).unwrap();
        for k in 0..=n {
            assert_eq!(
                rebuilt.board_at(k),
                game.board_at(k),
                "seed {seed}, board {k}"
            );
        }
    }
    assert!(partial_seen > 0, "some boards have partial labels");
}

/// A replay whose deadline has passed starts no quantum move: the game
/// holds the moves before it and says so (exports replay slides not on
/// screen on the page's main thread within a few milliseconds).
#[test]
fn a_replay_past_its_deadline_starts_no_quantum_move() {
    use hackenbush_lab::budget::{Budget, ByteSize, Timeout};
    let setup = Setup {
        rules: "quantum:D:unbounded".parse().unwrap(),
        first: Player::Left,
    };
    let moves: Vec<SidedMove> = ["L1.2", "R1.3"]
        .iter()
        .map(|m| SidedMove::from_code(m).unwrap())
        .collect();
    let budget = Budget::new(ByteSize::mib(32), Some(Timeout { millis: 0 }));
    std::thread::sleep(std::time::Duration::from_millis(2));
    let g =
        Game::replay_within(parse("G G G").unwrap(), setup.clone(), &moves, 2, &budget).unwrap();
    assert_eq!(g.moves().len(), 0);
    let note = g.note().expect("a note");
    assert!(note.starts_with("Replayed 0 of 2 moves"), "{note}");
    let g = Game::replay(parse("G G G").unwrap(), setup, &moves, 2).unwrap();
    assert_eq!(g.moves().len(), 2);
}
