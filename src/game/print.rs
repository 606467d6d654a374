//! Printing games: the plain notation of RULES.md §2 (the contract) and a
//! prettier one for people, modelled on how CGSuite displays canonical forms.
//!
//! The pretty notation, where juxtaposition means a sum (`1↓*` = 1 + ↓ + *):
//!
//! - numbers as mixed numbers: `3`, `-2 3/4`, `3/8`;
//! - x + n·↑ + *m as number, ups, nimber, each left out when zero: `↑`, `↓`,
//!   `⇑` and `⇓` for ±2·↑, `↑³`, `↓⁴` (superscript digits) for |n| ≥ 3,
//!   then `*` or `*m`: `1/2↓`, `1↓*`, `-1↑*3`, `⇑*`. Here `↑³` is 3·↑
//!   (CGSuite's `^3`), *not* the "up-third" ↑^3 of Winning Ways;
//! - switches: `±y` = {y | −y} and `x±y` = {x+y | x−y} for numbers x and
//!   y > 0 (`{3|1}` is `2±1`; but `{2|1||0}` when alone on a side, where
//!   bar notation needs no braces), and `±(G)`, `x±(G)` for {x+G | x−G} when G
//!   is itself an atom such as `1*` or `↑`;
//! - tiny and miny: `⧾y` = tiny-y = {0 || 0 | −y} and `⧿y` = miny-y =
//!   {y | 0 || 0} for numbers y > 0, with y in subscript digits as an
//!   improper fraction (`⧾₂`, `⧿₁⁄₂`; `⁄` is the fraction slash), shifted by
//!   a number as `1⧾₂` = 1 + tiny-2 (the books write tiny-y as ⧾ with y
//!   below it; a subscript is the nearest plain-text form);
//! - anything else in braces with its options printed the same way, and
//!   bar notation for nested braces: `{2|1||0}`.
//!
//! Every pretty form reads back with [`Arena::parse`] to the same game.
//!
//! The pretty printer decides *what* to write (which atom, where braces
//! and bars go); a [`Notation`] decides how each piece is spelled. The
//! Unicode spelling above is [`Unicode`]; `super::latex` spells the same
//! structure in LaTeX, so the two never disagree on the form.

use super::arena::{Arena, GameId, Node};
use super::dyadic::Dyadic;
use std::cmp::Ordering;
use std::collections::HashMap;

/// Pretty text of a game without its outer braces.
#[derive(Clone)]
struct Pretty {
    text: String,
    /// How many bars separate its sides (0 for atoms: numbers, ↑, ±x …).
    bars: usize,
    /// Whether a side has several options (commas at its top level).
    has_comma: bool,
}

/// How the pieces of a pretty form are spelled. The printer passes only
/// what it has decided: a number, an up multiple, a nimber, a tiny's
/// subscript, the count of bars.
pub(crate) trait Notation {
    /// A number on its own, mixed when it is not whole (`1 1/2`).
    fn number(&self, x: &Dyadic) -> String;
    /// n·↑ for n ≠ 0 (`↑`, `⇓`, `↑³`).
    fn ups(&self, n: i64) -> String;
    /// `*m` for m ≥ 1.
    fn nimber(&self, m: u32) -> String;
    /// `±`, between a number part (possibly empty) and what follows it.
    fn plus_minus(&self) -> &'static str;
    /// `⧾y` (tiny) or `⧿y` (miny) after a number part, y > 0.
    fn tiny(&self, miny: bool, y: &Dyadic) -> String;
    /// The separator of the two sides, `bars` deep (`|`, `||`, …).
    fn bars(&self, bars: usize) -> String;
    fn comma(&self) -> &'static str;
    fn braces(&self, inner: &str) -> String;

    /// A number in front of an infinitesimal part: nothing for 0.
    fn number_prefix(&self, x: &Dyadic) -> String {
        if x.is_zero() {
            String::new()
        } else {
            self.number(x)
        }
    }

    /// x + *m, m may be 0.
    fn number_nimber(&self, x: &Dyadic, m: u32) -> String {
        if m == 0 {
            self.number(x)
        } else {
            format!("{}{}", self.number_prefix(x), self.nimber(m))
        }
    }
}

/// The Unicode spelling of the module docs.
pub(crate) struct Unicode;

impl Notation for Unicode {
    fn number(&self, x: &Dyadic) -> String {
        x.pretty()
    }
    fn ups(&self, n: i64) -> String {
        ups_text(n)
    }
    fn nimber(&self, m: u32) -> String {
        nimber_suffix(m)
    }
    fn plus_minus(&self) -> &'static str {
        "±"
    }
    fn tiny(&self, miny: bool, y: &Dyadic) -> String {
        format!("{}{}", if miny { '⧿' } else { '⧾' }, subscript(y))
    }
    fn bars(&self, bars: usize) -> String {
        "|".repeat(bars)
    }
    fn comma(&self) -> &'static str {
        ","
    }
    fn braces(&self, inner: &str) -> String {
        format!("{{{inner}}}")
    }
}

fn nimber_suffix(n: u32) -> String {
    match n {
        0 => String::new(),
        1 => "*".to_string(),
        _ => format!("*{n}"),
    }
}

impl Arena {
    /// Plain notation: `0`, `-13/8`, `*2`, `1/2*`, `{L1,L2|R1}` recursively.
    pub fn plain(&self, g: GameId) -> String {
        let mut out = String::new();
        self.write_plain(g, &mut out, &mut HashMap::new());
        out
    }

    /// The length in bytes of [`Arena::plain`] of `g`, saturating at
    /// `u64::MAX`, without writing it. A canonical form is a DAG whose
    /// printed tree can be exponentially larger (a mixed stalk of 30 edges
    /// prints gigabytes), so callers check this before printing.
    pub fn plain_len(&self, g: GameId) -> u64 {
        self.plain_len_memo(g, &mut HashMap::new())
    }

    fn plain_len_memo(&self, g: GameId, memo: &mut HashMap<GameId, u64>) -> u64 {
        if let Some(&n) = memo.get(&g) {
            return n;
        }
        let n = match self.node(g) {
            Node::Number(x) => x.to_string().len() as u64,
            Node::Nimbered(x, n) => {
                let number = if x.is_zero() { 0 } else { x.to_string().len() };
                (number + nimber_suffix(*n).len()) as u64
            }
            Node::Other { left, right } => {
                // Braces, the bar, and a comma between options on a side.
                let punctuation =
                    3 + left.len().saturating_sub(1) as u64 + right.len().saturating_sub(1) as u64;
                left.iter()
                    .chain(right.iter())
                    .fold(punctuation, |sum, &o| {
                        sum.saturating_add(self.plain_len_memo(o, memo))
                    })
            }
        };
        memo.insert(g, n);
        n
    }

    /// Writes `g` to `out`. A game met again (the printed tree repeats
    /// the DAG's shared parts) is copied from where it was first written:
    /// `written` holds each game's byte range in `out`.
    fn write_plain(
        &self,
        g: GameId,
        out: &mut String,
        written: &mut HashMap<GameId, (usize, usize)>,
    ) {
        if let Some(&(start, end)) = written.get(&g) {
            out.extend_from_within(start..end);
            return;
        }
        let start = out.len();
        match self.node(g) {
            Node::Number(x) => out.push_str(&x.to_string()),
            Node::Nimbered(x, n) => {
                if !x.is_zero() {
                    out.push_str(&x.to_string());
                }
                out.push_str(&nimber_suffix(*n));
            }
            Node::Other { left, right } => {
                out.push('{');
                for (i, l) in self.in_print_order(left).into_iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    self.write_plain(l, out, written);
                }
                out.push('|');
                for (i, r) in self.in_print_order(right).into_iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    self.write_plain(r, out, written);
                }
                out.push('}');
            }
        }
        written.insert(g, (start, out.len()));
    }

    /// `options` in the order they are printed ([`Arena::print_cmp`]).
    fn in_print_order(&self, options: &[GameId]) -> Vec<GameId> {
        let mut sorted = options.to_vec();
        sorted.sort_by(|&a, &b| self.print_cmp(a, b));
        sorted
    }

    /// The order options are printed in: by birthday, then numbers before
    /// numbers plus nimbers before other games, numbers by value, x + *n by
    /// x then n, other games by their sides in this order. The arena keeps
    /// a side's options in the order their games were first met, which
    /// differs between searches (a kept solver, probes or not); the same
    /// value must print the same whatever was searched before it. Equal
    /// ids are equal games and different ids different ones, so the
    /// comparison only descends along the first difference.
    pub(crate) fn print_cmp(&self, a: GameId, b: GameId) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        let kind = |node: &Node| match node {
            Node::Number(_) => 0,
            Node::Nimbered(..) => 1,
            Node::Other { .. } => 2,
        };
        let (na, nb) = (self.node(a), self.node(b));
        let by_shape = self
            .birthday(a)
            .cmp(&self.birthday(b))
            .then_with(|| kind(na).cmp(&kind(nb)));
        if by_shape != Ordering::Equal {
            return by_shape;
        }
        match (na, nb) {
            (Node::Number(x), Node::Number(y)) => x.cmp(y),
            (Node::Nimbered(x, m), Node::Nimbered(y, n)) => x.cmp(y).then(m.cmp(n)),
            (
                Node::Other {
                    left: la,
                    right: ra,
                },
                Node::Other {
                    left: lb,
                    right: rb,
                },
            ) => self.side_cmp(la, lb).then_with(|| self.side_cmp(ra, rb)),
            _ => unreachable!("same kind"),
        }
    }

    /// Two sides in print order, element by element, then by length.
    fn side_cmp(&self, a: &[GameId], b: &[GameId]) -> Ordering {
        let (a, b) = (self.in_print_order(a), self.in_print_order(b));
        a.iter()
            .zip(&b)
            .map(|(&x, &y)| self.print_cmp(x, y))
            .find(|o| *o != Ordering::Equal)
            .unwrap_or_else(|| a.len().cmp(&b.len()))
    }

    /// A display for people; not a contract (use [`Arena::plain`] for that).
    /// It parses back with [`Arena::parse`].
    pub fn pretty(&mut self, g: GameId) -> String {
        self.pretty_in(g, &Unicode)
    }

    /// The pretty form of `g` spelled in notation `n`.
    pub(crate) fn pretty_in(&mut self, g: GameId, n: &dyn Notation) -> String {
        let p = self.pretty_parts(g, n, &mut HashMap::new());
        if p.bars == 0 {
            p.text
        } else {
            n.braces(&p.text)
        }
    }

    /// The pretty parts of `g`, each game's worked out once (`done`): the
    /// printed tree repeats the DAG's shared parts.
    fn pretty_parts(
        &mut self,
        g: GameId,
        n: &dyn Notation,
        done: &mut HashMap<GameId, Pretty>,
    ) -> Pretty {
        if let Some(p) = done.get(&g) {
            return p.clone();
        }
        let p = self.pretty_parts_once(g, n, done);
        done.insert(g, p.clone());
        p
    }

    fn pretty_parts_once(
        &mut self,
        g: GameId,
        n: &dyn Notation,
        done: &mut HashMap<GameId, Pretty>,
    ) -> Pretty {
        let atom = |text: String| Pretty {
            text,
            bars: 0,
            has_comma: false,
        };
        match self.node(g).clone() {
            Node::Number(x) => atom(n.number(&x)),
            Node::Nimbered(x, m) => atom(n.number_nimber(&x, m)),
            Node::Other { left, right } => {
                if let Some(name) = self.pretty_atom(g, &left, &right, n) {
                    return atom(name);
                }
                let ls = self.pretty_side(&left, n, done);
                let rs = self.pretty_side(&right, n, done);
                let bars = 1 + ls
                    .iter()
                    .chain(rs.iter())
                    .map(|p| p.bars)
                    .max()
                    .unwrap_or(0);
                let join = |v: &[Pretty]| {
                    v.iter()
                        .map(|p| p.text.as_str())
                        .collect::<Vec<_>>()
                        .join(n.comma())
                };
                Pretty {
                    text: format!("{}{}{}", join(&ls), n.bars(bars), join(&rs)),
                    bars,
                    has_comma: ls.len() > 1 || rs.len() > 1,
                }
            }
        }
    }

    /// The options of one side. An option is written without braces
    /// (`2|1||0`) only where that cannot be misread: alone on its side and
    /// with no commas of its own; otherwise it is braced and counts as an atom.
    fn pretty_side(
        &mut self,
        options: &[GameId],
        n: &dyn Notation,
        done: &mut HashMap<GameId, Pretty>,
    ) -> Vec<Pretty> {
        let alone = options.len() == 1;
        self.in_print_order(options)
            .into_iter()
            .map(|o| {
                // An option alone on its side reads best in bar notation
                // when it is a shifted switch: {2|1||0}, not {1 1/2±1/2|0}.
                if alone {
                    if let Some(p) = self.bar_switch(o, n) {
                        return p;
                    }
                }
                let p = self.pretty_parts(o, n, done);
                if p.bars == 0 || (alone && !p.has_comma) {
                    p
                } else {
                    Pretty {
                        text: n.braces(&p.text),
                        bars: 0,
                        has_comma: false,
                    }
                }
            })
            .collect()
    }

    /// `a|b` for a switch {a | b} of numbers a > b that is not ±y.
    fn bar_switch(&mut self, g: GameId, n: &dyn Notation) -> Option<Pretty> {
        let Node::Other { left, right } = self.node(g) else {
            return None;
        };
        let ([l], [r]) = (&left[..], &right[..]) else {
            return None;
        };
        let (a, b) = (self.as_number(*l)?, self.as_number(*r)?);
        if *a == b.neg() {
            return None;
        }
        Some(Pretty {
            text: format!("{}{}{}", n.number(a), n.bars(1), n.number(b)),
            bars: 1,
            has_comma: false,
        })
    }

    /// The famous small games with names, read as such by the parser (the
    /// printer derives the same names through `as_ups_nimber`).
    pub(crate) fn named_games(&mut self) -> Vec<(GameId, &'static str)> {
        let zero = self.zero();
        let star = self.nimber(1);
        let up = self.make(vec![zero], vec![star]);
        let down = self.neg(up);
        let up_star = self.make(vec![zero, star], vec![zero]);
        let down_star = self.neg(up_star);
        let double_up = self.make(vec![zero], vec![up_star]);
        let double_down = self.neg(double_up);
        let double_up_star = self.make(vec![zero], vec![up]);
        let double_down_star = self.neg(double_up_star);
        vec![
            (up, "↑"),
            (down, "↓"),
            (up_star, "↑*"),
            (down_star, "↓*"),
            (double_up, "⇑"),
            (double_down, "⇓"),
            (double_up_star, "⇑*"),
            (double_down_star, "⇓*"),
        ]
    }

    /// A name for {left | right} (a canonical game that is neither a
    /// number nor x+*n) in the notation of the module docs, if it has one.
    fn pretty_atom(
        &mut self,
        g: GameId,
        left: &[GameId],
        right: &[GameId],
        n: &dyn Notation,
    ) -> Option<String> {
        if let Some(text) = self.simple_atom(g, n) {
            return Some(text);
        }
        match (left, right) {
            ([l], [r]) => self.pretty_switch(*l, *r, n),
            _ => None,
        }
    }

    /// The atoms that never contain another game's pretty text: numbers,
    /// x + n·↑ + *m and tinies. Not recursive, so callers may try it on an
    /// option and still print the option in full afterwards without the
    /// work doubling at every level.
    fn simple_atom(&mut self, g: GameId, n: &dyn Notation) -> Option<String> {
        match self.node(g).clone() {
            Node::Number(x) => Some(n.number(&x)),
            Node::Nimbered(x, m) => Some(n.number_nimber(&x, m)),
            Node::Other { left, right } => {
                if let Some((x, ups, m)) = self.as_ups_nimber(g) {
                    let star = if m == 0 { String::new() } else { n.nimber(m) };
                    return Some(format!("{}{}{star}", n.number_prefix(&x), n.ups(ups)));
                }
                self.pretty_tiny(&left, &right, n)
            }
        }
    }

    /// n·↑ for any n (a sum of ups, or of downs for n < 0).
    pub(crate) fn up_multiple(&mut self, n: i64) -> GameId {
        let zero = self.zero();
        let star = self.nimber(1);
        let up = self.make(vec![zero], vec![star]);
        let unit = if n < 0 { self.neg(up) } else { up };
        let mut total = zero;
        for _ in 0..n.unsigned_abs() {
            total = self.add(total, unit);
        }
        total
    }

    /// (x, n, m) with n ≠ 0 if G = x + n·↑ + *m exactly.
    ///
    /// The canonical form of x + H for H not a number is H's translated by
    /// x, so x shows as the number part of a number-or-x+*k option (↑ =
    /// {0|*}, ↑* = {0,*|0}); each candidate x is tried and the answer is
    /// checked by arithmetic, so a wrong candidate only costs time.
    pub(crate) fn as_ups_nimber(&mut self, g: GameId) -> Option<(Dyadic, i64, u32)> {
        let (left, right) = self.options(g);
        let mut candidates: Vec<Dyadic> = Vec::new();
        for &o in left.iter().chain(right.iter()) {
            if let Some((x, _)) = self.as_number_nimber(o) {
                if !candidates.contains(x) {
                    candidates.push(x.clone());
                }
            }
        }
        for x in candidates {
            let minus_x = self.number(x.neg());
            let h = self.add(g, minus_x);
            if let Some((n, m)) = self.positive_ups(h) {
                return Some((x, n, m));
            }
            let neg_h = self.neg(h);
            if let Some((n, m)) = self.positive_ups(neg_h) {
                return Some((x, -n, m));
            }
        }
        None
    }

    /// (n, m) with n ≥ 1 if H = n·↑ + *m.
    ///
    /// The canonical forms are chains down the Right options: n·↑ + *m =
    /// {0 | (n−1)·↑ + *m'} for n ≥ 2, ending in ↑ = {0|*}, ↑* = {0,*|0} or
    /// ↑+*m = {0|*(m⊕1)}. So the chain's length and the nimber at its foot
    /// give a few candidates (n, m), and each is checked exactly by building
    /// n·↑ + *m and comparing ids: a wrong guess costs a little time and
    /// never a wrong name, and no search over n is needed (comparing H with
    /// every k·↑ up to n is quadratic in n and slow for large n).
    fn positive_ups(&mut self, h: GameId) -> Option<(i64, u32)> {
        if self.as_number_nimber(h).is_some() {
            return None;
        }
        let mut steps: i64 = 0;
        let mut cur = h;
        while let Node::Other { right, .. } = self.node(cur) {
            let [r] = right[..] else {
                return None;
            };
            cur = r;
            steps += 1;
        }
        let (foot, j) = self.as_number_nimber(cur)?;
        if !foot.is_zero() {
            return None;
        }
        for n in [steps, steps - 1, steps + 1] {
            if n < 1 {
                continue;
            }
            let multiple = self.up_multiple(n);
            for m in [j ^ 1, j, 0, 1] {
                let star = self.nimber(m);
                if self.add(multiple, star) == h {
                    return Some((n, m));
                }
            }
        }
        None
    }

    /// `±y` / `x±y` for {x+y | x−y} with numbers, and `±(G)` / `x±(G)` for
    /// {x+G | x−G} where G prints as a single atom without ± of its own.
    fn pretty_switch(&mut self, l: GameId, r: GameId, n: &dyn Notation) -> Option<String> {
        if let (Some(a), Some(b)) = (self.as_number(l), self.as_number(r)) {
            // A canonical {a | b} of numbers that is not a number has a > b.
            let x = a.mean(b);
            let y = a.sub(&x);
            return Some(format!(
                "{}{}{}",
                n.number_prefix(&x),
                n.plus_minus(),
                n.number(&y)
            ));
        }
        // l = x + G must be an atom itself if G is; checking that first
        // avoids summing two large games for nothing.
        self.simple_atom(l, n)?;
        let s = self.add(l, r);
        let x = self.as_number(s)?.mean(&Dyadic::zero());
        let minus_x = self.number(x.neg());
        let gid = self.add(l, minus_x);
        let inner = self.simple_atom(gid, n)?;
        Some(format!(
            "{}{}({inner})",
            n.number_prefix(&x),
            n.plus_minus()
        ))
    }

    /// `⧾y` (tiny-y = {0||0|−y}) and `⧿y` (miny-y = {y|0||0}) for numbers
    /// y > 0, shifted by a number x as `x⧾y`; y is written in subscript.
    fn pretty_tiny(
        &mut self,
        left: &[GameId],
        right: &[GameId],
        n: &dyn Notation,
    ) -> Option<String> {
        // x + tiny-y = {x || x | x−y}.
        if let ([a], [r]) = (left, right) {
            if let Some(x) = self.as_number(*a).cloned() {
                if let Node::Other {
                    left: rl,
                    right: rr,
                } = self.node(*r)
                {
                    if let ([a2], [c]) = (&rl[..], &rr[..]) {
                        if a2 == a {
                            if let Some(c) = self.as_number(*c) {
                                let y = x.sub(c);
                                if y.is_positive() {
                                    return Some(format!(
                                        "{}{}",
                                        n.number_prefix(&x),
                                        n.tiny(false, &y)
                                    ));
                                }
                            }
                        }
                    }
                }
            }
        }
        // x + miny-y = {x+y | x || x}.
        if let ([l], [b]) = (left, right) {
            if let Some(x) = self.as_number(*b).cloned() {
                if let Node::Other {
                    left: ll,
                    right: lr,
                } = self.node(*l)
                {
                    if let ([c], [b2]) = (&ll[..], &lr[..]) {
                        if b2 == b {
                            if let Some(c) = self.as_number(*c) {
                                let y = c.sub(&x);
                                if y.is_positive() {
                                    return Some(format!(
                                        "{}{}",
                                        n.number_prefix(&x),
                                        n.tiny(true, &y)
                                    ));
                                }
                            }
                        }
                    }
                }
            }
        }
        None
    }
}

/// ↑ ⇑ ↑³ ↑⁴ … for n·↑, and ↓ ⇓ ↓³ … for n < 0.
fn ups_text(n: i64) -> String {
    let arrow = if n > 0 { '↑' } else { '↓' };
    match n.unsigned_abs() {
        0 => String::new(),
        1 => arrow.to_string(),
        2 => (if n > 0 { "⇑" } else { "⇓" }).to_string(),
        k => format!("{arrow}{}", superscript(k)),
    }
}

pub(super) const SUPERSCRIPT_DIGITS: [char; 10] =
    ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
pub(super) const SUBSCRIPT_DIGITS: [char; 10] = ['₀', '₁', '₂', '₃', '₄', '₅', '₆', '₇', '₈', '₉'];
/// Written between subscript numerator and denominator: `⧾₃⁄₂`.
pub(super) const SUBSCRIPT_SLASH: char = '⁄';

fn superscript(k: u64) -> String {
    k.to_string()
        .bytes()
        .map(|b| SUPERSCRIPT_DIGITS[(b - b'0') as usize])
        .collect()
}

/// A positive number in subscript digits, as an improper fraction (a
/// subscript has no room for a mixed number's space).
fn subscript(y: &Dyadic) -> String {
    y.to_string()
        .chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => SUBSCRIPT_DIGITS[d as usize],
            None => SUBSCRIPT_SLASH,
        })
        .collect()
}
