//! Redwood furniture under normal play, valued from Right's moves alone.
//!
//! *Redwood furniture* (Winning Ways, vol. 1, ch. 7; RULES.md §5): a
//! connected blue-red picture in which no red edge touches the ground and
//! every blue edge (a *foot*) joins the ground to a vertex whose only
//! other edge is one red edge (its *leg*). Redwood beds are furniture.
//!
//! **Theorem** (Winning Ways; the 2024 thesis, Theorem 5.1; a published
//! fact of RULES.md §5): a piece of redwood furniture G is {0 | G^R} for
//! its smallest Right option G^R; as G is a number, G is the simplest
//! number strictly between 0 and min G^R.
//!
//! **Lemma** (what makes the theorem a search): every Right option of
//! furniture is a sum of furniture and single blue edges (value 1 each),
//! and so is every Right option of such a sum. A Right move cuts one red
//! edge e and drops what no longer reaches the ground. If e is a leg, its
//! foot is left as a single blue edge (its top had no other edge). Every
//! other foot keeps its leg (a leg stays up with its foot), so each piece
//! left that has a foot is again furniture: no red edge on the ground was
//! added, and each remaining foot's top still has exactly its foot and its
//! leg. A piece without a foot has only red edges and no grounded edge, so
//! it fell. Pieces meet only at the ground, so they add.
//!
//! So the value of furniture needs only the states Right's cuts reach,
//! never a Left move: each state is split into pieces at the ground, a
//! single blue edge counts 1, furniture is valued by the theorem from its
//! own Right options, remembered by its edge set. A state that is not such
//! a sum (a Left move was made, a green edge is there, a foot's top has a
//! second edge) is left to the general search.

use super::solver::BlockSolver;
use crate::budget::{table_bytes, Exceeded};
use crate::game::{Dyadic, GameId};
use crate::position::{Colour, EdgeGraph, EdgeSet, Position, GROUND};
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// Meter slot of the furniture memo (after the block solver's own).
const REDWOOD: usize = 4;

/// The furniture states of one position, by edge set.
pub(super) struct Redwood {
    position: Rc<Position>,
    graph: EdgeGraph,
    /// Per edge: a foot (blue, one end on the ground, the other end on
    /// exactly one more edge, red); worked out for the whole position,
    /// then checked per state (a state only loses edges).
    memo: FxHashMap<EdgeSet, Dyadic>,
}

impl Redwood {
    fn new(p: &Position) -> Redwood {
        Redwood {
            position: Rc::new(p.clone()),
            graph: EdgeGraph::new(p),
            memo: FxHashMap::default(),
        }
    }
}

/// What one piece (edges meeting only at the ground) of a state is.
enum GroundPiece {
    /// A single blue edge standing on the ground.
    BlueEdge,
    /// Furniture with `bound` from [`furniture_bound`].
    Furniture {
        bound: u32,
    },
    Other,
}

/// Classify the piece `piece` of `p` (grounded, connected through
/// non-ground vertices).
fn classify(p: &Position, piece: EdgeSet) -> GroundPiece {
    let mut degree: FxHashMap<usize, u32> = FxHashMap::default();
    let mut feet = Vec::new();
    let mut red = 0u32;
    for i in piece.iter() {
        let e = p.edges[i];
        let grounded = e.u == GROUND || e.v == GROUND;
        match (e.colour, grounded) {
            (Colour::Blue, true) if e.u != e.v => feet.push(if e.u == GROUND { e.v } else { e.u }),
            (Colour::Red, false) => red += 1,
            _ => return GroundPiece::Other,
        }
        // A loop counts twice at its vertex, as in a degree.
        *degree.entry(e.u).or_default() += 1;
        *degree.entry(e.v).or_default() += 1;
    }
    if piece.len() == 1 && feet.len() == 1 {
        return GroundPiece::BlueEdge;
    }
    if feet.is_empty() {
        return GroundPiece::Other;
    }
    // Every foot's top carries its foot and one red edge (its leg), nothing
    // else: degree 2, and not a second foot (feet's tops are distinct).
    let mut tops: Vec<usize> = Vec::with_capacity(feet.len());
    let mut sorted = feet.clone();
    sorted.sort_unstable();
    if sorted.windows(2).any(|w| w[0] == w[1]) {
        return GroundPiece::Other;
    }
    for i in piece.iter() {
        let e = p.edges[i];
        if e.colour != Colour::Red {
            continue;
        }
        let (at_u, at_v) = (
            sorted.binary_search(&e.u).is_ok(),
            sorted.binary_search(&e.v).is_ok(),
        );
        match (at_u, at_v) {
            (false, false) => {}
            // A leg: its upper end is a leg top.
            (true, false) => tops.push(e.v),
            (false, true) => tops.push(e.u),
            // A red edge joining two feet's tops gives each a second edge.
            (true, true) => return GroundPiece::Other,
        }
    }
    if feet.iter().any(|f| degree.get(f) != Some(&2)) {
        return GroundPiece::Other;
    }
    tops.sort_unstable();
    tops.dedup();
    let seat = red - feet.len() as u32;
    GroundPiece::Furniture {
        bound: furniture_bound(seat, tops.len() as u32),
    }
}

/// B = s − t + 2 for furniture with s seat edges (red edges that are not
/// legs) and t distinct leg tops (upper ends of legs): its value is at
/// least 2^−B. Proof by induction, writing k(F) for the k with F = 2^−k
/// (the theorem makes every piece of furniture such a power: the simplest
/// number in (0, x) is 1 for x > 1 and else 2^−k with 2^−k < x ≤ 2^−k+1,
/// so k(F) ≤ K as soon as every Right option is at least 2^−(K−1)). The
/// t leg tops of connected furniture are joined through seat edges (a
/// foot's top has no edge but its leg), so s ≥ t − 1 and B ≥ 1. Cutting a
/// leg leaves a blue edge: at least 1. Cutting a seat edge leaves pieces
/// with fewer seat edges in all (parts that fall take theirs along). If
/// one piece is left, with the same tops (a leg stays with its foot), its
/// B is at most B − 1, so it is at least 2^−(B−1). If several are left,
/// each piece P has B(P) ≤ B (the others hold at least their tops minus
/// one seat edges each), so the sum of two of them is at least
/// 2 · 2^−B = 2^−(B−1). Either way every Right option is at least
/// 2^−(B−1), so k(F) ≤ B.
fn furniture_bound(seat: u32, tops: u32) -> u32 {
    (seat + 2).saturating_sub(tops).max(1)
}

impl BlockSolver {
    /// The value of the state `set` of `p` if it is a sum of redwood
    /// furniture and single blue edges (see the module documentation),
    /// else `None`.
    pub(super) fn redwood_value(
        &mut self,
        p: &Position,
        set: EdgeSet,
    ) -> Result<Option<GameId>, Exceeded> {
        // Cheap refusals first: every state of every picture comes here.
        let all_blue_red = set.iter().all(|i| {
            p.edges
                .get(i)
                .is_some_and(|e| matches!(e.colour, Colour::Blue | Colour::Red))
        });
        if !all_blue_red || set.is_empty() {
            return Ok(None);
        }
        let mut redwood = match self.redwood.take() {
            Some(r) if *r.position == *p => r,
            _ => Redwood::new(p),
        };
        let state = redwood.graph.grounded(set);
        let result = self.sum_of_furniture(&mut redwood, p, state);
        self.redwood = Some(redwood);
        Ok(result?.map(|x| self.arena.number(x)))
    }

    /// The value of `state` as a sum of furniture and blue edges, or
    /// `None` if one of its pieces is neither.
    fn sum_of_furniture(
        &mut self,
        redwood: &mut Redwood,
        p: &Position,
        state: EdgeSet,
    ) -> Result<Option<Dyadic>, Exceeded> {
        let mut total = Dyadic::zero();
        for piece in redwood.graph.components(state) {
            let v = match classify(p, piece) {
                GroundPiece::BlueEdge => Dyadic::integer(1),
                GroundPiece::Furniture { bound } => {
                    match self.furniture(redwood, p, piece, bound)? {
                        Some(v) => v,
                        None => return Ok(None),
                    }
                }
                GroundPiece::Other => return Ok(None),
            };
            total = total.add(&v);
        }
        Ok(Some(total))
    }

    /// The value of the furniture `piece`: the simplest number between 0
    /// and its smallest Right option (the theorem of the module
    /// documentation). `bound` is its B of [`furniture_bound`]: a Right
    /// option of 2^−(B−1) or less settles the value at 2^−B, so seat edges
    /// are tried before legs (a leg cut is at least 1) and the search
    /// stops there.
    fn furniture(
        &mut self,
        redwood: &mut Redwood,
        p: &Position,
        piece: EdgeSet,
        bound: u32,
    ) -> Result<Option<Dyadic>, Exceeded> {
        if let Some(v) = redwood.memo.get(&piece) {
            return Ok(Some(v.clone()));
        }
        self.meter_tick()?;
        let floor = Dyadic::new(1.into(), bound - 1);
        let blue_ends: Vec<usize> = piece
            .iter()
            .filter(|&i| p.edges[i].colour == Colour::Blue)
            .map(|i| p.edges[i].u.max(p.edges[i].v))
            .collect();
        let is_leg = |i: usize| {
            let e = p.edges[i];
            blue_ends.contains(&e.u) || blue_ends.contains(&e.v)
        };
        let mut order: Vec<usize> = piece
            .iter()
            .filter(|&i| p.edges[i].colour == Colour::Red)
            .collect();
        order.sort_by_key(|&i| is_leg(i));
        let mut smallest: Option<Dyadic> = None;
        for e in order {
            let next = redwood.graph.cut(piece, e);
            // By the lemma of the module documentation this is always a
            // sum; `None` would mean the position is not what was checked.
            let Some(v) = self.sum_of_furniture(redwood, p, next)? else {
                return Ok(None);
            };
            if smallest.as_ref().is_none_or(|s| v < *s) {
                smallest = Some(v);
            }
            if smallest.as_ref().is_some_and(|s| *s <= floor) {
                break;
            }
        }
        let zero = Dyadic::zero();
        // Furniture has a leg, so Right has a move, and every Right option
        // keeps a blue edge on the ground: it is positive.
        let Some(x) = smallest.filter(|x| *x > zero) else {
            return Ok(None);
        };
        let v = Dyadic::simplest_between(Some(&zero), Some(&x));
        redwood.memo.insert(piece, v.clone());
        self.meter_set(REDWOOD, table_bytes(&redwood.memo))?;
        Ok(Some(v))
    }
}
