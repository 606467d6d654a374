//! The reduced canonical form (Siegel 2013, II.6): the simplest game
//! infinitesimally close to G, i.e. G with every infinitesimal
//! difference forgotten (`{4|-2}` stays, `↑` and `*` become 0, `1*`
//! becomes 1, `{1*|-1}` becomes ±1). Two games have the same reduced
//! canonical form iff their difference is infinitesimal.
//!
//! Built like the canonical form, with the order taken modulo
//! infinitesimals ([`Thermal::inf_le`]): a game infinitesimally close to
//! a number x is x; otherwise its options are reduced, options
//! Inf-dominated by another of the same player are dropped, and an
//! option G^L with some G^LR ≤ G modulo Inf (Inf-reversible) is replaced
//! by the Left options of G^LR (symmetrically for Right), until nothing
//! changes. Each step keeps the value modulo Inf, and a form with no
//! Inf-dominated or Inf-reversible option has no dominated or reversible
//! one either, so the result is canonical as it stands.

use super::Thermal;
use crate::budget::Exceeded;
use crate::game::{Arena, GameId};

impl Thermal {
    /// The reduced canonical form of G.
    pub fn reduced(&mut self, arena: &mut Arena, g: GameId) -> Result<GameId, Exceeded> {
        if arena.is_number(g) {
            return Ok(g);
        }
        if let Some(&r) = self.reduced.get(&g) {
            return Ok(r);
        }
        self.step(arena)?;
        let r = match self.close_number(arena, g)? {
            Some(x) => arena.number(x),
            None => self.reduce_options(arena, g)?,
        };
        self.reduced.insert(g, r);
        Ok(r)
    }

    fn reduce_options(&mut self, arena: &mut Arena, g: GameId) -> Result<GameId, Exceeded> {
        let (gl, gr) = arena.options(g);
        let mut left = Vec::with_capacity(gl.len());
        for &x in gl.iter() {
            left.push(self.reduced(arena, x)?);
        }
        let mut right = Vec::with_capacity(gr.len());
        for &x in gr.iter() {
            right.push(self.reduced(arena, x)?);
        }
        loop {
            self.drop_inf_dominated(arena, &mut left, true)?;
            self.drop_inf_dominated(arena, &mut right, false)?;
            // The form as it stands, for the reversibility test (its value
            // changes by infinitesimals only, which ≤ mod Inf ignores).
            let current = arena.make(left.clone(), right.clone());
            if let Some((i, bypass)) = self.inf_reversible(arena, &left, current, true)? {
                left.swap_remove(i);
                for &x in arena.left_options(bypass).iter() {
                    left.push(self.reduced(arena, x)?);
                }
                continue;
            }
            if let Some((i, bypass)) = self.inf_reversible(arena, &right, current, false)? {
                right.swap_remove(i);
                for &x in arena.right_options(bypass).iter() {
                    right.push(self.reduced(arena, x)?);
                }
                continue;
            }
            return Ok(arena.make(left, right));
        }
    }

    /// Keep the options no other option of the same player beats modulo
    /// Inf (of Inf-equivalent ones, the first). Left keeps the maximal
    /// ones, Right the minimal ones.
    fn drop_inf_dominated(
        &mut self,
        arena: &mut Arena,
        options: &mut Vec<GameId>,
        left: bool,
    ) -> Result<(), Exceeded> {
        options.sort_unstable();
        options.dedup();
        let mut kept: Vec<GameId> = Vec::with_capacity(options.len());
        for &a in options.iter() {
            let mut beaten = false;
            for &b in &kept {
                if self.no_better(arena, a, b, left)? {
                    beaten = true;
                    break;
                }
            }
            if beaten {
                continue;
            }
            let mut still = Vec::with_capacity(kept.len() + 1);
            for &b in &kept {
                if !self.no_better(arena, b, a, left)? {
                    still.push(b);
                }
            }
            still.push(a);
            kept = still;
        }
        *options = kept;
        Ok(())
    }

    /// `a` is no better than `b` modulo Inf for the player choosing.
    fn no_better(
        &mut self,
        arena: &mut Arena,
        a: GameId,
        b: GameId,
        left: bool,
    ) -> Result<bool, Exceeded> {
        if left {
            self.inf_le(arena, a, b)
        } else {
            self.inf_le(arena, b, a)
        }
    }

    /// The first option (index) that reverses modulo Inf through one of
    /// its answers, with that answer: for Left, G^L with G^LR ≤ G mod
    /// Inf; for Right, G^R with G^RL ≥ G mod Inf.
    fn inf_reversible(
        &mut self,
        arena: &mut Arena,
        options: &[GameId],
        current: GameId,
        left: bool,
    ) -> Result<Option<(usize, GameId)>, Exceeded> {
        for (i, &o) in options.iter().enumerate() {
            let answers = if left {
                arena.right_options(o)
            } else {
                arena.left_options(o)
            };
            for &a in answers.iter() {
                let reverses = if left {
                    self.inf_le(arena, a, current)?
                } else {
                    self.inf_le(arena, current, a)?
                };
                if reverses {
                    return Ok(Some((i, a)));
                }
            }
        }
        Ok(None)
    }
}
