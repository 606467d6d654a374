//! What to draw, in canvas pixels: the one description both the canvas
//! renderer (web) and the SVG exporter read, so an export looks like the
//! screen. Building it is plain Rust and tested natively.

use crate::position::{Colour, Point};

use super::drawing::Drawing;
use super::geometry::{edge_shapes, LabelSide, Shape};
use super::viewport::Viewport;

/// Which player's best move an edge is (from the engine's advice).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Advice {
    #[default]
    None,
    Left,
    Right,
    Both,
}

/// How a colour is stroked. Colour-blind mode keeps the colours but adds a
/// pattern that survives without them: blue solid, red a double line,
/// green dotted, uncoloured dashed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    pub css: &'static str,
    pub width: f64,
    /// Canvas/SVG dash pattern in pixels; empty for solid.
    pub dash: &'static [f64],
    /// Drawn as two parallel lines (a wide stroke with a light core).
    pub double: bool,
}

pub const BACKGROUND: &str = "#fbfbf8";
pub const GROUND: &str = "#6b5a3a";
pub const VERTEX: &str = "#1d1f24";

pub fn stroke(colour: Colour, colour_blind: bool) -> Stroke {
    let css = match colour {
        Colour::Blue => "#1f5fbf",
        Colour::Red => "#c62828",
        Colour::Green => "#2e7d32",
        Colour::Uncoloured => "#222222",
    };
    let plain = Stroke {
        css,
        width: 5.0,
        dash: &[],
        double: false,
    };
    if !colour_blind {
        return plain;
    }
    match colour {
        Colour::Blue => plain,
        Colour::Red => Stroke {
            width: 9.0,
            double: true,
            ..plain
        },
        Colour::Green => Stroke {
            width: 6.0,
            dash: &[0.5, 9.0],
            ..plain
        },
        Colour::Uncoloured => Stroke {
            dash: &[14.0, 7.0],
            ..plain
        },
    }
}

/// One edge as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct EdgeItem {
    pub label: usize,
    pub shape: Shape,
    pub colour: Colour,
    /// Not connected to the ground: drawn faded.
    pub faded: bool,
    /// Quantum play: standing in only some realisations, drawn lighter.
    pub partial: bool,
    /// Text after the label (synchronous strategies: "L 50%").
    pub note: Option<String>,
    /// Keyboard/pointer selection.
    pub selected: bool,
    /// Picked for a move of several edges.
    pub picked: bool,
    pub advice: Advice,
    /// Falling: 0 at rest .. 1 gone (moved down and faded out).
    pub fall: f64,
    /// Would fall with the edge under the pointer: drawn faded and dashed.
    pub preview: bool,
}

/// Everything on the canvas.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    pub width: f64,
    pub height: f64,
    pub ground_y: f64,
    pub colour_blind: bool,
    pub show_labels: bool,
    /// Presenter mode: thicker strokes, larger labels and vertices.
    pub large: bool,
    /// Pixels per layout unit: a drawing shrunk to fit is drawn finer.
    pub unit: f64,
    pub edges: Vec<EdgeItem>,
    /// Vertex centres (ground excluded) and whether selected.
    pub vertices: Vec<(Point, bool)>,
    /// The edge being drawn: from, to, its colour, and the snapped target.
    pub rubber: Option<(Point, Point, Colour)>,
}

/// What the scene shows, beyond the drawing itself.
#[derive(Clone, Debug, Default)]
pub struct SceneOptions {
    /// Play mode: the colour of each label while it stands (`None`: gone).
    pub board: Option<Vec<Option<Colour>>>,
    pub selected_edge: Option<usize>,
    pub selected_vertex: Option<usize>,
    pub picked: Vec<usize>,
    pub advice: Vec<Advice>,
    /// Labels drawn faded (absent from a quantum realisation).
    pub faded: Vec<usize>,
    /// Labels standing in only some quantum realisations.
    pub partial: Vec<usize>,
    /// Labels that would fall with the hovered edge.
    pub preview: Vec<usize>,
    /// Presenter mode (large type).
    pub large: bool,
    /// Per edge (index label − 1), text shown after its label.
    pub notes: Vec<Option<String>>,
    /// Labels falling and the animation's progress 0..1.
    pub falling: Vec<usize>,
    pub fall_progress: f64,
    pub colour_blind: bool,
    pub show_labels: bool,
    /// In layout units: from, to, colour.
    pub rubber: Option<(Point, Point, Colour)>,
}

fn map_shape(v: &Viewport, s: Shape) -> Shape {
    let m = |p| v.to_screen(p);
    match s {
        Shape::Line(a, b) => Shape::Line(m(a), m(b)),
        Shape::Curve(a, c, b) => Shape::Curve(m(a), m(c), m(b)),
        Shape::Loop {
            centre,
            radius,
            foot,
        } => Shape::Loop {
            centre: m(centre),
            radius: radius * v.scale,
            foot: m(foot),
        },
    }
}

pub fn build(d: &Drawing, v: &Viewport, o: &SceneOptions) -> Scene {
    let ungrounded = d.ungrounded();
    let shapes = edge_shapes(d);
    let mut edges = Vec::new();
    for (i, shape) in shapes.into_iter().enumerate() {
        let label = i + 1;
        let falling = o.falling.contains(&label);
        let colour = match &o.board {
            Some(board) => match board.get(i).copied().flatten() {
                Some(c) => c,
                None if falling => d.edges[i].colour,
                None => continue,
            },
            None => d.edges[i].colour,
        };
        edges.push(EdgeItem {
            label,
            shape: map_shape(v, shape),
            colour,
            faded: (o.board.is_none() && ungrounded.contains(i)) || o.faded.contains(&label),
            partial: o.partial.contains(&label),
            note: o.notes.get(i).cloned().flatten(),
            selected: o.selected_edge == Some(i),
            picked: o.picked.contains(&label),
            advice: o.advice.get(i).copied().unwrap_or_default(),
            fall: if falling {
                o.fall_progress.clamp(0.0, 1.0)
            } else {
                0.0
            },
            preview: o.preview.contains(&label),
        });
    }
    // In play, only vertices still holding an edge are drawn.
    let used = |vtx: usize| {
        o.board.is_none()
            || edges.iter().any(|e| {
                e.fall == 0.0 && (d.edges[e.label - 1].u == vtx || d.edges[e.label - 1].v == vtx)
            })
    };
    let vertices = (1..d.points.len())
        .filter(|&vtx| used(vtx))
        .map(|vtx| (v.to_screen(d.points[vtx]), o.selected_vertex == Some(vtx)))
        .collect();
    Scene {
        width: v.width,
        height: v.height,
        ground_y: v.ground_y,
        colour_blind: o.colour_blind,
        show_labels: o.show_labels,
        large: o.large,
        unit: v.scale,
        edges,
        vertices,
        rubber: o
            .rubber
            .map(|(a, b, c)| (v.to_screen(a), v.to_screen(b), c)),
    }
}

/// The text beside an edge: its label, and a note if any.
pub fn label_text(e: &EdgeItem) -> String {
    match &e.note {
        Some(n) => format!("{}: {n}", e.label),
        None => e.label.to_string(),
    }
}

/// The width of a label's pill at label scale `k` where its text is not
/// measured: about one average glyph per character of 12 px type, and
/// 4 px of room either side.
pub fn label_width(text: &str, k: f64) -> f64 {
    k * (8.0 + 7.0 * text.chars().count() as f64)
}

/// Where an edge's label pill `w` pixels wide starts (its left end; 16 px
/// high, centred on the edge's midpoint `at`) on a canvas `width` CSS
/// pixels wide, at label scale `k`. Text is left-aligned, so a long note
/// (strategy percentages) grows away from the edge instead of across it:
/// right of the edge, or left of it where the right would run past the
/// canvas (the view fits the drawing's vertices, so a long note on the
/// rightmost edge was cut: "6: L 5" on a phone).
///
/// A loop leaning left is labelled left of its midpoint
/// ([`Shape::label_side`]), unless that would run past the canvas's
/// left edge.
pub fn label_left(at: Point, w: f64, k: f64, width: f64, side: LabelSide) -> f64 {
    let right = at.x + 8.0 * k;
    let left = at.x - 8.0 * k - w;
    let fits_left = left >= 0.0;
    match side {
        LabelSide::Left if fits_left => left,
        _ if right + w > width && fits_left => left,
        _ => right,
    }
}

/// How opaque an edge is drawn (canvas and SVG alike).
pub fn opacity(e: &EdgeItem) -> f64 {
    if e.faded {
        0.3
    } else if e.preview {
        0.4
    } else if e.partial {
        0.55 * (1.0 - e.fall)
    } else {
        1.0 - e.fall
    }
}

/// How much thicker and larger things are drawn: 2× presenting, and finer
/// on a drawing shrunk below 48 px per unit (down to 0.35×), so that
/// vertices and halos one unit apart do not run into each other.
pub fn scale(s: &Scene) -> f64 {
    presenting(s) * (s.unit / 48.0).clamp(0.35, 1.0)
}

/// How much larger labels are drawn: smaller below 13 px per unit, but
/// never under 8 px type (12 px is the norm); presenting, up to 2× as a
/// drawing's units grow from 32 to 64 px. A fixed 2× drew 24 px labels on
/// a presenter's board a phone shrinks to 20 px units, where they hid the
/// drawing (a QA pass); a projector's board is past 64 px units.
pub fn label_scale(s: &Scene) -> f64 {
    let presenting = if s.large {
        (s.unit / 32.0).clamp(1.0, 2.0)
    } else {
        1.0
    };
    presenting * (s.unit / 13.0).clamp(2.0 / 3.0, 1.0)
}

fn presenting(s: &Scene) -> f64 {
    if s.large {
        2.0
    } else {
        1.0
    }
}

/// The dash pattern of an edge that would fall with the hovered one.
pub const PREVIEW_DASH: &[f64] = &[10.0, 8.0];

/// How far a falling edge has dropped, in pixels (gravity-like).
pub fn fall_offset(fall: f64) -> f64 {
    220.0 * fall * fall
}

// ---------- export: cropping and the caption band ----------

/// Room kept around a cropped export, in CSS pixels.
pub const EXPORT_MARGIN: f64 = 24.0;

/// A box in pixels (y down).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Extent {
    pub left: f64,
    pub top: f64,
    pub right: f64,
    pub bottom: f64,
}

impl Extent {
    fn around(p: Point, pad: f64) -> Extent {
        Extent {
            left: p.x - pad,
            top: p.y - pad,
            right: p.x + pad,
            bottom: p.y + pad,
        }
    }

    fn union(self, o: Extent) -> Extent {
        Extent {
            left: self.left.min(o.left),
            top: self.top.min(o.top),
            right: self.right.max(o.right),
            bottom: self.bottom.max(o.bottom),
        }
    }

    pub fn width(&self) -> f64 {
        self.right - self.left
    }

    pub fn height(&self) -> f64 {
        self.bottom - self.top
    }
}

/// The box of a shape's centre line ([`Shape::bounding_box`]).
fn shape_extent(s: &Shape) -> Extent {
    let (lo, hi) = s.bounding_box();
    Extent::around(lo, 0.0).union(Extent::around(hi, 0.0))
}

fn shift(s: &Shape, dx: f64, dy: f64) -> Shape {
    let m = |p: Point| Point {
        x: p.x + dx,
        y: p.y + dy,
    };
    match *s {
        Shape::Line(a, b) => Shape::Line(m(a), m(b)),
        Shape::Curve(a, c, b) => Shape::Curve(m(a), m(c), m(b)),
        Shape::Loop {
            centre,
            radius,
            foot,
        } => Shape::Loop {
            centre: m(centre),
            radius,
            foot: m(foot),
        },
    }
}

/// The box of everything drawn of the picture itself (ground excluded):
/// each visible edge with half its widest stroke (halos included), each
/// vertex with its disc, each label with its pill. Sizes are taken at
/// least at 1× so the box holds both the canvas and the SVG drawing.
/// `None` when nothing is drawn.
pub fn drawing_extent(s: &Scene) -> Option<Extent> {
    let k = scale(s).max(1.0);
    let lk = label_scale(s).max(1.0);
    let mut boxes = Vec::new();
    for e in &s.edges {
        if opacity(e) <= 0.0 {
            continue;
        }
        let mut width = stroke(e.colour, s.colour_blind).width;
        if e.advice != Advice::None {
            width = width.max(20.0);
        }
        if e.picked {
            width = width.max(16.0);
        }
        if e.selected {
            width = width.max(14.0);
        }
        let pad = width * k / 2.0;
        let b = shape_extent(&e.shape);
        let dy = fall_offset(e.fall);
        boxes.push(Extent {
            left: b.left - pad,
            top: b.top + dy - pad,
            right: b.right + pad,
            bottom: b.bottom + dy + pad,
        });
        if s.show_labels && e.fall == 0.0 {
            // The canvas's pill: 8 px beside the midpoint, 16 px high,
            // about 7 px per character (12 px type), all times `lk`.
            let m = e.shape.midpoint();
            let w = 8.0 * lk + label_width(&label_text(e), lk);
            let (left, right) = match e.shape.label_side() {
                LabelSide::Right => (m.x, m.x + w),
                LabelSide::Left => (m.x - w, m.x),
            };
            boxes.push(Extent {
                left,
                top: m.y - 8.0 * lk,
                right,
                bottom: m.y + 8.0 * lk,
            });
        }
    }
    for (p, selected) in &s.vertices {
        boxes.push(Extent::around(*p, k * if *selected { 8.0 } else { 5.0 }));
    }
    boxes.into_iter().reduce(Extent::union)
}

/// Move everything drawn by (`dx`, `dy`) pixels.
fn translate(s: &mut Scene, dx: f64, dy: f64) {
    for e in &mut s.edges {
        e.shape = shift(&e.shape, dx, dy);
    }
    for (p, _) in &mut s.vertices {
        p.x += dx;
        p.y += dy;
    }
    if let Some((a, b, _)) = &mut s.rubber {
        for p in [a, b] {
            p.x += dx;
            p.y += dy;
        }
    }
    s.ground_y += dy;
}

/// `s` cropped to its drawing: the box of [`drawing_extent`] and the
/// ground line under it, with `margin` pixels all round, moved so the
/// picture starts at the margin. The ground line (drawn across the whole
/// width) so runs `margin` past the outermost edges. An empty board keeps
/// a short stretch of ground.
pub fn crop(s: &Scene, margin: f64) -> Scene {
    /// Half the ground line's stroke.
    const GROUND_HALF: f64 = 3.0;
    /// The stretch of ground an empty board keeps.
    const EMPTY_WIDTH: f64 = 120.0;
    let ground = Extent {
        left: s.width / 2.0 - EMPTY_WIDTH / 2.0,
        top: s.ground_y - GROUND_HALF,
        right: s.width / 2.0 + EMPTY_WIDTH / 2.0,
        bottom: s.ground_y + GROUND_HALF,
    };
    let b = match drawing_extent(s) {
        Some(d) => Extent {
            top: d.top.min(ground.top),
            bottom: d.bottom.max(ground.bottom),
            ..d
        },
        None => ground,
    };
    let mut out = s.clone();
    translate(&mut out, margin - b.left, margin - b.top);
    out.width = b.width() + 2.0 * margin;
    out.height = b.height() + 2.0 * margin;
    out
}

/// `s` widened to `width` (if narrower), the drawing kept centred.
pub fn widen(s: &Scene, width: f64) -> Scene {
    let mut out = s.clone();
    if width > s.width {
        translate(&mut out, (width - s.width) / 2.0, 0.0);
        out.width = width;
    }
    out
}

/// The caption's type, as the canvas's `font` (the SVG says the same in
/// attributes).
pub const CAPTION_FONT: &str = "600 18px system-ui, sans-serif";
pub const CAPTION_FONT_PX: f64 = 18.0;
/// The band's colour.
pub const CAPTION_BACKGROUND: &str = "#ffffff";
/// Text starts this far from the band's left edge.
pub const CAPTION_PAD: f64 = 12.0;
/// The band's height for one line, and what each further line adds.
const CAPTION_BAND: f64 = 44.0;
const CAPTION_LINE: f64 = 24.0;
/// A generous average advance of 18 px semibold type (DejaVu Sans, a
/// wide fallback for system-ui, measures 10.6 px on captions).
const CAPTION_CHAR_PX: f64 = 11.0;
/// A narrower picture widens up to this for its caption to fit one line.
const CAPTION_WIDTH: f64 = 600.0;
/// Longer captions end in an ellipsis.
const CAPTION_MAX_LINES: usize = 3;

/// The white band under an exported picture, with its text in lines.
#[derive(Clone, Debug, PartialEq)]
pub struct CaptionBand {
    /// Pixel y of the band's top (the picture's height).
    pub top: f64,
    pub height: f64,
    pub lines: Vec<String>,
}

impl CaptionBand {
    /// Pixel y of the middle of line `k`.
    pub fn line_middle(&self, k: usize) -> f64 {
        let n = self.lines.len() as f64;
        self.top + self.height / 2.0 + (k as f64 - (n - 1.0) / 2.0) * CAPTION_LINE
    }
}

/// The scene for an export captioned `caption`: widened (up to a point)
/// so a short caption fits on one line under a narrow drawing, and the
/// band below it with the caption broken into lines at spaces (at most
/// three; a longer one ends in "…"). `None` for a blank caption: the
/// scene is then unchanged.
pub fn with_caption(s: &Scene, caption: &str) -> (Scene, Option<CaptionBand>) {
    let text = caption.trim();
    if text.is_empty() {
        return (s.clone(), None);
    }
    let wanted = text.chars().count() as f64 * CAPTION_CHAR_PX + 2.0 * CAPTION_PAD;
    let s = widen(s, wanted.min(CAPTION_WIDTH));
    let per_line = (((s.width - 2.0 * CAPTION_PAD) / CAPTION_CHAR_PX).floor() as usize).max(8);
    let lines = wrap(text, per_line, CAPTION_MAX_LINES);
    let band = CaptionBand {
        top: s.height,
        height: CAPTION_BAND + CAPTION_LINE * (lines.len() - 1) as f64,
        lines,
    };
    (s, Some(band))
}

/// `text` in lines of at most `width` characters, broken at spaces (a
/// longer word is cut), at most `max_lines` of them: the last line of a
/// text that does not fit ends in "…".
fn wrap(text: &str, width: usize, max_lines: usize) -> Vec<String> {
    let (width, max_lines) = (width.max(1), max_lines.max(1));
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    let mut len = 0;
    for word in text.split_whitespace() {
        let mut chars: Vec<char> = word.chars().collect();
        loop {
            let need = if len == 0 {
                chars.len()
            } else {
                len + 1 + chars.len()
            };
            if need <= width {
                if len > 0 {
                    line.push(' ');
                }
                line.extend(chars.iter());
                len = need;
                break;
            }
            if len > 0 {
                lines.push(std::mem::take(&mut line));
                len = 0;
                continue;
            }
            // A word longer than a line: cut it.
            let rest = chars.split_off(width);
            lines.push(chars.into_iter().collect());
            chars = rest;
        }
    }
    if len > 0 {
        lines.push(line);
    }
    if lines.len() > max_lines {
        lines.truncate(max_lines);
        let last = &mut lines[max_lines - 1];
        let mut kept: Vec<char> = last.chars().collect();
        kept.truncate(width.saturating_sub(1));
        *last = kept.into_iter().collect::<String>().trim_end().to_string() + "…";
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn captions_wrap_at_spaces_and_end_in_an_ellipsis() {
        assert_eq!(wrap("ab cd ef", 5, 3), ["ab cd", "ef"]);
        assert_eq!(wrap("  one  ", 5, 3), ["one"]);
        assert_eq!(wrap("abcdefghij k", 4, 5), ["abcd", "efgh", "ij k"]);
        let w = wrap("aa bb cc dd ee", 2, 2);
        assert_eq!(w, ["aa", "b…"]);
        assert!(wrap("x ".repeat(500).as_str(), 20, 3)
            .iter()
            .all(|l| l.chars().count() <= 20));
    }
}
