//! A rooted multigraph whose vertices carry game values ("decorations"):
//! the object the block solver values. The root plays the ground's part;
//! a decoration stands for everything that hangs at its vertex and falls
//! with it.

use crate::game::GameId;
use crate::position::{Colour, EdgeSet, Position, GROUND};

/// The root vertex of every decorated graph.
pub const ROOT: usize = 0;

/// One edge of a decorated graph (ends may coincide: a loop).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DEdge {
    pub u: usize,
    pub v: usize,
    pub colour: Colour,
}

/// A rooted, decorated multigraph. Vertex [`ROOT`] is grounded; vertex `v`
/// carries the game `decorations[v]`, which is played alongside the graph
/// and disappears when `v` loses its last path to the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decorated {
    pub edges: Vec<DEdge>,
    /// One per vertex; `decorations.len()` is the vertex count.
    pub decorations: Vec<GameId>,
}

impl Decorated {
    /// The edges of `set` of position `p`, rooted at the ground, with no
    /// decorations (all `zero`).
    pub fn from_position(p: &Position, set: EdgeSet, zero: GameId) -> Decorated {
        // Vertex names are kept (ground = ROOT = 0); `pruned` compacts them.
        debug_assert_eq!(GROUND, ROOT);
        let vertices = p
            .edges
            .iter()
            .map(|e| e.u.max(e.v) + 1)
            .fold(p.vertex_count.max(1), usize::max);
        let edges = set
            .iter()
            .filter_map(|i| p.edges.get(i))
            .map(|e| DEdge {
                u: e.u,
                v: e.v,
                colour: e.colour,
            })
            .collect();
        Decorated {
            edges,
            decorations: vec![zero; vertices],
        }
    }

    pub fn vertex_count(&self) -> usize {
        self.decorations.len()
    }

    /// The same graph without edge `i` (nothing pruned yet).
    pub fn without_edge(&self, i: usize) -> Decorated {
        let mut edges = self.edges.clone();
        edges.remove(i);
        Decorated {
            edges,
            decorations: self.decorations.clone(),
        }
    }

    /// The part still connected to the root, vertices renumbered in order
    /// of discovery (root first). Edges and decorations of vertices cut off
    /// from the root are dropped: they have fallen.
    pub fn pruned(&self) -> Decorated {
        let n = self.vertex_count();
        let incidence = Incidence::new(self);
        let mut map = vec![usize::MAX; n];
        let mut order = vec![ROOT];
        map[ROOT] = 0;
        let mut next = 0;
        while next < order.len() {
            let v = order[next];
            next += 1;
            for &(_, w) in incidence.at(v) {
                if map[w] == usize::MAX {
                    map[w] = order.len();
                    order.push(w);
                }
            }
        }
        let edges = self
            .edges
            .iter()
            .filter(|e| map[e.u] != usize::MAX)
            .map(|e| DEdge {
                u: map[e.u],
                v: map[e.v],
                colour: e.colour,
            })
            .collect();
        let decorations = order.iter().map(|&v| self.decorations[v]).collect();
        Decorated { edges, decorations }
    }
}

/// Each vertex's incident edges as (edge index, other end), in one flat
/// array (loops appear once), so a traversal allocates two buffers rather
/// than one per vertex.
pub struct Incidence {
    start: Vec<usize>,
    entries: Vec<(usize, usize)>,
}

impl Incidence {
    pub fn new(g: &Decorated) -> Incidence {
        Incidence::with(g, true)
    }

    /// Without loops (for block finding, where loops are handled apart).
    pub fn without_loops(g: &Decorated) -> Incidence {
        Incidence::with(g, false)
    }

    fn with(g: &Decorated, loops: bool) -> Incidence {
        let n = g.vertex_count();
        let mut start = vec![0usize; n + 1];
        for e in &g.edges {
            if e.u == e.v {
                if loops {
                    start[e.u + 1] += 1;
                }
            } else {
                start[e.u + 1] += 1;
                start[e.v + 1] += 1;
            }
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut entries = vec![(0, 0); start[n]];
        let mut put = |v: usize, entry: (usize, usize)| {
            entries[fill[v]] = entry;
            fill[v] += 1;
        };
        for (i, e) in g.edges.iter().enumerate() {
            if e.u == e.v {
                if loops {
                    put(e.u, (i, e.u));
                }
            } else {
                put(e.u, (i, e.v));
                put(e.v, (i, e.u));
            }
        }
        Incidence { start, entries }
    }

    /// The edges at `v` as (edge index, other end).
    pub fn at(&self, v: usize) -> &[(usize, usize)] {
        &self.entries[self.start[v]..self.start[v + 1]]
    }
}
