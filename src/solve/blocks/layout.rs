//! A position's blocks worked out once, so that every state of the game
//! (a set of its edges) values its blocks as states of the frames of the
//! position's own blocks.
//!
//! # Why every state fits the position's blocks
//!
//! Removing edges never joins blocks: each block of a state lies inside
//! one block B of the whole position, and a vertex of B that reaches the
//! ground in the state does so through B's root (a path that left B would
//! have to come back through the cut vertex it left by). So in any state,
//! B contributes the value of its standing edges seen from its root, with
//! the values of what still hangs at its other vertices as decorations:
//! exactly a state of B's frame (see [`super::frame`]). Valuing the
//! options of a position, its best moves, or every state the explorer
//! opens therefore reuses the states the first search remembered, instead
//! of numbering each option's blocks afresh.

use super::decompose::blocks;
use super::decorated::{DEdge, Decorated, ROOT};
use super::frame::Frame;
use super::solver::from_edges;
use crate::game::GameId;
use crate::position::{Colour, EdgeSet, Position};
use std::rc::Rc;

/// Where one edge of the position sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EdgePlace {
    /// Not connected to the ground even in the whole position.
    Fallen,
    /// A loop at this (dense) vertex.
    Loop(usize),
    /// Edge `edge` of block `block` (its local numbering).
    Block { block: usize, edge: usize },
}

/// One block of the position in its own numbering (local vertex 0 is the
/// root), with its frame once the solver has named it.
pub(super) struct LayoutBlock {
    /// The dense vertex the block hangs from.
    pub root: usize,
    /// Dense vertex of each local vertex (`vertices[0] == root`).
    pub vertices: Vec<usize>,
    /// The block's edges in local numbering (decorations are set per state).
    pub edges: Vec<DEdge>,
    /// The frame id and frame, `None` for a block too wide for a frame.
    pub frame: Option<(u32, Rc<Frame>)>,
}

/// The blocks of a position, children first.
pub(super) struct BlockLayout {
    /// The position's edges, to recognise it again.
    edges: Vec<crate::position::Edge>,
    place: Vec<EdgePlace>,
    pub blocks: Vec<LayoutBlock>,
    /// Per dense vertex, its edges as (position edge index, other end).
    adjacency: Vec<Vec<(usize, usize)>>,
    pub vertex_count: usize,
}

/// One block's standing edges in a state.
pub(super) struct BlockState {
    pub block: usize,
    /// Local edge mask.
    pub mask: u64,
}

impl BlockLayout {
    /// The layout of `p`; `frame_of` names each block's frame.
    pub fn new(p: &Position, mut frame_of: impl FnMut(Frame) -> (u32, Rc<Frame>)) -> BlockLayout {
        let dense = from_edges(p.edges.iter().map(|e| (e.u, e.v, e.colour)), GameId(0));
        let ends: Vec<(usize, usize)> = dense.edges.iter().map(|e| (e.u, e.v)).collect();
        let vertex_count = dense.vertex_count();
        let mut adjacency = vec![Vec::new(); vertex_count];
        for (i, &(u, v)) in ends.iter().enumerate() {
            adjacency[u].push((i, v));
            if u != v {
                adjacency[v].push((i, u));
            }
        }
        let reached = reach(&adjacency, vertex_count, |_| true);
        // The grounded part, with the position's edge index of each edge.
        let kept: Vec<usize> = (0..ends.len()).filter(|&i| reached[ends[i].0]).collect();
        let g = Decorated {
            edges: kept
                .iter()
                .map(|&i| DEdge {
                    u: ends[i].0,
                    v: ends[i].1,
                    colour: p.edges[i].colour,
                })
                .collect(),
            decorations: vec![GameId(0); vertex_count],
        };
        let split = blocks(&g);
        let mut place = vec![EdgePlace::Fallen; p.edges.len()];
        for &(v, k) in &split.loops {
            place[kept[k]] = EdgePlace::Loop(v);
        }
        let mut out = Vec::with_capacity(split.blocks.len());
        for (b, block) in split.blocks.iter().enumerate() {
            let mut vertices = vec![block.root];
            let mut local = |v: usize| match vertices.iter().position(|&w| w == v) {
                Some(l) => l,
                None => {
                    vertices.push(v);
                    vertices.len() - 1
                }
            };
            let edges: Vec<DEdge> = block
                .edges
                .iter()
                .enumerate()
                .map(|(j, &k)| {
                    place[kept[k]] = EdgePlace::Block { block: b, edge: j };
                    let e = g.edges[k];
                    DEdge {
                        u: local(e.u),
                        v: local(e.v),
                        colour: e.colour,
                    }
                })
                .collect();
            let shell = Decorated {
                edges: edges.clone(),
                decorations: vec![GameId(0); vertices.len()],
            };
            let frame = Frame::of(&shell).map(&mut frame_of);
            out.push(LayoutBlock {
                root: block.root,
                vertices,
                edges,
                frame,
            });
        }
        BlockLayout {
            edges: p.edges.clone(),
            place,
            blocks: out,
            adjacency,
            vertex_count,
        }
    }

    /// Is this the layout of `p`?
    pub fn is_of(&self, p: &Position) -> bool {
        self.edges == p.edges
    }

    /// Does every block fit a frame?
    pub fn framed(&self) -> bool {
        self.blocks.iter().all(|b| b.frame.is_some())
    }

    /// The state `set`: which dense vertices reach the ground, the loops
    /// standing at reached vertices (vertex, colour), and each block's
    /// standing edges (blocks whose root is cut off are left out, as are
    /// blocks with no edge standing), children first.
    pub fn state(&self, set: EdgeSet) -> (Vec<bool>, Vec<(usize, Colour)>, Vec<BlockState>) {
        let reached = reach(&self.adjacency, self.vertex_count, |i| set.contains(i));
        let mut loops = Vec::new();
        let mut masks = vec![0u64; self.blocks.len()];
        for i in set.iter() {
            match self.place.get(i) {
                Some(&EdgePlace::Loop(v)) if reached[v] => loops.push((v, self.edges[i].colour)),
                // Only framed layouts ask for states: every block has at
                // most 64 edges.
                Some(&EdgePlace::Block { block, edge }) if edge < 64 => masks[block] |= 1 << edge,
                _ => {}
            }
        }
        let states = masks
            .into_iter()
            .enumerate()
            .filter(|&(b, mask)| mask != 0 && reached[self.blocks[b].root])
            .map(|(block, mask)| BlockState { block, mask })
            .collect();
        (reached, loops, states)
    }
}

/// The vertices reached from the ground over the edges `standing` admits.
fn reach(
    adjacency: &[Vec<(usize, usize)>],
    n: usize,
    standing: impl Fn(usize) -> bool,
) -> Vec<bool> {
    let mut seen = vec![false; n];
    seen[ROOT] = true;
    let mut todo = vec![ROOT];
    while let Some(v) = todo.pop() {
        for &(i, w) in &adjacency[v] {
            if !seen[w] && standing(i) {
                seen[w] = true;
                todo.push(w);
            }
        }
    }
    seen
}
