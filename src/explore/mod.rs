//! The game-tree explorer: for one state, every option of each player with
//! its canonical value, and which options the canonical form drops and why
//! — dominated (no better than another option of the same player) or
//! reversible (the opponent has an answer that is at least as good for them
//! as the whole game). Reading the marks one level at a time shows how the
//! canonical form is reached.
//!
//! - [`engine`]: what the explorer asks of classical and quantum engines.
//! - [`request`]: a [`crate::analysis::Request`] (position, rules, moves)
//!   explored under a budget.

pub mod engine;
pub mod request;

pub use engine::Engine;
pub use request::{explore, explore_unvalued, moves};

use crate::budget::Exceeded;
use crate::game::{Arena, GameId};
use crate::rules::Player;
use serde::{Deserialize, Serialize};

/// One level of the game tree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exploration {
    /// The state's value, plain notation.
    pub value: String,
    /// The same, for people.
    pub pretty: String,
    /// The outcome letter, L R P or N.
    pub outcome: String,
    /// The canonical form's options (plain), what the marks lead to.
    pub canonical_left: Vec<String>,
    pub canonical_right: Vec<String>,
    /// Quantum only: the realisations, each as its remaining labels.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub realisations: Option<Vec<Vec<String>>>,
    /// Left's options, then Right's, each in move order.
    pub options: Vec<ExploredOption>,
}

/// One option of one player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExploredOption {
    pub player: Player,
    /// The move as typed for `--moves` (`3`, `1+3`).
    #[serde(rename = "move")]
    pub mv: String,
    /// The value after it, plain notation.
    pub value: String,
    /// What the option leaves: per realisation, the labels still standing.
    pub after: Vec<Vec<String>>,
    /// The move of the same player whose option is at least as good (for
    /// equal values, the first of them is kept and the others marked).
    pub dominated: Option<String>,
    pub reversible: Option<Reversal>,
    /// The marks in words.
    pub reasons: Vec<String>,
}

/// A reversible option: the opponent's answer `through` leads to a value
/// at least as good for the opponent as the whole game, so the option is
/// replaced by the mover's options from there (`bypass`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reversal {
    /// The opponent's move from the option.
    pub through: String,
    /// The value after it.
    pub value: String,
    /// The mover's options of that value's canonical form (plain).
    pub bypass: Vec<String>,
}

/// "Left" or "Right", for sentences.
pub fn player_name(p: Player) -> &'static str {
    match p {
        Player::Left => "Left",
        Player::Right => "Right",
    }
}

/// Is `a` at least as good as `b` for `p`?
fn at_least_as_good(arena: &mut Arena, p: Player, a: GameId, b: GameId) -> bool {
    match p {
        Player::Left => arena.le(b, a),
        Player::Right => arena.le(a, b),
    }
}

/// Prints values while counting their characters against a limit, so an
/// exploration whose values print exponentially long stops cleanly.
struct Printer {
    limit: u64,
    used: u64,
}

impl Printer {
    fn charge(&mut self, chars: u64) -> Result<(), Exceeded> {
        self.used = self.used.saturating_add(chars);
        if self.used > self.limit {
            return Err(Exceeded::Text {
                chars: self.used,
                limit: self.limit,
            });
        }
        Ok(())
    }

    fn plain(&mut self, arena: &Arena, g: GameId) -> Result<String, Exceeded> {
        self.charge(arena.plain_len(g))?;
        Ok(arena.plain(g))
    }

    fn plain_all(&mut self, arena: &Arena, gs: &[GameId]) -> Result<Vec<String>, Exceeded> {
        gs.iter().map(|&g| self.plain(arena, g)).collect()
    }
}

/// Explore state `s` of `engine`; the values printed in it may take
/// `text_limit` characters in all.
pub fn explore_state<E: Engine>(
    engine: &mut E,
    s: &E::State,
    text_limit: u64,
) -> Result<Exploration, Exceeded> {
    let mut printer = Printer {
        limit: text_limit,
        used: 0,
    };
    let g = engine.value(s)?;
    let mut options = Vec::new();
    for p in Player::BOTH {
        let moves = engine.moves(s, p)?;
        let mut scored = Vec::with_capacity(moves.len());
        for m in &moves {
            let child = engine.play(s, p, m)?;
            let v = engine.value(&child)?;
            scored.push((m.clone(), child, v));
        }
        let values: Vec<GameId> = scored.iter().map(|x| x.2).collect();
        let kept = undominated(engine.arena(), p, &values);
        for (i, (m, child, v)) in scored.iter().enumerate() {
            let dominated = if kept[i] {
                None
            } else {
                // A kept option dominating this one always exists: the
                // kept ones are the maximal elements, first of equals.
                (0..values.len())
                    .find(|&j| kept[j] && at_least_as_good(engine.arena(), p, values[j], *v))
                    .map(|j| engine.label(&scored[j].0))
            };
            let reversible = reversal(engine, p, child, g, &mut printer)?;
            let mut reasons = Vec::new();
            if let Some(by) = &dominated {
                reasons.push(format!("dominated by {by}"));
            }
            if let Some(r) = &reversible {
                let bypass = if r.bypass.is_empty() {
                    "nothing (the option is removed)".to_string()
                } else {
                    r.bypass.join(", ")
                };
                reasons.push(format!(
                    "reversible through {}'s {} (value {}): bypassed to {bypass}",
                    player_name(p.opponent()),
                    r.through,
                    r.value
                ));
            }
            options.push(ExploredOption {
                player: p,
                mv: engine.label(m),
                value: printer.plain(engine.arena(), *v)?,
                after: engine.remaining(child),
                dominated,
                reversible,
                reasons,
            });
        }
    }
    let arena = engine.arena();
    let (left, right) = arena.options(g);
    let outcome = arena.outcome(g);
    let value = printer.plain(arena, g)?;
    // The pretty form is about as long as the plain one.
    printer.charge(value.len() as u64)?;
    Ok(Exploration {
        pretty: arena.pretty(g),
        value,
        outcome: outcome.letter().to_string(),
        canonical_left: printer.plain_all(arena, &left)?,
        canonical_right: printer.plain_all(arena, &right)?,
        realisations: None,
        options,
    })
}

/// One level of the game tree without values: each player's options, what
/// each leaves, in move order, and nothing valued (the value, the outcome,
/// the canonical options and the marks are left empty). What the explorer
/// shows while values are hidden: the tree can be walked, and no state is
/// valued for an answer nobody sees (on a quantum drawing of ten edges,
/// valuing a hundred options can take longer than the page waits).
pub fn options_state<E: Engine>(engine: &mut E, s: &E::State) -> Result<Exploration, Exceeded> {
    let mut options = Vec::new();
    for p in Player::BOTH {
        for m in engine.moves(s, p)? {
            let child = engine.play(s, p, &m)?;
            options.push(ExploredOption {
                player: p,
                mv: engine.label(&m),
                value: String::new(),
                after: engine.remaining(&child),
                dominated: None,
                reversible: None,
                reasons: Vec::new(),
            });
        }
    }
    Ok(Exploration {
        value: String::new(),
        pretty: String::new(),
        outcome: String::new(),
        canonical_left: Vec::new(),
        canonical_right: Vec::new(),
        realisations: None,
        options,
    })
}

/// Which options survive the removal of dominated ones: those no other
/// option beats strictly, and of equal ones the first.
fn undominated(arena: &mut Arena, p: Player, values: &[GameId]) -> Vec<bool> {
    (0..values.len())
        .map(|i| {
            !(0..values.len()).any(|j| {
                j != i
                    && at_least_as_good(arena, p, values[j], values[i])
                    && (j < i || !at_least_as_good(arena, p, values[i], values[j]))
            })
        })
        .collect()
}

/// The first answer of `p`'s opponent from `child` that reverses it: a
/// value ≤ G after Right's answer to a Left option (≥ G for Right's).
fn reversal<E: Engine>(
    engine: &mut E,
    p: Player,
    child: &E::State,
    g: GameId,
    printer: &mut Printer,
) -> Result<Option<Reversal>, Exceeded> {
    let q = p.opponent();
    for m in engine.moves(child, q)? {
        let grandchild = engine.play(child, q, &m)?;
        let w = engine.value(&grandchild)?;
        if at_least_as_good(engine.arena(), q, w, g) {
            let arena = engine.arena();
            let (left, right) = arena.options(w);
            let bypass = match p {
                Player::Left => left,
                Player::Right => right,
            };
            return Ok(Some(Reversal {
                through: engine.label(&m),
                value: printer.plain(engine.arena(), w)?,
                bypass: printer.plain_all(engine.arena(), &bypass)?,
            }));
        }
    }
    Ok(None)
}

/// The exploration as Markdown: the value, then one table per player.
pub fn markdown(e: &Exploration) -> String {
    let mut out = format!("Value {} ({}), outcome {}\n", e.value, e.pretty, e.outcome);
    out.push_str(&format!(
        "Canonical form {{{} | {}}}\n",
        e.canonical_left.join(", "),
        e.canonical_right.join(", ")
    ));
    if let Some(rs) = &e.realisations {
        let sets: Vec<String> = rs.iter().map(|r| format!("{{{}}}", r.join(","))).collect();
        out.push_str(&format!("Realisations {}\n", sets.join(" ")));
    }
    for p in Player::BOTH {
        out.push_str(&format!("\n## {}'s options\n\n", player_name(p)));
        let mine: Vec<&ExploredOption> = e.options.iter().filter(|o| o.player == p).collect();
        if mine.is_empty() {
            out.push_str("(none)\n");
            continue;
        }
        out.push_str("| move | value | note |\n|---|---|---|\n");
        for o in mine {
            let note = if o.reasons.is_empty() {
                "kept".to_string()
            } else {
                o.reasons.join("; ")
            };
            out.push_str(&format!("| {} | {} | {} |\n", o.mv, o.value, note));
        }
    }
    out
}
