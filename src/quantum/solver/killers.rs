//! Killer moves for the outcome search: the move (a set of labels) that
//! last won for a player at a depth of the search, tried first at the next
//! state of that depth before the state's options are enumerated.
//!
//! Sibling states of a search differ by one move, and the move that beat
//! one of them often beats the next: the reply in the part of the drawing
//! the opponent's move left alone. Trying it first costs one option (its
//! results' union); when it wins, the enumeration of every option, the
//! bulk of the work at a winning state, is skipped. Nothing is assumed of
//! the move but that it is legal here: a winning move found this way is a
//! winning move, so the outcome found is the same.

use crate::rules::Player;

/// The last winning move of each player at each depth, as labels.
pub(super) struct Killers<M> {
    slots: Vec<[Option<Vec<M>>; 2]>,
    /// The depth of the search now (states entered and not yet left).
    pub(super) ply: usize,
}

impl<M> Default for Killers<M> {
    fn default() -> Self {
        Killers {
            slots: Vec::new(),
            ply: 0,
        }
    }
}

impl<M: Clone> Killers<M> {
    /// The last winning move of `p` at the current depth, lent until
    /// [`Self::put_back`].
    pub(super) fn take(&mut self, p: Player) -> Option<Vec<M>> {
        self.slots.get_mut(self.ply)?[side(p)].take()
    }

    /// Return what [`Self::take`] lent.
    pub(super) fn put_back(&mut self, p: Player, labels: Vec<M>) {
        self.slots[self.ply][side(p)] = Some(labels);
    }

    /// Remember `labels` as `p`'s winning move at the current depth.
    pub(super) fn set(&mut self, p: Player, labels: impl Iterator<Item = M>) {
        if self.slots.len() <= self.ply {
            self.slots.resize_with(self.ply + 1, Default::default);
        }
        let slot = self.slots[self.ply][side(p)].get_or_insert_with(Vec::new);
        slot.clear();
        slot.extend(labels);
    }
}

fn side(p: Player) -> usize {
    match p {
        Player::Left => 0,
        Player::Right => 1,
    }
}
