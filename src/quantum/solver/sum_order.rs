//! Outcomes of a state plus a game, known from searches of the same state
//! plus other games that compare with it.
//!
//! For a state G and games X ≤ Y (any short games), G + X ≤ G + Y, so:
//! - Left wins moving first in G + X ⇒ Left wins moving first in G + Y
//!   (G + X ≰ 0, so G + Y ≰ 0);
//! - Left loses moving first in G + Y ⇒ Left loses moving first in G + X
//!   (G + Y ≤ 0, so G + X ≤ 0);
//! - Right wins moving first in G + Y ⇒ Right wins moving first in G + X
//!   (G + Y ≱ 0, so G + X ≱ 0);
//! - Right loses moving first in G + X ⇒ Right loses moving first in
//!   G + Y (G + X ≥ 0, so G + Y ≥ 0).
//!
//! [`super::number_bounds`] keeps these facts for added numbers as four
//! bounds per state. Here they are read across the memos of any added
//! games, for the comparisons of options with the best values found so
//! far ([`super::probed`]): an option O shown no better than a best value
//! V (O − V searched) is compared again, for its player's best moves,
//! with the best value V′ that replaced V, and V ≤ V′ (for Left) carries
//! "O ≤ V" to "O ≤ V′" without a second search. Read at the root of a
//! comparison alone, and only the memos of other comparisons: a scan of
//! every memo per state searched (or of the memos the searches make for
//! the added games' options) would cost more than the searches it saves.

use super::{bits, QuantumSolver, RealId};
use crate::budget::Exceeded;
use crate::quantum::base::QuantumBase;
use crate::rules::Player;

impl<B: QuantumBase> QuantumSolver<B> {
    /// [`Self::wins_sum`], answered first from the sums of `s` with other
    /// games under the same flavour where a comparison of the added games
    /// carries their outcome over ([`Self::sum_known_by_order`]; what is
    /// carried is memoised under `at` too).
    pub(super) fn wins_sum_ordered(
        &mut self,
        s: &[RealId],
        at: usize,
        p: Player,
    ) -> Result<bool, Exceeded> {
        if self.sum_known(s, at, p).is_none() {
            if let Some(w) = self.sum_known_by_order(s, at, p) {
                return self.remember_sum(s, at, p, w);
            }
        }
        self.wins_sum(s, at, p)
    }

    /// Whether `p` wins moving first in `s` plus the game added by memo
    /// `at`, if a fact about `s` plus another game (memoised, or a number
    /// bound) carries over to it.
    pub(super) fn sum_known_by_order(
        &mut self,
        s: &[RealId],
        at: usize,
        p: Player,
    ) -> Option<bool> {
        let (flavour, x) = (self.wins[at].flavour, self.wins[at].added);
        let (known, win) = bits(p);
        // Left's wins carry up to greater added games and its losses
        // down; Right's the other way round.
        let carries = |arena: &mut crate::game::Arena, wins: bool, y| match (p, wins) {
            (Player::Left, true) | (Player::Right, false) => arena.le(y, x),
            (Player::Left, false) | (Player::Right, true) => arena.le(x, y),
        };
        // The memos of other comparisons alone: the outcome searches'
        // own memos of the added games' options are many, and a probe of
        // each at every comparison cost more than it saved.
        for j in 0..self.wins.len() {
            let other = &self.wins[j];
            if j == at || !other.compared || other.flavour != flavour {
                continue;
            }
            let y = other.added;
            match other.memo.get(s) {
                Some(b) if b & u32::from(known) != 0 => {
                    let wins = b & u32::from(win) != 0;
                    if carries(&mut self.arena, wins, y) {
                        return Some(wins);
                    }
                }
                _ => {}
            }
        }
        let numbers: Vec<_> = self
            .number_facts(s, flavour)
            .filter(|&(q, ..)| q == p)
            .collect();
        numbers
            .into_iter()
            .find(|&(_, wins, y)| carries(&mut self.arena, wins, y))
            .map(|(_, wins, _)| wins)
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{Arena, Dyadic, GameId};
    use crate::quantum::solver::tests::{for_each_pair, walk_both};
    use crate::rules::Player;

    /// Games to add: numbers, infinitesimals and hot games around 0, in a
    /// fixed order, so that two arenas build the same games.
    fn games(arena: &mut Arena) -> Vec<GameId> {
        let n = |a: &mut Arena, x: i64| a.integer(x);
        let (zero, one, minus_one) = (n(arena, 0), n(arena, 1), n(arena, -1));
        let half = arena.number(Dyadic::new(1.into(), 1));
        let star = arena.make(vec![zero], vec![zero]);
        let up = arena.make(vec![zero], vec![star]);
        let down = arena.neg(up);
        let hot = arena.make(vec![one], vec![minus_one]);
        let zero_minus_one = arena.make(vec![zero], vec![minus_one]);
        let tiny = arena.make(vec![zero], vec![zero_minus_one]);
        let up_star = arena.add(up, star);
        let half_hot = arena.make(vec![half], vec![zero]);
        vec![
            minus_one, down, star, zero, up, tiny, up_star, half, hot, half_hot, one,
        ]
    }

    /// Every outcome carried over from sums with other games is the one a
    /// search of the sum itself finds (in a second solver, which carries
    /// nothing): random reachable states of small drawings, every flavour,
    /// widths 2, 3 and unbounded, each searched plus every other game of
    /// [`games`], then asked about plus the rest.
    #[test]
    fn carried_outcomes_match_searches() {
        let positions = ["BRG RB G", "BGR R BB", "GRB BR"];
        let mut rng = crate::rng::SplitMix64::new(31);
        let mut carried = [0u32; 2];
        for_each_pair(&positions, |text, setting, mut carrier, mut searcher| {
            let added = games(&mut carrier.arena);
            let same = games(&mut searcher.arena);
            for walk in 0..4 {
                let (s, t) = walk_both(&mut rng, walk, &mut carrier, &mut searcher);
                let parity = (rng.next_u64() % 2) as usize;
                for (k, (&x, &y)) in added.iter().zip(&same).enumerate() {
                    let at = carrier.sum_memo_of(0, x);
                    carrier.wins[at].compared = true;
                    if k % 2 == parity {
                        for p in Player::BOTH {
                            carrier.wins_sum(&s, at, p).unwrap();
                        }
                        continue;
                    }
                    for q in Player::BOTH {
                        let Some(w) = carrier.sum_known_by_order(&s, at, q) else {
                            continue;
                        };
                        let at = searcher.sum_memo_of(0, y);
                        let found = searcher.wins_sum(&t, at, q).unwrap();
                        assert_eq!(w, found, "{text} {setting:?} {k}");
                        carried[usize::from(w)] += 1;
                    }
                }
            }
        });
        // Both kinds of fact were carried, many times.
        assert!(carried.iter().all(|&c| c > 50), "{carried:?}");
    }
}
