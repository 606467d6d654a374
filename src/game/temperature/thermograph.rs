//! Thermographs (Siegel 2013, II.5): the left and right walls of a game
//! cooled by every temperature t ≥ −1, as exact piecewise-linear data.
//!
//! For an integer n both walls are the mast x = n from t = −1. For any
//! other canonical game G the left scaffold is Λ(t) = max over G^L of
//! R_t(G^L) − t and the right scaffold P(t) = min over G^R of
//! L_t(G^R) + t; the walls follow the scaffolds up to the first
//! temperature t* at which Λ(t*) ≤ P(t*), where they meet at the mean x,
//! and stay at x (the mast) above it. t* is the temperature.
//!
//! Numbers: an integer has temperature −1, a number m/2^k (m odd, k ≥ 1)
//! has temperature −1/2^k, because its canonical form {m−1/2^k |
//! m+1/2^k} freezes there (Siegel's subzero convention, which CGSuite
//! follows). At every t ≥ −1 the walls are the stops of G cooled by t
//! (Siegel's Definition of cooling with integers frozen), which
//! `tests/temperature.rs` checks against cooling by that definition.

use super::trajectory::{Slope, Trajectory, TrajectoryParseError};
use crate::game::Dyadic;
use std::fmt;
use std::str::FromStr;

/// A thermograph: the left wall L_t (falling or flat) and the right wall
/// R_t (rising or flat) of a short game, both ending in the mast.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Thermograph {
    left: Trajectory,
    right: Trajectory,
}

impl Thermograph {
    /// A mast from t = −1: the thermograph of an integer.
    pub fn mast(x: Dyadic) -> Thermograph {
        let wall = Trajectory::constant(x);
        Thermograph {
            left: wall.clone(),
            right: wall,
        }
    }

    /// Walls as given, if they are walls of one thermograph: the left one
    /// with slopes −1 and 0, the right one with 0 and +1, both flat at the
    /// end at the same value, the left never below the right.
    pub fn from_walls(left: Trajectory, right: Trajectory) -> Option<Thermograph> {
        let slopes_ok = left.pieces().iter().all(|p| p.slope != Slope::Up)
            && right.pieces().iter().all(|p| p.slope != Slope::Down);
        let g = Thermograph { left, right };
        let ends_ok = g.left.tail() == Slope::Flat
            && g.right.tail() == Slope::Flat
            && g.left.pieces().last().map(|p| &p.v) == g.right.pieces().last().map(|p| &p.v);
        // Piecewise linear: comparing at every breakpoint of either
        // compares everywhere.
        let ordered = g
            .left
            .pieces()
            .iter()
            .chain(g.right.pieces())
            .all(|p| g.left.value_at(&p.t) >= g.right.value_at(&p.t));
        (slopes_ok && ends_ok && ordered).then_some(g)
    }

    /// The left wall L_t.
    pub fn left(&self) -> &Trajectory {
        &self.left
    }

    /// The right wall R_t.
    pub fn right(&self) -> &Trajectory {
        &self.right
    }

    /// The mean value: where the mast stands.
    pub fn mean(&self) -> &Dyadic {
        &self.left.pieces()[self.left.pieces().len() - 1].v
    }

    /// The temperature: where the mast starts, the later of the two
    /// walls' last breakpoints (below it the walls are apart, since both
    /// are flat above it and they meet only there).
    pub fn temperature(&self) -> &Dyadic {
        self.left.last_start().max(self.right.last_start())
    }

    /// The walls at temperature t: (L_t, R_t).
    pub fn at(&self, t: &Dyadic) -> (Dyadic, Dyadic) {
        (self.left.value_at(t), self.right.value_at(t))
    }
}

impl fmt::Display for Thermograph {
    /// `L (-1, 5) (3, 1); R (-1, -3) (3, 1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "L {}; R {}", self.left, self.right)
    }
}

/// Text that is not a thermograph.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ThermographParseError {
    #[error("a thermograph reads 'L (t, v) …; R (t, v) …'")]
    Shape,
    #[error(transparent)]
    Wall(#[from] TrajectoryParseError),
    #[error("these walls are not a thermograph's (slopes, order or mast)")]
    Walls,
}

impl FromStr for Thermograph {
    type Err = ThermographParseError;

    fn from_str(text: &str) -> Result<Thermograph, ThermographParseError> {
        let (l, r) = text.split_once(';').ok_or(ThermographParseError::Shape)?;
        let l = l
            .trim()
            .strip_prefix('L')
            .ok_or(ThermographParseError::Shape)?;
        let r = r
            .trim()
            .strip_prefix('R')
            .ok_or(ThermographParseError::Shape)?;
        Thermograph::from_walls(l.parse()?, r.parse()?).ok_or(ThermographParseError::Walls)
    }
}
