//! The value-preserving reductions the solver applies to every state it
//! stores: deduplication (always), dropping covered realisations (A, B, D
//! only), dropping a dead realisation beside others (C′; A, B and D drop
//! it as covered) and the orbit representative under start-position
//! automorphisms. The solver applies them to realisation ids (see
//! `solver.rs`); this module holds the configuration and the kept-maximal
//! scan.
//!
//! **Dead realisations under C′.** Call a realisation *dead* if neither
//! player has a legal label on it (in Hackenbush the empty drawing, left
//! when a ground edge holding everything is cut; in Nim all heaps empty).
//! Let X be a state and Y = X ∪ {d}, d dead, X not empty. Then X and Y
//! are the same game under C′, by induction on the birthday, because each
//! player's allowed moves and their results are the same on both:
//! - a label is legal for p on some realisation of Y exactly when it is on
//!   some realisation of X (d has none), so both have the same superposed
//!   moves;
//! - the result of a move keeps the pairs (realisation, label) where the
//!   label is legal, cut: d is in no such pair, so the results on X and on
//!   Y are the same state;
//! - an unsuperposed move e is allowed under C′ when e is legal on every
//!   realisation on which p has a legal label: d is not one of those, so
//!   the condition reads the same realisations on X and on Y.
//!
//! Under C the last step fails (C asks for e on *every* realisation, and d
//! has none, so Y has no unsuperposed moves where X may have some), and
//! so under C′u, which allows what C allows. `tests/quantum_reductions.rs`
//! checks both on random states with the unreduced engine: X ∪ {d} worth
//! X under C′ always, and not always under C and C′u.

use super::base::QuantumBase;
use super::flavour::Flavour;
use super::symmetry::Symmetry;

/// Which reductions to use; `none()` gives the plain definition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reductions {
    /// Drop realisations covered by another (honoured only under A, B, D).
    pub drop_covered: bool,
    /// Replace a state by a representative of its automorphism orbit.
    pub symmetry: bool,
    /// Try one move per orbit under the permutations of the state's twin
    /// blocks (see [`super::twins`]).
    pub twin_moves: bool,
    /// Drop a dead realisation beside others (honoured only under C′; A,
    /// B and D drop it as covered, see the module doc).
    pub drop_dead: bool,
}

impl Reductions {
    pub fn all() -> Reductions {
        Reductions {
            drop_covered: true,
            symmetry: true,
            twin_moves: true,
            drop_dead: true,
        }
    }

    pub fn none() -> Reductions {
        Reductions {
            drop_covered: false,
            symmetry: false,
            twin_moves: false,
            drop_dead: false,
        }
    }
}

/// The reductions as configured for one base position and flavour. The
/// solver applies them to realisation ids; this holds what it needs.
#[derive(Clone, Debug)]
pub struct Normaliser {
    drop_covered: bool,
    drop_dead: bool,
    orient: bool,
    twin_moves: bool,
    /// The start's automorphisms, if either `orient` or `twin_moves`
    /// uses them (trivial otherwise).
    symmetry: Symmetry,
}

impl Normaliser {
    pub fn new<B: QuantumBase>(
        base: &B,
        start: &B::State,
        flavour: Flavour,
        reductions: Reductions,
    ) -> Normaliser {
        Normaliser {
            // Theorems 3.17 and 3.20 of the 2024 thesis need A, B or D.
            drop_covered: reductions.drop_covered && flavour.drops_covered(),
            // Under A, B and D covering drops dead realisations already.
            drop_dead: reductions.drop_dead
                && flavour.drops_dead()
                && !(reductions.drop_covered && flavour.drops_covered()),
            orient: reductions.symmetry,
            twin_moves: reductions.twin_moves,
            symmetry: if reductions.symmetry || reductions.twin_moves {
                base.symmetry(start)
            } else {
                Symmetry::none()
            },
        }
    }

    /// Whether covered realisations are dropped (and a label's results
    /// may be thinned to their maximal elements before any union:
    /// covering is transitive, so the maximal elements of a union are
    /// among the unions of maximal elements).
    pub fn drops_covered(&self) -> bool {
        self.drop_covered
    }

    /// Whether a dead realisation is dropped from a state with others
    /// (see the module doc).
    pub fn drops_dead(&self) -> bool {
        self.drop_dead
    }

    /// Keep dead realisations from now on: a solver valuing several
    /// flavours at once drops them only if every one of those allows it.
    pub fn keep_dead(&mut self) {
        self.drop_dead = false;
    }

    /// Whether states are replaced by their orbit representatives.
    pub fn orients(&self) -> bool {
        self.orient && !self.symmetry.is_trivial()
    }

    /// Whether one move per orbit of twin blocks is tried.
    pub fn merges_twin_moves(&self) -> bool {
        self.twin_moves && !self.symmetry.is_trivial()
    }

    /// The automorphisms in use (trivial if neither symmetry reduction is
    /// on).
    pub fn symmetry(&self) -> &Symmetry {
        &self.symmetry
    }
}

/// Remove every realisation covered by a different one, for any
/// representation of realisations; `covered(a, b)` says a's label set is
/// a subset of b's. The list is deduplicated, so "covered by a different
/// one" is a strict order and the maximal elements remain.
///
/// Covering is transitive, so an element covered by anything is covered
/// by a maximal element: each new element is tested only against the
/// maximal elements kept so far (usually few) instead of against all, and
/// the kept set lives in a bitmask instead of a freshly allocated Vec
/// (this ran once per option and was ~11% of a value table).
pub(crate) fn keep_maximal_by<T>(state: &mut Vec<T>, covered: impl Fn(&T, &T) -> bool) {
    let len = state.len();
    if len < 2 {
        return;
    }
    if len > 64 {
        let kept = maximal_flags(len, |i, j| covered(&state[i], &state[j]));
        retain_flags(state, &kept);
        return;
    }
    let kept = maximal_mask(len, |i, j| covered(&state[i], &state[j]));
    retain_mask(state, kept);
}

/// [`maximal_mask`] for any length: the same scan, the maximal elements
/// so far in a list, and the answer as a flag per index. Every element is
/// tested against those alone, not against all the others: a state of
/// hundreds of realisations (wide moves on rows of green edges under A, B
/// or D) made the scan against all of them most of a search.
pub(crate) fn maximal_flags(len: usize, covered: impl Fn(usize, usize) -> bool) -> Vec<bool> {
    let mut kept: Vec<usize> = Vec::new();
    'next: for i in 0..len {
        if kept.iter().any(|&j| covered(i, j)) {
            continue 'next;
        }
        kept.retain(|&j| !covered(j, i));
        kept.push(i);
    }
    let mut flags = vec![false; len];
    for j in kept {
        flags[j] = true;
    }
    flags
}

/// Keep the elements whose flag is set.
pub(crate) fn retain_flags<T>(items: &mut Vec<T>, kept: &[bool]) {
    let mut k = 0;
    items.retain(|_| {
        k += 1;
        kept[k - 1]
    });
}

/// The maximal elements among indices `0..len` (len ≤ 64) as a bitmask,
/// where `covered(i, j)` says element i is strictly covered by element j.
/// Invariant of the scan: `kept` is exactly the maximal elements of
/// `0..i`; by transitivity a new element need only be tested against them.
pub(crate) fn maximal_mask(len: usize, covered: impl Fn(usize, usize) -> bool) -> u64 {
    debug_assert!(len <= 64);
    let mut kept: u64 = 0;
    'next: for i in 0..len {
        let mut rest = kept;
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if covered(i, j) {
                continue 'next;
            }
        }
        let mut rest = kept;
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if covered(j, i) {
                kept &= !(1u64 << j);
            }
        }
        kept |= 1u64 << i;
    }
    kept
}

/// Keep the elements whose bit is set in `kept`.
pub(crate) fn retain_mask<T>(items: &mut Vec<T>, kept: u64) {
    if kept.count_ones() as usize == items.len() {
        return;
    }
    let mut k = 0;
    items.retain(|_| {
        k += 1;
        kept & (1u64 << (k - 1)) != 0
    });
}

#[cfg(test)]
mod tests {
    use super::keep_maximal_by;

    /// The bitmask version against the definition (drop every element
    /// covered by a different one), on random antichain-free lists of
    /// small sets under inclusion, both short and longer than 64.
    #[test]
    fn keep_maximal_matches_definition() {
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        for round in 0..2000 {
            let len = if round % 50 == 0 { 70 } else { round % 13 };
            let mut v: Vec<u16> = (0..len)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    (x % 256) as u16
                })
                .collect();
            v.sort_unstable();
            v.dedup();
            let sub = |a: &u16, b: &u16| a & !b == 0;
            let naive: Vec<u16> = v
                .iter()
                .copied()
                .filter(|a| !v.iter().any(|b| b != a && sub(a, b)))
                .collect();
            keep_maximal_by(&mut v, sub);
            assert_eq!(v, naive);
        }
    }
}
