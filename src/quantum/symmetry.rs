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
    /// their signature (the sorted multiset of the block's contents across
    /// realisations, which does not depend on how other blocks are placed).
    pub fn representative<B: QuantumBase>(&self, base: &B, state: &mut [B::State]) {
        if self.groups.is_empty() || state.is_empty() {
            return;
        }
        let mut perm: Vec<usize> = (0..self.coords).collect();
        let mut moved = false;
        for group in &self.groups {
            let mut signed: Vec<(Vec<u128>, usize)> = group
                .iter()
                .enumerate()
                .map(|(b, block)| {
                    let mut sig: Vec<u128> =
                        state.iter().map(|r| base.block_key(r, block)).collect();
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
