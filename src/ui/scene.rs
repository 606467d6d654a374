//! What to draw, in canvas pixels: the one description both the canvas
//! renderer (web) and the SVG exporter read, so an export looks like the
//! screen. Building it is plain Rust and tested natively.

use crate::position::{Colour, Point};

use super::drawing::Drawing;
use super::geometry::{edge_shapes, Shape};
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
        Shape::Loop { centre, radius } => Shape::Loop {
            centre: m(centre),
            radius: radius * v.scale,
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

/// How much larger labels are drawn: 2× presenting, and smaller below
/// 13 px per unit, but never under 8 px type (12 px is the norm).
pub fn label_scale(s: &Scene) -> f64 {
    presenting(s) * (s.unit / 13.0).clamp(2.0 / 3.0, 1.0)
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
