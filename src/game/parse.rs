//! Reading games back: the plain notation (`{2|1}`, `1/2*`, `*3`, `-13/8`)
//! and, for convenience, bar notation (`{2|1||0}`), `±x`, `↑` and `↓`; the
//! rest of the pretty notation (`1/2↓`, `2±1`, `⧾₂`, mixed numbers) is read
//! by `parse_pretty.rs`.

use super::arena::{Arena, GameId};
use super::dyadic::Dyadic;
use std::fmt;

/// A game that could not be read, with the 1-based column of the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameParseError {
    pub column: usize,
    pub message: String,
}

impl fmt::Display for GameParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for GameParseError {}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Open,
    Close,
    Comma,
    Bars(usize),
    Atom(String),
}

fn tokenize(text: &str) -> Result<Vec<(Tok, usize)>, GameParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let col = i + 1;
        match c {
            c if c.is_whitespace() => i += 1,
            '{' => {
                out.push((Tok::Open, col));
                i += 1;
            }
            '}' => {
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

struct Parser<'a> {
    arena: &'a mut Arena,
    toks: Vec<(Tok, usize)>,
    end_col: usize,
}

impl Arena {
    /// Parse a game in plain (or bar) notation into its canonical id.
    pub fn parse(&mut self, text: &str) -> Result<GameId, GameParseError> {
        let toks = tokenize(text)?;
        if toks.is_empty() {
            return Err(GameParseError {
                column: 1,
                message: "empty game".to_string(),
            });
        }
        let end_col = text.chars().count() + 1;
        let n = toks.len();
        let mut p = Parser {
            arena: self,
            toks,
            end_col,
        };
        p.game_in(0, n)
    }
}

impl Parser<'_> {
    fn err<T>(&self, column: usize, message: impl Into<String>) -> Result<T, GameParseError> {
        Err(GameParseError {
            column,
            message: message.into(),
        })
    }

    fn col(&self, i: usize) -> usize {
        self.toks.get(i).map_or(self.end_col, |t| t.1)
    }

    /// Index of the brace closing the one at `open`.
    fn matching(&self, open: usize, end: usize) -> Result<usize, GameParseError> {
        let mut depth = 0;
        for i in open..end {
            match self.toks[i].0 {
                Tok::Open => depth += 1,
                Tok::Close => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(i);
                    }
                }
                _ => {}
            }
        }
        self.err(self.col(open), "'{' is never closed")
    }

    /// Exactly one game in tokens [a, b).
    fn game_in(&mut self, a: usize, b: usize) -> Result<GameId, GameParseError> {
        if a >= b {
            return self.err(self.col(a), "expected a game");
        }
        // Bars at depth 0 make this a braceless game such as `2|1` in `{2|1||0}`.
        if self.top_level_bars(a, b).is_some() {
            return self.sides(a, b);
        }
        match &self.toks[a].0 {
            Tok::Open => {
                let close = self.matching(a, b)?;
                if close + 1 != b {
                    return self.err(self.col(close + 1), "unexpected text after '}'");
                }
                if self.top_level_bars(a + 1, close).is_none() {
                    return self.err(self.col(a), "expected '|' inside braces");
                }
                self.sides(a + 1, close)
            }
            Tok::Atom(text) => {
                if a + 1 != b {
                    // Atoms side by side may be one pretty atom with a
                    // mixed number in it (`1 1/2↓`).
                    if let Some(g) = self.joined_atoms(a, b) {
                        return Ok(g);
                    }
                    return self.err(self.col(a + 1), "unexpected text after a game");
                }
                let text = text.clone();
                self.atom(&text, self.col(a))
                    .or_else(|e| self.arena.parse_pretty_atom(&text).ok_or(e))
            }
            Tok::Close => self.err(self.col(a), "unmatched '}'"),
            Tok::Comma => self.err(self.col(a), "unexpected ','"),
            Tok::Bars(_) => self.err(self.col(a), "unexpected '|'"),
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
        let mut depth = 0i32;
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

    /// `L1,L2 | R1` with the widest bar run splitting the sides.
    fn sides(&mut self, a: usize, b: usize) -> Result<GameId, GameParseError> {
        let (k, at) = self.top_level_bars(a, b).expect("caller checked");
        let mut depth = 0i32;
        for i in a..b {
            match self.toks[i].0 {
                Tok::Open => depth += 1,
                Tok::Close => depth -= 1,
                Tok::Bars(m) if depth == 0 && m == k && i != at => {
                    return self.err(self.col(i), "ambiguous: two separators of the same width");
                }
                _ => {}
            }
        }
        let left = self.list(a, at)?;
        let right = self.list(at + 1, b)?;
        Ok(self.arena.make(left, right))
    }

    /// A comma-separated, possibly empty list of games.
    fn list(&mut self, a: usize, b: usize) -> Result<Vec<GameId>, GameParseError> {
        let mut out = Vec::new();
        if a == b {
            return Ok(out);
        }
        let mut depth = 0i32;
        let mut start = a;
        for i in a..=b {
            let at_comma = i < b && depth == 0 && self.toks[i].0 == Tok::Comma;
            if i == b || at_comma {
                out.push(self.game_in(start, i)?);
                start = i + 1;
                continue;
            }
            match self.toks[i].0 {
                Tok::Open => depth += 1,
                Tok::Close => depth -= 1,
                _ => {}
            }
        }
        Ok(out)
    }

    fn atom(&mut self, text: &str, col: usize) -> Result<GameId, GameParseError> {
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
        let n = match nim {
            None => 0,
            Some("") => 1,
            Some(k) => match k.parse::<u32>() {
                Ok(n) if k.bytes().all(|b| b.is_ascii_digit()) => n,
                _ => {
                    return self.err(
                        col + num.chars().count() + 1,
                        format!("'{k}' is not a nimber size"),
                    )
                }
            },
        };
        Ok(self.arena.number_nimber(x, n))
    }

    fn number(&self, text: &str, col: usize) -> Result<Dyadic, GameParseError> {
        text.parse::<Dyadic>().or_else(|e| self.err(col, e))
    }
}
