//! Dyadic rationals p / 2^k of any size: the numbers that short games can be.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use crate::parse_error::ParseError;

/// The exact number `num / 2^exp`, kept normalised (`exp == 0` or `num` odd)
/// so that equal numbers are equal structs and hash alike.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Dyadic {
    num: BigInt,
    exp: u32,
}

impl Dyadic {
    /// `num / 2^exp`, normalised.
    pub fn new(num: BigInt, exp: u32) -> Dyadic {
        let mut d = Dyadic { num, exp };
        d.normalise();
        d
    }

    pub fn zero() -> Dyadic {
        Dyadic {
            num: BigInt::zero(),
            exp: 0,
        }
    }

    pub fn integer(n: impl Into<BigInt>) -> Dyadic {
        Dyadic {
            num: n.into(),
            exp: 0,
        }
    }

    fn normalise(&mut self) {
        if self.num.is_zero() {
            self.exp = 0;
            return;
        }
        let twos = self.num.trailing_zeros().unwrap_or(0).min(self.exp as u64) as u32;
        if twos > 0 {
            self.num >>= twos;
            self.exp -= twos;
        }
    }

    pub fn numerator(&self) -> &BigInt {
        &self.num
    }

    /// The exponent k of the denominator 2^k.
    pub fn exponent(&self) -> u32 {
        self.exp
    }

    pub fn is_zero(&self) -> bool {
        self.num.is_zero()
    }

    pub fn is_integer(&self) -> bool {
        self.exp == 0
    }

    pub fn is_positive(&self) -> bool {
        self.num.is_positive()
    }

    pub fn is_negative(&self) -> bool {
        self.num.is_negative()
    }

    /// Numerators of `self` and `other` over the common denominator 2^max.
    fn aligned(&self, other: &Dyadic) -> (BigInt, BigInt, u32) {
        let e = self.exp.max(other.exp);
        (
            &self.num << (e - self.exp),
            &other.num << (e - other.exp),
            e,
        )
    }

    pub fn add(&self, other: &Dyadic) -> Dyadic {
        if let Some(sum) = self.small_sum(other, false) {
            return sum;
        }
        let (a, b, e) = self.aligned(other);
        Dyadic::new(a + b, e)
    }

    pub fn sub(&self, other: &Dyadic) -> Dyadic {
        if let Some(difference) = self.small_sum(other, true) {
            return difference;
        }
        let (a, b, e) = self.aligned(other);
        Dyadic::new(a - b, e)
    }

    /// `(numerator, exponent)` in i128 when the numerator fits an i64 and
    /// the exponent is below 62: every fast path below works on these,
    /// where products by powers of two up to 2^63 stay inside an i128.
    fn small(&self) -> Option<(i128, u32)> {
        if self.exp >= 62 {
            return None;
        }
        Some((i128::from(self.num.to_i64()?), self.exp))
    }

    /// The dyadic `n / 2^e`, normalised.
    fn from_small(mut n: i128, e: u32) -> Dyadic {
        if n == 0 {
            return Dyadic::zero();
        }
        let twos = n.trailing_zeros().min(e);
        n >>= twos;
        Dyadic {
            num: BigInt::from(n),
            exp: e - twos,
        }
    }

    /// `self ± other` in i128 when both numerators fit an i64 and the
    /// shifts are small (nearly every number a search meets), so the sum
    /// costs one allocation instead of shifted big-number temporaries.
    fn small_sum(&self, other: &Dyadic, minus: bool) -> Option<Dyadic> {
        let ((a, ea), (b, eb)) = (self.small()?, other.small()?);
        let e = ea.max(eb);
        let (a, b) = (a << (e - ea), b << (e - eb));
        Some(Dyadic::from_small(if minus { a - b } else { a + b }, e))
    }

    pub fn neg(&self) -> Dyadic {
        Dyadic {
            num: -&self.num,
            exp: self.exp,
        }
    }

    pub fn abs(&self) -> Dyadic {
        Dyadic {
            num: self.num.abs(),
            exp: self.exp,
        }
    }

    /// The mean of two numbers (exact: one more bit of denominator).
    pub fn mean(&self, other: &Dyadic) -> Dyadic {
        let (a, b, e) = self.aligned(other);
        Dyadic::new(a + b, e + 1)
    }

    pub fn floor(&self) -> BigInt {
        self.num.div_floor(&(BigInt::one() << self.exp))
    }

    pub fn ceil(&self) -> BigInt {
        -(self.neg().floor())
    }

    /// The canonical options of this number as a game: integers n > 0 are
    /// {n−1|}, n < 0 are {|n+1}, 0 is {|}, and p/2^k is {(p−1)/2^k | (p+1)/2^k}.
    pub fn options(&self) -> (Option<Dyadic>, Option<Dyadic>) {
        if let Some((n, e)) = self.small() {
            return match (e, n.signum()) {
                (0, 0) => (None, None),
                (0, 1) => (Some(Dyadic::from_small(n - 1, 0)), None),
                (0, _) => (None, Some(Dyadic::from_small(n + 1, 0))),
                _ => (
                    Some(Dyadic::from_small(n - 1, e)),
                    Some(Dyadic::from_small(n + 1, e)),
                ),
            };
        }
        if self.exp == 0 {
            match self.num.sign() {
                num_bigint::Sign::NoSign => (None, None),
                num_bigint::Sign::Plus => (Some(Dyadic::integer(&self.num - 1)), None),
                num_bigint::Sign::Minus => (None, Some(Dyadic::integer(&self.num + 1))),
            }
        } else {
            (
                Some(Dyadic::new(&self.num - 1, self.exp)),
                Some(Dyadic::new(&self.num + 1, self.exp)),
            )
        }
    }

    /// The birthday of this number's canonical form: |n| for integers,
    /// ⌊|x|⌋ + 1 + k for p/2^k. Saturates for astronomically large numbers.
    pub fn birthday(&self) -> u64 {
        if let Some((n, e)) = self.small() {
            let whole = (n.unsigned_abs() >> e) as u64;
            return if e == 0 {
                whole
            } else {
                whole + 1 + u64::from(e)
            };
        }
        let whole = self.abs().floor().to_u64().unwrap_or(u64::MAX);
        if self.exp == 0 {
            whole
        } else {
            whole.saturating_add(1).saturating_add(self.exp as u64)
        }
    }

    /// The number a blue edge is worth with this number on top (and
    /// nothing else hanging there): the ordinal sum 1 : x, whose sign
    /// expansion is "+" followed by that of x. For x ≥ 0 that is x + 1.
    /// For x < 0, let m = ⌈−x⌉ − 1 (so x + m lies in [−1, 0)): after the
    /// first "+" every sign moves by half the step before, so the value is
    /// (1 + (x + m)/2) / 2^m = (2 + x + m) / 2^(m+1). `None` when m does
    /// not fit an exponent.
    pub fn under_blue_edge(&self) -> Option<Dyadic> {
        if !self.is_negative() {
            return Some(self.add(&Dyadic::integer(1)));
        }
        let m = self.neg().ceil() - 1;
        let shift = u32::try_from(&m).ok().filter(|&m| m < u32::MAX / 2)?;
        let above = self.add(&Dyadic::integer(m + 2));
        Some(Dyadic::new(above.num, above.exp + shift + 1))
    }

    /// The simplest number strictly between `lo` and `hi` (either may be
    /// absent, meaning −∞ / +∞). Requires lo < hi when both are given.
    pub fn simplest_between(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Dyadic {
        let small = |x: Option<&Dyadic>| match x {
            None => Some(None),
            Some(d) => d.small().map(Some),
        };
        if let (Some(l), Some(h)) = (small(lo), small(hi)) {
            let (n, e) = simplest_between_small(l, h);
            return Dyadic::from_small(n, e);
        }
        Dyadic::simplest_between_big(lo, hi)
    }

    /// [`Dyadic::simplest_between`] on big numerators.
    fn simplest_between_big(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Dyadic {
        let zero = Dyadic::zero();
        let above_lo = |x: &Dyadic| lo.is_none_or(|l| x > l);
        let below_hi = |x: &Dyadic| hi.is_none_or(|h| x < h);
        if above_lo(&zero) && below_hi(&zero) {
            return zero;
        }
        // Zero is excluded, so the interval lies on one side of it; the
        // integer nearest zero inside it is simplest if there is one.
        if let Some(l) = lo.filter(|l| !l.is_negative()) {
            let n = Dyadic::integer(l.floor() + 1);
            if below_hi(&n) {
                return n;
            }
        }
        if let Some(h) = hi.filter(|h| !h.is_positive()) {
            let n = Dyadic::integer(h.ceil() - 1);
            if above_lo(&n) {
                return n;
            }
        }
        // No integer fits, so both bounds are present and within one unit:
        // the first denominator 2^k that fits gives the simplest number.
        let (l, h) = (lo.expect("bounded"), hi.expect("bounded"));
        let mut k = 1;
        loop {
            let scaled = Dyadic::new(l.num.clone() << k, l.exp);
            let candidate = Dyadic::new(scaled.floor() + 1, k);
            if &candidate < h {
                return candidate;
            }
            k += 1;
        }
    }

    pub fn to_f64_lossy(&self) -> f64 {
        // For layout and display only, never for values.
        self.num.to_f64().unwrap_or(f64::NAN) / 2f64.powi(self.exp as i32)
    }
}

/// `a/2^ea` against `b/2^eb` for small dyadics (exponents below 62).
fn cmp_small((a, ea): (i128, u32), (b, eb): (i128, u32)) -> Ordering {
    let e = ea.max(eb);
    (a << (e - ea)).cmp(&(b << (e - eb)))
}

/// The simplest number strictly between two small dyadics (either bound
/// may be absent), as `(numerator, exponent)`: the rule of
/// [`Dyadic::simplest_between`] in i128. Numerators below 2^63 shifted by
/// less than 64 stay below 2^127.
fn simplest_between_small(lo: Option<(i128, u32)>, hi: Option<(i128, u32)>) -> (i128, u32) {
    let above_lo = |x: (i128, u32)| lo.is_none_or(|l| cmp_small(x, l) == Ordering::Greater);
    let below_hi = |x: (i128, u32)| hi.is_none_or(|h| cmp_small(x, h) == Ordering::Less);
    if above_lo((0, 0)) && below_hi((0, 0)) {
        return (0, 0);
    }
    // Arithmetic shifts floor, also for negative numerators.
    if let Some((a, ea)) = lo.filter(|l| l.0 >= 0) {
        let n = ((a >> ea) + 1, 0);
        if below_hi(n) {
            return n;
        }
    }
    if let Some((b, eb)) = hi.filter(|h| h.0 <= 0) {
        let n = (-((-b) >> eb) - 1, 0);
        if above_lo(n) {
            return n;
        }
    }
    let ((a, ea), h) = (lo.expect("bounded"), hi.expect("bounded"));
    let mut k = 1;
    loop {
        // floor(lo · 2^k) + 1, over 2^k.
        let floor = if k >= ea {
            a << (k - ea)
        } else {
            a >> (ea - k)
        };
        let candidate = (floor + 1, k);
        if cmp_small(candidate, h) == Ordering::Less {
            return candidate;
        }
        k += 1;
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        if self.exp == other.exp {
            return self.num.cmp(&other.num);
        }
        let (sa, sb) = (self.num.sign(), other.num.sign());
        if sa != sb {
            return sa.cmp(&sb);
        }
        // Small numerators compare in i128 without allocating: the solver
        // compares numbers constantly and nearly all of them are small.
        let e = self.exp.max(other.exp);
        let (sha, shb) = (e - self.exp, e - other.exp);
        if let (Some(a), Some(b)) = (self.num.to_i64(), other.num.to_i64()) {
            if sha < 64 && shb < 64 {
                return ((a as i128) << sha).cmp(&((b as i128) << shb));
            }
        }
        let (a, b, _) = self.aligned(other);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Dyadic {
    /// Plain form: `3`, `-13/8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, BigInt::one() << self.exp)
        }
    }
}

impl Dyadic {
    /// Mixed-number form for people: `1 1/2`, `-2 3/4`, `3/8`.
    pub fn pretty(&self) -> String {
        if self.exp == 0 {
            return self.num.to_string();
        }
        let whole = self.abs().floor();
        if whole.is_zero() {
            return self.to_string();
        }
        let frac = self.abs().sub(&Dyadic::integer(whole.clone()));
        let sign = if self.is_negative() { "-" } else { "" };
        format!("{sign}{whole} {frac}")
    }
}

impl FromStr for Dyadic {
    type Err = ParseError;

    /// Parses `n` or `p/q` with q a power of two (a reducible fraction such as
    /// `2/4` is accepted and reduced). Errors point at column 1 of `s`, the
    /// token being all of `s`; callers reading a longer text shift the column.
    fn from_str(text: &str) -> Result<Dyadic, ParseError> {
        let fail = |message: String| ParseError::new(1, text, message);
        // Quoted escaped: a message is one line whatever the text holds.
        let s = text.escape_debug().to_string();
        let (p, q) = match text.split_once('/') {
            Some((p, q)) => (p, Some(q)),
            None => (text, None),
        };
        let digits_ok = |t: &str| {
            let t = t.strip_prefix('-').unwrap_or(t);
            !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())
        };
        if !digits_ok(p) {
            return Err(fail(format!("'{s}' is not a number")));
        }
        let num = BigInt::from_str(p).map_err(|_| fail(format!("'{s}' is not a number")))?;
        let Some(q) = q else {
            return Ok(Dyadic::integer(num));
        };
        if !q.bytes().all(|b| b.is_ascii_digit()) || q.is_empty() {
            return Err(fail(format!("'{s}' has a malformed denominator")));
        }
        let den = BigInt::from_str(q).map_err(|_| fail(format!("'{s}' is not a number")))?;
        if den.is_zero() {
            return Err(fail(format!("'{s}' divides by zero")));
        }
        // Reduce by the odd part of the gcd, then the denominator must be 2^k.
        let g = num.gcd(&den);
        let (num, den) = if g.is_zero() {
            (num, den)
        } else {
            (num / &g, den / &g)
        };
        let k = den.trailing_zeros().unwrap_or(0);
        if den != BigInt::one() << k {
            return Err(fail(format!(
                "'{s}' is not a dyadic rational (the denominator must be a power of 2)"
            )));
        }
        let k = u32::try_from(k).map_err(|_| fail(format!("'{s}' is too large")))?;
        Ok(Dyadic::new(num, k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    /// The sum by aligned big numerators, never the i128 shortcut.
    fn big_sum(a: &Dyadic, b: &Dyadic, minus: bool) -> Dyadic {
        let (x, y, e) = a.aligned(b);
        Dyadic::new(if minus { x - y } else { x + y }, e)
    }

    #[test]
    fn small_sums_agree_with_big_number_sums() {
        let mut rng = SplitMix64(9);
        let pick = |rng: &mut SplitMix64| {
            // Small, near the i64 edge, and far beyond it.
            let num = match rng.below(3) {
                0 => BigInt::from(rng.next_u64() as i64 >> rng.below(60)),
                1 => {
                    BigInt::from(i64::MAX - rng.below(3) as i64)
                        * if rng.below(2) == 0 { 1 } else { -1 }
                }
                _ => BigInt::from(rng.next_u64()) << 70,
            };
            Dyadic::new(num, rng.below(70) as u32)
        };
        for _ in 0..20_000 {
            let (a, b) = (pick(&mut rng), pick(&mut rng));
            assert_eq!(a.add(&b), big_sum(&a, &b, false), "{a} + {b}");
            assert_eq!(a.sub(&b), big_sum(&a, &b, true), "{a} - {b}");
            assert_eq!(a.sub(&a), Dyadic::zero());
        }
    }

    /// Options and birthdays by the big-number rules.
    fn big_options(x: &Dyadic) -> (Option<Dyadic>, Option<Dyadic>) {
        if x.exp == 0 {
            match x.num.sign() {
                num_bigint::Sign::NoSign => (None, None),
                num_bigint::Sign::Plus => (Some(Dyadic::integer(&x.num - 1)), None),
                num_bigint::Sign::Minus => (None, Some(Dyadic::integer(&x.num + 1))),
            }
        } else {
            (
                Some(Dyadic::new(&x.num - 1, x.exp)),
                Some(Dyadic::new(&x.num + 1, x.exp)),
            )
        }
    }

    #[test]
    fn small_fast_paths_agree_with_big_number_rules() {
        let mut rng = SplitMix64(11);
        let pick = |rng: &mut SplitMix64| {
            let num = match rng.below(4) {
                0 => BigInt::from(rng.below(40) as i64 - 20),
                1 => BigInt::from(rng.next_u64() as i64 >> rng.below(63)),
                2 => {
                    BigInt::from(i64::MAX - rng.below(3) as i64)
                        * if rng.below(2) == 0 { 1 } else { -1 }
                }
                _ => BigInt::from(rng.next_u64()) << 70,
            };
            Dyadic::new(num, rng.below(66) as u32)
        };
        for _ in 0..20_000 {
            let (a, b) = (pick(&mut rng), pick(&mut rng));
            assert_eq!(a.options(), big_options(&a), "options of {a}");
            let whole = a.abs().floor().to_u64().unwrap_or(u64::MAX);
            let birthday = if a.exp == 0 {
                whole
            } else {
                whole.saturating_add(1 + a.exp as u64)
            };
            assert_eq!(a.birthday(), birthday, "birthday of {a}");
            let (lo, hi) = if a < b { (a, b) } else { (b, a) };
            if lo == hi {
                continue;
            }
            for (l, h) in [(Some(&lo), Some(&hi)), (Some(&lo), None), (None, Some(&hi))] {
                let fast = Dyadic::simplest_between(l, h);
                assert_eq!(
                    fast,
                    Dyadic::simplest_between_big(l, h),
                    "between {l:?} and {h:?}"
                );
                assert!(l.is_none_or(|l| &fast > l) && h.is_none_or(|h| &fast < h));
            }
        }
        assert_eq!(Dyadic::simplest_between(None, None), Dyadic::zero());
    }

    /// 1 : x by its definition {0, 1:x^L | 1:x^R}, through canonical forms.
    fn blue_edge_under(arena: &mut crate::game::Arena, x: &Dyadic) -> crate::game::GameId {
        let (l, r) = x.options();
        let mut left = vec![arena.zero()];
        left.extend(l.map(|xl| blue_edge_under(arena, &xl)));
        let right = r
            .map(|xr| blue_edge_under(arena, &xr))
            .into_iter()
            .collect();
        arena.make(left, right)
    }

    #[test]
    fn a_blue_edge_under_a_number_is_the_ordinal_sum() {
        let mut arena = crate::game::Arena::new();
        for exp in 0..6u32 {
            for num in -40i64..=40 {
                let x = Dyadic::new(BigInt::from(num), exp);
                let closed = x.under_blue_edge().expect("small");
                let defined = blue_edge_under(&mut arena, &x);
                assert_eq!(arena.as_number(defined), Some(&closed), "1 : {x}");
            }
        }
        // A few by hand: 1:−1 = 1/2, 1:−2 = 1/4, 1:−1/2 = 3/4, 1:−3/2 = 3/8.
        for (x, want) in [
            ("-1", "1/2"),
            ("-2", "1/4"),
            ("-1/2", "3/4"),
            ("-3/2", "3/8"),
            ("5/4", "9/4"),
        ] {
            let x: Dyadic = x.parse().unwrap();
            assert_eq!(x.under_blue_edge().unwrap().to_string(), want);
        }
    }
}
