//! The synchronous solver's exact rationals, behind one small type.
//!
//! Values of sums of halves reach hundreds of thousands of bits, where the
//! time goes to gcds and products of big integers. [`Q`] wraps dashu's
//! `RBig` (always reduced, positive denominator); nothing else in the solver
//! names the backend, so it can be swapped here alone. `num-rational`'s
//! `BigRational` stays at the public edges ([`Q::from_big`], [`Q::to_big`]).
//!
//! Every operation reduces its result, and that is the fast way here:
//! dashu adds and multiplies by gcds of one pair of denominators or of
//! cross factors (Henrici's method), and a gcd costs the square of its
//! operands' length, so several gcds of short operands beat forming a sum
//! fraction-free and reducing it once (measured: the weighted averages of
//! the solver took six times longer that way).

use std::ops::{Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use dashu_base::{BitTest, Sign, UnsignedAbs};
use dashu_int::{IBig, UBig};
use dashu_ratio::RBig;
use num_bigint::BigInt;
use num_rational::BigRational;

/// An exact rational number.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub(crate) struct Q(RBig);

impl Q {
    pub(crate) fn zero() -> Q {
        Q(RBig::ZERO)
    }

    pub(crate) fn one() -> Q {
        Q(RBig::ONE)
    }

    pub(crate) fn int(n: i64) -> Q {
        Q(RBig::from(n))
    }

    /// n / d (d > 0).
    pub(crate) fn ratio(n: i64, d: u64) -> Q {
        Q(RBig::from_parts(IBig::from(n), UBig::from(d)))
    }

    pub(crate) fn is_zero(&self) -> bool {
        self.0.is_zero()
    }

    pub(crate) fn is_positive(&self) -> bool {
        self.0.sign() == Sign::Positive && !self.0.is_zero()
    }

    pub(crate) fn is_negative(&self) -> bool {
        self.0.sign() == Sign::Negative
    }

    /// The largest integer ≤ self.
    pub(crate) fn floor(&self) -> Q {
        Q(RBig::from(self.0.floor()))
    }

    /// 1 / self (self ≠ 0).
    pub(crate) fn recip(&self) -> Q {
        Q(RBig::ONE / &self.0)
    }

    /// Heap bytes of the digits (for budgets).
    pub(crate) fn bytes(&self) -> u64 {
        let bits = self.0.numerator().unsigned_abs().bit_len() + self.0.denominator().bit_len();
        bits as u64 / 8 + 16
    }

    /// Σ wₖ·xₖ / total.
    pub(crate) fn weighted_sum(parts: &[(u64, &Q)], total: u64) -> Q {
        match parts {
            [] => Q::zero(),
            [(w, x)] if *w == total => (*x).clone(),
            _ => {
                let sum = parts
                    .iter()
                    .fold(RBig::ZERO, |s, &(w, x)| s + &x.0 * RBig::from(w));
                Q(sum / RBig::from(total))
            }
        }
    }

    pub(crate) fn from_big(v: &BigRational) -> Q {
        let (sign, mag) = v.numer().to_bytes_le();
        let n = UBig::from_le_bytes(&mag);
        let n = match sign {
            num_bigint::Sign::Minus => -IBig::from(n),
            _ => IBig::from(n),
        };
        let d = UBig::from_le_bytes(&v.denom().to_bytes_le().1);
        // At the public edge only: the gcd here is of no consequence.
        Q(RBig::from_parts(n, d))
    }

    pub(crate) fn to_big(&self) -> BigRational {
        let n = self.0.numerator();
        let mag = BigInt::from_bytes_le(num_bigint::Sign::Plus, &n.unsigned_abs().to_le_bytes());
        let n = if n.sign() == Sign::Negative {
            -mag
        } else {
            mag
        };
        let d = BigInt::from_bytes_le(num_bigint::Sign::Plus, &self.0.denominator().to_le_bytes());
        // Both sides keep fractions reduced with a positive denominator.
        BigRational::new_raw(n, d)
    }
}

macro_rules! binary {
    ($Trait:ident, $method:ident, $Assign:ident, $assign:ident) => {
        impl $Trait<&Q> for &Q {
            type Output = Q;
            fn $method(self, rhs: &Q) -> Q {
                Q($Trait::$method(&self.0, &rhs.0))
            }
        }
        impl $Trait<Q> for &Q {
            type Output = Q;
            fn $method(self, rhs: Q) -> Q {
                Q($Trait::$method(&self.0, rhs.0))
            }
        }
        impl $Trait<&Q> for Q {
            type Output = Q;
            fn $method(self, rhs: &Q) -> Q {
                Q($Trait::$method(self.0, &rhs.0))
            }
        }
        impl $Trait<Q> for Q {
            type Output = Q;
            fn $method(self, rhs: Q) -> Q {
                Q($Trait::$method(self.0, rhs.0))
            }
        }
        impl $Assign<&Q> for Q {
            fn $assign(&mut self, rhs: &Q) {
                $Assign::$assign(&mut self.0, &rhs.0);
            }
        }
        impl $Assign<Q> for Q {
            fn $assign(&mut self, rhs: Q) {
                $Assign::$assign(&mut self.0, rhs.0);
            }
        }
    };
}

binary!(Add, add, AddAssign, add_assign);
binary!(Sub, sub, SubAssign, sub_assign);
binary!(Mul, mul, MulAssign, mul_assign);
binary!(Div, div, DivAssign, div_assign);

impl Neg for Q {
    type Output = Q;
    fn neg(self) -> Q {
        Q(-self.0)
    }
}

impl Neg for &Q {
    type Output = Q;
    fn neg(self) -> Q {
        Q(-&self.0)
    }
}

impl std::iter::Sum for Q {
    fn sum<I: Iterator<Item = Q>>(iter: I) -> Q {
        iter.fold(Q::zero(), |s, x| s + x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn converts_both_ways_exactly() {
        for (n, d) in [(0, 1), (3, 4), (-7, 12), (5, 1), (-1, 3)] {
            let b = big(n, d);
            assert_eq!(Q::from_big(&b).to_big(), b);
        }
        // Past one machine word, negative.
        let huge = BigRational::new(-BigInt::from(3).pow(200), BigInt::from(2).pow(150) * 7);
        assert_eq!(Q::from_big(&huge).to_big(), huge);
        assert_eq!(Q::ratio(6, 4), Q::from_big(&big(3, 2)));
    }

    #[test]
    fn arithmetic_matches_num_rational() {
        let (a, b, c) = (big(1, 3), big(-5, 6), big(7, 10));
        let (qa, qb, qc) = (Q::from_big(&a), Q::from_big(&b), Q::from_big(&c));
        assert_eq!((&qa + &qb).to_big(), &a + &b);
        assert_eq!((&qa - &qc).to_big(), &a - &c);
        assert_eq!((&qb * &qc).to_big(), &b * &c);
        assert_eq!((&qa / &qb).to_big(), &a / &b);
        assert_eq!((-&qb).to_big(), -b.clone());
        assert_eq!(qb.floor().to_big(), b.floor());
        assert_eq!(qc.recip().to_big(), c.recip());
        assert_eq!(qa.cmp(&qb), a.cmp(&b));
        assert!(qb.is_negative() && qa.is_positive() && Q::zero().is_zero());
        assert!(!Q::zero().is_positive() && !Q::zero().is_negative());
        let w = Q::weighted_sum(&[(1, &qa), (2, &qb)], 4);
        assert_eq!(w.to_big(), (&a + &b * big(2, 1)) / big(4, 1));
    }
}
