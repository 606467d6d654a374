//! Canonical keys of positions and automorphism orbits of their edges.
//!
//! Two uses, both needing only *soundness* (equal keys ⇒ isomorphic
//! positions; equal orbit ids ⇒ some automorphism maps one edge to the other):
//!
//! * the memo is keyed by the isomorphism class, so `BR BR RB` reached by
//!   cutting different but symmetric edges is solved once;
//! * symmetric edges give the same row (column) of the matrix game up to a
//!   permutation, so the solver works with one row per orbit (see
//!   `value.rs`).
//!
//! The memo is also looked up under the key of the mirror image (blue and
//! red swapped), whose value is the negation.
//!
//! Components that are trees hanging from the ground (stalks, trees — all
//! that sums of halves ever produce) get a full AHU canonical code, so their
//! automorphism orbits are exact. Any other component (cycles, loops,
//! parallel edges) is coded by its edge list in label order after the
//! vertex renumbering of [`Position::restrict`]: identical codes are still
//! isomorphic, we merely miss some symmetries, which costs speed, never
//! correctness. Whole components with equal codes may be swapped.

use rustc_hash::FxHashMap;

use crate::position::{Colour, EdgeSet, Position, GROUND};

const TAG_TREE: u32 = 0;
const TAG_RIGID: u32 = 1;
const TAG_POSITION: u32 = 2;
/// Orbit id of edges that are not in the set described.
pub(crate) const NO_ORBIT: u32 = u32::MAX;

/// A position together with its incidence lists, built once per analysis.
pub(crate) struct SyncGraph<'a> {
    pub pos: &'a Position,
    /// For each vertex, the incident edges and the vertex at their other end.
    adj: Vec<Vec<(usize, usize)>>,
}

impl<'a> SyncGraph<'a> {
    /// Callers have checked that every endpoint is below `vertex_count`.
    pub(crate) fn new(pos: &'a Position) -> SyncGraph<'a> {
        let mut adj = vec![Vec::new(); pos.vertex_count.max(1)];
        for (i, e) in pos.edges.iter().enumerate() {
            adj[e.u].push((i, e.v));
            if e.u != e.v {
                adj[e.v].push((i, e.u));
            }
        }
        SyncGraph { pos, adj }
    }
}

/// Interned structural codes. One interner may serve many positions: codes
/// depend only on structure and colours, never on labels.
#[derive(Default)]
pub(crate) struct Canon {
    table: FxHashMap<Vec<u32>, u32>,
    code_bytes: u64,
}

impl Canon {
    /// Bytes of the interned codes (for budgets): table slots plus the
    /// code vectors' heap, counted from a running total.
    pub(crate) fn approx_bytes(&self) -> u64 {
        crate::budget::table_bytes(&self.table) + self.code_bytes
    }

    fn intern(&mut self, key: Vec<u32>) -> u32 {
        let next = self.table.len() as u32;
        let bytes = (key.capacity() * std::mem::size_of::<u32>()) as u64;
        let code_bytes = &mut self.code_bytes;
        *self.table.entry(key).or_insert_with(|| {
            *code_bytes += bytes;
            next
        })
    }

    /// The isomorphism-class key of the position formed by `set`.
    pub(crate) fn key(&mut self, g: &SyncGraph, set: EdgeSet) -> u32 {
        let look = Look {
            marked: None,
            mirror: false,
        };
        self.describe(g, set, look, None)
    }

    /// The key of the mirror image of `set`: blue and red swapped. It equals
    /// [`Canon::key`] of a position exactly when that position is isomorphic
    /// to the mirror image, whose value is the negated value of `set`.
    pub(crate) fn mirror_key(&mut self, g: &SyncGraph, set: EdgeSet) -> u32 {
        let look = Look {
            marked: None,
            mirror: true,
        };
        self.describe(g, set, look, None)
    }

    /// For each edge index, its orbit id under the symmetries of `set` that
    /// fix edge `marked` (if any); [`NO_ORBIT`] for edges outside `set`.
    pub(crate) fn orbits(
        &mut self,
        g: &SyncGraph,
        set: EdgeSet,
        marked: Option<usize>,
    ) -> Vec<u32> {
        let mut orbit = vec![NO_ORBIT; g.pos.edges.len()];
        let look = Look {
            marked,
            mirror: false,
        };
        self.describe(g, set, look, Some(&mut orbit));
        orbit
    }

    fn describe(
        &mut self,
        g: &SyncGraph,
        set: EdgeSet,
        look: Look,
        mut orbit: Option<&mut Vec<u32>>,
    ) -> u32 {
        let mut codes = Vec::new();
        let mut edge_code = vec![0u32; g.pos.edges.len()];
        let mut local: FxHashMap<(u32, u32, u32), u32> = FxHashMap::default();
        for comp in g.pos.components(set) {
            let code = match tree_root(g, comp) {
                Some((root, top)) => {
                    let code = self.subtree(g, set, root, top, look, &mut edge_code);
                    if let Some(orbit) = orbit.as_deref_mut() {
                        assign_tree_orbits(
                            g, set, root, top, NO_ORBIT, &edge_code, &mut local, orbit,
                        );
                    }
                    code
                }
                None => {
                    let code = self.rigid(g, comp, look);
                    if let Some(orbit) = orbit.as_deref_mut() {
                        for (k, i) in comp.iter().enumerate() {
                            let n = local.len() as u32;
                            orbit[i] = *local.entry((TAG_RIGID, code, k as u32)).or_insert(n);
                        }
                    }
                    code
                }
            };
            codes.push(code);
        }
        codes.sort_unstable();
        codes.insert(0, TAG_POSITION);
        self.intern(codes)
    }

    /// AHU code of the subtree hanging from `edge`, whose far end is `top`.
    fn subtree(
        &mut self,
        g: &SyncGraph,
        set: EdgeSet,
        edge: usize,
        top: usize,
        look: Look,
        edge_code: &mut [u32],
    ) -> u32 {
        let mut key = vec![TAG_TREE, colour_code(g, edge, look)];
        for &(f, other) in &g.adj[top] {
            if f != edge && set.contains(f) {
                key.push(self.subtree(g, set, f, other, look, edge_code));
            }
        }
        key[2..].sort_unstable();
        let code = self.intern(key);
        edge_code[edge] = code;
        code
    }

    /// Code of a component that is not a tree: its edges in label order with
    /// vertices renumbered by first appearance (the ground stays 0).
    fn rigid(&mut self, g: &SyncGraph, comp: EdgeSet, look: Look) -> u32 {
        let mut map: FxHashMap<usize, u32> = FxHashMap::default();
        map.insert(GROUND, 0);
        let mut key = vec![TAG_RIGID];
        for i in comp.iter() {
            let e = g.pos.edges[i];
            for v in [e.u, e.v] {
                let n = map.len() as u32;
                key.push(*map.entry(v).or_insert(n));
            }
            key.push(colour_code(g, i, look));
        }
        self.intern(key)
    }
}

/// How a description colours the edges: as they are or mirrored (blue and
/// red swapped), with at most one edge marked so that symmetries fix it.
#[derive(Clone, Copy)]
struct Look {
    marked: Option<usize>,
    mirror: bool,
}

/// Colours 0..3, plus 4 for the marked edge (so it is fixed by symmetries).
fn colour_code(g: &SyncGraph, edge: usize, look: Look) -> u32 {
    let colour = match (g.pos.edges[edge].colour, look.mirror) {
        (Colour::Blue, true) => Colour::Red,
        (Colour::Red, true) => Colour::Blue,
        (c, _) => c,
    };
    let base = colour as u32;
    if look.marked == Some(edge) {
        base + 4
    } else {
        base
    }
}

/// If `comp` (connected apart from the ground, all grounded) is a tree with
/// the ground as root, its single ground edge and that edge's upper vertex.
fn tree_root(g: &SyncGraph, comp: EdgeSet) -> Option<(usize, usize)> {
    let mut vertices: Vec<usize> = Vec::with_capacity(2 * comp.len());
    let mut root = None;
    for i in comp.iter() {
        let e = g.pos.edges[i];
        if e.u == e.v {
            return None;
        }
        for v in [e.u, e.v] {
            if v == GROUND {
                if root.is_some() {
                    return None; // two ground edges close a cycle
                }
                root = Some((i, if e.u == GROUND { e.v } else { e.u }));
            } else {
                vertices.push(v);
            }
        }
    }
    vertices.sort_unstable();
    vertices.dedup();
    // Connected with |V| + 1 vertices (ground included) and |V| edges: a tree.
    if vertices.len() == comp.len() {
        root
    } else {
        None
    }
}

/// Orbits in a rooted forest: two edges are symmetric exactly when their
/// parent edges are and their subtrees have equal codes.
#[allow(clippy::too_many_arguments)]
fn assign_tree_orbits(
    g: &SyncGraph,
    set: EdgeSet,
    edge: usize,
    top: usize,
    parent_orbit: u32,
    edge_code: &[u32],
    local: &mut FxHashMap<(u32, u32, u32), u32>,
    orbit: &mut [u32],
) {
    let n = local.len() as u32;
    let id = *local
        .entry((TAG_TREE, parent_orbit, edge_code[edge]))
        .or_insert(n);
    orbit[edge] = id;
    for &(f, other) in &g.adj[top] {
        if f != edge && set.contains(f) {
            assign_tree_orbits(g, set, f, other, id, edge_code, local, orbit);
        }
    }
}
