//! Falling and splitting as pure bitmask work: each edge knows, as an
//! [`EdgeSet`], the edges it touches away from the ground. The solver calls
//! these millions of times, so they must not allocate.

use super::{EdgeSet, Position, GROUND};

/// Edge adjacency of a fixed position, precomputed for fast flood fills.
#[derive(Clone, Debug)]
pub struct EdgeGraph {
    /// Edges with an end on the ground.
    on_ground: EdgeSet,
    /// For each edge, the edges sharing a non-ground vertex with it.
    neighbours: Vec<EdgeSet>,
}

impl EdgeGraph {
    pub fn new(p: &Position) -> EdgeGraph {
        let mut at_vertex = vec![EdgeSet::EMPTY; p.vertex_count];
        let mut on_ground = EdgeSet::EMPTY;
        for (i, e) in p.edges.iter().enumerate() {
            for v in [e.u, e.v] {
                if v == GROUND {
                    on_ground.insert(i);
                } else {
                    at_vertex[v].insert(i);
                }
            }
        }
        let neighbours = p
            .edges
            .iter()
            .map(|e| {
                let mut n = EdgeSet::EMPTY;
                for v in [e.u, e.v] {
                    if v != GROUND {
                        n = n.union(at_vertex[v]);
                    }
                }
                n
            })
            .collect();
        EdgeGraph {
            on_ground,
            neighbours,
        }
    }

    /// Everything in `set` reachable from `seeds` through shared vertices
    /// other than the ground.
    fn flood(&self, set: EdgeSet, seeds: EdgeSet) -> EdgeSet {
        let mut reached = seeds.intersection(set);
        let mut frontier = reached;
        while let Some(e) = frontier.iter().next() {
            frontier.remove(e);
            let new = self.neighbours[e].intersection(set).difference(reached);
            reached = reached.union(new);
            frontier = frontier.union(new);
        }
        reached
    }

    /// The edges of `set` still connected to the ground.
    pub fn grounded(&self, set: EdgeSet) -> EdgeSet {
        self.flood(set, self.on_ground)
    }

    /// Cut edge `i`, then drop what no longer touches the ground.
    pub fn cut(&self, set: EdgeSet, i: usize) -> EdgeSet {
        self.grounded(set.without(i))
    }

    /// The independent pieces of `set` (joined only at the ground).
    pub fn components(&self, set: EdgeSet) -> Vec<EdgeSet> {
        let mut rest = set;
        let mut pieces = Vec::new();
        while let Some(e) = rest.iter().next() {
            let piece = self.flood(set, EdgeSet::single(e));
            rest = rest.difference(piece);
            pieces.push(piece);
        }
        pieces
    }
}
