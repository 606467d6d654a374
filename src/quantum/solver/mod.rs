//! The fast quantum engine: memoised values and an outcome-only search over
//! reduced states, merging moves that lead to the same state.
//!
//! Everything here is the plain definition plus the reductions configured
//! by [`Normaliser`] (each one value-preserving, see there) and merging of
//! equal options (a set of options is a set). Tests compare it against a
//! deliberately naive implementation.
//!
//! The solver's tables are charged to a [`Budget`] as they grow, and the
//! search reads the clock as it goes, so every search returns
//! [`Exceeded`] instead of outgrowing the budget or the deadline.
//!
//! - this module: the search (values, outcomes, best moves);
//! - [`numbers`]: values by comparison with numbers;
//! - [`accounting`]: what the tables hold, reported to the budget;
//! - [`progress`]: the progress hook of a long search;
//! - [`sum_order`]: outcomes of sums carried over between added games.

use super::base::QuantumBase;
use super::flavour::{Flavour, Setting};
use super::hash::Map64;
use super::id_memo::IdMemo;
use super::moves::{legal_map, Legal, QuantumMove};
use super::normalise::{keep_maximal_by, maximal_mask, retain_mask, Normaliser, Reductions};
use super::options::{covering_masks, every_flavour, Enumeration, FlavourMask, LocalIds};
use super::seen::SeenLists;
use super::symmetry::{Symmetry, Ties};
use super::twins::Twins;
use crate::budget::{Budget, Exceeded, Meter};
use crate::game::{Arena, GameId, Outcome};
use crate::rules::{Player, Ruleset};
use crate::solve::BestMoves;
use images::Images;
use killers::Killers;
use number_bounds::NumberBounds;
use numbers::SumMemo;
pub use numbers::NUMBER_STEPS;
use std::mem::size_of;
use std::rc::Rc;

mod accounting;
mod images;
mod killers;
mod number_bounds;
mod numbers;
mod probed;
mod progress;
mod run_bounds;
mod sum_order;

use accounting::{alloc_bytes, key_bytes, Account};
use progress::ProgressHook;
pub use progress::SearchProgress;

// Bits of the outcome memo: whether each player's first-move result is
// known, and if so whether that player wins.
const LEFT_KNOWN: u8 = 1;
const LEFT_WINS: u8 = 2;
const RIGHT_KNOWN: u8 = 4;
const RIGHT_WINS: u8 = 8;

fn bits(p: Player) -> (u8, u8) {
    match p {
        Player::Left => (LEFT_KNOWN, LEFT_WINS),
        Player::Right => (RIGHT_KNOWN, RIGHT_WINS),
    }
}

/// At most this many pairs of tied blocks are oriented by trying both
/// orders of each ([`QuantumSolver::orient_ids`]): 2^k images each.
const MAX_TIED_PAIRS: usize = 2;

/// A realisation id's term in the multiset hash of an image
/// ([`QuantumSolver::orient_ids`]): mixed, so that sums of ids do not
/// collide as plain sums would.
fn id_term(id: RealId) -> u64 {
    let x = (u64::from(id) ^ 0x5bd1_e995).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (x ^ (x >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

/// A realisation's id in the solver's table.
type RealId = u32;

/// A reduced state as the solver stores it: sorted, distinct realisation
/// ids. Ids are interned once, so hashing, comparing and sorting states
/// costs a few u32 operations per realisation instead of whole positions.
type IdState = Vec<RealId>;

/// One realisation's legal labels for a player and their results.
type RealMoves<B> = Rc<[(<B as Ruleset>::Move, RealId)]>;

/// Every realisation the solver has met, with what it keeps per
/// realisation: its block terms for the symmetry signature and, per
/// player, its legal labels and their results as ids. States of one solve
/// share few distinct realisations (thousands) but are built millions of
/// times, so this work is done once per realisation instead of per state.
struct Reals<B: QuantumBase> {
    states: Vec<B::State>,
    index: Map64<B::State, RealId>,
    /// `blocks` terms per realisation (none when symmetry is trivial).
    terms: Vec<u64>,
    /// `blocks` exact block contents per realisation (ditto), to find
    /// twin blocks.
    keys: Vec<u128>,
    blocks: usize,
    moves: [Vec<Option<RealMoves<B>>>; 2],
    /// Exact covering words per realisation (see
    /// [`QuantumBase::cover_mask`]), if the base has them.
    masks: Option<Vec<u64>>,
    /// Each realisation's run bounds ([`run_bounds`]).
    runs: Vec<run_bounds::Runs>,
    /// Ids by [`QuantumBase::dense_index`] (`RealId::MAX`: not yet
    /// interned), if the base has a dense index; `index` is unused then.
    dense: Option<Vec<RealId>>,
    /// Realisations' images under the permutations that orient states.
    images: Images,
}

/// [`keep_maximal_by`] on exact covering words: the same kept-maximal
/// scan, on words gathered into a local array, so each test is two ALU
/// operations instead of two indirections into the realisation table.
fn keep_maximal_words(ids: &mut IdState, masks: &[u64]) {
    let len = ids.len();
    if len < 2 {
        return;
    }
    if len > 64 {
        keep_maximal_by(ids, |&a, &b| masks[a as usize] & !masks[b as usize] == 0);
        return;
    }
    let mut w = [0u64; 64];
    for (x, &id) in w.iter_mut().zip(ids.iter()) {
        *x = masks[id as usize];
    }
    // Distinct ids have distinct words (the encoding is exact), so
    // "covered" here is strict, as the scan assumes.
    let kept = maximal_mask(len, |i, j| w[i] & !w[j] == 0);
    retain_mask(ids, kept);
}

/// At most this many flavours are valued by one solver at once (see
/// [`QuantumSolver::jointly`]): a family sharing one normalisation.
pub const MAX_JOINT: usize = 3;

/// A state's values under each of the solver's flavours, in their order
/// (entries past the solver's flavours unused).
type Joint = [GameId; MAX_JOINT];

/// Can `flavours` be valued in one search? At most [`MAX_JOINT`] of them,
/// all sharing one normalisation (dropping covered realisations is sound
/// under A, B and D only). The one rule for [`QuantumSolver::jointly`]
/// and for the tables that group flavours.
pub fn joinable(flavours: &[Flavour]) -> bool {
    match flavours.first() {
        None => false,
        Some(first) => {
            flavours.len() <= MAX_JOINT
                && flavours
                    .iter()
                    .all(|f| f.drops_covered() == first.drops_covered())
        }
    }
}

/// Values and outcomes of superposed states of one base position.
pub struct QuantumSolver<B: QuantumBase> {
    pub base: B,
    pub setting: Setting,
    /// The flavours valued: `setting.flavour` first, then those valued
    /// jointly with it ([`QuantumSolver::jointly`]). Shared, so a search
    /// step can hold them while it borrows the solver.
    flavours: Rc<[Flavour]>,
    pub arena: Arena,
    accel: B::Accel,
    normaliser: Normaliser,
    reals: Reals<B>,
    /// Each valued state's value under each flavour valued, as one word
    /// per flavour (so a one-flavour memo entry stays one word).
    values: IdMemo,
    /// Outcome bits of sums `state + number` searched without values,
    /// one memo per flavour and added game ([`SumMemo`]); the first is
    /// the plain outcome memo (the first flavour, the game 0).
    wins: Vec<SumMemo>,
    /// What the sum memos hold, [`SumMemo::bytes`] summed: kept as they
    /// grow, as a search remembers an outcome at every state it leaves
    /// and the memos are dozens.
    sum_memo_bytes: u64,
    /// Values of states proved small by the probes of
    /// [`QuantumSolver::probe_values`] (first flavour only): numbers and
    /// numbers plus small nimbers.
    probed: IdMemo,
    /// Outcomes of states plus numbers, as bounds on the numbers.
    number_bounds: NumberBounds,
    account: Account,
    scratch: Scratch,
    /// See [`QuantumSolver::try_numbers_first`].
    numbers_first: bool,
    /// See [`QuantumSolver::probe_values`].
    probing: bool,
    /// See [`QuantumSolver::on_progress`].
    progress: Option<ProgressHook>,
    /// The outcome search's last winning moves ([`killers`]).
    killers: Killers<B::Move>,
    /// The count of states searched ([`Self::searched_states`]) at which
    /// the innermost quota of [`probed`] ends the search; `None` outside
    /// quotas.
    quota_deadline: Option<u64>,
    /// Set when a quota ended a search, to tell that end from the
    /// budget's.
    quota_spent: bool,
    /// States searched so far (the outcome search's, counted for the
    /// quotas).
    searched_states: u64,
    /// The first quota of each option's comparison ([`probed::FIRST_QUOTA`];
    /// tests lower it so that searches are given up all the time).
    first_quota: u64,
    /// How many searches quotas ended.
    given_up: u64,
    /// Whether [`probed`] looks ahead for options worth numbers once an
    /// option is slow to settle (off only to test it).
    look_ahead: bool,
    /// How many options that look-ahead found worth numbers.
    numbers_found_ahead: u64,
}

/// Buffers reused across options instead of allocated per option: a
/// value table normalises millions of options, and per-option Vecs made
/// malloc/free ~18% of its time.
#[derive(Default)]
struct Scratch {
    sig: Vec<u64>,
    perm: Vec<usize>,
    signed: Vec<(u64, usize)>,
    refined: Vec<u64>,
    /// Tied pairs of blocks, the orders that try each pair both ways, and
    /// the images they give ([`QuantumSolver::orient_ids`]).
    pairs: Vec<(usize, usize)>,
    orders: Vec<Vec<usize>>,
    best: IdState,
    image: IdState,
    /// The option being normalised.
    child: IdState,
    /// The options met so far in one enumeration (of `option_values`, or
    /// of the first pass of an outcome search; neither recurses).
    seen: SeenLists,
    /// Enumerations put back after use: a search opens one per state and
    /// regrowing its union buffers each time was a tenth of a search.
    enumerations: Vec<Enumeration>,
    /// State buffers put back after use, one per depth of the outcome
    /// search at most (its killer moves' results and options looked up).
    states: Vec<IdState>,
    /// The ids of a legal map's results and their covering masks
    /// ([`QuantumSolver::local_ids`]).
    locals: Vec<RealId>,
    below: Vec<u64>,
}

/// What an enumeration put back may hold: the pool is not charged to the
/// budget (an enumeration in use is, from its first option), so only
/// small buffers are kept.
const POOLED_BYTES: u64 = 64 << 10;

impl<B: QuantumBase> QuantumSolver<B> {
    /// A solver with every reduction on and no limit; `start` is the base
    /// position whose automorphisms may be used.
    pub fn new(base: B, start: &B::State, setting: Setting) -> Self {
        Self::with_reductions(base, start, setting, Reductions::all())
    }

    /// [`Self::new`] whose tables are held within `budget`.
    pub fn with_budget(base: B, start: &B::State, setting: Setting, budget: &Budget) -> Self {
        let mut solver = Self::new(base, start, setting);
        solver.set_budget(budget);
        solver
    }

    pub fn with_reductions(
        base: B,
        start: &B::State,
        setting: Setting,
        reductions: Reductions,
    ) -> Self {
        let accel = base.accelerate();
        let normaliser = Normaliser::new(&base, start, setting.flavour, reductions);
        let blocks = normaliser.symmetry().block_count();
        let masks = base.cover_mask(start).map(|_| Vec::new());
        let dense = (base.dense_len() > 0).then(|| vec![RealId::MAX; base.dense_len()]);
        let arena = Arena::new();
        let zero = arena.zero();
        let mut solver = QuantumSolver {
            base,
            setting,
            flavours: Rc::from([setting.flavour]),
            arena,
            accel,
            normaliser,
            reals: Reals {
                states: Vec::new(),
                index: Map64::default(),
                terms: Vec::new(),
                keys: Vec::new(),
                blocks,
                moves: [Vec::new(), Vec::new()],
                masks,
                runs: Vec::new(),
                dense,
                images: Images::default(),
            },
            values: IdMemo::default(),
            wins: vec![SumMemo::plain(zero)],
            sum_memo_bytes: SumMemo::plain(zero).bytes(),
            probed: IdMemo::default(),
            number_bounds: NumberBounds::default(),
            account: Account::new(Meter::default()),
            scratch: Scratch::default(),
            numbers_first: false,
            probing: false,
            progress: None,
            killers: Killers::default(),
            quota_deadline: None,
            quota_spent: false,
            searched_states: 0,
            first_quota: probed::FIRST_QUOTA,
            given_up: 0,
            look_ahead: true,
            numbers_found_ahead: 0,
        };
        solver.charge_all();
        solver
    }

    /// A solver valuing every state under each of `flavours` (at most
    /// [`MAX_JOINT`], the first being `setting`'s) in one search.
    ///
    /// Flavours differ only in which unsuperposed moves they allow, so
    /// each state's superposed moves, their results and the lookups of
    /// those results are shared (see [`super::options`]). Joining is exact,
    /// not a reduction: each flavour's value of a state is made from the
    /// values, under that flavour, of the options that flavour allows. A
    /// state reached under one flavour only is valued under all of them,
    /// which is wasted but harmless. `None` unless `flavours` starts with
    /// `setting.flavour` and is [`joinable`].
    pub fn jointly(
        base: B,
        start: &B::State,
        setting: Setting,
        flavours: &[Flavour],
    ) -> Option<Self> {
        if flavours.first() != Some(&setting.flavour) || !joinable(flavours) {
            return None;
        }
        let mut solver = Self::new(base, start, setting);
        solver.flavours = Rc::from(flavours);
        solver.values = IdMemo::with_words(flavours.len());
        Some(solver)
    }

    /// The flavours this solver values, `setting.flavour` first.
    pub fn flavours(&self) -> &[Flavour] {
        &self.flavours
    }

    /// Hold the tables within `budget` from now on (they are charged to
    /// it at once). If they do not fit, the next search says so.
    pub fn set_budget(&mut self, budget: &Budget) {
        let work = self.account.work;
        self.account = Account::new(budget.meter());
        self.account.work = work;
        self.charge_all();
    }

    /// Report every table to the budget at its present size (between
    /// searches the arena is measured only at spaced memo sizes, so the
    /// last report can be behind).
    pub fn recharge(&mut self) {
        self.charge_all();
    }

    /// Bytes of the solver's tables as last reported to its budget.
    pub fn charged_bytes(&self) -> u64 {
        self.account.meter.charged()
    }

    /// How many states have a memoised value or outcome.
    pub fn memo_len(&self) -> usize {
        self.values.len()
            + self.probed.len()
            + self.wins.iter().map(|w| w.memo.len()).sum::<usize>()
            + self.number_bounds.len()
    }

    /// Forget memoised states (the arena of values stays).
    pub fn clear_memo(&mut self) {
        self.values = IdMemo::with_words(self.flavours.len());
        let zero = self.arena.zero();
        self.wins = vec![SumMemo::plain(zero)];
        self.sum_memo_bytes = self.wins[0].bytes();
        self.probed = IdMemo::default();
        self.number_bounds = NumberBounds::default();
        self.charge_all();
    }

    // --- the id-based core -------------------------------------------

    /// The id of a realisation, interning it (and its block terms).
    fn intern(&mut self, r: &B::State) -> RealId {
        let slot = match &self.reals.dense {
            Some(dense) => {
                let slot = self.base.dense_index(r).expect("dense index");
                if dense[slot] != RealId::MAX {
                    return dense[slot];
                }
                Some(slot)
            }
            None => {
                if let Some(&id) = self.reals.index.get(r) {
                    return id;
                }
                None
            }
        };
        let id = RealId::try_from(self.reals.states.len()).expect("too many realisations");
        assert!(id != RealId::MAX, "too many realisations");
        if let Some(masks) = &mut self.reals.masks {
            masks.push(self.base.cover_mask(r).expect("cover mask"));
        }
        self.reals.runs.push(run_bounds::runs_of(&self.base, r));
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
            (Some(slot), Some(dense)) => dense[slot] = id,
            _ => {
                self.reals.index.insert(r.clone(), id);
            }
        }
        for m in &mut self.reals.moves {
            m.push(None);
        }
        let copies = if self.reals.dense.is_some() { 1 } else { 2 };
        self.account.real_heap += copies * self.base.heap_bytes(r);
        self.note_reals();
        id
    }

    /// Report the realisation table from a place that cannot return an
    /// error; the next check on the search path returns the excess.
    fn note_reals(&mut self) {
        if let Err(e) = self.charge_reals() {
            self.account.failed.get_or_insert(e);
        }
    }

    /// The player's legal labels on realisation `id` and their results.
    fn real_moves(&mut self, id: RealId, p: Player) -> RealMoves<B> {
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

    /// Sorted, deduplicated, reduced: the same reductions as
    /// [`Normaliser::normalise`], on ids.
    fn normalise_ids(&mut self, mut ids: IdState) -> IdState {
        self.normalise_in_place(&mut ids);
        ids
    }

    /// [`Self::normalise_ids`] in place, so callers can reuse one buffer.
    fn normalise_in_place(&mut self, ids: &mut IdState) {
        self.prune_ids(ids);
        self.orient_ids(ids);
    }

    /// Sorted, deduplicated, covered realisations dropped (A, B, D).
    fn prune_ids(&self, ids: &mut IdState) {
        ids.sort_unstable();
        ids.dedup();
        if self.normaliser.drops_covered() {
            self.keep_maximal_ids(ids);
        }
    }

    /// Replace a pruned state by its orbit representative.
    fn orient_ids(&mut self, ids: &mut [RealId]) {
        let blocks = self.reals.blocks;
        if !self.normaliser.orients() || ids.is_empty() {
            return;
        }
        let mut scratch = std::mem::take(&mut self.scratch);
        let sig = &mut scratch.sig;
        sig.clear();
        sig.resize(blocks, 0);
        for &id in ids.iter() {
            let t = &self.reals.terms[id as usize * blocks..(id as usize + 1) * blocks];
            for (s, &x) in sig.iter_mut().zip(t) {
                *s = s.wrapping_add(x);
            }
        }
        let symmetry = self.normaliser.symmetry();
        let terms = &self.reals.terms;
        let same = |b: usize, c: usize| {
            ids.iter().all(|&id| {
                let row = id as usize * blocks;
                terms[row + b] == terms[row + c]
            })
        };
        let ties = symmetry.ties(sig, same, MAX_TIED_PAIRS, &mut scratch.pairs);
        if ties == Ties::Crowded {
            // One round of refinement: each block's signature again, now
            // over (its content, the realisation's content on every block
            // paired with that block's signature). Still a function of
            // the orbit, so still sound, and it tells apart many blocks
            // the first round could not.
            let refined = &mut scratch.refined;
            refined.clear();
            refined.resize(blocks, 0);
            for &id in ids.iter() {
                let t = &terms[id as usize * blocks..(id as usize + 1) * blocks];
                let row = Symmetry::row_hash(sig, t);
                for (s, &x) in refined.iter_mut().zip(t) {
                    *s = s.wrapping_add(Symmetry::refined_term(x, row));
                }
            }
            std::mem::swap(sig, refined);
        }
        let moved = symmetry.sorting_perm_into(sig, &mut scratch.perm, &mut scratch.signed);
        // A few pairs tie: every order of each pair is tried, and one
        // image kept (below).
        if ties != Ties::Pairs {
            if moved {
                self.permute_ids(&scratch.perm, ids);
                ids.sort_unstable();
            }
            self.scratch = scratch;
            return;
        }
        if !moved {
            scratch.perm.clear();
            scratch.perm.extend(0..symmetry.coords());
        }
        // Every sorting of the blocks by signature, each tied pair in
        // either order: the set of their images is the same for every
        // state of one orbit, so the image of least hash (a multiset hash
        // of its ids, so no image but the one kept is sorted) is one
        // representative per orbit, but for hash ties (a collision only
        // leaves two representatives of one orbit, a missed cache hit).
        let pairs = &scratch.pairs;
        let orders = &mut scratch.orders;
        orders.resize_with(1 << pairs.len(), Vec::new);
        for (mask, order) in orders.iter_mut().enumerate() {
            order.clear();
            order.extend_from_slice(&scratch.perm);
            for (k, &(b, c)) in pairs.iter().enumerate() {
                if mask >> k & 1 == 1 {
                    for (&x, &y) in symmetry.block(b).iter().zip(symmetry.block(c)) {
                        order.swap(x, y);
                    }
                }
            }
        }
        let (mut best, mut image) = (
            std::mem::take(&mut scratch.best),
            std::mem::take(&mut scratch.image),
        );
        let mut least_hash = None;
        for order in &scratch.orders {
            image.clear();
            image.extend_from_slice(ids);
            if order.iter().enumerate().any(|(c, &to)| c != to) {
                self.permute_ids(order, &mut image);
            }
            let hash = image
                .iter()
                .fold(0u64, |h, &id| h.wrapping_add(id_term(id)));
            if least_hash.is_none_or(|l| hash < l) {
                least_hash = Some(hash);
                std::mem::swap(&mut best, &mut image);
            }
        }
        best.sort_unstable();
        ids.copy_from_slice(&best);
        scratch.best = best;
        scratch.image = image;
        self.scratch = scratch;
    }

    /// Each id of `ids` replaced by the id of its image under the
    /// coordinate permutation `perm` (from the image tables where they
    /// know it), unsorted (a permutation is a bijection: distinct ids stay
    /// distinct).
    fn permute_ids(&mut self, perm: &[usize], ids: &mut [RealId]) {
        let table = self.reals.images.table(perm);
        for id in ids.iter_mut() {
            if let Some(image) = table.and_then(|k| self.reals.images.get(k, *id)) {
                *id = image;
                continue;
            }
            let image = self.base.permute(&self.reals.states[*id as usize], perm);
            let image = self.intern(&image);
            if let Some(k) = table {
                if self.reals.images.set(k, *id, image) {
                    self.note_reals();
                }
            }
            *id = image;
        }
    }

    fn keep_maximal_ids(&self, ids: &mut IdState) {
        if let Some(masks) = &self.reals.masks {
            keep_maximal_words(ids, masks);
            return;
        }
        let states = &self.reals.states;
        keep_maximal_by(ids, |&a, &b| {
            self.base
                .is_covered_by(&states[a as usize], &states[b as usize])
        });
    }

    /// The twin blocks of state `s`, for the labels of its legal map.
    fn twins(&self, s: &[RealId], labels: &[B::Move]) -> Twins {
        if !self.normaliser.merges_twin_moves() || s.is_empty() {
            return Twins::none();
        }
        let (keys, blocks) = (&self.reals.keys, self.reals.blocks);
        Twins::of_state(&self.base, self.normaliser.symmetry(), labels, |b, c| {
            s.iter().all(|&id| {
                let row = id as usize * blocks;
                keys[row + b] == keys[row + c]
            })
        })
    }

    /// The reduced state of any list of realisations.
    fn reduce(&mut self, state: &[B::State]) -> IdState {
        let ids = state.iter().map(|r| self.intern(r)).collect();
        self.normalise_ids(ids)
    }

    /// The player's legal map on a reduced state, results as ids, each
    /// label's results deduplicated (and thinned under A, B, D). The
    /// counts C and C' look at are taken before any of that.
    fn legal_ids(&mut self, state: &[RealId], p: Player) -> Legal<B::Move, RealId> {
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
    fn option_values(
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
            |solver, _, built, mask| {
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
                        ((pending.capacity() - before) * size_of::<(IdState, FlavourMask)>()) as u64
                            + key_bytes(&child)
                    }
                };
                *held += bytes;
                solver.account.hold(bytes)?;
                Ok(true)
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
    fn for_each_canonical_option(
        &mut self,
        enumeration: &mut Enumeration,
        map: &Legal<B::Move, RealId>,
        flavours: &[Flavour],
        twins: &mut Twins,
        buffer_bytes: &mut u64,
        mut visit: impl FnMut(&mut Self, &[usize], &[RealId], FlavourMask) -> Result<bool, Exceeded>,
    ) -> Result<(), Exceeded> {
        let mut result = Ok(());
        let width = self.setting.width;
        let mut on_option = |solver: &mut Self, idx: &[usize], built: &[RealId], bytes, mask| {
            // Options answered by the memo do not tick elsewhere, and a
            // wide move on many labels has a vast number of them.
            if let Err(e) = solver.charge_option(bytes, buffer_bytes) {
                result = Err(e);
                return false;
            }
            if !twins.is_canonical(idx) {
                return true;
            }
            visit(solver, idx, built, mask).unwrap_or_else(|e| {
                result = Err(e);
                false
            })
        };
        let (mut locals, mut below) = (
            std::mem::take(&mut self.scratch.locals),
            std::mem::take(&mut self.scratch.below),
        );
        if self.local_ids(map, &mut locals, &mut below) {
            let ids = LocalIds {
                ids: &locals,
                below: &below,
            };
            enumeration.for_each_local(self, map, flavours, width, ids, &mut on_option);
        } else {
            enumeration.for_each(
                self,
                map,
                flavours,
                width,
                |solver, a, b, out| solver.union_pruned(a, b, out),
                &mut on_option,
            );
        }
        self.scratch.locals = locals;
        self.scratch.below = below;
        result
    }

    /// The distinct ids of `map`'s results, sorted, into `locals`, and
    /// for each the mask of those it strictly covers into `below` (left
    /// empty when nothing is dropped), if they are at most 64 and their
    /// covering is known by exact words: then the enumeration unites
    /// masks ([`Enumeration::for_each_local`]).
    fn local_ids(
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
    fn put_back(&mut self, enumeration: Enumeration) {
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
    /// budget, as [`Account::hold`] does.
    fn hold_growth(&mut self, now: u64, charged: &mut u64) -> Result<(), Exceeded> {
        let grown = now.saturating_sub(*charged);
        *charged = now.max(*charged);
        if grown == 0 {
            return Ok(());
        }
        self.account.hold(grown)
    }

    /// `prune_ids` of the union of two pruned lists (sorted, distinct, and
    /// under A, B, D antichains), without sorting or a quadratic scan of
    /// the union: an element of one antichain is covered in the union
    /// only by an element of the other, so only cross pairs are tested,
    /// and the two sorted lists are merged in one pass. Width-2 options
    /// are such unions.
    fn union_pruned(&self, a: &[RealId], b: &[RealId], out: &mut IdState) {
        out.reserve(a.len() + b.len());
        let covering = self.normaliser.drops_covered();
        let masks = match &self.reals.masks {
            _ if !covering => None,
            Some(m) if a.len() <= 64 && b.len() <= 64 => Some(m),
            // No exact words, or too long for the bitmasks: the general way.
            _ => {
                out.extend_from_slice(a);
                out.extend_from_slice(b);
                self.prune_ids(out);
                return;
            }
        };
        // Bit k set: a[k] (resp. b[k]) is strictly covered by the other
        // list. Equal ids are the same realisation (kept once below), and
        // distinct ids have distinct exact words, so `x & !y == 0` with
        // x != y is strict covering.
        let (mut drop_a, mut drop_b) = (0u64, 0u64);
        if let Some(masks) = masks {
            // The words gathered first, so the cross scan (the hot loop of
            // wide moves) runs on local arrays. Equal words are equal ids.
            let mut wb = [0u64; 64];
            for (w, &y) in wb.iter_mut().zip(b) {
                *w = masks[y as usize];
            }
            let wb = &wb[..b.len()];
            for (ka, &x) in a.iter().enumerate() {
                let wx = masks[x as usize];
                for (kb, &wy) in wb.iter().enumerate() {
                    let sub_a = wx & !wy == 0;
                    let sub_b = wy & !wx == 0;
                    // Both: the same realisation, kept once below.
                    drop_a |= u64::from(sub_a && !sub_b) << ka;
                    drop_b |= u64::from(sub_b && !sub_a) << kb;
                }
            }
        }
        let (mut i, mut j) = (0, 0);
        while i < a.len() || j < b.len() {
            let take_a = j == b.len() || (i < a.len() && a[i] <= b[j]);
            if take_a {
                if j < b.len() && a[i] == b[j] {
                    j += 1;
                }
                if !bit(drop_a, i) {
                    out.push(a[i]);
                }
                i += 1;
            } else {
                if !bit(drop_b, j) {
                    out.push(b[j]);
                }
                j += 1;
            }
        }
    }

    /// The canonical value of a superposed state (any state, reduced or not).
    pub fn value(&mut self, state: &[B::State]) -> Result<GameId, Exceeded> {
        let s = self.reduce(state);
        self.first_value_of_ids(&s)
    }

    /// The values of a superposed state under each of [`Self::flavours`].
    pub fn values(&mut self, state: &[B::State]) -> Result<Vec<GameId>, Exceeded> {
        let s = self.reduce(state);
        if self.numbers_first {
            let mut numbers = Vec::with_capacity(self.flavours.len());
            for k in 0..self.flavours.len() {
                match self.number_value_of_ids(&s, k)? {
                    Some(x) => numbers.push(self.arena.number(x)),
                    None => break,
                }
            }
            if numbers.len() == self.flavours.len() {
                return Ok(numbers);
            }
        }
        let joint = self.value_of_ids(&s)?;
        Ok(joint[..self.flavours.len()].to_vec())
    }

    /// The value of reduced state `s` under the first flavour: by
    /// comparison with numbers first if the solver is set to.
    fn first_value_of_ids(&mut self, s: &[RealId]) -> Result<GameId, Exceeded> {
        if self.probing {
            return self.probed_value_of_ids(s);
        }
        if self.numbers_first {
            if let Some(x) = self.number_value_of_ids(s, 0)? {
                return Ok(self.arena.number(x));
            }
        }
        Ok(self.value_of_ids(s)?[0])
    }

    /// Value states by [`Self::number_value`] first, and from their
    /// options only where that finds no number ([`Self::value`],
    /// [`Self::values`] and the options scored by [`Self::best_moves`]).
    /// Off by default: where values are rarely numbers (green edges, Nim),
    /// the failed comparisons are wasted work.
    pub fn try_numbers_first(&mut self, on: bool) {
        self.numbers_first = on;
    }

    /// Compare a superposed state with the number `x` under the first
    /// flavour, by two outcome searches of the state minus `x` (no value
    /// is built): `(G ≥ x, G ≤ x)`. G ≥ x iff Right, moving first in
    /// G − x, loses; G ≤ x iff Left, moving first, loses.
    pub fn compare_with_number(
        &mut self,
        state: &[B::State],
        x: &crate::game::Dyadic,
    ) -> Result<(bool, bool), Exceeded> {
        let s = self.reduce(state);
        let at = self.sum_memo(0, &x.neg());
        let ge = !self.wins_sum(&s, at, Player::Right)?;
        let le = !self.wins_sum(&s, at, Player::Left)?;
        Ok((ge, le))
    }

    /// The allowed moves of `p` from `state` that win (the opponent,
    /// moving next, loses), by outcome searches only, in enumeration
    /// order; `found` is called with each as it is proved, and returns
    /// whether to go on. Outcome searches stop at a first winning reply,
    /// so this is far cheaper than valuing the options.
    pub fn winning_moves_by_search(
        &mut self,
        state: &[B::State],
        p: Player,
        mut found: impl FnMut(&Self, &QuantumMove<B::Move>) -> bool,
    ) -> Result<(), Exceeded> {
        let map = legal_map(&self.base, &self.accel, state, p);
        let mut held = 0;
        let options = self.option_states(&map, &mut held);
        let result = options.and_then(|options| {
            for (labels, child) in &options {
                if !self.wins_sum(child, 0, p.opponent())? && !found(self, labels) {
                    break;
                }
            }
            Ok(())
        });
        self.account.release(held);
        result
    }

    fn value_of_ids(&mut self, s: &[RealId]) -> Result<Joint, Exceeded> {
        if let Some(v) = self.memo_value(s) {
            return Ok(v);
        }
        self.account.tick()?;
        self.progress_step();
        let mut sides = [Vec::new(), Vec::new()];
        let mut held = 0;
        let found = self.value_options(s, &mut sides, &mut held);
        self.account.release(held);
        found?;
        let mut joint = [GameId(0); MAX_JOINT];
        for (k, value) in joint.iter_mut().enumerate().take(self.flavours.len()) {
            let [left, right] = sides.each_ref().map(|side| {
                side.iter()
                    .filter(|(_, mask)| mask & (1 << k) != 0)
                    .map(|(v, _)| v[k])
                    .collect::<Vec<GameId>>()
            });
            // `make` sorts and deduplicates options, so repeats are harmless.
            *value = self.arena.make(left, right);
        }
        let words = joint.map(|g| g.0);
        self.values.insert_words(s, &words[..self.flavours.len()]);
        self.charge_memo()?;
        Ok(joint)
    }

    /// The memoised values of state `s`, if it was valued.
    fn memo_value(&self, s: &[RealId]) -> Option<Joint> {
        let mut words = [0u32; MAX_JOINT];
        self.values
            .get_words(s, &mut words[..self.flavours.len()])
            .then(|| words.map(GameId))
    }

    /// The values of both players' options of `s` under every flavour,
    /// each with the flavours that allow it, into `sides`.
    fn value_options(
        &mut self,
        s: &[RealId],
        sides: &mut [Vec<(Joint, FlavourMask)>; 2],
        held: &mut u64,
    ) -> Result<(), Exceeded> {
        let mut pending = Vec::new();
        for (k, p) in Player::BOTH.into_iter().enumerate() {
            pending.clear();
            self.option_values(s, p, &mut sides[k], &mut pending, held)?;
            for (child, mask) in &pending {
                let v = self.value_of_ids(child)?;
                sides[k].push((v, *mask));
            }
        }
        Ok(())
    }

    /// The value of the classical start `{start}`.
    pub fn value_of_start(&mut self, start: &B::State) -> Result<GameId, Exceeded> {
        self.value(std::slice::from_ref(start))
    }

    /// The birthday of the canonical value.
    pub fn birthday(&mut self, state: &[B::State]) -> Result<u64, Exceeded> {
        let v = self.value(state)?;
        Ok(self.arena.birthday(v))
    }

    /// Does `p` win moving first? Alternating search only, no values.
    pub fn wins_moving_first(&mut self, state: &[B::State], p: Player) -> Result<bool, Exceeded> {
        let s = self.reduce(state);
        self.wins_sum(&s, 0, p)
    }

    /// The outcome class by alternating search (fast; no canonical forms).
    pub fn outcome_by_search(&mut self, state: &[B::State]) -> Result<Outcome, Exceeded> {
        let l = self.wins_moving_first(state, Player::Left)?;
        let r = self.wins_moving_first(state, Player::Right)?;
        Ok(Outcome::from_first_player_wins(l, r))
    }

    /// The outcome class from the canonical value.
    pub fn outcome(&mut self, state: &[B::State]) -> Result<Outcome, Exceeded> {
        let v = self.value(state)?;
        Ok(self.arena.outcome(v))
    }

    /// The moves `p` should make from `state` (every allowed move, as
    /// labels; winning ones if any, else those to undominated options).
    pub fn best_moves(
        &mut self,
        state: &[B::State],
        p: Player,
    ) -> Result<BestMoves<QuantumMove<B::Move>>, Exceeded> {
        let map = legal_map(&self.base, &self.accel, state, p);
        let mut held = 0;
        let options = self.option_states(&map, &mut held);
        let scored = options.and_then(|options| self.score_moves(options, p));
        self.account.release(held);
        let scored = match scored? {
            Scored::Winning(moves) => {
                return Ok(BestMoves {
                    winning: true,
                    moves,
                })
            }
            Scored::Values(scored) => scored,
        };
        let zero = self.arena.zero();
        let a = &mut self.arena;
        let winning: Vec<_> = scored
            .iter()
            .filter(|(_, v)| match p {
                Player::Left => a.le(zero, *v),
                Player::Right => a.le(*v, zero),
            })
            .map(|(m, _)| m.clone())
            .collect();
        if !winning.is_empty() {
            return Ok(BestMoves {
                winning: true,
                moves: winning,
            });
        }
        let values: Vec<GameId> = scored.iter().map(|x| x.1).collect();
        let undominated = scored
            .iter()
            .filter(|(_, v)| {
                !values.iter().any(|&w| match p {
                    Player::Left => a.lt(*v, w),
                    Player::Right => a.lt(w, *v),
                })
            })
            .map(|(m, _)| m.clone())
            .collect();
        Ok(BestMoves {
            winning: false,
            moves: undominated,
        })
    }

    /// Every allowed move of `map` with the reduced state it leads to;
    /// what is collected is charged and added to `held`.
    #[allow(clippy::type_complexity)]
    fn option_states(
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

    /// The moves of `options` (the mover `p`'s) with the values they lead
    /// to. When the solver tries numbers first, the winning moves are found
    /// by outcome searches before any option is valued, and returned alone
    /// if there are any: valuing every option of a large state by
    /// comparison would cost a search per option, where a winning move
    /// needs one outcome search.
    fn score_moves(
        &mut self,
        options: Vec<(QuantumMove<B::Move>, IdState)>,
        p: Player,
    ) -> Result<Scored<B::Move>, Exceeded> {
        if self.numbers_first || self.probing {
            let mut winning = Vec::new();
            for (labels, child) in &options {
                // A move wins iff the opponent, moving first after it, loses.
                if !self.wins_sum(child, 0, p.opponent())? {
                    winning.push(labels.clone());
                }
            }
            if !winning.is_empty() {
                return Ok(Scored::Winning(winning));
            }
        }
        if self.probing {
            return Ok(Scored::Values(self.probed_scores(options, p)?));
        }
        let mut scored = Vec::with_capacity(options.len());
        for (labels, child) in options {
            let v = self.first_value_of_ids(&child)?;
            scored.push((labels, v));
        }
        Ok(Scored::Values(scored))
    }
}

/// What [`QuantumSolver::score_moves`] found: the winning moves alone, or
/// every move with its value.
enum Scored<M> {
    Winning(Vec<QuantumMove<M>>),
    Values(ValuedMoves<M>),
}

/// Moves with the values they lead to.
type ValuedMoves<M> = Vec<(QuantumMove<M>, GameId)>;

/// Bit `k` of `bits`; false past the word (lists longer than 64 are
/// merged without covering bits, so nothing is dropped there).
fn bit(bits: u64, k: usize) -> bool {
    k < 64 && (bits >> k) & 1 == 1
}

#[cfg(test)]
mod tests {
    use super::{Enumeration, IdState, QuantumSolver};
    use crate::quantum::base::QuantumBase;
    use crate::quantum::{allowed_moves, apply_move, Flavour, Setting, Width};
    use crate::rules::{Hackenbush, Player};
    use std::collections::BTreeSet;

    /// The reduced state after up to `walk` allowed moves from the start,
    /// players alternating from `first`, each the `pick(n)`th of the n
    /// allowed.
    pub(super) fn reached(
        solver: &mut QuantumSolver<Hackenbush>,
        walk: usize,
        first: Player,
        mut pick: impl FnMut(usize) -> usize,
    ) -> IdState {
        let (base, setting) = (solver.base.clone(), solver.setting);
        let mut state = vec![base.start()];
        let mut p = first;
        for _ in 0..walk {
            let moves = allowed_moves(&base, &state, p, setting);
            if moves.is_empty() {
                break;
            }
            state = apply_move(&base, &state, p, &moves[pick(moves.len())]);
            p = p.opponent();
        }
        let ids: Vec<_> = state.iter().map(|r| solver.intern(r)).collect();
        solver.normalise_ids(ids)
    }

    /// Two fresh solvers of each drawing of `positions`, every flavour,
    /// widths 2, 3 and unbounded, handed to `each` with the drawing and
    /// setting.
    pub(super) fn for_each_pair(
        positions: &[&str],
        mut each: impl FnMut(&str, Setting, QuantumSolver<Hackenbush>, QuantumSolver<Hackenbush>),
    ) {
        for &text in positions {
            for flavour in Flavour::ALL {
                for width in [Width::Limited(2), Width::Limited(3), Width::Unbounded] {
                    let setting = Setting::new(flavour, width);
                    let base = Hackenbush::new(text.parse().unwrap());
                    let start = base.start();
                    let first = QuantumSolver::new(base.clone(), &start, setting);
                    each(
                        text,
                        setting,
                        first,
                        QuantumSolver::new(base, &start, setting),
                    );
                }
            }
        }
    }

    /// One random walk of up to `walk` moves from the start ([`reached`]),
    /// the same in two solvers of one drawing: each one's reduced state.
    pub(super) fn walk_both(
        rng: &mut crate::rng::SplitMix64,
        walk: usize,
        a: &mut QuantumSolver<Hackenbush>,
        b: &mut QuantumSolver<Hackenbush>,
    ) -> (IdState, IdState) {
        let picks: Vec<u64> = (0..walk).map(|_| rng.next_u64()).collect();
        let first = Player::BOTH[walk % 2];
        let walked = |solver: &mut QuantumSolver<Hackenbush>| {
            let mut at = picks.iter();
            reached(solver, walk, first, |n| {
                (at.next().unwrap() % n as u64) as usize
            })
        };
        (walked(a), walked(b))
    }

    /// Where at most two pairs of blocks are interchangeable, every state
    /// of one orbit is oriented to the same representative (blocks of
    /// distinct signatures are sorted, and a tied pair is tried in both
    /// orders): random reachable states and their images under every
    /// swap of blocks, every flavour, widths 2, 3 and unbounded.
    #[test]
    fn orientation_is_one_state_per_orbit_under_two_pairs() {
        let positions = ["BR BR G G", "BRG BRG R", "GB GB RG RG", "BG BG R R B"];
        let mut rng = crate::rng::SplitMix64::new(12);
        let mut moved = 0;
        for_each_pair(&positions, |text, setting, mut solver, _| {
            let groups = solver.normaliser.symmetry().groups().to_vec();
            assert!(!groups.is_empty() && groups.len() <= 2, "{text}");
            assert!(groups.iter().all(|g| g.len() == 2), "{text}");
            let coords = solver.normaliser.symmetry().coords();
            // Every block permutation: each group's two blocks swapped or not.
            let perms: Vec<Vec<usize>> = (0..1usize << groups.len())
                .map(|mask| {
                    let mut perm: Vec<usize> = (0..coords).collect();
                    for (k, group) in groups.iter().enumerate() {
                        if mask >> k & 1 == 1 {
                            for (&x, &y) in group[0].iter().zip(&group[1]) {
                                perm.swap(x, y);
                            }
                        }
                    }
                    perm
                })
                .collect();
            for k in 0..40 {
                let (walk, first) = (k % 8, Player::BOTH[k % 2]);
                let s = reached(&mut solver, walk, first, |n| {
                    (rng.next_u64() % n as u64) as usize
                });
                for perm in &perms {
                    let images: Vec<_> = s
                        .iter()
                        .map(|&id| solver.base.permute(&solver.reals.states[id as usize], perm))
                        .collect();
                    let mut ids: Vec<_> = images.iter().map(|r| solver.intern(r)).collect();
                    ids.sort_unstable();
                    moved += usize::from(ids != s);
                    solver.normalise_in_place(&mut ids);
                    assert_eq!(ids, s, "{text} {setting:?}");
                }
            }
        });
        assert!(moved > 100, "{moved}");
    }

    /// Orienting by the permutations' image tables gives the ids that
    /// permuting and interning every realisation gives: two solvers, one
    /// without tables, orient every option of random reachable states in
    /// lockstep (so they intern realisations in the same order), on
    /// drawings with interchangeable blocks, every flavour, widths 2, 3
    /// and unbounded.
    #[test]
    fn image_tables_orient_as_permuting_does() {
        let positions = ["BR BR BR R R", "BRB BRB G G", "BG BG RR RR B"];
        let mut rng = crate::rng::SplitMix64::new(8);
        let mut permuted = 0;
        for_each_pair(&positions, |text, setting, mut tabled, mut plain| {
            plain.reals.images = super::Images::with_limit(0);
            for walk in 0..5 {
                let (ids, again) = walk_both(&mut rng, walk, &mut tabled, &mut plain);
                assert_eq!(again, ids);
                for q in Player::BOTH {
                    let map = tabled.legal_ids(&ids, q);
                    assert_eq!(plain.legal_ids(&ids, q).children, map.children);
                    map.for_each_move(setting, |idx| {
                        let mut child: Vec<_> = idx
                            .iter()
                            .flat_map(|&i| map.children[i].iter().copied())
                            .collect();
                        let mut again = child.clone();
                        tabled.normalise_in_place(&mut child);
                        plain.normalise_in_place(&mut again);
                        assert_eq!(child, again, "{text} {setting:?}");
                        true
                    });
                }
            }
            assert_eq!(plain.reals.images.tables(), 0);
            permuted += tabled.reals.images.tables();
        });
        assert!(permuted > 0);
    }

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
                            |s, idx, built, _, _| {
                                plain.clear();
                                for &i in idx {
                                    plain.extend_from_slice(&map.children[i]);
                                }
                                s.prune_ids(&mut plain);
                                assert_eq!(built, plain, "{text} {flavour} {idx:?}");
                                visited.insert(plain.clone());
                                if idx.len() > 2 {
                                    wide += 1;
                                }
                                true
                            },
                        );
                        assert_eq!(visited, plain_set, "{text} {flavour}");
                    }
                }
            }
        }
        assert!(wide > 500, "{wide}");
    }

    /// A killer move's result built from the realisations' moves
    /// ([`QuantumSolver::killer_result`]) against the legal map: every
    /// allowed move gives its reduced result, and a single label the
    /// flavour does not allow gives none, on random reachable states of
    /// every flavour at widths 2 and unbounded.
    #[test]
    fn killer_results_match_the_legal_map() {
        let positions = ["BR BR R", "BRB BR RR", "RBR BB R G", "BG GR RB"];
        let mut rng = crate::rng::SplitMix64::new(0x5DEE_CE66_D1CE_4E5B);
        let (mut moves, mut refused) = (0, 0);
        for text in positions {
            for flavour in Flavour::ALL {
                for width in [Width::Limited(2), Width::Unbounded] {
                    let setting = Setting::new(flavour, width);
                    let base = Hackenbush::new(text.parse().unwrap());
                    let start = base.start();
                    let mut solver = QuantumSolver::new(base.clone(), &start, setting);
                    for walk in 0..5 {
                        let ids =
                            reached(&mut solver, walk, Player::BOTH[walk % 2], |n| rng.below(n));
                        for q in Player::BOTH {
                            let map = solver.legal_ids(&ids, q);
                            let mut all = Vec::new();
                            map.for_each_move(setting, |idx| {
                                all.push(idx.to_vec());
                                true
                            });
                            for idx in &all {
                                let mut plain: IdState =
                                    idx.iter().flat_map(|&i| map.children[i].clone()).collect();
                                solver.normalise_in_place(&mut plain);
                                let labels: Vec<_> = idx.iter().map(|&i| map.labels[i]).collect();
                                let mut built = vec![7];
                                let legal =
                                    solver.killer_result(&ids, &labels, flavour, q, &mut built);
                                assert_eq!(
                                    legal.then_some(built),
                                    Some(plain),
                                    "{text} {flavour} {width} {labels:?}"
                                );
                                moves += 1;
                            }
                            for i in 0..map.labels.len() {
                                if !all.contains(&vec![i]) {
                                    let single = [map.labels[i]];
                                    let mut built = Vec::new();
                                    let legal =
                                        solver.killer_result(&ids, &single, flavour, q, &mut built);
                                    assert!(!legal, "{text} {flavour} {width} {single:?}");
                                    refused += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(moves > 1000 && refused > 100, "{moves} {refused}");
    }

    /// Comparisons of options given up for their values
    /// ([`QuantumSolver::settled`]), proofs of x + *m given up for the
    /// value from options, and options valued as numbers ahead of their
    /// turn once one option is slow ([`QuantumSolver::numbers_ahead`]),
    /// change no answer: with tiny quotas, so
    /// that searches are given up all the time, at every depth and inside
    /// valuations given up in turn, the probes' value and both players'
    /// best moves equal the full search's, on random drawings, every
    /// flavour, widths 2, 3 and unbounded.
    #[test]
    fn options_given_up_for_their_values_change_no_answer() {
        use crate::position::presets;
        use crate::quantum::hackenbush_solver;
        let widths = [Width::Limited(2), Width::Limited(3), Width::Unbounded];
        let (mut given_up, mut found_ahead) = (0, 0);
        for seed in 0..24u64 {
            let position = presets::random(seed + 100, 6 + (seed % 2) as usize, &[]);
            let flavour = Flavour::ALL[seed as usize % Flavour::ALL.len()];
            let setting = Setting::new(flavour, widths[(seed / 6) as usize % 3]);
            let (mut full, start) = hackenbush_solver(position.clone(), setting);
            let want = full.value(&[start]).unwrap();
            let want_moves = Player::BOTH.map(|p| full.best_moves(&[start], p).unwrap());
            for quota in [1, 40, 900] {
                let (mut probing, start) = hackenbush_solver(position.clone(), setting);
                probing.probe_values(true);
                probing.first_quota = quota;
                let got = probing.value(&[start]).unwrap();
                let context = format!("{position} {flavour} quota {quota}");
                assert_eq!(
                    probing.arena.plain(got),
                    full.arena.plain(want),
                    "{context}"
                );
                for (k, p) in Player::BOTH.into_iter().enumerate() {
                    let moves = probing.best_moves(&[start], p).unwrap();
                    assert_eq!(moves.winning, want_moves[k].winning, "{context} {p:?}");
                    assert_eq!(moves.moves, want_moves[k].moves, "{context} {p:?}");
                }
                given_up += probing.given_up;
                found_ahead += probing.numbers_found_ahead;
            }
        }
        assert!(given_up > 1000, "{given_up}");
        assert!(found_ahead > 20, "{found_ahead}");
    }

    /// The look-ahead for options worth numbers changes no answer where it
    /// changes the work: on a classroom drawing under C' at width 3, where
    /// it finds Right's best option (worth a number) while hot options are
    /// slow to settle, the value and both players' best moves are those
    /// found without it. (The random drawings of the test above are too
    /// small to need it but at tiny quotas, where the valuations it sits
    /// in are given up too.)
    #[test]
    fn numbers_found_ahead_change_no_answer_on_a_classroom_drawing() {
        use crate::quantum::hackenbush_solver;
        let position: crate::position::Position =
            "B 0-1:R 1-0:R G 0-2:G 2-3:R 3-3:G 1-4:G 3-5:R 5-6:R"
                .parse()
                .unwrap();
        let setting = Setting::new(Flavour::CPrime, Width::Limited(3));
        let solve = |look_ahead: bool| {
            let (mut solver, start) = hackenbush_solver(position.clone(), setting);
            solver.probe_values(true);
            solver.look_ahead = look_ahead;
            let v = solver.value(&[start]).unwrap();
            let moves = Player::BOTH.map(|p| solver.best_moves(&[start], p).unwrap());
            (solver.arena.plain(v), moves, solver.numbers_found_ahead)
        };
        let (value, moves, found) = solve(true);
        let (want_value, want_moves, none) = solve(false);
        assert!(found > 0 && none == 0, "{found} {none}");
        assert_eq!(value, want_value);
        assert_eq!(moves, want_moves);
    }

    /// The sum memos' running total (charged at every outcome remembered)
    /// is their sizes summed, after searches that open many of them and
    /// after the memos are cleared. Sums with numbers are kept as bounds
    /// alone (which decide every outcome their memos would hold).
    #[test]
    fn sum_memo_bytes_are_kept_as_the_memos_grow() {
        let total = |s: &QuantumSolver<Hackenbush>| s.wins.iter().map(|w| w.bytes()).sum::<u64>();
        // Under A the options are compared with hot values (sums with
        // games that are not numbers); under C the value is a number.
        for (flavour, hot_sums) in [(Flavour::A, true), (Flavour::C, false)] {
            let setting = Setting::new(flavour, Width::Limited(3));
            let base = Hackenbush::new("BRG BR RRB G".parse().unwrap());
            let start = base.start();
            let mut solver = QuantumSolver::new(base, &start, setting);
            solver.probe_values(true);
            solver.value(&[start]).unwrap();
            assert!(solver.wins.len() > 2, "{}", solver.wins.len());
            let biggest = solver.wins.iter().map(|w| w.memo.len()).max();
            assert_eq!(biggest > Some(100), hot_sums, "{biggest:?}");
            assert!(solver
                .wins
                .iter()
                .filter(|w| w.number)
                .all(|w| w.memo.is_empty()));
            assert!(solver.number_bounds.len() > 100);
            assert_eq!(solver.sum_memo_bytes, total(&solver));
            solver.clear_memo();
            assert_eq!(solver.sum_memo_bytes, total(&solver));
        }
    }
}
