//! The synchronous solver's arithmetic before it moved to dashu (kept here
//! only for the side-by-side in `benches/rational_backends.rs`).
//!
//! Synchronous values of sums of halves have denominators of tens of
//! thousands of bits (about 17,000 bits at m, n ≤ 9), and every
//! `BigRational` operation reduces its result with num-bigint's binary gcd,
//! which works bit by bit. Profiling showed 85% of the time there. So the hot
//! formulas here are computed fraction-free over `BigInt` and reduced once,
//! with Lehmer's gcd (Knuth, TAOCP vol. 2, Algorithm 4.5.2 L), which consumes
//! about 30 bits per pass; comparisons cross-multiply instead of expanding
//! continued fractions as `Ord for Ratio` does.

use std::cmp::Ordering;

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};

/// Below this many bits the library's gcd is as fast.
const SMALL: u64 = 256;

/// gcd(a, b) by Lehmer's algorithm.
pub fn gcd(a: &BigUint, b: &BigUint) -> BigUint {
    let (mut a, mut b) = if a >= b {
        (a.clone(), b.clone())
    } else {
        (b.clone(), a.clone())
    };
    while b.bits() > SMALL {
        // Leading 63 bits of a, and the bits of b at the same positions.
        let shift = a.bits() - 63;
        let mut x = (&a >> shift).to_i128().unwrap_or(0);
        let mut y = (&b >> shift).to_i128().unwrap_or(0);
        let (mut ca, mut cb, mut cc, mut cd) = (1i128, 0i128, 0i128, 1i128);
        // Simulate Euclid on the leading digits while the quotient is certain.
        while y + cc != 0 && y + cd != 0 {
            let q = (x + ca) / (y + cc);
            if q != (x + cb) / (y + cd) {
                break;
            }
            (ca, cc) = (cc, ca - q * cc);
            (cb, cd) = (cd, cb - q * cd);
            (x, y) = (y, x - q * y);
        }
        if cb == 0 {
            let r = &a % &b;
            a = std::mem::replace(&mut b, r);
        } else {
            let (ia, ib) = (BigInt::from(a), BigInt::from(b));
            let na = &ia * ca + &ib * cb;
            let nb = &ia * cc + &ib * cd;
            a = na.magnitude().clone();
            b = nb.magnitude().clone();
            if a < b {
                std::mem::swap(&mut a, &mut b);
            }
        }
    }
    if b.is_zero() {
        return a;
    }
    // One division first: the library's binary gcd is slow when a is large.
    (&a % &b).gcd(&b)
}

/// n / d reduced (d ≠ 0; callers guarantee it).
pub fn make(n: BigInt, d: BigInt) -> BigRational {
    let (mut n, mut d) = if d.sign() == Sign::Minus {
        (-n, -d)
    } else {
        (n, d)
    };
    if n.is_zero() {
        return BigRational::zero();
    }
    let g = gcd(n.magnitude(), d.magnitude());
    debug_assert!((n.magnitude() % &g).is_zero() && (d.magnitude() % &g).is_zero());
    if !g.is_one() {
        let g = BigInt::from(g);
        n /= &g;
        d /= &g;
    }
    BigRational::new_raw(n, d)
}

/// Exact comparison by cross-multiplication (denominators are positive).
pub fn cmp(a: &BigRational, b: &BigRational) -> Ordering {
    if a.denom() == b.denom() {
        return a.numer().cmp(b.numer());
    }
    let (sa, sb) = (a.numer().sign(), b.numer().sign());
    if sa != sb {
        return sa.cmp(&sb);
    }
    (a.numer() * b.denom()).cmp(&(b.numer() * a.denom()))
}

pub fn le(a: &BigRational, b: &BigRational) -> bool {
    cmp(a, b) != Ordering::Greater
}

/// Σ cₖ·xₖ as an unreduced pair (numerator, positive denominator).
pub fn combine(terms: &[(i64, &BigRational)]) -> (BigInt, BigInt) {
    let mut n = BigInt::zero();
    let mut d = BigInt::one();
    for &(c, x) in terms {
        if c == 0 {
            continue;
        }
        if x.denom() == &d || x.denom().is_one() {
            let scale = if x.denom().is_one() {
                d.clone()
            } else {
                BigInt::one()
            };
            n += x.numer() * scale * c;
        } else {
            n = n * x.denom() + x.numer() * &d * c;
            d *= x.denom();
        }
    }
    (n, d)
}

/// Σ wₖ·xₖ / total, reduced once.
pub fn weighted_sum(parts: &[(u64, &BigRational)], total: u64) -> BigRational {
    match parts {
        [] => BigRational::zero(),
        [(w, x)] if *w == total => (*x).clone(),
        _ => {
            let terms: Vec<(i64, &BigRational)> =
                parts.iter().map(|&(w, x)| (w as i64, x)).collect();
            let (n, d) = combine(&terms);
            make(n, d * BigInt::from(total))
        }
    }
}

/// (n1/d1) / (n2/d2) reduced; n2 ≠ 0.
pub fn ratio((n1, d1): &(BigInt, BigInt), (n2, d2): &(BigInt, BigInt)) -> BigRational {
    make(n1 * d2, d1 * n2)
}

/// The sign of an unreduced pair (its denominator is positive).
pub fn sign((n, _): &(BigInt, BigInt)) -> Sign {
    n.sign()
}
