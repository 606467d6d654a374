//! The text notation of RULES.md §1: `BR BR R`, `0-1:B 1-3:R 0-2:B 2-3:R`.
//! A text starting `cgsuite:` is a CGSuite Hackenbush string instead, read
//! by [`super::cgsuite`], so every reader of positions takes both.
//!
//! Parsing is a small hand-written scanner rather than a parser library, so
//! that every error can name the exact column and token the user typed, and
//! so that no input (huge numbers, stray Unicode, 10⁶ edges) can panic.
//!
//! Printing is canonical: stalks are printed as letter runs whenever the edges
//! form one, and the remaining vertices are numbered 1, 2, … in order of first
//! appearance, so `print(parse(print(p))) == print(p)`.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use super::{cgsuite, Colour, Edge, Position, TooManyEdges, GROUND, MAX_EDGES};

pub use crate::parse_error::ParseError;

const EXPECTED_TERM: &str = "expected a stalk like BRG or an edge like 0-1:B";

/// One term before vertices are assigned.
enum Term {
    Stalk(Vec<Colour>),
    /// Endpoints as the user's vertex numbers; 0 is the ground.
    Edge(u64, u64, Colour),
}

/// A character scanner that knows its column.
struct Scanner {
    chars: Vec<char>,
    pos: usize,
}

impl Scanner {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }
    fn column(&self) -> usize {
        self.pos + 1
    }
    fn skip_spaces(&mut self) -> bool {
        let start = self.pos;
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
        self.pos > start
    }
    fn rest_starts_with(&self, s: &str) -> bool {
        let want: Vec<char> = s.chars().collect();
        self.chars[self.pos..].starts_with(&want)
    }
    fn error(&self, token: impl Into<String>, message: impl Into<String>) -> ParseError {
        ParseError {
            column: self.column(),
            token: token.into(),
            message: message.into(),
        }
    }
    /// "unexpected 'c' (…)" at the current character, or "unexpected end of
    /// input (…)" past the end; lowercase colour letters get a hint.
    fn unexpected(&self, expected: &str) -> ParseError {
        match self.peek() {
            None => self.error("", format!("unexpected end of input ({expected})")),
            Some(c) if matches!(c, 'l' | 'e' | '(') => self.error(
                c.to_string(),
                format!(
                    "unexpected '{c}' ({expected}; a CGSuite string is read after the prefix {}, e.g. {}l(l;rl))",
                    cgsuite::PREFIX,
                    cgsuite::PREFIX
                ),
            ),
            Some(c) if matches!(c, 'b' | 'r' | 'g' | 'x') => {
                let upper = c.to_ascii_uppercase();
                self.error(
                    c.to_string(),
                    format!("unexpected '{c}' (colours are upper-case letters: did you mean '{upper}'?)"),
                )
            }
            Some(c) => self.error(
                c.to_string(),
                format!("unexpected '{}' ({expected})", c.escape_debug()),
            ),
        }
    }

    /// A vertex number: a run of ASCII digits fitting in `u64`.
    fn number(&mut self, what: &str) -> Result<u64, ParseError> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.pos == start {
            return Err(self.unexpected(&format!("expected {what}")));
        }
        let digits: String = self.chars[start..self.pos].iter().collect();
        digits.parse::<u64>().map_err(|_| ParseError {
            column: start + 1,
            token: digits.clone(),
            message: format!("vertex number {digits} is too large (at most {})", u64::MAX),
        })
    }

    /// How many edges the rest of the text lists, up to its first error:
    /// only for the "too many edges" message, so it counts without
    /// building anything.
    fn count_rest(&mut self) -> usize {
        let mut count = 0usize;
        loop {
            self.skip_spaces();
            match self.peek() {
                None => return count,
                Some('+') => self.pos += 1,
                Some(_) => match self.term() {
                    Ok(Term::Stalk(colours)) => count = count.saturating_add(colours.len()),
                    Ok(Term::Edge(..)) => count = count.saturating_add(1),
                    Err(_) => return count,
                },
            }
        }
    }

    fn term(&mut self) -> Result<Term, ParseError> {
        match self.peek() {
            Some(c) if Colour::from_letter(c).is_some() => {
                let mut colours = Vec::new();
                while let Some(colour) = self.peek().and_then(Colour::from_letter) {
                    colours.push(colour);
                    self.pos += 1;
                }
                Ok(Term::Stalk(colours))
            }
            Some(c) if c.is_ascii_digit() => self.edge(),
            Some('+') => Err(self.error(
                "+",
                format!("unexpected '+' ({EXPECTED_TERM} before it)"),
            )),
            _ if self.rest_starts_with("nim:") => Err(self.error(
                "nim:",
                "quantum nim positions like nim:3,2 are parsed by the nim ruleset, not as Hackenbush positions",
            )),
            _ => Err(self.unexpected(EXPECTED_TERM)),
        }
    }

    fn edge(&mut self) -> Result<Term, ParseError> {
        let start = self.pos;
        let u = self.number("a vertex number")?;
        if self.peek() != Some('-') {
            return Err(self.unexpected(&format!(
                "expected '-' after vertex {u} in an edge like {u}-1:B"
            )));
        }
        self.pos += 1;
        let v = self.number(&format!("a vertex number after '{u}-'"))?;
        if self.peek() != Some(':') {
            let typed: String = self.chars[start..self.pos].iter().collect();
            return Err(ParseError {
                column: self.column(),
                token: typed.clone(),
                message: format!(
                    "edge {typed} is missing its colour (write {typed}:B, :R, :G or :X)"
                ),
            });
        }
        self.pos += 1;
        match self.peek().and_then(Colour::from_letter) {
            Some(colour) => {
                self.pos += 1;
                Ok(Term::Edge(u, v, colour))
            }
            None if self.peek().is_none_or(|c| c.is_whitespace() || c == '+') => {
                let typed: String = self.chars[start..self.pos].iter().collect();
                Err(self.error(
                    typed.clone(),
                    format!("edge {typed} is missing its colour (expected B, R, G or X after ':')"),
                ))
            }
            None => Err(self.unexpected("expected a colour B, R, G or X")),
        }
    }
}

/// Parse the RULES.md §1 text notation. Labels follow the order of listing;
/// vertex 0 is the ground, other vertex numbers are renamed to dense ids in
/// order of first appearance (stalk vertices are always fresh).
///
/// `cgsuite:STRING` is read as a CGSuite Hackenbush string (see
/// [`super::cgsuite`]), its errors' columns counted in the whole text.
pub fn parse(text: &str) -> Result<Position, ParseError> {
    let rest = text.trim_start();
    if let Some(cg) = rest.strip_prefix(cgsuite::PREFIX) {
        let before = text.len() - cg.len();
        return cgsuite::parse_at(cg, text[..before].chars().count());
    }
    let mut s = Scanner {
        chars: text.chars().collect(),
        pos: 0,
    };
    s.skip_spaces();
    if s.peek().is_none() {
        return Err(ParseError {
            column: 1,
            token: String::new(),
            message: "empty position".into(),
        });
    }
    let mut builder = Builder::default();
    loop {
        let term_start = s.pos;
        let term = s.term()?;
        let added = match &term {
            Term::Stalk(c) => c.len(),
            Term::Edge(..) => 1,
        };
        if builder.edges.len() + added > MAX_EDGES {
            let token: String = s.chars[term_start..s.pos].iter().collect();
            let count = (builder.edges.len() + added).saturating_add(s.count_rest());
            return Err(ParseError {
                column: term_start + 1,
                token,
                message: TooManyEdges { count }.to_string(),
            });
        }
        builder.add(term);
        let spaced = s.skip_spaces();
        match s.peek() {
            None => break,
            Some('+') => {
                let plus = s.error("+", "trailing '+' (expected a term after it)");
                s.pos += 1;
                s.skip_spaces();
                if s.peek().is_none() {
                    return Err(plus);
                }
            }
            Some(_) if spaced => {}
            Some(_) => {
                return Err(s.unexpected("terms are separated by '+' or spaces"));
            }
        }
    }
    Ok(Position {
        vertex_count: builder.next_vertex,
        edges: builder.edges,
    })
}

/// Assigns dense vertex ids while terms are added in label order.
struct Builder {
    names: HashMap<u64, usize>,
    next_vertex: usize,
    edges: Vec<Edge>,
}

impl Default for Builder {
    fn default() -> Self {
        Builder {
            names: HashMap::from([(0, GROUND)]),
            next_vertex: 1,
            edges: Vec::new(),
        }
    }
}

impl Builder {
    fn fresh(&mut self) -> usize {
        self.next_vertex += 1;
        self.next_vertex - 1
    }
    fn named(&mut self, name: u64) -> usize {
        if let Some(&v) = self.names.get(&name) {
            return v;
        }
        let v = self.fresh();
        self.names.insert(name, v);
        v
    }
    fn add(&mut self, term: Term) {
        match term {
            Term::Stalk(colours) => {
                let mut below = GROUND;
                for colour in colours {
                    let above = self.fresh();
                    self.edges.push(Edge {
                        u: below,
                        v: above,
                        colour,
                    });
                    below = above;
                }
            }
            Term::Edge(a, b, colour) => {
                let u = self.named(a);
                let v = self.named(b);
                self.edges.push(Edge { u, v, colour });
            }
        }
    }
}

/// Print `p` in the text notation (canonical; see the module docs).
///
/// A run of consecutive labels is printed as a stalk when it climbs from the
/// ground, each edge stored bottom-up (`u` below `v`), through vertices used
/// by no other edge, and ends at a vertex of degree 1. Everything else is
/// printed as `u-v:C`. The empty position prints as the empty string, which
/// `parse` rejects: it has no text form.
pub fn print(p: &Position) -> String {
    let incidence = incidence(p);
    let mut names = vec![0usize; incidence.len()];
    let mut next_name = 1;
    let mut name = |v: usize| {
        if v == GROUND {
            return 0;
        }
        if names[v] == 0 {
            names[v] = next_name;
            next_name += 1;
        }
        names[v]
    };
    let mut terms: Vec<String> = Vec::new();
    let mut i = 0;
    while i < p.edges.len() {
        if let Some(end) = stalk_end(p, &incidence, i) {
            terms.push(p.edges[i..=end].iter().map(|e| e.colour.letter()).collect());
            i = end + 1;
        } else {
            let e = p.edges[i];
            terms.push(format!("{}-{}:{}", name(e.u), name(e.v), e.colour.letter()));
            i += 1;
        }
    }
    terms.join(" ")
}

/// For each vertex, the labels of the edges touching it (a loop twice).
/// Sized to cover every endpoint even if `vertex_count` is stale, since the
/// fields are public and printing must not panic.
fn incidence(p: &Position) -> Vec<Vec<usize>> {
    let n = p
        .edges
        .iter()
        .map(|e| e.u.max(e.v) + 1)
        .fold(p.vertex_count.max(1), usize::max);
    let mut inc = vec![Vec::new(); n];
    for (i, e) in p.edges.iter().enumerate() {
        inc[e.u].push(i);
        inc[e.v].push(i);
    }
    inc
}

/// If a stalk starts at edge `start`, the index of its last edge.
fn stalk_end(p: &Position, incidence: &[Vec<usize>], start: usize) -> Option<usize> {
    let mut i = start;
    let mut below = GROUND;
    loop {
        let e = p.edges[i];
        if e.u != below || e.v == GROUND || e.v == e.u {
            return None;
        }
        match incidence[e.v].as_slice() {
            [only] if *only == i => return Some(i),
            [a, b] if *a == i && *b == i + 1 => {
                below = e.v;
                i += 1;
            }
            _ => return None,
        }
    }
}

impl FromStr for Position {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Position, ParseError> {
        parse(s)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&print(self))
    }
}
