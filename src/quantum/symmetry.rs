//! Identifying superposed states up to automorphisms of the start position.
//!
//! Soundness (RULES.md §3, thesis footnote 7): a state may only be replaced
//! by its image under ONE automorphism applied to all realisations at once.
//! We only ever permute whole blocks within a group of interchangeable
//! blocks (identical components, equal-role Nim heaps), so every image we
//! produce is such an image. Choosing *which* image is a heuristic (sorting
//! blocks by a permutation-invariant signature); a poor choice only costs
//! cache hits, never correctness.

use super::base::QuantumBase;
use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};

/// Groups of interchangeable blocks over `coords` coordinates (edge
/// indices or heap indices). Blocks of one group have equal length and
/// corresponding coordinates in corresponding places.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Symmetry {
    coords: usize,
    groups: Vec<Vec<Vec<usize>>>,
}

impl Symmetry {
    pub fn new(coords: usize, groups: Vec<Vec<Vec<usize>>>) -> Symmetry {
        Symmetry { coords, groups }
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

    /// A representative of the orbit of `state` (sorted realisations): the
    /// image under the block permutation that sorts each group's blocks by
    /// a signature that does not depend on how blocks are placed — for
    /// each realisation, the block's contents paired with the realisation's
    /// "shape" (the multiset of all block contents per group), sorted.
    pub fn representative<B: QuantumBase>(&self, base: &B, state: &mut [B::State]) {
        if self.groups.is_empty() || state.is_empty() {
            return;
        }
        // keys[g][b][r]: contents of block b of group g in realisation r.
        let keys: Vec<Vec<Vec<u128>>> = self
            .groups
            .iter()
            .map(|group| {
                group
                    .iter()
                    .map(|block| state.iter().map(|r| base.block_key(r, block)).collect())
                    .collect()
            })
            .collect();
        let shapes: Vec<u64> = (0..state.len())
            .map(|r| {
                let mut h = FxHasher::default();
                for group in &keys {
                    let mut contents: Vec<u128> = group.iter().map(|b| b[r]).collect();
                    contents.sort_unstable();
                    contents.hash(&mut h);
                }
                h.finish()
            })
            .collect();
        let mut perm: Vec<usize> = (0..self.coords).collect();
        let mut moved = false;
        for (group, group_keys) in self.groups.iter().zip(&keys) {
            let mut signed: Vec<(Vec<(u128, u64)>, usize)> = group_keys
                .iter()
                .enumerate()
                .map(|(b, k)| {
                    let mut sig: Vec<(u128, u64)> =
                        k.iter().copied().zip(shapes.iter().copied()).collect();
                    sig.sort_unstable();
                    (sig, b)
                })
                .collect();
            // Stable on ties keeps the identity where nothing distinguishes.
            signed.sort_by(|x, y| x.0.cmp(&y.0));
            for (slot, (_, from)) in signed.iter().enumerate() {
                if slot != *from {
                    moved = true;
                    for (k, &c) in group[*from].iter().enumerate() {
                        perm[c] = group[slot][k];
                    }
                }
            }
        }
        if moved {
            for r in state.iter_mut() {
                *r = base.permute(r, &perm);
            }
            state.sort_unstable();
        }
    }
}
