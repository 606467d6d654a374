//! Reading a TikZ picture back: the edges its `\draw` commands draw, as
//! (colour, the vertex at each end) of the drawing it was made from; and
//! compiling a document with pdflatex where TeX is installed.

use hackenbush_lab::position::{Colour, Point, GROUND};
use hackenbush_lab::ui::geometry::dist;
use hackenbush_lab::ui::tikz;
use hackenbush_lab::ui::Drawing;

/// The coordinates `(x,y)` in `text`, in order.
fn coordinates(text: &str) -> Vec<Point> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let Some(close) = rest[open..].find(')') else {
            break;
        };
        let inside = &rest[open + 1..open + close];
        if let Some((x, y)) = inside.split_once(',') {
            if let (Ok(x), Ok(y)) = (x.parse::<f64>(), y.parse::<f64>()) {
                out.push(Point { x, y });
            }
        }
        rest = &rest[open + close + 1..];
    }
    out
}

/// The `\draw` commands of edges: (colour, the vertex at each end).
pub fn drawn_edges(picture: &str, d: &Drawing) -> Vec<(Colour, usize, usize)> {
    // A point is the vertex drawn there; a point on the ground line is the
    // ground (no other vertex sits at y = 0 in the automatic layout).
    let vertex = |p: Point| -> usize {
        if p.y.abs() < 1e-3 {
            return GROUND;
        }
        (1..d.points.len())
            .find(|&v| (d.points[v].x - p.x).abs() < 2e-3 && (d.points[v].y - p.y).abs() < 2e-3)
            .unwrap_or_else(|| panic!("no vertex at {p:?}"))
    };
    picture
        .lines()
        .filter(|l| l.starts_with("\\draw[") && l.contains(" edge"))
        .map(|l| {
            let style = &l["\\draw[".len()..l.find(']').unwrap()];
            let colour = Colour::ALL
                .into_iter()
                .find(|&c| style.starts_with(tikz::style_name(c)))
                .unwrap_or_else(|| panic!("unknown style in {l}"));
            let points = coordinates(l);
            if let Some(at) = l.find(" circle[radius=") {
                // A loop: a circle through its vertex (upright, or leaning
                // off an edge going up): the vertex on the circle.
                let r: f64 = l[at + " circle[radius=".len()..]
                    .trim_end_matches("];")
                    .parse()
                    .unwrap();
                let c = points[0];
                if (c.y - r).abs() < 1e-3 {
                    return (colour, GROUND, GROUND);
                }
                let off = |v: usize| (dist(d.points[v], c) - r).abs();
                let v = (1..d.points.len())
                    .filter(|&v| off(v) < 3e-3)
                    .min_by(|&a, &b| off(a).total_cmp(&off(b)))
                    .unwrap_or_else(|| panic!("no vertex on the loop {l}"));
                return (colour, v, v);
            }
            let (a, b) = (points[0], *points.last().unwrap());
            (colour, vertex(a), vertex(b))
        })
        .collect()
}

/// Is pdflatex installed?
pub fn pdflatex_present() -> bool {
    std::process::Command::new("pdflatex")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Write `doc` to `dir/name.tex`, compile it with pdflatex and check that
/// it made `name.pdf` (the log in the failure message).
pub fn assert_compiles(dir: &std::path::Path, name: &str, doc: &[u8]) {
    let file = dir.join(format!("{name}.tex"));
    std::fs::write(&file, doc).unwrap();
    let run = std::process::Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error"])
        .arg(&file)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{name} does not compile:\n{}",
        String::from_utf8_lossy(&run.stdout)
    );
    assert!(dir.join(format!("{name}.pdf")).exists());
}
