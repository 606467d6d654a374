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
//! - this module: the solver's tables and values;
//! - [`reals`]: the realisation table (each realisation once, as an id);
//! - [`reduction`]: reduced states of ids (pruned, oriented);
//! - [`enumerate`]: a state's options, built and looked up;
//! - [`best_moves`]: the moves a player should make;
//! - [`sum_search`]: the outcome search of a state plus a game;
//! - [`numbers`]: values by comparison with numbers;
//! - [`probed`]: values of states and options found by such probes;
//! - [`gift_horse`]: values from the options that can change them;
//! - [`killers`]: the moves that last won, tried first;
//! - [`guided`]: values guessed by another solver, proved here;
//! - [`number_bounds`], [`run_bounds`]: bounds that answer a search at once;
//! - [`sum_order`]: outcomes of sums carried over between added games;
//! - [`images`]: realisations' images under the orienting permutations;
//! - [`accounting`]: what the tables hold, reported to the budget;
//! - [`progress`]: the progress hook of a long search.

use super::base::QuantumBase;
use super::flavour::{Flavour, Setting};
use super::hash::Map64;
use super::id_memo::IdMemo;
use super::normalise::{Normaliser, Reductions};
use super::options::{Enumeration, FlavourMask};
use super::seen::SeenLists;
use crate::budget::{Budget, Exceeded, Meter};
use crate::game::{Arena, GameId, Outcome};
use crate::rules::Player;
use images::Images;
use killers::Killers;
use number_bounds::NumberBounds;
pub use numbers::{next_comparison, NUMBER_STEPS};
use std::rc::Rc;
use sum_search::SumMemo;

mod accounting;
mod best_moves;
mod enumerate;
mod gift_horse;
mod guided;
mod images;
mod killers;
mod number_bounds;
mod numbers;
mod probed;
mod progress;
mod reals;
mod reduction;
mod run_bounds;
mod sum_order;
mod sum_search;

use accounting::{alloc_bytes, key_bytes, Account};
use progress::ProgressHook;
pub use progress::SearchProgress;
use reals::Reals;

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

/// A realisation's id in the solver's table.
type RealId = u32;

/// A reduced state as the solver stores it: sorted, distinct realisation
/// ids. Ids are interned once, so hashing, comparing and sorting states
/// costs a few u32 operations per realisation instead of whole positions.
type IdState = Vec<RealId>;

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
    /// How many times the outcome caches were emptied to stay within the
    /// budget ([`Self::empty_caches`]).
    caches_emptied: u32,
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
    /// Whether values from options leave out unvalued the options that
    /// cannot change them ([`gift_horse`]); off, those that cannot be
    /// best (off only to test it).
    gift_horse: bool,
    /// States valued from their options; their options left out unvalued
    /// by the gift horse, and of those, the ones a memo then showed no
    /// better than a kept option (left out for good, not searched again).
    valued_from_options: u64,
    gift_horse_drops: [u64; 2],
    /// How many times as many options Left must have as Right for the
    /// gift horse to look at Right's first
    /// ([`gift_horse::SHORT_SIDE_RATIO`]; 1 in tests, to take the shorter
    /// side first wherever one is shorter), and at how many states it did.
    short_side_ratio: usize,
    short_sides_first: u64,
    /// Whether impartial states share work between the players: their
    /// options enumerated once for both ([`Self::impartial_state`]), an
    /// outcome of their sum with a nimber found for one player taken for
    /// the other ([`Self::remember_sum`]), and their value probed among
    /// all the nimbers it can be ([`Self::nimber_value_of_ids`]). Off only
    /// to test it.
    share_impartial: bool,
    /// How many states had their options enumerated once for both.
    shared_enumerations: u64,
    /// How many outcomes of impartial sums were noted for both players.
    shared_outcomes: u64,
    /// Whether maps of more than 64 results are walked on wide sets
    /// ([`QuantumSolver::wide_ids`]); off, on lists (a test compares).
    wide_sets: bool,
    /// How many enumerations walked wide sets, without covering and with.
    wide_walks: [u64; 2],
    /// A solver of the same position at a narrower width whose values are
    /// tried as guesses ([`guided`]), if one is set.
    guide: Option<Box<QuantumSolver<B>>>,
    /// Guesses proved and refused.
    guesses: [u64; 2],
}

/// Buffers reused across options instead of allocated per option: a
/// value table normalises millions of options, and per-option Vecs made
/// malloc/free ~18% of its time.
#[derive(Default)]
struct Scratch {
    sig: Vec<u64>,
    perm: Vec<usize>,
    signed: Vec<(u64, usize)>,
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
    /// Their compressed covering words ([`QuantumSolver::wide_ids`]).
    words: Vec<u32>,
    /// The counts of each label's result that bound a move's result
    /// (the first pass of an outcome search; see [`run_bounds::RunsFold`]).
    label_runs: Vec<run_bounds::RunsFold>,
}

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
        let masks = base.cover_mask(start, start).map(|_| Vec::new());
        let dense_len = base.dense_len(start);
        let dense = (dense_len > 0).then(|| vec![RealId::MAX; dense_len]);
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
                start: start.clone(),
                runs: Vec::new(),
                dense,
                images: Images::default(),
                impartial: Vec::new(),
                dead: Vec::new(),
            },
            values: IdMemo::default(),
            wins: vec![SumMemo::plain(zero)],
            sum_memo_bytes: SumMemo::plain(zero).bytes(),
            probed: IdMemo::default(),
            number_bounds: NumberBounds::default(),
            caches_emptied: 0,
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
            gift_horse: true,
            valued_from_options: 0,
            gift_horse_drops: [0; 2],
            short_side_ratio: gift_horse::SHORT_SIDE_RATIO,
            short_sides_first: 0,
            share_impartial: true,
            shared_enumerations: 0,
            shared_outcomes: 0,
            wide_sets: true,
            wide_walks: [0, 0],
            guide: None,
            guesses: [0, 0],
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
        if !flavours.iter().all(|f| f.drops_dead()) {
            solver.normaliser.keep_dead();
        }
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
        // The guide's tables are the solver's too ([`guided`]).
        if let Some(guide) = &mut self.guide {
            guide.set_budget(budget);
        }
    }

    /// Report every table to the budget at its present size (between
    /// searches the arena is measured only at spaced memo sizes, so the
    /// last report can be behind).
    pub fn recharge(&mut self) {
        self.charge_all();
        if let Some(guide) = &mut self.guide {
            guide.recharge();
        }
    }

    /// Bytes of the solver's tables (its guide's included) as last
    /// reported to its budget.
    pub fn charged_bytes(&self) -> u64 {
        self.account.meter.charged() + self.guide.as_ref().map_or(0, |g| g.charged_bytes())
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

    /// `f` run with killer moves of its own ([`killers`]), starting from
    /// none, the solver's put back after it: for searches of a game other
    /// searches have not met, whose winning replies would be tried first
    /// at every depth of those (and theirs at every depth of its).
    pub(super) fn with_own_killers<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        let kept = std::mem::take(&mut self.killers);
        let found = f(self);
        self.killers = kept;
        found
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
            if p == Player::Right && self.impartial_state(s) {
                self.shared_enumerations += 1;
                let [left, right] = sides;
                right.clone_from(left);
                break;
            }
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
}

#[cfg(test)]
mod tests {
    use super::{IdState, QuantumSolver};
    use crate::position::EdgeSet;
    use crate::quantum::{allowed_moves, apply_move, Flavour, Setting, Width};
    use crate::rules::{Hackenbush, Player};

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

    /// The value of `state` and both players' best moves there.
    pub(super) fn value_and_best_moves(
        solver: &mut QuantumSolver<Hackenbush>,
        state: &[EdgeSet],
    ) -> (
        crate::game::GameId,
        [crate::solve::BestMoves<crate::quantum::QuantumMove<usize>>; 2],
    ) {
        let v = solver.value(state).unwrap();
        (
            v,
            Player::BOTH.map(|p| solver.best_moves(state, p).unwrap()),
        )
    }

    /// The start of `base` and the states random walks of one, two and
    /// three allowed moves reach from it (players alternating from one
    /// picked at random; a walk stops where the player cannot move).
    pub(super) fn start_and_walks(
        base: &Hackenbush,
        setting: Setting,
        rng: &mut crate::rng::SplitMix64,
    ) -> Vec<Vec<EdgeSet>> {
        let start = base.start();
        let mut states = vec![vec![start]];
        for walk in [1, 2, 3] {
            let mut state = vec![start];
            let mut p = Player::BOTH[rng.below(2)];
            for _ in 0..walk {
                let moves = allowed_moves(base, &state, p, setting);
                if moves.is_empty() {
                    break;
                }
                state = apply_move(base, &state, p, &moves[rng.below(moves.len())]);
                p = p.opponent();
            }
            states.push(state);
        }
        states
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
                                solver.prune_ids(&mut plain);
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
    /// flavour, widths 2, 3 and unbounded; with values from options by the
    /// gift horse ([`super::gift_horse`]) and by comparisons of options
    /// ([`QuantumSolver::pruned_sides`], where the look-ahead is met more).
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
            for (quota, gift_horse) in [1, 40, 900]
                .into_iter()
                .flat_map(|q| [(q, true), (q, false)])
            {
                let (mut probing, start) = hackenbush_solver(position.clone(), setting);
                probing.probe_values(true);
                probing.first_quota = quota;
                probing.gift_horse = gift_horse;
                let got = probing.value(&[start]).unwrap();
                let context = format!("{position} {flavour} quota {quota} gift horse {gift_horse}");
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
    /// in are given up too.) Values from options by comparisons
    /// ([`QuantumSolver::pruned_sides`]): the gift horse leaves the slow
    /// options out here before the look-ahead is needed.
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
            solver.gift_horse = false;
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

    /// Impartial states share work between the players (their options
    /// enumerated once, an outcome of their sum with a nimber found once
    /// for both first players, nimbers probed past *3) and no answer
    /// changes: on drawings of green edges (rows, stalks, a cycle with a
    /// loop) and of all colours (whose
    /// states turn impartial once the blue and red edges are gone), every
    /// flavour, widths 2, 3 and unbounded, at the start and at random
    /// states reached from it, the value (with the probes and without) and
    /// both players' best moves are those found with the sharing off.
    #[test]
    fn impartial_states_share_work_and_change_no_answer() {
        use crate::rng::SplitMix64;
        let positions = [
            "G G G G",
            "GG GG G",
            "GGG G",
            "GGGGG",
            "GGGG GG",
            "0-1:G 1-2:G 2-0:G 1-1:G",
            "BG GR G",
            "GB RGG",
        ];
        let mut rng = SplitMix64::new(0x1A9A_2713_11D0_0024);
        let (mut enumerations, mut outcomes, mut large_nimbers) = (0, 0, 0);
        for text in positions {
            for flavour in Flavour::ALL {
                for width in [Width::Limited(2), Width::Limited(3), Width::Unbounded] {
                    let setting = Setting::new(flavour, width);
                    let base = Hackenbush::new(text.parse().unwrap());
                    let start = base.start();
                    let states = start_and_walks(&base, setting, &mut rng);
                    for probing in [true, false] {
                        let answers = |share: bool| {
                            let mut solver = QuantumSolver::new(base.clone(), &start, setting);
                            solver.share_impartial = share;
                            solver.probe_values(probing);
                            let found: Vec<_> = states
                                .iter()
                                .map(|state| {
                                    let (v, moves) = value_and_best_moves(&mut solver, state);
                                    // A nimber past the probes of a state
                                    // not known impartial.
                                    let past_probes =
                                        solver.arena.as_number_nimber(v).is_some_and(|(x, m)| {
                                            x.is_zero() && m > super::numbers::NIMBER_PROBES
                                        });
                                    (solver.arena.plain(v), moves, past_probes)
                                })
                                .collect();
                            (found, solver.shared_enumerations, solver.shared_outcomes)
                        };
                        let (got, e, o) = answers(true);
                        let (want, none_e, none_o) = answers(false);
                        assert_eq!((none_e, none_o), (0, 0));
                        assert_eq!(got, want, "{text} {setting:?} probing {probing}");
                        enumerations += e;
                        outcomes += o;
                        large_nimbers += got.iter().filter(|(_, _, past)| *past).count();
                    }
                }
            }
        }
        assert!(
            enumerations > 100 && outcomes > 100 && large_nimbers > 0,
            "{enumerations} {outcomes} {large_nimbers}"
        );
    }

    /// A budget the outcome caches would outgrow empties them instead of
    /// stopping the search, and nothing but time changes: on random
    /// drawings of 8 and 9 edges at unbounded width, five flavours, with a
    /// budget of half what an unlimited run charged, the value and both
    /// players' best moves are the unlimited run's, and the caches were
    /// emptied (before, each run stopped with the budget exceeded).
    #[test]
    fn a_tight_budget_empties_the_caches_and_changes_no_answer() {
        use crate::budget::{Budget, ByteSize};
        use crate::position::presets;
        // Drawings whose unlimited runs charge 1 to 7 MB, nearly all of
        // it in the caches.
        for seed in [21u64, 30, 31, 34, 38, 39] {
            let flavour = Flavour::ALL[seed as usize % Flavour::ALL.len()];
            let position = presets::random(seed, 8 + (seed % 2) as usize, &[]);
            let setting = Setting::new(flavour, Width::Unbounded);
            let answer = |budget: &Budget| {
                let base = Hackenbush::new(position.clone());
                let start = base.start();
                let mut solver = QuantumSolver::with_budget(base, &start, setting, budget);
                solver.probe_values(true);
                let v = solver.value(&[start]).unwrap();
                let moves = Player::BOTH.map(|p| solver.best_moves(&[start], p).unwrap());
                let charged = solver.charged_bytes();
                (solver.arena.plain(v), moves, charged, solver.caches_emptied)
            };
            let (value, moves, charged, none) = answer(&Budget::unlimited());
            assert_eq!(none, 0);
            let tight = Budget::new(ByteSize(charged / 2), None);
            let (tight_value, tight_moves, _, times) = answer(&tight);
            let context = format!("{position} {flavour}");
            assert_eq!(tight_value, value, "{context}");
            assert_eq!(tight_moves, moves, "{context}");
            assert!(times > 0, "{context}");
        }
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

    /// Maps of more than 64 results walked on wide sets (a bit per
    /// realisation without covering, down-sets of covering words with it:
    /// `options/wide.rs`) visit the moves the walk on lists visits, with
    /// the same reduced options and flavour masks, in the same order: the
    /// legal maps of both players on random reachable states of rows of
    /// green edges (with a blue and a red one), every flavour at widths 2,
    /// 3 and unbounded. Both kinds of wide walk are met. Then the solver's
    /// values of those states agree as well.
    #[test]
    fn wide_walks_agree_with_the_walk_on_lists() {
        use crate::quantum::options::{Enumeration, Visits};
        use crate::quantum::twins::Twins;
        type Met = Vec<(Vec<usize>, IdState, u8)>;
        let walked = |solver: &mut QuantumSolver<Hackenbush>, s: &[u32], p: Player| -> Met {
            let map = solver.legal_ids(s, p);
            let flavours = solver.flavours.clone();
            let mut met = Vec::new();
            let mut bytes = 0;
            let visits = Visits {
                early: |_: &mut QuantumSolver<Hackenbush>, _: &[usize]| None,
                visit: |solver: &mut QuantumSolver<Hackenbush>,
                        idx: &[usize],
                        built: &[u32],
                        mask| {
                    let mut child = built.to_vec();
                    solver.orient_ids(&mut child);
                    met.push((idx.to_vec(), child, mask));
                    Ok(true)
                },
            };
            let mut enumeration = Enumeration::default();
            solver
                .for_each_canonical_option(
                    &mut enumeration,
                    &map,
                    &flavours,
                    &mut Twins::none(),
                    &mut bytes,
                    visits,
                )
                .unwrap();
            met
        };
        let mut walks = [0, 0];
        let mut rng = crate::rng::SplitMix64::new(24);
        let drawings = ["G G G G G G G G", "B R G G G G G G"];
        for_each_pair(&drawings, |text, setting, mut wide, mut lists| {
            lists.wide_sets = false;
            for walk in [0, 1, 2, 3] {
                let (a, b) = walk_both(&mut rng, walk, &mut wide, &mut lists);
                for p in Player::BOTH {
                    let got = walked(&mut wide, &a, p);
                    let want = walked(&mut lists, &b, p);
                    assert_eq!(got, want, "{text} {setting:?} {p:?} walk {walk}");
                }
                let v = (
                    wide.first_value_of_ids(&a).unwrap(),
                    lists.first_value_of_ids(&b).unwrap(),
                );
                assert_eq!(
                    wide.arena.plain(v.0),
                    lists.arena.plain(v.1),
                    "{text} {setting:?}"
                );
            }
            assert_eq!(lists.wide_walks, [0, 0]);
            walks = [walks[0] + wide.wide_walks[0], walks[1] + wide.wide_walks[1]];
        });
        assert!(walks[0] > 50 && walks[1] > 50, "{walks:?}");
    }

    /// A comparison with a number past its quota answers nothing; without
    /// one it answers what the value says (how G compares with x, by the
    /// arena), for numbers below, at and above the value's stops.
    #[test]
    fn comparisons_with_numbers_stop_at_their_quota() {
        use crate::game::Dyadic;
        let position = crate::position::presets::random(26, 8, &[]);
        let setting = Setting::new(Flavour::D, Width::Limited(3));
        let (mut solver, start) = crate::quantum::hackenbush_solver(position, setting);
        let state = vec![start];
        let x = Dyadic::integer(1);
        assert_eq!(solver.compare_with_number(&state, &x, 1).unwrap(), None);
        let v = solver.value(&state).unwrap();
        for k in -8i64..=24 {
            let x = Dyadic::new(k.into(), 2);
            let found = solver.compare_with_number(&state, &x, u64::MAX).unwrap();
            let n = solver.arena.number(x.clone());
            assert_eq!(found, Some(solver.arena.relation(v, n)), "{x}");
        }
    }
}
