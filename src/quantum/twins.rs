//! Moves that the state's own symmetry makes redundant.
//!
//! Two blocks of one group (see [`super::symmetry`]) are *twins in a
//! state S* when their contents are equal in every realisation of S: the
//! permutation σ swapping them (and fixing every other coordinate) is an
//! automorphism of the start position, and it fixes every realisation of
//! S, so σS = S.
//!
//! Soundness. Let σ be any product of permutations of twin blocks of S,
//! and M an allowed move on S. Then σM (the labels moved by σ) is allowed
//! on S as well: σ maps S's legal map onto itself, so every count a
//! flavour looks at is the same for σM as for M. Its result is
//! σ(result of M on S), whose value equals that of the result of M, since
//! σ is a single automorphism of the start applied to all realisations at
//! once (the identification RULES.md §3 allows, Theorem 3.3 of the 2024
//! thesis). A game's options form a set, so a player's options are
//! unchanged when only one move of each orbit under these σ is tried.
//! The outcome search likewise needs one move per orbit: a move wins iff
//! its images do.
//!
//! Which move of an orbit is tried: σ permutes the twin blocks of a
//! class freely, carrying each block's part of the move (its *pattern*:
//! which of the block's labels the move names) along. Exactly one move of
//! each orbit lists its patterns in non-increasing order along the class
//! (any fixed total order with the empty pattern least): that is the
//! canonical one, so untouched blocks come last and a move on twins picks
//! the first of them.

use super::base::QuantumBase;
use super::symmetry::Symmetry;
use std::cmp::Ordering;

/// A label's place among the state's twin blocks: its class, the rank of
/// its block in the class, and its key inside the block.
type Tag = (u32, u32, u64);

/// The twin classes of one state, as tags of a legal map's labels.
#[derive(Default)]
pub struct Twins {
    /// Per label index: its tag, if its block has a twin in the state.
    tags: Vec<Option<Tag>>,
    /// Tags of the move being checked (reused between moves).
    buf: Vec<Tag>,
}

impl Twins {
    /// No twins: every move is tried.
    pub fn none() -> Twins {
        Twins::default()
    }

    /// The twins of a state. `same_column(b, c)` says whether blocks `b` and
    /// `c` (numbered over all groups, as [`Symmetry::place`] does) have
    /// equal contents in every realisation of the state; `labels` are the
    /// legal map's labels, whose indices the moves use.
    pub fn of_state<B: QuantumBase>(
        base: &B,
        symmetry: &Symmetry,
        labels: &[B::Move],
        mut same_column: impl FnMut(usize, usize) -> bool,
    ) -> Twins {
        // class_of[b] = (class, rank) for every block b; classes of one
        // block are dropped below.
        let mut class_of: Vec<(u32, u32)> = Vec::with_capacity(symmetry.block_count());
        let mut sizes: Vec<u32> = Vec::new();
        let mut at = 0;
        for group in symmetry.groups() {
            // (representative block, class) of this group's classes.
            let mut reps: Vec<(usize, u32)> = Vec::new();
            for b in at..at + group.len() {
                let found = reps.iter().find(|&&(r, _)| same_column(r, b));
                let class = match found {
                    Some(&(_, c)) => c,
                    None => {
                        let c = sizes.len() as u32;
                        sizes.push(0);
                        reps.push((b, c));
                        c
                    }
                };
                class_of.push((class, sizes[class as usize]));
                sizes[class as usize] += 1;
            }
            at += group.len();
        }
        if sizes.iter().all(|&k| k < 2) {
            return Twins::none();
        }
        let tags = labels
            .iter()
            .map(|m| {
                let (coord, extra) = base.label_place(m);
                let (b, k) = symmetry.place(coord)?;
                let (class, rank) = class_of[b];
                (sizes[class as usize] >= 2).then_some((class, rank, ((k as u64) << 32) ^ extra))
            })
            .collect();
        Twins {
            tags,
            buf: Vec::new(),
        }
    }

    /// Bytes it holds (the search charges them while a frame is open).
    pub fn bytes(&self) -> usize {
        (self.tags.capacity() + self.buf.capacity()) * std::mem::size_of::<Option<Tag>>()
    }

    /// Is the move on label indices `idx` the canonical one of its orbit?
    pub fn is_canonical(&mut self, idx: &[usize]) -> bool {
        if self.tags.is_empty() {
            return true;
        }
        self.buf.clear();
        self.buf.extend(idx.iter().filter_map(|&i| self.tags[i]));
        if self.buf.is_empty() {
            return true;
        }
        self.buf.sort_unstable();
        let tags = &self.buf;
        let mut start = 0;
        // Per class: ranks 0, 1, 2, … in use with non-increasing patterns
        // (an unused block's empty pattern is the least, so the used ones
        // must come first).
        let mut previous: Option<&[Tag]> = None;
        while start < tags.len() {
            let (class, rank, _) = tags[start];
            let end = start
                + tags[start..]
                    .iter()
                    .take_while(|t| t.0 == class && t.1 == rank)
                    .count();
            let pattern = &tags[start..end];
            match previous {
                Some(p) if p[0].0 == class => {
                    if rank != p[0].1 + 1 || keys(pattern).cmp(keys(p)) == Ordering::Greater {
                        return false;
                    }
                }
                _ => {
                    if rank != 0 {
                        return false;
                    }
                }
            }
            previous = Some(pattern);
            start = end;
        }
        true
    }
}

/// The keys of a pattern, in order.
fn keys(pattern: &[Tag]) -> impl Iterator<Item = u64> + '_ {
    pattern.iter().map(|t| t.2)
}

#[cfg(test)]
mod tests {
    use super::{Tag, Twins};
    use std::collections::BTreeMap;

    /// Every permutation of `0..n`.
    fn permutations(n: usize) -> Vec<Vec<usize>> {
        if n == 0 {
            return vec![vec![]];
        }
        let mut out = Vec::new();
        for p in permutations(n - 1) {
            for i in 0..=p.len() {
                let mut q = p.clone();
                q.insert(i, n - 1);
                out.push(q);
            }
        }
        out
    }

    /// On labels spread over two twin classes (three blocks of two labels,
    /// two blocks of one label) and two labels without twins, every move
    /// of up to four labels: each orbit under the permutations of twin
    /// blocks has exactly one canonical move.
    #[test]
    fn one_canonical_move_per_orbit() {
        let mut tags: Vec<Option<Tag>> = Vec::new();
        for rank in 0..3 {
            for key in [0, 1 << 32] {
                tags.push(Some((0, rank, key)));
            }
        }
        for rank in 0..2 {
            tags.push(Some((1, rank, 7)));
        }
        tags.extend([None, None]);
        let n = tags.len();
        let index: BTreeMap<Option<Tag>, usize> =
            tags.iter().enumerate().map(|(i, &t)| (t, i)).collect();
        let mut twins = Twins {
            tags: tags.clone(),
            buf: Vec::new(),
        };
        let (p3, p2) = (permutations(3), permutations(2));
        let mut moves = 0;
        for mask in 1u32..(1 << n) {
            if mask.count_ones() > 4 {
                continue;
            }
            let idx: Vec<usize> = (0..n).filter(|&i| mask >> i & 1 == 1).collect();
            // The orbit as the set of its moves' masks.
            let mut orbit = std::collections::BTreeSet::new();
            for a in &p3 {
                for b in &p2 {
                    let image: u32 = idx
                        .iter()
                        .map(|&i| {
                            let t = tags[i].map(|(c, r, k)| {
                                let r = if c == 0 { a[r as usize] } else { b[r as usize] };
                                (c, r as u32, k)
                            });
                            1u32 << index[&t]
                        })
                        .sum();
                    orbit.insert(image);
                }
            }
            let canonical = orbit
                .iter()
                .filter(|&&m| {
                    let idx: Vec<usize> = (0..n).filter(|&i| m >> i & 1 == 1).collect();
                    twins.is_canonical(&idx)
                })
                .count();
            assert_eq!(canonical, 1, "move {idx:?}, orbit {orbit:?}");
            moves += 1;
        }
        assert!(moves > 300);
    }
}
