//! Memo keys for decorated blocks that ignore vertex names, so equal
//! pieces anywhere (in one picture, in a sum, after different cuts) are
//! solved once.
//!
//! The key is the edge list and the decorations written out under a
//! vertex numbering chosen from the graph itself: colour refinement
//! (vertices split by root-ness, decoration, then by the multiset of their
//! neighbours' classes and edge colours) and, where classes stay tied, the
//! least encoding over individualising each tied vertex in turn. The
//! search over ties is capped; past the cap the least encoding found so
//! far is used. Every key is the encoding of the graph under *some*
//! numbering with the root first, so equal keys always mean isomorphic
//! decorated graphs (sound); the cap only means that a very symmetric
//! piece may be solved more than once.

use super::decorated::{Decorated, ROOT};
use crate::position::Colour;

/// How many complete numberings the tie search may try per key.
const LEAF_LIMIT: usize = 64;

/// A canonical encoding of a rooted, decorated multigraph.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BlockKey(pub Box<[u32]>);

impl BlockKey {
    /// Heap bytes held by the key (for budgets).
    pub fn heap_bytes(&self) -> u64 {
        (self.0.len() * std::mem::size_of::<u32>()) as u64
    }
}

pub(crate) fn colour_code(c: Colour) -> u32 {
    match c {
        Colour::Blue => 0,
        Colour::Red => 1,
        Colour::Green => 2,
        Colour::Uncoloured => 3,
    }
}

/// The key of `g` (the root is vertex [`ROOT`] and stays first).
pub fn key(g: &Decorated) -> BlockKey {
    let n = g.vertex_count();
    let neighbours = Neighbours::new(g);
    // Initial classes: the root alone, then by decoration.
    let initial: Vec<(u32, u32)> = (0..n)
        .map(|v| (u32::from(v != ROOT), g.decorations[v].0))
        .collect();
    let mut classes = rank(&initial);
    refine(&neighbours, &mut classes);
    let mut search = Search {
        g,
        neighbours: &neighbours,
        leaves: 0,
        best: None,
    };
    search.run(classes);
    BlockKey(search.best.unwrap_or_default().into_boxed_slice())
}

/// Each vertex's (neighbour, edge colour) pairs in one flat array.
struct Neighbours {
    start: Vec<usize>,
    entries: Vec<(usize, u32)>,
}

impl Neighbours {
    fn new(g: &Decorated) -> Neighbours {
        let n = g.vertex_count();
        let mut start = vec![0usize; n + 1];
        for e in &g.edges {
            start[e.u + 1] += 1;
            if e.u != e.v {
                start[e.v + 1] += 1;
            }
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut entries = vec![(0, 0); start[n]];
        for e in &g.edges {
            let c = colour_code(e.colour);
            entries[fill[e.u]] = (e.v, c);
            fill[e.u] += 1;
            if e.u != e.v {
                entries[fill[e.v]] = (e.u, c);
                fill[e.v] += 1;
            }
        }
        Neighbours { start, entries }
    }

    fn at(&self, v: usize) -> &[(usize, u32)] {
        &self.entries[self.start[v]..self.start[v + 1]]
    }

    fn vertex_count(&self) -> usize {
        self.start.len() - 1
    }
}

/// Ranks of `items` in sorted order (equal items share a rank).
fn rank<T: Ord + Clone>(items: &[T]) -> Vec<u32> {
    let mut sorted: Vec<T> = items.to_vec();
    sorted.sort();
    sorted.dedup();
    items
        .iter()
        .map(|x| sorted.binary_search(x).unwrap_or(0) as u32)
        .collect()
}

fn class_count(classes: &[u32]) -> usize {
    classes.iter().max().map_or(0, |&m| m as usize + 1)
}

/// Split classes by the multiset of (neighbour class, edge colour) until
/// nothing splits. Sorting signatures keeps the numbering independent of
/// vertex names, and as each signature starts with the old class, old
/// classes only ever split.
fn refine(neighbours: &Neighbours, classes: &mut Vec<u32>) {
    let n = neighbours.vertex_count();
    // Signature of v: its class, then its sorted (class << 2 | colour)
    // list, stored flat at the same offsets as the neighbour lists.
    let mut flat: Vec<u32> = vec![0; neighbours.entries.len()];
    let mut order: Vec<usize> = (0..n).collect();
    loop {
        for v in 0..n {
            let range = neighbours.start[v]..neighbours.start[v + 1];
            for (slot, &(w, c)) in flat[range.clone()].iter_mut().zip(neighbours.at(v)) {
                *slot = (classes[w] << 2) | c;
            }
            flat[range].sort_unstable();
        }
        let signature = |v: usize| {
            (
                classes[v],
                &flat[neighbours.start[v]..neighbours.start[v + 1]],
            )
        };
        order.sort_unstable_by(|&a, &b| signature(a).cmp(&signature(b)));
        let mut next = vec![0u32; n];
        let mut rank = 0u32;
        for k in 1..n {
            if signature(order[k]) != signature(order[k - 1]) {
                rank += 1;
            }
            next[order[k]] = rank;
        }
        let done = class_count(&next) == class_count(classes);
        *classes = next;
        if done {
            return;
        }
    }
}

struct Search<'a> {
    g: &'a Decorated,
    neighbours: &'a Neighbours,
    leaves: usize,
    best: Option<Vec<u32>>,
}

impl Search<'_> {
    fn run(&mut self, classes: Vec<u32>) {
        let n = classes.len();
        let count = class_count(&classes);
        if count == n {
            self.leaves += 1;
            let code = self.encode(&classes);
            if self.best.as_ref().is_none_or(|b| code < *b) {
                self.best = Some(code);
            }
            return;
        }
        // The first tied class (by rank) is split, one vertex at a time.
        let mut size = vec![0usize; count];
        for &c in &classes {
            size[c as usize] += 1;
        }
        let Some(target) = (0..count).find(|&c| size[c] > 1) else {
            return;
        };
        for x in (0..n).filter(|&v| classes[v] as usize == target) {
            if self.leaves >= LEAF_LIMIT && self.best.is_some() {
                return;
            }
            let mut split: Vec<u32> = classes
                .iter()
                .enumerate()
                .map(|(v, &c)| {
                    if c as usize > target || (c as usize == target && v != x) {
                        c + 1
                    } else {
                        c
                    }
                })
                .collect();
            refine(self.neighbours, &mut split);
            self.run(split);
        }
    }

    /// Vertex count, edge count, the sorted edges under the numbering
    /// `classes` (all distinct), then the decorations in that order.
    fn encode(&self, classes: &[u32]) -> Vec<u32> {
        let n = classes.len();
        let mut out = Vec::with_capacity(2 + 2 * self.g.edges.len() + n);
        out.push(n as u32);
        out.push(self.g.edges.len() as u32);
        let mut edges: Vec<(u32, u32)> = self
            .g
            .edges
            .iter()
            .map(|e| {
                let (a, b) = (classes[e.u], classes[e.v]);
                (a.min(b), (a.max(b) << 2) | colour_code(e.colour))
            })
            .collect();
        edges.sort_unstable();
        out.extend(edges.into_iter().flat_map(|(a, b)| [a, b]));
        let mut by_class = vec![0u32; n];
        for (v, &c) in classes.iter().enumerate() {
            by_class[c as usize] = self.g.decorations[v].0;
        }
        out.extend(by_class);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Arena;
    use crate::solve::blocks::decorated::DEdge;

    fn square(colours: [Colour; 4], decorations: [u32; 4], order: [usize; 4]) -> Decorated {
        // The cycle 0-a-b-c-0 with its non-root vertices named by `order`.
        // One arena, games made in a fixed order: ids are comparable.
        let mut arena = Arena::new();
        let ids: Vec<_> = (0..3).map(|n| arena.nimber(n)).collect();
        let d: Vec<_> = decorations.iter().map(|&n| ids[n as usize]).collect();
        let [a, b, c] = [order[1], order[2], order[3]];
        let mut decorations = vec![d[0]; 4];
        decorations[a] = d[1];
        decorations[b] = d[2];
        decorations[c] = d[3];
        let e = |u, v, colour| DEdge { u, v, colour };
        Decorated {
            edges: vec![
                e(0, a, colours[0]),
                e(a, b, colours[1]),
                e(b, c, colours[2]),
                e(c, 0, colours[3]),
            ],
            decorations,
        }
    }

    #[test]
    fn renamed_vertices_give_the_same_key_and_different_pieces_do_not() {
        use Colour::*;
        let base = square([Blue, Red, Green, Blue], [0, 1, 2, 0], [0, 1, 2, 3]);
        let renamed = square([Blue, Red, Green, Blue], [0, 1, 2, 0], [0, 3, 1, 2]);
        assert_eq!(key(&base), key(&renamed));
        // The mirror image (walk the cycle the other way) is isomorphic too.
        let mirrored = square([Blue, Green, Red, Blue], [0, 0, 2, 1], [0, 1, 2, 3]);
        assert_eq!(key(&base), key(&mirrored));
        let recoloured = square([Blue, Red, Green, Red], [0, 1, 2, 0], [0, 1, 2, 3]);
        assert_ne!(key(&base), key(&recoloured));
        let redecorated = square([Blue, Red, Green, Blue], [0, 2, 1, 0], [0, 1, 2, 3]);
        assert_ne!(key(&base), key(&redecorated));
    }
}
