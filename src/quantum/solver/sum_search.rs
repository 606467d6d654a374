//! The outcome search of sums: does a player, moving first, win a
//! reduced state plus a game added to it (0 for the plain outcome, −x to
//! compare with the number x, −V to compare an option with a best value
//! V)? Memos, bounds and the killer moves answer most of it; the rest is
//! the search proper, in two passes over the state's options.

use super::killers::KEPT;
use super::run_bounds::{RunThresholds, RunsFold};
use super::{alloc_bytes, bits, key_bytes, IdState, QuantumSolver, RealId};
use crate::budget::Exceeded;
use crate::game::temperature::Thermal;
use crate::game::{Dyadic, GameId};
use crate::quantum::base::QuantumBase;
use crate::quantum::flavour::Flavour;
use crate::quantum::id_memo::IdMemo;
use crate::quantum::moves::UnsuperposedMove;
use crate::quantum::options::Visits;
use crate::rules::Player;
use std::cell::Cell;
use std::mem::size_of;

/// The outcome memo of the sums of states with one game, under one
/// flavour: the outcome search of `state + added` for the comparisons of
/// [`QuantumSolver::number_value`] and the probes of
/// [`QuantumSolver::nimber_value_of_ids`] and of the options compared in
/// [`QuantumSolver::probed_scores`] (the plain outcome search is the sum
/// with 0). The added game is any canonical form in the solver's arena.
pub(super) struct SumMemo {
    /// The flavour searched, as an index into the solver's flavours.
    pub(super) flavour: usize,
    pub(super) added: GameId,
    /// −added, for answers from known values ([`QuantumSolver::wins_by_value`]).
    minus: GameId,
    /// Whether the added game is hot (its Left stop above its Right stop):
    /// then its moves are tried before the state's.
    hot: bool,
    /// Whether the added game is a number: then the outcomes found are
    /// kept as bounds alone ([`super::number_bounds`]), which decide every
    /// outcome `memo` would hold (one memo probe per state, not two), and
    /// `memo` stays empty.
    pub(super) number: bool,
    /// The added game's thresholds for the bounds from runs
    /// ([`super::run_bounds`]), tried before any memo.
    runs: RunThresholds,
    /// Whether the added game is −V for a best value V that options were
    /// compared with ([`super::probed`]): the memos whose outcomes
    /// [`super::sum_order`] carries to other comparisons.
    pub(super) compared: bool,
    /// Whether the added game is a nimber (0 included): then a sum with
    /// an impartial state is impartial, and one player's outcome moving
    /// first is the other's ([`QuantumSolver::remember_sum`]).
    nimber: bool,
    pub(super) memo: IdMemo,
}

impl SumMemo {
    /// The plain outcome search: the first flavour, nothing added.
    pub(super) fn plain(zero: GameId) -> SumMemo {
        SumMemo {
            flavour: 0,
            added: zero,
            minus: zero,
            hot: false,
            number: true,
            runs: RunThresholds::ZERO,
            compared: false,
            nimber: true,
            memo: IdMemo::default(),
        }
    }

    /// What the budget is charged for it: the memo (the added game is in
    /// the arena, charged with it).
    pub(super) fn bytes(&self) -> u64 {
        self.memo.bytes() + size_of::<SumMemo>() as u64
    }
}

impl<B: QuantumBase> QuantumSolver<B> {
    /// The index of the outcome memo of sums with the number `number`
    /// under flavour `flavour` (an index into [`Self::flavours`]), made if
    /// new.
    pub(super) fn sum_memo(&mut self, flavour: usize, number: &Dyadic) -> usize {
        let added = self.arena.number(number.clone());
        self.sum_memo_of(flavour, added)
    }

    /// The index of the outcome memo of sums with the game `added` under
    /// flavour `flavour`, if there is one. A scan, not a map: a search
    /// meets a few dozen added games, and a map type of its own would cost
    /// the page's download more than the scan costs the search.
    pub(super) fn find_sum_memo(&self, flavour: usize, added: GameId) -> Option<usize> {
        self.wins
            .iter()
            .position(|w| w.flavour == flavour && w.added == added)
    }

    /// The outcome memo of sums with −`v` under the first flavour, made if
    /// new, marked as one of the comparisons whose outcomes
    /// [`super::sum_order`] carries to the others.
    pub(super) fn compared_memo(&mut self, v: GameId) -> usize {
        let minus = self.arena.neg(v);
        let at = self.sum_memo_of(0, minus);
        self.wins[at].compared = true;
        at
    }

    /// The index of the outcome memo of sums with the game `added` (in the
    /// arena) under flavour `flavour`, made if new.
    pub(super) fn sum_memo_of(&mut self, flavour: usize, added: GameId) -> usize {
        if let Some(at) = self.find_sum_memo(flavour, added) {
            return at;
        }
        let minus = self.arena.neg(added);
        // Stops cannot exceed an unlimited budget; were they to fail, the
        // game's moves would merely be tried last.
        let hot = Thermal::default()
            .stops(&mut self.arena, added)
            .is_ok_and(|(left, right)| left > right);
        let parts = self.arena.as_number_nimber(added);
        let number = parts.is_some_and(|(_, m)| m == 0);
        let nimber = parts.is_some_and(|(x, _)| x.is_zero());
        let runs = RunThresholds::of(&mut self.arena, added);
        self.wins.push(SumMemo {
            flavour,
            added,
            minus,
            hot,
            number,
            nimber,
            runs,
            compared: false,
            memo: IdMemo::default(),
        });
        self.sum_memo_bytes += self.wins.last().map_or(0, SumMemo::bytes);
        self.wins.len() - 1
    }

    /// Does `p` win moving first in the sum of state `s` and the game
    /// added by memo `at` (under that memo's flavour)? A move is a move of
    /// the state or a move of the added game (to one of its canonical
    /// options). The state's options are looked at in two passes: the
    /// first reads what the memos and bounds know of each, the second
    /// searches those left. The added game's moves come between the two
    /// when it is a number or near one: they rarely win (number
    /// avoidance), but each is a sum of this same state with a simpler
    /// game, mostly answered by bounds, memos or a short search, where the
    /// second pass searches the state's options deep; where one wins, that
    /// whole pass is saved. (Tried last, they made the classroom family
    /// visit up to 1.6 times more states; tried before the first pass,
    /// ahead of answers the memos already hold, far more.) A hot game's
    /// moves are urgent, so they are tried before the state's options are
    /// even enumerated (in the comparisons of options with hot values in
    /// [`QuantumSolver::undominated`], this order visits several times
    /// fewer states). Tried between the passes instead, as a number's are,
    /// one classroom cell under C at unbounded width was 1.3 times faster
    /// and the ten under B at unbounded width 1.5 times slower: the whole
    /// family was no faster. First of all come the two moves that last
    /// won at this depth ([`super::killers`]): each built from its own
    /// labels alone, they cost less than a hot game's moves, and most
    /// searches end with one of them (tried after them, no classroom
    /// family was faster and most were slower).
    pub(super) fn wins_sum(
        &mut self,
        s: &[RealId],
        at: usize,
        p: Player,
    ) -> Result<bool, Exceeded> {
        if let Some(w) = self.runs_known(s, at, p) {
            return Ok(w);
        }
        self.wins_sum_past_runs(s, at, p)
    }

    /// [`Self::wins_sum`] of a state whose runs decide nothing (the
    /// options the first pass kept for the second).
    fn wins_sum_past_runs(&mut self, s: &[RealId], at: usize, p: Player) -> Result<bool, Exceeded> {
        if let Some(w) = self.known_unsearched(s, at, p) {
            return Ok(w);
        }
        self.wins_sum_unknown(s, at, p)
    }

    /// [`Self::wins_sum`] of a reduced state without a search: from the
    /// memos, or from its value where a memo holds it.
    fn known_unsearched(&mut self, s: &[RealId], at: usize, p: Player) -> Option<bool> {
        self.memo_known(s, at, p)
            .or_else(|| self.wins_by_value(s, at, p))
    }

    /// [`Self::wins_sum`] of a state [`Self::known_unsearched`] has just
    /// left open: searched one ply deeper.
    fn wins_sum_unknown(&mut self, s: &[RealId], at: usize, p: Player) -> Result<bool, Exceeded> {
        self.account.tick()?;
        self.spend_quota()?;
        self.progress_step();
        self.killers.ply += 1;
        let w = self.searched_sum(s, at, p);
        self.killers.ply -= 1;
        w
    }

    /// [`Self::wins_sum`] when no memo knows: the search itself.
    fn searched_sum(&mut self, s: &[RealId], at: usize, p: Player) -> Result<bool, Exceeded> {
        let flavour = self.flavours[self.wins[at].flavour];
        let hot = self.wins[at].hot;
        if self.killer_wins(s, flavour, at, p)? {
            return self.remember_sum(s, at, p, true);
        }
        if hot && self.wins_in_added(s, at, p)? {
            return self.remember_sum(s, at, p, true);
        }
        let map = self.legal_ids(s, p);
        let mut twins = self.twins(s, &map.labels);
        let mut label_runs = std::mem::take(&mut self.scratch.label_runs);
        label_runs.clear();
        label_runs.extend(map.children.iter().map(|c| self.runs_fold(c, flavour)));
        // Without pruning a move's result is the plain union of its
        // labels' results, and so is its fold; a pruned result may be
        // bounded more tightly than the union, so there its own
        // realisations are folded where the labels' folds decide nothing.
        let unpruned = !self.normaliser.drops_covered();
        // The map stays on the stack while the options are enumerated.
        let held = map
            .children
            .iter()
            .map(|c| size_of::<IdState>() as u64 + key_bytes(c))
            .sum::<u64>()
            + alloc_bytes(map.labels.len() * size_of::<B::Move>())
            + alloc_bytes(label_runs.capacity() * size_of::<RunsFold>())
            + alloc_bytes(twins.bytes());
        let mut result = self.account.hold(held).map(|()| false);
        let mut enumeration = self.scratch.enumerations.pop().unwrap_or_default();
        let mut buffer_bytes = 0;
        // First pass: every option, looked up in the bounds and memo only
        // (the bounds from its labels' folds first, see
        // [`super::run_bounds`]: on wide moves most options end there, and
        // their results are never listed). An option
        // already known lost for the opponent wins at once, without
        // searching the options before it (they may be deep); one known
        // won for the opponent is dropped. The others are kept, oriented,
        // for the second pass.
        let mut unknown: Vec<(IdState, u64)> = Vec::new();
        let mut unknown_bytes = 0;
        let mut child = self.scratch.states.pop().unwrap_or_default();
        // Options already met in this pass, as built: many moves lead to
        // one option (wide moves above all), and a repeat adds nothing, so
        // it is skipped before its orientation and memo probe, the costly
        // part. Nothing recurses in this pass, so the solver's one set
        // serves.
        let mut seen = std::mem::take(&mut self.scratch.seen);
        seen.clear();
        let mut seen_bytes = 0;
        if result.is_ok() {
            let won = Cell::new(false);
            let found_by = |solver: &mut Self, idx: &[usize], opponent_wins: bool| {
                if !opponent_wins {
                    won.set(true);
                    solver.set_killer(&map.labels, idx.iter().copied(), p);
                }
                opponent_wins
            };
            result = self
                .for_each_canonical_option(
                    &mut enumeration,
                    &map,
                    &[flavour],
                    &mut twins,
                    &mut buffer_bytes,
                    Visits {
                        // The runs need no orientation, nor the result's
                        // realisations (its labels' folds): tried first, on
                        // every move, before its result is even listed.
                        early: |solver: &mut Self, idx: &[usize]| {
                            let fold = idx
                                .iter()
                                .fold(RunsFold::EMPTY, |f, &j| f.join(&label_runs[j]));
                            let runs = &solver.wins[at].runs;
                            let known = runs.decide(fold.bounds(flavour), p.opponent())?;
                            Some(found_by(solver, idx, known))
                        },
                        visit: |solver: &mut Self, idx: &[usize], built: &[RealId], _| {
                            if !seen.insert(built) {
                                return Ok(true);
                            }
                            solver.hold_growth(seen.bytes(), &mut seen_bytes)?;
                            let known = if unpruned {
                                None
                            } else {
                                solver.runs_known(built, at, p.opponent())
                            };
                            let known = known.or_else(|| {
                                child.clear();
                                child.extend_from_slice(built);
                                solver.drop_dead_ids(&mut child);
                                solver.orient_ids(&mut child);
                                solver.memo_known(&child, at, p.opponent())
                            });
                            match known {
                                Some(opponent_wins) => Ok(found_by(solver, idx, opponent_wins)),
                                None => {
                                    let bytes =
                                        size_of::<(IdState, u64)>() as u64 + key_bytes(&child);
                                    unknown_bytes += bytes;
                                    unknown.push((child.clone(), label_bits(idx)));
                                    solver.account.hold(bytes)?;
                                    Ok(true)
                                }
                            }
                        },
                    },
                )
                .map(|()| won.get());
        }
        self.put_back(enumeration);
        self.scratch.label_runs = label_runs;
        self.scratch.states.push(child);
        self.scratch.seen = seen;
        self.account.release(held + buffer_bytes + seen_bytes);
        // Between the passes: the added game's moves, unless tried before
        // the enumeration (a hot game's; see `wins_sum` for why here).
        if !hot && matches!(result, Ok(false)) {
            result = self.wins_in_added(s, at, p);
        }
        // Second pass: search the options left, those of fewest
        // realisations first (their searches are smaller, and a small
        // state is often a win found early; on Blue Meadow this order
        // visits a third of the states of the order met). A repeat is
        // answered by the memo once its first copy is searched.
        if let Ok(false) = result {
            unknown.sort_by_key(|(c, _)| c.len());
            for (child, labels) in &unknown {
                match self.wins_sum_past_runs(child, at, p.opponent()) {
                    Ok(true) => {}
                    Ok(false) => {
                        let idx = (0..64).filter(|&j| labels >> j & 1 == 1);
                        if *labels != 0 {
                            self.set_killer(&map.labels, idx, p);
                        }
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
        let w = result?;
        self.remember_sum(s, at, p, w)
    }

    /// Does one of `p`'s last winning moves at this depth
    /// ([`super::killers`]) win here too? Tried before the player's legal
    /// map is built: a move's result needs the moves of its own labels
    /// alone. Each killer's result is first asked of the bounds and memos
    /// alone (the runs need no orientation: most killers end there), and
    /// those they leave open are then searched, the latest first: a killer
    /// already known to win is taken before another is searched deep. The
    /// one that wins becomes the latest.
    fn killer_wins(
        &mut self,
        s: &[RealId],
        flavour: Flavour,
        at: usize,
        p: Player,
    ) -> Result<bool, Exceeded> {
        let mut open: [Option<IdState>; KEPT] = Default::default();
        let mut won = false;
        for (k, slot) in open.iter_mut().enumerate() {
            let Some(labels) = self.killers.take(p, k) else {
                continue;
            };
            let mut child = self.scratch.states.pop().unwrap_or_default();
            let legal = self.killer_result(s, &labels, flavour, p, &mut child);
            self.killers.put_back(p, k, labels);
            // It wins when the opponent, moving first after it, loses.
            let known = if !legal {
                Some(true)
            } else if let Some(opponent_wins) = self.runs_known(&child, at, p.opponent()) {
                Some(opponent_wins)
            } else {
                self.orient_ids(&mut child);
                self.known_unsearched(&child, at, p.opponent())
            };
            match known {
                Some(opponent_wins) => {
                    self.scratch.states.push(child);
                    if !opponent_wins {
                        won = true;
                        if k > 0 {
                            self.killers.promote(p, k);
                        }
                        break;
                    }
                }
                None => *slot = Some(child),
            }
        }
        // The open results stay on the stack while they are searched.
        let held: u64 = open
            .iter()
            .flatten()
            .map(|c| size_of::<IdState>() as u64 + key_bytes(c))
            .sum();
        let mut result = if won || held == 0 {
            Ok(won)
        } else {
            self.account.hold(held).map(|()| false)
        };
        let holding = matches!(result, Ok(false)) && held > 0;
        // Nothing is remembered between the memo probes above and the
        // first search, so that one need not probe again; a later one
        // does (the search before may have answered it).
        let mut probed = true;
        for (k, child) in open.into_iter().enumerate() {
            let Some(child) = child else { continue };
            if let Ok(false) = result {
                let opponent_wins = if probed {
                    self.wins_sum_unknown(&child, at, p.opponent())
                } else {
                    self.wins_sum_past_runs(&child, at, p.opponent())
                };
                probed = false;
                result = opponent_wins.map(|opponent_wins| !opponent_wins);
                if k > 0 && matches!(result, Ok(true)) {
                    self.killers.promote(p, k);
                }
            }
            self.scratch.states.push(child);
        }
        if holding {
            self.account.release(held);
        }
        result
    }

    /// Whether `p`'s move on `labels` (sorted) is legal from `s`, and if
    /// so its pruned result in `child` (not yet oriented): each label
    /// played on every realisation where it is legal, as the enumeration
    /// builds it ([`Self::legal_ids`] and the pruned unions of its labels'
    /// results are the same set as one pruning of them all).
    pub(super) fn killer_result(
        &mut self,
        s: &[RealId],
        labels: &[B::Move],
        flavour: Flavour,
        p: Player,
        child: &mut IdState,
    ) -> bool {
        child.clear();
        // Counts on the stack: a killer of more labels is not tried.
        let mut counts = [0; 32];
        let Some(legal_on) = counts.get_mut(..labels.len()) else {
            return false;
        };
        let (mut movers, mut other) = (0, false);
        for &id in s {
            let moves = self.real_moves(id, p);
            movers += usize::from(!moves.is_empty());
            for (m, c) in moves.iter() {
                match labels.binary_search(m) {
                    Ok(i) => {
                        legal_on[i] += 1;
                        child.push(*c);
                    }
                    Err(_) => other = true,
                }
            }
        }
        if legal_on.contains(&0) {
            return false;
        }
        // A killer is a move this search made, so within its width; a
        // single label must still be allowed here (C and C' look at the
        // realisations it is legal on).
        if let [legal_on] = legal_on[..] {
            let single = UnsuperposedMove {
                only: !other,
                legal_on,
                movers,
                total: s.len(),
            };
            if !single.allowed(flavour) {
                return false;
            }
        }
        self.prune_ids(child);
        true
    }

    /// Remember the move of labels `idx` (indices into `labels`) as `p`'s
    /// winning move at this depth.
    fn set_killer(&mut self, labels: &[B::Move], idx: impl Iterator<Item = usize>, p: Player) {
        self.killers.set(p, idx.map(|j| labels[j].clone()));
    }

    /// Memoise whether `p` wins moving first in the sum of `s` and the
    /// game added by memo `at`, and return it.
    pub(super) fn remember_sum(
        &mut self,
        s: &[RealId],
        at: usize,
        p: Player,
        w: bool,
    ) -> Result<bool, Exceeded> {
        let sum = &self.wins[at];
        if sum.number {
            // The bounds decide every outcome this memo would hold. They
            // take the player searched alone, even for an impartial state
            // plus 0: noting the other player too changed which of the
            // probes' racing searches ended first, and cost more time on
            // rows of green edges than it saved.
            let (flavour, added) = (sum.flavour, sum.added);
            self.note_number_sum(s, flavour, added, p, w);
        } else {
            // An impartial sum's outcome is P or N: whoever moves first in
            // it wins or loses as the other would.
            let both = sum.nimber && self.impartial_state(s);
            if both {
                self.shared_outcomes += 1;
            }
            let players: &[Player] = if both { &Player::BOTH } else { &[p] };
            let bits = players.iter().fold(0, |b, &q| {
                let (known, win) = bits(q);
                b | known | if w { win } else { 0 }
            });
            let before = self.wins[at].memo.bytes();
            self.wins[at].memo.update(s, |b| *b |= u32::from(bits));
            self.sum_memo_bytes += self.wins[at].memo.bytes() - before;
        }
        self.charge_memo()?;
        Ok(w)
    }

    /// Whether `p` wins moving first in the sum of `s` and the game added
    /// by memo `at`, if that memo, or for a number the bounds of `s`
    /// ([`super::number_bounds`]), know it.
    pub(super) fn sum_known(&self, s: &[RealId], at: usize, p: Player) -> Option<bool> {
        self.runs_known(s, at, p)
            .or_else(|| self.memo_known(s, at, p))
    }

    /// [`Self::sum_known`] from the runs of `s` alone
    /// ([`super::run_bounds`]): no memo probe, and `s` need not be
    /// reduced (dropping covered realisations keeps the greatest runs).
    fn runs_known(&self, s: &[RealId], at: usize, p: Player) -> Option<bool> {
        let sum = &self.wins[at];
        self.runs_decide(s, self.flavours[sum.flavour], &sum.runs, p)
    }

    /// [`Self::sum_known`] from the memos alone, for a reduced state.
    pub(super) fn memo_known(&self, s: &[RealId], at: usize, p: Player) -> Option<bool> {
        let sum = &self.wins[at];
        if sum.number {
            return self.number_sum_known(s, sum.flavour, sum.added, p);
        }
        let (known, win) = bits(p);
        match sum.memo.get(s) {
            Some(b) if b & u32::from(known) != 0 => Some(b & u32::from(win) != 0),
            _ => None,
        }
    }

    /// Does `p` win moving first in the sum of `s` and the game added by
    /// memo `at` by a move in the added game (to one of its canonical
    /// options)?
    fn wins_in_added(&mut self, s: &[RealId], at: usize, p: Player) -> Result<bool, Exceeded> {
        let added = self.wins[at].added;
        let options = match p {
            Player::Left => self.arena.left_options(added),
            Player::Right => self.arena.right_options(added),
        };
        for &x in options.iter() {
            let next = self.sum_memo_of(self.wins[at].flavour, x);
            if !self.wins_sum(s, next, p.opponent())? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// [`Self::wins_sum`] answered from the value of `s`, when a memo has
    /// it: the outcome of a sum depends on its terms' values alone, and
    /// p = Left wins moving first in G + X iff G + X ≰ 0, that is G ≰ −X
    /// (Right: G ≱ −X), a comparison of canonical forms in the arena. The
    /// full search and the probes value states that outcome searches meet
    /// again, often deep down.
    fn wins_by_value(&mut self, s: &[RealId], at: usize, p: Player) -> Option<bool> {
        let flavour = self.wins[at].flavour;
        let g = match self.memo_value(s) {
            Some(joint) => joint[flavour],
            None if flavour == 0 => GameId(self.probed.get(s)?),
            None => return None,
        };
        let minus = self.wins[at].minus;
        Some(match p {
            Player::Left => !self.arena.le(g, minus),
            Player::Right => !self.arena.le(minus, g),
        })
    }
}

/// Label indices as bits, for the winning move of the enumeration's second
/// pass; 0 (no move kept) past 64 labels.
fn label_bits(idx: &[usize]) -> u64 {
    if idx.iter().any(|&j| j >= 64) {
        return 0;
    }
    idx.iter().fold(0, |bits, &j| bits | 1 << j)
}
