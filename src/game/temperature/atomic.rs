//! Atomic weights of all-small games (Siegel 2013, II.7; Winning Ways,
//! ch. 8): how many ↑ an all-small game is worth, `aw(↑) = 1`,
//! `aw(*) = 0`, `aw(⇑*) = 2`, additive over sums.
//!
//! A game is all-small when every follower (itself included) has options
//! for both players or for neither; its canonical form is then all-small
//! too, so the test walks the canonical DAG: every number in it must be
//! 0 (a nonzero number has a one-sided follower, an integer).
//!
//! The atomic weight calculus: with G″ = {aw(G^L) − 2 | aw(G^R) + 2},
//! aw(G) = G″ unless G″ is an integer. Then (the eccentric case) aw(G)
//! is the largest integer n with n ◁ aw(G^R) + 2 for every G^R if
//! G > ✳ (the far star), the smallest with aw(G^L) − 2 ◁ n for every
//! G^L if G < ✳, and G″ otherwise. ✳ is a nimber *N beyond every nimber
//! G can meet: N a power of two above G's birthday.

use super::Thermal;
use crate::budget::Exceeded;
use crate::game::{Arena, Dyadic, GameId, Outcome};
use num_bigint::BigInt;

/// Why a value has no atomic weight here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotAllSmall {
    /// Its stops are not both 0.
    #[error("not all-small: not even infinitesimal (its stops are {left} and {right})")]
    NotInfinitesimal { left: Dyadic, right: Dyadic },
    /// An infinitesimal with a nonzero number among its followers (whose
    /// integer followers have options for one player only), e.g. tiny-2.
    #[error("not all-small: its follower {0} has options for one player only")]
    OneSided(Dyadic),
}

impl Thermal {
    /// Whether G is all-small, and if not, why.
    pub fn all_small(
        &mut self,
        arena: &mut Arena,
        g: GameId,
    ) -> Result<Result<(), NotAllSmall>, Exceeded> {
        let (left, right) = self.stops(arena, g)?;
        if !(left.is_zero() && right.is_zero()) {
            return Ok(Err(NotAllSmall::NotInfinitesimal { left, right }));
        }
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack = vec![g];
        while let Some(h) = stack.pop() {
            if !seen.insert(h) {
                continue;
            }
            self.step(arena)?;
            if let Some((x, _)) = arena.as_number_nimber(h) {
                if !x.is_zero() {
                    return Ok(Err(NotAllSmall::OneSided(one_sided_below(x))));
                }
                // *n: its followers are nimbers below it.
                continue;
            }
            let (l, r) = arena.options(h);
            stack.extend(l.iter().chain(r.iter()).copied());
        }
        Ok(Ok(()))
    }

    /// The atomic weight of G, or why it has none (not all-small).
    pub fn atomic_weight(
        &mut self,
        arena: &mut Arena,
        g: GameId,
    ) -> Result<Result<GameId, NotAllSmall>, Exceeded> {
        if let Err(why) = self.all_small(arena, g)? {
            return Ok(Err(why));
        }
        self.aw(arena, g).map(Ok)
    }

    /// The calculus on an all-small G.
    fn aw(&mut self, arena: &mut Arena, g: GameId) -> Result<GameId, Exceeded> {
        if arena.as_number_nimber(g).is_some() {
            // 0 and *n (the only numbers-and-nimbers that are all-small).
            return Ok(arena.zero());
        }
        if let Some(&w) = self.atomic.get(&g) {
            return Ok(w);
        }
        self.step(arena)?;
        let (gl, gr) = arena.options(g);
        let two = arena.integer(2);
        let mut left = Vec::with_capacity(gl.len());
        for &x in gl.iter() {
            let w = self.aw(arena, x)?;
            left.push(arena.sub(w, two));
        }
        let mut right = Vec::with_capacity(gr.len());
        for &x in gr.iter() {
            let w = self.aw(arena, x)?;
            right.push(arena.add(w, two));
        }
        let formal = arena.make(left.clone(), right.clone());
        let w = if arena.as_number(formal).is_some_and(Dyadic::is_integer) {
            let far = arena.nimber(far_star(arena.birthday(g)));
            let against = arena.add(g, far);
            match arena.outcome(against) {
                // G > ✳: as far up as the Right side allows.
                Outcome::L => {
                    let mut best: Option<BigInt> = None;
                    for &a in &right {
                        let c = self.least_integer_above(arena, a)? - 1;
                        best = Some(match best {
                            Some(b) => b.min(c),
                            None => c,
                        });
                    }
                    best.map_or(formal, |n| arena.number(Dyadic::integer(n)))
                }
                // G < ✳: as far down as the Left side allows.
                Outcome::R => {
                    let mut best: Option<BigInt> = None;
                    for &a in &left {
                        let c = self.greatest_integer_below(arena, a)? + 1;
                        best = Some(match best {
                            Some(b) => b.max(c),
                            None => c,
                        });
                    }
                    best.map_or(formal, |n| arena.number(Dyadic::integer(n)))
                }
                _ => formal,
            }
        } else {
            formal
        };
        self.atomic.insert(g, w);
        Ok(w)
    }

    /// The least integer c with A ≤ c (so n ◁ A iff n < c). A ≤ c needs
    /// c ≥ L(A) and holds for c > L(A).
    fn least_integer_above(&mut self, arena: &mut Arena, a: GameId) -> Result<BigInt, Exceeded> {
        let k = self.stops(arena, a)?.0.ceil();
        let kg = arena.number(Dyadic::integer(k.clone()));
        Ok(if arena.le(a, kg) { k } else { k + 1 })
    }

    /// The greatest integer d with d ≤ A (so A ◁ n iff n > d).
    fn greatest_integer_below(&mut self, arena: &mut Arena, a: GameId) -> Result<BigInt, Exceeded> {
        let k = self.stops(arena, a)?.1.floor();
        let kg = arena.number(Dyadic::integer(k.clone()));
        Ok(if arena.le(kg, a) { k } else { k - 1 })
    }
}

/// The nimber index of the far star for a game born by `birthday`: a
/// power of two above it, so *N plus any nimber G can reach is still
/// further out than anything in G.
pub fn far_star(birthday: u64) -> u32 {
    let b = u32::try_from(birthday).unwrap_or(u32::MAX / 4).min(1 << 29);
    (b + 1).next_power_of_two().max(2)
}

/// An integer follower of the nonzero number x (one-sided): x itself if
/// it is an integer, else the integer its sign expansion starts with
/// (⌈x⌉ for x > 0, ⌊x⌋ for x < 0), which is a follower of x's canonical
/// form and nonzero.
fn one_sided_below(x: &Dyadic) -> Dyadic {
    if x.is_integer() {
        return x.clone();
    }
    if x.is_positive() {
        Dyadic::integer(x.ceil())
    } else {
        Dyadic::integer(x.floor())
    }
}
