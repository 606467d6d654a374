//! Nim as a labelled (impartial) ruleset, for quantum Nim. Labels follow
//! RULES.md: `subtract` names a move by (heap, tokens taken), `cut` by
//! (heap, j) where j − 1 tokens stay — a green stalk cut at edge j.

use super::{Player, Ruleset};
use crate::parse_error::ParseError;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum NimLabels {
    #[default]
    Subtract,
    Cut,
}

/// Nim with heaps in a fixed order (labels name heaps by position).
#[derive(Clone, Debug)]
pub struct Nim {
    pub labels: NimLabels,
}

/// A Nim move label: (heap index, k) — see [`NimLabels`] for k's meaning.
pub type NimMove = (usize, u32);

impl Ruleset for Nim {
    type State = Vec<u32>;
    type Move = NimMove;

    fn moves(&self, heaps: &Vec<u32>, _player: Player) -> Vec<NimMove> {
        heaps
            .iter()
            .enumerate()
            .flat_map(|(i, &h)| (1..=h).map(move |k| (i, k)))
            .collect()
    }

    fn play(&self, heaps: &Vec<u32>, &(i, k): &NimMove) -> Vec<u32> {
        let mut next = heaps.clone();
        next[i] = match self.labels {
            NimLabels::Subtract => heaps[i] - k,
            NimLabels::Cut => k - 1,
        };
        next
    }

    fn components(&self, heaps: &Vec<u32>) -> Option<Vec<Vec<u32>>> {
        Some(
            (0..heaps.len())
                .filter(|&i| heaps[i] > 0)
                .map(|i| {
                    let mut single = vec![0; heaps.len()];
                    single[i] = heaps[i];
                    single
                })
                .collect(),
        )
    }
}

/// Largest heap `nim:` accepts.
pub const MAX_HEAP: u32 = 64;
/// Most heaps `nim:` accepts.
pub const MAX_HEAPS: usize = 16;

/// Parse `nim:3,2` (heaps of 3 and 2 tokens): at most [`MAX_HEAPS`] heaps of
/// at most [`MAX_HEAP`] tokens, so the quantum Nim state space stays finite
/// and small. (As a Hackenbush position, via
/// [`crate::position::presets::nim_heaps`], the total is further limited to
/// 128 edges.) Errors name the column of the offending heap.
pub fn parse_nim(text: &str) -> Result<Vec<u32>, ParseError> {
    let lead = text.len() - text.trim_start().len();
    let Some(body) = text.trim().strip_prefix("nim:") else {
        return Err(ParseError::new(
            1,
            text.trim().chars().take(8).collect::<String>(),
            "a Nim position starts with 'nim:', e.g. nim:3,2",
        ));
    };
    // Columns count characters, like every other parser's.
    let body_col = text[..lead].chars().count() + 5;
    if body.trim().is_empty() {
        return Err(ParseError::new(
            body_col,
            "",
            "a Nim position needs at least one heap, e.g. nim:3,2",
        ));
    }
    let mut heaps = Vec::new();
    let mut column = body_col;
    for part in body.split(',') {
        let t = part.trim();
        let at = column + part.chars().take_while(|c| c.is_whitespace()).count();
        if heaps.len() == MAX_HEAPS {
            return Err(ParseError::new(
                at,
                t,
                format!("a Nim position has at most {MAX_HEAPS} heaps"),
            ));
        }
        let digits = !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        match t.parse::<u32>() {
            Ok(h) if digits && h <= MAX_HEAP => heaps.push(h),
            _ if digits => {
                return Err(ParseError::new(
                    at,
                    t,
                    format!("heap {t} is larger than {MAX_HEAP}"),
                ))
            }
            _ => {
                return Err(ParseError::new(
                    at,
                    t,
                    format!("'{}' is not a heap size", t.escape_debug()),
                ))
            }
        }
        column += part.chars().count() + 1;
    }
    Ok(heaps)
}
