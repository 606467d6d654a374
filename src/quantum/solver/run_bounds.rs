//! Bounds on a state's value from how many moves each player can make in
//! a row, which settle outcome searches of the state plus a number
//! without searching.
//!
//! **Runs.** Let run_p(G) be the greatest number of moves p can make in a
//! row in G while the opponent passes. For every game G,
//! −run_R(G) ≤ G ≤ run_L(G): in G + k with k = run_R(G), Right moving
//! first, Left answers each of Right's moves (all of them in G, as the
//! integer k ≥ 0 has no Right option) by moving k to k − 1; Right makes at
//! most k moves in G, so Left always has an answer, and Right is the first
//! without a move. So G + k ≥ 0; the upper bound is the mirror image.
//!
//! **Runs of a superposed state.** Every move of p, superposed or not and
//! under every flavour and width, leads to a state each of whose
//! realisations is a classical move of p on one realisation of the state
//! before (RULES.md §3). So a run of k moves from a state S ends on a
//! realisation reached by k classical moves of p in a row from one
//! realisation of S, and run_p(S) ≤ max over r in S of run_p(r). The
//! solver's reduced states are quantum states in their own right, of the
//! same value as the unreduced ones, so the bound holds for them as they
//! are. [`QuantumBase::run_bound`] bounds run_p(r) (for Hackenbush: the
//! edges p may cut).
//!
//! **Outcomes of G + X**, X any game, λ ≥ run_L(G), ρ ≥ run_R(G). From
//! X − ρ ≤ G + X ≤ X + λ:
//! - X ≰ ρ: then G + X ≰ 0 (were G + X ≤ 0, X − ρ ≤ 0 would follow), so
//!   Left wins moving first;
//! - X ≥ ρ: G + X ≥ 0, Right loses moving first;
//! - X ≤ −λ: G + X ≤ 0, Left loses moving first;
//! - X ≱ −λ: G + X ≱ 0, Right wins moving first.
//!
//! Each condition holds for all integers up to some threshold (X ≰ ρ for
//! every ρ below the greatest one with X ≰ ρ, and so on), so each test is
//! one comparison of a run with an integer threshold of X, found once per
//! added game ([`RunThresholds::of`]). For a number a they read ρ < a,
//! ρ ≤ a, λ ≤ −a and λ < −a.

use super::{QuantumSolver, RealId};
use crate::game::{Arena, GameId};
use crate::quantum::base::QuantumBase;
use crate::rules::Player;

/// A realisation's [`QuantumBase::run_bound`] for each player
/// (`u32::MAX`: too many to count, which decides nothing).
pub(super) type Runs = [u32; 2];

pub(super) fn runs_of<B: QuantumBase>(base: &B, r: &B::State) -> Runs {
    Player::BOTH.map(|p| u32::try_from(base.run_bound(r, p)).unwrap_or(u32::MAX))
}

/// The integer thresholds of one number a that the four tests compare
/// runs with (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct RunThresholds {
    /// ρ ≤ this ⟺ ρ < a: Left wins moving first.
    left_wins: i64,
    /// λ ≤ this ⟺ λ ≤ −a: Left loses moving first.
    left_loses: i64,
    /// λ ≤ this ⟺ λ < −a: Right wins moving first.
    right_wins: i64,
    /// ρ ≤ this ⟺ ρ ≤ a: Right loses moving first.
    right_loses: i64,
}

/// The greatest n in 0..=[`MAX_THRESHOLD`] with `holds(n)`, −1 if none,
/// for a condition that holds on a down-set of integers.
fn threshold(mut holds: impl FnMut(i64) -> bool) -> i64 {
    if !holds(0) {
        return -1;
    }
    // Doubling, then bisection: holds(lo), and !holds(hi) unless capped.
    let mut lo = 0;
    let mut hi = 1;
    while hi <= MAX_THRESHOLD && holds(hi) {
        lo = hi;
        hi *= 2;
    }
    if hi > MAX_THRESHOLD {
        return lo.max(if holds(MAX_THRESHOLD) {
            MAX_THRESHOLD
        } else {
            lo
        });
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if holds(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// Thresholds stop here: runs are counts of labels or tokens, far below.
const MAX_THRESHOLD: i64 = 1 << 32;

impl RunThresholds {
    /// The thresholds of the added game `x`, by comparisons in the arena.
    pub(super) fn of(arena: &mut Arena, x: GameId) -> RunThresholds {
        RunThresholds {
            left_wins: threshold(|n| {
                let k = arena.integer(n);
                !arena.le(x, k)
            }),
            left_loses: threshold(|n| {
                let k = arena.integer(-n);
                arena.le(x, k)
            }),
            right_wins: threshold(|n| {
                let k = arena.integer(-n);
                !arena.le(k, x)
            }),
            right_loses: threshold(|n| {
                let k = arena.integer(n);
                arena.le(k, x)
            }),
        }
    }

    /// Whether the thresholds decide anything beyond what a search finds
    /// at once (a player without moves loses moving first): the plain
    /// outcome search (X = 0) is spared the test.
    pub(super) fn useful(&self) -> bool {
        self.left_wins >= 0 || self.right_wins >= 0 || self.left_loses > 0 || self.right_loses > 0
    }

    /// Whether `p` wins moving first, if runs of at most `runs` decide it.
    pub(super) fn decide(&self, runs: impl Fn(Player) -> i64, p: Player) -> Option<bool> {
        // p wins when the opponent's runs are short, and loses when its
        // own are.
        let (wins, loses) = match p {
            Player::Left => (self.left_wins, self.left_loses),
            Player::Right => (self.right_wins, self.right_loses),
        };
        if wins >= 0 && runs(p.opponent()) <= wins {
            return Some(true);
        }
        if loses >= 0 && runs(p) <= loses {
            return Some(false);
        }
        None
    }
}

impl<B: QuantumBase> QuantumSolver<B> {
    /// The greatest run bounds of each player over the realisations of
    /// `s` (`i64::MAX` for one too many to count).
    fn state_runs(&self, s: &[RealId]) -> [i64; 2] {
        let runs = &self.reals.runs;
        let most = s.iter().fold([0, 0], |[l, r], &id| {
            let [a, b] = runs[id as usize];
            [l.max(a), r.max(b)]
        });
        most.map(|m| {
            if m == u32::MAX {
                i64::MAX
            } else {
                i64::from(m)
            }
        })
    }

    /// Whether `p` wins moving first in `s` plus the game with
    /// thresholds `t`, if the runs of `s` decide it.
    pub(super) fn runs_decide(&self, s: &[RealId], t: &RunThresholds, p: Player) -> Option<bool> {
        let runs = self.state_runs(s);
        t.decide(|q| runs[q as usize], p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Dyadic;

    #[test]
    fn thresholds_of_numbers_follow_the_four_inequalities() {
        // Every a in quarters from −3 to 3, every pair of runs up to 4:
        // each decision made must be the inequality it stands for.
        let mut arena = Arena::new();
        for q in -12i64..=12 {
            let a = arena.number(Dyadic::new(q.into(), 2));
            let t = RunThresholds::of(&mut arena, a);
            for lambda in 0..=4i64 {
                for rho in 0..=4i64 {
                    let runs = |p: Player| match p {
                        Player::Left => lambda,
                        Player::Right => rho,
                    };
                    // 4a against integers, exactly.
                    let (l4, r4) = (4 * lambda, 4 * rho);
                    let left = if q > r4 {
                        Some(true)
                    } else if q <= -l4 {
                        Some(false)
                    } else {
                        None
                    };
                    let right = if q < -l4 {
                        Some(true)
                    } else if q >= r4 {
                        Some(false)
                    } else {
                        None
                    };
                    let at = format!("a={q}/4 λ={lambda} ρ={rho}");
                    assert_eq!(t.decide(runs, Player::Left), left, "{at}");
                    assert_eq!(t.decide(runs, Player::Right), right, "{at}");
                }
            }
        }
    }

    #[test]
    fn thresholds_of_hot_games_and_infinitesimals() {
        let mut arena = Arena::new();
        let t = |arena: &mut Arena, x| {
            let t = RunThresholds::of(arena, x);
            [t.left_wins, t.left_loses, t.right_wins, t.right_loses]
        };
        // {3 | −2} is confused with every number from −2 to 3: ≰ ρ for
        // ρ ≤ 3, ≱ −λ for λ ≤ 2, and ≥ ρ or ≤ −λ for none.
        let (three, minus_two) = (arena.integer(3), arena.integer(-2));
        let hot = arena.make(vec![three], vec![minus_two]);
        assert_eq!(t(&mut arena, hot), [3, -1, 2, -1]);
        // ↑ = {0 | *}: above 0 but below every positive number.
        let zero = arena.integer(0);
        let star = arena.make(vec![zero], vec![zero]);
        let up = arena.make(vec![zero], vec![star]);
        assert_eq!(t(&mut arena, up), [0, -1, -1, 0]);
        assert!(!RunThresholds::of(&mut arena, zero).useful());
        assert!(RunThresholds::of(&mut arena, star).useful());
        // A huge number caps where runs could never reach.
        let big = arena.integer(1 << 40);
        assert_eq!(t(&mut arena, big)[0], MAX_THRESHOLD);
    }
}
