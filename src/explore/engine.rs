//! What the explorer needs from an engine: the moves of a state, the state
//! a move leads to, and canonical values in one arena. Normal play goes
//! through the [`BlockSolver`] (every state explored is a state of the
//! position's block frames, so children and grandchildren reuse one
//! search); the other classical rulesets through the memoised [`Solver`];
//! superposed states through the fast
//! [`QuantumSolver`] (values) with the plain move definition (children).

use crate::budget::{Budget, Exceeded, Meter};
use crate::game::{Arena, GameId};
use crate::position::EdgeSet;
use crate::quantum::{allowed_moves, apply_move_within, QuantumBase, QuantumSolver, Superposition};
use crate::rules::uncolored::UncoloredState;
use crate::rules::{Hackenbush, Player, Ruleset};
use crate::solve::{BlockSolver, Solver};

/// A game the explorer can walk, one level at a time.
pub trait Engine {
    type State: Clone;
    type Move: Clone;

    /// `p`'s moves from `s`, in a stable order.
    fn moves(&mut self, s: &Self::State, p: Player) -> Result<Vec<Self::Move>, Exceeded>;
    /// The state after `p` plays `m` from `s`.
    fn play(&mut self, s: &Self::State, p: Player, m: &Self::Move)
        -> Result<Self::State, Exceeded>;
    /// The canonical value of `s`, in [`Engine::arena`].
    fn value(&mut self, s: &Self::State) -> Result<GameId, Exceeded>;
    /// The move as typed on the CLI (`3`, `1+3`, `2B`).
    fn label(&self, m: &Self::Move) -> String;
    /// What is left in `s`: per realisation (one for a classical state),
    /// the labels of the edges still standing, as a thumbnail in words.
    fn remaining(&self, s: &Self::State) -> Vec<Vec<String>>;
    fn arena(&mut self) -> &mut Arena;
}

/// A classical ruleset (normal, childish, uncolored) and its move labels.
pub struct Classical<R: Ruleset, F: Fn(&R::Move) -> String> {
    pub solver: Solver<R>,
    pub label: F,
}

impl<R: Ruleset, F: Fn(&R::Move) -> String> Classical<R, F> {
    pub fn new(rules: R, budget: &Budget, label: F) -> Self {
        Classical {
            solver: Solver::with_budget(rules, budget),
            label,
        }
    }
}

/// A classical state's standing edges, by label.
pub trait StandingLabels {
    fn standing(&self) -> Vec<String>;
}

impl StandingLabels for EdgeSet {
    fn standing(&self) -> Vec<String> {
        self.iter().map(|e| (e + 1).to_string()).collect()
    }
}

impl StandingLabels for UncoloredState {
    /// Uncoloured edges already coloured carry their colour (`3B`).
    fn standing(&self) -> Vec<String> {
        self.present
            .iter()
            .map(|e| {
                let colour = if self.blue.contains(e) {
                    "B"
                } else if self.red.contains(e) {
                    "R"
                } else {
                    ""
                };
                format!("{}{colour}", e + 1)
            })
            .collect()
    }
}

impl<R: Ruleset, F: Fn(&R::Move) -> String> Engine for Classical<R, F>
where
    R::State: StandingLabels,
{
    type State = R::State;
    type Move = R::Move;

    fn moves(&mut self, s: &R::State, p: Player) -> Result<Vec<R::Move>, Exceeded> {
        Ok(self.solver.rules.moves(s, p))
    }

    fn play(&mut self, s: &R::State, _p: Player, m: &R::Move) -> Result<R::State, Exceeded> {
        Ok(self.solver.rules.play(s, m))
    }

    fn value(&mut self, s: &R::State) -> Result<GameId, Exceeded> {
        self.solver.value(s)
    }

    fn label(&self, m: &R::Move) -> String {
        (self.label)(m)
    }

    fn remaining(&self, s: &R::State) -> Vec<Vec<String>> {
        vec![s.standing()]
    }

    fn arena(&mut self) -> &mut Arena {
        &mut self.solver.arena
    }
}

/// Normal play: cuts from the ruleset, values by block decomposition.
pub struct Normal {
    pub rules: Hackenbush,
    pub solver: BlockSolver,
}

impl Normal {
    pub fn new(rules: Hackenbush, budget: &Budget) -> Self {
        Normal {
            rules,
            solver: BlockSolver::with_budget(budget),
        }
    }
}

impl Engine for Normal {
    type State = EdgeSet;
    type Move = usize;

    fn moves(&mut self, s: &EdgeSet, p: Player) -> Result<Vec<usize>, Exceeded> {
        Ok(self.rules.moves(s, p))
    }

    fn play(&mut self, s: &EdgeSet, _p: Player, m: &usize) -> Result<EdgeSet, Exceeded> {
        Ok(self.rules.play(s, m))
    }

    fn value(&mut self, s: &EdgeSet) -> Result<GameId, Exceeded> {
        self.solver.value_of(&self.rules.position, *s)
    }

    fn label(&self, m: &usize) -> String {
        (m + 1).to_string()
    }

    fn remaining(&self, s: &EdgeSet) -> Vec<Vec<String>> {
        vec![s.standing()]
    }

    fn arena(&mut self) -> &mut Arena {
        &mut self.solver.arena
    }
}

/// A quantum game: values from the reducing solver, children built exactly
/// (no reductions), so what the explorer shows is the state as played.
pub struct QuantumExplorer<B: QuantumBase> {
    pub solver: QuantumSolver<B>,
    /// Charges the children while they are built.
    meter: Meter,
}

impl<B: QuantumBase> QuantumExplorer<B> {
    pub fn new(solver: QuantumSolver<B>, budget: &Budget) -> Self {
        QuantumExplorer {
            solver,
            meter: budget.meter(),
        }
    }
}

impl<B: QuantumBase> Engine for QuantumExplorer<B> {
    type State = Superposition<B::State>;
    type Move = Vec<B::Move>;

    fn moves(&mut self, s: &Self::State, p: Player) -> Result<Vec<Self::Move>, Exceeded> {
        self.meter.tick()?;
        Ok(allowed_moves(&self.solver.base, s, p, self.solver.setting))
    }

    fn play(
        &mut self,
        s: &Self::State,
        p: Player,
        m: &Self::Move,
    ) -> Result<Self::State, Exceeded> {
        apply_move_within(&self.solver.base, s, p, m, &mut self.meter)
    }

    fn value(&mut self, s: &Self::State) -> Result<GameId, Exceeded> {
        self.solver.value(s)
    }

    fn label(&self, m: &Self::Move) -> String {
        m.iter()
            .map(|l| self.solver.base.label_text(l))
            .collect::<Vec<_>>()
            .join("+")
    }

    fn arena(&mut self) -> &mut Arena {
        &mut self.solver.arena
    }

    fn remaining(&self, s: &Self::State) -> Vec<Vec<String>> {
        let b = &self.solver.base;
        s.iter()
            .map(|r| {
                b.present_labels(r)
                    .iter()
                    .map(|l| b.label_text(l))
                    .collect()
            })
            .collect()
    }
}
