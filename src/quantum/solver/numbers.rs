//! Values that are numbers, found and proved by outcome searches of the
//! state plus a number ([`super::sum_search`]), without valuing any
//! option (see [`QuantumSolver::number_value`]).

use super::{QuantumSolver, RealId};
use crate::budget::Exceeded;
use crate::game::{Dyadic, GameId, Relation};
use crate::quantum::base::QuantumBase;
use crate::rules::Player;

/// How many comparisons [`QuantumSolver::number_value`] makes before it
/// gives up: far more than the birthday of any value met so far (a number
/// of birthday b is met within about b + 2 steps), and each comparison is
/// a search of its own, so this also bounds the work spent before falling
/// back to the options.
pub const NUMBER_STEPS: usize = 64;

/// The nimbers tried by [`QuantumSolver::nimber_value_of_ids`] on a value
/// confused with a number: *1 up to this one.
pub const NIMBER_PROBES: u32 = 3;

/// What comparisons with numbers found out about a state's value.
pub(super) enum NumberProbe {
    /// The value is this number.
    Number(Dyadic),
    /// The value is confused with this number, so it is not a number (it
    /// may be this number plus a nimber: confused with no other number).
    Confused(Dyadic),
    /// No number of a birthday up to the state's height bound lies within
    /// the bounds found: the value is neither a number nor a number plus a
    /// nimber (x + *m has a larger birthday than x, and lies strictly
    /// between the same bounds as x), as its birthday is at most that
    /// height, and the simplest number between two bounds is the one of
    /// least birthday there.
    Beyond,
    /// Not met within [`NUMBER_STEPS`] comparisons.
    Unknown,
}

impl<B: QuantumBase> QuantumSolver<B> {
    /// The value of `state` under flavour `flavour` (an index into
    /// [`Self::flavours`]) if it is a number, found and proved by outcome
    /// searches alone: no option is valued and no canonical form built.
    ///
    /// G = x exactly when G − x is a second-player win (G ≥ x: Right
    /// moving first in G − x loses; G ≤ x: Left moving first loses), for
    /// any short game G and number x. The search walks down the tree of
    /// numbers: x is the simplest number strictly between the bounds known
    /// so far, and each comparison G > x or G < x narrows them, so a
    /// number G is met after about its birthday's count of steps. `None`
    /// when G is confused with some x (so not a number) or is not met
    /// within [`NUMBER_STEPS`] steps (e.g. x + ↑, which every number
    /// comparison places between ever closer bounds); the caller then
    /// values the state by its options.
    ///
    /// An outcome search stops at the first winning move, so the states
    /// these comparisons visit are far fewer than the states a value
    /// needs (every option of every state, all the way down).
    pub fn number_value(
        &mut self,
        state: &[B::State],
        flavour: usize,
    ) -> Result<Option<Dyadic>, Exceeded> {
        let s = self.reduce(state);
        self.number_value_of_ids(&s, flavour)
    }

    /// [`Self::number_value`] of a reduced state.
    pub(super) fn number_value_of_ids(
        &mut self,
        s: &[RealId],
        flavour: usize,
    ) -> Result<Option<Dyadic>, Exceeded> {
        Ok(match self.number_probe_of_ids(s, flavour)? {
            NumberProbe::Number(x) => Some(x),
            NumberProbe::Confused(_) | NumberProbe::Beyond | NumberProbe::Unknown => None,
        })
    }

    /// The comparisons of [`Self::number_value`], saying where they
    /// stopped.
    pub(super) fn number_probe_of_ids(
        &mut self,
        s: &[RealId],
        flavour: usize,
    ) -> Result<NumberProbe, Exceeded> {
        assert!(flavour < self.flavours.len(), "no such flavour");
        let height = self.height_bound(s);
        let (mut lo, mut hi): (Option<Dyadic>, Option<Dyadic>) = (None, None);
        for _ in 0..NUMBER_STEPS {
            let simplest = Dyadic::simplest_between(lo.as_ref(), hi.as_ref());
            if simplest.birthday() > height {
                return Ok(NumberProbe::Beyond);
            }
            let x = next_comparison(lo.as_ref(), hi.as_ref(), simplest);
            match self.compare_ids_with_number(s, flavour, &x)? {
                Relation::Equal => return Ok(NumberProbe::Number(x)),
                Relation::Greater => lo = Some(x),
                Relation::Less => hi = Some(x),
                Relation::Fuzzy => return Ok(NumberProbe::Confused(x)),
            }
        }
        Ok(NumberProbe::Unknown)
    }

    /// How the value G of a superposed state under the first flavour
    /// compares with the number `x`, by two outcome searches of the state
    /// minus `x` (no value is built). `None` if the two search more than
    /// `quota` states between them (what they found stays in the memos).
    pub fn compare_with_number(
        &mut self,
        state: &[B::State],
        x: &Dyadic,
        quota: u64,
    ) -> Result<Option<Relation>, Exceeded> {
        let s = self.reduce(state);
        self.within_quota(quota, |solver| solver.compare_ids_with_number(&s, 0, x))
    }

    /// How the value G of reduced state `s` under flavour `flavour`
    /// compares with `x`: G ≥ x iff Right, moving first in G − x, loses;
    /// G ≤ x iff Left, moving first, loses.
    fn compare_ids_with_number(
        &mut self,
        s: &[RealId],
        flavour: usize,
        x: &Dyadic,
    ) -> Result<Relation, Exceeded> {
        let at = self.sum_memo(flavour, &x.neg());
        let ge = !self.wins_sum(s, at, Player::Right)?;
        let le = !self.wins_sum(s, at, Player::Left)?;
        Ok(Relation::from_le_ge(le, ge))
    }

    /// A bound on the birthday of reduced state `s`'s value: the height
    /// of its game tree, which is at most its realisations' largest
    /// [`QuantumBase::height_bound`] (every move, superposed or not,
    /// leaves each realisation that survives it with a label fewer).
    fn height_bound(&self, s: &[RealId]) -> u64 {
        s.iter()
            .map(|&id| self.base.height_bound(&self.reals.states[id as usize]))
            .max()
            .unwrap_or(0)
    }

    /// The value of reduced state `s` under flavour `flavour`, confused
    /// with the number `x` ([`NumberProbe::Confused`]), if it is x + *m
    /// for m up to [`NIMBER_PROBES`], proved by outcome searches alone;
    /// `None` if it is proved none of them.
    ///
    /// A value confused with the number x is not a number; if it is
    /// y + *m (m ≥ 1), it is confused with y alone (y + *m − z has the sign
    /// of y − z for any other number z), so y = x. And G = x + *m exactly
    /// when G − x − *m = G + (−x) + *m is a second-player win: each m
    /// is tried by two outcome searches of that sum.
    ///
    /// An impartial state ([`Self::impartial_state`]) is tried with every
    /// m up to its most labels on one realisation: its value is a nimber
    /// *g (an impartial game's value is a nimber, by the mex rule), so
    /// x = 0 and g ≥ 1; g is at most the game's depth (the birthday of *g
    /// is g), and every move takes a label from each realisation it
    /// leaves. The search of G + *m answers for both players (it is
    /// impartial too), so each m costs one search.
    pub(super) fn nimber_value_of_ids(
        &mut self,
        s: &[RealId],
        flavour: usize,
        x: &Dyadic,
    ) -> Result<Option<GameId>, Exceeded> {
        let last = if x.is_zero() && self.impartial_state(s) {
            s.iter()
                .map(|&id| {
                    self.base
                        .present_labels(&self.reals.states[id as usize])
                        .len()
                })
                .max()
                .map_or(0, |n| u32::try_from(n).unwrap_or(u32::MAX))
        } else {
            NIMBER_PROBES
        };
        for m in 1..=last {
            let added = self.arena.number_nimber(x.neg(), m);
            let at = self.sum_memo_of(flavour, added);
            if !self.wins_sum(s, at, Player::Left)? && !self.wins_sum(s, at, Player::Right)? {
                return Ok(Some(self.arena.number_nimber(x.clone(), m)));
            }
        }
        Ok(None)
    }
}

/// The number to compare a value with next, given the bounds `lo` < G < `hi`
/// found so far and `simplest`, the simplest number strictly between them:
/// that one, except that integers far from 0 are reached by doubling, not
/// one by one (any number within the bounds is a valid comparison).
pub fn next_comparison(lo: Option<&Dyadic>, hi: Option<&Dyadic>, simplest: Dyadic) -> Dyadic {
    match (lo, hi) {
        (Some(l), None) if l >= &Dyadic::integer(2) => Dyadic::integer(l.floor() * 2),
        (None, Some(h)) if h <= &Dyadic::integer(-2) => Dyadic::integer(h.ceil() * 2),
        _ => simplest,
    }
}
