//! One block's edges as a fixed frame, so that every state the search of
//! that block reaches is a pair of bit masks plus the decorations of the
//! vertices still standing, rather than a graph rebuilt, pruned, split and
//! canonically labelled at every step.
//!
//! A state of the search is (root, edges, decorations): the frame's edges
//! in the mask that still reach `root`, with a game on each of their other
//! vertices. Cutting edges never adds one, so every block the state splits
//! into is again a mask of the same frame, hanging at one of its vertices;
//! its value is a state of the same kind with that vertex as root. The
//! memo is therefore keyed by masks in one numbering, and the whole search
//! below a block never leaves its frame.
//!
//! Frames hold at most 64 edges (a `u64` mask); larger blocks go through
//! the general path of the solver.

use super::decorated::Decorated;
use crate::position::Colour;

/// The widest block a frame holds.
pub const MAX_FRAME_EDGES: usize = 64;

/// A block's edges, numbered once: the search works on subsets of them.
#[derive(Debug)]
pub struct Frame {
    /// Both ends of each edge (never equal: loops are blocks of their own).
    pub ends: Vec<(u8, u8)>,
    pub colours: Vec<Colour>,
    /// Per vertex, the mask of its incident edges.
    pub incident: Vec<u64>,
    /// The green edges.
    pub green: u64,
}

/// Blocks of a state: (the vertex it hangs from, its edges), every block
/// after the blocks hanging below it.
pub type Split = Vec<(u8, u64)>;

impl Frame {
    /// The frame of a loop-free decorated block of at most
    /// [`MAX_FRAME_EDGES`] edges and vertices, or `None`.
    pub fn of(g: &Decorated) -> Option<Frame> {
        let n = g.vertex_count();
        if g.edges.len() > MAX_FRAME_EDGES || n > MAX_FRAME_EDGES {
            return None;
        }
        let mut incident = vec![0u64; n];
        let mut ends = Vec::with_capacity(g.edges.len());
        let mut colours = Vec::with_capacity(g.edges.len());
        for (i, e) in g.edges.iter().enumerate() {
            if e.u == e.v {
                return None;
            }
            incident[e.u] |= 1 << i;
            incident[e.v] |= 1 << i;
            ends.push((e.u as u8, e.v as u8));
            colours.push(e.colour);
        }
        let green = colours
            .iter()
            .enumerate()
            .filter(|(_, &c)| c == Colour::Green)
            .fold(0u64, |m, (i, _)| m | 1 << i);
        Some(Frame {
            ends,
            colours,
            incident,
            green,
        })
    }

    /// Every edge blue or red: its states are Blue-Red Hackenbush.
    pub fn blue_red(&self) -> bool {
        self.colours
            .iter()
            .all(|&c| matches!(c, Colour::Blue | Colour::Red))
    }

    /// Every edge of the frame.
    pub fn all(&self) -> u64 {
        match self.ends.len() {
            MAX_FRAME_EDGES => u64::MAX,
            k => (1u64 << k) - 1,
        }
    }

    /// The end of edge `e` that is not `v`.
    pub fn other(&self, e: usize, v: usize) -> usize {
        let (a, b) = self.ends[e];
        if a as usize == v {
            b as usize
        } else {
            a as usize
        }
    }

    /// The edges of `mask` still connected to `root`, and the vertices they
    /// touch (`root` included).
    pub fn reach(&self, root: usize, mask: u64) -> (u64, u64) {
        let mut seen = 1u64 << root;
        let mut todo = seen;
        let mut edges = 0u64;
        while todo != 0 {
            let v = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let mut out = self.incident[v] & mask & !edges;
            edges |= out;
            while out != 0 {
                let e = out.trailing_zeros() as usize;
                out &= out - 1;
                let w = self.other(e, v);
                if seen & (1 << w) == 0 {
                    seen |= 1 << w;
                    todo |= 1 << w;
                }
            }
        }
        (edges, seen)
    }

    /// The blocks of the edges `mask` (all connected to `root`), children
    /// first, by Hopcroft and Tarjan's depth-first search with an edge
    /// stack; parallel edges fall in one block. They go into `out`
    /// (cleared first), so a caller that splits often reuses one buffer.
    pub fn split_into(&self, root: usize, mask: u64, out: &mut Split) {
        out.clear();
        let mut dfs = Dfs {
            frame: self,
            mask,
            disc: [0; MAX_FRAME_EDGES],
            low: [0; MAX_FRAME_EDGES],
            time: 0,
            stack: 0,
            out,
        };
        dfs.visit(root, usize::MAX);
    }

    /// The vertices the edges of `mask` touch.
    pub fn touched(&self, mask: u64) -> u64 {
        bits(mask).fold(0, |set, e| {
            let (a, b) = self.ends[e];
            set | 1 << a | 1 << b
        })
    }
}

struct Dfs<'a, 'b> {
    frame: &'a Frame,
    mask: u64,
    /// Discovery times from 1 (0: not seen yet).
    disc: [u8; MAX_FRAME_EDGES],
    low: [u8; MAX_FRAME_EDGES],
    time: u8,
    /// The edge stack as a set: a block is popped as everything pushed
    /// since its first edge, which are exactly the edges pushed after it,
    /// so a mask of the edges pushed so far and their order is enough.
    stack: u64,
    out: &'b mut Split,
}

impl Dfs<'_, '_> {
    /// Depth is at most the vertex count (≤ 64), so recursion is safe.
    fn visit(&mut self, v: usize, parent_edge: usize) {
        self.time += 1;
        self.disc[v] = self.time;
        self.low[v] = self.time;
        let mut out = self.frame.incident[v] & self.mask;
        while out != 0 {
            let e = out.trailing_zeros() as usize;
            out &= out - 1;
            if e == parent_edge {
                continue;
            }
            let w = self.frame.other(e, v);
            if self.disc[w] == 0 {
                let before = self.stack;
                self.stack |= 1 << e;
                self.visit(w, e);
                self.low[v] = self.low[v].min(self.low[w]);
                if self.low[w] >= self.disc[v] {
                    // Everything pushed since `e`, `e` included.
                    let block = self.stack & !before;
                    self.stack = before;
                    self.out.push((v as u8, block));
                }
            } else if self.disc[w] < self.disc[v] {
                self.stack |= 1 << e;
                self.low[v] = self.low[v].min(self.disc[w]);
            }
        }
    }
}

/// The indices of the set bits of `mask`, lowest first.
pub fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(i)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Arena;
    use crate::solve::blocks::decompose::blocks;
    use crate::solve::blocks::decorated::DEdge;

    fn graph(edges: &[(usize, usize)]) -> Decorated {
        let n = edges.iter().map(|&(u, v)| u.max(v) + 1).max().unwrap_or(1);
        Decorated {
            edges: edges
                .iter()
                .map(|&(u, v)| DEdge {
                    u,
                    v,
                    colour: Colour::Blue,
                })
                .collect(),
            decorations: vec![Arena::new().zero(); n],
        }
    }

    #[test]
    fn split_agrees_with_the_graph_decomposition() {
        // Two triangles sharing vertex 2, a pendant edge and a parallel pair.
        let g = graph(&[
            (0, 1),
            (1, 2),
            (2, 0),
            (2, 3),
            (3, 4),
            (4, 2),
            (4, 5),
            (1, 6),
            (1, 6),
        ]);
        let f = Frame::of(&g).unwrap();
        let mut split = Split::new();
        f.split_into(0, f.all(), &mut split);
        let mut ours: Vec<(usize, Vec<usize>)> = split
            .into_iter()
            .map(|(r, m)| (r as usize, bits(m).collect()))
            .collect();
        let mut theirs: Vec<(usize, Vec<usize>)> = blocks(&g)
            .blocks
            .into_iter()
            .map(|b| {
                let mut e = b.edges;
                e.sort();
                (b.root, e)
            })
            .collect();
        ours.sort();
        theirs.sort();
        assert_eq!(ours, theirs);
    }

    #[test]
    fn reach_drops_what_a_cut_disconnects() {
        let g = graph(&[(0, 1), (1, 2), (2, 3)]);
        let f = Frame::of(&g).unwrap();
        assert_eq!(f.reach(0, 0b101), (0b001, 0b011));
        assert_eq!(f.reach(0, f.all()), (0b111, 0b1111));
    }
}
