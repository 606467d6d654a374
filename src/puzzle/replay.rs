//! A classical puzzle posed after moves (made mid-game on the board): the
//! moves are replayed on the start position, and the edges left standing
//! become a position of their own (renumbered from 1), which the engine's
//! analysis takes. Answers are mapped back to the start's labels, so the
//! student answers with the labels on the board.

use super::{Puzzle, PuzzleError};
use crate::analysis::{parse_position, GameRules, InputError, PlayerName};
use crate::budget::Budget;
use crate::position::{Colour, EdgeSet, Position};
use crate::rules::uncolored::UncoloredMove;
use crate::rules::{Player, Ruleset};

/// The edges standing after a classical puzzle's moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The standing edges as their own position (colours painted by
    /// Uncolored moves included), labelled from 1.
    pub position: String,
    /// `labels[k]` is the start's label of the position's label `k + 1`.
    pub labels: Vec<usize>,
}

impl Standing {
    /// An engine label of the standing position (`3`, `3B`) in the start's
    /// labels; labels it does not have are left as they are.
    pub fn to_start(&self, label: &str) -> String {
        let digits: String = label.chars().take_while(char::is_ascii_digit).collect();
        match digits
            .parse::<usize>()
            .ok()
            .and_then(|k| self.labels.get(k.checked_sub(1)?))
        {
            Some(l) => format!("{l}{}", &label[digits.len()..]),
            None => label.to_string(),
        }
    }
}

/// The standing edges after `p`'s moves, for classical rules with moves
/// (`None` otherwise: quantum moves are replayed by the engine itself).
pub fn standing(p: &Puzzle, budget: &Budget) -> Result<Option<Standing>, PuzzleError> {
    if p.moves.is_empty() {
        return Ok(None);
    }
    let position = parse_position(&p.position)?;
    let (painted, present) = match GameRules::new(&p.rules, &position, budget) {
        GameRules::Normal(rules) => {
            let set = replay(&rules, rules.start(), p, |e| (e + 1).to_string())?;
            (position, set)
        }
        GameRules::Childish(rules) => {
            let set = replay(&rules, rules.start(), p, |e| (e + 1).to_string())?;
            (position, set)
        }
        GameRules::Uncolored(rules) => {
            let s = replay(&rules, rules.start(), p, |m| match m {
                UncoloredMove::Colour(e, c) => format!("{}{}", e + 1, c.letter()),
                UncoloredMove::Cut(e) => (e + 1).to_string(),
            })?;
            (paint(position, s.blue, s.red), s.present)
        }
        _ => return Ok(None),
    };
    Ok(Some(Standing {
        position: painted.restrict(present).to_string(),
        labels: present.iter().map(|i| i + 1).collect(),
    }))
}

/// Edges coloured by Uncolored moves, in their colours.
fn paint(mut position: Position, blue: EdgeSet, red: EdgeSet) -> Position {
    for i in blue.iter() {
        position.edges[i].colour = Colour::Blue;
    }
    for i in red.iter() {
        position.edges[i].colour = Colour::Red;
    }
    position
}

/// Replay `p`'s moves (each may name its player, `L:3`; without one they
/// alternate from `first`), matched by their label as the explorer writes
/// it; an illegal move is an error in words.
fn replay<R: Ruleset>(
    rules: &R,
    mut state: R::State,
    p: &Puzzle,
    label: impl Fn(&R::Move) -> String,
) -> Result<R::State, PuzzleError> {
    let mut player = p.first;
    for (k, full) in p.moves.iter().enumerate() {
        let (mover, text) = match full.split_once(':') {
            Some(("L", rest)) => (Player::Left, rest),
            Some(("R", rest)) => (Player::Right, rest),
            _ => (player, full.as_str()),
        };
        let moves = rules.moves(&state, mover);
        let Some(m) = moves.iter().find(|m| label(m) == text.trim()) else {
            let legal: Vec<String> = moves.iter().map(&label).collect();
            let reason = if legal.is_empty() {
                format!("{} has no move", PlayerName(mover))
            } else {
                format!("{} may play {}", PlayerName(mover), legal.join(", "))
            };
            return Err(InputError::IllegalMove {
                index: k + 1,
                player: PlayerName(mover),
                text: text.to_string(),
                reason,
            }
            .into());
        };
        state = rules.play(&state, m);
        player = mover.opponent();
    }
    Ok(state)
}
