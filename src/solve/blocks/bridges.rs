//! The values of single edges carrying a game at their top (bridges),
//! indexed directly by the top's id: a block search values a bridge for
//! every single-edge part of every state it splits, so this lookup is
//! among its most frequent.

use super::canonical_key::colour_code;
use crate::game::GameId;
use crate::position::Colour;

/// No value recorded.
const UNKNOWN: u32 = u32::MAX;

/// The value of an edge of each colour under each game met so far.
#[derive(Default)]
pub(super) struct Bridges {
    /// Per top id, the value under an edge of each colour (by its
    /// [`colour_code`]), or [`UNKNOWN`].
    by_top: Vec<[u32; 4]>,
    len: usize,
}

fn slot(colour: Colour) -> usize {
    colour_code(colour) as usize
}

impl Bridges {
    pub(super) fn get(&self, colour: Colour, top: GameId) -> Option<GameId> {
        let v = self.by_top.get(top.index())?[slot(colour)];
        (v != UNKNOWN).then_some(GameId(v))
    }

    pub(super) fn insert(&mut self, colour: Colour, top: GameId, value: GameId) {
        let i = top.index();
        if i >= self.by_top.len() {
            // Ids grow one by one: double, so a long run of new tops costs
            // amortised constant time.
            let size = (i + 1).max(2 * self.by_top.len());
            self.by_top.resize(size, [UNKNOWN; 4]);
        }
        let cell = &mut self.by_top[i][slot(colour)];
        if *cell == UNKNOWN {
            self.len += 1;
        }
        *cell = value.0;
    }

    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// Heap bytes (for budgets).
    pub(super) fn bytes(&self) -> u64 {
        (self.by_top.capacity() * std::mem::size_of::<[u32; 4]>()) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_kept_per_colour_and_top() {
        let mut b = Bridges::default();
        assert_eq!(b.get(Colour::Blue, GameId(5)), None);
        b.insert(Colour::Blue, GameId(5), GameId(7));
        b.insert(Colour::Green, GameId(5), GameId(8));
        b.insert(Colour::Red, GameId(1000), GameId(9));
        b.insert(Colour::Blue, GameId(5), GameId(7));
        assert_eq!(b.get(Colour::Blue, GameId(5)), Some(GameId(7)));
        assert_eq!(b.get(Colour::Green, GameId(5)), Some(GameId(8)));
        assert_eq!(b.get(Colour::Red, GameId(5)), None);
        assert_eq!(b.get(Colour::Uncoloured, GameId(5)), None);
        assert_eq!(b.get(Colour::Red, GameId(1000)), Some(GameId(9)));
        assert_eq!(b.get(Colour::Red, GameId(2000)), None);
        assert_eq!(b.len(), 3);
    }
}
