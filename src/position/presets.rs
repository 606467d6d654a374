//! Named families of positions from the literature, for tests, the UI's
//! preset menu and the CLI.
//!
//! Each builder documents its definition and source. Builders take sizes the
//! caller has already checked and panic (documented) past [`MAX_EDGES`]; the
//! string front end [`build`] checks everything first and never panics.

use crate::rng::SplitMix64;
use crate::rules::Player;

use super::{Colour, Edge, Position, TooManyEdges, GROUND, MAX_EDGES};

/// A stalk (Hackenbush string): a path standing on the ground, `colours`
/// given from the ground up as notation letters, e.g. `stalk("BRR")` = 1/4.
///
/// # Panics
/// On a letter other than `B`, `R`, `G`, `X`, or more than [`MAX_EDGES`] edges.
pub fn stalk(colours: &str) -> Position {
    let colours: Vec<Colour> = colours
        .chars()
        .map(|c| Colour::from_letter(c).unwrap_or_else(|| panic!("not a colour letter: {c:?}")))
        .collect();
    let mut b = Sum::default();
    b.stalk(&colours);
    b.finish()
}

/// Stalks side by side, each given as for [`stalk`]: `stalks(&["BR", "RB"])`
/// is `BR RB`.
///
/// # Panics
/// As [`stalk`], counting the edges of all stalks together.
pub fn stalks(colours: &[&str]) -> Position {
    let count = colours.iter().map(|c| c.chars().count()).sum::<usize>();
    assert!(count <= MAX_EDGES, "{}", TooManyEdges { count });
    let mut b = Sum::default();
    for c in colours {
        let c: Vec<Colour> = c
            .chars()
            .map(|l| Colour::from_letter(l).unwrap_or_else(|| panic!("not a colour letter: {l:?}")))
            .collect();
        b.stalk(&c);
    }
    b.finish()
}

/// A hollyhock (2024 quantum Hackenbush thesis §4.3, name from Winning
/// Ways): a stalk whose grounded edge belongs to `owner` and whose other
/// `length − 1` edges all belong to the opponent. A blue hollyhock `BR…R` of
/// length l is 1/2^(l−1): by the sign-expansion rule (thesis Theorem 4.1) it
/// is 1 − 1/2 − 1/4 − … − 1/2^(l−1) = 1/2^(l−1). Red hollyhocks are negatives.
///
/// # Panics
/// If `length` exceeds [`MAX_EDGES`] (checked before allocating).
pub fn hollyhock(owner: Player, length: usize) -> Position {
    assert!(length <= MAX_EDGES, "{}", TooManyEdges { count: length });
    let (own, other) = match owner {
        Player::Left => (Colour::Blue, Colour::Red),
        Player::Right => (Colour::Red, Colour::Blue),
    };
    let mut colours = vec![other; length];
    if let Some(first) = colours.first_mut() {
        *first = own;
    }
    let mut b = Sum::default();
    b.stalk(&colours);
    b.finish()
}

/// Blue Meadow (2024 thesis §4.1): `n` blue halves `BR` and `m` red wholes
/// `R`, in that label order; classically n/2 − m.
///
/// # Panics
/// Past [`MAX_EDGES`] edges.
pub fn blue_meadow(n: usize, m: usize) -> Position {
    let count = n.saturating_mul(2).saturating_add(m);
    assert!(count <= MAX_EDGES, "{}", TooManyEdges { count });
    let mut b = Sum::default();
    b.repeat(n, &[Colour::Blue, Colour::Red]);
    b.repeat(m, &[Colour::Red]);
    b.finish()
}

/// Sums of halves (2022 synchronous Hackenbush thesis): `m` blue halves `BR`
/// then `n` red halves `RB`; classically (m − n)/2.
///
/// # Panics
/// Past [`MAX_EDGES`] edges.
pub fn sums_of_halves(m: usize, n: usize) -> Position {
    let count = m.saturating_add(n).saturating_mul(2);
    assert!(count <= MAX_EDGES, "{}", TooManyEdges { count });
    let mut b = Sum::default();
    b.repeat(m, &[Colour::Blue, Colour::Red]);
    b.repeat(n, &[Colour::Red, Colour::Blue]);
    b.finish()
}

/// The circus tent C_n (2024 thesis §5): `n` legs, each a grounded blue edge
/// with a red edge on top, all red tops joined in one vertex. Labels go leg
/// by leg (blue, then its red), so `circus_tent(2)` is
/// `0-1:B 1-3:R 0-2:B 2-3:R` up to vertex names. Its value is 1 for n ≥ 2;
/// n = 1 gives the stalk `BR` and n = 0 the empty position.
pub fn circus_tent(n: usize) -> Position {
    let count = n.saturating_mul(2);
    assert!(count <= MAX_EDGES, "{}", TooManyEdges { count });
    let top = n + 1;
    let mut edges = Vec::with_capacity(2 * n);
    for leg in 1..=n {
        edges.push(edge(GROUND, leg, Colour::Blue));
        edges.push(edge(leg, top, Colour::Red));
    }
    Position::from_edges(edges).normalized()
}

/// Redwood furniture (Winning Ways, vol. 1, ch. 7; the 2024 thesis §5 states it as:
/// no grounded edge is red, every blue edge is grounded with its upper end
/// on a unique red edge, and everything is connected). Its value is
/// {0 | G^R} for the smallest Right option G^R (thesis Theorem 5.1).
///
/// Built as: leg i (0-based) is a blue foot from the ground to a fresh
/// vertex, and on it a red edge up to "top vertex" `legs[i]`; then a red edge
/// for each pair in `seat` between top vertices. Top vertex numbers are the
/// caller's names (any numbers); they never coincide with feet or ground.
/// Labels: feet and their red edges leg by leg, then the seat edges.
/// `redwood_furniture(&[1, 1], &[])` is the 2-leg circus tent; a four-legged
/// table is `redwood_furniture(&[1, 2, 3, 4], &[(1, 2), (2, 3), (3, 4)])`.
///
/// Errors: no legs, more than [`MAX_EDGES`] edges, or not connected.
pub fn redwood_furniture(legs: &[usize], seat: &[(usize, usize)]) -> Result<Position, String> {
    if legs.is_empty() {
        return Err("redwood furniture needs at least one leg".into());
    }
    let count = legs.len().saturating_mul(2).saturating_add(seat.len());
    TooManyEdges::check(count).map_err(|e| format!("redwood furniture: {e}"))?;
    // Top vertices get ids after the feet, in order of first mention.
    let mut tops: Vec<usize> = Vec::new();
    let mut top_vertex = |name: usize| {
        let k = tops.iter().position(|&t| t == name).unwrap_or_else(|| {
            tops.push(name);
            tops.len() - 1
        });
        legs.len() + 1 + k
    };
    let mut edges = Vec::with_capacity(count);
    for (i, &name) in legs.iter().enumerate() {
        let foot = i + 1;
        edges.push(edge(GROUND, foot, Colour::Blue));
        edges.push(edge(foot, top_vertex(name), Colour::Red));
    }
    for &(a, b) in seat {
        edges.push(edge(top_vertex(a), top_vertex(b), Colour::Red));
    }
    let p = Position::from_edges(edges);
    // Connected: removing the ground must leave one piece.
    if p.components(p.full_set()).len() != 1 {
        return Err("redwood furniture must be connected (join the legs with seat edges)".into());
    }
    Ok(p.normalized())
}

/// A redwood bed (2023 childish Hackenbush thesis, Figure 3.2, after Winning
/// Ways' NP-hardness construction): `m` blue legs on the ground, each with a
/// red edge on top, and the tops joined by a graph of red edges only; `n` is
/// the total number of red edges (n ≥ m). Our red graph: the first n − m
/// extra red edges join the tops in a path (top 1 – top 2 – …), and any
/// further ones form a red chain rising from the last top. In Childish
/// Hackenbush every redwood bed is m − n (thesis Proposition 3.1.11); with
/// n = m it is m separate `BR` halves.
///
/// # Panics
/// If m = 0, n < m, or there would be more than [`MAX_EDGES`] edges.
pub fn redwood_bed(m: usize, n: usize) -> Position {
    assert!(m >= 1 && n >= m, "a redwood bed needs 1 ≤ m ≤ n");
    let count = m.saturating_add(n);
    assert!(count <= MAX_EDGES, "{}", TooManyEdges { count });
    let mut edges = Vec::with_capacity(m + n);
    let top = |i: usize| m + 1 + i; // top of leg i (0-based)
    for i in 0..m {
        edges.push(edge(GROUND, i + 1, Colour::Blue));
        edges.push(edge(i + 1, top(i), Colour::Red));
    }
    let mut extra = n - m;
    let path = extra.min(m - 1);
    for i in 0..path {
        edges.push(edge(top(i), top(i + 1), Colour::Red));
    }
    extra -= path;
    let mut below = top(m - 1);
    for k in 0..extra {
        let above = 2 * m + 1 + k;
        edges.push(edge(below, above, Colour::Red));
        below = above;
    }
    Position::from_edges(edges).normalized()
}

/// A sprig (McKay, Milley, Nowakowski, misère Hackenbush sprigs): a stalk
/// whose grounded edge is green and whose other edges, `colours` from the
/// ground up, are red or blue; its value is *:x for the red-blue part's x.
///
/// # Panics
/// On a letter other than `B` or `R`, or too many edges.
pub fn sprig(colours: &str) -> Position {
    assert!(
        colours.chars().all(|c| c == 'B' || c == 'R'),
        "a sprig's upper edges are B or R"
    );
    stalk(&format!("G{colours}"))
}

/// A nim heap of `k` as a green stalk of `k` edges (the 2024 thesis §3.4:
/// Nim-cut is contained in Red-Green-Blue Hackenbush this way); value *k.
///
/// # Panics
/// If `k` exceeds [`MAX_EDGES`] (checked before allocating).
pub fn nim_heap(k: usize) -> Position {
    assert!(k <= MAX_EDGES, "{}", TooManyEdges { count: k });
    let mut b = Sum::default();
    b.stalk(&vec![Colour::Green; k]);
    b.finish()
}

/// Nim heaps as green stalks side by side (`nim:3,2` drawn as `GGG GG`),
/// or an error if they have more than [`MAX_EDGES`] tokens in all: `nim:`
/// allows more (quantum Nim plays on heaps, not on a position), so this is
/// where the limit of a Hackenbush position is checked — before anything is
/// allocated, since the heaps may come straight from input.
pub fn nim_heaps(heaps: &[u32]) -> Result<Position, TooManyEdges> {
    let total = heaps
        .iter()
        .fold(0usize, |sum, &h| sum.saturating_add(h as usize));
    TooManyEdges::check(total)?;
    let mut b = Sum::default();
    for &h in heaps {
        b.stalk(&vec![Colour::Green; h as usize]);
    }
    Ok(b.finish())
}

/// A seeded random multigraph of `edges` edges (capped at [`MAX_EDGES`]),
/// every edge connected to the ground, colours drawn from `colours` (blue,
/// red and green if empty). Each new edge touches a vertex already
/// connected: mostly growing a new vertex (trees, stalks), sometimes closing
/// a cycle or doubling an edge, rarely a loop. Same seed, same position, on
/// every platform (SplitMix64; no floating point).
pub fn random(seed: u64, edges: usize, colours: &[Colour]) -> Position {
    let palette: &[Colour] = if colours.is_empty() {
        &[Colour::Blue, Colour::Red, Colour::Green]
    } else {
        colours
    };
    let mut rng = SplitMix64(seed);
    let mut vertices = 1; // the ground
    let mut list: Vec<Edge> = Vec::new();
    for _ in 0..edges.min(MAX_EDGES) {
        let colour = palette[rng.below(palette.len())];
        let a = rng.below(vertices);
        let roll = rng.below(100);
        let b = if roll < 6 {
            a // loop
        } else if roll < 30 && vertices > 1 {
            rng.below(vertices) // cycle or parallel edge
        } else {
            vertices += 1;
            vertices - 1
        };
        list.push(edge(a, b, colour));
    }
    Position::from_edges(list).normalized()
}

/// The kinds of drawing [`green_picture`] makes.
pub const GREEN_PICTURE_KINDS: [&str; 4] = ["flowers", "houses", "ladder", "mixed"];

/// A seeded drawing of about `edges` edges (at most `edges`, capped at
/// [`MAX_EDGES`]) of the kinds people draw with green edges and cycles,
/// kind `kind % 4` of [`GREEN_PICTURE_KINDS`]: a tree whose branches end
/// in flowers (green petals, each a small cycle through the centre), a
/// row of houses (coloured walls, green ceilings, roofs, windows hanging
/// from the walls), a ladder with coloured rails and green rungs (with a
/// green bucket; six rungs at most), or a mixed scribble of small cycles of every colour on
/// stalks. Same seed, same drawing (SplitMix64).
pub fn green_picture(seed: u64, kind: usize, edges: usize) -> Position {
    let mut d = PictureBuilder {
        rng: SplitMix64(seed),
        edges: Vec::new(),
        vertices: 1,
        limit: edges.min(MAX_EDGES),
    };
    match kind % 4 {
        0 => d.flowers(),
        1 => d.houses(),
        2 => d.ladder(),
        _ => d.mixed(),
    }
    Position::from_edges(d.edges).normalized()
}

/// A drawing under construction for [`green_picture`]: every piece is
/// added only if it fits in the edge limit.
struct PictureBuilder {
    rng: SplitMix64,
    edges: Vec<Edge>,
    vertices: usize,
    limit: usize,
}

impl PictureBuilder {
    fn room(&self) -> usize {
        self.limit - self.edges.len()
    }
    fn vertex(&mut self) -> usize {
        self.vertices += 1;
        self.vertices - 1
    }
    fn line(&mut self, u: usize, v: usize, colour: Colour) {
        if self.edges.len() < self.limit {
            self.edges.push(edge(u, v, colour));
        }
    }
    fn colour(&mut self, palette: &[Colour]) -> Colour {
        palette[self.rng.below(palette.len())]
    }
    /// A stalk of `len` edges from `from`; its top.
    fn stalk(&mut self, from: usize, len: usize, palette: &[Colour]) -> usize {
        let mut below = from;
        for _ in 0..len {
            let v = self.vertex();
            let c = self.colour(palette);
            self.line(below, v, c);
            below = v;
        }
        below
    }
    /// A cycle of `len` edges through `at` (2: a pair of parallel edges).
    fn cycle(&mut self, at: usize, len: usize, palette: &[Colour]) {
        let mut prev = at;
        for _ in 1..len {
            let v = self.vertex();
            let c = self.colour(palette);
            self.line(prev, v, c);
            prev = v;
        }
        let c = self.colour(palette);
        self.line(prev, at, c);
    }

    fn flowers(&mut self) {
        const ANY: [Colour; 3] = [Colour::Blue, Colour::Red, Colour::Green];
        const GREEN: [Colour; 1] = [Colour::Green];
        let trunk = self.stalk(GROUND, 2, &ANY);
        let mut tips = vec![trunk];
        while self.room() > 8 {
            let at = tips[self.rng.below(tips.len())];
            let len = 1 + self.rng.below(2);
            let top = self.stalk(at, len, &ANY);
            tips.push(top);
            // A flower: petals are green cycles of 2–3 edges through the
            // centre, sometimes with one coloured petal.
            let petals = 2 + self.rng.below(3);
            for k in 0..petals {
                let len = 2 + self.rng.below(2);
                if self.room() < len {
                    break;
                }
                let palette: &[Colour] = if k == 0 && self.rng.below(3) == 0 {
                    &ANY
                } else {
                    &GREEN
                };
                self.cycle(top, len, palette);
            }
        }
    }

    fn houses(&mut self) {
        const BR: [Colour; 2] = [Colour::Blue, Colour::Red];
        const ANY: [Colour; 3] = [Colour::Blue, Colour::Red, Colour::Green];
        const GREEN: [Colour; 1] = [Colour::Green];
        while self.room() >= 9 {
            // Two walls, a green ceiling between their tops, a roof over it.
            let a = self.stalk(GROUND, 2, &BR);
            let b = self.stalk(GROUND, 2, &BR);
            let c = self.colour(&ANY);
            self.line(a, b, c);
            let peak = self.vertex();
            let c = self.colour(&GREEN);
            self.line(a, peak, c);
            let c = self.colour(&ANY);
            self.line(peak, b, c);
            // A window hanging from a wall, a chimney on the roof.
            if self.room() >= 5 {
                let hook = self.stalk(a, 1, &GREEN);
                self.cycle(hook, 4, &GREEN);
            }
            if self.room() >= 2 {
                let top = self.stalk(peak, 1, &BR);
                self.line(top, top, Colour::Green);
            }
        }
    }

    fn ladder(&mut self) {
        const GREEN: [Colour; 1] = [Colour::Green];
        // Six rungs: the ladder is one 2-connected block with partizan
        // rails, whose search grows about sixfold per rung.
        let height = (self.limit / 4).clamp(1, 6);
        let (mut l, mut r) = (GROUND, GROUND);
        for k in 0..height {
            if self.room() < 3 {
                break;
            }
            let (nl, nr) = (self.vertex(), self.vertex());
            let cl = if k % 3 == 2 {
                Colour::Red
            } else {
                Colour::Blue
            };
            let cr = if k % 3 == 1 {
                Colour::Blue
            } else {
                Colour::Red
            };
            self.line(l, nl, cl);
            self.line(r, nr, cr);
            self.line(nl, nr, Colour::Green);
            (l, r) = (nl, nr);
        }
        // A bucket on a hook, and a bird on top.
        while self.room() >= 5 {
            let hook = self.stalk(r, 1, &[Colour::Red]);
            self.cycle(hook, 4, &GREEN);
            r = hook;
        }
        let rest = self.room();
        self.stalk(l, rest, &[Colour::Blue, Colour::Red, Colour::Green]);
    }

    fn mixed(&mut self) {
        const ANY: [Colour; 3] = [Colour::Blue, Colour::Red, Colour::Green];
        let mut tops = vec![GROUND];
        while self.room() > 0 {
            let at = tops[self.rng.below(tops.len())];
            let len = 1 + self.rng.below(2);
            let top = self.stalk(at, len, &ANY);
            tops.push(top);
            let len = 2 + self.rng.below(3);
            if self.room() >= len {
                self.cycle(top, len, &ANY);
            }
        }
    }
}

fn edge(u: usize, v: usize, colour: Colour) -> Edge {
    Edge { u, v, colour }
}

/// Accumulates a disjunctive sum of stalks with fresh vertices.
#[derive(Default)]
struct Sum {
    edges: Vec<Edge>,
    vertices: usize,
}

impl Sum {
    fn stalk(&mut self, colours: &[Colour]) {
        let mut below = GROUND;
        for &colour in colours {
            self.vertices += 1;
            self.edges.push(edge(below, self.vertices, colour));
            below = self.vertices;
        }
    }
    fn repeat(&mut self, times: usize, colours: &[Colour]) {
        for _ in 0..times {
            self.stalk(colours);
        }
    }
    fn finish(self) -> Position {
        Position::from_edges(self.edges)
    }
}

pub use super::preset_table::{build, Field, FieldKind, Preset};
