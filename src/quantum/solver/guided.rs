//! Values guessed by another solver and proved by this one.
//!
//! For any short games G and W, G = W exactly when G − W is a
//! second-player win: Right, moving first, loses (G ≥ W) and Left, moving
//! first, loses (G ≤ W). Two outcome searches of the state with −W added
//! decide it ([`QuantumSolver::wins_sum`], as options are compared with
//! best values in [`super::probed`]), and a proved W is the state's value
//! whatever it came from. Nothing here is a reduction: a guess is taken
//! only once proved; one the searches refute, or do not settle within
//! [`PROOF_QUOTA`] states, is dropped, and the state is valued as it
//! would be without a guide.
//!
//! The guesses come from a guide ([`QuantumSolver::set_guide`]): a solver
//! of the same position and flavour at a narrower width, whose states
//! have far fewer moves (a player with k labels has about k²/2 moves at
//! width 2, 2^k at unbounded width). Each state valued by probes is
//! offered the guide's value of the same realisations
//! ([`QuantumSolver::probed_value_of_ids`]), before the comparisons with
//! numbers; a guess that is a number is left to those (they share bounds
//! between states), and one the plain outcome memo contradicts is refused
//! without a search.
//!
//! Why it pays where the widths agree: the proof is two searches of the
//! state, where valuing it compares each of its options with the best
//! values found and values the best (hundreds of options at unbounded
//! width). The widths do not always agree (three blue halves under D are
//! 5/4 at width 2 and 7/8 at unbounded width, `tests/quantum.rs`), and a
//! refuted guess costs its searches, so which rulesets are guided is the
//! analysis' choice (`analysis/quantum.rs`). The two searches alternate
//! in rounds of growing quotas, so the one that refutes a wrong guess
//! ends both before the other has refuted every option of its side.

use super::{QuantumSolver, RealId};
use crate::budget::Exceeded;
use crate::game::{Arena, GameId};
use crate::quantum::base::QuantumBase;
use crate::rules::Player;

/// The states a guide may search for one guess: its values are memoised,
/// so a guess near the top pays for most guesses below it.
const GUESS_QUOTA: u64 = 200_000;

/// The states a guess's proof may search before it is given up: a right
/// guess is proved well within this on the classroom drawings (about
/// half of it for the root of seed-26 drawing 8 under D at unbounded
/// width), where refuting a wrong one took twice as much (the same
/// drawing's root under B at width 3), work the solver's own search then
/// does again.
const PROOF_QUOTA: u64 = 100_000;

impl<B: QuantumBase> QuantumSolver<B> {
    /// The value of `state` if this solver finds it within `quota` states
    /// searched (memoised then), else `None`: a guide's guess, which must
    /// not cost more than the value it may save.
    pub fn value_within(
        &mut self,
        state: &[B::State],
        quota: u64,
    ) -> Result<Option<GameId>, Exceeded> {
        let s = self.reduce(state);
        self.within_quota(quota, |solver| solver.first_value_of_ids(&s))
    }

    /// `guess` (a game of arena `from`) if it is the value of `state`
    /// under the first flavour, proved by two outcome searches and then
    /// memoised as the state's value (so [`Self::value`] answers at once),
    /// else `None`.
    pub fn proved_guess(
        &mut self,
        state: &[B::State],
        from: &mut Arena,
        guess: GameId,
    ) -> Result<Option<GameId>, Exceeded> {
        let s = self.reduce(state);
        if let Some(v) = self.known_value(&s) {
            return Ok(Some(v));
        }
        let w = self.arena.import(from, guess);
        if !self.equals(&s, w)? {
            return Ok(None);
        }
        self.remember_probed(&s, w)?;
        Ok(Some(w))
    }

    /// Let `guide` (a solver of the same position and first flavour) guess
    /// the values of the states this one values by probes: each state not
    /// worth a number ([`Self::probed_value_of_ids`]) is first offered its
    /// guide's value, proved or refused by [`Self::equals`].
    pub fn set_guide(&mut self, guide: QuantumSolver<B>) {
        self.guide = Some(Box::new(guide));
    }

    /// How many guesses were proved and how many refused.
    pub fn guesses(&self) -> [u64; 2] {
        self.guesses
    }

    /// The guide's value of the reduced state `s`, proved here, if there is
    /// a guide and it finds one within [`GUESS_QUOTA`] (a guide past the
    /// budget guesses nothing: this solver's own search decides).
    pub(super) fn guessed(&mut self, s: &[RealId]) -> Result<Option<GameId>, Exceeded> {
        let Some(mut guide) = self.guide.take() else {
            return Ok(None);
        };
        let state: Vec<B::State> = s
            .iter()
            .map(|&id| self.reals.states[id as usize].clone())
            .collect();
        let guess = match guide.value_within(&state, GUESS_QUOTA) {
            Ok(Some(g)) => Some(self.arena.import(&mut guide.arena, g)),
            Ok(None) => None,
            // Past its budget the guide is dropped, its tables released:
            // they would only crowd this solver's.
            Err(_) => {
                drop(guide);
                return Ok(None);
            }
        };
        self.guide = Some(guide);
        // A number is left to the number probes, which find a number
        // value with bounds shared between states.
        let Some(w) = guess.filter(|&w| !self.arena.is_number(w)) else {
            return Ok(None);
        };
        // The proof searches s − W, a game no search met before: the
        // winning replies kept at each depth are of other games (the
        // bounds' comparisons with numbers, the parent's comparisons), and
        // tried first they cost more than they find.
        let proved = !self.outcome_contradicts(s, w)
            && self.with_own_killers(|solver| solver.equals(s, w))?;
        self.guesses[usize::from(!proved)] += 1;
        Ok(proved.then_some(w))
    }

    /// Does what the plain outcome memo knows of `s` (who wins moving
    /// first, from earlier searches or the bounds of numbers) rule out the
    /// value `w`? Then the guess is refused without a search.
    fn outcome_contradicts(&mut self, s: &[RealId], w: GameId) -> bool {
        let zero = self.arena.zero();
        Player::BOTH.into_iter().any(|p| {
            self.memo_known(s, 0, p).is_some_and(|wins| {
                // p wins moving first in W iff W is not ≤ 0 (Left) or
                // not ≥ 0 (Right).
                let loses = match p {
                    Player::Left => self.arena.le(w, zero),
                    Player::Right => self.arena.le(zero, w),
                };
                wins == loses
            })
        })
    }

    /// Is the reduced state `s` worth `w`? Right's search (moving first in
    /// s − w, G ≥ W if he loses) and Left's (G ≤ W if she loses) take turns,
    /// each within a quota that grows fourfold a round, until both are
    /// lost or one is won. A search given up leaves its memoised outcomes
    /// for the next round.
    fn equals(&mut self, s: &[RealId], w: GameId) -> Result<bool, Exceeded> {
        let minus = self.arena.neg(w);
        let at = self.sum_memo_of(0, minus);
        let mut open = [Player::Right, Player::Left].to_vec();
        let mut quota = self.first_quota;
        let start = self.searched_states;
        while !open.is_empty() {
            if self.searched_states - start > PROOF_QUOTA {
                return Ok(false);
            }
            let mut k = 0;
            while k < open.len() {
                let p = open[k];
                match self.within_quota(quota, |solver| solver.wins_sum(s, at, p))? {
                    Some(true) => return Ok(false),
                    Some(false) => {
                        open.remove(k);
                    }
                    None => k += 1,
                }
            }
            quota = quota.saturating_mul(4);
        }
        Ok(true)
    }
}
