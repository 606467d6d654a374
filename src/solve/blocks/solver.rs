//! The block solver: a position is pruned to what touches the ground, cut
//! into blocks, and valued bottom-up; each block is searched with the
//! values hanging below it as decorations on its vertices (see the module
//! documentation of [`super`] for why that is exact).

use super::bridges::Bridges;
use super::canonical_key::{colour_code, key, BlockKey};
use super::decompose::{blocks, Block};
use super::decorated::{DEdge, Decorated, ROOT};
use super::frame::Frame;
use super::frame_search::Frames;
use super::layout::BlockLayout;
use crate::budget::{table_bytes, Budget, Exceeded, Meter};
use crate::game::{Arena, GameId};
use crate::position::{Colour, EdgeGraph, EdgeSet, Position, GROUND};
use crate::rules::Player;
use crate::solve::solver::rank_moves;
use crate::solve::BestMoves;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// Meter slots of the solver's tables.
const BLOCKS: usize = 0;
const BRIDGES: usize = 1;
const ARENA: usize = 2;
const FRAMES: usize = 3;

/// How many new table entries between two recounts of the arena's bytes
/// (its count walks the arena, so it is not redone on every insert).
const ARENA_RECOUNT: u32 = 1 << 10;

/// How many new games a block's search may build on trial before the
/// block is probed (see [`BlockSolver::probed_state_value`]): building and
/// comparing games is what a long search spends its time on, and searches
/// that build fewer finish before a probe would.
const TRIAL_GAMES: usize = 1 << 12;

/// How many new table entries between two recounts of the memo tables.
const TABLE_RECOUNT: u32 = 16;

/// Normal-play values of Hackenbush positions by block decomposition.
/// One solver keeps its arena and memo across questions, so valuing many
/// positions of one picture (best moves, play) reuses every solved block.
///
/// ```
/// use hackenbush_lab::budget::Budget;
/// use hackenbush_lab::position::parse;
/// use hackenbush_lab::rules::Player;
/// use hackenbush_lab::solve::BlockSolver;
///
/// // The 2-leg circus tent is 1 (RULES.md §5).
/// let p = parse("0-1:B 1-3:R 0-2:B 2-3:R").unwrap();
/// let mut solver = BlockSolver::with_budget(&Budget::default());
/// let v = solver.value(&p).unwrap();
/// assert_eq!(solver.arena.plain(v), "1");
/// // Left wins moving first by cutting either blue leg (labels 1 and 3).
/// let best = solver.best_moves(&p, p.full_set(), Player::Left).unwrap();
/// assert!(best.winning);
/// assert_eq!(best.moves, vec![0, 2]);
/// ```
pub struct BlockSolver {
    pub arena: Arena,
    /// Decorated blocks by canonical key.
    blocks: FxHashMap<BlockKey, GameId>,
    /// A single edge (colour) carrying a game at its top vertex.
    bridges: Bridges,
    /// The frames searched so far (see [`super::frame`]), and their states.
    pub(super) frames: Frames,
    /// Decorated graphs exactly as met (vertex names, edge order and fallen
    /// parts included): a search reaches the same graph by many orders of
    /// cuts, and this answers those without pruning, splitting or
    /// canonical labelling.
    raw: FxHashMap<Box<[u32]>, GameId>,
    /// A reused buffer for raw keys (lookups allocate nothing).
    scratch: Vec<u32>,
    /// The blocks of the position asked about last: its other states
    /// (options, positions in play) are states of the same frames.
    layout: Option<Rc<BlockLayout>>,
    key_bytes: u64,
    meter: Meter,
    since_recount: u32,
    /// Blue-red blocks go through the numeric search (on by default; off
    /// only to test it against the general search).
    pub(super) number_search: bool,
    /// The numeric search values a state from two states with simpler
    /// decorations where that settles it (on by default; off only to test
    /// it against valuing every option).
    pub(super) decoration_shortcut: bool,
    /// Theorems about shapes: redwood furniture, mirror images and
    /// number probes of green blocks (on by default; off only to test
    /// them and to time them).
    pub(super) shape_theorems: bool,
    /// The furniture states of the position asked about last (see
    /// [`super::redwood`]).
    pub(super) redwood: Option<super::redwood::Redwood>,
    /// Blocks with a green edge and at least this many edges are probed
    /// for a number value before they are searched (see
    /// [`super::number_probe`]; a shape theorem, off with them).
    probe_edges: usize,
    /// How many games a block's search may build on trial before its
    /// probe.
    trial_games: usize,
    /// Blocks probed, and of those the ones the probe valued.
    probes: (usize, usize),
    /// States whose search ran long enough to be probed (see
    /// [`Self::probed_state_value`]), by frame, mask and decorations.
    probed: FxHashMap<(u32, u64, Vec<GameId>), GameId>,
    /// While a block's search runs on trial before a probe: the arena
    /// size at which the trial ends (see [`Self::probed_state_value`]).
    trial: Option<usize>,
    /// The last error came from the trial running out, not the budget.
    trial_spent: bool,
}

impl Default for BlockSolver {
    fn default() -> Self {
        BlockSolver::new()
    }
}

impl BlockSolver {
    /// A solver without limits.
    pub fn new() -> BlockSolver {
        BlockSolver::with_budget(&Budget::unlimited())
    }

    /// A solver whose tables are charged to `budget`.
    pub fn with_budget(budget: &Budget) -> BlockSolver {
        BlockSolver::with_arena(Arena::new(), budget)
    }

    /// A solver that builds its values in `arena` (so they can be compared
    /// with games already there).
    pub fn with_arena(arena: Arena, budget: &Budget) -> BlockSolver {
        BlockSolver {
            arena,
            blocks: FxHashMap::default(),
            bridges: Bridges::default(),
            frames: Frames::default(),
            raw: FxHashMap::default(),
            scratch: Vec::new(),
            layout: None,
            key_bytes: 0,
            meter: budget.meter(),
            since_recount: 0,
            number_search: true,
            decoration_shortcut: true,
            shape_theorems: true,
            redwood: None,
            probe_edges: super::number_probe::PROBE_EDGES,
            trial_games: TRIAL_GAMES,
            probes: (0, 0),
            probed: FxHashMap::default(),
            trial: None,
            trial_spent: false,
        }
    }

    /// This solver with blue-red blocks searched as general games, as
    /// every other block is: the reference the numeric search is tested
    /// against.
    pub fn without_number_search(mut self) -> BlockSolver {
        self.number_search = false;
        self
    }

    /// This solver with the numeric search valuing every state from all
    /// of its options: the reference its shortcut is tested against.
    pub fn without_decoration_shortcut(mut self) -> BlockSolver {
        self.decoration_shortcut = false;
        self
    }

    /// This solver without the shape theorems (mirror images, redwood
    /// furniture, number probes): the reference they are tested and timed
    /// against.
    pub fn without_shape_theorems(mut self) -> BlockSolver {
        self.shape_theorems = false;
        self
    }

    /// This solver probing every block with a green edge and at least
    /// `edges` edges for a number value (see `number_probe`) once its
    /// search has built `trial_games` games, so that tests can put small
    /// blocks through the probe, and through searches stopped on trial and
    /// taken up again.
    pub fn with_number_probes_from(mut self, edges: usize, trial_games: usize) -> BlockSolver {
        self.probe_edges = edges;
        self.trial_games = trial_games;
        self
    }

    /// How many blocks were probed for a number value, and how many of
    /// them the probe valued (for tests and benchmarks).
    pub fn probe_counts(&self) -> (usize, usize) {
        self.probes
    }

    /// The arena holding every value this solver returned.
    pub fn into_arena(self) -> Arena {
        self.arena
    }

    /// How many decorated blocks and bridges have a memoised value.
    pub fn memo_len(&self) -> usize {
        self.blocks.len()
            + self.bridges.len()
            + self.raw.len()
            + self.frames.states.len()
            + self.frames.numbers.len()
    }

    /// Entries of the memo tables: (decorated blocks, bridges, raw graphs,
    /// frame states of either search, frame shapes), for benchmarks and
    /// tuning.
    pub fn memo_sizes(&self) -> (usize, usize, usize, usize, usize) {
        (
            self.blocks.len(),
            self.bridges.len(),
            self.raw.len(),
            self.frames.states.len() + self.frames.numbers.len(),
            self.frames.shape_count(),
        )
    }

    /// The value of `p` (its edges that reach the ground).
    pub fn value(&mut self, p: &Position) -> Result<GameId, Exceeded> {
        self.value_of(p, p.full_set())
    }

    /// The value of the edges `set` of `p` (those that reach the ground):
    /// a state of [`crate::rules::Hackenbush`] on `p`. Each block of the
    /// state is valued as a state of the frame of the block of `p` holding
    /// it (see [`super::layout`]), so the states of one position share
    /// their searches; whole blocks go through the canonical-key memo.
    pub fn value_of(&mut self, p: &Position, set: EdgeSet) -> Result<GameId, Exceeded> {
        if self.shape_theorems {
            if let Some(v) = self.redwood_value(p, set)? {
                return Ok(v);
            }
        }
        let layout = self.layout(p);
        if !layout.framed() {
            return self.value_of_graph(p, set);
        }
        let (_, loops, states) = layout.state(set);
        let zero = self.arena.zero();
        let mut hanging = vec![zero; layout.vertex_count];
        for (v, colour) in loops {
            let l = self.loop_value(colour);
            hanging[v] = self.arena.add(hanging[v], l);
        }
        let mut decorations = Vec::new();
        for s in states {
            let b = &layout.blocks[s.block];
            let Some((id, frame)) = &b.frame else {
                unreachable!("a framed layout")
            };
            let v = if let [e] = b.edges[..] {
                // A bridge (standing, as its block has an edge standing):
                // valued from what hangs at its top, with no local copy.
                let top = if e.u == ROOT { e.v } else { e.u };
                self.bridge(e.colour, hanging[b.vertices[top]])?
            } else {
                decorations.clear();
                decorations.push(zero);
                decorations.extend(b.vertices[1..].iter().map(|&v| hanging[v]));
                if s.mask == frame.all() {
                    self.local_block_value(&Decorated {
                        edges: b.edges.clone(),
                        decorations: decorations.clone(),
                    })?
                } else {
                    self.probed_state_value(*id, frame, s.mask, &decorations)?
                }
            };
            hanging[b.root] = self.arena.add(hanging[b.root], v);
        }
        Ok(hanging[ROOT])
    }

    /// The layout of `p`, worked out once per position.
    fn layout(&mut self, p: &Position) -> Rc<BlockLayout> {
        if let Some(layout) = &self.layout {
            if layout.is_of(p) {
                return layout.clone();
            }
        }
        if self.layout.is_none() {
            self.arena.reserve_for_a_search();
        }
        let frames = &mut self.frames;
        let layout = Rc::new(BlockLayout::new(p, |f| frames.id_of(f)));
        self.layout = Some(layout.clone());
        layout
    }

    /// [`Self::value_of`] for a position with a block too wide for a
    /// frame: the state as a graph of its own, split and valued afresh.
    fn value_of_graph(&mut self, p: &Position, set: EdgeSet) -> Result<GameId, Exceeded> {
        let g = from_edges(
            set.iter()
                .filter_map(|i| p.edges.get(i))
                .map(|e| (e.u, e.v, e.colour)),
            self.arena.zero(),
        );
        self.value_decorated(&g)
    }

    /// The moves `player` should make in the state `set` of `p`, as 0-based
    /// edge indices: exactly [`crate::solve::Solver::best_moves`] for
    /// [`crate::rules::Hackenbush`] (winning moves if there are any, else the
    /// moves to undominated options), with each option valued here.
    pub fn best_moves(
        &mut self,
        p: &Position,
        set: EdgeSet,
        player: Player,
    ) -> Result<BestMoves<usize>, Exceeded> {
        let graph = EdgeGraph::new(p);
        let state = graph.grounded(set);
        let mut scored = Vec::new();
        for e in p.cuttable(state, player).iter() {
            let v = self.value_of(p, graph.cut(state, e))?;
            scored.push((e, v));
        }
        Ok(rank_moves(&mut self.arena, &scored, player))
    }

    /// The value of a decorated graph: prune, split into blocks, value the
    /// blocks children first, each with the sum of what hangs at its
    /// vertices as their decorations.
    pub fn value_decorated(&mut self, g: &Decorated) -> Result<GameId, Exceeded> {
        self.value_without(g, None, false)
    }

    /// The value of `g` without its edge `skip` (if given), from the raw
    /// memo when this exact graph was met before. `connected`: every vertex
    /// is known to reach the root, so nothing needs pruning.
    fn value_without(
        &mut self,
        g: &Decorated,
        skip: Option<usize>,
        connected: bool,
    ) -> Result<GameId, Exceeded> {
        self.meter.tick()?;
        let key = match self.raw_lookup(g, skip) {
            Ok(v) => return Ok(v),
            Err(key) => key,
        };
        let v = match skip {
            Some(i) => self.evaluate(&g.without_edge(i), connected)?,
            None => self.evaluate(g, connected)?,
        };
        self.raw_store(key, v)
    }

    /// The raw memo's value for `g` without `skip`, or the key to store
    /// it under once computed (built in a reused buffer, so a hit
    /// allocates nothing).
    fn raw_lookup(&mut self, g: &Decorated, skip: Option<usize>) -> Result<GameId, Box<[u32]>> {
        let mut k = std::mem::take(&mut self.scratch);
        raw_key(g, skip, &mut k);
        let hit = self.raw.get(&k[..]).copied();
        let result = match hit {
            Some(v) => Ok(v),
            None => Err(k.as_slice().into()),
        };
        self.scratch = k;
        result
    }

    fn raw_store(&mut self, key: Box<[u32]>, v: GameId) -> Result<GameId, Exceeded> {
        self.key_bytes += (key.len() * std::mem::size_of::<u32>()) as u64;
        self.raw.insert(key, v);
        self.charge()?;
        Ok(v)
    }

    /// Prune (unless `connected`), split and sum (no raw memo).
    fn evaluate(&mut self, g: &Decorated, connected: bool) -> Result<GameId, Exceeded> {
        let pruned;
        let g = if connected {
            g
        } else {
            pruned = g.pruned();
            &pruned
        };
        if g.edges.is_empty() {
            return Ok(g.decorations[ROOT]);
        }
        let split = blocks(g);
        // `hanging[v]`: the sum of v's own decoration and of every block
        // hanging at v valued so far. Children come first in `split.blocks`,
        // so a block's non-root vertices are complete when it is reached.
        let mut hanging = g.decorations.clone();
        for &(v, i) in &split.loops {
            let l = self.loop_value(g.edges[i].colour);
            hanging[v] = self.arena.add(hanging[v], l);
        }
        for block in &split.blocks {
            let local = local_block(g, block, &hanging, self.arena.zero());
            let value = self.local_block_value(&local)?;
            hanging[block.root] = self.arena.add(hanging[block.root], value);
        }
        Ok(hanging[ROOT])
    }

    /// [`Self::block_value`] behind the raw memo: a block met in the same
    /// local form before is answered without canonical labelling.
    fn local_block_value(&mut self, local: &Decorated) -> Result<GameId, Exceeded> {
        if let [e] = local.edges[..] {
            if e.u != e.v {
                return self.block_value(local);
            }
        }
        let key = match self.raw_lookup(local, None) {
            Ok(v) => return Ok(v),
            Err(key) => key,
        };
        let v = self.block_value(local)?;
        self.raw_store(key, v)
    }

    /// A loop falls alone: it is one move for whoever may cut it.
    fn loop_value(&mut self, colour: Colour) -> GameId {
        match colour {
            Colour::Blue => self.arena.integer(1),
            Colour::Red => self.arena.integer(-1),
            Colour::Green => self.arena.nimber(1),
            Colour::Uncoloured => self.arena.zero(),
        }
    }

    /// The value of a decorated block (root [`ROOT`], 2-connected, or one
    /// edge): a move cuts one of its edges (the rest is valued afresh, as
    /// it may fall apart into smaller blocks) or moves in one decoration.
    fn block_value(&mut self, g: &Decorated) -> Result<GameId, Exceeded> {
        if let [e] = g.edges[..] {
            if e.u != e.v {
                let top = if e.u == ROOT { e.v } else { e.u };
                return self.bridge(e.colour, g.decorations[top]);
            }
        }
        let k = key(g);
        if let Some(&v) = self.blocks.get(&k) {
            return Ok(v);
        }
        if self.shape_theorems {
            if let Some(v) = self.mirror_block_value(g) {
                self.key_bytes += k.heap_bytes();
                self.blocks.insert(k, v);
                self.charge()?;
                return Ok(v);
            }
        }
        let v = match Frame::of(g) {
            Some(frame) => {
                let (id, frame) = self.frames.id_of(frame);
                self.probed_state_value(id, &frame, frame.all(), &g.decorations)?
            }
            None => self.block_by_graphs(g)?,
        };
        self.key_bytes += k.heap_bytes();
        self.blocks.insert(k, v);
        self.charge()?;
        Ok(v)
    }

    /// The value of the edges `mask` of frame `id` that reach its root,
    /// with `decorations` (a whole block, or a state of a position's
    /// block): by the search inside the frame, or, where the probe applies
    /// (see [`super::number_probe`]), by that search on trial until it has
    /// built [`TRIAL_GAMES`] games, then the probe, then the rest of the
    /// search. A short search so never pays for a probe; a search stopped
    /// on trial keeps every state it finished in its memo (a state is
    /// stored only once valued), so the search after a failed probe takes
    /// up where it stopped.
    fn probed_state_value(
        &mut self,
        id: u32,
        frame: &Rc<Frame>,
        mask: u64,
        decorations: &[GameId],
    ) -> Result<GameId, Exceeded> {
        let applies = self.shape_theorems
            && self.trial.is_none()
            && mask.count_ones() as usize >= self.probe_edges
            && mask & frame.green != 0;
        if !applies {
            return self.frame_state_value(id, frame, mask, decorations);
        }
        let key = (id, mask, decorations.to_vec());
        if let Some(&v) = self.probed.get(&key) {
            return Ok(v);
        }
        self.trial = Some(self.arena.len() + self.trial_games);
        let first = self.frame_state_value(id, frame, mask, decorations);
        self.trial = None;
        let spent = std::mem::take(&mut self.trial_spent);
        match first {
            Err(Exceeded::Cancelled) if spent => {}
            done => return done,
        }
        self.probes.0 += 1;
        let v = match self.probe_number(frame, mask, decorations)? {
            Some(v) => {
                self.probes.1 += 1;
                v
            }
            None => self.frame_state_value(id, frame, mask, decorations)?,
        };
        // A state of several blocks has no entry in the frame's memo, so
        // what was found the long way is kept here.
        self.key_bytes += std::mem::size_of_val(decorations) as u64;
        self.probed.insert(key, v);
        self.charge()?;
        Ok(v)
    }

    /// The value of `g` from its mirror image, if that was valued: with
    /// every colour swapped and every decoration negated, Left and Right
    /// trade places, so each option of one is the negative of an option of
    /// the other (by induction on the game) and its value is −g. A picture
    /// drawn beside its mirror image (a sum that must be 0) so searches
    /// each block once.
    fn mirror_block_value(&mut self, g: &Decorated) -> Option<GameId> {
        let mirror = Decorated {
            edges: g
                .edges
                .iter()
                .map(|e| DEdge {
                    colour: e.colour.swapped(),
                    ..*e
                })
                .collect(),
            decorations: g.decorations.iter().map(|&d| self.arena.neg(d)).collect(),
        };
        let v = *self.blocks.get(&key(&mirror))?;
        Some(self.arena.neg(v))
    }

    /// [`Self::block_value`] for a block too wide for a frame: each option
    /// is a graph of its own, split and valued afresh.
    fn block_by_graphs(&mut self, g: &Decorated) -> Result<GameId, Exceeded> {
        let mut sides: [Vec<GameId>; 2] = [Vec::new(), Vec::new()];
        for p in Player::BOTH {
            let mut options = Vec::new();
            for (i, e) in g.edges.iter().enumerate() {
                if e.colour.cuttable_by(p) {
                    // A block of two or more edges is 2-edge-connected:
                    // one cut drops nothing.
                    options.push(self.value_without(g, Some(i), true)?);
                }
            }
            for v in 0..g.vertex_count() {
                let d = g.decorations[v];
                let moves = match p {
                    Player::Left => self.arena.left_options(d),
                    Player::Right => self.arena.right_options(d),
                };
                for &o in moves.iter() {
                    let mut next = g.clone();
                    next.decorations[v] = o;
                    // Still the same block: no need to split it again.
                    options.push(self.local_block_value(&next)?);
                }
            }
            sides[p as usize] = options;
        }
        let [left, right] = sides;
        Ok(self.arena.make(left, right))
    }

    /// An edge of `colour` from the root to a vertex carrying `top`: cutting
    /// it drops `top` (value 0 is left), or a player moves in `top`. For a
    /// green edge over a nimber this is the colon principle, *n ↦ *(n+1).
    pub(super) fn bridge(&mut self, colour: Colour, top: GameId) -> Result<GameId, Exceeded> {
        if let Some(v) = self.bridges.get(colour, top) {
            return Ok(v);
        }
        if let Some(v) = self.closed_form_bridge(colour, top) {
            self.bridges.insert(colour, top, v);
            self.charge()?;
            return Ok(v);
        }
        let (tl, tr) = self.arena.options(top);
        let zero = self.arena.zero();
        let mut left = Vec::with_capacity(tl.len() + 1);
        if colour.cuttable_by(Player::Left) {
            left.push(zero);
        }
        for &o in tl.iter() {
            left.push(self.bridge(colour, o)?);
        }
        let mut right = Vec::with_capacity(tr.len() + 1);
        if colour.cuttable_by(Player::Right) {
            right.push(zero);
        }
        for &o in tr.iter() {
            right.push(self.bridge(colour, o)?);
        }
        let v = self.arena.make(left, right);
        self.bridges.insert(colour, top, v);
        self.charge()?;
        Ok(v)
    }

    /// Bridges known in closed form, so no follower of the top is visited:
    /// a blue or red edge under a number is the ordinal sum ±1 : x
    /// ([`crate::game::Dyadic::under_blue_edge`]; a red edge is the
    /// negative of a blue one under −x), and a green edge under a nimber
    /// *n is *(n+1) (the colon principle).
    fn closed_form_bridge(&mut self, colour: Colour, top: GameId) -> Option<GameId> {
        match (colour, self.arena.as_number_nimber(top)?) {
            (Colour::Blue, (x, 0)) => {
                let v = x.under_blue_edge()?;
                Some(self.arena.number(v))
            }
            (Colour::Red, (x, 0)) => {
                let v = x.neg().under_blue_edge()?.neg();
                Some(self.arena.number(v))
            }
            (Colour::Green, (x, n)) if x.is_zero() => Some(self.arena.nimber(n.checked_add(1)?)),
            _ => None,
        }
    }

    pub(super) fn meter_set(&mut self, slot: usize, bytes: u64) -> Result<(), Exceeded> {
        self.meter.set(slot, bytes)
    }

    pub(super) fn meter_tick(&mut self) -> Result<(), Exceeded> {
        if self.trial.is_some_and(|end| self.arena.len() >= end) {
            self.trial_spent = true;
            return Err(Exceeded::Cancelled);
        }
        self.meter.tick()
    }

    /// Charge the tables' current size; recount the arena now and then.
    pub(super) fn charge(&mut self) -> Result<(), Exceeded> {
        self.since_recount += 1;
        // Tables grow by doubling and keys by a few dozen bytes, so a count
        // every few inserts is as good as one per insert.
        if self.since_recount.is_multiple_of(TABLE_RECOUNT) {
            self.meter
                .set(BLOCKS, table_bytes(&self.blocks) + self.key_bytes)?;
            self.meter.set(
                BRIDGES,
                self.bridges.bytes() + table_bytes(&self.raw) + table_bytes(&self.probed),
            )?;
            self.meter.set(FRAMES, self.frames.bytes())?;
        }
        if self.since_recount >= ARENA_RECOUNT {
            self.since_recount = 0;
            self.meter.set(ARENA, self.arena.approx_bytes())?;
        }
        self.meter.tick()
    }
}

/// `g` (without edge `skip`) written out as it stands: the edge count,
/// each edge as u then (v, colour) packed, then the decorations (vertex
/// counts are at most a few hundred: far below 2^30).
fn raw_key(g: &Decorated, skip: Option<usize>, out: &mut Vec<u32>) {
    out.clear();
    let count = g.edges.len() - usize::from(skip.is_some());
    out.push(count as u32);
    for (i, e) in g.edges.iter().enumerate() {
        if Some(i) != skip {
            out.push(e.u as u32);
            out.push(((e.v as u32) << 2) | colour_code(e.colour));
        }
    }
    out.extend(g.decorations.iter().map(|d| d.index() as u32));
}

/// A decorated graph rooted at the ground from edges with any vertex
/// names (renamed densely, so no name can make a large allocation).
pub(super) fn from_edges(
    edges: impl Iterator<Item = (usize, usize, Colour)>,
    zero: GameId,
) -> Decorated {
    let mut names: FxHashMap<usize, usize> = FxHashMap::default();
    names.insert(GROUND, ROOT);
    let mut dense = |v: usize| {
        let next = names.len();
        *names.entry(v).or_insert(next)
    };
    let edges: Vec<DEdge> = edges
        .map(|(u, v, colour)| DEdge {
            u: dense(u),
            v: dense(v),
            colour,
        })
        .collect();
    Decorated {
        edges,
        decorations: vec![zero; names.len()],
    }
}

/// Block `b` of `g` as a decorated graph of its own: its root becomes
/// [`ROOT`] (undecorated: what hangs there belongs to the level above),
/// its other vertices carry what hangs at them.
fn local_block(g: &Decorated, b: &Block, hanging: &[GameId], zero: GameId) -> Decorated {
    let mut names: Vec<(usize, usize)> = Vec::with_capacity(b.edges.len() + 1);
    names.push((b.root, ROOT));
    let mut decorations = Vec::with_capacity(b.edges.len() + 1);
    decorations.push(zero);
    let mut local = |v: usize, decorations: &mut Vec<GameId>| -> usize {
        if let Some(&(_, l)) = names.iter().find(|&&(w, _)| w == v) {
            return l;
        }
        let l = decorations.len();
        names.push((v, l));
        decorations.push(hanging[v]);
        l
    };
    let edges = b
        .edges
        .iter()
        .map(|&i| {
            let e = g.edges[i];
            DEdge {
                u: local(e.u, &mut decorations),
                v: local(e.v, &mut decorations),
                colour: e.colour,
            }
        })
        .collect();
    Decorated { edges, decorations }
}

/// The normal-play value of `p` in a fresh arena.
pub fn normal_value(p: &Position, budget: &Budget) -> Result<(Arena, GameId), Exceeded> {
    let mut solver = BlockSolver::with_budget(budget);
    let v = solver.value(p)?;
    Ok((solver.into_arena(), v))
}

/// The best moves of `player` from the start of `p` (0-based edge indices),
/// with the semantics of [`crate::solve::Solver::best_moves`].
pub fn best_moves(
    p: &Position,
    player: Player,
    budget: &Budget,
) -> Result<BestMoves<usize>, Exceeded> {
    let mut solver = BlockSolver::with_budget(budget);
    solver.best_moves(p, p.full_set(), player)
}
