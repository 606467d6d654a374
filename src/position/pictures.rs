//! Pictures for the gallery: drawings of 25–60 edges that people recognise
//! (a tree, a flower, a house, a person, a bridge, a ladder, a dog …), each
//! with coordinates so it looks right in the editor. They are what a
//! person draws first, so they are also the block solver's showcase: most
//! of their edges hang off small blocks.
//!
//! Coordinates are in layout units with y up and the ground at y = 0; a
//! grounded edge is drawn straight down from its other end.

use super::{Colour, Edge, Layout, Point, Position, GROUND};

/// A named drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    /// Kebab-case name for the `picture` preset (`picture house`).
    pub name: &'static str,
    pub title: &'static str,
    /// One line for the gallery card.
    pub note: &'static str,
    /// The normal-play value in plain notation, computed by the block
    /// solver and pinned by a test, so cards show it without computing.
    pub value: &'static str,
    pub position: Position,
    pub layout: Layout,
}

/// Every picture's name, in gallery order.
pub const NAMES: [&str; 13] = [
    "tree",
    "flower",
    "house",
    "person",
    "bridge",
    "ladder",
    "dog",
    "snowman",
    "pine",
    "sailboat",
    "sun",
    "butterfly",
    "garden",
];

/// The picture called `name`, if there is one.
pub fn picture(name: &str) -> Option<Picture> {
    let (title, note, value, pen): (&str, &str, &str, Pen) = match name {
        "tree" => (
            "Tree",
            "A trunk that forks four times: blue to the left, red to the right, green leaves.",
            "1/2*",
            tree(),
        ),
        "flower" => (
            "Flower",
            "A stem with two leaves and six petals, each a little cycle.",
            "15/32",
            flower(),
        ),
        "house" => (
            "House",
            "Walls and a roof in one cycle-rich block, windows, a door and a smoking chimney.",
            "1/4*3",
            house(),
        ),
        "person" => (
            "Person",
            "A stick figure holding a balloon.",
            "369/256",
            person(),
        ),
        "bridge" => (
            "Bridge",
            "A deck on a pier between two banks (one block), towers and lamp posts.",
            "-87/128",
            bridge(),
        ),
        "ladder" => (
            "Ladder",
            "Two rails and four rungs, a bucket on a hook and a bird on top.",
            "-3/4",
            ladder(),
        ),
        "dog" => (
            "Dog",
            "Four legs, a wagging tail, ears and a collar (after Winning Ways).",
            "5/4",
            dog(),
        ),
        "snowman" => (
            "Snowman",
            "Three stacked rings with twig arms, a hat and a carrot nose.",
            "73/64",
            snowman(),
        ),
        "pine" => (
            "Pine",
            "Four triangular tiers on a trunk, baubles and a star.",
            "207/128*",
            pine(),
        ),
        "sailboat" => (
            "Sailboat",
            "A hull on the water, a mast, a mainsail, a jib and a flag.",
            "{*,{*,{*,{*|0}|0}|0}|{*,{*,{*,{*|0}|0}|0}|0}}",
            sailboat(),
        ),
        "sun" => (
            "Sun",
            "A ring of eight edges on a stalk, with long and short rays.",
            "9/64",
            sun(),
        ),
        "butterfly" => (
            "Butterfly",
            "Four wing cycles on a body, spotted, with two antennae.",
            "*3",
            butterfly(),
        ),
        "garden" => (
            "Garden",
            "A scene: the flower and a butterfly side by side, each its own sum.",
            "15/32*3",
            garden(),
        ),
        _ => return None,
    };
    let name = NAMES.iter().copied().find(|&n| n == name)?;
    let (position, layout) = pen.finish();
    Some(Picture {
        name,
        title,
        note,
        value,
        position,
        layout,
    })
}

/// Every picture, in gallery order.
pub fn all() -> Vec<Picture> {
    NAMES.iter().filter_map(|n| picture(n)).collect()
}

/// Builds a drawing vertex by vertex.
struct Pen {
    points: Vec<Point>,
    edges: Vec<Edge>,
}

impl Pen {
    fn new() -> Pen {
        Pen {
            points: vec![Point { x: 0.0, y: 0.0 }],
            edges: Vec::new(),
        }
    }

    /// A new vertex at (x, y).
    fn at(&mut self, x: f64, y: f64) -> usize {
        self.points.push(Point { x, y });
        self.points.len() - 1
    }

    fn line(&mut self, u: usize, v: usize, colour: char) {
        let colour = Colour::from_letter(colour).unwrap_or(Colour::Green);
        self.edges.push(Edge { u, v, colour });
    }

    /// Edges along `vertices`, coloured by the letters of `colours` in turn.
    fn path(&mut self, vertices: &[usize], colours: &str) {
        let letters: Vec<char> = colours.chars().collect();
        for (k, w) in vertices.windows(2).enumerate() {
            let c = letters
                .get(k % letters.len().max(1))
                .copied()
                .unwrap_or('G');
            self.line(w[0], w[1], c);
        }
    }

    /// A closed path through `vertices`.
    fn ring(&mut self, vertices: &[usize], colours: &str) {
        let mut closed = vertices.to_vec();
        if let Some(&first) = vertices.first() {
            closed.push(first);
        }
        self.path(&closed, colours);
    }

    /// A new vertex at (x, y) joined to `from`.
    fn branch(&mut self, from: usize, x: f64, y: f64, colour: char) -> usize {
        let v = self.at(x, y);
        self.line(from, v, colour);
        v
    }

    /// `other` drawn `dx` units to the right, on the same ground.
    fn beside(mut self, other: Pen, dx: f64) -> Pen {
        let shift = self.points.len() - 1;
        let rename = |v: usize| if v == GROUND { GROUND } else { v + shift };
        self.points
            .extend(other.points.iter().skip(1).map(|p| Point {
                x: p.x + dx,
                y: p.y,
            }));
        self.edges.extend(other.edges.iter().map(|e| Edge {
            u: rename(e.u),
            v: rename(e.v),
            colour: e.colour,
        }));
        self
    }

    fn finish(mut self) -> (Position, Layout) {
        // The ground's point is nominal: under the middle of the drawing.
        let xs = self.points.iter().skip(1).map(|p| p.x);
        let (lo, hi) = xs.fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x)));
        if lo <= hi {
            self.points[GROUND] = Point {
                x: (lo + hi) / 2.0,
                y: 0.0,
            };
        }
        let position = Position {
            vertex_count: self.points.len(),
            edges: self.edges,
        };
        (
            position,
            Layout {
                points: self.points,
            },
        )
    }
}

/// A point at `radius` from (cx, cy) in direction `degrees` (0 = right,
/// counter-clockwise).
fn polar(cx: f64, cy: f64, radius: f64, degrees: f64) -> (f64, f64) {
    let a = degrees.to_radians();
    (cx + radius * a.cos(), cy + radius * a.sin())
}

/// `n` new vertices evenly round a circle, the first at `start` degrees.
fn circle(pen: &mut Pen, cx: f64, cy: f64, radius: f64, n: usize, start: f64) -> Vec<usize> {
    (0..n)
        .map(|k| {
            let (x, y) = polar(cx, cy, radius, start + 360.0 * k as f64 / n as f64);
            pen.at(x, y)
        })
        .collect()
}

fn tree() -> Pen {
    let mut pen = Pen::new();
    let t1 = pen.at(0.0, 1.0);
    let t2 = pen.at(0.0, 2.0);
    let t3 = pen.at(0.0, 3.0);
    pen.path(&[GROUND, t1, t2, t3], "BRG");
    // Four levels of forks: 2 + 4 + 8 + 16 edges.
    let mut tips = vec![(t3, 0.0)];
    let mut spread = 3.2;
    for level in 0..4 {
        let mut next = Vec::new();
        for &(v, x) in &tips {
            let y = 4.0 + level as f64;
            let leaf = level == 3;
            let l = pen.branch(v, x - spread / 2.0, y, if leaf { 'G' } else { 'B' });
            let r = pen.branch(v, x + spread / 2.0, y, if leaf { 'G' } else { 'R' });
            next.push((l, x - spread / 2.0));
            next.push((r, x + spread / 2.0));
        }
        tips = next;
        spread /= 2.0;
    }
    pen
}

fn flower() -> Pen {
    let mut pen = Pen::new();
    let s1 = pen.at(0.0, 1.0);
    let s2 = pen.at(0.0, 2.0);
    let s3 = pen.at(0.0, 3.0);
    let c = pen.at(0.0, 4.0);
    pen.path(&[GROUND, s1, s2, s3, c], "BRBB");
    // Leaves: small triangles on the stem.
    let a = pen.at(-1.0, 1.3);
    let b = pen.at(-0.8, 1.9);
    pen.ring(&[s1, a, b], "RRB");
    let a = pen.at(1.0, 2.3);
    let b = pen.at(0.8, 2.9);
    pen.ring(&[s2, a, b], "BBR");
    // Six petals round the centre.
    for k in 0..6 {
        let angle = 30.0 + 60.0 * k as f64;
        let (x1, y1) = polar(0.0, 4.0, 1.2, angle - 18.0);
        let (x2, y2) = polar(0.0, 4.0, 1.2, angle + 18.0);
        let p1 = pen.at(x1, y1);
        let p2 = pen.at(x2, y2);
        let colours = if k % 2 == 0 { "RBR" } else { "BRB" };
        pen.ring(&[c, p1, p2], colours);
    }
    pen
}

fn house() -> Pen {
    let mut pen = Pen::new();
    let a = pen.at(0.0, 1.0);
    let b = pen.at(0.0, 2.0);
    let c = pen.at(0.0, 3.0);
    let d = pen.at(4.0, 1.0);
    let e = pen.at(4.0, 2.0);
    let f = pen.at(4.0, 3.0);
    let g = pen.at(2.0, 3.0);
    pen.path(&[GROUND, a, b, c], "BBB");
    pen.path(&[GROUND, d, e, f], "RRR");
    pen.path(&[c, g, f], "GG");
    // The roof closes a second cycle over the ceiling.
    let r1 = pen.at(1.0, 4.0);
    let r2 = pen.at(2.0, 5.0);
    let r3 = pen.at(3.0, 4.0);
    pen.path(&[c, r1, r2, r3, f], "RBRB");
    // Chimney with a puff of smoke.
    let h1 = pen.at(3.0, 5.0);
    let h2 = pen.at(3.0, 5.8);
    pen.path(&[r3, h1, h2], "RG");
    pen.line(h2, h2, 'G');
    // Windows hang from the walls.
    for (wall, x0, colours) in [(b, 0.6, "BRBR"), (e, 2.6, "RBRB")] {
        let w1 = pen.at(x0, 2.4);
        let w2 = pen.at(x0 + 0.8, 2.4);
        let w3 = pen.at(x0 + 0.8, 1.6);
        let w4 = pen.at(x0, 1.6);
        let hook = if wall == b { w1 } else { w2 };
        pen.line(wall, hook, 'G');
        pen.ring(&[w1, w2, w3, w4], colours);
    }
    // A door standing on the ground, with a knob.
    let d1 = pen.at(1.6, 1.4);
    let d2 = pen.at(2.4, 1.4);
    pen.path(&[GROUND, d1, d2, GROUND], "BGR");
    pen.line(d2, d2, 'B');
    pen
}

fn person() -> Pen {
    let mut pen = Pen::new();
    let k1 = pen.at(-0.5, 1.0);
    let k2 = pen.at(0.5, 1.0);
    let hip = pen.at(0.0, 2.0);
    pen.path(&[GROUND, k1, hip], "BB");
    pen.path(&[GROUND, k2, hip], "RR");
    let chest = pen.at(0.0, 3.0);
    let shoulders = pen.at(0.0, 4.0);
    let neck = pen.at(0.0, 4.5);
    pen.path(&[hip, chest, shoulders, neck], "BBR");
    let e1 = pen.at(-1.0, 3.5);
    let h1 = pen.at(-1.8, 4.1);
    pen.path(&[shoulders, e1, h1], "BB");
    let e2 = pen.at(1.0, 3.5);
    let h2 = pen.at(1.8, 4.1);
    pen.path(&[shoulders, e2, h2], "RR");
    for (hand, dx, c) in [(h1, -1.0, 'B'), (h2, 1.0, 'R')] {
        pen.branch(
            hand,
            -0.2 * dx + (if dx < 0.0 { -1.9 } else { 1.9 }),
            4.5,
            c,
        );
        pen.branch(hand, if dx < 0.0 { -2.3 } else { 2.3 }, 4.0, c);
    }
    // Head: a hexagon on the neck, hair on top.
    let (hx, hy) = (0.0, 5.2);
    let mut head = vec![neck];
    for k in 1..6 {
        let (x, y) = polar(hx, hy, 0.7, 270.0 + 60.0 * k as f64);
        head.push(pen.at(x, y));
    }
    pen.ring(&head, "BRBRBR");
    let top = head[3];
    for dx in [-0.4, 0.0, 0.4] {
        pen.branch(top, dx, 6.4, if dx < 0.0 { 'B' } else { 'R' });
    }
    // A balloon on a string from the right hand.
    let s1 = pen.at(2.2, 5.0);
    let s2 = pen.at(2.4, 6.0);
    pen.path(&[h2, s1, s2], "BR");
    let mut balloon = vec![s2];
    for k in 1..5 {
        let (x, y) = polar(2.4, 6.8, 0.8, 270.0 + 72.0 * k as f64);
        balloon.push(pen.at(x, y));
    }
    pen.ring(&balloon, "RRRRR");
    pen
}

fn bridge() -> Pen {
    let mut pen = Pen::new();
    let deck: Vec<usize> = (0..9).map(|k| pen.at(k as f64, 1.0)).collect();
    pen.path(&deck, "BRBRRBRB");
    // Two banks and a pier stand on the ground.
    for (k, c) in [(0usize, 'B'), (4, 'R'), (8, 'R')] {
        pen.line(GROUND, deck[k], c);
    }
    // Towers with pennants and bunting.
    for (k, colours, bunting) in [(2usize, "BRBR", 'R'), (6, "RBRB", 'B')] {
        let x = k as f64;
        let t1 = pen.at(x, 2.0);
        let t2 = pen.at(x, 3.0);
        let top = pen.at(x, 3.6);
        let flag = pen.at(x + 0.6, 3.4);
        pen.path(&[deck[k], t1, t2, top, flag], colours);
        pen.line(t1, t1, bunting);
        pen.line(t2, t2, bunting);
    }
    // Lamp posts at both ends.
    for (k, c) in [(1usize, 'B'), (7, 'R')] {
        pen.branch(deck[k], k as f64, 1.7, c);
    }
    pen
}

fn ladder() -> Pen {
    let mut pen = Pen::new();
    let left: Vec<usize> = (1..=4).map(|k| pen.at(0.25 * k as f64, k as f64)).collect();
    let right: Vec<usize> = (1..=4)
        .map(|k| pen.at(1.2 + 0.25 * k as f64, k as f64))
        .collect();
    let mut rail = vec![GROUND];
    rail.extend(&left);
    pen.path(&rail, "B");
    let mut rail = vec![GROUND];
    rail.extend(&right);
    pen.path(&rail, "R");
    for k in 0..4 {
        pen.line(left[k], right[k], if k % 2 == 0 { 'R' } else { 'B' });
    }
    // A bucket on a hook from the third rung's right end.
    let hook = pen.branch(right[2], 2.4, 2.6, 'R');
    let b1 = pen.at(2.1, 2.0);
    let b2 = pen.at(2.2, 1.5);
    let b3 = pen.at(2.8, 1.5);
    let b4 = pen.at(2.9, 2.0);
    pen.ring(&[hook, b1, b2, b3, b4], "BBRBR");
    // A bird on top.
    let body = pen.branch(left[3], 1.4, 4.6, 'R');
    let head = pen.branch(body, 1.8, 5.0, 'B');
    pen.branch(head, 2.2, 5.0, 'R');
    pen.branch(body, 0.9, 4.9, 'B');
    pen.branch(body, 1.1, 5.2, 'R');
    pen.line(hook, hook, 'B');
    pen.line(head, head, 'B');
    pen
}

fn dog() -> Pen {
    let mut pen = Pen::new();
    let f1 = pen.at(-1.2, 1.0);
    let f2 = pen.at(-0.8, 1.0);
    let chest = pen.at(-1.0, 2.0);
    let b1 = pen.at(1.8, 1.0);
    let b2 = pen.at(2.2, 1.0);
    let hip = pen.at(2.0, 2.0);
    pen.path(&[GROUND, f1, chest], "BB");
    pen.path(&[GROUND, f2, chest], "BR");
    pen.path(&[GROUND, b1, hip], "RR");
    pen.path(&[GROUND, b2, hip], "RB");
    let mid = pen.at(0.5, 2.2);
    pen.path(&[chest, mid, hip], "GG");
    // A wagging tail.
    let t1 = pen.at(2.6, 2.8);
    let t2 = pen.at(3.2, 3.1);
    let t3 = pen.at(3.5, 3.7);
    pen.path(&[hip, t1, t2, t3], "RBR");
    // Neck, collar and head.
    let n1 = pen.at(-1.3, 2.8);
    pen.line(chest, n1, 'B');
    pen.line(n1, n1, 'G');
    let h1 = pen.at(-1.6, 3.5);
    let h2 = pen.at(-2.5, 3.4);
    let h3 = pen.at(-2.6, 3.0);
    let h4 = pen.at(-1.8, 2.9);
    pen.ring(&[n1, h1, h2, h3, h4], "BRBRB");
    pen.branch(h2, -2.9, 3.3, 'G');
    pen.branch(h1, -1.2, 4.1, 'B');
    pen.branch(h1, -1.8, 4.2, 'R');
    let tongue = pen.branch(h3, -2.4, 2.6, 'R');
    pen.branch(tongue, -2.3, 2.3, 'R');
    pen.line(t2, t2, 'B');
    pen
}

fn snowman() -> Pen {
    let mut pen = Pen::new();
    let foot = pen.at(0.0, 0.5);
    pen.line(GROUND, foot, 'B');
    // Bottom ring from the foot up.
    let mut low = vec![foot];
    for k in 1..8 {
        let (x, y) = polar(0.0, 1.7, 1.2, 270.0 + 45.0 * k as f64);
        low.push(pen.at(x, y));
    }
    pen.ring(&low, "BRBRBRBR");
    let waist = low[4];
    let mut mid = vec![waist];
    for k in 1..6 {
        let (x, y) = polar(0.0, 3.7, 0.8, 270.0 + 60.0 * k as f64);
        mid.push(pen.at(x, y));
    }
    pen.ring(&mid, "RBRBRB");
    let neck = mid[3];
    let mut head = vec![neck];
    for k in 1..5 {
        let (x, y) = polar(0.0, 5.0, 0.5, 270.0 + 72.0 * k as f64);
        head.push(pen.at(x, y));
    }
    pen.ring(&head, "BBRRB");
    // Twig arms with fingers.
    for (v, dir, c) in [(mid[2], 1.0, 'B'), (mid[4], -1.0, 'R')] {
        let (x, y) = (pen.points[v].x, pen.points[v].y);
        let elbow = pen.branch(v, x + 0.8 * dir, y + 0.4, c);
        pen.branch(elbow, x + 1.4 * dir, y + 0.9, 'R');
        pen.branch(elbow, x + 1.5 * dir, y + 0.3, 'B');
    }
    // A carrot nose and a hat.
    pen.branch(head[1], 0.9, 4.9, 'R');
    let top = head[2];
    let brim_l = pen.branch(top, -0.6, 5.6, 'B');
    let brim_r = pen.branch(top, 0.6, 5.6, 'B');
    let crown = pen.at(0.0, 6.3);
    pen.path(&[brim_l, crown, brim_r], "RR");
    // Buttons.
    pen.line(low[3], low[3], 'B');
    pen.line(mid[1], mid[1], 'R');
    pen
}

fn pine() -> Pen {
    let mut pen = Pen::new();
    let r1 = pen.at(0.0, 0.7);
    pen.line(GROUND, r1, 'B');
    let mut below = r1;
    for tier in 0..4 {
        let y = 1.4 + 1.1 * tier as f64;
        let half = 2.0 - 0.4 * tier as f64;
        let v = pen.at(0.0, y);
        pen.line(below, v, if tier % 2 == 0 { 'B' } else { 'R' });
        let l = pen.at(-half, y - 0.3);
        let r = pen.at(half, y - 0.3);
        pen.ring(&[v, l, r], "GGG");
        // Baubles hang from the tips.
        let c = if tier % 2 == 0 { 'R' } else { 'B' };
        let bl = pen.branch(l, -half, y - 0.8, c);
        pen.line(bl, bl, c);
        let br = pen.branch(r, half, y - 0.8, c);
        pen.line(br, br, c);
        below = v;
    }
    // A star: a spike with three points and a loop.
    let star = pen.branch(below, 0.0, 5.6, 'R');
    for (dx, dy) in [(-0.4, 0.2), (0.0, 0.5), (0.4, 0.2)] {
        pen.branch(star, dx, 5.6 + dy, 'B');
    }
    pen.line(star, star, 'G');
    pen
}

fn sailboat() -> Pen {
    let mut pen = Pen::new();
    let a = pen.at(-2.2, 1.2);
    let b = pen.at(-1.2, 0.5);
    let c = pen.at(1.2, 0.5);
    let d = pen.at(2.2, 1.2);
    let m = pen.at(0.0, 1.2);
    pen.line(GROUND, b, 'B');
    pen.line(GROUND, c, 'R');
    pen.path(&[a, b, c, d], "BGR");
    pen.path(&[a, m, d], "BR");
    // Portholes.
    pen.line(b, b, 'B');
    pen.line(c, c, 'R');
    // The mast.
    let m1 = pen.at(0.0, 2.2);
    let m2 = pen.at(0.0, 3.2);
    let m3 = pen.at(0.0, 4.2);
    let top = pen.at(0.0, 5.0);
    pen.path(&[m, m1, m2, m3, top], "GGGG");
    // Mainsail: from the top to the boom end and back to the mast's foot.
    let boom = pen.at(1.8, 1.6);
    pen.path(&[top, boom, m1], "BB");
    // Jib, in front of the mast.
    let jib = pen.at(-1.5, 1.8);
    pen.path(&[m3, jib, m1], "RR");
    // A flag on top.
    let f1 = pen.at(0.6, 5.2);
    let f2 = pen.at(0.4, 5.5);
    pen.ring(&[top, f1, f2], "RBG");
    // A gull above.
    let g1 = pen.branch(f2, 1.0, 6.0, 'G');
    pen.branch(g1, 1.5, 6.2, 'B');
    pen.branch(g1, 1.4, 5.8, 'R');
    // Pennants streaming from the flag.
    let p1 = pen.branch(f1, 1.0, 5.1, 'B');
    pen.branch(p1, 1.3, 5.0, 'R');
    pen.line(p1, p1, 'G');
    pen
}

fn sun() -> Pen {
    let mut pen = Pen::new();
    let s1 = pen.at(0.0, 1.0);
    let ring = circle(&mut pen, 0.0, 3.0, 1.0, 8, 270.0);
    pen.path(&[GROUND, s1, ring[0]], "BR");
    pen.ring(&ring, "BRBRBRBR");
    // Long rays on the diagonals, short ones straight out.
    for (k, &v) in ring.iter().enumerate() {
        let angle = 270.0 + 45.0 * k as f64;
        let long = k % 2 == 1;
        let steps: &[f64] = if long { &[1.5, 2.0, 2.5] } else { &[1.6] };
        let colours: &[char] = if k % 4 == 1 {
            &['B', 'R', 'B']
        } else {
            &['R', 'B', 'R']
        };
        let mut from = v;
        for (step, &radius) in steps.iter().enumerate() {
            let (x, y) = polar(0.0, 3.0, radius, angle);
            from = pen.branch(from, x, y, colours[step]);
        }
    }
    pen
}

fn butterfly() -> Pen {
    let mut pen = Pen::new();
    let b1 = pen.at(0.0, 1.0);
    let b2 = pen.at(0.0, 2.0);
    let b3 = pen.at(0.0, 3.0);
    pen.path(&[GROUND, b1, b2, b3], "GGG");
    for (dir, colours) in [(-1.0, "BBBB"), (1.0, "RRRR")] {
        // Upper wing (four edges) and lower wing (three), both at b2.
        let u1 = pen.at(1.2 * dir, 3.2);
        let u2 = pen.at(2.2 * dir, 3.4);
        let u3 = pen.at(2.0 * dir, 2.2);
        pen.ring(&[b2, u1, u2, u3], colours);
        let l1 = pen.at(1.6 * dir, 1.8);
        let l2 = pen.at(1.0 * dir, 1.0);
        pen.ring(&[b2, l1, l2], &colours[..3]);
        // Spots.
        pen.line(u2, u2, 'G');
        pen.line(l1, l1, if dir < 0.0 { 'R' } else { 'B' });
    }
    // Antennae with knobs.
    for dir in [-1.0, 1.0] {
        let a1 = pen.branch(b3, 0.3 * dir, 3.8, 'G');
        let a2 = pen.branch(a1, 0.7 * dir, 4.3, 'G');
        pen.line(a2, a2, if dir < 0.0 { 'B' } else { 'R' });
    }
    pen
}

fn garden() -> Pen {
    flower().beside(butterfly(), 4.5)
}
