//! Values that are numbers, found and proved by outcome searches of the
//! state plus a number, without valuing any option (see
//! [`QuantumSolver::number_value`]), and the outcome search itself, which
//! is the case "plus 0".

use super::{alloc_bytes, bits, key_bytes, IdState, QuantumSolver, RealId};
use crate::budget::Exceeded;
use crate::game::Dyadic;
use crate::quantum::base::QuantumBase;
use crate::quantum::id_memo::IdMemo;
use crate::rules::Player;
use std::mem::size_of;

/// How many comparisons [`QuantumSolver::number_value`] makes before it
/// gives up: far more than the birthday of any value met so far (a number
/// of birthday b is met within about b + 2 steps), and each comparison is
/// a search of its own, so this also bounds the work spent before falling
/// back to the options.
pub const NUMBER_STEPS: usize = 64;

/// The outcome memo of the sums of states with one number, under one
/// flavour: the outcome search of `state + number` for the comparisons of
/// [`QuantumSolver::number_value`] (the plain outcome search is the sum
/// with 0).
pub(super) struct SumMemo {
    /// The flavour searched, as an index into the solver's flavours.
    flavour: usize,
    number: Dyadic,
    pub(super) memo: IdMemo,
}

impl SumMemo {
    /// The plain outcome search: the first flavour, nothing added.
    pub(super) fn plain() -> SumMemo {
        SumMemo {
            flavour: 0,
            number: Dyadic::zero(),
            memo: IdMemo::default(),
        }
    }

    /// What the budget is charged for it: the memo and its number.
    pub(super) fn bytes(&self) -> u64 {
        self.memo.bytes() + alloc_bytes(size_of_val(self.number.numerator()))
    }
}

impl<B: QuantumBase> QuantumSolver<B> {
    /// The index of the outcome memo of sums with `number` under flavour
    /// `flavour` (an index into [`Self::flavours`]), made if new.
    pub(super) fn sum_memo(&mut self, flavour: usize, number: &Dyadic) -> usize {
        if let Some(at) = self
            .wins
            .iter()
            .position(|w| w.flavour == flavour && w.number == *number)
        {
            return at;
        }
        self.wins.push(SumMemo {
            flavour,
            number: number.clone(),
            memo: IdMemo::default(),
        });
        self.wins.len() - 1
    }

    /// Does `p` win moving first in the sum of state `s` and the number
    /// of memo `at` (under that memo's flavour)? A move is a move of the
    /// state or a move of the number (to its canonical option); the
    /// number's move is tried last, as it rarely wins (number avoidance).
    pub(super) fn wins_sum(
        &mut self,
        s: &[RealId],
        at: usize,
        p: Player,
    ) -> Result<bool, Exceeded> {
        let (known, win) = bits(p);
        if let Some(b) = self.wins[at].memo.get(s) {
            if b & u32::from(known) != 0 {
                return Ok(b & u32::from(win) != 0);
            }
        }
        self.account.tick()?;
        self.progress_step();
        let flavour = self.flavours[self.wins[at].flavour];
        let (opponent_known, opponent_wins) = bits(p.opponent());
        let map = self.legal_ids(s, p);
        let mut twins = self.twins(s, &map.labels);
        // The map stays on the stack while the options are enumerated.
        let held = map
            .children
            .iter()
            .map(|c| size_of::<IdState>() as u64 + key_bytes(c))
            .sum::<u64>()
            + alloc_bytes(map.labels.len() * size_of::<B::Move>())
            + alloc_bytes(twins.bytes());
        let mut result = self.account.hold(held).map(|()| false);
        let mut enumeration = self.scratch.enumerations.pop().unwrap_or_default();
        let mut buffer_bytes = 0;
        // First pass: every option, looked up in the memo only. An option
        // already known lost for the opponent wins at once, without
        // searching the options before it (they may be deep); one known
        // won for the opponent is dropped. The others are kept, oriented,
        // for the second pass.
        let mut unknown: Vec<IdState> = Vec::new();
        let mut unknown_bytes = 0;
        if result.is_ok() {
            let mut won = false;
            result = self
                .for_each_canonical_option(
                    &mut enumeration,
                    &map,
                    &[flavour],
                    &mut twins,
                    &mut buffer_bytes,
                    |solver, built, _| {
                        let mut child = built.to_vec();
                        solver.orient_ids(&mut child);
                        match solver.wins[at].memo.get(&child) {
                            Some(b) if b & u32::from(opponent_known) != 0 => {
                                won = b & u32::from(opponent_wins) == 0;
                                Ok(!won)
                            }
                            _ => {
                                let bytes = size_of::<IdState>() as u64 + key_bytes(&child);
                                unknown_bytes += bytes;
                                unknown.push(child);
                                solver.account.hold(bytes)?;
                                Ok(true)
                            }
                        }
                    },
                )
                .map(|()| won);
        }
        self.put_back(enumeration);
        self.account.release(held + buffer_bytes);
        // Second pass: search the options left, those of fewest
        // realisations first (their searches are smaller, and a small
        // state is often a win found early; on Blue Meadow this order
        // visits a third of the states of the order met). A repeat is
        // answered by the memo once its first copy is searched.
        if let Ok(false) = result {
            unknown.sort_by_key(|c| c.len());
            for child in &unknown {
                match self.wins_sum(child, at, p.opponent()) {
                    Ok(true) => {}
                    Ok(false) => {
                        result = Ok(true);
                        break;
                    }
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
            }
        }
        self.account.release(unknown_bytes);
        let mut w = result?;
        if !w {
            let (left, right) = self.wins[at].number.options();
            let option = match p {
                Player::Left => left,
                Player::Right => right,
            };
            if let Some(x) = option {
                let next = self.sum_memo(self.wins[at].flavour, &x);
                w = !self.wins_sum(s, next, p.opponent())?;
            }
        }
        let bits = known | if w { win } else { 0 };
        self.wins[at].memo.update(s, |b| *b |= u32::from(bits));
        self.charge_memo()?;
        Ok(w)
    }

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
        assert!(flavour < self.flavours.len(), "no such flavour");
        let (mut lo, mut hi): (Option<Dyadic>, Option<Dyadic>) = (None, None);
        for _ in 0..NUMBER_STEPS {
            let x = match (&lo, &hi) {
                // Integers far from 0 are found by doubling, not one by
                // one; any x in the bounds is a valid comparison.
                (Some(l), None) if l >= &Dyadic::integer(2) => Dyadic::integer(l.floor() * 2),
                (None, Some(h)) if h <= &Dyadic::integer(-2) => Dyadic::integer(h.ceil() * 2),
                _ => Dyadic::simplest_between(lo.as_ref(), hi.as_ref()),
            };
            let at = self.sum_memo(flavour, &x.neg());
            let ge = !self.wins_sum(s, at, Player::Right)?;
            let le = !self.wins_sum(s, at, Player::Left)?;
            match (ge, le) {
                (true, true) => return Ok(Some(x)),
                (true, false) => lo = Some(x),
                (false, true) => hi = Some(x),
                (false, false) => return Ok(None),
            }
        }
        Ok(None)
    }
}
