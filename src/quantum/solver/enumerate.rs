//! A state's options: the player's legal map on a reduced state, and the
//! enumeration of the moves the flavour allows, each option built,
//! normalised and looked up in the memo once, repeats skipped, all of it
//! charged to the budget as it grows.

use super::{alloc_bytes, key_bytes, IdState, Joint, QuantumSolver, RealId};
use crate::budget::Exceeded;
use crate::game::GameId;
use crate::quantum::base::QuantumBase;
use crate::quantum::flavour::Flavour;
use crate::quantum::moves::{Legal, QuantumMove};
use crate::quantum::options::{
    compress, covering_masks, every_flavour, Enumeration, FlavourMask, LocalIds, Visits, WideIds,
    MAX_LATTICE_BITS,
};
use crate::quantum::twins::Twins;
use crate::rules::Player;
use std::mem::size_of;
use std::rc::Rc;

/// What an enumeration put back may hold: the pool is not charged to the
/// budget (an enumeration in use is, from its first option), so only
/// small buffers are kept.
const POOLED_BYTES: u64 = 64 << 10;

impl<B: QuantumBase> QuantumSolver<B> {
    /// The player's legal map on a reduced state, results as ids, each
    /// label's results deduplicated (and thinned under A, B, D). The
    /// counts C and C' look at are taken before any of that.
    pub(super) fn legal_ids(&mut self, state: &[RealId], p: Player) -> Legal<B::Move, RealId> {
        let mut pairs = Vec::new();
        let mut movers = 0;
        for &id in state {
            let moves = self.real_moves(id, p);
            if !moves.is_empty() {
                movers += 1;
            }
            pairs.extend(moves.iter().cloned());
        }
        let mut map = Legal::from_pairs(pairs, movers, state.len());
        for c in &mut map.children {
            c.sort_unstable();
            c.dedup();
            // Under A, B, D a label's results may be thinned to their
            // maximal elements before any union (see `Normaliser::thin`).
            if self.normaliser.drops_covered() {
                self.keep_maximal_ids(c);
            }
        }
        map
    }

    /// The values of the options of `p` already memoised, and the reduced
    /// options not yet valued (possibly with repeats; every caller merges
    /// them through the memo or the arena). Each option is built and
    /// normalised in one reused buffer and looked up by slice, so only
    /// options not yet in the memo are allocated. What is collected is
    /// charged to the budget and added to `held` (the caller releases it):
    /// a wide move on many labels enumerates a vast number of subsets.
    ///
    /// Each option comes with the flavours (a mask over `self.flavours`)
    /// that allow a move to it. Options of moves every flavour allows are
    /// merged through a set; the few allowed by only some (single labels)
    /// are kept as they come, repeats included.
    pub(super) fn option_values(
        &mut self,
        state: &[RealId],
        p: Player,
        known: &mut Vec<(Joint, FlavourMask)>,
        pending: &mut Vec<(IdState, FlavourMask)>,
        held: &mut u64,
    ) -> Result<(), Exceeded> {
        let map = self.legal_ids(state, p);
        let mut twins = self.twins(state, &map.labels);
        let flavours = Rc::clone(&self.flavours);
        let every = every_flavour(flavours.len());
        let mut child = std::mem::take(&mut self.scratch.child);
        let mut enumeration = self.scratch.enumerations.pop().unwrap_or_default();
        let mut buffer_bytes = 0;
        // Options already met in this enumeration, as built (before
        // orientation, which is the costly part). Many moves lead to one
        // option (in particular wide moves: a label whose results are all
        // covered by the others' adds nothing); they are one option, as a
        // game's options form a set, so a repeat is skipped at once.
        let mut seen = std::mem::take(&mut self.scratch.seen);
        seen.clear();
        let mut seen_bytes = seen.bytes();
        let result = self.for_each_canonical_option(
            &mut enumeration,
            &map,
            &flavours,
            &mut twins,
            &mut buffer_bytes,
            Visits {
                early: |_: &mut Self, _: &[usize]| None,
                visit: |solver: &mut Self, _: &[usize], built: &[RealId], mask| {
                    if mask == every && !seen.insert(built) {
                        // A repeat is kept nowhere, but a move count can be
                        // astronomical (wide moves on many labels) and the
                        // budget must still end an enumeration of repeats when
                        // it has no deadline: each is charged the value the
                        // option list would have kept for it.
                        let bytes = size_of::<GameId>() as u64;
                        *held += bytes;
                        solver.account.hold(bytes)?;
                        return Ok(true);
                    }
                    let now = seen.bytes();
                    let grown = now.saturating_sub(seen_bytes);
                    seen_bytes = now.max(seen_bytes);
                    *held += grown;
                    solver.account.hold(grown)?;
                    child.clear();
                    child.extend_from_slice(built);
                    solver.drop_dead_ids(&mut child);
                    solver.orient_ids(&mut child);
                    // The lists' growth (they double) and the option's own copy.
                    let bytes = match solver.memo_value(child.as_slice()) {
                        Some(v) => {
                            let before = known.capacity();
                            known.push((v, mask));
                            ((known.capacity() - before) * size_of::<(Joint, FlavourMask)>()) as u64
                        }
                        None => {
                            let before = pending.capacity();
                            pending.push((child.clone(), mask));
                            ((pending.capacity() - before) * size_of::<(IdState, FlavourMask)>())
                                as u64
                                + key_bytes(&child)
                        }
                    };
                    *held += bytes;
                    solver.account.hold(bytes)?;
                    Ok(true)
                },
            },
        );
        self.scratch.child = child;
        self.scratch.seen = seen;
        self.put_back(enumeration);
        *held += buffer_bytes;
        result
    }

    /// Run `enumeration` over `map` under `flavours`, charging every
    /// option met (a step of the clock, and the growth of the
    /// enumeration's buffers, counted in `buffer_bytes`), and hand `visit`
    /// the options of canonical moves only (one move per orbit of twin
    /// blocks, see [`Twins`]). `visit` says whether to go on; the first
    /// excess, from a charge or from `visit`, ends the enumeration.
    pub(super) fn for_each_canonical_option(
        &mut self,
        enumeration: &mut Enumeration,
        map: &Legal<B::Move, RealId>,
        flavours: &[Flavour],
        twins: &mut Twins,
        buffer_bytes: &mut u64,
        visits: Visits<
            impl FnMut(&mut Self, &[usize]) -> Option<bool>,
            impl FnMut(&mut Self, &[usize], &[RealId], FlavourMask) -> Result<bool, Exceeded>,
        >,
    ) -> Result<(), Exceeded> {
        let Visits {
            mut early,
            mut visit,
        } = visits;
        // The first excess, of a charge or a visit.
        let result = std::cell::Cell::new(Ok(()));
        let width = self.setting.width;
        let mut on_move = |solver: &mut Self, idx: &[usize], bytes, _| {
            // Options answered by the memo do not tick elsewhere, and a
            // wide move on many labels has a vast number of them.
            if let Err(e) = solver.charge_option(bytes, buffer_bytes) {
                result.set(Err(e));
                return Some(false);
            }
            early(solver, idx)
        };
        let mut on_option = |solver: &mut Self, idx: &[usize], built: &[RealId], _, mask| {
            if !twins.is_canonical(idx) {
                return true;
            }
            visit(solver, idx, built, mask).unwrap_or_else(|e| {
                result.set(Err(e));
                false
            })
        };
        let (mut locals, mut below, mut words) = (
            std::mem::take(&mut self.scratch.locals),
            std::mem::take(&mut self.scratch.below),
            std::mem::take(&mut self.scratch.words),
        );
        if self.local_ids(map, &mut locals, &mut below) {
            let ids = LocalIds {
                ids: &locals,
                below: &below,
            };
            let visits = Visits {
                early: &mut on_move,
                visit: &mut on_option,
            };
            enumeration.for_each_local(self, map, flavours, width, ids, visits);
        } else if let Some(bits) = self.wide_ids(&locals, &mut words) {
            self.wide_walks[usize::from(!words.is_empty())] += 1;
            let ids = WideIds {
                ids: &locals,
                words: &words,
                bits,
            };
            let visits = Visits {
                early: &mut on_move,
                visit: &mut on_option,
            };
            enumeration.for_each_wide(self, map, flavours, width, ids, visits);
        } else {
            enumeration.for_each(
                self,
                map,
                flavours,
                width,
                |solver, a, b, out| solver.union_pruned(a, b, out),
                Visits {
                    early: &mut on_move,
                    visit: &mut on_option,
                },
            );
        }
        self.scratch.locals = locals;
        self.scratch.below = below;
        self.scratch.words = words;
        result.into_inner()
    }

    /// Whether the distinct ids of a map's results (`locals`, more than
    /// 64) can be walked on wide sets ([`Enumeration::for_each_wide`]),
    /// and with how many bits of compressed words: always without
    /// covering (`words` left empty), and with covering when the ids have
    /// exact covering words that use at most [`MAX_LATTICE_BITS`] bits
    /// between them (their compressed words into `words`).
    pub(super) fn wide_ids(&self, locals: &[RealId], words: &mut Vec<u32>) -> Option<u32> {
        words.clear();
        if !self.wide_sets {
            return None;
        }
        if !self.normaliser.drops_covered() {
            return Some(0);
        }
        let masks = self.reals.masks.as_ref()?;
        let used = locals.iter().fold(0, |m, &id| m | masks[id as usize]);
        let bits = used.count_ones();
        if bits > MAX_LATTICE_BITS {
            return None;
        }
        words.extend(locals.iter().map(|&id| compress(masks[id as usize], used)));
        Some(bits)
    }

    /// The distinct ids of `map`'s results, sorted, into `locals`, and
    /// for each the mask of those it strictly covers into `below` (left
    /// empty when nothing is dropped), if they are at most 64 and their
    /// covering is known by exact words: then the enumeration unites
    /// masks ([`Enumeration::for_each_local`]).
    pub(super) fn local_ids(
        &self,
        map: &Legal<B::Move, RealId>,
        locals: &mut Vec<RealId>,
        below: &mut Vec<u64>,
    ) -> bool {
        locals.clear();
        below.clear();
        for c in &map.children {
            locals.extend_from_slice(c);
        }
        locals.sort_unstable();
        locals.dedup();
        if locals.len() > 64 {
            return false;
        }
        if !self.normaliser.drops_covered() {
            return true;
        }
        let Some(words) = &self.reals.masks else {
            return false;
        };
        // Distinct ids have distinct words, so this is strict covering.
        covering_masks(
            locals,
            |x, y| words[x as usize] & !words[y as usize] == 0,
            below,
        );
        true
    }

    /// Keep `enumeration`'s buffers for the next state, if they are small.
    pub(super) fn put_back(&mut self, enumeration: Enumeration) {
        if enumeration.bytes() <= POOLED_BYTES {
            self.scratch.enumerations.push(enumeration);
        }
    }

    /// One option met in an enumeration: a step of the clock, and the
    /// growth of the buffer holding the options built so far.
    fn charge_option(&mut self, bytes: u64, charged: &mut u64) -> Result<(), Exceeded> {
        self.account.tick()?;
        self.hold_growth(bytes, charged)
    }

    /// Charge what the enumeration's buffers grew by since `charged`
    /// bytes (they only grow); the growth is held even when it passes the
    /// budget, as [`Account::hold`](super::accounting::Account::hold) does.
    pub(super) fn hold_growth(&mut self, now: u64, charged: &mut u64) -> Result<(), Exceeded> {
        let grown = now.saturating_sub(*charged);
        *charged = now.max(*charged);
        if grown == 0 {
            return Ok(());
        }
        self.account.hold(grown)
    }

    /// Every allowed move of `map` with the reduced state it leads to;
    /// what is collected is charged and added to `held`.
    #[allow(clippy::type_complexity)]
    pub(super) fn option_states(
        &mut self,
        map: &Legal<B::Move, B::State>,
        held: &mut u64,
    ) -> Result<Vec<(QuantumMove<B::Move>, IdState)>, Exceeded> {
        let mut moves = Vec::new();
        let mut result = Ok(());
        map.for_each_move(self.setting, |idx| {
            let bytes = size_of::<Vec<usize>>() as u64 + alloc_bytes(size_of_val(idx));
            *held += bytes;
            result = self.account.tick().and_then(|()| self.account.hold(bytes));
            moves.push(idx.to_vec());
            result.is_ok()
        });
        result?;
        let mut options = Vec::with_capacity(moves.len());
        for idx in moves {
            let child = self.reduce(&map.raw_result(&idx));
            let bytes = key_bytes(&child) + alloc_bytes(size_of_val(&*idx));
            *held += bytes;
            self.account.hold(bytes)?;
            let labels: QuantumMove<B::Move> = idx.iter().map(|&i| map.labels[i].clone()).collect();
            options.push((labels, child));
        }
        Ok(options)
    }
}

#[cfg(test)]
mod tests {
    use crate::quantum::options::{Enumeration, Visits};
    use crate::quantum::solver::tests::reached;
    use crate::quantum::solver::QuantumSolver;
    use crate::quantum::{Flavour, Setting, Width};
    use crate::rules::{Hackenbush, Player};
    use std::collections::BTreeSet;
    /// The results the depth-first enumeration visits (unions built from
    /// their prefixes', absorbed labels skipped) against the plain way
    /// (every allowed move: concatenate its labels' results, sort,
    /// deduplicate, drop covered ones): the same set of results, each
    /// visited move's result built right, on random reachable states of
    /// positions with up to eight edges, every flavour, width unbounded
    /// (so moves of three and more labels share prefixes of every length).
    #[test]
    fn enumerated_results_match_plain_unions() {
        let positions = [
            "BR BR R",
            "BRB BR RR",
            "BR BR BR B R",
            "RBR BB R",
            "BBR RRB B",
            "BR BR BR R R",
        ];
        let mut rng: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut wide = 0;
        for (k, text) in positions.iter().enumerate() {
            for flavour in Flavour::ALL {
                let setting = Setting::new(flavour, Width::Unbounded);
                let base = Hackenbush::new(text.parse().unwrap());
                let start = base.start();
                let mut solver = QuantumSolver::new(base.clone(), &start, setting);
                for walk in 0..6 {
                    let first = Player::BOTH[(k + walk) % 2];
                    let ids = reached(&mut solver, walk, first, |n| (next() % n as u64) as usize);
                    for q in Player::BOTH {
                        let map = solver.legal_ids(&ids, q);
                        let mut plain_set = BTreeSet::new();
                        let mut plain = Vec::new();
                        map.for_each_move(setting, |idx| {
                            plain.clear();
                            for &i in idx {
                                plain.extend_from_slice(&map.children[i]);
                            }
                            solver.prune_ids(&mut plain);
                            plain_set.insert(plain.clone());
                            true
                        });
                        let mut visited = BTreeSet::new();
                        Enumeration::default().for_each(
                            &mut solver,
                            &map,
                            &[setting.flavour],
                            setting.width,
                            |s, a, b, out| s.union_pruned(a, b, out),
                            Visits::all(
                                |s: &mut QuantumSolver<Hackenbush>,
                                 idx: &[usize],
                                 built: &[u32],
                                 _,
                                 _| {
                                    plain.clear();
                                    for &i in idx {
                                        plain.extend_from_slice(&map.children[i]);
                                    }
                                    s.prune_ids(&mut plain);
                                    // A visit drops the dead realisation (C′)
                                    // before it orients the union.
                                    let mut built = built.to_vec();
                                    s.drop_dead_ids(&mut built);
                                    assert_eq!(built, plain, "{text} {flavour} {idx:?}");
                                    visited.insert(plain.clone());
                                    if idx.len() > 2 {
                                        wide += 1;
                                    }
                                    true
                                },
                            ),
                        );
                        assert_eq!(visited, plain_set, "{text} {flavour}");
                    }
                }
            }
        }
        assert!(wide > 500, "{wide}");
    }
}
