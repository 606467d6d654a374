//! The distinct results of a player's allowed moves, enumerated depth
//! first over label sets with their unions built incrementally, skipping
//! the move sets that can only repeat a result already enumerated.
//!
//! A move's result is the union of its labels' results (pruned of covered
//! realisations under A, B, D; see [`super::solver`]). Label sets are
//! visited in lexicographic depth-first order, each set's union built once
//! from its parent's (the pruned union is associative: covering is
//! transitive, so the maximal elements of A ∪ B ∪ C are those of
//! max(A ∪ B) ∪ C; without pruning it is the plain set union).
//!
//! **Absorbed labels.** When adding label j to a set P leaves the union
//! unchanged (every result of j is already in, or covered by, P's union),
//! then for every further set K of labels the union of P ∪ {j} ∪ K equals
//! that of P ∪ K: the union is monotone and idempotent, and under pruning
//! whatever covers an element of P's union still covers it, or is itself
//! covered by something kept, in P ∪ K's. So the extensions of P ∪ {j} are
//! not visited at all, and P ∪ {j} itself is visited only when P's own
//! result was not an allowed move (P a single label the flavour does not
//! allow unsuperposed).
//!
//! Soundness: every allowed move's result is the result of a visited
//! move. By induction on the move's size: a single label is always
//! visited; a skipped move M = P ∪ {j} ∪ K (K possibly empty, j absorbed
//! by P) has the result of P ∪ K, which is smaller, and allowed — a
//! superposed move when it has two labels or more (at most the width,
//! being smaller than M), or the single label P, which is then allowed
//! unsuperposed (otherwise P ∪ {j} itself is visited). The twin-block
//! filter of [`super::twins`] composes with this: it keeps one move of
//! each orbit among the visited ones, and a skipped canonical move's
//! result is again the result of a smaller allowed move, whose orbit is
//! represented by the same induction.
//!
//! **Few realisations.** Where every result of the legal map lies among at
//! most 64 realisations (most states of a classroom drawing), each union
//! is a bit mask over them ([`Enumeration::for_each_local`]): one `or`,
//! then the covered ones cleared by their covering masks, where a list
//! union merges two lists and tests every cross pair. The walk and the
//! visits are the same; a test compares the two walks move by move.
//!
//! **Many realisations.** Past 64, each union is a bit set of several
//! words ([`Enumeration::for_each_wide`], in [`wide`]): a bit per
//! realisation without covering, and with covering a bit per word of the
//! lattice of covering words (the union's down-set, whose maximal elements
//! are the pruned union), where those words use few bits between them.
//!
//! **Several flavours at once.** Flavours differ only in which single
//! labels they allow unsuperposed; superposed moves, unions and the
//! skipping above are the same for all. So one enumeration serves a list
//! of flavours: each visited move carries the set of flavours (a bit
//! mask over the list) that allow it, and the skipping argument holds for
//! each flavour separately.

use super::flavour::{Flavour, Width};
use super::moves::Legal;

mod wide;
pub use wide::{compress, WideIds, MAX_LATTICE_BITS};

/// Which flavours of a list allow a move: bit k for the list's k-th.
pub type FlavourMask = u8;

/// At most this many flavours are enumerated at once (bits of a mask).
pub const MAX_FLAVOURS: usize = 8;

/// The mask of every one of `count` flavours.
pub fn every_flavour(count: usize) -> FlavourMask {
    ((1u16 << count) - 1) as FlavourMask
}

/// What an enumeration does with each move it meets: `early` may settle
/// it from its labels alone (`Some(go_on)`), before its result is built;
/// the moves it leaves are handed to `visit` with their results, which
/// says whether to go on.
pub struct Visits<E, V> {
    pub early: E,
    pub visit: V,
}

/// An `early` that settles nothing: every move is visited.
pub type NoEarly<S> = fn(&mut S, &[usize], u64, FlavourMask) -> Option<bool>;

impl<S, V> Visits<NoEarly<S>, V>
where
    V: FnMut(&mut S, &[usize], &[u32], u64, FlavourMask) -> bool,
{
    /// Visit every move.
    pub fn all(visit: V) -> Self {
        Visits {
            early: |_, _, _, _| None,
            visit,
        }
    }
}

/// Reused buffers of the depth-first enumeration: the label indices of
/// the current set and the union of each of its prefixes.
#[derive(Default)]
pub struct Enumeration {
    idx: Vec<usize>,
    /// `unions[d]`: the union of the results of labels `idx[0..=d]`
    /// (buffers beyond the current depth are kept for reuse).
    unions: Vec<Vec<u32>>,
    /// The same on bit sets ([`Self::for_each_local`]: one word each;
    /// [`Self::for_each_wide`]: several, set after set): each label's
    /// result, the union at each depth, and the union visited, as ids.
    results: Vec<u64>,
    masks: Vec<u64>,
    built: Vec<u32>,
    /// The maximal elements of a down-set visited ([`Self::for_each_wide`]).
    top: Vec<u64>,
}

impl Enumeration {
    /// Heap bytes of the buffers (a caller charges their growth).
    pub fn bytes(&self) -> u64 {
        let lists: usize = self.unions.iter().map(Vec::capacity).sum();
        (lists * size_of::<u32>()
            + self.unions.capacity() * size_of::<Vec<u32>>()
            + self.idx.capacity() * size_of::<usize>()
            + (self.results.capacity() + self.masks.capacity() + self.top.capacity())
                * size_of::<u64>()
            + self.built.capacity() * size_of::<u32>()) as u64
    }

    /// Call `visit(ctx, idx, result, bytes, mask)` for moves of `map`
    /// (label indices `idx`, increasing) allowed by some of `flavours`
    /// (`mask`: which; at most [`MAX_FLAVOURS`]) at `width`, whose results
    /// together are, for each flavour, every result of a move it allows,
    /// as the module doc says; `bytes` is [`Self::bytes`] at that point.
    /// `union(ctx, a, b, out)` writes the union of two results into the
    /// empty `out`. `visit` returning false stops the enumeration.
    ///
    /// Each such move is first offered to `visits.early(ctx, idx, bytes,
    /// mask)`, which may settle it from its labels alone: `Some(go_on)`
    /// skips its visit (and, on masks, building its result as a list).
    pub fn for_each<M, S, E, V>(
        &mut self,
        ctx: &mut S,
        map: &Legal<M, u32>,
        flavours: &[Flavour],
        width: Width,
        union: impl Fn(&S, &[u32], &[u32], &mut Vec<u32>),
        mut visits: Visits<E, V>,
    ) where
        M: Clone + Ord,
        E: FnMut(&mut S, &[usize], u64, FlavourMask) -> Option<bool>,
        V: FnMut(&mut S, &[usize], &[u32], u64, FlavourMask) -> bool,
    {
        let walk = Walk::new(map, flavours, width);
        self.idx.clear();
        if self.unions.len() < walk.width {
            self.unions.resize_with(walk.width, Vec::new);
        }
        self.descend(ctx, &walk, &union, &mut visits);
    }

    /// Visit the extensions of the current set `idx` (depth `idx.len()`).
    fn descend<M, S, E, V>(
        &mut self,
        ctx: &mut S,
        walk: &Walk<'_, M>,
        union: &impl Fn(&S, &[u32], &[u32], &mut Vec<u32>),
        visits: &mut Visits<E, V>,
    ) -> bool
    where
        M: Clone + Ord,
        E: FnMut(&mut S, &[usize], u64, FlavourMask) -> Option<bool>,
        V: FnMut(&mut S, &[usize], &[u32], u64, FlavourMask) -> bool,
    {
        let (map, width) = (walk.map, walk.width);
        let depth = self.idx.len();
        let first = self.idx.last().map_or(0, |&i| i + 1);
        for j in first..map.labels.len() {
            let (done, rest) = self.unions.split_at_mut(depth);
            let out = &mut rest[0];
            out.clear();
            let absorbed = match done.last() {
                None => {
                    out.extend_from_slice(&map.children[j]);
                    false
                }
                Some(before) => {
                    union(ctx, before, &map.children[j], out);
                    out == before
                }
            };
            self.idx.push(j);
            let mask = walk.allowing_move(&self.idx, absorbed);
            if mask != 0 {
                let bytes = self.bytes();
                let go_on = match (visits.early)(ctx, &self.idx, bytes, mask) {
                    Some(go_on) => go_on,
                    None => (visits.visit)(ctx, &self.idx, &self.unions[depth], bytes, mask),
                };
                if !go_on {
                    return false;
                }
            }
            if !absorbed && depth + 1 < width && !self.descend(ctx, walk, union, visits) {
                return false;
            }
            self.idx.pop();
        }
        true
    }
}

/// The few distinct ids of a legal map's results, for
/// [`Enumeration::for_each_local`].
#[derive(Clone, Copy)]
pub struct LocalIds<'a> {
    /// Sorted and distinct; every result's ids are among them.
    pub ids: &'a [u32],
    /// `below[i]`: the mask of the ids strictly covered by `ids[i]`; empty
    /// when covered realisations are not dropped.
    pub below: &'a [u64],
}

/// The `below` masks of [`LocalIds`] for `ids` (at most 64), into
/// `below`: bit k of `below[i]` is set when `ids[k]` is strictly covered
/// by `ids[i]`, as `covered(x, y)` says of x ≠ y.
pub fn covering_masks(ids: &[u32], covered: impl Fn(u32, u32) -> bool, below: &mut Vec<u64>) {
    below.extend(ids.iter().map(|&y| {
        ids.iter()
            .enumerate()
            .fold(0, |m, (k, &x)| m | u64::from(x != y && covered(x, y)) << k)
    }));
}

impl Enumeration {
    /// [`Self::for_each`] for a map whose results lie among at most 64
    /// distinct ids (`locals`, see [`LocalIds`]): each union is a bit mask
    /// over them, built by one `or` and pruned by the covering masks,
    /// where a list union merges two lists and scans every cross pair. The pruned
    /// union is the same set: its maximal elements are those of the union
    /// covered by none of its elements. So the walk, the skipping and the
    /// visits are those of [`Self::for_each`] with the pruned list union,
    /// each result handed over as its ids in increasing order.
    pub fn for_each_local<M, S, E, V>(
        &mut self,
        ctx: &mut S,
        map: &Legal<M, u32>,
        flavours: &[Flavour],
        width: Width,
        locals: LocalIds<'_>,
        mut visits: Visits<E, V>,
    ) where
        M: Clone + Ord,
        E: FnMut(&mut S, &[usize], u64, FlavourMask) -> Option<bool>,
        V: FnMut(&mut S, &[usize], &[u32], u64, FlavourMask) -> bool,
    {
        let walk = Walk::new(map, flavours, width);
        let LocalIds { ids: locals, below } = locals;
        assert!(locals.len() <= 64, "at most 64 ids");
        assert!(
            below.is_empty() || below.len() == locals.len(),
            "a mask per id"
        );
        self.idx.clear();
        self.results.clear();
        self.results.extend(map.children.iter().map(|c| {
            c.iter().fold(0u64, |m, id| {
                let i = locals
                    .binary_search(id)
                    .expect("every result among the locals");
                m | 1 << i
            })
        }));
        self.masks.clear();
        self.masks.resize(walk.width, 0);
        self.descend_local(ctx, &walk, locals, below, &mut visits);
    }

    /// [`Self::descend`] on masks.
    fn descend_local<M, S, E, V>(
        &mut self,
        ctx: &mut S,
        walk: &Walk<'_, M>,
        locals: &[u32],
        below: &[u64],
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
            let (out, absorbed) = match depth {
                0 => (self.results[j], false),
                _ => {
                    let before = self.masks[depth - 1];
                    let union = before | self.results[j];
                    let out = match below {
                        [] => union,
                        _ => union & !covered(union, below),
                    };
                    (out, out == before)
                }
            };
            self.masks[depth] = out;
            self.idx.push(j);
            let mask = walk.allowing_move(&self.idx, absorbed);
            let built = |e: &mut Self| {
                let mut bits = out;
                while bits != 0 {
                    e.built.push(locals[bits.trailing_zeros() as usize]);
                    bits &= bits - 1;
                }
            };
            if mask != 0 && !self.offer(ctx, mask, visits, built) {
                return false;
            }
            if !absorbed
                && depth + 1 < walk.width
                && !self.descend_local(ctx, walk, locals, below, visits)
            {
                return false;
            }
            self.idx.pop();
        }
        true
    }
}

impl Enumeration {
    /// Offer the move `self.idx` (allowed by the flavours of `mask`) to
    /// `visits` on bit sets: `early` may settle it; otherwise `build` lists
    /// its result into the emptied `self.built`, which is visited. Whether
    /// to go on.
    fn offer<S, E, V>(
        &mut self,
        ctx: &mut S,
        mask: FlavourMask,
        visits: &mut Visits<E, V>,
        build: impl FnOnce(&mut Self),
    ) -> bool
    where
        E: FnMut(&mut S, &[usize], u64, FlavourMask) -> Option<bool>,
        V: FnMut(&mut S, &[usize], &[u32], u64, FlavourMask) -> bool,
    {
        let bytes = self.bytes();
        match (visits.early)(ctx, &self.idx, bytes, mask) {
            Some(go_on) => go_on,
            None => {
                self.built.clear();
                build(self);
                // Charged as built.
                (visits.visit)(ctx, &self.idx, &self.built, self.bytes(), mask)
            }
        }
    }
}

/// The elements of `set` (a mask) strictly covered by some element of
/// it, from each element's mask of those it covers.
fn covered(set: u64, below: &[u64]) -> u64 {
    let mut out = 0;
    let mut bits = set;
    while bits != 0 {
        out |= below[bits.trailing_zeros() as usize];
        bits &= bits - 1;
    }
    out
}

/// What one enumeration walks: the legal map, the flavours, the width.
struct Walk<'a, M> {
    map: &'a Legal<M, u32>,
    flavours: &'a [Flavour],
    width: usize,
}

impl<'a, M: Clone + Ord> Walk<'a, M> {
    /// The walk over `map` under `flavours` (1 to [`MAX_FLAVOURS`]) at
    /// `width`, capped at the number of labels.
    fn new(map: &'a Legal<M, u32>, flavours: &'a [Flavour], width: Width) -> Self {
        assert!(
            !flavours.is_empty() && flavours.len() <= MAX_FLAVOURS,
            "1 to {MAX_FLAVOURS} flavours"
        );
        Walk {
            map,
            flavours,
            width: width.cap(map.labels.len()),
        }
    }

    /// Every flavour's bit.
    fn all(&self) -> FlavourMask {
        every_flavour(self.flavours.len())
    }

    /// The flavours that allow the move `idx` as the walk meets it, when
    /// its last label was `absorbed` or not (see the module doc): a single
    /// label, those allowing it unsuperposed; an absorbed pair, those
    /// that did not allow its first label alone; a larger absorbed set,
    /// none; any other set, all.
    fn allowing_move(&self, idx: &[usize], absorbed: bool) -> FlavourMask {
        match idx {
            [j] => self.allowing(*j),
            [first, _] if absorbed => self.all() & !self.allowing(*first),
            _ if absorbed => 0,
            _ => self.all(),
        }
    }

    /// The flavours that allow label `j` unsuperposed.
    fn allowing(&self, j: usize) -> FlavourMask {
        self.flavours
            .iter()
            .enumerate()
            .filter(|&(_, &f)| self.map.unsuperposed_allowed(f, j))
            .fold(0, |m, (k, _)| m | (1 << k))
    }
}

#[cfg(test)]
mod tests {
    use super::wide::compress;
    use super::{covering_masks, Enumeration, FlavourMask, LocalIds, Visits, WideIds};
    use crate::quantum::moves::Legal;
    use crate::quantum::{Flavour, Setting, Width};
    use std::collections::BTreeSet;

    /// Sorted union of two sorted lists of bit sets, keeping only the
    /// maximal ones (`prune`) or all.
    fn union(prune: bool, a: &[u32], b: &[u32], out: &mut Vec<u32>) {
        let mut all: Vec<u32> = a.iter().chain(b).copied().collect();
        all.sort_unstable();
        all.dedup();
        if prune {
            let kept: Vec<u32> = all
                .iter()
                .copied()
                .filter(|&x| !all.iter().any(|&y| y != x && x & !y == 0))
                .collect();
            all = kept;
        }
        out.extend(all);
    }

    /// What a walk met: each move's labels and flavour mask, with its
    /// result if visited (None if settled early).
    type Met = Vec<(Vec<usize>, FlavourMask, Option<Vec<u32>>)>;

    /// The moves met by the walk on lists, by the walk on masks
    /// ([`Enumeration::for_each_local`], where the ids are at most 64)
    /// and by the walk on wide sets ([`Enumeration::for_each_wide`]) of
    /// `map`, every flavour at once, each settling early the moves
    /// `settles` settles.
    fn every_walk(
        map: &Legal<usize, u32>,
        prune: bool,
        width: Width,
        settles: fn(&[usize]) -> Option<bool>,
    ) -> (Met, Vec<Met>) {
        let mut locals: Vec<u32> = map.children.iter().flatten().copied().collect();
        locals.sort_unstable();
        locals.dedup();
        let mut below = Vec::new();
        if prune {
            covering_masks(&locals, |x, y| x & !y == 0, &mut below);
        }
        let early = |met: &mut Met, idx: &[usize], _, mask| {
            let settled = settles(idx);
            if settled.is_some() {
                met.push((idx.to_vec(), mask, None));
            }
            settled
        };
        let visit = |met: &mut Met, idx: &[usize], result: &[u32], _, mask| {
            met.push((idx.to_vec(), mask, Some(result.to_vec())));
            true
        };
        let (mut lists, mut masks) = (Vec::new(), Vec::new());
        Enumeration::default().for_each(
            &mut lists,
            map,
            &Flavour::ALL,
            width,
            |_, a, b, out| union(prune, a, b, out),
            Visits { early, visit },
        );
        let mut others = Vec::new();
        if locals.len() <= 64 {
            let ids = LocalIds {
                ids: &locals,
                below: &below,
            };
            let visits = Visits { early, visit };
            Enumeration::default().for_each_local(
                &mut masks,
                map,
                &Flavour::ALL,
                width,
                ids,
                visits,
            );
            others.push(masks);
        }
        // In these maps an id is its own covering word.
        let all = locals.iter().fold(0u64, |m, &x| m | u64::from(x));
        let words: Vec<u32> = match prune {
            true => locals.iter().map(|&x| compress(x.into(), all)).collect(),
            false => Vec::new(),
        };
        let wide = WideIds {
            ids: &locals,
            words: &words,
            bits: all.count_ones(),
        };
        let mut sets = Vec::new();
        let visits = Visits { early, visit };
        Enumeration::default().for_each_wide(&mut sets, map, &Flavour::ALL, width, wide, visits);
        others.push(sets);
        (lists, others)
    }

    /// The walk on masks ([`Enumeration::for_each_local`]) visits the
    /// same moves with the same results and flavour masks, in the same
    /// order, as the walk on lists, every flavour at once. With moves
    /// settled early, both walks offer the same moves in the same order,
    /// visit the others alone, and stop at one settled as an end.
    fn same_walk_on_masks(map: &Legal<usize, u32>, prune: bool, width: Width) {
        let (lists, others) = every_walk(map, prune, width, |_| None);
        for other in others {
            assert_eq!(other, lists, "{prune} {width}");
        }
        let settles: fn(&[usize]) -> Option<bool> = |idx| match idx.iter().sum::<usize>() % 5 {
            0 => Some(true),
            1 if idx.len() == 3 => Some(false),
            _ => None,
        };
        let stop = lists
            .iter()
            .position(|(idx, _, _)| settles(idx) == Some(false))
            .map_or(lists.len(), |k| k + 1);
        let want: Met = lists[..stop]
            .iter()
            .map(|(idx, mask, result)| {
                let kept = settles(idx).is_none().then(|| result.clone()).flatten();
                (idx.clone(), *mask, kept)
            })
            .collect();
        let (on_lists, others) = every_walk(map, prune, width, settles);
        assert_eq!(on_lists, want, "lists {prune} {width}");
        for other in others {
            assert_eq!(other, want, "masks {prune} {width}");
        }
    }

    /// On random legal maps (results as small bit sets, so covering is
    /// inclusion), every flavour, widths 2, 3 and unbounded, with and
    /// without pruning: the results visited are exactly the results of
    /// the plain enumeration of allowed moves, and every visited move is
    /// allowed with the result it is given.
    #[test]
    fn visits_every_result_of_the_plain_enumeration() {
        let mut rng = crate::rng::SplitMix64::new(0x9E37_79B9_7F4A_7C15);
        let mut next = move |k: u64| rng.below(k as usize) as u64;
        let mut skipped = 0;
        for round in 0..3000 {
            let labels = 1 + next(7) as usize;
            let prune = round % 2 == 0;
            // Each label's results as the solver holds them: sorted,
            // distinct, and pruned when covered ones are dropped.
            // Every tenth map has many results of words up to 10 bits
            // (the wide walk's several words, with and without covering).
            let (results, words) = if round % 10 == 9 { (40, 1024) } else { (3, 64) };
            let children: Vec<Vec<u32>> = (0..labels)
                .map(|_| {
                    let c: Vec<u32> = (0..1 + next(results)).map(|_| next(words) as u32).collect();
                    let mut out = Vec::new();
                    union(prune, &c, &[], &mut out);
                    out
                })
                .collect();
            let total = 2 + next(3) as usize;
            let legal_on: Vec<usize> = (0..labels)
                .map(|_| 1 + next(total as u64) as usize)
                .collect();
            let movers = *legal_on.iter().max().unwrap() + next(2) as usize;
            let map = Legal {
                labels: (0..labels).collect::<Vec<usize>>(),
                children,
                legal_on,
                movers: movers.min(total),
                total,
            };
            let width = [Width::Limited(2), Width::Limited(3), Width::Unbounded][round % 3];
            same_walk_on_masks(&map, prune, width);
            // All six flavours in one enumeration: each flavour's results
            // (the moves carrying its bit) are its own enumeration's.
            let mut joint: Vec<BTreeSet<Vec<u32>>> = vec![BTreeSet::new(); Flavour::ALL.len()];
            Enumeration::default().for_each(
                &mut (),
                &map,
                &Flavour::ALL,
                width,
                |_, a, b, out| union(prune, a, b, out),
                Visits::all(|_, idx, result, _, mask| {
                    for (k, &flavour) in Flavour::ALL.iter().enumerate() {
                        if mask & (1 << k) != 0 {
                            if let [i] = idx {
                                assert!(map.unsuperposed_allowed(flavour, *i), "{idx:?}");
                            }
                            joint[k].insert(result.to_vec());
                        }
                    }
                    true
                }),
            );
            for (k, flavour) in Flavour::ALL.into_iter().enumerate() {
                let setting = Setting::new(flavour, width);
                let mut plain = BTreeSet::new();
                let mut moves = 0;
                map.for_each_move(setting, |idx| {
                    let mut u = Vec::new();
                    for &i in idx {
                        let mut next = Vec::new();
                        union(prune, &u, &map.children[i], &mut next);
                        u = next;
                    }
                    plain.insert(u);
                    moves += 1;
                    true
                });
                let mut seen = BTreeSet::new();
                let mut visited = 0;
                Enumeration::default().for_each(
                    &mut (),
                    &map,
                    &[flavour],
                    width,
                    |_, a, b, out| union(prune, a, b, out),
                    Visits::all(|_, idx, result, _, mask| {
                        assert_eq!(mask, 1);
                        let allowed = match idx {
                            [i] => map.unsuperposed_allowed(flavour, *i),
                            _ => idx.len() <= width.cap(labels),
                        };
                        assert!(allowed, "{idx:?}");
                        let mut u = Vec::new();
                        for &i in idx {
                            let mut next = Vec::new();
                            union(prune, &u, &map.children[i], &mut next);
                            u = next;
                        }
                        assert_eq!(u, result, "{idx:?}");
                        seen.insert(result.to_vec());
                        visited += 1;
                        true
                    }),
                );
                assert_eq!(seen, plain, "round {round} {flavour} {width}");
                assert_eq!(joint[k], plain, "round {round} {flavour} {width}, jointly");
                skipped += moves - visited;
            }
        }
        assert!(skipped > 1000, "{skipped}");
    }
}
