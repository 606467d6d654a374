//! Values found by probes before the full search: a state whose value is
//! a number, or a number plus a small nimber, is valued by outcome searches
//! of its sums with numbers and nimbers
//! ([`QuantumSolver::small_value_of_ids`]); any other state from its
//! players' options that can be best, the others dropped by one outcome
//! search each ([`QuantumSolver::undominated`]), valued the same way a few
//! levels down ([`PRUNED_LEVELS`]) and by the full search below that. Best
//! moves of a player without a winning move are found the same way.
//!
//! Nothing here is a reduction of states: every value is either proved
//! equal by a second-player-win search of the difference (G = H exactly
//! when G − H is a second-player win, for any short games) or found by
//! the full search ([`QuantumSolver::value_of_ids`]). What changes is
//! which states are visited: the full search values every state below the
//! one asked about, where an outcome search stops at a first winning
//! move. Most classroom drawings are worth numbers (blue-red ones above
//! all), and so are most options of their players: there the probes visit
//! a small part of the states the full search would.

use super::numbers::{SmallValue, NIMBER_PROBES};
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
    /// options that can be best ([`Self::undominated`]), valued the same
    /// way down to [`PRUNED_LEVELS`] levels below and by the full search
    /// under them.
    pub(super) fn probed_value_of_ids(&mut self, s: &[RealId]) -> Result<GameId, Exceeded> {
        self.pruned_value(s, PRUNED_LEVELS)
    }

    /// [`Self::probed_value_of_ids`] with `levels` levels of pruning left.
    fn pruned_value(&mut self, s: &[RealId], levels: u32) -> Result<GameId, Exceeded> {
        match self.known_or_small(s)? {
            Known::Value(v) => return Ok(v),
            Known::NotSmall | Known::Unknown if levels == 0 => return Ok(self.value_of_ids(s)?[0]),
            Known::NotSmall | Known::Unknown => {}
        }
        self.account.tick()?;
        self.progress_step();
        let mut sides = [Vec::new(), Vec::new()];
        let mut held = 0;
        let found = self.pruned_sides(s, &mut sides, &mut held, levels - 1);
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
        levels: u32,
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
            let valued = self.undominated(options, p, levels)?;
            sides[k].extend(valued.into_iter().map(|(_, v)| v));
        }
        Ok(())
    }

    /// The value of reduced state `s` under the first flavour if a memo
    /// has it or it is small ([`Self::small_value_of_ids`], memoised).
    fn known_or_small(&mut self, s: &[RealId]) -> Result<Known, Exceeded> {
        if let Some(v) = self.memo_value(s) {
            return Ok(Known::Value(v[0]));
        }
        if let Some(w) = self.probed.get(s) {
            return Ok(Known::Value(GameId(w)));
        }
        Ok(match self.small_value_of_ids(s, 0)? {
            SmallValue::Is(v) => {
                self.remember_probed(s, v)?;
                Known::Value(v)
            }
            SmallValue::Not => Known::NotSmall,
            SmallValue::Unknown => Known::Unknown,
        })
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
        let valued = self.undominated(states, p, PRUNED_LEVELS)?;
        let mut labels: Vec<_> = labels.into_iter().map(Some).collect();
        Ok(valued
            .into_iter()
            .map(|(k, v)| (labels[k].take().expect("each option once"), v))
            .collect())
    }

    /// Of `options` of `p` (each with its value if known, and its state),
    /// every one not strictly dominated by another for `p`, as its index
    /// in `options` with its value, in the order given.
    ///
    /// Options whose values are known or small are valued first. Every
    /// option O proved not small is then compared with each best small
    /// value V among them (a number, or a number plus a nimber up to
    /// *[`NIMBER_PROBES`]) by one outcome search of O − V (for Left, O ≤ V
    /// iff Left moving first in O − V loses; for Right, O ≥ V iff Right
    /// moving first loses). If O is no better than V, it is strictly
    /// worse, as O ≠ V (O is not small), so it is dropped unvalued:
    /// whatever O dominates, V dominates too. The options left are valued
    /// by [`Self::pruned_value`] with `levels` levels of pruning.
    fn undominated(
        &mut self,
        options: Vec<(Option<GameId>, IdState)>,
        p: Player,
        levels: u32,
    ) -> Result<Vec<(usize, GameId)>, Exceeded> {
        let mut valued = Vec::with_capacity(options.len());
        let mut not_small = Vec::new();
        let mut unknown = Vec::new();
        for (k, (known, child)) in options.into_iter().enumerate() {
            let known = match known {
                Some(v) => Known::Value(v),
                None => self.known_or_small(&child)?,
            };
            match known {
                Known::Value(v) => valued.push((k, v)),
                Known::NotSmall => not_small.push((k, child)),
                Known::Unknown => unknown.push((k, child)),
            }
        }
        let better = |a: &mut Arena, x: GameId, y: GameId| match p {
            Player::Left => a.lt(y, x),
            Player::Right => a.lt(x, y),
        };
        let mut tops: Vec<GameId> = Vec::new();
        for &(_, v) in &valued {
            let a = &mut self.arena;
            let small = a
                .as_number_nimber(v)
                .is_some_and(|(_, m)| m <= NIMBER_PROBES);
            if !small || tops.contains(&v) || tops.iter().any(|&t| better(a, t, v)) {
                continue;
            }
            tops.retain(|&t| !better(a, v, t));
            tops.push(v);
        }
        // The memos of O − V, one per best small value V.
        let minus_tops: Vec<usize> = tops
            .iter()
            .map(|&t| {
                let minus = self.arena.neg(t);
                self.sum_memo_of(0, minus)
            })
            .collect();
        for (k, child) in not_small {
            let mut dominated = false;
            for &at in &minus_tops {
                if !self.wins_sum(&child, at, p)? {
                    dominated = true;
                    break;
                }
            }
            if !dominated {
                unknown.push((k, child));
            }
        }
        for (k, child) in unknown {
            let v = self.pruned_value(&child, levels)?;
            valued.push((k, v));
        }
        valued.sort_unstable_by_key(|&(k, _)| k);
        Ok(valued)
    }
}

/// How many levels below a state that is not small its players' options
/// are valued by probes, dropping those that cannot be best, before the
/// full search takes over. Each level probes every option of the states
/// it values, and the probes of a hot state fail: on the classroom
/// drawings one to three levels cut flavour D's slowest cells by half or
/// more, a fourth and fifth changed little, and past three the probes of
/// hot states under A cost more than they spared.
pub const PRUNED_LEVELS: u32 = 3;

/// What the memos or the probes know of a state's value.
enum Known {
    Value(GameId),
    /// Proved neither a number nor a number plus a small nimber.
    NotSmall,
    /// Not found by the probes.
    Unknown,
}
