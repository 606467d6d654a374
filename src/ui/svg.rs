//! Export a [`Scene`] as a standalone SVG document, drawn the same way as
//! the canvas (same strokes, labels and colour-blind patterns).

use std::fmt::{self, Write};

use crate::position::Point;

use super::geometry::{LabelSide, Shape};
use super::scene::{self, fall_offset, CaptionBand, Scene};

/// `x` to `DIGITS` decimals, as `{:.DIGITS$}` prints it but for ties and
/// the sign of zero, in integer arithmetic: float formatting was most of
/// what drawing a thumbnail cost in the page (wasm32), and the page draws
/// one per realisation shown and per gallery card.
#[derive(Clone, Copy)]
struct Decimals<const DIGITS: u32>(f64);

impl<const DIGITS: u32> fmt::Display for Decimals<DIGITS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scale = 10i64.pow(DIGITS);
        let scaled = (self.0 * scale as f64).round();
        // Beyond 2^53 a float has no fraction to print; such sizes never
        // reach a picture, but print them the standard way all the same.
        if !scaled.is_finite() || scaled.abs() >= 9.0e15 {
            return write!(f, "{:.*}", DIGITS as usize, self.0);
        }
        let n = scaled as i64;
        let (whole, frac) = (
            n.unsigned_abs() / scale as u64,
            n.unsigned_abs() % scale as u64,
        );
        let sign = if n < 0 { "-" } else { "" };
        if DIGITS == 0 {
            write!(f, "{sign}{whole}")
        } else {
            write!(f, "{sign}{whole}.{frac:0width$}", width = DIGITS as usize)
        }
    }
}

/// One decimal: coordinates and widths.
fn d1(x: f64) -> Decimals<1> {
    Decimals(x)
}

fn path_d(s: &Shape, dy: f64) -> String {
    let p = |q: Point| format!("{} {}", d1(q.x), d1(q.y + dy));
    match *s {
        Shape::Line(a, b) => format!("M{} L{}", p(a), p(b)),
        Shape::Curve(a, c, b) => format!("M{} Q{} {}", p(a), p(c), p(b)),
        Shape::Loop { centre, radius, .. } => {
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
                "M{} A{r} {r} 0 1 1 {} A{r} {r} 0 1 1 {}",
                p(bottom),
                p(top),
                p(bottom),
                r = d1(radius)
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
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#,
        w = Decimals::<0>(s.width),
        h = Decimals::<0>(s.height + band.map_or(0.0, |b| b.height))
    );
    let _ = write!(
        out,
        r#"<rect width="100%" height="100%" fill="{}"/><line x1="0" y1="{g}" x2="{w}" y2="{g}" stroke="{}" stroke-width="6"/>"#,
        scene::BACKGROUND,
        scene::GROUND,
        g = d1(s.ground_y),
        w = d1(s.width)
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
            r#"<path d="{d}" fill="none" stroke="{}" stroke-width="{}" stroke-linecap="round"{dash} opacity="{}"/>"#,
            st.css,
            st.width,
            Decimals::<2>(opacity)
        );
        if st.double {
            let _ = write!(
                out,
                r#"<path d="{d}" fill="none" stroke="{}" stroke-width="{}" opacity="{}"/>"#,
                scene::BACKGROUND,
                d1(st.width / 3.0),
                Decimals::<2>(opacity)
            );
        }
    }
    for (p, _) in &s.vertices {
        let _ = write!(
            out,
            r#"<circle cx="{}" cy="{}" r="5" fill="{}"/>"#,
            d1(p.x),
            d1(p.y),
            scene::VERTEX
        );
    }
    if s.show_labels {
        for e in s.edges.iter().filter(|e| e.fall == 0.0) {
            let m = e.shape.midpoint();
            let (x, anchor) = match e.shape.label_side() {
                LabelSide::Right => (m.x + 8.0, ""),
                LabelSide::Left => (m.x - 8.0, r#" text-anchor="end""#),
            };
            let _ = write!(
                out,
                r#"<text x="{}" y="{}"{anchor} font-family="sans-serif" font-size="12" fill="{}"{LABEL_HALO}>{}</text>"#,
                d1(x),
                d1(m.y + 4.0),
                scene::VERTEX,
                escape(&scene::label_text(e))
            );
        }
    }
    if let Some(band) = band {
        let _ = write!(
            out,
            r#"<rect x="0" y="{}" width="{}" height="{}" fill="{}"/>"#,
            d1(band.top),
            d1(s.width),
            d1(band.height),
            scene::CAPTION_BACKGROUND
        );
        for (k, line) in band.lines.iter().enumerate() {
            // The canvas centres on the middle; SVG viewers disagree on
            // `dominant-baseline`, so the baseline sits 0.35 em below it.
            let _ = write!(
                out,
                r#"<text x="{}" y="{}" font-family="system-ui, sans-serif" font-size="{}" font-weight="600" fill="{}">{}</text>"#,
                d1(scene::CAPTION_PAD),
                d1(band.line_middle(k) + 0.35 * scene::CAPTION_FONT_PX),
                scene::CAPTION_FONT_PX,
                scene::VERTEX,
                escape(line)
            );
        }
    }
    out.push_str("</svg>");
    out
}

/// A label's halo: a pale outline painted under its glyphs, as the
/// canvas's pill lies under its text, so a stroke the label stands on
/// (the ring of an upright loop, just right of its top) does not run
/// through the digits.
const LABEL_HALO: &str = r##" stroke="#ffffff" stroke-opacity="0.85" stroke-width="3" stroke-linejoin="round" paint-order="stroke""##;

/// An SVG document as an image URL. Bytes outside a safe set are
/// percent-encoded from a table: a `write!` per byte was a tenth of the
/// task that shows a replayed board's realisations.
pub fn data_url(svg: &str) -> String {
    const PREFIX: &str = "data:image/svg+xml;charset=utf-8,";
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = Vec::with_capacity(PREFIX.len() + svg.len() + svg.len() / 4);
    out.extend_from_slice(PREFIX.as_bytes());
    for b in svg.bytes() {
        match b {
            b'A'..=b'Z'
            | b'a'..=b'z'
            | b'0'..=b'9'
            | b'-'
            | b'_'
            | b'.'
            | b'~'
            | b'='
            | b':'
            | b'/'
            | b','
            | b';'
            | b'('
            | b')' => out.push(b),
            _ => out.extend_from_slice(&[b'%', HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]]),
        }
    }
    // Only ASCII was pushed: the safe bytes and the escapes.
    String::from_utf8(out).unwrap_or_default()
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

#[cfg(test)]
mod tests {
    use super::{d1, data_url, Decimals};
    use crate::rng::SplitMix64;

    /// Every byte outside the safe set is escaped, and decoding the URL
    /// gives the document back.
    #[test]
    fn data_urls_carry_the_document() {
        let svg = "<svg a=\"1 %\" b='#'>é ✓ & x\n</svg>";
        let url = data_url(svg);
        let body = url
            .strip_prefix("data:image/svg+xml;charset=utf-8,")
            .unwrap();
        assert!(
            body.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.~=:/,;()%".contains(&b)),
            "{body}"
        );
        let mut bytes = Vec::new();
        let mut it = body.bytes();
        while let Some(b) = it.next() {
            if b == b'%' {
                let hex: String = [it.next().unwrap() as char, it.next().unwrap() as char]
                    .iter()
                    .collect();
                bytes.push(u8::from_str_radix(&hex, 16).unwrap());
            } else {
                bytes.push(b);
            }
        }
        assert_eq!(String::from_utf8(bytes).unwrap(), svg);
        assert!(
            body.starts_with("%3Csvg%20a=%221%20%25%22%20b=%27%23%27%3E%C3%A9"),
            "{body}"
        );
    }

    fn standard(v: f64, digits: usize) -> String {
        let s = format!("{v:.digits$}");
        // The standard format keeps the sign of a negative number that
        // rounds to zero; a coordinate of −0.0 and 0.0 are one place.
        match s.strip_prefix('-') {
            Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
            _ => s,
        }
    }

    /// Off ties (where the standard format rounds the exact binary value
    /// and `round` the scaled one), `Decimals` prints what `{:.N}` prints.
    #[test]
    fn fixed_decimals_print_as_the_standard_format() {
        let mut rng = SplitMix64(0x2545_F491_4F6C_DD1D);
        let mut checked = 0;
        for k in 0..200_000 {
            let unit = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            // Small and large magnitudes, both signs.
            let v = (unit - 0.5) * [2.0, 40.0, 4000.0, 4.0e6][k % 4];
            for digits in 0..=2u32 {
                let scaled = v * 10f64.powi(digits as i32);
                if (scaled.fract().abs() - 0.5).abs() < 1e-6 {
                    continue;
                }
                let ours = match digits {
                    0 => Decimals::<0>(v).to_string(),
                    1 => d1(v).to_string(),
                    _ => Decimals::<2>(v).to_string(),
                };
                assert_eq!(ours, standard(v, digits as usize), "{v} to {digits} digits");
                checked += 1;
            }
        }
        assert!(checked > 590_000, "{checked}");
        assert_eq!(d1(-0.04).to_string(), "0.0");
        assert_eq!(d1(-0.06).to_string(), "-0.1");
        assert_eq!(d1(12.0).to_string(), "12.0");
        assert_eq!(Decimals::<2>(0.5).to_string(), "0.50");
        assert_eq!(d1(f64::NAN).to_string(), "NaN");
        assert_eq!(d1(1e300).to_string(), format!("{:.1}", 1e300));
    }
}
