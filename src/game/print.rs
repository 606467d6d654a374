//! Printing games: the plain notation of RULES.md §2 (the contract) and a
//! prettier one for people (`±1`, `↑`, `{2|1||0}`, mixed numbers).

use super::arena::{Arena, GameId, Node};

/// Pretty text of a game without its outer braces.
struct Pretty {
    text: String,
    /// How many bars separate its sides (0 for atoms: numbers, ↑, ±x …).
    bars: usize,
    /// Whether a side has several options (commas at its top level).
    has_comma: bool,
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
        self.write_plain(g, &mut out);
        out
    }

    fn write_plain(&self, g: GameId, out: &mut String) {
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
                for (i, &l) in left.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    self.write_plain(l, out);
                }
                out.push('|');
                for (i, &r) in right.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    self.write_plain(r, out);
                }
                out.push('}');
            }
        }
    }

    /// A display for people; not a contract (use [`Arena::plain`] for that).
    /// It parses back with [`Arena::parse`].
    pub fn pretty(&mut self, g: GameId) -> String {
        let p = self.pretty_parts(g);
        if p.bars == 0 {
            p.text
        } else {
            format!("{{{}}}", p.text)
        }
    }

    fn pretty_parts(&mut self, g: GameId) -> Pretty {
        let atom = |text: String| Pretty {
            text,
            bars: 0,
            has_comma: false,
        };
        match self.node(g).clone() {
            Node::Number(x) => atom(x.pretty()),
            Node::Nimbered(x, n) => {
                let base = if x.is_zero() {
                    String::new()
                } else {
                    x.pretty()
                };
                atom(format!("{base}{}", nimber_suffix(n)))
            }
            Node::Other { left, right } => {
                if let Some(name) = self.pretty_atom(&left, &right) {
                    return atom(name);
                }
                let ls = self.pretty_side(&left);
                let rs = self.pretty_side(&right);
                let bars = 1 + ls
                    .iter()
                    .chain(rs.iter())
                    .map(|p| p.bars)
                    .max()
                    .unwrap_or(0);
                fn join(v: &[Pretty]) -> String {
                    v.iter()
                        .map(|p| p.text.as_str())
                        .collect::<Vec<_>>()
                        .join(",")
                }
                Pretty {
                    text: format!("{}{}{}", join(&ls), "|".repeat(bars), join(&rs)),
                    bars,
                    has_comma: ls.len() > 1 || rs.len() > 1,
                }
            }
        }
    }

    /// The options of one side. An option is written without braces
    /// (`2|1||0`) only where that cannot be misread: alone on its side and
    /// with no commas of its own; otherwise it is braced and counts as an atom.
    fn pretty_side(&mut self, options: &[GameId]) -> Vec<Pretty> {
        let alone = options.len() == 1;
        options
            .iter()
            .map(|&o| {
                let p = self.pretty_parts(o);
                if p.bars == 0 || (alone && !p.has_comma) {
                    p
                } else {
                    Pretty {
                        text: format!("{{{}}}", p.text),
                        bars: 0,
                        has_comma: false,
                    }
                }
            })
            .collect()
    }

    /// The famous small games with names, shared by printer and parser.
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

    /// A name for {left | right} if it is a famous game or ±x.
    fn pretty_atom(&mut self, left: &[GameId], right: &[GameId]) -> Option<String> {
        for (id, name) in self.named_games() {
            if let Node::Other { left: l, right: r } = self.node(id) {
                if &l[..] == left && &r[..] == right {
                    return Some(name.to_string());
                }
            }
        }
        // ±x for {x | −x}, x a positive number.
        if let ([l], [r]) = (left, right) {
            if let (Some(x), Some(y)) = (self.as_number(*l), self.as_number(*r)) {
                if x.is_positive() && *y == x.neg() {
                    return Some(format!("±{}", x.pretty()));
                }
            }
        }
        None
    }
}
