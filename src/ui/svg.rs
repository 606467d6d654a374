//! Export a [`Scene`] as a standalone SVG document, drawn the same way as
//! the canvas (same strokes, labels and colour-blind patterns).

use std::fmt::Write;

use crate::position::Point;

use super::geometry::Shape;
use super::scene::{self, fall_offset, CaptionBand, Scene};

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
    document(s, None)
}

/// [`to_svg`] with `caption` (if any and not blank) in a band below the
/// picture, as the PNG export draws it: a white band, 18 px semibold dark
/// type, the picture widened for a short caption (see
/// [`scene::with_caption`]). Without a caption, the same as [`to_svg`].
pub fn to_svg_with_caption(s: &Scene, caption: Option<&str>) -> String {
    match scene::with_caption(s, caption.unwrap_or_default()) {
        (s, Some(band)) => document(&s, Some(&band)),
        (s, None) => document(&s, None),
    }
}

fn document(s: &Scene, band: Option<&CaptionBand>) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.0} {h:.0}">"#,
        w = s.width,
        h = s.height + band.map_or(0.0, |b| b.height)
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
    if let Some(band) = band {
        let _ = write!(
            out,
            r#"<rect x="0" y="{:.1}" width="{:.1}" height="{:.1}" fill="{}"/>"#,
            band.top,
            s.width,
            band.height,
            scene::CAPTION_BACKGROUND
        );
        for (k, line) in band.lines.iter().enumerate() {
            // The canvas centres on the middle; SVG viewers disagree on
            // `dominant-baseline`, so the baseline sits 0.35 em below it.
            let _ = write!(
                out,
                r#"<text x="{:.1}" y="{:.1}" font-family="system-ui, sans-serif" font-size="{}" font-weight="600" fill="{}">{}</text>"#,
                scene::CAPTION_PAD,
                band.line_middle(k) + 0.35 * scene::CAPTION_FONT_PX,
                scene::CAPTION_FONT_PX,
                scene::VERTEX,
                escape(line)
            );
        }
    }
    out.push_str("</svg>");
    out
}

/// Text for XML and HTML markup, in content and in quoted attributes
/// (notes may contain `<`, as in `<1%`; titles anything).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}
