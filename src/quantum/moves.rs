//! The quantum moves of RULES.md §3, straight from the definition: which
//! labels a player may superpose, which unsuperposed moves the flavour
//! allows, what a move does, and why a refused move is refused.

use super::base::{possessive, Absence, QuantumBase};
use super::flavour::{Flavour, Setting, Width};
use crate::budget::{Exceeded, Meter};
use crate::rules::{Player, Ruleset};
use std::collections::BTreeMap;

/// Why a move was not played: the rules refuse it (in words), or working
/// it out would go past the budget.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("{0}")]
    Illegal(String),
    #[error(transparent)]
    Exceeded(#[from] Exceeded),
}

/// A superposed state: realisations sorted and deduplicated.
pub type Superposition<S> = Vec<S>;

/// A quantum move: 1..w distinct labels, sorted.
pub type QuantumMove<M> = Vec<M>;

/// Sort and deduplicate realisations into a superposed state.
pub fn superpose<S: Ord>(mut realisations: Vec<S>) -> Superposition<S> {
    realisations.sort_unstable();
    realisations.dedup();
    realisations
}

/// One player's view of a state: every label legal on some realisation,
/// what it does there, and the counts the flavours look at. `C` is how a
/// resulting realisation is held: the realisation itself, or an id in the
/// solver's table of realisations.
pub struct Legal<M, C> {
    /// Labels legal for the player on at least one realisation, sorted.
    pub labels: Vec<M>,
    /// `children[i]`: label i played on each realisation where it is legal.
    pub children: Vec<Vec<C>>,
    /// On how many realisations label i is legal (fixed at construction:
    /// thinning `children` later must not change what C and C' see).
    pub legal_on: Vec<usize>,
    /// Realisations on which the player has at least one legal move.
    pub movers: usize,
    /// All realisations.
    pub total: usize,
}

/// What the flavours look at to allow a label as an unsuperposed move.
pub struct UnsuperposedMove {
    /// Whether it is the player's only legal label.
    pub only: bool,
    /// On how many realisations the label is legal.
    pub legal_on: usize,
    /// On how many realisations the player has a legal move.
    pub movers: usize,
    /// How many realisations there are.
    pub total: usize,
}

impl UnsuperposedMove {
    pub fn allowed(&self, flavour: Flavour) -> bool {
        let everywhere = self.legal_on == self.total;
        match flavour {
            Flavour::A => false,
            Flavour::B => self.only,
            Flavour::C => everywhere,
            // Legal on every realisation where the player can move at all.
            Flavour::CPrime => self.legal_on == self.movers,
            Flavour::CPrimeU => self.only || everywhere,
            Flavour::D => true,
        }
    }
}

/// The legal map over realisations themselves.
pub type LegalMap<B> = Legal<<B as Ruleset>::Move, <B as Ruleset>::State>;

/// The player's legal map on `state`.
pub fn legal_map<B: QuantumBase>(
    base: &B,
    accel: &B::Accel,
    state: &[B::State],
    p: Player,
) -> LegalMap<B> {
    let mut pairs: Vec<(B::Move, B::State)> = Vec::new();
    let mut movers = 0;
    for r in state {
        let moves = base.moves(r, p);
        if !moves.is_empty() {
            movers += 1;
        }
        for m in moves {
            let child = base.play_fast(accel, r, &m);
            pairs.push((m, child));
        }
    }
    Legal::from_pairs(pairs, movers, state.len())
}

impl<M: Clone + Ord, C: Clone> Legal<M, C> {
    /// From every (label, result) pair of the realisations of a state.
    pub fn from_pairs(mut pairs: Vec<(M, C)>, movers: usize, total: usize) -> Legal<M, C> {
        pairs.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        // Each label's results are one run of the sorted pairs: every list
        // is allocated once at its length (the solver builds a map per
        // state searched).
        let runs: Vec<usize> = pairs
            .chunk_by(|a, b| a.0 == b.0)
            .map(<[(M, C)]>::len)
            .collect();
        let mut labels: Vec<M> = Vec::with_capacity(runs.len());
        let mut children: Vec<Vec<C>> = Vec::with_capacity(runs.len());
        let mut run = runs.iter();
        for (m, child) in pairs {
            if labels.last() != Some(&m) {
                labels.push(m);
                children.push(Vec::with_capacity(run.next().copied().unwrap_or(0)));
            }
            if let Some(c) = children.last_mut() {
                c.push(child);
            }
        }
        let legal_on = children.iter().map(Vec::len).collect();
        Legal {
            labels,
            children,
            legal_on,
            movers,
            total,
        }
    }

    /// Does the flavour allow label i as an unsuperposed move?
    pub fn unsuperposed_allowed(&self, flavour: Flavour, i: usize) -> bool {
        UnsuperposedMove {
            only: self.labels.len() == 1,
            legal_on: self.legal_on[i],
            movers: self.movers,
            total: self.total,
        }
        .allowed(flavour)
    }

    /// Call `f` with the label indices of every allowed move: allowed
    /// unsuperposed moves first, then superposed ones by increasing width.
    pub fn for_each_move(&self, setting: Setting, mut f: impl FnMut(&[usize]) -> bool) {
        let n = self.labels.len();
        for i in 0..n {
            if self.unsuperposed_allowed(setting.flavour, i) && !f(&[i]) {
                return;
            }
        }
        for k in 2..=setting.width.cap(n) {
            // Lexicographic k-combinations of 0..n.
            let mut idx: Vec<usize> = (0..k).collect();
            loop {
                if !f(&idx) {
                    return;
                }
                let Some(pos) = (0..k).rev().find(|&j| idx[j] < n - k + j) else {
                    break;
                };
                idx[pos] += 1;
                for j in pos + 1..k {
                    idx[j] = idx[j - 1] + 1;
                }
            }
        }
    }

    /// Every allowed move as labels.
    pub fn moves(&self, setting: Setting) -> Vec<QuantumMove<M>> {
        let mut out = Vec::new();
        self.for_each_move(setting, |idx| {
            out.push(idx.iter().map(|&i| self.labels[i].clone()).collect());
            true
        });
        out
    }

    /// The realisations a move on label indices `idx` leads to, unsorted:
    /// each label cut on each realisation where it is legal; realisations
    /// where none is legal collapse.
    pub fn raw_result(&self, idx: &[usize]) -> Vec<C> {
        let mut out = Vec::with_capacity(idx.iter().map(|&i| self.children[i].len()).sum());
        for &i in idx {
            out.extend(self.children[i].iter().cloned());
        }
        out
    }

    /// Label indices of `mv`, if every label is legal somewhere.
    pub fn indices(&self, mv: &[M]) -> Option<Vec<usize>> {
        mv.iter()
            .map(|m| self.labels.binary_search(m).ok())
            .collect()
    }
}

/// Every move `p` may make on `state` (the plain definition, nothing merged).
pub fn allowed_moves<B: QuantumBase>(
    base: &B,
    state: &[B::State],
    p: Player,
    setting: Setting,
) -> Vec<QuantumMove<B::Move>> {
    let accel = base.accelerate();
    legal_map(base, &accel, state, p).moves(setting)
}

/// The state `mv` leads to (no reductions). `mv` must be allowed; labels
/// legal nowhere are ignored.
pub fn apply_move<B: QuantumBase>(
    base: &B,
    state: &[B::State],
    p: Player,
    mv: &[B::Move],
) -> Superposition<B::State> {
    // An unlimited meter never refuses.
    apply_move_within(base, state, p, mv, &mut Meter::default()).unwrap_or_default()
}

/// [`apply_move`] within `meter`'s budget. The result's size is known
/// before it is built (one realisation per pair of a realisation and a
/// label of `mv` legal on it), so a result that does not fit is refused
/// before anything is allocated. The bytes of the result are charged
/// only while it is built: a caller that keeps it charges it itself.
pub fn apply_move_within<B: QuantumBase>(
    base: &B,
    state: &[B::State],
    p: Player,
    mv: &[B::Move],
    meter: &mut Meter,
) -> Result<Superposition<B::State>, Exceeded> {
    let inline = std::mem::size_of::<B::State>() as u64;
    let (mut count, mut bytes) = (0usize, 0u64);
    for r in state {
        meter.tick()?;
        let legal = base.moves(r, p);
        let k = mv.iter().filter(|m| legal.contains(m)).count();
        count += k;
        bytes = bytes.saturating_add(k as u64 * (inline + base.heap_bytes(r)));
    }
    // Dropped on every return, giving the bytes back.
    let mut building = meter.budget().meter();
    building.add(bytes)?;
    let mut out = Vec::with_capacity(count);
    for r in state {
        meter.tick()?;
        let legal = base.moves(r, p);
        for m in mv {
            if legal.contains(m) {
                // A tick per result, not per realisation: the meter's
                // stride grows while ticks are cheap (the counting pass
                // above), and a realisation playing sixty labels at a
                // tick would then read the clock tens of milliseconds late.
                meter.tick()?;
                out.push(base.play(r, m));
            }
        }
    }
    let mut out = superpose(out);
    out.shrink_to_fit();
    Ok(out)
}

/// The player's legal labels on `state` with the counts the flavours look
/// at, without playing them (children are unit placeholders, so nothing
/// per result is allocated: checking a move costs no more memory than
/// the labels).
pub fn legal_counts<B: QuantumBase>(
    base: &B,
    state: &[B::State],
    p: Player,
    meter: &mut Meter,
) -> Result<Legal<B::Move, ()>, Exceeded> {
    let mut on: BTreeMap<B::Move, usize> = BTreeMap::new();
    let mut movers = 0;
    for r in state {
        meter.tick()?;
        let moves = base.moves(r, p);
        if !moves.is_empty() {
            movers += 1;
        }
        for m in moves {
            *on.entry(m).or_insert(0) += 1;
        }
    }
    let (labels, legal_on): (Vec<B::Move>, Vec<usize>) = on.into_iter().unzip();
    Ok(Legal {
        children: legal_on.iter().map(|&k| vec![(); k]).collect(),
        labels,
        legal_on,
        movers,
        total: state.len(),
    })
}

/// Check a move typed by a user; the sorted move, or why it is refused.
pub fn check_move<B: QuantumBase>(
    base: &B,
    state: &[B::State],
    p: Player,
    setting: Setting,
    labels: &[B::Move],
) -> Result<QuantumMove<B::Move>, String> {
    check_move_within(base, state, p, setting, labels, &mut Meter::default())
        .map_err(|e| e.to_string())
}

/// [`check_move`], reading the clock on `meter` while it scans the state.
pub fn check_move_within<B: QuantumBase>(
    base: &B,
    state: &[B::State],
    p: Player,
    setting: Setting,
    labels: &[B::Move],
    meter: &mut Meter,
) -> Result<QuantumMove<B::Move>, MoveError> {
    let illegal = |text: String| Err(MoveError::Illegal(text));
    if labels.is_empty() {
        return illegal("a move names at least one label".to_string());
    }
    let mut mv = labels.to_vec();
    mv.sort();
    if let Some(w) = mv.windows(2).find(|w| w[0] == w[1]) {
        return illegal(format!("{} is named twice", base.label_phrase(&w[0])));
    }
    if let Width::Limited(w) = setting.width {
        if mv.len() > w {
            return illegal(format!(
                "width {w}: a superposed move has at most {w} {}",
                base.noun_plural()
            ));
        }
    }
    let map = legal_counts(base, state, p, meter)?;
    for m in &mv {
        if map.labels.binary_search(m).is_err() {
            let somewhere = state
                .iter()
                .any(|r| base.absence(r, m, p) == Absence::NotYours);
            return illegal(if somewhere {
                format!(
                    "{} is not {} to {} in any realisation",
                    base.label_phrase(m),
                    possessive(p),
                    base.verb()
                )
            } else {
                format!("{} is missing from every realisation", base.label_phrase(m))
            });
        }
    }
    if mv.len() == 1 {
        let i = map.labels.binary_search(&mv[0]).unwrap_or(0);
        if !map.unsuperposed_allowed(setting.flavour, i) {
            return illegal(refusal(base, state, p, setting.flavour, &map, i));
        }
    }
    Ok(mv)
}

/// Why the flavour refuses label i as an unsuperposed move.
fn refusal<B: QuantumBase, C>(
    base: &B,
    state: &[B::State],
    p: Player,
    flavour: Flavour,
    map: &Legal<B::Move, C>,
    i: usize,
) -> String {
    let m = &map.labels[i];
    let name = base.label_phrase(m);
    let others = || {
        let list: Vec<String> = map.labels.iter().map(|l| base.label_text(l)).collect();
        format!(
            "{} has {} legal {}: {}",
            possessive(p).trim_end_matches("'s"),
            list.len(),
            base.noun_plural(),
            list.join(", ")
        )
    };
    let missing_from = |among: usize| {
        let illegal: Vec<&B::State> = state
            .iter()
            .filter(|r| !base.moves(r, p).contains(m))
            .filter(|r| flavour != Flavour::CPrime || !base.moves(r, p).is_empty())
            .collect();
        let all_missing = illegal
            .iter()
            .all(|r| base.absence(r, m, p) == Absence::Missing);
        let what = if all_missing {
            "is missing from".to_string()
        } else {
            format!(
                "is not legal for {} on",
                possessive(p).trim_end_matches("'s")
            )
        };
        format!("{name} {what} {} of {among} realisations", illegal.len())
    };
    match flavour {
        Flavour::A => "flavour A: unsuperposed moves are never allowed".to_string(),
        Flavour::B => format!(
            "flavour B: an unsuperposed move needs a single legal label ({})",
            others()
        ),
        Flavour::C => format!("flavour C: {}", missing_from(map.total)),
        Flavour::CPrime => format!(
            "flavour C': {} where {} can move",
            missing_from(map.movers),
            possessive(p).trim_end_matches("'s")
        ),
        Flavour::CPrimeU => format!(
            "flavour C'u: neither B nor C allows it ({}; {})",
            others(),
            missing_from(map.total)
        ),
        Flavour::D => unreachable_refusal(),
    }
}

/// D allows every unsuperposed move, so this text is never shown.
fn unreachable_refusal() -> String {
    "flavour D allows every unsuperposed move".to_string()
}
