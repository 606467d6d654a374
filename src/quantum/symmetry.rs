//! Identifying superposed states up to automorphisms of the start position.
//!
//! Soundness (RULES.md §3, thesis footnote 7): a state may only be replaced
//! by its image under ONE automorphism applied to all realisations at once.
//! We only ever permute whole blocks within a group of interchangeable
//! blocks (identical components, equal-role Nim heaps), so every image we
//! produce is such an image. Choosing *which* image is a heuristic (sorting
//! blocks by a permutation-invariant signature, see [`Symmetry::block_terms`]);
//! a poor choice only costs cache hits, never correctness.
//!
//! The signature of a block in a state is the wrapping sum, over the
//! state's realisations, of a hash of (the block's contents, the
//! realisation's shape — the multiset of all block contents per group).
//! Multisets are hashed as wrapping sums of well-mixed terms, so no
//! sorting is needed. A hash collision can only order two blocks
//! differently in two states of one orbit (a missed cache hit), never
//! produce a state that is not an image under one block permutation.
//!
//! Two blocks that differ can still tie (each holds the same multiset of
//! contents over realisations of the same shapes, e.g. after a move on
//! one label of each). Where the ties are a few pairs
//! ([`Symmetry::ties`]), the solver tries each pair in both orders
//! and keeps the image of least hash (a multiset hash of its ids): the
//! images of all sortings by signature are the same set for every state
//! of an orbit, so that image is one representative per orbit but for
//! hash ties (most
//! such ties are states that the swap maps to themselves, where both
//! orders give one image). Otherwise the blocks are sorted as they tie,
//! and one orbit may keep several representatives (missed cache hits). A
//! refinement round of the signatures (each realisation hashed with its
//! blocks' signatures, each block signed again over those hashes) left
//! fewer of them, but cost more time than they saved, on Blue Meadow
//! tables as on rows of green edges, and was dropped.

use super::base::QuantumBase;

/// How the blocks of a state tie on their signatures ([`Symmetry::ties`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ties {
    /// No two blocks tie, but pairs of blocks equal in every realisation.
    None,
    /// The blocks that tie are a few pairs: each can be tried both ways.
    Pairs,
    /// Three or more blocks share a signature, or too many pairs tie.
    Crowded,
}

/// Groups of interchangeable blocks over `coords` coordinates (edge
/// indices or heap indices). Blocks of one group have equal length and
/// corresponding coordinates in corresponding places.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Symmetry {
    coords: usize,
    groups: Vec<Vec<Vec<usize>>>,
    /// Per coordinate: the block holding it (numbered over all groups in
    /// order) and its place in that block.
    places: Vec<Option<(usize, usize)>>,
}

impl Symmetry {
    pub fn new(coords: usize, groups: Vec<Vec<Vec<usize>>>) -> Symmetry {
        let mut places = vec![None; coords];
        for (b, block) in groups.iter().flatten().enumerate() {
            for (k, &c) in block.iter().enumerate() {
                places[c] = Some((b, k));
            }
        }
        Symmetry {
            coords,
            groups,
            places,
        }
    }

    /// The block holding coordinate `c` (numbered over all groups in
    /// order) and the coordinate's place in it, if any block holds it.
    pub fn place(&self, c: usize) -> Option<(usize, usize)> {
        self.places.get(c).copied().flatten()
    }

    /// The trivial symmetry (no identification).
    pub fn none() -> Symmetry {
        Symmetry::default()
    }

    pub fn is_trivial(&self) -> bool {
        self.groups.is_empty()
    }

    pub fn groups(&self) -> &[Vec<Vec<usize>>] {
        &self.groups
    }

    /// How many coordinates the permutations act on.
    pub fn coords(&self) -> usize {
        self.coords
    }

    /// How many blocks all groups have together.
    pub fn block_count(&self) -> usize {
        self.groups.iter().map(Vec::len).sum()
    }

    /// The coordinate permutation sorting each group's blocks by their
    /// signatures `sig` (all groups' blocks in order), or `None` if every
    /// block is already in place.
    pub fn sorting_perm(&self, sig: &[u64]) -> Option<Vec<usize>> {
        let mut perm = Vec::new();
        let mut signed = Vec::new();
        self.sorting_perm_into(sig, &mut perm, &mut signed)
            .then_some(perm)
    }

    /// [`Self::sorting_perm`] into caller-owned buffers (the solver calls
    /// it once per option; two allocations each were a visible share of
    /// malloc time). Returns false, leaving `perm` unspecified, if every
    /// block is already in place.
    pub fn sorting_perm_into(
        &self,
        sig: &[u64],
        perm: &mut Vec<usize>,
        signed: &mut Vec<(u64, usize)>,
    ) -> bool {
        let mut moved = false;
        let mut at = 0;
        for group in &self.groups {
            let part = &sig[at..at + group.len()];
            at += group.len();
            // Already in order: sorting with the index as tie-break would
            // give the identity, so skip building and sorting the pairs
            // (the common case once parents are oriented).
            if part.windows(2).all(|w| w[0] <= w[1]) {
                continue;
            }
            signed.clear();
            signed.extend(part.iter().copied().zip(0..));
            // The index breaks ties, keeping the identity where nothing
            // distinguishes blocks.
            signed.sort_unstable();
            for (slot, &(_, from)) in signed.iter().enumerate() {
                if slot != from {
                    if !moved {
                        moved = true;
                        perm.clear();
                        perm.extend(0..self.coords);
                    }
                    for (k, &c) in group[from].iter().enumerate() {
                        perm[c] = group[slot][k];
                    }
                }
            }
        }
        moved
    }

    /// How the blocks of each group tie on their signatures `sig`. Two
    /// blocks tie really when their signatures are equal but they are not
    /// equal in every realisation (`same(b, c)`): equal blocks stay tied
    /// whatever is done, and swapping them changes nothing. `pairs` gets
    /// the real ties as block numbers over all groups when they are all
    /// pairs, at most `most` of them (see [`Ties`]). Three or more blocks
    /// of one signature are crowded whatever their contents: such blocks
    /// are sorted as they are, so `same` is not asked about them.
    pub fn ties(
        &self,
        sig: &[u64],
        mut same: impl FnMut(usize, usize) -> bool,
        most: usize,
        pairs: &mut Vec<(usize, usize)>,
    ) -> Ties {
        pairs.clear();
        let mut at = 0;
        for group in &self.groups {
            let part = &sig[at..at + group.len()];
            // Strictly increasing (the common case once parents are
            // oriented): no ties.
            if !part.windows(2).all(|w| w[0] < w[1]) {
                for x in 0..part.len() {
                    if (0..x).any(|w| part[w] == part[x]) {
                        continue; // Not the first block of its signature.
                    }
                    let tied = || (x + 1..part.len()).filter(|&y| part[y] == part[x]);
                    match tied().count() {
                        0 => continue,
                        1 => {
                            let y = tied().next().expect("one tied block");
                            if !same(at + x, at + y) {
                                if pairs.len() == most {
                                    return Ties::Crowded;
                                }
                                pairs.push((at + x, at + y));
                            }
                        }
                        _ => return Ties::Crowded,
                    }
                }
            }
            at += group.len();
        }
        if pairs.is_empty() {
            Ties::None
        } else {
            Ties::Pairs
        }
    }

    /// The coordinates of block `b` (numbered over all groups in order).
    pub fn block(&self, b: usize) -> &[usize] {
        self.groups
            .iter()
            .flatten()
            .nth(b)
            .map_or(&[], Vec::as_slice)
    }

    /// Each block's term for one realisation: a hash of (the block's
    /// contents, the realisation's shape). Summed over the realisations of
    /// a state it is the block's signature.
    pub fn block_terms<B: QuantumBase>(&self, base: &B, r: &B::State, out: &mut Vec<u64>) {
        let first = out.len();
        let mut shape = 0u64;
        for (g, group) in self.groups.iter().enumerate() {
            // Salted by group, so groups stay apart in the shape sum.
            let salt = mix(g as u64 ^ 0x5bd1_e995);
            for block in group {
                let k = base.block_key(r, block);
                let h = mix((k as u64) ^ mix(((k >> 64) as u64) ^ salt));
                shape = shape.wrapping_add(h);
                out.push(h);
            }
        }
        let shape = mix(shape);
        for h in &mut out[first..] {
            *h = mix(h.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ shape);
        }
    }
}

/// SplitMix64's finaliser: a bijective 64-bit mixer, so sums of mixed
/// terms make a decent multiset hash.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
