//! Nim as a labelled (impartial) ruleset, for quantum Nim. Labels follow
//! RULES.md: `subtract` names a move by (heap, tokens taken), `cut` by
//! (heap, j) where j − 1 tokens stay — a green stalk cut at edge j.

use super::{Player, Ruleset};

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

/// Parse `nim:3,2` (heaps of 3 and 2 tokens).
pub fn parse_nim(text: &str) -> Result<Vec<u32>, String> {
    let body = text
        .trim()
        .strip_prefix("nim:")
        .ok_or_else(|| "a Nim position starts with 'nim:', e.g. nim:3,2".to_string())?;
    if body.trim().is_empty() {
        return Err("column 5: a Nim position needs at least one heap, e.g. nim:3,2".to_string());
    }
    let mut heaps = Vec::new();
    let mut column = text.find("nim:").map_or(1, |p| p + 5);
    for part in body.split(',') {
        let t = part.trim();
        match t.parse::<u32>() {
            Ok(h) if h <= 64 && t.bytes().all(|b| b.is_ascii_digit()) => heaps.push(h),
            Ok(_) if t.bytes().all(|b| b.is_ascii_digit()) => {
                return Err(format!("column {column}: heap '{t}' is larger than 64"))
            }
            _ => return Err(format!("column {column}: '{t}' is not a heap size")),
        }
        column += part.len() + 1;
    }
    if heaps.len() > 16 {
        return Err("a Nim position has at most 16 heaps".to_string());
    }
    Ok(heaps)
}
