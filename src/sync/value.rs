//! The memoised recursion over positions.
//!
//! A state is the set of edges still standing. Its value is the value of the
//! matrix game over (Left's edge, Right's edge), where each cell is the value
//! of the state left after both cuts and the fall (RULES.md §3, sync).
//!
//! Symmetry reduction: for a group of automorphisms of the state there is an
//! optimal strategy that is uniform on each orbit, and against such a
//! strategy a pure reply's payoff depends only on its orbit. So the game
//! whose rows and columns are orbits, with cell (A, B) = the average of
//! M\[i\]\[j\] over j ∈ B for one fixed i ∈ A, has the same value, and its
//! strategies spread evenly over each orbit are optimal in the full game.
//! The average is taken over the orbits of the stabiliser of i inside B
//! (M\[i\]\[·\] is constant on them), which needs one child per such orbit.
//!
//! Note that "edges whose cuts lead to isomorphic positions" is *not* enough
//! for identical rows: in `BR BR` the two blue edges are symmetric but their
//! rows are permutations of each other (a red cut above one's own blue edge
//! differs from a red cut on the other stalk); hence the averaging.

use rustc_hash::FxHashMap;

use super::canon::{Canon, SyncGraph};
use super::matrix::{solve, Want};
use super::q::Q;
use super::replay::{self, BracketCell};
use super::{Conflict, SyncError};
use crate::budget::{table_bytes, Budget, Meter};
use crate::position::{Colour, EdgeSet};
use crate::rules::Player;

/// Meter slots of the solver's tables.
const MEMO: usize = 0;
const CANON: usize = 1;

/// A value known to lie in [lo, hi]; exact when lo == hi.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Val {
    pub lo: Q,
    pub hi: Q,
}

impl Val {
    /// The bracket of the negated value.
    fn negated(&self) -> Val {
        Val {
            lo: -&self.hi,
            hi: -&self.lo,
        }
    }

    fn exact(v: Q) -> Val {
        Val {
            lo: v.clone(),
            hi: v,
        }
    }
}

/// A solved state: its value and, per edge index, each player's probability.
pub(crate) struct Solved {
    pub val: Val,
    pub left: Vec<(usize, Q)>,
    pub right: Vec<(usize, Q)>,
}

/// The memo and settings shared by every state of one or more analyses.
pub(crate) struct SyncSolver {
    canon: Canon,
    memo: FxHashMap<u32, Val>,
    conflict: Conflict,
    /// Replay brackets are bisected to this width at each level.
    delta: Q,
    meter: Meter,
}

impl SyncSolver {
    pub(crate) fn new(conflict: Conflict, delta: Q, budget: &Budget) -> SyncSolver {
        SyncSolver {
            canon: Canon::default(),
            memo: FxHashMap::default(),
            conflict,
            delta,
            meter: budget.meter(),
        }
    }

    /// Number of distinct positions solved so far.
    pub(crate) fn states(&self) -> usize {
        self.memo.len()
    }

    /// The value of the state `set` (grounded), memoised by isomorphism class.
    pub(crate) fn value(&mut self, g: &SyncGraph, set: EdgeSet) -> Result<Val, SyncError> {
        let key = self.canon.key(g, set);
        if let Some(v) = self.memo.get(&key) {
            return Ok(v.clone());
        }
        // Blue and red swapped, the players trade places: the value negates
        // (the mirror of m × BR + n × RB is n × BR + m × RB).
        if let Some(v) = self.memo.get(&self.canon.mirror_key(g, set)) {
            return Ok(v.negated());
        }
        self.meter.tick()?;
        // One state of a large sum of halves is up to seconds of big-number
        // arithmetic: read the clock at every state, not every few thousand.
        self.meter.budget().check_time()?;
        let solved = self.solve_state(g, set, false)?;
        let v = &solved.val;
        let digits = v.lo.bytes() + if v.lo == v.hi { 0 } else { v.hi.bytes() };
        self.meter.before_insert(MEMO, &self.memo)?;
        self.memo.insert(key, solved.val.clone());
        self.meter.add(digits)?;
        self.meter.set(MEMO, table_bytes(&self.memo))?;
        self.meter.set(CANON, self.canon.approx_bytes())?;
        Ok(solved.val)
    }

    /// Solve one state from its children; per-edge strategies only if
    /// `strategies` (the root needs them; spreading huge fractions over
    /// orbits at every inner state cost a third of the running time).
    pub(crate) fn solve_state(
        &mut self,
        g: &SyncGraph,
        set: EdgeSet,
        strategies: bool,
    ) -> Result<Solved, SyncError> {
        let pos = g.pos;
        let lefts = pos.cuttable(set, Player::Left);
        let rights = pos.cuttable(set, Player::Right);
        let count = Q::int(set.len() as i64);
        if lefts.is_empty() || rights.is_empty() {
            let (val, left, right) = if !lefts.is_empty() {
                (count, safe_move(g, set), vec![])
            } else if !rights.is_empty() {
                (-count, vec![], safe_move(g, set))
            } else {
                (Q::zero(), vec![], vec![])
            };
            return Ok(Solved {
                val: Val::exact(val),
                left,
                right,
            });
        }

        let orbit = self.canon.orbits(g, set, None);
        let rows = group_by_orbit(lefts, &orbit);
        let cols = group_by_orbit(rights, &orbit);
        let symmetric = rows.len() < lefts.len() || cols.len() < rights.len();
        let mut cells: Vec<Vec<BracketCell>> = Vec::with_capacity(rows.len());
        for row in &rows {
            let i = row[0];
            let stab = if symmetric {
                Some(self.canon.orbits(g, set, Some(i)))
            } else {
                None
            };
            let mut line = Vec::with_capacity(cols.len());
            for col in &cols {
                let parts = match &stab {
                    Some(stab) => group_by_orbit(col.iter().copied().collect(), stab),
                    None => vec![col.clone()],
                };
                let mut known: Vec<(u64, Val)> = Vec::with_capacity(parts.len());
                let mut replayed = 0u64;
                for part in parts {
                    match self.child(g, set, i, part[0])? {
                        Some(v) => known.push((part.len() as u64, v)),
                        None => replayed += part.len() as u64,
                    }
                }
                let total = col.len() as u64;
                let lo: Vec<(u64, &Q)> = known.iter().map(|(w, v)| (*w, &v.lo)).collect();
                let lo = Q::weighted_sum(&lo, total);
                let hi = if known.iter().all(|(_, v)| v.lo == v.hi) {
                    lo.clone()
                } else {
                    let hi: Vec<(u64, &Q)> = known.iter().map(|(w, v)| (*w, &v.hi)).collect();
                    Q::weighted_sum(&hi, total)
                };
                let b = Q::ratio(replayed as i64, total);
                let cell = BracketCell { lo, hi, b };
                line.push(cell);
            }
            cells.push(line);
        }

        // A single green edge as a row, paired with its own column.
        let partner = |o: &Vec<usize>, other: &[Vec<usize>]| {
            let single_green = o.len() == 1 && pos.edges[o[0]].colour == Colour::Green;
            other.iter().position(|p| single_green && p == o)
        };
        let risky_rows: Vec<Option<usize>> = rows.iter().map(|o| partner(o, &cols)).collect();
        let risky_cols: Vec<Option<usize>> = cols.iter().map(|o| partner(o, &rows)).collect();
        let want = if strategies {
            Want::Strategies
        } else {
            Want::Value
        };
        let b = solve_cells(&cells, &risky_rows, &risky_cols, &self.delta, want)?;
        let (left, right) = if strategies {
            (spread(&rows, &b.row), spread(&cols, &b.col))
        } else {
            (vec![], vec![])
        };
        Ok(Solved {
            val: Val { lo: b.lo, hi: b.hi },
            left,
            right,
        })
    }

    /// The value after Left cuts `i` and Right cuts `j`; `None` stands for
    /// "the same state again" (a replayed green conflict).
    pub(crate) fn child(
        &mut self,
        g: &SyncGraph,
        set: EdgeSet,
        i: usize,
        j: usize,
    ) -> Result<Option<Val>, SyncError> {
        if i != j {
            let next = g.pos.grounded(set.without(i).without(j));
            return self.value(g, next).map(Some);
        }
        match self.conflict {
            Conflict::Shared => self.value(g, g.pos.cut(set, i)).map(Some),
            Conflict::Tie => Ok(Some(Val::exact(Q::zero()))),
            Conflict::Replay => Ok(None),
        }
    }
}

/// Solve the reduced game: an ordinary matrix game unless some cell replays.
fn solve_cells(
    cells: &[Vec<BracketCell>],
    risky_rows: &[Option<usize>],
    risky_cols: &[Option<usize>],
    delta: &Q,
    want: Want,
) -> Result<replay::Bracket, String> {
    if cells.iter().flatten().any(|c| !c.b.is_zero()) {
        return replay::solve(cells, risky_rows, risky_cols, delta);
    }
    let lo: Vec<Vec<Q>> = cells
        .iter()
        .map(|r| r.iter().map(|c| c.lo.clone()).collect())
        .collect();
    let low = solve(&lo, want)?;
    if cells.iter().flatten().all(|c| c.lo == c.hi) {
        return Ok(replay::Bracket {
            lo: low.value.clone(),
            hi: low.value,
            row: low.row,
            col: low.col,
        });
    }
    // Payoffs known only to intervals (replay below): value is monotone.
    let hi: Vec<Vec<Q>> = cells
        .iter()
        .map(|r| r.iter().map(|c| c.hi.clone()).collect())
        .collect();
    let high = solve(&hi, want)?;
    Ok(replay::Bracket {
        lo: low.value,
        hi: high.value,
        row: low.row,
        col: high.col,
    })
}

/// Group edges by orbit id, in order of their first (lowest) member.
fn group_by_orbit(edges: EdgeSet, orbit: &[u32]) -> Vec<Vec<usize>> {
    let mut groups: Vec<(u32, Vec<usize>)> = Vec::new();
    for i in edges.iter() {
        match groups.iter_mut().find(|(o, _)| *o == orbit[i]) {
            Some((_, g)) => g.push(i),
            None => groups.push((orbit[i], vec![i])),
        }
    }
    groups.into_iter().map(|(_, g)| g).collect()
}

/// Spread each orbit's probability evenly over its edges.
fn spread(groups: &[Vec<usize>], probs: &[Q]) -> Vec<(usize, Q)> {
    let mut out: Vec<(usize, Q)> = Vec::new();
    for (group, p) in groups.iter().zip(probs) {
        let share = Q::weighted_sum(&[(1, p)], group.len() as u64);
        out.extend(group.iter().map(|&i| (i, share.clone())));
    }
    out.sort_by_key(|(i, _)| *i);
    out
}

/// When one player moves alone the value is fixed by the rules; still, name
/// a sensible move: the lowest edge whose cut drops nothing else.
fn safe_move(g: &SyncGraph, set: EdgeSet) -> Vec<(usize, Q)> {
    let keep = set.len().saturating_sub(1);
    let pick = set
        .iter()
        .find(|&i| g.pos.cut(set, i).len() == keep)
        .or_else(|| set.iter().next());
    pick.map(|i| vec![(i, Q::one())]).unwrap_or_default()
}
