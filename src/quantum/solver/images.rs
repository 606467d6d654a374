//! The images of realisations under the block permutations that orient
//! states ([`QuantumSolver::orient_ids`](super::QuantumSolver)), kept per
//! permutation: a search orients millions of options, most of them by one
//! of a handful of permutations (a drawing with two interchangeable
//! blocks has one), and each permuted realisation was rebuilt and
//! interned again. A table maps it by one lookup once met.
//!
//! Nothing here changes which state is the representative: an image is
//! the one `permute` and `intern` give, looked up instead of recomputed.

use super::RealId;

/// At most this many permutations keep tables: past it (groups of many
/// blocks, with many sorting permutations), images are computed as before.
const KEPT_PERMUTATIONS: usize = 8;

/// Image tables of the permutations met first.
pub(super) struct Images {
    /// The coordinate permutations, and for each the image of every
    /// realisation met so far (`RealId::MAX`: not yet met), by id.
    kept: Vec<(Vec<usize>, Vec<RealId>)>,
    /// How many permutations may keep tables.
    limit: usize,
}

impl Default for Images {
    fn default() -> Images {
        Images::with_limit(KEPT_PERMUTATIONS)
    }
}

impl Images {
    /// Tables for at most `limit` permutations (0: none, every image
    /// computed, as the tests compare).
    pub(super) fn with_limit(limit: usize) -> Images {
        Images {
            kept: Vec::new(),
            limit,
        }
    }

    /// How many permutations have tables.
    #[cfg(test)]
    pub(super) fn tables(&self) -> usize {
        self.kept.len()
    }

    /// The table of `perm`, made if there is room; `None` past
    /// [`KEPT_PERMUTATIONS`].
    pub(super) fn table(&mut self, perm: &[usize]) -> Option<usize> {
        if let Some(k) = self.kept.iter().position(|(p, _)| p == perm) {
            return Some(k);
        }
        (self.kept.len() < self.limit).then(|| {
            self.kept.push((perm.to_vec(), Vec::new()));
            self.kept.len() - 1
        })
    }

    /// The image of `id` in table `k`, if known.
    pub(super) fn get(&self, k: usize, id: RealId) -> Option<RealId> {
        match self.kept[k].1.get(id as usize) {
            Some(&image) if image != RealId::MAX => Some(image),
            _ => None,
        }
    }

    /// Remember `image` as the image of `id` in table `k`; true if the
    /// table grew (so the realisations' charge is out of date).
    pub(super) fn set(&mut self, k: usize, id: RealId, image: RealId) -> bool {
        let table = &mut self.kept[k].1;
        let capacity = table.capacity();
        if table.len() <= id as usize {
            table.resize(id as usize + 1, RealId::MAX);
        }
        table[id as usize] = image;
        table.capacity() != capacity
    }

    /// Heap bytes held.
    pub(super) fn bytes(&self) -> u64 {
        self.kept
            .iter()
            .map(|(p, t)| {
                (p.capacity() * size_of::<usize>() + t.capacity() * size_of::<RealId>()) as u64
            })
            .sum()
    }
}
