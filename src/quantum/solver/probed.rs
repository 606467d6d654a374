//! Values found by probes before the full search: a state whose value is
//! a number, or a number plus a small nimber, is valued by outcome searches
//! of its sums with numbers and nimbers
//! ([`QuantumSolver::small_value_of_ids`]); any other state from those of
//! its players' options that can be best, the others dropped by an
//! outcome search each against the best values found so far
//! ([`QuantumSolver::undominated`]), valued the same way all the way down.
//! Best moves of a player without a winning move are found the same way.
//!
//! Nothing here is a reduction of states: every value is either proved
//! equal by a second-player-win search of the difference (G = H exactly
//! when G − H is a second-player win, for any short games) or found from
//! options by the definition, with dominated options left out (a game's
//! value is the same without them). What changes is which states are
//! visited: the full search values every state below the one asked about,
//! where an outcome search stops at a first winning move. A game's
//! canonical form has a few options for each player, where a quantum
//! state has dozens or hundreds of moves, most of them no better than
//! the best: each of those costs an outcome search, not a value. And most
//! classroom drawings are worth numbers (blue-red ones above all), as are
//! most of their players' options, found without valuing any option.

use super::numbers::NIMBER_PROBES;
use super::{IdState, QuantumSolver, RealId, ValuedMoves};
use crate::budget::Exceeded;
use crate::game::{Arena, GameId};
use crate::quantum::base::QuantumBase;
use crate::quantum::moves::QuantumMove;
use crate::rules::Player;

impl<B: QuantumBase> QuantumSolver<B> {
    /// Value states by probes before the full search ([`Self::value`],
    /// [`Self::best_moves`] and the options they value), under the first
    /// flavour. Off by default: a table asks about every state below
    /// anyway, which the full search values once each; the probes pay
    /// where one state is asked about (an analysis) and it, or its
    /// players' options, are mostly worth numbers.
    pub fn probe_values(&mut self, on: bool) {
        self.probing = on;
    }

    /// The value of reduced state `s` under the first flavour: from the
    /// memos if known, else by [`Self::small_value_of_ids`], else from the
    /// options that can be best ([`Self::undominated`]), each valued the
    /// same way. No level hands over to the full search: with options
    /// dropped against hot values too, the probes visit fewer states than
    /// the full search at every depth the classroom drawings reach.
    pub(super) fn probed_value_of_ids(&mut self, s: &[RealId]) -> Result<GameId, Exceeded> {
        if let Some(v) = self.known_or_small(s)? {
            return Ok(v);
        }
        self.account.tick()?;
        self.progress_step();
        let mut sides = [Vec::new(), Vec::new()];
        let mut held = 0;
        let found = self.pruned_sides(s, &mut sides, &mut held);
        self.account.release(held);
        found?;
        let [left, right] = sides;
        let v = self.arena.make(left, right);
        self.remember_probed(s, v)?;
        Ok(v)
    }

    /// Memoise `v` as the value of `s` found by probes.
    fn remember_probed(&mut self, s: &[RealId], v: GameId) -> Result<(), Exceeded> {
        self.probed.insert_words(s, &[v.0]);
        self.charge_memo()
    }

    /// Both players' options of `s` under the first flavour that can be
    /// best, valued ([`Self::undominated`]).
    fn pruned_sides(
        &mut self,
        s: &[RealId],
        sides: &mut [Vec<GameId>; 2],
        held: &mut u64,
    ) -> Result<(), Exceeded> {
        let mut known = Vec::new();
        let mut pending = Vec::new();
        for (k, p) in Player::BOTH.into_iter().enumerate() {
            known.clear();
            pending.clear();
            self.option_values(s, p, &mut known, &mut pending, held)?;
            // The first flavour's options alone (bit 0 of each mask).
            let options = known
                .iter()
                .filter(|(_, mask)| mask & 1 != 0)
                .map(|(v, _)| (Some(v[0]), IdState::new()))
                .chain(
                    pending
                        .drain(..)
                        .filter(|(_, mask)| mask & 1 != 0)
                        .map(|(child, _)| (None, child)),
                )
                .collect();
            let valued = self.undominated(options, p, false)?;
            sides[k].extend(valued.into_iter().map(|(_, v)| v));
        }
        Ok(())
    }

    /// The value of reduced state `s` under the first flavour if a memo
    /// has it or it is small ([`Self::small_value_of_ids`], memoised).
    fn known_or_small(&mut self, s: &[RealId]) -> Result<Option<GameId>, Exceeded> {
        if let Some(v) = self.known_value(s) {
            return Ok(Some(v));
        }
        let small = self.small_value_of_ids(s, 0)?;
        if let Some(v) = small {
            self.remember_probed(s, v)?;
        }
        Ok(small)
    }

    /// The options of `p` (who has no winning move) that can be best,
    /// with their values, in the order given.
    pub(super) fn probed_scores(
        &mut self,
        options: Vec<(QuantumMove<B::Move>, IdState)>,
        p: Player,
    ) -> Result<ValuedMoves<B::Move>, Exceeded> {
        let (labels, states): (Vec<_>, Vec<_>) = options
            .into_iter()
            .map(|(labels, child)| (labels, (None, child)))
            .unzip();
        let valued = self.undominated(states, p, true)?;
        let mut labels: Vec<_> = labels.into_iter().map(Some).collect();
        Ok(valued
            .into_iter()
            .map(|(k, v)| (labels[k].take().expect("each option once"), v))
            .collect())
    }

    /// Of `options` of `p` (each with its value if known, and its state),
    /// enough to find the best for `p`, as their indices in `options` with
    /// their values, in the order given: every option left out is no
    /// better for `p` than one kept (strictly worse if `strict`).
    ///
    /// Options whose values a memo has come first; each other option O is
    /// compared with the best values V found so far by one outcome search
    /// of O − V (for Left, O ≤ V iff Left moving first in O − V loses; for
    /// Right, O ≥ V iff Right moving first loses). An option no better
    /// than some V is dropped unvalued: whatever it dominates, V dominates
    /// too, and a game's value is the same without a dominated option. The
    /// best moves need strictly worse options alone dropped (`strict`):
    /// then a second search of O − V (the opponent moving first) tells
    /// O = V, kept with V's value, from O worse than V. The options not
    /// dropped are valued by [`Self::probed_value_of_ids`], those of
    /// fewest realisations first (the smallest searches, and a first best
    /// value to compare the others with).
    fn undominated(
        &mut self,
        options: Vec<(Option<GameId>, IdState)>,
        p: Player,
        strict: bool,
    ) -> Result<Vec<(usize, GameId)>, Exceeded> {
        let mut valued = Vec::with_capacity(options.len());
        let mut pending = Vec::new();
        for (k, (known, child)) in options.into_iter().enumerate() {
            match known.or_else(|| self.known_value(&child)) {
                Some(v) => valued.push((k, v)),
                None => pending.push((k, child)),
            }
        }
        let mut tops = Tops::default();
        for &(_, v) in &valued {
            tops.add(&mut self.arena, v, p);
        }
        pending.sort_by_key(|(_, child)| child.len());
        for (k, child) in pending {
            match self.compared_with_tops(&child, &mut tops, p, strict)? {
                Compared::Equal(v) => valued.push((k, v)),
                Compared::Worse => {}
                Compared::NotWorse => {
                    let v = self.probed_value_of_ids(&child)?;
                    tops.add(&mut self.arena, v, p);
                    valued.push((k, v));
                }
            }
        }
        valued.sort_unstable_by_key(|&(k, _)| k);
        Ok(valued)
    }

    /// The value of reduced state `s` under the first flavour, if a memo
    /// has it.
    fn known_value(&self, s: &[RealId]) -> Option<GameId> {
        match self.memo_value(s) {
            Some(v) => Some(v[0]),
            None => self.probed.get(s).map(GameId),
        }
    }

    /// How option `s` of `p` compares with the best values found so far
    /// (see [`Self::undominated`]).
    fn compared_with_tops(
        &mut self,
        s: &[RealId],
        tops: &mut Tops,
        p: Player,
        strict: bool,
    ) -> Result<Compared, Exceeded> {
        for k in 0..tops.values.len() {
            // Not against a number plus a nimber past the probes' (*4 and
            // up, quantum Nim's values): a sum with *m lets the search move
            // to each smaller nimber at every state it visits, and options
            // worth nimbers compare with *m only when equal to it. Valuing
            // such options costs less than comparing them.
            let big_nimber = self
                .arena
                .as_number_nimber(tops.values[k])
                .is_some_and(|(_, m)| m > NIMBER_PROBES);
            if big_nimber {
                continue;
            }
            let at = tops.memo(self, k);
            if self.wins_sum(s, at, p)? {
                continue;
            }
            if !strict {
                return Ok(Compared::Worse);
            }
            return Ok(if self.wins_sum(s, at, p.opponent())? {
                Compared::Worse
            } else {
                Compared::Equal(tops.values[k])
            });
        }
        Ok(Compared::NotWorse)
    }
}

/// The best values for a player among those found so far (none worse
/// than another), each with the index of the outcome memo of sums with
/// its negative once one is needed.
#[derive(Default)]
struct Tops {
    values: Vec<GameId>,
    memos: Vec<Option<usize>>,
}

impl Tops {
    /// Count `v` in: kept if no value kept is as good for `p`, and then
    /// the values it beats are dropped.
    fn add(&mut self, arena: &mut Arena, v: GameId, p: Player) {
        let no_better = |a: &mut Arena, x: GameId, y: GameId| match p {
            Player::Left => a.le(x, y),
            Player::Right => a.le(y, x),
        };
        if self.values.iter().any(|&t| no_better(arena, v, t)) {
            return;
        }
        let mut k = 0;
        while k < self.values.len() {
            if no_better(arena, self.values[k], v) {
                self.values.swap_remove(k);
                self.memos.swap_remove(k);
            } else {
                k += 1;
            }
        }
        self.values.push(v);
        self.memos.push(None);
    }

    /// The outcome memo of sums with −V, for the `k`th value V.
    fn memo<B: QuantumBase>(&mut self, solver: &mut QuantumSolver<B>, k: usize) -> usize {
        *self.memos[k].get_or_insert_with(|| {
            let minus = solver.arena.neg(self.values[k]);
            solver.sum_memo_of(0, minus)
        })
    }
}

/// How an option compares with the best values found so far.
enum Compared {
    /// Equal to this one.
    Equal(GameId),
    /// No better than one (strictly worse, when equality was asked).
    Worse,
    /// Not shown to be worse than any.
    NotWorse,
}
