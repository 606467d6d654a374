//! The quantum views beside the board, computed from the game record (the
//! engine's realisations; nothing is valued here):
//!
//! - realisations: a thumbnail per realisation, absent edges faded, and a
//!   sentence on what the last move did to their number (split, collapse,
//!   merge);
//! - the entanglement graph: one vertex per edge of the start, a link per
//!   superposed move played (a hyperedge when it names more than two).

use std::collections::HashMap;

use serde::Serialize;

use crate::position::{Colour, EdgeSet, Position};
use crate::rules::{Hackenbush, Player, Ruleset};

use super::drawing::Drawing;
use super::geometry::strokes_box;
use super::play::{Game, Side, SidedMove};
use super::scene::{self, SceneOptions};
use super::svg;
use super::viewport::Viewport;

/// Thumbnail size in CSS pixels (a click zooms to board size).
pub const THUMB_W: f64 = 210.0;
pub const THUMB_H: f64 = 140.0;
/// Zoomed views are clamped to this many CSS pixels a side.
const ZOOM_MAX: f64 = 2400.0;
/// At most this many thumbnails are drawn (a state can hold thousands).
pub const MAX_THUMBS: usize = 24;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Thumb {
    /// A standalone SVG document (shown through an `<img>`, so it never
    /// becomes page markup).
    pub svg: String,
    /// Labels present, for the caption and tests.
    pub labels: Vec<usize>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GraphVertex {
    pub label: usize,
    /// In a 0..100 box.
    pub x: f64,
    pub y: f64,
    pub colour: &'static str,
    /// The colour as a letter (`B`, `R`, `G`, `X`): colour-blind mode
    /// writes it beside the number, so the graph does not rely on hue.
    pub letter: char,
    /// Gone from every realisation.
    pub absent: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GraphLink {
    /// The move's number in the game (1-based).
    pub number: usize,
    pub labels: Vec<usize>,
    /// `L` or `R`.
    pub side: char,
    /// Where the move's number sits (in the 0..100 box).
    pub x: f64,
    pub y: f64,
    /// A move naming two edges: a quadratic curve `[ax, ay, cx, cy, bx,
    /// by]` from one vertex to the other through control point (cx, cy),
    /// bowed apart from earlier links between the same two vertices.
    pub curve: Option<[f64; 6]>,
    /// A move naming more: spokes from (x, y) to each vertex it joins.
    pub spokes: Vec<[f64; 2]>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct QuantumViews {
    pub count: usize,
    pub thumbs: Vec<Thumb>,
    /// What the last move did to the realisations ("" at the start).
    pub note: String,
    pub vertices: Vec<GraphVertex>,
    pub links: Vec<GraphLink>,
    /// A one-line summary of the graph, for screen readers and tests.
    pub summary: String,
}

/// The views for the board at the cursor, or `None` outside quantum play.
pub fn build(game: &Game, drawing: &Drawing, colour_blind: bool) -> Option<QuantumViews> {
    if !game.is_quantum() {
        return None;
    }
    let board = game.board();
    let start = game.board_at(0).present();
    let thumbs = board
        .realisations
        .iter()
        .take(MAX_THUMBS)
        .map(|r| thumb(drawing, start, *r, colour_blind, (THUMB_W, THUMB_H), false))
        .collect();
    let (vertices, links) = graph(game, start);
    let absent = vertices.iter().filter(|v| v.absent).count();
    let summary = format!(
        "{} vertices, {} link{}{}",
        vertices.len(),
        links.len(),
        if links.len() == 1 { "" } else { "s" },
        if absent > 0 {
            format!(", {absent} gone from every realisation")
        } else {
            String::new()
        }
    );
    Some(QuantumViews {
        count: board.realisations.len(),
        thumbs,
        note: note(game),
        vertices,
        links,
        summary,
    })
}

/// Realisation `k` (0-based) of the board at the cursor, drawn at `size`
/// CSS pixels (clamped to 16..=[`ZOOM_MAX`]).
pub fn zoom(
    game: &Game,
    drawing: &Drawing,
    k: usize,
    colour_blind: bool,
    size: (f64, f64),
) -> Option<String> {
    if !game.is_quantum() {
        return None;
    }
    let r = *game.board().realisations.get(k)?;
    let clamp = |x: f64| {
        if x.is_finite() {
            x.clamp(16.0, ZOOM_MAX)
        } else {
            16.0
        }
    };
    let start = game.board_at(0).present();
    let size = (clamp(size.0), clamp(size.1));
    // Zoomed, the labels are legible: they name the board's edges.
    Some(thumb(drawing, start, r, colour_blind, size, true).svg)
}

fn thumb(
    d: &Drawing,
    start: EdgeSet,
    r: EdgeSet,
    colour_blind: bool,
    size: (f64, f64),
    show_labels: bool,
) -> Thumb {
    let colours: Vec<Option<Colour>> = (0..d.edges.len())
        .map(|i| start.contains(i).then_some(d.edges[i].colour))
        .collect();
    let faded = start.difference(r).iter().map(|i| i + 1).collect();
    let opts = SceneOptions {
        board: Some(colours),
        faded,
        colour_blind,
        show_labels,
        // Zoomed to board size, edges and labels as thick as on the board.
        large: show_labels && size.0 >= 700.0,
        ..SceneOptions::default()
    };
    Thumb {
        svg: svg::to_svg(&scene::build(d, &fit(d, size), &opts)),
        labels: r.iter().map(|i| i + 1).collect(),
    }
}

/// A viewport showing the whole drawing in a thumbnail (small margins, any
/// scale: the editor's minimum scale is for pointing, not for looking).
pub(crate) fn fit(d: &Drawing, (w_px, h_px): (f64, f64)) -> Viewport {
    // Vertices and strokes alike: a thumbnail's margin is a few pixels,
    // so a loop on the last vertex (or on the ground there) was cut.
    let (mut lo, mut hi) = d.bounds();
    if let Some((slo, shi)) = strokes_box(d) {
        lo.x = lo.x.min(slo.x);
        hi.x = hi.x.max(shi.x);
        hi.y = hi.y.max(shi.y);
    }
    let margin = (w_px.min(h_px) / 10.0).clamp(4.0, 40.0);
    let (w, h) = ((hi.x - lo.x).max(1.0), (hi.y - lo.y).max(1.0));
    let scale = ((w_px - 2.0 * margin) / w).min((h_px - 2.0 * margin - 6.0) / h);
    let mut v = Viewport::new(w_px, h_px);
    v.scale = scale;
    v.ground_y = h_px - margin;
    v.origin_x = w_px / 2.0 - (lo.x + hi.x) / 2.0 * scale;
    // Keep the lowest point (the ground, y = 0, or below) in view.
    v.ground_y -= (-lo.y).max(0.0) * scale;
    v
}

fn graph(game: &Game, start: EdgeSet) -> (Vec<GraphVertex>, Vec<GraphLink>) {
    let present = game.board().present();
    let labels: Vec<usize> = start.iter().collect();
    let n = labels.len().max(1) as f64;
    let vertices: Vec<GraphVertex> = labels
        .iter()
        .enumerate()
        .map(|(k, &i)| {
            // A circle, starting at the top, clockwise: no two links of a
            // hypergraph this small are hidden behind a vertex.
            let a = std::f64::consts::TAU * k as f64 / n - std::f64::consts::FRAC_PI_2;
            let c = game.start().edges[i].colour;
            GraphVertex {
                label: i + 1,
                x: 50.0 + 38.0 * a.cos(),
                y: 50.0 + 38.0 * a.sin(),
                colour: scene::stroke(c, false).css,
                letter: c.letter(),
                absent: !present.contains(i),
            }
        })
        .collect();
    let links = link_geometry(game, &vertices);
    (vertices, links)
}

/// Each superposed move played as a link between its vertices, laid out:
/// a line (bowed when repeated) for two edges, a star for more.
fn link_geometry(game: &Game, vertices: &[GraphVertex]) -> Vec<GraphLink> {
    // How many links between the same vertices came before.
    let mut seen: HashMap<Vec<usize>, usize> = HashMap::new();
    let mut links = Vec::new();
    for (k, m) in game.moves()[..game.cursor()].iter().enumerate() {
        let pts: Vec<(f64, f64)> = m
            .labels
            .iter()
            .filter_map(|l| vertices.iter().find(|v| v.label == *l))
            .map(|v| (v.x, v.y))
            .collect();
        if pts.len() < 2 {
            continue;
        }
        let nth = *seen
            .entry(m.labels.clone())
            .and_modify(|n| *n += 1)
            .or_insert(0);
        let n = pts.len() as f64;
        let cx = pts.iter().map(|p| p.0).sum::<f64>() / n;
        let cy = pts.iter().map(|p| p.1).sum::<f64>() / n;
        let (x, y, curve, spokes) = if let [a, b] = pts[..] {
            // Bowed along the normal: 0, +9, −9, +18, −18, …
            let (nx, ny) = (-(b.1 - a.1), b.0 - a.0);
            let len = nx.hypot(ny).max(f64::MIN_POSITIVE);
            let side = if nth % 2 == 1 { 1.0 } else { -1.0 };
            let bow = if nth == 0 {
                0.0
            } else {
                side * nth.div_ceil(2) as f64 * 9.0
            };
            let (x, y) = (cx + nx / len * bow, cy + ny / len * bow);
            // The curve passes through (x, y) at its middle.
            let curve = [a.0, a.1, 2.0 * x - cx, 2.0 * y - cy, b.0, b.1];
            (x, y, Some(curve), Vec::new())
        } else {
            let shift = nth as f64 * 4.0;
            let spokes = pts.iter().map(|p| [p.0, p.1]).collect();
            (cx + shift, cy + shift, None, spokes)
        };
        links.push(GraphLink {
            number: k + 1,
            labels: m.labels.clone(),
            side: if m.side == Side::Right { 'R' } else { 'L' },
            x,
            y,
            curve,
            spokes,
        });
    }
    links
}

/// What the move before the cursor did to the realisations, in words
/// (found when the move was played: [`move_note`]).
fn note(game: &Game) -> String {
    if game.cursor() == 0 {
        return "The start: one realisation, the position as drawn.".into();
    }
    game.board().note.clone()
}

/// What quantum move `m` did to the realisations `before` (on `start`),
/// leaving `after` realisations, in words. Found once per move (it asks
/// the ruleset about every realisation), kept with the board.
pub fn move_note(start: &Position, before: &[EdgeSet], m: &SidedMove, after: usize) -> String {
    let p = if m.side == Side::Right {
        Player::Right
    } else {
        Player::Left
    };
    let rules = Hackenbush::new(start.clone());
    let mut pairs = 0;
    let mut collapsed = 0;
    for r in before {
        let legal = rules.moves(r, p);
        let here = m
            .labels
            .iter()
            .filter(|l| legal.contains(&(*l - 1)))
            .count();
        pairs += here;
        if here == 0 {
            collapsed += 1;
        }
    }
    let who = if p == Player::Left { "Left" } else { "Right" };
    let list: Vec<String> = m.labels.iter().map(|l| l.to_string()).collect();
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let mut s = format!(
        "{who} cut {} in {} realisation{}: {pairs} cut{} gave {after} realisation{}",
        list.join(" or "),
        before.len(),
        plural(before.len()),
        plural(pairs),
        plural(after)
    );
    if collapsed > 0 {
        s += &format!("; {collapsed} collapsed (none of the edges was {who}'s to cut there)");
    }
    if pairs > after {
        s += &format!("; {} merged (the same edges were left)", pairs - after);
    }
    s.push('.');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thumbnail_holds_every_stroke() {
        // Classroom drawing 1 of seed 24: loops on the ground in the last
        // column, and nested loops leaning off an edge; a thumbnail's
        // margin is a few pixels, and the loops were cut at its edge.
        let d = Drawing::from_text("0-1:G G 0-1:R 1-0:B 0-0:R 1-1:B 0-0:R 1-1:B 1-2:B").unwrap();
        for size in [(THUMB_W, THUMB_H), (120.0, 80.0), (900.0, 500.0)] {
            let s = scene::build(&d, &fit(&d, size), &SceneOptions::default());
            for e in &s.edges {
                let (lo, hi) = e.shape.bounding_box();
                assert!(
                    lo.x >= 0.0 && lo.y >= 0.0 && hi.x <= size.0 && hi.y <= size.1,
                    "at {size:?}, edge {} leaves the thumbnail: {lo:?} {hi:?}",
                    e.label
                );
            }
        }
    }
}
