//! State keys packed into two words: a block state is its shape and the
//! decorations of its reached vertices, most states have a few non-zero
//! decorations with short codes, and a memo of two-word keys has small
//! entries (a large search's memo lives out of the processor's caches,
//! so entry size is lookup time) and hashes and compares two words. A
//! state that does not pack is written out in full ([`WideKey`]).
//!
//! Layout, as one 128-bit number from the low end: the shape id
//! ([`SHAPE_BITS`]), how many decorations ([`COUNT_BITS`]), then each
//! decoration as its vertex ([`VERTEX_BITS`]) and its code ([`CODE_BITS`]).

use super::frame::bits;
use super::two_tables::HeapBytes;
use std::hash::Hash;

const SHAPE_BITS: u32 = 24;
const COUNT_BITS: u32 = 3;
/// At most this many decorations (other than 0) pack.
pub(super) const MAX_DECORATIONS: u32 = 4;
const VERTEX_BITS: u32 = 6;
const CODE_BITS: u32 = 16;

/// The packed key of the state of shape `shape` whose reached vertices
/// `reached` carry `decorations` (those equal to `zero` are left out):
/// `None` if the shape id is too large, more than [`MAX_DECORATIONS`] are
/// not `zero`, or one has no 16-bit `code`. Two states of the same kind
/// share a packed key exactly when they are equal, provided `code` is
/// one-to-one.
pub(super) fn pack<T: Copy + PartialEq>(
    shape: u32,
    reached: u64,
    decorations: &[T],
    zero: T,
    code: impl Fn(T) -> Option<u16>,
) -> Option<[u64; 2]> {
    if shape >= 1 << SHAPE_BITS {
        return None;
    }
    let mut key = u128::from(shape);
    let mut at = SHAPE_BITS + COUNT_BITS;
    let mut count = 0;
    for v in bits(reached) {
        let d = decorations[v];
        if d == zero {
            continue;
        }
        if count == MAX_DECORATIONS {
            return None;
        }
        key |= (v as u128 | u128::from(code(d)?) << VERTEX_BITS) << at;
        at += VERTEX_BITS + CODE_BITS;
        count += 1;
    }
    let key = key | u128::from(count) << SHAPE_BITS;
    Some([key as u64, (key >> 64) as u64])
}

/// A word of a written-out key: the shape id and the mask of decorated
/// vertices go first, in as many words as they need.
pub(super) trait KeyWord: Copy + Default + Eq + Hash {
    /// Words taken by the shape and the mask.
    const HEAD: usize;
    fn head(shape: u32, decorated: u64, out: &mut [Self]);
}

impl KeyWord for u64 {
    const HEAD: usize = 2;
    fn head(shape: u32, decorated: u64, out: &mut [u64]) {
        out[0] = u64::from(shape);
        out[1] = decorated;
    }
}

impl KeyWord for u32 {
    const HEAD: usize = 3;
    fn head(shape: u32, decorated: u64, out: &mut [u32]) {
        out[0] = shape;
        out[1] = decorated as u32;
        out[2] = (decorated >> 32) as u32;
    }
}

/// A state's key written out: its shape id, the mask of reached vertices
/// whose decoration is not zero, then those decorations in vertex order
/// (each one word); inline (no allocation, no pointer to follow on a
/// lookup) when it fits in `N` words.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) enum WideKey<W, const N: usize> {
    Inline([W; N]),
    Boxed(Box<[W]>),
}

impl<W: KeyWord, const N: usize> WideKey<W, N> {
    /// The key of the state of shape `shape` whose reached vertices
    /// `reached` carry `decorations` (`zero` left out), each as `word`.
    pub(super) fn new<T: Copy + PartialEq>(
        shape: u32,
        reached: u64,
        decorations: &[T],
        zero: T,
        word: impl Fn(T) -> W,
    ) -> Self {
        // One pass over the reached vertices: most keys fit inline, so the
        // decorations are written as they are found, and only a key that
        // turns out too long is built again on the heap.
        let mut words = [W::default(); N];
        let mut decorated = 0u64;
        let mut count = 0;
        for v in bits(reached) {
            let d = decorations[v];
            if d != zero {
                decorated |= 1 << v;
                if W::HEAD + count < N {
                    words[W::HEAD + count] = word(d);
                }
                count += 1;
            }
        }
        if W::HEAD + count <= N {
            W::head(shape, decorated, &mut words);
            return WideKey::Inline(words);
        }
        let mut words = vec![W::default(); W::HEAD];
        W::head(shape, decorated, &mut words);
        words.extend(bits(decorated).map(|v| word(decorations[v])));
        WideKey::Boxed(words.into())
    }
}

impl<W, const N: usize> HeapBytes for WideKey<W, N> {
    fn heap_bytes(&self) -> u64 {
        match self {
            WideKey::Inline(_) => 0,
            WideKey::Boxed(words) => std::mem::size_of_val::<[W]>(words) as u64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;
    use rustc_hash::FxHashMap;

    /// Two states share a packed key exactly when they are the same state
    /// (shape, and every non-zero decoration of the reached vertices), and
    /// only states with too many decorations or a code that does not fit
    /// are left unpacked.
    #[test]
    fn packed_keys_tell_states_apart() {
        let mut rng = SplitMix64(17);
        // A state: its shape and its (vertex, decoration) pairs.
        type State = (u32, Vec<(usize, u32)>);
        let mut seen: FxHashMap<[u64; 2], State> = FxHashMap::default();
        let mut packed = 0;
        for _ in 0..30000 {
            let shape = rng.below(5) as u32 * 3_000_000;
            // Vertices whose numbers differ in one bit, codes that do too,
            // and codes too large to pack.
            let reached = rng.next_u64() & 0xc000_0003_c000_0007;
            let decorations: Vec<u32> = (0..64)
                .map(|_| match rng.below(6) {
                    0 | 1 => 0,
                    2 => 70_000 + rng.below(3) as u32,
                    3 => 0xfffe + rng.below(2) as u32,
                    _ => rng.below(4) as u32,
                })
                .collect();
            let state: Vec<(usize, u32)> = bits(reached)
                .filter(|&v| decorations[v] != 0)
                .map(|v| (v, decorations[v]))
                .collect();
            let code = |d: u32| u16::try_from(d).ok();
            let Some(key) = pack(shape, reached, &decorations, 0, code) else {
                assert!(
                    shape >= 1 << SHAPE_BITS
                        || state.len() > MAX_DECORATIONS as usize
                        || state.iter().any(|&(_, d)| d > 0xffff),
                    "{shape} {state:?} should pack"
                );
                continue;
            };
            packed += 1;
            match seen.get(&key) {
                Some(other) => assert_eq!(other, &(shape, state)),
                None => {
                    seen.insert(key, (shape, state));
                }
            }
        }
        assert!(
            packed > 3000 && seen.len() > 1000,
            "{packed} {}",
            seen.len()
        );
    }

    /// A written-out key holds the shape, the decorated vertices and their
    /// decorations: inline while they fit, on the heap (and counted) after,
    /// equal for equal states either way, with zero decorations left out.
    #[test]
    fn written_out_keys_hold_the_whole_state() {
        let word = |d: u32| d;
        let few = [0, 7, 0, 9];
        let k: WideKey<u32, 8> = WideKey::new(5, 0b1111, &few, 0, word);
        assert!(k == WideKey::Inline([5, 0b1010, 0, 7, 9, 0, 0, 0]));
        assert_eq!(k.heap_bytes(), 0);
        let many = [1, 2, 3, 4, 5, 6];
        let k: WideKey<u32, 8> = WideKey::new(5, 0b111111, &many, 0, word);
        assert!(k == WideKey::Boxed(vec![5, 0b111111, 0, 1, 2, 3, 4, 5, 6].into()));
        assert_eq!(k.heap_bytes(), 9 * 4);
        // Unreached vertices and zeros do not enter: one state, one key.
        let other: [u32; 4] = [0, 7, 3, 9];
        assert!(
            WideKey::<u64, 6>::new(5, 0b1011, &other, 0, u64::from)
                == WideKey::<u64, 6>::new(5, 0b1111, &few, 0, u64::from)
        );
        let k: WideKey<u64, 6> = WideKey::new(1, 0b1111, &many, 0, u64::from);
        assert!(k == WideKey::Inline([1, 0b1111, 1, 2, 3, 4]));
        let k: WideKey<u64, 6> = WideKey::new(1, 0b11111, &many, 0, u64::from);
        assert!(k == WideKey::Boxed(vec![1, 0b11111, 1, 2, 3, 4, 5].into()));
    }
}
