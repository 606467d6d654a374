//! The options already met in one enumeration, as a set of short id lists
//! stored end to end in one buffer, with an open-addressing index over
//! them. The solver asks it once per move, millions of times per table:
//! a hash set of `Vec`s cost one allocation per option and a rehash as
//! each state's set grew, where this reuses its buffers from one state to
//! the next.

/// A set of id lists, cleared and refilled per enumeration.
#[derive(Default)]
pub struct SeenLists {
    /// The lists, end to end.
    data: Vec<u32>,
    /// Each list's start in `data` and its length.
    spans: Vec<(u32, u32)>,
    /// Open addressing over `spans`: 0 is an empty slot, k + 1 list k.
    /// Its length is a power of two at least twice the number of lists.
    slots: Vec<u32>,
}

/// Width-independent (see [`super::hash`]); the index takes low bits.
fn hash_of(list: &[u32]) -> u64 {
    super::hash::hash_ids(list)
}

impl SeenLists {
    /// Forget every list (the buffers are kept).
    pub fn clear(&mut self) {
        // Small buffers are kept; large ones are given back, so one wide
        // enumeration neither holds its memory nor makes every later
        // clear expensive.
        if self.data.capacity() > 1 << 16 {
            self.data = Vec::new();
            self.spans = Vec::new();
        }
        self.data.clear();
        self.spans.clear();
        if self.slots.len() > 1024 {
            self.slots = Vec::new();
        } else {
            self.slots.fill(0);
        }
    }

    /// Heap bytes of the buffers.
    pub fn bytes(&self) -> u64 {
        (self.data.capacity() * size_of::<u32>()
            + self.spans.capacity() * size_of::<(u32, u32)>()
            + self.slots.capacity() * size_of::<u32>()) as u64
    }

    fn list(&self, k: u32) -> &[u32] {
        let (start, len) = self.spans[k as usize];
        &self.data[start as usize..(start + len) as usize]
    }

    /// Add `list`; false if it was already there.
    pub fn insert(&mut self, list: &[u32]) -> bool {
        if 2 * (self.spans.len() + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut at = hash_of(list) as usize & mask;
        loop {
            match self.slots[at] {
                0 => break,
                k if self.list(k - 1) == list => return false,
                _ => at = (at + 1) & mask,
            }
        }
        let k = u32::try_from(self.spans.len()).expect("too many options");
        let start = u32::try_from(self.data.len()).expect("too many options");
        self.data.extend_from_slice(list);
        self.spans.push((start, list.len() as u32));
        self.slots[at] = k + 1;
        true
    }

    /// Double the index (at least 16 slots) and place every list again.
    fn grow(&mut self) {
        let size = (2 * self.slots.len()).max(16);
        self.slots = vec![0; size];
        let mask = size - 1;
        for k in 0..self.spans.len() as u32 {
            let mut at = hash_of(self.list(k)) as usize & mask;
            while self.slots[at] != 0 {
                at = (at + 1) & mask;
            }
            self.slots[at] = k + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SeenLists;
    use std::collections::HashSet;

    /// Against a hash set of vectors: random short lists (many repeats,
    /// the empty list among them), over several clears, answer alike.
    #[test]
    fn agrees_with_a_hash_set() {
        let mut rng = crate::rng::SplitMix64::new(0x2545_F491_4F6C_DD1D);
        let mut next = move |k: u64| rng.below(k as usize) as u64;
        let mut seen = SeenLists::default();
        let mut repeats = 0;
        for round in 0..40 {
            seen.clear();
            let mut plain: HashSet<Vec<u32>> = HashSet::new();
            let count = if round % 10 == 0 { 3000 } else { 1 + next(200) };
            for _ in 0..count {
                let list: Vec<u32> = (0..next(4)).map(|_| next(6) as u32).collect();
                let fresh = plain.insert(list.clone());
                assert_eq!(seen.insert(&list), fresh, "{list:?}");
                repeats += usize::from(!fresh);
            }
        }
        assert!(repeats > 1000);
    }
}
