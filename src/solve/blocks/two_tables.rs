//! A memo whose keys come in two forms: a short one that most states fit
//! (kept inline, hashed and compared as a few words) and a long one for the
//! rest. Each state has exactly one key, so the two tables never disagree;
//! the long keys' heap bytes are counted for budgets.

use crate::budget::table_bytes;
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// A key in its short or its long form.
pub(super) enum Key<S, L> {
    Short(S),
    Long(L),
}

/// Long keys own heap memory, which budgets count.
pub(super) trait HeapBytes {
    fn heap_bytes(&self) -> u64;
}

pub(super) struct TwoTables<S, L, V> {
    short: FxHashMap<S, V>,
    long: FxHashMap<L, V>,
    long_bytes: u64,
}

impl<S, L, V> Default for TwoTables<S, L, V> {
    fn default() -> Self {
        TwoTables {
            short: FxHashMap::default(),
            long: FxHashMap::default(),
            long_bytes: 0,
        }
    }
}

impl<S: Hash + Eq, L: Hash + Eq + HeapBytes, V: Copy> TwoTables<S, L, V> {
    pub(super) fn get(&self, key: &Key<S, L>) -> Option<V> {
        match key {
            Key::Short(k) => self.short.get(k).copied(),
            Key::Long(k) => self.long.get(k).copied(),
        }
    }

    pub(super) fn insert(&mut self, key: Key<S, L>, v: V) {
        match key {
            Key::Short(k) => {
                self.short.insert(k, v);
            }
            Key::Long(k) => {
                self.long_bytes += k.heap_bytes();
                self.long.insert(k, v);
            }
        }
    }

    pub(super) fn len(&self) -> usize {
        self.short.len() + self.long.len()
    }

    /// Room for `n` short keys.
    pub(super) fn reserve(&mut self, n: usize) {
        self.short.reserve(n);
    }

    /// The bytes held by both tables and the long keys (for budgets).
    pub(super) fn bytes(&self) -> u64 {
        table_bytes(&self.short) + table_bytes(&self.long) + self.long_bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl HeapBytes for Box<[u32]> {
        fn heap_bytes(&self) -> u64 {
            std::mem::size_of_val::<[u32]>(self) as u64
        }
    }

    #[test]
    fn both_forms_are_kept_apart_and_counted() {
        let mut t: TwoTables<u32, Box<[u32]>, i64> = TwoTables::default();
        t.insert(Key::Short(7), 1);
        t.insert(Key::Long(vec![7, 8].into()), 2);
        assert_eq!(t.get(&Key::Short(7)), Some(1));
        assert_eq!(t.get(&Key::Long(vec![7, 8].into())), Some(2));
        assert_eq!(t.get(&Key::Long(vec![7].into())), None);
        assert_eq!(t.len(), 2);
        assert!(t.bytes() >= 8);
    }
}
