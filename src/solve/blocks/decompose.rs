//! Blocks (2-connected pieces) of a rooted multigraph along its cut
//! vertices, found by one depth-first search from the root (Hopcroft and
//! Tarjan's edge-stack method). Parallel edges belong to the same block;
//! every loop is a block of its own at its vertex.

use super::decorated::{Decorated, Incidence, ROOT};

/// A block and the vertex it hangs from (its vertex nearest the root).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    pub root: usize,
    /// Indices into the graph's edges.
    pub edges: Vec<usize>,
}

/// The blocks of a graph whose vertices all reach the root.
#[derive(Clone, Debug, Default)]
pub struct Blocks {
    /// Loops as (vertex, edge index).
    pub loops: Vec<(usize, usize)>,
    /// Loop-free blocks, every block after all the blocks hanging below it
    /// (children first), so values can be accumulated in one pass.
    pub blocks: Vec<Block>,
}

/// Split `g` (every vertex connected to the root) into blocks.
pub fn blocks(g: &Decorated) -> Blocks {
    let n = g.vertex_count();
    let mut out = Blocks::default();
    for (i, e) in g.edges.iter().enumerate() {
        if e.u == e.v {
            out.loops.push((e.u, i));
        }
    }
    let adjacency = Incidence::without_loops(g);
    const UNSEEN: usize = usize::MAX;
    let mut disc = vec![UNSEEN; n];
    let mut low = vec![0; n];
    let mut edge_stack: Vec<usize> = Vec::with_capacity(g.edges.len());
    // Frames: (vertex, edge it was entered by, next adjacency position).
    let mut frames: Vec<(usize, usize, usize)> = Vec::with_capacity(n);
    frames.push((ROOT, usize::MAX, 0));
    disc[ROOT] = 0;
    low[ROOT] = 0;
    let mut time = 1;
    while let Some(frame) = frames.last_mut() {
        let (v, parent_edge, pos) = *frame;
        if let Some(&(e, w)) = adjacency.at(v).get(pos) {
            frame.2 += 1;
            if e == parent_edge {
                continue;
            }
            if disc[w] == UNSEEN {
                disc[w] = time;
                low[w] = time;
                time += 1;
                edge_stack.push(e);
                frames.push((w, e, 0));
            } else if disc[w] < disc[v] {
                // A back edge (or a parallel copy of the tree edge).
                edge_stack.push(e);
                low[v] = low[v].min(disc[w]);
            }
            continue;
        }
        frames.pop();
        let Some(&(u, _, _)) = frames.last() else {
            break;
        };
        low[u] = low[u].min(low[v]);
        if low[v] >= disc[u] {
            // u separates v's subtree from the root: pop that block.
            let mut edges = Vec::with_capacity(edge_stack.len());
            while let Some(e) = edge_stack.pop() {
                edges.push(e);
                if e == parent_edge {
                    break;
                }
            }
            edges.sort_unstable();
            out.blocks.push(Block { root: u, edges });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Arena;
    use crate::position::{parse, EdgeSet};

    fn split(text: &str) -> Blocks {
        let p = parse(text).expect("notation");
        let zero = Arena::new().zero();
        blocks(&Decorated::from_position(&p, EdgeSet::first(p.edge_count()), zero).pruned())
    }

    #[test]
    fn cycles_parallel_edges_loops_and_bridges_are_separate_blocks() {
        // A triangle on the ground, a parallel pair above it, a bridge
        // above that with a loop on top.
        let b = split("0-1:B 1-2:R 2-0:G 2-3:B 3-2:R 3-4:G 4-4:B");
        assert_eq!(b.loops.len(), 1);
        let mut sizes: Vec<(usize, usize)> =
            b.blocks.iter().map(|b| (b.edges.len(), b.root)).collect();
        sizes.sort();
        assert_eq!(sizes.len(), 3);
        assert_eq!(sizes.iter().map(|s| s.0).collect::<Vec<_>>(), vec![1, 2, 3]);
        // Children come before their parents: the triangle (at the root) last.
        assert_eq!(
            b.blocks.last().map(|b| (b.edges.len(), b.root)),
            Some((3, ROOT))
        );
    }

    #[test]
    fn two_cycles_through_one_edge_are_one_block() {
        let b = split("0-1:B 1-2:R 2-0:G 1-3:B 3-0:R");
        assert_eq!(b.blocks.len(), 1);
        assert_eq!(b.blocks[0].edges.len(), 5);
    }
}
