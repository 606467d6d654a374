//! Hashing for the quantum engine's tables that gives the same 64-bit
//! result on every target.
//!
//! `rustc_hash::FxHasher` keeps its state in a `usize`: on wasm32 its
//! `finish()` is a 32-bit value widened to `u64`, so its high 32 bits are
//! zero. [`super::id_memo::IdMemo`] takes a slot's home from the hash's
//! *high* bits, so on wasm32 every key of a table smaller than 2^32 slots
//! had home 0 and the open-addressing index degenerated into one long
//! probe run (quadratic inserts, linear look-ups): the main reason the
//! page's quantum search was measured 50–60× slower than native.
//!
//! Here every word is folded into a `u64` state with `u64` arithmetic
//! (wasm32 has native 64-bit integer operations) and finished with
//! SplitMix64's bijective mixer, so high and low bits are both well mixed
//! and the same on every target.

use std::hash::{BuildHasherDefault, Hasher};

const K: u64 = 0xF135_7AEA_2E62_A9C5;

/// One step of the fold: cheap, order-dependent.
#[inline]
fn fold(h: u64, x: u64) -> u64 {
    (h ^ x).wrapping_mul(K).rotate_left(26)
}

/// SplitMix64's finaliser: every input bit reaches every output bit.
#[inline]
pub fn finish(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The hash of a list of ids (its length included), two ids per step.
#[inline]
pub fn hash_ids(key: &[u32]) -> u64 {
    let mut h = fold(0, key.len() as u64);
    let mut pairs = key.chunks_exact(2);
    for p in &mut pairs {
        h = fold(h, u64::from(p[0]) | (u64::from(p[1]) << 32));
    }
    if let [last] = pairs.remainder() {
        h = fold(h, u64::from(*last));
    }
    finish(h)
}

/// A [`Hasher`] with a `u64` state whatever the target's `usize`: every
/// integer is written as a `u64`, bytes eight at a time.
#[derive(Clone, Copy, Default)]
pub struct Hasher64 {
    state: u64,
}

impl Hasher for Hasher64 {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.state = fold(self.state, u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            // The length tells "ab" from "ab\0".
            self.state = fold(
                self.state,
                u64::from_le_bytes(w) ^ ((rest.len() as u64) << 59),
            );
        }
    }

    #[inline]
    fn write_u8(&mut self, x: u8) {
        self.state = fold(self.state, u64::from(x));
    }

    #[inline]
    fn write_u16(&mut self, x: u16) {
        self.state = fold(self.state, u64::from(x));
    }

    #[inline]
    fn write_u32(&mut self, x: u32) {
        self.state = fold(self.state, u64::from(x));
    }

    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.state = fold(self.state, x);
    }

    #[inline]
    fn write_u128(&mut self, x: u128) {
        self.state = fold(fold(self.state, x as u64), (x >> 64) as u64);
    }

    #[inline]
    fn write_usize(&mut self, x: usize) {
        self.state = fold(self.state, x as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        finish(self.state)
    }
}

/// A hash map keyed through [`Hasher64`].
pub type Map64<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<Hasher64>>;

#[cfg(test)]
mod tests {
    use super::*;

    /// The high 32 bits carry information (what broke on wasm32), and
    /// small lists of small ids spread over the high bits a table uses.
    #[test]
    fn high_bits_spread() {
        let mut homes = std::collections::HashSet::new();
        for a in 0..64u32 {
            for b in a..64 {
                homes.insert(hash_ids(&[a, b]) >> 52);
            }
        }
        // 2080 keys into 4096 homes: a good hash fills well over 1500.
        assert!(homes.len() > 1500, "{}", homes.len());
        let mut h = Hasher64::default();
        h.write_usize(7);
        assert_ne!(h.finish() >> 32, 0);
    }

    #[test]
    fn length_and_order_matter() {
        assert_ne!(hash_ids(&[1, 2]), hash_ids(&[2, 1]));
        assert_ne!(hash_ids(&[0]), hash_ids(&[0, 0]));
        assert_ne!(hash_ids(&[]), hash_ids(&[0]));
    }
}
