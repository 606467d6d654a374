//! Negation and disjunctive sums, with direct arithmetic for numbers and
//! nimbers and number translation for a number plus anything else.

use super::arena::{pair_key, Arena, GameId, Node};

impl Arena {
    /// −G = {−G^R | −G^L}.
    pub fn neg(&mut self, g: GameId) -> GameId {
        match self.node(g).clone() {
            Node::Number(x) => self.number(x.neg()),
            Node::Nimbered(x, n) => self.number_nimber(x.neg(), n),
            Node::Other { left, right } => {
                if let Some(&n) = self.neg_cache.get(&g) {
                    return n;
                }
                let mut nl: Vec<GameId> = right.iter().map(|&r| self.neg(r)).collect();
                let mut nr: Vec<GameId> = left.iter().map(|&l| self.neg(l)).collect();
                nl.sort_unstable();
                nr.sort_unstable();
                // The negative of a canonical form is canonical and not a
                // number or x+*n (those are closed under negation).
                let n = self.intern(Node::Other {
                    left: nl.into(),
                    right: nr.into(),
                });
                self.neg_cache.insert(g, n);
                self.neg_cache.insert(n, g);
                n
            }
        }
    }

    /// The disjunctive sum G + H.
    pub fn add(&mut self, g: GameId, h: GameId) -> GameId {
        let zero = self.zero();
        if g == zero {
            return h;
        }
        if h == zero {
            return g;
        }
        // Sums of numbers and nimbers are direct, but the cache is still
        // cheaper than big-number arithmetic and interning the result.
        let key = if g <= h {
            pair_key(g, h)
        } else {
            pair_key(h, g)
        };
        if let Some(&s) = self.sum_cache.get(&key) {
            return s;
        }
        if let (Some((x, m)), Some((y, n))) = (self.as_number_nimber(g), self.as_number_nimber(h)) {
            let s = x.add(y);
            let s = self.number_nimber(s, m ^ n);
            self.sum_cache.insert(key, s);
            return s;
        }
        let s = match (self.node(g), self.node(h)) {
            (Node::Number(_), _) => self.translate(h, g),
            (_, Node::Number(_)) => self.translate(g, h),
            _ => {
                let (gl, gr) = self.options(g);
                let (hl, hr) = self.options(h);
                let mut left = Vec::with_capacity(gl.len() + hl.len());
                left.extend(gl.iter().map(|&a| self.add(a, h)));
                left.extend(hl.iter().map(|&b| self.add(g, b)));
                let mut right = Vec::with_capacity(gr.len() + hr.len());
                right.extend(gr.iter().map(|&a| self.add(a, h)));
                right.extend(hr.iter().map(|&b| self.add(g, b)));
                self.make_from_families(left, gl.len(), right, gr.len())
            }
        };
        self.sum_cache.insert(key, s);
        s
    }

    /// G + x for a number x and G not a number: {G^L + x | G^R + x}
    /// (number translation), so x's own options never enter.
    fn translate(&mut self, g: GameId, x: GameId) -> GameId {
        let (gl, gr) = self.options(g);
        let left: Vec<GameId> = gl.iter().map(|&a| self.add(a, x)).collect();
        let right: Vec<GameId> = gr.iter().map(|&a| self.add(a, x)).collect();
        // One family each: G^L1 + x and G^L2 + x never compare.
        let (l, r) = (left.len(), right.len());
        self.make_from_families(left, l, right, r)
    }

    /// G − H.
    pub fn sub(&mut self, g: GameId, h: GameId) -> GameId {
        let nh = self.neg(h);
        self.add(g, nh)
    }

    /// The sum of many games.
    pub fn sum(&mut self, games: impl IntoIterator<Item = GameId>) -> GameId {
        let mut total = self.zero();
        for g in games {
            total = self.add(total, g);
        }
        total
    }
}
