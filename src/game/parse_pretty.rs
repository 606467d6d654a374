//! Reading the pretty notation of `print.rs` back (`1/2↓`, `1↓*`, `↑³*2`,
//! `2±1`, `±(1*)`, `⧾₂`, `1 1/2⧿₁⁄₂`, mixed numbers), so that every pretty
//! form round-trips. The plain notation and bar notation stay in
//! `parse.rs`, which calls this only for an atom it cannot read itself.

use super::arena::{Arena, GameId};
use super::dyadic::Dyadic;
use super::print::{SUBSCRIPT_DIGITS, SUBSCRIPT_SLASH, SUPERSCRIPT_DIGITS};

/// The largest n accepted in n·↑: the game is built by n sums, so an
/// unbounded n in hostile text would be an unbounded amount of work.
pub(crate) const MAX_UPS: u64 = 1024;

/// A cursor over the characters of one atom.
struct Cursor {
    chars: Vec<char>,
    at: usize,
}

impl Cursor {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn done(&self) -> bool {
        self.at == self.chars.len()
    }

    /// ASCII digits, possibly none.
    fn digits(&mut self) -> String {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        self.chars[start..self.at].iter().collect()
    }

    /// `-`? digits (`/` digits | ` ` digits `/` digits)?, or nothing at all
    /// (the cursor is left where it was if no number starts here).
    fn number(&mut self) -> Option<Option<Dyadic>> {
        let start = self.at;
        let negative = self.eat('-');
        let whole = self.digits();
        if whole.is_empty() {
            self.at = start;
            return Some(None);
        }
        let mut text = format!("{}{whole}", if negative { "-" } else { "" });
        if self.eat('/') {
            let den = self.digits();
            text = format!("{text}/{den}");
            return bounded(&text).map(Some);
        }
        let whole: Dyadic = bounded(&text)?;
        // A mixed number `w p/q`: the space is only ever followed by its
        // proper fraction (atoms are joined by single spaces).
        if !self.eat(' ') {
            return Some(Some(whole));
        }
        let num = self.digits();
        if !self.eat('/') {
            return None;
        }
        let den = self.digits();
        let frac: Dyadic = bounded(&format!("{num}/{den}"))?;
        if !frac.is_positive() || frac >= Dyadic::integer(1) {
            return None;
        }
        let magnitude = whole.abs().add(&frac);
        Some(Some(if negative { magnitude.neg() } else { magnitude }))
    }

    /// n of `↑`, `⇑`, `↑³`, `↓`, `⇓`, `↓⁴` (0 if none).
    fn ups(&mut self) -> Option<i64> {
        let sign = match self.peek() {
            Some('⇑') => {
                self.at += 1;
                return Some(2);
            }
            Some('⇓') => {
                self.at += 1;
                return Some(-2);
            }
            Some('↑') => 1,
            Some('↓') => -1,
            _ => return Some(0),
        };
        self.at += 1;
        let mut n: u64 = 0;
        let mut any = false;
        while let Some(d) = self
            .peek()
            .and_then(|c| SUPERSCRIPT_DIGITS.iter().position(|&s| s == c))
        {
            self.at += 1;
            any = true;
            n = n.checked_mul(10)?.checked_add(d as u64)?;
            if n > MAX_UPS {
                return None;
            }
        }
        let n = if any { n } else { 1 };
        Some(sign * n as i64)
    }

    /// m of `*` or `*m` (0 if none).
    fn nimber(&mut self) -> Option<u32> {
        if !self.eat('*') {
            return Some(0);
        }
        let k = self.digits();
        if k.is_empty() {
            Some(1)
        } else {
            // The plain parser's bound: `*n` has n options once compared.
            k.parse().ok().filter(|&n| n <= super::parse::MAX_NIMBER)
        }
    }

    /// A positive number in subscript digits with `⁄` for the slash.
    fn subscript(&mut self) -> Option<Dyadic> {
        let mut text = String::new();
        while let Some(c) = self.peek() {
            if let Some(d) = SUBSCRIPT_DIGITS.iter().position(|&s| s == c) {
                text.push(char::from(b'0' + d as u8));
            } else if c == SUBSCRIPT_SLASH {
                text.push('/');
            } else {
                break;
            }
            self.at += 1;
        }
        let y: Dyadic = bounded(&text)?;
        y.is_positive().then_some(y)
    }
}

/// A number literal within the plain parser's bounds (length, and the
/// denominator's exponent, which the number's options recurse through).
fn bounded(text: &str) -> Option<Dyadic> {
    use super::parse::{MAX_EXPONENT, MAX_NUMBER_CHARS};
    if text.chars().count() > MAX_NUMBER_CHARS {
        return None;
    }
    let x: Dyadic = text.parse().ok()?;
    (x.exponent() <= MAX_EXPONENT).then_some(x)
}

impl Arena {
    /// The game of one pretty atom (atoms separated by spaces in the text,
    /// as in a mixed number, come joined by single spaces), or None.
    pub(crate) fn parse_pretty_atom(&mut self, text: &str) -> Option<GameId> {
        let mut c = Cursor {
            chars: text.chars().collect(),
            at: 0,
        };
        let x = c.number()?;
        let g = if c.eat('±') {
            let x = x.unwrap_or_else(Dyadic::zero);
            let arg = if c.eat('(') {
                let inner = self.pretty_term(&mut c, None)?;
                if !c.eat(')') {
                    return None;
                }
                inner
            } else {
                let y = c.number()??;
                self.number(y)
            };
            let xg = self.number(x);
            let l = self.add(xg, arg);
            let r = self.sub(xg, arg);
            self.make(vec![l], vec![r])
        } else {
            self.pretty_term(&mut c, x)?
        };
        c.done().then_some(g)
    }

    /// After an optional number already read: tiny/miny, or ups then a
    /// nimber. Something must be there unless the number was.
    fn pretty_term(&mut self, c: &mut Cursor, x: Option<Dyadic>) -> Option<GameId> {
        let x = match x {
            Some(x) => Some(x),
            None => c.number()?,
        };
        let had_number = x.is_some();
        let x = x.unwrap_or_else(Dyadic::zero);
        let xg = self.number(x.clone());
        let tiny = c.eat('⧾');
        if tiny || c.eat('⧿') {
            let y = c.subscript()?;
            let zero = self.zero();
            let minus_y = self.number(y.neg());
            let inner = self.make(vec![zero], vec![minus_y]);
            let t = self.make(vec![zero], vec![inner]);
            let t = if tiny { t } else { self.neg(t) };
            return Some(self.add(xg, t));
        }
        let start = c.at;
        let n = c.ups()?;
        let m = c.nimber()?;
        if c.at == start && !had_number {
            return None;
        }
        let base = self.number_nimber(x, m);
        let ups = self.up_multiple(n);
        Some(self.add(base, ups))
    }
}
