//! The referee of a game in the playground: which cuts are legal and what
//! they leave, asked of the engine's rulesets (`rules::Hackenbush`,
//! `Childish`, `Uncolored`, `Misere`; `quantum::QuantumGame` for quantum
//! play). The UI never decides legality or falling itself, so the board
//! always agrees with the values the engine computes.

use crate::analysis::GameRules;
use crate::budget::{Budget, ByteSize, Timeout};
use crate::position::{Colour, EdgeSet, Position};
use crate::quantum::{check_move, QuantumGame};
use crate::rules::uncolored::{UncoloredMove, UncoloredState};
use crate::rules::{Hackenbush, Misere, Player, Ruleset};
use std::sync::Arc;

/// The engine state of a board (labels are 0-based indices here).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameState {
    /// The edges standing (normal, misère, childish, synchronous).
    Edges(EdgeSet),
    /// Uncolored Hackenbush: standing edges and the X edges painted so far.
    Uncolored(UncoloredState),
    /// A superposed state: its realisations, sorted (shared with the
    /// game record and the board showing it).
    Quantum(Arc<[EdgeSet]>),
}

impl GameState {
    /// Quantum: the realisations; otherwise none.
    pub fn realisations(&self) -> &[EdgeSet] {
        match self {
            GameState::Quantum(rs) => rs,
            _ => &[],
        }
    }

    /// Quantum: the realisations, shared; otherwise none.
    pub fn shared_realisations(&self) -> Arc<[EdgeSet]> {
        match self {
            GameState::Quantum(rs) => Arc::clone(rs),
            _ => Arc::from([]),
        }
    }

    /// Labels standing in every realisation (0-based); classical states:
    /// those standing.
    pub fn everywhere(&self) -> EdgeSet {
        match self {
            GameState::Quantum(rs) => rs
                .iter()
                .copied()
                .reduce(EdgeSet::intersection)
                .unwrap_or(EdgeSet::EMPTY),
            _ => self.present(),
        }
    }

    /// Labels standing in at least one realisation (0-based).
    pub fn present(&self) -> EdgeSet {
        match self {
            GameState::Edges(s) => *s,
            GameState::Uncolored(u) => u.present,
            GameState::Quantum(rs) => rs.iter().fold(EdgeSet::EMPTY, |a, r| a.union(*r)),
        }
    }
}

/// What a game record on the page may hold (each game has its own): about
/// two million realisations, far more than a page can show, and small
/// enough that a refused move is found out in a fraction of a second.
pub const RECORD_MEMORY: ByteSize = ByteSize::mib(32);

/// The referee is the engine's ruleset for the board's rules, built by
/// the same dispatcher the analysis uses ([`GameRules::new`]).
pub type Referee = GameRules;

/// The budget of a game record on the page ([`RECORD_MEMORY`], so a link
/// with moves too wide to replay stops with a message instead of filling
/// the tab), with a deadline where the work runs on the main thread or
/// must end in time (a move, an export, the worker's replay).
pub fn record_budget(timeout: Option<Timeout>) -> Budget {
    Budget::new(RECORD_MEMORY, timeout)
}

impl Referee {
    /// The state before any move: ungrounded edges have already fallen.
    pub fn start(&self) -> GameState {
        match self {
            Referee::Normal(h) | Referee::Sync(h, _) | Referee::Misere(Misere(h)) => {
                GameState::Edges(h.start())
            }
            Referee::Childish(c) => GameState::Edges(c.start()),
            Referee::Uncolored(u) => GameState::Uncolored(u.start()),
            Referee::Quantum(q) => GameState::Quantum(Arc::from([q.base.start()])),
        }
    }

    /// Labels (0-based) `p` may play on `s` in a classical move; for quantum
    /// states, the labels legal for `p` on at least one realisation.
    pub fn legal(&self, s: &GameState, p: Player) -> EdgeSet {
        match (self, s) {
            (Referee::Normal(h) | Referee::Sync(h, _), GameState::Edges(e)) => {
                h.moves(e, p).into_iter().collect()
            }
            (Referee::Misere(m), GameState::Edges(e)) => m.moves(e, p).into_iter().collect(),
            (Referee::Childish(c), GameState::Edges(e)) => c.moves(e, p).into_iter().collect(),
            (Referee::Uncolored(u), GameState::Uncolored(us)) => {
                u.moves(us, p).iter().map(|m| uncolored_label(*m)).collect()
            }
            (Referee::Quantum(q), GameState::Quantum(rs)) => {
                rs.iter().flat_map(|r| q.base.moves(r, p)).collect()
            }
            _ => EdgeSet::EMPTY,
        }
    }

    /// Can `p` make any move at all on `s`? Quantum: a superposed move
    /// needs two labels legal somewhere (and width ≥ 2, always true); a
    /// lone label only counts if the flavour allows it unsuperposed.
    pub fn can_move(&self, s: &GameState, p: Player) -> bool {
        let legal = self.legal(s, p);
        match (self, s) {
            (Referee::Quantum(q), GameState::Quantum(rs)) if legal.len() == 1 => {
                let only: Vec<usize> = legal.iter().collect();
                check_move(&q.base, rs, p, q.setting, &only).is_ok()
            }
            _ => !legal.is_empty(),
        }
    }

    /// The state after `p` plays label `e` (0-based) classically, or why not.
    pub fn play(&self, s: &GameState, p: Player, e: usize) -> Result<GameState, String> {
        let refuse = || {
            Err(format!(
                "{} may not play edge {}",
                super::play::player_name(p),
                e + 1
            ))
        };
        let classical = |moves: Vec<usize>, play: &dyn Fn() -> EdgeSet| {
            if moves.contains(&e) {
                Ok(GameState::Edges(play()))
            } else {
                refuse()
            }
        };
        match (self, s) {
            (Referee::Normal(h) | Referee::Sync(h, _), GameState::Edges(x)) => {
                classical(h.moves(x, p), &|| h.play(x, &e))
            }
            (Referee::Misere(m), GameState::Edges(x)) => {
                classical(m.moves(x, p), &|| m.play(x, &e))
            }
            (Referee::Childish(c), GameState::Edges(x)) => {
                classical(c.moves(x, p), &|| c.play(x, &e))
            }
            (Referee::Uncolored(u), GameState::Uncolored(us)) => {
                match u
                    .moves(us, p)
                    .into_iter()
                    .find(|m| uncolored_label(*m) == e)
                {
                    Some(m) => Ok(GameState::Uncolored(u.play(us, &m))),
                    None => refuse(),
                }
            }
            _ => refuse(),
        }
    }

    /// Each label's colour while it stands on `s` (painted X edges show
    /// their paint; quantum: standing in some realisation).
    pub fn colours(&self, start: &Position, s: &GameState) -> Vec<Option<Colour>> {
        let present = s.present();
        (0..start.edges.len())
            .map(|i| {
                present.contains(i).then(|| match s {
                    GameState::Uncolored(u) if u.blue.contains(i) => Colour::Blue,
                    GameState::Uncolored(u) if u.red.contains(i) => Colour::Red,
                    _ => start.edges[i].colour,
                })
            })
            .collect()
    }

    /// The quantum game record, if this is quantum play.
    pub fn quantum(&mut self) -> Option<&mut QuantumGame<Hackenbush>> {
        match self {
            Referee::Quantum(q) => Some(q),
            _ => None,
        }
    }
}

/// The label (0-based edge) an Uncolored move is about.
fn uncolored_label(m: UncoloredMove) -> usize {
    match m {
        UncoloredMove::Colour(e, _) | UncoloredMove::Cut(e) => e,
    }
}
