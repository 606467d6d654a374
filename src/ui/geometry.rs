//! Where each edge of a drawing is drawn, in layout units (y up, ground at
//! y = 0), and distances to those shapes. The renderer and hit-testing both
//! use these shapes, so what you see is exactly what you can click.

use crate::position::{Point, GROUND};

use super::drawing::Drawing;

/// How far apart parallel edges bow, in layout units.
const BEND: f64 = 0.3;
/// How far an edge that would run through other vertices bows over the
/// first of them, in layout units (a skip of more bows up to half as high
/// again: about as high as a loop stands, which the views' margins hold).
const SKIP_BEND: f64 = 0.3;
/// How close to a straight edge a vertex counts as on it, in layout units.
const ON_SEGMENT: f64 = 0.08;
/// Radius of the smallest loop; further loops at one vertex grow by this.
const LOOP_RADIUS: f64 = 0.22;
/// Room above a loop's top that an edge bowing over its vertex keeps
/// free, in layout units, and how far right of the top: the loop's label
/// pill stands there (16 px high, centred on the stroke, from 8 px to
/// 30 px right of it for a two-digit label, at the default 80 px a unit),
/// with a gap.
const LOOP_LABEL_ROOM: f64 = 0.2;
const LOOP_LABEL_SPAN: f64 = 0.45;
/// How far strokes may rise above the highest vertex within the views'
/// margins, in layout units (an upright loop, a bow over skipped
/// vertices); a drawing whose strokes rise further is fitted by their
/// top ([`strokes_box`]).
pub const HEADROOM: f64 = 0.45;

/// The drawn shape of one edge.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// A straight segment.
    Line(Point, Point),
    /// A quadratic Bézier curve `from`, `control`, `to` (parallel edges bow
    /// apart so that each can be seen and clicked).
    Curve(Point, Point, Point),
    /// A loop: a circle standing on its vertex `foot` (kept, not derived
    /// from the centre: which side is up differs between layout units and
    /// the screen's y-down pixels).
    Loop {
        centre: Point,
        radius: f64,
        foot: Point,
    },
}

/// Where an edge's label stands beside the point it labels
/// ([`Shape::label_side`]): starting a little right of it, or ending a
/// little left of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabelSide {
    Right,
    Left,
}

pub fn add(a: Point, b: Point) -> Point {
    Point {
        x: a.x + b.x,
        y: a.y + b.y,
    }
}

pub fn sub(a: Point, b: Point) -> Point {
    Point {
        x: a.x - b.x,
        y: a.y - b.y,
    }
}

pub fn scale(a: Point, k: f64) -> Point {
    Point {
        x: a.x * k,
        y: a.y * k,
    }
}

pub fn dist(a: Point, b: Point) -> f64 {
    (a.x - b.x).hypot(a.y - b.y)
}

/// Distance from `p` to the segment `a`–`b`.
pub fn dist_to_segment(p: Point, a: Point, b: Point) -> f64 {
    let ab = sub(b, a);
    let len2 = ab.x * ab.x + ab.y * ab.y;
    if len2 <= f64::EPSILON {
        return dist(p, a);
    }
    let t = (((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / len2).clamp(0.0, 1.0);
    dist(p, add(a, scale(ab, t)))
}

/// The point at parameter `t` of a quadratic Bézier curve.
pub fn bezier(a: Point, c: Point, b: Point, t: f64) -> Point {
    let u = 1.0 - t;
    add(add(scale(a, u * u), scale(c, 2.0 * u * t)), scale(b, t * t))
}

impl Shape {
    /// Distance from `p` to the drawn stroke.
    pub fn distance(&self, p: Point) -> f64 {
        match *self {
            Shape::Line(a, b) => dist_to_segment(p, a, b),
            Shape::Curve(a, c, b) => {
                // Sixteen chords are within a hair of the curve at our sizes.
                const STEPS: usize = 16;
                (0..STEPS)
                    .map(|k| {
                        let s = bezier(a, c, b, k as f64 / STEPS as f64);
                        let t = bezier(a, c, b, (k + 1) as f64 / STEPS as f64);
                        dist_to_segment(p, s, t)
                    })
                    .fold(f64::INFINITY, f64::min)
            }
            Shape::Loop { centre, radius, .. } => (dist(p, centre) - radius).abs(),
        }
    }

    /// Which side of [`Shape::midpoint`] the edge's label goes: the
    /// right, but for a loop leaning left. Its midpoint is then its
    /// leftmost part and the ring lies to its right, so a label there lay
    /// inside the ring, across its stroke.
    pub fn label_side(&self) -> LabelSide {
        match *self {
            Shape::Loop {
                centre,
                radius,
                foot,
            } if centre.x < foot.x - 0.01 * radius => LabelSide::Left,
            _ => LabelSide::Right,
        }
    }

    /// The point halfway along the stroke (for labels and keyboard focus):
    /// for a loop, the top, across the circle from its vertex (where every
    /// loop of that vertex meets, so labels there covered each other).
    pub fn midpoint(&self) -> Point {
        match *self {
            Shape::Line(a, b) => scale(add(a, b), 0.5),
            Shape::Curve(a, c, b) => bezier(a, c, b, 0.5),
            Shape::Loop { centre, foot, .. } => sub(scale(centre, 2.0), foot),
        }
    }
}

/// The shape of every edge of `d`, by edge index. Edges joining the same
/// two vertices (a grounded edge counts as joining its vertex to the spot
/// of ground right below it) are spread symmetrically around the straight
/// line; loops at one vertex are nested; an edge whose straight line runs
/// through other vertices bows up over them.
pub fn edge_shapes(d: &Drawing) -> Vec<Shape> {
    // Loops lean by how the other edges leave their vertex, so those come
    // first.
    let mut shapes: Vec<Shape> = (0..d.edges.len()).map(|i| link_shape(d, i)).collect();
    for (i, e) in d.edges.iter().enumerate() {
        if e.u == e.v {
            let (a, _) = d.edge_ends(i);
            let radius = LOOP_RADIUS * (1 + rank_among(d, i)) as f64;
            let outer = LOOP_RADIUS * count_parallel(d, i) as f64;
            let (dx, dy) = loop_direction(d, &shapes, e.u, outer);
            let centre = Point {
                x: a.x + dx * radius,
                y: a.y + dy * radius,
            };
            shapes[i] = Shape::Loop {
                centre,
                radius,
                foot: a,
            };
        }
    }
    shapes
}

/// The shape of edge `i` if it joins two vertices (a loop's is a
/// placeholder, replaced by [`edge_shapes`]).
fn link_shape(d: &Drawing, i: usize) -> Shape {
    let e = d.edges[i];
    let (a, b) = d.edge_ends(i);
    if e.u == e.v {
        return Shape::Line(a, b);
    }
    let siblings = count_parallel(d, i);
    if siblings <= 1 {
        // A straight stroke through another vertex would read as two
        // edges, or lie on top of a shorter edge along the same line
        // (the automatic layout puts vertices at one depth on one
        // row, so an edge skipping one of them runs through it): it
        // bows up over them instead, higher the more it skips.
        let skipped = vertices_on(d, i, a, b);
        if skipped.is_empty() {
            return Shape::Line(a, b);
        }
        let normal = upward_normal(a, b);
        let rise = skipped.iter().fold(
            SKIP_BEND * (1.0 + 0.5 * (skipped.len() - 1) as f64).min(1.5),
            |rise, &v| rise.max(rise_over_loops(d, v, a, b, normal)),
        );
        let control = add(scale(add(a, b), 0.5), scale(normal, 2.0 * rise));
        return Shape::Curve(a, control, b);
    }
    // Offset k of n, centred: −(n−1)/2 … (n−1)/2 bends. The normal is
    // taken from the lower-numbered end so that the two directions of
    // a parallel pair agree on which side is which.
    let k = rank_among(d, i) as f64 - (siblings - 1) as f64 / 2.0;
    let (p, q) = if e.u <= e.v { (a, b) } else { (b, a) };
    let normal = unit_normal(p, q);
    // A quadratic curve reaches half its control offset at its middle.
    let control = add(scale(add(a, b), 0.5), scale(normal, 2.0 * BEND * k));
    Shape::Curve(a, control, b)
}

/// Loops stand upright unless another edge leaves their vertex within
/// this many degrees of straight up; then they lean as far from every
/// edge of the vertex as they can, up to [`LOOP_LEAN_CLEARANCE`].
const LOOP_UPRIGHT_CLEARANCE: i32 = 25;
/// A circle through its vertex crosses every edge leaving it less than a
/// right angle from its centre's direction, at 2r cos(angle) along it:
/// at a right angle it only touches the edge at the vertex.
const LOOP_LEAN_CLEARANCE: i32 = 90;

/// The unit direction, from vertex `v`, in which its loops stand (their
/// centres lie that way; nested loops share it). Upright unless an edge
/// goes (nearly) straight up from `v`: a loop there lay over that edge,
/// with its label (at its top) on the edge's, so the class saw one label
/// of two. Then the direction furthest from every edge of `v` (as each
/// leaves it: a bow by its tangent), up to a right angle, and of those
/// the closest to upright (towards the drawing's middle on a tie); never
/// one whose outer loop, of radius `outer`, would dip under the ground.
/// A branching vertex (edges up and to either side) keeps its loops
/// upright between the branches. `shapes` holds every edge's shape but
/// the loops'.
fn loop_direction(d: &Drawing, shapes: &[Shape], v: usize, outer: f64) -> (f64, f64) {
    const UP: (f64, f64) = (0.0, 1.0);
    if v == GROUND {
        return UP;
    }
    let at = d.points[v];
    let edges: Vec<f64> = (0..d.edges.len())
        .filter(|&j| {
            let e = d.edges[j];
            e.u != e.v && (e.u == v || e.v == v)
        })
        .map(|j| {
            let (a, b) = d.edge_ends(j);
            // The direction in which the stroke leaves `v`.
            let towards = match shapes[j] {
                Shape::Curve(_, c, _) => c,
                _ if d.edges[j].u == v => b,
                _ => a,
            };
            (towards.y - at.y).atan2(towards.x - at.x).to_degrees()
        })
        .collect();
    // The least angle, in whole degrees, between `deg` and an edge of `v`.
    let clearance = |deg: i32| -> i32 {
        edges
            .iter()
            .map(|&e| {
                let gap = (deg as f64 - e).rem_euclid(360.0);
                gap.min(360.0 - gap).round() as i32
            })
            .min()
            .unwrap_or(180)
    };
    if clearance(90) >= LOOP_UPRIGHT_CLEARANCE {
        return UP;
    }
    let (lo, hi) = d.bounds();
    let inward_left = at.x > (lo.x + hi.x) / 2.0;
    let above_ground = |deg: i32| at.y + outer * (deg as f64).to_radians().sin() - outer >= 0.05;
    // Every 5°, from upright outward, the inward side first.
    let mut best = (90, clearance(90));
    for step in 1..36 {
        let (near, far) = if inward_left {
            (90 + 5 * step, 90 - 5 * step)
        } else {
            (90 - 5 * step, 90 + 5 * step)
        };
        for deg in [near, far] {
            let c = clearance(deg).min(LOOP_LEAN_CLEARANCE);
            if above_ground(deg) && c > best.1 {
                best = (deg, c);
            }
        }
        if best.1 >= LOOP_LEAN_CLEARANCE {
            break;
        }
    }
    if best.0 == 90 {
        UP
    } else {
        let r = (best.0 as f64).to_radians();
        (r.cos(), r.sin())
    }
}

/// The vertices of `d` other than edge `i`'s own ends that lie on the
/// straight segment `a`–`b` (within a vertex dot's reach), not counting
/// any that sit on an end.
fn vertices_on(d: &Drawing, i: usize, a: Point, b: Point) -> Vec<usize> {
    let e = d.edges[i];
    (1..d.points.len()) // the ground is a line, not a dot
        .filter(|&v| {
            let p = d.points[v];
            v != e.u
                && v != e.v
                && dist(p, a) > ON_SEGMENT
                && dist(p, b) > ON_SEGMENT
                && dist_to_segment(p, a, b) < ON_SEGMENT
        })
        .collect()
}

/// The least rise of a bow from `a` to `b` (along `normal`) that passes
/// over the loops of vertex `v`, which it skips, and over the label at
/// their top; 0 if `v` has none. A bow of the usual height ran through a
/// loop there and over its label: on classroom drawing 7 of seed 25, red
/// edge 4 crossed blue loop 9, and a class could not tell which red
/// stroke went where. A quadratic bow stands 4t(1 − t) times its rise off
/// its chord at the fraction t along it, along its normal.
fn rise_over_loops(d: &Drawing, v: usize, a: Point, b: Point, normal: Point) -> f64 {
    let loops = d.edges.iter().filter(|e| e.u == v && e.v == v).count();
    if loops == 0 {
        return 0.0;
    }
    let chord = sub(b, a);
    let length = chord.x.hypot(chord.y).max(1e-9);
    let p = sub(d.points[v], a);
    let t = (p.x * chord.x + p.y * chord.y) / (length * length);
    // Over the loop's top and the label right of it (towards whichever
    // end lies right); loops stand up from their vertex, and a slanted
    // bow passes them along its normal, which climbs only by its upward
    // part.
    let towards_right = if chord.x >= 0.0 { 1.0 } else { -1.0 };
    let clear = 2.0 * LOOP_RADIUS * loops as f64 + LOOP_LABEL_ROOM;
    [t, t + towards_right * LOOP_LABEL_SPAN / length]
        .iter()
        .map(|&t| {
            let t = t.clamp(0.05, 0.95);
            clear / (4.0 * t * (1.0 - t)) / normal.y.max(0.5)
        })
        .fold(0.0, f64::max)
}

/// The box of every edge of `d` as drawn, in layout units: its ends, a
/// bow's extremes, a loop's circle; `None` without edges.
pub fn strokes_box(d: &Drawing) -> Option<(Point, Point)> {
    edge_shapes(d)
        .iter()
        .map(|s| s.bounding_box())
        .reduce(|(lo, hi), (l, h)| {
            (
                Point {
                    x: lo.x.min(l.x),
                    y: lo.y.min(l.y),
                },
                Point {
                    x: hi.x.max(h.x),
                    y: hi.y.max(h.y),
                },
            )
        })
}

impl Shape {
    /// The box of the stroke's centre line: a curve's extremes come from
    /// where its derivative vanishes, a loop is its whole circle.
    pub fn bounding_box(&self) -> (Point, Point) {
        let corners = |a: Point, b: Point| {
            (
                Point {
                    x: a.x.min(b.x),
                    y: a.y.min(b.y),
                },
                Point {
                    x: a.x.max(b.x),
                    y: a.y.max(b.y),
                },
            )
        };
        match *self {
            Shape::Line(a, b) => corners(a, b),
            Shape::Curve(a, c, b) => {
                let (mut lo, mut hi) = corners(a, b);
                // Per axis, B'(t) = 0 at t = (a − c) / (a − 2c + b).
                for t in [
                    (a.x - c.x) / (a.x - 2.0 * c.x + b.x),
                    (a.y - c.y) / (a.y - 2.0 * c.y + b.y),
                ] {
                    if t.is_finite() && t > 0.0 && t < 1.0 {
                        let p = bezier(a, c, b, t);
                        (lo, hi) = (corners(lo, p).0, corners(hi, p).1);
                    }
                }
                (lo, hi)
            }
            Shape::Loop { centre, radius, .. } => {
                let r = radius.abs();
                corners(
                    Point {
                        x: centre.x - r,
                        y: centre.y - r,
                    },
                    Point {
                        x: centre.x + r,
                        y: centre.y + r,
                    },
                )
            }
        }
    }
}

/// The unit normal of `a`–`b` that points up (to the right for a
/// vertical segment), so a bow clears the vertices it skips on the sky
/// side, whichever way the edge was drawn.
fn upward_normal(a: Point, b: Point) -> Point {
    let n = unit_normal(a, b);
    if n.y < -1e-9 || (n.y.abs() <= 1e-9 && n.x < 0.0) {
        scale(n, -1.0)
    } else {
        n
    }
}

/// The unit normal of `a`–`b`, turned a quarter to the left of `a` → `b`.
fn unit_normal(a: Point, b: Point) -> Point {
    let dir = sub(b, a);
    let len = dir.x.hypot(dir.y).max(1e-9);
    Point {
        x: -dir.y / len,
        y: dir.x / len,
    }
}

fn same_ends(d: &Drawing, i: usize, j: usize) -> bool {
    let (a, b) = (d.edges[i], d.edges[j]);
    (a.u == b.u && a.v == b.v) || (a.u == b.v && a.v == b.u)
}

fn count_parallel(d: &Drawing, i: usize) -> usize {
    (0..d.edges.len()).filter(|&j| same_ends(d, i, j)).count()
}

/// How many edges with the same ends come before edge `i`.
fn rank_among(d: &Drawing, i: usize) -> usize {
    (0..i).filter(|&j| same_ends(d, i, j)).count()
}
