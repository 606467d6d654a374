//! What the quantum layer needs from a labelled base ruleset beyond
//! [`Ruleset`]: how realisations compare for covering, which label
//! permutations are automorphisms, how labels read and print, and an
//! optional faster way to play a label on a realisation.

use super::symmetry::Symmetry;
use crate::position::{Colour, Edge, EdgeSet, Position, GROUND};
use crate::rules::{Hackenbush, Nim, NimLabels, Player, Ruleset};

/// Why a label is not legal for a player on one realisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Absence {
    /// The label's edge (or tokens) is no longer there.
    Missing,
    /// It is there but belongs to the other player.
    NotYours,
}

/// A labelled base ruleset the quantum construction can superpose.
pub trait QuantumBase: Ruleset<State: Ord> {
    /// Data precomputed once per position to play labels faster.
    type Accel;

    fn accelerate(&self) -> Self::Accel;

    /// `play` with the precomputed data; must agree with `play` exactly.
    fn play_fast(&self, accel: &Self::Accel, r: &Self::State, mv: &Self::Move) -> Self::State;

    /// Is `small`'s label set a subset of `big`'s (every label legal for a
    /// player on `small` also legal on `big`)? Used only under A, B, D.
    fn is_covered_by(&self, small: &Self::State, big: &Self::State) -> bool;

    /// An exact word encoding of covering among the realisations reached
    /// from `start`, if there is one: `is_covered_by(a, b)` iff
    /// `mask(a) & !mask(b) == 0` for all of them. `None` where there is no
    /// such word (for `start` itself: none at all; for a realisation not
    /// reached from `start`, e.g. a state given by hand: the solver stops
    /// using words). With words the solver tests covering on plain words
    /// instead of whole states.
    fn cover_mask(&self, _start: &Self::State, _r: &Self::State) -> Option<u64> {
        None
    }

    /// How many slots a dense index of the realisations reached from
    /// `start` needs (0: none). With one, the solver interns realisations
    /// by array lookup, not hashing.
    fn dense_len(&self, _start: &Self::State) -> usize {
        0
    }

    /// The realisation's slot below [`Self::dense_len`] (asked only when
    /// that is not 0), injective; `None` for one not reached from `start`
    /// (the solver hashes those).
    fn dense_index(&self, _start: &Self::State, _r: &Self::State) -> Option<usize> {
        None
    }

    /// Heap bytes a realisation owns beyond its inline size (budgets count
    /// them with the tables that store realisations).
    fn heap_bytes(&self, _r: &Self::State) -> u64 {
        0
    }

    /// Groups of interchangeable blocks of coordinates: every permutation
    /// of the blocks within a group is an automorphism of the ruleset on
    /// `start` (so values are invariant under it).
    fn symmetry(&self, start: &Self::State) -> Symmetry;

    /// The realisation's content on a block, packed into a key: equal
    /// keys on two blocks of one group mean equal contents.
    fn block_key(&self, r: &Self::State, block: &[usize]) -> u128;

    /// The coordinate a label acts on, and what tells apart labels on one
    /// coordinate: a block permutation moves the label to the same `extra`
    /// on the image coordinate.
    fn label_place(&self, mv: &Self::Move) -> (usize, u64);

    /// The realisation with coordinate `c` moved to `perm[c]`.
    fn permute(&self, r: &Self::State, perm: &[usize]) -> Self::State;

    /// The label as users see it (1-based), e.g. `4` or `1:2`.
    fn label_text(&self, mv: &Self::Move) -> String;

    /// The label in a sentence, e.g. `edge 4` or `heap 1, take 2`.
    fn label_phrase(&self, mv: &Self::Move) -> String;

    /// Read a label typed by a user.
    fn parse_label(&self, text: &str) -> Result<Self::Move, String>;

    /// Labels that still exist in `r` (drawn in the entanglement view).
    fn present_labels(&self, r: &Self::State) -> Vec<Self::Move>;

    /// At most how many moves can follow one another on `r`: every move
    /// takes away at least one of its present labels (the edge cut; a
    /// Nim label past the heap's new size), so their number bounds it.
    fn height_bound(&self, r: &Self::State) -> u64 {
        self.present_labels(r).len() as u64
    }

    /// At most how many moves `p` can make in a row on `r` while the
    /// opponent passes. The default is [`Self::height_bound`], which
    /// bounds every sequence of moves.
    fn run_bound(&self, r: &Self::State, _p: Player) -> u64 {
        self.height_bound(r)
    }

    /// At most how many moves `p` can make on `r` and on every
    /// realisation later reached from it, once the opponent has no legal
    /// label there: a count no move raises and each such move of `p`
    /// lowers. The default is [`Self::run_bound`].
    fn unopposed_run_bound(&self, r: &Self::State, p: Player) -> u64 {
        self.run_bound(r, p)
    }

    /// At most how many moves `p` can make on `r` and on every
    /// realisation later reached from it, once the opponent has at most
    /// one legal label (the same on every realisation): a count no move
    /// raises and each such move of `p` lowers. The default is
    /// [`Self::run_bound`].
    fn blocked_run_bound(&self, r: &Self::State, p: Player) -> u64 {
        self.run_bound(r, p)
    }

    /// How many labels legal for `p` on `r` no move takes away but `p`'s
    /// own move on that label: no move of the opponent and no move of `p`
    /// on another label. At most this many; none by default.
    fn immune_labels(&self, _r: &Self::State, _p: Player) -> u64 {
        0
    }

    /// Whether `r` is impartial for good: both players have the same legal
    /// labels, with the same results, on `r` and on every realisation
    /// reached from it. The solver then takes one player's outcome moving
    /// first in a sum with a nimber for the other's. False by default
    /// (never wrong, only slower).
    fn impartial(&self, _r: &Self::State) -> bool {
        false
    }

    /// Why `mv` is not legal for `p` on `r` (assuming it is not).
    fn absence(&self, r: &Self::State, mv: &Self::Move, p: Player) -> Absence;

    /// What the player does with a label, for messages: "cut" or "play".
    fn verb(&self) -> &'static str;

    /// What labels are called in messages: "edges" or "labels".
    fn noun_plural(&self) -> &'static str;
}

fn player_name(p: Player) -> &'static str {
    match p {
        Player::Left => "Left",
        Player::Right => "Right",
    }
}

/// "Left's" / "Right's", for messages.
pub fn possessive(p: Player) -> String {
    format!("{}'s", player_name(p))
}

impl QuantumBase for Hackenbush {
    /// For a forest (no cycles, loops or parallel edges) the edges falling
    /// with each edge, so a cut is one mask operation instead of a sweep.
    type Accel = Option<Vec<EdgeSet>>;

    fn accelerate(&self) -> Option<Vec<EdgeSet>> {
        forest_above(self)
    }

    fn play_fast(&self, accel: &Option<Vec<EdgeSet>>, r: &EdgeSet, mv: &usize) -> EdgeSet {
        match accel {
            // Realisations are always grounded, and in a forest cutting e
            // drops exactly the edges whose path to the ground uses e.
            Some(above) => r.difference(above[*mv]),
            None => self.play(r, mv),
        }
    }

    fn is_covered_by(&self, small: &EdgeSet, big: &EdgeSet) -> bool {
        small.is_subset(*big)
    }

    /// The edges `p` may cut on `r`: each of `p`'s cuts takes away at
    /// least the edge cut, and no cut adds an edge.
    fn run_bound(&self, r: &EdgeSet, p: Player) -> u64 {
        self.moves(r, p).len() as u64
    }

    /// The edges only `p` may cut: no cut adds one, and once the opponent
    /// has no legal edge every edge left is one of them, so each of `p`'s
    /// cuts takes one away.
    fn unopposed_run_bound(&self, r: &EdgeSet, p: Player) -> u64 {
        r.iter()
            .filter(|&e| self.position.edges[e].colour.cuttable_by_only(p))
            .count() as u64
    }

    /// The edges only `p` may cut, plus one if some edge both may cut is
    /// present: once the opponent has at most one legal edge, every edge
    /// both may cut is that one, so at most one is left on each
    /// realisation; no cut adds an edge or gives one back.
    fn blocked_run_bound(&self, r: &EdgeSet, p: Player) -> u64 {
        let shared = r.iter().any(|e| {
            let colour = self.position.edges[e].colour;
            colour.cuttable_by(p) && colour.cuttable_by(p.opponent())
        });
        self.unopposed_run_bound(r, p) + u64::from(shared)
    }

    /// Edges of `p`'s colour alone (the opponent cannot cut them) at the
    /// ground (no cut makes them fall).
    fn immune_labels(&self, r: &EdgeSet, p: Player) -> u64 {
        r.iter()
            .filter(|&e| {
                let edge = self.position.edges[e];
                edge.colour.cuttable_by_only(p) && (edge.u == GROUND || edge.v == GROUND)
            })
            .count() as u64
    }

    /// Covering is inclusion of edge sets: exact on the bits themselves
    /// while they fit a word.
    fn cover_mask(&self, _start: &EdgeSet, r: &EdgeSet) -> Option<u64> {
        (self.position.edge_count() <= 64).then_some(r.0 as u64)
    }

    /// The edge set's bits, for positions of at most 20 edges (a 4 MiB
    /// table at most; Blue Meadow tables stay at 15).
    fn dense_len(&self, _start: &EdgeSet) -> usize {
        let n = self.position.edge_count();
        if n <= 20 {
            1 << n
        } else {
            0
        }
    }

    fn dense_index(&self, _start: &EdgeSet, r: &EdgeSet) -> Option<usize> {
        (self.position.edge_count() <= 20).then_some(r.0 as usize)
    }

    fn symmetry(&self, start: &EdgeSet) -> Symmetry {
        let p = &self.position;
        let comps = p.components(*start);
        // Two components whose relabelled restrictions are equal are
        // isomorphic by the map "k-th edge to k-th edge" (restrict names
        // vertices by first appearance along the labels), fixing the ground;
        // swapping them and fixing everything else is an automorphism.
        let mut groups: Vec<(crate::position::Position, Vec<Vec<usize>>)> = Vec::new();
        for &c in &comps {
            let shape = p.restrict(c);
            let block: Vec<usize> = c.iter().collect();
            match groups.iter_mut().find(|(s, _)| *s == shape) {
                Some((_, blocks)) => blocks.push(block),
                None => groups.push((shape, vec![block])),
            }
        }
        let mut groups: Vec<Vec<Vec<usize>>> = groups
            .into_iter()
            .map(|(_, b)| b)
            .filter(|b| b.len() > 1)
            .collect();
        // Inside a component no other component is isomorphic to, single
        // twin edges (see `twin_edge_classes`). Blocks must not overlap, so
        // components already permuted as wholes are left alone.
        for &c in &comps {
            if groups.iter().flatten().any(|b| c.contains(b[0])) {
                continue;
            }
            groups.extend(twin_edge_classes(p, c, *start));
        }
        Symmetry::new(p.edge_count(), groups)
    }

    fn block_key(&self, r: &EdgeSet, block: &[usize]) -> u128 {
        block
            .iter()
            .enumerate()
            .fold(0u128, |k, (j, &e)| k | (u128::from(r.contains(e)) << j))
    }

    /// An edge label is its own coordinate.
    fn label_place(&self, mv: &usize) -> (usize, u64) {
        (*mv, 0)
    }

    fn permute(&self, r: &EdgeSet, perm: &[usize]) -> EdgeSet {
        // The solver permutes every realisation of most options; on
        // positions of at most 64 edges plain words halve the bit work of
        // the u128 iterator (and skip `insert`'s range check).
        if perm.len() <= 64 {
            let (mut x, mut out) = (r.0 as u64, 0u64);
            while x != 0 {
                let e = x.trailing_zeros() as usize;
                x &= x - 1;
                out |= 1 << perm[e];
            }
            return EdgeSet(u128::from(out));
        }
        r.iter().map(|e| perm[e]).collect()
    }

    fn label_text(&self, mv: &usize) -> String {
        (mv + 1).to_string()
    }

    fn label_phrase(&self, mv: &usize) -> String {
        format!("edge {}", mv + 1)
    }

    fn parse_label(&self, text: &str) -> Result<usize, String> {
        let n = self.position.edge_count();
        match text.trim().parse::<usize>() {
            Ok(l) if (1..=n).contains(&l) => Ok(l - 1),
            Ok(l) => Err(format!("there is no edge {l} (edges are 1..{n})")),
            Err(_) => Err(format!("'{}' is not an edge label", text.trim())),
        }
    }

    fn present_labels(&self, r: &EdgeSet) -> Vec<usize> {
        r.iter().collect()
    }

    /// Every standing edge green: both players may cut each one, and a cut
    /// leaves a subset of them standing.
    fn impartial(&self, r: &EdgeSet) -> bool {
        r.iter()
            .all(|e| self.position.edges[e].colour == Colour::Green)
    }

    fn absence(&self, r: &EdgeSet, mv: &usize, _p: Player) -> Absence {
        if r.contains(*mv) {
            Absence::NotYours
        } else {
            Absence::Missing
        }
    }

    fn verb(&self) -> &'static str {
        "cut"
    }

    fn noun_plural(&self) -> &'static str {
        "edges"
    }
}

/// Classes of at least two interchangeable single edges of component
/// `comp` (each edge a block of its own): edges of one colour that are
///
/// - parallel (the same two end vertices; swapping them fixes every
///   vertex),
/// - loops at the same vertex (likewise), or
/// - pendant at the same vertex: u–a and u–b with a, b leaves (not the
///   ground, no other edge or loop at them; swapping the edges and the
///   vertices a, b).
///
/// Swapping two edges of a class and fixing every other edge maps the
/// start position onto itself, colours and incidence preserved: an
/// automorphism of the start, as RULES.md §3 requires of every
/// identification. Any permutation within a class is a product of such
/// swaps, so it is one automorphism too. An edge is in at most one class
/// (a pendant edge has no parallel edge: its leaf would have degree 2),
/// so classes are disjoint blocks.
fn twin_edge_classes(p: &Position, comp: EdgeSet, start: EdgeSet) -> Vec<Vec<Vec<usize>>> {
    let mut degree = vec![0usize; p.vertex_count];
    for e in start.iter() {
        let edge = p.edges[e];
        degree[edge.u] += 1;
        degree[edge.v] += 1;
    }
    let leaf = |x: usize| x != GROUND && degree[x] == 1;
    // (colour, kind, vertices) → edges; kind 0 loop, 1 pendant, 2 other.
    type ClassKey = (Colour, u8, usize, usize);
    let mut classes: Vec<(ClassKey, Vec<Vec<usize>>)> = Vec::new();
    for e in comp.iter() {
        let Edge { u, v, colour } = p.edges[e];
        let key = if u == v {
            (colour, 0, u, u)
        } else if leaf(v) {
            (colour, 1, u, u)
        } else if leaf(u) {
            (colour, 1, v, v)
        } else {
            (colour, 2, u.min(v), u.max(v))
        };
        match classes.iter_mut().find(|(k, _)| *k == key) {
            Some((_, blocks)) => blocks.push(vec![e]),
            None => classes.push((key, vec![vec![e]])),
        }
    }
    classes
        .into_iter()
        .map(|(_, blocks)| blocks)
        .filter(|blocks| blocks.len() > 1)
        .collect()
}

/// `above[e]`: e and every edge whose only path to the ground passes
/// through e, if the grounded edges form a forest; `None` otherwise.
fn forest_above(h: &Hackenbush) -> Option<Vec<EdgeSet>> {
    let p = &h.position;
    let start = h.start();
    let n = p.vertex_count;
    // Orient edges away from the ground; any second way into a vertex (a
    // cycle, a loop, a parallel edge) means "not a forest".
    let mut parent_edge = vec![usize::MAX; n];
    let mut seen = vec![false; n];
    seen[GROUND] = true;
    let mut queue = vec![GROUND];
    let mut used = EdgeSet::EMPTY;
    let mut order = Vec::new();
    while let Some(v) = queue.pop() {
        for e in start.difference(used).iter() {
            let edge = p.edges[e];
            let other = if edge.u == v {
                edge.v
            } else if edge.v == v {
                edge.u
            } else {
                continue;
            };
            used.insert(e);
            if seen[other] {
                return None;
            }
            seen[other] = true;
            parent_edge[other] = e;
            order.push(other);
            queue.push(other);
        }
    }
    let mut above = vec![EdgeSet::EMPTY; p.edge_count()];
    // Children come after parents in `order`; fold subtrees upwards.
    let mut below_vertex = vec![EdgeSet::EMPTY; n];
    for &v in order.iter().rev() {
        let e = parent_edge[v];
        let mut s = below_vertex[v];
        s.insert(e);
        above[e] = s;
        let edge = p.edges[e];
        let up = if edge.u == v { edge.v } else { edge.u };
        below_vertex[up] = below_vertex[up].union(s);
    }
    Some(above)
}

impl QuantumBase for Nim {
    type Accel = ();

    fn accelerate(&self) {}

    fn play_fast(&self, _: &(), r: &Vec<u32>, mv: &(usize, u32)) -> Vec<u32> {
        self.play(r, mv)
    }

    /// The heap vector's allocation, with the allocator's header and
    /// rounding (short vectors are mostly overhead).
    fn heap_bytes(&self, r: &Vec<u32>) -> u64 {
        match r.capacity() * std::mem::size_of::<u32>() {
            0 => 0,
            n => ((n + 8).next_multiple_of(16)).max(32) as u64,
        }
    }

    /// A heap vector no larger in every heap: every label legal on it is
    /// legal on the bigger one, under both labellings.
    fn is_covered_by(&self, small: &Vec<u32>, big: &Vec<u32>) -> bool {
        small.len() == big.len() && small.iter().zip(big).all(|(a, b)| a <= b)
    }

    /// The heap vector in mixed radix (heap i in base `start[i] + 1`), for
    /// starts of at most 2^20 vectors below them (a 4 MiB table at most).
    fn dense_len(&self, start: &Vec<u32>) -> usize {
        start
            .iter()
            .try_fold(1usize, |n, &h| {
                n.checked_mul(h as usize + 1).filter(|&n| n <= 1 << 20)
            })
            .unwrap_or(0)
    }

    fn dense_index(&self, start: &Vec<u32>, r: &Vec<u32>) -> Option<usize> {
        if r.len() != start.len() {
            return None;
        }
        r.iter().zip(start).try_fold(0usize, |at, (&h, &size)| {
            (h <= size).then(|| at * (size as usize + 1) + h as usize)
        })
    }

    /// Each heap in unary (a thermometer): heap i takes `start[i]` bits,
    /// its lowest `r[i]` set, so one vector is no larger in every heap
    /// than another exactly when its bits are a subset of the other's.
    /// Every realisation reached from `start` fits, as moves only take
    /// tokens; the start's heaps must total at most 64 tokens.
    fn cover_mask(&self, start: &Vec<u32>, r: &Vec<u32>) -> Option<u64> {
        if r.len() != start.len() || start.iter().map(|&h| u64::from(h)).sum::<u64>() > 64 {
            return None;
        }
        let mut word = 0u64;
        let mut offset = 0u32;
        for (&h, &size) in r.iter().zip(start) {
            if h > size {
                return None;
            }
            if h > 0 {
                word |= (u64::MAX >> (64 - h)) << offset;
            }
            offset += size;
        }
        Some(word)
    }

    /// Heaps of equal size in the start are interchangeable: swapping them
    /// (labels and realisations alike) is an automorphism of the start
    /// position, as RULES.md §3 asks. (Nim's rules never look at a heap's
    /// index, so any heap permutation would preserve values too, but the
    /// contract allows only automorphisms of the start.)
    fn symmetry(&self, start: &Vec<u32>) -> Symmetry {
        let mut groups: Vec<(u32, Vec<Vec<usize>>)> = Vec::new();
        for (i, &h) in start.iter().enumerate() {
            match groups.iter_mut().find(|(size, _)| *size == h) {
                Some((_, blocks)) => blocks.push(vec![i]),
                None => groups.push((h, vec![vec![i]])),
            }
        }
        Symmetry::new(
            start.len(),
            groups
                .into_iter()
                .map(|(_, b)| b)
                .filter(|b| b.len() > 1)
                .collect(),
        )
    }

    fn block_key(&self, r: &Vec<u32>, block: &[usize]) -> u128 {
        block.iter().fold(0u128, |k, &i| {
            (k << 32) | u128::from(r.get(i).copied().unwrap_or(0))
        })
    }

    /// Label (heap, k) acts on its heap; k tells it apart there.
    fn label_place(&self, &(i, k): &(usize, u32)) -> (usize, u64) {
        (i, u64::from(k))
    }

    fn permute(&self, r: &Vec<u32>, perm: &[usize]) -> Vec<u32> {
        let mut out = vec![0; r.len()];
        for (i, &h) in r.iter().enumerate() {
            out[perm[i]] = h;
        }
        out
    }

    fn label_text(&self, &(i, k): &(usize, u32)) -> String {
        format!("{}:{}", i + 1, k)
    }

    fn label_phrase(&self, &(i, k): &(usize, u32)) -> String {
        match self.labels {
            NimLabels::Subtract => format!("heap {}, take {k}", i + 1),
            NimLabels::Cut => format!("heap {}, cut at {k}", i + 1),
        }
    }

    fn parse_label(&self, text: &str) -> Result<(usize, u32), String> {
        let t = text.trim();
        let bad = || format!("'{t}' is not a Nim label (expected HEAP:K, e.g. 1:2)");
        let (h, k) = t.split_once(':').ok_or_else(bad)?;
        let h: usize = h.trim().parse().map_err(|_| bad())?;
        let k: u32 = k.trim().parse().map_err(|_| bad())?;
        if h == 0 || k == 0 {
            return Err(bad());
        }
        Ok((h - 1, k))
    }

    /// Nim is impartial: both players make the same moves everywhere.
    fn impartial(&self, _r: &Vec<u32>) -> bool {
        true
    }

    fn present_labels(&self, r: &Vec<u32>) -> Vec<(usize, u32)> {
        self.moves(r, Player::Left)
    }

    fn absence(&self, _: &Vec<u32>, _: &(usize, u32), _: Player) -> Absence {
        Absence::Missing
    }

    fn verb(&self) -> &'static str {
        "play"
    }

    fn noun_plural(&self) -> &'static str {
        "labels"
    }
}

#[cfg(test)]
mod tests {
    use super::QuantumBase;
    use crate::rules::{Nim, NimLabels};

    /// Nim's covering words are exact among the heap vectors reached from
    /// the start (each heap no larger than the start's), and absent where
    /// the encoding does not reach: a heap past the start's, a vector of
    /// another length, a start of more than 64 tokens. Its dense slots are
    /// distinct below the start and within the table, and absent past it.
    #[test]
    fn nim_words_and_dense_slots_are_exact_below_the_start() {
        let nim = Nim {
            labels: NimLabels::Subtract,
        };
        let mut rng = crate::rng::SplitMix64::new(7);
        let mut covered = 0;
        for _ in 0..300 {
            let heaps = 1 + rng.below(5);
            let start: Vec<u32> = (0..heaps).map(|_| rng.below(13) as u32).collect();
            let below = |rng: &mut crate::rng::SplitMix64| -> Vec<u32> {
                start
                    .iter()
                    .map(|&h| rng.below(h as usize + 1) as u32)
                    .collect()
            };
            let slots = nim.dense_len(&start);
            let table: usize = start.iter().map(|&h| h as usize + 1).product();
            assert_eq!(slots, if table <= 1 << 20 { table } else { 0 });
            if slots > 0 {
                let mut seen = std::collections::HashMap::new();
                for _ in 0..40 {
                    let r = below(&mut rng);
                    let slot = nim.dense_index(&start, &r).expect("below the start");
                    assert!(slot < slots, "{r:?} below {start:?}");
                    assert_eq!(*seen.entry(slot).or_insert(r.clone()), r, "{start:?}");
                }
                let mut past = start.clone();
                past[rng.below(heaps)] += 1;
                assert_eq!(nim.dense_index(&start, &past), None);
            }
            let fits = start.iter().sum::<u32>() <= 64;
            assert_eq!(nim.cover_mask(&start, &start).is_some(), fits, "{start:?}");
            if !fits {
                continue;
            }
            for _ in 0..20 {
                let (a, b) = (below(&mut rng), below(&mut rng));
                let (wa, wb) = (nim.cover_mask(&start, &a), nim.cover_mask(&start, &b));
                let (wa, wb) = (wa.expect("below the start"), wb.expect("below the start"));
                assert_eq!(
                    wa & !wb == 0,
                    nim.is_covered_by(&a, &b),
                    "{start:?}: {a:?} {b:?}"
                );
                covered += usize::from(nim.is_covered_by(&a, &b) && a != b);
            }
            let mut past = start.clone();
            past[rng.below(heaps)] += 1;
            assert_eq!(
                nim.cover_mask(&start, &past),
                None,
                "{past:?} past {start:?}"
            );
            assert_eq!(nim.cover_mask(&start, &start[1..].to_vec()), None);
        }
        assert!(covered > 100, "the pairs include covered ones: {covered}");
        assert_eq!(nim.cover_mask(&vec![64], &vec![64]), Some(u64::MAX));
        assert_eq!(nim.cover_mask(&vec![40, 25], &vec![1, 1]), None);
    }
}
