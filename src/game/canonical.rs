//! Building games from options: the canonical form (dominated options
//! removed, reversible options bypassed) and its recognition as a number or
//! number-plus-nimber, so each value has exactly one id.

use super::arena::{Arena, GameId, Node};
use super::dyadic::Dyadic;

impl Arena {
    /// Game `g` of arena `from`, as a game of this one (the same canonical
    /// form: numbers and number-nimbers directly, other games option by
    /// option, each subgame copied once).
    pub fn import(&mut self, from: &mut Arena, g: GameId) -> GameId {
        let mut copied = std::collections::HashMap::new();
        self.import_memo(from, g, &mut copied)
    }

    fn import_memo(
        &mut self,
        from: &mut Arena,
        g: GameId,
        copied: &mut std::collections::HashMap<GameId, GameId>,
    ) -> GameId {
        if let Some(&h) = copied.get(&g) {
            return h;
        }
        let h = match from.as_number_nimber(g) {
            Some((x, n)) => self.number_nimber(x.clone(), n),
            None => {
                let (left, right) = from.options(g);
                let left = left
                    .iter()
                    .map(|&o| self.import_memo(from, o, copied))
                    .collect();
                let right = right
                    .iter()
                    .map(|&o| self.import_memo(from, o, copied))
                    .collect();
                self.make(left, right)
            }
        };
        copied.insert(g, h);
        h
    }

    /// The canonical game {left | right} whose options are games of this arena.
    pub fn make(&mut self, left: Vec<GameId>, right: Vec<GameId>) -> GameId {
        self.make_from_families(left, usize::MAX, right, usize::MAX)
    }

    /// [`Arena::make`] for option lists that each come in two families,
    /// `left[..left_split]` and the rest (likewise `right`), where no two
    /// options of one family compare: the options G^L + H of a sum (and
    /// its G + H^L), since G^L1 + H ≤ G^L2 + H iff G^L1 ≤ G^L2, which never
    /// holds between two options of a canonical form. Only pairs across
    /// the families are then compared for dominance. A split past the end
    /// (`usize::MAX`) claims nothing: every pair is compared.
    pub(crate) fn make_from_families(
        &mut self,
        mut left: Vec<GameId>,
        left_split: usize,
        mut right: Vec<GameId>,
        right_split: usize,
    ) -> GameId {
        if let Some(g) = self.make_from_numbers(&left, &right) {
            return g;
        }
        let mut splits = Some((left_split, right_split));
        loop {
            match splits.take() {
                // Reversal changes the lists: later rounds compare all.
                Some((l, r)) if l <= left.len() && r <= right.len() => {
                    self.remove_dominated_across(&mut left, l, true);
                    self.remove_dominated_across(&mut right, r, false);
                }
                _ => {
                    self.remove_dominated(&mut left, true);
                    self.remove_dominated(&mut right, false);
                }
            }
            // A left option G^L is reversible through G^LR ≤ G: replace it by
            // the left options of G^LR. The value of G never changes, so the
            // current form is as good as any for the test. Lists are only
            // rebuilt when something reverses.
            let mut changed = false;
            let mut i = 0;
            while i < left.len() {
                let gl = left[i];
                let glr = self.right_options(gl);
                match glr.iter().find(|&&x| self.le_form(x, &left, &right)) {
                    Some(&x) => {
                        left.swap_remove(i);
                        left.extend(self.left_options(x).iter().copied());
                        changed = true;
                        break;
                    }
                    None => i += 1,
                }
            }
            let mut i = 0;
            while !changed && i < right.len() {
                let gr = right[i];
                let grl = self.left_options(gr);
                match grl.iter().find(|&&x| self.form_le(&left, &right, x)) {
                    Some(&x) => {
                        right.swap_remove(i);
                        right.extend(self.right_options(x).iter().copied());
                        changed = true;
                    }
                    None => i += 1,
                }
            }
            if !changed {
                break;
            }
        }
        self.recognise(left, right)
    }

    /// {left | right} when every option is a number: only the best option on
    /// each side matters, and no number option is ever reversible here, so
    /// the result is a number, a ± x* or the switch {a | b} with a > b.
    fn make_from_numbers(&mut self, left: &[GameId], right: &[GameId]) -> Option<GameId> {
        let mut best_left: Option<GameId> = None;
        for &g in left {
            let x = self.as_number(g)?;
            if best_left.is_none_or(|b| self.as_number(b).is_some_and(|y| x > y)) {
                best_left = Some(g);
            }
        }
        let mut best_right: Option<GameId> = None;
        for &g in right {
            let x = self.as_number(g)?;
            if best_right.is_none_or(|b| self.as_number(b).is_some_and(|y| x < y)) {
                best_right = Some(g);
            }
        }
        let lo = best_left.and_then(|g| self.as_number(g));
        let hi = best_right.and_then(|g| self.as_number(g));
        match (lo, hi) {
            (Some(a), Some(b)) if a == b => {
                let a = a.clone();
                Some(self.number_nimber(a, 1))
            }
            (Some(a), Some(b)) if a > b => Some(self.intern(Node::Other {
                left: vec![best_left?].into(),
                right: vec![best_right?].into(),
            })),
            _ => {
                let x = Dyadic::simplest_between(lo, hi);
                Some(self.number(x))
            }
        }
    }

    /// Keep only the undominated options: for Left the maximal ones, for
    /// Right the minimal ones. Sorts and deduplicates.
    ///
    /// The maximal elements are kept as they are found (each new option is
    /// compared with them only, not with every other option): an option
    /// beaten by one already dropped is beaten by a kept one too, by
    /// transitivity. Distinct ids are distinct games, so `≤` between two of
    /// them is strict and no two kept options are equal.
    fn remove_dominated(&mut self, options: &mut Vec<GameId>, left: bool) {
        options.sort_unstable();
        options.dedup();
        if options.len() < 2 {
            return;
        }
        // The kept options live in the front of the list itself (no second
        // list): option `i` is read before anything is written at `i`,
        // because at most `i` options are kept when it is reached.
        let mut kept = 0;
        'options: for i in 0..options.len() {
            let a = options[i];
            let mut j = 0;
            while j < kept {
                let b = options[j];
                if self.no_better(a, b, left) {
                    continue 'options;
                }
                if self.no_better(b, a, left) {
                    kept -= 1;
                    options[j] = options[kept];
                } else {
                    j += 1;
                }
            }
            options[kept] = a;
            kept += 1;
        }
        options.truncate(kept);
        options.sort_unstable();
    }

    /// [`Self::remove_dominated`] for options in two families whose members
    /// never compare with each other (see [`Arena::make_from_families`]):
    /// only pairs across them are compared. An option beaten by one of the
    /// other family is dropped at once: nothing of that other family can
    /// be below it (that would put two of one family in order), so nothing
    /// is missed by not comparing it further. Sorts and deduplicates.
    fn remove_dominated_across(&mut self, options: &mut Vec<GameId>, split: usize, left: bool) {
        let (first, second) = options.split_at(split);
        let mut keep_second = vec![true; second.len()];
        let mut kept = Vec::with_capacity(options.len());
        'first: for &a in first {
            for (j, &b) in second.iter().enumerate() {
                if !keep_second[j] {
                    continue;
                }
                if a == b {
                    // The same game in both families: keep it once.
                    keep_second[j] = false;
                    continue;
                }
                if self.no_better(a, b, left) {
                    continue 'first;
                }
                if self.no_better(b, a, left) {
                    keep_second[j] = false;
                }
            }
            kept.push(a);
        }
        kept.extend(
            second
                .iter()
                .zip(&keep_second)
                .filter(|&(_, &keep)| keep)
                .map(|(&b, _)| b),
        );
        kept.sort_unstable();
        *options = kept;
    }

    /// `a` is no better than `b` for the side choosing (Left if `left`):
    /// a ≤ b for Left, a ≥ b for Right.
    fn no_better(&mut self, a: GameId, b: GameId, left: bool) -> bool {
        if left {
            self.le(a, b)
        } else {
            self.le(b, a)
        }
    }

    /// Intern a canonical form, recognising numbers and x + *n.
    fn recognise(&mut self, left: Vec<GameId>, right: Vec<GameId>) -> GameId {
        if let Some(x) = self.number_form(&left, &right) {
            return self.number(x);
        }
        if let Some((x, n)) = self.nimbered_form(&left, &right) {
            return self.number_nimber(x, n);
        }
        self.intern_other(&left, &right)
    }

    /// A canonical form is a number iff it has at most one option each side,
    /// all numbers, with left < right.
    fn number_form(&self, left: &[GameId], right: &[GameId]) -> Option<Dyadic> {
        if left.len() > 1 || right.len() > 1 {
            return None;
        }
        let lo = match left.first() {
            Some(&g) => Some(self.as_number(g)?),
            None => None,
        };
        let hi = match right.first() {
            Some(&g) => Some(self.as_number(g)?),
            None => None,
        };
        if let (Some(l), Some(h)) = (lo, hi) {
            if l >= h {
                return None;
            }
        }
        Some(Dyadic::simplest_between(lo, hi))
    }

    /// The canonical form of x + *n (n ≥ 1) is {x+*k | x+*k} over k < n.
    fn nimbered_form(&self, left: &[GameId], right: &[GameId]) -> Option<(Dyadic, u32)> {
        if left.is_empty() || left != right {
            return None;
        }
        let first = self.as_number_nimber(left[0])?.0.clone();
        let mut seen = vec![false; left.len()];
        for &g in left {
            let (x, k) = self.as_number_nimber(g)?;
            if *x != first || k as usize >= left.len() || seen[k as usize] {
                return None;
            }
            seen[k as usize] = true;
        }
        Some((first, left.len() as u32))
    }
}
