//! Values from the options that can change them: the gift horse principle
//! (Winning Ways, ch. 3; Siegel, *Combinatorial Game Theory*, II.2) leaves
//! the other options out unvalued.
//!
//! **The principle.** For short games G = {G^L | G^R} and X: if X ⧏ G
//! (not X ≥ G), then {X, G^L | G^R} = G; dually, if X ⧐ G (not X ≤ G),
//! then {G^L | G^R, X} = G. (Proof for Left: H = {X, G^L | G^R} ≥ G, as
//! H has every option G has and more for Left. H ≤ G: in H − G, Left
//! moving first to X − G loses, as Right moving first there wins since
//! X ⧏ G; every other move of Left's has its mirror answer.)
//!
//! **What is computed.** A state's value is that of the game of its
//! options. Pick some of them (the *kept* ones, valued) and let V be the
//! game of those alone. If every other Left option O has O ⧏ V and every
//! other Right option O has O ⧐ V, adding them one at a time changes
//! nothing (each time the game so far equals V, so the principle applies
//! again), and the state's value is V. The other options are never
//! valued: for each, one outcome search of O − V (Right moving first for
//! a Left option: Right wins iff O ⧏ V; Left moving first for a Right
//! option) shows it changes nothing; if that search fails, the option is
//! valued and kept, and V is made again.
//!
//! **What it saves.** The comparisons of [`super::probed`] drop a Left
//! option O only when O ≤ V^L for one best option value V^L; then
//! O ≤ V^L ⧏ V, so every option they drop, this drops too. It also drops
//! every option reversible through a Right option O^R ≤ V (Right wins
//! O − V moving to O^R − V), which they had to value, and the search for
//! O ⧏ V stops at Right's first winning move, where O ≤ V^L needed every
//! Left move refuted.
//!
//! **When a drop must be looked at again.** Keeping a Left option raises
//! V (V′ ≥ V, as V′ has all of V's options and more for Left), and Left
//! options dropped before stay dropped: O ⧏ V ≤ V′ gives O ⧏ V′ (were
//! O ≥ V′, then O ≥ V). Symmetrically for Right. But keeping a Right
//! option lowers V, after which a Left option dropped against the old V
//! may no longer be ⧏ the new one; such drops are searched again against
//! the new V, until a pass changes nothing (each pass keeps an option or
//! ends, so it ends). Options valued anyway (when valuing won the race
//! with the search) and left out go stale the same way, and are looked
//! at again in the arena, at no search. A
//! drop whose option a memo already shows no better than a kept option K
//! (O ≤ K ⧏ V for every V made with K) is never searched again: the
//! search of O − V tries −V's moves early, to O − V^L, and leaves such
//! facts behind.
//!
//! **Which player's options come first.** Left's, unless Left has more
//! than [`SHORT_SIDE_RATIO`] times as many as Right. A side's drops go
//! stale when the other side keeps an option, so the side with many
//! options should meet a V whose other side is settled already: at
//! unbounded width one player can have hundreds of superposed moves
//! where the other has a few dozen, and settling the few first spares
//! searching the many twice.

use super::probed::{OptionSides, Raced, QUOTA_PER_SEARCH};
use super::{QuantumSolver, RealId};
use crate::budget::Exceeded;
use crate::game::GameId;
use crate::quantum::base::QuantumBase;
use crate::rules::Player;

/// How many times as many options Left must have as Right for Right's to
/// be looked at first (see the module doc). Taking the shorter side first
/// wherever it is shorter was slower on drawings whose sides are close in
/// size (seed-26 classroom drawing 2 under C at unbounded width, seed-27
/// drawing 2 under C′); past this ratio it spares the searches again
/// that made the slowest cells slow (seed-25 drawing 8 under C′ at
/// unbounded width: 767 options of Left's against a few dozen of
/// Right's).
pub(super) const SHORT_SIDE_RATIO: usize = 8;

/// What is known of one option of the state being valued.
#[derive(Clone, Copy)]
enum OptionFate {
    /// Not looked at yet.
    Open,
    /// Kept: its value is one of V's options.
    Kept,
    /// Valued, and found not to change V when the other player had this
    /// many options kept.
    Valued(GameId, usize),
    /// Shown by a search not to change V, when the other player had this
    /// many options kept.
    Dropped(usize),
    /// Known no better than a kept option: left out whatever V becomes.
    Dominated,
}

impl OptionFate {
    /// Whether this option was left out against a V that the other
    /// player's options kept since (now `other_kept` of them) have moved,
    /// so that it must be looked at again. Open options are not stale:
    /// they have not been looked at yet.
    fn is_stale(self, other_kept: usize) -> bool {
        match self {
            OptionFate::Dropped(n) | OptionFate::Valued(_, n) => n != other_kept,
            OptionFate::Open | OptionFate::Kept | OptionFate::Dominated => false,
        }
    }
}

impl<B: QuantumBase> QuantumSolver<B> {
    /// The value of a state from its options `sides` (Left's, then
    /// Right's), valuing only those that change it (see the module doc).
    ///
    /// Options a memo has valued are kept at once (they cost nothing),
    /// then, for a player with none, the first option in
    /// [`Self::option_order`] is valued: a V close to the value from the start drops
    /// most options at the first search, where a poor one keeps options
    /// that later ones outdo.
    pub(super) fn valued_by_gift_horse(
        &mut self,
        mut sides: OptionSides,
    ) -> Result<GameId, Exceeded> {
        let mut fates: [Vec<OptionFate>; 2] = Default::default();
        let mut kept: [Vec<GameId>; 2] = Default::default();
        for (k, p) in Player::BOTH.into_iter().enumerate() {
            for (known, child) in sides[k].iter_mut() {
                if known.is_none() {
                    *known = self.known_value(child);
                }
            }
            sides[k].sort_by_cached_key(|(known, child)| {
                (known.is_none(), self.option_order(child, p))
            });
            fates[k] = vec![OptionFate::Open; sides[k].len()];
            for (i, (known, child)) in sides[k].iter().enumerate() {
                let v = match known {
                    Some(v) => *v,
                    None if kept[k].is_empty() => self.probed_value_of_ids(child)?,
                    None => break,
                };
                fates[k][i] = OptionFate::Kept;
                kept[k].push(v);
            }
        }
        let mut v = self.arena.make(kept[0].clone(), kept[1].clone());
        let mut quota = self.first_quota;
        let order = if sides[1].len().saturating_mul(self.short_side_ratio) < sides[0].len() {
            self.short_sides_first += 1;
            [1, 0]
        } else {
            [0, 1]
        };
        loop {
            for k in order {
                let p = Player::BOTH[k];
                for i in 0..sides[k].len() {
                    let found = match fates[k][i] {
                        OptionFate::Kept | OptionFate::Dominated => continue,
                        fate @ (OptionFate::Dropped(_) | OptionFate::Valued(..))
                            if !fate.is_stale(kept[1 - k].len()) =>
                        {
                            continue
                        }
                        OptionFate::Dropped(_)
                            if self.no_better_than_kept(&sides[k][i].1, &kept[k], p) =>
                        {
                            fates[k][i] = OptionFate::Dominated;
                            self.gift_horse_drops[1] += 1;
                            continue;
                        }
                        OptionFate::Valued(x, _) => x,
                        OptionFate::Open | OptionFate::Dropped(_) => {
                            let before = self.searched_states;
                            let child = &sides[k][i].1;
                            // Whether the option changes V can cost far more to
                            // search than its value, and the other way round:
                            // the two race, as in [`Self::settled`].
                            let raced = self.race(
                                quota,
                                |solver| solver.changes_nothing(child, v, p),
                                |solver| solver.probed_value_of_ids(child),
                            )?;
                            let x = match raced {
                                Raced::First(true) => {
                                    fates[k][i] = OptionFate::Dropped(kept[1 - k].len());
                                    self.gift_horse_drops[0] += 1;
                                    continue;
                                }
                                Raced::First(false) => self.probed_value_of_ids(child)?,
                                Raced::Second(x) => x,
                            };
                            quota = quota.max(QUOTA_PER_SEARCH * (self.searched_states - before));
                            x
                        }
                    };
                    // Left's option x leaves V as it is unless x ≥ V;
                    // Right's unless x ≤ V.
                    let changes = match p {
                        Player::Left => self.arena.le(v, found),
                        Player::Right => self.arena.le(found, v),
                    };
                    if changes {
                        fates[k][i] = OptionFate::Kept;
                        kept[k].push(found);
                        v = self.arena.make(kept[0].clone(), kept[1].clone());
                    } else {
                        fates[k][i] = OptionFate::Valued(found, kept[1 - k].len());
                    }
                }
            }
            // Done once no option was left out against a V that the other
            // player's options kept since have moved.
            let stale = (0..2).any(|k| fates[k].iter().any(|f| f.is_stale(kept[1 - k].len())));
            if !stale {
                return Ok(v);
            }
        }
    }

    /// Whether a memo shows option `s` of `p` no better than one of `kept`
    /// (for Left, Left loses moving first in s − K): then s ≤ K ⧏ V for
    /// every V made with K kept, and s is left out for good. Such facts
    /// are left by the searches of [`Self::changes_nothing`], which try
    /// the moves of −V first, to s − V^L. Memos are looked up, not made.
    fn no_better_than_kept(&mut self, s: &[RealId], kept: &[GameId], p: Player) -> bool {
        kept.iter().any(|&k| {
            let minus = self.arena.neg(k);
            self.find_sum_memo(0, minus)
                .is_some_and(|at| self.sum_known(s, at, p) == Some(false))
        })
    }

    /// Whether adding option `s` of `p` to a game worth `v` leaves it
    /// worth `v`: for Left, s ⧏ v (Right wins moving first in s − v); for
    /// Right, s ⧐ v (Left wins moving first in s − v).
    fn changes_nothing(&mut self, s: &[RealId], v: GameId, p: Player) -> Result<bool, Exceeded> {
        let at = self.compared_memo(v);
        self.wins_sum_ordered(s, at, p.opponent())
    }
}

#[cfg(test)]
mod tests {
    use super::SHORT_SIDE_RATIO;
    use crate::position::presets;
    use crate::quantum::solver::tests::{start_and_walks, value_and_best_moves};
    use crate::quantum::solver::QuantumSolver;
    use crate::quantum::{Flavour, Setting, Width};
    use crate::rng::SplitMix64;
    use crate::rules::Hackenbush;

    /// Leaving out the options that cannot change a value changes no
    /// answer and values fewer states: on random drawings of 5 and 6
    /// edges, every flavour, widths 2, 3 and unbounded, at the start and
    /// at states reached by random moves, the probes' value and both
    /// players' best moves with the gift horse equal those without it and
    /// those of the full search (no probes); with the first quota at 1 as
    /// well, so that the races with valuing are lost and won at every
    /// depth, and with the shorter side's options looked at first
    /// wherever one side is shorter (not only past
    /// [`super::SHORT_SIDE_RATIO`]). Options were left out unvalued (some
    /// of them, once stale, for good by a memo's dominance), fewer states
    /// were valued from their options than without the gift horse, and
    /// Right's options came first at some states.
    #[test]
    fn options_that_change_nothing_are_left_out_and_no_answer_changes() {
        let mut rng = SplitMix64::new(0x61F7_4042_5E00_0024);
        let widths = [Width::Limited(2), Width::Limited(3), Width::Unbounded];
        let (mut drops, mut valued_with, mut valued_without) = ([0; 2], 0, 0);
        let mut short_first = 0;
        for seed in 0..40u64 {
            let position = presets::random(seed + 240, 5 + (seed % 2) as usize, &[]);
            let base = Hackenbush::new(position.clone());
            let start = base.start();
            for flavour in Flavour::ALL {
                for width in widths {
                    let setting = Setting::new(flavour, width);
                    let states = start_and_walks(&base, setting, &mut rng);
                    let answers = |probing: bool, gift_horse: bool, quota: Option<u64>, ratio| {
                        let mut solver = QuantumSolver::new(base.clone(), &start, setting);
                        solver.probe_values(probing);
                        solver.gift_horse = gift_horse;
                        solver.short_side_ratio = ratio;
                        if let Some(quota) = quota {
                            solver.first_quota = quota;
                        }
                        let found: Vec<_> = states
                            .iter()
                            .map(|state| {
                                let (v, moves) = value_and_best_moves(&mut solver, state);
                                (solver.arena.plain(v), moves)
                            })
                            .collect();
                        let counts = (solver.gift_horse_drops, solver.short_sides_first);
                        (found, counts, solver.valued_from_options)
                    };
                    let (want, ..) = answers(false, false, None, SHORT_SIDE_RATIO);
                    let context = format!("{position} {setting:?}");
                    for quota in [None, Some(1)] {
                        let (with, (d, _), v) = answers(true, true, quota, SHORT_SIDE_RATIO);
                        let (short, (_, n), _) = answers(true, true, quota, 1);
                        let (without, (none, _), w) = answers(true, false, quota, SHORT_SIDE_RATIO);
                        assert_eq!(with, want, "{context} {quota:?}");
                        assert_eq!(short, want, "{context} {quota:?} short side first");
                        assert_eq!(without, want, "{context} {quota:?}");
                        assert_eq!(none, [0; 2]);
                        short_first += n;
                        drops = [drops[0] + d[0], drops[1] + d[1]];
                        valued_with += v;
                        valued_without += w;
                    }
                }
            }
        }
        assert!(drops[0] > 1000 && drops[1] > 10, "{drops:?}");
        assert!(short_first > 100, "{short_first}");
        assert!(
            valued_with < valued_without,
            "{valued_with} {valued_without}"
        );
    }
}
