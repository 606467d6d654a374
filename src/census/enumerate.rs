//! Every position of a class with a given number of edges, each once up to
//! isomorphism (an isomorphism fixes the ground and keeps colours), in a
//! fixed order so that "the smallest counterexample" is well defined.

use crate::budget::{Exceeded, Meter};
use crate::position::{presets, Colour, Edge, Position, GROUND};
use std::collections::BTreeSet;
use std::fmt;
use std::str::FromStr;

/// A family of positions the census walks through.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// One stalk (a path from the ground), colours from the palette.
    Stalks,
    /// Blue Meadow: n blue halves `BR` and m red wholes `R`.
    Meadow,
    /// Short hollyhocks: sums of blue and red halves and wholes (`BR`,
    /// `RB`, `B`, `R`), Blue Meadow generalised.
    Hollyhocks,
    /// Trees rooted at the ground, colours from the palette.
    Trees,
    /// Connected simple graphs containing the ground (no loops, no
    /// parallel edges), colours from the palette.
    Graphs,
}

impl Class {
    pub const ALL: [Class; 5] = [
        Class::Stalks,
        Class::Meadow,
        Class::Hollyhocks,
        Class::Trees,
        Class::Graphs,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Class::Stalks => "stalks",
            Class::Meadow => "meadow",
            Class::Hollyhocks => "hollyhocks",
            Class::Trees => "trees",
            Class::Graphs => "graphs",
        }
    }

    /// Whether the palette decides the colours (Blue Meadow and short
    /// hollyhocks are blue and red by definition).
    pub fn uses_palette(self) -> bool {
        matches!(self, Class::Stalks | Class::Trees | Class::Graphs)
    }
}

/// A class name that is not one of [`Class::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown class '{0}' (expected stalks, meadow, hollyhocks, trees or graphs)")]
pub struct ClassParseError(pub String);

impl FromStr for Class {
    type Err = ClassParseError;

    fn from_str(text: &str) -> Result<Class, ClassParseError> {
        Class::ALL
            .into_iter()
            .find(|c| c.name() == text)
            .ok_or_else(|| ClassParseError(text.to_string()))
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The colours edges may take, e.g. `BR` or `BRG`: distinct letters of
/// RULES.md §1, kept in the order B, R, G, X.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Palette(Vec<Colour>);

impl Palette {
    pub fn colours(&self) -> &[Colour] {
        &self.0
    }

    pub fn contains(&self, c: Colour) -> bool {
        self.0.contains(&c)
    }
}

impl Default for Palette {
    fn default() -> Self {
        Palette(vec![Colour::Blue, Colour::Red])
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a palette (expected distinct letters of B, R, G, X, e.g. BR or BRG)")]
pub struct PaletteParseError(pub String);

impl FromStr for Palette {
    type Err = PaletteParseError;

    fn from_str(text: &str) -> Result<Palette, PaletteParseError> {
        let bad = || PaletteParseError(text.to_string());
        let mut colours = Vec::new();
        for c in text.chars() {
            let colour = Colour::from_letter(c).ok_or_else(bad)?;
            if colours.contains(&colour) {
                return Err(bad());
            }
            colours.push(colour);
        }
        if colours.is_empty() {
            return Err(bad());
        }
        colours.sort();
        Ok(Palette(colours))
    }
}

impl fmt::Display for Palette {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|c| write!(f, "{}", c.letter()))
    }
}

/// Bytes charged for one enumerated position of `edges` edges (its edge
/// list and the canonical key kept to merge isomorphic copies).
fn position_bytes(edges: usize) -> u64 {
    (64 + 48 * edges) as u64
}

/// Every position of `class` with exactly `edges` edges, once up to
/// isomorphism, in a fixed order; charged to `meter` as it grows.
pub fn positions(
    class: Class,
    palette: &Palette,
    edges: usize,
    meter: &mut Meter,
) -> Result<Vec<Position>, Exceeded> {
    let out = match class {
        Class::Stalks => stalks(palette, edges, meter)?,
        Class::Meadow => (0..=edges / 2)
            .map(|n| presets::blue_meadow(n, edges - 2 * n))
            .collect(),
        Class::Hollyhocks => hollyhocks(edges, meter)?,
        Class::Trees => {
            let trees = trees(palette, edges, meter)?;
            let mut out = Vec::with_capacity(trees.count);
            for t in trees.iter() {
                if let Err(e) = meter.tick() {
                    // Millions of positions take a while to free: not
                    // on a stopped run's way to its report.
                    super::drop_later(out);
                    return Err(e);
                }
                out.push(tree_position(t));
            }
            out
        }
        Class::Graphs => graphs(palette, edges, meter)?
            .into_iter()
            .map(|g| g.position())
            .collect(),
    };
    meter.add(position_bytes(edges) * out.len() as u64)?;
    Ok(out)
}

fn stalks(palette: &Palette, edges: usize, meter: &mut Meter) -> Result<Vec<Position>, Exceeded> {
    let k = palette.colours().len();
    let mut words: Vec<Vec<Colour>> = vec![vec![]];
    for _ in 0..edges {
        meter.tick()?;
        meter.add(position_bytes(edges) * (words.len() * k) as u64)?;
        let mut longer = Vec::with_capacity(words.len() * k);
        for w in &words {
            meter.tick()?;
            longer.extend(palette.colours().iter().map(|&c| {
                let mut w = w.clone();
                w.push(c);
                w
            }));
        }
        words = longer;
    }
    let mut out = Vec::with_capacity(words.len());
    for w in &words {
        meter.tick()?;
        out.push(stalk_sum(&[w]));
    }
    Ok(out)
}

/// A sum of stalks, each its colours from the ground up, on fresh vertices.
fn stalk_sum(parts: &[&[Colour]]) -> Position {
    let mut edges = Vec::new();
    let mut vertices = 0;
    for stalk in parts {
        let mut below = GROUND;
        for &colour in stalk.iter() {
            vertices += 1;
            edges.push(Edge {
                u: below,
                v: vertices,
                colour,
            });
            below = vertices;
        }
    }
    Position::from_edges(edges)
}

/// a × BR + b × RB + c × B + d × R with 2a + 2b + c + d = edges.
fn hollyhocks(edges: usize, meter: &mut Meter) -> Result<Vec<Position>, Exceeded> {
    let mut out = Vec::new();
    for a in 0..=edges / 2 {
        for b in 0..=(edges - 2 * a) / 2 {
            let left = edges - 2 * a - 2 * b;
            for c in 0..=left {
                meter.tick()?;
                let d = left - c;
                use Colour::{Blue, Red};
                let parts: Vec<&[Colour]> = std::iter::repeat_n(&[Blue, Red][..], a)
                    .chain(std::iter::repeat_n(&[Red, Blue][..], b))
                    .chain(std::iter::repeat_n(&[Blue][..], c))
                    .chain(std::iter::repeat_n(&[Red][..], d))
                    .collect();
                out.push(stalk_sum(&parts));
            }
        }
    }
    Ok(out)
}

/// A rooted tree written out in preorder, its branches sorted so that
/// isomorphic trees are equal: each branch is its colour's code (1 + its
/// place in [`Colour::ALL`]), the tree above it, then [`END`]. A tree of
/// k edges is a word of exactly 2k codes.
///
/// The order of these words is the order of the branch lists they write:
/// a branch's word cannot be a proper prefix of another's (it ends where
/// it first returns to its own depth), and a tree whose branches start
/// another's list ends (`END`, or the word's end) where the other goes on
/// with a colour code above `END`.
type TreeWord = [u8];

/// Closes a branch in a [`TreeWord`]; below every colour code.
const END: u8 = 0;

fn colour_code(c: Colour) -> u8 {
    1 + Colour::ALL.iter().position(|&a| a == c).unwrap_or(0) as u8
}

/// Words of one length, one after another: the trees of one size, or the
/// branches of one size. Millions of trees live in a few buffers, so
/// making and freeing them is cheap (a census stopped at its deadline
/// frees them at once).
struct Words {
    len: usize,
    count: usize,
    codes: Vec<u8>,
}

impl Words {
    fn new(len: usize) -> Words {
        Words {
            len,
            count: 0,
            codes: Vec::new(),
        }
    }

    fn get(&self, i: usize) -> &TreeWord {
        &self.codes[i * self.len..(i + 1) * self.len]
    }

    fn push(&mut self, word: &TreeWord) {
        debug_assert_eq!(word.len(), self.len);
        self.codes.extend_from_slice(word);
        self.count += 1;
    }

    fn iter(&self) -> impl Iterator<Item = &TreeWord> {
        (0..self.count).map(|i| self.get(i))
    }
}

/// Every rooted tree of `edges` edges, once each, in the order of their
/// words.
///
/// A tree of k edges is a multiset of branches. Taking its branches in
/// non-increasing order makes each multiset once, and trying the
/// candidates for each place in increasing order makes the trees in
/// increasing order (the order of the words is the order of the branch
/// sequences), so no set or sort is needed.
fn trees(palette: &Palette, edges: usize, meter: &mut Meter) -> Result<Words, Exceeded> {
    // The buffers held while enumerating, returned to the budget when
    // dropped (the positions made of the trees are charged by the caller).
    let mut held = meter.budget().meter();
    // branches[s - 1]: the branch words of s edges, in increasing order.
    let mut branches: Vec<Words> = Vec::new();
    let mut smaller = Words::new(0);
    smaller.count = 1; // the tree of no edges
    let mut codes: Vec<u8> = palette.colours().iter().map(|&c| colour_code(c)).collect();
    codes.sort_unstable();
    for k in 1..=edges {
        // The branches of k edges: a colour under each tree of k - 1
        // edges. Colour first, then the tree: already in word order.
        let mut these = Words::new(2 * k);
        held.add((smaller.count * codes.len() * 2 * k) as u64)?;
        let mut branch = Vec::with_capacity(2 * k);
        for &code in &codes {
            for t in smaller.iter() {
                meter.tick()?;
                branch.clear();
                branch.push(code);
                branch.extend_from_slice(t);
                branch.push(END);
                these.push(&branch);
            }
        }
        branches.push(these);
        let mut out = Words::new(2 * k);
        let mut chosen = Vec::with_capacity(2 * k);
        grow(&branches, None, k, &mut chosen, &mut out, meter, &mut held)?;
        smaller = out;
    }
    Ok(smaller)
}

/// Complete `chosen` with branches of `left` edges in all, each at most
/// `last` (the branch chosen before it: non-increasing), trying them in
/// increasing order (a merge of each size's candidates, which are a
/// prefix of that size's sorted branches).
fn grow(
    branches: &[Words],
    last: Option<&TreeWord>,
    left: usize,
    chosen: &mut Vec<u8>,
    out: &mut Words,
    meter: &mut Meter,
    held: &mut Meter,
) -> Result<(), Exceeded> {
    if left == 0 {
        held.add(chosen.len() as u64)?;
        out.push(chosen);
        return Ok(());
    }
    // Per size s <= left: the next candidate and the end of the candidates.
    let mut next = vec![0; left];
    let ends: Vec<usize> = branches[..left]
        .iter()
        .map(|b| match last {
            None => b.count,
            Some(last) => partition_point(b, |w| w <= last),
        })
        .collect();
    loop {
        meter.tick()?;
        let mut pick: Option<usize> = None;
        for s in 0..left {
            if next[s] < ends[s]
                && pick.is_none_or(|p| branches[s].get(next[s]) < branches[p].get(next[p]))
            {
                pick = Some(s);
            }
        }
        let Some(s) = pick else {
            return Ok(());
        };
        let branch = branches[s].get(next[s]);
        next[s] += 1;
        let at = chosen.len();
        chosen.extend_from_slice(branch);
        grow(
            branches,
            Some(branch),
            left - (s + 1),
            chosen,
            out,
            meter,
            held,
        )?;
        chosen.truncate(at);
    }
}

/// The first place in `words` (in increasing order) where `below` fails.
fn partition_point(words: &Words, below: impl Fn(&TreeWord) -> bool) -> usize {
    let (mut lo, mut hi) = (0, words.count);
    while lo < hi {
        let mid = (lo + hi) / 2;
        if below(words.get(mid)) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The position of a tree, edges in depth-first order from the ground.
fn tree_position(t: &TreeWord) -> Position {
    let mut edges = Vec::with_capacity(t.len() / 2);
    let mut below = Vec::new();
    let mut at = GROUND;
    let mut next = 1;
    for &code in t {
        if code == END {
            at = below.pop().unwrap_or(GROUND);
            continue;
        }
        edges.push(Edge {
            u: at,
            v: next,
            colour: Colour::ALL[usize::from(code - 1)],
        });
        below.push(at);
        at = next;
        next += 1;
    }
    Position::from_edges(edges)
}

/// A simple graph on vertices 0..vertices (0 the ground) in canonical
/// form: its sorted edge list is the least over all relabellings of the
/// non-ground vertices.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Graph {
    vertices: usize,
    /// (u, v, colour) with u < v, sorted.
    edges: Vec<(u8, u8, Colour)>,
}

impl Graph {
    fn position(&self) -> Position {
        let edges = self
            .edges
            .iter()
            .map(|&(u, v, colour)| Edge {
                u: u as usize,
                v: v as usize,
                colour,
            })
            .collect();
        Position::from_edges(edges)
    }

    /// The canonical form of the graph with these edges: vertices are
    /// first split by an invariant (colour-refined degrees), then every
    /// ordering within each class is tried.
    fn canonical(vertices: usize, edges: &[(u8, u8, Colour)]) -> Graph {
        let classes = vertex_classes(vertices, edges);
        let mut best: Option<Vec<(u8, u8, Colour)>> = None;
        let mut order: Vec<usize> = Vec::with_capacity(vertices);
        order.push(GROUND);
        permute_classes(&classes, 0, &mut order, &mut |order| {
            // order[new] = old; relabel old → new.
            let mut new_of = vec![0u8; vertices];
            for (new, &old) in order.iter().enumerate() {
                new_of[old] = new as u8;
            }
            let mut e: Vec<(u8, u8, Colour)> = edges
                .iter()
                .map(|&(u, v, c)| {
                    let (a, b) = (new_of[u as usize], new_of[v as usize]);
                    (a.min(b), a.max(b), c)
                })
                .collect();
            e.sort();
            if best.as_ref().is_none_or(|b| e < *b) {
                best = Some(e);
            }
        });
        Graph {
            vertices,
            edges: best.unwrap_or_default(),
        }
    }
}

/// The non-ground vertices grouped by an isomorphism invariant (distance
/// from the ground, then rounds of colour-refined neighbourhoods), the
/// groups in a canonical order.
fn vertex_classes(vertices: usize, edges: &[(u8, u8, Colour)]) -> Vec<Vec<usize>> {
    let mut adj: Vec<Vec<(usize, Colour)>> = vec![vec![]; vertices];
    for &(u, v, c) in edges {
        adj[u as usize].push((v as usize, c));
        adj[v as usize].push((u as usize, c));
    }
    let mut dist = vec![usize::MAX; vertices];
    dist[GROUND] = 0;
    let mut queue = std::collections::VecDeque::from([GROUND]);
    while let Some(u) = queue.pop_front() {
        for &(v, _) in &adj[u] {
            if dist[v] == usize::MAX {
                dist[v] = dist[u] + 1;
                queue.push_back(v);
            }
        }
    }
    // Labels are ranks of invariants, so they compare the same way in any
    // labelling of the graph.
    let mut label: Vec<usize> = dist.clone();
    for _ in 0..vertices {
        let signature: Vec<(usize, Vec<(Colour, usize)>)> = (0..vertices)
            .map(|u| {
                let mut s: Vec<(Colour, usize)> =
                    adj[u].iter().map(|&(v, c)| (c, label[v])).collect();
                s.sort();
                (label[u], s)
            })
            .collect();
        let mut sorted = signature.clone();
        sorted.sort();
        sorted.dedup();
        let next: Vec<usize> = signature
            .iter()
            .map(|s| sorted.binary_search(s).unwrap_or(0))
            .collect();
        let stable = distinct(&next) == distinct(&label);
        label = next;
        if stable {
            break;
        }
    }
    let mut classes: Vec<(usize, Vec<usize>)> = Vec::new();
    for (u, &l) in label.iter().enumerate().skip(1) {
        match classes.iter_mut().find(|(c, _)| *c == l) {
            Some((_, members)) => members.push(u),
            None => classes.push((l, vec![u])),
        }
    }
    classes.sort();
    classes.into_iter().map(|(_, m)| m).collect()
}

fn distinct(labels: &[usize]) -> usize {
    labels.iter().collect::<BTreeSet<_>>().len()
}

/// Call `visit` with every ordering of the vertices that keeps the classes
/// in order and permutes the members within each.
fn permute_classes(
    classes: &[Vec<usize>],
    at: usize,
    order: &mut Vec<usize>,
    visit: &mut dyn FnMut(&[usize]),
) {
    let Some(class) = classes.get(at) else {
        visit(order);
        return;
    };
    let mut members = class.clone();
    permutations(&mut members, 0, &mut |perm| {
        let len = order.len();
        order.extend_from_slice(perm);
        permute_classes(classes, at + 1, order, visit);
        order.truncate(len);
    });
}

fn permutations(items: &mut [usize], k: usize, visit: &mut dyn FnMut(&[usize])) {
    if k == items.len() {
        visit(items);
        return;
    }
    for i in k..items.len() {
        items.swap(k, i);
        permutations(items, k + 1, visit);
        items.swap(k, i);
    }
}

/// Every connected simple grounded graph of `edges` edges, once up to
/// isomorphism, sorted. Each one with k edges has an edge whose removal
/// leaves a connected graph with k − 1 edges (a cycle edge, or the edge to
/// a leaf other than the ground), so adding one edge in every way to the
/// graphs of k − 1 edges finds them all.
fn graphs(palette: &Palette, edges: usize, meter: &mut Meter) -> Result<Vec<Graph>, Exceeded> {
    let mut level: BTreeSet<Graph> = BTreeSet::from([Graph {
        vertices: 1,
        edges: vec![],
    }]);
    for k in 1..=edges {
        let mut next = BTreeSet::new();
        for g in &level {
            let mut extend = |u: usize, v: usize, vertices: usize| -> Result<(), Exceeded> {
                for &c in palette.colours() {
                    meter.tick()?;
                    let mut e = g.edges.clone();
                    e.push((u as u8, v as u8, c));
                    if next.insert(Graph::canonical(vertices, &e)) {
                        meter.add(position_bytes(k))?;
                    }
                }
                Ok(())
            };
            for v in 1..g.vertices {
                for u in 0..v {
                    let present = g
                        .edges
                        .iter()
                        .any(|&(a, b, _)| (a as usize, b as usize) == (u, v));
                    if !present {
                        extend(u, v, g.vertices)?;
                    }
                }
            }
            // A new vertex hanging from any vertex.
            for u in 0..g.vertices {
                if g.vertices < 255 {
                    extend(u, g.vertices, g.vertices + 1)?;
                }
            }
        }
        level = next;
    }
    Ok(level.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    /// A tree as nested sorted branch lists: the representation whose
    /// derived order the words must keep.
    #[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
    struct Nested(Vec<(Colour, Nested)>);

    fn random(rng: &mut SplitMix64, edges: usize) -> Nested {
        let mut branches = Vec::new();
        let mut left = edges;
        while left > 0 {
            let size = 1 + (rng.next_u64() as usize) % left;
            let colour = Colour::ALL[(rng.next_u64() % 3) as usize];
            branches.push((colour, random(rng, size - 1)));
            left -= size;
        }
        branches.sort_by(|a, b| b.cmp(a));
        Nested(branches)
    }

    fn word(t: &Nested) -> Vec<u8> {
        let mut w = Vec::new();
        for (c, sub) in &t.0 {
            w.push(colour_code(*c));
            w.extend(word(sub));
            w.push(END);
        }
        w
    }

    #[test]
    fn words_order_trees_as_their_branch_lists() {
        let mut rng = SplitMix64::new(7);
        let trees: Vec<Nested> = (0..400)
            .map(|_| {
                let edges = (rng.next_u64() % 7) as usize;
                random(&mut rng, edges)
            })
            .collect();
        for a in &trees {
            for b in &trees {
                assert_eq!(a.cmp(b), word(a).cmp(&word(b)));
            }
        }
    }

    /// Every tree of `k` edges, by brute force: every parent array
    /// (vertex i > 0 hangs from a vertex below it) and colouring, made
    /// canonical, in a set.
    fn brute_force(colours: &[Colour], k: usize) -> std::collections::BTreeSet<Nested> {
        fn build(parent: &[usize], colour: &[Colour], v: usize) -> Nested {
            let mut branches: Vec<(Colour, Nested)> = (1..parent.len())
                .filter(|&w| parent[w] == v)
                .map(|w| (colour[w], build(parent, colour, w)))
                .collect();
            branches.sort_by(|a, b| b.cmp(a));
            Nested(branches)
        }
        fn all(
            colours: &[Colour],
            k: usize,
            parent: &mut Vec<usize>,
            colour: &mut Vec<Colour>,
            out: &mut std::collections::BTreeSet<Nested>,
        ) {
            if parent.len() == k + 1 {
                out.insert(build(parent, colour, 0));
                return;
            }
            for p in 0..parent.len() {
                for &c in colours {
                    parent.push(p);
                    colour.push(c);
                    all(colours, k, parent, colour, out);
                    parent.pop();
                    colour.pop();
                }
            }
        }
        let mut out = std::collections::BTreeSet::new();
        all(colours, k, &mut vec![0], &mut vec![Colour::Blue], &mut out);
        out
    }

    #[test]
    fn trees_are_every_tree_once_in_order() {
        for palette in ["BR", "BRG"] {
            let palette: Palette = palette.parse().unwrap();
            for k in 0..=5 {
                let made: Vec<Vec<u8>> = trees(&palette, k, &mut Meter::default())
                    .unwrap()
                    .iter()
                    .map(<[u8]>::to_vec)
                    .collect();
                let expected: Vec<Vec<u8>> =
                    brute_force(palette.colours(), k).iter().map(word).collect();
                assert_eq!(made, expected, "{k} edges");
            }
        }
    }

    #[test]
    fn tree_positions_keep_their_edges() {
        let mut rng = SplitMix64::new(3);
        for _ in 0..50 {
            let t = random(&mut rng, 8);
            let p = tree_position(&word(&t));
            assert_eq!(p.edges.len(), 8);
            assert!(p.edges.iter().all(|e| e.u < e.v));
        }
    }
}
