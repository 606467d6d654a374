//! Blocks whose value is a number (or a number plus a small nimber), found
//! by outcome searches of the block minus a candidate, without valuing a
//! single state of the block.
//!
//! # Why
//!
//! A ladder with coloured rails and green rungs is one 2-connected block,
//! and what hangs at its top (a red chain, a stalk) multiplies its states:
//! every state of the block is met once per follower of every decoration,
//! and the values of the upper parts that hang on the lower ones when the
//! ladder splits are hot games with thousands of followers, each of which
//! the canonical search builds and compares. Yet the whole ladder is often
//! a number (or a number plus *): the hot parts cancel in the
//! comparisons. Deciding a comparison is an outcome search, which stops at
//! the first winning move, and builds no game at all.
//!
//! # The proof
//!
//! Let B be a decorated block or a state of one (decorations played as their canonical
//! forms, which is exact by the argument in [`super`]) and c a game. Then
//! B = c iff B − c = 0 iff B + (−c) is a second-player win: Left loses
//! moving first and Right loses moving first. The search below decides
//! "does p win moving first" for the disjunctive sum of a state of B and
//! a follower of −c, by the definition of normal play: p wins iff some
//! move of p (a cut of an edge p may cut, after which what no longer
//! reaches the root falls with its decorations; a move in a standing
//! decoration to one of its canonical options; a move in the follower of
//! −c to one of its canonical options) leads to a position where the
//! opponent, moving first, does not win. A player without a move loses.
//! Nothing is assumed about which moves are good, so the answer is exact,
//! and so is the value c it certifies: the probe returns a value only
//! after proving B − c = 0.
//!
//! The candidates are only guesses, and a wrong guess costs time, never
//! exactness: numbers y along the simplest-number tree, by bisection on
//! the outcome of B − y (L: B > y, go up; R: B < y, go down; P: B = y;
//! N: B ‖ y). If B = x is a number, B > y iff x > y, so the interval kept
//! always holds x, and the simplest number strictly inside it (the next
//! y) reaches x within birthday(x) + 1 steps. If B = x + *n with n ≥ 1,
//! B compares with every y ≠ x as x does, and at y = x the outcome is N;
//! there *1 to *7 are tried. Anything else (a hot block, a number
//! plus an infinitesimal, which the bisection chases, a block whose
//! searches grow past [`PROBE_STATES`]) makes the probe give up, and the
//! block is searched as before. The chase ends once the next
//! candidate is born after day D = (edges) + (the birthdays of the
//! decorations): every move removes an edge or moves a decoration to an
//! option born earlier, so no play of B lasts longer than D moves, and
//! the canonical form of B is born by day D. The next candidate is the
//! simplest number in an interval that holds B's number if it is one, so
//! that number would be born no earlier than the candidate.
//!
//! # The states, and one memo entry for all numbers
//!
//! A state is a mask of the frame's edges still reaching the root, a nim
//! heap (below) and the decorations of the vertices that carried one at
//! the start (a vertex
//! without a decoration never gains one: decorations only move to their
//! options). Against a number y (the comparisons of the bisection, and
//! every follower of −y, which is again a number) a state S keeps four
//! bounds instead of one answer per y, by monotonicity: if Left wins
//! moving first in S − y and y′ < y, she wins in S − y′ too (S − y′ >
//! S − y, and a game above one that is not ≤ 0 is not ≤ 0); if she loses
//! in S − y, she loses for every y′ > y. Right's answers are monotone the
//! other way. So S records the largest y where Left is known to win, the
//! smallest where she is known to lose, and likewise for Right, and
//! answers every y outside the gap between them without a search: a
//! comparison far from S's stops costs one lookup, and a bisection step
//! searches only the states whose values lie near the candidate. The last
//! tries, against y + *n, are comparisons of B + *n with y (as −*n =
//! *n): a state also holds a nim heap (of n at the start, which either
//! player may lower to any smaller size), and is compared with numbers
//! like any other, so once the heap is gone every answer left is one the
//! bisection has already found.
//!
//! # Where it runs
//!
//! On whole decorated blocks, and on the states of a position's blocks
//! that the solver is asked about (options for best moves, positions in
//! play), not on the states inside a block's search; of at least
//! [`PROBE_EDGES`] edges with a green edge and at most six decorated
//! vertices, once their search has run on trial for a while without
//! finishing (`BlockSolver::probed_state_value`): blue-red blocks have
//! the numeric search, and small blocks and short searches finish faster
//! than a failed probe costs. The states a trial finished stay in the
//! search's memo, so after a failed probe the search takes up where it
//! stopped. Candidates are fixed-point numbers (multiples of 2^−40), so a
//! number finer or larger than that makes the probe give up too. It is
//! one of the solver's shape theorems, off in
//! [`BlockSolver::without_shape_theorems`].

use super::decorated::ROOT;
use super::frame::{bits, Frame};
use super::number_search::{options, simplest_between, to_dyadic, Fixed};
use super::solver::BlockSolver;
use crate::budget::{table_bytes, Exceeded};
use crate::game::GameId;
use crate::rules::Player;
use rustc_hash::FxHashMap;

/// Meter slot of the probe's memo (after the block solver's and the
/// furniture memo's).
const PROBES: usize = 5;

/// The probe gives up once its memo holds this many states, or twice as
/// many once it tries nimbers (their states are new, with the heap): it
/// bounds what a failed probe costs, and the probes that succeed on the
/// pictures people draw hold far fewer.
pub(super) const PROBE_STATES: usize = 1 << 16;

/// The most decorated vertices a probe keys (the key is fixed-size).
const MAX_DECORATED: usize = 6;

/// The largest nimber tried beside a number (a decoration with a nimber,
/// a green stalk hanging, gives a block x + *n; a try of the wrong n is a
/// first-player win, which one winning line shows).
const MAX_HEAP: u32 = 7;

/// The probe of blocks from this many edges (smaller blocks are searched
/// faster than a failed probe would cost).
pub(super) const PROBE_EDGES: usize = 14;

/// A state of a probe: the edges standing, the nim heap, and the
/// decorations of the decorated vertices (0 once fallen).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct ProbeKey {
    mask: u64,
    heap: u32,
    decorations: [u32; MAX_DECORATED],
}

/// What is known of a state against numbers y (see the module
/// documentation): Left wins moving first in S − y for every y ≤
/// `left_wins_to` and loses for every y ≥ `left_loses_from`; Right loses
/// for every y ≤ `right_loses_to` and wins for every y ≥
/// `right_wins_from`. Unknown ends are `Fixed::MIN` / `Fixed::MAX`.
#[derive(Clone, Copy)]
struct Bounds {
    left_wins_to: Fixed,
    left_loses_from: Fixed,
    right_loses_to: Fixed,
    right_wins_from: Fixed,
}

const UNKNOWN: Bounds = Bounds {
    left_wins_to: Fixed::MIN,
    left_loses_from: Fixed::MAX,
    right_loses_to: Fixed::MIN,
    right_wins_from: Fixed::MAX,
};

struct Probe<'f> {
    frame: &'f Frame,
    /// The vertices carrying a decoration at the start.
    decorated: Vec<usize>,
    /// The current decoration of every vertex (of a fallen vertex: stale,
    /// never read).
    decorations: Vec<GameId>,
    memo: FxHashMap<ProbeKey, Bounds>,
    /// The memo size at which the probe gives up.
    limit: usize,
}

impl Probe<'_> {
    fn key(&self, mask: u64, heap: u32, reached: u64) -> ProbeKey {
        let mut decorations = [0u32; MAX_DECORATED];
        for (i, &v) in self.decorated.iter().enumerate() {
            if reached & (1 << v) != 0 {
                decorations[i] = self.decorations[v].0;
            }
        }
        ProbeKey {
            mask,
            heap,
            decorations,
        }
    }
}

/// Where a probe's search stands: the edges standing, the vertices they
/// reach, the nim heap.
#[derive(Clone, Copy)]
struct At {
    mask: u64,
    reached: u64,
    heap: u32,
}

/// What a search below a probe answers: the winner, or `None` once the
/// probe is full.
type ProbeAnswer = Result<Option<bool>, Exceeded>;

impl BlockSolver {
    /// The value of the edges `mask` of `frame` that reach its root, with
    /// `decorations` on their other vertices (a whole block, or a state of
    /// one), if the probe proves it a number or a number plus *n for n up
    /// to [`MAX_HEAP`]; `None` if it gives up.
    pub(super) fn probe_number(
        &mut self,
        frame: &Frame,
        mask: u64,
        decorations: &[GameId],
    ) -> Result<Option<GameId>, Exceeded> {
        let (mask, reached) = frame.reach(ROOT, mask);
        let zero = self.arena.zero();
        let decorated: Vec<usize> = (0..decorations.len())
            .filter(|&v| v != ROOT && reached & (1 << v) != 0 && decorations[v] != zero)
            .collect();
        if decorated.len() > MAX_DECORATED {
            return Ok(None);
        }
        let born_by = decorated
            .iter()
            .map(|&v| self.arena.birthday(decorations[v]))
            .fold(u64::from(mask.count_ones()), u64::saturating_add);
        let mut probe = Probe {
            frame,
            decorated,
            decorations: decorations.to_vec(),
            memo: FxHashMap::default(),
            limit: PROBE_STATES,
        };
        let result = self.bisect(&mut probe, mask, reached, born_by);
        self.meter_set(PROBES, 0)?;
        result
    }

    /// The bisection of the module documentation, for the state `mask`
    /// (reaching `reached`) born by day `born_by`.
    fn bisect(
        &mut self,
        probe: &mut Probe,
        mask: u64,
        reached: u64,
        born_by: u64,
    ) -> Result<Option<GameId>, Exceeded> {
        let start = |heap| At {
            mask,
            reached,
            heap,
        };
        let (mut lo, mut hi) = (None, None);
        loop {
            let Some(y) = simplest_between(lo, hi) else {
                return Ok(None);
            };
            let x = to_dyadic(y);
            if x.birthday() > born_by {
                return Ok(None);
            }
            let Some(answer) = self.versus(probe, start(0), y)? else {
                return Ok(None);
            };
            match answer {
                [false, false] => return Ok(Some(self.arena.number(x))),
                [true, false] => lo = Some(y),
                [false, true] => hi = Some(y),
                [true, true] => {
                    probe.limit = 2 * PROBE_STATES;
                    for n in 1..=MAX_HEAP {
                        match self.is_zero(probe, start(n), y)? {
                            Some(true) => return Ok(Some(self.arena.number_nimber(x, n))),
                            Some(false) => {}
                            None => return Ok(None),
                        }
                    }
                    return Ok(None);
                }
            }
        }
    }

    /// Whether Left, and whether Right, wins moving first in S − y.
    fn versus(
        &mut self,
        probe: &mut Probe,
        at: At,
        y: Fixed,
    ) -> Result<Option<[bool; 2]>, Exceeded> {
        let mut answer = [false; 2];
        for p in Player::BOTH {
            match self.wins_against_number(probe, at, y, p)? {
                Some(w) => answer[p as usize] = w,
                None => return Ok(None),
            }
        }
        Ok(Some(answer))
    }

    /// Whether S − y = 0: neither player wins moving first (Right's
    /// search is skipped once Left wins).
    fn is_zero(&mut self, probe: &mut Probe, at: At, y: Fixed) -> Result<Option<bool>, Exceeded> {
        for p in Player::BOTH {
            match self.wins_against_number(probe, at, y, p)? {
                Some(false) => {}
                Some(true) => return Ok(Some(false)),
                None => return Ok(None),
            }
        }
        Ok(Some(true))
    }

    /// Does `p` win moving first in S − y, for the state S at `at` (with
    /// the probe's decorations)? `None` once the probe is full.
    fn wins_against_number(
        &mut self,
        probe: &mut Probe,
        at: At,
        y: Fixed,
        p: Player,
    ) -> ProbeAnswer {
        let key = probe.key(at.mask, at.heap, at.reached);
        let known = probe.memo.get(&key).copied().unwrap_or(UNKNOWN);
        let settled = match p {
            Player::Left if y <= known.left_wins_to => Some(true),
            Player::Left if y >= known.left_loses_from => Some(false),
            Player::Right if y <= known.right_loses_to => Some(false),
            Player::Right if y >= known.right_wins_from => Some(true),
            _ => None,
        };
        if settled.is_some() {
            return Ok(settled);
        }
        if probe.memo.len() >= probe.limit {
            return Ok(None);
        }
        let Some(win) = self.wins_by_a_move(probe, at, y, p)? else {
            return Ok(None);
        };
        let entry = probe.memo.entry(key).or_insert(UNKNOWN);
        match (p, win) {
            (Player::Left, true) => entry.left_wins_to = entry.left_wins_to.max(y),
            (Player::Left, false) => entry.left_loses_from = entry.left_loses_from.min(y),
            (Player::Right, false) => entry.right_loses_to = entry.right_loses_to.max(y),
            (Player::Right, true) => entry.right_wins_from = entry.right_wins_from.min(y),
        }
        if probe.memo.len().is_multiple_of(1 << 12) {
            self.meter_set(PROBES, table_bytes(&probe.memo))?;
        }
        Ok(Some(win))
    }

    /// Whether `p` has a move after which the opponent, moving first,
    /// does not win: a cut, a move in a standing decoration, in the heap,
    /// or in −y. Cuts come first: a move in a number (most decorations,
    /// and −y) rarely wins (number avoidance).
    fn wins_by_a_move(&mut self, probe: &mut Probe, at: At, y: Fixed, p: Player) -> ProbeAnswer {
        self.meter_tick()?;
        let q = p.opponent();
        let frame = probe.frame;
        for e in bits(at.mask) {
            if !frame.colours[e].cuttable_by(p) {
                continue;
            }
            let (mask, reached) = frame.reach(ROOT, at.mask & !(1 << e));
            let after = At {
                mask,
                reached,
                ..at
            };
            match self.wins_against_number(probe, after, y, q)? {
                Some(false) => return Ok(Some(true)),
                Some(true) => {}
                None => return Ok(None),
            }
        }
        for i in 0..probe.decorated.len() {
            let v = probe.decorated[i];
            if at.reached & (1 << v) == 0 {
                continue;
            }
            let d = probe.decorations[v];
            let options = match p {
                Player::Left => self.arena.left_options(d),
                Player::Right => self.arena.right_options(d),
            };
            for &o in options.iter() {
                probe.decorations[v] = o;
                let answer = self.wins_against_number(probe, at, y, q);
                probe.decorations[v] = d;
                match answer? {
                    Some(false) => return Ok(Some(true)),
                    Some(true) => {}
                    None => return Ok(None),
                }
            }
        }
        for heap in 0..at.heap {
            match self.wins_against_number(probe, At { heap, ..at }, y, q)? {
                Some(false) => return Ok(Some(true)),
                Some(true) => {}
                None => return Ok(None),
            }
        }
        // A move in −y, a number: to one of its canonical options z,
        // after which the state is compared with −z.
        let (left, right) = options(-y);
        let option = match p {
            Player::Left => left,
            Player::Right => right,
        };
        if let Some(z) = option {
            return Ok(self.wins_against_number(probe, at, -z, q)?.map(|w| !w));
        }
        Ok(Some(false))
    }
}
