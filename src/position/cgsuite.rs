//! CGSuite's Hackenbush strings, both ways: `cgsuite:l(l;rl)` reads as the
//! position CGSuite means by `game.graph.Hackenbush("l(l;rl)")`, and
//! [`CgsuiteText`] writes any position CGSuite can hold back as such a
//! string, so positions pass between the two programs by copy and paste.
//!
//! # The notation
//!
//! ```text
//! string  := start chain (';' start chain)*
//! start   := ['.'] [':' name]              a vertex; the first one written is the ground
//! chain   := step* [group]
//! step    := edge ['.'] [':' name]         an edge from the current vertex to a new
//!                                          (or named) vertex, which becomes current
//! group   := '(' chain (';' chain)* ')'    branches, each from the current vertex
//! edge    := 'l' | 'r' | 'e'               blue (Left), red (Right), green (either)
//! name    := one character | '{' characters '}'
//! ```
//!
//! Spaces between tokens are ignored. Examples: `lrlrrllr` (a stalk, 77/128),
//! `l(l;rl)` (a tree, 3/2), `:{g}llllllrrrr:{g}` (a 10-edge cycle through
//! the ground: equal names are one vertex), `:A l:A` (a loop at the ground),
//! `(e:B;e:Bllllllrrr:B)` (two green edges to B, a 9-cycle on B).
//!
//! # Corner cases, as CGSuite reads them
//!
//! CGSuite's reader is `GraphParser` in
//! `lib/core/src/main/scala/org/cgsuite/util/Graph.scala` of
//! <https://github.com/aaron-siegel/cgsuite>, the letters come from
//! `game/graph/GenHackenbush.cgs` (`l`, `r`, `e`), and its own tests
//! (`GameGraphTest.scala`) and the "Games on Graphs" tutorial give the
//! examples above. This reader is written from that behaviour, not from the
//! code (CGSuite is GPL):
//!
//! - A top-level `;` starts a **new vertex**, not a new chain from the
//!   ground: `lrlr;lr` is two pieces, and CGSuite refuses it ("That `Graph`
//!   is not connected"). Sums are written as groups, `(lr;lr)`, or the new
//!   vertex is joined by a name, `:g lr;:g lr`.
//! - A group ends its chain: after `)` only `;`, `)` or the end may follow
//!   (`l(l;r)l` is refused). Branches may be empty (`l(;l)`), and a branch
//!   may itself be a group (`((l;r);e)`).
//! - A name after an edge names the vertex the edge reaches; the chain goes
//!   on from it (`l:A r` hangs `r` on `A`). A name met again is that vertex,
//!   so a loop is `:A l:A` and parallel edges are `(l:A;r:A)`.
//! - `{…}` is one token: `:{waist}` is a long name, and `{l}` is the letter
//!   `l`. A name is any single character other than space and
//!   `( ) ; : { }` (CGSuite also takes those after `:`; we refuse them as
//!   surely typos).
//! - `-`, `>` and `<` (CGSuite's unlabelled and directed edges) are no
//!   Hackenbush edges; CGSuite refuses them here too.
//! - The empty string has no ground and is refused. So is a graph without
//!   edges (`.`, the ground alone, which CGSuite reads as 0): as in the edges
//!   notation, the empty position has no text form here.
//! - Every vertex must be connected to the ground, as CGSuite requires.
//!
//! Edges are labelled 1, 2, … in the order they are written, and vertices
//! numbered in the order they first appear (the ground is 0).
//!
//! # Writing
//!
//! The writer walks the graph depth-first from the ground, taking each
//! vertex's edges in label order: an edge to a new vertex continues the
//! chain (several become a group), an edge back to a vertex already written
//! (a cycle, a loop, a parallel edge) ends in that vertex's name. Vertices
//! reached again are named `A`, `B`, … `Z`, then `{v27}`, … in the order they
//! are written, as CGSuite writes its graphs. Every position whose edges are
//! blue, red or green and reach the ground can be written, multigraphs and
//! loops included; uncoloured (`X`) edges, pieces off the ground and the
//! empty position cannot ([`WriteError`]). Reading the string gives the same position up to
//! relabelling, and writing that again gives the same string.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use super::{Colour, Edge, Position, TooManyEdges, GROUND, MAX_EDGES};
use crate::parse_error::{single_line, ParseError};

/// What marks a CGSuite string wherever a position is read.
pub const PREFIX: &str = "cgsuite:";

/// At most this many vertices: `MAX_EDGES` edges connected to the ground
/// reach at most one more vertex than they have edges.
const MAX_VERTICES: usize = MAX_EDGES + 1;

/// A position that CGSuite's Hackenbush can hold (its edges blue, red or
/// green, all connected to the ground), read from or written as a CGSuite
/// string (without the `cgsuite:` prefix).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CgsuiteText {
    position: Position,
}

impl CgsuiteText {
    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn into_position(self) -> Position {
        self.position
    }
}

impl TryFrom<Position> for CgsuiteText {
    type Error = WriteError;

    fn try_from(position: Position) -> Result<CgsuiteText, WriteError> {
        check_writable(&position)?;
        Ok(CgsuiteText { position })
    }
}

impl FromStr for CgsuiteText {
    type Err = ParseError;

    /// A CGSuite string without the prefix; columns count from its start.
    fn from_str(text: &str) -> Result<CgsuiteText, ParseError> {
        Ok(CgsuiteText {
            position: parse_at(text, 0)?,
        })
    }
}

impl fmt::Display for CgsuiteText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_checked(&self.position))
    }
}

/// Why a position has no CGSuite string.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    #[error("the empty position has no CGSuite string here (CGSuite writes the ground alone as ., which this tool does not read: a position has edges)")]
    Empty,
    #[error("edge {label} is uncoloured (X): CGSuite's Hackenbush strings have only l (blue), r (red) and e (green)")]
    Uncoloured { label: usize },
    #[error("{} not reach the ground: CGSuite refuses graphs in several pieces", labels_text(.labels))]
    Ungrounded { labels: Vec<usize> },
}

fn labels_text(labels: &[usize]) -> String {
    let list: Vec<String> = labels.iter().map(usize::to_string).collect();
    match labels {
        [_] => format!("edge {} does", list[0]),
        _ => format!("edges {} do", list.join(", ")),
    }
}

/// Write `p` as a CGSuite string (without the prefix).
pub fn write(p: &Position) -> Result<String, WriteError> {
    Ok(CgsuiteText::try_from(p.clone())?.to_string())
}

fn check_writable(p: &Position) -> Result<(), WriteError> {
    if p.edges.is_empty() {
        return Err(WriteError::Empty);
    }
    if let Some(i) = p.edges.iter().position(|e| e.colour == Colour::Uncoloured) {
        return Err(WriteError::Uncoloured { label: i + 1 });
    }
    let all = p.full_set();
    let off = all.difference(p.grounded(all));
    if !off.is_empty() {
        return Err(WriteError::Ungrounded {
            labels: off.iter().map(|i| i + 1).collect(),
        });
    }
    Ok(())
}

/// Read a CGSuite string that starts `column_offset` characters into the
/// text the user typed (after `cgsuite:`), so that errors name the column
/// they see.
pub(crate) fn parse_at(text: &str, column_offset: usize) -> Result<Position, ParseError> {
    let mut r = CgsuiteReader {
        chars: text.chars().collect(),
        pos: 0,
        offset: column_offset,
        edges: Vec::new(),
        vertex_columns: Vec::new(),
        names: HashMap::new(),
        written: 0,
        overflow: None,
    };
    match r.read() {
        Ok(()) => {}
        // Past the edge limit the rest was only counted, up to its first
        // error: the count is what matters then.
        Err(_) if r.overflow.is_some() => {}
        Err(e) => return Err(e),
    }
    if let Some((column, token)) = r.overflow {
        return Err(ParseError::new(
            column,
            token,
            TooManyEdges { count: r.written }.to_string(),
        ));
    }
    if r.edges.is_empty() {
        return Err(ParseError::new(
            r.column(),
            "",
            "no edges: a position needs at least one (the ground alone, ., is not one)",
        ));
    }
    r.check_connected()?;
    Ok(Position {
        vertex_count: r.vertex_columns.len(),
        edges: r.edges,
    })
}

/// A scanner over the string that builds the graph as it reads.
struct CgsuiteReader {
    chars: Vec<char>,
    pos: usize,
    offset: usize,
    edges: Vec<Edge>,
    /// The column where each vertex was first written (index = vertex id).
    vertex_columns: Vec<usize>,
    names: HashMap<String, usize>,
    /// Edges written, stored or not.
    written: usize,
    /// The column and letter of the first edge past [`MAX_EDGES`]; from
    /// there on edges are only counted.
    overflow: Option<(usize, String)>,
}

/// Where the reader stands between tokens.
#[derive(Clone, Copy, PartialEq, Eq)]
enum After {
    /// A vertex: an edge, a group, `;` or `)` may follow.
    Vertex,
    /// A group's `)`: only `;`, `)` or the end.
    Group,
}

impl CgsuiteReader {
    fn column(&self) -> usize {
        self.offset + self.pos + 1
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn error(&self, token: impl Into<String>, message: impl Into<String>) -> ParseError {
        ParseError::new(self.column(), token, message)
    }

    fn unexpected(&self, c: char, expected: &str) -> ParseError {
        self.error(
            c.to_string(),
            format!("unexpected '{}' ({expected})", c.escape_debug()),
        )
    }

    fn read(&mut self) -> Result<(), ParseError> {
        self.skip_spaces();
        if self.peek().is_none() {
            return Err(self.error("", "empty CGSuite string: it has no ground"));
        }
        // The open groups: the vertex each branch starts from, and the
        // column of its '('.
        let mut groups: Vec<(usize, usize)> = Vec::new();
        let mut current = self.start_vertex()?;
        let mut after = After::Vertex;
        loop {
            self.skip_spaces();
            let Some(c) = self.peek() else {
                return match groups.last() {
                    Some(&(_, column)) => Err(ParseError::new(
                        column,
                        "(",
                        "this '(' is never closed (expected ')')",
                    )),
                    None => Ok(()),
                };
            };
            match c {
                ';' => {
                    self.pos += 1;
                    current = match groups.last() {
                        Some(&(root, _)) => root,
                        None => self.start_vertex()?,
                    };
                    after = After::Vertex;
                }
                ')' => {
                    if groups.pop().is_none() {
                        return Err(self.error(")", "unexpected ')' (no '(' is open)"));
                    }
                    self.pos += 1;
                    after = After::Group;
                }
                _ if after == After::Group => {
                    return Err(self.unexpected(
                        c,
                        "a group ends its chain: after ')' only ';', ')' or the end may follow",
                    ));
                }
                '(' => {
                    groups.push((current, self.column()));
                    self.pos += 1;
                }
                _ => current = self.step(current)?,
            }
        }
    }

    /// A vertex that starts the string or follows a top-level `;`.
    fn start_vertex(&mut self) -> Result<usize, ParseError> {
        self.skip_spaces();
        let column = self.column();
        if self.peek() == Some('.') {
            self.pos += 1;
        }
        self.vertex(column)
    }

    /// An edge from `from` and the vertex it reaches.
    fn step(&mut self, from: usize) -> Result<usize, ParseError> {
        let start = self.pos;
        let column = self.column();
        let colour = self.edge_letter()?;
        self.written = self.written.saturating_add(1);
        if self.overflow.is_none() && self.edges.len() == MAX_EDGES {
            let token: String = self.chars[start..self.pos].iter().collect();
            self.overflow = Some((column, token));
        }
        self.skip_spaces();
        if self.peek() == Some('.') {
            self.pos += 1;
        }
        let to = self.vertex(column)?;
        if self.overflow.is_none() {
            self.edges.push(Edge {
                u: from,
                v: to,
                colour,
            });
        }
        Ok(to)
    }

    fn edge_letter(&mut self) -> Result<Colour, ParseError> {
        let c = self.peek().unwrap_or(' ');
        let colour = match c {
            'l' => Colour::Blue,
            'r' => Colour::Red,
            'e' => Colour::Green,
            '{' => {
                let column = self.column();
                let word = self.braced()?;
                return match word.as_str() {
                    "l" => Ok(Colour::Blue),
                    "r" => Ok(Colour::Red),
                    "e" => Ok(Colour::Green),
                    _ => Err(ParseError::new(
                        column,
                        format!("{{{word}}}"),
                        format!(
                            "unknown edge {{{}}} (Hackenbush edges are l, r or e)",
                            single_line(&word)
                        ),
                    )),
                };
            }
            '-' => return Err(self.unexpected(
                c,
                "CGSuite's unlabelled edge; Hackenbush edges are l (blue), r (red) or e (green)",
            )),
            '>' | '<' => {
                return Err(self.unexpected(
                    c,
                    "directed edges are not allowed in Hackenbush; edges are l, r or e",
                ))
            }
            'L' | 'R' | 'E' => {
                let lower = c.to_ascii_lowercase();
                return Err(self.unexpected(
                    c,
                    &format!("CGSuite's edge letters are lower-case: did you mean '{lower}'?"),
                ));
            }
            'B' | 'G' => {
                let cgsuite = if c == 'B' { 'l' } else { 'e' };
                return Err(self.unexpected(
                    c,
                    &format!("CGSuite writes blue l, red r, green e: did you mean '{cgsuite}'?"),
                ));
            }
            ':' => {
                return Err(self.unexpected(
                    c,
                    "this vertex is already named; a name follows an edge or starts the string",
                ))
            }
            '.' => {
                return Err(self.unexpected(c, "a vertex dot follows an edge or starts the string"))
            }
            _ => {
                return Err(
                    self.unexpected(c, "expected an edge l, r or e, a group '(', ';' or ')'")
                )
            }
        };
        self.pos += 1;
        Ok(colour)
    }

    /// `{…}` at the cursor: its contents.
    fn braced(&mut self) -> Result<String, ParseError> {
        let open = self.column();
        let start = self.pos + 1;
        match self.chars[start..].iter().position(|&c| c == '}') {
            Some(len) => {
                self.pos = start + len + 1;
                Ok(self.chars[start..start + len].iter().collect())
            }
            None => Err(ParseError::new(
                open,
                "{",
                "this '{' is never closed (expected '}')",
            )),
        }
    }

    /// The vertex written at `column`: named if a `:name` follows (an
    /// existing one if the name was met before), else a new one.
    fn vertex(&mut self, column: usize) -> Result<usize, ParseError> {
        self.skip_spaces();
        let name = if self.peek() == Some(':') {
            self.pos += 1;
            self.skip_spaces();
            Some(self.name()?)
        } else {
            None
        };
        if self.overflow.is_some() {
            // Only counting now: no vertex is kept.
            return Ok(GROUND);
        }
        if let Some(&v) = name.as_ref().and_then(|n| self.names.get(n)) {
            return Ok(v);
        }
        let v = self.vertex_columns.len();
        if v == MAX_VERTICES {
            return Err(ParseError::new(
                column,
                "",
                format!(
                    "more than {MAX_VERTICES} vertices: {MAX_EDGES} edges connected to the ground reach at most {MAX_VERTICES}"
                ),
            ));
        }
        self.vertex_columns.push(column);
        if let Some(n) = name {
            self.names.insert(n, v);
        }
        Ok(v)
    }

    fn name(&mut self) -> Result<String, ParseError> {
        match self.peek() {
            Some('{') => {
                let column = self.column();
                let name = self.braced()?;
                if name.is_empty() {
                    return Err(ParseError::new(column, "{}", "empty vertex name {}"));
                }
                Ok(name)
            }
            Some(c) if !"();:{}".contains(c) => {
                self.pos += 1;
                Ok(c.to_string())
            }
            Some(c) => Err(self.unexpected(
                c,
                "expected a vertex name after ':', one character like A or {a name}",
            )),
            None => Err(self.error(
                "",
                "unexpected end of input (expected a vertex name after ':', one character like A or {a name})",
            )),
        }
    }

    /// Every vertex must reach the ground, as CGSuite requires.
    fn check_connected(&self) -> Result<(), ParseError> {
        let n = self.vertex_columns.len();
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        for e in &self.edges {
            let (a, b) = (find(&mut parent, e.u), find(&mut parent, e.v));
            parent[a] = b;
        }
        let ground = find(&mut parent, GROUND);
        match (0..n).find(|&v| find(&mut parent, v) != ground) {
            None => Ok(()),
            Some(v) => Err(ParseError::new(
                self.vertex_columns[v],
                "",
                "this vertex is not connected to the ground (the first vertex written); \
                 CGSuite refuses graphs in several pieces — a top-level ';' starts a new vertex, \
                 so write sums as groups, (lr;lr), or name the ground, :g lr;:g lr",
            )),
        }
    }
}

// ---------- writing ----------

/// One vertex of the depth-first tree and the edges written from it.
struct TreeVertex {
    vertex: usize,
    children: Vec<Child>,
}

struct Child {
    colour: Colour,
    to: Target,
}

enum Target {
    /// A vertex met for the first time: the chain goes on from it.
    New(TreeVertex),
    /// A vertex already written (a cycle, loop or parallel edge): its name.
    Seen(usize),
}

/// The string of a position already checked by [`check_writable`].
fn write_checked(p: &Position) -> String {
    let n = p
        .edges
        .iter()
        .map(|e| e.u.max(e.v) + 1)
        .fold(p.vertex_count.max(1), usize::max);
    let mut incident = vec![Vec::new(); n];
    for (i, e) in p.edges.iter().enumerate() {
        incident[e.u].push(i);
        if e.v != e.u {
            incident[e.v].push(i);
        }
    }
    let mut walk = TreeWalk {
        p,
        incident: &incident,
        seen: vec![false; n],
        used: vec![false; p.edges.len()],
        named: vec![false; n],
    };
    let tree = walk.visit(GROUND);
    let mut out = Out {
        text: String::new(),
        named: walk.named,
        names: vec![None; n],
        next: 0,
    };
    out.node(&tree);
    out.text
}

struct TreeWalk<'a> {
    p: &'a Position,
    incident: &'a [Vec<usize>],
    seen: Vec<bool>,
    used: Vec<bool>,
    /// Vertices that an edge reaches again, so that need a name.
    named: Vec<bool>,
}

impl TreeWalk<'_> {
    /// The tree below `v` (depth at most the number of vertices, ≤ 129).
    fn visit(&mut self, v: usize) -> TreeVertex {
        self.seen[v] = true;
        let mut children = Vec::new();
        for &i in &self.incident[v] {
            if self.used[i] {
                continue;
            }
            self.used[i] = true;
            let e = self.p.edges[i];
            let w = if e.u == v { e.v } else { e.u };
            let to = if self.seen[w] {
                self.named[w] = true;
                Target::Seen(w)
            } else {
                Target::New(self.visit(w))
            };
            children.push(Child {
                colour: e.colour,
                to,
            });
        }
        TreeVertex {
            vertex: v,
            children,
        }
    }
}

struct Out {
    text: String,
    named: Vec<bool>,
    names: Vec<Option<String>>,
    next: usize,
}

impl Out {
    /// `v`'s name, given on its first use (which is where it is written).
    fn name(&mut self, v: usize) -> String {
        if let Some(n) = &self.names[v] {
            return n.clone();
        }
        let n = if self.next < 26 {
            char::from(b'A' + self.next as u8).to_string()
        } else {
            format!("{{v{}}}", self.next + 1)
        };
        self.next += 1;
        self.names[v] = Some(n.clone());
        n
    }

    fn node(&mut self, node: &TreeVertex) {
        if self.named[node.vertex] {
            let n = self.name(node.vertex);
            self.text.push(':');
            self.text.push_str(&n);
        }
        match node.children.as_slice() {
            [] => {}
            [only] => self.child(only),
            several => {
                self.text.push('(');
                for (k, c) in several.iter().enumerate() {
                    if k > 0 {
                        self.text.push(';');
                    }
                    self.child(c);
                }
                self.text.push(')');
            }
        }
    }

    fn child(&mut self, c: &Child) {
        self.text.push(match c.colour {
            Colour::Blue => 'l',
            Colour::Red => 'r',
            // Uncoloured edges were refused before writing.
            Colour::Green | Colour::Uncoloured => 'e',
        });
        match &c.to {
            Target::New(node) => self.node(node),
            Target::Seen(w) => {
                let n = self.name(*w);
                self.text.push(':');
                self.text.push_str(&n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Position {
        text.parse::<CgsuiteText>()
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .into_position()
    }

    fn edges(p: &Position) -> Vec<(usize, usize, char)> {
        p.edges
            .iter()
            .map(|e| (e.u, e.v, e.colour.letter()))
            .collect()
    }

    #[test]
    fn chains_groups_and_names() {
        assert_eq!(
            edges(&read("l(l;rl)")),
            [(0, 1, 'B'), (1, 2, 'B'), (1, 3, 'R'), (3, 4, 'B')]
        );
        // The cycle through the ground: the last edge comes back to it.
        let cycle = read(":{g}llllllrrrr:{g}");
        assert_eq!(cycle.edge_count(), 10);
        assert_eq!(cycle.vertex_count, 10);
        assert_eq!(cycle.edges[9].v, GROUND);
        // A loop, parallel edges, a chain going on from a named vertex.
        assert_eq!(edges(&read(":A l:A")), [(0, 0, 'B')]);
        assert_eq!(edges(&read("(l:A;r:A)")), [(0, 1, 'B'), (0, 1, 'R')]);
        assert_eq!(edges(&read("l:A r")), [(0, 1, 'B'), (1, 2, 'R')]);
        // Top-level ';' starts a new vertex, joined here by the ground's name.
        assert_eq!(edges(&read(":g l;:g r")), [(0, 1, 'B'), (0, 2, 'R')]);
        assert_eq!(edges(&read("{l}.{r}")), [(0, 1, 'B'), (1, 2, 'R')]);
        assert_eq!(edges(&read("l(;e)")), [(0, 1, 'B'), (1, 2, 'G')]);
        assert_eq!(
            edges(&read("((l;r);e)")),
            [(0, 1, 'B'), (0, 2, 'R'), (0, 3, 'G')]
        );
    }

    #[test]
    fn errors_name_their_column() {
        let err = |text: &str| text.parse::<CgsuiteText>().unwrap_err();
        assert_eq!(err("lrlr;lr").column, 6);
        assert_eq!(err("l(l;r)l").column, 7);
        assert_eq!(err("l(l;r").column, 2);
        assert_eq!(err("l)").column, 2);
        assert_eq!(err("lBr").column, 2);
        assert!(err("lBr").message.contains("did you mean 'l'"));
        assert_eq!(err("l-l").column, 2);
        assert_eq!(err("l:").column, 3);
        assert_eq!(err("l:{ab").column, 3);
        assert_eq!(err("").column, 1);
        assert_eq!(err("l;").column, 3);
        assert_eq!(err(" . ").column, 4);
        assert_eq!(err(":g").column, 3);
    }

    #[test]
    fn too_many_edges_are_counted() {
        let e = format!("{}r", "l".repeat(MAX_EDGES + 3))
            .parse::<CgsuiteText>()
            .unwrap_err();
        assert_eq!(e.column, MAX_EDGES + 1);
        assert!(e.message.contains("too many edges: 132"), "{e}");
    }

    #[test]
    fn writing_reads_back_to_the_same_string() {
        let write_read = |text: &str| write(&read(text)).expect("writable");
        // Strings in the writer's own style come back unchanged.
        for text in ["lrlrrllr", "l(l;rl)", ":Allllllrrrr:A", ":A(l:A;e)"] {
            assert_eq!(write_read(text), text);
        }
        // Others are rewritten once, then stay.
        for text in [
            "(e:B;e:Bllllllrrr:B)",
            "e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))",
            ":g l;:g r",
            "(lr:A(rr:B;rr:D;rr:F);lr:B(r(r:D;r:E));lr:C(rr:F;rr:G);lr:D;lr:E(r(r:F;r:G));lr:F;lr:G)",
        ] {
            let once = write_read(text);
            assert_eq!(write_read(&once), once, "{text}");
            assert_eq!(read(&once).edge_count(), read(text).edge_count());
        }
    }

    #[test]
    fn unwritable_positions_say_why() {
        assert_eq!(write(&Position::default()), Err(WriteError::Empty));
        let x: Position = "BX".parse().unwrap();
        assert_eq!(write(&x), Err(WriteError::Uncoloured { label: 2 }));
        let off: Position = "B 1-2:R 2-3:G".parse().unwrap();
        assert_eq!(
            write(&off),
            Err(WriteError::Ungrounded { labels: vec![2, 3] })
        );
    }
}
