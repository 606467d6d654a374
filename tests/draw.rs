//! `hackenbush draw`: its TikZ pictures hold exactly the position's edges
//! (one `\draw` per edge, in label order, its colour's style, its ends at
//! the edge's vertices in the page's layout), and they compile with
//! pdflatex where TeX is installed (the test says so and skips otherwise).

use hackenbush_lab::position::{presets, Colour, Position};
use hackenbush_lab::ui::tikz::{self, TikzOptions};
use hackenbush_lab::ui::Drawing;

mod common;
use common::run_cli;
#[path = "common/tikz_edges.rs"]
mod tikz_edges;
use tikz_edges::drawn_edges;

fn check_picture(p: &Position, what: &str) {
    let d = Drawing::auto(p);
    let picture = tikz::picture(
        &d,
        &TikzOptions {
            labels: true,
            caption: vec!["a caption".into()],
        },
    );
    let drawn = drawn_edges(&picture, &d);
    assert_eq!(drawn.len(), p.edge_count(), "{what}: one \\draw per edge");
    for (i, (e, &(colour, a, b))) in p.edges.iter().zip(&drawn).enumerate() {
        assert_eq!(colour, e.colour, "{what}: edge {}", i + 1);
        let ends = (a.min(b), a.max(b));
        assert_eq!(ends, (e.u.min(e.v), e.u.max(e.v)), "{what}: edge {}", i + 1);
    }
    // A loop leaning left anchors its label east: `[edge label, anchor=east]`.
    let labels = picture.matches("\\node[edge label").count();
    assert_eq!(labels, p.edge_count(), "{what}: one label per edge");
    assert_eq!(picture.matches("\\draw[ground]").count(), 1);
    // The ground line runs under every loop on the ground (they stand on
    // the ground's point: a line that ended at the last vertex left them
    // standing on nothing).
    let (from, to) = ground_line(&picture);
    let ground = d.points[0].x;
    if p.edges.iter().any(|e| e.u == 0 && e.v == 0) {
        assert!(
            from < ground && ground < to,
            "{what}: the ground line {from}..{to} runs under the loops at {ground}"
        );
    }
}

/// The x-coordinates of the picture's ground line.
fn ground_line(picture: &str) -> (f64, f64) {
    let line = picture
        .lines()
        .find(|l| l.starts_with("\\draw[ground]"))
        .expect("a ground line");
    let xs: Vec<f64> = line
        .split('(')
        .skip(1)
        .map(|c| c.split(',').next().unwrap().parse().unwrap())
        .collect();
    (xs[0], xs[1])
}

#[test]
fn tikz_edges_are_the_positions_edges() {
    let colours = [Colour::Blue, Colour::Red, Colour::Green, Colour::Uncoloured];
    for seed in 0..200u64 {
        let p = presets::random(seed, 1 + (seed as usize % 20), &colours);
        check_picture(&p, &format!("seed {seed}"));
    }
    // Loops at the ground and parallel edges to it, written by hand.
    let p: Position = "cgsuite::A(l:A;e:A;r(r:B;l:B;e))".parse().unwrap();
    check_picture(&p, "loops and parallels");
    // Loops on the ground listed last (classroom drawing 1 of seed 24).
    let p: Position = "0-1:G G 0-1:R 1-0:B 0-0:R 1-1:B 0-0:R 1-1:B 1-2:B"
        .parse()
        .unwrap();
    check_picture(&p, "ground loops last");
}

/// The check above fails on a picture that is not the position's.
#[test]
fn the_edge_check_can_fail() {
    let p: Position = "BR".parse().unwrap();
    let q: Position = "BB".parse().unwrap();
    let d = Drawing::auto(&p);
    let picture = tikz::picture(&Drawing::auto(&q), &TikzOptions::default());
    let drawn = drawn_edges(&picture, &d);
    assert_ne!(drawn[1].0, p.edges[1].colour);
}

/// The CLI's documents compile, labels, captions (LaTeX values, CGSuite
/// names in braces) and all. Skipped, saying so, without pdflatex.
#[test]
fn tikz_documents_compile_with_pdflatex() {
    if !tikz_edges::pdflatex_present() {
        eprintln!("skipped: pdflatex is not installed");
        return;
    }
    let dir = std::env::temp_dir().join(format!("hackenbush-tikz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases: [&[&str]; 5] = [
        &["--labels", "--caption", "cgsuite:(e:B;e:Bllllllrrr:B)"],
        &[
            "--caption",
            "--rules",
            "childish",
            "cgsuite::{ground}llllllrrrr:{ground}",
        ],
        &[
            "--labels",
            "--caption",
            "--rules",
            "sync",
            "BR 0-0:G 1-1:R G",
        ],
        &["--labels", "--caption", "--rules", "uncolored", "BX 0-0:X"],
        &[
            "--caption",
            "--rules",
            "misere",
            "cgsuite:l(l:{$%#_^~&\\ x};r:{$%#_^~&\\ x})",
        ],
    ];
    for (k, args) in cases.iter().enumerate() {
        let mut all = vec!["draw"];
        all.extend_from_slice(args);
        let out = run_cli(&all);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        tikz_edges::assert_compiles(&dir, &format!("case{k}"), &out.stdout);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
