//! The fast quantum engine: memoised values and an outcome-only search over
//! reduced states, merging moves that lead to the same state.
//!
//! Everything here is the plain definition plus the reductions of
//! [`Normaliser`] (each one value-preserving, see there) and merging of
//! equal options (a set of options is a set). Tests compare it against a
//! deliberately naive implementation.

use super::base::QuantumBase;
use super::flavour::Setting;
use super::moves::{LegalMap, QuantumMove, Superposition};
use super::normalise::{Normaliser, Reductions};
use crate::game::{Arena, GameId, Outcome};
use crate::rules::Player;
use crate::solve::BestMoves;
use rustc_hash::{FxHashMap, FxHashSet};

/// The search stopped because it stored more states than allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge {
    pub limit: usize,
}

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the search needs more than {} superposed states; try a smaller position or width",
            self.limit
        )
    }
}

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

/// Values and outcomes of superposed states of one base position.
pub struct QuantumSolver<B: QuantumBase> {
    pub base: B,
    pub setting: Setting,
    pub arena: Arena,
    accel: B::Accel,
    normaliser: Normaliser<B::State>,
    values: FxHashMap<Superposition<B::State>, GameId>,
    wins: FxHashMap<Superposition<B::State>, u8>,
    limit: usize,
}

impl<B: QuantumBase> QuantumSolver<B> {
    /// A solver with every reduction on; `start` is the base position whose
    /// automorphisms may be used.
    pub fn new(base: B, start: &B::State, setting: Setting) -> Self {
        Self::with_reductions(base, start, setting, Reductions::all())
    }

    pub fn with_reductions(
        base: B,
        start: &B::State,
        setting: Setting,
        reductions: Reductions,
    ) -> Self {
        let accel = base.accelerate();
        let normaliser = Normaliser::new(&base, start, setting.flavour, reductions);
        QuantumSolver {
            base,
            setting,
            arena: Arena::new(),
            accel,
            normaliser,
            values: FxHashMap::default(),
            wins: FxHashMap::default(),
            limit: usize::MAX,
        }
    }

    /// Stop with [`TooLarge`] once more than `limit` states are memoised.
    pub fn set_state_limit(&mut self, limit: usize) {
        self.limit = limit;
    }

    /// How many states have a memoised value or outcome.
    pub fn memo_len(&self) -> usize {
        self.values.len() + self.wins.len()
    }

    /// Forget memoised states (the arena of values stays).
    pub fn clear_memo(&mut self) {
        self.values = FxHashMap::default();
        self.wins = FxHashMap::default();
    }

    fn check_size(&self) -> Result<(), TooLarge> {
        if self.memo_len() > self.limit {
            Err(TooLarge { limit: self.limit })
        } else {
            Ok(())
        }
    }

    /// The state as the engine stores it.
    pub fn normalise(&self, state: Vec<B::State>) -> Superposition<B::State> {
        self.normaliser.normalise(&self.base, state)
    }

    /// The player's legal map with each label's results thinned.
    fn legal_map(&self, state: &[B::State], p: Player) -> LegalMap<B> {
        let mut map = LegalMap::new(&self.base, &self.accel, state, p);
        for c in &mut map.children {
            self.normaliser.thin(&self.base, c);
        }
        map
    }

    /// The distinct reduced states `p` can move to.
    pub fn options(&self, state: &[B::State], p: Player) -> Vec<Superposition<B::State>> {
        let map = self.legal_map(state, p);
        let mut seen = FxHashSet::default();
        let mut out = Vec::new();
        map.for_each_move(self.setting, |idx| {
            let child = self.normalise(map.raw_result(idx));
            if seen.insert(child.clone()) {
                out.push(child);
            }
            true
        });
        out
    }

    /// The canonical value of a superposed state (any state, reduced or not).
    pub fn value(&mut self, state: &[B::State]) -> Result<GameId, TooLarge> {
        let s = self.normalise(state.to_vec());
        self.value_of_normal(&s)
    }

    fn value_of_normal(&mut self, s: &Superposition<B::State>) -> Result<GameId, TooLarge> {
        if let Some(&v) = self.values.get(s) {
            return Ok(v);
        }
        self.check_size()?;
        let mut sides = [Vec::new(), Vec::new()];
        for (k, p) in Player::BOTH.into_iter().enumerate() {
            for child in self.options(s, p) {
                sides[k].push(self.value_of_normal(&child)?);
            }
        }
        let [left, right] = sides;
        let v = self.arena.make(left, right);
        self.values.insert(s.clone(), v);
        Ok(v)
    }

    /// The value of the classical start `{start}`.
    pub fn value_of_start(&mut self, start: &B::State) -> Result<GameId, TooLarge> {
        self.value(std::slice::from_ref(start))
    }

    /// The birthday of the canonical value.
    pub fn birthday(&mut self, state: &[B::State]) -> Result<u64, TooLarge> {
        let v = self.value(state)?;
        Ok(self.arena.birthday(v))
    }

    /// Does `p` win moving first? Alternating search only, no values.
    pub fn wins_moving_first(&mut self, state: &[B::State], p: Player) -> Result<bool, TooLarge> {
        let s = self.normalise(state.to_vec());
        self.wins_normal(&s, p)
    }

    fn wins_normal(&mut self, s: &Superposition<B::State>, p: Player) -> Result<bool, TooLarge> {
        let (known, win) = bits(p);
        if let Some(&b) = self.wins.get(s) {
            if b & known != 0 {
                return Ok(b & win != 0);
            }
        }
        self.check_size()?;
        let map = self.legal_map(s, p);
        let mut seen = FxHashSet::default();
        let mut result = Ok(false);
        map.for_each_move(self.setting, |idx| {
            let child = self.normalise(map.raw_result(idx));
            if !seen.insert(child.clone()) {
                return true;
            }
            match self.wins_normal(&child, p.opponent()) {
                Ok(true) => true,
                Ok(false) => {
                    result = Ok(true);
                    false
                }
                Err(e) => {
                    result = Err(e);
                    false
                }
            }
        });
        let w = result?;
        let entry = self.wins.entry(s.clone()).or_insert(0);
        *entry |= known | if w { win } else { 0 };
        Ok(w)
    }

    /// The outcome class by alternating search (fast; no canonical forms).
    pub fn outcome_by_search(&mut self, state: &[B::State]) -> Result<Outcome, TooLarge> {
        let l = self.wins_moving_first(state, Player::Left)?;
        let r = self.wins_moving_first(state, Player::Right)?;
        Ok(Outcome::from_first_player_wins(l, r))
    }

    /// The outcome class from the canonical value.
    pub fn outcome(&mut self, state: &[B::State]) -> Result<Outcome, TooLarge> {
        let v = self.value(state)?;
        Ok(self.arena.outcome(v))
    }

    /// The moves `p` should make from `state` (every allowed move, as
    /// labels; winning ones if any, else those to undominated options).
    pub fn best_moves(
        &mut self,
        state: &[B::State],
        p: Player,
    ) -> Result<BestMoves<QuantumMove<B::Move>>, TooLarge> {
        let map = LegalMap::new(&self.base, &self.accel, state, p);
        let mut scored = Vec::new();
        let mut moves = Vec::new();
        map.for_each_move(self.setting, |idx| {
            moves.push(idx.to_vec());
            true
        });
        for idx in moves {
            let child = self.normalise(map.raw_result(&idx));
            let v = self.value_of_normal(&child)?;
            let labels: QuantumMove<B::Move> = idx.iter().map(|&i| map.labels[i].clone()).collect();
            scored.push((labels, v));
        }
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
}
