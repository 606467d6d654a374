//! A memo keyed by reduced states (lists of realisation ids), stored
//! compactly: the budget, not the time, is what stops the largest tables.
//!
//! A `HashMap<Vec<u32>, u32>` spends a table slot of 32 bytes, an
//! allocation with its header and 4 bytes per id on every state. Here the
//! entries lie end to end in large byte chunks: the value (a fixed number
//! of words per memo: one, or one per flavour valued jointly), then the
//! key as its length and the differences between successive ids, each a
//! varint.
//! A reduced state's ids are sorted and distinct, and a solve meets few
//! realisations (thousands), so most differences take one byte. An open
//! addressing index of one word per slot points into the chunks and holds
//! a few bits of the hash, so a probe rarely decodes a key that is not
//! the one asked for.
//!
//! Any list is accepted (differences wrap), so correctness never depends
//! on the keys being sorted; only their size does.

/// Bytes per chunk: entries never straddle two chunks, and a chunk is
/// never reallocated once full (no copy of the whole table as it grows).
const CHUNK: usize = 1 << 22;
/// Bytes of the first chunk.
const FIRST_CHUNK: usize = 1 << 12;
/// Low bits of a slot: a tag from the hash.
const TAG_BITS: u32 = 24;
const TAG_MASK: u64 = (1 << TAG_BITS) - 1;
/// Bits of a location: the chunk number above [`CHUNK`]'s offset bits.
const OFFSET_BITS: u32 = CHUNK.trailing_zeros();

/// A map from id lists to a fixed number of `u32` words each.
pub struct IdMemo {
    /// Bytes of each entry's value (4 per word).
    value_bytes: usize,
    chunks: Vec<Vec<u8>>,
    /// The chunks' capacities summed (asked for at every insert, when the
    /// solver charges its budget).
    chunk_bytes: usize,
    /// 0: empty; else (location + 1) << TAG_BITS | tag.
    slots: Vec<u64>,
    len: usize,
}

/// Width-independent (see [`super::hash`]): the home is taken from the
/// high bits, which an `FxHasher` leaves zero on wasm32.
fn hash_of(key: &[u32]) -> u64 {
    super::hash::hash_ids(key)
}

fn push_varint(out: &mut Vec<u8>, mut x: u32) {
    while x >= 0x80 {
        out.push((x as u8) | 0x80);
        x >>= 7;
    }
    out.push(x as u8);
}

fn varint_len(mut x: u32) -> usize {
    let mut n = 1;
    while x >= 0x80 {
        x >>= 7;
        n += 1;
    }
    n
}

/// Reads a varint at `*at`, moving past it.
fn read_varint(bytes: &[u8], at: &mut usize) -> u32 {
    let mut x = 0u32;
    let mut shift = 0;
    loop {
        let b = bytes[*at];
        *at += 1;
        x |= u32::from(b & 0x7f) << shift;
        if b < 0x80 {
            return x;
        }
        shift += 7;
    }
}

/// The words of a value cell, into `out` (as many as both hold).
fn read_words(cell: &[u8], out: &mut [u32]) {
    for (w, b) in out.iter_mut().zip(cell.chunks_exact(4)) {
        *w = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
    }
}

/// `words` into a value cell (as many as both hold).
fn write_words(cell: &mut [u8], words: &[u32]) {
    for (b, w) in cell.chunks_exact_mut(4).zip(words) {
        b.copy_from_slice(&w.to_le_bytes());
    }
}

/// The ids of the key stored at `bytes[at..]` (just past its value).
fn decode(bytes: &[u8], mut at: usize) -> impl Iterator<Item = u32> + '_ {
    let len = read_varint(bytes, &mut at);
    let mut last = 0u32;
    (0..len).map(move |_| {
        last = last.wrapping_add(read_varint(bytes, &mut at));
        last
    })
}

fn encoded_len(value_bytes: usize, key: &[u32]) -> usize {
    let mut last = 0u32;
    let deltas: usize = key
        .iter()
        .map(|&id| {
            let d = id.wrapping_sub(last);
            last = id;
            varint_len(d)
        })
        .sum();
    value_bytes + varint_len(key.len() as u32) + deltas
}

impl Default for IdMemo {
    /// One word per entry.
    fn default() -> IdMemo {
        IdMemo::with_words(1)
    }
}

impl IdMemo {
    /// A memo whose entries hold `words` words each (at least one).
    pub fn with_words(words: usize) -> IdMemo {
        IdMemo {
            value_bytes: 4 * words.max(1),
            chunks: Vec::new(),
            chunk_bytes: 0,
            slots: Vec::new(),
            len: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Heap bytes held: the chunks as allocated and the index.
    pub fn bytes(&self) -> u64 {
        (self.chunk_bytes + self.slots.capacity() * size_of::<u64>()) as u64
    }

    fn tag(hash: u64) -> u64 {
        (hash >> 8) & TAG_MASK
    }

    fn home(&self, hash: u64) -> usize {
        // High bits (every bit of the hash is mixed; the tag uses bits 8..32).
        (hash >> (64 - self.slots.len().trailing_zeros())) as usize
    }

    fn split(location: u64) -> (usize, usize) {
        (
            (location >> OFFSET_BITS) as usize,
            (location & ((1 << OFFSET_BITS) - 1)) as usize,
        )
    }

    fn entry_at(&self, slot: u64) -> (usize, usize) {
        Self::split((slot >> TAG_BITS) - 1)
    }

    fn key_matches(&self, slot: u64, key: &[u32]) -> bool {
        let (c, off) = self.entry_at(slot);
        let bytes = &self.chunks[c];
        let mut at = off + self.value_bytes;
        if read_varint(bytes, &mut at) as usize != key.len() {
            return false;
        }
        decode(bytes, off + self.value_bytes).eq(key.iter().copied())
    }

    /// The slot index holding `key`, or the empty one where it would go.
    fn find(&self, key: &[u32], hash: u64) -> (usize, bool) {
        let mask = self.slots.len() - 1;
        let tag = Self::tag(hash);
        let mut i = self.home(hash);
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return (i, false);
            }
            if slot & TAG_MASK == tag && self.key_matches(slot, key) {
                return (i, true);
            }
            i = (i + 1) & mask;
        }
    }

    fn value_at(&mut self, slot: u64) -> &mut [u8] {
        let (c, off) = self.entry_at(slot);
        &mut self.chunks[c][off..off + self.value_bytes]
    }

    /// The words stored under `key`, into `out` (as many as it holds, up
    /// to the memo's words); false if `key` is not here.
    pub fn get_words(&self, key: &[u32], out: &mut [u32]) -> bool {
        if self.slots.is_empty() {
            return false;
        }
        let (i, found) = self.find(key, hash_of(key));
        if found {
            let (c, off) = self.entry_at(self.slots[i]);
            read_words(&self.chunks[c][off..off + self.value_bytes], out);
        }
        found
    }

    /// The first word stored under `key`.
    pub fn get(&self, key: &[u32]) -> Option<u32> {
        let mut w = [0];
        self.get_words(key, &mut w).then_some(w[0])
    }

    /// Store `words` under `key` (replacing what is there; words the memo
    /// holds beyond them are 0).
    pub fn insert_words(&mut self, key: &[u32], words: &[u32]) {
        let slot = self.slot_of(key);
        let cell = self.value_at(slot);
        cell.fill(0);
        write_words(cell, words);
    }

    /// Change the first word under `key` (0 if the key is new) by `f`;
    /// true if the key was new.
    pub fn update(&mut self, key: &[u32], f: impl FnOnce(&mut u32)) -> bool {
        self.update_words(key, |[w]: &mut [u32; 1]| f(w))
    }

    /// Change the words under `key` (all 0 if the key is new) by `f`, in
    /// one probe of the index; true if the key was new. `f` sees as many
    /// words as `N`, up to the memo's.
    pub fn update_words<const N: usize>(
        &mut self,
        key: &[u32],
        f: impl FnOnce(&mut [u32; N]),
    ) -> bool {
        let before = self.len;
        let slot = self.slot_of(key);
        let cell = self.value_at(slot);
        let mut words = [0u32; N];
        read_words(cell, &mut words);
        f(&mut words);
        write_words(cell, &words);
        self.len != before
    }

    /// The slot of `key`, with a new entry (all words 0) if it was not here.
    fn slot_of(&mut self, key: &[u32]) -> u64 {
        if 4 * (self.len + 1) > 3 * self.slots.len() {
            self.grow();
        }
        let hash = hash_of(key);
        let (i, found) = self.find(key, hash);
        if !found {
            let location = self.append(key);
            self.slots[i] = ((location + 1) << TAG_BITS) | Self::tag(hash);
            self.len += 1;
        }
        self.slots[i]
    }

    /// Write a new entry (value 0) and return its location.
    fn append(&mut self, key: &[u32]) -> u64 {
        let need = encoded_len(self.value_bytes, key);
        let fits = self
            .chunks
            .last()
            .is_some_and(|c| c.len() + need <= c.capacity() && c.len() + need <= CHUNK);
        if !fits {
            // Chunks double up to [`CHUNK`], so a small solve holds little.
            // A key too long for a chunk gets a chunk of its own, at
            // offset 0, so every location stays within its offset bits.
            let size = self
                .chunks
                .last()
                .map_or(FIRST_CHUNK, |c| (2 * c.capacity()).min(CHUNK));
            let chunk = Vec::with_capacity(size.max(need));
            self.chunk_bytes += chunk.capacity();
            self.chunks.push(chunk);
        }
        let c = self.chunks.len() - 1;
        let chunk = &mut self.chunks[c];
        let off = chunk.len();
        chunk.resize(off + self.value_bytes, 0);
        push_varint(chunk, key.len() as u32);
        let mut last = 0u32;
        for &id in key {
            push_varint(chunk, id.wrapping_sub(last));
            last = id;
        }
        ((c as u64) << OFFSET_BITS) | off as u64
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(64);
        let old = std::mem::replace(&mut self.slots, vec![0; size]);
        let mask = size - 1;
        let mut key = Vec::new();
        for slot in old.into_iter().filter(|&s| s != 0) {
            let (c, off) = self.entry_at(slot);
            key.clear();
            key.extend(decode(&self.chunks[c], off + self.value_bytes));
            let mut i = self.home(hash_of(&key));
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = slot;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;
    use std::collections::HashMap;

    fn random_key(rng: &mut SplitMix64) -> Vec<u32> {
        let len = rng.below(12);
        let mut key: Vec<u32> = (0..len)
            .map(|_| match rng.below(4) {
                0 => rng.below(1 << 20) as u32,
                1 => u32::MAX - rng.below(3) as u32,
                _ => rng.below(300) as u32,
            })
            .collect();
        // Mostly sorted and distinct, as reduced states are; some not.
        if rng.below(4) != 0 {
            key.sort_unstable();
            key.dedup();
        }
        key
    }

    #[test]
    fn agrees_with_a_hash_map() {
        let mut rng = SplitMix64(5);
        let mut memo = IdMemo::default();
        let mut reference: HashMap<Vec<u32>, u32> = HashMap::new();
        for step in 0..60_000u32 {
            let key = random_key(&mut rng);
            match rng.below(3) {
                0 => {
                    memo.insert_words(&key, &[step]);
                    reference.insert(key, step);
                }
                1 => {
                    let bit = 1 << rng.below(8);
                    let new = memo.update(&key, |v| *v |= bit);
                    let r = reference.entry(key);
                    assert_eq!(
                        new,
                        matches!(r, std::collections::hash_map::Entry::Vacant(_))
                    );
                    *r.or_insert(0) |= bit;
                }
                _ => assert_eq!(memo.get(&key), reference.get(&key).copied()),
            }
            assert_eq!(memo.len(), reference.len());
        }
        for (key, &v) in &reference {
            assert_eq!(memo.get(key), Some(v), "{key:?}");
        }
    }

    #[test]
    fn entries_of_several_words_keep_each_word() {
        let mut rng = SplitMix64(9);
        let mut memo = IdMemo::with_words(3);
        let mut reference: HashMap<Vec<u32>, [u32; 3]> = HashMap::new();
        for step in 0..20_000u32 {
            let key = random_key(&mut rng);
            let action = rng.below(3);
            if action == 0 {
                let words = [step, step ^ 0xdead_beef, u32::MAX - step];
                memo.insert_words(&key, &words);
                reference.insert(key, words);
            } else if action == 1 {
                // The first two words changed in place, the third kept.
                let new = memo.update_words(&key, |w: &mut [u32; 2]| {
                    w[0] = w[0].wrapping_add(step);
                    w[1] ^= 1 << (step % 32);
                });
                let r = reference.entry(key);
                assert_eq!(
                    new,
                    matches!(r, std::collections::hash_map::Entry::Vacant(_))
                );
                let w = r.or_insert([0; 3]);
                w[0] = w[0].wrapping_add(step);
                w[1] ^= 1 << (step % 32);
            } else {
                let mut out = [0; 3];
                let found = memo.get_words(&key, &mut out);
                assert_eq!(found.then_some(out), reference.get(&key).copied());
            }
        }
        assert_eq!(memo.len(), reference.len());
    }

    #[test]
    fn keys_longer_than_a_chunk_are_kept_whole() {
        let mut memo = IdMemo::default();
        let long: Vec<u32> = (0..(CHUNK as u32 / 2)).map(|i| i * 1000).collect();
        memo.insert_words(&[1, 2, 3], &[7]);
        memo.insert_words(&long, &[9]);
        memo.insert_words(&[4], &[11]);
        assert_eq!(memo.get(&long), Some(9));
        assert_eq!(memo.get(&[1, 2, 3]), Some(7));
        assert_eq!(memo.get(&[4]), Some(11));
        assert_eq!(memo.get(&long[1..]), None);
    }

    #[test]
    fn sorted_small_ids_take_about_a_byte_each() {
        let mut memo = IdMemo::default();
        let mut encoded = 0;
        for k in 0..10_000u32 {
            let key: Vec<u32> = (0..20).map(|i| k + i * 20).collect();
            encoded += encoded_len(4, &key);
            memo.insert_words(&key, &[k]);
        }
        // 4 (value) + 1 (length) + 21 bytes of differences (the first
        // id may take two); a HashMap of Vecs takes over 130 per entry.
        assert!(encoded <= 27 * memo.len(), "{encoded} bytes");
        // What is charged covers the entries and the index, and the chunks
        // as allocated waste at most as much as they hold.
        let index = memo.slots.len() * size_of::<u64>();
        assert!(memo.bytes() as usize >= encoded + index);
        assert!(memo.bytes() as usize <= 2 * encoded + index + FIRST_CHUNK);
    }
}
