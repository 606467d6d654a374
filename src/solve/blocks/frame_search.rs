//! The search of a decorated block inside its [`Frame`]: states are masks
//! of the frame's edges with the decorations of the vertices they reach,
//! remembered under one key per state (see [`super::frame`] for why every
//! state below a block stays in its frame).

use super::canonical_key::colour_code;
use super::decorated::ROOT;
use super::frame::{bits, Frame, Split, MAX_FRAME_EDGES};
use super::number_search::NumberMemo;
use super::packed_key::{pack, WideKey};
use super::solver::BlockSolver;
use super::two_tables::{Key, TwoTables};
use crate::budget::{table_bytes, Exceeded};
use crate::game::GameId;
use crate::rules::Player;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// The frames met so far and the values of their states.
#[derive(Default)]
pub(super) struct Frames {
    /// Frame ids by edge list (each edge's ends and colour, in the block's
    /// own numbering): blocks with one shape but other decorations share a
    /// frame, and so every state where their decorations agree.
    ids: FxHashMap<Box<[u32]>, u32>,
    frames: Vec<Rc<Frame>>,
    /// Values of states that are one block, by [the id of their shape
    /// (frame, root and edges standing), the set of reached vertices (but
    /// the root) whose decoration is not 0, then those decorations in
    /// vertex order] (see [`StateKey`]).
    pub(super) states: StateMemo,
    /// Values of blue-red states by the numeric search (see
    /// [`super::number_search`]).
    pub(super) numbers: NumberMemo,
    key_bytes: u64,
    /// Shape ids by (frame, root, mask): a frame has few masks but each is
    /// met with many decorations.
    shape_ids: FxHashMap<(u32, u8, u64), u32>,
    /// Every shape by its id. Shapes are small `Copy` records pointing into
    /// the two flat lists below, so the searches pass them by value and
    /// follow no pointer (and count no reference) per state.
    shapes: Vec<BlockShape>,
    /// The parts of every shape that is several blocks.
    parts: Vec<Part>,
    /// For every shape searched as one block, the shape left by cutting
    /// each frame edge (by its index), or [`UNKNOWN`] until first cut: a
    /// shape is searched with many decorations, and each cut then costs an
    /// index, not a table lookup.
    cuts: Vec<u32>,
    /// A buffer for the blocks of a mask being split.
    split: Split,
}

/// The edges of a mask still connected to a root, the vertices they reach,
/// and where its blocks are listed.
#[derive(Clone, Copy)]
pub(super) struct BlockShape {
    /// Its number among the shapes of every frame.
    pub(super) id: u32,
    pub(super) mask: u64,
    pub(super) reached: u64,
    /// For a shape that is several blocks: its blocks, children first, at
    /// `Frames::parts[parts..parts + part_count]` (none for one block).
    parts: u32,
    pub(super) part_count: u32,
    /// Where its cuts start in `Frames::cuts` ([`NO_CUTS`]: a shape that
    /// is never searched as one block).
    cuts: u32,
}

#[cfg(test)]
impl BlockShape {
    /// A one-block shape with id `id` reaching the vertices `reached`
    /// (for tests of keys).
    pub(super) fn for_test(id: u32, reached: u64) -> BlockShape {
        BlockShape {
            id,
            mask: 0b11,
            reached,
            parts: 0,
            part_count: 0,
            cuts: NO_CUTS,
        }
    }
}

/// One block of a shape that is several, seen from the vertex it hangs
/// from.
#[derive(Clone, Copy)]
pub(super) struct Part {
    pub(super) root: u8,
    /// The edge of a part that is one edge ([`NOT_AN_EDGE`] otherwise):
    /// most parts are, and are valued on the spot.
    pub(super) edge: u8,
    /// The part's own shape.
    pub(super) shape: u32,
}

/// [`Part::edge`] of a part of two or more edges.
const NOT_AN_EDGE: u8 = u8::MAX;

/// One part of a shape as its searches value it: a single edge (its mask),
/// valued on the spot, or a block, valued as a state of its own.
pub(super) enum Hanging<'f> {
    Edge(u64),
    Block(FrameState<'f>, BlockShape),
}

/// No shape recorded yet in [`Frames::cuts`].
const UNKNOWN: u32 = u32::MAX;

/// [`BlockShape::cuts`] of a shape that is never cut.
const NO_CUTS: u32 = u32::MAX;

impl Frames {
    /// The bytes held by the tables and their keys (for budgets).
    pub(super) fn bytes(&self) -> u64 {
        self.states.bytes()
            + self.numbers.bytes()
            + table_bytes(&self.ids)
            + table_bytes(&self.shape_ids)
            + self.key_bytes
            + (self.shapes.capacity() * std::mem::size_of::<BlockShape>()
                + self.parts.capacity() * std::mem::size_of::<Part>()
                + self.cuts.capacity() * std::mem::size_of::<u32>()) as u64
    }

    /// How many shapes were worked out.
    pub(super) fn shape_count(&self) -> usize {
        self.shapes.len()
    }

    /// Part `i` of `shape` (of [`BlockShape::part_count`]) in `state`'s frame:
    /// the vertex it hangs from, and what hangs there.
    pub(super) fn part<'f>(
        &self,
        state: &FrameState<'f>,
        shape: &BlockShape,
        i: u32,
    ) -> (usize, Hanging<'f>) {
        let part = self.parts[(shape.parts + i) as usize];
        let root = part.root as usize;
        let hanging = if part.edge != NOT_AN_EDGE {
            Hanging::Edge(1 << part.edge)
        } else {
            let below = FrameState {
                id: state.id,
                frame: state.frame,
                root,
            };
            Hanging::Block(below, self.shapes[part.shape as usize])
        };
        (root, hanging)
    }

    /// The shape of `mask` from `state.root`, worked out once.
    pub(super) fn shape(&mut self, state: &FrameState, mask: u64) -> BlockShape {
        let key = (state.id, state.root as u8, mask);
        if let Some(&id) = self.shape_ids.get(&key) {
            return self.shapes[id as usize];
        }
        let f = state.frame;
        let (pruned, reached) = f.reach(state.root, mask);
        // Masks that leave the same edges standing share one shape (and so
        // one id in the state memo's keys).
        if pruned != mask {
            if let Some(&id) = self.shape_ids.get(&(state.id, state.root as u8, pruned)) {
                self.shape_ids.insert(key, id);
                return self.shapes[id as usize];
            }
        }
        let mask = pruned;
        let mut blocks = std::mem::take(&mut self.split);
        if mask.count_ones() > 1 {
            f.split_into(state.root, mask, &mut blocks);
        } else {
            blocks.clear();
        }
        let shape = if blocks.len() > 1 {
            let parts = self.parts.len() as u32;
            for &(root, block) in &blocks {
                let edge = if block.is_power_of_two() {
                    block.trailing_zeros() as u8
                } else {
                    NOT_AN_EDGE
                };
                let shape = self.block_shape(state.id, f, root, block);
                self.parts.push(Part { root, edge, shape });
            }
            self.new_shape(mask, reached, parts, blocks.len() as u32, NO_CUTS)
        } else {
            self.new_shape_of_block(f, mask, reached)
        };
        self.split = blocks;
        if key.2 != mask {
            self.shape_ids
                .insert((state.id, state.root as u8, mask), shape.id);
        }
        self.shape_ids.insert(key, shape.id);
        shape
    }

    /// The id of the shape of `mask`, known to be one block (or one edge)
    /// hanging from `root` in frame `frame_id`: no search for its blocks.
    fn block_shape(&mut self, frame_id: u32, f: &Frame, root: u8, mask: u64) -> u32 {
        let key = (frame_id, root, mask);
        if let Some(&id) = self.shape_ids.get(&key) {
            return id;
        }
        let shape = self.new_shape_of_block(f, mask, f.touched(mask));
        self.shape_ids.insert(key, shape.id);
        shape.id
    }

    /// A new shape that is one block: only a block of two or more edges
    /// is searched, and so cut.
    fn new_shape_of_block(&mut self, f: &Frame, mask: u64, reached: u64) -> BlockShape {
        let cuts = if mask.count_ones() > 1 {
            let start = self.cuts.len();
            self.cuts.resize(start + f.ends.len(), UNKNOWN);
            start as u32
        } else {
            NO_CUTS
        };
        self.new_shape(mask, reached, 0, 0, cuts)
    }

    fn new_shape(
        &mut self,
        mask: u64,
        reached: u64,
        parts: u32,
        count: u32,
        cuts: u32,
    ) -> BlockShape {
        let shape = BlockShape {
            id: self.shapes.len() as u32,
            mask,
            reached,
            parts,
            part_count: count,
            cuts,
        };
        self.shapes.push(shape);
        shape
    }

    /// The shape `shape` (of `state`) leaves when edge `e` is cut.
    pub(super) fn cut(&mut self, state: &FrameState, shape: &BlockShape, e: usize) -> BlockShape {
        if shape.cuts == NO_CUTS {
            return self.shape(state, shape.mask & !(1 << e));
        }
        let slot = shape.cuts as usize + e;
        match self.cuts[slot] {
            UNKNOWN => {
                let next = self.shape(state, shape.mask & !(1 << e));
                self.cuts[slot] = next.id;
                next
            }
            id => self.shapes[id as usize],
        }
    }

    pub(super) fn id_of(&mut self, frame: Frame) -> (u32, Rc<Frame>) {
        let shape: Box<[u32]> = frame
            .ends
            .iter()
            .zip(&frame.colours)
            .map(|(&(u, v), &c)| (u32::from(u) << 10) | (u32::from(v) << 2) | colour_code(c))
            .collect();
        if let Some(&id) = self.ids.get(&shape) {
            return (id, self.frames[id as usize].clone());
        }
        if self.frames.is_empty() {
            self.reserve_for_a_search();
        }
        let id = self.frames.len() as u32;
        self.key_bytes += (shape.len() * std::mem::size_of::<u32>()) as u64;
        self.ids.insert(shape, id);
        let frame = Rc::new(frame);
        self.frames.push(frame.clone());
        (id, frame)
    }

    /// Room for a small search, made when the first frame is met: even
    /// the smallest search fills these tables with dozens of entries, and
    /// growing them from empty costs more than the search itself there.
    fn reserve_for_a_search(&mut self) {
        const SHAPES: usize = 128;
        self.shape_ids.reserve(SHAPES);
        self.shapes.reserve(SHAPES);
        self.parts.reserve(2 * SHAPES);
        self.cuts.reserve(16 * SHAPES);
        self.states.reserve(SHAPES);
        self.numbers.reserve(SHAPES);
    }

    /// The remembered value of a state, or its key to store it under.
    fn lookup(
        &mut self,
        state: &FrameState,
        shape: u32,
        reached: u64,
        decorations: &[GameId],
    ) -> Result<GameId, StateKey> {
        let key = state_key(shape, reached & !(1 << state.root), decorations);
        match self.states.get(&key) {
            Some(v) => Ok(v),
            None => Err(key),
        }
    }

    fn store(&mut self, key: StateKey, v: GameId) {
        self.states.insert(key, v);
    }
}

/// A state's key: its shape id and the reached vertices (the shape fixes
/// them) with a decoration other than 0, each with that decoration. Packed
/// into two words when the decorations are few and their ids small (see
/// [`super::packed_key`]), else written out (see [`WideStateKey`]).
pub(super) type StateKey = Key<[u64; 2], WideStateKey>;

/// The values of one-block states, by [`StateKey`].
pub(super) type StateMemo = TwoTables<[u64; 2], WideStateKey, GameId>;

/// A key written out: the shape, the decorated vertices (two words) and up
/// to five decorations inline.
pub(super) type WideStateKey = WideKey<u32, 8>;

fn state_key(shape: u32, reached: u64, decorations: &[GameId]) -> StateKey {
    let zero = GameId(0);
    match pack(shape, reached, decorations, zero, |g| {
        u16::try_from(g.0).ok()
    }) {
        Some(key) => Key::Short(key),
        None => Key::Long(WideKey::new(shape, reached, decorations, zero, |g| g.0)),
    }
}

/// Where a search stands in its frame: which frame, and the vertex the
/// piece being valued hangs from. The frame is borrowed from whoever
/// started the search (which holds it), so no level counts references.
pub(super) struct FrameState<'f> {
    pub(super) id: u32,
    pub(super) frame: &'f Frame,
    pub(super) root: usize,
}

impl BlockSolver {
    /// The value of the edges `mask` of frame `id` that reach its root
    /// ([`ROOT`]), with `decorations` on its other vertices: a state of a
    /// position's block (see [`super::layout`]).
    pub(super) fn frame_state_value(
        &mut self,
        id: u32,
        frame: &Rc<Frame>,
        mask: u64,
        decorations: &[GameId],
    ) -> Result<GameId, Exceeded> {
        let state = FrameState {
            id,
            frame,
            root: ROOT,
        };
        self.state_value(&state, mask, decorations)
    }

    /// The value of the edges `mask` that reach `state.root`, with
    /// `decorations` on their other vertices (the root's is ignored: what
    /// hangs there belongs to the level above). A state that is not one
    /// block is split, and its blocks are valued children first, each with
    /// the sum of what hangs at its vertices, as in
    /// [`BlockSolver::value_decorated`]. A blue-red state with numbers
    /// hanging goes to the numeric search first.
    fn state_value(
        &mut self,
        state: &FrameState,
        mask: u64,
        decorations: &[GameId],
    ) -> Result<GameId, Exceeded> {
        let shape = self.frames.shape(state, mask);
        if let Some(v) = self.number_value(state, &shape, decorations)? {
            return Ok(v);
        }
        self.shape_value(state, &shape, decorations)
    }

    /// [`Self::state_value`] for a state whose shape is known.
    fn shape_value(
        &mut self,
        state: &FrameState,
        shape: &BlockShape,
        decorations: &[GameId],
    ) -> Result<GameId, Exceeded> {
        self.meter_tick()?;
        let mask = shape.mask;
        if mask == 0 {
            return Ok(self.arena.zero());
        }
        if mask.is_power_of_two() {
            return self.edge_value(state.frame, mask, state.root, decorations);
        }
        if shape.part_count == 0 {
            return self.block_state(state, shape, decorations);
        }
        // Decorations live in stack arrays: a frame has at most 64 vertices.
        let mut hanging = [self.arena.zero(); MAX_FRAME_EDGES];
        hanging[..decorations.len()].copy_from_slice(decorations);
        hanging[state.root] = self.arena.zero();
        for i in 0..shape.part_count {
            // Most parts are single edges: valued here, without a call.
            let (root, v) = match self.frames.part(state, shape, i) {
                (root, Hanging::Edge(mask)) => {
                    (root, self.edge_value(state.frame, mask, root, &hanging)?)
                }
                (root, Hanging::Block(below, part)) => {
                    let v = self.shape_value(&below, &part, &hanging[..decorations.len()])?;
                    (root, v)
                }
            };
            hanging[root] = self.arena.add(hanging[root], v);
        }
        Ok(hanging[state.root])
    }

    /// The one edge of `mask` hanging from `root`, with the decoration of
    /// its other end on top.
    fn edge_value(
        &mut self,
        f: &Frame,
        mask: u64,
        root: usize,
        decorations: &[GameId],
    ) -> Result<GameId, Exceeded> {
        let e = mask.trailing_zeros() as usize;
        self.bridge(f.colours[e], decorations[f.other(e, root)])
    }

    /// A state that is one block of two or more edges, remembered (a state
    /// of several blocks is not: it is a sum of remembered blocks).
    fn block_state(
        &mut self,
        state: &FrameState,
        shape: &BlockShape,
        decorations: &[GameId],
    ) -> Result<GameId, Exceeded> {
        if let Some(v) = self.fused_green_block(state, shape, decorations) {
            return Ok(v);
        }
        let key = match self
            .frames
            .lookup(state, shape.id, shape.reached, decorations)
        {
            Ok(v) => return Ok(v),
            Err(key) => key,
        };
        let v = self.search_block(state, shape, decorations)?;
        self.frames.store(key, v);
        self.charge()?;
        Ok(v)
    }

    /// A green block whose decorations are all nimbers is green Hackenbush
    /// (a nimber stands for a green stalk hanging there), and by the fusion
    /// principle (Winning Ways, ch. 7) the vertices of a circuit may be
    /// fused without changing its value. Every vertex of a block lies on a
    /// circuit through its root, so the whole block fuses into the root:
    /// each edge becomes a loop there (*1) and each decoration hangs there.
    /// The value is the nim-sum of all of them.
    fn fused_green_block(
        &mut self,
        state: &FrameState,
        shape: &BlockShape,
        decorations: &[GameId],
    ) -> Option<GameId> {
        if shape.mask & !state.frame.green != 0 {
            return None;
        }
        let mut nimber = shape.mask.count_ones() & 1;
        for v in bits(shape.reached & !(1 << state.root)) {
            match self.arena.as_number_nimber(decorations[v])? {
                (x, n) if x.is_zero() => nimber ^= n,
                _ => return None,
            }
        }
        Some(self.arena.nimber(nimber))
    }

    /// The value of one block of two or more edges: a move cuts one of its
    /// edges (which drops nothing: such a block is 2-edge-connected) or
    /// moves in the decoration of one of its vertices.
    fn search_block(
        &mut self,
        state: &FrameState,
        shape: &BlockShape,
        decorations: &[GameId],
    ) -> Result<GameId, Exceeded> {
        let (mask, reached) = (shape.mask, shape.reached);
        let zero = self.arena.zero();
        let decorated = bits(reached & !(1 << state.root))
            .filter(|&v| decorations[v] != zero)
            .fold(0u64, |set, v| set | 1 << v);
        let mut next = [zero; MAX_FRAME_EDGES];
        next[..decorations.len()].copy_from_slice(decorations);
        let next = &mut next[..decorations.len()];
        // Room for every cut and a few decoration moves, so the lists are
        // not regrown option by option.
        let room = mask.count_ones() as usize + 2 * decorated.count_ones() as usize;
        let mut sides: [Vec<GameId>; 2] = [Vec::with_capacity(room), Vec::with_capacity(room)];
        // Each cut is valued once: a green edge is an option of both.
        for e in bits(mask) {
            let colour = state.frame.colours[e];
            let after = self.frames.cut(state, shape, e);
            let v = self.shape_value(state, &after, decorations)?;
            for p in Player::BOTH {
                if colour.cuttable_by(p) {
                    sides[p as usize].push(v);
                }
            }
        }
        for v in bits(decorated) {
            let d = decorations[v];
            let (left, right) = self.arena.options(d);
            for &o in left.iter() {
                next[v] = o;
                // Same edges, so still this one block.
                let value = self.block_state(state, shape, next)?;
                sides[Player::Left as usize].push(value);
            }
            for &o in right.iter() {
                // x + *n has the same options on both sides: value them once.
                let value = match left.iter().position(|&l| l == o) {
                    Some(i) => {
                        sides[Player::Left as usize]
                            [sides[Player::Left as usize].len() - left.len() + i]
                    }
                    None => {
                        next[v] = o;
                        self.block_state(state, shape, next)?
                    }
                };
                sides[Player::Right as usize].push(value);
            }
            next[v] = d;
        }
        let [left, right] = sides;
        Ok(self.arena.make(left, right))
    }
}
