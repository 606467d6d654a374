//! A set of edge indices as a 128-bit mask: the state of a Hackenbush game is
//! the set of edges still present, so sets must be cheap to copy and hash.

use std::fmt;

/// The largest number of edges a position may have.
pub const MAX_EDGES: usize = 128;

/// A set of edge indices (0-based; the user-facing label is index + 1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct EdgeSet(pub u128);

impl EdgeSet {
    pub const EMPTY: EdgeSet = EdgeSet(0);

    /// The set {0, 1, …, n−1}.
    pub fn first(n: usize) -> EdgeSet {
        debug_assert!(n <= MAX_EDGES);
        if n == MAX_EDGES {
            EdgeSet(u128::MAX)
        } else {
            EdgeSet((1u128 << n) - 1)
        }
    }

    pub fn single(i: usize) -> EdgeSet {
        EdgeSet(1u128 << i)
    }

    pub fn contains(self, i: usize) -> bool {
        i < MAX_EDGES && self.0 >> i & 1 == 1
    }

    pub fn insert(&mut self, i: usize) {
        self.0 |= 1u128 << i;
    }

    pub fn remove(&mut self, i: usize) {
        self.0 &= !(1u128 << i);
    }

    pub fn without(self, i: usize) -> EdgeSet {
        EdgeSet(self.0 & !(1u128 << i))
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn union(self, other: EdgeSet) -> EdgeSet {
        EdgeSet(self.0 | other.0)
    }

    pub fn intersection(self, other: EdgeSet) -> EdgeSet {
        EdgeSet(self.0 & other.0)
    }

    pub fn difference(self, other: EdgeSet) -> EdgeSet {
        EdgeSet(self.0 & !other.0)
    }

    pub fn is_subset(self, other: EdgeSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The indices in increasing order.
    pub fn iter(self) -> EdgeSetIter {
        EdgeSetIter(self.0)
    }
}

pub struct EdgeSetIter(u128);

impl Iterator for EdgeSetIter {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

impl FromIterator<usize> for EdgeSet {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut s = EdgeSet::EMPTY;
        for i in iter {
            s.insert(i);
        }
        s
    }
}

impl fmt::Debug for EdgeSet {
    /// Shown with 1-based labels, as the user sees them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let labels: Vec<String> = self.iter().map(|i| (i + 1).to_string()).collect();
        write!(f, "{{{}}}", labels.join(","))
    }
}
