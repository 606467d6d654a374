//! Reduced states of ids: sorted and deduplicated, covered realisations
//! dropped where the flavour allows it (A, B, D), and oriented to one
//! representative per orbit of the start's automorphisms (see
//! [`Normaliser`](crate::quantum::normalise::Normaliser) for why each step preserves the value).

use super::{IdState, QuantumSolver, RealId};
use crate::quantum::base::QuantumBase;
use crate::quantum::normalise::{
    keep_maximal_by, maximal_flags, maximal_mask, retain_flags, retain_mask,
};
use crate::quantum::symmetry::Ties;
use crate::quantum::twins::Twins;

/// At most this many pairs of tied blocks are oriented by trying both
/// orders of each ([`QuantumSolver::orient_ids`]): 2^k images each.
const MAX_TIED_PAIRS: usize = 2;

/// A realisation id's term in the multiset hash of an image
/// ([`QuantumSolver::orient_ids`]): mixed, so that sums of ids do not
/// collide as plain sums would.
fn id_term(id: RealId) -> u64 {
    let x = (u64::from(id) ^ 0x5bd1_e995).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (x ^ (x >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

/// The covering words of `ids`, gathered into a local array for the scans
/// of lists longer than a word.
fn words_of(ids: &[RealId], masks: &[u64]) -> Vec<u64> {
    ids.iter().map(|&id| masks[id as usize]).collect()
}

/// [`keep_maximal_by`] on exact covering words: the same kept-maximal
/// scan, on words gathered into a local array, so each test is two ALU
/// operations instead of two indirections into the realisation table.
fn keep_maximal_words(ids: &mut IdState, masks: &[u64]) {
    let len = ids.len();
    if len < 2 {
        return;
    }
    if len > 64 {
        let w = words_of(ids, masks);
        let kept = maximal_flags(len, |i, j| w[i] & !w[j] == 0);
        retain_flags(ids, &kept);
        return;
    }
    let mut w = [0u64; 64];
    for (x, &id) in w.iter_mut().zip(ids.iter()) {
        *x = masks[id as usize];
    }
    // Distinct ids have distinct words (the encoding is exact), so
    // "covered" here is strict, as the scan assumes.
    let kept = maximal_mask(len, |i, j| w[i] & !w[j] == 0);
    retain_mask(ids, kept);
}

/// [`QuantumSolver::union_pruned`] of lists longer than a word, by the
/// same cross scan with a flag per element: wide moves on rows of green
/// edges make states of hundreds of realisations, where pruning the whole
/// union tested every pair of it.
fn union_pruned_long(a: &[RealId], b: &[RealId], masks: &[u64], out: &mut IdState) {
    let (wa, wb) = (words_of(a, masks), words_of(b, masks));
    let (drop_a, drop_b) = (strictly_covered(&wa, &wb), strictly_covered(&wb, &wa));
    merge_kept(a, b, |i| drop_a[i], |j| drop_b[j], out);
}

/// Which words of `w` are strictly covered by a word of `by` (an equal
/// word is the same realisation, kept once by the merge). A strict cover
/// has more bits, so each word is tested only against the words of `by`
/// with more bits (a prefix, once they are sorted by bit count), and not
/// at all when one of its bits is in none of them; the search stops at
/// the first cover.
fn strictly_covered(w: &[u64], by: &[u64]) -> Vec<bool> {
    let mut by: Vec<(u32, u64)> = by.iter().map(|&y| (y.count_ones(), y)).collect();
    by.sort_unstable_by_key(|&(bits, _)| std::cmp::Reverse(bits));
    // union[k]: the bits of the first k words of `by`.
    let mut union = Vec::with_capacity(by.len() + 1);
    union.push(0u64);
    for &(_, y) in &by {
        union.push(union[union.len() - 1] | y);
    }
    w.iter()
        .map(|&x| {
            let more = by.partition_point(|&(bits, _)| bits > x.count_ones());
            x & !union[more] == 0 && by[..more].iter().any(|&(_, y)| x & !y == 0)
        })
        .collect()
}

/// Merge two sorted lists of distinct ids into `out`, an id in both once,
/// leaving out those `dropped_a` and `dropped_b` say (by index).
fn merge_kept(
    a: &[RealId],
    b: &[RealId],
    dropped_a: impl Fn(usize) -> bool,
    dropped_b: impl Fn(usize) -> bool,
    out: &mut IdState,
) {
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        let take_a = j == b.len() || (i < a.len() && a[i] <= b[j]);
        if take_a {
            if j < b.len() && a[i] == b[j] {
                j += 1;
            }
            if !dropped_a(i) {
                out.push(a[i]);
            }
            i += 1;
        } else {
            if !dropped_b(j) {
                out.push(b[j]);
            }
            j += 1;
        }
    }
}

/// Bit `k` of `bits`; false past the word (where nothing is dropped:
/// lists merged without covering, under C, C′ and C′u, may be longer;
/// long lists with covering take [`union_pruned_long`]).
fn bit(bits: u64, k: usize) -> bool {
    k < 64 && (bits >> k) & 1 == 1
}

impl<B: QuantumBase> QuantumSolver<B> {
    /// Sorted, deduplicated, reduced by the reductions the solver's
    /// [`Normaliser`](crate::quantum::normalise::Normaliser) has on.
    pub(super) fn normalise_ids(&mut self, mut ids: IdState) -> IdState {
        self.normalise_in_place(&mut ids);
        ids
    }

    /// [`Self::normalise_ids`] in place, so callers can reuse one buffer.
    pub(super) fn normalise_in_place(&mut self, ids: &mut IdState) {
        self.prune_ids(ids);
        self.orient_ids(ids);
    }

    /// Sorted, deduplicated, covered realisations dropped (A, B, D), a
    /// dead one beside others dropped (C′).
    pub(super) fn prune_ids(&self, ids: &mut IdState) {
        ids.sort_unstable();
        ids.dedup();
        if self.normaliser.drops_covered() {
            self.keep_maximal_ids(ids);
        }
        self.drop_dead_ids(ids);
    }

    /// Drop the dead realisations of a state that has a live one, where
    /// the normaliser says so (C′, see [`crate::quantum::normalise`]); a
    /// state of dead realisations alone keeps its first. Order is kept,
    /// so a sorted list stays sorted.
    pub(super) fn drop_dead_ids(&self, ids: &mut IdState) {
        if !self.normaliser.drops_dead() || ids.len() < 2 {
            return;
        }
        let dead = &self.reals.dead;
        if ids.iter().any(|&id| dead[id as usize]) {
            let first = ids[0];
            ids.retain(|&id| !dead[id as usize]);
            if ids.is_empty() {
                ids.push(first);
            }
        }
    }

    /// Replace a pruned state by its orbit representative.
    pub(super) fn orient_ids(&mut self, ids: &mut [RealId]) {
        let blocks = self.reals.blocks;
        if !self.normaliser.orients() || ids.is_empty() {
            return;
        }
        let mut scratch = std::mem::take(&mut self.scratch);
        let sig = &mut scratch.sig;
        sig.clear();
        sig.resize(blocks, 0);
        for &id in ids.iter() {
            let t = &self.reals.terms[id as usize * blocks..(id as usize + 1) * blocks];
            for (s, &x) in sig.iter_mut().zip(t) {
                *s = s.wrapping_add(x);
            }
        }
        let symmetry = self.normaliser.symmetry();
        let terms = &self.reals.terms;
        let same = |b: usize, c: usize| {
            ids.iter().all(|&id| {
                let row = id as usize * blocks;
                terms[row + b] == terms[row + c]
            })
        };
        let ties = symmetry.ties(sig, same, MAX_TIED_PAIRS, &mut scratch.pairs);
        // Three or more blocks tie, or too many pairs: sorted by
        // signature as they are (a refinement round of the signatures
        // saved duplicate orbit representatives, but cost more time than
        // they did, on Blue Meadow tables as on rows of green edges).
        let moved = symmetry.sorting_perm_into(sig, &mut scratch.perm, &mut scratch.signed);
        // A few pairs tie: every order of each pair is tried, and one
        // image kept (below).
        if ties != Ties::Pairs {
            if moved {
                self.permute_ids(&scratch.perm, ids);
                ids.sort_unstable();
            }
            self.scratch = scratch;
            return;
        }
        if !moved {
            scratch.perm.clear();
            scratch.perm.extend(0..symmetry.coords());
        }
        // Every sorting of the blocks by signature, each tied pair in
        // either order: the set of their images is the same for every
        // state of one orbit, so the image of least hash (a multiset hash
        // of its ids, so no image but the one kept is sorted) is one
        // representative per orbit, but for hash ties (a collision only
        // leaves two representatives of one orbit, a missed cache hit).
        let pairs = &scratch.pairs;
        let orders = &mut scratch.orders;
        orders.resize_with(1 << pairs.len(), Vec::new);
        for (mask, order) in orders.iter_mut().enumerate() {
            order.clear();
            order.extend_from_slice(&scratch.perm);
            for (k, &(b, c)) in pairs.iter().enumerate() {
                if mask >> k & 1 == 1 {
                    for (&x, &y) in symmetry.block(b).iter().zip(symmetry.block(c)) {
                        order.swap(x, y);
                    }
                }
            }
        }
        let (mut best, mut image) = (
            std::mem::take(&mut scratch.best),
            std::mem::take(&mut scratch.image),
        );
        let mut least_hash = None;
        for order in &scratch.orders {
            image.clear();
            image.extend_from_slice(ids);
            if order.iter().enumerate().any(|(c, &to)| c != to) {
                self.permute_ids(order, &mut image);
            }
            let hash = image
                .iter()
                .fold(0u64, |h, &id| h.wrapping_add(id_term(id)));
            if least_hash.is_none_or(|l| hash < l) {
                least_hash = Some(hash);
                std::mem::swap(&mut best, &mut image);
            }
        }
        best.sort_unstable();
        ids.copy_from_slice(&best);
        scratch.best = best;
        scratch.image = image;
        self.scratch = scratch;
    }

    /// Each id of `ids` replaced by the id of its image under the
    /// coordinate permutation `perm` (from the image tables where they
    /// know it), unsorted (a permutation is a bijection: distinct ids stay
    /// distinct).
    fn permute_ids(&mut self, perm: &[usize], ids: &mut [RealId]) {
        let table = self.reals.images.table(perm);
        for id in ids.iter_mut() {
            if let Some(image) = table.and_then(|k| self.reals.images.get(k, *id)) {
                *id = image;
                continue;
            }
            let image = self.base.permute(&self.reals.states[*id as usize], perm);
            let image = self.intern(&image);
            if let Some(k) = table {
                if self.reals.images.set(k, *id, image) {
                    self.note_reals();
                }
            }
            *id = image;
        }
    }

    pub(super) fn keep_maximal_ids(&self, ids: &mut IdState) {
        if let Some(masks) = &self.reals.masks {
            keep_maximal_words(ids, masks);
            return;
        }
        let states = &self.reals.states;
        keep_maximal_by(ids, |&a, &b| {
            self.base
                .is_covered_by(&states[a as usize], &states[b as usize])
        });
    }

    /// `prune_ids` of the union of two pruned lists (sorted, distinct, and
    /// under A, B, D antichains), without sorting or a quadratic scan of
    /// the union: an element of one antichain is covered in the union
    /// only by an element of the other, so only cross pairs are tested,
    /// and the two sorted lists are merged in one pass. Width-2 options
    /// are such unions.
    pub(super) fn union_pruned(&self, a: &[RealId], b: &[RealId], out: &mut IdState) {
        out.reserve(a.len() + b.len());
        let covering = self.normaliser.drops_covered();
        let masks = match &self.reals.masks {
            _ if !covering => None,
            Some(m) if a.len() <= 64 && b.len() <= 64 => Some(m),
            Some(m) => {
                union_pruned_long(a, b, m, out);
                return;
            }
            // No exact words: the general way.
            _ => {
                out.extend_from_slice(a);
                out.extend_from_slice(b);
                self.prune_ids(out);
                return;
            }
        };
        // Bit k set: a[k] (resp. b[k]) is strictly covered by the other
        // list. Equal ids are the same realisation (kept once below), and
        // distinct ids have distinct exact words, so `x & !y == 0` with
        // x != y is strict covering.
        let (mut drop_a, mut drop_b) = (0u64, 0u64);
        if let Some(masks) = masks {
            // The words gathered first, so the cross scan (the hot loop of
            // wide moves) runs on local arrays. Equal words are equal ids.
            let mut wb = [0u64; 64];
            for (w, &y) in wb.iter_mut().zip(b) {
                *w = masks[y as usize];
            }
            let wb = &wb[..b.len()];
            for (ka, &x) in a.iter().enumerate() {
                let wx = masks[x as usize];
                for (kb, &wy) in wb.iter().enumerate() {
                    let sub_a = wx & !wy == 0;
                    let sub_b = wy & !wx == 0;
                    // Both: the same realisation, kept once below.
                    drop_a |= u64::from(sub_a && !sub_b) << ka;
                    drop_b |= u64::from(sub_b && !sub_a) << kb;
                }
            }
        }
        merge_kept(a, b, |i| bit(drop_a, i), |j| bit(drop_b, j), out);
    }

    /// The twin blocks of state `s`, for the labels of its legal map.
    pub(super) fn twins(&self, s: &[RealId], labels: &[B::Move]) -> Twins {
        if !self.normaliser.merges_twin_moves() || s.is_empty() {
            return Twins::none();
        }
        let (keys, blocks) = (&self.reals.keys, self.reals.blocks);
        Twins::of_state(&self.base, self.normaliser.symmetry(), labels, |b, c| {
            s.iter().all(|&id| {
                let row = id as usize * blocks;
                keys[row + b] == keys[row + c]
            })
        })
    }

    /// The reduced state of any list of realisations.
    pub(super) fn reduce(&mut self, state: &[B::State]) -> IdState {
        let ids = state.iter().map(|r| self.intern(r)).collect();
        self.normalise_ids(ids)
    }
}

#[cfg(test)]
mod tests {
    use super::{merge_kept, union_pruned_long};
    use crate::quantum::base::QuantumBase;
    use crate::quantum::solver::images::Images;
    use crate::quantum::solver::tests::{for_each_pair, reached, walk_both};
    use crate::rules::Player;
    /// Where at most two pairs of blocks are interchangeable, every state
    /// of one orbit is oriented to the same representative (blocks of
    /// distinct signatures are sorted, and a tied pair is tried in both
    /// orders): random reachable states and their images under every
    /// swap of blocks, every flavour, widths 2, 3 and unbounded.
    #[test]
    fn orientation_is_one_state_per_orbit_under_two_pairs() {
        let positions = ["BR BR G G", "BRG BRG R", "GB GB RG RG", "BG BG R R B"];
        let mut rng = crate::rng::SplitMix64::new(12);
        let mut moved = 0;
        for_each_pair(&positions, |text, setting, mut solver, _| {
            let groups = solver.normaliser.symmetry().groups().to_vec();
            assert!(!groups.is_empty() && groups.len() <= 2, "{text}");
            assert!(groups.iter().all(|g| g.len() == 2), "{text}");
            let coords = solver.normaliser.symmetry().coords();
            // Every block permutation: each group's two blocks swapped or not.
            let perms: Vec<Vec<usize>> = (0..1usize << groups.len())
                .map(|mask| {
                    let mut perm: Vec<usize> = (0..coords).collect();
                    for (k, group) in groups.iter().enumerate() {
                        if mask >> k & 1 == 1 {
                            for (&x, &y) in group[0].iter().zip(&group[1]) {
                                perm.swap(x, y);
                            }
                        }
                    }
                    perm
                })
                .collect();
            for k in 0..40 {
                let (walk, first) = (k % 8, Player::BOTH[k % 2]);
                let s = reached(&mut solver, walk, first, |n| {
                    (rng.next_u64() % n as u64) as usize
                });
                for perm in &perms {
                    let images: Vec<_> = s
                        .iter()
                        .map(|&id| solver.base.permute(&solver.reals.states[id as usize], perm))
                        .collect();
                    let mut ids: Vec<_> = images.iter().map(|r| solver.intern(r)).collect();
                    ids.sort_unstable();
                    moved += usize::from(ids != s);
                    solver.normalise_in_place(&mut ids);
                    assert_eq!(ids, s, "{text} {setting:?}");
                }
            }
        });
        assert!(moved > 100, "{moved}");
    }

    /// Orienting by the permutations' image tables gives the ids that
    /// permuting and interning every realisation gives: two solvers, one
    /// without tables, orient every option of random reachable states in
    /// lockstep (so they intern realisations in the same order), on
    /// drawings with interchangeable blocks, every flavour, widths 2, 3
    /// and unbounded.
    #[test]
    fn image_tables_orient_as_permuting_does() {
        let positions = ["BR BR BR R R", "BRB BRB G G", "BG BG RR RR B"];
        let mut rng = crate::rng::SplitMix64::new(8);
        let mut permuted = 0;
        for_each_pair(&positions, |text, setting, mut tabled, mut plain| {
            plain.reals.images = Images::with_limit(0);
            for walk in 0..5 {
                let (ids, again) = walk_both(&mut rng, walk, &mut tabled, &mut plain);
                assert_eq!(again, ids);
                for q in Player::BOTH {
                    let map = tabled.legal_ids(&ids, q);
                    assert_eq!(plain.legal_ids(&ids, q).children, map.children);
                    map.for_each_move(setting, |idx| {
                        let mut child: Vec<_> = idx
                            .iter()
                            .flat_map(|&i| map.children[i].iter().copied())
                            .collect();
                        let mut again = child.clone();
                        tabled.normalise_in_place(&mut child);
                        plain.normalise_in_place(&mut again);
                        assert_eq!(child, again, "{text} {setting:?}");
                        true
                    });
                }
            }
            assert_eq!(plain.reals.images.tables(), 0);
            permuted += tabled.reals.images.tables();
        });
        assert!(permuted > 0);
    }

    /// The union of two antichains longer than a word, by the cross scan,
    /// against the definition (every element strictly covered by another
    /// of the union dropped, an id in both kept once), on random
    /// antichains of words of 5 to 7 bits of 12, ids distinct with
    /// distinct words (as the solver's are), and lists both long and
    /// short.
    #[test]
    fn long_unions_keep_the_maximal_elements() {
        let mut rng = crate::rng::SplitMix64::new(0x10_6A17);
        let masks: Vec<u64> = {
            // Words of 5 to 7 bits of 12: long antichains, some covering.
            let mut words: Vec<u64> = (0..4096u64)
                .filter(|w| (5..=7).contains(&w.count_ones()))
                .collect();
            for k in (1..words.len()).rev() {
                words.swap(k, rng.below(k + 1));
            }
            words
        };
        let sub = |x: u32, y: u32| masks[x as usize] & !masks[y as usize] == 0 && x != y;
        // The definition: sorted, distinct, every element strictly covered
        // by another dropped.
        let maximal = |mut ids: Vec<u32>| -> Vec<u32> {
            ids.sort_unstable();
            ids.dedup();
            ids.iter()
                .copied()
                .filter(|&x| !ids.iter().any(|&y| sub(x, y)))
                .collect()
        };
        let antichain = |rng: &mut crate::rng::SplitMix64, size: usize| -> Vec<u32> {
            maximal((0..size).map(|_| rng.below(masks.len()) as u32).collect())
        };
        let mut long = 0;
        for round in 0..300 {
            let (na, nb) = (
                rng.below(400),
                if round % 3 == 0 {
                    rng.below(8)
                } else {
                    rng.below(400)
                },
            );
            let (a, b) = (antichain(&mut rng, na), antichain(&mut rng, nb));
            // Some ids shared: b gains a few of a's where they stay an antichain.
            let mut b = b;
            for &x in a.iter().step_by(7) {
                if !b.iter().any(|&y| sub(x, y) || sub(y, x)) {
                    b.push(x);
                }
            }
            b.sort_unstable();
            b.dedup();
            let want = maximal(a.iter().chain(&b).copied().collect());
            let mut got = Vec::new();
            union_pruned_long(&a, &b, &masks, &mut got);
            assert_eq!(got, want, "round {round}");
            long += usize::from(a.len() > 64 || b.len() > 64);
            // The merge alone, nothing dropped: the sorted union.
            let mut merged = Vec::new();
            merge_kept(&a, &b, |_| false, |_| false, &mut merged);
            let mut plain: Vec<u32> = a.iter().chain(&b).copied().collect();
            plain.sort_unstable();
            plain.dedup();
            assert_eq!(merged, plain);
        }
        assert!(long > 100, "{long}");
    }
}
