//! Export a [`Scene`] as a standalone SVG document, drawn the same way as
//! the canvas (same strokes, labels and colour-blind patterns).

use std::fmt::Write;

use crate::position::Point;

use super::geometry::Shape;
use super::scene::{self, fall_offset, Scene};

fn path_d(s: &Shape, dy: f64) -> String {
    let p = |q: Point| format!("{:.1} {:.1}", q.x, q.y + dy);
    match *s {
        Shape::Line(a, b) => format!("M{} L{}", p(a), p(b)),
        Shape::Curve(a, c, b) => format!("M{} Q{} {}", p(a), p(c), p(b)),
        Shape::Loop { centre, radius } => {
            // Two arcs: SVG cannot draw a full circle with one.
            let top = Point {
                x: centre.x,
                y: centre.y - radius,
            };
            let bottom = Point {
                x: centre.x,
                y: centre.y + radius,
            };
            format!(
                "M{} A{r:.1} {r:.1} 0 1 1 {} A{r:.1} {r:.1} 0 1 1 {}",
                p(bottom),
                p(top),
                p(bottom),
                r = radius
            )
        }
    }
}

pub fn to_svg(s: &Scene) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.0} {h:.0}">"#,
        w = s.width,
        h = s.height
    );
    let _ = write!(
        out,
        r#"<rect width="100%" height="100%" fill="{}"/><line x1="0" y1="{g:.1}" x2="{w:.1}" y2="{g:.1}" stroke="{}" stroke-width="6"/>"#,
        scene::BACKGROUND,
        scene::GROUND,
        g = s.ground_y,
        w = s.width
    );
    for e in &s.edges {
        let st = scene::stroke(e.colour, s.colour_blind);
        let d = path_d(&e.shape, fall_offset(e.fall));
        let opacity = scene::opacity(e);
        let dash = if st.dash.is_empty() {
            String::new()
        } else {
            let parts: Vec<String> = st.dash.iter().map(|x| format!("{x}")).collect();
            format!(r#" stroke-dasharray="{}""#, parts.join(" "))
        };
        let _ = write!(
            out,
            r#"<path d="{d}" fill="none" stroke="{}" stroke-width="{}" stroke-linecap="round"{dash} opacity="{opacity:.2}"/>"#,
            st.css, st.width
        );
        if st.double {
            let _ = write!(
                out,
                r#"<path d="{d}" fill="none" stroke="{}" stroke-width="{:.1}" opacity="{opacity:.2}"/>"#,
                scene::BACKGROUND,
                st.width / 3.0
            );
        }
    }
    for (p, _) in &s.vertices {
        let _ = write!(
            out,
            r#"<circle cx="{:.1}" cy="{:.1}" r="5" fill="{}"/>"#,
            p.x,
            p.y,
            scene::VERTEX
        );
    }
    if s.show_labels {
        for e in s.edges.iter().filter(|e| e.fall == 0.0) {
            let m = e.shape.midpoint();
            let _ = write!(
                out,
                r#"<text x="{:.1}" y="{:.1}" font-family="sans-serif" font-size="12" fill="{}">{}</text>"#,
                m.x + 8.0,
                m.y + 4.0,
                scene::VERTEX,
                escape(&scene::label_text(e))
            );
        }
    }
    out.push_str("</svg>");
    out
}

/// Text for SVG markup (notes may contain `<`, as in `<1%`).
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
