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
//! **Tempo moves.** A label is *immune* for p on a realisation when p
//! may play it there and no other move, of either player, takes it away
//! (for Hackenbush: an edge of p's colour alone, at the ground). Let τ be
//! the fewest immune labels of p on any realisation of S. Every
//! realisation of every later state keeps those of its ancestor that p
//! has not played. While each realisation holds two or more, p can play
//! two distinct ones superposed (legal under every flavour and width), and
//! each realisation of the result has lost exactly one; when each holds
//! one and they are all the same label, only an unsuperposed move plays
//! it, which C, C′, C′u and D allow (it is legal on every realisation)
//! and A and B may not. So p has t = τ tempo moves in hand (τ − 1 under A
//! and B), each a move of p that plays an immune label. A tempo move, as
//! every move of p, leaves no realisation with more opponent's moves.
//!
//! **Bounds.** With M_R the greatest run bound of Right over S's
//! realisations and t_L Left's tempo moves, G ≥ t_L − M_R: in
//! G − (t_L − M_R), Right moving first, Right has at most M_R moves in G
//! (each takes one from every realisation's count, and Left's moves never
//! add one) and M_R − t_L in the integer if that is positive; Left has
//! t_L tempo moves and t_L − M_R integer moves if that is positive, as
//! many answers in all, so Right is the first without a move. The mirror
//! image: G ≤ M_L − t_R. Write ρ = M_R − t_L and λ = M_L − t_R (either may
//! be negative): −ρ ≤ G ≤ λ.
//!
//! **Unopposed runs.** Under B, C′, C′u and D a player with a legal
//! label on some realisation always has an allowed move: two distinct
//! labels make a superposed move, and a lone label is allowed
//! unsuperposed (B: it is the only label; C′: it is legal on every
//! realisation where p can move; C′u through B; D always). A and C may
//! refuse a lone label (random states where that lowers the value below
//! this bound exist under both, and the tests find them). Let U_R bound
//! Right's moves on each realisation once Left has no legal label there
//! ([`QuantumBase::unopposed_run_bound`]: for Hackenbush, the edges
//! only Right may cut; no move raises it), and U the greatest over S.
//! Then G > −U − 1: in G + (U + 1), Left moves in G while some
//! realisation has a label legal for Left, else in the integer. Once no
//! realisation has one, none ever has again, Right has at most U moves
//! left in G (each lowers every realisation's count), and Left must
//! answer each, plus Right's move that brought this about if it was
//! Right's: at most U + 1 integer moves in all. So Left always has a
//! move, moving first or second, and wins: G + U + 1 > 0. So G > −ρ′
//! with ρ′ = U_R + 1, and G < λ′ = U_L + 1.
//!
//! **Blocked runs.** Under A and C a player with one legal label may have
//! no allowed move, but one with two has (they superpose). Let W_R bound
//! Right's moves on each realisation once Left has at most one legal
//! label, the same on every realisation
//! ([`QuantumBase::blocked_run_bound`]: for Hackenbush, the edges only
//! Right may cut plus one if an edge both may cut is present, as every
//! such edge is then Left's one label; no move raises it), and W the
//! greatest over S. Then G > −W − 1 under every flavour: in G + (W + 1),
//! Left moves in G while she has an allowed move there, else in the
//! integer. Let T be Left's first turn without an allowed move in G (if
//! none comes, she never lacks a move). At T she has at most one legal
//! label, and no later state has more, so Right has at most W moves left
//! in G; Left answers each, and T itself, by a move in G or in the
//! integer: at most W + 1 integer moves, and she wins moving first or
//! second. So ρ′ = W_R + 1 and λ′ = W_L + 1 under A and C. (W ≤ U + 1,
//! so under the other flavours the unopposed runs are used.)
//!
//! So ρ and λ below are each the tighter of the two bounds, the strict
//! one when they are equal, and remember whether they are strict (two
//! separate proofs: the tempo moves are not subtracted from ρ′).
//!
//! **Bounds of a move's result from its labels.** Every count above is a
//! greatest or a fewest over the realisations ([`RunsFold`]), so the fold
//! of a union is the join of its parts' folds. A move's result is the
//! union of its labels' results (RULES.md §3), pruned of covered
//! realisations under A, B and D. The unpruned union is a quantum state of
//! the same value as the pruned one (dropping a covered realisation keeps
//! the value), so the bounds folded from the labels' results hold for the
//! move's result: exactly its own bounds under C, C′ and C′u, where
//! nothing is pruned, and possibly looser under A, B and D (a covered
//! realisation can have fewer immune labels). The outcome search folds
//! each label's result once per state and tries every move against these
//! bounds before its result is even listed.
//!
//! **Outcomes of G + X**, X any game. From X − ρ ≤ G + X ≤ X + λ:
//! - X ≰ ρ: then G + X ≰ 0 (were G + X ≤ 0, X − ρ ≤ 0 would follow), so
//!   Left wins moving first;
//! - X ≥ ρ: G + X ≥ 0, Right loses moving first; if G > −ρ (strict),
//!   then G + X = (G + ρ) + (X − ρ) > 0, and Left wins moving first too;
//! - X ≤ −λ: G + X ≤ 0, Left loses moving first; if G < λ (strict),
//!   G + X < 0, and Right wins moving first too;
//! - X ≱ −λ: G + X ≱ 0, Right wins moving first.
//!
//! Each condition holds for all integers up to some threshold (X ≰ ρ for
//! every ρ below the greatest one with X ≰ ρ, and so on), so each test is
//! one comparison of ρ or λ with an integer threshold of X, found once
//! per added game ([`RunThresholds::of`]). For a number a they read
//! ρ < a, ρ ≤ a, λ ≤ −a and λ < −a.

use super::{QuantumSolver, RealId};
use crate::game::{Arena, GameId};
use crate::quantum::base::QuantumBase;
use crate::quantum::flavour::Flavour;
use crate::rules::Player;

/// What one realisation tells the bounds, each entry per player (Left,
/// Right, as [`Player::BOTH`] orders them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Runs {
    /// [`QuantumBase::run_bound`] (`u32::MAX`: too many to count, which
    /// decides nothing).
    run: [u32; 2],
    /// [`QuantumBase::immune_labels`].
    immune: [u32; 2],
    /// [`QuantumBase::unopposed_run_bound`] (`u32::MAX` as for `run`).
    unopposed: [u32; 2],
    /// [`QuantumBase::blocked_run_bound`] (`u32::MAX` as for `run`).
    blocked: [u32; 2],
}

pub(super) fn runs_of<B: QuantumBase>(base: &B, r: &B::State) -> Runs {
    let count = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
    Runs {
        run: Player::BOTH.map(|p| count(base.run_bound(r, p))),
        // A count too large to hold is cut down: fewer immune labels is
        // safe.
        immune: Player::BOTH.map(|p| count(base.immune_labels(r, p)).min(u32::MAX - 1)),
        unopposed: Player::BOTH.map(|p| count(base.unopposed_run_bound(r, p))),
        blocked: Player::BOTH.map(|p| count(base.blocked_run_bound(r, p))),
    }
}

/// Whether a player's last tempo move, on one label legal on every
/// realisation, is allowed (see the module doc).
fn last_tempo_allowed(flavour: Flavour) -> bool {
    match flavour {
        Flavour::A | Flavour::B => false,
        Flavour::C | Flavour::CPrime | Flavour::CPrimeU | Flavour::D => true,
    }
}

/// Whether a player with a legal label on some realisation always has an
/// allowed move, so the unopposed runs bound the value, not only the
/// blocked runs (see the module doc).
fn never_blocked(flavour: Flavour) -> bool {
    match flavour {
        Flavour::A | Flavour::C => false,
        Flavour::B | Flavour::CPrime | Flavour::CPrimeU | Flavour::D => true,
    }
}

/// The integer thresholds of one added game X that the four tests
/// compare ρ and λ with (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct RunThresholds {
    /// ρ ≤ this ⟺ X ≰ ρ: Left wins moving first.
    left_wins: i64,
    /// λ ≤ this ⟺ X ≤ −λ: Left loses moving first.
    left_loses: i64,
    /// λ ≤ this ⟺ X ≱ −λ: Right wins moving first.
    right_wins: i64,
    /// ρ ≤ this ⟺ X ≥ ρ: Right loses moving first.
    right_loses: i64,
}

/// A state's bounds −ρ ≤ G ≤ λ, each strict or not (see the module
/// doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct ValueBounds {
    pub(super) rho: Bound,
    pub(super) lambda: Bound,
}

/// How far a player can push the value their way: G ≥ −at (G > −at if
/// `strict`) for Right's ρ, G ≤ at (G < at) for Left's λ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Bound {
    pub(super) at: i64,
    pub(super) strict: bool,
}

impl Bound {
    /// The tighter of two bounds of one side: the lesser, the strict one
    /// when they are equal.
    fn tighter(self, other: Bound) -> Bound {
        if (other.at, !other.strict) < (self.at, !self.strict) {
            other
        } else {
            self
        }
    }
}

/// The greatest n in ±[`MAX_THRESHOLD`] with `holds(n)` (−MAX − 1 if
/// none, which no bound reaches), for a condition that holds on a
/// down-set of integers.
fn threshold(mut holds: impl FnMut(i64) -> bool) -> i64 {
    // Doubling away from 0, upwards if the condition holds there and
    // downwards if not, until it changes; then bisection between `yes`
    // (holds) and `no` (does not).
    let up = holds(0);
    let sign = if up { 1 } else { -1 };
    let mut before = 0;
    let mut step = 1;
    let changed = loop {
        if step > MAX_THRESHOLD {
            return if up {
                MAX_THRESHOLD
            } else {
                -MAX_THRESHOLD - 1
            };
        }
        let n = sign * step;
        if holds(n) != up {
            break n;
        }
        before = n;
        step *= 2;
    };
    let (mut yes, mut no) = if up {
        (before, changed)
    } else {
        (changed, before)
    };
    while no - yes > 1 {
        let mid = yes + (no - yes) / 2;
        if holds(mid) {
            yes = mid;
        } else {
            no = mid;
        }
    }
    yes
}

/// Thresholds stop here: runs and tempo moves are counts of labels or
/// tokens, far below.
const MAX_THRESHOLD: i64 = 1 << 33;

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

    /// The thresholds of the game 0 (X ≰ ρ ⟺ ρ < 0, X ≤ −λ ⟺ λ ≤ 0, and
    /// so on), for the plain outcome memo made without an arena.
    pub(super) const ZERO: RunThresholds = RunThresholds {
        left_wins: -1,
        left_loses: 0,
        right_wins: -1,
        right_loses: 0,
    };

    /// Whether `p` wins moving first in G + X, if G's bounds decide it.
    pub(super) fn decide(&self, b: ValueBounds, p: Player) -> Option<bool> {
        let (rho, lambda) = (b.rho.at, b.lambda.at);
        let (wins, loses) = match p {
            Player::Left => (
                rho <= self.left_wins || (b.rho.strict && rho <= self.right_loses),
                lambda <= self.left_loses,
            ),
            Player::Right => (
                lambda <= self.right_wins || (b.lambda.strict && lambda <= self.left_loses),
                rho <= self.right_loses,
            ),
        };
        if wins {
            Some(true)
        } else if loses {
            Some(false)
        } else {
            None
        }
    }
}

/// The counts of a set of realisations that its bounds are made of,
/// each per player: the greatest runs, the fewest immune labels and the
/// greatest runs once the opponent is short of labels (unopposed, or
/// blocked where a lone label may be refused), folded over the set.
///
/// A fold of a union is the join of the folds of its parts (greatest of
/// greatest, fewest of fewest), so the outcome search folds each label's
/// result once and bounds a superposed move's result from its labels'
/// folds, without walking the result's realisations (see
/// [`QuantumSolver::runs_fold`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct RunsFold {
    run: [u32; 2],
    immune: [u32; 2],
    alone: [u32; 2],
}

impl RunsFold {
    /// The fold of no realisation: u32::MAX immune labels stands for
    /// none counted.
    pub(super) const EMPTY: RunsFold = RunsFold {
        run: [0; 2],
        immune: [u32::MAX; 2],
        alone: [0; 2],
    };

    /// Count realisation `r` in, under `flavour`: only the count of runs
    /// once the opponent is short of labels that the flavour uses is
    /// folded, as this runs for every option an outcome search meets.
    fn add(&mut self, r: &Runs, flavour: Flavour) {
        let r_alone = if never_blocked(flavour) {
            &r.unopposed
        } else {
            &r.blocked
        };
        self.join_counts(&r.run, &r.immune, r_alone);
    }

    fn join_counts(&mut self, run: &[u32; 2], immune: &[u32; 2], alone: &[u32; 2]) {
        for k in 0..2 {
            self.run[k] = self.run[k].max(run[k]);
            self.immune[k] = self.immune[k].min(immune[k]);
            self.alone[k] = self.alone[k].max(alone[k]);
        }
    }

    /// The fold of the union of the sets folded into `self` and `other`
    /// (under one flavour).
    pub(super) fn join(mut self, other: &RunsFold) -> RunsFold {
        self.join_counts(&other.run, &other.immune, &other.alone);
        self
    }

    /// The bounds of a state whose realisations were folded into `self`
    /// under `flavour`: from the greatest run bounds and the fewest
    /// immune labels, or from the greatest unopposed (or blocked) runs
    /// where they are tighter.
    pub(super) fn bounds(&self, flavour: Flavour) -> ValueBounds {
        let most = |m: u32| {
            if m == u32::MAX {
                i64::MAX
            } else {
                i64::from(m)
            }
        };
        let tempo = |fewest: u32| {
            let t = if fewest == u32::MAX {
                0
            } else {
                i64::from(fewest)
            };
            if last_tempo_allowed(flavour) {
                t
            } else {
                (t - 1).max(0)
            }
        };
        // How far `q` can push the value its way: ρ for Right, λ for Left.
        let reach = |q: Player| {
            let (k, other) = (q as usize, q.opponent() as usize);
            let by_runs = Bound {
                at: most(self.run[k]).saturating_sub(tempo(self.immune[other])),
                strict: false,
            };
            by_runs.tighter(Bound {
                at: most(self.alone[k]).saturating_add(1),
                strict: true,
            })
        };
        ValueBounds {
            rho: reach(Player::Right),
            lambda: reach(Player::Left),
        }
    }
}

impl<B: QuantumBase> QuantumSolver<B> {
    /// The counts of the realisations `s` under `flavour`.
    pub(super) fn runs_fold(&self, s: &[RealId], flavour: Flavour) -> RunsFold {
        let mut fold = RunsFold::EMPTY;
        for &id in s {
            fold.add(&self.reals.runs[id as usize], flavour);
        }
        fold
    }

    /// Whether `p` wins moving first in `s` plus the game with
    /// thresholds `t` under `flavour`, if the bounds of `s` decide it.
    pub(super) fn runs_decide(
        &self,
        s: &[RealId],
        flavour: Flavour,
        t: &RunThresholds,
        p: Player,
    ) -> Option<bool> {
        t.decide(self.runs_fold(s, flavour).bounds(flavour), p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Dyadic;

    #[test]
    fn thresholds_of_numbers_follow_the_four_inequalities() {
        // Every a in quarters from −3 to 3, every pair of bounds in ±4,
        // strict or not: each decision made must be the inequality it
        // stands for, and every one that follows must be made.
        let mut arena = Arena::new();
        for q in -12i64..=12 {
            let a = arena.number(Dyadic::new(q.into(), 2));
            let t = RunThresholds::of(&mut arena, a);
            for lambda in -4..=4i64 {
                for rho in -4..=4i64 {
                    for (rho_strict, lambda_strict) in
                        [(false, false), (true, false), (false, true), (true, true)]
                    {
                        let runs = ValueBounds {
                            rho: Bound {
                                at: rho,
                                strict: rho_strict,
                            },
                            lambda: Bound {
                                at: lambda,
                                strict: lambda_strict,
                            },
                        };
                        // 4a against integers, exactly: G + a lies in
                        // [a − ρ, a + λ], open at a strict end.
                        let (l4, r4) = (4 * lambda, 4 * rho);
                        let positive = q > r4 || (rho_strict && q == r4);
                        let negative = q < -l4 || (lambda_strict && q == -l4);
                        let left = if positive {
                            Some(true)
                        } else if q <= -l4 {
                            Some(false)
                        } else {
                            None
                        };
                        let right = if negative {
                            Some(true)
                        } else if q >= r4 {
                            Some(false)
                        } else {
                            None
                        };
                        let at = format!("a={q}/4 {runs:?}");
                        assert_eq!(t.decide(runs, Player::Left), left, "{at}");
                        assert_eq!(t.decide(runs, Player::Right), right, "{at}");
                    }
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
        // ρ ≤ 3, ≱ −λ for λ ≤ 2, ≤ −λ only for λ ≤ −4 and ≥ ρ only for
        // ρ ≤ −3.
        let (three, minus_two) = (arena.integer(3), arena.integer(-2));
        let hot = arena.make(vec![three], vec![minus_two]);
        assert_eq!(t(&mut arena, hot), [3, -4, 2, -3]);
        // ↑ = {0 | *}: above 0 but below every positive number.
        let zero = arena.integer(0);
        let star = arena.make(vec![zero], vec![zero]);
        let up = arena.make(vec![zero], vec![star]);
        assert_eq!(t(&mut arena, up), [0, -1, -1, 0]);
        assert_eq!(RunThresholds::of(&mut arena, zero), RunThresholds::ZERO);
        // A huge number caps where runs could never reach.
        let big = arena.integer(1 << 40);
        assert_eq!(t(&mut arena, big)[0], MAX_THRESHOLD);
        // ... and a hugely negative one never decides Left's win.
        let small = arena.integer(-(1 << 40));
        assert_eq!(t(&mut arena, small)[0], -MAX_THRESHOLD - 1);
    }
}
