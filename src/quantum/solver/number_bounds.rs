//! What outcome searches of a state plus numbers found, kept as bounds on
//! the numbers, so that a search of the state plus another number is
//! answered without searching when the bounds decide it.
//!
//! For a state G and numbers a ≤ b:
//! - Left wins moving first in G + a ⇒ Left wins moving first in G + b
//!   (G + a ≰ 0 and G + a ≤ G + b, so G + b ≰ 0);
//! - Right wins moving first in G + b ⇒ Right wins moving first in G + a
//!   (G + b ≱ 0 and G + a ≤ G + b, so G + a ≱ 0).
//!
//! So each player's wins and losses over the numbers added are two rays,
//! and four numbers per state say all that is known: the least a with
//! Left winning, the greatest with Left losing, the greatest with Right
//! winning and the least with Right losing. The bisection of
//! [`QuantumSolver::number_value`] adds ever other numbers to one state,
//! and the states deep in its searches meet the same comparisons again
//! under other numbers: each search's answers serve the later ones.

use super::{QuantumSolver, RealId};
use crate::game::{Arena, Dyadic, GameId};
use crate::quantum::base::QuantumBase;
use crate::quantum::id_memo::IdMemo;
use crate::rules::Player;
use std::cmp::Ordering;

/// The four bounds of a state, as words: each a number's id in the arena
/// plus one, or 0 for none.
const LEFT_WINS_FROM: usize = 0;
const LEFT_LOSES_UP_TO: usize = 1;
const RIGHT_WINS_UP_TO: usize = 2;
const RIGHT_LOSES_FROM: usize = 3;
pub(super) const BOUND_WORDS: usize = 4;

/// How promising an option looks ([`QuantumSolver::promise`]), its
/// numbers oriented so that greater is better for the player moving to
/// it; a greater `Promise` is more promising.
#[derive(Default, PartialEq, Eq)]
pub(super) struct Promise {
    /// The best number the option is known to be at least as good as, or
    /// not worse than.
    good: Option<Dyadic>,
    /// The worst number it is known to be no better than, or not at least
    /// as good as.
    bad: Option<Dyadic>,
}

impl Ord for Promise {
    fn cmp(&self, other: &Promise) -> Ordering {
        // Good news first (none is least); then the least bad news (none
        // is best).
        self.good
            .cmp(&other.good)
            .then_with(|| match (&self.bad, &other.bad) {
                (None, None) => Ordering::Equal,
                (None, Some(_)) => Ordering::Greater,
                (Some(_), None) => Ordering::Less,
                (Some(x), Some(y)) => x.cmp(y),
            })
    }
}

impl PartialOrd for Promise {
    fn partial_cmp(&self, other: &Promise) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The bounds memo of each flavour searched (an index into the solver's
/// flavours), made when first needed.
#[derive(Default)]
pub(super) struct NumberBounds {
    memos: Vec<Option<IdMemo>>,
}

impl NumberBounds {
    pub(super) fn bytes(&self) -> u64 {
        self.memos.iter().flatten().map(IdMemo::bytes).sum()
    }

    pub(super) fn len(&self) -> usize {
        self.memos.iter().flatten().map(IdMemo::len).sum()
    }

    fn words(&self, flavour: usize, s: &[RealId]) -> Option<[u32; BOUND_WORDS]> {
        let memo = self.memos.get(flavour)?.as_ref()?;
        let mut words = [0; BOUND_WORDS];
        memo.get_words(s, &mut words).then_some(words)
    }
}

impl<B: QuantumBase> QuantumSolver<B> {
    /// Whether `p` wins moving first in `s` plus the number `a` (id in
    /// the arena) under flavour `flavour`, if the bounds of `s` decide it.
    pub(super) fn number_sum_known(
        &self,
        s: &[RealId],
        flavour: usize,
        a: GameId,
        p: Player,
    ) -> Option<bool> {
        let words = self.number_bounds.words(flavour, s)?;
        let a = self.number_of(a)?;
        // How the bound in `words[k]` compares with a, if there is one.
        let bound = |k: usize| Some(bound_number(&self.arena, words[k])?.cmp(a));
        let le = |o: Option<Ordering>| o.is_some_and(Ordering::is_le);
        let ge = |o: Option<Ordering>| o.is_some_and(Ordering::is_ge);
        match p {
            Player::Left if le(bound(LEFT_WINS_FROM)) => Some(true),
            Player::Left if ge(bound(LEFT_LOSES_UP_TO)) => Some(false),
            Player::Right if ge(bound(RIGHT_WINS_UP_TO)) => Some(true),
            Player::Right if le(bound(RIGHT_LOSES_FROM)) => Some(false),
            _ => None,
        }
    }

    /// Record that `p` wins moving first in `s` plus the number `a` under
    /// flavour `flavour` iff `wins`: the matching bound moves out to `a`
    /// if `a` lies beyond it.
    pub(super) fn note_number_sum(
        &mut self,
        s: &[RealId],
        flavour: usize,
        a: GameId,
        p: Player,
        wins: bool,
    ) {
        let (k, keep_least) = match (p, wins) {
            (Player::Left, true) => (LEFT_WINS_FROM, true),
            (Player::Left, false) => (LEFT_LOSES_UP_TO, false),
            (Player::Right, true) => (RIGHT_WINS_UP_TO, false),
            (Player::Right, false) => (RIGHT_LOSES_FROM, true),
        };
        let arena = &self.arena;
        let Some(x) = number_in(arena, a) else {
            return;
        };
        let memos = &mut self.number_bounds.memos;
        if memos.len() <= flavour {
            memos.resize_with(flavour + 1, || None);
        }
        let memo = memos[flavour].get_or_insert_with(|| IdMemo::with_words(BOUND_WORDS));
        // One probe: the bound is read and, if `a` lies beyond it, moved.
        memo.update_words(s, |words: &mut [u32; BOUND_WORDS]| {
            let beyond = match bound_number(arena, words[k]) {
                Some(b) if keep_least => x < b,
                Some(b) => x > b,
                None => true,
            };
            if beyond {
                words[k] = a.0 + 1;
            }
        });
    }

    /// How promising reduced state `s` looks as an option of `p` (under
    /// the first flavour), from what its bounds say: the searches of its
    /// parent plus numbers leave bounds on most options. An order, never
    /// a proof: `undominated` values the likely best first, so that the
    /// others are shown no better than it instead of being valued too.
    pub(super) fn promise(&self, s: &[RealId], p: Player) -> Promise {
        let Some(words) = self.number_bounds.words(0, s) else {
            return Promise::default();
        };
        // The number c a bound says something of (s + a against 0 says s
        // against c = −a), oriented so that greater is better for `p`.
        let oriented = |k: usize| {
            let a = bound_number(&self.arena, words[k])?;
            Some(match p {
                Player::Left => a.neg(),
                Player::Right => a.clone(),
            })
        };
        // Left winning moving first in s + a: s ≰ c; Right losing: s ≥ c;
        // Left losing: s ≤ c; Right winning: s ≱ c. For Left the first two
        // are good news and the others bad; for Right the other way round.
        let (good, bad) = match p {
            Player::Left => (
                [LEFT_WINS_FROM, RIGHT_LOSES_FROM],
                [LEFT_LOSES_UP_TO, RIGHT_WINS_UP_TO],
            ),
            Player::Right => (
                [LEFT_LOSES_UP_TO, RIGHT_WINS_UP_TO],
                [LEFT_WINS_FROM, RIGHT_LOSES_FROM],
            ),
        };
        Promise {
            good: good.into_iter().filter_map(oriented).max(),
            bad: bad.into_iter().filter_map(oriented).min(),
        }
    }

    /// What the bounds of `s` under flavour `flavour` say, as facts
    /// "`player` wins (or loses) moving first in `s` plus this number"
    /// (the number's id in the arena): the least number with Left
    /// winning, the greatest with Left losing, the greatest with Right
    /// winning and the least with Right losing, those known.
    pub(super) fn number_facts(
        &self,
        s: &[RealId],
        flavour: usize,
    ) -> impl Iterator<Item = (Player, bool, GameId)> {
        let words = self.number_bounds.words(flavour, s).unwrap_or_default();
        [
            (LEFT_WINS_FROM, Player::Left, true),
            (LEFT_LOSES_UP_TO, Player::Left, false),
            (RIGHT_WINS_UP_TO, Player::Right, true),
            (RIGHT_LOSES_FROM, Player::Right, false),
        ]
        .into_iter()
        .filter_map(move |(k, p, wins)| Some((p, wins, GameId(words[k].checked_sub(1)?))))
    }

    /// The number `g` is, if it is one.
    fn number_of(&self, g: GameId) -> Option<&Dyadic> {
        number_in(&self.arena, g)
    }
}

/// The number a bound word holds (its id in `arena` plus one), if any.
fn bound_number(arena: &Arena, word: u32) -> Option<&Dyadic> {
    number_in(arena, GameId(word.checked_sub(1)?))
}

/// The number `g` (in `arena`) is, if it is one.
fn number_in(arena: &Arena, g: GameId) -> Option<&Dyadic> {
    match arena.as_number_nimber(g) {
        Some((x, 0)) => Some(x),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::Promise;
    use crate::game::Dyadic;
    use crate::quantum::solver::QuantumSolver;
    use crate::quantum::{Flavour, Setting, Width};
    use crate::rules::{Hackenbush, Player};

    /// What each bound says of a state, read as each player's promise:
    /// s ≥ 1 is good news for Left and bad for Right, s ≤ −1 the other way
    /// round, and more news of the same kind ranks by its number.
    #[test]
    fn promises_read_each_bound_for_each_player() {
        let base = Hackenbush::new("BRG BR RRB G".parse().unwrap());
        let start = base.start();
        let setting = Setting::new(Flavour::D, Width::Limited(2));
        let mut solver = QuantumSolver::new(base, &start, setting);
        // The bounds memo takes any id lists: these stand for five states.
        let states: Vec<_> = (0..5u32).map(|k| vec![k]).collect();
        let note = |solver: &mut QuantumSolver<Hackenbush>, s: &[u32], a: i64, p, wins| {
            let a = solver.arena.number(Dyadic::integer(a));
            solver.note_number_sum(s, 0, a, p, wins);
        };
        // s0 ≥ 1 (Right loses moving first in s0 − 1).
        note(&mut solver, &states[0], -1, Player::Right, false);
        // s1 ≥ 0.
        note(&mut solver, &states[1], 0, Player::Right, false);
        // s2 ≤ −1 (Left loses moving first in s2 + 1).
        note(&mut solver, &states[2], 1, Player::Left, false);
        // s3 ≱ 0 (Right wins moving first in s3).
        note(&mut solver, &states[3], 0, Player::Right, true);
        // s4: nothing known.
        let promise =
            |solver: &QuantumSolver<Hackenbush>, k: usize, p| solver.promise(&states[k], p);
        let order = |p| {
            let mut ks: Vec<usize> = (0..5).collect();
            ks.sort_by_key(|&k| std::cmp::Reverse(promise(&solver, k, p)));
            ks
        };
        assert_eq!(order(Player::Left), [0, 1, 4, 3, 2]);
        // For Right: s2 ≤ −1 and s3 ≱ 0 are good news (the better first),
        // nothing known next, then s1 ≥ 0 and s0 ≥ 1 (the worse last).
        assert_eq!(order(Player::Right), [2, 3, 4, 1, 0]);
        assert!(promise(&solver, 4, Player::Left) == Promise::default());
    }
}
