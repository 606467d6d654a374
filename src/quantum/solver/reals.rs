//! The realisation table: every realisation the solver has met, interned
//! once as an id, with what the search needs of it kept beside it (block
//! terms and keys for the symmetry, covering words, run bounds, and each
//! player's legal labels with their results as ids).

use super::images::Images;
use super::{alloc_bytes, run_bounds, QuantumSolver, RealId};
use crate::quantum::base::QuantumBase;
use crate::quantum::hash::Map64;
use crate::rules::{Player, Ruleset};
use std::mem::size_of;
use std::rc::Rc;

/// One realisation's legal labels for a player and their results.
type RealMoves<B> = Rc<[(<B as Ruleset>::Move, RealId)]>;

/// Every realisation the solver has met, with what it keeps per
/// realisation: its block terms for the symmetry signature and, per
/// player, its legal labels and their results as ids. States of one solve
/// share few distinct realisations (thousands) but are built millions of
/// times, so this work is done once per realisation instead of per state.
pub(super) struct Reals<B: QuantumBase> {
    pub(super) states: Vec<B::State>,
    /// Ids of the realisations the dense index does not reach (all of
    /// them when there is none).
    pub(super) index: Map64<B::State, RealId>,
    /// `blocks` terms per realisation (none when symmetry is trivial).
    pub(super) terms: Vec<u64>,
    /// `blocks` exact block contents per realisation (ditto), to find
    /// twin blocks.
    pub(super) keys: Vec<u128>,
    pub(super) blocks: usize,
    pub(super) moves: [Vec<Option<RealMoves<B>>>; 2],
    /// Exact covering words per realisation (see
    /// [`QuantumBase::cover_mask`]), if the base has them and every
    /// realisation met so far has one.
    pub(super) masks: Option<Vec<u64>>,
    /// The position the solver values: the words and the dense index
    /// encode the realisations reached from it.
    pub(super) start: B::State,
    /// Each realisation's run bounds ([`run_bounds`]).
    pub(super) runs: Vec<run_bounds::Runs>,
    /// Ids by [`QuantumBase::dense_index`] (`RealId::MAX`: not yet
    /// interned), if the base has a dense index; realisations past its
    /// reach go to `index`.
    pub(super) dense: Option<Vec<RealId>>,
    /// Realisations' images under the permutations that orient states.
    pub(super) images: Images,
    /// Whether each realisation is impartial for good
    /// ([`QuantumBase::impartial`]).
    pub(super) impartial: Vec<bool>,
    /// Whether each realisation is dead: no legal label for either player
    /// (see [`crate::quantum::normalise`]); all false where the
    /// normaliser keeps dead realisations.
    pub(super) dead: Vec<bool>,
}

impl<B: QuantumBase> QuantumSolver<B> {
    /// The id of a realisation, interning it (and its block terms).
    pub(super) fn intern(&mut self, r: &B::State) -> RealId {
        // The dense index where it reaches (a realisation not reached
        // from the start, in a state given by hand, is hashed instead).
        let slot = match &self.reals.dense {
            Some(dense) => self
                .base
                .dense_index(&self.reals.start, r)
                .map(|slot| (slot, dense[slot])),
            None => None,
        };
        match slot {
            Some((_, id)) if id != RealId::MAX => return id,
            Some(_) => {}
            None => {
                if let Some(&id) = self.reals.index.get(r) {
                    return id;
                }
            }
        }
        let id = RealId::try_from(self.reals.states.len()).expect("too many realisations");
        assert!(id != RealId::MAX, "too many realisations");
        if let Some(masks) = &mut self.reals.masks {
            match self.base.cover_mask(&self.reals.start, r) {
                Some(word) => masks.push(word),
                // A realisation not reached from the start (a state given
                // by hand): covering is tested on states from now on.
                None => self.reals.masks = None,
            }
        }
        self.reals.runs.push(run_bounds::runs_of(&self.base, r));
        self.reals.impartial.push(self.base.impartial(r));
        // Read only where dead realisations are dropped (C′): elsewhere
        // the two move lists would be built for nothing.
        let dead = self.normaliser.drops_dead()
            && Player::BOTH
                .into_iter()
                .all(|p| self.base.moves(r, p).is_empty());
        self.reals.dead.push(dead);
        if self.reals.blocks > 0 {
            let before = self.reals.terms.len();
            self.normaliser
                .symmetry()
                .block_terms(&self.base, r, &mut self.reals.terms);
            debug_assert_eq!(self.reals.terms.len() - before, self.reals.blocks);
            for block in self.normaliser.symmetry().groups().iter().flatten() {
                self.reals.keys.push(self.base.block_key(r, block));
            }
        }
        self.reals.states.push(r.clone());
        match (slot, &mut self.reals.dense) {
            (Some((slot, _)), Some(dense)) => dense[slot] = id,
            _ => {
                self.reals.index.insert(r.clone(), id);
            }
        }
        for m in &mut self.reals.moves {
            m.push(None);
        }
        let copies = if slot.is_some() { 1 } else { 2 };
        self.account.real_heap += copies * self.base.heap_bytes(r);
        self.note_reals();
        id
    }

    /// Report the realisation table from a place that cannot return an
    /// error; the next check on the search path returns the excess.
    pub(super) fn note_reals(&mut self) {
        if let Err(e) = self.charge_reals() {
            self.account.failed.get_or_insert(e);
        }
    }

    /// Whether the solver shares work between the players on `s`: the
    /// sharing is on and every realisation of `s` is impartial for good
    /// ([`QuantumBase::impartial`]). Then so is every state reached from
    /// `s`, and `s` plus a nimber has outcome P or N.
    ///
    /// Both players' options of `s` are then one list: a player's allowed
    /// moves and their results are a function of the state and of that
    /// player's legal labels and their results on each realisation (the
    /// legal map; every flavour's rule for unsuperposed moves reads only
    /// the map and the number of realisations, and so does the twin-move
    /// filter), and the two players' maps are the same.
    pub(super) fn impartial_state(&self, s: &[RealId]) -> bool {
        self.share_impartial && s.iter().all(|&id| self.reals.impartial[id as usize])
    }

    /// The player's legal labels on realisation `id` and their results.
    pub(super) fn real_moves(&mut self, id: RealId, p: Player) -> RealMoves<B> {
        if let Some(m) = &self.reals.moves[p as usize][id as usize] {
            return m.clone();
        }
        let r = self.reals.states[id as usize].clone();
        let labels = self.base.moves(&r, p);
        let mut out = Vec::with_capacity(labels.len());
        for m in labels {
            let child = self.base.play_fast(&self.accel, &r, &m);
            let c = self.intern(&child);
            out.push((m, c));
        }
        let out: Rc<[(B::Move, RealId)]> = out.into();
        // The Rc's two counts and the pairs.
        self.account.real_heap += alloc_bytes(2 * size_of::<usize>() + size_of_val(&*out));
        self.note_reals();
        self.reals.moves[p as usize][id as usize] = Some(out.clone());
        out
    }
}
