//! Memoised search over any [`Ruleset`]: canonical value, outcome class,
//! birthday and best moves. Under normal play a state that splits into
//! independent components is solved per component and summed.

use crate::budget::{table_bytes, Budget, Exceeded, Meter};
use crate::game::{Arena, GameId, Outcome};
use crate::rules::{Player, Ruleset};
use rustc_hash::FxHashMap;

/// Meter slots of the solver's tables.
const VALUES: usize = 0;
const WINS: usize = 1;
const ARENA: usize = 2;

/// How many new states between two recounts of the arena's bytes (its
/// count walks the arena, so it is not redone on every insert).
const ARENA_RECOUNT: u32 = 1 << 12;

/// A solver owns its ruleset, its arena of values and its memo tables, so
/// repeated questions about positions of one game are answered from cache.
pub struct Solver<R: Ruleset> {
    pub rules: R,
    pub arena: Arena,
    split: bool,
    /// Ask the ruleset for values known in closed form
    /// ([`Ruleset::integer_value`]); off only to test them.
    closed_forms: bool,
    values: FxHashMap<R::State, GameId>,
    wins: FxHashMap<(R::State, Player), bool>,
    meter: Meter,
    since_recount: u32,
}

/// The moves a player should consider, and whether they win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMoves<M> {
    /// True if every listed move wins (the mover wins moving first).
    pub winning: bool,
    /// Winning moves if there are any, otherwise the moves to undominated
    /// options (the least bad ones).
    pub moves: Vec<M>,
}

impl<R: Ruleset> Solver<R> {
    pub fn new(rules: R) -> Self {
        Solver {
            rules,
            arena: Arena::new(),
            split: true,
            closed_forms: true,
            values: FxHashMap::default(),
            wins: FxHashMap::default(),
            meter: Meter::default(),
            since_recount: 0,
        }
    }

    /// A solver whose tables are charged to `budget`: past its memory or
    /// deadline every search stops with [`Exceeded`].
    pub fn with_budget(rules: R, budget: &Budget) -> Self {
        Solver {
            meter: budget.meter(),
            ..Solver::new(rules)
        }
    }

    /// Charge the tables' current size; recount the arena now and then.
    fn charge(&mut self) -> Result<(), Exceeded> {
        self.meter.set(VALUES, table_bytes(&self.values))?;
        self.meter.set(WINS, table_bytes(&self.wins))?;
        self.since_recount += 1;
        if self.since_recount >= ARENA_RECOUNT {
            self.since_recount = 0;
            self.meter.set(ARENA, self.arena.approx_bytes())?;
        }
        self.meter.tick()
    }

    /// A solver that never splits into components (the whole-graph search,
    /// kept to cross-check the component sum).
    pub fn without_splitting(rules: R) -> Self {
        Solver {
            split: false,
            ..Solver::new(rules)
        }
    }

    /// A solver that searches every state, never asking the ruleset for a
    /// value in closed form: the reference the closed forms are tested
    /// against.
    pub fn without_closed_forms(self) -> Self {
        Solver {
            closed_forms: false,
            ..self
        }
    }

    /// How many states have a memoised value.
    pub fn memo_len(&self) -> usize {
        self.values.len()
    }

    /// The canonical value (normal play only: misère games are not values).
    pub fn value(&mut self, s: &R::State) -> Result<GameId, Exceeded> {
        debug_assert!(!R::MISERE, "misère positions have no normal-play value");
        if let Some(&v) = self.values.get(s) {
            return Ok(v);
        }
        if self.closed_forms {
            // Checked before splitting: a state in a closed-form class is
            // one check, and a state outside it may still have parts in it.
            if let Some(n) = self.rules.integer_value(s) {
                return Ok(self.arena.integer(n));
            }
        }
        let v = match self.split.then(|| self.rules.components(s)).flatten() {
            Some(parts) if parts.len() > 1 => {
                let mut total = self.arena.zero();
                for part in &parts {
                    let pv = self.value(part)?;
                    total = self.arena.add(total, pv);
                }
                total
            }
            _ => {
                let left = self.option_values(s, Player::Left)?;
                let right = self.option_values(s, Player::Right)?;
                self.arena.make(left, right)
            }
        };
        self.meter.before_insert(VALUES, &self.values)?;
        self.values.insert(s.clone(), v);
        self.charge()?;
        Ok(v)
    }

    fn option_values(&mut self, s: &R::State, p: Player) -> Result<Vec<GameId>, Exceeded> {
        let moves = self.rules.moves(s, p);
        moves
            .iter()
            .map(|m| {
                let next = self.rules.play(s, m);
                self.value(&next)
            })
            .collect()
    }

    /// Does `p` win moving first from `s`? Plain alternating search under
    /// the ruleset's convention (normal or misère), no values built.
    pub fn wins_moving_first(&mut self, s: &R::State, p: Player) -> Result<bool, Exceeded> {
        let key = (s.clone(), p);
        if let Some(&w) = self.wins.get(&key) {
            return Ok(w);
        }
        let moves = self.rules.moves(s, p);
        let mut w = R::MISERE;
        if !moves.is_empty() {
            w = false;
            for m in &moves {
                let next = self.rules.play(s, m);
                if !self.wins_moving_first(&next, p.opponent())? {
                    w = true;
                    break;
                }
            }
        }
        self.meter.before_insert(WINS, &self.wins)?;
        self.wins.insert(key, w);
        self.charge()?;
        Ok(w)
    }

    /// The outcome class by search alone (works for misère too).
    pub fn outcome_by_search(&mut self, s: &R::State) -> Result<Outcome, Exceeded> {
        let l = self.wins_moving_first(s, Player::Left)?;
        let r = self.wins_moving_first(s, Player::Right)?;
        Ok(Outcome::from_first_player_wins(l, r))
    }

    /// The outcome class: from the value under normal play, by search under
    /// misère.
    pub fn outcome(&mut self, s: &R::State) -> Result<Outcome, Exceeded> {
        if R::MISERE {
            return self.outcome_by_search(s);
        }
        let v = self.value(s)?;
        Ok(self.arena.outcome(v))
    }

    /// The birthday of the canonical value.
    pub fn birthday(&mut self, s: &R::State) -> Result<u64, Exceeded> {
        let v = self.value(s)?;
        Ok(self.arena.birthday(v))
    }

    /// The moves `p` should make from `s` (normal play).
    pub fn best_moves(&mut self, s: &R::State, p: Player) -> Result<BestMoves<R::Move>, Exceeded> {
        let moves = self.rules.moves(s, p);
        let mut scored = Vec::with_capacity(moves.len());
        for m in moves {
            let next = self.rules.play(s, &m);
            let v = self.value(&next)?;
            scored.push((m, v));
        }
        Ok(rank_moves(&mut self.arena, &scored, p))
    }
}

/// Winning moves (options ≥ 0 for Left, ≤ 0 for Right) if there are any,
/// otherwise the moves to undominated options; shared by every normal-play
/// solver so best moves mean the same everywhere.
pub(crate) fn rank_moves<M: Clone>(
    arena: &mut Arena,
    scored: &[(M, GameId)],
    p: Player,
) -> BestMoves<M> {
    let zero = arena.zero();
    // Left wants an option ≥ 0 (Right, moving next, loses), Right ≤ 0.
    let wins = |a: &mut Arena, v: GameId| match p {
        Player::Left => a.le(zero, v),
        Player::Right => a.le(v, zero),
    };
    let winning: Vec<M> = scored
        .iter()
        .filter(|(_, v)| wins(arena, *v))
        .map(|(m, _)| m.clone())
        .collect();
    if !winning.is_empty() {
        return BestMoves {
            winning: true,
            moves: winning,
        };
    }
    let values: Vec<GameId> = scored.iter().map(|x| x.1).collect();
    let better = |a: &mut Arena, x: GameId, y: GameId| match p {
        Player::Left => a.lt(x, y),
        Player::Right => a.lt(y, x),
    };
    let moves = scored
        .iter()
        .filter(|(_, v)| !values.iter().any(|&w| better(arena, *v, w)))
        .map(|(m, _)| m.clone())
        .collect();
    BestMoves {
        winning: false,
        moves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::{ByteSize, Timeout};
    use crate::position::presets;
    use crate::rules::{Hackenbush, Misere};

    /// A connected 30-edge red/blue graph: far too many sub-positions for a
    /// small budget, so every search must stop with `Exceeded`.
    fn big() -> Hackenbush {
        use crate::position::Colour;
        Hackenbush::new(presets::random(7, 30, &[Colour::Blue, Colour::Red]))
    }

    #[test]
    fn searches_stop_at_the_memory_budget() {
        let budget = Budget::new(ByteSize::mib(1), None);
        let rules = big();
        let start = rules.start();
        let mut solver = Solver::with_budget(rules, &budget);
        assert_eq!(
            solver.value(&start),
            Err(Exceeded::Memory(ByteSize::mib(1)))
        );
        drop(solver);
        // Misère search short-cuts on the first winning move, so it visits
        // far fewer positions: a smaller budget still stops it.
        let small = Budget::new(ByteSize(64 * 1024), None);
        let rules = Misere(big());
        let start = rules.0.start();
        let mut solver = Solver::with_budget(rules, &small);
        assert!(matches!(solver.outcome(&start), Err(Exceeded::Memory(_))));
        drop(solver);
        assert_eq!(small.used(), 0, "meters give their bytes back");
    }

    #[test]
    fn searches_stop_at_the_deadline() {
        let budget = Budget::new(ByteSize::gib(64), Some(Timeout { millis: 50 }));
        let rules = big();
        let start = rules.start();
        let mut solver = Solver::with_budget(rules, &budget);
        assert!(matches!(solver.value(&start), Err(Exceeded::Time(_))));
    }
}
