//! Temperature theory of short games, after Siegel, *Combinatorial Game
//! Theory* (AMS, 2013), chapter II: stops, thermographs with mean and
//! temperature (II.5), the reduced canonical form (II.6) and atomic
//! weights of all-small games (II.7).
//!
//! Hackenbush positions of childish or uncoloured play are hot
//! (`{4|-2}`, mean 1, temperature 3): how hot a position is, and what it
//! is worth on average, is what a player adding up many of them needs.
//! Green positions and sprigs are all-small, where the atomic weight
//! says how many ↑ a value is worth.
//!
//! Everything works on the canonical forms of an [`Arena`] and is
//! remembered per [`GameId`] in a [`Thermal`], so a DAG is walked once.
//! Values are exact ([`Dyadic`]); the walls are exact piecewise-linear
//! data ([`Trajectory`]). The checks against the definitions (cooling,
//! infinitesimal closeness, additivity of atomic weight) are in
//! `tests/temperature.rs`.

mod atomic;
mod reduced;
mod thermograph;
mod trajectory;

pub use thermograph::{Thermograph, ThermographParseError};
pub use trajectory::{coldest, Piece, Slope, Trajectory, TrajectoryParseError};

use crate::budget::{Budget, Exceeded, Meter};
use crate::game::{Arena, Dyadic, GameId};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// What stops a temperature computation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ThermalError {
    #[error(transparent)]
    Budget(#[from] Exceeded),
    /// An invariant of the construction failed (a wall outside slopes
    /// −1..1, scaffolds that never meet): a bug, reported, never a panic.
    #[error("temperature theory: {0} (a bug; please report it)")]
    Internal(String),
}

/// Memo tables of the temperature computations on one arena's games,
/// charged to a budget.
pub struct Thermal {
    stops: FxHashMap<GameId, (Dyadic, Dyadic)>,
    thermographs: FxHashMap<GameId, Rc<Thermograph>>,
    reduced: FxHashMap<GameId, GameId>,
    atomic: FxHashMap<GameId, GameId>,
    meter: Meter,
    /// Work done since the arena's size was last charged.
    steps: u32,
}

impl Default for Thermal {
    fn default() -> Self {
        Thermal::new(&Budget::unlimited())
    }
}

impl Thermal {
    pub fn new(budget: &Budget) -> Thermal {
        Thermal {
            stops: FxHashMap::default(),
            thermographs: FxHashMap::default(),
            reduced: FxHashMap::default(),
            atomic: FxHashMap::default(),
            meter: budget.meter(),
            steps: 0,
        }
    }

    /// One step of work: the clock now and then, and the arena's and the
    /// memos' bytes every few hundred steps (they grow together).
    fn step(&mut self, arena: &Arena) -> Result<(), Exceeded> {
        self.meter.tick()?;
        self.steps += 1;
        if self.steps >= 256 {
            self.steps = 0;
            self.meter.budget().check_time()?;
            let entry = std::mem::size_of::<(GameId, (Dyadic, Dyadic))>() + 16;
            let memo = (self.stops.len() + self.thermographs.len() * 4) * entry
                + (self.reduced.len() + self.atomic.len()) * 16;
            self.meter.set(0, arena.approx_bytes() + memo as u64)?;
        }
        Ok(())
    }

    /// The Left and Right stops: L(G) = R(G) = x for a number x (and for
    /// x + *n); otherwise L(G) = max R(G^L), R(G) = min L(G^R).
    pub fn stops(&mut self, arena: &mut Arena, g: GameId) -> Result<(Dyadic, Dyadic), Exceeded> {
        if let Some((x, _)) = arena.as_number_nimber(g) {
            let x = x.clone();
            return Ok((x.clone(), x));
        }
        if let Some(s) = self.stops.get(&g) {
            return Ok(s.clone());
        }
        self.step(arena)?;
        let (gl, gr) = arena.options(g);
        let mut left: Option<Dyadic> = None;
        for &x in gl.iter() {
            let r = self.stops(arena, x)?.1;
            if left.as_ref().is_none_or(|l| &r > l) {
                left = Some(r);
            }
        }
        let mut right: Option<Dyadic> = None;
        for &x in gr.iter() {
            let l = self.stops(arena, x)?.0;
            if right.as_ref().is_none_or(|r| &l < r) {
                right = Some(l);
            }
        }
        // A canonical game that is not a number has options on both sides
        // (one with a side empty is an integer).
        let s = match (left, right) {
            (Some(l), Some(r)) => (l, r),
            (l, r) => {
                let x = l.or(r).unwrap_or_else(Dyadic::zero);
                (x.clone(), x)
            }
        };
        self.stops.insert(g, s.clone());
        Ok(s)
    }

    /// Whether G is infinitesimal or infinitesimally close to a number x
    /// (both stops x): Some(x) if so.
    pub fn close_number(
        &mut self,
        arena: &mut Arena,
        g: GameId,
    ) -> Result<Option<Dyadic>, Exceeded> {
        let (l, r) = self.stops(arena, g)?;
        Ok((l == r).then_some(l))
    }

    /// The thermograph of G (see [`Thermograph`] for the construction).
    pub fn thermograph(
        &mut self,
        arena: &mut Arena,
        g: GameId,
    ) -> Result<Rc<Thermograph>, ThermalError> {
        if let Some(t) = self.thermographs.get(&g) {
            return Ok(t.clone());
        }
        self.step(arena)?;
        let t = Rc::new(self.thermograph_uncached(arena, g)?);
        self.thermographs.insert(g, t.clone());
        Ok(t)
    }

    fn thermograph_uncached(
        &mut self,
        arena: &mut Arena,
        g: GameId,
    ) -> Result<Thermograph, ThermalError> {
        if let Some(x) = arena.as_number(g).filter(|x| x.is_integer()) {
            return Ok(Thermograph::mast(x.clone()));
        }
        let bug = |arena: &Arena, what: &str| {
            ThermalError::Internal(format!("{what} in {}", arena.plain(g)))
        };
        let (gl, gr) = arena.options(g);
        let mut left: Option<Trajectory> = None;
        for &x in gl.iter() {
            let wall = self.thermograph(arena, x)?.right().tilted(-1);
            let wall = wall.ok_or_else(|| bug(arena, "a right wall falls"))?;
            left = Some(match left {
                Some(l) => l.combine(&wall, true),
                None => wall,
            });
        }
        let mut right: Option<Trajectory> = None;
        for &x in gr.iter() {
            let wall = self.thermograph(arena, x)?.left().tilted(1);
            let wall = wall.ok_or_else(|| bug(arena, "a left wall rises"))?;
            right = Some(match right {
                Some(r) => r.combine(&wall, false),
                None => wall,
            });
        }
        let (Some(left), Some(right)) = (left, right) else {
            return Err(bug(arena, "a non-integer with a side without options"));
        };
        // The scaffolds meet (the left one ends falling, the right one
        // rising). At −1 the left one is never below the right one for a
        // canonical non-integer (tests/temperature.rs checks every game
        // born by day 3); if it were, the mast would not be theirs.
        let hot = left
            .first_at_most(&right)
            .ok_or_else(|| bug(arena, "scaffolds that never meet"))?;
        let x = left.value_at(&hot);
        if x != right.value_at(&hot) {
            return Err(bug(arena, "scaffolds apart at t = -1"));
        }
        Thermograph::from_walls(left.until(&hot, x.clone()), right.until(&hot, x))
            .ok_or_else(|| bug(arena, "walls out of order"))
    }

    /// A ≤ B modulo infinitesimals (A ≤ B + ε for some infinitesimal ε),
    /// which holds iff R(B − A) ≥ 0 (Siegel II.6). The bounds R(B) − L(A)
    /// ≤ R(B − A) ≤ R(B) − R(A) settle most pairs without the sum.
    pub fn inf_le(&mut self, arena: &mut Arena, a: GameId, b: GameId) -> Result<bool, Exceeded> {
        if a == b {
            return Ok(true);
        }
        let (la, ra) = self.stops(arena, a)?;
        let rb = self.stops(arena, b)?.1;
        if !rb.sub(&la).is_negative() {
            return Ok(true);
        }
        if rb.sub(&ra).is_negative() {
            return Ok(false);
        }
        self.step(arena)?;
        let d = arena.sub(b, a);
        Ok(!self.stops(arena, d)?.1.is_negative())
    }
}

#[cfg(test)]
mod tests;
