//! The walk of [`Enumeration::for_each`] on bit sets of several words, for
//! legal maps whose results lie among more than 64 realisations (wide
//! moves on rows of green edges make states of hundreds): each union is
//! an `or` of a few words, where a list union merges two lists and, under
//! A, B and D, tests the cross pairs for covering.
//!
//! **Without covering** (C, C′, C′u) a result is the set of its local
//! indices (positions in the sorted list of the map's distinct ids), and
//! the union of results is the `or` of their sets.
//!
//! **With covering** (A, B, D) a result is held as the *down-set* it
//! generates in the lattice of covering words: every word below one of
//! its realisations' words, a bit per word. The down-set of a union is
//! the `or` of the down-sets, and the maximal elements of a down-set are
//! those of the set generating it: a strict cover in the union is a strict
//! cover in the down-set, and a word of the down-set above a realisation
//! is below another realisation, which then covers it. So the pruned
//! union (the maximal elements of the union) is read off the `or` once a
//! move is visited, and no pruning happens along the walk. Words are
//! exact (covering is the inclusion of words) and compressed to the bits
//! the map's realisations use; the lattice has a bit per subset of those,
//! so this walk is taken when they are at most [`MAX_LATTICE_BITS`].
//!
//! The walk, the absorbed labels and the visits are those of
//! [`Enumeration::for_each`] with the list union: a union is absorbed
//! exactly when its set (or down-set) is unchanged, and each visited
//! result is handed over as its ids in increasing order. A test compares
//! the two walks move by move.

use super::{Enumeration, FlavourMask, Visits, Walk};
use crate::quantum::flavour::{Flavour, Width};
use crate::quantum::moves::Legal;

/// The most bits of compressed covering words a down-set walk takes: its
/// sets are `2^bits` bits (64 words at 12).
pub const MAX_LATTICE_BITS: u32 = 12;

/// The distinct ids of a legal map's results, as [`Enumeration::for_each_wide`]
/// holds them.
#[derive(Clone, Copy)]
pub struct WideIds<'a> {
    /// Sorted and distinct; every result's ids are among them.
    pub ids: &'a [u32],
    /// With covering, `ids[i]`'s covering word compressed to `bits` bits
    /// (one realisation is covered by another exactly when its word is a
    /// subset of the other's); without, empty.
    pub words: &'a [u32],
    /// The bits of the compressed words (at most [`MAX_LATTICE_BITS`]).
    pub bits: u32,
}

impl WideIds<'_> {
    fn covering(&self) -> bool {
        !self.words.is_empty()
    }

    /// Words per set: a bit per word of the lattice with covering, a bit
    /// per id without.
    fn set_words(&self) -> usize {
        if self.covering() {
            (1usize << self.bits).div_ceil(64)
        } else {
            self.ids.len().div_ceil(64).max(1)
        }
    }

    /// The bit that stands for `ids[i]` in a set.
    fn point(&self, i: usize) -> usize {
        if self.covering() {
            self.words[i] as usize
        } else {
            i
        }
    }
}

/// `x` compressed to the bits of `mask`: bit k of the answer is x's bit at
/// the k-th lowest bit of `mask` (so inclusion between words within the
/// mask is kept).
pub fn compress(x: u64, mask: u64) -> u32 {
    let (mut out, mut rest, mut k) = (0u32, mask, 0);
    while rest != 0 {
        let low = rest & rest.wrapping_neg();
        out |= u32::from(x & low != 0) << k;
        k += 1;
        rest &= rest - 1;
    }
    out
}

/// Bit patterns of the positions (within a word) whose bit i is set, for
/// i < 6: the lattice's steps inside one word.
const HIGH: [u64; 6] = [
    0xAAAA_AAAA_AAAA_AAAA,
    0xCCCC_CCCC_CCCC_CCCC,
    0xF0F0_F0F0_F0F0_F0F0,
    0xFF00_FF00_FF00_FF00,
    0xFFFF_0000_FFFF_0000,
    0xFFFF_FFFF_0000_0000,
];

/// Close `set` (a bit per word of a lattice of `bits` bits) downwards:
/// with each word, every word below it. One step per bit: a word with bit
/// i puts in the word without it; every subset is reached by dropping its
/// missing bits one at a time.
fn close_down(set: &mut [u64], bits: u32) {
    for (i, &high) in HIGH.iter().enumerate().take(bits as usize) {
        for w in set.iter_mut() {
            *w |= (*w & high) >> (1 << i);
        }
    }
    for i in 6..bits as usize {
        let step = 1 << (i - 6);
        for k in 0..set.len() {
            if k & step != 0 {
                set[k ^ step] |= set[k];
            }
        }
    }
}

/// The maximal words of down-set `set` into `top`: those with no word one
/// bit above them in the set (a down-set holding a strict cover of x
/// holds a word one bit above x).
fn maximal(set: &[u64], bits: u32, top: &mut Vec<u64>) {
    top.clear();
    top.extend_from_slice(set);
    for (i, &high) in HIGH.iter().enumerate().take(bits as usize) {
        for (t, &w) in top.iter_mut().zip(set) {
            *t &= !((w & high) >> (1 << i));
        }
    }
    for i in 6..bits as usize {
        let step = 1 << (i - 6);
        for k in 0..set.len() {
            if k & step == 0 {
                top[k] &= !set[k | step];
            }
        }
    }
}

impl Enumeration {
    /// [`Self::for_each`] for a map whose results lie among `wide.ids`
    /// (any number of them), on sets of several words as the module doc
    /// says: without covering when `wide.words` is empty, else with the
    /// pruned union of [`Self::for_each`]'s callers (the maximal elements).
    pub fn for_each_wide<M, S, E, V>(
        &mut self,
        ctx: &mut S,
        map: &Legal<M, u32>,
        flavours: &[Flavour],
        width: Width,
        wide: WideIds<'_>,
        mut visits: Visits<E, V>,
    ) where
        M: Clone + Ord,
        E: FnMut(&mut S, &[usize], u64, FlavourMask) -> Option<bool>,
        V: FnMut(&mut S, &[usize], &[u32], u64, FlavourMask) -> bool,
    {
        let walk = Walk::new(map, flavours, width);
        assert!(
            !wide.covering()
                || (wide.words.len() == wide.ids.len() && wide.bits <= MAX_LATTICE_BITS),
            "a word per id, within the lattice"
        );
        let n = wide.set_words();
        self.idx.clear();
        self.results.clear();
        self.results.resize(map.labels.len() * n, 0);
        for (set, c) in self.results.chunks_mut(n).zip(&map.children) {
            for id in c {
                let i = wide
                    .ids
                    .binary_search(id)
                    .expect("every result among the ids");
                let p = wide.point(i);
                set[p / 64] |= 1 << (p % 64);
            }
            if wide.covering() {
                close_down(set, wide.bits);
            }
        }
        self.masks.clear();
        self.masks.resize(walk.width * n, 0);
        self.descend_wide(ctx, &walk, wide, n, &mut visits);
    }

    /// The ids of the set `self.masks[at]` into `self.built`, in
    /// increasing order (the maximal ones of a down-set with covering).
    fn build_wide(&mut self, wide: WideIds<'_>, at: std::ops::Range<usize>) {
        let set = &self.masks[at];
        let kept = if wide.covering() {
            maximal(set, wide.bits, &mut self.top);
            &self.top[..]
        } else {
            set
        };
        for (i, &id) in wide.ids.iter().enumerate() {
            let p = wide.point(i);
            if kept[p / 64] >> (p % 64) & 1 == 1 {
                self.built.push(id);
            }
        }
    }

    /// [`Self::descend`] on sets of `n` words each.
    fn descend_wide<M, S, E, V>(
        &mut self,
        ctx: &mut S,
        walk: &Walk<'_, M>,
        wide: WideIds<'_>,
        n: usize,
        visits: &mut Visits<E, V>,
    ) -> bool
    where
        M: Clone + Ord,
        E: FnMut(&mut S, &[usize], u64, FlavourMask) -> Option<bool>,
        V: FnMut(&mut S, &[usize], &[u32], u64, FlavourMask) -> bool,
    {
        let depth = self.idx.len();
        let first = self.idx.last().map_or(0, |&i| i + 1);
        for j in first..walk.map.labels.len() {
            let result = &self.results[j * n..(j + 1) * n];
            let (done, rest) = self.masks.split_at_mut(depth * n);
            let out = &mut rest[..n];
            let absorbed = match depth {
                0 => {
                    out.copy_from_slice(result);
                    false
                }
                _ => {
                    let before = &done[(depth - 1) * n..];
                    let mut same = true;
                    for ((o, &b), &r) in out.iter_mut().zip(before).zip(result) {
                        *o = b | r;
                        same &= *o == b;
                    }
                    same
                }
            };
            self.idx.push(j);
            let mask = walk.allowing_move(&self.idx, absorbed);
            let built = |e: &mut Self| e.build_wide(wide, depth * n..(depth + 1) * n);
            if mask != 0 && !self.offer(ctx, mask, visits, built) {
                return false;
            }
            if !absorbed && depth + 1 < walk.width && !self.descend_wide(ctx, walk, wide, n, visits)
            {
                return false;
            }
            self.idx.pop();
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::{close_down, compress, maximal};

    /// Down-closure and maximal words against their definitions, on
    /// random sets of words of every lattice size up to 9 bits (one word
    /// and several).
    #[test]
    fn down_sets_match_the_definitions() {
        let mut rng = crate::rng::SplitMix64::new(7);
        for round in 0..400 {
            let bits = (round % 10) as u32;
            let size = 1usize << bits;
            let n = size.div_ceil(64);
            let words: Vec<usize> = (0..1 + rng.below(6)).map(|_| rng.below(size)).collect();
            let mut set = vec![0u64; n];
            for &w in &words {
                set[w / 64] |= 1 << (w % 64);
            }
            close_down(&mut set, bits);
            let has = |s: &[u64], x: usize| s[x / 64] >> (x % 64) & 1 == 1;
            for x in 0..size {
                let below = words.iter().any(|&w| x & !w == 0);
                assert_eq!(has(&set, x), below, "bits {bits} x {x}");
            }
            let mut top = Vec::new();
            maximal(&set, bits, &mut top);
            for x in 0..size {
                let max = words.contains(&x) && !words.iter().any(|&w| w != x && x & !w == 0);
                assert_eq!(has(&top, x), max, "bits {bits} x {x}");
            }
        }
        assert_eq!(compress(0b1011_0100, 0b1111_0110), 0b10_1110);
    }
}
