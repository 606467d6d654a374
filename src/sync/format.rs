//! Exact printing of rationals in the plain notation of RULES.md §2.

use num_rational::BigRational;
use num_traits::One;

/// `9/14`, `-1/2`, `3`, `0`: reduced, improper, sign in front.
pub fn format_rational(v: &BigRational) -> String {
    // BigRational keeps itself reduced with a positive denominator.
    if v.denom().is_one() {
        v.numer().to_string()
    } else {
        format!("{}/{}", v.numer(), v.denom())
    }
}
