//! The editor's document: vertices with coordinates and coloured edges, in
//! layout units (y up, the ground is the line y = 0). Vertex 0 is the ground
//! and its point is nominal. Edge `i` is label `i + 1`, as everywhere.
//!
//! A drawing converts losslessly to a [`Position`] + [`Layout`] (and hence
//! to the project's JSON), and to the text notation (which forgets the
//! coordinates and any loose vertices).

use crate::analysis::parse_position;
use crate::position::json::{self, PositionDoc, MAX_VERTICES};
use crate::position::{
    layout, print, Colour, Edge, EdgeSet, Layout, Point, Position, TooManyEdges, GROUND,
};

/// Edges and vertex coordinates.
#[derive(Clone, Debug, PartialEq)]
pub struct Drawing {
    /// One point per vertex; index 0 is the ground (nominal point).
    pub points: Vec<Point>,
    pub edges: Vec<Edge>,
}

impl Default for Drawing {
    fn default() -> Drawing {
        Drawing::empty()
    }
}

impl Drawing {
    /// Just the ground.
    pub fn empty() -> Drawing {
        Drawing {
            points: vec![Point { x: 0.0, y: 0.0 }],
            edges: Vec::new(),
        }
    }

    /// `p` drawn with `layout`; vertices the layout lacks (or places at
    /// non-finite coordinates) get the automatic layout's points.
    pub fn from_position(p: &Position, layout: &Layout) -> Drawing {
        let doc = PositionDoc::new(p, layout);
        Drawing {
            points: doc.vertices,
            edges: p.edges.clone(),
        }
    }

    /// `p` with the automatic layout.
    pub fn auto(p: &Position) -> Drawing {
        Drawing::from_position(p, &layout::auto(p))
    }

    /// Read the text notation (or `nim:3,2`); blank text is the empty drawing.
    pub fn from_text(text: &str) -> Result<Drawing, String> {
        if text.trim().is_empty() {
            return Ok(Drawing::empty());
        }
        Ok(Drawing::auto(
            &parse_position(text).map_err(|e| e.to_string())?,
        ))
    }

    /// Read the project's position JSON (validated; coordinates kept).
    pub fn from_json(text: &str) -> Result<Drawing, String> {
        let (p, l) = json::from_json(text).map_err(|e| e.to_string())?;
        Ok(Drawing::from_position(&p, &l))
    }

    /// Check the invariants the editor relies on (every edge end names a
    /// vertex, finite coordinates, size limits), for drawings from outside.
    pub fn check(&self) -> Result<(), String> {
        let n = self.points.len();
        if n == 0 {
            return Err("a drawing needs the ground (vertex 0)".into());
        }
        if n > MAX_VERTICES {
            return Err(format!("too many vertices: {n} (at most {MAX_VERTICES})"));
        }
        TooManyEdges::check(self.edges.len()).map_err(|e| e.to_string())?;
        if let Some(v) = self
            .points
            .iter()
            .position(|p| !p.x.is_finite() || !p.y.is_finite())
        {
            return Err(format!("vertex {v} has a non-finite coordinate"));
        }
        for (i, e) in self.edges.iter().enumerate() {
            if e.u >= n || e.v >= n {
                return Err(format!("edge {} names a vertex that does not exist", i + 1));
            }
        }
        Ok(())
    }

    pub fn position(&self) -> Position {
        Position {
            vertex_count: self.points.len(),
            edges: self.edges.clone(),
        }
    }

    pub fn layout(&self) -> Layout {
        Layout {
            points: self.points.clone(),
        }
    }

    pub fn doc(&self) -> PositionDoc {
        PositionDoc::new(&self.position(), &self.layout())
    }

    pub fn to_json(&self) -> String {
        json::to_json(&self.position(), &self.layout())
    }

    /// The text notation ("" for a drawing without edges).
    pub fn text(&self) -> String {
        print(&self.position())
    }

    /// Edges not connected to the ground: drawn faded, kept, and ignored by
    /// play (they fall at the start).
    pub fn ungrounded(&self) -> EdgeSet {
        let p = self.position();
        p.full_set().difference(p.grounded(p.full_set()))
    }

    /// Where edge `i` is drawn: its two ends, a ground end dropped straight
    /// down onto the ground line below the other end.
    pub fn edge_ends(&self, i: usize) -> (Point, Point) {
        let e = self.edges[i];
        let (a, b) = (self.points[e.u], self.points[e.v]);
        let drop = |at: Point| Point { x: at.x, y: 0.0 };
        match (e.u == GROUND, e.v == GROUND) {
            (true, false) => (drop(b), b),
            (false, true) => (a, drop(a)),
            _ => (a, b),
        }
    }

    /// Edge colours by index (handy for renderers and tests).
    pub fn colours(&self) -> Vec<Colour> {
        self.edges.iter().map(|e| e.colour).collect()
    }

    /// The bounding box of everything drawn, ground line included:
    /// `(min, max)` corners.
    pub fn bounds(&self) -> (Point, Point) {
        let mut lo = Point { x: 0.0, y: 0.0 };
        let mut hi = Point { x: 0.0, y: 0.0 };
        let mut first = true;
        // The ground is a line, but a loop on it stands on its point.
        let ground_loop = self.edges.iter().any(|e| e.u == GROUND && e.v == GROUND);
        let skip = usize::from(!ground_loop);
        for p in self.points.iter().skip(skip) {
            if first {
                lo = *p;
                hi = *p;
                first = false;
            }
            lo.x = lo.x.min(p.x);
            lo.y = lo.y.min(p.y);
            hi.x = hi.x.max(p.x);
            hi.y = hi.y.max(p.y);
        }
        lo.y = lo.y.min(0.0);
        hi.y = hi.y.max(0.0);
        (lo, hi)
    }
}
