//! Killer moves for the outcome search: the two moves (sets of labels)
//! that last won for a player at a depth of the search, tried first at the
//! next state of that depth before the state's options are enumerated.
//!
//! Sibling states of a search differ by one move, and the move that beat
//! one of them often beats the next: the reply in the part of the drawing
//! the opponent's move left alone. Trying it first costs one option (its
//! results' union); when it wins, the enumeration of every option, the
//! bulk of the work at a winning state, is skipped. Nothing is assumed of
//! the move but that it is legal here: a winning move found this way is a
//! winning move, so the outcome found is the same.
//!
//! Two are kept, not one: siblings often alternate between two replies
//! (one for each part of the drawing the opponent may have played in), and
//! with one kept each change of part costs an enumeration. Both are first
//! asked of the bounds and memos alone, and only then searched, in turn
//! ([`super::QuantumSolver`]'s `killer_wins`): the older one, when its
//! result is already known won, saves the deep search of the newer one.
//! A killer that wins becomes the latest again.

use crate::rules::Player;

/// How many winning moves are kept per player and depth.
pub(super) const KEPT: usize = 2;

/// The last winning moves of each player at each depth, as labels, the
/// latest first.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Killers<M> {
    slots: Vec<[[Option<Vec<M>>; KEPT]; 2]>,
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

impl<M: PartialEq> Killers<M> {
    /// The `k`-th latest winning move of `p` at the current depth (`k` <
    /// [`KEPT`]), lent until [`Self::put_back`].
    pub(super) fn take(&mut self, p: Player, k: usize) -> Option<Vec<M>> {
        self.slots.get_mut(self.ply)?[side(p)][k].take()
    }

    /// Return what [`Self::take`] lent.
    pub(super) fn put_back(&mut self, p: Player, k: usize, labels: Vec<M>) {
        self.slots[self.ply][side(p)][k] = Some(labels);
    }

    /// The `k`-th latest winning move of `p` at the current depth has won
    /// again: it becomes the latest, the ones before it move down.
    pub(super) fn promote(&mut self, p: Player, k: usize) {
        self.slots[self.ply][side(p)][..=k].rotate_right(1);
    }

    /// Remember `labels` as `p`'s latest winning move at the current depth
    /// (the one before it kept second, unless it is the same move).
    pub(super) fn set(&mut self, p: Player, labels: impl Iterator<Item = M>) {
        if self.slots.len() <= self.ply {
            self.slots.resize_with(self.ply + 1, Default::default);
        }
        let labels: Vec<M> = labels.collect();
        let kept = &mut self.slots[self.ply][side(p)];
        if kept[0].as_ref() == Some(&labels) {
            return;
        }
        kept.rotate_right(1);
        kept[0] = Some(labels);
    }
}

fn side(p: Player) -> usize {
    match p {
        Player::Left => 0,
        Player::Right => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Dyadic;
    use crate::position::presets;
    use crate::quantum::{hackenbush_solver, Flavour, Setting, Width};

    /// Searches run with killer moves of their own start from none and
    /// leave the solver's as they were (a guess's proof, amid a value's
    /// searches).
    #[test]
    fn searches_with_their_own_killers_leave_the_solvers_as_they_were() {
        let position = presets::random(26, 8, &[]);
        let setting = Setting::new(Flavour::D, Width::Limited(3));
        let (mut solver, start) = hackenbush_solver(position, setting);
        let state = vec![start];
        solver.wins_moving_first(&state, Player::Left).unwrap();
        solver.wins_moving_first(&state, Player::Right).unwrap();
        let before = solver.killers.clone();
        assert_ne!(before, Killers::default(), "the outcome searches set some");
        let (fresh, set) = solver.with_own_killers(|solver| {
            let fresh = solver.killers == Killers::default();
            for x in [1, -1, 2, -2] {
                let x = Dyadic::integer(x);
                solver.compare_with_number(&state, &x, u64::MAX).unwrap();
            }
            (fresh, solver.killers != Killers::default())
        });
        assert!(fresh && set);
        assert_eq!(solver.killers, before);
    }

    fn kept(k: &mut Killers<u8>, p: Player) -> Vec<Option<Vec<u8>>> {
        (0..KEPT)
            .map(|i| {
                let m = k.take(p, i);
                if let Some(m) = &m {
                    k.put_back(p, i, m.clone());
                }
                m
            })
            .collect()
    }

    #[test]
    fn the_two_latest_distinct_winning_moves_are_kept_per_player_and_depth() {
        let mut k = Killers::<u8>::default();
        assert_eq!(k.take(Player::Left, 0), None, "nothing kept yet");
        k.set(Player::Left, [1, 2].into_iter());
        assert_eq!(kept(&mut k, Player::Left), [Some(vec![1, 2]), None]);
        k.set(Player::Left, [3].into_iter());
        assert_eq!(
            kept(&mut k, Player::Left),
            [Some(vec![3]), Some(vec![1, 2])]
        );
        // The latest again: kept once, the one before it stays.
        k.set(Player::Left, [3].into_iter());
        assert_eq!(
            kept(&mut k, Player::Left),
            [Some(vec![3]), Some(vec![1, 2])]
        );
        // The older one again: it comes first, the other second.
        k.set(Player::Left, [1, 2].into_iter());
        assert_eq!(
            kept(&mut k, Player::Left),
            [Some(vec![1, 2]), Some(vec![3])]
        );
        // A third pushes out the oldest.
        k.set(Player::Left, [4].into_iter());
        assert_eq!(
            kept(&mut k, Player::Left),
            [Some(vec![4]), Some(vec![1, 2])]
        );
        // The second winning again: it comes first.
        k.promote(Player::Left, 1);
        assert_eq!(
            kept(&mut k, Player::Left),
            [Some(vec![1, 2]), Some(vec![4])]
        );
        // Right's and another depth's are apart.
        assert_eq!(kept(&mut k, Player::Right), [None, None]);
        k.ply = 1;
        assert_eq!(k.take(Player::Left, 0), None);
        k.set(Player::Right, [5].into_iter());
        k.ply = 0;
        assert_eq!(kept(&mut k, Player::Right), [None, None]);
        assert_eq!(
            kept(&mut k, Player::Left),
            [Some(vec![1, 2]), Some(vec![4])]
        );
    }
}
