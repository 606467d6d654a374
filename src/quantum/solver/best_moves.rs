//! The moves a player should make from a state: the winning ones if
//! there are any, otherwise those to undominated options (the least bad
//! ones). When the solver probes or tries numbers first, winning moves
//! are found by outcome searches alone (one search of the opponent's
//! reply each, no value), and the least bad by [`super::probed`]'s
//! comparisons; otherwise every option is valued.

use super::{IdState, QuantumSolver};
use crate::budget::Exceeded;
use crate::game::GameId;
use crate::quantum::base::QuantumBase;
use crate::quantum::moves::{legal_map, QuantumMove};
use crate::rules::Player;
use crate::solve::{rank_moves, BestMoves};

impl<B: QuantumBase> QuantumSolver<B> {
    /// The allowed moves of `p` from `state` that win (the opponent,
    /// moving next, loses), by outcome searches only, in enumeration
    /// order; `found` is called with each as it is proved, and returns
    /// whether to go on. Outcome searches stop at a first winning reply,
    /// so this is far cheaper than valuing the options.
    pub fn winning_moves_by_search(
        &mut self,
        state: &[B::State],
        p: Player,
        mut found: impl FnMut(&Self, &QuantumMove<B::Move>) -> bool,
    ) -> Result<(), Exceeded> {
        let map = legal_map(&self.base, &self.accel, state, p);
        let mut held = 0;
        let options = self.option_states(&map, &mut held);
        let result = options.and_then(|options| {
            for (labels, child) in &options {
                if !self.wins_sum(child, 0, p.opponent())? && !found(self, labels) {
                    break;
                }
            }
            Ok(())
        });
        self.account.release(held);
        result
    }

    /// The moves `p` should make from `state` (every allowed move, as
    /// labels; winning ones if any, else those to undominated options).
    pub fn best_moves(
        &mut self,
        state: &[B::State],
        p: Player,
    ) -> Result<BestMoves<QuantumMove<B::Move>>, Exceeded> {
        let map = legal_map(&self.base, &self.accel, state, p);
        let mut held = 0;
        let options = self.option_states(&map, &mut held);
        let scored = options.and_then(|options| self.score_moves(options, p));
        self.account.release(held);
        let scored = match scored? {
            Scored::Winning(moves) => {
                return Ok(BestMoves {
                    winning: true,
                    moves,
                })
            }
            Scored::Values(scored) => scored,
        };
        // The rule every solver shares: winning moves, else undominated.
        Ok(rank_moves(&mut self.arena, &scored, p))
    }

    /// The moves of `options` (the mover `p`'s) with the values they lead
    /// to. When the solver tries numbers first, the winning moves are found
    /// by outcome searches before any option is valued, and returned alone
    /// if there are any: valuing every option of a large state by
    /// comparison would cost a search per option, where a winning move
    /// needs one outcome search.
    fn score_moves(
        &mut self,
        options: Vec<(QuantumMove<B::Move>, IdState)>,
        p: Player,
    ) -> Result<Scored<B::Move>, Exceeded> {
        if self.numbers_first || self.probing {
            let mut winning = Vec::new();
            for (labels, child) in &options {
                // A move wins iff the opponent, moving first after it, loses.
                if !self.wins_sum(child, 0, p.opponent())? {
                    winning.push(labels.clone());
                }
            }
            if !winning.is_empty() {
                return Ok(Scored::Winning(winning));
            }
        }
        if self.probing {
            return Ok(Scored::Values(self.probed_scores(options, p)?));
        }
        let mut scored = Vec::with_capacity(options.len());
        for (labels, child) in options {
            let v = self.first_value_of_ids(&child)?;
            scored.push((labels, v));
        }
        Ok(Scored::Values(scored))
    }
}

/// What [`QuantumSolver::score_moves`] found: the winning moves alone, or
/// every move with its value.
enum Scored<M> {
    Winning(Vec<QuantumMove<M>>),
    Values(ValuedMoves<M>),
}

/// Moves with the values they lead to.
pub(super) type ValuedMoves<M> = Vec<(QuantumMove<M>, GameId)>;
