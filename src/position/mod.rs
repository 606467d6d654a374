//! Hackenbush positions: a multigraph with a ground vertex (vertex 0),
//! coloured and labelled edges, and the falling rule.
//!
//! Around the core type: [`notation`] (the RULES.md §1 text form),
//! [`cgsuite`] (CGSuite's Hackenbush strings, read after `cgsuite:`),
//! [`json`] (the editor's form, with coordinates from [`layout`]) and
//! [`presets`] (named families from the literature).

pub mod cgsuite;
mod edge_graph;
mod edgeset;
pub mod json;
pub mod layout;
pub mod notation;
pub mod pictures;
mod preset_table;
pub mod presets;
pub use edge_graph::EdgeGraph;
pub use edgeset::{EdgeSet, MAX_EDGES};
pub use layout::{Layout, Point};
pub use notation::{parse, print, ParseError};

use crate::rules::Player;

/// The ground vertex.
pub const GROUND: usize = 0;

/// An edge colour. `Uncoloured` (X) edges are coloured in Uncolored Hackenbush.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    Blue,
    Red,
    Green,
    Uncoloured,
}

impl Colour {
    pub const ALL: [Colour; 4] = [Colour::Blue, Colour::Red, Colour::Green, Colour::Uncoloured];

    /// Blue for red and red for blue (green and uncoloured stay).
    pub fn swapped(self) -> Colour {
        match self {
            Colour::Blue => Colour::Red,
            Colour::Red => Colour::Blue,
            c => c,
        }
    }

    /// The notation letter: B, R, G or X.
    pub fn letter(self) -> char {
        match self {
            Colour::Blue => 'B',
            Colour::Red => 'R',
            Colour::Green => 'G',
            Colour::Uncoloured => 'X',
        }
    }

    pub fn from_letter(c: char) -> Option<Colour> {
        match c {
            'B' => Some(Colour::Blue),
            'R' => Some(Colour::Red),
            'G' => Some(Colour::Green),
            'X' => Some(Colour::Uncoloured),
            _ => None,
        }
    }

    /// May `player` cut an edge of this colour?
    pub fn cuttable_by(self, player: Player) -> bool {
        matches!(
            (self, player),
            (Colour::Green, _) | (Colour::Blue, Player::Left) | (Colour::Red, Player::Right)
        )
    }

    /// Whether `player` may cut this colour and the opponent may not.
    pub fn cuttable_by_only(self, player: Player) -> bool {
        self.cuttable_by(player) && !self.cuttable_by(player.opponent())
    }
}

/// An edge between two vertices (either may be the ground, loops allowed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Edge {
    pub u: usize,
    pub v: usize,
    pub colour: Colour,
}

/// A position would have more edges than an [`EdgeSet`] holds. Every reader
/// (text, JSON, `nim:`, presets, the editor) reports this instead of
/// building the position; `Display`: `too many edges: 129 (at most 128)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("too many edges: {count} (at most {MAX_EDGES})")]
pub struct TooManyEdges {
    /// How many edges were asked for (saturating, for counts that overflow).
    pub count: usize,
}

impl TooManyEdges {
    /// `Err` if `count` edges do not fit in a position.
    pub fn check(count: usize) -> Result<(), TooManyEdges> {
        if count > MAX_EDGES {
            Err(TooManyEdges { count })
        } else {
            Ok(())
        }
    }
}

/// A Hackenbush position. Edge `i` carries the user-facing label `i + 1`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Position {
    /// Number of vertices, ground included; vertex ids are `0..vertex_count`.
    pub vertex_count: usize,
    pub edges: Vec<Edge>,
}

impl Position {
    /// A position from its edges; the vertex count is derived from them.
    ///
    /// # Panics
    /// If there are more than [`MAX_EDGES`] edges: for edges built by code
    /// that knows its sizes. Anything derived from input goes through
    /// [`Position::try_from_edges`].
    pub fn from_edges(edges: Vec<Edge>) -> Position {
        match Position::try_from_edges(edges) {
            Ok(p) => p,
            Err(e) => panic!("{e}"),
        }
    }

    /// A position from its edges, or an error if there are too many. The
    /// vertex count is derived from them (vertex ids are used as given, so
    /// the caller bounds them: `vertex_count` is one past the largest).
    pub fn try_from_edges(edges: Vec<Edge>) -> Result<Position, TooManyEdges> {
        TooManyEdges::check(edges.len())?;
        let vertex_count = edges
            .iter()
            .map(|e| e.u.max(e.v).saturating_add(1))
            .max()
            .unwrap_or(1);
        Ok(Position {
            vertex_count,
            edges,
        })
    }

    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// All edges.
    pub fn full_set(&self) -> EdgeSet {
        EdgeSet::first(self.edges.len())
    }

    /// The edges of `set` whose colour `player` may cut.
    pub fn cuttable(&self, set: EdgeSet, player: Player) -> EdgeSet {
        set.iter()
            .filter(|&i| self.edges[i].colour.cuttable_by(player))
            .collect()
    }

    /// The edges of `set` connected to the ground through edges of `set`.
    pub fn grounded(&self, set: EdgeSet) -> EdgeSet {
        let mut reached = vec![false; self.vertex_count];
        reached[GROUND] = true;
        let mut kept = EdgeSet::EMPTY;
        let mut changed = true;
        // Few edges (≤ 128): a fixpoint sweep is simpler than adjacency lists
        // and fast enough, since each sweep adds at least one vertex.
        while changed {
            changed = false;
            for i in set.difference(kept).iter() {
                let e = self.edges[i];
                if reached[e.u] || reached[e.v] {
                    kept.insert(i);
                    if !reached[e.u] || !reached[e.v] {
                        reached[e.u] = true;
                        reached[e.v] = true;
                        changed = true;
                    }
                }
            }
        }
        kept
    }

    /// Cut edge `i` from `set`, then let everything ungrounded fall.
    pub fn cut(&self, set: EdgeSet, i: usize) -> EdgeSet {
        self.grounded(set.without(i))
    }

    /// Split `set` into its connected pieces, where pieces touching only at
    /// the ground are separate (they are independent summands).
    pub fn components(&self, set: EdgeSet) -> Vec<EdgeSet> {
        let mut parent: Vec<usize> = (0..self.vertex_count).collect();
        fn find(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        for i in set.iter() {
            let e = self.edges[i];
            if e.u != GROUND && e.v != GROUND {
                let (a, b) = (find(&mut parent, e.u), find(&mut parent, e.v));
                parent[a] = b;
            }
        }
        let mut pieces: Vec<(usize, EdgeSet)> = Vec::new();
        let mut ground_loops = Vec::new();
        for i in set.iter() {
            let e = self.edges[i];
            let anchor = if e.u != GROUND { e.u } else { e.v };
            if anchor == GROUND {
                // A loop at the ground (or an edge ground–ground) is a piece of its own.
                ground_loops.push(EdgeSet::single(i));
                continue;
            }
            let root = find(&mut parent, anchor);
            match pieces.iter_mut().find(|(r, _)| *r == root) {
                Some((_, s)) => s.insert(i),
                None => pieces.push((root, EdgeSet::single(i))),
            }
        }
        pieces
            .into_iter()
            .map(|(_, s)| s)
            .chain(ground_loops)
            .collect()
    }

    /// The position restricted to `set`, relabelled 1.. in label order, with
    /// unused vertices dropped. Used to solve components independently.
    pub fn restrict(&self, set: EdgeSet) -> Position {
        let mut map = vec![usize::MAX; self.vertex_count];
        map[GROUND] = GROUND;
        let mut next = 1;
        let mut edges = Vec::with_capacity(set.len());
        for i in set.iter() {
            let e = self.edges[i];
            for v in [e.u, e.v] {
                if map[v] == usize::MAX {
                    map[v] = next;
                    next += 1;
                }
            }
            edges.push(Edge {
                u: map[e.u],
                v: map[e.v],
                colour: e.colour,
            });
        }
        Position {
            vertex_count: next,
            edges,
        }
    }

    /// The same position with vertices renamed 0 (ground), 1, 2, … in order
    /// of first appearance along the labels (`u` before `v`) and unused
    /// vertices dropped: the form `parse` produces, so two positions that
    /// differ only in vertex names have equal `normalized()` forms.
    pub fn normalized(&self) -> Position {
        self.restrict(self.full_set())
    }

    /// The same drawing with blue and red swapped: the players trade
    /// places, so under normal play its value is the negative.
    pub fn colours_swapped(&self) -> Position {
        let edges = self
            .edges
            .iter()
            .map(|e| Edge {
                colour: e.colour.swapped(),
                ..*e
            })
            .collect();
        Position::from_edges(edges)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bitmask flood fills agree with the plain definitions.
    #[test]
    fn edge_graph_matches_plain_falling() {
        for seed in 0..200 {
            let p = presets::random(seed, 3 + (seed as usize % 14), &[]);
            let g = EdgeGraph::new(&p);
            let full = p.full_set();
            assert_eq!(g.grounded(full), p.grounded(full));
            let mut set = full;
            for i in (0..p.edge_count()).step_by(3) {
                assert_eq!(g.cut(set, i), p.cut(set, i));
                set = p.cut(set, i);
                let mut a = g.components(set);
                let mut b = p.components(set);
                a.sort();
                b.sort();
                assert_eq!(a, b);
            }
        }
    }
}
