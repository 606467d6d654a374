//! The JSON form of a position for the editor and share links:
//!
//! ```json
//! {"version":1,
//!  "vertices":[{"x":0.0,"y":0.0},{"x":0.0,"y":1.0},{"x":0.0,"y":2.0}],
//!  "edges":[{"u":0,"v":1,"colour":"B"},{"u":1,"v":2,"colour":"R"}]}
//! ```
//!
//! Vertex `i` of the array is vertex id `i`; vertex 0 is the ground and its
//! coordinates are nominal. Edge labels are the order of the `edges` array,
//! exactly as in the text form, so the two forms carry the same position and
//! round-trip. Coordinates are layout only and never affect values.
//!
//! Everything arriving as JSON is untrusted (share links), so
//! [`from_json`] validates fully and reports the first problem as a
//! [`JsonError`] naming the offending field.

use serde::{Deserialize, Serialize};

use super::layout::{self, Layout, Point};
use super::{Colour, Edge, Position, TooManyEdges};
use crate::parse_error::single_line;

/// The only format version so far.
pub const VERSION: u32 = 1;

/// At most this many vertices (a 128-edge position uses at most 257; the
/// rest is room for loose vertices in the editor), so that a hostile share
/// link cannot make us allocate without bound.
pub const MAX_VERTICES: usize = 1024;

/// Why a position document was refused; `Display` is one line naming the
/// field, e.g. `edge 3 names vertex 9, but there are only 4 vertices (0..3)`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JsonError {
    /// Not JSON, or not the document's shape (serde_json's message, which
    /// quotes field names as typed, so escaped to stay one line).
    #[error("invalid position JSON: {0}")]
    Syntax(String),
    #[error("unsupported version {found} (this build reads version {VERSION})")]
    Version { found: u32 },
    #[error("vertices must include the ground (vertex 0)")]
    NoGround,
    #[error("too many vertices: {count} (at most {MAX_VERTICES})")]
    TooManyVertices { count: usize },
    #[error(transparent)]
    TooManyEdges(#[from] TooManyEdges),
    #[error("vertex {vertex} has a non-finite coordinate")]
    NonFinite { vertex: usize },
    #[error("edge {label} names vertex {vertex}, but there are only {count} vertices (0..{})", count - 1)]
    NoSuchVertex {
        label: usize,
        vertex: usize,
        count: usize,
    },
    #[error("edge {label} has colour {colour:?} (expected \"B\", \"R\", \"G\" or \"X\")")]
    BadColour { label: usize, colour: String },
}

/// The serialised document, field for field.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionDoc {
    pub version: u32,
    pub vertices: Vec<Point>,
    pub edges: Vec<EdgeDoc>,
}

/// One edge; `colour` is a notation letter `B`, `R`, `G` or `X`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EdgeDoc {
    pub u: usize,
    pub v: usize,
    pub colour: String,
}

impl PositionDoc {
    /// The document for `p` drawn with `layout` (vertices `layout` lacks get
    /// the automatic layout's coordinates, so this cannot fail). The
    /// automatic layout is computed only when some vertex lacks a point:
    /// the page writes its link, every slide's document, after each action.
    pub fn new(p: &Position, layout: &Layout) -> PositionDoc {
        let mut auto = None;
        let vertices = (0..layout::point_count(p))
            .map(|v| match layout.points.get(v) {
                Some(pt) if pt.x.is_finite() && pt.y.is_finite() => *pt,
                _ => auto.get_or_insert_with(|| layout::auto(p)).points[v],
            })
            .collect();
        PositionDoc {
            version: VERSION,
            vertices,
            edges: p
                .edges
                .iter()
                .map(|e| EdgeDoc {
                    u: e.u,
                    v: e.v,
                    colour: e.colour.letter().to_string(),
                })
                .collect(),
        }
    }

    /// Check the document and build the position and its layout.
    pub fn to_position(&self) -> Result<(Position, Layout), JsonError> {
        if self.version != VERSION {
            return Err(JsonError::Version {
                found: self.version,
            });
        }
        if self.vertices.is_empty() {
            return Err(JsonError::NoGround);
        }
        if self.vertices.len() > MAX_VERTICES {
            return Err(JsonError::TooManyVertices {
                count: self.vertices.len(),
            });
        }
        TooManyEdges::check(self.edges.len())?;
        if let Some(vertex) = self
            .vertices
            .iter()
            .position(|pt| !pt.x.is_finite() || !pt.y.is_finite())
        {
            return Err(JsonError::NonFinite { vertex });
        }
        let n = self.vertices.len();
        let mut edges = Vec::with_capacity(self.edges.len());
        for (i, e) in self.edges.iter().enumerate() {
            let label = i + 1;
            if let Some(vertex) = [e.u, e.v].into_iter().find(|&end| end >= n) {
                return Err(JsonError::NoSuchVertex {
                    label,
                    vertex,
                    count: n,
                });
            }
            let mut letters = e.colour.chars();
            let colour = match (letters.next().and_then(Colour::from_letter), letters.next()) {
                (Some(c), None) => c,
                _ => {
                    return Err(JsonError::BadColour {
                        label,
                        // Bounded: the message may end up in a page.
                        colour: e.colour.chars().take(16).collect(),
                    });
                }
            };
            edges.push(Edge {
                u: e.u,
                v: e.v,
                colour,
            });
        }
        let position = Position {
            vertex_count: n,
            edges,
        };
        Ok((
            position,
            Layout {
                points: self.vertices.clone(),
            },
        ))
    }
}

/// Serialise `p` with `layout` (see [`PositionDoc::new`]).
pub fn to_json(p: &Position, layout: &Layout) -> String {
    // Serialising plain structs of numbers and strings cannot fail.
    serde_json::to_string(&PositionDoc::new(p, layout)).unwrap_or_default()
}

/// Serialise `p` with the automatic layout.
pub fn to_json_auto(p: &Position) -> String {
    to_json(p, &layout::auto(p))
}

/// Parse and validate a JSON document into a position and its layout.
pub fn from_json(text: &str) -> Result<(Position, Layout), JsonError> {
    let doc: PositionDoc =
        serde_json::from_str(text).map_err(|e| JsonError::Syntax(single_line(&e.to_string())))?;
    doc.to_position()
}
