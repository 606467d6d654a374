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
        let bound = |k: usize| {
            let b = (words[k] != 0).then(|| self.number_of(GameId(words[k] - 1)))??;
            Some(b.cmp(a))
        };
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
            let beyond = match (words[k] != 0).then(|| number_in(arena, GameId(words[k] - 1))) {
                Some(Some(b)) if keep_least => x < b,
                Some(Some(b)) => x > b,
                _ => true,
            };
            if beyond {
                words[k] = a.0 + 1;
            }
        });
    }

    /// The number `g` is, if it is one.
    fn number_of(&self, g: GameId) -> Option<&Dyadic> {
        number_in(&self.arena, g)
    }
}

/// The number `g` (in `arena`) is, if it is one.
fn number_in(arena: &Arena, g: GameId) -> Option<&Dyadic> {
    match arena.as_number_nimber(g) {
        Some((x, 0)) => Some(x),
        _ => None,
    }
}
