//! A game record for play and the entanglement-graph view: the exact
//! states (no reductions), the moves played, take-back, and which labels
//! still exist in some realisation.

use super::base::QuantumBase;
use super::flavour::Setting;
use super::moves::{allowed_moves, apply_move_within, check_move_within, MoveError, QuantumMove};
use crate::budget::{Budget, Exceeded, Meter};
use crate::rules::Player;
use std::sync::Arc;

/// One move in the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove<M> {
    pub player: Player,
    pub labels: QuantumMove<M>,
}

/// The meter slot holding the bytes of every state in the record.
const RECORD: usize = 0;

/// A quantum game in progress from a classical start.
///
/// Exact states can grow fast (a superposed move of k labels multiplies
/// the realisations by up to k), so the record keeps a [`Meter`]: with a
/// budget ([`QuantumGame::with_budget`]) a move whose result would not fit
/// is refused with [`MoveError::Exceeded`] before it is built. Without one
/// the meter only counts.
pub struct QuantumGame<B: QuantumBase> {
    pub base: B,
    pub setting: Setting,
    /// Shared, not copied: the page shows these states beside the record
    /// (its boards), and a replayed link's states hold hundreds of
    /// thousands of realisations each.
    states: Vec<Arc<[B::State]>>,
    history: Vec<PlayedMove<B::Move>>,
    meter: Meter,
    /// Bytes of `states`, as charged to the meter.
    held: u64,
}

impl<B: QuantumBase> QuantumGame<B> {
    /// A game starting from the classical state `{start}`, with no limit.
    pub fn new(base: B, start: B::State, setting: Setting) -> Self {
        QuantumGame {
            base,
            setting,
            states: vec![Arc::from([start])],
            history: Vec::new(),
            meter: Meter::default(),
            held: 0,
        }
    }

    /// A game whose states and moves are held within `budget` (shared
    /// with whatever else draws on it, e.g. a solver of the same request).
    pub fn with_budget(base: B, start: B::State, setting: Setting, budget: &Budget) -> Self {
        let mut game = QuantumGame::new(base, start, setting);
        game.meter = budget.meter();
        game.recount();
        game
    }

    /// The current superposed state (exact: nothing dropped or relabelled).
    pub fn state(&self) -> &Arc<[B::State]> {
        // `states` always holds at least the start.
        &self.states[self.states.len() - 1]
    }

    pub fn history(&self) -> &[PlayedMove<B::Move>] {
        &self.history
    }

    /// Bytes the record's states take (the start and every state since).
    pub fn held_bytes(&self) -> u64 {
        self.held
    }

    /// Every move `p` may make now. Unbounded widths enumerate every
    /// subset of the legal labels: meant for small states.
    pub fn allowed(&self, p: Player) -> Vec<QuantumMove<B::Move>> {
        allowed_moves(&self.base, self.state(), p, self.setting)
    }

    /// Play labels for `p`, or say in words why the move is refused (the
    /// message of [`Self::try_play`]'s error).
    pub fn play(&mut self, p: Player, labels: &[B::Move]) -> Result<(), String> {
        self.try_play(p, labels).map_err(|e| e.to_string())
    }

    /// Play labels for `p`: refused by the rules, or because the result
    /// would not fit the budget (then nothing changes).
    pub fn try_play(&mut self, p: Player, labels: &[B::Move]) -> Result<(), MoveError> {
        let state = &self.states[self.states.len() - 1];
        let mv = check_move_within(&self.base, state, p, self.setting, labels, &mut self.meter)?;
        let next = apply_move_within(&self.base, state, p, &mv, &mut self.meter)?;
        Ok(self.record(p, mv, next.into())?)
    }

    /// [`Self::try_play`] with the move's work done on `clock` (a budget
    /// of the record's memory and a deadline, shared by the moves of one
    /// request): past its deadline the move is refused with
    /// [`Exceeded::Time`] and nothing changes. The clock is read while the
    /// state is scanned and built, so a move too heavy to play in time
    /// stops within milliseconds of the deadline.
    pub fn try_play_by(
        &mut self,
        p: Player,
        labels: &[B::Move],
        clock: &Budget,
    ) -> Result<(), MoveError> {
        let mut meter = clock.meter();
        // The move's own work is charged next to the record held so far.
        meter.set(RECORD, self.held)?;
        let state = &self.states[self.states.len() - 1];
        let mv = check_move_within(&self.base, state, p, self.setting, labels, &mut meter)?;
        let next = apply_move_within(&self.base, state, p, &mv, &mut meter)?;
        clock.check_time()?;
        drop(meter);
        Ok(self.record(p, mv, next.into())?)
    }

    /// Record a move played elsewhere by the same rules (the page's
    /// worker replays a link's moves and sends the states back): `next` is
    /// taken as the result of `labels` for `p`, unchecked; only the budget
    /// is charged, and a record that would not fit is refused unchanged.
    pub fn push_replayed(
        &mut self,
        p: Player,
        labels: QuantumMove<B::Move>,
        next: Arc<[B::State]>,
    ) -> Result<(), Exceeded> {
        self.record(p, labels, next)
    }

    /// Add a move and the state it leaves to the record, charged to the
    /// record's budget; a state that would not fit is refused unchanged.
    fn record(
        &mut self,
        p: Player,
        labels: QuantumMove<B::Move>,
        next: Arc<[B::State]>,
    ) -> Result<(), Exceeded> {
        let bytes = self.state_bytes(&next);
        if let Err(e) = self.meter.set(RECORD, self.held.saturating_add(bytes)) {
            self.meter.set(RECORD, self.held).ok();
            return Err(e);
        }
        self.held = self.held.saturating_add(bytes);
        self.states.push(next);
        self.history.push(PlayedMove { player: p, labels });
        Ok(())
    }

    /// Play a move typed as labels separated by commas or spaces ("1,3").
    pub fn play_text(&mut self, p: Player, text: &str) -> Result<(), String> {
        self.try_play_text(p, text).map_err(|e| e.to_string())
    }

    /// [`Self::play_text`] with the budget kept apart from refusals.
    pub fn try_play_text(&mut self, p: Player, text: &str) -> Result<(), MoveError> {
        let labels = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .map(|t| self.base.parse_label(t))
            .collect::<Result<Vec<_>, _>>()
            .map_err(MoveError::Illegal)?;
        self.try_play(p, &labels)
    }

    /// Undo the last move; false if there is none.
    pub fn takeback(&mut self) -> bool {
        if self.history.pop().is_some() {
            self.states.pop();
            self.recount();
            true
        } else {
            false
        }
    }

    /// Labels present in at least one realisation, sorted.
    pub fn present_labels(&self) -> Vec<B::Move> {
        let mut all: Vec<B::Move> = self
            .state()
            .iter()
            .flat_map(|r| self.base.present_labels(r))
            .collect();
        all.sort();
        all.dedup();
        all
    }

    /// Is `label` present in some realisation?
    pub fn is_present(&self, label: &B::Move) -> bool {
        self.state()
            .iter()
            .any(|r| self.base.present_labels(r).contains(label))
    }

    fn state_bytes(&self, state: &[B::State]) -> u64 {
        let inline = std::mem::size_of_val(state) as u64;
        state
            .iter()
            .fold(inline, |b, r| b.saturating_add(self.base.heap_bytes(r)))
    }

    /// Charge the record as it is now. A record that shrank always fits;
    /// the start alone may not fit a tiny budget, which the next move
    /// then reports.
    fn recount(&mut self) {
        self.held = self
            .states
            .iter()
            .fold(0u64, |b, s| b.saturating_add(self.state_bytes(s)));
        let _: Result<(), Exceeded> = self.meter.set(RECORD, self.held);
    }
}
