//! Vertex coordinates for drawing. Coordinates are presentation only: no
//! value, move or label ever depends on them.
//!
//! The automatic layout puts the ground line at y = 0 with y growing upward,
//! one unit per edge. Each component (pieces touching only at the ground are
//! separate, as in [`Position::components`]) gets its own band of columns, in
//! label order; within it vertices sit at their BFS depth from the ground and
//! are spread over the band. A stalk therefore becomes one vertical column,
//! and a sum of stalks a row of columns — the picture players expect.

use serde::{Deserialize, Serialize};

use super::{Position, GROUND};

/// A point in layout units (one edge ≈ one unit).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

/// One point per vertex, indexed by vertex id (index 0 is the ground).
///
/// The ground is a line, not a point: its entry is nominal, and a renderer
/// should draw a grounded edge down to `(x of its other end, 0)`, see
/// [`Layout::edge_ends`].
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Layout {
    pub points: Vec<Point>,
}

impl Layout {
    /// Where to draw edge `i` of `p`: its two ends, with a ground end
    /// dropped vertically onto the ground line below the other end. A loop at
    /// the ground is anchored at the nominal ground point.
    pub fn edge_ends(&self, p: &Position, i: usize) -> Option<(Point, Point)> {
        let e = p.edges.get(i)?;
        let a = *self.points.get(e.u)?;
        let b = *self.points.get(e.v)?;
        let drop = |at: Point| Point { x: at.x, y: 0.0 };
        Some(match (e.u == GROUND, e.v == GROUND) {
            (true, false) => (drop(b), b),
            (false, true) => (a, drop(a)),
            _ => (a, b),
        })
    }
}

/// Horizontal distance between neighbouring columns.
const COLUMN: f64 = 1.0;

/// How many points a layout of `p` has: one per vertex id that its vertex
/// count or an edge names, the ground at least.
pub fn point_count(p: &Position) -> usize {
    p.edges
        .iter()
        .map(|e| e.u.max(e.v) + 1)
        .fold(p.vertex_count.max(1), usize::max)
}

/// The automatic layout of `p` (deterministic: depends only on `p`).
pub fn auto(p: &Position) -> Layout {
    let n = point_count(p);
    let mut adjacency = vec![Vec::new(); n];
    for e in &p.edges {
        adjacency[e.u].push(e.v);
        adjacency[e.v].push(e.u);
    }
    let mut points = vec![None; n];
    let mut left = 0.0;
    // Loops at the ground all stand on the ground's one point: it takes the
    // column of the first of them, in label order (a piece of its own), so
    // the views, which fit the vertices, fit it too. It stood halfway along
    // the drawing's columns, past the last vertex where the loops came
    // last: a projector showed them cut in half at the board's edge.
    let mut ground_loops_at = None;
    for piece in p.components(p.full_set()) {
        // BFS from the ground inside this component only.
        let mut members: Vec<usize> = Vec::new();
        for i in piece.iter() {
            let e = p.edges[i];
            for v in [e.u, e.v] {
                if v != GROUND && !members.contains(&v) {
                    members.push(v);
                }
            }
        }
        if members.is_empty() {
            if ground_loops_at.is_none() {
                ground_loops_at = Some(left);
                left += 2.0 * COLUMN;
            }
            continue;
        }
        let rows = bfs_rows(&adjacency, &members);
        let width = rows.iter().map(Vec::len).max().unwrap_or(1).max(1) as f64;
        for (depth, row) in rows.iter().enumerate() {
            let pad = (width - row.len() as f64) / 2.0;
            for (k, &v) in row.iter().enumerate() {
                points[v] = Some(Point {
                    x: left + (pad + k as f64) * COLUMN,
                    y: (depth + 1) as f64,
                });
            }
        }
        left += (width + 1.0) * COLUMN;
    }
    // Vertices on no edge (an editor may hold them): a row of their own.
    for point in points.iter_mut().skip(1) {
        if point.is_none() {
            *point = Some(Point { x: left, y: 1.0 });
            left += COLUMN;
        }
    }
    let right = (left - 2.0 * COLUMN).max(0.0);
    points[GROUND] = Some(Point {
        x: ground_loops_at.unwrap_or(right / 2.0),
        y: 0.0,
    });
    Layout {
        points: points
            .into_iter()
            .map(|p| p.unwrap_or(Point { x: 0.0, y: 0.0 }))
            .collect(),
    }
}

/// `members` (non-ground vertices of one component) grouped by distance from
/// the ground, each row in discovery order. Vertices the ground cannot reach
/// (possible only in hand-built, ungrounded positions) go in further rows.
fn bfs_rows(adjacency: &[Vec<usize>], members: &[usize]) -> Vec<Vec<usize>> {
    let mut seen = vec![false; adjacency.len()];
    seen[GROUND] = true;
    let mut rows: Vec<Vec<usize>> = Vec::new();
    let mut frontier: Vec<usize> = vec![GROUND];
    loop {
        let mut next = Vec::new();
        for &v in &frontier {
            for &w in &adjacency[v] {
                if !seen[w] && members.contains(&w) {
                    seen[w] = true;
                    next.push(w);
                }
            }
        }
        if next.is_empty() {
            // Restart from the first unreached member, if any.
            match members.iter().find(|&&v| !seen[v]) {
                Some(&v) => {
                    seen[v] = true;
                    next.push(v);
                }
                None => break,
            }
        }
        rows.push(next.clone());
        frontier = next;
    }
    rows
}
