//! Comparison of games: G ≤ H iff no G^L ≥ H and no H^R ≤ G, with direct
//! answers for numbers and nimbers and a cache for everything else.

use super::arena::{pair_key, Arena, GameId, Node};
use std::cmp::Ordering;

/// How two games compare in the partial order of games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    Less,
    Equal,
    Greater,
    /// Incomparable (confused with): G − H is a first-player win.
    Fuzzy,
}

impl Relation {
    /// From "G ≤ H" and "G ≥ H" (each proved by a comparison or an outcome
    /// search of G − H).
    pub fn from_le_ge(le: bool, ge: bool) -> Relation {
        match (le, ge) {
            (true, true) => Relation::Equal,
            (true, false) => Relation::Less,
            (false, true) => Relation::Greater,
            (false, false) => Relation::Fuzzy,
        }
    }
}

impl From<Relation> for Outcome {
    /// The outcome class of G from how G compares with 0.
    fn from(r: Relation) -> Outcome {
        match r {
            Relation::Greater => Outcome::L,
            Relation::Less => Outcome::R,
            Relation::Equal => Outcome::P,
            Relation::Fuzzy => Outcome::N,
        }
    }
}

/// Outcome class under normal play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Left wins whoever starts (G > 0).
    L,
    /// Right wins whoever starts (G < 0).
    R,
    /// The second player wins (G = 0).
    P,
    /// The first player wins (G ‖ 0).
    N,
}

impl Outcome {
    pub fn letter(self) -> char {
        match self {
            Outcome::L => 'L',
            Outcome::R => 'R',
            Outcome::P => 'P',
            Outcome::N => 'N',
        }
    }

    /// From "can Left win moving first" and "can Right win moving first":
    /// G ≤ 0 iff Left, moving first, loses; G ≥ 0 iff Right does.
    pub fn from_first_player_wins(left_wins_first: bool, right_wins_first: bool) -> Outcome {
        Relation::from_le_ge(!left_wins_first, !right_wins_first).into()
    }

    /// A sentence for people.
    pub fn sentence(self) -> &'static str {
        match self {
            Outcome::L => "Left wins whoever starts",
            Outcome::R => "Right wins whoever starts",
            Outcome::P => "The second player wins",
            Outcome::N => "The first player wins",
        }
    }
}

impl Arena {
    /// G ≤ H.
    pub fn le(&mut self, g: GameId, h: GameId) -> bool {
        if g == h {
            return true;
        }
        if let Some(answer) = self.le_symbolic(g, h) {
            return answer;
        }
        if let Some(&answer) = self.le_cache.get(&pair_key(g, h)) {
            return answer;
        }
        self.le_uncached(g, h)
    }

    /// `le` when the cache has no answer: worked out from the options and
    /// remembered. Kept out of line, so the common path (a cached answer)
    /// stays a small function.
    #[inline(never)]
    fn le_uncached(&mut self, g: GameId, h: GameId) -> bool {
        let answer = self
            .le_avoiding_number(g, h)
            .unwrap_or_else(|| self.le_by_options(g, h));
        self.le_cache.insert(pair_key(g, h), answer);
        answer
    }

    /// Direct answers where both sides are numbers or x + *n.
    fn le_symbolic(&self, g: GameId, h: GameId) -> Option<bool> {
        match (self.node(g), self.node(h)) {
            (Node::Number(x), Node::Number(y)) => Some(x <= y),
            (Node::Number(x), Node::Nimbered(y, _)) => Some(x < y),
            (Node::Nimbered(x, _), Node::Number(y)) => Some(x < y),
            // x+*m ≤ y+*n iff (x−y) + *(m⊕n) ≤ 0.
            (Node::Nimbered(x, m), Node::Nimbered(y, n)) => {
                Some(if m == n { x <= y } else { x < y })
            }
            _ => None,
        }
    }

    /// A number against another game by number avoidance (one side of
    /// the definition only). It recurses through the other game's
    /// options, so its answers go in the cache like any other.
    fn le_avoiding_number(&mut self, g: GameId, h: GameId) -> Option<bool> {
        match (self.node(g), self.node(h)) {
            // For H not a number, x ≤ H iff no H^R ≤ x.
            (Node::Number(_), Node::Other { right, .. }) => {
                let right = right.clone();
                Some(!right.iter().any(|&hr| self.le(hr, g)))
            }
            // … and G ≤ y iff no G^L ≥ y.
            (Node::Other { left, .. }, Node::Number(_)) => {
                let left = left.clone();
                Some(!left.iter().any(|&gl| self.le(h, gl)))
            }
            _ => None,
        }
    }

    fn le_by_options(&mut self, g: GameId, h: GameId) -> bool {
        let gl = self.left_options(g);
        if gl.iter().any(|&x| self.le(h, x)) {
            return false;
        }
        let hr = self.right_options(h);
        !hr.iter().any(|&y| self.le(y, g))
    }

    pub fn ge(&mut self, g: GameId, h: GameId) -> bool {
        self.le(h, g)
    }

    pub fn lt(&mut self, g: GameId, h: GameId) -> bool {
        g != h && self.le(g, h)
    }

    /// How G compares with H.
    pub fn relation(&mut self, g: GameId, h: GameId) -> Relation {
        if g == h {
            return Relation::Equal;
        }
        Relation::from_le_ge(self.le(g, h), self.le(h, g))
    }

    /// A total order usable for sorting where the partial order is silent.
    pub fn relation_as_ordering(&mut self, g: GameId, h: GameId) -> Option<Ordering> {
        match self.relation(g, h) {
            Relation::Less => Some(Ordering::Less),
            Relation::Equal => Some(Ordering::Equal),
            Relation::Greater => Some(Ordering::Greater),
            Relation::Fuzzy => None,
        }
    }

    /// The normal-play outcome class.
    pub fn outcome(&mut self, g: GameId) -> Outcome {
        let zero = self.zero();
        self.relation(g, zero).into()
    }

    /// {left | right} ≤ H for a form not (yet) in the arena; its options are.
    pub(crate) fn form_le(&mut self, left: &[GameId], right: &[GameId], h: GameId) -> bool {
        if left.iter().any(|&gl| self.le(h, gl)) {
            return false;
        }
        let hr = self.right_options(h);
        !hr.iter().any(|&y| self.le_form(y, left, right))
    }

    /// H ≤ {left | right} for a form not (yet) in the arena.
    pub(crate) fn le_form(&mut self, h: GameId, left: &[GameId], right: &[GameId]) -> bool {
        if right.iter().any(|&gr| self.le(gr, h)) {
            return false;
        }
        let hl = self.left_options(h);
        !hl.iter().any(|&x| self.form_le(left, right, x))
    }
}
