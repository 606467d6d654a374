//! Reading games back: the plain notation (`{2|1}`, `1/2*`, `*3`, `-13/8`)
//! and, for convenience, bar notation (`{2|1||0}`), `±x`, `↑` and `↓`; the
//! rest of the pretty notation (`1/2↓`, `2±1`, `⧾₂`, mixed numbers) is read
//! by `parse_pretty.rs`.
//!
//! The text may be hostile (a value typed by a user, a test fixture from
//! elsewhere), so everything whose cost grows with a number written in it
//! is bounded before any work is done: nesting depth (the parser and the
//! canonical-form code recurse per level), nimber sizes (`*n` has n options
//! once compared), denominators (a number's options recurse through its
//! denominator's exponent) and the length of number literals.

use super::arena::{Arena, GameId};
use super::dyadic::Dyadic;

pub use crate::parse_error::ParseError;

/// Deepest nesting of braces (or of bar separators) read. Values the engine
/// prints for ≤ 128-edge positions nest at most as deep as the game is long
/// (≤ 128 moves), and each level costs a few stack frames here and in the
/// canonical-form code.
pub const MAX_DEPTH: usize = 200;

/// Largest nimber read. `*n` is symbolic in the arena, but as an option of
/// a non-number it is expanded into its n options, and reversibility checks
/// cost about n² comparisons: 1024 keeps that near a few tens of ms, far
/// above any nimber of a 128-edge green position (< 256).
pub const MAX_NIMBER: u32 = 1024;

/// Largest exponent k of a denominator 2^k read. A number's options recurse
/// through its exponent in comparisons with non-numbers, so this is a
/// recursion bound too; positions of ≤ 128 edges need k ≤ 128.
pub const MAX_EXPONENT: u32 = 1024;

/// Most options read on one side of one game. Removing dominated options
/// compares every pair, so a flat list of 10⁵ distinct options would take
/// minutes; a 128-edge position has at most 128 classical moves a side and
/// 8128 width-2 superposed ones, of which far fewer survive in a canonical
/// form.
pub const MAX_OPTIONS: usize = 4096;

/// Longest number literal read, in characters: big enough for any value the
/// engine prints, small enough that converting and reducing it is instant.
pub const MAX_NUMBER_CHARS: usize = 10_000;

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Open,
    Close,
    Comma,
    Bars(usize),
    Atom(String),
}

impl Tok {
    /// The token as typed, for error reports (long bar runs abbreviated).
    fn text(&self) -> String {
        match self {
            Tok::Open => "{".into(),
            Tok::Close => "}".into(),
            Tok::Comma => ",".into(),
            Tok::Bars(k) if *k <= 8 => "|".repeat(*k),
            Tok::Bars(k) => format!("|×{k}"),
            Tok::Atom(s) => s.clone(),
        }
    }
}

/// Tokens with their 1-based columns. Brace depth is checked here, before
/// any recursion, so a deeply nested text is refused at its first brace too
/// deep.
fn tokenize(text: &str) -> Result<Vec<(Tok, usize)>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let col = i + 1;
        match c {
            c if c.is_whitespace() => i += 1,
            '{' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Err(too_deep(col, "{"));
                }
                out.push((Tok::Open, col));
                i += 1;
            }
            '}' => {
                depth = depth.saturating_sub(1);
                out.push((Tok::Close, col));
                i += 1;
            }
            ',' => {
                out.push((Tok::Comma, col));
                i += 1;
            }
            '|' => {
                let start = i;
                while i < chars.len() && chars[i] == '|' {
                    i += 1;
                }
                out.push((Tok::Bars(i - start), col));
            }
            _ => {
                let start = i;
                while i < chars.len() && !"{}|,".contains(chars[i]) && !chars[i].is_whitespace() {
                    i += 1;
                }
                out.push((Tok::Atom(chars[start..i].iter().collect()), col));
            }
        }
    }
    Ok(out)
}

fn too_deep(column: usize, token: impl Into<String>) -> ParseError {
    ParseError::new(
        column,
        token,
        format!("the game is nested more than {MAX_DEPTH} levels deep"),
    )
}

struct Parser<'a> {
    arena: &'a mut Arena,
    toks: Vec<(Tok, usize)>,
    end_col: usize,
}

impl Arena {
    /// Parse a game in plain (or bar) notation into its canonical id.
    ///
    /// Refuses (with an error, never a panic) nesting deeper than
    /// [`MAX_DEPTH`], nimbers above [`MAX_NIMBER`], denominators above
    /// 2^[`MAX_EXPONENT`], more than [`MAX_OPTIONS`] options a side and
    /// number literals longer than [`MAX_NUMBER_CHARS`].
    pub fn parse(&mut self, text: &str) -> Result<GameId, ParseError> {
        let toks = tokenize(text)?;
        if toks.is_empty() {
            return Err(ParseError::new(1, "", "empty game"));
        }
        let end_col = text.chars().count() + 1;
        let n = toks.len();
        let mut p = Parser {
            arena: self,
            toks,
            end_col,
        };
        p.game_in(0, n, 0)
    }
}

impl Parser<'_> {
    /// An error at token `i` (or at the end of the text past the last one).
    fn err<T>(&self, i: usize, message: impl Into<String>) -> Result<T, ParseError> {
        let token = self.toks.get(i).map_or(String::new(), |t| t.0.text());
        Err(ParseError::new(self.col(i), token, message))
    }

    fn col(&self, i: usize) -> usize {
        self.toks.get(i).map_or(self.end_col, |t| t.1)
    }

    /// Index of the brace closing the one at `open`.
    fn matching(&self, open: usize, end: usize) -> Result<usize, ParseError> {
        let mut depth = 0usize;
        for i in open..end {
            match self.toks[i].0 {
                Tok::Open => depth += 1,
                Tok::Close => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return Ok(i);
                    }
                }
                _ => {}
            }
        }
        self.err(open, "'{' is never closed")
    }

    /// Exactly one game in tokens [a, b), `depth` levels down. Braces are
    /// bounded by the tokenizer already; bar notation nests without braces
    /// (`0|0||0|||0…`), so the recursion itself is bounded here too.
    fn game_in(&mut self, a: usize, b: usize, depth: usize) -> Result<GameId, ParseError> {
        if depth > MAX_DEPTH {
            return Err(too_deep(
                self.col(a),
                self.toks.get(a).map_or(String::new(), |t| t.0.text()),
            ));
        }
        if a >= b {
            return self.err(a, "expected a game");
        }
        // Bars at depth 0 make this a braceless game such as `2|1` in `{2|1||0}`.
        if let Some(bars) = self.top_level_bars(a, b) {
            return self.sides(a, b, bars, depth);
        }
        match &self.toks[a].0 {
            Tok::Open => {
                let close = self.matching(a, b)?;
                if close + 1 != b {
                    return self.err(close + 1, "unexpected text after '}'");
                }
                match self.top_level_bars(a + 1, close) {
                    Some(bars) => self.sides(a + 1, close, bars, depth),
                    None => self.err(a, "expected '|' inside braces"),
                }
            }
            Tok::Atom(text) => {
                if a + 1 != b {
                    // Atoms side by side may be one pretty atom with a
                    // mixed number in it (`1 1/2↓`).
                    if let Some(g) = self.joined_atoms(a, b) {
                        return Ok(g);
                    }
                    return self.err(a + 1, "unexpected text after a game");
                }
                let text = text.clone();
                self.atom(&text, self.col(a))
                    .or_else(|e| self.arena.parse_pretty_atom(&text).ok_or(e))
            }
            Tok::Close => self.err(a, "unmatched '}'"),
            Tok::Comma => self.err(a, "unexpected ','"),
            Tok::Bars(_) => self.err(a, "unexpected '|'"),
        }
    }

    /// Tokens [a, b), all atoms, read as one pretty atom joined by spaces.
    fn joined_atoms(&mut self, a: usize, b: usize) -> Option<GameId> {
        let words = self.toks[a..b]
            .iter()
            .map(|(t, _)| match t {
                Tok::Atom(w) => Some(w.as_str()),
                _ => None,
            })
            .collect::<Option<Vec<&str>>>()?;
        let text = words.join(" ");
        self.arena.parse_pretty_atom(&text)
    }

    /// The largest run of bars at depth 0 in [a, b): (count, index).
    fn top_level_bars(&self, a: usize, b: usize) -> Option<(usize, usize)> {
        let mut depth = 0i64;
        let mut best: Option<(usize, usize)> = None;
        for i in a..b {
            match self.toks[i].0 {
                Tok::Open => depth += 1,
                Tok::Close => depth -= 1,
                Tok::Bars(k) if depth == 0 && best.is_none_or(|(m, _)| k > m) => {
                    best = Some((k, i))
                }
                _ => {}
            }
        }
        best
    }

    /// `L1,L2 | R1` with the widest bar run (`bars`: width, index) splitting
    /// the sides.
    fn sides(
        &mut self,
        a: usize,
        b: usize,
        (k, at): (usize, usize),
        depth: usize,
    ) -> Result<GameId, ParseError> {
        let mut level = 0i64;
        for i in a..b {
            match self.toks[i].0 {
                Tok::Open => level += 1,
                Tok::Close => level -= 1,
                Tok::Bars(m) if level == 0 && m == k && i != at => {
                    return self.err(i, "ambiguous: two separators of the same width");
                }
                _ => {}
            }
        }
        let left = self.list(a, at, depth + 1)?;
        let right = self.list(at + 1, b, depth + 1)?;
        Ok(self.arena.make(left, right))
    }

    /// A comma-separated, possibly empty list of games.
    fn list(&mut self, a: usize, b: usize, depth: usize) -> Result<Vec<GameId>, ParseError> {
        let mut out = Vec::new();
        if a == b {
            return Ok(out);
        }
        let mut level = 0i64;
        let mut start = a;
        for i in a..=b {
            let at_comma = i < b && level == 0 && self.toks[i].0 == Tok::Comma;
            if i == b || at_comma {
                if out.len() == MAX_OPTIONS {
                    return self.err(
                        start,
                        format!("more than {MAX_OPTIONS} options on one side of a game"),
                    );
                }
                out.push(self.game_in(start, i, depth)?);
                start = i + 1;
                continue;
            }
            match self.toks[i].0 {
                Tok::Open => level += 1,
                Tok::Close => level -= 1,
                _ => {}
            }
        }
        Ok(out)
    }

    fn atom(&mut self, text: &str, col: usize) -> Result<GameId, ParseError> {
        if let Some((id, _)) = self
            .arena
            .named_games()
            .into_iter()
            .find(|(_, n)| *n == text)
        {
            return Ok(id);
        }
        if let Some(rest) = text.strip_prefix('±') {
            let x = self.number(rest, col + 1)?;
            let xg = self.arena.number(x.clone());
            let nx = self.arena.number(x.neg());
            return Ok(self.arena.make(vec![xg], vec![nx]));
        }
        let (num, nim) = match text.split_once('*') {
            Some((n, k)) => (n, Some(k)),
            None => (text, None),
        };
        let x = if num.is_empty() {
            Dyadic::zero()
        } else {
            self.number(num, col)?
        };
        let nim_col = col + num.chars().count() + 1;
        let n = match nim {
            None => 0,
            Some("") => 1,
            Some(k) if !k.bytes().all(|b| b.is_ascii_digit()) => {
                return Err(ParseError::new(
                    nim_col,
                    k,
                    format!("'{}' is not a nimber size", k.escape_debug()),
                ))
            }
            Some(k) => match k.parse::<u32>() {
                Ok(n) if n <= MAX_NIMBER => n,
                // Digits only, so anything else is merely too large.
                _ => {
                    return Err(ParseError::new(
                        nim_col,
                        k,
                        format!("nimber *{k} is too large (at most *{MAX_NIMBER})"),
                    ))
                }
            },
        };
        Ok(self.arena.number_nimber(x, n))
    }

    /// A number literal starting at column `col`, within the size limits.
    fn number(&self, text: &str, col: usize) -> Result<Dyadic, ParseError> {
        let length = text.chars().count();
        if length > MAX_NUMBER_CHARS {
            return Err(ParseError::new(
                col,
                text,
                format!("a number of {length} characters is too long (at most {MAX_NUMBER_CHARS})"),
            ));
        }
        let x = text.parse::<Dyadic>().map_err(|e| ParseError {
            column: col + e.column - 1,
            ..e
        })?;
        if x.exponent() > MAX_EXPONENT {
            return Err(ParseError::new(
                col,
                text,
                format!(
                    "the denominator 2^{} is too large (at most 2^{MAX_EXPONENT})",
                    x.exponent()
                ),
            ));
        }
        Ok(x)
    }
}
