//! A census split over many processes (`census --shard K/N`, then
//! `merge`): every shard enumerates every position, in the same order,
//! and values only its own (see [`crate::shard`]); its share is what it
//! counted and checked per size, its smallest counterexamples (the
//! merged smallest are among the shards' smallest) and the limit that
//! stopped it, if one did.
//!
//! Conjecture 8.5 compares a stalk with every stalk one edge longer,
//! which no shard holds alone: there a shard hands over its values, and
//! the merge checks them all.

use super::{
    assemble, check_sizes, checked, checks_out_of_time, time_limit, valuation, CensusError,
    Checked, Counterexample, PlacedCounterexample, Property, Report, SizeRow, Sizes, Spec, Valued,
};
use crate::budget::{Budget, Exceeded};
use crate::shard::Shard;

/// One size as a shard saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardRow {
    pub edges: usize,
    /// Positions of this size in the whole census.
    pub positions: usize,
    /// Of those, how many are this shard's.
    pub assigned: usize,
    /// How many of its own it checked and how many failed (None for
    /// 8.5, which only the merge can check).
    pub checked: Option<usize>,
    pub failures: Option<usize>,
}

/// A position this shard valued, with its values (8.5 only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardValues {
    pub edges: usize,
    /// Its index in the census' order (all sizes, smallest first).
    pub index: usize,
    pub position: String,
    pub values: Vec<Valued>,
}

/// A shard's share of a census.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardReport {
    pub shard: Shard,
    /// Every size enumerated (for 8.5 one past the last checked).
    pub rows: Vec<ShardRow>,
    /// Its smallest counterexamples (at most `Spec::show`), with their
    /// index in the census' order.
    pub counterexamples: Vec<(usize, Counterexample)>,
    /// 8.5: every position it valued.
    pub values: Vec<ShardValues>,
    pub stopped: Option<Exceeded>,
}

/// Whether `spec`'s check needs positions of several shards at once.
fn checked_by_merge(spec: &Spec) -> bool {
    spec.property == Some(Property::StalkFollowers)
}

/// Run `shard`'s share of the census of `spec` within `budget`.
pub fn run_shard(
    spec: &Spec,
    shard: Shard,
    budget: &Budget,
    progress: impl FnMut(usize, usize),
) -> Result<ShardReport, CensusError> {
    let v = valuation(spec, budget, shard, progress)?;
    let edges: Vec<usize> = (0..v.len()).map(|i| v.edges(i)).collect();
    let assigned = |size: usize| {
        (0..v.len())
            .filter(|&i| edges[i] == size && shard.owns(i))
            .count()
    };
    if checked_by_merge(spec) {
        let values = (0..v.len())
            .filter_map(|i| {
                let values = v.results[i].clone()?;
                Some(ShardValues {
                    edges: edges[i],
                    index: i,
                    position: v.position(i),
                    values,
                })
            })
            .collect();
        let rows = v
            .counts
            .iter()
            .map(|&(e, positions)| ShardRow {
                edges: e,
                positions,
                assigned: assigned(e),
                checked: None,
                failures: None,
            })
            .collect();
        return Ok(ShardReport {
            shard,
            rows,
            counterexamples: Vec::new(),
            values,
            stopped: v.stopped,
        });
    }
    let text = |i: usize| v.position(i);
    let complete = |_: usize| false;
    let sizes = Sizes {
        counts: &v.counts,
        complete: &complete,
        assigned: &assigned,
        text: &text,
        out_of_time: &|| checks_out_of_time(budget),
    };
    let (rows, mut failures, cut) = check_sizes(spec, &sizes, &checked(&v.results, &edges));
    let stopped = v.stopped.or(cut.then(|| time_limit(budget)));
    failures.sort_by_key(|(e, i, _)| (*e, *i));
    failures.truncate(spec.show);
    Ok(ShardReport {
        shard,
        rows: rows
            .iter()
            .map(|r| ShardRow {
                edges: r.edges,
                positions: r.positions,
                assigned: assigned(r.edges),
                checked: Some(r.checked),
                failures: Some(r.failures),
            })
            .collect(),
        counterexamples: failures.into_iter().map(|(_, i, c)| (i, c)).collect(),
        values: Vec::new(),
        stopped,
    })
}

/// Why shards do not merge.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    #[error(
        "the shards disagree on the sizes or counts of the census (different versions or budgets?)"
    )]
    Counts,
    #[error("shard {0} is inconsistent: {1}")]
    Inconsistent(Shard, String),
}

/// Merge the shares of every shard (1/N … N/N, checked by the caller)
/// into the report of the whole census.
pub fn merge(spec: &Spec, parts: &[ShardReport]) -> Result<Report, MergeError> {
    let Some(first) = parts.first() else {
        return Err(MergeError::Counts);
    };
    let counts: Vec<(usize, usize)> = first.rows.iter().map(|r| (r.edges, r.positions)).collect();
    for p in parts {
        let theirs: Vec<(usize, usize)> = p.rows.iter().map(|r| (r.edges, r.positions)).collect();
        if theirs != counts {
            return Err(MergeError::Counts);
        }
    }
    // Each position is some shard's, once.
    for (k, &(e, positions)) in counts.iter().enumerate() {
        let assigned: usize = parts.iter().map(|p| p.rows[k].assigned).sum();
        if assigned != positions {
            return Err(MergeError::Inconsistent(
                first.shard,
                format!("{assigned} of {positions} positions of {e} edges assigned"),
            ));
        }
    }
    let stopped = parts.iter().find_map(|p| p.stopped);
    if checked_by_merge(spec) {
        return merge_values(spec, parts, &counts, stopped);
    }
    let last = *spec.sizes.end();
    let mut rows = Vec::new();
    for (k, &(edges, positions)) in counts.iter().enumerate() {
        if edges > last {
            continue;
        }
        let mut row = SizeRow {
            edges,
            positions,
            checked: 0,
            failures: 0,
        };
        for p in parts {
            let r = &p.rows[k];
            let (Some(c), Some(f)) = (r.checked, r.failures) else {
                return Err(MergeError::Inconsistent(
                    p.shard,
                    "a size without counts".into(),
                ));
            };
            row.checked += c;
            row.failures += f;
        }
        rows.push(row);
    }
    let total = rows.iter().map(|r| r.failures).sum();
    let failures: Vec<PlacedCounterexample> = parts
        .iter()
        .flat_map(|p| p.counterexamples.iter())
        .map(|(i, c)| (c.edges, *i, c.clone()))
        .collect();
    Ok(assemble(spec, rows, failures, total, stopped))
}

/// 8.5: put every shard's values back in the census' order and check
/// them as one run would. Only the valued positions are held (a size is
/// complete when all its positions have values), so the work is that of
/// the values given, whatever counts a file claims.
fn merge_values(
    spec: &Spec,
    parts: &[ShardReport],
    counts: &[(usize, usize)],
    stopped: Option<Exceeded>,
) -> Result<Report, MergeError> {
    // Where each size's positions start in the census' order.
    let mut starts = Vec::with_capacity(counts.len());
    let mut at: usize = 0;
    for &(_, n) in counts {
        starts.push(at);
        at = at.checked_add(n).ok_or(MergeError::Counts)?;
    }
    let size_of = |index: usize| {
        let k = starts.partition_point(|&s| s <= index).checked_sub(1)?;
        (index < starts[k] + counts[k].1).then_some(counts[k].0)
    };
    let mut valued: Vec<&ShardValues> = Vec::new();
    for p in parts {
        for v in &p.values {
            let bad = |why: &str| MergeError::Inconsistent(p.shard, why.to_string());
            if size_of(v.index) != Some(v.edges) {
                return Err(bad("a value at a place the census does not have"));
            }
            if !p.shard.owns(v.index) {
                return Err(bad("a value of another shard's position"));
            }
            if v.values.is_empty() {
                return Err(bad("a position without values"));
            }
            valued.push(v);
        }
    }
    valued.sort_by_key(|v| v.index);
    if valued.windows(2).any(|w| w[0].index == w[1].index) {
        return Err(MergeError::Inconsistent(
            parts[0].shard,
            "a position valued twice".into(),
        ));
    }
    let done = |size: usize| valued.iter().filter(|v| v.edges == size).count();
    let complete = |size: usize| counts.iter().any(|&(e, n)| e == size && done(size) == n);
    let assigned = |size: usize| {
        counts
            .iter()
            .find(|&&(e, _)| e == size)
            .map_or(0, |&(_, n)| n)
    };
    let text = |index: usize| {
        valued
            .binary_search_by_key(&index, |v| v.index)
            .map(|k| valued[k].position.clone())
            .unwrap_or_default()
    };
    let sizes = Sizes {
        counts,
        complete: &complete,
        assigned: &assigned,
        text: &text,
        // Merging has no deadline: it checks every position it is given.
        out_of_time: &|| false,
    };
    let list: Vec<Checked> = valued
        .iter()
        .map(|v| Checked {
            index: v.index,
            edges: v.edges,
            values: &v.values,
        })
        .collect();
    let (rows, failures, _) = check_sizes(spec, &sizes, &list);
    let total = failures.len();
    Ok(assemble(spec, rows, failures, total, stopped))
}
