//! Values found by probes before the full search: a state whose value is
//! a number, or a number plus a small nimber, is valued by outcome searches
//! of its sums with numbers and nimbers
//! ([`QuantumSolver::number_probe_of_ids`],
//! [`QuantumSolver::nimber_value_of_ids`]); any other state from those of
//! its players' options that change its value, the others left out by an
//! outcome search each ([`super::gift_horse`]), valued the same way all
//! the way down. Best moves of a player without a winning move are those
//! of its options that can be best, the others dropped by an outcome
//! search each against the best values found so far
//! ([`QuantumSolver::undominated`]).
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
//!
//! What stays costly on hot drawings is options that no comparison drops:
//! their values are pairwise incomparable, so each is valued, yet most of
//! them are reversible in the state's value and leave its canonical form
//! (on the slowest classroom drawing under C at width 3, eight of the
//! eleven Left options valued at the start are reversible and two are
//! kept). An option could be bypassed unvalued through a Right option of
//! it at most {the best Left values so far | Right's values}, a game at
//! most the state's value; tried with Right's side valued first, it saved
//! little: that partial game stays low until the best Left options are
//! valued, and those tend to come late.
//!
//! At unbounded width the cost moves from valuing options to dropping
//! them. A state there has a hundred options or more, so each state
//! valued pays for about a hundred comparisons. The comparisons that
//! succeed are the costly ones: to show O ≤ V, the search refutes every
//! move of the first player in O − V, those in −V first (the hot game's
//! moves, and the sums with V's subpositions they lead to). Seed-25
//! classroom drawing 8 under C at unbounded width, measured:
//! - 52 states were valued;
//! - about 5,000 comparisons took 3.8 of the 4.4 million states searched;
//! - the 4,600 that showed an option worse took 3.4 million of those;
//!   the ones that failed found a winning move at once.
//!
//! Two shortcuts were tried there and did not pay:
//! - a state's number bounds, read against the stops of the hot game
//!   added, decided 5,000 of 2.5 million sums;
//! - comparing first with a simpler game W no better than V (for Left,
//!   {V's Left options | a number below V's Right options}, or numbers on
//!   both sides) took 1.8 times as long: the searches with W that failed
//!   cost more than those that succeeded saved.

use super::best_moves::ValuedMoves;
use super::number_bounds::Promise;
use super::numbers::{NumberProbe, NIMBER_PROBES};
use super::{IdState, QuantumSolver, RealId};
use crate::budget::Exceeded;
use crate::game::{Arena, GameId};
use crate::quantum::base::QuantumBase;
use crate::quantum::moves::QuantumMove;
use crate::rules::Player;
use std::cmp::Reverse;

/// A state's options, Left's then Right's, each with its value if known,
/// else its state.
pub(super) type OptionSides = [Vec<(Option<GameId>, IdState)>; 2];

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
    /// memos if known, else as a number or a number plus a small nimber
    /// ([`Self::nimber_value_of_ids`]), else from the
    /// options that can be best ([`Self::undominated`]), each valued the
    /// same way. No level hands over to the full search: with options
    /// dropped against hot values too, the probes visit fewer states than
    /// the full search at every depth the classroom drawings reach.
    pub(super) fn probed_value_of_ids(&mut self, s: &[RealId]) -> Result<GameId, Exceeded> {
        if let Some(v) = self.known_value(s) {
            return Ok(v);
        }
        // The guide's value, if a guide has one and it is proved
        // ([`super::guided`]).
        if let Some(v) = self.guessed(s)? {
            self.remember_probed(s, v)?;
            return Ok(v);
        }
        let confused = match self.number_or_probe(s)? {
            Ok(v) => return Ok(v),
            Err(NumberProbe::Confused(x)) => x,
            // Beyond or Unknown: neither a number nor one plus a nimber met.
            Err(_) => return self.valued_from_options(s),
        };
        // Confused with x: the value may be x + *m, proved by outcome
        // searches, or anything else, found from the options. Either can
        // cost far more than the other, so the two race.
        let raced = self.race(
            self.first_quota,
            |solver| solver.nimber_value_of_ids(s, 0, &confused),
            |solver| solver.valued_from_options(s),
        )?;
        match raced {
            Raced::First(Some(v)) => {
                self.remember_probed(s, v)?;
                Ok(v)
            }
            Raced::First(None) => self.valued_from_options(s),
            Raced::Second(v) => Ok(v),
        }
    }

    /// The value of reduced state `s` from its players' options: those
    /// that can change it valued, the others left out unvalued
    /// ([`super::gift_horse`]; with that off, [`Self::pruned_sides`]),
    /// memoised.
    fn valued_from_options(&mut self, s: &[RealId]) -> Result<GameId, Exceeded> {
        self.account.tick()?;
        self.progress_step();
        self.valued_from_options += 1;
        let mut held = 0;
        let found = self.option_sides(s, &mut held).and_then(|sides| {
            if self.gift_horse {
                self.valued_by_gift_horse(sides)
            } else {
                let [left, right] = self.pruned_sides(sides)?;
                Ok(self.arena.make(left, right))
            }
        });
        self.account.release(held);
        let v = found?;
        self.remember_probed(s, v)?;
        Ok(v)
    }

    /// Memoise `v` as the value of `s` found by probes.
    pub(super) fn remember_probed(&mut self, s: &[RealId], v: GameId) -> Result<(), Exceeded> {
        self.probed.insert_words(s, &[v.0]);
        self.charge_memo()
    }

    /// Both players' options of `s` under the first flavour, Left's then
    /// Right's, each with its value if a memo had it when enumerated, else
    /// its state (the bytes of those states added to `held`).
    fn option_sides(&mut self, s: &[RealId], held: &mut u64) -> Result<OptionSides, Exceeded> {
        let mut known = Vec::new();
        let mut pending = Vec::new();
        let mut sides = OptionSides::default();
        for (k, p) in Player::BOTH.into_iter().enumerate() {
            // Left's options serve Right too where the state is impartial:
            // the same list, each player keeping what matters to them
            // (exact whatever their values).
            if p == Player::Right && self.impartial_state(s) {
                self.shared_enumerations += 1;
                sides[1] = sides[0].clone();
                break;
            }
            known.clear();
            pending.clear();
            self.option_values(s, p, &mut known, &mut pending, held)?;
            // The first flavour's options alone (bit 0 of each mask).
            sides[k] = known
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
        }
        Ok(sides)
    }

    /// The values of both players' options that can be best
    /// ([`Self::undominated`]): the valuation from options before the gift
    /// horse, kept to test it against.
    fn pruned_sides(&mut self, sides: OptionSides) -> Result<[Vec<GameId>; 2], Exceeded> {
        let mut values = [Vec::new(), Vec::new()];
        for (k, (p, options)) in Player::BOTH.into_iter().zip(sides).enumerate() {
            let valued = self.undominated(options, p, false)?;
            values[k].extend(valued.into_iter().map(|(_, v)| v));
        }
        Ok(values)
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
    /// dropped are valued by [`Self::probed_value_of_ids`]. The most
    /// promising options come first ([`Self::promise`]: what the bounds of
    /// earlier searches say of them), then those of fewest realisations
    /// (the smallest searches): an option valued first that turns out
    /// best leaves every other one to a comparison, where options met in
    /// a poor order are valued one after another, each better than the
    /// last (on one classroom drawing, eight valued where one is best).
    /// When an option does not settle within the first quota, the later
    /// options worth numbers are found first ([`Self::numbers_ahead`]).
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
        pending.sort_by_cached_key(|(_, child)| self.option_order(child, p));
        let mut quota = self.first_quota;
        let mut pending: Vec<Option<(usize, IdState)>> = pending.into_iter().map(Some).collect();
        // Options before `ahead` have been looked at by a look-ahead.
        let mut ahead = 0;
        for i in 0..pending.len() {
            let Some((k, child)) = pending[i].take() else {
                continue; // valued by a look-ahead
            };
            let before = self.searched_states;
            let mut settled = None;
            // Only while later options are left to look at.
            let next = ahead.max(i + 1);
            if self.look_ahead && next < pending.len() {
                let first = self.first_quota;
                settled = self.within_quota(first, |solver| {
                    solver.settled(&child, &mut tops, p, strict, quota)
                })?;
                if settled.is_none() {
                    ahead = next;
                    self.numbers_ahead(&mut pending, &mut ahead, &mut tops, &mut valued, p)?;
                }
            }
            let settled = match settled {
                Some(settled) => settled,
                None => self.settled(&child, &mut tops, p, strict, quota)?,
            };
            match settled {
                Settled::Equal(v) => valued.push((k, v)),
                Settled::Worse => {}
                Settled::Valued(v) => {
                    quota = quota.max(QUOTA_PER_SEARCH * (self.searched_states - before));
                    tops.add(&mut self.arena, v, p);
                    valued.push((k, v));
                }
            }
        }
        valued.sort_unstable_by_key(|&(k, _)| k);
        Ok(valued)
    }

    /// Where option `s` of `p` comes among the options to value or
    /// compare (least first): the most promising first
    /// ([`Self::promise`]: what the bounds of earlier searches say of it),
    /// then those of fewest realisations (the smallest searches).
    pub(super) fn option_order(&self, s: &[RealId], p: Player) -> (Reverse<Promise>, usize) {
        (Reverse(self.promise(s, p)), s.len())
    }

    /// The look-ahead of [`Self::undominated`] once an option has not
    /// settled within the first quota: the options from `ahead` on are
    /// probed for number values, each within an eighth of that quota and
    /// all within one quota, and those found numbers are valued (taken
    /// out of `pending`) and counted among the best values.
    ///
    /// Why: an option that is slow to settle is mostly one worth a hot
    /// value, valued from its options, and often not the best; options
    /// valued one after another, each better than the last, took most of
    /// a value's work on some classroom drawings (four hot options of
    /// Right's valued, each at great cost, before an option worth −15/8,
    /// cheap to value, showed all the others worse). A number among the
    /// later options is cheap to find, and once it is among the best
    /// values the slow option is often shown worse than it instead of
    /// being valued. Each value found is proved (a number probe ends on a
    /// second-player win of the difference) or memoised, so only the
    /// order of the work changes.
    fn numbers_ahead(
        &mut self,
        pending: &mut [Option<(usize, IdState)>],
        ahead: &mut usize,
        tops: &mut Tops,
        valued: &mut Vec<(usize, GameId)>,
        p: Player,
    ) -> Result<(), Exceeded> {
        let start = self.searched_states;
        let each = self.first_quota.div_ceil(LOOK_AHEAD_SHARE);
        while *ahead < pending.len() && self.searched_states - start < self.first_quota {
            if let Some((k, child)) = &pending[*ahead] {
                let k = *k;
                if let Some(Ok(v)) =
                    self.within_quota(each, |solver| solver.number_or_probe(child))?
                {
                    tops.add(&mut self.arena, v, p);
                    valued.push((k, v));
                    pending[*ahead] = None;
                    self.numbers_found_ahead += 1;
                }
            }
            *ahead += 1;
        }
        Ok(())
    }

    /// The value of reduced state `s` under the first flavour if a memo
    /// has it or it is a number (memoised then), else where the
    /// comparisons with numbers stopped ([`Self::number_probe_of_ids`]).
    fn number_or_probe(&mut self, s: &[RealId]) -> Result<Result<GameId, NumberProbe>, Exceeded> {
        if let Some(v) = self.known_value(s) {
            return Ok(Ok(v));
        }
        Ok(match self.number_probe_of_ids(s, 0)? {
            NumberProbe::Number(x) => {
                let v = self.arena.number(x);
                self.remember_probed(s, v)?;
                Ok(v)
            }
            stopped => Err(stopped),
        })
    }

    /// The value of reduced state `s` under the first flavour, if a memo
    /// has it.
    pub(super) fn known_value(&self, s: &[RealId]) -> Option<GameId> {
        match self.memo_value(s) {
            Some(v) => Some(v[0]),
            None => self.probed.get(s).map(GameId),
        }
    }

    /// Option `s` of `p` compared with the best values found so far, or
    /// valued if that is not shown worse (see [`Self::undominated`]).
    ///
    /// Whether an option is no better than a best value can cost far more
    /// to prove than the option's own value, and the other way round (one
    /// classroom option took 0.86 s to compare with {{3|2}|2} and 7 ms to
    /// value as {2*|2}; others the reverse), so the two race
    /// ([`Self::race`]). Valuing an option that is in fact dominated is
    /// always sound: it is dropped later by comparing values (in the
    /// canonical form, or among best moves).
    fn settled(
        &mut self,
        s: &[RealId],
        tops: &mut Tops,
        p: Player,
        strict: bool,
        quota: u64,
    ) -> Result<Settled, Exceeded> {
        let raced = self.race(
            quota,
            |solver| solver.compared_with_tops(s, tops, p, strict),
            |solver| solver.probed_value_of_ids(s),
        )?;
        Ok(match raced {
            Raced::First(Compared::Equal(v)) => Settled::Equal(v),
            Raced::First(Compared::Worse) => Settled::Worse,
            Raced::First(Compared::NotWorse) => Settled::Valued(self.probed_value_of_ids(s)?),
            Raced::Second(v) => Settled::Valued(v),
        })
    }

    /// Two searches that answer one question, either of which can cost
    /// far more than the other: `first` runs within `quota` states
    /// searched, then `second` within twice that, then each again with
    /// four times the quota, until one ends. A search given up leaves
    /// nothing wrong in the memos (a state's outcome or value is memoised
    /// only once found), and what it memoised is there for the next round.
    pub(super) fn race<A, V>(
        &mut self,
        quota: u64,
        mut first: impl FnMut(&mut Self) -> Result<A, Exceeded>,
        mut second: impl FnMut(&mut Self) -> Result<V, Exceeded>,
    ) -> Result<Raced<A, V>, Exceeded> {
        let mut quota = quota;
        loop {
            if let Some(a) = self.within_quota(quota, &mut first)? {
                return Ok(Raced::First(a));
            }
            if let Some(v) = self.within_quota(quota.saturating_mul(2), &mut second)? {
                return Ok(Raced::Second(v));
            }
            quota = quota.saturating_mul(4);
        }
    }

    /// `search`, or `None` if it searched more than `quota` states (or an
    /// enclosing quota ran out: then the enclosing one answers `None`).
    pub(super) fn within_quota<T>(
        &mut self,
        quota: u64,
        search: impl FnOnce(&mut Self) -> Result<T, Exceeded>,
    ) -> Result<Option<T>, Exceeded> {
        let outer = self.quota_deadline;
        let mine = self.searched_states.saturating_add(quota);
        self.quota_deadline = Some(outer.map_or(mine, |o| o.min(mine)));
        let found = search(self);
        self.quota_deadline = outer;
        match found {
            Err(_) if self.quota_spent && self.searched_states >= mine => {
                self.quota_spent = false;
                self.given_up += 1;
                Ok(None)
            }
            found => found.map(Some),
        }
    }

    /// Count a state searched; past the innermost quota's deadline the
    /// search ends as if cancelled, and [`Self::within_quota`] tells that
    /// end from a real one.
    pub(super) fn spend_quota(&mut self) -> Result<(), Exceeded> {
        self.searched_states += 1;
        match self.quota_deadline {
            Some(deadline) if self.searched_states >= deadline => {
                self.quota_spent = true;
                Err(Exceeded::Cancelled)
            }
            _ => Ok(()),
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
        // Not against a number plus a nimber past the probes' (*4 and up,
        // quantum Nim's values): a sum with *m lets the search move to each
        // smaller nimber at every state it visits, and options worth
        // nimbers compare with *m only when equal to it. Valuing such
        // options costs less than comparing them.
        let mut order: Vec<usize> = (0..tops.values.len())
            .filter(|&k| {
                self.arena
                    .as_number_nimber(tops.values[k])
                    .is_none_or(|(_, m)| m <= NIMBER_PROBES)
            })
            .collect();
        // A value the option is already known to be no better than comes
        // first: its comparison costs no search, where each value before
        // it would cost one (the option is no better than one best value
        // at most, unless it is strictly worse than several). Known from
        // its memo, or carried from other comparisons ([`super::sum_order`]).
        // Only here: read again before every search, the carried facts
        // cost more than they saved (and memoised here, they cost more
        // than the search below that finds the same answer again).
        let mut known_worse = None;
        for (i, &k) in order.iter().enumerate() {
            let at = tops.memo(self, k);
            let known = self.sum_known(s, at, p);
            if known.or_else(|| self.sum_known_by_order(s, at, p)) == Some(false) {
                known_worse = Some(i);
                break;
            }
        }
        // Else the value the last option was found no better than comes
        // first ([`Tops::last`]).
        if let Some(i) = known_worse.or_else(|| {
            order
                .iter()
                .position(|&k| Some(tops.values[k]) == tops.last)
        }) {
            order[..=i].rotate_right(1);
        }
        for k in order {
            let at = tops.memo(self, k);
            if self.wins_sum(s, at, p)? {
                continue;
            }
            tops.last = Some(tops.values[k]);
            if !strict {
                return Ok(Compared::Worse);
            }
            return Ok(if self.wins_sum_ordered(s, at, p.opponent())? {
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
    /// The value the last option compared was found no better than: the
    /// next option is compared with it first. Options of one state mostly
    /// fall below one best value, and a comparison with a value the option
    /// is not below can cost far more than one it passes. In the order the
    /// values were found, a value found first but rarely above the options
    /// was compared with nearly every option before the value they were
    /// below: on seed-28 classroom drawing 2 under D at unbounded width,
    /// analysed in stages (the page's way), 108 such failed comparisons
    /// searched 896,000 states (the 207 passed against the other value,
    /// 27,000), and the loser's best moves took ten times as long as in an
    /// analysis without the stages, whose memos had found the other value
    /// first.
    last: Option<GameId>,
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
        *self.memos[k].get_or_insert_with(|| solver.compared_memo(self.values[k]))
    }
}

/// The states a comparison of an option may search at first
/// ([`QuantumSolver::settled`]): on the classroom drawings, 20 000 gave up
/// comparisons a little too soon on some (valued at a greater cost) and
/// 80 000 too late on others.
pub(super) const FIRST_QUOTA: u64 = 40_000;

/// The first quota of later options, per state the most costly option
/// settled so far (in the same list of options) searched.
pub(super) const QUOTA_PER_SEARCH: u64 = 4;

/// Each option probed by [`QuantumSolver::numbers_ahead`] may search
/// this share of the first quota.
const LOOK_AHEAD_SHARE: u64 = 8;

/// Which of [`QuantumSolver::race`]'s searches ended first, with its
/// answer.
pub(super) enum Raced<A, V> {
    First(A),
    Second(V),
}

/// What [`QuantumSolver::settled`] found of an option.
enum Settled {
    /// Equal to this best value.
    Equal(GameId),
    /// No better than a best value (strictly worse, when equality was
    /// asked).
    Worse,
    /// Its value.
    Valued(GameId),
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
