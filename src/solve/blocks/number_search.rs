//! The search of a blue-red block whose decorations are numbers, on exact
//! fixed-point numbers instead of arena games.
//!
//! # Why numbers suffice
//!
//! A blue-red block with numbers hanging on its vertices is Blue-Red
//! Hackenbush (a number x stands for a blue-red stalk of value x hanging
//! there, by the argument of [`super`]), and every Blue-Red Hackenbush
//! position is a number (Winning Ways, ch. 2). So is every state the
//! search reaches: cutting edges and moving in a number leave blue-red
//! graphs and numbers. The value of a number-valued game {L | R} whose
//! options are numbers is the simplest number strictly between the best
//! Left option and the best Right option (the simplicity theorem), so a
//! state needs only the maximum of its Left options and the minimum of its
//! Right options: no option lists, no canonical forms, no arena.
//!
//! A decoration is the canonical form of x (as in the general search), so
//! its moves are its canonical options: n − 1 (Left) for an integer
//! n > 0, n + 1 (Right) for n < 0, and x ∓ 2^−k for x = p/2^k with p odd.
//!
//! # A state from its decoration's options
//!
//! Decorations multiply the states: a shape is searched once for every
//! combination of the decorations' followers. Many of those states are
//! settled by two states with simpler decorations, without their cuts.
//!
//! Let f(x) be the state's value with x at vertex v (the rest fixed). The
//! state is monotone in x: raising what hangs at v never hurts Left (in
//! f(x) − f(y) with x ≥ y, Left mirrors every move outside the two
//! decorations and answers moves in them by her winning strategy in
//! x − y ≥ 0, as in the argument of [`super`]), and likewise for every
//! option that keeps v standing. Let x have both options, p be the one
//! born the day before x (its parent: x is p followed by one more sign),
//! and o the other. Say x = p+ (p < x < o; the other case mirrors it).
//! Then in the state with x:
//!
//! - Left's move in x leads to f(p) = a, Right's to f(o) = b;
//! - every other Left option is at most the same move made with o at v,
//!   so at most the best Left option of the state with o, L(o);
//! - every other Right option is at least the same move made with p at
//!   v, so at least the best Right option of the state with p, R(p).
//!
//! Let q be the first number born after a above it (the simplest number
//! between a and a's own Right option). If L(o) < q < R(p) and b is at
//! most a's Right option, the best Left option lies in [a, q) and the best
//! Right option in (q, b], and every number strictly between a and b
//! other than q is born after q, so f(x) = q by the simplicity theorem.
//! The state is then remembered with the bounds max(a, L(o)) and R(p) in
//! place of its best options, which is all later uses ask of them: each
//! state keeps an upper bound on its best Left option and a lower bound
//! on its best Right option (exact when it was valued from its options).
//! The test `the_decoration_shortcut_equals_valuing_every_option` checks
//! the values against the search that values every option.
//!
//! # Exactness
//!
//! Numbers are held as `i64` multiples of 2^−40, below 2^21 in size: a key
//! word is the number itself, and sums never overflow. Every step is exact
//! or gives up: a decoration, an edge over a number or a simplest number
//! that does not fit stops the numeric search, and the caller values the
//! block by the general search instead. So does a state whose best Left
//! option is not below its best Right option, which the theorem above
//! rules out; giving up there keeps a wrong premise from ever printing a
//! wrong value.

use super::frame::{bits, Frame};
use super::frame_search::{BlockShape, FrameState, Hanging};
use super::packed_key::{pack, WideKey};
use super::solver::BlockSolver;
use super::two_tables::{Key, TwoTables};
use crate::budget::Exceeded;
use crate::game::{Dyadic, GameId};
use crate::position::Colour;
use num_bigint::BigInt;
use num_traits::ToPrimitive;

/// A number as a multiple of 2^−[`FRACTION_BITS`].
pub(super) type Fixed = i64;

const FRACTION_BITS: u32 = 40;
const ONE: Fixed = 1 << FRACTION_BITS;
/// Numbers are kept below 2^21 in size, so a sum of two never overflows
/// and an edge over one stays representable.
const LIMIT: Fixed = 1 << (21 + FRACTION_BITS);

/// `x` as a fixed-point number, if it fits.
fn to_fixed(x: &Dyadic) -> Option<Fixed> {
    let e = x.exponent();
    if e > FRACTION_BITS {
        return None;
    }
    let v = x
        .numerator()
        .to_i64()?
        .checked_mul(1 << (FRACTION_BITS - e))?;
    (v.abs() < LIMIT).then_some(v)
}

/// The dyadic a fixed-point number stands for.
pub(super) fn to_dyadic(x: Fixed) -> Dyadic {
    Dyadic::new(BigInt::from(x), FRACTION_BITS)
}

fn checked(x: Option<Fixed>) -> Option<Fixed> {
    x.filter(|v| v.abs() < LIMIT)
}

/// An edge of `colour` with the number `x` on top: the ordinal sum ±1 : x
/// ([`Dyadic::under_blue_edge`]; a red edge is the negative of a blue one
/// under −x).
fn edge_over(colour: Colour, x: Fixed) -> Option<Fixed> {
    match colour {
        Colour::Blue => under_blue_edge(x),
        Colour::Red => under_blue_edge(-x).map(|v| -v),
        Colour::Green | Colour::Uncoloured => None,
    }
}

/// 1 : x: x + 1 for x ≥ 0, else (2 + x + m) / 2^(m+1) with m = ⌈−x⌉ − 1.
fn under_blue_edge(x: Fixed) -> Option<Fixed> {
    if x >= 0 {
        return checked(x.checked_add(ONE));
    }
    // ⌈−x⌉ − 1 in whole units, then 2 + x + m lies in [1, 2).
    let m = ((-x + ONE - 1) >> FRACTION_BITS) - 1;
    let shift = u32::try_from(m + 1).ok()?;
    let above = x + (m + 2) * ONE;
    if shift >= Fixed::BITS || above.trailing_zeros() < shift {
        return None;
    }
    Some(above >> shift)
}

/// The canonical options of the number `x`: (Left, Right).
pub(super) fn options(x: Fixed) -> (Option<Fixed>, Option<Fixed>) {
    if x == 0 {
        return (None, None);
    }
    // The lowest set bit is 2^−k for x = p/2^k (p odd), or a whole unit
    // or more for an integer.
    let low = x & x.wrapping_neg();
    if low >= ONE {
        return if x > 0 {
            (Some(x - ONE), None)
        } else {
            (None, Some(x + ONE))
        };
    }
    (Some(x - low), Some(x + low))
}

/// The simplest number strictly between `lo` and `hi` (either may be
/// absent), if it fits; `None` also when lo ≥ hi.
pub(super) fn simplest_between(lo: Option<Fixed>, hi: Option<Fixed>) -> Option<Fixed> {
    if let (Some(l), Some(h)) = (lo, hi) {
        if l >= h {
            return None;
        }
    }
    let above = |x: Fixed| lo.is_none_or(|l| x > l);
    let below = |x: Fixed| hi.is_none_or(|h| x < h);
    if above(0) && below(0) {
        return Some(0);
    }
    // Zero is outside, so the interval lies on one side of it: the
    // integer nearest zero inside it is simplest if there is one.
    if let Some(l) = lo.filter(|&l| l >= 0) {
        let n = ((l >> FRACTION_BITS) + 1) << FRACTION_BITS;
        if below(n) {
            return checked(Some(n));
        }
    }
    if let Some(h) = hi.filter(|&h| h <= 0) {
        let n = -((((-h) >> FRACTION_BITS) + 1) << FRACTION_BITS);
        if above(n) {
            return checked(Some(n));
        }
    }
    // No integer fits, so both bounds are present and less than one apart:
    // the first step 2^−k with a multiple inside gives the simplest number.
    let (l, h) = (lo?, hi?);
    (1..=FRACTION_BITS).find_map(|k| {
        let step = ONE >> k;
        let candidate = (l.div_euclid(step) + 1) * step;
        (candidate < h).then_some(candidate)
    })
}

/// A block state's key: its shape id and the reached vertices (but the
/// root) whose decoration is not 0, each with that decoration.
///
/// Most states have a few small decorations (halves, quarters, small
/// integers), so most keys pack into two words: the memo's entries stay
/// small, and a lookup hashes and compares two words. The rest are
/// written out in full (see [`WideKey`]).
type NumberKey = Key<[u64; 2], WideNumberKey>;

/// A small decoration is a multiple of 2^−8 below 2^7 in size: its fixed
/// point value shifted down by this many bits fits in 16 bits.
const SMALL_SHIFT: u32 = FRACTION_BITS - 8;

/// `x` as a signed 16-bit word, if it is small: its code in a packed key.
fn small(x: Fixed) -> Option<u16> {
    if x & ((1 << SMALL_SHIFT) - 1) != 0 {
        return None;
    }
    let w = i16::try_from(x >> SMALL_SHIFT).ok()?;
    Some(w as u16)
}

fn number_key(shape: &BlockShape, root: usize, decorations: &[Fixed]) -> NumberKey {
    let reached = shape.reached & !(1 << root);
    match pack(shape.id, reached, decorations, 0, small) {
        Some(key) => Key::Short(key),
        None => Key::Long(WideKey::new(shape.id, reached, decorations, 0, |d| {
            d as u64
        })),
    }
}

/// A key written out: the shape, the decorated vertices, and up to four
/// decorations (each the number itself) inline.
type WideNumberKey = WideKey<u64, 6>;

/// The values of blue-red block states, by [`NumberKey`].
#[derive(Default)]
pub(super) struct NumberMemo {
    values: TwoTables<[u64; 2], WideNumberKey, Known>,
    /// The decorations of the states being searched, one frame's worth per
    /// level: a state names its decorations by their offset here, so a
    /// level copies only its own vertices (not a 64-slot array).
    stack: Vec<Fixed>,
}

impl NumberMemo {
    pub(super) fn len(&self) -> usize {
        self.values.len()
    }

    pub(super) fn bytes(&self) -> u64 {
        self.values.bytes()
    }

    pub(super) fn reserve(&mut self, n: usize) {
        self.values.reserve(n);
        self.stack.reserve(n);
    }
}

/// Why a numeric search stopped: over budget, or a step it cannot do
/// exactly (the caller then searches the block in general).
enum Stop {
    Budget(Exceeded),
    Inexact,
}

impl From<Exceeded> for Stop {
    fn from(e: Exceeded) -> Stop {
        Stop::Budget(e)
    }
}

type Step = Result<Fixed, Stop>;

/// Keep the better of `side` and `v`: the larger for Left, the smaller
/// for Right.
fn better(side: &mut Option<Fixed>, v: Fixed, larger: bool) {
    if side.is_none_or(|b| if larger { v > b } else { v < b }) {
        *side = Some(v);
    }
}

fn exact(x: Option<Fixed>) -> Step {
    x.ok_or(Stop::Inexact)
}

impl BlockSolver {
    /// The value of `shape` in `state`'s frame, with `decorations`, by the
    /// numeric search, when the frame is blue-red and every decoration a
    /// number that fits; `Ok(None)` when the general search must do it.
    pub(super) fn number_value(
        &mut self,
        state: &FrameState,
        shape: &BlockShape,
        decorations: &[GameId],
    ) -> Result<Option<GameId>, Exceeded> {
        if !self.number_search || !state.frame.blue_red() {
            return Ok(None);
        }
        let stack = &mut self.frames.numbers.stack;
        stack.clear();
        for &d in decorations {
            match self.arena.as_number(d).and_then(to_fixed) {
                Some(x) => stack.push(x),
                None => return Ok(None),
            }
        }
        let result = self.number_shape(state, shape, 0, decorations.len());
        self.frames.numbers.stack.clear();
        match result {
            Ok(x) => Ok(Some(self.arena.number(to_dyadic(x)))),
            Err(Stop::Inexact) => Ok(None),
            Err(Stop::Budget(e)) => Err(e),
        }
    }

    /// The `n` decorations at offset `at` of the stack.
    fn decorations_at(&self, at: usize, n: usize) -> &[Fixed] {
        &self.frames.numbers.stack[at..at + n]
    }

    /// Copy the `n` decorations at `at` to the top of the stack, run `f`
    /// on the copy (by its offset), and pop it again.
    fn on_copy<T>(
        &mut self,
        at: usize,
        n: usize,
        f: impl FnOnce(&mut Self, usize) -> Result<T, Stop>,
    ) -> Result<T, Stop> {
        let stack = &mut self.frames.numbers.stack;
        let here = stack.len();
        stack.extend_from_within(at..at + n);
        let result = f(self, here);
        self.frames.numbers.stack.truncate(here);
        result
    }

    /// [`Self::shape_value`] on numbers, with the `n` decorations at
    /// offset `at` of the stack.
    fn number_shape(
        &mut self,
        state: &FrameState,
        shape: &BlockShape,
        at: usize,
        n: usize,
    ) -> Step {
        self.meter_tick()?;
        let mask = shape.mask;
        if mask == 0 {
            return Ok(0);
        }
        if mask.is_power_of_two() {
            return self.number_edge(state.frame, mask, state.root, at);
        }
        if shape.part_count == 0 {
            return self.number_block(state, shape, at, n);
        }
        self.on_copy(at, n, |solver, here| {
            // The copy is `hanging`: each part's value is added at the
            // vertex it hangs from, children first.
            solver.frames.numbers.stack[here + state.root] = 0;
            for i in 0..shape.part_count {
                // Most parts are single edges: valued here, without a call.
                let (root, v) = match solver.frames.part(state, shape, i) {
                    (root, Hanging::Edge(mask)) => {
                        (root, solver.number_edge(state.frame, mask, root, here)?)
                    }
                    (root, Hanging::Block(below, part)) => {
                        (root, solver.number_shape(&below, &part, here, n)?)
                    }
                };
                let slot = &mut solver.frames.numbers.stack[here + root];
                *slot = exact(checked(slot.checked_add(v)))?;
            }
            Ok(solver.frames.numbers.stack[here + state.root])
        })
    }

    /// [`Self::edge_value`] on numbers: the one edge of `mask` hanging from
    /// `root`, with the decorations at offset `at` of the stack.
    fn number_edge(&self, f: &Frame, mask: u64, root: usize, at: usize) -> Step {
        let e = mask.trailing_zeros() as usize;
        let top = self.frames.numbers.stack[at + f.other(e, root)];
        exact(edge_over(f.colours[e], top))
    }

    /// [`Self::block_state`] on numbers: remembered, and valued from the
    /// best option of each player (or from two states with simpler
    /// decorations, see [`Self::number_by_parent`]).
    fn number_block(
        &mut self,
        state: &FrameState,
        shape: &BlockShape,
        at: usize,
        n: usize,
    ) -> Step {
        Ok(self.number_known(state, shape, at, n)?.value)
    }

    /// The value of a one-block state with bounds on its best options.
    fn number_known(
        &mut self,
        state: &FrameState,
        shape: &BlockShape,
        at: usize,
        n: usize,
    ) -> Result<Known, Stop> {
        let key = number_key(shape, state.root, self.decorations_at(at, n));
        if let Some(k) = self.frames.numbers.values.get(&key) {
            return Ok(k);
        }
        let decorated = shape.reached & !(1 << state.root);
        let mut known = None;
        if self.decoration_shortcut {
            // Tried at the finest decoration (lowest set bit), if it has
            // both options (is not an integer): the longest chain of
            // states below it is the one most worth skipping.
            let finest = bits(decorated)
                .map(|v| (v, self.frames.numbers.stack[at + v]))
                .filter(|&(_, d)| d != 0)
                .min_by_key(|&(_, d)| (d & d.wrapping_neg()) as u64);
            if let Some((v, d)) = finest {
                if (d & d.wrapping_neg()) < ONE {
                    known = self.number_by_parent(state, shape, at, n, v)?;
                }
            }
        }
        let known = match known {
            Some(k) => k,
            None => self.number_by_options(state, shape, at, n, decorated)?,
        };
        self.frames.numbers.values.insert(key, known);
        self.charge()?;
        Ok(known)
    }

    /// The value from every option (cuts, and moves in the decorations of
    /// the vertices `decorated`).
    fn number_by_options(
        &mut self,
        state: &FrameState,
        shape: &BlockShape,
        at: usize,
        n: usize,
        decorated: u64,
    ) -> Result<Known, Stop> {
        let (mut left, mut right): (Option<Fixed>, Option<Fixed>) = (None, None);
        for e in bits(shape.mask) {
            let after = self.frames.cut(state, shape, e);
            let v = self.number_shape(state, &after, at, n)?;
            match state.frame.colours[e] {
                Colour::Blue => better(&mut left, v, true),
                Colour::Red => better(&mut right, v, false),
                Colour::Green | Colour::Uncoloured => return Err(Stop::Inexact),
            }
        }
        self.on_copy(at, n, |solver, here| {
            for v in bits(decorated) {
                let d = solver.frames.numbers.stack[here + v];
                let (l, r) = options(d);
                for (o, is_left) in [(l, true), (r, false)] {
                    if let Some(o) = o {
                        solver.frames.numbers.stack[here + v] = o;
                        let value = solver.number_block(state, shape, here, n)?;
                        let side = if is_left { &mut left } else { &mut right };
                        better(side, value, is_left);
                    }
                }
                solver.frames.numbers.stack[here + v] = d;
            }
            Ok(0)
        })?;
        let value = exact(simplest_between(left, right))?;
        Ok(Known::new(
            value,
            left.unwrap_or(NO_LEFT),
            right.unwrap_or(NO_RIGHT),
        ))
    }

    /// The value of a state whose decoration x at `v` has both options, from
    /// the states with x's parent and x's other option there, when that
    /// settles it (`None` otherwise). See the module documentation.
    fn number_by_parent(
        &mut self,
        state: &FrameState,
        shape: &BlockShape,
        at: usize,
        n: usize,
        v: usize,
    ) -> Result<Option<Known>, Stop> {
        let x = self.frames.numbers.stack[at + v];
        let (Some(xl), Some(xr)) = options(x) else {
            return Ok(None);
        };
        // x's parent, the option born the day before x: for x = m/2 the
        // integer farther from 0, else the option with one bit fewer.
        let low = x & x.wrapping_neg();
        let parent_is_left = if low == ONE / 2 {
            x < 0
        } else {
            xl & (2 * low) != 0
        };
        let (parent, other) = if parent_is_left { (xl, xr) } else { (xr, xl) };
        let (a, b) = self.on_copy(at, n, |solver, here| {
            solver.frames.numbers.stack[here + v] = parent;
            let a = solver.number_known(state, shape, here, n)?;
            solver.frames.numbers.stack[here + v] = other;
            let b = solver.number_known(state, shape, here, n)?;
            solver.frames.numbers.stack[here + v] = x;
            Ok((a, b))
        })?;
        let (al, ar) = options(a.value);
        if parent_is_left {
            // x = p+: the candidate is the first number born after a above it.
            let Some(q) = simplest_between(Some(a.value), ar) else {
                return Ok(None);
            };
            let fits =
                b.left_at_most() < q && q < a.right_at_least() && ar.is_none_or(|r| b.value <= r);
            Ok(fits.then(|| Known::new(q, a.value.max(b.left_at_most()), a.right_at_least())))
        } else {
            // x = p−, the mirror image.
            let Some(q) = simplest_between(al, Some(a.value)) else {
                return Ok(None);
            };
            let fits =
                a.left_at_most() < q && q < b.right_at_least() && al.is_none_or(|l| b.value >= l);
            Ok(fits.then(|| Known::new(q, a.left_at_most(), a.value.min(b.right_at_least()))))
        }
    }
}

/// A state's value, with an upper bound on its best Left option and a
/// lower bound on its best Right option, each kept as its gap from the
/// value in 32 bits (see [`gap_code`]): a memo entry stays two words.
#[derive(Clone, Copy, Default)]
pub(super) struct Known {
    value: Fixed,
    below: u32,
    above: u32,
}

/// No Left option: −∞ (any bound holds); no Right option: +∞.
const NO_LEFT: Fixed = Fixed::MIN;
const NO_RIGHT: Fixed = Fixed::MAX;

impl Known {
    fn new(value: Fixed, left_at_most: Fixed, right_at_least: Fixed) -> Known {
        Known {
            value,
            below: gap_code(value.abs_diff(left_at_most)),
            above: gap_code(right_at_least.abs_diff(value)),
        }
    }

    fn left_at_most(&self) -> Fixed {
        self.value.saturating_sub_unsigned(gap(self.below))
    }

    fn right_at_least(&self) -> Fixed {
        self.value.saturating_add_unsigned(gap(self.above))
    }
}

/// Mantissa bits of a gap code; the rest is the exponent.
const GAP_MANTISSA: u32 = 26;

/// A gap (≥ 0) rounded down to m · 2^e with m below 2^26, as e and m in
/// one word. Rounding down only moves a bound towards the value, so a
/// bound read back from its code is still a bound.
fn gap_code(d: u64) -> u32 {
    let e = (u64::BITS - d.leading_zeros()).saturating_sub(GAP_MANTISSA);
    ((e << GAP_MANTISSA) as u64 | (d >> e)) as u32
}

fn gap(code: u32) -> u64 {
    u64::from(code & ((1 << GAP_MANTISSA) - 1)) << (code >> GAP_MANTISSA)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;
    use rustc_hash::FxHashMap;

    fn random_number(rng: &mut SplitMix64) -> Dyadic {
        let n = rng.below(200) as i64 - 100;
        Dyadic::new(BigInt::from(n), rng.below(8) as u32)
    }

    /// A fixed-point result is the exact one, and a step gives up only
    /// when the exact result does not fit.
    fn agree(fixed: Option<Fixed>, exact: Option<Dyadic>, what: &str) {
        match fixed {
            Some(f) => assert_eq!(Some(to_dyadic(f)), exact, "{what}"),
            None => assert!(exact.is_none_or(|d| to_fixed(&d).is_none()), "{what}"),
        }
    }

    #[test]
    fn fixed_point_steps_agree_with_dyadics() {
        let mut rng = SplitMix64(11);
        for _ in 0..5000 {
            let x = random_number(&mut rng);
            let fx = to_fixed(&x).unwrap();
            assert_eq!(to_dyadic(fx), x);
            agree(
                under_blue_edge(fx),
                x.under_blue_edge(),
                &format!("1 : {x}"),
            );
            let (l, r) = x.options();
            let (fl, fr) = options(fx);
            assert_eq!(
                (fl.map(to_dyadic), fr.map(to_dyadic)),
                (l, r),
                "options of {x}"
            );
            let y = random_number(&mut rng);
            let fy = to_fixed(&y).unwrap();
            if x < y {
                agree(
                    simplest_between(Some(fx), Some(fy)),
                    Some(Dyadic::simplest_between(Some(&x), Some(&y))),
                    &format!("between {x} and {y}"),
                );
            } else {
                assert_eq!(simplest_between(Some(fx), Some(fy)), None);
            }
            assert_eq!(
                simplest_between(Some(fx), None).map(to_dyadic),
                Some(Dyadic::simplest_between(Some(&x), None))
            );
            assert_eq!(
                simplest_between(None, Some(fx)).map(to_dyadic),
                Some(Dyadic::simplest_between(None, Some(&x)))
            );
        }
    }

    /// A decoration's code in a packed key (see [`super::packed_key`]) is
    /// one-to-one: small numbers (multiples of 2^−8 below 2^7) get distinct
    /// codes, and others none.
    #[test]
    fn small_decorations_have_distinct_codes() {
        let mut codes = FxHashMap::default();
        for n in -(1i64 << 15)..(1i64 << 15) {
            let x = n << SMALL_SHIFT;
            let code = small(x).expect("small");
            assert_eq!(codes.insert(code, x), None, "{x} shares code {code}");
        }
        assert_eq!(small(1 << 15 << SMALL_SHIFT), None);
        assert_eq!(small(ONE >> 9), None);
        assert_eq!(small(-(1 << 15 << SMALL_SHIFT) - (1 << SMALL_SHIFT)), None);
        let shape = BlockShape::for_test(3, 0b1110);
        let decorations = [0, ONE / 2, 0, -3 * ONE];
        assert!(matches!(number_key(&shape, 0, &decorations), Key::Short(_)));
        let decorations = [0, ONE >> 20, 0, 0];
        assert!(matches!(number_key(&shape, 0, &decorations), Key::Long(_)));
    }

    /// A gap read back from its code is at most the gap and within one
    /// part in 2^25 of it, so a bound kept as a gap stays a bound.
    #[test]
    fn gap_codes_round_down() {
        let mut rng = SplitMix64(8);
        for _ in 0..20000 {
            let d = rng.next_u64() >> rng.below(64);
            let back = gap(gap_code(d));
            assert!(back <= d && d - back <= d >> 25, "{d} read back as {back}");
        }
        for d in [0, 1, (1 << 26) - 1, 1 << 26, u64::MAX] {
            assert!(gap(gap_code(d)) <= d);
        }
        let k = Known::new(ONE, NO_LEFT, NO_RIGHT);
        assert!(k.left_at_most() < -LIMIT && k.right_at_least() > LIMIT);
        let k = Known::new(ONE, ONE / 2, 2 * ONE);
        assert_eq!((k.left_at_most(), k.right_at_least()), (ONE / 2, 2 * ONE));
    }

    #[test]
    fn numbers_that_do_not_fit_give_up() {
        assert_eq!(to_fixed(&Dyadic::integer(1 << 21)), None);
        assert_eq!(to_fixed(&Dyadic::new(BigInt::from(1), 41)), None);
        // −30 under a blue edge is 2^−30: fits; −45 would need 2^−45.
        let x = to_fixed(&Dyadic::integer(-30)).unwrap();
        assert_eq!(under_blue_edge(x), Some(ONE >> 30));
        let x = to_fixed(&Dyadic::integer(-45)).unwrap();
        assert_eq!(under_blue_edge(x), None);
        // The simplest number between two neighbours at the finest step.
        assert_eq!(simplest_between(Some(0), Some(1)), None);
    }
}
