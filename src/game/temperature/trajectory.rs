//! Piecewise-linear functions of the temperature t on [−1, ∞): the walls
//! and scaffolds of thermographs.
//!
//! Every function here has slopes −1, 0 or +1 only (Siegel 2013, II.5: a
//! left wall falls or stays, a right wall rises or stays, and taxing a
//! wall by t tilts it by one). So two of them cross where their
//! difference, of slope ±1 or ±2, reaches zero: a dyadic rational when
//! their breakpoints are. The arithmetic is exact throughout ([`Dyadic`]);
//! nothing is sampled.

use crate::game::Dyadic;
use std::fmt;

/// The slope of one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Slope {
    Down,
    Flat,
    Up,
}

impl Slope {
    fn value(self) -> i8 {
        match self {
            Slope::Down => -1,
            Slope::Flat => 0,
            Slope::Up => 1,
        }
    }

    fn from_value(v: i8) -> Option<Slope> {
        match v {
            -1 => Some(Slope::Down),
            0 => Some(Slope::Flat),
            1 => Some(Slope::Up),
            _ => None,
        }
    }

    /// The slope after adding `by`·t (None if it would leave −1..1).
    fn tilted(self, by: i8) -> Option<Slope> {
        Slope::from_value(self.value() + by)
    }
}

/// One linear piece: from `t` (inclusive) to the next piece's start, the
/// value is `v + slope·(s − t)` at temperature s.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub t: Dyadic,
    pub v: Dyadic,
    pub slope: Slope,
}

/// A continuous piecewise-linear function on [−1, ∞): pieces with
/// strictly increasing starts, the first at −1, neighbours of different
/// slopes (so each start after the first is a true breakpoint), the last
/// running on for ever.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Trajectory {
    pieces: Vec<Piece>,
}

/// The coldest temperature of the thermographs here (Siegel's subzero
/// thermography starts at −1: integers are frozen there).
pub fn coldest() -> Dyadic {
    Dyadic::integer(-1)
}

/// `d / k` for k = ±1 or ±2 (slope differences; see the module doc).
fn div_small(d: &Dyadic, k: i8) -> Dyadic {
    let d = if k < 0 { d.neg() } else { d.clone() };
    match k.unsigned_abs() {
        1 => d,
        _ => Dyadic::new(d.numerator().clone(), d.exponent() + 1),
    }
}

/// `s·x` for a small integer s (a slope, or a difference of two).
fn times(x: &Dyadic, s: i8) -> Dyadic {
    let mut sum = Dyadic::zero();
    for _ in 0..s.unsigned_abs() {
        sum = sum.add(x);
    }
    if s < 0 {
        sum.neg()
    } else {
        sum
    }
}

impl Trajectory {
    /// The constant function x.
    pub fn constant(x: Dyadic) -> Trajectory {
        Trajectory {
            pieces: vec![Piece {
                t: coldest(),
                v: x,
                slope: Slope::Flat,
            }],
        }
    }

    /// Pieces as given, merged where neighbours share a slope. None unless
    /// the first starts at −1, starts increase strictly and neighbours
    /// meet (continuity).
    pub fn from_pieces(pieces: Vec<Piece>) -> Option<Trajectory> {
        if pieces.first()?.t != coldest() {
            return None;
        }
        for w in pieces.windows(2) {
            if w[1].t <= w[0].t || Trajectory::piece_at(&w[0], &w[1].t) != w[1].v {
                return None;
            }
        }
        let mut t = Trajectory { pieces };
        t.merge();
        Some(t)
    }

    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The breakpoints (start, value) of the pieces: the function is linear
    /// between neighbours and continues with the last piece's slope after
    /// the last (flat, for a wall).
    pub fn breakpoints(&self) -> Vec<(Dyadic, Dyadic)> {
        self.pieces
            .iter()
            .map(|p| (p.t.clone(), p.v.clone()))
            .collect()
    }

    fn piece_at(p: &Piece, t: &Dyadic) -> Dyadic {
        p.v.add(&times(&t.sub(&p.t), p.slope.value()))
    }

    /// The index of the piece holding temperature t (the first for t < −1).
    fn index_at(&self, t: &Dyadic) -> usize {
        self.pieces.partition_point(|p| &p.t <= t).saturating_sub(1)
    }

    /// The value at temperature t (the first piece extended below −1).
    pub fn value_at(&self, t: &Dyadic) -> Dyadic {
        Trajectory::piece_at(&self.pieces[self.index_at(t)], t)
    }

    /// The slope of the last piece (a wall's is flat: its mast).
    pub fn tail(&self) -> Slope {
        self.pieces.last().map_or(Slope::Flat, |p| p.slope)
    }

    /// Where the last piece starts.
    pub fn last_start(&self) -> &Dyadic {
        &self.pieces[self.pieces.len() - 1].t
    }

    /// This function plus `by`·t (by = ±1): a wall taxed (−1) or
    /// subsidised (+1) by the temperature. None if a slope would leave
    /// −1..1 (a left wall has slopes −1 and 0, a right wall 0 and +1, so
    /// the scaffolds built from them never do).
    pub fn tilted(&self, by: i8) -> Option<Trajectory> {
        let pieces = self
            .pieces
            .iter()
            .map(|p| {
                Some(Piece {
                    t: p.t.clone(),
                    v: p.v.add(&times(&p.t, by)),
                    slope: p.slope.tilted(by)?,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        let mut t = Trajectory { pieces };
        t.merge();
        Some(t)
    }

    /// The pointwise maximum (`larger`) or minimum of two functions.
    pub fn combine(&self, other: &Trajectory, larger: bool) -> Trajectory {
        // Every breakpoint of either, in order.
        let mut starts: Vec<Dyadic> = self
            .pieces
            .iter()
            .chain(&other.pieces)
            .map(|p| p.t.clone())
            .collect();
        starts.sort();
        starts.dedup();
        let better = |a: &Dyadic, b: &Dyadic| if larger { a > b } else { a < b };
        let mut pieces: Vec<Piece> = Vec::new();
        for (k, t0) in starts.iter().enumerate() {
            let (p, q) = (
                &self.pieces[self.index_at(t0)],
                &other.pieces[other.index_at(t0)],
            );
            let (a, b) = (Trajectory::piece_at(p, t0), Trajectory::piece_at(q, t0));
            // On [t0, next) both are linear: the one ahead at t0 (or, when
            // level, the one going the better way) leads until they cross.
            let a_leads = if a == b {
                better(
                    &Dyadic::integer(p.slope.value()),
                    &Dyadic::integer(q.slope.value()),
                ) || p.slope == q.slope
            } else {
                better(&a, &b)
            };
            let (lead, trail, lead_v, trail_v) = if a_leads { (p, q, a, b) } else { (q, p, b, a) };
            pieces.push(Piece {
                t: t0.clone(),
                v: lead_v.clone(),
                slope: lead.slope,
            });
            // The trailing one overtakes where the gap closes, if it does
            // so before the next breakpoint.
            let closing = trail.slope.value() - lead.slope.value();
            let overtakes = if larger { closing > 0 } else { closing < 0 };
            if !overtakes || lead_v == trail_v {
                continue;
            }
            let gap = lead_v.sub(&trail_v);
            let cross = t0.add(&div_small(&gap, closing).abs());
            if starts.get(k + 1).is_some_and(|next| &cross >= next) {
                continue;
            }
            let v = Trajectory::piece_at(trail, &cross);
            pieces.push(Piece {
                t: cross,
                v,
                slope: trail.slope,
            });
        }
        let mut t = Trajectory { pieces };
        t.merge();
        t
    }

    /// The first temperature at which `self` ≤ `other`, when `self` −
    /// `other` never increases (a left scaffold against a right one).
    /// None if that never happens.
    pub fn first_at_most(&self, other: &Trajectory) -> Option<Dyadic> {
        let mut starts: Vec<Dyadic> = self
            .pieces
            .iter()
            .chain(&other.pieces)
            .map(|p| p.t.clone())
            .collect();
        starts.sort();
        starts.dedup();
        for (k, t0) in starts.iter().enumerate() {
            let (p, q) = (
                &self.pieces[self.index_at(t0)],
                &other.pieces[other.index_at(t0)],
            );
            let gap = Trajectory::piece_at(p, t0).sub(&Trajectory::piece_at(q, t0));
            if !gap.is_positive() {
                return Some(t0.clone());
            }
            let closing = q.slope.value() - p.slope.value();
            if closing <= 0 {
                continue;
            }
            let cross = t0.add(&div_small(&gap, closing));
            if starts.get(k + 1).is_none_or(|next| &cross < next) {
                return Some(cross);
            }
        }
        None
    }

    /// This function up to temperature `t` (≥ −1), then the constant `x`
    /// (a scaffold cut at the mast).
    pub fn until(&self, t: &Dyadic, x: Dyadic) -> Trajectory {
        let mut pieces: Vec<Piece> = self.pieces.iter().filter(|p| &p.t < t).cloned().collect();
        pieces.push(Piece {
            t: t.clone(),
            v: x,
            slope: Slope::Flat,
        });
        let mut t = Trajectory { pieces };
        t.merge();
        t
    }

    /// Merge neighbours of one slope (continuity makes the later start
    /// redundant).
    fn merge(&mut self) {
        self.pieces
            .dedup_by(|later, earlier| later.slope == earlier.slope);
    }
}

impl fmt::Display for Trajectory {
    /// The breakpoints, `(-1, 5) (3, 1)`; the function is linear between
    /// them and flat after the last (a wall's mast). Only walls (flat
    /// last piece) print this way; a rising or falling tail prints as a
    /// last point followed by `…` and its slope, `(-1, 1) +…`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.pieces.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "({}, {})", p.t, p.v)?;
        }
        match self.tail() {
            Slope::Flat => Ok(()),
            Slope::Up => f.write_str(" +…"),
            Slope::Down => f.write_str(" -…"),
        }
    }
}

/// A wall that does not read back.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a wall: {why}")]
pub struct TrajectoryParseError {
    pub text: String,
    pub why: String,
}

impl std::str::FromStr for Trajectory {
    type Err = TrajectoryParseError;

    /// Reads the [`fmt::Display`] form of a wall: breakpoints `(t, v)`,
    /// the first at t = −1, increasing t, slopes −1, 0 or +1 between
    /// them, flat after the last.
    fn from_str(text: &str) -> Result<Trajectory, TrajectoryParseError> {
        let fail = |why: &str| TrajectoryParseError {
            text: text.escape_debug().to_string(),
            why: why.to_string(),
        };
        let mut points = Vec::new();
        let mut rest = text.trim();
        while !rest.is_empty() {
            let inner = rest
                .strip_prefix('(')
                .ok_or_else(|| fail("expected '(' before each point"))?;
            let (point, after) = inner
                .split_once(')')
                .ok_or_else(|| fail("a point is not closed by ')'"))?;
            let (t, v) = point
                .split_once(',')
                .ok_or_else(|| fail("a point needs two numbers, t and value"))?;
            let number = |s: &str| s.trim().parse::<Dyadic>().map_err(|e| fail(&e.message));
            points.push((number(t)?, number(v)?));
            rest = after.trim_start();
        }
        if points.is_empty() {
            return Err(fail("no points"));
        }
        let mut pieces = Vec::with_capacity(points.len());
        for (i, (t, v)) in points.iter().enumerate() {
            let slope = match points.get(i + 1) {
                None => Slope::Flat,
                Some((t1, v1)) => {
                    let (dt, dv) = (t1.sub(t), v1.sub(v));
                    if !dt.is_positive() {
                        return Err(fail("temperatures must increase"));
                    }
                    if dv.is_zero() {
                        Slope::Flat
                    } else if dv == dt {
                        Slope::Up
                    } else if dv == dt.neg() {
                        Slope::Down
                    } else {
                        return Err(fail("slopes must be -1, 0 or 1"));
                    }
                }
            };
            pieces.push(Piece {
                t: t.clone(),
                v: v.clone(),
                slope,
            });
        }
        Trajectory::from_pieces(pieces).ok_or_else(|| fail("the first point must be at t = -1"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;

    fn d(s: &str) -> Dyadic {
        s.parse().unwrap()
    }

    fn line(v: &str, slope: Slope) -> Trajectory {
        Trajectory::from_pieces(vec![Piece {
            t: coldest(),
            v: d(v),
            slope,
        }])
        .unwrap()
    }

    /// The maximum against its definition, at many temperatures.
    #[test]
    fn combine_is_the_pointwise_max_and_min() {
        let shapes = [
            line("0", Slope::Up),
            line("3", Slope::Down),
            line("1", Slope::Flat),
            line("1/2", Slope::Down).combine(&line("-2", Slope::Flat), true),
            "(-1, 4) (1, 2) (5/2, 2)".parse::<Trajectory>().unwrap(),
            "(-1, -3) (0, -2) (1/4, -2) (3/4, -3/2)".parse().unwrap(),
        ];
        for a in &shapes {
            for b in &shapes {
                let (hi, lo) = (a.combine(b, true), a.combine(b, false));
                for k in -8..=48 {
                    let t = Dyadic::new(BigInt::from(k), 3);
                    let (x, y) = (a.value_at(&t), b.value_at(&t));
                    assert_eq!(hi.value_at(&t), x.clone().max(y.clone()), "max at {t}");
                    assert_eq!(lo.value_at(&t), x.min(y), "min at {t}");
                }
                // Breakpoints are real: neighbours differ in slope.
                for w in hi.pieces().windows(2) {
                    assert_ne!(w[0].slope, w[1].slope);
                }
            }
        }
    }

    #[test]
    fn first_at_most_finds_the_crossing() {
        // 4 − t against −2 + t: they meet at t = 3.
        let left = Trajectory::constant(d("4")).tilted(-1).unwrap();
        let right = Trajectory::constant(d("-2")).tilted(1).unwrap();
        assert_eq!(left.first_at_most(&right), Some(d("3")));
        // Already below at −1.
        assert_eq!(right.first_at_most(&left), Some(d("-1")));
        // −t against 1 + t: at −1/2.
        let l = Trajectory::constant(d("0")).tilted(-1).unwrap();
        let r = Trajectory::constant(d("1")).tilted(1).unwrap();
        assert_eq!(l.first_at_most(&r), Some(d("-1/2")));
    }

    #[test]
    fn walls_print_and_read_back() {
        for text in [
            "(-1, 5) (3, 1)",
            "(-1, 1) (0, 0)",
            "(-1, 7/2)",
            "(-1, -3) (1/4, -7/4) (2, -7/4) (3, -3/4)",
        ] {
            let t: Trajectory = text.parse().unwrap();
            assert_eq!(t.to_string(), text);
        }
        for bad in [
            "",
            "(0, 1)",
            "(-1, 1) (-1, 2)",
            "(-1, 0) (1, 3)",
            "(-1, 0",
            "(-1; 0)",
            "(-1, x)",
        ] {
            assert!(bad.parse::<Trajectory>().is_err(), "{bad}");
        }
        // Collinear points merge into one piece.
        let t: Trajectory = "(-1, 2) (0, 1) (1, 0)".parse().unwrap();
        assert_eq!(t.to_string(), "(-1, 2) (1, 0)");
    }
}
